//! `jetan export FILE` and `jetan import LISTFILE -o RECORD`: game records to and from Game
//! Courier move lists.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use jetan::game::Game;
use jetan::places::Places;
use jetan::records::{GameRecord, check_overwritable, read_record, save};
use jetan::seat::Seats;
use jetan_rules::courier;

use super::say;

/// What `jetan import` reads and writes.
#[derive(Args)]
pub struct ImportArgs {
    /// The variant the moves are played in (a file under assets/, so the game can open the
    /// record), and its options.
    #[command(flatten)]
    variant: super::VariantArgs,
    /// The move list, or - for standard input.
    list: PathBuf,
    /// The game record to write (a new file, or a game record to replace).
    #[arg(short, long, value_name = "RECORD")]
    output: PathBuf,
}

/// Prints a record's moves as a Game Courier move list, headed by comments naming the variant
/// and each side's rule options.
pub fn export(file: &Path) -> Result<(), String> {
    let record = read_record(file)?;
    let base = super::load_recorded_variant(&record.variant)?;
    let variant = base.with_choices(&record.options).map_err(|e| format!("{}: {e}", file.display()))?;
    let list = courier::header(&variant) + &courier::format(&record.moves);
    super::print_lines(list.lines().map(String::from))
}

/// Reads a move list, plays it from the variant's start and writes the game's record.
pub fn import(args: &ImportArgs) -> Result<(), String> {
    // The variant must be one of the game's, checked before anything is read.
    let variant_file = asset_relative(&args.variant.variant)?;
    let shown = args.list.display();
    let text = if args.list == Path::new("-") {
        jetan_rules::read_bounded_text(std::io::stdin(), jetan_rules::MAX_TEXT_BYTES, "standard input")?
    } else {
        jetan_rules::read_text_file(&args.list, jetan_rules::MAX_TEXT_BYTES).map_err(|e| format!("{shown}: {e}"))?
    };
    let moves = courier::parse(&text).map_err(|e| format!("{shown}:{e}"))?;
    let base = super::load_variant(&args.variant.variant)?;
    let chosen = Arc::new(args.variant.load()?);
    // The record of a game with no moves yet names the variant and options; replaying it with
    // the list's moves checks them one by one, as `jetan replay` and opening a file do.
    let mut record = GameRecord::of(&Game::new(chosen, variant_file, Seats::HUMANS));
    record.moves = moves;
    let game = record.replay(&base).map_err(|e| format!("{shown}: {e}"))?;
    check_overwritable(&args.output)?;
    let record = GameRecord::of(&game);
    save(&args.output, &record).map_err(|e| format!("{}: {e}", args.output.display()))?;
    let state = record.result.as_deref().unwrap_or("unfinished");
    say!(
        "{} moves of {}, all legal ({state}); written to {}",
        record.moves.len(),
        record.variant_name,
        args.output.display()
    );
    Ok(())
}

/// The variant file's asset path, as records name it: under the game's `assets/` folder or
/// in the mods folder (`mods://…`).
fn asset_relative(variant: &Path) -> Result<String, String> {
    let places = Places::player();
    places.asset_path_of(variant).ok_or_else(|| {
        if !variant.exists() {
            return format!("{}: no such variant file", variant.display());
        }
        let mods = places.mods.as_deref().map_or("".into(), |mods| format!(" or {}", mods.join("variants").display()));
        format!(
            "{}: the variant must be a file under {}{mods} for the game to open the record",
            variant.display(),
            places.assets.display()
        )
    })
}

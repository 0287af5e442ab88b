//! The command line: `jetan validate`, `perft`, `legal`, `bench`, `replay`, `export`,
//! `import`, `selfplay`, `bench-ai`, `think`, `variants` and `sound`, each printing plain text.

mod bench;
mod bench_ai;
mod courier;
mod legal;
mod perft;
mod replay;
mod selfplay;
mod sound;
mod think;
mod validate;
mod variants;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, Subcommand};
use jetan::places::Places;
use jetan_rules::{Position, Variant, say};

/// The rules tools.
#[derive(Subcommand)]
pub enum Command {
    /// Checks a variant file: a one-line summary, or each error as FILE:LINE:COL: message.
    Validate {
        /// The variant file.
        file: PathBuf,
    },
    /// Counts the move sequences of each depth (perft), then the speed.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// The deepest depth to count.
        #[arg(long)]
        depth: u32,
        /// Also print each first move with its count at the deepest depth.
        #[arg(long)]
        divide: bool,
    },
    /// Lists the legal moves, one per line, in notation.
    Legal {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Times move generation: perft at a fixed depth several times; prints each run and the median.
    Bench {
        #[command(flatten)]
        game: GameArgs,
        /// The perft depth to time.
        #[arg(long, default_value_t = 3)]
        depth: u32,
        /// How many runs.
        #[arg(long, default_value_t = 5)]
        runs: usize,
    },
    /// Checks a saved game move by move: the final position and result, or the first bad move.
    Replay {
        /// The saved game.
        file: PathBuf,
    },
    /// Prints a saved game's moves as a Game Courier move list (`1. A b2-b3`, `1... a i9-i8`, …).
    Export {
        /// The saved game.
        file: PathBuf,
    },
    /// Reads a Game Courier move list (numbered or a move a line), checks it move by move from
    /// the variant's start and writes it as a game record the game can open.
    Import(courier::ImportArgs),
    /// Plays a match between two AI levels: each game's result, then `a: W wins, D draws, L losses`.
    Selfplay(selfplay::SelfplayArgs),
    /// The AI's depth and speed in a fixed time on a fixed set of positions.
    BenchAi(bench_ai::BenchAiArgs),
    /// The move the AI would play (for a Charge, its whole turn), its line and evaluation.
    Think(think::ThinkArgs),
    /// Writes what the game plays for an event (step, capture, flight, …) to a WAV file, and
    /// says its length and levels: a way to hear the game's sounds without speakers.
    Sound(sound::SoundArgs),
    /// Lists the variants the game offers (its own, then the mods folder's), each with its
    /// name, or the errors that leave it out; then where the mods folder is.
    Variants,
    /// Runs the server that referees online games: checks every move, runs the clocks, keeps
    /// every game in SQLite (docs/online.md).
    Serve(jetan_online::server::ServeArgs),
    /// Plays a seat of an online game with the AI, joining it by its invite code.
    OnlineBot(jetan_online::bot::BotArgs),
    /// Prints a variant's best players on a server, by their Glicko-2 ratings.
    Leaderboard(jetan_online::leaderboard::LeaderboardArgs),
}

/// Which variant a tool plays, with which rule options.
#[derive(Args)]
pub struct VariantArgs {
    /// The variant: a shipped variant's name (jetan, jetan_sarang, jetan_jeddara) or a file.
    #[arg(long, default_value = "jetan", value_parser = variant_file)]
    variant: PathBuf,
    /// A rule option's choice, as option=choice for both sides or side:option=choice for one
    /// (south:warrior=up_to; the variant's side names serve too) (repeatable).
    #[arg(long = "option", value_name = "[SIDE:]OPTION=CHOICE")]
    options: Vec<String>,
}

impl VariantArgs {
    /// The variant file read, with the options chosen.
    fn load(&self) -> Result<Variant, String> {
        load_variant(&self.variant)?.with_choice_args(&self.options).map_err(|e| e.to_string())
    }
}

/// Which game and position a tool works on.
#[derive(Args)]
pub struct GameArgs {
    #[command(flatten)]
    variant: VariantArgs,
    /// A position text to start from instead of the variant's start position.
    #[arg(long)]
    position: Option<String>,
    /// Moves to play first, in notation, separated by commas.
    #[arg(long)]
    moves: Option<String>,
}

impl GameArgs {
    /// The position the arguments describe.
    fn position(&self) -> Result<Position, String> {
        let variant = Arc::new(self.variant.load()?);
        let mut position = match &self.position {
            Some(text) => Position::from_text(variant, text).map_err(|e| e.to_string())?,
            None => Position::start(variant),
        };
        let moves = self.moves.as_deref().unwrap_or("");
        position.play_turns(moves).map_err(|e| e.to_string())?;
        Ok(position)
    }
}

/// Prints lines to standard output (see [`say`]).
fn print_lines(lines: impl IntoIterator<Item = String>) -> Result<(), String> {
    lines.into_iter().for_each(say);
    Ok(())
}

/// The file of a variant named on the command line: a name without a folder or an extension
/// (`jetan_sarang`) is the game's `assets/variants/NAME.ron`, else the mods folder's
/// `variants/NAME.ron`; `mods://…` a file of the mods folder; anything else a path.
fn variant_file(text: &str) -> Result<PathBuf, String> {
    let path = Path::new(text);
    let bare_name = path.components().count() == 1 && path.extension().is_none();
    let places = Places::player();
    let asset_path = if bare_name {
        places.variant_named(text)
    } else if jetan::asset_path::is_mod(text) {
        text.into()
    } else {
        return Ok(path.into());
    };
    places.file(&asset_path).ok_or_else(|| format!("there is no variant `{text}`: this system has no mods folder"))
}

/// Reads the variant a record names by its asset path (`variants/jetan.ron`,
/// `mods://variants/mine.ron`).
fn load_recorded_variant(asset_path: &str) -> Result<Variant, String> {
    let file = Places::player().file(asset_path).ok_or_else(|| format!("{asset_path}: there is no mods folder"))?;
    load_variant(&file)
}

/// The `assets/` folder the files a file names (looks, sounds) are read from: the nearest
/// folder named `assets` above it, else the game's own.
fn assets_of(file: &Path) -> PathBuf {
    let absolute = std::path::absolute(file).unwrap_or_else(|_| file.to_path_buf());
    let found = absolute.ancestors().find(|dir| dir.file_name().is_some_and(|name| name == "assets"));
    found.map_or_else(|| jetan::game_root().join("assets"), Path::to_path_buf)
}

/// Reads a variant file (the shipped copy when the game's folder has none).
fn load_variant(path: &Path) -> Result<Variant, String> {
    let origin = path.display().to_string();
    let text =
        jetan::shipped::read_text(path, jetan_rules::MAX_VARIANT_BYTES).map_err(|e| format!("{origin}:1:1: {e}"))?;
    Variant::load(&text, &origin).map_err(|errors| errors.to_string())
}

/// Runs a tool; errors go to standard error and make the exit code 1.
pub fn run(command: Command) -> ExitCode {
    let result = match command {
        Command::Validate { file } => validate::run(&file),
        Command::Perft { game, depth, divide } => perft::run(&game, depth, divide),
        Command::Legal { game } => legal::run(&game),
        Command::Bench { game, depth, runs } => bench::run(&game, depth, runs),
        Command::Replay { file } => replay::run(&file),
        Command::Export { file } => courier::export(&file),
        Command::Import(args) => courier::import(&args),
        Command::Selfplay(args) => selfplay::run(&args),
        Command::BenchAi(args) => bench_ai::run(&args),
        Command::Variants => variants::run(),
        Command::Sound(args) => sound::run(&args),
        Command::Think(args) => think::run(&args),
        Command::Serve(args) => jetan_online::server::serve(&args),
        Command::OnlineBot(args) => jetan_online::bot::run(&args),
        Command::Leaderboard(args) => jetan_online::leaderboard::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            jetan_rules::complain(message);
            ExitCode::FAILURE
        }
    }
}

/// Reads a thread count for the AI's searches: 1 to [`jetan_ai::MAX_THREADS`].
fn threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(threads @ 1..=jetan_ai::MAX_THREADS) => Ok(threads),
        _ => Err(format!("`{text}` is not a thread count: use 1 to {}", jetan_ai::MAX_THREADS)),
    }
}

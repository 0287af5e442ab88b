//! Mines puzzles from the AI's games, or checks a puzzles file by search.
//!
//! ```text
//! cargo run --release -p jetan_lessons --example puzzles -- mine --variant assets/variants/jetan.ron \
//!     --games 20 --nodes 20000 --seed 1 --out assets/puzzles/jetan.puzzles.ron [--append]
//! cargo run --release -p jetan_lessons --example puzzles -- check assets/puzzles/jetan.puzzles.ron
//! ```

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use jetan_ai::Limits;
use jetan_lessons::{MineConfig, PuzzleSet, mine_with, verify_with};
use jetan_rules::Variant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("mine") => mine(&args[1..]),
        Some("check") if args.len() == 2 => check(Path::new(&args[1])),
        _ => Err("usage: puzzles mine --variant FILE --games N [--nodes N] [--seed N] [--option id=choice]… \
                  --out FILE [--append] | puzzles check FILE"
            .into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

fn mine(args: &[String]) -> Result<(), String> {
    let (mut variant_path, mut out, mut games, mut nodes, mut seed, mut append) = (None, None, 10, 20_000, 1, false);
    let mut options = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let value = || args.get(i + 1).cloned().ok_or(format!("{} needs a value", args[i]));
        match args[i].as_str() {
            "--variant" => variant_path = Some(PathBuf::from(value()?)),
            "--out" => out = Some(PathBuf::from(value()?)),
            "--games" => games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--nodes" => nodes = value()?.parse().map_err(|e| format!("--nodes: {e}"))?,
            "--seed" => seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--option" => {
                let v = value()?;
                let (o, c) = v.split_once('=').ok_or("--option takes id=choice")?;
                options.push((o.to_string(), c.to_string()));
            }
            "--append" => {
                append = true;
                i += 1;
                continue;
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
        i += 2;
    }
    let variant_path = variant_path.ok_or("--variant is needed")?;
    let out = out.ok_or("--out is needed")?;
    let base = Variant::load_file(&variant_path).map_err(|e| e.to_string())?;
    let variant = Arc::new(base.with_choices(&options).map_err(|e| e.to_string())?);
    let mut config = MineConfig::new(&variant, games, Limits::nodes(nodes), seed);
    let mut set = if append && out.exists() {
        let set = PuzzleSet::load_file(&out).map_err(|e| e.to_string())?;
        // Every puzzle of a file is confirmed by the probe the file records.
        config.confirm = set.probe;
        set
    } else {
        PuzzleSet {
            variant_path: relative(&variant_path, &out),
            options,
            variant: variant.clone(),
            probe: config.confirm,
            puzzles: Vec::new(),
        }
    };
    let started = Instant::now();
    let mut seen: std::collections::HashSet<String> = set.puzzles.iter().map(|p| p.start.to_text()).collect();
    let before = set.puzzles.len();
    let mut written = Ok(());
    mine_with(&variant, &config, |puzzle| {
        eprintln!(
            "[{:>6.1}s] {} {:?} {:?} d{} {}: {}",
            started.elapsed().as_secs_f64(),
            puzzle.origin,
            puzzle.aim,
            puzzle.theme,
            puzzle.difficulty,
            puzzle.start.to_text(),
            puzzle.solution.join(", ")
        );
        // The set's variant is read from the file: the puzzle's position is read again under it.
        let Ok(start) = jetan_rules::Position::from_text(set.variant.clone(), &puzzle.start.to_text()) else { return };
        if seen.insert(start.to_text()) {
            set.puzzles.push(jetan_lessons::Puzzle { start, ..puzzle.clone() });
            // Written as found, so that a long run stopped early keeps what it found.
            written = std::fs::write(&out, set.to_ron()).map_err(|e| format!("{}: {e}", out.display()));
        }
    });
    written?;
    std::fs::write(&out, set.to_ron()).map_err(|e| format!("{}: {e}", out.display()))?;
    eprintln!(
        "{} new puzzles, {} in {} ({:.0} s)",
        set.puzzles.len() - before,
        set.puzzles.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn check(path: &Path) -> Result<(), String> {
    let set = PuzzleSet::load_file(path).map_err(|e| e.to_string())?;
    let mut failed = 0;
    for (i, puzzle) in set.puzzles.iter().enumerate() {
        if let Err(e) = verify_with(puzzle, set.probe) {
            failed += 1;
            println!("puzzle {} ({}): {e}", i + 1, puzzle.origin);
        }
    }
    println!("{} puzzles, {} verified, {failed} failed", set.puzzles.len(), set.puzzles.len() - failed);
    let mut themes = std::collections::BTreeMap::new();
    for puzzle in &set.puzzles {
        *themes.entry(format!("{:?}", puzzle.theme)).or_insert(0) += 1;
    }
    let themes: Vec<String> = themes.into_iter().map(|(theme, n)| format!("{theme} {n}")).collect();
    println!("themes: {}", themes.join(", "));
    if failed == 0 { Ok(()) } else { Err(format!("{failed} puzzles failed")) }
}

/// `target` as a path relative to the folder of `from` (the puzzles file), when both are
/// relative paths; else as given.
fn relative(target: &Path, from: &Path) -> String {
    if !(target.is_relative() && from.is_relative()) {
        return target.display().to_string();
    }
    let dir: Vec<_> = from.parent().map(|p| p.components().collect()).unwrap_or_default();
    let target_parts: Vec<_> = target.components().collect();
    let common = dir.iter().zip(&target_parts).take_while(|(a, b)| a == b).count();
    let mut path = PathBuf::new();
    for _ in common..dir.len() {
        path.push("..");
    }
    for part in &target_parts[common..] {
        path.push(part);
    }
    path.display().to_string()
}

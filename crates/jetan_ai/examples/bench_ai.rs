//! The AI benchmark: depth reached and positions per second in a fixed time on fixed positions,
//! or with `--depth D` the time each search takes to complete depth D:
//! `cargo run --release -p jetan_ai --example bench_ai -- [--variant FILE] [--movetime MS]
//! [--depth D] [--threads N] [--positions FILE]` (`--positions`: the position texts of FILE,
//! one a line, instead of the benchmark's own, which change with the search that plays them)

mod common;

use jetan_ai::{Limits, MAX_DEPTH};
use jetan_rules::{Position, say};
use std::time::Duration;

fn main() {
    common::run(|| {
        let args = common::Args::read(&["variant", "movetime", "depth", "threads", "positions"])?;
        let limits = match args.optional("depth")? {
            Some(depth @ 1..=MAX_DEPTH) => Limits::depth(depth),
            Some(depth) => return Err(format!("--depth {depth}: use 1 to {MAX_DEPTH}")),
            None => Limits::time(Duration::from_millis(args.get("movetime", Some(1000))?)),
        };
        let threads = args.threads("threads", 1)?;
        let variant = args.variant()?;
        let report = |line: &jetan_ai::bench::BenchLine| say!("{line}");
        let lines = match args.optional::<String>("positions")? {
            Some(path) => {
                let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
                let positions = text
                    .lines()
                    .enumerate()
                    .filter(|(_, line)| !line.trim().is_empty())
                    .map(|(index, line)| {
                        Position::from_text(variant.clone(), line.trim())
                            .map_err(|e| format!("{path}:{}: {e}", index + 1))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                jetan_ai::bench::search_each(&positions, &limits, threads, report)
            }
            None => jetan_ai::bench::bench(&variant, &limits, threads, report),
        };
        say!("{}", jetan_ai::bench::summary(&lines));
        Ok(())
    });
}

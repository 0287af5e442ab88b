//! The AI benchmark: depth reached and positions per second in a fixed time on fixed positions,
//! or with `--depth D` the time each search takes to complete depth D:
//! `cargo run --release -p jetan_ai --example bench_ai -- [--variant FILE] [--movetime MS]
//! [--depth D] [--threads N]`

mod common;

use jetan_ai::{Limits, MAX_DEPTH};
use jetan_rules::say;
use std::time::Duration;

fn main() {
    common::run(|| {
        let args = common::Args::read(&["variant", "movetime", "depth", "threads"])?;
        let limits = match args.optional("depth")? {
            Some(depth @ 1..=MAX_DEPTH) => Limits::depth(depth),
            Some(depth) => return Err(format!("--depth {depth}: use 1 to {MAX_DEPTH}")),
            None => Limits::time(Duration::from_millis(args.get("movetime", Some(1000))?)),
        };
        let threads = args.threads("threads", 1)?;
        let lines = jetan_ai::bench::bench(&args.variant()?, &limits, threads, |line| say!("{line}"));
        say!("{}", jetan_ai::bench::summary(&lines));
        Ok(())
    });
}

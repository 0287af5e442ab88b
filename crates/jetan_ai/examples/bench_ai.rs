//! The AI benchmark: depth reached and positions per second in a fixed time on fixed positions:
//! `cargo run --release -p jetan_ai --example bench_ai -- [--variant FILE] [--movetime MS]
//! [--threads N]`

mod common;

use jetan_rules::say;
use std::time::Duration;

fn main() {
    common::run(|| {
        let args = common::Args::read(&["variant", "movetime", "threads"])?;
        let movetime = Duration::from_millis(args.get("movetime", Some(1000))?);
        let threads = args.threads("threads", 1)?;
        let lines = jetan_ai::bench::bench(&args.variant()?, movetime, threads, |line| say!("{line}"));
        say!("{}", jetan_ai::bench::summary(&lines));
        Ok(())
    });
}

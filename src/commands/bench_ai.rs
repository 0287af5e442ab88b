//! `jetan bench-ai`: the AI's depth and speed in a fixed time (or its time to a fixed depth) on a
//! fixed set of positions.

use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use jetan_ai::Limits;

use super::say;

/// What the AI benchmark searches.
#[derive(Args)]
pub struct BenchAiArgs {
    #[command(flatten)]
    variant: super::VariantArgs,
    /// Milliseconds to search each position.
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    movetime: u64,
    /// Search each position to this depth instead, however long it takes (time to depth).
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=jetan_ai::MAX_DEPTH as i64))]
    depth: Option<u32>,
    /// Threads of each search.
    #[arg(long, default_value_t = 1, value_parser = super::threads)]
    threads: usize,
}

/// Prints a line per position (depth, positions, speed, position text), then the totals.
pub fn run(args: &BenchAiArgs) -> Result<(), String> {
    let variant = args.variant.load()?;
    let limits = match args.depth {
        Some(depth) => Limits::depth(depth),
        None => Limits::time(Duration::from_millis(args.movetime)),
    };
    let lines = jetan_ai::bench::bench(&Arc::new(variant), &limits, args.threads, |line| say(line));
    say(jetan_ai::bench::summary(&lines));
    Ok(())
}

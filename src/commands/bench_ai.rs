//! `jetan bench-ai`: the AI's depth and speed in a fixed time on a fixed set of positions.

use std::sync::Arc;
use std::time::Duration;

use clap::Args;

use super::say;

/// What the AI benchmark searches.
#[derive(Args)]
pub struct BenchAiArgs {
    #[command(flatten)]
    variant: super::VariantArgs,
    /// Milliseconds to search each position.
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    movetime: u64,
    /// Threads of each search.
    #[arg(long, default_value_t = 1, value_parser = super::threads)]
    threads: usize,
}

/// Prints a line per position (depth, positions, speed, position text), then the totals.
pub fn run(args: &BenchAiArgs) -> Result<(), String> {
    let variant = args.variant.load()?;
    let movetime = Duration::from_millis(args.movetime);
    let lines = jetan_ai::bench::bench(&Arc::new(variant), movetime, args.threads, |line| say(line));
    say(jetan_ai::bench::summary(&lines));
    Ok(())
}

//! `jetan bench-ai`: the AI's depth and speed in a fixed time on a fixed set of positions.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;

use super::say;

/// What the AI benchmark searches.
#[derive(Args)]
pub struct BenchAiArgs {
    /// The variant file.
    #[arg(long, default_value = "assets/variants/jetan.ron")]
    variant: PathBuf,
    /// A rule option's choice, as option=choice (repeatable).
    #[arg(long = "option", value_name = "OPTION=CHOICE")]
    options: Vec<String>,
    /// Milliseconds to search each position.
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    movetime: u64,
    /// Threads of each search.
    #[arg(long, default_value_t = 1, value_parser = super::threads)]
    threads: usize,
}

/// Prints a line per position (depth, positions, speed, position text), then the totals.
pub fn run(args: &BenchAiArgs) -> Result<(), String> {
    let variant = super::load_variant(&args.variant)?.with_choice_args(&args.options).map_err(|e| e.to_string())?;
    let movetime = Duration::from_millis(args.movetime);
    let lines = jetan_ai::bench::bench(&Arc::new(variant), movetime, args.threads, |line| say(line));
    say(jetan_ai::bench::summary(&lines));
    Ok(())
}

//! `jetan think`: the move the AI would play in a position (for a Charge, its whole turn, every
//! sub-move), its line and its evaluation, as an analyst or a test would ask.

use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use jetan_ai::Level;
use jetan_ai::ask::{Question, ask};

use super::say;

/// What to ask the AI.
#[derive(Args)]
pub struct ThinkArgs {
    #[command(flatten)]
    variant: super::VariantArgs,
    /// A position text to think from instead of the variant's start position.
    #[arg(long)]
    position: Option<String>,
    /// Moves to play first, in notation, separated by commas.
    #[arg(long, default_value = "")]
    moves: String,
    /// The AI: random, greedy, or a search level 1 to 5.
    #[arg(long, default_value = "5")]
    level: Level,
    /// Milliseconds to think, instead of the level's time.
    #[arg(long, value_name = "MS", conflicts_with = "nodes")]
    movetime: Option<u64>,
    /// Positions to visit, in place of any time (the same answer on any machine, one thread).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// The seed of the AI's random choices.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads to search with.
    #[arg(long, default_value_t = 1, value_parser = super::threads)]
    threads: usize,
}

/// Prints the position thought about, then the move, the line and the evaluation.
pub fn run(args: &ThinkArgs) -> Result<(), String> {
    let variant = Arc::new(args.variant.load()?);
    let position = Question::position(variant, args.position.as_deref(), &args.moves).map_err(|e| e.to_string())?;
    say(position.to_text());
    let movetime = args.movetime.map(Duration::from_millis);
    let question = Question {
        level: args.level,
        movetime,
        nodes: args.nodes,
        seed: args.seed,
        threads: args.threads,
        ..Question::new(position)
    };
    say(ask(&question).to_string());
    Ok(())
}

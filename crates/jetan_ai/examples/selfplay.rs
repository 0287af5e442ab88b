//! Plays a match between two AI levels and prints each game, then `a: W wins, D draws, L losses`:
//! `cargo run --release -p jetan_ai --example selfplay -- --variant FILE --a LEVEL --b LEVEL
//! --games N [--seed S] [--movetime MS] [--b-movetime MS] [--nodes N] [--b-nodes N] [--max-plies N]
//! [--threads N] [--b-threads N] [--option OPTION=CHOICE]… [--show-moves yes]`

mod common;

use std::num::NonZeroU64;
use std::time::Duration;

use jetan_ai::Level;
use jetan_ai::selfplay::{DEFAULT_MAX_PLIES, MatchConfig, play_match};
use jetan_rules::say;

fn main() {
    common::run(|| {
        let args = common::Args::read(&[
            "variant",
            "a",
            "b",
            "games",
            "seed",
            "movetime",
            "b-movetime",
            "nodes",
            "b-nodes",
            "max-plies",
            "threads",
            "b-threads",
            "show-moves",
        ])?;
        let threads = args.threads("threads", 1)?;
        let movetime = args.optional::<u64>("movetime")?;
        let nodes = args.optional::<NonZeroU64>("nodes")?;
        let show_moves = args.get::<String>("show-moves", Some("no".into()))? == "yes";
        let config = MatchConfig {
            variant: args.variant()?,
            a: args.get::<Level>("a", None)?,
            b: args.get::<Level>("b", None)?,
            games: args.get("games", None)?,
            seed: args.get("seed", Some(0))?,
            movetime: [movetime, args.optional("b-movetime")?.or(movetime)].map(|ms| ms.map(Duration::from_millis)),
            nodes: [nodes, args.optional("b-nodes")?.or(nodes)].map(|n| n.map(NonZeroU64::get)),
            max_plies: args.get("max-plies", Some(DEFAULT_MAX_PLIES))?,
            threads: [threads, args.threads("b-threads", threads)?],
        };
        let score = play_match(&config, |game| {
            say!("{}", game.summary);
            if show_moves {
                say!("  {}", game.moves.join(", "));
            }
        });
        say!("{}; a scored {} of {}", score.slowest_text(), score.points(), config.games);
        say!("{score}");
        Ok(())
    });
}

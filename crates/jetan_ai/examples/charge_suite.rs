//! Plays every position of a Charge suite (default: `tests/charge_suite/jetan_jeddara.txt`)
//! for a whole turn at a level and a time (or node) limit, and prints each verdict with the
//! longest choice, then how many were solved and the slowest choice of all:
//! `cargo run --release -p jetan_ai --example charge_suite -- [--variant FILE] [--suite FILE]
//! [--level L] [--movetime MS | --nodes N] [--seed S] [--threads N]`

mod common;

use std::time::Duration;

use jetan_ai::suite::{self, play_turn};
use jetan_ai::{ChargeWins, Level, Player};
use jetan_rules::say;

fn main() {
    common::run(|| {
        let args = common::Args::read(&["variant", "suite", "level", "movetime", "nodes", "seed", "threads"])?;
        let variant = args.variant()?;
        let path = args.get("suite", Some("crates/jetan_ai/tests/charge_suite/jetan_jeddara.txt".to_string()))?;
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
        let cases = suite::read(&variant, &text).map_err(|e| format!("{path}: {e}"))?;
        let level = args.get("level", Some(Level::Search(jetan_ai::MAX_LEVEL)))?;
        let movetime = args.optional("movetime")?.map(Duration::from_millis);
        let nodes = args.optional("nodes")?;
        let (seed, threads) = (args.get("seed", Some(1))?, args.threads("threads", 1)?);
        let finder = ChargeWins::new(&cases.first().ok_or("the suite is empty")?.position);
        let (mut solved, mut slowest) = (0, Duration::ZERO);
        for case in &cases {
            let mut player = Player::new(level, seed).with_threads(threads).with_nodes(nodes);
            let turn = play_turn(&mut player, &case.position, movetime);
            slowest = slowest.max(turn.slowest);
            let verdict = suite::judge(case, &finder, &turn);
            solved += usize::from(verdict.is_ok());
            let played = case.position.turn_text(&turn.plies);
            let verdict = verdict.map_or_else(|why| format!("FAILED: {why}"), |()| format!("solved: {played}"));
            say!("line {} {:?} ({:.0} ms): {verdict}", case.line, case.task, turn.slowest.as_secs_f64() * 1000.0);
        }
        say!(
            "level {level}: solved {solved} of {}; slowest choice {:.0} ms",
            cases.len(),
            slowest.as_secs_f64() * 1000.0
        );
        Ok(())
    });
}

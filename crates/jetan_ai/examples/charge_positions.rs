//! Collects Charge positions for the suite (`tests/charge_suite/`) from self-play games, or
//! from the games of a record file (each game's plies on a line starting with two spaces,
//! separated by `, `, as `selfplay --show-moves yes` prints them): those where the side to move
//! wins within one Charge but with no single move, and those where the enemy would win so were
//! the side to move to do nothing and some move of it leaves the enemy no such win (each move
//! tried, the banth step passed). Prints them as suite lines, each with where it comes from:
//! `cargo run --release -p jetan_ai --example charge_positions -- --variant FILE [--games N]
//! [--a LEVEL] [--b LEVEL] [--nodes N] [--seed S] [--max-plies N] [--threads N]`, or
//! `… -- --variant FILE --records FILE`

mod common;

use jetan_ai::selfplay::{MatchConfig, play_game};
use jetan_ai::{ChargeWins, Level};
use jetan_rules::{MoveKind, Phase, Position, Variant, say};

fn main() {
    common::run(|| {
        let args =
            common::Args::read(&["variant", "games", "a", "b", "nodes", "seed", "max-plies", "threads", "records"])?;
        let variant = args.variant()?;
        let finder = ChargeWins::new(&Position::start(variant.clone()));
        if let Some(path) = args.optional::<String>("records")? {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
            let games = text.lines().filter_map(|line| line.strip_prefix("  "));
            for (index, game) in games.enumerate() {
                let plies: Vec<String> = game.split(", ").map(str::to_string).collect();
                let source = format!("{path}, game {}", index + 1);
                scan(&finder, &variant, &plies, &source)?;
            }
            return Ok(());
        }
        let config = MatchConfig {
            games: args.get("games", Some(4))?,
            seed: args.get("seed", Some(0))?,
            nodes: [args.optional("nodes")?.or(Some(20_000)); 2],
            threads: [args.threads("threads", 1)?; 2],
            max_plies: args.get("max-plies", Some(200))?,
            ..MatchConfig::new(
                variant.clone(),
                args.get::<Level>("a", Some(Level::Search(5)))?,
                args.get("b", Some(Level::Search(5)))?,
            )
        };
        for number in 1..=config.games {
            let game = play_game(&config, number);
            let source = format!(
                "charge_positions --a {} --b {} --nodes {} --seed {} --max-plies {}: game {number}",
                config.a,
                config.b,
                config.nodes[0].unwrap_or_default(),
                config.seed,
                config.max_plies
            );
            let found = scan(&finder, &variant, &game.moves, &source)?;
            jetan_rules::complain(format!("{}: {found} suite positions", game.summary));
        }
        Ok(())
    });
}

/// Prints the suite lines of the positions of a game of `variant` (its plies in notation),
/// each followed by `# {source}, ply N`; returns how many.
fn scan(
    finder: &ChargeWins,
    variant: &std::sync::Arc<Variant>,
    plies: &[String],
    source: &str,
) -> Result<usize, String> {
    let mut position = Position::start(variant.clone());
    let mut found = 0;
    for (ply, text) in plies.iter().enumerate() {
        if let Some(line) = suite_line(finder, &position) {
            say!("{line} # {source}, ply {ply}");
            found += 1;
        }
        let mv = position.parse_move(text).map_err(|e| format!("{source}, ply {ply}: {e}"))?;
        position.play(mv);
    }
    Ok(found)
}

/// The position's suite line, `win | TEXT | PLIES` or `defence | TEXT | MOVE`, if it belongs
/// to the suite.
fn suite_line(finder: &ChargeWins, position: &Position) -> Option<String> {
    if position.phase() != Phase::Turn || finder.winning_move(position).is_some() {
        return None;
    }
    if let Some(plies) = finder.win_with_any_first(position) {
        return Some(format!("win | {} | {}", position.to_text(), position.turn_text(&plies)));
    }
    let mut passed = position.clone();
    passed.pass();
    if finder.winning_move(&passed).is_some() {
        return None;
    }
    finder.win_with_any_first(&passed)?;
    let defence = position.legal_moves().into_iter().find(|&mv| {
        if mv.kind == MoveKind::Charge {
            return false;
        }
        let mut after = position.clone();
        after.play(mv);
        if after.phase() == Phase::BanthStep {
            after.play(jetan_rules::Move::declaration(MoveKind::Pass));
        }
        after.decided().is_none()
            && finder.winning_move(&after).is_none()
            && finder.win_with_any_first(&after).is_none()
    })?;
    Some(format!("defence | {} | {}", position.to_text(), position.move_text(defence)))
}

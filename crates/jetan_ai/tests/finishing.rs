//! The finishing suites (`tests/finishing/`): every position is legal, the game goes on, the
//! side to move is ahead by decisive material as jetan_ai::finishing defines it, and each
//! variant's suite has at least 30.

mod common;

use jetan_ai::finishing::{DECISIVE_LEAD, decisive_side, material_of};
use jetan_ai::suite::{self, Task};
use jetan_rules::{Phase, Side};

/// The fewest positions a variant's suite holds.
const FEWEST: usize = 30;

/// Checks the suite `text` of the variant `name`; the failures, one a line.
fn check(name: &str, text: &str) -> Vec<String> {
    let variant = common::variant(name);
    let cases = suite::read(&variant, text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut failures = Vec::new();
    if cases.len() < FEWEST {
        failures.push(format!("{name}: {} positions, fewer than {FEWEST}", cases.len()));
    }
    for case in &cases {
        let position = &case.position;
        let side = position.to_move();
        let [south, north] = material_of(position);
        let lead = if side == Side::South { south - north } else { north - south };
        let problem = if case.task != Task::Convert {
            Some(format!("a {:?} position", case.task))
        } else if position.phase() != Phase::Turn {
            Some("not at the start of a turn".to_string())
        } else if let Some(outcome) = position.outcome() {
            Some(format!("decided: {}", outcome.describe(&variant)))
        } else if decisive_side(position) != Some(side) || lead < DECISIVE_LEAD {
            Some(format!("the side to move is not decisively ahead ({south} to {north})"))
        } else if case.answer != format!("lead {lead}") {
            Some(format!("its answer says `{}`, the lead is {lead}", case.answer))
        } else {
            None
        };
        if let Some(problem) = problem {
            failures.push(format!("{name} line {}: {problem}", case.line));
        }
    }
    failures
}

#[test]
fn every_finishing_position_is_legal_undecided_and_decisively_ahead() {
    let failures = [
        check("jetan", include_str!("finishing/jetan.txt")),
        check("jetan_sarang", include_str!("finishing/jetan_sarang.txt")),
        check("jetan_jeddara", include_str!("finishing/jetan_jeddara.txt")),
    ]
    .concat();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_position_of_level_material_is_refused() {
    // The check itself: the start position, written as a suite line, fails it.
    let start = jetan_rules::Position::start(common::jetan()).to_text();
    let failures = check("jetan", &format!("convert | {start} | lead 0 # the start"));
    assert!(failures.iter().any(|f| f.contains("not decisively ahead")), "{failures:?}");
}

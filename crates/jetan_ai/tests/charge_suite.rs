//! The Charge suite (`tests/charge_suite/jetan_jeddara.txt`), its fast half: level 3, with a
//! node limit so that it plays alike on any machine, wins every `win` position within its turn
//! and leaves the enemy no winning Charge in every `defence` position. (The charge_suite
//! example plays them all at a time limit.)

mod common;

use jetan_ai::suite::{self, Task};
use jetan_ai::{ChargeWins, Level, Player};

/// The positions a search of the fast half may visit for each choice.
const NODES: u64 = 40_000;

#[test]
fn level_3_solves_every_second_position_of_the_charge_suite() {
    let variant = common::variant("jetan_jeddara");
    let text = include_str!("charge_suite/jetan_jeddara.txt");
    let cases = suite::read(&variant, text).unwrap_or_else(|e| panic!("{e}"));
    assert!(cases.iter().any(|case| case.task == Task::Win) && cases.iter().any(|case| case.task == Task::Defence));
    let finder = ChargeWins::new(&cases[0].position);
    let mut failures = Vec::new();
    for case in cases.iter().step_by(2) {
        let mut player = Player::new(Level::Search(3), 1).with_nodes(Some(NODES));
        let turn = suite::play_turn(&mut player, &case.position, None);
        if let Err(why) = suite::judge(case, &finder, &turn) {
            failures.push(format!("line {} ({:?}, {}): {why}", case.line, case.task, case.source));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_defence_that_leaves_the_enemy_its_charge_is_judged_a_failure() {
    // The judge itself: doing nothing useful in a defence position fails (the Jeddara stays).
    let variant = common::variant("jetan_jeddara");
    let text = include_str!("charge_suite/jetan_jeddara.txt");
    let cases = suite::read(&variant, text).unwrap();
    let case = cases.iter().find(|case| case.source == "hand-made" && case.task == Task::Defence).unwrap();
    let finder = ChargeWins::new(&case.position);
    let idle = case.position.parse_move("m i9-i8").unwrap();
    let mut after = case.position.clone();
    after.play(idle);
    let turn = suite::Turn { plies: vec![idle], after, slowest: std::time::Duration::ZERO };
    assert!(suite::judge(case, &finder, &turn).unwrap_err().contains("Charge"));
}

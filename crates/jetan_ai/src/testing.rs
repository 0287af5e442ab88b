//! Helpers for the unit tests: the variants (classic Jetan with rule options), positions of
//! random games, a search's task and a search of it.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use jetan_rules::{Position, Variant};

use crate::alphabeta::{Search, Task, Workspace};
use crate::facts::Facts;
use crate::ordering::Ordering;
use crate::rng::Rng;
use crate::split::Pool;
use crate::tt::Table;

/// Classic Jetan with these rule options (`option=choice`).
pub fn jetan(choices: &[&str]) -> Arc<Variant> {
    variant("jetan", choices)
}

/// The variant of `assets/variants/{name}.ron` with these rule options (`option=choice`).
pub fn variant(name: &str, choices: &[&str]) -> Arc<Variant> {
    let path = format!("{}/../../assets/variants/{name}.ron", env!("CARGO_MANIFEST_DIR"));
    let variant = Variant::load_file(std::path::Path::new(&path)).unwrap();
    let choices: Vec<String> = choices.iter().map(|c| c.to_string()).collect();
    Arc::new(variant.with_choice_args(&choices).unwrap())
}

/// Rule options that change how pieces move, a few at a time (the first: none).
pub const MOVEMENT_OPTIONS: [&[&str]; 6] = [
    &[],
    &["warrior=up_to", "warrior_dirs=any", "padwar=up_to", "dwar=up_to"],
    &["chief=up_to", "chief_mix=civil", "flier_jump=odwar", "thoat_jump=blocked"],
    &["chief_mix=straight", "thoat=orth_first", "panthan=back_diagonals", "flier=up_to"],
    &["princess=up_to", "princess_mix=straight"],
    &["princess_mix=civil", "thoat=orth_first", "thoat_jump=blocked"],
];

/// Every position of `games` random games of up to `plies` plies from the start of `variant`.
pub fn random_positions(variant: &Arc<Variant>, seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut position = Position::start(variant.clone());
        for _ in 0..plies {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            positions.push(position.clone());
            position.play(moves[rng.below(moves.len())]);
        }
    }
    positions
}

/// The task of searching `position` with no time limit, no game before it and seed 0, stopped
/// or cancelled by raising `flag`, with the threads of `pool` if given.
pub fn task<'a>(
    position: &'a Position,
    facts: &'a Facts,
    table: &'a Table,
    flag: &'a AtomicBool,
    pool: Option<&'a Pool>,
) -> Task<'a> {
    Task { root: position, facts, table, history: &[], deadline: None, seed: 0, cancel: flag, stop: flag, pool }
}

/// Calls `check` with a fresh search of `task` (its own move ordering and buffers, no node
/// limit) and returns what it returns.
pub fn searching<R>(task: Task, check: impl FnOnce(&mut Search) -> R) -> R {
    let mut ordering = Ordering::new(task.root.variant().geometry().len());
    let mut work = Workspace::new();
    check(&mut Search::new(task, &mut ordering, &mut work, u64::MAX))
}

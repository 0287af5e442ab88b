//! Helpers for the unit tests: the variants (classic Jetan with rule options), positions of
//! random games, a search's task and a search of it, and a check of how a search answers an
//! attack on a royal piece.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use jetan_rules::{MoveFilter, Phase, Position, Variant};

use crate::alphabeta::{Pool, Search, Task, Workspace};
use crate::facts::Facts;
use crate::generation;
use crate::ordering::Ordering;
use crate::rng::Rng;
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
    Task {
        root: position,
        facts,
        table,
        history: &[],
        deadline: None,
        seed: 0,
        root_spread: 0,
        cancel: flag,
        stop: flag,
        pool,
        plan_charges: true,
    }
}

/// Calls `check` with a fresh search of `task` (its own move ordering and buffers, no node
/// limit) and returns what it returns.
pub fn searching<R>(task: Task, check: impl FnOnce(&mut Search) -> R) -> R {
    let mut ordering = Ordering::new(task.root.variant().geometry().len());
    let mut work = Workspace::new();
    check(&mut Search::new(task, &mut ordering, &mut work, u64::MAX))
}

/// Calls `check` with a search of `position` whose game before it had `history`.
pub fn with_search(position: &Position, history: &[u64], check: impl FnOnce(&mut Search)) {
    let (facts, table, flag) = (Facts::new(position), Table::new(1), AtomicBool::new(false));
    searching(Task { history, ..task(position, &facts, &table, &flag, None) }, check);
}

/// Checks that a search takes a position whose royal piece is attacked for lost (as `lost`
/// says) exactly when no move the search tries saves it, on the positions of random games
/// (from `seed`) of classic Jetan, with and without a far-moving Princess, and of Jetan
/// Jeddara. Returns how many positions had an attacked royal piece, and how many of them only
/// moves away from it (see [`Facts::rescue_squares`]) could save.
pub fn check_rescues(seed: u64, lost: impl Fn(&Position, &Facts) -> bool) -> (usize, usize) {
    let (mut attacked, mut only_far) = (0, 0);
    for variant in [jetan(&[]), jetan(&["princess=up_to"]), variant("jetan_jeddara", &[])] {
        let positions = random_positions(&variant, seed, 6, 120);
        let facts = Facts::new(&positions[0]);
        for position in positions.iter().filter(|p| p.phase() == Phase::Turn && p.decided().is_none()) {
            if !facts.royal_attacked(position, position.to_move()) {
                continue;
            }
            attacked += 1;
            let (near, far) = rescues(position, &facts);
            only_far += usize::from(far && !near);
            assert_eq!(lost(position, &facts), !near && !far, "{}", position.to_text());
        }
    }
    (attacked, only_far)
}

/// Whether some move the search tries leaves the side to move's royal pieces safe: among
/// those near them (tried first while they are attacked), and among the others.
fn rescues(position: &Position, facts: &Facts) -> (bool, bool) {
    let side = position.to_move();
    let mut moves = Vec::new();
    generation::moves(position, facts, false, &mut moves);
    let near = MoveFilter::touching(facts.rescue_squares(position));
    let saving = moves.into_iter().filter(|&mv| {
        let mut after = position.clone();
        after.play(mv);
        match after.decided() {
            Some(outcome) => outcome.winner != Some(side.opponent()),
            None => !facts.royal_capturable(&after, side),
        }
    });
    saving.fold((false, false), |(near_one, far_one), mv| {
        let is_near = near.passes(&mv);
        (near_one || is_near, far_one || !is_near)
    })
}

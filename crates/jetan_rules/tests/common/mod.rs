//! Helpers shared by the rules tests: loading variants, building positions, random games.

#![allow(dead_code, reason = "each test file uses its own subset of the helpers")]

use std::path::PathBuf;
use std::sync::Arc;

use jetan_rules::{Move, Position, Side, Variant};

pub mod borders;
pub mod ron_mutations;

/// How many cases each property test runs: `PROPTEST_CASES` if it is set (the long runs),
/// else `default` (what `cargo test` runs).
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|cases| cases.parse().ok()).unwrap_or(default)
}

/// The path of a file in the repository's `assets/variants` (found above the crate that
/// includes these helpers: the rules, the game or the fuzz targets).
pub fn variant_path(name: &str) -> PathBuf {
    let crate_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let variants = crate_dir.ancestors().map(|dir| dir.join("assets/variants")).find(|dir| dir.is_dir());
    variants.expect("assets/variants in a folder above the crate").join(name)
}

/// Classic Jetan with some rule options chosen (`option=choice`).
pub fn jetan(choices: &[&str]) -> Arc<Variant> {
    let variant = Variant::load_file(&variant_path("jetan.ron")).unwrap_or_else(|e| panic!("{e}"));
    let choices: Vec<String> = choices.iter().map(|c| c.to_string()).collect();
    Arc::new(variant.with_choice_args(&choices).unwrap_or_else(|e| panic!("{e}")))
}

/// The variants whose texts the border checks read (property tests and fuzz targets): classic
/// Jetan, Jetan Sarang with the Charge, Jetan Jeddara.
pub fn border_variants() -> &'static [Arc<Variant>; 3] {
    static VARIANTS: std::sync::LazyLock<[Arc<Variant>; 3]> =
        std::sync::LazyLock::new(|| [jetan(&[]), sarang(&["charge=on"]), jeddara(&[])]);
    &VARIANTS
}

/// A position of `variant` with just these pieces (`("e5", "C")`: upper case South) and
/// `side` to move: a study position, built without the checks a position text from outside
/// gets (it may lack the pieces a game can't be without).
pub fn position(variant: &Arc<Variant>, pieces: &[(&str, &str)], side: Side) -> Position {
    let geometry = variant.geometry();
    let pieces: Vec<_> = pieces
        .iter()
        .map(|&(square, label)| {
            let piece = variant.piece_by_label(label).unwrap_or_else(|| panic!("no piece is labelled {label}"));
            (geometry.parse(square).unwrap_or_else(|| panic!("no square {square}")), piece)
        })
        .collect();
    Position::from_pieces(variant.clone(), &pieces, side)
}

/// The legal moves from one square, as destination names, sorted.
pub fn targets(position: &Position, from: &str) -> Vec<String> {
    let geometry = position.variant().geometry();
    let from = geometry.parse(from).unwrap();
    let mut targets: Vec<String> = position
        .legal_moves()
        .into_iter()
        .filter(|m| m.lead().is_some_and(|l| l.from == from))
        .map(|m| geometry.name(m.lead().unwrap().to).to_string())
        .collect();
    targets.sort();
    targets
}

/// Plays moves given in notation.
pub fn play(position: &mut Position, moves: &[&str]) {
    for text in moves {
        let mv = position.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
        position.play(mv);
    }
}

/// A small deterministic random number generator (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// A random game from `start`: the positions before each move and the moves, until the game
/// ends or `max_plies` are played.
pub fn random_game(start: &Position, seed: u64, max_plies: usize) -> Vec<(Position, Move)> {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut position = start.clone();
    let mut game = Vec::new();
    for _ in 0..max_plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        game.push((position.clone(), mv));
        position.play(mv);
    }
    game
}

/// Jetan Sarang with some rule options chosen (`option=choice`).
pub fn sarang(choices: &[&str]) -> Arc<Variant> {
    let variant = Variant::load_file(&variant_path("jetan_sarang.ron")).unwrap_or_else(|e| panic!("{e}"));
    let choices: Vec<String> = choices.iter().map(|c| c.to_string()).collect();
    Arc::new(variant.with_choice_args(&choices).unwrap_or_else(|e| panic!("{e}")))
}

/// Jetan Jeddara with some rule options chosen (`option=choice`).
pub fn jeddara(choices: &[&str]) -> Arc<Variant> {
    let variant = Variant::load_file(&variant_path("jetan_jeddara.ron")).unwrap_or_else(|e| panic!("{e}"));
    let choices: Vec<String> = choices.iter().map(|c| c.to_string()).collect();
    Arc::new(variant.with_choice_args(&choices).unwrap_or_else(|e| panic!("{e}")))
}

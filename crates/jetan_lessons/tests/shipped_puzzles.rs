//! The shipped puzzles: every file loads (positions and solution turns legal, checked at their
//! places), its puzzles are well formed, and a sample of them verifies again by search, as many
//! as a few seconds per file allow (all of them with `JETAN_VERIFY_ALL_PUZZLES=1`; `cargo run --release -p jetan_lessons --example
//! puzzles -- check FILE` does the same faster).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use jetan_lessons::{Aim, PuzzleSet, verify, verify_with};

/// How long the test verifies each file's puzzles: at least one, then more (spread over the
/// file) while the time lasts. A classic puzzle takes a third of a second, a Sarang one several.
const BUDGET: Duration = Duration::from_secs(4);

fn shipped() -> Vec<(PathBuf, PuzzleSet)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/puzzles");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_string_lossy().ends_with(".puzzles.ron"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let set = PuzzleSet::load_file(&path).unwrap_or_else(|e| panic!("{e}"));
            (path, set)
        })
        .collect()
}

#[test]
fn shipped_puzzles_load_and_are_well_formed() {
    let sets = shipped();
    assert!(sets.iter().any(|(p, s)| p.ends_with("jetan.puzzles.ron") && !s.puzzles.is_empty()));
    for (path, set) in &sets {
        for (i, puzzle) in set.puzzles.iter().enumerate() {
            let place = format!("{} puzzle {}", path.display(), i + 1);
            assert_eq!(puzzle.start.to_move(), puzzle.side, "{place}");
            assert_eq!(puzzle.probe, set.probe, "{place}");
            assert!(puzzle.solution.len() % 2 == 1, "{place}");
            assert!((1..=9).contains(&puzzle.difficulty), "{place}");
            let turns = puzzle.plies().unwrap_or_else(|e| panic!("{place}: {e}"));
            assert_eq!(turns.len(), puzzle.solution.len(), "{place}");
            if puzzle.aim == Aim::Material {
                assert!(puzzle.solver_turns() <= 2, "{place}");
            }
        }
    }
}

#[test]
fn a_sample_of_the_shipped_puzzles_verifies_by_search() {
    let all = std::env::var_os("JETAN_VERIFY_ALL_PUZZLES").is_some();
    for (path, set) in shipped() {
        let started = Instant::now();
        let n = set.puzzles.len();
        // 0, n/2, n/4, 3n/4, …: spread over the file whenever the time runs out.
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (i as u32).reverse_bits());
        for (k, i) in order.into_iter().enumerate() {
            if !all && k > 0 && started.elapsed() > BUDGET {
                break;
            }
            let puzzle = &set.puzzles[i];
            verify(puzzle).unwrap_or_else(|e| panic!("{} puzzle {} ({}): {e}", path.display(), i + 1, puzzle.origin));
        }
    }
}

#[test]
fn a_wrong_solution_fails_verification() {
    let (_, set) = shipped().into_iter().find(|(p, _)| p.ends_with("jetan.puzzles.ron")).unwrap();
    let puzzle = &set.puzzles[0];
    let best = puzzle.start.parse_turn(&puzzle.solution[0]).unwrap()[0];
    let other = puzzle.start.legal_moves().into_iter().find(|&mv| mv != best).unwrap();
    let wrong = jetan_lessons::Puzzle { solution: vec![puzzle.start.move_text(other)], ..puzzle.clone() };
    assert!(verify_with(&wrong, set.probe).is_err());
}

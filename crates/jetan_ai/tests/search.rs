//! The search on small hand-built positions (and one Jetan Jeddara position): it wins when it
//! can, doesn't hand the opponent a win, and keeps to its limits (cancellation, nodes) and its
//! seed, with one thread or several.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use common::{after, can_win_at_once, mv, position, variant};
use jetan_ai::{Limits, MAX_THREADS, Searcher, WIN_BOUND, plies_to_end, think};
use jetan_rules::{Position, Side};

fn search(position: &Position, limits: Limits) -> jetan_ai::Thought {
    search_with_seed(position, limits, 1)
}

fn search_with_seed(position: &Position, limits: Limits, seed: u64) -> jetan_ai::Thought {
    think(position, &limits, &AtomicBool::new(false), seed)
}

/// The thread counts the tactical tests are searched with.
const THREADS: [usize; 3] = [1, 2, 4];

fn search_with_threads(position: &Position, limits: Limits, threads: usize) -> jetan_ai::Thought {
    Searcher::new().with_threads(threads).think(position, &limits, &AtomicBool::new(false), 1)
}

/// Black's Flier can land on Orange's Princess; its Warrior could take a Dwar instead.
fn win_in_one() -> Position {
    position(&[("a1", "R"), ("c3", "F"), ("h1", "W"), ("h3", "d"), ("f6", "r"), ("j10", "c")], Side::South)
}

#[test]
fn finds_a_one_move_win() {
    let position = win_in_one();
    for (depth, threads) in [1, 3].into_iter().flat_map(|depth| THREADS.map(|threads| (depth, threads))) {
        let thought = search_with_threads(&position, Limits::depth(depth), threads);
        assert_eq!(thought.best, Some(mv(&position, "F c3-f6")), "depth {depth}, {threads} threads");
        assert!(thought.score > WIN_BOUND);
        assert_eq!(plies_to_end(thought.score), Some(1));
    }
}

/// Black's Warrior on a4 shields its Princess on a2 from the Orange Dwar on a5; taking the
/// Orange Flier on c4 would open the file.
fn shielded_princess() -> Position {
    position(
        &[("a2", "R"), ("a4", "W"), ("j1", "C"), ("a5", "d"), ("c4", "f"), ("j10", "r"), ("f10", "c")],
        Side::South,
    )
}

#[test]
fn avoids_a_move_that_lets_the_opponent_win() {
    let position = shielded_princess();
    let greedy = mv(&position, "W a4-c4");
    let mut after = position.clone();
    after.play(greedy);
    assert!(can_win_at_once(&after), "the bait must be poisoned");
    for (depth, threads) in [2, 4].into_iter().flat_map(|depth| THREADS.map(|threads| (depth, threads))) {
        let thought = search_with_threads(&position, Limits::depth(depth), threads);
        let best = thought.best.unwrap();
        assert_ne!(best, greedy, "depth {depth}, {threads} threads");
        let mut after = position.clone();
        after.play(best);
        let text = position.move_text(best);
        assert!(!can_win_at_once(&after), "depth {depth}, {threads} threads: {text} lets Orange win");
    }
}

/// Jetan Jeddara, from a game the AI once lost: Red's Battleship on k5 can fly the Padwar on
/// l6 onto Blue's Jeddara on g12. The one rescue is a squad of four landing on j6, k6 and l6
/// and taking the Padwar with two more (three followers: more than the search lets a group
/// take along below the root).
#[test]
fn an_attacked_jeddara_is_rescued_by_the_one_big_squad_that_can() {
    let position = after(
        variant("jetan_jeddara"),
        "SC j2-j5; E k2-k5; M j3-j6; P k3-k6, x e11-k5; bc d12-j6, BC m1-k5; F n1-l5; X l2-j6; L n2-l6, bb m7-m8",
    );
    let thought = search(&position, Limits::depth(1));
    assert_eq!(thought.best, Some(mv(&position, "x l11-j6; d m11-k6; l n11-l6; sd m12-k7")));
    assert!(thought.score > -WIN_BOUND, "the rescue is not a loss");
}

#[test]
fn a_raised_cancel_flag_still_returns_a_legal_move_at_once() {
    let position = Position::start(common::jetan());
    let thought = Searcher::new().think(&position, &Limits::time(Duration::from_secs(30)), &AtomicBool::new(true), 0);
    // The search stops at its first node, before it completes an iteration: it answers with
    // the first move of its ordering.
    assert!(thought.nodes <= 4, "{} nodes", thought.nodes);
    assert_eq!(thought.depth, 0);
    assert!(position.is_legal(thought.best.expect("a move")));
}

#[test]
fn cancelling_stops_every_thread() {
    let position = Position::start(common::variant("jetan_sarang"));
    let (sender, receiver) = mpsc::channel();
    let cancel = std::sync::Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    std::thread::spawn(move || {
        let limits = Limits::time(Duration::from_secs(600));
        sender.send(Searcher::new().with_threads(4).think(&position, &limits, &flag, 0)).unwrap();
    });
    std::thread::sleep(Duration::from_millis(200));
    cancel.store(true, Ordering::Relaxed);
    let thought = receiver.recv_timeout(Duration::from_secs(20)).expect("every thread stops when cancelled");
    assert!(thought.best.is_some());
}

#[test]
fn helper_threads_search_and_are_counted() {
    let position = Position::start(common::jetan());
    let thought = search_with_threads(&position, Limits::nodes(30_000), 2);
    assert!(thought.nodes > 30_000, "the first thread visits at most 30,000; its helper visits more");
    assert!(position.is_legal(thought.best.expect("a move")));
    let line = thought.pv.iter().try_fold(position.clone(), |mut line, &m| {
        line.is_legal(m).then(|| {
            line.play(m);
            line
        })
    });
    assert!(line.is_some(), "the principal variation is legal, whichever thread found it");
    assert_eq!(Searcher::new().with_threads(0).threads(), 1);
    assert_eq!(Searcher::new().with_threads(1000).threads(), MAX_THREADS);
}

#[test]
fn node_limits_are_respected() {
    let position = Position::start(common::jetan());
    for nodes in [1, 50, 3000] {
        let thought = search(&position, Limits::nodes(nodes));
        assert!(thought.nodes <= nodes, "{} > {nodes}", thought.nodes);
        assert!(position.is_legal(thought.best.expect("a move")));
    }
}

#[test]
fn the_same_seed_and_node_limit_give_the_same_result() {
    let mut position = Position::start(common::jetan());
    position.play(mv(&position, "A e2-e3"));
    let run = |seed| Searcher::new().think(&position, &Limits::nodes(20_000), &AtomicBool::new(false), seed);
    let first = run(5);
    let again = run(5);
    assert_eq!(
        (first.best, first.score, first.depth, first.nodes, &first.pv),
        (again.best, again.score, again.depth, again.nodes, &again.pv)
    );
}

#[test]
fn a_stopped_search_answers_with_its_last_completed_iteration() {
    // A node limit stops the search inside an iteration: its answer is the one a search to
    // the last completed depth gives (the same seed, a fresh table), even where the stopped
    // iteration had already found another move better.
    let positions = [
        after(common::jetan(), "A e2-e3, a f9-f8, F d1-g4, t j9-i7"),
        after(common::jetan(), "A e2-e3, a f9-f8"),
        Position::start(variant("jetan_sarang")),
    ];
    for position in &positions {
        for nodes in [3_000, 8_000, 20_000, 50_000] {
            let stopped = search(position, Limits::nodes(nodes));
            let completed = search(position, Limits::depth(stopped.depth));
            let text = position.to_text();
            assert_eq!(stopped.best, completed.best, "{text}, {nodes} nodes, depth {}", stopped.depth);
        }
    }
}

#[test]
fn a_finished_game_has_no_move() {
    let mut position = win_in_one();
    position.play(mv(&position, "F c3-f6"));
    let thought = search(&position, Limits::depth(3));
    assert_eq!(thought.best, None);
}

#[test]
fn the_principal_variation_is_legal() {
    let position = Position::start(common::jetan());
    let thought = search(&position, Limits::depth(3));
    assert_eq!(thought.depth, 3);
    assert_eq!(thought.pv.first().copied(), thought.best);
    let mut line = position.clone();
    for &m in &thought.pv {
        assert!(line.is_legal(m), "{}", line.move_text(m));
        line.play(m);
    }
}

#[test]
fn the_game_history_steers_the_search_away_from_earlier_positions() {
    let position = Position::start(common::jetan());
    let mut searcher = Searcher::new();
    let cancel = AtomicBool::new(false);
    let first = searcher.think(&position, &Limits::depth(2), &cancel, 3).best.unwrap();
    let mut after = position.clone();
    after.play(first);
    let history = [after.hash()];
    let again = Searcher::new().think_in_game(&position, &history, &Limits::depth(2), &cancel, 3).best.unwrap();
    assert_ne!(again, first, "going back to a position of the game scores as a draw");
}

/// The raid of Jetan Jeddara's second player that the AI of issue 52 found against the first
/// move `BC m1-g6; D m2-g7`: a Charge whose Battleship takes Red's and whose Scoutship brings a
/// Padwar in reach of Red's Jeddara (`charge, bc d12-g6; u e12-h6, sd m12-m7; l n11-n6, end`),
/// after which nothing saves her (`l n6-j1; sd m7-i2` next).
const RAID_ENTRY: &str = "BC m1-g6; D m2-g7";

#[test]
fn the_second_players_raid_is_found_and_the_first_player_does_not_open_it() {
    let raided = common::after(variant("jetan_jeddara"), RAID_ENTRY);
    let thought = search(&raided, Limits::nodes(150_000));
    assert_eq!(thought.turn.first().map(|&mv| raided.move_text(mv)), Some("charge".to_string()));
    assert!(thought.score > WIN_BOUND, "{}", raided.turn_text(&thought.turn));
    let start = Position::start(variant("jetan_jeddara"));
    let opening = search(&start, Limits::nodes(150_000));
    assert_ne!(start.move_text(opening.best.unwrap()), RAID_ENTRY);
}

/// The first player's 13-ply raid (docs/charge_raids.md): after these plies (the baseline's as
/// Red, Blue's Chief wandering), Blue's `l c11-c5; bc d12-d6` lets Red's Charge
/// `BC g4-d6; M f3-c5; SD i4-k7; M h3-j6` attack the Jeddara on g12 twice (the Battleship on d6
/// and the Scoutship that will carry its Panthan next to her), and nothing saves her.
const FIRST_RAID_ENTRY: &str = "SD d1-i4, cc l12-i9, BC m1-g4, cc i9-l12, ZC a2-c5; M b3-d6";
const FIRST_RAID_OPENING: &str = "l c11-c5; bc d12-d6";

#[test]
fn the_first_players_raid_is_found_and_the_second_player_leaves_it_no_way_in() {
    let jeddara = variant("jetan_jeddara");
    let opened = after(jeddara.clone(), &format!("{FIRST_RAID_ENTRY}, {FIRST_RAID_OPENING}"));
    let raid = search(&opened, Limits::nodes(60_000));
    assert_eq!(raid.turn.first().map(|&mv| opened.move_text(mv)), Some("charge".to_string()));
    assert!(raid.score > WIN_BOUND, "{}", opened.turn_text(&raid.turn));
    let entry = after(jeddara, FIRST_RAID_ENTRY);
    let (defended, defence) = after_searched_turn(&entry, 60_000, 1);
    let answer = search(&defended, Limits::nodes(150_000));
    assert!(answer.score < WIN_BOUND, "{defence} leaves Red {}", defended.turn_text(&answer.turn));
}

/// The second player's 12-ply raid (docs/charge_raids.md), three games of a match at 40000
/// nodes a move: after these plies Red's `D d2-d5; M d3-d6` let Blue's Charge attack the
/// Jeddara on j1 twice (a Battleship in reach, a Scoutship beside a piece it will carry next to
/// her), and nothing saved her. The last look sees it since the beam search of Blue's Charge
/// no longer lengthens itself by quiet steps worth a few points: it judges its finalists by
/// Red's reply before its nodes run out.
const TWELVE_PLY_RAID_ENTRY: &str = "SD d1-i4, cc l12-i9, BC m1-g4, cc i9-l12";
const TWELVE_PLY_RAID_OPENING: &str = "D d2-d5; M d3-d6";

#[test]
fn the_second_players_twelve_ply_raid_is_found() {
    let opened = after(variant("jetan_jeddara"), &format!("{TWELVE_PLY_RAID_ENTRY}, {TWELVE_PLY_RAID_OPENING}"));
    let raid = search(&opened, Limits::nodes(40_000));
    assert_eq!(raid.turn.first().map(|&mv| opened.move_text(mv)), Some("charge".to_string()));
    assert!(raid.score > WIN_BOUND, "{}", opened.turn_text(&raid.turn));
}

/// What Blue may stand at, in hundredths of a Panthan, after Red's replacement for the 12-ply
/// raid's opening, searched to 150000 nodes: two Panthans. Measured so, Red's safe moves that
/// keep their material leave Blue behind (`E k2-i5` and its banth step -1.64, `ZC a2-c5; M
/// b3-d6` -2.10, `E k2-k5; M j3-j6` -1.98); the moves that lose a piece for nothing leave it
/// far ahead (`M h3-e5; BC g4-d6`, the first safe move of the move ordering, which the last
/// look played before: +8.12; `ZC p2-n6; P o3-m7` +4.46).
const KEPT_MATERIAL: i32 = 200;

/// Red at level 5, node-bounded as in the match, does not open the 12-ply raid, nor lose a
/// piece for nothing instead.
#[test]
fn the_first_players_replacement_for_the_twelve_ply_raids_opening_is_safe_and_keeps_its_material() {
    let entry = after(variant("jetan_jeddara"), TWELVE_PLY_RAID_ENTRY);
    let (played, red) = after_searched_turn(&entry, 40_000, 1);
    let answer = search(&played, Limits::nodes(150_000));
    let blue = format!("{red} leaves Blue {} ({})", played.turn_text(&answer.turn), answer.score);
    assert!(answer.score < WIN_BOUND, "{blue}");
    assert!(answer.score < KEPT_MATERIAL, "{blue}");
}

/// The seed with which Red, at the 12-ply raid's entry and 40000 nodes a move, plays `CC
/// e1-c5` (after which, the banth step passed, Blue may not declare a Charge) and then the
/// banth step `bb d6-e6`, as in the first player's 13-ply loss of issue 52's match
/// (docs/charge_raids.md): the banth next to Blue's pieces made a sixth of them qualify, and
/// Blue's Charge (`charge; sd m12-m7; x l11-l6; bc d12-e6; end`) won.
const BANTH_STEP_SEED: u64 = 3;

/// Red at level 5, node-bounded as in the match, does not give Blue a winning Charge by its
/// banth step after a move that denied it one.
#[test]
fn the_first_players_banth_step_keeps_its_denial_of_the_enemys_charge() {
    let entry = after(variant("jetan_jeddara"), TWELVE_PLY_RAID_ENTRY);
    let (played, red) = after_searched_turn(&entry, 40_000, BANTH_STEP_SEED);
    let answer = search(&played, Limits::nodes(150_000));
    let blue = format!("{red} leaves Blue {} ({})", played.turn_text(&answer.turn), answer.score);
    assert!(answer.score < WIN_BOUND, "{blue}");
}

/// The position after the turn a `nodes`-node search of `position` with `seed` plays (and the
/// banth step its side may then take, chosen alike), with the turn's text.
fn after_searched_turn(position: &Position, nodes: u64, seed: u64) -> (Position, String) {
    let side = position.to_move();
    let mut played = position.clone();
    let mut texts = Vec::new();
    while played.to_move() == side && played.decided().is_none() {
        let thought = search_with_seed(&played, Limits::nodes(nodes), seed);
        texts.push(played.turn_text(&thought.turn));
        thought.turn.iter().for_each(|&mv| _ = played.play(mv));
    }
    (played, texts.join(", "))
}

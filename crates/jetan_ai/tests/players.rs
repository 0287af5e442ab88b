//! Levels, the baselines and self-play.

mod common;

use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use common::{mv, position};
use jetan_ai::selfplay::{MatchConfig, play_match};
use jetan_ai::{Level, Player, Rng, greedy_move, greedy_plus_one_move, random_move};
use jetan_rules::{Position, Side};

#[test]
fn levels_are_read_from_their_names() {
    assert_eq!(Level::from_str("random"), Ok(Level::Random));
    assert_eq!(Level::from_str("Greedy"), Ok(Level::Greedy));
    assert_eq!(Level::from_str("greedy+1"), Ok(Level::GreedyPlusOne));
    for level in 1..=5 {
        assert_eq!(Level::from_str(&level.to_string()), Ok(Level::Search(level)));
    }
    for bad in ["0", "6", "best", ""] {
        assert!(Level::from_str(bad).is_err(), "{bad}");
    }
    let names: Vec<String> = Level::all().iter().map(Level::to_string).collect();
    assert_eq!(names, ["random", "greedy", "greedy+1", "1", "2", "3", "4", "5"]);
}

#[test]
fn stronger_levels_get_more_depth_and_time_and_movetime_overrides_the_time() {
    let limits: Vec<_> = (1..=5).map(|l| Level::Search(l).limits()).collect();
    assert!(limits.windows(2).all(|w| w[0].max_depth < w[1].max_depth && w[0].movetime < w[1].movetime));
    let fast = Level::Search(5).limits().with_movetime(Some(Duration::from_millis(200)));
    assert_eq!(fast.movetime, Some(Duration::from_millis(200)));
    assert_eq!(fast.max_depth, Level::Search(5).limits().max_depth);
    assert_eq!(Level::Search(3).limits().with_movetime(None), Level::Search(3).limits());
}

#[test]
fn bigger_boards_get_fewer_nodes_and_weaker_levels_a_wider_spread() {
    let classic = common::jetan();
    let jeddara = common::variant("jetan_jeddara");
    // Jeddara's 192 squares: levels 1 to 3 keep (100 / 192)² of their nodes (0.27), levels 4
    // and 5 (100 / 192)³ (0.14), so that level 4 still searches more than level 3.
    for level in (1..=5).map(Level::Search) {
        assert_eq!(level.limits_for(&classic), level.limits());
        let (small, big) = (level.limits().max_nodes.unwrap(), level.limits_for(&jeddara).max_nodes.unwrap());
        let share = big as f64 / small as f64;
        let expected = if level.limits().max_depth <= 3 { 0.27 } else { 0.14 };
        assert!((share - expected).abs() < 0.005, "level {level}: {big} of {small}");
        // As long as those nodes take at the benchmark's speeds: (192 / 100)² for levels 1 to
        // 3, 192 / 100 for levels 4 and 5.
        let (time, big_time) = (level.limits().movetime.unwrap(), level.limits_for(&jeddara).movetime.unwrap());
        let slower = big_time.as_secs_f64() / time.as_secs_f64();
        let expected = if level.limits().max_depth <= 3 { 3.69 } else { 1.92 };
        assert!((slower - expected).abs() < 0.01, "level {level}: {big_time:?} for {time:?}");
    }
    for variant in [classic, common::variant("jetan_sarang"), jeddara] {
        let nodes: Vec<u64> = (1..=5).map(|l| Level::Search(l).limits_for(&variant).max_nodes.unwrap()).collect();
        assert!(nodes.windows(2).all(|w| w[0] < w[1]), "{}: {nodes:?}", variant.name());
    }
    let spreads: Vec<i32> = (1..=5).map(|l| Level::Search(l).root_spread()).collect();
    assert!(spreads.windows(2).all(|w| w[0] > w[1] && w[1] > 0), "{spreads:?}");
}

#[test]
fn greedy_takes_the_most_valuable_capture() {
    // A Panthan can take a Padwar (250), a Warrior a Flier (450).
    let position =
        position(&[("e1", "R"), ("c4", "A"), ("h1", "W"), ("d5", "p"), ("h3", "f"), ("a10", "r")], Side::South);
    let mut rng = Rng::new(3);
    for _ in 0..20 {
        assert_eq!(greedy_move(&position, &mut rng), Some(mv(&position, "W h1-h3")));
    }
}

#[test]
fn greedy_prefers_a_win_to_any_capture() {
    let position = position(&[("a1", "R"), ("c3", "F"), ("h1", "W"), ("h3", "d"), ("f6", "r")], Side::South);
    assert_eq!(greedy_move(&position, &mut Rng::new(1)), Some(mv(&position, "F c3-f6")));
}

/// Whether the side to move in `position` can take a piece on `square`.
fn can_take_on(position: &Position, square: &str) -> bool {
    let square = position.variant().geometry().parse(square).unwrap();
    position.legal_moves().into_iter().any(|m| position.victim_squares(m).any(|s| s == square))
}

#[test]
fn greedy_plus_one_takes_what_the_reply_cannot_take_back() {
    // The Warrior can take a Flier (450) on h3, which the North Warrior on h5 takes back; the
    // Panthan can take a Padwar (250) on d5, which nothing takes back.
    let position = position(
        &[("e1", "R"), ("c4", "A"), ("h1", "W"), ("d5", "p"), ("h3", "f"), ("h5", "w"), ("a10", "r")],
        Side::South,
    );
    let greedy = mv(&position, "W h1-h3");
    assert_eq!(greedy_move(&position, &mut Rng::new(3)), Some(greedy));
    let mut after = position.clone();
    after.play(greedy);
    assert!(can_take_on(&after, "h3"), "the Flier is defended");
    for seed in 0..10 {
        assert_eq!(greedy_plus_one_move(&position, &mut Rng::new(seed)), Some(mv(&position, "A c4-d5")));
    }
}

#[test]
fn greedy_plus_one_prefers_a_win_and_keeps_its_princess_out_of_reach() {
    let winning = position(&[("a1", "R"), ("c3", "F"), ("h1", "W"), ("h3", "d"), ("f6", "r")], Side::South);
    assert_eq!(greedy_plus_one_move(&winning, &mut Rng::new(1)), Some(mv(&winning, "F c3-f6")));
    // North to move, its Princess in the South Flier's reach: the Panthan's moves leave her
    // there; greedy+1 never plays one of those.
    let threatened = position(&[("a1", "R"), ("c3", "F"), ("j1", "W"), ("f6", "r"), ("j10", "a")], Side::North);
    assert!(threatened.legal_moves().into_iter().any(|m| {
        let mut after = threatened.clone();
        after.play(m);
        common::can_win_at_once(&after)
    }));
    for seed in 0..10 {
        let chosen = greedy_plus_one_move(&threatened, &mut Rng::new(seed)).unwrap();
        let mut after = threatened.clone();
        after.play(chosen);
        assert!(!common::can_win_at_once(&after), "seed {seed}: {chosen:?} lets South win");
    }
}

#[test]
fn random_and_greedy_moves_are_legal_and_follow_the_seed() {
    let position = Position::start(common::jetan());
    let draw = |seed| {
        let mut rng = Rng::new(seed);
        (0..10).map(|_| random_move(&position, &mut rng).unwrap()).collect::<Vec<_>>()
    };
    assert_eq!(draw(9), draw(9));
    assert!(draw(9).iter().all(|&m| position.is_legal(m)));
    assert!(position.is_legal(greedy_move(&position, &mut Rng::new(9)).unwrap()));
    assert!(position.is_legal(greedy_plus_one_move(&position, &mut Rng::new(9)).unwrap()));
}

#[test]
fn a_player_of_each_level_moves_legally() {
    let position = Position::start(common::jetan());
    let cancel = AtomicBool::new(false);
    for level in Level::all() {
        let thought = Player::new(level, 1).choose(&position, Some(Duration::from_millis(20)), &cancel);
        assert!(position.is_legal(thought.best.unwrap()), "{level}");
    }
}

#[test]
fn a_match_plays_every_game_and_alternates_colours() {
    let mut config = MatchConfig::new(common::jetan(), Level::Greedy, Level::Random);
    config.games = 4;
    config.max_plies = 30;
    config.seed = 11;
    let mut games = Vec::new();
    let score = play_match(&config, |game| games.push(game.clone()));
    assert_eq!(games.len(), 4);
    assert_eq!(score.wins + score.draws + score.losses, 4);
    assert_eq!(
        games.iter().map(|g| g.a_side).collect::<Vec<_>>(),
        [Side::South, Side::North, Side::South, Side::North]
    );
    assert!(games.iter().all(|g| g.moves.len() <= 30));
    assert_eq!(score.to_string(), format!("a: {} wins, {} draws, {} losses", score.wins, score.draws, score.losses));
    let again = play_match(&config, |_| {});
    assert_eq!(again.wins, score.wins, "the seed replays the match");
}

#[test]
fn a_node_limit_replaces_the_time_and_replays_a_match_move_for_move() {
    let limits = Level::Search(5).limits().with_movetime(Some(Duration::from_millis(200))).with_nodes(Some(3000));
    assert_eq!((limits.movetime, limits.max_nodes), (None, Some(3000)));
    assert_eq!(Level::Search(3).limits().with_nodes(None), Level::Search(3).limits());
    // Level 5 would search 3 s a move: the node limits end every search long before.
    let mut config = MatchConfig::new(common::jetan(), Level::Search(5), Level::Search(2));
    config.max_plies = 16;
    config.seed = 5;
    config.nodes = [Some(3000), Some(500)];
    let record = |config: &MatchConfig| {
        let mut moves = Vec::new();
        let score = play_match(config, |game| moves.push(game.moves.clone()));
        let limits = config.nodes.map(|nodes| nodes.expect("a node limit"));
        let within = score.most_nodes.iter().zip(limits).all(|(&most, limit)| most <= limit);
        assert!(within, "searches of {:?} nodes at most, limits {limits:?}", score.most_nodes);
        moves
    };
    let first = record(&config);
    assert_eq!(first.iter().map(Vec::len).sum::<usize>(), 32, "two games of 16 plies: {first:?}");
    assert_eq!(record(&config), first, "the seed and node limits replay the same moves");
    config.nodes[0] = Some(6000);
    assert_ne!(record(&config), first, "another node limit plays other moves");
}

//! Mining puzzles: the AI plays itself (node-limited, so a seed replays the same games), and
//! where a side's prospects jump after the enemy's move (a blunder) or a short forced win
//! appears, the position is kept if exactly one move wins or gains decisive material, and the
//! puzzle's whole line is confirmed by a deeper search ([`crate::verify_with`]).

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use jetan_ai::{Limits, Rng, Searcher, WIN_BOUND, plies_to_end, random_move};
use jetan_rules::{Move, Phase, Position, Variant};

use crate::puzzle::{Aim, Puzzle};
use crate::scores::{Judge, Probe};
use crate::theme::Theme;
use crate::verify::verify_with;

/// How puzzles are mined.
#[derive(Clone, Copy, Debug)]
pub struct MineConfig {
    /// How many games the AI plays itself.
    pub games: u32,
    /// The limits of each move's search in those games (node limits keep them reproducible).
    pub limits: Limits,
    /// The seed the games are derived from.
    pub seed: u64,
    /// A game stops after this many plies.
    pub max_plies: u32,
    /// How many random plies open each game (for variety), at most.
    pub random_plies: u32,
    /// The probe that finds candidates and builds their lines.
    pub probe: Probe,
    /// The deeper probe that confirms them (the probe the puzzles file records).
    pub confirm: Probe,
    /// The most solver turns of a winning line.
    pub max_solver_turns: usize,
}

impl MineConfig {
    /// Mining `games` games with `limits` and `seed`; probes sized for the variant's board.
    pub fn new(variant: &Variant, games: u32, limits: Limits, seed: u64) -> MineConfig {
        // Big boards have hundreds of moves a position: shallower probes, and enough nodes for
        // a search a ply deep to see every reply.
        let big = variant.geometry().len() > 100;
        let (probe, confirm) = if big {
            (
                Probe { depth: 2, nodes: 12_000, ..Probe::default() },
                Probe { depth: 3, nodes: 12_000, ..Probe::default() },
            )
        } else {
            (
                Probe { depth: 3, nodes: 8_000, ..Probe::default() },
                Probe { depth: 4, nodes: 20_000, ..Probe::default() },
            )
        };
        MineConfig { games, limits, seed, max_plies: 200, random_plies: 4, probe, confirm, max_solver_turns: 3 }
    }
}

/// Mines puzzles from `games` self-play games searched within `limits` (give a node limit for
/// reproducible results), seeded by `seed`.
pub fn mine(variant: &Arc<Variant>, games: u32, limits: Limits, seed: u64) -> Vec<Puzzle> {
    mine_with(variant, &MineConfig::new(variant, games, limits, seed), |_| {})
}

/// Mines puzzles as `config` says, telling `found` of each as it is confirmed.
pub fn mine_with(variant: &Arc<Variant>, config: &MineConfig, mut found: impl FnMut(&Puzzle)) -> Vec<Puzzle> {
    let mut puzzles = Vec::new();
    let mut seen = HashSet::new();
    let mut judge = Judge::new(config.probe);
    for game in 0..config.games {
        let mut miner = Miner { config, judge: &mut judge, game, seen: &mut seen };
        miner.play(variant, |puzzle| {
            found(&puzzle);
            puzzles.push(puzzle);
        });
    }
    puzzles
}

/// One game's mining.
struct Miner<'a> {
    config: &'a MineConfig,
    judge: &'a mut Judge,
    game: u32,
    seen: &'a mut HashSet<u64>,
}

impl Miner<'_> {
    /// Plays the game, telling `found` of each puzzle as soon as it is confirmed (a run stopped
    /// in the middle of a long game keeps what it found).
    fn play(&mut self, variant: &Arc<Variant>, mut found: impl FnMut(Puzzle)) {
        let config = self.config;
        let mut rng = Rng::new(Rng::new(config.seed ^ (u64::from(self.game) << 20)).next_u64());
        let mut position = Position::start(variant.clone());
        let opening = rng.below(config.random_plies as usize + 1) as u32;
        while position.ply() < opening && position.decided().is_none() {
            let Some(mv) = random_move(&position, &mut rng) else { break };
            position.play(mv);
        }
        let mut searcher = Searcher::new();
        let cancel = AtomicBool::new(false);
        // The last turn's mover's score, from its own point of view.
        let mut expected: Option<i32> = None;
        while position.decided().is_none() && position.ply() < config.max_plies {
            let seed = rng.next_u64();
            let thought = searcher.think(&position, &config.limits, &cancel, seed);
            if thought.best.is_none() {
                break;
            }
            if position.phase() == Phase::Turn {
                let score = thought.score;
                // The enemy's move let the score jump, from below the threshold (so the side
                // wasn't already winning, where many moves would do) to above it.
                let jumped =
                    expected.is_some_and(|e| score + e >= config.probe.margin / 2 && -e < config.probe.threshold);
                let short_win =
                    plies_to_end(score).is_some_and(|p| score > 0 && p <= 2 * config.max_solver_turns as i32);
                if ((jumped && score >= config.probe.threshold) || short_win)
                    && let Some(puzzle) = self.puzzle(&position)
                {
                    found(puzzle);
                }
                expected = Some(score);
            }
            for mv in thought.turn {
                if position.decided().is_some() || !position.is_legal(mv) {
                    break;
                }
                position.play(mv);
            }
        }
    }

    /// The puzzle at `position`, if exactly one move does the job and the line is confirmed.
    fn puzzle(&mut self, position: &Position) -> Option<Puzzle> {
        if !self.seen.insert(position.hash()) {
            return None;
        }
        let side = position.to_move();
        let depth = self.judge.probe().depth;
        let (turn, score) = self.judge.best(position, depth);
        let aim = if score > WIN_BOUND { Aim::Win } else { Aim::Material };
        let mut line = Line { position: position.clone(), texts: Vec::new(), turns: Vec::new() };
        let first = *turn.first()?;
        if let Err(e) = self.judge.unique(position, first, aim) {
            debug(&format!("candidate {} {score}: {e}", position.to_text()));
            return None;
        }
        let turn = self.finish_turn(&line.position, turn);
        line.push(turn);
        let most = if aim == Aim::Win { self.config.max_solver_turns } else { 2 };
        while line.position.decided().is_none() && line.texts.len() < 2 * most - 1 {
            let (reply, _) = self.judge.best(&line.position, depth);
            let reply = self.finish_turn(&line.position, reply);
            let mut next = line.clone();
            next.push(reply);
            if next.position.decided().is_some() {
                break;
            }
            let (turn, _) = self.judge.best(&next.position, depth);
            let Some(&first) = turn.first() else { break };
            if self.judge.unique(&next.position, first, aim).is_err() {
                break;
            }
            let turn = self.finish_turn(&next.position, turn);
            next.push(turn);
            line = next;
        }
        let (theme, piece) = Theme::infer(position, &line.turns[0], aim);
        let mut puzzle = Puzzle {
            start: position.clone(),
            side,
            solution: line.texts,
            aim,
            theme,
            piece,
            difficulty: 1,
            origin: format!("seed {} game {} ply {}", self.config.seed, self.game + 1, position.ply()),
            probe: self.config.confirm,
        };
        if let Err(e) = verify_with(&puzzle, self.config.confirm) {
            debug(&format!("unconfirmed {}: {e}", position.to_text()));
            return None;
        }
        puzzle.difficulty = self.difficulty(&puzzle, first);
        Some(puzzle)
    }

    /// `turn` (a search's plies) completed with the same side's further plies (a banth step):
    /// the whole turn, ending where the other side is to move or the game is over.
    fn finish_turn(&mut self, position: &Position, turn: Vec<Move>) -> Vec<Move> {
        let side = position.to_move();
        let mut after = position.clone();
        let mut plies = Vec::new();
        for mv in turn {
            if after.decided().is_some() || after.to_move() != side || !after.is_legal(mv) {
                break;
            }
            after.play(mv);
            plies.push(mv);
        }
        while after.decided().is_none() && after.to_move() == side {
            let (more, _) = self.judge.best(&after, 1);
            let Some(&mv) = more.first() else { break };
            after.play(mv);
            plies.push(mv);
        }
        plies
    }

    /// The shallowest depth whose search finds the first move, plus one per further solver turn.
    fn difficulty(&mut self, puzzle: &Puzzle, first: Move) -> u8 {
        let depth = (1..=self.config.confirm.depth + 2)
            .find(|&depth| self.judge.best(&puzzle.start, depth).0.first() == Some(&first))
            .unwrap_or(self.config.confirm.depth + 3);
        (depth as usize + puzzle.solver_turns() - 1).min(9) as u8
    }
}

/// A solution line being built: the position at its end, its turns' texts and plies.
#[derive(Clone)]
struct Line {
    position: Position,
    texts: Vec<String>,
    turns: Vec<Vec<Move>>,
}

impl Line {
    fn push(&mut self, plies: Vec<Move>) {
        self.texts.push(self.position.turn_text(&plies));
        for &mv in &plies {
            self.position.play(mv);
        }
        self.turns.push(plies);
    }
}

/// Says why a candidate was dropped, when `JETAN_MINE_DEBUG` is set.
fn debug(line: &str) {
    if std::env::var_os("JETAN_MINE_DEBUG").is_some() {
        eprintln!("{line}");
    }
}

//! The Zitidar (RULES.md §5.10): the train of cars that keeps between turns, grows by up to a
//! few cars a move and snakes along the Zitidar's walk; and its straight-line plough through
//! enemy pieces.

use crate::fast_hash::FastSet;
use crate::filter::Aim;
use crate::list::List;
use crate::movegen::Scope;
use crate::walk::{ANY_WALK, WalkRule, first_walk, walks_through};
use crate::{Dir, MAX_REMOVALS, Move, MoveKind, Movement, Piece, Position, Square, SquareSet, Step};

/// The most cars a train has.
pub const MAX_CARS: usize = 8;
/// The most trains on a board.
pub const MAX_TRAINS: usize = 4;

/// A train's cars, or some of them, by square.
type Cars = List<Square, MAX_CARS>;

/// A Zitidar's train: its square and its cars', the first car behind it first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Train {
    /// The Zitidar's square.
    pub engine: Square,
    /// The cars' squares, each on one of the 8 squares around the one ahead of it.
    pub cars: List<Square, MAX_CARS>,
}

/// A walk of a hauler: its squares (origin first) and the enemy pieces it ploughs through.
pub(crate) struct HaulerWalk {
    pub squares: Vec<Square>,
    pub ploughed: List<Square, MAX_REMOVALS>,
}

impl HaulerWalk {
    /// Whether it passes through, ends on or ploughs one of `squares`.
    fn touches(&self, squares: SquareSet) -> bool {
        self.squares.iter().chain(self.ploughed.iter()).any(|&s| squares.contains(s))
    }
}

impl Position {
    /// The trains on the board.
    pub fn trains(&self) -> &[Train] {
        &self.trains
    }

    /// Whether the piece on `square` is a car of some train (as the trains stand before a
    /// move: a car that a charmed car cuts off stays where it is, out of reach of new trains
    /// until the next move).
    fn is_car(&self, square: Square) -> bool {
        self.trains.iter().any(|train| train.cars.contains(&square))
    }

    /// The train of the Zitidar on `engine`, if it has one.
    pub fn train_of(&self, engine: Square) -> Option<&Train> {
        self.trains.iter().find(|t| t.engine == engine)
    }

    /// Appends the moves of the hauler on `from`: for each way of attaching cars to its train
    /// (none included), each of its walks, its train (cut before the first car that is charmed
    /// or, having allegiance, serves the other side this turn) following; without cars, its single moves and ploughs. Walks that can't touch the
    /// squares of `aim` are skipped.
    pub(crate) fn hauler_moves(&self, scope: &Scope, from: Square, aim: &Aim, out: &mut Vec<Move>) {
        let piece = self.board[from.index()].expect("movable squares hold pieces");
        let kind = self.variant.piece_kind(piece);
        let (most, attach, _) = kind.hauls.as_ref().map_or((0, 0, &Vec::new()), |(c, a, e)| (*c, *a, e));
        let cars: Cars = self
            .train_of(from)
            .map(|t| {
                t.cars.iter().copied().take_while(|&c| scope.own.contains(c) && !scope.charmed.contains(c)).collect()
            })
            .unwrap_or_default();
        let left = attach.min(most.saturating_sub(cars.len() as u8)).min(scope.most_followers);
        let tail = cars.last().copied().unwrap_or(from);
        let geometry = self.variant.geometry();
        let attachable = |square: Square| geometry.distance(square, tail) <= i32::from(left);
        // Only a side-killer touches a square by landing beside it: a train that can't have one
        // touches the aim's squares themselves.
        let side_kills =
            |square: Square| self.board[square.index()].is_some_and(|p| self.variant.kind(p.kind).side_kill);
        let may_side_kill = [from].iter().chain(cars.iter()).any(|&s| side_kills(s))
            || scope.followers.iter().any(|s| side_kills(s) && attachable(s));
        let landing = if may_side_kill { aim.landing } else { aim.squares };
        // A train's pieces land on its walk or where its cars stood: its cars' squares and
        // those of the pieces it may attach, within `left` steps of its tail.
        let chain_touches = |chain: &[Square]| chain.iter().any(|&s| landing.contains(s));
        let chain_may_touch = chain_touches(&cars) || scope.own.and(landing).iter().any(attachable);
        // Its walks stay within its movements' span.
        let span = kind.moves.iter().map(|m| m.span().map_or(i32::MAX, i32::from)).max().unwrap_or(0);
        if !chain_may_touch && !landing.iter().any(|s| geometry.distance(s, from) <= span) {
            return;
        }
        let walks = self.hauler_walks(scope, from, if chain_may_touch { SquareSet::FULL } else { landing });
        if walks.is_empty() {
            return;
        }
        let mut chains = vec![Cars::new()];
        self.attachments(scope, from, &cars, left, &mut Cars::new(), &mut chains);
        let mut seen = FastSet::default();
        for chain in chains {
            let all: Cars = cars.iter().chain(chain.iter()).copied().collect();
            let touches = chain_touches(&all);
            for walk in walks.iter().filter(|walk| touches || walk.touches(landing)) {
                let to = *walk.squares.last().expect("walks are never empty");
                let mut mv = Move::single(from, to, if all.is_empty() { MoveKind::Normal } else { MoveKind::Train });
                mv.removals = walk.ploughed;
                let trail = walk.squares[..walk.squares.len() - 1].iter().rev().chain(all.iter());
                for (&car, &landing) in all.iter().zip(trail) {
                    mv.steps.push(Step { from: car, to: landing });
                }
                // Two cars of one kind swapped are the same effect.
                let mut vacated = all;
                vacated.sort_from_by_key(0, |&square| square);
                let landed: List<_, { MAX_CARS + 1 }> =
                    mv.steps.iter().map(|s| (s.to, self.board[s.from.index()])).collect();
                if seen.insert((vacated, landed, mv.removals)) {
                    self.finish(mv, out);
                }
            }
        }
    }

    /// Appends to `chains` every chain of 1 to `left` more cars continuing `chain` from the
    /// tail of the train (`cars` behind the hauler on `engine`): pieces that are no train's
    /// cars.
    fn attachments(
        &self,
        scope: &Scope,
        engine: Square,
        cars: &[Square],
        left: u8,
        chain: &mut Cars,
        chains: &mut Vec<Cars>,
    ) {
        if left == 0 {
            return;
        }
        let hauler = self.board[engine.index()].expect("the hauler stands on its square");
        let excludes = &self.variant.kind(hauler.kind).hauls.as_ref().expect("a hauler").2;
        let tail = chain.last().or(cars.last()).copied().unwrap_or(engine);
        for square in self.variant.tables.adjacent(tail) {
            let eligible = scope.followers.contains(square)
                && square != engine
                && !cars.contains(&square)
                && !chain.contains(&square)
                && !self.is_car(square)
                && self.board[square.index()].is_some_and(|p| !excludes.contains(&p.kind));
            if eligible {
                chain.push(square);
                chains.push(*chain);
                self.attachments(scope, engine, cars, left - 1, chain, chains);
                chain.pop();
            }
        }
    }

    /// The walks of the hauler on `from`: its walking movements' walks (`Path`, `Combo`; a
    /// hauler's other movements are not used) through empty squares, ending on an empty square or
    /// an enemy it may capture; and, if it ploughs, its straight lines through enemies it may
    /// capture, each taken, ending likewise.
    /// Only the walks that touch `touching` (pass through, end on or plough one of its squares)
    /// are listed; for a probe aimed at occupied squares, one walk to each.
    fn hauler_walks(&self, scope: &Scope, from: Square, touching: SquareSet) -> Vec<HaulerWalk> {
        let geometry = self.variant.geometry();
        let piece = self.board[from.index()].expect("a hauler stands on its square");
        let kind = self.variant.piece_kind(piece);
        let lands = |square: Square| match self.board[square.index()] {
            None => true,
            Some(victim) => !scope.own.contains(square) && self.variant.may_land_on(piece.kind, victim.kind),
        };
        let rules = || kind.moves.iter().filter_map(WalkRule::of);
        let passable = |s: Square| !scope.occupied.contains(s);
        let mut walks = Vec::new();
        if scope.probe && touching.is_subset(&scope.occupied) {
            // A walk can't pass an occupied square, only end on it: a probe needs one walk to
            // each square it may land on, not every walk near them.
            let ends = self.reach(piece, from, &scope.occupied).and(touching);
            for to in ends.iter().filter(|&to| lands(to)) {
                let walk = rules().find_map(|rule| first_walk(geometry, from, to, &rule, &passable));
                walks.extend(walk.map(|squares| HaulerWalk { squares, ploughed: List::new() }));
            }
        } else {
            self.every_walk(from, &kind.moves, touching, &passable, &lands, &mut walks);
        }
        let ploughs = self.plough_lines(piece, from, scope.occupied, scope.own);
        walks.extend(ploughs.into_iter().filter(|line| line.touches(touching)));
        walks
    }

    /// Appends to `walks` the walks of `movements` from `from` that touch `touching` (pass
    /// through or end on one of its squares), through `passable` squares, ending where the
    /// hauler `lands`.
    fn every_walk(
        &self,
        from: Square,
        movements: &[Movement],
        touching: SquareSet,
        passable: &impl Fn(Square) -> bool,
        lands: &impl Fn(Square) -> bool,
        walks: &mut Vec<HaulerWalk>,
    ) {
        let geometry = self.variant.geometry();
        let rules = || movements.iter().filter_map(WalkRule::of);
        let vicinity;
        let near = if touching == SquareSet::FULL {
            ANY_WALK
        } else {
            let steps = rules().map(|rule| rule.max_steps()).max().unwrap_or(0);
            vicinity = self.variant.tables.vicinity(touching, steps);
            &vicinity
        };
        for rule in rules() {
            walks_through(geometry, from, &rule, passable, near, &mut |walk| {
                if lands(*walk.last().expect("walks are never empty")) {
                    walks.push(HaulerWalk { squares: walk.to_vec(), ploughed: List::new() });
                }
            });
        }
    }

    /// The plough lines of `piece` standing on `from`, if it ploughs: its straight lines
    /// through enemies it may capture (at least one), each taken, up to its plough's reach,
    /// ending on an empty square or an enemy it may capture; `occupied` and `own` are the
    /// occupied squares and its side's (after lifting any group off the board, or after the move
    /// that took it to `from`).
    #[inline]
    pub(crate) fn plough_lines(
        &self,
        piece: Piece,
        from: Square,
        occupied: SquareSet,
        own: SquareSet,
    ) -> Vec<HaulerWalk> {
        match self.variant.kind(piece.kind).plough {
            Some(reach) => self.plough_lines_of(reach, piece, from, occupied, own),
            None => Vec::new(),
        }
    }

    /// [`Position::plough_lines`] of a plough with `reach`.
    fn plough_lines_of(
        &self,
        reach: u8,
        piece: Piece,
        from: Square,
        occupied: SquareSet,
        own: SquareSet,
    ) -> Vec<HaulerWalk> {
        let geometry = self.variant.geometry();
        let lands = |square: Square| {
            !occupied.contains(square)
                || (!own.contains(square)
                    && self.board[square.index()]
                        .is_some_and(|victim| self.variant.may_land_on(piece.kind, victim.kind)))
        };
        let mut lines = Vec::new();
        for dir in Dir::ALL {
            // A plough removes at most `MAX_REMOVALS` pieces, so its reach is no longer.
            let mut squares: List<Square, { MAX_REMOVALS + 1 }> = List::new();
            squares.push(from);
            let mut ploughed: List<Square, MAX_REMOVALS> = List::new();
            for _ in 0..reach {
                let Some(next) = geometry.step(*squares.last().expect("a line has its origin"), dir) else { break };
                if !lands(next) || squares.is_full() {
                    break;
                }
                squares.push(next);
                if !ploughed.is_empty() {
                    lines.push(HaulerWalk { squares: squares.to_vec(), ploughed });
                }
                if !occupied.contains(next) {
                    continue;
                }
                if ploughed.is_full() {
                    break;
                }
                ploughed.push(next);
            }
        }
        lines
    }

    /// The walk a train move's hauler takes: the first of its walks that moves the train as
    /// `mv` does.
    pub(crate) fn train_walk(&self, mv: Move) -> Option<Vec<Square>> {
        let lead = mv.lead()?;
        let scope = self.scope();
        let cars: Vec<Square> = mv.steps.iter().skip(1).map(|s| s.from).collect();
        self.hauler_walks(&scope, lead.from, SquareSet::FULL).into_iter().map(|w| w.squares).find(|walk| {
            walk.last() == Some(&lead.to)
                && walk[..walk.len() - 1]
                    .iter()
                    .rev()
                    .chain(&cars)
                    .zip(mv.steps.iter().skip(1))
                    .all(|(&t, s)| t == s.to)
        })
    }

    /// The trains after `mv`, if it changes them: a train move's hauler takes its new train;
    /// every other train loses its hauler if it was moved or taken, and its cars from the first
    /// moved or taken. `None` when the trains stay as they are (always, without trains).
    pub(crate) fn trains_after(&self, mv: &Move) -> Option<List<Train, MAX_TRAINS>> {
        let touched = |square: Square| {
            mv.steps.iter().any(|s| s.from == square || s.to == square)
                || mv.removals.contains(&square)
                || mv.promotions.iter().any(|p| p.at == square || p.home == square)
        };
        let touches_train = |train: &Train| touched(train.engine) || train.cars.iter().any(|&car| touched(car));
        if mv.kind != MoveKind::Train && !self.trains.iter().any(touches_train) {
            return None;
        }
        let mut trains: List<Train, MAX_TRAINS> = List::new();
        for train in self.trains.iter().filter(|t| !touched(t.engine)) {
            let cars: List<Square, MAX_CARS> = train.cars.iter().copied().take_while(|&c| !touched(c)).collect();
            if !cars.is_empty() {
                trains.push(Train { engine: train.engine, cars });
            }
        }
        if mv.kind == MoveKind::Train {
            let lead = mv.lead().expect("a train move moves its hauler");
            trains.push(Train { engine: lead.to, cars: mv.steps.iter().skip(1).map(|s| s.to).collect() });
        }
        Some(trains)
    }

    /// The hash key of a set of trains.
    pub(crate) fn trains_key(&self, trains: &[Train]) -> u64 {
        let zobrist = &self.variant.zobrist;
        trains.iter().fold(0, |hash, train| {
            let cars = train.cars.iter().enumerate().fold(0, |h, (i, &car)| h ^ zobrist.train_car(i, car));
            hash ^ zobrist.train_engine(train.engine) ^ cars
        })
    }

    /// The paths of a train move's pieces: the hauler's walk, and each car's way along the cars
    /// ahead of it and the hauler's walk to where it lands.
    pub(crate) fn train_paths(&self, mv: Move) -> Vec<Vec<Square>> {
        let Some(lead) = mv.lead() else { return Vec::new() };
        let walk = self.train_walk(mv).unwrap_or_else(|| vec![lead.from, lead.to]);
        let cars: Vec<Square> = mv.steps.iter().skip(1).map(|s| s.from).collect();
        let mut paths = vec![walk.clone()];
        for (i, step) in mv.steps.iter().skip(1).enumerate() {
            let ahead = cars[..=i].iter().rev().chain(&walk);
            let mut path = Vec::new();
            for &square in ahead {
                path.push(square);
                if square == step.to {
                    break;
                }
            }
            paths.push(path);
        }
        paths
    }
}

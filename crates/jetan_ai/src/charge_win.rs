//! Wins within one Charge: whether the side to move, declaring a Charge now (or inside one),
//! can win before it ends, by a sub-move that takes an enemy royal piece (or brings a piece
//! where it wins by arriving) once earlier sub-moves have cleared its way: moved its own
//! pieces out of the line, or taken the enemy pieces standing in it.

use std::time::Instant;

use jetan_rules::{Move, MoveFilter, MoveKind, Phase, Position, Side, Square, SquareSet, Verdict};

use crate::facts::Facts;
use crate::generation;

/// The most pieces in the way of one winning sub-move that the search clears, each by a
/// sub-move of its own (so a win is at most this many sub-moves, and the last, long).
pub const MOST_CLEARED: usize = 2;
/// A piece's walk to its target may leave the straight way by this many king steps in all
/// (a Dwar's three orthogonal steps to a square diagonally next to it): the squares farther
/// off are never in its way.
const DETOUR: i32 = 2;
/// The most squares in the way of one sub-move whose pairs are tried (pairs grow fast).
const MOST_PAIRED: usize = 8;

/// Which sub-moves the search for a win within one Charge tries before the winning one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FirstSubmoves {
    /// Only those that clear the way of a piece to its target (cheap: asked at every node).
    Clearing,
    /// Any sub-move first (bringing a passenger next to an airship, taking a charmer, …), then
    /// those that clear the way (hundreds of times dearer: asked at the root), trying no more
    /// first sub-moves once `until` has passed (a win not found then is taken for none).
    Any { until: Option<Instant> },
}

/// The plies of a win within one Charge for the side to move, if it has one: the declaration
/// first when its turn has just begun, then the sub-moves; the last of them wins the game.
/// Nothing when the side may not declare (or is not inside a Charge).
pub(crate) fn find(position: &Position, facts: &Facts) -> Option<Vec<Move>> {
    find_in(position, facts, FirstSubmoves::Clearing)
}

/// [`find`], trying the sub-moves `first` says before the winning one.
pub(crate) fn find_in(position: &Position, facts: &Facts, first: FirstSubmoves) -> Option<Vec<Move>> {
    let mut charging = position.clone();
    let mut plies = Vec::new();
    match position.phase() {
        Phase::Turn if position.can_declare_charge() => {
            let declaration = Move::declaration(MoveKind::Charge);
            charging.play(declaration);
            plies.push(declaration);
        }
        Phase::Charge { .. } if position.decided().is_none() => {}
        _ => return None,
    }
    let won = match first {
        FirstSubmoves::Clearing => clear_and_win(&mut charging, facts, MOST_CLEARED, &mut plies),
        FirstSubmoves::Any { until } => any_then_win(&mut charging, facts, until, &mut plies),
    };
    won.then_some(plies)
}

/// Whether the side to move, inside a Charge, wins with any sub-move followed by a win as
/// [`clear_and_win`] finds it (one clearing fewer), the first sub-moves tried until `until`; the
/// winning sub-moves appended to `plies`.
fn any_then_win(position: &mut Position, facts: &Facts, until: Option<Instant>, plies: &mut Vec<Move>) -> bool {
    if clear_and_win(position, facts, MOST_CLEARED, plies) {
        return true;
    }
    let side = position.to_move();
    let mut firsts = Vec::new();
    generation::moves(position, facts, false, &mut firsts);
    firsts.retain(|mv| mv.kind != MoveKind::EndCharge);
    let before = plies.len();
    for first in firsts {
        if until.is_some_and(|end| Instant::now() >= end) {
            return false;
        }
        let undo = position.play(first);
        plies.push(first);
        let won = match position.decided() {
            Some(outcome) => outcome.winner == Some(side),
            None => {
                let charging = position.to_move() == side && matches!(position.phase(), Phase::Charge { .. });
                charging && clear_and_win(position, facts, MOST_CLEARED - 1, plies)
            }
        };
        position.undo(undo);
        if won {
            return true;
        }
        plies.truncate(before);
    }
    false
}

/// Whether the side to move, inside a Charge, wins with at most `clearings` sub-moves clearing
/// the way first; the winning sub-moves are appended to `plies` if so.
fn clear_and_win(position: &mut Position, facts: &Facts, clearings: usize, plies: &mut Vec<Move>) -> bool {
    let side = position.to_move();
    if let Some(win) = winning_submove(position, facts) {
        plies.push(win);
        return true;
    }
    if clearings == 0 {
        return false;
    }
    let before = plies.len();
    for clearing in clearing_submoves(position, facts) {
        let undo = position.play(clearing);
        plies.push(clearing);
        let won = match position.decided() {
            Some(outcome) => outcome.winner == Some(side),
            None => {
                let charging = position.to_move() == side && matches!(position.phase(), Phase::Charge { .. });
                charging && clear_and_win(position, facts, clearings - 1, plies)
            }
        };
        position.undo(undo);
        if won {
            return true;
        }
        plies.truncate(before);
    }
    false
}

/// A legal move of the side to move that wins the game at once, if there is one.
pub(crate) fn winning_submove(position: &mut Position, facts: &Facts) -> Option<Move> {
    let side = position.to_move();
    let mut candidates = Vec::new();
    generation::winning_candidates(position, facts, &mut candidates);
    candidates.into_iter().find(|&mv| {
        let undo = position.play(mv);
        let won = position.decided().is_some_and(|outcome| outcome.winner == Some(side));
        position.undo(undo);
        won
    })
}

/// The sub-moves that clear the way of a piece that could move next to a square where it wins
/// (an enemy royal piece it wins by taking, or a square where it wins by arriving), were one or
/// two pieces out of its way: the moves of its own pieces standing in the way (not from the
/// file it needs), and the captures of the enemy pieces there (not by itself).
fn clearing_submoves(position: &Position, facts: &Facts) -> Vec<Move> {
    let side = position.to_move();
    let geometry = facts.geometry();
    let occupied = position.occupied();
    let mut clearings: Vec<Move> = Vec::new();
    for from in charge_movers(position).iter() {
        let piece = position.piece_at(from).expect("movers stand on squares");
        let open_reach = position.reach(piece, from, &SquareSet::EMPTY);
        for target in win_targets(position, facts, side, from).and(open_reach).iter() {
            let reaches_without = |gone: SquareSet| position.reach(piece, from, &occupied.minus(gone)).contains(target);
            if reaches_without(SquareSet::EMPTY) {
                // Its way is open already: held back by something other than pieces in it.
                continue;
            }
            let way = geometry.distance(from, target) + DETOUR;
            let in_way: Vec<Square> = occupied
                .iter()
                .filter(|&s| {
                    s != from && s != target && geometry.distance(from, s) + geometry.distance(s, target) <= way
                })
                .collect();
            let singles: Vec<Square> =
                in_way.iter().copied().filter(|&s| reaches_without(SquareSet::only(s))).collect();
            // The pieces that block even with all the others gone (each square of a slider's
            // line): clearing those few opens the way.
            let all: SquareSet = in_way.iter().copied().collect();
            let needed: Vec<Square> =
                in_way.iter().copied().filter(|&s| !reaches_without(all.minus(SquareSet::only(s)))).collect();
            let needed_open = reaches_without(needed.iter().copied().collect());
            let mut blockers = singles.clone();
            if singles.is_empty() && needed_open && (1..=MOST_CLEARED).contains(&needed.len()) {
                blockers = needed;
            } else if singles.is_empty() && in_way.len() <= MOST_PAIRED {
                for (i, &a) in in_way.iter().enumerate() {
                    for &b in &in_way[i + 1..] {
                        if reaches_without(SquareSet::only(a).or(SquareSet::only(b))) {
                            blockers.extend([a, b]);
                        }
                    }
                }
            }
            blockers.sort_unstable_by_key(|s| s.index());
            blockers.dedup();
            for blocker in blockers {
                for mv in moves_clearing(position, facts, blocker, from) {
                    if !clearings.contains(&mv) {
                        clearings.push(mv);
                    }
                }
            }
        }
    }
    clearings
}

/// The squares where the piece on `from`, of `side`, wins by landing: the enemy royal pieces
/// it wins by taking, and the empty squares where it wins by arriving.
fn win_targets(position: &Position, facts: &Facts, side: Side, from: Square) -> SquareSet {
    let piece = position.piece_at(from).expect("movers stand on squares");
    let royals = facts
        .royals(position, side.opponent())
        .filter(|&(_, royal)| facts.verdict(royal, piece) == Some(Verdict::Win))
        .map(|(square, _)| square)
        .collect::<SquareSet>();
    let arrivals = facts.goals(side).iter().filter(|&goal| facts.wins_by_reaching(piece, goal)).collect::<SquareSet>();
    royals.or(arrivals.minus(position.occupied()))
}

/// The sub-moves that take the piece on `blocker` out of the way of the piece on `keeper`
/// (which must stay, with its file unused): its own moves if it is a piece of the side to move,
/// else the captures of it by other pieces.
fn moves_clearing(position: &Position, facts: &Facts, blocker: Square, keeper: Square) -> Vec<Move> {
    let geometry = facts.geometry();
    let side = position.to_move();
    let own = position.occupied_by(side).contains(blocker);
    let mut moves = Vec::new();
    let filter = if own {
        if !charge_movers(position).contains(blocker) || geometry.file(blocker) == geometry.file(keeper) {
            return moves;
        }
        let piece = position.piece_at(blocker).expect("blockers stand on squares");
        MoveFilter::touching(position.reach(piece, blocker, &position.occupied()))
    } else {
        MoveFilter::touching(SquareSet::only(blocker))
    };
    position.generate_some(filter.with_followers(facts.followers()), &mut moves);
    let actor = |mv: &Move| mv.actor.or(mv.lead().map(|step| step.from));
    moves.retain(|mv| {
        let moves_keeper = mv.steps.iter().any(|step| step.from == keeper);
        let uses_keepers_file = actor(mv).is_some_and(|a| geometry.file(a) == geometry.file(keeper));
        let clears = if own {
            mv.steps.iter().any(|step| step.from == blocker)
        } else {
            position.victim_squares(*mv).any(|s| s == blocker)
        };
        clears && !moves_keeper && !uses_keepers_file
    });
    moves
}

/// The pieces of the side to move that may make a Charge's sub-move: not held by charm, not
/// moved in this Charge, not on a file it has used (all of them, for a Charge not begun).
pub(crate) fn charge_movers(position: &Position) -> SquareSet {
    let side = position.to_move();
    let free = position.occupied_by(side).minus(position.charmed(side));
    match position.phase() {
        Phase::Charge { files, moved, .. } => {
            let geometry = position.variant().geometry();
            free.minus(moved).iter().filter(|&s| files & 1 << geometry.file(s) == 0).collect()
        }
        _ => free,
    }
}

/// Wins within one Charge, for tools and tests: the AI's own finder (see [`ChargeWins::win`]),
/// with what it knows of one variant.
#[derive(Debug)]
pub struct ChargeWins {
    facts: Facts,
}

impl ChargeWins {
    /// A finder for the positions of `position`'s variant.
    pub fn new(position: &Position) -> ChargeWins {
        ChargeWins { facts: Facts::new(position) }
    }

    /// The plies of a win within one Charge for the side to move (its declaration first when
    /// its turn has just begun; the last sub-move wins), as the AI finds them: a sub-move that
    /// takes an enemy royal piece or arrives where it wins, after at most [`MOST_CLEARED`]
    /// sub-moves that clear its way. `None` if it finds none or the side may not Charge.
    pub fn win(&self, position: &Position) -> Option<Vec<Move>> {
        find(position, &self.facts)
    }

    /// [`ChargeWins::win`] trying any sub-move first, then those that clear a way, as the root
    /// of a search does: also the wins that bring a passenger next to an airship first, or take
    /// a charmer.
    pub fn win_with_any_first(&self, position: &Position) -> Option<Vec<Move>> {
        find_in(position, &self.facts, FirstSubmoves::Any { until: None })
    }

    /// A legal move of the side to move that wins the game at once, if it has one.
    pub fn winning_move(&self, position: &Position) -> Option<Move> {
        winning_submove(&mut position.clone(), &self.facts)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use jetan_rules::{Move, MoveKind, Position, Side};

    use super::{ChargeWins, find};
    use crate::facts::Facts;
    use crate::testing::{random_positions, variant};

    /// Jetan Jeddara with Red's Jeddak on a5 and its own Panthan on d8 in the Jeddak's way to
    /// Blue's Jeddara on h12 (and six Panthans a side that make a Charge possible), `side` to
    /// move; `blocker` moves the Panthan elsewhere.
    pub(crate) fn opened_line(side: &str, blocker: &str) -> Position {
        let rows = match blocker {
            "d8" => "7b8/16/16/8mmmmmm2/3M12/8MMMMMM2/16/K15/16/16/16/7B8",
            // A Pantha on e9 too, in the same line.
            "d8 e9" => "7b8/16/16/4P3mmmmmm2/3M12/8MMMMMM2/16/K15/16/16/16/7B8",
            // On the Jeddak's own file, a Jedwar-like line up the a-file to a Jeddara on a12.
            "a8" => "b15/16/16/8mmmmmm2/M15/8MMMMMM2/16/K15/16/16/16/7B8",
            other => panic!("no such test position: {other}"),
        };
        Position::from_text(variant("jetan_jeddara", &[]), &format!("{rows} {side} - - 0")).unwrap()
    }

    /// The winner after `plies` are played from `position` (each checked legal).
    fn winner_after(position: &Position, plies: &[Move]) -> Option<Side> {
        let mut after = position.clone();
        for &mv in plies {
            assert!(after.legal_moves().contains(&mv), "{} is not legal", after.move_text(mv));
            after.play(mv);
        }
        after.outcome().and_then(|outcome| outcome.winner)
    }

    #[test]
    fn a_piece_steps_out_of_the_line_and_the_jeddak_takes_the_jeddara_through_it() {
        let position = opened_line("s", "d8");
        let facts = Facts::new(&position);
        let finder = ChargeWins::new(&position);
        assert_eq!(finder.winning_move(&position), None, "no single move wins");
        let plies = find(&position, &facts).expect("a win within the Charge");
        assert_eq!(plies.len(), 3, "{}", position.turn_text(&plies));
        assert_eq!(plies[0], Move::declaration(MoveKind::Charge));
        assert_eq!(winner_after(&position, &plies), Some(Side::South));
        // Blue, to move, has no such win: its Jeddara is the one in danger.
        assert_eq!(find(&opened_line("n", "d8"), &facts), None);
    }

    #[test]
    fn two_pieces_step_out_of_a_long_line_for_the_jeddak() {
        let position = opened_line("s", "d8 e9");
        let plies = find(&position, &Facts::new(&position)).expect("a win within the Charge");
        assert_eq!(plies.len(), 4, "{}", position.turn_text(&plies));
        assert_eq!(winner_after(&position, &plies), Some(Side::South));
    }

    #[test]
    fn a_piece_in_the_way_on_the_file_its_winner_needs_is_not_moved_out_of_it() {
        // Moving the Panthan on a8 uses up file a, the Jeddak's: the Jeddak may not move after.
        let position = opened_line("s", "a8");
        assert_eq!(find(&position, &Facts::new(&position)), None);
    }

    #[test]
    fn every_win_found_along_random_games_is_legal_and_wins() {
        let jeddara = variant("jetan_jeddara", &[]);
        let positions = random_positions(&jeddara, 52, 4, 80);
        let facts = Facts::new(&positions[0]);
        let mut wins = 0;
        for position in &positions {
            if let Some(plies) = find(position, &facts) {
                wins += 1;
                assert_eq!(winner_after(position, &plies), Some(position.to_move()), "{}", position.to_text());
            }
        }
        assert!(wins > 0, "random games give Charges that win");
    }
}

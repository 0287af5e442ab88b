//! The baseline players, to measure the search against: a random mover, a greedy one, and a
//! greedy one that looks at the reply.

use jetan_rules::{Move, MoveFilter, Position};

use crate::facts::Facts;
use crate::rng::Rng;

/// A uniformly random legal move; `None` if there is none.
pub fn random_move(position: &Position, rng: &mut Rng) -> Option<Move> {
    let moves = position.legal_moves();
    (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
}

/// The greedy baseline: a move that wins at once if there is one; else the capture of the most
/// valuable piece (values from the variant file) among captures that don't end the game (so it
/// doesn't take a Chief with a lesser piece just to draw); else a random legal move. Ties are
/// broken at random. `None` if there is no legal move.
pub fn greedy_move(position: &Position, rng: &mut Rng) -> Option<Move> {
    let side = position.to_move();
    let mut after = position.clone();
    let gains = position.legal_moves().into_iter().map(|mv| {
        let taken = material_taken(position, mv);
        let undo = after.play(mv);
        let outcome = after.decided();
        after.undo(undo);
        let gain = match outcome {
            Some(outcome) if outcome.winner == Some(side) => Some(i32::MAX),
            Some(_) => None,
            None => (taken > 0).then_some(taken),
        };
        (mv, gain)
    });
    let (moves, gains): (Vec<Move>, Vec<Option<i32>>) = gains.unzip();
    let best = gains.iter().flatten().max().copied();
    let choices: Vec<Move> = match best {
        Some(best) => moves.iter().zip(&gains).filter(|(_, g)| **g == Some(best)).map(|(&mv, _)| mv).collect(),
        None => moves,
    };
    (!choices.is_empty()).then(|| choices[rng.below(choices.len())])
}

/// What winning counts for in [`greedy_plus_one_move`]: more than any material.
const WIN: i64 = i64::MAX / 4;

/// The greedy baseline one ply deeper ("greedy+1"): each move is worth the material it takes
/// less the most the reply can then take (the reply that wins counting as [`WIN`], a reply in
/// the same turn as nothing); a move that wins is worth [`WIN`], one that loses `-WIN`, one that
/// ends the game drawn a little less than nothing. The best is played, ties broken at random.
/// So it takes what can't be taken back and keeps its pieces out of simple reach, but sees no
/// further. `None` if there is no legal move.
pub fn greedy_plus_one_move(position: &Position, rng: &mut Rng) -> Option<Move> {
    let side = position.to_move();
    let moves = position.legal_moves();
    let facts = Facts::new(position);
    let mut after = position.clone();
    let worths: Vec<i64> = moves
        .iter()
        .map(|&mv| {
            let taken = i64::from(material_taken(position, mv));
            let undo = after.play(mv);
            let worth = match after.decided() {
                Some(outcome) if outcome.winner == Some(side) => WIN,
                Some(outcome) if outcome.winner.is_some() => -WIN,
                Some(_) => -1,
                None if after.to_move() == side => taken,
                None => taken - best_reply(&mut after, &facts),
            };
            after.undo(undo);
            worth
        })
        .collect();
    let best = worths.iter().max()?;
    let choices: Vec<Move> = moves.iter().zip(&worths).filter(|(_, w)| *w == best).map(|(&mv, _)| mv).collect();
    Some(choices[rng.below(choices.len())])
}

/// The most the side to move in `position` can take with one ply that doesn't end the game
/// ([`WIN`] if it can win; 0 if it can take nothing): of its moves, those that take a piece or
/// land where arriving wins (with as few followers as the search's captures take, see
/// [`Facts::capture_followers`]). `position` is left as it was.
fn best_reply(position: &mut Position, facts: &Facts) -> i64 {
    let side = position.to_move();
    let wanted = position.occupied_by(side.opponent()).or(facts.goals(side));
    let mut replies = Vec::new();
    position.generate_some(MoveFilter::touching(wanted).with_followers(facts.capture_followers()), &mut replies);
    let mut best = 0;
    for mv in replies {
        let taken = i64::from(material_taken(position, mv));
        let undo = position.play(mv);
        let outcome = position.decided();
        position.undo(undo);
        match outcome {
            Some(outcome) if outcome.winner == Some(side) => return WIN,
            Some(_) => {}
            None => best = best.max(taken),
        }
    }
    best
}

/// The values (from the variant file) of the pieces `mv` takes.
fn material_taken(position: &Position, mv: Move) -> i32 {
    let variant = position.variant();
    position.victims(mv).map(|victim| variant.kind(victim.kind).value).sum()
}

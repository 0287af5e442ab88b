//! The review of a game played: its turning points (moves that lost two Panthans or more
//! against the AI's choice, by the analysis) as puzzles: the position before each, the AI's
//! move its solution. Where one side was a person's, the review is of that side's moves.

use jetan_lessons::{Aim, Probe, Puzzle, Theme};
use jetan_rules::Position;

use crate::analysis::Judgement;
use crate::game::Game;
use crate::seat::Seat;

/// The turning points of `game` as puzzles, by the analysis's `judgements` of its moves.
pub fn turning_points(game: &Game, judgements: &[Judgement]) -> Vec<Puzzle> {
    let humans: Vec<_> = jetan_rules::Side::BOTH.into_iter().filter(|&side| game.seats[side] == Seat::Human).collect();
    let reviewed = |side| humans.len() != 1 || humans.contains(&side);
    let mut position = Position::start(game.position().variant().clone());
    let mut puzzles = Vec::new();
    for (ply, (played, judgement)) in game.history.iter().zip(judgements).enumerate() {
        if judgement.turning_point()
            && reviewed(played.side)
            && let Some(better) = &judgement.better
            && let Ok(mv) = position.parse_move(better)
        {
            let (theme, piece) = Theme::infer(&position, &[mv], Aim::Material);
            puzzles.push(Puzzle {
                start: position.clone(),
                side: played.side,
                solution: vec![better.clone()],
                aim: Aim::Material,
                theme,
                piece,
                difficulty: 1,
                origin: format!("ply {}, where {} was played", ply + 1, played.text),
                probe: Probe::default(),
            });
        }
        position.play(played.mv);
    }
    puzzles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::Seats;

    #[test]
    fn a_move_that_lost_two_panthans_is_a_puzzle_from_the_position_before_it() {
        let variant = crate::shipped::variant("variants/jetan.ron").unwrap();
        let mut game = Game::new(variant, "variants/jetan.ron".into(), Seats::HUMANS);
        let before = game.position().clone();
        let (played, better) = (game.legal_moves()[0], game.legal_moves()[1]);
        game.play(played);
        let reply = game.legal_moves()[0];
        game.play(reply);
        let judged = |loss: i32, better: Option<String>| Judgement { score: -loss, better, loss };
        let judgements = [judged(350, Some(before.move_text(better))), judged(0, None)];
        let puzzles = turning_points(&game, &judgements);
        assert_eq!(puzzles.len(), 1, "one turning point");
        let puzzle = &puzzles[0];
        assert_eq!(puzzle.start, before);
        assert_eq!(puzzle.side, before.to_move());
        assert!(puzzle.accepts(&before, 0, better), "the AI's move solves it");
        assert!(!puzzle.accepts(&before, 0, played), "the move played doesn't");

        let small = [judged(160, Some(before.move_text(better))), judged(0, None)];
        assert!(turning_points(&game, &small).is_empty(), "a smaller loss is a mistake, not a turning point");
    }
}

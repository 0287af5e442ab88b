//! A game refereed: its position by the rules, the plies played (as the server writes them),
//! its clocks and how it ended. No input or output: a ply is checked first, stored by the
//! server, and only then applied.

use std::time::Duration;

use jetan_rules::{Move, Outcome, Position, Reason, Side};

use crate::protocol::{Ending, ErrorCode, GameSetup, Refusal};
use crate::time_control::Clocks;

/// A game as the rules and the clocks see it.
#[derive(Clone, Debug)]
pub struct Referee {
    setup: GameSetup,
    position: Position,
    moves: Vec<String>,
    clocks: Clocks,
    outcome: Option<Ending>,
}

/// A ply found legal and not yet applied: what the game will be once it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedPly {
    /// Its number from 0.
    pub ply: u32,
    /// The side playing it.
    pub side: Side,
    /// The move in the notation the server writes.
    pub text: String,
    /// The clocks after it.
    pub clocks: Clocks,
    /// The side to play after it.
    pub to_move: Side,
    /// How the game ends with it, if it does.
    pub outcome: Option<Ending>,
    mv: Move,
}

impl Referee {
    /// A new game.
    ///
    /// # Errors
    /// The setup names an unknown variant or option, or a time control out of range.
    pub fn new(setup: GameSetup) -> Result<Referee, Refusal> {
        let position = Position::start(setup.variant()?);
        let clocks = Clocks::new(setup.time_control);
        Ok(Referee { setup, position, moves: Vec::new(), clocks, outcome: None })
    }

    /// A stored game: its setup, its plies replayed, the clocks and outcome it was stored with.
    ///
    /// # Errors
    /// The setup or a ply no longer fits the rules (the variant files changed since).
    pub fn replay(
        setup: GameSetup,
        moves: &[String],
        clocks: Clocks,
        outcome: Option<Ending>,
    ) -> Result<Referee, String> {
        let mut referee = Referee::new(setup).map_err(|refusal| refusal.message)?;
        for (ply, text) in moves.iter().enumerate() {
            let mv = referee.position.parse_move(text).map_err(|error| format!("ply {ply}: {error}"))?;
            referee.position.play(mv);
            referee.moves.push(text.clone());
        }
        clocks.check()?;
        referee.clocks = clocks;
        referee.outcome = outcome;
        Ok(referee)
    }

    /// What the game is played with.
    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// The plies played, in notation.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The clocks as they stood after the last ply.
    pub fn clocks(&self) -> &Clocks {
        &self.clocks
    }

    /// The clocks with the side to move's `elapsed` time taken off (the clocks now).
    pub fn clocks_after(&self, elapsed: Duration) -> Clocks {
        let mut clocks = self.clocks.clone();
        if self.outcome.is_none() {
            clocks.run(self.to_move(), elapsed);
        }
        clocks
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<&Ending> {
        self.outcome.as_ref()
    }

    /// The side to play.
    pub fn to_move(&self) -> Side {
        self.position.to_move()
    }

    /// Whether the side to move has used up its time, `elapsed` into its turn.
    pub fn flag_fell(&self, elapsed: Duration) -> bool {
        self.outcome.is_none() && self.clocks.is_on() && elapsed >= self.clocks.left(self.to_move())
    }

    /// Checks `side` playing `text` as ply `ply`, `elapsed` after the ply before it.
    ///
    /// # Errors
    /// The game is over, `ply` is not its next ply, it is not `side`'s turn, or the text is not
    /// a legal move.
    pub fn check(&self, side: Side, ply: u32, text: &str, elapsed: Duration) -> Result<CheckedPly, Refusal> {
        if self.outcome.is_some() {
            return Err(Refusal::new(ErrorCode::GameOver, "the game is over"));
        }
        let next = self.moves.len() as u32;
        if ply != next {
            return Err(Refusal::new(
                ErrorCode::WrongPly,
                format!("ply {ply} is not the next: the game is at ply {next}"),
            ));
        }
        if side != self.to_move() {
            return Err(Refusal::new(ErrorCode::NotYourTurn, format!("it is {}'s turn", self.to_move().id())));
        }
        let mv =
            self.position.parse_move(text).map_err(|error| Refusal::new(ErrorCode::IllegalMove, error.to_string()))?;
        let mut after = self.position.clone();
        after.play(mv);
        let mut clocks = self.clocks.clone();
        clocks.run(side, elapsed);
        if after.to_move() != side {
            clocks.turn_passed(side);
        }
        Ok(CheckedPly {
            ply,
            side,
            text: self.position.move_text(mv),
            clocks,
            to_move: after.to_move(),
            outcome: after.outcome().map(|outcome| self.ending(outcome)),
            mv,
        })
    }

    /// Applies a ply [`Referee::check`] found legal in the game as it still is.
    pub fn apply(&mut self, ply: CheckedPly) {
        debug_assert_eq!(ply.ply as usize, self.moves.len(), "a ply is applied where it was checked");
        self.position.play(ply.mv);
        self.moves.push(ply.text);
        self.clocks = ply.clocks;
        self.outcome = ply.outcome;
    }

    /// The ending of `side` resigning.
    pub fn resignation(&self, side: Side) -> Ending {
        self.ending(Outcome { winner: Some(side.opponent()), reason: Reason::Resigned })
    }

    /// The ending of a draw both sides agreed.
    pub fn agreed_draw(&self) -> Ending {
        self.ending(Outcome { winner: None, reason: Reason::DrawAgreed })
    }

    /// The ending of the side to move's time running out.
    pub fn time_out(&self) -> Ending {
        self.ending(Outcome::out_of_time(&self.position, self.to_move()))
    }

    /// The ending of `side` leaving a rated game for too long: it loses.
    pub fn abandonment(&self, side: Side) -> Ending {
        let variant = self.position.variant();
        let (winner, loser) = (variant.side_name(side.opponent()), variant.side_name(side));
        Ending { winner: Some(side.opponent()), text: format!("{winner} wins: {loser} abandoned the game") }
    }

    /// Ends the game (by resignation, agreement or time), its clocks as they stand.
    pub fn finish(&mut self, ending: Ending, clocks: Clocks) {
        self.outcome = Some(ending);
        self.clocks = clocks;
    }

    fn ending(&self, outcome: Outcome) -> Ending {
        Ending { winner: outcome.winner, text: outcome.describe(self.position.variant()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time_control::TimeControl;

    fn classic(control: TimeControl) -> Referee {
        Referee::new(GameSetup { variant: "jetan".into(), choices: Vec::new(), time_control: control }).unwrap()
    }

    #[test]
    fn a_legal_ply_is_written_as_the_server_writes_it_and_passes_the_turn() {
        let mut referee = classic(TimeControl::Fischer { minutes: 1, increment: 2 });
        let checked = referee.check(Side::South, 0, "b2-b3", Duration::from_secs(10)).unwrap();
        assert_eq!((checked.text.as_str(), checked.to_move), ("A b2-b3", Side::North));
        assert_eq!(checked.clocks.left(Side::South), Duration::from_secs(52));
        assert_eq!(referee.moves().len(), 0, "checking changes nothing");
        referee.apply(checked);
        assert_eq!(referee.moves(), ["A b2-b3"]);
        assert_eq!(referee.to_move(), Side::North);
    }

    #[test]
    fn refusals_name_what_is_wrong() {
        let referee = classic(TimeControl::Untimed);
        let code = |side, ply, text| referee.check(side, ply, text, Duration::ZERO).unwrap_err().code;
        assert_eq!(code(Side::South, 1, "b2-b3"), ErrorCode::WrongPly);
        assert_eq!(code(Side::North, 0, "e9-e8"), ErrorCode::NotYourTurn);
        assert_eq!(code(Side::South, 0, "b2-b7"), ErrorCode::IllegalMove);
        assert_eq!(code(Side::South, 0, "hello"), ErrorCode::IllegalMove);
    }

    #[test]
    fn a_stored_game_replays_to_where_it_stood() {
        let mut referee = classic(TimeControl::Game { minutes: 5 });
        for (ply, (side, text)) in [(Side::South, "b2-b3"), (Side::North, "e9-e8")].into_iter().enumerate() {
            let checked = referee.check(side, ply as u32, text, Duration::from_secs(1)).unwrap();
            referee.apply(checked);
        }
        let replayed =
            Referee::replay(referee.setup().clone(), referee.moves(), referee.clocks().clone(), None).unwrap();
        assert_eq!((replayed.moves(), replayed.clocks()), (referee.moves(), referee.clocks()));
        assert_eq!(replayed.to_move(), Side::South);
        assert!(replayed.flag_fell(Duration::from_secs(299)));
    }
}

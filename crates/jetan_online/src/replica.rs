//! A client's copy of a game, kept from the server's events: the position its plies lead to,
//! whose turn it is, the clocks and the outcome, for a bot (or a test) to play from.

use jetan_rules::{Position, Side};

use crate::protocol::{Ending, Event, GameSetup, GameState};
use crate::time_control::Clocks;

/// A game as the server's events tell it.
#[derive(Clone, Debug)]
pub struct Replica {
    game: String,
    setup: GameSetup,
    position: Position,
    moves: Vec<String>,
    clocks: Clocks,
    started: bool,
    outcome: Option<Ending>,
}

impl Replica {
    /// The game of a state that holds all its plies (`from_ply` 0).
    ///
    /// # Errors
    /// The state's setup or a ply doesn't fit the rules this client knows.
    pub fn new(state: &GameState) -> Result<Replica, String> {
        let position = Position::start(state.setup.variant().map_err(|refusal| refusal.message)?);
        let mut replica = Replica {
            game: state.game.clone(),
            setup: state.setup.clone(),
            position,
            moves: Vec::new(),
            clocks: state.clocks.clone(),
            started: state.started,
            outcome: None,
        };
        replica.update(&Event::State(state.clone()))?;
        Ok(replica)
    }

    /// Takes in an event about this game (others are passed over); plies already known are
    /// skipped, so a catch-up may overlap what came before.
    ///
    /// # Errors
    /// A ply doesn't fit the rules this client knows, or leaves a gap.
    pub fn update(&mut self, event: &Event) -> Result<(), String> {
        match event {
            Event::State(state) if state.game == self.game => {
                for (ply, text) in (state.from_ply..).zip(&state.moves) {
                    self.add(ply, text)?;
                }
                self.clocks = state.clocks.clone();
                self.started = state.started;
                self.outcome = state.outcome.clone();
            }
            Event::Played { game, ply, text, clocks, .. } if *game == self.game => {
                self.add(*ply, text)?;
                self.clocks = clocks.clone();
                self.started = true;
            }
            Event::Ended { game, outcome, .. } if *game == self.game => self.outcome = Some(outcome.clone()),
            _ => {}
        }
        Ok(())
    }

    /// The game's id.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// What the game is played with.
    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// The position after the plies known.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The plies known, in notation.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The number of the next ply.
    pub fn next_ply(&self) -> u32 {
        self.moves.len() as u32
    }

    /// The clocks as last told.
    pub fn clocks(&self) -> &Clocks {
        &self.clocks
    }

    /// Whether `side` is to play now: the game started, its turn, and not over (by the rules
    /// either: the server's word of the end may be on its way).
    pub fn to_play(&self, side: Side) -> bool {
        self.started && self.outcome.is_none() && self.position.to_move() == side && self.position.outcome().is_none()
    }

    /// Whether both seats are taken (the game is under way).
    pub fn started(&self) -> bool {
        self.started
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<&Ending> {
        self.outcome.as_ref()
    }

    fn add(&mut self, ply: u32, text: &str) -> Result<(), String> {
        let next = self.next_ply();
        if ply < next {
            return Ok(());
        }
        if ply > next {
            return Err(format!("ply {ply} came before ply {next}"));
        }
        let mv = self.position.parse_move(text).map_err(|error| format!("ply {ply}: {error}"))?;
        self.position.play(mv);
        self.moves.push(text.to_string());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(from_ply: u32, moves: &[&str]) -> GameState {
        GameState {
            game: "g".into(),
            setup: GameSetup { variant: "jetan".into(), ..GameSetup::default() },
            from_ply,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            clocks: Clocks::default(),
            to_move: Side::South,
            outcome: None,
            started: true,
            connected: [true; 2],
        }
    }

    #[test]
    fn a_catch_up_may_overlap_but_not_leave_a_gap() {
        let mut replica = Replica::new(&state(0, &["A b2-b3"])).unwrap();
        replica.update(&Event::State(state(0, &["A b2-b3", "a e9-e8"]))).unwrap();
        assert_eq!(replica.moves(), ["A b2-b3", "a e9-e8"]);
        assert!(replica.to_play(Side::South));
        let gap = Event::Played {
            game: "g".into(),
            ply: 5,
            side: Side::South,
            text: "A b3-b4".into(),
            clocks: Clocks::default(),
            to_move: Side::North,
        };
        assert!(replica.update(&gap).unwrap_err().contains("ply 5 came before ply 2"));
        let ending = Ending { winner: None, text: "Draw".into() };
        let elsewhere = Event::Ended { game: "other".into(), outcome: ending, ratings: None };
        replica.update(&elsewhere).unwrap();
        assert!(replica.outcome().is_none(), "another game's news is passed over");
    }
}

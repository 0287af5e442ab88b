//! The time controls a game may be played under, and a game's clocks: each side's time left
//! (saved with the game), what a turn adds, and how long the AI may think.

use std::time::Duration;

use jetan_rules::Side;
use serde::{Deserialize, Serialize};

/// The longest time a control may give, in minutes (or seconds for the per-move times).
pub const MOST_MINUTES: u32 = 600;
/// The most time a clock may hold, increments included: 100 hours.
const MOST_LEFT_MS: u64 = 100 * 3600 * 1000;

/// How much time the players have.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TimeControl {
    /// No clocks.
    #[default]
    Untimed,
    /// Minutes for the whole game.
    Game {
        /// Minutes per side.
        minutes: u32,
    },
    /// Minutes for the whole game, plus seconds added after each of a side's turns (Fischer).
    Fischer {
        /// Minutes per side.
        minutes: u32,
        /// Seconds added after each turn.
        increment: u32,
    },
    /// The same time for every turn; what a turn leaves unused is lost.
    PerMove {
        /// Seconds per turn.
        seconds: u32,
    },
}

impl std::fmt::Display for TimeControl {
    /// The control in a few words: `no clocks`, `10 min`, `5 min + 5 s`, `30 s a move`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            TimeControl::Untimed => write!(f, "no clocks"),
            TimeControl::Game { minutes } => write!(f, "{minutes} min"),
            TimeControl::Fischer { minutes, increment } => write!(f, "{minutes} min + {increment} s"),
            TimeControl::PerMove { seconds } => write!(f, "{seconds} s a move"),
        }
    }
}

impl TimeControl {
    /// The kinds of control, with everyday values, in menu order.
    pub fn all() -> [TimeControl; 4] {
        [
            TimeControl::Untimed,
            TimeControl::Game { minutes: 10 },
            TimeControl::Fischer { minutes: 5, increment: 5 },
            TimeControl::PerMove { seconds: 30 },
        ]
    }

    /// The name of the control's kind.
    pub fn kind_name(self) -> &'static str {
        match self {
            TimeControl::Untimed => "No clocks",
            TimeControl::Game { .. } => "Minutes per side",
            TimeControl::Fischer { .. } => "Minutes + increment",
            TimeControl::PerMove { .. } => "Time per move",
        }
    }

    /// Whether both controls are of the same kind, whatever their times.
    pub fn same_kind(self, other: TimeControl) -> bool {
        std::mem::discriminant(&self) == std::mem::discriminant(&other)
    }

    /// Each side's time at the start.
    fn starting_time(self) -> Duration {
        match self {
            TimeControl::Untimed => Duration::ZERO,
            TimeControl::Game { minutes } | TimeControl::Fischer { minutes, .. } => {
                Duration::from_secs(60 * u64::from(minutes))
            }
            TimeControl::PerMove { seconds } => Duration::from_secs(seconds.into()),
        }
    }

    /// Why the control can't be played, if it can't: a time of zero, or over
    /// [`MOST_MINUTES`].
    pub fn check(self) -> Result<(), String> {
        let most = MOST_MINUTES;
        match self {
            TimeControl::Untimed => Ok(()),
            TimeControl::Game { minutes } | TimeControl::Fischer { minutes, .. } if !(1..=most).contains(&minutes) => {
                Err(format!("{minutes} minutes per side: use 1 to {most}"))
            }
            TimeControl::Fischer { increment, .. } if increment > most => {
                Err(format!("an increment of {increment} seconds: use 0 to {most}"))
            }
            TimeControl::PerMove { seconds } if !(1..=most).contains(&seconds) => {
                Err(format!("{seconds} seconds per move: use 1 to {most}"))
            }
            _ => Ok(()),
        }
    }
}

/// A control as typed on the command line: `none`, `10` (minutes per side), `5+3` (minutes and
/// an increment in seconds) or `30s` (seconds per turn).
impl std::str::FromStr for TimeControl {
    type Err = String;

    fn from_str(text: &str) -> Result<TimeControl, String> {
        let number = |part: &str| part.trim().parse::<u32>().map_err(|_| format!("`{part}` is not a number"));
        let text = text.trim();
        let control = if text == "none" {
            TimeControl::Untimed
        } else if let Some(seconds) = text.strip_suffix('s') {
            TimeControl::PerMove { seconds: number(seconds)? }
        } else if let Some((minutes, increment)) = text.split_once('+') {
            TimeControl::Fischer { minutes: number(minutes)?, increment: number(increment)? }
        } else {
            TimeControl::Game { minutes: number(text)? }
        };
        control.check().map(|()| control).map_err(|error| format!("`{text}`: {error}"))
    }
}

/// A game's clocks: its control and each side's time left.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clocks {
    /// The time control.
    pub control: TimeControl,
    /// Each side's time left, in milliseconds (South first).
    pub left_ms: [u64; 2],
}

impl Clocks {
    /// Clocks at the start of a game under `control`.
    pub fn new(control: TimeControl) -> Clocks {
        let start = control.starting_time().as_millis() as u64;
        Clocks { control, left_ms: [start; 2] }
    }

    /// Whether the game is timed.
    pub fn is_on(&self) -> bool {
        self.control != TimeControl::Untimed
    }

    /// A side's time left.
    pub fn left(&self, side: Side) -> Duration {
        Duration::from_millis(self.left_ms[side.index()])
    }

    /// Runs `side`'s clock for `elapsed`; says whether its time has run out.
    pub fn run(&mut self, side: Side, elapsed: Duration) -> bool {
        if !self.is_on() {
            return false;
        }
        let left = &mut self.left_ms[side.index()];
        *left = left.saturating_sub(elapsed.as_millis() as u64);
        *left == 0
    }

    /// `side` ended its turn: it gains its increment, or the other side gets its time for the
    /// turn.
    pub fn turn_passed(&mut self, side: Side) {
        match self.control {
            TimeControl::Fischer { increment, .. } => {
                let left = &mut self.left_ms[side.index()];
                *left = (*left + u64::from(increment) * 1000).min(MOST_LEFT_MS);
            }
            TimeControl::PerMove { seconds } => self.left_ms[side.opponent().index()] = u64::from(seconds) * 1000,
            TimeControl::Untimed | TimeControl::Game { .. } => {}
        }
    }

    /// How long the AI may think for `side`'s turn: a share of its time left plus most of its
    /// increment, or most of the turn's time; `None` when the game is untimed.
    pub fn thinking_time(&self, side: Side) -> Option<Duration> {
        let left = self.left(side);
        match self.control {
            TimeControl::Untimed => None,
            TimeControl::Game { .. } => Some(left / 30),
            TimeControl::Fischer { increment, .. } => {
                Some((left / 30 + Duration::from_secs(increment.into()) * 3 / 4).min(left / 2))
            }
            TimeControl::PerMove { .. } => Some(left * 4 / 5),
        }
    }

    /// Why clocks read from a file can't be used, if they can't: a control out of range, or
    /// more time left than a clock holds (100 hours).
    pub fn check(&self) -> Result<(), String> {
        self.control.check()?;
        match self.left_ms.iter().find(|&&left| left > MOST_LEFT_MS) {
            Some(left) => Err(format!("a clock with {left} ms left: at most {MOST_LEFT_MS}")),
            None => Ok(()),
        }
    }
}

/// A time left as a player reads it: `4:05`, `1:02:03`, or `9.4` under ten seconds.
pub fn clock_text(left: Duration) -> String {
    let seconds = left.as_secs();
    match seconds {
        0..10 => format!("{}.{}", seconds, left.subsec_millis() / 100),
        10..3600 => format!("{}:{:02}", seconds / 60, seconds % 60),
        _ => format!("{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_control_runs_as_players_expect() {
        let mut fischer = Clocks::new(TimeControl::Fischer { minutes: 1, increment: 2 });
        assert!(!fischer.run(Side::South, Duration::from_secs(10)));
        fischer.turn_passed(Side::South);
        assert_eq!(fischer.left(Side::South), Duration::from_secs(52));
        assert!(fischer.run(Side::North, Duration::from_secs(61)), "a clock that runs out says so");
        assert_eq!(fischer.left(Side::North), Duration::ZERO);

        let mut per_move = Clocks::new(TimeControl::PerMove { seconds: 30 });
        per_move.run(Side::South, Duration::from_secs(25));
        per_move.turn_passed(Side::South);
        assert_eq!(per_move.left(Side::North), Duration::from_secs(30));
        assert_eq!(per_move.thinking_time(Side::North), Some(Duration::from_secs(24)));

        let mut untimed = Clocks::default();
        assert!(!untimed.run(Side::South, Duration::from_secs(1_000_000)));
        assert_eq!(untimed.thinking_time(Side::South), None);
    }

    #[test]
    fn the_ai_keeps_time_in_hand() {
        let clocks = Clocks::new(TimeControl::Fischer { minutes: 5, increment: 4 });
        assert_eq!(clocks.thinking_time(Side::South), Some(Duration::from_secs(13)));
        let mut short = clocks.clone();
        short.left_ms = [2000, 2000];
        assert_eq!(short.thinking_time(Side::South), Some(Duration::from_secs(1)), "never half its time or more");
    }

    #[test]
    fn out_of_range_controls_are_refused() {
        for control in TimeControl::all() {
            assert_eq!(control.check(), Ok(()));
        }
        assert!(TimeControl::Game { minutes: 0 }.check().unwrap_err().contains("0 minutes"));
        assert!(TimeControl::PerMove { seconds: 601 }.check().is_err());
        let mut clocks = Clocks::new(TimeControl::Game { minutes: 3 });
        clocks.left_ms[1] = u64::MAX;
        assert!(clocks.check().is_err());
        let mut long_game = Clocks::new(TimeControl::Fischer { minutes: 600, increment: 600 });
        for _ in 0..1000 {
            long_game.turn_passed(Side::South);
        }
        assert_eq!(long_game.check(), Ok(()), "increments never make a clock its file can't hold");
    }

    #[test]
    fn controls_are_read_from_the_command_line() {
        assert_eq!("none".parse(), Ok(TimeControl::Untimed));
        assert_eq!("10".parse(), Ok(TimeControl::Game { minutes: 10 }));
        assert_eq!("5+3".parse(), Ok(TimeControl::Fischer { minutes: 5, increment: 3 }));
        assert_eq!("30s".parse(), Ok(TimeControl::PerMove { seconds: 30 }));
        assert!("0".parse::<TimeControl>().unwrap_err().contains("0 minutes per side"));
        assert!("five".parse::<TimeControl>().unwrap_err().contains("`five` is not a number"));
    }

    #[test]
    fn times_read_as_on_a_clock() {
        assert_eq!(clock_text(Duration::from_millis(9_450)), "9.4");
        assert_eq!(clock_text(Duration::from_secs(245)), "4:05");
        assert_eq!(clock_text(Duration::from_secs(3723)), "1:02:03");
    }
}

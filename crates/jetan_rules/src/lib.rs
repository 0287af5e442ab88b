//! The rules engine of Jetan, Jetan Sarang and Jetan Jeddara: variants read from RON files,
//! positions, legal moves, outcomes, notation and perft. It knows nothing of Bevy.
//!
//! ```
//! use std::sync::Arc;
//! use jetan_rules::{Position, Variant};
//!
//! let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/variants/jetan.ron")).unwrap();
//! let variant = Arc::new(Variant::load(&text, "jetan.ron").unwrap());
//! let mut position = Position::start(variant);
//! assert_eq!(position.legal_moves().len(), 78);
//! let mv = position.parse_move("A b2-b3").unwrap();
//! position.play(mv);
//! assert_eq!(position.move_text(position.parse_move("e9-e8").unwrap()), "a e9-e8");
//! ```

#![deny(missing_docs)]

mod banths;
mod charge;
mod checks;
pub mod courier;
mod effects;
mod error;
mod fast_hash;
mod files;
mod filter;
mod groups;
mod guide;
mod limits;
mod list;
mod load;
mod movegen;
mod movement;
mod moves;
mod notation;
mod output;
mod paths;
mod perft;
mod position;
mod reach;
mod rules;
mod schema;
mod side;
mod source;
mod square;
mod square_set;
mod tables;
#[cfg(test)]
mod test_random;
mod text;
mod text_index;
mod threats;
mod trains;
mod variant;
mod walk;
mod walk_table;
mod zobrist;

pub use error::{ChoiceError, LoadError, LoadErrors};
pub use files::{
    MAX_TEXT_BYTES, MAX_VARIANT_BYTES, check_overwritable, read_bounded, read_bounded_text, read_file, read_text_file,
};
pub use filter::MoveFilter;
pub use guide::{ExampleStep, GuideSection, MAX_EXAMPLE_TURNS};
pub use list::List;
pub use movement::{Dirs, Mix, Movement, Order, RelDir};
pub use moves::{
    MAX_PROMOTIONS, MAX_REMOVALS, MAX_STEPS, Move, MoveKind, Outcome, Promotion, Reason, Step, ending_text,
};
pub use notation::{NotationError, TurnError, turn_list};
pub use output::{complain, say};
pub use perft::{divide, perft};
pub use position::{Phase, Position, Undo};
pub use rules::{
    Ability, Change, ChargeRule, Choice, Ending, EscapeRule, EscapeWalk, EscapeWhen, Judged, PromotionClass, Region,
    RuleOption, SmallArmies, SquadForm, SquadRanks, SquadRule, Threats, Verdict,
};
pub use side::{KindId, Piece, Side};
pub use source::{Location, Source, Text};
pub use square::{Dir, Geometry, MAX_SIDE, Square, SquareName, parse_square_name};
pub use square_set::{SquareSet, Squares};
pub use text::TextError;
pub use text_index::TextIndex;
pub use trains::{MAX_CARS, MAX_TRAINS, Train};
pub use variant::{DEFAULT_LOOKS, Gender, PieceKind, Rules, Variant, is_look_path, is_plain_path};

//! The colours of Barsoom.

use bevy::prelude::*;
use jetan_rules::Side;

use crate::looks::Paint;

/// Every colour the scene uses, in one place.
pub struct Palette;

impl Palette {
    /// The dusty ochre sky by day (behind everything; the sky dome covers it).
    pub const SKY: Color = Color::srgb(0.80, 0.56, 0.36);
    /// Red sand.
    pub const SAND: Color = Color::srgb(0.55, 0.24, 0.12);
    /// The ochre moss of the dead sea bottoms.
    pub const MOSS: Color = Color::srgb(0.56, 0.38, 0.15);
    /// Distant rock.
    pub const ROCK: Color = Color::srgb(0.42, 0.20, 0.11);
    /// The board's orange squares.
    pub const ORANGE_SQUARE: Color = Color::srgb(0.66, 0.27, 0.08);
    /// The board's black squares.
    pub const BLACK_SQUARE: Color = Color::srgb(0.12, 0.10, 0.09);
    /// The carved stone rim.
    pub const RIM: Color = Color::srgb(0.30, 0.17, 0.10);
    /// Inlay along the rim.
    pub const INLAY: Color = Color::srgb(0.76, 0.58, 0.28);
    /// A legal destination.
    pub const TARGET: Color = Color::srgb(0.35, 0.95, 0.55);
    /// The hinted move's walk.
    pub const HINT: Color = Color::srgb(0.35, 0.80, 1.0);
    /// A legal capture.
    pub const CAPTURE: Color = Color::srgb(1.0, 0.20, 0.15);
    /// An escape.
    pub const ESCAPE: Color = Color::srgb(0.55, 0.45, 1.0);
    /// The selected piece, and the last move.
    pub const SELECTED: Color = Color::srgb(1.0, 0.85, 0.30);
    /// A Princess in danger.
    pub const DANGER: Color = Color::srgb(1.0, 0.05, 0.05);
    /// A piece that may join the selected one's move.
    pub const JOINABLE: Color = Color::srgb(0.2, 0.85, 0.85);

    /// A green Martian's skin (Tars Tarkas, Sola).
    pub const THARK: Color = Color::srgb(0.30, 0.55, 0.22);
    /// Tusks and teeth.
    pub const IVORY: Color = Color::srgb(0.93, 0.88, 0.74);
    /// A slave's collar.
    pub const IRON: Color = Color::srgb(0.22, 0.22, 0.24);
    /// The Wild Banth's hide: it belongs to neither side.
    pub const BANTH: Color = Color::srgb(0.80, 0.60, 0.30);
    /// The Wild Banth's mane.
    pub const MANE: Color = Color::srgb(0.40, 0.22, 0.09);
    /// The Wild Banth's plain stone foot.
    pub const STONE: Color = Color::srgb(0.50, 0.46, 0.40);
    /// The ground under the 2D diagram.
    pub const DIAGRAM: Color = Color::srgb(0.14, 0.09, 0.07);
    /// The gems of every piece.
    pub const GEM: Color = Color::srgb(0.9, 0.1, 0.2);

    /// A side's main colour, by the name the variant gives the side (classic Black and Orange,
    /// Sarang and Jeddara Red and Blue); black for South and orange for North otherwise.
    pub fn body(side: Side, name: &str) -> Color {
        match (name.to_ascii_lowercase().as_str(), side) {
            ("red", _) => Color::srgb(0.50, 0.04, 0.04),
            ("blue", _) => Color::srgb(0.10, 0.26, 0.72),
            ("orange", _) | (_, Side::North) => Color::srgb(1.0, 0.66, 0.16),
            _ => Color::srgb(0.02, 0.02, 0.025),
        }
    }

    /// A side's trim, which keeps its pieces apart from the squares of their own colour.
    pub fn trim(side: Side, name: &str) -> Color {
        match (name.to_ascii_lowercase().as_str(), side) {
            ("red", _) => Color::srgb(0.95, 0.78, 0.35),
            ("blue", _) => Color::srgb(0.88, 0.92, 1.0),
            ("orange", _) | (_, Side::North) => Color::srgb(0.98, 0.93, 0.82),
            _ => Color::srgb(0.85, 0.68, 0.30),
        }
    }

    /// The colour of a look's paint on a piece of `side` (named `name`): its side's body or
    /// trim, a gem's red, or one of the colours that belong to no side.
    pub fn paint(side: Side, name: &str, paint: Paint) -> Color {
        match paint {
            Paint::Body => Palette::body(side, name),
            Paint::Trim => Palette::trim(side, name),
            Paint::Gem => Palette::GEM,
            Paint::Green => Palette::THARK,
            Paint::Ivory => Palette::IVORY,
            Paint::Iron => Palette::IRON,
            Paint::Tawny => Palette::BANTH,
            Paint::Mane => Palette::MANE,
            Paint::Stone => Palette::STONE,
            Paint::Colour(r, g, b) | Paint::Metal(r, g, b) => Color::srgb_u8(r, g, b),
        }
    }
}

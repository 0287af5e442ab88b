//! The stands about the Jetan field, as geometry both the arena's stone and its crowd are built
//! on: the tiers' measures and the four stands about a field.

use bevy::prelude::*;

/// The field's level: the plinth's foot.
pub const GROUND: f32 = -0.6;
/// The podium wall between the field and the lowest tier.
pub const WALL: f32 = 1.3;
/// The podium's depth.
pub const PODIUM: f32 = 0.6;
/// How many tiers of seats.
pub const TIERS: usize = 6;
/// Each tier's depth and rise.
pub const DEPTH: f32 = 0.95;
pub const RISE: f32 = 0.5;
/// The stand with the jeddak's box (the east).
pub const ROYAL: usize = 3;
/// Room between spectators along a tier.
pub const SEAT: f32 = 0.5;

/// One side of the stands, seen from the field: where it runs and which way is outwards.
pub struct Stand {
    /// The field's half extent along the stand and across it.
    pub along: f32,
    pub across: f32,
    /// Turns the stand's frame (x along, z outwards) into the world's.
    pub turn: Quat,
    /// The banners it flies: one side's, or both in turn.
    pub banners: Vec<(Color, Color)>,
}

impl Stand {
    /// A point `along` the stand, `out` from the field's edge, at height `y`, in the world.
    pub fn place(&self, along: f32, out: f32, y: f32) -> Vec3 {
        self.turn * Vec3::new(along, y, self.across + out)
    }
}

/// The four stands about a field of half extent `field`, flying banners of these colours: the
/// south's, the north's, and the west and east (the jeddak's box on the east) flying both.
pub fn stands_about(field: Vec2, colours: [(Color, Color); 2]) -> [Stand; 4] {
    let [south, north] = colours;
    [
        Stand { along: field.x, across: field.y, turn: Quat::IDENTITY, banners: vec![south] },
        Stand {
            along: field.x,
            across: field.y,
            turn: Quat::from_rotation_y(std::f32::consts::PI),
            banners: vec![north],
        },
        Stand {
            along: field.y,
            across: field.x,
            turn: Quat::from_rotation_y(std::f32::consts::FRAC_PI_2),
            banners: vec![south, north],
        },
        Stand {
            along: field.y,
            across: field.x,
            turn: Quat::from_rotation_y(-std::f32::consts::FRAC_PI_2),
            banners: vec![north, south],
        },
    ]
}

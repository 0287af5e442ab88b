//! The words a look file is written in (documented in `docs/variants.md`, "Looks"): a look's
//! items (a foot, a body, the ornaments on it, plain shapes, groups), the points they are placed
//! at, the paints they wear. Lengths are in squares (a square is 1 x 1), angles in degrees.

#![allow(
    missing_docs,
    reason = "the types are the look files' vocabulary: each item and key is documented where players read it, docs/variants.md (\"Looks\"), and on the item"
)]

use std::collections::BTreeMap;

use serde::Deserialize;

/// A whole look file: the looks of piece kinds by their ids, and named groups of items that
/// looks share (`Use("calot")`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Looks")]
pub struct LookFile {
    #[serde(default)]
    pub shared: BTreeMap<String, Vec<Item>>,
    pub kinds: BTreeMap<String, Look>,
    /// The looks of kinds as Manator's living Jetan plays them (Settings, Pieces: Living),
    /// figures with joints and motions; a kind without one keeps its statuette.
    #[serde(default)]
    pub living: BTreeMap<String, Look>,
    /// Skeletons that looks share (`rig: "red_man"`): joints and motions.
    #[serde(default)]
    pub rigs: BTreeMap<String, Rig>,
    /// The material each paint is made of where an item names none (`{ Gem: "jewel" }`): a
    /// texture set of `materials/NAME/`, the game's or a mod's.
    #[serde(default)]
    pub materials: BTreeMap<Paint, String>,
}

/// A skeleton looks share: its joints and motions (a look's own add to them, and win over
/// those of the same name).
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Rig {
    #[serde(default)]
    pub joints: BTreeMap<String, Joint>,
    #[serde(default)]
    pub motions: BTreeMap<MotionName, Motion>,
}

/// How one piece kind is drawn: its items, a glTF scene from `assets/`, or both.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Look")]
pub struct Look {
    /// The items it is built of, from its foot up.
    #[serde(default)]
    pub parts: Vec<Item>,
    /// A glTF scene under `assets/` (`models/NAME.glb`) drawn with the parts (in its own
    /// materials: a pedestal among the parts shows the side), its origin on the square's middle
    /// at the board's surface, facing the enemy along -z, in squares.
    #[serde(default)]
    pub model: Option<String>,
    /// An image under `assets/` (`icons/NAME.png`) for the 2D diagram, instead of the icon
    /// drawn from the parts (a glTF model's look needs one to show in 2D).
    #[serde(default)]
    pub icon: Option<String>,
    /// A uniform scale of the whole look.
    #[serde(default = "one")]
    pub size: f32,
    /// Degrees the whole look is turned about the upright axis (beasts and ships show their
    /// flanks turned by 40).
    #[serde(default)]
    pub turn: f32,
    /// Whether the piece flies when it moves (lifts off and sets down); by default, whether it
    /// has a propeller.
    #[serde(default)]
    pub flies: Option<bool>,
    /// The kind's own sounds for events of the game, by the sounds file's names
    /// (`{ step: "thoat_step" }`); the sounds file's own for the rest.
    #[serde(default)]
    pub sounds: BTreeMap<crate::heard::SoundEvent, String>,
    /// A figure's named pivots (hips, knees, shoulders, a beast's legs and tail, wings): the
    /// parts put on one with `Joint(name: …, parts: […])` turn about it.
    #[serde(default)]
    pub joints: BTreeMap<String, Joint>,
    /// How the figure moves, by the game's words for it ([`MotionName`]): each turns joints.
    #[serde(default)]
    pub motions: BTreeMap<MotionName, Motion>,
    /// A skeleton of the file's `rigs` whose joints and motions the look takes.
    #[serde(default)]
    pub rig: Option<String>,
}

/// A motion the game plays: standing (`idle`), moving on foot (`walk`, `run`, `gallop`: the
/// paces) or in the air (`flap`), fighting (`strike`, `parry`, `fall`) and winning (`cheer`). A
/// look's `motions` are keyed by these names, and so are a glTF model's animations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(try_from = "String")]
pub enum MotionName {
    Idle,
    Walk,
    Run,
    Gallop,
    Flap,
    Strike,
    Parry,
    Fall,
    Cheer,
}

impl MotionName {
    /// Every motion, in order.
    pub const ALL: [MotionName; 9] = [
        MotionName::Idle,
        MotionName::Walk,
        MotionName::Run,
        MotionName::Gallop,
        MotionName::Flap,
        MotionName::Strike,
        MotionName::Parry,
        MotionName::Fall,
        MotionName::Cheer,
    ];

    /// The paces a figure moves on foot with, the first it has: fleet figures run, beasts
    /// gallop, the rest walk.
    pub const PACES: [MotionName; 3] = [MotionName::Run, MotionName::Gallop, MotionName::Walk];

    /// Its name in look files and glTF models (`walk`).
    pub fn name(self) -> &'static str {
        match self {
            MotionName::Idle => "idle",
            MotionName::Walk => "walk",
            MotionName::Run => "run",
            MotionName::Gallop => "gallop",
            MotionName::Flap => "flap",
            MotionName::Strike => "strike",
            MotionName::Parry => "parry",
            MotionName::Fall => "fall",
            MotionName::Cheer => "cheer",
        }
    }

    /// Whether it goes round and round (the paces, `idle`, `flap`, `cheer`), or is played once
    /// and holds its last pose (`strike`, `parry`, `fall`).
    pub fn repeats(self) -> bool {
        !matches!(self, MotionName::Strike | MotionName::Parry | MotionName::Fall)
    }
}

impl TryFrom<String> for MotionName {
    type Error = String;

    /// The motion of a name written in a look file (`"walk"`).
    fn try_from(name: String) -> Result<MotionName, String> {
        MotionName::ALL.into_iter().find(|motion| motion.name() == name).ok_or_else(|| {
            let names: Vec<&str> = MotionName::ALL.iter().map(|motion| motion.name()).collect();
            format!("motion \"{name}\": the game plays {}", names.join(", "))
        })
    }
}

/// A named pivot of a figure: where it is (in the piece's frame, at rest), and the joint it
/// hangs from (turning with it; none: the piece itself).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Joint {
    pub at: Point,
    #[serde(default)]
    pub on: Option<String>,
}

/// How a figure moves: a cycle of swings that repeats (a walk, breathing), or keyframes played
/// once (a strike, a fall). Turns are in degrees about the joint's own axes at rest.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Motion {
    /// Each joint swings about an axis from one angle to another and back, once a cycle of
    /// `seconds`, starting `phase` of the way through it (0 to 1: legs half a cycle apart). A
    /// pace (`walk`, `run`, `gallop`) goes once round for every `stride` squares the figure
    /// covers (1 unless said), so that its feet keep pace with the ground.
    Cycle {
        seconds: f32,
        #[serde(default = "one")]
        stride: f32,
        swings: BTreeMap<String, Swing>,
    },
    /// The joints' turns at moments of the motion (`at`: 0 its start, 1 its end, in order),
    /// blended between them, over `seconds`.
    Keys { seconds: f32, keys: Vec<Key> },
}

/// A joint swinging about one axis between two angles.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Swing {
    pub axis: Axis,
    pub from: f32,
    pub to: f32,
    #[serde(default)]
    pub phase: f32,
}

/// An axis of a joint: X across the figure (a leg swinging forward), Y upright (a head turning),
/// Z along its facing (an arm raised sideways).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum Axis {
    X,
    Y,
    Z,
}

/// A keyframe: its moment (0 to 1) and the joints' turns then (the joints it leaves out at rest).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Key {
    pub at: f32,
    pub turns: BTreeMap<String, Turn>,
}

impl Default for Look {
    /// A look of nothing, at its natural size.
    fn default() -> Self {
        Look {
            parts: Vec::new(),
            model: None,
            icon: None,
            size: 1.0,
            turn: 0.0,
            flies: None,
            sounds: BTreeMap::new(),
            joints: BTreeMap::new(),
            motions: BTreeMap::new(),
            rig: None,
        }
    }
}

fn one() -> f32 {
    1.0
}

fn yes() -> bool {
    true
}

fn unscaled() -> (f32, f32, f32) {
    (1.0, 1.0, 1.0)
}

/// A point of the piece, from an anchor: the foot (the middle of the square at the board's
/// surface), or a place on the body last made (`Figure`, `Gown`, `Stance`: its neck, the height
/// of its shoulders, its head's centre, the top of its head) or on the hull (`Deck`). Each
/// holds the offset (x to the piece's right, y up, z towards its own side: -z faces the enemy).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
pub enum Point {
    Foot(f32, f32, f32),
    Neck(f32, f32, f32),
    Shoulder(f32, f32, f32),
    Head(f32, f32, f32),
    Top(f32, f32, f32),
    Deck(f32, f32, f32),
}

impl Point {
    /// Whether the point is placed from the body's anchors (`Neck`, `Shoulder`, `Head`, `Top`).
    pub fn is_on_body(self) -> bool {
        matches!(self, Point::Neck(..) | Point::Shoulder(..) | Point::Head(..) | Point::Top(..))
    }
}

impl Default for Point {
    fn default() -> Self {
        Point::Foot(0.0, 0.0, 0.0)
    }
}

/// How a shape is turned: not at all, about one axis (degrees), or with its own up pointing
/// along a direction.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq)]
pub enum Turn {
    #[default]
    None,
    X(f32),
    Y(f32),
    Z(f32),
    Along(f32, f32, f32),
}

/// A primitive shape, upright about its own middle.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Shape {
    /// Radius, height.
    Cylinder(f32, f32),
    /// Radius.
    Sphere(f32),
    /// Width, height, depth.
    Cuboid(f32, f32, f32),
    /// Base radius, height.
    Cone(f32, f32),
    /// Top radius, bottom radius, height.
    Frustum(f32, f32, f32),
    /// Ring radius, tube radius.
    Torus(f32, f32),
    /// Radius, length of the middle.
    Capsule(f32, f32),
    /// A body turned on a lathe: the profile's points, `(radius, height)` from the bottom up,
    /// revolved about the upright axis (closed at the ends where the radius is 0).
    Lathe(Vec<(f32, f32)>),
}

/// What a part wears: its side's colours (the body, the trim: gold for one side, silver for the
/// other, the gems), a colour of the few that belong to no side, or any colour (0–255 each),
/// plain or metal.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Paint {
    #[default]
    Body,
    Trim,
    Gem,
    /// A Thark's green skin.
    Green,
    Ivory,
    Iron,
    /// The Wild Banth's hide.
    Tawny,
    Mane,
    Stone,
    Colour(u8, u8, u8),
    Metal(u8, u8, u8),
}

/// Which hand.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum Hand {
    Right,
    Left,
}

impl Hand {
    /// -1 for the left, 1 for the right.
    pub fn sign(self) -> f32 {
        match self {
            Hand::Right => 1.0,
            Hand::Left => -1.0,
        }
    }
}

/// One item of a look.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Item {
    /// The trimmed disc a piece stands on.
    Pedestal,
    /// A foot of a rim and a top of these paints.
    Foot { rim: Paint, top: Paint },
    /// A standing man: a body of this radius and height, a head on top, a band of trim round
    /// the chest unless `trimmed: false`. Sets the anchors `Neck`, `Shoulder`, `Head`, `Top`.
    Figure {
        radius: f32,
        height: f32,
        #[serde(default = "yes")]
        trimmed: bool,
    },
    /// A woman in a long gown: a cone of a skirt, a bodice and a head (in `skin` above the
    /// skirt, the body's paint unless said). Sets the anchors as `Figure` does.
    Gown {
        radius: f32,
        height: f32,
        #[serde(default)]
        skin: Paint,
    },
    /// Sets the anchors for a body built of plain parts: heights of the shoulders, neck, head's
    /// centre and top, the shoulders' distance from the axis and the head's radius. With a
    /// `scale` (a living figure's 0.5), what is worn on the body afterwards (the headgear, studs
    /// and collars it places, and what is placed from its anchors) is drawn that much smaller
    /// about the head's centre, its sizes and offsets written as on a statuette.
    Stance {
        shoulder: f32,
        width: f32,
        neck: f32,
        head: f32,
        head_radius: f32,
        top: f32,
        #[serde(default = "one")]
        scale: f32,
    },
    /// A plain shape.
    Part {
        shape: Shape,
        paint: Paint,
        #[serde(default)]
        at: Point,
        #[serde(default)]
        turn: Turn,
        #[serde(default = "unscaled")]
        scale: (f32, f32, f32),
        #[serde(default)]
        material: Option<String>,
    },
    /// A round rod from one point to another.
    Rod {
        from: Point,
        to: Point,
        radius: f32,
        paint: Paint,
        #[serde(default)]
        material: Option<String>,
    },
    /// A limb rounded at both ends, from one point to another.
    Limb {
        from: Point,
        to: Point,
        radius: f32,
        paint: Paint,
        #[serde(default)]
        material: Option<String>,
    },
    /// A beast's body lying along its length, its middle at `at`.
    Barrel {
        radius: f32,
        length: f32,
        at: Point,
        paint: Paint,
        #[serde(default)]
        material: Option<String>,
    },
    /// Pairs of legs from the hips (at height `hip`, `x` from the axis) down to the foot, spread
    /// from `front` to `back` along the body.
    Legs {
        pairs: usize,
        front: f32,
        back: f32,
        x: f32,
        hip: f32,
        radius: f32,
        paint: Paint,
        #[serde(default)]
        material: Option<String>,
    },
    /// An arm from a shoulder to the hand.
    Arm {
        side: Hand,
        hand: Point,
        #[serde(default)]
        skin: Paint,
    },
    /// A sword held at `hand`, its blade `length` long along `dir`; with `arm`, the arm that
    /// holds it.
    Sword {
        hand: Point,
        dir: (f32, f32, f32),
        length: f32,
        #[serde(default)]
        arm: Option<Hand>,
    },
    /// A spear through `hand` along `dir`, `butt` of it behind the hand and `reach` before,
    /// flying a pennant below its head if asked.
    Spear {
        hand: Point,
        dir: (f32, f32, f32),
        butt: f32,
        reach: f32,
        #[serde(default)]
        arm: Option<Hand>,
        #[serde(default)]
        pennant: bool,
    },
    /// A round shield, its face towards `facing`.
    Shield { at: Point, facing: (f32, f32, f32), radius: f32 },
    /// The soldier's spear in the right hand and round shield on the left arm.
    SpearAndShield,
    /// Feathers on the head, Burroughs' mark of rank: `count`, fanned over `spread` degrees or
    /// `crossed`, rooted `lift` above the top of the head.
    Feathers {
        count: usize,
        #[serde(default)]
        spread: f32,
        #[serde(default)]
        crossed: bool,
        #[serde(default)]
        lift: f32,
    },
    /// Plumes leaning `lean` degrees out from the top of the head like a star's points, the
    /// first `phase` degrees round from the front, a gem in their midst.
    PlumeStar { count: usize, lean: f32, phase: f32 },
    /// A crown of `points` gem-tipped spikes, `height` tall, leaning out by `flare` (0
    /// upright), on a ring `size` times the head's radius set `seat` head radii above its
    /// centre.
    Crown {
        points: usize,
        height: f32,
        flare: f32,
        #[serde(default = "crown_seat")]
        seat: f32,
        #[serde(default = "crown_size")]
        size: f32,
    },
    /// A diadem: a ring at `at` set with `gems` jewels (the Chief's ten).
    JewelledRing { at: Point, radius: f32, tube: f32, gems: usize, gem: f32 },
    /// A gem-ringed halo standing upright at `at`.
    Halo { at: Point, radius: f32, gems: usize },
    /// A plain circlet round the head, one gem over the brow.
    Circlet,
    /// An iron collar at the neck.
    Collar,
    /// Round trim studs on the shoulders, a general's mark.
    Epaulettes,
    /// A mantle hung from the shoulders, open at the front: a cut cone of radii `top` and
    /// `bottom`, `height` tall from the foot, set `back` behind the axis.
    Mantle { top: f32, bottom: f32, height: f32, back: f32 },
    /// A green Martian's tusks and wide-set eyes on the head.
    Tusks,
    /// A green Martian's four arms: the upper pair from the shoulders to `high`, the lower from
    /// below them to `low` (the right hands; the left mirror them).
    FourArms { high: Point, low: Point, radius: f32 },
    /// Gem-tipped blades fanned out from `at` over `spread` degrees, the fan tilted `tilt`
    /// degrees from upright.
    Fan { at: Point, tilt: f32, blades: usize, length: f32, spread: f32 },
    /// A pair of wings rooted either side of `at`, each `feathers` long flat feathers fanned from
    /// swept back along the body to reaching out sideways, raised `raise` degrees, `span` long.
    Wings {
        at: Point,
        span: f32,
        feathers: usize,
        raise: f32,
        #[serde(default)]
        paint: Paint,
    },
    /// A propeller at `hub` turning about `axis` while the piece moves: `blades` pitched blades
    /// `length` long.
    Propeller { hub: Point, axis: (f32, f32, f32), blades: usize, length: f32 },
    /// An airship's hull, `length` long, `beam` wide and `depth` deep, its middle at height
    /// `keel`, on a stand as if flying; sets the anchor `Deck`.
    Hull { length: f32, beam: f32, depth: f32, keel: f32 },
    /// A deckhouse with a bridge tower and a mast flying a pennant up to height `mast`, `at`
    /// along the deck (towards the stern), `size` times the usual.
    Deckhouse { at: f32, size: f32, mast: f32 },
    /// A turret `at` along the deck with twin guns pointing to the bow (`dir` -1) or stern (1).
    Turret { at: f32, dir: f32 },
    /// The items of a shared group (`shared` in the file).
    Use(String),
    /// Items built in their own frame (their anchors their own), then placed; the joints they
    /// put parts on are the figure's, their pivots placed with them.
    Group {
        #[serde(default)]
        at: Point,
        #[serde(default)]
        turn: Turn,
        #[serde(default = "one")]
        scale: f32,
        parts: Vec<Item>,
    },
    /// Items and their mirror image across the piece's middle (left for right).
    Mirrored(Vec<Item>),
    /// Items put on a joint of the figure (the look's `joints`), placed as the look's other items
    /// are: they turn about the joint's pivot as the figure moves.
    Joint { name: String, parts: Vec<Item> },
    /// A banded column on the pedestal with `letter` on its top: the look of a kind that has
    /// none.
    Column { rank: usize, letter: String },
}

impl Item {
    /// The material the item names for its parts (`material: "skin"`), if it names one.
    pub fn material(&self) -> Option<&str> {
        match self {
            Item::Part { material, .. }
            | Item::Rod { material, .. }
            | Item::Limb { material, .. }
            | Item::Barrel { material, .. }
            | Item::Legs { material, .. } => material.as_deref(),
            _ => None,
        }
    }
}

fn crown_seat() -> f32 {
    0.5
}

fn crown_size() -> f32 {
    1.1
}

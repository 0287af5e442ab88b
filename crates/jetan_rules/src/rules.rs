//! Rule data that is neither board nor movement: abilities, endings, draws and rule options.
//!
//! The types are generic over how they name a piece kind: `Text` as read from a file, [`KindId`]
//! once validated, so one definition serves both.

use serde::Deserialize;

use crate::{Dirs, Mix, Movement, Order, Side, Text};

/// A special ability of a piece kind, beyond its movement (RULES.md §5).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum Ability<K> {
    /// Never lands on a square threatened by the enemy (the classic Princess).
    ShunsThreats,
    /// May make one escape move per game.
    Escape(EscapeRule<K>),
    /// May lead a squad (when the rules have squads).
    Leader,
    /// May take an orthogonally adjacent friendly female along on its move.
    Escort,
    /// Ending a move on the enemy's back rank, brings back a captured piece of this class and
    /// goes home.
    Promotion(PromotionClass<K>),
    /// Captured only by an armed piece of its own gender.
    Slave,
    /// Never captures unarmed pieces or females.
    Assassin,
    /// Can't be captured by males.
    SafeFromMales,
    /// Enemy males next to it can't move, unless their kind is immune.
    Charms,
    /// Not held by charm.
    CharmImmune,
    /// Serves, each turn, the side with more pieces on the board (ties: its owner).
    Allegiance,
    /// Lands only on empty squares.
    LandsOnEmpty,
    /// After landing, removes the enemy pieces directly left and right of it that it may capture.
    SideKill,
    /// Belongs to no one: an enemy of both sides, moved only by the banth step and by direction.
    Ownerless,
    /// An airship: before its move it may load up to this many friendly pieces from the 8
    /// squares around it, who land in the same places around it.
    Carries(u8),
    /// Instead of moving, kills 1 to `max` enemy pieces within `reach` king steps (the Sorak strike).
    Strike {
        /// King steps.
        reach: u8,
        /// At most this many pieces.
        max: u8,
    },
    /// Instead of moving, directs ownerless pieces within `reach` king steps, one after the
    /// other, each making a move of `moves` that ends on a piece and captures it.
    Directs {
        /// King steps.
        reach: u8,
        /// How a directed piece moves.
        moves: Movement,
    },
    /// Hauls a train (the Zitidar): up to `cars` friendly pieces in a chain behind it, which
    /// follow its walk; each of its moves may first attach up to `attach` more from the tail;
    /// pieces of the `excludes` kinds are never cars.
    Hauls {
        /// The longest train.
        cars: u8,
        /// The most cars attached in one move.
        attach: u8,
        /// Kinds that are never cars.
        #[serde(default = "Vec::new")]
        excludes: Vec<K>,
    },
    /// Moving in a straight line, passes through enemy pieces it may capture, capturing them,
    /// up to this many squares.
    Plough(u8),
    /// Takes the title `title` once its side has no piece of kind `kind` left (Olvia, Jedda).
    Succeeds {
        /// The kind whose loss gives the title.
        kind: K,
        /// The title.
        title: Text,
    },
}

/// The captured pieces a promotion may bring back.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum PromotionClass<K> {
    /// Any kind.
    Any,
    /// This kind and every kind of lower rank (later in the piece table).
    From(K),
    /// This kind only.
    Only(K),
}

impl<K> PromotionClass<K> {
    /// The same class with its kind renamed by `f`.
    pub fn map<L>(&self, f: &mut impl FnMut(&K) -> L) -> PromotionClass<L> {
        match self {
            PromotionClass::Any => PromotionClass::Any,
            PromotionClass::From(k) => PromotionClass::From(f(k)),
            PromotionClass::Only(k) => PromotionClass::Only(f(k)),
        }
    }
}

impl<K> Ability<K> {
    /// The same ability with its kinds renamed by `f`.
    pub fn map<L>(&self, f: &mut impl FnMut(&K) -> L) -> Ability<L> {
        match self {
            Ability::ShunsThreats => Ability::ShunsThreats,
            Ability::Escape(rule) => Ability::Escape(rule.map(f)),
            Ability::Leader => Ability::Leader,
            Ability::Escort => Ability::Escort,
            Ability::Promotion(class) => Ability::Promotion(class.map(f)),
            Ability::Slave => Ability::Slave,
            Ability::Assassin => Ability::Assassin,
            Ability::SafeFromMales => Ability::SafeFromMales,
            Ability::Charms => Ability::Charms,
            Ability::CharmImmune => Ability::CharmImmune,
            Ability::Allegiance => Ability::Allegiance,
            Ability::LandsOnEmpty => Ability::LandsOnEmpty,
            Ability::SideKill => Ability::SideKill,
            Ability::Ownerless => Ability::Ownerless,
            Ability::Carries(n) => Ability::Carries(*n),
            Ability::Strike { reach, max } => Ability::Strike { reach: *reach, max: *max },
            Ability::Directs { reach, moves } => Ability::Directs { reach: *reach, moves: moves.clone() },
            Ability::Succeeds { kind, title } => Ability::Succeeds { kind: f(kind), title: title.clone() },
            Ability::Hauls { cars, attach, excludes } => {
                Ability::Hauls { cars: *cars, attach: *attach, excludes: excludes.iter().map(&mut *f).collect() }
            }
            Ability::Plough(n) => Ability::Plough(*n),
        }
    }
}

/// The Princess's (or Jeddara's) once-a-game escape.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EscapeRule<K> {
    /// How far: king steps for a leap, steps for a walk.
    #[serde(default = "ten")]
    pub reach: u8,
    /// A free leap, or a walk of exactly or at most `reach` steps (jumping over pieces).
    #[serde(default)]
    pub walk: EscapeWalk,
    /// How the steps of a walk may combine (ignored by a leap).
    #[serde(default)]
    pub mix: Mix,
    /// Always, or only while the piece is attacked.
    #[serde(default)]
    pub when: EscapeWhen,
    /// Where she may land.
    #[serde(default)]
    pub region: Region,
    /// Whether she may land only on squares the enemy doesn't threaten.
    #[serde(default = "yes")]
    pub avoid_threats: bool,
    /// A friendly piece of one of these kinds must be on the board (none: no condition).
    #[serde(default = "Vec::new")]
    pub needs: Vec<K>,
}

fn ten() -> u8 {
    10
}

impl<K> Default for EscapeRule<K> {
    fn default() -> Self {
        EscapeRule {
            reach: ten(),
            walk: EscapeWalk::default(),
            mix: Mix::default(),
            when: EscapeWhen::default(),
            region: Region::default(),
            avoid_threats: true,
            needs: Vec::new(),
        }
    }
}

impl<K> EscapeRule<K> {
    /// The same rule with its kinds renamed by `f`.
    pub fn map<L>(&self, f: &mut impl FnMut(&K) -> L) -> EscapeRule<L> {
        EscapeRule {
            reach: self.reach,
            walk: self.walk,
            mix: self.mix,
            when: self.when,
            region: self.region,
            avoid_threats: self.avoid_threats,
            needs: self.needs.iter().map(f).collect(),
        }
    }
}

/// The shape of an escape.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum EscapeWalk {
    /// Any square within `reach` king steps.
    #[default]
    Leap,
    /// A walk of exactly `reach` steps.
    Exact,
    /// A walk of 1 to `reach` steps.
    UpTo,
}

/// When an escape may be made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum EscapeWhen {
    /// On any turn.
    #[default]
    Always,
    /// Only while an enemy piece has a move that lands on her.
    Attacked,
}

/// Where an escape may land.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum Region {
    /// Anywhere on the board.
    #[default]
    Anywhere,
    /// In her own side's half of the board.
    OwnHalf,
}

/// How squares threatened for a piece that [`Ability::ShunsThreats`] are judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Threats {
    /// In the position after her move (the default) or before it.
    #[serde(default)]
    pub judged: Judged,
    /// Whether her walk may pass over threatened squares (judged before her move).
    #[serde(default = "yes")]
    pub pass_through: bool,
}

fn yes() -> bool {
    true
}

impl Default for Threats {
    fn default() -> Self {
        Threats { judged: Judged::default(), pass_through: true }
    }
}

/// When a threat is judged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum Judged {
    /// In the position after the move.
    #[default]
    AfterMove,
    /// In the position before the move, with the piece still on its square.
    BeforeMove,
}

/// A result, from the point of view of the side it happens to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Verdict {
    /// That side wins.
    Win,
    /// The game is drawn.
    Draw,
    /// That side loses.
    Loss,
}

impl Verdict {
    /// The same result seen from the other side.
    pub fn reversed(self) -> Verdict {
        match self {
            Verdict::Win => Verdict::Loss,
            Verdict::Draw => Verdict::Draw,
            Verdict::Loss => Verdict::Win,
        }
    }
}

/// A way the game ends.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Ending<K> {
    /// A piece lands on an enemy `victim` (by one of `by`, or by anything when `by` is empty):
    /// the game ends with `result` for the side that moved. The first matching ending applies.
    Capture {
        /// The kind landed on.
        victim: K,
        /// The kinds this ending is limited to; empty for any kind.
        #[serde(default = "Vec::new")]
        by: Vec<K>,
        /// The result for the side that landed.
        result: Verdict,
        /// What a player reads when it happens, such as "reached the Princess".
        #[serde(default)]
        name: Text,
    },
    /// After a move, the enemy owns no piece of these kinds: the game ends with `result` for
    /// the side that moved.
    Eliminated {
        /// The kinds.
        kinds: Vec<K>,
        /// The result for the side that moved.
        result: Verdict,
        /// What a player reads, such as "took every royal female".
        #[serde(default)]
        name: Text,
    },
    /// After a move, a piece of one of these kinds of the side that moved stands on the enemy's
    /// back rank: the game ends with `result` for that side.
    Reaches {
        /// The kinds.
        kinds: Vec<K>,
        /// The result for the side that moved.
        result: Verdict,
        /// What a player reads, such as "crossed the board".
        #[serde(default)]
        name: Text,
    },
}

/// Squads: a leader's move that other friendly pieces make with it (RULES.md §5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SquadRule {
    /// At most this many pieces besides the leader.
    pub members: u8,
    /// Where the members may stand.
    pub form: SquadForm,
    /// Which ranks of piece may follow a leader.
    pub ranks: SquadRanks,
    /// Whether an escort in the squad may bring its female along.
    #[serde(default)]
    pub escorts: bool,
}

/// Where a squad's members stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum SquadForm {
    /// All within one 2 x 2 block that holds the leader (Sarang).
    Block,
    /// On the 8 squares around the leader (Jeddara).
    Around,
}

/// Which pieces may follow a leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum SquadRanks {
    /// Strictly lower rank.
    Lower,
    /// Equal or lower rank.
    LowerOrEqual,
}

impl SquadRanks {
    /// Whether a piece of kind `member` may follow a leader of kind `leader` (kinds are listed
    /// highest rank first).
    pub fn follows<K: Ord>(self, member: K, leader: K) -> bool {
        match self {
            SquadRanks::Lower => member > leader,
            SquadRanks::LowerOrEqual => member >= leader,
        }
    }
}

/// The Charge (RULES.md §5.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChargeRule {
    /// How many pieces must qualify to declare it.
    #[serde(default = "six")]
    pub qualifying: u8,
    /// Whether squads may be moved inside it.
    #[serde(default)]
    pub squads: bool,
}

fn six() -> u8 {
    6
}

/// The draw when both sides are reduced to a few pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmallArmies {
    /// Each side has at most this many pieces.
    pub pieces: u8,
    /// Drawn once this many plies have been played since, without a win.
    pub plies: u8,
    /// Also require both sides' pieces to be of equal total value.
    #[serde(default)]
    pub equal_value: bool,
}

/// A rule option a player chooses before a game: a named list of choices.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleOption<K> {
    /// Identifier, used on the command line (`--option id=choice`).
    pub id: Text,
    /// What a player reads.
    pub name: Text,
    /// The choices; the first is the default.
    pub choices: Vec<Choice<K>>,
}

impl<K> RuleOption<K> {
    /// Each side's choice (by index, South's first) as (option, choice) id pairs, as
    /// [`crate::Variant::with_choices`] reads them: the option's id where the sides chose alike,
    /// `south:id` and `north:id` where they chose apart.
    pub fn pairs(&self, choices: [usize; 2]) -> Vec<(String, String)> {
        let choice = |side: Side| self.choices[choices[side.index()]].id.value.clone();
        if choices[0] == choices[1] {
            vec![(self.id.value.clone(), choice(Side::South))]
        } else {
            Side::BOTH.map(|side| (format!("{}:{}", side.id(), self.id.as_str()), choice(side))).to_vec()
        }
    }
}

/// One choice of a [`RuleOption`]: the changes it makes to the variant as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice<K> {
    /// Identifier.
    pub id: Text,
    /// What a player reads.
    pub name: Text,
    /// The changes, applied in order; none for the rules as written.
    #[serde(default = "Vec::new")]
    pub set: Vec<Change<K>>,
}

/// A change a [`Choice`] makes to the variant. Fields left out are left as they are.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Change<K> {
    /// Changes the walks (`Path` and `Combo` movements) of a piece kind.
    Walk {
        /// The kind.
        piece: K,
        /// New number of steps (Path).
        #[serde(default)]
        steps: Option<u8>,
        /// New step directions (Path).
        #[serde(default)]
        dirs: Option<Dirs>,
        /// Exactly (true) or up to (false) the number of steps (Path).
        #[serde(default)]
        exact: Option<bool>,
        /// New mix (Path).
        #[serde(default)]
        mix: Option<Mix>,
        /// Jump or not (Path and Combo).
        #[serde(default)]
        jump: Option<bool>,
        /// New order (Combo).
        #[serde(default)]
        order: Option<Order>,
    },
    /// Replaces the movements of a piece kind.
    Moves {
        /// The kind.
        piece: K,
        /// Its new movements.
        moves: Vec<Movement>,
    },
    /// Changes the escape of a piece kind.
    Escape {
        /// The kind.
        piece: K,
        /// New reach.
        #[serde(default)]
        reach: Option<u8>,
        /// New shape.
        #[serde(default)]
        walk: Option<EscapeWalk>,
        /// New mix.
        #[serde(default)]
        mix: Option<Mix>,
        /// New condition.
        #[serde(default)]
        when: Option<EscapeWhen>,
        /// New landing region.
        #[serde(default)]
        region: Option<Region>,
    },
    /// Changes how threats are judged.
    Threats {
        /// After or before the move.
        #[serde(default)]
        judged: Option<Judged>,
        /// Whether walks may pass threatened squares.
        #[serde(default)]
        pass_through: Option<bool>,
    },
    /// Sets or removes the small-armies draw.
    SmallArmies(Option<SmallArmies>),
    /// What happens to a side with no legal move: `Draw` or `Loss`.
    NoMoves(Verdict),
    /// Sets or removes the ply limit.
    PlyLimit(Option<u32>),
    /// Which side moves first.
    FirstPlayer(Side),
    /// Replaces the endings.
    Endings(Vec<Ending<K>>),
    /// Sets or removes squads.
    Squads(Option<SquadRule>),
    /// Allows the Charge, or not.
    Charge(Option<ChargeRule>),
    /// Allows Rapid Deployment, or not.
    RapidDeployment(bool),
}

impl<K> Change<K> {
    /// The piece kinds the change names.
    pub fn pieces(&self) -> Vec<&K> {
        match self {
            Change::Walk { piece, .. } | Change::Moves { piece, .. } | Change::Escape { piece, .. } => vec![piece],
            Change::Endings(endings) => endings.iter().flat_map(Ending::pieces).collect(),
            _ => Vec::new(),
        }
    }
}

impl<K> Ending<K> {
    /// The piece kinds the ending names.
    pub fn pieces(&self) -> Vec<&K> {
        match self {
            Ending::Capture { victim, by, .. } => std::iter::once(victim).chain(by).collect(),
            Ending::Eliminated { kinds, .. } | Ending::Reaches { kinds, .. } => kinds.iter().collect(),
        }
    }

    /// The same ending with its kinds renamed by `f`.
    pub fn map<L>(&self, f: &mut impl FnMut(&K) -> L) -> Ending<L> {
        match self {
            Ending::Capture { victim, by, result, name } => Ending::Capture {
                victim: f(victim),
                by: by.iter().map(&mut *f).collect(),
                result: *result,
                name: name.clone(),
            },
            Ending::Eliminated { kinds, result, name } => {
                Ending::Eliminated { kinds: kinds.iter().map(&mut *f).collect(), result: *result, name: name.clone() }
            }
            Ending::Reaches { kinds, result, name } => {
                Ending::Reaches { kinds: kinds.iter().map(&mut *f).collect(), result: *result, name: name.clone() }
            }
        }
    }

    /// What a player reads when it happens.
    pub fn name(&self) -> &Text {
        match self {
            Ending::Capture { name, .. } | Ending::Eliminated { name, .. } | Ending::Reaches { name, .. } => name,
        }
    }

    /// The result for the side whose move meets it.
    pub fn result(&self) -> Verdict {
        match self {
            Ending::Capture { result, .. } | Ending::Eliminated { result, .. } | Ending::Reaches { result, .. } => {
                *result
            }
        }
    }
}

impl<K: Clone> Change<K> {
    /// The same change with its kinds renamed by `f`.
    pub fn map<L>(&self, f: &mut impl FnMut(&K) -> L) -> Change<L> {
        match self {
            Change::Walk { piece, steps, dirs, exact, mix, jump, order } => Change::Walk {
                piece: f(piece),
                steps: *steps,
                dirs: *dirs,
                exact: *exact,
                mix: *mix,
                jump: *jump,
                order: *order,
            },
            Change::Moves { piece, moves } => Change::Moves { piece: f(piece), moves: moves.clone() },
            Change::Escape { piece, reach, walk, mix, when, region } => {
                Change::Escape { piece: f(piece), reach: *reach, walk: *walk, mix: *mix, when: *when, region: *region }
            }
            Change::Threats { judged, pass_through } => {
                Change::Threats { judged: *judged, pass_through: *pass_through }
            }
            Change::SmallArmies(rule) => Change::SmallArmies(*rule),
            Change::NoMoves(verdict) => Change::NoMoves(*verdict),
            Change::PlyLimit(limit) => Change::PlyLimit(*limit),
            Change::FirstPlayer(side) => Change::FirstPlayer(*side),
            Change::Endings(endings) => Change::Endings(endings.iter().map(|e| e.map(f)).collect()),
            Change::Squads(rule) => Change::Squads(*rule),
            Change::Charge(rule) => Change::Charge(*rule),
            Change::RapidDeployment(on) => Change::RapidDeployment(*on),
        }
    }
}

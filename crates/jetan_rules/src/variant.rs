//! A variant ready to play: its pieces, setup and rules, with the chosen rule options applied,
//! and the tables move generation reads ([`crate::tables`]).

use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;

use crate::guide::GuideSection;
use crate::tables::Tables;
use crate::zobrist::Zobrist;
use crate::{
    Change, ChargeRule, ChoiceError, Ending, EscapeRule, Geometry, KindId, LoadError, LoadErrors, Movement, Piece,
    PromotionClass, RuleOption, Side, SmallArmies, SquadRule, Square, Threats, Verdict,
};

/// A piece's gender, which squads, charm and capture limits read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
pub enum Gender {
    /// Male.
    Male,
    /// Female.
    Female,
    /// Neither (beasts).
    None,
}

/// A kind of piece: what it is called, how it moves, what it can do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceKind {
    /// Identifier used in the variant file, such as `warrior`.
    pub id: String,
    /// Display name, such as `Warrior`.
    pub name: String,
    /// Notation letter(s) as South writes them (upper case); North writes them in lower case.
    pub letter: String,
    /// A sentence or two for players.
    pub description: String,
    /// Gender.
    pub gender: Gender,
    /// Whether it may capture.
    pub armed: bool,
    /// Worth, for the AI and for the equal-value draw.
    pub value: i32,
    /// How it moves.
    pub moves: Vec<Movement>,
    /// Never lands on a threatened square.
    pub shuns_threats: bool,
    /// Its once-a-game escape, if it has one.
    pub escape: Option<EscapeRule<KindId>>,
    /// May lead a squad.
    pub leader: bool,
    /// May take an adjacent female along.
    pub escort: bool,
    /// What it may bring back from the enemy's back rank.
    pub promotion: Option<PromotionClass<KindId>>,
    /// Captured only by an armed piece of its own gender.
    pub slave: bool,
    /// Never captures unarmed pieces or females.
    pub assassin: bool,
    /// Can't be captured by males.
    pub safe_from_males: bool,
    /// Holds enemy males next to it still.
    pub charms: bool,
    /// Not held by charm.
    pub charm_immune: bool,
    /// Serves the side with more pieces each turn.
    pub allegiance: bool,
    /// Lands only on empty squares.
    pub lands_on_empty: bool,
    /// Removes capturable enemies left and right of where it lands.
    pub side_kill: bool,
    /// Belongs to no one.
    pub ownerless: bool,
    /// How many pieces it carries (airships); 0 for none.
    pub carries: u8,
    /// Its strike: reach and most pieces killed.
    pub strike: Option<(u8, u8)>,
    /// Whom it directs: reach, and how a directed piece moves.
    pub directs: Option<(u8, Movement)>,
    /// The title it takes once its side has lost every piece of a kind.
    pub succeeds: Option<(KindId, String)>,
    /// Its train: the most cars, the most attached a move, and the kinds never cars.
    pub hauls: Option<(u8, u8, Vec<KindId>)>,
    /// How far it ploughs through enemies in a straight line.
    pub plough: Option<u8>,
}

impl PieceKind {
    /// Whether charm holds a piece of this kind still (males whose kind isn't immune).
    #[inline]
    pub fn charmable(&self) -> bool {
        self.gender == Gender::Male && !self.charm_immune
    }
}

/// The rules of a game, beyond its pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The side that moves first.
    pub first: Side,
    /// How captures end the game; the first that matches applies.
    pub endings: Vec<Ending<KindId>>,
    /// The draw when both armies are small.
    pub small_armies: Option<SmallArmies>,
    /// What happens to a side with no legal move.
    pub no_moves: Verdict,
    /// A draw after this many plies.
    pub ply_limit: Option<u32>,
    /// How threats against pieces that shun them are judged.
    pub threats: Threats,
    /// Squads, if the variant has them.
    pub squads: Option<SquadRule>,
    /// The Charge, if allowed.
    pub charge: Option<ChargeRule>,
    /// Whether Rapid Deployment is allowed.
    pub rapid_deployment: bool,
}

/// The look files of a variant file that names none: the looks of Barsoom's pieces that the
/// game ships, for every kind of its three variants.
pub const DEFAULT_LOOKS: &[&str] = &["looks/barsoom.look.ron"];

/// Whether `path` may name a look file: a plain path ([`is_plain_path`]) ending in `.look.ron`.
pub fn is_look_path(path: &str) -> bool {
    is_plain_path(path, ".look.ron")
}

/// Whether `path` names a file inside a folder without leaving it, ending in `suffix`: a
/// relative path of plain names (no `..`, no root, no drive), without `:` or `#` (which the
/// game's asset paths read as a source or a label), so that it stays inside the game's files.
pub fn is_plain_path(path: &str, suffix: &str) -> bool {
    path.len() > suffix.len()
        && path.ends_with(suffix)
        && !path.contains([':', '#'])
        && std::path::Path::new(path).components().all(|c| matches!(c, std::path::Component::Normal(_)))
}

/// A variant file, checked, as written (before its rule options are chosen).
#[derive(Debug)]
pub(crate) struct Definition {
    pub name: String,
    pub description: String,
    pub geometry: Geometry,
    pub side_names: [String; 2],
    pub kinds: Vec<PieceKind>,
    pub setup: Vec<(Square, Piece)>,
    pub rules: Rules,
    pub options: Vec<RuleOption<KindId>>,
    pub guide: Vec<GuideSection>,
    pub looks: Vec<String>,
}

/// A playable variant: a definition with one choice made for each rule option, by each side.
#[derive(Debug)]
pub struct Variant {
    definition: Arc<Definition>,
    /// The piece kinds as each side plays them (by [`Side::index`]): they differ only in the
    /// movements and escapes of options chosen apart for each side.
    kinds: [Vec<PieceKind>; 2],
    rules: Rules,
    /// Each side's choice of each option, in the order of [`Variant::options`].
    choices: [Vec<usize>; 2],
    pub(crate) tables: Tables,
    pub(crate) zobrist: Zobrist,
    /// Per (attacker kind, victim kind): whether the attacker may capture the victim.
    captures: Vec<bool>,
    /// Per kind: whether it may land on an enemy of every kind (move generation then needn't
    /// ask [`Variant::may_land_on`] of each piece it reaches).
    pub(crate) lands_on_any: Vec<bool>,
    /// Whether some kind serves the side with more pieces.
    pub(crate) has_allegiance: bool,
    /// Whether some kind charms.
    pub(crate) has_charm: bool,
    /// Whether some kind side-kills or promotes.
    pub(crate) has_end_effects: bool,
    /// Per kind: whether it belongs to no one (kept in its own occupancy set).
    pub(crate) ownerless: Vec<bool>,
    /// Per kind: whether it charms, serves the side with more pieces, or ends the game when
    /// taken: the few pieces the rules (and a player) look for after every move, whose squares
    /// a position keeps.
    pub(crate) notable: Vec<bool>,
    /// Each side's far rank (the enemy's back rank), by [`Side::index`].
    pub(crate) far_ranks: [crate::SquareSet; 2],
    /// Per side, per kind: whether its pieces only ever make single normal moves (no group,
    /// escape, strike, train, plough or directing; no threats to shun), which move generation
    /// lists without further ado.
    pub(crate) moves_alone: [Vec<bool>; 2],
}

impl Variant {
    /// Reads a variant from RON text, with the default choice of every rule option.
    /// `origin` names the text in error messages (usually its file name).
    ///
    /// # Errors
    /// Every problem found, each with its line and column.
    pub fn load(text: &str, origin: &str) -> Result<Variant, LoadErrors> {
        Ok(Variant::with_defaults(crate::load::definition(text, origin)?))
    }

    /// Reads a variant file, with the default choice of every rule option.
    ///
    /// # Errors
    /// The file can't be read, or holds problems (each with its line and column).
    pub fn load_file(path: &Path) -> Result<Variant, LoadErrors> {
        let origin = path.display().to_string();
        let text = crate::files::read_text_file(path, crate::files::MAX_VARIANT_BYTES)
            .map_err(|message| LoadErrors(vec![LoadError::at_start(origin.clone(), message)]))?;
        Variant::load(&text, &origin)
    }

    /// A variant shipped in `assets/variants/` (for the crate's unit tests).
    #[cfg(test)]
    pub(crate) fn shipped(file: &str) -> Variant {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/variants").join(file);
        Variant::load_file(&path).unwrap_or_else(|errors| panic!("{errors}"))
    }

    /// The same variant with some rule options chosen: pairs of option and choice ids. An
    /// option id alone sets the choice for both sides; prefixed with a side (`south:warrior`,
    /// or the variant's name for the side, as `orange:warrior`) it sets that side's, which only
    /// an option about one side's pieces allows ([`Variant::per_side`]). Options not named
    /// keep this variant's choices.
    ///
    /// # Errors
    /// An option, side or choice the variant does not have, a side given for an option about
    /// both sides, or choices that together break the engine's limits.
    pub fn with_choices<S: AsRef<str>>(&self, choices: &[(S, S)]) -> Result<Variant, ChoiceError> {
        let options = &self.definition.options;
        let mut chosen = self.choices.clone();
        for (option, choice) in choices {
            let (named, choice) = (option.as_ref(), choice.as_ref());
            let (sides, option) = self.sides_named(named)?;
            let list = |ids: Vec<&str>| ids.join(", ");
            let index =
                options.iter().position(|o| o.id.as_str() == option).ok_or_else(|| ChoiceError::UnknownOption {
                    option: option.into(),
                    known: list(options.iter().map(|o| o.id.as_str()).collect()),
                })?;
            if sides.len() == 1 && !self.per_side(&options[index]) {
                return Err(ChoiceError::BothSides(named.into()));
            }
            let choices = &options[index].choices;
            let picked =
                choices.iter().position(|c| c.id.as_str() == choice).ok_or_else(|| ChoiceError::UnknownChoice {
                    option: option.into(),
                    choice: choice.into(),
                    known: list(choices.iter().map(|c| c.id.as_str()).collect()),
                })?;
            for side in sides {
                chosen[side.index()][index] = picked;
            }
        }
        let variant = Variant::build(self.definition.clone(), chosen);
        let mut problems: Vec<String> = Vec::new();
        for kinds in &variant.kinds {
            let breaches = crate::limits::breaches(kinds, &variant.rules, variant.setup(), variant.geometry().files);
            for breach in breaches {
                if !problems.contains(&breach.message) {
                    problems.push(breach.message);
                }
            }
        }
        if !problems.is_empty() {
            return Err(ChoiceError::Limits(problems.join("; ")));
        }
        Ok(variant)
    }

    /// Whether each side may choose `option` apart: every change its choices make is to the
    /// movements or escape of a kind that has an owner (a rule, or a piece that belongs to no
    /// one, is the same for both).
    pub fn per_side(&self, option: &RuleOption<KindId>) -> bool {
        option.choices.iter().flat_map(|choice| &choice.set).all(|change| match change {
            Change::Walk { piece, .. } | Change::Moves { piece, .. } | Change::Escape { piece, .. } => {
                !self.kind(*piece).ownerless
            }
            _ => false,
        })
    }

    /// The sides an option name in [`Variant::with_choices`] sets, and the option id without
    /// its side.
    fn sides_named<'a>(&self, named: &'a str) -> Result<(Vec<Side>, &'a str), ChoiceError> {
        let Some((side, option)) = named.split_once(':') else { return Ok((Side::BOTH.to_vec(), named)) };
        let names = |side: Side| [side.id().to_string(), self.side_name(side).to_string()];
        Side::BOTH
            .into_iter()
            .find(|&s| names(s).iter().any(|name| name.eq_ignore_ascii_case(side)))
            .map(|s| (vec![s], option))
            .ok_or_else(|| ChoiceError::UnknownSide {
                side: side.into(),
                known: Side::BOTH.map(|s| names(s).join(" or ")).join(", "),
            })
    }

    /// Parses `option=choice` pairs (as given on a command line, `side:option=choice` for one
    /// side) and applies them.
    ///
    /// # Errors
    /// A pair without `=`, or as [`Variant::with_choices`].
    pub fn with_choice_args(&self, args: &[String]) -> Result<Variant, ChoiceError> {
        let pairs = args
            .iter()
            .map(|arg| arg.split_once('=').ok_or_else(|| ChoiceError::Malformed(arg.clone())))
            .collect::<Result<Vec<_>, _>>()?;
        self.with_choices(&pairs)
    }

    /// The chosen rule options as (option, choice) id pairs that [`Variant::with_choices`]
    /// reads back: the option's id where both sides chose alike, one pair per side
    /// (`south:warrior`, `north:warrior`) where they differ.
    pub fn chosen(&self) -> Vec<(String, String)> {
        let [south, north] = &self.choices;
        self.options()
            .iter()
            .enumerate()
            .flat_map(|(index, option)| option.pairs([south[index], north[index]]))
            .collect()
    }

    /// The variant with the default choice of every option for both sides.
    pub(crate) fn with_defaults(definition: Arc<Definition>) -> Variant {
        let defaults = vec![0; definition.options.len()];
        Variant::build(definition, [defaults.clone(), defaults])
    }

    fn build(definition: Arc<Definition>, choices: [Vec<usize>; 2]) -> Variant {
        let mut rules = definition.rules.clone();
        let kinds = Side::BOTH.map(|side| {
            let mut kinds = definition.kinds.clone();
            for (option, &choice) in definition.options.iter().zip(&choices[side.index()]) {
                for change in &option.choices[choice].set {
                    // Options that change the rules are chosen alike by both sides.
                    apply(change, &mut kinds, &mut rules);
                }
            }
            kinds
        });
        let geometry = definition.geometry;
        let tables = Tables::new(geometry, &kinds);
        // The sides' kinds differ only in movements and escapes: South's serve for the rest.
        let [south, _] = &kinds;
        let counter_values = rules.small_armies.map_or(0, |s| s.plies as usize);
        let zobrist = Zobrist::new(south.len(), geometry.len(), counter_values);
        let captures = south.iter().flat_map(|a| south.iter().map(move |v| may_capture(a, v))).collect();
        let lands_on_any = south.iter().map(|a| !a.lands_on_empty && south.iter().all(|v| may_capture(a, v))).collect();
        let has_allegiance = south.iter().any(|k| k.allegiance);
        let has_charm = south.iter().any(|k| k.charms);
        let has_end_effects = south.iter().any(|k| k.side_kill || k.promotion.is_some());
        let ownerless = south.iter().map(|k| k.ownerless).collect();
        let decisive = |kind: usize| {
            rules.endings.iter().any(|e| matches!(e, Ending::Capture { victim, .. } if victim.index() == kind))
        };
        let notable = south.iter().enumerate().map(|(i, k)| k.charms || k.allegiance || decisive(i)).collect();
        let rank = |rank: i32| geometry.squares().filter(|&s| geometry.rank(s) == rank).collect();
        let far_ranks = [rank(geometry.ranks as i32 - 1), rank(0)];
        let moves_alone = kinds.each_ref().map(|kinds| {
            kinds
                .iter()
                .map(|k| {
                    !(k.escort
                        || (k.leader && rules.squads.is_some())
                        || k.carries > 0
                        || k.shuns_threats
                        || k.escape.is_some()
                        || k.strike.is_some()
                        || k.directs.is_some()
                        || k.hauls.is_some()
                        || k.plough.is_some())
                })
                .collect()
        });
        Variant {
            definition,
            kinds,
            rules,
            choices,
            tables,
            zobrist,
            captures,
            lands_on_any,
            has_allegiance,
            has_charm,
            has_end_effects,
            ownerless,
            notable,
            far_ranks,
            moves_alone,
        }
    }

    /// Whether a piece of kind `attacker` may capture (land on, side-kill, strike) an enemy of
    /// kind `victim`, by the capture limits of RULES.md §5.4.
    #[inline]
    pub fn may_capture(&self, attacker: KindId, victim: KindId) -> bool {
        self.captures[attacker.index() * self.kinds().len() + victim.index()]
    }

    /// Whether a piece of kind `attacker` may land on an enemy of kind `victim`.
    #[inline]
    pub fn may_land_on(&self, attacker: KindId, victim: KindId) -> bool {
        !self.kind(attacker).lands_on_empty && self.may_capture(attacker, victim)
    }

    /// The result, for the mover, of a piece of kind `mover` landing on (or otherwise taking)
    /// an enemy of kind `victim`: the first of the capture endings that matches, or `None` if
    /// the game goes on.
    pub fn capture_verdict(&self, victim: KindId, mover: KindId) -> Option<Verdict> {
        self.rules.endings.iter().find_map(|ending| {
            let Ending::Capture { victim: kind, by, result, .. } = ending else { return None };
            (*kind == victim && (by.is_empty() || by.contains(&mover))).then_some(*result)
        })
    }

    /// Whether `kind` may be brought back by a female of class `class`.
    pub fn in_class(&self, class: &PromotionClass<KindId>, kind: KindId) -> bool {
        match class {
            PromotionClass::Any => true,
            PromotionClass::From(top) => kind >= *top,
            PromotionClass::Only(only) => kind == *only,
        }
    }

    /// The variant's name.
    pub fn name(&self) -> &str {
        &self.definition.name
    }

    /// A paragraph for players.
    pub fn description(&self) -> &str {
        &self.definition.description
    }

    /// The rules guide's sections, as the file gives them (their examples are checked under
    /// the default rule options when the file is read).
    pub fn guide(&self) -> &[GuideSection] {
        &self.definition.guide
    }

    /// The look files that draw the pieces, asset paths under `assets/` (`looks/barsoom.look.ron`),
    /// later files overriding earlier ones for a kind both give: the file's `looks`, or
    /// [`DEFAULT_LOOKS`] when it names none.
    pub fn looks(&self) -> &[String] {
        &self.definition.looks
    }

    /// The board's shape.
    #[inline]
    pub fn geometry(&self) -> Geometry {
        self.definition.geometry
    }

    /// What a side is called in this variant (classic: Black and Orange).
    pub fn side_name(&self, side: Side) -> &str {
        &self.definition.side_names[side.index()]
    }

    /// The piece kinds, highest rank first. Their movements and escapes are South's: where
    /// the sides chose an option apart, read a side's with [`Variant::side_kind`].
    #[inline]
    pub fn kinds(&self) -> &[PieceKind] {
        &self.kinds[Side::South.index()]
    }

    /// One piece kind (its movements and escape South's, as in [`Variant::kinds`]).
    #[inline]
    pub fn kind(&self, kind: KindId) -> &PieceKind {
        &self.kinds()[kind.index()]
    }

    /// The piece kinds as `side` plays them.
    #[inline]
    pub fn side_kinds(&self, side: Side) -> &[PieceKind] {
        &self.kinds[side.index()]
    }

    /// A piece kind as `side` plays it: with the movements and escape of that side's options.
    #[inline]
    pub fn side_kind(&self, kind: KindId, side: Side) -> &PieceKind {
        &self.side_kinds(side)[kind.index()]
    }

    /// The kind of `piece` as the side it plays for plays it.
    #[inline]
    pub fn piece_kind(&self, piece: Piece) -> &PieceKind {
        self.side_kind(piece.kind, piece.side)
    }

    /// Whether the sides chose some option apart.
    pub fn sides_differ(&self) -> bool {
        self.choices[0] != self.choices[1]
    }

    /// The kind with this identifier (as in the variant file).
    pub fn kind_by_id(&self, id: &str) -> Option<KindId> {
        self.kinds().iter().position(|k| k.id == id).map(|i| KindId(i as u8))
    }

    /// The piece a notation label stands for: the kind by its letter(s), the side by the case
    /// of the first letter (upper case South; a piece that belongs to no one only in lower case).
    pub fn piece_by_label(&self, label: &str) -> Option<Piece> {
        let first = label.chars().next()?;
        let side = if first.is_uppercase() { Side::South } else { Side::North };
        let kind = self.kinds().iter().position(|k| k.letter.eq_ignore_ascii_case(label))?;
        // A piece that belongs to no one is written in lower case (`bb`), as North's.
        if self.kinds()[kind].ownerless && side == Side::South {
            return None;
        }
        Some(Piece::new(KindId(kind as u8), side))
    }

    /// A piece's notation label: its letter(s), upper case for South's pieces, lower case for
    /// North's (by owner).
    pub fn label(&self, piece: Piece) -> String {
        let letter = &self.kind(piece.kind).letter;
        match piece.owner {
            Side::South => letter.to_ascii_uppercase(),
            Side::North => letter.to_ascii_lowercase(),
        }
    }

    /// Where the pieces stand at the start.
    pub fn setup(&self) -> &[(Square, Piece)] {
        &self.definition.setup
    }

    /// The rules with the chosen options applied.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The rule options a player may choose among.
    pub fn options(&self) -> &[RuleOption<KindId>] {
        &self.definition.options
    }

    /// The index of `side`'s choice of each option, in the order of [`Variant::options`].
    pub fn choices(&self, side: Side) -> &[usize] {
        &self.choices[side.index()]
    }
}

/// Applies one change of a rule option's choice.
pub(crate) fn apply(change: &Change<KindId>, kinds: &mut [PieceKind], rules: &mut Rules) {
    match change {
        Change::Walk { piece, steps: s, dirs: d, exact: e, mix: m, jump: j, order: o } => {
            for movement in &mut kinds[piece.index()].moves {
                match movement {
                    Movement::Path { steps, dirs, exact, mix, jump } => {
                        *steps = s.unwrap_or(*steps);
                        *dirs = d.unwrap_or(*dirs);
                        *exact = e.unwrap_or(*exact);
                        *mix = m.unwrap_or(*mix);
                        *jump = j.unwrap_or(*jump);
                    }
                    Movement::Combo { order, jump, .. } => {
                        *order = o.unwrap_or(*order);
                        *jump = j.unwrap_or(*jump);
                    }
                    _ => {}
                }
            }
        }
        Change::Moves { piece, moves } => kinds[piece.index()].moves = moves.clone(),
        Change::Escape { piece, reach, walk, mix, when, region } => {
            if let Some(escape) = &mut kinds[piece.index()].escape {
                escape.reach = reach.unwrap_or(escape.reach);
                escape.walk = walk.unwrap_or(escape.walk);
                escape.mix = mix.unwrap_or(escape.mix);
                escape.when = when.unwrap_or(escape.when);
                escape.region = region.unwrap_or(escape.region);
            }
        }
        Change::Threats { judged, pass_through } => {
            rules.threats.judged = judged.unwrap_or(rules.threats.judged);
            rules.threats.pass_through = pass_through.unwrap_or(rules.threats.pass_through);
        }
        Change::SmallArmies(rule) => rules.small_armies = *rule,
        Change::NoMoves(verdict) => rules.no_moves = *verdict,
        Change::PlyLimit(limit) => rules.ply_limit = *limit,
        Change::FirstPlayer(side) => rules.first = *side,
        Change::Endings(endings) => rules.endings = endings.clone(),
        Change::Squads(rule) => rules.squads = *rule,
        Change::Charge(rule) => rules.charge = *rule,
        Change::RapidDeployment(on) => rules.rapid_deployment = *on,
    }
}

/// The capture limits of RULES.md §5.4 between two kinds.
fn may_capture(attacker: &PieceKind, victim: &PieceKind) -> bool {
    attacker.armed
        && (!victim.slave || attacker.gender == victim.gender)
        && (!attacker.assassin || (victim.armed && victim.gender != Gender::Female))
        && (!victim.safe_from_males || attacker.gender != Gender::Male)
}

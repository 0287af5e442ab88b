//! Reading a variant file: RON syntax, then every cross-check, each error with its place.

use std::collections::HashMap;
use std::sync::Arc;

use ron::extensions::Extensions;

use crate::guide::GuideSection;
use crate::limits::{self, Breach, MAX_KINDS};
use crate::schema::{GuideFile, NorthFile, PieceFile, SetupFile, VariantFile};
use crate::source::Source;
use crate::variant::{DEFAULT_LOOKS, is_look_path};
use crate::variant::{Definition, PieceKind, Rules, Variant};
use crate::{
    Ability, Change, Choice, Geometry, KindId, LoadError, LoadErrors, MAX_SIDE, Movement, Piece, RuleOption, Side,
    Square, Text,
};

/// Reads and checks a variant file, its guide's examples played under the default options.
pub(crate) fn definition(text: &str, origin: &str) -> Result<Arc<Definition>, LoadErrors> {
    let options =
        ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME | Extensions::UNWRAP_VARIANT_NEWTYPES);
    let (source, file) = Source::read::<VariantFile>(text, origin, &options)?;
    let mut checker = Checker { source, errors: Vec::new(), kinds: HashMap::new() };
    let definition = Arc::new(checker.definition(&file));
    if checker.errors.is_empty() {
        checker.guide_examples(&file.guide, &definition);
    }
    let mut errors = checker.errors;
    if errors.is_empty() {
        Ok(definition)
    } else {
        errors.sort_by_key(|e| e.location);
        Err(LoadErrors(errors))
    }
}

/// Collects the errors of one file.
struct Checker<'a> {
    source: Source<'a>,
    errors: Vec<LoadError>,
    /// Piece kinds by id.
    kinds: HashMap<String, KindId>,
}

impl Checker<'_> {
    /// Records an error at the field `key`.
    fn error_at_key(&mut self, key: &str, message: String) {
        let error = self.source.error_at(self.source.locate_key(key), message);
        self.errors.push(error);
    }

    /// Records an error at `text` (`within` bytes into its value).
    fn error(&mut self, text: &Text, within: usize, message: String) {
        let error = self.source.error_within(text, within, message);
        self.errors.push(error);
    }

    fn definition(&mut self, file: &VariantFile) -> Definition {
        let geometry = Geometry { files: file.board.files, ranks: file.board.ranks };
        let board_ok = (1..=MAX_SIDE).contains(&geometry.files) && (1..=MAX_SIDE).contains(&geometry.ranks);
        if !board_ok {
            let message = format!(
                "the board must have 1 to {MAX_SIDE} files and ranks, not {} x {}",
                geometry.files, geometry.ranks
            );
            self.error_at_key("board", message);
        }
        let kinds = self.kinds(&file.pieces);
        let setup = if board_ok { self.setup(&file.setup, geometry, &file.pieces) } else { Vec::new() };
        let endings = file.endings.iter().map(|e| e.map(&mut |k| self.kind(k))).collect();
        let rules = Rules {
            first: file.first,
            endings,
            small_armies: file.small_armies,
            no_moves: file.no_moves,
            ply_limit: file.ply_limit,
            threats: file.threats,
            squads: file.squads,
            charge: file.charge,
            rapid_deployment: file.rapid_deployment,
        };
        let base = Base { kinds: &kinds, rules: &rules, setup: &setup, files: geometry.files };
        for breach in base.breaches() {
            self.breach(&file.pieces, None, breach);
        }
        let options = self.options(&file.options, &file.pieces, &base);
        Definition {
            name: file.name.value.clone(),
            description: file.description.value.clone(),
            geometry,
            side_names: [file.sides.south.value.clone(), file.sides.north.value.clone()],
            kinds,
            setup,
            rules,
            options,
            guide: file.guide.iter().map(guide_section).collect(),
            looks: self.looks(&file.looks),
        }
    }

    /// The look files named, each checked to be a `.look.ron` file inside `assets/`, and each
    /// once (a file named again is read once all the same).
    fn looks(&mut self, looks: &[Text]) -> Vec<String> {
        if looks.is_empty() {
            return DEFAULT_LOOKS.iter().map(|look| look.to_string()).collect();
        }
        for look in looks {
            if !is_look_path(look.as_str()) {
                let message = format!(
                    "`{look}` is not a look file: a .look.ron file under assets/, such as `{}`",
                    DEFAULT_LOOKS[0]
                );
                self.error(look, 0, message);
            }
        }
        let mut seen = std::collections::BTreeSet::new();
        looks.iter().filter(|look| seen.insert(look.as_str())).map(|look| look.value.clone()).collect()
    }

    /// Plays each guide example under the default options; an example that doesn't play is
    /// an error at its moves (or its position).
    fn guide_examples(&mut self, guide: &[GuideFile], definition: &Arc<Definition>) {
        let variant = Arc::new(Variant::with_defaults(definition.clone()));
        for (file, section) in guide.iter().zip(&definition.guide) {
            if let Err(error) = section.example(&variant) {
                let at = match &file.position {
                    Some(position) if error.starts_with("the position") => position,
                    _ => &file.moves,
                };
                self.error(at, 0, format!("guide \"{}\": {error}", section.title));
            }
        }
    }

    /// Records a limit the file breaks: at the piece's id, or at the key of the rules it is
    /// about; `choice` is the rule option's choice that makes it break the limit, if one does.
    fn breach(&mut self, pieces: &[PieceFile], choice: Option<&Text>, breach: Breach) {
        let message = match choice {
            Some(choice) => format!("choice `{choice}`: {}", breach.message),
            None => breach.message,
        };
        match (choice, breach.kind.and_then(|kind| pieces.get(kind.index()))) {
            (Some(choice), _) => self.error(choice, 0, message),
            (None, Some(piece)) => self.error(&piece.id, 0, message),
            (None, None) => self.error_at_key(breach.key, message),
        }
    }

    /// The kind a piece id names, or an error (and kind 0, so checking can go on).
    fn kind(&mut self, id: &Text) -> KindId {
        match self.kinds.get(id.as_str()) {
            Some(&kind) => kind,
            None => {
                let known: Vec<_> = {
                    let mut ids: Vec<_> = self.kinds.iter().collect();
                    ids.sort_by_key(|(_, kind)| **kind);
                    ids.into_iter().map(|(id, _)| id.as_str()).collect()
                };
                let known = if known.is_empty() { "there are none".into() } else { known.join(", ") };
                self.error(id, 0, format!("unknown piece kind `{id}` (the pieces are: {known})"));
                KindId(0)
            }
        }
    }

    /// The piece kinds, the first [`MAX_KINDS`] of `pieces` (the others are an error).
    fn kinds(&mut self, pieces: &[PieceFile]) -> Vec<PieceKind> {
        self.check_kind_count(pieces);
        let pieces = &pieces[..pieces.len().min(MAX_KINDS)];
        for (index, piece) in pieces.iter().enumerate() {
            let id_ok = !piece.id.value.is_empty()
                && piece.id.value.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
            if !id_ok {
                self.error(&piece.id, 0, format!("piece id `{}` must be lower-case letters, digits and _", piece.id));
            } else if self.kinds.insert(piece.id.value.clone(), KindId(index as u8)).is_some() {
                self.error(&piece.id, 0, format!("piece id `{}` is used twice", piece.id));
            }
        }
        let mut letters: HashMap<String, &Text> = HashMap::new();
        let mut kinds = Vec::new();
        for piece in pieces {
            let letter = piece.letter.value.to_ascii_uppercase();
            if letter.is_empty() || letter.len() > 3 || !letter.chars().all(|c| c.is_ascii_alphabetic()) {
                self.error(&piece.letter, 0, format!("letter `{}` must be 1 to 3 ASCII letters", piece.letter));
            } else if let Some(first) = letters.insert(letter.clone(), &piece.letter) {
                let at = self.source.locate(first, 0);
                let message =
                    format!("letter `{}` is already the letter of another piece (line {})", piece.letter, at.line);
                self.error(&piece.letter, 0, message);
            }
            let mut kind = PieceKind {
                id: piece.id.value.clone(),
                name: piece.name.value.clone(),
                letter,
                description: piece.description.value.clone(),
                gender: piece.gender,
                armed: piece.armed,
                value: piece.value,
                moves: piece.moves.clone(),
                shuns_threats: false,
                escape: None,
                leader: false,
                escort: false,
                promotion: None,
                slave: false,
                assassin: false,
                safe_from_males: false,
                charms: false,
                charm_immune: false,
                allegiance: false,
                lands_on_empty: false,
                side_kill: false,
                ownerless: false,
                carries: 0,
                strike: None,
                directs: None,
                succeeds: None,
                hauls: None,
                plough: None,
            };
            for ability in &piece.abilities {
                match ability.map(&mut |k| self.kind(k)) {
                    Ability::ShunsThreats => kind.shuns_threats = true,
                    Ability::Escape(rule) => {
                        if kind.escape.is_some() {
                            self.error(&piece.id, 0, format!("piece `{}` has two escapes", piece.id));
                        }
                        kind.escape = Some(rule);
                    }
                    Ability::Leader => kind.leader = true,
                    Ability::Escort => kind.escort = true,
                    Ability::Promotion(class) => kind.promotion = Some(class),
                    Ability::Slave => kind.slave = true,
                    Ability::Assassin => kind.assassin = true,
                    Ability::SafeFromMales => kind.safe_from_males = true,
                    Ability::Charms => kind.charms = true,
                    Ability::CharmImmune => kind.charm_immune = true,
                    Ability::Allegiance => kind.allegiance = true,
                    Ability::LandsOnEmpty => kind.lands_on_empty = true,
                    Ability::SideKill => kind.side_kill = true,
                    Ability::Ownerless => kind.ownerless = true,
                    Ability::Carries(n) => kind.carries = n,
                    Ability::Strike { reach, max } => kind.strike = Some((reach, max)),
                    Ability::Directs { reach, moves } => kind.directs = Some((reach, moves)),
                    Ability::Succeeds { kind: heir, title } => kind.succeeds = Some((heir, title.value)),
                    Ability::Hauls { cars, attach, excludes } => kind.hauls = Some((cars, attach, excludes)),
                    Ability::Plough(n) => kind.plough = Some(n),
                }
            }
            kinds.push(kind);
        }
        kinds
    }

    /// Refuses a variant without piece kinds (at `pieces`) or with more than [`MAX_KINDS`]
    /// (at the first one too many).
    fn check_kind_count(&mut self, pieces: &[PieceFile]) {
        if pieces.is_empty() {
            self.error_at_key("pieces", "a variant needs at least one piece kind, and `pieces` is empty".into());
        } else if let Some(extra) = pieces.get(MAX_KINDS) {
            let message = format!(
                "piece `{}` is kind {} of {}: a variant has at most {MAX_KINDS} piece kinds",
                extra.id,
                MAX_KINDS + 1,
                pieces.len()
            );
            self.error(&extra.id, 0, message);
        }
    }

    fn setup(&mut self, setup: &SetupFile, geometry: Geometry, pieces: &[PieceFile]) -> Vec<(Square, Piece)> {
        let mut placed: Vec<(Square, Piece)> = Vec::new();
        let place = |checker: &mut Self, placed: &mut Vec<(Square, Piece)>, square, piece, text: &Text, within| {
            if placed.iter().any(|&(s, _)| s == square) {
                let name = geometry.name(square);
                checker.error(text, within, format!("square {name} is given two pieces"));
            } else {
                placed.push((square, piece));
            }
        };
        let mut sided: Vec<(Side, &[Text])> = vec![(Side::South, &setup.south)];
        if let NorthFile::Rows(rows) = &setup.north {
            sided.push((Side::North, rows));
        }
        for (side, rows) in sided {
            if rows.len() > geometry.ranks as usize {
                let message = format!("{} rows, but the board has {} ranks", rows.len(), geometry.ranks);
                self.error(&rows[geometry.ranks as usize], 0, message);
            }
            for (rank, row) in rows.iter().enumerate().take(geometry.ranks as usize) {
                let tokens = tokens(row.as_str());
                if tokens.len() != geometry.files as usize {
                    let message =
                        format!("a row needs {} squares (letters or `.`), not {}", geometry.files, tokens.len());
                    self.error(row, 0, message);
                    continue;
                }
                for (file, (offset, token)) in tokens.into_iter().enumerate() {
                    if token == "." {
                        continue;
                    }
                    let Some(kind) = kind_by_letter(pieces, token) else {
                        self.error(row, offset, format!("no piece has the letter `{token}`"));
                        continue;
                    };
                    let (file, rank) = (file as i32, rank as i32);
                    let south = geometry.square(file, rank).expect("checked against the board");
                    let square = if side == Side::South { south } else { geometry.rotated(south) };
                    place(self, &mut placed, square, Piece::new(kind, side), row, offset);
                }
            }
        }
        let south: Vec<_> = placed.iter().filter(|(_, p)| p.side == Side::South).copied().collect();
        let mirror = |square: Square| match setup.north {
            NorthFile::Rotated => Some(geometry.rotated(square)),
            NorthFile::Mirrored => {
                geometry.square(geometry.file(square), geometry.ranks as i32 - 1 - geometry.rank(square))
            }
            NorthFile::Rows(_) => None,
        };
        for (square, piece) in south {
            if let Some(north) = mirror(square) {
                let text = setup.south.first().cloned().unwrap_or_default();
                place(self, &mut placed, north, Piece::new(piece.kind, Side::North), &text, 0);
            }
        }
        for (square_name, label) in &setup.place {
            let Some(square) = geometry.parse(square_name.as_str()) else {
                let message =
                    format!("`{square_name}` is not a square of the {} x {} board", geometry.files, geometry.ranks);
                self.error(square_name, 0, message);
                continue;
            };
            let Some(kind) = kind_by_letter(pieces, label.as_str()) else {
                self.error(label, 0, format!("no piece has the letter `{label}`"));
                continue;
            };
            let side = if label.as_str().starts_with(|c: char| c.is_uppercase()) { Side::South } else { Side::North };
            place(self, &mut placed, square, Piece::new(kind, side), square_name, 0);
        }
        placed.sort_by_key(|&(square, _)| square);
        placed
    }

    /// The rule options, each choice checked as the variant it makes: the limits the base
    /// variant keeps must hold with the choice applied too.
    fn options(&mut self, options: &[RuleOption<Text>], pieces: &[PieceFile], base: &Base) -> Vec<RuleOption<KindId>> {
        let mut seen = Vec::new();
        let mut checked = Vec::new();
        let base_breaches = base.breaches();
        for option in options {
            if seen.contains(&option.id.as_str()) {
                self.error(&option.id, 0, format!("rule option `{}` is defined twice", option.id));
            }
            seen.push(option.id.as_str());
            if option.choices.is_empty() {
                self.error(&option.id, 0, format!("rule option `{}` has no choices", option.id));
            }
            let mut choice_ids = Vec::new();
            let mut choices = Vec::new();
            for choice in &option.choices {
                if choice_ids.contains(&choice.id.as_str()) {
                    self.error(&choice.id, 0, format!("choice `{}` is defined twice", choice.id));
                }
                choice_ids.push(choice.id.as_str());
                let set: Vec<_> = choice.set.iter().map(|change| self.change(change, base.kinds)).collect();
                for breach in base.with(&set).into_iter().filter(|b| !base_breaches.contains(b)) {
                    self.breach(pieces, Some(&choice.id), breach);
                }
                choices.push(Choice { id: choice.id.clone(), name: choice.name.clone(), set });
            }
            checked.push(RuleOption { id: option.id.clone(), name: option.name.clone(), choices });
        }
        checked
    }

    /// A change of a choice, its pieces found; a change that has nothing to change is an error.
    fn change(&mut self, change: &Change<Text>, kinds: &[PieceKind]) -> Change<KindId> {
        let typed = change.map(&mut |k| self.kind(k));
        let has = |kind: KindId, test: fn(&Movement) -> bool| {
            kinds.get(kind.index()).is_some_and(|k| k.moves.iter().any(test))
        };
        match (change, &typed) {
            (Change::Walk { piece: text, .. }, Change::Walk { piece, .. })
                if self.kinds.contains_key(text.as_str())
                    && !has(*piece, |m| matches!(m, Movement::Path { .. } | Movement::Combo { .. })) =>
            {
                self.error(text, 0, format!("piece `{text}` has no Path or Combo for Walk to change"));
            }
            (Change::Escape { piece: text, .. }, Change::Escape { piece, .. })
                if self.kinds.contains_key(text.as_str())
                    && kinds.get(piece.index()).is_some_and(|k| k.escape.is_none()) =>
            {
                self.error(text, 0, format!("piece `{text}` has no Escape to change"));
            }
            _ => {}
        }
        typed
    }
}

/// The variant as written, before any option: what each choice is checked against.
struct Base<'a> {
    kinds: &'a [PieceKind],
    rules: &'a Rules,
    setup: &'a [(Square, Piece)],
    files: u8,
}

impl Base<'_> {
    /// The limits the variant as written breaks.
    fn breaches(&self) -> Vec<Breach> {
        limits::breaches(self.kinds, self.rules, self.setup, self.files)
    }

    /// The limits it breaks with `changes` applied.
    fn with(&self, changes: &[Change<KindId>]) -> Vec<Breach> {
        let (mut kinds, mut rules) = (self.kinds.to_vec(), self.rules.clone());
        // Without kinds, a change's unknown kind (already an error) stands for none to change.
        let count = kinds.len();
        let exists = |change: &&Change<KindId>| change.pieces().iter().all(|kind| kind.index() < count);
        for change in changes.iter().filter(exists) {
            crate::variant::apply(change, &mut kinds, &mut rules);
        }
        limits::breaches(&kinds, &rules, self.setup, self.files)
    }
}

/// The tokens of a setup row with their byte offsets: letters or `.`, separated by spaces.
fn tokens(row: &str) -> Vec<(usize, &str)> {
    let mut tokens = Vec::new();
    let mut start = None;
    for (i, c) in row.char_indices().chain(std::iter::once((row.len(), ' '))) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                tokens.push((s, &row[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    tokens
}

/// The kind of the piece with `letter`, among the kinds kept (the first [`MAX_KINDS`]).
fn kind_by_letter(pieces: &[PieceFile], letter: &str) -> Option<KindId> {
    pieces.iter().take(MAX_KINDS).position(|p| p.letter.as_str().eq_ignore_ascii_case(letter)).map(|i| KindId(i as u8))
}

/// A guide section as the game reads it.
fn guide_section(file: &GuideFile) -> GuideSection {
    GuideSection {
        title: file.title.value.clone(),
        text: file.text.value.clone(),
        position: file.position.as_ref().map(|p| p.value.clone()),
        moves: file.moves.value.clone(),
    }
}

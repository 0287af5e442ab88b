//! What the rules say, written onto the board's entities once per change of the position (or
//! of the tokens): each token's piece data and legal moves, each cell's threats, the turn
//! actions, and an entity per piece kind of the variant (what the piece browser lists). The
//! engine stays the one source of truth; selection, highlights and panels read these instead
//! of asking it again.

use std::sync::Arc;

use bevy::prelude::*;
use jetan_rules::{
    Geometry, KindId, Move, MoveKind, Movement, Piece, PieceKind, Position, Side, Square, SquareSet, Variant,
};

use crate::AppSystems;
use crate::board::{Cell, PieceToken};
use crate::game::Game;
use crate::screen::Screen;
use crate::settings::Settings;
use crate::variant_asset::VariantCatalog;

/// A piece kind as the variant file states it, as one side plays it (the sides' movements
/// differ where they chose a rule option apart).
#[derive(Clone, Debug, PartialEq)]
pub struct KindFacts {
    /// The kind's id in the variant file (`warrior`).
    pub id: String,
    /// The kind's name (`Warrior`).
    pub name: String,
    /// Its letter in notation, as South writes it.
    pub letter: String,
    /// The variant's description of the kind.
    pub description: String,
    /// How it moves (for the side).
    pub moves: Vec<Movement>,
    /// Its abilities besides moving, by the variant file's names (`Leader`, `Escape`, …).
    pub abilities: Vec<&'static str>,
}

impl KindFacts {
    fn of(kind: &PieceKind) -> KindFacts {
        KindFacts {
            id: kind.id.clone(),
            name: kind.name.clone(),
            letter: kind.letter.clone(),
            description: kind.description.clone(),
            moves: kind.moves.clone(),
            abilities: abilities(kind),
        }
    }
}

/// A piece kind of the variant being played, as an entity (one per kind, made anew when the
/// variant changes): what the piece browser lists.
#[derive(Component, Clone, Debug)]
pub struct KindCard {
    /// The kind, which is also its rank (the variant lists kinds highest first).
    pub kind: KindId,
    /// What the variant file says of it.
    pub facts: KindFacts,
    /// Whether the sides chose its movement or escape apart.
    pub read_apart: bool,
    /// Where a lone piece of the kind moves from the middle of the board: South's, and
    /// North's after it where the sides' readings differ there.
    pub diagrams: Vec<KindDiagram>,
}

/// Where a lone piece moves from the middle of an empty board, worked out by the engine.
#[derive(Clone, Copy, Debug)]
pub struct KindDiagram {
    /// Whose piece it is, where the sides' pieces of the kind move apart; `None` for both.
    pub side: Option<Side>,
    /// The board.
    pub geometry: Geometry,
    /// The square it stands on.
    pub middle: Square,
    /// Where its moves land.
    pub moves: SquareSet,
    /// Where its escapes land.
    pub escapes: SquareSet,
}

impl KindDiagram {
    /// The diagrams of a kind: one per side where their readings differ on an empty board,
    /// else one for both.
    fn all_of(variant: &Arc<Variant>, kind: KindId) -> Vec<KindDiagram> {
        let [south, north] = Side::BOTH.map(|side| KindDiagram::of(variant, kind, side, Some(side)));
        if (south.moves, south.escapes) == (north.moves, north.escapes) {
            vec![KindDiagram { side: None, ..south }]
        } else {
            vec![south, north]
        }
    }

    fn of(variant: &Arc<Variant>, kind: KindId, side: Side, shown_for: Option<Side>) -> KindDiagram {
        let geometry = variant.geometry();
        let middle = geometry
            .square(geometry.files as i32 / 2 - 1, geometry.ranks as i32 / 2 - 1)
            .expect("the middle of the board");
        let lone = Position::from_pieces(variant.clone(), &[(middle, Piece::new(kind, side))], side);
        let (mut moves, mut escapes) = (SquareSet::EMPTY, SquareSet::EMPTY);
        for mv in lone.legal_moves() {
            match (mv.kind, mv.lead()) {
                (MoveKind::Escape, Some(step)) => {
                    escapes.insert(step.to);
                }
                (_, Some(step)) => {
                    moves.insert(step.to);
                }
                (_, None) => {}
            }
        }
        KindDiagram { side: shown_for, geometry, middle, moves, escapes }
    }
}

/// What a token's piece is: its kind as the variant file states it, and what it is now.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct PieceData {
    /// Its kind (shared by the tokens of the kind).
    pub kind: Arc<KindFacts>,
    /// What the piece is called now (Olvia is the Jedda once her side's Thuvia is gone).
    pub title: String,
    /// The side it stands with (a turned piece's new side).
    pub side: Side,
    /// Who may move it: its side, or no one for a Wild Banth (either player may loose it).
    pub owner: Option<Side>,
}

/// The legal moves a token's piece moves in, led by it where the leader matters (in a Charge a
/// group uses up its leader's file); turn actions are not among them (the panel offers those).
#[derive(Component, Clone, Debug, Default, PartialEq)]
pub struct LegalMoves(pub Vec<Move>);

/// The turn actions the side to move may take ([`MoveKind::is_turn_action`]: declare or end a
/// Charge, a Rapid Deployment, a Sorak strike, leaving the banth step out): the buttons the side
/// panel offers beside the board's clicks.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct TurnActions(pub Vec<Move>);

/// What the rules say of a square.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellState {
    /// The sides (South, North) whose armed pieces reach the square.
    pub threatened_by: [bool; 2],
    /// A piece that shuns threats (the Princess, the Jeddara) stands here, attacked.
    pub danger: bool,
    /// An escape of the side to move may land here.
    pub escape: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TurnActions>()
        .init_resource::<VariantShown>()
        .add_systems(
            Update,
            (write_tokens, write_cells, write_turn_actions).in_set(crate::WhilePlaying).in_set(AppSystems::Facts),
        )
        .add_systems(
            Update,
            (
                show_game_variant.in_set(crate::WhilePlaying),
                show_settings_variant.run_if(not(in_state(Screen::Playing))),
                write_kind_cards,
            )
                .chain()
                .in_set(AppSystems::Facts),
        );
}

/// The data of the piece on `square`, if a token stands there.
pub fn piece_on<'a>(
    pieces: impl IntoIterator<Item = (&'a PieceToken, &'a PieceData)>,
    square: Square,
) -> Option<&'a PieceData> {
    pieces.into_iter().find(|(token, _)| token.square == square).map(|(_, data)| data)
}

/// Writes each token's piece data and legal moves when the game or the tokens change.
fn write_tokens(
    mut commands: Commands,
    game: Res<Game>,
    changed: Query<(), Changed<PieceToken>>,
    tokens: Query<(Entity, &PieceToken, Option<&PieceData>, Option<&LegalMoves>)>,
) {
    if !game.is_changed() && changed.is_empty() {
        return;
    }
    let position = game.position();
    let mut moves_from = vec![Vec::new(); position.variant().geometry().len()];
    for &mv in game.legal_moves().iter().filter(|m| !m.kind.is_turn_action()) {
        for step in mv.steps.iter() {
            let led_by_it = mv.kind == MoveKind::Direct || mv.actor.is_none_or(|actor| actor == step.from);
            if led_by_it {
                moves_from[step.from.index()].push(mv);
            }
        }
    }
    let kinds: [Vec<Arc<KindFacts>>; 2] = Side::BOTH
        .map(|side| position.variant().side_kinds(side).iter().map(|kind| Arc::new(KindFacts::of(kind))).collect());
    for (entity, token, data, moves) in &tokens {
        let stands = position.piece_at(token.square) == Some(token.piece);
        let legal = LegalMoves(if stands { std::mem::take(&mut moves_from[token.square.index()]) } else { Vec::new() });
        let piece_data = piece_data(position, token, &kinds[token.piece.side.index()][token.piece.kind.index()]);
        // Written only when different: a changed component is what the view reacts to.
        if moves != Some(&legal) {
            commands.entity(entity).insert(legal);
        }
        if data != Some(&piece_data) {
            commands.entity(entity).insert(piece_data);
        }
    }
}

/// The data of a token's piece, of the kind `kind`.
fn piece_data(position: &Position, token: &PieceToken, kind: &Arc<KindFacts>) -> PieceData {
    let ownerless = position.piece_at(token.square) == Some(token.piece) && position.ownerless().contains(token.square);
    PieceData {
        kind: kind.clone(),
        title: position.name_of(token.piece).to_string(),
        side: token.piece.side,
        owner: (!ownerless).then_some(token.piece.side),
    }
}

/// The abilities a kind has, by the variant file's names.
fn abilities(kind: &PieceKind) -> Vec<&'static str> {
    let flags = [
        (kind.shuns_threats, "ShunsThreats"),
        (kind.escape.is_some(), "Escape"),
        (kind.leader, "Leader"),
        (kind.escort, "Escort"),
        (kind.promotion.is_some(), "Promotes"),
        (kind.slave, "Slave"),
        (kind.assassin, "Assassin"),
        (kind.safe_from_males, "SafeFromMales"),
        (kind.charms, "Charms"),
        (kind.charm_immune, "CharmImmune"),
        (kind.allegiance, "Allegiance"),
        (kind.lands_on_empty, "LandsOnEmpty"),
    ];
    flags.into_iter().filter_map(|(has, name)| has.then_some(name)).collect()
}

/// The variant the piece browser and the rules guide describe: the game's while one is played,
/// else (on the title screen) the settings' variant.
#[derive(Resource, Clone, Debug, Default)]
pub struct VariantShown(pub Option<Arc<Variant>>);

fn show_game_variant(game: Res<Game>, mut shown: ResMut<VariantShown>) {
    if game.is_changed() {
        shown.0 = Some(game.position().variant().clone());
    }
}

fn show_settings_variant(catalog: Res<VariantCatalog>, settings: Res<Settings>, mut shown: ResMut<VariantShown>) {
    let variant = catalog.good(&settings.variant);
    if shown.0.as_ref().map(Arc::as_ptr) != variant.as_ref().map(Arc::as_ptr) {
        shown.0 = variant;
    }
}

/// Makes an entity for each piece kind when the variant shown changes (a new game, a hot
/// reload of its file), replacing the previous variant's.
fn write_kind_cards(
    mut commands: Commands,
    shown: Res<VariantShown>,
    cards: Query<Entity, With<KindCard>>,
    mut made_for: Local<Option<Arc<Variant>>>,
) {
    let Some(variant) = shown.0.as_ref().filter(|_| shown.is_changed()) else { return };
    if made_for.as_ref().is_some_and(|made| Arc::ptr_eq(made, variant)) {
        return;
    }
    for card in &cards {
        commands.entity(card).despawn();
    }
    for (index, kind) in variant.kinds().iter().enumerate() {
        let id = KindId(index as u8);
        commands.spawn((
            Name::new(format!("Kind: {}", kind.name)),
            KindCard {
                kind: id,
                facts: KindFacts::of(kind),
                read_apart: kind != variant.side_kind(id, Side::North),
                diagrams: KindDiagram::all_of(variant, id),
            },
        ));
    }
    *made_for = Some(variant.clone());
}

/// Writes the turn actions when the game changes.
fn write_turn_actions(game: Res<Game>, mut actions: ResMut<TurnActions>) {
    if !game.is_changed() {
        return;
    }
    actions.set_if_neq(TurnActions(game.legal_moves().iter().copied().filter(|m| m.kind.is_turn_action()).collect()));
}

/// Writes each cell's threats, dangers and escapes when the game changes (or cells are new).
fn write_cells(
    game: Res<Game>,
    added: Query<(), Added<Cell>>,
    mut cells: Query<(Entity, &Cell, Option<&mut CellState>)>,
    mut commands: Commands,
) {
    if !game.is_changed() && added.is_empty() {
        return;
    }
    let position = game.position();
    let occupied = position.occupied();
    let threats = Side::BOTH.map(|side| position.threats(side, &occupied));
    let escapes: SquareSet = game
        .legal_moves()
        .iter()
        .filter(|mv| mv.kind == MoveKind::Escape)
        .filter_map(|mv| mv.lead().map(|step| step.to))
        .collect();
    let danger = |square: Square| {
        position
            .piece_at(square)
            .is_some_and(|piece| position.variant().kind(piece.kind).shuns_threats && position.is_attacked(square))
    };
    for (entity, &Cell(square), state) in &mut cells {
        let new = CellState {
            threatened_by: [threats[0].contains(square), threats[1].contains(square)],
            danger: danger(square),
            escape: escapes.contains(square),
        };
        match state {
            Some(mut state) => {
                state.set_if_neq(new);
            }
            None => {
                commands.entity(entity).insert(new);
            }
        }
    }
}

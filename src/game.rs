//! The game being played: the engine's position (the one source of truth), the moves played
//! and undone, and the messages that change it.

use std::sync::Arc;

use bevy::prelude::*;
use jetan_rules::{Move, Outcome, Piece, Position, Side, Square, Undo, Variant};

use crate::AppSystems;
use crate::launch::{FirstGame, StageDirections, straight_to_game};
use crate::screen::Screen;
use crate::seat::{Seat, Seats};
use crate::time_control::{Clocks, TimeControl};
use crate::variant_asset::VariantCatalog;

/// The game in progress.
#[derive(Resource)]
pub struct Game {
    /// The position now.
    position: Position,
    /// The variant file it was started from, relative to `assets/`.
    pub variant_path: String,
    /// The moves played, oldest first.
    pub history: Vec<Played>,
    /// Moves undone, most recently undone last, for redo.
    pub redo: Vec<Move>,
    /// An end not reached on the board: a resignation, an agreed draw, or a clock that ran out.
    pub declared: Option<Outcome>,
    /// The clocks.
    pub clocks: Clocks,
    /// Who plays each side (South first).
    pub seats: Seats,
    /// Analysis mode: the player moves for both sides (the AI sides wait) and the clocks stand
    /// still, to step through the moves and try other lines.
    pub analysing: bool,
    /// The seed of the AI players' choices in this game.
    pub seed: u64,
    /// When the game started, in seconds since 1970.
    pub started: u64,
    /// A lesson's or a puzzle's game: the moves a person chooses are judged before they are
    /// played ([`MoveChosen`]), nothing is taken back, and nothing is saved.
    pub coached: bool,
    /// The legal moves and how the rules have ended the game, if they have: worked out once per
    /// position, since that takes a move generation.
    facts: PositionFacts,
}

/// What one move generation of the current position says.
#[derive(Default)]
struct PositionFacts {
    ended: Option<Outcome>,
    legal: Vec<Move>,
}

impl PositionFacts {
    fn of(position: &Position) -> PositionFacts {
        let legal = position.legal_moves();
        let ended = position.decided().or_else(|| legal.is_empty().then(|| position.outcome()).flatten());
        PositionFacts { ended, legal }
    }
}

/// A move that was played, with what undoes it.
#[derive(Clone, Debug)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// It in notation.
    pub text: String,
    /// The side that played it.
    pub side: Side,
    /// What takes it back.
    pub undo: Undo,
}

impl Game {
    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// A new game of `variant` from its start position.
    pub fn new(variant: Arc<Variant>, variant_path: String, seats: Seats) -> Game {
        Game::from(Position::start(variant), variant_path, seats)
    }

    /// A lesson's or a puzzle's game from `position`, both sides at the board: a coach judges
    /// the moves chosen ([`Game::coached`]).
    pub fn coached(position: Position, variant_path: String) -> Game {
        Game { coached: true, ..Game::from(position, variant_path, Seats::HUMANS) }
    }

    fn from(position: Position, variant_path: String, seats: Seats) -> Game {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        Game {
            facts: PositionFacts::of(&position),
            position,
            variant_path,
            history: Vec::new(),
            redo: Vec::new(),
            declared: None,
            clocks: Clocks::default(),
            seats,
            analysing: false,
            seed: now.as_nanos() as u64,
            started: now.as_secs(),
            coached: false,
        }
    }

    /// Who plays `side` now: its seat, or the player in analysis mode.
    pub fn seat(&self, side: Side) -> Seat {
        if self.analysing { Seat::Human } else { self.seats[side] }
    }

    /// Who plays the side to move now.
    pub fn seat_to_move(&self) -> Seat {
        self.seat(self.position.to_move())
    }

    /// Takes back the last move; returns whether there was one.
    fn undo(&mut self) -> bool {
        let Some(played) = self.history.pop() else { return false };
        self.position.undo(played.undo);
        self.facts = PositionFacts::of(&self.position);
        self.redo.push(played.mv);
        self.declared = None;
        true
    }

    /// Takes back the moves after the last one the game shares with `line`, then plays the rest
    /// of `line` as far as it is legal.
    fn return_to(&mut self, line: &[Move]) {
        let shared = self.history.iter().zip(line).take_while(|(played, mv)| played.mv == **mv).count();
        while self.history.len() > shared && self.undo() {}
        for &mv in &line[shared..] {
            if self.outcome().is_some() || !self.position.is_legal(mv) {
                break;
            }
            self.play(mv);
        }
    }

    /// How the game has ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.declared.or(self.facts.ended)
    }

    /// The legal moves of the position.
    pub fn legal_moves(&self) -> &[Move] {
        &self.facts.legal
    }

    /// Plays a legal move; returns what the board needs to show it. Playing the move that was
    /// last undone redoes it; any other move forgets what was undone.
    pub fn play(&mut self, mv: Move) -> MovePlayed {
        let redoing = self.redo.last() == Some(&mv);
        if redoing {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        let position = &self.position;
        let paths = position.paths(mv);
        let leader = position.leader(mv).map(|step| step.from);
        let removed = position.victim_squares(mv).collect();
        let text = position.move_text(mv);
        let side = position.to_move();
        let undo = self.position.play(mv);
        // A move played again earns no increment: stepping through the moves gives no time.
        if self.position.to_move() != side && !redoing {
            self.clocks.turn_passed(side);
        }
        self.facts = PositionFacts::of(&self.position);
        self.history.push(Played { mv, text, side, undo });
        let brought = mv.promotions.iter().filter_map(|p| Some((p.at, self.position.piece_at(p.at)?))).collect();
        MovePlayed { mv, paths, leader, removed, brought }
    }

    /// The moves played, a turn's plies (a Charge's sub-moves) joined into one line: each turn's
    /// side and text.
    pub fn turns(&self) -> Vec<(Side, String)> {
        self.turn_plies().into_iter().map(|plies| (self.history[plies.start].side, self.turn_text(plies))).collect()
    }

    /// The text of a turn: its plies' texts joined by `; `.
    pub fn turn_text(&self, plies: std::ops::Range<usize>) -> String {
        let texts: Vec<&str> = self.history[plies].iter().map(|played| played.text.as_str()).collect();
        texts.join("; ")
    }

    /// Each turn's plies: the ranges of `history` one side played in a row.
    pub fn turn_plies(&self) -> Vec<std::ops::Range<usize>> {
        let mut turns: Vec<std::ops::Range<usize>> = Vec::new();
        for (ply, played) in self.history.iter().enumerate() {
            match turns.last_mut() {
                Some(turn) if self.history[turn.start].side == played.side => turn.end = ply + 1,
                _ => turns.push(ply..ply + 1),
            }
        }
        turns
    }
}

/// A square was clicked (on its cell or on a piece standing there).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareClicked(pub Square);

/// A person chose a move, on the board or in the panel: it is played at once, unless the game
/// is [`Game::coached`] (a lesson or a puzzle judges it first).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveChosen(pub Move);

/// A move was played: the board animates it.
#[derive(Message, Clone, Debug)]
pub struct MovePlayed {
    /// The move.
    pub mv: Move,
    /// The squares each of its steps passes, origin first, in the order of `mv.steps`.
    pub paths: Vec<Vec<Square>>,
    /// Where the piece that leads it stood (an airship carrying passengers, a Zitidar hauling
    /// its train, a squad's leader).
    pub leader: Option<Square>,
    /// The squares of the pieces it removed (landed on, side-killed).
    pub removed: Vec<Square>,
    /// The pieces promotions brought back, and where.
    pub brought: Vec<(Square, Piece)>,
}

/// The board must be set from the position at once (a new game, undo, redo).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardReset;

/// Something a player asks of the game outside moving a piece.
#[derive(Message, Clone, Debug)]
pub enum GameAction {
    /// Start a new game of a variant (path relative to `assets/`) with rule option choices.
    NewGame {
        /// The variant file.
        variant: String,
        /// Option id and choice id pairs.
        choices: Vec<(String, String)>,
        /// Who plays each side (South first).
        seats: Seats,
        /// The clocks' control.
        time: TimeControl,
    },
    /// Play a legal move.
    Play(Move),
    /// Take back the last move, and the AI's moves before it, back to a person's turn.
    Undo,
    /// Play again the last move taken back.
    Redo,
    /// Go back to where the game left this line of moves (from the start) and play it again:
    /// back from a side line to the main one.
    ReturnToLine(Vec<Move>),
    /// Enter (`true`) or leave analysis mode ([`Game::analysing`]); entering it also asks
    /// for the moves to be judged.
    AnalysisMode(bool),
    /// The side to move resigns.
    Resign,
    /// The players agree a draw.
    AgreeDraw,
    /// The game ended outside the rules' reach (an online game's server says how).
    Declare(Outcome),
}

/// What the player should be told: why a click did nothing, or what went wrong.
#[derive(Resource, Default, Debug)]
pub struct Notice(pub Option<String>);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SquareClicked>()
        .add_message::<MoveChosen>()
        .add_message::<MovePlayed>()
        .add_message::<BoardReset>()
        .add_message::<GameAction>()
        .init_resource::<Notice>()
        .add_systems(
            Update,
            (
                start_first_game.run_if(in_state(Screen::Loading)),
                start_new_game,
                (play_chosen, apply_actions).chain().in_set(crate::WhilePlaying),
            )
                .chain()
                .in_set(AppSystems::Update),
        )
        .add_systems(
            Update,
            play_once_a_game_starts
                .run_if(not(in_state(Screen::Playing)).and_then(resource_exists::<Game>))
                .in_set(AppSystems::Update),
        )
        // Entering a game sets the board from it; leaving it for the title puts it away.
        .add_systems(OnEnter(Screen::Playing), |mut reset: MessageWriter<BoardReset>| {
            reset.write(BoardReset);
        })
        .add_systems(OnExit(Screen::Playing), |mut commands: Commands| commands.remove_resource::<Game>());
}

/// A game started (the launch's, a new one, one resumed or opened): play it.
fn play_once_a_game_starts(mut next: ResMut<NextState<Screen>>) {
    next.set(Screen::Playing);
}

/// Goes to the title screen, or, when the launch goes straight into a game, starts it once the
/// catalog has the launch variant (or, if that file doesn't exist, classic Jetan, saying why),
/// playing the launch moves.
fn start_first_game(
    mut commands: Commands,
    catalog: Res<VariantCatalog>,
    places: Res<crate::places::Places>,
    launch: Res<FirstGame>,
    stage: Res<StageDirections>,
    settings: Res<crate::settings::Settings>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
) {
    if !straight_to_game(&launch, &stage) {
        next.set(Screen::Title);
        return;
    }
    let mut path = launch.variant.clone().unwrap_or_else(|| settings.variant.clone());
    if catalog.good(&path).is_none() && !places.exists(&path) {
        let fallback = crate::settings::Settings::default().variant;
        notice.0 = Some(format!("There is no variant file {}: playing {fallback} instead.", places.origin(&path)));
        path = fallback;
    }
    let mut variant = match (catalog.good(&path), catalog.error(&path)) {
        (Some(variant), _) => variant,
        // A broken file: say so, and play the game's own copy of it (of classic Jetan for a
        // mod's), rather than wait for a good one.
        (None, Some(error)) => {
            let shipped = crate::shipped::variant(&path).is_some();
            let own = if shipped { path.clone() } else { crate::settings::Settings::default().variant };
            notice.0 = Some(format!("{error}\n(playing the game's own {own} instead)"));
            path = own;
            crate::shipped::variant(&path).expect("the game's own variants are shipped")
        }
        // Not loaded yet.
        (None, None) => return,
    };
    if !launch.options.is_empty() {
        match variant.with_choice_args(&launch.options) {
            Ok(chosen) => variant = Arc::new(chosen),
            Err(error) => notice.0 = Some(format!("--option: {error} (playing the rules as written)")),
        }
    }
    let mut game = Game::new(variant, path, settings.players);
    game.clocks = Clocks::new(launch.clocks);
    let moves = launch.moves.as_deref().unwrap_or("");
    for (number, text) in jetan_rules::turn_list(moves) {
        match game.position.parse_turn(text) {
            Ok(plies) => {
                for mv in plies {
                    game.play(mv);
                }
            }
            Err(error) => {
                notice.0 = Some(format!("launch move {number}: {error}"));
                break;
            }
        }
    }
    commands.insert_resource(game);
}

/// A system that writes `message` once the first game has started, if `wanted` says the launch
/// asks for it (`--hint`, `--analyse`): run it while playing.
pub fn at_launch<M: Message + Clone>(
    wanted: fn(&StageDirections) -> bool,
    message: M,
) -> impl FnMut(Res<StageDirections>, Local<bool>, MessageWriter<M>) {
    move |stage, mut sent, mut messages| {
        if wanted(&stage) && !*sent {
            *sent = true;
            messages.write(message.clone());
        }
    }
}

/// Starts the new games asked for, from any screen: the game made replaces the one played.
fn start_new_game(
    mut commands: Commands,
    mut actions: MessageReader<GameAction>,
    catalog: Res<VariantCatalog>,
    mut notice: ResMut<Notice>,
    mut reset: MessageWriter<BoardReset>,
) {
    for action in actions.read() {
        let GameAction::NewGame { variant, choices, seats, time } = action else { continue };
        let Some(base) = catalog.good(variant) else {
            notice.0 = Some(format!("{variant} could not be loaded"));
            continue;
        };
        match base.with_choices(choices) {
            Ok(chosen) => {
                let mut game = Game::new(Arc::new(chosen), variant.clone(), *seats);
                game.clocks = Clocks::new(*time);
                commands.insert_resource(game);
                notice.0 = None;
                reset.write(BoardReset);
            }
            Err(error) => notice.0 = Some(error.to_string()),
        }
    }
}

/// Why no move is taken back in a game played online (the server's game).
pub const NOTHING_TAKEN_BACK_ONLINE: &str = "Moves can't be taken back in a game played online";
/// Why no move is taken back in a lesson or a puzzle.
pub const NOTHING_TAKEN_BACK_COACHED: &str = "Moves can't be taken back in a lesson or a puzzle";

/// Plays the moves a person chose, unless a lesson or a puzzle judges them.
fn play_chosen(mut chosen: MessageReader<MoveChosen>, game: Res<Game>, mut actions: MessageWriter<GameAction>) {
    for &MoveChosen(mv) in chosen.read() {
        if !game.coached {
            actions.write(GameAction::Play(mv));
        }
    }
}

/// Carries out moves, undo, redo, resign and draw requests.
fn apply_actions(
    mut actions: MessageReader<GameAction>,
    mut game: ResMut<Game>,
    mut notice: ResMut<Notice>,
    mut reset: MessageWriter<BoardReset>,
    mut played: MessageWriter<MovePlayed>,
) {
    for action in actions.read() {
        // An online game is the server's: nothing is taken back, and it ends on its word.
        let taking_back = matches!(action, GameAction::Undo | GameAction::Redo | GameAction::ReturnToLine(_));
        let left_to_the_server =
            matches!(action, GameAction::Resign | GameAction::AgreeDraw | GameAction::AnalysisMode(_));
        if game.seats.online() && (taking_back || left_to_the_server) {
            if taking_back {
                notice.0 = Some(format!("{NOTHING_TAKEN_BACK_ONLINE}."));
            }
            continue;
        }
        if game.coached && taking_back {
            notice.0 = Some(format!("{NOTHING_TAKEN_BACK_COACHED}."));
            continue;
        }
        match action {
            GameAction::Play(mv) => {
                if game.outcome().is_none() && game.position.is_legal(*mv) {
                    played.write(game.play(*mv));
                    notice.0 = None;
                }
                continue;
            }
            // Started by `start_new_game`.
            GameAction::NewGame { .. } => continue,
            GameAction::Undo => {
                let anyone_human = game.seats.any_human();
                while game.undo() && anyone_human && game.seat_to_move() != Seat::Human {}
            }
            GameAction::Redo => {
                if let Some(&mv) = game.redo.last() {
                    game.play(mv);
                }
            }
            GameAction::ReturnToLine(line) => game.return_to(line),
            GameAction::Resign => {
                if game.outcome().is_none() {
                    let loser = game.position.to_move();
                    game.declared =
                        Some(Outcome { winner: Some(loser.opponent()), reason: jetan_rules::Reason::Resigned });
                }
            }
            GameAction::AnalysisMode(on) => {
                // The board stays as it is (a piece picked stays picked).
                game.analysing = *on;
                continue;
            }
            GameAction::AgreeDraw => {
                if game.outcome().is_none() {
                    game.declared = Some(Outcome { winner: None, reason: jetan_rules::Reason::DrawAgreed });
                }
            }
            GameAction::Declare(outcome) => {
                if game.outcome().is_none() {
                    game.declared = Some(*outcome);
                }
            }
        }
        reset.write(BoardReset);
    }
}

/// Work on a background task for the game being played (the AI's thought, a hint, an
/// analysis), called off when the board is reset (undo, redo, a new or opened game) or the game
/// is left: [`call_off_with_the_game`] registers it.
pub trait GameWork: Resource<Mutability = bevy::ecs::component::Mutable> {
    /// The board was reset for `game` (`None`: the game was left): call off what no longer fits.
    fn reset(&mut self, game: Option<&Game>);
}

/// Calls off `W`'s work whenever the board is reset or the game is left: the one place
/// background work follows the game.
pub fn call_off_with_the_game<W: GameWork>(app: &mut App) {
    app.add_systems(Update, call_off_on_reset::<W>.in_set(AppSystems::CallOff))
        .add_systems(OnExit(Screen::Playing), |mut work: ResMut<W>| work.reset(None));
}

fn call_off_on_reset<W: GameWork>(mut resets: MessageReader<BoardReset>, game: Res<Game>, mut work: ResMut<W>) {
    if resets.read().count() > 0 {
        work.reset(Some(&game));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time_control::TimeControl;

    fn classic() -> Game {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/variants/jetan.ron");
        let variant = Variant::load_file(std::path::Path::new(path)).expect("classic Jetan loads");
        Game::new(Arc::new(variant), "variants/jetan.ron".into(), Seats::HUMANS)
    }

    fn mv(game: &Game, text: &str) -> Move {
        game.position.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn a_move_played_and_undone_leaves_the_game_as_it_was_and_can_be_played_again() {
        let mut game = classic();
        let start = game.position.hash();
        let b3 = mv(&game, "A b2-b3");
        let played = game.play(b3);
        assert_eq!((played.mv, game.history.len(), game.position.to_move()), (b3, 1, Side::North));
        assert_eq!(game.history[0].text, "A b2-b3");
        assert!(game.legal_moves().iter().all(|m| game.position.is_legal(*m)), "the facts follow the position");
        assert!(game.undo());
        assert_eq!((game.position.hash(), game.history.len(), game.redo.as_slice()), (start, 0, [b3].as_slice()));
        assert_eq!(game.legal_moves().len(), Position::start(game.position.variant().clone()).legal_moves().len());
        assert!(!game.undo(), "nothing more to undo");
        game.play(b3);
        assert!(game.redo.is_empty(), "playing the undone move redoes it");
        assert_ne!(game.position.hash(), start);
    }

    #[test]
    fn another_move_forgets_what_was_undone_and_a_redo_earns_no_increment() {
        let mut game = classic();
        game.clocks = Clocks::new(TimeControl::Fischer { minutes: 1, increment: 5 });
        let b3 = mv(&game, "A b2-b3");
        game.play(b3);
        let after_first = game.clocks.left(Side::South);
        game.undo();
        game.play(b3);
        assert_eq!(game.clocks.left(Side::South), after_first, "the move played again earns nothing");
        game.undo();
        game.play(mv(&game, "A c2-c3"));
        assert!(game.redo.is_empty(), "another move forgets the undone one");
    }

    #[test]
    fn returning_to_a_line_takes_back_the_side_line_and_replays_the_main_one() {
        let mut game = classic();
        let line: Vec<Move> = ["A b2-b3", "a i9-i8", "A c2-c3"]
            .into_iter()
            .map(|text| {
                let m = mv(&game, text);
                game.play(m);
                m
            })
            .collect();
        game.undo();
        game.undo();
        game.play(mv(&game, "a h9-h8"));
        game.return_to(&line);
        let played: Vec<Move> = game.history.iter().map(|played| played.mv).collect();
        assert_eq!(played, line);
        assert_eq!(game.turns().len(), 3);
        assert_eq!(game.turn_plies(), [0..1, 1..2, 2..3], "one ply a turn in classic Jetan");
    }

    #[test]
    fn a_declared_end_is_taken_back_with_the_move() {
        let mut game = classic();
        game.play(mv(&game, "A b2-b3"));
        game.declared = Some(Outcome { winner: Some(Side::South), reason: jetan_rules::Reason::Resigned });
        assert!(game.outcome().is_some());
        game.undo();
        assert_eq!(game.outcome(), None, "undo takes back a resignation");
    }
}

//! The position text: a one-line record of any position of any variant, like chess's FEN.
//!
//! `<ranks> <side> <escapes> <count> <ply> [<result>]`, for example the classic start:
//! `wpdfrcfdpw/taaaaaaaat/10/10/10/10/10/10/TAAAAAAAAT/WPDFCRFDPW s - - 0`.
//! - ranks: from the top rank down, separated by `/`; a piece is its label (upper case South,
//!   lower case North; labels of two or more letters in brackets, `[BC]`), a number counts
//!   empty squares;
//! - side to move: `s` or `n`;
//! - escapes used: `S`, `N`, `SN` or `-`;
//! - the small-armies count: plies counted, or `-`;
//! - the ply number;
//! - the result, once the game is over: `S`, `N` or `=`, then `#` and the reason: an ending's
//!   number, `own` and the number of a capture ending met by the loser taking its own piece,
//!   `small`, `stuck`, `limit`, `resigned` or `agreed` (`S#0`, `N#own0`);
//! - inside a Charge, `charge:` the files used (letters, or `-`), `:` the squares of the pieces
//!   that have moved in it (comma-separated, or `-`), `:` the sub-moves played (`charge:ab:a4,b5:2`);
//! - at the banth step that may follow a move, `banth`;
//! - the Zitidars' trains, `trains:` then `hauler=car,car,…` for each, separated by `;`
//!   (`trains:a4=a3,b2`), the first car behind the hauler first;
//! - the homes of pieces that promote and stand away from home, `homes:` then `square=home`
//!   pairs, comma-separated (`homes:d11=d2`).
//!
//! - in variants with allegiance, the pieces serving the side that doesn't own them, `turned:`
//!   then their squares, comma-separated, or `-` (`turned:f7`); without it each serves the side
//!   with more pieces, as at the start of a turn.
//!
//! The fields after the ply may come in any order.

use std::fmt::Write;
use std::sync::Arc;

use crate::list::List;
use crate::trains::MAX_TRAINS;
use crate::{Geometry, Outcome, Phase, Piece, Position, Reason, Side, Square, SquareSet, Train, Variant};

/// A position text that can't be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad position text: {0}")]
pub struct TextError(pub String);

impl Position {
    /// The position text.
    pub fn to_text(&self) -> String {
        let geometry = self.variant.geometry();
        let mut text = String::new();
        for rank in (0..geometry.ranks as i32).rev() {
            let mut empty = 0;
            for file in 0..geometry.files as i32 {
                let square = geometry.square(file, rank).expect("on the board");
                match self.piece_at(square) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            write!(text, "{empty}").expect("writing to a String");
                            empty = 0;
                        }
                        let label = self.variant.label(piece);
                        if label.len() == 1 {
                            text.push_str(&label)
                        } else {
                            write!(text, "[{label}]").expect("String")
                        }
                    }
                }
            }
            if empty > 0 {
                write!(text, "{empty}").expect("writing to a String");
            }
            if rank > 0 {
                text.push('/');
            }
        }
        let escapes: String = Side::BOTH
            .iter()
            .filter(|&&side| self.escape_used(side))
            .map(|side| side.letter().to_ascii_uppercase())
            .collect();
        let escapes = if escapes.is_empty() { "-".to_string() } else { escapes };
        let count = self.small_armies.map_or("-".to_string(), |c| c.to_string());
        write!(text, " {} {escapes} {count} {}", self.to_move.letter(), self.ply).expect("writing to a String");
        if let Some(outcome) = self.outcome {
            let winner = match outcome.winner {
                Some(side) => side.letter().to_ascii_uppercase(),
                None => '=',
            };
            let reason = match outcome.reason {
                Reason::Ending(index) => index.to_string(),
                Reason::OwnCapture(index) => format!("own{index}"),
                Reason::SmallArmies => "small".into(),
                Reason::NoMoves => "stuck".into(),
                Reason::PlyLimit => "limit".into(),
                Reason::Resigned => "resigned".into(),
                Reason::DrawAgreed => "agreed".into(),
                Reason::OutOfTime(side) => format!("time{}", side.letter().to_ascii_uppercase()),
            };
            write!(text, " {winner}#{reason}").expect("writing to a String");
        }
        if self.phase == Phase::BanthStep {
            text.push_str(" banth");
        }
        if !self.trains.is_empty() {
            let trains: Vec<String> = self
                .trains
                .iter()
                .map(|t| format!("{}={}", geometry.name(t.engine), squares_text(geometry, t.cars.iter().copied())))
                .collect();
            write!(text, " trains:{}", trains.join(";")).expect("writing to a String");
        }
        if let Phase::Charge { files, moved, submoves } = self.phase {
            let files: String =
                (0..geometry.files).filter(|f| files & 1 << f != 0).map(|f| (b'a' + f) as char).collect();
            let moved = squares_text(geometry, moved.iter());
            write!(text, " charge:{}:{moved}:{submoves}", or_dash(files)).expect("writing to a String");
        }
        let away: Vec<String> = self
            .pieces()
            .filter_map(|(square, p)| p.home.filter(|&home| home != square).map(|home| (square, home)))
            .map(|(square, home)| format!("{}={}", geometry.name(square), geometry.name(home)))
            .collect();
        if !away.is_empty() {
            write!(text, " homes:{}", away.join(",")).expect("writing to a String");
        }
        let turned: Vec<Square> = self.pieces().filter(|(_, p)| p.side != p.owner).map(|(s, _)| s).collect();
        if self.variant.has_allegiance {
            write!(text, " turned:{}", squares_text(geometry, turned.into_iter())).expect("writing to a String");
        }
        text
    }

    /// Reads a position text of `variant`: first field by field into an unchecked [`Setup`],
    /// then checked against the rules.
    ///
    /// # Errors
    /// The text is malformed or doesn't fit the variant's board and pieces.
    pub fn from_text(variant: Arc<Variant>, text: &str) -> Result<Position, TextError> {
        let setup = Setup::read(&variant, text)?;
        Position::from_setup(variant, &setup)
    }

    /// The position `setup` describes, if the rules allow it.
    fn from_setup(variant: Arc<Variant>, setup: &Setup) -> Result<Position, TextError> {
        let mut position = Position::from_pieces(variant, &setup.pieces, setup.to_move);
        if let Some(turned) = &setup.turned {
            position.set_turned(turned);
        }
        for &side in &setup.escapes {
            position.set_escape_used(side, true);
        }
        position.set_small_armies(setup.small_armies);
        position.ply = setup.ply;
        position.set_phase(setup.phase);
        position.set_trains(setup.trains);
        for home in &setup.homes {
            position.set_home(home)?;
        }
        position.outcome = setup.outcome;
        position.check().map_err(TextError)?;
        Ok(position)
    }

    /// Makes the pieces on `turned` serve the side that doesn't own them, and every other
    /// piece its owner.
    fn set_turned(&mut self, turned: &[Square]) {
        for (square, piece) in self.pieces().collect::<Vec<_>>() {
            let side = if turned.contains(&square) { piece.owner.opponent() } else { piece.owner };
            if side != piece.side {
                self.take(square);
                self.put(square, Piece { side, ..piece });
            }
        }
    }

    /// Gives the piece on `home.square` its home, if it is of a kind that has one.
    fn set_home(&mut self, home: &Home) -> Result<(), TextError> {
        let bad = || TextError(format!("bad home `{}`", home.text));
        let piece = self.take(home.square).filter(|p| p.home.is_some()).ok_or_else(bad)?;
        self.put(home.square, Piece { home: Some(home.home), ..piece });
        Ok(())
    }
}

/// A position text read field by field, not yet checked against the rules (like shakmaty's
/// `Setup`): only each field's form is, and that the board's labels and squares exist.
#[derive(Debug)]
struct Setup<'t> {
    /// The pieces, by square, each serving its owner.
    pieces: Vec<(Square, Piece)>,
    to_move: Side,
    /// `turned:`, the squares of the pieces serving the side that doesn't own them; without
    /// it, each serves as at the start of a turn.
    turned: Option<Vec<Square>>,
    /// The sides whose escape is used.
    escapes: Vec<Side>,
    small_armies: Option<u8>,
    ply: u32,
    /// `charge:` or `banth`, else an ordinary turn.
    phase: Phase,
    trains: List<Train, MAX_TRAINS>,
    homes: Vec<Home<'t>>,
    outcome: Option<Outcome>,
}

/// A `square=home` pair of the `homes:` field.
#[derive(Debug)]
struct Home<'t> {
    square: Square,
    home: Square,
    /// The pair as written.
    text: &'t str,
}

impl<'t> Setup<'t> {
    /// Reads `text`, a position text of `variant`, checking the form of each field in turn.
    fn read(variant: &Variant, text: &'t str) -> Result<Setup<'t>, TextError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 5 {
            return Err(TextError(format!("expected at least 5 fields separated by spaces, found {}", fields.len())));
        }
        let geometry = variant.geometry();
        let (first, extra) = fields.split_at(5);
        let pieces = read_board(variant, first[0])?;
        let to_move = read_side(first[1])?;
        let turned = extra.iter().find_map(|f| f.strip_prefix("turned:"));
        let turned = turned.map(|squares| read_turned(geometry, squares)).transpose()?;
        let escapes = read_escapes(first[2])?;
        let small_armies = read_small_armies(first[3])?;
        let ply = first[4].parse().map_err(|_| TextError(format!("bad ply number `{}`", first[4])))?;
        check_field_names(extra)?;
        let (phase, trains, homes, outcome) = (Phase::Turn, List::new(), Vec::new(), None);
        let mut setup = Setup { pieces, to_move, turned, escapes, small_armies, ply, phase, trains, homes, outcome };
        for field in extra {
            setup.read_field(geometry, field)?;
        }
        Ok(setup)
    }

    /// Reads one of the fields after the ply (`turned:` is read first, on its own).
    fn read_field(&mut self, geometry: Geometry, field: &'t str) -> Result<(), TextError> {
        if let Some(charge) = field.strip_prefix("charge:") {
            let phase = read_charge(geometry, charge);
            self.phase = phase.ok_or_else(|| TextError(format!("bad charge field `{field}`")))?;
        } else if let Some(trains) = field.strip_prefix("trains:") {
            self.trains = read_trains(geometry, trains)?;
        } else if field == "banth" {
            self.phase = Phase::BanthStep;
        } else if let Some(homes) = field.strip_prefix("homes:") {
            self.homes = homes.split(',').map(|pair| read_home(geometry, pair)).collect::<Result<_, _>>()?;
        } else if !field.starts_with("turned:") {
            self.outcome = Some(read_outcome(field).ok_or_else(|| TextError(format!("bad result `{field}`")))?);
        }
        Ok(())
    }
}

/// Refuses a field after the ply given twice (a result is any field with no name), or both a
/// Charge and the banth step.
fn check_field_names(fields: &[&str]) -> Result<(), TextError> {
    let mut named = Vec::new();
    for field in fields {
        let name = field.split_once(':').map_or(if *field == "banth" { "banth" } else { "result" }, |(n, _)| n);
        if named.contains(&name) {
            return Err(TextError(format!("the field `{name}` is given twice")));
        }
        named.push(name);
    }
    if named.contains(&"charge") && named.contains(&"banth") {
        return Err(TextError("a position is in a Charge or at the banth step, not both".into()));
    }
    Ok(())
}

fn read_side(field: &str) -> Result<Side, TextError> {
    match field {
        "s" => Ok(Side::South),
        "n" => Ok(Side::North),
        other => Err(TextError(format!("side to move must be `s` or `n`, not `{other}`"))),
    }
}

fn read_turned(geometry: Geometry, squares: &str) -> Result<Vec<Square>, TextError> {
    let names = squares.split(',').filter(|name| *name != "-");
    names.map(|name| geometry.parse(name).ok_or_else(|| TextError(format!("bad square `{name}` in turned:")))).collect()
}

fn read_escapes(field: &str) -> Result<Vec<Side>, TextError> {
    let side = |c| match c {
        'S' => Ok(Side::South),
        'N' => Ok(Side::North),
        other => Err(TextError(format!("escapes used must be S, N or -, not `{other}`"))),
    };
    if field == "-" { Ok(Vec::new()) } else { field.chars().map(side).collect() }
}

fn read_small_armies(field: &str) -> Result<Option<u8>, TextError> {
    if field == "-" {
        return Ok(None);
    }
    field.parse().map(Some).map_err(|_| TextError(format!("bad small-armies count `{field}`")))
}

/// Reads `trains:`, `hauler=car,car,…` separated by `;`.
fn read_trains(geometry: Geometry, field: &str) -> Result<List<Train, MAX_TRAINS>, TextError> {
    let mut trains = List::new();
    for text in field.split(';') {
        let train = read_train(geometry, text);
        if trains.is_full() || train.is_none() {
            return Err(TextError(format!("bad train `{text}`")));
        }
        trains.push(train.expect("checked above"));
    }
    Ok(trains)
}

fn read_train(geometry: Geometry, text: &str) -> Option<Train> {
    let (engine, names) = text.split_once('=')?;
    let engine = geometry.parse(engine)?;
    let mut cars = List::new();
    for name in names.split(',') {
        if cars.is_full() {
            return None;
        }
        cars.push(geometry.parse(name)?);
    }
    Some(Train { engine, cars })
}

fn read_home<'t>(geometry: Geometry, text: &'t str) -> Result<Home<'t>, TextError> {
    let bad = || TextError(format!("bad home `{text}`"));
    let (square, home) = text.split_once('=').ok_or_else(bad)?;
    let (square, home) = (geometry.parse(square).ok_or_else(bad)?, geometry.parse(home).ok_or_else(bad)?);
    Ok(Home { square, home, text })
}

/// Reads the board, from the top rank down.
fn read_board(variant: &Variant, board: &str) -> Result<Vec<(Square, Piece)>, TextError> {
    let geometry = variant.geometry();
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != geometry.ranks as usize {
        return Err(TextError(format!("{} ranks given, the board has {}", rows.len(), geometry.ranks)));
    }
    let mut pieces = Vec::new();
    for (row_index, row) in rows.iter().enumerate() {
        read_rank(variant, row, geometry.ranks as i32 - 1 - row_index as i32, &mut pieces)?;
    }
    Ok(pieces)
}

/// One item of a rank's row: a number of empty squares, or a piece's label.
enum Cell<'t> {
    Empty(i32),
    Piece(&'t str),
}

/// Reads the row of `rank` (from 0), adding its pieces to `pieces`.
fn read_rank(variant: &Variant, row: &str, rank: i32, pieces: &mut Vec<(Square, Piece)>) -> Result<(), TextError> {
    let geometry = variant.geometry();
    let (mut file, mut rest) = (0, row);
    while !rest.is_empty() {
        let (cell, after) = split_cell(row, rest)?;
        rest = after;
        match cell {
            Cell::Empty(count) => file += count,
            Cell::Piece(label) => {
                let piece = variant
                    .piece_by_label(label)
                    .filter(|&piece| variant.label(piece) == label)
                    .ok_or_else(|| TextError(format!("no piece is labelled `{label}`")))?;
                let square = geometry
                    .square(file, rank)
                    .ok_or_else(|| TextError(format!("rank {} has more than {} squares", rank + 1, geometry.files)))?;
                pieces.push((square, piece));
                file += 1;
            }
        }
    }
    if file != geometry.files as i32 {
        return Err(TextError(format!("rank {} has {file} squares, the board has {}", rank + 1, geometry.files)));
    }
    Ok(())
}

/// Splits the first item off `rest`, the unread end of `row`: a run of digits, a label in
/// brackets, or one character.
fn split_cell<'t>(row: &str, rest: &'t str) -> Result<(Cell<'t>, &'t str), TextError> {
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        let count = rest[..digits].parse().map_err(|_| TextError(format!("bad number in `{row}`")))?;
        return Ok((Cell::Empty(count), &rest[digits..]));
    }
    if let Some(inside) = rest.strip_prefix('[') {
        let close = inside.find(']').ok_or_else(|| TextError(format!("unclosed `[` in `{row}`")))?;
        return Ok((Cell::Piece(&inside[..close]), &inside[close + 1..]));
    }
    let width = rest.chars().next().map_or(0, char::len_utf8);
    Ok((Cell::Piece(&rest[..width]), &rest[width..]))
}

fn or_dash(text: String) -> String {
    if text.is_empty() { "-".into() } else { text }
}

fn squares_text(geometry: Geometry, squares: impl Iterator<Item = Square>) -> String {
    or_dash(squares.map(|s| geometry.name(s).to_string()).collect::<Vec<_>>().join(","))
}

fn read_charge(geometry: Geometry, text: &str) -> Option<Phase> {
    let mut parts = text.split(':');
    let (files, moved, submoves) = (parts.next()?, parts.next()?, parts.next()?);
    let mut file_bits = 0u32;
    for c in files.chars().filter(|&c| c != '-') {
        let file = (c as u32).checked_sub('a' as u32).filter(|&f| f < geometry.files as u32)?;
        file_bits |= 1 << file;
    }
    let mut squares = SquareSet::EMPTY;
    for name in moved.split(',').filter(|&n| n != "-") {
        squares.insert(geometry.parse(name)?);
    }
    Some(Phase::Charge { files: file_bits, moved: squares, submoves: submoves.parse().ok()? })
}

fn read_outcome(text: &str) -> Option<Outcome> {
    let (winner, reason) = text.split_once('#')?;
    let winner = match winner {
        "S" => Some(Side::South),
        "N" => Some(Side::North),
        "=" => None,
        _ => return None,
    };
    let reason = match reason {
        "small" => Reason::SmallArmies,
        "stuck" => Reason::NoMoves,
        "limit" => Reason::PlyLimit,
        "resigned" => Reason::Resigned,
        "agreed" => Reason::DrawAgreed,
        "timeS" => Reason::OutOfTime(Side::South),
        "timeN" => Reason::OutOfTime(Side::North),
        own if own.starts_with("own") => Reason::OwnCapture(own[3..].parse().ok()?),
        index => Reason::Ending(index.parse().ok()?),
    };
    Some(Outcome { winner, reason })
}

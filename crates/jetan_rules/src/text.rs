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

    /// Reads a position text of `variant`.
    ///
    /// # Errors
    /// The text is malformed or doesn't fit the variant's board and pieces.
    pub fn from_text(variant: Arc<Variant>, text: &str) -> Result<Position, TextError> {
        let err = |message: String| TextError(message);
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 5 {
            return Err(err(format!("expected at least 5 fields separated by spaces, found {}", fields.len())));
        }
        let pieces = read_board(&variant, fields[0])?;
        let to_move = match fields[1] {
            "s" => Side::South,
            "n" => Side::North,
            other => return Err(err(format!("side to move must be `s` or `n`, not `{other}`"))),
        };
        let mut position = Position::from_pieces(variant, &pieces, to_move);
        if let Some(turned) = fields[5..].iter().find_map(|f| f.strip_prefix("turned:")) {
            let geometry = position.variant.geometry();
            let mut serving_other = Vec::new();
            for name in turned.split(',').filter(|name| *name != "-") {
                serving_other.push(geometry.parse(name).ok_or_else(|| err(format!("bad square `{name}` in turned:")))?);
            }
            for (square, piece) in position.pieces().collect::<Vec<_>>() {
                let side = if serving_other.contains(&square) { piece.owner.opponent() } else { piece.owner };
                if side != piece.side {
                    position.take(square);
                    position.put(square, Piece { side, ..piece });
                }
            }
        }
        if fields[2] != "-" {
            for c in fields[2].chars() {
                match c {
                    'S' => position.set_escape_used(Side::South, true),
                    'N' => position.set_escape_used(Side::North, true),
                    other => return Err(err(format!("escapes used must be S, N or -, not `{other}`"))),
                }
            }
        }
        if fields[3] != "-" {
            let count = fields[3].parse().map_err(|_| err(format!("bad small-armies count `{}`", fields[3])))?;
            position.set_small_armies(Some(count));
        }
        position.ply = fields[4].parse().map_err(|_| err(format!("bad ply number `{}`", fields[4])))?;
        let mut named = Vec::new();
        for field in &fields[5..] {
            let name = field.split_once(':').map_or(if *field == "banth" { "banth" } else { "result" }, |(n, _)| n);
            if named.contains(&name) {
                return Err(err(format!("the field `{name}` is given twice")));
            }
            named.push(name);
        }
        if named.contains(&"charge") && named.contains(&"banth") {
            return Err(err("a position is in a Charge or at the banth step, not both".into()));
        }
        for field in &fields[5..] {
            if let Some(charge) = field.strip_prefix("charge:") {
                let phase = read_charge(geometry_of(&position), charge)
                    .ok_or_else(|| err(format!("bad charge field `{field}`")))?;
                position.set_phase(phase);
            } else if let Some(trains) = field.strip_prefix("trains:") {
                let geometry = geometry_of(&position);
                let mut read = List::new();
                for train in trains.split(';') {
                    let bad = || err(format!("bad train `{train}`"));
                    let (engine, cars) = train.split_once('=').ok_or_else(bad)?;
                    let engine = geometry.parse(engine).ok_or_else(bad)?;
                    let mut list = List::new();
                    for car in cars.split(',') {
                        if list.is_full() {
                            return Err(bad());
                        }
                        list.push(geometry.parse(car).ok_or_else(bad)?);
                    }
                    if read.is_full() {
                        return Err(bad());
                    }
                    read.push(Train { engine, cars: list });
                }
                position.set_trains(read);
            } else if *field == "banth" {
                position.set_phase(Phase::BanthStep);
            } else if field.starts_with("turned:") {
                // Read above, before anything else depends on who serves whom.
            } else if let Some(homes) = field.strip_prefix("homes:") {
                for pair in homes.split(',') {
                    let geometry = geometry_of(&position);
                    let bad = || err(format!("bad home `{pair}`"));
                    let (square, home) = pair.split_once('=').ok_or_else(bad)?;
                    let (square, home) =
                        (geometry.parse(square).ok_or_else(bad)?, geometry.parse(home).ok_or_else(bad)?);
                    let piece = position.take(square).filter(|p| p.home.is_some()).ok_or_else(bad)?;
                    position.put(square, Piece { home: Some(home), ..piece });
                }
            } else {
                position.outcome = Some(read_outcome(field).ok_or_else(|| err(format!("bad result `{field}`")))?);
            }
        }
        position.check().map_err(err)?;
        Ok(position)
    }
}

fn read_board(variant: &Variant, board: &str) -> Result<Vec<(Square, Piece)>, TextError> {
    let geometry = variant.geometry();
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != geometry.ranks as usize {
        return Err(TextError(format!("{} ranks given, the board has {}", rows.len(), geometry.ranks)));
    }
    let mut pieces = Vec::new();
    for (row_index, row) in rows.iter().enumerate() {
        let rank = geometry.ranks as i32 - 1 - row_index as i32;
        let mut file = 0;
        let mut chars = row.char_indices().peekable();
        while let Some((start, c)) = chars.next() {
            if c.is_ascii_digit() {
                let mut end = start + 1;
                while let Some(&(i, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
                    end = i + d.len_utf8();
                    chars.next();
                }
                file += row[start..end].parse::<i32>().map_err(|_| TextError(format!("bad number in `{row}`")))?;
                continue;
            }
            let label = if c == '[' {
                let close = row[start..].find(']').ok_or_else(|| TextError(format!("unclosed `[` in `{row}`")))?;
                let label = &row[start + 1..start + close];
                while chars.peek().is_some_and(|&(i, _)| i <= start + close) {
                    chars.next();
                }
                label
            } else {
                &row[start..start + c.len_utf8()]
            };
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
        if file != geometry.files as i32 {
            return Err(TextError(format!("rank {} has {file} squares, the board has {}", rank + 1, geometry.files)));
        }
    }
    Ok(pieces)
}

fn geometry_of(position: &Position) -> Geometry {
    position.variant.geometry()
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

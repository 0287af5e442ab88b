//! Move notation (RULES.md §6, Game Courier's syntax): `D c1-c4`, the label optional when read.

use crate::{Move, Position};

/// Move text that names no legal move, or more than one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Not of the form `[label] from-to`.
    #[error("`{0}` is not a move: write it as `from-to`, optionally after the piece's label (`D c1-c4`)")]
    Syntax(String),
    /// Well formed, but no legal move matches.
    #[error("`{text}` is not a legal move here{hint}")]
    Illegal {
        /// The text.
        text: String,
        /// Why, when a reason is known (starts with "; ").
        hint: String,
    },
    /// More than one legal move matches.
    #[error("`{text}` could be any of {count} moves: {candidates}")]
    Ambiguous {
        /// The text.
        text: String,
        /// How many moves match.
        count: usize,
        /// The matching moves, in full notation.
        candidates: String,
    },
}

impl Position {
    /// A legal move in notation: the mover's label, then `from-to`.
    pub fn move_text(&self, mv: Move) -> String {
        let geometry = self.variant.geometry();
        let label = self.piece_at(mv.from).map(|p| self.variant.label(p) + " ").unwrap_or_default();
        format!("{label}{}-{}", geometry.name(mv.from), geometry.name(mv.to))
    }

    /// The one legal move that `text` describes.
    ///
    /// # Errors
    /// The text is malformed, or names no legal move or several.
    pub fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let text = text.trim();
        let syntax = || NotationError::Syntax(text.to_string());
        let (label, squares) = match text.split_once(char::is_whitespace) {
            Some((label, squares)) => (Some(label), squares.trim()),
            None => (None, text),
        };
        let (from, to) = squares.split_once('-').ok_or_else(syntax)?;
        let geometry = self.variant.geometry();
        let (Some(from), Some(to)) = (geometry.parse(from), geometry.parse(to)) else { return Err(syntax()) };
        if label.is_some_and(|l| self.variant.piece_by_label(l).is_none()) {
            return Err(syntax());
        }
        let matches: Vec<Move> = self
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == from && m.to == to)
            .filter(|m| label.is_none_or(|l| self.piece_at(m.from).is_some_and(|p| self.variant.label(p) == l)))
            .collect();
        match matches.as_slice() {
            [mv] => Ok(*mv),
            [] => Err(NotationError::Illegal { text: text.to_string(), hint: self.why_illegal(from, to, label) }),
            several => Err(NotationError::Ambiguous {
                text: text.to_string(),
                count: several.len(),
                candidates: several.iter().map(|&m| self.move_text(m)).collect::<Vec<_>>().join(", "),
            }),
        }
    }

    /// A short reason why no legal move goes `from`-`to`, as the player would want to hear it.
    pub fn why_illegal(&self, from: crate::Square, to: crate::Square, label: Option<&str>) -> String {
        let variant = &self.variant;
        let Some(piece) = self.piece_at(from) else { return "; there is no piece on that square".into() };
        if self.decided().is_some() {
            return "; the game is over".into();
        }
        if piece.side != self.to_move {
            return format!("; it is {}'s turn", variant.side_name(self.to_move));
        }
        if label.is_some_and(|l| variant.label(piece) != l) {
            let (side, name, label) =
                (variant.side_name(piece.side), &variant.kind(piece.kind).name, variant.label(piece));
            return format!("; the piece there is {side}'s {name} ({label})");
        }
        let kind = variant.kind(piece.kind);
        let reaches = self.reach(piece, from, &self.occupied()).contains(to);
        match self.piece_at(to) {
            Some(other) if other.side == piece.side => "; a piece of the same side stands there".into(),
            Some(_) if reaches && !kind.armed => format!("; the {} never captures", kind.name),
            None if reaches && kind.shuns_threats => {
                format!("; the {} may not move onto a threatened square", kind.name)
            }
            _ => format!("; the {} can't reach that square", kind.name),
        }
    }
}

//! Move notation (RULES.md §6, Game Courier's syntax): `D c1-c4`, the label optional when read.

use crate::{Move, MoveKind, Phase, Piece, Position, Square, Step};

/// The part that declares a Charge.
const CHARGE: &str = "charge";
/// The part that ends a Charge.
const END: &str = "end";
/// The part that leaves the banth step out.
const PASS: &str = "pass";
/// The part that says the pieces after a Zitidar are its train (and stay so).
const TRAIN: &str = "train";

/// Move text that names no legal move, or more than one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Some part is not of the form `[label] from-to`, `@*square`, `label*square`, `charge` or `end`.
    #[error(
        "`{0}` is not a move: write each part as `from-to`, optionally after the piece's label (`D c1-c4`), and join parts with `; `"
    )]
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

/// A turn of a list that can't be played where it stands.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {number}: {error}")]
pub struct TurnError {
    /// Its number in the list, from 1.
    pub number: usize,
    /// Why it can't be played.
    pub error: NotationError,
}

/// The turns of a comma-separated list (`A b2-b3, a i9-i8`, as `--moves` and the perft tables
/// write them): trimmed, empty ones skipped, each with its number from 1.
pub fn turn_list(list: &str) -> impl Iterator<Item = (usize, &str)> {
    list.split(',').map(str::trim).filter(|turn| !turn.is_empty()).enumerate().map(|(index, turn)| (index + 1, turn))
}

impl Position {
    /// Plays a comma-separated list of turns ([`turn_list`]), each turn's plies in one text.
    ///
    /// # Errors
    /// The first turn that can't be played; the position is then after the turns before it.
    pub fn play_turns(&mut self, list: &str) -> Result<(), TurnError> {
        for (number, text) in turn_list(list) {
            for mv in self.parse_turn(text).map_err(|error| TurnError { number, error })? {
                self.play(mv);
            }
        }
        Ok(())
    }

    /// A legal move in notation: its parts joined by `; ` (RULES.md §6). Each moving piece is
    /// `label from-to` (by square); a removal that is not a plain capture `@*e7`; a
    /// promotion the female's way home `C d12-d2` and the piece brought back `K*d12`; declaring
    /// and ending a Charge `charge` and `end`; leaving the banth step out `pass`; a Zitidar's move
    /// with its train the Zitidar, its cars in order, then `train` (`ZC e4-e6; M e3-e5; train`).
    pub fn move_text(&self, mv: Move) -> String {
        self.move_parts(mv).join("; ")
    }

    /// The parts of a legal move's notation, in order.
    pub fn move_parts(&self, mv: Move) -> Vec<String> {
        let geometry = self.variant.geometry();
        let name = |square| geometry.name(square);
        let label = |square: Square| self.piece_at(square).map(|p| self.variant.label(p) + " ").unwrap_or_default();
        match mv.kind {
            MoveKind::Charge => return vec![CHARGE.into()],
            MoveKind::EndCharge => return vec![END.into()],
            MoveKind::Pass => return vec![PASS.into()],
            _ => {}
        }
        let mut parts: Vec<String> =
            mv.steps.iter().map(|step| format!("{}{}-{}", label(step.from), name(step.from), name(step.to))).collect();
        if mv.kind == MoveKind::Train {
            parts.push(TRAIN.into());
        }
        parts.extend(mv.removals.iter().map(|&square| format!("@*{}", name(square))));
        for promotion in mv.promotions.iter() {
            let step = mv.steps.iter().find(|s| s.to == promotion.at).expect("a promotion follows a step");
            let female = self.piece_at(step.from).expect("a step starts on a piece");
            let brought = Piece::new(promotion.kind, female.owner);
            parts.push(format!("{}{}-{}", label(step.from), name(promotion.at), name(promotion.home)));
            parts.push(format!("{}*{}", self.variant.label(brought), name(promotion.at)));
        }
        parts
    }

    /// The notation of the first `most` legal moves (in generation order) that `prefix` begins,
    /// with or without the mover's label: what a player typing a move may mean so far.
    pub fn completions(&self, prefix: &str, most: usize) -> Vec<String> {
        let prefix = prefix.trim_start();
        self.legal_moves()
            .into_iter()
            .map(|mv| self.move_text(mv))
            .filter(|text| {
                text.starts_with(prefix)
                    || text.split_once(' ').is_some_and(|(_, unlabelled)| unlabelled.starts_with(prefix))
            })
            .take(most)
            .collect()
    }

    /// The one legal move that `text` describes. Labels may be left out of `from-to` parts, and
    /// the parts may come in any order.
    ///
    /// # Errors
    /// The text is malformed, or names no legal move or several.
    pub fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let parts = self.split_parts(text)?;
        let matches: Vec<Move> = self
            .legal_moves()
            .into_iter()
            .filter(|&mv| {
                let candidate = self.move_parts(mv);
                candidate.len() == parts.len() && parts_match(&parts, &candidate)
            })
            .collect();
        self.one_match(text, &parts, matches)
    }

    /// The plies of one turn written as one line (a Charge and its sub-moves): each ply the
    /// legal move whose parts come next, the longest that matches when several do.
    ///
    /// # Errors
    /// Some part is malformed, or from some point on no legal move (or several) matches.
    pub fn parse_turn(&self, text: &str) -> Result<Vec<Move>, NotationError> {
        let parts = self.split_parts(text)?;
        let mut position = self.clone();
        let mut plies = Vec::new();
        let mut next = 0;
        while next < parts.len() {
            let rest = &parts[next..];
            let mut best: Vec<(usize, Move)> = Vec::new();
            for mv in position.legal_moves() {
                let candidate = position.move_parts(mv);
                let n = candidate.len();
                if n <= rest.len() && parts_match(&rest[..n], &candidate) {
                    if best.first().is_some_and(|&(m, _)| m < n) {
                        best.clear();
                    }
                    if best.first().is_none_or(|&(m, _)| m == n) {
                        best.push((n, mv));
                    }
                }
            }
            let n = best.first().map_or(1, |&(n, _)| n);
            let mv =
                position.one_match(&rest[..n].join("; "), &rest[..n], best.into_iter().map(|(_, m)| m).collect())?;
            position.play(mv);
            plies.push(mv);
            next += n;
        }
        Ok(plies)
    }

    /// The text of a turn's plies joined into one line, `plies` played from this position.
    pub fn turn_text(&self, plies: &[Move]) -> String {
        let mut position = self.clone();
        let mut texts = Vec::new();
        for &mv in plies {
            texts.push(position.move_text(mv));
            position.play(mv);
        }
        texts.join("; ")
    }

    /// The parts of a move text, each checked for syntax.
    fn split_parts(&self, text: &str) -> Result<Vec<String>, NotationError> {
        let parts: Vec<String> = text.split(';').map(|p| p.split_whitespace().collect::<Vec<_>>().join(" ")).collect();
        let syntax = || NotationError::Syntax(text.trim().to_string());
        if parts.iter().any(|p| !self.well_formed(p)) {
            return Err(syntax());
        }
        Ok(parts)
    }

    /// Whether one part has the shape of a part of a move.
    fn well_formed(&self, part: &str) -> bool {
        let geometry = self.variant.geometry();
        if [CHARGE, END, PASS, TRAIN].contains(&part) {
            return true;
        }
        if let Some((label, square)) = part.split_once('*') {
            return geometry.parse(square).is_some() && (label == "@" || self.variant.piece_by_label(label).is_some());
        }
        let (label, squares) = match part.split_once(' ') {
            Some((label, squares)) => (Some(label), squares),
            None => (None, part),
        };
        let squares_ok = squares
            .split_once('-')
            .is_some_and(|(from, to)| geometry.parse(from).is_some() && geometry.parse(to).is_some());
        squares_ok && label.is_none_or(|l| self.variant.piece_by_label(l).is_some())
    }

    /// The one move of `matches`, or why there is none or several. Where several match, those
    /// written leader first win: in a Charge, the same group led by another piece is another
    /// move (it uses up another file).
    fn one_match(&self, text: &str, parts: &[String], mut matches: Vec<Move>) -> Result<Move, NotationError> {
        if matches.len() > 1 {
            let led: Vec<Move> = matches
                .iter()
                .copied()
                .filter(|&mv| self.move_parts(mv).first().zip(parts.first()).is_some_and(|(c, p)| part_matches(p, c)))
                .collect();
            if !led.is_empty() {
                matches = led;
            }
        }
        match matches.as_slice() {
            [mv] => Ok(*mv),
            [] => Err(NotationError::Illegal { text: text.trim().to_string(), hint: self.hint(parts) }),
            several => Err(NotationError::Ambiguous {
                text: text.trim().to_string(),
                count: several.len(),
                candidates: several.iter().map(|&m| self.move_text(m)).collect::<Vec<_>>().join(", "),
            }),
        }
    }

    /// Why no legal move matches, judged from the text's first part.
    fn hint(&self, parts: &[String]) -> String {
        let geometry = self.variant.geometry();
        let Some(first) = parts.first() else { return String::new() };
        let (label, squares) = match first.split_once(' ') {
            Some((label, squares)) => (Some(label), squares),
            None => (None, first.as_str()),
        };
        let Some((from, to)) =
            squares.split_once('-').and_then(|(f, t)| Some((geometry.parse(f)?, geometry.parse(t)?)))
        else {
            return String::new();
        };
        let single = self.legal_moves().iter().any(|m| m.lead() == Some(Step { from, to }));
        if single && parts.len() > 1 {
            return "; that piece may go there, but not with the rest of the move as written".into();
        }
        self.why_illegal(from, to, label)
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
        match self.phase {
            Phase::BanthStep => return "; only a Wild Banth next to a piece may step now, or `pass`".into(),
            Phase::Charge { files, moved, .. } => {
                if moved.contains(from) {
                    return format!("; the {} has already moved in this Charge", kind.name);
                }
                let file = variant.geometry().file(from);
                if files & 1 << file != 0 {
                    let letter = (b'a' + file as u8) as char;
                    return format!("; a piece from file {letter} has already moved in this Charge");
                }
            }
            Phase::Turn => {}
        }
        if self.charmed(piece.side).contains(from) {
            return format!("; the {} is held by charm", kind.name);
        }
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

/// Whether the written parts are the candidate's parts in some order (in their order for a
/// train, whose cars' order matters), a written `from-to` matching a candidate's `label from-to`.
fn parts_match(written: &[String], candidate: &[String]) -> bool {
    if candidate.iter().any(|c| c == TRAIN) {
        return written.len() == candidate.len() && written.iter().zip(candidate).all(|(p, c)| part_matches(p, c));
    }
    let mut used = vec![false; candidate.len()];
    written.iter().all(|part| {
        let found = candidate.iter().enumerate().position(|(i, c)| !used[i] && part_matches(part, c));
        found.map(|i| used[i] = true).is_some()
    })
}

/// Whether a written part is a candidate's part, a written `from-to` matching `label from-to`.
fn part_matches(part: &str, candidate: &str) -> bool {
    candidate == part || (!part.contains(' ') && candidate.split_once(' ').is_some_and(|(_, squares)| squares == part))
}

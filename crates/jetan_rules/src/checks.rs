//! The invariants a position read from outside (a position text) must keep before anything is
//! played from it: those the rules keep in every game, which move generation relies on.

use crate::rules::Ending;
use crate::{Phase, Position, Reason, Side};

impl Position {
    /// Checks what a game from the variant's start always keeps: no more pieces of a kind than
    /// the setup has, trains of adjacent friendly cars behind a hauler, a Charge or banth step
    /// that the rules allow, allegiances as the rules settle them, and no game that is already
    /// over without its result.
    ///
    /// # Errors
    /// What is wrong, for a player to read.
    pub(crate) fn check(&self) -> Result<(), String> {
        self.check_counts()?;
        self.check_trains()?;
        self.check_phase()?;
        self.check_allegiances()?;
        self.check_result()
    }

    /// At most as many pieces of each kind (by owner; ownerless ones all together) as the setup.
    fn check_counts(&self) -> Result<(), String> {
        let variant = &self.variant;
        let key = |piece: crate::Piece| (piece.kind, (!variant.ownerless[piece.kind.index()]).then_some(piece.owner));
        let count =
            |pieces: &mut dyn Iterator<Item = crate::Piece>, wanted| pieces.filter(|&p| key(p) == wanted).count();
        let mut checked = Vec::new();
        for (_, piece) in self.pieces() {
            let wanted = key(piece);
            if checked.contains(&wanted) {
                continue;
            }
            checked.push(wanted);
            let on_board = count(&mut self.pieces().map(|(_, p)| p), wanted);
            let at_start = count(&mut variant.setup().iter().map(|&(_, p)| p), wanted);
            if on_board > at_start {
                let name = &variant.kind(piece.kind).name;
                let whose = wanted.1.map_or(String::new(), |owner| format!("{}'s ", variant.side_name(owner)));
                return Err(format!("{on_board} of {whose}{name} on the board, more than the {at_start} of the setup"));
            }
        }
        Ok(())
    }

    /// Each train behind a hauler, each car a piece of its side (or one with allegiance) of a
    /// kind that may be a car, next to the one ahead of it, no square in two trains, no more cars than the hauler
    /// takes.
    fn check_trains(&self) -> Result<(), String> {
        let geometry = self.variant.geometry();
        let mut used = Vec::new();
        for train in self.trains.iter() {
            let engine = geometry.name(train.engine);
            let hauler = self.board[train.engine.index()]
                .filter(|p| self.variant.kind(p.kind).hauls.is_some())
                .ok_or_else(|| format!("trains: {engine} holds no piece that hauls a train"))?;
            let (most, _, excluded) = self.variant.kind(hauler.kind).hauls.as_ref().expect("a hauler");
            if train.cars.len() > usize::from(*most) {
                return Err(format!("trains: the train of {engine} has {} cars, at most {most}", train.cars.len()));
            }
            let mut ahead = train.engine;
            for &car in std::iter::once(&train.engine).chain(train.cars.iter()) {
                if used.contains(&car) {
                    return Err(format!("trains: {} is in two trains", geometry.name(car)));
                }
                used.push(car);
                if car == train.engine {
                    continue;
                }
                let name = geometry.name(car);
                let piece = self.board[car.index()].ok_or_else(|| format!("trains: the car square {name} is empty"))?;
                let kind = self.variant.kind(piece.kind);
                // A car with allegiance may serve the other side this turn (it leaves the
                // train when the hauler next moves).
                if (piece.side != hauler.side && !kind.allegiance) || kind.ownerless {
                    return Err(format!("trains: the {} on {name} is not a piece of the hauler's side", kind.name));
                }
                if excluded.contains(&piece.kind) || kind.hauls.is_some() {
                    return Err(format!("trains: a {} is never a car ({name})", kind.name));
                }
                if geometry.distance(car, ahead) != 1 {
                    return Err(format!("trains: the car on {name} is not next to the one ahead of it"));
                }
                ahead = car;
            }
        }
        Ok(())
    }

    /// A Charge only where the rules have one, with one file used per sub-move and only the
    /// side to move's pieces marked as moved; a banth step only when a Wild Banth has a piece
    /// next to it.
    fn check_phase(&self) -> Result<(), String> {
        match self.phase {
            Phase::Turn => Ok(()),
            Phase::BanthStep if !self.banth_step_due() => {
                Err("banth: no piece that belongs to no one has a piece next to it, so no banth step is due".into())
            }
            Phase::BanthStep => Ok(()),
            Phase::Charge { .. } if self.variant.rules().charge.is_none() => {
                Err("charge: the Charge is not allowed in this variant with these options".into())
            }
            Phase::Charge { files, moved, submoves } => {
                if files.count_ones() != u32::from(submoves) {
                    return Err(format!(
                        "charge: {submoves} sub-moves played but {} files used (each sub-move uses one)",
                        files.count_ones()
                    ));
                }
                if moved.len() < usize::from(submoves) || (submoves == 0 && !moved.is_empty()) {
                    return Err(format!("charge: {submoves} sub-moves played but {} pieces moved", moved.len()));
                }
                match moved.minus(self.occupied[self.to_move.index()]).iter().next() {
                    Some(square) => Err(format!(
                        "charge: {} holds no piece of {}, so none moved from there",
                        self.variant.geometry().name(square),
                        self.variant.side_name(self.to_move)
                    )),
                    None => Ok(()),
                }
            }
        }
    }

    /// Only pieces with allegiance serve the side that doesn't own them, and at the start of a
    /// turn they serve as the rules say (the side with more pieces).
    fn check_allegiances(&self) -> Result<(), String> {
        let geometry = self.variant.geometry();
        for (square, piece) in self.pieces().filter(|(_, p)| p.side != p.owner) {
            if !self.variant.kind(piece.kind).allegiance {
                let name = &self.variant.kind(piece.kind).name;
                return Err(format!("turned: the {name} on {} never serves the other side", geometry.name(square)));
            }
        }
        if self.phase == Phase::Turn {
            let mut settled = self.clone();
            settled.settle_allegiances(None);
            if let Some((square, _)) = self.pieces().find(|&(s, p)| settled.board[s.index()] != Some(p)) {
                return Err(format!(
                    "turned: at the start of a turn the piece on {} serves the side with more pieces",
                    geometry.name(square)
                ));
            }
        }
        Ok(())
    }

    /// A given result names one of the variant's endings; without one, no ending is already met.
    fn check_result(&self) -> Result<(), String> {
        let rules = self.variant.rules();
        if let Some(outcome) = self.outcome {
            return match outcome.reason {
                Reason::Ending(index) if usize::from(index) >= rules.endings.len() => {
                    Err(format!("result: the variant has {} endings, not {}", rules.endings.len(), index + 1))
                }
                Reason::OwnCapture(index)
                    if !matches!(rules.endings.get(usize::from(index)), Some(Ending::Capture { .. })) =>
                {
                    Err(format!("result: ending {index} is not a capture ending"))
                }
                _ => Ok(()),
            };
        }
        if let Some(count) = self.small_armies {
            match rules.small_armies {
                None => return Err("the small-armies count must be `-`: this variant has no such draw".into()),
                Some(rule) if count >= rule.plies => {
                    return Err(format!(
                        "the small-armies count {count} has run out ({}): the game is over",
                        rule.plies
                    ));
                }
                Some(_) => {}
            }
        }
        if rules.ply_limit.is_some_and(|limit| self.ply >= limit) {
            return Err(format!("ply {} is past the variant's limit: the game is over", self.ply));
        }
        for ending in &rules.endings {
            for side in Side::BOTH {
                if let Some(why) = self.ending_met(ending, side) {
                    return Err(format!("{why}: the game is over, so the text needs its result"));
                }
            }
        }
        Ok(())
    }

    /// Why `ending` has already happened to or for `side`, if it has: the pieces it is about are
    /// gone, or one stands on the far rank.
    fn ending_met(&self, ending: &Ending<crate::KindId>, side: Side) -> Option<String> {
        let variant = &self.variant;
        let started_with =
            |kinds: &[crate::KindId]| variant.setup().iter().any(|(_, p)| p.owner == side && kinds.contains(&p.kind));
        let names = |kinds: &[crate::KindId]| {
            kinds.iter().map(|&k| variant.kind(k).name.as_str()).collect::<Vec<_>>().join(" or ")
        };
        let side_name = variant.side_name(side);
        match ending {
            Ending::Capture { victim, .. } => (started_with(&[*victim]) && !self.owns_any(side, &[*victim]))
                .then(|| format!("{side_name}'s {} is not on the board", variant.kind(*victim).name)),
            Ending::Eliminated { kinds, .. } => (started_with(kinds) && !self.owns_any(side, kinds))
                .then(|| format!("{side_name} has no {} left", names(kinds))),
            Ending::Reaches { kinds, .. } => {
                self.on_far_rank(side, kinds).then(|| format!("{side_name}'s {} stands on the far rank", names(kinds)))
            }
        }
    }
}

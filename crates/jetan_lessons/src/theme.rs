//! A puzzle's theme, inferred from the kind of its first move and the pieces it moves.

use jetan_rules::{Move, MoveKind, Position, Verdict};
use serde::{Deserialize, Serialize};

use crate::puzzle::Aim;

/// The least value of a forked piece whose capture doesn't win (two classic Panthans).
const FORK_TARGET_VALUE: i32 = 200;

/// What a puzzle is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Theme {
    /// A Charge decides it.
    Charge,
    /// The Princess's (or Jeddara's) escape.
    PrincessEscape,
    /// One piece lands attacking two or more enemies (a Flier fork, a Thoat fork…).
    Fork,
    /// An airship lands with its passengers.
    AirshipDrop,
    /// A Zitidar's train.
    Train,
    /// A Wild Banth directed or stepped.
    Banth,
    /// Kara Vasa's Sorak strike.
    Sorak,
    /// A promotion on the far rank.
    Promotion,
    /// Sola's side-kill, or a plough.
    SideKill,
    /// A squad moves.
    Squad,
    /// An escort takes his woman along.
    Escort,
    /// Rapid Deployment.
    Deployment,
    /// The first move wins at once.
    Finish,
    /// A forced win over several moves.
    ForcedWin,
    /// A capture that wins material.
    Capture,
    /// A quiet move that wins material later.
    Quiet,
}

impl Theme {
    /// The theme of a puzzle whose first turn is `turn` (its plies) from `position`, aiming at
    /// `aim`; and the kind id of the piece that moves first ("" if none).
    pub fn infer(position: &Position, turn: &[Move], aim: Aim) -> (Theme, String) {
        let variant = position.variant();
        let Some(&first) = turn.first() else { return (Theme::Quiet, String::new()) };
        let mover = position.leader(first).and_then(|step| position.piece_at(step.from));
        let piece = mover.map(|p| variant.kind(p.kind).id.clone()).unwrap_or_default();
        let theme = match first.kind {
            MoveKind::Charge => Theme::Charge,
            MoveKind::Escape => Theme::PrincessEscape,
            MoveKind::Train => Theme::Train,
            MoveKind::Direct | MoveKind::BanthStep => Theme::Banth,
            MoveKind::Strike => Theme::Sorak,
            MoveKind::Deploy => Theme::Deployment,
            _ => normal_theme(position, turn, first, aim),
        };
        (theme, piece)
    }
}

fn normal_theme(position: &Position, turn: &[Move], first: Move, aim: Aim) -> Theme {
    let variant = position.variant();
    let mover = position.leader(first).and_then(|step| position.piece_at(step.from).map(|p| (step, p)));
    let mut after = position.clone();
    for &mv in turn {
        after.play(mv);
    }
    let wins_now = after.decided().is_some_and(|o| o.winner == Some(position.to_move()));
    let kind = mover.map(|(_, p)| variant.kind(p.kind));
    if !first.promotions.is_empty() {
        return Theme::Promotion;
    }
    if turn.iter().any(|mv| mv.kind == MoveKind::BanthStep && position.victims(*mv).next().is_some()) {
        return Theme::Banth;
    }
    if first.steps.len() > 1 {
        return match kind {
            Some(k) if k.carries > 0 => Theme::AirshipDrop,
            Some(k) if k.escort && first.steps.len() == 2 => Theme::Escort,
            _ => Theme::Squad,
        };
    }
    if !first.removals.is_empty() {
        return Theme::SideKill;
    }
    if wins_now {
        return Theme::Finish;
    }
    if let Some((step, piece)) = mover {
        let enemy = after.occupied_by(position.to_move().opponent()).or(after.ownerless());
        // Targets worth a fork: pieces whose capture wins, or worth two Panthans or more.
        let target = |square| {
            after.piece_at(square).is_some_and(|victim| {
                variant.capture_verdict(victim.kind, piece.kind) == Some(Verdict::Win)
                    || variant.kind(victim.kind).value >= FORK_TARGET_VALUE
            })
        };
        let attacked = enemy.iter().filter(|&square| target(square) && after.attacks(step.to, square)).count();
        if attacked >= 2 {
            return Theme::Fork;
        }
    }
    match aim {
        Aim::Win => Theme::ForcedWin,
        Aim::Material if position.victims(first).next().is_some() => Theme::Capture,
        Aim::Material => Theme::Quiet,
    }
}

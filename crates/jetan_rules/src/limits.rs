//! What a variant may ask of the engine: each movement's and ability's numbers in range, the
//! largest move within the sizes the engine's moves hold, and a bound on the work a variant can
//! cause (walks enumerated, strike sets, train attachments). Checked on a variant file as
//! written, on each rule option's choice applied to it, and on the rules a game is played with.

use crate::variant::{PieceKind, Rules};
use crate::{Dirs, KindId, MAX_REMOVALS, MAX_STEPS, Mix, Movement, Piece, Square};

/// The most piece kinds a variant has.
pub(crate) const MAX_KINDS: usize = 60;
/// Non-jumping walks longer than this would make move generation slow.
pub(crate) const MAX_BLOCKED_WALK: u8 = 6;
/// No walk or leap goes further than this.
pub(crate) const MAX_REACH: u8 = 16;
/// The most walks one movement may enumerate from a square (a jumping `Path(8, Any)` has 6.6
/// million; `Path(9, Any)` 46 million would take seconds to tabulate).
pub(crate) const MAX_WALKS: u64 = 10_000_000;
/// The most sets of victims one strike may choose among.
pub(crate) const MAX_STRIKE_SETS: u64 = 100_000;
/// The most cars a hauler may attach in one move (each more multiplies the chains by 7).
pub(crate) const MAX_ATTACH: u8 = 4;
/// The most pieces with allegiance, whose turning a move must remember.
pub(crate) const MAX_ALLEGIANCE: usize = 8;
/// The most followers a group move has (the squares around its mover).
pub(crate) const MAX_FOLLOWERS: usize = 8;

/// A limit a variant breaks: the piece kind it is about, or the file's key, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Breach {
    /// The kind whose numbers break it; `None` for the rules as a whole.
    pub kind: Option<KindId>,
    /// For the rules as a whole, the key of the variant file the limit is about.
    pub key: &'static str,
    /// What is wrong, with the limit.
    pub message: String,
}

/// What is wrong with one movement's numbers, if anything.
pub(crate) fn movement_problem(movement: &Movement) -> Option<String> {
    let problem = match *movement {
        Movement::Path { steps, .. } if !(1..=MAX_REACH).contains(&steps) => {
            format!("a Path needs 1 to {MAX_REACH} steps, not {steps}")
        }
        Movement::Path { steps, mix, jump: false, .. } if mix != Mix::Straight && steps > MAX_BLOCKED_WALK => {
            format!("a Path that does not jump may take at most {MAX_BLOCKED_WALK} steps (unless its mix is Straight)")
        }
        Movement::Combo { orth, diag, .. } if orth == 0 && diag == 0 => "a Combo needs at least one step".into(),
        Movement::Combo { orth, diag, .. } if u16::from(orth) + u16::from(diag) > u16::from(MAX_BLOCKED_WALK) => {
            format!("a Combo takes at most {MAX_BLOCKED_WALK} steps in all, not {}", u16::from(orth) + u16::from(diag))
        }
        Movement::Ride { max: Some(0), .. } => "a Ride's max must be at least 1".into(),
        Movement::Step(ref dirs) if dirs.is_empty() => "a Step needs at least one direction".into(),
        Movement::Area(n) if !(1..=MAX_REACH).contains(&n) => format!("an Area needs a reach of 1 to {MAX_REACH}"),
        _ if walks(movement) > MAX_WALKS => format!(
            "{movement:?} has up to {} walks from a square, more than the {MAX_WALKS} the engine tabulates in time",
            walks(movement)
        ),
        _ => return None,
    };
    Some(problem)
}

/// An upper bound on the walks a movement has from one square (every walk never revisits a
/// square, so after the first step at most all directions but the one back remain).
fn walks(movement: &Movement) -> u64 {
    let power = |base: u64, exp: u32| base.saturating_pow(exp);
    match *movement {
        Movement::Path { steps, dirs, mix, .. } => {
            let n = u32::from(steps.max(1));
            let all = |d: u64| d.saturating_mul(power(d - 1, n - 1));
            match (mix, dirs) {
                (Mix::Straight, Dirs::Any) => 8,
                (Mix::Straight, _) => 4,
                (Mix::Civil, Dirs::Any) => all(4).saturating_mul(2),
                (_, Dirs::Any) => all(8),
                (_, _) => all(4),
            }
        }
        Movement::Combo { orth, diag, .. } => {
            let (o, d) = (u64::from(orth), u64::from(diag));
            let orders = (1..=o + d).product::<u64>() / ((1..=o).product::<u64>() * (1..=d).product::<u64>()).max(1);
            orders.saturating_mul(power(4, orth.into())).saturating_mul(power(4, diag.into()))
        }
        Movement::Ride { .. } | Movement::Step(_) | Movement::Area(_) => 1,
    }
}

/// Every limit `kinds` and `rules` break, with `setup` the pieces at the start and `files` the
/// board's width.
pub(crate) fn breaches(kinds: &[PieceKind], rules: &Rules, setup: &[(Square, Piece)], files: u8) -> Vec<Breach> {
    let mut found = Vec::new();
    for (index, kind) in kinds.iter().enumerate() {
        let mut breach =
            |message: String| found.push(Breach { kind: Some(KindId(index as u8)), key: "pieces", message });
        if kind.moves.is_empty() {
            breach(format!("piece `{}` has no moves", kind.id));
        }
        let directed = kind.directs.iter().map(|(_, movement)| movement);
        for problem in kind.moves.iter().chain(directed).filter_map(movement_problem) {
            breach(format!("piece `{}`: {problem}", kind.id));
        }
        if let Some(escape) = &kind.escape
            && !(1..=MAX_REACH).contains(&escape.reach)
        {
            breach(format!("piece `{}`: an escape's reach must be 1 to {MAX_REACH}", kind.id));
        }
        if let Some((reach, max)) = kind.strike {
            let victims = u64::from(2 * u16::from(reach) + 1).pow(2) - 1;
            let sets = (1..=u64::from(max)).map(|k| choose(victims, k)).fold(0u64, u64::saturating_add);
            if max == 0 || usize::from(max) > MAX_REMOVALS {
                breach(format!("piece `{}`: a strike kills 1 to {MAX_REMOVALS} pieces, not {max}", kind.id));
            } else if sets > MAX_STRIKE_SETS {
                breach(format!(
                    "piece `{}`: a strike of reach {reach} killing up to {max} chooses among {sets} sets of victims, more than {MAX_STRIKE_SETS}",
                    kind.id
                ));
            }
        }
        if let Some((cars, attach, _)) = &kind.hauls {
            if usize::from(*cars) > crate::trains::MAX_CARS || attach > cars {
                let most = crate::trains::MAX_CARS;
                breach(format!("piece `{}`: a train has at most {most} cars, attached at most as many", kind.id));
            } else if *attach > MAX_ATTACH {
                breach(format!("piece `{}`: a train attaches at most {MAX_ATTACH} cars a move, not {attach}", kind.id));
            }
        }
    }
    let rule_breach = |key, message: String| Breach { kind: None, key, message };
    if let Some(rule) = rules.small_armies
        && (rule.pieces == 0 || rule.plies == 0)
    {
        found.push(rule_breach("small_armies", "small_armies needs at least 1 piece and 1 ply".into()));
    }
    let count = |test: &dyn Fn(&PieceKind) -> bool| {
        let of = |owner| setup.iter().filter(|(_, p)| p.owner == owner && test(&kinds[p.kind.index()])).count();
        of(crate::Side::South).max(of(crate::Side::North))
    };
    let allegiance = count(&|k| k.allegiance);
    if allegiance > MAX_ALLEGIANCE {
        found.push(rule_breach(
            "setup",
            format!("the setup has {allegiance} pieces with allegiance, at most {MAX_ALLEGIANCE}"),
        ));
    }
    let ownerless = setup.iter().filter(|(_, p)| kinds[p.kind.index()].ownerless).count();
    if ownerless > MAX_STEPS {
        found.push(rule_breach(
            "setup",
            format!("the setup has {ownerless} pieces that belong to no one, at most {MAX_STEPS}"),
        ));
    }
    // The most pieces one move moves, and so the most side-kills it makes.
    let followers = kinds
        .iter()
        .map(|k| {
            let squad = rules.squads.map_or(0, |s| usize::from(s.members) * if s.escorts { 2 } else { 1 });
            let leads = if k.leader { squad } else { 0 };
            let hauls = k.hauls.as_ref().map_or(0, |(cars, _, _)| usize::from(*cars));
            leads.max(usize::from(k.carries)).max(hauls).max(usize::from(k.escort))
        })
        .max()
        .unwrap_or(0)
        .min(MAX_FOLLOWERS);
    let group = if rules.rapid_deployment { usize::from(files) } else { 1 + followers };
    let plough = kinds.iter().filter_map(|k| k.plough).max().map_or(0, usize::from);
    let side_killers = count(&|k| k.side_kill);
    let removals = 2 * group.min(side_killers) + plough;
    if removals > MAX_REMOVALS {
        found.push(rule_breach(
            "pieces",
            format!(
            "one move could remove {removals} pieces besides those it lands on ({side_killers} side-killers, moves of up to {group} pieces, ploughs of {plough}), at most {MAX_REMOVALS}"
        ),
        ));
    }
    found
}

/// `n` choose `k`, saturating.
fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |c, i| c.saturating_mul(n - i) / (i + 1))
}

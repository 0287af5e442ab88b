//! What a variant may ask of the engine: each movement's and ability's numbers in range, the
//! largest move within the sizes the engine's moves hold, and a bound on the work a variant can
//! cause (walks enumerated, strike sets, train attachments, one position's move generation).
//! Checked on a variant file as written, on each rule option's choice applied to it, and on the
//! rules a game is played with.

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
/// The most work one position's move generation may take by [`generation_work`]'s estimate
/// of the worst case, in squares tried. The shipped variants stay below 1 % of it (Jetan
/// Jeddara, the busiest, estimates 0.9 million). Measured against it (perft example): classic
/// Jetan with a Chief walking `Path(steps: 6, dirs: Any, exact: false)` estimates 23 million
/// and plays perft(3) in 0.3 s (3 ms as shipped); with every piece walking so, 450 million and
/// 2 s for perft(2), over 100 s for perft(3); Jetan Jeddara with only its Zitidar walking so,
/// 150 billion and 9.5 s for perft(2) (0.3 s as shipped); with every piece walking 5 steps,
/// 44 billion, and 6 steps, 490 billion: perft(2) beyond two minutes.
pub(crate) const MAX_GENERATION_WORK: u64 = 100_000_000;

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
    if rules.ply_limit == Some(0) {
        found.push(rule_breach(
            "ply_limit",
            "ply_limit needs at least 1 ply (a game over before its first move)".into(),
        ));
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
    // The estimate reads the movements: only once each of them is within its own limits.
    if found.is_empty() {
        found.extend(generation_breach(kinds, rules, setup));
    }
    found
}

/// What one kind's pieces cost a position's move generation, by [`generation_work`].
struct Work {
    kind: usize,
    pieces: u64,
    groups: u64,
    reach: u64,
    total: u64,
}

/// A breach if the estimate of a position's move generation, summed over the kinds, is above
/// [`MAX_GENERATION_WORK`]: at the kind that costs the most.
fn generation_breach(kinds: &[PieceKind], rules: &Rules, setup: &[(Square, Piece)]) -> Option<Breach> {
    let works: Vec<Work> =
        kinds.iter().enumerate().map(|(index, kind)| generation_work(index, kind, rules, setup)).collect();
    let total = works.iter().fold(0u64, |sum, work| sum.saturating_add(work.total));
    let worst = works.iter().max_by_key(|work| work.total).filter(|_| total > MAX_GENERATION_WORK)?;
    let kind = &kinds[worst.kind];
    let message = format!(
        "piece `{}`: generating one position's moves could try up to {total} squares, more than the {MAX_GENERATION_WORK} that keep a game playable; most for this kind: {} pieces, each finding where it may land up to {} times (alone, with each group it may lead, after each move where the Charge is played), trying up to {} squares each time (a blocked Path or Combo of more than {} steps is searched square by square: shorten it, let it jump, or give it fewer followers)",
        kind.id,
        worst.pieces,
        worst.groups,
        worst.reach,
        crate::walk::ENUMERATE_UP_TO
    );
    Some(Breach { kind: Some(KindId(worst.kind as u8)), key: "pieces", message })
}

/// An estimate of the worst case of what the pieces of `kind` (number `index`) cost one
/// position's move generation, in squares tried: each of its pieces (the most a side has in
/// the setup, which no position exceeds) finds where it may land once alone and once for each
/// group it may lead (with the group lifted), and, where the Charge is played, once after each
/// of its moves (to tell whether it qualifies). Finding where a blocked walk longer than the
/// walk tables hold may land searches its walks towards each square in range; any other
/// movement costs the squares it reaches.
fn generation_work(index: usize, kind: &PieceKind, rules: &Rules, setup: &[(Square, Piece)]) -> Work {
    let of = |owner| setup.iter().filter(|(_, p)| p.owner == owner && p.kind.index() == index).count() as u64;
    let pieces = of(crate::Side::South).max(of(crate::Side::North));
    let reach = kind.moves.iter().fold(0u64, |sum, movement| sum.saturating_add(reach_work(movement)));
    let destinations = kind.moves.iter().fold(0u64, |sum, movement| sum.saturating_add(span_squares(movement)));
    let charge = if rules.charge.is_some() { destinations } else { 0 };
    let groups = groups(kind, rules).saturating_add(charge);
    let total = pieces.saturating_mul(groups).saturating_mul(reach);
    Work { kind: index, pieces, groups, reach, total }
}

/// The squares tried to find where `movement` may land from a square: a searched walk's walks
/// towards each square in range (see [`crate::walk::walk_ends`]), else the squares in range.
fn reach_work(movement: &Movement) -> u64 {
    let searched = crate::walk::WalkRule::of(movement)
        .is_some_and(|rule| !rule.jump && rule.max_steps() > crate::walk::ENUMERATE_UP_TO);
    if searched { span_squares(movement).saturating_mul(walks(movement)) } else { span_squares(movement) }
}

/// The squares in range of `movement` from a square in the open (rides: on the largest board).
fn span_squares(movement: &Movement) -> u64 {
    match movement {
        Movement::Step(dirs) => dirs.len() as u64,
        Movement::Ride { max, .. } => 8 * u64::from(max.unwrap_or(crate::MAX_SIDE)),
        _ => {
            let span = u64::from(movement.span().unwrap_or(crate::MAX_SIDE));
            (2 * span + 1).pow(2) - 1
        }
    }
}

/// How many groups a piece of `kind` may lead, itself alone included: with each set of up to
/// as many followers as it may take from the 8 squares around it (a squad, passengers, an
/// escorted female), and with each chain of cars it may attach to its train (each car on one
/// of the squares around the one before).
fn groups(kind: &PieceKind, rules: &Rules) -> u64 {
    let squad =
        rules.squads.filter(|_| kind.leader).map_or(0, |s| u64::from(s.members) * if s.escorts { 2 } else { 1 });
    let followers = squad.max(u64::from(kind.carries)).max(u64::from(kind.escort)).min(MAX_FOLLOWERS as u64);
    let sets = (0..=followers).map(|k| choose(MAX_FOLLOWERS as u64, k)).sum::<u64>();
    let chains = kind.hauls.as_ref().map_or(0, |(_, attach, _)| (1..=u32::from(*attach)).map(|k| 7u64.pow(k)).sum());
    sets + chains
}

/// `n` choose `k`, saturating.
fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |c, i| c.saturating_mul(n - i) / (i + 1))
}

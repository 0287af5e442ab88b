//! The root's last look before it answers: what the enemy could win after a turn, at once or
//! within one Charge of any kind (the search below the root sees only the Charges that clear
//! lines); [`guard_against_raids`] replaces a turn that leaves such a win (or a Charge after
//! which nothing saves the royal piece) by the best move it finds that leaves none, searching
//! the root again with the searcher's [`Tools`] without the raided moves (a [`RootFilter`]),
//! within a [`Guard`]'s time and nodes.

use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

use jetan_rules::{Move, MoveKind, Phase, Position};

use crate::Limits;
use crate::alphabeta::{ChargePlans, RootFilter, Search, Task, Workspace};
use crate::charge_win::{self, FirstSubmoves};
use crate::deepen::{deepen, with_charge_plan};
use crate::facts::Facts;
use crate::generation;
use crate::ordering::Ordering;
use crate::score::{INFINITY, WIN_BOUND};
use crate::thought::Thought;
use crate::tt::Table;

/// The search leaves at least this share (one in so many) of the move's time to the last look
/// against raids (more at a banth step that decides a denial: see [`guard_share`]).
pub(crate) const GUARD_SHARE: u32 = 8;

/// The searcher's tools the last look searches with: its transposition table, what it knows of
/// the variant, and its first thread's move ordering and buffers.
pub(crate) struct Tools<'a> {
    pub table: &'a Table,
    pub facts: &'a Facts,
    pub ordering: &'a mut Ordering,
    pub work: &'a mut Workspace,
}

/// The position after `turn`, played by the side to move in `position` (the banth step, if one
/// follows, passed), if the game goes on there with the enemy to move.
pub(crate) fn after_turn(position: &Position, turn: &[Move]) -> Option<Position> {
    let side = position.to_move();
    let mut after = position.clone();
    for &mv in turn {
        after.play(mv);
    }
    if after.phase() == Phase::BanthStep && after.to_move() == side {
        after.play(Move::declaration(MoveKind::Pass));
    }
    (after.decided().is_none() && after.to_move() != side).then_some(after)
}

/// Whether the enemy of the side to move in `position` wins within its next turn after `turn`:
/// by a single move, or within one Charge (as far as it is looked for until `until`).
pub(crate) fn leaves_enemy_a_win(position: &Position, facts: &Facts, turn: &[Move], until: Option<Instant>) -> bool {
    after_turn(position, turn).is_some_and(|mut after| {
        charge_win::winning_submove(&mut after, facts).is_some()
            || charge_win::find_in(&after, facts, FirstSubmoves::Any { until }).is_some()
    })
}

/// Whether after `mv`, played by the side to move in `position`, the enemy may not declare a
/// Charge (too few of its pieces qualify) and has no winning move: no raid is possible.
pub(crate) fn denies_charges(position: &Position, facts: &Facts, mv: Move) -> bool {
    after_turn(position, &[mv]).is_some_and(|mut after| {
        !after.can_declare_charge() && charge_win::winning_submove(&mut after, facts).is_none()
    })
}

/// The root moves a search of the last look may play: not the `refuted` ones (found raided),
/// and if `denials_only`, only those after which the enemy may not declare a Charge and has no
/// winning move (see [`denies_charges`]): safe without planning the enemy's Charge.
#[derive(Clone, Debug, Default)]
struct GuardFilter {
    refuted: Vec<Move>,
    denials_only: bool,
}

impl RootFilter for GuardFilter {
    fn allows(&self, root: &Position, facts: &Facts, mv: Move) -> bool {
        !self.refuted.contains(&mv) && (!self.denials_only || denies_charges(root, facts, mv))
    }
}

/// Whether the last look guards a move of `phase`: a turn's first, or the banth step that may
/// end it. A turn is judged with its banth step passed (see [`after_turn`]), so the step is
/// judged on its own: a banth stepped next to the enemy's pieces makes them qualify for a
/// Charge (Wild Banths are enemies of both sides), and once undid a denial (the second
/// player's 13-ply raid after `CC e1-c5, bb d6-e6` in docs/charge_raids.md). A Charge's
/// sub-moves are its plan's, judged when it was declared.
fn guarded_phase(phase: Phase) -> bool {
    matches!(phase, Phase::Turn | Phase::BanthStep)
}

/// The share (one in so many) of the move's time the search leaves to the last look at a banth
/// step that decides a denial (see [`guard_share`]): when the search's best step undoes it (`bb
/// d6-e6` after `CC e1-c5` in docs/charge_raids.md), the look plans the enemy's Charge before
/// it searches the denials, and needs the time to search them deep enough to see that passing
/// (which lets a banth take the Chariot) is no answer (the figures are in
/// docs/charge_raids.md, "Figures behind the search's rules").
const DENIAL_STEP_GUARD_SHARE: u32 = 2;

/// The share (one in so many) of the move's time the search of `position` leaves to the last
/// look: [`DENIAL_STEP_GUARD_SHARE`] at a banth step after which, passed, the enemy may not
/// declare a Charge and has no winning move, but some step lets it declare one; else
/// [`GUARD_SHARE`].
pub(crate) fn guard_share(position: &Position, facts: &Facts) -> u32 {
    let pass = Move::declaration(MoveKind::Pass);
    if position.phase() != Phase::BanthStep || !denies_charges(position, facts, pass) {
        return GUARD_SHARE;
    }
    let mut steps = Vec::new();
    generation::moves(position, facts, false, &mut steps);
    let undone =
        steps.into_iter().any(|step| after_turn(position, &[step]).is_some_and(|after| after.can_declare_charge()));
    if undone { DENIAL_STEP_GUARD_SHARE } else { GUARD_SHARE }
}

/// The most root moves in the move ordering the last look tries for a denial when it has
/// found none by searching (see [`guard_against_raids`]).
const GUARDED_MOVES: usize = 64;

/// What the last look may spend: time until `deadline`, and (for a search with a node
/// limit, which must play alike on any machine) `nodes_left`; with the search's seed and
/// cancel flag.
pub(crate) struct Guard<'a> {
    pub deadline: Option<Instant>,
    pub nodes_left: Option<u64>,
    pub seed: u64,
    pub cancel: &'a AtomicBool,
}

impl Guard<'_> {
    /// Counts `nodes` as spent.
    pub fn spend(&mut self, nodes: u64) {
        if let Some(left) = self.nodes_left.as_mut() {
            *left = left.saturating_sub(nodes);
        }
    }

    /// Whether its time or nodes are spent, or the search is cancelled.
    pub fn spent(&self) -> bool {
        self.deadline.is_some_and(|end| Instant::now() >= end)
            || self.nodes_left == Some(0)
            || self.cancel.load(Relaxed)
    }

    /// A `share`th (one in so many) of what is left, as a search's deadline and node limit.
    pub fn share(&self, share: u32) -> (Option<Instant>, u64) {
        let now = Instant::now();
        let deadline = self.deadline.map(|end| now + end.saturating_duration_since(now) / share);
        (deadline, self.nodes_left.map_or(u64::MAX, |left| left / share as u64))
    }
}

/// How a turn fares against the enemy's next one, as far as the last look can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Safety {
    /// The enemy wins: at once, within one Charge, or by a Charge after which nothing saves
    /// the royal piece.
    Raided,
    /// The look found no such win and was not cut short.
    Safe,
    /// The look's time or nodes ran out before it could tell.
    Unknown,
}

/// If the thought's turn (or banth step: see [`guarded_phase`]) leaves the enemy a raid
/// (see [`safety`]), the best move it can find that is proven to leave none,
/// within the `guard`'s time (a [`guard_share`]th of the move's, and what the search didn't
/// use) or nodes (as many as the search's). The root is searched again as deep as the
/// search got (see [`best_root`]): first among the denials (after which the enemy may not even
/// declare a Charge and has no winning move: safe at once), then among all moves but the
/// raided ones for one that beats the best denial, which is checked and, if raided,
/// excluded in turn. When the time or nodes run out, the best denial found; if none was,
/// the first denial among the first [`GUARDED_MOVES`] in the move ordering (its score stays
/// the search's); else the best move found unchecked. A move not proven safe is not
/// preferred to one proven so, but it is to one proven raided.
pub(crate) fn guard_against_raids(
    tools: &mut Tools,
    position: &Position,
    thought: &mut Thought,
    plans: &mut ChargePlans,
    guard: &mut Guard,
) {
    if !guarded_phase(position.phase()) || safety(tools, position, &thought.turn, guard) != Safety::Raided {
        return;
    }
    let depth = thought.depth.max(1);
    let denials = GuardFilter { refuted: Vec::new(), denials_only: true };
    let denial = best_root(tools, position, denials, depth, -INFINITY, plans, guard);
    // The others are searched as deep as the denials were, to be compared with them.
    let (floor, depth) = denial.as_ref().map_or((-INFINITY, depth), |denial| (denial.score, denial.depth));
    let mut refuted: Vec<Move> = thought.best.into_iter().collect();
    let mut unchecked = None;
    while !guard.spent() {
        let filter = GuardFilter { refuted: refuted.clone(), denials_only: false };
        let Some(better) = best_root(tools, position, filter, depth, floor, plans, guard) else { break };
        match safety(tools, position, &better.turn, guard) {
            Safety::Safe => {
                *thought = Thought { nodes: thought.nodes, ..better };
                return;
            }
            Safety::Raided => refuted.extend(better.best),
            Safety::Unknown => {
                unchecked = Some(better);
                break;
            }
        }
    }
    if let Some(denial) = denial {
        *thought = Thought { nodes: thought.nodes, ..denial };
    } else if let Some(denial) = first_denial(tools, position) {
        thought.best = Some(denial);
        thought.turn = vec![denial];
        thought.pv = vec![denial];
    } else if let Some(other) = unchecked {
        *thought = Thought { nodes: thought.nodes, ..other };
    }
}

/// The best root move of `position` that the `filter` allows (a Charge with its whole
/// turn), if it scores above `floor`: the root searched again, with the Charge `plans`
/// made so far (planned anew only when none was), and with half of the `guard`'s time and
/// nodes left (the other half is for checking it). Below no floor, by iterative deepening
/// up to `depth`, the last completed iteration's; above one, at `depth` at once, with the
/// floor as alpha (only a move that beats it matters), or none if that is not completed.
/// The transposition table still holds the first search's positions: the shallower
/// searches are quick.
fn best_root(
    tools: &mut Tools,
    position: &Position,
    filter: GuardFilter,
    depth: u32,
    floor: i32,
    plans: &mut ChargePlans,
    guard: &mut Guard,
) -> Option<Thought> {
    guard_search(tools, position, guard, 2, |search| {
        search.root_filter = Some(Box::new(filter));
        search.charge_plans = std::mem::take(plans);
        let none = Thought {
            best: None,
            score: floor,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
            turn: Vec::new(),
        };
        let mut thought = if floor == -INFINITY {
            deepen(search, none, &Limits::depth(depth), Instant::now())
        } else {
            let score = search.negamax(depth as i32, 0, floor, INFINITY);
            let pv = if search.stopped || score <= floor { Vec::new() } else { search.principal_variation() };
            Thought {
                best: pv.first().copied(),
                turn: pv.first().copied().into_iter().collect(),
                pv,
                score,
                depth,
                ..none
            }
        };
        *plans = std::mem::take(&mut search.charge_plans);
        with_charge_plan(&mut thought, position, plans);
        thought.best.is_some().then_some(thought)
    })
}

/// The first of the first [`GUARDED_MOVES`] root moves in the move ordering (no Charge)
/// after which the enemy may not declare a Charge and has no winning move (see
/// [`denies_charges`]).
fn first_denial(tools: &Tools, position: &Position) -> Option<Move> {
    let facts = tools.facts;
    let mut moves = Vec::new();
    generation::moves(position, facts, false, &mut moves);
    moves.retain(|mv| mv.kind != MoveKind::Charge);
    let mut scores = Vec::new();
    tools.ordering.score(position, facts, &moves, &mut scores, 0, 0);
    let mut ranked: Vec<(i32, Move)> = scores.into_iter().zip(moves).collect();
    ranked.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
    ranked.into_iter().take(GUARDED_MOVES).map(|(_, mv)| mv).find(|&mv| denies_charges(position, facts, mv))
}

/// How `turn` fares against the enemy's next turn: raided if the enemy then wins at once,
/// within one Charge of any kind (see [`leaves_enemy_a_win`]), or by a Charge
/// after which no move saves the royal piece, as the root's beam search plans it for the
/// enemy (within the `guard`'s time and nodes, which it spends, with the search's seed and
/// cancel flag); unknown if these ran out.
fn safety(tools: &mut Tools, position: &Position, turn: &[Move], guard: &mut Guard) -> Safety {
    if leaves_enemy_a_win(position, tools.facts, turn, guard.deadline) {
        return Safety::Raided;
    }
    let Some(after) = after_turn(position, turn).filter(Position::can_declare_charge) else {
        return Safety::Safe;
    };
    let raided =
        guard_search(tools, &after, guard, 1, |search| search.deep_charge(0, 1).is_some_and(|p| p.score > WIN_BOUND));
    match raided {
        true => Safety::Raided,
        false if guard.spent() => Safety::Unknown,
        false => Safety::Safe,
    }
}

/// Runs `look` on a search of `root` (one thread, the searcher's [`Tools`], the `guard`'s seed
/// and cancel flag) limited to a `share`th of the
/// `guard`'s time and nodes left, and spends its nodes.
fn guard_search<R>(
    tools: &mut Tools,
    root: &Position,
    guard: &mut Guard,
    share: u32,
    look: impl FnOnce(&mut Search) -> R,
) -> R {
    let (deadline, max_nodes) = guard.share(share);
    let stop = AtomicBool::new(false);
    let task = Task {
        root,
        facts: tools.facts,
        table: tools.table,
        history: &[],
        deadline,
        seed: guard.seed,
        root_spread: 0,
        cancel: guard.cancel,
        stop: &stop,
        pool: None,
        plan_charges: true,
    };
    let mut search = Search::new(task, tools.ordering, tools.work, max_nodes);
    let result = look(&mut search);
    guard.spend(search.nodes);
    result
}

#[cfg(test)]
mod tests {
    use jetan_rules::Position;

    use super::{DENIAL_STEP_GUARD_SHARE, GUARD_SHARE, guard_share};
    use crate::facts::Facts;
    use crate::testing::variant;

    #[test]
    fn a_banth_step_that_decides_a_denial_leaves_the_last_look_a_larger_share() {
        // After `CC e1-c5` Blue may not declare a Charge if Red passes its banth step, but may
        // after `bb d6-e6` (docs/charge_raids.md); the turn before is guarded as usual.
        let mut position = Position::start(variant("jetan_jeddara", &[]));
        position.play_turns("SD d1-i4, cc l12-i9, BC m1-g4, cc i9-l12").unwrap();
        let facts = Facts::new(&position);
        assert_eq!(guard_share(&position, &facts), GUARD_SHARE);
        position.play_turns("CC e1-c5").unwrap();
        assert_eq!(guard_share(&position, &facts), DENIAL_STEP_GUARD_SHARE);
    }
}

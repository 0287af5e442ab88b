//! Group moves (RULES.md §5.0–5.2, §5.8): an escort taking an adjacent female along, a squad's
//! leader moving with the pieces around it (and, where the rules say so, the females its
//! escorts take along), an airship carrying passengers. The group is lifted off the board, the
//! mover's walk is judged against what remains, and each follower lands as far away as the
//! mover did.

use std::hash::{Hash, Hasher};

use crate::fast_hash::FastMap;
use crate::filter::{Aim, touches};
use crate::list::List;
use crate::movegen::Scope;
use crate::trains::HaulerWalk;
use crate::{Dir, Gender, MAX_REMOVALS, Move, MoveKind, Piece, Position, SquadForm, Square, SquareSet, Step};

/// The most followers one group move has.
const MAX_FOLLOWERS: usize = 8;

type Followers = List<Square, MAX_FOLLOWERS>;

impl Position {
    /// Appends the group moves led by the piece on `from` that may touch the squares of `aim`
    /// (none if its leap can't take it near them): escorts, squads, then airships; an effect
    /// already generated in this scope (by this leader or another piece of the group) is
    /// skipped.
    pub(crate) fn group_moves(&self, scope: &Scope, from: Square, aim: &Aim, out: &mut Vec<Move>) {
        let piece = self.board[from.index()].expect("movable squares hold pieces");
        let kind = self.variant.kind(piece.kind);
        if !self.may_lead_near(scope, piece, from, aim) {
            return;
        }
        if kind.escort && scope.most_followers > 0 {
            for female in self.escortable(scope, from) {
                self.moves_with(scope, from, &[female].into_iter().collect(), aim, out);
            }
        }
        if scope.squads && kind.leader {
            for members in self.squads(scope, from) {
                self.moves_with(scope, from, &members, aim, out);
            }
        }
        if kind.carries > 0 {
            let most = kind.carries.min(scope.most_followers);
            for passengers in self.neighbour_sets(scope, from, most, |_| true, |_| true) {
                self.moves_with(scope, from, &passengers, aim, out);
            }
        }
    }

    /// Whether some group the piece on `from` leads might touch the squares of `aim`. Lifting
    /// a group off the board only lengthens its leader's reach: never beyond its reach on an
    /// empty board, nor, when few moves are aimed at, beyond its reach with every piece it
    /// could take along lifted; and some piece of the group, moved as far as the leader,
    /// must land on them (or beside them, if it side-kills). One reach instead of one per group.
    fn may_lead_near(&self, scope: &Scope, piece: Piece, from: Square, aim: &Aim) -> bool {
        if !self.variant.tables.empty_board(piece, from).intersects(&aim.leading) {
            return false;
        }
        if aim.is_all() || self.variant.kind(piece.kind).plough.is_some() {
            return true;
        }
        let group = self.liftable(scope, from);
        let (occupied, own) = (scope.occupied.minus(group), scope.own.minus(group));
        // A piece touches a square by landing on it, or beside it if it side-kills.
        let touching = |square: Square| {
            let kind = self.board[square.index()].expect("a group's pieces stand on its squares").kind;
            if self.variant.kind(kind).side_kill { aim.landing } else { aim.squares }
        };
        let landings = self.leader_landings(from, group.iter(), touching);
        !self.targets(piece, from, occupied, own, aim.leading.and(landings), None).is_empty()
    }

    /// Where the leader on `from` may land for one of the group's `members` (the leader
    /// among them, or not) to land on a square of `touching(member)`, each moving as far as
    /// the leader.
    fn leader_landings(
        &self,
        from: Square,
        members: impl Iterator<Item = Square>,
        touching: impl Fn(Square) -> SquareSet,
    ) -> SquareSet {
        let tables = &self.variant.tables;
        members.fold(SquareSet::EMPTY, |landings, member| landings.or(tables.moved_as(touching(member), member, from)))
    }

    /// The piece on `from` and every piece some group it leads may take along: the pieces
    /// around it that may follow and the females it or (in a squad) they could escort.
    fn liftable(&self, scope: &Scope, from: Square) -> SquareSet {
        let leader = SquareSet::only(from);
        let around = self.variant.tables.around_square(from).and(scope.followers).or(leader);
        let squads_escort = self.variant.rules().squads.is_some_and(|rule| rule.escorts);
        let escorting = if squads_escort { around } else { leader };
        let escorted =
            escorting.iter().filter(|&square| self.is_escort(square)).flat_map(|escort| self.escortable(scope, escort));
        escorted.fold(around, |mut group, female| {
            group.insert(female);
            group
        })
    }

    /// Whether the piece on `square` escorts.
    fn is_escort(&self, square: Square) -> bool {
        self.board[square.index()].is_some_and(|piece| self.variant.kind(piece.kind).escort)
    }

    /// The friendly females orthogonally next to `from` that may be escorted.
    fn escortable(&self, scope: &Scope, from: Square) -> impl Iterator<Item = Square> + '_ {
        let movable = scope.followers;
        let neighbours = self.variant.tables.neighbours(from);
        Dir::ALL.iter().zip(neighbours).filter(|(dir, _)| dir.is_orthogonal()).filter_map(move |(_, &square)| {
            let square = square?;
            let piece = self.board[square.index()]?;
            (movable.contains(square) && self.variant.kind(piece.kind).gender == Gender::Female).then_some(square)
        })
    }

    /// Every set of members the leader on `from` may take along, by the variant's squad rule
    /// (with, if it says so, one female beside each escort of the squad).
    fn squads(&self, scope: &Scope, from: Square) -> Vec<Followers> {
        let rule = self.variant.rules().squads.expect("squads are on");
        let leader = self.board[from.index()].expect("a leader stands on its square").kind;
        let follows = |square: Square| rule.ranks.follows(self.board[square.index()].expect("a piece").kind, leader);
        let most = rule.members.min(scope.most_followers);
        let sets = self.neighbour_sets(scope, from, most, follows, |mask| match rule.form {
            // The 2 x 2 blocks holding the leader: N+NE+E, E+SE+S, S+SW+W, W+NW+N.
            SquadForm::Block => [0b0000_0111u8, 0b0001_1100, 0b0111_0000, 0b1100_0001].iter().any(|&b| mask & !b == 0),
            SquadForm::Around => true,
        });
        if !rule.escorts {
            return sets;
        }
        let mut all = Vec::new();
        for members in sets {
            let group: List<Square, { MAX_FOLLOWERS + 1 }> =
                std::iter::once(from).chain(members.iter().copied()).collect();
            self.add_escorted(scope, &group, members, &mut all);
        }
        all
    }

    /// `members` with, for each of the `escorts` (the squad's pieces, the leader first), no
    /// female or one of the free females beside it, appended to `out`. An escorted female
    /// escorts no one.
    fn add_escorted(&self, scope: &Scope, escorts: &[Square], members: Followers, out: &mut Vec<Followers>) {
        let Some((&escort, rest)) = escorts.split_first() else {
            out.push(members);
            return;
        };
        self.add_escorted(scope, rest, members, out);
        if !self.is_escort(escort) || members.is_full() || members.len() >= usize::from(scope.most_followers) {
            return;
        }
        for female in self.escortable(scope, escort).filter(|&f| f != escorts[0] && !members.contains(&f)) {
            let mut more = members;
            more.push(female);
            self.add_escorted(scope, rest, more, out);
        }
    }

    /// Every set of 1 to `most` friendly pieces that may go along, among those on the 8 squares
    /// around `from` that pass `may_go`, whose mask (bit i for `Dir::ALL[i]`) passes `shape`.
    fn neighbour_sets(
        &self,
        scope: &Scope,
        from: Square,
        most: u8,
        may_go: impl Fn(Square) -> bool,
        shape: impl Fn(u8) -> bool,
    ) -> Vec<Followers> {
        let mut eligible = 0u8;
        let mut squares = [Square::default(); 8];
        for (i, &square) in self.variant.tables.neighbours(from).iter().enumerate() {
            if let Some(square) = square.filter(|&s| scope.followers.contains(s) && may_go(s)) {
                eligible |= 1 << i;
                squares[i] = square;
            }
        }
        // The non-empty submasks of `eligible`, in increasing order.
        let mut sets = Vec::with_capacity((1 << eligible.count_ones()) - 1);
        let mut mask = 0u8;
        loop {
            mask = mask.wrapping_sub(eligible) & eligible;
            if mask == 0 {
                return sets;
            }
            if mask.count_ones() <= most as u32 && shape(mask) {
                sets.push((0..8).filter(|i| mask & 1 << i != 0).map(|i| squares[i]).collect());
            }
        }
    }

    /// Appends the moves of the piece on `from` taking `followers` along, some piece of the
    /// group landing where it may touch the squares of `aim`: to each square its walk may end
    /// on, and along each line a plough leader may plough (taking the enemies on it that no
    /// follower lands on).
    fn moves_with(&self, scope: &Scope, from: Square, followers: &Followers, aim: &Aim, out: &mut Vec<Move>) {
        let lifted = followers.iter().fold(SquareSet::only(from), |mut lifted, &square| {
            lifted.insert(square);
            lifted
        });
        let occupied = scope.occupied.minus(lifted);
        let destinations = self.destinations(from, followers, lifted, occupied, scope.own.minus(lifted), aim);
        if destinations.is_empty() {
            return;
        }
        // The same effect is one move, whichever piece leads it: its steps are listed by square
        // (in a Charge the leader stays first, since its file is the one used up). All move
        // alike, so one order serves every target.
        let mut order: List<Square, { MAX_FOLLOWERS + 1 }> = List::new();
        order.push(from);
        for &square in followers.iter() {
            order.push(square);
        }
        order.sort_from_by_key(usize::from(scope.charge), |&square| square);
        // Each piece with how far its square is from the leader's (in square indices, the
        // same for every landing in `fit`) and, for a follower, whether it may not take
        // every enemy.
        let placed: List<(Square, isize, bool), { MAX_FOLLOWERS + 1 }> = order
            .iter()
            .map(|&square| {
                let kind = self.board[square.index()].expect("a group's pieces stand on its squares").kind;
                let picky = square != from && !self.variant.lands_on_any[kind.index()];
                (square, square.index() as isize - from.index() as isize, picky)
            })
            .collect();
        let movers = self.movers(order.iter().copied());
        // Where the leader lands for some piece that may promote to reach the far rank.
        let far_rank = self.variant.far_ranks[self.to_move.index()];
        let promoting = order.iter().enumerate().filter(|&(i, _)| movers.may_promote(i)).map(|(_, &square)| square);
        let promotes_at = self.leader_landings(from, promoting, |_| far_rank);
        // A group that may be generated again is told apart by where its first piece lands.
        let may_repeat = self.may_repeat(scope, from, followers);
        let actor = scope.charge.then_some(from);
        let first = lifted.iter().next().expect("the leader is lifted");
        let first_offset = first.index() as isize - from.index() as isize;
        let mut seen = scope.seen.borrow_mut();
        let unploughed = GroupKey { actor, lifted, ploughed: List::new() };
        let mut landed = if may_repeat { seen.landed(&unploughed) } else { SquareSet::EMPTY };
        let landed_before = landed;
        // Each move is made where it lies in `out`, and dropped if it doesn't stand.
        'target: for (to, ploughed) in destinations.ends() {
            out.push(Move::declaration(MoveKind::Normal));
            let mv = out.last_mut().expect("the move was just pushed");
            for &(square, offset, picky) in placed.iter() {
                let landing = Square((to.index() as isize + offset) as u8);
                if picky && occupied.contains(landing) {
                    let follower = self.board[square.index()].expect("followers are pieces").kind;
                    let victim = self.board[landing.index()].expect("occupied squares hold pieces");
                    if !self.variant.may_land_on(follower, victim.kind) {
                        out.pop();
                        continue 'target;
                    }
                }
                mv.steps.push(Step { from: square, to: landing });
            }
            for &square in ploughed.iter().filter(|&&s| !mv.steps.iter().any(|step| step.to == s)) {
                mv.removals.push(square);
            }
            let first_landing = Square((to.index() as isize + first_offset) as u8);
            let stands = (aim.is_all() || touches(aim.landing, &mv.steps, &mv.removals))
                && if scope.probe {
                    self.add_side_kills(mv);
                    touches(aim.squares, &mv.steps, &mv.removals)
                } else if !may_repeat {
                    true
                } else if mv.removals.is_empty() {
                    landed.insert(first_landing)
                } else {
                    seen.first_time(GroupKey { actor, lifted, ploughed: mv.removals }, first_landing)
                };
            if !stands {
                out.pop();
            } else if scope.probe {
                return;
            } else {
                self.finish_pushed(if promotes_at.contains(to) { movers } else { movers.never_promoting() }, out);
            }
        }
        if landed != landed_before {
            seen.record(unploughed, landed);
        }
    }

    /// Where the leader on `from` may take the group of `followers` (`lifted` with it) with
    /// `occupied` and `own` left on the board, some piece of the group landing where it may
    /// touch the squares of `aim`.
    fn destinations(
        &self,
        from: Square,
        followers: &Followers,
        lifted: SquareSet,
        occupied: SquareSet,
        own: SquareSet,
        aim: &Aim,
    ) -> Destinations {
        let tables = &self.variant.tables;
        let piece = self.board[from.index()].expect("a leader stands on its square");
        // Where the leader may land with every follower, moved as far, landing on the board
        // and on no friend (whether a follower may take the enemy it lands on is asked later).
        let free = tables.board().minus(own);
        let fit = followers.iter().fold(SquareSet::FULL, |fit, &member| fit.and(tables.moved_as(free, member, from)));
        let within =
            if aim.is_all() { aim.leading } else { self.leader_landings(from, lifted.iter(), |_| aim.landing) };
        let within = within.and(fit);
        let targets = if tables.empty_board(piece, from).intersects(&within) {
            self.targets(piece, from, occupied, own, within, None)
        } else {
            SquareSet::EMPTY
        };
        Destinations { fit, targets, lines: self.plough_lines(piece, from, occupied, own) }
    }

    /// Whether the moves of the piece on `from` leading `followers` may be generated again,
    /// so that they must be told apart from those already made: the leader makes this group
    /// in two ways (escorting the one female of a squad, an airship's passengers who are also
    /// a squad) or ploughs (a plough whose victims the followers land on is a plain move), a
    /// follower could lead a group taking `from` along (outside a Charge, whose moves name
    /// their leader), or the squad reached one of its females through either of two escorts.
    fn may_repeat(&self, scope: &Scope, from: Square, followers: &Followers) -> bool {
        let rules = self.variant.rules();
        let escorts_in_squads = scope.squads && rules.squads.is_some_and(|rule| rule.escorts);
        let leader = self.board[from.index()].expect("a leader stands on its square").kind;
        let leader_kind = self.variant.kind(leader);
        let leads_squads = scope.squads && leader_kind.leader;
        let is_female = |square: &Square| {
            let piece = self.board[square.index()].expect("followers are pieces");
            self.variant.kind(piece.kind).gender == Gender::Female
        };
        let escorted = leader_kind.escort && followers.len() == 1 && followers.iter().all(is_female);
        if (leader_kind.carries > 0 && (leads_squads || leader_kind.escort))
            || (escorted && leads_squads)
            || leader_kind.plough.is_some()
        {
            return true;
        }
        let leader_is_female = leader_kind.gender == Gender::Female;
        followers.iter().any(|&square| {
            let kind_id = self.board[square.index()].expect("followers are pieces").kind;
            let kind = self.variant.kind(kind_id);
            (escorts_in_squads && kind.gender == Gender::Female)
                || (!scope.charge
                    && ((kind.escort && leader_is_female)
                        || kind.carries > 0
                        || (scope.squads
                            && kind.leader
                            && (rules.squads.is_some_and(|rule| rule.ranks.follows(leader, kind_id))
                                || (escorts_in_squads && leader_is_female)))))
        })
    }
}

/// Where a group may go: the squares its leader's walk may end on, and the lines a plough
/// leader may plough (kept where every follower lands on the board and on no friend).
struct Destinations {
    /// The leader's landings that land every follower on the board and on no friend.
    fit: SquareSet,
    /// The squares the leader's walk may end on.
    targets: SquareSet,
    /// The lines the leader may plough.
    lines: Vec<HaulerWalk>,
}

impl Destinations {
    /// Whether the group can't go anywhere.
    fn is_empty(&self) -> bool {
        self.targets.is_empty() && self.lines.is_empty()
    }

    /// Each square the leader may end on, with the squares it ploughs on the way.
    fn ends(self) -> impl Iterator<Item = (Square, List<Square, MAX_REMOVALS>)> {
        let fit = self.fit;
        let ploughs = self
            .lines
            .into_iter()
            .map(|line| (*line.squares.last().expect("a line has its end"), line.ploughed))
            .filter(move |&(end, _)| fit.contains(end));
        self.targets.iter().map(|to| (to, List::new())).chain(ploughs)
    }
}

/// The group moves generated so far in one ply: for each actor (in a Charge), set of squares
/// left and set of squares ploughed, the squares the group's first piece landed on (which tell
/// how far the group went).
#[derive(Debug, Default)]
pub(crate) struct SeenGroups(FastMap<GroupKey, SquareSet>);

/// A group's actor (in a Charge), the squares its pieces leave and the squares it ploughs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct GroupKey {
    actor: Option<Square>,
    lifted: SquareSet,
    ploughed: List<Square, MAX_REMOVALS>,
}

/// One word from the squares left and the actor: keys that differ only in their ploughed
/// squares are rare, and equality tells them apart.
impl Hash for GroupKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let words = self.lifted.words();
        let lifted = words[0] ^ words[1].rotate_left(16) ^ words[2].rotate_left(32) ^ words[3].rotate_left(48);
        let actor = self.actor.map_or(0, |square| u64::from(square.0) + 1);
        state.write_u64(lifted ^ lifted >> 32 ^ actor << 32);
    }
}

impl SeenGroups {
    /// Where the first piece of the group of `key` has landed so far.
    fn landed(&self, key: &GroupKey) -> SquareSet {
        self.0.get(key).copied().unwrap_or_default()
    }

    /// Records that the first piece of the group of `key` has landed on `landed`.
    fn record(&mut self, key: GroupKey, landed: SquareSet) {
        if self.0.capacity() == 0 {
            // Room for the groups of a busy position, so that the table rarely grows.
            self.0.reserve(1024);
        }
        self.0.insert(key, landed);
    }

    /// Whether the group of `key` moving its first piece to `landing` is new (recording it).
    fn first_time(&mut self, key: GroupKey, landing: Square) -> bool {
        self.0.entry(key).or_default().insert(landing)
    }
}

#!/usr/bin/env python3
"""Independent reference move generator and perft for classic Jetan (10 x 10).

Written only from /work/shared/RULES.md, sections 1, 1.1, 1.2 and 2 (all defaults).
Standard library only.  Clarity over speed.

Usage:
    python3 jetan_ref.py DEPTH [--moves "b2-b3,c9-c8"] [--up-to SIDE:LETTER ...] [--divide] [--literal]

    DEPTH      print "perft D: COUNT" for D = 1..DEPTH
    --moves    comma separated from-to moves applied from the start position first
    --up-to    the rule option "up_to" for one side's kind, as south:W or north:C: that
               side's Warrior (Padwar, Dwar, Flier, Chief, Princess) walks one to its
               number of steps instead of exactly (RULES.md §2's options, chosen per side)
    --divide   also print every first move with its subtotal at depth DEPTH
    --literal  judge the Princess's threatened squares by literally building the
               position after each candidate move (slow; used to cross-check the
               default shortcut, see princess_moves)
"""

import sys
import time

N = 10                      # files and ranks
SOUTH, NORTH = 0, 1
SIDE_NAME = ("South", "North")

# Piece kinds (letters of RULES.md §2).
WARRIOR, PADWAR, DWAR, FLIER, CHIEF, PRINCESS, THOAT, PANTHAN = "WPDFCRTA"

ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ANY = ORTH + DIAG

# ---------------------------------------------------------------------------
# Squares
# ---------------------------------------------------------------------------


def sq(f, r):
    """0-based file and rank -> square index."""
    return r * N + f


def fr(s):
    return s % N, s // N


def on_board(f, r):
    return 0 <= f < N and 0 <= r < N


def sq_name(s):
    f, r = fr(s)
    return "abcdefghij"[f] + str(r + 1)


def parse_sq(text):
    text = text.strip()
    f = "abcdefghij".index(text[0])
    r = int(text[1:]) - 1
    if not on_board(f, r):
        raise ValueError("square off board: " + text)
    return sq(f, r)


# ---------------------------------------------------------------------------
# Movement primitives (RULES.md §1.1), as pure board geometry.
#
# Each primitive is turned into a list of walks: (destination, intermediates),
# where intermediates is the tuple of squares passed THROUGH (origin and
# destination excluded).  Whether a walk is usable in a position is decided
# later (blocking, destination contents).
# ---------------------------------------------------------------------------


def path_walks(origin, n, dirs, exact):
    """Path(n, dirs, exact, wild): walks of single steps in `dirs` that never
    visit a square twice (the origin counts as visited).  exact: exactly n
    steps, else 1..n steps."""
    walks = []

    def extend(cur, visited, trail):
        steps = len(trail)
        if steps >= 1 and (steps == n or not exact):
            walks.append((trail[-1], tuple(trail[:-1])))
        if steps == n:
            return
        f, r = fr(cur)
        for df, dr in dirs:
            nf, nr = f + df, r + dr
            if not on_board(nf, nr):
                continue
            nxt = sq(nf, nr)
            if nxt in visited:
                continue
            visited.add(nxt)
            trail.append(nxt)
            extend(nxt, visited, trail)
            trail.pop()
            visited.remove(nxt)

    extend(origin, {origin}, [])
    return walks


def combo_walks(origin, n_orth, n_diag):
    """Combo(orth, diag, any order): walks of exactly n_orth orthogonal and
    n_diag diagonal single steps, in any order, never revisiting a square
    (origin counts as visited)."""
    walks = []

    def extend(cur, visited, trail, left_o, left_d):
        if left_o == 0 and left_d == 0:
            walks.append((trail[-1], tuple(trail[:-1])))
            return
        f, r = fr(cur)
        options = []
        if left_o:
            options += [(d, left_o - 1, left_d) for d in ORTH]
        if left_d:
            options += [(d, left_o, left_d - 1) for d in DIAG]
        for (df, dr), lo, ld in options:
            nf, nr = f + df, r + dr
            if not on_board(nf, nr):
                continue
            nxt = sq(nf, nr)
            if nxt in visited:
                continue
            visited.add(nxt)
            trail.append(nxt)
            extend(nxt, visited, trail, lo, ld)
            trail.pop()
            visited.remove(nxt)

    extend(origin, {origin}, [], n_orth, n_diag)
    return walks


def step_walks(origin, side):
    """Panthan: Step(forward, forward-left, forward-right, left, right)."""
    fwd = 1 if side == SOUTH else -1
    dirs = ((0, fwd), (-1, fwd), (1, fwd), (-1, 0), (1, 0))
    f, r = fr(origin)
    return [(sq(f + df, r + dr), ()) for df, dr in dirs if on_board(f + df, r + dr)]


# (side, kind) pairs whose walk is "up to" its steps rather than exact (--up-to).
UP_TO = set()


# Movement table of RULES.md §2 (defaults): kind -> (function making walks, jump)
def walks_for(kind, side, origin):
    exact = (side, kind) not in UP_TO
    if kind == WARRIOR:
        return path_walks(origin, 2, ORTH, exact), False      # Path(2, orth, exact, wild)
    if kind == PADWAR:
        return path_walks(origin, 2, DIAG, exact), False      # Path(2, diag, exact, wild)
    if kind == DWAR:
        return path_walks(origin, 3, ORTH, exact), False      # Path(3, orth, exact, wild)
    if kind == FLIER:
        return path_walks(origin, 3, DIAG, exact), True       # Path(3, diag, exact, wild, jump)
    if kind == CHIEF:
        return path_walks(origin, 3, ANY, exact), False       # Path(3, any, exact, wild)
    if kind == PRINCESS:
        return path_walks(origin, 3, ANY, exact), True        # Path(3, any, exact, wild, jump)
    if kind == THOAT:
        return combo_walks(origin, 1, 1), True               # Combo(1, 1, any, jump)
    if kind == PANTHAN:
        return step_walks(origin, side), False               # Step(...)
    raise ValueError(kind)


# Cache of geometry: (kind, side, origin) -> (jump, {dest: [set of intermediates, ...]})
_GEOM = {}


def geometry(kind, side, origin):
    key = (kind, side, origin)
    g = _GEOM.get(key)
    if g is None:
        walks, jump = walks_for(kind, side, origin)
        by_dest = {}
        for dest, inter in walks:
            lst = by_dest.setdefault(dest, [])
            fs = frozenset(inter)
            if fs not in lst:
                lst.append(fs)
        g = (jump, by_dest)
        _GEOM[key] = g
    return g


def reach(board, origin):
    """Squares the piece on `origin` can land on by its movement in `board`
    (Princess restrictions NOT applied here): a destination counts if some
    walk to it has every passed-through square empty (unless jump) and the
    destination is empty or holds an enemy piece."""
    side, kind = board[origin]
    jump, by_dest = geometry(kind, side, origin)
    out = set()
    for dest, inters in by_dest.items():
        occ = board[dest]
        if occ is not None and occ[0] == side:
            continue
        if jump or any(all(board[x] is None for x in inter) for inter in inters):
            out.add(dest)
    return out


# ---------------------------------------------------------------------------
# Position
# ---------------------------------------------------------------------------


class Position:
    __slots__ = ("board", "to_move", "escape_used", "small_count", "result")

    def __init__(self):
        self.board = [None] * (N * N)      # None or (side, kind)
        self.to_move = SOUTH
        self.escape_used = [False, False]  # per princess (per side)
        self.small_count = None            # None, or plies played since both sides <= 3
        self.result = None                 # None, "South wins", "North wins", "draw"

    def copy(self):
        p = Position.__new__(Position)
        p.board = self.board[:]
        p.to_move = self.to_move
        p.escape_used = self.escape_used[:]
        p.small_count = self.small_count
        p.result = self.result
        return p


def start_position():
    pos = Position()
    rank1 = [WARRIOR, PADWAR, DWAR, FLIER, CHIEF, PRINCESS, FLIER, DWAR, PADWAR, WARRIOR]
    rank2 = [THOAT] + [PANTHAN] * 8 + [THOAT]
    for f in range(N):
        pos.board[sq(f, 0)] = (SOUTH, rank1[f])
        pos.board[sq(f, 1)] = (SOUTH, rank2[f])
        # North: South's set turned half a turn about the centre.
        pos.board[sq(N - 1 - f, N - 1)] = (NORTH, rank1[f])
        pos.board[sq(N - 1 - f, N - 2)] = (NORTH, rank2[f])
    return pos


def count_pieces(board, side):
    return sum(1 for p in board if p is not None and p[0] == side)


# ---------------------------------------------------------------------------
# Move generation
#
# A move is (from, to, is_escape).  Destinations are deduplicated per piece,
# so several walks to one square are one move.
# ---------------------------------------------------------------------------


def threatened_literal(board, origin, s, side):
    """RULES.md §2 literally: build the position after the Princess of `side`
    moves origin -> s and ask whether some enemy piece other than the enemy
    Princess has a movement that lands on s."""
    after = board[:]
    after[origin] = None
    after[s] = (side, PRINCESS)
    for x, p in enumerate(after):
        if p is None or p[0] == side or p[1] == PRINCESS:
            continue
        if s in reach(after, x):
            return True
    return False


def enemy_landing_squares_without(board, origin, side):
    """Union of the landing squares of every enemy (non-Princess) piece in the
    board where the Princess of `side` has been lifted off `origin`.

    Equivalence with threatened_literal for an EMPTY candidate square s:
    the position after her move differs from this board only on s.  A walk
    landing on s never passes through s (no revisits), so its blocking is the
    same in both boards; and s as a destination is acceptable in both (empty
    here, an enemy Princess there).  So s is threatened iff s is in this set."""
    lifted = board[:]
    lifted[origin] = None
    out = set()
    for x, p in enumerate(lifted):
        if p is None or p[0] == side or p[1] == PRINCESS:
            continue
        out |= reach(lifted, x)
    return out


def princess_moves(pos, origin, literal):
    board = pos.board
    side = pos.to_move
    _, by_dest = geometry(PRINCESS, side, origin)
    normal_reach = set(by_dest)          # jump: every walk is usable
    if literal:
        def threatened(s):
            return threatened_literal(board, origin, s, side)
    else:
        attacked = enemy_landing_squares_without(board, origin, side)

        def threatened(s):
            return s in attacked
    moves = []
    # Normal moves: never onto an occupied square, never onto a threatened one.
    for s in sorted(normal_reach):
        if board[s] is None and not threatened(s):
            moves.append((origin, s, False))
    # Escape: once per game, a free leap to an empty unthreatened square within
    # 10 king steps that is not a normal-move destination.  (An empty
    # unthreatened square in normal_reach IS a normal move, so excluding all of
    # normal_reach excludes exactly the normal-move destinations.)
    if not pos.escape_used[side]:
        of, orr = fr(origin)
        for s in range(N * N):
            if s == origin or board[s] is not None or s in normal_reach:
                continue
            f, r = fr(s)
            if max(abs(f - of), abs(r - orr)) > 10:
                continue
            if not threatened(s):
                moves.append((origin, s, True))
    return moves


def legal_moves(pos, literal=False):
    if pos.result is not None:
        return []
    moves = []
    side = pos.to_move
    for origin, p in enumerate(pos.board):
        if p is None or p[0] != side:
            continue
        if p[1] == PRINCESS:
            moves += princess_moves(pos, origin, literal)
        else:
            for dest in sorted(reach(pos.board, origin)):
                moves.append((origin, dest, False))
    return moves


def make_move(pos, move):
    origin, dest, is_escape = move
    new = pos.copy()
    board = new.board
    side = pos.to_move
    mover = board[origin]
    target = board[dest]
    if target is not None:
        assert target[0] != side
        if target[1] == PRINCESS:
            # Any piece moving onto the enemy Princess wins; she is not removed.
            new.result = SIDE_NAME[side] + " wins"
        elif target[1] == CHIEF:
            if mover[1] == CHIEF:
                new.result = SIDE_NAME[side] + " wins"
            else:
                new.result = "draw"
    board[origin] = None
    board[dest] = mover  # after a win the board no longer matters: the game is over
    if is_escape:
        new.escape_used[side] = True
    new.to_move = 1 - side
    # Small-army draw.
    if new.result is None:
        small = count_pieces(board, SOUTH) <= 3 and count_pieces(board, NORTH) <= 3
        if new.small_count is None:
            if small:
                new.small_count = 0          # this ply made both sides <= 3
        else:
            new.small_count += 1
            if new.small_count >= 10:
                new.result = "draw"
    return new


def perft(pos, depth, literal=False):
    if depth == 0:
        return 1
    moves = legal_moves(pos, literal)
    if depth == 1:
        return len(moves)
    return sum(perft(make_move(pos, m), depth - 1, literal) for m in moves)


def move_text(m):
    return sq_name(m[0]) + "-" + sq_name(m[1])


def apply_text_moves(pos, text):
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        a, b = part.split("-")
        o, d = parse_sq(a), parse_sq(b)
        cands = [m for m in legal_moves(pos) if m[0] == o and m[1] == d]
        if len(cands) != 1:
            raise SystemExit("move %r: %d legal matches" % (part, len(cands)))
        pos = make_move(pos, cands[0])
    return pos


def main(argv):
    depth = None
    moves_text = ""
    divide = False
    literal = False
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--moves":
            moves_text = argv[i + 1]
            i += 2
            continue
        if a == "--up-to":
            side, letter = argv[i + 1].split(":")
            UP_TO.add(({"south": SOUTH, "north": NORTH}[side], letter))
            i += 2
            continue
        if a == "--divide":
            divide = True
        elif a == "--literal":
            literal = True
        else:
            depth = int(a)
        i += 1
    if depth is None:
        raise SystemExit(__doc__)
    pos = apply_text_moves(start_position(), moves_text)
    if divide:
        total = 0
        for m in legal_moves(pos, literal):
            n = perft(make_move(pos, m), depth - 1, literal)
            total += n
            print("%s%s: %d" % (move_text(m), " (escape)" if m[2] else "", n), flush=True)
        print("total: %d" % total)
    for d in range(1, depth + 1):
        if divide and d == depth:
            print("perft %d: %d" % (d, total), flush=True)   # already counted above
            break
        t = time.time()
        n = perft(pos, d, literal)
        print("perft %d: %d" % (d, n), flush=True)
        print("  (depth %d took %.2fs)" % (d, time.time() - t), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

#!/usr/bin/env python3
"""Independent reference move generator and perft for Jetan Sarang (12 x 12).

Written only from /work/shared/RULES.md (sections 1, 1.1, 1.2, 3, 5 and 6, every rule at its
default reading; the Jeddara-only mechanics of section 4 are not part of Sarang) to cross-check
the Rust rules engine.  Standard library only.  Clarity over speed.

Usage:
    python3 jetan_ref_sarang.py DEPTH [--charge] [--rapid] [--divide] [--fen TEXT]

    DEPTH     print "perft D: COUNT" for D = 1..DEPTH (plies, so a Charge counts its
              declaration, every sub-move and its `end` as plies)
    --charge  rule option: the Charge (§5.12), one piece per file, 12 files
    --rapid   rule option: Rapid Deployment (§5.13)
    --divide  first print, for every legal first ply, "<board-after> <count at DEPTH-1>",
              sorted (plain string order)
    --fen     start from a board field (format below) instead of the start position;
              South to move, or add " N" after the board for North (e.g. --fen "BOARD N")
    Timings go to stderr.

Board field (the --divide key and --fen): ranks 12 down to 1 separated by "/", each rank file a
first; a piece is its Game Courier letter (upper case: owned by South, lower case: by North; a
Sanoma Tora keeps her owner's case whoever she serves); a run of empty squares is its length in
decimal ("12" is a whole empty rank).  In --divide the key is the board after the ply plus a
suffix for state the board does not show:
    " +charge"   the ply declares a Charge (board unchanged);
    " +end"      the ply is a Charge's `end` (board unchanged; never a first ply in practice,
                 since the root is always the start of a turn);
    " +escape"   the ply is the Jeddara's escape (always appended to an escape, even though its
                 board alone is distinct from every other ply's in nearly every position: with
                 --rapid, a rank advance that moves only the Jeddara may leave the same board).
No other suffix exists: every other ply at the start of a turn changes the board.

What one move is
----------------
A move is its effect (§1.1).  Every candidate (single move, escort, squad, escape, rank advance,
and each promotion choice) is applied, and the list keeps one ply per distinct effect, where the
effect is: the set of squares whose contents changed with their new contents (a piece is its
owner, kind and home square), whether the escape is used, and, inside a Charge, which pieces count
as moved afterwards and which file is used.  So a Thoat escorting a Pantha and the same Thoat
leading her as a one-member squad with the same displacement is one move, a squad of the same
pieces found from two 2 x 2 blocks is one move, and a rank advance (--rapid) that moves exactly
the pieces of some squad by one square is the same move as that squad.

Readings chosen where RULES.md is silent (each marked [R])
------------------------------------------------------------------
Movement and groups
 [R1] Steps: Panthan = the 8 directions but straight back; Pantha = the 8 but the two back
      diagonals; "forward" is that of the piece's owner.  Path without "1..n" is exact.
 [R2] Escort (§5.1): the escort's female must be a female serving the moving side (any female
      kind, armed or not, the Jeddara and Sanoma Tora included), orthogonally adjacent.  She does
      not need a normal move of her own: she keeps her position relative to the escort.  Where
      she lands is judged by §5.0 only (on the board; empty after the lift-off, or an enemy she may
      capture, which she then captures).  Unarmed females and Sola therefore land only on empty
      squares.  An escort that is itself female (Tara, Tavia, Sola) may escort another female.
 [R3] Squad (§5.2, Sarang form): members are any friendly pieces of strictly lower rank (higher
      number in the table) in one 2 x 2 block that holds the leader: unarmed pieces, slaves,
      Sola and a Sanoma Tora serving the side included.  They take no walk of their own; each is
      translated by the leader's displacement and lands per §5.0.  A squad has 1..3 members.
 [R4] No escort inside a squad in Sarang (§5.1 says escorts work inside a squad in the Jeddara
      form only): a ply is one piece, one escort with one female, or one squad.  A squad member
      may be a female that some escort could also take; that is simply a different (or, with the
      same effect, the same) move.  No squads and no escort chains.
 [R5] Charm (§5.5) and Sanoma Tora's allegiance are judged in the position before the ply.  A
      charmed male can't move, lead, be a squad member or escort.  Females are immune, so an
      escort's female and female squad members are never charmed.
 [R6] Sola's side-kill applies to every Sola that moved in the ply (alone, as escort, as the
      escort's female, as a squad member, in a rank advance), after all the pieces of the ply
      have landed; it removes enemy pieces (by allegiance) that Sola may capture (so an enemy
      Sanoma Tora, and of the slaves only the Uthia).
Promotion (§5.3)
 [R7] A captured piece is recorded by owner and kind; the captured pool of a side holds the kinds
      it has lost (a captured Sanoma Tora goes to her owner's pool).  Not promoting is always one
      move; promoting is one move per distinct kind of the pool allowed by her class, provided a
      home-return square exists.  "any" and "from Jeddak down" allow every kind (Jeddara too).
 [R8] "A piece brought back takes the home of the piece it replaces": the piece brought back
      replaces the promoting female on the back-rank square, so its home is her home square.
 [R9] Home return: her home square if empty; else the squares behind it on the same file, nearest
      first; else the squares of the home rank, distance 1, 2, ... from the home, at each distance
      her own left first (South's left is file a, North's is file l).  Nothing in front of the home
      rank, nothing else behind it.  Judged after every landing, capture and side-kill of the ply
      and after earlier promotions of the same ply.
 [R10] Several promoting females in one ply: the leader (the single mover, the escort, the squad
      leader) first, then the others by rank, equal ranks by file from the mover's left; each
      choice sees the board and pool the earlier choices left.  A rank advance has no leader.
 [R11] Promotion is offered to any promotion-class female of the moving side that moved in the
      ply and ends on the enemy back rank (also when she was already on it and moves along it).
      It is offered even when the same ply wins the game (the boards differ, so the choices are
      different moves).  A piece brought back does not itself trigger the crossing win.
The Jeddara's escape (§3)
 [R12] Her "normal moves" are her own single-piece normal moves (Path(2, any), blocked) in the
      current position; the escape goes to an empty square of her owner's half, within 10 king
      steps, not her origin, that none of them reaches.  The flag is per side.  "Friendly slave"
      = an Uthia or Male Slave owned by her side.  No threat condition.  The escape is not a
      normal move, so it is not a Charge sub-move.
Wins (§3) and the end of the game
 [R13] Wins are checked after every ply that moves pieces, for the side that played it (only it
      can gain one): (a) no Jeddara, Thuvia, Janai or Tara owned by the enemy is on the board;
      (b) a Jeddara, Thuvia or Janai of the mover that moved in this ply (alone or in a group)
      ends on the far rank; (c) no male owned by the enemy is on the board.  A finished game has
      no moves.  A --fen position that already meets (a) or (c) for a side is finished.
Options
 [R14] The Charge (--charge): a piece qualifies if it has a single-piece normal move after which,
      on the board that move leaves (capture at the destination only; no side-kill, no
      promotion), it has a single-piece normal move landing on an enemy piece; charm applies on
      both boards, so a charmed piece neither qualifies nor attacks; unarmed pieces and Sola
      never attack.  Sub-moves: single-piece normal moves and escorts (with promotion choices)
      of a piece that has not moved in this Charge, standing on a file not yet used.  Only the
      escort uses its file (like an airship's passengers, §5.8, the escorted female does not),
      but the female must not have moved in this Charge either, and afterwards she counts as
      moved.  A piece brought back by promotion and a female sent home count as moved.  No
      squads, no escape, no rank advance inside a Charge.  `end` is legal after at least one
      sub-move; after a sub-move that leaves no possible sub-move the Charge ends at once and the
      turn passes without an `end` ply.  Sanoma Tora's allegiance is fixed for the whole turn.
 [R15] Rapid Deployment (--rapid): any rank all of whose 12 squares hold pieces serving the
      player may advance (not inside a Charge); a piece moves iff the square ahead is empty in the
      position before the ply and it is not charmed; end-of-move effects (side-kill, promotion,
      crossing) apply to the pieces that moved.
 [R16] --fen: homes and pools are not in the board field.  Pools: for each side and kind, the
      number of that kind in the start army minus the number on the board (never below 0).
      Homes: a piece standing on a start square of its own kind and owner takes it; the others
      of a kind, in square order (a1, b1, ..., l12), take the remaining start squares of that
      kind and owner in square order; any piece left over takes the nearest start square of its
      kind (ties: lowest square).  Escape unused.
 [R17] Sanoma Tora's allegiance is computed from the board at the start of every turn (the
      first ply of a side's turn) and kept for all the plies of that turn; a --fen position
      starts a turn.

Values from the start position (this file, 2 CPU-seconds for depth 2 and about 15 minutes
for depth 3 in CPython 3.11):
    default   perft 1: 347   perft 2: 120409   perft 3: 39807043
    --rapid   perft 1: 348   perft 2: 121104
    --charge  perft 1: 347   perft 2: 120409   (no piece can qualify this early)
"""

import sys
import time

N = 12                      # files and ranks
SOUTH, NORTH = 0, 1
SIDE_NAME = ("South", "North")
FILES = "abcdefghijkl"

ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ANY = ORTH + DIAG

# ---------------------------------------------------------------------------
# Piece kinds: the number is the rank in the hierarchy (1 = highest), RULES.md §3.
# ---------------------------------------------------------------------------

(JEDDAK, JEDDARA, JED, THUVIA, JANAI, TARA, TAVIA, TARS, SOLA, JEDWAR, ODWAR, TEEDWAR,
 GORTHAN, PHAO, CALOT, DWAR, THOAT, PADWAR, THAN, THA, PANTHAN, PANTHA, SHARU, SANOMA,
 UTHIA, SLAVE) = range(1, 27)

PATH2 = ("path", 2, ANY, True, False)
ALL_KINDS = frozenset(range(1, 27))

# kind: (name, letter, male, armed, movement, abilities, promotion class or None)
# movement: ("path", n, dirs, exact, jump) | ("combo", orth, diag, jump) |
#           ("ride", dirs, max or None) | ("step", dirs with dr relative to forward)
KINDS = {
    JEDDAK:  ("Jeddak", "k", True, True, ("ride", ANY, None), {"leader", "immune"}, None),
    JEDDARA: ("Jeddara", "b", False, False, PATH2, {"royal", "crosser", "escape"}, None),
    JED:     ("Jed", "j", True, True, ("path", 3, ANY, True, False), {"leader"}, None),
    THUVIA:  ("Thuvia", "t", False, False, PATH2, {"royal", "crosser"}, None),
    JANAI:   ("Janai", "n", False, False, PATH2, {"royal", "crosser"}, None),
    TARA:    ("Tara", "c", False, True, PATH2, {"royal", "escort"}, ALL_KINDS),
    TAVIA:   ("Tavia", "i", False, True, PATH2, {"escort"}, ALL_KINDS),
    TARS:    ("Tars Tarkas", "e", True, True, ("combo", 1, 2, True),
              {"leader", "escort", "immune"}, None),
    SOLA:    ("Sola", "s", False, True, ("combo", 1, 2, False), {"escort", "sidekill"}, None),
    JEDWAR:  ("Jedwar", "o", True, True, ("ride", ORTH, None), {"leader"}, None),
    ODWAR:   ("Odwar", "f", True, True, ("path", 3, DIAG, True, True), {"leader", "escort"}, None),
    TEEDWAR: ("Teedwar", "q", True, True, ("ride", DIAG, None), {"leader"}, None),
    GORTHAN: ("Gorthan", "a", True, True, PATH2, {"assassin", "immune"}, None),
    PHAO:    ("Phao", "g", False, True, PATH2, {"escort"}, ALL_KINDS),
    CALOT:   ("Calot Dwar", "v", True, True, ("ride", ANY, 3), {"leader"}, None),
    DWAR:    ("Dwar", "d", True, True, ("path", 3, ORTH, True, False), {"leader"}, None),
    THOAT:   ("Thoat", "h", True, True, ("combo", 1, 1, True), {"leader", "escort"}, None),
    PADWAR:  ("Padwar", "l", True, True, ("path", 2, DIAG, True, False), {"leader"}, None),
    THAN:    ("Than", "w", True, True, ("path", 2, ORTH, True, False), {"leader"}, None),
    THA:     ("Tha", "x", False, True, ("path", 2, ORTH, False, False), {"leader"},
              frozenset(range(THAN, 27))),
    PANTHAN: ("Panthan", "m", True, True,
              ("step", tuple(d for d in ANY if d != (0, -1))), {"leader"}, None),
    PANTHA:  ("Pantha", "p", False, True,
              ("step", tuple(d for d in ANY if d not in ((1, -1), (-1, -1)))), {"leader"},
              frozenset([PANTHAN])),
    SHARU:   ("Sharu", "r", False, False, PATH2, {"charm"}, frozenset(range(JED, 27))),
    SANOMA:  ("Sanoma Tora", "u", False, False, PATH2, {"charm", "allegiance"}, None),
    UTHIA:   ("Uthia", "y", False, False, ("step", DIAG), {"slave"}, frozenset([PANTHAN])),
    SLAVE:   ("Male Slave", "z", True, False, ("step", ORTH), {"slave"}, None),
}

# Flat lookup tables indexed by kind number (index 0 unused).
MALE = [False] * 27
ARMED = [False] * 27
LEADER = [False] * 27
ESCORT = [False] * 27
IMMUNE = [False] * 27     # charm-immune males (every female is immune anyway)
CHARMER = [False] * 27
ROYAL = [False] * 27
CROSSER = [False] * 27
SLAVE_KIND = [False] * 27
PROMO = [None] * 27
LETTER = [""] * 27
for _k, (_name, _letter, _male, _armed, _mv, _ab, _promo) in KINDS.items():
    MALE[_k], ARMED[_k], LETTER[_k], PROMO[_k] = _male, _armed, _letter, _promo
    LEADER[_k] = "leader" in _ab
    ESCORT[_k] = "escort" in _ab
    IMMUNE[_k] = "immune" in _ab or not _male
    CHARMER[_k] = "charm" in _ab and not _armed      # "an unarmed charming female"
    ROYAL[_k] = "royal" in _ab
    CROSSER[_k] = "crosser" in _ab
    SLAVE_KIND[_k] = "slave" in _ab
KIND_OF_LETTER = {LETTER[k]: k for k in KINDS}

# Start position, South's ranks 1-3 from file a to file l (RULES.md §3).
SETUP = (
    (CALOT, ODWAR, TEEDWAR, SHARU, THUVIA, JEDDAK, JEDDARA, JANAI, SANOMA, JEDWAR, ODWAR, JED),
    (PADWAR, DWAR, SLAVE, SOLA, GORTHAN, TARA, TAVIA, PHAO, TARS, UTHIA, DWAR, PADWAR),
    (THOAT, PANTHAN, PANTHA, PANTHAN, THA, THAN, THAN, THA, PANTHAN, PANTHA, PANTHAN, THOAT),
)


def can_capture(att, tgt):
    """Capture limits (§5.4), by kind only; the caller checks that the target is an enemy.
    A piece that may not capture a piece may not land on it either."""
    if not ARMED[att]:
        return False
    if SLAVE_KIND[tgt] and MALE[att] != MALE[tgt]:
        return False            # a slave falls only to an armed piece of its own gender
    if att == GORTHAN and (not ARMED[tgt] or not MALE[tgt]):
        return False            # the assassin never takes unarmed pieces or females
    if tgt == SANOMA and MALE[att]:
        return False            # males can't capture Sanoma Tora
    return True


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
    return FILES[f] + str(r + 1)


def forward(side):
    return 1 if side == SOUTH else -1


def far_rank(side):
    return N - 1 if side == SOUTH else 0


# ---------------------------------------------------------------------------
# Movement primitives (§1.1) as board geometry, cached per (kind, owner, origin).
#
# ("ride", rays): each ray is the list of squares in one direction, nearest first.
# ("walk", jump, {dest: [intermediates, ...]}): the squares a walk passes THROUGH (origin and
#   destination excluded), one minimal set per distinct way; a step is a walk with none.
# ---------------------------------------------------------------------------


def _walks(origin, n, exact, step_options):
    """All walks from origin that never visit a square twice (the origin counts as visited).
    step_options(state) -> [(dir, next_state)]; a walk ends when state is final.
    Returns [(dest, intermediates)]."""
    out = []

    def extend(cur, visited, trail, state):
        steps = len(trail)
        if steps >= 1 and (steps == n or not exact):
            out.append((trail[-1], tuple(trail[:-1])))
        if steps == n:
            return
        f, r = fr(cur)
        for (df, dr), nstate in step_options(state):
            nf, nr = f + df, r + dr
            if not on_board(nf, nr):
                continue
            nxt = sq(nf, nr)
            if nxt in visited:
                continue
            visited.add(nxt)
            trail.append(nxt)
            extend(nxt, visited, trail, nstate)
            trail.pop()
            visited.remove(nxt)

    extend(origin, {origin}, [], None)
    return out


def path_walks(origin, n, dirs, exact):
    """Path(n, dirs, exact, wild)."""
    return _walks(origin, n, exact, lambda state: [(d, None) for d in dirs])


def combo_walks(origin, n_orth, n_diag):
    """Combo(orth, diag, any order): exactly n_orth orthogonal and n_diag diagonal steps."""
    def options(state):
        lo, ld = state if state is not None else (n_orth, n_diag)
        opts = []
        if lo:
            opts += [(d, (lo - 1, ld)) for d in ORTH]
        if ld:
            opts += [(d, (lo, ld - 1)) for d in DIAG]
        return opts
    return _walks(origin, n_orth + n_diag, True, options)


_GEOM = {}


def geometry(kind, owner, origin):
    key = (kind, owner, origin)
    g = _GEOM.get(key)
    if g is not None:
        return g
    mv = KINDS[kind][4]
    f, r = fr(origin)
    if mv[0] == "ride":
        _, dirs, limit = mv
        rays = []
        for df, dr in dirs:
            ray = []
            nf, nr = f + df, r + dr
            while on_board(nf, nr) and (limit is None or len(ray) < limit):
                ray.append(sq(nf, nr))
                nf, nr = nf + df, nr + dr
            if ray:
                rays.append(ray)
        g = ("ride", rays)
    else:
        if mv[0] == "path":
            _, n, dirs, exact, jump = mv
            walks = path_walks(origin, n, dirs, exact)
        elif mv[0] == "combo":
            _, n_orth, n_diag, jump = mv
            walks = combo_walks(origin, n_orth, n_diag)
        else:  # step
            fwd = forward(owner)
            walks = [(sq(f + df, r + dr * fwd), ()) for df, dr in mv[1]
                     if on_board(f + df, r + dr * fwd)]
            jump = True
        by_dest = {}
        for dest, inter in walks:
            by_dest.setdefault(dest, set()).add(frozenset(inter))
        table = {}
        for dest, sets in by_dest.items():
            # keep minimal sets only: a walk through a superset is never needed
            minimal = [s for s in sets if not any(o < s for o in sets)]
            table[dest] = [] if jump else sorted(tuple(sorted(s)) for s in minimal)
        g = ("walk", jump, table)
    _GEOM[key] = g
    return g


# ---------------------------------------------------------------------------
# Position
# ---------------------------------------------------------------------------


class Charge:
    """State of a Charge in progress: squares of the pieces that have moved in it (they stay
    where they landed: only the charging side moves, and it never removes its own pieces),
    files used, number of sub-moves played."""
    __slots__ = ("moved", "files", "count")

    def __init__(self, moved=frozenset(), files=frozenset(), count=0):
        self.moved, self.files, self.count = moved, files, count


class Position:
    __slots__ = ("board", "to_move", "serve", "pools", "escape_used", "charge", "result")

    def __init__(self):
        self.board = [None] * (N * N)   # None or (owner, kind, home square)
        self.to_move = SOUTH
        self.serve = None               # side both Sanoma Toras serve this turn; None: owners
        self.pools = ([0] * 27, [0] * 27)   # captured pieces by owner and kind
        self.escape_used = (False, False)
        self.charge = None              # Charge in progress, or None
        self.result = None              # None or a string: the game is over


def compute_serve(board):
    """§5.6: each Sanoma Tora serves the side with more pieces on the board (counted by owner);
    a tie leaves each with her owner."""
    counts = [0, 0]
    for p in board:
        if p is not None:
            counts[p[0]] += 1
    if counts[0] == counts[1]:
        return None
    return SOUTH if counts[0] > counts[1] else NORTH


def side_of(serve, p):
    """The side a piece acts for this turn."""
    if p[1] == SANOMA and serve is not None:
        return serve
    return p[0]


def start_position():
    pos = Position()
    for r, row in enumerate(SETUP):
        for f, kind in enumerate(row):
            s = sq(f, r)
            pos.board[s] = (SOUTH, kind, s)
            t = sq(N - 1 - f, N - 1 - r)       # half a turn about the centre
            pos.board[t] = (NORTH, kind, t)
    pos.serve = compute_serve(pos.board)
    return pos


def board_field(board):
    ranks = []
    for r in range(N - 1, -1, -1):
        out, run = [], 0
        for f in range(N):
            p = board[sq(f, r)]
            if p is None:
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            letter = LETTER[p[1]]
            out.append(letter.upper() if p[0] == SOUTH else letter)
        if run:
            out.append(str(run))
        ranks.append("".join(out))
    return "/".join(ranks)


def game_over_now(board):
    """Wins (a) and (c) of §3 as a property of a board: the side (if any) whose enemy has no
    royal female or no male left."""
    for side in (SOUTH, NORTH):
        enemy = 1 - side
        royal = any(p is not None and p[0] == enemy and ROYAL[p[1]] for p in board)
        male = any(p is not None and p[0] == enemy and MALE[p[1]] for p in board)
        if not royal or not male:
            return side
    return None


def position_from_fen(text):
    parts = text.split()
    rows = parts[0].split("/")
    if len(rows) != N:
        raise SystemExit("--fen: need %d ranks" % N)
    placed = []   # (square, owner, kind)
    for i, row in enumerate(rows):
        r = N - 1 - i
        f, j = 0, 0
        while j < len(row):
            c = row[j]
            if c.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                f += int(row[j:k])
                j = k
                continue
            if c.lower() not in KIND_OF_LETTER:
                raise SystemExit("--fen: unknown piece letter %r" % c)
            placed.append((sq(f, r), SOUTH if c.isupper() else NORTH, KIND_OF_LETTER[c.lower()]))
            f += 1
            j += 1
        if f != N:
            raise SystemExit("--fen: rank %d has %d files" % (r + 1, f))
    start = start_position().board
    homes_of = {}     # (owner, kind) -> start squares in square order
    for s, p in enumerate(start):
        if p is not None:
            homes_of.setdefault((p[0], p[1]), []).append(s)
    pos = Position()
    # [R16] homes: own start square first, then the remaining ones in order, then the nearest.
    free = {key: list(v) for key, v in homes_of.items()}
    rest = []
    for s, owner, kind in placed:
        if s in free.get((owner, kind), []):
            free[(owner, kind)].remove(s)
            pos.board[s] = (owner, kind, s)
        else:
            rest.append((s, owner, kind))
    for s, owner, kind in rest:
        if free[(owner, kind)]:
            home = free[(owner, kind)].pop(0)
        else:
            f, r = fr(s)
            home = min(homes_of[(owner, kind)],
                       key=lambda h: (max(abs(fr(h)[0] - f), abs(fr(h)[1] - r)), h))
        pos.board[s] = (owner, kind, home)
    for owner in (SOUTH, NORTH):
        for kind in range(1, 27):
            lost = len(homes_of[(owner, kind)]) - sum(
                1 for p in pos.board if p is not None and p[0] == owner and p[1] == kind)
            pos.pools[owner][kind] = max(0, lost)
    if len(parts) > 1 and parts[1].upper() in ("N", "NORTH"):
        pos.to_move = NORTH
    pos.serve = compute_serve(pos.board)
    if game_over_now(pos.board) is not None:
        pos.result = SIDE_NAME[game_over_now(pos.board)] + " wins"
    return pos


# ---------------------------------------------------------------------------
# Single-piece moves
# ---------------------------------------------------------------------------

NO_LIFT = frozenset()


def lands_on(serve, side, kind, q):
    """May a piece of `kind` acting for `side` land on the occupied square holding q?"""
    return side_of(serve, q) != side and kind != SOLA and can_capture(kind, q[1])


def charmed(board, serve, s):
    """§5.5: a male (not immune) next to an unarmed charming female of the other side."""
    p = board[s]
    if IMMUNE[p[1]]:
        return False
    side = side_of(serve, p)
    f, r = fr(s)
    for df, dr in ANY:
        nf, nr = f + df, r + dr
        if on_board(nf, nr):
            q = board[sq(nf, nr)]
            if q is not None and CHARMER[q[1]] and side_of(serve, q) != side:
                return True
    return False


def dests(board, serve, s, lifted=NO_LIFT):
    """Landing squares of the normal moves of the piece on s (charm not checked here), with the
    squares in `lifted` treated as empty (§5.0: a group is lifted before its mover walks)."""
    p = board[s]
    side = side_of(serve, p)
    kind = p[1]
    g = geometry(kind, p[0], s)
    out = []
    if g[0] == "ride":
        for ray in g[1]:
            for t in ray:
                q = board[t]
                if q is None or t in lifted:
                    out.append(t)
                    continue
                if lands_on(serve, side, kind, q):
                    out.append(t)
                break
        return out
    _, jump, table = g
    for t, inters in table.items():
        q = board[t]
        if q is not None and t not in lifted and not lands_on(serve, side, kind, q):
            continue
        if jump or any(all(board[x] is None or x in lifted for x in inter) for inter in inters):
            out.append(t)
    return out


def follower_lands(board, serve, side, p, f, r, lifted):
    """§5.0: a follower translated to (f, r): on the board, empty after the lift-off or an enemy
    it may capture.  Returns the square or None."""
    if not on_board(f, r):
        return None
    t = sq(f, r)
    q = board[t]
    if q is None or t in lifted or lands_on(serve, side, p[1], q):
        return t
    return None


def qualifies(board, serve, s):
    """§5.12 [R14]: the piece on s has a single-piece normal move after which it attacks an
    enemy piece."""
    p = board[s]
    if not ARMED[p[1]] or p[1] == SOLA or charmed(board, serve, s):
        return False
    for t in dests(board, serve, s):
        after = board[:]
        after[s] = None
        after[t] = p
        if charmed(after, serve, t):
            continue
        for u in dests(after, serve, t):
            if after[u] is not None:        # an occupied landing square is a capturable enemy
                return True
    return False


# ---------------------------------------------------------------------------
# Ply generation
#
# candidates() yields (tag, placements): tag is MOVE, ESCAPE, RAPID (a rank advance: no
# leader), DECLARE or END; placements is the list of (from, to) of the pieces that move, the
# mover (leader, escort) first.  effects() turns one candidate into its effects (one per
# promotion choice); legal_plies() keeps one ply per distinct effect.
# ---------------------------------------------------------------------------

MOVE, ESCAPE, RAPID, DECLARE, END = "move", "escape", "rapid", "declare", "end"


def squad_member_sets(board, serve, side, s):
    """§5.2 Sarang: the distinct non-empty sets of friendly, uncharmed pieces of strictly lower
    rank that share a 2 x 2 block with the leader on s."""
    lead_kind = board[s][1]
    f, r = fr(s)
    sets = set()
    for bf in (f - 1, f):
        for br in (r - 1, r):
            if not (on_board(bf, br) and on_board(bf + 1, br + 1)):
                continue
            pool = []
            for x in (sq(bf, br), sq(bf + 1, br), sq(bf, br + 1), sq(bf + 1, br + 1)):
                q = board[x]
                if (x != s and q is not None and side_of(serve, q) == side
                        and q[1] > lead_kind and not charmed(board, serve, x)):
                    pool.append(x)
            for mask in range(1, 1 << len(pool)):
                sets.add(tuple(x for i, x in enumerate(pool) if mask >> i & 1))
    return sorted(sets)


def piece_candidates(pos, s, in_charge):
    """Moves whose mover is the piece on s (single, escape, escort, squad)."""
    board, serve, side = pos.board, pos.serve, pos.to_move
    p = board[s]
    kind = p[1]
    f0, r0 = fr(s)
    singles = dests(board, serve, s)
    for t in singles:
        yield MOVE, [(s, t)]
    # The Jeddara's escape (§3, [R12]).
    if (kind == JEDDARA and not in_charge and not pos.escape_used[p[0]]
            and any(q is not None and q[0] == p[0] and SLAVE_KIND[q[1]] for q in board)):
        normal = set(singles)
        for t in range(N * N):
            f, r = fr(t)
            own_half = r < N // 2 if p[0] == SOUTH else r >= N // 2
            if (own_half and board[t] is None and t != s and t not in normal
                    and max(abs(f - f0), abs(r - r0)) <= 10):
                yield ESCAPE, [(s, t)]
    # Escort (§5.1): one orthogonally adjacent friendly female keeps her relative position.
    if ESCORT[kind]:
        for df, dr in ORTH:
            if not on_board(f0 + df, r0 + dr):
                continue
            e = sq(f0 + df, r0 + dr)
            q = board[e]
            if q is None or MALE[q[1]] or side_of(serve, q) != side:
                continue
            if in_charge and e in pos.charge.moved:
                continue
            lifted = frozenset((s, e))
            for t in dests(board, serve, s, lifted):
                tf, tr = fr(t)
                u = follower_lands(board, serve, side, q, tf + df, tr + dr, lifted)
                if u is not None:
                    yield MOVE, [(s, t), (e, u)]
    # Squad (§5.2), never inside a Charge.
    if LEADER[kind] and not in_charge:
        for members in squad_member_sets(board, serve, side, s):
            lifted = frozenset((s,) + members)
            for t in dests(board, serve, s, lifted):
                tf, tr = fr(t)
                df, dr = tf - f0, tr - r0
                moves = [(s, t)]
                for m in members:
                    mf, mr = fr(m)
                    u = follower_lands(board, serve, side, board[m], mf + df, mr + dr, lifted)
                    if u is None:
                        break
                    moves.append((m, u))
                else:
                    yield MOVE, moves


def candidates(pos, rapid=False, charge_option=False):
    if pos.result is not None:
        return
    board, serve, side = pos.board, pos.serve, pos.to_move
    charge = pos.charge
    in_charge = charge is not None
    for s in range(N * N):
        p = board[s]
        if p is None or side_of(serve, p) != side:
            continue
        if in_charge and (s in charge.moved or fr(s)[0] in charge.files):
            continue
        if charmed(board, serve, s):
            continue
        yield from piece_candidates(pos, s, in_charge)
    if in_charge:
        if charge.count >= 1:
            yield END, []
        return
    if rapid:
        # §5.13 [R15]: a rank filled with the player's pieces advances one square.
        fwd = forward(side)
        for r in range(N):
            row = [sq(f, r) for f in range(N)]
            if not all(board[x] is not None and side_of(serve, board[x]) == side for x in row):
                continue
            if not on_board(0, r + fwd):
                continue
            moves = [(x, x + fwd * N) for x in row
                     if board[x + fwd * N] is None and not charmed(board, serve, x)]
            if moves:
                yield RAPID, moves
    if charge_option:
        count = 0
        for s in range(N * N):
            p = board[s]
            if p is not None and side_of(serve, p) == side and qualifies(board, serve, s):
                count += 1
                if count >= 6:
                    yield DECLARE, []
                    break


def home_square(board, owner, home):
    """[R9] where a promoting female goes: home, else behind it on its file (nearest first),
    else along the home rank outward, nearer first, her own left before right."""
    if board[home] is None:
        return home
    f, r = fr(home)
    back = -forward(owner)
    rr = r + back
    while 0 <= rr < N:
        if board[sq(f, rr)] is None:
            return sq(f, rr)
        rr += back
    left = -1 if owner == SOUTH else 1
    for dist in range(1, N):
        for sign in (left, -left):
            ff = f + sign * dist
            if 0 <= ff < N and board[sq(ff, r)] is None:
                return sq(ff, r)
    return None


class Effect:
    """One legal ply: the board it leaves and what else it changes.  `key` identifies the
    effect; `placements` is the first candidate found with that effect (for debugging)."""
    __slots__ = ("tag", "board", "captured", "revived", "moved", "file", "result", "key",
                 "placements")


def effects(pos, tag, placements):
    """The effects of one candidate: one per promotion choice [R7-R11]."""
    side, serve = pos.to_move, pos.serve
    if tag in (DECLARE, END):
        e = Effect()
        e.tag, e.board, e.captured, e.revived = tag, pos.board, (), ()
        e.moved, e.file, e.result, e.key = frozenset(), None, None, (tag,)
        e.placements = ()
        yield e
        return
    board = pos.board[:]
    movers = [board[f] for f, _ in placements]
    touched = set()
    for f, _ in placements:                  # lift the whole group
        board[f] = None
        touched.add(f)
    captured = []
    for (f, t), p in zip(placements, movers):
        if board[t] is not None:            # validated: an enemy this piece may capture
            captured.append(board[t])
        board[t] = p
        touched.add(t)
    for (f, t), p in zip(placements, movers):   # Sola's side-kill (§5.7) [R6]
        if p[1] != SOLA:
            continue
        tf, tr = fr(t)
        for df in (-1, 1):
            if on_board(tf + df, tr):
                x = sq(tf + df, tr)
                q = board[x]
                if q is not None and side_of(serve, q) != side and can_capture(SOLA, q[1]):
                    captured.append(q)
                    board[x] = None
                    touched.add(x)
    # Promotion candidates in order [R10].
    left_first = (lambda t: fr(t)[0]) if side == SOUTH else (lambda t: -fr(t)[0])
    proms = [(t, p) for (f, t), p in zip(placements, movers)
             if PROMO[p[1]] is not None and fr(t)[1] == far_rank(p[0])]
    if tag != RAPID and proms and proms[0][0] == placements[0][1]:
        proms = proms[:1] + sorted(proms[1:], key=lambda tp: (tp[1][1], left_first(tp[0])))
    else:
        proms.sort(key=lambda tp: (tp[1][1], left_first(tp[0])))
    pool = list(pos.pools[side])
    for q in captured:
        if q[0] == side:                     # only a Sanoma Tora of ours serving the enemy
            pool[q[1]] += 1
    # Wins that do not depend on the promotion choices: (a) and (c), and (b) crossing.
    result = None
    crossed = any(CROSSER[p[1]] and p[0] == side and fr(t)[1] == far_rank(side)
                  for (f, t), p in zip(placements, movers))
    enemy = 1 - side
    royal = male = False
    for q in board:
        if q is not None and q[0] == enemy:
            royal = royal or ROYAL[q[1]]
            male = male or MALE[q[1]]
    if crossed or not royal or not male:
        result = SIDE_NAME[side] + " wins"
    moved_base = frozenset(t for _, t in placements)
    mover_file = fr(placements[0][0])[0]
    before = pos.board

    def choose(i, b, revived, moved, touched):
        if i == len(proms):
            e = Effect()
            e.tag, e.board, e.captured, e.revived = tag, b, tuple(captured), tuple(revived)
            e.moved, e.file, e.result = moved, mover_file, result
            e.placements = tuple(placements)
            diff = tuple((x, b[x]) for x in sorted(touched) if b[x] != before[x])
            if pos.charge is not None:
                e.key = (diff, tag == ESCAPE, moved, mover_file)
            else:
                e.key = (diff, tag == ESCAPE)
            yield e
            return
        t, fem = proms[i]
        yield from choose(i + 1, b, revived, moved, touched)        # no promotion
        home = home_square(b, fem[0], fem[2])
        if home is None:
            return
        for k in sorted(PROMO[fem[1]]):
            if pool[k] - revived.count(k) <= 0:
                continue
            nb = b[:]
            nb[t] = (fem[0], k, fem[2])        # [R8] it takes her home
            nb[home] = fem
            yield from choose(i + 1, nb, revived + [k], moved | {home}, touched | {home})

    yield from choose(0, board, [], moved_base, touched)


def legal_plies(pos, rapid=False, charge_option=False):
    """Every legal ply, one per distinct effect, in generation order."""
    seen = set()
    out = []
    for tag, placements in candidates(pos, rapid, charge_option):
        for e in effects(pos, tag, placements):
            if e.key not in seen:
                seen.add(e.key)
                out.append(e)
    return out


def any_submove(pos):
    """Is a Charge sub-move possible?  (Every candidate has at least its no-promotion effect.)"""
    return any(tag != END for tag, _ in candidates(pos))


def end_turn(new):
    new.charge = None
    new.to_move = 1 - new.to_move
    new.serve = compute_serve(new.board)


def make(pos, e):
    new = Position()
    new.board = e.board
    side = pos.to_move
    pools = (list(pos.pools[0]), list(pos.pools[1]))
    for q in e.captured:
        pools[q[0]][q[1]] += 1
    for k in e.revived:
        pools[side][k] -= 1
    new.pools = pools
    esc = list(pos.escape_used)
    if e.tag == ESCAPE:
        esc[side] = True
    new.escape_used = tuple(esc)
    new.result = e.result
    new.to_move, new.serve, new.charge = side, pos.serve, None
    if e.tag == DECLARE:
        new.charge = Charge()
    elif e.tag == END:
        end_turn(new)
    elif pos.charge is not None:
        c = pos.charge
        new.charge = Charge(c.moved | e.moved, c.files | {e.file}, c.count + 1)
        if new.result is None and not any_submove(new):
            end_turn(new)                   # the last possible sub-move ends the Charge
    else:
        end_turn(new)
    return new


def perft(pos, depth, rapid, charge_option):
    if depth == 0:
        return 1
    plies = legal_plies(pos, rapid, charge_option)
    if depth == 1:
        return len(plies)
    return sum(perft(make(pos, e), depth - 1, rapid, charge_option) for e in plies)


def divide_key(e):
    suffix = {DECLARE: " +charge", END: " +end", ESCAPE: " +escape"}.get(e.tag, "")
    return board_field(e.board) + suffix


def main(argv):
    depth = None
    rapid = charge_option = divide = False
    fen = None
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--fen":
            fen = argv[i + 1]
            i += 2
            continue
        if a == "--charge":
            charge_option = True
        elif a == "--rapid":
            rapid = True
        elif a == "--divide":
            divide = True
        elif a.isdigit():
            depth = int(a)
        else:
            raise SystemExit(__doc__)
        i += 1
    if depth is None or depth < 1:
        raise SystemExit(__doc__)
    pos = position_from_fen(fen) if fen else start_position()
    t0 = time.time()
    for d in range(1, depth + 1):
        t = time.time()
        if divide and d == depth:
            lines = []
            total = 0
            for e in legal_plies(pos, rapid, charge_option):
                n = perft(make(pos, e), depth - 1, rapid, charge_option)
                total += n
                lines.append("%s %d" % (divide_key(e), n))
            for line in sorted(lines):
                print(line)
            n = total
        else:
            n = perft(pos, d, rapid, charge_option)
        print("perft %d: %d" % (d, n), flush=True)
        print("  (depth %d took %.2fs)" % (d, time.time() - t), file=sys.stderr, flush=True)
    print("  (total %.2fs)" % (time.time() - t0), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

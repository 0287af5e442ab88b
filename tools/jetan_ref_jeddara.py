#!/usr/bin/env python3
"""Independent reference move generator and perft for Jetan Jeddara (16 files x 12 ranks).

Written only from /work/shared/RULES.md (sections 1, 1.1, 1.2, 4, 5 and 6, every rule at its
default reading: the Charge on, Rapid Deployment off) and the seed text, to cross-check the Rust
rules engine by perft.  Standard library only (CPython 3.11; runs under PyPy too).

Usage:
    python3 tools/jetan_ref_jeddara.py DEPTH [--position TEXT] [--divide] [--no-charge] [--rapid]
    python3 tools/jetan_ref_jeddara.py --selftest
    python3 tools/jetan_ref_jeddara.py --start        (print the start position text)

    DEPTH        print "perft D: COUNT" for D = 1..DEPTH.  Counts are plies: declaring a Charge,
                 each Charge sub-move, a Charge's `end`, and the Wild Banth step (or its pass)
                 are each one ply.  A finished game has no moves.
    --divide     first print, for each legal ply from the root, "<position text after the
                 ply>\\t<perft at DEPTH-1 from there>", sorted by the text; then the perft lines.
    --position   start from this position text instead of the start position.
    --no-charge  the Charge option off (on by default).   --rapid  Rapid Deployment on.
    --selftest   hand-computed checks on near-empty boards.
    Timings go to stderr.

Position text (the engine's format):
    <ranks> <side> <escapes> <count> <ply> [result] [banth] [trains:..] [charge:..] [homes:..]
    [turned:..]
ranks 12 down to 1, files a..p; Game Courier labels (upper case = South's, lower = North's,
labels of two letters in brackets, e.g. [BC], [cc]; the Wild Banth is [bb]); digits count empty
squares.  side s/n; escapes S, N, SN or -; count always -; ply an integer (start = 0, +1 per ply).
Written extra fields: result S#win / N#win / =#stuck; "banth" (at the banth step of the side to
move); trains:h=c1,c2;h2=..; charge:FILES:MOVED:N; homes:sq=home,..; turned:sq,.. or turned:-.

What one move is
----------------
A ply is its effect (§1.1): the squares whose contents change (a piece = kind, owner, the
allegiance flag of a Sanoma Tora, and the home square of a promotion-class piece), the trains
afterwards, the escape flag, and inside a Charge the moved set / files / count afterwards.  Every
candidate (single move, escort, squad, airship load, Zitidar train walk, Thuvia's direction,
Sorak strike, escape, rank advance, and each promotion choice) is turned into that effect; a
position's plies are the distinct effects.  This is exactly "the position text after the ply is
different" (the ply number aside).

Readings chosen where RULES.md is silent or ambiguous (each marked [R..])
-----------------------------------------------------------------------
Pieces and movement
 [R1] Steps are relative to the owner's forward: Panthan = the 8 king steps but straight back;
      Pantha = the 8 but the two back diagonals.  "Path(n)" without "1..n" is exact.  Tha and
      Pantha are not leaders (the §4 table gives them no `leader`).
 [R2] Capture limits (§5.4): unarmed pieces (Jeddara, Thuvia, Sharu, Olvia, Sanoma Tora) never
      capture or land on a piece; Sola lands only on empty squares; males (Jeddak, Jed, Tars
      Tarkas, the airships, Zitidar, Flier, Dwar, Thoat, Padwar, Than, Panthan) can't capture a
      Sanoma Tora; otherwise any armed piece captures any enemy, Wild Banths included.  A Wild
      Banth has no sex (not male): a banth may take a Sanoma Tora.  Sola's side-kill and the Sorak
      strike (both by females) may remove any enemy.
 [R3] "Friendly" / "enemy" / "own" always mean the side a piece serves this turn (only a Sanoma
      Tora can serve the side that doesn't own her).  Wild Banths are enemies of both sides.
 [R4] Charm (§5.5) is judged in the position before the ply, for every piece that would move.
      The charmed pieces are the non-immune males (Jed, Flier, Scoutship, Dwar, Thoat, Padwar,
      Than, Panthan) next to a Sharu, Olvia or Sanoma Tora serving the other side.  A charmed
      piece has no normal move, so it neither attacks (escape condition, Charge) nor qualifies.
Zitidar (§5.10)
 [R5] The plough is part of the Zitidar's single-piece normal move: a straight walk (every
      step in one direction) of 1..4 squares whose passed squares hold nothing or enemies the
      Zitidar may capture (all captured); any other walk is blocked as usual.  Different capture
      sets are different moves.  It applies wherever the Zitidar makes a normal move (alone, with
      its train, as a squad leader) and counts for "attack" only when the walk ends on the piece.
 [R6] On its own move a Zitidar always pulls its train (it can't leave the cars standing).  The
      cars kept are the recorded cars up to (not including) the first that is charmed, not
      serving the Zitidar's side, or (in a Charge) already moved; that car and those behind it
      leave the train.  It may then attach 0..4 new cars (total <= 8) continuing the chain from
      the tail (each on one of the 8 squares around the previous car, or around the Zitidar when
      there is no car): friendly, uncharmed, not a Zitidar or Jeddara, not a car of any train,
      and in a Charge not already moved.  A walk by a Zitidar with no car at all is the plain
      single move (no train recorded).
 [R7] The Zitidar's walk may not pass through or end on the squares of its (kept and new) cars;
      other squares as in [R5] (the cars are lifted, the rest of the board stays).  Each distinct
      walk is tried; car i lands on trail[i]; walks that leave the same effect are one move.
 [R8] A train is cut at a car that moves in any other way, is captured, or promotes (the
      promoting car and the cars behind it leave the train); a Zitidar that moves in any other
      way (squad member or leader, airship passenger, rank advance) or is captured dissolves its
      train.  A train left with no car is not recorded.
Groups (§5.0-5.2, 5.8)
 [R9] Escort: the female (any female serving the side: Jeddara, Thuvia, Sola, Sanoma Tora
      included) is orthogonally next to the escort (Tars Tarkas, Sola, Thoat); she takes no walk
      of her own and lands by §5.0.  An escort that is a female (Sola) may escort another female.
 [R10] Squad (Jeddara form): the leader (a `leader` kind) takes 1..4 members, friendly and
      uncharmed, of kind rank >= the leader's (equal or lower in the hierarchy, any sex, armed or
      not), from the 8 squares around it.  Inside the squad every participant (leader or member)
      that has `escort` may also bring one orthogonally adjacent friendly female that is not
      already in the group (she need not be next to the leader nor of lower rank, and she does
      not count against the 4); an escorted female escorts no one.  All of them move by the
      leader's displacement.  No squads inside a Charge.
 [R11] Airship load: 1..capacity friendly, uncharmed pieces of any kind (a Zitidar, another
      airship, the Jeddara included) from the 8 squares around the ship; no escorts ride along.
 [R12] §5.0 taken literally: followers' landing squares are judged on the board after the
      lift-off and before the mover's own captures; so a follower may land on a square the
      Zitidar leader ploughed only if that follower could capture the ploughed piece.
 [R13] End-of-move effects (side-kill, promotion, crossing win) apply to every piece of the
      moving side that changed square in the ply, in whatever role.
Sola (§5.7)
 [R14] Side-kill after all landings of the ply: for each Sola that moved, the enemy pieces
      (Wild Banths included) on the squares directly left and right of her are removed.
Promotion (§5.3)
 [R15] Class sets: Tara, Haja, Llana, Olvia = every kind; Kara Vasa, Sharu = Jed and below;
      Tha = Than and below; Pantha = Panthan.  Sanoma Tora does not promote.  A side's captured
      pieces are the setup's pieces of that owner missing from the board after the ply (a
      captured Sanoma Tora counts for her owner), so a piece captured in this very ply may come
      back.  Not promoting is always one choice; promoting is one choice per kind available.
 [R16] The piece brought back takes the home of the female it replaces on the back-rank square
      (her home).  She goes to her home square, else the nearest empty square behind it on its
      file, else along the home rank outward, nearer first, her own left first (South's left =
      file a, North's = file p); with no room she can't promote.  Judged after every landing,
      capture and side-kill of the ply and after earlier promotions in it.
 [R17] Several promoting females in one ply: the mover (single piece, escort, leader, ship,
      Zitidar's car... i.e. the piece that made the walk) first if she promotes, then the others
      by kind rank, ties by file from the mover's side's left.  Promotion is offered even when
      the same ply wins the game.
Wild Banths (§5.9)
 [R18] For the banth step, "a piece" on a neighbouring square is any piece, a Wild Banth
      included, and the stepping banth captures whatever stands on its new square (another banth
      too).  The step may go to any of the 8 neighbouring squares (empty or not).  Pass is one
      more ply.  The step follows every ply that ends a move or a whole Charge (escape, Sorak
      strike, Thuvia's direction and rank advance included), unless the game is over.
 [R19] Thuvia's direction: the banths within 2 king steps of her when she starts; each directed
      banth (distinct, in the chosen order) makes a Path(3, any, 1..3) walk, blocked by every
      piece on the squares it passes, that must end on a piece owned by South or North (not on a
      Wild Banth).  One or more banths; orders with the same final effect are one move.  If a
      banth takes a Jeddara the game ends at once: no further banth is directed.
 [R20] A capture by a banth counts as the player's; a ply that removes the enemy Jeddara wins,
      one that removes the player's own Jeddara loses.
Jeddara (§4)
 [R21] Attacked: some enemy piece (by allegiance), not charmed, has a single-piece normal move
      (plough included, [R5]) landing on her square.  The escape: a leap to an empty square of her
      owner's half (ranks 1-6 for South, 7-12 for North), within 10 king steps, not her own
      square, that none of her single-piece normal moves (Path(2, any), blocked, empty squares
      only) reaches.  Not inside a Charge.  The flag is per side.
 [R22] Wins, checked after every ply for the side that played it: the enemy Jeddara was removed
      (by any means), or the player's Jeddara moved (in any role) onto the enemy back rank; the
      player loses if it removed its own Jeddara (banth).  A win ends the game at once (also
      mid-Charge, and no banth step follows); the finished position keeps the mover as the side
      to move and drops the charge/banth phase.
 [R23] Sorak strike: Kara Vasa kills 1 or 2 enemy pieces (Wild Banths included) within 2 king
      steps; capture limits allow her every enemy.  Not a Charge sub-move (not in §5.12's list).
The Charge (§5.12)
 [R24] A piece qualifies if it is not charmed and has a single-piece normal move (plough
      included) after which, on the board that move leaves (its own captures done; no side-kill,
      no promotion), it is not charmed and has a single-piece normal move that ends on an enemy
      piece or Wild Banth.  Unarmed pieces and Sola never attack.  Declaring needs 6, at the start
      of a turn only; declaring is a ply that changes nothing but the phase.
 [R25] Sub-moves: single moves, escorts, airship loads, Zitidar moves (with their trains) and
      Thuvia's direction, with promotion choices; no squads, no escape, no Sorak strike, no rank
      advance.  The mover must stand on an unused file and not have moved in this Charge; its
      file becomes used.  Followers (escorted female, passengers, cars) must not have moved in
      this Charge either; they do not use their files but count as moved.  A piece brought back
      by promotion and the female sent home count as moved.  MOVED lists the current squares of
      the charging side's pieces that changed square in this Charge, and a Thuvia who directed
      banths (her direction is her sub-move: her file is used and she has moved; settled with
      the engine, which reads "a piece that hasn't moved in this Charge" so, against this
      reference's first reading); pieces of it that are captured leave the list.
 [R26] `end` is a ply when at least one sub-move was played.  After a sub-move that leaves no
      possible sub-move the Charge ends by itself (no `end` ply); then the banth step or the turn
      passes.
Other
 [R27] Sanoma Tora's allegiance is recomputed when a turn starts (after the previous turn's last
      ply) and kept for all the plies of the turn.  A piece brought back mid-turn serves its owner.
 [R28] Rapid Deployment (--rapid): a rank whose 16 squares all hold pieces serving the player
      advances toward the player's forward; a piece moves iff the square ahead is empty before
      the ply and it is not charmed; at least one moves; not inside a Charge.
 [R29] No legal ply at the start of a turn: draw (=#stuck written in --divide output).
 [R30] Text formatting where the brief is silent: homes / turned / MOVED squares and trains are
      sorted by the square name as a string; charge FILES letters sorted a..p; homes: and
      trains: omitted when empty, turned: always written.

Values from the start position (this file, CPython 3.11.7, one core):
    default      perft 1: 3280   perft 2: 4730946   (perft 2 in 45-56 s)
    --no-charge  perft 1: 3280   perft 2: 4730345   (North may declare after 601 of South's
                                                     3280 first plies; South can't at once:
                                                     only 5 pieces qualify)
--selftest checks the start text round trip and 19 small hand-counted positions (one or two
mechanics each: rides and escape, Zitidar train / attach / plough, Sorak strike, banth step,
adjacent banths, promotion, airship, Thuvia's direction, escort, squad, charm, side-kill,
crossing win, a banth taking its player's own Jeddara, the Charge on and off).
"""

import sys
import time
from itertools import combinations

# ---------------------------------------------------------------------------
# Board geometry
# ---------------------------------------------------------------------------

W, H = 16, 12
NSQ = W * H
FILES = "abcdefghijklmnop"
FILE = [s % W for s in range(NSQ)]
RANK = [s // W for s in range(NSQ)]
NAME = [FILES[s % W] + str(s // W + 1) for s in range(NSQ)]
SQ_OF = {n: i for i, n in enumerate(NAME)}

DIRS8 = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
ORTH = DIRS8[:4]
DIAG = DIRS8[4:]


def onb(f, r):
    return 0 <= f < W and 0 <= r < H


NEI8 = []
NEI4 = []
NEIDIR = []          # (direction index, square)
for _s in range(NSQ):
    _f, _r = FILE[_s], RANK[_s]
    NEI8.append([(_r + dr) * W + _f + df for df, dr in DIRS8 if onb(_f + df, _r + dr)])
    NEI4.append([(_r + dr) * W + _f + df for df, dr in ORTH if onb(_f + df, _r + dr)])
    NEIDIR.append([(i, (_r + dr) * W + _f + df) for i, (df, dr) in enumerate(DIRS8)
                   if onb(_f + df, _r + dr)])


def cheb(a, b):
    return max(abs(FILE[a] - FILE[b]), abs(RANK[a] - RANK[b]))


AREA2 = [[t for t in range(NSQ) if t != s and cheb(s, t) <= 2] for s in range(NSQ)]
SOUTH, NORTH, NOBODY = 0, 1, 2
FAR = (H - 1, 0)            # the enemy back rank of each side
FWD = (1, -1)

# ---------------------------------------------------------------------------
# Piece kinds (RULES.md §4; the number is the rank, 1 = highest)
# ---------------------------------------------------------------------------

(JEDDAK, JEDDARA, JED, THUVIA, TARA, TARS, SOLA, BATTLESHIP, CRUISER, HAJA, LLANA, KARAVASA,
 ZITIDAR, FLIER, SCOUT, SHARU, OLVIA, SANOMA, DWAR, THOAT, PADWAR, THAN, THA, PANTHAN, PANTHA,
 BANTH) = range(1, 27)
NK = 27

ANY = DIRS8
P2 = ("path", 2, ANY, True, False)
ALLK = frozenset(range(1, 26))
FROM_JED = frozenset(range(JED, 26))
FROM_THAN = frozenset(range(THAN, 26))

# kind: (label, male, armed, movement, abilities, promotion class)
KINDS = {
    JEDDAK: ("k", True, True, ("ride", ANY), {"leader", "immune"}, None),
    JEDDARA: ("b", False, False, P2, set(), None),
    JED: ("j", True, True, ("path", 3, ANY, True, False), {"leader"}, None),
    THUVIA: ("t", False, False, P2, set(), None),
    TARA: ("c", False, True, P2, set(), ALLK),
    TARS: ("e", True, True, ("combo", 1, 2, True), {"leader", "escort", "immune"}, None),
    SOLA: ("s", False, True, ("combo", 1, 2, False), {"escort"}, None),
    BATTLESHIP: ("bc", True, True, ("area", 6), {"leader", "immune"}, None),
    CRUISER: ("cc", True, True, ("area", 4), {"leader", "immune"}, None),
    HAJA: ("hc", False, True, P2, set(), ALLK),
    LLANA: ("lc", False, True, P2, set(), ALLK),
    KARAVASA: ("sc", False, True, P2, set(), FROM_JED),
    ZITIDAR: ("zc", True, True, ("path", 4, ANY, False, False), {"leader", "immune"}, None),
    FLIER: ("f", True, True, ("path", 3, DIAG, True, True), {"leader"}, None),
    SCOUT: ("sd", True, True, ("area", 5), {"leader"}, None),
    SHARU: ("r", False, False, P2, {"charm"}, FROM_JED),
    OLVIA: ("ob", False, False, P2, {"charm"}, ALLK),
    SANOMA: ("u", False, False, P2, {"charm"}, None),
    DWAR: ("d", True, True, ("path", 3, ORTH, True, False), {"leader"}, None),
    THOAT: ("h", True, True, ("combo", 1, 1, True), {"leader", "escort"}, None),
    PADWAR: ("l", True, True, ("path", 2, DIAG, True, False), {"leader"}, None),
    THAN: ("w", True, True, ("path", 2, ORTH, True, False), {"leader"}, None),
    THA: ("x", False, True, ("path", 2, ORTH, False, False), set(), FROM_THAN),
    PANTHAN: ("m", True, True, ("step", tuple(d for d in ANY if d != (0, -1))), {"leader"},
              None),
    PANTHA: ("p", False, True, ("step", tuple(d for d in ANY if d not in ((1, -1), (-1, -1)))),
             set(), frozenset([PANTHAN])),
    BANTH: ("bb", False, True, ("path", 3, ANY, False, False), set(), None),
}

LABEL = [""] * NK
MALE = [False] * NK
ARMED = [False] * NK
LEADER = [False] * NK
ESCORT = [False] * NK
IMMUNE = [True] * NK        # charm-immune: the kinds marked and every female (and beasts w/o sex)
CHARMER = [False] * NK
PROMO = [None] * NK
CAP = [0] * NK
for _k, (_lab, _male, _armed, _mv, _ab, _pr) in KINDS.items():
    LABEL[_k], MALE[_k], ARMED[_k], PROMO[_k] = _lab, _male, _armed, _pr
    LEADER[_k] = "leader" in _ab
    ESCORT[_k] = "escort" in _ab
    IMMUNE[_k] = (not _male) or "immune" in _ab
    CHARMER[_k] = "charm" in _ab
CAP[BATTLESHIP] = CAP[CRUISER] = 3
CAP[FLIER] = CAP[SCOUT] = 1
KIND_OF_LABEL = {LABEL[k]: k for k in KINDS}

# LAND[a][t]: may a piece of kind a land on (capture) an enemy piece of kind t?
LAND = [[False] * NK for _ in range(NK)]
for _a in range(1, NK):
    for _t in range(1, NK):
        LAND[_a][_t] = (ARMED[_a] and _a != SOLA and not (_t == SANOMA and MALE[_a]))
# (a Wild Banth "captures anything it lands on"; its moves are only the banth step and
#  Thuvia's direction)

# Setup (South, files a..p), North is the same turned half a turn about the centre.
SETUP = (
    (PADWAR, DWAR, FLIER, SCOUT, CRUISER, SHARU, THUVIA, JED, JEDDAK, JEDDARA, OLVIA, SANOMA,
     BATTLESHIP, FLIER, DWAR, PADWAR),
    (ZITIDAR, THAN, PADWAR, DWAR, THA, SOLA, TARA, HAJA, LLANA, KARAVASA, TARS, THA, DWAR,
     PADWAR, THAN, ZITIDAR),
    (THOAT,) + (PANTHAN, PANTHA) * 7 + (THOAT,),
)
BANTH_SQUARES = ("d6", "j6", "g7", "m7")
SETUP_COUNT = [0] * NK
for _row in SETUP:
    for _k in _row:
        SETUP_COUNT[_k] += 1

# ---------------------------------------------------------------------------
# Piece codes: kind | owner << 5 | turned << 7 | (home + 1) << 8 (home for promotion classes)
# ---------------------------------------------------------------------------

NCODE = 1 << 16
CK = [0] * NCODE
COWN = [3] * NCODE
CSIDE = [3] * NCODE
CHOME = [-1] * NCODE
TURNED_BIT = 1 << 7


def mk(kind, owner, home=-1, turned=0):
    c = kind | owner << 5 | turned << 7
    if PROMO[kind] is not None and home >= 0:
        c |= (home + 1) << 8
    return c


for _k in range(1, NK):
    for _o in ((0, 1) if _k != BANTH else (2,)):
        for _tu in (0, 1):
            for _h in ([-1] + list(range(NSQ)) if PROMO[_k] is not None else [-1]):
                _c = mk(_k, _o, _h, _tu)
                CK[_c], COWN[_c] = _k, _o
                CSIDE[_c] = _o ^ _tu if _o < 2 else 2
                CHOME[_c] = _h
BANTH_CODE = mk(BANTH, NOBODY)


def label_of(c):
    lab = LABEL[CK[c]]
    if COWN[c] == SOUTH:
        lab = lab.upper()
    return lab if len(lab) == 1 else "[" + lab + "]"


# ---------------------------------------------------------------------------
# Movement geometry, cached per (kind, owner, origin)
#   (0, rays, None, dmap)           ride
#   (1, dests, None, dmap)          leap (area, jumping path or combo, step)
#   (2, free, cons, dmap)           walk; free = dests with a walk passing no square;
#                                   cons = [(dest, [minimal tuples of passed squares])]
#   dmap: dest -> list of tuples of squares that must be empty (for "does it reach t")
# ---------------------------------------------------------------------------


def _walks(origin, n, exact, options, init):
    out = []

    def rec(cur, visited, trail, state):
        k = len(trail)
        if k >= 1 and (k == n or not exact):
            out.append((trail[-1], tuple(trail[:-1])))
        if k == n:
            return
        f, r = FILE[cur], RANK[cur]
        for df, dr, ns in options(state):
            nf, nr = f + df, r + dr
            if not onb(nf, nr):
                continue
            nx = nr * W + nf
            if nx in visited:
                continue
            visited.add(nx)
            trail.append(nx)
            rec(nx, visited, trail, ns)
            trail.pop()
            visited.discard(nx)

    rec(origin, {origin}, [], init)
    return out


_GEO = {}


def geo(kind, owner, s):
    key = (kind, owner if KINDS[kind][3][0] == "step" else 0, s)
    g = _GEO.get(key)
    if g is not None:
        return g
    mv = KINDS[kind][3]
    f, r = FILE[s], RANK[s]
    if mv[0] == "ride":
        rays = []
        dmap = {}
        for df, dr in mv[1]:
            ray = []
            nf, nr = f + df, r + dr
            while onb(nf, nr):
                t = nr * W + nf
                dmap[t] = [tuple(ray)]
                ray.append(t)
                nf, nr = nf + df, nr + dr
            if ray:
                rays.append(ray)
        g = (0, rays, None, dmap)
    elif mv[0] == "area":
        n = mv[1]
        ds = [t for t in range(NSQ) if t != s and cheb(s, t) <= n]
        g = (1, ds, None, {t: [()] for t in ds})
    elif mv[0] == "step":
        fw = FWD[owner]
        ds = [(r + dr * fw) * W + f + df for df, dr in mv[1] if onb(f + df, r + dr * fw)]
        g = (1, ds, None, {t: [()] for t in ds})
    else:
        if mv[0] == "path":
            _, n, dirs, exact, jump = mv
            walks = _walks(s, n, exact, lambda st: [(df, dr, None) for df, dr in dirs], None)
        else:
            _, no, nd, jump = mv

            def opts(st):
                lo, ld = st
                o = []
                if lo:
                    o += [(df, dr, (lo - 1, ld)) for df, dr in ORTH]
                if ld:
                    o += [(df, dr, (lo, ld - 1)) for df, dr in DIAG]
                return o
            walks = _walks(s, no + nd, True, opts, (no, nd))
        by = {}
        for t, inter in walks:
            by.setdefault(t, set()).add(frozenset(inter))
        if jump:
            ds = sorted(by)
            g = (1, ds, None, {t: [()] for t in ds})
        else:
            free, cons, dmap = [], [], {}
            for t in sorted(by):
                sets = by[t]
                if frozenset() in sets:
                    free.append(t)
                    dmap[t] = [()]
                    continue
                minimal = sorted(tuple(sorted(x)) for x in sets if not any(o < x for o in sets))
                cons.append((t, minimal))
                dmap[t] = minimal
            g = (2, free, cons, dmap)
    _GEO[key] = g
    return g


# Zitidar plough rays: per square, the squares 1..4 steps away in each direction.
ZRAYS = []
for _s in range(NSQ):
    _rays = []
    for _df, _dr in DIRS8:
        _ray = []
        for _i in range(1, 5):
            _nf, _nr = FILE[_s] + _df * _i, RANK[_s] + _dr * _i
            if not onb(_nf, _nr):
                break
            _ray.append(_nr * W + _nf)
        if _ray:
            _rays.append(_ray)
    ZRAYS.append(_rays)


def dests(board, s, c):
    """Destinations of the single-piece normal move of the piece c standing (or lifted) on s,
    captures only at the destination (the plough is in ploughs())."""
    k = CK[c]
    side = CSIDE[c]
    g = geo(k, COWN[c], s)
    land = LAND[k]
    out = []
    typ = g[0]
    if typ == 1:
        for t in g[1]:
            q = board[t]
            if not q or (CSIDE[q] != side and land[CK[q]]):
                out.append(t)
    elif typ == 2:
        for t in g[1]:
            q = board[t]
            if not q or (CSIDE[q] != side and land[CK[q]]):
                out.append(t)
        for t, sets in g[2]:
            q = board[t]
            if q and (CSIDE[q] == side or not land[CK[q]]):
                continue
            for inter in sets:
                for x in inter:
                    if board[x]:
                        break
                else:
                    out.append(t)
                    break
    else:
        for ray in g[1]:
            for t in ray:
                q = board[t]
                if not q:
                    out.append(t)
                    continue
                if CSIDE[q] != side and land[CK[q]]:
                    out.append(t)
                break
    return out


def ploughs(board, s, c):
    """[R5] Zitidar straight walks that pass through at least one capturable enemy:
    [(dest, (ploughed squares...))]."""
    side = CSIDE[c]
    land = LAND[ZITIDAR]
    out = []
    for ray in ZRAYS[s]:
        caps = []
        for t in ray:
            q = board[t]
            if not q:
                if caps:
                    out.append((t, tuple(caps)))
                continue
            if CSIDE[q] != side and land[CK[q]]:
                if caps:
                    out.append((t, tuple(caps)))
                caps.append(t)
                continue
            break
    return out


def reaches(board, e, c, t):
    """Has the piece c on e a single-piece normal move ending on t (t holds a piece it may
    land on; the caller checks that)?"""
    k = CK[c]
    g = geo(k, COWN[c], e)
    sets = g[3].get(t)
    if sets is not None:
        for inter in sets:
            for x in inter:
                if board[x]:
                    break
            else:
                return True
    if k == ZITIDAR:
        for t2, _ in ploughs(board, e, c):
            if t2 == t:
                return True
    return False


def charmed_set(board):
    """[R4] squares of the pieces that can't move this ply."""
    out = set()
    for s in range(NSQ):
        c = board[s]
        if c and CHARMER[CK[c]]:
            sd = CSIDE[c]
            for n in NEI8[s]:
                q = board[n]
                if q and not IMMUNE[CK[q]] and CSIDE[q] != sd:
                    out.add(n)
    return out


def charmed_at(board, s, c):
    if IMMUNE[CK[c]]:
        return False
    sd = CSIDE[c]
    for n in NEI8[s]:
        q = board[n]
        if q and CHARMER[CK[q]] and CSIDE[q] != sd:
            return True
    return False


def is_attacked(board, t, by_side):
    """[R21] some piece serving by_side, not charmed, has a single-piece normal move landing
    on the piece on t."""
    tk = CK[board[t]]
    for e in range(NSQ):
        c = board[e]
        if not c or CSIDE[c] != by_side or not LAND[CK[c]][tk]:
            continue
        if charmed_at(board, e, c):
            continue
        if reaches(board, e, c, t):
            return True
    return False


def qualifies(board, s, c):
    """[R24]"""
    k = CK[c]
    moves = [(t, ()) for t in dests(board, s, c)]
    if k == ZITIDAR:
        moves += ploughs(board, s, c)
    if not moves:
        return False
    board[s] = 0
    try:
        for t, caps in moves:
            saved = board[t]
            board[t] = c
            sc = [board[x] for x in caps]
            for x in caps:
                board[x] = 0
            ok = False
            if not charmed_at(board, t, c):
                for u in dests(board, t, c):
                    if board[u]:
                        ok = True
                        break
                if not ok and k == ZITIDAR:
                    for u, _ in ploughs(board, t, c):
                        if board[u]:
                            ok = True
                            break
            board[t] = saved
            for x, v in zip(caps, sc):
                board[x] = v
            if ok:
                return True
    finally:
        board[s] = c
    return False


# ---------------------------------------------------------------------------
# Position
# ---------------------------------------------------------------------------

MOVE_PHASE, BANTH_PHASE = 0, 1


class Position:
    __slots__ = ("board", "side", "esc", "ply", "result", "phase", "trains", "charge")

    def __init__(self):
        self.board = [0] * NSQ
        self.side = SOUTH
        self.esc = 0            # bit 0: South used its escape, bit 1: North
        self.ply = 0
        self.result = None      # None, "S", "N" or "="
        self.phase = MOVE_PHASE
        self.trains = ()        # ((hauler, (car, car, ...)), ...) sorted by hauler name
        self.charge = None      # None or (files bitmask, frozenset of moved squares, count)

    def copy(self):
        p = Position()
        p.board = self.board[:]
        p.side, p.esc, p.ply, p.result = self.side, self.esc, self.ply, self.result
        p.phase, p.trains, p.charge = self.phase, self.trains, self.charge
        return p


def set_allegiance(board):
    """§5.6 [R27]"""
    cnt = [0, 0, 0, 0]
    for c in board:
        if c:
            cnt[COWN[c]] += 1
    for s in range(NSQ):
        c = board[s]
        if c and CK[c] == SANOMA:
            o = COWN[c]
            if cnt[0] == cnt[1]:
                serve = o
            else:
                serve = SOUTH if cnt[0] > cnt[1] else NORTH
            board[s] = (c & ~TURNED_BIT) | (TURNED_BIT if serve != o else 0)


def start_position():
    pos = Position()
    for r, row in enumerate(SETUP):
        for f, k in enumerate(row):
            s = r * W + f
            pos.board[s] = mk(k, SOUTH, s)
            t = (H - 1 - r) * W + (W - 1 - f)
            pos.board[t] = mk(k, NORTH, t)
    for n in BANTH_SQUARES:
        pos.board[SQ_OF[n]] = BANTH_CODE
    set_allegiance(pos.board)
    return pos


def sq_sorted(squares):
    return sorted(squares, key=lambda s: NAME[s])


def to_text(pos):
    board = pos.board
    ranks = []
    for r in range(H - 1, -1, -1):
        out, run = [], 0
        for f in range(W):
            c = board[r * W + f]
            if not c:
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(label_of(c))
        if run:
            out.append(str(run))
        ranks.append("".join(out))
    esc = ("S" if pos.esc & 1 else "") + ("N" if pos.esc & 2 else "")
    parts = ["/".join(ranks), "sn"[pos.side], esc or "-", "-", str(pos.ply)]
    if pos.result is not None:
        parts.append(pos.result + ("#stuck" if pos.result == "=" else "#win"))
    if pos.phase == BANTH_PHASE:
        parts.append("banth")
    if pos.trains:
        parts.append("trains:" + ";".join(
            NAME[h] + "=" + ",".join(NAME[x] for x in cars) for h, cars in pos.trains))
    if pos.charge is not None:
        files, moved, n = pos.charge
        fl = "".join(FILES[i] for i in range(W) if files >> i & 1) or "-"
        mv = ",".join(NAME[x] for x in sq_sorted(moved)) or "-"
        parts.append("charge:%s:%s:%d" % (fl, mv, n))
    homes = [(s, CHOME[c]) for s, c in enumerate(board)
             if c and PROMO[CK[c]] is not None and CHOME[c] != s]
    if homes:
        homes.sort(key=lambda sh: NAME[sh[0]])
        parts.append("homes:" + ",".join(NAME[s] + "=" + NAME[h] for s, h in homes))
    turned = [s for s, c in enumerate(board) if c and c & TURNED_BIT]
    parts.append("turned:" + (",".join(NAME[s] for s in sq_sorted(turned)) or "-"))
    return " ".join(parts)


def from_text(text):
    parts = text.split()
    if len(parts) < 2:
        raise ValueError("position text: need at least ranks and side")
    rows = parts[0].split("/")
    if len(rows) != H:
        raise ValueError("position text: need %d ranks" % H)
    pos = Position()
    placed = []
    for i, row in enumerate(rows):
        r = H - 1 - i
        f = 0
        j = 0
        while j < len(row):
            ch = row[j]
            if ch.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                f += int(row[j:k])
                j = k
                continue
            if ch == "[":
                k = row.index("]", j)
                lab = row[j + 1:k]
                j = k + 1
            else:
                lab = ch
                j += 1
            kind = KIND_OF_LABEL.get(lab.lower())
            if kind is None:
                raise ValueError("unknown label %r" % lab)
            if f >= W:
                raise ValueError("rank %d too long" % (r + 1))
            owner = NOBODY if kind == BANTH else (SOUTH if lab[0].isupper() else NORTH)
            placed.append((r * W + f, kind, owner))
            f += 1
        if f != W:
            raise ValueError("rank %d has %d files" % (r + 1, f))
    pos.side = NORTH if parts[1].lower().startswith("n") else SOUTH
    if len(parts) > 2:
        pos.esc = (1 if "S" in parts[2].upper() else 0) | (2 if "N" in parts[2].upper() else 0)
    if len(parts) > 4:
        pos.ply = int(parts[4])
    homes = {}
    turned = None
    for p in parts[5:]:
        if "#" in p and ":" not in p:
            pos.result = p.split("#")[0] or "="
            if pos.result not in ("S", "N"):
                pos.result = "="
        elif p == "banth":
            pos.phase = BANTH_PHASE
        elif p.startswith("trains:"):
            tr = []
            for item in p[7:].split(";"):
                if not item or item == "-":
                    continue
                h, cars = item.split("=")
                tr.append((SQ_OF[h], tuple(SQ_OF[x] for x in cars.split(",") if x)))
            tr.sort(key=lambda hc: NAME[hc[0]])
            pos.trains = tuple(tr)
        elif p.startswith("charge:"):
            _, fl, mv, n = p.split(":")
            files = 0
            for ch in fl:
                if ch != "-":
                    files |= 1 << FILES.index(ch)
            moved = frozenset(SQ_OF[x] for x in mv.split(",") if x and x != "-")
            pos.charge = (files, moved, int(n))
        elif p.startswith("homes:"):
            for item in p[6:].split(","):
                if item and item != "-":
                    a, b = item.split("=")
                    homes[SQ_OF[a]] = SQ_OF[b]
        elif p.startswith("turned:"):
            turned = set(SQ_OF[x] for x in p[7:].split(",") if x and x != "-")
    for s, kind, owner in placed:
        pos.board[s] = mk(kind, owner, homes.get(s, s))
    if turned is None:
        set_allegiance(pos.board)
    else:
        for s in turned:
            if pos.board[s]:
                pos.board[s] |= TURNED_BIT
    return pos


# ---------------------------------------------------------------------------
# Move generation.  A ply is a hashable key:
#   ("declare",) | ("end",) | ("pass",) | (diff, trains_after, charge_after, escape_flag)
# where diff is the sorted tuple of (square, new code) of the squares that change.
# ---------------------------------------------------------------------------

DECLARE = ("declare",)
END = ("end",)
PASS = ("pass",)


class FoundOne(Exception):
    pass


class Gen:
    def __init__(self, pos, charge_opt=True, rapid=False, first_only=False):
        self.pos = pos
        self.board = pos.board
        self.side = pos.side
        self.charge = pos.charge
        self.trains = pos.trains
        self.charge_opt = charge_opt
        self.rapid = rapid
        self.first_only = first_only
        self.out = set()
        self.train_of = {}
        self.all_cars = set()
        for h, cars in pos.trains:
            self.train_of[h] = cars
            self.all_cars.update(cars)
        self.charmed = charmed_set(self.board)

    # -- effects ------------------------------------------------------------

    def add(self, key):
        self.out.add(key)
        if self.first_only:
            raise FoundOne()

    def emit(self, placements, extra, mover, ztrain=None, esc=0):
        """placements: [(from, to, code)] of the moving side's pieces (mover first);
        extra: squares captured besides the landing squares (plough)."""
        board = self.board
        side = self.side
        ch = {}
        for f, t, c in placements:
            ch[f] = 0
        for x in extra:
            ch[x] = 0
        sola = False
        proms = None
        far = FAR[side]
        for f, t, c in placements:
            ch[t] = c
            k = CK[c]
            if k == SOLA:
                sola = True
            elif PROMO[k] is not None and RANK[t] == far:
                if proms is None:
                    proms = []
                proms.append((t, c))
        if sola:                                    # §5.7 [R14]
            for f, t, c in placements:
                if CK[c] != SOLA:
                    continue
                ft = FILE[t]
                for x in (t - 1 if ft > 0 else -1, t + 1 if ft < W - 1 else -1):
                    if x < 0:
                        continue
                    q = ch[x] if x in ch else board[x]
                    if q and CSIDE[q] != side:
                        ch[x] = 0
        if proms is None:
            self.finish(ch, placements, mover, ztrain, esc, ())
            return
        # §5.3 [R15-R17]: order: the mover first, then by rank, ties by file from the left.
        if len(proms) > 1:
            first = [p for p in proms if p[0] == placements[0][1]]
            rest = [p for p in proms if p[0] != placements[0][1]]
            lf = (lambda t: FILE[t]) if side == SOUTH else (lambda t: -FILE[t])
            rest.sort(key=lambda tc: (CK[tc[1]], lf(tc[0])))
            proms = first + rest
        self.promote(ch, proms, 0, placements, mover, ztrain, esc, ())

    def promote(self, ch, proms, i, placements, mover, ztrain, esc, done):
        if i == len(proms):
            self.finish(ch, placements, mover, ztrain, esc, done)
            return
        self.promote(ch, proms, i + 1, placements, mover, ztrain, esc, done)   # no promotion
        t, c = proms[i]
        board = self.board
        side = self.side
        home = CHOME[c]
        if home < 0:
            return

        def occ(x):
            return ch[x] if x in ch else board[x]
        dest = -1
        if not occ(home):
            dest = home
        else:
            back = -FWD[COWN[c]]
            x = home + back * W
            while 0 <= x < NSQ:
                if not occ(x):
                    dest = x
                    break
                x += back * W
            if dest < 0:
                left = -1 if COWN[c] == SOUTH else 1
                fh = FILE[home]
                for dist in range(1, W):
                    for sg in (left, -left):
                        ff = fh + sg * dist
                        if 0 <= ff < W and not occ(home - FILE[home] + ff):
                            dest = home - FILE[home] + ff
                            break
                    if dest >= 0:
                        break
        if dest < 0:
            return
        # the pool after this ply so far: setup minus what is on the board
        cnt = [0] * NK
        for x in range(NSQ):
            q = ch[x] if x in ch else board[x]
            if q and COWN[q] == side:
                cnt[CK[q]] += 1
        for k in sorted(PROMO[CK[c]]):
            if SETUP_COUNT[k] - cnt[k] <= 0:
                continue
            ch2 = dict(ch)
            ch2[t] = mk(k, side, home)
            ch2[dest] = c
            self.promote(ch2, proms, i + 1, placements, mover, ztrain, esc,
                         done + ((t, dest),))

    def finish(self, ch, placements, mover, ztrain, esc, promoted):
        board = self.board
        diff = tuple(sorted([xv for xv in ch.items() if board[xv[0]] != xv[1]]))
        if self.trains or ztrain is not None:
            tr = self.train_update(ch, ztrain, promoted)
        else:
            tr = ()
        if self.charge is not None:
            files, moved, n = self.charge
            newsq = set(t for _, t, _ in placements)
            for t, d in promoted:
                newsq.add(d)
            kept = set(x for x in moved if x not in ch)
            if not placements and mover not in ch:
                newsq.add(mover)        # [R25] Thuvia's direction is her sub-move
            chg = (files | (1 << FILE[mover]), frozenset(kept | newsq), n + 1)
        else:
            chg = None
        self.add((diff, tr, chg, esc))

    def train_update(self, ch, ztrain, promoted):
        """[R8]"""
        res = []
        for h, cars in self.trains:
            if ztrain is not None and h == ztrain[0]:
                continue
            if h in ch:
                continue
            nc = []
            for x in cars:
                if x in ch:
                    break
                nc.append(x)
            if nc:
                res.append((h, tuple(nc)))
        if ztrain is not None:
            _, sk, lands = ztrain
            pset = set(t for t, _ in promoted)
            nc = []
            for y in lands:
                if y in pset:
                    break
                nc.append(y)
            if nc:
                res.append((sk, tuple(nc)))
        if len(res) > 1:
            res.sort(key=lambda hc: NAME[hc[0]])
        return tuple(res)

    # -- generation ---------------------------------------------------------

    def generate(self):
        pos = self.pos
        if pos.result is not None:
            return self.out
        try:
            if pos.phase == BANTH_PHASE:
                self.gen_banth_step()
            elif self.charge is not None:
                self.gen_pieces(in_charge=True)
                if self.charge[2] >= 1 and not self.first_only:
                    self.add(END)
            else:
                self.gen_pieces(in_charge=False)
                if self.rapid:
                    self.gen_rapid()
                if self.charge_opt and self.can_declare():
                    self.add(DECLARE)
        except FoundOne:
            pass
        return self.out

    def gen_banth_step(self):
        board = self.board
        for b in range(NSQ):
            if board[b] != BANTH_CODE:
                continue
            if not any(board[n] for n in NEI8[b]):
                continue
            for n in NEI8[b]:
                self.finish({b: 0, n: BANTH_CODE}, (), b, None, 0, ())
        self.add(PASS)

    def can_declare(self):
        """§5.12 [R24]: at least 6 pieces qualify."""
        board = self.board
        side = self.side
        cnt = 0
        for s in range(NSQ):
            c = board[s]
            if not c or CSIDE[c] != side:
                continue
            k = CK[c]
            if not ARMED[k] or k == SOLA or s in self.charmed:
                continue
            if qualifies(board, s, c):
                cnt += 1
                if cnt >= 6:
                    return True
        return False

    def gen_pieces(self, in_charge):
        board = self.board
        side = self.side
        charmed = self.charmed
        if in_charge:
            files, moved, _ = self.charge
        for s in range(NSQ):
            c = board[s]
            if not c or CSIDE[c] != side or s in charmed:
                continue
            if in_charge and (s in moved or files >> FILE[s] & 1):
                continue
            k = CK[c]
            # single-piece normal moves (a Zitidar with cars pulls them: gen_zitidar)
            if k == ZITIDAR:
                self.gen_zitidar(s, c, in_charge)
            else:
                for t in dests(board, s, c):
                    self.emit([(s, t, c)], (), s)
            if k == JEDDARA and not in_charge:
                self.gen_escape(s, c)
            elif k == THUVIA:
                self.gen_direction(s, c)
            elif k == KARAVASA and not in_charge:
                self.gen_sorak(s, c)
            # translation groups: escort, airship load, squad
            fsets = set()
            if ESCORT[k]:
                for y in NEI4[s]:
                    q = board[y]
                    if q and CSIDE[q] == side and not MALE[CK[q]] and \
                            not (in_charge and y in moved):
                        fsets.add(frozenset((y,)))
            cap = CAP[k]
            if cap:
                el = [y for y in NEI8[s] if board[y] and CSIDE[board[y]] == side
                      and y not in charmed and not (in_charge and y in moved)]
                for n in range(1, min(cap, len(el)) + 1):
                    for comb in combinations(el, n):
                        fsets.add(frozenset(comb))
            if LEADER[k] and not in_charge:
                self.squad_sets(s, c, fsets)
            if fsets:
                self.translations(s, c, fsets)

    def squad_sets(self, s, c, fsets):
        """§5.2 Jeddara form [R10]."""
        board = self.board
        side = self.side
        k = CK[c]
        charmed = self.charmed
        el = [y for y in NEI8[s] if board[y] and CSIDE[board[y]] == side
              and CK[board[y]] >= k and y not in charmed]
        for n in range(0, min(4, len(el)) + 1):
            for comb in combinations(el, n):
                base = frozenset(comb)
                escorts = [p for p in (s,) + comb if ESCORT[CK[board[p]]]]
                if not escorts:
                    if comb:
                        fsets.add(base)
                    continue
                group = set(comb)
                group.add(s)
                self._picks(escorts, 0, base, frozenset(), group, fsets)

    def _picks(self, escorts, i, base, picks, group, fsets):
        if i == len(escorts):
            fs = base | picks
            if fs:
                fsets.add(fs)
            return
        self._picks(escorts, i + 1, base, picks, group, fsets)
        board = self.board
        side = self.side
        for y in NEI4[escorts[i]]:
            q = board[y]
            if q and CSIDE[q] == side and not MALE[CK[q]] and y not in group and y not in picks:
                self._picks(escorts, i + 1, base, picks | {y}, group, fsets)

    def translations(self, s, c, fsets):
        """§5.0: lift the group, the mover walks, the followers keep their offsets."""
        board = self.board
        side = self.side
        zit = CK[c] == ZITIDAR
        fs, rs = FILE[s], RANK[s]
        for fset in fsets:
            fl = list(fset)
            fc = [board[x] for x in fl]
            board[s] = 0
            for x in fl:
                board[x] = 0
            mv = [(t, ()) for t in dests(board, s, c)]
            if zit:
                mv += ploughs(board, s, c)
            found = []
            for t, caps in mv:
                d = t - s
                df = FILE[t] - fs
                for x, xc in zip(fl, fc):
                    nf = FILE[x] + df
                    if nf < 0 or nf >= W:
                        break
                    y = x + d
                    if y < 0 or y >= NSQ:
                        break
                    q = board[y]
                    if q and (CSIDE[q] == side or not LAND[CK[xc]][CK[q]]):
                        break
                else:
                    found.append((t, caps))
            board[s] = c
            for x, xc in zip(fl, fc):
                board[x] = xc
            for t, caps in found:
                d = t - s
                pl = [(s, t, c)]
                pl.extend((x, x + d, xc) for x, xc in zip(fl, fc))
                self.emit(pl, caps, s)

    def gen_zitidar(self, s, c, in_charge):
        """§5.10 [R5-R8]."""
        board = self.board
        side = self.side
        charmed = self.charmed
        moved = self.charge[1] if in_charge else ()
        kept = []
        for x in self.train_of.get(s, ()):
            q = board[x]
            if not q or CSIDE[q] != side or x in charmed or x in moved:
                break
            kept.append(x)
        if not kept:
            for t in dests(board, s, c):
                self.emit([(s, t, c)], (), s)
            for t, caps in ploughs(board, s, c):
                self.emit([(s, t, c)], caps, s)
        chains = [[]]
        if len(kept) < 8:
            taken = self.all_cars
            limit = min(4, 8 - len(kept))

            def ext(tail, chain):
                for y in NEI8[tail]:
                    q = board[y]
                    if (q and CSIDE[q] == side and y != s and CK[q] != ZITIDAR
                            and CK[q] != JEDDARA and y not in charmed and y not in taken
                            and y not in chain and y not in moved):
                        chain.append(y)
                        chains.append(list(chain))
                        if len(chain) < limit:
                            ext(y, chain)
                        chain.pop()
            ext(kept[-1] if kept else s, [])
        for chain in chains:
            cars = kept + chain
            if not cars:
                continue
            codes = [board[x] for x in cars]
            carset = set(cars)
            board[s] = 0
            for x in cars:
                board[x] = 0
            walks = []
            self._zwalk(s, [], {s}, -2, (), c, carset, walks)
            board[s] = c
            for x, xc in zip(cars, codes):
                board[x] = xc
            m = len(cars)
            for path, caps in walks:
                trail = path[-2::-1] + [s] + cars
                pl = [(s, path[-1], c)]
                lands = trail[:m]
                pl.extend(zip(cars, lands, codes))
                self.emit(pl, caps, s, ztrain=(s, path[-1], lands))

    def _zwalk(self, cur, path, visited, sdir, caps, c, carset, out):
        """Zitidar walks with the cars lifted; sdir = direction of all steps so far (-2: no step
        yet, -1: bent); caps = ploughed squares (only on a straight walk)."""
        board = self.board
        side = self.side
        land = LAND[ZITIDAR]
        n = len(path) + 1
        for di, y in NEIDIR[cur]:
            if y in visited or y in carset:
                continue
            nd = di if (sdir == -2 or sdir == di) else -1
            if caps and nd != di:
                continue
            q = board[y]
            if not q:
                path.append(y)
                out.append((list(path), caps))
                if n < 4:
                    visited.add(y)
                    self._zwalk(y, path, visited, nd, caps, c, carset, out)
                    visited.discard(y)
                path.pop()
            elif CSIDE[q] != side and land[CK[q]]:
                path.append(y)
                out.append((list(path), caps))
                if n < 4 and nd == di:
                    visited.add(y)
                    self._zwalk(y, path, visited, nd, caps + (y,), c, carset, out)
                    visited.discard(y)
                path.pop()

    def gen_escape(self, s, c):
        """§4 [R21]"""
        side = self.side
        if self.pos.esc >> side & 1:
            return
        board = self.board
        if not is_attacked(board, s, 1 - side):
            return
        normal = set(dests(board, s, c))
        lo, hi = (0, H // 2) if COWN[c] == SOUTH else (H // 2, H)
        for t in range(lo * W, hi * W):
            if not board[t] and t != s and t not in normal and cheb(s, t) <= 10:
                self.emit([(s, t, c)], (), s, esc=1)

    def gen_sorak(self, s, c):
        """§5.11 [R23]"""
        board = self.board
        side = self.side
        en = [x for x in AREA2[s] if board[x] and CSIDE[board[x]] != side]
        for x in en:
            self.finish({x: 0}, (), s, None, 0, ())
        for x, y in combinations(en, 2):
            self.finish({x: 0, y: 0}, (), s, None, 0, ())

    def gen_direction(self, s, c):
        """§5.9 Thuvia's direction [R19]."""
        board = self.board
        banths = [b for b in AREA2[s] if board[b] == BANTH_CODE]
        if not banths:
            return
        work = board[:]
        self._direct(work, banths, {}, s)

    def _direct(self, work, remaining, ch, s):
        for b in remaining:
            for t in dests(work, b, BANTH_CODE):
                q = work[t]
                if not q or COWN[q] > 1:
                    continue
                work[b] = 0
                work[t] = BANTH_CODE
                ch2 = dict(ch)
                ch2[b] = 0
                ch2[t] = BANTH_CODE
                self.finish(ch2, (), s, None, 0, ())
                if CK[q] != JEDDARA:
                    rest = [x for x in remaining if x != b]
                    if rest:
                        self._direct(work, rest, ch2, s)
                work[t] = q
                work[b] = BANTH_CODE

    def gen_rapid(self):
        """§5.13 [R28]"""
        board = self.board
        side = self.side
        fw = FWD[side] * W
        for r in range(H):
            row = range(r * W, r * W + W)
            if not all(board[x] and CSIDE[board[x]] == side for x in row):
                continue
            if not (0 <= r + FWD[side] < H):
                continue
            pl = [(x, x + fw, board[x]) for x in row
                  if not board[x + fw] and x not in self.charmed]
            if pl:
                self.emit(pl, (), pl[0][0])


def legal_plies(pos, charge_opt=True, rapid=False):
    return Gen(pos, charge_opt, rapid).generate()


def has_ply(pos, charge_opt=True, rapid=False):
    return bool(Gen(pos, charge_opt, rapid, first_only=True).generate())


# ---------------------------------------------------------------------------
# Making a ply
# ---------------------------------------------------------------------------

def banth_step_due(board):
    for b in range(NSQ):
        if board[b] == BANTH_CODE and any(board[n] for n in NEI8[b]):
            return True
    return False


def end_turn(p):
    p.side = 1 - p.side
    p.phase = MOVE_PHASE
    p.charge = None
    set_allegiance(p.board)


def end_of_move(p):
    if banth_step_due(p.board):
        p.phase = BANTH_PHASE
    else:
        end_turn(p)


def check_result(old, diff, side):
    """[R20, R22]"""
    removed = [0, 0, 0, 0]
    added = [0, 0, 0, 0]
    crossed = False
    for x, v in diff:
        o = old[x]
        if o and CK[o] == JEDDARA:
            removed[COWN[o]] += 1
        if v and CK[v] == JEDDARA:
            added[COWN[v]] += 1
            if COWN[v] == side and RANK[x] == FAR[side]:
                crossed = True
    enemy = 1 - side
    if removed[enemy] > added[enemy]:
        return "SN"[side]
    if removed[side] > added[side]:
        return "SN"[enemy]
    if crossed:
        return "SN"[side]
    return None


def make(pos, key, charge_opt=True, rapid=False):
    p = pos.copy()
    p.ply += 1
    if key is DECLARE or key == DECLARE:
        p.charge = (0, frozenset(), 0)
        return p
    if key is END or key == END:
        p.charge = None
        end_of_move(p)
        return p
    if key is PASS or key == PASS:
        end_turn(p)
        return p
    diff, trains, chg, esc = key
    board = p.board
    for x, v in diff:
        board[x] = v
    p.trains = trains
    if esc:
        p.esc |= 1 << pos.side
    res = check_result(pos.board, diff, pos.side)
    if res is not None:
        p.result = res
        p.charge = None
        p.phase = MOVE_PHASE
        return p
    if pos.phase == BANTH_PHASE:
        end_turn(p)
        return p
    if pos.charge is not None:
        p.charge = chg
        if not has_ply(p, charge_opt, rapid):       # [R26] the last possible sub-move
            p.charge = None
            end_of_move(p)
        return p
    end_of_move(p)
    return p


def perft(pos, depth, charge_opt=True, rapid=False):
    if depth == 0:
        return 1
    plies = legal_plies(pos, charge_opt, rapid)
    if depth == 1:
        return len(plies)
    return sum(perft(make(pos, k, charge_opt, rapid), depth - 1, charge_opt, rapid)
               for k in plies)


def child_text(child, charge_opt, rapid):
    """The text of a position after a ply; [R29] a turn with no ply is a draw."""
    if (child.result is None and child.phase == MOVE_PHASE and child.charge is None
            and not has_ply(child, charge_opt, rapid)):
        c2 = child.copy()
        c2.result = "="
        return to_text(c2)
    return to_text(child)


# ---------------------------------------------------------------------------
# Self-test: small hand-computed positions
# ---------------------------------------------------------------------------

def _pos(pieces, side="s", extra=""):
    """pieces: {"e4": "K", ...} -> position text."""
    grid = [[None] * W for _ in range(H)]
    for name, lab in pieces.items():
        s = SQ_OF[name]
        grid[RANK[s]][FILE[s]] = lab
    ranks = []
    for r in range(H - 1, -1, -1):
        out, run = [], 0
        for f in range(W):
            lab = grid[r][f]
            if lab is None:
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(lab)
        if run:
            out.append(str(run))
        ranks.append("".join(out))
    return "/".join(ranks) + " " + side + " - - 0 " + extra


SELFTESTS = [   # (description, position text, (charge option, rapid), [perft 1, perft 2, ...])
    # Jeddak e5 44 rides + Jeddara a1 8.  Replies: North's Jeddara 8, plus 57 escapes when the
    # Jeddak attacks p12 from p5, i5, g3, e1, e12 and 56 from l12 (one escape square taken).
    ("Jeddak rides, escape", _pos({"e5": "K", "a1": "B", "p12": "b"}), (True, False),
     [52, 757]),
    # Zitidar c1 with car b1 in a corridor walled by North Sanoma Toras (which it can't take):
    # train walks to d1..g1 (4), squad with the Tha (5: d1..g1 and b1), Tha 3 (a1, takes b2,
    # takes a2), Jeddara p1 8.
    ("Zitidar train", _pos(dict([("c1", "[ZC]"), ("b1", "X"), ("p1", "B"), ("p12", "b")] +
                                [(f + "2", "u") for f in "abcdefgh"]), "s", "trains:c1=b1"),
     (True, False), [20]),
    # The same without the train: single walks 4, attaching the Tha 4, squad 5, Tha 3, Jeddara 8.
    ("Zitidar attach", _pos(dict([("c1", "[ZC]"), ("b1", "X"), ("p1", "B"), ("p12", "b")] +
                                 [(f + "2", "u") for f in "abcdefgh"])), (True, False), [24]),
    # Kara Vasa h6: 23 moves (3 captures; f8 is blocked by g7) + Sorak strike 3 singles +
    # 3 pairs; Jeddara a1 8.
    ("Sorak strike", _pos({"h6": "[SC]", "g7": "m", "h8": "m", "j6": "m", "l6": "m",
                           "a1": "B", "p12": "b"}), (True, False), [37]),
    # Panthan d3: 7 steps, 2 of them (d4, e4) next to the banth e5 -> banth step 8 + pass.
    ("banth step", _pos({"d3": "M", "e5": "[bb]", "a1": "B", "p12": "b"}), (True, False),
     [15, 122]),
    # Two adjacent banths: every ply is followed by a banth step (2 x 8 + pass).
    ("adjacent banths", _pos({"h6": "[bb]", "h7": "[bb]", "a1": "B", "p12": "b"}),
     (True, False), [8, 136]),
    # Jeddara j1 attacked by the Jeddak j12: 14 moves + 81 escapes (ranks 1-6 minus 15).
    ("escape", _pos({"j1": "B", "j12": "k", "p12": "b"}), (True, False), [95]),
    # Tara a11 (home g2) reaches a12, b12, c12: 1 + 23 choices each (every kind but Tara and
    # Jeddara is captured); 8 other moves; Jeddara j1 14.
    ("promotion", _pos({"a11": "C", "j1": "B", "p12": "b"}, "s", "homes:a11=g2"),
     (True, False), [94]),
    # Cruiser h6: 79 alone, 80 carrying the Panthan h7 (= the squad); Panthan 7; Jeddara 8.
    ("airship", _pos({"h6": "[CC]", "h7": "M", "a1": "B", "p12": "b"}), (True, False), [174]),
    # Thuvia h5: 22 moves (not i6, and j7 only through i6), directs the banth i6 onto i8, k6
    # or herself (3); Panthan k6 7; Jeddara 8.
    ("Thuvia's direction", _pos({"h5": "T", "i6": "[bb]", "i8": "m", "k6": "M", "a1": "B",
                                 "p12": "b"}), (True, False), [40]),
    # Thoat d4: 11 alone, 12 escorting the Tara d5; Tara 23; Jeddara 8.
    ("escort", _pos({"d4": "H", "d5": "C", "a1": "B", "p12": "b"}), (True, False), [54]),
    # Panthan e4: 6 alone, 7 leading the Pantha f4; Pantha 5; Jeddara 8.
    ("squad", _pos({"e4": "M", "f4": "P", "a1": "B", "p12": "b"}), (True, False), [26]),
    # Panthan e4 charmed by North's Sharu e5: only the Jeddara moves.
    ("charm", _pos({"e4": "M", "e5": "r", "a1": "B", "p12": "b"}), (True, False), [8]),
    # Zitidar a1: 24 walks + 3 ploughs through a2 (a3, a4, a5); Jeddara p1 8.
    ("plough", _pos({"a1": "[ZC]", "a2": "m", "a3": "m", "p1": "B", "p12": "b"}),
     (True, False), [35]),
    # Sola h5: 24 moves; landing on k7 side-kills the Panthan l7, which otherwise has 7 moves.
    ("side-kill", _pos({"h5": "S", "l7": "m", "a1": "B", "p12": "b"}), (True, False),
     [32, 473]),
    # Jeddara h11: 19 moves, 5 of them onto rank 12 win (no reply); North's Jeddara 8.
    ("crossing", _pos({"h11": "B", "a12": "b"}), (True, False), [19, 112]),
    # Jeddara e4 next to the banth e5: 23 moves; 7 end next to it -> banth step (9), one of
    # which takes her own Jeddara (South loses).
    ("banth takes own Jeddara", _pos({"e4": "B", "e5": "[bb]", "p12": "b"}), (True, False),
     [23, 191]),
    # Six Panthans facing six: 42 + Jeddara 8 + declare.  After the declaration 50 sub-moves;
    # after each of the 50 moves North has 42 + 8 + declare.
    ("charge", _pos(dict([(f + "5", "M") for f in "bdfhjl"] + [(f + "7", "m") for f in "bdfhjl"]
                         + [("a1", "B"), ("p12", "b")])), (True, False), [51, 2600]),
    ("charge off", _pos(dict([(f + "5", "M") for f in "bdfhjl"] + [(f + "7", "m") for f in "bdfhjl"]
                             + [("a1", "B"), ("p12", "b")])), (False, False), [50, 2500]),
]


def selftest():
    ok = True
    st = start_position()
    t = to_text(st)
    t2 = to_text(from_text(t))
    print("start:", t)
    if t != t2:
        print("FAIL: start text does not round-trip:", t2)
        ok = False
    for desc, text, opts, expect in SELFTESTS:
        pos = from_text(text)
        if to_text(from_text(to_text(pos))) != to_text(pos):
            print("FAIL round trip:", desc)
            ok = False
        got = [perft(pos, d + 1, *opts) for d in range(len(expect))]
        flag = "ok  " if got == expect else "FAIL"
        if got != expect:
            ok = False
        print("%s %s: expected %s got %s" % (flag, desc, expect, got))
    print("selftest", "passed" if ok else "FAILED")
    return ok


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def main(argv):
    depth = None
    text = None
    divide = False
    charge_opt = True
    rapid = False
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--position":
            text = argv[i + 1]
            i += 2
            continue
        if a == "--divide":
            divide = True
        elif a == "--no-charge":
            charge_opt = False
        elif a == "--rapid":
            rapid = True
        elif a == "--selftest":
            sys.exit(0 if selftest() else 1)
        elif a == "--start":
            print(to_text(start_position()))
            return
        elif a.isdigit():
            depth = int(a)
        else:
            raise SystemExit(__doc__)
        i += 1
    if depth is None or depth < 1:
        raise SystemExit(__doc__)
    pos = from_text(text) if text else start_position()
    t0 = time.time()
    if divide:
        lines = []
        total = 0
        for k in legal_plies(pos, charge_opt, rapid):
            child = make(pos, k, charge_opt, rapid)
            n = perft(child, depth - 1, charge_opt, rapid)
            total += n
            lines.append((child_text(child, charge_opt, rapid), n))
        lines.sort()
        for tx, n in lines:
            print("%s\t%d" % (tx, n))
        print("  (divide took %.2fs)" % (time.time() - t0), file=sys.stderr, flush=True)
    for d in range(1, depth + 1):
        t = time.time()
        if divide and d == depth:
            n = total
        else:
            n = perft(pos, d, charge_opt, rapid)
        print("perft %d: %d" % (d, n), flush=True)
        print("  (depth %d took %.2fs)" % (d, time.time() - t), file=sys.stderr, flush=True)
    print("  (total %.2fs)" % (time.time() - t0), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

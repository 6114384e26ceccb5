"""Steer a grown puzzle toward a grade band by changing it where the grader gets stuck.

Rejecting candidates until one lands in a band is slow where the band is rare (an easy
14x14 puzzle: about one candidate in a hundred).  Instead the walk's moves are aimed at the
band: the board is deduced with the band's techniques (:mod:`satlink.deduce`), the nodes
left undecided are where a person would need a harder technique, and one of the walk's
moves there (a path cut, an end slid, rewired or merged: new short separators and endpoints
where forced chains start) is kept when it brings the board no further from the band
(hill climbing on :func:`distance`), else undone; every other move is drawn anywhere, where
merges and slides bring back the colour count the cuts raise.

Deductions are sound, so a board the easy or medium techniques solve completely has exactly
one solution: a climb toward those bands needs no SAT call until the end (the pipeline still
proves the result with the solver).  Toward ``hard`` the board must stop yielding to them,
and the pipeline's uniqueness loop then proves or repairs it.

Once in the band, an easy attempt of a default pack may also aim at how the board *opens*:
solved completely by the plain forced moves (:mod:`satlink.generate.play`), the
climb moving where they stop, or opened part way (at most :data:`PARTIAL_CAP`, at least as
far as published ones the forced moves do not solve).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from satlink.board import Board
from satlink.deduce import Contradiction, Puzzle
from satlink.deduce.engines import engine
from satlink.generate.longpaths import Walk
from satlink.generate.longpaths.moves import propose
from satlink.generate.paths import PathSystem
from satlink.generate.play import opening_left
from satlink.graph import SOLID, BoardGraph
from satlink.rules import Rules

EASY_PASSES = ("corner", "notouch")
MEDIUM_PASSES = ("corner", "notouch", "region", "bottleneck")
PARTIAL_CAP = 0.5
"""The most of its non-endpoint cells the forced moves alone may colour on a puzzle meant to
stop them part way (``opening`` "partial"): published levels that they do not solve are
left mostly uncoloured (``opening`` in ``satlink/data/published.json``: the mean share
beside the share solved completely), and an easy climb often ends on a board they solve
completely, which would crowd out the levels that open only part way."""
COLOUR_SLACK = 1
"""Colours a climb may move the count away from the attempt's target: cuts where the
deductions stop raise the count, and unbounded the climb ends at the top of the colour
range, above the published spread."""
LARGE_EASY_SLACK = 3
"""The slack of a climb toward easy on a board past the published sizes
(:data:`satlink.generate.bands.PUBLISHED_MAX_CELLS`): there the easy puzzles need more short
paths than the walk's colour target leaves, and with a slack of 1 the 20x20 climbs stalled,
most of their moves undone for the colour count (``benchmarks/README.md``, "20x20 --grade
easy and medium: a cheaper, freer climb"); there is no published colour spread to keep
there, and the count stays inside the requested range (``valid``)."""


STALL_BOARDS = 100
"""A climb ends after this many boards deduced without one closer to the band: above the
longest gap between improvements of the 14x14 climbs that reached the band, and once a
climb had run that long without one, further climbs from the same board never improved it
(a new attempt is cheaper).  At 20x20 the climbs improve slowly but steadily and mostly run
out of rounds first, though a rare long gap may end one that would have gone on
(``benchmarks/README.md``, "The remaining figures: staircases and border endpoints at 7x7,
the longest path, 20x20 climbs")."""


OPENING_STALL_BOARDS = 400
"""The same once in the band and aiming at a board the forced moves solve completely: there
the climb wanders over boards they open as far (they open step by step, and most moves
change nothing), and from few colours (a 6-colour 9x9 board) a board they solve was often
hundreds of boards away.  A climb toward a partial opening's floor stops after
:data:`STALL_BOARDS`: from few colours on a 9x9 board the floor is often out of reach, and
the longer wait cost far more time than the fill it won (``benchmarks/README.md``)."""


WANDER_SLACK = 1.0
"""How far above the best look found as close to the band (the walk's cost) a wandering
climb may go: without a bound the wander drifted off the look (fewer staircases), with none
it stood still."""


_SHAPES: dict[tuple, BoardGraph] = {}
"""Board graphs already built, by board shape (:func:`_share_graph`); a climb's boards all
have one shape, so this holds one or two entries per attempt."""
MAX_SHAPES = 8


def _share_graph(board: Board) -> None:
    """Give ``board``'s graph the edges, incidences and neighbours of an earlier board of the
    same shape (size, geometry, solid cells), which are what :class:`Puzzle` reads: a climb
    deduces a thousand boards that differ only in their endpoints, and building these parts
    again each time was a large share of a climb's time (profiled on 20x20 climbs)."""
    graph = board.graph
    key = (board.width, board.height, board.geometry,
           "".join(SOLID if ch == SOLID else "." for ch in graph.kinds))
    earlier = _SHAPES.get(key)
    if earlier is None:
        if len(_SHAPES) >= MAX_SHAPES:
            _SHAPES.clear()
        _SHAPES[key] = graph
        return
    graph.edges = earlier.edges
    graph.incidence = earlier.incidence
    graph.neighbours = earlier.neighbours


def deduced(board: Board, rules: Rules, upto: str) -> list[tuple[float, list[int]]]:
    """(share of the nodes decided, the nodes left undecided) after the forced rules alone
    (only on the way to ``upto`` "medium": toward easy that share is not used), then the easy
    techniques, then (``upto`` "medium") the medium ones, each run to a fixpoint on from the
    state the one before left (one propagation, not three); a stage that solves the board
    ends the list early (the rest would be the same)."""
    _share_graph(board)
    eng = engine()
    p = Puzzle(board, rules)
    st = eng.state(p)
    total = max(1, len(p.nodes))
    out: list[tuple[float, list[int]]] = []
    stages = ([(), EASY_PASSES, MEDIUM_PASSES] if upto == "medium" else [EASY_PASSES])
    for passes in stages:
        try:
            eng.fixpoint(st, passes)
        except Contradiction:  # a board with no solution: nothing to steer
            return [(0.0, list(p.nodes))]
        solved = st.solved_nodes()
        if solved == total:
            out.append((1.0, []))
            break
        out.append((solved / total, st.undecided_nodes()))
    return out


def distance(board: Board, rules: Rules, band: str) -> tuple[float, list[int]]:
    """How far ``board`` is from ``band`` (0: in it, as far as deductions tell), and where to
    change it: the undecided nodes when it is too hard, every node when it is too easy.

    * easy: the share the easy techniques leave undecided;
    * medium: the share the medium techniques leave undecided, or, when the easy ones solve
      it all, 1 plus the share the forced rules alone decide (fewer forced moves: harder);
    * hard: 0 once the medium techniques are stuck (uniqueness is the pipeline's to prove),
      else 1 plus the share the easy techniques decide.
    """
    if band == "easy":
        easy, stuck = deduced(board, rules, "easy")[0]
        return 1.0 - easy, stuck
    stages = deduced(board, rules, "medium")
    forced = stages[0][0]
    easy, stuck = stages[min(1, len(stages) - 1)]
    everywhere = board.open_nodes()
    if easy == 1.0:
        return (1.0 + forced if band == "medium" else 2.0 + forced), everywhere
    medium, stuck = stages[-1]
    if band == "medium":
        return 1.0 - medium, stuck
    return (0.0, []) if medium < 1.0 else (1.0 + easy, everywhere)


class Climb(NamedTuple):
    """What a climb aims at and within which limits (:func:`steer`): the band under
    ``rules``, the most moves (``rounds``), what a changed system must still meet
    (``valid``), the opening once in the band, and the colour slack."""

    band: str
    rules: Rules
    rounds: int
    valid: Callable[[PathSystem], bool]
    opening: str = ""
    colour_slack: int = COLOUR_SLACK
    colours: tuple[int, int] = (0, 1 << 30)
    """The colour range asked for: a move that leaves it is paired with one that comes back
    (:func:`_paired`)."""
    partial_floor: float = 0.0
    """The forced moves' share a ``partial`` opening climbs to at least
    (:func:`satlink.generate.bands.partial_floor`)."""


def steer(system: PathSystem, walk: Walk, climb: Climb,
          rng: random.Random) -> tuple[float, Walk, bool]:
    """Hill-climb ``system`` (in place, through ``walk``) toward ``climb.band`` for at most
    ``climb.rounds`` moves; returns the distance reached (0: in the band as far as deductions
    tell), the walk over the result, and whether the climb stalled (ended after
    :data:`STALL_BOARDS` boards none closer: climbing on from there is not worth it, while
    a climb that ran out of rounds still improving may go on).  Each move starts where the
    deductions stopped; it is kept when it brings the board closer to the band, or as
    close while it does not worsen the walk's look, and keeps the colour count within
    ``colour_slack`` of the walk's target; else it is undone.  ``valid``: whether a changed
    system still meets the request (colour range, shortest path).  ``opening``: once in
    the band, go on until the forced moves alone (:func:`satlink.generate.play.opening_share`)
    solve the board (``complete``: moving where they stop) or leave at least half of it
    (``partial``, :data:`PARTIAL_CAP`: moving anywhere) but colour at least
    ``climb.partial_floor`` (moving where they stop); the band comes first, the opening
    is never bought with it.  Once in the band a climb aiming at an opening also keeps moves
    that open the board as far but look worse (it wanders); it ends on the best-looking board
    as close as the closest, so the wander costs the look nothing it had found."""
    band, rules, opening, colour_slack = climb.band, climb.rules, climb.opening, climb.colour_slack

    def objective(board: Board) -> tuple[tuple[float, float], list[int]]:
        d, where = distance(board, rules, band)
        if d > 0 or not opening:
            return (d, 0.0), where
        off, where = opening_off(board, rules, opening, climb.partial_floor)
        return (0.0, off), where

    def stalled() -> bool:
        opening_phase = opening == "complete" and best[0] == 0.0
        return since >= (OPENING_STALL_BOARDS if opening_phase else STALL_BOARDS)

    best, stuck = objective(system.board())
    since = 0  # boards deduced since the last one closer to the band
    kept = walk.snapshot()  # the best-looking board as close as ``best``, to end on
    for _ in range(climb.rounds):
        if best == (0.0, 0.0) or stalled():
            break
        # half the moves where the deductions stopped, half anywhere (where merges and
        # slides bring the colour count back that cuts at the stuck place raised)
        move = propose(walk, rng, _zone(walk, stuck, rng) if rng.random() < 0.5 else None)
        if move is None:
            continue
        delta, apply = move
        if abs(apply.colours - walk.scoring.target) > colour_slack:
            continue  # most moves at the stuck place: refused before the copy and the undo
        saved = walk.snapshot()
        apply()
        if not climb.colours[0] <= walk.colours <= climb.colours[1]:
            back = _paired(walk, rng, climb.colours)
            if back is None:
                walk.restore(saved)
                continue
            delta += back
        walk.finish()
        if climb.valid(system):
            d, where = objective(system.board())
            since = 0 if d < best else since + 1
            # in the band and aiming at an opening, a move that opens the board as far is
            # kept even when it worsens the look: the forced moves' share is flat over most
            # moves, and held to the look a climb stood still there
            wander = opening and best[0] == 0.0 and walk.cost <= kept[-1] + WANDER_SLACK
            if d < best or (d == best and (delta <= 0 or wander)):
                if d < best or walk.cost < kept[-1]:
                    kept = walk.snapshot()
                best, stuck = d, where
                continue
        walk.restore(saved)
    if kept[-1] < walk.cost:  # wandered off a better look at the same distance: back to it
        walk.restore(kept)
    return best[0], walk, stalled()


PAIR_TRIES = 40
"""Moves drawn anywhere to bring the colour count back into the range asked for after a move
that left it (:func:`_paired`)."""


def _paired(walk: Walk, rng: random.Random, colours: tuple[int, int]) -> float | None:
    """Make a move drawn anywhere that brings the colour count back into ``colours`` (a
    merge after a cut, a cut after a merge), and return its change of cost; None when none
    of :data:`PAIR_TRIES` draws does.  Without it a climb at one colour count (``--colors
    k``) could only slide and rewire: the cuts where the forced moves stop, which make the
    short separators and endpoints forced chains start from, all raised the count and were
    undone, and the climbs toward a board the forced moves solve mostly stalled."""
    for _ in range(PAIR_TRIES):
        move = propose(walk, rng)
        if move is None:
            continue
        delta, apply = move
        if colours[0] <= apply.colours <= colours[1]:
            apply()
            return delta
    return None


def opening_off(board: Board, rules: Rules, opening: str,
                floor: float = 0.0) -> tuple[float, list[int]]:
    """How far ``board`` opens from the ``opening`` aimed at (0: as aimed), and where to
    change it: ``complete``: the share the forced moves leave, at the nodes they leave;
    ``partial``: the share they colour past :data:`PARTIAL_CAP`, anywhere, or the share
    they fall short of ``floor`` (at most the cap), where they stop: cuts there make the
    short separators and endpoints forced chains start from, as toward ``complete``."""
    share, left = opening_left(board, rules)
    if opening == "complete":
        return 1.0 - share, left
    off = share - PARTIAL_CAP
    if off > 0:
        return off, board.open_nodes()
    short = min(floor, PARTIAL_CAP) - share
    return (short, left) if short > 0 else (0.0, [])


def _zone(walk: Walk, stuck: list[int], rng: random.Random) -> set[int]:
    """A few cells around one undecided node (the first place a harder technique is needed,
    or any node when the board is too easy), with their neighbours."""
    centre = stuck[rng.randrange(len(stuck))]
    zone = {centre, *walk.nbrs[centre]}
    for c in list(zone):
        zone.update(walk.nbrs[c])
    return zone

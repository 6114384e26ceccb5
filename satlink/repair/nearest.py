"""The nearest solvable board: the fewest edits that give an unsolvable draft a solution.

A best-first search over single edits has no measure of how close an unsolvable board is to
a solvable one: every unsolvable board looks the same to it.  Here the edits are part of the
SAT problem instead.  One encoding holds the board with its endpoints *free*: each endpoint
of each pair sits on one of its candidate cells (its own cell, or an empty cell within
``reach`` steps: a move), or the pair is removed, and one new pair may be placed on any two
empty cells, and (when the designer allows solids, under ``fill``) any open cell may be made
solid.  A literal per edit (an original endpoint cell that lost its endpoint, a removed pair,
the new pair, a new solid cell) goes into one cardinality constraint (PySAT's incremental
totalizer), and the bound is raised k = 1, 2, 3 under solver assumptions: the first model is
a board at the fewest edits that has a solution, *and* that solution.

One solver serves the whole search: for each k, endpoints are first kept within ``near``
steps of where they were (one selector literal, assumed, forbids every farther spot), then
allowed anywhere.  The near boards read as the same draft and their models are found
quickly; what the solver learnt there, and the boards and cycles it was told to avoid, stay
for the wider search, where building a fresh encoding per k and per reach (as before) cost
most of the time at 8x8-10x10.  Solids are only encoded under ``fill``: without it a cell
may stay empty, so a solid cell never gives a board a solution it did not have.

The rest of the encoding is the profile's rules written once on free endpoints: one colour
per used cell (one-hot), an edge joins two cells of one colour, an endpoint has one edge and
any other used cell two, ``fill`` uses every cell, ``notouch`` joins any two neighbouring
cells of one colour by their edge, and no path is shorter than ``min_length`` (two adjacent
endpoints never joined directly, for the default 3).  Detached cycles are cut lazily, as the
check's own loop does; whatever else the referee refuses (``no2x2``, a longer
``min_length``) is blocked edge set by edge set.  Every board yielded is re-checked by the
referee (:func:`satlink.referee.is_valid`) with the solution the model gave.

Plain and variant grids alike (the board graph's edges), but not bridges (a crossing node is
never an endpoint, and the encoding does not know crossings): :func:`supported` says which.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from pysat.card import CardEnc, EncType, ITotalizer
from pysat.formula import IDPool
from pysat.solvers import Solver

from satlink.board import EMPTY, SOLID, Board, label_for
from satlink.graph import Cell
from satlink.referee import is_valid
from satlink.repair.edits import distances
from satlink.rules import DEFAULT_RULES, Rules
from satlink.solution import Solution
from satlink.solver.cycles import detached_components, endpoint_cells

DEFAULT_REACH = 3
"""How far (graph steps) an endpoint may move in the first pass for each number of edits:
near enough to read as the same draft (the repair then tries anywhere)."""
BACKEND = "cadical195"
"""CaDiCaL 1.9.5: fast on these small instances and incremental with assumptions."""


@dataclass(frozen=True)
class NearEdit:
    """One edit the model chose: ``move`` (cells: from, to), ``remove`` (the pair's two
    cells) or ``pair`` (a new pair's two cells); ``label`` is the pair's."""

    kind: str
    label: str
    cells: tuple[Cell, ...]

    def describe(self, board: Board) -> str:
        if self.kind == "solid":
            return f"solid cell at {board.coord(self.cells[0])}"
        a, b = (board.coord(x) for x in self.cells)
        if self.kind == "move":
            return f"move {self.label} from {a} to {b}"
        if self.kind == "remove":
            return f"remove pair {self.label}"
        return f"new pair {self.label} at {a} and {b}"

    def apply(self, board: Board) -> Board:
        """``board`` with this edit made (raises :class:`BoardError` if it cannot be)."""
        rows = [list(row) for row in board.rows]
        if self.kind == "move":
            chars = {self.cells[0]: EMPTY, self.cells[1]: self.label}
        elif self.kind == "solid":
            chars = {self.cells[0]: SOLID}
        elif self.kind == "remove":
            chars = dict.fromkeys(self.cells, EMPTY)
        else:
            chars = dict.fromkeys(self.cells, self.label)
        for x, ch in chars.items():
            r, c = divmod(x, board.width)
            rows[r][c] = ch
        return Board(tuple("".join(row) for row in rows), board.geometry)


def in_order(board: Board, edits: tuple[NearEdit, ...], colours: int
             ) -> list[NearEdit] | None:
    """The edits in an order a designer can make them one by one: each onto cells that are
    empty by then (an endpoint may take a cell another left), the pair count within
    +-``colours`` of the draft's all along; None if there is none (two endpoints that swap
    cells)."""
    delta = {"move": 0, "solid": 0, "remove": -1, "pair": 1}
    rank = {"move": 0, "solid": 1, "remove": 2, "pair": 3}
    left, out, net = list(edits), [], 0
    occupied = {x for name in board.labels for x in board.endpoints[name]}

    def free(e: NearEdit) -> bool:
        targets = e.cells[1:] if e.kind == "move" else e.cells if e.kind in ("pair", "solid") \
            else ()
        return not occupied.intersection(targets)

    while left:
        options = [e for e in left if free(e) and abs(net + delta[e.kind]) <= colours]
        if not options:
            return None
        e = min(options, key=lambda e: (abs(net + delta[e.kind]), rank[e.kind]))
        left.remove(e)
        out.append(e)
        net += delta[e.kind]
        if e.kind == "move":
            occupied.discard(e.cells[0])
            occupied.add(e.cells[1])
        elif e.kind == "remove":
            occupied.difference_update(e.cells)
        else:  # a new pair's cells, a solid cell: no endpoint may come there after
            occupied.update(e.cells)
    return out


@dataclass(frozen=True)
class Nearest:
    """A solvable board at ``len(edits)`` edits from the draft, and a solution of it (valid
    by the referee)."""

    edits: tuple[NearEdit, ...]
    board: Board
    solution: Solution


def supported(board: Board) -> bool:
    """Boards the encoding handles: no bridges (every graph node is a cell)."""
    return board.n_nodes == board.size and not board.geometry.bridges


class _Model:
    """The encoding of one draft with free endpoints (see the module's docstring)."""

    def __init__(self, board: Board, rules: Rules, reach: int, colours: int, new_pair: bool,
                 min_length: int, max_edits: int, near: int | None = None,
                 solids: bool = False):
        removable = len(board.labels) if colours >= 1 and len(board.labels) > 1 else 0
        slots = min(max_edits, (colours + max_edits) // 2) if new_pair and colours >= 1 else 0
        self.board, self.rules, self.min_length = board, rules, min_length
        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        labels = list(board.labels)
        self.new_labels: list[str] = []
        i = 0
        while len(self.new_labels) < slots:
            if label_for(i) not in labels:
                self.new_labels.append(label_for(i))
            i += 1
        labels += self.new_labels
        self.labels = labels
        cells = board.open_cells()
        self.cells = cells
        v = self.pool.id
        self.edge_var = {e: v(("edge", e)) for e in board.edges}
        self.edit_lits: list[int] = []
        self.pos: dict[tuple[int, int], dict[Cell, int]] = {}
        self.off: dict[int, int] = {}
        self.near: int | None = None  # assumed: every endpoint within ``near`` steps
        far: list[int] = []
        added, removed = [], []
        for i, name in enumerate(labels):
            if name in self.new_labels:  # a new pair anywhere: its slot used is one edit
                spots = set(cells)
                self.off[i] = v(("off", i))
                self.edit_lits.append(-self.off[i])
                added.append(-self.off[i])
                if i > len(board.labels):  # slots used in order
                    self.clauses.append([self.off[i], -self.off[i - 1]])
            else:  # any open cell: one another endpoint leaves is free for this one
                ends = board.endpoints[name]
                spots = {x for end in ends for x in distances(board, end, reach)} | set(ends)
                close = spots if near is None or near >= reach else \
                    {x for end in ends for x in distances(board, end, near)} | set(ends)
                if removable:
                    self.off[i] = v(("off", i))
                    self.edit_lits.append(self.off[i])
                    removed.append(self.off[i])
            for s in (0, 1):  # either end may take any of the spots
                self.pos[i, s] = {x: v(("pos", i, s, x)) for x in sorted(spots)}
                if name not in self.new_labels:
                    far.extend(lit for x, lit in self.pos[i, s].items() if x not in close)
                lits = list(self.pos[i, s].values()) + ([self.off[i]] if i in self.off else [])
                self._card(CardEnc.equals(lits, 1, vpool=self.pool, encoding=EncType.seqcounter))
            self._in_order(i)
        if removed:  # a board keeps at least one pair
            self.clauses.append([-r for r in removed] + added)
        # the pair count stays within +-colours: removed - added <= colours and back
        if removed:
            self._card(CardEnc.atmost(removed + [-a for a in added], colours + len(added),
                                      vpool=self.pool, encoding=EncType.seqcounter))
        if added:
            self._card(CardEnc.atmost(added + [-r for r in removed], colours + len(removed),
                                      vpool=self.pool, encoding=EncType.seqcounter))
        if far:
            self.near = v("near")
            self.clauses.extend([-self.near, -lit] for lit in far)
        self.end_of: dict[tuple[Cell, int], int] = {}  # cell holds an endpoint of label i
        self.is_end: dict[Cell, int] = {}
        for x in cells:
            here = []
            for i in range(len(labels)):
                lits = [self.pos[i, s][x] for s in (0, 1) if x in self.pos[i, s]]
                if lits:
                    ep = v(("ep", x, i))
                    self._equiv_or(ep, lits)
                    self.end_of[x, i] = ep
                    here.extend(lits)
            self._card(CardEnc.atmost(here, 1, vpool=self.pool, encoding=EncType.seqcounter)
                       if len(here) > 1 else None)
            end = v(("end", x))
            self._equiv_or(end, here)
            self.is_end[x] = end
        for i, name in enumerate(labels):  # an original endpoint cell that lost it: an edit
            if name in self.new_labels:
                continue
            for end in board.endpoints[name]:
                lost = v(("lost", i, end))
                self.clauses.append([self.end_of[end, i], lost] + ([self.off[i]] if i in self.off
                                                                   else []))
                self.edit_lits.append(lost)
        self.solid: dict[Cell, int] = {}
        if solids and rules.fill:  # a cell left out of fill: one edit, never an endpoint
            for x in cells:
                self.solid[x] = v(("solid", x))
                self.edit_lits.append(self.solid[x])
                self.clauses.append([-self.solid[x], -self.is_end[x]])
        self._rules()

    def _in_order(self, i: int) -> None:
        """The first end on a lower cell than the second: one board, one assignment.  A
        suffix literal per spot ("the second end is here or later") keeps it linear."""
        first, second = self.pos[i, 0], self.pos[i, 1]
        spots = sorted(second)
        later = [self.pool.id(("later", i, y)) for y in spots]
        for j, y in enumerate(spots):
            self.clauses.append([-later[j], second[y]] + ([later[j + 1]] if j + 1 < len(spots)
                                                            else []))
        off = [self.off[i]] if i in self.off else []
        j = 0
        for x in sorted(first):
            while j < len(spots) and spots[j] <= x:
                j += 1
            self.clauses.append([-first[x]] + ([later[j]] if j < len(spots) else []) + off)

    def _card(self, formula) -> None:
        if formula is not None:
            self.clauses.extend(formula.clauses)

    def _equiv_or(self, var: int, lits: list[int]) -> None:
        self.clauses.append([-var] + lits)
        self.clauses.extend([var, -lit] for lit in lits)

    def _rules(self) -> None:
        rules, v = self.rules, self.pool.id
        n = len(self.labels)
        self.colour = {(x, i): v(("colour", x, i)) for x in self.cells for i in range(n)}
        self.used = {}
        for x in self.cells:
            lits = [self.colour[x, i] for i in range(n)]
            if rules.fill and x not in self.solid:
                self._card(CardEnc.equals(lits, 1, vpool=self.pool, encoding=EncType.seqcounter))
                self.used[x] = None
            else:
                self._card(CardEnc.atmost(lits, 1, vpool=self.pool, encoding=EncType.seqcounter))
                self.used[x] = v(("used", x))
                self._equiv_or(self.used[x], lits)
                if x in self.solid:  # under fill: used, or made solid
                    self.clauses += [[self.used[x], self.solid[x]],
                                     [-self.used[x], -self.solid[x]]]
            for i in range(n):
                if (x, i) in self.end_of:
                    self.clauses.append([-self.end_of[x, i], self.colour[x, i]])
        incident: dict[Cell, list[int]] = {x: [] for x in self.cells}
        for (a, b), e in self.edge_var.items():
            incident[a].append(e)
            incident[b].append(e)
            for i in range(n):
                ca, cb = self.colour[a, i], self.colour[b, i]
                self.clauses += [[-e, -ca, cb], [-e, ca, -cb]]
                if rules.notouch:
                    self.clauses.append([e, -ca, -cb])
            if self.min_length >= 3:
                self.clauses.append([-e, -self.is_end[a], -self.is_end[b]])
        self._short_cycles()
        for x, inc in incident.items():
            end, used = self.is_end[x], self.used[x]
            for trio in combinations(inc, 3):
                self.clauses.append([-e for e in trio])
            for p, q in combinations(inc, 2):
                self.clauses.append([-end, -p, -q])
            self.clauses.append([-end] + inc)
            unused = [] if used is None else [-used]
            self.clauses.append([end] + inc + unused)
            for e in inc:  # a used cell that is no endpoint has two edges: any but one has one
                self.clauses.append([end] + [f for f in inc if f != e] + unused)
                if used is not None:
                    self.clauses.append([used, -e])

    def _short_cycles(self) -> None:
        """No cycle of three or four edges, up front.  Any cycle of chosen edges is a
        detached one (each of its cells has its two edges there, so no endpoint is on it),
        which the search would otherwise cut lazily, one solve each; under ``fill`` the
        solver proposes the smallest by the hundred, and proving that no board within k
        edits has a solution took about half as long with them gone (an 8x8 and a 9x9
        draft, 1.4-2x).  Found on the graph, so hexagons' triangles and warps' squares
        count alike."""
        var = {frozenset(e): lit for e, lit in self.edge_var.items()}
        near = {x: set(self.board.neighbors(x)) & set(self.cells) for x in self.cells}
        seen: set[frozenset] = set()
        for a in self.cells:
            for b in near[a]:
                for c in near[a]:
                    if b >= c:
                        continue
                    rings = [[a, b, c]] if c in near[b] else []
                    rings += [[a, b, d, c] for d in near[b] & near[c] if d != a]
                    for ring in rings:
                        edges = frozenset(frozenset((ring[i - 1], ring[i]))
                                          for i in range(len(ring)))
                        if edges in seen or not all(e in var for e in edges):
                            continue
                        seen.add(edges)
                        self.clauses.append([-var[e] for e in edges])

    def decode(self, model: set[int]) -> tuple[Board, list[NearEdit], Solution | None,
                                              list[tuple[Cell, Cell]]]:
        """The board, the edits, the solution (None if the edges hold a detached cycle) and
        the edge set of a model."""
        board = self.board
        rows = [[EMPTY if board.label_at(x) is not None else board.char(x)
                 for x in range(r * board.width, (r + 1) * board.width)]
                for r in range(board.height)]
        edits: list[NearEdit] = []
        for i, name in enumerate(self.labels):
            ends = sorted(x for s in (0, 1) for x, lit in self.pos[i, s].items() if lit in model)
            for x in ends:
                r, c = divmod(x, board.width)
                rows[r][c] = name
            if name in self.new_labels:
                if ends:
                    edits.append(NearEdit("pair", name, tuple(ends)))
                continue
            orig = board.endpoints[name]
            if not ends:
                edits.append(NearEdit("remove", name, tuple(orig)))
                continue
            lost = [x for x in orig if x not in ends]
            gained = [x for x in ends if x not in orig]
            if len(lost) == 2 and _far(board, lost[0], gained[0]) + _far(board, lost[1], gained[1]) \
                    > _far(board, lost[0], gained[1]) + _far(board, lost[1], gained[0]):
                gained.reverse()
            edits.extend(NearEdit("move", name, (a, b)) for a, b in zip(lost, gained, strict=True))
        for x, lit in self.solid.items():
            if lit in model:
                r, c = divmod(x, board.width)
                rows[r][c] = SOLID
                edits.append(NearEdit("solid", SOLID, (x,)))
        edited = Board(tuple("".join(row) for row in rows), board.geometry)
        chosen = [e for e, var in self.edge_var.items() if var in model]
        try:
            solution = Solution.from_edges(edited, chosen)
        except ValueError:
            return edited, edits, None, chosen
        if sum(len(p) - 1 for p in solution.paths.values()) != len(chosen):
            return edited, edits, None, chosen  # the rest are detached cycles
        return edited, edits, solution, chosen


def _far(board: Board, a: Cell, b: Cell) -> int:
    (ra, ca), (rb, cb) = board.coord(a), board.coord(b)
    return abs(ra - rb) + abs(ca - cb)


class NearestSearch:
    """Solvable boards at the fewest edits from ``board`` first (k = ``first`` ..
    ``max_edits``), each with a solution, a board once (:meth:`boards`).  ``reach``: how far
    an endpoint may move (None: anywhere); ``near``: for each k, first only boards whose
    endpoints stay within this many steps, then the rest (None: no such first pass);
    ``colours``: most pairs removed, less the new one (0: none removed nor added);
    ``new_pair``: whether one new pair may be added; ``solids``: whether open cells may be
    made solid (only encoded under ``fill``, the one rule a solid cell can help);
    ``seconds``: the whole search's budget (the boards simply stop when it runs out).

    ``exhausted`` is set when the solver proved that no other board within ``max_edits``
    edits of these kinds has a solution (not when the time ran out)."""

    def __init__(self, board: Board, rules: Rules = DEFAULT_RULES, *, max_edits: int = 3,
                 reach: int | None = DEFAULT_REACH, colours: int = 1, new_pair: bool = True,
                 min_length: int = 3, seconds: float = 10.0, first: int = 1,
                 near: int | None = None, solids: bool = False):
        self.board, self.rules = board, rules
        self.max_edits, self.first, self.seconds = max_edits, first, seconds
        self.reach = board.n_nodes if reach is None else reach
        self.near, self.solids = near, solids
        self.colours, self.new_pair, self.min_length = colours, new_pair, min_length
        self.exhausted = False
        self.solves = 0

    def boards(self) -> Iterator[Nearest]:
        deadline = time.monotonic() + self.seconds
        board, profile = self.board, self.rules
        if not supported(board):
            return
        model = _Model(board, profile, self.reach, self.colours, self.new_pair,
                       self.min_length, self.max_edits, self.near, self.solids)
        if not model.edit_lits:
            self.exhausted = True
            return
        total = ITotalizer(lits=model.edit_lits, ubound=self.max_edits + 1,
                           top_id=model.pool.top)
        with Solver(name=BACKEND, bootstrap_with=model.clauses + total.cnf.clauses) as solver:
            passes = [[model.near], []] if model.near is not None else [[]]
            for k, near in ((k, p) for k in range(max(self.first, 0), self.max_edits + 1)
                            for p in passes):
                assume = ([-total.rhs[k]] if k < len(total.rhs) else []) + near
                while True:
                    sat = _solve(solver, assume, deadline)
                    self.solves += 1
                    if sat is None:
                        return
                    if not sat:
                        break
                    found = {lit for lit in solver.get_model() if lit > 0}
                    edited, edits, solution, chosen = model.decode(found)
                    if solution is None:  # detached cycles: cut them, as the check's loop does
                        for clause in _cycles(model, edited, chosen) or [_exact(model, chosen)]:
                            solver.add_clause(clause)
                        continue
                    if not is_valid(edited, solution, profile):
                        solver.add_clause(_exact(model, chosen))
                        continue
                    solver.add_clause(_not_board(model, found))
                    yield Nearest(tuple(edits), edited, solution)
        self.exhausted = True


def _cycles(model: _Model, edited: Board, chosen: list[tuple[Cell, Cell]]) -> list[list[int]]:
    """A clause per detached cycle of an edge set (a component holding no endpoint, found
    as the check's loop finds it, :mod:`satlink.solver.cycles`): not all of its edges."""
    return [[-model.edge_var[e] for e in sorted(e for e in chosen if e[0] in comp)]
            for comp in detached_components(chosen, endpoint_cells(edited))]


def _exact(model: _Model, chosen: list[tuple[Cell, Cell]]) -> list[int]:
    """Not exactly this edge set."""
    on = set(chosen)
    return [-var if e in on else var for e, var in model.edge_var.items()]


def _not_board(model: _Model, found: set[int]) -> list[int]:
    """Not this placement of endpoints again (the same board with another solution)."""
    out = []
    for spots in model.pos.values():
        out.extend(-lit for lit in spots.values() if lit in found)
    for off in list(model.off.values()) + list(model.solid.values()):
        out.append(-off if off in found else off)
    return out


def _solve(solver: Solver, assume: list[int], deadline: float) -> bool | None:
    """True / False, or None at the deadline.  CaDiCaL 1.9.5 has no ``interrupt()``: the
    search runs in conflict-budget slices (learnt clauses kept), the deadline checked between
    them, as :mod:`satlink.solver.backend` does; a slice grows while it takes under a tenth
    of the time left, so the last one ends near the deadline."""
    budget = 1_000
    while True:
        began = time.monotonic()
        if began >= deadline:
            return None
        solver.conf_budget(budget)
        sat = solver.solve_limited(assumptions=assume)
        if sat is not None:
            return sat
        took = time.monotonic() - began
        if took < 0.1 * (deadline - time.monotonic()):
            budget = min(2 * budget, 16_000)
        elif took > 0.2 * (deadline - time.monotonic()):
            budget = max(budget // 2, 100)


__all__ = ["DEFAULT_REACH", "NearEdit", "Nearest", "NearestSearch", "in_order",
           "supported"]

"""The SAT encoding of a draft with free endpoints, and the edits read off its models.

What the encoding says, and why it is built this way, is told in :mod:`satlink.repair.nearest`,
whose search (:class:`~satlink.repair.nearest.NearestSearch`) builds one
:class:`NearestModel` per draft and raises its bound on the number of edits.
"""

from __future__ import annotations

from itertools import combinations

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from satlink.board import EMPTY, SOLID, Board, label_for
from satlink.graph import Cell
from satlink.repair.edits import distances
from satlink.repair.near_edits import NearEdit, NearLimits
from satlink.rules import Rules
from satlink.solution import Solution


class NearestModel:
    """The encoding of one draft with free endpoints (see the module's docstring)."""

    def __init__(self, board: Board, rules: Rules, limits: NearLimits):
        reach, colours, new_pair = limits.reach, limits.colours, limits.new_pair
        min_length, max_edits, near, solids = (limits.min_length, limits.max_edits, limits.near,
                                               limits.solids)
        if reach is None:
            reach = board.n_nodes
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

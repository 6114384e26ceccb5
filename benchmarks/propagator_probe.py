"""A route measured and not taken (issue 36): connectivity and balance reasoning as an IPASIR-UP
propagator in Python, on PySAT's CaDiCaL 1.9.5.

After each propagation the propagator reads the edge variables assigned so far and looks for
three dead ends, each refuted by a clause of the edges that make it:

* ``conn``: a label's two ends (its endpoints, extended along the true edges) cannot meet
  through cells no other label holds and edges not yet false;
* ``region``: (``fill``) a set of free cells joined by edges not yet false touches no label's
  end, so no path can fill it;
* ``balance``: (``fill``, square cells, no warps) a component of the cells still short of
  their degree, joined by undecided edges, needs more edges on its black cells than on its
  white ones (each undecided edge gives one of each): the counting a resolution proof cannot
  do (the mutilated chessboard).

The table gives, per board and profile, the first and the second call (the first solution
blocked) with CaDiCaL alone and with the propagator: answer, seconds, conflicts, and for the
propagator the checks made, the seconds spent in them and how often each rule fired::

    python benchmarks/propagator_probe.py --match 12x12_28,12x12_30,14x14_19 --profiles fill
    python benchmarks/propagator_probe.py --match 11x11_07,12x12_01 --profiles nikoli
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import time

from pysat.engines import Propagator
from pysat.solvers import Solver

from benchmarks.profile_time import boards
from satlink.geometry import SQUARE
from satlink.rules import parse_rules
from satlink.solver.cycles import cycle_cut
from satlink.solver.decode import read_model
from satlink.solver.encode import encode
from satlink.solver.method import Method

HERE = Path(__file__).resolve().parent.parent


class DeadEnds(Propagator):
    """The three rules of the module's docstring, checked from scratch after each propagation."""

    def __init__(self, board, fill: bool, balance: bool):
        super().__init__()
        self.is_lazy = False
        self.edges = list(board.edges)
        self.n = board.n_nodes
        self.value = [0] * (len(self.edges) + 1)  # by variable: 1 true, -1 false, 0 open
        self.incident: list[list[tuple[int, int]]] = [[] for _ in range(self.n)]
        for i, (a, b) in enumerate(self.edges):
            self.incident[a].append((i + 1, b))
            self.incident[b].append((i + 1, a))
        kinds = board.graph.kinds
        self.solid = [k == "#" for k in kinds]
        self.pairs = [tuple(board.endpoints[label]) for label in board.labels]
        ends = {c for pair in self.pairs for c in pair}
        self.need = [0 if self.solid[v] else 1 if v in ends else 2 for v in range(self.n)]
        w = board.width
        self.colour = [1 if (v // w + v % w) % 2 else -1 for v in range(self.n)]
        self.fill = fill
        self.balance = (balance and fill and board.geometry.kind == SQUARE
                        and not board.geometry.wrap and not board.geometry.bridges)
        self.trail: list[int] = []
        self.levels: list[int] = []
        self.fixed: set[int] = set()
        self.pending: list[list[int]] = []
        self.dirty = True
        self.checks = 0
        self.seconds = 0.0
        self.fired = {"conn": 0, "region": 0, "balance": 0}

    def observed(self) -> list[int]:
        return list(range(1, len(self.edges) + 1))

    def on_assignment(self, lit: int, fixed: bool = False) -> None:
        var = abs(lit)
        self.value[var] = 1 if lit > 0 else -1
        if fixed:
            self.fixed.add(var)
        self.trail.append(var)
        self.dirty = True

    def on_new_level(self) -> None:
        self.levels.append(len(self.trail))

    def on_backtrack(self, to: int) -> None:
        if to < len(self.levels):
            start = self.levels[to]
            for var in self.trail[start:]:
                if var not in self.fixed:
                    self.value[var] = 0
            del self.trail[start:]
            del self.levels[to:]
            self.dirty = True

    def check_model(self, model: list[int]) -> bool:
        for lit in model:
            if abs(lit) < len(self.value):
                self.value[abs(lit)] = 1 if lit > 0 else -1
        clause = self._timed()
        if clause is not None:
            self.pending.append(clause)
        return clause is None

    def has_clause(self) -> bool:
        if not self.pending and self.dirty:
            self.dirty = False
            clause = self._timed()
            if clause is not None:
                self.pending.append(clause)
        return bool(self.pending)

    def add_clause(self) -> list[int]:
        return self.pending.pop() if self.pending else []

    def propagate(self) -> list[int]:
        return []

    def provide_reason(self, lit: int) -> list[int]:
        return []

    def _timed(self) -> list[int] | None:
        begun = time.perf_counter()
        self.checks += 1
        try:
            return self._dead_end()
        finally:
            self.seconds += time.perf_counter() - begun

    def _dead_end(self) -> list[int] | None:
        value, incident = self.value, self.incident
        owner = [-1] * self.n
        via = [0] * self.n  # the true edge that reached a held cell
        heads: list[list[int] | None] = []
        for label, pair in enumerate(self.pairs):
            ends: list[int] | None = []
            for start in pair:
                if owner[start] == label:  # reached from the other end: finished
                    ends = None
                    break
                owner[start], prev, cur = label, -1, start
                while True:
                    step = next(((v, o) for v, o in incident[cur] if value[v] == 1 and o != prev),
                                None)
                    if step is None or owner[step[1]] not in (-1, label):
                        break
                    if owner[step[1]] == label:
                        ends = None
                        break
                    owner[step[1]], via[step[1]] = label, step[0]
                    prev, cur = cur, step[1]
                if ends is None:
                    break
                ends.append(cur)
            heads.append(ends)
        comp = [-1] * self.n
        count = 0
        for s in range(self.n):
            if owner[s] != -1 or comp[s] != -1 or self.solid[s]:
                continue
            comp[s], stack = count, [s]
            while stack:
                c = stack.pop()
                for v, o in incident[c]:
                    if value[v] != -1 and owner[o] == -1 and comp[o] == -1:
                        comp[o] = count
                        stack.append(o)
            count += 1
        touched = [False] * count
        for label, ends in enumerate(heads):
            if ends is None:
                continue
            near, meet = [], False
            for k, h in enumerate(ends):
                seen = set()
                for v, o in incident[h]:
                    if value[v] != -1:
                        if owner[o] == -1:
                            seen.add(comp[o])
                        elif o == ends[1 - k]:
                            meet = True
                near.append(seen)
                for c in seen:
                    touched[c] = True
            if not meet and not near[0] & near[1]:
                clause = self._cut(label, ends[0], owner, comp, near[0], via)
                if clause is not None:
                    self.fired["conn"] += 1
                    return clause
        if self.balance:
            clause = self._unbalanced()
            if clause is not None:
                self.fired["balance"] += 1
                return clause
        if self.fill:
            for c in range(count):
                if not touched[c]:
                    clause = self._region(c, comp)
                    if clause is not None:
                        self.fired["region"] += 1
                        return clause
        return None

    def _cut(self, label, head, owner, comp, near, via) -> list[int] | None:
        inside = {head}
        cell = head
        while via[cell]:
            a, b = self.edges[via[cell] - 1]
            cell = a if b == cell else b
            inside.add(cell)
        inside |= {s for s in range(self.n) if comp[s] != -1 and comp[s] in near}
        clause = set()
        for c in inside:
            for v, o in self.incident[c]:
                if o in inside:
                    continue
                if self.value[v] == -1:
                    clause.add(v)
                elif owner[o] not in (-1, label):
                    while via[o]:  # the other label's true edges back to its endpoint
                        clause.add(-via[o])
                        a, b = self.edges[via[o] - 1]
                        o = a if b == o else b
                else:
                    return None
        return sorted(clause)

    def _region(self, c, comp) -> list[int] | None:
        clause = set()
        for s in range(self.n):
            if comp[s] == c:
                for v, o in self.incident[s]:
                    if comp[o] != c:
                        if self.value[v] != -1:
                            return None
                        clause.add(v)
        return sorted(clause)

    def _unbalanced(self) -> list[int] | None:
        value, incident = self.value, self.incident
        short = self.need[:]
        for i, (a, b) in enumerate(self.edges):
            if value[i + 1] == 1:
                short[a] -= 1
                short[b] -= 1
        seen = [False] * self.n
        for s in range(self.n):
            if seen[s] or short[s] <= 0:
                continue
            seen[s], stack, part, total = True, [s], [s], 0
            while stack:
                c = stack.pop()
                total += self.colour[c] * short[c]
                for v, o in incident[c]:
                    if value[v] == 0 and not seen[o]:
                        seen[o] = True
                        stack.append(o)
                        part.append(o)
            if total:
                return sorted({v if value[v] == -1 else -v for c in part
                               for v, _ in incident[c] if value[v]})
        return None


def calls(board, rules: str, limit: float, with_propagator: bool) -> list[dict]:
    encoding = encode(board, parse_rules(rules), Method())
    solver = Solver(name="cadical195", bootstrap_with=encoding.clauses.clauses)
    probe = None
    if with_propagator:
        probe = DeadEnds(board, parse_rules(rules).fill, balance=True)
        solver.connect_propagator(probe)
        for var in probe.observed():
            solver.observe(var)
    ends = encoding.variables.graph.edges
    var = encoding.variables.edge_var
    out = []
    for _ in range(2):
        begun, answer = time.perf_counter(), None
        before = solver.accum_stats().get("conflicts", 0)
        while time.perf_counter() - begun < limit:
            solver.conf_budget(2000)
            answer = solver.solve_limited()
            if answer:
                read = read_model(board, ends, solver.get_model())
                if read.cycles:  # cut as the lazy loop does (the region rule finds none)
                    chosen = read.edges()
                    for cells in read.cycles:
                        solver.add_clause(cycle_cut(encoding, cells, chosen))
                    answer = None
                    continue
            if answer is not None:
                break
        row = {"answer": {None: "timeout", False: "unsat", True: "sat"}[answer],
               "seconds": round(time.perf_counter() - begun, 2),
               "conflicts": solver.accum_stats().get("conflicts", 0) - before}
        if probe is not None:
            row.update(checks=probe.checks, in_checks=round(probe.seconds, 2), **probe.fired)
        out.append(row)
        if not answer:
            break
        solver.add_clause([-var[e] for e in read.edges()])
    if probe is not None:
        solver.disconnect_propagator()
    solver.delete()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="mzucker")
    parser.add_argument("--match", default="12x12_28,12x12_30,14x14_19")
    parser.add_argument("--profiles", default="fill,nikoli")
    parser.add_argument("--limit", type=float, default=20.0, help="seconds per call")
    args = parser.parse_args()
    print("| board | profile | CaDiCaL: first, second | with the propagator: first, second |")
    print("|---|---|---|---|")
    for name, board in boards(args.only.split(","), 10**6, args.match):
        for rules in args.profiles.split(","):
            plain = calls(board, rules, args.limit, False)
            probed = calls(board, rules, args.limit, True)

            def text(rows):
                return "; ".join(", ".join(f"{k} {v}" for k, v in r.items()) for r in rows)
            print(f"| {name} | {rules} | {text(plain)} | {text(probed)} |", flush=True)


if __name__ == "__main__":
    main()

"""Count a board's solutions with graphillion, in this process.

graphillion keeps one universe per process and its diagram cannot be stopped by a deadline or
a memory bound, so this runs only in a process of its own (:mod:`satlink.zdd.child`), never in
a solver's or a server's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import islice

from satlink.board import Board
from satlink.rules import Rules
from satlink.zdd.problem import Problem, problem


@dataclass(frozen=True)
class Counted:
    """The diagram's answer: the number of solutions (exact: a diagram counts them all, the
    caller caps it) and up to ``keep`` of them as edge indices."""

    count: int
    edge_sets: list[list[int]] = field(default_factory=list)
    width: int = 0
    order: str = ""
    edges: int = 0


def count(board: Board, rules: Rules, keep: int = 2,
          decided: Sequence[int] | None = None) -> Counted:
    """Every solution of ``board`` under ``rules`` as one diagram; its size and ``keep`` of
    its members."""
    asked = problem(board, rules, decided)
    if asked.settled is not None:
        return Counted(asked.settled, [[]] if asked.settled and keep else [], asked.width,
                       asked.order, 0)
    graphs = _diagram(board, asked)
    index = board.graph.edge_index
    found = [[index[(a, b) if a < b else (b, a)] for a, b in members]
             for members in islice(graphs, keep)]
    return Counted(graphs.len(), found, asked.width, asked.order, len(asked.edges))


def _diagram(board: Board, asked: Problem):
    from graphillion import GraphSet

    GraphSet.set_universe([board.edges[e] for e in asked.edges], traversal="as-is")
    return GraphSet.graphs(vertex_groups=[list(group) for group in asked.groups],
                           degree_constraints=dict(asked.degrees), no_loop=True)

"""Test-only ways of running the solver that the library deliberately does not offer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satlink import Board, Solution, check
from satlink.graph import Edge
from satlink.repair.plans import Constraints
from satlink.repair.symmetry import symmetries
from satlink.rules import parse_rules
from satlink.solver.cycles import detached_components, endpoint_cells
from satlink.solver.encode import encode
from satlink.solver.method import DEFAULT_METHOD, Method
from satlink.solver.search import SolutionEnumerator
from satlink.solver.verdict import Status
from testbed.oracle import graph_solutions


class UncutSearch(SolutionEnumerator):
    """A search that takes every model's edge set as it is, detached cycles and all."""

    _cut_cycles = False


def solutions_without_cuts(board: Board, rules: str, method: Method = DEFAULT_METHOD,
                           limit: int = 2) -> list[Solution]:
    """Up to ``limit`` distinct edge sets of the bare encoding, read as solutions, with the
    detached-cycle check switched off: what a solver that ignores cycles would answer."""
    profile = parse_rules(rules)
    encoding = encode(board, profile, method)
    found: list[Solution] = []
    with UncutSearch(encoding, method) as search:
        for solution in search.solutions():
            found.append(solution)
            if len(found) >= limit:
                break
    return found


@dataclass(frozen=True)
class ModelEdges:
    """The edge set a model chooses, and its components without an endpoint: the plain,
    edge-by-edge reading that :mod:`satlink.solver.decode` replaced, kept as its reference."""

    edges: list[Edge]
    cycles: list[set[int]]

    def solution(self, board: Board) -> Solution:
        return Solution.from_edges(board, self.edges)


def model_edges(board: Board, model: Sequence[int],
                endpoints: set[int] | None = None) -> ModelEdges:
    """Read edge variables ``1..E`` from a PySAT model, edge by edge."""
    chosen = [e for v, e in enumerate(board.edges) if model[v] > 0]
    if endpoints is None:
        endpoints = endpoint_cells(board)
    return ModelEdges(chosen, detached_components(chosen, endpoints))


def run_coroutine(coroutine):
    """``asyncio.run(coroutine)`` in a thread of its own: the session's Playwright browser
    (testbed/browser.py) keeps an event loop running in the main thread, where ``asyncio.run``
    refuses to start another."""
    import asyncio
    import threading

    out: dict = {}

    def target() -> None:
        try:
            out["value"] = asyncio.run(coroutine)
        except BaseException as exc:  # handed to the caller's thread
            out["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out["value"]


def random_rows(rng, width: int, height: int) -> list[str]:
    """A random board of ``width`` x ``height`` with holes and one colour in opposite corners."""
    rows = [[rng.choice(".#.") for _ in range(width)] for _ in range(height)]
    rows[0][0] = rows[-1][-1] = "A"
    return ["".join(row) for row in rows]


def assert_repaired(board: Board, rules: str, chain, cons: Constraints) -> None:
    profile = parse_rules(rules)
    assert chain.repaired and chain.proven and not chain.partial
    final = chain.final
    assert check(final, profile).status == Status.UNIQUE
    if final.size <= 36:
        found = graph_solutions(final, profile.fill, profile.notouch, limit=3)
        assert len(found) == 1
    assert all(len(p) >= cons.min_length for p in chain.solution.paths.values())
    assert abs(len(final.labels) - len(board.labels)) <= cons.colours
    assert final.solid_count() == board.solid_count() or cons.solids
    assert set(symmetries(board)) <= set(symmetries(final)) or not cons.symmetry
    for step in chain.steps:  # every intermediate count is the board's, up to the bound
        assert check(step.board, profile).status == step.status
    assert chain.as_dict()["edits"] == len(chain.steps)

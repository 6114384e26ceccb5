"""The compiled referee against the Python one: the same verdict on every solution of a board
and on wrong solutions made from them.

Shared by ``tests/referee/test_compiled.py`` and ``benchmarks/referee_agreement.py``.  A
board's solutions come from the brute-force oracle (:func:`testbed.oracle.graph_solutions`,
every solution under the loosest profile, so each is then judged valid under some profiles and
not others); wrong ones are planted by :func:`broken`, one mistake each.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from satlink.board import Board
from satlink.referee import compiled
from satlink.referee import paths as reference
from satlink.rules import Rules, parse_rules
from satlink.solution import Solution
from testbed.oracle import graph_solutions
from testbed.variants import fits_oracle, random_variant

PROFILES = [parse_rules(p) for p in
            ("flow", "fill", "nikoli", "notouch", "no2x2", "fill,no2x2", "notouch,no2x2")]
MISTAKES = ("drop", "swap", "reverse-part", "twice", "off-board", "other-label", "stray",
            "rename-crossing", "other-solution", "cut-short", "reverse")


def family_boards(seed: int, family: str, n: int) -> Iterator[Board]:
    """``n`` random boards of one family of :mod:`testbed.variants` (3x3 to 6x4, each one the
    oracle enumerates), deterministic in ``seed``."""
    rng = random.Random(seed)
    made = 0
    while made < n:
        variant = random_variant(rng, family)
        if fits_oracle(variant):
            made += 1
            yield variant.board()


def oracle_solutions(board: Board, limit: int = 60) -> list[Solution]:
    """Up to ``limit`` solutions of ``board`` under the loosest profile, from the oracle."""
    return [Solution.from_edges(board, edges)
            for edges, _ in graph_solutions(board, False, False, limit=limit)]


def broken(rng: random.Random, board: Board, solution: Solution,
           others: list[Solution]) -> tuple[str, Solution]:
    """One mistake planted in ``solution`` (which may, now and then, leave it valid: a path
    reversed, or another solution's path that happens to fit): its name and the result."""
    paths = {k: list(v) for k, v in solution.paths.items()}
    if not paths:  # a board without endpoints: nothing to break
        return "solution", solution
    label = rng.choice(sorted(paths))
    path = paths[label]
    kind = rng.choice(MISTAKES)
    inner = range(1, len(path) - 1)
    if kind == "drop" and len(path) > 2:
        del path[rng.choice(inner)]
    elif kind == "swap" and len(path) > 3:
        i, j = rng.sample(inner, 2)
        path[i], path[j] = path[j], path[i]
    elif kind == "reverse-part" and len(path) > 3:
        i, j = sorted(rng.sample(range(len(path)), 2))
        path[i:j] = reversed(path[i:j])
    elif kind == "twice":
        donor = paths[rng.choice(sorted(paths))]
        path.insert(rng.randrange(1, len(path)), donor[rng.randrange(len(donor))])
    elif kind == "off-board":
        path.insert(rng.randrange(len(path) + 1), rng.choice((-1, board.n_nodes, board.n_nodes + 7)))
    elif kind == "other-label" and len(paths) > 1:
        other = rng.choice([k for k in paths if k != label])
        paths[label], paths[other] = paths[other], paths[label]
    elif kind == "rename-crossing" and any(board.node_cell(x) in board.crossings for x in path):
        i = rng.choice([i for i, x in enumerate(path) if board.node_cell(x) in board.crossings])
        path[i] = rng.choice(board.crossings[board.node_cell(path[i])])
    elif kind == "other-solution" and others:
        paths[label] = list(rng.choice(others).paths[label])
    elif kind == "cut-short" and len(path) > 2:
        del path[rng.randrange(2, len(path)):]
    elif kind == "reverse":
        path.reverse()
    else:  # stray: any node of the board (or a crossing) put into the path
        path.insert(rng.randrange(1, len(path)), rng.randrange(board.n_nodes))
    return kind, Solution.from_paths(paths)


def verdicts(board: Board, solution: Solution, rules: Rules) -> tuple[bool, bool]:
    """(compiled, Python): whether each referee takes ``solution`` as valid."""
    return (compiled.valid(board, solution, rules),
            not reference.solution_errors(board, solution, rules))


def candidates(rng: random.Random, board: Board, solutions: list[Solution],
               planted: int) -> Iterator[tuple[str, Solution]]:
    """Every solution, and ``planted`` broken ones made from each."""
    for solution in solutions:
        yield "solution", solution
        for _ in range(planted):
            yield broken(rng, board, solution, solutions)


def disagreements(rng: random.Random, board: Board, solutions: list[Solution], planted: int,
                  tally: dict[tuple[str, bool], int] | None = None,
                  profiles: Iterable[Rules] = PROFILES) -> list[tuple[str, str, Solution]]:
    """Where the two referees differ, over every candidate under every profile: (kind,
    profile, candidate).  ``tally`` counts (kind, valid) pairs, so a caller can see that both
    verdicts were met."""
    profiles = list(profiles)
    out = []
    for kind, candidate in candidates(rng, board, solutions, planted):
        for rules in profiles:
            fast, slow = verdicts(board, candidate, rules)
            if tally is not None:
                tally[kind, slow] = tally.get((kind, slow), 0) + 1
            if fast != slow:
                out.append((kind, str(rules), candidate))
    return out

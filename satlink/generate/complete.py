"""Complete what a designer drew: keep the placed endpoints (and any path drawn between
them), cover the rest of the board with new pairs, and keep only a board proven unique.

This is the generator's idea (paths first, the puzzle is their endpoints) started from a
designer's board instead of an empty one:

1. each placed pair gets a path: the one drawn for it if it joins its endpoints, else one of
   up to :data:`PLACED_CHOICES` solutions of the board under ``nikoli`` (cells may stay
   empty) with the drawn paths' cells held as solid, picked at random per attempt;
2. the cells left over are covered by random walks, each at least ``min_length`` cells, grown
   from the cell with the fewest free neighbours (the growth that leaves the fewest single
   cells behind); under ``notouch`` a walk never steps beside its own earlier cells, so the
   grown paths are a solution under the profile; a cell no walk can take ends the attempt;
3. every walk's two ends become a new pair, and the board is checked by :func:`check`: an
   attempt is kept only when the verdict is ``unique`` (the solution the check found is the
   one returned, whatever was grown); on a ``multiple`` board a new walk is cut in two
   where the two solutions differ (the generator's repair), up to :data:`MAX_SPLITS` times;
   the designer's pairs are never cut.

Attempts repeat with new random choices until one is unique or ``seconds`` pass.  Boards with
bridges are refused (a walk through a crossing would need the axis bookkeeping the generator
has; its ``--bridges`` option lays bridges out itself).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from satlink.board import Board, label_for
from satlink.graph import EMPTY, SOLID
from satlink.rules import Rules, parse_rules
from satlink.solution import Solution
from satlink.solver.check import check
from satlink.solver.verdict import Status


class CompletionError(ValueError):
    """A board that cannot be completed as asked (bridges, a drawn path that is not one)."""


@dataclass
class Completion:
    """A completed board and its unique solution, or why none was found."""

    board: Board | None
    solution: Solution | None
    attempts: int
    reason: str = ""


def _own_paths(board: Board, drawn: Mapping[str, Sequence[int]]) -> dict[str, list[int]]:
    """The drawn paths that join their pair's endpoints, as cells (others are ignored)."""
    out = {}
    for label, path in drawn.items():
        ends = board.endpoints.get(label)
        if not ends or len(path) < 2 or {path[0], path[-1]} != set(ends):
            continue
        if any(b not in board.neighbors(a) for a, b in zip(path, path[1:], strict=False)):
            raise CompletionError(f"the drawn path of {label} has a step between cells that are "
                                  "not neighbours")
        out[label] = list(path)
    return out


PLACED_CHOICES = 24
"""Ways of joining the placed pairs tried (a ``nikoli`` count up to this many solutions): one
that walls off a single cell would fail every attempt."""


def _placed_paths(board: Board, drawn: dict[str, list[int]], deadline: float
                  ) -> list[dict[str, list[int]]]:
    """Ways to give every placed pair a path: the drawn ones, the others from ``nikoli``
    solutions of the board with the drawn paths held solid (empty: no way)."""
    rest = [label for label in board.labels if label not in drawn]
    if not rest:
        return [dict(drawn)]
    taken = {c for path in drawn.values() for c in path}
    rows = ["".join(SOLID if (r * board.width + c) in taken else (EMPTY if ch in drawn else ch)
                    for c, ch in enumerate(row)) for r, row in enumerate(board.rows)]
    verdict = check(board.with_rows(rows), "nikoli", count=PLACED_CHOICES,
                    timeout=max(0.1, min(2.0, deadline - time.monotonic())))
    return [{**drawn, **{label: list(s.paths[label]) for label in rest}}
            for s in verdict.solutions]


def _walks(board: Board, free: set[int], notouch: bool, min_length: int,
           rng: random.Random) -> list[list[int]] | None:
    """Cover ``free`` with walks of at least ``min_length`` cells, or None."""
    free = set(free)
    walks: list[list[int]] = []

    def degree(c: int) -> int:
        return sum(n in free for n in board.neighbors(c))

    while free:
        start = min(free, key=lambda c: (degree(c), rng.random()))
        walk = [start]
        free.discard(start)
        while True:
            here = walk[-1]
            steps = [n for n in board.neighbors(here) if n in free
                     and not (notouch and any(m in walk[:-1] for m in board.neighbors(n)))]
            if not steps:
                break
            nxt = min(steps, key=lambda c: (degree(c), rng.random()))
            walk.append(nxt)
            free.discard(nxt)
        if len(walk) < min_length and not _join(board, walks, walk):
            return None
        if len(walk) >= min_length:
            walks.append(walk)
    return walks


def _join(board: Board, walks: list[list[int]], short: list[int]) -> bool:
    """Add a walk too short to stand alone to the end of a walk it touches, end to end."""
    for walk in walks:
        for a in (short, short[::-1]):
            if a[0] in board.neighbors(walk[-1]):
                walk.extend(a)
                return True
            if a[-1] in board.neighbors(walk[0]):
                walk[:0] = a
                return True
    return False


MAX_SPLITS = 12
"""Walks cut in two, where two solutions differ, before an attempt is given up (the
generator's repair: a new pair where the ambiguity is)."""


def _same_path(a: Sequence[int], b: Sequence[int]) -> bool:
    return list(a) == list(b) or list(a) == list(b)[::-1]


def _with_walks(board: Board, walks: list[list[int]]) -> Board:
    """The board with each walk's ends as a new pair."""
    names = iter(label_for(i) for i in range(10_000))
    cells = list("".join(board.rows))
    for walk in walks:
        label = next(n for n in names if n not in board.endpoints)
        cells[walk[0]] = cells[walk[-1]] = label
    return board.with_rows("".join(cells[r * board.width:(r + 1) * board.width])
                           for r in range(board.height))


def _split(walks: list[list[int]], differ: set[int], min_length: int) -> bool:
    """Cut a walk through the differing cells in two, both parts long enough; the grown
    paths stay a solution (two pairs instead of one) and the other solution is broken
    there, unless it happens to draw the same cut."""
    for i, walk in enumerate(walks):
        cuts = [k for k in range(min_length, len(walk) - min_length + 1)
                if walk[k] in differ or walk[k - 1] in differ]
        if cuts:
            k = cuts[len(cuts) // 2]
            walks[i:i + 1] = [walk[:k], walk[k:]]
            return True
    return False


def complete(board: Board, rules: Rules | str | None = None, *,
             drawn: Mapping[str, Sequence[int]] | None = None, seconds: float = 10.0,
             min_length: int = 3, seed: int = 0, timeout: float | None = None) -> Completion:
    """Complete ``board`` into a puzzle unique under ``rules``, keeping its endpoints (and
    the ``drawn`` paths, ``{label: [cell, ...]}``, that join them); see the module's
    docstring.  ``timeout``: seconds per check (default: what is left)."""
    if board.geometry.bridges:
        raise CompletionError("completing a board with bridges is not supported")
    profile: Rules = parse_rules(rules)
    start = time.monotonic()
    deadline = start + seconds
    rng = random.Random(seed)
    own = _own_paths(board, drawn or {})
    attempts = 0
    reason = "no attempt finished in time"
    ways = _placed_paths(board, own, deadline)
    if not ways:
        return Completion(None, None, 0, "the placed pairs cannot all be joined")
    while time.monotonic() < deadline:
        attempts += 1
        placed = rng.choice(ways)
        used = {c for path in placed.values() for c in path}
        free = {c for c in board.open_cells() if c not in used}
        walks = _walks(board, free, profile.notouch, min_length, rng)
        if walks is None:
            reason = "some cells could not be covered by paths long enough"
            continue
        if len(board.labels) + len(walks) > 3000:
            return Completion(None, None, attempts, "too many pairs")
        for _ in range(MAX_SPLITS + 1):
            candidate = _with_walks(board, walks)
            left = max(0.1, deadline - time.monotonic())
            verdict = check(candidate, profile, timeout=min(left, timeout or left))
            if verdict.status == Status.UNIQUE:
                solution = verdict.solutions[0]
                if all(_same_path(solution.paths[k], p) for k, p in own.items()):
                    return Completion(candidate, solution, attempts)
                reason = "the only solution of the last attempt redraws a drawn path"
                break
            reason = f"the last attempt was {verdict.status}"
            if verdict.status != Status.MULTIPLE or not _split(walks, set(verdict.diff_cells),
                                                               min_length):
                break
    return Completion(None, None, attempts, f"no unique completion in {seconds:g} s "
                                            f"({attempts} attempts; {reason})")

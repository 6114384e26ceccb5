"""Boards the tests share: random small boards for property tests (arbitrary ones and ones
built from real path systems), the cycle trap, and the mzucker corpus read in place."""

from __future__ import annotations

import random
from pathlib import Path

from satlink.board import Board, label_for
from satlink.formats import read_file


def parity_rows(n: int) -> list[str]:
    """Corner to opposite corner of an even n x n board: cannot be filled (checkerboard
    parity), and CDCL solvers are slow to see it, so it is a reliable slow board for timeouts."""
    rows = ["." * n for _ in range(n)]
    rows[0] = "A" + rows[0][1:]
    rows[-1] = rows[-1][:-1] + "A"
    return rows


def random_board(rng: random.Random) -> list[str]:
    """Random endpoints and solids: mostly unsolvable or multiple, which is what we want too."""
    w, h = rng.randint(1, 5), rng.randint(1, 4)
    if w * h < 2:
        w = 2
    cells = ["." if rng.random() > 0.12 else "#" for _ in range(w * h)]
    free = [i for i, ch in enumerate(cells) if ch == "."]
    rng.shuffle(free)
    labels = rng.randint(0, min(3, len(free) // 2))
    for k in range(labels):
        cells[free[2 * k]] = cells[free[2 * k + 1]] = label_for(k)
    return ["".join(cells[r * w : (r + 1) * w]) for r in range(h)]


def path_board(rng: random.Random) -> list[str]:
    """Endpoints of random self-avoiding walks: always solvable under nikoli, often under fill."""
    w, h = rng.randint(2, 5), rng.randint(2, 5)
    used: set[tuple[int, int]] = set()
    grid = [["."] * w for _ in range(h)]
    for k in range(rng.randint(1, 4)):
        free = [(r, c) for r in range(h) for c in range(w) if (r, c) not in used]
        if len(free) < 2:
            break
        path = [rng.choice(free)]
        used.add(path[0])
        while len(path) < 2 or rng.random() < 0.8:
            r, c = path[-1]
            options = [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                       if 0 <= r + dr < h and 0 <= c + dc < w and (r + dr, c + dc) not in used]
            if not options:
                break
            path.append(rng.choice(options))
            used.add(path[-1])
        if len(path) < 2:
            break
        for r, c in (path[0], path[-1]):
            grid[r][c] = label_for(k)
    return ["".join(row) for row in grid]


def cover_board(rng: random.Random, sizes: tuple[int, int] = (2, 5)) -> list[str]:
    """Endpoints of random walks that cover the grid (leftover single cells become solid).

    Solvable under ``fill`` by construction (and under ``flow`` when the walks do not touch
    themselves, which they are steered towards), and often ambiguous.
    """
    w, h = rng.randint(*sizes), rng.randint(*sizes)
    owner: dict[tuple[int, int], int] = {}
    grid = [["."] * w for _ in range(h)]
    paths: list[list[tuple[int, int]]] = []

    def free_neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + dr < h and 0 <= c + dc < w and (r + dr, c + dc) not in owner]

    cells = [(r, c) for r in range(h) for c in range(w)]
    rng.shuffle(cells)
    strict = rng.random() < 0.6  # strictly non-touching walks: solvable under flow too
    for start in cells:
        if start in owner:
            continue
        path = [start]
        owner[start] = len(paths)
        while True:
            options = free_neighbours(path[-1])
            calm = [n for n in options
                    if not any(owner.get(m) == len(paths) and m != path[-1] for m in _around(n))]
            options = calm if calm and (strict or rng.random() < 0.9) else options
            if not options or (len(path) > 2 and rng.random() < 0.15) or (strict and not calm):
                break
            path.append(rng.choice(options))
            owner[path[-1]] = len(paths)
        paths.append(path)
    labels = 0
    for path in paths:
        if len(path) == 1:
            r, c = path[0]
            grid[r][c] = "#"
            continue
        for r, c in (path[0], path[-1]):
            grid[r][c] = label_for(labels)
        labels += 1
    return ["".join(row) for row in grid]


def _around(cell: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = cell
    return [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]


PROFILES = ["flow", "fill", "nikoli", "notouch", "no2x2", "fill,no2x2"]
CAP = 6


def boards(seed: int, n: int) -> list[list[str]]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        rows = (random_board, path_board, cover_board)[len(out) % 3](rng)
        try:
            Board.from_rows(rows)
        except ValueError:
            continue
        out.append(rows)
    return out


def expected_status(n: int) -> str:
    return {0: "unsolvable", 1: "unique"}.get(n, "multiple")


# The 2x2 block on the right has no endpoint.  Under fill the only real solution sends B on a
# detour through it; locally, "A and B go straight and the block is a 4-cycle" also fits.
TRAP = ["AB..", "AB.."]


FILL_AMBIGUOUS = {"jumbo_13x13_26", "jumbo_14x14_01", "jumbo_14x14_19", "jumbo_14x14_30"}


def mzucker_boards(corpus: Path):
    files = sorted((corpus / "mzucker-flow_solver" / "puzzles").glob("*.txt"))
    assert len(files) == 29
    for path in files:
        (entry,) = list(read_file(str(path)))
        assert entry.error is None, entry.error
        yield path.stem, entry.board


def random_draft(rng: random.Random, size: int) -> Board:
    """A designer's first draft: about cells/8 pairs placed at random on a size x size board
    (nearly always unsolvable under flow); shared by the repair tests and benchmark."""
    pairs = max(2, size * size // 8)
    cells = rng.sample(range(size * size), 2 * pairs)
    grid = ["."] * (size * size)
    for i in range(pairs):
        grid[cells[2 * i]] = grid[cells[2 * i + 1]] = label_for(i)
    return Board.from_rows(["".join(grid[r * size:(r + 1) * size]) for r in range(size)])

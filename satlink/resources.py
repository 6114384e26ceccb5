"""Memory: estimate what a board's CNF will need before it is built, and refuse what cannot fit.

A solver that runs out of memory takes the machine (or a batch worker) down with it, after
minutes of work; an estimate costs nothing.  The estimate counts clauses per cell from the
formulas in ``encodings/`` (rounded up) and charges each clause what it cost when measured
(``benchmarks/README.md``: 5.3 GB for 34 M clauses at 1002x1002, 615 MB for 4.1 M at
200x200, 19 GB for 101 M one-hot clauses at 50x50: 120–190 bytes per clause inside PySAT's
solvers, Python's chunked transfer included).  binary-edge's 25 + 6k clauses per cell (k code
bits) matches the measured 34 per cell with 4 labels and 102 with 5,000.
"""

from __future__ import annotations

import math

from satlink.board import Board

BYTES_PER_CLAUSE = 160
BASE_BYTES = 80 * 2**20  # the interpreter, numpy, PySAT
BYTES_PER_CELL_FOR_LIMIT = 6 * 1024  # binary-edge with a few labels, for --max-cells auto
USABLE_SHARE = 0.9  # leave some memory to everything else


class BoardTooLarge(Exception):
    """The board's CNF would not fit in the memory this machine has available."""


def available_bytes() -> int | None:
    """Memory the kernel says can be used without swapping (``MemAvailable``), if known."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def estimated_clauses(cells: int, labels: int, encoding: str, card: str = "pairwise") -> int:
    """About how many clauses ``encoding`` writes for a board of this size (an upper guess)."""
    k = max(1, math.ceil(math.log2(max(2, labels))))
    binary = cells * (25 + 6 * k)  # degree, colour codes, differ bits, notouch, corner lemma
    if encoding == "shape":
        return int(1.5 * binary)
    if encoding == "acyclic":
        ranks = max(1, math.ceil(math.log2(max(2, cells))))
        return binary + cells * 2 * (4 + 4 * ranks)  # two arcs per edge, four clauses per rank bit
    if encoding == "onehot-edge":
        # pairwise at-most-one per cell plus the per-label colour and notouch clauses
        per_label = 2 * labels * labels // 3 if card == "pairwise" else 10 * labels
        return cells * (per_label + 10 * labels + 20)
    return binary


def estimated_bytes(cells: int, labels: int, encoding: str, card: str = "pairwise") -> int:
    return BASE_BYTES + BYTES_PER_CLAUSE * estimated_clauses(cells, labels, encoding, card)


def ensure_fits(board: Board, encoding: str, card: str, available: int | None = None) -> None:
    """Raise :class:`BoardTooLarge` when the estimate exceeds the usable memory."""
    available = available_bytes() if available is None else available
    if available is None:
        return
    need = estimated_bytes(board.size, len(board.labels), encoding, card)
    if need > USABLE_SHARE * available:
        raise BoardTooLarge(
            f"a {board.width}x{board.height} board with {len(board.labels)} labels needs about "
            f"{need / 2**30:.1f} GB for the {encoding} encoding, more than the "
            f"{available / 2**30:.1f} GB available; try --encoding binary-edge, or a machine "
            "with more memory")


def default_max_cells(available: int | None = None) -> int:
    """``--max-cells auto``: the largest board a reader accepts on this machine, from the
    memory available (at least 1,000,000 cells where that is unknown)."""
    available = available_bytes() if available is None else available
    if available is None:
        return 4_000_000
    return max(10_000, int(USABLE_SHARE * available / BYTES_PER_CELL_FOR_LIMIT))

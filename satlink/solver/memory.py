"""Memory: estimate what a board's CNF will need before it is built, and refuse what cannot fit.

A solver that runs out of memory takes the machine (or a batch worker) down with it, after
minutes of work; an estimate costs nothing.  Each encoding kind estimates its clauses from the
formulas in ``encodings/`` (:attr:`satlink.cnf.kinds.EncodingKind.clauses`, rounded up), and
each clause is charged what it cost when measured (:data:`BYTES_PER_CLAUSE`; the measurements
are in ``benchmarks/README.md``, "Memory estimate").
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from satlink.board import Board
from satlink.cnf.kinds import DEFAULT_CARD, ENCODING_KINDS, EncodingKind

if TYPE_CHECKING:
    from satlink.solver.method import Method

BYTES_PER_CLAUSE = 160
BASE_BYTES = 80 * 2**20  # the interpreter, numpy, PySAT
BYTES_PER_CELL_FOR_LIMIT = 6 * 1024  # binary-edge with a few labels, for --max-cells auto
USABLE_SHARE = 0.9  # leave some memory to everything else


class BoardTooLarge(Exception):
    """The board's CNF would not fit in the memory this machine has available."""


MEMINFO = Path("/proc/meminfo")
CGROUP_ROOT = Path("/sys/fs/cgroup")
SELF_CGROUP = Path("/proc/self/cgroup")
SELF_STATM = Path("/proc/self/statm")
UNLIMITED = 2**60  # cgroup v1 writes "no limit" as a number near 2**63


def available_bytes() -> int | None:
    """Memory this process can still use, if known: the least of what the kernel says can
    be used without swapping (``MemAvailable``), what the process's memory cgroup allows
    beyond its usage (v2 ``memory.max`` - ``memory.current``, v1 ``memory.limit_in_bytes`` -
    ``memory.usage_in_bytes``, reclaimable page cache not counted as used; every ancestor's
    limit applies too), and the address-space limit (``RLIMIT_AS``) beyond what the process
    has mapped.  A container's limit is usually far below the host's MemAvailable."""
    known = [b for b in (_meminfo(), _cgroup(), _address_space()) if b is not None]
    return max(0, min(known)) if known else None


def _meminfo() -> int | None:
    try:
        for line in MEMINFO.read_text(encoding="ascii").splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def _number(path: Path) -> int | None:
    try:
        text = path.read_text(encoding="ascii").strip()
        value = int(text)
    except (OSError, ValueError):
        return None  # missing, unreadable, or "max"
    return value if value < UNLIMITED else None


def _inactive_file(folder: Path, key: str) -> int:
    try:
        for line in (folder / "memory.stat").read_text(encoding="ascii").splitlines():
            name, _, value = line.partition(" ")
            if name == key:
                return int(value)
    except (OSError, ValueError):
        pass
    return 0


def _cgroup_folders() -> list[tuple[Path, str]]:
    """(folder, version) of this process's memory cgroup and of each of its ancestors."""
    try:
        lines = SELF_CGROUP.read_text(encoding="ascii").splitlines()
    except OSError:
        lines = []
    found: list[tuple[Path, str]] = []
    for line in lines:
        number, _, rest = line.partition(":")
        controllers, _, path = rest.partition(":")
        if number == "0" and controllers == "":
            base, version = CGROUP_ROOT, "v2"
        elif "memory" in controllers.split(","):
            base, version = CGROUP_ROOT / "memory", "v1"
        else:
            continue
        parts = [p for p in path.split("/") if p]
        for depth in range(len(parts), -1, -1):
            found.append((base.joinpath(*parts[:depth]), version))
    return found


def _cgroup() -> int | None:
    room = None
    for folder, version in _cgroup_folders():
        if version == "v2":
            limit, used = _number(folder / "memory.max"), _number(folder / "memory.current")
            cache = _inactive_file(folder, "inactive_file")
        else:
            limit = _number(folder / "memory.limit_in_bytes")
            used = _number(folder / "memory.usage_in_bytes")
            cache = _inactive_file(folder, "total_inactive_file")
        if limit is None:
            continue
        left = limit - max(0, (used or 0) - cache)
        room = left if room is None else min(room, left)
    return room


def _address_space() -> int | None:
    try:
        import resource
    except ImportError:  # not on Windows
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY or soft < 0:
        return None
    try:
        mapped = int(SELF_STATM.read_text(encoding="ascii").split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        mapped = 0
    return soft - mapped


def estimated_bytes(cells: int, labels: int, kind: EncodingKind, card: str = DEFAULT_CARD) -> int:
    """About what ``kind``'s CNF of a board of this size costs inside the solver."""
    return BASE_BYTES + BYTES_PER_CLAUSE * kind.clauses(cells, labels, card)


ALWAYS_FITS = BASE_BYTES + 16 * 2**20
"""An estimate below this (the interpreter's share and 16 MB of clauses: boards of a few
thousand cells) is taken to fit anywhere satlink runs: reading /proc and the cgroup files
costs more than a small board's proof, and a larger board's own work dwarfs one reading, so
it is read afresh for each of those (``benchmarks/README.md``, "Memory estimate")."""


def ensure_fits(board: Board, method: Method, available: int | None = None) -> None:
    """Raise :class:`BoardTooLarge` when the estimate exceeds the usable memory.  A board
    whose estimate is below :data:`ALWAYS_FITS` is not measured against the machine (reading
    /proc and the cgroup files cost a few milliseconds per check, a good part of a small
    board's check in the studio's live verdict)."""
    need = estimated_bytes(board.size, len(board.labels), method.kind, method.card)
    if available is None and need < ALWAYS_FITS:
        return
    available = available_bytes() if available is None else available
    if available is None:
        return
    if need > USABLE_SHARE * available:
        raise BoardTooLarge(
            f"a {board.width}x{board.height} board with {len(board.labels)} labels needs about "
            f"{need / 2**30:.1f} GB for the {method.encoding} encoding, more than the "
            f"{available / 2**30:.1f} GB available; {advice(board, method, available)}")


MUCH_LESS = 0.8
"""Another encoding is advised only when its estimate is below this share of the one in use
(estimates within a fifth of each other are the same size, given how rough they are)."""


def advice(board: Board, method: Method, available: int) -> str:
    """What would let ``board`` fit: another encoding whose estimate fits in ``available``
    (the smallest), never the one in use; else that none would, and more memory."""
    cells, labels = board.size, len(board.labels)
    own = estimated_bytes(cells, labels, method.kind, method.card)
    smaller = sorted((need, name) for name, kind in ENCODING_KINDS.items()
                     if (need := estimated_bytes(cells, labels, kind, method.card))
                     < MUCH_LESS * own)
    if not smaller:
        return (f"no encoding needs much less than {method.encoding} on this board: a machine "
                "with more memory")
    need, name = smaller[0]
    if need <= USABLE_SHARE * available:
        return f"try --encoding {name} (about {need / 2**30:.1f} GB), or a machine with more memory"
    return (f"even the smallest encoding, {name}, needs about {need / 2**30:.1f} GB: a machine "
            "with more memory")


def default_max_cells(available: int | None = None) -> int:
    """``--max-cells auto``: the largest board a reader accepts on this machine, from the
    memory available (at least 1,000,000 cells where that is unknown)."""
    available = available_bytes() if available is None else available
    if available is None:
        return 4_000_000
    return max(10_000, int(USABLE_SHARE * available / BYTES_PER_CELL_FOR_LIMIT))

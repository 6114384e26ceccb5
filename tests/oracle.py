"""Brute-force NumberLink oracle for small boards, independent of the CNF code.

It routes the labels one after another, enumerating every simple orthogonal path between a
label's endpoints through free cells, and checks the profile's rules on each complete
assignment.  Exponential, so only for boards up to about 5x5; that is what it is for.
"""

from __future__ import annotations

from satlink.board import SOLID

Grid = list[str]


def count_solutions(rows: Grid, fill: bool, notouch: bool, no2x2: bool, limit: int = 10**6) -> int:
    """Number of distinct solutions (distinct path systems), capped at ``limit``."""
    h, w = len(rows), len(rows[0])
    labels: dict[str, list[tuple[int, int]]] = {}
    for r in range(h):
        for c in range(w):
            ch = rows[r][c]
            if ch not in ".#":
                labels.setdefault(ch, []).append((r, c))
    order = list(labels)
    owner: dict[tuple[int, int], str] = {cell: k for k, cells in labels.items() for cell in cells}
    open_cells = {(r, c) for r in range(h) for c in range(w) if rows[r][c] != SOLID}
    paths: dict[str, list[tuple[int, int]]] = {}
    found = 0

    def neighbours(cell):
        r, c = cell
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            n = (r + dr, c + dc)
            if n in open_cells:
                yield n

    def complete_ok() -> bool:
        if fill and len(owner) != len(open_cells):
            return False
        if no2x2:
            for r in range(h - 1):
                for c in range(w - 1):
                    block = [(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)]
                    names = {owner.get(x) for x in block}
                    if len(names) == 1 and None not in names:
                        return False
        return True

    def route(i: int) -> None:
        nonlocal found
        if found >= limit:
            return
        if i == len(order):
            if complete_ok():
                found += 1
            return
        label = order[i]
        start, goal = labels[label]
        path = [start]
        on_path = {start}

        def extend() -> None:
            cur = path[-1]
            for n in neighbours(cur):
                if n == goal:
                    if notouch and any(m in on_path and m != cur for m in neighbours(n)):
                        continue
                    path.append(n)
                    paths[label] = list(path)
                    route(i + 1)
                    path.pop()
                    continue
                if n in owner or n in on_path:
                    continue
                if notouch and any(m in on_path and m != cur for m in neighbours(n)):
                    continue
                owner[n] = label
                on_path.add(n)
                path.append(n)
                extend()
                path.pop()
                on_path.discard(n)
                del owner[n]

        extend()

    route(0)
    return found


def count_graph_solutions(board, fill: bool, notouch: bool, limit: int = 10**6) -> int:
    """The same search on any board graph (hexagons, warps, walls, bridges: the nodes and
    edges of :class:`satlink.board.Board`), for the variants; ``no2x2`` is not asked for."""
    labels = list(board.labels)
    nodes = set(board.open_nodes())
    owner: dict[int, str] = {cell: k for k, ends in board.endpoints.items() for cell in ends}
    found = 0

    def route(i: int) -> None:
        nonlocal found
        if found >= limit:
            return
        if i == len(labels):
            if not fill or len(owner) == len(nodes):
                found += 1
            return
        label = labels[i]
        start, goal = board.endpoints[label]
        path = [start]
        on_path = {start}

        def touches(n: int, cur: int) -> bool:
            return notouch and any(m in on_path and m != cur for m in board.neighbors(n))

        def extend() -> None:
            cur = path[-1]
            for n in board.neighbors(cur):
                if n == goal:
                    if not touches(n, cur):
                        route(i + 1)
                    continue
                if n in owner or n in on_path or touches(n, cur):
                    continue
                owner[n] = label
                on_path.add(n)
                path.append(n)
                extend()
                path.pop()
                on_path.discard(n)
                del owner[n]

        extend()

    route(0)
    return found

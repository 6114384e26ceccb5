"""How a puzzle *plays*: the figures of issue 22 that compare generated and published levels.

* :func:`forced_only`: the share of open cells a forced-moves-only solver fills.  It is the
  simplest solver a person runs in their head, written here on the board graph (so it takes
  every geometry) and independent of :mod:`satlink.deduce`, so the two measures check each
  other.  It knows, for each colour, the two *heads* (the ends of the two pieces grown from
  its endpoints so far), and repeats two rules until neither applies:

  1. a head with exactly one way on (a free neighbour, or the other head of its colour)
     takes it; reaching the other head completes the colour;
  2. a free cell with exactly two ways left (free neighbours or heads), one of them a head,
     joins that head (under ``fill`` every cell is on a path, so it uses both ways).

  A cell is *filled* once it carries a colour; the endpoints count as filled from the start
  (they are cells of the board a person sees coloured).  Rule 2 needs ``fill``; without it
  only rule 1 runs.
* :func:`play_figures`: that share, the short paths, the staircases (one-edge runs between
  two turns, ``satlink.looks``' jogs) per 100 path edges, the longest path and the border
  endpoints, in one dict (the benchmark and the generator's steering read the same numbers).
"""

from __future__ import annotations

from satlink.board import Board
from satlink.looks import look, runs
from satlink.solution import Solution

FREE = -1


def forced_only(board: Board, fill: bool = True) -> float:
    """Share of the open nodes coloured by the forced-moves-only solver (module docstring)."""
    nodes = board.open_nodes()
    if not nodes:
        return 1.0
    coloured = forced_colouring(board, fill)
    return round(len(coloured) / len(nodes), 4)


def forced_colouring(board: Board, fill: bool = True) -> dict[int, str]:
    """Node -> label of every node the forced-moves-only solver colours (endpoints
    included)."""
    nodes = board.open_nodes()
    nbrs = {x: board.neighbors(x) for x in nodes}
    colour = {x: FREE for x in nodes}
    heads: list[list[int]] = []  # per colour, its open heads (two until joined, then none)
    for k, label in enumerate(board.labels):
        a, b = board.endpoints[label]
        colour[a] = colour[b] = k
        heads.append([a, b])
    is_head = {x: False for x in nodes}
    for hs in heads:
        for x in hs:
            is_head[x] = True

    def ways_of_head(k: int, h: int) -> list[int]:
        other = heads[k][1] if heads[k][0] == h else heads[k][0]
        return [n for n in nbrs[h] if colour[n] == FREE or n == other]

    def move(k: int, h: int, to: int) -> None:
        hs = heads[k]
        is_head[h] = False
        if colour[to] == k and is_head[to]:  # the two pieces meet: the colour is done
            is_head[to] = False
            hs.clear()
            return
        colour[to] = k
        is_head[to] = True
        hs[hs.index(h)] = to

    progress = True
    while progress:
        progress = False
        for k, hs in enumerate(heads):
            for h in list(hs):
                if h not in hs:
                    continue
                ways = ways_of_head(k, h)
                if len(ways) == 1:
                    move(k, h, ways[0])
                    progress = True
        if not fill:
            continue
        for x in nodes:
            if colour[x] != FREE:
                continue
            ways = [n for n in nbrs[x] if colour[n] == FREE or is_head[n]]
            if len(ways) != 2:
                continue
            head = next((n for n in ways if is_head[n]), None)
            if head is not None:
                move(colour[head], head, x)
                progress = True
    return {x: board.labels[colour[x]] for x in nodes if colour[x] != FREE}


def staircases(board: Board, solution: Solution) -> tuple[int, int]:
    """(one-edge runs between two turns, path edges) over all paths of ``solution``."""
    stairs = edges = 0
    for path in solution.paths.values():
        r = runs(board, path)
        edges += sum(r)
        stairs += sum(1 for k in range(1, len(r) - 1) if r[k] == 1)
    return stairs, edges


def stairs_per_100(board: Board, solution: Solution) -> float:
    """Staircases (:func:`staircases`) per 100 path edges of ``solution``."""
    stairs, edges = staircases(board, solution)
    return round(100 * stairs / edges, 2) if edges else 0.0


def play_figures(board: Board, solution: Solution, fill: bool = True) -> dict:
    """The play figures of a solved board (module docstring); ``short_share`` is per path
    (paths of at most 3 cells), ``stairs_per_100`` per 100 path edges."""
    shape = look(board, solution)
    return {
        "forced_only": forced_only(board, fill),
        "short_share": shape["short_share"],
        "stairs_per_100": stairs_per_100(board, solution),
        "longest_share": shape["longest_share"],
        "border_end_share": shape["border_end_share"],
    }

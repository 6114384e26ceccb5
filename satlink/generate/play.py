"""How a puzzle *plays*: the figures that compare generated and published
levels.

* :func:`forced_colouring`: the forced-moves-only solver, the simplest solver a
  person runs in their head, written here on the board graph (so it takes every geometry)
  and independent of :mod:`satlink.deduce`, so the two measures check each other.  Each
  endpoint starts as a *head* of its colour; until nothing applies:

  J. (under ``notouch``) a head next to the other head of its colour joins it: the colour
     is done (a path may not run beside itself, so the two pieces meet there);
  H. a head with exactly one way on (a free neighbour, or the other head of its colour)
     takes it, and that node becomes the head;
  C. (under ``fill``: every cell is on a path) a free node with exactly two usable
     neighbours (free nodes or heads of unfinished colours) uses both: when one is a head
     it takes that head's colour and becomes its head (two heads of one colour: they join).

  Nothing else: no look-ahead, regions, corners or other no-touch reasoning, and no colour
  for a chain that touches no endpoint.  ``benchmarks/opening.py`` has a copy of its own of
  these rules, written from the issue's text on plain grids, that the tests hold this one to.
* :func:`opening_share`: how a puzzle opens, the share of the non-endpoint nodes that solver
  colours (the published levels' figures are ``opening`` in ``satlink/data/published.json``:
  the mean share and the share solved completely); :func:`forced_only`: how far it plays,
  the same solver's share of all open nodes, endpoints counted as filled.
* :func:`play_figures`: that share, the short paths, the staircases (one-edge runs between
  two turns, ``satlink.quality.looks``' jogs) per 100 path edges, the longest path and the border
  endpoints, in one dict (the benchmark and the generator's steering read the same numbers).
"""

from __future__ import annotations

from satlink.board import Board
from satlink.quality.looks import look, runs
from satlink.rules import Rules
from satlink.solution import Solution

FREE = -1


def forced_only(board: Board, fill: bool = True, notouch: bool = True) -> float:
    """Share of the open nodes coloured by the forced-moves-only solver, endpoints included
    (module docstring)."""
    nodes = board.open_nodes()
    if not nodes:
        return 1.0
    coloured = forced_colouring(board, fill, notouch)
    return round(len(coloured) / len(nodes), 4)


def forced_colouring(board: Board, fill: bool = True, notouch: bool = True) -> dict[int, str]:
    """Node -> label of every node the forced-moves-only solver colours (endpoints
    included), by rules J (with ``notouch``), H and C (with ``fill``) of the module
    docstring run to their fixpoint.  Cells whose state changed are rechecked with their
    neighbours (a worklist), so a board costs time in proportion to what the rules do: the
    generator's climbs run this on every board they try (a thousand boards a climb toward
    a board these rules solve), so its state is lists indexed by node, not dicts."""
    nodes = board.open_nodes()
    nbrs = board.graph.neighbours  # of every node; only open nodes are reached
    colour = [FREE] * board.n_nodes
    head_of = [FREE] * board.n_nodes  # the colour whose open head a node is, else FREE
    heads: list[list[int]] = []  # per colour, its open heads (two until joined, then none)
    for k, label in enumerate(board.labels):
        a, b = board.endpoints[label]
        colour[a] = colour[b] = head_of[a] = head_of[b] = k
        heads.append([a, b])
    todo = list(nodes)
    queued = bytearray(board.n_nodes)
    for x in nodes:
        queued[x] = 1

    def touched(x: int) -> None:
        if not queued[x]:
            queued[x] = 1
            todo.append(x)
        for y in nbrs[x]:
            if not queued[y]:
                queued[y] = 1
                todo.append(y)

    def join(k: int) -> None:
        for h in heads[k]:
            head_of[h] = FREE
            touched(h)
        heads[k] = []

    def advance(k: int, h: int, to: int) -> None:
        colour[to] = k
        head_of[h] = FREE
        head_of[to] = k
        hs = heads[k]
        hs[hs.index(h)] = to
        touched(h)
        touched(to)

    while todo:
        x = todo.pop()
        queued[x] = 0
        k = head_of[x]
        if k != FREE:
            hs = heads[k]
            mate = hs[1] if hs[0] == x else hs[0]
            if notouch and mate in nbrs[x]:  # J
                join(k)
                continue
            ways = [n for n in nbrs[x] if colour[n] == FREE or n == mate]
            if len(ways) == 1:  # H
                if ways[0] == mate:
                    join(k)
                else:
                    advance(k, x, ways[0])
            continue
        if not fill or colour[x] != FREE:
            continue
        ways = [n for n in nbrs[x] if colour[n] == FREE or head_of[n] != FREE]
        if len(ways) != 2:
            continue
        ends = [n for n in ways if head_of[n] != FREE]
        if not ends:
            continue
        if len(ends) == 2 and head_of[ends[0]] != head_of[ends[1]]:
            break  # two colours would meet here: the board has no solution, stop
        k = head_of[ends[0]]
        advance(k, ends[0], x)  # C
        if len(ends) == 2:
            join(k)
    labels = board.labels
    return {x: labels[colour[x]] for x in nodes if colour[x] != FREE}


def opening_share(board: Board, rules: Rules | None = None) -> float:
    """How a puzzle opens: the share of its non-endpoint open nodes the
    forced-moves-only solver colours (1.0: solved completely by J, H and C)."""
    fill, notouch = (True, True) if rules is None else (rules.fill, rules.notouch)
    coloured = forced_colouring(board, fill, notouch)
    ends = sum(1 for label in board.labels for x in board.endpoints[label])
    inner = len(board.open_nodes()) - ends
    return round((len(coloured) - ends) / inner, 4) if inner else 1.0


def opening_left(board: Board, rules: Rules) -> tuple[float, list[int]]:
    """(:func:`opening_share`, the open nodes the forced moves leave uncoloured): where a
    climb toward a board they solve should change it."""
    coloured = forced_colouring(board, rules.fill, rules.notouch)
    nodes = board.open_nodes()
    inner = len(nodes) - 2 * len(board.labels)
    left = [x for x in nodes if x not in coloured]
    return (1.0 - len(left) / inner if inner else 1.0), left


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


def play_figures(board: Board, solution: Solution, fill: bool = True,
                 notouch: bool = True) -> dict:
    """The play figures of a solved board (module docstring); ``short_share`` is per path
    (paths of at most 3 cells), ``stairs_per_100`` per 100 path edges."""
    shape = look(board, solution)
    return {
        "forced_only": forced_only(board, fill, notouch),
        "short_share": shape["short_share"],
        "stairs_per_100": stairs_per_100(board, solution),
        "longest_share": shape["longest_share"],
        "border_end_share": shape["border_end_share"],
    }

"""What the walk aims at, and how a path cover is scored against it.

The cost is a sum of per-path terms (length, turns, jogs) and whole-board terms (colours
away from the target, leftover cells, endpoints on the border, the longest "snake" path).
The per-path terms are kept per path by :class:`satlink.generate.longpaths.walk.Walk`, and
the whole-board terms as running totals, so a move is priced from the paths it changes
alone, without rescoring the board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from satlink.generate.paths import PathSystem
from satlink.runtime.cancel import stop_if_cancelled


@dataclass(frozen=True)
class Look:
    """The cost the walk lowers: weights, and the figures aimed at (those of published
    Flow Free levels: about 70 % of inner path cells straight through, 10-15 % of the
    border cells holding an endpoint, the longest path a fifth to a third of the board)."""

    colour: float = 4.0      # per colour away from the target
    leftover: float = 6.0    # per leftover (solid) cell
    turn: float = 0.8        # per turn more or fewer than ``turn_share`` of inner cells
    turn_share: float = 0.305
    jog: float = -0.2        # per one-edge run between two turns: a small reward brings the
                             # staircases per 100 edges to the published levels' (figures:
                             # benchmarks/README.md, "generator_play.py")
    short: float = 0.0       # per path of at most ``short_cells`` cells (0: published levels
                             # have such short paths too)
    short_cells: int = 3
    too_short: float = 30.0  # per path shorter than the minimum length
    border: float = 0.5      # per border endpoint more or fewer than ``border_share``
    border_share: float = 0.12
    snake: float = 0.08      # reward per cell of the longest path, up to ``snake_share``
    snake_share: float = 0.26
    snake_over: float = 0.0  # penalty per cell of the longest path past ``snake_share``


DEFAULT_LOOK = Look()


class Scoring:
    """A :class:`Look` applied to one board: the board's facts the terms need (which cells
    are on the border, the direction of each step) and the goals in cells."""

    def __init__(self, system: PathSystem, target: int, min_length: int, look: Look,
                 colours_of: Callable[[list[int]], int] | None = None):
        self.target = target
        self.min_length = min_length
        self.colours_of = colours_of  # how many colours a path makes (None: one)
        nodes = system.nodes()
        self.cells = len(nodes)
        w, h = system.width, system.height
        framed = system.layout is None or not system.layout.geometry.wrap
        self.border = [False] * system.n_nodes  # open cells of the frame, as satlink.quality.looks counts
        for c in nodes:
            self.border[c] = framed and c < w * h and (c < w or c >= w * (h - 1)
                                                       or c % w in (0, w - 1))
        layout = system.layout
        self.direction = None
        if layout is not None:
            self.direction = {}
            for i, a in enumerate(nodes):
                if not i & 1023:
                    stop_if_cancelled()  # seconds on a board of a million cells
                for b in system.neighbours(a):
                    self.direction[a, b] = layout.step(a, b)
        self.set_look(look)

    def set_look(self, look: Look) -> None:
        """Change the weights, and the goals that follow from them."""
        self.look = look
        self.border_goal = look.border_share * sum(self.border)
        self.snake_cap = look.snake_share * self.cells

    def path(self, path: list[int]) -> float:
        """The terms of one path: its length, and its turns and jogs (one-edge runs between
        two turns) when the look weighs them."""
        look = self.look
        cost = 0.0
        length = len(path)
        if length < self.min_length:
            cost += look.too_short
        if length <= look.short_cells:
            cost += look.short
        if length > 2 and (look.turn or look.jog):
            turns, jogs = self._turns(path)
            cost += (look.turn * abs(turns - look.turn_share * (length - 2))
                     + look.jog * jogs)
        return cost

    def _turns(self, path: list[int]) -> tuple[int, int]:
        """(turns, jogs) of a path of at least three cells, in one pass: the walk prices
        hundreds of thousands of paths a pack, and building the lists of steps and turns
        was most of that."""
        direction = self.direction
        a, b = path[0], path[1]
        before = b - a if direction is None else direction[a, b]
        turned = False
        turns = jogs = 0
        for c in path[2:]:
            step = c - b if direction is None else direction[b, c]
            if step != before:
                turns += 1
                if turned:
                    jogs += 1
                turned = True
            else:
                turned = False
            before, b = step, c
        return turns, jogs

    def whole(self, colours: int, free: int, border_ends: int, longest: int) -> float:
        """The terms of the whole system: colours, leftovers, border endpoints, the snake."""
        look = self.look
        return (look.colour * abs(colours - self.target) + look.leftover * free
                + look.border * abs(border_ends - self.border_goal)
                - look.snake * min(longest, self.snake_cap)
                + look.snake_over * max(0.0, longest - self.snake_cap))

    def colours(self, paths: Iterable[list[int]]) -> int:
        """How many colours ``paths`` make."""
        if self.colours_of is None:
            return sum(1 for _ in paths)
        return sum(map(self.colours_of, paths))

    def border_ends(self, path: list[int]) -> int:
        """How many of the path's two ends are on the border."""
        return self.border[path[0]] + self.border[path[-1]]

"""What a frontier count hands back (:func:`satlink.frontier.count`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from satlink.solution import Solution

COMPLETE, TIMEOUT, REFUSED = "complete", "timeout", "refused"
"""How a count ended: the sweep went through; the deadline stopped it; the route was refused
for memory (before the sweep, by the estimate, or during it, before it would pass the bound)."""


@dataclass(frozen=True)
class FrontierOutcome:
    """The solutions of one board under one profile, as far as the sweep got.

    ``count`` is capped at the limit asked for: when ``ended`` is complete it is the exact
    number if below the limit (``exact``), else "at least ``limit``".  ``solutions`` holds up
    to the number asked to decode, distinct by edge set, for the referee to check; nothing is
    known of the board unless ``ended`` is complete.
    """

    ended: str
    count: int = 0
    limit: int = 2
    solutions: tuple[Solution, ...] = ()
    width: int = 0
    """The widest frontier of the sweep order (nodes)."""
    order: str = ""
    estimated_states: float = 0.0
    peak_states: int = 0
    """The most states one level held."""
    progress: float = 0.0
    """The share of the sweep done (1.0 when complete): how far a timed-out or refused sweep
    got."""
    lookahead: bool = False
    """Whether the degree lookahead filtered the states."""
    seconds: float = 0.0
    engine: str = ""
    reason: str = field(default="")
    """Why the route was refused or stopped, in words (empty when complete)."""

    @property
    def complete(self) -> bool:
        return self.ended == COMPLETE

    @property
    def exact(self) -> bool:
        """Whether ``count`` is the number of solutions (not a cap)."""
        return self.complete and self.count < self.limit

    def stats(self) -> dict[str, object]:
        """The figures a verdict's statistics carry (JSON-ready)."""
        return {"route": "frontier", "ended": self.ended, "count": self.count,
                "exact": self.exact, "width": self.width, "order": self.order,
                "estimated_states": self.estimated_states, "peak_states": self.peak_states,
                "progress": round(self.progress, 4), "lookahead": self.lookahead,
                "seconds": round(self.seconds, 6), "engine": self.engine}

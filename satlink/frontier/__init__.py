"""Solution counting by a frontier-based sweep: the proof route where SAT drowns.

The board graph's edges are decided one at a time in a sweep along the board's long side
(:mod:`~satlink.frontier.schedule`); for each partial assignment only its *state* is kept —
the degrees of the frontier's nodes, which path piece each lies on and which label that piece
carries (:mod:`~satlink.frontier.state`) — with the number of partial solutions that reach it,
capped at the limit asked for.  Two levels live at once, so memory follows the number of
states of one level, which the frontier's width bounds (:mod:`~satlink.frontier.cost`
estimates it before the sweep, to refuse the route — not the board — when it would not fit).
The sweep runs compiled (``satlink/frontier/core``, the extension ``satlink.frontier._sweep``)
when it was built, else in Python (:mod:`~satlink.frontier.sweep`, the reference).

The API the solver's routes call: :func:`applies`, :func:`estimate`, :func:`count`.
"""

from satlink.frontier.api import MOST_DECODED, applies, count, estimate
from satlink.frontier.cost import MAX_BYTES
from satlink.frontier.outcome import COMPLETE, REFUSED, TIMEOUT, FrontierOutcome

__all__ = ["COMPLETE", "MAX_BYTES", "MOST_DECODED", "REFUSED", "TIMEOUT", "FrontierOutcome",
           "applies", "count", "estimate"]

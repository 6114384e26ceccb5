"""What a caller asks of the generator, as given: one object, built once where the request
enters (the ``generate`` command, the studio's generate request, a benchmark), which
:func:`satlink.generate.params.make_params` checks and turns into :class:`Params`.

The knobs travel together from the edge to the check, so they are one value rather than a
long argument list forwarded by hand; the defaults are the command line's, so a caller names
only what it changes.  Texts stay texts here (a size ``"7x7"``, a colour range, a grade
target, a profile name): reading and refusing them is the check's job, with one message per
mistake.
"""

from __future__ import annotations

from dataclasses import dataclass

from satlink.geometry import SQUARE
from satlink.rules import Rules
from satlink.solver.method import DEFAULT_METHOD, Method


@dataclass(frozen=True)
class ParamsRequest:
    """A generation request before it is checked.  ``size``: ``WxH`` (None: the ``shape``'s,
    else 10x10); ``colours``: a count or range (None: the published spread); ``rules``: a
    profile as text or :class:`Rules` (None: the default profile); ``growth``: the growth
    algorithm; ``solving``: how uniqueness is proved; ``grade``: a band or score range of the
    human grade (see :mod:`satlink.generate.targets`); ``slots``: one such target per slot
    of the pack (:func:`satlink.generate.params.spread_slots`); ``curve``: easy, medium, hard
    in turn without slot targets."""

    size: str | None = None
    colours: str | None = None
    min_length: int = 3
    max_solids: int = 0
    rules: str | Rules | None = None
    growth: str = "grow"
    strategy: str = "repair"
    seed: int = 0
    symmetry: str = "none"
    solving: Method = DEFAULT_METHOD
    grid: str = SQUARE
    wrap: bool = False
    holes: int = 0
    shape: tuple[str, ...] = ()
    walls: int = 0
    bridges: int = 0
    grade: str | None = None
    play: str = "published"
    curve: bool = False
    slots: tuple[str, ...] = ()

"""What ``generate`` was asked, as one object built by its click command, and the generator's
parameters made from it."""

from __future__ import annotations

from typing import NamedTuple

from satlink.rules import Rules
from satlink.solver.method import Method

PLAIN_CURVE = "\0plain"
"""What ``--curve`` without a value stands for (no target text can be it)."""


class GenerationRun(NamedTuple):
    """The ``generate`` command line, its deprecated spellings resolved: the puzzles asked for
    (size, colours, path lengths, the variant, the aim), how they are made and proven (growth,
    strategy, rules, the solving method, seed, jobs or a scheduler), and where they go (the
    catalogue, the pack file and the program it is written for)."""

    size: str | None
    colours: str | None
    min_length: int
    max_solids: int
    rules: Rules | None
    growth: str
    strategy: str
    grade: str | None
    curve: str | None
    play: str
    symmetry: str
    grid: str
    wrap: bool
    holes: int
    shape: str | None
    walls: int
    bridges: int
    seed: int | None
    count: int
    out: str | None
    out_format: str | None
    target: Rules | None
    target_check: bool
    db: str | None
    jobs: int
    scheduler: str | None
    scheduler_timeout: float
    method: Method
    force: bool = False
    """Replace an existing --out that is not a pack (:mod:`satlink.cli.own_outputs`)."""


def generation_params(run: GenerationRun, seed: int, mask: tuple):
    """The generator's :class:`~satlink.generate.params.Params` for ``run`` with ``seed`` and
    the ``--shape`` mask read; raises ``ParamsError`` on a request that cannot be made."""
    from satlink.generate.params import make_params, spread_slots
    from satlink.generate.request import ParamsRequest

    slots = spread_slots(run.curve, run.count) if run.curve not in (None, PLAIN_CURVE) else ()
    return make_params(ParamsRequest(run.size, colours=run.colours, min_length=run.min_length,
                                     max_solids=run.max_solids, rules=run.rules, growth=run.growth,
                                     strategy=run.strategy, seed=seed, symmetry=run.symmetry,
                                     solving=run.method, grid=run.grid, wrap=run.wrap, holes=run.holes,
                                     shape=mask, walls=run.walls, bridges=run.bridges, grade=run.grade,
                                     play=run.play, curve=run.curve == PLAIN_CURVE, slots=slots))

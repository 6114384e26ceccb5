"""What ``generate`` was asked: its generator options, made as click options from the one
definition of them (:class:`~satlink.generate.request.ParamsRequest`'s fields), the run
options beside them, all as one :class:`GenerationRun`, and the generator's parameters made
from it."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import NamedTuple

import click

from satlink.cli.options import RULES
from satlink.generate.request import (
    CHOICE,
    COUNT,
    CURVE,
    FLAG,
    MASK,
    NUMBER,
    PROFILE,
    TEXT,
    Option,
    generator_options,
)
from satlink.rules import Rules
from satlink.solver.method import Method

PLAIN_CURVE = "\0plain"
"""What ``--curve`` without a value stands for (no target text can be it)."""


def _click_form(how: Option, default: object) -> dict:
    """The click settings of an option of ``how``'s kind (``default``: the request's)."""
    default = None if how.unset else default
    shown = {"show_default": True} if default is not None else {}
    return {
        TEXT: {"default": None},
        NUMBER: {"type": int, "default": default, **shown},
        COUNT: {"type": click.IntRange(min=how.minimum), "default": default, **shown},
        FLAG: {"is_flag": True},
        CHOICE: {"type": click.Choice(list(how.choices)), "default": default, **shown},
        PROFILE: {"type": RULES, "default": None},
        MASK: {"type": click.Path(exists=True, dir_okay=False), "default": None},
        CURVE: {"is_flag": False, "flag_value": PLAIN_CURVE, "default": None,
                "metavar": "[TARGETS]"},
    }[how.kind]


def _old(name: str) -> str:
    return f"old_{name}"


def generator_click_options(command: Callable) -> Callable:
    """Decorate ``command`` with a click option for every generator option that has one
    (and a hidden one for each deprecated spelling), handing it their values as one
    ``asked`` mapping by field name: the command line's forms (``curve``: the targets'
    text or :data:`PLAIN_CURVE`; ``shape``: the mask file; ``seed``: None when not given)."""
    offered = [(name, how, default) for name, how, default in generator_options() if how.flags]

    @functools.wraps(command)
    def with_asked(*args, **kwargs):
        context = click.get_current_context()
        asked = {}
        for name, how, _ in offered:
            value = kwargs.pop(name)
            for flag in how.old_flags:
                old = kwargs.pop(_old(name))
                if old is None:
                    continue
                click.echo(f"note: {flag} is deprecated, it is now called {how.flags[0]}",
                           err=True)
                if context.get_parameter_source(name) != click.core.ParameterSource.COMMANDLINE:
                    value = old
            asked[name] = value
        return command(*args, asked=asked, **kwargs)

    for name, how, default in reversed(offered):
        form = _click_form(how, default)
        for flag in how.old_flags:
            with_asked = click.option(flag, _old(name), type=form.get("type"), default=None,
                                      hidden=True, help=f"Deprecated name of {how.flags[0]}."
                                      )(with_asked)
        with_asked = click.option(*how.flags, name, help=how.help, **form)(with_asked)
    return with_asked


class GenerationRun(NamedTuple):
    """The ``generate`` command line, its deprecated spellings resolved: the generator
    options as given (``asked``, see :func:`generator_click_options`), how many puzzles and
    where they are made (jobs or a scheduler) and go (the catalogue, the pack file and the
    program it is written for), and the solving method."""

    asked: Mapping[str, object]
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

    @property
    def seed(self) -> int | None:
        return self.asked["seed"]

    @property
    def shape(self) -> str | None:
        """The ``--shape`` file."""
        return self.asked["shape"]


def generation_params(run: GenerationRun, seed: int, mask: tuple):
    """The generator's :class:`~satlink.generate.params.Params` for ``run`` with ``seed`` and
    the ``--shape`` mask read; raises ``ParamsError`` on a request that cannot be made."""
    from satlink.generate.params import make_params
    from satlink.generate.request import ParamsRequest, spread_slots

    curve = run.asked["curve"]
    slots = spread_slots(curve, run.count) if curve not in (None, PLAIN_CURVE) else ()
    return make_params(ParamsRequest(**{**run.asked, "seed": seed, "shape": mask,
                                        "curve": curve == PLAIN_CURVE, "slots": slots,
                                        "solving": run.method}))

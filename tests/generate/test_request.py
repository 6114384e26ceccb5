"""Every generator option is defined once, on :class:`ParamsRequest`: ``satlink generate``'s
options are made from its fields (same names, help and defaults), the studio's generate
request reads the same fields, each value is checked when the request is built, and every
option but the size is passed by name."""

from __future__ import annotations

import math
from dataclasses import fields

import click
import pytest

from satlink.cli import main
from satlink.cli.generation_run import GenerationRun
from satlink.generate.params import Params, ParamsError, make_params
from satlink.generate.request import (
    CURVE,
    MASK,
    ParamsRequest,
    generator_options,
    request_from_json,
)

RUN_OPTIONS = {"count", "out", "out_format", "target", "target_check", "db", "jobs", "scheduler",
               "scheduler_timeout", "force"}
SOLVING_OPTIONS = {"encoding", "card", "lemmas", "solver", "cycles", "presolve",
                   "frontier"}


def generate_command() -> click.Command:
    return main.get_command(click.Context(main), "generate")


def test_generate_offers_each_request_field_with_its_help_and_default() -> None:
    command = generate_command()
    context = click.Context(command)
    options = {p.name: p for p in command.params}
    offered = [(name, how, default) for name, how, default in generator_options() if how.flags]
    assert [name for name, _, _ in offered][:3] == ["size", "colours", "min_length"]
    for name, how, default in offered:
        option = options[name]
        assert option.help == how.help and not option.hidden, name
        assert set(option.opts + option.secondary_opts) == set(how.flags), name
        if how.kind in (CURVE, MASK) or how.unset:
            assert option.get_default(context) is None, name  # its own form, or drawn
        else:
            assert option.get_default(context) == default, name
        for flag in how.old_flags:
            (old,) = [p for p in options.values() if flag in p.opts]
            assert old.hidden and old.type.name == option.type.name
    # and generate has no option of its own that is not a run option or a solving option
    visible = {p.name for p in options.values() if not p.hidden and p.name != "help"}
    assert visible == {name for name, _, _ in offered} | RUN_OPTIONS | SOLVING_OPTIONS
    assert set(GenerationRun._fields) == {"asked", "method"} | RUN_OPTIONS


def test_options_other_than_the_size_are_passed_by_name() -> None:
    with pytest.raises(TypeError):
        ParamsRequest("5x5", "1-3")  # type: ignore[misc]
    with pytest.raises(TypeError):
        Params(5, 5, 1, 3)  # type: ignore[misc]
    assert ParamsRequest("5x5") == ParamsRequest(size="5x5")


@pytest.mark.parametrize(("asked", "message"), [
    ({"holes": -1}, "holes cannot be negative"),
    ({"max_solids": -2}, "max-solids cannot be negative"),
    ({"min_length": 1}, "min-length must be at least 2 (a path joins two cells)"),
    ({"grid": "tri"}, "grid 'tri' (known: square, hex)"),
    ({"growth": "seeds"}, "growth 'seeds' (known: grow, unionfind)"),
    ({"strategy": "keep"}, "strategy 'keep' (known: repair, reject)"),
    ({"symmetry": "twirl"}, "symmetry 'twirl' (known: none, mirror, rotational)"),
    ({"play": "all"}, "play 'all' (known: published, any)"),
    ({"holes": "3"}, "'holes' must be a whole number, not \"3\""),
    ({"walls": True}, "'walls' must be a whole number, not true"),
    ({"seed": 1.5}, "'seed' must be a whole number, not 1.5"),
    ({"wrap": 1}, "'wrap' must be true or false, not 1"),
    ({"colours": 7}, "'colours' must be a count or a range as text, e.g. '6-9', not 7"),
    ({"shape": "..#"}, "'shape' must be a list of mask rows"),
    ({"slots": ("easy", 3)}, "'slots' must be a list of grade targets"),
    ({"solving": "sat"}, "'solving' must be a solving Method"),
])
def test_each_option_is_checked_when_the_request_is_built(asked, message) -> None:
    with pytest.raises(ParamsError) as refused:
        ParamsRequest("5x5", **asked)
    assert str(refused.value).startswith(message)


def test_params_defaults_are_the_requests() -> None:
    asked = ParamsRequest()
    made = Params(width=1, height=1, colours_min=1, colours_max=1)
    for item in fields(Params):
        if item.name in {f.name for f in fields(ParamsRequest)} - {"rules", "grade"}:
            assert getattr(made, item.name) == getattr(asked, item.name), item.name


def test_a_json_request_is_read_by_the_same_definition() -> None:
    read = request_from_json({"kind": "hex", "holes": 2.0, "colours": "", "grade": "easy",
                              "min_length": 2, "shape": ["..", ".."], "curve": True,
                              "grid": "square", "channel": "t:make"},
                             {"kind": "grid"}, size="6x6")
    assert read == ParamsRequest("6x6", grid="hex", holes=2, grade="easy", min_length=2)
    assert request_from_json({}) == ParamsRequest()
    assert request_from_json({"seed": None, "wrap": True}).wrap is True
    for body, named in (({"holes": math.inf}, "'holes'"), ({"kind": 5}, "grid 5"),
                        ({"grade": ["easy"]}, "'grade'"), ({"wrap": "yes"}, "'wrap'"),
                        ({"seed": "7"}, "'seed'"), ({"max_solids": -1}, "max-solids")):
        with pytest.raises(ParamsError, match=named):
            request_from_json(body, {"kind": "grid"})


def test_params_are_made_by_name_from_the_request() -> None:
    """Every option the request and the parameters share arrives under its own name (a
    positional call once swapped walls and bridges)."""
    asked = ParamsRequest("9x9", min_length=2, max_solids=1, growth="unionfind",
                          strategy="reject", seed=11, walls=3, bridges=1, holes=2, play="any")
    made = make_params(asked)
    for name in ("min_length", "max_solids", "growth", "strategy", "seed", "walls", "bridges",
                 "holes", "play", "grid", "wrap", "symmetry", "solving", "curve"):
        assert getattr(made, name) == getattr(asked, name), name

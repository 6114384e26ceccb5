"""ParamsRequest's defaults are ``satlink generate``'s: a library caller that names only what
it changes asks what the command asks without those options."""

from __future__ import annotations

from dataclasses import fields

import click

from satlink.cli import main
from satlink.generate.request import ParamsRequest

SHARED = ("size", "colours", "min_length", "max_solids", "rules", "growth", "strategy", "grade",
          "play", "symmetry", "grid", "holes", "walls", "bridges")
"""The request's fields that are options of ``generate`` under the same name and meaning
(``seed`` is drawn when not given, ``curve`` is text there, ``solving`` is built from the
solving options)."""


def test_a_request_defaults_to_what_generate_asks_without_options() -> None:
    command = main.get_command(click.Context(main), "generate")
    options = {p.name: p for p in command.params}
    request = ParamsRequest()
    assert set(SHARED) <= {f.name for f in fields(ParamsRequest)}
    for name in SHARED:
        assert getattr(request, name) == options[name].default, name
    assert options["wrap"].is_flag and request.wrap is False

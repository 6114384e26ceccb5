"""Every generator option, defined once: what a caller asks of the generator, with each
option's help, default, command-line spelling and the checks its value alone must pass.

:class:`ParamsRequest` is built where a request enters (the ``generate`` command, whose
click options are made from these fields by :mod:`satlink.cli.generation_run`; the studio's
generate request, read by :func:`request_from_json`; a benchmark or a library caller), checks
each value as it is built, and :func:`satlink.generate.params.make_params` turns it into
:class:`~satlink.generate.params.Params`, checking what depends on several options (a size
and its colours, a variant that does not fit, a grade the size does not reach).

Texts stay texts here (a size ``"7x7"``, a colour range, a grade target, a profile name):
reading them, with one message per mistake, is ``make_params``' job.  Every option but
``size`` is passed by name, so a reordering of the fields cannot swap two of them.
"""

from __future__ import annotations

import json
import math
import numbers
from collections.abc import Mapping
from dataclasses import KW_ONLY, Field, dataclass, field, fields

from satlink.generate.reading import ParamsError
from satlink.generate.symmetry import SYMMETRIES
from satlink.geometry import KINDS, SQUARE
from satlink.rules import Rules
from satlink.solver.method import DEFAULT_METHOD, Method

GROWTHS = ("grow", "unionfind")
STRATEGIES = ("repair", "reject")
PLAYS = ("published", "any")

# The kinds of value an option takes; each has its command-line form (satlink.cli.generation_run)
TEXT = "text"  # a text read later (None: not given)
NUMBER = "number"  # a whole number (``minimum`` checked here, not by the command line's type)
COUNT = "count"  # a whole number >= 0 (the command line refuses a negative one itself)
FLAG = "flag"  # on or off
CHOICE = "choice"  # one of ``choices``
PROFILE = "profile"  # a rule profile: its text or :class:`Rules` (None: the default profile)
MASK = "mask"  # board mask rows; on the command line, the file that holds them
CURVE = "curve"  # easy to hard in turn; on the command line, --curve [TARGETS] (also ``slots``)
TARGETS = "targets"  # one grade target per slot of the pack (from --curve TARGETS)
SOLVING = "solving"  # how uniqueness is proved; on the command line, the shared solving options

JSON_KINDS = (TEXT, NUMBER, COUNT, FLAG, CHOICE)
"""The kinds a JSON request (the studio's) gives as plain values."""


@dataclass(frozen=True)
class Option:
    """How one generator option is asked for: its ``help`` and ``flags`` on the command line
    (the first long flag names it in messages), the ``kind`` of value, the ``choices`` or the
    ``minimum`` (``why``: the reason, said when it is refused), ``old_flags``: deprecated
    spellings still accepted, ``unset``: the command line's default when it differs from the
    request's (the seed: drawn afresh when not given), and ``text``: what the value of a
    text option is."""

    help: str
    kind: str
    flags: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    why: str = ""
    old_flags: tuple[str, ...] = ()
    unset: bool = False
    text: str = "text"  # what a text option's value is, as a refusal of another kind says

    @property
    def name(self) -> str:
        """The option as messages name it: ``max-solids``, ``grid``."""
        return next(f for f in self.flags if f.startswith("--"))[2:] if self.flags else ""


def option(default: object, help: str, kind: str, *flags: str, **how: object) -> Field:
    """A :class:`ParamsRequest` field with its default and how it is asked for."""
    return field(default=default, metadata={"option": Option(help, kind, flags, **how)})


def option_of(item: Field) -> Option:
    return item.metadata["option"]


@dataclass(frozen=True)
class ParamsRequest:
    """A generation request: each field one option of ``satlink generate`` (in the order its
    help lists them), its default the command line's.  ``size`` may be given by position,
    every other option by name."""

    size: str | None = option(
        None, "Board size WxH  [default: 10x10, or the --shape's]", TEXT, "--size", "-s",
        text="a size WxH as text, e.g. '7x7'")
    _: KW_ONLY
    colours: str | None = option(
        None, "Number of colours, N or MIN-MAX (default: the published Flow Free range for the "
              "board's area, e.g. 4-12 at 10x10; holes are not cells).",
        TEXT, "--colors", "--colours", text="a count or a range as text, e.g. '6-9'")
    min_length: int = option(
        3, "Shortest allowed path, in cells (3: no two-cell paths).", NUMBER, "--min-length",
        minimum=2, why="a path joins two cells")
    max_solids: int = option(
        0, "Most solid cells a puzzle may keep (0: Flow Free style).", NUMBER, "--max-solids",
        minimum=0)
    rules: str | Rules | None = option(
        None, "Rule profile the puzzles are unique under (default: flow).", PROFILE,
        "--rules", "-r")
    growth: str = option(
        "grow", "Growth algorithm. unionfind: the seeds' algorithm as written; grow: it, then "
                "walked to few long straight paths.",
        CHOICE, "--growth", choices=GROWTHS, old_flags=("--method",))
    strategy: str = option(
        "repair", "What to do with an ambiguous candidate.", CHOICE, "--strategy",
        choices=STRATEGIES)
    grade: str | None = option(
        None, "Keep only puzzles of this human grade: easy (forced moves, corners, no-touch), "
              "medium (also regions and bottlenecks), hard (look-ahead), or a range of grade "
              "scores LOW-HIGH (0 to 9, e.g. 2-4.5). Easy and medium puzzles are solved by the "
              "grader without any search.",
        TEXT, "--grade", old_flags=("--difficulty",), text="a band or a score range as text")
    curve: bool = option(
        False, "A pack ordered easy -> hard: the puzzles aim at easy, medium and hard in turn (a "
               "third each) and the pack is written easiest first, by grade score. With "
               "TARGETS, a grade per slot: bands or score ranges separated by commas "
               "(easy,easy,medium,hard or 1-3,2-4,4-6), stretched over --count in order (3 "
               "targets over 6 puzzles: two slots each); every puzzle is in its slot's target "
               "and the pack is written in slot order.",
        CURVE, "--curve")
    slots: tuple[str, ...] = option(
        (), "A grade target per slot of the pack (:func:`spread_slots`).", TARGETS)
    play: str = option(
        "published", "Without --grade or --curve: published aims each puzzle at a band drawn "
                     "from the shares of published Flow Free levels of the board's size (about "
                     "90 % easy at 7x7, half at 10x10, one in eight at 14x14); any keeps the "
                     "band the walk gives.",
        CHOICE, "--play", choices=PLAYS)
    symmetry: str = option(
        "none", "Symmetric layout of the endpoints.", CHOICE, "--symmetry", choices=SYMMETRIES)
    grid: str = option(
        SQUARE, "Cell shape (hex: columns of hexagons, odd columns half a cell higher).",
        CHOICE, "--grid", choices=KINDS)
    wrap: bool = option(
        False, "Warps: the edges join the opposite edges (square cells).", FLAG, "--wrap")
    holes: int = option(
        0, "Random holes (solid cells that keep the board in one piece), new per puzzle.",
        COUNT, "--holes", minimum=0)
    shape: tuple[str, ...] = option(
        (), "Board mask file: one row per line, '.' a cell and '#' a hole; gives the size.",
        MASK, "--shape")
    walls: int = option(
        0, "Random walls between neighbouring cells, new per puzzle.", COUNT, "--walls",
        minimum=0)
    bridges: int = option(
        0, "Random bridges (cells crossed straight once along each axis).", COUNT, "--bridges",
        minimum=0)
    seed: int = option(
        0, "Same seed, same pack (default: a fresh random seed, printed; give it to make the "
           "pack again or to resume the run in --db).",
        NUMBER, "--seed", unset=True)
    solving: Method = option(
        DEFAULT_METHOD, "How uniqueness is proved (puzzles do not depend on it).", SOLVING)

    def __post_init__(self) -> None:
        for item in fields(self):
            _check(option_of(item), item.name, getattr(self, item.name))


def _check(how: Option, name: str, value: object) -> None:
    """Refuse ``value`` for the field ``name`` when it is not of the option's kind or breaks
    its own bounds (what depends on other options is :func:`make_params`' to check)."""
    if how.kind in (TEXT, MASK, TARGETS, CURVE, FLAG, SOLVING, PROFILE):
        wanted = {TEXT: (str, type(None)), MASK: (tuple, list), TARGETS: (tuple, list),
                  CURVE: bool, FLAG: bool, SOLVING: Method,
                  PROFILE: (str, Rules, type(None))}[how.kind]
        rows = how.kind in (MASK, TARGETS) and isinstance(value, wanted)
        if not isinstance(value, wanted) or rows and not all(isinstance(r, str) for r in value):
            what = how.text if how.kind == TEXT else _KIND_WORDS[how.kind]
            raise ParamsError(f"{name!r} must be {what}, not {_shown(value)}")
        return
    if how.kind == CHOICE:
        if value not in how.choices:
            raise ParamsError(f"{how.name} {value!r} (known: {', '.join(how.choices)})")
        return
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise ParamsError(f"{name!r} must be a whole number, not {_shown(value)}")
    if how.minimum is not None and value < how.minimum:
        raise ParamsError(f"{how.name} cannot be negative" if how.minimum == 0 else
                          f"{how.name} must be at least {how.minimum} ({how.why})")


_KIND_WORDS = {MASK: "a list of mask rows", TARGETS: "a list of grade targets",
               CURVE: "true or false", FLAG: "true or false", SOLVING: "a solving Method",
               PROFILE: "a rule profile"}


def _shown(value: object) -> str:
    """``value`` as a message quotes it: as JSON where it is JSON, cut short."""
    try:
        shown = json.dumps(value)
    except (TypeError, ValueError):
        shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."


def generator_options() -> tuple[tuple[str, Option, object], ...]:
    """(field name, option, default) of every generator option, in the help's order."""
    return tuple((item.name, option_of(item), item.default) for item in fields(ParamsRequest))


def request_from_json(values: Mapping[str, object], renamed: Mapping[str, str] = {},
                      **given: object) -> ParamsRequest:
    """The request a JSON object asks for (the studio's generate request): each option whose
    kind JSON gives as a plain value (:data:`JSON_KINDS`) read under its field name, or
    under the object's own name for it (``renamed``: JSON name -> field name); ``given``:
    fields the caller has read itself.  A whole number may come as ``3.0``; empty text
    means not given; what is absent keeps its default.  Raises :class:`ParamsError`, naming
    the field, for a value of the wrong kind."""
    names = {field_name: json_name for json_name, field_name in renamed.items()}
    asked = dict(given)
    for name, how, _ in generator_options():
        key = names.get(name, name)
        if how.kind not in JSON_KINDS or name in given or values.get(key) is None:
            continue
        value = values[key]
        if how.kind in (NUMBER, COUNT) and isinstance(value, float) and math.isfinite(value) \
                and value.is_integer():
            value = int(value)
        if how.kind == TEXT and value == "":
            continue
        _check(how, key, value)
        asked[name] = value
    return ParamsRequest(**asked)


def spread_slots(text: str, count: int) -> tuple[str, ...]:
    """``--curve T1,T2,...`` (bands or score ranges) stretched over a pack of ``count``
    puzzles: slot j (from 0) aims at target ``floor(j * k / count)`` of the k given, so the
    targets keep their order and each covers a run of about ``count / k`` consecutive slots
    (``easy,medium,hard`` over 6: easy, easy, medium, medium, hard, hard; k = count: one
    each).  More targets than puzzles is refused: some would be dropped silently."""
    targets = [t.strip() for t in text.split(",")]
    if not all(targets):
        raise ParamsError(f"--curve {text!r}: an empty target (give bands or ranges separated "
                          "by commas, e.g. easy,easy,medium,hard or 1-3,2-4,4-6)")
    if len(targets) > count:
        raise ParamsError(f"--curve gives {len(targets)} targets for a pack of {count}: give "
                          f"at most --count targets")
    return tuple(targets[j * len(targets) // count] for j in range(count))

"""Generation parameters: parsing, defaults, and the checks that make bad requests clear."""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import Field, asdict, dataclass, field, fields, is_dataclass

from satlink.board import EMPTY, SOLID
from satlink.generate.colours import published_colour_draw
from satlink.generate.reach import unreachable, variant_of
from satlink.generate.reading import ParamsError, parse_colours, parse_size
from satlink.generate.request import ParamsRequest
from satlink.generate.targets import ORDER, BandError, band_of_target, check_size, parse_target
from satlink.geometry import HEX, SQUARE, Geometry
from satlink.grading import MAX_GRADE_NODES
from satlink.rules import DEFAULT_RULES, Rules, parse_rules
from satlink.solver.method import Method

ASKED = ParamsRequest()
"""Every option at its default: the defaults of :class:`Params` are the request's."""

VARIANT = ("grid", "wrap", "holes", "shape", "walls", "bridges")
"""The options that make a board other than the plain square one."""
VARIANT_DEFAULTS = {name: getattr(ASKED, name) for name in VARIANT}

METHOD_ADDED_LATER = ("presolve", "pieces", "stricter_first", "frontier")
"""The solving method's choices added after catalogues were first written, on by default:
on, they stay out of a run's key, so those runs still resume."""


def added_later(default: object, stored_as: str | None = None) -> Field:
    """A :class:`Params` field that enters a run's key only when it is not ``default``: runs
    written before it existed keep their keys.  ``stored_as``: the name the key (and the
    catalogues written before the rename) gives it."""
    return field(default=default, metadata=_stored_as(stored_as) | {"added_later": True})


def _stored_as(name: str | None) -> dict:
    return {"stored_as": name} if name else {}


@dataclass(frozen=True, kw_only=True)
class Params:
    """A checked generation request (made by :func:`make_params` alone): the size and the
    colour range read, the profile parsed, the grade targets normalised."""

    width: int
    height: int
    colours_min: int
    colours_max: int
    min_length: int = ASKED.min_length
    max_solids: int = ASKED.max_solids
    rules: Rules = DEFAULT_RULES  # parsed once; written as its canonical text
    growth: str = field(default=ASKED.growth, metadata=_stored_as("method"))  # was ``method``
    strategy: str = ASKED.strategy
    seed: int = ASKED.seed
    max_repairs: int = 40
    symmetry: str = ASKED.symmetry
    solving: Method = added_later(ASKED.solving)  # verdicts never depend on it
    grid: str = added_later(ASKED.grid)  # the variant: cell kind, warps, holes (or a shape),
    wrap: bool = added_later(ASKED.wrap)  # walls, bridges
    holes: int = added_later(ASKED.holes)
    shape: tuple[str, ...] = added_later(ASKED.shape)  # mask rows, '.' open and '#' a hole
    walls: int = added_later(ASKED.walls)
    bridges: int = added_later(ASKED.bridges)
    grade: str = added_later("", stored_as="difficulty")  # '' any; see targets.py
    play: str = added_later(ASKED.play)  # without a grade: bands drawn as published
    curve: bool = added_later(ASKED.curve)  # without a grade: easy, medium, hard in turn
    slots: tuple[str, ...] = added_later(ASKED.slots)  # a grade target per slot of the pack

    def key(self) -> str:
        """Identifies a generation run: same parameters, same puzzles, resumable.

        Every field is in the key under the name it was first stored as (``growth`` as
        ``method``, ``grade`` as ``difficulty``), a field added since the first catalogues only
        when it is not its default (and of the solving method, only the choices that were
        there from the start, unless turned off), so the runs of every catalogue keep their
        keys.  The method is in the key at all because the solver-effort figures depend on
        the backend.
        """
        values = self.as_dict()
        keyed = {}
        for item in fields(self):
            value = values[item.name]
            if item.metadata.get("added_later") and value == _as_json(item.default):
                continue
            if item.name == "solving":
                value = {name: on for name, on in value.items()
                         if not (name in METHOD_ADDED_LATER and on)}
            keyed[item.metadata.get("stored_as", item.name)] = value
        return hashlib.sha256(json.dumps(keyed, sort_keys=True).encode()).hexdigest()[:16]

    def as_dict(self) -> dict:
        """The parameters as JSON values (the rules as their canonical text, as stored)."""
        return _as_json(self)

    @property
    def geometry(self) -> Geometry:
        """The kind of cells and the warps (walls and bridges are drawn per attempt)."""
        return Geometry(self.grid, self.wrap)

    @property
    def few_forced(self) -> bool:
        """Hexagons and warps: a cell has six neighbours, or four everywhere (no border to
        start from), so forced chains start only between many short paths; an easy or
        medium puzzle there needs the top of the colour range (:data:`CELLS_PER_COLOUR`)."""
        return self.grid == HEX or self.wrap

    @property
    def is_variant(self) -> bool:
        """Anything but the plain square board: each attempt first lays out its board."""
        return any(getattr(self, name) != default for name, default in VARIANT_DEFAULTS.items())


def colour_target(params: Params, rng: random.Random,
                  within: tuple[float, float] = (0.0, 1.0)) -> int:
    """The colour count one attempt grows toward, drawn from the published spread for the
    board's area: the fewest, lower quartile, median, upper quartile and most
    (:func:`satlink.generate.colours.published_colour_draw`) joined by straight lines in the
    quantile function, the result kept inside the requested range.  ``within``: the part
    of the spread (quantiles from, to) this attempt draws from."""
    cells = params.width * params.height - (
        "".join(params.shape).count(SOLID) if params.shape else params.holes)
    u = within[0] + rng.random() * (within[1] - within[0])
    value = published_colour_draw(cells, u, 1.25 if params.grid == HEX else 1.0)
    return min(max(round(value), params.colours_min), params.colours_max)


def _as_json(value: object) -> object:
    """``value`` as stored: a dataclass as a dict, rules as their canonical text."""
    if isinstance(value, Rules):
        return str(value)
    if isinstance(value, Params):
        return {item.name: _as_json(getattr(value, item.name)) for item in fields(value)}
    return asdict(value) if is_dataclass(value) else value


STORED_NAMES = {item.metadata["stored_as"]: item.name for item in fields(Params)
                if "stored_as" in item.metadata}
"""Fields stored (and keyed) under an earlier name: that name -> the field."""


def make_params(request: ParamsRequest) -> Params:
    """Validated parameters for ``request`` (its texts read, its profile parsed, its targets
    normalised), or a :class:`ParamsError` that names the first thing that cannot be made;
    each option alone was checked when the request was built.  A grade target the variant
    is not known to reach is refused here, before any attempt."""
    profile = parse_rules(request.rules)
    width, height = _board_size(request.size, request.shape)
    _check_variant(width, height, request)
    shape = tuple(request.shape)
    cells = width * height - ("".join(shape).count(SOLID) if shape else request.holes)  # open
    lo, hi = parse_colours(request.colours, cells, request.grid)
    min_length = request.min_length
    if min_length > cells:
        raise ParamsError(f"min-length {min_length} is longer than the {width}x{height} board "
                          f"({cells} cells)")
    room = cells // min_length
    if lo > room:
        raise ParamsError(f"{lo} colours do not fit a {width}x{height} board: with paths of at "
                          f"least {min_length} cells there is room for at most {room}")
    hi = min(hi, room)
    target, slots = _targets(request, width * height + request.bridges)  # the nodes graded
    if request.colours is None and (request.grid == HEX or request.wrap):
        # easier targets need more colours there
        aims = [t for t in (target, *slots) if t] or (["easy"] if request.curve else [])
        hi = min(room, max([hi, *(_easier_colours(t, cells) for t in aims)]))
    if profile == DEFAULT_RULES and min_length <= 3:
        _check_reach(request, width, height, target, slots)
    return Params(width=width, height=height, colours_min=lo, colours_max=hi, rules=profile,
                  shape=shape, grade=target, slots=slots, **_as_asked(request))


MADE = ("width", "height", "colours_min", "colours_max", "rules", "shape", "grade", "slots",
        "max_repairs")
"""The fields of :class:`Params` that :func:`make_params` reads or works out; the others are
the request's options as they were asked."""


def _as_asked(request: ParamsRequest) -> dict:
    return {item.name: getattr(request, item.name) for item in fields(Params)
            if item.name not in MADE}


def _board_size(size: str | None, shape: tuple[str, ...]) -> tuple[int, int]:
    """The board's width and height: the ``shape``'s (``size``, if given, must agree), else
    ``size``, else 10x10."""
    if not shape:
        return parse_size(size or "10x10")
    width, height = len(shape[0]), len(shape)
    if size is not None and parse_size(size) != (width, height):
        raise ParamsError(f"size {size} is not the shape's {width}x{height}")
    return parse_size(f"{width}x{height}")


def _targets(request: ParamsRequest, nodes: int) -> tuple[str, tuple[str, ...]]:
    """The normalised ``--grade`` target ('' for none) and slot targets; ``nodes``: the
    board's cells and bridge crossings, which the grader must be allowed to take."""
    curve, slots, grade = request.curve, request.slots, request.grade
    if (curve or slots) and grade:
        raise ParamsError("--curve orders a pack from easy to hard; --grade keeps one grade: "
                          "give one of them")
    if curve and slots:
        raise ParamsError("give --curve with slot targets or without, not both")
    if (curve or slots) and nodes > MAX_GRADE_NODES:
        raise ParamsError(f"--curve needs boards of at most {MAX_GRADE_NODES} cells (the "
                          f"grader's limit), not {nodes}")
    return _grade(grade, nodes), tuple(_grade(text, nodes, "--curve") for text in slots)


def _check_reach(request: ParamsRequest, width: int, height: int, target: str,
                 slots: tuple[str, ...]) -> None:
    """Refuse a grade target the board is not known to reach under the default profile: a
    variant is judged only as reach.json has it, with its exact options and the default
    colours; a plain ``--curve`` aims at every band in turn, so each must be reachable."""
    plain = not any(getattr(request, name) != default
                    for name, default in VARIANT_DEFAULTS.items())
    if not (plain or (request.colours is None and not request.shape)):
        return
    variant = variant_of({name: getattr(request, name)
                          for name in ("grid", "wrap", "holes", "walls", "bridges")})
    aimed = dict.fromkeys(slots or (ORDER if request.curve else ()))
    for text, option in ((target, "--grade"), *((t, "--curve") for t in aimed)):
        why = text and variant and unreachable(parse_target(text), width, height, option,
                                               variant)
        if why:
            raise ParamsError(why)


CELLS_PER_COLOUR = 7
"""Open cells per colour an easy or medium target on hexagons or warps may go down to when
no ``--colors`` is given.  The published range leaves more cells a colour than that, and
on these variants longer paths make the lower bands rare: with more colours an easy or
medium target is reached far more often (``benchmarks/grade_reach.py --variants``; the
figures in benchmarks/README.md, "grade_reach on the variants")."""


def _easier_colours(target: str, cells: int) -> int:
    """The most colours an easy or medium ``target`` (or a score range below the look-ahead)
    may use on hexagons or warps: one per :data:`CELLS_PER_COLOUR` open cells; 0 (no change)
    for a hard one."""
    if band_of_target(parse_target(target)) == "hard":
        return 0
    return round(cells / CELLS_PER_COLOUR)


def _grade(text: str | None, nodes: int, option: str = "--grade") -> str:
    """The normalised ``--grade`` target ('' for none), or one slot target of ``--curve``;
    ``nodes``: the board's cells and bridge crossings, which the grader must be allowed to
    take."""
    if not text:
        return ""
    try:
        target = parse_target(text)
        check_size(nodes)
    except BandError as exc:
        message = str(exc)
        raise ParamsError(message if option == "--grade" else f"--curve: {message}") from None
    return target.text


def _check_variant(width: int, height: int, request: ParamsRequest) -> None:
    """Refuse a variant (the options of :data:`VARIANT`) that contradicts itself or does not
    fit a ``width`` x ``height`` board (each option alone was checked with the request)."""
    grid, wrap, holes, shape, walls, bridges = (getattr(request, name) for name in VARIANT)
    if grid != SQUARE and wrap:
        raise ParamsError(f"warps need square cells, not --grid {grid}")
    if holes and shape:
        raise ParamsError("--holes and --shape both choose the holes: give one of them")
    cells = width * height
    if holes > cells - 2:
        raise ParamsError(f"{holes} holes leave no room for a path on a {width}x{height} board")
    if shape and sum(row.count(EMPTY) for row in shape) < 2:
        raise ParamsError("the shape has fewer than two open cells")
    if bridges > cells // 9:
        raise ParamsError(f"{bridges} bridges do not fit a {width}x{height} board (each needs its "
                          f"neighbours to itself: at most {cells // 9})")
    if walls > cells:
        raise ParamsError(f"{walls} walls are more than the {width}x{height} board's cells; "
                          "walls are removed edges between neighbouring cells")
    variant = grid != SQUARE or wrap or holes or shape or walls or bridges
    if request.symmetry != "none" and variant:
        raise ParamsError(f"--symmetry {request.symmetry} is for plain square boards; it does "
                          "not support --grid hex, --wrap, --holes, --shape, --walls or --bridges")

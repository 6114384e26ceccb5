"""Generation parameters: parsing, defaults, and the checks that make bad requests clear."""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import asdict, dataclass

from satlink.board import EMPTY, SOLID
from satlink.generate.colours import published_colour_draw
from satlink.generate.reach import unreachable, variant_of
from satlink.generate.reading import ParamsError, parse_colours, parse_size
from satlink.generate.request import ParamsRequest
from satlink.generate.symmetry import SYMMETRIES
from satlink.generate.targets import ORDER, BandError, band_of_target, check_size, parse_target
from satlink.geometry import HEX, KINDS, SQUARE, Geometry
from satlink.grading import MAX_GRADE_NODES
from satlink.rules import DEFAULT_RULES, Rules, parse_rules
from satlink.solver.method import DEFAULT_METHOD, Method

GROWTHS = ("grow", "unionfind")
PLAYS = ("published", "any")
GRIDS = KINDS
STRATEGIES = ("repair", "reject")

VARIANT_DEFAULTS = {"grid": SQUARE, "wrap": False, "holes": 0, "shape": (), "walls": 0,
                    "bridges": 0}


@dataclass(frozen=True)
class Params:
    width: int
    height: int
    colours_min: int
    colours_max: int
    min_length: int = 3
    max_solids: int = 0
    rules: Rules = DEFAULT_RULES  # parsed once; written as its canonical text
    growth: str = "grow"  # the growth algorithm (was ``method``: the key still says so)
    strategy: str = "repair"
    seed: int = 0
    max_repairs: int = 40
    symmetry: str = "none"
    solving: Method = DEFAULT_METHOD  # how uniqueness is proved (verdicts never depend on it)
    grid: str = SQUARE  # the variant: cell kind, warps, holes (or a shape), walls, bridges
    wrap: bool = False
    holes: int = 0
    shape: tuple[str, ...] = ()  # mask rows, '.' open and '#' a hole
    walls: int = 0
    bridges: int = 0
    grade: str = ""  # a band or score range of the human grade ('' any); see targets.py
    play: str = "published"  # without a grade: bands drawn as published ('any': no aim)
    curve: bool = False  # without a grade: easy, medium, hard in turn (the pack is ordered)
    slots: tuple[str, ...] = ()  # a grade target per slot of the pack ('--curve T1,T2,...')

    def key(self) -> str:
        """Identifies a generation run: same parameters, same puzzles, resumable.

        The solving method and the variant fields enter the key only when they are not the
        defaults, so catalogues written before they were parameters resume as before; the
        method is there at all because the solver-effort figures depend on the backend.  Fields
        renamed since keep their old names in the key (``growth`` was ``method``, ``grade``
        was ``difficulty``), so the runs of every catalogue keep their keys.
        """
        fields = self.as_dict()
        if self.solving == DEFAULT_METHOD:
            del fields["solving"]
        else:
            if self.solving.presolve:  # on, as before it was a choice: old runs still resume
                del fields["solving"]["presolve"]
            if self.solving.pieces:  # likewise the pieces (issue 24), on by default
                del fields["solving"]["pieces"]
            if self.solving.stricter_first:  # and weak profiles through flow (issue 36)
                del fields["solving"]["stricter_first"]
        for name, default in VARIANT_DEFAULTS.items():
            if fields[name] == default:
                del fields[name]
        if fields["play"] == "published":
            del fields["play"]
        if not fields["curve"]:
            del fields["curve"]
        if not fields["slots"]:
            del fields["slots"]
        grade = fields.pop("grade")
        if grade:
            fields["difficulty"] = grade
        fields["method"] = fields.pop("growth")
        return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()[:16]

    def as_dict(self) -> dict:
        """The parameters as JSON values (the rules as their canonical text, as stored)."""
        fields = asdict(self)
        fields["rules"] = str(self.rules)
        return fields

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


def make_params(request: ParamsRequest) -> Params:
    """Validated parameters for ``request`` (its texts read, its profile parsed, its targets
    normalised), or a :class:`ParamsError` that names the first thing that cannot be made.
    A grade target the variant is not known to reach is refused here, before any attempt."""
    size, colours, min_length, shape = (request.size, request.colours, request.min_length,
                                        request.shape)
    grid, wrap, holes, walls, bridges = (request.grid, request.wrap, request.holes,
                                         request.walls, request.bridges)
    symmetry, grade, play, curve = request.symmetry, request.grade, request.play, request.curve
    profile = parse_rules(request.rules)
    if shape:
        width, height = len(shape[0]), len(shape)
        if size is not None and parse_size(size) != (width, height):
            raise ParamsError(f"size {size} is not the shape's {width}x{height}")
        parse_size(f"{width}x{height}")
    else:
        width, height = parse_size(size or "10x10")
    _check_variant(width, height, symmetry, dict(grid=grid, wrap=wrap, holes=holes, shape=shape,
                                                 walls=walls, bridges=bridges))
    cells = width * height - ("".join(shape).count(SOLID) if shape else holes)  # open cells
    lo, hi = parse_colours(colours, cells, grid)
    if min_length < 2:
        raise ParamsError("min-length must be at least 2 (a path joins two cells)")
    if min_length > cells:
        raise ParamsError(f"min-length {min_length} is longer than the {width}x{height} board "
                          f"({cells} cells)")
    room = cells // min_length
    if lo > room:
        raise ParamsError(f"{lo} colours do not fit a {width}x{height} board: with paths of at "
                          f"least {min_length} cells there is room for at most {room}")
    hi = min(hi, room)
    if request.growth not in GROWTHS:
        raise ParamsError(f"growth {request.growth!r} (known: {', '.join(GROWTHS)})")
    if request.strategy not in STRATEGIES:
        raise ParamsError(f"strategy {request.strategy!r} (known: {', '.join(STRATEGIES)})")
    if request.max_solids < 0:
        raise ParamsError("max-solids cannot be negative")
    if symmetry not in SYMMETRIES:
        raise ParamsError(f"symmetry {symmetry!r} (known: {', '.join(SYMMETRIES)})")
    if play not in PLAYS:
        raise ParamsError(f"play {play!r} (known: {', '.join(PLAYS)})")
    if (curve or request.slots) and grade:
        raise ParamsError("--curve orders a pack from easy to hard; --grade keeps one grade: "
                          "give one of them")
    if curve and request.slots:
        raise ParamsError("give --curve with slot targets or without, not both")
    if (curve or request.slots) and width * height + bridges > MAX_GRADE_NODES:
        raise ParamsError(f"--curve needs boards of at most {MAX_GRADE_NODES} cells (the "
                          f"grader's limit), not {width * height + bridges}")
    target = _grade(grade, width * height + bridges)  # the graph nodes graded
    slots = tuple(_grade(text, width * height + bridges, "--curve") for text in request.slots)
    if colours is None and (grid == HEX or wrap):  # easier targets need more colours there
        aims = [t for t in (target, *slots) if t] or (["easy"] if curve else [])
        hi = min(room, max([hi, *(_easier_colours(t, cells) for t in aims)]))
    plain = not (grid != SQUARE or wrap or holes or shape or walls or bridges)
    if profile == DEFAULT_RULES and min_length <= 3 and (
            plain or (colours is None and not shape)):
        # a variant is judged only as reach.json has it: its exact options, default colours
        variant = variant_of(dict(grid=grid, wrap=wrap, holes=holes, walls=walls,
                                  bridges=bridges))
        # a plain --curve aims at every band in turn: each must be reachable, as a slot's is
        aimed = dict.fromkeys(slots or (ORDER if curve else ()))
        for text, option in ((target, "--grade"), *((t, "--curve") for t in aimed)):
            why = text and variant and unreachable(parse_target(text), width, height, option,
                                                   variant)
            if why:
                raise ParamsError(why)
    return Params(width, height, lo, hi, min_length, request.max_solids, profile,
                  request.growth, request.strategy, request.seed, symmetry=symmetry,
                  solving=request.solving, grid=grid, wrap=wrap, holes=holes,
                  shape=tuple(shape), walls=walls, bridges=bridges, grade=target,
                  play=play, curve=curve, slots=slots)


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


def _check_variant(width: int, height: int, symmetry: str, variant: dict) -> None:
    """Refuse a variant (``variant``: the options of :data:`VARIANT_DEFAULTS`, by name) that
    is unknown, contradicts itself or does not fit a ``width`` x ``height`` board."""
    grid, wrap, holes, shape, walls, bridges = (
        variant[name] for name in ("grid", "wrap", "holes", "shape", "walls", "bridges"))
    if grid not in GRIDS:
        raise ParamsError(f"grid {grid!r} (known: {', '.join(GRIDS)})")
    if grid != SQUARE and wrap:
        raise ParamsError(f"warps need square cells, not --grid {grid}")
    for name, value in (("holes", holes), ("walls", walls), ("bridges", bridges)):
        if value < 0:
            raise ParamsError(f"{name} cannot be negative")
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
    if symmetry != "none" and variant:
        raise ParamsError(f"--symmetry {symmetry} is for plain square boards; it does not "
                          "support --grid hex, --wrap, --holes, --shape, --walls or --bridges")

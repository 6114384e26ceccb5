"""DIMACS export of an encoding, and decoding of a model printed by any external solver.

The comment header makes the file self-describing: the board (``c board W H``, one
``c grid ROW`` per row and, for a Flow Free variant, ``c geometry {...}``: the JSON object of
JSON boards), the profile and encoding, one ``c edge`` line per edge variable (with cell
coordinates), one ``c block`` line per other variable family, and a ``c ind`` projection onto
the edge variables (the line projected model counters read), because two solutions differ
exactly when their edge sets differ.  Only the ``acyclic`` encoding is *complete* (every model
is a solution); the header says so.  :func:`read_header` rebuilds the board and profile from
the header, so a model can be decoded with the CNF file alone.

An edge into a bridge names the crossing it uses after the coordinates:
``c edge V R1 C1 R2 C2 crossing vertical`` (or ``horizontal``; on hexagons ``vertical``,
``falling`` or ``rising``); the bridge is whichever end is a bridge cell.  The crossings of a
bridge are different graph nodes, so without the word two edges could look alike.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np

from satlink.board import Board
from satlink.cnf import Encoding
from satlink.geometry import geometry_to_json
from satlink.referee import solution_errors
from satlink.rules import Rules, parse_rules
from satlink.solution import Solution
from satlink.solver.decode import read_model as read_model_paths
from satlink.version import __version__

MAGIC = "c satlink "


class ModelError(ValueError):
    """A model file that cannot be read, with the line where it went wrong."""


def dimacs_lines(encoding: Encoding, names: bool = False, extra: list[list[int]] | None = None,
                 notes: Iterable[str] = ()) -> Iterator[str]:
    """The DIMACS text of ``encoding``, line by line (no trailing newlines).

    ``names=True`` adds one ``c var V FAMILY ...`` line per non-edge variable (cells as
    ``row col``), the complete map; by default each family is one ``c block`` range line.
    ``extra``: clauses written after the encoding's (forced moves as units, cycle cuts, the
    clause blocking a first solution: ``satlink cnf --out-dir``), counted in the ``p`` line;
    ``notes``: comment lines (without the ``c ``) written before the ``p`` line.
    """
    extra = extra or []
    if encoding.clauses.atmost:
        raise ValueError("native cardinality constraints (--card native) have no DIMACS form; "
                         "choose another --card")
    board = encoding.board
    vs = encoding.variables
    yield f"{MAGIC}{__version__} DIMACS export"
    yield (f"c encoding {encoding.name} card {encoding.card} rules {encoding.rules} "
           f"lemmas {','.join(encoding.lemmas) or 'none'}")
    if encoding.acyclic:
        yield "c complete: every model is a solution (project onto the edge variables)"
    else:
        yield ("c incomplete: models may contain detached cycles (use --encoding acyclic "
               "for an exact CNF)")
    yield f"c board {board.width} {board.height}"
    for row in board.rows:
        yield f"c grid {row}"
    if not board.geometry.is_plain:
        yield "c geometry " + json.dumps(geometry_to_json(board.geometry, board.width))
    for (a, b), v in vs.edge_var.items():
        (r1, c1), (r2, c2) = board.coord(a), board.coord(b)
        yield f"c edge {v} {r1} {c1} {r2} {c2}{_crossing(board, a, b)}"
    for first, count, family, per in vs.blocks():
        shape = f" ({per} per cell)" if per else ""
        yield f"c block {family} {first} {first + count - 1}{shape}"
    if names:
        for v in range(len(vs.edge_var) + 1, vs.top + 1):
            yield "c var " + str(v) + " " + _describe(board, vs.name(v))
    edge_count = len(vs.edge_var)
    for start in range(1, edge_count + 1, 20):
        stop = min(start + 20, edge_count + 1)
        yield "c ind " + " ".join(map(str, range(start, stop))) + " 0"
    for note in notes:
        yield f"c {note}"
    yield f"p cnf {vs.top} {encoding.clauses.n_clauses + len(extra)}"
    for chunk in encoding.clauses.chunks():
        yield from clause_lines(chunk)
    yield from clause_lines(extra)


def clause_lines(clauses: Iterable[Iterable[int]]) -> Iterator[str]:
    """Each clause as one DIMACS line, ``0``-terminated."""
    for clause in clauses:
        yield " ".join(map(str, clause)) + " 0"


def first_unsatisfied(parts: Iterable[list[list[int]] | np.ndarray],
                      model: list[int]) -> list[int] | None:
    """The first clause of ``parts`` (lists of clauses or clause arrays, one per row) that
    ``model`` (literals, each variable once) falsifies, or None: how an external solver's model
    is checked before it is believed, as SAT competitions check theirs."""
    top = max((abs(lit) for lit in model), default=0)
    value = np.zeros(top + 1, dtype=np.int8)  # +1 true, -1 false, 0 unassigned
    for lit in model:
        value[abs(lit)] = 1 if lit > 0 else -1
    truth: list[int] | None = None  # the values as a list, for clauses given as lists
    for part in parts:
        if isinstance(part, np.ndarray):
            if not len(part):
                continue
            variables = np.abs(part)
            if int(variables.max(initial=0)) > top:
                return next(c for c in part.tolist() if max(map(abs, c)) > top)
            sat = (value[variables] * np.sign(part)) > 0
            bad = np.flatnonzero(~sat.any(axis=1))
            if len(bad):
                return part[bad[0]].tolist()
            continue
        truth = truth if truth is not None else value.tolist()
        for clause in part:
            if not any(abs(lit) <= top and truth[abs(lit)] == (1 if lit > 0 else -1)
                       for lit in clause):
                return list(clause)
    return None


def _crossing(board: Board, a: int, b: int) -> str:
    """`` crossing AXIS`` (the axis's name) for an edge into a bridge, else nothing."""
    for node in (a, b):  # an edge into a bridge runs along the axis of the crossing it enters
        axis = board.node_axis(node)
        if axis is not None:
            return f" crossing {board.geometry.axes[axis]}"
    return ""


def read_header(lines: Iterable[str], source: str = "<cnf>") -> tuple[Board, Rules]:
    """The board and profile a DIMACS export describes (its ``c grid``, ``c geometry`` and
    ``c encoding`` lines); :class:`ModelError` if the header is not satlink's or is damaged."""
    rows: list[str] = []
    geometry_text = rules_text = None
    geometry_line = 0
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip("\r\n")
        if number == 1 and not line.startswith(MAGIC):
            raise ModelError(f"{source}: line 1: not a satlink DIMACS export")
        if line.startswith("p "):
            break
        if line.startswith("c grid "):
            rows.append(line[len("c grid "):])
        elif line.startswith("c geometry "):
            geometry_text, geometry_line = line[len("c geometry "):], number
        elif line.startswith("c encoding "):
            words = line.split()
            if "rules" in words[:-1]:
                rules_text = words[words.index("rules") + 1]
    if not rows or rules_text is None:
        raise ModelError(f"{source}: the header has no board ('c grid' lines) or no rules")
    try:
        geometry_json = json.loads(geometry_text) if geometry_text else None
    except (ValueError, RecursionError) as exc:  # bad JSON, or nested too deeply to parse
        reason = str(exc) if isinstance(exc, ValueError) else "nested too deeply"
        raise ModelError(f"{source}: line {geometry_line}: the 'c geometry' line is not "
                         f"geometry JSON ({reason})") from None
    try:
        return Board.from_json(rows, geometry_json), parse_rules(rules_text)
    except (ValueError, RecursionError) as exc:  # bad geometry, board or rules
        reason = str(exc) if isinstance(exc, ValueError) else "nested too deeply"
        raise ModelError(f"{source}: the header's board cannot be read: {reason}") from None


def is_export(first_line: str) -> bool:
    """Whether a file starting with this line is a satlink DIMACS export."""
    return first_line.startswith(MAGIC) and "DIMACS export" in first_line


def _describe(board: Board, name: tuple) -> str:
    family, *rest = name
    if family in ("bit", "colour", "used", "rank", "carry") and len(rest) == 2:
        r, c = board.coord(rest[0])
        return f"{family} {r} {c} {rest[1]}"
    if family == "arc":
        (r1, c1), (r2, c2) = board.coord(rest[0]), board.coord(rest[1])
        return f"arc {r1} {c1} {r2} {c2}"
    if family == "shape":
        r, c = board.coord(rest[0])
        ends = " ".join(f"{board.coord(n)[0]} {board.coord(n)[1]}" for n in rest[1])
        return f"shape {r} {c} to {ends or 'nothing'}"
    return " ".join(map(str, name))


def read_model(lines: Iterable[str], source: str = "<model>") -> list[int] | None:
    """The literals of a solver's output (``v`` lines); None if it says UNSATISFIABLE.

    Also accepts a bare list of literals (no ``v`` prefix), as some tools print.
    """
    literals: list[int] = []
    saw_values = False
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("c"):
            continue
        if line.startswith("s "):
            if "UNSAT" in line.upper():
                return None
            continue
        body = line[1:] if line.startswith("v") else line
        for column, token in _tokens(body, 2 if line.startswith("v") else 1):
            try:
                literals.append(int(token))
            except ValueError:
                from satlink.formats.entry import snippet

                raise ModelError(f"{source}: line {number}, column {column}: "
                                 f"not a literal: {snippet(token, 40)}"
                                 f"{f' ({len(token):,} characters)' if len(token) > 40 else ''}"
                                 ) from None
        saw_values = True
    if not saw_values:
        raise ModelError(f"{source}: no 'v' lines (and no 's UNSATISFIABLE') found")
    return [lit for lit in literals if lit != 0]


def read_model_file(path: str) -> list[int] | None:
    """:func:`read_model` on a file (``-``: standard input), read as the board readers read
    theirs: a FIFO, device or folder is refused before it is opened (nothing blocks), at most
    :data:`satlink.formats.MAX_READ_BYTES` are read (``/dev/zero`` on standard input ends
    with a message), and bytes that are not UTF-8 are located; raises :class:`ModelError`."""
    from satlink.formats import registry  # the readers' own checks (private there: one reader each)
    from satlink.formats.entry import split_lines

    source = "<stdin>" if path == "-" else path
    limit = registry.MAX_READ_BYTES
    try:
        data = (registry._read_stdin(limit) if path == "-"
                else registry._read_regular_file(path, limit))
        text = registry._decode(data).removeprefix(registry.BOM)
    except registry._Unreadable as exc:
        where = f": line {exc.line}, column {exc.column}" if exc.line else ""
        raise ModelError(f"{source}{where}: {exc}") from None
    except OSError as exc:
        raise ModelError(f"{source}: cannot read file: {exc.strerror or exc}") from None
    return read_model(split_lines(text), source)


def _tokens(body: str, offset: int) -> Iterator[tuple[int, str]]:
    column = offset
    for part in body.split(" "):
        if part:
            yield column, part
        column += len(part) + 1


@dataclass
class Decoded:
    """What a model means for the board: a solution, or why it is none."""

    solution: Solution | None
    errors: list[str]


def decode_model(board: Board, rules: Rules, literals: list[int]) -> Decoded:
    """Read the edge variables (``1..E`` in every encoding) and referee the result, by the
    same steps the solver loop takes (:func:`satlink.solver.decode.read_model`), then the
    independent validator."""
    true = {lit for lit in literals if lit > 0}
    model = [v if v in true else -v for v in range(1, len(board.edges) + 1)]
    read = read_model_paths(board, np.asarray(board.edges, dtype=np.int64).reshape(-1, 2), model)
    if read.cycles:
        where = ", ".join(str(board.coord(min(cells))) for cells in read.cycles)
        return Decoded(None, [f"the model has {len(read.cycles)} detached cycle(s), at {where}"])
    try:
        solution = read.solution()
    except ValueError as exc:
        return Decoded(None, [str(exc)])
    extra = set(read.edges()) - solution.edges()
    if extra:
        return Decoded(None, [f"{len(extra)} edge(s) off the paths"])
    return Decoded(solution, solution_errors(board, solution, rules))

"""puzz.link URLs: ``https://puzz.link/p?TYPE/W/H/BODY``, one per line.

Two puzzle types take the same body and differ in their rules:

* ``numlin`` (Numberlink as Nikoli plays it): cells may stay empty, the profile ``nikoli``;
* ``arukone``: every cell lies on a path, no rule against a path running beside itself, the
  profile ``fill``.

A URL is read with its type's profile as the board's rules, and a board is written as
``arukone`` when its profile asks for ``fill`` (``flow`` and ``fill``), else as ``numlin``,
so the player's rules are as close as they can be to the ones the board was made under.
(``flow``'s no-touch rule exists in neither: a board unique under ``flow`` may be ambiguous
under ``fill``; :mod:`satlink.exports` checks that and warns.)

The body is pzprjs' "number16" cell code, row-major: a hex digit for numbers 0-15, ``-`` plus
two hex digits up to 255, ``+`` plus three up to 4095, ``.`` for a ``?`` clue, and the letters
``g``..``z`` for runs of 1..20 empty cells.  Labels become the numbers 1..L in label order;
neither type has solid cells nor Flow Free variants, so boards with either cannot be
written.  Nothing may follow the body: pzprjs stops reading at the last cell and ignores
the rest, so a URL with more is refused rather than read as something its author did not
write.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from satlink.board import EMPTY, label_for
from satlink.formats.entry import (
    Entry,
    board_entry,
    board_lines,
    error_entry,
    first_content_line,
    later_board_lines,
    natural,
    refuse_variant,
    size_error,
)
from satlink.formats.errors import WriteError
from satlink.rules import RULES, Rules, parse_rules

NAME = "puzzlink"
TYPES = {"numlin": "nikoli", "arukone": "fill"}
"""The puzz.link types read and written, and the profile each one's rules are."""
URL = re.compile(r"\b(numlin|arukone)/([0-9]+)/([0-9]+)/(\S*)")
SITE = "https://puzz.link/p?"
NUMBER_LABELS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def looks_like(lines: Sequence[str]) -> bool:
    """A puzz.link URL first; or a damaged URL followed by puzz.link URLs (then the damaged
    one is the invalid board, not the whole file one grid)."""
    def url(line: str) -> bool:
        return any(f"{kind}/" in line for kind in TYPES)

    first = first_content_line(lines)
    return url(first) or ("://" in first and any(map(url, later_board_lines(lines))))


def url_type(rules: Rules) -> str:
    """The puzz.link type a board judged under ``rules`` is written as."""
    return "arukone" if rules.fill else "numlin"


def type_rules(kind: str) -> Rules:
    """The rules of a puzz.link type (what the site's checker accepts as a solution)."""
    return parse_rules(TYPES[kind])


RULE_WORDS = {"fill": "every-cell", "notouch": "no-touch", "no2x2": "no-2x2"}


def rules_differences(rules: Rules) -> list[str]:
    """How puzz.link's rules for a board judged under ``rules`` differ from them: the rules
    the URL's type lacks (``"no no-touch rule"``), then any it adds; empty when its answer
    check accepts exactly the solutions ``rules`` accept.  The one place that decides it: the
    report's links and ``convert --to puzzlink``'s warnings both ask here.

    The type keeps ``fill`` when ``rules`` have it (:func:`url_type`), so in practice what is
    lost is ``notouch`` and ``no2x2``: puzz.link then accepts every solution of the board and
    more, and a board unique under ``rules`` may have several there."""
    kept = type_rules(url_type(rules)).rules
    return ([f"no {RULE_WORDS[r]} rule" for r in RULES if r in rules.rules - kept]
            + [f"an extra {RULE_WORDS[r]} rule" for r in RULES if r in kept - rules.rules])


def rules_warning(rules: Rules) -> str | None:
    """What a player on puzz.link should know about a board judged under ``rules`` (None
    when puzz.link's rules are the board's): see :func:`rules_differences`."""
    differences = rules_differences(rules)
    if not differences:
        return None
    kind, name = url_type(rules), rules.name
    if all(d.startswith("no ") for d in differences):  # looser: the board's solutions and more
        effect = (f"its answer check accepts solutions that {name} forbids, so this board may "
                  f"have more solutions there than under {name}")
    else:
        effect = f"its answer check is not {name}'s"
    return f"puzz.link's {kind} has {' and '.join(differences)}: {effect}"


def read(lines: Sequence[str], source: str, max_cells: int) -> Iterator[Entry]:
    for number, index, line in board_lines(lines):
        match = URL.search(line)
        if not match:
            yield error_entry("not a puzz.link numlin or arukone URL", source, index, number, 1)
            continue
        kind = match.group(1)
        width, height, body = natural(match.group(2)), natural(match.group(3)), match.group(4)
        problem = size_error(width, height, max_cells)  # before anything is built
        if problem:
            yield error_entry(problem, source, index, number, match.start(2) + 1)
            continue
        rest = line[match.end():]
        if rest.strip():
            column = match.end() + len(rest) - len(rest.lstrip()) + 1
            yield error_entry("unexpected text after the URL", source, index, number, column)
            continue
        try:
            values = _decode(body, width * height)
        except _BodyError as exc:
            column = match.start(4) + 1 + exc.offset
            yield error_entry(exc.message, source, index, number, column)
            continue
        cells = [EMPTY if v == 0 else label_for(v - 1, NUMBER_LABELS) for v in values]
        rows = ["".join(cells[r * width : (r + 1) * width]) for r in range(height)]
        entry = board_entry(rows, source, index, number, max_cells)
        if entry.error is not None:
            entry.error.line, entry.error.column = number, None
        else:
            entry.rules = type_rules(kind)
        yield entry


class _BodyError(Exception):
    """A flaw in the URL body at character ``offset`` (from 0) of the body."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.message, self.offset = message, offset


HEX = "0123456789abcdef"


def _decode(body: str, size: int) -> list[int]:
    """The ``size`` cell values the body describes: exactly that many, no more, no less."""
    values: list[int] = []
    i = 0
    while i < len(body):
        if len(values) >= size:
            raise _BodyError(f"unexpected text {body[i:i + 12]!r} after the URL body (its "
                             f"{size} cells end before it)", i)
        ch = body[i]
        if ch in HEX:
            values.append(int(ch, 16))
            i += 1
        elif ch in "-+":
            digits = 2 if ch == "-" else 3
            code = body[i + 1 : i + 1 + digits]
            if len(code) != digits or any(d not in HEX for d in code):
                raise _BodyError(f"{ch!r} must be followed by {digits} hex digits", i)
            values.append(int(code, 16))
            i += 1 + digits
        elif "g" <= ch <= "z":
            run = int(ch, 36) - 15
            if len(values) + run > size:
                raise _BodyError(f"URL body describes more than {size} cells", i)
            values.extend([0] * run)
            i += 1
        elif ch == ".":
            raise _BodyError("'?' clues are not supported", i)
        else:
            raise _BodyError(f"unexpected character {ch!r} in the URL body", i)
    if len(values) < size:
        raise _BodyError(f"URL body describes {len(values)} of {size} cells", len(body))
    return values


def encode_url(entry: Entry, number: int = 1) -> str:
    """The URL of a board: ``arukone`` under a profile with ``fill``, else ``numlin``."""
    board = entry.board
    kind = url_type(entry.rules_under(None))
    refuse_variant(board, number, NAME)
    if board.solid_count():
        raise WriteError(f"puzz.link {kind} has no solid cells; this board has some")
    if len(board.labels) > MAX_NUMBER:  # said up front: the first label past it is not the count
        raise WriteError(f"puzz.link numbers stop at {MAX_NUMBER}; this board has "
                         f"{len(board.labels)} labels")
    number = {label: i + 1 for i, label in enumerate(board.labels)}
    out: list[str] = []
    run = 0
    for r in range(board.height):
        for ch in board.rows[r]:
            if ch == EMPTY:
                run += 1
                if run == 20:
                    out.append("z")
                    run = 0
                continue
            if run:
                out.append(_base36(run + 15))
                run = 0
            out.append(_number16(number[ch]))
    if run:
        out.append(_base36(run + 15))
    return f"{SITE}{kind}/{board.width}/{board.height}/{''.join(out)}"


def _base36(n: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[n]


MAX_NUMBER = 4095


def _number16(n: int) -> str:
    if n < 16:
        return format(n, "x")
    if n < 256:
        return "-" + format(n, "02x")
    if n < 4096:
        return "+" + format(n, "03x")
    raise WriteError(f"puzz.link numbers stop at 4095, not {n}")


def write(entries: Sequence[Entry]) -> str:
    return "".join(encode_url(e, number) + "\n" for number, e in enumerate(entries, start=1))

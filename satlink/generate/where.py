"""``export --where``: a filter over the catalogue's columns and the human grade.

``size=10x10 and grade>4 and effort<0.5``: conditions joined by ``and``, each a field, an
operator (``= != < <= > >=``) and a value checked against the field.  Column conditions
become SQL with parameters (never string-pasted values); conditions on the human grade
(``grade``: its score, ``band``: easy < medium < hard) are tested in Python, since a puzzle
stored before grades existed is graded on the way.  ``difficulty``, the solver effort's name
before record version 3, is read as ``effort`` with a note.
"""

from __future__ import annotations

import math
import operator
import re
from dataclasses import dataclass, field

from satlink.grading import BANDS
from satlink.rules import RulesError, parse_rules

FIELDS = {"width": "width", "height": "height", "colours": "colours", "colors": "colours",
          "solids": "solids", "effort": "effort", "rules": "rules", "attempt": "attempt",
          "variant": "(geometry != '')"}
"""``--where`` fields that are columns (or expressions over them)."""
GRADE_FIELDS = ("grade", "band")
"""``--where`` fields of the human grade: ``grade`` its score, ``band`` easy < medium < hard."""
DEPRECATED_FIELDS = {"difficulty": "effort"}
"""``--where`` fields under their earlier names: accepted, with a note naming the new one."""
OPERATORS = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
             ">": operator.gt, ">=": operator.ge}


class WhereError(ValueError):
    """An export filter that cannot be understood."""


@dataclass
class Where:
    """A parsed ``--where``: the SQL ``clause`` with its ``args`` (never string-pasted
    values), the conditions on the human grade (``grade``: field, operator, value; tested in
    Python, as a grade may have to be computed first) and ``notes`` for the user
    (deprecated field names)."""

    clause: str = "1"
    args: list = field(default_factory=list)
    grade: list[tuple[str, str, float]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def admits(self, graded: dict | None) -> bool:
        """Whether a grade passes every grade condition; a board without a grade (too
        large to grade) passes none."""
        if not self.grade:
            return True
        if graded is None:
            return False
        bands = list(BANDS)
        for name, op, value in self.grade:
            have = graded["score"] if name == "grade" else bands.index(graded["band"])
            if not OPERATORS[op](have, value):
                return False
        return True


def parse_where(text: str | None) -> Where:
    """``size=10x10 and effort>0.5 and grade>4`` -> a :class:`Where`."""
    where = Where()
    if not text or not text.strip():
        return where
    parts, args = [], []
    for cond in re.split(r"\s+and\s+", text.strip(), flags=re.IGNORECASE):
        match = re.fullmatch(r"\s*(\w+)\s*(<=|>=|!=|=|<|>)\s*(\S+)\s*", cond)
        if not match:
            raise WhereError(f"cannot read condition {cond!r} (use e.g. size=10x10, effort>0.5, "
                             "grade>4, band=easy)")
        name, op, value = match.groups()
        name = name.lower()
        if name in DEPRECATED_FIELDS:
            new = DEPRECATED_FIELDS[name]
            where.notes.append(f"--where field {name!r} is deprecated: it is the solver effort, "
                               f"now called {new!r} (the human grade is 'grade' and 'band')")
            name = new
        if name == "size":
            size = re.fullmatch(r"(\d+)[xX](\d+)", value)
            if not size or op not in ("=", "!="):
                raise WhereError(f"size takes = or != and WxH, not {cond!r}")
            parts.append("(width = ? AND height = ?)" if op == "=" else "NOT (width = ? AND height = ?)")
            args += [_whole(size.group(1), name, cond), _whole(size.group(2), name, cond)]
            continue
        if name in GRADE_FIELDS:
            where.grade.append((name, op, _grade_value(name, value, cond)))
            continue
        if name not in FIELDS:
            known = ", ".join(sorted({*FIELDS, *GRADE_FIELDS}))
            raise WhereError(f"unknown field {name!r} (known: size, {known})")
        parts.append(f"{FIELDS[name]} {op} ?")
        args.append(_where_value(name, op, value, cond))
    if parts:
        where.clause, where.args = " AND ".join(parts), args
    return where


def _grade_value(name: str, value: str, cond: str) -> float:
    """A grade score (a decimal number), or a band as its place in easy < medium < hard."""
    if name == "band":
        bands = list(BANDS)
        if value.lower() not in bands:
            raise WhereError(f"band takes {', '.join(bands)}, not {value!r} in {cond!r}")
        return bands.index(value.lower())
    if not DECIMAL.fullmatch(value) or not math.isfinite(float(value)):
        raise WhereError(f"grade takes a score such as 4 or 2.5, not {value!r} in {cond!r}")
    return float(value)


WHOLE = re.compile(r"[+-]?\d+")
DECIMAL = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def _where_value(name: str, op: str, value: str, cond: str) -> int | float | str:
    """The value of one condition, checked against its field: whole numbers for counts and
    sizes, a decimal number for effort, a profile or rule list for rules (compared in
    the canonical form the catalogue stores: ``flow`` finds ``fill,notouch``)."""
    if name == "rules":
        if op not in ("=", "!="):
            raise WhereError(f"rules takes = or != and a profile, not {cond!r}")
        try:
            return str(parse_rules(value))
        except RulesError as exc:
            raise WhereError(f"{cond!r}: {exc}") from None
    if name == "effort":
        if not DECIMAL.fullmatch(value):
            raise WhereError(f"effort takes a number such as 0.5, not {value!r} in {cond!r}")
        return float(value)
    if not WHOLE.fullmatch(value):
        raise WhereError(f"{name} takes a whole number such as 10, not {value!r} in {cond!r}")
    return _whole(value, name, cond)


SQL_INTEGER = 2**63  # SQLite integers are 64-bit: a larger one cannot even be compared


def _whole(digits: str, name: str, cond: str) -> int:
    """``digits`` as an integer SQLite can take, or a :class:`WhereError` naming the condition
    (checked on the text first: ``int()`` refuses more than 4,300 digits)."""
    if len(digits.lstrip("+-").lstrip("0")) > 19 or not -SQL_INTEGER <= int(digits) < SQL_INTEGER:
        shown = cond if len(cond) <= 60 else cond[:60] + "..."
        raise WhereError(f"{name} takes a whole number below 2**63, not one of "
                         f"{len(digits.lstrip('+-'))} digits in {shown!r}")
    return int(digits)

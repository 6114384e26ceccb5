"""Exports read by programs with fixed rules: say when a board means something else there.

A board proven unique under ``flow`` may have several solutions for a consumer whose rules
differ: puzz.link's ``numlin`` lets cells stay empty (many boards unique under ``flow`` are
not unique there: ``benchmarks/README.md``, "Figures behind the code"), ``arukone`` asks every
cell to be used but has no no-touch rule, plain "fill" tools know nothing of no-touch. Before
a pack is handed to such a consumer, each board is checked under the consumer's own rules and
a warning names the rules and what was found.

The consumer is the format's reader when the format implies one (a Flow Free level line:
Flow Free, ``flow``; a puzz.link URL: its type's rules, see :mod:`satlink.formats.puzzlink`),
or the one the user names (``--target PROFILE``).  Other formats (grid, ``W H``, JSON) carry
no such promise and are not checked unless a target is named.

Each check is bounded: solutions are counted up to :data:`COUNT`, within ``timeout`` seconds
per board, so a pack of large boards costs at most that much per board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from satlink.formats import Entry
from satlink.formats.flowfree import FLOW_FREE_RULES
from satlink.formats.puzzlink import rules_differences, type_rules, url_type
from satlink.rules import Rules
from satlink.solver.check import check
from satlink.solver.memory import BoardTooLarge
from satlink.solver.method import DEFAULT_METHOD, Method, MethodError
from satlink.solver.verdict import Status

COUNT = 10
"""Solutions are counted up to this many for a warning (``10+`` past it)."""
TIMEOUT = 10.0
"""Seconds per board for the check (encoding included)."""


@dataclass(frozen=True)
class Consumer:
    """Who reads an exported board, and under which rules it solves it."""

    name: str | None  # None: the rules the user named with --target
    rules: Rules

    def __str__(self) -> str:
        if self.name is None:
            return f"the target's rules ({self.rules.name})"
        return f"{self.name}'s rules ({self.rules.name})"


def consumer_of(fmt: str, entry: Entry, target: Rules | None = None) -> Consumer | None:
    """The consumer an export of ``entry`` in ``fmt`` is written for: the ``target`` when
    given, else the format's own reader; None when nobody with fixed rules reads it."""
    if fmt == "puzzlink":  # the URL's type is the reader: see for_target
        kind = url_type(entry.rules_under(None))
        return Consumer(f"puzz.link {kind}", type_rules(kind))
    if target is not None:
        return Consumer(None, target)
    if fmt == "flowfree":
        return Consumer("Flow Free", FLOW_FREE_RULES)
    return None


def for_target(entries: list[Entry], fmt: str, target: Rules | None) -> list[Entry]:
    """The entries to write for ``target``: a puzz.link URL names its reader's rules in its
    type, so there the target chooses the type (``arukone`` for a target with ``fill``, else
    ``numlin``) and the boards are checked under that type's rules; other formats are written
    as they are."""
    if fmt != "puzzlink" or target is None:
        return entries
    return [replace(entry, rules=target) for entry in entries]


@dataclass
class ExportWarning:
    """One board that does not mean the same thing to its consumer."""

    entry: Entry
    consumer: Consumer
    status: Status
    count: int = 0
    complete: bool = True
    differences: tuple[str, ...] = ()
    """How the consumer's rules differ from the board's (puzz.link: ``rules_differences``)."""

    def __str__(self) -> str:
        where = f"{self.entry.source}#{self.entry.index}"
        rules = str(self.consumer)
        why = f"; {self.consumer.name} has {' and '.join(self.differences)}" if self.differences else ""
        if self.status == Status.MULTIPLE:
            found = f"{self.count}{'' if self.complete else '+'} solutions"
            return f"{where}: not unique under {rules}: {found} found{why}"
        if self.status == Status.UNSOLVABLE:
            return f"{where}: unsolvable under {rules}{why}"
        if self.status == Status.TIMEOUT:
            return (f"{where}: uniqueness under {rules} not decided within the check's time "
                    f"limit{why}")
        return f"{where}: too large to check under {rules}"


def consumer_warnings(entries: Iterable[Entry], fmt: str, target: Rules | None = None, *,
                      proven: bool = False, method: Method = DEFAULT_METHOD,
                      timeout: float | None = TIMEOUT,
                      progress: Callable[[], None] | None = None) -> list[ExportWarning]:
    """One warning per board that is not unique under its consumer's rules.

    ``proven``: each entry is known to be unique under its own profile (a generated puzzle),
    so a board whose consumer has exactly that profile is not checked again."""
    warnings = []
    for entry in entries:
        consumer = consumer_of(fmt, entry, target)
        if consumer is None or entry.board is None:
            if progress:
                progress()
            continue
        own = entry.rules_under(None)
        # puzz.link: the one decision the report's links share (formats.puzzlink)
        differences = tuple(rules_differences(own)) if fmt == "puzzlink" else ()
        same = not differences if fmt == "puzzlink" else own == consumer.rules
        if proven and same:
            if progress:
                progress()
            continue
        try:
            method.check_lemmas(consumer.rules)
            solving = method
        except MethodError:  # lemmas named for the pack's profile may be unsound here
            solving = DEFAULT_METHOD
        try:
            verdict = check(entry.board, consumer.rules, count=COUNT, timeout=timeout,
                            method=solving)
        except BoardTooLarge:
            warnings.append(ExportWarning(entry, consumer, Status.ERROR, differences=differences))
            continue
        finally:
            if progress:
                progress()
        if verdict.status == Status.UNIQUE:
            continue
        warnings.append(ExportWarning(entry, consumer, verdict.status, verdict.count or 0,
                                      bool(verdict.count_complete), differences))
    return warnings


def summary(warnings: list[ExportWarning], total: int) -> str:
    """One line after the warnings: how many boards, under which consumers' rules."""
    consumers = sorted({str(w.consumer) for w in warnings})
    return (f"{len(warnings)} of {total} board{'s' if total != 1 else ''} may not mean the same "
            f"puzzle under {' and '.join(consumers)}")

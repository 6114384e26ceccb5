"""Boards for the harness: corpus files and folders read in place, and generated sets."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from satlink.bench.runner import BenchBoard
from satlink.formats import expand_files, read_file
from satlink.generate.growing import candidate_board
from satlink.generate.params import ParamsError, make_params
from satlink.generate.request import ParamsRequest
from satlink.rules import Rules, parse_rules

MAX_ATTEMPTS_PER_BOARD = 50
SKIP_SUFFIXES = (".md", ".sol.json", ".png", ".svg", ".html")


def corpus_files(paths: Iterable[str]) -> list[str]:
    """Files as given; a folder contributes its files (not sub-folders), sorted."""
    files: list[str] = []
    for p in map(Path, expand_files(tuple(paths))):
        if p.is_dir():
            files.extend(str(f) for f in sorted(p.iterdir())
                         if f.is_file() and not f.name.endswith(SKIP_SUFFIXES)
                         and not f.name.startswith("."))
        else:
            files.append(str(p))
    return files


class CorpusClash(ValueError):
    """The same file given twice (by two names, or as a file and inside a folder given):
    its boards would be measured twice under one name."""


def board_files(paths: Iterable[str]) -> dict[str, str]:
    """Each corpus file and the name its boards go by: its path relative to the folder that
    holds every file given (so ``puzzles/a.txt`` and ``hints/a.txt`` stay two files), the
    file name alone when there is one folder; raises :class:`CorpusClash` for a file given
    twice."""
    files = corpus_files(paths)
    real: dict[str, str] = {}
    for path in files:
        key = "-" if path == "-" else os.path.realpath(path)
        if key in real:
            raise CorpusClash(f"{path} and {real[key]} are the same file: give it once")
        real[key] = path
    on_disk = [os.path.abspath(f) for f in files if f != "-" and os.path.exists(f)]
    root = os.path.commonpath([os.path.dirname(f) for f in on_disk]) if on_disk else ""
    return {path: (os.path.relpath(os.path.abspath(path), root)
                   if root and os.path.exists(path) else Path(path).name)
            for path in files}


def corpus_boards(paths: Iterable[str], rules: Rules | None,
                  limit: int | None) -> tuple[list[BenchBoard], list[str]]:
    """Every readable board, named ``FILE#INDEX`` (FILE as :func:`board_files` names it),
    and one message per board that could not be read."""
    boards, skipped = [], []
    for path, named in board_files(paths).items():
        taken = 0
        for entry in read_file(path):
            if limit is not None and taken >= limit:
                break
            if entry.error is not None:
                skipped.append(str(entry.error))
                continue
            boards.append(BenchBoard(f"{named}#{entry.index}", entry.board,
                                     str(entry.rules_under(rules))))
            taken += 1
    return boards, skipped


def generated_boards(sizes: str, per_size: int, seed: int, rules: Rules | None,
                     colours: str | None = None, growth: str = "grow") -> list[BenchBoard]:
    """``per_size`` boards grown by the generator at each size (solvable by construction).

    With ``colours`` only candidates inside that range are kept (the improver aims at the
    range but does not always reach it).  ``growth="unionfind"`` skips the improver
    (leftover cells become solid): much faster to make at 200x200 and beyond, where
    ``grow`` takes minutes per board.
    """
    profile = parse_rules(rules)
    boards = []
    for size in (s.strip() for s in sizes.split(",") if s.strip()):
        params = make_params(ParamsRequest(size, colours=colours, rules=profile, growth=growth,
                                           strategy="reject", seed=seed))
        found = 0
        for attempt in range(MAX_ATTEMPTS_PER_BOARD * per_size):
            board = candidate_board(params, attempt)
            if colours and not params.colours_min <= len(board.labels) <= params.colours_max:
                continue
            found += 1
            boards.append(BenchBoard(f"generated:{size}#{found}", board, str(profile)))
            if found == per_size:
                break
        else:
            raise ParamsError(f"only {found} of {per_size} grown {size} boards had "
                             f"{colours} colours in {MAX_ATTEMPTS_PER_BOARD * per_size} "
                             "attempts; widen --colors")
    return boards


def sat_bound(boards: list[BenchBoard], timeout: float | None) -> tuple[list[BenchBoard], int]:
    """The boards the forced moves before SAT (:func:`satlink.solver.presolve.presolve`) do
    not decide, and how many they decide: the boards whose verdict rests on a SAT search,
    the set on which encodings compare.  A board whose forced moves run out of time is kept."""
    import math
    import time

    from satlink.bench.measure import DECIDED_WITHOUT_SAT
    from satlink.solver.presolve import PresolveTimeout, presolve

    kept = []
    for item in boards:
        deadline = (None if timeout is None or math.isinf(timeout)
                    else time.monotonic() + timeout)
        try:
            outcome = presolve(item.board, parse_rules(item.rules), deadline).outcome
        except PresolveTimeout:
            outcome = "timeout"
        if outcome not in DECIDED_WITHOUT_SAT:
            kept.append(item)
    return kept, len(boards) - len(kept)

"""The studio's per-tab solver (:mod:`satlink.solver.session`): painting and erasing holes
and moving endpoints on one board, answered by one incremental solver under assumptions,
gives the brute-force oracle's counts and the ordinary check's verdicts on every geometry."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from satlink import Board, check, parse_rules, solution_errors
from satlink.solver.method import Method
from satlink.solver.session import EditSession
from testbed.boards import CAP, expected_status
from testbed.variants import Variant, variants
from tests.support.puzzles import WARPS_15

SESSION_PROFILES = ["flow", "flow,no2x2"]


Rows = list[list[str]]
Cells = list[tuple[int, int]]


def edit_chain(variant: Variant, n: int,
               step: Callable[[Rows, Cells, Cells], Rows]) -> list[Variant]:
    """``n`` boards, each ``step(rows, cells, ends)`` applied to the one before (``cells``:
    every cell but the bridges, ``ends``: the endpoints now; the geometry is kept)."""
    out = []
    rows = [list(r) for r in variant.rows]
    cells = [(r, c) for r, row in enumerate(rows) for c in range(len(row))
             if (r, c) not in variant.bridges]
    for _ in range(n):
        ends = [(r, c) for r, c in cells if rows[r][c] not in ".#"]
        rows = step(rows, cells, ends)
        out.append(replace(variant, rows=tuple("".join(row) for row in rows)))
    return out


def designer_edits(rng: random.Random, variant: Variant, n: int) -> list[Variant]:
    """``n`` boards, each one edit of the one before, as a designer's edits come: a hole
    painted or erased, or (one time in three) an endpoint moved to an empty cell (the
    geometry, bridges and number of labels kept)."""

    def step(rows: Rows, cells: Cells, ends: Cells) -> Rows:
        empty = [(r, c) for r, c in cells if rows[r][c] == "."]
        if ends and empty and rng.random() < 1 / 3:
            (r, c), (r2, c2) = rng.choice(ends), rng.choice(empty)
            rows[r2][c2], rows[r][c] = rows[r][c], "."
        else:
            r, c = rng.choice([x for x in cells if rows[x[0]][x[1]] in ".#"])
            rows[r][c] = "#" if rows[r][c] == "." else "."
        return rows

    return edit_chain(variant, n, step)


@pytest.mark.parametrize("profile", SESSION_PROFILES)
def test_hole_and_endpoint_edits_match_brute_force_on_every_geometry(profile: str) -> None:
    rules = parse_rules(profile)
    rng = random.Random(len(profile))
    reused = 0
    seen = set()
    for number, variant in enumerate(variants(seed=40 + len(profile), per_family=4)):
        session = EditSession()
        # the forced moves decide most small boards before SAT: off on every other board,
        # so the kept solver answers many of them
        method = Method(presolve=number % 2 == 0)
        for edited in [variant, *designer_edits(rng, variant, 6)]:
            board = edited.board()
            truth = edited.count(rules, CAP)
            verdict = check(board, rules, count=CAP, session=session, method=method)
            assert verdict.count == truth, (edited, profile)
            assert verdict.status == expected_status(truth) if truth < CAP else True
            assert len({s.edges() for s in verdict.solutions}) == len(verdict.solutions)
            for solution in verdict.solutions:
                assert solution_errors(board, solution, rules) == [], (edited, profile)
            seen.add(str(check(board, rules, session=session, method=method).status))
        reused += session.reused
        session.close()
    assert reused > 20, "the session never kept its solver: this test tested nothing new"
    # small boards are rarely ambiguous under notouch: "multiple" comes from the other tests
    assert seen >= {"unique", "unsolvable"}


def test_same_verdicts_as_the_ordinary_check_on_toggled_puzzles() -> None:
    """Toggling one hole back and forth (the studio benchmark's edit) on generated puzzles
    of every variant: the verdicts of a kept solver are those of a fresh check."""
    from satlink.generate.params import make_params
    from satlink.generate.pipeline import attempt
    from satlink.generate.request import ParamsRequest

    for seed, variant in enumerate([{}, {"grid": "hex"}, {"wrap": True}, {"bridges": 2}]):
        params = make_params(ParamsRequest("7x7", seed=seed, **variant))
        result = next(r for r in (attempt(params, k) for k in range(200)) if r.accepted)
        puzzle = Board.from_json(result.rows, result.geometry)
        empty = [c for c in range(puzzle.size) if puzzle.char(c) == "."
                 and c not in puzzle.geometry.bridges]
        session = EditSession()
        rows = list(puzzle.rows)
        for k in range(12):
            cell = empty[(k // 2) * 5 % len(empty)]
            r, c = divmod(cell, puzzle.width)
            row = rows[r]
            rows[r] = row[:c] + ("#" if row[c] == "." else ".") + row[c + 1:]
            board = puzzle.with_rows(rows)
            assert (check(board, "flow", session=session).status
                    == check(board, "flow").status), (rows, variant)
        session.close()


def test_other_methods_and_profiles_take_the_ordinary_route() -> None:
    """Profiles without ``notouch`` included: on the blank board a kept solver cuts detached
    cycles one model at a time (under ``fill`` the studio's second check of a 15x15
    hexagonal puzzle spent its whole 30 s timeout; the ordinary route decides it at once).
    Each board is checked twice, as the studio does after an edit, when a session loads."""
    board = Board.from_rows(["A.B", "...", "A.B"])
    edited = Board.from_rows(["A.B", ".#.", "A.B"])
    session = EditSession()
    for rules, method in (("nikoli", Method(presolve=False)),
                          ("fill", Method(presolve=False)),
                          ("fill,no2x2", Method(presolve=False)),
                          ("flow", Method(solver="minisat22", presolve=False)),
                          ("flow", Method(lemmas="all"))):
        for shown in (board, edited):
            assert (check(shown, rules, method=method, session=session).status
                    == check(shown, rules, method=method).status)
    assert session.reused == 0 and session._loaded is None


def test_a_closed_session_frees_its_solver_and_answers_nothing_more() -> None:
    board = Board.from_rows(["A..B", "....", "A..B"])
    session = EditSession()
    method = Method(presolve=False)
    first = check(board, "flow", session=session, method=method)
    assert session._loaded is None  # a first board: the ordinary route, the session notes it
    assert check(board, "flow", session=session, method=method).status == first.status
    assert session._loaded is not None  # a second board of that skeleton: the session loads
    session.close()
    assert session._loaded is None
    assert check(board, "flow", session=session, method=method).status == first.status
    assert session._loaded is None  # the ordinary route answered


def test_studio_tabs_keep_one_session_each_and_forget_the_oldest() -> None:
    from satlink.studio.tabs import TabSessions

    tabs = TabSessions(limit=2)
    a = tabs.of("a:check")
    assert tabs.of("a:check") is a and tabs.of(None) is None
    tabs.of("b:check")
    tabs.of("c:check")  # a is the least recently used: closed
    assert a._closed and tabs.of("a:check") is not a
    tabs.close()


def test_a_check_cancelled_midway_leaves_the_session_sound() -> None:
    """The studio interrupts a stale check (satlink.runtime.cancel); the tab's solver stays loaded
    and its next verdicts are still the ordinary check's (the interrupted check's blocking
    literal is retired like any other)."""
    from satlink.runtime.cancel import CancelToken, cancelling
    from satlink.solver.verdict import Status

    rows = WARPS_15
    board = Board.from_json(rows, {"kind": "square", "wrap": True})
    holed = board.with_rows(rows[:7] + [rows[7][:7] + "#" + rows[7][8:]] + rows[8:])
    method = Method(presolve=False)
    session = EditSession()
    for _ in range(2):  # the second loads the session
        check(board, "flow", method=method, session=session)
    assert session._loaded is not None
    token = CancelToken()
    token.cancel()
    with cancelling(token):
        stopped = check(holed, "flow", method=method, session=session)
    assert stopped.status == Status.TIMEOUT and session._loaded is not None
    for edited in (board, holed, board):
        assert (check(edited, "flow", method=method, session=session).status
                == check(edited, "flow", method=method).status)
    assert session.reused >= 4


def test_each_verdict_counts_its_own_conflicts_on_a_kept_solver() -> None:
    """The kept solver's counters run on across checks; a verdict's stats are its own."""
    board = Board.from_json(WARPS_15, {"kind": "square", "wrap": True})
    session = EditSession()
    check(board, "flow", session=session)
    loaded = check(board, "flow", session=session)  # loads the session and searches
    again = check(board, "flow", session=session)
    total = session._loaded.backend.counters()[0]
    assert loaded.stats.conflicts + again.stats.conflicts == total


LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def relabelled_edits(rng: random.Random, variant: Variant, n: int) -> list[Variant]:
    """``n`` boards, each one edit of the one before, of the kinds that keep the board's size
    and geometry but change what a kept solver must not carry over: labels renamed or
    swapped between endpoints, a pair added, a hole painted on an endpoint (its pair gone:
    one colour fewer), an endpoint moved onto a former hole."""

    def step(rows: Rows, cells: Cells, ends: Cells) -> Rows:
        labels = sorted({rows[r][c] for r, c in ends})
        kind = rng.randrange(5)
        if kind == 0 and labels:
            fresh = rng.sample(LETTERS, len(labels))
            rename = dict(zip(labels, fresh, strict=True))
            rows = [[rename.get(ch, ch) for ch in row] for row in rows]
        elif kind == 1 and len(ends) >= 2:
            (r, c), (r2, c2) = rng.sample(ends, 2)
            rows[r][c], rows[r2][c2] = rows[r2][c2], rows[r][c]
        elif kind == 2:
            empty = [x for x in cells if rows[x[0]][x[1]] == "."]
            free = [ch for ch in LETTERS if ch not in labels]
            if free and len(empty) >= 2:
                for r, c in rng.sample(empty, 2):
                    rows[r][c] = free[0]
        elif kind == 3 and ends:
            r, c = rng.choice(ends)
            gone = rows[r][c]
            rows = [["." if ch == gone else ch for ch in row] for row in rows]
            rows[r][c] = "#"
        else:
            holes = [x for x in cells if rows[x[0]][x[1]] == "#"]
            if ends and holes:
                (r, c), (r2, c2) = rng.choice(ends), rng.choice(holes)
                rows[r2][c2], rows[r][c] = rows[r][c], "."
        return rows

    return edit_chain(variant, n, step)


def test_renamed_added_and_removed_colours_and_switched_rules_match_brute_force() -> None:
    """One session through boards whose labels, number of colours and profile change
    between checks (a kept solver must answer only boards its CNF was written for): every
    count is the oracle's."""
    rng = random.Random(5)
    reused = 0
    for variant in variants(seed=77, per_family=4):
        session = EditSession()
        profile = rng.choice(SESSION_PROFILES)
        for edited in [variant, *relabelled_edits(rng, variant, 8)]:
            if rng.random() < 0.4:
                profile = rng.choice(SESSION_PROFILES + ["fill", "no2x2"])
            try:
                board = edited.board()
            except ValueError:  # an edit that leaves a label once or no label: not a board
                continue
            rules = parse_rules(profile)
            verdict = check(board, rules, count=CAP, session=session,
                            method=Method(presolve=False))
            assert verdict.count == edited.count(rules, CAP), (edited, profile)
        reused += session.reused
        session.close()
    assert reused > 20, "the session never kept its solver: this test tested nothing new"

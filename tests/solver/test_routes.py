"""The one list of routes (:mod:`satlink.solver.routes`): ``check`` and ``solve`` pick a route
there and nowhere else, in the list's order, and the verdict says which route decided."""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner

import satlink.solver.routes as routes
from satlink import Board, check, parse_rules, solve
from satlink.cli import main
from satlink.solution import Solution
from satlink.solver.method import Method
from satlink.solver.routes.job import Job, Outcome
from satlink.solver.session import EditSession

PACKAGE = Path(__file__).resolve().parents[2] / "satlink"
EASY = ["A..A", "B..B"]
"""Decided by the deductions under every profile."""
OPEN_FILL = [".......", ".C.....", ".BE....", "....E.B", "..D.F.C", "..A...F", "A.....D"]
"""Unique under flow, two solutions under fill (found near flow's)."""


def imported_by(path: Path) -> set[str]:
    """The modules of satlink a file imports (anywhere in it: lazy imports count)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("satlink")}


def test_the_route_modules_are_reached_through_the_list_only() -> None:
    """No module but the list's imports a route: ``check``, ``solve`` and everything else
    reach a route through :data:`satlink.solver.routes.ROUTES`."""
    route_modules = {type(route).__module__ for route in routes.ROUTES}
    assert len(route_modules) >= 5, route_modules
    the_list = PACKAGE / "solver" / "routes" / "__init__.py"
    for path in PACKAGE.rglob("*.py"):
        if path != the_list:
            assert not imported_by(path) & route_modules, path


def test_check_and_solve_only_hand_the_board_to_the_loop() -> None:
    """``solver/check.py`` imports none of the ways a board is decided (deductions, sessions,
    pieces, SAT): only the list, the job and the loop."""
    imported = imported_by(PACKAGE / "solver" / "check.py")
    ways = {"satlink.solver.presolve", "satlink.solver.session", "satlink.solver.pieces",
            "satlink.solver.search", "satlink.solver.encode", "satlink.solver.backend"}
    assert not imported & ways, imported & ways
    assert {"satlink.solver.routes", "satlink.solver.routes.loop"} <= imported


@dataclass
class Fake:
    """A route that decides every board it is shown as ``unsolvable`` (which none of the
    boards below is), so that a verdict it did not make would show."""

    name: str = "fake"
    needs_sat: bool = False
    seen: list[tuple[str, int]] = field(default_factory=list)

    def applies(self, job: Job) -> bool:
        return True

    def run(self, job: Job) -> Outcome:
        self.seen.append((str(job.profile), job.limit))
        return Outcome(exhausted=True)


@pytest.mark.parametrize("profile", ["flow", "fill", "nikoli", "fill,no2x2"])
def test_every_check_and_solve_goes_by_the_list(profile: str, monkeypatch) -> None:
    """With the list replaced by one route, every check and solve (every profile, method,
    count, with a studio session or not) is that route's verdict."""
    fake = Fake()
    monkeypatch.setattr(routes, "ROUTES", (fake,))
    board = Board.from_rows(EASY)
    session = EditSession()
    for method in (Method(), Method(presolve=False), Method(stricter_first=False)):
        assert check(board, profile, method=method).status == "unsolvable"
        assert check(board, profile, count=5, method=method).count == 0
        assert check(board, profile, method=method, session=session).status == "unsolvable"
        assert solve(board, profile, method=method).status == "unsolvable"
    rules = str(parse_rules(profile))
    assert fake.seen == [(rules, 2), (rules, 5), (rules, 2), (rules, 1)] * 3
    assert check(board, profile).stats.route == "fake"
    session.close()


@dataclass
class Traced:
    """A route of the real list that notes when it is tried and when it runs."""

    route: object
    log: list[str]

    @property
    def name(self) -> str:
        return self.route.name

    @property
    def needs_sat(self) -> bool:
        return self.route.needs_sat

    def applies(self, job: Job) -> bool:
        return self.route.applies(job)

    def run(self, job: Job) -> Outcome:
        self.log.append(f"{self.name} {job.profile} {job.limit}")
        return self.route.run(job)


def traced(monkeypatch) -> list[str]:
    log: list[str] = []
    monkeypatch.setattr(routes, "ROUTES", tuple(Traced(r, log) for r in routes.ROUTES))
    return log


def test_the_list_is_in_its_documented_order() -> None:
    assert [r.name for r in routes.ROUTES] == [
        "stricter-solution", "deductions", "kept-session", "stricter-first", "frontier",
        "pieces", "whole-board"]


def test_the_routes_run_in_the_lists_order(monkeypatch) -> None:
    """Which routes run, in order, for a check and a solve under a weaker profile and under
    flow (the stricter profile's job goes through the same list)."""
    log = traced(monkeypatch)
    board = Board.from_rows(OPEN_FILL)
    whole = Method(presolve=False)
    verdict = check(board, "fill", method=whole)
    assert verdict.status == "multiple" and verdict.stats.route == "stricter-first"
    assert log == ["stricter-first fill 2", "whole-board fill,notouch 1"]
    log.clear()
    solved = solve(board, "fill", method=whole)
    assert solved.status == "solved" and solved.stats.route == "stricter-solution"
    assert log == ["stricter-solution fill 1", "whole-board fill,notouch 1"]
    log.clear()
    assert check(board, "flow", method=whole).stats.route == "whole-board"
    assert log == ["whole-board fill,notouch 2"]
    log.clear()
    assert check(Board.from_rows(EASY), "fill").stats.route == "deductions"
    assert log == ["deductions fill 2"]


def test_a_solve_without_a_stricter_solution_goes_on_down_the_list(monkeypatch) -> None:
    """No flow solution (the corner cell cannot be filled) but one under nikoli: the stricter
    solution's route says so and the routes after it decide, without asking flow again."""
    log = traced(monkeypatch)
    board = Board.from_rows(["A.A.", "####"])
    solved = solve(board, "nikoli", method=Method(presolve=False))
    assert solved.status == "solved" and solved.stats.route == "stricter-first"
    assert log == ["stricter-solution none 1", "whole-board fill,notouch 1",
                   "stricter-first none 1"]
    log.clear()
    assert solve(board, "fill", method=Method(presolve=False)).status == "unsolvable"
    assert log == ["stricter-solution fill 1", "whole-board fill,notouch 1", "whole-board fill 1"]


def test_the_json_record_names_the_deciding_route() -> None:
    result = CliRunner().invoke(main, ["check", "-", "--json"], input="\n".join(EASY) + "\n")
    assert json.loads(result.output)["stats"]["route"] == "deductions"
    result = CliRunner().invoke(main, ["check", "-", "--json", "--no-presolve"],
                                input="\n".join(EASY) + "\n")
    assert json.loads(result.output)["stats"]["route"] == "whole-board"


def test_a_route_that_passes_the_board_on_says_why(monkeypatch) -> None:
    """A route that cannot finish hands the next routes a job; its figures still count."""
    from satlink.solver.stats import SolveStats

    @dataclass
    class Passing:
        name: str = "passing"
        needs_sat: bool = False

        def applies(self, job: Job) -> bool:
            return True

        def run(self, job: Job) -> Outcome:
            return Outcome.passed("it never decides", job, SolveStats(sat_calls=7))

    monkeypatch.setattr(routes, "ROUTES", (Passing(), *routes.ROUTES))
    verdict = check(Board.from_rows(EASY), method=Method(presolve=False))
    assert verdict.status == "unique" and verdict.stats.route == "whole-board"
    assert verdict.stats.sat_calls == 7 + 2
    assert isinstance(verdict.solutions[0], Solution)

"""Repair and draw mode are one search: every single edit draw mode tries on a drawing that
is one of the board's two solutions is among Repair's candidates, Repair finds a fix on the
boards where draw mode does (the 10x10 ring board of issue 45, small boards), and every fix
it offers is proven again here: by the brute-force oracle on small boards, by a fresh check
and the referee on the others."""

from __future__ import annotations

import time

import pytest

from satlink import Board, check, parse_rules
from satlink.painted.fix import PaintFixOptions, fix_painting
from satlink.referee import is_valid
from satlink.repair import KINDS, RepairOptions, repair_proposals
from satlink.repair.chains import repair_chain
from satlink.repair.edits import single_edits
from satlink.repair.path_edits import edited_drawings, same_edit
from satlink.repair.plans import ChainOptions, Constraints
from satlink.solver.verdict import Status
from testbed.designs import RING
from testbed.oracle import graph_solutions
from tests.support.helpers import assert_repaired

STUDIO = dict(budget=60, remove=True)
"""What the studio's Proposals asks for (satlink.studio.repairs)."""


def draw_mode_single_fixes(board: Board, rules, drawn) -> list[Board]:
    found = fix_painting(board, drawn, rules, PaintFixOptions(seconds=60, max_edits=1,
                                                              limit=50))
    return [fix.board for fix in found.proposals]


@pytest.mark.parametrize("rules", ["flow", "fill"])
def test_repair_considers_every_single_edit_draw_mode_makes(rules: str) -> None:
    board, profile = Board.from_rows(RING), parse_rules(rules)
    verdict = check(board, profile)
    assert verdict.status == Status.MULTIPLE
    ours = {c.board.rows for c in single_edits(board, verdict, set(KINDS), profile)}
    one, two = verdict.solutions[:2]
    theirs = [made.board.rows for drawn, other in ((one, two), (two, one))
              for made in edited_drawings(board, drawn, other, profile)
              if made.edit.kind in ("cut", "slide")]
    assert theirs and set(theirs) <= ours


def test_repair_finds_the_ring_boards_fixes_that_draw_mode_offers() -> None:
    """The issue's board: draw mode offered slides ("give (1,7), the end of H, to G"), Repair
    found nothing.  Now Repair, held to the studio's budget of checks, offers them, each
    proven unique again by a fresh check and the referee."""
    board, rules = Board.from_rows(RING), parse_rules("flow")
    verdict = check(board, rules)
    fixes = draw_mode_single_fixes(board, rules, verdict.solutions[0])
    assert fixes
    found = repair_proposals(board, rules, RepairOptions(**STUDIO))
    assert found.proposals
    assert {p.board.rows for p in found.proposals} & {b.rows for b in fixes}
    for proposal in found.proposals:
        again = check(proposal.board, rules)
        assert again.status == Status.UNIQUE
        assert again.solutions[0].edges() == proposal.solution.edges()
        assert is_valid(proposal.board, proposal.solution, rules)


def small_drawings(rules, size: int = 4, seeds: int = 60):
    """Drawings of ``size`` x ``size`` grown as the studio's tests grow them, ``multiple``
    under ``rules``."""
    from satlink.formats.painted import read_painting
    from testbed.paintings import grown, painted_rows

    for seed in range(seeds):
        system = grown("square", size, size, seed, walk=seed % 2 == 1)
        if system is None:
            continue
        painting = read_painting(painted_rows(system), system.layout.geometry)
        if check(painting.board, rules).status == Status.MULTIPLE:
            yield painting.board, painting.solution()


@pytest.mark.parametrize(("profile", "size", "seeds"), [("fill", 4, 60), ("flow", 5, 150)])
def test_on_small_boards_repair_fixes_wherever_draw_mode_does_and_brute_force_agrees(
        profile: str, size: int, seeds: int) -> None:
    """Proposals and Chain, each fix proven by the brute-force oracle (not by the solver);
    grown 4x4 drawings are never multiple under flow, so flow's are 5x5."""
    rules = parse_rules(profile)
    boards = fixed = chained = 0
    for board, drawn in small_drawings(rules, size, seeds):
        verdict = check(board, rules)
        if drawn.edges() not in {s.edges() for s in verdict.solutions[:2]}:
            drawn = verdict.solutions[0]  # draw mode on a drawing Repair starts from
        draw = draw_mode_single_fixes(board, rules, drawn)
        found = repair_proposals(board, rules, RepairOptions(budget=10_000, limit=20))
        boards += 1
        if draw:
            assert found.proposals, board.rows
        for proposal in found.proposals:
            solutions = graph_solutions(proposal.board, rules.fill, rules.notouch, limit=2)
            assert len(solutions) == 1 and solutions[0][0] == proposal.solution.edges()
            fixed += 1
        if draw:
            chain = repair_chain(board, rules, ChainOptions(seconds=60))
            assert_repaired(board, profile, chain, Constraints())  # the oracle's count too
            chained += 1
    assert boards >= 5 and fixed and chained


def test_an_edit_other_solutions_survive_is_found_multiple_without_a_check() -> None:
    """same_edit: a cut made to a solution that uses the cut edge the same way is a solution
    of the cut board (the referee agrees), so the cut board is multiple."""
    board, rules = Board.from_rows(RING), parse_rules("fill")
    verdict = check(board, rules, count=16)
    one = verdict.solutions[0]
    survived = 0
    for made in edited_drawings(board, one, verdict.solutions[1], rules):
        for other in verdict.solutions[1:]:
            moved = same_edit(made.edit, made.board, other)
            if moved is not None:
                assert is_valid(made.board, moved, rules)
                assert moved.edges() != made.drawn.edges()
                survived += 1
    assert survived


def test_the_studios_proposals_fix_the_ring_board_within_its_seconds() -> None:
    """Within a deadline as the studio sets it (generous here: no timing is asserted, the
    order is: draw mode's kind of edit comes before edits of unknown outcome)."""
    board, rules = Board.from_rows(RING), parse_rules("flow")
    found = repair_proposals(board, rules, RepairOptions(
        **STUDIO, deadline=time.monotonic() + 120))
    first = found.tried[0][0]
    assert first.kind in ("split", "slide") and first.keeps is not None
    assert found.proposals


def test_a_drawing_with_two_cell_paths_is_fixed_by_repair_as_by_draw_mode() -> None:
    """A grown 10x10 drawing, multiple under flow, with two-cell paths of the designer's
    own (two cells in every solution): draw mode fixes it; Repair once refused every fix as
    "a path too short" because of those paths.  Their length is the designer's choice
    (Constraints.given); a path an edit makes short is still refused."""
    from satlink.formats.painted import read_painting
    from testbed.paintings import grown, painted_rows

    system = grown("square", 10, 10, 1539)
    painting = read_painting(painted_rows(system), system.layout.geometry)
    board, rules = painting.board, parse_rules("flow")
    assert any(len(p) < 3 for p in painting.solution().paths.values())
    assert draw_mode_single_fixes(board, rules, painting.solution())
    found = repair_proposals(board, rules, RepairOptions(**STUDIO))
    assert found.proposals
    given = dict(Constraints().excusing(board, check(board, rules, count=16).solutions).given)
    for proposal in found.proposals:
        again = check(proposal.board, rules)
        assert again.status == Status.UNIQUE and is_valid(proposal.board, again.solutions[0],
                                                           rules)
        for label, path in proposal.solution.paths.items():
            ends = tuple(sorted(proposal.board.endpoints[label]))
            assert len(path) >= 3 or given.get(label) == ends, (label, path)


@pytest.mark.parametrize("rules", ["flow", "fill"])
def test_the_repair_command_fixes_the_ring_board(rules: str) -> None:
    """`satlink repair` and `repair --chain` on the issue's board (both once found nothing):
    a proposal and a one-edit chain, each said proven (the library's proposals on this board
    are proven again above)."""
    from click.testing import CliRunner

    from satlink.cli import main

    grid = "\n".join(RING) + "\n"
    single = CliRunner().invoke(main, ["repair", "-", "--rules", rules], input=grid)
    assert single.exit_code == 0 and "proven unique" in single.output, single.output
    chain = CliRunner().invoke(main, ["repair", "-", "--rules", rules, "--chain"], input=grid)
    assert chain.exit_code == 0 and "unique after 1 edit" in chain.output, chain.output
    assert "proven" in chain.output

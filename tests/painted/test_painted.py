"""Painted boards: reading a drawing, judging it, fixing it and completing it.

Every claim is checked independently: a painting reads back to the paths that were painted;
"the drawing is the unique solution" agrees with the brute-force oracle's count; every
proposed fix is unique by the oracle with the edited drawing as its one solution; a completed
painting keeps the painted paths and is unique by the oracle.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from satlink.board import BoardError
from satlink.cli import main
from satlink.formats import read_text
from satlink.formats.painted import read_painting
from satlink.painted.complete import CompleteOptions, complete_painting
from satlink.painted.fix import PaintFixOptions, fix_painting
from satlink.painted.judge import ONE_OF_SEVERAL, UNIQUE_SOLUTION, painted_verdict
from satlink.referee import is_valid
from satlink.rules import parse_rules
from satlink.solver.check import check
from testbed.oracle import count_graph_solutions, graph_solutions
from testbed.paintings import VARIANTS, ambiguous_crossing, erased, grown, painted_rows

PROFILES = ("flow", "fill", "nikoli")
SIZES = {"square": (4, 4), "holes": (4, 4), "walls": (4, 4), "hex": (5, 4), "wrap": (4, 3),
         "bridges": (5, 4), "hex-bridges": (5, 5)}


def oracle_count(board, rules) -> int:
    return count_graph_solutions(board, rules.fill, rules.notouch, limit=2)


def paintings(variant: str, n: int, size: tuple[int, int] | None = None):
    """Up to ``n`` (system, painting) pairs of ``variant`` that a painting can express."""
    w, h = size or SIZES[variant]
    out = []
    for seed in range(20 * n):
        system = grown(variant, w, h, seed, walk=seed % 2 == 1)
        if system is None or ambiguous_crossing(system):
            continue
        out.append((system, read_painting(painted_rows(system), system.layout.geometry)))
        if len(out) == n:
            break
    assert len(out) == n
    return out


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_painting_reads_back_to_the_painted_paths(variant) -> None:
    for system, painting in paintings(variant, 12, (6, 5)):
        assert painting.complete
        assert painting.solution().edges() == system.solution().edges()
        assert set(painting.board.labels) == set(painting.drawn)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_drawing_is_unique_exactly_when_the_oracle_counts_one(variant) -> None:
    seen = set()
    for _, painting in paintings(variant, 6):
        for name in PROFILES:
            rules = parse_rules(name)
            judged = painted_verdict(painting, check(painting.board, rules), rules)
            assert is_valid(painting.board, painting.solution(), rules)  # a painting obeys notouch
            count = oracle_count(painting.board, rules)
            assert (judged.outcome == UNIQUE_SOLUTION) == (count == 1), (painting.board, name)
            assert judged.outcome in (UNIQUE_SOLUTION, ONE_OF_SEVERAL)
            seen.add(judged.outcome)
            if judged.outcome == ONE_OF_SEVERAL:
                assert is_valid(painting.board, judged.other, rules)
                assert judged.other.edges() != painting.solution().edges()
    assert variant == "bridges" or seen == {UNIQUE_SOLUTION, ONE_OF_SEVERAL}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_fix_is_unique_by_the_oracle_with_the_edited_drawing_as_its_solution(variant):
    fixed = 0
    for _, painting in paintings(variant, 6):
        for name in ("fill", "nikoli"):
            rules = parse_rules(name)
            drawn = painting.solution()
            found = fix_painting(painting.board, drawn, parse_rules(rules),
                                 PaintFixOptions(seconds=20, min_length=2))
            if found.status != "multiple":
                continue
            for fix in found.proposals:
                assert fix.proven
                solutions = graph_solutions(fix.board, rules.fill, rules.notouch, limit=2)
                assert len(solutions) == 1, (fix.board, name)
                assert solutions[0][0] == fix.solution.edges()
                # the drawing changed only where the edits say: a cut drops one edge, a
                # slide moves one
                change = drawn.edges() ^ fix.solution.edges()
                assert len(change) <= sum(1 if e.kind == "cut" else 2 for e in fix.edits)
                fixed += 1
    assert variant == "bridges" or fixed


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_completion_keeps_the_painted_paths_and_is_unique_by_the_oracle(variant) -> None:
    done = edited = 0
    for system, painting in paintings(variant, 4, (5, 4)):
        longest = sorted(painting.drawn, key=lambda k: -len(painting.drawn[k]))
        keep, placed = set(longest[:1]), set(longest[1:2])
        rows = erased(painted_rows(system), keep, placed, painting)
        partial = read_painting(rows, system.layout.geometry)
        assert not partial.complete and set(partial.drawn) == keep
        for name in ("flow", "fill"):
            rules = parse_rules(name)
            result = complete_painting(partial, parse_rules(rules), CompleteOptions(seed=1, min_length=2))
            if result.board is None:
                continue
            assert result.proven
            solution = result.solution
            assert is_valid(result.board, solution, rules)
            if result.painted_edits:  # said so: the ambiguity was in the designer's paths
                assert {x for e in result.painted_edits for x in e.labels} & (keep | placed)
                edited += 1
            else:
                for label in keep:
                    assert solution.paths[label] == partial.drawn[label]
                for label in placed:
                    assert set(result.board.endpoints[label]) == set(
                        partial.board.endpoints[label])
            solutions = graph_solutions(result.board, rules.fill, rules.notouch, limit=2)
            assert len(solutions) == 1 and solutions[0][0] == solution.edges()
            done += 1
    assert done >= 2 and edited < done


@pytest.mark.parametrize("text,message,line,column", [
    ("AAA\n.A.\nBBB\n", "label 'A' branches here", 1, 2),
    ("AAA\nA.A\nAAA\n", "label 'A' is painted as a loop", 1, 1),
    ("AA.\n...\n.AA\n", "label 'A' is on 4 cells, so the board is read as painted, but they "
     "form 2 pieces", 3, 2),
    ("AAB\n..B\nC.B\n", "label 'C' appears 1 time", 3, 1),
    ("AAA\n\nBBB\nCCx\n\x01..\n", "unknown character", 5, 1),
])
def test_painting_errors_are_located(text, message, line, column) -> None:
    errors = [e.error for e in read_text(text, "drawing.txt") if e.error is not None]
    assert errors and message in errors[0].message
    assert (errors[0].line, errors[0].column) == (line, column)
    assert str(errors[0]).startswith(f"drawing.txt, board {errors[0].board}, line {line}")


def test_a_label_on_a_bridge_and_a_solution_beside_a_painting_are_refused() -> None:
    from satlink.geometry import Geometry

    with pytest.raises(BoardError, match="on a bridge") as err:
        read_painting(["...", "AAA", "..."], Geometry.of(bridges=[4]))
    assert (err.value.row, err.value.col) == (1, 1)
    line = json.dumps({"grid": ["AAA", "BBB"], "solution": {"A": [[0, 0], [0, 2]]}})
    (entry,) = read_text(line + "\n", "p.jsonl")
    assert "'solution' on a painted grid" in entry.error.message


def test_a_crossing_is_read_from_the_cells_on_its_axis() -> None:
    from satlink.geometry import Geometry

    painting = read_painting([".A.", "B.B", ".A."], Geometry.of(bridges=[4]))
    assert painting.complete is False  # the four corners are unpainted
    assert painting.drawn["A"] == (1, 9, 7) and painting.drawn["B"] == (3, 4, 5)


# -- the command line -----------------------------------------------------------------------

def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


STRIPES = "AAAA\nBBBB\nCCCC\n"
AMBIGUOUS = "BBBBB\nBADDB\nAADBB\nACDDD\nACCCC\n"  # one of 3 solutions under fill


def test_check_says_whether_the_drawing_is_the_unique_solution() -> None:
    result = run("check", "-", "--json", stdin=STRIPES)
    (record,) = [json.loads(line) for line in result.output.splitlines()]
    assert record["status"] == "unique" and record["grid"] == ["A..A", "B..B", "C..C"]
    assert record["painted"]["outcome"] == "unique-solution"
    assert record["painted"]["painted_version"] == 1
    result = run("check", "-", "--rules", "fill", "--no-color", stdin=AMBIGUOUS)
    assert result.exit_code == 1 and "the painted paths are one of several solutions" in result.output


def test_repair_proposes_changes_to_the_drawn_paths(tmp_path) -> None:
    result = run("repair", "-", "--rules", "fill", "--json", stdin=AMBIGUOUS)
    record = json.loads(result.output)
    assert result.exit_code == 0 and record["painted"]["outcome"] == "one-of-several"
    proposals = record["fix"]["proposals"]
    assert proposals and all(p["proven"] for p in proposals)
    assert {e["kind"] for p in proposals for e in p["edits"]} <= {"cut", "slide"}


def test_paint_turns_a_drawing_into_a_proven_puzzle_file(tmp_path) -> None:
    src = tmp_path / "drawing.txt"
    src.write_text(AMBIGUOUS)
    out = tmp_path / "puzzle.jsonl"
    result = run("paint", str(src), "--rules", "fill", "--json", "--out", str(out))
    assert result.exit_code == 0, result.output
    record = json.loads(result.output.splitlines()[0])
    assert record["result"] == "fixed" and record["painted_version"] == 1
    (entry,) = read_text(out.read_text(), "puzzle.jsonl")
    assert entry.painting is None and list(entry.board.rows) == record["grid"]
    verdict = check(entry.board, entry.rules)
    assert verdict.status == "unique" and verdict.solutions[0].edges() == entry.solution.edges()


def test_paint_completes_a_sketch_and_refuses_what_is_not_a_painting(tmp_path) -> None:
    sketch = "AAAA..\n......\n.B....\n....B.\n......\n"
    result = run("paint", "-", "--json", "--seed", "2", stdin=sketch)
    record = json.loads(result.output)
    assert result.exit_code == 0 and record["result"] == "completed"
    assert record["solution"]["A"] == [[0, 0], [0, 1], [0, 2], [0, 3]]
    assert record["completion"]["painted_edits"] == []
    result = run("paint", "-", stdin="A.A\n")
    assert result.exit_code == 1 and "not a painted board" in result.output
    result = run("paint", "-", stdin="AAA\n.A.\nBBB\n")
    assert result.exit_code == 2 and "line 1, column 2: label 'A' branches" in result.output
    result = run("paint", "-", "--json", stdin="AAA\n.A.\nBBB\n")
    record = json.loads(result.output)
    assert record["result"] == "invalid" and record["error"]["column"] == 2


def test_convert_writes_the_puzzle_of_a_drawing_with_the_drawing_as_its_solution() -> None:
    result = CliRunner().invoke(main, ["convert", "-", "--to", "json"],
                                 input=STRIPES, catch_exceptions=False)
    assert "not proven unique" in result.stderr and "1 with the drawing" in result.stderr
    record = json.loads(result.stdout)
    assert record["grid"] == ["A..A", "B..B", "C..C"]
    assert record["solution"]["B"] == [[1, 0], [1, 1], [1, 2], [1, 3]]


def test_explain_adds_the_drawing_to_its_json() -> None:
    result = run("explain", "-", "--rules", "fill", "--json", "--no-steps", stdin=AMBIGUOUS)
    record = json.loads(result.output)
    assert record["status"] == "multiple" and record["painted"]["outcome"] == "one-of-several"


def test_the_readme_painting_is_unique_under_every_profile() -> None:
    """The example of ``satlink paint``'s reference page (docs/reference/paint.md), as printed there."""
    (entry,) = read_text("AAAAA\nBBBBA\nBCCCA\nBCDDD\nBCCCC\n", "readme")
    assert entry.board.rows == ("A....", "...B.", "...CA", "..D.D", "B...C")
    for name in PROFILES:
        rules = parse_rules(name)
        judged = painted_verdict(entry.painting, check(entry.board, rules), rules)
        assert judged.outcome == UNIQUE_SOLUTION and oracle_count(entry.board, rules) == 1


def test_paint_reroutes_the_drawing_when_no_cut_or_slide_makes_it_unique() -> None:
    """With one edit allowed no cut or slide of this drawing is unique under fill; an edit of
    the puzzle is, and its unique solution reroutes part of the drawing (said, and counted)."""
    drawing = "BBBBB\nBAAAB\nBBBAB\nAAAAB\nBBBBB\n"
    result = run("paint", "-", "--rules", "fill", "--max-edits", "1", "--json", stdin=drawing)
    record = json.loads(result.output)
    assert result.exit_code == 0 and record["result"] == "rerouted"
    assert record["fix"]["proposals"] == [] and record["reroute"]["proven"]
    assert 0 < record["reroute"]["drawn_edges_kept"] < record["reroute"]["drawn_edges"]
    (entry,) = read_text(json.dumps({"grid": record["grid"], "solution": record["solution"]}),
                         "r")
    rules = parse_rules("fill")
    solutions = graph_solutions(entry.board, rules.fill, rules.notouch, limit=2)
    assert len(solutions) == 1 and solutions[0][0] == entry.solution.edges()


def test_repair_leaves_a_partly_painted_board_to_paint() -> None:
    result = run("repair", "-", stdin="AAAA..\n......\n.B....\n....B.\n")
    assert result.exit_code == 1 and "partly painted: nothing to repair yet" in result.output


def test_a_drawing_that_leaves_a_bridge_crossing_unused_breaks_fill_says_the_referee() -> None:
    line = '{"grid": ["AAAAA", "BB.BB", "CCCCC"], "geometry": {"bridges": [[1, 2]]}}\n'
    (entry,) = read_text(line, "b.jsonl")
    assert entry.painting.complete and entry.solution.paths["B"] == (5, 6, 7, 8, 9)
    for name, outcome in (("fill", "breaks-rules"), ("nikoli", UNIQUE_SOLUTION)):
        rules = parse_rules(name)
        judged = painted_verdict(entry.painting, check(entry.board, rules), rules)
        assert judged.outcome == outcome
        assert (oracle_count(entry.board, rules) == 1) == (outcome == UNIQUE_SOLUTION)
        if name == "fill":
            assert "vertical crossing of the bridge at (1, 2)" in judged.errors[0]


def test_paint_takes_a_fully_painted_board_of_two_cell_paths_as_a_drawing() -> None:
    result = run("paint", "-", "--json", stdin="AA#\n#BB\n")
    record = json.loads(result.output)
    assert result.exit_code == 0 and record["result"] == "unique"
    assert record["painted"]["outcome"] == UNIQUE_SOLUTION


@pytest.mark.parametrize("variant", ["square", "holes"])
def test_no2x2_profiles_agree_with_the_coordinate_oracle(variant) -> None:
    from testbed.oracle import count_solutions

    for _, painting in paintings(variant, 6):
        for name in ("fill,no2x2", "no2x2"):
            rules = parse_rules(name)
            judged = painted_verdict(painting, check(painting.board, rules), rules)
            count = count_solutions(list(painting.board.rows), rules.fill, rules.notouch,
                                    rules.no2x2, limit=2)
            assert (judged.outcome == UNIQUE_SOLUTION) == (count == 1), (painting.board, name)


def test_a_painting_error_in_a_json_grid_is_placed_by_grid_row_and_column() -> None:
    (entry,) = read_text('{"grid": ["AAA", ".A.", "BBB"]}\n', "p.jsonl")
    error = entry.error.as_dict()
    assert "branches here" in error["message"]
    assert (error["line"], error["grid_row"], error["grid_column"]) == (1, 1, 2)


def test_a_multiple_verdict_without_its_solutions_still_judges_the_drawing() -> None:
    """explain's ambiguity may hold no solution when its budget ran out."""
    from satlink.solver.verdict import Status, Verdict

    (entry,) = read_text(AMBIGUOUS, "a")
    rules = parse_rules("fill")
    judged = painted_verdict(entry.painting, Verdict(Status.MULTIPLE, rules), rules)
    assert judged.outcome == ONE_OF_SEVERAL and judged.other is None
    assert "another differs" not in judged.sentence() and judged.as_dict()["diff_cells"] == []


def test_a_wall_fix_keeps_the_drawing_whole_and_is_unique_by_the_oracle():
    """On variant boards the studio offers walls too (issue 32): a wall on an edge only the
    other solution uses; the drawing is kept edge for edge and is the one solution."""
    walls = 0
    for _, painting in [p for variant in ("walls", "hex", "wrap") for p in paintings(variant, 8)]:
        for name in ("fill", "nikoli"):
            rules = parse_rules(name)
            drawn = painting.solution()
            found = fix_painting(painting.board, drawn, parse_rules(rules),
                                 PaintFixOptions(seconds=20, min_length=2, walls=True, limit=20))
            for fix in found.proposals:
                solutions = graph_solutions(fix.board, rules.fill, rules.notouch, limit=2)
                assert len(solutions) == 1 and solutions[0][0] == fix.solution.edges()
                if [e.kind for e in fix.edits] == ["wall"]:
                    assert fix.solution.edges() == drawn.edges()
                    added = fix.board.geometry.walls - painting.board.geometry.walls
                    assert len(added) == 1 and not added & drawn.edges()
                    walls += 1
    assert walls

"""Exports for programs with fixed rules: each board checked under the reader's rules, and a
warning naming those rules and the count when it is not unique there (and, for puzz.link, the
rule its type lacks: the decision the report's links share, checked against the oracle)."""

from __future__ import annotations

import functools
import itertools
import json
import re

import pytest
from click.testing import CliRunner

from satlink import Board, check
from satlink.cli import main
from satlink.exports import consumer_of, consumer_warnings
from satlink.formats import Entry, read_file
from satlink.formats.puzzlink import rules_differences, rules_warning, type_rules, url_type
from satlink.rules import RULES, Rules, parse_rules
from testbed.boards import boards
from testbed.oracle import count_solutions

UNIQUE_EVERYWHERE = [".B.A", ".A.C", "..B.", "C..."]
FLOW_ONLY = ["...A", ".A..", "..B.", "B..."]  # unique under flow; 5 solutions under fill
FILL_TOO = [".....", "BA.C.", "..C..", ".B..A", "....."]  # unique under fill, not nikoli


def pack(*boards: list[str], rules: str | None = None) -> str:
    return "".join(json.dumps({"grid": rows, **({"rules": rules} if rules else {})}) + "\n"
                   for rows in boards)


def convert(text: str, *args: str):
    return CliRunner().invoke(main, ["convert", "-", *args], input=text)


def test_the_fixtures_are_what_they_say() -> None:
    for rows in (UNIQUE_EVERYWHERE, FLOW_ONLY, FILL_TOO):
        assert check(Board.from_rows(rows), "flow").status == "unique"
    fill = check(Board.from_rows(FLOW_ONLY), "fill", count=10)
    assert fill.status == "multiple" and fill.count == 5 and fill.count_complete
    assert check(Board.from_rows(FILL_TOO), "fill").status == "unique"
    assert check(Board.from_rows(FILL_TOO), "nikoli").status == "multiple"


def test_the_reader_of_each_format() -> None:
    entry = Entry("t", 1, Board.from_rows(FLOW_ONLY))
    assert consumer_of("flowfree", entry).rules == parse_rules("flow")
    assert str(consumer_of("puzzlink", entry)) == "puzz.link arukone's rules (fill)"
    entry.rules = parse_rules("nikoli")
    assert str(consumer_of("puzzlink", entry)) == "puzz.link numlin's rules (nikoli)"
    assert consumer_of("json", entry) is None and consumer_of("grid", entry) is None
    assert str(consumer_of("grid", entry, parse_rules("fill"))) == "the target's rules (fill)"


def test_a_url_for_a_board_unique_only_under_flow_gets_a_warning() -> None:
    result = convert(pack(UNIQUE_EVERYWHERE, FLOW_ONLY, FILL_TOO), "--to", "puzzlink")
    assert result.exit_code == 0
    assert result.stdout.count("https://puzz.link/p?arukone/") == 3
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert warnings == [
        "warning: <stdin>#2: not unique under puzz.link arukone's rules (fill): 5 solutions found; "
        "puzz.link arukone has no no-touch rule",
        "warning: 1 of 3 boards may not mean the same puzzle under puzz.link arukone's rules (fill)",
    ]


def test_target_chooses_the_url_type_and_the_rules_checked() -> None:
    result = convert(pack(UNIQUE_EVERYWHERE, FILL_TOO), "--to", "puzzlink", "--target", "nikoli")
    assert result.stdout.count("https://puzz.link/p?numlin/") == 2
    assert ("warning: <stdin>#2: not unique under puzz.link numlin's rules (nikoli): 10+ "
            "solutions found") in result.stderr
    nikoli = convert(pack(FILL_TOO, rules="nikoli"), "--to", "puzzlink")  # the board's own rules
    assert "p?numlin/" in nikoli.stdout and "10+ solutions" in nikoli.stderr


def test_formats_without_a_reader_are_checked_only_for_a_target() -> None:
    text = pack(FLOW_ONLY)
    assert "warning" not in convert(text, "--to", "grid").stderr
    fill = convert(text, "--to", "grid", "--target", "fill")
    assert "not unique under the target's rules (fill): 5 solutions found" in fill.stderr
    off = convert(text, "--to", "puzzlink", "--no-target-check")
    assert off.exit_code == 0 and "warning" not in off.stderr


def test_a_flow_free_line_is_checked_under_flow() -> None:
    """A snake from corner to corner fills a 3x3 board only by running beside itself."""
    text = json.dumps({"grid": ["A..", "...", "..A"], "rules": "nikoli",
                       "solution": {"A": [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]]}}) + "\n"
    result = convert(text, "--to", "flowfree")
    assert result.exit_code == 0 and result.stdout.startswith("3,0,1,1;")
    assert "warning: <stdin>#1: unsolvable under Flow Free's rules (flow)" in result.stderr


def test_an_undecided_board_is_named_as_such() -> None:
    entry = Entry("t", 1, Board.from_rows(FLOW_ONLY))
    (warning,) = consumer_warnings([entry], "puzzlink", timeout=0)
    assert str(warning) == ("t#1: uniqueness under puzz.link arukone's rules (fill) not decided "
                            "within the check's time limit; puzz.link arukone has no no-touch rule")


def test_generate_warns_for_exactly_the_puzzles_its_reader_finds_ambiguous(tmp_path) -> None:
    out = tmp_path / "pack.url"
    result = CliRunner().invoke(main, ["generate", "--size", "8x8", "--count", "8", "--seed", "5",
                                       "--out", str(out)])
    assert result.exit_code == 0
    ambiguous = [entry.index for entry in read_file(str(out))
                 if check(entry.board, entry.rules, count=10).status != "unique"]
    assert all(entry.rules == parse_rules("fill") for entry in read_file(str(out)))
    warned = [int(n) for n in re.findall(r"warning: generated#(\d+): not unique under "
                                         r"puzz\.link arukone's rules \(fill\)", result.stderr)]
    assert warned == ambiguous
    if ambiguous:
        assert "hint: puzzles made with --rules fill are unique there" in result.stderr


def test_generated_puzzles_are_not_checked_again_under_their_own_rules(tmp_path, monkeypatch) -> None:
    import satlink.exports

    calls = []
    monkeypatch.setattr(satlink.exports, "check", lambda *a, **k: calls.append(a) or check(*a, **k))
    result = CliRunner().invoke(main, ["generate", "--size", "6x6", "--count", "3", "--rules",
                                       "fill", "--out", str(tmp_path / "p.url")])
    assert result.exit_code == 0 and calls == [] and "warning" not in result.stderr
    result = CliRunner().invoke(main, ["generate", "--size", "6x6", "--count", "3", "--rules",
                                       "fill", "--out", str(tmp_path / "p.jsonl"), "--target",
                                       "nikoli"])
    assert result.exit_code == 0 and len(calls) == 3


# -- where puzz.link's rules differ (one decision: these warnings and the report's links) ----

EVERY_RULE_SET = [Rules(frozenset(c)) for n in range(len(RULES) + 1)
                  for c in itertools.combinations(RULES, n)]
SMALL = boards(23, 150)
WITNESS = {  # a board with more solutions under puzz.link's rules than under the board's own
    "notouch": ["AA", ".."], "no2x2": ["AA", ".."], "fill": FLOW_ONLY}


@functools.cache
def _count(rows: tuple[str, ...], under: Rules) -> int:
    return count_solutions(list(rows), under.fill, under.notouch, under.no2x2, limit=20)


@pytest.mark.parametrize("rules", EVERY_RULE_SET, ids=str)
def test_puzzlink_accepts_every_solution_and_more_exactly_where_its_rules_are_said_to_differ(
        rules) -> None:
    """Against the brute-force oracle: under the URL type's rules every small board has at
    least the solutions it has under its own rules (the type never adds a rule), the same
    number wherever the rules are said not to differ, and where they are said to differ a
    board shows it (``flow`` boards: unique under flow, 5 solutions on puzz.link)."""
    played = type_rules(url_type(rules))
    differences = rules_differences(rules)
    assert differences == [f"no {word} rule" for rule, word in
                           (("notouch", "no-touch"), ("no2x2", "no-2x2"))
                           if rule in rules.rules]  # fill is kept: arukone
    assert (rules_warning(rules) is None) == (not differences) == (played == rules)

    if not differences:
        return  # the same rules: the same solutions (asserted above: played == rules)
    for rows in SMALL:
        own, there = _count(tuple(rows), rules), _count(tuple(rows), played)
        assert there >= own, (rows, own, there)
    lost = next(rule for rule in ("notouch", "no2x2") if rule in rules.rules)
    witness = WITNESS["fill" if rules.fill and lost == "notouch" else lost]
    assert _count(tuple(witness), played) > _count(tuple(witness), rules)
    assert f"puzz.link's {url_type(rules)} has no " in rules_warning(rules)

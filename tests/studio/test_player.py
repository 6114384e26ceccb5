"""The one-file player (``satlink convert PACK --to player``): written for every board proven
unique (the others named and left out), opened from ``file://`` in a fresh browser with the
network cut off, solved with the keyboard alone, and its fingerprint of a drawing the same
as satlink's for every geometry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from satlink.board import Board
from satlink.cli import main
from satlink.formats import read_file
from satlink.render.player import Puzzle, player_html, solution_hash, solution_text
from satlink.rules import parse_rules
from satlink.solver.check import check
from testbed.browser import file_url, missing
from testbed.studio_server import keys_to_draw
from testbed.variants import VARIANTS, solved

PACK = ["ABC", "...", "ABC"], ["AB", "AB"], ["A..", "...", "..A"]
"""Two unique boards under flow and one with none."""


@pytest.fixture()
def pack(tmp_path: Path) -> Path:
    path = tmp_path / "pack.txt"
    path.write_text("\n\n".join("\n".join(rows) for rows in PACK) + "\n")
    return path


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_convert_writes_the_unique_boards_and_names_the_others(pack, tmp_path):
    out = tmp_path / "pack.html"
    result = run("convert", str(pack), "--to", "player", "-o", str(out))
    assert result.exit_code == 1, result.output
    assert "board 3: left out, it has no solution under flow" in result.output
    html = out.read_text(encoding="utf-8")
    data = json.loads(html.split("window.SATLINK_PACK = ", 1)[1].split(";</script>", 1)[0])
    assert [p["board"]["grid"] for p in data["puzzles"]] == [list(PACK[0]), list(PACK[1])]
    for puzzle, rows in zip(data["puzzles"], PACK, strict=False):
        board = Board.from_rows(rows)
        verdict = check(board, "flow")
        assert puzzle["hash"] == solution_hash(board, verdict.solutions[0])
    outside = html.replace("http://www.w3.org/2000/svg", "")  # SVG's namespace, not a link
    assert "http://" not in outside and "https://" not in outside and "src=" not in outside


def test_a_board_with_two_solutions_is_left_out():
    from satlink.formats.entry import Entry
    from satlink.render.player import playable

    board = Board.from_rows(["A..", "...", "..A"])
    puzzles, left_out = playable([Entry("pack", 1, board, rules=parse_rules("nikoli"))])
    assert puzzles == [] and "more than one solution" in left_out[0]


def test_an_html_out_means_the_player_and_nothing_unique_is_an_error(tmp_path):
    only = tmp_path / "multiple.txt"
    only.write_text("A..\n...\n..A\n")  # no solution under flow
    result = run("convert", str(only), "-o", str(tmp_path / "x.html"))
    assert result.exit_code == 2 and "nothing to play" in result.output
    assert not (tmp_path / "x.html").exists()


def test_the_fingerprint_ignores_the_direction_and_order_of_paths():
    board, solution = solved("warp")
    reversed_paths = {label: list(reversed(cells)) for label, cells in
                      reversed(list(solution.to_cells(board).items()))}
    from satlink.solution import Solution

    again = Solution.from_cells(board, reversed_paths)
    assert solution_text(board, again) == solution_text(board, solution)


# -- in the browser ------------------------------------------------------------------------
browser_needed = pytest.mark.skipif(bool(missing()), reason=missing() or "")


def open_offline(browser, path: Path):
    """A fresh context with every request but the file itself refused: the page must need
    no network at all."""
    context = browser.new_context()
    asked: list[str] = []

    def refuse(route):
        asked.append(route.request.url)
        return route.abort() if not route.request.url.startswith("file://") else route.continue_()

    context.route("**/*", refuse)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(file_url(path))
    page.wait_for_selector("body[data-ready='1']")
    return page, asked, errors


@browser_needed
def test_the_player_is_solved_with_the_keyboard_alone_offline(browser, pack, tmp_path):
    out = tmp_path / "pack.html"
    run("convert", str(pack), "--to", "player", "-o", str(out))
    page, asked, errors = open_offline(browser, out)
    try:
        first = read_file(str(pack)).__next__()
        verdict = check(first.board, "flow")
        keys = keys_to_draw(first.board, verdict.solutions[0])
        page.keyboard.press(keys[0])
        page.keyboard.press(keys[1])
        page.keyboard.press("Backspace")  # undo the step
        assert page.evaluate("Object.values(satlinkPlayer.state.plays[0].paths)"
                             ".every(p => p.length === 1)")
        for key in keys:
            assert page.inner_text("#status") != "Solved!"
            page.keyboard.press(key)
        assert page.inner_text("#status") == "Solved!"
        page.keyboard.press("PageDown")
        assert "Puzzle 2 of 2" in page.inner_text("#where")
        page.screenshot(path=str(tmp_path / "player.png"))
    finally:
        page.context.close()
    assert errors == [] and asked == [file_url(out)]


@browser_needed
def test_a_warp_board_is_solved_by_keys_across_its_tunnels(browser, tmp_path):
    board, solution = solved("warp")
    out = tmp_path / "warp.html"
    out.write_text(player_html([Puzzle("warp", board, parse_rules("flow"), solution)]))
    page, _, errors = open_offline(browser, out)
    try:
        for key in keys_to_draw(board, solution):
            page.keyboard.press(key)
        assert page.inner_text("#status") == "Solved!"
    finally:
        page.context.close()
    assert errors == []


@browser_needed
def test_the_pages_fingerprint_is_satlinks_for_every_geometry(browser, tmp_path):
    puzzles = [Puzzle(name, *solved(name)[:1], parse_rules("flow"), solved(name)[1])
               for name in VARIANTS]
    out = tmp_path / "variants.html"
    out.write_text(player_html(puzzles))
    page, _, errors = open_offline(browser, out)
    try:
        for i, puzzle in enumerate(puzzles):
            cells = {k: list(v) for k, v in puzzle.solution.to_cells(puzzle.board).items()}
            size = {"width": puzzle.board.width, "height": puzzle.board.height}
            text = page.evaluate("([m, paths]) => satlinkPlayer.drawingText(m, paths)",
                                 [size, cells])
            assert text == solution_text(puzzle.board, puzzle.solution)
            assert page.evaluate("t => satlinkPlayer.sha256(t)", text) == solution_hash(
                puzzle.board, puzzle.solution)
            page.evaluate("([i, paths]) => { satlinkPlayer.go(i);"
                          " satlinkPlayer.state.plays[i].paths = paths; }", [i, cells])
            page.keyboard.press("Escape")  # a key: the page judges the drawing
            assert page.inner_text("#status") == "Solved!", puzzle.name
    finally:
        page.context.close()
    assert errors == []

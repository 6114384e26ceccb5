"""The studio in a real browser (Playwright driving the system Chromium): a designer's
session from an empty board to a saved unique puzzle, and the variants drawn and played.
Skipped when Playwright or Chromium is missing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")

from testbed.browser import missing  # noqa: E402
from testbed.studio_server import (  # noqa: E402
    click_cell,
    drag_path,
    served,
    wait_status,
)

if missing():
    pytest.skip(missing(), allow_module_level=True)

# under fill: two solutions, and a one-edit repair (found by tests/studio/test_api.py)
DRAFT = [((0, 0), (2, 0)), ((1, 4), (4, 4)), ((2, 2), (3, 4))]


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("studio")


@pytest.fixture(scope="module")
def url(folder):
    with served(folder) as address:
        yield address


@pytest.fixture()
def page(browser, url):  # noqa: F811  (browser: the shared fixture of testbed/browser.py)
    context = browser.new_context(viewport={"width": 1200, "height": 850})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("dialog", lambda d: d.accept())
    pg.goto(url)
    pg.wait_for_selector("body[data-ready='1']")
    yield pg
    context.close()
    assert not errors


def new_board(page, width: int, height: int, kind: str = "square") -> None:
    page.fill("#w", str(width))
    page.fill("#h", str(height))
    page.select_option("#kind", kind)
    page.click("#new")
    page.wait_for_function(f"window.studio.layout && window.studio.layout.cells.length === {width * height}")


def play_solution(page) -> None:
    page.click("#modes [data-mode=play]")
    solution = page.evaluate("window.studio.verdict.solutions[0]")
    for path in solution.values():
        drag_path(page, path)
    page.wait_for_selector("#message.win")


def test_a_designer_session(page, folder):
    page.select_option("#rules", "fill")
    for a, b in DRAFT:
        click_cell(page, *a)
        click_cell(page, *b)
    wait_status(page, "multiple")
    assert page.locator("#board polygon.diff").count() > 0
    page.click("#why")
    page.wait_for_selector("#why-out [data-which='1']")
    page.click("#why-out [data-which='1']")
    page.click("#repair")
    first = page.locator("#proposals li").first
    first.wait_for()
    first.hover()
    assert "faded" in page.get_attribute("#board", "class")
    first.click()
    wait_status(page, "unique")
    page.click("#undo")
    wait_status(page, "multiple")
    page.click("#redo")
    wait_status(page, "unique")
    grid = page.evaluate("window.studio.model.cells.join('')")
    play_solution(page)
    page.fill("#path", "mine.jsonl")
    page.click("#save")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('saved')")
    saved = json.loads((folder / "mine.jsonl").read_text())
    assert "".join(saved["grid"]) == grid and saved["rules"] == "fill"
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#path", "mine.jsonl")
    page.click("#open")
    page.wait_for_function("window.studio.pack && window.studio.pack.current === 0")
    wait_status(page, "unique")
    assert page.evaluate("window.studio.model.cells.join('')") == grid
    assert page.input_value("#rules") == "fill"


def test_a_hexagonal_board_is_drawn_and_played(page):
    new_board(page, 4, 4, "hex")
    for a, b in (((0, 3), (1, 1)), ((2, 2), (3, 0))):
        click_cell(page, *a)
        click_cell(page, *b)
    wait_status(page, "unique")
    play_solution(page)


def test_a_bridge_board_is_drawn_and_played(page):
    new_board(page, 3, 3)
    page.check("input[name=tool][value=bridge]")
    click_cell(page, 1, 1)
    page.check("input[name=tool][value=end]")
    for a, b in (((0, 1), (2, 1)), ((1, 0), (1, 2))):
        click_cell(page, *a)
        click_cell(page, *b)
    page.select_option("#rules", "nikoli")
    wait_status(page, "unique")
    assert page.locator("#board rect.bridge").count() == 1
    play_solution(page)


# issue 23: "a hexagonal board with a bridge is drawn and played".  Unique under flow, its
# bridge at (1, 1) crossed along all three axes: A vertically, C rising, D falling.
HEX_BRIDGE_ENDS = {"A": ((0, 1), (3, 2)), "B": ((0, 3), (2, 4)), "C": ((0, 2), (4, 0)),
                   "D": ((0, 0), (1, 2)), "E": ((3, 1), (4, 3)), "F": ((1, 3), (4, 4))}


def test_a_hexagonal_bridge_board_is_drawn_and_played(page, folder):
    new_board(page, 5, 5, "hex")
    page.check("input[name=tool][value=bridge]")
    click_cell(page, 1, 1)
    page.check("input[name=tool][value=end]")
    for a, b in HEX_BRIDGE_ENDS.values():
        click_cell(page, *a)
        click_cell(page, *b)
    page.select_option("#rules", "flow")
    wait_status(page, "unique")
    assert page.evaluate("[...window.studio.model.bridges]") == [6]
    assert page.locator("#board polygon.bridge").count() == 2  # two decks over the third axis
    solution = page.evaluate("window.studio.verdict.solutions[0]")
    through = {label: path for label, path in solution.items() if [1, 1] in path}
    assert len(through) == 3  # three colours cross the one bridge
    for path in through.values():  # each straight on: in and out by opposite sides
        i = path.index([1, 1])
        (r0, c0), (r2, c2) = path[i - 1], path[i + 1]
        assert c0 + c2 == 2 and (c0 != 1 or {r0, r2} == {0, 2})
    page.click("#modes [data-mode=play]")
    for path in solution.values():
        drag_path(page, path)
    page.wait_for_selector("#message.win")
    assert page.locator("#board line.over").count() == 2  # the crossings on the decks
    page.screenshot(path=str(folder / "hex-bridge-play.png"))


def test_a_bad_board_is_located_in_the_page(page):
    new_board(page, 3, 3)
    page.check("input[name=tool][value=bridge]")
    click_cell(page, 0, 0)
    page.check("input[name=tool][value=end]")
    click_cell(page, 1, 1)
    wait_status(page, "invalid")
    assert "second endpoint" in page.inner_text("#verdict")
    click_cell(page, 2, 2)
    wait_status(page, "unsolvable")


def test_a_warp_board_is_drawn_and_played_through_its_tunnels(page):
    page.check("#wrap")
    new_board(page, 4, 4)
    for a, b in (((0, 0), (2, 2)), ((0, 2), (3, 0)), ((2, 3), (3, 2))):
        click_cell(page, *a)
        click_cell(page, *b)
    wait_status(page, "unique")
    assert page.locator("#board polygon.tunnel").count() == 16
    play_solution(page)


def test_the_pack_view_grades_sorts_reorders_and_saves(page, folder):
    easy, hard = ["A.A"], ["AB", "AB"]
    bad = "3 1\nA.B\n"
    (folder / "three.txt").write_text("2 2\nAB\nAB\n\n3 1\nA.A\n\n" + bad + "0 0\n")
    page.fill("#path", "three.txt")
    page.click("#open")
    page.wait_for_function("window.studio.pack && window.studio.pack.current === 0")
    wait_status(page, "unique")
    assert "could not be read" in page.inner_text("#message")
    page.click("#modes [data-mode=pack]")
    page.click("#grade-all")
    page.wait_for_function("document.querySelector('#message').textContent.includes('every board')")
    assert page.locator("#pack li").count() == 3
    page.click("#sort")
    grids = page.evaluate("window.studio.pack.boards.map(b => b.board && b.board.grid)")
    assert grids[:2] in ([easy, hard], [hard, easy])
    page.locator("#pack li").nth(1).drag_to(page.locator("#pack li").nth(0))
    moved = page.evaluate("window.studio.pack.boards.map(b => b.board && b.board.grid)")
    assert moved[:2] == grids[:2][::-1]
    page.fill("#path", "sorted.jsonl")
    page.click("#save")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('saved')")
    lines = (folder / "sorted.jsonl").read_text().splitlines()
    assert [json.loads(x)["grid"] for x in lines] == moved[:2]


PLAY_RULES = """async () => {
  const P = await import('/static/play.js'), M = await import('/static/model.js');
  const m = M.fromBoard({grid: ['.A.', 'B.B', '.A.'], geometry: {bridges: [[1, 1]]}});
  const lay = window.studio.layout, play = P.newPlay(), out = [];
  P.start(lay, m, play, 1);
  out.push(P.extend(lay, m, play, 4), P.extend(lay, m, play, 3), P.extend(lay, m, play, 7));
  P.stop(play);
  P.start(lay, m, play, 3);
  out.push(P.extend(lay, m, play, 4), P.extend(lay, m, play, 5));
  const open = M.fromBoard({grid: ['A.B', '...', 'A.B']}), cut = P.newPlay();
  P.start(lay, open, cut, 0);
  for (const x of [1, 4, 3, 6]) P.extend(lay, open, cut, x);
  P.start(lay, open, cut, 2);
  out.push(P.extend(lay, open, cut, 1), cut.paths.A.join(','), P.extend(lay, open, cut, 0));
  P.start(lay, open, cut, 1);
  out.push(P.extend(lay, open, cut, 4), P.extend(lay, open, cut, 1), cut.paths.B.join(','));
  return out;
}"""


def test_play_rules_of_the_hand(page):
    new_board(page, 3, 3)
    # through a bridge straight on only, both crossings of one bridge; entering another
    # path cuts it; never into another colour's endpoint; dragging back takes a step back
    assert page.evaluate(PLAY_RULES) == [True, False, True, True, True,
                                         True, "0", False, True, True, "2,1"]


HEX_PLAY_RULES = """async () => {
  const P = await import('/static/play.js'), M = await import('/static/model.js');
  const m = M.fromBoard({grid: ['CAB', 'B.C', '.A.'], geometry: {kind: 'hex', bridges: [[1, 1]]}});
  const lay = window.studio.layout, play = P.newPlay(), out = [];
  P.start(lay, m, play, 1);
  out.push(P.extend(lay, m, play, 4), P.extend(lay, m, play, 5), P.extend(lay, m, play, 3),
           P.extend(lay, m, play, 7));
  P.start(lay, m, play, 3);
  out.push(P.extend(lay, m, play, 4), P.extend(lay, m, play, 2));
  P.start(lay, m, play, 0);
  out.push(P.extend(lay, m, play, 4), P.extend(lay, m, play, 7), P.extend(lay, m, play, 5));
  P.stop(play);
  out.push(['A', 'B', 'C'].map(k => play.paths[k].join(',')).join(' '));
  return out;
}"""


def test_play_goes_straight_through_a_hexagonal_bridge(page):
    """Cell 4 of a 3x3 hexagonal board (odd column): vertical 1-7, rising 3-2, falling 0-5.
    A path entering it leaves by the opposite side only (A may not turn to 5 or 3); three
    paths cross it at once, each on its own axis."""
    new_board(page, 3, 3, "hex")
    assert page.evaluate(HEX_PLAY_RULES) == [True, False, False, True, True, True,
                                             True, False, True, "1,4,7 3,4,2 0,4,5"]


SIDE_XY = """([a, b]) => { const s = document.getElementById('board'), lay = window.studio.layout;
  const p = lay.pairs.find(q => q.a === a && q.b === b), [u, v] = p.sides[0], pt = s.createSVGPoint();
  pt.x = (u[0] + v[0]) / 2; pt.y = (u[1] + v[1]) / 2;
  const q = pt.matrixTransform(s.getScreenCTM()); return [q.x, q.y]; }"""


def test_walls_holes_and_resize(page):
    new_board(page, 3, 3)
    page.select_option("#rules", "nikoli")
    for a, b in (((0, 0), (0, 2)), ((2, 0), (2, 2))):
        click_cell(page, *a)
        click_cell(page, *b)
    wait_status(page, "multiple")
    page.check("input[name=tool][value=wall]")
    for a, b in ((3, 4), (4, 5), (4, 5)):  # a wall set, another set and taken away
        page.mouse.click(*page.evaluate(SIDE_XY, [a, b]))
    assert page.evaluate("[...window.studio.model.walls]") == ["3-4"]
    wait_status(page, "multiple")  # A or B through the centre
    page.check("input[name=tool][value=hole]")
    click_cell(page, 1, 1)
    assert page.evaluate("window.studio.model.cells[4]") == "#"
    wait_status(page, "unique")
    page.fill("#path", "walls.txt")
    page.click("#save")
    page.wait_for_function("document.querySelector('#message').textContent.includes('walls')")
    page.fill("#w", "2")
    page.click("#resize")
    page.wait_for_function("window.studio.model.width === 2")
    assert page.evaluate("window.studio.model.cells.join('')") == "...#.."  # pairs cut in two go
    page.click("#undo")
    page.wait_for_function("window.studio.model.width === 3")


def test_paths_are_drawn_by_touch(browser, url):  # noqa: F811
    from testbed.studio_server import cell_xy

    context = browser.new_context(viewport={"width": 900, "height": 900}, has_touch=True)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    new_board(page, 3, 3)
    for a, b in (((0, 0), (0, 2)), ((2, 0), (2, 2))):
        click_cell(page, *a)
        click_cell(page, *b)
    page.select_option("#rules", "nikoli")
    wait_status(page, "multiple")
    page.click("#modes [data-mode=play]")
    touch = context.new_cdp_session(page)
    for row in (0, 2):
        points = [cell_xy(page, row, col) for col in range(3)]
        for kind, (x, y) in zip(["touchStart", "touchMove", "touchMove"], points, strict=True):
            touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y}]})
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_selector("#message.win")
    assert page.evaluate("window.studio.play.paths") == {"A": [0, 1, 2], "B": [6, 7, 8]}
    context.close()

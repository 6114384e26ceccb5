"""Designing in the studio as a person would, in a real browser (Playwright driving the
system Chromium; skipped without them): a puzzle drawn path by path, made ambiguous by
redrawing one path, fixed by one offered change that keeps the drawing, played to the win and
shared; and a chain repair applied one step at a time, each step's words matching the verdict
the page then shows (issue 32)."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")

from testbed.browser import missing  # noqa: E402
from testbed.designs import DRAFT, DRAWING, REDRAW  # noqa: E402
from testbed.studio_server import click_cell, drag_path, served, type_board, wait_status  # noqa: E402

if missing():
    pytest.skip(missing(), allow_module_level=True)

@pytest.fixture(scope="module")
def url(tmp_path_factory):
    with served(tmp_path_factory.mktemp("design")) as address:
        yield address


def open_page(browser, url, **context):
    ctx = browser.new_context(viewport={"width": 1200, "height": 900}, **context)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    return ctx, page


def new_board(page, width: int, height: int) -> None:
    page.fill("#w", str(width))
    page.fill("#h", str(height))
    page.click("#new")
    page.wait_for_function(f"window.studio.layout && window.studio.layout.cells.length === {width * height}")


def test_a_puzzle_designed_by_drawing(browser, url):  # noqa: F811
    ctx, page = open_page(browser, url)
    new_board(page, 7, 7)
    assert page.inner_text("#verdict .status") == "blank"
    page.select_option("#rules", "fill")
    assert page.is_checked("input[name=tool][value=draw]")
    for path in DRAWING.values():  # each drag draws a new pair's path
        drag_path(page, path)
    wait_status(page, "unique")
    model = page.evaluate("window.studio.model")
    assert {k: len(p) for k, p in model["paths"].items()} == {k: len(p) for k, p in DRAWING.items()}
    assert "only solution" in page.inner_text("#verdict .detail")
    colours = page.evaluate("({...window.studio.model.colours})")

    drag_path(page, REDRAW)
    wait_status(page, "multiple")
    assert page.locator("#board polyline.other").count() > 0  # the other solution, dashed
    assert page.locator("#board polygon.diff").count() > 0  # where they part
    drawing = page.evaluate("window.studio.verdict.drawing")
    assert drawing["outcome"] == "one-of-several"
    assert page.evaluate("window.studio.model.paths.F.length") == len(DRAWING["F"]) - 1
    fix = page.locator("#proposals li.fix").first
    fix.wait_for(timeout=20_000)
    fix.hover()
    assert "faded" in page.get_attribute("#board", "class")  # previewed
    text = fix.inner_text()
    fix.click()
    wait_status(page, "unique")
    assert "only solution" in page.inner_text("#verdict .detail"), text
    after = page.evaluate("({...window.studio.model.colours})")
    assert all(after[k] == v for k, v in colours.items() if k in after)  # labels kept colours
    page.click("#undo")
    wait_status(page, "multiple")
    page.click("#redo")
    wait_status(page, "unique")
    drawn = page.evaluate("window.studio.model.paths")
    for tool in ("end", "hole", "draw"):  # switching tools loses nothing
        page.check(f"input[name=tool][value={tool}]")
        assert page.evaluate("window.studio.model.paths") == drawn
        assert "only solution" in page.inner_text("#verdict .detail")

    grid = page.evaluate("window.studio.model.cells.join('')")
    page.click("#modes [data-mode=play]")
    for path in page.evaluate("window.studio.verdict.solutions[0]").values():
        drag_path(page, path)
    page.wait_for_selector("#message.win")

    page.click("#modes [data-mode=edit]")
    page.click("#share")
    link = page.input_value("#share-link")
    assert "#share=" in link
    ctx2 = browser.new_context(viewport={"width": 1000, "height": 800},
                               storage_state=ctx.storage_state())  # the launch's cookie
    other = ctx2.new_page()
    other.goto(link)
    other.wait_for_selector("body[data-ready='1']")
    wait_status(other, "unique")
    assert other.evaluate("window.studio.model.cells.join('')") == grid
    assert other.input_value("#rules") == "fill"
    assert "only solution" in other.inner_text("#verdict .detail")  # the drawing came along
    assert not page.errors
    ctx2.close()
    ctx.close()


def said(outcome: str, status: str) -> bool:
    """Whether a repair line's outcome ("unique", "unique, but ...", "3 solutions",
    "unsolvable") says the verdict ``status``."""
    outcome = outcome.strip()
    if status == "multiple":
        return outcome.endswith("solutions") and not outcome.startswith("1 ")
    return outcome.split(",")[0] == status


def test_a_chain_repair_applied_step_by_step(browser, url):  # noqa: F811
    ctx, page = open_page(browser, url)
    new_board(page, 5, 5)
    page.select_option("#rules", "fill")
    page.check("input[name=tool][value=end]")
    type_board(page, DRAFT)  # typed: the cursor moved by the arrow keys, each end its label
    assert page.evaluate("window.studio.model.cells.join('')") == "".join(DRAFT)
    wait_status(page, "unsolvable")
    assert page.is_visible("#nearest")  # offered first, beside the verdict
    page.select_option("#repair-seconds", "10")
    page.click("#nearest")
    steps = page.locator("#proposals li.step")
    steps.first.wait_for(timeout=30_000)
    n = steps.count()
    assert n >= 2
    for i in range(n):
        later = page.locator("#proposals li.step.later")
        assert later.count() == n - i - 1  # only the next step can be taken
        step = page.locator(f"#proposals li.step[data-step='{i}']")
        words, status = step.inner_text(), step.get_attribute("data-status")
        assert "next" in step.get_attribute("class")
        step.click()
        wait_status(page, status)  # the verdict the page shows is the step's
        assert said(words.split("→")[1], page.inner_text("#verdict .status")), words
        assert page.locator("#proposals li.step.done").count() == i + 1
    assert page.inner_text("#verdict .status") == "unique"
    page.click("#undo")  # a step undone: the chain follows the board back
    wait_status(page, page.locator(f"#proposals li.step[data-step='{n - 2}']").get_attribute("data-status"))
    assert page.locator("#proposals li.step.done").count() == n - 1
    assert not page.errors
    ctx.close()


def test_labels_keep_their_colours_and_the_page_names_cells_on_the_board(browser, url):  # noqa: F811
    ctx, page = open_page(browser, url)
    new_board(page, 5, 5)
    assert page.locator("#board text.coord").count() == 10  # row and column numbers
    page.select_option("#rules", "nikoli")
    page.check("input[name=tool][value=end]")
    type_board(page, ["A.B.C", ".....", ".....", ".....", "A.B.C"])
    wait_status(page, "multiple")
    colours = page.evaluate("({...window.studio.model.colours})")
    fills = {k: page.get_attribute(f"#board circle.end[data-label={k}]", "fill") for k in "BC"}
    page.check("input[name=tool][value=erase]")
    click_cell(page, 0, 0)  # one end of A: its partner waits, ringed, and the page says where
    wait_status(page, "invalid")
    assert "(4,0)" in page.inner_text("#message")
    assert page.locator("#board circle.lone").count() == 1
    assert page.locator("#board circle.named[data-cell='20']").count() == 1  # (4,0) ringed
    click_cell(page, 4, 0)  # the other end: the pair is gone, the others keep their colours
    wait_status(page, "multiple")
    assert page.inner_text("#message") == "erased the last end of A: the pair is gone"
    assert {k: page.get_attribute(f"#board circle.end[data-label={k}]", "fill") for k in "BC"} == fills
    assert page.evaluate("({...window.studio.model.colours})") == {k: colours[k] for k in "BC"}
    page.check("input[name=tool][value=end]")
    page.fill("#label", "Z")  # the designer picks the new pair's label
    click_cell(page, 1, 0)
    click_cell(page, 3, 0)
    wait_status(page, "multiple")
    assert page.inner_text("#message") == ""  # the message belonged to the board before
    assert page.evaluate("window.studio.model.cells[5]") == "Z"
    assert page.get_attribute("#board circle.end[data-label=Z]", "fill") not in fills.values()
    assert not page.errors
    ctx.close()


def test_a_path_is_drawn_by_touch_and_a_refused_move_says_why(browser, url):  # noqa: F811
    from testbed.studio_server import cell_xy

    ctx, page = open_page(browser, url, has_touch=True)
    new_board(page, 3, 3)
    page.select_option("#rules", "nikoli")
    touch = ctx.new_cdp_session(page)
    points = [cell_xy(page, 0, col) for col in range(3)]
    for kind, (x, y) in zip(["touchStart", "touchMove", "touchMove"], points, strict=True):
        touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y}]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    wait_status(page, "multiple")  # (A.A under nikoli: the path may wander)
    assert page.evaluate("window.studio.model.paths") == {"A": [0, 1, 2]}
    page.check("input[name=tool][value=hole]")
    click_cell(page, 1, 1)
    page.click("#modes [data-mode=play]")
    drag_path(page, [[0, 0], [1, 0], [1, 1]])  # into the hole
    assert page.inner_text("#message").startswith("refused: hole")
    assert not page.errors
    ctx.close()


@pytest.mark.parametrize("rows,geometry", [
    (["A.B.", "....", "..AC", "B.C."], {"kind": "square", "wrap": True}),
    (["DACB.", "..DF.", "....B", ".EA..", "C..EF"], {"kind": "hex", "bridges": [[1, 1]]}),
])
def test_paths_are_drawn_across_warps_and_straight_through_bridges(browser, url, rows, geometry):
    """Draw mode draws with Play's geometry: the solution of a warp board (across its
    tunnels) and of a hexagonal board whose bridge three paths cross, drawn path by path on
    a blank board, is judged the only solution of the puzzle its ends make."""
    from satlink.board import Board
    from satlink.solver.check import check

    board = Board.from_json(rows, geometry)
    verdict = check(board, "flow")
    assert verdict.status == "unique"
    solution = verdict.solutions[0].to_coords(board)
    ctx, page = open_page(browser, url)
    page.check("#wrap") if geometry.get("wrap") else page.uncheck("#wrap")
    page.fill("#w", str(board.width))
    page.fill("#h", str(board.height))
    page.select_option("#kind", geometry["kind"])
    page.click("#new")
    page.wait_for_function(f"window.studio.layout && window.studio.layout.cells.length === {board.size}")
    if geometry.get("bridges"):
        page.check("input[name=tool][value=bridge]")
        for r, c in geometry["bridges"]:
            click_cell(page, r, c)
        page.check("input[name=tool][value=draw]")
    for path in solution.values():
        drag_path(page, path)
    wait_status(page, "unique")
    assert page.evaluate("window.studio.verdict.drawing.outcome") == "unique-solution"
    drawn = page.evaluate("window.studio.model.cells.join('')")  # labels in the order drawn

    def pairs(cells: str) -> set[frozenset[int]]:
        return {frozenset(i for i, ch in enumerate(cells) if ch == k) for k in set(cells) - {"."}}
    assert pairs(drawn) == pairs("".join(rows))
    assert not page.errors
    ctx.close()

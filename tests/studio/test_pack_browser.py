"""Studio round three in a real browser (Playwright driving the system Chromium): a pack built
in the studio never loses work, and testers can play it anywhere.

Each test is one of the round's proofs: a pack of three boards, a new one added, drawn and
saved, reopened as four; a failed open then Save writes nothing; a reload mid-edit offers the
work back; the player written from the studio is solved from ``file://`` with the keyboard
alone; the puzz.link URL decodes to the same board with ``satlink convert``; a share link
opened without the token asks for it once; Play by keyboard; labels' case said; the other
solution drawn in full and switchable; no error badge while drawing; inputs checked where
they are typed."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")

from satlink.cli import main  # noqa: E402
from satlink.formats import read_file  # noqa: E402
from testbed.browser import file_url, missing  # noqa: E402
from testbed.studio_server import click_cell, drag_path, served, type_board, wait_status  # noqa: E402

if missing():
    pytest.skip(missing(), allow_module_level=True)

THREE = "A.A\n\nABC\n...\nABC\n\nAB\nAB\n"


@pytest.fixture()
def folder(tmp_path) -> Path:
    (tmp_path / "mypack.txt").write_text(THREE)
    return tmp_path


@pytest.fixture()
def url(folder):
    with served(folder) as address:
        yield address


def start(browser, url, width=1280, height=900):
    context = browser.new_context(viewport={"width": width, "height": height}, accept_downloads=True)
    page = context.new_page()
    page.errors, page.dialogs = [], []
    page.on("pageerror", lambda e: page.errors.append(str(e)))

    def dialog(d):
        page.dialogs.append(d.type)
        d.accept()
    page.on("dialog", dialog)
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    return page


def open_pack(page, path: str, boards: int) -> None:
    page.fill("#path", path)
    page.click("#open")
    page.wait_for_function(f"window.studio.pack.boards.length === {boards}")


def new_board(page, width: int, height: int) -> None:
    page.fill("#w", str(width))
    page.fill("#h", str(height))
    page.click("#new")
    page.wait_for_function(f"window.studio.layout && window.studio.layout.cells.length === {width * height}")


def relabelled(rows: list[str]) -> list[str]:
    """Rows with each label replaced by its order of appearance (puzz.link numbers pairs)."""
    order: dict[str, str] = {}
    return ["".join(ch if ch in ".#" else order.setdefault(ch, "ABCDEFGH"[len(order)]) for ch in row)
            for row in rows]


def message(page) -> str:
    return page.inner_text("#message")


# -- 1. a pack is a document -----------------------------------------------------------------
def test_a_board_added_to_an_opened_pack_is_saved_with_the_others(browser, url, folder):
    page = start(browser, url)
    open_pack(page, "mypack.txt", 3)
    new_board(page, 5, 5)
    assert page.evaluate("window.studio.pack.boards.length") == 4
    drag_path(page, [(0, 0), (0, 1), (0, 2), (1, 2)])
    wait_status(page, "drawing")  # its ends are no puzzle yet: said so, not as an error
    page.click("#save")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('saved')")
    assert "saved 4 board(s)" in message(page) and "mypack.txt.bak" in message(page)
    boards = [e.board.rows for e in read_file(str(folder / "mypack.txt"))]
    new = ("A....", "..A..", ".....", ".....", ".....")  # added after the board on screen
    assert boards == [("A.A",), new, ("ABC", "...", "ABC"), ("AB", "AB")]
    assert (folder / "mypack.txt.bak").read_text() == THREE
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    open_pack(page, "mypack.txt", 4)
    assert page.errors == []
    page.context.close()


def test_delete_with_undo_reorder_and_duplicate_in_the_pack_view(browser, url, folder):
    page = start(browser, url)
    open_pack(page, "mypack.txt", 3)
    page.click("#modes [data-mode=pack]")
    page.wait_for_selector("#pack li")
    page.click("#pack li[data-position='0'] button[data-act=delete]")
    page.wait_for_function("window.studio.pack.boards.length === 2")
    page.click("#pack-undo")
    page.wait_for_function("window.studio.pack.boards.length === 3")
    page.click("#pack li[data-position='2'] button[data-act=up]")
    page.click("#pack li[data-position='0'] button[data-act=duplicate]")
    page.wait_for_function("window.studio.pack.boards.length === 4")
    page.click("#pack li[data-position='3'] button[data-act=delete]")
    page.wait_for_function("window.studio.pack.boards.length === 3")
    page.wait_for_function("[...document.querySelectorAll('#pack li .status')]"
                           ".every(s => s.textContent !== '…')")
    page.click("#save")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('saved')")
    boards = [e.board.rows for e in read_file(str(folder / "mypack.txt"))]
    assert boards == [("A.A",), ("A.A",), ("AB", "AB")]  # board 2 deleted on purpose
    page.click("#modes [data-mode=pack]")
    page.screenshot(path=str(folder / "pack-view.png"))
    assert page.errors == []
    page.context.close()


def test_a_failed_open_then_save_writes_nothing(browser, url, folder):
    (folder / "broken.txt").write_text("A.A.B\n")
    page = start(browser, url)
    page.fill("#path", "broken.txt")
    page.click("#open")
    page.wait_for_function("document.querySelector('#message').textContent.includes('could not be read')")
    page.click("#save")
    page.wait_for_function("document.querySelector('#message').textContent.includes('not saved')"
                           " || document.querySelector('#message').textContent.includes('nothing to save')"
                           " || document.querySelector('#message').textContent.includes('would be lost')")
    assert (folder / "broken.txt").read_text() == "A.A.B\n"
    click_cell(page, 0, 0)  # a board drawn after the failed open: still no save over the file
    click_cell(page, 0, 2)
    page.wait_for_function("window.studio.pack.boards.length === 2")
    page.click("#save")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('not saved')")
    assert (folder / "broken.txt").read_text() == "A.A.B\n"
    assert page.errors == []
    page.context.close()


# -- 2. work survives a reload ---------------------------------------------------------------
def test_a_reload_mid_edit_asks_first_and_offers_the_work_back(browser, url):
    page = start(browser, url)
    open_pack(page, "mypack.txt", 3)
    new_board(page, 4, 4)
    click_cell(page, 0, 0)
    click_cell(page, 3, 3)
    page.wait_for_function("window.studio.pack.dirty")
    grid = page.evaluate("window.studio.model.cells.join('')")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert "beforeunload" in page.dialogs
    page.wait_for_selector("#restore:not([hidden])")
    assert "4 board(s) of mypack.txt" in page.inner_text("#restore-text")
    page.click("#restore-yes")
    page.wait_for_function("window.studio.pack.boards.length === 4")
    assert page.evaluate("window.studio.model.cells.join('')") == grid
    assert page.errors == []
    page.context.close()


# -- 3. testers play without satlink -----------------------------------------------------------
def test_the_player_from_share_is_solved_offline_with_the_keyboard(browser, url, tmp_path):
    page = start(browser, url)
    new_board(page, 3, 3)
    type_board(page, ["ABC", "...", "ABC"])
    wait_status(page, "unique")
    page.click("#share")
    with page.expect_download() as info:
        page.click("#share-player")
    player = tmp_path / "player.html"
    info.value.save_as(str(player))
    page.context.close()
    context = browser.new_context()
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith("file://") else r.abort())
    play = context.new_page()
    play.goto(file_url(player))
    play.wait_for_selector("body[data-ready='1']")
    for key in ["A", "ArrowDown", "ArrowDown", "B", "ArrowDown", "ArrowDown", "C", "ArrowDown", "ArrowDown"]:
        play.keyboard.press(key)
    assert play.inner_text("#status") == "Solved!"
    play.screenshot(path=str(tmp_path / "player.png"))
    context.close()


def test_the_puzzlink_url_decodes_to_the_same_board(browser, url, tmp_path):
    page = start(browser, url)
    new_board(page, 3, 4)
    type_board(page, ["A.B", "...", "...", "A.B"])
    page.click("#share")
    page.wait_for_selector("#share-puzzlink:not([hidden])")
    link = page.input_value("#share-puzzlink")
    assert link.startswith("https://puzz.link/p?")
    (tmp_path / "url.txt").write_text(link + "\n")
    result = CliRunner().invoke(main, ["convert", str(tmp_path / "url.txt"), "--to", "grid"])
    assert relabelled(result.output.split()) == relabelled(["A.B", "...", "...", "A.B"]), result.output
    page.context.close()


def test_a_share_link_without_the_token_asks_for_it_once(browser, url):
    page = start(browser, url)
    new_board(page, 2, 2)
    type_board(page, ["AB", "AB"])
    page.click("#share")
    link = page.input_value("#share-link")
    token = url.split("token=")[1]
    page.context.close()
    fresh = browser.new_context().new_page()
    fresh.goto(link)
    assert "needs its token" in fresh.inner_text("body")
    fresh.fill("#t", url)  # the printed address, pasted
    fresh.click("button")
    fresh.wait_for_selector("body[data-ready='1']")
    fresh.wait_for_function("window.studio.model.cells.join('') === 'ABAB'")
    fresh.goto(link.split("#")[0].replace(f"?token={token}", "") + "#" + link.split("#")[1])
    fresh.wait_for_selector("body[data-ready='1']")  # the cookie: not asked again
    fresh.context.close()


def test_a_share_fragment_pasted_into_an_open_tab_opens_at_once(browser, url):
    page = start(browser, url)
    new_board(page, 3, 1)
    type_board(page, ["A.A"])
    page.click("#share")
    fragment = page.input_value("#share-link").split("#", 1)[1]
    new_board(page, 3, 3)
    page.evaluate("f => { location.hash = f; }", fragment)
    page.wait_for_function("window.studio.model.cells.join('') === 'A.A'")
    page.context.close()


# -- 4. keyboard and labels ------------------------------------------------------------------
def test_play_by_keyboard_with_undo(browser, url):
    page = start(browser, url)
    new_board(page, 3, 3)
    type_board(page, ["ABC", "...", "ABC"])
    wait_status(page, "unique")
    page.click("#modes [data-mode=play]")
    page.focus("#board")
    for key in ["a", "ArrowDown", "ArrowRight", "Backspace", "ArrowDown"]:  # "a" picks A
        page.keyboard.press(key)
    assert page.evaluate("window.studio.play.paths.A") == [0, 3, 6]
    for key in ["B", "ArrowDown", "ArrowDown", "c", "ArrowDown", "ArrowDown"]:
        page.keyboard.press(key)
    page.wait_for_selector("#message.win")
    assert page.errors == []
    page.context.close()


def test_labels_typed_are_checked_and_their_case_said(browser, url):
    page = start(browser, url)
    new_board(page, 3, 1)
    type_board(page, ["A.A"])
    for bad in ["#", "AB", "😀"]:
        page.fill("#label", bad)
        assert "is not a label" in message(page) and "invalid" in page.get_attribute("#label", "class")
    page.fill("#label", "")
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("a")
    assert "labels are case-sensitive" in message(page)
    page.context.close()


# -- 6. the other solution, the badge while drawing ------------------------------------------
def test_the_other_solution_is_drawn_in_full_and_switchable(browser, url, tmp_path):
    page = start(browser, url, 1100, 800)
    new_board(page, 4, 4)
    page.select_option("#rules", "fill")
    snake = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (1, 2), (1, 1), (1, 0),
             (2, 0), (2, 1), (2, 2), (2, 3), (3, 3), (3, 2), (3, 1), (3, 0)]
    drag_path(page, snake)  # one path over every cell: another one covers them too
    page.wait_for_selector("#which:not([hidden])")
    other = page.evaluate("window.studio.verdict.drawing.other")
    drawn = page.evaluate("window.studio.model.paths")
    assert page.locator("#board polyline.other").count() > 0
    page.click("#which button[data-which='1']")
    shown = page.evaluate("""() => [...document.querySelectorAll('#board polyline.path')].length""")
    assert shown > 0
    assert page.evaluate("window.studio.which") == 1
    page.screenshot(path=str(tmp_path / "other-solution.png"))
    assert other and drawn and page.errors == []
    page.click("#why")
    page.wait_for_selector("#why-out [data-which='0']")
    page.click("#why-out [data-which='0']")
    assert page.evaluate("window.studio.which") == 0
    page.context.close()


def test_no_error_badge_while_a_drawing_is_in_progress(browser, url):
    page = start(browser, url)
    drag_path(page, [(0, 0), (0, 1), (0, 2)])
    wait_status(page, "drawing")
    assert "unsolvable" not in page.get_attribute("#verdict", "class")
    page.context.close()


# -- 7. inputs -------------------------------------------------------------------------------
@pytest.mark.parametrize("width", ["0", "2.5", "-3"])
def test_a_size_that_is_no_size_is_said_and_makes_nothing(browser, url, width):
    page = start(browser, url)
    page.fill("#w", width)
    page.click("#new")
    assert "must be a whole number from 1 to 60" in message(page)
    assert page.evaluate("window.studio.model.width") == 5
    page.click("#undo")
    assert page.errors == []
    page.context.close()


def test_a_double_click_in_draw_mode_leaves_no_half_pair(browser, url):
    page = start(browser, url)
    from testbed.studio_server import cell_xy

    page.mouse.dblclick(*cell_xy(page, 1, 1))
    page.wait_for_timeout(300)
    assert page.evaluate("window.studio.model.cells.join('')") == "." * 25
    page.context.close()


def test_fourteen_pairs_on_hexagons_get_fourteen_distinct_colours_none_maroon(browser, url):
    """The palette's 14th colour (maroon) reads as a second red on the dark board: the studio
    hands it out only after the other nineteen."""
    page = start(browser, url)
    page.select_option("#kind", "hex")
    new_board(page, 7, 4)
    labels = "ABCDEFGHIJKLMN"
    type_board(page, [labels[:7], labels[7:], labels[:7], labels[7:]])
    colours = page.evaluate("window.studio.model.colours")
    assert sorted(colours) == sorted(labels)
    assert len(set(colours.values())) == 14 and 13 not in colours.values()
    page.context.close()

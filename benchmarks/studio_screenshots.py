"""Screenshots of each mode of ``satlink studio`` for the README (made again by running this).

A studio is served on a temporary folder holding a small pack (hand-drawn drafts and
generated variant boards), and the system Chromium, driven by Playwright, walks through the
modes: draw mode (a puzzle designed by drawing its paths, one path redrawn so that another
solution exists: it is dashed over the drawing, the cells where they part shaded, and the
fixes that keep the drawing listed), a chain repair half applied, the editor with a
``multiple`` verdict and its differing cells, the why panel of a unique board stepping
through its deductions, a repair proposal previewed, play mode with a hint, the pack view
graded and sorted, the pack as a document (a board duplicated and edited into one that is
not unique, flagged), the other solution of a drawing drawn in full, the one-file player of the
pack opened from ``file://`` and solved with the keys, variant boards (warps, walls, a bridge,
hexagons), a hexagonal board whose bridge three paths cross, and the studio in a window 800
pixels wide.

    python benchmarks/studio_screenshots.py --out docs/studio
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import json
import subprocess
import tempfile

from satlink.generate.params import make_params
from satlink.generate.pipeline import attempt
from satlink.generate.request import ParamsRequest
from testbed.designs import DRAFT as CHAIN_DRAFT
from testbed.designs import DRAWING, REDRAW
from testbed.studio_server import browser, click_cell, drag_path, served, type_board, wait_status

DRAFT = [((0, 0), (2, 0)), ((1, 4), (4, 4)), ((2, 2), (3, 4))]  # multiple under fill
VARIANTS = [dict(size="7x7"), dict(size="6x6", grid="hex"), dict(size="6x6", wrap=True, walls=3),
            dict(size="7x7", bridges=2), dict(size="6x6", holes=4), dict(size="8x8")]
HEX_BRIDGE = {"grid": ["DACB.", "..DF.", "....B", ".EA..", "C..EF"], "rules": "flow",
              "geometry": {"kind": "hex", "bridges": [[1, 1]]}}  # crossed along all three axes


def generated(spec: dict, seed: int) -> dict:
    params = make_params(ParamsRequest(spec["size"], seed=seed, grid=spec.get("grid", "square"),
                                       wrap=spec.get("wrap", False), holes=spec.get("holes", 0),
                                       walls=spec.get("walls", 0), bridges=spec.get("bridges", 0)))
    for number in range(500):
        result = attempt(params, number)
        if result.accepted:
            out = {"grid": result.rows, "rules": "flow"}
            if result.geometry:
                out["geometry"] = result.geometry
            return out
    raise RuntimeError(f"no puzzle for {spec}")


def shoot(page, out: Path, name: str) -> None:
    page.wait_for_timeout(250)
    page.screenshot(path=str(out / f"{name}.png"))
    print("wrote", out / f"{name}.png")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/studio")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="studio-shots-"))
    pack = [generated(spec, seed) for seed, spec in enumerate(VARIANTS, start=1)]
    (folder / "pack.jsonl").write_text("".join(json.dumps(b) + "\n" for b in pack))
    with browser() as chromium, served(folder) as url:
        page = chromium.new_page(viewport={"width": 1180, "height": 760})
        page.on("dialog", lambda d: d.accept())
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']")
        draw_mode(page, out)
        page.click("#which button[data-which='1']")  # the other solution, in full
        shoot(page, out, "other-solution")
        chain_midway(page, out)
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']")
        if page.is_visible("#restore"):  # the drawings above, offered back: not kept here
            page.click("#restore-no")
        # 1. edit: a hand-drawn draft, multiple, why shows the second solution
        page.check("input[name=tool][value=end]")
        page.select_option("#rules", "fill")
        for a, b in DRAFT:
            click_cell(page, *a)
            click_cell(page, *b)
        wait_status(page, "multiple")
        page.click("#why")
        page.wait_for_selector("#why-out [data-which='1']")
        page.click("#why-out [data-which='1']")
        shoot(page, out, "edit-multiple")
        # 2. repair: the proposals, the first previewed
        page.click("#repair")
        page.locator("#proposals li").first.hover()
        shoot(page, out, "repair")
        page.locator("#proposals li").first.click()
        wait_status(page, "unique")
        # 3. play: part of the solution drawn, and a hint
        page.click("#modes [data-mode=play]")
        solution = page.evaluate("window.studio.verdict.solutions[0]")
        first = next(iter(solution.values()))
        drag_path(page, first)
        page.click("#hint")
        page.wait_for_function("document.querySelector('#play-out').textContent.length > 0")
        shoot(page, out, "play")
        # 4. pack view: open the pack, check and grade every board, sort by grade
        page.click("#modes [data-mode=edit]")
        page.fill("#path", "pack.jsonl")
        page.click("#open")
        page.wait_for_function("window.studio.pack && window.studio.pack.current === 0")
        wait_status(page, "unique")
        page.click("#modes [data-mode=pack]")
        page.click("#grade-all")
        page.wait_for_function("document.querySelector('#message').textContent.includes('every board')",
                               timeout=60_000)
        page.click("#sort")
        shoot(page, out, "pack")
        pack_document(page, out)
        # 5. why on a unique board: grade, techniques and a step of the trace
        page.locator("#pack li").nth(3).click()
        wait_status(page, "unique")
        page.click("#why")
        page.wait_for_selector("#why-out [data-step='1']")
        for _ in range(6):
            page.click("#why-out [data-step='1']")
        shoot(page, out, "why-unique")
        # 6. variants: a warp board with walls, and a bridge board played
        for i, name in ((2, "warps"), (3, "bridges"), (1, "hex")):
            page.evaluate(f"location.hash = '#{i + 1}'")
            page.click("#modes [data-mode=edit]")
            page.click("#open")
            page.wait_for_function(f"window.studio.pack.current === {i}")
            wait_status(page, "unique")
            page.click("#modes [data-mode=play]")
            for path in page.evaluate("window.studio.verdict.solutions[0]").values():
                drag_path(page, path)
            page.wait_for_selector("#message.win")
            shoot(page, out, f"play-{name}")
        # 7. a hexagonal board with a bridge, played: three colours cross it, one per axis
        (folder / "hex-bridge.jsonl").write_text(json.dumps(HEX_BRIDGE) + "\n")
        page.click("#modes [data-mode=edit]")
        page.fill("#path", "hex-bridge.jsonl")
        page.click("#open")
        page.wait_for_function("window.studio.model.kind === 'hex' && window.studio.model.bridges.size === 1")
        wait_status(page, "unique")
        page.click("#modes [data-mode=play]")
        for path in page.evaluate("window.studio.verdict.solutions[0]").values():
            drag_path(page, path)
        page.wait_for_selector("#message.win")
        shoot(page, out, "play-hex-bridges")
        # 8. a narrow window: the panels go below the board
        narrow = chromium.new_page(viewport={"width": 800, "height": 1000})
        narrow.goto(url)
        narrow.wait_for_selector("body[data-ready='1']")
        draw_mode(narrow, out, "narrow-800")
        player(chromium, folder, out)


def pack_document(page, out: Path) -> None:
    """The first board duplicated, the copy opened and one pair erased: flagged in the pack."""
    page.click("#pack li[data-position='0'] button[data-act=duplicate]")
    page.locator("#pack li[data-position='1']").click()
    wait_status(page, "unique")
    page.check("input[name=tool][value=erase]")
    ends = page.evaluate("(() => { const c = window.studio.model.cells;"
                         " const l = c.find(x => x !== '.' && x !== '#');"
                         " return c.flatMap((x, i) => x === l ? [i] : []); })()")
    width = page.evaluate("window.studio.model.width")
    for end in ends:
        click_cell(page, end // width, end % width)
    page.wait_for_function("document.querySelector('#verdict').dataset.state === 'done'")
    page.click("#modes [data-mode=pack]")
    shoot(page, out, "pack-document")


def player(chromium, folder: Path, out: Path) -> None:
    """The pack as a one-file player, opened from file:// and its first puzzle solved by keys."""
    from satlink.board import Board
    from satlink.solver.check import check
    from testbed.studio_server import keys_to_draw

    first = json.loads((folder / "pack.jsonl").read_text().splitlines()[0])
    subprocess.run(["satlink", "convert", str(folder / "pack.jsonl"), "--to", "player", "-o",
                    str(folder / "pack.html")], check=True)
    board = Board.from_json(first["grid"], first.get("geometry"))
    page = chromium.new_page(viewport={"width": 900, "height": 760})
    page.goto((folder / "pack.html").as_uri())
    page.wait_for_selector("body[data-ready='1']")
    for key in keys_to_draw(board, check(board, "flow").solutions[0]):
        page.keyboard.press(key)
    shoot(page, out, "player")


def new_board(page, n: int) -> None:
    page.fill("#w", str(n))
    page.fill("#h", str(n))
    page.click("#new")
    page.wait_for_function(f"window.studio.layout && window.studio.layout.cells.length === {n * n}")


def draw_mode(page, out: Path, name: str = "draw") -> None:
    """A 7x7 puzzle drawn path by path, then one path redrawn: another solution, dashed, and
    the fixes that keep the drawing."""
    new_board(page, 7)
    page.select_option("#rules", "fill")
    page.check("input[name=tool][value=draw]")
    for path in DRAWING.values():
        drag_path(page, path)
    wait_status(page, "unique")
    drag_path(page, REDRAW)
    wait_status(page, "multiple")
    page.locator("#proposals li.fix").first.wait_for(timeout=30_000)
    shoot(page, out, name)


def chain_midway(page, out: Path) -> None:
    """An unsolvable draft, its nearest unique board as a chain, the first step applied."""
    new_board(page, 5)
    page.select_option("#rules", "fill")
    page.check("input[name=tool][value=end]")
    type_board(page, CHAIN_DRAFT)
    wait_status(page, "unsolvable")
    page.select_option("#repair-seconds", "10")
    page.click("#nearest")
    first = page.locator("#proposals li.step[data-step='0']")
    first.wait_for(timeout=30_000)
    status = first.get_attribute("data-status")
    first.click()
    wait_status(page, status)
    page.locator("#proposals li.step.next").hover()
    shoot(page, out, "chain")
    page.mouse.move(1, 1)


if __name__ == "__main__":
    main()

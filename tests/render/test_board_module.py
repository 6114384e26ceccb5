"""One drawing module for the validation report and the studio (issue 23: "every geometry is
drawn once"): both pages load satlink/render/board.js, and its layout agrees, point by point,
with satlink/render/layout.py (the SVG and PNG renderers' layout) on every geometry.
Skipped when Playwright or Chromium is missing."""

from __future__ import annotations

import json
from importlib import resources

import pytest

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")

from satlink.geometry import geometry_to_json  # noqa: E402
from satlink.render.colours import hex_colour, text_colour  # noqa: E402
from satlink.render.report import html_report  # noqa: E402
from satlink.studio.boards import LAYOUT_CELL, layout_json  # noqa: E402
from testbed.browser import file_url, missing  # noqa: E402
from testbed.studio_server import served  # noqa: E402
from testbed.variants import solved  # noqa: E402

if missing():
    pytest.skip(missing(), allow_module_level=True)

MODULE = (resources.files("satlink.render") / "board.js").read_text(encoding="utf-8")
# what each page's copy of the module is judged by: every function's source, and the picture
# it draws of one bridge board (so a second drawing of the same name would show)
FINGERPRINT = """() => { const B = window.SatlinkBoard;
  const lay = B.layout({width: 3, height: 3, kind: 'square', wrap: false, plain: false, cell: 30});
  const svg = B.create(lay, {cells: '.A.B.B.A.', walls: [[0, 3]], bridges: [4]},
                       {paths: {A: [1, 4, 7], B: [3, 4, 5]}, diff: new Set([0])});
  return {source: Object.keys(B).sort().map(k => k + ':' + String(B[k])),
          picture: new XMLSerializer().serializeToString(svg)}; }"""


@pytest.fixture(scope="module")
def chromium(browser):
    """The module's Chromium from testbed/browser.py, the one launcher."""
    return browser


def test_the_report_and_the_studio_load_the_same_drawing_module(chromium, tmp_path):
    board, solution = solved("hex")
    record = {"source": "v.jsonl", "index": 1, "status": "multiple", "rules": "flow",
              "width": board.width, "height": board.height, "grid": list(board.rows),
              "geometry": geometry_to_json(board.geometry, board.width),
              "solutions": [solution.to_coords(board)] * 2, "diff_cells": []}
    report = tmp_path / "report.html"
    html = html_report([record])
    report.write_text(html)
    assert MODULE in html  # inlined, as shipped in the package
    page = chromium.new_page()
    page.goto(file_url(report))
    page.wait_for_function("document.documentElement.dataset.ready")
    page.wait_for_function("document.querySelectorAll('#d1 svg').length === 3")
    drawn_by = page.evaluate("Array.from(document.querySelectorAll('#d1 svg'))"
                             ".map(s => s.getAttribute('data-drawn-by'))")
    assert drawn_by == ["satlink-board"] * 3
    in_report = page.evaluate(FINGERPRINT)
    with served(tmp_path) as url:
        studio = chromium.new_page()
        studio.goto(url)
        studio.wait_for_selector("body[data-ready='1']")
        served_text = studio.evaluate("fetch('/static/board.js').then(r => r.text())")
        assert served_text == MODULE
        assert studio.get_attribute("#board", "data-drawn-by") == "satlink-board"
        in_studio = studio.evaluate(FINGERPRINT)
    assert in_report == in_studio
    assert "class=\"over\"" in in_report["picture"] and "class=\"wall\"" in in_report["picture"]


def _close(a, b, tol: float = 0.011) -> bool:
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y, tol) for x, y in zip(a, b, strict=True))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) <= tol
    return a == b


@pytest.mark.parametrize("width,height,kind,wrap", [(4, 3, "square", False), (5, 4, "hex", False),
                                                     (4, 4, "square", True), (1, 3, "hex", False),
                                                     (3, 2, "square", True)])
def test_the_javascript_layout_is_the_python_layout(chromium, width, height, kind, wrap):
    want = layout_json(width, height, kind, wrap)
    page = chromium.new_page()
    page.set_content(f"<script>{MODULE}</script>")
    got = page.evaluate("""([w, h, kind, wrap, cell]) => {
      const lay = window.SatlinkBoard.layout({width: w, height: h, kind, wrap, cell});
      return {px: lay.px, pad: lay.pad, path_width: lay.path_width, cells: lay.cells,
              pairs: lay.pairs, deck: lay.deck}; }""", [width, height, kind, wrap, LAYOUT_CELL])
    assert got["px"] == want["px"] and got["pad"] == want["pad"]
    assert _close(got["path_width"], want["path_width"])
    assert _close(got["deck"], want["deck"])
    assert len(got["cells"]) == len(want["cells"]) == width * height
    for g, w in zip(got["cells"], want["cells"], strict=True):
        assert _close(g["c"], w["c"]) and _close(g["poly"], w["poly"]), (g, w)
    assert [(p["a"], p["b"]) for p in got["pairs"]] == [(p["a"], p["b"]) for p in want["pairs"]]
    for g, w in zip(got["pairs"], want["pairs"], strict=True):
        for key in ("axis", "wrap", "runs", "sides", "tunnels"):
            assert _close(g[key], w[key]), (key, g, w)


def test_the_javascript_colours_are_the_python_colours(chromium):
    page = chromium.new_page()
    page.set_content(f"<script>{MODULE}</script>")
    got = page.evaluate("n => Array.from({length: n}, (_, i) => "
                        "[window.SatlinkBoard.colour(i), window.SatlinkBoard.ink(i)])", 80)
    want = [[hex_colour(i), "#{:02x}{:02x}{:02x}".format(*text_colour(i))] for i in range(80)]
    assert got == want, json.dumps([(i, g, w) for i, (g, w) in enumerate(zip(got, want, strict=True))
                                    if g != w][:5])


def test_a_hexagonal_bridge_is_drawn_as_the_svg_renderer_draws_it(chromium):
    """Two decks (falling, then vertical on top) with their crossings drawn again on them,
    the rising crossing beneath both: the same polygons and lines as satlink/render/svg.py."""
    import xml.etree.ElementTree as ET

    from satlink.render.svg import board_svg

    board, solution = solved("hex-bridge")
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(board_svg(board, solution, cell=LAYOUT_CELL))

    def pairs(text):
        return [[float(v) for v in p.split(",")] for p in text.split()]

    want = {"decks": [pairs(p.get("points")) for p in root.iter(ns + "polygon")
                      if p.get("class") == "bridge"],
            "over": [[float(line.get(k)) for k in ("x1", "y1", "x2", "y2")]
                     for line in root.iter(ns + "line") if line.get("class") == "over"],
            "rails": len([line for line in root.iter(ns + "line")
                          if line.get("class") == "railing"])}
    assert len(want["decks"]) == 2 and len(want["over"]) == 2 and want["rails"] == 4
    page = chromium.new_page()
    page.set_content(f"<script>{MODULE}</script>")
    got = page.evaluate("""([w, h, cells, paths, cell]) => { const B = window.SatlinkBoard;
      const lay = B.layout({width: w, height: h, kind: 'hex', wrap: false, cell});
      const svg = B.create(lay, {cells, walls: [], bridges: [6]}, {paths});
      const num = s => s.split(' ').map(p => p.split(',').map(Number));
      return {decks: Array.from(svg.querySelectorAll('polygon.bridge')).map(
                p => num(p.getAttribute('points'))),
              over: Array.from(svg.querySelectorAll('line.over')).map(
                l => ['x1', 'y1', 'x2', 'y2'].map(k => Number(l.getAttribute(k)))),
              rails: svg.querySelectorAll('line.railing').length}; }""",
                        [board.width, board.height, "".join(board.rows),
                         {k: list(p) for k, p in solution.to_cells(board).items()}, LAYOUT_CELL])
    assert got["rails"] == want["rails"]
    assert _close(got["decks"], want["decks"], 0.06), (got, want)
    assert _close(got["over"], want["over"], 0.06), (got, want)

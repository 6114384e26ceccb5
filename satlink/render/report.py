"""A single self-contained HTML report of a validation run (inline SVG and CSS, no network).

Summary counts per status, a sortable table (click a column header), and for each board the
puzzle and its solution; for ``multiple`` the two solutions side by side with the differing
cells highlighted; for ``solution-mismatch`` the shipped and the unique solution; for
``invalid`` the error with its line and column.  A variant board's record carries its
``geometry`` (see :func:`satlink.geometry.geometry_to_json`), and its pictures show the
hexagons, holes, walls, bridges and warps.
"""

from __future__ import annotations

from collections import Counter
from html import escape

from satlink.board import Board, Solution
from satlink.geometry import geometry_from_json
from satlink.render.svg import board_svg
from satlink.verdict import Status

STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5em;background:#fafafa;color:#222}
table{border-collapse:collapse;margin:1em 0}
th,td{padding:.25em .6em;border-bottom:1px solid #ddd;text-align:left}
th{cursor:pointer;background:#eee;user-select:none}th:hover{background:#ddd}
.status{font-weight:600}.unique{color:#1a7f37}.multiple,.solution-mismatch{color:#b35900}
.unsolvable,.invalid,.error{color:#c62828}.timeout,.duplicate-of{color:#6a5acd}
.board-detail{margin:1.2em 0;padding:.8em;background:#fff;border:1px solid #ddd;border-radius:6px}
.pics{display:flex;gap:1.5em;flex-wrap:wrap}.pics figure{margin:0}figcaption{font-size:.85em;color:#555}
.summary span{display:inline-block;margin-right:1em}pre{white-space:pre-wrap}
"""

SORT_SCRIPT = """
document.querySelectorAll('th').forEach(function(th, column){
  th.addEventListener('click', function(){
    var body = th.closest('table').tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var asc = th.dataset.asc !== '1'; th.dataset.asc = asc ? '1' : '0';
    rows.sort(function(a, b){
      var x = a.cells[column].dataset.v || a.cells[column].textContent;
      var y = b.cells[column].dataset.v || b.cells[column].textContent;
      var nx = parseFloat(x), ny = parseFloat(y);
      var d = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
      return asc ? d : -d;
    });
    rows.forEach(function(r){ body.appendChild(r); });
  });
});
"""


def _pictures(record: dict) -> str:
    rows = record.get("grid")
    if not rows:
        return ""
    board = Board(tuple(rows), geometry_from_json(record.get("geometry"), len(rows[0]), len(rows)))
    solutions = [Solution.from_coords(board, s) for s in record.get("solutions", [])]
    diff = {board.cell_at(r, c) for r, c in record.get("diff_cells", [])}
    figures = [("puzzle", board_svg(board))]
    if record["status"] == Status.MULTIPLE and len(solutions) >= 2:
        figures += [("solution 1", board_svg(board, solutions[0], diff)),
                    ("solution 2 (differences highlighted)", board_svg(board, solutions[1], diff))]
    elif record["status"] == Status.MISMATCH and record.get("shipped_solution"):
        shipped = Solution.from_coords(board, record["shipped_solution"])
        figures.append(("shipped solution", board_svg(board, shipped, diff)))
        if solutions:
            figures.append(("unique solution", board_svg(board, solutions[0], diff)))
    elif solutions:
        figures.append(("solution", board_svg(board, solutions[0])))
    return "<div class='pics'>" + "".join(
        f"<figure>{svg}<figcaption>{escape(caption)}</figcaption></figure>" for caption, svg in figures
    ) + "</div>"


def _detail(number: int, record: dict) -> str:
    status = record["status"]
    parts = [f"<section class='board-detail' id='b{number}'>",
             f"<h3>#{number} {escape(str(record['source']))} board {record['index']} — "
             f"<span class='status {status}'>{escape(status)}</span></h3>"]
    error = record.get("error")
    if error:
        where = ", ".join(f"{k} {error[k]}" for k in ("board", "line", "column") if error.get(k))
        parts.append(f"<pre>{escape(where)}: {escape(error.get('message', ''))}</pre>")
    if record.get("duplicate_of"):
        d = record["duplicate_of"]
        parts.append(f"<p>Same puzzle (up to rotation, reflection and relabelling) as "
                     f"{escape(str(d['source']))} board {d['index']}.</p>")
    for problem in record.get("mismatch", []):
        parts.append(f"<p>Shipped solution: {escape(problem)}</p>")
    parts.append(_pictures(record))
    parts.append("</section>")
    return "".join(parts)


def html_report(records: list[dict], title: str = "satlink validation report") -> str:
    counts = Counter(r["status"] for r in records)
    summary = "".join(f"<span class='status {escape(s)}'>{escape(s)}: {n}</span>"
                      for s, n in sorted(counts.items()))
    head = ("<tr><th>#</th><th>source</th><th>board</th><th>size</th><th>rules</th>"
            "<th>status</th><th>colours</th><th>difficulty</th><th>seconds</th></tr>")
    rows = []
    for number, r in enumerate(records, start=1):
        stats = r.get("quality") or {}
        size = f"{r['width']}x{r['height']}" if r.get("width") else "-"
        rows.append(
            f"<tr class='row'><td data-v='{number}'>{number}</td><td>{escape(str(r['source']))}</td>"
            f"<td>{r['index']}</td><td data-v='{(r.get('width') or 0) * (r.get('height') or 0)}'>{size}</td>"
            f"<td>{escape(r.get('rules', ''))}</td>"
            f"<td class='status {escape(r['status'])}'><a href='#b{number}'>{escape(r['status'])}</a></td>"
            f"<td>{stats.get('colours', r.get('labels', '-'))}</td><td>{stats.get('difficulty', '-')}</td>"
            f"<td>{r.get('seconds', 0):.3f}</td></tr>")
    details = "".join(_detail(n, r) for n, r in enumerate(records, start=1))
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{escape(title)}</title>"
            f"<style>{STYLE}</style></head><body><h1>{escape(title)}</h1>"
            f"<p class='summary'>{len(records)} boards: {summary}</p>"
            f"<table id='boards'><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>"
            f"{details}<script>{SORT_SCRIPT}</script></body></html>")

"""The HTML report of a validation run: one self-contained file (no network) that opens fast
for packs of tens of thousands of boards.

The boards are not drawn here.  Each record becomes one compact row of a JSON array embedded
once in the page (a few hundred bytes for a 10x10 board): its pack, index, status, size, the
grid as one string, the solutions as path strings (:mod:`satlink.render.report_codes`) and, for the rare
records that need them, the extras (geometry, differing cells, the error and the text it was
found in, the original of a duplicate).  ``report.js`` draws a board as SVG in the browser
only when it is shown: problem boards as they scroll into view, the others when their row is
clicked, with ``board.js``, the one drawing module the studio uses too (inlined before
``report.js``): hexagonal boards are offset columns of hexagons and square variants show
holes, walls, bridges and warps, laid out as :mod:`satlink.render.layout` lays them out.

The page puts problems first (multiple, unsolvable, invalid, solution-mismatch, timeout,
error, duplicate-of), then the rest in file order; a summary table per pack (counts per
status, size range, spreads of the solver effort and of the human grade) is plain HTML;
filters (status, pack, size), a search (source or index) and the sort order live in the
URL's hash, so a filtered view can be linked to and reloaded
(``report.html#status=multiple&pack=levels.txt``).  Each board links to ``satlink studio
PACK#N`` and, where puzz.link can show it, to puzz.link, warned where its rules differ
(:mod:`satlink.render.report_links`).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from html import escape
from importlib import resources
from pathlib import Path
from statistics import median

from satlink.formats.excerpt import Excerpts
from satlink.geometry import PLAIN
from satlink.grading import BANDS
from satlink.records import upgrade
from satlink.render.report_codes import compact_geometry, solution_code
from satlink.render.report_links import links_data
from satlink.render.values import grid_of, number, whole
from satlink.solver.verdict import PROBLEMS, Status

ORDER = [str(s) for s in PROBLEMS] + [str(Status.UNIQUE), str(Status.SOLVED)]
"""Statuses in the order the report lists them: problems first, most serious first."""


def _asset(name: str) -> str:
    return (resources.files("satlink.render") / name).read_text(encoding="utf-8")


class _Sources:
    """Pack names: each full path once, shown by its shortest unambiguous tail."""

    def __init__(self, records: list[dict]):
        self.paths = list(dict.fromkeys(str(r.get("source", "")) for r in records))
        self.index = {path: i for i, path in enumerate(self.paths)}
        self.short = _short_names(self.paths)


def _short_names(paths: list[str]) -> list[str]:
    parts = [Path(p).parts or (p,) for p in paths]
    depth = [1] * len(paths)
    while True:
        names = ["/".join(pp[-d:]) for pp, d in zip(parts, depth, strict=True)]
        seen = Counter(names)
        clash = [i for i, name in enumerate(names) if seen[name] > 1 and depth[i] < len(parts[i])]
        if not clash:
            return names
        for i in clash:
            depth[i] += 1


def _proposal(proposal: dict, width: int, height: int) -> list:
    """A repair proposal as the page draws it: ``[description, grid, compact geometry or 0,
    solution code]`` (an edit never changes the board's size)."""
    geometry, compact = compact_geometry(proposal, width, height)
    solution = proposal.get("solution")
    code = (solution_code(solution, width, height, geometry or PLAIN)
            if isinstance(solution, dict) else "")
    return [str(proposal.get("description", "")), "".join(proposal["grid"]), compact or 0, code]


def report_data(records: list[dict], read_sources: bool = True) -> dict:
    """The page's data: statuses, rule lists and pack names once, then one row per record
    ``[pack, index, status, width, height, grid, rules, colours, effort, grade, seconds,
    solutions, extras]`` (trailing empty fields left out; ``effort``: the solver effort;
    ``grade``: the human grade's ``[score, band]``, the band an index into ``bands``), records
    of earlier versions read as this one's.  ``read_sources``: draw invalid boards from their
    files (the paths in the records), as far as they could be read.  ``studio`` and ``pz``:
    per pack and per rule list, what the boards link to (:mod:`satlink.render.report_links`)."""
    statuses = list(ORDER)
    for record in records:
        if str(record.get("status")) not in statuses:
            statuses.append(str(record.get("status")))
    status_index = {s: i for i, s in enumerate(statuses)}
    sources = _Sources(records)
    rules: dict[str, int] = {}
    position = {(str(r.get("source")), r.get("index")): n for n, r in enumerate(records, start=1)}
    excerpts = Excerpts() if read_sources else None
    bands = list(BANDS)
    rows = []
    for record in map(upgrade, records):
        width, height = whole(record.get("width")) or 0, whole(record.get("height")) or 0
        grid = grid_of(record.get("grid"), width, height)
        geometry, compact = compact_geometry(record, width, height) if grid else (None, None)
        geometry = geometry or PLAIN
        quality = record.get("quality") or {}
        status = str(record.get("status"))
        solutions = record.get("solutions") or []
        if status == Status.MISMATCH and record.get("shipped_solution"):
            solutions = [record["shipped_solution"], *solutions[:1]]
        elif status != Status.MULTIPLE:
            solutions = solutions[:1]
        extra: dict = {}
        if compact:
            extra["g"] = compact
        if record.get("diff_cells") and width:
            extra["d"] = [r * width + c for r, c in record["diff_cells"]]
        if whole(record.get("count")) is not None:
            extra["c"] = record["count"]
            if not record.get("count_complete"):
                extra["c+"] = 1
        if record.get("timed_out"):
            extra["t"] = 1
        original = record.get("duplicate_of")
        if isinstance(original, dict):
            key = (str(original.get("source")), original.get("index"))
            extra["dup"] = whole(position.get(key)) or 0
            name = (sources.short[sources.index[key[0]]] if key[0] in sources.index
                    else Path(key[0]).name)
            extra["dupname"] = f"{name} board {key[1]}"
        if record.get("mismatch"):
            extra["m"] = [str(m) for m in record["mismatch"]]
        if record.get("repairs") and width:
            extra["rp"] = [_proposal(p, width, height) for p in record["repairs"]
                           if isinstance(p, dict) and grid_of(p.get("grid"), width, height)]
        error = record.get("error")
        if isinstance(error, dict):
            extra["e"] = {k: v for k, v in (("message", str(error.get("message") or "")),
                                            *((k, whole(error.get(k))) for k in
                                              ("line", "column", "grid_row", "grid_column")))
                          if v}
            if error.get("traceback"):
                extra["e"]["traceback"] = str(error["traceback"])[-2000:]
            if status == Status.INVALID and excerpts is not None \
                    and error.get("source") == record.get("source"):  # the pack, no other file
                shown = excerpts.of(error)
                if shown:
                    extra["x"] = shown
        row = [sources.index[str(record.get("source", ""))], whole(record.get("index")),
               status_index[status], width, height, "".join(grid),
               rules.setdefault(str(record.get("rules", "")), len(rules)),
               whole(quality.get("colours", record.get("labels"))), number(quality.get("effort")),
               _grade(quality.get("grade"), bands), number(record.get("seconds")),
               [solution_code(s, width, height, geometry) for s in solutions if isinstance(s, dict)],
               extra]
        while row and row[-1] in (None, [], {}, ""):
            row.pop()
        rows.append(row)
    return {"statuses": statuses, "problems": len(PROBLEMS), "rules": list(rules),
            "sources": sources.short, "paths": sources.paths, "bands": bands, "rows": rows,
            **links_data(sources.paths, list(rules))}


def _grade(graded, bands: list[str]) -> list | None:
    """The human grade as ``[score, band index]`` (None when the record has none)."""
    if not isinstance(graded, dict) or graded.get("band") not in bands:
        return None
    score = number(graded.get("score"))
    return None if score is None else [score, bands.index(graded["band"])]


# -- the page -------------------------------------------------------------------------------------

def _summary_table(records: list[dict], data: dict) -> str:
    """Per pack: boards, counts per status (problems first), sizes, the spreads of the solver
    effort and of the human grade's score."""
    present = [s for s in data["statuses"] if any(str(r.get("status")) == s for r in records)]
    by_pack: dict[int, list[dict]] = defaultdict(list)
    for record, row in zip(records, data["rows"], strict=True):
        by_pack[row[0]].append(record)
    head = "".join(f"<th class='st {escape(s)}'>{escape(s)}</th>" for s in present)
    lines = [f"<table id='packs'><thead><tr><th>pack</th><th>boards</th>{head}<th>sizes</th>"
             "<th>solver effort min · median · max</th><th>human grade min · median · max</th>"
             "<th>seconds</th></tr></thead><tbody>"]
    groups = [(data["sources"][i], data["paths"][i], by_pack[i]) for i in sorted(by_pack)]
    if len(groups) > 1:
        groups.append(("all packs", "", records))
    for name, path, group in groups:
        counts = Counter(str(r.get("status")) for r in group)
        cells = "".join(f"<td class='n'>{counts[s] or ''}</td>" for s in present)
        sizes = sorted({(whole(r.get("width")), whole(r.get("height")) or 0) for r in group
                        if whole(r.get("width"))}, key=lambda s: (s[0] * s[1], s))
        size = (f"{sizes[0][0]}x{sizes[0][1]}" + (f" – {sizes[-1][0]}x{sizes[-1][1]}"
                                                  f" ({len(sizes)} sizes)" if len(sizes) > 1 else "")
                if sizes else "–")
        qualities = [r.get("quality") or {} for r in group]
        effort = _spread(q.get("effort") for q in qualities)
        grade = _spread((q.get("grade") or {}).get("score") for q in qualities)
        seconds = sum(number(r.get("seconds")) or 0 for r in group)
        pack = (f"<td title='{escape(path)}'>{escape(name)}</td>" if path
                else f"<td><b>{escape(name)}</b></td>")
        lines.append(f"<tr>{pack}<td class='n'>{len(group)}</td>{cells}<td>{size}</td>"
                     f"<td>{effort}</td><td>{grade}</td><td class='n'>{seconds:.1f}</td></tr>")
    lines.append("</tbody></table>")
    return "".join(lines)


def _spread(values) -> str:
    """``min · median · max`` of the numbers among ``values``, or ``–``."""
    numbers = sorted(v for v in values if number(v) is not None)
    return f"{numbers[0]:.3g} · {median(numbers):.3g} · {numbers[-1]:.3g}" if numbers else "–"


def html_report(records: list[dict], title: str = "satlink validation report",
                read_sources: bool = True) -> str:
    """The whole page; see the module docstring.  ``read_sources``: draw invalid boards from
    the files named in their records (when they can still be read)."""
    records = [upgrade(r) for r in records]
    data = report_data(records, read_sources)
    counts = Counter(str(r.get("status")) for r in records)
    problems = sum(n for s, n in counts.items() if s in ORDER[:len(PROBLEMS)])
    chips = "".join(f"<a class='chip st {escape(s)}' href='#status={escape(s)}'>{escape(s)} "
                    f"<b>{counts[s]}</b></a>" for s in data["statuses"] if counts.get(s))
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    verdict = (f"<b class='bad'>{problems} need attention</b>" if problems
               else "<b class='good'>nothing needs attention</b>")
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{escape(title)}</title><style>{_asset('report.css')}</style></head><body>"
        f"<h1>{escape(title)}</h1>"
        f"<p class='summary'>{len(records)} boards, {verdict}: <a class='chip' href='#'>all</a>"
        f"<a class='chip' href='#status=problems'>problems <b>{problems}</b></a>{chips}</p>"
        f"{_summary_table(records, data)}"
        "<form id='filters' onsubmit='return false'>"
        "<label>status <select id='f-status'></select></label>"
        "<label>pack <select id='f-pack'></select></label>"
        "<label>size <select id='f-size'></select></label>"
        "<label>search <input id='f-q' type='search' placeholder='source, index, source:index'>"
        "</label><button type='button' id='f-clear'>clear</button></form>"
        "<p id='shown'></p>"
        "<table id='boards'><thead><tr><th data-k='n'>#</th><th data-k='pack'>pack</th>"
        "<th data-k='index'>board</th><th data-k='size'>size</th><th data-k='rules'>rules</th>"
        "<th data-k='status'>status</th><th data-k='colours'>colours</th>"
        "<th data-k='effort' title='SAT decisions and conflicts per open cell of the uniqueness "
        "proof'>solver effort</th><th data-k='grade' title='the techniques a person needs: "
        "band and score (0 to 9)'>human grade</th><th data-k='seconds'>seconds</th>"
        "<th title='the studio (a command to copy); puzz.link'>open</th>"
        "</tr></thead><tbody></tbody></table><p id='more'></p>"
        "<noscript><p>The boards are drawn by the page's script; enable JavaScript to see "
        "them.</p></noscript>"
        f"<script type='application/json' id='satlink-data'>{payload}</script>"
        f"<script>{_asset('board.js')}</script><script>{_asset('report.js')}</script></body></html>")


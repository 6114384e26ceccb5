"""The validation report draws only numbers where it draws numbers and escapes every value
it writes as HTML."""

from __future__ import annotations


def test_the_report_takes_only_numbers_where_it_draws_numbers() -> None:
    """What reaches the page's number columns is a number or nothing, whatever the record."""
    from satlink.render.report import html_report, report_data

    hostile = "<img src=x onerror=alert(1)>"
    record = {"source": "p.txt", "index": 1, "status": "multiple", "width": hostile, "height": 1,
              "grid": ["A.A"], "quality": {"colours": hostile, "difficulty": hostile},
              "count": hostile, "seconds": float("nan"), "labels": hostile,
              "error": {"message": hostile, "line": hostile, "column": hostile}}
    (row,) = report_data([record], read_sources=False)["rows"]
    assert row[3:5] == [0, 1] and row[5] == "" and row[7] is None and row[8] is None
    assert row[9] is None and "c" not in row[-1] and row[-1]["e"] == {"message": hostile}
    page = html_report([record])
    assert hostile not in page  # the message is data, never markup: '<' is escaped as \u003c


def test_the_report_escapes_every_value_it_writes_as_html() -> None:
    """report.js: numbers from the data are escaped too (defence in depth)."""
    from importlib import resources

    script = (resources.files("satlink.render") / "report.js").read_text()
    for raw in ("(row[COL] == null ? '–' : row[COL])", "row[SEC].toFixed(3))",
                "return k + ' ' + x.e[k];", "notes.push(x.c +", "var status = st +",
                "row[W] + 'x' + row[H]"):
        assert raw not in script, raw

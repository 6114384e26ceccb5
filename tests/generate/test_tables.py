"""The data files the generator reads (satlink/data/*.json): every entry names a source that
says how to run it again, and the tables read from them have the shapes the code expects."""

from __future__ import annotations

import json

import pytest

from satlink.bench import datafiles
from satlink.generate import bands, colours, reach
from satlink.generate.tables import table
from satlink.generate.targets import ORDER

PROVENANCE = ("command", "commit", "date", "corpus")


def named_sources(value) -> list[str]:
    if isinstance(value, dict):
        own = [value["source"]] if "source" in value else []
        return own + [s for k, v in value.items() if k != "sources" for s in named_sources(v)]
    if isinstance(value, list):
        return [s for v in value for s in named_sources(v)]
    return []


@pytest.mark.parametrize("name", ["reach", "published"])
def test_every_entry_names_a_source_with_its_provenance(name):
    data = table(name)
    named = named_sources(data)
    assert named and set(named) == set(data["sources"])
    for source in data["sources"].values():
        assert all(source[k] for k in PROVENANCE)


def test_reach_rises_with_the_side_and_reads_as_tuples():
    sides = [side for side, _, _ in reach.REACH]
    assert sides == sorted(sides) and all(set(b) <= set(ORDER) for _, b, _ in reach.REACH)
    assert reach.VARIANT_REACH["hex"][(5, 5)][0] == ORDER
    assert set(reach.VARIANT_REACH) < set(reach.VARIANTS)


def test_published_figures_are_shares_and_counts():
    assert all(abs(sum(shares) - 1) < 1e-9 for _, shares in bands._bands_by_side())
    assert all(0 < c < 1 for _, _, c in bands._opening_by_side())
    assert all(a <= m <= b for _, a, m, b in colours._colours_by_side())


def test_a_run_replaces_its_sizes_and_drops_sources_no_entry_names(tmp_path, monkeypatch):
    monkeypatch.setattr(datafiles, "DATA", tmp_path)
    old = {"sources": {"old": {}, "kept": {}},
           "rows": [{"side": 5, "x": 1, "source": "old"}, {"side": 9, "x": 2, "source": "kept"}]}
    (tmp_path / "t.json").write_text(json.dumps(old))
    data = datafiles.read("t")
    key = datafiles.add_source(data, "a corpus")
    datafiles.replace_entries(data["rows"], "side", [{"side": 5, "x": 3, "source": key},
                                                     {"side": 7, "x": 4, "source": key}])
    datafiles.write("t", data)
    written = json.loads((tmp_path / "t.json").read_text())
    assert [(r["side"], r["x"]) for r in written["rows"]] == [(5, 3), (7, 4), (9, 2)]
    assert set(written["sources"]) == {"kept", key}
    assert written["sources"][key]["corpus"] == "a corpus"
    assert datafiles.add_source(written, "again") != key  # a second run keeps its own record

"""The studio's API under random JSON bodies (hypothesis): every endpoint answers every body with
a plain answer or a 4xx naming what was wrong, never a 500, and keeps answering.

Bodies are drawn two ways: any JSON value, and objects with each endpoint's own keys holding
values of every kind (boards of random rows and geometries, paths, rules, numbers at their
edges, file names inside and outside the folder served)."""

from __future__ import annotations

import json
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
hypothesis = pytest.importorskip("hypothesis")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2, which is not installed; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from satlink.studio import Limits, create_app  # noqa: E402
from satlink.studio.safety import ServeOptions  # noqa: E402
from testbed.studio_server import token_of  # noqa: E402
from tests.support.size import sized  # noqa: E402

ENDPOINTS = ("check", "explain", "hint", "referee", "repair", "generate", "complete", "save",
             "export", "open", "grade", "fix", "progress")
KEYS = ("board", "rules", "paths", "channel", "seq", "chain", "seconds", "width", "height", "kind", "wrap",
        "colours", "grade", "seed", "holes", "walls", "bridges", "boards", "path", "format",
        "catalogue", "overwrite", "version", "version_of")

scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**40, 2**40),
                    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12)
rows = st.lists(st.text(alphabet="AB.#C1", min_size=1, max_size=5), min_size=1, max_size=5)
cells = st.lists(st.integers(-1, 5), min_size=2, max_size=2)
geometry = st.fixed_dictionaries({}, optional={
    "kind": st.sampled_from(["square", "hex", "tri", 3]), "wrap": st.one_of(st.booleans(), values),
    "walls": st.lists(st.lists(cells, max_size=2), max_size=2),
    "bridges": st.lists(cells, max_size=2)})
VALID = [{"grid": ["A.A"]}, {"grid": ["AB", "AB"]}, {"grid": ["A.B", "...", "B.A"]},
         {"grid": ["A.", "..", ".A"], "geometry": {"kind": "hex"}},
         {"grid": [".A.", "B.B", ".A."], "geometry": {"bridges": [[1, 1]]}},
         {"grid": ["A..", "...", "..A"], "geometry": {"wrap": True}}]
boards = st.one_of(st.sampled_from(VALID),
                   st.fixed_dictionaries({"grid": rows}, optional={"geometry": geometry}))
paths = st.dictionaries(st.sampled_from(["A", "B", "C", "Z"]),
                        st.lists(st.one_of(cells, cells, values), max_size=4), max_size=3)
field_values = {
    "board": st.one_of(boards, values), "rules": st.one_of(
        st.sampled_from(["flow", "fill", "nikoli", "fill,notouch", "bogus"]), values),
    "paths": st.one_of(paths, values),
    "boards": st.one_of(st.lists(st.fixed_dictionaries({"board": boards}, optional={
        "rules": st.sampled_from(["flow", "x"]), "solution": paths}), max_size=3), values),
    "path": st.one_of(st.sampled_from(["p.txt", "p.jsonl", "c.db", "../out.txt", "/etc/passwd",
                                       "sub/x.flow", "", "a\x00b"]), values),
    "width": st.one_of(st.integers(-3, 9), values), "height": st.one_of(st.integers(-3, 9), values),
    "seconds": st.one_of(st.floats(allow_nan=True, allow_infinity=True), values),
}
bodies = st.one_of(values, st.fixed_dictionaries({}, optional={
    key: field_values.get(key, values) for key in KEYS}))


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz")
    (root / "p.txt").write_text("A.A\n")
    app = create_app(Limits(max_cells=36, timeout=0.5), root=root, serving=ServeOptions(max_body=100_000))
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False,
                    headers=token_of(app)) as c:
        yield c


@settings(max_examples=sized(100, 400), deadline=None, suppress_health_check=list(HealthCheck))
@given(endpoint=st.sampled_from(ENDPOINTS), body=bodies)
def test_no_body_is_an_internal_error(client, endpoint, body):
    text = json.dumps(body, allow_nan=True)  # Python's reader takes NaN and Infinity too
    answer = client.post(f"/api/{endpoint}", content=text.encode(),
                         headers={"content-type": "application/json"})
    assert answer.status_code != 500, (endpoint, text, answer.text)
    assert answer.status_code in (200, 400, 403, 404, 409, 413, 415, 429, 503, 504), answer.text
    assert isinstance(answer.json(), dict)

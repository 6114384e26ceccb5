"""The clause and variable counts in encodings/binary-edge.md, recomputed from the board."""

from __future__ import annotations

from math import comb

import pytest

from satlink import Board, parse_rules
from satlink.cnf import encode

BOARDS = [
    ["A..B", ".#..", "A..B"],
    ["ABC.D", ".....", "..#..", "E...E", "ABCD."],
    ["a" + "." * 8 + "b", "." * 10, "c" + "." * 8 + "c", "#" * 3 + "." * 7, "a" + "." * 8 + "b"],
    [".....", "....."],  # no labels at all
]
PROFILES = ["flow", "fill", "nikoli", "notouch", "no2x2", "fill,no2x2"]


def expected_counts(board: Board, profile: str) -> tuple[dict[str, int], int]:
    rules = parse_rules(profile)
    L = len(board.labels)
    k = max(1, (L - 1).bit_length()) if L else 0
    opened = board.open_cells()
    endpoints = {c for pair in board.endpoints.values() for c in pair}
    plain = [c for c in opened if c not in endpoints]
    deg = {c: len(board.neighbors(c)) for c in opened}
    E = len(board.edges)
    counts: dict[str, int] = {}
    counts["degree"] = sum(1 + comb(deg[c], 2) for c in endpoints)
    if rules.fill:
        counts["degree"] += sum(comb(deg[c], 3) + deg[c] if deg[c] >= 2 else (2 if deg[c] == 1 else 1)
                                for c in plain)
    else:
        counts["degree"] += sum(comb(deg[c], 3) + deg[c] for c in plain)
        counts["used"] = sum(deg[c] for c in plain)
    counts["colour-endpoint"] = 2 * L * k
    counts["colour-edge"] = 2 * k * E
    z = 0 if L == 1 << k else sum(1 for i in range(k) if not (L - 1) >> i & 1)
    counts["colour-range"] = z * len(plain)
    differ_edges: set[tuple[int, int]] = set()
    if rules.notouch:
        star = [e for e in board.edges
                if not (board.label_at(e[0]) and board.label_at(e[1])
                        and board.label_at(e[0]) != board.label_at(e[1]))]
        counts["notouch"] = len(star)
        differ_edges |= set(star)
    elif rules.no2x2:
        w = board.width
        blocks = 0
        for r in range(board.height - 1):
            for c in range(w - 1):
                a = r * w + c
                if not any(board.is_solid(x) for x in (a, a + 1, a + w, a + w + 1)):
                    blocks += 1
                    differ_edges |= {(a, a + 1), (a, a + w), (a + 1, a + w + 1)}
        counts["no2x2"] = blocks
    counts["differ"] = 2 * k * len(differ_edges)
    if rules.fill and rules.notouch:
        counts["corner"] = 2 * sum(1 for x in plain for d1, d2 in _corners(board, x))
    variables = E + k * len(opened) + (0 if rules.fill else len(plain)) + k * len(differ_edges)
    return {f: n for f, n in counts.items() if n}, variables


def _corners(board: Board, x: int):
    r, c = board.coord(x)
    for (dr1, dc1), (dr2, dc2) in (((0, -1), (1, 0)), ((0, 1), (1, 0)), ((-1, 0), (0, 1)),
                                   ((-1, 0), (0, -1))):
        n1, n2 = board.cell_at(r + dr1, c + dc1), board.cell_at(r + dr2, c + dc2)
        d = board.cell_at(r + dr1 + dr2, c + dc1 + dc2)
        if None in (n1, n2, d) or any(board.is_solid(y) for y in (n1, n2, d)):
            continue
        if board.label_at(d) is None:
            yield n1, n2


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("rows", BOARDS)
def test_counts_match_the_document(rows: list[str], profile: str) -> None:
    board = Board.from_rows(rows)
    encoding = encode(board, parse_rules(profile))
    counts, variables = expected_counts(board, profile)
    assert {f: n for f, n in encoding.clauses.counts.items() if n} == counts
    assert encoding.n_vars == variables


@pytest.mark.parametrize("profile", ["flow", "nikoli", "no2x2"])
def test_every_variable_has_a_name(profile: str) -> None:
    """Decoding and DIMACS headers depend on naming each variable back."""
    board = Board.from_rows(BOARDS[1])
    encoding = encode(board, parse_rules(profile))
    vs = encoding.variables
    names = [vs.name(v) for v in range(1, encoding.n_vars + 1)]
    assert names[: len(board.edges)] == [("edge", a, b) for a, b in board.edges]
    for (a, b), var in vs.edge_var.items():
        assert vs.name(var) == ("edge", a, b)
    for cell in board.open_cells():
        assert [vs.name(v) for v in vs.bits[cell]] == [("bit", cell, i) for i in range(vs.code_bits)]
    families = {n[0] for n in names}
    assert families <= {"edge", "bit", "used", "differ"}

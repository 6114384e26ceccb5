"""The clause and variable counts in ``encodings/*.md``, recomputed from the board.

Each formula below is the one its document gives, in the document's notation (E edges, L
labels, k code bits, P plain cells, T endpoints, deg(c), B open 2x2 blocks, ...).  If an
encoding changes without its document, these tests fail.
"""

from __future__ import annotations

from math import comb

import pytest

from satlink import Board, parse_rules
from satlink.cnf import ENCODING_KINDS
from satlink.cnf.acyclic import rank_bits
from satlink.cnf.colour import DIRECT_CODE_BITS
from satlink.solver.encode import encode
from satlink.solver.method import Method

BOARDS = [
    ["A..B", ".#..", "A..B"],
    ["ABC.D", ".....", "..#..", "E...E", "ABCD."],
    ["a" + "." * 8 + "b", "." * 10, "c" + "." * 8 + "c", "#" * 3 + "." * 7, "a" + "." * 8 + "b"],
    [".....", "....."],  # no labels at all
    ["AB", "BA"],  # sinks next to sources
]
PROFILES = ["flow", "fill", "nikoli", "notouch", "no2x2", "fill,no2x2"]


class Quantities:
    """The board quantities the documents' formulas are written in."""

    def __init__(self, board: Board):
        self.board = board
        self.L = len(board.labels)
        self.k = max(1, (self.L - 1).bit_length()) if self.L else 0
        self.opened = board.open_cells()
        self.T = [c for pair in board.endpoints.values() for c in pair]
        self.P = [c for c in self.opened if c not in set(self.T)]
        self.deg = {c: len(board.neighbors(c)) for c in self.opened}
        self.E = len(board.edges)
        self.N = [e for e in board.edges
                  if not (board.label_at(e[0]) and board.label_at(e[1])
                          and board.label_at(e[0]) != board.label_at(e[1]))]
        w = board.width
        self.blocks = []
        for r in range(board.height - 1):
            for c in range(w - 1):
                a = r * w + c
                if not any(board.is_solid(x) for x in (a, a + 1, a + w, a + w + 1)):
                    self.blocks.append((a, a + 1, a + w + 1, a + w))
        self.B = len(self.blocks)


def degree_counts(q: Quantities, fill: bool) -> dict[str, int]:
    counts = {"degree": sum(1 + comb(q.deg[c], 2) for c in q.T)}
    if fill:
        counts["degree"] += sum(comb(q.deg[c], 3) + q.deg[c] if q.deg[c] >= 2
                                else (2 if q.deg[c] == 1 else 1) for c in q.P)
    else:
        counts["degree"] += sum(comb(q.deg[c], 3) + q.deg[c] for c in q.P)
    return counts


def differ_pairs(q: Quantities, rules) -> set[tuple[int, int]]:
    if rules.notouch:
        return set(q.N)
    if rules.no2x2:
        return {(min(p, r), max(p, r)) for blk in q.blocks for p, r in zip(blk, blk[1:], strict=False)}
    return set()


def colour_and_rules(q: Quantities, rules, onehot: bool) -> tuple[dict[str, int], int]:
    """Colour, notouch and no2x2 families, and their variables."""
    L, k = q.L, q.k
    counts: dict[str, int] = {}
    if onehot:
        if L:
            counts["colour-endpoint"] = 2 * L * L
            counts["colour-one"] = len(q.P) * (1 + comb(L, 2))
            counts["colour-edge"] = 2 * L * q.E
        if rules.notouch:
            counts["notouch"] = L * len(q.N)
        elif rules.no2x2:
            counts["no2x2"] = L * q.B
        return counts, L * len(q.opened)
    counts["colour-endpoint"] = 2 * L * k
    counts["colour-edge"] = 2 * k * q.E
    z = 0 if L == 1 << k else sum(1 for i in range(k) if not (L - 1) >> i & 1)
    counts["colour-range"] = z * len(q.P)
    if k <= DIRECT_CODE_BITS and rules.notouch:  # "codes differ": a clause per possible code
        counts["notouch"] = (1 << k) * len(q.N)
        return counts, k * len(q.opened)
    d = differ_pairs(q, rules)
    counts["differ"] = 2 * k * len(d)
    if rules.notouch:
        counts["notouch"] = len(q.N)
    elif rules.no2x2:
        counts["no2x2"] = q.B
    return counts, k * len(q.opened) + k * len(d)


def shape_pieces(q: Quantities, cell: int, fill: bool) -> int:
    if cell in q.T:
        return q.deg[cell]
    return comb(q.deg[cell], 2) + (0 if fill else 1)


def acyclic_counts(q: Quantities) -> tuple[dict[str, int], int]:
    R = rank_bits(len(q.opened))
    sources = {p[0] for p in q.board.endpoints.values()}
    sinks = {p[1] for p in q.board.endpoints.values()}
    sink_to_source = sum(1 for t in sinks for s in q.board.neighbors(t) if s in sources)
    arcs = 2 * q.E - sum(q.deg[c] for c in q.T) + sink_to_source
    counts = {
        "arc-edge": 4 * q.E,
        "arc-endpoint": sum(q.deg[c] for c in q.T),
        "arc-enter": len(q.P),
        "rank-source": q.L * R,
        "rank-carry": 3 * max(0, R - 2) * (len(q.opened) - q.L),
        "rank-step": (4 * R - 1) * arcs,
    }
    return counts, 2 * q.E + R * len(q.opened) + max(0, R - 2) * (len(q.opened) - q.L)


def lemma_counts(q: Quantities, lemmas: tuple[str, ...]) -> dict[str, int]:
    counts = {}
    full_blocks = q.B  # on a plain grid every open 2x2 block has its four edges
    if "corner" in lemmas:
        counts["corner"] = 2 * sum(1 for x in q.P for _ in _corners(q.board, x))
    if "no-u-turn" in lemmas:
        counts["no-u-turn"] = 4 * full_blocks
    if "2x2-cycle" in lemmas:
        counts["2x2-cycle"] = full_blocks
    return counts


def expected_counts(board: Board, profile: str, encoding: str,
                    lemmas: tuple[str, ...]) -> tuple[dict[str, int], int]:
    rules = parse_rules(profile)
    q = Quantities(board)
    counts: dict[str, int] = {}
    variables = q.E
    if not rules.fill:
        counts["used"] = sum(q.deg[c] for c in q.P)
        variables += len(q.P)
    if encoding == "shape":
        pieces = {c: shape_pieces(q, c, rules.fill) for c in q.opened}
        counts["shape-one"] = sum(1 + comb(n, 2) for n in pieces.values())
        counts["shape-edge"] = sum(n * q.deg[c] for c, n in pieces.items())
        variables += sum(pieces.values())
    else:
        counts.update(degree_counts(q, rules.fill))
    colour, colour_vars = colour_and_rules(q, rules, onehot=encoding == "onehot-edge")
    counts.update(colour)
    variables += colour_vars
    if encoding == "acyclic":
        extra, extra_vars = acyclic_counts(q)
        counts.update(extra)
        variables += extra_vars
    counts.update(lemma_counts(q, lemmas))
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


@pytest.mark.parametrize("encoding", ENCODING_KINDS)
@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("rows", BOARDS)
def test_counts_match_the_document(rows: list[str], profile: str, encoding: str) -> None:
    board = Board.from_rows(rows)
    rules = parse_rules(profile)
    method = Method(encoding=encoding, lemmas="all")
    lemmas = method.lemmas_for(rules, board.geometry.kind)
    result = encode(board, rules, method)
    counts, variables = expected_counts(board, profile, encoding, lemmas)
    assert {f: n for f, n in result.clauses.counts.items() if n} == counts
    assert result.n_vars == variables


@pytest.mark.parametrize("encoding", ENCODING_KINDS)
@pytest.mark.parametrize("profile", ["flow", "nikoli", "no2x2"])
def test_every_variable_has_a_name(profile: str, encoding: str) -> None:
    """Decoding and DIMACS headers depend on naming each variable back."""
    board = Board.from_rows(BOARDS[1])
    result = encode(board, parse_rules(profile), Method(encoding=encoding, card="seqcounter"))
    vs = result.variables
    names = [vs.name(v) for v in range(1, result.n_vars + 1)]
    assert names[: len(board.edges)] == [("edge", a, b) for a, b in board.edges]
    for (a, b), var in vs.edge_var.items():
        assert vs.name(var) == ("edge", a, b)
    if encoding != "onehot-edge":  # k code bits per open cell, cell by cell
        k = max(1, (len(board.labels) - 1).bit_length())
        assert [n for n in names if n[0] == "bit"] == [
            ("bit", cell, i) for cell in board.open_cells() for i in range(k)]
    families = {n[0] for n in names}
    assert families <= {"edge", "bit", "colour", "used", "differ", "shape", "arc", "rank", "carry",
                        "card"}
    with pytest.raises(KeyError):
        vs.name(result.n_vars + 1)


def test_the_default_encoding_never_builds_the_edge_dictionary() -> None:
    """The default families work on the graph's arrays; the edge -> variable dictionary
    (0.2 GB on a 1002x1002 board) is built only for what needs it, e.g. a DIMACS export."""
    board = Board.from_rows(["A..B", ".#..", "A..B"])
    variables = encode(board, parse_rules("flow")).variables
    assert "edge_var" not in vars(variables)
    assert variables.edge_var[board.edges[0]] == 1 and "edge_var" in vars(variables)

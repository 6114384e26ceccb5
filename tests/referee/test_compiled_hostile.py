"""Hostile input to the compiled referee: wrong lengths, bad labels, nodes that are no node,
buffers of the wrong kind.  Through :func:`satlink.referee.solution_errors` every answer is
the Python referee's (the same messages, or the same exception where the Python referee
refuses the input's type); straight to the extension, a malformed buffer is a ``ValueError``
naming it, never a crash or a buffer read as something else."""

from __future__ import annotations

from array import array

import numpy as np
import pytest

from satlink import Board, Solution
from satlink.geometry import Geometry
from satlink.referee import compiled, solution_errors

pytestmark = pytest.mark.skipif(compiled._check is None,
                                reason="satlink.referee._check is not built")

BOARDS = {
    "plain": Board.from_rows(["A.B", "...", "A.B"]),
    "bridge": Board.from_rows(["A.B", "...", "B.A"], Geometry.of(bridges=[4])),
    "hex": Board.from_rows(["A.B", "...", "A.B"], Geometry.of("hex", walls=[(3, 4)])),
    "warp": Board.from_rows(["A.B", "...", "A.B"], Geometry.of(wrap=True)),
}

HOSTILE = {  # paths for labels A and B of the boards above (valid on the plain board: "right")
    "right": {"A": (0, 3, 6), "B": (2, 5, 8)},
    "beyond int64": {"A": (0, 2**70, 6), "B": (2, 5, 8)},
    "2**63": {"A": (0, 2**63, 6), "B": (2, 5, 8)},
    "below int64": {"A": (0, -2**70, 6), "B": (2, 5, 8)},
    "negative": {"A": (0, -1, 6), "B": (2, 5, 8)},
    "past the nodes": {"A": (0, 3, 6, 9, 6), "B": (2, 5, 8)},
    "empty path": {"A": (), "B": (2, 5, 8)},
    "one cell": {"A": (0,), "B": (2, 5, 8)},
    "very long": {"A": (0, 3, 6) * 1000, "B": (2, 5, 8)},
    "a label missing": {"A": (0, 3, 6)},
    "no labels": {},
    "an extra label": {"A": (0, 3, 6), "B": (2, 5, 8), "C": (1, 4)},
    "a label of another case": {"a": (0, 3, 6), "B": (2, 5, 8)},
    "a label that is no text": {1: (0, 3, 6), "B": (2, 5, 8)},
    "None as a label": {None: (0, 3, 6), "A": (0, 3, 6), "B": (2, 5, 8)},
    "booleans as nodes": {"A": (False, True, 4, 3, 6), "B": (2, 5, 8)},
    "numpy integers": {"A": tuple(np.array([0, 3, 6])), "B": (2, 5, 8)},
    "a text as a node": {"A": (0, "3", 6), "B": (2, 5, 8)},
    "a float as a node": {"A": (0, 3.0, 6), "B": (2, 5, 8)},
    "None as a node": {"A": (0, None, 6), "B": (2, 5, 8)},
    "pairs": {"A": ((0, 0), (1, 0), (2, 0)), "B": (2, 5, 8)},
    "pairs off the board": {"A": ((0, 0), (9, 9), (2, 0)), "B": (2, 5, 8)},
}


def _answer(board: Board, solution, monkeypatch: pytest.MonkeyPatch, referee: str):
    monkeypatch.setenv(compiled.ENVIRONMENT, referee)
    try:
        return solution_errors(board, solution, "nikoli")
    except (TypeError, ValueError) as exc:  # (the Python referee's refusal of the type)
        return type(exc), str(exc)


@pytest.mark.parametrize("geometry", BOARDS)
@pytest.mark.parametrize("name", HOSTILE)
@pytest.mark.parametrize("form", ["Solution", "mapping"])
def test_hostile_solutions_get_the_python_referees_answer(name, geometry, form,
                                                          monkeypatch) -> None:
    board = BOARDS[geometry]
    solution = Solution(dict(HOSTILE[name])) if form == "Solution" else dict(HOSTILE[name])
    ours = _answer(board, solution, monkeypatch, "compiled")
    assert ours == _answer(board, solution, monkeypatch, "python")
    if name == "right" and geometry == "plain":
        assert ours == []
    elif name in WRONG_EVERYWHERE:  # integers only: messages, never a raise
        assert isinstance(ours, list) and ours


WRONG_EVERYWHERE = {"beyond int64", "2**63", "below int64", "negative", "empty path", "one cell",
                    "very long", "a label missing", "no labels", "an extra label",
                    "a label of another case", "a label that is no text", "None as a label"}


Q = lambda *xs: array("q", xs)  # noqa: E731
KINDS = "A.B...A.B".encode("utf-32-le")


@pytest.mark.parametrize("arguments,complaint", [
    ((0, 3, False, False, b"", Q(), Q()), "has cells"),
    ((-3, -3, False, False, KINDS, Q(), Q()), "has cells"),
    ((3, 3, False, False, KINDS[:-4], Q(), Q()), "kinds"),
    ((3, 3, False, False, KINDS + b"x", Q(), Q()), "kinds"),
    ((2**31 - 1, 2**31 - 1, False, False, KINDS, Q(), Q()), "kinds"),
    ((3, 3, False, False, KINDS, Q(0, 1, 2), Q()), "walls: pairs"),
    ((3, 3, False, False, KINDS, Q(0, 99), Q()), "walls: a cell off"),
    ((3, 3, False, False, KINDS, array("d", [0, 1]), Q()), "signed integers"),
    ((3, 3, False, False, KINDS, array("i", [0, 1]), Q()), "8-byte"),
    ((3, 3, False, False, KINDS, np.zeros((1, 2), dtype=np.int64), Q()), "one-dimensional"),
    ((3, 3, False, False, KINDS, np.arange(4, dtype=np.int64)[::2], Q()), "contiguous"),
    ((3, 3, False, False, KINDS, np.zeros(2, dtype=np.uint64), Q()), "signed integers"),
    ((3, 3, False, False, KINDS, Q(), Q(-1)), "bridges: a cell off"),
    ((3, 3, False, False, KINDS, Q(), Q(4, 4)), "each cell once"),
    ((3, 3, False, False, KINDS, Q(), Q(5, 4)), "ascending"),
])
def test_a_malformed_board_is_refused(arguments, complaint) -> None:
    with pytest.raises(ValueError, match=complaint):
        compiled._check.Board(*arguments)


def test_a_board_of_the_wrong_types_is_refused() -> None:
    with pytest.raises(TypeError):
        compiled._check.Board(3, 3, False, False, "A.B...A.B", Q(), Q())
    with pytest.raises(TypeError):
        compiled._check.Board(2**40, 3, False, False, KINDS, Q(), Q())


PLAIN = compiled._check.Board(3, 3, False, False, KINDS, Q(), Q()) if compiled._check else None


@pytest.mark.parametrize("nodes,offsets,ends,complaint", [
    (Q(0, 3, 6, 2, 5, 8), Q(), Q(), "offsets"),
    (Q(0, 3, 6, 2, 5, 8), Q(0, 3), Q(0, 6, 2, 8), "offsets"),
    (Q(0, 3, 6, 2, 5, 8), Q(1, 3, 6), Q(0, 6, 2, 8), "offsets"),
    (Q(0, 3, 6, 2, 5, 8), Q(0, 3, 6), Q(0, 6, 2), "two per path"),
    (Q(0, 3, 6, 2, 5, 8), Q(0, 4, 3, 6), Q(0, 6, 2, 8, 1, 1), "ascending"),
    (Q(0, 3, 6, 2, 5, 8), Q(0, 9, 6), Q(0, 6, 2, 8), "ascending"),
    (Q(0, 3, 6), Q(0, -1, 3), Q(0, 6, 0, 0), "ascending"),
    (array("d", [0, 3, 6, 2, 5, 8]), Q(0, 3, 6), Q(0, 6, 2, 8), "signed integers"),
    (Q(0, 3, 6, 2, 5, 8), array("d", [0, 3, 6]), Q(0, 6, 2, 8), "signed integers"),
    (Q(0, 3, 6, 2, 5, 8), Q(0, 3, 6), np.array([0, 6, 2, 8], dtype=np.int32), "8-byte"),
])
def test_malformed_paths_are_refused(nodes, offsets, ends, complaint) -> None:
    with pytest.raises(ValueError, match=complaint):
        PLAIN.valid(nodes, offsets, ends, False, False, False)


@pytest.mark.parametrize("nodes", [Q(0, 2**62, 6, 2, 5, 8), Q(0, -5, 6, 2, 5, 8),
                                   Q(0, 3, 6, 2, 5, 8, 11), Q(0, 9, 6, 2, 5, 8)])
def test_nodes_off_the_board_are_not_valid(nodes) -> None:
    offsets = Q(0, 3, len(nodes))
    assert not PLAIN.valid(nodes, offsets, Q(0, 6, 2, 8), False, False, False)
    assert PLAIN.valid(Q(0, 3, 6, 2, 5, 8), Q(0, 3, 6), Q(0, 6, 2, 8), False, False, False)
    assert PLAIN.valid(np.array([0, 3, 6, 2, 5, 8]), np.array([0, 3, 6]),
                       np.array([0, 6, 2, 8]), False, False, False)  # numpy's int64 read

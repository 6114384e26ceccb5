"""Canonical forms: the same puzzle under each geometry's symmetries hashes the same, images
keep their solution counts, geometries never collide, plain hashes never move."""

from __future__ import annotations

import pytest

from satlink import Board, check
from satlink.canonical import (
    Symmetry,
    canonical_form,
    canonical_hash,
    images,
    own_form,
    symmetries,
    transformed,
)
from satlink.geometry import HEX, Geometry

# taken from the code before variants entered the canonical form: catalogues hold these
PLAIN_HASHES = {
    ("AB.", "...", "#AB", "C.C"): "f81aaf842bc518ba418cf249064b5334",
    ("A..A", "....", "....", "B..B"): "052108d3d6c9e3ca6595ddb7d3ea10e6",
    ("A.B..", ".#...", "..B.C", "A...C"): "aa8cf63949623ac0b13207dd46bf0e8f",
    ("AB", "AB"): "f522f6d596cdbec4698e2b8cbc76465a",
}


def cell(width: int, r: int, c: int) -> int:
    return r * width + c


VARIANTS = {
    # 5x4, two walls and a bridge in the middle of the second row
    "walls+bridge": Board(("AA...", ".....", ".....", "BBC.C"),
                          Geometry.of(walls=[(0, 1), (cell(5, 2, 3), cell(5, 3, 3))],
                                      bridges=[cell(5, 1, 2)])),
    "wrap+wall": Board(("A..B", ".C..", "..BC", "A..."), Geometry.of(wrap=True, walls=[(0, 3)])),
    "wrap 5x3": Board(("A.B..", "....C", "BC..A"), Geometry.of(wrap=True)),
    "hex odd width": Board(("A....", "....B", "AC...", "C.#.B"), Geometry.of(HEX, walls=[(1, 2)])),
    "hex even width": Board(("...C", "C#.B", "A..B", "A..."), Geometry.of(HEX, walls=[(6, 10)])),
    "hex odd width+bridge": Board(("A....", "....B", "AC...", "C...B"),
                                  Geometry.of(HEX, bridges=[cell(5, 1, 2)])),
    "hex even width+bridge": Board(("...C", "C..B", "A..B", "A..."),
                                   Geometry.of(HEX, bridges=[cell(4, 1, 1)])),
}


@pytest.mark.parametrize("rows", list(PLAIN_HASHES))
def test_plain_hashes_are_unchanged(rows) -> None:
    assert canonical_hash(Board(rows)) == PLAIN_HASHES[rows]


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_image_has_the_same_hash_and_solution_count(name: str) -> None:
    board = VARIANTS[name]
    verdict = check(board, "fill", count=200)
    expected = canonical_hash(board)
    seen = 0
    for image in images(board):
        relabelled = image.with_rows(row.translate(str.maketrans("ABC", "xyz"))
                                     for row in image.rows)
        assert canonical_hash(relabelled) == expected
        assert check(image, "fill", count=200).count == verdict.count, name
        seen += 1
    assert seen == len(symmetries(board.width, board.height, board.geometry)) > 1


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_pruned_search_finds_the_smallest_image(name: str) -> None:
    board = VARIANTS[name]
    chosen = [image for image in images(board)  # on a torus: an endpoint at the top left
              if not board.geometry.wrap or image.label_at(0) is not None]
    assert canonical_form(board) == min(own_form(image) for image in chosen)


def test_hexagonal_boards_keep_only_the_reflections_that_keep_neighbours() -> None:
    def kinds(width: int, height: int) -> set[tuple[bool, bool]]:
        return {(s.flip_rows, s.flip_cols) for s in symmetries(width, height, Geometry(HEX))}

    # odd width: the left-right mirror keeps column parities; even: the half turn
    assert kinds(5, 4) == kinds(3, 3) == {(False, False), (False, True)}
    assert kinds(4, 4) == kinds(6, 5) == {(False, False), (True, True)}
    # the reflections left out really are other puzzles: here they change the count
    for name in ("hex odd width", "hex even width"):
        board = VARIANTS[name]
        count = check(board, "fill", count=200).count
        valid = kinds(board.width, board.height)
        for flips in {(True, False), (False, True), (True, True)} - valid:
            image = transformed(board, Symmetry(flip_rows=flips[0], flip_cols=flips[1]))
            assert check(image, "fill", count=200).count != count, (name, flips)


def test_warps_add_cyclic_shifts() -> None:
    board = VARIANTS["wrap 5x3"]
    shifted = transformed(board, Symmetry(shift_row=1, shift_col=3))
    assert shifted.rows != board.rows
    assert canonical_hash(shifted) == canonical_hash(board)
    # without warps the same shift is another puzzle
    assert canonical_hash(Board(shifted.rows)) != canonical_hash(Board(board.rows))


def test_geometries_never_collide() -> None:
    rows = ("A.B.", "..C.", "B...", "C..A")
    geometries = [Geometry(), Geometry.of(wrap=True), Geometry.of(HEX), Geometry.of(walls=[(1, 2)]),
                  Geometry.of(walls=[(1, 5)]), Geometry.of(bridges=[5]), Geometry.of(bridges=[9]),
                  Geometry.of(wrap=True, walls=[(1, 2)]), Geometry.of(HEX, walls=[(1, 2)])]
    hashes = [canonical_hash(Board(rows, g)) for g in geometries]
    assert len(set(hashes)) == len(hashes)


def test_a_wall_beside_a_hole_is_not_a_feature() -> None:
    rows = ("A.#B", "..C.", "B...", "C..A")
    walled = Board(rows, Geometry.of(walls=[(1, 2)]))
    assert canonical_hash(walled) == canonical_hash(Board(rows))


def test_a_bridge_stays_a_bridge_under_rotation() -> None:
    board = VARIANTS["walls+bridge"]
    for image in images(board):
        assert len(image.geometry.bridges) == 1
        (b,) = image.geometry.bridges
        assert len(image.neighbors(b)) == 2 and len(image.neighbors(image.crossings[b][1])) == 2

"""puzz.link URLs against pzprjs' conventions: the type chosen from the profile, read back
with its rules, the number16 body (hex digits, ``-xx``, ``+xxx``, runs ``g``..``z``),
rectangles (width first), and nothing accepted after the body.

The fixtures are written out by hand from the conventions, not produced by the encoder
under test, so an encoder and decoder that agree with each other but not with puzz.link
would fail here.
"""

from __future__ import annotations

import pytest

from satlink import Board
from satlink.formats import Entry, read_text, write_text
from satlink.rules import parse_rules

SITE = "https://puzz.link/p?"

FIXTURES = [  # (URL body after the type, the board's rows)
    # a rectangle: width 4, height 2 (pzprjs writes columns, then rows)
    ("4/2/1h22h1", ["A..B", "B..A"]),
    # its transpose, 2 wide and 4 high: a run of four empty cells is 'j'
    ("2/4/12j21", ["AB", "..", "..", "BA"]),
    # runs: 'g' one empty cell .. 'z' twenty; a run of 21 is 'z' then 'g'
    ("23/1/1zg1", ["A" + "." * 21 + "A"]),
    ("22/1/1z1", ["A" + "." * 20 + "A"]),
    ("42/1/1zz1", ["A" + "." * 40 + "A"]),
    ("3/3/1m1", ["A..", "...", "..A"]),
    # a board ending in empty cells ends in its run
    ("5/1/11i", ["AA..."]),
    # numbers up to 15 are one hex digit, in lower case
    ("32/1/112233445566778899aabbccddeeffh", ["".join(c * 2 for c in "ABCDEFGHIJKLMNO") + ".."]),
]


def labels(count: int) -> list[str]:
    """``count`` distinct one-character labels (CJK ideographs, as satlink names them)."""
    return [chr(0x4E00 + i) for i in range(count)]


def pairs_board(count: int, width: int) -> Board:
    """A board whose labels 1..count sit side by side in reading order (label k in cells
    2k-2 and 2k-1), filled up to whole rows with empty cells."""
    cells = "".join(label * 2 for label in labels(count))
    cells += "." * (-len(cells) % width)
    return Board.from_rows([cells[i:i + width] for i in range(0, len(cells), width)])


@pytest.mark.parametrize("kind,profile", [("numlin", "nikoli"), ("arukone", "fill")])
@pytest.mark.parametrize("body,rows", FIXTURES)
def test_fixture_urls_read_and_write_back_unchanged(kind: str, profile: str, body: str,
                                                    rows: list[str]) -> None:
    url = f"{SITE}{kind}/{body}"
    (entry,) = list(read_text(url + "\n", "fixture.url"))
    assert entry.error is None, entry.error
    # labels become numbers 1..L; the layout is the fixture's
    rename = dict(zip(Board.from_rows(rows).labels, "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                      strict=False))
    assert list(entry.board.rows) == ["".join(rename.get(c, c) for c in row) for row in rows]
    assert entry.rules == parse_rules(profile)
    assert write_text([entry], "puzzlink") == url + "\n"


def test_the_type_follows_the_profile() -> None:
    board = Board.from_rows(["A..B", "B..A"])
    for profile, kind in (("flow", "arukone"), ("fill", "arukone"), ("fill,no2x2", "arukone"),
                          ("nikoli", "numlin"), ("notouch", "numlin"), (None, "arukone")):
        rules = parse_rules(profile) if profile else None
        url = write_text([Entry("t", 1, board, rules=rules)], "puzzlink").strip()
        assert url == f"{SITE}{kind}/4/2/1h22h1", profile


@pytest.mark.parametrize("count,tail", [
    (16, "eeff-10-10"),  # 16 is the first two-digit number: '-' and two hex digits
    (17, "-10-10-11-11"),
    (255, "-fe-fe-ff-ff"),  # the last '-xx'
    (256, "-ff-ff+100+100"),  # 256 is the first '+xxx'
    (257, "+100+100+101+101"),
])
def test_numbers_past_15_and_255(count: int, tail: str) -> None:
    board = pairs_board(count, 2 * count)  # one row
    url = write_text([Entry("t", 1, board)], "puzzlink").strip()
    assert url.startswith(f"{SITE}arukone/{2 * count}/1/11223344")
    assert url.endswith(tail)
    (back,) = list(read_text(url, "t"))
    assert back.error is None and len(back.board.labels) == count


def test_the_last_number_a_url_holds_is_4095() -> None:
    board = pairs_board(4095, 90)  # 8190 cells: 91 rows of 90
    url = write_text([Entry("t", 1, board)], "puzzlink").strip()
    assert url.startswith(f"{SITE}arukone/90/91/") and url.endswith("+ffe+ffe+fff+fff")
    (back,) = list(read_text(url, "t"))
    assert back.error is None and len(back.board.labels) == 4095
    with pytest.raises(ValueError, match="stop at 4095; this board has 4096 labels"):
        write_text([Entry("t", 1, pairs_board(4096, 64))], "puzzlink")


def test_arukone_urls_are_read_with_fill_rules() -> None:
    """Read as a bare grid before, an arukone URL failed with "label 'h' appears 3 times"."""
    (entry,) = list(read_text(f"{SITE}arukone/5/5/1g2g3h4g5l2g3h145g\n", "a.url"))
    assert entry.error is None and entry.board.rows[0] == "1.2.3"
    assert entry.rules == parse_rules("fill")
    (entry,) = list(read_text(f"{SITE}numlin/5/5/1g2g3h4g5l2g3h145g\n", "n.url"))
    assert entry.rules == parse_rules("nikoli")


def test_old_pzv_addresses_are_read_too() -> None:
    (entry,) = list(read_text("http://pzv.jp/p.html?numlin/3/3/1m1\n", "old.url"))
    assert entry.error is None and entry.board.rows == ("1..", "...", "..1")


@pytest.mark.parametrize("url,message,column", [
    (f"{SITE}numlin/2/1/11x", "unexpected text 'x' after the URL body", 34),
    (f"{SITE}numlin/2/1/11/", "unexpected text '/' after the URL body", 34),
    (f"{SITE}arukone/2/1/11?ui=1", "unexpected text '?ui=1' after the URL body", 35),
    (f"{SITE}numlin/2/1/11 more", "unexpected text after the URL", 35),
    (f"{SITE}numlin/3/1/1i", "URL body describes more than 3 cells", 33),  # a run past the end
    (f"{SITE}numlin/3/1/1g", "URL body describes 2 of 3 cells", 34),
    (f"{SITE}numlin/2/1/1A", "unexpected character 'A'", 33),  # hex digits are lower case
    (f"{SITE}arukone/2/1/1.", "'?' clues are not supported", 34),
])
def test_anything_after_the_body_or_a_short_body_is_refused(url: str, message: str,
                                                             column: int) -> None:
    (entry,) = list(read_text(url + "\n", "junk.url"))
    assert entry.error is not None and message in entry.error.message, entry.error
    assert (entry.error.line, entry.error.column) == (1, column)


def test_variant_boards_are_refused_by_the_writer() -> None:
    from satlink.geometry import Geometry

    hexes = Board.from_rows(["A.A", "B.B"], Geometry.of("hex"))
    with pytest.raises(ValueError, match="puzzlink format cannot express hexagonal cells"):
        write_text([Entry("t", 1, hexes)], "puzzlink")


def test_a_board_with_too_many_labels_is_told_its_count() -> None:
    """Issue 25, minor: a board of 5,000 labels was said to have 4,096 (the first past 4095)."""
    with pytest.raises(ValueError, match="stop at 4095; this board has 5000 labels"):
        write_text([Entry("t", 1, pairs_board(5000, 100))], "puzzlink")

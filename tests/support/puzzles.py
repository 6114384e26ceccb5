"""Named boards that several tests share: ambiguous boards to repair, a unique warps puzzle,
boards ambiguous only under ``flow``."""

from __future__ import annotations

FILL_MULTIPLE = [".....F",  # grown by the generator, two solutions under fill
                 ".C....",
                 "..FC..",
                 "EA..A.",
                 ".ED...",
                 "D..B.B"]


FLOW_MULTIPLE = ["F....D.",  # an ambiguous candidate of the generator under flow
                 "C..E.B.",
                 ".F..C..",
                 ".......",
                 ".BAGE..",
                 ".A..G..",
                 "......D"]


SHORT_CUT = ["..BA",  # fill, multiple: its cheapest unique single edit (a split) leaves
             "..B.",  # a path of two cells
             "....",
             ".A.."]


WARPS_15 = [  # studio_latency.py's warps 15x15 puzzle (unique)
    "....J..........",
    "......L........",
    "....C........E.",
    ".....A.........",
    ".MJE...........",
    "...F....C.A....",
    "............HB.",
    "K....F.........",
    ".....G.........",
    "...............",
    "....HL......IK.",
    "...G.........M.",
    "....D...B.....I",
    "..........D....",
    "...............",
]


# Found by searching cover boards with satlink; the oracle below decides, not this list.
FLOW_AMBIGUOUS = [
    ["CBA..A", "......", ".B.FF.", "...DE.", "#CE..D"],
    [".AE...", ".B.BD.", "...E..", "..#CD.", "...C..", ".#...F", ".AF..."],
    ["#E...D.", "...C...", ".#ACB..", ".B.....", "..A#...", "#E...D."],
    ["#....", "A..C.", ".BC..", ".#B.D", "...AD"],
]

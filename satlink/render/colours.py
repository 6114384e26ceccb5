"""Path colours and label text that stay readable for any number of labels.

The first colours are a hand-picked set of bright, mutually distinct hues that read well on
the dark board background (the Flow Free look); past them, hues step by the golden angle
while lightness and saturation cycle through three and two levels, so neighbouring indices
never get similar colours even with hundreds of labels.

Labels past the 62-character ASCII alphabet are CJK ideographs (see
:func:`satlink.board.label_for`): most fonts used for PNG/SVG lack them and terminals draw
them double width, so pictures show such a label as its 1-based number instead.
"""

from __future__ import annotations

import colorsys

from satlink.board import Board

BASE = ("#e6194b", "#3cb44b", "#4363d8", "#ffe119", "#f58231", "#42d4f4", "#f032e6", "#bfef45",
        "#fabed4", "#469990", "#dcbeff", "#9a6324", "#fffac8", "#800000", "#aaffc3", "#808000",
        "#ffd8b1", "#a9a9ff", "#ffffff", "#a9a9a9")
"""Twenty high-contrast colours, in the order they are handed out."""

GOLDEN = 0.618033988749895


def path_colour(index: int) -> tuple[int, int, int]:
    """The colour of the ``index``-th label as (r, g, b)."""
    if index < len(BASE):
        code = BASE[index]
        return int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16)
    n = index - len(BASE)
    hue = (n * GOLDEN + 0.05) % 1.0
    lightness = (0.55, 0.70, 0.42)[n % 3]
    saturation = (0.85, 0.60)[(n // 3) % 2]
    r, g, b = colorsys.hls_to_rgb(hue, lightness, saturation)
    return round(r * 255), round(g * 255), round(b * 255)


def hex_colour(index: int) -> str:
    return "#{:02x}{:02x}{:02x}".format(*path_colour(index))


def text_colour(index: int) -> tuple[int, int, int]:
    """Black or white, whichever reads better on the ``index``-th path colour."""
    r, g, b = path_colour(index)
    return (0, 0, 0) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)


def display_label(board: Board, label: str) -> str:
    """What a picture writes on an endpoint: the label, or its number when it is not ASCII."""
    if label.isascii():
        return label
    return str(board.labels.index(label) + 1)

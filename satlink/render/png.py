"""A board and its solution as a PNG image, drawn with Pillow (no browser, no Cairo)."""

from __future__ import annotations

from satlink.board import Board, Solution
from satlink.render.colours import display_label, path_colour, text_colour


def board_png(board: Board, solution: Solution | None, path: str, cell: int = 24) -> None:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (board.width * cell + 1, board.height * cell + 1), (27, 27, 31))
    draw = ImageDraw.Draw(image)
    colour = {label: path_colour(i) for i, label in enumerate(board.labels)}
    for c in range(board.size):
        r, k = board.coord(c)
        box = (k * cell, r * cell, (k + 1) * cell, (r + 1) * cell)
        draw.rectangle(box, outline=(68, 68, 68), fill=(85, 85, 92) if board.is_solid(c) else None)
    half = cell // 2
    if solution is not None:
        for label, cells in solution.paths.items():
            points = [(board.coord(c)[1] * cell + half, board.coord(c)[0] * cell + half) for c in cells]
            draw.line(points, fill=colour[label], width=max(2, int(cell * 0.4)), joint="curve")
    radius = cell * 0.38
    for i, label in enumerate(board.labels):
        for c in board.endpoints[label]:
            r, k = board.coord(c)
            cx, cy = k * cell + half, r * cell + half
            draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour[label])
            draw.text((cx, cy), display_label(board, label), fill=text_colour(i), anchor="mm")
    image.save(path, format="PNG")

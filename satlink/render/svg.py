"""A board, its solution and highlighted cells as one self-contained SVG string."""

from __future__ import annotations

from html import escape

from satlink.board import Board, Solution
from satlink.render.colours import display_label, hex_colour, text_colour


def board_svg(board: Board, solution: Solution | None = None, highlight: set[int] | None = None,
              cell: int = 24, title: str | None = None) -> str:
    w, h = board.width * cell, board.height * cell
    colour = {label: hex_colour(i) for i, label in enumerate(board.labels)}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 2}" height="{h + 2}" '
           f'viewBox="-1 -1 {w + 2} {h + 2}" class="board">']
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out.append(f'<rect x="0" y="0" width="{w}" height="{h}" fill="#1b1b1f"/>')
    for c in range(board.size):
        r, k = board.coord(c)
        x, y = k * cell, r * cell
        if board.is_solid(c):
            out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="#55555c"/>')
        if highlight and c in highlight:
            out.append(f'<rect class="diff" x="{x}" y="{y}" width="{cell}" height="{cell}" '
                       'fill="#ffe14d" fill-opacity="0.45"/>')
    for i in range(board.width + 1):
        out.append(f'<line x1="{i * cell}" y1="0" x2="{i * cell}" y2="{h}" stroke="#444" stroke-width="1"/>')
    for i in range(board.height + 1):
        out.append(f'<line x1="0" y1="{i * cell}" x2="{w}" y2="{i * cell}" stroke="#444" stroke-width="1"/>')
    half = cell / 2
    if solution is not None:
        for label, path in solution.paths.items():
            points = " ".join(f"{board.coord(c)[1] * cell + half},{board.coord(c)[0] * cell + half}"
                              for c in path)
            out.append(f'<polyline points="{points}" fill="none" stroke="{colour[label]}" '
                       f'stroke-width="{cell * 0.4:.1f}" stroke-linecap="round" stroke-linejoin="round"/>')
    for i, label in enumerate(board.labels):
        ink = "#{:02x}{:02x}{:02x}".format(*text_colour(i))
        for c in board.endpoints[label]:
            r, k = board.coord(c)
            cx, cy = k * cell + half, r * cell + half
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{cell * 0.38:.1f}" fill="{colour[label]}"/>')
            text = display_label(board, label)
            size = cell * (0.45 if len(text) < 3 else 0.32)
            out.append(f'<text x="{cx}" y="{cy}" font-size="{size:.0f}" fill="{ink}" '
                       f'text-anchor="middle" dominant-baseline="central" '
                       f'font-family="sans-serif">{escape(text)}</text>')
    out.append("</svg>")
    return "".join(out)

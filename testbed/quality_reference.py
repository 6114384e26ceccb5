"""The quality and look figures as records computed them before they were counted from the
steps' changes of direction: a list of straight runs per path, ``bends`` a second walk over
the paths, ``statistics.mean``.  The reference that ``tests/quality`` holds today's figures
to, and that ``benchmarks/quality_speed.py`` times them against."""

from __future__ import annotations

from itertools import groupby
from statistics import mean

from satlink.board import Board
from satlink.solution import Solution


def reference_runs(board: Board, path) -> list[int]:
    if board.geometry.is_plain:
        steps: list = [b - a for a, b in zip(path, path[1:], strict=False)]
    else:
        steps = [board.step(a, b) for a, b in zip(path, path[1:], strict=False)]
    return [len(list(run)) for _, run in groupby(steps)]


def reference_bends(board: Board, solution: Solution) -> int:
    w, total = board.width, 0
    if not board.geometry.is_plain:
        for path in solution.paths.values():
            steps = [board.step(a, b) for a, b in zip(path, path[1:], strict=False)]
            total += sum(s != t for s, t in zip(steps, steps[1:], strict=False))
        return total
    for path in solution.paths.values():
        for a, b, c in zip(path, path[1:], path[2:], strict=False):
            if (b - a) != (c - b) and abs(b - a) in (1, w) and abs(c - b) in (1, w):
                total += 1
    return total


def reference_look(board: Board, solution: Solution) -> dict:
    paths = list(solution.paths.values())
    all_runs = [reference_runs(board, p) for p in paths]
    inner = sum(max(0, len(p) - 2) for p in paths)
    turns = sum(max(0, len(r) - 1) for r in all_runs)
    edges = sum(sum(r) for r in all_runs)
    jogs = sum(1 for r in all_runs for k in range(1, len(r) - 1) if r[k] == 1)
    if board.geometry.wrap:
        frame = []
    else:
        w, h = board.width, board.height
        frame = [c for c in sorted({*range(w), *range(w * (h - 1), w * h), *range(0, w * h, w),
                                    *range(w - 1, w * h, w)}) if not board.is_solid(c)]
    ends = {board.node_cell(c) for p in paths for c in (p[0], p[-1])}
    cells = ([len(set(map(board.node_cell, p))) for p in paths] if board.geometry.bridges
             else [len(p) for p in paths])
    return {
        "straight_share": round((inner - turns) / inner, 4) if inner else 0.0,
        "run_mean": round(edges / sum(map(len, all_runs)), 4) if edges else 0.0,
        "jogs": jogs,
        "longest_share": round(max(cells, default=0) / max(1, board.size - board.solid_count()),
                               4),
        "border_end_share": (round(sum(c in ends for c in frame) / len(frame), 4)
                             if frame else None),
        "short_share": (round(sum(n <= 3 for n in cells) / len(cells), 4) if cells else 0.0),
    }


def reference_quality(board: Board, solution: Solution, verdict) -> dict:
    lengths = sorted(len(p) for p in solution.paths.values())
    cells = max(1, board.size - board.solid_count())
    return {
        "colours": len(board.labels),
        "length_min": lengths[0] if lengths else 0,
        "length_mean": round(mean(lengths), 3) if lengths else 0.0,
        "length_max": lengths[-1] if lengths else 0,
        "lengths": lengths,
        "solids": board.solid_count(),
        "bends": reference_bends(board, solution),
        "effort": round((verdict.stats.decisions + verdict.stats.conflicts) / cells, 4),
        "decisions": verdict.stats.decisions,
        "conflicts": verdict.stats.conflicts,
        **reference_look(board, solution),
    }

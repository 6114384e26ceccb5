"""Summaries of benchmark rows: per configuration, ranked, with ratios to a baseline taken in
the same run, plus a cross-check that all configurations agree on every verdict."""

from __future__ import annotations

import csv
import io
import statistics
from collections import defaultdict

from satlink.solver.verdict import Status

SOLVED = {Status.UNIQUE, Status.MULTIPLE, Status.UNSOLVABLE, Status.SOLVED}
CSV_FIELDS = ["board", "width", "height", "cells", "labels", "rules", "config", "repeat", "status",
              "seconds", "encode_seconds", "load_seconds", "sat_seconds", "decode_seconds",
              "python_seconds", "sat_calls",
              "cycle_cuts", "variables", "clauses", "conflicts", "error"]


def median_per_board(rows: list[dict]) -> dict[tuple[str, str], dict]:
    """One row per (config, board): the median time over repeats, any solved status."""
    groups: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for row in rows:
        groups[(row["config"], row["board"])].append(row)
    out = {}
    for key, group in groups.items():
        solved = [g for g in group if g["status"] in SOLVED]
        pick = solved or group
        med = statistics.median(g["seconds"] for g in pick)
        best = min(pick, key=lambda g: abs(g["seconds"] - med))
        out[key] = {**best, "seconds": med, "solved": bool(solved)}
    return out


def summarise(rows: list[dict], timeout: float | None, baseline: str | None = None) -> list[dict]:
    """Per configuration: boards solved, PAR-2 score, total on commonly solved boards, the
    ratio of that total to the baseline's (and of SAT time alone), the Python share, mean
    variables and clauses.

    Ranked by solved boards, then PAR-2 (a timeout or error counts twice the timeout).
    """
    per = median_per_board(rows)
    configs = list(dict.fromkeys(r["config"] for r in rows))
    boards = list(dict.fromkeys(r["board"] for r in rows))
    common = [b for b in boards if all(per.get((c, b), {}).get("solved") for c in configs)]
    penalty = 2 * timeout if timeout else None
    table = []
    for c in configs:
        mine = [per[(c, b)] for b in boards if (c, b) in per]
        solved = [m for m in mine if m["solved"]]
        on_common = [per[(c, b)] for b in common]
        total = sum(m["seconds"] for m in on_common)
        sat = sum(m.get("sat_seconds", 0.0) for m in on_common)
        par2 = sum(m["seconds"] if m["solved"] else (penalty or m["seconds"]) for m in mine)
        table.append({
            "config": c, "boards": len(mine), "solved": len(solved),
            "timeouts": sum(m["status"] == Status.TIMEOUT for m in mine),
            "errors": sum(m["status"] == Status.ERROR for m in mine),
            "par2_seconds": round(par2, 4), "common_seconds": round(total, 4),
            "common_sat_seconds": round(sat, 4),
            "python_share": round(1 - sat / total, 4) if total else None,
            "mean_variables": round(statistics.mean(m.get("variables", 0) for m in solved))
            if solved else None,
            "mean_clauses": round(statistics.mean(m.get("clauses", 0) for m in solved))
            if solved else None,
            "sat_calls": sum(m.get("sat_calls", 0) for m in solved),
        })
    base = next((t for t in table if t["config"] == (baseline or configs[0])), table[0])
    for t in table:
        t["ratio"] = (round(t["common_seconds"] / base["common_seconds"], 3)
                      if base["common_seconds"] else None)
        # the same ratio on SAT time alone: encodings compared without Python's share
        t["sat_ratio"] = (round(t["common_sat_seconds"] / base["common_sat_seconds"], 3)
                          if base["common_sat_seconds"] else None)
    table.sort(key=lambda t: (-t["solved"], t["par2_seconds"]))
    return table


def disagreements(rows: list[dict]) -> list[dict]:
    """Boards on which two configurations reached different definite verdicts (a bug)."""
    verdicts: dict[str, dict[str, str]] = defaultdict(dict)
    for row in rows:
        if row["status"] in SOLVED:
            verdicts[row["board"]][row["config"]] = row["status"]
    return [{"board": b, "verdicts": v} for b, v in verdicts.items() if len(set(v.values())) > 1]


def to_csv(rows: list[dict]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=CSV_FIELDS, extrasaction="ignore")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: (round(v, 6) if isinstance(v, float) else v) for k, v in row.items()})
    return buffer.getvalue()

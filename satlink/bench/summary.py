"""Summaries of benchmark rows: per configuration, ranked, with ratios to a baseline taken in
the same run, plus a cross-check that all configurations agree on every verdict.

Every figure names the set it is taken over:

* **per board** (one configuration, one board, over ``--repeat`` runs): the median time with
  an unsolved run counted as infinitely long, so a board is solved when more than half of
  its runs were, and min, quartiles and max over the same runs;
* **PAR-2**: over every board, a solved board's median time, an unsolved one (timeout,
  memory limit, error) :data:`PAR_FACTOR` times the cutoff; given as a sum and a mean;
* **common**: sums and means over the boards that every configuration solved, the only set
  on which two configurations' times (and CNF sizes) compare;
* **all**: means of CNF sizes over every board where the size is known (a run killed before
  encoding has none), which are the same for every backend of an encoding.

A counter a backend does not expose (Kissat's conflicts through PySAT) is missing, and a
sum that would need it is missing too, never a partial sum.
"""

from __future__ import annotations

import csv
import io
import math
import statistics
from collections import Counter, defaultdict

from satlink.bench.reference import WRONG
from satlink.bench.runner import ROW_FIELDS
from satlink.bench.stats import bootstrap_ratio, quartiles
from satlink.solver.verdict import Status

SOLVED = {Status.UNIQUE, Status.MULTIPLE, Status.UNSOLVABLE, Status.SOLVED}
PAR_FACTOR = 2
"""PAR-2: an unsolved board costs twice the cutoff (the SAT competitions' penalty)."""
CSV_FIELDS = ROW_FIELDS
"""Every row field, in order (:data:`satlink.bench.runner.ROW_FIELDS`)."""


def _quantile(ordered: list[float], p: float) -> float:
    """The ``p`` quantile of sorted values (linear between neighbours; ``inf`` allowed)."""
    pos = p * (len(ordered) - 1)
    lo, hi = math.floor(pos), math.ceil(pos)
    a, b = ordered[lo], ordered[hi]
    if lo == hi or a == b:
        return a
    if math.isinf(b):
        return b
    return a + (b - a) * (pos - lo)


def median_per_board(rows: list[dict]) -> dict[tuple[str, str], dict]:
    """One row per (config, board) over its repeats: ``seconds`` the median with unsolved runs
    as ``inf`` (``solved``: more than half the runs solved), ``seconds_min``, ``_q1``, ``_q3``,
    ``_max`` over the same runs (``inf`` where unsolved runs reach them), ``runs`` and
    ``solved_runs``; the other fields are the solved run nearest the median, or the commonest
    unsolved status's first run."""
    groups: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for row in rows:
        groups[(row["config"], row["board"])].append(row)
    out = {}
    for key, group in groups.items():
        times = sorted(g["seconds"] if g["status"] in SOLVED else math.inf for g in group)
        med = _quantile(times, 0.5)
        done = [g for g in group if g["status"] in SOLVED]
        if math.isfinite(med):
            best = min(done, key=lambda g: abs(g["seconds"] - med))
        else:
            status = Counter(g["status"] for g in group if g["status"] not in SOLVED)
            best = next(g for g in group if g["status"] == status.most_common(1)[0][0])
        sizes = next((g for g in group if g.get("variables") is not None), {})
        cpus = sorted(g["cpu_seconds"] if g["status"] in SOLVED
                      and g.get("cpu_seconds") is not None else math.inf for g in group)
        out[key] = {**best, "seconds": med, "solved": math.isfinite(med), "runs": len(group),
                    "cpu_seconds": _quantile(cpus, 0.5),
                    "wrong_runs": sum(g["status"] == WRONG for g in group),
                    "solved_runs": len(done), "seconds_min": times[0],
                    "seconds_q1": _quantile(times, 0.25), "seconds_q3": _quantile(times, 0.75),
                    "seconds_max": times[-1], "variables": sizes.get("variables"),
                    "clauses": sizes.get("clauses")}
    return out


def _sum(values: list) -> float | None:
    """The sum, or None if any value is missing."""
    return None if any(v is None for v in values) else sum(values)


def _mean(values: list) -> float | None:
    known = [v for v in values if v is not None]
    return round(statistics.mean(known), 1) if known else None


def _round(value: float | None, digits: int = 4) -> float | None:
    return None if value is None else round(value, digits)


def summarise(rows: list[dict], timeout: float | None, baseline: str | None = None,
              cpu_timeout: float | None = None) -> list[dict]:
    """Per configuration, ranked by boards solved, then PAR-2: counts of each outcome, PAR-2
    on wall-clock and on CPU time (sum and mean over every board), sums over the commonly
    solved boards (time, its spread over repeats, SAT time, the find and prove phases, SAT
    calls, conflicts), their ratio to the baseline's with a bootstrap interval, the Python
    share, and mean CNF sizes over the common boards and over every board where they are
    known.  A configuration that answered against the reference (``wrong``), or answered
    boards without ever making a SAT call, is not ranked: it is listed after the ranked ones,
    ``ranked`` false."""
    per = median_per_board(rows)
    configs = list(dict.fromkeys(r["config"] for r in rows))
    boards = list(dict.fromkeys(r["board"] for r in rows))
    common = [b for b in boards if all(per.get((c, b), {}).get("solved") for c in configs)]
    penalty = PAR_FACTOR * timeout if timeout is not None and math.isfinite(timeout) else None
    cpu_limit = cpu_timeout if cpu_timeout is not None else timeout
    cpu_penalty = (PAR_FACTOR * cpu_limit if cpu_limit is not None and math.isfinite(cpu_limit)
                   else None)
    table = []
    for c in configs:
        mine = [per[(c, b)] for b in boards if (c, b) in per]
        on_common = [per[(c, b)] for b in common]
        runs = [r for r in rows if r["config"] == c]
        total = sum(m["seconds"] for m in on_common)
        sat = sum(m.get("sat_seconds") or 0.0 for m in on_common)
        outcomes = Counter(m["status"] for m in mine if not m["solved"])
        calls = sum(r.get("sat_calls") or 0 for r in runs)
        wrong = sum(m["wrong_runs"] > 0 for m in mine)
        table.append({
            "config": c, "boards": len(mine), "solved": sum(m["solved"] for m in mine),
            "wrong": wrong, "wrong_runs": sum(m["wrong_runs"] for m in mine),
            "timeouts": outcomes[Status.TIMEOUT], "memouts": outcomes["memout"],
            "errors": outcomes[Status.ERROR],
            "sat_bound": sum(bool(m.get("sat_bound")) for m in mine),
            "sat_calls": calls,
            "ranked": not wrong and not (calls == 0 and any(m["solved"] for m in mine)),
            **_par2(mine, "seconds", penalty, "par2"),
            **_par2(mine, "cpu_seconds", cpu_penalty, "par2_cpu"),
            "common_boards": len(common), "common_seconds": round(total, 4),
            "common_seconds_min": round(sum(m["seconds_min"] for m in on_common), 4),
            "common_seconds_max": round(sum(m["seconds_max"] for m in on_common), 4),
            **_by_repeat(runs, common),
            "common_cpu_seconds": _round(_sum([_finite(m["cpu_seconds"]) for m in on_common])),
            "common_sat_seconds": round(sat, 4),
            "common_find_seconds": _round(_sum([m.get("find_seconds") for m in on_common
                                                if m.get("sat_bound")])),
            "common_prove_seconds": _round(_sum([m.get("prove_seconds") or 0.0
                                                 for m in on_common if m.get("sat_bound")])),
            "python_share": round(1 - sat / total, 4) if total else None,
            "common_sat_calls": sum(m.get("sat_calls") or 0 for m in on_common),
            "common_conflicts": _sum([m.get("conflicts") for m in on_common
                                      if m.get("sat_bound")]),
            "median_peak_rss_mb": _median([r.get("peak_rss_mb") for r in runs]),
            "median_solver_peak_rss_mb": _median([r.get("solver_peak_rss_mb") for r in runs]),
            "mean_variables_common": _mean([m.get("variables") for m in on_common]),
            "mean_clauses_common": _mean([m.get("clauses") for m in on_common]),
            "mean_variables_all": _mean([m.get("variables") for m in mine]),
            "mean_clauses_all": _mean([m.get("clauses") for m in mine]),
        })
    base = next((t for t in table if t["config"] == (baseline or configs[0])), table[0])
    base_times = [per[(base["config"], b)]["seconds"] for b in common]
    for t in table:
        t["ratio"] = (round(t["common_seconds"] / base["common_seconds"], 3)
                      if base["common_seconds"] else None)
        t["ratio_ci95"] = bootstrap_ratio([per[(t["config"], b)]["seconds"] for b in common],
                                          base_times)
        # the same ratio on SAT time alone: encodings compared without Python's share
        t["sat_ratio"] = (round(t["common_sat_seconds"] / base["common_sat_seconds"], 3)
                          if base["common_sat_seconds"] else None)
    table.sort(key=lambda t: (not t["ranked"], -t["solved"], math.inf
                              if t["par2_sum_seconds"] is None else t["par2_sum_seconds"],
                              t["common_seconds"]))
    return table


def _finite(value: float | None) -> float | None:
    return value if value is not None and math.isfinite(value) else None


def _median(values: list) -> float | None:
    known = [v for v in values if v is not None]
    return round(statistics.median(known), 1) if known else None


def _par2(mine: list[dict], field: str, penalty: float | None, name: str) -> dict:
    """PAR-2 on ``field`` (a solved board's median, an unsolved one ``penalty``): sum and
    mean, None without a cutoff or where a solved board's figure is unknown."""
    values = [(_finite(m[field]) if m["solved"] else penalty) for m in mine]
    total = None if penalty is None else _sum(values)
    return {f"{name}_sum_seconds": _round(total),
            f"{name}_mean_seconds": _round(total / len(mine) if total is not None and mine
                                           else None)}


def _by_repeat(runs: list[dict], common: list[str]) -> dict:
    """The common boards' summed time in each repeat (each under its own shuffle seed when
    ``--shuffle`` is given), and their median and quartiles: the spread a second run of the
    study would show."""
    wanted = set(common)
    sums: dict[int, float] = defaultdict(float)
    for r in runs:
        if r["board"] in wanted:
            sums[r.get("repeat", 0)] += r["seconds"] if r["status"] in SOLVED else math.inf
    finite = [round(v, 4) for _, v in sorted(sums.items()) if math.isfinite(v)]
    spread = quartiles(finite) if len(finite) == len(sums) else None
    return {"common_seconds_by_repeat": finite if len(finite) == len(sums) else None,
            "common_seconds_median": None if spread is None else round(spread[1], 4),
            "common_seconds_iqr": None if spread is None else [round(spread[0], 4),
                                                               round(spread[2], 4)]}


def presolve_decided(rows: list[dict]) -> dict[str, int]:
    """Per configuration with forced moves before SAT: how many boards they decided (no SAT
    call was made); empty when none did."""
    decided: dict[str, set[str]] = defaultdict(set)
    for row in rows:
        if row.get("sat_bound") is False:
            decided[row["config"]].add(row["board"])
    return {config: len(names) for config, names in decided.items()}


def disagreements(rows: list[dict]) -> list[dict]:
    """Boards on which two configurations reached different definite verdicts (a bug)."""
    verdicts: dict[str, dict[str, str]] = defaultdict(dict)
    for row in rows:
        if row["status"] in SOLVED:
            verdicts[row["board"]][row["config"]] = row["status"]
    return [{"board": b, "verdicts": v} for b, v in verdicts.items() if len(set(v.values())) > 1]


def never_reached_sat(rows: list[dict]) -> list[str]:
    """Configurations that answered boards but made no SAT call on any (the forced moves
    decided every board they answered): they measured no solver, so they are reported as
    such, not ranked.  One whose runs were all cut off before a SAT call answered nothing:
    it is unsolved, and ranked so."""
    calls: dict[str, int] = defaultdict(int)
    answered: dict[str, bool] = defaultdict(bool)
    for row in rows:
        calls[row["config"]] += row.get("sat_calls") or 0
        answered[row["config"]] |= row["status"] in SOLVED
    return [config for config, n in calls.items() if n == 0 and answered[config]]


def per_board_table(rows: list[dict]) -> list[dict]:
    """The per-board figures of :func:`median_per_board` as JSON-ready objects (``inf``, a
    quantile reached by unsolved runs, as None)."""
    out = []
    for (config, board), m in median_per_board(rows).items():
        item = {"config": config, "board": board, "status": m["status"], "solved": m["solved"],
                "runs": m["runs"], "solved_runs": m["solved_runs"]}
        for name in ("seconds", "seconds_min", "seconds_q1", "seconds_q3", "seconds_max"):
            item[name] = round(m[name], 6) if math.isfinite(m[name]) else None
        out.append(item)
    return out


def to_csv(rows: list[dict]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=CSV_FIELDS, extrasaction="ignore")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: (round(v, 6) if isinstance(v, float) else v) for k, v in row.items()})
    return buffer.getvalue()

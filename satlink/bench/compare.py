"""``satlink bench compare A.json B.json``: is one configuration faster than another on the
same boards, beyond the noise?

Each side is one configuration of a results file (``FILE:LABEL``; without a label, the
file's baseline).  The boards both solved are paired by name; on them the paired Wilcoxon
signed-rank test (:mod:`satlink.bench.stats`) asks whether the per-board median times differ,
and the ratio of summed times gets a bootstrap interval.  Boards only one side solved are
counted apart: a test on times says nothing about them.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from satlink.bench.stats import bootstrap_ratio, wilcoxon_signed_rank
from satlink.bench.summary import median_per_board

SIGNIFICANCE = 0.05


class CompareError(ValueError):
    """A side that cannot be read or names no configuration of its file."""


@dataclass
class Side:
    path: str
    label: str
    rows: list[dict]
    corpus: str | None


def read_side(spec: str) -> Side:
    """``FILE`` or ``FILE:LABEL`` as a :class:`Side` (a label may hold ``/`` but not ``:``)."""
    path, label = spec, None
    if not Path(spec).is_file() and ":" in spec:
        path, label = spec.rsplit(":", 1)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CompareError(f"{path}: not a readable 'satlink bench --out' file ({exc})") from None
    if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
        raise CompareError(f"{path}: not a 'satlink bench --out' results file (no rows)")
    labels = list(dict.fromkeys(r.get("config") for r in data["rows"]))
    label = label or data.get("settings", {}).get("baseline") or (labels[0] if labels else None)
    if label not in labels:
        raise CompareError(f"{path}: no configuration {label!r} (it has: {', '.join(labels)})")
    rows = [r for r in data["rows"] if r.get("config") == label]
    return Side(path, label, rows, (data.get("corpus") or {}).get("sha256"))


def compare(a: Side, b: Side) -> dict:
    """The comparison of ``a`` against ``b`` as one JSON-ready object."""
    per_a, per_b = _per_board(a), _per_board(b)
    boards = [name for name in per_a if name in per_b]
    both = [name for name in boards if per_a[name]["solved"] and per_b[name]["solved"]]
    times_a = [per_a[name]["seconds"] for name in both]
    times_b = [per_b[name]["seconds"] for name in both]
    test = wilcoxon_signed_rank(times_a, times_b)
    ratio = round(sum(times_a) / sum(times_b), 4) if both and sum(times_b) else None
    faster = None
    if test["p_value"] < SIGNIFICANCE and test["n"]:
        faster = a.label if test["w_plus"] < test["w_minus"] else b.label
    cpu = _cpu_test(per_a, per_b, both)
    return {"a": {"file": a.path, "config": a.label}, "b": {"file": b.path, "config": b.label},
            "same_corpus": a.corpus == b.corpus if a.corpus and b.corpus else None,
            "boards_in_both": len(boards), "solved_by_both": len(both),
            "solved_only_by_a": sum(per_a[n]["solved"] and not per_b[n]["solved"] for n in boards),
            "solved_only_by_b": sum(per_b[n]["solved"] and not per_a[n]["solved"] for n in boards),
            "seconds_a": round(sum(times_a), 4), "seconds_b": round(sum(times_b), 4),
            "ratio": ratio, "ratio_ci95": bootstrap_ratio(times_a, times_b),
            "wilcoxon": test, "cpu_wilcoxon": cpu, "significance": SIGNIFICANCE,
            "faster": faster}


def _per_board(side: Side) -> dict[str, dict]:
    return {board: m for (_, board), m in median_per_board(side.rows).items()}


def _cpu_test(per_a: dict, per_b: dict, both: list[str]) -> dict | None:
    pairs = [(per_a[n].get("cpu_seconds"), per_b[n].get("cpu_seconds")) for n in both]
    if not pairs or any(x is None or y is None or not math.isfinite(x) or not math.isfinite(y)
                        for x, y in pairs):
        return None
    return wilcoxon_signed_rank([x for x, _ in pairs], [y for _, y in pairs])


def sentence(result: dict) -> str:
    """The comparison in words, for the terminal."""
    a, b = result["a"]["config"], result["b"]["config"]
    test = result["wilcoxon"]
    ci = result["ratio_ci95"]
    interval = f" (95% bootstrap interval {ci[0]:.3f}-{ci[1]:.3f})" if ci else ""
    lines = [f"A = {a} ({result['a']['file']}), B = {b} ({result['b']['file']})",
             f"{result['solved_by_both']} boards solved by both, "
             f"{result['solved_only_by_a']} only by A, {result['solved_only_by_b']} only by B"
             + ("" if result["same_corpus"] is not False else "; the two corpora differ "
                "(boards paired by name)")]
    if result["ratio"] is not None:
        lines.append(f"time A/B on the common boards: {result['ratio']:.3f}{interval}")
    lines.append(f"Wilcoxon signed-rank ({test['method']}, n={test['n']}): W+={test['w_plus']:g}, "
                 f"W-={test['w_minus']:g}, p={test['p_value']:.4g}: "
                 + (f"{result['faster']} is faster" if result["faster"]
                    else f"no difference at the {result['significance']} level"))
    return "\n".join(lines)

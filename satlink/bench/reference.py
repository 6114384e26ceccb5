"""The reference verdict a measured answer is held against.

A configuration under test (an external binary, a new encoding, a backend option) can answer
wrongly; agreeing with the other configurations is no proof, since all of them may be under
test.  So each board is first checked by satlink itself (:func:`satlink.solver.check.check`
with the default method, every solution it reports checked by the referee), within the same
cutoff, and a run whose definite answer contradicts that verdict is **wrong**: its status is
``wrong`` (the answer kept as ``wrong_status``), it counts as unsolved everywhere (solved,
PAR-2, the common set, plots) and it is reported before the table.  A board whose reference
did not finish has no reference (``expected`` null); its runs are only cross-checked.
"""

from __future__ import annotations

DEFINITE = ("unique", "multiple", "unsolvable")
"""The answers a reference can contradict (a timeout or an error claims nothing)."""
WRONG = "wrong"


def reference_verdict(board, rules: str, timeout: float | None) -> str | None:
    """satlink's own verdict on ``board`` under ``rules`` within ``timeout`` seconds, or None
    when it is not definite (timed out, too large, or failed)."""
    import math

    from satlink.rules import parse_rules
    from satlink.solver.check import check

    limit = None if timeout is None or math.isinf(timeout) else timeout
    try:
        status = str(check(board, parse_rules(rules), timeout=limit).status.value)
    except Exception:  # noqa: BLE001 - no reference is better than a wrong one
        return None
    return status if status in DEFINITE else None


def hold_to(row: dict, expected: str | None) -> dict:
    """Record ``expected`` in ``row`` and turn a contradicting definite answer into
    ``wrong``."""
    row["expected"] = expected
    if expected is not None and row["status"] in DEFINITE and row["status"] != expected:
        row["wrong_status"] = row["status"]
        row["status"] = WRONG
    return row


def wrong_answers(rows: list[dict]) -> list[dict]:
    """Every run that answered against the reference, in the order measured."""
    return [{"board": r["board"], "config": r["config"], "repeat": r.get("repeat", 0),
             "answered": r["wrong_status"], "expected": r["expected"]}
            for r in rows if r["status"] == WRONG]

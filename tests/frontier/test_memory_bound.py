"""The compiled sweep's memory bound counts what the sweep holds (every open level's tables,
the witnesses' arena, the degree lookahead's sets) and stops before passing it: the process
grows by no more than the bound, the outcome is ``refused`` (the route hands on), and a bound
that lets the sweep end changes no count or solution."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from satlink import Board, parse_rules
from satlink.frontier import COMPLETE, REFUSED, count
from satlink.frontier import schedule as scheduling
from satlink.frontier.engines import compiled_available
from satlink.frontier.state import Model
from testbed.boards import boards

pytestmark = pytest.mark.skipif(not compiled_available(), reason="the compiled sweep is not built")

MIB = 2**20
OPEN_NIKOLI = ["A.B.C.D.E.F.", *["............"] * 10, "F.E.D.C.B.A."]
"""Six labels across an open board: about 15 MiB of tables to end the sweep."""
OPEN_FILL = ["A...B...C...D", *["............."] * 12, "D...C...B...A"]
"""Under fill: the lookahead's sets and carried levels, about 17 MiB to end."""
SLACK = 2 * MIB
"""What the process may grow beyond the bound: the schedule, Python's objects, the walker's
states and the allocator's rounding, none of which the sweep counts."""


def sweep(rows: list[str], profile: str, max_bytes: int | None, limit: int = 2):
    from satlink.frontier.compiled import CompiledSweep

    rules = parse_rules(profile)
    plan = scheduling.build(Board.from_rows(rows), rules)
    model = Model(plan.n_labels, rules.fill, rules.notouch, rules.no2x2)
    return CompiledSweep().run(plan, model, limit, 2, None, None, max_bytes)


def grown(rows: list[str], profile: str, max_bytes: int) -> dict:
    """The outcome of a count in a fresh process, and how far its resident memory grew above
    what it held before the call (the high-water mark after, less the resident size before)."""
    program = textwrap.dedent(f"""
        import json
        from satlink import Board
        from satlink.frontier import count

        def status(key):
            for line in open("/proc/self/status"):
                if line.startswith(key):
                    return int(line.split()[1]) * 1024

        board = Board.from_rows({rows!r})
        before = status("VmRSS:")
        outcome = count(board, {profile!r}, max_bytes={max_bytes}, estimate_first=False)
        print(json.dumps({{"ended": outcome.ended, "reason": outcome.reason,
                          "growth": status("VmHWM:") - before}}))
    """)
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          timeout=120, check=True)
    return json.loads(done.stdout)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
@pytest.mark.parametrize(("rows", "profile"), [(OPEN_NIKOLI, "nikoli"), (OPEN_FILL, "fill")])
def test_a_small_bound_stops_the_sweep_before_the_process_passes_it(rows, profile) -> None:
    bound = 4 * MIB
    whole = sweep(rows, profile, None)
    assert whole.ended == "complete" and whole.peak_bytes > 2 * bound  # it would pass the bound
    got = grown(rows, profile, bound)
    assert got["ended"] == REFUSED and "would pass 4 MiB" in got["reason"]
    assert got["growth"] <= bound + SLACK, got
    assert count(Board.from_rows(rows), profile).ended == COMPLETE  # the default bound: done


@pytest.mark.parametrize("profile", ["fill", "nikoli", "flow", "no2x2"])
def test_a_bound_either_stops_the_sweep_or_changes_nothing(profile: str) -> None:
    """Every bound from one that leaves no room to one that leaves plenty: the count and the
    solutions as without a bound, or ``memory``; and the bytes held never above the bound."""
    stopped = ended = 0
    for rows in boards(seed=4471 + len(profile), n=12):
        free = sweep(rows, profile, None, limit=10**6)
        assert free.ended == "complete"
        for bound in (1, 4096, 16 * 1024, 64 * 1024, 256 * 1024, 4 * MIB):
            got = sweep(rows, profile, bound, limit=10**6)
            assert got.peak_bytes <= bound
            if got.ended == "memory":
                stopped += 1
                continue
            ended += 1
            assert (got.ended, got.count, got.edge_sets) == ("complete", free.count,
                                                             free.edge_sets)
    assert stopped and ended  # both sides of the bound were met

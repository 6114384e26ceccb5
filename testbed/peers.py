"""Running the peers beside satlink: TdZdd's exact solution counter ``ddnumlin`` (built by
``../shared/peers/build.sh``), the independent count that benchmarks and tests compare
satlink's plain-``fill`` verdicts with."""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
import time


def ddnumlin_input(rows: list[str]) -> str:
    """A board in ddnumlin's input: ``cols rows``, then ``-`` or a label number per cell."""
    labels: dict[str, int] = {}
    lines = [f"{len(rows[0])} {len(rows)}"]
    for row in rows:
        lines.append(" ".join("-" if ch == "." else str(labels.setdefault(ch, len(labels) + 1))
                              for ch in row))
    return "\n".join(lines) + "\n"


def ddnumlin_count(ddnumlin: str, rows: list[str], timeout: float) -> tuple[int | None, float]:
    """(solutions under plain ``fill``, seconds) from ``ddnumlin -a -k 0 -m 0``; None solutions
    when it did not finish.  One thread (``OMP_NUM_THREADS=1``), as satlink's check runs."""
    with tempfile.NamedTemporaryFile("w", suffix=".dat", delete=False) as f:
        f.write(ddnumlin_input(rows))
    begun = time.perf_counter()
    try:
        done = subprocess.run([str(ddnumlin), "-a", "-k", "0", "-m", "0", f.name],
                              capture_output=True, text=True, timeout=timeout,
                              env=dict(os.environ, OMP_NUM_THREADS="1"))
    except subprocess.TimeoutExpired:
        return None, timeout
    finally:
        os.unlink(f.name)
    seconds = time.perf_counter() - begun
    found = re.search(r"#solution\s*=\s*(\d+)", done.stdout + done.stderr)
    return (int(found.group(1)) if found else None), seconds

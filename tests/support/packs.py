"""A small pack with one board per validation status, shared by the batch and report tests."""

from __future__ import annotations

import json
from pathlib import Path

from satlink.solver.method import Method
from testbed.boards import parity_rows

PARITY = parity_rows(20)
"""A 20x20 parity board: unsolvable, and slow for SAT to prove so (the pack's timeout board)."""

SAT_ALONE = Method(presolve=False)
"""What the tests that need the parity board to time out run with: the deductions' chessboard
count (satlink/deduce/parity.py) proves it unsolvable at once, SAT alone takes its time."""


def write_mixed_pack(folder: Path) -> list[str]:
    """One board per status (timeout needs --timeout; error is tested by killing a worker)."""
    wh = folder / "pack.txt"
    wh.write_text("\n".join([
        "3 3", "AB.", "...", "A.B",   # 1 multiple under fill
        "2 2", "AB", "BA",            # 2 unsolvable
        "3 1", "A.A",                 # 3 unique
        "3 3", "AB.", "...", "A.B",   # 4 duplicate of 1
        "3 2", "A.A", "..",           # 5 invalid: ragged row
        "20 20", *PARITY,             # 6 timeout
    ]) + "\n")
    js = folder / "shipped.jsonl"
    js.write_text(  # a shipped path that jumps; a shipped path that leaves cells empty
        json.dumps({"grid": ["C..C"], "solution": {"C": [[0, 0], [0, 3]]}}) + "\n"
        + json.dumps({"grid": ["D.D", "..."], "solution": {"D": [[0, 0], [0, 1], [0, 2]]}}) + "\n")
    return [str(wh), str(js)]

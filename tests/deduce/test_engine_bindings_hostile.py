"""Bad arguments to the compiled engine's bindings (``satlink.deduce._core``) raise Python
exceptions; they never crash the interpreter nor read or write outside the engine's arrays.

Each call runs in a child process, so a crash fails its own case instead of the whole run.
A call the Python engine answers (a negative index counts from the end there, a colour past
the last one reaches nothing) may instead give the Python engine's answer; what no case may
do is return what an out-of-range read happened to find, or die.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from satlink.deduce.engines import compiled
from tests.support.paths import ROOT

pytestmark = pytest.mark.skipif(compiled() is None, reason="the compiled engine is not built")


SETUP = """
from array import array
from satlink.board import Board
from satlink.deduce import Contradiction, Puzzle
from satlink.deduce.engines import PYTHON, compiled
from satlink.deduce.lookahead import LookaheadBudget
from satlink.rules import parse_rules

C = compiled()
core = C._core
board = Board.from_rows(["A.B", "...", "A.B"])
p = Puzzle(board, parse_rules("flow"))
st, ref = C.state(p), PYTHON.state(p)
E = len(p.edges)
"""

# (name, the call on the compiled engine, the same call on the Python one or None)
CASES = [
    ("set_on past the last edge", "st.set_on(E)", None),
    ("set_on far past the last edge", "st.set_on(10**6)", None),
    ("set_on of a negative edge", "st.set_on(-1)", None),
    ("set_off far past the last edge", "st.set_off(10**6)", None),
    ("set_off of a negative edge", "st.set_off(-1)", None),
    ("restrict of a node past the last", "st.restrict(10**6, 1)", None),
    ("restrict of a negative node", "st.restrict(-1, 1)", None),
    ("colour of a node past the last", "st.colour(10**6)", None),
    ("colour of a negative node", "st.colour(-1)", None),
    ("need of a node past the last", "st.need(10**6)", None),
    ("need of a negative node", "st.need(-1)", None),
    ("reach from a node past the last", "st.reach(0, 10**6)", None),
    ("reach from a negative node", "st.reach(0, -1)", None),
    ("reach of a colour past the last", "st.reach(10**4, 0)", "ref.reach(10**4, 0)"),
    ("reach of a negative colour", "st.reach(-1, 0)", None),
    ("look-ahead to a negative depth", "C.lookahead(st, -1, LookaheadBudget(50))",
     "PYTHON.lookahead(ref, -1, LookaheadBudget(50))"),
    ("a state of no graph", "core.State(None)", None),
    ("a graph whose open nodes lie outside it",
     "core.graph(3, array('i', [0, 1, 99]), array('i', [0, 1]), [], True, True, [])", None),
    ("a graph whose open nodes are negative",
     "core.graph(3, array('i', [-1, 0, 1]), array('i', [0, 1]), [], True, True, [])", None),
    ("a graph whose no2x2 block names a node outside it",
     "core.graph(3, array('i', [0, 1, 2]), array('i', [0, 1]), [], True, True, [[0, 1, 50, 2]])",
     None),
    ("a graph whose no2x2 block names a negative node",
     "core.graph(3, array('i', [0, 1, 2]), array('i', [0, 1]), [], True, True, [[0, -3, 1, 2]])",
     None),
    ("an edge array naming node 2**32 + 1",
     "import numpy as np; core.graph(3, array('i', [0, 1, 2]), np.array([0, 2**32 + 1], "
     "dtype=np.int64), [], True, True, [])", None),
    ("an edge array of floats",
     "import numpy as np; core.graph(3, array('i', [0, 1, 2]), np.array([0.0, 1.0]), [], True, "
     "True, [])", None),
    ("an edge array of two dimensions",
     "import numpy as np; core.graph(3, array('i', [0, 1, 2]), np.array([[0, 1]]), [], True, "
     "True, [])", None),
    ("edges as tuples, not a buffer", "core.graph(3, array('i', [0, 1, 2]), [(0, 1)], [], True, "
     "True, [])", None),
    ("an odd number of edge ends", "core.graph(3, array('i', [0, 1, 2]), array('i', [0, 1, 2]), "
     "[], True, True, [])", None),
    ("edges out of order", "core.graph(3, array('i', [0, 1, 2]), array('i', [1, 2, 0, 1]), [], "
     "True, True, [])", None),
    ("a technique given as a number", "core.run(st, 99)", None),
    ("a state given as something else", "core.fixpoint(p, [])", None),
]

CHILD = """
{setup}
def outcome(code):
    try:
        value = eval(code) if "\\n" not in code and ";" not in code else exec(code)
    except Contradiction as why:
        return ("contradiction", why.kind)
    except (IndexError, ValueError, TypeError, OverflowError) as exc:
        return ("raised", type(exc).__name__)
    return ("returned", value)

REFERENCE = {reference!r}
mine = outcome({call!r})
if mine[0] == "raised":
    print("RAISED", mine[1])
elif REFERENCE is not None and mine == outcome(REFERENCE):
    print("AGREES")
else:
    print("ANSWERED", repr(mine)[:200])
"""


@pytest.mark.parametrize("name,call,reference", CASES, ids=[case[0] for case in CASES])
def test_a_bad_argument_raises_and_never_crashes(name: str, call: str, reference: str | None) -> None:
    child = textwrap.dedent(CHILD).format(setup=SETUP, call=call, reference=reference)
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, (name, done.returncode, done.stderr[-800:])
    assert done.stdout.startswith(("RAISED", "AGREES")), (name, done.stdout)


DEEP_SPLIT = """
import threading
from satlink.board import Board
from satlink.deduce import Puzzle
from satlink.deduce.engines import compiled
from satlink.deduce.split import CaseSplits
from satlink.rules import parse_rules

side = 60
board = Board.from_rows(["A" + "." * (side - 1)] + ["." * side] * (side - 2)
                        + ["." * (side - 1) + "A"])
outcome = []

def search():
    try:
        found = CaseSplits(10**6, 1, ("corner", "notouch"), max_depth=3000)
        outcome.append(compiled().split(compiled().state(Puzzle(board, parse_rules("nikoli"))), found))
    except (RecursionError, MemoryError, RuntimeError) as exc:
        outcome.append(type(exc).__name__)

threading.stack_size(1 << 20)
worker = threading.Thread(target=search)
worker.start()
worker.join()
print("ENDED", outcome)
"""


def test_a_deep_case_split_in_a_thread_ends_without_a_crash() -> None:
    """The search by case splits dives one level per split (limit 1, nikoli on an open 60x60
    board): 3000 levels in a thread with a 1 MiB stack.  The Python engine raises
    RecursionError there; the compiled one may finish, stop at its depth, or raise, but the
    process must live."""
    done = subprocess.run([sys.executable, "-c", DEEP_SPLIT], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert done.returncode == 0 and done.stdout.startswith("ENDED"), (done.returncode,
                                                                    done.stderr[-800:])


def test_a_count_past_the_c_int_range_reaches_the_case_splits() -> None:
    """``check --count 3000000000`` (or ``explain --count``) hands its count to the compiled
    search by case splits as the number of solutions to stop at; a count that does not fit a
    C int must deduce what the Python engine deduces under the same plan (it was an internal
    error: pybind11's TypeError)."""
    from satlink import Board
    from satlink.deduce.engines import PYTHON
    from satlink.rules import parse_rules
    from satlink.solver.presolve import plan_for, presolve

    board = Board.from_rows(["A........", ".........", ".........", "....B....", ".........",
                             ".........", "....B....", ".........", "........A"])
    rules = parse_rules("fill")
    plan = plan_for(board, rules, compiled())
    assert plan.split_budget and presolve(board, rules, limit=3, plan=plan,
                                          using=compiled()).stage == "split"  # it gets there
    mine, theirs = (presolve(board, rules, limit=3_000_000_000, plan=plan, using=eng)
                    for eng in (compiled(), PYTHON))
    assert (mine.outcome, mine.decided, mine.states) == (theirs.outcome, theirs.decided,
                                                         theirs.states)

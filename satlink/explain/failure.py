"""A contradiction of the deduction engine in words: what failed, where, and (with the
failing state) the side of the board a colour is walled into."""

from __future__ import annotations

from satlink.board import Board
from satlink.deduce import FAILURES, Contradiction, Puzzle
from satlink.deduce.engines import StateLike

STEP_FAILURES = {"loop": "close a loop", "two-colours": "join two different colours",
                 "touch": "make a path run beside itself (notouch)", "edge-on-off": ""}


def describe(board: Board, p: Puzzle, why: Contradiction,
             st: StateLike | None = None) -> tuple[str, str, list[int], list[tuple[int, int]]]:
    """A contradiction as (kind, sentence, nodes, edges); with the failing state ``st``, a
    colour that cannot reach its pair is shown by the smaller side it is walled into."""
    def at(x: int) -> str:
        r, c = board.coord(x)
        return f"({r},{c})"

    kind = why.kind or "contradiction"
    label = p.labels[why.label] if why.label >= 0 else None
    nodes = list(why.nodes)
    edges = [p.edges[e] for e in why.edges]
    if kind == "unreachable" and label is not None:
        sides = [why.reached] if why.reached is not None else []
        if st is not None:
            sides = [st.reach(why.label, end) for end in p.ends[why.label]]
        if sides:
            side = min(sides, key=sum)
            nodes = [x for x in p.nodes if side[x]]
        a, b = p.ends[why.label]
        text = (f"colour {label} cannot reach its pair: from {at(a) if a in nodes else at(b)} "
                f"it can only get to {len(nodes)} cell(s), walled in by other paths and edges")
    elif kind in ("too-many", "no-way") and nodes:
        x = nodes[0]
        end = p.end_label[x]
        who = f"endpoint {p.labels[end]} at {at(x)}" if end >= 0 else f"cell {at(x)}"
        text = (f"{who} has no way left for its path" if kind == "no-way"
                else f"{who} would have too many path edges")
    elif kind == "no-colour" and nodes:
        text = f"no colour can reach cell {at(nodes[0])} any more, yet every cell must be filled"
    elif kind in STEP_FAILURES and len(nodes) == 2:
        if kind != "edge-on-off":
            text = (f"the deductions need the step {at(nodes[0])} - {at(nodes[1])}, which "
                    f"would {STEP_FAILURES[kind]}")
        else:
            text = (f"the step {at(nodes[0])} - {at(nodes[1])} must be both on a path and off "
                    "it")
    elif kind == "block" and label is not None:
        text = f"colour {label} would fill the block {', '.join(at(x) for x in nodes)} (no2x2)"
    elif kind == "split" and label is not None:
        text = (f"neighbours {at(nodes[0])} and {at(nodes[1])} both carry colour {label} but "
                "cannot be joined")
    elif nodes:
        text = f"{FAILURES.get(kind, 'a contradiction')} at {', '.join(at(x) for x in nodes)}"
    else:
        text = FAILURES.get(kind, "a contradiction")
    return kind, text, nodes, edges

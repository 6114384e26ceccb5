"""A pack with a grade target per slot (``generate --curve easy,easy,medium,hard``).

Attempts aim at the slots' targets in turn (:func:`satlink.generate.bands.attempt_target`)
and keep only a puzzle in their target; a kept puzzle whose target has all its slots filled
already is discarded ("slot-full"), decided in attempt order like every other outcome, so
the pack is the same for any ``--jobs`` and a resumed run goes on where it stopped.  The run
then holds exactly as many puzzles of each target as there are slots for it, and the pack is
written slot by slot.
"""

from __future__ import annotations

from collections import Counter

from satlink.generate.catalogue import Catalogue
from satlink.generate.params import Params

FULL = "slot-full"


def filled(catalogue: Catalogue, params: Params) -> Counter:
    """How many stored puzzles of the run meet each slot target."""
    rows = catalogue.puzzles(run=params.key(), order="attempt")
    return Counter(row["quality"].get("slot_target", "") for row in rows)


def is_full(target: str, params: Params, have: Counter) -> bool:
    """Whether every slot of ``target`` holds a puzzle already."""
    return have[target] >= params.slots.count(target)


def in_slot_order(rows: list[dict], slots: tuple[str, ...]) -> list[dict]:
    """``rows`` (in attempt order) placed in their slots: slot j takes the earliest puzzle
    of its target not placed yet; slots no puzzle reached are left out (a short run)."""
    waiting: dict[str, list[dict]] = {}
    for row in rows:
        waiting.setdefault(row["quality"].get("slot_target", ""), []).append(row)
    for queue in waiting.values():
        queue.reverse()
    return [waiting[t].pop() for t in slots if waiting.get(t)]

"""The one-file player: a pack written as a single HTML page that plays its puzzles in any
browser, with no server and no network (``satlink convert PACK --to player``, ``satlink
export --to player``, the studio's Share).

The page inlines satlink's board drawing module (``board.js``), its rules of the hand
(``hand.js``, the studio's Play mode's too) and ``player.js``.  A puzzle is written only when it
is proven unique under its rules: the page then needs no solver to say "Solved!", only the
solution's fingerprint (:func:`solution_hash`, SHA-256 of :func:`solution_text`), which
the drawing must match.  Since the solution is the puzzle's only one, a drawing that matches it
is right and every other whole drawing is not, whatever the rules; and the file does not
hand the answer to a player who reads its source.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from importlib import resources

from satlink.board import Board
from satlink.formats.entry import Entry
from satlink.geometry import geometry_to_json
from satlink.rules import Rules
from satlink.solution import Solution
from satlink.solver.check import check
from satlink.solver.verdict import Status

CHECK_SECONDS = 10.0
"""Seconds the proof of one puzzle may take before it is left out."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle of the player: where it came from (``name``), its board, rules and one
    solution (proven the only one)."""

    name: str
    board: Board
    rules: Rules
    solution: Solution


def solution_text(board: Board, solution: Solution) -> str:
    """What a drawing is fingerprinted as (player.js's ``drawingText``, the same text): the
    board's size, then per label in code point order its path's steps as sorted pairs of
    cell numbers, so neither the direction a path was drawn in nor its order counts."""
    parts = []
    for label, cells in sorted(solution.to_cells(board).items()):
        steps = sorted(tuple(sorted(pair)) for pair in zip(cells, cells[1:], strict=False))
        parts.append(label + ":" + ",".join(f"{a}-{b}" for a, b in steps))
    return f"{board.width}x{board.height}|" + ";".join(parts)


def solution_hash(board: Board, solution: Solution) -> str:
    return hashlib.sha256(solution_text(board, solution).encode("utf-8")).hexdigest()


def playable(entries: Iterable[Entry], seconds: float = CHECK_SECONDS,
             deadline_left=None) -> tuple[list[Puzzle], list[str]]:
    """The entries that can be played: each checked under its rules (``flow`` when it names
    none) and kept when unique, with the solution the check proved; and, for each one left
    out, a sentence naming it and why (unreadable, more than one solution, unsolvable, no
    verdict in time).  ``deadline_left``: a callable giving the seconds left to the whole
    run (a studio request's), each check held to the smaller of the two."""
    puzzles, left_out = [], []
    for entry in entries:
        name = f"{entry.source} board {entry.index}"
        if entry.board is None:
            left_out.append(f"{name}: could not be read ({entry.error})")
            continue
        rules = entry.rules_under(None)
        seconds_now = seconds if deadline_left is None else min(seconds, deadline_left())
        verdict = check(entry.board, rules, timeout=max(0.0, seconds_now))
        if verdict.status != Status.UNIQUE:
            why = {Status.MULTIPLE: "has more than one solution, so a player's other one "
                   "could not be told right", Status.UNSOLVABLE: "has no solution"}.get(
                verdict.status, f"was not proven unique ({verdict.status})")
            left_out.append(f"{name}: left out, it {why} under {rules.name}")
            continue
        puzzles.append(Puzzle(name, entry.board, rules, verdict.solutions[0]))
    return puzzles, left_out


def _asset(name: str) -> str:
    return (resources.files("satlink.render") / name).read_text(encoding="utf-8")


def _script(text: str) -> str:
    """Text safe inside <script>: nothing in it can close the element."""
    return text.replace("</", "<\\/")


def _puzzle_json(puzzle: Puzzle) -> dict:
    board: dict = {"grid": list(puzzle.board.rows)}
    if not puzzle.board.geometry.is_plain:
        board["geometry"] = geometry_to_json(puzzle.board.geometry, puzzle.board.width)
    return {"name": puzzle.name, "board": board, "rules": puzzle.rules.name,
            "hash": solution_hash(puzzle.board, puzzle.solution)}


def player_html(puzzles: list[Puzzle], title: str = "satlink puzzles") -> str:
    """The page: every puzzle, the scripts and the styles in one file."""
    if not puzzles:
        raise ValueError("no puzzle to play: a player needs at least one board proven unique")
    pack = {"title": title, "puzzles": [_puzzle_json(p) for p in puzzles]}
    return (
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:\">"
        f"<title>{escape(title)}</title><style>{_asset('player.css')}</style></head><body>"
        f"<header><h1>{escape(title)}</h1><span id=\"where\"></span>"
        "<button id=\"prev\">◀ Previous</button><button id=\"next\">Next ▶</button></header>"
        "<main><svg id=\"board\" tabindex=\"0\" xmlns=\"http://www.w3.org/2000/svg\" "
        "aria-label=\"the puzzle: a label's key picks its colour, the arrows draw, "
        "Backspace undoes\"></svg>"
        "<div id=\"status\" role=\"status\"></div>"
        "<p><button id=\"undo\" title=\"Backspace\">Undo</button> "
        "<button id=\"reset\">Start again</button></p>"
        "<p class=\"help\">Join each pair of like endpoints with a path. Drag from an "
        "endpoint, or use the keys: a label's key picks its colour, the arrows extend its "
        "path (with none picked they move the cursor; on hexagons Shift with ← → takes the "
        "upper neighbour), Enter picks what is under the cursor, Backspace undoes, Esc lets "
        "go; PageDown and PageUp change puzzle.</p></main>"
        f"<script>{_script(_asset('board.js'))}</script>"
        f"<script>{_script(_asset('hand.js'))}</script>"
        f"<script>window.SATLINK_PACK = {_script(json.dumps(pack, ensure_ascii=False))};</script>"
        f"<script>{_script(_asset('player.js'))}</script>"
        "</body></html>\n")

"""Draw mode: the designer draws the solution, the puzzle is the drawn paths' ends.

The page sends the paths drawn in the editor beside the board (``paths``: ``{label: [[row,
col], ...]}``, a bridge cell once per crossing, as Play sends them), the board holding their
ends as endpoints.  This module reads them (:func:`drawn_cells`, :func:`painting_from`: the
same reading as ``satlink paint``'s, :func:`satlink.formats.painted.painting_of`, every mistake
located), judges the drawing beside the live verdict (:func:`drawing_json`: the drawing is
the puzzle's one solution, one of several (with another one and the cells where they
differ), breaks a rule, or is partial), and searches the fixes that keep it
(:func:`api_fix`: :func:`satlink.painted.fix.fix_painting`'s cuts and slides, and walls on
variant boards, each proven unique).
"""

from __future__ import annotations

from satlink.board import Board, BoardError
from satlink.formats.painted import Painting, painting_of
from satlink.painted.judge import painted_verdict
from satlink.repair.plans import outcome_words
from satlink.rules import Rules
from satlink.solver.verdict import Status, Verdict
from satlink.studio.boards import BoardProblem
from satlink.studio.repairs import search_seconds
from satlink.studio.requests import Ask, Problem, board_and_rules, channel_of


def bound_paths(board: Board, data: dict) -> None:
    """Refuse (400) ``paths`` longer than any drawing of ``board`` can be, before a cell of
    them is read: every path lies on the board, a bridge cell counts once per crossing, so
    all of them together hold at most twice its cells.  A body of megabytes under the byte
    bound then costs what the board costs, not what the body holds."""
    paths = data.get("paths")
    if not isinstance(paths, dict):
        return  # absent, or refused by its reader with its own message
    limit = 2 * board.size
    if len(paths) > limit:
        raise Problem(400, {"message": f"{len(paths):,} paths: longer than a drawing of this "
                            f"board can be ({limit:,} cells at most)"})
    cells = sum(len(path) for path in paths.values() if isinstance(path, (list, str)))
    if cells > limit:
        raise Problem(400, {"message": f"the paths hold {cells:,} cells: longer than a drawing "
                            f"of this board can be ({limit:,} cells at most)"})


def drawn_cells(board: Board, data: dict) -> dict[str, list[int]]:
    """The request's ``paths`` as cell lists (``{}`` when absent); a malformed one is a 400
    naming the path."""
    paths = data.get("paths") or {}
    if not isinstance(paths, dict):
        raise Problem(400, {"message": "'paths' must be {label: [[row, col], ...]}"})
    bound_paths(board, data)
    drawn = {}
    for label, path in paths.items():
        try:
            drawn[label] = [board.cell_at(r, c) for r, c in path]
        except (TypeError, ValueError):
            raise Problem(400, {"message": f"path {label}: cells are [row, col] pairs"}) from None
        if None in drawn[label]:
            raise Problem(400, {"message": f"path {label}: a cell off the board"})
    return drawn


def painting_from(board: Board, drawn: dict[str, list[int]]) -> Painting:
    """The drawing read as ``satlink paint`` reads one; a path that is no path is a located
    :class:`BoardProblem`."""
    try:
        return painting_of(board, drawn)
    except BoardError as exc:
        raise BoardProblem(exc.message, exc.row, exc.col) from None


def drawing_json(painting: Painting, verdict: Verdict, rules: Rules) -> dict:
    """The drawing judged beside the puzzle's verdict: ``outcome`` (``unique-solution``,
    ``one-of-several``, ``breaks-rules``, ``partial``, ...), the referee's ``errors``, and
    for ``one-of-several`` the ``other`` solution and the ``diff_cells`` where it parts from
    the drawing; for a partial drawing, the pairs without a path and the cells not drawn."""
    out = painted_verdict(painting, verdict, rules).as_dict()
    out.pop("sentence", None)  # the command line's words; the page says it its own way
    out["paths"] = len(painting.drawn)
    return out


async def api_fix(ask: Ask, data: dict) -> dict:
    """Changes to a whole drawing whose puzzle has another solution that keep the drawing
    (a path cut where the solutions part, an end handed to the neighbouring path, a wall on
    a variant board), each proven unique, within ``seconds``."""
    from satlink.painted.fix import PaintFixOptions, fix_painting

    board, rules = board_and_rules(ask, data)
    bound_paths(board, data)
    channel, seq = channel_of(data)
    seconds = search_seconds(ask, data)
    progress = ask.studio.progress.start(channel)
    walls = not board.geometry.is_plain

    def work():
        painting = painting_from(board, drawn_cells(board, data))
        drawn = painting.solution()
        if drawn is None:
            raise Problem(400, {"message": "the drawing is not whole yet: draw every pair's "
                                "path (or press Complete) before asking for fixes that keep it"})
        options = PaintFixOptions(seconds=seconds, walls=walls, progress=progress)
        return fix_painting(painting.board, drawn, rules, options)

    try:
        found = await ask.run(work, channel, seq)
    finally:
        ask.studio.progress.end(channel, progress)
    out = found.as_dict()
    for proposal in out["proposals"]:
        for edit in proposal["edits"]:
            edit["outcome"] = _words(edit)
    for edit in out["partial"]:
        edit["outcome"] = _words(edit)
    out["budget"] = seconds
    out["seq"] = seq
    out["statement"] = _statement(found, seconds)
    return out


def _words(edit: dict) -> str:
    return outcome_words(Status(edit["status"]), edit["count"], True)


def _statement(found, seconds: float) -> str:
    if found.proposals:
        return (f"{len(found.proposals)} change(s) to your drawing make it the only solution "
                f"({found.checks} boards checked)")
    if found.reason == "budget":
        return (f"no change that keeps the drawing found within {seconds:g} s "
                f"({found.checks} boards checked)")
    return found.reason


ROUTES = {"fix": api_fix}

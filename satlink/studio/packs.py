"""The studio's handlers for whole packs: open a file or a catalogue, save (see
:mod:`satlink.studio.files` for when a save asks first), export as text, and the verdict and
grade of each board for the pack view."""

from __future__ import annotations

from satlink.formats.entry import Entry
from satlink.referee import solution_errors
from satlink.solution import Solution
from satlink.solver.check import check
from satlink.studio.api import Problem, Studio, board_and_rules
from satlink.studio.boards import BoardProblem, read_board, read_rules
from satlink.studio.files import SaveRefused, open_catalogue, open_pack, save_catalogue, save_pack

MAX_PACK = 5000
"""Boards one pack request may carry."""


def _entries(studio: Studio, data: dict) -> list[Entry]:
    boards = data.get("boards")
    if not isinstance(boards, list) or len(boards) > MAX_PACK:
        raise Problem(400, {"message": f"'boards' must be a list of at most {MAX_PACK} boards"})
    out = []
    for i, item in enumerate(boards, start=1):
        if not isinstance(item, dict):
            raise Problem(400, {"message": f"board {i}: not an object"})
        try:
            board = read_board(item.get("board"), studio.limits)
            rules = read_rules(item["rules"]) if item.get("rules") else None
            solution = None
            if isinstance(item.get("solution"), dict):
                candidate = Solution.from_coords(board, item["solution"])
                if not solution_errors(board, candidate, rules or "nikoli"):
                    solution = candidate
        except BoardProblem as exc:
            raise Problem(400, {**exc.as_dict(), "board": i,
                                "message": f"board {i}: {exc.message}"}) from None
        except (TypeError, ValueError, KeyError) as exc:
            raise Problem(400, {"message": f"board {i}: {exc}", "board": i}) from None
        out.append(Entry("studio", i, board, solution, rules))
    return out


async def api_save(studio: Studio, data: dict) -> dict:
    """Write the pack (or one board) to the file the user named, or with ``catalogue: true``
    add its unique boards to the catalogue named (:func:`satlink.studio.files.save_catalogue`)."""
    entries = _entries(studio, data)
    if data.get("catalogue"):
        path = str(data.get("path") or "")
        try:
            return await studio.jobs.run(lambda: save_catalogue(entries, path, studio.root,
                                                                studio.limits.timeout))
        except SaveRefused as exc:
            raise Problem(400, {"message": exc.message}) from None
        except OSError as exc:
            raise Problem(400, {"message": f"cannot write: {exc.strerror or exc}"}) from None
    fmt = data.get("format") or None
    expected = data.get("version") if data.get("version_of") == data.get("path") else None
    path, overwrite = str(data.get("path") or ""), bool(data.get("overwrite"))
    try:  # in a worker thread: a large pack written must not hold up the other requests
        return await studio.jobs.run(lambda: save_pack(entries, path, fmt, studio.root, expected,
                                                       overwrite))
    except SaveRefused as exc:
        raise Problem(409 if exc.confirm else 400,
                      {"message": exc.message, "confirm": exc.confirm}) from None
    except OSError as exc:
        raise Problem(400, {"message": f"cannot write: {exc.strerror or exc}"}) from None


async def api_export(studio: Studio, data: dict) -> dict:
    """The pack as text in a format (for a download)."""
    from satlink.formats import WriteError, write_text

    entries = _entries(studio, data)
    fmt = str(data.get("format") or "json")
    try:
        return {"text": write_text(entries, fmt), "format": fmt}
    except WriteError as exc:
        raise Problem(400, {"message": str(exc)}) from None


async def api_open(studio: Studio, data: dict) -> dict:
    """Read a pack file (any format) or a catalogue (``catalogue: true``)."""
    path = data.get("path")
    if not isinstance(path, str) or not path:
        raise Problem(400, {"message": "give a file to open"})
    def read() -> dict:
        if data.get("catalogue"):
            return open_catalogue(path, studio.root).as_dict()
        return open_pack(path, studio.root, studio.limits.max_cells).as_dict()

    try:  # in a worker thread: a large pack read must not hold up the other requests
        return await studio.jobs.run(read)
    except (OSError, ValueError) as exc:
        raise Problem(400, {"message": f"{path}: {exc}"}) from None


async def api_grade(studio: Studio, data: dict) -> dict:
    """Verdict and grade of one board of the pack view."""
    from satlink.records import verdict_record

    board, rules = board_and_rules(studio, data)

    def work() -> dict:
        verdict = check(board, rules, timeout=studio.limits.timeout)
        record = verdict_record("studio", 1, board, verdict, grade=True)
        return {"status": record["status"], "rules": rules.name,
                "grade": (record.get("quality") or {}).get("grade")}
    return await studio.jobs.run(work)


ROUTES = {"save": api_save, "export": api_export, "open": api_open, "grade": api_grade}

"""The studio's handlers for whole packs: open a file or a catalogue, save (see
:mod:`satlink.studio.saving` for when a save asks first and which files it may touch), export
as text, and the verdict and grade of each board for the pack view.  Each runs as a job of its
request (:meth:`satlink.studio.api.Ask.run`): a pack of thousands of boards is read, checked
or written within the request's deadline, in a worker thread."""

from __future__ import annotations

from satlink.formats.entry import Entry
from satlink.referee import solution_errors
from satlink.solution import Solution
from satlink.solver.check import check
from satlink.solver.verdict import Status
from satlink.studio.access import AccessRefused
from satlink.studio.boards import BoardProblem, read_board, read_rules
from satlink.studio.files import MAX_PACK, TooLarge, open_catalogue, open_pack
from satlink.studio.requests import Ask, Problem, board_and_rules, flag, whole_number
from satlink.studio.saving import SaveRefused, save_catalogue, save_pack


def _entries(ask: Ask, data: dict) -> list[Entry]:
    boards = data.get("boards")
    if not isinstance(boards, list) or len(boards) > MAX_PACK:
        raise Problem(400, {"message": f"'boards' must be a list of at most {MAX_PACK} boards"})
    out = []
    for i, item in enumerate(boards, start=1):
        if not isinstance(item, dict):
            raise Problem(400, {"message": f"board {i}: not an object"})
        try:
            board = read_board(item.get("board"), ask.limits)
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


def _text(data: dict, key: str) -> str:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise Problem(400, {"message": f"'{key}' must be text"})
    return value or ""


async def api_save(ask: Ask, data: dict) -> dict:
    """Write the pack (or one board) to the file the user named, or with ``catalogue: true``
    add its unique boards to the catalogue named (:func:`satlink.studio.saving.save_catalogue`):
    the boards' checks share the request's deadline."""
    path, fmt = _text(data, "path"), _text(data, "format") or None
    access = ask.studio.access
    expected = data.get("version") if data.get("version_of") == data.get("path") else None
    expected = expected if isinstance(expected, str) else None
    overwrite, catalogue = flag(data, "overwrite"), flag(data, "catalogue")
    # boards deleted on purpose: of the file the page opened, so only when saving back to it
    deleted = whole_number(data, "deleted", 0) if data.get("version_of") == path else 0
    if deleted < 0:
        raise Problem(400, {"message": "'deleted' counts boards: 0 or more"})

    def work() -> dict:  # thousands of boards read, checked, written: not in the event loop
        entries = _entries(ask, data)
        if catalogue:
            return save_catalogue(entries, path, access, ask.limits.timeout, ask.deadline)
        return save_pack(entries, path, fmt, access, expected, overwrite, deleted)

    try:
        return await ask.run(work)
    except AccessRefused as exc:
        raise Problem(exc.status, {"message": exc.message}) from None
    except SaveRefused as exc:
        raise Problem(409 if exc.confirm else 400,
                      {"message": exc.message, "confirm": exc.confirm}) from None
    except OSError as exc:
        raise Problem(400, {"message": f"cannot write: {exc.strerror or exc}"}) from None


async def api_export(ask: Ask, data: dict) -> dict:
    """The pack as text in a format (for a download)."""
    from satlink.formats import WriteError, write_text

    fmt = _text(data, "format") or "json"
    try:
        text = await ask.run(lambda: write_text(_entries(ask, data), fmt))
    except WriteError as exc:
        raise Problem(400, {"message": str(exc)}) from None
    return {"text": text, "format": fmt}


async def api_open(ask: Ask, data: dict) -> dict:
    """Read a pack file (any format) or a catalogue (``catalogue: true``), within the
    studio's bounds (boards, bytes of file and of answer: :mod:`satlink.studio.files`)."""
    path = data.get("path")
    if not isinstance(path, str) or not path:
        raise Problem(400, {"message": "give a file to open"})
    access, limits = ask.studio.access, ask.limits
    catalogue = flag(data, "catalogue")

    def read() -> dict:
        if catalogue:
            return open_catalogue(path, access, limits.max_answer).as_dict()
        return open_pack(path, access, limits.max_cells, limits.max_answer).as_dict()

    try:
        return await ask.run(read)
    except TooLarge as exc:
        raise Problem(413, {"message": str(exc)}) from None
    except AccessRefused as exc:
        raise Problem(exc.status, {"message": exc.message}) from None
    except (OSError, ValueError) as exc:
        raise Problem(400, {"message": f"{path}: {exc}"}) from None


async def api_grade(ask: Ask, data: dict) -> dict:
    """Verdict and grade of one board of the pack view."""
    from satlink.records import verdict_record

    board, rules = board_and_rules(ask, data)

    def work() -> dict:
        verdict = check(board, rules, timeout=ask.seconds_left())
        record = verdict_record("studio", 1, board, verdict, grade=True)
        out = {"status": record["status"], "rules": rules.name,
               "grade": (record.get("quality") or {}).get("grade")}
        if verdict.status == Status.UNIQUE:  # drawn in the pack view when asked for
            out["solution"] = verdict.solutions[0].to_coords(board)
        return out
    return await ask.run(work)


async def api_player(ask: Ask, data: dict) -> dict:
    """The boards as a one-file player (:mod:`satlink.render.player`): each proven unique
    first, within the request's deadline; the others named as left out."""
    from satlink.render.player import playable, player_html

    title = _text(data, "title") or "satlink puzzles"

    def work() -> dict:
        puzzles, left_out = playable(_entries(ask, data), ask.limits.timeout, ask.seconds_left)
        if not puzzles:
            raise Problem(400, {"message": "no board proven unique, so nothing to play"
                                + (f": {left_out[0]}" if left_out else "")})
        return {"html": player_html(puzzles, title[:200]), "puzzles": len(puzzles),
                "left_out": left_out}
    return await ask.run(work)


ROUTES = {"player": api_player, "save": api_save, "export": api_export, "open": api_open, "grade": api_grade}

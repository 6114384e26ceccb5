"""What every studio handler shares: the studio's state, one request as its handler sees it
(:class:`Ask`), the answers other than 200 (:class:`Problem`), and :func:`endpoint`, which
turns a handler into a route (the body read, the deadline set, the client watched, the answer
bounded).  The handlers (:mod:`satlink.studio.api`, :mod:`~satlink.studio.drawing`,
:mod:`~satlink.studio.repairs`, :mod:`~satlink.studio.packs`) all build on it, so none of
them imports another for its plumbing.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from starlette.requests import Request
from starlette.responses import Response

from satlink.board import Board
from satlink.rules import Rules
from satlink.studio.access import Access
from satlink.studio.boards import BoardProblem, Limits, read_board, read_rules
from satlink.studio.jobs import Busy, Gone, Jobs, Stale, TimedOut
from satlink.studio.progress import ProgressBoard
from satlink.studio.safety import BodyTooLarge
from satlink.studio.tabs import TabSessions

T = TypeVar("T")


@dataclass
class Studio:
    """What every handler shares: the limits, the worker pool, the files it may touch, what
    was opened on the command line, and each tab's kept solver."""

    limits: Limits
    access: Access
    jobs: Jobs = field(default_factory=Jobs)
    opened: dict | None = None
    tabs: TabSessions = field(default_factory=TabSessions)
    progress: ProgressBoard = field(default_factory=ProgressBoard)


MAX_TAB = 64
"""The longest tab id kept (the page makes 8 characters)."""


@dataclass
class Ask:
    """One request as its handler sees it: the studio, the tab that sent it (the page's
    ``X-Satlink-Tab`` header), the request's deadline (``--timeout`` after it arrived) and
    ``gone``, set when its client disconnects."""

    studio: Studio
    tab: str = "-"
    deadline: float = field(default_factory=time.monotonic)
    gone: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def limits(self) -> Limits:
        return self.studio.limits

    def seconds_left(self) -> float:
        return max(0.0, self.deadline - time.monotonic())

    async def run(self, work: Callable[[], T], channel: str | None = None,
                  seq: int | None = None, live: bool = False) -> T:
        """``work()`` as a job of this request (see :mod:`satlink.studio.jobs`)."""
        return await self.studio.jobs.run(work, tab=self.tab, channel=channel, seq=seq,
                                          deadline=self.deadline, live=live, gone=self.gone)


class Problem(Exception):
    """An answer other than 200: ``status`` and a JSON ``error`` object."""

    def __init__(self, status: int, error: dict):
        super().__init__(error.get("message"))
        self.status, self.error = status, error


async def body_of(request: Request) -> dict:
    """The request's JSON object; JSON only (a cross-site form cannot send it without the
    browser asking first, which the Origin check refuses)."""
    if not is_json_type(request.headers.get("content-type", "")):
        raise Problem(415, {"message": "send JSON (Content-Type: application/json)"})
    try:
        raw = await request.body()
        # a body of megabytes takes a while to parse: off the event loop, as every job is
        data = json.loads(raw) if len(raw) < BIG_BODY else await asyncio.to_thread(json.loads, raw)
    except BodyTooLarge as exc:  # a chunked body past the limit (a declared one never gets here)
        raise Problem(413, {"message": str(exc)}) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise Problem(400, {"message": f"not JSON: {exc}"}) from None
    except RecursionError:  # Python's reader recurses per bracket: a small body can exhaust it
        raise Problem(400, {"message": "not JSON the studio reads: nested too deeply"}) from None
    if not isinstance(data, dict):
        raise Problem(400, {"message": "the body must be a JSON object"})
    return data


BIG_BODY = 64 * 2**10
"""Bytes of a body parsed in a thread rather than on the event loop."""


def is_json_type(header: str) -> bool:
    """Whether a Content-Type names JSON: the media type exactly ``application/json`` (any
    case), parameters such as ``; charset=utf-8`` allowed; ``application/json-evil`` or
    ``application/jsonp`` are other types."""
    media_type = header.split(";", 1)[0].strip().lower()
    return media_type == "application/json"


def json_answer(content: object, status: int = 200, headers: dict | None = None) -> Response:
    return Response(json.dumps(content, ensure_ascii=False, allow_nan=False), status, headers,
                    media_type="application/json")


def _error(status: int, error: dict, headers: dict | None = None) -> Response:
    return json_answer({"error": error}, status, headers)


def tab_of(request: Request, data: dict) -> str:
    """The tab a request comes from: the page's header, else its channel's first part."""
    tab = request.headers.get("x-satlink-tab")
    if tab is None and isinstance(data.get("channel"), str):
        tab = data["channel"].partition(":")[0]
    return tab if tab and len(tab) <= MAX_TAB else "-"


async def _watch_disconnect(request: Request, gone: asyncio.Event) -> None:
    """Set ``gone`` when the client hangs up (the body is read by then, so the next message
    the server has for this request is its disconnect)."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            gone.set()
            return


def endpoint(handler):
    """Wrap a handler: the body read, the request's deadline set and its client watched,
    problems answered as JSON, stale and refused requests told so, the answer bounded."""
    async def wrapped(request: Request) -> Response:
        studio: Studio = request.app.state.studio
        ask = Ask(studio, deadline=time.monotonic() + studio.limits.timeout)
        watcher = None
        try:
            data = await body_of(request) if request.method == "POST" else {}
            ask.tab = tab_of(request, data)
            watcher = asyncio.ensure_future(_watch_disconnect(request, ask.gone))
            body = json.dumps(await handler(ask, data), ensure_ascii=False,
                              allow_nan=False).encode()
            if len(body) > studio.limits.max_answer:
                return _error(413, {"message": f"the answer would be {len(body):,} bytes, more "
                                    f"than this studio sends ({studio.limits.max_answer:,})"})
            return Response(body, media_type="application/json")
        except Problem as exc:
            return _error(exc.status, exc.error)
        except BoardProblem as exc:
            return _error(400, exc.as_dict())
        except (Stale, Gone):
            return json_answer({"stale": True}, 409)
        except Busy as exc:
            return _error(exc.status, {"message": exc.message, "busy": True}, {"Retry-After": "1"})
        except TimedOut:
            return _error(504, {"message": f"no answer within the studio's --timeout "
                                f"({studio.limits.timeout:g} s)", "timeout": True})
        except Exception as exc:  # a bug in satlink: told to the page, the server goes on
            return _error(500, {"message": f"internal error in satlink "
                                f"({type(exc).__name__}: {exc}); please report it"})
        finally:
            if watcher is not None:
                watcher.cancel()
    wrapped.__name__ = handler.__name__
    return wrapped


def board_and_rules(ask: Ask, data: dict) -> tuple[Board, Rules]:
    return read_board(data.get("board"), ask.limits), read_rules(data.get("rules"))


MAX_CHANNEL = 200
"""The longest channel name kept (a tab's id and a purpose: a few dozen characters). A longer
one is treated as no channel, so a page cannot park megabytes of names in the server."""


def channel_of(data: dict) -> tuple[str | None, int | None]:
    channel, seq = data.get("channel"), data.get("seq")
    if channel is not None and (not isinstance(channel, str) or len(channel) > MAX_CHANNEL):
        channel = None
    if not isinstance(seq, int) or isinstance(seq, bool):
        seq = None
    return channel, seq


def flag(data: dict, key: str) -> bool:
    """The boolean in field ``key`` (False when absent or null).  JSON has booleans: ``"no"``
    or ``0`` for one is refused (Python's ``bool("no")`` is True), so a mistyped field never
    turns an option on."""
    value = data.get(key)
    if value is None or isinstance(value, bool):
        return bool(value)
    shown = json.dumps(value)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    raise Problem(400, {"message": f"'{key}' must be true or false, not {shown}"})


def whole_number(data: dict, key: str, default: int | None = None) -> int:
    """The whole number in field ``key`` (``default`` when absent).  Checked here because
    JSON as Python reads it has Infinity and NaN, which ``int()`` turns into an
    OverflowError the handlers would not expect, and ``true`` is not a count."""
    value = data.get(key, default)
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # 7.0 is 7; 2.5 is not a whole number, never cut to 2
    if isinstance(value, (int, str)) and not isinstance(value, bool):
        try:
            return int(value)
        except (ValueError, OverflowError):
            pass
    shown = json.dumps(value)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    raise Problem(400, {"message": f"'{key}' must be a whole number, not {shown}"})

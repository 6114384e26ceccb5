"""The studio's web application: the API of :mod:`satlink.studio.api`, the page and its
assets (shipped in the package: ``satlink/studio/static``), behind :class:`Guard` (the
launch's token, exact Host and Origin, bounded bodies).

Starlette and uvicorn: a small, well-kept ASGI pair with no build step and no compiled
front end; Starlette's ``TestClient`` lets the tests drive the API without a socket, and
uvicorn serves it from the satlink process, so a check costs no process start.
"""

from __future__ import annotations

import contextlib
from importlib import resources
from pathlib import Path

from starlette.applications import Starlette
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from satlink.studio import drawing, packs, repairs
from satlink.studio.access import Access
from satlink.studio.api import ROUTES, api_session
from satlink.studio.boards import Limits
from satlink.studio.jobs import Jobs
from satlink.studio.requests import Studio, endpoint
from satlink.studio.safety import Guard, ServeOptions, cookie_name, new_token

TOKEN_SLOT = "{{token}}"
"""Where index.html takes the token, for the page's scripts to send as a header."""


def static_dir() -> Path:
    return Path(str(resources.files("satlink.studio") / "static"))


def board_module(name: str = "board.js") -> Path:
    """satlink's one board drawing module (``board.js``), shared with the validation report,
    and its rules of the hand (``hand.js``), shared with the one-file player."""
    return Path(str(resources.files("satlink.render") / name))


LOCAL_TEST = ServeOptions()
"""Any port, a new token: an application driven in the process that made it."""


def create_app(limits: Limits | None = None, root: Path | None = None,
               opened: dict | None = None, named: tuple[str | Path, ...] = (),
               jobs: Jobs | None = None, serving: ServeOptions = LOCAL_TEST) -> Guard:
    """The studio as an ASGI application (its token: ``.token``).  ``root``: the folder whose
    files it may open and save (default: the current one); ``named``: files outside it named
    on the command line; ``opened``: what the page shows first; ``serving``: how it is
    reached (port, hosts, body bound, token), which its :class:`Guard` checks."""
    token = serving.token or new_token()
    access = Access.of(root or Path.cwd(), named)
    studio = Studio(limits or Limits(), access, jobs or Jobs(), opened=opened)
    static = static_dir()
    page = (static / "index.html").read_text(encoding="utf-8").replace(TOKEN_SLOT, token)
    cookie = cookie_name(serving.port)

    async def index(request):  # reached with the token (the Guard): keep it in a cookie
        answer = HTMLResponse(page, headers={"Cache-Control": "no-store"})
        answer.set_cookie(cookie, token, httponly=True, samesite="strict")
        return answer

    async def no_icon(request):
        return Response(status_code=204)

    async def board_js(request):  # the drawing module the validation report inlines
        return FileResponse(board_module(), media_type="text/javascript")

    async def hand_js(request):  # the rules of the hand the one-file player inlines
        return FileResponse(board_module("hand.js"), media_type="text/javascript")

    routes = [Route("/", index), Route("/favicon.ico", no_icon), Route("/static/board.js", board_js),
              Route("/static/hand.js", hand_js),
              Route("/api/session", endpoint(api_session), methods=["GET"])]
    routes += [Route(f"/api/{name}", endpoint(handler), methods=["POST"])
               for name, handler in {**ROUTES, **packs.ROUTES, **repairs.ROUTES,
                                         **drawing.ROUTES}.items()]
    routes.append(Mount("/static", StaticFiles(directory=static), name="static"))
    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        studio.jobs.close()
        studio.tabs.close()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.studio = studio
    return Guard(app, serving.port, token, serving.extra_hosts, serving.max_body)

"""The studio's web application: the API of :mod:`satlink.studio.api`, the page and its
assets (shipped in the package: ``satlink/studio/static``), behind :class:`LocalOnly`.

Starlette and uvicorn: a small, well-kept ASGI pair with no build step and no compiled
front end; Starlette's ``TestClient`` lets the tests drive the API without a socket, and
uvicorn serves it from the satlink process, so a check costs no process start.
"""

from __future__ import annotations

import contextlib
from importlib import resources
from pathlib import Path

from starlette.applications import Starlette
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from satlink.studio import packs
from satlink.studio.api import ROUTES, Studio, api_session, endpoint
from satlink.studio.boards import Limits
from satlink.studio.safety import MAX_BODY, LocalOnly


def static_dir() -> Path:
    return Path(str(resources.files("satlink.studio") / "static"))


def board_module() -> Path:
    """satlink's one board drawing module, shared with the validation report."""
    return Path(str(resources.files("satlink.render") / "board.js"))


def create_app(limits: Limits | None = None, root: Path | None = None,
               opened: dict | None = None, port: int | None = None,
               extra_hosts: tuple[str, ...] = (), max_body: int = MAX_BODY) -> LocalOnly:
    """The studio as an ASGI application.  ``port``: the port it is served on (requests
    naming another are refused; None accepts any, for tests); ``extra_hosts``: a non-local
    ``--host`` the user chose to listen on."""
    studio = Studio(limits or Limits(), (root or Path.cwd()).resolve(), opened=opened)
    static = static_dir()

    async def index(request):
        return FileResponse(static / "index.html", headers={"Cache-Control": "no-store"})

    async def no_icon(request):
        return Response(status_code=204)

    async def board_js(request):  # the drawing module the validation report inlines
        return FileResponse(board_module(), media_type="text/javascript")

    routes = [Route("/", index), Route("/favicon.ico", no_icon), Route("/static/board.js", board_js),
              Route("/api/session", endpoint(api_session), methods=["GET"])]
    routes += [Route(f"/api/{name}", endpoint(handler), methods=["POST"])
               for name, handler in {**ROUTES, **packs.ROUTES}.items()]
    routes.append(Mount("/static", StaticFiles(directory=static), name="static"))
    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        studio.jobs.close()
        studio.tabs.close()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.studio = studio
    return LocalOnly(app, port, extra_hosts, max_body)

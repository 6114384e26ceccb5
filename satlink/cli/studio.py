"""``satlink studio``: the designer's loop in the browser (:mod:`satlink.studio`).

The command opens what it is given (a pack in any format, ``FILE#N`` for its N-th board, or
a catalogue with ``--db``), binds the port itself (so the address it prints is the one that
answers, and the Host check knows its port), makes the launch's token (the printed address
carries it: :mod:`satlink.studio.safety`), and serves the page with uvicorn until Ctrl-C.
"""

from __future__ import annotations

import errno
import re
from pathlib import Path

import click

from satlink.cli.exits import EXIT_INPUT
from satlink.cli.options import SECONDS

LOCAL = ("127.0.0.1", "localhost", "::1")


def _split_fragment(file: str) -> tuple[str, int | None]:
    """``pack.txt#12`` -> (``pack.txt``, 12), unless a file of that very name exists."""
    match = re.fullmatch(r"(.+)#(\d+)", file)
    if match and not Path(file).exists():
        return match.group(1), int(match.group(2))
    return file, None


def _listen(host: str, port: int):
    """A socket listening on ``host``: on ``port``, or on a free one when that port is busy.
    Any other failure (a name that does not resolve, an address of another machine) is a
    usage error naming ``--host``, not the command line's message about files."""
    from satlink.studio.listen import listening_socket

    try:
        try:
            return listening_socket(host, port)
        except OSError as exc:
            if exc.errno not in (errno.EADDRINUSE, errno.EACCES) or port == 0:
                raise
        sock = listening_socket(host, 0)
        click.echo(f"port {port} is busy; using another", err=True)
        return sock
    except OSError as exc:
        reason = exc.strerror or str(exc)
        click.echo(f"satlink studio: --host {host}: cannot listen there ({reason})", err=True)
        raise SystemExit(EXIT_INPUT) from None


@click.command()
@click.argument("file", required=False)
@click.option("--db", "catalogue", type=click.Path(dir_okay=False), default=None,
              help="Open the puzzles of a catalogue instead of a file (Save adds the boards "
                   "proven unique to it; nothing in it is changed or removed).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. Anything but a local address lets other machines "
                   "reach the studio (they can read and write files as you): only on a "
                   "network you trust.")
@click.option("--port", "-p", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="Port to listen on (0: any free port; a busy port falls back to a free one).")
@click.option("--open", "open_browser", is_flag=True, help="Open the studio in a web browser.")
@click.option("--timeout", "-t", type=SECONDS, default=10.0, show_default=True,
              help="Seconds one check, explanation, repair or generation may take.")
@click.option("--max-cells", type=click.IntRange(min=1), default=10_000, show_default=True,
              help="Refuse boards with more cells than this.")
@click.option("--root", type=click.Path(file_okay=False, exists=True), default=None,
              help="The folder whose files the page may open and save (default: the current "
                   "folder; the FILE or --db named is reachable too).")
def studio(file, catalogue, host, port, open_browser, timeout, max_cells, root):
    """Design, explain, repair and play-test puzzles in the browser.

    Serves a local web page: an editor with a live verdict on every edit (unique, multiple,
    unsolvable, invalid), why (second solution, located reason, step-by-step solve),
    repairs, generate, play mode (won by the referee's check) and a pack view.  Files are
    written only where you save, never over an existing file without asking, and only in
    the current folder (or --root) and the file named here.  The address printed carries a
    secret token made for this launch: requests without it are refused.

    \b
    Example:
      satlink studio                      # a new board
      satlink studio pack.txt#12 --open   # the 12th board of a pack
      satlink studio --db puzzles.db --root ~/puzzles
    """
    from satlink.studio import Limits, create_app
    from satlink.studio.access import Access
    from satlink.studio.files import open_catalogue, open_pack
    from satlink.studio.safety import ServeOptions, new_token
    from satlink.studio.serve import serve

    limits = Limits(max_cells, timeout)
    opened, board, named = None, None, ()
    if file and catalogue:
        raise click.UsageError("give a FILE or --db, not both")
    try:
        if catalogue:
            if not Path(catalogue).is_file():
                raise click.UsageError(f"no catalogue {catalogue}")
            named = (Path(catalogue),)
            access = Access.of(Path(root or Path.cwd()), named)
            opened = open_catalogue(access.shown(named[0]), access, limits.max_answer).as_dict()
        elif file:
            from satlink.formats import expand_files

            path, board = _split_fragment(file)
            path = expand_files([path])[0]
            if not Path(path).is_file():
                what = "a folder, not a pack file" if Path(path).is_dir() else "no such file"
                click.echo(f"satlink studio: {path}: {what}", err=True)
                raise SystemExit(EXIT_INPUT)
            named = (Path(path),)
            access = Access.of(Path(root or Path.cwd()), named)
            opened = open_pack(access.shown(named[0]), access, max_cells,
                               limits.max_answer).as_dict()
    except ValueError as exc:  # a catalogue that is not one, a pack past the studio's bounds
        click.echo(f"satlink studio: {exc}", err=True)
        raise SystemExit(EXIT_INPUT) from None
    sock = _listen(host, port)
    actual = sock.getsockname()[1]
    extra = () if host in LOCAL else (host,)
    token = new_token()
    app = create_app(limits, Path(root or Path.cwd()), opened, named,
                     serving=ServeOptions(actual, extra, token=token))
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{actual}/?token={token}" + (f"#{board}" if board else "")
    click.echo(f"satlink studio: {url}  (Ctrl-C stops it)")
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    serve(app, sock)

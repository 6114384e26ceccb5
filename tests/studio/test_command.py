"""``satlink studio`` on the command line: what it opens, what it refuses, what it prints."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request

import pytest
from click.testing import CliRunner

from satlink.cli import main
from tests.support.paths import ROOT

pytest.importorskip("uvicorn")


def test_a_missing_file_or_catalogue_is_an_input_error(tmp_path) -> None:
    result = CliRunner().invoke(main, ["studio", str(tmp_path / "nope.txt")])
    assert result.exit_code == 2 and "no such file" in result.output
    fake = tmp_path / "not.db"
    fake.write_text("hello, I am not a database\n" * 100)
    result = CliRunner().invoke(main, ["studio", "--db", str(fake)])
    assert result.exit_code == 2 and "not a satlink catalogue" in result.output
    result = CliRunner().invoke(main, ["studio", "x.txt", "--db", str(fake)])
    assert result.exit_code == 2


def test_it_serves_the_pack_and_the_board_asked_for(tmp_path) -> None:
    (tmp_path / "pack.txt").write_text("3 1\nA.A\n\n3 1\nAA.\n0 0\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "satlink", "studio", "pack.txt#2", "--port", "0"],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("satlink studio: http://127.0.0.1:") and line.split()[2].endswith("#2")
        url = urllib.parse.urlsplit(line.split()[2])
        token = urllib.parse.parse_qs(url.query)["token"][0]
        assert len(token) >= 32
        session_url = f"http://{url.netloc}/api/session"
        request = urllib.request.Request(session_url, headers={"X-Satlink-Token": token})
        with urllib.request.urlopen(request, timeout=10) as answer:
            session = json.load(answer)
        assert [b["board"]["grid"] for b in session["opened"]["boards"]] == [["A.A"], ["AA."]]
        assert session["opened"]["format"] == "wh"
        # another local user reaches the port, not the token: refused, page and API alike
        for address in (session_url, f"http://{url.netloc}/"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(address, timeout=10)
            assert refused.value.code == 403
    finally:
        proc.terminate()
        proc.wait(10)


def test_the_listening_socket_sends_without_nagles_delay() -> None:
    """Connections accepted from it inherit TCP_NODELAY: without it every live verdict waited
    about 40 ms for the browser's delayed acknowledgement of the response's head."""
    import socket

    from satlink.studio.listen import listening_socket

    server = listening_socket("127.0.0.1", 0)
    client = socket.create_connection(server.getsockname())
    accepted, _ = server.accept()
    try:
        assert server.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
    finally:
        for s in (accepted, client, server):
            s.close()

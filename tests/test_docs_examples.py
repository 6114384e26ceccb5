"""Every command example the user is shown runs: README.md, the site's pages under docs/ (and
the encodings' pages it includes), and the ``Example:`` section of every command's ``--help``.

Each shell block (or ``--help`` example section) is run line by line with bash, in order, in a
fresh folder holding the files the examples name (``pack.txt``, ``mine.txt``, ...), with the
installed ``satlink`` first on the PATH. A line passes when its exit status is the one it is
expected to have (0 unless :data:`EXPECTED_STATUS` says otherwise), it printed no traceback,
every file it names as an output exists and is not empty, and its ``--json`` output parses.

What is adapted, and why (each adaptation names the exact line it applies to, and a line that
is no longer in the documentation fails the test, so the tables cannot go stale):

* :data:`SMALLER`: examples that would run for minutes (hundreds of puzzles, whole corpora
  under every encoding) run the same options on less work.
* Servers: ``satlink studio`` is started, its printed address fetched and the server stopped;
  ``dask scheduler`` and ``dask worker`` are started once, listening on 127.0.0.1, and every
  scheduler address in an example (``tcp://HOST:8786``, ``tcp://10.0.0.5:8786``) is replaced
  by that local scheduler's: no example ever reaches another machine.
* External SAT solvers (``cadical``, ``kissat``): the machine's binary when it has one, else
  the tests' competition-protocol solver under that name.
* The peer corpus (``../shared/corpus``): reached from the run folder as from the checkout;
  when it is absent, the lines that read it (and the lines that read what those write) are
  left out, the rest of their example runs, and the test reports a skip.
* Set-up and development lines (``pip install``, ``python -m pytest``, ``ruff``, building the
  docs) are what CI itself runs; they are not run again here. Nor are the benchmarks' lines
  (``python benchmarks/...``, ``python -m benchmarks...``): they measure for minutes from the
  checkout, and publishing needs a run's results (``tests/test_docs_results.py`` runs ``publish.py``).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.support.once import made_once

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").is_file())
SHARED = ROOT.parent / "shared"
BIN = Path(sys.executable).parent
SATLINK = BIN / "satlink"

SHELL_FENCE = re.compile(r"^[ \t]*```(?:sh|bash|shell|console)[ \t]*\n(.*?)^[ \t]*```", re.M | re.S)
"""A fenced shell block of a Markdown page."""

NOT_RUN_HERE = ("pip install", "python -m pytest", "ruff check", "python -m sphinx",
                "python benchmarks/", "python -m benchmarks.", "PYTHONPATH=. python benchmarks/")
"""Lines that set up or check the project itself: CI (``.ci/run``) runs them."""

SCHEDULER_ADDRESSES = ("tcp://HOST:8786", "tcp://10.0.0.5:8786")
"""How the documentation writes a scheduler's address; replaced by the local scheduler's."""

SMALLER: tuple[tuple[str, str, str], ...] = (
    (r"--count \d{2,}", "--count 2", "tens to thousands of puzzles: two"),
    (r"--size 15x15 --colors 10-14", "--size 8x8 --colors 5-7", "15x15 puzzles take seconds each"),
    (r"--repeat 3", "--repeat 1", "repeats measure noise, not whether the command works"),
    (r"--generate [0-9x,]+", "--generate 8x8 --per-size 1", "boards grown up to 50x50: one 8x8"),
    (r"mzucker-flow_solver/puzzles(?=\s|$)", "mzucker-flow_solver/puzzles/extreme_8x8_01.txt",
     "29 boards under every configuration: one"),
    (r"thomasahle-numberlink/puzzles/inputs10(?=\s|$)",
     "thomasahle-numberlink/puzzles/inputs10 --limit 1", "eleven 50x50 boards: one"),
    (r"^satlink generate (?!.*--count)(.*)$", r"satlink generate \1 --count 2",
     "ten puzzles, the default --count: two"),
    (r"(--curve easy,easy,medium,hard) --count 8", r"\1 --count 4",
     "two puzzles per target of a four-target curve: one"),
)
"""(pattern, replacement, why): what an example line runs instead when the documented one would
take minutes; the same command and options on less work."""


PLACEHOLDERS: tuple[tuple[str, str, str], ...] = (
    (r"--encodings binary-edge,NAME\b", "--encodings binary-edge,shape",
     "the encoding a contributor adds (encodings/ADDING.md): an existing one stands in"),
)
"""(pattern, replacement, why): a word the reader replaces, and what stands in for it here."""


def smaller(line: str) -> str:
    """The line as it runs here: less work (:data:`SMALLER`), placeholders filled in."""
    for pattern, replacement, _ in (*SMALLER, *PLACEHOLDERS):
        line = re.sub(pattern, replacement, line)
    return line


EXPECTED_STATUS: dict[str, int] = {}
"""Example line → its exit status when it is not 0 (see the reference's exit statuses)."""

MAY_WRITE_NOTHING = {
    'satlink export --db levels.sqlite --where "grade>4 and effort>0.3" -o hard.jsonl':
        "the solver effort is 0 for a puzzle the deductions decide, as every 10x10 puzzle of "
        "the example catalogue is: the filter keeps none of them",
}
"""Example line → why the pack it writes may rightly be empty here."""

OUTPUT_OPTIONS = ("--out", "-o", "--svg", "--png", "--report", "--csv", "--db", "--out-dir",
                  "--plots")


@dataclass(frozen=True)
class Example:
    """One block of example lines, run in order in one folder."""

    source: str
    lines: tuple[str, ...]


TRAILING_COMMENT = re.compile(r"\s+#\s.*$")
"""A comment after a command (``satlink studio   # a new board``): bash ignores it too."""


def logical_lines(block: str) -> list[str]:
    """The block's command lines: continuations joined, blank and comment lines left out."""
    lines, pending = [], ""
    for raw in block.splitlines():
        line = raw.strip()
        if line.endswith("\\"):
            pending += line[:-1].strip() + " "
            continue
        line = TRAILING_COMMENT.sub("", (pending + line).strip())
        pending = ""
        if line and not line.startswith("#"):
            lines.append(line)
    return lines


def documentation_pages() -> list[Path]:
    """README.md, every page of the site, and the encodings' pages the site includes."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")),
            *sorted((ROOT / "encodings").glob("*.md"))]


def page_examples() -> list[Example]:
    examples = []
    for page in documentation_pages():
        text = page.read_text(encoding="utf-8")
        for match in SHELL_FENCE.finditer(text):
            line_number = text.count("\n", 0, match.start()) + 1
            lines = logical_lines(match.group(1))
            if lines:
                examples.append(Example(f"{page.relative_to(ROOT)}:{line_number}", tuple(lines)))
    return examples


def help_text(command: list[str]) -> str:
    from satlink.cli import main

    result = CliRunner().invoke(main, [*command, "--help"], prog_name="satlink",
                                terminal_width=200)
    assert result.exit_code == 0, result.output
    return result.output


def help_examples() -> list[Example]:
    """The ``Example:`` section of ``satlink --help`` and of every command's ``--help``."""
    import click

    from satlink.cli import main

    commands = [[], *([name] for name in main.list_commands(click.Context(main)))]
    examples = []
    for command in commands:
        text = help_text(command)
        match = re.search(r"^(\s*)Examples?:\n(.*?)(?=^\S|^\1\S|\Z)", text, re.M | re.S)
        assert match, f"satlink {' '.join(command)} --help has no example"
        lines = logical_lines(match.group(2))
        examples.append(Example(f"satlink {' '.join(command)} --help".replace("  ", " "),
                                tuple(lines)))
    return examples


def all_examples() -> list[Example]:
    seen, unique = set(), []
    for example in [*page_examples(), *help_examples()]:
        if example.lines not in seen:
            seen.add(example.lines)
            unique.append(example)
    return unique


EXAMPLES = all_examples()


# --- the files the examples name ------------------------------------------------------------

FLOW_MULTIPLE = "F....D.\nC..E.B.\n.F..C..\n.......\n.BAGE..\n.A..G..\n......D\n"
UNSOLVABLE_DRAFT = "AB.\n...\n.BA\n"
PAINTING = "AAAAA\nBBBBA\nBCCCA\nBCDDD\nBCCCC\n"
SKETCH = "AAA...\n......\nB....B\n......\n"
MASK = "#......#\n........\n...##...\n........\n#......#\n"


def run_satlink(*args: str, cwd: Path) -> None:
    subprocess.run([str(SATLINK), *args], cwd=cwd, check=True, capture_output=True, timeout=120)


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> Path:
    """A folder holding every file the examples read, made once for the run (the examples
    copy it): generating its packs takes seconds, which every worker would pay again."""
    return made_once(tmp_path_factory, "example-files", make_files)


def make_files(folder: Path) -> None:
    example_pack = (ROOT / "satlink" / "data" / "example-pack.txt").read_text(encoding="utf-8")
    first_board = "\n".join(example_pack.split("\n5 5\n")[1].splitlines()[:5]) + "\n"
    (folder / "puzzle.txt").write_text("5 5\n" + first_board)
    (folder / "level.txt").write_text("5 5\n" + first_board)
    (folder / "drawn.json").write_text(json.dumps({"paths": {"A": [[0, 0], [1, 0]]}}))
    (folder / "mine.txt").write_text(FLOW_MULTIPLE)
    (folder / "draft.txt").write_text(UNSOLVABLE_DRAFT)
    (folder / "drawing.txt").write_text(PAINTING)
    (folder / "sketch.txt").write_text(SKETCH)
    (folder / "mask.txt").write_text(MASK)
    (folder / "heart.txt").write_text(MASK)
    for name in ("levels", "packs"):
        (folder / name).mkdir()
    # Unique under fill, hence under flow too: the examples check it under both.
    run_satlink("generate", "--size", "6x6", "--rules", "fill", "--count", "12", "--seed", "1",
                "--out", "pack.txt", cwd=folder)
    run_satlink("convert", "pack.txt", "-o", "pack.jsonl", cwd=folder)
    shutil.copy(folder / "pack.jsonl", folder / "big.jsonl")
    run_satlink("generate", "--size", "12x12", "--count", "1", "--seed", "1", "--out", "big.txt",
                cwd=folder)
    for seed, name in ((2, "levels/a.txt"), (3, "levels/b.txt")):
        run_satlink("generate", "--size", "5x5", "--rules", "fill", "--count", "2", "--seed",
                    str(seed), "--out", name, cwd=folder)
    for seed, name in ((4, "packs/a.txt"), (5, "packs/b.txt")):
        run_satlink("generate", "--size", "5x5", "--count", "2", "--seed", str(seed), "--out",
                    name, cwd=folder)
    run_satlink("generate", "--size", "5x5", "--grid", "hex", "--count", "2", "--seed", "1",
                "--out", "hex-pack.jsonl", cwd=folder)
    for band in ("medium", "hard"):  # what the export examples select
        run_satlink("generate", "--size", "10x10", "--grade", band, "--count", "1", "--seed", "1",
                    "--db", "levels.sqlite", cwd=folder)
    shutil.copy(folder / "levels.sqlite", folder / "puzzles.db")


@pytest.fixture(scope="module")
def solver_shims(tmp_path_factory) -> Path:
    """A folder for the PATH with ``cadical`` and ``kissat`` where the machine lacks them: the
    tests' competition-protocol solver (PySAT inside) under their names."""
    folder = tmp_path_factory.mktemp("solvers")
    script = next((ROOT / "tests").rglob("competition_solver.py"))
    for name in ("cadical", "kissat"):
        if shutil.which(name):
            continue
        shim = folder / name
        shim.write_text(f"#!{sys.executable}\n"
                        "import runpy, sys\n"
                        "files = [a for a in sys.argv[1:] if not a.startswith('-')]\n"
                        f"sys.argv = [{str(script)!r}, *files[-1:]]\n"
                        f"runpy.run_path({str(script)!r}, run_name='__main__')\n")
        shim.chmod(0o755)
    return folder


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory, request) -> str:
    """A Dask scheduler and one worker, started as the documentation starts them (``dask
    scheduler``, ``dask worker ADDRESS --nthreads 1``) but on 127.0.0.1; its address."""
    folder = tmp_path_factory.mktemp("dask")
    address_file = folder / "scheduler.json"
    dask = BIN / "dask"
    started = [subprocess.Popen([str(dask), "scheduler", "--host", "127.0.0.1", "--port", "0",
                                 "--no-dashboard", "--scheduler-file", str(address_file)],
                                cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)]
    request.addfinalizer(lambda: [stop(process) for process in reversed(started)])
    deadline = time.monotonic() + 60
    while not (address := scheduler_address(address_file)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert address, f"the dask scheduler wrote no address to {address_file} within 60 s"
    started.append(subprocess.Popen([str(dask), "worker", address, "--nworkers", "1",
                                     "--nthreads", "1", "--no-dashboard"], cwd=folder,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    start_new_session=True))
    from distributed import Client

    with Client(address, timeout=30) as client:
        client.wait_for_workers(1, timeout=60)
    return address


def scheduler_address(address_file: Path) -> str | None:
    """The address the scheduler wrote, or None while the file is missing or still being
    written (it is created before its JSON is in it)."""
    try:
        return json.loads(address_file.read_text())["address"]
    except (FileNotFoundError, ValueError, KeyError):
        return None


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


# --- running one line -----------------------------------------------------------------------

def shell_words(line: str) -> list[str]:
    """The line's words as bash splits them, operators (``>``, ``;``, ``&&``, ``|``) apart."""
    lexer = shlex.shlex(TRAILING_COMMENT.sub("", line), posix=True, punctuation_chars=";&|<>")
    lexer.whitespace_split = True
    try:
        return list(lexer)
    except ValueError:
        return []


def named_outputs(line: str) -> list[str]:
    """The files a line says it writes: after an output option or a ``>``."""
    words = shell_words(line)
    outputs = [word for before, word in zip(words, words[1:], strict=False)
               if before in OUTPUT_OPTIONS or before == ">"]
    return [name for name in outputs if "{" not in name and "$" not in name and name != "-"]


def check_json(text: str, where: str) -> None:
    text = text.strip()
    assert text, f"{where}: no JSON printed"
    try:
        json.loads(text)
        return
    except json.JSONDecodeError:
        pass
    for number, line in enumerate(text.splitlines(), 1):
        try:
            json.loads(line)
        except json.JSONDecodeError as error:
            raise AssertionError(f"{where}: line {number} is not JSON: {error}: {line[:200]}") from None


def run_studio(line: str, folder: Path, env: dict[str, str]) -> None:
    """Start the studio as the line says, fetch the address it prints, stop it."""
    process = subprocess.Popen(["bash", "-c", f"exec {line} --port 0"], cwd=folder, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               start_new_session=True)
    try:
        first = process.stdout.readline()
        address = re.search(r"http://127\.0\.0\.1:\d+/\?token=\S+", first)
        assert address, f"{line}: printed {first!r}, not its address"
        with urllib.request.urlopen(address.group(0), timeout=30) as answer:
            assert answer.status == 200 and b"<html" in answer.read().lower()
    finally:
        stop(process)


def run_line(line: str, folder: Path, env: dict[str, str], where: str,
             documented: str | None = None) -> None:
    """Run ``line`` (the ``documented`` line as it runs here): the tables of exceptions are
    keyed by the documented line, since :func:`smaller` may have rewritten it."""
    documented = line if documented is None else documented
    if line.startswith("satlink studio"):
        run_studio(line, folder, env)
        return
    result = subprocess.run(["bash", "-c", line], cwd=folder, env=env, capture_output=True,
                            text=True, timeout=300)
    expected = EXPECTED_STATUS.get(documented, 0)
    assert "Traceback" not in result.stderr, f"{where}: {line}\n{result.stderr}"
    assert result.returncode == expected, (
        f"{where}: `{line}` exited {result.returncode}, not {expected}\n"
        f"stdout: {result.stdout[-2000:]}\nstderr: {result.stderr[-2000:]}")
    for name in named_outputs(line):
        path = folder / Path(name).expanduser()
        assert path.exists(), f"{where}: `{line}` did not write {name}"
        assert path.is_dir() or path.stat().st_size > 0 or documented in MAY_WRITE_NOTHING, (
            f"{where}: `{line}` wrote an empty {name}")
    if re.search(r"\bsatlink\b[^|;&]*--json", line):
        redirected = re.search(r"--json[^|;&]*>\s*(\S+)", line)
        if redirected:
            check_json((folder / redirected.group(1)).read_text(encoding="utf-8"), where)
        elif "|" not in line:
            check_json(result.stdout, where)


def corpus_lines(lines: list[str]) -> list[str]:
    """The lines that read the peer corpus, and the later lines that read what those write
    (``satlink cnf ../shared/... --out-dir mz-cnf`` then a loop over ``mz-cnf/``)."""
    needing, unwritten = [], set()
    for line in lines:
        if "../shared/" in line or any(name in line for name in unwritten):
            needing.append(line)
            unwritten.update(name.rstrip("/") for name in named_outputs(line))
    return needing


def is_server_line(line: str) -> bool:
    return line.startswith(("dask scheduler", "dask worker"))


SLOW_COMMANDS = {
    "satlink bench": "each measures a corpus or generated boards under several encodings or "
                     "solvers, minutes at full size and seconds even made smaller; the bench "
                     "command's own tests (tests/bench) run by default",
}
"""Examples with a line running one of these are marked slow: CI runs them (``-m slow``)."""


def example_param(example: Example):
    slow = any(line.startswith(tuple(SLOW_COMMANDS)) for line in example.lines)
    return pytest.param(example, id=example.source, marks=[pytest.mark.slow] if slow else [])


@pytest.mark.parametrize("example", [example_param(example) for example in EXAMPLES])
def test_the_example_runs(example: Example, files: Path, solver_shims: Path, tmp_path: Path,
                          request) -> None:
    lines = [line for line in example.lines if not line.startswith(NOT_RUN_HERE)]
    if not lines:
        pytest.skip("set-up commands: CI runs them")
    needing_corpus = [] if SHARED.is_dir() else corpus_lines(lines)
    lines = [line for line in lines if line not in needing_corpus]
    if not lines:
        pytest.skip("the peer corpus (../shared/corpus) is not beside this checkout")
    folder = tmp_path / "run"
    shutil.copytree(files, folder)
    (tmp_path / "shared").symlink_to(SHARED, target_is_directory=True)
    home = tmp_path / "home"
    (home / "puzzles").mkdir(parents=True)
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{solver_shims}{os.pathsep}{os.environ['PATH']}",
           "HOME": str(home), "BROWSER": "true", "SATLINK_DEBUG": "1"}
    address = None
    if any(a in line for line in lines for a in SCHEDULER_ADDRESSES):
        address = request.getfixturevalue("scheduler")
    for line in lines:
        if is_server_line(line):
            continue  # the scheduler fixture started them, on 127.0.0.1
        command = smaller(line)
        for written in SCHEDULER_ADDRESSES:
            if address:
                command = command.replace(written, address)
        run_line(command, folder, env, example.source, documented=line)
    if needing_corpus:
        pytest.skip(f"the other lines ran; {len(needing_corpus)} need the peer corpus "
                    "(../shared/corpus), not beside this checkout")


def test_every_adaptation_names_a_line_of_the_documentation() -> None:
    """A pattern of :data:`SMALLER` or a line of :data:`EXPECTED_STATUS` that no example holds
    any more is an adaptation nothing uses: the tables must follow the documentation."""
    lines = [line for example in EXAMPLES for line in example.lines]
    for pattern, _, why in (*SMALLER, *PLACEHOLDERS):
        assert any(re.search(pattern, line) for line in lines), f"nothing takes {why}"
    assert not (set(EXPECTED_STATUS) | set(MAY_WRITE_NOTHING)) - set(lines)


def test_the_server_lines_are_the_ones_the_fixture_starts() -> None:
    """The documentation's ``dask`` lines start a scheduler and workers with one thread each,
    which is what the scheduler fixture does (on 127.0.0.1)."""
    servers = [line for example in EXAMPLES for line in example.lines if is_server_line(line)]
    assert servers
    for line in servers:
        words = line.split("#", 1)[0].split()
        assert words[:2] in (["dask", "scheduler"], ["dask", "worker"])
        if words[1] == "worker":
            assert words[2] in SCHEDULER_ADDRESSES and "--nthreads" in words


def test_the_readme_library_example_runs(capsys) -> None:
    """README.md's ``python`` block (the start of docs/library.md's, which
    tests/test_readme.py runs) runs as written and prints what its comment says."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    code = text[text.index("```python") + len("```python"):]
    exec(compile(code[:code.index("```")], "README.md", "exec"), {})
    assert capsys.readouterr().out == "multiple 7\n"

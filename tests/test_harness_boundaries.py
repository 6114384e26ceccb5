"""Who may import whom among the tests, the benchmarks and ``testbed/``: the benchmarks and the
tests share ``testbed/`` and import nothing of each other; ``testbed/`` stands on satlink
alone; a test module imports the tests' helpers (``tests/support/``), never another test
module; and the benchmarks touch ``sys.path`` only in the header that lets a script started
as a file (``python benchmarks/NAME.py``) find its checkout, as ``python -m benchmarks.NAME``
does."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tests.support.paths import ROOT

SYS_PATH_EDITS_ALLOWED = {
    # behaviour.py fingerprints two checkouts from one process: it imports a given checkout's
    # testbed/variants.py after satlink (so the checkout cannot shadow the installed
    # package), and takes the checkout off sys.path again at once.
    "benchmarks/behaviour.py",
}


def sources(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def imported_modules(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield from (f"{node.module}.{alias.name}" for alias in node.names)


def imports_of(folder: str, top: str) -> list[str]:
    """``file: module`` for every import in ``folder`` of ``top`` or a module under it."""
    return [f"{path.relative_to(ROOT)}: {module}" for path in sources(folder)
            for module in imported_modules(path) if module.split(".")[0] == top]


def test_no_benchmark_imports_the_tests() -> None:
    assert imports_of("benchmarks", "tests") == []


def test_testbed_stands_on_satlink_alone() -> None:
    assert imports_of("testbed", "tests") == [] and imports_of("testbed", "benchmarks") == []


def test_no_test_imports_the_benchmarks() -> None:
    assert imports_of("tests", "benchmarks") == []


def test_a_test_module_imports_no_other_test_module() -> None:
    found = [line for line in imports_of("tests", "tests")
             if any(part.startswith("test_") for part in line.split(": ")[1].split("."))]
    assert found == []


CHECKOUT_HEADER = """from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)
"""
"""The start of every benchmark script after its docstring. ``python benchmarks/NAME.py`` puts
the script's folder first on ``sys.path``, not the checkout: the header puts the checkout after
the folders ``PYTHONPATH`` names, as ``PYTHONPATH=$PYTHONPATH:.`` would, so a ``PYTHONPATH``
naming another checkout still chooses its satlink (a ``CheckoutWorker``, the archive's
before/after recipes). Under ``python -m benchmarks.NAME`` the checkout is on the path already."""


def test_every_benchmark_script_begins_with_the_checkout_header() -> None:
    scripts = [path for path in sources("benchmarks") if '__name__ == "__main__"' in path.read_text()]
    assert len(scripts) > 40
    without = [str(path.relative_to(ROOT)) for path in scripts  # right after the docstring
               if not path.read_text(encoding="utf-8").split('"""\n\n', 1)[1].startswith(CHECKOUT_HEADER)]
    assert without == []


def test_the_benchmarks_touch_sys_path_only_in_the_header() -> None:
    header_lines = len(CHECKOUT_HEADER.splitlines())
    edits = []
    for path in sources("benchmarks"):
        name = str(path.relative_to(ROOT))
        text = path.read_text(encoding="utf-8")
        header_end = text.find(CHECKOUT_HEADER)
        first_line_after = (text.count("\n", 0, header_end) + header_lines + 1
                            if header_end >= 0 else 0)
        for node in ast.walk(ast.parse(text)):
            if (isinstance(node, ast.Attribute) and node.attr == "path"
                    and isinstance(node.value, ast.Name) and node.value.id == "sys"
                    and node.lineno >= first_line_after and name not in SYS_PATH_EDITS_ALLOWED):
                edits.append(f"{name}:{node.lineno}")
    assert edits == []

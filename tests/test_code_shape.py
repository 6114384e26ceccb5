"""The shape of the package's code that a newcomer relies on: no issue numbers in it (the history
lives in ``benchmarks/README.md`` and the docs), small modules, and functions with few
parameters (a long argument list is how a reordering once swapped walls and bridges).

Click commands are exempt from the parameter bound: click passes every option by name.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "satlink"
SOURCES = (".py", ".cpp", ".hpp", ".js", ".html", ".css")
ISSUE_NUMBER = re.compile(r"\b[Ii]ssues? ?#?\d+")
MOST_LINES = 320
MOST_PARAMETERS = 8


def package_files(suffixes: tuple[str, ...]) -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*") if p.suffix in suffixes and p.is_file())


def test_no_issue_numbers_in_package_code() -> None:
    found = [f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}"
             for path in package_files(SOURCES)
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if ISSUE_NUMBER.search(line)]
    assert not found, "\n".join(found)


def test_modules_stay_small() -> None:
    long = [f"{path.relative_to(PACKAGE)}: {count} lines"
            for path in package_files((".py",))
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES]
    assert not long, "\n".join(long)


def is_click_command(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Decorated ``@<group>.command(...)`` or ``@click.command(...)``."""
    for decorator in node.decorator_list:
        call = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(call, ast.Attribute) and call.attr == "command":
            return True
    return False


def parameter_count(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    args = node.args
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
    return len(names) - (1 if names[:1] in (["self"], ["cls"]) else 0)


def test_functions_take_few_parameters() -> None:
    wide = []
    for path in package_files((".py",)):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                    and not is_click_command(node)
                    and parameter_count(node) > MOST_PARAMETERS):
                wide.append(f"{path.relative_to(PACKAGE)}: {node.name} "
                            f"({parameter_count(node)} parameters)")
    assert not wide, "\n".join(wide)


def test_the_issue_pattern_finds_what_it_should() -> None:
    """The guard above is only as good as its pattern."""
    assert ISSUE_NUMBER.search("(issue 36)")
    assert ISSUE_NUMBER.search("issues 22 and 33")
    assert ISSUE_NUMBER.search("Issue #7")
    assert not ISSUE_NUMBER.search("an issue with the board")

"""The package's import graph: no cycles, and every import points down the declared layers.

Each top-level module or package of ``satlink/`` (a *unit*: ``board``, ``solver``, ``cli``...)
sits on one layer of :data:`LAYERS`, from the ground up.  A module may import its own unit or a
unit on a lower layer, never one on its own layer or above; and no modules import each other
in a loop, inside a unit either.  Every import counts: at the top of a file, inside a function
(a lazy import is still a dependency), or under ``TYPE_CHECKING``.  The graph is read with
``ast`` from the source, so nothing of satlink is imported to build it.

A new top-level module or package must be placed on a layer here: the test names it otherwise.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "satlink"

LAYERS: tuple[tuple[str, ...], ...] = (
    # the ground: values and process plumbing that import nothing of satlink
    ("rules", "geometry", "runtime", "version"),
    ("graph",),
    # a board, and what is read off it without solving
    ("board",),
    ("solution", "canonical", "cnf"),
    ("formats", "deduce"),
    ("referee", "grading", "frontier"),
    ("zdd",),
    # the solve stage
    ("solver",),
    # what a verdict becomes: figures, reasons, exports, repairs, the one JSON record
    ("explain", "exports", "repair", "quality"),
    ("records",),
    # work over many boards
    ("batch",),
    ("generate",),
    ("painted", "bench"),
    # the faces: drawings, the studio, the command line, the package's own face
    ("render",),
    ("studio",),
    ("cli",),
    ("__main__", "__init__"),
)


def modules(package: Path) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(package: Path) -> dict[str, dict[str, int]]:
    """module -> {imported module of the package: first line}; ``from a import b`` names
    ``a.b`` when that is a module, else ``a``."""
    known = modules(package)
    graph: dict[str, dict[str, int]] = {}
    for name, path in known.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges = graph.setdefault(name, {})
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = here.split(".")[: len(here.split(".")) - node.level + 1]
                    base = ".".join(parent + ([node.module] if node.module else []))
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                           for alias in node.names]
            else:
                continue
            for target in targets:
                while target not in known and "." in target:
                    target = target.rpartition(".")[0]
                if target in known and target != name:
                    edges.setdefault(target, node.lineno)
    return graph


def unit(module: str) -> str:
    """The top-level module or package a module belongs to (``__init__``: the package's face)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def upward(graph: dict[str, dict[str, int]], package: Path = PACKAGE) -> list[str]:
    """Each import of a unit on the importer's layer or above, as ``file:line a -> b``."""
    layer = {name: number for number, names in enumerate(LAYERS) for name in names}
    paths = modules(package)
    found = []
    for source, edges in sorted(graph.items()):
        for target, line in sorted(edges.items()):
            a, b = unit(source), unit(target)
            if a != b and layer[b] >= layer[a]:
                found.append(f"{paths[source].relative_to(package.parent)}:{line} "
                             f"{source} -> {target}")
    return found


def test_every_unit_is_on_one_layer() -> None:
    placed = [name for names in LAYERS for name in names]
    assert len(placed) == len(set(placed)), "a unit is on two layers"
    units = {unit(module) for module in modules(PACKAGE)}
    assert sorted(units - set(placed)) == [], "place these on a layer of LAYERS"
    assert sorted(set(placed) - units) == [], "these are on a layer but not in satlink/"


def test_no_module_imports_itself_back() -> None:
    assert cycles(imports(PACKAGE)) == []


def test_every_import_points_down_the_layers() -> None:
    assert upward(imports(PACKAGE)) == []

"""The codecs' modules stand in layers: each imports only modules below it, so none needs
another to be loaded first, and a module can be read knowing only what it imports."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "codecs"
# The registry (`slugboard.codecs`) imports every game package, and a few helpers ask it
# which game reads a text (`anatomy.explain`): it is the top of the codecs, and what it
# imports is not a layer of its own.
REGISTRY = "codecs"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in ROOT.rglob("*.py")}


def imported(name: str) -> set[str]:
    """The modules of the codecs that module `name` imports, at its top, inside a function
    or for type checking alone."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
            target = ".".join([*base, *([node.module] if node.module else [])])
            # `from . import x` imports module x when there is one, else a name of the package.
            for alias in node.names:
                below = f"{target}.{alias.name}"
                found.add(below if below in MODULES else target)
        elif isinstance(node, ast.ImportFrom | ast.Import):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            found.update(n.removeprefix("slugboard.") for n in names if n.startswith("slugboard.codecs"))
    return {target for target in found if target in MODULES and target != name}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every circle of imports, as the modules of each strongly connected group (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in edges[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = [stack.pop()]
            while group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for module in edges:
        if module not in index:
            visit(module)
    return found


def test_the_walk_finds_the_imports_of_every_kind():
    assert {"codecs.errors", "codecs.links", "codecs.sudoku.model"} <= imported("codecs.sudoku.slug")
    assert "codecs.sudoku.logic" in imported("codecs.sudoku.formats")  # inside a function
    assert "codecs.minesweeper.model" in imported("codecs.minesweeper.slug")


def test_the_check_sees_a_circle():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c"]]


def test_no_module_of_the_codecs_imports_one_that_imports_it_back():
    edges = {name: {target for target in imported(name) if target != REGISTRY} for name in MODULES if name != REGISTRY}
    assert cycles(edges) == []


def test_a_games_modules_do_not_import_their_own_package():
    """A game's modules import one another, never the package that re-exports them (which
    loads them)."""
    for name, path in MODULES.items():
        package = name.rpartition(".")[0]
        if path.name != "__init__.py" and package != REGISTRY:
            assert package not in imported(name), name


def test_no_codec_touches_the_garbage_collector():
    """The collector is the process's, and the window's `gui/collector.py` owns it."""
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                assert "gc" not in {alias.name for alias in node.names}, name
            elif isinstance(node, ast.ImportFrom):
                assert node.module != "gc", name

"""The codecs' modules stand in layers: each imports only modules below it, so none needs
another to be loaded first, and a module can be read knowing only what it imports."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "codecs"
# The registry (`slugboard.codecs`) imports every game package, and a few helpers ask it
# which game reads a text (`qr`, `cli`): it is the top of the codecs, and what it imports
# is not a layer of its own.
REGISTRY = "codecs"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in ROOT.rglob("*.py")}


def _type_checking_only(tree: ast.Module) -> set[ast.AST]:
    """The import statements of a module under `if TYPE_CHECKING:`."""
    return {
        node
        for block in tree.body
        if isinstance(block, ast.If) and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
        for statement in block.body
        for node in ast.walk(statement)
    }


def imported(name: str) -> set[str]:
    """The modules of the codecs that module `name` imports, at its top, inside a function
    or for type checking alone; but not what a package names for type checkers alone (a
    game's package lists its names there, and loads each from its module when first read,
    with `game.later`)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_only(tree) if path.name == "__init__.py" else set()
    found: set[str] = set()
    for node in ast.walk(tree):
        if node in skipped:
            continue
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


def declared(package: str) -> set[str]:
    """The names a game's package assigns itself (its declarations: NAME, TITLE, COMMANDS...),
    as opposed to those it loads from its modules."""
    tree = ast.parse(MODULES[package].read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        names.update(target.id for target in targets if isinstance(target, ast.Name))
    return names


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
    assert "codecs.sudoku.slug" not in imported("codecs.sudoku")  # named for type checkers alone
    assert "NAME" in declared("codecs.sudoku") and "decode" not in declared("codecs.sudoku")


def test_the_check_sees_a_circle():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c"]]


@pytest.mark.slow
def test_no_module_of_the_codecs_imports_one_that_imports_it_back():
    edges = {name: {target for target in imported(name) if target != REGISTRY} for name in MODULES if name != REGISTRY}
    assert cycles(edges) == []


@pytest.mark.slow
def test_a_games_modules_take_only_its_declarations_from_its_package():
    """A game's modules import one another; from their package, only what it declares
    itself (NAME, TITLE...), never a name it loads from another of its modules."""
    for name, path in MODULES.items():
        package = name.rpartition(".")[0]
        if path.name == "__init__.py" or package == REGISTRY:
            continue
        allowed = declared(package)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module is None:
                for alias in node.names:
                    assert f"{package}.{alias.name}" in MODULES or alias.name in allowed, (name, alias.name)


@pytest.mark.slow
def test_no_codec_touches_the_garbage_collector():
    """The collector is the process's, and the window's `gui/collector.py` owns it."""
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                assert "gc" not in {alias.name for alias in node.names}, name
            elif isinstance(node, ast.ImportFrom):
                assert node.module != "gc", name


@pytest.mark.slow
def test_no_codec_imports_qt():
    """The codecs are pure Python: none imports Qt, anywhere in it, so any of them may be
    loaded before Qt is (the window's start loads the last start's list of them first,
    gui/app.py) and the command line never loads Qt."""
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not [n for n in names if n.split(".")[0] in ("PySide6", "shiboken6")], name


@pytest.mark.slow
def test_nothing_the_top_stands_on_imports_the_top():
    """The codecs' top (`slugboard.codecs`) stands on reading, the registry, the contract and
    what they import; none of those imports the top back (the anatomy's types once held the
    dispatcher that asked the registry, now `reading.explain`), and no game's module imports
    it (a game's command reads a text through `reading`)."""
    below: set[str] = set()
    todo = [REGISTRY]
    while todo:
        for target in imported(todo.pop()):
            if target not in below:
                below.add(target)
                todo.append(target)
    assert "codecs.anatomy" in below and "codecs.reading" in below
    assert sorted(name for name in below if REGISTRY in imported(name)) == []
    games = [name for name in MODULES if name.count(".") == 2]
    assert sorted(name for name in games if REGISTRY in imported(name)) == []

"""The rooms of the house stay of a size one can read: no class over 700 lines and no
function over 100 lines in codecs/ and gui/ (a function's nested functions count in it)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAX_CLASS, MAX_FUNCTION = 700, 100
FOLDERS = sorted(
    str(p.relative_to(ROOT))
    for top in ("codecs", "gui")
    for p in [ROOT / top, *(ROOT / top).iterdir()]
    if p.is_dir() and p.name != "__pycache__"
)


def _oversized(path: Path, root: Path = ROOT) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            lines = node.end_lineno - node.lineno + 1  # type: ignore[operator]
            limit = MAX_CLASS if isinstance(node, ast.ClassDef) else MAX_FUNCTION
            if lines > limit:
                found.append(f"{path.relative_to(root)}:{node.lineno} {node.name} is {lines} lines (at most {limit})")
    return found


@pytest.mark.slow
@pytest.mark.parametrize("folder", FOLDERS)
def test_no_class_or_function_too_long_to_read(folder):
    here = ROOT / folder
    # A game's folder is checked on its own; the top folder only for the files directly in it.
    paths = sorted(here.glob("*.py")) if folder in ("codecs", "gui") else sorted(here.rglob("*.py"))
    assert paths
    assert [line for path in paths for line in _oversized(path)] == []


def test_the_check_counts_lines_as_the_rule_does(tmp_path):
    def function(name: str, lines: int) -> str:  # `lines` lines with its def
        return f"def {name}():\n" + "".join(f"    x = {i}\n" for i in range(lines - 1))

    path = tmp_path / "rooms.py"
    path.write_text(function("fits", MAX_FUNCTION) + function("too_long", MAX_FUNCTION + 1), encoding="utf-8")
    assert [line.split()[1] for line in _oversized(path, tmp_path)] == ["too_long"]

    def klass(name: str, lines: int) -> str:  # `lines` lines with its class line
        sizes = [MAX_FUNCTION] * ((lines - 1) // MAX_FUNCTION) + [(lines - 1) % MAX_FUNCTION]
        methods = (function(f"m{i}", n) for i, n in enumerate(sizes) if n)
        return f"class {name}:\n" + "".join("    " + line + "\n" for m in methods for line in m.splitlines())

    path.write_text(klass("Fits", MAX_CLASS) + klass("TooLong", MAX_CLASS + 1), encoding="utf-8")
    assert [line.split()[1] for line in _oversized(path, tmp_path)] == ["TooLong"]

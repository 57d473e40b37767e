"""What the README and docs/ say that can be checked: every file they link to or name is
there, CI runs the README's test command as written, the speed figures live in
docs/PERFORMANCE.md alone, and the shell names no game."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_link_to_a_file_of_the_project_leads_to_it(page):
    text = page.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [t for t in targets if "://" not in t and not t.startswith("mailto:")]
    missing = [t for t in local if not (page.parent / t).exists()]
    assert missing == []


def test_ci_runs_the_readme_test_command_as_written():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```sh\n(.*?)\n```", readme, re.S)
    test_command = next(c for c in commands if "pytest" in c and "not slow" not in c)
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "python3 -m venv .venv && .venv/bin/pip install -q -e . && .venv/bin/slugboard" in commands


def test_the_benchmarks_the_docs_name_are_there():
    named = set()
    for page in PAGES:
        named |= set(re.findall(r"benchmarks/([a-z_]+\.py)", page.read_text(encoding="utf-8")))
    assert named
    assert sorted(name for name in named if not (ROOT / "benchmarks" / name).is_file()) == []


def test_the_readme_gives_no_speed_figures():
    """Figures go stale: docs/PERFORMANCE.md keeps them, with the run they came from."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.findall(r"\b\d+(?:\.\d+)?(?:-\d+(?:\.\d+)?)? ?(?:ms|s)\b", readme) == []


def test_the_shell_and_each_package_entry_stay_short_as_the_architecture_says():
    """The window's shell names no game and stays well under 600 lines; a package's
    `__init__` says what the package is and what it offers, in at most 80."""
    assert len((ROOT / "gui" / "main_window.py").read_text(encoding="utf-8").splitlines()) < 600
    long = {
        str(path.relative_to(ROOT)): n
        for folder in ("codecs", "gui")
        for path in (ROOT / folder).rglob("__init__.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 80
    }
    assert long == {}


def _code_words(path: Path) -> list[tuple[int, str]]:
    """The names and string literals of a module's code, with their lines: not its comments
    or docstrings, which may take a game as an example."""
    source = path.read_text(encoding="utf-8")
    docstrings = {
        node.body[0].lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
        and isinstance(node.body[0].value.value, str)
    }
    return [
        (token.start[0], token.string)
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.NAME or (token.type == tokenize.STRING and token.start[0] not in docstrings)
    ]


@pytest.mark.slow
def test_the_shell_names_no_game():
    """A game is its own packages and one line of the registry: no module of the codecs or
    the GUI outside the games' packages names one in its code (a branch for a game, a list
    of its file types, an option of its own), so a new game edits none of them."""
    from slugboard.codecs import REGISTRY, all_games

    games = sorted({name for name in all_games()} | {package.rsplit(".", 1)[1] for package in REGISTRY})
    assert len(games) >= 5
    naming = re.compile(rf"(?i)\b({'|'.join(games)})")
    registry = ROOT / "codecs" / "registry.py"
    listed = {
        n for n, line in enumerate(registry.read_text(encoding="utf-8").splitlines(), 1) if '"slugboard.codecs.' in line
    }
    assert len(listed) == len(REGISTRY)  # the registry's one line a game
    found = [
        f"{path.relative_to(ROOT)}:{line}: {word}"
        for folder in ("codecs", "gui")
        for path in sorted((ROOT / folder).glob("*.py"))
        for line, word in _code_words(path)
        if naming.search(word) and not (path == registry and line in listed)
    ]
    assert found == []

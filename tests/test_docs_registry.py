"""What the docs claim about the registry and the files a new game touches is true (the toy game of
tests/toygame is the one ADDING_A_GAME walks through)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from slugboard.codecs import REGISTRY, all_games, game

ROOT = Path(__file__).resolve().parent.parent
ARCHITECTURE = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
ADDING = (ROOT / "docs" / "ADDING_A_GAME.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_table_lists_every_game():
    rows = [line.split("|")[1].strip() for line in README.splitlines() if line.startswith("| ")][1:]
    for name, registered in all_games().items():
        assert any(registered.title.startswith(row) or row.startswith(registered.title[:6]) for row in rows), name


def test_the_architecture_names_every_game_package_and_its_modules():
    for name in all_games():
        line = next((ln for ln in ARCHITECTURE.splitlines() if re.match(rf"\s+{name}\s{{2,}}", ln)), None)
        assert line is not None, f"docs/ARCHITECTURE.md lists no modules of {name}"
        for module in re.findall(r"\b([a-z]+)\b", line.split(name, 1)[1].split("(")[0]):
            assert (ROOT / "codecs" / name / f"{module}.py").exists(), f"{name}/{module}.py"


def test_the_registry_entry_is_the_package_the_docs_describe():
    assert "REGISTRY" in ARCHITECTURE and "codecs/registry.py" in ARCHITECTURE
    assert all(package.startswith("slugboard.codecs.") for package in REGISTRY)
    # Every fact ADDING_A_GAME's declaration names is one the toy game and every real game declare.
    declared = re.findall(r"\b([A-Z][A-Z_]+) = ", ADDING.split("## 2.", 1)[1].split("then the names", 1)[0])
    assert {"NAME", "TITLE", "HAS_LINK", "WEB_HOST", "DETECTION_RANK", "NOUN", "COMMANDS", "FILE_TYPES"} <= set(
        declared
    )
    toy = importlib.import_module("toygame.codec")
    for fact in declared:
        assert hasattr(toy, fact), fact
    for name in all_games():
        codec = game(name).codec
        assert all(hasattr(codec, fact) for fact in ("NAME", "TITLE", "HAS_LINK", "WEB_HOST", "DETECTION_RANK"))


def test_the_files_the_checklists_name_exist():
    named = set(re.findall(r"`((?:codecs|gui|tests|benchmarks|resources|docs)/[\w/]+\.(?:py|json|md))`", ADDING))
    named |= set(re.findall(r"`((?:codecs|gui|tests|benchmarks|resources|tools)/[\w/]+\.py)`", ARCHITECTURE))
    assert len(named) > 10
    missing = sorted(p for p in named if "hex" not in p and "<game>" not in p and not (ROOT / p).exists())
    assert missing == []

"""Run mypy over the source folders as the packages they install as.

pyproject.toml maps the folders `codecs/`, `gui/` and `resources/` to `slugboard.codecs`,
`slugboard.gui` and `slugboard.resources`. An editable install reaches them through an
import hook that type checkers cannot follow, so this script lays the mapping out as
links under `build/typecheck/slugboard/` and points mypy there: the codecs strictly (as
configured in pyproject.toml), the GUI at the default strictness; and, beside them, a
module it writes from the registry (`slugboard_contract.py`) in which mypy checks every
registered game package against the contract (`codecs.game.GameCodec`), so that a new game
is checked from its registry line alone.

    python tools/typecheck.py            # both
    python tools/typecheck.py codecs     # one side

Editors can use the same folder: add `build/typecheck` to the analysis paths (for
Pyright or Pylance, `"python.analysis.extraPaths": ["build/typecheck"]`).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {"codecs": "codecs", "gui": "gui", "resources": "resources"}


def lay_out() -> Path:
    base = ROOT / "build" / "typecheck"
    package = base / "slugboard"
    package.mkdir(parents=True, exist_ok=True)
    for name, folder in FOLDERS.items():
        link = package / name
        target = os.path.relpath(ROOT / folder, package)
        if link.is_symlink() and os.readlink(link) == target:
            continue
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(target, target_is_directory=True)
    return base


def write_contract(base: Path) -> str:
    """The module in which mypy checks each registered game package against GameCodec."""
    from slugboard.codecs.registry import REGISTRY

    lines = [
        '"""Written by tools/typecheck.py: every registered game package, as a GameCodec."""',
        "from typing import Any",
        "",
        "from slugboard.codecs.game import GameCodec",
        *(f"import {package}" for package in REGISTRY),
        "",
        f"CHECKED: tuple[GameCodec[Any], ...] = ({', '.join(REGISTRY)},)",
        "",
    ]
    (base / "slugboard_contract.py").write_text("\n".join(lines), encoding="utf-8")
    return "slugboard_contract"


def main(argv: list[str]) -> int:
    sides = argv or ["codecs", "gui"]
    base = lay_out()
    env = dict(os.environ, MYPYPATH=str(base))
    command = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")]
    for side in sides:
        command += ["-p", f"slugboard.{side}"]
    if "codecs" in sides:
        command += ["-m", write_contract(base)]
    # From inside the laid-out folder: mypy searches its working directory first, and in
    # the project root the folder `codecs/` would hide the standard library's codecs.
    return subprocess.call(command, cwd=base, env=env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

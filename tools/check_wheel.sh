#!/usr/bin/env bash
# The wheel as a person installs it: built from this tree (`pip wheel .`), installed with
# its dependencies into a fresh venv, and run from outside the source tree, so what runs
# is what the wheel holds: both commands answer --version, and boards of every game that
# needs a shipped file (the xiangqi font, the word list, the icon) are drawn to images.
set -euo pipefail
cd "$(dirname "$0")/.."
source_tree="$(pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 -m pip wheel --no-deps -q -w "$work/dist" "$source_tree"
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q "$work"/dist/slugboard-*.whl
cd "$work"
export QT_QPA_PLATFORM=offscreen

"$work/venv/bin/slugboard-codec" --version
"$work/venv/bin/slugboard" --version

# The shipped files are inside the installed package, not read from the source tree.
"$work/venv/bin/python" - "$source_tree" <<'PY'
import sys
from pathlib import Path

import slugboard.resources as resources

folder = Path(resources.__file__).resolve().parent
assert Path(sys.argv[1]).resolve() not in folder.parents, f"resources read from the source tree: {folder}"
for name in ("enable.txt", "xiangqi_font.otf", "xiangqi_font_LICENSE.txt", "slugboard.svg",
             "slugboard-16.png", "slugboard-256.png"):
    assert resources.read_bytes(name), name
from slugboard.codecs import all_games
assert all(game.examples for game in all_games().values()), "a game's examples.json is not in the wheel"
print(f"shipped files found in {folder}")
PY

"$work/venv/bin/slugboard" --export xiangqi.png 'xiangqi:hSQiASVGghCEIUkIgElRoIQhDw'
"$work/venv/bin/slugboard" --export xiangqi.svg 'xiangqi:hSQiASVGghCEIUkIgElRoIQhDw'
"$work/venv/bin/slugboard" --export letters.pdf 'https://letters.wiki/?_=IcWhQEZ5GxaLpcnc0A'
"$work/venv/bin/slugboard" --export sudoku.png '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1'
"$work/venv/bin/slugboard-codec" info 'https://letters.wiki/?_=IcWhQEZ5GxaLpcnc0A' > /dev/null
for picture in xiangqi.png xiangqi.svg letters.pdf sudoku.png; do
    test -s "$picture" || { echo "error: $picture was not written" >&2; exit 1; }
done
echo "wheel checked: $(basename "$work"/dist/slugboard-*.whl)"

# `pipx install .`, as the README offers a person who is not a Python developer (when pipx
# is on this machine: Debian's package pipx).
if command -v pipx > /dev/null; then
    PIPX_HOME="$work/pipx" PIPX_BIN_DIR="$work/pipx-bin" pipx install "$source_tree" > /dev/null
    "$work/pipx-bin/slugboard-codec" --version
    "$work/pipx-bin/slugboard" --version
    "$work/pipx-bin/slugboard" --export pipx.png 'xiangqi:hSQiASVGghCEIUkIgElRoIQhDw'
    test -s pipx.png
    echo "pipx install checked"
else
    echo "pipx is not installed: pipx install not checked"
fi

"""The first switch to each game's tab: the page made and painted, with the game's modules
loaded while the window waited (`games.Warmer`, as the window does once it is on screen)
and, as the baseline, loaded by the switch itself.

Every sample is a fresh interpreter (a module loads once per process). Run as
  QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/tab_switch.py [--runs 5]
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# A window with no settings kept, shown; with "loaded" as its first argument, once the other
# games' modules have loaded as they do while a window waits (`games.Warmer`), else with
# them still to load. The start of the scripts that busy_window.py runs as well.
WINDOW = r"""
import json, os, sys, tempfile, time
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from slugboard.gui.main_window import MainWindow
settings = QSettings(os.path.join(tempfile.mkdtemp(), "window.ini"), QSettings.Format.IniFormat)
window = MainWindow(settings=settings)
window.show()
app.processEvents()
warmer = window._warmer
if sys.argv[1] == "loaded":
    warmer.start()
    while not warmer.done:
        app.processEvents()
        time.sleep(0.001)
else:
    warmer.stop()
"""

# Then the first switch to each tab but the first, timed from the switch to the page painted.
_SWITCH = (
    WINDOW
    + r"""
times = {}
for index, name in enumerate(window.pages):
    if index == window.tabs.currentIndex():
        continue
    start = time.perf_counter()
    window.tabs.setCurrentIndex(index)
    window.repaint()
    times[name] = time.perf_counter() - start
    app.processEvents()
print(json.dumps(times))
window.close()
"""
)


def measure(runs: int = 5) -> dict[str, tuple[float, float]]:
    """{game: (seconds with its modules loaded beforehand, seconds loading them on the switch)}."""
    for folder in ("codecs", "gui", "resources"):
        compileall.compile_dir(ROOT / folder, quiet=1)
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    samples: dict[str, dict[str, list[float]]] = {"loaded": {}, "on switch": {}}
    for _ in range(runs):
        for mode, arg in (("loaded", "loaded"), ("on switch", "cold")):  # in turns, as startup.py
            out = subprocess.run(
                [sys.executable, "-c", _SWITCH, arg], env=env, check=True, capture_output=True, text=True
            ).stdout
            for name, seconds in json.loads(out.strip().splitlines()[-1]).items():
                samples[mode].setdefault(name, []).append(seconds)
    return {
        name: (statistics.median(samples["loaded"][name]), statistics.median(samples["on switch"][name]))
        for name in samples["loaded"]
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{'first switch to':16} {'loaded before':>14} {'loaded on switch':>17} {'ratio':>6}")
    for name, (loaded, cold) in measure(args.runs).items():
        print(f"{name:16} {loaded * 1000:11.1f} ms {cold * 1000:14.1f} ms {loaded / cold:6.2f}")


if __name__ == "__main__":
    main()

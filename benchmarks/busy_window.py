"""The window while a long search runs in the background: the first switch to each other
game's tab (the page made and painted) and a whole-window repaint, with a pentomino count
of the empty 6x10 rectangle under way, against the same with nothing running.

The count runs as the window runs it, in a helper process; `--on-thread` also measures it
on a thread of the window's own process (as before), which shares the interpreter.
Every sample is a fresh interpreter. Run as
  QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/busy_window.py [--runs 3] [--on-thread]
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
sys.path.insert(0, str(ROOT / "benchmarks"))

from tab_switch import WINDOW  # noqa: E402

_WINDOW = (
    WINDOW
    + r"""
names = list(window.pages)
window.tabs.setCurrentIndex(names.index("pentomino"))
page = window.page("pentomino")
window.paste_text("R6a")
mode = sys.argv[2]
if mode != "idle":
    if mode == "thread":
        page._job.apart = None
    page.count_button.click()
    deadline = time.monotonic() + 30
    while not page.solver_label.text().endswith(" so far") and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.002)
    assert page._job.busy, "the count ended before it was measured"
else:
    for _ in range(30):
        app.processEvents()
        time.sleep(0.01)
figures = {}
for name in names:
    if name == "pentomino":
        continue
    start = time.perf_counter()
    window.tabs.setCurrentIndex(names.index(name))
    window.repaint()
    figures[name] = time.perf_counter() - start
    app.processEvents()
repaints = []
for _ in range(60):
    start = time.perf_counter()
    window.repaint()
    repaints.append(time.perf_counter() - start)
    time.sleep(0.002)
repaints.sort()
figures["repaint p95"] = repaints[int(len(repaints) * 0.95) - 1]
if mode != "idle":
    assert page._job.busy, "the count ended before it was measured"
print(json.dumps(figures), flush=True)
window.close()
"""
)


def measure(runs: int = 3, on_thread: bool = False) -> dict[str, dict[str, float]]:
    """{mode: {what: seconds (median)}} for the modes idle, apart (and thread)."""
    for folder in ("codecs", "gui", "resources"):
        compileall.compile_dir(ROOT / folder, quiet=1)
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    modes = ["idle", "apart"] + (["thread"] if on_thread else [])
    samples: dict[str, dict[str, list[float]]] = {mode: {} for mode in modes}
    for _ in range(runs):
        for mode in modes:  # in turns, so that a spell of load weighs on each alike
            out = subprocess.run(
                [sys.executable, "-c", _WINDOW, "loaded", mode], env=env, check=True, capture_output=True, text=True
            ).stdout
            for what, seconds in json.loads(out.strip().splitlines()[-1]).items():
                samples[mode].setdefault(what, []).append(seconds)
    return {mode: {what: statistics.median(v) for what, v in figures.items()} for mode, figures in samples.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--on-thread", action="store_true", help="also measure the count on a thread of the window")
    args = parser.parse_args()
    figures = measure(args.runs, args.on_thread)
    modes = list(figures)
    print(f"{'while a count runs':22}" + "".join(f"{mode:>12}" for mode in modes))
    for what in figures["idle"]:
        print(f"{what:22}" + "".join(f"{figures[mode][what] * 1000:9.1f} ms" for mode in modes))


if __name__ == "__main__":
    main()

"""Replay frames: an expert game (30x16) played in the window at 8x, frame by frame.

Each frame is what the replay timer does: let one frame's time pass, move the replay
(the panel's clock and figures follow), and repaint the canvas. A frame costing more than
one frame's time at 60 Hz (16.7 ms) would be dropped. The cost at 60 frames a second,
as a share of one core, is the mean frame cost over the frame interval.

Run: QT_QPA_PLATFORM=offscreen python benchmarks/replay.py [--speed 8] [FILE]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "minesweeper"
EXPERT = DATA / "Zhang Shen Jia_Exp_38.82(3bv122).mvf"
FRAME_MS = 1000 / 60


def run(path: Path, speed: float) -> dict[str, float]:
    from slugboard.gui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    settings = QSettings(os.path.join(tempfile.mkdtemp(), "bench.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    window.resize(1120, 840)
    window.show()
    opened: list[bool] = []
    window.file_done.connect(opened.append)
    assert window.open_file(str(path)), f"{path} did not open"
    while not opened:  # the file is read in the background
        app.processEvents()
    assert opened == [True], f"{path} did not open"
    page = window.page("minesweeper")
    window.tabs.setCurrentWidget(page)
    page.set_mode("replay")
    app.processEvents()
    player = page.player
    player.seek(0)
    player.speed = speed
    player.play()
    player.timer.stop()  # the frames are driven here, one by one, at 60 Hz of game time
    costs = []
    while player.playing:
        start = time.perf_counter()
        player.advance(FRAME_MS)
        page.canvas.repaint()
        costs.append(time.perf_counter() - start)
    window.close()
    costs_ms = sorted(c * 1000 for c in costs)
    mean = statistics.fmean(costs_ms)
    return {
        "frames": len(costs_ms),
        "median ms": statistics.median(costs_ms),
        "p95 ms": costs_ms[round(0.95 * (len(costs_ms) - 1))],
        "max ms": costs_ms[-1],
        "dropped": sum(1 for c in costs_ms if c > FRAME_MS),
        "core at 60 fps": mean / FRAME_MS,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", type=float, default=8.0)
    parser.add_argument("file", nargs="?", default=str(EXPERT))
    args = parser.parse_args()
    row = run(Path(args.file), args.speed)
    print(f"{Path(args.file).name} at {args.speed:g}x:")
    for key, value in row.items():
        print(f"  {key:14} {value:.3f}" if isinstance(value, float) else f"  {key:14} {value}")
    print("goals: no dropped frames at 8x; under 0.25 of a core at 60 fps")


if __name__ == "__main__":
    main()

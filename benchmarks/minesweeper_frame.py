"""What one replay frame of an expert game costs to paint, plain and with each overlay,
drawn into a window-sized image with the paint function the canvas uses (the canvas keeps
its picture between frames; this is the price of a frame that changed). Goal: well under
16 ms.

Run: QT_QPA_PLATFORM=offscreen python benchmarks/minesweeper_frame.py
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRectF  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402

from slugboard.codecs import minesweeper as ms  # noqa: E402
from slugboard.codecs.minesweeper.files import read_replay_file  # noqa: E402
from slugboard.codecs.minesweeper.odds import mine_odds  # noqa: E402

EXPERT = next((Path(__file__).resolve().parent.parent / "tests" / "data" / "minesweeper").glob("*.mvf"))


def main(frames: int = 200) -> None:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 - painting needs one
    from slugboard.gui.minesweeper.paint import paint

    game = read_replay_file(str(EXPERT))
    board = game.board
    replay = ms.replay(board)
    palette = QGuiApplication.palette()
    moments = [replay.duration_ms * k / frames for k in range(frames)]
    states = [replay.state_at(t) for t in moments]
    odds = {}
    t0 = time.perf_counter()
    for state in states:
        if state.cells not in odds:
            odds[state.cells] = mine_odds(replay.numbers, state.cells, board.width, len(board.mines))
    per_moment = (time.perf_counter() - t0) / len(odds) * 1000
    image = QImage(940, 560, QImage.Format.Format_RGB32)
    cases = {
        "plain": lambda s, t: {},
        "odds": lambda s, t: {"odds": odds[s.cells]},
        "trail": lambda s, t: {"mouse": game.mouse_path()},
        "odds + trail": lambda s, t: {"odds": odds[s.cells], "mouse": game.mouse_path()},
    }
    print(f"{EXPERT.name}: {board.width}x{board.height}, {len(game.mouse):,} mouse events, {frames} frames")
    print(f"  mine odds (ms-toollib, off the GUI thread): {per_moment:.2f} ms a moment, {len(odds)} moments")
    for name, extra in cases.items():
        times = []
        for t, state in zip(moments, states, strict=True):
            painter = QPainter(image)
            t0 = time.perf_counter()
            paint(
                painter, QRectF(image.rect()), board, palette, state=state, replay=replay, clock_ms=t, **extra(state, t)
            )
            painter.end()
            times.append(time.perf_counter() - t0)
        times.sort()
        print(
            f"  {name:>13}: median {statistics.median(times) * 1000:.2f} ms, "
            f"p95 {times[int(len(times) * 0.95)] * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms"
        )


if __name__ == "__main__":
    main()

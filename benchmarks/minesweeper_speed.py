"""Decode and paint times of minesweeper boards: the article's game, an expert game,
a 100x100 field with 2,000 mines and a long game on it, and the largest legal field
(1000x1000). A replay redraws every frame, so paint must stay far below 16 ms on the
sizes people play.

    QT_QPA_PLATFORM=offscreen /work/venv/bin/python benchmarks/minesweeper_speed.py
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).parent))

from minesweeper_seek import played_game  # noqa: E402
from PySide6.QtCore import QRectF  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402

import slugboard.gui.minesweeper.paint as view  # noqa: E402
from slugboard.codecs import minesweeper as ms  # noqa: E402

ARTICLE = (
    "1=15x15+90E2E3A445556575D506C65797D71848D89A0B1BAB5CAD4E7EBEEE+000;5840;594;5A7;5B5;5C7;"
    "6B1;698;685;674;7A14;795+5419P;554P;563P;574P;4A16P"
)


def best(fn, repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times) * 1000, statistics.median(times) * 1000


def measure(name: str, board: ms.Board, canvas=(900, 700), repeat: int = 7) -> None:
    slug = ms.encode(board)
    image = QImage(*canvas, QImage.Format.Format_ARGB32_Premultiplied)
    palette = QGuiApplication.palette()
    rect = QRectF(0, 0, *canvas)
    replay = ms.Replay(board)

    def paint(**state):
        painter = QPainter(image)
        view.paint(painter, rect, board, palette, **state)
        painter.end()

    d_best, d_med = best(lambda: ms.decode(slug), repeat)
    paint(at=replay.duration_ms / 2000)  # tiles for this size are drawn once, then reused
    e_best, e_med = best(lambda: paint(), repeat)
    moments = [replay.duration_ms * k / 10 for k in range(10)]
    frames = []
    for t in moments:
        t0 = time.perf_counter()
        state = replay.state_at(t)
        paint(view="replay", state=state, replay=replay, clock_ms=t)
        frames.append((time.perf_counter() - t0) * 1000)
    print(
        f"{name}: {board.width}x{board.height}, {len(board.mines)} mines, {len(board.events)} events, "
        f"slug {len(slug):,} chars"
    )
    print(f"  decode        best {d_best:7.2f} ms  median {d_med:7.2f} ms")
    print(f"  paint (field) best {e_best:7.2f} ms  median {e_med:7.2f} ms   ({canvas[0]}x{canvas[1]} px)")
    print(f"  replay frame  (seek + paint) mean {statistics.mean(frames):7.2f} ms  max {max(frames):7.2f} ms")


def main() -> None:
    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841
    measure("article", ms.decode(ARTICLE))
    measure("expert", played_game(30, 16, 99, seed=7))
    measure("100x100 field", ms.random_board(100, 100, 2000, seed=1))
    measure("100x100 game", played_game(100, 100, 2000, seed=8))
    measure("1000x1000 field", ms.random_board(1000, 1000, 150_000, seed=2), repeat=2)


if __name__ == "__main__":
    main()

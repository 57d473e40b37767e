"""How fast letters is where a person would feel it: loading the word list (once, on
first need), decoding the largest slug (31 tiles), resolving racks, words and scores,
the problem check, and painting a finished game, with and without the rack. Everything
after the word list must stay well under a frame (16 ms); the word list must load in
well under 150 ms so the window never stalls noticeably.

    QT_QPA_PLATFORM=offscreen /work/venv/bin/python benchmarks/letters_speed.py
"""

from __future__ import annotations

import datetime as dt
import os
import statistics
import subprocess
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

COLD_LOAD = (
    "import time; from slugboard.codecs import letters; t = time.perf_counter(); letters.word_list(); "
    "print((time.perf_counter() - t) * 1000)"
)


def timed(fn, repeat: int = 200) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    times.sort()
    return statistics.median(times) * 1000, times[-1] * 1000


def largest_board():
    """31 tiles over five turns (7, 7, 7, 7, 3), played by the rules from the day's racks."""
    from slugboard.codecs import letters

    board = letters.Board(dt.date(2025, 10, 20), (), "w", "GRANDPA")
    # every square not on the starting word, row by row, seven a turn: rules are not the point here
    free = [(r, c) for r in range(9) for c in range(9) if r != 4]
    tiles = []
    for turn, count in zip(range(1, 6), (7, 7, 7, 7, 3)):
        for i in range(count):
            row, col = free.pop(0)
            tiles.append(letters.Tile(row, col, i, turn))
    return letters.Board(board.date, tuple(tiles), "w", "GRANDPA")


def main() -> None:
    cold = [
        float(subprocess.run([sys.executable, "-c", COLD_LOAD], capture_output=True, text=True, check=True).stdout)
        for _ in range(5)
    ]
    print(
        f"word list cold load (fresh process, 172,918 words): median {statistics.median(cold):.1f} ms, "
        f"max {max(cold):.1f} ms"
    )

    from slugboard.codecs import letters

    t0 = time.perf_counter()
    letters.word_list()
    print(f"word list load in this process: {(time.perf_counter() - t0) * 1000:.1f} ms")
    med, worst = timed(lambda: letters.default_start_word.__wrapped__(dt.date(2025, 10, 5)), 50)
    print(f"default starting word: median {med:.3f} ms, max {worst:.3f} ms")

    board = largest_board()
    link = letters.share_url(board)
    print(f"largest board: {len(board.tiles)} tiles, slug {len(letters.encode(board))} chars")
    med, worst = timed(lambda: letters.decode(link))
    print(f"decode link: median {med:.3f} ms, max {worst:.3f} ms")

    def resolve_uncached():
        letters._resolve.cache_clear()
        letters.daily_draw.cache_clear()
        letters.resolve(board)

    med, worst = timed(resolve_uncached)
    print(f"resolve (draw, racks, words, scores; uncached): median {med:.3f} ms, max {worst:.3f} ms")
    med, worst = timed(lambda: letters.problems(board))
    print(f"problems (rules and word checks): median {med:.3f} ms, max {worst:.3f} ms")

    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtWidgets import QApplication

    from slugboard.gui import letters as gui

    app = QApplication.instance() or QApplication([])
    size = gui.preferred_size(board)
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    palette = QGuiApplication.palette()

    def paint(**state):
        painter = QPainter(image)
        gui.paint(painter, QRectF(0, 0, size.width(), size.height()), board, palette, **state)
        painter.end()

    med, worst = timed(paint, 100)
    print(f"paint finished game {size.width()}x{size.height()}: median {med:.2f} ms, max {worst:.2f} ms")
    playing = letters.Board(board.date, board.tiles[:14], "w", "GRANDPA")
    rack = letters.rack_for_turn(playing, 3)
    preview = letters.check_turn(playing, [(8, 0, rack[0])])

    def paint_play():
        painter = QPainter(image)
        gui.paint(
            painter,
            QRectF(0, 0, size.width(), size.height()),
            playing,
            palette,
            rack=rack,
            pending=((8, 0, 0),),
            selected_slot=1,
            preview=preview,
        )
        painter.end()

    med, worst = timed(paint_play, 100)
    print(f"paint mid-game with rack and a placed tile: median {med:.2f} ms, max {worst:.2f} ms")

    def decode_and_paint():
        letters._resolve.cache_clear()
        b = letters.decode(link)
        painter = QPainter(image)
        gui.paint(painter, QRectF(0, 0, size.width(), size.height()), b, palette)
        painter.end()

    med, worst = timed(decode_and_paint, 100)
    print(f"decode + resolve + paint: median {med:.2f} ms, max {worst:.2f} ms")
    del app


if __name__ == "__main__":
    main()

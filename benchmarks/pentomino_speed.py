"""Decode and draw speed of the largest pentomino boards (60x60), against one frame (16.7 ms).

Three 60x60 boards: a dense tiling-like board of 720 pieces (every cell covered once, on a
torus), a crowded one full of overlaps, pieces off the edges and terrain (every conflict
path), and a terrain-only board whose slug uses the Y/Z forms. Each is decoded from its
slug and drawn onto an 800x800 image by the same paint function the window uses.

Then one edit in the main window on the largest boards and the seed board: place a piece,
which updates the canvas, the tool panel and the slug pane, and repaint.

Times are CPU time of the drawing thread (time.thread_time), so other programs on a busy
machine do not inflate them; medians and the best run are shown.

Run: QT_QPA_PLATFORM=offscreen /work/venv/bin/python benchmarks/pentomino_speed.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRectF  # noqa: E402
from PySide6.QtGui import QImage, QPainter, QPalette  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from slugboard.codecs import pentomino as pm  # noqa: E402
from slugboard.gui import pentomino as view  # noqa: E402


def tiled_board() -> pm.Board:
    """720 pieces covering a 60x60 torus exactly: the 5x1 I in rows, shifted per row."""
    items = {}
    for r in range(60):
        for c in range(0, 60, 5):
            col = (c + 2 + r) % 60
            items[(r, col)] = pm.Piece("I", r, col, 1, False)
    return pm.make_board("T", 60, 60, items, range(12))


def crowded_board(seed: int = 1) -> pm.Board:
    rng = random.Random(seed)
    items = {}
    for r in range(60):
        for c in range(60):
            roll = rng.random()
            if roll < 0.2:
                items[(r, c)] = pm.Piece(rng.choice(pm.PIECES), r, c, rng.randrange(4), rng.random() < 0.5)
            elif roll < 0.28:
                items[(r, c)] = pm.TERRAIN
    return pm.make_board("P", 60, 60, items, [rng.randrange(12) for _ in range(12)])


def terrain_board() -> pm.Board:
    cells = tuple(sorted({(r, c) for r in range(60) for c in range(60) if (r * 7 + c * 3) % 5 == 0}))
    return pm.Board("K", 60, 60, terrain=cells)


def measure(label: str, board: pm.Board, repeat: int, image: QImage, palette: QPalette) -> None:
    slug = pm.encode(board)
    decode_ms, paint_ms, total_ms = [], [], []
    for _ in range(repeat):
        t0 = time.thread_time()
        decoded = pm.decode(slug)
        t1 = time.thread_time()
        painter = QPainter(image)
        view.paint(painter, QRectF(0, 0, image.width(), image.height()), decoded, palette)
        painter.end()
        t2 = time.thread_time()
        decode_ms.append((t1 - t0) * 1000)
        paint_ms.append((t2 - t1) * 1000)
        total_ms.append((t2 - t0) * 1000)
    facts = pm.info(decoded)
    print(
        f"{label:<34} slug {len(slug):>5} chars, {facts['pieces']:>3} pieces, "
        f"{len(facts['problems']):>4} problems | decode {statistics.median(decode_ms):5.2f} ms"
        f"  paint {statistics.median(paint_ms):5.2f} ms | total median {statistics.median(total_ms):5.2f} ms"
        f"  best {min(total_ms):5.2f} ms"
    )


def measure_edits(label: str, board: pm.Board, repeat: int) -> None:
    """One edit in the window as a person makes it: a piece placed on the page, which
    updates the canvas, the tool panel and the slug pane before returning, then the
    canvas repainted; undone between runs."""
    import tempfile

    from PySide6.QtCore import QSettings

    from slugboard.gui.main_window import MainWindow

    with tempfile.TemporaryDirectory() as folder:
        window = MainWindow(QSettings(os.path.join(folder, "s.ini"), QSettings.Format.IniFormat))
        window.resize(1100, 800)
        window.show()
        page = window.page(pm.NAME)
        window.tabs.setCurrentWidget(page)
        window.paste_text(pm.encode(board))
        QApplication.processEvents()
        page.choose("X")
        times = []
        for k in range(repeat):
            t0 = time.thread_time()
            page.place_at(k % board.height, 7)
            page.canvas.repaint()
            times.append((time.thread_time() - t0) * 1000)
            page.undo_stack.undo()
            QApplication.processEvents()
        window.close()
    print(
        f"{label:<34} edit + slug pane + repaint: median {statistics.median(times):5.2f} ms  worst {max(times):5.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    image = QImage(800, 800, QImage.Format.Format_ARGB32_Premultiplied)
    palette = app.palette()
    print(f"one frame = 16.7 ms; {args.repeat} runs each, 800x800 image")
    measure("60x60 torus, 720 pieces, tiled", tiled_board(), args.repeat, image, palette)
    measure("60x60 projective, crowded", crowded_board(), args.repeat, image, palette)
    measure("60x60 Klein bottle, terrain only", terrain_board(), args.repeat, image, palette)
    seed = pm.decode("P88YE00vW05P606nZ20LS23wA26Ub32ii34TL45Xg50zI63f675R11166166")
    measure("8x8 seed board", seed, args.repeat, image, palette)
    print("edits in the window (1100x800)")
    measure_edits("60x60 torus, 720 pieces, tiled", tiled_board(), args.repeat)
    measure_edits("60x60 projective, crowded", crowded_board(), args.repeat)
    measure_edits("8x8 seed board", seed, args.repeat)


if __name__ == "__main__":
    main()

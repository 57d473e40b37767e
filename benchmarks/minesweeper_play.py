"""Cost of one move in Play mode, measured in the real main window: a 100x100 field
with 2,000 mines and a game of 3,000 recorded actions, then more clicks on it. Each
click records an event, updates the board state, the statistics, the canvas and the
slug pane (and the saved board), all on the GUI thread, so it must stay well under a
frame (16 ms).

    QT_QPA_PLATFORM=offscreen /work/venv/bin/python benchmarks/minesweeper_play.py
"""

from __future__ import annotations

import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).parent))

from minesweeper_seek import played_game  # noqa: E402
from PySide6.QtCore import QSettings, Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from slugboard.codecs import minesweeper as ms  # noqa: E402
from slugboard.gui.main_window import MainWindow  # noqa: E402


def codec_per_move() -> None:
    """The codec's part of a move (record, replay state, slug, board JSON) as the game
    grows tenfold: it should stay nearly flat."""
    for size, mines, count in ((100, 2000, 3000), (300, 18000, 30000)):
        full = played_game(size, size, mines, seed=8)
        events = [e for e in full.events if not (e.kind == ms.OPEN and (e.x, e.y) in full.mine_set)][:count]
        board = ms.Board(size, size, full.mines, tuple(events))
        ms.replay(board)
        ms.encode(board)
        ms.to_json(board)
        state = ms.replay(board).final()
        targets = [
            c for c in range(size * size) if state.cells[c] == ms.CLOSED and (c % size, c // size) not in full.mine_set
        ][:200]
        times = []
        for c in targets:
            t0 = time.perf_counter()
            board = ms.record(board, ms.FLAG, c % size, c // size, 10**7)
            ms.replay(board).final()
            ms.encode(board)
            ms.to_json(board)
            times.append((time.perf_counter() - t0) * 1000)
        print(
            f"codec per move, {size}x{size} with {count:,} events: median {statistics.median(times):.3f} ms, "
            f"max {max(times):.3f} ms"
        )


def main() -> None:
    app = QApplication.instance() or QApplication([])  # noqa: F841
    folder = tempfile.mkdtemp()
    window = MainWindow(QSettings(os.path.join(folder, "s.ini"), QSettings.Format.IniFormat))
    window.resize(1200, 900)
    window.show()
    # A game still going: flags on most mines, part of the field opened (no mine hit).
    full = played_game(100, 100, 2000, seed=8)
    mines = set(full.mines)
    events = []
    for e in full.events:
        if e.kind == ms.OPEN and (e.x, e.y) in mines:
            continue
        events.append(e)
        if len(events) == 3000:
            break
    game = ms.Board(100, 100, full.mines, tuple(events))
    window.paste_text(ms.encode(game))
    page = window.page("minesweeper")
    page.set_mode("play")
    app.processEvents()
    state = page.replay.final()
    targets = [
        (c % 100, c // 100) for c in range(10_000) if state.cells[c] == ms.CLOSED and (c % 100, c // 100) not in mines
    ]
    clicks = []
    profile = cProfile.Profile() if "--profile" in sys.argv else None
    for x, y in targets[:60]:
        t0 = time.perf_counter()
        if profile:
            profile.enable()
        page._cell_clicked(x, y, Qt.MouseButton.RightButton if len(clicks) % 3 == 2 else Qt.MouseButton.LeftButton)
        if profile:
            profile.disable()
        clicks.append((time.perf_counter() - t0) * 1000)
    paint = []
    for _ in range(10):
        t0 = time.perf_counter()
        page.canvas.repaint()
        paint.append((time.perf_counter() - t0) * 1000)
    assert window.slug_pane.slug_text() == ms.encode(page.board)
    # The same moves with only this game's part: record, replay state, statistics, canvas.
    own = []
    board = page.board
    window.blockSignals(True)
    page.blockSignals(True)
    for x, y in targets[60:120]:
        t0 = time.perf_counter()
        page._cell_clicked(x, y, Qt.MouseButton.LeftButton)
        own.append((time.perf_counter() - t0) * 1000)
    page.blockSignals(False)
    codec = []
    for x, y in targets[120:180]:
        t0 = time.perf_counter()
        board = ms.record(board, ms.OPEN, x, y, 10**6)
        ms.replay(board).final()
        ms.encode(board)
        codec.append((time.perf_counter() - t0) * 1000)
    print(f"play on 100x100, 2,000 mines, {len(events)} events before, {len(page.board.events)} after")
    print(
        f"  click (record + state + stats + slug pane): median {statistics.median(clicks):.2f} ms, "
        f"max {max(clicks):.2f} ms"
    )
    print(
        f"  the page alone (no slug pane, no saved board): median {statistics.median(own):.2f} ms, "
        f"max {max(own):.2f} ms"
    )
    print(
        f"  the codec alone (record + replay state + slug): median {statistics.median(codec):.3f} ms, "
        f"max {max(codec):.3f} ms"
    )
    print("  clicks over 15 ms (index: ms):", [(i, round(c, 1)) for i, c in enumerate(clicks) if c > 15])
    print(f"  slowest clicks in the window: {', '.join(f'{c:.1f}' for c in sorted(clicks)[-5:])} ms")
    print(f"  repaint of the canvas: median {statistics.median(paint):.2f} ms")
    if profile:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
    codec_per_move()


if __name__ == "__main__":
    main()

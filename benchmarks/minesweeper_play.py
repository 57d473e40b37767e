"""Cost of one move in Play mode, measured in the real main window: a 100x100 field
with 2,000 mines and a game of 3,000 recorded actions, then more clicks on it. Each
click records an event, updates the board state, the statistics, the canvas and the
slug pane (and the saved board), all on the GUI thread, so it must stay well under a
frame (16 ms).

    QT_QPA_PLATFORM=offscreen /work/venv/bin/python benchmarks/minesweeper_play.py

With `--figures`, only the cost of one more move's click figures on a long game (a
600x600 field, 30,000 actions): counted by the codec, and waited for in the window;
`--from-scratch` counts every move's figures from the start, as before they were
counted on from the last move's.
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


def figures_per_move(app: QApplication, moves: int = 10) -> None:
    """One more move on a 600x600 game of 30,000 actions: the click figures of the game
    with it (the codec's `figures_of`, its figures counted before), and in the window, in
    Play mode, the time from the click until no statistic shows "…"."""
    from minesweeper_restore import ACTIONS, HEIGHT, MINES, WIDTH, figures_shown, settings_with

    from slugboard.codecs.minesweeper import figures as ms_figures

    if "--from-scratch" in sys.argv:
        ms_figures._continued = lambda board, at_most, cancel: None  # type: ignore[assignment]
    board = played_game(WIDTH, HEIGHT, MINES, seed=9, limit=ACTIONS)
    t0 = time.perf_counter()
    ms_figures.figures_of(board)
    first = (time.perf_counter() - t0) * 1000
    state = ms.replay(board).final()
    mines = board.mine_set
    targets = [
        (c % WIDTH, c // WIDTH)
        for c in range(WIDTH * HEIGHT)
        if state.cells[c] == ms.CLOSED and (c % WIDTH, c // WIDTH) not in mines
    ]
    codec = []
    for x, y in targets[:moves]:
        board = ms.record(board, ms.OPEN, x, y, 10**7)
        final = ms.replay(board).final()
        t0 = time.perf_counter()
        ms_figures.figures_of(board).at(final, work_out_zini=False, work_out_islands=False)
        codec.append((time.perf_counter() - t0) * 1000)
    print(f"click figures on {WIDTH}x{HEIGHT}, {ACTIONS:,} actions: counted first in {first:.0f} ms")
    print(f"  one more move, the codec's figures_of: median {statistics.median(codec):.2f} ms, max {max(codec):.2f} ms")
    window = MainWindow(settings_with(board, "play"))
    window.resize(1200, 900)
    window.show()
    page = window.page("minesweeper")
    deadline = time.perf_counter() + 60
    while not figures_shown(page) and time.perf_counter() < deadline:
        app.processEvents()
        time.sleep(0.001)
    waits = []
    for x, y in targets[moves : 2 * moves]:
        t0 = time.perf_counter()
        page._cell_clicked(x, y, Qt.MouseButton.LeftButton)
        while not figures_shown(page):
            app.processEvents()
            time.sleep(0.001)
        waits.append((time.perf_counter() - t0) * 1000)
    # The first move also builds the replay again (the restored board is another object).
    print(
        f"  one more move in the window, click to every figure shown: median {statistics.median(waits):.1f} ms, "
        f"each {', '.join(f'{w:.1f}' for w in waits)} ms"
    )
    window.close()


def main() -> None:
    app = QApplication.instance() or QApplication([])  # noqa: F841
    if "--figures" in sys.argv:
        figures_per_move(app)
        return
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
    figures_per_move(app)


if __name__ == "__main__":
    main()

"""Cost of starting the window on a very large stored minesweeper game: a 600x600 field
(74,160 mines) with a recorded game of 30,000 actions, kept in the settings as the last
board and shown at start, in each of the page's modes.

Printed first, the codec's parts of showing it (reading the stored JSON, the field, the
replay, the figures counted from its clicks, the islands). Then, per mode, medians of a
few starts: how long the window's thread is held from making the main window to its
first paint (what the person waits for before seeing anything; a window with no stored
board is the baseline); when the restored board is first painted on the page (a stored
board this large is read and prepared in the background, after the window is on screen);
the longest the window's thread went without running a 5 ms timer from the first paint
until a second after the board was painted (how live the window stays while the board is
restored and figures still being worked out follow; a full garbage collection there
shows as a long wait too); and the time until no statistic shows "…". The codec's caches
are emptied before each start, and the application's main-thread garbage collector runs,
as in the application. With `--profile`, where the window's part up to its first paint
goes (sorted by the last argument, cumulative by default); `--repeat N` starts the window
N times per mode (5 by default); `--at-once` restores the board as a small one is, on the
window's thread before the first paint (as every stored board was before), for comparison.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/minesweeper_restore.py
    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/minesweeper_restore.py --profile tottime
    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/minesweeper_restore.py --at-once
"""

from __future__ import annotations

import cProfile
import gc
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).parent))

from minesweeper_paste import timed_steps  # noqa: E402
from minesweeper_seek import played_game  # noqa: E402
from PySide6.QtCore import QElapsedTimer, QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from slugboard.codecs import minesweeper as ms  # noqa: E402
from slugboard.codecs.minesweeper import figures as ms_figures  # noqa: E402
from slugboard.codecs.minesweeper import replays as ms_replays  # noqa: E402
from slugboard.codecs.minesweeper import stats as ms_stats  # noqa: E402
from slugboard.gui import window_boards  # noqa: E402
from slugboard.gui.collector import MainThreadCollector  # noqa: E402
from slugboard.gui.main_window import MainWindow  # noqa: E402

WIDTH = HEIGHT = 600
MINES = 74_160  # expert's density, 20.6%
ACTIONS = 30_000


def settings_with(board: ms.Board | None, mode: str) -> QSettings:
    path = os.path.join(tempfile.mkdtemp(), "s.ini")
    settings = QSettings(path, QSettings.Format.IniFormat)
    if board is not None:
        settings.setValue("boards/minesweeper", json.dumps(ms.to_json(board)))
    settings.setValue("window/tab", "minesweeper")
    settings.setValue("minesweeper/mode", mode)
    settings.sync()
    return QSettings(path, QSettings.Format.IniFormat)


def figures_shown(page) -> bool:
    return all(label.text() != "…" for label in page.stat_labels.values())


def first_paint(widget, painted: list[float], until=lambda: True) -> None:
    """Note in `painted` when `widget` first paints (once `until()` holds)."""
    real_paint = widget.paintEvent

    def paint(event) -> None:
        real_paint(event)
        if not painted and until():
            painted.append(time.perf_counter())

    widget.paintEvent = paint


def restore(
    app: QApplication, board: ms.Board | None, mode: str, profile: cProfile.Profile | None
) -> tuple[float, float, int, float]:
    """(ms to the window's first paint, ms until the board is painted on the page, the
    longest wait of the window's thread after the first paint in ms, ms until every figure
    is on show), the window made on settings that hold `board` (None: no stored board)."""
    settings = settings_with(board, mode)
    ms_stats.FIELDS.clear()
    ms_replays.REPLAYS.clear()
    ms_figures.FIGURES.clear()
    painted: list[float] = []
    t0 = time.perf_counter()
    if profile:
        profile.enable()
    window = MainWindow(settings)
    window.resize(1200, 900)
    first_paint(window, painted)
    page = window.page("minesweeper")
    shown: list[float] = []
    first_paint(page.canvas, shown, lambda: board is None or page.board == board)
    window.show()
    while not painted:
        app.processEvents()
    if profile:
        profile.disable()
    t1 = painted[0]
    clock = QElapsedTimer()
    clock.start()
    ticks = [0]
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(clock.elapsed()))
    timer.start(5)
    figured: list[float] = []
    settle = None
    while settle is None or time.perf_counter() < settle or not figured:
        app.processEvents()
        if shown and settle is None:
            page.player.pause()
            settle = time.perf_counter() + 1.0
        if shown and not figured and figures_shown(page):
            figured.append(time.perf_counter())
        time.sleep(0.001)
    assert page.board == (board if board is not None else ms.new_board()) and page.mode == mode
    ticks.append(clock.elapsed())  # a wait still under way at the end counts too
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    timer.stop()
    window.close()
    window.deleteLater()
    app.processEvents()
    gc.collect()
    return 1000 * (t1 - t0), 1000 * (shown[0] - t0), max(gaps), 1000 * (figured[0] - t0)


def parts(board: ms.Board) -> str:
    text = json.dumps(ms.to_json(board))

    def steps() -> Iterator[str]:
        restored = ms.from_json(json.loads(text))
        yield "from_json"
        fld = ms.field_of(restored)
        yield "field"
        r = ms.replay(restored)
        yield "replay"
        figures = ms_figures.figures_of(restored)
        yield "figures"
        figures.at(r.final(), work_out_zini=False, work_out_islands=False)
        yield "figures at the end"
        ms_figures.islands_of(fld)
        yield "islands"

    return timed_steps(steps())


def main() -> None:
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 5
    app = QApplication.instance() or QApplication([])
    MainThreadCollector(app)  # as the application has it
    if "--at-once" in sys.argv:
        window_boards.RESTORE_IN_BACKGROUND = sys.maxsize
    board = played_game(WIDTH, HEIGHT, MINES, seed=9, limit=ACTIONS)
    print(f"{WIDTH}x{HEIGHT} game, {len(board.mines):,} mines, {len(board.events):,} actions")
    print("  codec:", parts(board))
    profile = cProfile.Profile() if "--profile" in sys.argv else None
    print(f"  the window started on it, medians of {repeat} (the longest wait: its largest):")
    for mode in ("replay", "play", "edit"):
        empty = statistics.median(restore(app, None, mode, None)[0] for _ in range(repeat))
        runs = [restore(app, board, mode, profile) for _ in range(repeat)]
        painted, shown, _, figured = (statistics.median(column) for column in zip(*runs))
        wait = max(run[2] for run in runs)
        print(
            f"  {mode:6}: the window's thread held {painted:4.0f} ms before the first paint "
            f"({empty:3.0f} ms with no stored board); the board painted after {shown:5.0f} ms; "
            f"the longest wait after the first paint {wait:4d} ms; every figure shown after {figured:5.0f} ms"
        )
    if profile:
        key = sys.argv[-1] if sys.argv[-1] != "--profile" else "cumulative"
        pstats.Stats(profile).sort_stats(key).print_stats(45)


if __name__ == "__main__":
    main()

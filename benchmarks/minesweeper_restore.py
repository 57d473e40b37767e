"""Cost of starting the window on a very large stored minesweeper game: a 600x600 field
(74,160 mines) with a recorded game of 30,000 actions, kept in the settings as the last
board and shown at start, in each of the page's modes.

Printed first, the codec's parts of showing it (reading the stored JSON, the field, the
replay, the figures counted from its clicks, the islands). Then, per mode, medians of a
few starts: the time from making the main window to its first paint (what the person
waits for); the longest the window's thread went without running a 5 ms timer in the
second after that paint (how live the window stays while figures still being worked out
follow in the background; a full garbage collection there shows as a long wait too); and
the time until no statistic shows "…". The codec's caches are emptied before each start,
and the application's main-thread garbage collector runs, as in the application. With
`--profile`, where the window's part goes (sorted by the last argument, cumulative by
default); `--repeat N` starts the window N times per mode (5 by default).

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/minesweeper_restore.py
    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/minesweeper_restore.py --profile tottime
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
from slugboard.gui.collector import MainThreadCollector  # noqa: E402
from slugboard.gui.main_window import MainWindow  # noqa: E402

WIDTH = HEIGHT = 600
MINES = 74_160  # expert's density, 20.6%
ACTIONS = 30_000


def settings_with(board: ms.Board, mode: str) -> QSettings:
    path = os.path.join(tempfile.mkdtemp(), "s.ini")
    settings = QSettings(path, QSettings.Format.IniFormat)
    settings.setValue("boards/minesweeper", json.dumps(ms.to_json(board)))
    settings.setValue("window/tab", "minesweeper")
    settings.setValue("minesweeper/mode", mode)
    settings.sync()
    return QSettings(path, QSettings.Format.IniFormat)


def figures_shown(page) -> bool:
    return all(label.text() != "…" for label in page.stat_labels.values())


def restore(
    app: QApplication, board: ms.Board, mode: str, profile: cProfile.Profile | None
) -> tuple[float, int, float]:
    """(ms to the first paint, the longest wait of the window's thread after it in ms,
    ms until every figure is on show), the window made on settings that hold `board`."""
    settings = settings_with(board, mode)
    ms_stats._FIELDS.clear()
    ms_replays._REPLAYS.clear()
    ms_figures._FIGURES.clear()
    painted: list[float] = []
    t0 = time.perf_counter()
    if profile:
        profile.enable()
    window = MainWindow(settings)
    window.resize(1200, 900)
    real_paint = window.paintEvent

    def paint(event) -> None:
        real_paint(event)
        if not painted:
            painted.append(time.perf_counter())

    window.paintEvent = paint  # type: ignore[method-assign]
    window.show()
    while not painted:
        app.processEvents()
    if profile:
        profile.disable()
    t1 = painted[0]
    page = window.page("minesweeper")
    assert page.board == board and page.mode == mode
    clock = QElapsedTimer()
    clock.start()
    ticks = [0]
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(clock.elapsed()))
    timer.start(5)
    page.player.pause()
    figured: list[float] = []
    settle = time.perf_counter() + 1.0
    while time.perf_counter() < settle or not figured:
        app.processEvents()
        if not figured and figures_shown(page):
            figured.append(time.perf_counter())
        time.sleep(0.001)
    t2 = figured[0]
    ticks.append(clock.elapsed())  # a wait still under way at the end counts too
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    timer.stop()
    window.close()
    window.deleteLater()
    app.processEvents()
    gc.collect()
    return 1000 * (t1 - t0), max(gaps), 1000 * (t2 - t0)


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
    board = played_game(WIDTH, HEIGHT, MINES, seed=9, limit=ACTIONS)
    print(f"{WIDTH}x{HEIGHT} game, {len(board.mines):,} mines, {len(board.events):,} actions")
    print("  codec:", parts(board))
    profile = cProfile.Profile() if "--profile" in sys.argv else None
    print(f"  the window started on it, medians of {repeat} (the longest wait: its largest):")
    for mode in ("replay", "play", "edit"):
        runs = [restore(app, board, mode, profile) for _ in range(repeat)]
        painted, _, figured = (statistics.median(column) for column in zip(*runs))
        wait = max(run[1] for run in runs)
        print(
            f"  {mode:6}: painted after {painted:5.0f} ms; then the longest wait {wait:4d} ms; "
            f"every figure shown after {figured:5.0f} ms"
        )
    if profile:
        key = sys.argv[-1] if sys.argv[-1] != "--profile" else "cumulative"
        pstats.Stats(profile).sort_stats(key).print_stats(45)


if __name__ == "__main__":
    main()

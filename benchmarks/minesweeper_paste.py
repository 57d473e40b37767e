"""Cost of pasting the largest legal minesweeper boards into the real main window
(1000x1000: a field with 150,000 mines, and a game of 100,000 actions on it; and
the codec's part for the narrowest shapes, 1x1000000 and 10x100000).

A text that long is read and prepared in the background (gui/opening.py): decode, the
field's numbers and openings, the replay, the game's figures and the slug. Printed: the
time from the paste to the board on screen; the longest the window's thread went without
running a 5 ms timer while that ran (how live the window stayed: progress bar, Cancel);
and the window's own part once the board was ready (showing it, the slug pane, the first
paint). Then the time from a click in Edit mode to the painted field, and the time to save
the edited field. With
`--profile`, where the window's own part goes.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/minesweeper_paste.py
"""

from __future__ import annotations

import cProfile
import os
import pstats
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).parent))

from minesweeper_seek import played_game  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from slugboard.codecs import minesweeper as ms  # noqa: E402
from slugboard.codecs.minesweeper import replays as ms_replays  # noqa: E402
from slugboard.codecs.minesweeper import stats as ms_stats  # noqa: E402
from slugboard.gui.main_window import MainWindow  # noqa: E402


def timed_steps(steps: Iterator[str]) -> str:
    """The time of each step of `steps`, a generator that yields a step's name when it has
    done it, from empty field and replay caches (emptied again after)."""
    ms_stats.FIELDS.clear()
    ms_replays.REPLAYS.clear()
    times = []
    start = time.perf_counter()
    for name in steps:
        end = time.perf_counter()
        times.append(f"{name} {1000 * (end - start):.0f} ms")
        start = time.perf_counter()
    ms_stats.FIELDS.clear()
    ms_replays.REPLAYS.clear()
    return ", ".join(times)


def parts(slug: str) -> str:
    fresh = ms.decode(slug)  # a board of its own for the encode, whose slug is not yet written

    def steps() -> Iterator[str]:
        board = ms.decode(slug)
        yield "decode"
        ms.field_of(board)
        yield "field"
        ms.replay(board)
        yield "replay"
        ms.encode(fresh)
        yield "encode"
        ms.to_json(board)
        yield "to_json"

    return timed_steps(steps())


def edits(app, window, page, count: int = 12) -> str:
    """Median and longest time from a click in Edit mode to the painted field, at cells
    across the field (a mine added where there is none, taken away where there is one);
    what follows in the background is left to finish between clicks. Then the time the
    window takes to save the edited field (its timer does, a moment after the last edit)."""
    from PySide6.QtCore import Qt

    page.set_mode("edit")
    samples = []
    for i in range(count):
        x, y = (3 + i, 7) if i < 2 else (300 + 37 * i, 700 - 11 * i)
        t0 = time.perf_counter()
        page._cell_clicked(x, y, Qt.MouseButton.LeftButton)
        page.canvas.repaint()
        samples.append(time.perf_counter() - t0)
        settle = time.perf_counter() + 0.3
        while time.perf_counter() < settle:
            app.processEvents()
            time.sleep(0.005)
    samples.sort()
    t0 = time.perf_counter()
    window.save_boards()
    saved = time.perf_counter() - t0
    return (
        f"median {1000 * samples[len(samples) // 2]:.0f} ms, longest {1000 * samples[-1]:.0f} ms; "
        f"saving the edited field {1000 * saved:.0f} ms"
    )


def main() -> None:
    from PySide6.QtCore import QElapsedTimer, QTimer

    from slugboard.gui.collector import MainThreadCollector

    app = QApplication.instance() or QApplication([])
    MainThreadCollector(app)  # as the application has it
    window = MainWindow(QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat))
    window.resize(1200, 900)
    window.show()
    app.processEvents()
    page = window.page("minesweeper")
    profile = cProfile.Profile() if "--profile" in sys.argv else None
    clock = QElapsedTimer()
    clock.start()
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(clock.elapsed()))
    timer.start(5)
    shown: list[float] = []
    real_show = window.openings._show_opened

    def show(*args) -> None:
        t0 = time.perf_counter()
        if profile:
            profile.enable()
        real_show(*args, prepared=True)
        page.canvas.repaint()
        window.slug_pane.repaint()
        if profile:
            profile.disable()
        shown.append(time.perf_counter() - t0)

    window.opener.opened.disconnect()
    window.opener.opened.connect(show)
    for name, board in (
        ("1000x1000 field, 150,000 mines", ms.random_board(1000, 1000, 150_000, seed=2)),
        ("1000x1000 game, 100,000 actions", played_game(1000, 1000, 150_000, seed=9, limit=100_000)),
    ):
        slug = ms.encode(board)
        print(f"{name}: slug {len(slug):,} chars")
        print("  codec:", parts(slug))
        ms_stats.FIELDS.clear()
        ms_replays.REPLAYS.clear()
        app.processEvents()
        ticks[:] = [clock.elapsed()]
        shown.clear()
        t0 = time.perf_counter()
        assert window.paste_text(slug)
        while window.opening() or not shown:
            app.processEvents()
            time.sleep(0.001)
        t1 = time.perf_counter()
        assert page.board == board
        page.player.pause()
        gaps = sorted(b - a for a, b in zip(ticks, ticks[1:]))
        print(
            f"  window: on screen after {1000 * (t1 - t0):.0f} ms; while it was read the window's longest wait "
            f"{gaps[-1]} ms (p95 {gaps[int(0.95 * len(gaps))]} ms); showing it {1000 * shown[0]:.0f} ms"
        )
    print("  an edit of the field (a mine added or taken away in Edit mode) to painted:", edits(app, window, page))
    for width, height in ((1, 1_000_000), (10, 100_000)):
        slug = ms.encode(ms.random_board(width, height, 150_000, seed=1))
        print(f"{width}x{height} field, 150,000 mines: codec:", parts(slug))
    if profile:
        pstats.Stats(profile).sort_stats(sys.argv[-1] if sys.argv[-1] != "--profile" else "tottime").print_stats(30)


if __name__ == "__main__":
    main()

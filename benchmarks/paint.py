"""Painting in the window, each figure beside its baseline in the same run.

* repaint, nothing changed (a pasted replay paused, the pointer resting on the board): the
  whole window repainted, against an empty QMainWindow of the same size shown beside it
  (no goal: it comes with an expose, not a frame; on a display each window is raised before
  it is measured, so that none of its pixels are clipped away under another); and the canvas alone, against an empty
  window of the canvas's size that paints its background, and beside the same canvas
  painting nothing but a copy of its picture (the floor of a canvas that keeps its
  picture: what Qt's repaint of a widget in a window and one copy cost);
* edit to painted: an undo or redo (the board changes, the slug pane follows, the canvas
  repaints), p50 and p95 (goal: p95 under 16 ms; 33 ms on a 200x200 minesweeper field);
* paste to painted: a vector slug opened and the canvas repainted, p95 (goal: under 50 ms).

Run: QT_QPA_PLATFORM=offscreen python benchmarks/paint.py [--runs N]
(or on an X display: QT_QPA_PLATFORM=xcb; run_all.py measures on both, see display.py)
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from PySide6.QtCore import QCoreApplication, QEvent, QSettings, Qt  # noqa: E402
from PySide6.QtGui import QCursor, QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget  # noqa: E402
from render_speed import vector_slugs  # noqa: E402

from slugboard.codecs import GAMES  # noqa: E402


class _Copy(QWidget):
    """Laid over the canvas, in its place in the window: a widget that paints nothing but
    a copy of what the canvas shows (the floor of a canvas that keeps its picture). A
    widget of its own, since PySide6 keeps calling a class's first paintEvent after the
    class's method is replaced."""

    def __init__(self, canvas: QWidget) -> None:
        super().__init__(canvas)
        self.picture = canvas.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setGeometry(canvas.rect())

    def paintEvent(self, event) -> None:
        QPainter(self).drawImage(0, 0, self.picture)


@contextmanager
def _only_copying(canvas: QWidget) -> Iterator[QWidget]:
    copy = _Copy(canvas)
    copy.show()
    try:
        yield copy
    finally:
        copy.hide()
        # Gone at once, not when the event loop next runs (processEvents does not delete):
        # hidden copies left under the canvas would be walked by every later repaint of it.
        copy.setParent(None)
        copy.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def _ms(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered) * 1000, ordered[max(0, round(0.95 * len(ordered)) - 1)] * 1000


def _big_minesweeper(pattern: int = 0) -> str:
    """A 200x200 field with a mine on every ninth cell, in one of nine patterns."""
    from slugboard.codecs import minesweeper

    mines = [[x, y] for y in range(200) for x in range(200) if (x * 7 + y * 13) % 9 == pattern]
    board = minesweeper.from_json(
        {"game": "minesweeper", "version": 1, "width": 200, "height": 200, "mines": mines, "events": []}
    )
    return minesweeper.encode(board)


def run(runs: int) -> list[dict[str, object]]:
    from slugboard.gui.collector import MainThreadCollector
    from slugboard.gui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    # Garbage collected as the application collects it: from a timer, between events, never
    # inside a paste or an edit; and settled once every game is loaded (see gui/collector.py).
    collector = MainThreadCollector(app)
    on_display = app.platformName() != "offscreen"  # where windows can overlap, and be raised
    settings = QSettings(os.path.join(tempfile.mkdtemp(), "bench.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    window.resize(1120, 840)
    # The pointer in the middle of the window, on the board, before it is shown: a platform
    # with no pointer of its own (offscreen) tells a widget the pointer has entered it only
    # then, and would otherwise leave the menu bar lit as though the pointer were over it.
    QCursor.setPos(window.pos() + window.rect().center())
    window.show()
    for name in GAMES:
        window.page(name)
    app.processEvents()
    collector.settle()
    rows: list[dict[str, object]] = []
    cases = [(name, sorted(vector_slugs(name), key=len)[-2:]) for name in GAMES]
    cases.append(("minesweeper 200x200", [_big_minesweeper(0), _big_minesweeper(1)]))  # each paste a new field
    for label, slugs in cases:
        name = label.split()[0]
        if len(slugs) < 2:
            continue
        page = window.page(name)
        window.tabs.setCurrentWidget(page)
        paste = []
        for _ in range(max(3, runs // 2)):
            for slug in slugs:
                start = time.perf_counter()
                window.paste_text(slug)
                page.canvas.repaint()
                paste.append(time.perf_counter() - start)
        player = getattr(page, "player", None)
        if player is not None:
            # A pasted replay starts playing: paused here, since "nothing changed" means a still
            # board (a playing replay's frames are replay.py's to measure).
            player.pause()
        app.processEvents()
        canvas = page.canvas
        # The pointer on the board, where a person's mostly is.
        QCursor.setPos(canvas.mapToGlobal(canvas.rect().center()))
        empty = QMainWindow()  # an empty window the window's size
        empty.resize(window.size())
        empty.show()
        area = QWidget()  # an empty window the canvas's size, that paints its background
        area.setAutoFillBackground(True)
        area.resize(canvas.size())
        area.show()
        app.processEvents()
        still, bare, alone, filled, copied = [], [], [], [], []
        timed = ((window, still), (empty, bare), (canvas, alone), (area, filled))
        for _ in range(runs):
            # Each widget is repainted twice and the second timed: every figure is then a
            # repaint right after the same one, as when nothing changed, and none pays for
            # the memory another widget's repaint just went through. Between them the event
            # loop turns once, as it does between any two paints of a window in use (a
            # widget that keeps its picture draws it aside then).
            for widget, samples in timed:
                # On a display with no window manager the windows overlap; the one measured is
                # raised, so that its pixels reach the screen rather than being clipped away.
                if on_display:
                    widget.window().raise_()
                widget.repaint()
                app.processEvents()
                start = time.perf_counter()
                widget.repaint()
                samples.append(time.perf_counter() - start)
            with _only_copying(canvas) as copy:
                if on_display:
                    window.raise_()
                copy.repaint()
                app.processEvents()
                start = time.perf_counter()
                copy.repaint()
                copied.append(time.perf_counter() - start)
        for widget in (empty, area):
            widget.close()
            widget.deleteLater()
        edit = []
        for i in range(runs):
            action = window.undo_action if i % 2 == 0 else window.redo_action
            start = time.perf_counter()
            action.trigger()
            canvas.repaint()
            edit.append(time.perf_counter() - start)
        app.processEvents()
        s50, _ = _ms(still)
        c50, _ = _ms(alone)
        f50, _ = _ms(filled)
        k50, _ = _ms(copied)
        b50, _ = _ms(bare)
        e50, e95 = _ms(edit)
        p50, p95 = _ms(paste)
        rows.append(
            {
                "case": label,
                "repaint ms": s50,
                "canvas ms": c50,
                "area ms": f50,
                "copy ms": k50,
                "empty ms": b50,
                "ratio": s50 / b50 if b50 else float("inf"),
                "edit p50": e50,
                "edit p95": e95,
                "paste p95": p95,
                "size": f"{canvas.width()}x{canvas.height()}{'' if canvas.isVisible() else ' hidden'}",
            }
        )
    window.close()
    gc.unfreeze()
    collector.stop()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--json", action="store_true", help="print the rows as JSON (for run_all.py)")
    args = parser.parse_args()
    rows = run(args.runs)
    if args.json:
        print(json.dumps(rows))
        return
    print(
        f"{'case':22} {'window ms':>10} {'empty ms':>9} {'ratio':>6} {'edit p50':>9} {'edit p95':>9} {'paste p95':>10} {'canvas ms':>9} {'area ms':>8} {'copy ms':>8}"
    )
    for row in rows:
        print(
            f"{row['case']:22} {row['repaint ms']:10.2f} {row['empty ms']:9.2f} {row['ratio']:6.2f} "
            f"{row['edit p50']:9.2f} {row['edit p95']:9.2f} {row['paste p95']:10.2f} {row['canvas ms']:9.2f} {row['area ms']:8.2f} {row['copy ms']:8.2f}  {row['size']}"
        )
    print("goals: ratio <= 2; edit p95 < 16 ms (33 ms at 200x200); paste p95 < 50 ms")


if __name__ == "__main__":
    main()

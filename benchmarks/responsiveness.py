"""How soon the window answers while long work runs, and how long the long work takes that
must stay short: each figure (the median of several runs) beside the goal it must meet.

The tests check what each of these does (the answer dropped, the file not written, the
figures right); this measures how soon. Run:
  QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/responsiveness.py [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS))

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from conftest import long_minesweeper_slug  # noqa: E402
from slugboard.codecs import minesweeper as ms  # noqa: E402
from slugboard.codecs.work import Cancel, Cancelled  # noqa: E402

LONG_REPLAY = TESTS / "data" / "minesweeper" / "c_10_1184.575_1021_0.862_Pu Tian Yi(Hu Bei).evf"


def _app() -> QApplication:
    return QApplication.instance() or QApplication(sys.argv[:1])


def _process_until(done: Callable[[], bool], seconds: float = 60.0) -> None:
    app, deadline = _app(), time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise RuntimeError("the work never got under way")
        app.processEvents()
        time.sleep(0.001)


def _window(settings_file: str | None = None):
    from slugboard.gui.main_window import MainWindow

    path = settings_file or os.path.join(tempfile.mkdtemp(), "bench.ini")
    window = MainWindow(settings=QSettings(path, QSettings.Format.IniFormat))
    window.show()
    _app().processEvents()
    return window


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


# --- the window, while work runs in the background -------------------------------------
def worker_shutdown() -> float:
    """`LatestOnly.shutdown` while a query runs."""
    from slugboard.gui.worker import LatestOnly

    worker, started = LatestOnly(), threading.Event()

    def query(*, cancel: Cancel) -> None:
        started.set()
        while True:
            cancel.check()
            time.sleep(0.001)

    worker.submit(query)
    started.wait(5)
    return _timed(worker.shutdown)


def close_while_opening() -> float:
    """Closing the window while a long pasted game is read in the background."""
    from test_gui_opening import long_game_slug

    window = _window()
    window.paste_text(long_game_slug())
    _process_until(window.opening)
    return _timed(window.close)


def close_while_restoring() -> float:
    """Closing the window while a large stored board is restored in the background."""
    from test_gui_restoring import large_game, store, stored_text

    path = os.path.join(tempfile.mkdtemp(), "bench.ini")
    store(QSettings(path, QSettings.Format.IniFormat), stored_text(large_game()))
    window = _window(path)
    _process_until(lambda: window.restoring("minesweeper"))
    return _timed(window.close)


def close_while_exporting() -> float:
    """Quitting while a recording of a twenty-minute replay is written."""
    window = _window()
    window.open_file(str(LONG_REPLAY))
    progressed: list[int] = []
    window._recording_progress.advanced.connect(lambda done, total: progressed.append(done))
    window.export_recording(os.path.join(tempfile.mkdtemp(), "long.apng"))
    _process_until(lambda: len(progressed) > 3)
    return _timed(window.close)


def anatomy_toggle() -> float:
    """Showing the anatomy of a 400x400 minesweeper slug: the characters at once, their
    parts worked out in the background."""
    window = _window()
    window.paste_text(long_minesweeper_slug())
    _process_until(lambda: not window.opening())
    seconds = _timed(lambda: window.slug_pane.anatomy_button.setChecked(True))
    window.close()
    return seconds


def anatomy_repaint() -> float:
    """Repainting the characters of that slug once explained: only what is on screen."""
    window = _window()
    window.paste_text(long_minesweeper_slug())
    _process_until(lambda: not window.opening())
    window.slug_pane.anatomy_button.setChecked(True)
    panel = window.slug_pane.anatomy_panel
    _process_until(lambda: panel.anatomy is not None)
    seconds = _timed(panel.chars.repaint)
    window.close()
    return seconds


def quit_with_a_deaf_query() -> float:
    """A whole run whose query never looks at its cancel flag: start, quit 0.1 s later."""
    script = (
        "import threading\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from slugboard.gui.worker import LatestOnly\n"
        "app = QApplication([])\n"
        "worker = LatestOnly()\n"
        "worker.submit(lambda cancel: threading.Event().wait())\n"
        "QTimer.singleShot(100, app.quit)\n"
        "app.exec()\n"
    )
    return _timed(lambda: subprocess.run([sys.executable, "-c", script], check=True, timeout=60))


# --- helper processes ---------------------------------------------------------------------
def _zini_rows():
    from slugboard.codecs.minesweeper import figures, stats

    board = ms.random_board(260, 260, int(260 * 260 * 0.2), seed=1)
    return figures._toollib_board(stats.field_of(board))


def toollib_gap() -> float:
    """The longest this process is held up (asked to sleep 2 ms) while the ms-toollib child
    works out ZiNi of a 260x260 field."""
    from slugboard.codecs.minesweeper.toollib import Toollib

    toollib, cancel = Toollib(), Cancel()
    rows = _zini_rows()

    def work() -> None:
        try:
            toollib.call("zini", rows, cancel=cancel)
        except Cancelled:
            pass

    worker = threading.Thread(target=work)
    worker.start()
    gaps, end = [], time.perf_counter() + 0.6
    while time.perf_counter() < end:
        gaps.append(_timed(lambda: time.sleep(0.002)))
    cancel.set()
    worker.join(5)
    toollib.close()
    return max(gaps)


def toollib_cancel() -> float:
    """From cancel to the ZiNi call stopped (its child ended)."""
    from slugboard.codecs.minesweeper.toollib import Toollib

    toollib, cancel = Toollib(), Cancel()
    rows = _zini_rows()
    toollib.call("zini", [[0, 1, -1], [0, 1, 1], [0, 0, 0]])  # the child started
    worker = threading.Thread(target=lambda: _ignore_cancelled(toollib.call, "zini", rows, cancel=cancel))
    worker.start()
    time.sleep(0.3)  # the child at work
    seconds = _timed(lambda: (cancel.set(), worker.join(5)))
    toollib.close()
    return seconds


def helper_cancel() -> float:
    """From cancel to a call in a helper process stopped by the work itself."""
    import apart_work

    from slugboard.codecs.apart import Helper

    helper, cancel, started = Helper(["apart_work"]), Cancel(), threading.Event()
    helper.call(apart_work.pid, (), cancel=Cancel())
    worker = threading.Thread(
        target=lambda: _ignore_cancelled(
            helper.call, apart_work.until_cancelled, (), cancel=cancel, progress=lambda _: started.set()
        )
    )
    worker.start()
    started.wait(10)

    def stop() -> None:
        cancel.set()
        helper.cancel(cancel)
        worker.join(10)

    seconds = _timed(stop)
    helper.stop()
    return seconds


def _ignore_cancelled(call: Callable[..., object], *args: object, **kwargs: object) -> None:
    try:
        call(*args, **kwargs)
    except Cancelled:
        pass


# --- codecs ----------------------------------------------------------------------------
def anatomy_explain() -> float:
    """`codecs.explain` of the 400x400 minesweeper slug (after a first call that imports)."""
    from slugboard.codecs import explain

    slug = long_minesweeper_slug()
    explain(slug)
    return _timed(lambda: explain(slug))


def largest_field() -> float:
    """`Field` of a 1000x1000 field with 150,000 mines."""
    board = ms.random_board(1000, 1000, 150_000, seed=2)
    return _timed(lambda: ms.Field(board.width, board.height, board.mines))


# (what, goal in seconds)
CASES: list[tuple[Callable[[], float], float]] = [
    (worker_shutdown, 0.5),
    (close_while_opening, 1.0),
    (close_while_restoring, 1.0),
    (close_while_exporting, 2.0),
    (anatomy_toggle, 0.5),
    (anatomy_repaint, 0.25),
    (quit_with_a_deaf_query, 20.0),
    (toollib_gap, 0.2),
    (toollib_cancel, 1.0),
    (helper_cancel, 1.0),
    (anatomy_explain, 1.0),
    (largest_field, 3.0),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("-k", dest="only", default="", help="only the cases whose name holds this")
    args = parser.parse_args()
    # A helper process imports the tests' apart_work by name, as it would a codec module.
    os.environ["PYTHONPATH"] = os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])
    _app()
    missed = 0
    for case, goal in CASES:
        if args.only not in case.__name__:
            continue
        seconds = statistics.median(case() for _ in range(args.runs))
        ok = seconds < goal
        missed += not ok
        summary = " ".join((case.__doc__ or case.__name__).split())
        print(f"{'ok  ' if ok else 'SLOW'} {seconds * 1000:9.1f} ms  goal < {goal * 1000:.0f} ms  {summary}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())

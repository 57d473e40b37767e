"""Memory and time of reading a long pasted text, for texts up to the 4,000,000-character
limit, against the goal: at most 30 times the text's size and 1 s for any text.

Three ways to read it, each printed with its figures and "ok" or "OVER":

* `codec`: `decode_any` and then `info` in this process (what `slugboard-codec info`
  does). Memory is the peak that tracemalloc sees above what was allocated before, as a
  multiple of the text's size; time is measured in a run of its own, without tracemalloc.
* `--cli`: `slugboard-codec info -` and `slugboard-codec decode -` run from start to end
  with the text on stdin: the wall time, the processor time, and the peak resident memory
  above that of the same command on a one-line text, as a multiple of the text's size.
* `--window`: the text pasted into the real main window (read in the background, as a
  long paste is), until its board is on screen: the time, and the peak tracemalloc sees,
  in a run of its own. A long minesweeper game's replay is built in the background once its
  board is on screen (the time it is ready is beside the row), then its click figures are
  counted, and the board is saved to the settings a moment after it is shown: the `counted`
  row under it gives the peak from the paste until all are done, and the time at which the
  figures are on screen.

Run: python benchmarks/long_paste_memory.py [--sizes 100000,1000000,3900000] [--only NAME] [--cli] [--window]
The machine's load (/proc/loadavg) is printed first: on a shared machine, measure when it is low.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).parent))

from decode_linear import garbage, minesweeper_clicks, sudoku_repeats  # noqa: E402

from slugboard.codecs import MAX_TEXT, SlugError, decode_any, game  # noqa: E402
from slugboard.codecs import minesweeper as ms  # noqa: E402

GOAL_TIMES = 30
GOAL_S = 1.0


def minesweeper_field(size: int) -> str:
    """A square field with a mine on every third cell each way, as large as fits in `size`
    characters and the largest field (1,000,000 cells)."""
    side = 10
    while (side + 10) ** 2 <= ms.MAX_CELLS:
        mines = tuple((x, y) for y in range(0, side + 10, 3) for x in range(0, side + 10, 3))
        if len(ms.encode(ms.Board(side + 10, side + 10, mines, (), 1, 50, True))) > size:
            break
        side += 10
    mines = tuple((x, y) for y in range(0, side, 3) for x in range(0, side, 3))
    return ms.encode(ms.Board(side, side, mines, (), 1, 50, True))


def minesweeper_unfinished(size: int) -> str:
    """A game that never ends, as long as fits in `size` characters: flags put down and
    taken up again all over an expert field, and clicks on a few numbered cells (never
    a mine, never the last safe cell): `info` plays every action of it, where a game lost
    at its first click ends there."""
    rng = random.Random(size)
    board = ms.random_board(30, 16, 99, seed=size)
    field = ms.field_of(board)
    numbered = [(x, y) for y in range(16) for x in range(30) if 0 < field.numbers[y * 30 + x] < 9][:40]
    events, t, flagged = [], 0, set()
    for _ in range(size * 10 // 43):
        t += rng.randint(0, 1)
        if rng.random() < 0.7:
            kind, (x, y) = ms.OPEN, rng.choice(numbered)
        else:
            x, y = rng.randrange(30), rng.randrange(16)
            kind = ms.UNFLAG if (x, y) in flagged else ms.FLAG
            flagged ^= {(x, y)}
        if events and events[-1].t == t and events[-1].kind == ms.OPEN and kind != ms.OPEN:
            t += 1
        events.append(ms.Event(t, kind, x, y))
    return ms.encode(board.with_field(30, 16, board.mines, tuple(events)))


def largest(make: Callable[[int], str]) -> Callable[[int], str]:
    """The text of `make` at `size`, or at the largest size under it whose text is within
    the limit (a game's text is about as long as asked, not exactly)."""

    def made(size: int) -> str:
        text = make(size)
        while len(text) > MAX_TEXT:
            size -= max(1, len(text) - MAX_TEXT + 1000)
            text = make(size)
        return text

    return made


def percent_encoded(make: Callable[[int], str]) -> Callable[[int], str]:
    """The text of `make`, percent-encoded whole, as a link copied from an address bar."""

    def made(size: int) -> str:
        text = quote(make(size * 2 // 3), safe="")
        return text[:size] if len(text) > size else text

    return made


CASES: dict[str, Callable[[int], str]] = {
    "minesweeper, timed clicks": largest(minesweeper_clicks),
    "minesweeper, timed clicks, %-encoded": percent_encoded(minesweeper_clicks),
    "minesweeper, unfinished game": largest(minesweeper_unfinished),
    "minesweeper, large field": minesweeper_field,
    "sudoku v1, repeated givens": sudoku_repeats,
    "no game's text": garbage,
}


def read(text: str) -> None:
    try:
        name, board = decode_any(text)
    except SlugError:
        return
    game(name).info(board)


def forget() -> None:
    """Nothing kept from a reading before: the fields and replays of the last boards are
    kept for a window that asks again, and the second reading of a text would find them."""
    from slugboard.codecs.minesweeper import figures, replays, stats

    stats.FIELDS.clear()
    replays.REPLAYS.clear()
    replays.OUTCOMES.clear()
    figures.FIGURES.clear()
    gc.collect()


def measure(text: str) -> tuple[float, float]:
    """(peak bytes over the text's size, seconds) of reading `text`."""
    forget()
    start = time.perf_counter()
    read(text)
    seconds = time.perf_counter() - start
    forget()
    tracemalloc.start()
    read(text)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / len(text), seconds


def verdict(times: float, seconds: float) -> str:
    return "ok" if times <= GOAL_TIMES and seconds <= GOAL_S else "OVER"


def cli(command: str, text: str) -> tuple[float, float, int]:
    """(wall seconds, processor seconds, peak resident bytes) of `slugboard-codec COMMAND -`
    with `text` on stdin, in a child of its own (a fresh interpreter each time, so that
    the peak is this command's)."""
    with tempfile.TemporaryFile("w+b") as stdin:
        stdin.write(text.encode())
        stdin.seek(0)
        code = (
            "import resource, sys, time; from slugboard.codecs.cli import run; start = time.perf_counter(); "
            "status = run([sys.argv[1], '-'], out=open(sys.argv[2], 'w')); wall = time.perf_counter() - start; "
            "usage = resource.getrusage(resource.RUSAGE_SELF); "
            # VmHWM, the peak of this program's own memory: ru_maxrss would count the
            # benchmark's, which a child made by fork holds until its exec.
            "peak = next(line.split()[1] for line in open('/proc/self/status') if line.startswith('VmHWM')); "
            "print(wall, usage.ru_utime + usage.ru_stime, peak, file=sys.stderr)"
        )
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", code, command, os.devnull], stdin=stdin, capture_output=True, text=True, check=False
        )
        wall = time.perf_counter() - start
    *_, cpu, peak_kb = done.stderr.split()
    return wall, float(cpu), int(peak_kb) * 1024


def window_reader() -> Callable[[str], tuple[float, float, float, float | None, float | None]]:
    """A function that pastes a text into the real main window and gives what `read`
    gives (see there)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from slugboard.codecs.minesweeper import figures
    from slugboard.gui.collector import MainThreadCollector
    from slugboard.gui.main_window import MainWindow
    from slugboard.gui.window_opening import LONG_TEXT

    app = QApplication.instance() or QApplication([])
    MainThreadCollector(app)  # as the application has it
    window = MainWindow(QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat))
    window.resize(1200, 900)
    window.show()
    # The other games' modules loaded, as a moment after the window is on screen: a paste
    # measured meanwhile would count them.
    while not window._warmer.done:
        app.processEvents()
        time.sleep(0.001)
    shown: list[bool] = []
    real_show = window.openings._show_opened

    def show(*args: object) -> None:
        real_show(*args, prepared=True)
        window.slug_pane.repaint()
        window.current_page().canvas.repaint()  # the board painted, as the next frame shows it
        shown.append(True)

    window.opener.opened.disconnect()
    window.opener.opened.connect(show)
    window.opener.failed.connect(lambda *_: shown.append(False))

    def paste(text: str, traced: bool = False) -> tuple[float, float | None, float | None, int, int]:
        """(seconds until the board is on screen, seconds until its replay is ready and
        until its click figures are on screen too, each None for a board without them, and
        with `traced` tracemalloc's peak when the board was shown and at the end, from the
        paste on)."""
        window.paste_text("1=9x9+00")  # another board first, so that each paste opens anew
        while window.opening() or window.boards._save_timer.isActive():  # that board shown and saved
            app.processEvents()
            time.sleep(0.001)
        shown.clear()
        forget()
        if traced:
            tracemalloc.start()
        start = time.perf_counter()
        window.paste_text(text)
        # A text up to LONG_TEXT is opened at once, a longer one in the background.
        while window.opening() or (not shown and len(text) > LONG_TEXT):
            app.processEvents()
            time.sleep(0.001)
        seconds = time.perf_counter() - start
        peak_shown = tracemalloc.get_traced_memory()[1]
        page = window.current_page()
        board = page.shown_board()
        counted = replayed = None
        if page.GAME == ms.NAME and board.events:
            while not page.replay_ready():
                app.processEvents()
                time.sleep(0.001)
            replayed = time.perf_counter() - start
            while figures.figures_known(board) is None:
                app.processEvents()
                time.sleep(0.001)
            app.processEvents()  # the figures shown
            counted = time.perf_counter() - start
        while window.boards._save_timer.isActive():  # the board saved
            app.processEvents()
            time.sleep(0.001)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return seconds, replayed, counted, peak_shown, peak

    def read(text: str) -> tuple[float, float, float, float | None, float | None]:
        """(peak over the text's size until the board is on screen, seconds until then,
        peak over the text's size until its figures are counted and it is saved, seconds
        until its replay is ready and until its figures are on screen, or None)."""
        seconds, replayed, counted, _, _ = paste(text)
        _, _, _, peak_shown, peak = paste(text, traced=True)
        return peak_shown / len(text), seconds, peak / len(text), replayed, counted

    return read


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=f"100000,1000000,{MAX_TEXT - 100_000}")
    parser.add_argument("--only", default="", help="run the cases whose name holds this")
    parser.add_argument("--cli", action="store_true", help="also run slugboard-codec info and decode")
    parser.add_argument("--window", action="store_true", help="also paste each text into the main window")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    with open("/proc/loadavg") as load:
        print(f"load average {load.read().split()[:3]}, goal {GOAL_TIMES}x the text's size and {GOAL_S:g} s")
    window = window_reader() if args.window else None
    base = {command: cli(command, "1=9x9+00")[2] for command in ("info", "decode")} if args.cli else {}
    print(f"{'text':38} {'characters':>10} {'how':>7} {'peak / size':>11} {'s':>6} {'cpu s':>6}  goal")
    for label, make in CASES.items():
        if args.only not in label:
            continue
        seen: set[int] = set()
        for size in sizes:
            text = make(size)
            if len(text) in seen or len(text) > MAX_TEXT:
                continue
            seen.add(len(text))
            rows: list[tuple[str, float, float, float | None, str]] = [("codec", *measure(text), None, "")]
            if window is not None:
                times, seconds, times_after, replayed, counted = window(text)
                ready = f"(its replay ready at {replayed:.2f} s)" if replayed is not None else ""
                rows.append(("window", times, seconds, None, ready))
                if counted is not None:
                    rows.append(("counted", times_after, counted, None, "(memory alone: the figures follow the board)"))
            for command, peak in base.items():
                wall, cpu, resident = cli(command, text)
                rows.append((command, (resident - peak) / len(text), wall, cpu, ""))
            for how, times, seconds, cpu, after in rows:
                cpu_text = f"{cpu:6.2f}" if cpu is not None else " " * 6
                print(
                    f"{label:38} {len(text):>10,} {how:>7} {times:11.1f} {seconds:6.2f} {cpu_text}  "
                    f"{verdict(times, 0 if how == 'counted' else seconds):4}  {after}".rstrip(),
                    flush=True,
                )


if __name__ == "__main__":
    main()

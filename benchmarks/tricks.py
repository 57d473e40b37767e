"""The speed tricks Slugboard keeps, each timed beside the plain way it replaces, in the
same run, and what it saves. A trick stays only while it saves 5 ms or more of what a
person waits for, or 1 ms or more of a 16.7 ms frame; one that saves less goes, and the
plain way takes its place (docs/PERFORMANCE.md lists what is kept, each with its row here).

The codecs' (`--codecs`), in this process:

* a replay's events made by `tuple.__new__` (minesweeper.model._new_event),
  against the named tuple's own constructor;
* the slug and board JSON of a long game one move longer, added to from the last move's
  (what the game's `REMEMBERED` memo keeps), against written whole;
* a large field's numbers and openings after one mine is edited, worked out around the
  cell (`stats.Field.toggled`), against the whole field again;
* a board with one mine edited, not checked again (`Board.with_mine`), against a new
  `Board` that checks every mine;
* a long game's board JSON written a piece at a time by one `%` of a format of all its
  entries (`minesweeper.slug._entries`), against one `%` an entry;
* a version-1 slug's time deltas looked up in a dict of the texts met (`minesweeper.slug._DecimalNumbers`),
  against `int` of each;
* the slug of a game read from a slug in its writer's form, written back from the sections read
  (`minesweeper.slug._as_written` checked, then `Remembered.records`), against written from its actions.

The window's (`--window`), each in fresh interpreters, in turns so that a spell of load
weighs on both; processor time, which the machine's other work stretches less than the
wall clock, except for the waits and the starts:

* `slugboard-codec --help` once its modules are loaded, the commands it lists each stood for by
  `cli._Listed`, against a parser made for each;
* `slugboard --book`'s import of gui/book.py, its dialog's class made on first use
  (`book._dialog_class`), against made with the module;
* a 200x200 minesweeper field's canvas repainted with nothing changed, its picture kept
  (gui/kept.py, `PaintCache`), against the board drawn again;
* the window's longest wait for the interpreter while a worker reads and prepares a
  1000x1000 field, with the switch interval made 1 ms (`gui/opening.py`), against the
  interpreter's own 5 ms;
* the window's start (wall time to its first frame, benchmarks/startup.py's harness) against
  the same start with Python's automatic collection on while it loads (`gui/app.py`, `main`).

The whole start is guarded by benchmarks/startup.py.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/tricks.py [--repeat N] [--codecs | --window] [--only TEXT]
"""

from __future__ import annotations

import argparse
import itertools
import operator
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from slugboard.codecs import minesweeper as ms  # noqa: E402
from slugboard.codecs.minesweeper import model as ms_model  # noqa: E402
from slugboard.codecs.minesweeper import slug as ms_slug  # noqa: E402
from slugboard.codecs.minesweeper.stats import Field  # noqa: E402


def best(work: Callable[[], object], repeat: int) -> float:
    """The fastest of `repeat` runs, in seconds: the least disturbed by the machine."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def events(repeat: int) -> tuple[float, float]:
    rows = [(t, ms.OPEN, t % 1000, t // 1000 % 1000) for t in range(200_000)]
    trick = best(lambda: list(map(ms_model._new_event, rows)), repeat)
    plain = best(lambda: [ms.Event(*row) for row in rows], repeat)
    return trick, plain


def long_game() -> ms.Board:
    field = ms.random_board(300, 300, 18_000, seed=8)
    mines = field.mine_set
    safe = [(x, y) for y in range(300) for x in range(300) if (x, y) not in mines]
    moves = tuple(ms.Event(t, ms.OPEN, x, y) for t, (x, y) in enumerate(safe[:30_000]))
    return ms.Board(300, 300, field.mines, moves)


def one_move(repeat: int) -> tuple[float, float]:
    board = long_game()
    ms.encode(board)
    ms.to_json(board)
    x, y = next((x, y) for y in range(300) for x in range(300) if board.has_mine(x, y))
    last = board.events[-1].t

    def grown() -> None:
        moved = board.with_event(ms.Event(last + 1, ms.FLAG, x, y))
        ms.encode(moved)
        ms.to_json(moved)

    def whole() -> None:
        moved = ms.Board(300, 300, board.mines, board.events + (ms.Event(last + 1, ms.FLAG, x, y),))
        ms_slug._whole_parts(moved)
        [[x, y] for x, y in moved.mines]
        [ms_slug._event_json(e) for e in moved.events]

    return best(grown, repeat), best(whole, repeat)


def edited_field(repeat: int) -> tuple[float, float]:
    board = ms.random_board(1000, 1000, 150_000, seed=2)
    field = Field(board.width, board.height, board.mines)
    x, y = next((x, y) for y in range(500, 1000) for x in range(500, 1000) if not board.has_mine(x, y))
    edited = board.with_mine(x, y, True)
    return best(lambda: field.toggled(x, y), repeat), best(lambda: Field(1000, 1000, edited.mines), repeat)


def edited_board(repeat: int) -> tuple[float, float]:
    board = ms.random_board(1000, 1000, 150_000, seed=2)
    board.has_mine(0, 0)  # its cells worked out once, as the window has them
    x, y = next((x, y) for y in range(1000) for x in range(1000) if not board.has_mine(x, y))
    trick = best(lambda: board.with_mine(x, y, True), repeat)
    plain = best(lambda: ms.Board(1000, 1000, board.mines + ((x, y),)), repeat)
    return trick, plain


def json_entries(repeat: int) -> tuple[float, float]:
    board = ms.decode(ms.encode(long_game()))
    events, piece = board.events, ms_slug._JSON_PIECE

    def pieces() -> list[tuple[object, ...]]:
        return [
            (events.t[s : s + piece], map(ms_model._KIND_OF, events.kinds[s : s + piece]), events.x[s : s + piece],
             events.y[s : s + piece])
            for s in range(0, len(events), piece)
        ]  # fmt: skip

    def trick() -> None:
        for columns in pieces():
            ms_slug._entries(ms_slug._EVENT_JSON, columns)  # type: ignore[arg-type]

    def plain() -> None:
        for columns in pieces():
            ",".join(map(operator.mod, itertools.repeat(ms_slug._EVENT_JSON), zip(*columns)))  # type: ignore[call-overload]

    return best(trick, repeat), best(plain, repeat)


def decimal_deltas(repeat: int) -> tuple[float, float]:
    deltas = [str(t % 7 + t % 3 * 11) for t in range(300_000)]

    def trick() -> None:
        list(map(ms_slug._DecimalNumbers().__getitem__, deltas))  # a fresh one, as on first use

    return best(trick, repeat), best(lambda: list(map(int, deltas)), repeat)


def slug_written_back(repeat: int) -> tuple[float, float]:
    field = ms.random_board(30, 16, 99, seed=3)
    kinds = (ms.OPEN, ms.OPEN, ms.FLAG)
    events = tuple(ms.Event(t, kinds[t % 3], t * 7 % 30, t * 5 % 16) for t in range(300_000))
    text = ms.encode(ms.Board(30, 16, field.mines, events, 1, 50))
    _, _, clicks, flags = text.split("+")
    board = ms.decode(text)
    read = ms_slug.remembered(board).records
    assert read is not None and "+".join(ms_slug._parts_as_read(board, read)[:3]) == text

    def trick() -> None:
        assert ms_slug._as_written(clicks, False) and ms_slug._as_written(flags, True)
        "+".join(ms_slug._parts_as_read(board, read)[:3])

    return best(trick, repeat), best(lambda: "+".join(ms_slug._whole_parts(board)[:3]), repeat)


# --- the window's tricks, each in fresh interpreters ------------------------------------


def first(setup: str, work: str) -> float:
    """Processor seconds `work` takes in a fresh interpreter, after `setup` (or, when `work`
    is empty, the number the script prints last): the process's own time, which the other
    work of a shared machine does not stretch as it stretches the wall clock's."""
    script = f"import sys, time\n{setup}\nstart = time.process_time()\n{work}\nprint(time.process_time() - start)\n"
    if "painter = QPainter(" in setup:
        script += "painter.end()\n"  # before the picture it paints on goes
    if not work:
        script = f"import sys, time\n{setup}\n"
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    run = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True, env=env)
    return float(run.stdout.split()[-1])


def in_turns(repeat: int, trick: tuple[str, str], plain: tuple[str, str]) -> tuple[float, float]:
    """Medians of (setup, work) for the trick and the plain way, in fresh interpreters, in turns."""
    tricks: list[float] = []
    plains: list[float] = []
    for _ in range(repeat * 4):
        tricks.append(first(*trick))
        plains.append(first(*plain))
    return statistics.median(tricks), statistics.median(plains)


def book_class(repeat: int) -> tuple[float, float]:
    setup = "from PySide6.QtWidgets import QApplication\napp = QApplication(sys.argv[:1])"
    trick = "from slugboard.gui import book"
    return in_turns(repeat, (setup, trick), (setup, trick + "\nbook._dialog_class()"))


# A 200x200 minesweeper field's canvas repainted with nothing changed, offscreen: its kept
# picture copied (gui/kept.py, PaintCache: "trick") or the board drawn again ("plain"); the
# median of 40 repaints, in processor seconds.
_CANVAS = r"""
import os, statistics, sys, tempfile, time
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from slugboard.codecs import minesweeper as ms
from slugboard.gui.main_window import MainWindow
window = MainWindow(QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat))
window.show()
window.paste_text(ms.encode(ms.random_board(200, 200, 6000, seed=1)))
for _ in range(20):
    app.processEvents()
canvas = window.current_page().canvas
times = []
for _ in range(41):
    if MODE == "plain":
        canvas._paint_cache.invalidate()
    start = time.process_time()
    canvas.repaint()
    times.append(time.process_time() - start)
print(statistics.median(times[1:]))
"""


def canvas_picture(repeat: int) -> tuple[float, float]:
    return in_turns(repeat, ("MODE = 'trick'\n" + _CANVAS, ""), ("MODE = 'plain'\n" + _CANVAS, ""))


# The window's thread (a timer every 5 ms, as the event loop) while a worker reads and
# prepares a 1000x1000 field as a long paste is read: its longest wait beyond the timer's
# interval (or the 95th percentile of its waits), in seconds, with the switch interval at
# 1 ms ("trick") or the interpreter's own.
_SWITCHES = r"""
import sys, threading, time
from PySide6.QtCore import QCoreApplication, QTimer
from slugboard.codecs import minesweeper as ms
from slugboard.codecs.work import Cancel
from slugboard.gui.opening import read_and_prepare
app = QCoreApplication(sys.argv[:1])
text = ms.encode(ms.random_board(1000, 1000, 150_000, seed=2))
if MODE == "trick":
    sys.setswitchinterval(0.001)
done = threading.Event()
threading.Thread(target=lambda: (read_and_prepare(text, Cancel()), done.set()), daemon=True).start()
ticks = [time.perf_counter()]
def tick():
    ticks.append(time.perf_counter())
    if done.is_set():
        app.quit()
timer = QTimer(interval=5)
timer.timeout.connect(tick)
timer.start()
app.exec()
gaps = sorted(b - a - 0.005 for a, b in zip(ticks, ticks[1:]))
print(gaps[-1] if STAT == "longest" else gaps[len(gaps) * 95 // 100])
"""


def switch_interval(repeat: int, stat: str = "longest") -> tuple[float, float]:
    return in_turns(
        repeat,
        (f"MODE, STAT = 'trick', {stat!r}\n" + _SWITCHES, ""),
        (f"MODE, STAT = 'plain', {stat!r}\n" + _SWITCHES, ""),
    )


# `slugboard-codec --help` once its modules are loaded: the commands listed by stand-ins
# (codecs/cli.py, `_Listed`: "trick") or each by a parser of its own with the options its
# games share ("plain").
_HELP = """import contextlib, io
from slugboard.codecs import cli
def whole(chosen=None):
    parser = cli._top_parser()
    offers = cli._offers()
    sub = parser.add_subparsers(dest="command", required=True)
    for name, summary in cli._summaries(offers).items():
        cli._command_options(name, sub.add_parser(name, help=summary, conflict_handler="resolve"), offers.get(name))
    return parser
if MODE == "plain":
    cli._parser = whole"""
_HELP_RUN = """try:
    with contextlib.redirect_stdout(io.StringIO()):
        cli.run(["--help"])
except SystemExit:
    pass"""


def listed_commands(repeat: int) -> tuple[float, float]:
    return in_turns(repeat, ("MODE = 'trick'\n" + _HELP, _HELP_RUN), ("MODE = 'plain'\n" + _HELP, _HELP_RUN))


def _start(kind: str, repeat: int) -> tuple[float, float]:
    """The window's start (letters shown) and the same start run as `kind` of
    benchmarks/startup.py's harness, in turns: their medians (wall time)."""
    from startup import _start_beside, prepared

    return _start_beside(kind, repeat * 5, prepared())


def no_collection(repeat: int) -> tuple[float, float]:
    return _start("collecting", repeat)


def report(rows: tuple[tuple[str, Callable[[int], tuple[float, float]]], ...], repeat: int) -> None:
    """Each row's trick beside the plain way, and what it saves (ms)."""
    print(f"{'trick':50} {'ms':>8} {'plain ms':>9} {'saves ms':>9}")
    for label, measure in rows:
        trick, plain = measure(repeat)
        print(f"{label:50} {trick * 1000:8.2f} {plain * 1000:9.2f} {(plain - trick) * 1000:9.2f}", flush=True)


CODECS = (
    ("200,000 events made", events),
    ("a move in a 30,000-action game: slug + JSON", one_move),
    ("1000x1000 field, one mine edited: numbers", edited_field),
    ("1000x1000 field, one mine edited: board", edited_board),
    ("a 30,000-action game's JSON, a % a piece", json_entries),
    ("300,000 version-1 time deltas read", decimal_deltas),
    ("a 300,000-action slug written back as read", slug_written_back),
)

WINDOW = (
    ("slugboard-codec --help: commands listed, no parser each", listed_commands),
    ("the book dialog's class made on first use", book_class),
    ("a 200x200 field's canvas repainted, picture kept", canvas_picture),
    ("longest wait of the window, 1 ms switches", switch_interval),
    ("p95 wait of the window, 1 ms switches", lambda repeat: switch_interval(repeat, "p95")),
    ("the window's start, no collection while loading", no_collection),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--codecs", action="store_true", help="only the codecs' tricks")
    which.add_argument("--window", action="store_true", help="only the window's tricks")
    parser.add_argument("--only", metavar="TEXT", help="only the rows whose label holds TEXT")
    args = parser.parse_args()
    rows = CODECS if args.codecs else WINDOW if args.window else CODECS + WINDOW
    if args.only:
        rows = tuple(row for row in rows if args.only in row[0])
    report(rows, args.repeat)


if __name__ == "__main__":
    main()

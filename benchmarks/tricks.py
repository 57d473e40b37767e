"""The speed tricks the codecs keep, each timed beside the plain way it replaces, in the
same run: a trick that no longer pays shows "over" and can go.

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
  (`minesweeper.slug._as_written` checked, then `Remembered.records`), against written from its actions;
* a command's start with the board values' base (`slugboard.codecs.record`), against
  the same with `dataclasses`, which frozen dataclasses would import, in fresh interpreters.

The window's tricks, each the first of its kind in a fresh interpreter (as in a start), in
turns so that a spell of load weighs on both (`--window`):

* an empty command line taken as `EMPTY_COMMAND_LINE` (`slugboard.gui.app._parse`), against
  the parser reading it, before Qt loads as in the start;
* a letters board's first square filled by `kept.fill_rect`, against QPainter.fillRect;
* the day's digest of a letters game by the codec's own MD5 (`letters/md5.py`), against
  `hashlib.md5`;
* a start's look-ups in the word list mapped from its file, against read whole;
* a menu action made bare and named after, against `QAction(text, parent)`;
* the book dialog's class made with the module, against made on first use;
* a repaint of the whole window with the kept pictures and covering widgets of
  `gui/kept.py`, against Qt's own widgets (medians of 200 repaints, offscreen);
* the window's longest wait for the interpreter while a worker reads a 1000x1000 field,
  with the switch interval made 1 ms (`gui/opening.py`), against the interpreter's own;
* the window's start with the codec modules the last start listed loaded before Qt, against
  the same start with no list (benchmarks/startup.py's harness).

The whole start is guarded by benchmarks/startup.py.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/tricks.py [--repeat N] [--codecs | --window]
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


def imports(repeat: int) -> tuple[float, float]:
    def started(modules: str) -> float:
        return best(lambda: subprocess.run([sys.executable, "-c", f"import {modules}"], check=True), 1)

    trick: list[float] = []
    plain: list[float] = []
    for _ in range(repeat * 4):  # in turns, so that a spell of load weighs on both
        trick.append(started("slugboard.codecs.record"))
        plain.append(started("slugboard.codecs.record, dataclasses"))
    return statistics.median(trick), statistics.median(plain)


# --- the window's tricks, each in fresh interpreters ------------------------------------


def first(setup: str, work: str) -> float:
    """Seconds `work` takes in a fresh interpreter, after `setup` (or, when `work` is empty,
    the number the script prints last)."""
    script = f"import sys, time\n{setup}\nstart = time.perf_counter()\n{work}\nprint(time.perf_counter() - start)\n"
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


def command_line(repeat: int) -> tuple[float, float]:
    setup = "import argparse, shutil\nfrom slugboard.gui import app\napp.load_before_qt()"
    return in_turns(repeat, (setup, "app._parse([])"), (setup, "app._parser().parse_known_args([])"))


_PAINTER = (
    "from PySide6.QtCore import QRectF\n"
    "from PySide6.QtGui import QColor, QImage, QPainter\n"
    "from PySide6.QtWidgets import QApplication\n"
    "app = QApplication(sys.argv[:1])\n"
    "picture = QImage(200, 200, QImage.Format.Format_RGB32)\n"
    "painter = QPainter(picture)\n"
    "painter.setRenderHint(QPainter.RenderHint.Antialiasing)\n"
    "square, colour = QRectF(10.5, 10.5, 40, 40), QColor('#d9534f')"
)


def first_fill(repeat: int) -> tuple[float, float]:
    setup = _PAINTER + "\nfrom slugboard.gui.kept import fill_rect"
    return in_turns(repeat, (setup, "fill_rect(painter, square, colour)"), (setup, "painter.fillRect(square, colour)"))


def day_digest(repeat: int) -> tuple[float, float]:
    setup = "from slugboard.codecs.letters import model"
    plain = "import hashlib\nint(hashlib.md5(b'20200101').hexdigest(), 16)"
    return in_turns(
        repeat, (setup, "from slugboard.codecs.letters import md5\nmd5.digest(b'20200101')"), (setup, plain)
    )


_LOOKUPS = (
    "from slugboard.codecs.letters.words import WordList, _word_file\n"
    "from slugboard.resources import read_bytes\n"
    "words = ('VIOLIN', 'WEDGIE', 'WOE', 'WE', 'LORE', 'WEE', 'OR', 'WO', 'KNEEL', 'INMATE')"
)


def word_file(repeat: int) -> tuple[float, float]:
    look = "found = [w in listed for w in words]"
    return in_turns(
        repeat,
        (_LOOKUPS, f"listed = WordList(_word_file())\n{look}"),
        (_LOOKUPS, f"listed = WordList(read_bytes('enable.txt'))\n{look}"),
    )


_ACTIONS = (
    "from PySide6.QtGui import QAction\n"
    "from PySide6.QtWidgets import QApplication, QMainWindow\n"
    "app = QApplication(sys.argv[:1])\n"
    "window = QMainWindow()"
)


def bare_action(repeat: int) -> tuple[float, float]:
    trick = "action = QAction(window)\naction.setText('Open…')"
    return in_turns(repeat, (_ACTIONS, trick), (_ACTIONS, "action = QAction('Open…', window)"))


def book_class(repeat: int) -> tuple[float, float]:
    setup = "from PySide6.QtWidgets import QApplication\napp = QApplication(sys.argv[:1])"
    trick = "from slugboard.gui import book"
    return in_turns(repeat, (setup, trick), (setup, trick + "\nbook._dialog_class()"))


# A whole-window repaint, offscreen: the window with what gui/kept.py makes ("kept"), or with
# Qt's own widgets in their place ("plain"); the median of 200 repaints, in seconds.
_REPAINT = r"""
import os, statistics, sys, tempfile, time
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QMenuBar, QPushButton, QScrollBar, QTabBar, QToolButton
app = QApplication(sys.argv[:1])
from slugboard.gui import kept
if sys.argv[1] == "plain":
    kept.KeptTabBar, kept.KeptMenuBar, kept.KeptLineEdit, kept.KeptScrollBar = QTabBar, QMenuBar, QLineEdit, QScrollBar
    kept.FilledLabel, kept.FilledButton, kept.FilledToolButton = QLabel, QPushButton, QToolButton
from slugboard.gui.main_window import MainWindow
folder = tempfile.mkdtemp()
window = MainWindow(QSettings(os.path.join(folder, "s.ini"), QSettings.Format.IniFormat))
window.tabs.setCurrentIndex(list(window.pages).index(sys.argv[2]))
window.show()
for _ in range(50):
    app.processEvents()
    window.repaint()
times = []
for _ in range(200):
    start = time.perf_counter()
    window.repaint()
    times.append(time.perf_counter() - start)
print(statistics.median(times))
"""


def window_repaint(repeat: int, game: str = "sudoku") -> tuple[float, float]:
    return in_turns(repeat, (_REPAINT.replace("sys.argv[1]", "'kept'").replace("sys.argv[2]", repr(game)), ""),
                    (_REPAINT.replace("sys.argv[1]", "'plain'").replace("sys.argv[2]", repr(game)), ""))  # fmt: skip


# The window's thread (a timer every 5 ms, as the event loop) while a worker reads and
# prepares a 1000x1000 field as a long paste is read: its longest wait beyond the timer's
# interval, in seconds, with the switch interval at 1 ms ("trick") or the interpreter's own.
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
print(max(b - a for a, b in zip(ticks, ticks[1:])) - 0.005)
"""


def switch_interval(repeat: int) -> tuple[float, float]:
    return in_turns(repeat, ("MODE = 'trick'\n" + _SWITCHES, ""), ("MODE = 'plain'\n" + _SWITCHES, ""))


def start_list(repeat: int) -> tuple[float, float]:
    from startup import start_list as listed_start

    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    _, listed, _, unlisted, _ = listed_start(repeat * 5, env)
    return listed, unlisted


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
    ("a command's start, boards' base imported", imports),
)

WINDOW = (
    ("an empty command line read, before Qt", command_line),
    ("a board's first square filled", first_fill),
    ("a letters day's digest", day_digest),
    ("a start's word look-ups, list mapped", word_file),
    ("a menu action made bare, then named", bare_action),
    ("the book dialog's class made on first use", book_class),
    ("a window repaint, pictures kept (sudoku)", window_repaint),
    ("a window repaint, pictures kept (minesweeper)", lambda repeat: window_repaint(repeat, "minesweeper")),
    ("longest wait of the window, 1 ms switches", switch_interval),
    ("the window's start, codecs listed before Qt", start_list),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--codecs", action="store_true", help="only the codecs' tricks")
    which.add_argument("--window", action="store_true", help="only the window's tricks")
    args = parser.parse_args()
    rows = CODECS if args.codecs else WINDOW if args.window else CODECS + WINDOW
    report(rows, args.repeat)


if __name__ == "__main__":
    main()

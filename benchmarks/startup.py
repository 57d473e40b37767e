"""Start-up guards, each measured beside its baseline in the same run, and each with the
ratio it must stay under (no goal to chase: a guard says when a change made a start slower
than it should be).

* `slugboard-codec --help` within 2x `python -c pass` (and `detect SLUG`, shown beside it);
* `slugboard --export board.png SLUG` within 1.8x a bare QApplication writing a PNG of the
  same size;
* every game's first frame within 1.5x its floor: the window shown and painted with the last
  boards restored and that game's tab current, against a bare PySide6 QMainWindow of the same
  size that imports the Qt classes of that start (every class PySide6 made for it by its
  first frame: those its modules name and those Qt handed back), shown and painted (the floor
  itself beside the bare window alone, for the letters start): from launch to the first
  frame on screen, every widget in it painted. Slugboard's start is the program's own
  (`slugboard.gui.app.main`, as `slugboard` runs it: the program loads Qt itself), so what it
  does before it makes the window counts too;
* the start with a sudoku shown against the same start with what it leaves until just after
  the first frame (the threads of the page's queries, guarding its boxes from the wheel) done
  before it, the plain way: the trick pays while the ratio is under 1;
* with --source-reads, the letters start against the same start with PySide6's import
  hook reading no module's source (patched in this harness only, to measure what the reads
  cost; the program never does it);
* with --stages GAME, instead of the guards: where that start's processor time goes, stage by
  stage (the arguments read and Qt loaded, the window's modules, the window, its current page,
  the first frame), the median and least of --runs starts;
* how many source files PySide6's import hook reads in that start before the first frame, and
  how many garbage collections Python runs.

benchmarks/tricks.py times the start's tricks one by one with the same harness.

Every sample is a fresh interpreter. Run as
  QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/startup.py [--runs 15] [--clock cpu|wall|instructions]
Bytecode is compiled first (an installed wheel has it; an editable install writes it on
the first run unless PYTHONDONTWRITEBYTECODE is set), so the figures are those of a
second launch.
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

# A window shown until its first frame is painted (every widget in it) and handed to the
# screen, then the process ends. The same harness for all: only what is shown differs.
_SHOW = r"""
import os, sys, time

# Stops the clock once the window's first frame is painted and handed to the screen: the
# expose (or update) event of its native window is handled here, which paints the window and
# every widget in it and flushes the frame, and the clock stops after it. Every window here
# is a QMainWindow shown once: its show() is where the watch begins, in the bare window as in
# Slugboard's own start.
def watch_windows():
    from PySide6.QtCore import QTimer, QEvent, QObject
    from PySide6.QtWidgets import QApplication, QMainWindow

    class Painted(QObject):
        done = False
        painted = False

        def eventFilter(self, obj, event):
            kind = event.type()
            if kind == QEvent.Type.Paint:
                self.painted = True
            elif not self.done and kind in (QEvent.Type.Expose, QEvent.Type.UpdateRequest):
                handled = obj.event(event)
                if self.painted:
                    self.done = True
                    # the parent's clock stops here: the frame is on screen (and this process's own
                    # processor time so far, the clock a shared machine's load stretches least)
                    print("painted", time.process_time(), flush=True)
                    if "ENDS_AT_FRAME" in os.environ:
                        os._exit(0)  # instructions counted to here, not the exit's
                    QTimer.singleShot(0, QApplication.instance().quit)
                return handled
            return False

    watch = Painted()
    show = QMainWindow.show
    def watched_show(window):
        window.installEventFilter(watch)
        show(window)
        window.windowHandle().installEventFilter(watch)
    QMainWindow.show = watched_show
    return watch  # kept alive by the closure above

KIND = sys.argv[1]
if KIND in ("slugboard", "plain", "unread", "collecting", "stages"):
    # The program's own start, `slugboard` with no arguments, as its script runs it: import
    # slugboard.gui.app and call main(), which reads the arguments, makes the application,
    # reads the settings and shows the window with the last boards. Nothing of Qt is loaded
    # before the program loads it (the order matters: PySide6 hooks every import after it);
    # the settings are pointed at the seeded folder once the program loads QtCore, and the
    # watch goes in once it loads QtWidgets.
    import importlib.util

    def use_seeded_settings():
        from PySide6.QtCore import QSettings
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, sys.argv[2])
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        if KIND == "unread":
            # "unread": a measurement, never the program's way: PySide6's import hook answers
            # "uses PySide6" for every module without reading its source (what the reads cost).
            sys.modules["shibokensupport.feature"]._mod_uses_pyside = lambda module: True

    # "plain": the program with what its start leaves until just after the first frame
    # done before it, the plain way: the queries of the page shown started at once
    # (worker.hold_queries holds nothing) and its boxes guarded from the wheel as it shows.
    def queries_at_once():
        sys.modules["slugboard.gui.worker"].hold_queries = list

    def boxes_at_once():
        wheel = sys.modules["slugboard.gui.wheel"]
        wheel.guard_boxes_on_screen = wheel.guard_boxes

    # "collecting": Python's automatic collection stays on while the start loads (the plain
    # way of a trick of gui/app.py, for benchmarks/tricks.py).
    def plain_app():
        app = sys.modules["slugboard.gui.app"]
        if KIND == "collecting":
            import gc, types
            app.gc = types.SimpleNamespace(isenabled=gc.isenabled, enable=gc.enable, disable=lambda: None)

    # "stages": the start with the processor time marked as it passes each stage (printed
    # with the first frame): the window's modules begin to load (the arguments are read, Qt
    # is loaded and the application made), they are loaded, the current page is made (its
    # game's modules too), and the window is made.
    MARKS = {}

    class Stages:
        def find_spec(self, name, path=None, target=None):
            if name == "slugboard.gui.main_window":
                MARKS.setdefault("modules", time.process_time())
                sys.meta_path.remove(self)

    def mark_stages():
        window = sys.modules["slugboard.gui.main_window"].MainWindow
        MARKS["window"] = time.process_time()
        make, make_page = window.__init__, window._make_page
        def made(self, *args, **kwargs):
            make(self, *args, **kwargs)
            MARKS["made"] = time.process_time()
        def page_made(self, name):
            begun = time.process_time()
            page = make_page(self, name)
            MARKS.setdefault("page", time.process_time() - begun)
            return page
        window.__init__, window._make_page = made, page_made

    class OnceLoaded:
        actions = {"PySide6.QtCore": use_seeded_settings, "PySide6.QtWidgets": watch_windows}
        if KIND == "stages":
            sys.meta_path.insert(0, Stages())
            actions["slugboard.gui.main_window"] = mark_stages
        if KIND == "collecting":
            actions["slugboard.gui.app"] = plain_app
        if KIND == "plain":
            actions.update({"slugboard.gui.worker": queries_at_once, "slugboard.gui.wheel": boxes_at_once})

        def find_spec(self, name, path=None, target=None):
            action = self.actions.pop(name, None)
            if action is None:
                return None
            if not self.actions:
                sys.meta_path.remove(self)
            spec = importlib.util.find_spec(name)
            load = spec.loader.exec_module
            def exec_module(module):
                load(module)
                sys.modules[name] = module
                action()
            spec.loader.exec_module = exec_module
            return spec

    sys.meta_path.insert(0, OnceLoaded())
    from slugboard.gui.app import main
    sys.exit(main([]))

watch_windows()
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv[:1])
if KIND == "classes":
    # The bare window, plus PySide6 making the Qt classes and enums Slugboard's window uses
    # (it builds each one's Python type, enums included, when first imported): the floor of
    # any window made of these widgets. The classes come on the command line, as
    # "QtWidgets.QLabel", the list `window_classes` reads from the window's own start.
    import importlib
    for qualified in sys.argv[2:]:
        module, name = qualified.split(".")
        getattr(importlib.import_module("PySide6." + module), name)
window = QMainWindow()
window.resize(1120, 840)
window.show()
app.exec()
"""


# Counts, in Slugboard's start up to its first frame, the source files (.py) opened once
# PySide6.QtCore is loaded (with bytecode compiled, Python's own imports open none, so each
# one is PySide6's import hook reading a module's source to see whether it uses PySide6's
# `__feature__` switches), and Python's garbage collections. An audit hook
# (sys.addaudithook) and a gc callback only listen; nothing of Python or PySide6 is changed.
_COUNT = r"""
import gc, sys
READS, COLLECTIONS = [], []
def _count_reads(event, args):
    if event == "open" and "PySide6.QtCore" in sys.modules and str(args[0]).endswith(".py"):
        READS.append(args[0])
sys.addaudithook(_count_reads)
gc.callbacks.append(lambda phase, info: COLLECTIONS.append(info["generation"]) if phase == "stop" else None)
"""


def start_counts(folder: str, env: dict[str, str]) -> tuple[int, int]:
    """(source files PySide6 reads, garbage collections) in Slugboard's start before the
    first frame (`folder` holds the seeded settings). Not timed: counts, the same every run."""
    painted = 'print("painted", len(READS), len(COLLECTIONS), flush=True)'
    script = _COUNT + _SHOW.replace('print("painted", time.process_time(), flush=True)', painted)
    run = subprocess.run(
        [sys.executable, "-c", script, "slugboard", folder], env=env, capture_output=True, text=True, check=True
    )
    _, reads, collections = run.stdout.split()[:3]
    return int(reads), int(collections)


# Lists, at Slugboard's first frame, the Qt classes PySide6 has made by then: PySide6 makes a
# class's Python type (its enums with it) when it is first used, and keeps the types made in
# its modules' dictionaries. Those the start's modules name, and those Qt hands back to it
# (a widget's style() makes QStyle and QCommonStyle, a QTabWidget's tabBar() QTabBar): the
# classes the floor window imports.
_CLASSES = r"""
def list_classes():
    names = set()
    for module_name, module in list(sys.modules.items()):
        if module_name.startswith("PySide6.Qt"):
            for key, value in list(vars(module).items()):
                if isinstance(value, type):
                    names.add(module_name.removeprefix("PySide6.") + "." + key)
    return " ".join(sorted(names))
"""


def window_classes(folder: str, env: dict[str, str]) -> list[str]:
    """The Qt classes ("QtWidgets.QLabel") PySide6 has made by Slugboard's first
    frame (`folder` holds the seeded settings): what the floor window imports. Not timed."""
    painted = 'print("painted", list_classes(), flush=True)'
    script = _CLASSES + _SHOW.replace('print("painted", time.process_time(), flush=True)', painted)
    run = subprocess.run(
        [sys.executable, "-c", script, "slugboard", folder], env=env, capture_output=True, text=True, check=True
    )
    return run.stdout.split()[1:]


# "cpu": the processor time of the program measured (its own user and system time, which
# the other work of a shared machine stretches far less than the wall clock); "wall": the
# time from launch, as a person waits on a quiet machine; "instructions": the instructions
# the program runs (under valgrind), the same from run to run, to tell two versions of the
# code apart where the clocks move by a tenth between runs. Set by --clock.
CLOCK = "cpu"


def _instructions(cmd: list[str], env: dict[str, str]) -> float:
    """The instructions (in billions) `cmd` runs, to its end or to its first frame."""
    run = subprocess.run(
        ["valgrind", "--tool=lackey", "--basic-counts=yes", *cmd],
        env=dict(env, ENDS_AT_FRAME="1"),
        capture_output=True,
        text=True,
        check=False,
    )
    found = re.search(r"guest instrs:\s+([\d,]+)", run.stderr)
    if found is None:
        raise RuntimeError(f"valgrind counted nothing for {cmd[:3]}: {run.stderr[-300:]}")
    return int(found[1].replace(",", "")) / 1e9


def _wall(cmd: list[str], env: dict[str, str]) -> float:
    """The command's time to its end, by CLOCK."""
    if CLOCK == "instructions":
        return _instructions(cmd, env)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return cpu if CLOCK == "cpu" else wall


def _to_paint(cmd: list[str], env: dict[str, str]) -> float:
    """From launch to the window's first frame (the line it prints then), by CLOCK; the
    process's exit, and whatever it does after that paint, is not counted."""
    if CLOCK == "instructions":
        return _instructions(cmd, env)
    start = time.perf_counter()
    process = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    elapsed = time.perf_counter() - start
    process.wait()
    if not line.startswith("painted"):
        raise RuntimeError(f"{cmd[:3]} did not paint")
    return float(line.split()[1]) if CLOCK == "cpu" else elapsed


def _samples(cmds: dict[str, list[str]], env: dict[str, str], runs: int, measure=_wall) -> dict[str, list[float]]:
    """The times of each command, measured in turns (one of each per round), so that a spell
    of load on a shared machine weighs on a figure and its baseline alike (counted
    instructions: one run each, as every run counts the same)."""
    if CLOCK == "instructions":
        return {name: [measure(cmd, env)] for name, cmd in cmds.items()}
    for cmd in cmds.values():
        measure(cmd, env)  # warm the file cache
    samples: dict[str, list[float]] = {name: [] for name in cmds}
    for _ in range(runs):
        for name, cmd in cmds.items():
            samples[name].append(measure(cmd, env))
    return samples


def _medians(cmds: dict[str, list[str]], env: dict[str, str], runs: int, measure=_wall) -> dict[str, float]:
    """The median time of each command, measured as `_samples` measures."""
    return {name: statistics.median(values) for name, values in _samples(cmds, env, runs, measure).items()}


def _spread(values: list[float], bases: list[float]) -> tuple[float, float] | None:
    """The middle half of the rounds' ratios of a figure to its baseline (each round measures
    the two one after the other): how far apart two runs' ratios may read from load alone.
    None with fewer than four rounds."""
    if len(values) < 4:
        return None
    quartiles = statistics.quantiles([value / base for value, base in zip(values, bases)], n=4)
    return quartiles[0], quartiles[2]


def _seed_settings(folder: str, env: dict[str, str], shown: str = "") -> None:
    """Settings as a person leaves them: a board in every game, the game of the last
    example (letters) shown, or `shown`'s."""
    script = r"""
import sys, json
from PySide6.QtCore import QSettings
QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, sys.argv[1])
QSettings.setDefaultFormat(QSettings.Format.IniFormat)
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
app.setOrganizationName("Slugboard"); app.setApplicationName("Slugboard")
from slugboard import resources
from slugboard.gui.main_window import MainWindow
window = MainWindow()
for example in resources.examples():
    window.paste_text(example["text"])
if sys.argv[2:]:
    window.tabs.setCurrentIndex(list(window.pages).index(sys.argv[2]))
window.save_boards()
window.close()
"""
    subprocess.run(
        [sys.executable, "-c", script, folder, *([shown] if shown else [])],
        env=env,
        check=True,
        stderr=subprocess.DEVNULL,
    )


# A bare QApplication writing a PNG of the size given (the baseline of `--export`).
_BARE_PNG = r"""
import sys
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
picture = QImage(int(sys.argv[2]), int(sys.argv[3]), QImage.Format.Format_ARGB32)
picture.fill(QColor("white"))
sys.exit(0 if picture.save(sys.argv[1]) else 1)
"""

SUDOKU = "UyF2MQRhyECJQWIySCkiKoXU+yAUcJiTwoVTKoVqsHYm5V3D54DxCitHWQclJ0g="


def _png_size(path: str) -> tuple[int, int]:
    """A PNG's width and height, from its header (IHDR follows the 8-byte signature)."""
    header = Path(path).read_bytes()[16:24]
    return int.from_bytes(header[:4], "big"), int.from_bytes(header[4:], "big")


# (what, seconds, baseline, seconds, guard ratio, the middle half of the rounds' ratios or None)
Row = tuple[str, float, str, float, float, tuple[float, float] | None]


def prepared(env: dict[str, str] | None = None) -> dict[str, str]:
    """The environment the programs run in (offscreen unless told), bytecode compiled."""
    compileall.compile_dir(ROOT / "codecs", quiet=1)
    compileall.compile_dir(ROOT / "gui", quiet=1)
    compileall.compile_dir(ROOT / "resources", quiet=1)
    env = dict(os.environ if env is None else env)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    return env


def commands(runs: int, env: dict[str, str]) -> list[Row]:
    """`slugboard-codec --help` (guarded) and `detect` against `python -c pass`."""
    python = sys.executable
    codec = str(BIN / "slugboard-codec")
    samples = _samples(
        {
            "python -c pass": [python, "-c", "pass"],
            "slugboard-codec --help": [codec, "--help"],
            "slugboard-codec detect": [codec, "detect", SUDOKU],
        },
        env,
        runs,
    )
    return [
        _row(samples, name, "python -c pass", guard)
        for name, guard in (("slugboard-codec --help", 2.0), ("slugboard-codec detect", -1.0))
    ]


def _row(
    samples: dict[str, list[float]], name: str, base: str, guard: float, label: str = "", base_label: str = ""
) -> Row:
    """The row of the command `name` of `samples` against the command `base`."""
    median = statistics.median
    values, bases = samples[name], samples[base]
    return (label or name, median(values), base_label or base, median(bases), guard, _spread(values, bases))


def export(runs: int, env: dict[str, str]) -> Row:
    """`slugboard --export board.png SLUG` (a sudoku) against a bare QApplication writing a
    PNG of the same size."""
    with tempfile.TemporaryDirectory() as folder:
        target = os.path.join(folder, "board.png")
        exported = [str(BIN / "slugboard"), "--export", target, SUDOKU]
        _wall(exported, env)
        width, height = _png_size(target)
        bare = [sys.executable, "-c", _BARE_PNG, os.path.join(folder, "bare.png"), str(width), str(height)]
        samples = _samples({"export": exported, "bare": bare}, env, runs)
    return _row(
        samples, "export", "bare", 1.8, f"slugboard --export, {width}x{height} PNG", "bare QApplication writing it"
    )


def measure(runs: int = 15, env: dict[str, str] | None = None) -> list[Row]:
    """(what, seconds, baseline, seconds, guard ratio, spread) for each start-up figure; a guard of 0
    marks a floor, what PySide6 alone costs, shown beside the figure it bounds (and a guard
    below 0, a figure with none). `env` is the environment the programs run in (an X
    display's, say); by default this one, offscreen."""
    env = prepared(env)
    rows = commands(runs, env)
    rows.append(export(runs, env))
    rows += each_game(runs, env)
    rows.append(after_first_frame(runs, env))
    return rows


def _start_beside(kind: str, runs: int, env: dict[str, str], shown: str = "") -> tuple[float, float]:
    """The program's start (with `shown`'s page current, else the last example's) and the
    same start run as `kind` of `_SHOW` above, measured in turns: their medians."""
    python = sys.executable
    with tempfile.TemporaryDirectory() as folder:
        _seed_settings(folder, env, shown)
        windows = {
            "start": [python, "-c", _SHOW, "slugboard", folder],
            kind: [python, "-c", _SHOW, kind, folder],
        }
        times = _medians(windows, env, runs, _to_paint)
    return times["start"], times[kind]


def after_first_frame(runs: int, env: dict[str, str]) -> Row:
    """The start with a sudoku shown (its page asks for a count as it is made), against the
    same start with what waits for the first frame done before it ("plain" above): the
    trick pays while the ratio stays under 1."""
    after, plain = _start_beside("plain", runs, env, "sudoku")
    return ("sudoku shown: its count, wheel guard after", after, "the same, before the frame", plain, 1.0, None)


def source_reads(runs: int, env: dict[str, str]) -> Row:
    """The start as the goal row times it, against the same start with PySide6's import hook
    reading no source ("unread" above): what the hook's reads cost the start, a cost of
    PySide6's that the floor window (which imports no module of its own) never pays."""
    start, unread = _start_beside("unread", runs, env)
    return ("window shown, boards restored", start, "the same, no source read", unread, -1.0, None)


def stages(game: str, runs: int, env: dict[str, str]) -> list[tuple[str, float, float]]:
    """Where the start's processor time goes, with `game`'s page current: each stage with its
    median and least time over `runs` starts."""
    painted = 'print("painted", time.process_time(), *(f"{k}={v}" for k, v in MARKS.items()), flush=True)'
    script = _SHOW.replace('print("painted", time.process_time(), flush=True)', painted)
    samples: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        _seed_settings(folder, env, game)
        for _ in range(runs):
            run = subprocess.run(
                [sys.executable, "-c", script, "stages", folder], env=env, capture_output=True, text=True, check=True
            )
            fields = run.stdout.split()
            mark = {"painted": float(fields[1])} | {k: float(v) for k, v in (f.split("=") for f in fields[2:])}
            page = mark["page"]  # made while the window is made
            for what, seconds in (
                ("python, the arguments, Qt loaded, the application made", mark["modules"]),
                ("the window's modules loaded", mark["window"] - mark["modules"]),
                ("the window made, but its current page", mark["made"] - mark["window"] - page),
                ("the current page made, its game's modules loaded", page),
                ("the window shown, laid out and painted", mark["painted"] - mark["made"]),
            ):
                samples.setdefault(what, []).append(seconds)
    return [(what, statistics.median(values), min(values)) for what, values in samples.items()]


def each_game(runs: int, env: dict[str, str]) -> list[Row]:
    """The window's first frame with each game's page shown (the settings as a person leaves
    them, that game's tab current), each against its own floor: a bare window importing the
    Qt classes of that start; and that floor beside the bare window alone, for the letters
    start (the last example's game)."""
    from slugboard.codecs import registry

    python = sys.executable
    rows: list[Row] = []
    for name in registry.names():
        with tempfile.TemporaryDirectory() as folder:
            _seed_settings(folder, env, name)
            windows = {
                "start": [python, "-c", _SHOW, "slugboard", folder],
                "floor": [python, "-c", _SHOW, "classes", *window_classes(folder, env)],
            }
            if name == "letters":
                windows["bare"] = [python, "-c", _SHOW, "bare"]
            samples = _samples(windows, env, runs, _to_paint)
        rows.append(_row(samples, "start", "floor", 1.5, f"first frame, {name} current", "its floor"))
        if name == "letters":
            rows.append(
                _row(samples, "floor", "bare", 0.0, "floor: bare window + letters' Qt classes", "bare QMainWindow")
            )
    return rows


def main() -> None:
    from slugboard.codecs import registry

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall", "instructions"),
        default="cpu",
        help="the programs' processor time (the default: a shared machine's load stretches it least), wall time, "
        "or the instructions they run (valgrind's count, the same every run: to compare two versions of the code)",
    )
    parser.add_argument(
        "--source-reads", action="store_true", help="also the start against the same with PySide6 reading no source"
    )
    parser.add_argument(
        "--stages",
        metavar="GAME",
        choices=registry.names(),
        help="only where the start's processor time goes, stage by stage, with GAME's page current",
    )
    args = parser.parse_args()
    if args.clock == "instructions" and shutil.which("valgrind") is None:
        parser.error("--clock instructions counts under valgrind, which is not installed (apt install valgrind)")
    global CLOCK
    CLOCK = args.clock
    env = prepared()
    if args.stages:
        print(f"{'stage of the start, ' + args.stages + ' current':58} {'median ms':>9} {'least ms':>9}")
        for what, median, least in stages(args.stages, args.runs, env):
            print(f"{what:58} {median * 1000:9.1f} {least * 1000:9.1f}")
        return
    rows = measure(args.runs, env)
    if args.source_reads:
        rows.append(source_reads(args.runs, env))
    unit = "M ins" if CLOCK == "instructions" else "ms"  # millions of instructions, or milliseconds
    # The rounds' middle half: where half of the rounds' ratios fell (the ratio is of the medians).
    print(f"{'measurement':44} {unit:>7}  {'baseline':30} {unit:>7}  {'ratio':>6}  {'rounds':>9}  guard")
    for label, value, base_label, base_value, guard, spread in rows:
        ratio = value / base_value
        mark = "" if guard < 0 else "(floor)" if not guard else f"<= {guard}: " + ("ok" if ratio <= guard else "OVER")
        middle = f"{spread[0]:.2f}-{spread[1]:.2f}" if spread else ""
        print(
            f"{label:44} {value * 1000:7.1f}  {base_label:30} {base_value * 1000:7.1f}  {ratio:6.2f}  {middle:>9}  {mark}"
        )
    with tempfile.TemporaryDirectory() as folder:
        _seed_settings(folder, env)
        reads, collections = start_counts(folder, env)
    print(f"before the window's first frame: PySide6 read {reads} source files, Python ran {collections} collections")


if __name__ == "__main__":
    main()

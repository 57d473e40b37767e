"""What the window's start leaves out of its first frame, each timed beside the plain way it
replaces, each the first of its kind in a fresh interpreter (as in a start), in turns so
that a spell of load weighs on both:

* an empty command line (a start from the desktop's menu) taken as `EMPTY_COMMAND_LINE`
  (`slugboard.gui.app._parse`), against the parser reading it, both before Qt loads as in
  the start (argparse and shutil loaded first in both: PySide6 loads them in every start);
* a letters board's first square filled by `kept.fill_rect`, against QPainter.fillRect,
  on an antialiased painter after a window's Qt classes are loaded (PySide6 builds
  QGradient's enums for the first fillRect of a process);
* the day's digest of a letters game by the codec's own MD5 (`letters/md5.py`), against
  `hashlib.md5` (hashlib loads OpenSSL): the window deals a letters rack for its first frame.

A trick that no longer pays shows "over" and can go. The whole start is timed by
benchmarks/startup.py; the codecs' own tricks by benchmarks/tricks.py.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/first_frame.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from collections.abc import Callable


def first(setup: str, work: str) -> float:
    """Seconds `work` takes in a fresh interpreter, after `setup`."""
    script = f"import sys, time\n{setup}\nstart = time.perf_counter()\n{work}\nprint(time.perf_counter() - start)\n"
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    run = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True, env=env)
    return float(run.stdout.split()[-1])


def in_turns(repeat: int, setup: str, trick: str, plain: str) -> tuple[float, float]:
    tricks: list[float] = []
    plains: list[float] = []
    for _ in range(repeat * 4):
        tricks.append(first(setup, trick))
        plains.append(first(setup, plain))
    return statistics.median(tricks), statistics.median(plains)


def command_line(repeat: int) -> tuple[float, float]:
    setup = "import argparse, shutil\nfrom slugboard.gui import app\napp.load_before_qt()"
    return in_turns(repeat, setup, "app._parse([])", "app._parser().parse_known_args([])")


def first_fill(repeat: int) -> tuple[float, float]:
    setup = (
        "from PySide6.QtCore import QRectF\n"
        "from PySide6.QtGui import QColor, QImage, QPainter\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication(sys.argv[:1])\n"
        "from slugboard.gui.kept import fill_rect\n"
        "picture = QImage(200, 200, QImage.Format.Format_RGB32)\n"
        "painter = QPainter(picture)\n"
        "painter.setRenderHint(QPainter.RenderHint.Antialiasing)\n"
        "square, colour = QRectF(10.5, 10.5, 40, 40), QColor('#d9534f')"
    )
    return in_turns(repeat, setup, "fill_rect(painter, square, colour)", "painter.fillRect(square, colour)")


def day_digest(repeat: int) -> tuple[float, float]:
    setup = "from slugboard.codecs.letters import model"
    plain = "import hashlib\nint(hashlib.md5(b'20200101').hexdigest(), 16)"
    return in_turns(repeat, setup, "model.date_digest(model.EPOCH)", plain)


def report(rows: tuple[tuple[str, Callable[[int], tuple[float, float]]], ...], repeat: int) -> None:
    """Each row's trick beside the plain way, "over" where the trick no longer pays."""
    print(f"{'trick':46} {'ms':>8} {'plain ms':>9} {'ratio':>6}")
    for label, measure in rows:
        trick, plain = measure(repeat)
        ratio = trick / plain
        mark = "ok" if ratio < 0.9 else "over"
        print(f"{label:46} {trick * 1000:8.2f} {plain * 1000:9.2f} {ratio:6.2f}  {mark}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rows = (
        ("an empty command line read, before Qt", command_line),
        ("a board's first square filled", first_fill),
        ("a letters day's digest", day_digest),
    )
    report(rows, args.repeat)


if __name__ == "__main__":
    main()

"""Time to record a minesweeper replay file as an animation, per format.

By default the expert game among the test replay files (30x16, 38.8 s of play) is
recorded at 30 frames a second to GIF, WebP and APNG; give files, --fps, --speed or
--format to measure others. The last frame of each recording is also saved as a PNG
beside it, to look at (the counter and the clock must be drawn).

Run: QT_QPA_PLATFORM=offscreen python benchmarks/recording.py [--fps N] [--speed X] [FILE...]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PIL import Image  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from slugboard.codecs import minesweeper as ms  # noqa: E402
from slugboard.codecs.minesweeper.files import read_replay_file  # noqa: E402
from slugboard.gui.minesweeper.recording import DEFAULT_FPS, record  # noqa: E402

EXPERT = (
    Path(__file__).resolve().parent.parent / "tests" / "data" / "minesweeper" / "Zhang Shen Jia_Exp_38.82(3bv122).mvf"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", default=[str(EXPERT)])
    parser.add_argument("--fps", type=int, default=DEFAULT_FPS)
    parser.add_argument("--speed", type=float, default=1.0)
    parser.add_argument("--format", action="append", choices=("gif", "webp", "apng"))
    parser.add_argument("--out", default=tempfile.gettempdir(), help="folder for the recordings")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])  # noqa: F841 - painting needs one
    print(f"{'file':<28} {'format':<6} {'board':>7} {'game s':>8} {'frames':>7} {'export s':>9} {'MB':>6}")
    for name in args.files:
        board = read_replay_file(name).board
        seconds = ms.Replay(board).duration_ms / 1000
        for suffix in args.format or ("gif", "webp", "apng"):
            out = os.path.join(args.out, f"recording.{suffix}")
            start = time.perf_counter()
            frames = record(out, board, fps=args.fps, speed=args.speed)
            took = time.perf_counter() - start
            size = os.path.getsize(out) / 1e6
            with Image.open(out) as image:
                image.seek(image.n_frames - 1)
                image.convert("RGB").save(os.path.join(args.out, f"recording-{suffix}-last.png"))
            label = os.path.basename(name)[:28]
            print(
                f"{label:<28} {suffix:<6} {board.width:>3}x{board.height:<3} {seconds:>8.2f} {frames:>7} "
                f"{took:>9.2f} {size:>6.2f}"
            )


if __name__ == "__main__":
    main()

"""How long a video of an expert replay takes to write, against the game's own length.
Goal: no longer than the game (37.8 s for the expert file in tests/data).

Run: QT_QPA_PLATFORM=offscreen python benchmarks/minesweeper_video.py [WIDTHxHEIGHT] [FPS] [.mp4|.webm]
(default: the board's own size, 30 fps, .mp4; "1920x1080 60" for a full-HD video)
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSize  # noqa: E402
from PySide6.QtGui import QGuiApplication  # noqa: E402

from slugboard.codecs.minesweeper.files import read_replay_file  # noqa: E402
from slugboard.gui.minesweeper.video import write_video  # noqa: E402

EXPERT = next((Path(__file__).resolve().parent.parent / "tests" / "data" / "minesweeper").glob("*.mvf"))


def main(argv: list[str]) -> None:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 - painting needs one
    size = QSize(*(int(v) for v in argv[0].split("x"))) if argv else None
    fps = int(argv[1]) if len(argv) > 1 else 30
    suffix = argv[2] if len(argv) > 2 else ".mp4"
    game = read_replay_file(str(EXPERT))
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "expert" + suffix)
        start = time.perf_counter()
        frames = write_video(path, game.board, fps=fps, size=size, mouse=game.mouse_path())
        took = time.perf_counter() - start
        print(
            f"{EXPERT.name}: game {game.time_s:.1f} s, video written in {took:.1f} s "
            f"({len(frames)} frames, {os.path.getsize(path) / 1e6:.1f} MB, {took / game.time_s:.2f} of the game's length)"
        )


if __name__ == "__main__":
    main(sys.argv[1:])

"""What minesweeper adds to `slugboard`'s command line: `--at` (the moment of a replay a
picture shows; a picture of a game with no moment named shows its end), the recordings
`--export game.gif|.webp|.apng` writes and the videos `--export game.mp4|.webm`."""

from __future__ import annotations

import argparse
import math
import os
import sys
from typing import Any

# The latest moment --at takes: far past the end of any game (a replay's clock stops at
# its last action), small enough to count in milliseconds without overflow.
MAX_AT_SECONDS = 10_000_000
RECORDING_SUFFIXES = (".gif", ".apng")  # and .webp of a game with clicks


def _seconds(text: str) -> float:
    """A moment of a replay in seconds, for --at."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"wants a number of seconds, got {text!r}") from None
    if not math.isfinite(value) or not 0 <= value <= MAX_AT_SECONDS:
        raise argparse.ArgumentTypeError(f"wants seconds from 0 to {MAX_AT_SECONDS:,}, got {text!r}")
    return value


def options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--at", type=_seconds, metavar="SECONDS", help="minesweeper replay: the moment to render")
    parser.add_argument(
        "--speed", type=float, metavar="X", help="--export recording or video: X times faster than the game (default 1)"
    )
    parser.add_argument(
        "--fps",
        type=int,
        metavar="N",
        help="--export recording or video: frames a second (default 30, at most 60; a GIF takes at most 50)",
    )


def state(args: argparse.Namespace, record: Any) -> dict[str, Any]:
    """The paint state of a still picture: the moment --at names (else the game's end, as
    it was played), with a replay file's mouse path up to it."""
    found: dict[str, Any] = {}
    if getattr(args, "at", None) is not None:
        found["at"] = args.at
    replay_file = getattr(record, "payload", None)
    if replay_file is not None and replay_file.mouse:
        found["mouse"] = replay_file.mouse_path()
    return found


def _mouse_of(record: Any) -> Any:
    replay_file = getattr(record, "payload", None)
    return replay_file.mouse_path() if replay_file is not None and replay_file.mouse else None


def _is_recording(args: argparse.Namespace, board: Any) -> bool:
    from .exports import has_replay

    suffix = os.path.splitext(args.export)[1].lower()
    return suffix in RECORDING_SUFFIXES or (
        suffix == ".webp" and getattr(args, "at", None) is None and has_replay("minesweeper", board)
    )


def export(args: argparse.Namespace, board: Any, record: Any = None) -> int | None:
    """`--export game.gif TEXT`: the whole replay of a game as an animation, or with
    `game.mp4`/`game.webm` as a video; None for a still picture, which the window draws."""
    from .video import is_video

    if is_video(args.export):
        return _export_video(args, board, record)
    if not _is_recording(args, board):
        if getattr(args, "speed", None) is not None or getattr(args, "fps", None) is not None:
            print("error: --speed and --fps are for recordings: name the file .gif, .webp or .apng", file=sys.stderr)
            return 2
        return None
    from PySide6.QtGui import QGuiApplication

    from .recording import DEFAULT_FPS, RecordingError, check, record

    if getattr(args, "at", None) is not None:
        print(
            "error: --at draws one moment, a recording plays the whole game: leave --at out, or name the file .png",
            file=sys.stderr,
        )
        return 2
    fps = getattr(args, "fps", None)
    fps = DEFAULT_FPS if fps is None else fps
    speed = getattr(args, "speed", None)
    speed = 1.0 if speed is None else speed
    try:
        check(args.export, fps=fps, speed=speed)
    except RecordingError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    refused = _refused_target(args, board)
    if refused is not None:
        return refused
    from ..app import dark_palette, image_size

    palette = dark_palette() if args.dark else QGuiApplication.palette()
    progress = _progress_on_terminal(args.export)
    try:
        frames = record(
            args.export, board, fps=fps, speed=speed, size=image_size(args.size), palette=palette, progress=progress
        )
    except RecordingError as exc:
        _end_line(progress)
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        _end_line(progress)
        print(f"error: could not write {args.export} ({exc.strerror or exc})", file=sys.stderr)
        return 2
    _end_line(progress)
    print(f"minesweeper: wrote {args.export} ({frames} frames)")
    return 0


class _Progress:
    """How far a recording has come, on one line of a terminal, said again at most every
    tenth of a second."""

    def __init__(self, path: str) -> None:
        import time

        self._clock = time.monotonic
        self._said = 0.0
        self._name = os.path.basename(path)
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if done == total or self._due():
            self._say(f"Recording {self._name}: frame {done:,} of {total:,} ({100 * done // total}%)")

    def fraction(self, done: float) -> None:
        """A video's progress, from 0 to 1."""
        if done >= 1 or self._due():
            self._say(f"Writing {self._name}: {100 * done:.0f}%")

    def _due(self) -> bool:
        now = self._clock()
        if now - self._said < 0.1:
            return False
        self._said = now
        return True

    def _say(self, text: str) -> None:
        sys.stderr.write(f"\r{text}")
        sys.stderr.flush()
        self.shown = True


def _progress_on_terminal(path: str) -> _Progress | None:
    """How far an export has come, said on standard error when it is a terminal."""
    return _Progress(path) if sys.stderr is not None and sys.stderr.isatty() else None


def _refused_target(args: argparse.Namespace, board: Any) -> int | None:
    """2, said on standard error, when `board` has no clicks to play or `--export`'s folder is
    not there; None when a recording or video of it can be written there."""
    from .exports import has_replay

    if not has_replay("minesweeper", board):
        print(
            f"error: only a recorded minesweeper game can be exported as {args.export}, and this is a minesweeper "
            "board with no clicks; name the file .png for a picture",
            file=sys.stderr,
        )
        return 2
    if not os.path.isdir(os.path.dirname(os.path.abspath(args.export))):
        print(f"error: could not write {args.export} (no such folder)", file=sys.stderr)
        return 2
    return None


def _end_line(progress: _Progress | None) -> None:
    if progress is not None and progress.shown:
        sys.stderr.write("\n")
        sys.stderr.flush()


def _export_video(args: argparse.Namespace, board: Any, record: Any) -> int:
    """`--export game.mp4 TEXT_OR_FILE`: the replay as a video, with a replay file's mouse path."""
    from PySide6.QtGui import QGuiApplication

    from ..app import dark_palette, image_size
    from .recording import DEFAULT_FPS, RecordingError
    from .video import write_video

    if getattr(args, "at", None) is not None:
        print("error: --at draws one moment, a video plays the whole game: leave --at out", file=sys.stderr)
        return 2
    refused = _refused_target(args, board)
    if refused is not None:
        return refused
    fps = DEFAULT_FPS if getattr(args, "fps", None) is None else args.fps
    speed = 1.0 if getattr(args, "speed", None) is None else args.speed
    palette = dark_palette() if args.dark else QGuiApplication.palette()
    progress = _progress_on_terminal(args.export)
    try:
        frames = write_video(
            args.export,
            board,
            fps=fps,
            speed=speed,
            size=image_size(args.size),
            palette=palette,
            mouse=_mouse_of(record),
            progress=progress.fraction if progress is not None else None,
        )
    except RecordingError as exc:
        _end_line(progress)
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        _end_line(progress)
        print(f"error: could not write {args.export} ({exc.strerror or exc})", file=sys.stderr)
        return 2
    _end_line(progress)
    print(f"minesweeper: wrote {args.export} ({len(frames)} frames)")
    return 0

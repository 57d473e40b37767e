"""A minesweeper replay as a video (.mp4 with H.264, .webm with VP9), through PyAV (FFmpeg
in a wheel: no ffmpeg program needed), with the clock, the counters and the mouse path.

The frames are the recording's (`gui/recording.py`'s plan): the game cut into slots of
1/fps seconds, neighbouring slots that show the same picture joined into one longer
frame, each starting at a whole millisecond of the video's clock. Every frame carries that
start as its time stamp (milliseconds), so a frame shows when the game says, however long
the video, and a stretch where nothing moves costs one frame. A last copy of the final
picture marks the end of the hold.

The file is written beside its name and renamed when whole: a cancelled or failed export
leaves nothing behind.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QGuiApplication, QImage, QPalette

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.newfile import removed_on_failure, temporary_beside
from slugboard.codecs.work import NEVER, Cancel

from .paint import preferred_size
from .recording import (
    DEFAULT_FPS,
    HOLD_MS,
    MAX_FPS,
    MAX_SPEED,
    MIN_SPEED,
    RecordingError,
    paint_frame,
    plan,
)

SUFFIXES = {".mp4": ("mp4", "libx264", "yuv420p"), ".webm": ("webm", "libvpx-vp9", "yuv420p")}
TIME_BASE = Fraction(1, 1000)
MAX_SIDE = 4096


def is_video(path: str) -> bool:
    return os.path.splitext(path)[1].lower() in SUFFIXES


def check(path: str, *, fps: int = DEFAULT_FPS, speed: float = 1.0, size: QSize | None = None) -> None:
    """Raise RecordingError when the file type or the options cannot make a video."""
    suffix = os.path.splitext(path)[1].lower()
    if suffix not in SUFFIXES:
        raise RecordingError(f"a video is a .mp4 or .webm file, not {suffix or 'a file without a suffix'}")
    if not 1 <= fps <= MAX_FPS:
        raise RecordingError(f"--fps wants 1 to {MAX_FPS} frames a second, got {fps}")
    if not MIN_SPEED <= speed <= MAX_SPEED:
        raise RecordingError(f"--speed wants {MIN_SPEED:g} to {MAX_SPEED:g} times real speed, got {speed:g}")
    if size is not None and not (16 <= size.width() <= MAX_SIDE and 16 <= size.height() <= MAX_SIDE):
        raise RecordingError(f"a video is 16 to {MAX_SIDE} pixels each way")
    try:
        import av  # noqa: F401 - only to know it is there
    except ImportError:
        raise RecordingError("writing videos needs PyAV: pip install av") from None


def _even(size: QSize) -> QSize:
    # H.264 and VP9 in 4:2:0 want even sides.
    return QSize(size.width() + size.width() % 2, size.height() + size.height() % 2)


def write_video(
    path: str,
    board: ms.Board,
    *,
    fps: int = DEFAULT_FPS,
    speed: float = 1.0,
    size: QSize | None = None,
    palette: QPalette | None = None,
    mouse: Any = None,
    hold_ms: int = HOLD_MS,
    cancel: Cancel = NEVER,
    progress: Callable[[float], None] | None = None,
) -> list[int]:
    """Write the replay of `board` (with `mouse`, a file's MousePath) to `path`. Returns
    the frames' start times in ms. Raises RecordingError for options it cannot take,
    Cancelled when cancelled; the file is then not there."""
    import av

    check(path, fps=fps, speed=speed, size=size)
    if not board.events:
        raise RecordingError("this game has no action to show")
    container_format, codec, pixels = SUFFIXES[os.path.splitext(path)[1].lower()]
    replay = ms.replay(board)
    frames = plan(replay, fps=fps, speed=speed, unit_ms=1, hold_ms=hold_ms)
    size = _even(size or preferred_size(board))
    palette = palette or QGuiApplication.palette()
    image = QImage(size, QImage.Format.Format_RGB32)
    rect = QRectF(0, 0, size.width(), size.height())
    fd, temporary = temporary_beside(path)  # private to no one, named by no one beforehand
    os.close(fd)
    starts: list[int] = []
    with removed_on_failure(temporary):
        with av.open(temporary, "w", format=container_format) as container:
            stream: Any = container.add_stream(codec, rate=fps)
            stream.width, stream.height = size.width(), size.height()
            stream.pix_fmt = pixels
            stream.time_base = TIME_BASE
            stream.codec_context.time_base = TIME_BASE
            # Fast settings: a replay is flat colours that compress well at any effort, and an
            # export should not take longer than the game.
            if codec == "libx264":
                stream.options = {"crf": "20", "preset": "veryfast"}
            else:
                stream.options = {"deadline": "realtime", "cpu-used": "8", "row-mt": "1", "crf": "32", "b": "0"}
            at = 0
            for n, frame in enumerate([*frames, None]):
                cancel.check()
                if frame is not None:
                    paint_frame(image, rect, board, palette, replay, frame, mouse)
                # The last frame again where the hold ends: the video lasts that long.
                picture = _frame(av, image, size)
                picture.pts = at
                picture.time_base = TIME_BASE
                starts.append(at)
                for packet in stream.encode(picture.reformat(format=pixels)):
                    container.mux(packet)
                if frame is not None:
                    at += frame.units
                if progress is not None:
                    progress((n + 1) / (len(frames) + 1))
            for packet in stream.encode():
                container.mux(packet)
        os.replace(temporary, path)
    return starts


def _frame(av: Any, image: QImage, size: QSize) -> Any:
    """The picture as a video frame (FFmpeg's bgra is QImage's RGB32 in memory)."""
    frame = av.VideoFrame(size.width(), size.height(), "bgra")
    plane = frame.planes[0]
    data = bytes(image.constBits())
    row = size.width() * 4
    if plane.line_size == image.bytesPerLine() == row:
        plane.update(data)
    else:
        stride = image.bytesPerLine()
        padded = bytearray(plane.line_size * size.height())
        for y in range(size.height()):
            padded[y * plane.line_size : y * plane.line_size + row] = data[y * stride : y * stride + row]
        plane.update(bytes(padded))
    return frame

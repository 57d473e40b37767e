"""Animated recordings of minesweeper replays: the whole game at real speed (or faster) as
a GIF, WebP or APNG, each frame painted by the window's own paint function, counter and
clock included.

A recording is planned before anything is drawn: the game is cut into slots of 1/fps
seconds, and neighbouring slots that would show the same picture (the same events
applied, the same clock reading) become one longer frame. Each frame then costs one
paint, and only the rectangle that changed since the frame before is encoded: a frame
where only the clock moved stores the clock.

Frames are written as they are made, so a long game never holds more than two pictures
in memory. Pillow encodes the pixels (LZW, deflate, VP8L); the few bytes of each file's
animation structure are written here, because Pillow's own animated writers keep every
frame in memory until the end.
"""

from __future__ import annotations

import io
import math
import os
import struct
import threading
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO

from PySide6.QtCore import QRect, QRectF, QSize
from PySide6.QtGui import QGuiApplication, QImage, QPainter, QPalette

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.newfile import remove_quietly, removed_on_failure, temporary_beside
from slugboard.codecs.work import NEVER, Cancel, Cancelled

from .exports import has_replay
from .paint import REPLAY, Layout, clock_text, paint, preferred_size

if TYPE_CHECKING:  # Pillow is loaded when a recording is written, not when the window starts
    from PIL import Image

SUFFIXES = (".gif", ".webp", ".apng")
DEFAULT_FPS = 30
MAX_FPS = 60
# Browsers show a GIF frame shorter than 20 ms for 100 ms: a faster GIF would crawl.
GIF_MAX_FPS = 50
MIN_SPEED, MAX_SPEED = 0.1, 100.0
HOLD_MS = 2000  # the end of the game stays on screen this long before the loop restarts
# At most this many frames (55 minutes at 30 frames a second; each costs a paint, about a
# hundredth of a second) and bytes: a game whose last click came a day after its first
# would otherwise take hours and gigabytes to record. And the frames a game may take grow
# with what it holds: BASE_FRAMES (10 minutes at 30 a second) and FRAMES_PER_ACTION more for
# each of its actions, so that a 29-character slug of two actions a day apart cannot cost
# minutes, while a real game of 20 minutes (1,700 actions) records at 30 frames a second.
# docs/USAGE.md says so.
MAX_FRAMES = 100_000
BASE_FRAMES = 18_000
FRAMES_PER_ACTION = 60
MAX_BYTES = 256 * 1024 * 1024


class RecordingError(ValueError):
    """A recording that cannot be made, in words for the player."""


def is_recording(path: str) -> bool:
    return os.path.splitext(path)[1].lower() in SUFFIXES


def check(path: str, *, fps: int = DEFAULT_FPS, speed: float = 1.0) -> None:
    """Raise RecordingError when the file type or the options cannot make a recording."""
    from PIL import features

    suffix = os.path.splitext(path)[1].lower()
    if suffix not in SUFFIXES:
        raise RecordingError(f"a recording is a .gif, .webp or .apng file, not {suffix or 'a file without a suffix'}")
    if suffix == ".webp" and not features.check("webp"):
        raise RecordingError("this installation cannot write WebP: choose .gif or .apng")
    if not 1 <= fps <= MAX_FPS:
        raise RecordingError(f"--fps wants 1 to {MAX_FPS} frames a second, got {fps}")
    if suffix == ".gif" and fps > GIF_MAX_FPS:
        raise RecordingError(
            f"--fps {fps} is too fast for a GIF: browsers slow frames under 20 ms down, so at most {GIF_MAX_FPS}"
        )
    if not MIN_SPEED <= speed <= MAX_SPEED:
        raise RecordingError(f"--speed wants {MIN_SPEED:g} to {MAX_SPEED:g} times real speed, got {speed:g}")


# --- the plan -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Frame:
    """One picture of a recording: the replay `index` events in, its clock at `time_ms`,
    shown for `units` of the file's time unit."""

    index: int
    time_ms: float
    units: int


def recorded_ms(replay: ms.Replay) -> int:
    """The moment a recording ends, before its hold: the game's end (the click that won or
    lost it), or its last action when it was left unfinished. Actions after the end (a flag
    placed a day after the win) change no clock and are shown at once, in the hold."""
    end = replay.end_index
    return replay.times_ms[end - 1] if end is not None else replay.duration_ms


def plan(
    replay: ms.Replay,
    *,
    fps: int = DEFAULT_FPS,
    speed: float = 1.0,
    unit_ms: int = 1,
    min_units: int = 1,
    hold_ms: int = HOLD_MS,
) -> list[Frame]:
    """The frames of a recording. Their units add up to the game's length (to `recorded_ms`)
    at `speed` plus the hold, each rounded once to the unit: a frame ends where the rounded
    running total says, so rounding never drifts however many frames there are. Raises
    RecordingError when the recording would hold more than MAX_FRAMES frames."""
    check_length(recorded_ms(replay), fps=fps, speed=speed, actions=replay.event_count)
    length = recorded_ms(replay) / speed  # the recording's length before the hold, in real ms
    slot = 1000.0 / fps
    frames: list[Frame] = []
    keys: list[tuple[int, str]] = []
    start = 0  # units since the start at which the next frame begins
    k = 0
    while k * slot < length:
        end = round(min((k + 1) * slot, length) / unit_ms)
        t = k * slot * speed
        # The very start shows the untouched board, even when the first click came at 0.
        index = replay.index_at(t) if t > 0 else 0
        key = (index, clock_text(t))
        units = end - start
        if frames and (key == keys[-1] or units < min_units):
            # The same picture again, or too short to show: the frame before lasts longer.
            last = frames[-1]
            frames[-1] = Frame(last.index, last.time_ms, last.units + units)
        else:
            frames.append(Frame(index, t, units))
            keys.append(key)
        start = end
        k += 1
    hold = max(min_units, round(hold_ms / unit_ms))
    end_ms = recorded_ms(replay)
    end_key = (replay.event_count, clock_text(end_ms))
    if frames and keys[-1] == end_key:
        last = frames[-1]
        frames[-1] = Frame(last.index, last.time_ms, last.units + hold)
    else:
        frames.append(Frame(replay.event_count, float(end_ms), hold))
    return frames


def frame_count(game_ms: float, *, fps: int = DEFAULT_FPS, speed: float = 1.0) -> int:
    """The frames (slots of 1/fps seconds, before the hold) a recording of a game lasting
    `game_ms` takes at `speed`: what MAX_FRAMES bounds."""
    return math.ceil(game_ms / speed * fps / 1000)


def most_frames(actions: int) -> int:
    """The frames a recording of a game of `actions` actions may hold."""
    return min(MAX_FRAMES, BASE_FRAMES + FRAMES_PER_ACTION * actions)


def check_length(game_ms: float, *, fps: int = DEFAULT_FPS, speed: float = 1.0, actions: int = 0) -> None:
    """Raise RecordingError, saying the frames it would take and the options that would fit,
    when a recording of a game of `actions` actions lasting `game_ms` would hold more frames
    than `most_frames` allows."""
    frames, most = frame_count(game_ms, fps=fps, speed=speed), most_frames(actions)
    if frames <= most:
        return
    fits = []
    fewer = math.floor(most * 1000 * speed / game_ms)
    if fewer >= 1:
        fits.append(f"--fps {fewer} makes {frame_count(game_ms, fps=fewer, speed=speed):,}")
    faster = math.ceil(game_ms * fps / (1000 * most) * 10) / 10
    if faster <= MAX_SPEED:
        fits.append(f"--speed {faster:g} makes {frame_count(game_ms, fps=fps, speed=faster):,}")
    raise RecordingError(
        f"this game lasts {_duration(game_ms)}: at {fps} frames a second and {speed:g} times real "
        f"speed its recording would take {frames:,} frames, and a recording of {actions:,} actions holds at most "
        f"{most:,}"
        + (f" ({' and '.join(fits)})" if fits else "")
        + "; choose a higher speed (--speed) or fewer frames a second (--fps)"
    )


def _duration(ms_: float) -> str:
    seconds = round(ms_ / 1000)
    if seconds < 120:
        return f"{ms_ / 1000:.2f} s"
    hours, rest = divmod(seconds, 3600)
    return f"{hours} h {rest // 60} min" if hours else f"{rest // 60} min {rest % 60} s"


# --- the files ---------------------------------------------------------------------------


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


class _Gif:
    unit_ms, min_units, even_offsets = 10, 2, False

    def __init__(self, fh: BinaryIO, size: tuple[int, int]):
        self.fh, self.size = fh, size
        self.started = False

    def add(self, image: Image.Image, offset: tuple[int, int], units: int) -> None:
        from PIL import GifImagePlugin, Image

        # Each frame has a colour table of its own: a frame is small (the clock, a few
        # cells), so its colours fit in 256 exactly or almost.
        frame = image.quantize(256, method=Image.Quantize.FASTOCTREE)
        if not self.started:
            self.started = True
            width, height = self.size
            # No global colour table: every frame carries its own. Loop for ever.
            self.fh.write(b"GIF89a" + struct.pack("<HHBBB", width, height, 0, 0, 0))
            self.fh.write(b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")
        for data in GifImagePlugin.getdata(
            frame, offset, duration=units * self.unit_ms, disposal=1, include_color_table=True
        ):
            self.fh.write(data)

    def close(self) -> None:
        self.fh.write(b";")


class _Apng:
    unit_ms, min_units, even_offsets = 1, 1, False

    def __init__(self, fh: BinaryIO, size: tuple[int, int]):
        self.fh, self.size = fh, size
        self.count = 0
        self.sequence = 0
        width, height = size
        fh.write(b"\x89PNG\r\n\x1a\n")
        fh.write(_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        self.actl_at = fh.tell()
        fh.write(_chunk(b"acTL", struct.pack(">II", 0, 0)))  # the frame count is filled in at the end

    def add(self, image: Image.Image, offset: tuple[int, int], units: int) -> None:
        buffer = io.BytesIO()
        image.convert("RGB").save(buffer, "PNG", compress_level=6)
        data = _png_image_data(buffer.getvalue())
        x, y = offset
        # A delay is a fraction of 16-bit numbers: milliseconds, or for a very long frame
        # (a long hold) hundredths.
        delay = (units, 1000) if units <= 0xFFFF else (min(0xFFFF, round(units / 10)), 100)
        control = struct.pack(">IIIIIHHBB", self.sequence, image.width, image.height, x, y, *delay, 0, 0)
        self.fh.write(_chunk(b"fcTL", control))
        self.sequence += 1
        if self.count == 0:
            self.fh.write(_chunk(b"IDAT", data))
        else:
            self.fh.write(_chunk(b"fdAT", struct.pack(">I", self.sequence) + data))
            self.sequence += 1
        self.count += 1

    def close(self) -> None:
        self.fh.write(_chunk(b"IEND", b""))
        end = self.fh.tell()
        self.fh.seek(self.actl_at)
        self.fh.write(_chunk(b"acTL", struct.pack(">II", self.count, 0)))
        self.fh.seek(end)


def _png_image_data(png: bytes) -> bytes:
    """The compressed pixels of a PNG file (its IDAT chunks joined)."""
    parts = []
    at = 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        if png[at + 4 : at + 8] == b"IDAT":
            parts.append(png[at + 8 : at + 8 + length])
        at += 12 + length
    return b"".join(parts)


class _Webp:
    unit_ms, min_units, even_offsets = 1, 1, True  # frame offsets are stored halved

    def __init__(self, fh: BinaryIO, size: tuple[int, int]):
        self.fh = fh
        width, height = size
        fh.write(b"RIFF\0\0\0\0WEBP")  # the size is filled in at the end
        fh.write(_riff(b"VP8X", bytes([0x02, 0, 0, 0]) + _u24(width - 1) + _u24(height - 1)))
        fh.write(_riff(b"ANIM", bytes([255, 255, 255, 255]) + struct.pack("<H", 0)))

    def add(self, image: Image.Image, offset: tuple[int, int], units: int) -> None:
        buffer = io.BytesIO()
        # Lossless keeps the numbers and the clock sharp; a low effort keeps it quick.
        image.convert("RGB").save(buffer, "WEBP", lossless=True, quality=30, method=2)
        bitstream = _webp_image_chunks(buffer.getvalue())
        x, y = offset
        header = _u24(x // 2) + _u24(y // 2) + _u24(image.width - 1) + _u24(image.height - 1) + _u24(units)
        self.fh.write(_riff(b"ANMF", header + bytes([0x02]) + bitstream))  # no blending, no disposal

    def close(self) -> None:
        end = self.fh.tell()
        self.fh.seek(4)
        self.fh.write(struct.pack("<I", end - 8))
        self.fh.seek(end)


def _u24(value: int) -> bytes:
    return struct.pack("<I", value)[:3]


def _riff(kind: bytes, data: bytes) -> bytes:
    return kind + struct.pack("<I", len(data)) + data + (b"\0" if len(data) % 2 else b"")


def _webp_image_chunks(webp: bytes) -> bytes:
    """The image chunks (VP8L, or ALPH and VP8) of a still WebP file, as they are."""
    parts = []
    at = 12
    while at < len(webp):
        kind = webp[at : at + 4]
        (length,) = struct.unpack("<I", webp[at + 4 : at + 8])
        stored = 8 + length + (length % 2)
        if kind in (b"VP8L", b"VP8 ", b"ALPH"):
            parts.append(webp[at : at + stored])
        at += stored
    return b"".join(parts)


WRITERS: dict[str, type[_Gif] | type[_Apng] | type[_Webp]] = {".gif": _Gif, ".webp": _Webp, ".apng": _Apng}


# --- drawing -------------------------------------------------------------------------------


class Finish:
    """The moment a recording's file takes its name, kept apart from a stop asked on
    another thread: either the stop comes first and no file is written, or the file was
    already written and `stop` says so. Without it a stop in the last instant could be
    told "nothing was saved" while the file appears all the same."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._stopped = False
        self._written = False
        self.temporary: str | None = None  # where the file is written until it is whole

    def stop(self) -> bool:
        """Keep the file from being written: True when it will not be (what was written of
        it is removed now: the worker may not get to it before the process ends), False
        when it already is (it then stays)."""
        with self._lock:
            if not self._written:
                self._stopped = True
                if self.temporary is not None:
                    remove_quietly(self.temporary)
            return not self._written

    @property
    def written(self) -> bool:
        with self._lock:
            return self._written

    def put_in_place(self, temporary: str, path: str, cancel: Cancel = NEVER) -> None:
        """Give the finished file at `temporary` its name `path`, unless stopped first."""
        with self._lock:
            if self._stopped:
                raise Cancelled
            cancel.check()
            os.replace(temporary, path)
            self._written = True


def _pixels(canvas: QImage, top: int, bottom: int) -> Image.Image:
    """Rows top to bottom of an RGB32 image, as a Pillow image of their own."""
    from PIL import Image

    stride = canvas.bytesPerLine()
    rows = memoryview(canvas.constBits())[top * stride : bottom * stride]
    size = (canvas.width(), bottom - top)
    return Image.frombuffer("RGB", size, rows, "raw", "BGRX", stride, 1).copy()  # type: ignore[arg-type]


def paint_frame(image: QImage, rect: QRectF, board, palette: QPalette, replay, frame, mouse=None) -> None:
    """Draw one frame of a replay (the game at `frame`'s moment, the clock at its time, and
    a file's mouse path, if given) over the whole of `image`: a recording's and a video's."""
    image.fill(palette.color(QPalette.ColorRole.Window))
    painter = QPainter(image)
    try:
        paint(
            painter,
            rect,
            board,
            palette,
            view=REPLAY,
            state=replay.state(frame.index, frame.time_ms),
            replay=replay,
            clock_ms=frame.time_ms,
            **({"mouse": mouse} if mouse is not None else {}),
        )
    finally:
        painter.end()


def record(
    path: str,
    board: ms.Board,
    *,
    fps: int = DEFAULT_FPS,
    speed: float = 1.0,
    size: QSize | None = None,
    palette: QPalette | None = None,
    hold_ms: int = HOLD_MS,
    cancel: Cancel = NEVER,
    progress: Callable[[int, int], None] | None = None,
    finish: Finish | None = None,
) -> int:
    """Write the recording of `board`'s game to `path` (the suffix says the format) and
    return its number of frames. `progress(done, total)` is called after every frame;
    `cancel` stops the work between frames, and then no file is left behind. `finish`,
    when given, is where another thread stops the recording and learns whether its file
    was written first."""
    from PIL import ImageChops

    check(path, fps=fps, speed=speed)
    if not has_replay(ms.NAME, board):
        raise RecordingError("only a recorded minesweeper game can be recorded: this board has no clicks")
    writer_type = WRITERS[os.path.splitext(path)[1].lower()]
    # A Replay of its own: the recording may run on a worker thread while the window plays.
    replay = ms.Replay(board)
    frames = plan(
        replay, fps=fps, speed=speed, unit_ms=writer_type.unit_ms, min_units=writer_type.min_units, hold_ms=hold_ms
    )
    size = size or preferred_size(board)
    palette = palette or QGuiApplication.palette()
    width, height = size.width(), size.height()
    rect = QRectF(0, 0, width, height)
    # Only the header shows the clock: a frame where just the clock moved is compared there.
    header = Layout(rect, board.width, board.height).header.toAlignedRect().adjusted(-2, -2, 2, 2)
    header = header.intersected(QRect(0, 0, width, height))
    clock_box = (header.left(), header.top(), header.right() + 1, header.bottom() + 1)
    canvas = QImage(size, QImage.Format.Format_RGB32)
    finish = finish or Finish()
    fd, temporary = temporary_beside(path)  # an OSError says why the folder cannot take it
    finish.temporary = temporary
    previous: Image.Image | None = None
    previous_index = -1
    pending: tuple[Image.Image, tuple[int, int], int] | None = None
    written = 0
    with removed_on_failure(temporary):
        with os.fdopen(fd, "wb") as fh:
            writer = writer_type(fh, (width, height))
            for done, frame in enumerate(frames, 1):
                cancel.check()
                paint_frame(canvas, rect, board, palette, replay, frame)
                if previous is None:
                    previous = _pixels(canvas, 0, height)
                    pending = (previous.copy(), (0, 0), frame.units)
                else:
                    box = clock_box if frame.index == previous_index else (0, 0, width, height)
                    new = _pixels(canvas, box[1], box[3]).crop((box[0], 0, box[2], box[3] - box[1]))
                    changed = ImageChops.difference(previous.crop(box), new).getbbox()
                    if changed is None:
                        # Nothing visible moved: the frame before lasts longer.
                        assert pending is not None
                        pending = (pending[0], pending[1], pending[2] + frame.units)
                    else:
                        previous.paste(new, box[:2])
                        left, top = box[0] + changed[0], box[1] + changed[1]
                        right, bottom = box[0] + changed[2], box[1] + changed[3]
                        if writer_type.even_offsets:
                            left, top = left - left % 2, top - top % 2
                        assert pending is not None
                        writer.add(*pending)
                        written += 1
                        if fh.tell() > MAX_BYTES:
                            raise RecordingError(
                                f"the recording would be larger than {MAX_BYTES // (1024 * 1024)} MB; choose a "
                                "smaller size (--size), a higher speed (--speed) or fewer frames a second (--fps)"
                            )
                        pending = (previous.crop((left, top, right, bottom)), (left, top), frame.units)
                previous_index = frame.index
                if progress is not None:
                    progress(done, len(frames))
            cancel.check()
            assert pending is not None
            writer.add(*pending)
            writer.close()
            written += 1
        finish.put_in_place(temporary, path, cancel)
    return written

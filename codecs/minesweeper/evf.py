"""Writing a game as an `.evf` replay (version 4, the format Metasweeper writes).

The layout, all numbers big-endian:

    version (4), flags (completed, official, fair, no flags, translated), flags (question
    marks, cursor limit, auto replay), height, width (one byte each), mines (2 bytes),
    cell size in pixels (1), mode (2), 3BV (2), the game's time in ms (4), country (2
    letters, "XX" unknown), start and end of the game in microseconds since 1970 (8 each),
    software, player, race and uniqueness (texts ending in a zero byte), a device id
    (2-byte length, then its bytes), the mines (a bit a cell, row by row, first bit high,
    the last byte padded), custom figures (2-byte count; none here), the mouse events,
    a zero byte, and a checksum (2-byte length, then its bytes; none here).

A mouse event is its kind (1 move, 2/3 left press/release, 4/5 right, 6/7 middle, 8 a
flag placed before the start, 9 a chord press), the milliseconds since the event before
(one byte; a longer wait is written first as 255 and a 2-byte pause of up to 65535 ms),
and the pointer's move since that event in pixels (2 signed bytes each for x and y). The
first event is written whole instead: its kind (a move or a press), its time (one byte)
and its position (2 bytes each).

`write_evf(recording)` makes the bytes; `recording_of(...)` gathers a Slugboard game into
a `Recording`: a game played here or read from a replay file with its mouse path, or a
game from a link, whose actions become a press and a release at the middle of each cell.
Files are read back with ms-toollib (`files.read_replay`), which the tests use as the judge.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import ValueRangeError
from .model import NAME, OPEN, Board

if TYPE_CHECKING:
    from .clicks import Pointer
    from .files import ReplayFile

VERSION = 4
KIND_CODES = {"mv": 1, "lc": 2, "lr": 3, "rc": 4, "rr": 5, "mc": 6, "mr": 7, "pf": 8, "cc": 9}
# The kinds a file may begin with.
FIRST_KINDS = ("mv", "lc", "rc", "pf")
# The cell size games from a link and games played here are written at; a position kept
# in sixteenths of a cell is a whole number of pixels.
CELL_PIXELS = 16
MAX_SIDE = 255  # a side is one byte
MAX_PIXELS = 32767  # a position is a signed 2-byte number
MAX_MINES = 65535
MAX_TIME_MS = 2**32 - 1
_PAUSE = 255


def software_name() -> str:
    """What the software field says: this program and its version."""
    try:
        from importlib.metadata import version

        return f"Slugboard {version('slugboard')}"
    except Exception:  # not installed as a distribution (run from a source folder)
        return "Slugboard"


@dataclass(frozen=True, slots=True)
class MouseAction:
    """One mouse event to write: its kind (`mv`, `lc`, ...), milliseconds from the first
    event, and the pointer in pixels from the field's top left corner."""

    kind: str
    t_ms: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Recording:
    """Everything an `.evf` file holds."""

    width: int
    height: int
    mines: Sequence[tuple[int, int]]  # (x, y)
    bbbv: int
    time_ms: int
    completed: bool
    mouse: tuple[MouseAction, ...] = field(repr=False)
    cell_pixels: int = CELL_PIXELS
    software: str = ""
    player: str = ""
    country: str = ""
    start_us: int = 0
    end_us: int = 0
    mode: int = 0
    official: bool = False
    fair: bool = False
    no_flags: bool = False
    question_marks: bool = False


def _fail(message: str) -> ValueRangeError:
    return ValueRangeError(NAME, message)


def _text(value: str) -> bytes:
    # A zero byte would end the text early: it is left out.
    return value.encode("utf-8").replace(b"\0", b"") + b"\0"


def _u(value: int, size: int) -> bytes:
    return value.to_bytes(size, "big")


def write_evf(rec: Recording) -> bytes:
    """The `.evf` file of `rec`. Raises ValueRangeError when the game does not fit the
    format (a side over 255 cells, over 65535 mines, a field wider than 32767 pixels,
    a game longer than 49 days) or has no mouse event."""
    w, h, pix = rec.width, rec.height, rec.cell_pixels
    if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        raise _fail(f"an .evf replay holds fields of up to {MAX_SIDE}x{MAX_SIDE} cells, not {w}x{h}")
    if not 1 <= pix <= 255 or max(w, h) * pix > MAX_PIXELS:
        raise _fail(f"a {w}x{h} field at {pix} pixels a cell is too large for an .evf replay")
    if len(rec.mines) > MAX_MINES:
        raise _fail(f"an .evf replay holds up to {MAX_MINES} mines, not {len(rec.mines)}")
    if not 0 <= rec.time_ms <= MAX_TIME_MS:
        raise _fail("the game is too long for an .evf replay")
    if not rec.mouse:
        raise _fail("a game with no action cannot be written as a replay")
    out = bytearray((VERSION, 0, 0))
    out[1] = (
        0x80 * rec.completed + 0x40 * rec.official + 0x20 * rec.fair + 0x10 * rec.no_flags
    )  # 0x08 (translated from another format) never: the file is written here
    out[2] = 0x80 * rec.question_marks
    out += bytes((h, w))
    out += _u(len(rec.mines), 2)
    out.append(pix)
    out += _u(rec.mode & 0xFFFF, 2)
    out += _u(min(rec.bbbv, 0xFFFF), 2)
    out += _u(rec.time_ms, 4)
    country = rec.country.upper()
    out += country.encode("ascii") if len(country) == 2 and country.isascii() and country.isalpha() else b"XX"
    out += _u(max(0, rec.start_us) & (2**64 - 1), 8)
    out += _u(max(0, rec.end_us) & (2**64 - 1), 8)
    for text in (rec.software, rec.player, "", ""):  # software, player, race, uniqueness
        out += _text(text)
    out += _u(0, 2)  # no device id
    bits = bytearray(-(-w * h // 8))
    for x, y in rec.mines:
        c = y * w + x
        bits[c >> 3] |= 0x80 >> (c & 7)
    out += bits
    out += _u(0, 2)  # no custom figures
    out += _events(rec.mouse, w * pix, h * pix)
    out.append(0)
    out += _u(0, 2)  # no checksum
    return bytes(out)


def _events(mouse: Sequence[MouseAction], width_px: int, height_px: int) -> bytes:
    out = bytearray()
    events = [m for m in mouse if m.kind in KIND_CODES]
    if not events:
        raise _fail("a game with no action cannot be written as a replay")
    first = events[0]
    if first.kind not in FIRST_KINDS:
        # A file begins with a move or a press: a move to where the first event was.
        events.insert(0, MouseAction("mv", first.t_ms, first.x, first.y))
        first = events[0]
    start = first.t_ms

    def clamp(x: int, y: int) -> tuple[int, int]:
        # A pointer beyond the field is where ms-toollib puts one: at its far edge.
        return max(0, min(x, width_px)), max(0, min(y, height_px))

    x0, y0 = clamp(first.x, first.y)
    out += bytes((KIND_CODES[first.kind], 0))
    out += _u(x0, 2) + _u(y0, 2)
    last_t, last_x, last_y = start, x0, y0
    for m in events[1:]:
        t = max(last_t, m.t_ms)
        wait = t - last_t
        while wait > _PAUSE:
            pause = min(wait, 65535)
            out.append(_PAUSE)
            out += _u(pause, 2)
            wait -= pause
        x, y = clamp(m.x, m.y)
        out += bytes((KIND_CODES[m.kind], wait))
        out += (x - last_x).to_bytes(2, "big", signed=True) + (y - last_y).to_bytes(2, "big", signed=True)
        last_t, last_x, last_y = t, x, y
    return bytes(out)


# --- a Slugboard game as a recording ----------------------------------------------------


def link_actions(board: Board, pix: int = CELL_PIXELS) -> tuple[MouseAction, ...]:
    """The mouse events a game from a link stands for: a press and a release at the
    middle of the cell of every action (left for an open, right for a flag action), at
    the action's time; the file's clock starts at the first action."""
    unit = board.time_unit_ms
    start = board.events[0].t * unit if board.events else 0
    out: list[MouseAction] = []
    for e in board.events:
        button = "l" if e.kind == OPEN else "r"
        t = e.t * unit - start
        x, y = e.x * pix + pix // 2, e.y * pix + pix // 2
        out.append(MouseAction(button + "c", t, x, y))
        out.append(MouseAction(button + "r", t, x, y))
    return tuple(out)


def pointer_actions(mouse: Sequence[Pointer], pix: int) -> tuple[MouseAction, ...]:
    """A recorded mouse path (positions in cells, times in ms from its first event) in
    pixels of `pix` a cell. Positions from a file or from play are whole pixels, kept to
    four decimals of a cell: rounding finds them again. The file's clock starts at the
    first event (a game played here has the press of its first click before its 0)."""
    start = min((ev.t_ms for ev in mouse), default=0.0)
    return tuple(
        MouseAction(ev.kind, round(ev.t_ms - start), math.floor(ev.x * pix + 0.5), math.floor(ev.y * pix + 0.5))
        for ev in mouse
    )


def recording_of(
    board: Board,
    *,
    replay_file: ReplayFile | None = None,
    mouse: Sequence[Pointer] | None = None,
    player: str = "",
    start_us: int = 0,
    end_us: int = 0,
) -> Recording:
    """The recording of `board`'s game: with the mouse path of `replay_file` (a file it
    was read from, whose player, country and times it keeps) or `mouse` (recorded while
    playing here, in sixteenths of a cell), else its actions at the cells' middles. The
    software is always this program."""
    from .figures import figures_of
    from .replays import replay

    if not board.events:
        raise _fail("this game has no action yet: play it or open a replay before saving it")
    r = replay(board)
    final = r.final()
    pix = CELL_PIXELS
    country = ""
    if replay_file is not None:
        pix = replay_file.pix_size or CELL_PIXELS
        actions = pointer_actions(replay_file.mouse, pix)
        player = player or replay_file.player
        country = replay_file.country
        start_us, end_us = start_us or replay_file.start_us, end_us or replay_file.end_us
        counted = figures_of(board, replay_file.mouse)
    elif mouse:
        actions = pointer_actions(mouse, pix)
        counted = figures_of(board, mouse)
    else:
        actions = link_actions(board, pix)
        counted = figures_of(board)
    counts = counted.counts(final)
    # A file's own time where the game came from one (the same, to the millisecond).
    time_s = replay_file.time_s if replay_file is not None else final.stats.time_s
    return Recording(
        width=board.width,
        height=board.height,
        mines=board.mines,
        bbbv=r.bbbv,
        time_ms=round(time_s * 1000),
        completed=final.outcome == "won",
        mouse=actions,
        cell_pixels=pix,
        software=software_name(),
        player=player,
        country=country,
        start_us=start_us,
        end_us=end_us,
        no_flags=counts.right_effective == 0,
        question_marks=any(e.kind == "mark" for e in board.events),
    )

"""Minesweeper Clone's replay files (.mvf) of every version, read without ms-toollib.

ms-toollib reads the files of Clone 0.97 beta and no other version. The layouts below
are public in the replay players that read them (Clone's own RAW converter and the web
players after it); this reader follows them. Numbers are big-endian.

* **0.97 beta** (and two hacks of it): the text header "Minesweeper Clone", the years
  "2004-2005" (their last digit at byte 27 tells the versions apart: 5 is 0.97, 8 the
  "Funny Mode" hack; a file starting with two zero bytes is another hack, whose data
  begin at byte 7) and a version name; from byte 74 the date (month, day, year in two
  bytes, hour, minute, second), the level and the mode, Clone's time (whole seconds in
  two bytes, hundredths in one), five two-byte figures Clone counted (3BV, 3BV solved,
  left, double and right clicks), whether question marks were on, the field (width,
  height, mines in two bytes, then each mine's column and row counted from 1), the
  player (a length, then its bytes), two bytes that choose how the bits of every event
  are shuffled, the number of events (three bytes) and the events, 5 bytes each.
* **2006 and 2007**: the same header (years "2004-2006" or "2004-2007"), the version
  name at byte 53, and from byte 71 the date, level, mode, Clone's time in milliseconds
  (three bytes), question marks, field, player, shuffle, count and events of 6 bytes.
* **0.96 beta and earlier**: no header. The field first (mines counted from 0), question
  marks, a byte, then events of 8 bytes in the open (seconds, hundredths, the buttons,
  x and y in two bytes each, a byte) up to Clone's time (three bytes as in 0.97). After
  the time: in 0.8 to 0.96, a 100-byte player name and a 22-byte checksum between two
  zero bytes; in 0.76 the name and a 10-digit checksum; before that the checksum alone.

An event is the mouse as Clone sampled it: the time, the pointer in pixels (cells are 16
pixels) and which buttons are down. Its bits are shuffled by a table made from the two
shuffle bytes: five (0.97) or six (2006, 2007) numbers, each |cos| or |sin| of square
roots of the bytes' value, times 10^8, rounded and written as 8 digits, give 40 or 48
digits; the event's bits, in order, are the places of the digits 0s first, then 1s, and
so on (place j is bit j % 8 of byte j // 8). In that order: right, middle and left
button, then y, x and the time (0.97: 9, 9, 7 bits of hundredths and 10 of seconds;
2006 and 2007: 11, 11 and 22 bits of milliseconds, positions offset by 32 pixels).

Everything read is checked before it is used: a size, a count or a position the bytes
cannot hold is a FormatError naming the byte where reading stopped.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime, timezone

from ..errors import FormatError
from ..work import NEVER, Cancel
from .model import NAME

CELL_PIXELS = 16
# More samples than a game of Clone holds: it samples the mouse about 80 times a second
# (the real files), so 200,000 are 40 minutes of play; the web players refuse a file of
# 100,000. The work of a hostile file is bounded by this: seconds, and cancellable
# (benchmarks/minesweeper_clone_reader.py).
MAX_SAMPLES = 200_000
_CHECK_EVERY = 4096
_HEADER = b"\x11Minesweeper Clone"
_OLD_SAMPLE_BYTES = 8
# The fields of the three sizes early Clone played (only these were saved).
_OLD_SIZES = ((8, 8), (16, 16), (30, 16))


@dataclass(frozen=True, slots=True)
class Sample:
    """The mouse as Clone sampled it: `t_ms` on Clone's clock, the pointer in pixels
    from the field's top left, and the buttons down."""

    t_ms: int
    x: int
    y: int
    left: bool
    right: bool
    middle: bool


@dataclass(frozen=True, slots=True)
class CloneFile:
    """What a Clone replay holds."""

    version: str
    width: int
    height: int
    mines: tuple[tuple[int, int], ...]
    question_marks: bool
    player: str
    # The time Clone showed when the game ended, in ms (None where the file keeps none).
    clone_time_ms: int | None
    # When the game was played, microseconds since 1970 (0 where the file keeps no date).
    start_us: int
    samples: tuple[Sample, ...] = field(repr=False)
    # The figures Clone 0.97 counted itself: 3BV, 3BV solved, left, double, right clicks.
    declared: dict[str, int] = field(default_factory=dict)


class _Bytes:
    """The file's bytes read in order; every read past the end is a FormatError at it."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def fail(self, message: str, at: int | None = None) -> FormatError:
        where = self.pos if at is None else at
        return FormatError(NAME, f"this Minesweeper Clone replay is damaged: {message} (byte {where})", where)

    def take(self, size: int) -> bytes:
        end = self.pos + size
        if end > len(self.data):
            raise self.fail("the file ends too early")
        out = self.data[self.pos : end]
        self.pos = end
        return out

    def number(self, size: int) -> int:
        return int.from_bytes(self.take(size), "big")

    def seek(self, pos: int) -> None:
        if not 0 <= pos <= len(self.data):
            raise self.fail("the file ends too early", min(max(pos, 0), len(self.data)))
        self.pos = pos


def is_clone_097(data: bytes) -> bool:
    """Whether the file is one of Clone 0.97 beta, the one version ms-toollib reads."""
    return data[:2] == _HEADER[:2] and data[27:28] == b"5"


def read_mvf(data: bytes, cancel: Cancel = NEVER) -> CloneFile:
    """The Clone replay in `data`, of any version. Raises FormatError on anything that is
    not one; Cancelled when cancelled."""
    src = _Bytes(data)
    if len(data) < 28:
        raise src.fail("the file ends too early", len(data))
    if data[:2] == _HEADER[:2]:
        year_digit = data[27:28]
        if year_digit in (b"5", b"8"):
            src.seek(74)
            name = "0.97 beta" if year_digit == b"5" else "0.97 Funny Mode hack"
            return _read_new(src, name, old_097=True, cancel=cancel)
        if year_digit in (b"6", b"7"):
            src.seek(53)
            name = src.take(src.number(1)).decode("latin-1")
            src.seek(71)
            return _read_new(src, name, old_097=False, cancel=cancel)
        raise src.fail("a Minesweeper Clone header of an unknown version", 27)
    if data[:2] == b"\0\0":
        src.seek(7)
        return _read_new(src, "0.97 hack", old_097=True, cancel=cancel)
    return _read_old(src, cancel)


def _date_us(src: _Bytes) -> int:
    month, day, year = src.number(1), src.number(1), src.number(2)
    hour, minute, second = src.number(1), src.number(1), src.number(1)
    try:
        # Clone 2007 sometimes saves a day of 0: the date is then unknown, not damage.
        when = datetime(year, month, day, hour, minute, second, tzinfo=timezone.utc)
    except ValueError:
        return 0
    return int(when.timestamp()) * 1_000_000


def _field(src: _Bytes, first: int) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """Width, height and mines; a mine's column and row are counted from `first`."""
    at = src.pos
    width, height, count = src.number(1), src.number(1), src.number(2)
    if width < 1 or height < 1:
        raise src.fail(f"a field of {width}x{height} cells", at)
    if count > width * height:
        raise src.fail(f"{count} mines on {width * height} cells", at + 2)
    raw = src.take(2 * count)
    mines = set()
    for i in range(count):
        x, y = raw[2 * i] - first, raw[2 * i + 1] - first
        if not (0 <= x < width and 0 <= y < height):
            raise src.fail(f"a mine at column {x + 1}, row {y + 1} is off the field", src.pos - 2 * (count - i))
        mines.add((x, y))
    if len(mines) != count:
        raise src.fail("a mine is listed twice", at + 4)
    return width, height, tuple(sorted(mines, key=lambda m: (m[1], m[0])))


def _read_new(src: _Bytes, version: str, *, old_097: bool, cancel: Cancel) -> CloneFile:
    start_us = _date_us(src)
    src.take(2)  # level and mode: the field says the level, and a replay is played in any mode
    declared: dict[str, int] = {}
    if old_097:
        seconds, hundredths = src.number(2), src.number(1)
        clone_ms = seconds * 1000 + hundredths * 10
        names = ("3bv", "3bv_solved", "left", "double", "right")
        declared = {name: src.number(2) for name in names}
    else:
        clone_ms = src.number(3)
    question_marks = src.number(1) != 0
    width, height, mines = _field(src, 1)
    player = _player(src.take(src.number(1)))
    table = shuffle_table(src.number(2), 40 if old_097 else 48)
    at = src.pos
    count = src.number(3)
    size = 5 if old_097 else 6
    if count > MAX_SAMPLES or count * size > len(src.data) - src.pos:
        raise src.fail(f"{count:,} mouse events announced, more than the file holds", at)
    if not count:
        raise src.fail("no mouse events", at)
    raw = src.take(count * size)
    samples = _unshuffled(raw, size, table, old_097, cancel)
    return CloneFile(version, width, height, mines, question_marks, player, clone_ms, start_us, samples, declared)


def _player(raw: bytes) -> str:
    # Clone wrote the player's name in the system's code page; Latin-1 reads every byte.
    return raw.decode("latin-1").strip("\0 ")


def shuffle_table(key: int, bits: int) -> tuple[tuple[int, int], ...]:
    """Where each bit of an event is kept, (byte, mask) in the event's order, for the
    shuffle `key` (see the module's notes): 40 bits for 0.97, 48 for 2006 and 2007."""
    n1 = math.sqrt(key)
    n2 = math.sqrt(key + 1000.0)
    n3 = math.sqrt(n1 + 1000.0)
    n4 = math.sqrt(n2 + 1000.0)
    values = [
        math.cos(n3 + 1000.0),
        math.sin(math.sqrt(n2)),
        math.cos(n3),
        math.sin(math.sqrt(n1) + 1000.0),
    ]
    values += [math.cos(n4), math.sin(n4)] if bits == 48 else [math.cos(math.sqrt(n2 + 1000.0))]
    digits = "".join(f"{round(abs(v) * 100_000_000):08d}"[-8:] for v in values)
    return tuple((j // 8, 1 << (j % 8)) for d in "0123456789" for j in range(bits) if digits[j] == d)


def _byte_tables(table: tuple[tuple[int, int], ...], size: int) -> list[list[int]]:
    """For each byte of an event and each of its 256 values, the bits of the event's word
    that byte's value sets: the word is then the OR of `size` looks-up, not 48 tests."""
    out = [[0] * 256 for _ in range(size)]
    for place, (byte, mask) in enumerate(table):
        column = out[byte]
        for value in range(256):
            if value & mask:
                column[value] |= 1 << place
    return out


def _unshuffled(
    raw: bytes, size: int, table: tuple[tuple[int, int], ...], old_097: bool, cancel: Cancel
) -> tuple[Sample, ...]:
    tables = _byte_tables(table, size)
    columns = [raw[b::size] for b in range(size)]
    # The event's bits as one word, an OR of a look-up per byte (the byte columns zipped).
    words = [0] * (len(raw) // size)
    for b, column in enumerate(columns):
        cancel.check()
        look = tables[b].__getitem__
        words = [w | v for w, v in zip(words, map(look, column))]
    cancel.check()
    return tuple(sample_of_word(w, old_097) for w in words)


def sample_of_word(word: int, old_097: bool) -> Sample:
    """The sample whose unshuffled bits are `word` (bit 0 the right button)."""
    right, middle, left = bool(word & 1), bool(word & 2), bool(word & 4)
    if old_097:
        y, x = (word >> 3) & 0x1FF, (word >> 12) & 0x1FF
        t_ms = ((word >> 28) & 0x3FF) * 1000 + ((word >> 21) & 0x7F) * 10
    else:
        y, x = ((word >> 3) & 0x7FF) - 32, ((word >> 14) & 0x7FF) - 32
        t_ms = (word >> 25) & 0x3FFFFF
    return Sample(t_ms, x, y, left, right, middle)


def _read_old(src: _Bytes, cancel: Cancel) -> CloneFile:
    width, height = src.data[0], src.data[1]
    if (width, height) not in _OLD_SIZES:
        raise src.fail(f"a {width}x{height} field, which Clone before 0.97 could not save", 0)
    width, height, mines = _field(src, 0)
    question_marks = src.number(1) != 0
    src.take(1)
    first = src.pos
    data, size = src.data, len(src.data)
    player = ""
    if size >= 22 and not chr(data[-1]).isdigit() and not chr(data[-22]).isdigit():
        version, time_at = "0.96 beta or earlier", size - 125
        player = _player(data[size - 122 : size - 22])
    elif data[size - 13 : size - 10] == b"   ":
        version, time_at = "0.76 beta", size - 113
        player = _player(data[size - 110 : size - 10])
    else:
        version, time_at = "0.75 beta or earlier", size - 13
    if time_at < first:
        raise src.fail("the file ends before its mouse events", size)
    src.seek(time_at)
    clone_ms = src.number(2) * 1000 + src.number(1) * 10
    samples: list[Sample] = []
    last_t = -1
    # The events run up to Clone's time; the first that goes back in time or past it ends them.
    for at in range(first, min(time_at + 1, size - _OLD_SAMPLE_BYTES + 1), _OLD_SAMPLE_BYTES):
        if len(samples) >= MAX_SAMPLES:
            raise src.fail(f"more than {MAX_SAMPLES:,} mouse events", at)
        if not len(samples) % _CHECK_EVERY:
            cancel.check()
        e = data[at : at + _OLD_SAMPLE_BYTES]
        t_ms = e[0] * 1000 + e[1] * 10
        if t_ms < last_t or t_ms > clone_ms:
            break
        last_t = t_ms
        samples.append(
            Sample(t_ms, e[3] * 256 + e[4], e[5] * 256 + e[6], bool(e[2] & 1), bool(e[2] & 4), bool(e[2] & 2))
        )
    if not samples:
        raise src.fail("no mouse events", first)
    # These versions keep no release at the end: every button comes up at the last sample.
    end = samples[-1]
    samples.append(Sample(end.t_ms, end.x, end.y, False, False, False))
    return CloneFile(version, width, height, mines, question_marks, player, clone_ms, 0, tuple(samples))


def mouse_events(clone: CloneFile) -> list[tuple[int, str, int, int]]:
    """The file's samples as mouse events (t_ms, kind, x, y) in pixels, kinds as replay
    files name them: a move when the pointer moved, then a press or release for each
    button that changed. The first sample is the press that started the game (Clone keeps
    no event before it). A pointer off the field stands at its bottom-right corner, as
    ms-toollib puts it for the 0.97 files it reads."""
    w_px, h_px = clone.width * CELL_PIXELS, clone.height * CELL_PIXELS

    def place(s: Sample) -> tuple[int, int]:
        return (s.x, s.y) if 0 <= s.x < w_px and 0 <= s.y < h_px else (w_px, h_px)

    out: list[tuple[int, str, int, int]] = []
    append = out.append
    first = clone.samples[0]
    x, y = place(first)
    append((first.t_ms, "mc" if first.middle else "rc" if first.right else "lc" if first.left else "mv", x, y))
    prev = first
    for s in clone.samples[1:]:
        moved = s.x != prev.x or s.y != prev.y
        if moved or s.left != prev.left or s.right != prev.right or s.middle != prev.middle:
            x, y = place(s)
            if moved:
                append((s.t_ms, "mv", x, y))
            buttons = (
                (s.left, prev.left, "lc", "lr"),
                (s.right, prev.right, "rc", "rr"),
                (s.middle, prev.middle, "mc", "mr"),
            )
            out.extend((s.t_ms, press, x, y) for now, before, press, _ in buttons if now and not before)
            out.extend((s.t_ms, release, x, y) for now, before, _, release in buttons if before and not now)
        prev = s
    return out

"""Minesweeper: the `1=` and `2=` game slugs (board, clicks and flags with times), the
replay engine (the board at any moment of a recorded game) and the players' statistics.

Slug format (formats/minesweeper.md): `<version>=<meta>+<mines>+<clicks>+<flags>`.
Coordinates are base62 pairs, two characters when both are below 62, else `A|B`.
Version 1 stores a mine as (row, column) but a click or flag as (column, row), counts time
in 50 ms ticks with decimal deltas; version 2 stores every pair as (column, row), writes
deltas in base62 and gives its time unit in the meta (`15x15,50`).

Everything here works in (x, y) = (column, row); cell indexes are `y * width + x`.
"""

from __future__ import annotations

import gc
import random
import re
import weakref
from array import array
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial
from itertools import accumulate, repeat
from operator import add, attrgetter, floordiv, itemgetter, mod, mul
from typing import Any, NamedTuple, NoReturn

from ..bits import BASE62_DIGITS, base62_decode, base62_encode
from ..errors import FormatError, Problem, ProblemKind, Severity, SlugError, ValueRangeError
from ..links import locate_slug, located, percent_decode, strip_text

NAME = "minesweeper"
TITLE = "Minesweeper"
# The format has no web viewer: the slug itself is what people share.
HAS_LINK = False
WEB_HOST: str | None = None

VERSIONS = (1, 2)
V1_TIME_UNIT_MS = 50
MAX_CELLS = 1_000_000
MAX_TIME_UNIT_MS = 60_000
# A recorded game longer than a day is a corrupt slug, not a slow player.
MAX_TIME_MS = 24 * 3600 * 1000
OPEN, FLAG, UNFLAG, MARK = "open", "flag", "unflag", "mark"
KINDS = (OPEN, FLAG, UNFLAG, MARK)
_FLAG_LETTER = {FLAG: "P", UNFLAG: "R", MARK: "T"}
_LETTER_KIND = {"P": FLAG, "R": UNFLAG, "T": MARK}
# The classic sizes, for the editor and for new games.
LEVELS = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (30, 16, 99)}


# --- model ---------------------------------------------------------------------------


class Event(NamedTuple):
    """One recorded action: `t` in the board's time units from the start of the game.

    A named tuple rather than a frozen dataclass: a long replay holds a million of them,
    and a tuple is built several times faster, which is most of the time to read one."""

    t: int
    kind: str
    x: int
    y: int


# Builds an Event from a (t, kind, x, y) tuple without the Python-level constructor of a
# named tuple: a million of them cost a third of the time.
_new_event = partial(tuple.__new__, Event)


@dataclass(frozen=True)
class Board:
    """A game: the field (size and mines, in slug order) and the merged timeline of events.

    Events are sorted by time; at equal times flag actions come before opens, which is
    the order a reader rebuilds from the two separate sections of a slug.
    """

    width: int = 9
    height: int = 9
    mines: tuple[tuple[int, int], ...] = ()
    events: tuple[Event, ...] = ()
    version: int = 1
    time_unit_ms: int = V1_TIME_UNIT_MS
    # Early version-2 writers left the unit out of the meta (meaning 50 ms); such a slug
    # keeps that absence so it re-encodes to the same text. Always True in version 1.
    unit_in_meta: bool = True

    def __post_init__(self) -> None:
        message = _board_error(self)
        if message:
            raise ValueError(message)

    @property
    def cells(self) -> int:
        return self.width * self.height

    def __getstate__(self) -> dict[str, Any]:
        # The fields only: the caches kept beside them (slug pieces, a link to the board
        # this one grew from) are rebuilt on demand.
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    @cached_property
    def mine_set(self) -> frozenset[tuple[int, int]]:
        return frozenset(self.mines)

    def has_mine(self, x: int, y: int) -> bool:
        return (x, y) in self.mine_set

    def with_mine(self, x: int, y: int, present: bool) -> Board:
        """The field with a mine added or removed; a recorded game no longer fits it, so
        the events go."""
        if present == ((x, y) in self.mine_set):
            return self
        mines = self.mines + ((x, y),) if present else tuple(m for m in self.mines if m != (x, y))
        return self.with_field(self.width, self.height, mines)

    def toggled_mine(self, x: int, y: int) -> Board:
        return self.with_mine(x, y, (x, y) not in self.mine_set)

    def resized(self, width: int, height: int) -> Board:
        """Another size; mines that fall off are dropped, and so is the recorded game."""
        mines = tuple((x, y) for x, y in self.mines if x < width and y < height)
        return self.with_field(width, height, mines)

    def with_field(
        self, width: int, height: int, mines: tuple[tuple[int, int], ...], events: tuple[Event, ...] = ()
    ) -> Board:
        """Another field (and game) written the same way: same version and time unit."""
        return Board(width, height, mines, events, self.version, self.time_unit_ms, self.unit_in_meta)

    def without_events(self) -> Board:
        return self if not self.events else self.with_field(self.width, self.height, self.mines)

    def with_event(self, event: Event) -> Board:
        """The game with one more event at its end. Only the new event is checked (the
        rest already was), so a move in a long game costs the same as in a short one."""
        message = _event_error(self, event, self.events[-1] if self.events else None)
        if message:
            raise ValueError(message)
        board = _trusted_board(
            self.width,
            self.height,
            self.mines,
            self.events + (event,),
            self.version,
            self.time_unit_ms,
            self.unit_in_meta,
        )
        if "mine_set" in self.__dict__:
            board.__dict__["mine_set"] = self.__dict__["mine_set"]
        parts = self.__dict__.get("_slug_parts")
        if parts is not None:
            board.__dict__["_slug_parts"] = _parts_with(parts, board, event)
        parts = self.__dict__.get("_json_parts")
        if parts is not None:
            mines_json, events_json, count = parts
            if len(events_json) != count:
                # This board grew before (a move, an undo, another move): branch off.
                events_json = events_json[:count]
            events_json.append(_event_json(event))
            board.__dict__["_json_parts"] = (mines_json, events_json, count + 1)
        # Proof for the replay that this game is the parent's plus one event.
        board.__dict__["_grown_from"] = weakref.ref(self)
        return board

    def with_version(self, version: int, time_unit_ms: int | None = None) -> Board:
        unit = V1_TIME_UNIT_MS if version == 1 else (time_unit_ms or self.time_unit_ms)
        events = self.events
        if unit != self.time_unit_ms:
            events = _rescale(events, self.time_unit_ms, unit)
        if version == 1:
            events = tuple(e for e in events if e.kind != MARK)
        if version == self.version and unit == self.time_unit_ms:
            return self
        return Board(self.width, self.height, self.mines, events, version, unit)


def _rescale(events: tuple[Event, ...], old: int, new: int) -> tuple[Event, ...]:
    out: list[Event] = []
    for e in events:
        t = (e.t * old + new // 2) // new
        if out:
            t = max(t, out[-1].t)
            if t == out[-1].t and out[-1].kind == OPEN and e.kind != OPEN:
                t += 1
        out.append(Event(t, e.kind, e.x, e.y))
    return tuple(out)


def _board_error(b: Board) -> str | None:
    """What makes `b` impossible to write as a slug, or None."""
    for name in ("width", "height", "version", "time_unit_ms"):
        if type(getattr(b, name)) is not int:
            return f"{name} must be an integer"
    if b.version not in VERSIONS:
        return f"unknown version {b.version}"
    if type(b.unit_in_meta) is not bool:
        return "unit_in_meta must be True or False"
    if not b.unit_in_meta and (b.version == 1 or b.time_unit_ms != V1_TIME_UNIT_MS):
        return f"only a version-2 game in {V1_TIME_UNIT_MS} ms units can leave its unit out"
    if b.width < 1 or b.height < 1:
        return f"the board must be at least 1x1, not {b.width}x{b.height}"
    if b.width * b.height > MAX_CELLS:
        return f"a {b.width}x{b.height} board has more than {MAX_CELLS:,} cells"
    if b.version == 1 and b.time_unit_ms != V1_TIME_UNIT_MS:
        return f"version 1 counts time in {V1_TIME_UNIT_MS} ms units"
    if not 1 <= b.time_unit_ms <= MAX_TIME_UNIT_MS:
        return f"time unit {b.time_unit_ms} ms is outside 1-{MAX_TIME_UNIT_MS}"
    if len(b.mines) > b.width * b.height:
        return "more mines than cells"
    seen = set()
    for m in b.mines:
        if type(m) is not tuple or len(m) != 2 or type(m[0]) is not int or type(m[1]) is not int:
            return f"mine {m!r} is not an (x, y) pair"
        if not (0 <= m[0] < b.width and 0 <= m[1] < b.height):
            return f"mine ({m[0]}, {m[1]}) is off the {b.width}x{b.height} board"
        if m in seen:
            return f"mine ({m[0]}, {m[1]}) is listed twice"
        seen.add(m)
    last = None
    for e in b.events:
        message = _event_error(b, e, last)
        if message:
            return message
        last = e
    return None


def _event_error(b: Board, e: Event, last: Event | None) -> str | None:
    """What is wrong with event `e` of board `b`, following `last`, or None."""
    if type(e) is not Event or e.kind not in KINDS:
        return f"{e!r} is not an event"
    if type(e.t) is not int or type(e.x) is not int or type(e.y) is not int:
        return "event fields must be integers"
    if e.kind == MARK and b.version == 1:
        return "version 1 has no question marks"
    if not (0 <= e.x < b.width and 0 <= e.y < b.height):
        return f"{e.kind} at ({e.x}, {e.y}) is off the board"
    max_t = MAX_TIME_MS // b.time_unit_ms
    if not 0 <= e.t <= max_t:
        return f"event time {e.t} is outside 0-{max_t} units"
    if last is not None:
        if e.t < last.t:
            return "events must be in time order"
        if e.t == last.t and last.kind == OPEN and e.kind != OPEN:
            return "at equal times flag actions come before opens"
    return None


_TIME = attrgetter("t")


def _trusted_board(
    width: int,
    height: int,
    mines: tuple[tuple[int, int], ...],
    events: tuple[Event, ...],
    version: int,
    unit: int,
    unit_in_meta: bool = True,
) -> Board:
    """A board from values the reader has already checked (validating a long game again
    would double the decoding time)."""
    board = object.__new__(Board)
    for name, value in (
        ("width", width),
        ("height", height),
        ("mines", mines),
        ("events", events),
        ("version", version),
        ("time_unit_ms", unit),
        ("unit_in_meta", unit_in_meta),
    ):
        object.__setattr__(board, name, value)
    return board


def new_board() -> Board:
    """A beginner field (9x9, 10 mines), the same every time."""
    return random_board(*LEVELS["beginner"], seed=2023)


def random_board(
    width: int,
    height: int,
    mines: int,
    *,
    seed: int | None = None,
    safe: tuple[int, int] | None = None,
    version: int = 1,
) -> Board:
    """A field with `mines` mines at random. With `safe`, that cell and its neighbours get
    no mine when there is room, so a first click there opens an area (the classic
    courtesy)."""
    if width < 1 or height < 1 or width * height > MAX_CELLS:
        raise ValueError(f"no {width}x{height} board")
    cells = width * height
    mines = max(0, min(mines, cells))
    rng = random.Random(seed)
    keep_free: set[int] = set()
    if safe is not None:
        sx, sy = safe
        around = {
            ny * width + nx
            for nx in range(sx - 1, sx + 2)
            for ny in range(sy - 1, sy + 2)
            if 0 <= nx < width and 0 <= ny < height
        }
        if cells - len(around) >= mines:
            keep_free = around
        elif 0 <= sx < width and 0 <= sy < height and cells - 1 >= mines:
            keep_free = {sy * width + sx}
    if keep_free:
        pool = list(range(cells))
        for c in sorted(keep_free, reverse=True):
            del pool[c]
        chosen = rng.sample(pool, mines)
    else:
        chosen = rng.sample(range(cells), mines)
    # Column-major order, as the real games write their mines: sort by x * height + y,
    # then split that back into (x, y) (whole-list operations: a million-cell field
    # is dealt in a fraction of a second).
    columns = map(mod, chosen, repeat(width))
    rows = map(floordiv, chosen, repeat(width))
    order = sorted(map(add, map(mul, columns, repeat(height)), rows))
    placed = tuple(map(divmod, order, repeat(height)))
    if version not in VERSIONS:
        raise ValueError(f"unknown version {version}")
    return _trusted_board(width, height, placed, (), version, V1_TIME_UNIT_MS)


# --- reading -------------------------------------------------------------------------

_SLUG_START = re.compile(r"[12]=")
# A slug inside a link or percent-encoded: the version, '=' and the start of the meta.
_IN_LINK = re.compile(r"(?:(?<=[?&#/=])|^)[12](?:=|%3[Dd])[0-9]+x[0-9]", re.ASCII)


def looks_like(text: str) -> bool:
    try:
        t = strip_text(text)
        return bool(_SLUG_START.match(t) or _IN_LINK.search(t))
    except Exception:  # noqa: BLE001 - a predicate must never raise
        return False


def _unwrap(text: str) -> str:
    """The slug inside a pasted text: bare, percent-encoded, or inside a link."""
    t = strip_text(text)
    if not _SLUG_START.match(t):
        decoded = _safe_percent(t)
        if _SLUG_START.match(decoded):
            t = decoded
        else:
            m = _IN_LINK.search(t)
            if m:
                t = t[m.start() :]
                end = len(t)
                for stop in "&#":
                    i = t.find(stop)
                    if i >= 0:
                        end = min(end, i)
                t = _safe_percent(t[:end]).strip()
    # A query string turns `+` into spaces; the format has no spaces of its own.
    return t.replace(" ", "+")


def _safe_percent(text: str) -> str:
    try:
        return percent_decode(text)
    except UnicodeDecodeError:
        return text


class _CollectorPaused:
    """Pause the cyclic garbage collector while a large game is built: its hundreds of
    thousands of new objects all live on, and a full collection triggered half-way
    through would only walk them (it doubled the time to read the largest games)."""

    def __enter__(self) -> None:
        self.was_enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.was_enabled:
            gc.enable()
        return False  # type: ignore[return-value]


def decode(text: str) -> Board:
    if not isinstance(text, str):
        raise FormatError(NAME, f"expected text, got {type(text).__name__}")
    slug = _unwrap(text)
    if not slug:
        raise FormatError(NAME, "the text is empty", 0)
    with _CollectorPaused(), located(locate_slug(text, slug)):
        return _Reader(slug).board()


class _Reader:
    """Reads one slug, tracking the character position of every error."""

    def __init__(self, slug: str):
        self.s = slug

    def fail(self, message: str, position: int, cls: type[SlugError] = FormatError) -> NoReturn:
        raise cls(NAME, message, position)

    def board(self) -> Board:
        s = self.s
        eq = s.find("=")
        if eq < 0:
            self.fail("no version: a game slug starts with '1=' or '2='", 0)
        vtext = s[:eq]
        if vtext not in ("1", "2"):
            shown = vtext if len(vtext) <= 12 else vtext[:12] + "..."
            self.fail(f"unknown version {shown!r} (known: 1, 2)", 0)
        self.version = int(vtext)
        sections: list[tuple[str, int]] = []
        start = eq + 1
        while True:
            plus = s.find("+", start)
            if plus < 0:
                sections.append((s[start:], start))
                break
            sections.append((s[start:plus], start))
            start = plus + 1
            if len(sections) == 4:
                self.fail("too many sections: a game has meta, mines, clicks and flags", plus)
        if len(sections) < 2:
            self.fail("the mines section is missing (expected '<meta>+<mines>')", len(s))
        while len(sections) < 4:
            sections.append(("", len(s)))
        self.meta(*sections[0])
        mines = self.mines(*sections[1])
        opens = self.records(*sections[2], flags=False)
        flags = self.records(*sections[3], flags=True)
        # Two sorted runs: the stable sort merges them by time, and as the flags come
        # first in the list, they stay first at equal times.
        events = flags + opens
        events.sort(key=_TIME)
        return _trusted_board(self.width, self.height, mines, tuple(events), self.version, self.unit, self.unit_in_meta)  # type: ignore[arg-type]

    # meta: WxH (version 2: WxH,unit)
    def meta(self, text: str, pos: int) -> None:
        m = re.fullmatch(r"(\d+)x(\d+)(?:,(\d+))?", text, re.ASCII)
        if not m:
            want = "WIDTHxHEIGHT" if self.version == 1 else "WIDTHxHEIGHT,MS"
            self.fail(f"meta {text[:20]!r} is not {want}", pos)
        if m.group(3) is not None and self.version == 1:
            self.fail("version 1 has no time unit in its meta", pos + m.start(3) - 1)
        values: list[int | None] = []
        for g in (1, 2, 3):
            digits = m.group(g)
            if digits is None:
                values.append(None)
                continue
            if len(digits) > 7:
                self.fail(f"number {digits[:10]}... is far too large", pos + m.start(g), ValueRangeError)
            values.append(int(digits))
        w, h, unit = values
        if w < 1 or h < 1:  # type: ignore[operator]
            self.fail(f"a {w}x{h} board has no cells", pos, ValueRangeError)
        if w * h > MAX_CELLS:  # type: ignore[operator]
            self.fail(f"a {w}x{h} board has more than {MAX_CELLS:,} cells", pos, ValueRangeError)
        self.unit_in_meta = unit is not None or self.version == 1
        if unit is None:
            # Early version-2 writers left the unit out; they counted server ticks.
            unit = V1_TIME_UNIT_MS
        elif not 1 <= unit <= MAX_TIME_UNIT_MS:
            self.fail(f"time unit {unit} ms is outside 1-{MAX_TIME_UNIT_MS}", pos + m.start(3), ValueRangeError)
        self.width, self.height, self.unit = w, h, unit
        self.max_t = MAX_TIME_MS // unit

    def coord(self, a: str, b: str, pos_a: int, pos_b: int, mine: bool, what: str) -> tuple[int, int]:
        """An (x, y) cell from the two numbers as written, applying the version-1 axis rule."""
        first = base62_decode(a, NAME, char_offset=pos_a, max_digits=4)
        second = base62_decode(b, NAME, char_offset=pos_b, max_digits=4)
        if mine and self.version == 1:
            x, y = second, first
        else:
            x, y = first, second
        if not (x < self.width and y < self.height):  # type: ignore[operator]
            self.fail(f"{what} at ({x}, {y}) is off the {self.width}x{self.height} board", pos_a, ValueRangeError)
        return x, y

    def fast_mines(self, text: str) -> tuple[tuple[int, int], ...] | None:
        """The mines of a well-formed section, read in bulk without tracking positions;
        None sends the section to the careful reader, which also finds the position of
        any error (a mine off the board, one listed twice)."""
        if not _FAST_MINES.fullmatch(text):
            return None
        firsts: list[int] = []
        seconds: list[int] = []
        # Each mine matches one of two alternatives (long or short pair); the other's
        # groups are empty, so adding the two columns gives each number.
        columns = list(zip(*_MINE_PAIR.findall(text)))
        if columns:
            number = _BASE62_NUMBER.__getitem__
            firsts = list(map(number, map(add, columns[0], columns[2])))
            seconds = list(map(number, map(add, columns[1], columns[3])))
        xs, ys = (seconds, firsts) if self.version == 1 else (firsts, seconds)
        if xs and (max(xs) >= self.width or max(ys) >= self.height):  # type: ignore[operator]
            return None
        mines = tuple(zip(xs, ys))
        if len(set(mines)) != len(mines):
            return None
        return mines

    def mines(self, text: str, pos: int) -> tuple[tuple[int, int], ...]:
        fast = self.fast_mines(text)
        if fast is not None:
            return fast
        mines: list[tuple[int, int]] = []
        seen: set[tuple[int, int]] = set()
        start = 0
        for piece in text.split(";"):
            at = pos + start
            start += len(piece) + 1
            if not piece:
                continue
            if "|" in piece:
                a, bar, b = piece.partition("|")
                if "|" in b:
                    self.fail("a long coordinate has one '|'", at + len(a) + 1 + b.index("|"))
                cells = [(a, b, at, at + len(a) + 1)]
            else:
                if len(piece) % 2:
                    self.fail(
                        f"mine run of odd length {len(piece)}: the last mine has one coordinate", at + len(piece) - 1
                    )
                cells = [(piece[i], piece[i + 1], at + i, at + i + 1) for i in range(0, len(piece), 2)]
            for a, b, pa, pb in cells:
                cell = self.coord(a, b, pa, pb, True, "mine")
                if cell in seen:
                    self.fail(f"mine ({cell[0]}, {cell[1]}) is listed twice", pa, ValueRangeError)
                seen.add(cell)
                mines.append(cell)
        return tuple(mines)

    def records(self, text: str, pos: int, flags: bool) -> list[Event]:
        fast = self.fast_records(text, flags)
        if fast is not None:
            return fast
        events: list[Event] = []
        what = "flag" if flags else "click"
        t = 0
        start = 0
        for rec in text.split(";"):
            at = pos + start
            start += len(rec) + 1
            if not rec:
                continue
            kind = OPEN
            body = rec
            if flags:
                letter = rec[-1]
                kind = _LETTER_KIND.get(letter)  # type: ignore[assignment]
                if kind is None or (kind == MARK and self.version == 1):
                    known = "P or R" if self.version == 1 else "P, R or T"
                    self.fail(f"flag action {letter!r} is not {known}", at + len(rec) - 1)
                body = rec[:-1]
            if "|" in body:
                a, _, rest = body.partition("|")
                b, colon, delta = rest.partition(":")
                if not colon:
                    self.fail(f"a long {what} coordinate needs ':' before its time", at + len(body))
                pa, pb = at, at + len(a) + 1
                pd = pb + len(b) + 1
            else:
                if len(body) < 2:
                    self.fail(f"{what} record {rec!r} is too short", at + len(body))
                a, b = body[0], body[1]
                pa, pb = at, at + 1
                delta = body[2:]
                pd = at + 2
                if delta.startswith(":"):
                    delta, pd = delta[1:], pd + 1
            x, y = self.coord(a, b, pa, pb, False, what)
            t += self.delta(delta, pd)
            if t > self.max_t:
                self.fail(f"{what} time {t * self.unit / 1000:.2f} s is beyond a day", pd, ValueRangeError)
            events.append(Event(t, kind, x, y))
        return events

    def fast_records(self, text: str, flags: bool) -> list[Event] | None:
        """The records of a well-formed section, read in bulk without tracking
        positions; None sends the section to the careful reader, which also finds the
        position of any error."""
        if not text:
            return []
        if not _FAST[self.version, flags].fullmatch(text):
            return None
        if "|" not in text:
            return self._short_records(text, flags)
        # Each record matches one of two alternatives (long or short coordinate); the
        # other's groups are empty, so adding the two columns gives each field.
        columns = list(zip(*_FAST_RECORD[self.version, flags].findall(text)))
        half = len(columns) // 2
        xs, ys, deltas = (
            list(map(_BASE62_NUMBER.__getitem__, map(add, columns[i], columns[half + i])))
            if i < 2 or self.version == 2
            else list(map(int, map(add, columns[i], columns[half + i])))
            for i in range(3)
        )
        if max(xs) >= self.width or max(ys) >= self.height:  # type: ignore[operator]
            return None
        times = list(accumulate(deltas))
        if times[-1] > self.max_t:
            return None
        if flags:
            kinds = map(_LETTER_KIND.__getitem__, map(add, columns[3], columns[half + 3]))
        else:
            kinds = repeat(OPEN)  # type: ignore[assignment]
        return list(map(_new_event, zip(times, kinds, xs, ys)))

    def _short_records(self, text: str, flags: bool) -> list[Event] | None:
        """Records whose coordinates are one character each (every field up to 62 cells a
        side), cut apart with slices rather than regular-expression groups: the bulk of
        the largest replays, read at a third of the cost. _FAST has checked their shape."""
        records = text.split(";")
        if not records[-1]:
            records.pop()
        number = _BASE62_NUMBER.__getitem__
        xs = list(map(number, map(itemgetter(0), records)))
        ys = list(map(number, map(itemgetter(1), records)))
        if max(xs) >= self.width or max(ys) >= self.height:  # type: ignore[operator]
            return None
        fields = map(itemgetter(slice(2, -1 if flags else None)), records)
        deltas = list(map(int if self.version == 1 else number, fields))
        times = list(accumulate(deltas))
        if times[-1] > self.max_t:
            return None
        if flags:
            kinds: Iterable[str] = map(_LETTER_KIND.__getitem__, map(itemgetter(-1), records))
        else:
            kinds = repeat(OPEN)
        return list(map(_new_event, zip(times, kinds, xs, ys)))

    def delta(self, text: str, pos: int) -> int:
        if not text:
            return 0
        if self.version == 1:
            if len(text) > 10 or not text.isascii() or not text.isdigit():
                for i, ch in enumerate(text):
                    if not ("0" <= ch <= "9"):
                        self.fail(f"time delta character {ch!r} is not a decimal digit", pos + i)
                self.fail("time delta is absurdly long", pos, ValueRangeError)
            return int(text)
        return base62_decode(text, NAME, char_offset=pos, max_digits=8)


_BASE62_VALUE = {ch: i for i, ch in enumerate(BASE62_DIGITS)}


class _Base62Numbers(dict[str, int]):
    """Base62 text to its value: one- and two-digit numbers are looked up, longer ones
    worked out on demand (a subclass of dict, so map(numbers.__getitem__, ...) runs at C
    speed for the common ones)."""

    def __missing__(self, text: str) -> int:
        return _base62(text)


_BASE62_NUMBER = _Base62Numbers(_BASE62_VALUE)
_BASE62_NUMBER.update({a + b: 62 * _BASE62_VALUE[a] + _BASE62_VALUE[b] for a in BASE62_DIGITS for b in BASE62_DIGITS})
_B62 = "[0-9A-Za-z]"
_COORD = rf"(?:{_B62}{{2}}|{_B62}{{1,4}}\|{_B62}{{1,4}}:)"
_MINE_PIECE = rf"(?:(?:{_B62}{{2}})+|{_B62}{{1,4}}\|{_B62}{{1,4}})?"
_FAST_MINES = re.compile(rf"{_MINE_PIECE}(?:;{_MINE_PIECE})*")
# One mine of a section _FAST_MINES accepted: a long pair, or two digits of a run.
_MINE_PAIR = re.compile(rf"({_B62}{{1,4}})\|({_B62}{{1,4}})|({_B62})({_B62})")


def _section_pattern(delta: str, letters: str) -> re.Pattern[str]:
    record = f"{_COORD}{delta}{letters}"
    return re.compile(f"{record}(?:;{record})*")


# Canonical sections (every record complete, no stray ':'), read by the fast path.
_FAST = {
    (1, False): _section_pattern("[0-9]{1,10}", ""),
    (1, True): _section_pattern("[0-9]{1,10}", "[PR]"),
    (2, False): _section_pattern(f"{_B62}{{1,8}}", ""),
    (2, True): _section_pattern(f"{_B62}{{1,8}}", "[PRT]"),
}


def _record_pattern(delta: str, letters: str) -> re.Pattern[str]:
    """One record of a section _FAST accepted, its fields in groups: long coordinate,
    delta (and letter), then the same for a short coordinate."""
    letter = f"({letters})" if letters else ""
    end = "(?=;|$)"
    return re.compile(
        rf"({_B62}{{1,4}})\|({_B62}{{1,4}}):({delta}){letter}{end}"
        rf"|({_B62})({_B62})({delta}){letter}{end}"
    )


_FAST_RECORD = {
    (1, False): _record_pattern("[0-9]{1,10}", ""),
    (1, True): _record_pattern("[0-9]{1,10}", "[PR]"),
    (2, False): _record_pattern(f"{_B62}{{1,8}}", ""),
    (2, True): _record_pattern(f"{_B62}{{1,8}}", "[PRT]"),
}


def _base62(text: str) -> int:
    value = 0
    for ch in text:
        value = value * 62 + _BASE62_VALUE[ch]
    return value


# --- writing -------------------------------------------------------------------------

# The text of every number below 62 * 62 (all coordinates of a field up to 3,844 wide).
_BASE62_TEXT = [base62_encode(v) for v in range(62 * 62)]


def _b62(value: int) -> str:
    return _BASE62_TEXT[value] if value < 3844 else base62_encode(value)


def _pair(first: int, second: int, long_sep: str) -> tuple[str, bool]:
    if first < 62 and second < 62:
        return BASE62_DIGITS[first] + BASE62_DIGITS[second], False
    return f"{_b62(first)}|{_b62(second)}{long_sep}", True


def encode_pairs(pairs: Iterable[tuple[int, int]]) -> str:
    """A mine list as written in the slug: short pairs run together, long ones as
    `;A|B;`, with `;;` collapsed and the trailing `;` dropped."""
    digits = BASE62_DIGITS
    joined = "".join(
        [digits[a] + digits[b] if a < 62 and b < 62 else f";{_b62(a)}|{_b62(b)};" for a, b in pairs]
    ).replace(";;", ";")
    return joined[:-1] if joined.endswith(";") else joined


def decode_pairs(text: str) -> list[tuple[int, int]]:
    """The raw pairs of a mines section (no board, no axis rule): for tests and tools."""
    r = _Reader("")
    r.version, r.width, r.height = 2, 1 << 30, 1 << 30
    return list(r.mines(text, 0))


def encode(board: Board) -> str:
    parts = board.__dict__.get("_slug_parts")
    if parts is None:
        with _CollectorPaused():
            parts = _slug_parts(board)
        board.__dict__["_slug_parts"] = parts
    head, clicks, flags = parts[:3]
    return f"{head}+{clicks}+{flags}"


def _record_text(board: Board, e: Event, delta: int) -> str:
    coord, _ = _pair(e.x, e.y, ":")
    rec = coord + (str(delta) if board.version == 1 else _b62(delta))
    return rec if e.kind == OPEN else rec + _FLAG_LETTER[e.kind]


def _slug_parts(board: Board) -> tuple[str, str, str, int, int]:
    """The slug in pieces, kept with the board so that a game played on it, one event
    at a time, gets its slug by appending a record rather than writing it all again:
    `version=meta+mines`, the clicks, the flags, and the last time in each section."""
    v1 = board.version == 1
    meta = f"{board.width}x{board.height}" + ("" if v1 or not board.unit_in_meta else f",{board.time_unit_ms}")
    mines = encode_pairs(((y, x) if v1 else (x, y)) for x, y in board.mines)
    clicks: list[str] = []
    flags: list[str] = []
    last_click = last_flag = 0
    for e in board.events:
        if e.kind == OPEN:
            clicks.append(_record_text(board, e, e.t - last_click))
            last_click = e.t
        else:
            flags.append(_record_text(board, e, e.t - last_flag))
            last_flag = e.t
    return f"{board.version}={meta}+{mines}", ";".join(clicks), ";".join(flags), last_click, last_flag


def _parts_with(parts: tuple[str, str, str, int, int], board: Board, e: Event) -> tuple[str, str, str, int, int]:
    """`parts` of a board's slug with event `e` appended (see _slug_parts)."""
    head, clicks, flags, last_click, last_flag = parts
    if e.kind == OPEN:
        rec = _record_text(board, e, e.t - last_click)
        return head, f"{clicks};{rec}" if clicks else rec, flags, e.t, last_flag
    rec = _record_text(board, e, e.t - last_flag)
    return head, clicks, f"{flags};{rec}" if flags else rec, last_click, e.t


def share_url(board: Board) -> None:
    """The format has no web viewer of its own; the slug is what people share."""
    return None


def _event_json(e: Event) -> dict[str, Any]:
    return {"t": e.t, "kind": e.kind, "x": e.x, "y": e.y}


def to_json(board: Board) -> dict[str, Any]:
    """The board JSON. The window saves it after every move, so the mine and event
    entries are made once per board and shared with the boards a game grows into (new
    objects on every move would cost a full garbage collection every few dozen moves):
    the lists are fresh, the entries in them are to be read, not changed."""
    cache = board.__dict__.get("_json_parts")
    if cache is None:
        with _CollectorPaused():
            cache = ([[x, y] for x, y in board.mines], [_event_json(e) for e in board.events], len(board.events))
        board.__dict__["_json_parts"] = cache
    out = {
        "game": NAME,
        "version": board.version,
        "width": board.width,
        "height": board.height,
        "time_unit_ms": board.time_unit_ms,
        "mines": list(cache[0]),
        "events": cache[1][: cache[2]],
    }
    if not board.unit_in_meta:
        # Only for the version-2 slugs that leave the unit out, so they re-encode unchanged.
        out["unit_in_meta"] = False
    return out


def from_json(obj: dict[str, Any]) -> Board:
    def bad(message: str) -> NoReturn:
        raise FormatError(NAME, f"board JSON: {message}")

    if not isinstance(obj, dict):
        bad("expected an object")

    def integer(value: object, name: str) -> int:
        if type(value) is not int:
            bad(f"{name} must be an integer")
        return value

    version = integer(obj.get("version", 1), "version")
    width = integer(obj.get("width"), "width")
    height = integer(obj.get("height"), "height")
    unit = integer(obj.get("time_unit_ms", V1_TIME_UNIT_MS), "time_unit_ms")
    mines_in = obj.get("mines", [])
    events_in = obj.get("events", [])
    if not isinstance(mines_in, list) or not isinstance(events_in, list):
        bad("mines and events must be lists")
    mines = []
    for m in mines_in:
        if not (isinstance(m, list) and len(m) == 2):
            bad(f"mine {m!r} is not [x, y]")
        mines.append((integer(m[0], "mine x"), integer(m[1], "mine y")))
    events = []
    for e in events_in:
        if not isinstance(e, dict) or e.get("kind") not in KINDS:
            bad(f"event {e!r} needs a kind among {', '.join(KINDS)}")
        events.append(
            Event(
                integer(e.get("t"), "event t"),
                e["kind"],
                integer(e.get("x"), "event x"),
                integer(e.get("y"), "event y"),
            )
        )
    unit_in_meta = obj.get("unit_in_meta", True)
    if type(unit_in_meta) is not bool:
        bad("unit_in_meta must be true or false")
    board = _trusted_board(width, height, tuple(mines), tuple(events), version, unit, unit_in_meta)
    message = _board_error(board)
    if message:
        raise ValueRangeError(NAME, f"board JSON: {message}")
    return board


# --- replay --------------------------------------------------------------------------

CLOSED, OPENED, FLAGGED, MARKED = 0, 1, 2, 3
WON, LOST, UNFINISHED = "won", "lost", "unfinished"


@dataclass(frozen=True)
class Stats:
    """The standard figures at one moment of a game (times in seconds)."""

    bbbv: int
    bbbv_solved: int
    clicks: int
    effective_clicks: int
    safe_opened: int
    safe_total: int
    time_s: float
    outcome: str

    @property
    def bbbv_per_s(self) -> float | None:
        solved = self.bbbv if self.outcome == WON else self.bbbv_solved
        return solved / self.time_s if self.time_s > 0 else None

    @property
    def ioe(self) -> float | None:
        return self.bbbv_solved / self.clicks if self.clicks else None

    @property
    def correctness(self) -> float | None:
        return self.effective_clicks / self.clicks if self.clicks else None

    @property
    def throughput(self) -> float | None:
        return self.bbbv_solved / self.effective_clicks if self.effective_clicks else None

    @property
    def rqp(self) -> float | None:
        speed = self.bbbv_per_s
        return self.time_s / speed if speed else None

    @property
    def estimated_time_s(self) -> float | None:
        return self.time_s * self.bbbv / self.bbbv_solved if self.bbbv_solved else None

    def to_json(self) -> dict[str, Any]:
        def r(v: float | None, n: int = 3) -> float | None:
            return None if v is None else round(v, n)

        return {
            "outcome": self.outcome,
            "time_s": round(self.time_s, 3),
            "3bv": self.bbbv,
            "3bv_solved": self.bbbv_solved,
            "3bv_per_s": r(self.bbbv_per_s),
            "clicks": self.clicks,
            "effective_clicks": self.effective_clicks,
            "ioe": r(self.ioe),
            "correctness": r(self.correctness),
            "throughput": r(self.throughput),
            "rqp": r(self.rqp),
            "estimated_time_s": r(self.estimated_time_s, 2),
            "safe_opened": self.safe_opened,
            "safe_total": self.safe_total,
        }


@dataclass(frozen=True)
class ReplayState:
    """The board at one moment: `cells` holds one code per cell (CLOSED, OPENED, FLAGGED,
    MARKED), row-major; an opened mine is a mine that was clicked."""

    index: int  # events applied
    time_ms: int
    cells: bytes = field(repr=False)
    outcome: str
    hit: tuple[int, int] | None  # the mine that lost the game
    last_event: Event | None
    stats: Stats
    ended_ms: int | None  # when the game was won or lost, if it was by now


def _table(mapping: dict[int, int]) -> bytes:
    out = bytearray(256)
    for key, value in mapping.items():
        out[key] = value
    return bytes(out)


# Byte tables for whole-field passes (bytes.translate runs them at C speed).
_NUMBER_OR_MINE = _table({**{k: k for k in range(9)}, **{16 + k: 9 for k in range(9)}})
_IS_ZERO = _table({0: 1})
_NONZERO = _table({k: 1 for k in range(1, 256)})
_LONE_NUMBER = _table({k: 1 for k in range(1, 9)})  # a number (1-8) with no zero next to it
_ZERO_RUN = re.compile(rb"\x00+")


class Field:
    """The static facts of a mine field: mines, numbers, openings and 3BV.

    `numbers[c]` is the count of mines around a safe cell (0-8) and 9 on a mine.

    The whole-field passes work on one byte per cell, row-major, read as one Python
    integer: shifting it by 8 bits moves every cell one column, by 8 * width one row,
    and adding the eight shifted copies counts the neighbours of every cell at once (no
    count exceeds 8, so no byte carries into the next). Before a sideways shift the
    column that would wrap into the next row is masked off. The largest field takes
    milliseconds this way, not seconds, whatever its shape.
    """

    def __init__(self, width: int, height: int, mines: tuple[tuple[int, int], ...]):
        self.width, self.height = width, height
        n = width * height
        self.mine = mine = bytearray(n)
        for x, y in mines:
            mine[y * width + x] = 1
        self._all = (1 << (8 * n)) - 1
        # Every byte but the last (first) of each row: the cells that have a right (left) neighbour.
        self._not_last = int.from_bytes((b"\xff" * (width - 1) + b"\0") * height, "little")
        self._not_first = int.from_bytes((b"\0" + b"\xff" * (width - 1)) * height, "little")
        packed = int.from_bytes(mine, "little")
        # Neighbour count, plus 16 on a mine, then one table: 0-8 stay, a mine is 9.
        keys = self._bytes(self._around(packed) + (packed << 4))
        self.numbers = numbers = keys.translate(_NUMBER_OR_MINE)
        self.safe_total = n - len(mines)
        zeros = int.from_bytes(numbers.translate(_IS_ZERO), "little")
        touches = self._bytes(self._around(zeros)).translate(_NONZERO)
        lone = self._bytes(int.from_bytes(numbers, "little") + (int.from_bytes(touches, "little") << 4))
        self.isolated = lone.translate(_LONE_NUMBER)
        self._label_openings()
        self.bbbv = len(self.opening_sizes) + self.isolated.count(1)

    def _bytes(self, value: int) -> bytes:
        """The field's bytes of a packed value (shifts may have carried some past the end)."""
        return (value & self._all).to_bytes(self.width * self.height, "little")

    def _around(self, packed: int) -> int:
        """The sum of the eight neighbours of every cell of a packed field."""
        w = self.width
        right = packed & self._not_last  # cells that are a left neighbour of another
        left = packed & self._not_first  # cells that are a right neighbour of another
        return (
            (packed << 8 * w)
            + (packed >> 8 * w)
            + (right << 8)
            + (right << 8 * (w + 1))
            + (right >> 8 * (w - 1))
            + (left >> 8)
            + (left >> 8 * (w + 1))
            + (left << 8 * (w - 1))
        )

    def neighbours(self, c: int) -> Iterator[int]:
        w, h = self.width, self.height
        y, x = divmod(c, w)
        for ny in (y - 1, y, y + 1):
            if 0 <= ny < h:
                row = ny * w
                for nx in (x - 1, x, x + 1):
                    if 0 <= nx < w and (nx != x or ny != y):
                        yield row + nx

    def _label_openings(self) -> None:
        """Openings (8-connected regions of zero cells), worked out along the longer side:
        the work goes row by row, and a tall narrow field has many short rows."""
        w, h = self.width, self.height
        if h <= w:
            self.opening_of, self.opening_sizes = _openings(self.numbers, w, h)
            return
        # Column x of the field is row x of its transpose; openings do not change with it.
        numbers = self.numbers
        label_t, self.opening_sizes = _openings(b"".join(numbers[x::w] for x in range(w)), h, w)
        label = array("i", [-1]) * (w * h)
        for x in range(w):
            label[x::w] = label_t[x * h : (x + 1) * h]
        self.opening_of = label

    def number(self, x: int, y: int) -> int:
        return self.numbers[y * self.width + x]


def _openings(numbers: bytes, w: int, h: int) -> tuple[array[int], list[int]]:
    """Label every zero cell with its opening: runs of zeros in each row, joined to the
    runs they touch in the row above (a union-find over runs). Returns the label of
    every cell (-1 off the openings) and the size of each opening."""
    parent: list[int] = []
    starts: list[int] = []  # cell index where each run begins
    lengths: list[int] = []

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    above: list[tuple[int, int, int]] = []
    for r in range(h):
        base = r * w
        row = [(m.start(), m.end(), len(parent) + i) for i, m in enumerate(_ZERO_RUN.finditer(numbers, base, base + w))]
        for s, e, k in row:
            parent.append(k)
            starts.append(s)
            lengths.append(e - s)
        # `above` holds the previous row's runs moved down one row; two runs touch
        # (diagonals too) when their spans overlap once widened by one cell.
        i = j = 0
        while i < len(above) and j < len(row):
            s1, e1, k1 = above[i]
            s2, e2, k2 = row[j]
            if s2 <= e1 and s1 <= e2:
                a, b = root(k1), root(k2)
                if a != b:
                    parent[max(a, b)] = min(a, b)
            if e1 < e2:
                i += 1
            else:
                j += 1
        above = [(s + w, e + w, k) for s, e, k in row]
    label = array("i", [-1]) * (w * h)
    sizes: list[int] = []
    number_of: dict[int, int] = {}
    for k in range(len(parent)):
        top = root(k)
        index = number_of.get(top)
        if index is None:
            index = number_of[top] = len(sizes)
            sizes.append(0)
        sizes[index] += lengths[k]
        s = starts[k]
        label[s : s + lengths[k]] = array("i", [index]) * lengths[k]
    return label, sizes


_FIELDS: dict[Any, Field] = {}


def field_of(board: Board) -> Field:
    """The field of a board, shared by every board with the same size and mines (a game
    being played, or replayed after an edit of its events, keeps one)."""
    key = (board.width, board.height, board.mines)
    fld = _FIELDS.get(key)
    if fld is None:
        if len(_FIELDS) >= 8:
            _FIELDS.pop(next(iter(_FIELDS)))
        fld = _FIELDS[key] = Field(*key)
    return fld


class Replay:
    """A recorded game prepared for seeking.

    Built once from a board: the game is played through a single time, recording what
    each event changed, cumulative statistics per event, and copies of the whole field
    at checkpoints. `state_at(t)` then finds the last event at or before t (bisect),
    copies the nearest checkpoint and re-applies the few changes after it.

    A game being played grows one event at a time: `extended(board)` gives the Replay of
    the board with one more event by applying just that event, sharing the per-event
    lists (they only grow, and each Replay reads no further than its own event count).
    """

    # Applying this many cell changes after a checkpoint costs well under a millisecond.
    CHANGES_PER_CHECKPOINT = 2048
    EVENTS_PER_CHECKPOINT = 64
    CHECKPOINT_BYTES = 64 * 1024 * 1024

    def __init__(self, board: Board):
        self.board = board
        self.field = fld = field_of(board)
        w, h = board.width, board.height
        self.width, self.height = w, h
        n = w * h
        self.numbers = fld.numbers
        self.bbbv = fld.bbbv
        self.safe_total = fld.safe_total
        self.unit = unit = board.time_unit_ms
        events = board.events
        self.times_ms: list[int] = []
        self._count = 0
        self.start_ms = events[0].t * unit if events else 0
        # The state the next event is applied to; only the newest Replay of a line owns it.
        self._cells = bytearray(n)
        self._opening_left = list(fld.opening_sizes)
        self._totals = [0, 0, 0]  # 3BV solved, safe cells opened, effective clicks
        self._changes: list[Any] = []
        self._effective = array("i", [0])
        self._solved = array("i", [0])
        self._opened = array("i", [0])
        self.lost_at: int | None = None  # events applied when the game was lost
        self.won_at: int | None = None
        self.hit: tuple[int, int] | None = None
        self._checkpoints: list[bytes] = [bytes(n)]
        self._checkpoint_index = [0]
        self._budget = max(1, self.CHECKPOINT_BYTES // max(n, 1))
        self._every_events = max(self.EVENTS_PER_CHECKPOINT, -(-len(events) // self._budget))
        self._every_changes = max(self.CHANGES_PER_CHECKPOINT, n // 16)
        self._since_changes = self._since_events = 0
        with _CollectorPaused():
            self._apply_all(events)
        self._finish()

    def _apply_all(self, events: Sequence[Event]) -> None:
        """Play `events` in order on the working state, recording what each one did (the
        state lives in locals while the loop runs: a long game is built in one pass)."""
        fld = self.field
        w = self.width
        cells, numbers, mine = self._cells, fld.numbers, fld.mine
        label, isolated, neighbours = fld.opening_of, fld.isolated, fld.neighbours
        opening_left = self._opening_left
        last_x, inner_end = w - 1, len(cells) - w
        solved, safe_opened, effective = self._totals
        safe_total = self.safe_total
        changes, times = self._changes, self.times_ms
        eff, sol, opd = self._effective, self._solved, self._opened
        checkpoints, checkpoint_index = self._checkpoints, self._checkpoint_index
        since_changes, since_events = self._since_changes, self._since_events
        every_changes, every_events = self._every_changes, self._every_events
        unit = self.unit
        i = self._count
        ended = self.lost_at is not None or self.won_at is not None
        for e in events:
            times.append(e.t * unit)
            c = e.y * w + e.x
            state = cells[c]
            change = None
            if e.kind == OPEN:
                if state != OPENED and state != FLAGGED:
                    opened = array("i", [c])
                    cells[c] = OPENED
                    if mine[c]:
                        if not ended:
                            self.lost_at = i + 1
                            self.hit = (e.x, e.y)
                            ended = True
                    else:
                        safe_opened += 1
                        if numbers[c] == 0:
                            # Flood the opening; flags stop it, question marks do not.
                            stack = [c]
                            while stack:
                                z = stack.pop()
                                k = label[z]
                                opening_left[k] -= 1
                                if opening_left[k] == 0:
                                    solved += 1
                                if 0 < z % w < last_x and w <= z < inner_end:
                                    around = (z - w - 1, z - w, z - w + 1, z - 1, z + 1, z + w - 1, z + w, z + w + 1)
                                else:
                                    around = neighbours(z)  # type: ignore[assignment]
                                for nb in around:
                                    s = cells[nb]
                                    if s == OPENED or s == FLAGGED:
                                        continue
                                    cells[nb] = OPENED
                                    opened.append(nb)
                                    safe_opened += 1
                                    if numbers[nb] == 0:
                                        stack.append(nb)
                                    elif isolated[nb]:
                                        solved += 1
                        elif isolated[c]:
                            solved += 1
                        if not ended and safe_opened == safe_total:
                            self.won_at = i + 1
                            ended = True
                    change = opened
                    since_changes += len(opened)
            elif state != OPENED:
                new = FLAGGED if e.kind == FLAG else MARKED if e.kind == MARK else CLOSED
                if new != state:
                    cells[c] = new
                    change = (c, new)  # type: ignore[assignment]
                    since_changes += 1
            if change is not None:
                effective += 1
            changes.append(change)
            eff.append(effective)
            sol.append(solved)
            opd.append(safe_opened)
            i += 1
            since_events += 1
            if since_changes >= every_changes or since_events >= every_events:
                checkpoints.append(bytes(cells))
                checkpoint_index.append(i)
                since_changes = since_events = 0
                if len(checkpoints) >= 2 * self._budget:
                    # A game that keeps growing keeps its checkpoints within bounds: every
                    # other one goes (any checkpoint serves, each is a state of the game).
                    del checkpoints[1::2]
                    del checkpoint_index[1::2]
                    every_events *= 2
        self._count = i
        self._totals = [solved, safe_opened, effective]
        self._since_changes, self._since_events = since_changes, since_events
        self._every_events = every_events

    def _finish(self) -> None:
        count = self._count
        self.duration_ms = self.times_ms[count - 1] if count else 0
        self._final_cells = bytes(self._cells)
        self.end_index = self.lost_at or self.won_at
        self.outcome = LOST if self.lost_at else WON if self.won_at else UNFINISHED

    def extended(self, board: Board) -> Replay:
        """The Replay of `board`, which is this game with events added at its end; only
        the new events are played when this Replay is the newest of its line."""
        old = self.board
        n_old = self._count
        grown = board.__dict__.get("_grown_from")
        if grown is not None and grown() is old and self._cells is not None and len(self.times_ms) == n_old:
            pass  # made by old.with_event: no need to compare the games
        elif (
            self._cells is None
            or len(self.times_ms) != n_old
            or board.width != old.width
            or board.height != old.height
            or board.time_unit_ms != old.time_unit_ms
            or len(board.events) < n_old
            or not (board.mines is old.mines or board.mines == old.mines)
            or board.events[:n_old] != old.events
        ):
            return Replay(board)
        new = object.__new__(Replay)
        new.__dict__.update(self.__dict__)
        # The working state moves to the new Replay: this one keeps its finished view.
        self._cells = None  # type: ignore[assignment]
        self._opening_left = None  # type: ignore[assignment]
        new.board = board
        if not n_old and board.events:
            new.start_ms = board.events[0].t * new.unit
        new._apply_all(board.events[n_old:])
        new._finish()
        return new

    def number(self, x: int, y: int) -> int:
        """Mines around a safe cell (0-8), or 9 for a mine."""
        return self.numbers[y * self.width + x]

    # -- seeking
    @property
    def event_count(self) -> int:
        return self._count

    def index_at(self, time_ms: float) -> int:
        """How many events have happened at `time_ms` (an event at exactly t has)."""
        return bisect_right(self.times_ms, time_ms, 0, self._count)

    def time_of(self, index: int) -> int:
        """The time at which `index` events have happened."""
        return self.times_ms[index - 1] if index > 0 else 0

    def state_at(self, time_ms: float) -> ReplayState:
        return self.state(self.index_at(time_ms), time_ms)

    def state_after(self, index: int) -> ReplayState:
        index = max(0, min(index, self.event_count))
        return self.state(index, self.time_of(index))

    def final(self) -> ReplayState:
        return self.state_after(self.event_count)

    def cells_after(self, index: int) -> bytes:
        if index >= self.event_count:
            return self._final_cells
        k = bisect_right(self._checkpoint_index, index) - 1
        base = self._checkpoint_index[k]
        if base == index:
            return self._checkpoints[k]
        cells = bytearray(self._checkpoints[k])
        for change in self._changes[base:index]:
            if change is None:
                continue
            if type(change) is array:
                for c in change:
                    cells[c] = OPENED
            else:
                cells[change[0]] = change[1]
        return bytes(cells)

    def state(self, index: int, time_ms: float) -> ReplayState:
        """The board after `index` events, with the clock at `time_ms` (a step through
        events that share a moment shows them one at a time)."""
        index = max(0, min(index, self.event_count))
        time_ms = max(0, time_ms)
        end = self.end_index
        ended = end is not None and index >= end
        counted = min(index, end) if end is not None else index
        if ended:
            outcome = self.outcome
            ended_ms = self.times_ms[end - 1]  # type: ignore[operator]
            clock_end = ended_ms
        else:
            outcome = UNFINISHED
            ended_ms = None
            clock_end = min(time_ms, self.duration_ms)  # type: ignore[assignment]
        elapsed = max(0, clock_end - self.start_ms) if index > 0 else 0
        stats = Stats(
            self.bbbv,
            self._solved[counted],
            counted,
            self._effective[counted],
            self._opened[counted],
            self.safe_total,
            elapsed / 1000,
            outcome,
        )
        return ReplayState(
            index=index,
            time_ms=int(time_ms),
            cells=self.cells_after(index),
            outcome=outcome,
            hit=self.hit if ended and outcome == LOST else None,
            last_event=self.board.events[index - 1] if index > 0 else None,
            stats=stats,
            ended_ms=ended_ms,
        )

    def stats(self) -> Stats:
        return self.final().stats


_REPLAYS: list[Replay] = []


def replay(board: Board) -> Replay:
    """The Replay of `board`, kept for the last few boards asked about: a window asks
    for the same game's facts many times (drawing, statistics, problems)."""
    for r in _REPLAYS:
        if r.board is board:
            return r
    for r in _REPLAYS:
        # Lengths first: tuples compare item by item before they compare lengths.
        if r.event_count == len(board.events) and r.board == board:
            return r
    # A move in a game being played: the newest Replay of that game grows by one event.
    for r in _REPLAYS:
        if (
            r._cells is not None
            and r.event_count < len(board.events) <= r.event_count + 16
            and r.board.mines is board.mines
        ):
            r = r.extended(board)
            break
    else:
        r = Replay(board)
    _REPLAYS.insert(0, r)
    del _REPLAYS[4:]
    return r


def state_at(board: Board, seconds: float) -> ReplayState:
    """The board `seconds` into the recorded game."""
    return replay(board).state_at(seconds * 1000)


# --- playing -------------------------------------------------------------------------


def record(board: Board, kind: str, x: int, y: int, time_ms: float) -> Board:
    """The game with one more action at `time_ms` from its start, kept in a form a slug
    can hold: the time is rounded to the board's unit, never goes back, and a flag
    action never shares a unit with an earlier open (the slug would put it first)."""
    t = max(0, int(time_ms // board.time_unit_ms))
    if board.events:
        last = board.events[-1]
        t = max(t, last.t)
        if t == last.t and last.kind == OPEN and kind != OPEN:
            t += 1
    t = min(t, MAX_TIME_MS // board.time_unit_ms)
    return board.with_event(Event(t, kind, x, y))


def flag_action(state: ReplayState, board: Board, x: int, y: int) -> str | None:
    """What a right click on (x, y) records: a flag on a closed cell, its removal on a
    flagged one (a question mark, version 2 only, also goes); nothing on an open cell."""
    code = state.cells[y * board.width + x]
    if code == CLOSED:
        return FLAG
    if code in (FLAGGED, MARKED):
        return UNFLAG
    return None


def is_over(state: ReplayState) -> bool:
    return state.outcome != UNFINISHED


# --- problems and facts ----------------------------------------------------------------


def problems(board: Board) -> list[Problem]:
    found: list[Problem] = []
    if board.mines and len(board.mines) == board.cells:
        found.append(Problem("every cell is a mine: there is nothing to open", (), Severity.ERROR, ProblemKind.FULL))
    if not board.mines:
        found.append(Problem("the board has no mines: the first click wins", (), Severity.WARNING, ProblemKind.EMPTY))
    if board.events:
        r = replay(board)
        if r.end_index is not None and r.end_index < r.event_count:
            extra = r.event_count - r.end_index
            found.append(
                Problem(
                    f"{extra} action(s) recorded after the game was {r.outcome}",
                    (),
                    Severity.WARNING,
                    ProblemKind.AFTER_END,
                )
            )
    return found


def info(board: Board) -> dict[str, Any]:
    r = replay(board)
    stats = r.stats()
    out = {
        "game": NAME,
        "version": board.version,
        "width": board.width,
        "height": board.height,
        "mines": len(board.mines),
        "time_unit_ms": board.time_unit_ms,
        "events": len(board.events),
    }
    out.update(stats.to_json())
    out["problems"] = [p.to_json() for p in problems(board)]
    return out


from .play import FLAG_BUTTON as FLAG_BUTTON  # noqa: E402 - play is built on the names above
from .play import OPEN_BUTTON as OPEN_BUTTON  # noqa: E402
from .play import Click as Click  # noqa: E402
from .play import click as click  # noqa: E402

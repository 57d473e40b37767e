"""Reading and writing minesweeper slugs (`1=` and `2=`), board JSON and pair lists.

Slug format (formats/minesweeper.md): `<version>=<meta>+<mines>+<clicks>+<flags>`.
Coordinates are base62 pairs, two characters when both are below 62, else `A|B`.
Version 1 stores a mine as (row, column) but a click or flag as (column, row), counts time
in 50 ms ticks with decimal deltas; version 2 stores every pair as (column, row), writes
deltas in base62 and gives its time unit in the meta (`15x15,50`).
"""

from __future__ import annotations

import gc
import re
from collections.abc import Callable, Iterable
from functools import cache, partial
from itertools import accumulate, repeat
from operator import add, itemgetter
from typing import Any, NoReturn

from ..bits import BASE62_DIGITS, base62_decode
from ..errors import FormatError, SlugError, ValueRangeError, shown
from ..links import located_in, percent_decode, strip_text
from .model import (
    _BASE62_TEXT,
    _LETTER_KIND,
    _TIME,
    KINDS,
    MARK,
    MAX_CELLS,
    MAX_TIME_MS,
    MAX_TIME_UNIT_MS,
    NAME,
    OPEN,
    V1_TIME_UNIT_MS,
    Board,
    Event,
    _board_error,
    _event_json,
    _new_event,
    _records,
    _trusted_board,
)

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
    with _CollectorPaused(), located_in(text, slug):
        return Reader(slug).board()


class Reader:
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
            quoted = vtext if len(vtext) <= 12 else vtext[:12] + "..."
            self.fail(f"unknown version {quoted!r} (known: 1, 2)", 0)
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
        events = self.records(*sections[3], flags=True)
        # Two sorted runs: the stable sort merges them by time, and as the flags come
        # first in the list, they stay first at equal times. (Extended in place: a copy
        # of a million events' list is 8 MB more at the peak.)
        events += opens
        del opens
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
        whole, pair = _fast_mines(), _mine_pair()
        parts = _parts(text)
        for part in parts:
            if not whole.fullmatch(part):
                return None
        firsts: list[int] = []
        seconds: list[int] = []
        number = _BASE62_NUMBER.__getitem__
        for part in parts:
            # Each mine matches one of two alternatives (long or short pair); the other's
            # groups are empty, so adding the two columns gives each number.
            columns = list(zip(*pair.findall(part)))
            if columns:
                firsts += map(number, map(add, columns[0], columns[2]))
                seconds += map(number, map(add, columns[1], columns[3]))
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
                    self.fail(f"{what} record {shown(rec)} is too short", at + len(body))
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
        whole = _fast_section(self.version, flags)
        parts = _parts(text)
        for part in parts:
            if not whole.fullmatch(part):
                return None
        fields: Callable[[str, bool], tuple[Iterable[str], ...]] = _short_fields
        if "|" in text:
            fields = partial(_long_fields, _fast_record(self.version, flags))
        number = _BASE62_NUMBER.__getitem__
        read_delta = int if self.version == 1 else number
        events: list[Event] = []
        t = 0
        # A part at a time: its columns are dropped once its events are made, so a long
        # section never holds its columns and its events whole at once.
        for part in parts:
            x, y, delta, letter = fields(part, flags)
            xs = list(map(number, x))
            ys = list(map(number, y))
            if not xs:
                continue
            if max(xs) >= self.width or max(ys) >= self.height:  # type: ignore[operator]
                return None  # off the board: for the careful reader to place
            times = list(accumulate(map(read_delta, delta), initial=t))
            del times[0]
            t = times[-1]
            if t > self.max_t:
                return None  # beyond a day: the same
            kinds: Iterable[str] = map(_LETTER_KIND.__getitem__, letter) if flags else repeat(OPEN)
            events += map(_new_event, zip(times, kinds, xs, ys))
        return events

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
        value = _base62(text)
        if len(text) == 2:  # kept: at most 62 * 62 of them, filled as slugs use them
            self[text] = value
        return value


_BASE62_NUMBER = _Base62Numbers(_BASE62_VALUE)

# A bulk step (a regular expression over a section, a map over its numbers) holds the
# interpreter until it ends. A long text is read on a worker thread, and the window's
# thread, which needs the interpreter for each of its own steps, would wait for the
# whole of one: 60-90 ms for the mines of a 1000x1000 field. The largest sections are
# read in parts of about this many characters instead, a few milliseconds each, and
# between two parts the window's thread may take its turn.
_PART = 1 << 16


def _short_fields(part: str, flags: bool) -> tuple[Iterable[str], ...]:
    """The fields of records whose coordinates are one character each (every field up to
    62 cells a side), cut apart with slices rather than regular-expression groups: the
    bulk of the largest replays, read at a third of the cost. _fast_section has checked
    their shape. Each field as a column: x, y, the time and the flag's letter (none
    without `flags`)."""
    records = part.split(";")
    delta = itemgetter(slice(2, -1 if flags else None))
    letters = map(itemgetter(-1), records) if flags else ()
    return map(itemgetter(0), records), map(itemgetter(1), records), map(delta, records), letters


def _long_fields(record: re.Pattern[str], part: str, flags: bool) -> tuple[Iterable[str], ...]:
    """The same columns, for records of which some have a long coordinate: each record
    matches one of two alternatives of `record` (long or short coordinate), the other's
    groups are empty, and adding the two columns gives each field."""
    columns = list(zip(*record.findall(part)))
    half = len(columns) // 2
    x, y, delta = (map(add, columns[i], columns[half + i]) for i in range(3))
    return x, y, delta, map(add, columns[3], columns[half + 3]) if flags else ()


def _parts(text: str) -> list[str]:
    """`text` cut at a ';' after about every _PART characters. Neither a mine nor a record
    holds a ';', so each part reads as the whole section would, and the whole is
    well-formed exactly when every part is."""
    parts = []
    start = 0
    while len(text) - start > _PART:
        cut = text.find(";", start + _PART)
        if cut < 0:
            break
        parts.append(text[start:cut])
        start = cut + 1
    parts.append(text[start:])
    return parts


_B62 = "[0-9A-Za-z]"
_COORD = rf"(?:{_B62}{{2}}|{_B62}{{1,4}}\|{_B62}{{1,4}}:)"
_MINE_PIECE = rf"(?:(?:{_B62}{{2}})+|{_B62}{{1,4}}\|{_B62}{{1,4}})?"


@cache
def _fast_mines() -> re.Pattern[str]:
    """A mine section in canonical form, read by the fast path."""
    return re.compile(rf"{_MINE_PIECE}(?:;{_MINE_PIECE})*")


@cache
def _mine_pair() -> re.Pattern[str]:
    """One mine of a section _fast_mines accepted: a long pair, or two digits of a run."""
    return re.compile(rf"({_B62}{{1,4}})\|({_B62}{{1,4}})|({_B62})({_B62})")


_FAST_FIELDS = {
    (1, False): ("[0-9]{1,10}", ""),
    (1, True): ("[0-9]{1,10}", "[PR]"),
    (2, False): (f"{_B62}{{1,8}}", ""),
    (2, True): (f"{_B62}{{1,8}}", "[PRT]"),
}


@cache
def _fast_section(version: int, flags: bool) -> re.Pattern[str]:
    """A canonical section (every record complete, no stray ':'), read by the fast path.
    The patterns are compiled on first use: a command that only tries the text as every
    game (`detect`) does not pay for them."""
    delta, letters = _FAST_FIELDS[version, flags]
    record = f"{_COORD}{delta}{letters}"
    return re.compile(f"{record}(?:;{record})*")


@cache
def _fast_record(version: int, flags: bool) -> re.Pattern[str]:
    """One record of a section _fast_section accepted, its fields in groups: long
    coordinate, delta (and letter), then the same for a short coordinate."""
    delta, letters = _FAST_FIELDS[version, flags]
    letter = f"({letters})" if letters else ""
    end = "(?=;|$)"
    return re.compile(
        rf"({_B62}{{1,4}})\|({_B62}{{1,4}}):({delta}){letter}{end}"
        rf"|({_B62})({_B62})({delta}){letter}{end}"
    )


def _base62(text: str) -> int:
    value = 0
    for ch in text:
        value = value * 62 + _BASE62_VALUE[ch]
    return value


# --- writing -------------------------------------------------------------------------


# The text of every number below 62 * 62 (all coordinates of a field up to 3,844 wide).
def encode_pairs(pairs: Iterable[tuple[int, int]]) -> str:
    """A mine list as written in the slug: short pairs run together, long ones as
    `;A|B;`, with `;;` collapsed and the trailing `;` dropped."""
    digits, text = BASE62_DIGITS, _BASE62_TEXT
    joined = "".join(
        [digits[a] + digits[b] if a < 62 and b < 62 else f";{text[a]}|{text[b]};" for a, b in pairs]
    ).replace(";;", ";")
    return joined[:-1] if joined.endswith(";") else joined


def decode_pairs(text: str) -> list[tuple[int, int]]:
    """The raw pairs of a mines section (no board, no axis rule): for tests and tools."""
    r = Reader("")
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


_FIRST, _SECOND = itemgetter(0), itemgetter(1)


def _slug_parts(board: Board) -> tuple[str, str, str, int, int]:
    """The slug in pieces, kept with the board so that a game played on it, one event
    at a time, gets its slug by appending a record rather than writing it all again:
    `version=meta+mines`, the clicks, the flags, and the last time in each section."""
    v1 = board.version == 1
    meta = f"{board.width}x{board.height}" + ("" if v1 or not board.unit_in_meta else f",{board.time_unit_ms}")
    mines = board.mines
    # Version 1 writes a mine as (row, column).
    mines_text = encode_pairs(zip(map(_SECOND, mines), map(_FIRST, mines)) if v1 else mines)
    clicks, flags, last_click, last_flag = _records(v1, board.events, 0, 0)
    return f"{board.version}={meta}+{mines_text}", ";".join(clicks), ";".join(flags), last_click, last_flag


def share_url(board: Board) -> None:
    """The format has no web viewer of its own; the slug is what people share."""
    return None


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
    if board.undealt:
        # A new game not yet opened (no slug holds this): kept so that the promise of a safe
        # first click outlives a restart of the window.
        out["undealt"] = True
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
    # The loops below make a large game's hundreds of thousands of objects (see _CollectorPaused).
    with _CollectorPaused():
        mines = []
        for m in mines_in:
            if not (isinstance(m, list) and len(m) == 2):
                bad(f"mine {shown(m)} is not [x, y]")
            mines.append((integer(m[0], "mine x"), integer(m[1], "mine y")))
        events = []
        for e in events_in:
            if not isinstance(e, dict) or e.get("kind") not in KINDS:
                bad(f"event {shown(e)} needs a kind among {', '.join(KINDS)}")
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
    undealt = obj.get("undealt", False)
    if type(undealt) is not bool:
        bad("undealt must be true or false")
    board = _trusted_board(width, height, tuple(mines), tuple(events), version, unit, unit_in_meta, undealt)
    message = _board_error(board)
    if message:
        raise ValueRangeError(NAME, f"board JSON: {message}")
    return board

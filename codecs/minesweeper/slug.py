"""Reading and writing minesweeper slugs (`1=` and `2=`), board JSON and pair lists.

Slug format (formats/minesweeper.md): `<version>=<meta>+<mines>+<clicks>+<flags>`.
Coordinates are base62 pairs, two characters when both are below 62, else `A|B`.
Version 1 stores a mine as (row, column) but a click or flag as (column, row), counts time
in 50 ms ticks with decimal deltas; version 2 stores every pair as (column, row), writes
deltas in base62 and gives its time unit in the meta (`15x15,50`).
"""

from __future__ import annotations

import re
import weakref
from array import array
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from functools import cache, lru_cache, partial
from itertools import accumulate, repeat
from operator import add, and_, itemgetter, lshift, mul, or_, setitem
from typing import Any, NoReturn

from ..bits import BASE62_DIGITS, base62_decode, base62_encode
from ..errors import FormatError, SlugError, ValueRangeError, shown
from ..links import located_in, percent_decode, strip_text
from .model import (
    _CODE,
    _KIND_OF,
    _NUMBER,
    FLAG,
    KIND_CODE,
    KINDS,
    MARK,
    MAX_CELLS,
    MAX_TIME_MS,
    MAX_TIME_UNIT_MS,
    NAME,
    OPEN,
    REMEMBERED,
    UNFLAG,
    V1_TIME_UNIT_MS,
    Board,
    Event,
    Events,
    JsonParts,
    Mines,
    Remembered,
    SlugParts,
    _board_error,
    _trusted_board,
    _unchecked_board,
    remembered,
)

_FLAG_LETTER = {FLAG: "P", UNFLAG: "R", MARK: "T"}
_LETTER_KIND = {"P": FLAG, "R": UNFLAG, "T": MARK}
_LETTER_CODE = {letter: KIND_CODE[kind] for letter, kind in _LETTER_KIND.items()}

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


def decode(text: str) -> Board:
    if not isinstance(text, str):
        raise FormatError(NAME, f"expected text, got {type(text).__name__}")
    slug = _unwrap(text)
    if not slug:
        raise FormatError(NAME, "the text is empty", 0)
    with located_in(text, slug):
        return Reader(slug).board()


class Reader:
    """Reads one slug, tracking the character position of every error."""

    def __init__(self, slug: str):
        self.s = slug
        self.read_carefully = False  # whether a section of records went to the careful reader

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
        self.read_carefully = False
        opens = self.records(*sections[2], flags=False)
        flags = self.records(*sections[3], flags=True)
        board = _trusted_board(
            self.width,  # type: ignore[arg-type]
            self.height,  # type: ignore[arg-type]
            mines,
            _merged(flags, opens),
            self.version,
            self.unit,
            self.unit_in_meta,
        )
        if (
            (opens or flags)
            and not self.read_carefully
            and _as_written(sections[2][0], False)
            and _as_written(sections[3][0], True)
        ):
            last_click, last_flag = opens.t[-1] if opens else 0, flags.t[-1] if flags else 0
            remembered(board).records = (sections[2][0], sections[3][0], last_click, last_flag)
        return board

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

    def fast_mines(self, text: str) -> Mines | tuple[tuple[int, int], ...] | None:
        """The mines of a well-formed section, read in bulk without tracking positions;
        None sends the section to the careful reader, which also finds the position of
        any error (a mine off the board, one listed twice)."""
        whole, pair = _fast_mines(), _mine_pair()
        parts = _parts(text)
        for part in parts:
            if not whole.fullmatch(part):
                return None
        # In columns, as the field keeps them (Mines): 4 bytes a number, not a list's 8.
        firsts, seconds = array(_NUMBER), array(_NUMBER)
        number = _BASE62_NUMBER.__getitem__
        for part in parts:
            # Each mine matches one of two alternatives (long or short pair); the other's
            # groups are empty, so adding the two columns gives each number.
            columns = list(zip(*pair.findall(part)))
            if columns:
                # (At most four base62 digits each: a number fits a column.)
                firsts.extend(map(number, map(add, columns[0], columns[2])))
                seconds.extend(map(number, map(add, columns[1], columns[3])))
        xs, ys = (seconds, firsts) if self.version == 1 else (firsts, seconds)
        if xs and (max(xs) >= self.width or max(ys) >= self.height):  # type: ignore[operator]
            return None
        # A mine listed twice marks its cell once: one byte a cell, where a set of the
        # mines would cost some 40 bytes a mine.
        cells = self.width * self.height  # type: ignore[operator]
        if cells > MAX_CELLS:  # no board's (decode_pairs reads pairs alone)
            mines = tuple(zip(xs, ys))
            return mines if len(set(mines)) == len(mines) else None
        marks = bytearray(cells)
        _scatter(marks, map(add, map(mul, ys, repeat(self.width)), xs), repeat(1))
        if marks.count(1) != len(xs):
            return None
        return Mines.of_columns(xs, ys)

    def mines(self, text: str, pos: int) -> Mines | tuple[tuple[int, int], ...]:
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

    def records(self, text: str, pos: int, flags: bool) -> Events:
        """The records of a section, in its order (each section is in time order)."""
        fast = self.fast_records(text, flags)
        if fast is not None:
            return fast
        self.read_carefully = True
        ts, kinds, xs, ys = array(_NUMBER), array(_CODE), array(_NUMBER), array(_NUMBER)
        what = "flag" if flags else "click"
        t = 0
        start = 0
        for rec in text.split(";"):
            at = pos + start
            start += len(rec) + 1
            if not rec:
                continue
            kind: str | None = OPEN
            body = rec
            if flags:
                letter = rec[-1]
                kind = _LETTER_KIND.get(letter)
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
            ts.append(t)
            kinds.append(KIND_CODE[kind])  # type: ignore[index]
            xs.append(x)
            ys.append(y)
        return Events.of_columns(ts, kinds, xs, ys)

    def fast_records(self, text: str, flags: bool) -> Events | None:
        """The records of a well-formed section, read in bulk without tracking
        positions; None sends the section to the careful reader, which also finds the
        position of any error."""
        ts, kinds, xs, ys = array(_NUMBER), array(_CODE), array(_NUMBER), array(_NUMBER)
        if not text:
            return Events.of_columns(ts, kinds, xs, ys)
        whole = _fast_section(self.version, flags)
        parts = _parts(text)
        for part in parts:
            if not whole.fullmatch(part):
                return None
        fields: Callable[[str, bool], tuple[Iterable[str], ...]] = _short_fields
        if "|" in text:
            fields = partial(_long_fields, _fast_record(self.version, flags))
        number = _BASE62_NUMBER.__getitem__
        read_delta = _DECIMAL_NUMBER.__getitem__ if self.version == 1 else number
        t = 0
        # A part at a time, straight into the columns: no list of a whole section's
        # fields is ever held.
        for part in parts:
            x, y, delta, letter = fields(part, flags)
            start = len(xs)
            xs.extend(map(number, x))
            ys.extend(map(number, y))
            if len(xs) == start:
                continue
            # A part's times as a list first (a part is short): a time beyond a day may
            # not fit the column.
            times = list(accumulate(map(read_delta, delta), initial=t))
            t = times[-1]
            if t > self.max_t:
                return None  # beyond a day: the same
            del times[0]
            ts.extend(times)
            if flags:
                kinds.extend(map(_LETTER_CODE.__getitem__, letter))
            else:
                kinds.frombytes(bytes(len(xs) - start))  # OPEN is code 0
        # Every cell on the board, checked once over each whole column.
        if xs and (max(xs) >= self.width or max(ys) >= self.height):  # type: ignore[operator]
            return None  # off the board: for the careful reader to place
        return Events.of_columns(ts, kinds, xs, ys)

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


# A record whose time has a 0 before its other digits (a slug's writer writes none): in a
# section of records with one-character coordinates, the `0` after the two of them,
# followed by a digit of the time (clicks) or by a digit and the letter (flags).
_PADDED_TIME = {False: re.compile("(?:^|;)[^;]{2}0[^;]"), True: re.compile("(?:^|;)[^;]{2}0[^;]{2}")}


def _as_written(section: str, flags: bool) -> bool:
    """Whether a section that the fast reader read is written as the slug's writer writes
    it (`_records`), so that a board read from it can keep it as its slug's section: every
    coordinate of one character, and no time with a 0 before its other digits. (The slug
    of the largest game, read and written back, costs a tenth of the time this way:
    benchmarks/tricks.py.)"""
    return "|" not in section and not _PADDED_TIME[flags].search(section)


def _merged(flags: Events, opens: Events) -> Events:
    """The game's actions from its two sections, each in time order: by time, and at equal
    times the flag actions first (the order the format defines), each section's own order
    kept.

    Each action gets one number to sort by, its time above its place in the flags and then
    the clicks (`time << bits | place`): a sort of two sorted runs merges them in one pass,
    and the places, read back from the numbers, gather each column. (A merge written as a
    Python loop takes a good part of a second on a million actions.)"""
    if not opens:
        return flags
    if not flags:
        return opens
    both = flags + opens
    n = len(both)
    bits = n.bit_length()
    keys = list(map(or_, map(lshift, both.t, repeat(bits)), range(n)))
    keys.sort()
    places = array(_NUMBER, map(and_, keys, repeat((1 << bits) - 1)))
    del keys
    # The times in order are the times sorted (a sort of two sorted runs, at C speed); the
    # other columns are gathered through a list (a comprehension's subscripts are quicker
    # than a map of __getitem__), one column at a time. (An itemgetter of every place is
    # quicker still, but holds an object for each place: 36 bytes an action.)
    t = array(_NUMBER, sorted(both.t))
    kinds, x, y = (
        array(kind, [column[i] for i in places]) for kind, column in zip(_KINDS_OF_COLUMNS[1:], _columns(both)[1:])
    )
    return Events.of_columns(t, kinds, x, y)


_KINDS_OF_COLUMNS = (_NUMBER, _CODE, _NUMBER, _NUMBER)


def _scatter(column: bytearray, places: Iterable[int], values: Iterable[int]) -> None:
    """`column[place] = value` for each pair, in a loop that runs at C speed (a map
    consumed by a deque that keeps nothing)."""
    deque(map(setitem, repeat(column), places, values), maxlen=0)


def _columns(events: Events) -> tuple[array[int], array[int], array[int], array[int]]:
    return events.t, events.kinds, events.x, events.y


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


class _DecimalNumbers(dict[str, int]):
    """Decimal text (ASCII digits, as the fast reader has checked) to its value: a version-1
    time delta, mostly a digit or two, is looked up, which in a map at C speed takes half
    the time of `int` (benchmarks/tricks.py); the texts of up to three digits are kept."""

    def __missing__(self, text: str) -> int:
        value = int(text)
        if len(text) <= 3:
            self[text] = value
        return value


_DECIMAL_NUMBER = _DecimalNumbers()

# A bulk step (a regular expression over a section, a map over its numbers) holds the
# interpreter until it ends. A long text is read on a worker thread, and the window's
# thread, which needs the interpreter for each of its own steps, would wait for the
# whole of one. The largest sections are read in parts of about this many characters
# instead, and between two parts the window's thread may take its turn
# (benchmarks/minesweeper_paste.py measures the window's waits). A part's fields are
# lists while it is read (about 15 times its size): at 65,536 characters, that was most
# of the peak of reading a text of 100,000 (benchmarks/long_paste_memory.py).
_PART = 1 << 14


def _short_fields(part: str, flags: bool) -> tuple[Iterable[str], ...]:
    """The fields of records whose coordinates are one character each (every field up to
    62 cells a side), cut apart with slices rather than regular-expression groups, which
    cost more: the bulk of the largest replays. _fast_section has checked
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


# --- writing ---------------------------------------------------------------------------


class _Base62Texts(dict[int, str]):
    """The base62 text of any number, looked up as `texts[n]`; the numbers below 62 * 62
    (every coordinate of a field up to 3,844 wide) are kept as they are first written."""

    def __missing__(self, value: int) -> str:
        text = base62_encode(value)
        if value < 3844:
            self[value] = text
        return text


_BASE62_TEXT = _Base62Texts()


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
    """The slug. Written in pieces (`SlugParts`) that the boards a game or an edit makes
    from this one start from (see `Remembered`): a move adds a record to them, an edited
    mine its pair, rather than writing a large game or field again."""
    parts = _slug_parts(board)
    return f"{parts[0]}+{parts[1]}+{parts[2]}"


_FIRST, _SECOND = itemgetter(0), itemgetter(1)


def _slug_parts(board: Board) -> SlugParts:
    """`version=meta+mines`, the clicks, the flags, and the last time in each section:
    added to from what is remembered of the board it was made from, where there is that."""
    facts = remembered(board)
    written = facts.slug
    if written is None:
        written = _written_before(board, facts.grown_from)
    n = len(board.events)
    if written is None:
        toggled = _toggled_parts(board)
        if toggled is not None:
            written = (toggled, 0)
        elif facts.records is not None:
            written = (_parts_as_read(board, facts.records), n)
        else:
            written = (_whole_parts(board), n)
    parts, count = written
    if count < n:
        parts = _parts_with(parts, board.version == 1, board.events[count:])
    facts.slug = (parts, n)
    return parts


def _written_before(board: Board, grown_from: weakref.ref[Board] | None) -> tuple[SlugParts, int] | None:
    """The slug parts of the game `board` is one event longer than, if they are known."""
    parent = grown_from() if grown_from is not None else None
    known = REMEMBERED.get(parent) if parent is not None else None
    return known.slug if known is not None else None


def _head(board: Board) -> str:
    """`version=meta+mines` of the slug."""
    v1 = board.version == 1
    meta = f"{board.width}x{board.height}" + ("" if v1 or not board.unit_in_meta else f",{board.time_unit_ms}")
    mines = board.mines
    # Version 1 writes a mine as (row, column).
    mines_text = encode_pairs(zip(map(_SECOND, mines), map(_FIRST, mines)) if v1 else mines)
    return f"{board.version}={meta}+{mines_text}"


def _whole_parts(board: Board) -> SlugParts:
    clicks, flags, last_click, last_flag = _records(board.version == 1, board.events, 0, 0)
    return _head(board), ";".join(clicks), ";".join(flags), last_click, last_flag


def _parts_as_read(board: Board, read: tuple[str, str, int, int]) -> SlugParts:
    """The slug parts of `board` (see `_slug_parts`) with the clicks' and flags' sections
    `read` from its slug, which are written as these would be (`Remembered.records`)."""
    return _head(board), *read


def _records(
    v1: bool, events: Iterable[Event], last_click: int, last_flag: int
) -> tuple[list[str], list[str], int, int]:
    """The slug's records of `events` (the clicks', the flags'), each time written after
    the last one of its section (`last_click`, `last_flag`), and the last times then. One
    loop for a whole game: a long one has a million records."""
    digits, text, letters = BASE62_DIGITS, _BASE62_TEXT, _FLAG_LETTER
    clicks: list[str] = []
    flags: list[str] = []
    for t, kind, x, y in events:
        coord = digits[x] + digits[y] if x < 62 and y < 62 else f"{text[x]}|{text[y]}:"
        if kind == OPEN:
            clicks.append(coord + (str(t - last_click) if v1 else text[t - last_click]))
            last_click = t
        else:
            flags.append(coord + (str(t - last_flag) if v1 else text[t - last_flag]) + letters[kind])
            last_flag = t
    return clicks, flags, last_click, last_flag


def _parts_with(parts: SlugParts, v1: bool, events: Iterable[Event]) -> SlugParts:
    """`parts` of a board's slug with `events` written after its own."""
    head, clicks, flags, last_click, last_flag = parts
    new_clicks, new_flags, last_click, last_flag = _records(v1, events, last_click, last_flag)
    if new_clicks:
        clicks = ";".join([clicks, *new_clicks] if clicks else new_clicks)
    if new_flags:
        flags = ";".join([flags, *new_flags] if flags else new_flags)
    return head, clicks, flags, last_click, last_flag


def _toggled_from(board: Board) -> tuple[Board, Remembered, int, int] | None:
    """The field `board` was made from by adding or taking away the mine at (x, y)
    (`Board.with_mine`), with what is remembered of it, while both are known."""
    facts = REMEMBERED.get(board)
    toggled = facts.toggled_from if facts is not None else None
    if toggled is None:
        return None
    parent_of, x, y = toggled
    parent = parent_of()
    known = REMEMBERED.get(parent) if parent is not None else None
    if parent is None or known is None:
        return None
    return parent, known, x, y


def _toggled_parts(board: Board) -> SlugParts | None:
    """The slug parts of a field made from another by adding or taking away one mine
    (`Board.with_mine`), from that one's, if they are known and the change can be made
    in place; its game, if it has one, is not written yet."""
    found = _toggled_from(board)
    if found is None:
        return None
    parent, known, x, y = found
    if known.slug is None:
        return None
    head, v1 = known.slug[0][0], parent.version == 1
    if parent.has_mine(x, y):
        return _parts_without_mine(head, x, y, v1)
    return _parts_with_mine(head, parent.mines, x, y, v1)


def _pair_text(x: int, y: int, v1: bool) -> str:
    """The mine (x, y) as a slug writes it (see encode_pairs): two digits, or `;A|B`
    when a coordinate needs more, its closing `;` left to what follows."""
    a, b = (y, x) if v1 else (x, y)  # version 1 writes (row, column)
    if a < 62 and b < 62:
        return BASE62_DIGITS[a] + BASE62_DIGITS[b]
    return f";{_BASE62_TEXT[a]}|{_BASE62_TEXT[b]}"


def _parts_with_mine(head: str, mines: Mines, x: int, y: int, v1: bool) -> SlugParts:
    """The slug parts of the field whose slug begins `head`, with the mine (x, y) added
    after `mines`, and no game: a long pair's opening `;` is the one it shares with a long
    pair before it, and its closing one, the last, is left out."""
    pair = _pair_text(x, y, v1)
    if mines and max(mines[-1]) >= 62 and pair[0] != ";":
        # The head's last pair is long, its closing ';' left out: a short pair needs it back.
        pair = ";" + pair
    return head + pair, "", "", 0, 0


def _parts_without_mine(head: str, x: int, y: int, v1: bool) -> SlugParts | None:
    """The slug parts of the field whose slug begins `head`, with its mine (x, y) taken out
    and no game; None for a short pair, whose place in a run of them no search finds.

    A long pair is `;A|B;` and the only text of its kind: it is cut out, and the `;` after
    it stays, but for two short pairs, which run on."""
    pair = _pair_text(x, y, v1)
    if pair[0] != ";":
        return None
    first = head.index("+") + 1  # the mines begin after `version=meta+`
    at = head.find(pair + ";", first)
    if at < 0:
        return (head[: -len(pair)], "", "", 0, 0) if head.endswith(pair) else None
    end = at + len(pair)  # the `;` after the pair
    # That `;` stays, to end a long pair before or to begin a long pair after; between
    # two short pairs, which run on with nothing between them, it goes too.
    before = head[max(head.rfind(";", first, at) + 1, first) : at]
    after_end = head.find(";", end + 1)
    after = head[end + 1 : after_end if after_end >= 0 else len(head)]
    if "|" not in before and "|" not in after:
        end += 1
    return head[:at] + head[end:], "", "", 0, 0


def share_url(board: Board) -> None:
    """The format has no web viewer of its own; the slug is what people share."""
    return None


def to_json(board: Board) -> dict[str, Any]:
    """The board JSON. The window saves it after every move, so the mine and event
    entries are made once per board and shared with the boards a game grows into (new
    objects on every move would cost a full garbage collection every few dozen moves):
    the lists are fresh, the entries in them are to be read, not changed."""
    mines_json, events_json = _json_parts(board)
    out = {
        "game": NAME,
        "version": board.version,
        "width": board.width,
        "height": board.height,
        "time_unit_ms": board.time_unit_ms,
        "mines": list(mines_json),
        "events": events_json[: len(board.events)],
    }
    if not board.unit_in_meta:
        # Only for the version-2 slugs that leave the unit out, so they re-encode unchanged.
        out["unit_in_meta"] = False
    if board.undealt:
        # A new game not yet opened (no slug holds this): kept so that the promise of a safe
        # first click outlives a restart of the window.
        out["undealt"] = True
    return out


# One event and one mine of the board JSON, written as `json.dumps` with the command
# line's separators writes them (a kind is a plain word that needs no escape), and with
# its own (`, ` and `: `), as the window's settings keep a board.
# (`%` formatting of a tuple: a fifth quicker than `str.format` over a million actions.)
_EVENT_JSON = '{"t":%d,"kind":"%s","x":%d,"y":%d}'
_MINE_JSON = "[%d,%d]"
_SPACED_EVENT_JSON = '{"t": %d, "kind": "%s", "x": %d, "y": %d}'
_SPACED_MINE_JSON = "[%d, %d]"
# Entries written at once: the format of a piece's entries (kept for the next piece) is
# 22 kB at this many, and a piece's format, values and text about 80 kB while it is
# written; 2048 took 90 kB a format and 310 kB a piece (three times the text of a game
# of 100,000 characters, on top of its JSON: benchmarks/long_paste_memory.py --window),
# in the same time (0.24 s for the largest game's).
_JSON_PIECE = 512


def json_pieces(board: Board, dump: Callable[[Any], str]) -> Iterator[str]:
    """The text of the board JSON that `dump(to_json(board))` gives, in pieces of a few
    thousand entries: a game of a million actions printed by `slugboard-codec decode` or
    saved by the window never holds a dict for each, and its text is never whole in
    memory here. `dump` is `json.dumps` with its own separators or with `,` and `:`."""
    bare = _trusted_board(
        board.width, board.height, (), (), board.version, board.time_unit_ms, board.unit_in_meta, board.undealt
    )
    text = dump(to_json(bare))
    spaced = '"mines": []' in text
    gap, comma = (" ", ", ") if spaced else ("", ",")
    mine_json, event_json = (_SPACED_MINE_JSON, _SPACED_EVENT_JSON) if spaced else (_MINE_JSON, _EVENT_JSON)
    mines_at = text.index(f'"mines":{gap}[]') + len(f'"mines":{gap}[')
    events_at = text.index(f'"events":{gap}[]', mines_at) + len(f'"events":{gap}[')
    yield text[:mines_at]
    mines = board.mines
    for start in range(0, len(mines), _JSON_PIECE):
        end = start + _JSON_PIECE
        yield (comma if start else "") + _entries(mine_json, (mines.x[start:end], mines.y[start:end]), comma)
    yield text[mines_at:events_at]
    events = board.events
    for start in range(0, len(events), _JSON_PIECE):
        end = start + _JSON_PIECE
        kinds = map(_KIND_OF, events.kinds[start:end])
        columns = (events.t[start:end], kinds, events.x[start:end], events.y[start:end])
        yield (comma if start else "") + _entries(event_json, columns, comma)
    yield text[events_at:]


def _entries(entry: str, columns: tuple[Any, ...], comma: str = ",") -> str:
    """The entries of `columns` (the first sized), each written as the format `entry`
    writes one, between `comma`s: by one `%` of a format of them all, which is a tenth
    quicker than one `%` an entry (benchmarks/tricks.py). The values go into their places
    by a slice assignment a column, where a tuple an entry would be made and taken apart."""
    count, fields = len(columns[0]), len(columns)
    values: list[object] = [None] * (count * fields)
    for i, column in enumerate(columns):
        values[i::fields] = column
    entries = _entries_format(entry, count, comma) if count == _JSON_PIECE else comma.join([entry] * count)
    return entries % tuple(values)


@lru_cache(maxsize=4)
def _entries_format(entry: str, count: int, comma: str) -> str:
    """`count` times `entry`, between `comma`s (kept for the pieces' one common length)."""
    return comma.join([entry] * count)


def _json_parts(board: Board) -> JsonParts:
    """The board JSON's mines and events, in lists whose first entries are this board's
    (a list of events is shared by the boards of a game as it grows, and holds those of
    the last one written): added to from what is remembered of the board it was made
    from, where there is that."""
    facts = remembered(board)
    written = facts.json
    if written is None:
        grown_from = facts.grown_from
        parent = grown_from() if grown_from is not None else None
        known = REMEMBERED.get(parent) if parent is not None else None
        written = known.json if known is not None else None
    n = len(board.events)
    if written is None:
        mines = _toggled_mines_json(board)
        if mines is None:
            mines = [[x, y] for x, y in board.mines]
        written = ((mines, []), 0)
    (mines_json, events_json), count = written
    if count < n:
        if len(events_json) != count:
            # The list holds a game that went on from here another way (a move, an undo,
            # another move): this one branches off with a list of its own.
            events_json = events_json[:count]
        events_json.extend([_event_json(e) for e in board.events[count:]])
    facts.json = ((mines_json, events_json), n)
    return mines_json, events_json


def _toggled_mines_json(board: Board) -> list[list[int]] | None:
    """The board JSON's mines of a field made from another by adding or taking away one
    mine (`Board.with_mine`), from that one's, if they are known."""
    found = _toggled_from(board)
    if found is None:
        return None
    parent, known, x, y = found
    if known.json is None:
        return None
    kept = known.json[0][0]
    if not parent.has_mine(x, y):
        return [*kept, [x, y]]
    at = parent.mines.index((x, y))
    return kept[:at] + kept[at + 1 :]


def _event_json(e: Event) -> dict[str, Any]:
    return {"t": e.t, "kind": e.kind, "x": e.x, "y": e.y}


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
    board = _unchecked_board(width, height, tuple(mines), tuple(events), version, unit, unit_in_meta, undealt)
    message = _board_error(board)
    if message:
        raise ValueRangeError(NAME, f"board JSON: {message}")
    return _trusted_board(width, height, board.mines, board.events, version, unit, unit_in_meta, undealt)

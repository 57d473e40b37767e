"""Minesweeper model: the game's constants, one recorded action (`Event`), the immutable
`Board` (size, mines, events, time unit) with its checks, and new and random boards.

Everything here works in (x, y) = (column, row); cell indexes are `y * width + x`.
"""

from __future__ import annotations

import random
import weakref
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, fields
from enum import Enum
from functools import partial
from itertools import repeat
from operator import add, attrgetter, eq, floordiv, mod, mul
from typing import TYPE_CHECKING, Any, NamedTuple, overload

from ..caches import Memo, MemoKey
from ..errors import shown
from . import HAS_LINK as HAS_LINK  # the game's declaration
from . import NAME as NAME
from . import TITLE as TITLE
from . import WEB_HOST as WEB_HOST

# The format has no web viewer: the slug itself is what people share.


class Kind(str, Enum):
    """What a problem of the game is about (`Problem.kind`), beside the kinds every game
    shares (`errors.ProblemKind`): the game's own, declared here and nowhere else."""

    FULL = "full"  # every cell is a mine
    EMPTY = "empty"  # no mines at all
    AFTER_END = "after-end"  # actions recorded after the game ended


VERSIONS = (1, 2)
V1_TIME_UNIT_MS = 50
MAX_CELLS = 1_000_000
MAX_TIME_UNIT_MS = 60_000
# A recorded game longer than a day is a corrupt slug, not a slow player.
MAX_TIME_MS = 24 * 3600 * 1000
OPEN, FLAG, UNFLAG, MARK = "open", "flag", "unflag", "mark"
KINDS = (OPEN, FLAG, UNFLAG, MARK)
# The classic sizes, for the editor and for new games.
LEVELS = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (30, 16, 99)}


CLOSED, OPENED, FLAGGED, MARKED = 0, 1, 2, 3
WON, LOST, UNFINISHED = "won", "lost", "unfinished"


class Event(NamedTuple):
    """One recorded action: `t` in the board's time units from the start of the game.

    A named tuple rather than a frozen dataclass: a long replay holds a million of them,
    and making them is most of the time to read one (benchmarks/tricks.py)."""

    t: int
    kind: str
    x: int
    y: int


# Builds an Event from a (t, kind, x, y) tuple without the Python-level constructor of a
# named tuple, which a long replay would call a million times (benchmarks/tricks.py).
_new_event = partial(tuple.__new__, Event)

# An action's kind as stored in `Events`: its place in KINDS.
KIND_CODE = {kind: code for code, kind in enumerate(KINDS)}
_KIND_OF = KINDS.__getitem__
# The array type codes of the columns: a time (at most a day in units of 1 ms, 86,400,000)
# and a coordinate (below 1,000,000) fit in 32 bits, a kind in 8.
_NUMBER, _CODE = "i", "B"


class Events(Sequence[Event]):
    """A game's actions, in order, as a sequence of `Event`s: kept in four columns (the
    times, the kinds as their place in KINDS, the x and the y), 13 bytes an action. A tuple
    of named tuples costs over 100 bytes an action, and a pasted game can have a million
    (benchmarks/long_paste_memory.py). An Event is made when one is asked for.

    Equal to any sequence of the same Events (a tuple of them, say), with the same hash.
    Immutable: adding to it (`events + (event,)`) makes another."""

    __slots__ = ("t", "kinds", "x", "y")
    t: array[int]
    kinds: array[int]
    x: array[int]
    y: array[int]

    def __init__(self, events: Iterable[Event] = ()) -> None:
        t, kinds, x, y = array(_NUMBER), array(_CODE), array(_NUMBER), array(_NUMBER)
        code = KIND_CODE.__getitem__
        for e in events:
            t.append(e.t)
            kinds.append(code(e.kind))
            x.append(e.x)
            y.append(e.y)
        self._set(t, kinds, x, y)

    @classmethod
    def of_columns(cls, t: array[int], kinds: array[int], x: array[int], y: array[int]) -> Events:
        """The actions in these columns, taken over (not copied): a reader that has
        checked every value makes them."""
        if not len(t) == len(kinds) == len(x) == len(y):
            raise ValueError("the columns of a game's actions differ in length")
        events = object.__new__(cls)
        events._set(t, kinds, x, y)
        return events

    def _set(self, t: array[int], kinds: array[int], x: array[int], y: array[int]) -> None:
        object.__setattr__(self, "t", t)
        object.__setattr__(self, "kinds", kinds)
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a game's actions cannot change")

    def __len__(self) -> int:
        return len(self.t)

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> Events: ...
    def __getitem__(self, index: int | slice) -> Event | Events:
        if isinstance(index, slice):
            return Events.of_columns(self.t[index], self.kinds[index], self.x[index], self.y[index])
        return _new_event((self.t[index], KINDS[self.kinds[index]], self.x[index], self.y[index]))

    def __iter__(self) -> Iterator[Event]:
        return map(_new_event, zip(self.t, map(_KIND_OF, self.kinds), self.x, self.y))

    def __reversed__(self) -> Iterator[Event]:
        return map(
            _new_event, zip(reversed(self.t), map(_KIND_OF, reversed(self.kinds)), reversed(self.x), reversed(self.y))
        )

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Events):
            return self.t == other.t and self.kinds == other.kinds and self.x == other.x and self.y == other.y
        if isinstance(other, tuple):
            return len(self) == len(other) and all(map(eq, self, other))
        return NotImplemented

    def __hash__(self) -> int:
        # As the tuple of the same Events hashes, which compares equal.
        return hash(tuple(self))

    def __add__(self, other: Iterable[Event]) -> Events:
        more = other if isinstance(other, Events) else Events(other)
        return Events.of_columns(self.t + more.t, self.kinds + more.kinds, self.x + more.x, self.y + more.y)

    def __radd__(self, other: Iterable[Event]) -> Events:
        return Events(other) + self

    def __repr__(self) -> str:
        return f"Events({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Events.of_columns, (self.t, self.kinds, self.x, self.y)


class Mines(Sequence[tuple[int, int]]):
    """A field's mines, in slug order, as a sequence of (x, y) pairs: kept in two columns,
    8 bytes a mine. A tuple of pairs costs some 64 bytes a mine, and the largest field can
    have a million (benchmarks/long_paste_memory.py). A pair is made when one is asked for.

    Equal to any tuple of the same pairs, with the same hash. Immutable: adding to it
    (`mines + ((x, y),)`) makes another."""

    __slots__ = ("x", "y")
    x: array[int]
    y: array[int]

    def __init__(self, pairs: Iterable[tuple[int, int]] = ()) -> None:
        x, y = array(_NUMBER), array(_NUMBER)
        for a, b in pairs:
            x.append(a)
            y.append(b)
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)

    @classmethod
    def of_columns(cls, x: array[int], y: array[int]) -> Mines:
        """The mines in these columns, taken over (not copied): a reader that has checked
        every value makes them."""
        if len(x) != len(y):
            raise ValueError("the columns of a field's mines differ in length")
        mines = object.__new__(cls)
        object.__setattr__(mines, "x", x)
        object.__setattr__(mines, "y", y)
        return mines

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a field's mines cannot change")

    def __len__(self) -> int:
        return len(self.x)

    @overload
    def __getitem__(self, index: int) -> tuple[int, int]: ...
    @overload
    def __getitem__(self, index: slice) -> Mines: ...
    def __getitem__(self, index: int | slice) -> tuple[int, int] | Mines:
        if isinstance(index, slice):
            return Mines.of_columns(self.x[index], self.y[index])
        return self.x[index], self.y[index]

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return zip(self.x, self.y)

    def __reversed__(self) -> Iterator[tuple[int, int]]:
        return zip(reversed(self.x), reversed(self.y))

    def __contains__(self, value: object) -> bool:
        try:
            self.index(value)
        except ValueError:
            return False
        return True

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        """The place of the pair `value` (the first from `start`, before `stop`): the x
        column searched at C speed, each place found there checked against y."""
        n = len(self)
        start, stop, _ = slice(start, stop).indices(n)
        if type(value) is tuple and len(value) == 2 and type(value[0]) is int and type(value[1]) is int:
            x, y = value
            at = start
            try:
                while at < stop:
                    at = self.x.index(x, at, stop)
                    if self.y[at] == y:
                        return at
                    at += 1
            except ValueError:
                pass
        else:  # anything that compares equal to a pair, as a tuple's index finds it
            for at in range(start, stop):
                if self[at] == value:
                    return at
        raise ValueError(f"{value!r} is not among the mines")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mines):
            return self.x == other.x and self.y == other.y
        if isinstance(other, tuple):
            return len(self) == len(other) and all(map(eq, self, other))
        return NotImplemented

    def __hash__(self) -> int:
        # As the tuple of the same pairs hashes, which compares equal.
        return hash(tuple(self))

    def __add__(self, other: Iterable[tuple[int, int]]) -> Mines:
        more = other if isinstance(other, Mines) else Mines(other)
        return Mines.of_columns(self.x + more.x, self.y + more.y)

    def __radd__(self, other: Iterable[tuple[int, int]]) -> Mines:
        return Mines(other) + self

    def __repr__(self) -> str:
        return f"Mines({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Mines.of_columns, (self.x, self.y)


def as_mines(mines: Iterable[tuple[int, int]]) -> Mines:
    """`mines` as `Mines` (the same object if it is already)."""
    return mines if type(mines) is Mines else Mines(mines)


def as_events(events: Iterable[Event]) -> Events:
    """`events` as `Events` (the same object if it is already)."""
    return events if type(events) is Events else Events(events)


_NO_MINES, _NO_EVENTS = Mines(), Events()


# The slug of a board's first events, in pieces (see slug.encode): `version=meta+mines`,
# the clicks, the flags, and the last time in each of the two sections.
SlugParts = tuple[str, str, str, int, int]
# The board JSON's mines and its events, the lists shared by the boards of a game as it
# grows (see slug.to_json).
JsonParts = tuple[list[list[int]], list[dict[str, Any]]]


class Remembered:
    """What is remembered about one board, for speed (in `REMEMBERED`); each fact is None
    until it is known. Each is set in one step, so a reader on another thread sees it
    whole or not at all.

    `slug` and `json` hold what was written of the board's game, and how many of its
    events that covers: a board one event longer shares them, and its writer adds the
    new event's record. `grown_from` is the board this one is one event longer than,
    `toggled_from` the board this one has one mine more or less than, and where.
    `records` holds the clicks' and the flags' sections of the slug the board was read
    from, when they are written as its slug writes them, with the last time in each: its
    slug is written with them, not written again."""

    __slots__ = ("mine_set", "mine_cells", "slug", "json", "grown_from", "toggled_from", "records")

    def __init__(self) -> None:
        self.mine_set: frozenset[tuple[int, int]] | None = None
        self.mine_cells: bytes | None = None
        self.slug: tuple[SlugParts, int] | None = None
        self.records: tuple[str, str, int, int] | None = None
        self.json: tuple[JsonParts, int] | None = None
        self.grown_from: weakref.ref[Board] | None = None
        self.toggled_from: tuple[weakref.ref[Board], int, int] | None = None


# What the minesweeper codec remembers about the boards it was last asked about. A game
# being played makes a board per move, each of which the window writes as a slug and as
# board JSON; a field edited in Edit mode one per mine. On a large field, a slug, a JSON
# or a set of mines made whole each time would be most of the time a move or an edit takes
# (benchmarks/minesweeper_play.py); from the last board's, it is a step.
REMEMBERED: Memo[Board, Remembered] = Memo("minesweeper boards", 64)


def remembered(board: Board) -> Remembered:
    """What is remembered about `board`, made empty if nothing is."""
    return REMEMBERED.setdefault(board, Remembered)


@dataclass(frozen=True, slots=True)
class Board(MemoKey):
    """A game: the field (size and mines, in slug order) and the merged timeline of events.

    Events are sorted by time; at equal times flag actions come before opens, which is
    the order a reader rebuilds from the two separate sections of a slug. Early version-2
    writers left the unit out of the meta (meaning 50 ms); such a slug keeps that absence
    (`unit_in_meta` false) so it re-encodes to the same text. Always true in version 1.

    `undealt` marks a new game's field before its first open: its mines are a stand-in,
    and the first open deals the field anew around the cell opened (the promise that a
    first click never hits a mine). It is play state, not in the slug: it goes with the
    board through undo and into the board JSON the window saves, and it is compared, as a
    first click on such a field does something else than on the same field dealt.

    `mines` may be given as any sequence of (x, y) pairs and `events` as any iterable of
    Events: both are checked as given, then kept in columns (`Mines`, `Events`).
    """

    width: int = 9
    height: int = 9
    mines: Mines = _NO_MINES
    events: Events = _NO_EVENTS
    version: int = 1
    time_unit_ms: int = V1_TIME_UNIT_MS
    unit_in_meta: bool = True
    undealt: bool = False

    if TYPE_CHECKING:
        # What the generated __init__ takes, for the type checker: the fields as given,
        # before __post_init__ keeps them in columns.
        def __init__(
            self,
            width: int = 9,
            height: int = 9,
            mines: Sequence[tuple[int, int]] = (),
            events: Iterable[Event] = (),
            version: int = 1,
            time_unit_ms: int = V1_TIME_UNIT_MS,
            unit_in_meta: bool = True,
            undealt: bool = False,
        ) -> None: ...

    def __post_init__(self) -> None:
        events: Iterable[Event] = self.events
        if not isinstance(events, (Events, tuple)):
            object.__setattr__(self, "events", tuple(events))
        message = _board_error(self)
        if message:
            raise ValueError(message)
        # Checked as given, then kept in columns (which hold only values that pass).
        object.__setattr__(self, "events", as_events(self.events))
        object.__setattr__(self, "mines", as_mines(self.mines))

    @property
    def cells(self) -> int:
        return self.width * self.height

    @property
    def mine_set(self) -> frozenset[tuple[int, int]]:
        facts = remembered(self)
        if facts.mine_set is None:
            facts.mine_set = frozenset(self.mines)
        return facts.mine_set

    def _mine_cells(self) -> bytes:
        """One byte per cell, row by row, 1 on a mine: a board edited from this one has
        this with one byte changed, where a set of its mines would be made anew."""
        facts = remembered(self)
        if facts.mine_cells is None:
            cells, w = bytearray(self.width * self.height), self.width
            for x, y in self.mines:
                cells[y * w + x] = 1
            facts.mine_cells = bytes(cells)
        return facts.mine_cells

    def _on_board(self, x: int, y: int) -> bool:
        return type(x) is int and type(y) is int and 0 <= x < self.width and 0 <= y < self.height

    def has_mine(self, x: int, y: int) -> bool:
        return self._on_board(x, y) and self._mine_cells()[y * self.width + x] == 1

    def with_mine(self, x: int, y: int, present: bool) -> Board:
        """The field with a mine added or removed; a recorded game no longer fits it, so
        the events go."""
        if present == self.has_mine(x, y):
            return self
        if not self._on_board(x, y):
            raise ValueError(f"mine ({x}, {y}) is off the {self.width}x{self.height} board")
        at = len(self.mines) if present else self.mines.index((x, y))
        mines = self.mines + ((x, y),) if present else self.mines[:at] + self.mines[at + 1 :]
        # The rest of the board was checked when it was made, and one mine in or out of
        # the field keeps it valid: a large field is not checked again at every edit.
        board = _trusted_board(self.width, self.height, mines, (), self.version, self.time_unit_ms, self.unit_in_meta)
        cell = y * self.width + x
        known = self._mine_cells()
        facts = remembered(board)
        facts.mine_cells = known[:cell] + (b"\1" if present else b"\0") + known[cell + 1 :]
        # The field's numbers and openings, its slug and its board JSON are worked out
        # from this board's, where they are known (stats.field_of, slug.encode, to_json).
        facts.toggled_from = (weakref.ref(self), x, y)
        return board

    def toggled_mine(self, x: int, y: int) -> Board:
        return self.with_mine(x, y, not self.has_mine(x, y))

    def resized(self, width: int, height: int) -> Board:
        """Another size; mines that fall off are dropped, and so is the recorded game."""
        mines = tuple((x, y) for x, y in self.mines if x < width and y < height)
        return self.with_field(width, height, mines)

    def with_field(
        self,
        width: int,
        height: int,
        mines: Sequence[tuple[int, int]],
        events: Iterable[Event] = (),
        *,
        undealt: bool = False,
    ) -> Board:
        """Another field (and game) written the same way: same version and time unit. A
        field made or edited by hand is final; `undealt` makes it a new game's stand-in."""
        return Board(width, height, mines, events, self.version, self.time_unit_ms, self.unit_in_meta, undealt)

    def without_events(self) -> Board:
        """The same field before its game; a new game restarted before its first open is
        still to be dealt."""
        if not self.events:
            return self
        return self.with_field(self.width, self.height, self.mines, undealt=self.undealt)

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
            # An open on this field makes it final: the game was played on these mines.
            self.undealt and event.kind != OPEN,
        )
        mine = REMEMBERED.get(self)
        facts = remembered(board)
        if mine is not None:
            # The same field, and the same first events: what was written of them holds.
            facts.mine_set, facts.mine_cells = mine.mine_set, mine.mine_cells
            facts.slug, facts.json = mine.slug, mine.json
        # Proof for the replay that this game is the parent's plus one event.
        facts.grown_from = weakref.ref(self)
        return board

    def extends(self, old: Board) -> bool:
        """Whether this game is `old`'s with none or more actions at its end: the same
        field and time unit, and `old`'s actions the first of this one's."""
        n = len(old.events)
        if (
            len(self.events) < n
            or self.width != old.width
            or self.height != old.height
            or self.time_unit_ms != old.time_unit_ms
            or not (self.mines is old.mines or self.mines == old.mines)
        ):
            return False
        if not n or self.events is old.events:
            return True
        # A game being played: each move's board is made by the last one's `with_event`.
        step: Board | None = self
        while step is not None and len(step.events) > n:
            facts = REMEMBERED.get(step)
            grown = facts.grown_from if facts is not None else None
            step = grown() if grown is not None else None
        if step is old:
            return True
        # The last action first: a game that differs mostly differs there already.
        return self.events[n - 1] == old.events[-1] and self.events[:n] == old.events

    def with_version(self, version: int, time_unit_ms: int | None = None) -> Board:
        unit = V1_TIME_UNIT_MS if version == 1 else (time_unit_ms or self.time_unit_ms)
        events: Sequence[Event] = self.events
        if unit != self.time_unit_ms:
            events = _rescale(events, self.time_unit_ms, unit)
        if version == 1:
            events = tuple(e for e in events if e.kind != MARK)
        if version == self.version and unit == self.time_unit_ms:
            return self
        return Board(self.width, self.height, self.mines, events, version, unit, undealt=self.undealt)


def _rescale(events: Iterable[Event], old: int, new: int) -> tuple[Event, ...]:
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
        return f"unknown version {shown(b.version)}"
    if type(b.unit_in_meta) is not bool:
        return "unit_in_meta must be True or False"
    if type(b.undealt) is not bool:
        return "undealt must be True or False"
    if not b.unit_in_meta and (b.version == 1 or b.time_unit_ms != V1_TIME_UNIT_MS):
        return f"only a version-2 game in {V1_TIME_UNIT_MS} ms units can leave its unit out"
    if b.width < 1 or b.height < 1:
        return f"the board must be at least 1x1, not {shown(b.width)}x{shown(b.height)}"
    if b.width * b.height > MAX_CELLS:
        return f"a {shown(b.width)}x{shown(b.height)} board has more than {MAX_CELLS:,} cells"
    if b.version == 1 and b.time_unit_ms != V1_TIME_UNIT_MS:
        return f"version 1 counts time in {V1_TIME_UNIT_MS} ms units"
    if not 1 <= b.time_unit_ms <= MAX_TIME_UNIT_MS:
        return f"time unit {shown(b.time_unit_ms)} ms is outside 1-{MAX_TIME_UNIT_MS}"
    if len(b.mines) > b.width * b.height:
        return "more mines than cells"
    seen = set()
    for m in b.mines:
        if type(m) is not tuple or len(m) != 2 or type(m[0]) is not int or type(m[1]) is not int:
            return f"mine {shown(m)} is not an (x, y) pair"
        if not (0 <= m[0] < b.width and 0 <= m[1] < b.height):
            return f"mine ({shown(m[0])}, {shown(m[1])}) is off the {shown(b.width)}x{shown(b.height)} board"
        if m in seen:
            return f"mine ({shown(m[0])}, {shown(m[1])}) is listed twice"
        seen.add(m)
    last = None
    for e in b.events:
        message = _event_error(b, e, last)
        if message:
            return message
        if b.undealt and e.kind == OPEN:
            return "a new game still to be dealt cannot have opened cells"
        last = e
    return None


def _event_error(b: Board, e: Event, last: Event | None) -> str | None:
    """What is wrong with event `e` of board `b`, following `last`, or None."""
    if type(e) is not Event or e.kind not in KINDS:
        return f"{shown(e)} is not an event"
    if type(e.t) is not int or type(e.x) is not int or type(e.y) is not int:
        return "event fields must be integers"
    if e.kind == MARK and b.version == 1:
        return "version 1 has no question marks"
    if not (0 <= e.x < b.width and 0 <= e.y < b.height):
        return f"{e.kind} at ({shown(e.x)}, {shown(e.y)}) is off the board"
    max_t = MAX_TIME_MS // b.time_unit_ms
    if not 0 <= e.t <= max_t:
        return f"event time {shown(e.t)} is outside 0-{max_t} units"
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
    mines: Sequence[tuple[int, int]],
    events: Iterable[Event],
    version: int,
    unit: int,
    unit_in_meta: bool = True,
    undealt: bool = False,
) -> Board:
    """A board from values the reader has already checked (validating a long game again
    would double the decoding time)."""
    return _unchecked_board(width, height, as_mines(mines), as_events(events), version, unit, unit_in_meta, undealt)


def _unchecked_board(
    width: int,
    height: int,
    mines: Sequence[tuple[int, int]],
    events: Sequence[Event],
    version: int,
    unit: int,
    unit_in_meta: bool = True,
    undealt: bool = False,
) -> Board:
    """A board to check (`_board_error`) before anything else is done with it: its events
    as given, which `Events` may not be able to hold."""
    board = object.__new__(Board)
    for name, value in zip(_FIELDS, (width, height, mines, events, version, unit, unit_in_meta, undealt)):
        object.__setattr__(board, name, value)
    return board


_FIELDS = tuple(f.name for f in fields(Board))


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
    placed = Mines.of_columns(
        array(_NUMBER, map(floordiv, order, repeat(height))), array(_NUMBER, map(mod, order, repeat(height)))
    )
    if version not in VERSIONS:
        raise ValueError(f"unknown version {version}")
    return _trusted_board(width, height, placed, (), version, V1_TIME_UNIT_MS)

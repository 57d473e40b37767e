"""Clicks as the community counts them, from the mouse events of a replay file.

A slug keeps only what changed the board; a replay file keeps every press, release and
move. Left, right and double clicks, which of them were effective (changed the board),
flags placed and the mouse path are counted here from the file's events by ms-toollib's
own rules (the library behind Metasweeper, its `MinesweeperBoard.step`), so that the
figures agree with what players see there:

* a left click counts at its release, when no other button is down;
* a right click counts at its press (that is when a flag goes on or off), and so does a
  flag the file says was placed before the game began (`pf`);
* a double click (a chord: both buttons down) counts at the first release that ends
  it, and the other button's release after it counts nothing; a right press on an open
  cell that becomes a chord is then no right click. The middle button's release is a
  double click of its own, whatever the other buttons are doing;
* before the game starts (its first left release on a closed cell), nothing counts until
  a button is pressed on the field; then a left release on a flag or off the field is a
  left click, and taking off the last flag starts the count again from nothing;
* after the game ends, nothing counts;
* a left or double click is effective when it opened a cell (a chord when its flags
  matched its number and a cell around it was closed); a right click when it put the
  first flag on a mine (a flag on a safe cell, or one taken off and put back, is not);
* flags are the flags on the board (a flag taken off counts down);
* the path is the pointer's travel from the first left release (the start of the game's
  clock) to the end, in cells.
"""

from __future__ import annotations

import math
import threading
from array import array
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from ..work import NEVER, Cancel
from .model import Board
from .stats import Field, field_of

LEFT_CLICK, RIGHT_CLICK, CHORD_CLICK = "left", "right", "chord"


class Pointer(Protocol):
    """One mouse event: `t_ms` from the start, position in cells, and the file's kind
    (`mv`, `lc`/`lr`, `rc`/`rr`, `mc`/`mr`)."""

    @property
    def t_ms(self) -> float: ...
    @property
    def kind(self) -> str: ...
    @property
    def x(self) -> float: ...
    @property
    def y(self) -> float: ...


@dataclass(frozen=True, slots=True)
class ClickCounts:
    """The click figures after some mouse events (path in cells)."""

    left: int = 0
    right: int = 0
    double: int = 0
    left_effective: int = 0
    right_effective: int = 0
    double_effective: int = 0
    flags: int = 0
    path: float = 0.0

    @property
    def clicks(self) -> int:
        return self.left + self.right + self.double

    @property
    def effective(self) -> int:
        return self.left_effective + self.right_effective + self.double_effective


# Button states, as ms-toollib names them: which of left and right is down, whether the
# right press was on an open cell or off the field (no flag to toggle), and the left
# button still down after a chord's right release.
_UP_UP, _UP_DOWN, _UP_DOWN_NOT_FLAG, _DOWN_UP, _CHORDING, _CHORDING_NOT_FLAG, _AFTER_CHORD = range(7)
_CLOSED, _OPENED, _FLAGGED = 0, 1, 2
# The game's states, as ms-toollib's: before any press on the field; flags being placed
# (or the left button down on the field) before the first open; playing; won or lost.
_READY, _PRE_FLAGGING, _PLAYING, _OVER = range(4)


class _Game:
    """The board as the mouse changes it: opens, flags and chords on a known field."""

    def __init__(self, fld: Field):
        self.field = fld
        self.cells = bytearray(fld.width * fld.height)
        # The mines that have had a flag (only a mine's first flag is an effective click):
        # a byte per cell rather than a set, so that a copy costs the same at any moment.
        self.flagged_once = bytearray(len(self.cells))
        self.safe_left = fld.safe_total
        self.state = _READY
        # The flags on the field before the game started, and the mines flagged then
        # (unmarked in `flagged_once` when the count starts again, without a look at
        # every cell: a hostile link may place and take off a flag a million times).
        self.pre_flags = 0
        self.flagged_before: list[int] = []

    def copy(self) -> _Game:
        other = object.__new__(_Game)
        other.field = self.field
        other.cells = bytearray(self.cells)
        other.flagged_once = bytearray(self.flagged_once)
        other.safe_left = self.safe_left
        other.state = self.state
        other.pre_flags = self.pre_flags
        other.flagged_before = list(self.flagged_before)
        return other

    def cell(self, x: float, y: float) -> int | None:
        fld = self.field
        cx, cy = math.floor(x), math.floor(y)
        if 0 <= cx < fld.width and 0 <= cy < fld.height:
            return cy * fld.width + cx
        return None

    def open(self, c: int) -> bool:
        cells, numbers, fld = self.cells, self.field.numbers, self.field
        if cells[c] != _CLOSED:
            return False
        cells[c] = _OPENED
        if numbers[c] == 9:
            # The click that hits a mine ends the game but is not effective (ms-toollib).
            self.state = _OVER
            return False
        self.state = _PLAYING
        self.safe_left -= 1
        stack = [c] if numbers[c] == 0 else []
        while stack:
            z = stack.pop()
            for nb in fld.neighbours(z):
                if cells[nb] == _CLOSED:
                    cells[nb] = _OPENED
                    self.safe_left -= 1
                    if numbers[nb] == 0:
                        stack.append(nb)
        if self.safe_left == 0:
            self.state = _OVER
        return True

    def chord(self, c: int) -> bool:
        """Open the closed cells around open cell `c` when its flags match its number
        (an open 0 too, next to a cell whose flag was taken off): effective, as ms-toollib
        counts it, when there was a closed cell to open, even a mine that ends the game."""
        cells, numbers = self.cells, self.field.numbers
        if cells[c] != _OPENED:
            return False
        around = list(self.field.neighbours(c))
        if sum(cells[nb] == _FLAGGED for nb in around) != numbers[c]:
            return False
        closed = [nb for nb in around if cells[nb] == _CLOSED]
        for nb in closed:
            if self.state == _OVER:
                break
            self.open(nb)
        return bool(closed)

    def toggle_flag(self, c: int) -> int:
        """+1 a flag placed, -1 one taken, 0 nothing (an open cell)."""
        state = self.cells[c]
        if state == _CLOSED:
            self.cells[c] = _FLAGGED
            return 1
        if state == _FLAGGED:
            self.cells[c] = _CLOSED
            return -1
        return 0


# The seven counts of ClickCounts, as places in the tuples that count them.
_LEFT, _RIGHT, _DOUBLE, _LEFT_EFFECTIVE, _RIGHT_EFFECTIVE, _DOUBLE_EFFECTIVE, _FLAGS = range(7)
# The counts that start again from nothing when the last flag placed before the game is
# taken off (ms-toollib keeps the effective ones).
_RESTARTED = (_LEFT, _RIGHT, _DOUBLE, _FLAGS)
_EFFECTIVE = (_LEFT_EFFECTIVE, _RIGHT_EFFECTIVE, _DOUBLE_EFFECTIVE)
_ALL = _RESTARTED + _EFFECTIVE


def _change(*counts: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    return counts


# What one mouse event can do to the seven counts, each given a code of one byte: a count
# keeps the code of every event (see ClickTimeline). A right press on an open cell that
# becomes a chord counted a right click, which the chord's release takes back (even when
# released off the field, where it is no chord). _RESTART sets the counts of _RESTARTED to
# nothing, and is the only change whose place among the others matters (`_counted`).
(
    _NO_CHANGE,
    _LEFT_CLICK,
    _LEFT_OPENED,
    _RIGHT_CLICK,
    _FLAG_PLACED,
    _FIRST_FLAG_ON_MINE,
    _FLAG_TAKEN,
    _CHORD,
    _CHORD_OPENED,
    _CHORD_NOT_RIGHT,
    _CHORD_NOT_RIGHT_OPENED,
    _NOT_RIGHT,
    _RESTART,
) = range(13)
_CHANGES = (
    _change(),
    _change((_LEFT, 1)),
    _change((_LEFT, 1), (_LEFT_EFFECTIVE, 1)),
    _change((_RIGHT, 1)),
    _change((_RIGHT, 1), (_FLAGS, 1)),
    _change((_RIGHT, 1), (_FLAGS, 1), (_RIGHT_EFFECTIVE, 1)),
    _change((_RIGHT, 1), (_FLAGS, -1)),
    _change((_DOUBLE, 1)),
    _change((_DOUBLE, 1), (_DOUBLE_EFFECTIVE, 1)),
    _change((_RIGHT, -1), (_DOUBLE, 1)),
    _change((_RIGHT, -1), (_DOUBLE, 1), (_DOUBLE_EFFECTIVE, 1)),
    _change((_RIGHT, -1)),
    _change(),
)
# The buttons' state after a left press, and after Metasweeper's `cc` (the press that
# makes a chord, whichever button it was); a state not listed stays as it was.
_LEFT_PRESSED = {_UP_UP: _DOWN_UP, _UP_DOWN: _CHORDING, _UP_DOWN_NOT_FLAG: _CHORDING_NOT_FLAG}
_CHORD_PRESSED = {
    _UP_UP: _CHORDING,
    _DOWN_UP: _CHORDING,
    _AFTER_CHORD: _CHORDING,
    _UP_DOWN: _CHORDING,
    _UP_DOWN_NOT_FLAG: _CHORDING_NOT_FLAG,
}
# The clicks' kinds, as a byte each in the column of the clicks' kinds.
_CLICK_KINDS = (LEFT_CLICK, RIGHT_CLICK, CHORD_CLICK)
_LEFT_KIND, _RIGHT_KIND, _CHORD_KIND = range(3)
# A time in a column of whole milliseconds (4 bytes each) is within these: 24 days.
_MS_LIMIT = 2**31 - 1


class _Clicks:
    """The clicks counted, (t, x, y, kind), in columns: 25 bytes a click, where a tuple
    each would cost about 150 (a long game has hundreds of thousands). Without `placed`,
    only their kinds (a byte a click): what counting them needs, where only a drawing of
    the mouse path asks where and when each was. Those before `start` were counted before
    the count started again (`_RESTART`): kept, so that a timeline that shares these
    columns still has its own, but no longer shown."""

    __slots__ = ("t", "x", "y", "kinds", "placed", "start")

    def __init__(self, placed: bool = True) -> None:
        self.t, self.x, self.y = array("d"), array("d"), array("d")
        self.kinds = bytearray()
        self.placed = placed
        self.start = 0

    def add(self, ev: Pointer, kind: int) -> None:
        if self.placed:
            self.t.append(ev.t_ms)
            self.x.append(ev.x)
            self.y.append(ev.y)
        self.kinds.append(kind)

    def take_back_right(self) -> None:
        """Forget the last right click (one whose press began a chord)."""
        i = self.kinds.rfind(_RIGHT_KIND, self.start)
        if i >= 0:
            for column in (self.t, self.x, self.y, self.kinds) if self.placed else (self.kinds,):
                del column[i]

    def __len__(self) -> int:
        return len(self.kinds)

    def first(self, count: int) -> _Clicks:
        """A copy of the first `count` clicks."""
        other = _Clicks(self.placed)
        other.t, other.x, other.y = self.t[:count], self.x[:count], self.y[:count]
        other.kinds = self.kinds[:count]
        other.start = min(self.start, count)
        return other

    def listed(self, start: int, count: int) -> list[tuple[float, float, float, str]]:
        """Clicks `start` to `count` as (t, x, y, kind) (placed clicks only)."""
        if not self.placed:
            raise ValueError("these clicks were counted without their places")
        kinds = map(_CLICK_KINDS.__getitem__, self.kinds[start:count])
        return list(zip(self.t[start:count], self.x[start:count], self.y[start:count], kinds))


def _left_click(game: _Game, c: int | None, ev: Pointer, clicks: _Clicks) -> int:
    """A left click (a release), on cell `c` or off the field (None)."""
    clicks.add(ev, _LEFT_KIND)
    return _LEFT_OPENED if c is not None and game.open(c) else _LEFT_CLICK


def _right_click(game: _Game, c: int | None, ev: Pointer, clicks: _Clicks) -> int:
    """A right click (a press): a flag toggled on a cell not open."""
    clicks.add(ev, _RIGHT_KIND)
    change = game.toggle_flag(c) if c is not None else 0
    if change < 0:
        return _FLAG_TAKEN
    if change == 0:
        return _RIGHT_CLICK
    # Only a mine's first flag is effective: a flag on a safe cell, or one taken off and
    # put back, is nothing the game needed.
    if c is not None and game.field.mine[c] and not game.flagged_once[c]:
        game.flagged_once[c] = 1
        if game.state == _PRE_FLAGGING:
            game.flagged_before.append(c)
        return _FIRST_FLAG_ON_MINE
    return _FLAG_PLACED


def _chord_release(game: _Game, c: int | None, ev: Pointer, clicks: _Clicks, not_right: bool) -> int:
    """The first release of a chord: a double click on the field (none off it), and no
    right click for a right press on an open cell that began it (`not_right`)."""
    if not_right:
        clicks.take_back_right()
    if c is None:
        return _NOT_RIGHT if not_right else _NO_CHANGE
    clicks.add(ev, _CHORD_KIND)
    opened = game.chord(c)
    if not_right:
        return _CHORD_NOT_RIGHT_OPENED if opened else _CHORD_NOT_RIGHT
    return _CHORD_OPENED if opened else _CHORD


def _restart(game: _Game, clicks: _Clicks) -> int:
    """The last flag placed before the game taken off: the count starts again."""
    game.state = _READY
    for c in game.flagged_before:
        game.flagged_once[c] = 0
    game.flagged_before.clear()
    clicks.start = len(clicks)
    return _RESTART


def _pre_flag(game: _Game, c: int | None, ev: Pointer, clicks: _Clicks) -> int:
    """A flag the file says was placed before the game (`pf`): a right click."""
    if c is None:  # no file places one off the field
        return _NO_CHANGE
    game.pre_flags += 1
    game.state = _PRE_FLAGGING
    return _right_click(game, c, ev, clicks)


def _step_ready(
    game: _Game, state: int, kind: str, c: int | None, ev: Pointer, clicks: _Clicks
) -> tuple[int, int] | None:
    """An event before any press on the field: the buttons' state after it, and what it
    did to the counts (`_CHANGES`); None for one that ms-toollib counts as during the
    game (a button state it does not expect here). Only a flag counts; a press on the
    field begins the pre-flagging."""
    if kind == "lc":
        if state == _UP_UP and c is not None:
            game.state = _PRE_FLAGGING
        return _LEFT_PRESSED.get(state, state), _NO_CHANGE
    if kind == "rc":
        if state == _UP_UP:
            if c is None:
                return _UP_DOWN, _NO_CHANGE
            game.state, game.pre_flags = _PRE_FLAGGING, 1
            return _UP_DOWN, _right_click(game, c, ev, clicks)
        return (_CHORDING, _NO_CHANGE) if state == _AFTER_CHORD else None
    if kind == "lr":
        if state in (_CHORDING, _CHORDING_NOT_FLAG):
            return _UP_DOWN, _NO_CHANGE
        return (_UP_UP, _NO_CHANGE) if state in (_AFTER_CHORD, _DOWN_UP, _UP_UP) else None
    if kind == "rr":
        after = {_UP_DOWN: _UP_UP, _CHORDING: _AFTER_CHORD, _UP_UP: _UP_UP}.get(state)
        return None if after is None else (after, _NO_CHANGE)
    if kind == "cc":
        return _CHORD_PRESSED.get(state, state), _NO_CHANGE
    if kind == "pf":
        return state, _pre_flag(game, c, ev, clicks)
    return state, _NO_CHANGE


def _step_pre_flagging(
    game: _Game, state: int, kind: str, c: int | None, ev: Pointer, clicks: _Clicks
) -> tuple[int, int] | None:
    """An event between the first press on the field and the first open, as `_step_ready`
    says; None for one that counts as during the game."""
    if kind == "lr" and state == _DOWN_UP:
        if c is None:
            if not game.pre_flags:
                return _UP_UP, _restart(game, clicks)
            clicks.add(ev, _LEFT_KIND)
            return _UP_UP, _LEFT_CLICK
        if game.cells[c] == _CLOSED:  # the game starts
            return _UP_UP, _left_click(game, c, ev, clicks)
        # On a flag: a left click, and ms-toollib leaves the buttons as they were.
        clicks.add(ev, _LEFT_KIND)
        return _DOWN_UP, _LEFT_CLICK
    if kind == "rc":
        if state == _UP_UP:
            if c is None:
                clicks.add(ev, _RIGHT_KIND)
                return _UP_DOWN_NOT_FLAG, _RIGHT_CLICK
            if game.cells[c] == _CLOSED:
                game.pre_flags += 1
            else:
                game.pre_flags -= 1
                if not game.pre_flags:
                    game.cells[c] = _CLOSED
                    return _UP_DOWN, _restart(game, clicks)
            return _UP_DOWN, _right_click(game, c, ev, clicks)
        if state == _DOWN_UP and c is not None and not game.pre_flags:
            game.state = _READY
        return (_CHORDING if state in (_DOWN_UP, _AFTER_CHORD) else state), _NO_CHANGE
    if kind == "cc":
        if state == _DOWN_UP and c is not None and not game.pre_flags:
            game.state = _READY
        return _CHORD_PRESSED.get(state, state), _NO_CHANGE
    if kind == "pf":
        return state, _pre_flag(game, c, ev, clicks)
    return None


def _step_playing(game: _Game, state: int, kind: str, c: int | None, ev: Pointer, clicks: _Clicks) -> tuple[int, int]:
    """An event during the game, as `_step_ready` says. A button pressed or released
    where ms-toollib's buttons cannot be (a press while it is down) leaves them as
    they were."""
    if kind == "lc":
        return _LEFT_PRESSED.get(state, state), _NO_CHANGE
    if kind == "lr":
        if state == _DOWN_UP:
            return _UP_UP, _left_click(game, c, ev, clicks)
        if state in (_CHORDING, _CHORDING_NOT_FLAG):
            return _UP_DOWN, _chord_release(game, c, ev, clicks, state == _CHORDING_NOT_FLAG)
        return (_UP_UP if state == _AFTER_CHORD else state), _NO_CHANGE
    if kind == "rc":
        if state == _UP_UP:
            not_flag = c is None or game.cells[c] == _OPENED
            return (_UP_DOWN_NOT_FLAG if not_flag else _UP_DOWN), _right_click(game, c, ev, clicks)
        return (_CHORDING if state in (_DOWN_UP, _AFTER_CHORD) else state), _NO_CHANGE
    if kind == "rr":
        if state in (_UP_DOWN, _UP_DOWN_NOT_FLAG):
            return _UP_UP, _NO_CHANGE
        if state in (_CHORDING, _CHORDING_NOT_FLAG):
            return _AFTER_CHORD, _chord_release(game, c, ev, clicks, state == _CHORDING_NOT_FLAG)
        return state, _NO_CHANGE
    if kind == "mr":
        # The middle button chords on its own, whatever the others are doing (ms-toollib
        # fails on one released off the field: a double click that opens nothing here).
        clicks.add(ev, _CHORD_KIND)
        return state, _CHORD_OPENED if c is not None and game.chord(c) else _CHORD
    if kind == "cc":
        return _CHORD_PRESSED.get(state, state), _NO_CHANGE
    return state, _NO_CHANGE


def _step(game: _Game, state: int, ev: Pointer, clicks: _Clicks) -> tuple[int, int]:
    """One mouse event other than a move, before the game ends, by ms-toollib's
    `MinesweeperBoard.step`: the buttons' state after it, and what it did to the counts
    (`_CHANGES`). (`ClickTimeline._count` calls `_step_playing` itself during the game.)"""
    kind = ev.kind
    c = game.cell(ev.x, ev.y)
    if game.state == _PLAYING:
        return _step_playing(game, state, kind, c, ev, clicks)
    before = _step_ready if game.state == _READY else _step_pre_flagging
    done = before(game, state, kind, c, ev, clicks)
    return done if done is not None else _step_playing(game, state, kind, c, ev, clicks)


def _counted(counts: Sequence[int], codes: bytearray) -> list[int]:
    """`counts` after the events whose codes (`_CHANGES`) are `codes`."""
    counted = list(counts)
    restart = codes.rfind(_RESTART)
    if restart < 0:
        _add(counted, codes, _ALL)
    else:
        # The effective clicks of every event; the others from nothing after the last restart.
        _add(counted, codes, _EFFECTIVE)
        for place in _RESTARTED:
            counted[place] = 0
        _add(counted, codes[restart + 1 :], _RESTARTED)
    return counted


def _add(counted: list[int], codes: bytearray, places: tuple[int, ...]) -> None:
    """Add to `counted` what `codes` did to the counts at `places`."""
    for code, times in Counter(codes).items():
        for place, by in _CHANGES[code]:
            if place in places:
                counted[place] += by * times


def _whole_ms(t: float) -> int:
    """The millisecond `t` fell in, for the column of times (a damaged file's time beyond
    24 days, or no number at all, stands at the column's end)."""
    try:
        return max(-_MS_LIMIT, min(_MS_LIMIT, math.floor(t)))
    except (OverflowError, ValueError):
        return -_MS_LIMIT if t < 0 else _MS_LIMIT


@dataclass(frozen=True, slots=True)
class _End:
    """Where a count stopped: the game as the mouse left it, the buttons' state, the
    seven counts, the path, the pointer's last position since the clock started, and
    the first click shown (`_Clicks.start`)."""

    game: _Game
    buttons: int
    counts: tuple[int, int, int, int, int, int, int]
    path: float
    last: tuple[float, float] | None
    clicks_start: int = 0


# Guards the hand-over of a line's arrays from one timeline to the one continued from it
# (two threads may continue the same timeline).
_HANDOVER = threading.Lock()


class ClickTimeline:
    """The click figures after every mouse event of a file, for seeking.

    `at(time_ms)` gives the figures at a moment of the replay (every event at or before
    it counted).

    Kept in about 9 bytes a mouse event, with no object for each: a game of a million
    actions from a link has two million. For each event: the millisecond it fell in (4
    bytes: what `at` looks for), a byte that says what it did to the seven counts (one
    of `_CHANGES`), and the path since the start of its block of BLOCK events (4 bytes);
    at the start of each block, the counts and the path whole. `after` adds up the
    changes of at most a block's events to its start's counts. The clicks, which only a
    drawing of the mouse path asks for (`clicks`), are kept in columns (25 bytes a click);
    a timeline made with `placed=False` (a game's figures, which count them and no more)
    keeps only their kinds, a byte a click.

    A game being played grows by a few actions at a time: `continued(more)` counts only
    the mouse events `more` added at the end, from the state where this count stopped
    (kept in `_end`, two bytes a cell). The new timeline takes over the arrays of this one
    and appends to them (each timeline reads no further than its own length); a timeline
    continued a second time (another move after an undo) copies its part of them first.
    """

    # Mouse events between two looks at the cancel flag (a look costs a flag read).
    CHECK_EVERY = 4096
    # Mouse events in a block, whose start keeps the counts and the path whole.
    BLOCK = 256

    times: array[int]

    def __init__(self, board: Board, mouse: Sequence[Pointer], cancel: Cancel = NEVER, *, placed: bool = True):
        self.times = array("i")
        self._codes = bytearray()
        # The path since the start of the event's block, to a float's 7 digits.
        self._paths = array("f")
        # At the start of each block: its seven counts, then its path.
        self._bases = array("q")
        self._path_bases = array("d")
        self._clicks = _Clicks(placed)
        self._length = self._click_count = 0
        # The timeline that may append to these arrays, as [its token]: the newest of the line.
        self._token = object()
        self._line = [self._token]
        self._end = _End(_Game(field_of(board)), _UP_UP, (0, 0, 0, 0, 0, 0, 0), 0.0, None)
        self._count(mouse, cancel)

    @property
    def clicks(self) -> list[tuple[float, float, float, str]]:
        """The clicks counted, (t, x, y, kind), where they were counted: what a drawing of
        the mouse path marks, so the marks and the figures agree (ValueError for a
        timeline counted without `placed`)."""
        # A timeline continued from this one may have added more, or started again.
        return self._clicks.listed(self._end.clicks_start, self._click_count)

    def continued(self, more: Sequence[Pointer], cancel: Cancel = NEVER) -> ClickTimeline | None:
        """The timeline of this game's mouse events followed by `more`, counting only
        those; None when this count stopped with the right button down on an open cell
        (a chord across the two would take back a right click of this one), where only a
        count from the start is right. (From any other state, a click taken back is one
        the new events counted.)"""
        end = self._end
        if end.buttons in (_UP_DOWN_NOT_FLAG, _CHORDING_NOT_FLAG):
            return None
        new = object.__new__(ClickTimeline)
        new._token = object()
        n, clicks = self._length, self._click_count
        with _HANDOVER:
            mine = self._line[0] is self._token
            if mine:
                self._line[0] = new._token
        if mine:
            new.times, new._codes, new._paths = self.times, self._codes, self._paths
            new._bases, new._path_bases, new._clicks = self._bases, self._path_bases, self._clicks
            new._line = self._line
        else:
            blocks = -(-n // self.BLOCK)
            new.times, new._codes, new._paths = self.times[:n], self._codes[:n], self._paths[:n]
            new._bases, new._path_bases = self._bases[: 7 * blocks], self._path_bases[:blocks]
            new._clicks = self._clicks.first(clicks)
            new._line = [new._token]
        new._length, new._click_count = n, clicks
        new._end = replace(end, game=end.game.copy())
        new._count(more, cancel)
        return new

    def shares_arrays(self, other: ClickTimeline) -> bool:
        """Whether the two are moments of one count (one continued from the other, or both
        from a third), kept in the same arrays."""
        return self.times is other.times

    def _count(self, mouse: Sequence[Pointer], cancel: Cancel) -> None:
        """Count `mouse` on from `_end`, appending what each event did."""
        end = self._end
        game, state, path = end.game, end.buttons, end.path
        moved, (last_x, last_y) = end.last is not None, end.last or (0.0, 0.0)
        clicks = self._clicks
        clicks.start = end.clicks_start
        times, codes, paths, bases, path_bases = self.times, self._codes, self._paths, self._bases, self._path_bases
        block, floor = self.BLOCK, math.floor
        width, height = game.field.width, game.field.height
        first = self._length
        # Where the block under way starts, its counts and its path there, and the events
        # left before the next block starts (none: the first event starts one).
        offset = first % block
        start = first - offset
        counts, path_base = list(end.counts), path
        if offset:
            at = start // block
            counts, path_base = list(bases[7 * at : 7 * at + 7]), path_bases[at]
        to_block = (block - offset) % block
        total = len(mouse)
        for i, ev in enumerate(mouse):
            if not i % self.CHECK_EVERY and i:
                cancel.check()
                cancel.report(i / total)
            if not to_block:
                counts = _counted(counts, codes[start:])
                start = len(codes)
                bases.extend(counts)
                path_bases.append(path)
                path_base = path
                to_block = block
            to_block -= 1
            code = _NO_CHANGE
            kind = ev.kind
            if kind != "mv":
                # The game under way first, its left presses (half its events) at once;
                # after the end nothing counts.
                playing = game.state == _PLAYING
                if playing and kind == "lc":
                    state = _LEFT_PRESSED.get(state, state)
                elif playing:
                    state, code = _step_playing(game, state, kind, game.cell(ev.x, ev.y), ev, clicks)
                elif game.state != _OVER:
                    state, code = _step(game, state, ev, clicks)
            # The path, as ms-toollib measures it: from where the game started, through
            # every event after it (up to the end of the file) but those off the field.
            if game.state >= _PLAYING and not (ev.x >= width and ev.y >= height):
                if moved:
                    path += math.hypot(ev.x - last_x, ev.y - last_y)
                moved, last_x, last_y = True, ev.x, ev.y
            try:
                times.append(floor(ev.t_ms))
            except (OverflowError, ValueError):  # beyond 24 days, or no number: a damaged file's
                times.append(_whole_ms(ev.t_ms))
            codes.append(code)
            paths.append(path - path_base)
        self._length = first + total
        self._click_count = len(clicks)
        left, right, double, lce, rce, dce, flags = _counted(counts, codes[start : self._length])
        last = (last_x, last_y) if moved else None
        self._end = _End(game, state, (left, right, double, lce, rce, dce, flags), path, last, clicks.start)

    def __len__(self) -> int:
        return self._length

    def after(self, count: int) -> ClickCounts:
        """The figures after the first `count` mouse events."""
        count = min(count, self._length)
        if count <= 0:
            return ClickCounts()
        block = (count - 1) // self.BLOCK
        start = block * self.BLOCK
        c = _counted(self._bases[7 * block : 7 * block + 7], self._codes[start:count])
        path = self._path_bases[block] + self._paths[count - 1]
        return ClickCounts(c[0], c[1], c[2], c[3], c[4], c[5], c[6], path)

    def at(self, time_ms: float) -> ClickCounts:
        # A game keeps whole milliseconds: a mouse event belongs to the millisecond it fell in.
        return self.after(bisect_left(self.times, math.floor(time_ms) + 1, 0, self._length))


def chord_moments(mouse: Sequence[Pointer]) -> frozenset[int]:
    """The whole milliseconds at which a chord was released: the first release while both
    buttons are down, or the middle button's. A game read from a file records a chord's
    opens at that moment, which is how a list of actions tells a chord from a left click."""
    left = right = False
    moments: set[int] = set()
    for ev in mouse:
        kind = ev.kind
        if kind == "cc":
            kind = "rc" if left else "lc"
        if kind == "lc":
            left = True
        elif kind == "rc":
            right = True
        elif kind == "lr":
            if right:
                moments.add(math.floor(ev.t_ms))
            left = False
        elif kind == "rr":
            if left:
                moments.add(math.floor(ev.t_ms))
            right = False
        elif kind == "mr":
            moments.add(math.floor(ev.t_ms))
    return frozenset(moments)


class MousePath:
    """A file's pointer over time, for drawing: where it was at a moment, the path it
    drew just before, and the clicks (t, x, y, kind) that `ClickTimeline` counted, so
    the marks drawn are the figures shown. Compared by identity, like the file it is of."""

    def __init__(self, mouse: Sequence[Pointer], clicks: Sequence[tuple[float, float, float, str]]):
        self.times = array("d", (ev.t_ms for ev in mouse))
        self.xs = array("d", (ev.x for ev in mouse))
        self.ys = array("d", (ev.y for ev in mouse))
        self.clicks = list(clicks)
        self._click_times = array("d", (c[0] for c in self.clicks))

    def __len__(self) -> int:
        return len(self.times)

    def pointer_at(self, time_ms: float) -> tuple[float, float] | None:
        """Where the pointer was at `time_ms`, in cells; None before the first event."""
        i = bisect_left(self.times, time_ms + 1e-9) - 1
        return None if i < 0 else (self.xs[i], self.ys[i])

    def trail(self, time_ms: float, span_ms: float) -> list[tuple[float, float, float]]:
        """The pointer's positions (t, x, y) over the `span_ms` up to `time_ms`, oldest first."""
        start = bisect_left(self.times, time_ms - span_ms)
        end = bisect_left(self.times, time_ms + 1e-9)
        return [(self.times[i], self.xs[i], self.ys[i]) for i in range(start, end)]

    def trail_runs(self, time_ms: float, span_ms: float, shades: int) -> list[tuple[int, int, int]]:
        """The trail up to `time_ms` cut by age into `shades` equal spans, oldest first: a
        (shade, first, last) for each span with a segment, where positions first..last
        (indices into the path, last included) are the path in it and shade 0 is the
        newest. A segment's age is its start's; a run ends where the next one begins."""
        times = self.times
        start = bisect_left(times, time_ms - span_ms)
        end = bisect_left(times, time_ms + 1e-9) - 1  # the last position up to time_ms
        runs: list[tuple[int, int, int]] = []
        step = span_ms / shades
        first = start
        for shade in range(shades - 1, -1, -1):
            # segments starting no later than `shade` steps ago
            after = min(end, bisect_right(times, time_ms - shade * step)) if shade else end
            if after > first:
                runs.append((shade, first, after))
                first = after
        return runs

    def clicks_between(self, start_ms: float, end_ms: float) -> list[tuple[float, float, float, str]]:
        """The clicks (t, x, y, kind) in [start_ms, end_ms]."""
        lo = bisect_left(self._click_times, start_ms)
        hi = bisect_left(self._click_times, end_ms + 1e-9)
        return self.clicks[lo:hi]

"""The replay engine: the board at any moment of a recorded game."""

from __future__ import annotations

import threading
from array import array
from bisect import bisect_right
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from operator import mul

from ..caches import Memo, Recent
from .model import (
    CLOSED,
    FLAG,
    FLAGGED,
    KIND_CODE,
    LOST,
    MARK,
    MARKED,
    OPEN,
    OPENED,
    UNFINISHED,
    WON,
    Board,
    Event,
    Events,
)
from .stats import Field, Stats, field_of


@dataclass(frozen=True, slots=True)
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
    # A checkpoint is a copy of the field: one every 64 actions of a game of expert size
    # that changes a cell or two an action took more than its changes and figures together
    # (7.5 bytes an action; benchmarks/long_paste_memory.py --window), for seeking no
    # quicker to the eye.
    CHANGES_PER_CHECKPOINT = 2048
    EVENTS_PER_CHECKPOINT = 256
    CHECKPOINT_BYTES = 64 * 1024 * 1024

    def __init__(self, board: Board, seekable: bool = True):
        self.board = board
        # Without seeking (`outcome_of`), the game is played to its end and no further, and
        # nothing is recorded of each action.
        self.seekable = seekable
        self.field = fld = field_of(board)
        w, h = board.width, board.height
        self.width, self.height = w, h
        n = w * h
        self.numbers = fld.numbers
        self.bbbv = fld.bbbv
        self.safe_total = fld.safe_total
        self.unit = unit = board.time_unit_ms
        events = board.events
        # When each action happened, in ms: within a board's MAX_TIME_MS (a day), 4 bytes each.
        self.times_ms = array("i")
        self._count = 0
        self.start_ms = events[0].t * unit if events else 0
        # The state the next event is applied to; only the newest Replay of a line owns it.
        self._cells = bytearray(n)
        self._opening_left = list(fld.opening_sizes)
        self._totals = [0, 0, 0]  # 3BV solved, safe cells opened, effective clicks
        # What each action changed, in one column: `cell * 4 + code` for each cell it gave
        # a new code (CLOSED, OPENED, FLAGGED, MARKED); the changes of the actions before
        # action i end at `_changes_end[i]`. (Four bytes a cell changed, where an object per
        # action would cost tens of bytes: a long replay has a million actions.)
        self._changed = array("i")
        self._changes_end = array("i", [0])
        self._effective = array("i", [0])
        self._solved = array("i", [0])
        self._opened = array("i", [0])
        self.lost_at: int | None = None  # events applied when the game was lost
        self.won_at: int | None = None
        self.hit: tuple[int, int] | None = None
        # The field at the start, and then every so often (none without seeking).
        self._checkpoints: list[bytes] = [bytes(n)] if seekable else []
        self._checkpoint_index = [0]
        self._budget = max(1, self.CHECKPOINT_BYTES // max(n, 1))
        self._every_events = max(self.EVENTS_PER_CHECKPOINT, -(-len(events) // self._budget))
        self._every_changes = max(self.CHANGES_PER_CHECKPOINT, n // 16)
        self._since_changes = self._since_events = 0
        self._apply_all(events)
        self._finish()

    def _apply_all(self, events: Events) -> None:
        """Play `events` in order on the working state, recording what each one did (the
        state lives in locals while the loop runs: a long game is built in one pass)."""
        fld = self.field
        w = self.width
        cells, numbers, mine = self._cells, fld.numbers, fld.mine
        # A field's openings are labelled for a game that opens cells (not for `info` of a
        # field alone).
        label = fld.opening_of if events else array("i")
        isolated = fld.isolated
        opening_left = self._opening_left
        solved, safe_opened, effective = self._totals
        safe_total = self.safe_total
        changed = self._changed
        # Played without seeking, a change is dropped as it is made (a deque that keeps
        # none: a call at C speed that does nothing).
        dropped: deque[int] = deque(maxlen=0)
        change: Callable[[int], None] = changed.append if self.seekable else dropped.append
        end_of_changes = self._changes_end.append
        eff, sol, opd = self._effective.append, self._solved.append, self._opened.append
        checkpoints, checkpoint_index = self._checkpoints, self._checkpoint_index
        since_changes, since_events = self._since_changes, self._since_events
        every_changes, every_events = self._every_changes, self._every_events
        if self.seekable:
            self.times_ms.extend(map(mul, events.t, repeat(self.unit)))
        opened_code, flag_code, mark_code = KIND_CODE[OPEN], KIND_CODE[FLAG], KIND_CODE[MARK]
        i = self._count
        ended = self.lost_at is not None or self.won_at is not None
        before = len(changed)
        record = self.seekable
        for kind, x, y in zip(events.kinds, events.x, events.y):
            if not record and ended:
                break
            c = y * w + x
            state = cells[c]
            if kind == opened_code:
                if state != OPENED and state != FLAGGED:
                    cells[c] = OPENED
                    change(c * 4 + OPENED)
                    if mine[c]:
                        if not ended:
                            self.lost_at = i + 1
                            self.hit = (x, y)
                            ended = True
                        # As ms-toollib (Metasweeper) counts: the click that hits a mine
                        # changes the board but is not an effective click.
                        effective -= 1
                    else:
                        safe_opened += 1
                        if numbers[c] == 0:
                            more_solved, more_opened = _flood(c, w, cells, fld, label, opening_left, change)
                            solved += more_solved
                            safe_opened += more_opened
                        elif isolated[c]:
                            solved += 1
                        if not ended and safe_opened == safe_total:
                            self.won_at = i + 1
                            ended = True
                    effective += 1
            elif state != OPENED:
                new = FLAGGED if kind == flag_code else MARKED if kind == mark_code else CLOSED
                if new != state:
                    cells[c] = new
                    change(c * 4 + new)
                    effective += 1
            i += 1
            if not record:
                continue
            end = len(changed)
            end_of_changes(end)
            eff(effective)
            sol(solved)
            opd(safe_opened)
            since_events += 1
            since_changes += end - before
            before = end
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
        self.duration_ms = self._time_ms(count - 1) if count else 0
        self._final_cells = bytes(self._cells) if self.seekable else b""
        self.end_index = self.lost_at or self.won_at
        self.outcome = LOST if self.lost_at else WON if self.won_at else UNFINISHED
        if not self.seekable:
            # The figures at the end, all that is kept (`state` reads them at index 0).
            solved, safe_opened, effective = self._totals
            self._effective, self._solved, self._opened = (
                array("i", [effective]),
                array("i", [solved]),
                array("i", [safe_opened]),
            )
            self._cells = None  # type: ignore[assignment]

    def _time_ms(self, index: int) -> int:
        """The time of action `index` in ms. Played without seeking, a game keeps no column
        of its times (4 bytes an action, for the two that are read)."""
        return self.times_ms[index] if self.seekable else self.board.events.t[index] * self.unit

    def extended(self, board: Board) -> Replay:
        """The Replay of `board`, which is this game with events added at its end; only
        the new events are played when this Replay is the newest of its line."""
        old = self.board
        n_old = self._count
        if self._cells is None or len(self.times_ms) != n_old or not board.extends(old):
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
        for code in self._changed[self._changes_end[base] : self._changes_end[index]]:
            cells[code >> 2] = code & 3
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
        if not self.seekable:
            return self._end_stats()
        return self.final().stats

    def _end_stats(self) -> Stats:
        """The figures at the end of a game played without seeking, as `state` counts
        them after its last action."""
        count, end = len(self.board.events), self.end_index
        if end is not None:
            outcome, clock_end = self.outcome, self._time_ms(end - 1)
        else:
            outcome, clock_end = UNFINISHED, self.duration_ms
        elapsed = max(0, clock_end - self.start_ms) if count > 0 else 0
        counted = end if end is not None else count
        return Stats(
            self.bbbv,
            self._solved[0],
            counted,
            self._effective[0],
            self._opened[0],
            self.safe_total,
            elapsed / 1000,
            outcome,
        )


# The Replays of the last few boards asked about, newest first: a window asks for the
# same game's facts many times (drawing, statistics, problems).
REPLAYS: Recent[Replay] = Recent("minesweeper replays", 4)

# The boards whose Replays are being built, each with what is set once its Replay is kept:
# a Replay asked for on two threads at once (the window's, and the worker that builds a
# long game's after its board is shown) is built once, and the second caller waits for it.
_building: list[tuple[Board, threading.Event]] = []
_building_lock = threading.Lock()


def kept_replay(board: Board) -> Replay | None:
    """The Replay of `board` if it is at hand: kept (`REPLAYS`), or the Replay of a kept
    game that `board` continues by a few actions, grown by them (a move in a game being
    played). None when `replay` would play the whole game through to build it."""
    with _building_lock:
        return _kept(board)


def _kept(board: Board) -> Replay | None:
    kept = REPLAYS.items()
    for r in kept:
        # Lengths first: tuples compare item by item before they compare lengths.
        if r.board is board or r.event_count == len(board.events) and r.board == board:
            return r
    # A move in a game being played: the newest Replay of that game grows by one event.
    # The same game read again (a board restored, say) has equal mines, not the same ones.
    for r in kept:
        old = r.board
        if (
            r._cells is not None
            and r.event_count < len(board.events) <= r.event_count + 16
            and (
                old.mines is board.mines
                or (old.width, old.height) == (board.width, board.height)
                and old.mines == board.mines
            )
        ):
            grown = r.extended(board)
            REPLAYS.add(grown)
            return grown
    return None


def replay(board: Board) -> Replay:
    """The Replay of `board`, kept for the last few boards asked about (`REPLAYS`). While
    another thread builds it, this one waits for that Replay rather than building its own."""
    while True:
        with _building_lock:
            kept = _kept(board)
            if kept is not None:
                return kept
            under_way = next((done for building, done in _building if building is board), None)
            if under_way is None:
                entry = (board, threading.Event())
                _building.append(entry)
                break
        under_way.wait()  # then kept, unless that build failed or was dropped since: built here
    try:
        r = Replay(board)
        REPLAYS.add(r)
    finally:
        with _building_lock:
            _building[:] = [other for other in _building if other is not entry]
        entry[1].set()
    return r


def start_state(board: Board, fld: Field | None = None) -> ReplayState:
    """The board of a recorded game before its first action, as its Replay gives it
    (`state(0, 0)`), without playing the game: what a long game's replay shows while it is
    built. `fld` is the board's field, where the caller holds it (`field_of` keeps only
    the last few)."""
    fld = fld if fld is not None else field_of(board)
    stats = Stats(fld.bbbv, 0, 0, 0, 0, fld.safe_total, 0.0, UNFINISHED)
    return ReplayState(0, 0, bytes(board.width * board.height), UNFINISHED, None, None, stats, None)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a recorded game ended, with its figures there: what `info` tells, which needs
    no seeking."""

    stats: Stats
    outcome: str
    end_index: int | None  # actions played when the game was won or lost
    event_count: int


# How the last games asked about ended (`outcome_of`), for a board whose Replay is not kept:
# a long game's board is shown before its Replay is built, with its problems.
OUTCOMES: Memo[Board, Outcome] = Memo("minesweeper outcomes", 16)


def outcome_of(board: Board) -> Outcome:
    """How `board`'s game ended: from its Replay if one is kept, else by playing the game
    to its end without recording each action (a million actions would cost a Replay tens
    of megabytes that `info` never reads), remembered for the board (`OUTCOMES`)."""
    kept = next((r for r in REPLAYS.items() if r.board is board), None)
    if kept is None:
        known = OUTCOMES.get(board)
        if known is not None:
            return known
    r = kept if kept is not None else Replay(board, seekable=False)
    return OUTCOMES.put(board, Outcome(r.stats(), r.outcome, r.end_index, len(board.events)))


def state_at(board: Board, seconds: float) -> ReplayState:
    """The board `seconds` into the recorded game."""
    return replay(board).state_at(seconds * 1000)


def _flood(
    start: int,
    w: int,
    cells: bytearray,
    fld: Field,
    label: Sequence[int],
    opening_left: list[int],
    change: Callable[[int], None],
) -> tuple[int, int]:
    """Open the opening around `start`, a safe cell with no mine around that was just
    opened; flags stop it, question marks do not. Returns the 3BV it solved and the safe
    cells it opened besides `start`. (One call an opening, not a cell: the loop of
    `Replay._apply_all` keeps its speed.)"""
    numbers, isolated, neighbours = fld.numbers, fld.isolated, fld.neighbours
    last_x, inner_end = w - 1, len(cells) - w
    solved = opened = 0
    stack = [start]
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
            change(nb * 4 + OPENED)
            opened += 1
            if numbers[nb] == 0:
                stack.append(nb)
            elif isolated[nb]:
                solved += 1
    return solved, opened

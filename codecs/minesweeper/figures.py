"""The community's full set of figures for a game at one moment, and what each means.

Every figure follows ms-toollib (the library behind Metasweeper), so that a replay shows
here what it shows there; `CONVENTIONS` says how each is counted, for the panel's tooltips.
A game read from a replay file is counted from its mouse events; a game that only has its
link is counted from its recorded actions, each open a left click and each flag action a
right click, pressed and released at its cell and counted by the same rules (`clicks.py`;
a link keeps no chords and no mouse path).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, repeat
from operator import add, mul
from typing import Any, overload

from ..caches import Recent
from ..work import NEVER, Cancel
from .clicks import ClickCounts, ClickTimeline, Pointer
from .model import KIND_CODE, KINDS, OPEN, WON, Board, Events
from .replays import ReplayState
from .stats import Field, field_of

# STNB's constant for each standard level, as ms-toollib's (Metasweeper's); ms-toollib gives
# no STNB on other fields (a 9x9 beginner's among them).
_STNB_CONSTANT = {(8, 8, 10): 36.0, (16, 16, 40): 162.0, (30, 16, 99): 435.0}

CONVENTIONS: dict[str, tuple[str, str]] = {
    "3bv": (
        "3BV",
        "The fewest left clicks that clear the field without flags: one per opening, one per number not next to an opening.",
    ),
    "3bv_per_s": ("3BV/s", "3BV solved so far divided by the time, in seconds from the first click."),
    "zini": (
        "ZiNi",
        "The clicks a greedy player needs with flags and chords (ms-toollib's greedy ZiNi, computed by ms-toollib).",
    ),
    "hzini": (
        "HZiNi",
        "Human ZiNi: the clicks of a player who sweeps the field from the top left chording where it pays (computed by ms-toollib).",
    ),
    "openings": ("Openings", "Regions of empty cells (touching diagonally too), each opened by one click."),
    "islands": ("Islands", "Groups of numbers, touching diagonally too, that no opening uncovers."),
    "left": ("Left", "Left clicks, counted at the release, with no other button down."),
    "right": (
        "Right",
        "Right clicks, counted at the press, and flags placed before the game began; a right press on an open cell that becomes a chord is not one.",
    ),
    "double": (
        "Double",
        "Chords: both buttons down, counted when the first is released, or the middle button, counted at its release.",
    ),
    "clicks": (
        "Clicks",
        "Left + right + double clicks. Taking off the last flag placed before the game began starts the count again.",
    ),
    "effective": (
        "Effective",
        "Clicks that did something: left and double clicks that opened a cell, right clicks that put the first flag on a mine (a flag on a safe cell, or one taken off and put back, is not).",
    ),
    "flags": ("Flags", "Flags on the board now."),
    "ioe": ("IOE", "Index of efficiency: 3BV solved per click."),
    "correctness": ("Correctness", "Effective clicks per click."),
    "throughput": ("Throughput", "3BV solved per effective click."),
    "rqp": ("RQP", "Rapport qualité prix: time divided by 3BV/s; lower is better."),
    "stnb": (
        "STNB",
        "Time-and-3BV score: a level's constant times 3BV solved over time^1.7, times the square root of the share of 3BV solved (36 beginner, 162 intermediate, 435 expert); none on other fields.",
    ),
    "path": (
        "Path",
        "The pointer's travel from the first click, in cells; a link keeps no mouse path, so a game from a link has none.",
    ),
}


def _toollib_board(fld: Field) -> list[list[int]]:
    w = fld.width
    return [[-1 if v == 9 else v for v in fld.numbers[y * w : (y + 1) * w]] for y in range(fld.height)]


def zini_known(fld: Field) -> tuple[int, int] | None:
    """(ZiNi, HZiNi) if they have been worked out for this field, else None."""
    return fld.zini


# ZiNi's time grows steeply with the field (seconds at 400x400): beyond this many cells it
# is not worked out at all.
MAX_ZINI_CELLS = 250_000


def zini_in_child(fld: Field, cancel: Cancel = NEVER) -> tuple[int, int] | None:
    """`zini_of` worked out in ms-toollib's child process (see `toollib`), so a large
    field's wait holds up nothing else; None for a field over MAX_ZINI_CELLS."""
    known = zini_known(fld)
    if known is not None:
        return known
    if fld.width * fld.height > MAX_ZINI_CELLS:
        return None
    from .toollib import shared

    zini, hzini = shared().call("zini", _toollib_board(fld), cancel=cancel)
    found = (int(zini), int(hzini))
    fld.zini = found
    return found


def zini_of(fld: Field) -> tuple[int, int]:
    """(ZiNi, HZiNi) of a field, worked out once per field."""
    cached = fld.zini
    if cached is None:
        import ms_toollib

        # The package's stub asks cal_zini for a loop count that the function takes no more.
        toollib: Any = ms_toollib
        rows = _toollib_board(fld)
        cached = (int(toollib.cal_zini(rows)), int(toollib.cal_hzini(rows)))
        fld.zini = cached
    return cached


def islands_of(fld: Field, *, work_out: bool = True) -> int | None:
    """Groups of 3BV numbers (numbers with no empty cell around), 8-connected. With
    `work_out` false, None until they have been counted for this field (on a field of a
    million cells that takes a tenth of a second, better spent off the window's thread)."""
    return fld.islands() if work_out else fld.islands_known()


@dataclass(frozen=True, slots=True)
class _Press:
    """A mouse event a link's action stands for."""

    t_ms: float
    kind: str
    x: float
    y: float


def link_pointers(board: Board, start: int = 0) -> Sequence[Pointer]:
    """The mouse events a game from a link stands for: a press and a release in the middle
    of the cell of every action, left for an open and right for a flag action (those of
    the actions from `start` on). Made as they are read, from the game's columns: a game
    of a million actions would hold two million of them at once as a list."""
    return _LinkPointers(board.events[start:] if start else board.events, board.time_unit_ms)


class _LinkPointers(Sequence[Pointer]):
    """Each action's press, then its release, as `link_pointers` describes."""

    def __init__(self, events: Events, unit: int) -> None:
        self.events, self.unit = events, unit

    def __len__(self) -> int:
        return 2 * len(self.events)

    @overload
    def __getitem__(self, index: int) -> Pointer: ...
    @overload
    def __getitem__(self, index: slice) -> list[Pointer]: ...
    def __getitem__(self, index: int | slice) -> Pointer | list[Pointer]:
        if isinstance(index, slice):
            return list(self)[index]
        action, release = divmod(range(len(self))[index], 2)
        e = self.events[action]
        phase = _RELEASE if release else _PRESS
        return _Press(e.t * self.unit, phase[KIND_CODE[e.kind]], e.x + 0.5, e.y + 0.5)

    def __iter__(self) -> Iterator[Pointer]:
        return chain.from_iterable(zip(self._made(_PRESS), self._made(_RELEASE)))

    def _made(self, phase: dict[int, str]) -> Iterator[_Press]:
        events = self.events
        times = map(mul, events.t, repeat(self.unit))
        middles = map(add, events.x, repeat(0.5)), map(add, events.y, repeat(0.5))
        return map(_Press, times, map(phase.__getitem__, events.kinds), *middles)


# The left button for an open, the right one for a flag action; `c` a press, `r` a release.
_PRESS = {KIND_CODE[kind]: ("l" if kind == OPEN else "r") + "c" for kind in KINDS}
_RELEASE = {KIND_CODE[kind]: ("l" if kind == OPEN else "r") + "r" for kind in KINDS}


class GameFigures:
    """The figures of one game at any moment: from a file's mouse events when there are
    some, else from the game's actions."""

    def __init__(self, board: Board, mouse: Sequence[Pointer] | None = None, cancel: Cancel = NEVER):
        self.board = board
        self.mouse = mouse or None
        self.field = field_of(board)
        self.from_file = bool(mouse)
        # Counted without the clicks' places: only a drawing of the mouse path asks for them
        # (`MousePath`, from a timeline of its own), 24 bytes a click.
        self.clicks = ClickTimeline(board, mouse if mouse else link_pointers(board), cancel, placed=False)

    def new_actions(self, board: Board) -> int | None:
        """How many actions `continued(board)` would count: those `board`'s game adds at
        the end of this one's; None when it is not this game continued (another field or
        game), or these figures come from a file's mouse events."""
        if self.from_file or not board.extends(self.board):
            return None
        return len(board.events) - len(self.board.events)

    def continued(self, board: Board, cancel: Cancel = NEVER) -> GameFigures | None:
        """The figures of `board`, whose game is this one with actions added at its end (see
        `new_actions`), counting only those: the same figures as a count from the start.
        None when `board`'s game does not continue this one."""
        if self.new_actions(board) is None:
            return None
        return self._counted_on(board, cancel)

    def _counted_on(self, board: Board, cancel: Cancel) -> GameFigures | None:
        clicks = self.clicks.continued(link_pointers(board, len(self.board.events)), cancel)
        if clicks is None:
            return None
        new = object.__new__(GameFigures)
        new.board, new.mouse, new.field, new.from_file, new.clicks = board, None, self.field, False, clicks
        return new

    def counts(self, state: ReplayState) -> ClickCounts:
        if self.from_file:
            return self.clicks.at(state.time_ms)
        return self.clicks.after(2 * state.index)

    def at(self, state: ReplayState, *, work_out_zini: bool = True, work_out_islands: bool = True) -> dict[str, Any]:
        """Every figure of `CONVENTIONS` at `state` (None where it has no value yet). With
        `work_out_zini` false, ZiNi and HZiNi are None until `zini_of` has been called for
        the field (on a large field it takes a moment, better spent off the window's thread);
        with `work_out_islands` false, the islands likewise until `islands_of`."""
        return _figures(
            self.board,
            self.field,
            state,
            self.counts(state),
            self.from_file,
            work_out_zini=work_out_zini,
            work_out_islands=work_out_islands,
        )


# The figures that follow from the clicks, which `GameFigures` counts; the rest follow from
# the field and the replay alone.
CLICK_FIGURES = ("left", "right", "double", "clicks", "effective", "flags", "ioe", "correctness", "throughput", "path")


def figures_without_clicks(
    board: Board, fld: Field, state: ReplayState, *, work_out_zini: bool = True, work_out_islands: bool = True
) -> dict[str, Any]:
    """The figures of `board`'s game at `state` as `GameFigures.at` gives them, but with
    those of `CLICK_FIGURES` None: what can be shown at once while the clicks of a long
    game are still being counted. `fld` is the board's field (`field_of(board)`)."""
    return _figures(board, fld, state, None, False, work_out_zini=work_out_zini, work_out_islands=work_out_islands)


def _figures(
    board: Board,
    fld: Field,
    state: ReplayState,
    counts: ClickCounts | None,
    from_file: bool,
    *,
    work_out_zini: bool,
    work_out_islands: bool,
) -> dict[str, Any]:
    stats = state.stats
    zini, hzini = zini_of(fld) if work_out_zini else (zini_known(fld) or (None, None))
    solved, t = stats.bbbv_solved, stats.time_s
    if stats.outcome == WON:
        solved = stats.bbbv
    speed = solved / t if t > 0 else None
    constant = _STNB_CONSTANT.get((board.width, board.height, len(board.mines)))
    left: int | None
    right: int | None
    double: int | None
    cl: int | None
    ce: int | None
    flags: int | None
    path: float | None
    if counts is None:
        left = right = double = cl = ce = flags = path = None
    else:
        left, right, double, flags = counts.left, counts.right, counts.double, counts.flags
        cl, ce = counts.clicks, counts.effective
        path = counts.path if from_file else None
    return {
        "3bv": fld.bbbv,
        "3bv_per_s": speed,
        "zini": zini,
        "hzini": hzini,
        "openings": len(fld.opening_sizes),
        "islands": islands_of(fld, work_out=work_out_islands),
        "left": left,
        "right": right,
        "double": double,
        "clicks": cl,
        "effective": ce,
        "flags": flags,
        "ioe": solved / cl if cl else None,
        "correctness": ce / cl if cl and ce is not None else None,
        "throughput": solved / ce if ce else None,
        "rqp": t / speed if speed else None,
        "stnb": constant * solved / t**1.7 * math.sqrt(solved / fld.bbbv) if constant and t > 0 and fld.bbbv else None,
        "path": path,
    }


# The figures of the last games asked about; a long game's take a second or more to count.
# The figures of the moments of a game being played share that game's arrays (see
# `ClickTimeline.continued`), each with only its own end state beside them (two bytes a
# cell): of those, the last _KEPT_MOVES are kept, so that an undo, and a move after it,
# are counted at once; of games with arrays of their own, the last _KEPT_FIGURES.
_KEPT_FIGURES = 2
_KEPT_MOVES = 8
FIGURES: Recent[GameFigures] = Recent("minesweeper figures", _KEPT_MOVES)


def figures_known(board: Board, mouse: Sequence[Pointer] | None = None) -> GameFigures | None:
    """The figures of `board`'s game if they have been counted (on any thread), else None."""
    mouse = mouse or None
    for kept in FIGURES.items():
        if kept.board is board and kept.mouse is mouse:
            return kept
    return None


def figures_continued(board: Board, mouse: Sequence[Pointer] | None = None, *, at_most: int) -> GameFigures | None:
    """The figures of `board`'s game if they are known, or if it continues a game kept
    here with at most `at_most` more actions: then they are counted on from that game's,
    and a move in a long game costs what its new actions cost. Else None, as for figures
    from `mouse` (a replay file's) not counted yet: a file's figures are not counted on."""
    mouse = mouse or None
    kept = figures_known(board, mouse)
    if kept is not None or mouse is not None:
        return kept
    found = _continued(board, at_most, NEVER)
    if found is not None:
        _keep(found)
    return found


def _continued(board: Board, at_most: int | None, cancel: Cancel) -> GameFigures | None:
    """`board`'s figures counted on from those of the kept game it continues with the
    fewest new actions (at most `at_most`), or None when there is none."""
    n = len(board.events)
    # Nearest first, and only until one is continued: telling whether a game continues
    # another compares their mines and actions, unless one was made from the other.
    nearest = sorted(
        (n - len(kept.board.events), i, kept)
        for i, kept in enumerate(FIGURES.items())
        if not kept.from_file and 0 <= n - len(kept.board.events) <= (n if at_most is None else at_most)
    )
    for _, _, kept in nearest:
        found = kept._counted_on(board, cancel) if kept.new_actions(board) is not None else None
        if found is not None:
            return found
    return None


def _keep(found: GameFigures) -> None:
    FIGURES.change(lambda before: _kept_with(found, before))


def _kept_with(found: GameFigures, before: tuple[GameFigures, ...]) -> list[GameFigures]:
    lines = [found.clicks]  # a timeline of each set of arrays kept
    kept = [found]
    for figures in before:
        if len(kept) == _KEPT_MOVES:
            break
        if not any(figures.clicks.shares_arrays(line) for line in lines):
            if len(lines) == _KEPT_FIGURES:
                continue
            lines.append(figures.clicks)
        kept.append(figures)
    return kept


def figures_of(board: Board, mouse: Sequence[Pointer] | None = None, cancel: Cancel = NEVER) -> GameFigures:
    """The figures of `board`'s game (counted from `mouse`, a replay file's mouse events,
    when there are some), kept for the last few games: a window asks again at every
    moment it shows, and `prepare` may have counted them on another thread. A game from
    a link that continues a kept one (a move in a game being played) is counted on from
    that one's figures, only its new actions."""
    mouse = mouse or None
    kept = figures_known(board, mouse)
    if kept is not None:
        return kept
    found = _continued(board, None, cancel) if mouse is None else None
    if found is None:
        found = GameFigures(board, mouse, cancel)
    _keep(found)
    return found


# How long each step of `prepare` takes, in microseconds per cell or per action, measured
# on the largest boards (benchmarks/minesweeper_paste.py): for a progress bar that moves
# evenly, not for any decision.
_FIELD_US_PER_CELL = 0.3
_REPLAY_US_PER_ACTION = 4.0
_OUTCOME_US_PER_ACTION = 1.0
_FIGURES_US_PER_ACTION = 17.0
# The most actions of a game whose figures `prepare` counts (about a tenth of a second):
# a longer game's board is shown without them, and the window counts them in the
# background once it is on screen (benchmarks/long_paste_memory.py --window).
PREPARED_FIGURES_ACTIONS = 50_000
# The most actions of a game whose Replay `prepare` builds (a fiftieth of a second on an
# expert field, up to a fifth on the largest): a longer game's board is shown at its start
# without one, and the window builds it in the background once the board is on screen.
# `prepare` finds how such a game ends (`outcome_of`), for the problems shown with it.
PREPARED_REPLAY_ACTIONS = 50_000


def prepare(board: Board, cancel: Cancel = NEVER) -> None:
    """Work out what showing `board` asks for, ahead of the window that will show it and
    off its thread: the field (numbers, openings, islands), the replay of a game of up to
    PREPARED_REPLAY_ACTIONS actions (of a longer one, how it ends) and, for a game of up
    to PREPARED_FIGURES_ACTIONS actions, its figures, each kept where `field_of`,
    `replay`, `outcome_of` and `figures_of` keep them. Reports how far it has come through
    `cancel`, and stops between steps (and every few thousand actions while counting
    clicks) when cancelled."""
    from .replays import outcome_of, replay

    cells, actions = board.width * board.height, len(board.events)
    replayed = actions <= PREPARED_REPLAY_ACTIONS
    counted = actions if actions <= PREPARED_FIGURES_ACTIONS else 0
    costs = (
        cells * _FIELD_US_PER_CELL,
        actions * (_REPLAY_US_PER_ACTION if replayed else _OUTCOME_US_PER_ACTION),
        counted * _FIGURES_US_PER_ACTION,
    )
    total = sum(costs) or 1.0
    field_done, replay_done = costs[0] / total, (costs[0] + costs[1]) / total
    field_of(board).islands()
    cancel.check()
    cancel.report(field_done)
    if replayed:
        replay(board)
    else:
        outcome_of(board)
    cancel.check()
    cancel.report(replay_done)
    if counted:
        figures_of(board, None, cancel.part(replay_done, 1.0))
    cancel.check()
    cancel.report(1.0)

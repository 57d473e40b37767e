"""The game a replay file's mouse events played, worked out here rather than by ms-toollib.

Files that ms-toollib reads come with its board after every event (`files._game`); for
the others (Minesweeper Clone's versions it cannot read, `mvf.py`) the buttons are played
on the field with the rules of the classic game, as ms-toollib's board applies them:

* a left release opens the cell under the pointer, unless the right button took part;
* a right press with no other button down toggles the cell's mark (closed, flag, and
  with question marks on, question mark, closed again);
* both buttons down make a chord, done at the first of the two releases (the other
  release then does nothing), as is a middle release: it opens the closed neighbours of
  an open number whose flags around it match it;
* an open of a mine ends the game, lost; the last safe cell opened ends it, won.

What comes out is the Slugboard game: the opens (a chord as one open per neighbour it
uncovered, leaving out those an earlier open of the chord already uncovered), flags,
question marks and removals, at the time of the event that made them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ..work import NEVER, Cancel
from .model import FLAG, MARK, MAX_TIME_MS, OPEN, UNFLAG, Board, Event
from .stats import Field

_CLOSED, _OPENED, _FLAGGED, _MARKED = 0, 1, 2, 3
_CHECK_EVERY = 4096


class _Play:
    """The field as the buttons change it, and the actions recorded so far."""

    def __init__(self, fld: Field, question_marks: bool) -> None:
        self.field = fld
        self.cells = bytearray(fld.width * fld.height)
        self.safe_left = fld.safe_total
        self.over = self.lost = False
        self.question_marks = question_marks
        self.events: list[Event] = []
        self.t_ms = 0.0

    def record(self, kind: str, c: int) -> None:
        # As play.record keeps a game: whole milliseconds that never go back, and a mark
        # never in the same millisecond as an open before it (a slug would put it first).
        t = min(max(0, math.floor(self.t_ms)), MAX_TIME_MS)
        if self.events:
            last = self.events[-1]
            t = max(t, last.t)
            if t == last.t and last.kind == OPEN and kind != OPEN:
                t = min(t + 1, MAX_TIME_MS)
        w = self.field.width
        self.events.append(Event(t, kind, c % w, c // w))

    def open(self, c: int) -> None:
        cells, fld = self.cells, self.field
        if self.over or cells[c] in (_OPENED, _FLAGGED):
            return
        self.record(OPEN, c)
        cells[c] = _OPENED
        if fld.mine[c]:
            self.over = self.lost = True
            return
        self.safe_left -= 1
        # The opening floods over question marks and stops at flags (Slugboard's replay
        # does the same with the one open recorded).
        stack = [c] if fld.numbers[c] == 0 else []
        while stack:
            for nb in fld.neighbours(stack.pop()):
                if cells[nb] in (_CLOSED, _MARKED):
                    cells[nb] = _OPENED
                    self.safe_left -= 1
                    if fld.numbers[nb] == 0:
                        stack.append(nb)
        if self.safe_left == 0:
            self.over = True

    def chord(self, c: int) -> None:
        cells, fld = self.cells, self.field
        if self.over or cells[c] != _OPENED or fld.numbers[c] in (0, 9):
            return
        around = list(fld.neighbours(c))
        if sum(cells[nb] == _FLAGGED for nb in around) != fld.numbers[c]:
            return
        for nb in around:
            self.open(nb)

    def mark(self, c: int) -> None:
        state = self.cells[c]
        if self.over or state == _OPENED:
            return
        if state == _CLOSED:
            self.cells[c] = _FLAGGED
            self.record(FLAG, c)
        elif state == _FLAGGED and self.question_marks:
            self.cells[c] = _MARKED
            self.record(MARK, c)
        else:
            self.cells[c] = _CLOSED
            self.record(UNFLAG, c)


def game_of_mouse(
    width: int,
    height: int,
    mines: Iterable[tuple[int, int]],
    mouse: Iterable[tuple[float, str, float, float]],
    *,
    question_marks: bool = False,
    cancel: Cancel = NEVER,
) -> tuple[Board, bool]:
    """The game that the mouse events (t_ms, kind, x, y), the pointer in cells, played on
    the field, with whether it was won. Raises ValueError for a field no board holds."""
    mines = tuple(mines)
    Board(width, height, mines, (), 2, 1)  # the field's own checks, before any work on it
    play = _Play(Field(width, height, mines), question_marks)
    left = right = chording = after_chord = False
    for i, (t_ms, kind, x, y) in enumerate(mouse):
        if not i % _CHECK_EVERY:
            cancel.check()
        if play.over:
            break
        play.t_ms = t_ms
        cx, cy = math.floor(x), math.floor(y)
        c = cy * width + cx if 0 <= cx < width and 0 <= cy < height else None
        if kind == "lc":
            left = True
            if right:
                chording, after_chord = True, False
        elif kind == "rc":
            right = True
            if left:
                chording, after_chord = True, False
            elif c is not None:
                play.mark(c)
        elif kind in ("lr", "rr"):
            if kind == "lr":
                left = False
            else:
                right = False
            if chording:
                chording, after_chord = False, True
                if c is not None:
                    play.chord(c)
            elif after_chord:
                after_chord = left or right
            elif kind == "lr" and c is not None:
                play.open(c)
        elif kind == "mr" and c is not None:
            play.chord(c)
    board = Board(width, height, mines, play.events, 2, 1)
    return board, play.safe_left == 0 and not play.lost

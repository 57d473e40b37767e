"""The mouse over a game being played: every move, press and release with its time and
position, kept beside the game as a replay file keeps its own.

The window reports the pointer in cells (fractions within a cell) with the time on its
clock; `PointerLog` keeps what a replay needs and what an `.evf` file can hold:

* positions in sixteenths of a cell (whole pixels at `evf.CELL_PIXELS`), so a position
  written and read back is the same, and lies in the cell it was in;
* from the first press of a game on: moves before it belong to no game;
* one button at a time: the window acts on the left and right buttons alone (a second
  button pressed while one is down does nothing), so the log leaves it out too, and what
  a count of the log's clicks finds is what the game recorded;
* a key that opens or flags at the keyboard cursor stands for a press and a release at
  the middle of that cell.

`played_file(board, log)` is the game with its path, as `files.ReplayFile`.
"""

from __future__ import annotations

import math
import time

from .evf import CELL_PIXELS, software_name
from .files import MouseEvent, ReplayFile
from .model import Board
from .replays import replay

LEFT, RIGHT = "l", "r"
# The most events kept for one game: a day of play at a move every few milliseconds; a
# longer game keeps its first events.
MAX_EVENTS = 5_000_000


def _snap(value: float, limit: int) -> float:
    value = max(0.0, min(float(limit), value))
    return math.floor(value * CELL_PIXELS) / CELL_PIXELS


class PointerLog:
    """The pointer's events of one game. Until the game's first action the caller gives
    times on its own clock; `start(origin)` then puts those on the game's clock (ms from
    that action), and from then on the caller gives the game's clock itself, which a game
    paused and resumed keeps going from where it stopped, as its actions do."""

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.events: list[tuple[float, str, float, float]] = []
        self.down: str | None = None
        self.started = False
        # When the game was played (microseconds since 1970), for the replay file's header.
        self.started_us = int(time.time() * 1_000_000)
        # The events made into a replay file's mouse events so far, and at which unit.
        self._made: list[MouseEvent] = []
        self._made_unit = 0

    def start(self, origin: float) -> None:
        """The game's first action came at `origin` on the caller's clock."""
        if not self.started:
            self.started = True
            self.events = [(t - origin, kind, x, y) for t, kind, x, y in self.events]

    def __len__(self) -> int:
        return len(self.events)

    def _add(self, now: float, kind: str, x: float, y: float) -> None:
        if len(self.events) < MAX_EVENTS:
            self.events.append((now, kind, _snap(x, self.width), _snap(y, self.height)))

    def move(self, now: float, x: float, y: float) -> None:
        if self.events:
            self._add(now, "mv", x, y)

    def press(self, now: float, button: str, x: float, y: float) -> bool:
        """A press of `button` ("l" or "r"); False (and nothing kept) while another is down."""
        if self.down is not None:
            return False
        self.down = button
        self._add(now, button + "c", x, y)
        return True

    def release(self, now: float, button: str, x: float, y: float) -> bool:
        """A release of `button`; False for one whose press was not kept."""
        if self.down != button:
            return False
        self.down = None
        self._add(now, button + "r", x, y)
        return True

    def tap(self, now: float, button: str, cell_x: int, cell_y: int) -> bool:
        """A key that acts at the keyboard cursor: a press and a release at the cell's
        middle; False (and nothing kept) while a mouse button is down, when the window
        does not act on keys either."""
        if self.down is not None:
            return False
        for phase in "cr":
            self._add(now, button + phase, cell_x + 0.5, cell_y + 0.5)
        return True

    def record(self, kind: str, now: float, x: float, y: float) -> None:
        """One event by its kind as replay files name them: "mv" a move, "lc"/"rc" a press,
        "lr"/"rr" a release, "lk"/"rk" a key acting at the cell (x, y)."""
        if kind == "mv":
            self.move(now, x, y)
        elif kind in ("lk", "rk"):
            self.tap(now, kind[0], int(x), int(y))
        elif kind[1] == "c":
            self.press(now, kind[0], x, y)
        else:
            self.release(now, kind[0], x, y)

    def path(self, unit_ms: int = 1) -> tuple[MouseEvent, ...]:
        """The events (once started) as a replay file's mouse events, times in ms on the
        game's clock; a press just before the first action comes before 0. Times are cut
        to whole `unit_ms`, as the game's own actions are (`play.record`), so that a click
        and the action it made fall at the same moment. Made once an event: a long game's
        path grows by what came since the last call."""
        if self._made_unit != unit_ms:
            self._made, self._made_unit = [], unit_ms
        made = self._made
        made.extend(
            MouseEvent(float(math.floor(t / unit_ms) * unit_ms), kind, x, y)
            for t, kind, x, y in self.events[len(made) :]
        )
        return tuple(made)


def played_file(board: Board, log: PointerLog, player: str = "") -> ReplayFile:
    """The game being played here with its mouse path, as a replay file read from disk
    would be: what Replay mode draws and counts, and what an `.evf` file keeps."""
    final = replay(board).final()
    return ReplayFile(
        board=board,
        program="Slugboard",
        software=software_name(),
        player=player,
        mouse=log.path(board.time_unit_ms),
        figures={},
        time_s=final.stats.time_s,
        won=final.outcome == "won",
        pix_size=CELL_PIXELS,
        start_us=log.started_us,
        end_us=log.started_us + round(final.stats.time_s * 1_000_000),
        played_here=True,
    )

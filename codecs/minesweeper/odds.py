"""Each covered cell's chance of being a mine, seen from the player's side of the board.

The player knows the numbers they opened, their flags and the mine count; ms-toollib (the
library behind Metasweeper) works out from that the probability of every cell, the same
figures Metasweeper shows. A wrong flag is no knowledge: ms-toollib sets it aside.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..work import NEVER, Cancel
from .model import FLAGGED, OPENED

# ms-toollib's codes for the player's view: 0-8 an opened number, then these.
TOOLLIB_CLOSED, TOOLLIB_FLAG = 10, 11
# ms-toollib's time grows with the length of the frontier, and its work cannot be stopped
# once begun: on a 100x100 field one moment may take seconds. The overlay stops here.
MAX_ODDS_CELLS = 10_000
# Up to this many cells (an expert field is 480) the odds take a millisecond or two and
# are worked out in this process; beyond it, in ms-toollib's child process.
IN_PROCESS_CELLS = 1_000


@dataclass(frozen=True, slots=True, eq=False)
class MineOdds:
    """The probabilities (0 to 1, row-major) for the board whose cell codes are `cells`.
    Compared by identity: a picture drawn from one set of odds is redrawn for another."""

    cells: bytes
    values: tuple[float, ...]
    width: int

    def at(self, x: int, y: int) -> float:
        return self.values[y * self.width + x]


def player_view(numbers: bytes, cells: bytes, width: int) -> list[list[int]]:
    """The board as the player sees it, in ms-toollib's codes: opened numbers, flags, and
    every other cell closed (a question mark tells nothing; a mine that was hit is counted
    as unknown, as it was before the click)."""
    rows = []
    for start in range(0, len(cells), width):
        row = []
        for c in range(start, start + width):
            code = cells[c]
            number = numbers[c]
            if code == OPENED and number < 9:
                row.append(number)
            elif code == FLAGGED:
                row.append(TOOLLIB_FLAG)
            else:
                row.append(TOOLLIB_CLOSED)
        rows.append(row)
    return rows


def mine_odds(numbers: bytes, cells: bytes, width: int, mines: int, cancel: Cancel | None = None) -> MineOdds:
    """The chance of a mine under each cell of the board whose state is `cells`; raises
    ValueError when no field fits what the player sees (a board edited by hand).

    A field larger than IN_PROCESS_CELLS is worked out in ms-toollib's child process
    (`toollib`), which a `cancel` stops at once; a small one here, where it takes about
    a millisecond."""
    view = player_view(numbers, cells, width)
    if cancel is not None:
        cancel.check()
    if len(cells) > IN_PROCESS_CELLS:
        from .toollib import shared

        try:
            rows = shared().call("odds", view, float(mines), cancel=cancel or NEVER, end_on_cancel=False)
        except ValueError as exc:
            raise ValueError("no arrangement of the mines fits the numbers opened") from exc
    else:
        import ms_toollib

        toollib: Any = ms_toollib
        try:
            rows, _counts = toollib.cal_probability_onboard(view, float(mines))
        except RuntimeError as exc:
            raise ValueError("no arrangement of the mines fits the numbers opened") from exc
    if cancel is not None:
        cancel.check()
    values = tuple(float(p) for row in rows for p in row)
    return MineOdds(cells, values, width)

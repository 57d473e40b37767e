"""Fields that need no guessing: from the first click, logic alone opens every safe cell.

A field is dealt at random with the first click's cell and its neighbours kept free of
mines (so that click opens a region), and kept when ms-toollib's `is_solvable` (the
solver Metasweeper's no-guess modes use) opens the whole field from there without a
guess; otherwise another is dealt. On the classic levels a few tries do (an expert field
takes a few tens of milliseconds); a dense field may take thousands, so the work checks
its `Cancel` between tries and gives up after `MAX_TRIES` with a message to act on.
Seeded, the same arguments give the same field.
"""

from __future__ import annotations

import random
from typing import Any

from ..work import NEVER, Cancel
from .model import Board, random_board

MAX_TRIES = 20_000
# ms-toollib's solver ends the whole process (it does not raise) on a field with a side
# shorter than this; such a field is refused before it is asked.
MIN_SIDE = 3


def _rows(board: Board) -> list[list[int]]:
    """The field as ms-toollib takes it: rows of numbers, -1 a mine."""
    from .stats import field_of

    numbers = field_of(board).numbers
    w = board.width
    return [[-1 if v == 9 else v for v in numbers[y * w : (y + 1) * w]] for y in range(board.height)]


def is_solvable(board: Board, first: tuple[int, int]) -> bool:
    """Whether logic alone opens every safe cell of `board`'s field from a first click at
    `first` (x, y), by ms-toollib's judgement."""
    import ms_toollib

    _check(board.width, board.height, first)
    toollib: Any = ms_toollib
    x, y = first
    return bool(toollib.is_solvable(_rows(board), y, x))


def _check(width: int, height: int, first: tuple[int, int]) -> None:
    x, y = first
    if width < MIN_SIDE or height < MIN_SIDE:
        raise ValueError(f"a field that needs no guessing is at least {MIN_SIDE}x{MIN_SIDE} cells")
    if not (0 <= x < width and 0 <= y < height):
        raise ValueError(f"the first click ({x}, {y}) is off the {width}x{height} field")


def region_size(width: int, height: int, first: tuple[int, int]) -> int:
    """The first click's cell and its neighbours on the field: the cells kept free."""
    x, y = first
    return (min(x + 1, width - 1) - max(x - 1, 0) + 1) * (min(y + 1, height - 1) - max(y - 1, 0) + 1)


def most_mines(width: int, height: int, first: tuple[int, int]) -> int:
    """The most mines a field can have for a first click at `first` to open a region."""
    return width * height - region_size(width, height, first)


def no_guess_board(
    width: int,
    height: int,
    mines: int,
    first: tuple[int, int],
    *,
    seed: int | None = None,
    version: int = 1,
    cancel: Cancel = NEVER,
    tries: int = MAX_TRIES,
) -> Board:
    """A field of `mines` mines that a first click at `first` (x, y) opens and logic alone
    solves. Raises ValueError when the limits allow none (too many mines for the click to
    open a region) or none turned up in `tries` fields; Cancelled when cancelled."""
    _check(width, height, first)
    most = most_mines(width, height, first)
    if mines > most:
        raise ValueError(
            f"a {width}x{height} field has room for at most {most} mines around a first click that opens a region"
        )
    rng = random.Random(seed)
    for tried in range(tries):
        cancel.check()
        if tried % 16 == 0:
            cancel.report(tried / tries)
        board = random_board(width, height, mines, seed=rng.randrange(2**63), safe=first, version=version)
        if is_solvable(board, first):
            cancel.report(1.0)
            return board
    raise ValueError(
        f"no {width}x{height} field with {mines} mines that needs no guessing turned up in {tries:,} tries: "
        "try fewer mines"
    )


def no_guess_mines(
    width: int, height: int, mines: int, first: tuple[int, int], seed: int | None = None, cancel: Cancel = NEVER
) -> tuple[tuple[int, int], ...]:
    """The mines of `no_guess_board` (for a helper process: a plain value to send back)."""
    return tuple(no_guess_board(width, height, mines, first, seed=seed, cancel=cancel).mines)

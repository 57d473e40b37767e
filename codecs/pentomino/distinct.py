"""Counting a board's completions up to the board's own symmetries, as the literature
quotes them: the empty 6x10 rectangle has 9,356 tilings, 2,339 once a tiling and its
mirror images and half turn count as one.

Two completions are the same up to symmetry when a symmetry of the board carries one onto
the other. The symmetries are those the count uses (`symmetry.symmetries`: the maps that
keep the empty cells and carry every placement of each free piece onto a placement of the
same piece), less those that would move a piece already on the board onto another place:
a person's placed piece is part of the board. By Burnside's lemma the number of classes
is the average, over the symmetries, of the completions each leaves unchanged. The
identity leaves every completion (the count); any other leaves only those whose every
piece it carries onto itself, a search over the few placements it keeps in place, which
takes milliseconds.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..work import NEVER, Cancel
from . import solver
from .geometry import paint
from .model import Board
from .solver import CHECK_EVERY, Problem, _placements_by_piece, _symmetries, prepare
from .symmetry import Perm, image


@dataclass(frozen=True, slots=True)
class Counted:
    """A count for the window: the completions, whether that is all of them, and how many
    they are up to the board's symmetries (None unless the count is complete)."""

    total: int
    complete: bool
    distinct: int | None
    symmetries: int = 1  # the board's symmetries, the identity among them


def board_symmetries(problem: Problem) -> list[Perm]:
    """The symmetries of the board of `problem` (identity first), as maps of its bits: those
    of the count that also carry every placed piece onto a placed piece of the same name."""
    group = _symmetries(problem, _placements_by_piece(problem))
    board = problem.board
    painting = paint(board)
    bit = {cell: i for i, cell in enumerate(problem.order)}
    cells: dict[int, int] = {}  # item index -> the mask of the cells it covers
    for index, owner in enumerate(painting.owner):
        if owner >= 0 and not painting.items[owner].is_terrain:
            cells[owner] = cells.get(owner, 0) | 1 << bit[divmod(index, board.width)]
    placed: dict[str, set[int]] = {}
    for owner, mask in cells.items():
        placed.setdefault(painting.items[owner].name, set()).add(mask)
    return [g for g in group if all(image(m, g) in masks for masks in placed.values() for m in masks)]


def fixed(problem: Problem, placements: Sequence[Sequence[int]], g: Perm, cancel: Cancel = NEVER) -> int:
    """The completions that the symmetry `g` carries onto themselves: each free piece is used
    once, so every piece of such a completion lies on cells `g` keeps together."""
    by_first: dict[int, list[tuple[int, int]]] = {}
    for j, masks in enumerate(placements):
        for mask in masks:
            low = mask & -mask
            # The image of its first cell must be one of its cells: most fail at once.
            if mask >> g[low.bit_length() - 1] & 1 and image(mask, g) == mask:
                by_first.setdefault(low.bit_length() - 1, []).append((mask, 1 << j))
    memo: dict[tuple[int, int], int] = {}
    steps = 0

    def below(empty: int, free: int) -> int:
        nonlocal steps
        if not empty:
            return 1
        known = memo.get((empty, free))
        if known is not None:
            return known
        steps += 1
        if steps % CHECK_EVERY == 0:
            cancel.check()
        first = (empty & -empty).bit_length() - 1
        total = sum(
            below(empty ^ mask, free ^ piece)
            for mask, piece in by_first.get(first, ())
            if mask & empty == mask and piece & free
        )
        memo[(empty, free)] = total
        return total

    return below(problem.empty, (1 << len(problem.pieces)) - 1)


def up_to_symmetry(board: Board, total: int, *, cancel: Cancel = NEVER) -> int:
    """How many of the `total` completions of `board` (its complete count) differ up to the
    board's symmetries."""
    return classes(board, total, cancel=cancel)[0]


def classes(board: Board, total: int, *, cancel: Cancel = NEVER) -> tuple[int, int]:
    """(how many of the `total` completions of `board` differ up to its symmetries, how many
    symmetries the board has)."""
    problem = prepare(board)
    if problem.reason is not None or total == 0:
        return 0, 1
    if not problem.empty:
        return 1, 1  # a full board: its one completion adds nothing
    group = board_symmetries(problem)
    placements = _placements_by_piece(problem)
    kept = total + sum(fixed(problem, placements, g, cancel) for g in group[1:])
    found, left = divmod(kept, len(group))
    if left:  # Burnside's sum is a multiple of the group's size, or the count is wrong
        raise ValueError(f"{total:,} completions do not fall into whole classes of {len(group)} symmetries")
    return found, len(group)


def counted(board: Board, *, cancel: Cancel = NEVER, progress: Callable[[int, float], None] | None = None) -> Counted:
    """The window's Count: `solver.count` on one thread per core, and the count up to the
    board's symmetries."""
    # Through the module, so that a test that puts another count in its place is heard.
    total, complete = solver.count(board, cancel=cancel, progress=progress, jobs=os.cpu_count() or 1)
    if not complete:
        return Counted(total, complete, None)
    return Counted(total, complete, *classes(board, total, cancel=cancel))

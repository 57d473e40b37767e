"""Making pentomino puzzles: a board with some pieces placed whose completion is unique.

Take a completion of the empty board found in a shuffled order (the seed fixes it), then
place its pieces one at a time, in a shuffled order, until the board left has exactly one
completion (counted with a limit of two: the count stops as soon as a second is found).
"""

from __future__ import annotations

import dataclasses
import random

from ..work import NEVER, Cancel
from . import solver
from .model import Board, place


class NoPuzzleError(Exception):
    """The surface and size have no completion to make a puzzle of."""


def generate(
    surface: str,
    height: int,
    width: int,
    pieces: int | None = None,
    seed: int | None = None,
    terrain: tuple[tuple[int, int], ...] = (),
    *,
    cancel: Cancel = NEVER,
) -> Board:
    """A board of the surface and size with pieces of one completion placed, whose
    completion is unique: the fewest that make it so, or at least `pieces`."""
    rng = random.Random(seed)
    empty = Board(surface, height, width, (), terrain, tuple(range(12)))
    problem = solver.prepare(empty)
    if problem.reason is not None:
        raise NoPuzzleError(problem.reason)
    shuffled = []
    for group in problem.by_first:
        options = list(group)
        rng.shuffle(options)
        shuffled.append(tuple(options))
    problem = dataclasses.replace(problem, by_first=tuple(shuffled))
    completion = next(solver._search(problem, cancel), None)
    if completion is None:
        raise NoPuzzleError("no placement of the twelve pieces fills it")
    rng.shuffle(completion)
    board = empty
    for placed, p in enumerate(completion, 1):
        piece = p.piece
        board = place(board, piece.name, piece.row, piece.col, piece.rotation, piece.reflected)
        if placed >= (pieces or 0) and solver.count(board, 2, cancel=cancel) == (1, True):
            return board
    return board

"""Making pentomino puzzles: a board with some pieces placed whose completion is unique.

Take a completion of the empty board found in a shuffled order (the seed fixes it), then
place its pieces one at a time, in a shuffled order, until the board left has exactly one
completion (counted with a limit of two: the count stops as soon as a second is found).
Before each count a few short searches, each in a fresh shuffled order, look for two
completions: on a board with few pieces placed they find them at once, where the count may
first go through many ways that fail (the 6x10 Klein bottle of seed 1: 5.4 s for its first
count). They only ever say "not unique", so the puzzle made is the same either way.
"""

from __future__ import annotations

import dataclasses
import random
import time

from ..work import NEVER, Cancel
from . import solver
from .model import Board, place

LOOKS, LOOK_SECONDS = 8, 0.02  # the short searches for two completions before each count


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
    looks = random.Random(seed)  # the short searches' own, so the puzzle is the same without them
    empty = Board(surface, height, width, (), terrain, tuple(range(12)))
    problem = solver.prepare(empty)
    if problem.reason is not None:
        raise NoPuzzleError(problem.reason)
    completion = next(solver._search(_shuffled(problem, rng), cancel), None)
    if completion is None:
        raise NoPuzzleError("no placement of the twelve pieces fills it")
    rng.shuffle(completion)
    board = empty
    for placed, p in enumerate(completion, 1):
        piece = p.piece
        board = place(board, piece.name, piece.row, piece.col, piece.rotation, piece.reflected)
        if placed < (pieces or 0) or _two_found_quickly(board, looks, cancel):
            continue
        if solver.count(board, 2, cancel=cancel) == (1, True):
            return board
    return board


def _shuffled(problem: solver.Problem, rng: random.Random) -> solver.Problem:
    """`problem` with each cell's placements tried in a shuffled order."""
    shuffled = []
    for group in problem.by_first:
        options = list(group)
        rng.shuffle(options)
        shuffled.append(tuple(options))
    return dataclasses.replace(problem, by_first=tuple(shuffled))


def _two_found_quickly(board: Board, rng: random.Random, cancel: Cancel) -> bool:
    """Whether short searches, each in a fresh shuffled order, find two completions of
    `board` (it is then not unique); False proves nothing. A search stuck where every way
    fails is left for a fresh start, which soon takes another way."""
    problem = solver.prepare(board)
    found: set[frozenset[tuple[str, tuple[tuple[int, int], ...]]]] = set()
    for _ in range(LOOKS):
        try:
            for added in solver._search(_shuffled(problem, rng), cancel, time.perf_counter() + LOOK_SECONDS):
                found.add(frozenset((p.piece.name, tuple(sorted(p.cells))) for p in added))
                if len(found) == 2:
                    return True
        except solver.BudgetSpentError:
            pass
    return False

"""Listing the completions of a pentomino board, one by one, to browse them.

The completions come in the order of the solver's search (Solve's answer is the first),
each kept as the indices of the placements it adds rather than as a board: a completion
of the empty 6x10 rectangle is twelve small numbers, so the first `LIMIT` of them take a
few hundred kilobytes however many the board has. `Completions.board(k)` makes the k-th
one's board when it is shown.

The search is the solver's exact cover over bit masks, with the states (empty cells,
free pieces) found to have no completion remembered, so a dead end met again is not
searched again: the listing's time then follows the number of completions listed more
than the size of the search tree.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator

from ..work import NEVER, Cancel
from .model import Board, Piece
from .solver import CHECK_EVERY, PIECE_BITS, Problem, Tables, cell_bits, prepare, tables

LIMIT = 10_000  # completions kept for browsing: placement indices, a dozen small numbers each
DEAD_LIMIT = 2_000_000  # remembered dead ends; past it the memory starts afresh
PROGRESS_EVERY = 250  # completions between progress reports (after the first, reported at once)


class Completions:
    """The first completions of a board (at most the limit it was listed with): the
    placements they may add, and for each completion the indices of those it adds.
    `more` tells whether the board has completions past those kept."""

    def __init__(
        self, board: Board, placements: tuple[Piece, ...], added: int, indices: array[int], found: int, more: bool
    ) -> None:
        self.board = board
        self.placements = placements
        self.added = added  # pieces each completion adds (every one adds the same number)
        self.indices = indices  # completion k's are indices[k * added : (k + 1) * added]
        self.found = found  # a full board has one completion, which adds nothing
        self.more = more

    def add(self, found: int, indices: array[int]) -> None:
        """Completions listed since (what `progress` hears): `found` in all now."""
        self.indices.extend(indices)
        self.found = found

    def __len__(self) -> int:
        return self.found

    def pieces(self, k: int) -> tuple[Piece, ...]:
        """The pieces completion `k` (0-based) adds to the board."""
        if not 0 <= k < len(self):
            raise IndexError(k)
        if self.added == 0:
            return ()
        return tuple(self.placements[i] for i in self.indices[k * self.added : (k + 1) * self.added])

    def board_of(self, k: int) -> Board:
        """The board completed by completion `k` (0-based), written as Solve writes it."""
        return completed(self.board, self.pieces(k))

    def __reduce__(self) -> tuple[object, ...]:
        return (Completions, (self.board, self.placements, self.added, self.indices, self.found, self.more))


def listed(board: Board, found: int, indices: array[int], placements: tuple[Piece, ...]) -> Completions:
    """The completions `progress` has handed over so far, as a Completions (more to come)."""
    added = len(indices) // found if found else 0
    return Completions(board, placements, added, array(indices.typecode, indices), found, more=False)


def completed(board: Board, added: tuple[Piece, ...]) -> Board:
    """`board` with the pieces `added`, in the order the solver writes a completed board."""
    pieces = sorted(board.pieces + added, key=lambda p: (p.row, p.col, p.name))
    return board.replace(pieces=tuple(pieces), notes=())


def completions(
    board: Board,
    limit: int = LIMIT,
    *,
    cancel: Cancel = NEVER,
    progress: Callable[[int, array[int], tuple[Piece, ...] | None], None] | None = None,
) -> Completions:
    """The first `limit` completions of `board` (none when it cannot be completed), and
    whether there are more. `progress` hears (how many are listed so far, the placement
    indices of those listed since it last heard, and the first time the placements they
    index): the first one at once, then every `PROGRESS_EVERY`, so the first completions
    can be shown (with `listed`) while the rest are listed."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    problem = prepare(board)
    placements = _placements(problem)
    added = 0 if problem.reason is not None else bin(problem.empty).count("1") // 5
    indices: array[int] = array("H" if len(placements) < 1 << 16 else "I")
    found = 0
    told = 0  # indices already sent to `progress`
    more = False
    if problem.reason is None:
        for chosen in _listed(tables(problem), cancel):
            if found == limit:
                more = True
                break
            indices.extend(chosen)
            found += 1
            if progress is not None and (found == 1 or found % PROGRESS_EVERY == 0):
                progress(found, indices[told:], None if found > 1 else placements)
                told = len(indices)
    return Completions(board, placements, added, indices, found, more)


def nth(board: Board, k: int, *, cancel: Cancel = NEVER) -> Board | None:
    """Completion `k` (0-based) of `board`, in the same order, without keeping the ones
    before it; None when the board has no more than k completions."""
    problem = prepare(board)
    if problem.reason is not None or k < 0:
        return None
    placements = _placements(problem)
    for found, chosen in enumerate(_listed(tables(problem), cancel)):
        if found == k:
            return completed(board, tuple(placements[i] for i in chosen))
    return None


def _placements(problem: Problem) -> tuple[Piece, ...]:
    """Every placement of the problem, in the order of the solver's tables (by first cell)."""
    return tuple(placement.piece for old in cell_bits(problem.empty) for _m, _p, placement in problem.by_first[old])


def _listed(t: Tables, cancel: Cancel) -> Iterator[list[int]]:
    """Every completion as the indices of its placements, in the search's order."""
    masks, pieces, start = t.masks, t.pieces, t.start
    dead: set[int] = set()
    chosen: list[int] = []
    steps = 0

    def fill(empty: int, free: int) -> Iterator[list[int]]:
        nonlocal steps
        if not empty:
            yield chosen
            return
        key = empty << PIECE_BITS | free
        if key in dead:
            return
        steps += 1
        if steps % CHECK_EVERY == 0:
            cancel.check()
            if len(dead) > DEAD_LIMIT:
                dead.clear()
        first = (empty & -empty).bit_length() - 1
        alive = False
        for i in range(start[first], start[first + 1]):
            mask, piece = masks[i], pieces[i]
            if mask & empty == mask and piece & free:
                chosen.append(i)
                for done in fill(empty ^ mask, free ^ piece):
                    alive = True
                    yield done
                chosen.pop()
        if not alive:
            dead.add(key)

    yield from fill(t.empty, t.free)

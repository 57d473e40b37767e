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

import time
from array import array
from collections.abc import Callable, Iterator
from dataclasses import replace

from ..work import NEVER, Cancel
from .model import Board, Piece
from .solver import CHECK_EVERY, PIECE_BITS, SPLIT_DEPTH, SPLIT_STATES, Problem, Tables, cell_bits, prepare, tables

LIMIT = 10_000  # completions kept for browsing: placement indices, a dozen small numbers each
DEAD_LIMIT = 2_000_000  # remembered dead ends; past it the memory starts afresh
PROGRESS_EVERY = 250  # completions between progress reports (after the first, reported at once)
REPORT_SECONDS = 0.25  # and a report at least this often while the search goes on


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
        if found and not self.added:  # begun before the first completion was found
            self.added = len(self.indices) // found

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
    return replace(board, pieces=tuple(pieces), notes=())


Progress = Callable[[int, "array[int]", "tuple[Piece, ...] | None", float, int], None]


def completions(
    board: Board, limit: int = LIMIT, *, cancel: Cancel = NEVER, progress: Progress | None = None
) -> Completions:
    """The first `limit` completions of `board` (none when it cannot be completed), and
    whether there are more. `progress` hears (how many are listed so far, the placement
    indices of those listed since it last heard, the first time the placements they
    index, the parts of the search done (with the share of the part under way searched, a
    float), the parts in all): at the first completion, every
    `PROGRESS_EVERY`, and at least every `REPORT_SECONDS` while the search goes on, so the
    first completions can be shown (with `listed`) while the rest are listed, and a long
    search between two completions is seen to move."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    problem = prepare(board)
    placements = _placements(problem)
    added = 0 if problem.reason is not None else bin(problem.empty).count("1") // 5
    indices: array[int] = array("H" if len(placements) < 1 << 16 else "I")
    found = 0
    more = False
    if problem.reason is None:
        t = tables(problem)
        parts = _parts(t)
        sent, at, done_parts = 0, -1.0, 0.0  # indices already sent, when (monotonic; -1: never), parts done

        def report(done: float, now: bool = False) -> None:
            nonlocal sent, at, done_parts
            done_parts = done
            if progress is None or not now and time.monotonic() - at < REPORT_SECONDS:
                return
            progress(found, indices[sent:], placements if at < 0 else None, done, len(parts))
            sent, at = len(indices), time.monotonic()

        for chosen in _listed(t, cancel, parts, report):
            if found == limit:
                more = True
                break
            indices.extend(chosen)
            found += 1
            if found == 1 or found % PROGRESS_EVERY == 0:
                report(done_parts, now=True)
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


def _parts(t: Tables) -> list[tuple[int, int, tuple[int, ...]]]:
    """The search split as the count splits it (`solver.split`), each part with the
    placements that lead to it, in the search's order: listing the parts one after another
    lists the completions in the same order as one search, and how many parts are done
    says how far the listing has gone."""
    parts: list[tuple[int, int, tuple[int, ...]]] = [(t.empty, t.free, ())]
    for _ in range(SPLIT_DEPTH):
        if len(parts) >= SPLIT_STATES:
            break
        deeper: list[tuple[int, int, tuple[int, ...]]] = []
        for empty, free, chosen in parts:
            if not empty:
                deeper.append((empty, free, chosen))
                continue
            first = (empty & -empty).bit_length() - 1
            for i in range(t.start[first], t.start[first + 1]):
                mask, piece = t.masks[i], t.pieces[i]
                if mask & empty == mask and piece & free:
                    deeper.append((empty ^ mask, free ^ piece, (*chosen, i)))
        parts = deeper
    return parts


def _listed(
    t: Tables,
    cancel: Cancel,
    parts: list[tuple[int, int, tuple[int, ...]]] | None = None,
    tick: Callable[[float], None] | None = None,
) -> Iterator[list[int]]:
    """Every completion as the indices of its placements, in the search's order, part by
    part (`_parts`); `tick` hears the parts done now and then (with the share of the part
    under way searched), and after each part."""
    masks, pieces, start = t.masks, t.pieces, t.start
    dead: set[int] = set()
    chosen: list[int] = []
    steps = 0
    done = 0
    # Where the search is in the part: at each depth, [the placement tried (from 1), how many
    # there are], so the share of the part searched is known between two completions.
    path: list[list[int]] = []

    def position() -> float:
        share, width = 0.0, 1.0
        for tried, alternatives in path:
            width /= alternatives
            share += (tried - 1) * width
        return share

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
            if tick is not None:
                tick(done + position())
            if len(dead) > DEAD_LIMIT:
                dead.clear()
        first = (empty & -empty).bit_length() - 1
        alive = False
        low, high = start[first], start[first + 1]
        here = [0, max(1, high - low)]
        path.append(here)
        for i in range(low, high):
            here[0] = i - low + 1
            mask, piece = masks[i], pieces[i]
            if mask & empty == mask and piece & free:
                chosen.append(i)
                for done_ in fill(empty ^ mask, free ^ piece):
                    alive = True
                    yield done_
                chosen.pop()
        path.pop()
        if not alive:
            dead.add(key)

    for empty, free, prefix in parts if parts is not None else _parts(t):
        chosen[:] = prefix
        yield from fill(empty, free)
        done += 1
        if tick is not None:
            tick(done)

"""Completing a pentomino board on its surface: find one completion, count them all, or
give a hint.

The board stays as it is (its surface, size, terrain and placed pieces); each piece not
yet on it may be placed once, in any of its orientations, so that every empty cell is
covered exactly once. Where a piece's cells land is the codec's own `placed_cells`, so a
placement across a seam follows that surface's gluing exactly as drawing and conflicts do.

The search is an exact cover over bitboards: cells are the bits of a Python int, each
candidate placement is the mask of the cells it covers, and the search always fills the
first empty cell in its scan order, trying only the placements whose first cell that is.
Scanning along the board's shorter side keeps the filled part compact, which prunes
early; on a projective plane, a sphere and a square Klein bottle the scan follows the
twisted seams (`scan_order`). Two placements of one piece that cover the same cells (a symmetric piece
turned) are one placement: every distinct set of cells counts once, so the empty 6x10 rectangle
has 9,356 tilings (2,339 up to the rectangle's own symmetry).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, Any

from ..work import NEVER, Cancel, Cancelled
from .geometry import map_cell, paint, placed_cells
from .model import PIECES, Board, Piece
from .symmetry import image, orbits, symmetries

if TYPE_CHECKING:
    from .parts import PartsFile

CELLS_PER_PIECE = 5
CHECK_EVERY = 4096  # search steps between looks at the cancel flag
PIECE_BITS = 12  # a remembered state is (empty cells << PIECE_BITS) | free pieces


@dataclass(frozen=True, slots=True)
class Placement:
    """One way to put a piece down: how the board records it, and the cells it covers."""

    piece: Piece
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Problem:
    """A board set up for the search: the empty cells in scan order, the unused pieces
    and every placement that fits, as bit masks."""

    board: Board
    order: tuple[tuple[int, int], ...]  # bit i is cell order[i]
    empty: int  # mask of the empty cells
    pieces: tuple[str, ...]  # unused pieces; bit j of a piece mask is pieces[j]
    by_first: tuple[tuple[tuple[int, int, Placement], ...], ...]  # per bit: (cells, piece bit, placement)
    reason: str | None  # why it cannot be completed, when that is plain before any search


def scan_order(board: Board, reverse: bool = False) -> list[tuple[int, int]]:
    """The cells in the order the search fills them (`_sweep`), or that order reversed: a
    different search through the same completions, which checks a count made the usual
    way, where no symmetry of the board carries one order onto the other
    (`reverse_repeats`): the two then split and remember different sub-counts."""
    order = list(_sweep(board.surface, board.height, board.width))
    return order[::-1] if reverse else order


@cache
def _sweep(surface: str, height: int, width: int) -> tuple[tuple[int, int], ...]:
    """Of a few ways to sweep the board (along the columns or the rows, from both ends
    inward, along the diagonals), the one whose filled cells touch the fewest cells still
    to fill at its widest point: the search's memory of sub-counts meets the same state
    again only when those are few. On a rectangle that is along the short side; a
    projective plane, whose seams join each column's top to the bottom of the column
    mirrored across the board, fills from both ends inward, as does a tall Möbius strip;
    a sphere, whose top edge meets its right edge, by diagonals out from that corner. Ties
    go to the first: the short side."""
    board = Board(surface, height, width)
    cells = [(r, c) for r in range(height) for c in range(width)]
    columns = [(r, c) for c in range(width) for r in range(height)]
    inward_columns = [(r, c) for c in _inward(width) for r in range(height)]
    inward_rows = [(r, c) for r in _inward(height) for c in range(width)]
    sweeps: list[list[tuple[int, int]]] = (
        [columns, cells, inward_columns, inward_rows]
        if width > height
        else [cells, columns, inward_rows, inward_columns]
    )
    sweeps.append(sorted(cells, key=lambda rc: (rc[0] + width - 1 - rc[1], rc[0])))  # from the top-right corner
    sweeps.append(sorted(cells, key=lambda rc: (rc[0] + rc[1], rc[0])))  # from the top-left corner
    neighbours = {
        cell: [n for step in ((0, 1), (1, 0), (0, -1), (-1, 0)) if (n := _pair_cells(board, *cell, step)) is not None]
        for cell in cells
    }

    def touched(order: list[tuple[int, int]]) -> int:
        filled: set[tuple[int, int]] = set()
        front: set[tuple[int, int]] = set()
        widest = 0
        for cell in order:
            filled.add(cell)
            front.discard(cell)
            front.update(n for n in neighbours[cell] if n not in filled)
            widest = max(widest, len(front))
        return widest

    best = min(sweeps, key=touched)
    return tuple(best)


def _inward(n: int) -> list[int]:
    """0, n - 1, 1, n - 2, ...: from both ends toward the middle."""
    return [i for k in range((n + 1) // 2) for i in dict.fromkeys((k, n - 1 - k))]


def _cells(n: int) -> str:
    return f"{n} cell" if n == 1 else f"{n} cells"


def _regions(empty: set[tuple[int, int]], board: Board) -> list[int]:
    """Sizes of the groups of empty cells that touch, across the surface's seams."""
    neighbours: dict[tuple[int, int], set[tuple[int, int]]] = {cell: set() for cell in empty}
    for r, c in empty:
        for step in ((0, 1), (1, 0)):  # right and down; the links go both ways
            other = _pair_cells(board, r, c, step)
            if other is not None and other in empty:
                neighbours[(r, c)].add(other)
                neighbours[other].add((r, c))
    seen: set[tuple[int, int]] = set()
    sizes = []
    for start in empty:
        if start in seen:
            continue
        stack, size = [start], 0
        seen.add(start)
        while stack:
            cell = stack.pop()
            size += 1
            for other in neighbours[cell]:
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
        sizes.append(size)
    return sizes


def _pair_cells(board: Board, r: int, c: int, step: tuple[int, int]) -> tuple[int, int] | None:
    """The cell one step from (r, c) on the board's surface, or None past a wall."""
    x, y = r + step[0], c + step[1]
    if 0 <= x < board.height and 0 <= y < board.width:
        return (x, y)
    x, y, _t = map_cell(board.surface, board.height, board.width, x, y)
    return (x, y) if 0 <= x < board.height and 0 <= y < board.width else None


def prepare(board: Board, reverse: bool = False) -> Problem:
    """Set `board` up for the search: its empty cells, unused pieces and every placement
    that fits, or the plain reason it cannot be completed. `reverse`: the cells are filled
    in the reverse of the usual order (`scan_order`)."""
    painting = paint(board)
    order = scan_order(board, reverse)
    bit = {cell: i for i, cell in enumerate(order)}
    w = board.width
    covered = {divmod(i, w) for i, n in enumerate(painting.count) if n}
    empty_cells = [cell for cell in order if cell not in covered]
    empty_set = set(empty_cells)
    used = {p.name for p in board.pieces}
    pieces = tuple(name for name in PIECES if name not in used)
    reason = None
    if painting.overlaps or painting.overflow:
        reason = "pieces overlap or run off the board: mend those first"
    elif len(empty_cells) % CELLS_PER_PIECE:
        reason = f"{_cells(len(empty_cells))} empty, not a multiple of five (each piece covers five)"
    elif len(empty_cells) > CELLS_PER_PIECE * len(pieces):
        left = f"the {len(pieces)} pieces left cover" if len(pieces) != 1 else "the one piece left covers"
        reason = f"{_cells(len(empty_cells))} empty, but {left} only {CELLS_PER_PIECE * len(pieces)}"
    else:
        odd = sorted(size for size in _regions(empty_set, board) if size % CELLS_PER_PIECE)
        if odd:
            reason = f"{_cells(odd[0])} walled off from the rest: not a multiple of five"
    by_first: list[list[tuple[int, int, Placement]]] = [[] for _ in order]
    if reason is None:
        for j, name in enumerate(pieces):
            seen: set[int] = set()
            for r, c in order:
                for orientation in range(8):
                    rotation, reflected = orientation % 4, orientation >= 4
                    on, off = placed_cells(board.surface, board.height, w, name, r, c, rotation, reflected)
                    if off or len(on) != CELLS_PER_PIECE:
                        continue
                    cells = [(x, y) for x, y, _bits in on]
                    if len(set(cells)) != CELLS_PER_PIECE or not empty_set.issuperset(cells):
                        continue
                    mask = 0
                    for cell in cells:
                        mask |= 1 << bit[cell]
                    if mask in seen:
                        continue  # the same cells by another turn of a symmetric piece
                    seen.add(mask)
                    first = (mask & -mask).bit_length() - 1
                    placement = Placement(Piece(name, r, c, rotation, reflected), tuple(cells))
                    by_first[first].append((mask, 1 << j, placement))
    empty = 0
    for cell in empty_cells:
        empty |= 1 << bit[cell]
    return Problem(board, tuple(order), empty, pieces, tuple(tuple(p) for p in by_first), reason)


class BudgetSpentError(Exception):
    pass


def _search(problem: Problem, cancel: Cancel, deadline: float | None = None) -> Iterator[list[Placement]]:
    """Every completion, as the placements added, in a fixed order; past `deadline` (a
    time.perf_counter() reading) it gives up with BudgetSpentError."""
    if problem.reason is not None:
        return
    by_first = problem.by_first
    chosen: list[Placement] = []
    steps = 0

    def fill(empty: int, free: int) -> Iterator[list[Placement]]:
        nonlocal steps
        if not empty:
            yield list(chosen)
            return
        steps += 1
        if steps % CHECK_EVERY == 0:
            cancel.check()
        if deadline is not None and steps % 256 == 0 and time.perf_counter() > deadline:
            raise BudgetSpentError
        first = (empty & -empty).bit_length() - 1
        for mask, piece_bit, placement in by_first[first]:
            if mask & empty == mask and piece_bit & free:
                chosen.append(placement)
                yield from fill(empty ^ mask, free ^ piece_bit)
                chosen.pop()

    yield from fill(problem.empty, (1 << len(problem.pieces)) - 1)


def completable(board: Board, seconds: float = 0.25, *, cancel: Cancel = NEVER) -> bool | None:
    """Whether the board can be completed, if a search of `seconds` can tell (None when
    it would take longer: the window then offers the full check)."""
    try:
        for _added in _search(prepare(board), cancel, time.perf_counter() + seconds):
            return True
    except BudgetSpentError:
        return None
    return False


def _completed(board: Board, added: list[Placement]) -> Board:
    pieces = sorted(board.pieces + tuple(p.piece for p in added), key=lambda p: (p.row, p.col, p.name))
    return replace(board, pieces=tuple(pieces), notes=())


def solve(board: Board, *, cancel: Cancel = NEVER) -> Board | None:
    """The board completed (the pieces on it stay where they are), or None when it cannot be."""
    for added in _search(prepare(board), cancel):
        return _completed(board, added)
    return None


MEMORY_MB = 32  # the compiled search's memory of sub-counts unless asked otherwise (`count`)
MEMO_LIMIT = 4_000_000  # remembered sub-counts (a few hundred MB); past it the memory starts afresh
SPLIT_STATES = 96  # the count splits into at least this many subproblems (when the board has them)
SPLIT_DEPTH = 4  # ... placing at most this many pieces to get there
SYMMETRY_DEPTH = 2  # pieces put down one place per orbit of the board's symmetries
CLUSTER_CHUNK = 8  # subproblems sent to a cluster's worker at a time
CANCEL_POLL = 0.05  # seconds between looks at the count's Cancel while its threads work


@dataclass(frozen=True, slots=True)
class Tables:
    """The count's search, with the empty cells renumbered 0..n-1 in scan order (n <= 60,
    so a set of cells is one 64-bit word): placement i covers masks[i] and uses piece bit
    pieces[i]; those whose first cell is c are start[c]..start[c+1]-1. Plain tuples, so
    the tables travel to other processes and machines."""

    masks: tuple[int, ...]
    pieces: tuple[int, ...]
    start: tuple[int, ...]
    empty: int
    free: int
    # The cells next to each cell across the surface's seams (a set of cells), where every
    # placement's cells are joined through them: an empty cell in a group of fewer than
    # five that touch can then not be covered. Empty (no cell is ever found cut off) otherwise.
    neighbours: tuple[int, ...] = ()
    # The cells next to each placement and not in it (the search looks there for a cell it
    # cut off), () with no neighbours.
    around: tuple[int, ...] = ()


def cell_bits(mask: int) -> Iterator[int]:
    """The numbers of the cells (bits) of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _renumbering(problem: Problem) -> dict[int, int]:
    """The board's bit number of each empty cell -> its number among the empty cells."""
    return {cell: i for i, cell in enumerate(cell_bits(problem.empty))}


def tables(problem: Problem) -> Tables:
    index = _renumbering(problem)
    masks: list[int] = []
    pieces: list[int] = []
    start = [0]
    for old in sorted(index):
        for mask, piece, _placement in problem.by_first[old]:
            masks.append(image(mask, index))
            pieces.append(piece)
        start.append(len(masks))
    start.append(len(masks))  # the cell past the last: no placement starts there
    near = _neighbours(problem, index, masks)
    return Tables(
        tuple(masks),
        tuple(pieces),
        tuple(start),
        (1 << len(index)) - 1,
        (1 << len(problem.pieces)) - 1,
        near,
        tuple(_around(mask, near) for mask in masks) if near else (),
    )


def _around(mask: int, near: Sequence[int]) -> int:
    """The cells next to the cells of `mask` and not in it."""
    found = 0
    for cell in cell_bits(mask):
        found |= near[cell]
    return found & ~mask


def _neighbours(problem: Problem, index: dict[int, int], masks: list[int]) -> tuple[int, ...]:
    """`Tables.neighbours`: each empty cell's empty neighbours, renumbered as `index`; ()
    unless every placement's cells are joined through them (each is then within one group
    of empty cells that touch, which the search's look for a group cut off needs)."""
    bit = {cell: i for i, cell in enumerate(problem.order)}
    near: list[int] = []
    for old in sorted(index):
        r, c = problem.order[old]
        found = 0
        for step in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            other = _pair_cells(problem.board, r, c, step)
            if other is not None and bit.get(other) in index:
                found |= 1 << index[bit[other]]
        near.append(found)
    for mask in masks:
        reached = mask & -mask  # its first cell, then every cell of it that touches one reached
        while True:
            grown = reached | _around(reached, near) & mask
            if grown == reached:
                break
            reached = grown
        if reached != mask:
            return ()
    return tuple(near)


def _placements_by_piece(problem: Problem) -> list[list[int]]:
    """The masks where each free piece may lie, in the problem's bits."""
    placements: list[list[int]] = [[] for _ in problem.pieces]
    for entries in problem.by_first:
        for mask, piece, _placement in entries:
            placements[piece.bit_length() - 1].append(mask)
    return placements


def _symmetries(problem: Problem, placements: list[list[int]]) -> list[tuple[int, ...]]:
    board = problem.board
    return symmetries(board.height, board.width, problem.order, problem.empty, [set(p) for p in placements])


def reverse_repeats(board: Board) -> bool:
    """Whether a symmetry of `board` carries its sweep onto the sweep reversed (a
    rectangle's half turn, say): the count with `reverse` would then search the board's
    images in the same way, and check nothing the usual count does not."""
    problem = prepare(board)
    if problem.reason is not None:
        return False
    backwards = tuple(range(len(problem.order) - 1, -1, -1))
    return backwards in _symmetries(problem, _placements_by_piece(problem))


def by_symmetry(problem: Problem, depth: int) -> list[tuple[tuple[int, int], int]]:
    """The count's starting states with their weights, found from the board's symmetries
    (`symmetry`). For the free piece whose placements fall into the fewest orbits, one
    state per orbit (that piece put at one place of it) weighs the orbit's size, and where
    fewer cells are empty than the free pieces cover, the completions without that piece
    weigh 1. Each state is split again by the symmetries that keep its piece in place, up
    to `depth` pieces. A board with no symmetry but the identity starts from the one empty
    state, weighing 1."""
    placements = _placements_by_piece(problem)
    group = _symmetries(problem, placements)
    # (empty cells, free pieces, weight, the symmetries of that state), in the board's bits
    roots = [(problem.empty, (1 << len(problem.pieces)) - 1, 1, group)]
    for _ in range(depth):
        deeper = []
        for empty, free, weight, kept in roots:
            pieces = [j for j in range(len(problem.pieces)) if free >> j & 1]
            if len(kept) < 2 or not pieces:
                deeper.append((empty, free, weight, kept))
                continue
            fitting = {j: [m for m in placements[j] if m & empty == m] for j in pieces}
            j, split = min(
                ((j, orbits(fitting[j], kept)) for j in pieces), key=lambda pair: (len(pair[1]), len(fitting[pair[0]]))
            )
            for mask, size in split:
                stays = [g for g in kept if image(mask, g) == mask]
                deeper.append((empty ^ mask, free ^ 1 << j, weight * size, stays))
            if empty.bit_count() < CELLS_PER_PIECE * len(pieces):
                deeper.append((empty, free ^ 1 << j, weight, kept))  # more pieces than room: those without it
        roots = deeper
    index = _renumbering(problem)
    return [((image(empty, index), free), weight) for empty, free, weight, _kept in roots]


def split(
    t: Tables, least: int = SPLIT_STATES, deepest: int = SPLIT_DEPTH, start: tuple[int, int] | None = None
) -> list[tuple[int, int]]:
    """Independent subproblems whose counts add up to the whole: the states (empty cells,
    free pieces) after every way of covering the first cells, one piece at a time, until
    there are at least `least` of them (or `deepest` pieces are placed), from `start` (the
    empty board's state when None). A completion reached early is the state (0, free),
    which counts 1."""
    states = [start if start is not None else (t.empty, t.free)]
    for _ in range(deepest):
        if len(states) >= least:
            break
        deeper: list[tuple[int, int]] = []
        for empty, free in states:
            if not empty:
                deeper.append((empty, free))
                continue
            first = (empty & -empty).bit_length() - 1
            for i in range(t.start[first], t.start[first + 1]):
                mask, piece = t.masks[i], t.pieces[i]
                if mask & empty == mask and piece & free:
                    deeper.append((empty ^ mask, free ^ piece))
        states = deeper
    return states


def _count_python(
    t: Tables, states: list[tuple[int, int]], cap: int, cancel: Cancel, memo: dict[int, int]
) -> list[int]:
    """The count of each state, in Python, as the compiled search counts (which stops also
    below a group of two to four cells cut off; here only one cell alone is looked for)."""
    steps = 0
    near, around = t.neighbours, t.around

    def cut_off(empty: int, i: int) -> bool:
        """Whether the placement `i` leaves a cell next to it with no empty neighbour."""
        cells = around[i] & empty
        while cells:
            low = cells & -cells
            if not near[low.bit_length() - 1] & empty:
                return True
            cells ^= low
        return False

    def below(empty: int, free: int) -> int:
        nonlocal steps
        if not empty:
            return 1
        key = empty << PIECE_BITS | free
        known = memo.get(key)
        if known is not None:
            return known
        steps += 1
        if steps % CHECK_EVERY == 0:
            cancel.check()
            if len(memo) > MEMO_LIMIT:
                memo.clear()
        total = 0
        first = (empty & -empty).bit_length() - 1
        for i in range(t.start[first], t.start[first + 1]):
            mask, piece = t.masks[i], t.pieces[i]
            if mask & empty == mask and piece & free and not (around and cut_off(empty ^ mask, i)):
                total += below(empty ^ mask, free ^ piece)
                if total >= cap > 0:
                    total = cap
                    break
        memo[key] = total
        return total

    return [below(empty, free) for empty, free in states]


def compiled_available() -> bool:
    """Whether the compiled search can run here (numba installed), without importing it."""
    import importlib.util

    return importlib.util.find_spec("numba") is not None


class _Stop:
    """A flag that stops the count's workers: the Python search hears it through a Cancel,
    the compiled one through a one-byte array it looks at now and then."""

    def __init__(self, compiled: bool) -> None:
        self.cancel = Cancel()
        self.flag: Any = None
        if compiled:
            import numpy as np

            self.flag = np.zeros(1, np.uint8)

    def set(self) -> None:
        self.cancel.set()
        if self.flag is not None:
            self.flag[0] = 1

    def is_set(self) -> bool:
        return self.cancel.is_set()


class _Counter:
    """Counts states of one board's tables, compiled or in Python, remembering sub-counts
    from one batch of states to the next (in `slots`, the compiled search's memory, which
    counters on other threads may share); raises Cancelled once `stop` is set."""

    def __init__(
        self, t: Tables, engine: str, stop: _Stop | None = None, slots: Any = None, memory: int = MEMORY_MB
    ) -> None:
        self.t = t
        self.memory = memory
        self.engine = engine
        self.stop = stop if stop is not None else _Stop(engine == "compiled")
        self.memo: dict[int, int] = {}
        self.arrays: tuple[Any, ...] | None = None
        self.slots = slots

    def __call__(self, states: list[tuple[int, int]], cap: int) -> list[int]:
        if self.engine == "python":
            return _count_python(self.t, states, cap, self.stop.cancel, self.memo)
        import numpy as np

        from . import kernel

        if self.arrays is None:
            self.arrays = (
                np.array(self.t.masks, np.uint64),
                np.array(self.t.pieces, np.uint64),
                np.array(self.t.start, np.int64),
                *kernel.cut_off_tables(self.t.around, self.t.neighbours),
            )
        if self.slots is None:
            self.slots = kernel.new_memo(self.memory)
        empties = np.array([e for e, _f in states], np.uint64)
        frees = np.array([f for _e, f in states], np.uint64)
        counts = np.zeros(len(states), np.int64)
        done = kernel.compiled()(*self.arrays, empties, frees, cap, self.slots, counts, self.stop.flag)
        if done < len(states):
            raise Cancelled
        return [int(c) for c in counts]


def choose_engine(engine: str | None) -> str:
    """ "compiled" where numba is installed (or asked for), else "python"."""
    if engine in (None, "auto"):
        return "compiled" if compiled_available() else "python"
    if engine not in ("compiled", "python"):
        raise ValueError(f"unknown engine {engine!r}")
    return engine


_worker = threading.local()  # a cluster's workers may be threads of one process


def count_chunk(t: Tables, states: list[tuple[int, int]], cap: int, engine: str) -> list[int]:
    """The counts of some states of one board (run in another process or on a cluster's
    worker: it keeps what it has counted of the board for its next chunk)."""
    counter = getattr(_worker, "counter", None)
    if counter is None or counter.t != t or counter.engine != engine:
        counter = _worker.counter = _Counter(t, engine)
    return counter(states, cap)


def _chunks(states: list[tuple[int, int]], size: int) -> list[list[tuple[int, int]]]:
    return [states[i : i + size] for i in range(0, len(states), size)]


def count(
    board: Board,
    limit: int | None = None,
    *,
    cancel: Cancel = NEVER,
    progress: Callable[[int, float], None] | None = None,
    jobs: int = 1,
    engine: str | None = None,
    dask: str | None = None,
    symmetric: bool = True,
    memory: int = MEMORY_MB,
    parts: PartsFile | None = None,
    reverse: bool = False,
) -> tuple[int, bool]:
    """(how many completions, whether that is all of them): the count stops at `limit`.

    Many ways of filling a corner leave the same cells and pieces for the rest, so the
    count of what is left is remembered by (empty cells, free pieces): the 6x10 rectangle
    takes seconds rather than a minute. With a limit, every sub-count is capped at it,
    which keeps "at least `limit`" exact. Without one, and unless `symmetric` is False,
    the board's symmetries count one place of a piece for each of its orbits, weighed by
    the orbit's size (`by_symmetry`): the 4x15 torus takes seconds, not hours. The search
    splits into independent subproblems (the ways to cover the first cells); `jobs`
    threads count them side by side (the compiled search, which lets go of Python's lock;
    the Python one counts on one), or a Dask cluster at the address `dask` does.
    `progress` hears (completions counted so far, share of the subproblems done) as they
    finish. `memory`: megabytes for the compiled search's memory of sub-counts on this
    machine (more makes a long count shorter: `kernel.new_memo`). `engine`: "compiled" (numba), "python", or None for compiled where numba is
    installed. `parts`: a file that keeps each subproblem's count as it finishes, and
    whose counts are not counted again (`parts.PartsFile`: a count stopped goes on).
    `reverse`: the search fills the cells in the reverse of the usual order, a second
    search through the same completions that checks a count (`scan_order`)."""
    problem = prepare(board, reverse)
    if problem.reason is not None:
        return 0, True
    how = choose_engine(engine)
    t = tables(problem)
    roots = by_symmetry(problem, SYMMETRY_DEPTH) if symmetric and limit is None else [((t.empty, t.free), 1)]
    states: list[tuple[int, int]] = []
    weights: list[int] = []
    for root, weight in roots:
        below = split(t, max(1, SPLIT_STATES // len(roots)), start=root)
        states += below
        weights += [weight] * len(below)
    cap = limit if limit is not None else -1
    total = len(states)
    todo = list(range(total))
    found = 0
    if parts is not None:
        if limit is not None:
            raise ValueError("a count kept in parts counts every completion: no limit")
        from .parts import part_keys, split_digest

        known = parts.known(split_digest(states, weights), part_keys(states, weights))
        found = sum(weights[i] * n for i, n in known.items())
        todo = [i for i in todo if i not in known]
        states = [states[i] for i in todo]
    done = total - len(todo)
    if progress is not None and done:
        progress(found, done / total)

    def heard(first: int, counts: list[int]) -> bool:
        """Add the counts of the states from `first` on; True once the limit is reached."""
        nonlocal found, done
        at = todo[first : first + len(counts)]
        if parts is not None:
            parts.add(at, counts)
        found += sum(weights[i] * n for i, n in zip(at, counts))
        done += len(counts)
        if progress is not None:
            progress(min(found, cap) if cap > 0 else found, done / total)
        return found >= cap > 0

    if not states:
        pass  # every part counted before (`parts`)
    elif dask is not None:
        from .cluster import count_on_cluster

        size = CLUSTER_CHUNK
        count_on_cluster(
            dask,
            count_chunk,
            t,
            _chunks(states, size),
            cap,
            how,
            lambda k, counts: heard(k * size, counts),
            cancel,
        )
    else:
        # The Python search holds Python's lock: more threads would only take turns.
        _count_on_threads(t, states, cap, how, jobs if how == "compiled" else 1, heard, cancel, memory)
    if limit is not None and found >= limit:
        return limit, False
    return found, True


class _Deadline(Cancel):
    """A Cancel that also stops the work once a time has passed (perf_counter reading)."""

    def __init__(self, cancel: Cancel, deadline: float) -> None:
        super().__init__()
        self._event = cancel._event
        self.deadline = deadline

    def check(self) -> None:
        super().check()
        if time.perf_counter() > self.deadline:
            raise BudgetSpentError


def count_within(board: Board, seconds: float, *, cancel: Cancel = NEVER) -> int | None:
    """The number of completions, if the pure-Python count finds them all within
    `seconds` (None when it would take longer): "completions left" after an edit."""
    problem = prepare(board)
    if problem.reason is not None:
        return 0
    t = tables(problem)
    try:
        return _count_python(t, [(t.empty, t.free)], -1, _Deadline(cancel, time.perf_counter() + seconds), {})[0]
    except BudgetSpentError:
        return None


def count_on_every_core(
    board: Board, *, cancel: Cancel = NEVER, progress: Callable[[int, float], None] | None = None
) -> tuple[int, bool]:
    """`count` on one thread per core."""
    import os

    return count(board, cancel=cancel, progress=progress, jobs=os.cpu_count() or 1)


class WorkerFailedError(RuntimeError):
    """A thread of the count failed (it ran out of memory, say): the count stops."""


class _Shelf:
    """The subproblems, in scan order, shared out between workers. Each worker counts a run
    of neighbouring subproblems, a few at a time from its front: neighbours leave much the
    same cells and pieces below them, so the sub-counts it remembers serve it next (and
    the workers rarely write over each other's). A worker whose run is done takes the
    back half of the longest run left, so all stay busy to the end."""

    def __init__(self, total: int, workers: int, chunk: int) -> None:
        self._lock = threading.Lock()
        bounds = [total * i // workers for i in range(workers + 1)]
        self._runs = [[bounds[i], bounds[i + 1]] for i in range(workers)]
        self._chunk = chunk

    def take(self, worker: int) -> tuple[int, int] | None:
        """The next subproblems for `worker` (from, to), or None when none is left."""
        with self._lock:
            run = self._runs[worker]
            if run[0] >= run[1]:
                longest = max(self._runs, key=lambda r: r[1] - r[0])
                left = longest[1] - longest[0]
                if left <= 0:
                    return None
                middle = longest[0] if left <= self._chunk else longest[1] - left // 2
                run[0], run[1] = middle, longest[1]
                longest[1] = middle
            start, end = run[0], min(run[1], run[0] + self._chunk)
            run[0] = end
            return start, end


def _count_on_threads(
    t: Tables,
    states: list[tuple[int, int]],
    cap: int,
    engine: str,
    jobs: int,
    heard: Callable[[int, list[int]], bool],
    cancel: Cancel,
    memory: int = MEMORY_MB,
) -> None:
    """Count `states` on `jobs` threads, which share one memory of sub-counts, handing
    every chunk's counts to `heard` on this thread as it comes (in any order, with the
    index of the chunk's first state). Stops every thread, within a millisecond, once
    `heard` says so, on Cancel, or when one fails."""
    import queue

    jobs = max(1, min(jobs, len(states)))
    slots = None
    if engine == "compiled":
        from . import kernel

        kernel.compiled()  # loaded once, here, before the threads ask for it
        slots = kernel.new_memo(memory)
    # A few dozen chunks per worker: progress moves often, and each call costs little.
    shelf = _Shelf(len(states), jobs, max(1, len(states) // (jobs * 32)))
    stop = _Stop(engine == "compiled")
    results: queue.SimpleQueue[tuple[int, list[int]] | BaseException | None] = queue.SimpleQueue()

    def work(worker: int) -> None:
        try:
            counter = _Counter(t, engine, stop, slots)
            while not stop.is_set():
                taken = shelf.take(worker)
                if taken is None:
                    break
                results.put((taken[0], counter(states[taken[0] : taken[1]], cap)))
        except Cancelled:
            pass
        except BaseException as error:  # noqa: BLE001 - told to the counting thread, which raises it
            results.put(error)
        finally:
            results.put(None)

    threads = [threading.Thread(target=work, args=(i,), name=f"slugboard-count-{i}", daemon=True) for i in range(jobs)]
    for thread in threads:
        thread.start()
    running = jobs
    try:
        while running and not cancel.is_set():
            try:
                item = results.get(timeout=CANCEL_POLL)
            except queue.Empty:
                continue
            if item is None:
                running -= 1
            elif isinstance(item, BaseException):
                reason = str(item) or (
                    "there was not enough memory" if isinstance(item, MemoryError) else type(item).__name__
                )
                raise WorkerFailedError(f"part of the count failed: {reason}") from item
            elif heard(*item):
                break
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    cancel.check()


def hint(board: Board, *, cancel: Cancel = NEVER) -> Placement | None:
    """One piece of one completion: the one on the empty cell with the fewest placements
    (where a person has the least choice), or None when there is no completion or none is
    left to place (a complete board)."""
    problem = prepare(board)
    bit = {cell: i for i, cell in enumerate(problem.order)}
    for added in _search(problem, cancel):
        if not added:
            return None
        return min(added, key=lambda p: min(_placements_covering(problem, bit[cell]) for cell in p.cells))
    return None


def _placements_covering(problem: Problem, index: int) -> int:
    return sum(1 for group in problem.by_first for mask, _piece, _p in group if mask >> index & 1)


def reason(board: Board) -> str | None:
    """Why the board cannot be completed, when that is plain without searching."""
    return prepare(board).reason

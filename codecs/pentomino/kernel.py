"""The count's inner search, compiled by numba when numba is installed.

The search is the one of `solver.count`: fill the first empty cell in scan order with each
placement whose first cell it is, and remember the count below every (empty cells, free
pieces) state. Here the empty cells are renumbered 0..n-1 in scan order (n is at most 60:
twelve pieces of five cells), so a state fits one 64-bit word and a 16-bit word, and the
memory is a fixed table of buckets (a cache, so it never grows past its size). A bucket
holds two states, as a chess engine's hash table does: one slot keeps the state whose count
took the most work, the other the newest, so the counts of large subtrees, the ones worth
remembering, are not pushed out by the many small ones counted after them. After each
piece put down, the empty cells next to it are looked at, and when one of them lies in a
group of fewer than five empty cells cut off from the rest, nothing below is searched (no
piece could cover it); the Python search looks only for a cell alone, and finds the other
zeros by searching on, so the two still count alike. numba compiles it once
per machine and keeps the machine code in the user's cache folder; where numba is missing
the pure-Python search of `solver` runs.

The search holds no lock of Python's (`nogil`), so one count runs it on several threads
at once, all sharing one memory; another thread stops it through a flag it looks at.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np  # numba's own dependency: this module is imported only where numba is

from ..files import cache_folder

PIECE_BITS = 12  # the free pieces: one bit for each of the twelve
WORK_BITS = 6  # how much work a state's count took: the bit length of its search's steps
STOP_MASK = (1 << 16) - 1  # steps between looks at the stop flag: well under a millisecond
_lock = threading.Lock()


@cache
def compiled() -> Callable[..., Any]:
    """The compiled search: numba is imported here, on first use, and not before."""
    with _lock:
        folder = Path(cache_folder(), "numba")  # the user's cache folder, not the package
        try:
            folder.mkdir(parents=True, exist_ok=True)
            os.environ.setdefault("NUMBA_CACHE_DIR", str(folder))
        except OSError:
            pass  # numba then keeps it beside the package, or compiles each time
        import numba  # type: ignore[import-untyped, unused-ignore]

        # The helpers first, in the module's names, where numba looks for what the search
        # calls; the compiler inlines them, so the split costs nothing at run time (the
        # same CPU time on the 5x12 cylinder and 4x15 torus, benchmarks/pentomino_count.py).
        helpers = globals()
        for name in ("_cut_off", "_work", "_remember"):
            if not hasattr(helpers[name], "py_func"):
                helpers[name] = numba.njit(cache=True, nogil=True)(helpers[name])
        return numba.njit(cache=True, nogil=True)(_count_states)  # type: ignore[no-any-return, unused-ignore]


def memo_slots(megabytes: int) -> int:
    """How many slots a memory of `megabytes` holds: a power of two, 16 bytes each, at
    least 2**16 (two to a bucket; the bucket is the top bits of a hash)."""
    return 1 << max(16, (max(1, megabytes) * (1 << 20) // 16).bit_length() - 1)


def new_memo(megabytes: int) -> Any:
    """Empty memo buckets of two slots, each slot two words: the state's empty cells XOR
    the second word, then its count, the work it took and its free pieces
    (count << (WORK_BITS + PIECE_BITS) | work << PIECE_BITS | free: counts up to 2**46,
    far past any board of twelve pieces), so one look reads 32 bytes of one cache line.
    Threads counting one board share it: a slot read while another thread writes it (one
    word old, one new) fails the XOR check and is counted afresh, as in a chess engine's
    shared transposition table. Zeroed pages, which the system hands out as they are first
    written. A long count gains from more (`--memory`, like a chess engine's hash size:
    benchmarks/pentomino_count.py --memory-boards); a short one loses the time the system
    takes to hand out the pages."""
    return np.zeros((memo_slots(megabytes) // 2, 4), np.uint64)


# The number of a set's lowest cell, from the cell alone: a de Bruijn sequence times the
# cell's bit has a different top six bits for each of the 64 cells.
DEBRUIJN = 0x03F79D71B4CB0A89
DEBRUIJN_INDEX = np.zeros(64, np.int64)
for _bit in range(64):
    DEBRUIJN_INDEX[((DEBRUIJN << _bit) & (1 << 64) - 1) >> 58] = _bit
RING = 20  # the most cells next to a pentomino and not in it: four for each of its five


def cut_off_tables(around: tuple[int, ...], neighbours: tuple[int, ...]) -> tuple[Any, Any]:
    """(ring, near) for `_count_states`: ring[i] the cells next to placement i and not in
    it, by number (-1 after the last: `solver.Tables.around`), near[c] the cells next to
    cell c (`solver.Tables.neighbours`). Without them, no ring: no state is found cut off."""
    ring = np.full((max(1, len(around)), RING), -1, np.int8)
    near = np.array(neighbours or (0,), np.uint64)
    for i, cells in enumerate(around):
        for k in range(cells.bit_count()):
            low = cells & -cells
            ring[i, k] = low.bit_length() - 1
            cells ^= low
    return ring, near


def _cut_off(ne: Any, j: int, ring: Any, near: Any) -> bool:  # pragma: no cover - run compiled
    """Whether placement `j`, just put down to leave the empty cells `ne`, leaves an empty
    cell next to it in a group of fewer than five empty cells (none of which can be
    covered). Compiled with `_count_states` (`compiled`)."""
    one = np.uint64(1)
    for side in range(RING):
        c = ring[j, side]
        if c < 0:
            break
        if (ne >> np.uint64(c)) & one == 0:
            continue
        region = one << np.uint64(c)
        todo = region
        size = 1
        while todo != 0 and size < 5:
            low = todo & (~todo + one)
            todo ^= low
            x = DEBRUIJN_INDEX[(low * np.uint64(DEBRUIJN)) >> np.uint64(58)]
            new = near[x] & ne & ~region
            region |= new
            todo |= new
            while new != 0:
                new &= new - one
                size += 1
        if size < 5:
            return True
    return False


def _work(spent: int) -> Any:  # pragma: no cover - run compiled
    """How much work `spent` steps are, as a memo slot keeps it: their bit length, at most
    WORK_BITS bits' worth."""
    work = np.uint64(0)
    while spent > 0 and work < np.uint64((1 << WORK_BITS) - 1):
        spent >>= 1
        work += np.uint64(1)
    return work


def _remember(memo: Any, slot: Any, empty: Any, word: Any, work: Any) -> None:  # pragma: no cover - run compiled
    """Keep a state's count (`word`, as `new_memo` describes it) in its bucket: in the slot
    of the most work when it took at least as much as the state there, which moves to the
    slot of the newest; else in the slot of the newest."""
    kept = memo[slot, 1]
    if work >= (kept >> np.uint64(PIECE_BITS)) & np.uint64((1 << WORK_BITS) - 1):
        memo[slot, 2] = memo[slot, 0]
        memo[slot, 3] = kept
        memo[slot, 0] = empty ^ word
        memo[slot, 1] = word
    else:
        memo[slot, 2] = empty ^ word
        memo[slot, 3] = word


def _count_states(  # pragma: no cover - run compiled; `solver` runs the same search in Python
    masks: Any,
    pieces: Any,
    start: Any,
    ring: Any,
    near: Any,
    empties: Any,
    frees: Any,
    cap: int,
    memo: Any,
    counts: Any,
    stop: Any,
) -> int:
    """counts[k] = the completions of state (empties[k], frees[k]), each capped at `cap` when
    cap > 0; returns how many states it counted, all unless another thread set stop[0]
    (looked at every STOP_MASK + 1 steps). masks/pieces: the placements; those of cell i are
    start[i]..start[i+1]-1; ring/near: `cut_off_tables`. Written for numba: plain loops over
    arrays, every integer that holds cells unsigned 64-bit."""
    one = np.uint64(1)
    mult_a, mult_b = np.uint64(0x9E3779B97F4A7C15), np.uint64(0xC2B2AE3D27D4EB4F)
    bits = 0
    while (1 << bits) < memo.shape[0]:
        bits += 1
    shift = np.uint64(64 - bits)
    piece_bits = np.uint64(PIECE_BITS)
    count_shift = np.uint64(WORK_BITS + PIECE_BITS)
    free_mask = np.uint64((1 << PIECE_BITS) - 1)
    # The search's stack, a level for each piece put down.
    st_empty, st_free = np.zeros(16, np.uint64), np.zeros(16, np.uint64)
    st_index, st_end = np.zeros(16, np.int64), np.zeros(16, np.int64)
    st_total, st_steps = np.zeros(16, np.int64), np.zeros(16, np.int64)
    steps = 0
    n: int = empties.shape[0]
    for k in range(n):
        if empties[k] == 0:
            counts[k] = 1
            continue
        d = 0
        st_empty[0] = empties[k]
        st_free[0] = frees[k]
        first = 0
        while (empties[k] >> np.uint64(first)) & one == 0:
            first += 1
        st_index[0] = start[first]
        st_end[0] = start[first + 1]
        st_total[0] = 0
        st_steps[0] = steps
        while True:
            steps += 1
            if steps & STOP_MASK == 0 and stop[0] != 0:
                return k
            if st_index[d] < st_end[d] and not (cap > 0 and st_total[d] >= cap):
                j = st_index[d]
                st_index[d] = j + 1
                m = masks[j]
                p = pieces[j]
                if (m & st_empty[d]) != m or (p & st_free[d]) == 0:
                    continue
                ne = st_empty[d] ^ m
                nf = st_free[d] ^ p
                if ne == 0:
                    st_total[d] += 1
                    continue
                # An empty cell next to the piece in a group of fewer than five empty
                # cells cannot be covered: nothing below counts.
                if _cut_off(ne, j, ring, near):
                    continue
                slot = ((ne * mult_a) ^ (nf * mult_b)) >> shift
                word = memo[slot, 1]
                if memo[slot, 0] ^ word == ne and word & free_mask == nf:
                    st_total[d] += np.int64(word >> count_shift)
                    continue
                word = memo[slot, 3]
                if memo[slot, 2] ^ word == ne and word & free_mask == nf:
                    st_total[d] += np.int64(word >> count_shift)
                    continue
                d += 1
                st_empty[d] = ne
                st_free[d] = nf
                first = 0
                while (ne >> np.uint64(first)) & one == 0:
                    first += 1
                st_index[d] = start[first]
                st_end[d] = start[first + 1]
                st_total[d] = 0
                st_steps[d] = steps
            else:
                total = st_total[d]
                if cap > 0 and total > cap:
                    total = cap
                work = _work(steps - st_steps[d])
                slot = ((st_empty[d] * mult_a) ^ (st_free[d] * mult_b)) >> shift
                word = (np.uint64(total) << count_shift) | (work << piece_bits) | st_free[d]
                _remember(memo, slot, st_empty[d], word, work)
                if d == 0:
                    counts[k] = total
                    break
                d -= 1
                st_total[d] += total
    return n

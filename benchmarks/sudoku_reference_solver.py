"""The sudoku solver Slugboard used before its bounded one, kept as the reference that
benchmarks/sudoku_solver.py compares against: singles propagation, branching on the cell
with fewest candidates, and restarts in a shuffled order with a doubling node budget.
Its worst case is unbounded (the "no solution" puzzle below keeps it busy for minutes).
Its propagation (naked and hidden singles) is the same as the new solver's, and shared
with it; the search around it is the old one."""

from __future__ import annotations

import random

from slugboard.codecs.sudoku import Board, conflict_cells
from slugboard.codecs.sudoku.solver import _ALL, _DIGIT_OF, _POPCOUNT, _propagate


class _OutOfNodesError(Exception):
    pass


def _search(cand: list[int], placed: bytearray, limit: int, found: list, state: list) -> int:
    """Depth-first search on the cell with fewest candidates. `state` is
    [nodes left, random order source or None]; `found` collects distinct solutions."""
    state[0] -= 1
    if state[0] < 0:
        raise _OutOfNodesError
    if not _propagate(cand, placed):
        return 0
    best, best_count = -1, 10
    for i in range(81):
        m = cand[i]
        if m & (m - 1):
            n = _POPCOUNT[m]
            if n < best_count:
                best, best_count = i, n
                if n == 2:
                    break
    if best < 0:
        solution = tuple(_DIGIT_OF[m] for m in cand)
        if solution not in found:
            found.append(solution)
        return 1
    bits = []
    m = cand[best]
    while m:
        bit = m & -m
        m ^= bit
        bits.append(bit)
    if state[1] is not None:
        state[1].shuffle(bits)
    total = 0
    for bit in bits:
        if total >= limit:
            break
        branch = cand[:]
        branch[best] = bit
        total += _search(branch, bytearray(placed), limit - total, found, state)
    return total


def _start(board: Board) -> list[int] | None:
    if conflict_cells(board):
        return None
    return [1 << (d - 1) if d else _ALL for d in board.cells]


def _run(board: Board, limit: int) -> tuple[int, list]:
    """Count solutions up to `limit`, returning (count, solutions found).

    A fixed search order has rare puzzles on which one early wrong guess costs minutes
    (Norvig's "hard1"). So the search runs with a node budget; when the budget runs out
    it restarts with a shuffled digit order and twice the budget. Solutions found in
    abandoned runs are kept, so `limit` distinct solutions end the count early.
    """
    start = _start(board)
    if start is None:
        return 0, []
    found: list = []
    budget = 1500
    for attempt in range(64):
        state = [budget, random.Random(attempt) if attempt else None]
        try:
            count = _search(start[:], bytearray(81), limit, found, state)
            return count, found
        except _OutOfNodesError:
            if len(found) >= limit:
                return limit, found
            budget *= 2
    raise RuntimeError("sudoku search did not finish")  # unreachable: the budget grows without bound


def count_solutions(board: Board, limit: int = 2) -> int:
    return _run(board, limit)[0]

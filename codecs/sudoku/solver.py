"""Solving sudoku: counting solutions up to a limit, and finding one.

Candidates are 9-bit masks, one per cell. After each choice, propagation fills naked
singles (a cell with one candidate) and hidden singles (a digit with one place in a
unit) until nothing changes. The search branches on the tightest choice it can find: a
cell with two candidates, else a digit with two places in a unit (the exact-cover view
of a sudoku, where a unit's digit is a constraint as much as a cell is), else the cell
with fewest candidates.

That alone leaves rare puzzles whose contradiction lies deep under many branches (the
published "no solution" puzzle that keeps a plain backtracker busy for minutes). So near
the top of the tree every two-way choice is also probed: each side is propagated, and a
side that fails at once fixes the other. Probing costs a propagation per choice; it is
done at the root, and deeper as a search grows, which keeps easy puzzles fast and proves
the hard contradictions in milliseconds. Against the other heavy tail (a satisfiable
puzzle whose first choices lead into a large fruitless subtree), attempts restart in a
new random order with a doubling budget of nodes; the last attempt has no budget, so
the search is complete and "no solution" is an answer, not a time-out.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..work import NEVER, Cancel
from .model import PEERS, UNITS, Board
from .rules import conflict_cells

_ALL = 0x1FF
_DIGIT_OF = {1 << d: d + 1 for d in range(9)}
_POPCOUNT = tuple(bin(m).count("1") for m in range(512))
# Nodes between two looks at the cancel flag.
_CANCEL_EVERY = 256
# A search whose first choices lead into a large fruitless subtree can cost thousands of
# times what another order costs (a heavy tail). So attempts run with a budget of nodes,
# doubled each time, each in a new random order of choices; solutions found on the way
# are kept, and after _ATTEMPTS the search runs without a budget.
# Probing the root pays on sparse grids, where the hard contradictions hide and two-way
# choices are few; a dense grid has dozens of them and its search is short anyway.
_PROBE_OPEN_CELLS = 54
_FIRST_BUDGET = 1000
_ATTEMPTS = 8
# Probing pays where the tree is large: each attempt probes this many levels deeper.
_PROBE_DEPTH_STEP = 2


def _propagate(cand: list[int], placed: bytearray) -> bool:
    """Naked and hidden singles until nothing changes; False on a contradiction.
    `placed` marks the cells whose digit has been taken from their peers."""
    queue = [i for i in range(81) if not placed[i] and not cand[i] & (cand[i] - 1)]
    peers = PEERS
    while True:
        while queue:
            i = queue.pop()
            if placed[i]:
                continue
            placed[i] = 1
            m = cand[i]
            if not m:
                return False
            for p in peers[i]:
                pm = cand[p]
                if pm & m:
                    pm ^= m
                    if not pm:
                        return False
                    cand[p] = pm
                    if not pm & (pm - 1):
                        queue.append(p)
        for unit in UNITS:
            once = twice = 0
            for i in unit:
                m = cand[i]
                twice |= once & m
                once |= m
            if once != _ALL:
                return False
            hidden = once & ~twice
            if hidden:
                for i in unit:
                    m = cand[i]
                    h = m & hidden
                    if h and h != m:
                        if h & (h - 1):
                            return False
                        cand[i] = h
                        queue.append(i)
        if not queue:
            return True


def _two_place_digits(cand: list[int], unit: tuple[int, ...]) -> int:
    """The digits (as a mask) with exactly two open places left in `unit`."""
    one = two = three = 0
    for i in unit:
        m = cand[i]
        if m & (m - 1):
            three |= two & m
            two |= one & m
            one |= m
    return two & ~three


def _two_way_choices(cand: list[int]) -> list[tuple[int, int, int, int]]:
    """Every two-way choice left: (cell, digit bit, cell, digit bit) meaning "the first
    or the second". A cell with two candidates, then a unit digit with two places."""
    choices = []
    for i in range(81):
        m = cand[i]
        if m & (m - 1) and _POPCOUNT[m] == 2:
            low = m & -m
            choices.append((i, low, i, m ^ low))
    for unit in UNITS:
        exactly_two = _two_place_digits(cand, unit)
        while exactly_two:
            bit = exactly_two & -exactly_two
            exactly_two ^= bit
            places = [i for i in unit if cand[i] & bit]
            if len(places) == 2:
                choices.append((places[0], bit, places[1], bit))
    return choices


def _worth_probing(cand: list[int], depth: int) -> bool:
    return depth > 0 or sum(1 for m in cand if m & (m - 1)) >= _PROBE_OPEN_CELLS


def _probe(cand: list[int], placed: bytearray) -> bool:
    """Try both sides of every two-way choice; a side that fails by propagation fixes
    the other. False when the position itself fails."""
    while True:
        fixed = False
        for a, a_bit, b, b_bit in _two_way_choices(cand):
            if cand[a] & a_bit == 0 or cand[b] & b_bit == 0 or cand[a] == a_bit or cand[b] == b_bit:
                continue  # settled by an earlier probe of this round
            for try_cell, try_bit, other, other_bit in ((a, a_bit, b, b_bit), (b, b_bit, a, a_bit)):
                trial = cand[:]
                trial[try_cell] = try_bit
                if not _propagate(trial, bytearray(placed)):
                    cand[other] = other_bit
                    if not _propagate(cand, placed):
                        return False
                    fixed = True
                    break
        if not fixed:
            return True


class _OutOfNodesError(Exception):
    """This attempt spent its budget of nodes."""


class _Search:
    def __init__(
        self,
        cancel: Cancel,
        found: list[tuple[int, ...]],
        budget: int | None,
        order: random.Random | None,
        probe_depth: int,
    ) -> None:
        self.cancel = cancel
        self.nodes = 0
        self.found = found
        self.budget = budget
        self.order = order
        self.probe_depth = probe_depth

    def run(self, cand: list[int], placed: bytearray, depth: int, limit: int) -> int:
        self.nodes += 1
        if self.nodes % _CANCEL_EVERY == 0:
            self.cancel.check()
        if self.budget is not None and self.nodes > self.budget:
            raise _OutOfNodesError
        if not _propagate(cand, placed):
            return 0
        if depth <= self.probe_depth and _worth_probing(cand, depth) and not _probe(cand, placed):
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
            if solution not in self.found:
                self.found.append(solution)
            return 1
        options: list[tuple[int, int]] = []
        if best_count > 2:
            options = self._unit_pair(cand)
        if not options:
            m = cand[best]
            while m:
                bit = m & -m
                m ^= bit
                options.append((best, bit))
        if self.order is not None:
            self.order.shuffle(options)
        total = 0
        for cell, bit in options:
            if total >= limit:
                break
            branch = cand[:]
            branch[cell] = bit
            total += self.run(branch, bytearray(placed), depth + 1, limit - total)
        return total

    @staticmethod
    def _unit_pair(cand: list[int]) -> list[tuple[int, int]]:
        """The two places of a digit that has two places left in a unit, if any."""
        for unit in UNITS:
            exactly_two = _two_place_digits(cand, unit)
            if exactly_two:
                bit = exactly_two & -exactly_two
                return [(i, bit) for i in unit if cand[i] & bit]
        return []


def _attempts() -> list[tuple[random.Random | None, int, int | None]]:
    """(order of choices, probing depth, node budget) of each attempt, the last unbounded.

    The first probes the root (where the hard contradictions are proved at once); the
    rest restart in a random order, probing deeper each time, with a doubling budget."""
    plan: list[tuple[random.Random | None, int, int | None]] = [(None, 0, _FIRST_BUDGET)]
    budget = _FIRST_BUDGET
    for attempt in range(1, _ATTEMPTS + 1):
        budget *= 2
        plan.append((random.Random(attempt), _PROBE_DEPTH_STEP * attempt, budget if attempt < _ATTEMPTS else None))
    return plan


def _run(board: Board, limit: int, cancel: Cancel) -> tuple[int, list[tuple[int, ...]]]:
    """Count solutions up to `limit`, returning (count, the distinct solutions found)."""
    if conflict_cells(board):
        return 0, []
    start = [1 << (d - 1) if d else _ALL for d in board.cells]
    found: list[tuple[int, ...]] = []
    for order, probe_depth, budget in _attempts():
        search = _Search(cancel, found, budget, order, probe_depth)
        try:
            return search.run(start[:], bytearray(81), 0, limit), found
        except _OutOfNodesError:
            if len(found) >= limit:
                return limit, found
    return len(found), found  # not reached: the last attempt has no budget


def count_solutions(board: Board, limit: int = 2, *, cancel: Cancel = NEVER) -> int:
    """Number of solutions, counting no further than `limit` (2 means "two or more").
    A variant board is counted by CP-SAT (cpsat.py), which raises NotCounted when the
    puzzle holds a constraint it does not know."""
    if board.variant is not None:
        from .cpsat import solutions

        return len(solutions(board, limit, cancel))
    return _run(board, limit, cancel)[0]


def analyse(board: Board, *, cancel: Cancel = NEVER) -> tuple[int, Board | None]:
    """Solution count up to two and one solution (None when there is none), from one search."""
    if board.variant is not None:
        from .cpsat import solutions

        found_variant = solutions(board, 2, cancel)
        first = replace(board, cells=found_variant[0], notes=(), typed=frozenset()) if found_variant else None
        return len(found_variant), first
    count, found = _run(board, 2, cancel)
    return count, (Board(found[0]) if found else None)


def solve(board: Board, *, cancel: Cancel = NEVER) -> Board | None:
    """A solution, or None when there is none."""
    if board.variant is not None:
        from .cpsat import solve as solve_variant

        return solve_variant(board, cancel)
    count, found = _run(board, 1, cancel)
    return Board(found[0]) if count else None


def solution_label(count: int) -> str:
    return {0: "no solution", 1: "unique"}.get(count, "several solutions")

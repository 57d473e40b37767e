"""Counting and solving variant sudoku with OR-tools' CP-SAT solver.

Each cell has one boolean per digit (exactly one true) and an integer equal to its digit;
units take each digit at most once (exactly once when they have `size` cells). Each
constraint of variant.py adds what it says, on the booleans where a rule is about which
digits may meet (dots, anti-knight) and on the integers where it is about sums and order.

ortools is imported here only, when a variant is counted or solved.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..errors import SlugError
from ..work import NEVER, Cancel, Cancelled
from .checks import entropy_groups, extreme_cells, has_sum, indexed, is_marker, marked_pairs, negative_values
from .model import NAME
from .variant import COSMETIC_KINDS, COUNTED, Constraint, Variant

if TYPE_CHECKING:
    from .model import Board

KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2))
KING = ((1, 1), (1, -1))
ORTHOGONAL = ((0, 1), (1, 0))
# What a solver may take at most for one answer, so a hostile puzzle cannot hold a helper.
TIME_LIMIT = 120.0


class NotCounted(SlugError):  # noqa: N818 - a state the caller reports, not a fault
    """The puzzle holds a constraint the solver does not know: any count would be wrong."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        super().__init__(NAME, "not counted: unknown constraint " + ", ".join(names))

    def __reduce__(self) -> tuple[Any, ...]:
        return (NotCounted, (self.names,))


def uncounted(variant: Variant) -> list[str]:
    """The names of the kinds in `variant` that no rule here stands for."""
    names = list(variant.unknown)
    for c in variant.constraints:
        if c.kind not in COUNTED and c.kind not in COSMETIC_KINDS and c.kind not in names:
            names.append(c.kind)
    return names


class _Model:
    def __init__(self, board: Board) -> None:
        from ortools.sat.python import cp_model

        self.cp = cp_model
        assert board.variant is not None
        self.variant = variant = board.variant
        self.n = n = variant.size
        self.m = m = cp_model.CpModel()
        count = n * n
        self.b = [[m.new_bool_var(f"b{i}_{d}") for d in range(n + 1)] for i in range(count)]
        self.v = [m.new_int_var(1, n, f"v{i}") for i in range(count)]
        for i in range(count):
            m.add(self.b[i][0] == 0)
            m.add_exactly_one(self.b[i][1:])
            m.add(self.v[i] == sum(d * self.b[i][d] for d in range(1, n + 1)))
            if board.cells[i]:
                m.add(self.b[i][board.cells[i]] == 1)
        for r in range(n):
            self.distinct([r * n + c for c in range(n)])
            self.distinct([c * n + r for c in range(n)])
        for region in variant.region_cells:
            self.distinct(list(region))
        # A constraint given twice is stated once: a hostile puzzle's thousand copies of
        # one clue cost what one costs.
        for constraint in dict.fromkeys(variant.constraints):
            handler = getattr(self, "c_" + constraint.kind.replace("+", "_plus").replace("-", "_"), None)
            if handler is not None:
                handler(constraint)
        self.negatives()

    # --- helpers ------------------------------------------------------------------------

    def distinct(self, cells: list[int]) -> None:
        exact = len(cells) == self.n
        for d in range(1, self.n + 1):
            group = [self.b[i][d] for i in cells]
            if exact:
                self.m.add_exactly_one(group)
            elif len(group) > 1:
                self.m.add_at_most_one(group)

    def apart(self, i: int, j: int, forbidden: list[tuple[int, int]]) -> None:
        for a, b in forbidden:
            if 1 <= a <= self.n and 1 <= b <= self.n:
                self.m.add_bool_or([self.b[i][a].negated(), self.b[j][b].negated()])

    def allowed(self, i: int, j: int, ok: Any) -> None:
        self.m.add_allowed_assignments(
            [self.v[i], self.v[j]], [(a, b) for a in range(1, self.n + 1) for b in range(1, self.n + 1) if ok(a, b)]
        )

    def neighbours(self, steps: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
        n = self.n
        out = []
        for r in range(n):
            for c in range(n):
                for dr, dc in steps:
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < n and 0 <= cc < n:
                        out.append((r * n + c, rr * n + cc))
        return out

    # --- constraints of the whole grid ----------------------------------------------------

    def c_diagonal_plus(self, _: Constraint) -> None:
        self.distinct([(self.n - 1 - k) * self.n + k for k in range(self.n)])

    def c_diagonal_(self, _: Constraint) -> None:
        self.distinct([k * self.n + k for k in range(self.n)])

    def _same_digit_apart(self, steps: tuple[tuple[int, int], ...]) -> None:
        for i, j in self.neighbours(steps):
            for d in range(1, self.n + 1):
                self.m.add_bool_or([self.b[i][d].negated(), self.b[j][d].negated()])

    def c_antiknight(self, _: Constraint) -> None:
        self._same_digit_apart(KNIGHT)

    def c_antiking(self, _: Constraint) -> None:
        self._same_digit_apart(KING)

    def c_nonconsecutive(self, _: Constraint) -> None:
        # The white dots' negative rule: a pair joined by a dot of either colour is free.
        dotted = marked_pairs(self.variant, ("difference", "ratio"))
        for i, j in self.neighbours(ORTHOGONAL):
            if frozenset((i, j)) not in dotted:
                self.apart(i, j, [(d, d + 1) for d in range(1, self.n)] + [(d + 1, d) for d in range(1, self.n)])

    def c_disjointgroups(self, _: Constraint) -> None:
        groups: dict[int, list[int]] = {}
        for region in self.variant.region_cells:
            for place, cell in enumerate(region):
                groups.setdefault(place, []).append(cell)
        for cells in groups.values():
            self.distinct(cells)

    def negatives(self) -> None:
        """f-puzzles' "negative" rules: where no dot (of either colour) joins two
        neighbours, they are neither consecutive nor in ratio 1:2; where no X or V does,
        they add up to neither 10 nor 5."""
        kinds = {c.kind for c in self.variant.constraints}
        dotted = marked_pairs(self.variant, ("ratio", "difference"))
        lettered = marked_pairs(self.variant, ("xv",))
        n = self.n
        ratios = [k for k, _ in negative_values(self.variant, "ratio")]
        gaps = [k for k, _ in negative_values(self.variant, "difference")]
        forbidden = {
            "negative-ratio": [(d, k * d) for k in ratios if k for d in range(1, n + 1)],
            "negative-difference": [(d, d + k) for k in gaps if k for d in range(1, n + 1)],
            "negative-xv": [(d, t - d) for t in (5, 10) for d in range(1, n + 1)],
        }
        for i, j in self.neighbours(ORTHOGONAL):
            pair = frozenset((i, j))
            for kind, pairs in forbidden.items():
                if kind in kinds and pair not in (lettered if kind == "negative-xv" else dotted):
                    self.apart(i, j, pairs + [(b, a) for a, b in pairs])

    # --- constraints of cells -----------------------------------------------------------

    def c_even(self, c: Constraint) -> None:
        for d in range(1, self.n + 1, 2):
            self.m.add(self.b[c.cells[0]][d] == 0)

    def c_givenpencilmarks(self, c: Constraint) -> None:
        for d in range(1, self.n + 1):
            if d not in c.values:
                self.m.add(self.b[c.cells[0]][d] == 0)

    def c_odd(self, c: Constraint) -> None:
        for d in range(2, self.n + 1, 2):
            self.m.add(self.b[c.cells[0]][d] == 0)

    def _extreme(self, c: Constraint, smaller: bool) -> None:
        i = c.cells[0]
        r, col = divmod(i, self.n)
        # Neighbours of the same kind are not compared: each is an extreme of the rest.
        same = extreme_cells(self.variant, c.kind)
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            rr, cc = r + dr, col + dc
            if 0 <= rr < self.n and 0 <= cc < self.n and rr * self.n + cc not in same:
                j = rr * self.n + cc
                self.m.add(self.v[i] < self.v[j]) if smaller else self.m.add(self.v[i] > self.v[j])

    def c_minimum(self, c: Constraint) -> None:
        self._extreme(c, True)

    def c_maximum(self, c: Constraint) -> None:
        self._extreme(c, False)

    def c_killercage(self, c: Constraint) -> None:
        self.distinct(list(c.cells))
        if c.number is not None and c.cells:
            self.m.add(sum(self.v[i] for i in c.cells) == c.number)

    def c_extraregion(self, c: Constraint) -> None:
        self.distinct(list(c.cells))

    def c_difference(self, c: Constraint) -> None:
        if is_marker(c):
            k = c.number or 1
            i, j = c.cells
            self.allowed(i, j, lambda a, b: abs(a - b) == k)

    def c_ratio(self, c: Constraint) -> None:
        if is_marker(c):
            k = c.number or 2
            i, j = c.cells
            self.allowed(i, j, lambda a, b: a == k * b or b == k * a)

    def c_xv(self, c: Constraint) -> None:
        if is_marker(c):
            total = {"X": 10, "V": 5}.get((c.value or "").upper(), c.number or 10)
            i, j = c.cells
            self.allowed(i, j, lambda a, b: a + b == total)

    def c_clone(self, c: Constraint) -> None:
        for i, j in zip(c.cells, c.clones):
            self.m.add(self.v[i] == self.v[j])

    def c_quadruple(self, c: Constraint) -> None:
        for d in set(c.values):
            if 1 <= d <= self.n:
                self.m.add(sum(self.b[i][d] for i in c.cells) >= c.values.count(d))

    def c_arrow(self, c: Constraint) -> None:
        bulb = list(c.cells)
        if not bulb:
            return
        if len(bulb) > 4:  # a number of more digits than any pill holds, past the solver's integers
            raise NotCounted([f"arrow with a bulb of {len(bulb)} cells"])
        if len(bulb) == 1:
            total: Any = self.v[bulb[0]]
        else:  # a pill reads as a number, its cells as digits in order
            total = sum(10 ** (len(bulb) - 1 - k) * self.v[i] for k, i in enumerate(bulb))
        for line in c.lines:
            shaft = list(line[1:])  # the line leaves the bulb from its first cell
            if shaft:
                self.m.add(sum(self.v[i] for i in shaft) == total)

    # --- lines ----------------------------------------------------------------------------

    def c_thermometer(self, c: Constraint) -> None:
        for line in c.lines:
            for a, b in zip(line, line[1:]):
                self.m.add(self.v[a] < self.v[b])

    def c_slowthermometer(self, c: Constraint) -> None:
        for line in c.lines:
            for a, b in zip(line, line[1:]):
                self.m.add(self.v[a] <= self.v[b])

    def c_renban(self, c: Constraint) -> None:
        for line in c.lines:
            if not line:
                continue
            self.m.add_all_different([self.v[i] for i in line])
            low, high = self.m.new_int_var(1, self.n, ""), self.m.new_int_var(1, self.n, "")
            self.m.add_min_equality(low, [self.v[i] for i in line])
            self.m.add_max_equality(high, [self.v[i] for i in line])
            self.m.add(high - low == len(line) - 1)

    def c_whispers(self, c: Constraint) -> None:
        gap = c.number or (self.n + 1) // 2
        for line in c.lines:
            for a, b in zip(line, line[1:]):
                self.allowed(a, b, lambda x, y: abs(x - y) >= gap)

    def c_palindrome(self, c: Constraint) -> None:
        for line in c.lines:
            for k in range(len(line) // 2):
                self.m.add(self.v[line[k]] == self.v[line[-1 - k]])

    def c_betweenline(self, c: Constraint) -> None:
        for line in c.lines:
            if len(line) < 3:
                continue
            first, last = self.v[line[0]], self.v[line[-1]]
            up = self.m.new_bool_var("")
            for i in line[1:-1]:
                self.m.add(first < self.v[i]).only_enforce_if(up)
                self.m.add(self.v[i] < last).only_enforce_if(up)
                self.m.add(first > self.v[i]).only_enforce_if(up.negated())
                self.m.add(self.v[i] > last).only_enforce_if(up.negated())

    def c_regionsumline(self, c: Constraint) -> None:
        regions = self.variant.regions
        for line in c.lines:
            segments: list[list[int]] = []
            for i in line:
                if segments and regions[segments[-1][-1]] == regions[i]:
                    segments[-1].append(i)
                else:
                    segments.append([i])
            sums = [sum(self.v[i] for i in seg) for seg in segments]
            for a, b in zip(sums, sums[1:]):
                self.m.add(a == b)

    def c_entropicline(self, c: Constraint) -> None:
        self._three_groups(c, entropy_groups(self.n))

    def c_modularline(self, c: Constraint) -> None:
        self._three_groups(c, [d % 3 for d in range(self.n + 1)])

    def _three_groups(self, c: Constraint, group_of: list[int]) -> None:
        """Every three cells in a row along the line hold one digit of each group."""
        for line in c.lines:
            groups = []
            for i in line:
                g = self.m.new_int_var(0, 2, "")
                self.m.add_allowed_assignments([self.v[i], g], [(d, group_of[d]) for d in range(1, self.n + 1)])
                groups.append(g)
            for k in range(len(groups) - 2):
                self.m.add_all_different(groups[k : k + 3])
            if len(groups) == 2:
                self.m.add(groups[0] != groups[1])

    def c_doublearrow(self, c: Constraint) -> None:
        for line in c.lines:
            if len(line) >= 3:
                self.m.add(self.v[line[0]] + self.v[line[-1]] == sum(self.v[i] for i in line[1:-1]))

    def c_nabner(self, c: Constraint) -> None:
        for line in c.lines:
            if len(line) > (self.n + 1) // 2:  # no room for its digits: the pairs need not be listed
                self.m.add_bool_or([])
                continue
            for k, a in enumerate(line):
                for b in line[k + 1 :]:
                    self.apart(a, b, [(x, y) for x in range(1, self.n + 1) for y in (x - 1, x, x + 1)])

    def c_zipperline(self, c: Constraint) -> None:
        for line in c.lines:
            half = len(line) // 2
            if half == 0:
                continue
            total: Any = self.v[line[half]] if len(line) % 2 else self.v[line[0]] + self.v[line[-1]]
            for k in range(half):
                self.m.add(self.v[line[k]] + self.v[line[-1 - k]] == total)

    # --- clues outside the grid -----------------------------------------------------------

    def _ray(self, c: Constraint) -> list[int]:
        """The cells of the row or column a sandwich or X-sum clue looks along, from its side."""
        assert c.outside is not None
        r, col = c.outside
        n = self.n
        if r < 0:
            return [k * n + col for k in range(n)]
        if r >= n:
            return [(n - 1 - k) * n + col for k in range(n)]
        if col < 0:
            return [r * n + k for k in range(n)]
        return [r * n + (n - 1 - k) for k in range(n)]

    def c_littlekillersum(self, c: Constraint) -> None:
        cells = list(c.cells)
        if not cells and c.outside is not None and c.direction:
            dr = 1 if c.direction[0] == "D" else -1
            dc = 1 if c.direction[1] == "R" else -1
            r, col = c.outside[0] + dr, c.outside[1] + dc
            while 0 <= r < self.n and 0 <= col < self.n:
                cells.append(r * self.n + col)
                r, col = r + dr, col + dc
        if cells and has_sum(c):
            self.m.add(sum(self.v[i] for i in cells) == c.number)

    def c_sandwichsum(self, c: Constraint) -> None:
        if c.outside is None or c.number is None:
            return
        m, n = self.m, self.n
        ray = self._ray(c)
        where_low = m.new_int_var(0, n - 1, "")
        where_high = m.new_int_var(0, n - 1, "")
        m.add(where_low == sum(k * self.b[i][1] for k, i in enumerate(ray)))
        m.add(where_high == sum(k * self.b[i][n] for k, i in enumerate(ray)))
        lo, hi = m.new_int_var(0, n - 1, ""), m.new_int_var(0, n - 1, "")
        m.add_min_equality(lo, [where_low, where_high])
        m.add_max_equality(hi, [where_low, where_high])
        terms = []
        for k, i in enumerate(ray):
            after, before, inside = m.new_bool_var(""), m.new_bool_var(""), m.new_bool_var("")
            m.add(lo < k).only_enforce_if(after)
            m.add(lo >= k).only_enforce_if(after.negated())
            m.add(hi > k).only_enforce_if(before)
            m.add(hi <= k).only_enforce_if(before.negated())
            m.add_bool_and([after, before]).only_enforce_if(inside)
            m.add_bool_or([after.negated(), before.negated()]).only_enforce_if(inside.negated())
            term = m.new_int_var(0, n, "")
            m.add(term == self.v[i]).only_enforce_if(inside)
            m.add(term == 0).only_enforce_if(inside.negated())
            terms.append(term)
        m.add(sum(terms) == c.number)

    def c_xsum(self, c: Constraint) -> None:
        if c.outside is None or c.number is None:
            return
        m, n = self.m, self.n
        ray = self._ray(c)
        first = self.v[ray[0]]
        terms = []
        for k, i in enumerate(ray):
            inside = m.new_bool_var("")
            m.add(first >= k + 1).only_enforce_if(inside)
            m.add(first <= k).only_enforce_if(inside.negated())
            term = m.new_int_var(0, n, "")
            m.add(term == self.v[i]).only_enforce_if(inside)
            m.add(term == 0).only_enforce_if(inside.negated())
            terms.append(term)
        m.add(sum(terms) == c.number)

    def c_skyscraper(self, c: Constraint) -> None:
        if c.outside is None or not c.number:
            return
        m = self.m
        ray = self._ray(c)
        top = self.v[ray[0]]
        seen: list[Any] = [1]
        for i in ray[1:]:
            higher = m.new_int_var(1, self.n, "")
            m.add_max_equality(higher, [top, self.v[i]])
            # Digits of a row differ, so a cell is seen exactly when it is the new highest.
            taller = m.new_bool_var("")
            m.add(self.v[i] > top).only_enforce_if(taller)
            m.add(self.v[i] <= top).only_enforce_if(taller.negated())
            seen.append(taller)
            top = higher
        m.add(sum(seen) == c.number)

    # --- indexers -------------------------------------------------------------------------

    def _indexer(self, c: Constraint) -> None:
        done: set[tuple[str, int]] = self.__dict__.setdefault("indexed", set())
        for i in c.cells:
            if (c.kind, i) in done:  # a cell given twice says nothing more
                continue
            done.add((c.kind, i))
            for digit in range(1, self.n + 1):
                target = indexed(c, i, digit, self.variant)
                if target is not None:  # a cell of no whole region points nowhere
                    j, value = target
                    self.m.add(self.b[i][digit] == self.b[j][value])

    c_rowindexer = c_columnindexer = c_boxindexer = _indexer

    # --- solving --------------------------------------------------------------------------

    def solve(self, cancel: Cancel, limit: float) -> tuple[int, ...] | None:
        solver = self.cp.CpSolver()
        solver.parameters.max_time_in_seconds = limit
        solver.parameters.num_workers = 1
        done = threading.Event()

        def watch() -> None:
            while not done.wait(0.05):
                if cancel.is_set():
                    solver.stop_search()
                    return

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        try:
            status = solver.solve(self.m)
        finally:
            done.set()
            watcher.join()
        if cancel.is_set():
            raise Cancelled
        if status in (self.cp.OPTIMAL, self.cp.FEASIBLE):
            return tuple(int(solver.value(x)) for x in self.v)
        if status == self.cp.INFEASIBLE:
            return None
        raise TimeoutError(f"the solver gave up after {limit:g} s")

    def exclude(self, solution: tuple[int, ...]) -> None:
        self.m.add_bool_or([self.b[i][d].negated() for i, d in enumerate(solution)])


def solutions(board: Board, limit: int = 2, cancel: Cancel = NEVER) -> list[tuple[int, ...]]:
    """Up to `limit` solutions of a variant board (each the digits of every cell). Raises
    NotCounted when the puzzle holds a constraint not known here."""
    assert board.variant is not None
    names = uncounted(board.variant)
    if names:
        raise NotCounted(names)
    model = _Model(board)
    found: list[tuple[int, ...]] = []
    while len(found) < limit:
        cancel.check()
        solution = model.solve(cancel, TIME_LIMIT)
        if solution is None:
            break
        found.append(solution)
        model.exclude(solution)
    return found


def count(board: Board, cancel: Cancel = NEVER) -> int:
    """0, 1 or 2 (two or more)."""
    return len(solutions(board, 2, cancel))


def solve(board: Board, cancel: Cancel = NEVER) -> Board | None:
    found = solutions(board, 1, cancel)
    return replace(board, cells=found[0], notes=(), typed=frozenset()) if found else None

"""Whether a variant board's digits keep each constraint: what Problems shows (a broken
cage sum is marked as a repeated digit is), and the plain reference the solver's answers
are tested against.

`broken(constraint, digits, variant)` looks only at the cells that hold a digit: a rule
that needs every cell of the constraint (a cage's sum) waits until they are all filled;
one that two cells already break (a thermometer going down, a digit twice in a cage) says
so at once. It returns the cells to mark, or () when nothing is broken yet.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..caches import Memo
from ..errors import Problem, Severity
from .model import Kind
from .variant import GLOBAL_KINDS, INDEXER_KINDS, Constraint, Variant

Digits = Sequence[int]
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
KING = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _filled(cells: Sequence[int], digits: Digits) -> bool:
    return all(digits[i] for i in cells)


def _repeats(cells: Sequence[int], digits: Digits) -> tuple[int, ...]:
    seen: dict[int, list[int]] = {}
    for i in cells:
        if digits[i]:
            seen.setdefault(digits[i], []).append(i)
    return tuple(i for group in seen.values() if len(group) > 1 for i in group)


def _pairs(steps: Sequence[tuple[int, int]], n: int) -> list[tuple[int, int]]:
    out = []
    for r in range(n):
        for c in range(n):
            for dr, dc in steps:
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n and (r, c) < (rr, cc):
                    out.append((r * n + c, rr * n + cc))
    return out


def _orthogonal(n: int) -> list[tuple[int, int]]:
    return _pairs(((0, 1), (1, 0)), n)


def _pair_rule(kind: str, value: int | None, letter: str | None) -> Callable[[int, int], bool]:
    if kind == "difference":
        k = value or 1
        return lambda a, b: abs(a - b) == k
    if kind == "ratio":
        k = value or 2
        return lambda a, b: a == k * b or b == k * a
    total = {"X": 10, "V": 5}.get((letter or "").upper(), value or 10)
    return lambda a, b: a + b == total


def broken(c: Constraint, d: Digits, v: Variant) -> tuple[int, ...]:
    n = v.size
    k = c.kind
    if k in GLOBAL_KINDS or k.startswith("negative-"):
        return _whole_grid(c, d, v)
    if k == "givenpencilmarks":
        i = c.cells[0]
        return (i,) if d[i] and d[i] not in c.values else ()
    if k in ("even", "odd"):
        i = c.cells[0]
        return (i,) if d[i] and (d[i] % 2 == 0) != (k == "even") else ()
    if k in ("minimum", "maximum"):
        i = c.cells[0]
        r, col = divmod(i, n)
        around = [
            (r + dr) * n + col + dc
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < n and 0 <= col + dc < n
        ]
        if not d[i]:
            return ()
        # Compared with the neighbours that are not cells of the same kind: two maximum
        # cells side by side are each larger than the rest around them (f-puzzles' rule).
        same = extreme_cells(v, k)
        wrong = [j for j in around if j not in same and d[j] and (d[j] <= d[i] if k == "minimum" else d[j] >= d[i])]
        return (i, *wrong) if wrong else ()
    if k in ("killercage", "extraregion"):
        rep = _repeats(c.cells, d)
        if rep:
            return rep
        if k == "killercage" and c.number is not None and c.cells:
            total = sum(d[i] for i in c.cells)
            if total > c.number or (_filled(c.cells, d) and total != c.number):
                return c.cells
        return ()
    if k in ("difference", "ratio", "xv"):
        if is_marker(c) and _filled(c.cells, d):
            a, b = (d[i] for i in c.cells)
            return () if _pair_rule(k, c.number, c.value)(a, b) else c.cells
        return ()
    if k == "clone":
        return tuple(x for i, j in zip(c.cells, c.clones) if d[i] and d[j] and d[i] != d[j] for x in (i, j))
    if k == "quadruple":
        if _filled(c.cells, d):
            have = [d[i] for i in c.cells]
            if any(have.count(x) < c.values.count(x) for x in set(c.values)):
                return c.cells
        return ()
    if k == "arrow":
        bulb = list(c.cells)
        if not bulb or not _filled(bulb, d):
            return ()
        total = int("".join(str(d[i]) for i in bulb)) if len(bulb) > 1 else d[bulb[0]]
        for line in c.lines:
            shaft = arrow_shaft(line)
            if shaft and _filled(shaft, d) and sum(d[i] for i in shaft) != total:
                return (*bulb, *shaft)
        return ()
    if k in _LINE_RULES:
        out: list[int] = []
        for line in c.lines:
            out.extend(_LINE_RULES[k](line, d, c, v))
        return tuple(out)
    if k in ("littlekillersum", "sandwichsum", "xsum"):
        summed = _clue_cells(c, d, n)
        if summed is None or not has_sum(c):
            return ()
        if sum(d[i] for i in summed) == c.number:
            return ()
        # A sandwich of nothing has no cells to mark: its row or column is marked.
        return tuple(summed) or tuple(ray_cells(c.outside, n) if c.outside is not None else c.cells)
    if k == "skyscraper":
        if c.outside is None or not c.number:
            return ()
        ray = ray_cells(c.outside, n)
        if not _filled(ray, d):
            return ()
        return () if visible([d[i] for i in ray]) == c.number else tuple(ray)
    if k in INDEXER_KINDS:
        return _indexer(c, d, v)
    return ()


def _whole_grid(c: Constraint, d: Digits, v: Variant) -> tuple[int, ...]:
    """The rules of the whole grid: diagonals, anti-knight and anti-king, non-consecutive,
    disjoint groups and the negative rules of the dots and of XV."""
    n = v.size
    k = c.kind
    if k in ("diagonal+", "diagonal-"):
        cells = [(n - 1 - i) * n + i for i in range(n)] if k == "diagonal+" else [i * n + i for i in range(n)]
        return _repeats(cells, d)
    if k in ("antiknight", "antiking"):
        bad: set[int] = set()
        for i, j in _pairs(KNIGHT if k == "antiknight" else KING, n):
            if d[i] and d[i] == d[j]:
                bad |= {i, j}
        return tuple(sorted(bad))
    if k == "nonconsecutive":
        # f-puzzles' non-consecutive is the negative rule of the white dots: a pair joined
        # by a dot (white or black: both are Kropki dots) may be consecutive.
        dotted = marked_pairs(v, ("difference", "ratio"))
        bad = set()
        for i, j in _orthogonal(n):
            if d[i] and d[j] and abs(d[i] - d[j]) == 1 and frozenset((i, j)) not in dotted:
                bad |= {i, j}
        return tuple(sorted(bad))
    if k == "disjointgroups":
        groups: dict[int, list[int]] = {}
        for region in v.region_cells:
            for place, cell in enumerate(region):
                groups.setdefault(place, []).append(cell)
        return tuple(sorted({i for g in groups.values() for i in _repeats(g, d)}))
    if k.startswith("negative-"):
        kind = k[len("negative-") :]
        # A pair joined by any dot (or, for XV, by an X or a V) is free of the negative rule.
        joined = ("xv",) if kind == "xv" else ("ratio", "difference")
        marked = marked_pairs(v, joined)
        rules = [_pair_rule(kind, value, letter) for value, letter in negative_values(v, kind)]
        bad = set()
        for i, j in _orthogonal(n):
            if d[i] and d[j] and frozenset((i, j)) not in marked and any(rule(d[i], d[j]) for rule in rules):
                bad |= {i, j}
        return tuple(sorted(bad))
    return ()


_EXTREMES: Memo[Variant, dict[str, frozenset[int]]] = Memo("sudoku extreme cells", 8)


def extreme_cells(v: Variant, kind: str) -> frozenset[int]:
    """The minimum (or maximum) cells of the puzzle, worked out once for all of them."""
    found = _EXTREMES.get(v)
    if found is None:
        found = _EXTREMES.put(
            v,
            {
                k: frozenset(x.cells[0] for x in v.constraints if x.kind == k and x.cells)
                for k in ("minimum", "maximum")
            },
        )
    return found[kind]


def is_marker(c: Constraint) -> bool:
    """A dot or an X/V that holds: two cells, and an XV with its letter (f-puzzles draws
    an XV with no letter, which says nothing)."""
    if len(c.cells) != 2:
        return False
    return c.kind != "xv" or (c.value or "").strip().upper() in ("X", "V") or c.number is not None


def marked_pairs(v: Variant, kinds: tuple[str, ...]) -> set[frozenset[int]]:
    """The pairs of cells joined by a marker of these kinds."""
    return {frozenset(c.cells) for c in v.constraints if c.kind in kinds and is_marker(c)}


def negative_values(v: Variant, kind: str) -> list[tuple[int | None, str | None]]:
    """What a negative rule forbids between two unmarked neighbours, as (value, letter) of
    `_pair_rule`: every ratio the black dots use (2 when there are none), every difference
    the white dots use (1), and for XV both X and V."""
    if kind == "xv":
        return [(None, "X"), (None, "V")]
    default = 2 if kind == "ratio" else 1
    values = {x.number or default for x in v.constraints if x.kind == kind and is_marker(x)}
    return [(value, None) for value in sorted(values or {default})]


def has_sum(c: Constraint) -> bool:
    """A clue that adds up to its number: a little killer of no number or of 0 is a drawing."""
    return c.number is not None and (c.number > 0 or c.kind != "littlekillersum")


def arrow_shaft(line: Sequence[int]) -> list[int]:
    """The cells an arrow's line adds up: all but its first, the bulb cell it leaves from."""
    return list(line[1:])


def visible(digits: Sequence[int]) -> int:
    """Skyscrapers seen along a row: the digits higher than every digit before them."""
    seen, top = 0, 0
    for x in digits:
        if x > top:
            seen, top = seen + 1, x
    return seen


def indexed(c: Constraint, i: int, digit: int, v: Variant) -> tuple[int, int] | None:
    """The cell an indexer cell's digit points at, and the digit that cell must hold:
    a row indexer in row r holding x says R(x) of its column holds r; a column indexer,
    C(x) of its row holds its column; a box indexer, the x-th cell of its region holds its
    own place there."""
    n = v.size
    r, col = divmod(i, n)
    if not 1 <= digit <= n:
        return None
    if c.kind == "rowindexer":
        return (digit - 1) * n + col, r + 1
    if c.kind == "columnindexer":
        return r * n + digit - 1, col + 1
    region = next((cells for cells in v.region_cells if i in cells), None)
    if region is None or len(region) != n:
        return None
    return region[digit - 1], region.index(i) + 1


def _indexer(c: Constraint, d: Digits, v: Variant) -> tuple[int, ...]:
    out: list[int] = []
    for i in c.cells:
        target = indexed(c, i, d[i], v) if d[i] else None
        if target is not None and d[target[0]] and d[target[0]] != target[1]:
            out.extend((i, target[0]))
    return tuple(out)


# --- lines ------------------------------------------------------------------------------


def _adjacent(test: Callable[[int, int], bool]) -> Callable[[Sequence[int], Digits, Constraint, Variant], list[int]]:
    def rule(line: Sequence[int], d: Digits, c: Constraint, v: Variant) -> list[int]:
        out: list[int] = []
        for a, b in zip(line, line[1:]):
            if d[a] and d[b] and not test(d[a], d[b]):
                out.extend((a, b))
        return out

    return rule


def _thermo(line: Sequence[int], d: Digits, c: Constraint, v: Variant) -> list[int]:
    strict = c.kind == "thermometer"
    placed = [i for i in line if d[i]]
    out: list[int] = []
    for a, b in zip(placed, placed[1:]):
        gap = line.index(b) - line.index(a)  # cells between need room for digits that climb
        if d[b] - d[a] < (gap if strict else 0):
            out.extend((a, b))
    return out


def _whispers(line: Sequence[int], d: Digits, c: Constraint, v: Variant) -> list[int]:
    gap = c.number or (v.size + 1) // 2
    return _adjacent(lambda a, b: abs(a - b) >= gap)(line, d, c, v)


def _renban(line: Sequence[int], d: Digits, c: Constraint, v: Variant) -> list[int]:
    rep = _repeats(line, d)
    if rep:
        return list(rep)
    placed = [d[i] for i in line if d[i]]
    if placed and max(placed) - min(placed) > len(line) - 1:
        return [i for i in line if d[i]]
    return []


def _palindrome(line: Sequence[int], d: Digits, c: Constraint, v: Variant) -> list[int]:
    out: list[int] = []
    for k in range(len(line) // 2):
        a, b = line[k], line[-1 - k]
        if d[a] and d[b] and d[a] != d[b]:
            out.extend((a, b))
    return out


def _between(line: Sequence[int], d: Digits, c: Constraint, v: Variant) -> list[int]:
    if len(line) < 3 or not (d[line[0]] and d[line[-1]]):
        return []
    low, high = sorted((d[line[0]], d[line[-1]]))
    wrong = [i for i in line[1:-1] if d[i] and not low < d[i] < high]
    return [line[0], line[-1], *wrong] if wrong else []


def _region_sum(line: Sequence[int], d: Digits, c: Constraint, v: Variant) -> list[int]:
    if not _filled(line, d):
        return []
    segments: list[list[int]] = []
    for i in line:
        if segments and v.regions[segments[-1][-1]] == v.regions[i]:
            segments[-1].append(i)
        else:
            segments.append([i])
    sums = {sum(d[i] for i in seg) for seg in segments}
    return list(line) if len(sums) > 1 else []


def entropy_groups(size: int) -> list[int]:
    """Each digit's third (0 low, 1 middle, 2 high) as f-puzzles cuts 1-size in three:
    when the size leaves one over, the middle third is the larger, else the outer two."""
    small, large = size // 3, (size + 2) // 3
    sizes = (small, large, small) if size % 3 == 1 else (large, small, large)
    return [0] + [g for g, count in enumerate(sizes) for _ in range(count)]


def line_groups(kind: str, size: int) -> list[int]:
    """Each digit's group on an entropic line (its third) or a modular line (mod 3)."""
    return entropy_groups(size) if kind == "entropicline" else [d % 3 for d in range(size + 1)]


def _entropic(line: Sequence[int], d: Digits, c: Constraint, v: Variant) -> list[int]:
    """Entropic and modular lines: along the line, cells 1 or 2 apart are in different
    groups, cells 3 apart in the same one."""
    group = line_groups(c.kind, v.size)
    out: list[int] = []
    for k in range(len(line)):
        for step in range(1, min(4, len(line) - k)):  # farther pairs follow from these
            a, b = line[k], line[k + step]
            if d[a] and d[b] and (group[d[a]] == group[d[b]]) != (step % 3 == 0):
                out.extend((a, b))
    return out


def _zipper(line: Sequence[int], d: Digits, c: Constraint, v: Variant) -> list[int]:
    half = len(line) // 2
    sums = set()
    if len(line) % 2 and d[line[half]]:
        sums.add(d[line[half]])
    for k in range(half):
        a, b = line[k], line[-1 - k]
        if d[a] and d[b]:
            sums.add(d[a] + d[b])
    return [i for i in line if d[i]] if len(sums) > 1 else []


def _double_arrow(line: Sequence[int], d: Digits, c: Constraint, v: Variant) -> list[int]:
    """The two ends (its circles) add up to the cells between them."""
    if len(line) < 3 or not _filled(line, d):
        return []
    ends, between = d[line[0]] + d[line[-1]], sum(d[i] for i in line[1:-1])
    return list(line) if ends != between else []


def _nabner(line: Sequence[int], d: Digits, c: Constraint, v: Variant) -> list[int]:
    """No two digits of the line the same or consecutive, wherever they stand on it: in
    digit order, any such pair stands side by side (a long line costs no more than a sort)."""
    placed = sorted((d[i], i) for i in dict.fromkeys(line) if d[i])
    out: list[int] = []
    for (x, a), (y, b) in zip(placed, placed[1:]):
        if y - x <= 1:
            out.extend((a, b))
    return out


_LINE_RULES: dict[str, Callable[[Sequence[int], Digits, Constraint, Variant], list[int]]] = {
    "thermometer": _thermo,
    "slowthermometer": _thermo,
    "whispers": _whispers,
    "renban": _renban,
    "palindrome": _palindrome,
    "betweenline": _between,
    "regionsumline": _region_sum,
    "entropicline": _entropic,
    "modularline": _entropic,
    "zipperline": _zipper,
    "doublearrow": _double_arrow,
    "nabner": _nabner,
}


def ray_cells(outside: tuple[int, int], n: int) -> list[int]:
    """The cells of the row or column a clue beside it looks along, nearest first."""
    r, col = outside
    if r < 0:
        return [k * n + col for k in range(n)]
    if r >= n:
        return [(n - 1 - k) * n + col for k in range(n)]
    if col < 0:
        return [r * n + k for k in range(n)]
    return [r * n + (n - 1 - k) for k in range(n)]


def _clue_cells(c: Constraint, d: Digits, n: int) -> list[int] | None:
    """The cells whose digits a clue outside the grid adds up, once the digits that decide
    them are placed; None before."""
    if c.kind == "littlekillersum":
        cells = list(c.cells)
        if not cells and c.outside is not None and c.direction:
            dr = 1 if c.direction[0] == "D" else -1
            dc = 1 if c.direction[1] == "R" else -1
            r, col = c.outside[0] + dr, c.outside[1] + dc
            while 0 <= r < n and 0 <= col < n:
                cells.append(r * n + col)
                r, col = r + dr, col + dc
        return cells if cells and _filled(cells, d) else None
    if c.outside is None:
        return None
    ray = ray_cells(c.outside, n)
    if not _filled(ray, d):
        return None
    digits = [d[i] for i in ray]
    if c.kind == "xsum":
        return ray[: digits[0]]
    if 1 not in digits or n not in digits:
        return None
    a, b = sorted((digits.index(1), digits.index(n)))
    return ray[a + 1 : b]


# --- the board's problems ---------------------------------------------------------------------


def problems(cells: Digits, variant: Variant) -> list[Problem]:
    """Digits repeated in a row, column or region, then each constraint broken."""
    n = variant.size
    found: list[Problem] = []
    units = [(f"row {r + 1}", [r * n + c for c in range(n)]) for r in range(n)]
    units += [(f"column {c + 1}", [r * n + c for r in range(n)]) for c in range(n)]
    units += [(f"region {k + 1}", list(cells_)) for k, cells_ in enumerate(variant.region_cells)]
    for name, unit in units:
        seen: dict[int, list[int]] = {}
        for i in unit:
            if cells[i]:
                seen.setdefault(cells[i], []).append(i)
        for digit, where in sorted(seen.items()):
            if len(where) > 1:
                found.append(
                    Problem(
                        f"{digit} appears {len(where)} times in {name}",
                        tuple(divmod(i, n) for i in where),
                        Severity.ERROR,
                        Kind.REPEAT,
                    )
                )
    for c in variant.constraints:
        bad = broken(c, cells, variant)
        if bad:
            found.append(
                Problem(
                    f"{c.name[:1].upper()}{c.name[1:]} broken" + (f" ({c.value})" if c.value else ""),
                    tuple(divmod(i, n) for i in dict.fromkeys(bad)),
                    Severity.ERROR,
                    Kind.CONSTRAINT,
                )
            )
    return found

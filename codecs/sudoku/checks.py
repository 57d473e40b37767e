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

from ..errors import Problem, Severity
from .model import Kind
from .variant import Constraint, Variant

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
        bad = set()
        for i, j in _orthogonal(n):
            if d[i] and d[j] and abs(d[i] - d[j]) == 1:
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
        marked = {frozenset(x.cells) for x in v.constraints if x.kind in joined and len(x.cells) == 2}
        rules = [_pair_rule(kind, None, letter) for letter in (("X", "V") if kind == "xv" else (None,))]
        bad = set()
        for i, j in _orthogonal(n):
            if d[i] and d[j] and frozenset((i, j)) not in marked and any(rule(d[i], d[j]) for rule in rules):
                bad |= {i, j}
        return tuple(sorted(bad))
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
        wrong = [j for j in around if d[j] and (d[j] <= d[i] if k == "minimum" else d[j] >= d[i])]
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
        if len(c.cells) == 2 and _filled(c.cells, d):
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
            shaft = [i for i in line if i not in bulb]
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
        if summed is None or c.number is None:
            return ()
        return () if sum(d[i] for i in summed) == c.number else tuple(summed)
    return ()


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


def _entropic(line: Sequence[int], d: Digits, c: Constraint, v: Variant) -> list[int]:
    third = max(1, v.size // 3)

    def group(x: int) -> int:
        return min(2, (x - 1) // third)

    out: list[int] = []
    for k in range(len(line)):
        for step in (1, 2):
            if k + step < len(line):
                a, b = line[k], line[k + step]
                if d[a] and d[b] and group(d[a]) == group(d[b]):
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


_LINE_RULES: dict[str, Callable[[Sequence[int], Digits, Constraint, Variant], list[int]]] = {
    "thermometer": _thermo,
    "slowthermometer": _thermo,
    "whispers": _whispers,
    "renban": _renban,
    "palindrome": _palindrome,
    "betweenline": _between,
    "regionsumline": _region_sum,
    "entropicline": _entropic,
    "zipperline": _zipper,
}


def _ray(c: Constraint, n: int) -> list[int]:
    assert c.outside is not None
    r, col = c.outside
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
    ray = _ray(c, n)
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

"""Make the variant sudoku puzzles of tests/data/sudoku_variants.json: our own puzzles,
one or more per kind of constraint, each with one solution.

Each starts from a random solved grid, draws constraints that the grid keeps (cages with
their sums, thermometers that climb, dots between the cells they fit, ...), then adds
givens where two solutions differ until one is left, and takes away every given that is
not needed. Run: .venv/bin/python tools/make_variant_puzzles.py [SEED]
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from slugboard.codecs.sudoku.cpsat import solutions
from slugboard.codecs.sudoku.fpuzzles import read_json_text
from slugboard.codecs.sudoku.lzstring import compress_to_base64
from slugboard.codecs.sudoku.model import DIGITS
from slugboard.codecs.sudoku.variant import default_regions

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "sudoku_variants.json"


def name(i: int, n: int) -> str:
    return f"R{i // n + 1}C{i % n + 1}"


def empty(n: int) -> dict:
    return {"size": n, "grid": [[{} for _ in range(n)] for _ in range(n)]}


def board_of(obj: dict):
    return read_json_text(json.dumps(obj, separators=(",", ":")), form="fpuzzles")


def solved_grid(n: int, rng: random.Random, obj: dict | None = None) -> list[int]:
    """A random solution of `obj` (an empty grid by default): some random givens, solved."""
    obj = json.loads(json.dumps(obj or empty(n)))
    while True:
        trial = json.loads(json.dumps(obj))
        for _ in range(n):
            i = rng.randrange(n * n)
            trial["grid"][i // n][i % n] = {"value": rng.randint(1, n), "given": True}
        try:
            found = solutions(board_of(trial), 1)
        except Exception:  # noqa: BLE001 - a random start may break a rule: try another
            continue
        if found:
            return list(found[0])


def neighbours(i: int, n: int) -> list[int]:
    r, c = divmod(i, n)
    return [
        (r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)) if 0 <= r + dr < n and 0 <= c + dc < n
    ]


def connected(regions: list[int], region: int) -> bool:
    cells = [x for x in range(len(regions)) if regions[x] == region]
    n = int(len(regions) ** 0.5)
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        for y in neighbours(todo.pop(), n):
            if regions[y] == region and y not in seen:
                seen.add(y)
                todo.append(y)
    return len(seen) == len(cells)


def path(sol: list[int], n: int, rng: random.Random, length: int, ok, used: set[int]) -> list[int] | None:
    """A path of orthogonal steps through unused cells where each step keeps `ok(path, next)`."""
    for _ in range(200):
        start = rng.randrange(n * n)
        if start in used:
            continue
        line = [start]
        while len(line) < length:
            steps = [j for j in neighbours(line[-1], n) if j not in line and j not in used and ok(line, j)]
            if not steps:
                break
            line.append(rng.choice(steps))
        if len(line) == length:
            return line
    return None


def finish(obj: dict, sol: list[int], rng: random.Random) -> dict:
    """Givens added where two solutions differ until one is left, then each one taken away
    that is not needed."""
    n = obj["size"]
    givens: set[int] = {i for i in range(n * n) if obj["grid"][i // n][i % n].get("given")}

    def with_givens(cells: set[int]) -> dict:
        out = json.loads(json.dumps(obj))
        for i in range(n * n):
            out["grid"][i // n][i % n] = {"value": sol[i], "given": True} if i in cells else {}
            if "region" in obj["grid"][i // n][i % n]:
                out["grid"][i // n][i % n]["region"] = obj["grid"][i // n][i % n]["region"]
        return out

    while True:
        found = solutions(board_of(with_givens(givens)), 2)
        assert found, "the constraints drawn from a solution always keep it"
        if len(found) == 1:
            break
        differ = [i for i in range(n * n) if found[0][i] != found[1][i]]
        givens.add(rng.choice(differ))
    for i in rng.sample(sorted(givens), len(givens)):
        if len(solutions(board_of(with_givens(givens - {i})), 2)) == 1:
            givens.discard(i)
    return with_givens(givens)


def _jigsaw(rng: random.Random) -> dict:
    """A 6x6 jigsaw with odd and even cells: regions grown from the boxes by swapping cells
    between neighbouring regions, each swap kept while the regions stay joined and solvable."""
    obj = empty(6)
    regions = list(default_regions(6))
    for _ in range(40):
        i = rng.randrange(36)
        j = rng.choice(neighbours(i, 6))
        if regions[i] != regions[j]:
            # j joins i's region, and one cell of i's region next to j's goes the other way.
            trial = regions[:]
            trial[j] = regions[i]
            back = [
                x
                for x in range(36)
                if trial[x] == regions[i] and x != j and any(trial[y] == regions[j] for y in neighbours(x, 6))
            ]
            if not back:
                continue
            trial[rng.choice(back)] = regions[j]
            if not all(connected(trial, r) for r in set(trial)):
                continue
            test = empty(6)
            for x in range(36):
                test["grid"][x // 6][x % 6]["region"] = trial[x]
            if solutions(board_of(test), 1):
                regions = trial
    for x in range(36):
        obj["grid"][x // 6][x % 6]["region"] = regions[x]
    sol = solved_grid(6, rng, obj)
    obj["even"] = [{"cell": name(i, 6)} for i in rng.sample(range(36), 6) if sol[i] % 2 == 0]
    obj["odd"] = [{"cell": name(i, 6)} for i in rng.sample(range(36), 6) if sol[i] % 2 == 1]
    return finish(obj, sol, rng)


# Each kind's constraints, drawn on `obj` from the solved grid `sol` of size `n`; each
# returns the grid the puzzle keeps (a kind with rules of its own solves a grid that keeps them).
def _cages(obj: dict, sol: list[int], n: int, rng: random.Random) -> list[int]:
    cages = []
    left = set(range(n * n))
    while left:
        start = min(left)
        cage = [start]
        want = rng.randint(1, 4 if n == 9 else 3)
        while len(cage) < want:
            steps = [
                j
                for i in cage
                for j in neighbours(i, n)
                if j in left and j not in cage and sol[j] not in {sol[x] for x in cage}
            ]
            if not steps:
                break
            cage.append(rng.choice(steps))
        left -= set(cage)
        cages.append({"cells": [name(i, n) for i in cage], "value": str(sum(sol[i] for i in cage))})
    obj["killercage"] = cages
    return sol


def _thermometers(obj: dict, sol: list[int], n: int, rng: random.Random) -> list[int]:
    used: set[int] = set()
    obj["thermometer"] = []
    for _ in range(8):
        line = path(sol, n, rng, rng.randint(3, 6), lambda p, j: sol[j] > sol[p[-1]], used)
        if line:
            used |= set(line)
            obj["thermometer"].append({"lines": [[name(i, n) for i in line]]})
    return sol


def _arrows(obj: dict, sol: list[int], n: int, rng: random.Random) -> list[int]:
    used: set[int] = set()
    obj["arrow"] = []
    for _ in range(3000):
        line = path(sol, n, rng, rng.randint(3, 4), lambda p, j: sum(sol[x] for x in p[1:]) + sol[j] <= sol[p[0]], used)
        if line and sum(sol[i] for i in line[1:]) == sol[line[0]]:
            used |= set(line)
            obj["arrow"].append({"cells": [name(line[0], n)], "lines": [[name(i, n) for i in line]]})
        if len(obj["arrow"]) >= 8:
            break
    return sol


def _kropki(obj: dict, sol: list[int], n: int, rng: random.Random) -> list[int]:
    obj["difference"], obj["ratio"] = [], []
    for i in range(n * n):
        for j in neighbours(i, n):
            if j > i:
                a, b = sol[i], sol[j]
                if abs(a - b) == 1:
                    obj["difference"].append({"cells": [name(i, n), name(j, n)]})
                elif a == 2 * b or b == 2 * a:
                    obj["ratio"].append({"cells": [name(i, n), name(j, n)]})
    obj["negative"] = ["ratio", "difference"]
    return sol


def _xv(obj: dict, sol: list[int], n: int, rng: random.Random) -> list[int]:
    obj["xv"] = []
    for i in range(n * n):
        for j in neighbours(i, n):
            if j > i and sol[i] + sol[j] in (5, 10):
                obj["xv"].append({"cells": [name(i, n), name(j, n)], "value": "X" if sol[i] + sol[j] == 10 else "V"})
    obj["negative"] = ["xv"]
    return sol


def _little_killers(obj: dict, sol: list[int], n: int, rng: random.Random) -> list[int]:
    obj["littlekillersum"] = []
    for _ in range(10):
        r, c = rng.choice([(-1, rng.randrange(n)), (rng.randrange(n), -1)])
        direction = "DR" if r < 0 or c < 0 else "UL"
        cells = []
        rr, cc = r + 1, c + 1
        while 0 <= rr < n and 0 <= cc < n:
            cells.append(rr * n + cc)
            rr, cc = rr + 1, cc + 1
        if cells:
            obj["littlekillersum"].append(
                {
                    "cell": f"R{r + 1}C{c + 1}",
                    "cells": [name(i, n) for i in cells],
                    "direction": direction,
                    "value": str(sum(sol[i] for i in cells)),
                }
            )
    return sol


def _sandwiches(obj: dict, sol: list[int], n: int, rng: random.Random) -> list[int]:
    obj["sandwichsum"] = []
    for k in range(n):
        for ray, cell in (
            ([k * n + x for x in range(n)], f"R{k + 1}C0"),
            ([x * n + k for x in range(n)], f"R0C{k + 1}"),
        ):
            digits = [sol[i] for i in ray]
            a, b = sorted((digits.index(1), digits.index(n)))
            obj["sandwichsum"].append({"cell": cell, "value": str(sum(digits[a + 1 : b]))})
    return sol


def _x_sums(obj: dict, sol: list[int], n: int, rng: random.Random) -> list[int]:
    obj["xsum"] = []
    for k in range(n):
        digits = [sol[k * n + x] for x in range(n)]
        obj["xsum"].append({"cell": f"R{k + 1}C0", "value": str(sum(digits[: digits[0]]))})
    return sol


def _rules(*rules: str):
    """A kind of global rules only (anti-knight, diagonals): a grid solved with them."""

    def draw(obj: dict, sol: list[int], n: int, rng: random.Random) -> list[int]:
        obj.update(dict.fromkeys(rules, True))
        return solved_grid(n, rng, {**empty(n), **dict.fromkeys(rules, True)})

    return draw


def _lines(obj: dict, sol: list[int], n: int, rng: random.Random) -> list[int]:
    used: set[int] = set()
    obj["whispers"], obj["renban"], obj["palindrome"], obj["betweenline"] = [], [], [], []
    for _ in range(3):
        line = path(sol, n, rng, rng.randint(3, 5), lambda p, j: abs(sol[j] - sol[p[-1]]) >= 5, used)
        if line:
            used |= set(line)
            obj["whispers"].append({"lines": [[name(i, n) for i in line]]})
    for _ in range(200):
        line = path(sol, n, rng, rng.randint(3, 4), lambda p, j: sol[j] not in [sol[x] for x in p], used)
        if line and max(sol[i] for i in line) - min(sol[i] for i in line) == len(line) - 1:
            used |= set(line)
            obj["renban"].append({"lines": [[name(i, n) for i in line]]})
            if len(obj["renban"]) == 2:
                break
    for _ in range(400):
        line = path(sol, n, rng, 3, lambda p, j: True, used)
        if line and sol[line[0]] == sol[line[-1]]:
            used |= set(line)
            obj["palindrome"].append({"lines": [[name(i, n) for i in line]]})
            break
    for _ in range(400):
        line = path(sol, n, rng, rng.randint(3, 4), lambda p, j: True, used)
        if line:
            lo, hi = sorted((sol[line[0]], sol[line[-1]]))
            if all(lo < sol[i] < hi for i in line[1:-1]):
                used |= set(line)
                obj["betweenline"].append({"lines": [[name(i, n) for i in line]]})
                if len(obj["betweenline"]) == 2:
                    break
    return sol


DRAW = {
    "killer": _cages,
    "killer-4": _cages,
    "thermo": _thermometers,
    "arrow": _arrows,
    "kropki": _kropki,
    "xv": _xv,
    "littlekiller": _little_killers,
    "sandwich": _sandwiches,
    "xsum-4": _x_sums,
    "chess": _rules("antiknight", "antiking"),
    "diagonals": _rules("diagonal+", "diagonal-"),
    "lines": _lines,
}


def make(kind: str, rng: random.Random) -> dict:
    """A puzzle of `kind` (one of KINDS) with one solution."""
    if kind == "jigsaw-6":
        return _jigsaw(rng)
    n = {"xsum-4": 4, "classic-16": 16, "killer-4": 4}.get(kind, 9)
    obj = empty(n)
    sol = solved_grid(n, rng)
    draw = DRAW.get(kind)  # none for a classic puzzle
    if draw is not None:
        sol = draw(obj, sol, n, rng)
    return finish(obj, sol, rng)


KINDS = (
    "killer",
    "killer-4",
    "thermo",
    "arrow",
    "kropki",
    "xv",
    "littlekiller",
    "sandwich",
    "chess",
    "diagonals",
    "lines",
    "jigsaw-6",
    "xsum-4",
    "classic-16",
)


def main() -> None:
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 39)
    puzzles = []
    for kind in KINDS:
        obj = make(kind, rng)
        obj["title"] = f"Slugboard test: {kind}"
        obj["author"] = "Slugboard"
        text = json.dumps(obj, separators=(",", ":"), ensure_ascii=False)
        board = read_json_text(text, form="fpuzzles")
        found = solutions(board, 2)
        assert len(found) == 1
        puzzles.append(
            {
                "kind": kind,
                "link": "https://www.f-puzzles.com/?load=" + compress_to_base64(text),
                "solution": "".join(DIGITS[d - 1] for d in found[0]),
            }
        )
        print(kind, board.givens, "givens", file=sys.stderr)
    OUT.write_text(json.dumps({"source": "made by tools/make_variant_puzzles.py", "puzzles": puzzles}, indent=1) + "\n")


if __name__ == "__main__":
    main()

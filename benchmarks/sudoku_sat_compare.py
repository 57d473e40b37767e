"""Why CP-SAT and not python-sat: the uniqueness answer (two solutions looked for) on our
killer, 16x16 and thermometer puzzles, CP-SAT (as cpsat.py builds it) beside python-sat's
CaDiCaL on a plain CNF encoding (one variable per cell and digit; a killer cage as "its
digits are one of the sets that add up to its sum"; a thermometer as pairwise clauses).
python-sat is not a dependency: install it to run this (pip install python-sat).

Run: python benchmarks/sudoku_sat_compare.py
"""

from __future__ import annotations

import json
import time
from itertools import combinations
from pathlib import Path

from slugboard.codecs import sudoku
from slugboard.codecs.sudoku.cpsat import solutions

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "sudoku_variants.json"


def cnf(board):
    from pysat.card import CardEnc, EncType

    n = board.size
    var = lambda i, d: i * n + d  # noqa: E731 - 1-based digits, cells from 0
    top = n * n * n
    clauses = []

    def exactly_one(lits):
        nonlocal top
        enc = CardEnc.equals(lits=lits, bound=1, top_id=top, encoding=EncType.seqcounter)
        top = max(top, enc.nv)
        clauses.extend(enc.clauses)

    def at_most_one(lits):
        for a, b in combinations(lits, 2):
            clauses.append([-a, -b])

    for i in range(n * n):
        exactly_one([var(i, d) for d in range(1, n + 1)])
        if board.cells[i]:
            clauses.append([var(i, board.cells[i])])
    units = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    units += [list(cells) for cells in board.variant.region_cells]
    for unit in units:
        for d in range(1, n + 1):
            exactly_one([var(i, d) for i in unit])
    for c in board.variant.constraints:
        if c.kind == "killercage":
            for d in range(1, n + 1):
                at_most_one([var(i, d) for i in c.cells])
            if c.number is not None:
                sets = [s for s in combinations(range(1, n + 1), len(c.cells)) if sum(s) == c.number]
                selectors = []
                for s in sets:
                    top += 1
                    selectors.append(top)
                    for i in c.cells:
                        clauses.append([-top] + [var(i, d) for d in s])
                clauses.append(selectors)
        elif c.kind == "thermometer":
            for line in c.lines:
                for a, b in zip(line, line[1:]):
                    for x in range(1, n + 1):
                        for y in range(1, x + 1):
                            clauses.append([-var(a, x), -var(b, y)])
        else:
            raise ValueError(c.kind)
    return clauses


def count_sat(board) -> int:
    from pysat.solvers import Solver

    n = board.size
    with Solver(name="cadical153", bootstrap_with=cnf(board)) as solver:
        found = 0
        while found < 2 and solver.solve():
            model = [v for v in solver.get_model() if 0 < v <= n * n * n]
            found += 1
            solver.add_clause([-v for v in model])
    return found


def main() -> None:
    for puzzle in json.loads(DATA.read_text())["puzzles"]:
        if puzzle["kind"] not in ("killer", "classic-16", "thermo", "killer-4"):
            continue
        board = sudoku.decode(puzzle["link"])
        solutions(board, 2)  # ortools imported and warm
        t = time.perf_counter()
        a = len(solutions(board, 2))
        cp = time.perf_counter() - t
        t = time.perf_counter()
        b = count_sat(board)
        sat = time.perf_counter() - t
        assert a == b == 1
        print(f"{puzzle['kind']:<12} CP-SAT {1000 * cp:7.1f} ms   python-sat (CaDiCaL) {1000 * sat:7.1f} ms")


if __name__ == "__main__":
    main()

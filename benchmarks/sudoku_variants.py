"""Times the uniqueness answer (count up to two solutions, with CP-SAT) on the variant
puzzles of tests/data/sudoku_variants.json: killer, thermometer, arrow, Kropki, XV,
little killer, sandwich, chess, diagonal, line, jigsaw, X-sum and 16x16 puzzles.
Goals: median under 300 ms, every 9x9 under 5 s. The first call pays for importing
ortools; it is timed apart.

Run: python benchmarks/sudoku_variants.py [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from slugboard.codecs import sudoku

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "sudoku_variants.json"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    puzzles = json.loads(DATA.read_text())["puzzles"]
    start = time.perf_counter()
    import ortools.sat.python.cp_model  # noqa: F401

    from slugboard.codecs.sudoku import cpsat  # noqa: F401 - the import, timed

    print(f"importing ortools: {1000 * (time.perf_counter() - start):.0f} ms")
    times = []
    for puzzle in puzzles:
        board = sudoku.decode(puzzle["link"])
        best = float("inf")
        for _ in range(args.repeat):
            t = time.perf_counter()
            count = sudoku.count_solutions(board)
            best = min(best, time.perf_counter() - t)
        assert count == 1, puzzle["kind"]
        times.append((best, puzzle["kind"], board.size))
        print(f"{puzzle['kind']:<22} {board.size}x{board.size} {1000 * best:8.1f} ms")
    values = [t for t, _, _ in times]
    worst_9 = max((t for t, _, size in times if size == 9), default=0.0)
    print(
        f"median {1000 * statistics.median(values):.1f} ms, slowest 9x9 {1000 * worst_9:.1f} ms, slowest {1000 * max(values):.1f} ms"
    )


if __name__ == "__main__":
    main()

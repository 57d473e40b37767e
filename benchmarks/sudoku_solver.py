"""Times the sudoku solver (count up to two solutions, then solve) on the hardest
published puzzles and on puzzles with none and with many solutions.

Run: python benchmarks/sudoku_solver.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from slugboard.codecs import sudoku

PUZZLES = {
    "Inkala 2010": "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    "Easter Monster": "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    "Golden Nugget": ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
    "top95 #1 (17 clues)": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "no solution": "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.",
    "3 solutions": "8.........95.......67.........472968...913245...856137....9.716...6.8492......583",
    "9 solutions": "8.........59.......76.........832765...476198...951243....9.516...6.4982......437",
    "113 solutions": "8.........95.......76.........624798...593142...718536.....6417....7.983...8..265",
    "Norvig hard1 (many)": ".....6....59.....82....8....45........3........6..3.54...325..6..................",
    "empty grid": "." * 81,
}
NORVIG_HARDEST = """
85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.
..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..
12..4......5.69.1...9...5.........7.7...52.9..3......2.9.6...5.4..9..8.1..3...9.4
...57..3.1......2.7...234......8...4..7..4...49....6.5.42...3.....7..9....18.....
7..1523........92....3.....1....47.8.......6............9...5.6.4.9.7...8....6.1.
1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..
1...34.8....8..5....4.6..21.18......3..1.2..6......81.52..7.9....6..9....9.64...2
...92......68.3...19..7...623..4.1....1...7....8.3..297...8..91...5.72......64...
.6.5.4.3.1...9...8.........9...5...6.4.6.2.7.7...4...5.........4...8...1.5.2.3.4.
7.....4...2..7..8...3..8.799..5..3...6..2..9...1.97..6...3..9...3..4..6...9..1.35
....7..2.8.......6.1.2.5...9.54....8.........3....85.1...3.2.8.4.......9.7..6....
""".split()
for n, grid in enumerate(NORVIG_HARDEST, 1):
    PUZZLES[f"Norvig hardest #{n}"] = grid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    medians, worst = [], []
    print(f"{'puzzle':24} {'solutions':>9} {'count ms':>10} {'worst ms':>9} {'solve ms':>10}")
    for name, grid in PUZZLES.items():
        board = sudoku.decode_grid(grid)
        count_ms, solve_ms = [], []
        for _ in range(args.repeat):
            start = time.perf_counter()
            count = sudoku.count_solutions(board)
            middle = time.perf_counter()
            sudoku.solve(board)
            solve_ms.append((time.perf_counter() - middle) * 1000)
            count_ms.append((middle - start) * 1000)
        medians.append(statistics.median(count_ms))
        worst.append(max(count_ms))
        print(
            f"{name:24} {count:>9} {statistics.median(count_ms):10.2f} {max(count_ms):9.2f} "
            f"{statistics.median(solve_ms):10.2f}"
        )
    print(
        f"\ncount to two over {len(PUZZLES)} puzzles: median {statistics.median(medians):.2f} ms, "
        f"worst {max(worst):.2f} ms"
    )


if __name__ == "__main__":
    main()

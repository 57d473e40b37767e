"""Times the sudoku solver (count up to two solutions) on the hardest published puzzles,
on puzzles with none and with many solutions, and on thousands of contradictions made
from them, side by side with the solver Slugboard used before (benchmarks/
sudoku_reference_solver.py), which is stopped after --cap seconds a puzzle.

Run: python benchmarks/sudoku_solver.py [--repeat N] [--cap SECONDS]
"""

from __future__ import annotations

import argparse
import signal
import statistics
import time

import sudoku_reference_solver as reference

from slugboard.codecs import sudoku

PUZZLES = {
    "Inkala 2010": "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    "Easter Monster": "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    "Golden Nugget": ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
    "top95 #1 (17 clues)": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "no solution": "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.",
    "no solution (famous)": ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........",
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


def _timed(count, board, repeat: int, cap: float) -> tuple[int | None, float, float]:
    """(count, median ms, worst ms); count None when a run passed `cap` seconds."""
    times = []
    result: int | None = None
    for _ in range(repeat):
        signal.setitimer(signal.ITIMER_REAL, cap)
        start = time.perf_counter()
        try:
            result = count(board)
        except _TimeUpError:
            return None, cap * 1000, cap * 1000
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        times.append((time.perf_counter() - start) * 1000)
    return result, statistics.median(times), max(times)


class _TimeUpError(Exception):
    pass


def _time_up(signum: int, frame: object) -> None:
    raise _TimeUpError


def contradictions() -> list[sudoku.Board]:
    """Each uniquely solvable puzzle above with one empty cell given a digit its
    solution does not have there, where no repeated digit shows it: puzzles with no
    solution whose contradiction lies somewhere in the search."""
    made = []
    for grid in PUZZLES.values():
        board = sudoku.decode_grid(grid)
        count, solution = sudoku.analyse(board)
        if count != 1 or solution is None:
            continue
        for cell in range(81):
            if board.cells[cell]:
                continue
            for digit in range(1, 10):
                if digit == solution.cells[cell]:
                    continue
                trial = sudoku.Board(board.cells[:cell] + (digit,) + board.cells[cell + 1 :])
                if not sudoku.conflict_cells(trial):
                    made.append(trial)
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cap", type=float, default=10.0, help="seconds before the reference solver is stopped")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _time_up)
    print(f"{'puzzle':24} {'solutions':>9} {'median ms':>10} {'worst ms':>9}   {'reference':>10} {'worst ms':>9}")
    ours_worst, theirs_worst, ours_med, theirs_med = [], [], [], []
    for name, grid in PUZZLES.items():
        board = sudoku.decode_grid(grid)
        count, median, worst = _timed(sudoku.count_solutions, board, args.repeat, 3600)
        ref_count, ref_median, ref_worst = _timed(reference.count_solutions, board, args.repeat, args.cap)
        ours_worst.append(worst)
        theirs_worst.append(ref_worst)
        ours_med.append(median)
        theirs_med.append(ref_median)
        ref = (
            f"{ref_median:10.2f} {ref_worst:9.2f}"
            if ref_count is not None
            else f"{'> ' + str(args.cap) + ' s':>10} {'':9}"
        )
        print(f"{name:24} {count:>9} {median:10.2f} {worst:9.2f}   {ref}")
    print(
        f"\nnamed puzzles: median of medians {statistics.median(ours_med):.2f} ms (reference "
        f"{statistics.median(theirs_med):.2f} ms), worst {max(ours_worst):.2f} ms (reference "
        f"{max(theirs_worst):.0f} ms{' or more: stopped' if max(theirs_worst) >= args.cap * 1000 else ''})"
    )
    made = contradictions()
    ours = [_timed(sudoku.count_solutions, b, 1, 3600)[1] for b in made]
    theirs = [_timed(reference.count_solutions, b, 1, args.cap)[1] for b in made]
    print(
        f"{len(made)} contradictions: median {statistics.median(ours):.2f} ms, worst {max(ours):.2f} ms "
        f"(reference: median {statistics.median(theirs):.2f} ms, worst {max(theirs):.2f} ms)"
    )


if __name__ == "__main__":
    main()

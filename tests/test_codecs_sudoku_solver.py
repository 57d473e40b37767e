"""The sudoku solver: complete (a count is always an answer), right against a plain
backtracker, quick to prove the famous puzzle with no solution, and stoppable."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from slugboard.codecs import sudoku
from slugboard.codecs.work import Cancel, Cancelled

IMPOSSIBLE = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."
EASTER_MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
GOLDEN_NUGGET = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."
SPARSE_MANY = "...6....2..................1.......6.............51.4.......1....1......3...62..."


def plain_count(cells: list[int], limit: int = 2) -> int:
    """The slowest correct counter there is: try every digit in the first empty cell."""
    try:
        i = cells.index(0)
    except ValueError:
        return 1
    r, c = divmod(i, 9)
    used = {cells[r * 9 + k] for k in range(9)} | {cells[k * 9 + c] for k in range(9)}
    br, bc = r // 3 * 3, c // 3 * 3
    used |= {cells[(br + a) * 9 + bc + b] for a in range(3) for b in range(3)}
    total = 0
    for d in range(1, 10):
        if d not in used:
            cells[i] = d
            total += plain_count(cells, limit - total)
            cells[i] = 0
            if total >= limit:
                break
    return total


def _is_solution(board: sudoku.Board, of: sudoku.Board) -> bool:
    return (
        all(board.cells) and not sudoku.problems(board) and all(g == 0 or g == s for g, s in zip(of.cells, board.cells))
    )


@st.composite
def puzzles(draw: st.DrawFn) -> sudoku.Board:
    """A solved grid shuffled by the symmetries of sudoku, with cells taken away (few
    enough that the plain counter stays quick), sometimes with a wrong digit put in."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    base = [((r * 3 + r // 3 + c) % 9) + 1 for r in range(9) for c in range(9)]
    digits = list(range(1, 10))
    rng.shuffle(digits)
    rows = [band * 3 + r for band in rng.sample(range(3), 3) for r in rng.sample(range(3), 3)]
    cols = [stack * 3 + c for stack in rng.sample(range(3), 3) for c in rng.sample(range(3), 3)]
    grid = [digits[base[r * 9 + c] - 1] for r in rows for c in cols]
    for i in rng.sample(range(81), draw(st.integers(0, 50))):
        grid[i] = 0
    if draw(st.booleans()):
        i = draw(st.integers(0, 80))
        grid[i] = draw(st.integers(1, 9))
    return sudoku.Board(tuple(grid))


@settings(max_examples=examples(150))
@given(puzzles())
def test_counts_agree_with_a_plain_backtracker(board):
    expected = 0 if sudoku.conflict_cells(board) else plain_count(list(board.cells))
    count, solution = sudoku.analyse(board)
    assert count == expected
    assert (solution is not None) == (expected > 0)
    if solution is not None:
        assert _is_solution(solution, board)


@pytest.mark.slow
@pytest.mark.parametrize(
    "grid,count",
    [
        (IMPOSSIBLE, 0),
        (EASTER_MONSTER, 1),
        (GOLDEN_NUGGET, 1),
        (SPARSE_MANY, 2),
        ("." * 81, 2),
        ("1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.", 0),
    ],
)
def test_published_hard_puzzles(grid, count):
    board = sudoku.decode_grid(grid)
    assert sudoku.count_solutions(board) == count
    solution = sudoku.solve(board)
    assert (solution is not None) == (count > 0)
    if solution is not None:
        assert _is_solution(solution, board)


def test_counting_stops_at_the_limit_and_counts_distinct_solutions():
    board = sudoku.decode_grid("8.........95.......67.........472968...913245...856137....9.716...6.8492......583")
    assert sudoku.count_solutions(board, limit=1) == 1
    assert sudoku.count_solutions(board, limit=2) == 2
    assert sudoku.count_solutions(board, limit=10) == 3


@pytest.mark.slow
def test_the_famous_puzzle_with_no_solution_on_the_command_line():
    # A guard against a hang, not a stopwatch: the speed is in benchmarks/sudoku_solver.py.
    done = subprocess.run(
        [sys.executable, "-m", "slugboard.codecs", "info", IMPOSSIBLE], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    assert '"solutions":0,"status":"no solution"' in done.stdout


def test_a_cancelled_count_stops():
    cancel = Cancel()
    cancel.set()
    with pytest.raises(Cancelled):
        sudoku.count_solutions(sudoku.decode_grid(SPARSE_MANY), cancel=cancel)
    # not cancelled: the same count finishes
    assert sudoku.count_solutions(sudoku.decode_grid(SPARSE_MANY), cancel=Cancel()) == 2

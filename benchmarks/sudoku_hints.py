"""How far a variant's hints go on real puzzles, and how long each takes.

Every f-puzzles link of tests/data/real/sudoku/ is solved by hints alone, as a solver takes
them: a forced digit goes in, a narrowing becomes the cells' centre marks, until the hint
finds nothing. Printed: per puzzle, the digits placed of those open and whether each agrees
with the published solution; then the puzzles solved whole, the digits placed, and the
median, 95th percentile and slowest hint (wall time, in this process; the window looks for
a hint in a helper process).

Run: .venv/bin/python benchmarks/sudoku_hints.py [--singles]   (--singles: without the
constraints looked at whole nor locked candidates, as the hint was before them)
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from slugboard.codecs import sudoku
from slugboard.codecs.sudoku import forced

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "real" / "sudoku"


def by_hints(board: sudoku.Board, times: list[float]) -> tuple[sudoku.Board, int, int]:
    """The board when the hints run out, the digits they placed and the narrowings taken."""
    placed = narrowings = 0
    while True:
        start = time.perf_counter()
        hint = forced.next_forced(board)
        times.append(time.perf_counter() - start)
        if hint is None:
            return board, placed, narrowings
        if isinstance(hint, forced.Narrowed):
            centre = list(board.centre)
            for i, left in hint.left:
                centre[i] = sum(1 << (d - 1) for d in left)
            board = board.with_marks(tuple(centre))
            narrowings += 1
        else:
            board = board.with_digit(*divmod(hint.cell, board.size), hint.digit, typed=True)
            placed += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--singles", action="store_true", help="singles alone, as the hint was before")
    args = parser.parse_args()
    if args.singles:
        from slugboard.codecs.sudoku import supports

        supports.supported = lambda *a, **k: None  # type: ignore[assignment]
        forced._locked = lambda *a, **k: iter(())  # type: ignore[assignment]
    times: list[float] = []
    solved = placed_all = open_all = puzzles = 0
    for path in sorted(DATA.glob("*.json")):
        for puzzle in json.loads(path.read_text(encoding="utf-8"))["puzzles"]:
            board = sudoku.decode(puzzle["link"])
            if board.variant is None:
                continue
            puzzles += 1
            empty = board.cells.count(0)
            end, placed, narrowings = by_hints(board, times)
            solution = puzzle.get("solution") or ""
            right = (
                "?"
                if len(solution) != len(end.cells)
                else all(
                    not d or str(d) == s or (d > 9 and s == "ABCDEFG"[d - 10]) for d, s in zip(end.cells, solution)
                )
            )
            print(f"{puzzle['name'][:32]:32} {placed:4}/{empty:4} placed, {narrowings:3} narrowings, right: {right}")
            solved += placed == empty
            placed_all += placed
            open_all += empty
    times.sort()
    print(
        f"{puzzles} puzzles: {solved} solved by hints alone, {placed_all:,} of {open_all:,} open digits placed; "
        f"{len(times)} hints, median {statistics.median(times) * 1000:.0f} ms, "
        f"p95 {times[int(len(times) * 0.95)] * 1000:.0f} ms, slowest {times[-1] * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()

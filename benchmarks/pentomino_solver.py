"""The pentomino solver against the published counts, beside the plain Algorithm X it is
tested against, and one completion of an empty 60-cell board on every surface.

    .venv/bin/python benchmarks/pentomino_solver.py

The plain search runs on the 3x20 board only: it has no memory of sub-counts, so on the
larger boards it runs for minutes."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from pentomino_oracle import algorithm_x_count  # noqa: E402
from slugboard.codecs import pentomino as pm  # noqa: E402
from slugboard.codecs.pentomino import solver  # noqa: E402

CENTRE = ((3, 3), (3, 4), (4, 3), (4, 4))
PUBLISHED = [
    ("3x20", pm.Board("R", 3, 20), 8),
    ("4x15", pm.Board("R", 4, 15), 1472),
    ("5x12", pm.Board("R", 5, 12), 4040),
    ("6x10", pm.Board("R", 6, 10), 9356),
    ("8x8, centre 2x2 blocked", pm.Board("R", 8, 8, (), CENTRE), 520),
]


def main() -> None:
    print(f"{'board':26} {'count':>6} {'fast s':>8} {'plain s':>9}")
    for label, board, expected in PUBLISHED:
        start = time.perf_counter()
        found, complete = solver.count(board)
        fast = time.perf_counter() - start
        assert (found, complete) == (expected, True), (label, found)
        plain = "-"
        if board.height == 3:
            start = time.perf_counter()
            assert algorithm_x_count(board) == expected
            plain = f"{time.perf_counter() - start:.2f}"
        print(f"{label:26} {found:6} {fast:8.2f} {plain:>9}")
    print()
    print(f"{'one completion, empty board':34} {'ms':>8}")
    for surface, title in pm.SURFACES.items():
        board = pm.Board("S", 8, 8, (), CENTRE) if surface == "S" else pm.Board(surface, 6, 10)
        start = time.perf_counter()
        done = solver.solve(board)
        ms = (time.perf_counter() - start) * 1000
        assert done is not None and pm.is_complete(done) and not pm.problems(done)
        print(f"{title + (' 8x8 less 4' if surface == 'S' else ' 6x10'):34} {ms:8.1f}")


if __name__ == "__main__":
    main()

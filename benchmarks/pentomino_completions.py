"""Listing pentomino completions to browse (`codecs/pentomino/completions.py`): the time to
the first completion and to the first N, with dead ends remembered, beside the solver's
plain search (`solver._search`, no memory) listing the same ones; and the memory the kept
completions take. The goal: the first completion in well under a second, so the window
shows one at once, and the first 10,000 kept in under 300 KB.

Run: .venv/bin/python benchmarks/pentomino_completions.py [--quick]
"""

from __future__ import annotations

import argparse
import itertools
import pickle
import time

from slugboard.codecs import pentomino as pm
from slugboard.codecs.pentomino import completions, solver

BOARDS = [
    ("4x15 rectangle, all", pm.Board("R", 4, 15), 10_000),
    ("5x12 rectangle, all", pm.Board("R", 5, 12), 10_000),
    ("6x10 rectangle, first 2,000", pm.Board("R", 6, 10), 2_000),
    ("8x8 torus, first 2,000", pm.Board("T", 8, 8, terrain=((3, 3), (3, 4), (4, 3), (4, 4))), 2_000),
]


def listed(board: pm.Board, limit: int) -> tuple[float, float, int]:
    """(seconds to the first, seconds to all, how many) with dead ends remembered."""
    start = time.perf_counter()
    first: list[float] = []
    found = completions.completions(
        board, limit, progress=lambda n, _i, _p: first.append(time.perf_counter() - start) if n == 1 else None
    )
    return first[0] if first else float("nan"), time.perf_counter() - start, len(found)


def plain(board: pm.Board, limit: int) -> float:
    start = time.perf_counter()
    for _ in itertools.islice(solver._search(solver.prepare(board), solver.NEVER), limit):
        pass
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the 4x15 rectangle alone")
    args = parser.parse_args()
    print(f"{'board':32} {'first':>8} {'listed':>8} {'plain':>8} {'count':>7}")
    for name, board, limit in BOARDS[:1] if args.quick else BOARDS:
        first, whole, count = listed(board, limit)
        print(f"{name:32} {first:7.2f}s {whole:7.2f}s {plain(board, limit):7.2f}s {count:7,}")
    kept = completions.completions(pm.Board("R", 4, 15), 1_000)
    fewer = completions.completions(pm.Board("R", 4, 15), 500)
    per = (len(pickle.dumps(kept)) - len(pickle.dumps(fewer))) / 500
    print(f"kept: {per:.1f} bytes a completion, {per * completions.LIMIT / 1000:.0f} KB for {completions.LIMIT:,}")


if __name__ == "__main__":
    main()

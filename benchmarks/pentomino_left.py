""" "Completions left" after an edit: how many partly filled boards the pure-Python count
answers within the window's budget (gui/pentomino/page.py, QUICK_CHECK_SECONDS), with the
search's look for a cell cut off beside each piece put down, and without it.

The boards: a completion of the 6x10 board of each surface with three to six of its pieces
kept (seeded, so every run times the same boards). Run as
  .venv/bin/python benchmarks/pentomino_left.py [--boards 8] [--seed 1]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time

from slugboard.codecs.pentomino import solver
from slugboard.codecs.pentomino.model import Board
from slugboard.codecs.work import NEVER
from slugboard.gui.pentomino.page import QUICK_CHECK_SECONDS


def boards(per_surface: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    found = []
    for surface in "RCMTKP":
        empty = Board(surface, 6, 10)
        problem = solver.prepare(empty)
        full = solver._completed(empty, next(iter(solver._search(problem, NEVER))))
        for _ in range(per_surface):
            keep = sorted(rng.sample(range(len(full.pieces)), rng.randint(3, 6)))
            found.append(Board(surface, 6, 10, tuple(full.pieces[i] for i in keep), ()))
    return found


def seconds(t: solver.Tables, budget: float) -> float | None:
    """The time of the Python count of `t`'s empty board, or None past `budget`."""
    start = time.perf_counter()
    try:
        solver._count_python(t, [(t.empty, t.free)], -1, solver._Deadline(NEVER, start + budget), {})
    except solver.BudgetSpentError:
        return None
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=8, help="boards per surface")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    budget = QUICK_CHECK_SECONDS
    rows = {"looking for cut-off cells": [], "not looking": []}
    for board in boards(args.boards, args.seed):
        t = solver.tables(solver.prepare(board))
        rows["looking for cut-off cells"].append(seconds(t, budget))
        rows["not looking"].append(seconds(dataclasses.replace(t, around=()), budget))
    for name, times in rows.items():
        answered = [s for s in times if s is not None]
        print(
            f"{name:26} {len(answered)} of {len(times)} boards within {budget:g} s;"
            f" median {statistics.median(answered) * 1000:.1f} ms, slowest answered {max(answered) * 1000:.1f} ms"
        )
    both = [(a, b) for a, b in zip(*rows.values()) if a is not None and b is not None and b > 0.01]
    if both:
        print(f"boards over 10 ms either way: looking takes {statistics.median(a / b for a, b in both):.2f}x the time")


if __name__ == "__main__":
    main()

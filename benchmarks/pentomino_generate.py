"""Making a pentomino puzzle (`slugboard-codec generate-pentomino`) on a 6x10 board of each
surface that has one (a sphere is square), for seeds 1..N, against the goal: under 5 s for
any. Prints each surface's median and its slowest seed, with the time of the slowest made
again without the short looks for two completions (`generate.LOOKS`), which make the same
puzzle (the first counts of a board with few pieces may go through many ways that fail).

The compiled search is loaded first (a puzzle made and thrown away), as the window's helper
has it after its first count. Run: .venv/bin/python benchmarks/pentomino_generate.py [--seeds N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from slugboard.codecs.pentomino import generate

GOAL_S = 5.0


def made_in(surface: str, seed: int) -> tuple[float, object]:
    start = time.perf_counter()
    board = generate.generate(surface, 6, 10, seed=seed)
    return time.perf_counter() - start, board


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=15)
    args = parser.parse_args()
    generate.generate("R", 6, 10, seed=0)
    print(f"{'surface':8} {'median s':>9} {'slowest s':>10} {'seed':>5} {'no looks s':>11}  goal {GOAL_S:g} s")
    for surface in "RCMTKP":
        times = {seed: made_in(surface, seed) for seed in range(1, args.seeds + 1)}
        seed = max(times, key=lambda k: times[k][0])
        slowest, board = times[seed]
        looks = generate.LOOKS
        generate.LOOKS = 0
        try:
            plain, same = made_in(surface, seed)
        finally:
            generate.LOOKS = looks
        assert same == board, (surface, seed)
        median = statistics.median(t for t, _ in times.values())
        mark = "ok" if slowest < GOAL_S else "OVER"
        print(f"{surface:8} {median:9.2f} {slowest:10.2f} {seed:5} {plain:11.2f}  {mark}")


if __name__ == "__main__":
    main()

"""How long a field that needs no guessing takes to deal on each classic level, asked of
the helper process as the window asks it (so the time includes sending the question and
the answer). Goal: under 1 s on every level, every time.

Run: python benchmarks/minesweeper_no_guess.py [fields per level]
"""

from __future__ import annotations

import statistics
import sys
import time

from slugboard.codecs.apart import Helper
from slugboard.codecs.minesweeper import LEVELS, noguess
from slugboard.codecs.work import Cancel


def main(fields: int = 20) -> None:
    helper = Helper((noguess.__name__,))
    try:
        helper.call(noguess.no_guess_mines, (9, 9, 10, (4, 4)), cancel=Cancel())  # the helper started and warm
        print(f"{'level':<14}{'median ms':>10}{'worst ms':>10}")
        for name, (w, h, m) in LEVELS.items():
            times = []
            for i in range(fields):
                first = (i * 7 % w, i * 5 % h)
                start = time.perf_counter()
                helper.call(noguess.no_guess_mines, (w, h, m, first), cancel=Cancel())
                times.append((time.perf_counter() - start) * 1000)
            print(f"{name:<14}{statistics.median(times):>10.1f}{max(times):>10.1f}")
    finally:
        helper.stop()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)

"""Memory and time of reading a long pasted text: `decode_any` and then `info` (what
`slugboard-codec info` does), for texts up to the 4,000,000-character limit. Memory is the
peak that tracemalloc sees above what was allocated before, as a multiple of the text's
size; time is measured in a run of its own, without tracemalloc. The goal: at most 30
times the text's size and 1 s for any text.

Run: python benchmarks/long_paste_memory.py [--sizes 100000,1000000,4000000] [--only NAME]
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).parent))

from decode_linear import garbage, minesweeper_clicks, sudoku_repeats  # noqa: E402

from slugboard.codecs import MAX_TEXT, SlugError, decode_any, game  # noqa: E402
from slugboard.codecs import minesweeper as ms  # noqa: E402

GOAL_TIMES = 30
GOAL_S = 1.0


def minesweeper_field(size: int) -> str:
    """A square field with a mine on every third cell each way, as large as fits in `size`
    characters and the largest field (1,000,000 cells)."""
    side = 10
    while (side + 10) ** 2 <= ms.MAX_CELLS:
        mines = tuple((x, y) for y in range(0, side + 10, 3) for x in range(0, side + 10, 3))
        if len(ms.encode(ms.Board(side + 10, side + 10, mines, (), 1, 50, True))) > size:
            break
        side += 10
    mines = tuple((x, y) for y in range(0, side, 3) for x in range(0, side, 3))
    return ms.encode(ms.Board(side, side, mines, (), 1, 50, True))


def percent_encoded(make: Callable[[int], str]) -> Callable[[int], str]:
    """The text of `make`, percent-encoded whole, as a link copied from an address bar."""

    def made(size: int) -> str:
        text = quote(make(size * 2 // 3), safe="")
        return text[:size] if len(text) > size else text

    return made


CASES: dict[str, Callable[[int], str]] = {
    "minesweeper, timed clicks": minesweeper_clicks,
    "minesweeper, timed clicks, %-encoded": percent_encoded(minesweeper_clicks),
    "minesweeper, large field": minesweeper_field,
    "sudoku v1, repeated givens": sudoku_repeats,
    "no game's text": garbage,
}


def read(text: str) -> None:
    try:
        name, board = decode_any(text)
    except SlugError:
        return
    game(name).info(board)


def measure(text: str) -> tuple[float, float]:
    """(peak bytes over the text's size, seconds) of reading `text`."""
    gc.collect()
    start = time.perf_counter()
    read(text)
    seconds = time.perf_counter() - start
    gc.collect()
    tracemalloc.start()
    read(text)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / len(text), seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=f"100000,1000000,{MAX_TEXT}")
    parser.add_argument("--only", default="", help="run the cases whose name holds this")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"{'text':40} {'characters':>11} {'peak / size':>12} {'s':>7}  goal")
    for label, make in CASES.items():
        if args.only not in label:
            continue
        seen: set[int] = set()
        for size in sizes:
            text = make(size)
            if len(text) in seen or len(text) > MAX_TEXT:
                continue
            seen.add(len(text))
            times, seconds = measure(text)
            ok = "ok" if times <= GOAL_TIMES and seconds <= GOAL_S else "OVER"
            print(f"{label:40} {len(text):>11,} {times:12.1f} {seconds:7.2f}  {ok}", flush=True)


if __name__ == "__main__":
    main()

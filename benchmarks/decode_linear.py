"""Time to decode each game's largest inputs, and to refuse the largest hostile ones, as
milliseconds and milliseconds per KB at sizes up to the 4,000,000-character limit: the
time per KB stays flat when a decoder is linear.

Run: python benchmarks/decode_linear.py [--repeat N]
"""

from __future__ import annotations

import argparse
import base64
import random
import statistics
import time
from collections.abc import Callable

from slugboard.codecs import GAMES, MAX_TEXT, SlugError
from slugboard.codecs import minesweeper as ms
from slugboard.codecs import pentomino as pm

SIZES = (10_000, 100_000, 1_000_000, MAX_TEXT)


def sudoku_repeats(size: int) -> str:
    """A v1 slug that sets cells again and again (each given 11 bits)."""
    givens = size * 6 // 11
    bits = "".join(format((i % 81) << 4 | (i % 9 + 1), "011b") for i in range(givens))
    bits += "0" * (-len(bits) % 8)
    data = b"S!v1" + int(bits, 2).to_bytes(len(bits) // 8, "big")
    return base64.b64encode(data).decode()[:size]


def minesweeper_clicks(size: int) -> str:
    """An expert field with as many timed clicks as fit (about 4.3 characters a click)."""
    rng = random.Random(size)
    mines = tuple(sorted({(rng.randrange(30), rng.randrange(16)) for _ in range(99)}))
    events, t = [], 0
    for _ in range(size * 10 // 43):
        t += rng.randint(0, 1)
        kind = ms.OPEN if rng.random() < 0.7 else ms.FLAG
        if events and events[-1].t == t and events[-1].kind == ms.OPEN and kind != ms.OPEN:
            t += 1
        events.append(ms.Event(t, kind, rng.randrange(30), rng.randrange(16)))
    return ms.encode(ms.Board(30, 16, mines, tuple(events), 1, 50, True))


def pentomino_largest(size: int) -> str:
    """The largest board there is (60x60, terrain on every other cell): a slug's size is
    bounded by the board, so every size gives the same text."""
    items = {(r, c): pm.TERRAIN for r in range(60) for c in range(60) if (r + c) % 2}
    return pm.encode(pm.make_board("T", 60, 60, items, [0] * 12))


def garbage(size: int) -> str:
    """Text in a slug's alphabet that no game reads, to time the refusal."""
    rng = random.Random(size)
    return "".join(rng.choices("ABCDEFabcdef0123456789+/=", k=size))


CASES: dict[str, tuple[str, Callable[[int], str]]] = {
    "sudoku v1, repeated givens": ("sudoku", sudoku_repeats),
    "minesweeper, timed clicks": ("minesweeper", minesweeper_clicks),
    "pentomino, 60x60 board": ("pentomino", pentomino_largest),
    **{f"{name}, hostile text": (name, garbage) for name in GAMES},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'input':32} {'characters':>11} {'ms':>9} {'ms per KB':>10}")
    for label, (name, make) in CASES.items():
        decode = GAMES[name].decode
        seen: set[int] = set()
        for size in SIZES:
            text = make(size)
            if len(text) in seen:
                continue
            seen.add(len(text))
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                try:
                    decode(text)
                except SlugError:
                    pass
                times.append((time.perf_counter() - start) * 1000)
            ms_taken = statistics.median(times)
            print(f"{label:32} {len(text):>11,} {ms_taken:9.1f} {ms_taken / (len(text) / 1000):10.4f}")


if __name__ == "__main__":
    main()

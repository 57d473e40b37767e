"""The move finder's speed: making the word trie from ENABLE (goal: under 5 s), reading
it back from the cache, and the best play for a mid-game board (the 22 Nov 2025 game
after three turns) and a 7-tile rack, with and without a blank (goal: under 50 ms at
the median once the trie is made).

    .venv/bin/python benchmarks/letters_moves.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time

LINK = "https://letters.wiki/?_=IaGQ1gJkqcVK44tyzAIMk0oVkzDTwZRSFOERBZmTmiEaMSGkYROgguTCrNNs8S0C6A"


def main() -> int:
    from slugboard.codecs import letters
    from slugboard.codecs.letters import moves

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "lexicon.txt")
        t0 = time.perf_counter()
        moves.load_lexicon(path)
        build = time.perf_counter() - t0
        t0 = time.perf_counter()
        lexicon = moves.load_lexicon(path)
        cached = time.perf_counter() - t0
    print(f"trie made from ENABLE and cached: {build * 1000:.0f} ms (goal < 5000)")
    print(f"trie read from the cache:         {cached * 1000:.0f} ms")
    moves._LEXICON = lexicon
    board = letters.decode(LINK)
    grid, _ = moves.position_before(board, 4)
    ok = build < 5
    for rack in ("AERSTIN", "AERST_N", "OEEELRE", "QXZJKVW"):
        times = []
        for _ in range(9):
            t0 = time.perf_counter()
            best = moves.best_plays(grid, rack, top=1)
            times.append(time.perf_counter() - t0)
        median = statistics.median(times) * 1000
        ok = ok and median < 50
        print(f"best play for {rack}: {median:6.1f} ms median ({best[0].word} {best[0].score})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

"""perft from the xiangqi opening, depths 1-4 (3,290,240 nodes at depth 4), with times.

.venv/bin/python benchmarks/xiangqi_perft.py [MAX_DEPTH]
"""

from __future__ import annotations

import sys
import time

from slugboard.codecs import xiangqi

EXPECTED = {1: 44, 2: 1_920, 3: 79_666, 4: 3_290_240}


def main() -> None:
    top = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    board = xiangqi.new_board()
    for depth in range(1, top + 1):
        start = time.perf_counter()
        nodes = xiangqi.perft(board, depth)
        seconds = time.perf_counter() - start
        mark = "ok" if nodes == EXPECTED.get(depth) else f"expected {EXPECTED.get(depth)}"
        print(f"depth {depth}: {nodes:>9,} nodes in {seconds:7.3f} s ({nodes / seconds:,.0f} nodes/s) {mark}")


if __name__ == "__main__":
    main()

"""Every game record file of a folder read as the window reads it: for each, its games,
moves (variations included), what its reader left out and the time taken, then how many
opened (prints figures; not a test).

Run: python benchmarks/xiangqi_record_folder.py [FOLDER]   (default tests/data/real/xiangqi)"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from slugboard.codecs import SlugError
from slugboard.codecs.xiangqi import FILE_TYPES, records


def main() -> None:
    folder = Path(
        sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "tests/data/real/xiangqi"
    )
    (kind,) = FILE_TYPES
    paths = sorted(p for p in folder.rglob("*") if p.is_file() and kind.matches(str(p)))
    opened = games = moves = left_out = 0
    slowest = (0.0, "")
    for path in paths:
        started = time.perf_counter()
        try:
            read = records.read_file(path)
        except SlugError as exc:
            print(f"{path.name}: not opened: {exc}")
            continue
        took = time.perf_counter() - started
        slowest = max(slowest, (took, path.name))
        count = sum(1 for game in read for _ in records.iter_nodes(game)) - len(read)
        problems = sum(len(game.problems) for game in read)
        opened, games, moves, left_out = opened + 1, games + len(read), moves + count, left_out + problems
        print(f"{path.name}: {len(read)} games, {count:,} moves, {problems} left out, {took:.2f} s")
    print(f"{opened} of {len(paths)} files open: {games} games, {moves:,} moves, {left_out} parts left out")
    print(f"slowest: {slowest[1]} in {slowest[0]:.2f} s")


if __name__ == "__main__":
    main()

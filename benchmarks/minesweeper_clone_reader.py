"""How long Slugboard's own reader of Minesweeper Clone replays takes: on the real files of
tests/data/real/minesweeper read without ms-toollib (the median of five reads each), and
on the largest file it accepts (MAX_SAMPLES mouse events of random bytes behind a real
2007 header: a hostile file's worst case, which must stay a few seconds).

    .venv/bin/python benchmarks/minesweeper_clone_reader.py
"""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

from slugboard.codecs.errors import SlugError
from slugboard.codecs.minesweeper import mvf
from slugboard.codecs.minesweeper.files import read_clone

REAL = Path(__file__).parent.parent / "tests" / "data" / "real" / "minesweeper"


def timed(data: bytes) -> float:
    start = time.perf_counter()
    try:
        read_clone(data)
    except SlugError:
        pass
    return time.perf_counter() - start


def largest() -> bytes:
    """A 2007 file whose events are MAX_SAMPLES random 6-byte events."""
    data = (REAL / "2007_release_1.mvf").read_bytes()
    clone = mvf.read_mvf(data)
    count_at = data.index(len(clone.samples).to_bytes(3, "big"), 71 + len(clone.player))
    events = random.Random(1).randbytes(6 * mvf.MAX_SAMPLES)
    return data[:count_at] + mvf.MAX_SAMPLES.to_bytes(3, "big") + events


def main() -> None:
    for path in sorted(REAL.glob("*.mvf")):
        data = path.read_bytes()
        ms = statistics.median(timed(data) for _ in range(5)) * 1000
        print(f"{path.name:28} {len(data):7,} bytes  {ms:7.1f} ms")
    data = largest()
    print(f"{'largest accepted (random)':28} {len(data):7,} bytes  {timed(data):7.2f} s")


if __name__ == "__main__":
    main()

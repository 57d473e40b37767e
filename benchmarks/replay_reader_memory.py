"""Memory of the replay file reader's child process on a large file: its peak resident
size (the largest of the children this run started) and the time, reading a real .evf
replay and a damaged file of the size limit's order (the replay's bytes repeated).

Run: python benchmarks/replay_reader_memory.py [--mb 60]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

REPLAY = (
    Path(__file__).parent.parent / "tests" / "data" / "minesweeper" / "c_10_1184.575_1021_0.862_Pu Tian Yi(Hu Bei).evf"
)

# Each file is read in a fresh Python of its own, so that one child's peak is told apart
# from another's (the largest of a process's children is all the system keeps).
MEASURE = """
import resource, sys, time
from slugboard.codecs import SlugError
from slugboard.codecs.minesweeper.files import read_replay_file
start = time.perf_counter()
try:
    read_replay_file(sys.argv[1])
    said = "read"
except SlugError as exc:
    said = "refused"
print(said, time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=60.0, help="size of the damaged file")
    args = parser.parse_args()
    data = REPLAY.read_bytes()
    with tempfile.TemporaryDirectory() as folder:
        big = Path(folder) / "damaged.evf"
        big.write_bytes(data * int(args.mb * 1024 * 1024 / len(data)))
        print(f"{'file':14} {'MB':>8} {'outcome':>8} {'s':>7} {'child peak MB':>14}")
        for label, path in (("real .evf", REPLAY), ("damaged .evf", big)):
            done = subprocess.run(
                [sys.executable, "-c", MEASURE, str(path)], capture_output=True, text=True, check=True
            )
            said, seconds, peak_kb = done.stdout.split()
            size = path.stat().st_size / 1024 / 1024
            print(f"{label:14} {size:8.1f} {said:>8} {float(seconds):7.2f} {int(peak_kb) / 1024:14.0f}")


if __name__ == "__main__":
    main()

"""The compiled pentomino count against a plain C bitboard count, and the count in two
processes against one, on the empty 6x10 rectangle.

    .venv/bin/python benchmarks/pentomino_count.py [--jobs-board SLUG]

Builds benchmarks/pentomino_count.c with the system compiler (cc) when there is one. The
machine may be shared: each line gives CPU time (what the work itself took) beside wall
time (what a person waited), and the ratios of both. The first line is numba's first
compile, in a fresh cache folder; later runs load the machine code from the user's cache.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUN = (
    "import time, resource\n"
    "from slugboard.codecs import pentomino as pm\n"
    "from slugboard.codecs.pentomino import solver\n"
    "board = pm.decode({slug!r})\n"
    "t = time.perf_counter()\n"
    "found = solver.count(board, jobs={jobs}, engine={engine!r})\n"
    "wall = time.perf_counter() - t\n"
    "me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(found[0], wall, me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime)\n"
)


def count(
    slug: str, jobs: int = 1, engine: str = "compiled", env: dict[str, str] | None = None
) -> tuple[int, float, float]:
    """(count, wall seconds of the count, CPU seconds of the whole process and its workers)."""
    out = subprocess.run(
        [sys.executable, "-c", RUN.format(slug=slug, jobs=jobs, engine=engine)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout.split()
    return int(out[0]), float(out[1]), float(out[2])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs-board", default="R6a", help="the board timed in 1 and 2 processes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as fresh:
        env = dict(os.environ, NUMBA_CACHE_DIR=fresh)
        found, wall, cpu = count("R6a", env=env)
        print(f"first run, compiling: {found} tilings, {wall:.2f} s wall, {cpu:.2f} s CPU")
    count("R6a")  # the user's cache holds the machine code from here on
    found, wall, cpu = count("R6a")
    print(f"compiled, cached:     {found} tilings, {wall:.2f} s wall, {cpu:.2f} s CPU (the process's whole life)")
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        print("no C compiler here: no C comparison")
    else:
        with tempfile.TemporaryDirectory() as build:
            binary = Path(build) / "pentomino_count"
            subprocess.run([compiler, "-O2", "-o", str(binary), str(HERE / "pentomino_count.c")], check=True)
            t = time.perf_counter()
            c_found, c_cpu = subprocess.run(
                [str(binary), "6", "10"], capture_output=True, text=True, check=True
            ).stdout.split()
            c_wall = time.perf_counter() - t
        print(f"C bitboard search:    {c_found} tilings, {c_wall:.2f} s wall, {float(c_cpu):.2f} s CPU (search only)")
        print(f"compiled / C: {wall / c_wall:.2f}x wall, {cpu / float(c_cpu):.2f}x CPU (goal: at most 2x)")
    one = count(args.jobs_board, jobs=1)
    two = count(args.jobs_board, jobs=2)
    print(f"{args.jobs_board} in 1 process:  {one[1]:.2f} s wall, {one[2]:.2f} s CPU")
    print(f"{args.jobs_board} in 2 processes: {two[1]:.2f} s wall, {two[2]:.2f} s CPU (all processes)")
    print(f"2 jobs / 1 job: {two[1] / one[1]:.2f}x wall (goal: at most 0.6x), {os.cpu_count()} cores")


if __name__ == "__main__":
    main()

"""The compiled pentomino count against a plain C bitboard count, the count by the board's
symmetries against the plain search (the 3x20 torus and the 4x15 cylinder), the count
on two threads against one (`--jobs 2` against `--jobs 1`), on the empty 6x10 rectangle
and a longer count, the 4x15 cylinder, and the memory of sub-counts at its default size
against 256 MB (`--memory`), on the 5x12 torus and the 6x10 rectangle. The C comparison and the threads time the plain
search (no symmetries), which is what the C program does.

    .venv/bin/python benchmarks/pentomino_count.py [--jobs-boards SLUG ...] [--symmetry-boards SLUG ...]
        [--memory-boards SLUG ...] [--repeat N] [--no-c]

Builds benchmarks/pentomino_count.c with the system compiler (cc) when there is one. The
machine may be shared: each line gives CPU time (what the work itself took) beside wall
time (what a person waited), and the load average before and after (/proc/loadavg): two
jobs can only be faster than one when a core is free. The first line is numba's first
compile, in a fresh cache folder; later runs load the machine code from the user's cache.

Each count of the jobs part runs in a fresh process, which loads the compiled search with
a tiny count first (as the window's helper has it after its first count), then times the
count itself; "command" is the whole `slugboard-codec count` process for comparison,
Python's start and numba's loading included. CPU is the process's own (all its threads)
and its children's (the count starts none).
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
    "found = solver.count(board, jobs={jobs}, engine={engine!r}, symmetric={symmetric}, memory={memory})\n"
    "wall = time.perf_counter() - t\n"
    "me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(found[0], wall, me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime)\n"
)


def count(
    slug: str,
    jobs: int = 1,
    engine: str = "compiled",
    env: dict[str, str] | None = None,
    symmetric: bool = False,
    memory: int | None = None,
) -> tuple[int, float, float]:
    """(count, wall seconds of the count, CPU seconds of the whole process and its workers);
    the plain search unless `symmetric`; `memory` megabytes of sub-counts (None: the default)."""
    from slugboard.codecs.pentomino import solver

    memory = memory if memory is not None else solver.MEMORY_MB
    out = subprocess.run(
        [sys.executable, "-c", RUN.format(slug=slug, jobs=jobs, engine=engine, symmetric=symmetric, memory=memory)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout.split()
    return int(out[0]), float(out[1]), float(out[2])


JOBS_RUN = (
    "import time, resource\n"
    "from slugboard.codecs import pentomino as pm\n"
    "from slugboard.codecs.pentomino import solver\n"
    "solver.count(pm.Board('R', 4, 5), jobs={jobs})\n"  # the compiled search loaded
    "board = pm.decode({slug!r})\n"
    "me0 = resource.getrusage(resource.RUSAGE_SELF)\n"
    "t = time.perf_counter()\n"
    "found = solver.count(board, jobs={jobs}, symmetric=False)\n"
    "wall = time.perf_counter() - t\n"
    "me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "own = me.ru_utime + me.ru_stime - me0.ru_utime - me0.ru_stime\n"
    "print(found[0], wall, own, kids.ru_utime + kids.ru_stime)\n"
)


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def in_jobs(slug: str, jobs: int) -> tuple[int, float, float, float, float]:
    """(count, wall seconds of the count, CPU seconds of the count in this process, CPU
    seconds of its children, wall seconds of `slugboard-codec count` for the same board)."""
    out = subprocess.run(
        [sys.executable, "-c", JOBS_RUN.format(slug=slug, jobs=jobs)], capture_output=True, text=True, check=True
    ).stdout.split()
    t = time.perf_counter()
    command = [sys.executable, "-m", "slugboard.codecs.cli", "count", slug, "--jobs", str(jobs), "--no-symmetry"]
    subprocess.run(command, capture_output=True, check=True)
    return int(out[0]), float(out[1]), float(out[2]), float(out[3]), time.perf_counter() - t


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs-boards", nargs="*", default=["R6a", "C4f"], help="boards timed on 1 and 2 threads")
    parser.add_argument("--repeat", type=int, default=1, help="time each board this often, keep the fastest")
    parser.add_argument("--no-c", action="store_true", help="only the jobs part")
    parser.add_argument(
        "--symmetry-boards", nargs="*", default=["T3k", "C4f"], help="boards counted with and without symmetries"
    )
    parser.add_argument(
        "--memory-boards", nargs="*", default=["T5c", "R6a"], help="boards counted with the default memory and 256 MB"
    )
    args = parser.parse_args()
    for slug in args.memory_boards:
        small, large = count(slug, jobs=2, symmetric=True), count(slug, jobs=2, symmetric=True, memory=256)
        assert small[0] == large[0], (slug, small, large)
        print(
            f"{slug}: {small[0]} tilings on 2 threads; memory of the default size {small[2]:.2f} s CPU "
            f"({small[1]:.2f} s wall), 256 MB {large[2]:.2f} s CPU ({large[1]:.2f} s wall): "
            f"{large[2] / small[2]:.2f}x CPU (load {load()})"
        )
    if not args.no_c:
        compare_with_c()
    for slug in args.symmetry_boards:
        plain, by_orbits = count(slug), count(slug, symmetric=True)
        assert plain[0] == by_orbits[0], (slug, plain, by_orbits)
        print(
            f"{slug}: {plain[0]} tilings; plain search {plain[2]:.2f} s CPU, by the board's symmetries "
            f"{by_orbits[2]:.2f} s CPU: {by_orbits[2] / plain[2]:.2f}x (the process's whole life; load {load()})"
        )
    for slug in args.jobs_boards:
        print(f"{slug}, load average before: {load()}")
        runs = {jobs: min((in_jobs(slug, jobs) for _ in range(args.repeat)), key=lambda r: r[1]) for jobs in (1, 2)}
        for jobs, (found, wall, own, kids, command) in runs.items():
            print(
                f"  --jobs {jobs}: {found} tilings, count {wall:.2f} s wall, CPU {own:.2f} s (process) "
                f"+ {kids:.2f} s (children); command {command:.2f} s wall"
            )
        one, two = runs[1], runs[2]
        print(
            f"  2 jobs / 1 job: {two[1] / one[1]:.2f}x wall of the count (goal: at most 0.6x), "
            f"{two[4] / one[4]:.2f}x wall of the command, {two[2] / one[2]:.2f}x CPU; "
            f"{os.cpu_count()} cores; load average after: {load()}"
        )


def compare_with_c() -> None:
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


if __name__ == "__main__":
    main()

"""Run every fuzzing target for a share of a time budget, each in its own process, with a
seed corpus made from the test vectors; exit non-zero when any target finds a crash.

    python tests/fuzz/run.py --seconds 30              # what CI runs
    python tests/fuzz/run.py --seconds 3600 --keep DIR  # a long run that keeps its corpus

See tests/fuzz/README.md.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "data"
TARGET_SCRIPT = HERE / "fuzz_targets.py"


def seeds(into: Path) -> int:
    """Write every string of the test vectors (slugs, links, grids, FEN) and every board
    JSON object as one seed file each; returns how many."""
    found: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, str) and 0 < len(node) <= 20_000:
            found.add(node)
        elif isinstance(node, dict):
            if "game" in node:
                found.add(json.dumps(node))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in sorted([*DATA.glob("*.json"), *DATA.glob("real/*/*.json")]):
        walk(json.loads(path.read_text(encoding="utf-8")))
    # f-puzzles' data also as SudokuPad's puzzle texts (`fpuz` and `fpuzzles` before it),
    # and as the JSON it holds, which the JSON targets read.
    from slugboard.codecs.sudoku.lzstring import decompress_from_base64

    for text in list(found):
        if "?load=" in text:
            data = text.split("?load=", 1)[1]
            found.update({"fpuz" + data, "fpuzzles" + data})
            try:
                found.add(decompress_from_base64(data))
            except ValueError:
                pass
    into.mkdir(parents=True, exist_ok=True)
    for i, text in enumerate(sorted(found)):
        (into / f"seed-{i:05d}").write_text(text, encoding="utf-8")
    # The real Minesweeper Clone replays, as they are (binary).
    clone = sorted(DATA.glob("minesweeper/*.mvf")) + sorted(DATA.glob("real/minesweeper/*.mvf"))
    for i, path in enumerate(clone):
        (into / f"seed-mvf-{i:02d}").write_bytes(path.read_bytes())
    # The real game records, as they are (their encodings kept).
    real = sorted(p for p in (DATA / "real").rglob("*") if p.is_file() and p.stat().st_size <= 100_000)
    for i, path in enumerate(real):
        (into / f"real-{i:05d}").write_bytes(path.read_bytes())
    return len(found) + len(clone) + len(real)


def targets() -> list[str]:
    """The target names of fuzz_targets.py (which imports atheris; this list does not)."""
    from slugboard.codecs import GAMES

    return [f"decode-{name}" for name in GAMES] + [
        "decode-any",
        "board-json",
        "command-line",
        "text-file",
        "carve",
        "near-mark",
        "xiangqi-pgn",
        "xiangqi-xqf",
        "xiangqi-dhtmlxq",
        "xiangqi-record-bytes",
        "xiangqi-move-text",
        "lzstring",
        "fpuzzles-json",
        "sudokupad",
        "sudoku-checks",
        "sudoku-solving",
        "letters-lexicon-cache",
        "minesweeper-game",
        "minesweeper-mvf",
        "xiangqi-fen-tail",
        "pentomino-count-parts",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=30, help="time for all targets together")
    parser.add_argument("--keep", type=Path, help="a folder for the corpora, kept between runs")
    parser.add_argument("--only", nargs="*", help="run these targets only")
    args = parser.parse_args()
    names = args.only or targets()
    share = max(1, args.seconds // len(names))
    failed = []
    with tempfile.TemporaryDirectory() as scratch:
        base = args.keep or Path(scratch)
        seed_dir = Path(scratch) / "seeds"
        count = seeds(seed_dir)
        print(f"{len(names)} targets, {share} s each, {count} seeds")
        for name in names:
            corpus = base / name
            corpus.mkdir(parents=True, exist_ok=True)
            crashes = base / "crashes"
            crashes.mkdir(parents=True, exist_ok=True)
            done = subprocess.run(
                [
                    sys.executable,
                    str(TARGET_SCRIPT),
                    name,
                    f"-max_total_time={share}",
                    "-timeout=10",
                    "-rss_limit_mb=4096",
                    "-max_len=20000",
                    f"-artifact_prefix={crashes}/{name}-",
                    "-print_final_stats=0",
                    str(corpus),
                    str(seed_dir),
                ],
                capture_output=True,
                text=True,
            )
            runs = [line for line in done.stderr.splitlines() if line.startswith("#") and "DONE" in line]
            status = "ok" if done.returncode == 0 else f"FOUND A CRASH (exit {done.returncode})"
            print(f"{name:22} {status}  {runs[-1] if runs else ''}")
            if done.returncode != 0:
                failed.append(name)
                print(done.stderr[-3000:], file=sys.stderr)
                for artifact in crashes.glob(f"{name}-*"):
                    print(f"  input: {artifact}: {artifact.read_bytes()[:300]!r}", file=sys.stderr)
    if failed:
        print("crashes in: " + ", ".join(failed), file=sys.stderr)
        return 1
    print("no crash")
    return 0


if __name__ == "__main__":
    sys.exit(main())

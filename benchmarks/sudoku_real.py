"""Counts how many real variant puzzles solve to their published solution: those of
tests/data/real/sudoku/*.json, and any other file of the same form given on the command
line ({"puzzles": [{"name", "link", "solution"}]}, solution null when none is published).
For each puzzle: the solver's count, whether its one solution is the published one, and,
where it is not, what the checker and the CP-SAT model say of the published solution.
Goal: every puzzle whose rules are all in its constraints solves to its published solution.

Run: python benchmarks/sudoku_real.py [FILE.json ...]
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import replace
from pathlib import Path

from slugboard.codecs import sudoku
from slugboard.codecs.sudoku import cpsat
from slugboard.codecs.sudoku.model import DIGITS

REAL = Path(__file__).resolve().parent.parent / "tests" / "data" / "real" / "sudoku"


def verdict(puzzle: dict) -> tuple[bool, str]:
    board = sudoku.decode(puzzle["link"])
    try:
        count, solved = sudoku.analyse(board)
    except cpsat.NotCounted as exc:
        return False, exc.message
    published = puzzle.get("solution")
    good = count == 1 and solved is not None and (not published or solved.grid == published)
    words = f"{count} solution{'s' if count != 1 else ''}"
    if published and not good:
        filled = replace(board, cells=tuple(DIGITS.index(ch) + 1 for ch in published), notes=(), typed=frozenset())
        broken = [p.message for p in sudoku.problems(filled)]
        held = cpsat.count(filled) if board.variant is not None else 1
        words += f"; the published solution: checker {broken or 'finds nothing broken'}, model {'holds it' if held else 'refuses it'}"
    return good, words


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_args()
    files = sorted(REAL.glob("*.json")) + list(args.files)
    good = total = 0
    for path in files:
        for puzzle in json.loads(path.read_text(encoding="utf-8"))["puzzles"]:
            start = time.perf_counter()
            ok, words = verdict(puzzle)
            total += 1
            good += ok
            note = "" if ok or not puzzle.get("rules_in_text") else " (rules in its text)"
            print(f"{'ok ' if ok else 'NOT'} {path.name}: {puzzle['name'][:50]}: {words}{note} "
                  f"[{time.perf_counter() - start:.1f} s]")  # fmt: skip
    print(f"{good} of {total} real puzzles solve to their published solution (or, with none published, have one)")


if __name__ == "__main__":
    main()

"""Times a puzzle book of 100 boards (slugboard --book): the variant puzzles of
tests/data/sudoku_variants.json and classic puzzles, read, solved for the back pages
(with --solutions) and drawn to one PDF, 4 to a page. Goal: under 10 s.

Run: QT_QPA_PLATFORM=offscreen python benchmarks/book.py [--solutions]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "sudoku_variants.json"
CLASSIC = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--solutions", action="store_true")
    args = parser.parse_args()
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])  # noqa: F841
    from slugboard.gui.book import book_from_file

    links = [p["link"] for p in json.loads(DATA.read_text())["puzzles"]]
    lines = ((links + CLASSIC * 7) * 4)[:100]
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "list.txt"
        source.write_text("\n".join(lines) + "\n")
        start = time.perf_counter()
        count = book_from_file(str(source), str(Path(folder) / "book.pdf"), per_page=4, solutions=args.solutions)
        took = time.perf_counter() - start
    print(f"{count} boards{' with solutions' if args.solutions else ''}: {took:.2f} s (goal < 10 s)")


if __name__ == "__main__":
    main()

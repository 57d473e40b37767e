"""Decode and draw speed of every game's board, against one frame (16.7 ms).

For each game, the largest board among its test vectors (plus any slugs given on the
command line) is decoded and painted onto an 800x800 image, many times over.

Run: QT_QPA_PLATFORM=offscreen python benchmarks/render_speed.py [--repeat N] [SLUG...]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRectF  # noqa: E402
from PySide6.QtGui import QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from slugboard.codecs import GAMES, SlugError, decode_any  # noqa: E402
from slugboard.gui import games  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def _strings(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for value in obj.values():
            yield from _strings(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from _strings(value)


def vector_slugs(game: str) -> list[str]:
    path = DATA / f"{game}.json"
    if not path.exists():
        return []
    found = []
    for text in set(_strings(json.loads(path.read_text(encoding="utf-8")))):
        if len(text) > 2000:
            continue
        try:
            name, _ = decode_any(text)
        except SlugError:
            continue
        if name == game:
            found.append(text)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("slugs", nargs="*")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    palette = app.palette()
    extra: dict[str, list[str]] = {}
    for text in args.slugs:
        extra.setdefault(decode_any(text)[0], []).append(text)
    print(f"{'game':12} {'slug chars':>10} {'decode ms':>10} {'paint ms':>9} {'total ms':>9}")
    for game in games.available():
        candidates = vector_slugs(game) + extra.get(game, [])
        if not candidates:
            continue
        slug = max(candidates, key=len)
        module = games.view(game)
        image = QImage(800, 800, QImage.Format.Format_ARGB32_Premultiplied)
        decode_ms, paint_ms = [], []
        for _ in range(args.repeat):
            start = time.perf_counter()
            board = GAMES[game].decode(slug)
            middle = time.perf_counter()
            image.fill(0xFFFFFFFF)
            painter = QPainter(image)
            module.paint(painter, QRectF(0, 0, 800, 800), board, palette)
            painter.end()
            decode_ms.append((middle - start) * 1000)
            paint_ms.append((time.perf_counter() - middle) * 1000)
        d, p = statistics.median(decode_ms), statistics.median(paint_ms)
        print(f"{game:12} {len(slug):>10} {d:10.3f} {p:9.3f} {d + p:9.3f}")
    print("\nmedian of", args.repeat, "runs each; one frame at 60 Hz is 16.7 ms")


if __name__ == "__main__":
    main()

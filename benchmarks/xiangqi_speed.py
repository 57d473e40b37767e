"""How long the xiangqi codec and drawing take on the busiest boards (prints figures;
not a test). Run: QT_QPA_PLATFORM=offscreen python benchmarks/xiangqi_speed.py"""

from __future__ import annotations

import os
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRectF  # noqa: E402
from PySide6.QtGui import QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from slugboard.codecs import xiangqi  # noqa: E402
from slugboard.gui import xiangqi as gui  # noqa: E402

OPENING = "hSQiASVGghCEIUkIgElRoIQhDw"
LONGEST = "f///++/PfrnjfbX////7789+ueN9tf8"  # 177 bits, 30 pieces off their usual squares
LONGEST_FEN = "NNRRCCPPP/PP7/b2a1a2b/9/9/9/9/B2A1A2B/7pp/pppccrrnn b"


def per_call_ms(fn, repeat: int = 200) -> float:
    fn()
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) * 1000 / repeat


def main() -> None:
    app = QApplication.instance() or QApplication([])
    opening = xiangqi.decode(OPENING)
    by_hand = xiangqi.from_fen(LONGEST_FEN)  # no piece identity: the row assignment is searched
    figures = {
        "decode opening slug": per_call_ms(lambda: xiangqi.decode(OPENING)),
        "decode 177-bit slug": per_call_ms(lambda: xiangqi.decode(LONGEST)),
        "decode FEN": per_call_ms(lambda: xiangqi.decode(LONGEST_FEN)),
        "decode slug + 1 MB of move history": per_call_ms(lambda: xiangqi.decode(OPENING + "A" * 1_000_002), 20),
        "encode, row assignment searched": per_call_ms(lambda: xiangqi.encode(by_hand)),
        "problems (opening)": per_call_ms(lambda: xiangqi.problems(opening)),
        "legal squares, all 14 kinds": per_call_ms(
            lambda: [xiangqi.legal_squares(opening, k) for k in xiangqi.LETTERS], 50
        ),
    }
    image = QImage(540, 626, QImage.Format.Format_ARGB32_Premultiplied)
    palette = app.palette()
    board = xiangqi.decode(LONGEST)

    def paint_once(b=board, **state):
        painter = QPainter(image)
        gui.paint(painter, QRectF(0, 0, 540, 626), b, palette, **state)
        painter.end()

    def cold():
        gui._sprites.clear()
        gui._backgrounds.clear()
        gui._layers.clear()
        paint_once(opening)

    def new_position(b=opening, **state):
        gui._layers.clear()  # as after an edit: the position layer is drawn anew
        paint_once(b, **state)

    figures["paint 540x626, caches cold (first paint)"] = per_call_ms(cold, 20)
    figures["paint 540x626, 32 pieces, new position"] = per_call_ms(new_position, 50)
    one_horse = opening.removed(1)  # a black horse may then go to every point
    legal = xiangqi.legal_squares(one_horse, "n")
    figures[f"paint, new position, {len(legal)} legal marks"] = per_call_ms(
        lambda: new_position(one_horse, legal=legal), 50
    )
    figures["paint, pointer moved (ghost over the marks)"] = per_call_ms(
        lambda: paint_once(one_horse, legal=legal, hover=40, hover_letter="n"), 50
    )
    figures["decode + paint, 177-bit slug, new position"] = per_call_ms(
        lambda: new_position(xiangqi.decode(LONGEST)), 50
    )
    width = max(len(k) for k in figures)
    for name, ms in figures.items():
        print(f"{name:<{width}}  {ms:8.3f} ms")


if __name__ == "__main__":
    main()

"""How Slugboard's application icon was made (run by hand; not used by the application).

The icon is drawn here with QPainter, once as an SVG drawing (slugboard.svg, for the
desktop's scalable icon) and once as a PNG at each size a desktop asks for
(slugboard-16.png ... slugboard-256.png; the window takes them as its icon):

    python resources/icon_build.py

A board of three by three squares on a deep blue tile: a violet pentomino across four of
them, a red xiangqi piece in a corner and a minesweeper mine in another, on ivory.
"""

from __future__ import annotations

import sys
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256)
NAME = "slugboard"
# The drawing's own square, in units; it is scaled to each size.
UNIT = 256.0

TILE = "#1e3a5f"
SQUARE = "#f7f1e3"
PIECE = "#7c3aed"
XIANGQI = "#c0281c"
MINE = "#111111"


def paint_icon(painter, side: float) -> None:
    """The icon in a square of `side` units at the painter's origin."""
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QColor, QPainter, QPen

    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(side / UNIT, side / UNIT)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(TILE))
    painter.drawRoundedRect(QRectF(8, 8, 240, 240), 44, 44)
    cell, gap, left = 60.0, 10.0, 33.0
    pentomino = {(1, 0), (1, 1), (2, 1), (0, 1)}
    for row in range(3):
        for col in range(3):
            square = QRectF(left + col * (cell + gap), left + row * (cell + gap), cell, cell)
            painter.setBrush(QColor(PIECE if (row, col) in pentomino else SQUARE))
            painter.drawRoundedRect(square, 9, 9)
    # A xiangqi piece: a red ring and disc in the top-right square.
    centre = QPointF(left + 2 * (cell + gap) + cell / 2, left + cell / 2)
    painter.setBrush(QColor(XIANGQI))
    painter.drawEllipse(centre, 22, 22)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor(SQUARE), 4))
    painter.drawEllipse(centre, 14, 14)
    # A mine in the bottom-right square: a black ball with four spikes.
    centre = QPointF(left + 2 * (cell + gap) + cell / 2, left + 2 * (cell + gap) + cell / 2)
    painter.setPen(QPen(QColor(MINE), 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    for dx, dy in ((1, 0), (0, 1), (0.7, 0.7), (0.7, -0.7)):
        painter.drawLine(centre - QPointF(dx, dy) * 21, centre + QPointF(dx, dy) * 21)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(MINE))
    painter.drawEllipse(centre, 14, 14)
    painter.setBrush(QColor(SQUARE))
    painter.drawEllipse(centre - QPointF(5, 5), 4, 4)
    painter.restore()


def build(folder: Path) -> list[Path]:
    """Draw the icon's files into `folder`; the paths written."""
    from PySide6.QtCore import QRectF, QSize, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgGenerator

    written = []
    svg = folder / f"{NAME}.svg"
    generator = QSvgGenerator()
    generator.setFileName(str(svg))
    generator.setSize(QSize(int(UNIT), int(UNIT)))
    generator.setViewBox(QRectF(0, 0, UNIT, UNIT))
    generator.setTitle("Slugboard")
    generator.setDescription("The Slugboard application icon")
    painter = QPainter(generator)
    paint_icon(painter, UNIT)
    painter.end()
    written.append(svg)
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        paint_icon(painter, size)
        painter.end()
        path = folder / f"{NAME}-{size}.png"
        image.save(str(path))
        written.append(path)
    return written


if __name__ == "__main__":
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication(sys.argv[:1])
    for path in build(Path(__file__).resolve().parent):
        print(f"wrote {path}")

"""What a paint function asks of the device it paints on.

A board drawn on screen or to an image may copy pictures it drew before (xiangqi's pieces,
minesweeper's tiles, pentomino's cells as one pixel each): that is what keeps a repaint
fast. An SVG drawing or a PDF page must stay a drawing, sharp at any zoom, so a paint
function asks `is_vector(painter)` and there draws every shape and letter itself."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFont, QFontMetricsF, QPaintEngine, QPainter, QPainterPath

VECTOR_ENGINES = (QPaintEngine.Type.SVG, QPaintEngine.Type.Pdf, QPaintEngine.Type.Picture)


def is_vector(painter: QPainter) -> bool:
    """Whether `painter` writes a drawing (SVG, PDF, a QPicture) rather than pixels."""
    engine = painter.paintEngine()
    return engine is not None and engine.type() in VECTOR_ENGINES


def text_path(font: QFont, box: QRectF, flags: int, text: str) -> QPainterPath:
    """`text` as outlines, where painter.drawText(box, flags, text) would put it: a drawing
    then needs no font (the xiangqi subset font is the application's own, which no other
    program has)."""
    metrics = QFontMetricsF(font)
    where = metrics.boundingRect(box, flags, text)
    path = QPainterPath()
    path.addText(QPointF(where.left(), where.top() + metrics.ascent()), font, text)
    return path

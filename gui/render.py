"""Drawing a board to an image with the same paint function the window uses."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QGuiApplication, QImage, QPainter, QPalette

from .games import view


def render_image(game: str, board, size: QSize | None = None, palette: QPalette | None = None, **state) -> QImage:
    shown = view(game)
    size = size or shown.preferred_size(board)
    palette = palette or QGuiApplication.palette()
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(palette.color(QPalette.ColorRole.Window))
    painter = QPainter(image)
    try:
        shown.paint(painter, QRectF(0, 0, size.width(), size.height()), board, palette, **state)
    finally:
        painter.end()
    return image

"""Drawing a board to an image with the same paint function the window uses."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QGuiApplication, QImage, QPainter, QPalette

from .games import gui_module


def render_image(game: str, board, size: QSize | None = None, palette: QPalette | None = None,
                 **state) -> QImage:
    module = gui_module(game)
    size = size or module.preferred_size(board)
    palette = palette or QGuiApplication.palette()
    image = QImage(size, QImage.Format_ARGB32_Premultiplied)
    image.fill(palette.color(QPalette.Window))
    painter = QPainter(image)
    try:
        module.paint(painter, QRectF(0, 0, size.width(), size.height()), board, palette, **state)
    finally:
        painter.end()
    return image

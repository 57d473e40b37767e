"""Drawing a board with the same paint function the window uses: to an image, to an SVG
drawing, or to a PDF page for print with the slug under the board."""

from __future__ import annotations

import os

from PySide6.QtCore import QLocale, QMarginsF, QRectF, QSize, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QGuiApplication, QImage, QPageLayout, QPageSize, QPainter, QPalette

from .games import view

VECTOR_SUFFIXES = (".svg", ".pdf")
PAPERS = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
PDF_MARGIN_MM = 15.0
PDF_RESOLUTION = 300  # dots per inch of the PDF's painter
PDF_CAPTION_SHARE = 0.25  # the most of the page the slug or link under the board takes
PDF_CAPTION_MOST = 20_000  # characters: more than a page holds at 9 points


def made_by() -> str:
    """What a written picture names as the program that made it: "Slugboard 0.1.0"."""
    from importlib import metadata

    try:
        return f"Slugboard {metadata.version('slugboard')}"
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "Slugboard"


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


def light_palette() -> QPalette:
    """The style's own light palette, whatever the window shows (paper is white)."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    return app.style().standardPalette() if isinstance(app, QApplication) else QPalette()


def default_paper() -> str:
    """Letter where the locale measures in inches (the US and a few others), else A4."""
    us = QLocale().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem
    return "letter" if us else "a4"


def save_svg(path: str, game: str, board, size: QSize | None = None, palette: QPalette | None = None, **state) -> bool:
    """The board as an SVG drawing of `size` (the board's preferred size) user units."""
    from PySide6.QtSvg import QSvgGenerator

    shown = view(game)
    size = size or shown.preferred_size(board)
    palette = palette or QGuiApplication.palette()
    generator = QSvgGenerator()
    generator.setFileName(path)
    generator.setSize(size)
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setTitle(f"Slugboard: {game}")
    generator.setDescription(f"A {game} board drawn by {made_by()}")
    painter = QPainter()
    if not painter.begin(generator):
        return False
    try:
        painter.fillRect(QRectF(0, 0, size.width(), size.height()), palette.color(QPalette.ColorRole.Window))
        shown.paint(painter, QRectF(0, 0, size.width(), size.height()), board, palette, **state)
    finally:
        painter.end()
    return os.path.isfile(path) and os.path.getsize(path) > 0


def save_pdf(
    path: str,
    game: str,
    board,
    caption: str,
    *,
    paper: str | None = None,
    palette: QPalette | None = None,
    **state,
) -> bool:
    """One page, A4 or Letter with a margin: the board as large as fits the width at the
    top, and `caption` (the slug or link) printed under it, wrapped at any character."""
    shown = view(game)
    # Paper is white: a page is printed in the light palette unless one is asked for.
    own_palette = palette is not None
    palette = palette or light_palette()
    writer = _pdf_writer(path, paper)
    writer.setTitle(f"Slugboard: {game}")
    writer.setCreator(made_by())
    painter = QPainter()
    if not painter.begin(writer):
        return False
    try:
        page = writer.pageLayout()
        area = QRectF(page.paintRectPixels(writer.resolution()))
        if own_palette:  # the whole sheet in the palette's colour (a dark page), margins included
            whole = QRectF(page.fullRectPixels(writer.resolution()))
            painter.fillRect(whole.translated(-area.topLeft()), palette.color(QPalette.ColorRole.Window))
        area.moveTo(0, 0)
        preferred = shown.preferred_size(board)
        font = _caption_font(painter.font())
        painter.setFont(font)
        caption, board_rect = _pdf_layout(writer, font, area, preferred, caption)
        # Painted at the board's own size, scaled up: the same lines and text as on screen.
        painter.save()
        painter.translate(board_rect.topLeft())
        scale = board_rect.width() / preferred.width()
        painter.scale(scale, scale)
        shown.paint(painter, QRectF(0, 0, preferred.width(), preferred.height()), board, palette, **state)
        painter.restore()
        painter.setPen(palette.color(QPalette.ColorRole.WindowText))
        text_rect = QRectF(
            area.left(), board_rect.bottom() + 40, area.width(), area.bottom() - board_rect.bottom() - 40
        )
        painter.drawText(text_rect, int(CAPTION_FLAGS), caption)
    finally:
        painter.end()
    return os.path.isfile(path) and os.path.getsize(path) > 0


CAPTION_FLAGS = Qt.TextFlag.TextWrapAnywhere | Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop


def _caption_font(font: QFont) -> QFont:
    font = QFont(font)
    font.setPointSizeF(9)
    font.setStyleHint(QFont.StyleHint.Monospace)
    return font


def _pdf_layout(writer, font: QFont, area: QRectF, preferred: QSize, caption: str) -> tuple[str, QRectF]:
    """The caption as printed (cut when too long) and where the board goes in `area`: as
    large as fits the width, at the top, with the caption's lines under it."""
    metrics = QFontMetricsF(font, writer)
    flags = int(CAPTION_FLAGS)
    caption = _fitted_caption(caption, metrics, flags, area.width(), area.height() * PDF_CAPTION_SHARE)
    text_box = metrics.boundingRect(QRectF(0, 0, area.width(), area.height()), flags, caption)
    room = QRectF(area.left(), area.top(), area.width(), area.height() - text_box.height() - 60)
    scale = min(room.width() / preferred.width(), room.height() / preferred.height())
    board_rect = QRectF(room.left(), room.top(), preferred.width() * scale, preferred.height() * scale)
    board_rect.moveLeft(area.left() + (area.width() - board_rect.width()) / 2)
    return caption, board_rect


def _pdf_writer(target, paper: str | None):
    """A PDF writer to a path or a device, its page laid out as save_pdf prints."""
    from PySide6.QtGui import QPdfWriter

    writer = QPdfWriter(target)
    writer.setResolution(PDF_RESOLUTION)
    margins = QMarginsF(PDF_MARGIN_MM, PDF_MARGIN_MM, PDF_MARGIN_MM, PDF_MARGIN_MM)
    layout = QPageLayout(
        QPageSize(PAPERS[paper or default_paper()]),
        QPageLayout.Orientation.Portrait,
        margins,
        QPageLayout.Unit.Millimeter,
    )
    writer.setPageLayout(layout)
    return writer


def pdf_board_rect(game: str, board, caption: str, *, paper: str | None = None) -> QRectF:
    """Where save_pdf draws the board on its page: in the writer's dots, from the corner of
    the sheet (margins included)."""
    from PySide6.QtCore import QBuffer

    buffer = QBuffer()
    buffer.open(QBuffer.OpenModeFlag.WriteOnly)
    writer = _pdf_writer(buffer, paper)
    page = writer.pageLayout()
    area = QRectF(page.paintRectPixels(writer.resolution()))
    corner = area.topLeft()
    area.moveTo(0, 0)
    _caption, board_rect = _pdf_layout(writer, _caption_font(QFont()), area, view(game).preferred_size(board), caption)
    return board_rect.translated(corner)


def _fitted_caption(caption: str, metrics: QFontMetricsF, flags: int, width: float, height: float) -> str:
    """`caption` if it fits `height` wrapped at `width`; else as much of its start as fits
    with a line that says the rest is left out (a long replay's slug runs to pages)."""
    box = QRectF(0, 0, width, 1e9)
    if metrics.boundingRect(box, flags, caption).height() <= height:
        return caption
    note = f"… (the first part of {len(caption):,} characters: the whole is too long to print)"
    fits = 0
    low, high = 0, min(len(caption), PDF_CAPTION_MOST)  # the most a page can hold, to measure no more
    while low <= high:
        middle = (low + high) // 2
        if metrics.boundingRect(box, flags, caption[:middle] + note).height() <= height:
            fits, low = middle, middle + 1
        else:
            high = middle - 1
    return caption[:fits] + note


def save_board(
    path: str, game: str, board, caption: str, size: QSize | None = None, palette: QPalette | None = None, **state
) -> bool:
    """Write the board to `path` as the suffix says: .svg, .pdf, or an image (.png...)."""
    suffix = os.path.splitext(path)[1].lower()
    if suffix == ".svg":
        return save_svg(path, game, board, size, palette, **state)
    if suffix == ".pdf":
        return save_pdf(path, game, board, caption, palette=palette, **state)
    image = render_image(game, board, size, palette, **state)
    image.setText("Software", made_by())  # PNG's and WebP's own keys for the program that made it
    image.setText("Title", f"Slugboard: {game}")
    return image.save(path)

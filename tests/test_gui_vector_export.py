"""SVG and PDF exports are drawings: no picture inside them, and what a renderer makes of
them at any size looks like the PNG export (rsvg-convert and pdftoppm, the renderers of
librsvg and poppler, read them as other programs do)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QImage, QPainter

from slugboard import resources
from slugboard.codecs import decode_any
from slugboard.gui import render
from slugboard.gui.games import view

# One board of each game, from File > Examples, and the pentomino board of a person's report.
EXAMPLES = resources.examples()
BOARDS = {
    "pentomino": "R88I103F022R00077077",
    "pentomino-terrain": next(e["text"] for e in EXAMPLES if "terrain" in e["title"]),
    "sudoku": next(e["text"] for e in EXAMPLES if e["game"] == "sudoku"),
    "xiangqi": next(e["text"] for e in EXAMPLES if e["game"] == "xiangqi"),
    "minesweeper": next(e["text"] for e in EXAMPLES if e["game"] == "minesweeper"),
    "letters": next(e["text"] for e in EXAMPLES if e["game"] == "letters"),
}
# A replayed minesweeper game is drawn at a moment: its board and the header's clock.
STATES = {"minesweeper": {"at": 2.0}}

needs_rsvg = pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="needs rsvg-convert (librsvg2-bin)")
needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm (poppler-utils)")

# Two renderers of one drawing differ by a pixel's worth at the edges of lines and in how
# text is hinted; a picture scaled up smears whole cells (and a JPEG tints them).
CLOSE = 24  # a pixel differs when a channel differs by more than this
# How far a renderer may place a glyph from where Qt's raster engine does: its rounding of
# a large bold digit's size and baseline moves it by up to two pixels in some fonts
# (Liberation Sans), by one in others.
NEAR = 2
MOST_DIFFERENT = 0.02  # the share of pixels that may differ


def _board(key: str):
    return decode_any(BOARDS[key])


def _state(key: str) -> dict:
    return dict(STATES.get(key.split("-")[0], {}))


def _pillow(image: QImage):
    from PIL import Image

    image = image.convertToFormat(QImage.Format.Format_RGB888)
    data = b"".join(bytes(image.constScanLine(k))[: 3 * image.width()] for k in range(image.height()))
    return Image.frombytes("RGB", (image.width(), image.height()), data)


def _difference(drawn: QImage, expected: QImage) -> float:
    """The share of pixels of `drawn` that differ by more than CLOSE, in some channel, from
    every pixel around the same place in `expected` (the same size): a line's edge
    anti-aliased otherwise or a glyph placed up to NEAR pixels further along is no
    difference, a tinted or smeared cell is."""
    from PIL import ImageChops, ImageFilter

    assert drawn.size() == expected.size()
    # Softened a little first: a hairline one renderer draws a pixel wide and faint, the
    # other darker, is the same line.
    a, b = (_pillow(image).filter(ImageFilter.BoxBlur(1)) for image in (drawn, expected))
    over = ImageChops.subtract(a, b.filter(ImageFilter.MaxFilter(2 * NEAR + 1)))
    under = ImageChops.subtract(b.filter(ImageFilter.MinFilter(2 * NEAR + 1)), a)
    channels = ImageChops.lighter(over, under).split()
    worst = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    differing = worst.point(lambda v: 255 if v > CLOSE else 0).histogram()[255]
    return differing / (drawn.width() * drawn.height())


def _painted(game: str, board, size: QSize, palette, state: dict) -> QImage:
    """The board painted at its preferred size on an image of `size` pixels, as a screen of
    that many pixels to the point shows it (at its own size, that is the PNG export)."""
    preferred = view(game).preferred_size(board)
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(size.width() / preferred.width())
    image.fill(palette.color(palette.ColorRole.Window))
    painter = QPainter(image)
    view(game).paint(painter, QRectF(0, 0, preferred.width(), preferred.height()), board, palette, **state)
    painter.end()
    image.setDevicePixelRatio(1.0)
    return image


@pytest.mark.parametrize("key", sorted(BOARDS))
def test_svg_holds_no_picture(qapp, tmp_path, key):
    game, board = _board(key)
    path = tmp_path / "board.svg"
    assert render.save_svg(str(path), game, board, palette=render.light_palette(), **_state(key))
    text = path.read_text(encoding="utf-8")
    assert "<image" not in text
    assert "data:image" not in text


@pytest.mark.parametrize("key", sorted(BOARDS))
def test_pdf_holds_no_picture(qapp, tmp_path, key):
    game, board = _board(key)
    path = tmp_path / "board.pdf"
    assert render.save_pdf(str(path), game, board, "caption", paper="a4", **_state(key))
    data = path.read_bytes()
    assert re.search(rb"/Subtype\s*/Image", data) is None


@pytest.mark.slow
@needs_rsvg
@pytest.mark.parametrize("key", sorted(BOARDS))
@pytest.mark.parametrize("zoom", [1, 2])
def test_svg_renders_as_the_png_export(qapp, tmp_path, key, zoom):
    """rsvg-convert draws the SVG at `zoom` times its size; the PNG export drawn at that
    size is the same picture."""
    game, board = _board(key)
    palette = render.light_palette()
    size = view(game).preferred_size(board)
    big = QSize(size.width() * zoom, size.height() * zoom)
    svg = tmp_path / "board.svg"
    assert render.save_svg(str(svg), game, board, palette=palette, **_state(key))
    png = tmp_path / "rsvg.png"
    subprocess.run(
        ["rsvg-convert", "-w", str(big.width()), "-h", str(big.height()), "-o", str(png), str(svg)],
        check=True,
        timeout=60,
    )
    drawn = QImage(str(png))
    assert drawn.size() == big
    expected = _painted(game, board, big, palette, _state(key))
    if zoom == 1:
        assert expected == render.render_image(game, board, size, palette, **_state(key))
    assert _difference(drawn, expected) < MOST_DIFFERENT


@pytest.mark.slow
@needs_poppler
@pytest.mark.parametrize("key", sorted(BOARDS))
def test_pdf_renders_as_the_png_export(qapp, tmp_path, key):
    """pdftoppm draws the page; the board's part of it is the PNG export drawn at that size."""
    game, board = _board(key)
    pdf = tmp_path / "board.pdf"
    assert render.save_pdf(str(pdf), game, board, "caption", paper="a4", **_state(key))
    dpi = 100
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", str(pdf), str(tmp_path / "page")], check=True)
    page = QImage(str(tmp_path / "page.png"))
    assert not page.isNull()
    where = render.pdf_board_rect(game, board, "caption", paper="a4")
    # The layout is in the writer's dots from the page's corner; the rendering in `dpi`.
    k = dpi / render.PDF_RESOLUTION
    box = QRectF(where.left() * k, where.top() * k, where.width() * k, where.height() * k).toRect()
    drawn = page.copy(box)
    expected = _painted(game, board, drawn.size(), render.light_palette(), _state(key))
    assert _difference(drawn, expected) < MOST_DIFFERENT


def test_every_export_names_slugboard_as_its_maker(qapp, tmp_path):
    from importlib import metadata

    maker = f"Slugboard {metadata.version('slugboard')}"
    game, board = _board("sudoku")
    for suffix in ("png", "svg", "pdf"):
        assert render.save_board(str(tmp_path / f"b.{suffix}"), game, board, "caption")
    assert QImage(str(tmp_path / "b.png")).text("Software") == maker
    assert f"drawn by {maker}" in (tmp_path / "b.svg").read_text(encoding="utf-8")
    data = (tmp_path / "b.pdf").read_bytes()
    assert f'xmp:CreatorTool="{maker}"'.encode() in data  # the document's XMP metadata


@pytest.mark.slow
def test_the_comparison_tells_other_pictures_apart(qapp):
    """The comparison is not blind at its tolerance: another board, or a picture of the
    window's colour alone, differs by more than MOST_DIFFERENT."""
    size = QSize(500, 500)
    game, board = _board("sudoku")
    png = _painted(game, board, size, render.light_palette(), {})
    other_game, other = decode_any(next(e["text"] for e in EXAMPLES if "Easter Monster" in e["title"]))
    assert _difference(png, png) == 0
    assert _difference(_painted(other_game, other, size, render.light_palette(), {}), png) > MOST_DIFFERENT
    blank = png.copy()
    blank.fill(render.light_palette().color(render.light_palette().ColorRole.Window))
    assert _difference(blank, png) > MOST_DIFFERENT

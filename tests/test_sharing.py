"""Sharing a board as a person would: an SVG drawing and a PDF page from the same painting
as the window, a QR code of the web link (read back by an independent decoder, zxing-cpp),
the Share dialog and Copy image."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
import zxingcpp
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QGuiApplication, QImage

from slugboard.codecs import GAMES, cli, decode_any
from slugboard.gui.app import main as app_main

SUDOKU = "https://nickgirardo.com/projects/sudoku/player.html?play=UyF2MQRhyECJQWIySCkiKoXU+yAUcJiTwoVTKoVqsHYm5V3D54DxCitHWQclJ0g="
LETTERS = "https://letters.wiki/?_=IcWhQEZ5GxaLpcnc0A"
PENTOMINO = "R88XA33X035"
MINES = "1=15x15+90E2E3A445556575D506C65797D71848D89A0B1BAB5CAD4E7EBEEE+000;5840;594;5A7;5B5;5C7;6B1;698;685;674;7A14;795+5419P;554P;563P;574P;4A16P"


def _read_qr(path) -> list[str]:
    image = QImage(str(path)).convertToFormat(QImage.Format.Format_Grayscale8)
    width, height = image.width(), image.height()
    stride = image.bytesPerLine()
    raw = bytes(image.constBits())[: stride * height]
    rows = b"".join(raw[y * stride : y * stride + width] for y in range(height))
    return [result.text for result in zxingcpp.read_barcodes(memoryview(rows).cast("B", shape=[height, width]))]


def _share_link(text):
    name, board = decode_any(text)
    return GAMES[name].share_url(board)


@pytest.mark.parametrize("text", [SUDOKU, LETTERS, PENTOMINO])
def test_qr_command_writes_a_code_that_reads_back_as_the_share_link(qapp, tmp_path, capsys, text):
    png = tmp_path / "code.png"
    assert cli.run(["qr", text, "-o", str(png)]) == 0
    assert _read_qr(png) == [_share_link(text)]
    svg = tmp_path / "code.svg"
    assert cli.run(["qr", text, "-o", str(svg)]) == 0
    assert ET.parse(svg).getroot().tag.endswith("svg")


def test_qr_command_refuses_a_game_without_a_web_link_and_says_why(tmp_path, capsys):
    out = tmp_path / "code.png"
    assert cli.run(["qr", MINES, "-o", str(out)]) == 2
    assert "Minesweeper boards have no web link" in capsys.readouterr().err
    assert not out.exists()
    assert cli.run(["qr", SUDOKU, "-o", str(tmp_path / "code.gif")]) == 2
    assert "name the file .png or .svg" in capsys.readouterr().err
    assert cli.run(["qr", "not a board", "-o", str(out)]) == 2


@pytest.mark.slow
def test_export_svg_is_a_drawing_of_the_board(qapp, tmp_path):
    from PySide6.QtSvg import QSvgRenderer

    path = tmp_path / "board.svg"
    assert app_main(["--export", str(path), SUDOKU]) == 0
    root = ET.parse(path).getroot()
    assert root.tag.endswith("svg")
    # Every given is drawn as text: the drawing holds each digit as often as the board does.
    drawn = "".join(t.text or "" for t in root.iter() if t.tag.endswith("text")).replace(" ", "")
    givens = sum(1 for cell in decode_any(SUDOKU)[1].cells if cell)
    assert len(drawn) >= givens and set(drawn) <= set("123456789")
    renderer = QSvgRenderer(str(path))
    assert renderer.isValid() and not renderer.defaultSize().isEmpty()


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_export_pdf_is_one_page_with_the_board_and_its_link(qapp, tmp_path, paper):
    from PySide6.QtPdf import QPdfDocument

    path = tmp_path / "board.pdf"
    assert app_main(["--export", str(path), SUDOKU, "--paper", paper]) == 0
    document = QPdfDocument()
    document.load(str(path))
    assert document.pageCount() == 1
    size = document.pagePointSize(0)
    assert (round(size.width()), round(size.height())) == ((595, 842) if paper == "a4" else (612, 792))
    text = document.getAllText(0).text()
    assert "".join(text.split()).endswith(SUDOKU)  # the link, wrapped under the board
    assert text.split().count("5") >= 5  # the givens are drawn as text too


def _pdf_page(path) -> tuple[QImage, str]:
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QPainter
    from PySide6.QtPdf import QPdfDocument

    document = QPdfDocument()
    document.load(str(path))
    assert document.pageCount() == 1
    page = QImage(595, 842, QImage.Format.Format_RGB32)
    page.fill(Qt.GlobalColor.white)  # the sheet of paper under what is printed
    painter = QPainter(page)
    painter.drawImage(0, 0, document.render(0, QSize(595, 842)))
    painter.end()
    return page, document.getAllText(0).text()


@pytest.mark.slow
def test_a_dark_pdf_page_is_dark_to_its_edges_and_its_text_light(qapp, tmp_path):
    from PySide6.QtGui import QColor

    path = tmp_path / "dark.pdf"
    assert app_main(["--export", str(path), LETTERS, "--dark"]) == 0
    page, text = _pdf_page(path)
    assert "".join(text.split()).endswith(LETTERS)
    for x, y in ((2, 2), (590, 838), (300, 820)):  # the margins and the foot of the page
        assert QColor(page.pixel(x, y)).lightness() < 80
    light = sum(QColor(page.pixel(x, y)).lightness() > 170 for x in range(40, 560, 2) for y in range(300, 560, 2))
    assert light > 30  # the link, and the panel's words, drawn light on it


@pytest.mark.slow
def test_a_slug_longer_than_a_page_prints_its_start_and_says_so(qapp, tmp_path):
    from PySide6.QtGui import QColor

    from replay_files import FILES

    replay = next(p for p in FILES if p.suffix == ".evf")  # a 9,900-character game
    path = tmp_path / "long.pdf"
    assert app_main(["--export", str(path), str(replay)]) == 0
    page, text = _pdf_page(path)
    assert "the whole is too long to print" in text
    assert "9,900 characters" in text or "9,901 characters" in text
    # Nothing is drawn into the bottom margin: the caption stops above it.
    margin = [QColor(page.pixel(x, y)).lightness() for x in range(0, 595, 3) for y in range(800, 842, 2)]
    assert min(margin) > 240


@pytest.mark.slow
def test_export_reads_a_text_file_as_the_window_opens_it(qapp, tmp_path, capsys):
    board = tmp_path / "board.txt"
    board.write_text(f"Today's game: {LETTERS}\n", encoding="utf-8")
    assert app_main(["--export", str(tmp_path / "b.png"), str(board)]) == 0
    assert capsys.readouterr().out.startswith("letters: wrote")
    assert app_main(["--export", str(tmp_path / "c.png"), str(tmp_path)]) == 2  # a folder is no board


@pytest.mark.slow
@pytest.mark.parametrize(("option", "value"), [("--at", "3"), ("--start-word", "HELLO")])
def test_an_option_for_another_game_s_boards_is_an_error(qapp, tmp_path, capsys, option, value):
    assert app_main(["--export", str(tmp_path / "b.png"), SUDOKU, option, value]) == 2
    said = capsys.readouterr().err
    assert said.startswith(f"error: {option} is for ") and "this is a Sudoku puzzle" in said
    assert not (tmp_path / "b.png").exists()


@pytest.mark.slow
def test_export_refuses_a_type_it_cannot_write(qapp, tmp_path, capsys):
    assert app_main(["--export", str(tmp_path / "board.doc"), SUDOKU]) == 2
    assert ".png, .svg or .pdf" in capsys.readouterr().err


@pytest.mark.slow
def test_share_dialog_shows_the_link_as_a_qr_code(qtbot, main_window, tmp_path):
    main_window.paste_text(LETTERS)
    dialog = main_window.share_dialog()
    qtbot.addWidget(dialog)
    assert dialog.isVisible()
    picture = dialog.findChild(type(dialog.message), "qrCode")
    picture.pixmap().save(str(tmp_path / "shown.png"))
    assert _read_qr(tmp_path / "shown.png") == [LETTERS]
    dialog.copy_link()
    assert QGuiApplication.clipboard().text() == LETTERS
    dialog.copy_image()
    assert not QGuiApplication.clipboard().image().isNull()
    assert dialog.save(str(tmp_path / "saved.svg")) and (tmp_path / "saved.svg").exists()
    assert dialog.save(str(tmp_path / "saved")) and _read_qr(tmp_path / "saved.png") == [LETTERS]


@pytest.mark.slow
def test_share_says_why_for_a_game_without_a_web_link(qtbot, main_window):
    main_window.paste_text(MINES)
    assert main_window.share_dialog() is None
    assert "no web link" in main_window.statusBar().currentMessage()


def test_copy_image_puts_the_board_on_the_clipboard(qtbot, main_window):
    main_window.paste_text(SUDOKU)
    main_window.activateWindow()
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is not None)
    QGuiApplication.clipboard().clear()
    qtbot.keyClick(
        main_window.current_page().canvas,
        Qt.Key.Key_I,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    image = QGuiApplication.clipboard().image()
    assert not image.isNull() and image.width() > 200 and image.height() > 200
    assert "Copied the board" in main_window.statusBar().currentMessage()


def test_export_dialog_writes_each_kind(qtbot, main_window, tmp_path):
    main_window.paste_text(SUDOKU)
    for name in ("b.png", "b.svg", "b.pdf"):
        assert main_window.export_image(str(tmp_path / name))
        assert (tmp_path / name).stat().st_size > 1000


@pytest.mark.slow
def test_a_saved_svg_code_reads_on_a_dark_page(qtbot, main_window, tmp_path):
    """The SVG code brings its own white ground and quiet zone: laid on a black page, a
    phone still reads it."""
    from PySide6.QtGui import QColor, QPainter
    from PySide6.QtSvg import QSvgRenderer

    main_window.paste_text(LETTERS)
    dialog = main_window.share_dialog()
    qtbot.addWidget(dialog)
    assert dialog.save(str(tmp_path / "code.svg"))
    drawing = QSvgRenderer(str(tmp_path / "code.svg"))
    size = drawing.defaultSize() * 2
    page = QImage(size.width() + 40, size.height() + 40, QImage.Format.Format_RGB32)
    page.fill(QColor("#000000"))
    painter = QPainter(page)
    drawing.render(painter, QRectF(20, 20, size.width(), size.height()))
    painter.end()
    # The quiet zone (four modules) is white all round the code.
    quiet = 2 * 8 * 4  # points: scale 8, drawn twice as large
    for x, y in ((21, 21), (20 + size.width() - 2, 21), (21, 20 + size.height() - 2), (20 + quiet - 2, 20 + quiet - 2)):
        assert page.pixelColor(x, y) == QColor("#ffffff")
    page.save(str(tmp_path / "on_black.png"))
    assert _read_qr(tmp_path / "on_black.png") == [LETTERS]

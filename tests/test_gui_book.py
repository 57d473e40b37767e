"""Puzzle books: boards of any game from a text file, several to a page, solutions at the back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from slugboard.codecs import SlugError
from slugboard.codecs.sudoku.lzstring import compress_to_base64

DATA = json.loads((Path(__file__).parent / "data" / "sudoku_variants.json").read_text())
CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _pages(path) -> int:
    from PySide6.QtPdf import QPdfDocument

    document = QPdfDocument()
    assert document.load(str(path)) == QPdfDocument.Error.None_
    return document.pageCount()


@pytest.mark.slow
def test_a_book_has_its_boards_four_to_a_page_then_the_solutions(qapp, tmp_path):
    from slugboard.gui.book import book_from_file

    links = [p["link"] for p in DATA["puzzles"][:4]]
    source = tmp_path / "puzzles.txt"
    source.write_text("# my puzzles\n" + "\n".join(links) + "\n\n" + CLASSIC + "\nR88I103F022R00077077\n")
    out = tmp_path / "book.pdf"
    assert book_from_file(str(source), str(out), per_page=4, solutions=True) == 6
    # Six boards: two pages; five sudoku solutions: one page of six.
    assert _pages(out) == 3
    assert book_from_file(str(source), str(out), per_page=1) == 6 and _pages(out) == 6


def test_titles_and_rules_come_from_the_link(qapp):
    from slugboard.gui.book import read_texts

    grid = [[{} for _ in range(4)] for _ in range(4)]
    text = json.dumps({"size": 4, "grid": grid, "title": "Tiny", "author": "Me", "ruleset": "Normal rules."})
    entries = read_texts("https://www.f-puzzles.com/?load=" + compress_to_base64(text), solutions=True)
    assert entries[0].heading == "1. Tiny by Me" and entries[0].rules == "Normal rules."
    assert entries[0].solution is None  # several solutions: none printed


def test_a_line_no_game_reads_is_named_by_its_number(qapp):
    from slugboard.gui.book import read_texts

    with pytest.raises(SlugError, match="line 2"):
        read_texts(CLASSIC + "\nhello world\n")


def test_a_book_source_must_be_a_regular_file(qapp, tmp_path):
    from slugboard.gui.book import book_from_file

    with pytest.raises(OSError):
        book_from_file(str(tmp_path), str(tmp_path / "b.pdf"))


def test_file_print_book_writes_the_book(qtbot, main_window, tmp_path):
    source = tmp_path / "list.txt"
    source.write_text(CLASSIC + "\n" + DATA["puzzles"][1]["link"] + "\n")
    action = next(a for a in main_window.findChildren(type(main_window.undo_action)) if "Print &book" in a.text())
    action.trigger()
    from PySide6.QtWidgets import QDialog

    dialog = main_window.findChild(QDialog, "printBook")
    qtbot.waitExposed(dialog)
    # An empty field says what goes in it; it shows no file name that reads as already chosen.
    assert dialog.target.text() == "" and not dialog.target.placeholderText().endswith(".pdf")
    assert "Choose" in dialog.target.placeholderText()
    dialog.write_button.click()
    assert "Choose the text file" in dialog.message.text()
    dialog.source.setText(str(source))
    dialog.target.setText(str(tmp_path / "out.pdf"))
    dialog.per_page.setCurrentText("1")
    dialog.solutions.setChecked(True)
    dialog.write_button.click()
    assert dialog.message.text() == f"Wrote 2 boards to {tmp_path / 'out.pdf'}."
    assert _pages(tmp_path / "out.pdf") == 3  # two boards, one page of their solutions
    dialog.close()


@pytest.mark.slow
def test_slugboard_book_writes_the_pdf_and_says_how_many(qapp, tmp_path, capsys):
    from slugboard.gui.app import main

    source = tmp_path / "list.txt"
    source.write_text(CLASSIC + "\n")
    out = tmp_path / "b.pdf"
    assert main(["--book", str(out), str(source), "--per-page", "2"]) == 0
    assert capsys.readouterr().out.strip() == f"wrote 1 board to {out}" and _pages(out) == 1
    assert main(["--book", str(out), str(tmp_path / "missing.txt")]) == 2
    assert "error:" in capsys.readouterr().err

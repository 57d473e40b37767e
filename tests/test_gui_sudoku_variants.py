"""Variant sudoku in the window, as a person uses it: paste an f-puzzles link and see its
constraints and count; type on a 16x16; a constraint not understood is named and not
counted; and the sudoku fixes of the first user's report (the solution over pencil marks,
Make puzzle and Cancel, the panel in the default window)."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QScrollArea

from slugboard.codecs import sudoku
from slugboard.codecs.sudoku import fpuzzles
from slugboard.codecs.sudoku.lzstring import compress_to_base64

pytest.importorskip("ortools")

PUZZLES = {
    p["kind"]: p for p in json.loads((Path(__file__).parent / "data" / "sudoku_variants.json").read_text())["puzzles"]
}


def _page(window):
    page = window.page("sudoku")
    window.tabs.setCurrentWidget(page)
    return page


def _click_cell(qtbot, page, row, col):
    centre = page.canvas.cell_center(row, col)
    qtbot.mouseClick(page.canvas, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()), int(centre.y())))


@pytest.mark.slow
def test_a_killer_link_shows_its_cages_and_one_solution(qtbot, main_window):
    main_window.paste_text(PUZZLES["killer"]["link"])
    page = _page(main_window)
    assert page.board.variant is not None and page.board.variant.has("killercage")
    assert page.variant_label.isVisible() and "killer cage ×" in page.variant_label.text()
    qtbot.waitUntil(lambda: page.status_label.text() == "unique", timeout=20_000)
    assert not page.stop_count.isVisible()
    page.show_solution.setChecked(True)
    assert page.canvas.solution.grid == PUZZLES["killer"]["solution"]


def test_a_broken_cage_is_a_problem_and_leaves_no_solution(qtbot, main_window):
    main_window.paste_text(PUZZLES["killer-4"]["link"])
    main_window.page("sudoku").switch_buttons["set"].click()  # the puzzle is edited in Set
    page = _page(main_window)
    cage = page.board.variant.of_kind("killercage")[0]
    cell = cage.cells[0]
    wrong = next(d for d in range(1, 5) if d != int(PUZZLES["killer-4"]["solution"][cell]))
    _click_cell(qtbot, page, *divmod(cell, 4))
    qtbot.keyClick(page.canvas, getattr(Qt.Key, f"Key_{wrong}"))
    assert page.board.cells[cell] == wrong
    qtbot.waitUntil(lambda: page.status_label.text() in ("no solution",), timeout=20_000)
    assert (
        "broken" in page.problems_label.text()
        or "appears" in page.problems_label.text()
        or ("no way to fill" in page.problems_label.text())
    )


@pytest.mark.slow
def test_sixteen_by_sixteen_takes_letters_for_ten_to_sixteen(qtbot, main_window):
    main_window.paste_text(PUZZLES["classic-16"]["link"])
    main_window.page("sudoku").switch_buttons["set"].click()  # the puzzle is edited in Set
    page = _page(main_window)
    assert page.board.size == 16 and page.digit_buttons[15].isVisible()
    empty = page.board.cells.index(0)
    _click_cell(qtbot, page, *divmod(empty, 16))
    assert page.canvas.selected == divmod(empty, 16)
    qtbot.keyClick(page.canvas, Qt.Key.Key_G)
    assert page.board.cells[empty] == 16
    qtbot.keyClick(page.canvas, Qt.Key.Key_Delete)
    assert page.board.cells[empty] == 0
    main_window.paste_text(PUZZLES["killer-4"]["link"])
    assert not page.digit_buttons[4].isVisible() and page.digit_buttons[3].isVisible()


@pytest.mark.slow
def test_sixteen_by_sixteen_types_ten_to_sixteen_as_f_puzzles_does(qtbot, main_window):
    """1 then 6 makes 16 (a digit key typed into a cell holding a 1); the keypad and the
    grid show 10-16 as numbers. In Solve the same, on the solver's own digit only."""
    main_window.paste_text(PUZZLES["classic-16"]["link"])
    page = _page(main_window)
    page.switch_buttons["set"].click()
    assert [b.text() for b in page.digit_buttons[8:]] == [str(d) for d in range(9, 17)]
    assert "1 then 6, or G" in page.digit_buttons[15].toolTip()
    empty = page.board.cells.index(0)
    _click_cell(qtbot, page, *divmod(empty, 16))
    qtbot.keyClick(page.canvas, Qt.Key.Key_1)
    assert page.board.cells[empty] == 1
    qtbot.keyClick(page.canvas, Qt.Key.Key_6)
    assert page.board.cells[empty] == 16
    qtbot.keyClick(page.canvas, Qt.Key.Key_6)  # a cell that holds 16: the key is a new digit
    assert page.board.cells[empty] == 6
    qtbot.keyClick(page.canvas, Qt.Key.Key_1)
    qtbot.keyClick(page.canvas, Qt.Key.Key_0)  # 0 after a 1 is 10, not Erase
    assert page.board.cells[empty] == 10
    qtbot.keyClick(page.canvas, Qt.Key.Key_0)
    assert page.board.cells[empty] == 0
    main_window.undo_action.trigger()
    assert page.board.cells[empty] == 10
    page.switch_buttons["solve"].click()
    given_one = next((i for i, d in enumerate(page.solve.puzzle.cells) if d == 1), None)
    cell = next(i for i, d in enumerate(page.solve.puzzle.cells) if not d)
    _click_cell(qtbot, page, *divmod(cell, 16))
    qtbot.keyClick(page.canvas, Qt.Key.Key_1)
    qtbot.keyClick(page.canvas, Qt.Key.Key_3)
    assert page.solve.state.entries[cell] == 13
    if given_one is not None:  # a given 1 is locked: the key does not make it 1x
        _click_cell(qtbot, page, *divmod(given_one, 16))
        qtbot.keyClick(page.canvas, Qt.Key.Key_3)
        assert page.solve.state.entries[given_one] == 0 and page.solve.puzzle.cells[given_one] == 1


def test_stop_ends_a_count_and_says_so(qtbot, main_window):
    main_window.paste_text(PUZZLES["classic-16"]["link"])
    page = _page(main_window)
    assert page.stop_count.isVisible() and page.status_label.text() == "checking…"
    page.stop_count.click()
    assert page.status_label.text() == "not counted" and not page.stop_count.isVisible()


@pytest.mark.slow
def test_an_unknown_constraint_is_named_and_not_counted(qtbot, main_window):
    obj = {
        "size": 4,
        "grid": [[{} for _ in range(4)] for _ in range(4)],
        "lockoutline": [{"lines": [["R1C1", "R1C2"]]}],
    }
    main_window.paste_text(fpuzzles.URL + compress_to_base64(json.dumps(obj)))
    page = _page(main_window)
    assert "Not understood: lockoutline" in page.variant_label.text()
    qtbot.waitUntil(lambda: page.status_label.text() == "not counted", timeout=20_000)
    assert page.problems_label.text() == "Not counted: unknown constraint lockoutline."


def test_text_from_the_link_is_shown_as_plain_text(qtbot, main_window):
    obj = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)], "title": "<b>bold</b>",
           "killercage": [{"cells": ["R1C1", "R1C2"], "value": "<i>9</i>"}]}  # fmt: skip
    main_window.paste_text(fpuzzles.URL + compress_to_base64(json.dumps(obj)))
    page = _page(main_window)
    assert page.variant_label.textFormat() == Qt.TextFormat.PlainText and "<b>bold</b>" in page.variant_label.text()
    assert page.problems_label.textFormat() == Qt.TextFormat.PlainText


def _picture(board, solution):
    from slugboard.gui.sudoku.paint import paint

    image = QImage(360, 360, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    paint(painter, QRectF(0, 0, 360, 360), board, QApplication.palette(), solution=solution, conflicts=set())
    painter.end()
    return image


def test_the_solution_is_drawn_instead_of_pencil_marks_not_over_them(qapp):
    board = sudoku.decode_grid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    solution = sudoku.solve(board)
    marked = board.with_marks(centre=tuple(0b110 if not d else 0 for d in board.cells), corner=(0,) * 81)
    assert _picture(marked, solution) == _picture(board, solution)
    assert _picture(marked, None) != _picture(board, None)  # the marks are drawn when no solution is


@pytest.mark.slow
def test_cancel_is_its_own_button_and_a_late_click_starts_nothing(qtbot, main_window):
    page = _page(main_window)
    assert not page.cancel_button.isEnabled()
    with qtbot.waitSignal(page.status_changed, check_params_cb=lambda text: text == "Making a puzzle…"):
        page.new_button.click()
    assert page.cancel_button.isEnabled() and not page.new_button.isEnabled()
    qtbot.waitUntil(lambda: page.new_button.isEnabled(), timeout=30_000)
    made = page.board
    assert page.new_status.text().startswith("New puzzle: ")
    page.cancel_button.click()  # too late: the puzzle is made, and nothing else starts
    assert not page.maker.worker.busy and page.board == made
    main_window.undo_action.trigger()
    assert page.new_status.text() == ""  # the message spoke of the puzzle made, not of this board


def test_the_panel_fits_the_default_window(qtbot, main_window):
    main_window.resize(1120, 840)
    page = _page(main_window)
    qtbot.waitUntil(lambda: main_window.size().height() == 840)
    panel = page.tool_layout.parentWidget()
    area = panel.parentWidget()
    while area is not None and not isinstance(area, QScrollArea):
        area = area.parentWidget()
    assert area is not None
    qtbot.waitUntil(lambda: panel.sizeHint().height() <= area.viewport().height())


@pytest.mark.slow
def test_the_minimal_box_makes_a_puzzle_whose_every_given_is_needed(qtbot, main_window):
    page = _page(main_window)
    page.minimal_box.click()
    assert page.minimal_box.isChecked()
    page.new_button.click()
    qtbot.waitUntil(lambda: page.new_button.isEnabled(), timeout=30_000)
    assert page.new_status.text().startswith("New puzzle: ")
    assert sudoku.count_solutions(page.board) == 1 and sudoku.is_minimal(page.board)


def test_a_classic_puzzle_shows_its_rating_and_techniques(qtbot, main_window):
    main_window.paste_text("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    page = _page(main_window)
    qtbot.waitUntil(lambda: "rating" in page.givens_label.text(), timeout=20_000)
    expected = sudoku.logic.rating_info(page.board)
    assert f"rating {expected['rating']}" in page.givens_label.text()
    assert all(name in page.givens_label.text() for name in expected["techniques"])


@pytest.mark.slow
def test_a_puzzle_pasted_again_from_another_site_copies_as_the_latest_paste(qtbot, main_window):
    page = _page(main_window)
    main_window.paste_text(PUZZLES["thermo"]["link"])
    first = page.board
    assert main_window.slug_pane.link_text().startswith("https://www.f-puzzles.com/")
    pad_link = sudoku.share_url(
        dataclasses.replace(first, variant=dataclasses.replace(first.variant, form="sudokupad"))
    )
    assert pad_link.startswith("https://sudokupad.app/") and sudoku.decode(pad_link) == first
    main_window.paste_text(pad_link)
    assert main_window.slug_pane.link_text() == pad_link
    main_window.undo_action.trigger()  # the paste was a step of its own
    assert main_window.slug_pane.link_text() == PUZZLES["thermo"]["link"]


def test_copy_as_offers_every_form_and_says_why_the_player_link_is_greyed(qtbot, main_window):
    from PySide6.QtGui import QGuiApplication

    page = _page(main_window)
    main_window.paste_text(PUZZLES["thermo"]["link"])
    player = page.copy_actions["player"]
    assert not player.isEnabled() and "classic 9x9" in player.toolTip()
    page.copy_actions["sudokupad"].trigger()
    copied = QGuiApplication.clipboard().text()
    assert copied.startswith("https://sudokupad.app/fpuzzles") and sudoku.decode(copied) == page.board
    page.copy_actions["fpuzzles"].trigger()
    assert QGuiApplication.clipboard().text() == PUZZLES["thermo"]["link"]
    main_window.paste_text("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    assert player.isEnabled()
    player.trigger()
    assert QGuiApplication.clipboard().text() == sudoku.share_url(page.board)


@pytest.mark.parametrize("kind", [None, "classic-16", "killer"])
def test_nothing_in_the_panel_is_wider_than_the_panel(qtbot, main_window, kind):
    page = _page(main_window)
    if kind is not None:
        main_window.paste_text(PUZZLES[kind]["link"])
    page._analysed((2, None, {}))  # the widest status there is: "several solutions"
    assert page.tool_panel.minimumSizeHint().width() <= page.TOOL_PANEL_WIDTH


@pytest.mark.slow
def test_hint_and_fill_candidates_on_a_sixteen_by_sixteen(qtbot, main_window):
    main_window.paste_text(PUZZLES["classic-16"]["link"])
    page = _page(main_window)
    page.switch_buttons["set"].click()  # the puzzle is edited in Set
    with qtbot.waitSignal(page.hint_query.finished, timeout=30_000):
        page.hint_button.click()
    # A variant's hint: the next forced digit, which is the solution's.
    row, col, digit = map(int, re.match(r"r(\d+)c(\d+) is (\d+):", page.hint_label.text()).groups())
    assert int(PUZZLES["classic-16"]["solution"][(row - 1) * 16 + col - 1], 17) == digit
    fill = next(b for b in page.tool_panel.findChildren(type(page.hint_button)) if b.text() == "Fill candidates")
    fill.click()
    empty = page.board.cells.index(0)
    solution = PUZZLES["classic-16"]["solution"]
    digit = int(solution[empty], 17)
    assert page.board.centre[empty] >> (digit - 1) & 1  # the solution's digit is among the marks


def _ink(image: QImage, box: QRectF) -> int:
    """Pixels in the box that are not the page's white."""
    count = 0
    for y in range(int(box.top()), int(box.bottom())):
        for x in range(int(box.left()), int(box.right())):
            if image.pixelColor(x, y).lightness() < 200:
                count += 1
    return count


def test_a_drawing_outside_the_grid_is_drawn_there_and_the_ring_is_left_only_then(qapp):
    import importlib

    from PySide6.QtCore import QSize

    from slugboard.gui.render import render_image

    paint = importlib.import_module("slugboard.gui.sudoku.paint")  # the module, not its paint()

    def link(**keys) -> sudoku.Board:
        obj = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)], **keys}
        return sudoku.decode("https://sudokupad.app/fpuz" + compress_to_base64(json.dumps(obj)))

    text = {"cells": ["R0C6"], "value": "7", "fontC": "#000000", "size": 1}
    inside = link(text=[{**text, "cells": ["R1C6"]}])
    ringed = link(xsum=[{"cell": "R5C0", "value": "9"}], text=[text])
    bare = link(xsum=[{"cell": "R5C0", "value": "9"}])
    area = QRectF(0, 0, 440, 440)
    assert paint._grid_rect_for(area, inside) == paint.board_layout(area)  # no ring when nothing is outside
    grid = paint._grid_rect_for(area, ringed)
    assert grid.width() < paint.board_layout(area).width()
    step = grid.width() / 9
    above = QRectF(grid.left() + 5 * step, grid.top() - step, step, step).adjusted(3, 3, -3, -3)
    ink = {
        name: _ink(render_image("sudoku", b, QSize(440, 440)), above) for name, b in (("ring", ringed), ("bare", bare))
    }
    assert ink["ring"] > 0 and ink["bare"] == 0

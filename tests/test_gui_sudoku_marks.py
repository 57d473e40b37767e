"""Pencil marks, the hint and the panel's messages, used as a person would: click,
type with and without modifiers, press H twice, undo; and the grid's border pixels."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPalette

from slugboard.codecs import sudoku
from slugboard.codecs.sudoku import logic
from slugboard.gui.sudoku import paint
from slugboard.gui.sudoku.paint import TYPED_LIGHT
from waiting import Queries

SEED_SLUG = "UyF2MQRhyECJQWIySCkiKoXU+yAUcJiTwoVTKoVqsHYm5V3D54DxCitHWQclJ0g="
SEED_LINK = "https://nickgirardo.com/projects/sudoku/player.html?play=" + SEED_SLUG
NO_SOLUTION = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."


def _page(window):
    return window.page("sudoku")


def _click_cell(qtbot, page, row, col):
    centre = page.canvas.cell_center(row, col)
    qtbot.mouseClick(page.canvas, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()), int(centre.y())))


def _empty_cell(board):
    return divmod(board.cells.index(0), 9)


def test_marks_with_modifiers_and_mode_key(qtbot, main_window):
    main_window.paste_text(SEED_LINK)
    main_window.page("sudoku").switch_buttons["set"].click()  # the puzzle is edited in Set
    page = _page(main_window)
    r, c = _empty_cell(page.board)
    _click_cell(qtbot, page, r, c)
    qtbot.keyClick(page.canvas, Qt.Key.Key_5, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(page.canvas, Qt.Key.Key_3, Qt.KeyboardModifier.ShiftModifier)
    i = r * 9 + c
    assert page.board.centre[i] == 1 << 4 and page.board.corner[i] == 1 << 2
    assert page.board.cells[i] == 0
    assert main_window.slug_pane.slug_text() == SEED_SLUG  # marks are not in the link
    qtbot.keyClick(page.canvas, Qt.Key.Key_M)
    assert page.mode_buttons["centre"].isChecked()
    qtbot.keyClick(page.canvas, Qt.Key.Key_7)
    assert page.board.centre[i] == (1 << 4) | (1 << 6)
    qtbot.keyClick(page.canvas, Qt.Key.Key_M)
    qtbot.keyClick(page.canvas, Qt.Key.Key_M)
    assert page.mode_buttons["digit"].isChecked()
    main_window.undo_action.trigger()
    assert page.board.centre[i] == 1 << 4
    main_window.undo_action.trigger()
    main_window.undo_action.trigger()
    assert page.board.centre[i] == 0 and page.board.corner[i] == 0
    assert "link carries only the digits" in page.mode_buttons["centre"].toolTip()


def test_marks_with_the_mouse_and_fill_candidates(qtbot, main_window):
    main_window.paste_text(SEED_LINK)
    main_window.page("sudoku").switch_buttons["set"].click()  # the puzzle is edited in Set
    page = _page(main_window)
    r, c = _empty_cell(page.board)
    page.mode_buttons["corner"].click()
    _click_cell(qtbot, page, r, c)
    page.digit_buttons[1].click()
    assert page.board.corner[r * 9 + c] == 1 << 1
    fill = next(b for b in page.findChildren(type(page.hint_button)) if b.text() == "Fill candidates")
    fill.click()
    assert page.board.centre == logic.candidates(page.board)
    saved = sudoku.from_json(sudoku.to_json(page.board))  # the saved state keeps them
    assert saved.centre == page.board.centre and saved.corner == page.board.corner
    main_window.undo_action.trigger()
    assert not any(page.board.centre)


@pytest.mark.slow
def test_hint_shows_then_applies_and_solves_the_seed(qtbot, main_window):
    main_window.paste_text(SEED_LINK)
    main_window.page("sudoku").switch_buttons["set"].click()  # the puzzle is edited in Set
    page = _page(main_window)
    solution = sudoku.solve(page.board)
    assert solution is not None
    page.canvas.setFocus()
    qtbot.keyClick(page.canvas, Qt.Key.Key_H)
    step = page.canvas.hint
    assert step is not None and step.technique in page.hint_label.text()
    assert page.board.cells == sudoku.decode(SEED_SLUG).cells  # shown, not applied
    qtbot.keyClick(page.canvas, Qt.Key.Key_H)
    assert page.board.cells[step.cell] == step.digit == solution.cells[step.cell]
    assert page.canvas.hint is None
    for _ in range(81):
        if all(page.board.cells):
            break
        page.hint_button.click()
        page.hint_button.click()
    assert page.board.cells == solution.cells
    main_window.undo_action.trigger()
    assert page.board.cells.count(0) == 1


@pytest.mark.slow
def test_hint_elimination_goes_into_the_marks(qtbot, main_window):
    hard = "1...34.8....8..5....4.6..21.18......3..1.2..6......81.52..7.9....6..9....9.64...2"
    main_window.paste_text(hard)
    main_window.page("sudoku").switch_buttons["set"].click()  # the puzzle is edited in Set
    page = _page(main_window)
    solution = sudoku.solve(page.board)
    assert solution is not None
    for _ in range(200):
        page.hint_button.click()
        step = page.canvas.hint
        if step is None:
            break
        page.hint_button.click()
        if step.eliminations:
            for cell, digit in step.eliminations:
                assert not page.board.centre[cell] >> (digit - 1) & 1
                assert solution.cells[cell] != digit
    assert page.board.cells == solution.cells


def test_show_solution_on_no_solution_says_why(qtbot, main_window):
    main_window.paste_text(NO_SOLUTION)
    page = _page(main_window)
    qtbot.waitUntil(lambda: page.status_label.text() == "no solution", timeout=5000)
    assert page.problems_label.text() != "None"  # consistent with "no solution"
    page.show_solution.setChecked(True)
    assert page.solution_note.text().startswith("No solution to show: ")
    page.show_solution.setChecked(False)
    assert page.solution_note.text() == ""


def test_typed_digits_are_told_apart_from_the_links(qtbot, main_window):
    main_window.paste_text(SEED_LINK)
    main_window.page("sudoku").switch_buttons["set"].click()  # the puzzle is edited in Set
    page = _page(main_window)
    assert not page.board.typed
    r, c = _empty_cell(page.board)
    _click_cell(qtbot, page, r, c)
    digit = sudoku.solve(page.board).cells[r * 9 + c]  # type: ignore[union-attr]
    qtbot.keyClick(page.canvas, Qt.Key(Qt.Key.Key_0.value + digit))
    assert page.board.typed == {r * 9 + c}
    image = QImage(540, 540, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    paint(painter, QRectF(0, 0, 540, 540), page.board, QPalette())
    painter.end()
    size = (540 - 8) / 9
    x0 = 4 + c * size
    y0 = 4 + r * size
    colours = {
        image.pixelColor(int(x0 + dx), int(y0 + dy)).rgb()
        for dx in range(int(size * 0.3), int(size * 0.7))
        for dy in range(int(size * 0.3), int(size * 0.7))
    }
    # The typed digit is drawn in the typed colour (purple), not the givens' black.
    purple = [q for q in map(QColor, colours) if q.blue() > q.green() + 60 and q.red() > q.green() + 30]
    assert purple
    darkest = min(map(QColor, colours), key=lambda q: q.lightness())
    assert abs(darkest.hue() - TYPED_LIGHT.hue()) < 15


def test_border_has_no_notches():
    for palette_base in ("white", "#202020"):
        palette = QPalette()
        palette.setColor(QPalette.ColorRole.Base, QColor(palette_base))
        palette.setColor(QPalette.ColorRole.Text, QColor("black" if palette_base == "white" else "#eeeeee"))
        image = QImage(540, 540, QImage.Format.Format_ARGB32)
        image.fill(QColor("#808080"))
        painter = QPainter(image)
        paint(painter, QRectF(0, 0, 540, 540), sudoku.Board(), palette)
        painter.end()
        border = palette.color(QPalette.ColorRole.Text).rgb()
        # Along the middle of the left and top border lines every pixel is the border colour.
        for k in range(8, 532):
            assert image.pixelColor(4, k).rgb() == border, (palette_base, "left", k)
            assert image.pixelColor(k, 4).rgb() == border, (palette_base, "top", k)
            assert image.pixelColor(535, k).rgb() == border, (palette_base, "right", k)
            assert image.pixelColor(k, 535).rgb() == border, (palette_base, "bottom", k)


def _render(board, **state) -> QImage:
    image = QImage(540, 540, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    paint(painter, QRectF(0, 0, 540, 540), board, QPalette(), **state)
    painter.end()
    return image


def test_a_hint_is_drawn_in_its_cells():
    board = sudoku.decode(SEED_SLUG)
    step = logic.next_step(board)
    assert step is not None and step.is_placement
    plain, hinted = _render(board), _render(board, hint=step)
    size = (540 - 8) / 9
    r, c = divmod(step.cell, 9)
    box = [(int(4 + (c + fx) * size), int(4 + (r + fy) * size)) for fx in (0.2, 0.5, 0.8) for fy in (0.1, 0.5, 0.9)]
    assert all(plain.pixelColor(x, y) != hinted.pixelColor(x, y) for x, y in box[:3])  # the cell is filled
    greens = [hinted.pixelColor(x, y) for x, y in box]
    assert all(q.green() > q.red() for q in greens)


@pytest.mark.slow
def test_new_puzzle_in_the_background(qtbot, main_window):
    page = _page(main_window)
    page.symmetry_box.setCurrentIndex(3)  # mirror
    page.givens_box.setValue(32)
    action = next(a for a in main_window.findChildren(type(main_window.undo_action)) if "New sudoku" in a.text())
    action.trigger()
    assert page.cancel_button.isEnabled() and not page.new_button.isEnabled()
    qtbot.waitUntil(lambda: page.new_button.isEnabled(), timeout=20000)
    board = page.board
    assert board.givens <= 32 and sudoku.count_solutions(board) == 1
    assert all(bool(board.get(r, c)) == bool(board.get(r, 8 - c)) for r in range(9) for c in range(9))
    main_window.undo_action.trigger()
    assert page.board != board


def test_new_puzzle_cancel_and_edit_cancel(qtbot, main_window, monkeypatch):
    queries = Queries(monkeypatch)
    page = _page(main_window)
    page.rating_box.setCurrentIndex(3)  # hard: takes many tries
    page.new_button.click()
    assert page.cancel_button.isEnabled() and not page.new_button.isEnabled() and page.new_progress.isVisible()
    page.maker.progress.moved.emit(0.25)  # what the worker sends after a quarter of its tries
    assert page.new_progress.value() == 250
    place = page.new_status.geometry()
    page.cancel_button.click()
    assert page.new_button.isEnabled() and page.new_status.text() == "Cancelled."
    assert not page.cancel_button.isEnabled()
    assert not page.new_progress.isVisible() and page.new_status.geometry() == place
    page.new_button.click()
    main_window.paste_text(SEED_LINK)  # a new board stops it
    assert page.new_button.isEnabled() and "changed" in page.new_status.text()
    queries.settle(qtbot)  # the stopped puzzle's answer, had it been sent, has come
    assert page.board.cells == sudoku.decode(SEED_SLUG).cells


@pytest.mark.slow
def test_a_chain_hint_joins_its_cells_on_the_board(qtbot, main_window):
    from slugboard.codecs.sudoku import logic

    grid = "7.....4...2..7..8...3..8.799..5..3...6..2..9...1.97..6...3..9...3..4..6...9..1.35"
    board = sudoku.decode_grid(grid)
    cand = logic.candidates(board)
    step = logic.next_step(board, cand)
    while step.technique != "AIC":
        board, cand = logic.apply(board, cand, step)
        step = logic.next_step(board, cand)
    main_window.paste_text(sudoku.encode(board))
    page = _page(main_window)
    page.canvas.hint = step
    page.canvas.repaint()
    image = page.canvas.grab().toImage()
    ratio = page.canvas.devicePixelRatioF()
    a, b = (page.canvas.cell_center(*divmod(i, 9)) for i in step.cells[:2])
    along = [a + (b - a) * (k / 20) for k in range(2, 19)]
    colours = [image.pixelColor(int(p.x() * ratio), int(p.y() * ratio)) for p in along]
    orange = [c for c in colours if c.red() > c.green() + 40 > c.blue() + 40]
    assert len(orange) > len(colours) / 2  # the chain's orange runs between its first two cells

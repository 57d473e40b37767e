"""The window as a person uses it with a sudoku: paste the seed link, see the puzzle and
its status, type and erase digits, undo and redo, copy, and bad pastes that change nothing."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QGuiApplication

from slugboard.codecs import sudoku
from waiting import Queries

SEED_SLUG = "UyF2MQRhyECJQWIySCkiKoXU+yAUcJiTwoVTKoVqsHYm5V3D54DxCitHWQclJ0g="
SEED_LINK = "https://nickgirardo.com/projects/sudoku/player.html?play=" + SEED_SLUG


def _page(window):
    return window.page("sudoku")


def _click_cell(qtbot, page, row, col):
    centre = page.canvas.cell_center(row, col)
    qtbot.mouseClick(page.canvas, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()), int(centre.y())))


def _wait_status(qtbot, page, text):
    qtbot.waitUntil(lambda: page.status_label.text() == text, timeout=5000)


@pytest.mark.parametrize("text", [SEED_LINK, SEED_LINK.replace("+", " ")])
def test_paste_seed_link_shows_unique_puzzle(qtbot, main_window, text):
    QGuiApplication.clipboard().setText(text)
    main_window.setFocus()
    main_window.paste_action.trigger()
    page = _page(main_window)
    assert main_window.current_page() is page
    assert page.board.grid == sudoku.decode(SEED_SLUG).grid
    assert main_window.slug_pane.slug_text() == SEED_SLUG
    assert main_window.slug_pane.length_label.text() == "64 chars"
    _wait_status(qtbot, page, "unique")
    assert main_window.slug_pane.error_text() == ""


def test_ctrl_v_on_the_canvas_pastes(qtbot, main_window):
    QGuiApplication.clipboard().setText(SEED_LINK)
    page = _page(main_window)
    page.canvas.setFocus()
    qtbot.keyClick(page.canvas, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert main_window.slug_pane.slug_text() == SEED_SLUG


def test_type_a_digit_changes_slug_then_undo_restores_it(qtbot, main_window):
    main_window.paste_text(SEED_LINK)
    main_window.page("sudoku").switch_buttons["set"].click()  # the puzzle is edited in Set
    page = _page(main_window)
    _click_cell(qtbot, page, 0, 0)
    assert page.canvas.selected == (0, 0)
    qtbot.keyClick(page.canvas, Qt.Key.Key_9)
    assert page.board.get(0, 0) == 9
    edited = main_window.slug_pane.slug_text()
    assert edited != SEED_SLUG
    assert sudoku.decode(edited) == page.board  # the pane shows this board's slug, now
    assert edited == sudoku.encode(sudoku.decode(SEED_SLUG).with_digit(0, 0, 9))
    _wait_status(qtbot, page, "unique")  # r1c1 = 9 is the solution's digit
    qtbot.keyClick(page.canvas, Qt.Key.Key_Right)
    qtbot.keyClick(page.canvas, Qt.Key.Key_3)  # a second 3 in row 1
    assert "3 appears 2 times in row 1" in page.problems_label.text()
    _wait_status(qtbot, page, "no solution")
    main_window.undo_action.trigger()
    main_window.undo_action.trigger()
    assert main_window.slug_pane.slug_text() == SEED_SLUG
    main_window.redo_action.trigger()
    assert main_window.slug_pane.slug_text() == edited
    qtbot.keyClick(page.canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert main_window.slug_pane.slug_text() == SEED_SLUG


def test_erase_with_delete_and_buttons(qtbot, main_window):
    main_window.paste_text(SEED_LINK)
    main_window.page("sudoku").switch_buttons["set"].click()  # the puzzle is edited in Set
    page = _page(main_window)
    _click_cell(qtbot, page, 0, 2)  # the given 3
    qtbot.keyClick(page.canvas, Qt.Key.Key_Delete)
    assert page.board.get(0, 2) == 0
    page.digit_buttons[6].click()
    assert page.board.get(0, 2) == 7
    assert sudoku.decode(main_window.slug_pane.slug_text()).get(0, 2) == 7


def test_clear_board_and_show_solution(qtbot, main_window):
    main_window.paste_text(SEED_LINK)
    main_window.page("sudoku").switch_buttons["set"].click()  # the puzzle is edited in Set
    page = _page(main_window)
    _wait_status(qtbot, page, "unique")
    page.show_solution.setChecked(True)
    assert page.canvas.solution is not None and page.canvas.solution.givens == 81
    assert page.board.givens == 31  # the solution is shown, not given
    assert main_window.slug_pane.slug_text() == SEED_SLUG
    clear = [b for b in page.tool_panel.findChildren(type(page.digit_buttons[0])) if b.text() == "Clear board"][0]
    clear.click()
    assert page.board.givens == 0
    assert main_window.slug_pane.slug_text() == "UyF2MQ=="
    _wait_status(qtbot, page, "several solutions")
    main_window.undo_action.trigger()
    assert page.board.givens == 31


def test_copy_slug_and_link(qtbot, main_window):
    main_window.paste_text(SEED_LINK)
    main_window.slug_pane.copy_slug_button.click()
    assert QGuiApplication.clipboard().text() == SEED_SLUG
    main_window.slug_pane.copy_link_button.click()
    assert QGuiApplication.clipboard().text() == SEED_LINK
    assert QGuiApplication.clipboard().mimeData().urls()[0].toString() == SEED_LINK


@pytest.mark.parametrize(
    "bad,where", [("UyF2Mg==", "at character 3"), ("UyF2Mf/g", "at character 6"), ("!!!!", "at character 1")]
)
def test_bad_paste_shows_error_and_changes_nothing(qtbot, main_window, bad, where):
    main_window.paste_text(SEED_LINK)
    page = _page(main_window)
    before, depth = page.board, page.undo_stack.count()
    assert not main_window.paste_text(bad)
    assert page.board == before and page.undo_stack.count() == depth
    assert main_window.slug_pane.slug_text() == SEED_SLUG
    main_window.slug_pane.details_button.click()  # the technical line names the character
    assert where in main_window.slug_pane.error_text()
    assert main_window.paste_text(SEED_SLUG)  # a good paste clears the error
    assert main_window.slug_pane.error_text() == ""


def test_paste_field_and_enter(qtbot, main_window):
    field = main_window.slug_pane.paste_field
    field.setFocus()
    qtbot.keyClicks(field, SEED_SLUG)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert main_window.slug_pane.slug_text() == SEED_SLUG


def test_drop_text_and_url(qtbot, main_window):
    from PySide6.QtCore import Qt as _Qt
    from PySide6.QtGui import QDropEvent

    text_data = QMimeData()
    text_data.setText(SEED_LINK.replace("+", " "))
    url_data = QMimeData()
    url_data.setUrls([QUrl("https://nickgirardo.com/projects/sudoku/player.html?play=UyF2MQAg")])
    for data, expected in ((text_data, SEED_SLUG), (url_data, "UyF2MQAg")):
        event = QDropEvent(QPointF(50, 50), _Qt.CopyAction, data, _Qt.LeftButton, _Qt.NoModifier)
        main_window.dropEvent(event)
        assert main_window.slug_pane.slug_text() == expected


def test_board_and_geometry_survive_a_restart(qtbot, settings):
    from slugboard.gui.main_window import MainWindow

    first = MainWindow(settings)
    qtbot.addWidget(first)
    first.show()
    first.paste_text(SEED_LINK)
    first.resize(720, 560)
    first.close()
    assert json.loads(settings.value("boards/sudoku"))["grid"] == sudoku.decode(SEED_SLUG).grid
    assert settings.value("recent")[0] == SEED_LINK

    second = MainWindow(settings)
    qtbot.addWidget(second)
    second.show()
    assert second.page("sudoku").board == sudoku.decode(SEED_SLUG)
    assert second.slug_pane.slug_text() == SEED_SLUG
    assert (second.size().width(), second.size().height()) == (720, 560)
    assert second.page("sudoku").undo_stack.count() == 0  # a restored board is not an undo step


def test_slug_pane_updates_in_the_same_turn(qtbot, main_window):
    page = _page(main_window)
    seen = []
    page.board_changed.connect(lambda board: seen.append(main_window.slug_pane.slug_text()))
    page.set_board(page.board.with_digit(4, 4, 5), "test edit")
    # no event processing between the edit and the check
    assert main_window.slug_pane.slug_text() == sudoku.encode(page.board)
    assert seen


@pytest.mark.slow
def test_edits_reach_the_settings_without_closing(qtbot, main_window, settings):
    page = _page(main_window)
    page.set_board(page.board.with_digit(8, 8, 4), "edit")
    page.set_board(page.board.with_digit(8, 7, 5), "edit")

    def saved_grid():
        raw = settings.value("boards/sudoku")
        return json.loads(raw)["grid"] if raw else None

    qtbot.waitUntil(lambda: saved_grid() == page.board.grid, timeout=3000)
    assert saved_grid()[-2:] == "54"


# --- what a new user hit -----------------------------------------------------------------


def test_the_thick_border_is_not_notched_by_the_thin_lines(qapp):
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter, QPalette

    from slugboard.gui import sudoku as view

    image = QImage(540, 540, QImage.Format.Format_ARGB32)
    palette = QGuiApplication.palette()
    image.fill(palette.color(QPalette.ColorRole.Window))
    painter = QPainter(image)
    view.paint(painter, QRectF(0, 0, 540, 540), sudoku.Board(), palette, selected=None)
    painter.end()
    side = 540 - 8
    left = top = (540 - side) / 2
    size = side / 9
    ink = palette.color(QPalette.ColorRole.Text)
    for i in (1, 2, 4, 5, 7, 8):  # where a thin line meets the border
        at = left + i * size
        assert image.pixelColor(int(at), int(top)) == ink  # the top border
        assert image.pixelColor(int(left), int(at)) == ink  # the left border


def test_copy_grid_and_candidates_put_the_puzzle_on_the_clipboard(qtbot, main_window):
    from slugboard.codecs.sudoku import formats

    main_window.paste_text(SEED_LINK)
    page = _page(main_window)
    page.copy_grid()
    text = QGuiApplication.clipboard().text()
    assert len(text) == 81 and sudoku.decode(text).cells == page.board.cells
    page.copy_candidates()
    again = formats.read_candidate_grid(QGuiApplication.clipboard().text())
    # Every given comes back (a cell with one candidate left reads back as a digit too).
    assert all(again.cells[i] == d for i, d in enumerate(page.board.cells) if d)


@pytest.mark.parametrize(
    "grid",
    [
        "11" + "." * 79,  # a digit repeats
        # no digit repeats, yet no solution: 1-8 on the first row, 9 in the last column's box
        "12345678." + "........9" + "." * 63,
    ],
)
def test_the_note_under_show_solution_fits_its_room(qtbot, main_window, grid):
    assert main_window.paste_text(grid)
    page = _page(main_window)
    page.show_solution.setChecked(True)
    qtbot.waitUntil(lambda: page.solution_note.text().startswith("No solution to show"), timeout=5000)
    note = page.solution_note
    assert note.heightForWidth(note.width()) <= note.minimumHeight()


@pytest.mark.slow
def test_a_long_chain_hint_wraps_inside_the_panel(qtbot, main_window):
    from PySide6.QtWidgets import QApplication

    assert main_window.paste_text("2....5.4...3.1..9......65387......53....384....6.7......2...6....92......45.....9")
    page = _page(main_window)
    QApplication.processEvents()
    width = page.tool_panel.width()
    button = page.hint_button.mapTo(main_window, QPoint(0, 0))
    for _ in range(200):  # shown, applied, shown... until the chain step
        page.hint_pressed()
        if "<b>AIC</b>" in page.hint_label.text():
            break
    assert "<b>AIC</b>" in page.hint_label.text()
    QApplication.processEvents()
    assert page.tool_panel.width() == width
    assert page.hint_button.mapTo(main_window, QPoint(0, 0)) == button
    assert page.hint_label.heightForWidth(page.hint_label.width()) <= page.hint_label.height()


def test_a_hint_longer_than_its_room_scrolls_and_moves_nothing_below_it(qtbot, main_window):
    from PySide6.QtWidgets import QApplication

    page = _page(main_window)
    main_window.tabs.setCurrentWidget(page)
    QApplication.processEvents()
    below = page.show_solution.mapTo(main_window, QPoint(0, 0))
    room = page.hint_area.height()
    chain = " = ".join(f"r{r}c{c}<>{d}" for r, c, d in zip(range(1, 10), range(9, 0, -1), range(1, 10), strict=True))
    page._set_hint(None, f"<b>AIC</b> (5.0): {chain} - {chain} - {chain}<br>Press H again to apply it.")
    QApplication.processEvents()
    assert page.hint_label.height() > room  # longer than its room...
    assert page.hint_area.height() == room  # ...which stays as it was
    assert page.show_solution.mapTo(main_window, QPoint(0, 0)) == below
    scroll = page.hint_area.verticalScrollBar()
    assert scroll.maximum() > 0 and scroll.value() == 0  # the rest is a scroll away, read from the top
    scroll.setValue(scroll.maximum())
    page._set_hint(None, "Short")
    assert scroll.value() == 0
    assert not page.hint_area.hasFocus() and page.hint_area.focusPolicy() == Qt.FocusPolicy.NoFocus


@pytest.mark.slow
def test_undo_back_to_the_last_made_puzzle_stops_the_next_one(qtbot, main_window, monkeypatch):
    queries = Queries(monkeypatch)
    page = _page(main_window)
    main_window.tabs.setCurrentWidget(page)
    page.new_button.click()
    qtbot.waitUntil(lambda: page.new_button.isEnabled(), timeout=20000)
    main_window.page("sudoku").switch_buttons["set"].click()  # the puzzle is edited in Set
    made = page.board
    empty = made.cells.index(0)
    _click_cell(qtbot, page, *divmod(empty, 9))
    qtbot.keyClick(page.canvas, Qt.Key.Key_5)
    edited = page.board
    assert edited != made
    page.rating_box.setCurrentIndex(3)  # hard: takes many tries
    page.new_button.click()
    assert page.cancel_button.isEnabled() and not page.new_button.isEnabled()
    qtbot.keyClick(page.canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # back to the made puzzle
    assert page.board == made
    assert page.new_button.isEnabled() and page.new_status.text() == "Cancelled: the board changed."
    assert not page.new_progress.isVisible()
    queries.settle(qtbot)  # the stopped puzzle's answer, had it been sent, has come
    assert page.board == made and main_window.slug_pane.slug_text() == sudoku.encode(made)
    main_window.redo_action.trigger()  # the edit is still there to redo
    assert page.board == edited

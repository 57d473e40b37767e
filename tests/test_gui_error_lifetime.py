"""An error belongs to the action that made it: the next action (an edit, a step of the
game's own, another paste) takes it away, and the Open field shows nothing unrelated beside it."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

SUDOKU = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
XIANGQI = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
BAD = "UyF2MQRh!ECJQWIySCkiKoXU"


def test_an_edit_after_a_failed_paste_takes_the_error_away(qtbot, main_window):
    main_window.paste_text(SUDOKU)
    page = main_window.page("sudoku")
    assert not main_window.paste_text(BAD)
    assert "Not opened" in main_window.slug_pane.error_text()
    centre = page.canvas.cell_center(0, 0)
    qtbot.mouseClick(page.canvas, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()), int(centre.y())))
    qtbot.keyClick(page.canvas, Qt.Key.Key_5)  # a solver's digit: the puzzle pasted opens in Solve
    assert page.undo_stack.count() >= 2  # the paste, then the digit
    assert main_window.slug_pane.error_text() == ""


def test_a_step_of_the_games_own_takes_the_error_away(qtbot, main_window):
    main_window.paste_text(XIANGQI)
    page = main_window.page("xiangqi")
    assert not main_window.paste_text(BAD)
    assert "Not opened" in main_window.slug_pane.error_text()
    page.show_status("Replayed 4 moves")  # what a page says after an action of its own
    assert main_window.slug_pane.error_text() == ""


def test_a_failed_paste_leaves_no_unrelated_text_in_the_open_field(qtbot, main_window):
    pane = main_window.slug_pane
    pane.paste_field.setText(SUDOKU)
    qtbot.keyClick(pane.paste_field, Qt.Key.Key_Return)
    assert main_window.current_page() is main_window.page("sudoku")
    assert not main_window.paste_text(BAD)  # Ctrl+V elsewhere in the window
    assert pane.paste_field.text() in ("", BAD)
    pane.paste_field.setText(BAD)  # a text typed into the field that fails stays to be mended
    qtbot.keyClick(pane.paste_field, Qt.Key.Key_Return)
    assert pane.paste_field.text() == BAD and "Not opened" in pane.error_text()


def test_ctrl_v_of_a_move_list_names_paste_moves(qtbot, main_window):
    from PySide6.QtGui import QGuiApplication

    QGuiApplication.clipboard().setText("1. C2=5 H8+7 2. H2+3 R9=8")
    main_window.setFocus()
    main_window.paste_action.trigger()
    assert "Paste moves" in main_window.slug_pane.error_text()

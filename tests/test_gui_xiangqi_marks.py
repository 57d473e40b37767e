"""What the xiangqi board shows besides its pieces: the last move's two points, no cursor
box left by the mouse, a tooltip that wraps, and an opening-position key of its own."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QToolTip
from test_gui_xiangqi_play import _click, _drag, _set_up, _sq

from slugboard.codecs import xiangqi


def _painted(page) -> dict:
    """What the canvas passes to paint at its next paint, read from the state it paints."""
    canvas = page.canvas
    return {
        "cursor": canvas.cursor if canvas.hasFocus() and canvas.cursor_shown else None,
        "last_move": canvas.last_move,
        "selected": canvas.held if canvas.playing else None,
    }


def test_the_last_move_is_marked_and_follows_the_move_list(qtbot, main_window):
    page = _set_up(qtbot, main_window)
    assert _painted(page)["last_move"] is None
    _drag(qtbot, page, _sq("a1"), _sq("a8"))
    assert _painted(page)["last_move"] == (_sq("a1"), _sq("a8"))
    _drag(qtbot, page, _sq("i6"), _sq("i5"))
    assert _painted(page)["last_move"] == (_sq("i6"), _sq("i5"))
    page.move_list.itemClicked.emit(page.move_list.item(1))
    assert _painted(page)["last_move"] == (_sq("a1"), _sq("a8"))
    page.move_list.itemClicked.emit(page.move_list.item(0))
    assert _painted(page)["last_move"] is None
    qtbot.mouseClick(page.mode_buttons["edit"], Qt.MouseButton.LeftButton)
    assert _painted(page)["last_move"] is None


def test_the_last_move_brackets_are_drawn(qtbot, main_window):
    page = _set_up(qtbot, main_window)
    before = page.canvas.grab().toImage()
    _drag(qtbot, page, _sq("a1"), _sq("a2"))
    after = page.canvas.grab().toImage()
    centre = page.canvas.square_center(_sq("a2"))
    step = page.canvas.board_layout().step
    corner = QPoint(round(centre.x() + step * 0.46), round(centre.y() + step * 0.46))
    ratio = after.devicePixelRatio()
    at = QPoint(round(corner.x() * ratio), round(corner.y() * ratio))
    assert after.pixelColor(at) != before.pixelColor(at)
    assert after.pixelColor(at).blue() > after.pixelColor(at).red()


def test_no_cursor_box_where_a_drag_began_or_on_a_refused_point(qtbot, main_window):
    page = _set_up(qtbot, main_window)
    page.canvas.setFocus()
    _drag(qtbot, page, _sq("a1"), _sq("a8"))
    assert _painted(page)["cursor"] is None
    # A refused click-move: the piece stays picked up and ringed; no box on the refused point.
    _click(qtbot, page, _sq("d9"))
    _click(qtbot, page, _sq("e9"))
    assert page.refusal_label.text()
    assert _painted(page)["cursor"] is None and _painted(page)["selected"] == _sq("d9")
    # The keys bring the box back, where they move it.
    qtbot.keyClick(page.canvas, Qt.Key.Key_Down)
    assert _painted(page)["cursor"] == _sq("d8")


def test_the_board_tooltip_wraps_to_a_readable_width(qtbot, main_window):
    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    for mode in ("edit", "play"):
        page.set_mode(mode)
        QToolTip.showText(page.canvas.mapToGlobal(QPoint(10, 10)), page.canvas.toolTip(), page.canvas)
        qtbot.waitUntil(QToolTip.isVisible)
        tip = next(w for w in QApplication.topLevelWidgets() if w.metaObject().className() == "QTipLabel")
        qtbot.waitUntil(tip.isVisible)
        assert tip.width() < 560, (mode, tip.width())
        QToolTip.hideText()


def test_the_opening_key_is_its_own_and_works(qtbot, main_window):
    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    window_keys = {s.toString() for a in main_window.findChildren(QAction) for s in a.shortcuts()}
    page_keys = {s.toString() for q in page.findChildren(QShortcut) for s in q.keys()}
    assert not window_keys & page_keys, window_keys & page_keys
    page.clear()
    page.focus_canvas()
    qtbot.keyClick(
        QApplication.focusWidget(),
        Qt.Key.Key_N,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert page.board == xiangqi.new_board()
    assert "Ctrl+Shift+N" in dict(page.KEYS)
    assert QKeySequence("Ctrl+Shift+N").toString() in page_keys


def test_perpetual_check_is_announced_with_the_rule_in_a_tooltip(qtbot, main_window):
    from test_codecs_xiangqi_history import CHASE, CHASE_START

    page = _set_up(qtbot, main_window, CHASE_START)
    for word in CHASE[:8]:
        _drag(qtbot, page, *xiangqi.parse_iccs(word))
    assert "Perpetual" not in page.result_label.text()
    _drag(qtbot, page, *xiangqi.parse_iccs(CHASE[8]))  # the third time Black's general stands on e8
    assert page.result_label.text().startswith("<b>Perpetual check by Red")
    _drag(qtbot, page, *xiangqi.parse_iccs(CHASE[9]))
    assert page.result_label.text() == (
        "<b>Perpetual check by Red: under the Asian rules Red must vary or lose.</b> Red to move."
    )
    assert "the side that keeps checking must change its move or lose" in page.result_label.toolTip()
    page.move_list.itemClicked.emit(page.move_list.item(3))
    assert page.result_label.toolTip() == "" and "Perpetual" not in page.result_label.text()

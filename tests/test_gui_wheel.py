"""The wheel over a panel's combo box or spin box scrolls the panel and leaves the box's
value alone until a person has chosen the box (a click or Tab); then it steps the box."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QScrollArea

from slugboard.codecs import titles


def _value(box):
    return box.currentIndex() if isinstance(box, QComboBox) else box.text()


def _wheel(box, notches: int = -1) -> None:
    """One notch of the wheel (down) with the pointer over the middle of `box`, delivered
    to the widget under the pointer as the window delivers it."""
    where = box.rect().center()
    target = box.childAt(where) or box
    local = target.mapFrom(box, where)
    event = QWheelEvent(
        QPointF(local),
        QPointF(target.mapToGlobal(local)),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(target, event)


def _boxes(page):
    boxes = page.tool_panel.findChildren(QComboBox) + page.tool_panel.findChildren(QAbstractSpinBox)
    return [b for b in boxes if b.isVisibleTo(page) and b.isEnabled()]


def _guarded(qtbot, page) -> None:
    """Wait until the boxes of `page` are guarded: as it shows, or for the page a window
    opens on, once the window's first frame is on screen (before any wheel can reach them)."""
    qtbot.waitUntil(lambda: all(b.focusPolicy() == Qt.FocusPolicy.StrongFocus for b in _boxes(page)))


@pytest.mark.slow
def test_the_wheel_over_a_box_leaves_its_value_until_the_box_is_chosen(qtbot, main_window):
    checked = []
    for index, game in enumerate(titles()):
        main_window.tabs.setCurrentIndex(index)
        page = main_window.page(game)
        qtbot.waitUntil(page.isVisible)
        _guarded(qtbot, page)  # the wheel gives a box no focus
        page.canvas.setFocus()
        for box in _boxes(page):
            before, board = _value(box), page.board
            _wheel(box)
            _wheel(box, notches=1)
            assert _value(box) == before, (game, box.objectName() or type(box).__name__)
            assert page.board == board
            assert not box.hasFocus()
            checked.append(game)
    # Sudoku's symmetry and rating, pentomino's surface and size, minesweeper's field, letters' date...
    assert {"sudoku", "pentomino", "minesweeper", "letters"} <= set(checked)


def test_the_panel_scrolls_under_the_wheel_over_a_box(qtbot, main_window):
    """Over a box the wheel still scrolls the panel it stands in."""
    main_window.tabs.setCurrentIndex(list(titles()).index("sudoku"))
    page = main_window.page("sudoku")
    qtbot.waitUntil(page.isVisible)
    _guarded(qtbot, page)
    main_window.resize(main_window.width(), 360)  # short: the panel scrolls
    scroll = page.tool_panel.parentWidget().parentWidget()
    assert isinstance(scroll, QScrollArea)
    bar = scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    box = page.symmetry_box
    scroll.ensureWidgetVisible(box)
    start, before = bar.value(), box.currentIndex()
    _wheel(box, notches=1 if start > 0 else -1)
    assert bar.value() != start
    assert box.currentIndex() == before


def test_a_chosen_box_steps_with_the_wheel(qtbot, main_window):
    main_window.tabs.setCurrentIndex(list(titles()).index("sudoku"))
    page = main_window.page("sudoku")
    qtbot.waitUntil(page.isVisible)
    box = page.symmetry_box
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    before = box.currentIndex()
    _wheel(box, notches=-1 if before < box.count() - 1 else 1)
    assert box.currentIndex() != before


def test_the_page_a_window_opens_on_has_its_boxes_guarded_once_the_window_is_on_screen(qtbot, settings):
    """Finding the boxes waits for the window's first frame (as the window's own key watch
    does): a box is guarded before any wheel can reach it, not before the frame."""
    from slugboard.gui.main_window import MainWindow

    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    boxes = _boxes(window.current_page())
    assert boxes and not any(b.focusPolicy() == Qt.FocusPolicy.StrongFocus for b in boxes)
    qtbot.waitExposed(window)
    _guarded(qtbot, window.current_page())
    tabs = window.tabs
    tabs.setCurrentIndex((tabs.currentIndex() + 1) % tabs.count())
    # a page first shown in a window on screen is guarded as it shows
    assert all(b.focusPolicy() == Qt.FocusPolicy.StrongFocus for b in _boxes(window.current_page()))

"""The mouse wheel turns a box only once a person has chosen it: scrolling the tool panel
past a combo box or a spin box never changes its value.

Each box of a page's panel gets `StrongFocus` (the wheel no longer gives it focus) and an
event filter that hands a wheel event over an unfocused box to the scroll area the box
stands in (the panel's), which scrolls on. A click or Tab gives the box focus; then the wheel steps it
as before."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSpinBox, QApplication, QComboBox, QWidget

GUARDED = "slugboardWheelGuarded"
PENDING = "slugboardWheelGuardPending"


class _FocusedWheel(QObject):
    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Wheel and isinstance(watched, QWidget) and not watched.hasFocus():
            area = _scroll_area_of(watched)
            if area is not None:
                QApplication.sendEvent(area.viewport(), event.clone())
            return True
        return False


def _scroll_area_of(widget: QWidget) -> QAbstractScrollArea | None:
    """The scroll area `widget` stands in, if any."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return parent
        parent = parent.parentWidget()
    return None


_filter: _FocusedWheel | None = None


def guard(box: QWidget) -> None:
    """Let the wheel turn `box` only while it has focus."""
    global _filter
    if box.property(GUARDED):
        return
    if _filter is None:
        _filter = _FocusedWheel()
    box.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    box.installEventFilter(_filter)
    box.setProperty(GUARDED, True)


class _AfterFirstPaint(QObject):
    """Guards the boxes of a page shown in a window not yet on screen once the page has
    painted in the window's first frame: no wheel reaches a box before that, and finding the
    boxes makes a Python object of every widget in the page, which the frame need not wait for."""

    def __init__(self, root: QWidget) -> None:
        super().__init__(root)
        self._root = root
        root.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if watched is self._root and event.type() == QEvent.Type.Paint:
            self._root.removeEventFilter(self)
            QTimer.singleShot(0, self, self._guard)  # runs once the frame is on screen
        return False

    def _guard(self) -> None:
        self._root.setProperty(PENDING, False)
        guard_boxes(self._root)
        self.deleteLater()


def guard_boxes_on_screen(root: QWidget) -> None:
    """Guard the boxes under `root` (a page being shown) now if its window is on screen,
    else just after the window's first frame."""
    handle = root.window().windowHandle()
    if handle is None or handle.isExposed():
        guard_boxes(root)
    elif not root.property(PENDING):
        root.setProperty(PENDING, True)
        _AfterFirstPaint(root)


def guard_boxes(root: QWidget) -> None:
    """Guard every combo box and spin box under `root` (those already guarded are skipped)."""
    for kind in (QComboBox, QAbstractSpinBox):
        for box in root.findChildren(kind):
            guard(box)

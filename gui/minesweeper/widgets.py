"""The small widgets the minesweeper page is built of: its buttons, the stack of mode
panels, and the replay's seek bar with a tick at every action."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from PySide6.QtCore import QLineF, QSize, Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QPushButton,
    QSizePolicy,
    QSlider,
    QStackedWidget,
    QStyle,
    QStyleOptionSlider,
    QToolButton,
)


def button(text: str, tip: str, slot, checkable: bool = False) -> QPushButton:
    made = QPushButton(text)
    made.setToolTip(tip)
    made.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    made.setCheckable(checkable)
    if not checkable:
        made.clicked.connect(slot)
    return made


def transport_button(text: str, tip: str, slot) -> QToolButton:
    made = QToolButton()
    made.setText(text)
    made.setToolTip(tip)
    made.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    made.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    made.clicked.connect(slot)
    return made


def odds_box(name: str, seen: str) -> QCheckBox:
    box = QCheckBox("Mine probabilities (P)")
    box.setObjectName(name)
    box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    box.setToolTip(
        f"On each covered cell, its chance of hiding a mine from {seen} (the numbers opened and the mine count), "
        "as Metasweeper works it out"
    )
    return box


class CurrentPageStack(QStackedWidget):
    """A stack as large as the page it shows, not as its largest page."""

    def sizeHint(self) -> QSize:
        current = self.currentWidget()
        return current.sizeHint() if current is not None else super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        current = self.currentWidget()
        return current.minimumSizeHint() if current is not None else super().minimumSizeHint()


def tick_columns(times: Sequence[int], low: int, high: int, span: int, left: float) -> set[int]:
    """The pixel columns of a slider's ticks at `times` (in order), as placing each with
    QStyle.sliderPositionFromValue would find them, at a cost per column rather than per
    time: a game of 100,000 actions has a few hundred columns."""
    columns: set[int] = set()
    place = QStyle.sliderPositionFromValue
    i, end = bisect_left(times, low), bisect_right(times, high)
    while i < end:
        at = place(low, high, times[i], span)
        columns.add(int(left + at))
        # The first value placed further right (a place never goes left as the value grows).
        before, after = times[i], high + 1
        while after - before > 1:
            middle = (before + after) // 2
            if place(low, high, middle, span) > at:
                after = middle
            else:
                before = middle
        i = bisect_left(times, after, i + 1, end)
    return columns


class SeekBar(QSlider):
    """The replay bar: a click anywhere jumps there (a plain slider only pages towards
    the click), and a tick under the groove marks the moment of every event."""

    def __init__(self) -> None:
        super().__init__(Qt.Orientation.Horizontal)
        self.times: Sequence[int] = []
        self._tick_key: tuple = ()
        self._ticks: list[QLineF] = []
        self.setMinimumHeight(self.sizeHint().height() + 6)

    def set_events(self, times: Sequence[int]) -> None:
        self.times = times
        self.update()

    def _groove(self):
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        style = self.style()
        groove = style.subControlRect(QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderGroove, self)
        handle = style.subControlRect(QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderHandle, self)
        return groove, handle

    def _value_at(self, x: float) -> int:
        groove, handle = self._groove()
        span = groove.width() - handle.width()
        pos = int(x - groove.x() - handle.width() / 2)
        return QStyle.sliderValueFromPosition(self.minimum(), self.maximum(), pos, max(span, 1))

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            _, handle = self._groove()
            if not handle.contains(event.position().toPoint()):
                self.setValue(self._value_at(event.position().x()))
        super().mousePressEvent(event)

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if not self.times or self.maximum() <= self.minimum():
            return
        groove, handle = self._groove()
        span = max(groove.width() - handle.width(), 1)
        left = groove.x() + handle.width() / 2
        # One tick per pixel column at most: a long game has more events than pixels. The
        # columns are worked out once per game and bar size, not on every frame.
        key = (id(self.times), len(self.times), self.minimum(), self.maximum(), span, left, self.height())
        if key != self._tick_key:
            self._tick_key = key
            y = self.height() - 1
            self._ticks = [
                QLineF(x, y - 3, x, y) for x in tick_columns(self.times, self.minimum(), self.maximum(), span, left)
            ]
        painter = QPainter(self)
        painter.setPen(self.palette().color(QPalette.ColorRole.Mid))
        painter.drawLines(self._ticks)
        painter.end()

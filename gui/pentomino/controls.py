"""Small pieces the pentomino panel's parts share: a button that gives the keys back to the
board, and a part of the panel laid out as the panel itself is."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from ..page import heading


def button(text: str, tip: str, slot: Callable[[], object], then: Callable[[], object]) -> QPushButton:
    """A push button that never takes the keyboard focus: `slot` on a click, then `then`
    (the board takes the keys again, so R, F and the arrows act on it)."""
    made = QPushButton(text)
    made.setToolTip(tip)
    made.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    made.clicked.connect(lambda _=False: (slot(), then()))
    return made


SPACING = 4  # pixels between the controls of a part: the Solver and Completions fit a 1120x840 window


class Section(QWidget):
    """A part of the tool panel: its controls one under another with no margin of its own,
    so the panel reads as one column whichever part a control belongs to."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(0, 0, 0, 0)
        self.column.setSpacing(SPACING)

    def add_heading(self, text: str) -> QLabel:
        label = heading(text)
        self.column.addWidget(label)
        return label

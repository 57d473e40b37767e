"""The Digits and marks panel: the Set/Solve switch, the digit pad, and the rows of the
mode in use (Set's mark modes and pencil-mark buttons, or Solve's tools)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QPushButton,
    QRadioButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from slugboard.codecs.sudoku.model import DIGITS

from ..page import heading

if TYPE_CHECKING:
    from .page import SudokuPage


def _button(text: str, tip: str, slot) -> QPushButton:
    button = QPushButton(text)
    button.setToolTip(tip)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    button.clicked.connect(slot)
    return button


class DigitsPanel:
    """Its heading and widgets go at the end of the page's panel when it is made; the page
    switches the mode (`set_solving`) and the digits a board's size shows (`show_size`)."""

    def __init__(self, page: SudokuPage) -> None:
        self._page = page
        layout = page.tool_layout
        switch_row = QHBoxLayout()
        switch_row.addWidget(heading("Digits and marks"), 1)
        self.mode_switch = QButtonGroup(page)
        self.switch_buttons: dict[str, QPushButton] = {}
        for on, label, tip in (
            (False, "Set", "Set the puzzle: digits typed are givens"),
            (True, "Solve", "Solve the puzzle: the givens are locked, and your digits, marks and colours are yours"),
        ):
            button = _button(label, tip, lambda _=False, o=on: page.set_solving(o))
            button.setCheckable(True)
            button.setMinimumWidth(44)
            # As tall as the heading beside it, near enough: the panel keeps the height it had.
            button.setFixedHeight(button.fontMetrics().height() + 3)
            self.mode_switch.addButton(button)
            switch_row.addWidget(button)
            self.switch_buttons[label.lower()] = button
        self.switch_buttons["set"].setChecked(True)
        layout.addLayout(switch_row)
        pad = QGridLayout()
        pad.setHorizontalSpacing(2)
        self.digit_buttons = []
        for digit in range(1, 17):
            key = DIGITS[digit - 1] if digit < 10 else f"1 then {digit - 10}, or {DIGITS[digit - 1]}"
            tip = f"Put {digit} in the selected cell (key {key})"
            button = _button(str(digit), tip, lambda _=False, d=digit: page._type_selected(d))
            button.setMinimumWidth(22)  # nine in a row fit the panel's 240 px
            pad.addWidget(button, (digit - 1) // 9, (digit - 1) % 9)
            self.digit_buttons.append(button)
        erase = _button("Erase", "Clear the selected cell (Delete, Backspace or 0)", lambda: page._type_selected(0))
        erase.setMinimumWidth(30)
        self.erase_button = erase
        pad.addWidget(erase, 1, 7, 1, 2)
        layout.addLayout(pad)

        # Set's rows and Solve's share one place: only the mode's own are shown.
        self.mode_stack = QStackedWidget()
        self.mode_stack.addWidget(self._set_controls())
        self.mode_stack.addWidget(page.solve.controls)
        layout.addWidget(self.mode_stack)

    def _set_controls(self) -> QWidget:
        """Set's rows: what typed digits do, and the pencil marks filled or cleared."""
        page = self._page
        set_controls = QWidget()
        set_layout = QVBoxLayout(set_controls)
        set_layout.setContentsMargins(0, 0, 0, 0)
        set_layout.setSpacing(4)
        modes = QHBoxLayout()
        self.mode_group = QButtonGroup(page)
        self.mode_buttons: dict[str, QRadioButton] = {}
        for mode, label, tip in (
            ("digit", "Digit", "Digits typed go in the cell"),
            ("centre", "Centre", "Digits typed toggle centre marks (or hold Ctrl)"),
            ("corner", "Corner", "Digits typed toggle corner marks (or hold Shift)"),
        ):
            button = QRadioButton(label)
            button.setToolTip(
                f"{tip}; M switches mode. Pencil marks are kept with the board and in undo, "
                "but a link carries only the digits."
            )
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.toggled.connect(lambda on, m=mode: self._mode_chosen(on, m))
            self.mode_group.addButton(button)
            modes.addWidget(button)
            self.mode_buttons[mode] = button
        self.mode_buttons["digit"].setChecked(True)
        page.canvas.mode_changed.connect(lambda m: self.mode_buttons[m].setChecked(True))
        set_layout.addLayout(modes)
        marks_row = QHBoxLayout()
        tip = "Put every digit each empty cell can still take in its centre marks"
        marks_row.addWidget(_button("Fill candidates", tip, page._fill_candidates))
        marks_row.addWidget(
            _button("Clear marks", "Remove every pencil mark (undo brings them back)", self._clear_marks)
        )
        set_layout.addLayout(marks_row)
        set_layout.addStretch(1)
        return set_controls

    def _mode_chosen(self, on: bool, mode: str) -> None:
        if on:
            self._page.canvas.set_mode(mode)

    def _clear_marks(self) -> None:
        board = self._page.board
        self._page.set_board(board.with_marks((0,) * len(board.cells), (0,) * len(board.cells)), "Clear pencil marks")

    def show_size(self, size: int) -> None:
        for digit, button in enumerate(self.digit_buttons, 1):
            button.setVisible(digit <= size)

"""The game's page: the canvas, the tool panel and the edits they make."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QCheckBox, QGridLayout, QLabel, QPushButton

from slugboard.codecs import sudoku

from ..page import GamePage
from ..theme import readable
from ..worker import LatestOnly
from .canvas import SudokuCanvas
from .paint import STATUS_COLOURS


class SudokuPage(GamePage):
    # The keys of this game's page, for Help > Keyboard shortcuts (a test checks that every
    # shortcut the page binds is listed here).
    KEYS = (
        ("Arrow keys", "Move the selected cell"),
        ("1-9", "Give the digit in the selected cell"),
        ("0, Delete, Backspace", "Empty the selected cell"),
        ("Ctrl+L", "Show or hide the solution"),
    )
    canvas: SudokuCanvas
    GAME = sudoku.NAME

    def __init__(self, settings=None, parent=None):
        super().__init__(settings, parent)
        self._count: int | None = None
        self._solution: sudoku.Board | None = None
        self._query = LatestOnly(self)
        self._query.finished.connect(self._analysed)

        canvas = SudokuCanvas()
        canvas.digit_typed.connect(self._type_digit)
        self.set_canvas(canvas)

        self.add_heading("Puzzle")
        self.status_label = QLabel()
        self.status_label.setObjectName("solutionStatus")
        status_font = self.status_label.font()
        status_font.setPointSizeF(status_font.pointSizeF() * 1.4)
        status_font.setBold(True)
        self.status_label.setFont(status_font)
        self.status_label.setToolTip("Number of solutions of the givens: none, exactly one, or two or more")
        self.tool_layout.addWidget(self.status_label)
        self.givens_label = QLabel()
        self.tool_layout.addWidget(self.givens_label)
        self.typed_label = QLabel()  # kept in its place when empty, so nothing below moves
        self.typed_label.setObjectName("typedLegend")
        self.typed_label.setWordWrap(True)
        self.typed_label.setFixedHeight(2 * self.typed_label.fontMetrics().lineSpacing() + 2)
        self.tool_layout.addWidget(self.typed_label)

        self.add_heading("Digits")
        pad = QGridLayout()
        self.digit_buttons = []
        for digit in range(1, 10):
            button = QPushButton(str(digit))
            button.setToolTip(f"Put {digit} in the selected cell (key {digit})")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setMinimumWidth(40)
            button.clicked.connect(lambda _=False, d=digit: self._type_selected(d))
            pad.addWidget(button, (digit - 1) // 3, (digit - 1) % 3)
            self.digit_buttons.append(button)
        erase = QPushButton("Erase")
        erase.setToolTip("Clear the selected cell (Delete, Backspace or 0)")
        erase.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        erase.clicked.connect(lambda: self._type_selected(0))
        pad.addWidget(erase, 3, 0, 1, 3)
        self.tool_layout.addLayout(pad)

        self.add_heading("Tools")
        self.show_solution = QCheckBox("Show solution")
        self.show_solution.setToolTip("Show the solution in blue without turning it into givens (Ctrl+L)")
        self.show_solution.toggled.connect(self._solution_toggled)
        QShortcut(QKeySequence("Ctrl+L"), self, self.show_solution.toggle)
        self.tool_layout.addWidget(self.show_solution)
        clear = QPushButton("Clear board")
        clear.setToolTip("Remove every given (undo brings them back)")
        clear.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        clear.clicked.connect(self._clear)
        self.tool_layout.addWidget(clear)

        self.add_heading("Problems")
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        self.tool_layout.addWidget(self.problems_label)
        self.board_shown(self.board)

    # --- editing -----------------------------------------------------------------
    def paste_board(self, board) -> None:
        """Open a board from a link: its givens are the originals, and digits typed from
        now on are drawn in their own colour."""
        self.canvas.originals = board
        super().paste_board(board)

    def _clear(self) -> None:
        self.canvas.originals = None
        if not self.set_board(sudoku.Board(), "Clear board"):
            self.board_shown(self.board)

    def _solution_toggled(self, on: bool) -> None:
        if on and self._count == 0:
            self.show_status(
                "This puzzle has no solution, so there is none to show: check the red digits or the problems"
            )
        elif on and self._count is None:
            self.show_status("Still counting the solutions: the solution shows as soon as it is known")
        self._refresh_canvas()

    def _type_selected(self, digit: int) -> None:
        if self.canvas.selected is not None:
            self._type_digit(*self.canvas.selected, digit)
        self.canvas.setFocus()

    def _type_digit(self, row: int, col: int, digit: int) -> None:
        what = f"Set r{row + 1}c{col + 1} to {digit}" if digit else f"Clear r{row + 1}c{col + 1}"
        self.set_board(self.board.with_digit(row, col, digit), what)

    # --- showing -----------------------------------------------------------------
    def board_shown(self, board: sudoku.Board) -> None:
        self.canvas.board = board
        originals = self.canvas.originals
        typed = originals is not None and any(
            board.get(r, c) and board.get(r, c) != originals.get(r, c) for r in range(9) for c in range(9)
        )
        colour = readable("#00796b", self.palette())
        self.typed_label.setText(
            f"<span style='color:{colour}'>Digits you typed</span> differ in colour from the link's own givens."
            if typed
            else ""
        )
        self._count = None
        self._solution = None
        self.givens_label.setText(f"{board.givens} givens")
        problems = sudoku.problems(board)
        self.problems_label.setText("<br>".join(p.message for p in problems) or "None")
        if any(p.is_error for p in problems):
            self._query.cancel()  # an answer for an earlier board must not arrive now
            self._analysed((0, None))  # repeated digits: no solution, nothing to search
        else:
            self.status_label.setText("checking…")
            self.status_label.setStyleSheet("")
            self._query.submit(sudoku.analyse, board)
        self._refresh_canvas()

    def _analysed(self, result) -> None:
        if isinstance(result, Exception):
            self.status_label.setText("check failed")
            self.show_status(f"Solution count failed: {result}")
            return
        self._count, self._solution = result
        self.status_label.setText(sudoku.solution_label(self._count))
        if self._count == 0 and self.problems_label.text() == "None":
            # Nothing repeats, yet no solution: say so where the problems are.
            self.problems_label.setText(
                "No solution: no two givens clash, but together they leave some cell or digit with no place"
            )
        self.show_solution.setToolTip(
            "The puzzle has no solution to show"
            if self._count == 0
            else "Show the solution in blue without turning it into givens (Ctrl+L)"
        )
        colour = readable(STATUS_COLOURS[min(self._count, 2)], self.palette())
        self.status_label.setStyleSheet(f"color: {colour}")
        self._refresh_canvas()

    def shutdown(self) -> None:
        self._query.shutdown()

    @property
    def solution_count(self) -> int | None:
        """Solutions of the current board (2 = two or more); None while counting."""
        return self._count

    def _refresh_canvas(self) -> None:
        self.canvas.solution = self._solution if self.show_solution.isChecked() else None
        self.canvas.update()

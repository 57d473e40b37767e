"""The game's page: the canvas, the tool panel and the edits they make."""

from __future__ import annotations

import functools
import re

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
)

from slugboard.codecs import sudoku
from slugboard.codecs.sudoku import formats, logic
from slugboard.codecs.sudoku.generate import SYMMETRIES, generate
from slugboard.codecs.wording import plural

from ..page import GamePage, html_lines, set_text_colour
from ..theme import readable
from ..worker import LatestOnly, why
from .canvas import SudokuCanvas
from .paint import STATUS_COLOURS

HINT_LINES = 5  # the room a hint keeps: 97% of hints fit it, a long chain scrolls


class _Progress(QObject):
    """Carries the generator's progress from the worker thread to the panel."""

    moved = Signal(float)


def _breakable(text: str) -> str:
    """`text` with a place to wrap after every link of a chain: "7r2c6=4r2c6-4r2c1=..." is
    one word to Qt, wider than the panel, and would widen it."""
    return re.sub(r"([=-])(?=\S)", "\\1\u200b", text)


class SudokuPage(GamePage):
    # The keys of this game's page, for Help > Keyboard shortcuts (a test checks that every
    # shortcut the page binds is listed here).
    KEYS = (
        ("Arrow keys", "Move the selected cell"),
        ("1-9", "Give the digit in the selected cell (in Centre or Corner mode: a pencil mark)"),
        ("0, Delete, Backspace", "Empty the selected cell"),
        ("Ctrl+1-9", "Centre pencil mark"),
        ("Shift+1-9", "Corner pencil mark"),
        ("M", "Switch between digits, centre marks and corner marks"),
        ("H", "Show the next logical step; press again to apply it"),
        ("Ctrl+L", "Show or hide the solution"),
    )
    canvas: SudokuCanvas
    GAME = sudoku.NAME

    def __init__(self, settings=None, parent=None, board=None):
        super().__init__(settings, parent, board)
        self._count: int | None = None
        self._solution: sudoku.Board | None = None
        self._query = LatestOnly(self)
        self._query.finished.connect(self._analysed)
        self._hint: logic.Step | None = None
        self._hint_board: sudoku.Board | None = None

        canvas = SudokuCanvas()
        canvas.digit_typed.connect(self._type_digit)
        canvas.mark_typed.connect(self._toggle_mark)
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

        self.add_heading("Pencil marks")
        modes = QHBoxLayout()
        self.mode_group = QButtonGroup(self)
        self.mode_buttons: dict[str, QRadioButton] = {}
        for mode, label, tip in (
            ("digit", "Digit", "Digits typed go in the cell"),
            ("centre", "Centre", "Digits typed toggle centre marks (or hold Ctrl)"),
            ("corner", "Corner", "Digits typed toggle corner marks (or hold Shift)"),
        ):
            button = QRadioButton(label)
            button.setToolTip(f"{tip}; M switches mode")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.toggled.connect(lambda on, m=mode: on and self.canvas.set_mode(m))
            self.mode_group.addButton(button)
            modes.addWidget(button)
            self.mode_buttons[mode] = button
        self.mode_buttons["digit"].setChecked(True)
        canvas.mode_changed.connect(lambda m: self.mode_buttons[m].setChecked(True))
        self.tool_layout.addLayout(modes)
        marks_row = QHBoxLayout()
        fill = QPushButton("Fill candidates")
        fill.setToolTip("Put every digit each empty cell can still take in its centre marks")
        fill.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        fill.clicked.connect(self._fill_candidates)
        marks_row.addWidget(fill)
        clear_marks = QPushButton("Clear marks")
        clear_marks.setToolTip("Remove every pencil mark (undo brings them back)")
        clear_marks.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        clear_marks.clicked.connect(
            lambda: self.set_board(self.board.with_marks((0,) * 81, (0,) * 81), "Clear pencil marks")
        )
        marks_row.addWidget(clear_marks)
        self.tool_layout.addLayout(marks_row)
        marks_note = QLabel("Pencil marks are kept with the board and in undo, but a link carries only the digits.")
        marks_note.setWordWrap(True)
        self.tool_layout.addWidget(marks_note)

        self.add_heading("Hint")
        self.hint_button = QPushButton("Hint (H)")
        self.hint_button.setToolTip("Show the next logical step; press again to apply it")
        self.hint_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hint_button.clicked.connect(self.hint_pressed)
        hint_key = QShortcut(QKeySequence("H"), self, self.hint_pressed)
        hint_key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.tool_layout.addWidget(self.hint_button)
        self.hint_label = QLabel()
        self.hint_label.setObjectName("hintText")
        self.hint_label.setWordWrap(True)
        self.hint_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # The hint keeps five lines of room whatever it says, so the tools below never move
        # under the pointer; a longer hint (a long chain) scrolls within its room.
        self.hint_area = QScrollArea()
        self.hint_area.setObjectName("hintArea")
        self.hint_area.setFrameShape(QFrame.Shape.NoFrame)
        self.hint_area.setWidgetResizable(True)
        self.hint_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.hint_area.setWidget(self.hint_label)
        self.hint_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay on the board
        self.hint_area.setFixedHeight(self.hint_label.fontMetrics().lineSpacing() * HINT_LINES + 4)
        self.tool_layout.addWidget(self.hint_area)

        self.add_heading("Tools")
        self.show_solution = QCheckBox("Show solution")
        self.show_solution.setToolTip("Show the solution in blue without turning it into givens (Ctrl+L)")
        self.show_solution.toggled.connect(self._refresh_canvas)
        QShortcut(QKeySequence("Ctrl+L"), self, self.show_solution.toggle)
        self.tool_layout.addWidget(self.show_solution)
        self.solution_note = QLabel()
        self.solution_note.setObjectName("solutionNote")
        self.solution_note.setWordWrap(True)
        self.solution_note.setMinimumHeight(self.solution_note.fontMetrics().lineSpacing() * 2)
        self.solution_note.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.tool_layout.addWidget(self.solution_note)
        copies = QHBoxLayout()
        for text, tip, slot in (
            ("Copy grid", "Put the puzzle on the clipboard as the 81-character string", self.copy_grid),
            (
                "Copy candidates",
                "Put the candidate grid (HoDoKu, Sudoku Explainer) on the clipboard, with your centre marks",
                self.copy_candidates,
            ),
        ):
            button = QPushButton(text)
            button.setToolTip(tip)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(slot)
            copies.addWidget(button)
        self.tool_layout.addLayout(copies)
        clear = QPushButton("Clear board")
        clear.setToolTip("Remove every given (undo brings them back)")
        clear.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        clear.clicked.connect(lambda: self.set_board(sudoku.Board(), "Clear board"))
        self.tool_layout.addWidget(clear)

        self.add_heading("New puzzle")
        new_grid = QGridLayout()
        self.symmetry_box = QComboBox()
        self.symmetry_box.addItems([s.title() for s in SYMMETRIES])
        self.symmetry_box.setCurrentIndex(SYMMETRIES.index("rotational"))
        self.symmetry_box.setToolTip("Which cells are given together: none, 180° turn, main diagonal or left-right")
        new_grid.addWidget(QLabel("Symmetry"), 0, 0)
        new_grid.addWidget(self.symmetry_box, 0, 1)
        self.givens_box = QSpinBox()
        self.givens_box.setRange(0, 81)
        self.givens_box.setSpecialValueText("any")
        self.givens_box.setToolTip("At most this many givens (17 or more); 'any' takes what the carving leaves")
        new_grid.addWidget(QLabel("Givens"), 1, 0)
        new_grid.addWidget(self.givens_box, 1, 1)
        self.rating_box = QComboBox()
        self.RATINGS = (("Any", None), ("Easy (up to 2.3)", (0.0, 2.3)), ("Medium (2.4-4.0)", (2.4, 4.0)),
                        ("Hard (4.1-7.0)", (4.1, 7.0)))  # fmt: skip
        self.rating_box.addItems([name for name, _ in self.RATINGS])
        self.rating_box.setToolTip("The hardest technique the puzzle needs, on the rating scale of Hint")
        new_grid.addWidget(QLabel("Rating"), 2, 0)
        new_grid.addWidget(self.rating_box, 2, 1)
        self.tool_layout.addLayout(new_grid)
        self.new_button = QPushButton("Make puzzle")
        self.new_button.setToolTip("Make a new puzzle with one solution in the background (press again to cancel)")
        self.new_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.new_button.clicked.connect(self.new_puzzle)
        self.tool_layout.addWidget(self.new_button)
        self.new_progress = QProgressBar()
        self.new_progress.setRange(0, 1000)
        self.new_progress.setTextVisible(False)
        self.new_progress.setFixedHeight(8)
        self.new_progress.setToolTip("How many of the grids it may try have been tried")
        keep = self.new_progress.sizePolicy()
        keep.setRetainSizeWhenHidden(True)  # its room is kept: nothing below moves when it shows
        self.new_progress.setSizePolicy(keep)
        self.new_progress.hide()
        self.tool_layout.addWidget(self.new_progress)
        self._made_progress = _Progress(self)
        self._made_progress.moved.connect(lambda f: self.new_progress.setValue(round(f * 1000)))
        self.new_status = QLabel()
        self.new_status.setWordWrap(True)
        self.new_status.setMinimumHeight(self.new_status.fontMetrics().lineSpacing() * 2)
        self.tool_layout.addWidget(self.new_status)
        # Made in a helper process: a search of seconds on a thread of this one would slow
        # the window meanwhile.
        self._maker = LatestOnly(self, apart=(generate.__module__,))
        self._maker.finished.connect(self._made)

        self.add_heading("Problems")
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        self.tool_layout.addWidget(self.problems_label)
        self.board_shown(self.board)

    # --- editing -----------------------------------------------------------------
    def _type_selected(self, digit: int) -> None:
        if self.canvas.selected is not None:
            if digit and self.canvas.mode != "digit":
                self._toggle_mark(*self.canvas.selected, digit, self.canvas.mode)
            else:
                self._type_digit(*self.canvas.selected, digit)
        self.canvas.setFocus()

    def _type_digit(self, row: int, col: int, digit: int) -> None:
        what = f"Set r{row + 1}c{col + 1} to {digit}" if digit else f"Clear r{row + 1}c{col + 1}"
        self.set_board(self.board.with_digit(row, col, digit, typed=True), what)

    def _toggle_mark(self, row: int, col: int, digit: int, kind: str) -> None:
        if self.board.get(row, col):
            self.show_status(f"r{row + 1}c{col + 1} holds a digit: pencil marks go in empty cells")
            return
        self.set_board(
            self.board.toggle_mark(row, col, digit, kind), f"{kind.title()} mark {digit} in r{row + 1}c{col + 1}"
        )

    def _fill_candidates(self) -> None:
        self.set_board(self.board.with_marks(logic.candidates(self.board)), "Fill candidates")
        self.canvas.setFocus()

    def hint_pressed(self) -> None:
        """First press: show the next step; a second press on the same board applies it."""
        if self._hint is not None and self._hint_board == self.board:
            shown = self._hint
            self.set_board(logic.apply_to_marks(self.board, shown), f"Hint: {shown.technique}")
            return
        step = logic.next_step(self.board, logic.candidates_with_marks(self.board))
        if step is None:
            self._set_hint(None, sudoku.hint(self.board.plain())["explanation"])
            return
        explanation = _breakable(step.explanation)
        self._set_hint(step, f"<b>{step.technique}</b> ({step.rating}): {explanation}<br>Press H again to apply it.")

    def _set_hint(self, step: logic.Step | None, text: str) -> None:
        self._hint = step
        self._hint_board = self.board if step is not None else None
        self.canvas.hint = step
        self.hint_label.setText(text)
        self.hint_area.verticalScrollBar().setValue(0)  # a new hint is read from its start
        self.canvas.update()

    # --- showing -----------------------------------------------------------------
    def board_shown(self, board: sudoku.Board) -> None:
        self.canvas.board = board
        self._count = None
        self._solution = None
        if self._hint_board is not None and self._hint_board != board:
            self._set_hint(None, "")
        if self._maker.busy:
            # Any board shown meanwhile (an edit, a paste, an undo or redo, even back to the
            # last puzzle made) stops the puzzle being made; the new puzzle is shown only once
            # its work is over, so it stops nothing.
            self._maker.cancel()
            self._generating(False, "Cancelled: the board changed.")
        self.givens_label.setText(plural(board.givens, "given"))
        problems = sudoku.problems(board)
        self.problems_label.setText(html_lines(p.message for p in problems) or "None")
        if any(p.is_error for p in problems):
            self._query.cancel()  # an answer for an earlier board must not arrive now
            self._analysed((0, None))  # repeated digits: no solution, nothing to search
        else:
            self.status_label.setText("checking…")
            set_text_colour(self.status_label, None)
            self._query.submit(sudoku.analyse, board)
        self._refresh_canvas()

    def _analysed(self, result) -> None:
        if isinstance(result, Exception):
            self.status_label.setText("check failed")
            self.show_status(f"Solution count failed: {why(result)}")
            return
        self._count, self._solution = result
        self.status_label.setText(sudoku.solution_label(self._count))
        colour = readable(STATUS_COLOURS[min(self._count, 2)], self.palette())
        set_text_colour(self.status_label, colour)
        if self._count == 0 and not sudoku.problems(self.board):
            # The panel must not say "no solution" above "Problems: None".
            self.problems_label.setText("No digit repeats, but the givens leave no way to fill the grid.")
        self._refresh_canvas()

    def new_puzzle(self) -> None:
        """Start making a puzzle with the panel's choices, or cancel the one being made."""
        if self._maker.busy:
            self._maker.cancel()
            self._generating(False, "Cancelled.")
            return
        symmetry = SYMMETRIES[self.symmetry_box.currentIndex()]
        givens = self.givens_box.value() or None
        if givens is not None and givens < 17:
            self._generating(False, "A puzzle with one solution needs at least 17 givens.")
            return
        rating = self.RATINGS[self.rating_box.currentIndex()][1]

        make = functools.partial(generate, givens=givens, symmetry=symmetry, rating=rating)
        self._maker.submit(make, progress=self._made_progress.moved.emit)
        self._generating(True, "Making a puzzle…")

    def _generating(self, busy: bool, text: str) -> None:
        self.new_button.setText("Cancel" if busy else "Make puzzle")
        self.new_progress.setValue(0)
        self.new_progress.setVisible(busy)
        self.new_status.setText(text)

    def _made(self, result) -> None:
        if isinstance(result, Exception):
            self._generating(False, why(result).capitalize() + ".")
            return
        self._generating(False, f"New puzzle: {result.givens} givens.")
        self.set_board(result, "New puzzle")

    def export_state(self) -> dict:
        return {"hint": self._hint}

    def copy_grid(self) -> None:
        QGuiApplication.clipboard().setText(formats.write_string(self.board))
        self.show_status("Copied the puzzle as an 81-character grid")

    def copy_candidates(self) -> None:
        QGuiApplication.clipboard().setText(formats.write_candidate_grid(self.board))
        self.show_status("Copied the candidate grid")

    def shutdown(self) -> None:
        self._query.shutdown()
        self._maker.shutdown()

    @property
    def solution_count(self) -> int | None:
        """Solutions of the current board (2 = two or more); None while counting."""
        return self._count

    def _refresh_canvas(self) -> None:
        showing = self.show_solution.isChecked()
        self.canvas.solution = self._solution if showing else None
        note = ""
        if showing and self._count == 0:
            repeats = any(p.is_error for p in sudoku.problems(self.board))
            why = "a digit repeats in a row, column or box" if repeats else "the givens leave no way to fill the grid"
            note = f"No solution to show: {why}."
        elif showing and self._count is None:
            note = "Finding the solution…"
        elif showing and self._count == 2:
            note = "One of several solutions is shown."
        self.solution_note.setText(note)
        self.canvas.update()

"""The game's page: the canvas and the tool panel, composed of the parts that hold their
own state (each in its own module):

    PuzzleStatus    status.py       the Puzzle panel: the solution count, givens and rating, a variant's facts
    DigitsPanel     entry.py        the Set/Solve switch, the digit pad and the mode's own rows
    SolveMode       solve.py        solving: the solver's digits, marks, colours and clock
    CopyRow         copies.py       Copy as… (a grid or another site's link) and Clear board
    PuzzleMaker     maker.py        the New puzzle panel, made in a helper process

The page keeps the count of solutions and the facts of the board shown (asked of a helper
as the board changes), the hint, and the names of the widgets its parts show (the surface
the window's actions and the tests use); it tells each part when the board changes."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
)

from slugboard.codecs import sudoku
from slugboard.codecs.sudoku import facts
from slugboard.codecs.wording import plural

from ..lines import lines_height
from ..page import GamePage, set_text_colour
from ..theme import readable
from ..worker import LatestOnly, why
from .canvas import SudokuCanvas
from .copies import CopyRow
from .entry import DigitsPanel
from .maker import PuzzleMaker
from .paint import STATUS_COLOURS
from .solve import SolveMode
from .solve_page import SolvePagePart
from .status import PuzzleStatus

if TYPE_CHECKING:
    from slugboard.codecs.sudoku.logic import Step

HINT_LINES = 4  # the room a hint keeps: most hints fit it, a long chain scrolls


def _breakable(text: str) -> str:
    """`text` with a place to wrap after every link of a chain: "7r2c6=4r2c6-4r2c1=..." is
    one word to Qt, wider than the panel, and would widen it."""
    return re.sub(r"([=-])(?=\S)", "\\1\u200b", text)


class SudokuPage(SolvePagePart, GamePage):
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
        ("Z, X, C, V", "Solve: the digit, corner mark, centre mark and colour tools"),
        ("Space", "Solve: the next tool"),
        ("Ctrl+click, Shift+click, drag", "Solve: select more cells"),
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
        # A variant is counted by CP-SAT in a helper process: seconds of search on a thread
        # of this one would slow the window, and Stop ends it at once.
        self._variant_query = LatestOnly(self, apart=("slugboard.codecs.sudoku.cpsat",))
        self._variant_query.finished.connect(self._analysed)
        # A variant's hint looks at each constraint as a whole: seconds on a large puzzle.
        self.hint_query = LatestOnly(self, apart=("slugboard.codecs.sudoku.forced",))
        self.hint_query.finished.connect(self._variant_hint_found)
        self._facts: dict = {}
        self._counted: sudoku.Board = self.board  # the board whose solutions are counted
        self._hint: Step | None = None
        self._hint_board: sudoku.Board | None = None

        canvas = SudokuCanvas()
        canvas.digit_typed.connect(self._type_digit)
        canvas.mark_typed.connect(self._toggle_mark)
        self.solve = SolveMode(self)
        canvas.solve_typed.connect(self.solve.typed)
        canvas.solve_cleared.connect(self.solve.cleared)
        canvas.tool_asked.connect(self.solve.set_tool)
        canvas.next_tool_asked.connect(self.solve.next_tool)
        canvas.uncover_asked.connect(self.solve.toggle_pause)
        self._add_rules()
        self.set_canvas(canvas)

        self.puzzle_status = status = PuzzleStatus(self)
        self.status_label, self.stop_count = status.status_label, status.stop_count
        self.givens_label, self.variant_label = status.givens_label, status.variant_label
        self.digits = digits = DigitsPanel(self)
        self.mode_switch, self.switch_buttons, self.digit_buttons = (
            digits.mode_switch,
            digits.switch_buttons,
            digits.digit_buttons,
        )
        self.erase_button, self.mode_stack = digits.erase_button, digits.mode_stack
        self.mode_group, self.mode_buttons = digits.mode_group, digits.mode_buttons

        self.add_heading("Hint and solution")
        self.hint_button = QPushButton("Hint (H)")
        self.hint_button.setToolTip("Show the next logical step; press again to apply it")
        self.hint_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hint_button.clicked.connect(self.hint_pressed)
        hint_key = QShortcut(QKeySequence("H"), self, self.hint_pressed)
        hint_key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        hint_row = QHBoxLayout()
        hint_row.addWidget(self.hint_button)
        self.tool_layout.addLayout(hint_row)
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

        self.show_solution = QCheckBox("Show solution")
        self.show_solution.setToolTip("Show the solution in blue without turning it into givens (Ctrl+L)")
        self.show_solution.toggled.connect(self._refresh_canvas)
        QShortcut(QKeySequence("Ctrl+L"), self, self.show_solution.toggle)
        hint_row.addWidget(self.show_solution)
        self.solution_note = QLabel()
        self.solution_note.setObjectName("solutionNote")
        self.solution_note.setWordWrap(True)
        self.solution_note.setMinimumHeight(lines_height(self.solution_note, 2))
        self.solution_note.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.tool_layout.addWidget(self.solution_note)
        self.copies = copies = CopyRow(self)
        self.copy_button, self.copy_menu, self.copy_actions = copies.copy_button, copies.copy_menu, copies.copy_actions
        self.clear_button = copies.clear_button
        self.tool_layout.addLayout(copies)

        self.maker = maker = PuzzleMaker(self)
        self.symmetry_box, self.givens_box, self.rating_box = maker.symmetry_box, maker.givens_box, maker.rating_box
        self.new_button, self.minimal_box, self.cancel_button = maker.new_button, maker.minimal_box, maker.cancel_button
        self.new_progress, self.new_status = maker.new_progress, maker.new_status

        self.add_heading("Problems")
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        self.problems_label.setTextFormat(Qt.TextFormat.PlainText)  # messages hold text from the link
        self.tool_layout.addWidget(self.problems_label)
        self._choose_mode(self.board)
        self.board_shown(self.board)

    # --- editing -----------------------------------------------------------------
    def _type_selected(self, digit: int) -> None:
        if self.solve.on:
            if digit:
                self.solve.typed(self.solve.tool, digit)
            else:
                self.solve.cleared(self.solve.tool)
        elif self.canvas.selected is not None:
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

    def _clear_board(self) -> None:
        if self.solve.on:
            self.solve.restart()
            return
        board = self.board
        empty = (0,) * len(board.cells)
        self.set_board(sudoku.Board(empty, variant=board.variant), "Clear board")

    def _fill_candidates(self) -> None:
        from slugboard.codecs.sudoku import logic

        self.set_board(self.board.with_marks(logic.candidates(self.board)), "Fill candidates")
        self.canvas.setFocus()

    def hint_pressed(self) -> None:
        """First press: show the next step; a second press on the same board applies it."""
        from slugboard.codecs.sudoku import logic

        board = self.canvas.board if self.solve.on else self.board
        if self._hint is not None and self._hint_board == board:
            shown = self._hint
            if self.solve.on:
                self.solve.take_board(logic.apply_to_marks(board, shown), f"Hint: {shown.technique}")
            else:
                self.set_board(logic.apply_to_marks(board, shown), f"Hint: {shown.technique}")
            return
        if board.variant is not None:  # its constraints' own hint (see forced.py)
            self.variant_hint(board)
            return
        step = logic.next_step(board, logic.candidates_with_marks(board))
        if step is None:
            self._set_hint(None, sudoku.hint(board.plain())["explanation"])
            return
        explanation = _breakable(step.explanation)
        self._set_hint(step, f"<b>{step.technique}</b> ({step.rating}): {explanation}<br>Press H again to apply it.")

    def _set_hint(self, step: Step | None, text: str) -> None:
        self._hint = step
        self._hint_board = (self.canvas.board if self.solve.on else self.board) if step is not None else None
        self.canvas.hint = step
        self.hint_label.setText(text)
        self.hint_area.verticalScrollBar().setValue(0)  # a new hint is read from its start
        self.canvas.update()

    # --- showing -----------------------------------------------------------------
    def board_shown(self, board: sudoku.Board) -> None:
        drawn = opened = board
        if self.solve.on:
            drawn = self.solve.show_board(board)
            board = self.solve.puzzle or board  # the givens alone are counted and checked
        if self.canvas.board.size != board.size:
            self.canvas.selected = (0, 0)
            self.canvas.selection = [0]
        self.canvas.board = drawn
        self._show_solving()
        self._show_rules(board)
        self._count = None
        self._solution = None
        self._facts = {}
        if self._hint_board is not None and self._hint_board != drawn:
            self._set_hint(None, "")
        self.maker.board_shown(opened)
        self.digits.show_size(board.size)
        self.copies.board_shown(board)
        self.puzzle_status.show_variant(board)
        self.givens_label.setText(plural(board.givens, "given"))
        problems = sudoku.problems(board)
        self.problems_label.setText("\n".join(p.message for p in problems) or "None")
        self._query.cancel()  # an answer for an earlier board must not arrive now
        self._variant_query.cancel()
        self._counted = board
        if any(p.is_error for p in problems):
            self._analysed((0, None, {}))  # repeated digits: no solution, nothing to search
        else:
            self.status_label.setText("checking…")
            set_text_colour(self.status_label, None)
            if board.variant is not None:
                self._variant_query.submit(facts.panel_facts, board)
                self.stop_count.show()
            else:
                self._query.submit(facts.panel_facts, board)
        self._refresh_canvas()

    def _stop_counting(self) -> None:
        self._variant_query.cancel()
        self.stop_count.hide()
        self.status_label.setText("not counted")
        set_text_colour(self.status_label, None)
        self.show_status("Stopped counting the solutions.")

    def _analysed(self, result) -> None:
        self.stop_count.hide()
        if isinstance(result, Exception):
            self.status_label.setText("check failed")
            self.show_status(f"Solution count failed: {why(result)}")
            return
        count, self._solution, self._facts = result
        if count is None:
            self._count = None
            self.status_label.setText("not counted")
            set_text_colour(self.status_label, None)
            self.problems_label.setText(self._facts.get("not_counted", "").capitalize() + ".")
            self._refresh_canvas()
            self.solve.judge()
            return
        self._count = count
        self.status_label.setText(sudoku.solution_label(self._count))
        colour = readable(STATUS_COLOURS[min(self._count, 2)], self.palette())
        set_text_colour(self.status_label, colour)
        rating = self._facts.get("rating")
        if rating is not None:
            techniques = ", ".join(self._facts.get("techniques", {}))
            guess = "; needs guessing" if self._facts.get("needs_guessing") else ""
            self.givens_label.setText(f"{plural(self._counted.givens, 'given')}, rating {rating}{guess}: {techniques}")
        if self._count == 0 and not sudoku.problems(self._counted):
            # The panel must not say "no solution" above "Problems: None".
            self.problems_label.setText(
                "Nothing repeats or breaks a rule, but the givens leave no way to fill the grid."
            )
        self._refresh_canvas()
        self.solve.judge()  # a full grid waiting for the solution is judged now

    def new_puzzle(self) -> None:
        """Start making a puzzle with the panel's choices (one at a time)."""
        self.maker.new_puzzle()

    def cancel_new_puzzle(self) -> None:
        self.maker.cancel()

    def export_state(self) -> dict:
        return {"hint": self._hint}

    def copy_grid(self) -> None:
        self.copies.copy_grid()

    def copy_candidates(self) -> None:
        self.copies.copy_candidates()

    def copy_fpuzzles(self) -> None:
        self.copies.copy_fpuzzles()

    def shutdown(self) -> None:
        self.solve.shutdown()
        self._query.shutdown()
        self._variant_query.shutdown()
        self.hint_query.shutdown()
        self.maker.shutdown()

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
            why = "a digit repeats or a rule is broken" if repeats else "the givens leave no way to fill the grid"
            note = f"No solution to show: {why}."
        elif showing and self._count is None:
            note = "Finding the solution…"
        elif showing and self._count == 2:
            note = "One of several solutions is shown."
        if not note and self.solve.on:
            note = self.solve.controls.message
        self.solution_note.setText(note)
        self.canvas.update()

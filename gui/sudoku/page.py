"""The game's page: the canvas, the tool panel and the edits they make."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

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
    QMenu,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from slugboard.codecs import sudoku
from slugboard.codecs.sudoku import facts, formats
from slugboard.codecs.sudoku.model import DIGITS, SYMMETRIES
from slugboard.codecs.wording import plural

from ..lines import lines_height
from ..page import GamePage, heading, set_text_colour
from ..theme import readable
from ..worker import LatestOnly, why
from .canvas import SudokuCanvas
from .paint import STATUS_COLOURS
from .solve import SolveMode
from .solve_page import SolvePagePart

if TYPE_CHECKING:
    from slugboard.codecs.sudoku.logic import Step

HINT_LINES = 4  # the room a hint keeps: most hints fit it, a long chain scrolls


class _Progress(QObject):
    """Carries the generator's progress from the worker thread to the panel."""

    moved = Signal(float)


_NO_PLAYER_LINK = (
    "The Sudoku Player holds only a classic 9x9 with boxes and no constraints: copy the f-puzzles or SudokuPad link"
)


def _boxes(size: int) -> tuple[int, ...]:
    from slugboard.codecs.sudoku.variant import default_regions

    return default_regions(size)


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
        self._facts: dict = {}
        self._counted: sudoku.Board = self.board  # the board whose solutions are counted
        self._made_board: sudoku.Board | None = None
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

        self.add_heading("Puzzle")
        self.status_label = QLabel()
        self.status_label.setObjectName("solutionStatus")
        status_font = self.status_label.font()
        status_font.setPointSizeF(status_font.pointSizeF() * 1.4)
        status_font.setBold(True)
        self.status_label.setFont(status_font)
        self.status_label.setToolTip("Number of solutions of the givens: none, exactly one, or two or more")
        status_row = QHBoxLayout()
        status_row.addWidget(self.status_label, 1)
        self.stop_count = QPushButton("Stop")
        self.stop_count.setToolTip("Stop counting the solutions of this puzzle")
        self.stop_count.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.stop_count.setMinimumWidth(48)  # narrower than the style's least: the panel is 240 px
        self.stop_count.clicked.connect(self._stop_counting)
        keep = self.stop_count.sizePolicy()
        keep.setRetainSizeWhenHidden(True)  # its room is kept: nothing moves when it shows
        self.stop_count.setSizePolicy(keep)
        self.stop_count.hide()
        status_row.addWidget(self.stop_count)
        self.tool_layout.addLayout(status_row)
        self.givens_label = QLabel()
        self.givens_label.setObjectName("givensAndRating")
        self.givens_label.setWordWrap(True)
        self.givens_label.setTextFormat(Qt.TextFormat.PlainText)
        self.givens_label.setMinimumHeight(self.givens_label.fontMetrics().lineSpacing() * 2)
        self.givens_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.tool_layout.addWidget(self.givens_label)
        # A variant's title, setter, rules and constraints (text from the link: plain text).
        self.variant_label = QLabel()
        self.variant_label.setObjectName("variantFacts")
        self.variant_label.setWordWrap(True)
        self.variant_label.setTextFormat(Qt.TextFormat.PlainText)
        self.variant_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.variant_label.hide()
        self.tool_layout.addWidget(self.variant_label)

        switch_row = QHBoxLayout()
        switch_row.addWidget(heading("Digits and marks"), 1)
        self.mode_switch = QButtonGroup(self)
        self.switch_buttons: dict[str, QPushButton] = {}
        for on, label, tip in (
            (False, "Set", "Set the puzzle: digits typed are givens"),
            (True, "Solve", "Solve the puzzle: the givens are locked, and your digits, marks and colours are yours"),
        ):
            button = QPushButton(label)
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setMinimumWidth(44)
            # As tall as the heading beside it, near enough: the panel keeps the height it had.
            button.setFixedHeight(button.fontMetrics().height() + 3)
            button.setToolTip(tip)
            button.clicked.connect(lambda _=False, o=on: self.set_solving(o))
            self.mode_switch.addButton(button)
            switch_row.addWidget(button)
            self.switch_buttons[label.lower()] = button
        self.switch_buttons["set"].setChecked(True)
        self.tool_layout.addLayout(switch_row)
        pad = QGridLayout()
        pad.setHorizontalSpacing(2)
        self.digit_buttons = []
        for digit in range(1, 17):
            key = DIGITS[digit - 1]
            button = QPushButton(key)
            button.setToolTip(f"Put {digit} in the selected cell (key {key})")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setMinimumWidth(22)  # nine in a row fit the panel's 240 px
            button.clicked.connect(lambda _=False, d=digit: self._type_selected(d))
            pad.addWidget(button, (digit - 1) // 9, (digit - 1) % 9)
            self.digit_buttons.append(button)
        erase = QPushButton("Erase")
        erase.setToolTip("Clear the selected cell (Delete, Backspace or 0)")
        erase.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        erase.clicked.connect(lambda: self._type_selected(0))
        erase.setMinimumWidth(30)
        self.erase_button = erase
        pad.addWidget(erase, 1, 7, 1, 2)
        self.tool_layout.addLayout(pad)

        # Set's rows and Solve's share one place: only the mode's own are shown.
        self.mode_stack = QStackedWidget()
        set_controls = QWidget()
        set_layout = QVBoxLayout(set_controls)
        set_layout.setContentsMargins(0, 0, 0, 0)
        set_layout.setSpacing(4)
        modes = QHBoxLayout()
        self.mode_group = QButtonGroup(self)
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
            button.toggled.connect(lambda on, m=mode: on and self.canvas.set_mode(m))
            self.mode_group.addButton(button)
            modes.addWidget(button)
            self.mode_buttons[mode] = button
        self.mode_buttons["digit"].setChecked(True)
        canvas.mode_changed.connect(lambda m: self.mode_buttons[m].setChecked(True))
        set_layout.addLayout(modes)
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
            lambda: self.set_board(
                self.board.with_marks((0,) * len(self.board.cells), (0,) * len(self.board.cells)), "Clear pencil marks"
            )
        )
        marks_row.addWidget(clear_marks)
        set_layout.addLayout(marks_row)
        set_layout.addStretch(1)
        self.mode_stack.addWidget(set_controls)
        self.mode_stack.addWidget(self.solve.controls)
        self.tool_layout.addWidget(self.mode_stack)

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
        copies = QHBoxLayout()
        self.copy_button = QPushButton("Copy as…")
        self.copy_button.setToolTip("Put the puzzle on the clipboard as a grid or as another site's link")
        self.copy_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.copy_menu = QMenu(self.copy_button)
        self.copy_menu.setToolTipsVisible(True)
        self.copy_actions = {}
        for key, text, tip, slot in (
            ("grid", "Grid", "The digits row by row, '.' for an empty cell", self.copy_grid),
            ("candidates", "Candidate grid", "HoDoKu's and Sudoku Explainer's grid, with your centre marks",
             self.copy_candidates),
            ("fpuzzles", "f-puzzles link", "A link f-puzzles opens, with every constraint", self.copy_fpuzzles),
            ("progress", "f-puzzles link with progress", "The puzzle with your digits and pencil marks (Solve)",
             self.solve.copy_progress),
            ("sudokupad", "SudokuPad link", "A link SudokuPad opens (its f-puzzles form)", self.copy_sudokupad),
            ("player", "Sudoku Player link", "The Sudoku Player's link: a classic 9x9 only", self.copy_player),
        ):  # fmt: skip
            action = self.copy_menu.addAction(text, slot)
            action.setToolTip(tip)
            self.copy_actions[key] = action
        self.copy_button.setMenu(self.copy_menu)
        copies.addWidget(self.copy_button)
        clear = self.clear_button = QPushButton("Clear board")
        clear.setToolTip("Remove every given, keeping a variant's constraints (undo brings them back)")
        clear.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        clear.clicked.connect(self._clear_board)
        copies.addWidget(clear)
        self.tool_layout.addLayout(copies)

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
        make_row = QHBoxLayout()
        self.new_button = QPushButton("Make puzzle")
        self.new_button.setToolTip("Make a new puzzle with one solution in the background")
        self.new_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.new_button.clicked.connect(self.new_puzzle)
        make_row.addWidget(self.new_button, 1)
        self.minimal_box = QCheckBox("Minimal")
        self.minimal_box.setToolTip("Every given needed: taking any one away leaves more than one solution")
        self.minimal_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        make_row.addWidget(self.minimal_box)
        # Its own button, apart from Make puzzle: a click meant to cancel a puzzle that was
        # made just before it must not start another.
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop making the puzzle")
        self.cancel_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.cancel_button.setEnabled(False)
        self.cancel_button.setMinimumWidth(56)
        self.cancel_button.clicked.connect(self.cancel_new_puzzle)
        make_row.addWidget(self.cancel_button)
        self.tool_layout.addLayout(make_row)
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
        # A line of room: a longer message moves only the Problems text below, nothing to click.
        self.new_status.setMinimumHeight(self.new_status.fontMetrics().lineSpacing())
        self.tool_layout.addWidget(self.new_status)
        # Made in a helper process: a search of seconds on a thread of this one would slow
        # the window meanwhile.
        self._maker = LatestOnly(self, apart=("slugboard.codecs.sudoku.generate",))
        self._maker.finished.connect(self._made)

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
        if self._maker.busy:
            # Any board shown meanwhile (an edit, a paste, an undo or redo, even back to the
            # last puzzle made) stops the puzzle being made; the new puzzle is shown only once
            # its work is over, so it stops nothing.
            self._maker.cancel()
            self._generating(False, "Cancelled: the board changed.")
        elif opened is not self._made_board:
            self.new_status.setText("")  # "New puzzle: 28 givens" speaks of the puzzle made, not this one
        for digit, button in enumerate(self.digit_buttons, 1):
            button.setVisible(digit <= board.size)
        self._show_variant(board)
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

    def _show_variant(self, board: sudoku.Board) -> None:
        variant = board.variant
        player = self.copy_actions["player"]
        player.setEnabled(variant is None)
        player.setText("Sudoku Player link" if variant is None else "Sudoku Player link (classic 9x9 only)")
        player.setToolTip("The Sudoku Player's link" if variant is None else _NO_PLAYER_LINK)
        self.copy_actions["candidates"].setEnabled(variant is None)
        if variant is None:
            self.variant_label.hide()
            return
        lines = []
        if variant.title or variant.author:
            lines.append(" by ".join(t for t in (variant.title, variant.author) if t))
        kinds: dict[str, int] = {}
        for c in variant.constraints:
            if not c.kind.startswith("sudokupad-") and c.kind not in ("cage", "line", "rectangle", "circle", "text"):
                kinds[c.name] = kinds.get(c.name, 0) + 1
        size = f"{board.size}x{board.size}" + (", irregular regions" if variant.regions != _boxes(board.size) else "")
        listed = ", ".join(f"{name} ×{n}" if n > 1 else name for name, n in kinds.items())
        lines.append(f"{size}: {listed or 'no constraints'}")
        if variant.unknown:
            from slugboard.codecs.sudoku.variant import name_of

            lines.append("Not understood: " + ", ".join(name_of(u) for u in variant.unknown))
        self.variant_label.setText("\n".join(lines))
        from html import escape

        self.variant_label.setToolTip(escape(variant.rules[:2000]) if variant.rules else "")
        self.variant_label.show()

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
        if self._maker.busy:
            return
        symmetry = SYMMETRIES[self.symmetry_box.currentIndex()]
        givens = self.givens_box.value() or None
        if givens is not None and givens < 17:
            self._generating(False, "A puzzle with one solution needs at least 17 givens.")
            return
        rating = self.RATINGS[self.rating_box.currentIndex()][1]
        from slugboard.codecs.sudoku.generate import generate

        make = functools.partial(
            generate, givens=givens, symmetry=symmetry, rating=rating, minimal=self.minimal_box.isChecked()
        )
        self._maker.submit(make, progress=self._made_progress.moved.emit)
        self._generating(True, "Making a puzzle…")

    def cancel_new_puzzle(self) -> None:
        if self._maker.busy:
            self._maker.cancel()
            self._generating(False, "Cancelled.")

    def _generating(self, busy: bool, text: str) -> None:
        self.new_button.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)
        self.new_progress.setValue(0)
        self.new_progress.setVisible(busy)
        self.new_status.setText(text)
        # Said in the status bar too: File > New sudoku puzzle may start it with the panel
        # scrolled away from its bar.
        self.show_status(text)

    def _made(self, result) -> None:
        if isinstance(result, Exception):
            self._generating(False, why(result).capitalize() + ".")
            return
        self._made_board = result
        self._generating(False, f"New puzzle: {result.givens} givens.")
        self._opening(result, lambda: self.set_board(result, "New puzzle"))

    def export_state(self) -> dict:
        return {"hint": self._hint}

    def copy_grid(self) -> None:
        QGuiApplication.clipboard().setText(formats.write_string(self.board))
        count = len(self.board.cells)
        self.show_status(f"Copied the puzzle as a {count}-character grid")

    def copy_candidates(self) -> None:
        if self.board.variant is not None:
            self.show_status("A candidate grid holds a classic 9x9 only")
            return
        QGuiApplication.clipboard().setText(formats.write_candidate_grid(self.board))
        self.show_status("Copied the candidate grid")

    def copy_fpuzzles(self) -> None:
        from slugboard.codecs.sudoku import fpuzzles

        # The puzzle alone: in Solve, the solver's work is kept out of it.
        QGuiApplication.clipboard().setText(fpuzzles.link(self._puzzle()))
        self.show_status("Copied the f-puzzles link")

    def copy_sudokupad(self) -> None:
        from slugboard.codecs.sudoku import sudokupad

        QGuiApplication.clipboard().setText(sudokupad.link(self.board))
        self.show_status("Copied the SudokuPad link")

    def copy_player(self) -> None:
        if self.board.variant is not None:
            self.show_status(_NO_PLAYER_LINK)
            return
        QGuiApplication.clipboard().setText(sudoku.share_url(self.board))
        self.show_status("Copied the Sudoku Player link")

    def shutdown(self) -> None:
        self.solve.shutdown()
        self._query.shutdown()
        self._variant_query.shutdown()
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

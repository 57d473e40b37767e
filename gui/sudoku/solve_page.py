"""The sudoku page's side of Solve mode: the Set / Solve switch, which mode a puzzle opens
in, the rules above the grid, and what the page shows of the solver's work (a mixin of
SudokuPage, whose widgets it uses)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea

from slugboard.codecs.sudoku import solving as sv
from slugboard.codecs.sudoku.model import DIGITS

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QPushButton, QStackedWidget

    from slugboard.codecs import sudoku
    from slugboard.codecs.sudoku.forced import Forced, Narrowed

    from ..page import GamePage
    from ..worker import LatestOnly
    from .canvas import SudokuCanvas
    from .solve import SolveMode

    _Base = GamePage
else:
    _Base = object

RULES_LINES = 5  # the rules keep at most this many lines above the grid; longer ones scroll


class SolvePagePart(_Base):
    """Solve mode's part of the sudoku page."""

    # What it uses of SudokuPage's (for mypy).
    solve: SolveMode
    canvas: SudokuCanvas
    switch_buttons: dict[str, QPushButton]
    mode_stack: QStackedWidget
    clear_button: QPushButton
    copy_actions: dict[str, QAction]
    digit_buttons: list[QPushButton]
    _solution: sudoku.Board | None
    _count: int | None
    _hint_board: sudoku.Board | None
    _set_hint: Callable[..., None]
    _refresh_canvas: Callable[[], None]
    _variant_hint: tuple[Forced | Narrowed, sudoku.Board] | None = None  # shown, and the board it was found on
    _hint_asked: sudoku.Board | None = None  # the board whose hint is being looked for
    hint_query: LatestOnly

    def set_solving(self, on: bool) -> None:
        """Switch between Set (the puzzle is edited) and Solve (it is solved)."""
        if on == self.solve.on:
            self.switch_buttons["solve" if on else "set"].setChecked(True)
            return
        self._apply_mode(on)
        self.board_shown(self.board)
        self.show_status("Solve: the givens are locked" if on else "Set: digits typed are givens")

    def _apply_mode(self, on: bool) -> None:
        """The controls and keys of the mode; the board is shown anew by the caller."""
        self.solve.set_on(on)
        self.canvas.solving = on
        self.switch_buttons["solve" if on else "set"].setChecked(True)
        self.mode_stack.setCurrentIndex(1 if on else 0)
        self.clear_button.setText("Restart" if on else "Clear board")
        self.clear_button.setToolTip(
            "Take away all your digits, marks and colours (undo brings them back)" if on
            else "Remove every given, keeping a variant's constraints (undo brings them back)"
        )  # fmt: skip
        self.copy_actions["progress"].setEnabled(on)
        self.show_tool(self.solve.tool if on else "digit")
        if not on:
            self.canvas.colours = None
            self.canvas.wrong = frozenset()
            self.canvas.update()

    @staticmethod
    def _opens_in_solve(board: sudoku.Board) -> bool:
        """A puzzle with givens or constraints (a killer may have no givens) opens in
        Solve, an empty grid in Set."""
        puzzle, _ = sv.split(board)
        return puzzle.givens > 0 or (board.variant is not None and not board.variant.is_classic)

    def _choose_mode(self, board: sudoku.Board) -> None:
        """The mode `board` opens in, before it is shown."""
        self._apply_mode(self._opens_in_solve(board))

    def _opening(self, board, open_it) -> None:
        """Open `board` with `open_it` in the mode it opens in; the board is shown once."""
        was = self.solve.on
        self._choose_mode(board)
        steps = self.undo_stack.index()
        open_it()
        if self.undo_stack.index() == steps and was != self.solve.on:
            self.board_shown(self.board)  # the same board again, in the other mode

    def paste_board(self, board, *, prepared: bool = False) -> None:
        self._opening(board, lambda: super(SolvePagePart, self).paste_board(board, prepared=prepared))

    def replace_board(self, board) -> None:
        self._choose_mode(board)
        super().replace_board(board)

    def open_record(self, record) -> None:
        self._opening(record.board, lambda: super(SolvePagePart, self).open_record(record))

    def _puzzle(self) -> sudoku.Board:
        """The puzzle alone: in Solve, without the solver's digits and marks."""
        return self.solve.puzzle if self.solve.on and self.solve.puzzle is not None else self.board

    def shown_board(self) -> sudoku.Board:
        """The puzzle alone, in Solve too: the slug pane, Copy link and the exports give the
        setter's puzzle, not the solver's work (Copy as… > f-puzzles link with progress does)."""
        return self._puzzle()

    def found_solution(self) -> sudoku.Board | None:
        return self._solution if self._count == 1 else None

    def solving_changed(self, drawn: sudoku.Board) -> None:
        """Show the solver's work (an undo step of Solve mode)."""
        self.canvas.board = drawn
        if self._hint_board is not None and self._hint_board != drawn:
            self._set_hint(None, "")
        self._show_solving()
        self.canvas.update()

    def _show_solving(self) -> None:
        state = self.solve.state if self.solve.on else None
        self.canvas.colours = None if state is None else state.colours
        self.canvas.wrong = frozenset() if state is None else self.solve.revealed
        if state is not None:
            self.solve.judge()

    def show_solve_message(self, text: str) -> None:
        """How the solve stands, in the note under Hint and solution (its second use:
        that of Show solution comes first while the solution is shown)."""
        if text != self.solve.controls.message:
            self.solve.controls.message = text
            self._refresh_canvas()

    def show_tool(self, tool: str) -> None:
        """The keypad shows the tool's choices: SudokuPad's nine colours for the colour tool."""
        for digit, button in enumerate(self.digit_buttons, 1):
            if tool == "colour" and digit <= len(sv.COLOURS):
                button.setStyleSheet(
                    f"background-color: {sv.COLOURS[digit - 1]}; color: {'#fff' if digit in (2, 3) else '#000'}"
                )
                button.setToolTip(f"Colour {digit} on the selected cells, or off them if all have it (key {digit})")
            else:
                button.setStyleSheet("")
                key = DIGITS[digit - 1] if digit < 10 else f"1 then {digit - 10}, or {DIGITS[digit - 1]}"
                button.setToolTip(f"Put {digit} in the selected cell (key {key})")

    # --- hints for variants ------------------------------------------------------------
    def variant_hint(self, board: sudoku.Board) -> None:
        """First press: look for the next digit the constraints force (in a helper process:
        a large puzzle's constraints may take seconds) and say why; a second press on the
        same board puts it in (the solver's digit in Solve, a given in Set)."""
        from slugboard.codecs.sudoku.forced import Narrowed

        kept = self._variant_hint
        if kept is not None and kept[1] == board:
            shown = kept[0]
            self._variant_hint = None
            if isinstance(shown, Narrowed):  # the digits left become the cells' centre marks
                centre = list(board.centre)
                for i, left in shown.left:
                    centre[i] = sum(1 << (d - 1) for d in left)
                changed, what = board.with_marks(tuple(centre)), "Hint: centre marks"
            else:
                changed = board.with_digit(*divmod(shown.cell, board.size), shown.digit, typed=True)
                what = f"Hint: r{shown.cell // board.size + 1}c{shown.cell % board.size + 1}"
            if self.solve.on:
                self.solve.take_board(changed, what)
            else:
                self.set_board(changed, what)
            return
        from slugboard.codecs.sudoku.forced import next_forced

        self._variant_hint = None
        self._hint_asked = board
        self._set_hint(None, "Looking for the next digit the rules force…")
        self.hint_query.submit(next_forced, board)

    def _variant_hint_found(self, forced: Forced | Narrowed | None | BaseException) -> None:
        from slugboard.codecs.sudoku.forced import Narrowed

        board, self._hint_asked = self._hint_asked, None
        if board is None:
            return
        if board != (self.canvas.board if self.solve.on else self.board):
            self._set_hint(None, "")  # asked of a board no longer shown: H asks again
            return
        if isinstance(forced, BaseException):
            from ..worker import why

            self._set_hint(None, f"No hint: {why(forced)}")
            return
        if forced is None:
            self._set_hint(
                None,
                "No digit is forced by one rule alone here: the hint knows singles that the rows, columns, "
                "regions and each constraint give, not longer deductions.",
            )
            return
        from html import escape  # a cage's value is the setter's text

        self._variant_hint = (forced, board)
        if isinstance(forced, Narrowed):
            self._set_hint(None, f"{escape(forced.explanation)}<br>Press H again to mark the digits left.")
            cells = [i for i, _left in forced.left]
            self.canvas.select(divmod(cells[0], board.size))
            self.canvas.selection = cells
            self.canvas.update()
            return
        self._set_hint(None, f"{escape(forced.explanation)}<br>Press H again to put it in.")
        self.canvas.selection = [forced.cell]
        self.canvas.select(divmod(forced.cell, board.size))

    # --- the rules --------------------------------------------------------------------
    def _add_rules(self) -> None:
        """The title, setter and rules of a variant, above the grid, wrapped."""
        self.rules_label = QLabel()
        self.rules_label.setObjectName("puzzleRules")
        self.rules_label.setWordWrap(True)
        self.rules_label.setTextFormat(Qt.TextFormat.PlainText)  # the setter's text, never markup
        self.rules_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.rules_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.rules_area = QScrollArea()
        self.rules_area.setFrameShape(QFrame.Shape.NoFrame)
        self.rules_area.setWidgetResizable(True)
        self.rules_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.rules_area.setWidget(self.rules_label)
        self.rules_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.rules_area.setMaximumHeight(self.rules_label.fontMetrics().lineSpacing() * RULES_LINES + 6)
        self.rules_area.hide()
        self._canvas_holder.addWidget(self.rules_area)

    def _show_rules(self, board: sudoku.Board) -> None:
        variant = board.variant
        lines = []
        if variant is not None:
            if variant.title or variant.author:
                lines.append(" by ".join(t for t in (variant.title, variant.author) if t))
            if variant.rules:
                lines.append(variant.rules)
        self.rules_label.setText("\n".join(lines))
        self.rules_area.setVisible(bool(lines))

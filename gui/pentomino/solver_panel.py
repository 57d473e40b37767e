"""The Solver part of the panel: whether the board can be completed (`check.QuickCheck`),
Solve, Hint, Count and Make puzzle, and what each search's answer does to the board."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel

from slugboard.codecs import pentomino as pm
from slugboard.codecs.pentomino import distinct, generate, solver

from ..page import WrappedLabel
from ..worker import why
from .check import QuickCheck
from .controls import Section, button
from .search import Heard, Searches

if TYPE_CHECKING:
    from .browser import CompletionBrowser
    from .page import PentominoPage

# The status line when Cancel stops a search, by the search's kind.
STOPPED = {
    "solve": "Stopped solving",
    "hint": "Stopped looking for a hint",
    "count": "Stopped counting",
    "puzzle": "Stopped making a puzzle",
    "list": "Stopped listing the completions: the ones listed can still be browsed",
}


class SolverPanel(Section):
    """Its buttons start searches on `searches` about the page's board; the answers come
    back here and change the board through the page (one undoable step each)."""

    def __init__(self, page: PentominoPage, searches: Searches) -> None:
        super().__init__()
        self.page = page
        self.searches = searches
        self.browser: CompletionBrowser | None = None  # given by the page once it is made
        then = page.focus_canvas
        title = self.add_heading("Solver")
        self.solver_label = WrappedLabel()
        self.solver_label.setObjectName("solverStatus")
        # Two lines, said or not: the longest reason a board cannot be completed, or a
        # count's progress, takes them in the panel's width.
        self.solver_label.setFixedHeight(2 * self.solver_label.fontMetrics().lineSpacing() + 4)
        self.solver_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.column.addWidget(self.solver_label)
        # How many completions are left, after every edit, when a short count finds them
        # all: on the heading's row, at its right, where it moves nothing.
        self.left_label = QLabel()
        self.left_label.setObjectName("completionsLeft")
        self.left_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.column.removeWidget(title)
        heading_row = QHBoxLayout()
        heading_row.addWidget(title)
        heading_row.addWidget(self.left_label, 1)
        self.column.insertLayout(0, heading_row)
        self.check = QuickCheck(self.solver_label, self.left_label, self)
        row = QHBoxLayout()
        self.solve_button = button(
            "Solve", "Fill the board with the pieces not on it (one step to undo)", self.start_solve, then
        )
        self.hint_button = button("Hint", "Place one piece of a completion (undoable)", self.start_hint, then)
        self.count_button = button(
            "Count", "Count every way to complete the board (every placement counts)", self.start_count, then
        )
        for b in (self.solve_button, self.hint_button, self.count_button):
            b.setMinimumWidth(10)
            row.addWidget(b)
        self.column.addLayout(row)
        self.puzzle_button = button(
            "Make puzzle",
            "A board of this surface, size and terrain with pieces placed so that one completion is left (undoable)",
            self.start_puzzle,
            then,
        )
        self.puzzle_button.setMinimumWidth(10)  # laid out by the page, beside Clear pieces
        self.column.addWidget(searches)
        self._heard = Heard(self)
        self._heard.counted.connect(self._count_progress)
        searches.done.connect(self._done)
        searches.stopped.connect(self._stopped)
        searches.ended.connect(self._ended)

    @property
    def buttons(self):
        return (self.solve_button, self.hint_button, self.count_button, self.puzzle_button)

    def check_board(self) -> None:
        """Say whether the board can be completed; none is checked while a search runs (the
        search stopped the check, and says more)."""
        if not self.searches.busy:
            self.check.check(self.page.board)

    def board_changed(self, board: pm.Board) -> None:
        """An edit: it stops a search for the board before it, and asks anew."""
        if self.searches.busy:
            self.searches.drop()
        self.check.forget_left(board)
        self.check_board()

    def shutdown(self) -> None:
        self.check.shutdown()
        self.searches.shutdown()

    # --- the searches ----------------------------------------------------------------------
    def _start(self, kind: str, fn, *args, progress=None) -> None:
        # The search answers the person's question about this board: the quick check of the
        # same board, waiting or under way, would only say less, and later, on the same line.
        # It is about their own board, so browsing the completions of one ends.
        if self.browser is not None:
            self.browser.end()
        self.check.stop()
        for b in self.buttons:
            b.setEnabled(False)
        self.searches.start(kind, fn, *args, progress=progress)

    def start_solve(self) -> None:
        self.solver_label.setText("Solving…")
        self._start("solve", solver.solve, self.page.board)

    def start_hint(self) -> None:
        if pm.is_complete(self.page.board):
            self.page.show_status("The board is complete: no piece is left to place")
            return
        self.solver_label.setText("Looking for a hint…")
        self._start("hint", solver.hint, self.page.board)

    def start_count(self) -> None:
        self.solver_label.setText("Counting…")
        # Every core: the count splits into subproblems that processes count side by side.
        self._start("count", distinct.counted, self.page.board, progress=self._heard.counted.emit)

    def start_puzzle(self) -> None:
        board = self.page.board
        self.solver_label.setText("Making a puzzle…")
        self._start("puzzle", generate.generate, board.surface, board.height, board.width, None, None, board.terrain)

    def _count_progress(self, found: int, fraction: float) -> None:
        if self.searches.kind == "count":
            left = self.searches.advance(fraction)
            left = f" ({left})" if left else ""
            self.solver_label.setText(f"Counting… {fraction:.0%} of the search done{left}, {found:,} so far")

    def _ended(self) -> None:
        for b in self.buttons:
            b.setEnabled(True)

    def _stopped(self, kind: str) -> None:
        self.page.show_status(STOPPED[kind])
        if kind != "list":
            self.check_board()

    def _done(self, kind: str, result) -> None:
        if kind == "list":
            return  # the browser's
        page = self.page
        if isinstance(result, generate.NoPuzzleError):
            page.show_status(f"No puzzle on this board: {result}")
        elif isinstance(result, Exception):
            page.show_status(f"The search failed: {why(result)}")
        elif kind == "puzzle":
            # A puzzle has exactly one completion: known, so its quick check is not run.
            puzzle = replace(result, colors=page.board.colors) if any(page.board.colors) else result
            self.check.know(puzzle, True)
            page.set_board(puzzle, "Make puzzle")
            page.show_status(f"A puzzle with one completion: {len(puzzle.pieces)} pieces placed")
        elif kind == "count":
            self._counted(result)
            return
        elif result is None:  # a solve or hint that found no completion
            self.check.know(page.board, False)
        elif kind == "solve":
            # The completed board can be completed: known, so its quick check is not run.
            self.check.know(result, True)
            before = page.board
            page.set_board(result, "Solve")
            page.empty_hand_if_placed()
            page.show_status("Solved: every empty cell is covered (Ctrl+Z undoes it); ▶ shows other completions")
            # The other completions of the board as it was, to browse: Solve's is the first.
            self.check_board()
            if self.browser is not None:
                self.browser.start(before, None)
            return
        elif kind == "hint":
            piece = result.piece
            board = pm.place(page.board, piece.name, piece.row, piece.col, piece.rotation, piece.reflected)
            # The hint is a piece of a completion the search found: the board with it placed
            # can be completed, whatever a quick check, short of time, would say.
            self.check.know(board, True)
            where = f"{piece.name} at {pm.square_name(piece.row, piece.col)}"
            page.set_board(board, f"Hint: {where}")
            page.empty_hand_if_placed()
            page.show_status(f"Hint: {where}")
        self.check_board()

    def _counted(self, result: distinct.Counted) -> None:
        board = self.page.board
        found = result.total
        self.check.know(board, found > 0)
        ways = "way" if found == 1 else "ways"
        said = f"{found:,} {ways} to complete the board"
        if result.distinct is not None and result.symmetries > 1:
            # As the literature quotes them: a tiling and its images under the board's
            # symmetries (turns, mirror images, shifts round a seam) as one.
            said += f", {result.distinct:,} up to its {result.symmetries} symmetries"
        self.solver_label.setText(said)
        if found and self.browser is not None:
            self.browser.start(board, found)

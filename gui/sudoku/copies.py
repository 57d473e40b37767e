"""The row of Copy as… (the puzzle as a grid or as another site's link) and Clear board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QMenu, QPushButton

from slugboard.codecs import sudoku
from slugboard.codecs.sudoku import formats

if TYPE_CHECKING:
    from .page import SudokuPage

NO_PLAYER_LINK = (
    "The Sudoku Player holds only a classic 9x9 with boxes and no constraints: copy the f-puzzles or SudokuPad link"
)


class CopyRow(QHBoxLayout):
    """The menu's entries follow the board shown (`board_shown`): a variant has no
    candidate grid nor Sudoku Player link."""

    def __init__(self, page: SudokuPage) -> None:
        super().__init__()
        self._page = page
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
             page.solve.copy_progress),
            ("sudokupad", "SudokuPad link", "A link SudokuPad opens (its f-puzzles form)", self.copy_sudokupad),
            ("player", "Sudoku Player link", "The Sudoku Player's link: a classic 9x9 only", self.copy_player),
        ):  # fmt: skip
            action = self.copy_menu.addAction(text, slot)
            action.setToolTip(tip)
            self.copy_actions[key] = action
        self.copy_button.setMenu(self.copy_menu)
        self.addWidget(self.copy_button)
        clear = self.clear_button = QPushButton("Clear board")
        clear.setToolTip("Remove every given, keeping a variant's constraints (undo brings them back)")
        clear.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        clear.clicked.connect(page._clear_board)
        self.addWidget(clear)

    def board_shown(self, board: sudoku.Board) -> None:
        classic = board.variant is None
        player = self.copy_actions["player"]
        player.setEnabled(classic)
        player.setText("Sudoku Player link" if classic else "Sudoku Player link (classic 9x9 only)")
        player.setToolTip("The Sudoku Player's link" if classic else NO_PLAYER_LINK)
        self.copy_actions["candidates"].setEnabled(classic)

    def copy_grid(self) -> None:
        board = self._page.board
        QGuiApplication.clipboard().setText(formats.write_string(board))
        self._page.show_status(f"Copied the puzzle as a {len(board.cells)}-character grid")

    def copy_candidates(self) -> None:
        if self._page.board.variant is not None:
            self._page.show_status("A candidate grid holds a classic 9x9 only")
            return
        QGuiApplication.clipboard().setText(formats.write_candidate_grid(self._page.board))
        self._page.show_status("Copied the candidate grid")

    def copy_fpuzzles(self) -> None:
        from slugboard.codecs.sudoku import fpuzzles

        # The puzzle alone: in Solve, the solver's work is kept out of it.
        QGuiApplication.clipboard().setText(fpuzzles.link(self._page._puzzle()))
        self._page.show_status("Copied the f-puzzles link")

    def copy_sudokupad(self) -> None:
        from slugboard.codecs.sudoku import sudokupad

        QGuiApplication.clipboard().setText(sudokupad.link(self._page.board))
        self._page.show_status("Copied the SudokuPad link")

    def copy_player(self) -> None:
        if self._page.board.variant is not None:
            self._page.show_status(NO_PLAYER_LINK)
            return
        QGuiApplication.clipboard().setText(sudoku.share_url(self._page.board))
        self._page.show_status("Copied the Sudoku Player link")

"""The New puzzle panel: a sudoku with one solution made in a helper process, with the
panel's choices of symmetry, givens, rating and minimality, its progress and Cancel."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
)

from slugboard.codecs import sudoku
from slugboard.codecs.sudoku.model import SYMMETRIES

from ..worker import LatestOnly, why

if TYPE_CHECKING:
    from .page import SudokuPage

RATINGS = (("Any", None), ("Easy (up to 2.3)", (0.0, 2.3)), ("Medium (2.4-4.0)", (2.4, 4.0)),
           ("Hard (4.1-7.0)", (4.1, 7.0)))  # fmt: skip


class _Progress(QObject):
    """Carries the generator's progress from the worker thread to the panel."""

    moved = Signal(float)


class PuzzleMaker(QObject):
    """Its heading and widgets go at the end of the page's panel when it is made. It holds
    the helper that makes the puzzle and the last puzzle it made."""

    def __init__(self, page: SudokuPage) -> None:
        super().__init__(page)
        self._page = page
        layout = page.tool_layout
        page.add_heading("New puzzle")
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
        self.rating_box.addItems([name for name, _ in RATINGS])
        self.rating_box.setToolTip("The hardest technique the puzzle needs, on the rating scale of Hint")
        new_grid.addWidget(QLabel("Rating"), 2, 0)
        new_grid.addWidget(self.rating_box, 2, 1)
        layout.addLayout(new_grid)
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
        self.cancel_button.clicked.connect(self.cancel)
        make_row.addWidget(self.cancel_button)
        layout.addLayout(make_row)
        self.new_progress = QProgressBar()
        self.new_progress.setRange(0, 1000)
        self.new_progress.setTextVisible(False)
        self.new_progress.setFixedHeight(8)
        self.new_progress.setToolTip("How many of the grids it may try have been tried")
        keep = self.new_progress.sizePolicy()
        keep.setRetainSizeWhenHidden(True)  # its room is kept: nothing below moves when it shows
        self.new_progress.setSizePolicy(keep)
        self.new_progress.hide()
        layout.addWidget(self.new_progress)
        self.progress = _Progress(self)
        self.progress.moved.connect(lambda f: self.new_progress.setValue(round(f * 1000)))
        self.new_status = QLabel()
        self.new_status.setWordWrap(True)
        # A line of room: a longer message moves only the Problems text below, nothing to click.
        self.new_status.setMinimumHeight(self.new_status.fontMetrics().lineSpacing())
        layout.addWidget(self.new_status)
        # Made in a helper process: a search of seconds on a thread of this one would slow
        # the window meanwhile.
        self.worker = LatestOnly(self, apart=("slugboard.codecs.sudoku.generate",))
        self.worker.finished.connect(self._made)
        self._made_board: sudoku.Board | None = None

    def shutdown(self) -> None:
        self.worker.shutdown()

    def board_shown(self, board: sudoku.Board) -> None:
        if self.worker.busy:
            # Any board shown meanwhile (an edit, a paste, an undo or redo, even back to the
            # last puzzle made) stops the puzzle being made; the new puzzle is shown only once
            # its work is over, so it stops nothing.
            self.worker.cancel()
            self._generating(False, "Cancelled: the board changed.")
        elif board is not self._made_board:
            self.new_status.setText("")  # "New puzzle: 28 givens" speaks of the puzzle made, not this one

    def new_puzzle(self) -> None:
        """Start making a puzzle with the panel's choices (one at a time)."""
        if self.worker.busy:
            return
        symmetry = SYMMETRIES[self.symmetry_box.currentIndex()]
        givens = self.givens_box.value() or None
        if givens is not None and givens < 17:
            self._generating(False, "A puzzle with one solution needs at least 17 givens.")
            return
        rating = RATINGS[self.rating_box.currentIndex()][1]
        from slugboard.codecs.sudoku.generate import generate

        make = functools.partial(
            generate, givens=givens, symmetry=symmetry, rating=rating, minimal=self.minimal_box.isChecked()
        )
        self.worker.submit(make, progress=self.progress.moved.emit)
        self._generating(True, "Making a puzzle…")

    def cancel(self) -> None:
        if self.worker.busy:
            self.worker.cancel()
            self._generating(False, "Cancelled.")

    def _generating(self, busy: bool, text: str) -> None:
        self.new_button.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)
        self.new_progress.setValue(0)
        self.new_progress.setVisible(busy)
        self.new_status.setText(text)
        # Said in the status bar too: File > New sudoku puzzle may start it with the panel
        # scrolled away from its bar.
        self._page.show_status(text)

    def _made(self, result) -> None:
        if isinstance(result, Exception):
            self._generating(False, why(result).capitalize() + ".")
            return
        self._made_board = result
        self._generating(False, f"New puzzle: {result.givens} givens.")
        page = self._page
        page._opening(result, lambda: page.set_board(result, "New puzzle"))

"""The board widget: it turns mouse and keys into edits and draws with paint()."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

from slugboard.codecs import sudoku

from ..page import BoardCanvas
from .paint import _grid_rect, cell_at, paint


class SudokuCanvas(BoardCanvas):
    """Draws the grid; clicks and arrow keys select a cell, digits edit it."""

    digit_typed = Signal(int, int, int)  # row, col, digit (0 clears)
    selection_changed = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.board = sudoku.Board()
        self.selected: tuple[int, int] | None = (0, 0)
        self.solution: sudoku.Board | None = None
        self.originals: sudoku.Board | None = None  # the board as its link gave it
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(270, 270)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setToolTip("Click a cell or use the arrow keys; type 1-9 to set a given, 0, Delete or Backspace to clear")

    def sizeHint(self) -> QSize:
        return QSize(540, 540)

    def cell_center(self, row: int, col: int) -> QPointF:
        grid = _grid_rect(QRectF(self.rect()))
        size = grid.width() / 9
        return QPointF(grid.left() + (col + 0.5) * size, grid.top() + (row + 0.5) * size)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        paint(
            painter,
            QRectF(self.rect()),
            self.board,
            self.palette(),
            selected=self.selected,
            solution=self.solution,
            originals=self.originals,
        )

    def select(self, cell: tuple[int, int] | None) -> None:
        if cell != self.selected:
            self.selected = cell
            self.selection_changed.emit(cell)
            self.update()

    def mousePressEvent(self, event) -> None:
        cell = cell_at(QRectF(self.rect()), event.position())
        if cell is not None:
            self.setFocus()
            self.select(cell)

    def keyPressEvent(self, event) -> None:
        key = event.key()
        moves = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
        if key in moves and not event.modifiers() & (
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
        ):
            r, c = self.selected or (0, 0)
            dr, dc = moves[key]
            self.select(((r + dr) % 9, (c + dc) % 9))
            return
        if self.selected is not None and not event.modifiers() & (
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
        ):
            text = event.text()
            if text in "123456789" and text:
                self.digit_typed.emit(*self.selected, int(text))
                return
            if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace, Qt.Key.Key_0, Qt.Key.Key_Period, Qt.Key.Key_Space):
                self.digit_typed.emit(*self.selected, 0)
                return
        super().keyPressEvent(event)

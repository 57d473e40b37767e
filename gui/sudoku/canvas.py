"""The board widget: it turns mouse and keys into edits and draws with paint()."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

from slugboard.codecs import sudoku

from ..page import BoardCanvas
from .paint import _grid_rect_for, cell_at, paint

if TYPE_CHECKING:
    from slugboard.codecs.sudoku.logic import Step


class SudokuCanvas(BoardCanvas):
    """Draws the grid; clicks and arrow keys select a cell, digits edit it."""

    digit_typed = Signal(int, int, int)  # row, col, digit (0 clears)
    mark_typed = Signal(int, int, int, str)  # row, col, digit, "centre" or "corner"
    mode_changed = Signal(str)
    selection_changed = Signal(object)

    MODES = ("digit", "centre", "corner")
    # Shifted digit keys on a US keyboard, so Shift+digit works whatever Qt reports.
    SHIFTED = {"!": 1, "@": 2, "#": 3, "$": 4, "%": 5, "^": 6, "&": 7, "*": 8, "(": 9}

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.board = sudoku.Board()
        self.selected: tuple[int, int] | None = (0, 0)
        self.solution: sudoku.Board | None = None
        self.hint: Step | None = None
        self.mode = "digit"
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(270, 270)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setToolTip(
            "Click a cell or use the arrow keys; type 1-9 to set a digit, 0, Delete or Backspace to clear;\n"
            "Shift+digit toggles a corner mark, Ctrl+digit a centre mark; M switches the digit mode"
        )

    def sizeHint(self) -> QSize:
        return QSize(540, 540)

    def board_layout(self) -> QRectF:
        """The grid's square (inside the ring of clues a variant may have around it)."""
        return _grid_rect_for(QRectF(self.rect()), self.board)

    def cell_center(self, row: int, col: int) -> QPointF:
        grid = self.board_layout()
        size = grid.width() / self.board.size
        return QPointF(grid.left() + (col + 0.5) * size, grid.top() + (row + 0.5) * size)

    # The anatomy view's cells are the grid's (row, col).
    def anatomy_cell_rect(self, row: int, col: int) -> QRectF:
        grid = self.board_layout()
        size = grid.width() / self.board.size
        return QRectF(grid.left() + col * size, grid.top() + row * size, size, size)

    def anatomy_cell_at(self, point: QPointF) -> tuple[int, int] | None:
        return cell_at(QRectF(self.rect()), point, self.board)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        self._paint_cache.paint(
            self,
            painter,
            paint,
            self.board,
            self.palette(),
            selected=self.selected,
            solution=self.solution,
            hint=self.hint,
        )

    def set_mode(self, mode: str) -> None:
        if mode != self.mode:
            self.mode = mode
            self.mode_changed.emit(mode)

    def _digit_of(self, event) -> int:
        """1-9 from the digit keys; on a grid larger than 9x9, 10-16 from the letters A-G."""
        key = event.key()
        if Qt.Key.Key_1.value <= key <= Qt.Key.Key_9.value:
            digit = key - Qt.Key.Key_0.value
        elif self.board.size > 9 and Qt.Key.Key_A.value <= key <= Qt.Key.Key_G.value:
            digit = 10 + key - Qt.Key.Key_A.value
        else:
            digit = self.SHIFTED.get(event.text(), 0)
        return digit if digit <= self.board.size else 0

    def select(self, cell: tuple[int, int] | None) -> None:
        if cell != self.selected:
            self.selected = cell
            self.selection_changed.emit(cell)
            self.update()

    def mousePressEvent(self, event) -> None:
        cell = cell_at(QRectF(self.rect()), event.position(), self.board)
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
            n = self.board.size
            self.select(((r + dr) % n, (c + dc) % n))
            return
        mods = event.modifiers()
        digit = self._digit_of(event)
        if self.selected is not None and digit and not mods & Qt.KeyboardModifier.AltModifier:
            if mods & Qt.KeyboardModifier.ControlModifier:
                self.mark_typed.emit(*self.selected, digit, "centre")
            elif mods & Qt.KeyboardModifier.ShiftModifier:
                self.mark_typed.emit(*self.selected, digit, "corner")
            elif self.mode == "digit":
                self.digit_typed.emit(*self.selected, digit)
            else:
                self.mark_typed.emit(*self.selected, digit, self.mode)
            return
        if key == Qt.Key.Key_M and not mods & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            self.set_mode(self.MODES[(self.MODES.index(self.mode) + 1) % 3])
            return
        if self.selected is not None and not event.modifiers() & (
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
        ):
            if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace, Qt.Key.Key_0, Qt.Key.Key_Period, Qt.Key.Key_Space):
                self.digit_typed.emit(*self.selected, 0)
                return
        super().keyPressEvent(event)

"""The board widget: it turns mouse and keys into edits and draws with paint()."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from slugboard.codecs import sudoku

from ..page import BoardCanvas
from .paint import _grid_rect_for, cell_at, paint

if TYPE_CHECKING:
    from slugboard.codecs.sudoku.logic import Step


# The digits of the number pad come with this modifier on some platforms; it is no Ctrl or Shift.
KEYPAD_MODIFIER = Qt.KeyboardModifier.KeypadModifier


class SudokuCanvas(BoardCanvas):
    """Draws the grid; clicks and arrow keys select a cell, digits edit it."""

    digit_typed = Signal(int, int, int)  # row, col, digit (0 clears)
    mark_typed = Signal(int, int, int, str)  # row, col, digit, "centre" or "corner"
    mode_changed = Signal(str)
    selection_changed = Signal(object)
    # Solve mode: a digit (or colour) put with a tool on the selection; what a tool holds
    # cleared from it; the next tool asked for.
    solve_typed = Signal(str, int)
    solve_cleared = Signal(str)
    tool_asked = Signal(str)
    uncover_asked = Signal()
    next_tool_asked = Signal()

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
        self.solving = False  # Solve mode: keys go to the solver's tools
        self.tool = "digit"
        self.selection: list[int] = [0]  # the cells the tools act on (Solve), in the order chosen
        self.colours: tuple[int, ...] | None = None
        self.wrong: frozenset[int] = frozenset()
        self._dragging = False
        self.covered = False  # Solve's clock is paused: the grid is hidden until a click
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
        if self.solving and self.covered:
            # Paused: the grid is hidden, as SudokuPad hides it, so the clock stopping is fair.
            painter.fillRect(self.rect(), self.palette().color(self.backgroundRole()))
            painter.setPen(self.palette().color(QPalette.ColorRole.Text))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "Paused: click to go on")
            return
        self._paint_cache.paint(
            self,
            painter,
            paint,
            self.board,
            self.palette(),
            selected=self.selected,
            solution=self.solution,
            hint=self.hint,
            selection=tuple(self.selection) if self.solving else None,
            colours=self.colours,
            wrong=self.wrong,
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

    def _second_digit(self, event) -> int:
        """On a grid larger than 9x9, a digit key typed into a cell that holds a 1 (a given in
        Set, the solver's digit in Solve) makes 10-16, as on f-puzzles: 1 then 6 is 16."""
        n = self.board.size
        key = event.key()
        if n <= 9 or self.selected is None or len(self.selection) > 1 or event.modifiers() & ~KEYPAD_MODIFIER:
            return 0
        if not Qt.Key.Key_0.value <= key <= Qt.Key.Key_9.value:
            return 0
        r, c = self.selected
        if self.board.get(r, c) != 1 or (self.solving and r * n + c not in self.board.typed):
            return 0
        value = 10 + key - Qt.Key.Key_0.value
        return value if value <= n else 0

    def select(self, cell: tuple[int, int] | None, *, add: bool = False) -> None:
        """Make `cell` the selected one; `add` keeps the cells selected before it too."""
        if cell is not None:
            i = cell[0] * self.board.size + cell[1]
            if not add:
                self.selection = [i]
            elif i not in self.selection:
                self.selection.append(i)
        if cell != self.selected or add:
            self.selected = cell
            self.selection_changed.emit(cell)
            self.update()

    def mousePressEvent(self, event) -> None:
        if self.solving and self.covered:
            self.uncover_asked.emit()
            return
        cell = cell_at(QRectF(self.rect()), event.position(), self.board)
        if cell is not None:
            self.setFocus()
            mods = event.modifiers()
            add = bool(mods & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier))
            i = cell[0] * self.board.size + cell[1]
            if add and mods & Qt.KeyboardModifier.ControlModifier and i in self.selection and len(self.selection) > 1:
                self.selection.remove(i)  # Ctrl+click on a selected cell takes it out, as in SudokuPad
                self.update()
                return
            self.select(cell, add=add)
            self._dragging = True

    def mouseMoveEvent(self, event) -> None:
        # A drag adds every cell it passes over to the selection.
        if self._dragging and event.buttons() & Qt.MouseButton.LeftButton:
            cell = cell_at(QRectF(self.rect()), event.position(), self.board)
            if cell is not None:
                self.select(cell, add=True)

    def mouseReleaseEvent(self, event) -> None:
        self._dragging = False

    def _solve_key(self, event) -> bool:
        """Solve mode's keys (SudokuPad's): True when the key was one of them."""
        key, mods = event.key(), event.modifiers()
        if mods & Qt.KeyboardModifier.AltModifier:
            return False
        digit = (self.tool == "digit" and self._second_digit(event)) or self._digit_of(event)
        if digit and self.selection:
            if mods & Qt.KeyboardModifier.ControlModifier:
                self.solve_typed.emit("centre", digit)
            elif mods & Qt.KeyboardModifier.ShiftModifier:
                self.solve_typed.emit("corner", digit)
            else:
                self.solve_typed.emit(self.tool, digit)
            return True
        if mods & Qt.KeyboardModifier.ControlModifier:
            return False
        tools = {Qt.Key.Key_Z: "digit", Qt.Key.Key_X: "corner", Qt.Key.Key_C: "centre", Qt.Key.Key_V: "colour"}
        if key in tools:
            self.tool_asked.emit(tools[key])
            return True
        if key == Qt.Key.Key_Space:
            self.next_tool_asked.emit()
            return True
        if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace, Qt.Key.Key_0, Qt.Key.Key_Period):
            self.solve_cleared.emit(self.tool)
            return True
        return False

    def keyPressEvent(self, event) -> None:
        key = event.key()
        moves = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
        if key in moves and not event.modifiers() & (
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
        ):
            r, c = self.selected or (0, 0)
            dr, dc = moves[key]
            n = self.board.size
            add = self.solving and bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self.select(((r + dr) % n, (c + dc) % n), add=add)
            return
        if self.solving and self.covered:
            return  # nothing is entered on a hidden grid
        if self.solving and self._solve_key(event):
            return
        mods = event.modifiers()
        digit = (self.mode == "digit" and self._second_digit(event)) or self._digit_of(event)
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

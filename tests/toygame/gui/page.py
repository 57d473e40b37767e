"""The toy game's page: a 3x3 grid; a click puts the next player's mark in a cell."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QWidget

from slugboard.gui.page import GamePage


def paint(painter: QPainter, rect, board, palette: QPalette, **state) -> None:
    painter.fillRect(rect, palette.color(QPalette.ColorRole.Base))
    painter.setPen(palette.color(QPalette.ColorRole.Text))
    side = min(rect.width(), rect.height()) / 3
    for i, mark in enumerate(board.cells):
        cell = QRectF(rect.x() + (i % 3) * side, rect.y() + (i // 3) * side, side, side)
        painter.drawRect(cell)
        if mark != ".":
            painter.drawText(cell, Qt.AlignmentFlag.AlignCenter, mark)


def preferred_size(board) -> QSize:
    return QSize(300, 300)


class Canvas(QWidget):
    def __init__(self, page: NoughtsPage) -> None:
        super().__init__()
        self.page = page
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        paint(painter, QRectF(self.rect()), self.page.board, self.palette())

    def mousePressEvent(self, event) -> None:
        side = min(self.width(), self.height()) / 3
        col, row = int(event.position().x() // side), int(event.position().y() // side)
        if 0 <= row < 3 and 0 <= col < 3:
            self.page.play(row * 3 + col)


class NoughtsPage(GamePage):
    GAME = "noughts"

    def __init__(self, settings=None, parent=None, board=None):
        super().__init__(settings, parent, board)
        self.set_canvas(Canvas(self))

    def board_shown(self, board) -> None:
        if self.canvas is not None:
            self.canvas.update()

    def play(self, index: int) -> None:
        board = self.board
        if board.cells[index] == ".":
            mark = "X" if board.cells.count("X") == board.cells.count("O") else "O"
            self.set_board(board.with_mark(index, mark), "Play")

    # The view's menu action, and whether it can be used now.
    def clear(self) -> None:
        self.set_board(type(self.board)(), "Clear")

    def has_marks(self) -> bool:
        return self.board.cells != "." * 9

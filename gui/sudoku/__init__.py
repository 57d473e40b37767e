"""The sudoku page: a 9x9 grid with thick box lines, digits typed or clicked in, conflicts
in red, the solution count shown live and the solution shown on request."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeySequence, QPainter, QPalette, QPen, QShortcut
from PySide6.QtWidgets import QCheckBox, QGridLayout, QLabel, QPushButton, QSizePolicy, QWidget

from slugboard.codecs import sudoku

from ..games import GameView
from ..page import BoardCanvas, GamePage
from ..worker import LatestOnly

CONFLICT = QColor("#d32f2f")
CONFLICT_FILL = QColor(211, 47, 47, 45)
SOLUTION_LIGHT = QColor("#1565c0")
SOLUTION_DARK = QColor("#64b5f6")
STATUS_COLOURS = ("#d32f2f", "#2e7d32", "#ef6c00")  # no solution, unique, several


def _grid_rect(rect: QRectF) -> QRectF:
    side = min(rect.width(), rect.height()) - 8
    return QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side)


def cell_at(rect: QRectF, point: QPointF) -> tuple[int, int] | None:
    grid = _grid_rect(rect)
    if not grid.contains(point):
        return None
    size = grid.width() / 9
    row = min(8, int((point.y() - grid.top()) / size))
    col = min(8, int((point.x() - grid.left()) / size))
    return row, col


def paint(
    painter: QPainter,
    rect: QRectF,
    board: sudoku.Board,
    palette: QPalette,
    *,
    selected: tuple[int, int] | None = None,
    solution: sudoku.Board | None = None,
    conflicts: set | None = None,
    **_state,
) -> None:
    grid = _grid_rect(rect)
    size = grid.width() / 9
    base, text = palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text)
    dark = base.lightness() < 128
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillRect(grid, base)
    if conflicts is None:
        conflicts = sudoku.conflict_cells(board)

    def cell_rect(r: int, c: int) -> QRectF:
        return QRectF(grid.left() + c * size, grid.top() + r * size, size, size)

    if selected is not None:
        sr, sc = selected
        peer_fill = QColor(palette.color(QPalette.ColorRole.Highlight))
        peer_fill.setAlpha(28)
        for i in range(9):
            painter.fillRect(cell_rect(sr, i), peer_fill)
            painter.fillRect(cell_rect(i, sc), peer_fill)
        sel_fill = QColor(palette.color(QPalette.ColorRole.Highlight))
        sel_fill.setAlpha(90)
        painter.fillRect(cell_rect(sr, sc), sel_fill)
    for r, c in conflicts:
        painter.fillRect(cell_rect(r, c), CONFLICT_FILL)

    font = QFont(painter.font())
    font.setPixelSize(max(6, int(size * 0.6)))
    for r in range(9):
        for c in range(9):
            digit = board.get(r, c)
            if digit:
                font.setBold(True)
                painter.setFont(font)
                painter.setPen(CONFLICT if (r, c) in conflicts else text)
                painter.drawText(cell_rect(r, c), Qt.AlignmentFlag.AlignCenter, str(digit))
            elif solution is not None:
                font.setBold(False)
                painter.setFont(font)
                painter.setPen(SOLUTION_DARK if dark else SOLUTION_LIGHT)
                painter.drawText(cell_rect(r, c), Qt.AlignmentFlag.AlignCenter, str(solution.get(r, c)))

    thin = QPen(palette.color(QPalette.ColorRole.Mid), max(1.0, size / 40))
    thick = QPen(text, max(2.0, size / 14))
    for i in range(10):
        painter.setPen(thick if i % 3 == 0 else thin)
        painter.drawLine(QPointF(grid.left() + i * size, grid.top()), QPointF(grid.left() + i * size, grid.bottom()))
        painter.drawLine(QPointF(grid.left(), grid.top() + i * size), QPointF(grid.right(), grid.top() + i * size))
    painter.restore()


def preferred_size(board: sudoku.Board) -> QSize:
    return QSize(540, 540)


class SudokuCanvas(BoardCanvas):
    """Draws the grid; clicks and arrow keys select a cell, digits edit it."""

    digit_typed = Signal(int, int, int)  # row, col, digit (0 clears)
    selection_changed = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.board = sudoku.Board()
        self.selected: tuple[int, int] | None = (0, 0)
        self.solution: sudoku.Board | None = None
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
        paint(painter, QRectF(self.rect()), self.board, self.palette(), selected=self.selected, solution=self.solution)

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


class SudokuPage(GamePage):
    canvas: SudokuCanvas
    GAME = sudoku.NAME

    def __init__(self, settings=None, parent=None):
        super().__init__(settings, parent)
        self._count: int | None = None
        self._solution: sudoku.Board | None = None
        self._query = LatestOnly(self)
        self._query.finished.connect(self._analysed)

        canvas = SudokuCanvas()
        canvas.digit_typed.connect(self._type_digit)
        self.set_canvas(canvas)

        self.add_heading("Puzzle")
        self.status_label = QLabel()
        self.status_label.setObjectName("solutionStatus")
        status_font = self.status_label.font()
        status_font.setPointSizeF(status_font.pointSizeF() * 1.4)
        status_font.setBold(True)
        self.status_label.setFont(status_font)
        self.status_label.setToolTip("Number of solutions of the givens: none, exactly one, or two or more")
        self.tool_layout.addWidget(self.status_label)
        self.givens_label = QLabel()
        self.tool_layout.addWidget(self.givens_label)

        self.add_heading("Digits")
        pad = QGridLayout()
        self.digit_buttons = []
        for digit in range(1, 10):
            button = QPushButton(str(digit))
            button.setToolTip(f"Put {digit} in the selected cell (key {digit})")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setMinimumWidth(40)
            button.clicked.connect(lambda _=False, d=digit: self._type_selected(d))
            pad.addWidget(button, (digit - 1) // 3, (digit - 1) % 3)
            self.digit_buttons.append(button)
        erase = QPushButton("Erase")
        erase.setToolTip("Clear the selected cell (Delete, Backspace or 0)")
        erase.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        erase.clicked.connect(lambda: self._type_selected(0))
        pad.addWidget(erase, 3, 0, 1, 3)
        self.tool_layout.addLayout(pad)

        self.add_heading("Tools")
        self.show_solution = QCheckBox("Show solution")
        self.show_solution.setToolTip("Show the solution in blue without turning it into givens (Ctrl+L)")
        self.show_solution.toggled.connect(self._refresh_canvas)
        QShortcut(QKeySequence("Ctrl+L"), self, self.show_solution.toggle)
        self.tool_layout.addWidget(self.show_solution)
        clear = QPushButton("Clear board")
        clear.setToolTip("Remove every given (undo brings them back)")
        clear.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        clear.clicked.connect(lambda: self.set_board(sudoku.Board(), "Clear board"))
        self.tool_layout.addWidget(clear)

        self.add_heading("Problems")
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        self.tool_layout.addWidget(self.problems_label)
        self.board_shown(self.board)

    # --- editing -----------------------------------------------------------------
    def _type_selected(self, digit: int) -> None:
        if self.canvas.selected is not None:
            self._type_digit(*self.canvas.selected, digit)
        self.canvas.setFocus()

    def _type_digit(self, row: int, col: int, digit: int) -> None:
        what = f"Set r{row + 1}c{col + 1} to {digit}" if digit else f"Clear r{row + 1}c{col + 1}"
        self.set_board(self.board.with_digit(row, col, digit), what)

    # --- showing -----------------------------------------------------------------
    def board_shown(self, board: sudoku.Board) -> None:
        self.canvas.board = board
        self._count = None
        self._solution = None
        self.givens_label.setText(f"{board.givens} givens")
        problems = sudoku.problems(board)
        self.problems_label.setText("<br>".join(p.message for p in problems) or "None")
        if any(p.is_error for p in problems):
            self._query.cancel()  # an answer for an earlier board must not arrive now
            self._analysed((0, None))  # repeated digits: no solution, nothing to search
        else:
            self.status_label.setText("checking…")
            self.status_label.setStyleSheet("")
            self._query.submit(sudoku.analyse, board)
        self._refresh_canvas()

    def _analysed(self, result) -> None:
        if isinstance(result, Exception):
            self.status_label.setText("check failed")
            self.show_status(f"Solution count failed: {result}")
            return
        self._count, self._solution = result
        self.status_label.setText(sudoku.solution_label(self._count))
        colour = STATUS_COLOURS[min(self._count, 2)]
        self.status_label.setStyleSheet(f"color: {colour}")
        self._refresh_canvas()

    def shutdown(self) -> None:
        self._query.shutdown()

    @property
    def solution_count(self) -> int | None:
        """Solutions of the current board (2 = two or more); None while counting."""
        return self._count

    def _refresh_canvas(self) -> None:
        self.canvas.solution = self._solution if self.show_solution.isChecked() else None
        self.canvas.update()


VIEW = GameView(page=SudokuPage, paint=paint, preferred_size=preferred_size)

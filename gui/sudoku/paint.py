"""Drawing the board: one paint function shared by the window, --export and image export."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette, QPen

from slugboard.codecs import sudoku

CONFLICT = QColor("#d32f2f")
CONFLICT_FILL = QColor(211, 47, 47, 45)
SOLUTION_LIGHT = QColor("#1565c0")
SOLUTION_DARK = QColor("#64b5f6")
STATUS_COLOURS = ("#d32f2f", "#2e7d32", "#ef6c00")  # no solution, unique, several
# A digit typed since the board came from a link, told apart from the link's own givens.
TYPED_LIGHT = QColor("#00796b")
TYPED_DARK = QColor("#4db6ac")


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
    originals: sudoku.Board | None = None,
    **_state,
) -> None:
    """Draw `board`; with `originals` (the board as its link gave it), digits typed since
    are drawn in their own colour."""
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
                typed = originals is not None and originals.get(r, c) != digit
                if (r, c) in conflicts:
                    painter.setPen(CONFLICT)
                elif typed:
                    painter.setPen(TYPED_DARK if dark else TYPED_LIGHT)
                else:
                    painter.setPen(text)
                painter.drawText(cell_rect(r, c), Qt.AlignmentFlag.AlignCenter, str(digit))
            elif solution is not None:
                font.setBold(False)
                painter.setFont(font)
                painter.setPen(SOLUTION_DARK if dark else SOLUTION_LIGHT)
                painter.drawText(cell_rect(r, c), Qt.AlignmentFlag.AlignCenter, str(solution.get(r, c)))

    thin = QPen(palette.color(QPalette.ColorRole.Mid), max(1.0, size / 40))
    thick = QPen(text, max(2.0, size / 14))
    # The thin lines first, so the thick box lines and the border are drawn whole over them.
    for pen, lines in ((thin, [i for i in range(10) if i % 3]), (thick, [0, 3, 6, 9])):
        painter.setPen(pen)
        for i in lines:
            x, y = grid.left() + i * size, grid.top() + i * size
            painter.drawLine(QPointF(x, grid.top()), QPointF(x, grid.bottom()))
            painter.drawLine(QPointF(grid.left(), y), QPointF(grid.right(), y))
    painter.restore()


def preferred_size(board: sudoku.Board) -> QSize:
    return QSize(540, 540)

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
TYPED_LIGHT = QColor("#6a1b9a")  # digits typed by hand, told apart from a link's givens
TYPED_DARK = QColor("#ce93d8")
HINT_FILL = QColor(255, 193, 7, 90)  # the cells that prove a hint
HINT_TARGET = QColor(46, 125, 50, 110)  # where a hint places a digit
HINT_CHAIN = QColor(230, 81, 0, 150)  # the links of a chain, cell to cell
CHAIN_TECHNIQUES = frozenset({"X-Chain", "XY-Chain", "AIC"})
HINT_ELIMINATED = QColor("#d32f2f")


def board_layout(rect: QRectF) -> QRectF:
    """The grid's square, centred in rect."""
    side = min(rect.width(), rect.height()) - 8
    return QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side)


def _grid_rect_for(rect: QRectF, board: sudoku.Board) -> QRectF:
    """The grid's square; a variant with clues outside the grid leaves a ring of one cell
    around it for them."""
    grid = board_layout(rect)
    if board.variant is not None and _has_outside(board):
        n = board.size
        step = grid.width() / (n + 2)
        return grid.adjusted(step, step, -step, -step)
    return grid


def _has_outside(board: sudoku.Board) -> bool:
    variant = board.variant
    return variant is not None and any(c.reaches_outside for c in variant.constraints)


def cell_at(rect: QRectF, point: QPointF, board: sudoku.Board | None = None) -> tuple[int, int] | None:
    grid = board_layout(rect) if board is None else _grid_rect_for(rect, board)
    if not grid.contains(point):
        return None
    n = 9 if board is None else board.size
    size = grid.width() / n
    row = min(n - 1, int((point.y() - grid.top()) / size))
    col = min(n - 1, int((point.x() - grid.left()) / size))
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
    hint: sudoku.logic.Step | None = None,
    selection: list[int] | None = None,
    colours: tuple[int, ...] | None = None,
    wrong: frozenset[int] = frozenset(),
    **_state,
) -> None:
    grid = _grid_rect_for(rect, board)
    n = board.size
    size = grid.width() / n
    base, text = palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text)
    dark = base.lightness() < 128
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    if board.variant is not None and _has_outside(board):
        painter.fillRect(grid.adjusted(-size, -size, size, size), base)
    painter.fillRect(grid, base)
    if conflicts is None:
        conflicts = sudoku.conflict_cells(board)

    def cell_rect(r: int, c: int) -> QRectF:
        return QRectF(grid.left() + c * size, grid.top() + r * size, size, size)

    if colours is not None:
        _paint_colours(painter, colours, cell_rect, n)
    _paint_selection(painter, palette, cell_rect, n, selected, selection)
    for r, c in conflicts:
        painter.fillRect(cell_rect(r, c), CONFLICT_FILL)
    wrong_cells = {divmod(i, n) for i in wrong}
    for r, c in wrong_cells:
        painter.fillRect(cell_rect(r, c), CONFLICT_FILL)
    eliminated = _paint_hint_cells(painter, hint, cell_rect)
    if board.variant is not None:
        from .variant_paint import paint_under

        paint_under(painter, board, grid, size, palette)
    _paint_marks(painter, board, cell_rect, size, text, eliminated, hint, solution)
    if hint is not None and hint.technique in CHAIN_TECHNIQUES and len(hint.cells) > 1:
        # The chain's cells joined in its order, so the eye can follow the links.
        pen = QPen(HINT_CHAIN, max(2.0, size / 16))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        centres = [cell_rect(*divmod(i, 9)).center() for i in hint.cells]
        painter.drawPolyline(centres)

    _paint_digits(painter, board, cell_rect, size, text, dark, conflicts, wrong_cells, hint, solution)

    # Thin lines first, each only between the thick lines, then the thick ones on top
    # with square ends, so no thin line notches the border or a box line.
    if board.variant is not None:
        from .variant_paint import paint_grid_lines, paint_over

        paint_grid_lines(painter, board, grid, size, palette)
        paint_over(painter, board, grid, size, palette)
        painter.restore()
        return
    _paint_box_lines(painter, grid, size, palette, text)
    painter.restore()


def _paint_selection(painter: QPainter, palette: QPalette, cell_rect, n: int, selected, selection) -> None:
    """Solve's selected cells, or Set's one selected cell and its row and column."""
    if selection is not None:
        # Solve mode: every selected cell, no peers (SudokuPad's look).
        sel_fill = QColor(palette.color(QPalette.ColorRole.Highlight))
        sel_fill.setAlpha(90)
        for i in selection:
            if i < n * n:
                painter.fillRect(cell_rect(*divmod(i, n)), sel_fill)
    elif selected is not None:
        sr, sc = selected
        peer_fill = QColor(palette.color(QPalette.ColorRole.Highlight))
        peer_fill.setAlpha(28)
        for i in range(n):
            painter.fillRect(cell_rect(sr, i), peer_fill)
            painter.fillRect(cell_rect(i, sc), peer_fill)
        sel_fill = QColor(palette.color(QPalette.ColorRole.Highlight))
        sel_fill.setAlpha(90)
        painter.fillRect(cell_rect(sr, sc), sel_fill)


def _paint_hint_cells(painter: QPainter, hint, cell_rect) -> dict[int, set[int]]:
    """The cells that prove a hint and the one it fills; returns the marks it removes, by cell."""
    eliminated: dict[int, set[int]] = {}
    if hint is not None:
        for i in hint.cells:
            painter.fillRect(cell_rect(*divmod(i, 9)), HINT_FILL)
        if hint.is_placement:
            painter.fillRect(cell_rect(*divmod(hint.cell, 9)), HINT_TARGET)
        for i, d in hint.eliminations:
            eliminated.setdefault(i, set()).add(d)
    return eliminated


def _paint_digits(
    painter: QPainter, board, cell_rect, size: float, text, dark: bool, conflicts, wrong_cells, hint, solution
) -> None:
    """Each cell's digit: a given, one typed, a hint's placement or the solution's."""
    n = board.size
    font = QFont(painter.font())
    font.setPixelSize(max(6, int(size * (0.5 if n > 9 else 0.6))))  # 10-16 are two figures wide
    for r in range(n):
        for c in range(n):
            digit = board.get(r, c)
            if digit:
                typed = r * n + c in board.typed
                font.setBold(not typed)
                painter.setFont(font)
                colour = (TYPED_DARK if dark else TYPED_LIGHT) if typed else text
                painter.setPen(CONFLICT if (r, c) in conflicts or (r, c) in wrong_cells else colour)
                painter.drawText(cell_rect(r, c), Qt.AlignmentFlag.AlignCenter, str(digit))
            elif hint is not None and hint.is_placement and hint.cell == r * n + c:
                font.setBold(True)
                painter.setFont(font)
                painter.setPen(QColor("#a5d6a7") if dark else QColor("#1b5e20"))
                painter.drawText(cell_rect(r, c), Qt.AlignmentFlag.AlignCenter, str(hint.digit))
            elif solution is not None and len(solution.cells) == n * n and solution.get(r, c):
                font.setBold(False)
                painter.setFont(font)
                painter.setPen(SOLUTION_DARK if dark else SOLUTION_LIGHT)
                painter.drawText(cell_rect(r, c), Qt.AlignmentFlag.AlignCenter, str(solution.get(r, c)))


def _paint_box_lines(painter: QPainter, grid: QRectF, size: float, palette: QPalette, text) -> None:
    """A classic grid's lines: thin between cells, thick between boxes and around."""
    thin = QPen(palette.color(QPalette.ColorRole.Mid), max(1.0, size / 40))
    thin.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setPen(thin)
    for i in range(10):
        if i % 3:
            x = grid.left() + i * size
            y = grid.top() + i * size
            painter.drawLine(QPointF(x, grid.top()), QPointF(x, grid.bottom()))
            painter.drawLine(QPointF(grid.left(), y), QPointF(grid.right(), y))
    thick = QPen(text, max(2.0, size / 14))
    thick.setCapStyle(Qt.PenCapStyle.SquareCap)
    thick.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(thick)
    for i in (1, 2):
        x = grid.left() + i * 3 * size
        y = grid.top() + i * 3 * size
        painter.drawLine(QPointF(x, grid.top()), QPointF(x, grid.bottom()))
        painter.drawLine(QPointF(grid.left(), y), QPointF(grid.right(), y))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(grid)


def _paint_marks(painter, board, cell_rect, size, text, eliminated, hint, solution=None) -> None:
    """Centre marks small in the middle, corner marks smaller at the corners; a hint's
    eliminations in red. Where the solution is shown, its digit takes the cell and the
    marks are not drawn under it."""
    if not (board.has_marks or eliminated):
        return
    font = QFont(painter.font())
    muted = QColor(text)
    muted.setAlpha(200)
    corners = (
        Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
        Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom,
        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
        Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
        Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
        Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
        Qt.AlignmentFlag.AlignCenter,
    )
    target = hint.cell if hint is not None and hint.is_placement else -1
    n = board.size
    shows_solution = solution is not None and len(solution.cells) == len(board.cells)
    for i in range(n * n):
        if board.cells[i] or i == target or (shows_solution and solution.cells[i]):
            continue
        rect = cell_rect(*divmod(i, n))
        gone = eliminated.get(i, set())
        centre = [d for d in range(1, n + 1) if board.centre[i] >> (d - 1) & 1]
        for d in sorted(gone - set(centre)) if not centre else []:
            centre.append(d)  # an elimination from a cell without marks still shows
        centre.sort()
        if centre:
            font.setPixelSize(max(5, int(size * (0.26 if len(centre) <= 5 else 0.2))))
            painter.setFont(font)
            x = rect.left()
            metrics = painter.fontMetrics()
            width = sum(metrics.horizontalAdvance(str(d)) for d in centre)
            x = rect.center().x() - width / 2
            for d in centre:
                painter.setPen(HINT_ELIMINATED if d in gone else muted)
                w = metrics.horizontalAdvance(str(d))
                painter.drawText(QRectF(x, rect.top(), w, rect.height()), Qt.AlignmentFlag.AlignCenter, str(d))
                if d in gone:
                    y = rect.center().y()
                    painter.drawLine(QPointF(x, y), QPointF(x + w, y))
                x += w
        corner = [d for d in range(1, n + 1) if board.corner[i] >> (d - 1) & 1]
        if corner:
            font.setPixelSize(max(5, int(size * 0.22)))
            painter.setFont(font)
            painter.setPen(muted)
            inner = rect.adjusted(size * 0.08, size * 0.04, -size * 0.08, -size * 0.04)
            for d, where in zip(corner, corners):
                painter.drawText(inner, where, str(d))


def _paint_colours(painter: QPainter, colours: tuple[int, ...], cell_rect, n: int) -> None:
    """Each coloured cell in upright stripes, one per colour it holds (SudokuPad shares a
    cell among its colours so), translucent so the lines and digits show through."""
    from slugboard.codecs.sudoku.solving import COLOURS

    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    for i, mask in enumerate(colours[: n * n]):
        if not mask:
            continue
        held = [k for k in range(len(COLOURS)) if mask >> k & 1]
        rect = cell_rect(*divmod(i, n))
        width = rect.width() / len(held)
        for j, k in enumerate(held):
            fill = QColor(COLOURS[k])
            fill.setAlpha(150)
            painter.fillRect(QRectF(rect.left() + j * width, rect.top(), width, rect.height()), fill)
    painter.restore()


def preferred_size(board: sudoku.Board) -> QSize:
    return QSize(540, 540)

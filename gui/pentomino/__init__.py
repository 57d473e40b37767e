"""The pentomino page: the board on its surface with pieces in their colours, outlines that
follow a piece across the seams, terrain, conflicts in red, and seam marks at the edges
that say which edge meets which and whether it meets flipped. A palette of the 12 pieces
and terrain, a ghost under the mouse where a click would place (over a placed piece, the
whole piece a click would pick up is outlined instead, wherever the seams take it), rotate
and mirror keys, and the board's surface, size and colours in the tool panel.

Every rule (where a piece lands, what conflicts) comes from slugboard.codecs.pentomino.
"""

from __future__ import annotations

import struct

import shiboken6
from PySide6.QtCore import QLineF, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QIcon,
    QImage,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QWidget,
)

from slugboard.codecs import pentomino as pm

from ..games import GameView
from ..page import BoardCanvas, GamePage

PIECE_NAMES = tuple(pm.PIECES)
PIECE_COLORS = tuple(QColor(c) for c in pm.DISPLAY_COLORS)
TERRAIN_FILL = QColor("#6b7280")
TERRAIN_HATCH = QColor("#374151")
CONFLICT = QColor("#e11d24")
CONFLICT_STRIPES = QColor(255, 255, 255, 150)
SEAM_COLORS = (QColor("#0284c7"), QColor("#d97706"))  # first and second pair of glued edges
PIECE_TEXT = QColor("#ffffff")

# Cell colours as ARGB32 pixels (native-endian words, as QImage keeps them): piece colours
# 0-11, then terrain (12) and conflict (13).
_PIXELS = {i: struct.pack("=I", color.rgba()) for i, color in enumerate(PIECE_COLORS + (TERRAIN_FILL, CONFLICT))}


def caption(board: pm.Board) -> str:
    return f"{pm.SURFACES[board.surface]} {board.height}×{board.width}: {pm.SEAM_TEXT[board.surface]}"


def fitted_caption(font: QFont, words: str, width: float) -> tuple[QFont, str]:
    """The caption's font and text for a strip `width` wide: 13 px, smaller on a narrow
    canvas or image, elided only if even 9 px is too wide."""
    for pixels in range(13, 8, -1):
        font.setPixelSize(pixels)
        if QFontMetricsF(font).horizontalAdvance(words) <= width:
            return font, words
    return font, QFontMetricsF(font).elidedText(words, Qt.TextElideMode.ElideRight, width)


def item_color(board: pm.Board, name: str) -> QColor:
    return TERRAIN_FILL if name == pm.TERRAIN else PIECE_COLORS[board.color_of(name)]


# --- layout ------------------------------------------------------------------------------


def _layout(rect: QRectF, board: pm.Board) -> tuple[QRectF, float, float]:
    """(grid rectangle, cell size, margin) for a board drawn in rect; the margin holds the
    seam marks and the bottom strip the caption."""
    margin = max(24.0, min(rect.width(), rect.height()) * 0.06)
    caption_h = 22.0 if rect.height() >= 200 else 0.0
    avail_w = max(1.0, rect.width() - 2 * margin)
    avail_h = max(1.0, rect.height() - 2 * margin - caption_h)
    size = min(avail_w / board.width, avail_h / board.height)
    gw, gh = size * board.width, size * board.height
    left = rect.left() + (rect.width() - gw) / 2
    top = rect.top() + margin + (avail_h - gh) / 2
    return QRectF(left, top, gw, gh), size, margin


def cell_at(rect: QRectF, board: pm.Board, point: QPointF) -> tuple[int, int] | None:
    grid, size, _ = _layout(rect, board)
    if not grid.contains(point):
        return None
    row = min(board.height - 1, int((point.y() - grid.top()) / size))
    col = min(board.width - 1, int((point.x() - grid.left()) / size))
    return row, col


def cell_center(rect: QRectF, board: pm.Board, row: int, col: int) -> QPointF:
    grid, size, _ = _layout(rect, board)
    return QPointF(grid.left() + (col + 0.5) * size, grid.top() + (row + 0.5) * size)


# --- drawing -----------------------------------------------------------------------------


def _draw_segments(painter: QPainter, segments: list[tuple[float, float, float, float]]) -> None:
    """Many line segments in one call. (A QPainterPath: PySide's drawLines with a Python
    list corrupts reference counts when called often.)"""
    if not segments:
        return
    path = QPainterPath()
    for x0, y0, x1, y1 in segments:
        path.moveTo(x0, y0)
        path.lineTo(x1, y1)
    painter.drawPath(path)


def paint(
    painter: QPainter,
    rect: QRectF,
    board: pm.Board,
    palette: QPalette,
    *,
    painting: pm.Painting | None = None,
    ghost: tuple | None = None,
    cursor: tuple[int, int] | None = None,
    target: int | None = None,
    show_caption: bool = True,
    **_state,
) -> None:
    """Draw the board. `ghost` = (name, row, col, rotation, reflected) previews a piece;
    `target` (an index into the painting's items) outlines every cell of the item a click
    would pick up, across the seams; `cursor` outlines the keyboard cell; `painting` is
    pm.paint(board) if already known."""
    p = painting if painting is not None else pm.paint(board)
    grid, size, margin = _layout(rect, board)
    h, w = board.height, board.width
    left, top = grid.left(), grid.top()
    base = palette.color(QPalette.ColorRole.Base)
    text = palette.color(QPalette.ColorRole.Text)
    painter.save()
    painter.fillRect(grid, base)

    # Cell fills: one pixel per cell in a small image, scaled up without smoothing, so a
    # 60x60 board costs one draw call. Conflicts are solid red with white stripes.
    owner = p.owner
    keys = [12 if it.is_terrain else board.color_of(it.name) for it in p.items]
    cell_keys = [keys[o] if o >= 0 else -1 for o in owner]
    for r, c in p.red:
        cell_keys[r * w + c] = 13
    pixels = _PIXELS.copy()
    pixels[-1] = struct.pack("=I", base.rgba())
    data = b"".join([pixels[k] for k in cell_keys])
    image = QImage(data, w, h, 4 * w, QImage.Format.Format_ARGB32)
    painter.drawImage(grid, image)
    marks = []
    if size >= 6:
        # Terrain: diagonal hatching; conflicts: a white cross through the red.
        stripes = 1 if size < 20 else 3
        for index, it in enumerate(p.items):
            if it.is_terrain and owner[it.row * w + it.col] == index and (it.row, it.col) not in p.red:
                x0, y0 = left + it.col * size, top + it.row * size
                for k in range(stripes):
                    f = (k + 1) / (stripes + 1) * 2
                    if f <= 1:
                        marks.append((x0, y0 + f * size, x0 + f * size, y0))
                    else:
                        marks.append((x0 + (f - 1) * size, y0 + size, x0 + size, y0 + (f - 1) * size))
        if marks:
            pen = QPen(TERRAIN_HATCH)
            pen.setWidthF(max(1.5, size / 14))  # under 1.5 the raster engine's thin-line path is slower
            painter.setPen(pen)
            _draw_segments(painter, marks)
    if p.red:
        crosses = []
        inset = size * 0.18
        for r, c in p.red:
            x0, y0 = left + c * size + inset, top + r * size + inset
            x1, y1 = left + (c + 1) * size - inset, top + (r + 1) * size - inset
            crosses.append((x0, y0, x1, y1))
            crosses.append((x0, y1, x1, y0))
        pen = QPen(CONFLICT_STRIPES)
        pen.setWidthF(max(1.5, size / 12))
        painter.setPen(pen)
        _draw_segments(painter, crosses)

    # Grid lines, faint, under the outlines.
    grid_pen = QPen(palette.color(QPalette.ColorRole.Mid))
    grid_pen.setWidthF(1.0 if size >= 6 else 0.5)
    painter.setPen(grid_pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    lines = [(left + c * size, top, left + c * size, grid.bottom()) for c in range(1, w)]
    lines += [(left, top + r * size, grid.right(), top + r * size) for r in range(1, h)]
    _draw_segments(painter, lines)

    # Piece outlines: every side of a painted cell where the piece's shape ends, seams
    # included, drawn in the background colour so pieces stand apart.
    outline = _outline_segments(p.borders, h, w, left, top, size)
    if outline:
        pen = QPen(base)
        pen.setWidthF(max(1.5, size / 9))
        pen.setCapStyle(Qt.PenCapStyle.SquareCap)
        painter.setPen(pen)
        _draw_segments(painter, outline)

    _draw_anchors(painter, board, p, left, top, size)
    _draw_frame_and_seams(painter, board, grid, size, margin, text)
    _draw_overflow_marks(painter, board, p, grid, size, margin)
    if ghost is not None:
        _draw_ghost(painter, board, p, grid, size, ghost, text)
    if target is not None:
        _draw_target(painter, board, p.items[target], grid, size, palette.color(QPalette.ColorRole.Highlight))
    if cursor is not None:
        r, c = cursor
        pen = QPen(palette.color(QPalette.ColorRole.Highlight))
        pen.setWidthF(max(2.0, size / 10))
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = pen.widthF() / 2
        painter.drawRect(QRectF(left + c * size + inset, top + r * size + inset, size - 2 * inset, size - 2 * inset))
    if show_caption and rect.height() >= 200:
        strip = QRectF(rect.left() + 4, rect.bottom() - 22, rect.width() - 8, 20)
        font, words = fitted_caption(QFont(painter.font()), caption(board), strip.width())
        painter.setFont(font)
        painter.setPen(text)
        painter.drawText(strip, Qt.AlignmentFlag.AlignCenter, words)
    painter.restore()


def _bit_table(bit: int) -> bytes:
    return bytes(1 if value & bit else 0 for value in range(256))


_HAS = {bit: _bit_table(bit) for bit in (pm.TOP, pm.BOTTOM, pm.LEFT, pm.RIGHT)}


def _or(a: bytes, b: bytes) -> bytes:
    return (int.from_bytes(a, "big") | int.from_bytes(b, "big")).to_bytes(len(a), "big")


def _outline_segments(borders, h: int, w: int, left: float, top: float, size: float) -> list:
    """Border bits turned into line segments, one per straight run along a grid line.
    The bit planes are sliced as bytes, so a 60x60 board costs a few hundred C calls."""
    bits = bytes(borders)
    tops, bottoms = bits.translate(_HAS[pm.TOP]), bits.translate(_HAS[pm.BOTTOM])
    lefts, rights = bits.translate(_HAS[pm.LEFT]), bits.translate(_HAS[pm.RIGHT])
    zero_row, zero_col = bytes(w), bytes(h)
    segments = []
    for r in range(h + 1):
        line = _or(
            tops[r * w : (r + 1) * w] if r < h else zero_row, bottoms[(r - 1) * w : r * w] if r > 0 else zero_row
        )
        y = top + r * size
        for start, end in _runs(line):
            segments.append((left + start * size, y, left + end * size, y))
    for c in range(w + 1):
        line = _or(lefts[c::w] if c < w else zero_col, rights[c - 1 :: w] if c > 0 else zero_col)
        x = left + c * size
        for start, end in _runs(line):
            segments.append((x, top + start * size, x, top + end * size))
    return segments


def _runs(line: bytes):
    start = line.find(1)
    while start >= 0:
        end = line.find(0, start)
        if end < 0:
            end = len(line)
        yield start, end
        start = line.find(1, end)


def _draw_anchors(painter: QPainter, board: pm.Board, p: pm.Painting, left: float, top: float, size: float) -> None:
    """The anchor of each piece: its letter when cells are large enough, else a dot."""
    anchors = [it for it in p.items if not it.is_terrain]
    if not anchors:
        return
    if size >= 16:
        font = QFont(painter.font())
        font.setPixelSize(max(8, int(size * 0.45)))
        font.setBold(True)
        painter.setFont(font)
        ring = QPen(PIECE_TEXT)
        ring.setWidthF(max(1.0, size / 22))
        for it in anchors:
            cell = QRectF(left + it.col * size, top + it.row * size, size, size)
            painter.setPen(ring)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(cell.center(), size * 0.33, size * 0.33)
            painter.drawText(cell, Qt.AlignmentFlag.AlignCenter, it.name)
    else:
        pen = QPen(PIECE_TEXT)
        pen.setWidthF(max(2.0, size * 0.35))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        # Many small boards' worth of anchors: square dots in one call.
        pen = QPen(PIECE_TEXT)
        pen.setWidthF(max(2.0, size * 0.36))
        pen.setCapStyle(Qt.PenCapStyle.SquareCap)
        painter.setPen(pen)
        painter.drawPoints(
            QPolygonF([QPointF(left + (it.col + 0.5) * size, top + (it.row + 0.5) * size) for it in anchors])
        )
        painter.setBrush(Qt.BrushStyle.NoBrush)


def _arrow(painter: QPainter, centre: QPointF, along: QPointF, heads: int, length: float) -> None:
    """A chevron arrow through centre pointing along `along` (a unit vector), with 1 or 2 heads."""
    normal = QPointF(-along.y(), along.x())
    tail = centre - along * (length / 2)
    tip = centre + along * (length / 2)
    painter.drawLine(QLineF(tail, tip))
    barb = length * 0.3
    for k in range(heads):
        point = tip - along * (k * barb * 0.8)
        painter.drawLine(QLineF(point, point - along * barb + normal * barb * 0.75))
        painter.drawLine(QLineF(point, point - along * barb - normal * barb * 0.75))


def _draw_frame_and_seams(
    painter: QPainter, board: pm.Board, grid: QRectF, size: float, margin: float, text: QColor
) -> None:
    seams = pm.SEAMS[board.surface]
    edges = {
        "top": (grid.topLeft(), grid.topRight(), QPointF(1, 0), QPointF(0, -1)),
        "bottom": (grid.bottomLeft(), grid.bottomRight(), QPointF(1, 0), QPointF(0, 1)),
        "left": (grid.topLeft(), grid.bottomLeft(), QPointF(0, 1), QPointF(-1, 0)),
        "right": (grid.topRight(), grid.bottomRight(), QPointF(0, 1), QPointF(1, 0)),
    }
    wall = QPen(text)
    wall.setWidthF(max(2.0, margin / 6))
    wall.setCapStyle(Qt.PenCapStyle.SquareCap)
    for name, (a, b, along, outward) in edges.items():
        if name not in seams:
            painter.setPen(wall)
            painter.drawLine(QLineF(a, b))
            continue
        pair, direction = seams[name]
        color = SEAM_COLORS[pair]
        pen = QPen(color)
        pen.setWidthF(max(2.0, margin / 7))
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLine(QLineF(a, b))
        pen.setStyle(Qt.PenStyle.SolidLine)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        length = min(margin * 1.2, QLineF(a, b).length() * 0.3)
        offset = outward * (margin * 0.55)
        span = QLineF(a, b).length()
        # One arrow per stretch of about four cells' worth of edge, at least one.
        count = max(1, min(3, int(span / max(margin * 6, 1))))
        for k in range(count):
            centre = a + (b - a) * ((k + 0.5) / count) + offset
            _arrow(painter, centre, along * direction, pair + 1, length)


def _draw_overflow_marks(
    painter: QPainter, board: pm.Board, p: pm.Painting, grid: QRectF, size: float, margin: float
) -> None:
    """A red wedge in the margin where a piece runs off the board: beside the edge cell the
    web app marks, on the side (or sides) the piece leaves through."""
    if not p.overflow:
        return
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(CONFLICT)
    depth = min(margin * 0.45, size)
    h, w = board.height, board.width
    sides = set()
    for index in p.overflow:
        it = p.items[index]
        for dx, dy in pm.offsets(it.name, it.rotation, it.reflected):
            x, y, _t = pm.map_cell(board.surface, h, w, it.row + dx, it.col + dy)
            r, c = min(max(x, 0), h - 1), min(max(y, 0), w - 1)
            if x < 0:
                sides.add((r, c, "top"))
            elif x >= h:
                sides.add((r, c, "bottom"))
            if y < 0:
                sides.add((r, c, "left"))
            elif y >= w:
                sides.add((r, c, "right"))
    for r, c, side in sides:
        x0, y0 = grid.left() + c * size, grid.top() + r * size
        x1, y1 = x0 + size, y0 + size
        if side == "top":
            wedge = (QPointF(x0, y0), QPointF(x1, y0), QPointF(x0 + size / 2, y0 - depth))
        elif side == "bottom":
            wedge = (QPointF(x0, y1), QPointF(x1, y1), QPointF(x0 + size / 2, y1 + depth))
        elif side == "left":
            wedge = (QPointF(x0, y0), QPointF(x0, y1), QPointF(x0 - depth, y0 + size / 2))
        else:
            wedge = (QPointF(x1, y0), QPointF(x1, y1), QPointF(x1 + depth, y0 + size / 2))
        painter.drawPolygon(QPolygonF(list(wedge)))
    painter.setBrush(Qt.BrushStyle.NoBrush)


def _draw_ghost(
    painter: QPainter, board: pm.Board, p: pm.Painting, grid: QRectF, size: float, ghost: tuple, text: QColor
) -> None:
    name, row, col, rotation, reflected = ghost
    on, off = pm.placed_cells(board.surface, board.height, board.width, name, row, col, rotation, reflected)
    fill = QColor(item_color(board, name))
    fill.setAlpha(150)
    w = board.width
    for r, c, _bits in on:
        cell = QRectF(grid.left() + c * size, grid.top() + r * size, size, size)
        painter.fillRect(cell, fill)
    pen = QPen(text)
    pen.setWidthF(max(1.5, size / 12))
    pen.setStyle(Qt.PenStyle.DashLine)
    lines = []
    clash = []
    for r, c, bits in on:
        x0, y0 = grid.left() + c * size, grid.top() + r * size
        lines.extend(_cell_edges(bits, x0, y0, size))
        o = p.owner[r * w + c]
        if o >= 0 and (p.items[o].row, p.items[o].col) != (row, col):
            clash.append(QRectF(x0, y0, size, size))
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    _draw_segments(painter, lines)
    if clash or off:
        bad = QPen(CONFLICT)
        bad.setWidthF(max(2.0, size / 8))
        painter.setPen(bad)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for cell in clash:
            painter.drawRect(cell.adjusted(2, 2, -2, -2))
        for r, c in off:
            painter.drawRect(QRectF(grid.left() + c * size, grid.top() + r * size, size, size).adjusted(1, 1, -1, -1))


def _cell_edges(bits: int, x0: float, y0: float, size: float) -> list[tuple[float, float, float, float]]:
    """The outline segments of one cell whose border flags (pm.TOP...) are set in `bits`."""
    x1, y1 = x0 + size, y0 + size
    edges = []
    if bits & pm.TOP:
        edges.append((x0, y0, x1, y0))
    if bits & pm.BOTTOM:
        edges.append((x0, y1, x1, y1))
    if bits & pm.LEFT:
        edges.append((x0, y0, x0, y1))
    if bits & pm.RIGHT:
        edges.append((x1, y0, x1, y1))
    return edges


def _draw_target(painter: QPainter, board: pm.Board, item: pm.Item, grid: QRectF, size: float, color: QColor) -> None:
    """Outline all cells of one placed item, wherever the seams took them, so a person sees
    the whole piece a click would pick up and how it wraps."""
    on, _off = pm.placed_cells(
        board.surface, board.height, board.width, item.name, item.row, item.col, item.rotation, item.reflected
    )
    fill = QColor(color)
    fill.setAlpha(70)
    lines = []
    for r, c, bits in on:
        x0, y0 = grid.left() + c * size, grid.top() + r * size
        painter.fillRect(QRectF(x0, y0, size, size), fill)
        lines.extend(_cell_edges(bits, x0, y0, size))
    pen = QPen(color)
    pen.setWidthF(max(2.0, size / 10))
    pen.setCapStyle(Qt.PenCapStyle.SquareCap)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    _draw_segments(painter, lines)


def preferred_size(board: pm.Board) -> QSize:
    cell = max(12, min(56, 560 // max(board.height, board.width)))
    width = max(360, cell * board.width + 120)
    height = cell * board.height + 100 + 22
    return QSize(width, max(240, height))


def piece_icon(name: str, color: QColor, size: int = 34, rotation: int = 0, reflected: bool = False) -> QIcon:
    """A small drawing of a piece (or a terrain square) for the palette, with its letter."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    cells = pm.offsets(name, rotation, reflected)
    rows = [dx for dx, _ in cells]
    cols = [dy for _, dy in cells]
    # The letter takes the top-left corner; the shape fills the rest.
    area = (
        QRectF(size * 0.28, size * 0.22, size * 0.7, size * 0.76)
        if name != pm.TERRAIN
        else QRectF(size * 0.2, size * 0.2, size * 0.6, size * 0.6)
    )
    span_r, span_c = max(rows) - min(rows) + 1, max(cols) - min(cols) + 1
    unit = min(area.width() / span_c, area.height() / span_r, size / 5) if name != pm.TERRAIN else area.width()
    ox = area.left() + (area.width() - unit * span_c) / 2
    oy = area.top() + (area.height() - unit * span_r) / 2
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    path = QPainterPath()
    for dx, dy in cells:
        path.addRect(QRectF(ox + (dy - min(cols)) * unit, oy + (dx - min(rows)) * unit, unit, unit))
    path = path.simplified()
    painter.fillPath(path, color)
    if name == pm.TERRAIN:
        painter.fillPath(path, QBrush(TERRAIN_HATCH, Qt.BrushStyle.BDiagPattern))
    else:
        font = QFont(painter.font())
        font.setPixelSize(int(size * 0.36))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(Qt.GlobalColor.black)
        painter.drawText(QRectF(0, 0, size * 0.34, size * 0.34), Qt.AlignmentFlag.AlignCenter, name)
    painter.end()
    return QIcon(pixmap)


# --- the canvas --------------------------------------------------------------------------


class PentominoCanvas(BoardCanvas):
    """Draws the board and turns mouse and keys into requests; the page makes the edits."""

    place_requested = Signal(int, int)  # row, col: put the current tool there
    pick_requested = Signal(int, int)  # row, col: pick up the item covering the cell
    remove_requested = Signal(int, int)  # row, col: remove the item covering the cell
    rotate_requested = Signal(int)  # +1 right, -1 left
    mirror_requested = Signal(bool)  # True: left-right, False: up-down
    drop_requested = Signal()  # Escape: put the tool down

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.board = pm.new_board()
        self._painting: pm.Painting | None = None
        self._painted_board = None
        self.tool: tuple | None = None  # (name, rotation, reflected) or None
        self.hover: tuple[int, int] | None = None
        self.shift = False  # Shift held: a click places even over a piece
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(280, 280)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setToolTip(
            "Click to place the chosen piece, click a placed piece to pick it up "
            "(Shift+click places over it). "
            "R or right click or wheel: rotate; F / Shift+F: mirror; Delete: remove; "
            "arrows + Enter: place with the keyboard; Escape: put the piece down"
        )

    def sizeHint(self) -> QSize:
        return QSize(620, 620)

    def painting(self) -> pm.Painting:
        # One board is painted many times (mouse moves): keep its painting.
        if self._painted_board is not self.board:
            self._painting = pm.paint(self.board)
            self._painted_board = self.board  # type: ignore[assignment]
        return self._painting

    def set_board(self, board: pm.Board) -> None:
        self.board = board
        if self.hover is not None and not (self.hover[0] < board.height and self.hover[1] < board.width):
            self.hover = None
        self.update()

    def cell_center(self, row: int, col: int) -> QPointF:
        return cell_center(QRectF(self.rect()), self.board, row, col)

    def _covering(self) -> int | None:
        """Index of the item painted on the hovered cell, if any."""
        if self.hover is None:
            return None
        o = self.painting().owner[self.hover[0] * self.board.width + self.hover[1]]
        return o if o >= 0 else None

    def picks_up(self) -> bool:
        """Whether a click on the hovered cell picks a piece up (rather than placing)."""
        return self._covering() is not None and (self.tool is None or not self.shift)

    def ghost(self) -> tuple | None:
        """The piece a click would place, where it would place it; None where a click picks
        a piece up instead (as the web app shows no preview over a placed piece)."""
        if self.tool is None or self.hover is None or self.picks_up():
            return None
        name, rotation, reflected = self.tool
        return (name, self.hover[0], self.hover[1], rotation, reflected)

    def target(self) -> int | None:
        """Index (in the painting's items) of the item a click would pick up."""
        return self._covering() if self.picks_up() else None

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        paint(
            painter,
            QRectF(self.rect()),
            self.board,
            self.palette(),
            painting=self.painting(),
            ghost=self.ghost(),
            target=self.target(),
            cursor=self.hover if self.hasFocus() and self.tool is None else None,
        )

    def _set_shift(self, modifiers, key: int = 0, pressed: bool = True) -> None:
        # The event of the Shift key itself may carry the modifiers from before it (X11).
        shift = pressed if key == Qt.Key.Key_Shift else bool(modifiers & Qt.KeyboardModifier.ShiftModifier)
        if shift != self.shift:
            self.shift = shift
            self.update()

    # --- mouse --------------------------------------------------------------------
    def _cell(self, event) -> tuple[int, int] | None:
        return cell_at(QRectF(self.rect()), self.board, event.position())

    def mouseMoveEvent(self, event) -> None:
        self._set_shift(event.modifiers())
        cell = self._cell(event)
        if cell != self.hover:
            self.hover = cell
            self.update()

    def leaveEvent(self, event) -> None:
        if self.hover is not None and not self.hasFocus():
            self.hover = None
            self.update()

    def mousePressEvent(self, event) -> None:
        self.setFocus()
        cell = self._cell(event)
        if event.button() == Qt.MouseButton.RightButton:
            self.rotate_requested.emit(-1 if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else 1)
            return
        if cell is None or event.button() != Qt.MouseButton.LeftButton:
            return
        self.hover = cell
        self._activate(cell, event.modifiers())

    def _activate(self, cell: tuple[int, int], modifiers=Qt.KeyboardModifier.NoModifier) -> None:
        r, c = cell
        covered = self.painting().owner[r * self.board.width + c] >= 0
        if covered and (self.tool is None or not modifiers & Qt.KeyboardModifier.ShiftModifier):
            self.pick_requested.emit(r, c)
        elif self.tool is not None:
            self.place_requested.emit(r, c)

    def wheelEvent(self, event) -> None:
        steps = event.angleDelta().y()
        if steps:
            self.rotate_requested.emit(1 if steps < 0 else -1)
        event.accept()

    # --- keys ---------------------------------------------------------------------
    def keyReleaseEvent(self, event) -> None:
        self._set_shift(event.modifiers(), event.key(), False)
        super().keyReleaseEvent(event)

    def keyPressEvent(self, event) -> None:
        key = event.key()
        mods = event.modifiers()
        self._set_shift(mods, key)
        if mods & (
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.MetaModifier
        ):
            super().keyPressEvent(event)
            return
        moves = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
        if key in moves:
            r, c = self.hover or (0, 0)
            dr, dc = moves[key]
            self.hover = ((r + dr) % self.board.height, (c + dc) % self.board.width)
            self.update()
        elif key == Qt.Key.Key_R:
            self.rotate_requested.emit(-1 if mods & Qt.KeyboardModifier.ShiftModifier else 1)
        elif key == Qt.Key.Key_F:
            self.mirror_requested.emit(not mods & Qt.KeyboardModifier.ShiftModifier)
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            if self.hover is not None:
                self.remove_requested.emit(*self.hover)
        elif key == Qt.Key.Key_Escape:
            self.drop_requested.emit()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if self.hover is not None:
                self._activate(self.hover, mods)
        else:
            super().keyPressEvent(event)


# --- the page ------------------------------------------------------------------------------

_SIZE_EDIT = 1  # undo merge id of resizes


class PentominoPage(GamePage):
    canvas: PentominoCanvas
    GAME = pm.NAME

    def __init__(self, settings=None, parent=None):
        super().__init__(settings, parent)
        self.tool_name: str | None = "F"
        self.rotation = 0
        self.reflected = False
        self._updating = False

        canvas = PentominoCanvas()
        canvas.place_requested.connect(self.place_at)
        canvas.pick_requested.connect(self.pick_up)
        canvas.remove_requested.connect(self.remove_at)
        canvas.rotate_requested.connect(self.rotate)
        canvas.mirror_requested.connect(self.mirror)
        canvas.drop_requested.connect(self.drop_tool)
        self.set_canvas(canvas)

        self.add_heading("Pieces")
        self.piece_buttons: dict[str, QToolButton] = {}
        grid = QGridLayout()
        grid.setSpacing(3)
        for i, name in enumerate(pm.PIECES + pm.TERRAIN):
            button = QToolButton()
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setIconSize(QSize(34, 34))
            button.setFixedSize(44, 44)
            button.setAccessibleName("terrain" if name == pm.TERRAIN else f"piece {name}")
            button.clicked.connect(lambda _=False, n=name: self.choose(n))
            grid.addWidget(button, i // 4, i % 4)
            self.piece_buttons[name] = button
        self.tool_layout.addLayout(grid)

        self.add_heading("Orientation")
        row = QHBoxLayout()
        self.rotate_button = self._button(
            "⟳  R",
            "Rotate the piece a quarter turn clockwise (R, right click or mouse wheel; Shift+R turns back)",
            lambda: self.rotate(1),
        )
        self.mirror_lr_button = self._button("⇆  F", "Mirror left-right (F)", lambda: self.mirror(True))
        self.mirror_ud_button = self._button("⇅  ⇧F", "Mirror up-down (Shift+F)", lambda: self.mirror(False))
        for b in (self.rotate_button, self.mirror_lr_button, self.mirror_ud_button):
            b.setMinimumWidth(10)
            row.addWidget(b)
        self.tool_layout.addLayout(row)
        self.orientation_label = QLabel()
        self.orientation_label.setWordWrap(True)
        self.tool_layout.addWidget(self.orientation_label)
        row = QHBoxLayout()
        self.remove_button = self._button("Remove", "Remove the piece under the cursor (Delete)", self._remove_hover)
        self.drop_button = self._button(
            "Put down", "Put the chosen piece down, so clicks pick pieces up (Escape)", self.drop_tool
        )
        for b in (self.remove_button, self.drop_button):
            b.setMinimumWidth(10)
        row.addWidget(self.remove_button)
        row.addWidget(self.drop_button)
        self.tool_layout.addLayout(row)

        self.add_heading("Board state")
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        self.tool_layout.addWidget(self.summary_label)
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        self.problems_label.setObjectName("pentominoProblems")
        self.tool_layout.addWidget(self.problems_label)

        self.add_heading("Colour")
        self.color_box = QComboBox()
        self.color_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for i, color in enumerate(PIECE_COLORS):
            pixmap = QPixmap(14, 14)
            pixmap.fill(color)
            self.color_box.addItem(QIcon(pixmap), f"colour {i}", i)
        self.color_box.setToolTip(
            "Colour of the chosen piece's name (every copy of it). Colours 0-11 are what the slug stores"
        )
        self.color_box.activated.connect(self._color_chosen)
        self.tool_layout.addWidget(self.color_box)

        self.add_heading("Board")
        form = QGridLayout()
        form.addWidget(QLabel("Surface"), 0, 0)
        self.surface_box = QComboBox()
        for letter, title in pm.SURFACES.items():
            self.surface_box.addItem(title, letter)
        self.surface_box.setToolTip("The surface the board lives on: which edges meet, and how")
        self.surface_box.activated.connect(self._surface_chosen)
        form.addWidget(self.surface_box, 0, 1)
        form.addWidget(QLabel("Height"), 1, 0)
        self.height_box = QSpinBox()
        self.height_box.setRange(pm.MIN_SIZE, pm.MAX_SIZE)
        self.height_box.setToolTip(
            "Rows (1-60). Pieces that then run off the board show as conflicts; "
            "pieces anchored below it are taken off and come back if the board grows "
            "again before the next edit"
        )
        self.height_box.valueChanged.connect(self._size_chosen)
        form.addWidget(self.height_box, 1, 1)
        form.addWidget(QLabel("Width"), 2, 0)
        self.width_box = QSpinBox()
        self.width_box.setRange(pm.MIN_SIZE, pm.MAX_SIZE)
        self.width_box.setToolTip(
            "Columns (1-60); a sphere is always square. Pieces anchored right of "
            "the board are taken off and come back if it grows again before the next edit"
        )
        self.width_box.valueChanged.connect(self._size_chosen)
        form.addWidget(self.width_box, 2, 1)
        self.tool_layout.addLayout(form)
        self.seam_label = QLabel()
        self.seam_label.setWordWrap(True)
        self.tool_layout.addWidget(self.seam_label)
        clear = self._button("Clear pieces", "Remove every piece, keep terrain, size and colours", self._clear_pieces)
        self.tool_layout.addWidget(clear)

        self._problem_lines: tuple[list, bool] = ([], False)
        self.undo_stack.indexChanged.connect(self._undo_moved)
        self._refresh_tool()
        self.board_shown(self.board)

    def _button(self, text: str, tip: str, slot) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.clicked.connect(lambda _=False: (slot(), self.canvas.setFocus()))
        return button

    # --- tool ------------------------------------------------------------------------
    def choose(self, name: str | None) -> None:
        """Take a piece (or terrain, "R") from the palette, or None to have empty hands."""
        self.tool_name = name
        self._refresh_tool()
        self.canvas.setFocus()

    def drop_tool(self) -> None:
        self.tool_name = None
        self._refresh_tool()

    def rotate(self, step: int = 1) -> None:
        self.rotation = (self.rotation + step) % 4
        self._refresh_tool()

    def mirror(self, left_right: bool = True) -> None:
        turn = pm.mirrored_left_right if left_right else pm.mirrored_up_down
        self.rotation, self.reflected = turn(self.rotation, self.reflected)
        self._refresh_tool()

    def _refresh_tool(self) -> None:
        for name, button in self.piece_buttons.items():
            button.setChecked(name == self.tool_name)
        name = self.tool_name  # type: ignore[assignment]
        self.canvas.tool = (name, self.rotation, self.reflected) if name else None
        if name is None:
            self.orientation_label.setText("No piece chosen: click a piece on the board to pick it up")
        elif name == pm.TERRAIN:
            self.orientation_label.setText("Terrain: click cells to block them")
        else:
            o = self.rotation + 4 * self.reflected
            self.orientation_label.setText(
                f"{name}: rotation {self.rotation}, {'reflected' if self.reflected else 'not reflected'} (code {o})"
            )
        for b in (self.rotate_button, self.mirror_lr_button, self.mirror_ud_button):
            b.setEnabled(name is not None and name != pm.TERRAIN)
        self.color_box.setEnabled(name in PIECE_NAMES if name else False)
        if name in PIECE_NAMES:
            self.color_box.setCurrentIndex(self.board.color_of(name))
        self._refresh_icons()
        self.canvas.update()

    def _refresh_icons(self) -> None:
        for name, button in self.piece_buttons.items():
            rotation, reflected = (self.rotation, self.reflected) if name == self.tool_name else (0, False)
            button.setIcon(piece_icon(name, item_color(self.board, name), 34, rotation, reflected))
            if name == pm.TERRAIN:
                button.setToolTip("Terrain: a blocked cell (slug letter R)")
            else:
                button.setToolTip(f"Place {name} (colour {self.board.color_of(name)}); Escape puts it down")

    # --- edits -----------------------------------------------------------------------
    def place_at(self, row: int, col: int) -> None:
        if self.tool_name is None:
            return
        board = pm.place(self.board, self.tool_name, row, col, self.rotation, self.reflected)
        what = "terrain" if self.tool_name == pm.TERRAIN else self.tool_name
        self.set_board(board, f"Place {what} at ({row}, {col})")

    def _covering(self, row: int, col: int) -> pm.Item | None:
        p = self.canvas.painting()
        o = p.owner[row * self.board.width + col]
        return p.items[o] if o >= 0 else None

    def pick_up(self, row: int, col: int) -> None:
        """Take the item covering (row, col) off the board and into the hand."""
        item = self._covering(row, col)
        if item is None:
            return
        self.set_board(
            pm.remove_at(self.board, item.row, item.col),
            f"Pick up {'terrain' if item.is_terrain else item.name} at ({item.row}, {item.col})",
        )
        self.tool_name = item.name
        if not item.is_terrain:
            self.rotation, self.reflected = item.rotation, item.reflected
        self._refresh_tool()

    def remove_at(self, row: int, col: int) -> None:
        item = self._covering(row, col)
        if item is None:
            self.show_status("Nothing to remove there")
            return
        self.set_board(
            pm.remove_at(self.board, item.row, item.col),
            f"Remove {'terrain' if item.is_terrain else item.name} at ({item.row}, {item.col})",
        )

    def _remove_hover(self) -> None:
        if self.canvas.hover is not None:
            self.remove_at(*self.canvas.hover)

    def _clear_pieces(self) -> None:
        self.set_board(pm.replace(self.board, pieces=()), "Clear pieces")  # type: ignore[attr-defined]

    def _color_chosen(self, index: int) -> None:
        if self.tool_name in PIECE_NAMES:
            self.set_board(pm.with_color(self.board, self.tool_name, index), f"Colour {self.tool_name}")
        self.canvas.setFocus()

    def _surface_chosen(self, index: int) -> None:
        if self._updating:
            return
        letter = self.surface_box.itemData(index)
        self.set_board(pm.with_surface(self.board, letter), f"Surface {pm.SURFACES[letter]}")
        self.canvas.setFocus()  # so R, F and the arrows act on the board again

    def _size_chosen(self, _value: int = 0) -> None:
        if self._updating:
            return
        height, width = pm.requested_size(self.board, self.height_box.value(), self.width_box.value())
        # Steps of one resize (spin box clicks, typing) merge into one undo step, and each
        # is applied to the board from before the first: shrinking and growing back brings
        # back the pieces that were anchored outside in between.
        base = self._resize_base()
        board = pm.resized(base if base is not None else self.board, height, width)
        self.set_board(board, f"Size {height}x{width}", merge_id=_SIZE_EDIT)
        dropped = pm.taken_off(base if base is not None else self.board, board)
        if dropped:
            self.show_status(
                f"{len(dropped)} item{'s' if len(dropped) > 1 else ''} anchored outside "
                f"{height}×{width} taken off; grow the board again or undo to bring them back"
            )

    def _show_problems(self) -> None:
        """The conflicts, and the items the last resize took off while that resize is the
        last edit. Also run when the undo stack moves: it does so after the board is shown."""
        shown, error = self._problem_lines
        base = self._resize_base()
        dropped = pm.taken_off(base, self.board) if base is not None else []
        if dropped:
            names = ", ".join(dropped[:6]) + (f" and {len(dropped) - 6} more" if len(dropped) > 6 else "")
            shown = [f"Off the {self.board.height}×{self.board.width} board (grow it again or undo): {names}"] + shown
        self.problems_label.setText("<br>".join(shown) if shown else "No conflicts")
        self.problems_label.setStyleSheet("color: #e11d24" if dropped or error else "")

    def _undo_moved(self, _index: int) -> None:
        # The stack also signals while it is being destroyed with the page.
        if shiboken6.isValid(self.undo_stack) and shiboken6.isValid(self.problems_label):
            self._show_problems()

    def _resize_command(self):
        """The undo command of the resize that made the current board, if that is the last edit."""
        index = self.undo_stack.index()
        if index == 0 or index != self.undo_stack.count():
            return None
        command = self.undo_stack.command(index - 1)
        return command if command.id() == _SIZE_EDIT and command.new is self.board else None

    def _resize_base(self) -> pm.Board | None:
        command = self._resize_command()
        return command.old if command is not None else None

    # --- showing ---------------------------------------------------------------------
    def board_shown(self, board: pm.Board) -> None:
        self.canvas.set_board(board)
        self._updating = True
        try:
            self.surface_box.setCurrentIndex(list(pm.SURFACES).index(board.surface))
            self.height_box.setValue(board.height)
            self.width_box.setValue(board.width)
            self.width_box.setEnabled(board.surface != "S")
        finally:
            self._updating = False
        self.seam_label.setText(pm.SEAM_TEXT[board.surface].capitalize() + ".")
        # One painting serves the canvas, the summary and the problem list.
        painting = self.canvas.painting()
        covered = board.cell_count - painting.count.count(0)
        state = "complete solution" if pm.is_complete(board, painting) else f"{board.cell_count - covered} empty cells"
        self.summary_label.setText(
            f"{len(board.pieces)} pieces, {len(board.terrain)} terrain, "
            f"{covered} of {board.cell_count} cells covered: {state}"
        )
        problems = pm.problems(board, painting)
        shown = [p.message for p in problems[:8]]
        if len(problems) > 8:
            shown.append(f"… and {len(problems) - 8} more")
        self._problem_lines = shown, any(p.severity == "error" for p in problems)
        self._show_problems()
        self._refresh_tool()


VIEW = GameView(page=PentominoPage, paint=paint, preferred_size=preferred_size)

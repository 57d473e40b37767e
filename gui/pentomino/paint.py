"""Drawing the board: one paint function shared by the window, --export and image export."""

from __future__ import annotations

import struct

from PySide6.QtCore import QLineF, QPointF, QRectF, QSize, Qt
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

from slugboard.codecs import pentomino as pm
from slugboard.gui.drawing import is_vector

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


def board_layout(rect: QRectF, board: pm.Board) -> tuple[QRectF, float, float]:
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
    grid, size, _ = board_layout(rect, board)
    if not grid.contains(point):
        return None
    row = min(board.height - 1, int((point.y() - grid.top()) / size))
    col = min(board.width - 1, int((point.x() - grid.left()) / size))
    return row, col


def cell_center(rect: QRectF, board: pm.Board, row: int, col: int) -> QPointF:
    grid, size, _ = board_layout(rect, board)
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
    added: frozenset[tuple[str, int, int]] = frozenset(),
    **_state,
) -> None:
    """Draw the board. `ghost` = (name, row, col, rotation, reflected) previews a piece;
    `target` (an index into the painting's items) outlines every cell of the item a click
    would pick up, across the seams; `cursor` outlines the keyboard cell; `painting` is
    pm.paint(board) if already known. `added` names the pieces, as (name, row, col), that a
    completion being browsed adds: they are drawn pale, so the pieces placed by hand stand
    out."""
    p = painting if painting is not None else pm.paint(board)
    grid, size, margin = board_layout(rect, board)
    h, w = board.height, board.width
    left, top = grid.left(), grid.top()
    base = palette.color(QPalette.ColorRole.Base)
    text = palette.color(QPalette.ColorRole.Text)
    painter.save()
    plain_font = QFont(painter.font())  # the caption's, before the anchors' letters turn the font bold
    painter.fillRect(grid, base)

    _draw_cells(painter, board, p, grid, size, base, added)

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
        _draw_cursor(painter, cursor, left, top, size, palette.color(QPalette.ColorRole.Highlight))
    if show_caption and rect.height() >= 200:
        strip = QRectF(rect.left() + 4, rect.bottom() - 22, rect.width() - 8, 20)
        font, words = fitted_caption(plain_font, caption(board), strip.width())
        painter.setFont(font)
        painter.setPen(text)
        painter.drawText(strip, Qt.AlignmentFlag.AlignCenter, words)
    painter.restore()


def _draw_cells(
    painter: QPainter, board: pm.Board, p: pm.Painting, grid: QRectF, size: float, base: QColor, added
) -> None:
    """The cells' fills in their pieces' colours, terrain hatched, conflicts red with a
    white cross; a completion's added pieces washed pale."""
    h, w = board.height, board.width
    left, top = grid.left(), grid.top()
    # Cell fills. Conflicts are solid red with white stripes.
    owner = p.owner
    keys = [12 if it.is_terrain else board.color_of(it.name) for it in p.items]
    cell_keys = [keys[o] if o >= 0 else -1 for o in owner]
    for r, c in p.red:
        cell_keys[r * w + c] = 13
    if is_vector(painter):
        _fill_cells(painter, cell_keys, h, w, left, top, size)
    else:
        # One pixel per cell in a small image, scaled up without smoothing, so a 60x60
        # board costs one draw call.
        pixels = _PIXELS.copy()
        pixels[-1] = struct.pack("=I", base.rgba())
        data = b"".join([pixels[k] for k in cell_keys])
        image = QImage(data, w, h, 4 * w, QImage.Format.Format_ARGB32)
        painter.drawImage(grid, image)
    if added:
        _wash_added(painter, p, added, w, left, top, size, base)
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


def _draw_cursor(painter: QPainter, cursor: tuple[int, int], left: float, top: float, size: float, colour) -> None:
    """The keyboard's cell, outlined."""
    r, c = cursor
    pen = QPen(colour)
    pen.setWidthF(max(2.0, size / 10))
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    inset = pen.widthF() / 2
    painter.drawRect(QRectF(left + c * size + inset, top + r * size + inset, size - 2 * inset, size - 2 * inset))


ADDED_WASH = 150  # alpha of the window's base colour laid over a completion's added pieces


def _wash_added(
    painter: QPainter,
    p: pm.Painting,
    added: frozenset[tuple[str, int, int]],
    w: int,
    left: float,
    top: float,
    size: float,
    base: QColor,
) -> None:
    """The cells of the pieces a browsed completion adds, washed with the base colour: pale
    but still in their colours, with their outlines and letters drawn over them as usual."""
    pale = {i for i, it in enumerate(p.items) if (it.name, it.row, it.col) in added}
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for cell, o in enumerate(p.owner):
        if o in pale:
            r, c = divmod(cell, w)
            path.addRect(QRectF(left + c * size, top + r * size, size, size))
    wash = QColor(base)
    wash.setAlpha(ADDED_WASH)
    painter.fillPath(path.simplified(), wash)


def _fill_cells(painter: QPainter, cell_keys: list[int], h: int, w: int, left: float, top: float, size: float) -> None:
    """The cell fills as shapes, for a drawing: one path per colour, made of each row's runs
    of cells of that colour (one shape, so no renderer shows seams between its cells)."""
    colours = PIECE_COLORS + (TERRAIN_FILL, CONFLICT)
    paths: dict[int, QPainterPath] = {}
    for r in range(h):
        row = cell_keys[r * w : (r + 1) * w]
        c = 0
        while c < w:
            key = row[c]
            end = c + 1
            while end < w and row[end] == key:
                end += 1
            if key >= 0:
                path = paths.get(key)
                if path is None:
                    path = paths[key] = QPainterPath()
                    path.setFillRule(Qt.FillRule.WindingFill)
                path.addRect(QRectF(left + c * size, top + r * size, (end - c) * size, size))
            c = end
    for key, path in paths.items():
        painter.fillPath(path.simplified(), colours[key])


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


_ICONS: dict[tuple, QIcon] = {}


def piece_icon(
    name: str,
    color: QColor,
    size: int = 34,
    rotation: int = 0,
    reflected: bool = False,
    opacity: float = 1.0,
    ink: QColor | None = None,
) -> QIcon:
    """A small drawing of a piece (or a terrain square) for the palette, with its letter in
    `ink` (the button's text colour; black when not given); a lower `opacity` greys it out.
    Each drawing is made once (there are a few hundred)."""
    ink = ink if ink is not None else QColor(Qt.GlobalColor.black)
    key = (name, color.rgba(), size, rotation, reflected, opacity, ink.rgba())
    icon = _ICONS.get(key)
    if icon is None:
        icon = _ICONS[key] = _draw_piece_icon(name, color, size, rotation, reflected, opacity, ink)
    return icon


def _draw_piece_icon(
    name: str, color: QColor, size: int, rotation: int, reflected: bool, opacity: float, ink: QColor
) -> QIcon:
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
    painter.setOpacity(opacity)
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
        painter.setPen(ink)
        # In a box of whole pixels, without smoothing: a small letter's stems then land on
        # whole pixels in full ink, where smoothed ones were grey (under 4.5:1 at 28 px).
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, size >= 34)
        corner = round(size * 0.34)
        painter.drawText(QRectF(0, 0, corner, corner), Qt.AlignmentFlag.AlignCenter, name)
    painter.end()
    return QIcon(pixmap)


# --- the canvas --------------------------------------------------------------------------

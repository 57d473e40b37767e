"""Drawing a variant puzzle's regions and constraints as the sudoku community draws them:
grey thermometers with a bulb, arrows from a circle, dashed killer cages with their sum in
the corner, white and black dots, X and V on the edges, coloured lines (renban purple,
German whispers green, region-sum blue, ...), clues around the grid, and f-puzzles' and
SudokuPad's own drawings in their colours.

`paint_under` draws what sits below the digits (shading, lines, bulbs); `paint_grid_lines`
the cell and region lines; `paint_over` what sits on them (cages, dots, letters, clues).
"""

from __future__ import annotations

import json
import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPalette, QPen, QPolygonF

from slugboard.codecs import sudoku
from slugboard.codecs.sudoku.model import DIGITS
from slugboard.codecs.sudoku.variant import Constraint

GREY = QColor("#c8c8c8")
LINE_COLOURS = {
    "renban": QColor("#e066e0"),
    "whispers": QColor("#5cc85c"),
    "palindrome": QColor("#b0b0b0"),
    "regionsumline": QColor("#3399ee"),
    "entropicline": QColor("#f0a030"),
    "zipperline": QColor("#b38ae6"),
    "modularline": QColor("#33b3a6"),
    "nabner": QColor("#e6c830"),
}
# Indexer cells shaded as f-puzzles shades them: rows red, columns blue, boxes green.
INDEXER_SHADES = {"rowindexer": "#ff8080", "columnindexer": "#80b0ff", "boxindexer": "#80d080"}
CLUE_KINDS = ("littlekillersum", "sandwichsum", "xsum", "skyscraper")
DIAGONAL = QColor("#34bbe6")


def colour(text: str, default: QColor) -> QColor:
    """An f-puzzles or SudokuPad colour: #RGB, #RRGGBB or #RRGGBBAA (Qt reads #AARRGGBB)."""
    text = (text or "").strip()
    if len(text) == 9 and text.startswith("#"):
        text = "#" + text[7:9] + text[1:7]
    out = QColor(text)
    return out if out.isValid() else QColor(default)


class _Geometry:
    def __init__(self, board: sudoku.Board, grid: QRectF, size: float) -> None:
        self.n = board.size
        self.grid = grid
        self.size = size

    def centre(self, i: int) -> QPointF:
        r, c = divmod(i, self.n)
        return self.at(r + 0.5, c + 0.5)

    def at(self, r: float, c: float) -> QPointF:
        return QPointF(self.grid.left() + c * self.size, self.grid.top() + r * self.size)

    def rect(self, i: int) -> QRectF:
        r, c = divmod(i, self.n)
        return QRectF(self.at(r, c), self.at(r + 1, c + 1))

    def places(self, c: Constraint) -> list[QPointF]:
        """The centres of a drawing's cells, those on the ring around the grid included."""
        kept = _kept(c, "places")
        if kept is None:
            return [self.centre(i) for i in c.cells]
        return [self.at(r + 0.5, col + 0.5) for r, col in kept]

    def paths(self, c: Constraint) -> list[list[QPointF]]:
        kept = _kept(c, "paths")
        if kept is None:
            return [[self.centre(i) for i in line] for line in c.lines]
        return [[self.at(r + 0.5, col + 0.5) for r, col in path] for path in kept]


def _kept(c: Constraint, key: str) -> list | None:
    """A drawing's cells as the reader kept them in its style, or None when it kept none."""
    text = c.style_of(key)
    if not text:
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, list) else None


def _shadows(c: Constraint, kinds: set[str]) -> bool:
    """A copy f-puzzles writes of a constraint's look for SudokuPad (a cosmetic line or
    text with "fromConstraint"): left out where the constraint itself is drawn here, so
    nothing is drawn twice."""
    source = c.style_of("fromConstraint").replace(" ", "").lower()
    return bool(source) and source in kinds


def _middle(points: list[QPointF]) -> QPointF:
    return QPointF(sum(p.x() for p in points) / len(points), sum(p.y() for p in points) / len(points))


def _pen(c: QColor, width: float, *, dash: bool = False) -> QPen:
    pen = QPen(c, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    if dash:
        pen.setStyle(Qt.PenStyle.DashLine)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    return pen


def _polyline(painter: QPainter, points: list[QPointF]) -> None:
    if len(points) >= 2:
        painter.drawPolyline(QPolygonF(points))


def _float(text: str, default: float) -> float:
    try:
        value = float(text)
    except ValueError:
        return default
    return value if math.isfinite(value) else default


# --- under the digits -------------------------------------------------------------------


def paint_under(painter: QPainter, board: sudoku.Board, grid: QRectF, size: float, palette: QPalette) -> None:
    variant = board.variant
    assert variant is not None
    g = _Geometry(board, grid, size)
    base = palette.color(QPalette.ColorRole.Base)
    shade = QColor(GREY)
    shade.setAlpha(150)
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    kinds = {c.kind for c in variant.constraints}
    for c in variant.constraints:
        k = c.kind
        if _shadows(c, kinds):
            continue
        if k in ("extraregion", "clone"):
            for i in (*c.cells, *c.clones):
                painter.fillRect(g.rect(i), shade)
        elif k in ("minimum", "maximum"):
            painter.fillRect(g.rect(c.cells[0]), shade)
        elif k in INDEXER_SHADES:
            tint = QColor(INDEXER_SHADES[k])
            tint.setAlpha(90)
            for i in c.cells:
                painter.fillRect(g.rect(i), tint)
        elif k in ("even", "odd"):
            painter.setBrush(GREY)
            painter.setPen(Qt.PenStyle.NoPen)
            inner = g.rect(c.cells[0]).adjusted(size * 0.15, size * 0.15, -size * 0.15, -size * 0.15)
            painter.drawEllipse(inner) if k == "odd" else painter.drawRect(inner)
        elif k == "rectangle" or k == "circle":
            _shape(painter, g, c, base)
        elif k == "line":
            painter.setPen(_pen(colour(c.style_of("outlineC"), GREY), size * _float(c.style_of("width", "0.1"), 0.1)))
            for path in g.paths(c):
                _polyline(painter, path)
        elif k.startswith("sudokupad-"):
            _sudokupad(painter, g, c, under=k in ("sudokupad-lines", "sudokupad-underlays"))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for c in variant.constraints:
        k = c.kind
        if k in ("thermometer", "slowthermometer"):
            tone = QColor(GREY) if k == "thermometer" else QColor("#b9c8d8")
            painter.setPen(_pen(tone, size * 0.32))
            for line in c.lines:
                _polyline(painter, [g.centre(i) for i in line])
                if line:
                    painter.setPen(Qt.PenStyle.NoPen)
                    painter.setBrush(tone)
                    r = size * 0.4
                    painter.drawEllipse(g.centre(line[0]), r, r)
                    painter.setBrush(Qt.BrushStyle.NoBrush)
                    painter.setPen(_pen(tone, size * 0.32))
        elif k in LINE_COLOURS:
            painter.setPen(_pen(LINE_COLOURS[k], size * 0.22))
            for line in c.lines:
                _polyline(painter, [g.centre(i) for i in line])
        elif k in ("betweenline", "doublearrow"):
            painter.setPen(_pen(GREY.darker(115), max(1.5, size * 0.05)))
            for line in c.lines:
                if len(line) < 2:
                    continue
                _polyline(painter, [g.centre(i) for i in line])
                painter.setBrush(base)
                for end in (line[0], line[-1]):
                    painter.drawEllipse(g.centre(end), size * 0.4, size * 0.4)
                painter.setBrush(Qt.BrushStyle.NoBrush)
        elif k == "arrow":
            _arrow(painter, g, c, base)
    painter.restore()


def _arrow(painter: QPainter, g: _Geometry, c: Constraint, base: QColor) -> None:
    size = g.size
    tone = QColor("#9a9a9a")
    pen = _pen(tone, max(1.5, size * 0.06))
    bulb = list(c.cells)
    for line in c.lines:
        points = [g.centre(i) for i in line]
        if len(points) < 2:
            continue
        # From the edge of the bulb, not its centre, to the last cell, with a head.
        first = QLineF(points[0], points[1])
        if first.length() > 0:
            first.setLength(size * 0.4)
            points[0] = first.p2()
        painter.setPen(pen)
        _polyline(painter, points)
        tail = QLineF(points[-1], points[-2])
        angle = math.radians(tail.angle())
        for turn in (0.5, -0.5):
            end = QPointF(
                points[-1].x() + size * 0.25 * math.cos(angle + turn),
                points[-1].y() - size * 0.25 * math.sin(angle + turn),
            )
            painter.drawLine(points[-1], end)
    if bulb:
        painter.setBrush(base)
        painter.setPen(pen)
        if len(bulb) == 1:
            painter.drawEllipse(g.centre(bulb[0]), size * 0.38, size * 0.38)
        else:
            rect = QRectF()
            for i in bulb:
                rect = rect.united(g.rect(i)) if not rect.isNull() else g.rect(i)
            inset = size * 0.12
            painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), size * 0.38, size * 0.38)
        painter.setBrush(Qt.BrushStyle.NoBrush)


def _shape(painter: QPainter, g: _Geometry, c: Constraint, base: QColor) -> None:
    points = g.places(c)
    if not points:
        return
    centre = _middle(points)
    w = g.size * _float(c.style_of("width", "0.5"), 0.5)
    h = g.size * _float(c.style_of("height", "0.5"), 0.5)
    rect = QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h)
    painter.setBrush(colour(c.style_of("baseC"), base))
    painter.setPen(_pen(colour(c.style_of("outlineC"), QColor("#000")), max(1.0, g.size * 0.03)))
    painter.drawEllipse(rect) if c.kind == "circle" else painter.drawRect(rect)
    if c.value:
        # Sized by the cell, as on screen, so an SVG or PDF page draws it the same.
        font = QFont(painter.font())
        font.setPixelSize(max(5, int(g.size * 0.3 * min(1.0, max(0.3, min(w, h) / g.size * 1.4)))))
        painter.setFont(font)
        painter.setPen(colour(c.style_of("fontC"), QColor("#000")))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, c.value)
    painter.setBrush(Qt.BrushStyle.NoBrush)


def _sudokupad(painter: QPainter, g: _Geometry, c: Constraint, *, under: bool) -> None:
    try:
        points = [g.at(r, col) for r, col in json.loads(c.style_of("points", "[]"))]
    except (ValueError, TypeError):
        return
    if not points:
        return
    size = g.size
    kind = c.kind
    if kind in ("sudokupad-lines", "sudokupad-arrows"):
        width = _float(c.style_of("thickness", "4"), 4.0) * size / 64
        painter.setPen(_pen(colour(c.style_of("color"), GREY), max(1.0, width)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        _polyline(painter, points)
        return
    w = _float(c.style_of("width", "1"), 1.0) * size
    h = _float(c.style_of("height", "1"), 1.0) * size
    rect = QRectF(points[0].x() - w / 2, points[0].y() - h / 2, w, h)
    painter.setBrush(colour(c.style_of("backgroundColor"), QColor(0, 0, 0, 0)))
    border = c.style_of("borderColor")
    painter.setPen(_pen(colour(border, QColor("#000")), max(1.0, size * 0.03)) if border else Qt.PenStyle.NoPen)
    if c.style_of("rounded") in ("True", "true", "1"):
        painter.drawEllipse(rect)
    else:
        painter.drawRect(rect)
    text = c.style_of("text")
    if text:
        painter.setPen(colour(c.style_of("color"), QColor("#000")))
        font = QFont(painter.font())
        font.setPixelSize(max(6, int(size * 0.3)))
        painter.setFont(font)
        painter.drawText(rect.adjusted(-size, -size, size, size), Qt.AlignmentFlag.AlignCenter, text)
    painter.setBrush(Qt.BrushStyle.NoBrush)


# --- the grid's lines ---------------------------------------------------------------------


def paint_grid_lines(painter: QPainter, board: sudoku.Board, grid: QRectF, size: float, palette: QPalette) -> None:
    """Thin lines between every two cells, thick ones between regions and around."""
    variant = board.variant
    assert variant is not None
    n = board.size
    regions = variant.regions
    thin = QPen(palette.color(QPalette.ColorRole.Mid), max(1.0, size / 40))
    thin.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setPen(thin)
    for i in range(1, n):
        x, y = grid.left() + i * size, grid.top() + i * size
        painter.drawLine(QPointF(x, grid.top()), QPointF(x, grid.bottom()))
        painter.drawLine(QPointF(grid.left(), y), QPointF(grid.right(), y))
    thick = QPen(palette.color(QPalette.ColorRole.Text), max(2.0, size / 14))
    thick.setCapStyle(Qt.PenCapStyle.SquareCap)
    painter.setPen(thick)
    for r in range(n):
        for c in range(n):
            here = regions[r * n + c]
            if c + 1 < n and (here != regions[r * n + c + 1] or here < 0):
                x = grid.left() + (c + 1) * size
                painter.drawLine(QPointF(x, grid.top() + r * size), QPointF(x, grid.top() + (r + 1) * size))
            if r + 1 < n and (here != regions[(r + 1) * n + c] or here < 0):
                y = grid.top() + (r + 1) * size
                painter.drawLine(QPointF(grid.left() + c * size, y), QPointF(grid.left() + (c + 1) * size, y))
    thick.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(thick)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(grid)


# --- over the digits --------------------------------------------------------------------


def paint_over(painter: QPainter, board: sudoku.Board, grid: QRectF, size: float, palette: QPalette) -> None:
    variant = board.variant
    assert variant is not None
    g = _Geometry(board, grid, size)
    text = palette.color(QPalette.ColorRole.Text)
    base = palette.color(QPalette.ColorRole.Base)
    font = QFont(painter.font())
    painter.save()
    kinds = {c.kind for c in variant.constraints}
    for c in variant.constraints:
        k = c.kind
        if _shadows(c, kinds):
            continue
        if k in ("diagonal+", "diagonal-"):
            painter.setPen(_pen(DIAGONAL, max(1.0, size * 0.04)))
            if k == "diagonal-":
                painter.drawLine(grid.topLeft(), grid.bottomRight())
            else:
                painter.drawLine(grid.bottomLeft(), grid.topRight())
        elif k in ("killercage", "cage"):
            tone = colour(c.style_of("outlineC"), text) if k == "cage" else text
            _cage(painter, g, c.cells, c.value, tone, base, font)
        elif k in ("difference", "ratio") and len(c.cells) == 2:
            a, b = (g.centre(i) for i in c.cells)
            mid = (a + b) / 2
            r = size * 0.13
            painter.setPen(_pen(QColor("#000"), max(1.0, size * 0.03)))
            painter.setBrush(QColor("#000") if k == "ratio" else QColor("#fff"))
            painter.drawEllipse(mid, r, r)
            if c.value:
                _label(
                    painter,
                    font,
                    QRectF(mid.x() - r, mid.y() - r, 2 * r, 2 * r),
                    c.value,
                    QColor("#fff") if k == "ratio" else QColor("#000"),
                    size * 0.18,
                )
            painter.setBrush(Qt.BrushStyle.NoBrush)
        elif k == "xv" and len(c.cells) == 2:
            a, b = (g.centre(i) for i in c.cells)
            mid = (a + b) / 2
            box = QRectF(mid.x() - size * 0.16, mid.y() - size * 0.18, size * 0.32, size * 0.36)
            painter.fillRect(box, base)
            font.setBold(True)
            _label(painter, font, box, (c.value or "X").upper(), text, size * 0.32)
            font.setBold(False)
        elif k == "quadruple" and c.cells:
            corner = QPointF(
                sum(g.centre(i).x() for i in c.cells) / len(c.cells),
                sum(g.centre(i).y() for i in c.cells) / len(c.cells),
            )
            r = size * 0.3
            painter.setPen(_pen(text, max(1.0, size * 0.03)))
            painter.setBrush(base)
            painter.drawEllipse(corner, r, r)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            words = " ".join(str(v) for v in c.values)
            _label(painter, font, QRectF(corner.x() - r, corner.y() - r, 2 * r, 2 * r), words, text, size * 0.17)
        elif k in ("minimum", "maximum"):
            _chevrons(painter, g, c.cells[0], k == "minimum", text)
        elif k == "givenpencilmarks" and c.cells and not board.cells[c.cells[0]]:
            # The setter's pencil marks: the digits the cell may hold, small along its foot.
            foot = g.rect(c.cells[0]).adjusted(size * 0.05, size * 0.68, -size * 0.05, -size * 0.04)
            _label(painter, font, foot, "".join(DIGITS[d - 1] for d in c.values), GREY.darker(160), size * 0.2)
        elif k in CLUE_KINDS and c.outside is not None:
            r0, c0 = c.outside
            spot = g.at(r0 + 0.5, c0 + 0.5)
            box = QRectF(spot.x() - size / 2, spot.y() - size / 2, size, size)
            _label(painter, font, box, c.value or "", text, size * (0.42 if k != "littlekillersum" else 0.34))
            if k == "littlekillersum" and c.direction:
                dr = 1 if c.direction[0] == "D" else -1
                dc = 1 if c.direction[1] == "R" else -1
                start = QPointF(spot.x() + dc * size * 0.3, spot.y() + dr * size * 0.3)
                end = QPointF(spot.x() + dc * size * 0.48, spot.y() + dr * size * 0.48)
                painter.setPen(_pen(text, max(1.0, size * 0.03)))
                painter.drawLine(start, end)
                for turn in ((-dc, 0), (0, -dr)):
                    painter.drawLine(end, QPointF(end.x() + turn[0] * size * 0.1, end.y() + turn[1] * size * 0.1))
        elif k == "text" and g.places(c):
            centre = _middle(g.places(c))
            scale = _float(c.style_of("size", "1"), 1.0)
            box = QRectF(centre.x() - size, centre.y() - size / 2, 2 * size, size)
            _label(painter, font, box, c.value or "", colour(c.style_of("fontC"), text), size * 0.5 * scale)
        elif k in ("sudokupad-overlays", "sudokupad-arrows"):
            _sudokupad(painter, g, c, under=False)
    painter.restore()


def _label(painter: QPainter, font: QFont, box: QRectF, words: str, tone: QColor, pixels: float) -> None:
    font.setPixelSize(max(5, int(pixels)))
    painter.setFont(font)
    painter.setPen(tone)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, words)


def _chevrons(painter: QPainter, g: _Geometry, i: int, inward: bool, tone: QColor) -> None:
    """Small arrowheads at the cell's edges: pointing in for a minimum, out for a maximum."""
    centre, size = g.centre(i), g.size
    painter.setPen(_pen(tone, max(1.0, size * 0.03)))
    near, far = (0.3, 0.42) if inward else (0.42, 0.3)
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        tip = QPointF(centre.x() + dx * size * near, centre.y() + dy * size * near)
        for side in (-1, 1):
            base = QPointF(
                centre.x() + dx * size * far + dy * side * size * 0.08,
                centre.y() + dy * size * far + dx * side * size * 0.08,
            )
            painter.drawLine(base, tip)


def _cage(
    painter: QPainter, g: _Geometry, cells: tuple[int, ...], value: str | None, tone: QColor, base: QColor, font: QFont
) -> None:
    """A dashed outline just inside the cage's cells, its sum on a patch at the top left."""
    if not cells:
        return
    n, size = g.n, g.size
    inset = size * 0.08
    inside = set(cells)
    path = QPainterPath()
    for i in cells:
        r, c = divmod(i, n)
        rect = g.rect(i)
        left = c == 0 or (i - 1) not in inside
        right = c == n - 1 or (i + 1) not in inside
        up = r == 0 or (i - n) not in inside
        down = r == n - 1 or (i + n) not in inside
        x0 = rect.left() + (inset if left else 0)
        x1 = rect.right() - (inset if right else 0)
        y0 = rect.top() + (inset if up else 0)
        y1 = rect.bottom() - (inset if down else 0)
        # Each side of the cell that borders no cage cell, and the corner pieces that join
        # the outline across to the next cell.
        if up:
            path.moveTo(x0 if left else rect.left(), y0)
            path.lineTo(x1 if right else rect.right(), y0)
        if down:
            path.moveTo(x0 if left else rect.left(), y1)
            path.lineTo(x1 if right else rect.right(), y1)
        if left:
            path.moveTo(x0, y0 if up else rect.top())
            path.lineTo(x0, y1 if down else rect.bottom())
        if right:
            path.moveTo(x1, y0 if up else rect.top())
            path.lineTo(x1, y1 if down else rect.bottom())
        # Inner corners: where the cage turns, the outline meets the neighbour's.
        for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
            rr, cc = r + dr, c + dc
            if (
                0 <= rr < n
                and 0 <= cc < n
                and (r * n + cc) in inside
                and (rr * n + c) in inside
                and (rr * n + cc) not in inside
            ):
                x = rect.left() + inset if dc < 0 else rect.right() - inset
                y = rect.top() + inset if dr < 0 else rect.bottom() - inset
                edge_x = rect.left() if dc < 0 else rect.right()
                edge_y = rect.top() if dr < 0 else rect.bottom()
                path.moveTo(edge_x, y)
                path.lineTo(x, y)
                path.moveTo(x, edge_y)
                path.lineTo(x, y)
    pen = _pen(tone, max(1.0, size * 0.035), dash=True)
    pen.setDashPattern([4, 3])
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)
    if value:
        first = min(cells)
        rect = g.rect(first)
        font.setPixelSize(max(5, int(size * 0.22)))
        painter.setFont(font)
        width = painter.fontMetrics().horizontalAdvance(value) + 2
        patch = QRectF(rect.left() + inset * 0.4, rect.top() + inset * 0.4, width, size * 0.26)
        painter.fillRect(patch, QBrush(base))
        painter.setPen(tone)
        painter.drawText(patch, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, value)

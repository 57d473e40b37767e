"""Drawing the board: one paint function shared by the window, --export and image export."""

from __future__ import annotations

import sys

from PySide6.QtCore import (
    QMessageLogContext,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QtMsgType,
    qFormatLogMessage,
    qInstallMessageHandler,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontDatabase,
    QIcon,
    QImage,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
    QRadialGradient,
)

from slugboard import resources
from slugboard.codecs import xiangqi
from slugboard.gui.drawing import is_vector, text_path

FONT_FILE = "xiangqi_font.otf"
FALLBACK_FAMILIES = ["Noto Serif CJK TC", "Noto Sans CJK TC", "AR PL UKai TW", "SimSun", "PMingLiU"]
# Red pieces take the forms with the person radical (俥 傌) as on most printed boards.
GLYPHS = {
    "K": "帥",
    "A": "仕",
    "B": "相",
    "N": "傌",
    "R": "俥",
    "C": "炮",
    "P": "兵",
    "k": "將",
    "a": "士",
    "b": "象",
    "n": "馬",
    "r": "車",
    "c": "砲",
    "p": "卒",
}
RED_FILE_NUMERALS = "九八七六五四三二一"

WOOD = QColor("#eccb8c")
WOOD_EDGE = QColor("#c9a15d")
LINE = QColor("#5b3a1c")
RIVER_TEXT = QColor(91, 58, 28, 150)
RED_INK = QColor("#c0281c")
BLACK_INK = QColor("#1d1d1d")
PIECE_FACE = QColor("#f7e9c6")
PIECE_RIM = QColor("#d9b778")
LEGAL = QColor(46, 160, 67, 200)
REFUSED = QColor("#d32f2f")
CURSOR = QColor(33, 118, 210, 200)
# The last move's two points, as xiangqi sites mark them: corner brackets.
LAST_MOVE = QColor(33, 118, 210, 230)
# The engine's lines: the best one strongest.
ARROWS = (QColor(25, 118, 210, 190), QColor(46, 160, 67, 150), QColor(245, 124, 0, 130))

_families: list[str] | None = None


def piece_families() -> list[str]:
    """The family names to draw characters with: the shipped subset first (loaded once)."""
    global _families
    if _families is None:
        families: list[str] = []
        try:
            data = resources.read_bytes(FONT_FILE)
            font_id = QFontDatabase.addApplicationFontFromData(data)
            if font_id >= 0:
                families = list(QFontDatabase.applicationFontFamilies(font_id))
                _quiet_script_notes(families)
        except OSError:
            families = []
        _families = families + FALLBACK_FAMILIES
    return _families


def _quiet_script_notes(families: list[str]) -> None:
    """Keeps Qt from noting on the terminal, line after line, that the shipped subset lacks the
    tables of scripts such as Devanagari or Khmer ("OpenType support missing for ..."). The
    subset holds the pieces' characters alone, and Qt draws any other text with the next
    family, as it should; the note tells a person nothing to act on. Every other message
    goes on to where it went before."""
    notes = tuple(f'OpenType support missing for "{family}"' for family in families)
    if not notes:
        return

    def handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if kind == QtMsgType.QtInfoMsg and message.startswith(notes):
            return
        if earlier is not None:
            earlier(kind, context, message)
        else:
            sys.stderr.write(qFormatLogMessage(kind, context, message) + "\n")

    earlier = qInstallMessageHandler(handler)


def glyph_font(pixel_size: float) -> QFont:
    font = QFont()
    font.setFamilies(piece_families())
    font.setPixelSize(max(4, int(pixel_size)))
    font.setBold(True)
    return font


# --- layout ---------------------------------------------------------------------------


class Layout:
    """Where the intersections are in `rect`; `flipped` turns the board round (Black at the bottom)."""

    def __init__(self, rect: QRectF, flipped: bool = False):
        self.step = max(4.0, min(rect.width() / 10.0, rect.height() / 11.6))
        self.flipped = flipped
        self.left = rect.center().x() - 4 * self.step
        self.top = rect.center().y() - 4.5 * self.step

    def point(self, square: int) -> QPointF:
        row, col = divmod(square, 9)
        if self.flipped:
            row, col = 9 - row, 8 - col
        return QPointF(self.left + col * self.step, self.top + row * self.step)

    def view_point(self, row: float, col: float) -> QPointF:
        """A point in view coordinates (row 0 at the top of the picture)."""
        return QPointF(self.left + col * self.step, self.top + row * self.step)

    def square_at(self, point: QPointF) -> int | None:
        col = round((point.x() - self.left) / self.step)
        row = round((point.y() - self.top) / self.step)
        if not (0 <= row <= 9 and 0 <= col <= 8):
            return None
        centre = self.view_point(row, col)
        if abs(point.x() - centre.x()) > 0.5 * self.step or abs(point.y() - centre.y()) > 0.5 * self.step:
            return None
        if self.flipped:
            row, col = 9 - row, 8 - col
        return row * 9 + col

    def wood(self) -> QRectF:
        s = self.step
        return QRectF(self.left - 0.75 * s, self.top - 1.2 * s, 9.5 * s, 11.4 * s)


# --- drawing --------------------------------------------------------------------------

# The size the palette's icons are drawn at (and shown smaller, sharp on any screen), and
# the radius of a piece in it: the radius of the one drawing of each piece (see draw_piece).
PALETTE_ICON_SOURCE = 96
PIECE_IN_ICON = 0.44
SPRITE_RADIUS = PIECE_IN_ICON * PALETTE_ICON_SOURCE

_sprites: dict[tuple[str, int, float], QImage] = {}


def draw_piece(painter: QPainter, centre: QPointF, radius: float, letter: str, *, opacity: float = 1.0) -> None:
    """One piece, from a cache of drawn pieces: a board repaints on every mouse move, and
    gradients and glyph shaping for 32 discs each time cost most of a frame."""
    if is_vector(painter):  # a drawing: the piece itself, sharp at any zoom
        painter.save()
        painter.setOpacity(opacity)
        render_piece(painter, centre, radius, letter)
        painter.restore()
        return
    scale = _device_scale(painter)
    # A piece no larger than the palette's is copied from the palette's drawing, made smaller:
    # one drawing of each piece serves the palette and the board alike.
    drawn = max(radius, SPRITE_RADIUS)
    key = (letter, round(drawn * 4), scale)
    sprite = _sprites.get(key)
    half = radius * 1.2
    if sprite is None:
        if len(_sprites) > 256:
            _sprites.clear()
        drawn_half = drawn * 1.2
        side = max(1, int(2 * drawn_half * scale + 1))
        sprite = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
        sprite.fill(Qt.GlobalColor.transparent)
        sprite_painter = QPainter(sprite)
        sprite_painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        sprite_painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        sprite_painter.scale(scale, scale)
        render_piece(sprite_painter, QPointF(drawn_half, drawn_half), drawn, letter)
        sprite_painter.end()
        _sprites[key] = sprite
    painter.save()
    painter.setOpacity(opacity)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.drawImage(QRectF(centre.x() - half, centre.y() - half, 2 * half, 2 * half), sprite)
    painter.restore()


def render_piece(painter: QPainter, centre: QPointF, radius: float, letter: str) -> None:
    """One piece: an ivory disc with a rim, an inner ring and its character in red or black."""
    ink = RED_INK if xiangqi.is_red(letter) else BLACK_INK
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(60, 35, 10, 70))
    painter.drawEllipse(centre + QPointF(radius * 0.06, radius * 0.1), radius, radius)
    face = QRadialGradient(centre - QPointF(radius * 0.3, radius * 0.35), radius * 1.4)
    face.setColorAt(0.0, PIECE_FACE.lighter(106))
    face.setColorAt(1.0, PIECE_RIM)
    painter.setBrush(QBrush(face))
    painter.setPen(QPen(PIECE_RIM.darker(150), max(1.0, radius * 0.06)))
    painter.drawEllipse(centre, radius, radius)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(ink, max(1.0, radius * 0.06)))
    painter.drawEllipse(centre, radius * 0.8, radius * 0.8)
    text_box = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
    _draw_text(painter, glyph_font(radius * 1.12), ink, text_box, GLYPHS[letter])
    painter.restore()


def _draw_text(painter: QPainter, font: QFont, colour: QColor, box: QRectF, text: str) -> None:
    """`text` centred in `box`; in a drawing as outlines, which need no font to show."""
    if is_vector(painter):
        painter.fillPath(text_path(font, box, int(Qt.AlignmentFlag.AlignCenter), text), colour)
        return
    painter.setFont(font)
    painter.setPen(colour)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def _draw_lines(painter: QPainter, geo: Layout) -> None:
    s = geo.step
    pen = QPen(LINE, max(1.0, s / 28))
    painter.setPen(pen)
    for r in range(10):
        painter.drawLine(geo.view_point(r, 0), geo.view_point(r, 8))
    for c in range(9):
        if c in (0, 8):
            painter.drawLine(geo.view_point(0, c), geo.view_point(9, c))
        else:
            painter.drawLine(geo.view_point(0, c), geo.view_point(4, c))
            painter.drawLine(geo.view_point(5, c), geo.view_point(9, c))
    for top in (0, 7):
        painter.drawLine(geo.view_point(top, 3), geo.view_point(top + 2, 5))
        painter.drawLine(geo.view_point(top, 5), geo.view_point(top + 2, 3))
    # A second, heavier frame just outside the playing lines, as printed boards have.
    frame = QPen(LINE, max(1.5, s / 12))
    painter.setPen(frame)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    gap = s * 0.12
    painter.drawRect(QRectF(geo.left - gap, geo.top - gap, 8 * s + 2 * gap, 9 * s + 2 * gap))
    # Position marks: small corners around the cannon and soldier starting points.
    painter.setPen(pen)
    near, arm = s * 0.08, s * 0.2
    points = [(r, c) for r in (2, 7) for c in (1, 7)] + [(r, c) for r in (3, 6) for c in range(0, 9, 2)]
    for r, c in points:
        centre = geo.view_point(r, c)
        for dx in (-1, 1):
            if (c == 0 and dx < 0) or (c == 8 and dx > 0):
                continue
            for dy in (-1, 1):
                corner = QPointF(centre.x() + dx * near, centre.y() + dy * near)
                painter.drawLine(corner, corner + QPointF(dx * arm, 0))
                painter.drawLine(corner, corner + QPointF(0, dy * arm))


def _draw_river_and_labels(painter: QPainter, geo: Layout, flipped: bool) -> None:
    s = geo.step
    band_top = geo.top + 4 * s
    left_half = QRectF(geo.left + 0.5 * s, band_top, 3 * s, s)
    right_half = QRectF(geo.left + 4.5 * s, band_top, 3 * s, s)
    _draw_text(painter, glyph_font(s * 0.62), RIVER_TEXT, left_half, "楚   河")
    _draw_text(painter, glyph_font(s * 0.62), RIVER_TEXT, right_half, "漢   界")
    # File numbers: Red counts its files 一..九 from its right, Black 1..9 from its right.
    label_size = s * 0.36
    for view_col in range(9):
        col = 8 - view_col if flipped else view_col
        red_label = RED_FILE_NUMERALS[col]
        black_label = str(col + 1)
        bottom, top = (black_label, red_label) if flipped else (red_label, black_label)
        for text, row in ((top, -0.78), (bottom, 9.78)):
            centre = geo.view_point(row, view_col)
            box = QRectF(centre.x() - s / 2, centre.y() - s / 3, s, 2 * s / 3)
            font = glyph_font(label_size) if not text.isdigit() else QFont(painter.font())
            if text.isdigit():
                font.setPixelSize(max(4, int(label_size)))
                font.setBold(True)
            _draw_text(painter, font, LINE, box, text)


def _draw_turn_mark(painter: QPainter, geo: Layout, red_to_move: bool, flipped: bool) -> None:
    """A small disc in the mover's colour at the mover's edge of the board."""
    s = geo.step
    at_bottom = red_to_move != flipped
    centre = geo.view_point(9.78 if at_bottom else -0.78, 8.55)
    painter.setPen(QPen(PIECE_RIM.darker(150), max(1.0, s / 30)))
    painter.setBrush(RED_INK if red_to_move else BLACK_INK)
    painter.drawEllipse(centre, s * 0.13, s * 0.13)


_backgrounds: dict[tuple, QImage] = {}


def _device_scale(painter: QPainter) -> float:
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    return round(ratio * max(1.0, painter.transform().m11()), 2)


def _background(width: float, height: float, flipped: bool, scale: float) -> QImage:
    """The wood, lines, marks, river and file numbers, drawn once per size: they never
    change with the position, and their text is most of the cost of a repaint."""
    key = (round(width, 1), round(height, 1), flipped, scale)
    image = _backgrounds.get(key)
    if image is None:
        if len(_backgrounds) > 8:
            _backgrounds.clear()
        image = QImage(
            max(1, round(width * scale)), max(1, round(height * scale)), QImage.Format.Format_ARGB32_Premultiplied
        )
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.scale(scale, scale)
        _draw_background(painter, Layout(QRectF(0, 0, width, height), flipped), flipped)
        painter.end()
        _backgrounds[key] = image
    return image


def _draw_background(painter: QPainter, geo: Layout, flipped: bool) -> None:
    s = geo.step
    painter.setPen(QPen(WOOD_EDGE.darker(130), max(1.0, s / 20)))
    painter.setBrush(WOOD)
    painter.drawRoundedRect(geo.wood(), s * 0.15, s * 0.15)
    _draw_lines(painter, geo)
    _draw_river_and_labels(painter, geo, flipped)


_layers: dict[tuple, QImage] = {}


def _position_layer(
    width: float,
    height: float,
    flipped: bool,
    scale: float,
    board: xiangqi.Board,
    legal: frozenset,
    lifted: int | None,
    marked: tuple,
) -> QImage:
    """The board with its pieces and marks, drawn once per position and choice: while the
    pointer moves (a ghost, a drag) only this one image and what moves are drawn, which
    keeps a frame to a few milliseconds however many points are marked."""
    key = (round(width, 1), round(height, 1), flipped, scale, board.cells, board.red_to_move, legal, lifted, marked)
    image = _layers.get(key)
    if image is not None:
        return image
    if len(_layers) > 3:
        _layers.clear()
    image = QImage(
        max(1, round(width * scale)), max(1, round(height * scale)), QImage.Format.Format_ARGB32_Premultiplied
    )
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.scale(scale, scale)
    rect = QRectF(0, 0, width, height)
    painter.drawImage(rect, _background(width, height, flipped, scale))
    _draw_position(painter, Layout(rect, flipped), flipped, board, legal, lifted, marked)
    painter.end()
    _layers[key] = image
    return image


def _draw_position(
    painter: QPainter,
    geo: Layout,
    flipped: bool,
    board: xiangqi.Board,
    legal: frozenset,
    lifted: int | None,
    marked: tuple,
) -> None:
    """The turn mark, the pieces and the marks of a position, over the background."""
    s = geo.step
    radius = s * 0.45
    _draw_turn_mark(painter, geo, board.red_to_move, flipped)

    for square in marked:
        painter.setPen(QPen(REFUSED, max(2.0, s / 12)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(geo.point(square), radius * 1.12, radius * 1.12)

    for square, letter in board.pieces:
        if square != lifted:
            draw_piece(painter, geo.point(square), radius, letter)

    for square in legal:
        centre = geo.point(square)
        if board.cells[square] and square != lifted:
            painter.setPen(QPen(LEGAL, max(2.0, s / 14)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(centre, radius * 1.05, radius * 1.05)
        else:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(LEGAL)
            painter.drawEllipse(centre, s * 0.11, s * 0.11)


def paint(
    painter: QPainter,
    rect: QRectF,
    board: xiangqi.Board,
    palette: QPalette,
    *,
    flipped: bool = False,
    legal: frozenset | set | None = None,
    hover: int | None = None,
    hover_letter: str | None = None,
    hover_refused: bool = False,
    drag_from: int | None = None,
    drag_point: QPointF | None = None,
    cursor: int | None = None,
    marked: tuple = (),
    last_move: tuple[int, int] | None = None,
    selected: int | None = None,
    arrows: tuple = (),
    **_state,
) -> None:
    """Draw the board. View state: `legal` squares to mark, a ghost `hover_letter` on
    `hover` (a cross instead when `hover_refused`), the piece on `drag_from` drawn at
    `drag_point`, the keyboard `cursor`, `marked` squares (problems) ringed in red, the
    `last_move`'s two points bracketed, the `selected` piece ringed, and `arrows` (the
    engine's first moves, best first)."""
    geo = Layout(rect, flipped)
    s = geo.step
    radius = s * 0.45
    lifted = drag_from if drag_point is not None else None
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    if is_vector(painter):  # a drawing: every line, letter and piece drawn as itself
        painter.save()
        painter.translate(rect.topLeft())
        layer = QRectF(0, 0, rect.width(), rect.height())
        _draw_background(painter, Layout(layer, flipped), flipped)
        _draw_position(painter, Layout(layer, flipped), flipped, board, frozenset(legal or ()), lifted, tuple(marked))
        painter.restore()
    else:
        painter.drawImage(
            rect,
            _position_layer(
                rect.width(),
                rect.height(),
                flipped,
                _device_scale(painter),
                board,
                frozenset(legal or ()),
                lifted,
                tuple(marked),
            ),
        )

    if last_move is not None:
        for square in last_move:
            _draw_brackets(painter, geo.point(square), s)

    if selected is not None:
        painter.setPen(QPen(CURSOR, max(2.0, s / 12)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(geo.point(selected), radius * 1.1, radius * 1.1)

    for index, (source, target) in reversed(list(enumerate(arrows[: len(ARROWS)]))):
        _draw_arrow(painter, geo.point(source), geo.point(target), s, ARROWS[index], 1.0 - 0.2 * index)

    if cursor is not None:
        painter.setPen(QPen(CURSOR, max(1.5, s / 18), Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        centre = geo.point(cursor)
        painter.drawRect(QRectF(centre.x() - s / 2, centre.y() - s / 2, s, s))

    if hover is not None and hover_letter and drag_point is None and not hover_refused:
        draw_piece(painter, geo.point(hover), radius, hover_letter, opacity=0.55)

    if lifted is not None and board.cells[lifted]:
        draw_piece(painter, drag_point, radius * 1.08, board.cells[lifted], opacity=0.9)  # type: ignore[arg-type]

    if hover is not None and hover_refused:
        # The point under the pointer refuses the chosen kind or the dragged piece: the
        # cross goes over the dragged piece, which would otherwise hide it.
        centre = geo.point(hover)
        painter.setPen(QPen(REFUSED, max(2.0, s / 12), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        d = s * 0.2
        painter.drawLine(centre + QPointF(-d, -d), centre + QPointF(d, d))
        painter.drawLine(centre + QPointF(-d, d), centre + QPointF(d, -d))
    painter.restore()


def _draw_brackets(painter: QPainter, centre: QPointF, s: float) -> None:
    """Four corner brackets round a point."""
    painter.setPen(QPen(LAST_MOVE, max(2.0, s / 14), Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    half, arm = s * 0.48, s * 0.16
    for dx in (-1, 1):
        for dy in (-1, 1):
            corner = centre + QPointF(dx * half, dy * half)
            painter.drawLine(corner, corner - QPointF(dx * arm, 0))
            painter.drawLine(corner, corner - QPointF(0, dy * arm))


def _draw_arrow(painter: QPainter, start: QPointF, end: QPointF, s: float, colour: QColor, weight: float) -> None:
    """An arrow from one point to another, its head short of the target's centre."""
    from math import atan2, cos, sin

    angle = atan2(end.y() - start.y(), end.x() - start.x())
    head = s * 0.38
    tip = end - QPointF(cos(angle), sin(angle)) * (s * 0.12)
    base = tip - QPointF(cos(angle), sin(angle)) * head
    painter.setPen(QPen(colour, max(2.0, s * 0.12 * weight), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    painter.drawLine(start, base)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    side = QPointF(-sin(angle), cos(angle)) * (head * 0.55)
    painter.drawPolygon([tip, base + side, base - side])


def preferred_size(board: xiangqi.Board) -> QSize:
    return QSize(540, 626)


def warm() -> None:
    """The palette's fourteen pieces drawn ahead, while the window waits: making the page
    and painting its board then copy them (see draw_piece; benchmarks/tab_switch.py measures the
    first switch)."""
    for letter in xiangqi.RED_LETTERS:
        piece_icon(letter, PALETTE_ICON_SOURCE)
        piece_icon(letter.lower(), PALETTE_ICON_SOURCE)


def piece_icon(letter: str, size: int = 40) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    draw_piece(painter, QPointF(size / 2, size / 2 - 1), size * PIECE_IN_ICON, letter)
    painter.end()
    return QIcon(pixmap)


# --- the canvas -----------------------------------------------------------------------

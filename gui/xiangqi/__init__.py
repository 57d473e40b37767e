"""The xiangqi page: a wooden board of 9x10 intersections with its river, palaces and
position marks; pieces as discs with their characters; a palette of the fourteen piece
kinds that only lets a piece stand where the slug code can hold it; drag to move, right
click or Delete to remove; side to move, opening position, clear, flip, FEN in and out.

The characters come from a small font subset shipped in slugboard.resources, so they
draw on machines with no CJK font. What may stand where is always the codec's answer.
"""

from __future__ import annotations

from importlib import resources

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontDatabase,
    QGuiApplication,
    QIcon,
    QImage,
    QKeySequence,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
    QRadialGradient,
    QShortcut,
)
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from slugboard.codecs import SlugError, xiangqi

from ..games import GameView
from ..page import BoardCanvas, GamePage

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

_families: list[str] | None = None


def piece_families() -> list[str]:
    """The family names to draw characters with: the shipped subset first (loaded once)."""
    global _families
    if _families is None:
        families: list[str] = []
        try:
            data = resources.files("slugboard.resources").joinpath(FONT_FILE).read_bytes()
            font_id = QFontDatabase.addApplicationFontFromData(data)
            if font_id >= 0:
                families = list(QFontDatabase.applicationFontFamilies(font_id))
        except OSError:
            families = []
        _families = families + FALLBACK_FAMILIES
    return _families


def _glyph_font(pixel_size: float) -> QFont:
    font = QFont()
    font.setFamilies(piece_families())
    font.setPixelSize(max(4, int(pixel_size)))
    font.setBold(True)
    return font


# --- geometry -------------------------------------------------------------------------


class Geometry:
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

_sprites: dict[tuple[str, int, float], QImage] = {}


def draw_piece(painter: QPainter, centre: QPointF, radius: float, letter: str, *, opacity: float = 1.0) -> None:
    """One piece, from a cache of drawn pieces: a board repaints on every mouse move, and
    gradients and glyph shaping for 32 discs each time cost most of a frame."""
    scale = _device_scale(painter)
    key = (letter, round(radius * 4), scale)
    sprite = _sprites.get(key)
    half = radius * 1.2
    if sprite is None:
        if len(_sprites) > 256:
            _sprites.clear()
        side = max(1, int(2 * half * scale + 1))
        sprite = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
        sprite.fill(Qt.GlobalColor.transparent)
        sprite_painter = QPainter(sprite)
        sprite_painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        sprite_painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        sprite_painter.scale(scale, scale)
        render_piece(sprite_painter, QPointF(half, half), radius, letter)
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
    painter.setFont(_glyph_font(radius * 1.12))
    text_box = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
    painter.drawText(text_box, Qt.AlignmentFlag.AlignCenter, GLYPHS[letter])
    painter.restore()


def _draw_lines(painter: QPainter, geo: Geometry) -> None:
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


def _draw_river_and_labels(painter: QPainter, geo: Geometry, flipped: bool) -> None:
    s = geo.step
    painter.setPen(RIVER_TEXT)
    painter.setFont(_glyph_font(s * 0.62))
    band_top = geo.top + 4 * s
    left_half = QRectF(geo.left + 0.5 * s, band_top, 3 * s, s)
    right_half = QRectF(geo.left + 4.5 * s, band_top, 3 * s, s)
    painter.drawText(left_half, Qt.AlignmentFlag.AlignCenter, "楚   河")
    painter.drawText(right_half, Qt.AlignmentFlag.AlignCenter, "漢   界")
    # File numbers: Red counts its files 一..九 from its right, Black 1..9 from its right.
    label_size = s * 0.36
    painter.setPen(LINE)
    for view_col in range(9):
        col = 8 - view_col if flipped else view_col
        red_label = RED_FILE_NUMERALS[col]
        black_label = str(col + 1)
        bottom, top = (black_label, red_label) if flipped else (red_label, black_label)
        for text, row in ((top, -0.78), (bottom, 9.78)):
            centre = geo.view_point(row, view_col)
            box = QRectF(centre.x() - s / 2, centre.y() - s / 3, s, 2 * s / 3)
            font = _glyph_font(label_size) if not text.isdigit() else QFont(painter.font())
            if text.isdigit():
                font.setPixelSize(max(4, int(label_size)))
                font.setBold(True)
            painter.setFont(font)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def _draw_turn_mark(painter: QPainter, geo: Geometry, red_to_move: bool, flipped: bool) -> None:
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
        geo = Geometry(QRectF(0, 0, width, height), flipped)
        s = geo.step
        painter.setPen(QPen(WOOD_EDGE.darker(130), max(1.0, s / 20)))
        painter.setBrush(WOOD)
        painter.drawRoundedRect(geo.wood(), s * 0.15, s * 0.15)
        _draw_lines(painter, geo)
        _draw_river_and_labels(painter, geo, flipped)
        painter.end()
        _backgrounds[key] = image
    return image


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
    geo = Geometry(rect, flipped)
    s = geo.step
    radius = s * 0.45
    painter.drawImage(rect, _background(width, height, flipped, scale))
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
    painter.end()
    _layers[key] = image
    return image


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
    **_state,
) -> None:
    """Draw the board. View state: `legal` squares to mark, a ghost `hover_letter` on
    `hover` (a cross instead when `hover_refused`), the piece on `drag_from` drawn at
    `drag_point`, the keyboard `cursor`, and `marked` squares (problems) ringed in red."""
    geo = Geometry(rect, flipped)
    s = geo.step
    radius = s * 0.45
    lifted = drag_from if drag_point is not None else None
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
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


def preferred_size(board: xiangqi.Board) -> QSize:
    return QSize(540, 626)


def piece_icon(letter: str, size: int = 40) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    draw_piece(painter, QPointF(size / 2, size / 2 - 1), size * 0.44, letter)
    painter.end()
    return QIcon(pixmap)


# --- the canvas -----------------------------------------------------------------------


class XiangqiCanvas(BoardCanvas):
    """Shows the board and turns the mouse and keys into requests; the page decides."""

    place_requested = Signal(int, str)  # square, letter
    move_requested = Signal(int, int)  # from, to
    remove_requested = Signal(int)  # square
    kind_requested = Signal(str)  # a letter typed on the canvas ("" = none)
    hint = Signal(str)  # a status-bar line for a click that did nothing
    refused_hovered = Signal(int)  # the pointer rests on a point the chosen kind cannot take
    DRAG_DISTANCE = 6

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.board = xiangqi.new_board()
        self.flipped = False
        self.kind = ""
        self.legal: frozenset = frozenset()
        self.marked: tuple = ()
        self.hover: int | None = None
        self.cursor: int | None = None  # type: ignore[assignment]
        self._press_square: int | None = None
        self._press_point: QPointF | None = None
        self._drag_point: QPointF | None = None
        self._drag_targets: tuple = (None, frozenset())
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(300, 340)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setToolTip(
            "Choose a piece in the palette (or type its FEN letter: Shift for Red) and click a "
            "point to put it there; drag a piece to move it (off the board to remove it); right-click or "
            "Delete removes it; "
            "arrow keys move the cursor, Space places, Esc drops the chosen piece"
        )

    def sizeHint(self) -> QSize:
        return QSize(540, 626)

    def board_geometry(self) -> Geometry:
        return Geometry(QRectF(self.rect()), self.flipped)

    def square_center(self, square: int) -> QPointF:
        return self.board_geometry().point(square)

    @property
    def dragging(self) -> bool:
        return self._drag_point is not None

    def _marks(self) -> frozenset:
        if self.dragging and self._press_square is not None:
            key = (self.board, self._press_square)
            if self._drag_targets[0] != key:  # once per drag, not on every mouse move
                self._drag_targets = (key, xiangqi.legal_targets(self.board, self._press_square))
            return self._drag_targets[1]
        return self.legal

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        marks = self._marks()
        refused = False
        if self.hover is not None:
            if self.dragging:
                refused = self.hover != self._press_square and self.hover not in marks
            elif self.kind:
                refused = self.hover not in self.legal
        paint(
            painter,
            QRectF(self.rect()),
            self.board,
            self.palette(),
            flipped=self.flipped,
            legal=marks,
            hover=self.hover,
            hover_letter=self.kind or None,
            hover_refused=refused,
            drag_from=self._press_square if self.dragging else None,
            drag_point=self._drag_point,
            cursor=self.cursor if self.hasFocus() else None,
            marked=self.marked,
        )

    # --- mouse -------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:
        self.setFocus()
        square = self.board_geometry().square_at(event.position())
        if event.button() == Qt.MouseButton.RightButton:
            if square is not None and self.board.cells[square]:
                self.remove_requested.emit(square)
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        self._press_square = square
        self._press_point = event.position()
        self._drag_point = None
        if square is not None:
            self.cursor = square

    def mouseMoveEvent(self, event) -> None:
        point = event.position()
        square = self.board_geometry().square_at(point)
        if (
            event.buttons() & Qt.MouseButton.LeftButton
            and self._press_square is not None
            and self.board.cells[self._press_square]
            and self._press_point is not None
        ):
            if self.dragging or (point - self._press_point).manhattanLength() >= self.DRAG_DISTANCE:
                self._drag_point = point
        if square != self.hover or self.dragging:
            self.hover = square
            if square is not None and self.kind and not self.dragging and square not in self.legal:
                self.refused_hovered.emit(square)  # say why before the click, not only after it
            self.update()

    def mouseReleaseEvent(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        source, was_dragging = self._press_square, self.dragging
        self._press_square = self._press_point = self._drag_point = None
        target = self.board_geometry().square_at(event.position())
        if was_dragging and source is not None:
            if target is None:
                self.remove_requested.emit(source)
            elif target != source:
                self.move_requested.emit(source, target)
                self.cursor = target
        elif source is not None and source == target:
            if self.kind:
                self.place_requested.emit(target, self.kind)
            elif not self.board.cells[target]:
                self.hint.emit("Choose a piece in the palette (or type its letter) to put it here")
        self.update()

    def leaveEvent(self, event) -> None:
        self.hover = None
        self.update()

    # --- keys --------------------------------------------------------------------
    def keyPressEvent(self, event) -> None:
        key = event.key()
        mods = event.modifiers() & (
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.MetaModifier
        )
        if mods:
            super().keyPressEvent(event)
            return
        moves = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
        if key in moves:
            row, col = divmod(self.cursor if self.cursor is not None else 85, 9)
            dr, dc = moves[key]
            if self.flipped:
                dr, dc = -dr, -dc
            self.cursor = ((row + dr) % 10) * 9 + (col + dc) % 9
            self.update()
            return
        if key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.cursor is not None and self.kind:
            self.place_requested.emit(self.cursor, self.kind)
            return
        if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            square = self.cursor if self.cursor is not None else self.hover
            if square is not None and self.board.cells[square]:
                self.remove_requested.emit(square)
            return
        if key == Qt.Key.Key_Escape:
            self.kind_requested.emit("")
            return
        text = event.text()
        if len(text) == 1 and text in "KABNRCPHEkabnrcphe":
            letter = {"H": "N", "E": "B", "h": "n", "e": "b"}.get(text, text)
            self.kind_requested.emit(letter)
            return
        super().keyPressEvent(event)


# --- the page -------------------------------------------------------------------------


class XiangqiPage(GamePage):
    canvas: XiangqiCanvas
    GAME = xiangqi.NAME

    def __init__(self, settings=None, parent=None):
        super().__init__(settings, parent)
        canvas = XiangqiCanvas()
        canvas.flipped = self.settings.value("xiangqi/flipped", False, type=bool)
        canvas.place_requested.connect(self.place)
        canvas.move_requested.connect(self.move)
        canvas.remove_requested.connect(self.remove)
        canvas.kind_requested.connect(self.choose_kind)
        canvas.hint.connect(self.show_status)
        canvas.refused_hovered.connect(self._explain_hover)
        self.set_canvas(canvas)

        self.add_heading("Pieces")
        self.kind_buttons: dict[str, QToolButton] = {}
        grid = QGridLayout()
        grid.setSpacing(1)
        grid.setContentsMargins(0, 0, 0, 0)
        for col, letter in enumerate(xiangqi.RED_LETTERS):
            for row, piece in enumerate((letter, letter.lower())):
                button = QToolButton()
                button.setCheckable(True)
                button.setIcon(piece_icon(piece, 64))
                button.setIconSize(QSize(27, 27))
                button.setFixedSize(31, 31)
                button.setAutoRaise(True)
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                key = f"Shift+{letter}" if piece.isupper() else letter
                button.setToolTip(
                    f"{xiangqi.piece_name(piece).capitalize()} {GLYPHS[piece]} "
                    f"(key {key} on the board; click it again or Esc to drop it)"
                )
                button.setObjectName(f"kind_{'red' if piece.isupper() else 'black'}_{letter}")
                button.clicked.connect(lambda checked, p=piece: self.choose_kind(p if checked else ""))
                grid.addWidget(button, row, col)
                self.kind_buttons[piece] = button
        self.tool_layout.addLayout(grid)
        self.kind_label = QLabel()
        self.kind_label.setWordWrap(True)
        self.tool_layout.addWidget(self.kind_label)

        self.add_heading("Side to move")
        turn_row = QHBoxLayout()
        self.red_turn = QRadioButton("Red")
        self.black_turn = QRadioButton("Black")
        self.turn_group = QButtonGroup(self)
        for button, red in ((self.red_turn, True), (self.black_turn, False)):
            button.setToolTip("Who moves next (T toggles)")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            self.turn_group.addButton(button)
            button.clicked.connect(lambda _=False, r=red: self.set_turn(r))
            turn_row.addWidget(button)
        self.tool_layout.addLayout(turn_row)

        self.add_heading("Board")
        actions = (
            ("Opening position", "Ctrl+Shift+O", "Set up the opening position", self.opening),
            ("Clear board", "Ctrl+Shift+Backspace", "Remove every piece (undo brings them back)", self.clear),
            ("Flip board", "F", "Turn the board round: Black at the bottom (a view, not an edit)", self.flip),
            (
                "Toggle side to move",
                "T",
                "Give the move to the other side",
                lambda: self.set_turn(not self.board.red_to_move),
            ),
            ("Copy FEN", "Ctrl+Shift+F", "Put the position in Xiangqi FEN on the clipboard", self.copy_fen),
            ("Paste FEN", "Ctrl+Shift+V", "Open the FEN (or slug) on the clipboard", self.paste_fen),
        )
        self.action_buttons: dict[str, QPushButton] = {}
        for text, keys, tip, slot in actions:
            QShortcut(QKeySequence(keys), self, slot, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
            if text == "Toggle side to move":
                continue
            button = QPushButton(text)
            button.setToolTip(f"{tip} ({keys})")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(slot)
            self.tool_layout.addWidget(button)
            self.action_buttons[text] = button

        self.add_heading("FEN")
        self.fen_field = QLineEdit()
        self.fen_field.setReadOnly(True)
        self.fen_field.setObjectName("fenField")
        self.fen_field.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.fen_field.setToolTip("The position in Xiangqi FEN")
        self.tool_layout.addWidget(self.fen_field)
        self.bits_label = QLabel()
        self.bits_label.setWordWrap(True)  # a long line would widen the panel past its scroll area
        self.tool_layout.addWidget(self.bits_label)

        self.add_heading("Problems")
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        self.problems_label.setObjectName("xiangqiProblems")
        self.tool_layout.addWidget(self.problems_label)
        self.choose_kind("")
        self.board_shown(self.board)

    # --- palette -----------------------------------------------------------------
    @property
    def kind(self) -> str:
        return self.canvas.kind

    def choose_kind(self, letter: str) -> None:
        """Choose the piece kind that clicks put down ("" for none: clicks then only drag)."""
        if letter and letter == self.canvas.kind and self.sender() is self.canvas:
            letter = ""
        self.canvas.kind = letter
        for piece, button in self.kind_buttons.items():
            button.setChecked(piece == letter)
        self._refresh_marks()

    def _refresh_marks(self) -> None:
        letter = self.canvas.kind
        self.canvas.legal = xiangqi.legal_squares(self.board, letter) if letter else frozenset()
        self.canvas.update()
        if not letter:
            self.kind_label.setText("Choose a piece to place it; drag pieces on the board to move them.")
        elif any(not self.board.cells[sq] for sq in self.canvas.legal):
            self.kind_label.setText(f"Click a green point to put a {xiangqi.piece_name(letter)} there.")
        elif xiangqi.count_refusal(self.board, letter):
            # No free point takes one more because the side has as many as the code holds.
            why = xiangqi.count_refusal(self.board, letter)
            self.kind_label.setText(f"{why[0].upper()}{why[1:]}. Drag one to move it, or remove one first.")  # type: ignore[index]
        else:
            self.kind_label.setText(
                f"Every point a {xiangqi.piece_name(letter)} may stand on is taken: "
                f"click a green ring to put it there instead."
            )

    # --- edits -------------------------------------------------------------------
    def _taking(self, square: int) -> str:
        """What an edit onto `square` takes off the board, for its status line."""
        other = self.board.cells[square]
        return f", taking the {xiangqi.piece_name(other)}" if other else ""

    def _refusal(self, square: int, letter: str) -> str | None:
        """Why `letter` cannot stand on `square`, as a status line (None when it can)."""
        name = f"{xiangqi.piece_name(letter)} on {xiangqi.square_name(square)}"
        reason = xiangqi.placement_refusal(self.board, square, letter)
        # The codec's reason may already name the piece and point: say them once.
        return f"Cannot put a {name}: {reason.removeprefix(name + ': ')}" if reason else None

    def _explain_hover(self, square: int) -> None:
        letter = self.canvas.kind
        refusal = self._refusal(square, letter) if letter else None
        if refusal:
            self.show_status(refusal)

    def place(self, square: int, letter: str) -> bool:
        name = f"{xiangqi.piece_name(letter)} on {xiangqi.square_name(square)}"
        refusal = self._refusal(square, letter)
        if refusal:
            self.show_status(refusal)
            return False
        if self.board.cells[square] == letter:
            self.show_status(f"A {name} is already there")
            return False
        what = f"Put {name}"
        taking = self._taking(square)
        self.set_board(self.board.placed(square, letter), what)
        self.show_status(what + taking)
        return True

    def move(self, source: int, target: int) -> bool:  # type: ignore[override]
        letter = self.board.cells[source]
        if not letter:
            return False
        reason = xiangqi.move_refusal(self.board, source, target)
        target_name = xiangqi.square_name(target)
        if reason:
            prefix = f"{xiangqi.piece_name(letter)} on {target_name}: "
            self.show_status(
                f"Cannot move the {xiangqi.piece_name(letter)} to {target_name}: {reason.removeprefix(prefix)}"
            )
            return False
        what = f"Move {xiangqi.piece_name(letter)} {xiangqi.square_name(source)}-{target_name}"
        taking = self._taking(target) if target != source else ""
        self.set_board(self.board.moved(source, target), what)
        self.show_status(what + taking)
        return True

    def remove(self, square: int) -> bool:
        letter = self.board.cells[square]
        if not letter:
            return False
        what = f"Remove {xiangqi.piece_name(letter)} on {xiangqi.square_name(square)}"
        self.set_board(self.board.removed(square), what)
        self.show_status(what)
        return True

    def set_turn(self, red: bool) -> None:
        self.set_board(self.board.with_turn(red), "Red to move" if red else "Black to move")

    def opening(self) -> None:
        self.set_board(xiangqi.new_board().with_turn(True), "Opening position")

    def clear(self) -> None:
        self.set_board(self.board.cleared(), "Clear board")

    def flip(self) -> None:
        self.canvas.flipped = not self.canvas.flipped
        self.settings.setValue("xiangqi/flipped", self.canvas.flipped)
        self.canvas.update()
        self.show_status("Black at the bottom" if self.canvas.flipped else "Red at the bottom")

    def copy_fen(self) -> None:
        QGuiApplication.clipboard().setText(xiangqi.to_fen(self.board))
        self.show_status("Copied the FEN")

    def paste_fen(self) -> bool:
        text = QGuiApplication.clipboard().text()
        try:
            board = xiangqi.decode(text)
        except SlugError as exc:
            self.show_status(f"Not opened: {exc}")
            return False
        self.set_board(board, "Paste FEN")
        self.show_status("Opened the position from the clipboard")
        return True

    # --- showing -----------------------------------------------------------------
    def board_shown(self, board: xiangqi.Board) -> None:
        self.canvas.board = board
        (self.red_turn if board.red_to_move else self.black_turn).setChecked(True)
        self.fen_field.setText(xiangqi.to_fen(board))
        self.fen_field.setCursorPosition(0)
        found = xiangqi.problems(board)
        if xiangqi.is_encodable(board):
            identity = " (keeps the slug's piece order)" if board.has_identity else ""
            self.bits_label.setText(f"{xiangqi.bit_length(board)} bits{identity}")
        else:
            self.bits_label.setText("the slug code cannot hold this position")
        self.problems_label.setText("<br>".join(p.message for p in found) or "None")
        self.canvas.marked = tuple(
            dict.fromkeys(
                sq for p in found if p.kind in ("unencodable", "too-many", "facing-kings", "check") for sq in p.cells
            )
        )
        self._refresh_marks()

    def export_state(self) -> dict:
        return {"flipped": self.canvas.flipped}


VIEW = GameView(page=XiangqiPage, paint=paint, preferred_size=preferred_size)

"""The minesweeper page: edit a mine field, play it in the window while the game is
recorded into its slug, and replay a pasted game in real time with seeking, stepping,
speed control and the players' statistics.

Every rule (numbers, flood fill, outcome, statistics, what a click records) comes from
`slugboard.codecs.minesweeper`; this module turns its states into pixels and mouse and
keys into events. Drawing composes the board from pre-drawn cell tiles, a byte row at a
time, so a 100x100 field redraws in a few milliseconds while a replay runs.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QElapsedTimer, QEventLoop, QObject, QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QKeySequence,
    QPainter,
    QPalette,
    QPen,
    QPolygonF,
    QShortcut,
)
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSlider,
    QSpinBox,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from slugboard.codecs import minesweeper as ms

from ..games import GameView
from ..page import BoardCanvas, GamePage

EDIT, PLAY, REPLAY = "edit", "play", "replay"
MODES = (EDIT, PLAY, REPLAY)
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
# Cells plus 8 per action above which a pasted board gets a busy cursor while it is prepared.
LARGE_BOARD_WORK = 300_000
SLOW_PASTE_MS = 200

# The classic game's colours (fixed: they are the game's, not the desktop's).
FACE = QColor("#c0c0c0")
LIGHT_EDGE = QColor("#ffffff")
DARK_EDGE = QColor("#808080")
NUMBER_COLOURS = ("#000000", "#0000ff", "#008000", "#ff0000", "#000080", "#800000", "#008080", "#000000", "#808080")
MINE = QColor("#000000")
HIT = QColor("#ff0000")
FLAG = QColor("#e00000")
LED_BACK = QColor("#000000")
LED_TEXT = QColor("#ff2a1a")
OPEN_RING = QColor("#ffd600")
FLAG_RING = QColor("#ff6d00")
WON_COLOUR = QColor("#2e7d32")
LOST_COLOUR = QColor("#c62828")

# Tile numbers of the cell pictures.
T_CLOSED, T_FLAG, T_MARK = 0, 1, 2
T_OPEN = 3  # 3..11: open cells showing 0..8
T_MINE, T_HIT, T_WRONG_FLAG = 12, 13, 14
TILE_COUNT = 15
# Largest composed board image; beyond it the tiles are drawn smaller and scaled.
MAX_COMPOSED_PIXELS = 12_000_000


# --- which tile each cell shows ----------------------------------------------------------


def _table(mapping: dict[int, int]) -> bytes:
    out = bytearray(256)
    for key, value in mapping.items():
        out[key] = value
    return bytes(out)


# Cell key = 10 * state code + field number (0-8, 9 for a mine).
_TIMES_TEN = _table({ms.CLOSED: 0, ms.OPENED: 10, ms.FLAGGED: 20, ms.MARKED: 30})


def _tile_table(lost: bool, won: bool) -> bytes:
    mapping = {}
    for number in range(10):
        mine = number == 9
        closed = T_MINE if mine and lost else T_FLAG if mine and won else T_CLOSED
        mapping[0 + number] = closed
        mapping[10 + number] = T_HIT if mine else T_OPEN + number
        mapping[20 + number] = T_WRONG_FLAG if lost and not mine else T_FLAG
        mapping[30 + number] = T_MINE if mine and lost else T_MARK
    return _table(mapping)


_GAME_TABLES = {(lost, won): _tile_table(lost, won) for lost in (False, True) for won in (False, True)}
_EDIT_TABLE = _table({n: (T_MINE if n == 9 else T_OPEN + n) for n in range(10)})


def tile_ids(field: ms.Field, state: ms.ReplayState | None) -> bytes:
    """One tile number per cell: the revealed field for the editor, else the game state
    (mines shown once a game is lost, flagged once it is won, as the classic game does)."""
    if state is None:
        return field.numbers.translate(_EDIT_TABLE)
    # Byte-wise sum of the two rows of codes, done as one integer addition (no byte
    # exceeds 39, so none carries into the next): milliseconds on a million cells.
    n = len(field.numbers)
    keys = (
        int.from_bytes(state.cells.translate(_TIMES_TEN), "little") + int.from_bytes(field.numbers, "little")
    ).to_bytes(n, "little")
    return keys.translate(_GAME_TABLES[state.outcome == ms.LOST, state.outcome == ms.WON])


# --- tiles -------------------------------------------------------------------------------

_TILE_CACHE: dict[int, list[list[bytes]]] = {}


def _draw_mine(p: QPainter, r: QRectF, crossed: bool = False) -> None:
    c = r.center()
    rad = r.width() * 0.27
    p.setPen(QPen(MINE, max(1.0, r.width() / 14)))
    for dx, dy in ((1, 0), (0, 1), (0.72, 0.72), (0.72, -0.72)):
        p.drawLine(
            QPointF(c.x() - dx * rad * 1.45, c.y() - dy * rad * 1.45),
            QPointF(c.x() + dx * rad * 1.45, c.y() + dy * rad * 1.45),
        )
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(MINE)
    p.drawEllipse(c, rad, rad)
    if r.width() >= 10:
        p.setBrush(QColor("#ffffff"))
        p.drawRect(QRectF(c.x() - rad * 0.55, c.y() - rad * 0.55, rad * 0.42, rad * 0.42))
    if crossed:
        p.setPen(QPen(HIT, max(1.5, r.width() / 9)))
        m = r.width() * 0.18
        p.drawLine(QPointF(r.left() + m, r.top() + m), QPointF(r.right() - m, r.bottom() - m))
        p.drawLine(QPointF(r.left() + m, r.bottom() - m), QPointF(r.right() - m, r.top() + m))


def _draw_flag(p: QPainter, r: QRectF) -> None:
    w = r.width()
    x0, y0 = r.left(), r.top()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(FLAG)
    p.drawPolygon(
        QPolygonF(
            [
                QPointF(x0 + w * 0.58, y0 + w * 0.16),
                QPointF(x0 + w * 0.58, y0 + w * 0.52),
                QPointF(x0 + w * 0.22, y0 + w * 0.34),
            ]
        )
    )
    p.setBrush(MINE)
    p.drawRect(QRectF(x0 + w * 0.53, y0 + w * 0.16, max(1.0, w * 0.07), w * 0.56))
    p.drawRect(QRectF(x0 + w * 0.28, y0 + w * 0.70, w * 0.50, max(1.0, w * 0.1)))


def _draw_tile(p: QPainter, kind: int, size: int) -> None:
    r = QRectF(0, 0, size, size)
    closed = kind in (T_CLOSED, T_FLAG, T_MARK)
    if size < 5:
        # Too small for bevels and glyphs: flat colours that still tell the states apart.
        colour = {
            T_CLOSED: "#9c9c9c",
            T_FLAG: "#e00000",
            T_MARK: "#9c9c9c",
            T_MINE: "#000000",
            T_HIT: "#ff0000",
            T_WRONG_FLAG: "#ff00ff",
        }.get(kind)
        if colour is None:
            number = kind - T_OPEN
            colour = "#d6d6d6" if number == 0 else NUMBER_COLOURS[number]
        p.fillRect(r, QColor(colour))
        return
    p.fillRect(r, HIT if kind == T_HIT else FACE)
    if closed:
        b = max(1, round(size / 9))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(LIGHT_EDGE)
        p.drawPolygon(
            QPolygonF(
                [
                    QPointF(0, 0),
                    QPointF(size, 0),
                    QPointF(size - b, b),
                    QPointF(b, b),
                    QPointF(b, size - b),
                    QPointF(0, size),
                ]
            )
        )
        p.setBrush(DARK_EDGE)
        p.drawPolygon(
            QPolygonF(
                [
                    QPointF(size, size),
                    QPointF(0, size),
                    QPointF(b, size - b),
                    QPointF(size - b, size - b),
                    QPointF(size - b, b),
                    QPointF(size, 0),
                ]
            )
        )
    else:
        p.setPen(QPen(DARK_EDGE, 1))
        p.drawLine(QPointF(0, 0.5), QPointF(size, 0.5))
        p.drawLine(QPointF(0.5, 0), QPointF(0.5, size))
    if kind == T_FLAG:
        _draw_flag(p, r)
    elif kind == T_MARK or T_OPEN < kind <= T_OPEN + 8:
        text = "?" if kind == T_MARK else str(kind - T_OPEN)
        font = QFont("DejaVu Sans")
        font.setBold(True)
        font.setPixelSize(max(5, int(size * 0.7)))
        p.setFont(font)
        p.setPen(MINE if kind == T_MARK else QColor(NUMBER_COLOURS[kind - T_OPEN]))
        p.drawText(r.adjusted(1, 1, 0, 0), Qt.AlignmentFlag.AlignCenter, text)
    elif kind in (T_MINE, T_HIT):
        _draw_mine(p, r)
    elif kind == T_WRONG_FLAG:
        _draw_mine(p, r, crossed=True)


def _tiles(size: int) -> list[list[bytes]]:
    """rows[k][tile]: the k-th pixel row of each tile picture, as RGB32 bytes."""
    rows = _TILE_CACHE.get(size)
    if rows is not None:
        return rows
    rows = [[b""] * TILE_COUNT for _ in range(size)]
    stride = 4 * size
    for kind in range(TILE_COUNT):
        image = QImage(size, size, QImage.Format.Format_RGB32)
        image.fill(FACE)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, size >= 8)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        _draw_tile(painter, kind, size)
        painter.end()
        data = (
            bytes(image.constBits())[: stride * size]
            if image.bytesPerLine() == stride
            else b"".join(bytes(image.constScanLine(k))[:stride] for k in range(size))  # type: ignore[call-overload]
        )
        for k in range(size):
            rows[k][kind] = data[k * stride : (k + 1) * stride]
    if len(_TILE_CACHE) > 6:
        _TILE_CACHE.pop(next(iter(_TILE_CACHE)))
    _TILE_CACHE[size] = rows
    return rows


def _flat_colours() -> list[int]:
    """The colour table of tiles too small for bevels and glyphs (one flat colour each)."""
    rows = _tiles(1)
    return [int.from_bytes(rows[0][kind][:4], "little") | 0xFF000000 for kind in range(TILE_COUNT)]


def compose(field: ms.Field, ids: bytes, tile: int) -> QImage:
    """The board picture at `tile` pixels per cell, joined from tile rows."""
    w, h = field.width, field.height
    if tile < 5:
        # Small tiles are flat colours: one indexed pixel per cell, enlarged; a large
        # field is drawn in a few milliseconds this way instead of tens.
        image = QImage(ids, w, h, w, QImage.Format.Format_Indexed8)
        image.setColorTable(_flat_colours())
        image = image.convertToFormat(QImage.Format.Format_RGB32)
        return image if tile == 1 else image.scaled(w * tile, h * tile)
    rows = _tiles(tile)
    lines = []
    for r in range(h):
        row_ids = ids[r * w : (r + 1) * w]
        for k in range(tile):
            lines.append(b"".join(map(rows[k].__getitem__, row_ids)))
    data = b"".join(lines)
    image = QImage(data, w * tile, h * tile, 4 * w * tile, QImage.Format.Format_RGB32)
    return image.copy()  # own the pixels: `data` is freed on return


# --- layout and painting -----------------------------------------------------------------


class Layout:
    """Where the header and the grid go in a rectangle, and cell hit-testing."""

    def __init__(self, rect: QRectF, width: int, height: int):
        self.width, self.height = width, height
        margin = 6.0
        self.header_h = header_h = max(24.0, min(44.0, rect.height() * 0.08))
        avail_w = max(1.0, rect.width() - 2 * margin)
        avail_h = max(1.0, rect.height() - header_h - 3 * margin)
        cell = min(avail_w / width, avail_h / height)
        self.cell = float(int(cell)) if cell >= 2 else cell
        gw, gh = self.cell * width, self.cell * height
        top = rect.top() + margin + header_h + margin
        self.grid = QRectF(rect.left() + (rect.width() - gw) / 2, top, gw, gh)
        hw = min(avail_w, max(gw, 260.0))
        self.header = QRectF(rect.left() + (rect.width() - hw) / 2, rect.top() + margin, hw, header_h)

    def cell_at(self, point: QPointF) -> tuple[int, int] | None:
        if not self.grid.contains(point):
            return None
        x = int((point.x() - self.grid.left()) / self.cell)
        y = int((point.y() - self.grid.top()) / self.cell)
        return min(x, self.width - 1), min(y, self.height - 1)

    def cell_rect(self, x: int, y: int) -> QRectF:
        return QRectF(self.grid.left() + x * self.cell, self.grid.top() + y * self.cell, self.cell, self.cell)


def replay_for(board: ms.Board) -> ms.Replay:
    """A Replay of `board`, reused while the same board is drawn again and again."""
    return ms.replay(board)


def _clock_text(ms_: float) -> str:
    return f"{max(0.0, ms_) / 1000:.2f}"


def _fitted(font: QFont, text: str, width: float, pixels: int) -> QFont:
    """`font` at `pixels` high, or smaller when `text` would not fit in `width`."""
    font = QFont(font)
    font.setPixelSize(max(6, pixels))
    advance = QFontMetricsF(font).horizontalAdvance(text)
    if advance > width > 0:
        font.setPixelSize(max(6, int(pixels * width / advance)))
    return font


def _draw_led(p: QPainter, rect: QRectF, text: str, align) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(LED_BACK)
    p.drawRoundedRect(rect, 3, 3)
    font = QFont("DejaVu Sans Mono")
    font.setBold(True)
    p.setFont(_fitted(font, text, rect.width() - 12, int(rect.height() * 0.72)))
    p.setPen(LED_TEXT)
    p.drawText(rect.adjusted(6, 0, -6, 0), align | Qt.AlignmentFlag.AlignVCenter, text)


def _draw_header(
    p: QPainter, lay: Layout, palette: QPalette, left: str, centre: str, right: str, centre_colour: QColor | None
) -> None:
    r = lay.header
    led_w = min(r.width() * 0.3, r.height() * 3.6)
    _draw_led(p, QRectF(r.left(), r.top(), led_w, r.height()), left, Qt.AlignmentFlag.AlignLeft)
    _draw_led(p, QRectF(r.right() - led_w, r.top(), led_w, r.height()), right, Qt.AlignmentFlag.AlignRight)
    mid = QRectF(r.left() + led_w + 6, r.top(), r.width() - 2 * led_w - 12, r.height())
    font = QFont(p.font())
    font.setBold(True)
    p.setFont(_fitted(font, centre, mid.width() - 8, int(r.height() * 0.48)))
    if centre_colour is not None:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(centre_colour)
        p.drawRoundedRect(mid, 4, 4)
        p.setPen(QColor("#ffffff"))
    else:
        p.setPen(palette.color(QPalette.ColorRole.WindowText))
    p.drawText(mid, Qt.AlignmentFlag.AlignCenter, centre)


def _draw_event_mark(p: QPainter, lay: Layout, event: ms.Event) -> None:
    """The current event: a ring round its cell and a pointer where the mouse was."""
    r = lay.cell_rect(event.x, event.y)
    width = max(2.0, lay.cell / 8)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(OPEN_RING if event.kind == ms.OPEN else FLAG_RING, width))
    grow = width / 2
    p.drawRect(r.adjusted(-grow, -grow, grow, grow))
    s = max(9.0, min(22.0, lay.cell * 0.75))
    tip = QPointF(r.center().x(), r.center().y())
    arrow = QPolygonF(
        [
            tip,
            QPointF(tip.x(), tip.y() + s),
            QPointF(tip.x() + s * 0.28, tip.y() + s * 0.74),
            QPointF(tip.x() + s * 0.48, tip.y() + s * 1.1),
            QPointF(tip.x() + s * 0.62, tip.y() + s * 1.02),
            QPointF(tip.x() + s * 0.42, tip.y() + s * 0.68),
            QPointF(tip.x() + s * 0.75, tip.y() + s * 0.68),
        ]
    )
    p.setPen(QPen(QColor("#000000"), 1.2))
    p.setBrush(QColor("#ffffff"))
    p.drawPolygon(arrow)
    if event.kind != ms.OPEN:
        # A right click: a small dot on the pointer tells it from an open.
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(FLAG_RING)
        p.drawEllipse(QPointF(tip.x() + s * 0.2, tip.y() + s * 0.45), s * 0.1, s * 0.1)


def paint(
    painter: QPainter,
    rect: QRectF,
    board: ms.Board,
    palette: QPalette,
    *,
    at: float | None = None,
    view: str | None = None,
    state: ms.ReplayState | None = None,
    replay: ms.Replay | None = None,
    clock_ms: float | None = None,
    hover: tuple[int, int] | None = None,
    cursor: tuple[int, int] | None = None,
    **_state,
) -> None:
    """Draw `board`. With no state: the field as the editor shows it (every mine and
    number). `at` (seconds) draws the recorded game at that moment; `view="play"` its
    final state; `state` a replay state already computed by the caller."""
    replay = replay if replay is not None and replay.board is board else None
    if at is not None and state is None:
        replay = replay or replay_for(board)
        state = replay.state_at(at * 1000)
        if clock_ms is None:
            clock_ms = min(at * 1000, replay.duration_ms)
    if view is None:
        view = EDIT if state is None else REPLAY
    if view != EDIT and state is None:
        replay = replay or replay_for(board)
        state = replay.final()
    fld = replay.field if replay is not None else ms.field_of(board)
    lay = Layout(rect, board.width, board.height)

    painter.save()
    # Header: mines left, what is going on, the clock.
    if view == EDIT:
        left = f"{len(board.mines):03d}"
        centre, colour = "EDIT", None
        right = f"3BV {fld.bbbv}"
    else:
        flags = state.cells.count(ms.FLAGGED)  # type: ignore[union-attr]
        left = f"{len(board.mines) - flags:03d}"
        right = _clock_text(clock_ms if clock_ms is not None else state.time_ms)  # type: ignore[union-attr]
        colour = None
        if state.outcome == ms.WON:  # type: ignore[union-attr]
            centre, colour = "WON", WON_COLOUR
        elif state.outcome == ms.LOST:  # type: ignore[union-attr]
            centre, colour = "LOST", LOST_COLOUR
        elif view == PLAY:
            centre = "PLAYING" if state.index else "READY"  # type: ignore[union-attr]
        else:
            total = len(board.events)
            centre = f"REPLAY {state.index}/{total}"  # type: ignore[union-attr]
    _draw_header(painter, lay, palette, left, centre, right, colour)

    # The board: composed from tiles, one image.
    ids = tile_ids(fld, None if view == EDIT else state)
    # Tiles in device pixels, so a high-density screen gets sharp numbers.
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    tile = max(1, int(lay.cell * ratio))
    pixels = board.width * board.height * tile * tile
    if pixels > MAX_COMPOSED_PIXELS:
        tile = max(1, int((MAX_COMPOSED_PIXELS / (board.width * board.height)) ** 0.5))
    image = compose(fld, ids, tile)
    if tile != lay.cell * ratio:
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.drawImage(lay.grid, image)
    frame = QPen(palette.color(QPalette.ColorRole.Mid), 1)
    painter.setPen(frame)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(lay.grid.adjusted(-0.5, -0.5, 0.5, 0.5))

    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    if hover is not None and 0 <= hover[0] < board.width and 0 <= hover[1] < board.height:
        glow = QColor(palette.color(QPalette.ColorRole.Highlight))
        glow.setAlpha(80)
        painter.fillRect(lay.cell_rect(*hover), glow)
    if cursor is not None and 0 <= cursor[0] < board.width and 0 <= cursor[1] < board.height:
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), max(2.0, lay.cell / 10), Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(lay.cell_rect(*cursor).adjusted(1, 1, -1, -1))
    if view == REPLAY and state is not None and state.last_event is not None:
        _draw_event_mark(painter, lay, state.last_event)
    painter.restore()


def preferred_size(board: ms.Board) -> QSize:
    cell = max(2, min(48, 960 // board.width, 720 // board.height))
    width = max(280, board.width * cell + 12)
    header = max(24, min(44, int((board.height * cell + 60) * 0.08)))
    return QSize(width, board.height * cell + header + 24)


# --- the canvas ---------------------------------------------------------------------------


class MinesCanvas(BoardCanvas):
    """Shows the board in the page's current view and turns clicks and keys into cell
    actions: `cell_clicked(x, y, button)` (left opens or toggles a mine, right flags)."""

    cell_clicked = Signal(int, int, object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.board = ms.new_board()
        self.view = EDIT
        self.state: ms.ReplayState | None = None
        self.replay: ms.Replay | None = None
        self.clock_ms: float | None = None
        self.hover: tuple[int, int] | None = None
        self.cursor: tuple[int, int] | None = None  # type: ignore[assignment]
        self._pressed: tuple[int, int] | None = None
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(280, 240)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(640, 560)

    def layout_(self) -> Layout:
        return Layout(QRectF(self.rect()), self.board.width, self.board.height)

    def cell_center(self, x: int, y: int) -> QPointF:
        return self.layout_().cell_rect(x, y).center()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        paint(
            painter,
            QRectF(self.rect()),
            self.board,
            self.palette(),
            view=self.view,
            state=self.state,
            replay=self.replay,
            clock_ms=self.clock_ms,
            hover=self.hover if self.view != REPLAY else None,
            cursor=self.cursor if self.view != REPLAY and self.hasFocus() else None,
        )

    def mousePressEvent(self, event) -> None:
        self.setFocus()
        cell = self.layout_().cell_at(event.position())
        self._pressed = cell
        if cell is not None and event.button() == Qt.MouseButton.RightButton:
            self.cell_clicked.emit(cell[0], cell[1], Qt.MouseButton.RightButton)

    def mouseReleaseEvent(self, event) -> None:
        # Like the classic game, a left click acts on release, over the cell it pressed.
        cell = self.layout_().cell_at(event.position())
        if event.button() == Qt.MouseButton.LeftButton and cell is not None and cell == self._pressed:
            self.cell_clicked.emit(cell[0], cell[1], Qt.MouseButton.LeftButton)
        self._pressed = None

    def mouseMoveEvent(self, event) -> None:
        cell = self.layout_().cell_at(event.position())
        if cell != self.hover:
            self.hover = cell
            self.update()

    def leaveEvent(self, event) -> None:
        self.hover = None
        self.update()

    def keyPressEvent(self, event) -> None:
        if (
            event.modifiers()
            & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.MetaModifier)
            or self.view == REPLAY
        ):
            super().keyPressEvent(event)
            return
        moves = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
        key = event.key()
        if key in moves:
            x, y = self.cursor or (0, 0)
            dx, dy = moves[key]
            self.cursor = ((x + dx) % self.board.width, (y + dy) % self.board.height)
            self.update()
            return
        if self.cursor is not None and key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.cell_clicked.emit(self.cursor[0], self.cursor[1], Qt.MouseButton.LeftButton)
            return
        if self.cursor is not None and key == Qt.Key.Key_F:
            self.cell_clicked.emit(self.cursor[0], self.cursor[1], Qt.MouseButton.RightButton)
            return
        super().keyPressEvent(event)


# --- the replay clock ------------------------------------------------------------------------


class ReplayPlayer(QObject):
    """Plays a Replay against a clock. A QTimer calls `tick()`, which advances the replay
    by the time the clock says has passed, times the speed; tests call `advance(ms)`
    themselves (or give `clock` a fake) so nothing depends on waiting."""

    moved = Signal()
    playing_changed = Signal(bool)
    FRAME_MS = 15

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.replay: ms.Replay | None = None
        self.time_ms = 0.0
        self.index = 0
        self.speed = 1.0
        self.playing = False
        elapsed = QElapsedTimer()
        elapsed.start()
        self.clock: Callable[[], float] = lambda: float(elapsed.elapsed())
        self._last = 0.0
        self.timer = QTimer(self)
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(self.FRAME_MS)
        self.timer.timeout.connect(self.tick)

    @property
    def duration_ms(self) -> int:
        return self.replay.duration_ms if self.replay else 0

    def load(self, replay: ms.Replay, time_ms: float = 0.0) -> None:
        self.replay = replay
        self.pause()
        self.seek(time_ms)

    def state(self) -> ms.ReplayState | None:
        if self.replay is None:
            return None
        return self.replay.state(self.index, self.time_ms)

    # -- playing
    def play(self) -> None:
        if self.replay is None or self.playing:
            return
        if self.time_ms >= self.duration_ms:
            self.seek(0)  # play at the end starts again
        self.playing = True
        self._last = self.clock()
        self.timer.start()
        self.playing_changed.emit(True)
        self.moved.emit()

    def pause(self) -> None:
        self.timer.stop()
        if self.playing:
            self.playing = False
            self.playing_changed.emit(False)
            self.moved.emit()

    def toggle(self) -> None:
        self.pause() if self.playing else self.play()

    def tick(self) -> None:
        now = self.clock()
        elapsed, self._last = now - self._last, now
        self.advance(elapsed)

    def advance(self, real_ms: float) -> None:
        """Let `real_ms` of wall time pass while playing."""
        if not self.playing or self.replay is None:
            return
        self.time_ms = min(self.duration_ms, self.time_ms + max(0.0, real_ms) * self.speed)
        self.index = self.replay.index_at(self.time_ms)
        if self.time_ms >= self.duration_ms:
            self.pause()
        self.moved.emit()

    # -- moving
    def seek(self, time_ms: float) -> None:
        if self.replay is None:
            return
        self.time_ms = max(0.0, min(float(time_ms), self.duration_ms))
        # The very start shows the untouched board, even when the first click came at 0.
        self.index = self.replay.index_at(self.time_ms) if self.time_ms > 0 else 0
        self._last = self.clock()
        self.moved.emit()

    def step(self, delta: int) -> None:
        """To the next or previous event, one at a time even when several share a moment."""
        if self.replay is None:
            return
        self.pause()
        self.index = max(0, min(self.replay.event_count, self.index + delta))
        self.time_ms = float(self.replay.time_of(self.index))
        self.moved.emit()

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self.moved.emit()


# --- the page --------------------------------------------------------------------------------


def _button(text: str, tip: str, slot, checkable: bool = False) -> QPushButton:
    button = QPushButton(text)
    button.setToolTip(tip)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    button.setCheckable(checkable)
    if not checkable:
        button.clicked.connect(slot)
    return button


def _transport(text: str, tip: str, slot) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    button.clicked.connect(slot)
    return button


class _CurrentPageStack(QStackedWidget):
    """A stack as large as the page it shows, not as its largest page."""

    def sizeHint(self) -> QSize:
        current = self.currentWidget()
        return current.sizeHint() if current is not None else super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        current = self.currentWidget()
        return current.minimumSizeHint() if current is not None else super().minimumSizeHint()


def _fmt(value: float | None, digits: int = 2, suffix: str = "") -> str:
    return "–" if value is None else f"{value:.{digits}f}{suffix}"


class MinesweeperPage(GamePage):
    canvas: MinesCanvas
    """Three modes over one board (the field and its recorded game).

    Undo: every edit of the field is a step; so are New game and Restart; the moves of one
    game merge into a single step, so Undo after playing takes the whole game back (a
    minesweeper move cannot be taken back on its own).
    """

    GAME = ms.NAME
    TOOL_PANEL_WIDTH = 300
    PLAY_MERGE_ID = 0x4D53  # consecutive moves of one game are one undo step
    RESIZE_MERGE_ID = 0x4D54

    def __init__(self, settings=None, parent=None):
        super().__init__(settings, parent)
        self.mode = EDIT
        self.replay: ms.Replay = replay_for(self.board)
        self._fresh_game = False  # mines not yet final: the first click stays clear
        self._play_origin: float | None = None
        elapsed = QElapsedTimer()
        elapsed.start()
        self.clock: Callable[[], float] = lambda: float(elapsed.elapsed())

        canvas = MinesCanvas()
        canvas.cell_clicked.connect(self._cell_clicked)
        self.set_canvas(canvas)
        self.player = ReplayPlayer(self)
        self.player.moved.connect(self._replay_moved)
        self.player.playing_changed.connect(self._playing_changed)
        self._play_timer = QTimer(self)
        self._play_timer.setInterval(50)
        self._play_timer.timeout.connect(self._play_tick)

        self._build_mode_bar()
        self.panels = _CurrentPageStack()
        self.panels.currentChanged.connect(lambda _: self.panels.updateGeometry())
        self.panels.addWidget(self._build_edit_panel())
        self.panels.addWidget(self._build_play_panel())
        self.panels.addWidget(self._build_replay_panel())
        self.panels.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.tool_layout.addWidget(self.panels)
        self._build_stats_panel()
        self._build_shortcuts()
        saved = self.settings.value("minesweeper/mode", EDIT)
        self.set_mode(saved if saved in MODES else EDIT)
        self.board_shown(self.board)

    # --- building the tool panel -----------------------------------------------------
    def _build_mode_bar(self) -> None:
        self.add_heading("Mode")
        row = QHBoxLayout()
        self.mode_group = QButtonGroup(self)
        self.mode_buttons = {}
        tips = {
            EDIT: "Place and remove mines; set the size (Ctrl+1)",
            PLAY: "Play this field; the game is recorded into the slug (Ctrl+2)",
            REPLAY: "Watch the recorded game with its clock and statistics (Ctrl+3)",
        }
        for mode in MODES:
            button = _button(mode.capitalize(), tips[mode], None, checkable=True)
            button.setObjectName(f"mode_{mode}")
            button.setStyleSheet(
                "QPushButton:checked { font-weight: bold; background: palette(highlight); "
                "color: palette(highlighted-text); border-radius: 3px; padding: 4px; }"
            )
            self.mode_group.addButton(button)
            self.mode_buttons[mode] = button
            button.clicked.connect(lambda _=False, m=mode: self.set_mode(m))
            row.addWidget(button)
        self.tool_layout.addLayout(row)
        self.mode_label = QLabel()
        self.mode_label.setWordWrap(True)
        self.mode_label.setObjectName("modeHint")
        self.tool_layout.addWidget(self.mode_label)

    def _build_edit_panel(self) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("<b>Field</b>"))
        form = QFormLayout()
        self.width_spin = QSpinBox()
        self.width_spin.setRange(1, 1000)
        self.width_spin.setToolTip("Columns; changing the size drops mines that fall off")
        self.height_spin = QSpinBox()
        self.height_spin.setRange(1, 1000)
        self.height_spin.setToolTip("Rows; changing the size drops mines that fall off")
        self.mines_spin = QSpinBox()
        self.mines_spin.setRange(0, 999_999)
        self.mines_spin.setToolTip("How many mines a random field (and a new game) gets")
        for spin in (self.width_spin, self.height_spin, self.mines_spin):
            # Typing "12" must not resize through a 1-wide board (which would drop mines).
            spin.setKeyboardTracking(False)
        self.width_spin.valueChanged.connect(self._size_edited)
        self.height_spin.valueChanged.connect(self._size_edited)
        self.width_spin.valueChanged.connect(self._limit_mines)
        self.height_spin.valueChanged.connect(self._limit_mines)
        form.addRow("Width", self.width_spin)
        form.addRow("Height", self.height_spin)
        form.addRow("Mines", self.mines_spin)
        layout.addLayout(form)
        levels = QGridLayout()
        for i, (name, (w, h, m)) in enumerate(ms.LEVELS.items()):
            button = _button(
                name.capitalize(), f"A random {w}x{h} field with {m} mines", lambda _=False, n=name: self.new_level(n)
            )
            levels.addWidget(button, i // 2, i % 2)
        layout.addLayout(levels)
        layout.addWidget(
            _button(
                "Random field", "Scatter the chosen number of mines at random (Ctrl+R)", lambda: self.random_field()
            )
        )
        layout.addWidget(_button("Clear mines", "Remove every mine", self.clear_mines))
        self.field_label = QLabel()
        self.field_label.setWordWrap(True)
        layout.addWidget(self.field_label)
        version_row = QFormLayout()
        self.version_box = QComboBox()
        self.version_box.addItem("1 (50 ms ticks)", 1)
        self.version_box.addItem("2 (10 ms, base62 times)", 2)
        self.version_box.setToolTip(
            "Slug version: 1 is what the servers and the GIF renderer read; 2 keeps finer times"
        )
        self.version_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.version_box.activated.connect(self._version_chosen)
        version_row.addRow("Slug", self.version_box)
        layout.addLayout(version_row)
        hint = QLabel("Click a cell (or arrows + Space) to add or remove a mine.")
        hint.setWordWrap(True)
        layout.addWidget(hint)
        return panel

    def _build_play_panel(self) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("<b>Game</b>"))
        self.play_status = QLabel()
        self.play_status.setObjectName("playStatus")
        font = self.play_status.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.play_status.setFont(font)
        layout.addWidget(self.play_status)
        self.play_clock = QLabel()
        self.play_clock.setObjectName("playClock")
        layout.addWidget(self.play_clock)
        buttons = QHBoxLayout()
        buttons.addWidget(
            _button(
                "New game",
                "A new random field of the chosen size; the first click never hits a mine (F2)",
                lambda: self.new_game(),
            )
        )
        buttons.addWidget(_button("Restart", "Play this same field again from the start (F3)", self.restart))
        layout.addLayout(buttons)
        layout.addWidget(_button("Watch replay", "Replay the game just played (Ctrl+3)", lambda: self.set_mode(REPLAY)))
        hint = QLabel(
            "Left click opens, right click flags (arrows, Space and F on the keyboard). "
            "The slug below grows with every move: copy it to share the game."
        )
        hint.setWordWrap(True)
        layout.addWidget(hint)
        return panel

    def _build_replay_panel(self) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("<b>Replay</b>"))
        self.replay_clock = QLabel()
        self.replay_clock.setObjectName("replayClock")
        font = QFont("DejaVu Sans Mono")
        font.setPointSizeF(self.replay_clock.font().pointSizeF() * 1.35)
        font.setBold(True)
        self.replay_clock.setFont(font)
        layout.addWidget(self.replay_clock)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.slider.setToolTip("Drag to any moment of the game")
        self.slider.valueChanged.connect(self._slider_moved)
        self.slider.sliderPressed.connect(self._slider_pressed)
        self.slider.sliderReleased.connect(self._slider_released)
        self._resume_after_drag = False
        layout.addWidget(self.slider)
        controls = QHBoxLayout()
        self.start_button = _transport("|◀", "To the start (Home)", lambda: self.player.seek(0))
        self.prev_button = _transport("◀", "Previous event (Left)", lambda: self.player.step(-1))
        self.play_button = _transport("Play", "Play or pause (Space)", self.player.toggle)
        self.play_button.setObjectName("playPause")
        self.next_button = _transport("▶", "Next event (Right)", lambda: self.player.step(1))
        self.end_button = _transport("▶|", "To the end (End)", lambda: self.player.seek(self.player.duration_ms))
        for b in (self.start_button, self.prev_button, self.play_button, self.next_button, self.end_button):
            controls.addWidget(b)
        controls.setStretch(2, 2)
        layout.addLayout(controls)
        speed_row = QFormLayout()
        self.speed_box = QComboBox()
        for speed in SPEEDS:
            self.speed_box.addItem(f"{speed:g}x", speed)
        self.speed_box.setCurrentIndex(SPEEDS.index(1.0))
        self.speed_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.speed_box.setToolTip("Playback speed (+ and - keys)")
        self.speed_box.currentIndexChanged.connect(lambda i: self.player.set_speed(SPEEDS[i]))
        speed_row.addRow("Speed", self.speed_box)
        layout.addLayout(speed_row)
        self.event_label = QLabel()
        self.event_label.setObjectName("eventLabel")
        self.event_label.setWordWrap(True)
        layout.addWidget(self.event_label)
        self.outcome_label = QLabel()
        self.outcome_label.setObjectName("outcomeLabel")
        font = self.outcome_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.outcome_label.setFont(font)
        layout.addWidget(self.outcome_label)
        return panel

    def _build_stats_panel(self) -> None:
        self.stats_heading = self.add_heading("Statistics")
        grid = QFormLayout()
        grid.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        self.stat_labels: dict[str, QLabel] = {}
        rows = (
            ("time", "Time", "Seconds from the first click to the end (or to now)"),
            ("3bv", "3BV", "Clicks a perfect player needs: openings plus numbers not next to one"),
            ("3bv_solved", "3BV solved", "The part of the 3BV done so far"),
            ("3bv_per_s", "3BV/s", "Speed: 3BV (solved) per second"),
            ("clicks", "Clicks", "Opens and flag actions, with those that changed the board"),
            ("ioe", "IOE", "Efficiency: 3BV solved per click"),
            ("correctness", "Correctness", "Clicks that changed the board, of all clicks"),
            ("throughput", "Throughput", "3BV solved per effective click"),
            ("rqp", "RQP", "Time divided by 3BV/s (lower is better)"),
            ("estimated", "Est. time", "Time the whole board would take at this pace"),
            ("opened", "Cells open", "Safe cells opened, of all safe cells"),
        )
        for key, text, tip in rows:
            label = QLabel("–")
            label.setObjectName(f"stat_{key}")
            label.setToolTip(tip)
            name = QLabel(text)
            name.setToolTip(tip)
            grid.addRow(name, label)
            self.stat_labels[key] = label
        holder = QWidget()
        holder.setLayout(grid)
        self.stats_holder = holder
        self.tool_layout.addWidget(holder)
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        self.problems_label.setStyleSheet("color: #ef6c00")
        self.tool_layout.addWidget(self.problems_label)

    def _build_shortcuts(self) -> None:
        for i, mode in enumerate(MODES, start=1):
            QShortcut(QKeySequence(f"Ctrl+{i}"), self, lambda m=mode: self.set_mode(m))
        QShortcut(QKeySequence("F2"), self, lambda: self.new_game())
        QShortcut(QKeySequence("F3"), self, self.restart)
        QShortcut(QKeySequence("Ctrl+R"), self, lambda: self.random_field())
        self.replay_shortcuts = []
        for key, slot in (
            (Qt.Key.Key_Space, self.player.toggle),
            (Qt.Key.Key_Left, lambda: self.player.step(-1)),
            (Qt.Key.Key_Right, lambda: self.player.step(1)),
            (Qt.Key.Key_Home, lambda: self.player.seek(0)),
            (Qt.Key.Key_End, lambda: self.player.seek(self.player.duration_ms)),
            (Qt.Key.Key_Plus, lambda: self._speed_step(1)),
            (Qt.Key.Key_Equal, lambda: self._speed_step(1)),
            (Qt.Key.Key_Minus, lambda: self._speed_step(-1)),
        ):
            shortcut = QShortcut(QKeySequence(key), self, slot)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.replay_shortcuts.append(shortcut)

    # --- modes ---------------------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(mode)
        previous, self.mode = self.mode, mode
        self.mode_buttons[mode].setChecked(True)
        self.panels.setCurrentIndex(MODES.index(mode))
        for shortcut in self.replay_shortcuts:
            shortcut.setEnabled(mode == REPLAY)
        self.settings.setValue("minesweeper/mode", mode)
        hints = {
            EDIT: "Editing the field: every mine and number is shown.",
            PLAY: "Playing: mines are hidden; your clicks are recorded.",
            REPLAY: "Replaying the recorded game.",
        }
        self.mode_label.setText(hints[mode])
        self.canvas.view = mode
        if mode != REPLAY:
            self.player.pause()
        if mode == REPLAY and (previous != REPLAY or self.player.replay is not self.replay):
            self.player.load(self.replay, 0.0)
        if mode == PLAY:
            self._resume_play_clock()
        else:
            self._play_timer.stop()
        self._refresh()
        self.focus_canvas()

    # --- edit -----------------------------------------------------------------------------
    def _size_edited(self) -> None:
        w, h = self.width_spin.value(), self.height_spin.value()
        if (w, h) == (self.board.width, self.board.height):
            return
        if w * h > ms.MAX_CELLS:
            self.show_status(f"A field has at most {ms.MAX_CELLS:,} cells")
            self._sync_spins(self.board)
            return
        self.set_board(self.board.resized(w, h), "Resize the field", self.RESIZE_MERGE_ID)

    def _limit_mines(self) -> None:
        self.mines_spin.setMaximum(max(0, self.width_spin.value() * self.height_spin.value() - 1))

    def _version_chosen(self, index: int) -> None:
        version = self.version_box.itemData(index)
        if version != self.board.version:
            self.set_board(self.board.with_version(version, 10 if version == 2 else None), f"Slug version {version}")

    def random_field(self, seed=None) -> None:
        w, h, m = self.width_spin.value(), self.height_spin.value(), self.mines_spin.value()
        board = self.board.with_field(w, h, ms.random_board(w, h, m, seed=seed).mines)
        self._fresh_game = False
        self.set_board(board, f"Random field ({m} mines)")

    def new_level(self, name: str) -> None:
        w, h, m = ms.LEVELS[name]
        self._sync_spins(ms.Board(w, h), mines=m)
        if self.mode == PLAY:
            self.new_game()
        else:
            self.random_field()

    def clear_mines(self) -> None:
        board = self.board
        self.set_board(board.with_field(board.width, board.height, ()), "Clear mines")

    # --- play -----------------------------------------------------------------------------
    def new_game(self, seed=None) -> None:
        """A fresh random field of the chosen size; its mines move away from the first
        click when it comes."""
        w, h, m = self.width_spin.value(), self.height_spin.value(), self.mines_spin.value()
        board = self.board.with_field(w, h, ms.random_board(w, h, m, seed=seed).mines)
        self.set_board(board, "New game")
        self._fresh_game = True
        self._play_origin = None
        if self.mode != PLAY:
            self.set_mode(PLAY)

    def restart(self) -> None:
        self.set_board(self.board.without_events(), "Restart game")
        self._play_origin = None
        if self.mode != PLAY:
            self.set_mode(PLAY)
        self._refresh()

    def game_time_ms(self) -> float:
        """The play clock: time since the first click of this game."""
        if self._play_origin is None:
            return 0.0
        return self.clock() - self._play_origin

    def _resume_play_clock(self) -> None:
        """A game continued after a pause (other mode, undo) goes on from its last event."""
        events = self.board.events
        if not events:
            self._play_origin = None
        else:
            self._play_origin = self.clock() - events[-1].t * self.board.time_unit_ms
        self._update_play_timer()

    def _update_play_timer(self) -> None:
        running = self.mode == PLAY and bool(self.board.events) and self.replay.outcome == ms.UNFINISHED
        if running and not self._play_timer.isActive():
            self._play_timer.start()
        elif not running:
            self._play_timer.stop()

    def _play_tick(self) -> None:
        self.canvas.clock_ms = self.game_time_ms()
        self.play_clock.setText(f"Time {self.canvas.clock_ms / 1000:.2f} s")
        self.canvas.update()

    def _play_click(self, x: int, y: int, button) -> None:
        opens = button == Qt.MouseButton.LeftButton
        first = not self.board.events
        origin = self.clock() if first else self._play_origin
        time_ms = 0.0 if first else self.game_time_ms()
        result = ms.click(
            self.board,
            x,
            y,
            ms.OPEN_BUTTON if opens else ms.FLAG_BUTTON,
            time_ms,
            deal=self._fresh_game,  # a new game's field is dealt at its first open
            final=self.replay.final() if self.replay is not None else None,
        )
        if result.board is None:
            if result.refused:
                self.show_status(result.refused)
            return
        if opens:
            self._fresh_game = False
        self._play_origin = origin
        self.set_board(result.board, "Play", self.PLAY_MERGE_ID)

    # --- replay ---------------------------------------------------------------------------
    def _replay_moved(self) -> None:
        if self.mode != REPLAY:
            return
        self._refresh()

    def _playing_changed(self, playing: bool) -> None:
        self.play_button.setText("Pause" if playing else "Play")

    def _slider_moved(self, value: int) -> None:
        if self.slider.signalsBlocked():
            return
        self.player.seek(value)

    def _slider_pressed(self) -> None:
        self._resume_after_drag = self.player.playing
        self.player.pause()

    def _slider_released(self) -> None:
        if self._resume_after_drag:
            self.player.play()

    def _speed_step(self, delta: int) -> None:
        self.speed_box.setCurrentIndex(max(0, min(len(SPEEDS) - 1, self.speed_box.currentIndex() + delta)))

    def replay_state(self) -> ms.ReplayState | None:
        return self.player.state()

    # --- clicks ---------------------------------------------------------------------------
    def _cell_clicked(self, x: int, y: int, button) -> None:
        if self.mode == EDIT:
            if button == Qt.MouseButton.LeftButton:
                had_game = bool(self.board.events)
                present = (x, y) not in self.board.mine_set
                self.set_board(self.board.toggled_mine(x, y), f"{'Add' if present else 'Remove'} mine at ({x}, {y})")
                if had_game:
                    self.show_status("Editing the field cleared the recorded game (Undo brings it back)")
        elif self.mode == PLAY:
            self._play_click(x, y, button)

    # --- showing ----------------------------------------------------------------------------
    def paste_board(self, board) -> None:
        # The largest fields (up to a million cells) take a good part of a second to
        # prepare; the person sees a busy cursor and a message rather than a frozen window.
        large = board.width * board.height + 8 * len(board.events) > LARGE_BOARD_WORK
        took = QElapsedTimer()
        took.start()
        if large:
            QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            self.show_status(f"Opening a {board.width}x{board.height} board…")
            QApplication.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        try:
            self.set_board(board, "Paste")
            self._fresh_game = False
            if board.events:
                self.set_mode(REPLAY)
                self.player.load(self.replay, 0.0)
                self.player.play()
            else:
                # A bare field is shared to be played: show it closed.
                self.set_mode(PLAY)
        finally:
            if large:
                QApplication.restoreOverrideCursor()
        elapsed = took.elapsed()
        if elapsed > SLOW_PASTE_MS:
            # After the window's own "Opened" message, which would hide this one.
            text = (
                f"Opened a {board.width}x{board.height} board with {len(board.mines):,} mines"
                + (f" and {len(board.events):,} actions" if board.events else "")
                + f": preparing it took {elapsed / 1000:.1f} s"
            )
            QTimer.singleShot(0, lambda: self.show_status(text))

    def hideEvent(self, event) -> None:
        # A replay nobody watches would reach its end unseen: it waits for the person.
        self.player.pause()
        super().hideEvent(event)

    def board_shown(self, board: ms.Board) -> None:
        self.replay = replay_for(board)
        self.canvas.board = board
        self.canvas.replay = self.replay
        self._sync_spins(board)
        index = self.version_box.findData(board.version)
        self.version_box.setCurrentIndex(index)
        # Version 2 carries its own time unit: a pasted game may count in 50 ms ticks.
        unit = board.time_unit_ms if board.version == 2 else 10
        self.version_box.setItemText(1, f"2 ({unit} ms{'' if board.unit_in_meta else ' implied'}, base62 times)")
        mines = len(board.mines)
        cells = board.width * board.height
        self.field_label.setText(
            f"{board.width}x{board.height}, {mines} mines "
            f"({100 * mines / cells:.1f}%), 3BV {self.replay.bbbv}"
            + (f"<br>Recorded game: {len(board.events)} actions" if board.events else "")
        )
        self.problems_label.setText("<br>".join(p.message for p in ms.problems(board)))
        if self.mode == REPLAY and self.player.replay is not self.replay:
            keep = min(self.player.time_ms, self.replay.duration_ms)
            self.player.load(self.replay, keep)
        if self.mode == PLAY and not board.events:
            self._play_origin = None
        self._update_play_timer()
        self._refresh()

    def _sync_spins(self, board: ms.Board, mines: int | None = None) -> None:
        for spin, value in ((self.width_spin, board.width), (self.height_spin, board.height)):
            if spin.value() != value:
                spin.blockSignals(True)
                spin.setValue(value)
                spin.blockSignals(False)
        self._limit_mines()
        if mines is not None:
            self.mines_spin.setValue(mines)
        elif not self.mines_spin.value() and board.mines:
            self.mines_spin.setValue(len(board.mines))

    def _refresh(self) -> None:
        """Canvas, clocks, labels and statistics for the current mode."""
        canvas = self.canvas
        if self.mode == EDIT:
            canvas.state, canvas.clock_ms = None, None
            self.stats_heading.setText("<b>Statistics</b>")
            self._show_field_stats()
        elif self.mode == PLAY:
            state = self.replay.final()
            canvas.state = state
            if state.outcome != ms.UNFINISHED:
                canvas.clock_ms = float(state.ended_ms)  # type: ignore[arg-type]
            elif self.board.events:
                canvas.clock_ms = self.game_time_ms()
            else:
                canvas.clock_ms = 0.0
            texts = {
                ms.WON: "You won!",
                ms.LOST: "Boom: you lost",
                ms.UNFINISHED: "Playing" if self.board.events else "Click any cell to start",
            }
            self.play_status.setText(texts[state.outcome])
            colour = {ms.WON: WON_COLOUR.name(), ms.LOST: LOST_COLOUR.name()}.get(state.outcome, "")
            self.play_status.setStyleSheet(f"color: {colour}" if colour else "")
            self.play_clock.setText(f"Time {canvas.clock_ms / 1000:.2f} s")
            self.stats_heading.setText("<b>Statistics</b>")
            self._show_stats(state)
        else:
            state = self.player.state()
            canvas.state = state
            canvas.clock_ms = self.player.time_ms
            self._show_replay_controls(state)
            self.stats_heading.setText("<b>Statistics</b>")
            self._show_stats(state)
        canvas.update()

    def _show_replay_controls(self, state: ms.ReplayState) -> None:
        player = self.player
        duration = player.duration_ms
        self.replay_clock.setText(f"{player.time_ms / 1000:.2f} s / {duration / 1000:.2f} s")
        self.slider.blockSignals(True)
        self.slider.setRange(0, int(duration))
        self.slider.setValue(int(round(player.time_ms)))
        self.slider.blockSignals(False)
        total = len(self.board.events)
        if not total:
            self.event_label.setText("No recorded game: play one (Ctrl+2) or paste a game slug.")
        elif state.last_event is None:
            self.event_label.setText(f"Event 0 of {total}: the start")
        else:
            e = state.last_event
            what = {ms.OPEN: "open", ms.FLAG: "flag", ms.UNFLAG: "remove flag", ms.MARK: "question mark"}[e.kind]
            self.event_label.setText(
                f"Event {state.index} of {total}: {what} ({e.x}, {e.y}) at {e.t * self.board.time_unit_ms / 1000:.2f} s"
            )
        if state.outcome == ms.LOST:
            self.outcome_label.setText(f"Lost at {state.ended_ms / 1000:.2f} s")  # type: ignore[operator]
            self.outcome_label.setStyleSheet(f"color: {LOST_COLOUR.name()}")
        elif state.outcome == ms.WON:
            self.outcome_label.setText(f"Won in {state.stats.time_s:.2f} s")
            self.outcome_label.setStyleSheet(f"color: {WON_COLOUR.name()}")
        elif total and state.index == total:
            self.outcome_label.setText("Unfinished")
            self.outcome_label.setStyleSheet("")
        else:
            self.outcome_label.setText("")
        for button in (self.start_button, self.prev_button, self.play_button, self.next_button, self.end_button):
            button.setEnabled(bool(total))

    def _show_stats(self, state: ms.ReplayState) -> None:
        s = state.stats
        labels = self.stat_labels
        labels["time"].setText(f"{s.time_s:.2f} s")
        labels["3bv"].setText(str(s.bbbv))
        labels["3bv_solved"].setText(str(s.bbbv_solved))
        labels["3bv_per_s"].setText(_fmt(s.bbbv_per_s, 3))
        labels["clicks"].setText(f"{s.clicks} ({s.effective_clicks} effective)")
        labels["ioe"].setText(_fmt(s.ioe, 3))
        labels["correctness"].setText(_fmt(None if s.correctness is None else s.correctness * 100, 1, "%"))
        labels["throughput"].setText(_fmt(s.throughput, 3))
        labels["rqp"].setText(_fmt(s.rqp, 2))
        labels["estimated"].setText(_fmt(s.estimated_time_s, 2, " s"))
        labels["opened"].setText(f"{s.safe_opened} / {s.safe_total}")

    def _show_field_stats(self) -> None:
        labels = self.stat_labels
        for label in labels.values():
            label.setText("–")
        labels["3bv"].setText(str(self.replay.bbbv))
        labels["opened"].setText(f"0 / {self.replay.safe_total}")

    def export_state(self) -> dict:
        if self.mode == REPLAY:
            return {"at": self.player.time_ms / 1000, "state": self.player.state(), "replay": self.replay}
        if self.mode == PLAY:
            return {"view": PLAY, "clock_ms": self.canvas.clock_ms}
        return {}


VIEW = GameView(page=MinesweeperPage, paint=paint, preferred_size=preferred_size)

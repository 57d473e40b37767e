"""Drawing the board: one paint function shared by the window, --export and image export."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPolygonF,
)

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.caches import Recent
from slugboard.codecs.minesweeper.clicks import CHORD_CLICK, LEFT_CLICK, MousePath
from slugboard.codecs.minesweeper.odds import MineOdds
from slugboard.codecs.minesweeper.times import seconds_text, start_ms
from slugboard.gui.drawing import is_vector

EDIT, PLAY, REPLAY = "edit", "play", "replay"
MODES = (EDIT, PLAY, REPLAY)
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)

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


def mines_left_text(board: ms.Board, state: ms.ReplayState) -> str:
    """The mine counter: mines less flags, and 000 once the game is won (every mine is
    found then, flagged or not), as the classic clients show it."""
    if state.outcome == ms.WON:
        return "000"
    return f"{len(board.mines) - state.cells.count(ms.FLAGGED):03d}"


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

# The tiles' pixel rows for the last few cell sizes: the window's, and a recording's, may
# be painted on different threads.
_TILES: Recent[tuple[int, list[list[bytes]]]] = Recent("minesweeper tiles", 6)


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


def tile_rows(size: int) -> list[list[bytes]]:
    """rows[k][tile]: the k-th pixel row of each tile picture, as RGB32 bytes."""
    for known, rows in _TILES.items():
        if known == size:
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
    _TILES.add((size, rows))
    return rows


def _flat_colours() -> list[int]:
    """The colour table of tiles too small for bevels and glyphs (one flat colour each)."""
    rows = tile_rows(1)
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
    rows = tile_rows(tile)
    image = QImage(w * tile, h * tile, QImage.Format.Format_RGB32)
    # Each line of pixels written into the picture's own memory as it is joined: no copy
    # of the whole picture is held on the way.
    pixels, stride = memoryview(image.bits()), image.bytesPerLine()
    for r in range(h):
        row_ids = ids[r * w : (r + 1) * w]
        for k in range(tile):
            start = (r * tile + k) * stride
            pixels[start : start + 4 * w * tile] = b"".join(map(rows[k].__getitem__, row_ids))
    return image


LAST_COMPOSED: Recent[tuple[tuple[int, int, bytes, int], QImage]] = Recent("minesweeper pictures", 3)
# A picture differing from a remembered one in at most this share of its cells is that
# picture with those cells drawn again, not composed anew.
PATCH_SHARE = 0.25


def _tile_image(tile: int, kind: int) -> QImage:
    """One tile's picture, from its rows."""
    rows = tile_rows(tile)
    data = b"".join(rows[k][kind] for k in range(tile))
    return QImage(data, tile, tile, 4 * tile, QImage.Format.Format_RGB32).copy()


def _patched(image: QImage, width: int, old: bytes, new: bytes, tile: int) -> QImage | None:
    """`image` (the picture of the tiles `old`) with the cells where `new` differs drawn
    again; None when too many differ for that to pay."""
    limit = int(len(new) * PATCH_SHARE)
    changed: list[int] = []
    for start in range(0, len(new), width):
        end = start + width
        if old[start:end] != new[start:end]:
            changed.extend(i for i in range(start, end) if old[i] != new[i])
            if len(changed) > limit:
                return None
    image = image.copy()
    if changed:
        tiles: dict[int, QImage] = {}
        painter = QPainter(image)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        for i in changed:
            kind = new[i]
            picture = tiles.get(kind)
            if picture is None:
                picture = tiles[kind] = _tile_image(tile, kind)
            painter.drawImage((i % width) * tile, (i // width) * tile, picture)
        painter.end()
    return image


def _composed(field: ms.Field, ids: bytes, tile: int) -> QImage:
    """`compose`, remembering the last few pictures: a replay frame mostly moves the
    clock, and the cells drawn are the same as the frame before, or differ in a few."""
    key = (field.width, field.height, ids, tile)
    kept = LAST_COMPOSED.items()
    for known, image in kept:
        if known == key:
            return image
    patched = None
    if tile >= 5:  # smaller tiles are composed in one step anyway
        for (width, height, old, size), image in kept:
            if (width, height, size) == (field.width, field.height, tile):
                patched = _patched(image, width, old, ids, tile)
                break
    image = patched if patched is not None else compose(field, ids, tile)
    LAST_COMPOSED.add((key, image))
    return image


def _draw_cells(p: QPainter, lay: Layout, ids: bytes) -> None:
    """The cells as shapes and letters, for a drawing: each tile as it is drawn for the
    pictures above, or, where cells are too small for that, one path per flat colour made
    of each row's runs of cells of that colour."""
    cell, w = lay.cell, lay.width
    left, top = lay.grid.left(), lay.grid.top()
    if cell < 5:
        colours = _flat_colours()
        paths: dict[int, QPainterPath] = {}
        for y in range(lay.height):
            row = ids[y * w : (y + 1) * w]
            x = 0
            while x < w:
                kind = row[x]
                end = x + 1
                while end < w and row[end] == kind:
                    end += 1
                path = paths.get(kind)
                if path is None:
                    path = paths[kind] = QPainterPath()
                path.addRect(QRectF(left + x * cell, top + y * cell, (end - x) * cell, cell))
                x = end
        for kind, path in paths.items():
            p.fillPath(path.simplified(), QColor.fromRgb(colours[kind]))
        return
    size = int(cell)
    for i, kind in enumerate(ids):
        p.save()
        p.translate(left + (i % w) * cell, top + (i // w) * cell)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, size >= 8)
        _draw_tile(p, kind, size)
        p.restore()


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


def clock_text(ms_: float, board: ms.Board | None = None) -> str:
    """The clock as the header shows it: seconds with hundredths, or with milliseconds for
    a game kept to the millisecond (`board`'s)."""
    if board is not None:
        return seconds_text(ms_, board)
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


def _draw_event_mark(p: QPainter, lay: Layout, event: ms.Event, pointer: bool = True) -> None:
    """The current event: a ring round its cell and, for a game with no mouse path, a
    pointer on the cell."""
    r = lay.cell_rect(event.x, event.y)
    width = max(2.0, lay.cell / 8)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(OPEN_RING if event.kind == ms.OPEN else FLAG_RING, width))
    grow = width / 2
    p.drawRect(r.adjusted(-grow, -grow, grow, grow))
    if not pointer:
        return
    s = max(9.0, min(22.0, lay.cell * 0.75))
    tip = QPointF(r.center().x(), r.center().y())
    _draw_arrow(p, tip, s)
    if event.kind != ms.OPEN:
        # A right click: a small dot on the pointer tells it from an open.
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(FLAG_RING)
        p.drawEllipse(QPointF(tip.x() + s * 0.2, tip.y() + s * 0.45), s * 0.1, s * 0.1)


# --- the mine-probability overlay ---------------------------------------------------------


def _percent(p: float) -> int:
    """The chance in whole percent, where 0 and 100 mean certain: a small chance never
    reads as none, nor a large one as sure."""
    if p <= 0.0 or p >= 1.0:
        return 0 if p <= 0.0 else 100
    return max(1, min(99, round(p * 100)))


def odds_text(p: float) -> str:
    """A cell's chance of a mine as the overlay writes it."""
    return f"{_percent(p)}%"


def odds_marks(state: ms.ReplayState, odds: MineOdds | None) -> dict[tuple[int, int], float]:
    """The cells the overlay marks and their chance: the covered cells without a flag, when
    the odds are those of this very board (never a moment's odds on another moment), while
    the game goes on: once it has ended its mines are on show, lost or won."""
    if odds is None or odds.cells != state.cells or state.outcome != ms.UNFINISHED:
        return {}
    w = odds.width
    values = odds.values
    return {(c % w, c // w): values[c] for c, code in enumerate(state.cells) if code == ms.CLOSED or code == ms.MARKED}


# Safe cells a green wash; others red, the stronger the likelier (101 steps, built once).
_ODDS_TINTS = [QColor(46, 160, 67, 110)] + [QColor(220, 30, 30, 40 + round(1.5 * k)) for k in range(1, 101)]


_ODDS_STAMPS: dict[tuple[int, int, bool], QImage] = {}


def _odds_stamp(percent: int, size: int, with_text: bool) -> QImage:
    """A cell's tint and number as one picture, drawn once per chance and cell size: a
    frame then copies a few hundred small images instead of laying out as many texts."""
    key = (percent, size, with_text)
    stamp = _ODDS_STAMPS.get(key)
    if stamp is None:
        stamp = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        stamp.fill(_ODDS_TINTS[percent])
        if with_text:
            p = QPainter(stamp)
            p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
            _draw_odds_text(p, QRectF(0, 0, size, size), percent)
            p.end()
        if len(_ODDS_STAMPS) > 1000:
            _ODDS_STAMPS.clear()
        _ODDS_STAMPS[key] = stamp
    return stamp


def _draw_odds_text(p: QPainter, rect: QRectF, percent: int) -> None:
    font = QFont("DejaVu Sans Condensed")
    font.setBold(True)
    font.setPixelSize(max(6, int(rect.width() * 0.36)))
    p.setFont(font)
    p.setPen(QColor("#000000"))
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, f"{percent}%")


def _draw_odds(p: QPainter, lay: Layout, marks: dict[tuple[int, int], float]) -> None:
    cell = lay.cell
    left, top = lay.grid.left(), lay.grid.top()
    if is_vector(p):  # a drawing: the tints and numbers themselves
        for (x, y), value in marks.items():
            rect = QRectF(left + x * cell, top + y * cell, cell, cell)
            p.fillRect(rect, _ODDS_TINTS[_percent(value)])
            if cell >= 16:
                _draw_odds_text(p, rect, _percent(value))
        return
    device = p.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    size = max(1, round(cell * ratio))
    with_text = cell >= 16
    for (x, y), value in marks.items():
        p.drawImage(QRectF(left + x * cell, top + y * cell, cell, cell), _odds_stamp(_percent(value), size, with_text))


# --- the mouse path of a replay file ------------------------------------------------------

TRAIL_MS = 1000.0
TRAIL_STEPS = 8  # shades of the trail's fade
TRAIL_COLOUR = QColor("#1565c0")
CLICK_COLOURS = {LEFT_CLICK: QColor("#00b8d4"), CHORD_CLICK: QColor("#d500f9")}
RIGHT_COLOUR = QColor("#ff6d00")


_CORNERS: Recent[tuple[MousePath, tuple[float, float, float], list[QPointF]]] = Recent("mouse path corners", 1)
# Marks of a click: (kind, fade step, radius, pixel ratio) -> its picture.
_CLICK_STAMPS: dict[tuple[str, int, float, float], QImage] = {}
FADE_STEPS = 16


def _corners(path: MousePath, cell: float, left: float, top: float) -> list[QPointF]:
    """The path's positions on the canvas, worked out once per path and layout: a frame
    then takes its trail as a slice."""
    where = (cell, left, top)
    for known, known_where, corners in _CORNERS.items():
        if known is path and known_where == where:
            return corners
    corners = [QPointF(left + x * cell, top + y * cell) for x, y in zip(path.xs, path.ys)]
    _CORNERS.add((path, where, corners))
    return corners


def _click_stamp(kind: str, fade: int, radius: float, ratio: float, cell: float) -> QImage:
    """A click's mark at `fade` (of FADE_STEPS), drawn once: a filled dot for a left
    click, a ring for a chord, a square for a right click."""
    key = (kind, fade, radius, ratio)
    stamp = _CLICK_STAMPS.get(key)
    if stamp is not None:
        return stamp
    alpha = fade / FADE_STEPS
    half = radius * 1.5 + max(2.0, cell / 9)  # the ring's outer edge, the widest mark
    side = max(1, round(2 * half * ratio))
    stamp = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
    stamp.setDevicePixelRatio(ratio)
    stamp.fill(Qt.GlobalColor.transparent)
    p = QPainter(stamp)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    _draw_click(p, QPointF(side / ratio / 2, side / ratio / 2), kind, alpha, radius, cell)
    p.end()
    if len(_CLICK_STAMPS) > 200:
        _CLICK_STAMPS.clear()
    _CLICK_STAMPS[key] = stamp
    return stamp


def _draw_click(p: QPainter, centre: QPointF, kind: str, alpha: float, radius: float, cell: float) -> None:
    if kind == CHORD_CLICK:
        c = QColor(CLICK_COLOURS[kind])
        c.setAlphaF(alpha)
        p.setPen(QPen(c, max(2.0, cell / 9)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(centre, radius * 1.5, radius * 1.5)
    else:
        c = QColor(CLICK_COLOURS.get(kind, RIGHT_COLOUR))
        c.setAlphaF(alpha)
        p.setPen(QPen(QColor(0, 0, 0, round(160 * alpha)), 1))
        p.setBrush(c)
        if kind == LEFT_CLICK:
            p.drawEllipse(centre, radius, radius)
        else:
            p.drawRect(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius))


def _draw_mouse(p: QPainter, lay: Layout, path: MousePath, time_ms: float) -> None:
    """The last second of pointer movement fading out, the clicks in it where they
    happened (left a filled dot, right a square, chord a ring) and the pointer itself."""
    cell = lay.cell
    left, top = lay.grid.left(), lay.grid.top()
    corners = _corners(path, cell, left, top)
    # The fade in TRAIL_STEPS shades, each run of the path stroked as one polyline: a call
    # per shade, not per segment, and no darker dot where translucent segments meet.
    width = max(1.5, cell / 10)
    colour = QColor(TRAIL_COLOUR)
    for shade, first, last in path.trail_runs(time_ms, TRAIL_MS, TRAIL_STEPS):
        colour.setAlphaF((1.0 - (shade + 0.5) / TRAIL_STEPS) * 0.85)
        p.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.drawPolyline(corners[first : last + 1])
    # Click marks fade in FADE_STEPS steps, each a picture drawn once.
    radius = max(3.0, cell * 0.22)
    device = p.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    vector = is_vector(p)
    for t, x, y, kind in path.clicks_between(time_ms - TRAIL_MS, time_ms):
        fade = max(0.15, 1.0 - (time_ms - t) / TRAIL_MS)
        if vector:  # a drawing: the mark itself
            p.save()
            _draw_click(p, QPointF(left + x * cell, top + y * cell), kind, fade, radius, cell)
            p.restore()
            continue
        stamp = _click_stamp(kind, max(1, round(fade * FADE_STEPS)), radius, ratio, cell)
        half = stamp.width() / ratio / 2
        p.drawImage(QPointF(left + x * cell - half, top + y * cell - half), stamp)
    pointer = path.pointer_at(time_ms)
    if pointer is not None:
        _draw_arrow(p, QPointF(left + pointer[0] * cell, top + pointer[1] * cell), max(9.0, min(22.0, cell * 0.75)))


def _draw_arrow(p: QPainter, tip: QPointF, s: float) -> None:
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
    field: ms.Field | None = None,
    clock_ms: float | None = None,
    hover: tuple[int, int] | None = None,
    cursor: tuple[int, int] | None = None,
    odds: MineOdds | None = None,
    mouse: MousePath | None = None,
    **_state,
) -> None:
    """Draw `board`. With no state: a recorded game at its end, else the field as the
    editor shows it (every mine and number; `view="edit"` shows a game's field so too). `at` (seconds) draws the recorded game at that moment; `view="play"` its
    final state; `state` a replay state already computed by the caller. `odds` lays each
    covered cell's chance of a mine over the board, when they are the odds of this state;
    `mouse` draws a replay file's pointer and its last second of movement at the clock.
    `field` is the board's field, where the caller holds it (a long game's page, before its
    replay is ready: `field_of` keeps only the last few)."""
    replay = replay if replay is not None and replay.board is board else None
    if at is not None and state is None:
        replay = replay or replay_for(board)
        state = replay.state_at(at * 1000)
        if clock_ms is None:
            clock_ms = min(at * 1000, replay.duration_ms)
    if view is None and state is None and board.events:
        # A recorded game drawn with no moment named (an export): its end, as it was played.
        replay = replay or replay_for(board)
        state = replay.final()
        if clock_ms is None:
            clock_ms = float(state.ended_ms if state.ended_ms is not None else replay.duration_ms)
    if view is None:
        view = EDIT if state is None else REPLAY
    if view != EDIT and state is None:
        replay = replay or replay_for(board)
        state = replay.final()
    fld = replay.field if replay is not None else field if field is not None else ms.field_of(board)
    lay = Layout(rect, board.width, board.height)

    painter.save()
    # Header: mines left, what is going on, the clock.
    _draw_header(painter, lay, palette, *_header_texts(board, view, state, fld, clock_ms))
    _draw_field(painter, lay, palette, fld, None if view == EDIT else state)
    if odds is not None and state is not None and view != EDIT:
        _draw_odds(painter, lay, odds_marks(state, odds))
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    if hover is not None and 0 <= hover[0] < board.width and 0 <= hover[1] < board.height:
        glow = QColor(palette.color(QPalette.ColorRole.Highlight))
        glow.setAlpha(80)
        painter.fillRect(lay.cell_rect(*hover), glow)
    if cursor is not None and 0 <= cursor[0] < board.width and 0 <= cursor[1] < board.height:
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), max(2.0, lay.cell / 10), Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(lay.cell_rect(*cursor).adjusted(1, 1, -1, -1))
    with_mouse = view == REPLAY and mouse is not None and clock_ms is not None
    if view == REPLAY and state is not None and state.last_event is not None:
        _draw_event_mark(painter, lay, state.last_event, pointer=not with_mouse)
    if with_mouse:
        _draw_mouse(painter, lay, mouse, clock_ms)  # type: ignore[arg-type]
    painter.restore()


def _header_texts(
    board: ms.Board, view: str, state: ms.ReplayState | None, fld: ms.Field, clock_ms: float | None
) -> tuple[str, str, str, QColor | None]:
    """The header's mines left, what is going on, the clock, and the colour of the middle."""
    if view == EDIT or state is None:
        return f"{len(board.mines):03d}", "EDIT", f"3BV {fld.bbbv}", None
    left = mines_left_text(board, state)
    # The game's own time: from its first action, as the statistics count it.
    shown = clock_ms if clock_ms is not None else state.time_ms
    right = clock_text(shown - start_ms(board), board)
    if state.outcome == ms.WON:
        return left, "WON", right, WON_COLOUR
    if state.outcome == ms.LOST:
        return left, "LOST", right, LOST_COLOUR
    if view == PLAY:
        return left, "PLAYING" if state.index else "READY", right, None
    return left, f"REPLAY {state.index}/{len(board.events)}", right, None


def _draw_field(painter: QPainter, lay: Layout, palette: QPalette, fld: ms.Field, state: ms.ReplayState | None) -> None:
    """The board: composed from tiles, one image (each cell drawn as itself in a drawing)."""
    ids = tile_ids(fld, state)
    # Tiles in device pixels, so a high-density screen gets sharp numbers.
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    tile = max(1, int(lay.cell * ratio))
    cells = fld.width * fld.height
    if cells * tile * tile > MAX_COMPOSED_PIXELS:
        tile = max(1, int((MAX_COMPOSED_PIXELS / cells) ** 0.5))
    if is_vector(painter):  # a drawing: each cell drawn as itself, sharp at any zoom
        _draw_cells(painter, lay, ids)
    else:
        image = _composed(fld, ids, tile)
        if tile != lay.cell * ratio:
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawImage(lay.grid, image)
    frame = QPen(palette.color(QPalette.ColorRole.Mid), 1)
    painter.setPen(frame)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(lay.grid.adjusted(-0.5, -0.5, 0.5, 0.5))


def preferred_size(board: ms.Board) -> QSize:
    cell = max(2, min(48, 960 // board.width, 720 // board.height))
    width = max(280, board.width * cell + 12)
    header = max(24, min(44, int((board.height * cell + 60) * 0.08)))
    return QSize(width, board.height * cell + header + 24)


# --- the canvas ---------------------------------------------------------------------------

"""The letters page: the 9x9 board with its premium squares, the starting word, every
turn's tiles in the turn's colour, the words and scores beside the board, and a day's
game played here turn by turn from the rack while the slug grows.

Letters, racks, words and scores come from slugboard.codecs.letters; this module only
draws them and turns clicks, drags and keys into placements.
"""

from __future__ import annotations

import datetime as dt
from typing import NamedTuple

from PySide6.QtCore import QDate, QEvent, QPointF, QRectF, QRegularExpression, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QKeySequence,
    QPainter,
    QPalette,
    QPen,
    QRegularExpressionValidator,
    QShortcut,
)
from PySide6.QtWidgets import QApplication, QDateEdit, QHBoxLayout, QLabel, QLineEdit, QPushButton, QSizePolicy, QWidget

from slugboard.codecs import letters

from ..games import GameView
from ..page import GamePage

SIZE = letters.SIZE
PREMIUM_FILL = {
    letters.TW: QColor("#d9534f"),
    letters.DW: QColor("#f4b0be"),
    letters.TL: QColor("#3a7bd5"),
    letters.DL: QColor("#b3d4f5"),
}
PREMIUM_TEXT = {
    letters.TW: QColor("#ffffff"),
    letters.DW: QColor("#7a2336"),
    letters.TL: QColor("#ffffff"),
    letters.DL: QColor("#1f4e7a"),
}
TILE = QColor("#f2d49b")
TILE_EDGE = QColor("#b8894a")
START_TILE = QColor("#e3d7bf")
PENDING_TILE = QColor("#fff1b8")
TILE_TEXT = QColor("#2b2113")
TURN_COLOURS = (QColor("#1e88e5"), QColor("#43a047"), QColor("#f57c00"), QColor("#8e24aa"), QColor("#00897b"))
ERROR = QColor("#d32f2f")
MARGIN = 10.0
DATE_EDIT_MERGE = 0x1E77
PANEL_MIN = 230.0


def turn_colour(turn: int) -> QColor:
    return TURN_COLOURS[(turn - 1) % len(TURN_COLOURS)]


class Drag(NamedTuple):
    """A tile in the hand: its rack slot, the square it was lifted from (None when it
    comes from the rack) and where the pointer is."""

    slot: int
    origin: tuple[int, int] | None
    point: QPointF


class WrappedLabel(QLabel):
    """A word-wrapped label whose height follows its text at the width it is given.

    The tool panel's layout is top-aligned, and a top-aligned layout gives a widget its
    size hint; a plain QLabel guesses that hint at a width wider than the panel, so
    its last lines were cut off. This one asks for the height its text needs at its
    real width."""

    def __init__(self, text: str = "", parent: QWidget | None = None):
        super().__init__(text, parent)
        self.setWordWrap(True)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        if self.width() > 0:
            hint.setHeight(max(hint.height(), self.heightForWidth(self.width())))
        return hint

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        if self.width() > 0:
            hint.setHeight(max(hint.height(), self.heightForWidth(self.width())))
        return hint

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self.updateGeometry()

    def setText(self, text: str) -> None:
        super().setText(text)
        self.updateGeometry()


# --- geometry ------------------------------------------------------------------------


class Layout:
    """Where the board, the rack and the score panel go in `rect` (shared by painting
    and by the canvas's hit tests)."""

    def __init__(self, rect: QRectF, with_rack: bool):
        rows = SIZE + (1.35 if with_rack else 0.0)
        panel = max(PANEL_MIN, rect.width() * 0.3)
        cell = min((rect.height() - 2 * MARGIN) / rows, (rect.width() - panel - 3 * MARGIN) / SIZE)
        cell = max(cell, 4.0)
        self.cell = cell
        side = cell * SIZE
        top = rect.top() + max(MARGIN, (rect.height() - rows * cell) / 2)
        self.board = QRectF(rect.left() + MARGIN, top, side, side)
        self.rack_slots: list[QRectF] = []
        if with_rack:
            slot = cell * 1.05
            left = self.board.center().x() - slot * letters.RACK_SIZE / 2
            y = self.board.bottom() + cell * 0.3
            self.rack_slots = [QRectF(left + i * slot + 2, y, slot - 4, slot - 4) for i in range(letters.RACK_SIZE)]
        right = self.board.right() + 2 * MARGIN
        # The panel takes the whole height, not the board's: on a narrow canvas the board is
        # small and centred, and the panel's total must still fit above the bottom edge.
        self.panel = QRectF(
            right, rect.top() + MARGIN, max(60.0, rect.right() - MARGIN - right), max(20.0, rect.height() - 2 * MARGIN)
        )

    def square(self, row: int, col: int) -> QRectF:
        return QRectF(self.board.left() + col * self.cell, self.board.top() + row * self.cell, self.cell, self.cell)

    def square_at(self, point: QPointF) -> tuple[int, int] | None:
        if not self.board.contains(point):
            return None
        return (
            min(SIZE - 1, int((point.y() - self.board.top()) / self.cell)),
            min(SIZE - 1, int((point.x() - self.board.left()) / self.cell)),
        )

    def slot_at(self, point: QPointF) -> int | None:
        for i, r in enumerate(self.rack_slots):
            if r.contains(point):
                return i
        return None


# --- drawing -------------------------------------------------------------------------


def _font(painter: QPainter, pixels: float, bold: bool = False) -> QFont:
    font = QFont(painter.font())
    font.setPixelSize(max(6, int(pixels)))
    font.setBold(bold)
    return font


def _draw_tile(
    painter: QPainter,
    r: QRectF,
    text: str,
    *,
    value: int | None = None,
    fill: QColor = TILE,
    turn: int | None = None,
    dashed: bool = False,
    small: str = "",
) -> None:
    inset = r.width() * 0.06
    tile = r.adjusted(inset, inset, -inset, -inset)
    radius = r.width() * 0.1
    painter.setPen(QPen(TILE_EDGE, max(1.0, r.width() / 40), Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine))
    painter.setBrush(fill)
    painter.drawRoundedRect(tile, radius, radius)
    if turn is not None:
        band = QRectF(tile.left(), tile.bottom() - tile.height() * 0.14, tile.width(), tile.height() * 0.14)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(turn_colour(turn))
        painter.drawRoundedRect(band, radius * 0.6, radius * 0.6)
        painter.setFont(_font(painter, tile.height() * 0.22, True))
        painter.setPen(turn_colour(turn))
        painter.drawText(
            tile.adjusted(tile.width() * 0.08, tile.height() * 0.02, 0, 0),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
            str(turn),
        )
    painter.setPen(TILE_TEXT)
    big = len(text) == 1
    painter.setFont(_font(painter, tile.height() * (0.6 if big else 0.36), True))
    painter.drawText(
        tile.adjusted(0, -tile.height() * 0.05, 0, -tile.height() * 0.05), Qt.AlignmentFlag.AlignCenter, text
    )
    if value is not None:
        painter.setFont(_font(painter, tile.height() * 0.24, True))
        painter.drawText(
            tile.adjusted(0, 0, -tile.width() * 0.08, -tile.height() * 0.13),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
            str(value),
        )
    if small:
        painter.setFont(_font(painter, tile.height() * 0.2))
        painter.drawText(
            tile.adjusted(0, 0, 0, -tile.height() * 0.14),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
            small,
        )


def paint(
    painter: QPainter,
    rect: QRectF,
    board: letters.Board,
    palette: QPalette,
    *,
    rack: tuple[str, ...] | None = None,
    pending: tuple = (),
    selected_slot: int | None = None,
    selected_square: tuple[int, int] | None = None,
    across: bool = True,
    preview=None,
    problems=None,
    drag: Drag | None = None,
    **_state,
) -> None:
    """Draw `board`. In play, `rack` is the current rack (draw order), `pending` the tiles
    placed this turn as (row, col, rack slot), `preview` the codec's (words, score,
    problems) for them, `drag` the tile in the hand, if any."""
    layout = Layout(rect, rack is not None)
    game = letters.resolve(board)
    base, text = palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.WindowText)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    cell = layout.cell

    # squares
    painter.fillRect(layout.board, base)
    for (row, col), kind in letters.PREMIUMS.items():
        r = layout.square(row, col)
        painter.fillRect(r.adjusted(1, 1, -1, -1), PREMIUM_FILL[kind])
        painter.setPen(PREMIUM_TEXT[kind])
        if (row, col) == (SIZE // 2, SIZE // 2):
            painter.setFont(_font(painter, cell * 0.5))
            painter.drawText(r, Qt.AlignmentFlag.AlignCenter, "★")
        else:
            painter.setFont(_font(painter, cell * 0.26, True))
            painter.drawText(r, Qt.AlignmentFlag.AlignCenter, kind)
    grid_pen = QPen(palette.color(QPalette.ColorRole.Mid), max(1.0, cell / 50))
    painter.setPen(grid_pen)
    for i in range(SIZE + 1):
        x = layout.board.left() + i * cell
        y = layout.board.top() + i * cell
        painter.drawLine(QPointF(x, layout.board.top()), QPointF(x, layout.board.bottom()))
        painter.drawLine(QPointF(layout.board.left(), y), QPointF(layout.board.right(), y))

    if selected_square is not None:
        sel = QColor(palette.color(QPalette.ColorRole.Highlight))
        sel.setAlpha(110)
        square = layout.square(*selected_square)
        painter.fillRect(square, sel)
        if rack is not None:
            painter.setPen(palette.color(QPalette.ColorRole.HighlightedText))
            painter.setFont(_font(painter, cell * 0.3, True))
            painter.drawText(
                square.adjusted(0, 0, -cell * 0.08, 0),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
                "→" if across else "↓",
            )

    # tiles
    if board.start_word:
        for (row, col), letter in zip(letters.start_word_squares(board.start_word), board.start_word):
            _draw_tile(painter, layout.square(row, col), letter, value=letters.VALUES[letter], fill=START_TILE)
    for i, tile in enumerate(board.tiles):
        r = layout.square(tile.row, tile.col)
        if game is not None:
            letter = game.letters[i]
            _draw_tile(painter, r, letter, value=letters.VALUES.get(letter), turn=tile.turn)
        else:
            _draw_tile(painter, r, f"#{tile.rack_index + 1}", turn=tile.turn, small="rack")
    if drag is not None and (rack is None or not 0 <= drag.slot < len(rack)):
        drag = None
    lifted = drag.origin if drag is not None else None
    for row, col, slot in pending:
        if (row, col) == lifted:
            # the tile is in the hand: its square shows where it came from, like a rack slot
            _draw_hole(painter, layout.square(row, col), palette)
            continue
        letter = rack[slot]  # type: ignore[index]
        _draw_tile(
            painter, layout.square(row, col), letter, value=letters.VALUES[letter], fill=PENDING_TILE, dashed=True
        )

    # what is wrong: the board's problems, then the turn being played
    if problems is None:
        problems = letters.problems(board)
    bad = {cell_ for p in problems if p.severity == "error" for cell_ in p.cells}
    if preview is not None:
        bad |= {cell_ for p in preview[2] for cell_ in p.cells}
    bad.discard(lifted)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(ERROR, max(2.0, cell / 16)))
    for row, col in bad:
        painter.drawRect(layout.square(row, col).adjusted(2, 2, -2, -2))

    # where the tile in the hand would land
    if drag is not None:
        target = layout.square_at(drag.point)
        if target is not None and (target == lifted or target not in letters.occupied(board, tuple(pending))):
            _draw_drop_target(painter, layout.square(*target), palette)

    # rack
    if rack is not None:
        used = {slot for _, _, slot in pending}
        if drag is not None and drag.origin is None:
            used.add(drag.slot)  # the rack tile in the hand leaves its slot empty
        # a tile lifted from the board and held off it goes back to its own slot on release
        returning = (
            drag.slot if drag is not None and lifted is not None and layout.square_at(drag.point) is None else None
        )
        for i, r in enumerate(layout.rack_slots):
            if i >= len(rack):
                continue
            if i == returning:
                _draw_drop_target(painter, r.adjusted(1, 1, -1, -1), palette)
            if i in used:
                painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1, Qt.PenStyle.DashLine))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(r.adjusted(3, 3, -3, -3), 4, 4)
                continue
            if i == selected_slot:
                glow = QColor(palette.color(QPalette.ColorRole.Highlight))
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(glow)
                painter.drawRoundedRect(r.adjusted(-3, -3, 3, 3), 6, 6)
            _draw_tile(painter, r, rack[i], value=letters.VALUES[rack[i]])

    _paint_panel(painter, layout.panel, board, game, text, palette, pending=bool(pending), preview=preview)
    if drag is not None:
        # last, so the tile in the hand stays above everything it passes over
        _draw_ghost(painter, drag.point, cell, rack[drag.slot])  # type: ignore[index]
    painter.restore()


def _draw_hole(painter: QPainter, r: QRectF, palette: QPalette) -> None:
    painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), max(1.0, r.width() / 40), Qt.PenStyle.DashLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    inset = r.width() * 0.1
    painter.drawRoundedRect(r.adjusted(inset, inset, -inset, -inset), r.width() * 0.1, r.width() * 0.1)


def _draw_drop_target(painter: QPainter, r: QRectF, palette: QPalette) -> None:
    """Where the tile in the hand lands. The frame sits on the square's edge, half
    outside it, so it still shows around the lifted tile held right over the square."""
    colour = QColor(palette.color(QPalette.ColorRole.Highlight))
    fill = QColor(colour)
    fill.setAlpha(70)
    painter.setPen(QPen(colour, max(2.5, r.width() / 14)))
    painter.setBrush(fill)
    painter.drawRoundedRect(r, r.width() * 0.08, r.width() * 0.08)


def _draw_ghost(painter: QPainter, centre: QPointF, cell: float, letter: str) -> None:
    """The tile in the hand, a little larger than on the board and with a shadow, so it
    reads as lifted above the squares it passes over."""
    ghost = QRectF(0, 0, cell * 1.08, cell * 1.08)
    ghost.moveCenter(centre)
    shadow = ghost.translated(cell * 0.05, cell * 0.08).adjusted(cell * 0.08, cell * 0.08, -cell * 0.04, -cell * 0.04)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 60))
    painter.drawRoundedRect(shadow, cell * 0.1, cell * 0.1)
    painter.setOpacity(0.92)
    _draw_tile(painter, ghost, letter, value=letters.VALUES[letter], fill=PENDING_TILE)
    painter.setOpacity(1.0)


PANEL_LINES = 19.5  # the score panel's height, down to the total, in lines


def panel_line_height(area: QRectF) -> float:
    """The panel's line height: a short canvas gets smaller text rather than a cut-off total."""
    return max(7.0, min(24.0, area.width() / 13, area.height() / PANEL_LINES))


def _paint_panel(
    painter: QPainter,
    area: QRectF,
    board: letters.Board,
    game,
    text: QColor,
    palette: QPalette,
    *,
    pending: bool,
    preview,
) -> None:
    line = panel_line_height(area)
    y = area.top()
    muted = QColor(text)
    muted.setAlpha(170)

    def write(
        s: str, size: float = 1.0, bold: bool = False, colour: QColor | None = None, indent: float = 0, right: str = ""
    ) -> None:
        nonlocal y
        font = _font(painter, line * 0.72 * size, bold)
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        painter.setPen(colour or text)
        r = QRectF(area.left() + indent, y, area.width() - indent, line * size * 1.15)
        if right:
            painter.drawText(r, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, right)
            r.setRight(r.right() - metrics.horizontalAdvance(right) - 8)
        painter.drawText(
            r,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            metrics.elidedText(s, Qt.TextElideMode.ElideRight, r.width()),
        )
        y += line * size * 1.15

    write("Letters", 1.4, True)
    write(board.date.strftime("%a %d %b %Y").replace(" 0", " "), 1.0, False, muted)
    y += line * 0.3
    if board.start_word:
        write(f"Starting word  {board.start_word}", 1.0, True)
    else:
        write("Starting word unknown", 1.0, True, ERROR)
        write("letters and scores need it", 0.85, False, muted)
    y += line * 0.4
    next_turn = letters.next_turn(board)
    for result_turn in range(1, letters.TURNS + 1):
        tiles = board.tiles_of_turn(result_turn)
        swatch = QRectF(area.left(), y + line * 0.3, line * 0.55, line * 0.55)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(turn_colour(result_turn))
        painter.drawRoundedRect(swatch, 3, 3)
        indent = line * 0.9
        if game is not None and tiles:
            result = game.turns[result_turn - 1]
            write(f"Turn {result_turn}", 1.0, True, indent=indent, right=str(result.score))
            words = ", ".join(w.text for w in result.words) or "(no word)"
            if result.bingo:
                words += "  +50"
            bad = any(not w.valid for w in result.words)
            write(words, 0.9, False, ERROR if bad else muted, indent)
        elif pending and result_turn == next_turn and preview is not None:
            words, score, found = preview
            write(f"Turn {result_turn} (placing)", 1.0, True, indent=indent, right=str(score))
            shown = ", ".join(w.text if w.valid else f"{w.text}?" for w in words) or "(no word yet)"
            write(shown, 0.9, False, ERROR if found else muted, indent)
        elif tiles:
            write(f"Turn {result_turn}", 1.0, True, indent=indent, right="?")
            write(f"{len(tiles)} tile{'s' if len(tiles) != 1 else ''}", 0.9, False, muted, indent)
        else:
            write(f"Turn {result_turn}", 1.0, False, muted, indent=indent, right="–")
            y += line * 0.9 * 1.15
    y += line * 0.3
    painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
    painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
    y += line * 0.3
    if game is not None:
        write("Total", 1.5, True, right=str(game.total))
    else:
        write("Total", 1.5, True, right="?")


def preferred_size(board: letters.Board) -> QSize:
    return QSize(880, 620)


# --- the canvas ----------------------------------------------------------------------


class LettersCanvas(QWidget):
    """Board and rack. Click a rack tile then a square (or drag it there), or select a
    square and type letters. A tile placed this turn drags to another square, or off
    the board back to the rack; a click on it takes it back. Backspace takes the last
    tile back, Enter plays the turn, Escape drops the tile in the hand where it was or
    recalls every tile, Space switches between across and down."""

    placements_changed = Signal()
    submit_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.board = letters.Board()
        self.rack: tuple[str, ...] | None = None
        self.pending: list[tuple[int, int, int]] = []
        self.selected_slot: int | None = None
        self.selected_square: tuple[int, int] | None = None
        self.across = True
        self.preview = None
        self.problems: list = []
        # The tile under a pressed button: its rack slot, the square it was placed on this
        # turn (None for a rack tile) and where the press was. It is only in the hand,
        # drawn under the pointer at _drag_point, once the pointer has moved far enough
        # for the press not to be a click.
        self._drag_slot: int | None = None
        self._drag_origin: tuple[int, int] | None = None
        self._press_point: QPointF | None = None
        self._drag_point: QPointF | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)  # for the open hand over the tiles that can be picked up
        self.setMinimumSize(420, 320)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setToolTip(
            "Click a rack tile, then a square (or drag it); or click a square and type letters.\n"
            "Drag a tile placed this turn to another square, or off the board to the rack;\n"
            "click it to take it back. Backspace takes the last tile back, Enter plays the turn,\n"
            "Escape recalls the tiles, Space switches typing between across and down,\n"
            "arrow keys move the square."
        )

    def sizeHint(self) -> QSize:
        return QSize(880, 620)

    def board_layout(self) -> Layout:
        return Layout(QRectF(self.rect()), self.rack is not None)

    def square_center(self, row: int, col: int) -> QPointF:
        return self.board_layout().square(row, col).center()

    def slot_center(self, slot: int) -> QPointF:
        return self.board_layout().rack_slots[slot].center()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        paint(
            painter,
            QRectF(self.rect()),
            self.board,
            self.palette(),
            rack=self.rack,
            pending=tuple(self.pending),
            selected_slot=self.selected_slot,
            selected_square=self.selected_square,
            across=self.across,
            preview=self.preview,
            problems=self.problems,
            drag=self.drag(),
        )

    def drag(self) -> Drag | None:
        """The tile in the hand, if any."""
        if self._drag_slot is None or self._drag_point is None:
            return None
        return Drag(self._drag_slot, self._drag_origin, QPointF(self._drag_point))

    # --- placements ----------------------------------------------------------------
    def placed_letters(self) -> tuple[tuple[int, int, str], ...]:
        return letters.placed_letters(self.rack or (), tuple(self.pending))

    def _filled(self, square) -> bool:
        return square in letters.occupied(self.board, tuple(self.pending))

    def _used(self) -> set[int]:
        return {slot for _, _, slot in self.pending}

    def _pending_slot(self, square) -> int | None:
        return next((slot for r, c, slot in self.pending if (r, c) == square), None)

    def _set_pending(self, pending: tuple[tuple[int, int, int], ...] | None) -> bool:
        if pending is None:
            return False
        self.pending = list(pending)
        self.placements_changed.emit()
        self.update()
        return True

    def place(self, slot: int, square: tuple[int, int]) -> bool:
        placed = self._set_pending(letters.place_tile(self.board, self.rack, tuple(self.pending), slot, square))
        if placed:
            self.selected_slot = None
        return placed

    def move(self, origin: tuple[int, int], square: tuple[int, int]) -> bool:  # type: ignore[override]
        """Move the tile placed this turn on `origin` to the free `square`."""
        return self._set_pending(letters.move_tile(self.board, self.rack, tuple(self.pending), origin, square))

    def take_back(self, square: tuple[int, int]) -> bool:
        return self._set_pending(letters.take_back_tile(tuple(self.pending), square))

    def recall(self) -> None:
        if self.pending:
            self.pending.clear()
            self.placements_changed.emit()
        self.selected_slot = None
        self.update()

    # --- mouse -------------------------------------------------------------------
    def cancel_drag(self) -> None:
        """Drop the tile in the hand where it came from."""
        held = self._drag_point is not None
        self._drag_slot = self._drag_origin = self._press_point = self._drag_point = None
        self.unsetCursor()
        if held:
            self.update()

    def _hold(self, slot: int, origin: tuple[int, int] | None, point: QPointF) -> None:
        self._drag_slot, self._drag_origin, self._press_point, self._drag_point = slot, origin, point, None

    @staticmethod
    def _past_click(start: QPointF, point: QPointF) -> bool:
        return (point - start).manhattanLength() >= QApplication.startDragDistance()

    def mousePressEvent(self, event) -> None:
        self.setFocus()
        if event.button() != Qt.MouseButton.LeftButton:  # another button must not drop or restart a drag
            return
        self.cancel_drag()
        point = event.position()
        layout = self.board_layout()
        slot = layout.slot_at(point)
        if slot is not None and self.rack is not None and slot < len(self.rack):
            if slot in self._used():
                square = next((r, c) for r, c, s in self.pending if s == slot)
                self.take_back(square)
            self.selected_slot = None if self.selected_slot == slot else slot
            self._hold(slot, None, point)
            self.update()
            return
        square = layout.square_at(point)  # type: ignore[assignment]
        if square is None or self.rack is None:  # nothing to place: no square to select either
            return
        held = self._pending_slot(square)
        if held is not None:
            # Not taken back yet: the release says whether this was a click (back to the
            # rack) or a drag (to another square, or off the board to the rack).
            self._hold(held, square, point)
            return
        if self.selected_slot is not None and self.place(self.selected_slot, square):
            self.selected_square = self._advance(square)
            return
        self.selected_square = square
        self.update()

    def mouseMoveEvent(self, event) -> None:
        point = event.position()
        if self._drag_slot is None or not event.buttons() & Qt.MouseButton.LeftButton:
            self._show_grab(point)
            return
        if self._drag_point is None and not self._past_click(self._press_point, point):  # type: ignore[arg-type]
            return
        self._drag_point = point
        self.setCursor(Qt.CursorShape.ClosedHandCursor)
        self.update()

    def mouseReleaseEvent(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        slot, origin, pressed, moved = self._drag_slot, self._drag_origin, self._press_point, self._drag_point
        self.cancel_drag()
        point = event.position()
        self._show_grab(point)
        if slot is None:
            return
        square = self.board_layout().square_at(point)
        if origin is None:
            if square is not None and self.place(slot, square):
                self.selected_square = self._advance(square)
                self.update()
            return
        if self._pending_slot(origin) != slot:  # the tile left that square while it was held
            return
        dragged = moved is not None or self._past_click(pressed, point)  # type: ignore[arg-type]
        if not dragged or square is None:
            self.take_back(origin)
        elif self.move(origin, square):
            self.selected_square = self._advance(square)
            self.update()
        # else dropped where it was, or on a filled square: it stays where it was

    def _show_grab(self, point: QPointF) -> None:
        """An open hand over a tile the mouse can pick up."""
        if self.rack is not None:
            layout = self.board_layout()
            slot = layout.slot_at(point)
            square = layout.square_at(point)
            if (slot is not None and slot < len(self.rack) and slot not in self._used()) or (
                square is not None and self._pending_slot(square) is not None
            ):
                self.setCursor(Qt.CursorShape.OpenHandCursor)
                return
        self.unsetCursor()

    # --- keys --------------------------------------------------------------------
    def _advance(self, square: tuple[int, int]) -> tuple[int, int]:
        row, col = square
        dr, dc = (0, 1) if self.across else (1, 0)
        while True:
            row, col = row + dr, col + dc
            if not (0 <= row < SIZE and 0 <= col < SIZE):
                return square
            if not self._filled((row, col)):
                return (row, col)

    def event(self, event) -> bool:
        # While tiles of this turn lie unplayed they are not yet an edit of the board, so the
        # window's Undo has nothing of theirs to take back: Ctrl+Z takes the last tile back
        # here instead, as Backspace does, and reaches the window's history once none is left.
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and event.matches(QKeySequence.StandardKey.Undo)
            and self.pending
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event) -> None:
        key, mods = event.key(), event.modifiers()
        if event.matches(QKeySequence.StandardKey.Undo) and self.pending and self._drag_slot is None:
            r, c, _ = self.pending[-1]
            self.take_back((r, c))
            self.selected_square = (r, c)
            self.update()
            return
        if self._drag_slot is not None:
            # While the button holds a tile, keys would change the tiles under it; Escape
            # drops it back where it was, as it ends any drag.
            if key == Qt.Key.Key_Escape:
                self.cancel_drag()
            return
        if mods & (
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.MetaModifier
        ):
            super().keyPressEvent(event)
            return
        moves = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
        if key in moves and self.rack is not None:
            r, c = self.selected_square or (SIZE // 2, SIZE // 2)
            dr, dc = moves[key]
            self.selected_square = ((r + dr) % SIZE, (c + dc) % SIZE)
            self.update()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.submit_requested.emit()
            return
        if key == Qt.Key.Key_Escape:
            self.recall()
            return
        if key == Qt.Key.Key_Space:
            self.across = not self.across
            self.update()
            return
        if key == Qt.Key.Key_Backspace:
            if self.pending:
                r, c, _ = self.pending[-1]
                self.take_back((r, c))
                self.selected_square = (r, c)
                self.update()
            return
        if key == Qt.Key.Key_Delete and self.selected_square is not None:
            self.take_back(self.selected_square)
            return
        letter = event.text().upper()
        if len(letter) == 1 and "A" <= letter <= "Z" and self.rack is not None:
            square = self.selected_square
            if square is None or self._filled(square):
                return
            slot = next((i for i, ch in enumerate(self.rack) if ch == letter and i not in self._used()), None)
            if slot is not None and self.place(slot, square):
                self.selected_square = self._advance(square)
                self.update()
            return
        super().keyPressEvent(event)


# --- the page ------------------------------------------------------------------------


def _qdate(date: dt.date) -> QDate:
    return QDate(date.year, date.month, date.day)


class LettersPage(GamePage):
    canvas: LettersCanvas
    GAME = letters.NAME
    SETTINGS_KEY = "letters/start_words"

    def __init__(self, settings=None, parent=None):
        super().__init__(settings, parent)
        canvas = LettersCanvas()
        canvas.placements_changed.connect(self._placements_changed)
        canvas.submit_requested.connect(self.submit_turn)
        self.set_canvas(canvas)

        self.add_heading("Day")
        self.date_edit = QDateEdit()
        self.date_edit.setObjectName("letterDate")
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat("yyyy-MM-dd")
        self.date_edit.setDateRange(_qdate(letters.EPOCH), _qdate(letters.LAST_DATE))
        self.date_edit.setToolTip("The day of the game: its date picks the day's tiles (Ctrl+D)")
        QShortcut(QKeySequence("Ctrl+D"), self, lambda: self.date_edit.setFocus())
        self.date_edit.dateChanged.connect(self._date_changed)
        self.tool_layout.addWidget(self.date_edit)
        self.new_game_button = QPushButton("New game")
        self.new_game_button.setToolTip("Start this day's game from an empty board (Ctrl+N)")
        self.new_game_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.new_game_button.clicked.connect(self.new_game)
        QShortcut(QKeySequence.StandardKey.New, self, self.new_game)
        self.tool_layout.addWidget(self.new_game_button)

        self.add_heading("Starting word")
        self.start_prompt = WrappedLabel(
            "letters.wiki links leave out the day's starting word. Type the word "
            "shown in the middle row of that day's game to see letters, words and "
            "scores."
        )
        self.start_prompt.setObjectName("startWordPrompt")
        self.start_prompt.setStyleSheet("color: #d32f2f")
        self.tool_layout.addWidget(self.start_prompt)
        row = QHBoxLayout()
        self.start_field = QLineEdit()
        self.start_field.setObjectName("startWordField")
        self.start_field.setPlaceholderText("e.g. RUNNELS")
        self.start_field.setMaxLength(letters.MAX_START_WORD)
        self.start_field.setValidator(QRegularExpressionValidator(QRegularExpression("[A-Za-z]*"), self))
        self.start_field.setToolTip("The day's starting word (F2); Enter uses it (it is remembered for this date)")
        QShortcut(QKeySequence("F2"), self, self._focus_start_field)
        self.start_field.returnPressed.connect(self.apply_start_word)
        self.start_button = QPushButton("Use")
        self.start_button.setToolTip("Use this starting word for the board (Enter in the field)")
        self.start_button.clicked.connect(self.apply_start_word)
        row.addWidget(self.start_field, 1)
        row.addWidget(self.start_button)
        self.tool_layout.addLayout(row)
        self.start_error = WrappedLabel()
        self.start_error.setObjectName("startWordError")
        self.start_error.setStyleSheet("color: #d32f2f")
        self.start_error.hide()
        self.tool_layout.addWidget(self.start_error)
        self.start_note = WrappedLabel(
            "Slugboard's own word for this day: letters.wiki's list is not public, so "
            "the site deals other tiles. Type the site's word to play its game."
        )
        self.start_note.setObjectName("startWordNote")
        self.start_note.setStyleSheet("font-style: italic")
        self.start_note.hide()
        self.tool_layout.addWidget(self.start_note)
        self.param_button = QPushButton()
        self.param_button.setObjectName("paramButton")
        self.param_button.setToolTip(
            "The same tiles read with the other rack order: ?g= links count rack "
            "positions in draw order, ?w= links in alphabetical order. A bare slug is "
            "read as ?g="
        )
        self.param_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.param_button.clicked.connect(self.switch_param)
        self.param_button.hide()
        self.tool_layout.addWidget(self.param_button)

        self.add_heading("Turn")
        self.turn_label = WrappedLabel()
        self.turn_label.setObjectName("turnLabel")
        self.tool_layout.addWidget(self.turn_label)
        self.preview_label = WrappedLabel()
        self.preview_label.setObjectName("previewLabel")
        self.tool_layout.addWidget(self.preview_label)
        buttons = QHBoxLayout()
        self.submit_button = QPushButton("Play turn")
        self.submit_button.setToolTip("Play the placed tiles as this turn (Enter on the board, Ctrl+Return)")
        self.submit_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.submit_button.clicked.connect(self.submit_turn)
        QShortcut(QKeySequence("Ctrl+Return"), self, self.submit_turn)
        self.recall_button = QPushButton("Recall")
        self.recall_button.setToolTip("Take this turn's tiles back to the rack (Escape on the board)")
        self.recall_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.recall_button.clicked.connect(lambda: self.canvas.recall())
        buttons.addWidget(self.submit_button)
        buttons.addWidget(self.recall_button)
        self.tool_layout.addLayout(buttons)

        self.add_heading("Score")
        self.score_label = WrappedLabel()
        self.score_label.setObjectName("scoreLabel")
        self.tool_layout.addWidget(self.score_label)

        self.add_heading("Problems")
        self.problems_label = WrappedLabel()
        self.problems_label.setObjectName("problemsLabel")
        self.tool_layout.addWidget(self.problems_label)

        if not self.board.tiles and not self.board.start_word:
            self.replace_board(self.board.with_start_word(self.start_word_for(self.board.date, default=True)))
        else:
            self.board_shown(self.board)

    # --- starting words ----------------------------------------------------------
    def remembered_start_word(self, date: dt.date) -> str | None:
        value = self.settings.value(f"{self.SETTINGS_KEY}/{date.isoformat()}")
        if isinstance(value, str) and letters.start_word_error(value) is None:
            return letters.normalize_start_word(value)
        return None

    def remember_start_word(self, date: dt.date, word: str) -> None:
        self.settings.setValue(f"{self.SETTINGS_KEY}/{date.isoformat()}", word)

    def start_word_for(self, date: dt.date, default: bool) -> str | None:
        """The word the person gave for `date` before, else (when `default`) one of ours."""
        return self.remembered_start_word(date) or (letters.default_start_word(date) if default else None)

    def apply_start_word(self) -> None:
        word = self.start_field.text().strip()
        problem = letters.start_word_error(word) if word else "type the starting word first"
        if problem:
            self.start_error.setText(problem)
            self.start_error.show()
            return
        word = letters.normalize_start_word(word)
        board = self.board.with_start_word(word)
        doubt = self.start_word_doubt(board)
        if doubt is None:
            self.remember_start_word(board.date, word)
        self.set_board(board, f"Starting word {word}")
        if doubt is None:
            self.show_status(f"Starting word {word} remembered for {board.date.isoformat()}")
            self.canvas.setFocus()
        else:
            # shown after set_board, whose refresh hides the message of an earlier word
            self.start_error.setText(doubt)
            self.start_error.show()
            self.show_status(f"{word} does not fit this game: not remembered for {board.date.isoformat()}")
            self._focus_start_field()

    @staticmethod
    def start_word_doubt(board: letters.Board) -> str | None:
        return letters.start_word_doubt(board)

    def switch_param(self) -> None:
        other = "w" if self.board.param == "g" else "g"
        board = self.board.with_param(other)
        if board.start_word and self.start_word_doubt(board) is None:
            self.remember_start_word(board.date, board.start_word)
        self.set_board(board, f"Read as ?{other}=")

    def paste_board(self, board) -> None:
        if board.start_word:
            # A link's s= word is kept for its date only when the person has given none:
            # a game played here with Slugboard's own word carries that word, which is
            # not the site's, and must not replace the one the person typed.
            if self.remembered_start_word(board.date) is None and self.start_word_doubt(board) is None:
                self.remember_start_word(board.date, board.start_word)
        else:
            known = self.remembered_start_word(board.date)
            if known:
                board = board.with_start_word(known)
                self.show_status(f"Using the starting word {known} you gave for {board.date.isoformat()}")
        self.set_board(board, "Paste")
        if not board.start_word:
            self.show_status(f"Type the starting word of {board.date.isoformat()} to see letters and scores")
            return
        doubt = self.start_word_doubt(board)
        if doubt is not None:
            # a word given earlier (or carried by the link) that this game's tiles contradict
            self.start_error.setText(doubt)
            self.start_error.show()

    def _focus_start_field(self) -> None:
        self.start_field.setFocus()
        self.start_field.selectAll()

    def focus_canvas(self) -> None:
        if not self.board.start_word or self.start_error.isVisible():
            self._focus_start_field()
        else:
            super().focus_canvas()

    # --- editing -----------------------------------------------------------------
    def new_game(self) -> None:
        date = self.date_edit.date().toPython()
        board = letters.Board(date, (), "w", self.start_word_for(date, default=True))
        if not self.set_board(board, "New game"):
            self.canvas.recall()
        self.show_status(f"New game for {date.isoformat()} with starting word {board.start_word}")
        self.canvas.setFocus()

    def _date_changed(self, qdate: QDate) -> None:
        date = qdate.toPython()
        if date == self.board.date:
            return
        start = self.start_word_for(date, default=not self.board.tiles)  # type: ignore[arg-type]
        # typing a date digit by digit makes one undo step, not one per digit
        self.set_board(
            letters.Board(date, self.board.tiles, self.board.param, start),  # type: ignore[arg-type]
            f"Date {date.isoformat()}",  # type: ignore[attr-defined]
            merge_id=DATE_EDIT_MERGE,
        )

    def submit_turn(self) -> None:
        canvas = self.canvas
        if canvas.rack is None:
            self.show_status(
                "Give the day's starting word first" if not self.board.start_word else "No turn left to play"
            )
            return
        if not canvas.pending:
            self.show_status("Place tiles from the rack first")
            return
        placed = canvas.placed_letters()
        _, _, found = letters.check_turn(self.board, placed)
        if found:
            self.show_status("Not played: " + "; ".join(p.message for p in found))
            return
        try:
            board = letters.play_turn(self.board, placed)
        except ValueError as exc:
            self.show_status(f"Not played: {exc}")
            return
        turn = letters.next_turn(self.board)
        self.set_board(board, f"Play turn {turn}")
        game = letters.resolve(board)
        self.show_status(f"Turn {turn}: {game.turns[turn - 1].score} points, total {game.total}")  # type: ignore[union-attr]

    # --- showing -----------------------------------------------------------------
    def board_shown(self, board: letters.Board) -> None:
        canvas = self.canvas
        canvas.board = board
        canvas.cancel_drag()  # a tile in the hand belongs to the turn being replaced
        canvas.pending = []
        canvas.selected_slot = None
        turn = letters.next_turn(board)
        playing = bool(board.start_word) and turn <= letters.TURNS and len(board.tiles) < letters.MAX_TILES
        canvas.rack = letters.rack_for_turn(board, turn) if playing else None
        if not playing:
            canvas.selected_square = None  # no square to type into once the game is over
        canvas.problems = letters.problems(board)
        canvas.preview = None

        self.date_edit.blockSignals(True)
        self.date_edit.setDate(_qdate(board.date))
        self.date_edit.blockSignals(False)
        known = board.start_word is not None
        self.start_prompt.setVisible(not known)
        self.start_field.setText(board.start_word or "")
        self.start_error.hide()
        self.start_note.setVisible(
            known
            and self.remembered_start_word(board.date) is None
            and board.start_word == letters.default_start_word(board.date)
        )
        switch = letters.other_param_fits(board)
        self.param_button.setVisible(switch)
        if switch:
            self.param_button.setText(f"Read as a ?{'w' if board.param == 'g' else 'g'}= link")

        game = letters.resolve(board)
        if not known:
            self.turn_label.setText("Give the starting word to see the racks and to play.")
        elif turn > letters.TURNS:
            self.turn_label.setText(f"Game over: all {letters.TURNS} turns played. Copy the link to share it.")
        elif not playing:
            self.turn_label.setText(f"The link holds at most {letters.MAX_TILES} tiles: no room for another turn.")
        else:
            self.turn_label.setText(f"Turn {turn} of {letters.TURNS}. Rack: {' '.join(canvas.rack)}")  # type: ignore[arg-type]
        if game is not None:
            # each played turn's rack too, in the order the slug's rack indices count it
            rows = [
                f"Turn {t.turn}: {t.score}"
                + (f" ({', '.join(w.text for w in t.words)})" if t.words else "")
                + f"<br><span style='color:#808080'>&nbsp;&nbsp;rack {''.join(t.rack)}</span>"
                for t in game.turns
                if board.tiles_of_turn(t.turn)
            ]
            self.score_label.setText("<br>".join(rows + [f"<b>Total {game.total}</b>"]))
        else:
            counts = [len(board.tiles_of_turn(t)) for t in range(1, letters.TURNS + 1)]
            self.score_label.setText(
                f"{len(board.tiles)} tiles (per turn {', '.join(map(str, counts))}); scores need the starting word"
            )
        shown = [p.message for p in canvas.problems if p.kind != "start_word"]
        if switch:
            shown.append(
                f"<i>The tiles read as a game with ?{'w' if board.param == 'g' else 'g'}= rack order: "
                "was this a bare slug from such a link?</i>"
            )
        elif any(p.kind in ("word", "occupied") for p in canvas.problems):
            shown.append(
                "<i>Words missing from the list, or tiles on the starting word, usually mean the "
                "starting word is not that day's.</i>"
            )
        self.problems_label.setText("<br>".join(shown) or "None")
        self._placements_changed()

    def _placements_changed(self) -> None:
        canvas = self.canvas
        if canvas.rack is None or not canvas.pending:
            canvas.preview = None
            self.preview_label.setText("")
            self.submit_button.setEnabled(False)
            self.recall_button.setEnabled(False)
            canvas.update()
            return
        words, score, found = letters.check_turn(self.board, canvas.placed_letters())
        if len(self.board.tiles) + len(canvas.pending) > letters.MAX_TILES:
            found = found + [letters.Problem(f"a letters link holds at most {letters.MAX_TILES} tiles")]  # type: ignore[attr-defined]
        canvas.preview = (words, score, found)  # type: ignore[assignment]
        text = ", ".join(w.text if w.valid else f"<span style='color:#d32f2f'><s>{w.text}</s></span>" for w in words)
        lines = [f"{text or 'no word yet'}: <b>{score}</b>"]
        lines += [f"<span style='color:#d32f2f'>{p.message}</span>" for p in found]
        self.preview_label.setText("<br>".join(lines))
        self.submit_button.setEnabled(not found)
        self.recall_button.setEnabled(True)
        canvas.update()


VIEW = GameView(page=LettersPage, paint=paint, preferred_size=preferred_size)

"""Drawing the board: one paint function shared by the window, --export and image export.

What the picture shows of the game's rules (each tile's letter, the squares framed in red,
the score panel's lines) is worked out once per change by `drawn_of()`, which the canvas
keeps (`LettersCanvas.drawn`); the drawing functions only draw it."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPalette,
    QPen,
)

from slugboard.codecs import letters

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
HINT_TILE = QColor("#c8ecc9")  # a best play shown on the board while the pointer is over it
TILE_TEXT = QColor("#2b2113")
BLANK_TEXT = QColor("#9c8a6a")  # a blank's letter, lighter, as the site draws it
TURN_COLOURS = (QColor("#1e88e5"), QColor("#43a047"), QColor("#f57c00"), QColor("#8e24aa"), QColor("#00897b"))
ERROR = QColor("#d32f2f")
MARGIN = 10.0
DATE_EDIT_MERGE = 0x1E77
PANEL_MIN = 150.0  # the score panel's narrowest; the board takes the rest of the width
PANEL_MAX = 300.0
RACK_ROWS = 1.35  # the rack's row under the board, in squares
STACKED_PANEL_MIN = 220.0  # the score panel's least height under the board (about 11 px a line)


def turn_colour(turn: int) -> QColor:
    return TURN_COLOURS[(turn - 1) % len(TURN_COLOURS)]


@dataclass(frozen=True, slots=True)
class Drag:
    """A tile in the hand: its rack slot, the square it was lifted from (None when it
    comes from the rack) and where the pointer is."""

    slot: int
    origin: tuple[int, int] | None
    point: QPointF


# --- geometry ------------------------------------------------------------------------


class Layout:
    """Where the board, the rack and the score panel go in `rect` (shared by painting
    and by the canvas's hit tests).

    The rack's row is kept whether or not there is a rack, so the board stands in the
    same place in a game being played and in a finished one. The board is as large as
    the height allows while the score panel keeps PANEL_MIN; the panel takes what is left,
    up to PANEL_MAX, and the rest goes to the margins."""

    def __init__(self, rect: QRectF, with_rack: bool):
        rows = SIZE + RACK_ROWS
        beside = min((rect.height() - 2 * MARGIN) / rows, (rect.width() - PANEL_MIN - 4 * MARGIN) / SIZE)
        # A tall, narrow rectangle (a phone's shape) puts the panel under the board when
        # that makes the board clearly larger than beside it.
        stacked = min((rect.width() - 2 * MARGIN) / SIZE, (rect.height() - STACKED_PANEL_MIN - 4 * MARGIN) / rows)
        self.stacked = stacked > 1.25 * beside
        cell = max(stacked if self.stacked else beside, 4.0)
        self.cell = cell
        side = cell * SIZE
        if self.stacked:
            left = rect.left() + (rect.width() - side) / 2
            self.board = QRectF(left, rect.top() + MARGIN, side, side)
        else:
            top = rect.top() + max(MARGIN, (rect.height() - rows * cell) / 2)
            self.board = QRectF(rect.left() + MARGIN, top, side, side)
        self.rack_slots: list[QRectF] = []
        if with_rack:
            slot = cell * 1.05
            left = self.board.center().x() - slot * letters.RACK_SIZE / 2
            y = self.board.bottom() + cell * 0.3
            self.rack_slots = [QRectF(left + i * slot + 2, y, slot - 4, slot - 4) for i in range(letters.RACK_SIZE)]
        if self.stacked:
            # Under the rack's row, as wide as the board, to the bottom edge.
            top = self.board.bottom() + cell * RACK_ROWS + 2 * MARGIN
            self.panel = QRectF(self.board.left(), top, max(60.0, side), max(20.0, rect.bottom() - MARGIN - top))
            return
        right = self.board.right() + 2 * MARGIN
        # The panel takes the whole height, not the board's: on a narrow canvas the board is
        # small and centred, and the panel's total must still fit above the bottom edge.
        self.panel = QRectF(
            right,
            rect.top() + MARGIN,
            max(60.0, min(PANEL_MAX, rect.right() - MARGIN - right)),
            max(20.0, rect.height() - 2 * MARGIN),
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
    blank: bool = False,
) -> None:
    """A tile; a blank shows the letter it stands for lighter, with no value."""
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
    painter.setPen(BLANK_TEXT if blank else TILE_TEXT)
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


@dataclass(frozen=True, slots=True)
class Drawn:
    """What the board shows, worked out from the board and the turn being placed: the
    resolved game (the tiles' letters and scores, None while the starting word is unknown),
    the squares framed in red, the squares taken (a dragged tile lands elsewhere), and the
    score panel's lines."""

    game: letters.Game | None
    bad: frozenset[tuple[int, int]]
    taken: frozenset[tuple[int, int]]
    panel: tuple[PanelRow, ...]


def drawn_of(
    board: letters.Board,
    *,
    pending: tuple = (),
    preview=None,
    problems=None,
    panel_board: letters.Board | None = None,
) -> Drawn:
    """What `paint` draws of `board` (see Drawn): the board's `problems` (worked out here
    when not given) and those of the turn being placed (`preview`'s), framed; the score
    panel of `panel_board` when it is another board (the whole game, while a turn is
    studied)."""
    game = letters.resolve(board)
    if problems is None:
        problems = letters.problems(board)
    bad = {cell_ for p in problems if p.severity == "error" for cell_ in p.cells}
    if preview is not None:
        bad |= {cell_ for p in preview[2] for cell_ in p.cells}
    shown, shown_game = board, game
    if panel_board is not None and panel_board != board:
        shown, shown_game = panel_board, letters.resolve(panel_board)
    panel = tuple(panel_rows(shown, shown_game, pending=bool(pending), preview=preview))
    return Drawn(game, frozenset(bad), frozenset(letters.occupied(board, tuple(pending))), panel)


def paint(
    painter: QPainter,
    rect: QRectF,
    board: letters.Board,
    palette: QPalette,
    *,
    drawn: Drawn | None = None,
    rack: tuple[str, ...] | None = None,
    pending: tuple = (),
    selected_slot: int | None = None,
    selected_square: tuple[int, int] | None = None,
    across: bool = True,
    preview=None,
    problems=None,
    drag: Drag | None = None,
    blank_letters: dict[int, str] | None = None,
    hinted: tuple = (),
    own: tuple = (),
    own_turn: int = 0,
    panel_board: letters.Board | None = None,
    **_state,
) -> None:
    """Draw `board`. In play, `rack` is the current rack (draw order), `pending` the tiles
    placed this turn as (row, col, rack slot), `preview` the codec's (words, score,
    problems) for them, `drag` the tile in the hand, if any. `hinted` is a play shown in
    the Best play panel; `own` the play the game made on turn `own_turn`, shown beside the
    best play while a turn is studied: dashed tiles in the turn's colour; the score panel
    shows `panel_board` then (the whole game), not the board before the turn.

    `drawn` is what the canvas worked out of those (`drawn_of()`) when they last changed; an
    export, which draws once, has it worked out here."""
    if drawn is None:
        drawn = drawn_of(board, pending=pending, preview=preview, problems=problems, panel_board=panel_board)
    layout = Layout(rect, rack is not None)
    blank_letters = blank_letters or {}
    base, text = palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.WindowText)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    cell = layout.cell
    _paint_squares(painter, layout, base, palette)
    if selected_square is not None:
        _paint_selected_square(painter, layout, selected_square, palette, typing=rack is not None, across=across)
    _paint_tiles(painter, layout, board, drawn.game)
    if drag is not None and (rack is None or not 0 <= drag.slot < len(rack)):
        drag = None
    lifted = drag.origin if drag is not None else None
    _paint_pending(painter, layout, rack, pending, lifted, blank_letters, palette)
    _paint_own_play(painter, layout, own, own_turn, hinted, below=True)
    for row, col, face in hinted:  # a play previewed from the Best play list
        _draw_tile(
            painter,
            layout.square(row, col),
            face.upper(),
            value=letters.VALUES.get(face, 0),
            fill=HINT_TILE,
            blank=face.islower(),
        )
    _paint_own_play(painter, layout, own, own_turn, hinted, below=False)
    _paint_problems(painter, layout, drawn.bad - {lifted})

    # where the tile in the hand would land
    if drag is not None:
        target = layout.square_at(drag.point)
        if target is not None and (target == lifted or target not in drawn.taken):
            _draw_drop_target(painter, layout.square(*target), palette)

    if rack is not None:
        _paint_rack(painter, layout, rack, pending, drag, selected_slot, palette)
    _paint_panel(painter, layout.panel, drawn.panel, text, palette)
    if drag is not None:
        # last, so the tile in the hand stays above everything it passes over
        held = rack[drag.slot]  # type: ignore[index]
        _draw_ghost(painter, drag.point, cell, blank_letters.get(drag.slot, "") if held == letters.BLANK else held)
    painter.restore()


def _paint_own_play(painter: QPainter, layout: Layout, own: tuple, turn: int, hinted: tuple, *, below: bool) -> None:
    """The play a turn made, studied beside the best play: dashed tiles of the turn's
    colour on squares the best play leaves empty (drawn `below` the best play's tiles); on
    a square both use, a dashed ring of that colour around the best play's tile, and the
    turn's own letter in its corner when it differs."""
    if not own:
        return
    best = {(row, col): face for row, col, face in hinted}
    colour = turn_colour(turn)
    for row, col, face in own:
        r = layout.square(row, col)
        shared = best.get((row, col))
        if below and shared is None:
            # the turn's colour, lightened (opaque, so the square's premium does not show through)
            fill = QColor.fromRgbF(*(1 - (1 - part) * 0.3 for part in (colour.redF(), colour.greenF(), colour.blueF())))
            _draw_tile(
                painter,
                r,
                face.upper(),
                value=letters.VALUES.get(face, 0),
                fill=fill,
                dashed=True,
                blank=face.islower(),
            )
        elif not below and shared is not None:
            inset = r.width() * 0.02
            painter.setPen(QPen(colour, max(2.0, r.width() / 14), Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(r.adjusted(inset, inset, -inset, -inset), r.width() * 0.12, r.width() * 0.12)
            if shared != face:
                painter.setPen(colour)
                painter.setFont(_font(painter, r.height() * 0.26, True))
                painter.drawText(
                    r.adjusted(r.width() * 0.12, r.height() * 0.08, 0, 0),
                    Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                    face.upper(),
                )


def _paint_squares(painter: QPainter, layout: Layout, base: QColor, palette: QPalette) -> None:
    """The board's squares: the premiums with their names, the centre's star, the grid."""
    cell = layout.cell
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


def _paint_selected_square(
    painter: QPainter, layout: Layout, selected: tuple[int, int], palette: QPalette, *, typing: bool, across: bool
) -> None:
    """The selected square, and while playing (`typing`) the way typed letters go."""
    cell = layout.cell
    sel = QColor(palette.color(QPalette.ColorRole.Highlight))
    sel.setAlpha(110)
    square = layout.square(*selected)
    painter.fillRect(square, sel)
    if typing:
        painter.setPen(palette.color(QPalette.ColorRole.HighlightedText))
        painter.setFont(_font(painter, cell * 0.3, True))
        painter.drawText(
            square.adjusted(0, 0, -cell * 0.08, 0),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
            "→" if across else "↓",
        )


def _paint_tiles(painter: QPainter, layout: Layout, board: letters.Board, game) -> None:
    """The starting word's tiles and every turn's, in the turn's colour."""
    if board.start_word:
        for (row, col), letter in zip(letters.start_word_squares(board.start_word), board.start_word):
            if not letters.on_board((row, col)):
                continue  # a link's word longer than the row: its problems say so
            _draw_tile(painter, layout.square(row, col), letter, value=letters.VALUES[letter], fill=START_TILE)
    for i, tile in enumerate(board.tiles):
        r = layout.square(tile.row, tile.col)
        if game is not None:
            letter = game.letters[i]
            value = None if tile.blank else letters.VALUES.get(letter)
            _draw_tile(painter, r, letter, value=value, turn=tile.turn, blank=tile.blank)
        else:
            _draw_tile(painter, r, f"#{tile.rack_index + 1}", turn=tile.turn, small="rack")


def _paint_pending(
    painter: QPainter,
    layout: Layout,
    rack: tuple[str, ...] | None,
    pending: tuple,
    lifted: tuple[int, int] | None,
    blank_letters: dict[int, str],
    palette: QPalette,
) -> None:
    """The tiles placed this turn, dashed; the one `lifted` into the hand leaves a hole."""
    for row, col, slot in pending:
        if (row, col) == lifted:
            # the tile is in the hand: its square shows where it came from, like a rack slot
            _draw_hole(painter, layout.square(row, col), palette)
            continue
        letter = rack[slot]  # type: ignore[index]
        blank = letter == letters.BLANK
        if blank:
            letter = blank_letters.get(slot, "?")
        _draw_tile(
            painter,
            layout.square(row, col),
            letter,
            value=None if blank else letters.VALUES[letter],
            fill=PENDING_TILE,
            dashed=True,
            blank=blank,
        )


def _paint_problems(painter: QPainter, layout: Layout, bad: frozenset[tuple[int, int]]) -> None:
    """What is wrong, framed in red: the board's problems, then the turn being played."""
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(ERROR, max(2.0, layout.cell / 16)))
    for row, col in bad:
        painter.drawRect(layout.square(row, col).adjusted(2, 2, -2, -2))


def _paint_rack(
    painter: QPainter,
    layout: Layout,
    rack: tuple[str, ...],
    pending: tuple,
    drag: Drag | None,
    selected_slot: int | None,
    palette: QPalette,
) -> None:
    """The rack under the board: a dashed outline where a tile was placed or is in the hand."""
    lifted = drag.origin if drag is not None else None
    used = {slot for _, _, slot in pending}
    if drag is not None and drag.origin is None:
        used.add(drag.slot)  # the rack tile in the hand leaves its slot empty
    # a tile lifted from the board and held off it goes back to its own slot on release
    returning = drag.slot if drag is not None and lifted is not None and layout.square_at(drag.point) is None else None
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
        _draw_tile(painter, r, _rack_face(rack[i]), value=letters.VALUES.get(rack[i]))


def _rack_face(letter: str) -> str:
    return "" if letter == letters.BLANK else letter


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
    _draw_tile(painter, ghost, letter, value=letters.VALUES.get(letter), fill=PENDING_TILE)
    painter.setOpacity(1.0)


PANEL_LINES = 20.5  # the score panel's height, down to the total, in lines


def panel_line_height(area: QRectF) -> float:
    """The panel's line height: a short canvas gets smaller text rather than a cut-off total."""
    return max(7.0, min(24.0, area.width() / 13, area.height() / PANEL_LINES))


@dataclass(frozen=True, slots=True)
class PanelRow:
    """One line of the score panel: its text, the figure at its right, its size (in
    lines), whether bold, its colour ("text", "muted", "error", "turn:N" for a turn's
    swatch line) and how far it is indented (in lines); `gap` is space before it."""

    text: str
    right: str = ""
    size: float = 1.0
    bold: bool = False
    colour: str = "text"
    indent: float = 0.0
    gap: float = 0.0
    swatch: int = 0  # the turn whose colour marks the line, 0 for none


def panel_rows(board: letters.Board, game, *, pending: bool = False, preview=None) -> list[PanelRow]:
    """The score panel beside the board, top to bottom: the one place the window and an
    exported image show the day, the starting word, the bag, each turn's words and score
    and the total."""
    rows = [
        PanelRow("Letters", size=1.4, bold=True),
        PanelRow(board.date.strftime("%a %d %b %Y").replace(" 0", " "), colour="muted"),
    ]
    if board.start_word:
        rows.append(PanelRow(f"Starting word  {board.start_word}", bold=True, gap=0.3))
    elif board.is_v4:
        rows.append(PanelRow("No starting word", bold=True, colour="muted", gap=0.3))
    else:
        rows.append(PanelRow("Starting word unknown", bold=True, colour="error", gap=0.3))
        rows.append(PanelRow("letters and scores need it", size=0.85, colour="muted"))
    from slugboard.codecs.letters.game import bag_of  # the deal: loaded with the first board shown

    bag = bag_of(board)
    blanks = bag.get(letters.BLANK, 0)
    rows.append(
        PanelRow(
            f"{sum(bag.values())}-tile bag" + (f", {blanks} blanks" if blanks else ", no blanks"),
            size=0.85,
            colour="muted",
        )
    )
    next_turn = letters.next_turn(board)
    for turn in range(1, letters.TURNS + 1):
        tiles = board.tiles_of_turn(turn)
        gap = 0.4 if turn == 1 else 0.0
        if game is not None and tiles:
            result = game.turns[turn - 1]
            rows.append(PanelRow(f"Turn {turn}", str(result.score), bold=True, indent=0.9, gap=gap, swatch=turn))
            words = ", ".join(w.text for w in result.words) or "(no word)"
            if result.bingo:
                words += "  +50"
            bad = any(not w.valid for w in result.words)
            rows.append(PanelRow(words, size=0.9, colour="error" if bad else "muted", indent=0.9))
        elif pending and turn == next_turn and preview is not None:
            words, score, found = preview
            rows.append(PanelRow(f"Turn {turn} (placing)", str(score), bold=True, indent=0.9, gap=gap, swatch=turn))
            shown = ", ".join(w.text if w.valid else f"{w.text}?" for w in words) or "(no word yet)"
            rows.append(PanelRow(shown, size=0.9, colour="error" if found else "muted", indent=0.9))
        elif tiles:
            rows.append(PanelRow(f"Turn {turn}", "?", bold=True, indent=0.9, gap=gap, swatch=turn))
            rows.append(
                PanelRow(f"{len(tiles)} tile{'s' if len(tiles) != 1 else ''}", size=0.9, colour="muted", indent=0.9)
            )
        else:
            rows.append(PanelRow(f"Turn {turn}", "–", colour="muted", indent=0.9, gap=gap, swatch=turn))
            rows.append(PanelRow("", size=0.9, indent=0.9))
    rows.append(PanelRow("Total", str(game.total) if game is not None else "?", size=1.5, bold=True, gap=0.6))
    return rows


TEXT_SHARE = 0.72  # a row's text height, of its line


def _readable_rows(rows: tuple[PanelRow, ...], line: float, height: float) -> tuple[PanelRow, ...]:
    """The rows that fit `height` at `line`: where text at its readable least does not fit
    them all, the least needed go first (the empty lines of turns not played, the bag, the
    day, the words under each turn), then turns from the last; the total always stays."""

    def tall(kept: tuple[PanelRow, ...]) -> float:
        return sum(line * (row.gap + row.size * 1.15) for row in kept)

    kept = tuple(rows)
    for needless in (
        lambda row: not row.text,
        lambda row: row.size < 0.9,
        lambda row: row.colour == "muted" and not row.swatch and row.indent == 0,
        lambda row: row.size < 1 and not row.swatch,
    ):
        if tall(kept) <= height:
            return kept
        kept = tuple(row for row in kept if row.text == "Total" or not needless(row))
    while tall(kept) > height and len(kept) > 1:
        kept = kept[:-2] + kept[-1:]  # the total is last: the row above it goes
    return kept


def _paint_panel(painter: QPainter, area: QRectF, rows: tuple[PanelRow, ...], text: QColor, palette: QPalette) -> None:
    from ..page import readable_pixels

    # A short or narrow canvas gets smaller text, down to what still reads; below that, rows
    # are left out (and long words elided) rather than drawn too small.
    # In the picture's own units, as on the screen: an export (a PDF at its printer's
    # resolution, a large PNG) scales the whole picture, this floor with it.
    least = math.ceil(readable_pixels() - 1e-6)
    line = max(panel_line_height(area), least / (TEXT_SHARE * min((row.size for row in rows), default=1.0)))
    rows = _readable_rows(rows, line, area.height())
    y = area.top()
    muted = QColor(text)
    muted.setAlpha(170)
    colours = {"text": text, "muted": muted, "error": ERROR}
    for row in rows:
        y += line * row.gap
        if row.text == "Total":  # a rule above the total
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
            painter.drawLine(QPointF(area.left(), y - line * 0.3), QPointF(area.right(), y - line * 0.3))
        if row.swatch:
            swatch = QRectF(area.left(), y + line * 0.3, line * 0.55, line * 0.55)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(turn_colour(row.swatch))
            painter.drawRoundedRect(swatch, 3, 3)
        font = _font(painter, max(least, line * TEXT_SHARE * row.size), row.bold)
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        painter.setPen(colours[row.colour])
        indent = line * row.indent
        r = QRectF(area.left() + indent, y, area.width() - indent, line * row.size * 1.15)
        if row.right:
            painter.drawText(r, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, row.right)
            r.setRight(r.right() - metrics.horizontalAdvance(row.right) - 8)
        painter.drawText(
            r,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            metrics.elidedText(row.text, Qt.TextElideMode.ElideRight, r.width()),
        )
        y += line * row.size * 1.15


def preferred_size(board: letters.Board) -> QSize:
    return QSize(880, 620)


# --- the canvas ----------------------------------------------------------------------

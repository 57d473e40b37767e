"""The board widget: it turns mouse and keys into edits and draws with paint()."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QPainter,
)
from PySide6.QtWidgets import (
    QSizePolicy,
    QWidget,
)

from slugboard.codecs import xiangqi

from ..page import BoardCanvas
from .paint import Layout, paint

# Tooltips as rich text, one short line each, so they wrap to a readable width.
EDIT_TIP = (
    "<qt>Choose a piece in the palette (or type its FEN letter: Shift for Red) and click a point to put it there."
    "<br>Drag a piece to move it (off the board to remove it); right-click or Delete removes it."
    "<br>Arrow keys move the cursor, Space places, Esc drops the chosen piece.</qt>"
)
PLAY_TIP = (
    "<qt>Click one of your pieces, then the point it goes to (or drag it)."
    "<br>Arrow keys move the cursor, Space picks up and puts down, Esc drops the piece."
    "<br>The last move's two points are bracketed; arrows show the engine's best moves.</qt>"
)


class XiangqiCanvas(BoardCanvas):
    """Shows the board and turns the mouse and keys into requests; the page decides."""

    place_requested = Signal(int, str)  # square, letter
    move_requested = Signal(int, int)  # from, to
    remove_requested = Signal(int)  # square
    kind_requested = Signal(str)  # a letter typed on the canvas ("" = none)
    hint = Signal(str)  # a status-bar line for a click that did nothing
    refused_hovered = Signal(int)  # the pointer rests on a point the chosen kind cannot take
    square_clicked = Signal(int)  # play mode: a click (press and release) on a point
    DRAG_DISTANCE = 6

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.board = xiangqi.new_board()
        self.flipped = False
        self.kind = ""
        self.legal: frozenset = frozenset()
        self.marked: tuple = ()
        self.hover: int | None = None
        self.playing = False  # play mode: moves by the rules, no placing or removing
        self.held: int | None = None  # play mode: the piece picked up by a click
        self.cursor: int | None = None  # type: ignore[assignment]
        # The cursor box shows while the keys move it; the mouse hides it (a click or a
        # drag leaves no box where it began, nor on a point that refused the move).
        self.cursor_shown = False
        self.last_move: tuple[int, int] | None = None
        self.arrows: tuple = ()
        self._press_square: int | None = None
        self._press_point: QPointF | None = None
        self._drag_point: QPointF | None = None
        self._drag_targets: tuple = (None, frozenset())
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(300, 340)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setToolTip(EDIT_TIP)

    def sizeHint(self) -> QSize:
        return QSize(540, 626)

    def board_layout(self) -> Layout:
        return Layout(QRectF(self.rect()), self.flipped)

    def square_center(self, square: int) -> QPointF:
        return self.board_layout().point(square)

    @property
    def dragging(self) -> bool:
        return self._drag_point is not None

    def _marks(self) -> frozenset:
        if self.dragging and self._press_square is not None:
            key = (self.board, self._press_square)
            if self._drag_targets[0] != key:  # once per drag, not on every mouse move
                targets = (
                    frozenset(xiangqi.legal_move_targets(self.board, self._press_square))
                    if self.playing
                    else xiangqi.legal_targets(self.board, self._press_square)
                )
                self._drag_targets = (key, targets)
            return self._drag_targets[1]
        return self.legal

    # The anatomy view's cells are (row, col) of the board as drawn unflipped: row 0 is
    # Black's back rank, square = row * 9 + col.
    def anatomy_cell_rect(self, row: int, col: int) -> QRectF:
        layout = self.board_layout()
        centre = layout.point(row * 9 + col)
        half = layout.step * 0.48
        return QRectF(centre.x() - half, centre.y() - half, 2 * half, 2 * half)

    def anatomy_cell_at(self, point: QPointF) -> tuple[int, int] | None:
        square = self.board_layout().square_at(point)
        return None if square is None else divmod(square, 9)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        marks = self._marks()
        refused = False
        if self.hover is not None:
            if self.dragging:
                refused = self.hover != self._press_square and self.hover not in marks
            elif self.kind:
                refused = self.hover not in self.legal
        self._paint_cache.paint(
            self,
            painter,
            paint,
            self.board,
            self.palette(),
            flipped=self.flipped,
            legal=marks,
            hover=self.hover,
            hover_letter=self.kind or None,
            hover_refused=refused,
            drag_from=self._press_square if self.dragging else None,
            drag_point=self._drag_point,
            cursor=self.cursor if self.hasFocus() and self.cursor_shown else None,
            marked=self.marked,
            last_move=self.last_move,
            selected=self.held if self.playing else None,
            arrows=self.arrows,
        )

    # --- mouse -------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:
        self.setFocus()
        square = self.board_layout().square_at(event.position())
        if event.button() == Qt.MouseButton.RightButton:
            if self.playing:
                return
            if square is not None and self.board.cells[square]:
                self.remove_requested.emit(square)
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        self._press_square = square
        self._press_point = event.position()
        self._drag_point = None
        self.cursor_shown = False
        if square is not None:
            self.cursor = square

    def mouseMoveEvent(self, event) -> None:
        point = event.position()
        square = self.board_layout().square_at(point)
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
        target = self.board_layout().square_at(event.position())
        if self.playing:
            if was_dragging and source is not None and target is not None and target != source:
                self.move_requested.emit(source, target)
            elif not was_dragging and target is not None and source == target:
                self.square_clicked.emit(target)
            self.update()
            return
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
            self.cursor_shown = True
            self.update()
            return
        if self.playing:
            if key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.cursor is not None:
                self.square_clicked.emit(self.cursor)
                return
            if key == Qt.Key.Key_Escape:
                self.square_clicked.emit(-1)
                return
            super().keyPressEvent(event)
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

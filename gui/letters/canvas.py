"""The board widget: it turns mouse and keys into edits and draws with paint()."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QEventLoop, QPoint, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QKeySequence,
    QPainter,
)
from PySide6.QtWidgets import QApplication, QFrame, QGridLayout, QLabel, QSizePolicy, QToolButton, QWidget

from slugboard.codecs import letters

from ..page import BoardCanvas
from .paint import SIZE, Drag, Drawn, Layout, drawn_of, paint


class BlankChooser(QFrame):
    """A popup of the 26 letters, for the letter a blank tile stands for: a click or the
    letter's key picks it; Escape or a click elsewhere leaves the blank on the rack."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, Qt.WindowType.Popup)
        self.setObjectName("blankChooser")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.chosen: str | None = None
        self._loop: QEventLoop | None = None
        grid = QGridLayout(self)
        grid.setSpacing(2)
        grid.setContentsMargins(4, 4, 4, 4)
        title = QLabel("The blank stands for:")
        title.setObjectName("blankChooserTitle")
        title.setTextFormat(Qt.TextFormat.PlainText)
        grid.addWidget(title, 0, 0, 1, 7)
        for i in range(26):
            letter = chr(ord("A") + i)
            button = QToolButton()
            button.setText(letter)
            button.setObjectName(f"blank{letter}")
            button.setFixedSize(28, 28)
            button.setToolTip(f"The blank stands for {letter}")
            button.clicked.connect(lambda _=False, ch=letter: self.choose(ch))
            grid.addWidget(button, 1 + i // 7, i % 7)

    def choose(self, letter: str) -> None:
        self.chosen = letter
        self.close()

    def keyPressEvent(self, event) -> None:
        letter = event.text().upper()
        if len(letter) == 1 and "A" <= letter <= "Z":
            self.choose(letter)
            return
        super().keyPressEvent(event)

    def closeEvent(self, event) -> None:
        super().closeEvent(event)
        if self._loop is not None:
            self._loop.quit()

    def ask(self, square: QRect, screen: QRect) -> str | None:
        """Show the popup beside `square` (global coordinates), inside `screen`, and wait
        for a letter (None: cancelled)."""
        self.adjustSize()
        self.move(beside(square, self.sizeHint(), screen))
        self.show()
        self._loop = QEventLoop()
        self._loop.exec()
        self._loop = None
        return self.chosen


def beside(square: QRect, size: QSize, screen: QRect) -> QPoint:
    """Where a popup of `size` goes so that it leaves `square` in sight: to its right, else
    its left, below or above, whichever fits on `screen` first (else the right, moved onto
    the screen)."""
    width, height = size.width(), size.height()
    top = min(max(square.top(), screen.top()), screen.bottom() + 1 - height)
    left = min(max(square.left(), screen.left()), screen.right() + 1 - width)
    for x, y in (
        (square.right() + 1, top),
        (square.left() - width, top),
        (left, square.bottom() + 1),
        (left, square.top() - height),
    ):
        if screen.contains(QRect(x, y, width, height)):
            return QPoint(x, y)
    return QPoint(max(screen.left(), min(square.right() + 1, screen.right() + 1 - width)), top)


class LettersCanvas(BoardCanvas):
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
        self.blank_letters: dict[int, str] = {}  # rack slot of a blank -> the letter it stands for
        self.hinted: tuple[tuple[int, int, str], ...] = ()  # a best play previewed on the board
        # While a turn of a finished game is studied: the play that turn made, and the turn.
        self.own: tuple[tuple[int, int, str], ...] = ()
        self.own_turn = 0
        self.panel_board: letters.Board | None = None  # the score panel's game, when not `board`
        self.selected_slot: int | None = None
        self.selected_square: tuple[int, int] | None = None
        self.across = True
        self.preview = None
        self.problems: list = []
        # What the board shows of the rules (paint.Drawn) and what it was worked out from.
        self._drawn: Drawn | None = None
        self._drawn_from: tuple = ()
        # The tile under a pressed button: its rack slot, the square it was placed on this
        # turn (None for a rack tile) and where the press was. It is only in the hand,
        # drawn under the pointer at _drag_point, once the pointer has moved far enough
        # for the press not to be a click.
        self._drag_slot: int | None = None
        self._drag_origin: tuple[int, int] | None = None
        self._press_point: QPointF | None = None
        self._drag_point: QPointF | None = None
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

    # The anatomy view's cells are the board's (row, col).
    def anatomy_cell_rect(self, row: int, col: int) -> QRectF:
        return self.board_layout().square(row, col)

    def anatomy_cell_at(self, point: QPointF) -> tuple[int, int] | None:
        return self.board_layout().square_at(point)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        self._paint_cache.paint(
            self,
            painter,
            paint,
            self.board,
            self.palette(),
            rack=self.rack,
            pending=tuple(self.pending),
            selected_slot=self.selected_slot,
            selected_square=self.selected_square,
            across=self.across,
            drawn=self.drawn(),
            drag=self.drag(),
            blank_letters=self.blank_letters,
            hinted=self.hinted,
            own=self.own,
            own_turn=self.own_turn,
        )

    def drawn(self) -> Drawn:
        """What the board shows of the rules (the tiles' letters, the squares framed in red,
        the score panel), worked out again only when what it comes from has changed: the
        board, the turn being placed, its preview, the board's problems (a new list at each
        change) or the game the panel shows; a repaint for a pointer's move or a drag only
        draws."""
        pending = tuple(self.pending)
        source = (self.board, self.preview, self.problems, self.panel_board)
        same = len(self._drawn_from) == 5 and all(a is b for a, b in zip(source, self._drawn_from))
        if self._drawn is None or not same or self._drawn_from[4] != pending:
            self._drawn = drawn_of(
                self.board, pending=pending, preview=self.preview, problems=self.problems, panel_board=self.panel_board
            )
            self._drawn_from = (*source, pending)
        return self._drawn

    def drag(self) -> Drag | None:
        """The tile in the hand, if any."""
        if self._drag_slot is None or self._drag_point is None:
            return None
        return Drag(self._drag_slot, self._drag_origin, QPointF(self._drag_point))

    # --- placements ----------------------------------------------------------------
    def placed_letters(self) -> tuple[tuple[int, int, str], ...]:
        return letters.placed_letters(self.rack or (), tuple(self.pending), self.blank_letters)

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

    def place(self, slot: int, square: tuple[int, int], letter: str | None = None) -> bool:
        """Put rack `slot` on `square`; a blank asks which letter it stands for, unless
        `letter` says."""
        draft = letters.place_tile(self.board, self.rack, tuple(self.pending), slot, square)
        if draft is None:
            return False
        if self.rack is not None and self.rack[slot] == letters.BLANK:
            letter = letter or self.choose_blank_letter(square)
            if letter is None:
                return False
            self.blank_letters[slot] = letter
        placed = self._set_pending(draft)
        if placed:
            self.selected_slot = None
        return placed

    def choose_blank_letter(self, square: tuple[int, int]) -> str | None:
        """The letter a blank put on `square` stands for, from a popup beside the square."""
        rect = self.board_layout().square(*square).toAlignedRect()
        place = QRect(self.mapToGlobal(rect.topLeft()), rect.size())
        screen = self.screen().availableGeometry() if self.screen() is not None else QRect(0, 0, 1 << 15, 1 << 15)
        return BlankChooser(self).ask(place, screen)

    def move(self, origin: tuple[int, int], square: tuple[int, int]) -> bool:  # type: ignore[override]
        """Move the tile placed this turn on `origin` to the free `square`."""
        return self._set_pending(letters.move_tile(self.board, self.rack, tuple(self.pending), origin, square))

    def take_back(self, square: tuple[int, int]) -> bool:
        return self._set_pending(letters.take_back_tile(tuple(self.pending), square))

    def recall(self) -> None:
        self.blank_letters.clear()
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
            if slot is None:  # no such tile left: a blank stands for it
                slot = next(
                    (i for i, ch in enumerate(self.rack) if ch == letters.BLANK and i not in self._used()), None
                )
            if slot is not None and self.place(slot, square, letter):
                self.selected_square = self._advance(square)
                self.update()
            return
        super().keyPressEvent(event)

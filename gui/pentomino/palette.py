"""The piece palette: the twelve pieces and terrain to take in hand, the hand's orientation
(rotate, mirror), Remove and Put down, and the colour of the piece in hand. It holds what
is in the hand; the page makes the edits its buttons ask for."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QIcon, QPalette, QPixmap
from PySide6.QtWidgets import QComboBox, QGridLayout, QHBoxLayout, QLabel, QToolButton

from slugboard.codecs import pentomino as pm

from ..page import heading
from .controls import Section, button
from .paint import PIECE_COLORS, PIECE_NAMES, item_color, piece_icon

PLACED_OPACITY = 0.25  # the palette icon of a piece already on the board
COLUMNS = 7  # the twelve pieces and terrain in two rows: the panel's Solver and Completions fit below
BUTTON = 30  # pixels, a side of a piece's button
ICON = 27  # pixels, a side of its picture (its letter then reads: tests/test_gui_theme.py)


class PiecePalette(Section):
    """The hand (`tool_name`: a piece, terrain "R", or None; `rotation`, `reflected`) and
    the controls that change it. `refresh(board)` shows it for the board."""

    chosen = Signal(object)  # a piece button clicked: its name
    remove_clicked = Signal()
    drop_clicked = Signal()
    color_chosen = Signal(int)  # an index of PIECE_COLORS for the piece in hand
    changed = Signal()  # the hand changed (or was shown again): the canvas's ghost follows

    def __init__(self, then: Callable[[], object], parent=None) -> None:
        super().__init__(parent)
        self.tool_name: str | None = "F"
        self.rotation = 0
        self.reflected = False
        self._board: pm.Board | None = None
        self.heading = QLabel()  # "Pieces" in bold and the count after it: rich text
        self.column.addWidget(self.heading)
        self.buttons: dict[str, QToolButton] = {}
        self._icon_keys: dict[str, tuple] = {}  # what each button's icon shows, so an unchanged one is not redrawn
        grid = QGridLayout()
        grid.setSpacing(2)
        for i, name in enumerate(pm.PIECES + pm.TERRAIN):
            piece = QToolButton()
            piece.setCheckable(True)
            piece.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            piece.setIconSize(QSize(ICON, ICON))
            piece.setFixedSize(BUTTON, BUTTON)
            piece.setAccessibleName("terrain" if name == pm.TERRAIN else f"piece {name}")
            piece.clicked.connect(lambda _=False, n=name: self.chosen.emit(n))
            grid.addWidget(piece, i // COLUMNS, i % COLUMNS)
            self.buttons[name] = piece
        self.column.addLayout(grid)
        self._orientation(then)
        row = QHBoxLayout()
        row.addWidget(heading("Colour"))
        self.color_box = QComboBox()
        self.color_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for i, color in enumerate(PIECE_COLORS):
            pixmap = QPixmap(14, 14)
            pixmap.fill(color)
            self.color_box.addItem(QIcon(pixmap), pm.COLOR_NAMES[i], i)
            self.color_box.setItemData(i, f"{pm.COLOR_NAMES[i]} (colour {i} in the slug)", Qt.ItemDataRole.ToolTipRole)
        self.color_box.setToolTip("Colour of the chosen piece (every copy of it); the slug stores its number, 0-11")
        self.color_box.activated.connect(self.color_chosen.emit)
        row.addWidget(self.color_box, 1)
        self.column.addLayout(row)

    def _orientation(self, then: Callable[[], object]) -> None:
        # No heading: the line under the buttons says what they turn.
        row = QHBoxLayout()
        self.rotate_button = button(
            "⟳  R",
            "Rotate the piece a quarter turn clockwise (R, right click or mouse wheel; Shift+R turns back)",
            lambda: self.rotate(1),
            then,
        )
        self.mirror_lr_button = button("⇆  F", "Mirror left-right (F)", lambda: self.mirror(True), then)
        self.mirror_ud_button = button("⇅  ⇧F", "Mirror up-down (Shift+F)", lambda: self.mirror(False), then)
        for b in (self.rotate_button, self.mirror_lr_button, self.mirror_ud_button):
            b.setMinimumWidth(10)
            row.addWidget(b)
        self.column.addLayout(row)
        self.orientation_label = QLabel()
        self.orientation_label.setTextFormat(Qt.TextFormat.PlainText)
        # One line kept whatever it says, so the buttons under it stay put: each of its
        # texts is short enough for the panel's width.
        self.orientation_label.setFixedHeight(self.orientation_label.fontMetrics().lineSpacing() + 4)
        self.orientation_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.column.addWidget(self.orientation_label)
        row = QHBoxLayout()
        self.remove_button = button(
            "Remove", "Remove the piece under the cursor (Delete)", self.remove_clicked.emit, then
        )
        self.drop_button = button(
            "Put down", "Put the chosen piece down, so clicks pick pieces up (Escape)", self.drop_clicked.emit, then
        )
        for b in (self.remove_button, self.drop_button):
            b.setMinimumWidth(10)
            row.addWidget(b)
        self.column.addLayout(row)

    @property
    def tool(self) -> tuple[str, int, bool] | None:
        """What the canvas places: (name, rotation, reflected), or None with empty hands."""
        return (self.tool_name, self.rotation, self.reflected) if self.tool_name else None

    def rotate(self, step: int = 1) -> None:
        self.rotation = (self.rotation + step) % 4
        self._show()

    def mirror(self, left_right: bool = True) -> None:
        turn = pm.mirrored_left_right if left_right else pm.mirrored_up_down
        self.rotation, self.reflected = turn(self.rotation, self.reflected)
        self._show()

    def hold(self, name: str | None, rotation: int | None = None, reflected: bool | None = None) -> None:
        """Take `name` in hand (None: empty hands), in the orientation given, else as it was."""
        self.tool_name = name
        if rotation is not None:
            self.rotation = rotation
        if reflected is not None:
            self.reflected = reflected
        self._show()

    def refresh(self, board: pm.Board) -> None:
        """Show the hand, and each piece as it stands on `board` (its colour, placed or not)."""
        self._board = board
        self._show()

    def _show(self) -> None:
        for letter, piece in self.buttons.items():
            piece.setChecked(letter == self.tool_name)
        name = self.tool_name
        if name is None:
            self.orientation_label.setText("Empty hands: click a piece to lift it")
        elif name == pm.TERRAIN:
            self.orientation_label.setText("Terrain: click cells to block them")
        else:
            o = self.rotation + 4 * self.reflected
            self.orientation_label.setText(
                f"{name}: rotation {self.rotation}, {'reflected' if self.reflected else 'not reflected'} (code {o})"
            )
        for b in (self.rotate_button, self.mirror_lr_button, self.mirror_ud_button):
            b.setEnabled(name is not None and name != pm.TERRAIN)
        self.color_box.setEnabled(name in PIECE_NAMES if name else False)
        if self._board is not None:
            if name in PIECE_NAMES:
                self.color_box.setCurrentIndex(self._board.color_of(name))
            self._refresh_icons(self._board)
        self.changed.emit()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._board is not None:
            self._refresh_icons(self._board)  # the letters in the new theme's text colour

    def _refresh_icons(self, board: pm.Board) -> None:
        placed = {piece.name for piece in board.pieces}
        left = sum(1 for name in pm.PIECES if name not in placed)
        self.heading.setText(f"<b>Pieces</b> ({left} of {len(pm.PIECES)} left)")
        ink = self.palette().color(QPalette.ColorRole.ButtonText)  # the letter reads in either theme
        for name, piece in self.buttons.items():
            rotation, reflected = (self.rotation, self.reflected) if name == self.tool_name else (0, False)
            # Greyed when already on the board (a copy can still be placed).
            opacity = PLACED_OPACITY if name in placed and name != self.tool_name else 1.0
            color = item_color(board, name)
            key = (color.rgba(), rotation, reflected, opacity, ink.rgba())
            if self._icon_keys.get(name) != key:  # drawing 13 icons on every edit cost most of the edit
                self._icon_keys[name] = key
                piece.setIcon(piece_icon(name, color, ICON, rotation, reflected, opacity, ink))
            if name == pm.TERRAIN:
                piece.setToolTip("Terrain: a blocked cell (slug letter R)")
            else:
                on_board = sum(1 for p in board.pieces if p.name == name)
                where = f"; {on_board} on the board" if on_board else ""
                piece.setToolTip(f"Place {name} ({pm.COLOR_NAMES[board.color_of(name)]}{where}); Escape puts it down")

"""Edit: the Field panel (its size, mine count, levels, random fields and slug version),
and the edits it makes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFormLayout, QHBoxLayout, QLabel, QSpinBox, QVBoxLayout, QWidget

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.wording import plural

from ..page import heading
from .paint import EDIT, PLAY
from .widgets import button

if TYPE_CHECKING:
    from .page import MinesweeperPage


def level_buttons(new_level, tip: str = "A random {w}x{h} field with {m} mines") -> QHBoxLayout:
    """The level presets on one row: `new_level(name)` deals one."""
    levels = QHBoxLayout()
    for name, (w, h, m) in ms.LEVELS.items():
        made = button(name.capitalize(), tip.format(w=w, h=h, m=m), lambda _=False, n=name: new_level(n))
        made.setObjectName(f"level_{name}")
        levels.addWidget(made)
    return levels


class EditPanel(QWidget):
    """The Field panel. A level's field dealt here has its every mine on show: Play deals
    an unseen field of the level instead (`seen_level_field`)."""

    RESIZE_MERGE_ID = 0x4D54

    def __init__(self, page: MinesweeperPage) -> None:
        super().__init__()
        self._page = page
        self.seen_level_field: ms.Board | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(heading("Field"))
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
        for spin in (self.width_spin, self.height_spin):
            spin.valueChanged.connect(self._size_edited)
            spin.valueChanged.connect(self._limit_mines)
        size = QHBoxLayout()  # width x height on one row, as a field's size is said
        size.addWidget(self.width_spin, 1)
        size.addWidget(QLabel("×"))
        size.addWidget(self.height_spin, 1)
        self.width_spin.setAccessibleName("Width")
        self.height_spin.setAccessibleName("Height")
        form.addRow("Size", size)
        form.addRow("Mines", self.mines_spin)
        layout.addLayout(form)
        layout.addLayout(level_buttons(self.new_level))
        deal = QHBoxLayout()
        deal.addWidget(
            button("Random field", "Scatter the chosen number of mines at random (Ctrl+R)", lambda: self.random_field())
        )
        deal.addWidget(button("Clear mines", "Remove every mine", self.clear_mines))
        layout.addLayout(deal)
        self.no_guess_box = page.no_guess_box(
            "editNoGuessBox", "Random fields and levels that logic alone solves from a first click in the middle"
        )
        layout.addWidget(self.no_guess_box)
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
        self.version_box.activated.connect(self.version_chosen)
        version_row.addRow("Slug", self.version_box)
        layout.addLayout(version_row)

    def chosen(self) -> tuple[int, int, int]:
        """The width, height and mine count chosen."""
        return self.width_spin.value(), self.height_spin.value(), self.mines_spin.value()

    # --- edits ------------------------------------------------------------------------------
    def _size_edited(self) -> None:
        page = self._page
        w, h = self.width_spin.value(), self.height_spin.value()
        if (w, h) == (page.board.width, page.board.height):
            return
        if w * h > ms.MAX_CELLS:
            page.show_status(f"A field has at most {ms.MAX_CELLS:,} cells")
            self.sync_spins(page.board)
            return
        page.set_board(page.board.resized(w, h), "Resize the field", self.RESIZE_MERGE_ID)

    def _limit_mines(self) -> None:
        # A field dealt here keeps a cell to open; a field of nothing but mines (pasted, or
        # made in Edit mode) has its own count shown.
        cells = self.width_spin.value() * self.height_spin.value()
        board = getattr(self._page, "board", None)
        full = board is not None and board.width * board.height == cells and len(board.mines) == cells
        self.mines_spin.setMaximum(max(0, cells if full else cells - 1))

    def version_chosen(self, index: int) -> None:
        page = self._page
        version = self.version_box.itemData(index)
        if version != page.board.version:
            page.set_board(page.board.with_version(version, 10 if version == 2 else None), f"Slug version {version}")

    def random_field(self, seed=None, *, level: bool = False) -> None:
        page = self._page
        w, h, m = self.chosen()
        if page.no_guess_wanted():
            stand_in = page.board.with_field(w, h, ())
            page.dealer.deal("level" if level else EDIT, stand_in, w // 2, h // 2, m)
            return
        board = page.board.with_field(w, h, ms.random_board(w, h, m, seed=seed).mines)
        page.set_board(board, f"Random field ({plural(m, 'mine')})")

    def new_level(self, name: str) -> None:
        page = self._page
        w, h, m = ms.LEVELS[name]
        self.sync_spins(ms.Board(w, h), mines=m)
        if page.mode == PLAY:
            page.session.new_game()
        elif page.no_guess_wanted():
            self.random_field(level=True)
        else:
            self.random_field()
            # Its every mine is on show: Play deals an unseen field of the level instead.
            self.seen_level_field = page.board

    def clear_mines(self) -> None:
        page = self._page
        board = page.board
        page.set_board(board.with_field(board.width, board.height, ()), "Clear mines")

    # --- showing ----------------------------------------------------------------------------
    def show_board(self, board: ms.Board, fld: ms.Field) -> None:
        self.sync_spins(board)
        self.version_box.setCurrentIndex(self.version_box.findData(board.version))
        # Version 2 carries its own time unit: a pasted game may count in 50 ms ticks.
        unit = board.time_unit_ms if board.version == 2 else 10
        self.version_box.setItemText(1, f"2 ({unit} ms{'' if board.unit_in_meta else ' implied'}, base62 times)")
        mines = len(board.mines)
        cells = board.width * board.height
        self.field_label.setText(
            f"{board.width}x{board.height}, {mines} mines "
            f"({100 * mines / cells:.1f}%), 3BV {fld.bbbv}"
            + (f"<br>Recorded game: {len(board.events)} actions" if board.events else "")
        )

    def sync_spins(self, board: ms.Board, mines: int | None = None) -> None:
        for spin, value in ((self.width_spin, board.width), (self.height_spin, board.height)):
            if spin.value() != value:
                spin.blockSignals(True)
                spin.setValue(value)
                spin.blockSignals(False)
        self._limit_mines()
        if mines is not None:
            self.mines_spin.setValue(mines)
        elif board.mines and self.mines_spin.value() != len(board.mines):
            # The box says the field's own count (a pasted game of 27 mines shows 27).
            self.mines_spin.blockSignals(True)
            self.mines_spin.setValue(len(board.mines))
            self.mines_spin.blockSignals(False)

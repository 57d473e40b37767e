"""The board's surface and size, and Clear pieces: the part of the panel that reshapes the
board. It shows the board it is given and says what the person asks for; the page makes
the edit."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QHBoxLayout, QLabel, QSpinBox

from slugboard.codecs import pentomino as pm

from .controls import Section, button


class BoardForm(Section):
    surface_chosen = Signal(str)  # a surface letter
    size_chosen = Signal(int, int)  # rows, columns as the boxes say
    clear_clicked = Signal()

    def __init__(self, then: Callable[[], object], parent=None) -> None:
        super().__init__(parent)
        self._updating = False  # the boxes are being set to the board: no edit is asked
        self.add_heading("Board")
        form = QGridLayout()
        form.addWidget(QLabel("Surface"), 0, 0)
        self.surface_box = QComboBox()
        for letter, title in pm.SURFACES.items():
            self.surface_box.addItem(title, letter)
        self.surface_box.setToolTip("The surface the board lives on: which edges meet, and how")
        self.surface_box.activated.connect(self._surface)
        form.addWidget(self.surface_box, 0, 1)
        form.addWidget(QLabel("Size"), 1, 0)
        size = QHBoxLayout()
        self.height_box = QSpinBox()
        self.height_box.setRange(pm.MIN_SIZE, pm.MAX_SIZE)
        self.height_box.setToolTip(
            "Height: rows (1-60). Pieces that then run off the board show as conflicts; "
            "pieces anchored below it are taken off and come back if the board grows "
            "again before the next edit"
        )
        self.height_box.setAccessibleName("height")
        self.height_box.valueChanged.connect(self._size)
        size.addWidget(self.height_box, 1)
        size.addWidget(QLabel("×"))
        self.width_box = QSpinBox()
        self.width_box.setRange(pm.MIN_SIZE, pm.MAX_SIZE)
        self.width_box.setToolTip(
            "Width: columns (1-60); a sphere is always square. Pieces anchored right of "
            "the board are taken off and come back if it grows again before the next edit"
        )
        self.width_box.setAccessibleName("width")
        self.width_box.valueChanged.connect(self._size)
        size.addWidget(self.width_box, 1)
        form.addLayout(size, 1, 1)
        self.column.addLayout(form)
        self.clear_button = button(
            "Clear pieces", "Remove every piece, keep terrain, size and colours", self.clear_clicked.emit, then
        )
        self.clear_button.setMinimumWidth(10)
        # Clear pieces, and the buttons that make a new board of this one (Make puzzle).
        self.buttons_row = QHBoxLayout()
        self.buttons_row.addWidget(self.clear_button)
        self.column.addLayout(self.buttons_row)

    def show_board(self, board: pm.Board) -> None:
        self._updating = True
        try:
            self.surface_box.setCurrentIndex(list(pm.SURFACES).index(board.surface))
            self.height_box.setValue(board.height)
            self.width_box.setValue(board.width)
            self.width_box.setEnabled(board.surface != "S")
        finally:
            self._updating = False

    def _surface(self, index: int) -> None:
        if not self._updating:
            self.surface_chosen.emit(self.surface_box.itemData(index))

    def _size(self, _value: int = 0) -> None:
        if not self._updating:
            self.size_chosen.emit(self.height_box.value(), self.width_box.value())

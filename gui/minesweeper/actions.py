"""The replay's list of actions: one row per open, chord, flag and unflag, made on demand
by a model (an expert game read from a file holds tens of thousands of mouse events, a
long game from a link up to a million actions)."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QItemSelectionModel, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from slugboard.codecs import minesweeper as ms

_KIND_TEXT = {ms.OPEN: "open", ms.FLAG: "flag", ms.UNFLAG: "unflag", ms.MARK: "mark"}
_HEADERS = ("Time", "Action", "Cell")


class ActionModel(QAbstractTableModel):
    """The actions of a recorded game: time in seconds, what it was, and its cell. Opens
    that a chord made say "chord" when the game came with its mouse events."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._events: tuple[ms.Event, ...] = ()
        self._unit = 1
        self._chords: frozenset[int] = frozenset()

    def set_game(self, board: ms.Board, chords: frozenset[int] = frozenset()) -> None:
        if board.events is self._events and chords == self._chords and board.time_unit_ms == self._unit:
            return
        self.beginResetModel()
        self._events, self._unit, self._chords = board.events, board.time_unit_ms, chords
        self.endResetModel()

    def rowCount(self, parent=None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self._events)

    def columnCount(self, parent=None) -> int:
        return 0 if parent is not None and parent.isValid() else len(_HEADERS)

    def kind_text(self, row: int) -> str:
        e = self._events[row]
        if e.kind == ms.OPEN and e.t * self._unit in self._chords:
            return "chord"
        return _KIND_TEXT[e.kind]

    def row_text(self, row: int) -> str:
        """The row as one line, e.g. "12.34 s  open  (5, 9)"."""
        e = self._events[row]
        return f"{e.t * self._unit / 1000:.2f} s  {self.kind_text(row)}  ({e.x}, {e.y})"

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            e = self._events[row]
            if column == 0:
                return f"{e.t * self._unit / 1000:.2f} s"
            if column == 1:
                return self.kind_text(row)
            return f"({e.x}, {e.y})"
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"Show the board just after this action: {self.row_text(row)}"
        return None

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _HEADERS[section]
        return None


class ActionList(QTableView):
    """The list of actions beside the replay: choosing a row (click, Up, Down, Page Up...)
    emits `action_chosen(row)`; `follow(row)` marks the row the replay is at without
    taking the keyboard from the board."""

    action_chosen = Signal(int)
    VISIBLE_ROWS = 8

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.game_actions = ActionModel(self)
        self.setModel(self.game_actions)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setTabKeyNavigation(False)
        self.setWordWrap(False)
        self.setShowGrid(False)
        self.setAlternatingRowColors(True)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        font = QFont("DejaVu Sans Mono")
        font.setPointSizeF(self.font().pointSizeF() * 0.95)
        self.setFont(font)
        rows = self.verticalHeader()
        rows.hide()
        # Fixed row heights: the view never asks every row its size, however long the game.
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(QFontMetrics(font).height() + 4)
        columns = self.horizontalHeader()
        columns.setHighlightSections(False)
        columns.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        height = rows.defaultSectionSize() * self.VISIBLE_ROWS + columns.sizeHint().height() + 2 * self.frameWidth()
        # A fixed height: the panel below it does not move while the list fills or empties.
        self.setFixedHeight(height)
        self._following = False
        self.selectionModel().currentRowChanged.connect(self._current_changed)

    def _current_changed(self, current, _previous) -> None:
        if not self._following and current.isValid():
            self.action_chosen.emit(current.row())

    def follow(self, row: int | None) -> None:
        """Select `row` (None: no action yet) and scroll it into view, choosing nothing."""
        current = self.currentIndex()
        if (row is None and not current.isValid()) or (current.isValid() and current.row() == row):
            return
        self._following = True
        try:
            selection = self.selectionModel()
            if row is None or row >= self.game_actions.rowCount():
                selection.clear()
                self.scrollToTop()
            else:
                index = self.game_actions.index(row, 0)
                flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
                selection.setCurrentIndex(index, flags)
                self.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)
        finally:
            self._following = False

    def keyPressEvent(self, event) -> None:
        # Left and Right step the replay (the page's keys), not the list's columns.
        if event.key() in (Qt.Key.Key_Left, Qt.Key.Key_Right) and not event.modifiers():
            event.ignore()
            return
        super().keyPressEvent(event)

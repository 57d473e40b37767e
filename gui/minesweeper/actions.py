"""The replay's list of actions: one row per open, chord, flag and unflag, made on demand
by a model (an expert game read from a file holds tens of thousands of mouse events, a
long game from a link up to a million actions)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from PySide6.QtCore import QAbstractTableModel, QItemSelectionModel, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper.times import decimals, start_ms

from ..page import escaped

_KIND_TEXT = {ms.OPEN: "open", ms.FLAG: "flag", ms.UNFLAG: "unflag", ms.MARK: "mark"}
_HEADERS = ("Time", "Action", "Cell", "Finding")
# The colour of a row with a finding, by its class (Metasweeper's colours: red for an
# error, orange for a warning, green for a feature, violet for a suspect), drawn faint
# over the row so its text keeps its contrast in both themes.
SEVERITY_COLOURS = {
    "error": "#e53935",
    "warning": "#fb8c00",
    "feature": "#43a047",
    "suspect": "#8e24aa",
    "guess": "#1e88e5",
}
_SEVERITY_ORDER = ("error", "warning", "suspect", "feature", "guess")
# Short names for the Finding column.
_SHORT = {
    "high_risk_guess": "risky guess",
    "needless_guess": "needless guess",
    "hard_judgment": "jump judgement",
    "mouse_trace_too_curved": "winding path",
    "mouse_trace_curved": "winding path",
    "mouse_trace_straight": "straight path",
    "vision_transfer": "vision transfer",
    "fl_local": "FL run",
    "loss": "the loss",
}


class ActionModel(QAbstractTableModel):
    """The actions of a recorded game: time in seconds, what it was, and its cell. Opens
    that a chord made say "chord" when the game came with its mouse events."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._events: Sequence[ms.Event] = ()
        self._unit = 1
        self._start = 0  # when the game's clock starts (its first action), in ms
        self._digits = 2
        self._chords: frozenset[int] = frozenset()
        self._analysis = None  # the game's analysis (codecs' analysis.Analysis), when asked for
        self._shown: list[int] | None = None  # the actions listed under a filter, in order
        self._filter = ""

    def set_game(self, board: ms.Board, chords: frozenset[int] = frozenset()) -> None:
        if board.events is self._events and chords == self._chords and board.time_unit_ms == self._unit:
            return
        self.beginResetModel()
        self._events, self._unit, self._chords = board.events, board.time_unit_ms, chords
        self._start, self._digits = start_ms(board), decimals(board)
        self._analysis, self._shown, self._filter = None, None, ""
        self.endResetModel()

    def set_analysis(self, analysis) -> None:
        """Mark each action with its findings (None: no analysis)."""
        self.beginResetModel()
        self._analysis = analysis
        self._shown = self._listed(self._filter)
        self.endResetModel()

    def set_filter(self, kind: str) -> None:
        """List only the actions with a finding of `kind` ("any": any finding; "": all)."""
        self.beginResetModel()
        self._filter = kind
        self._shown = self._listed(kind)
        self.endResetModel()

    def _listed(self, kind: str) -> list[int] | None:
        if not kind or self._analysis is None:
            return None
        return [
            i
            for i, found in enumerate(self._analysis.findings)
            if found and (kind == "any" or any(f.kind == kind for f in found))
        ]

    def action_of(self, row: int) -> int:
        """The action (its index in the game) that `row` lists."""
        return row if self._shown is None else self._shown[row]

    def row_of(self, action: int) -> int | None:
        """The row listing `action`, or None when the filter leaves it out."""
        if self._shown is None:
            return action if 0 <= action < len(self._events) else None
        i = bisect_left(self._shown, action)
        return i if i < len(self._shown) and self._shown[i] == action else None

    def findings(self, action: int) -> tuple:
        analysis = self._analysis
        return () if analysis is None or action >= len(analysis.findings) else analysis.findings[action]

    def severity(self, action: int) -> str | None:
        """The gravest class of the action's findings, which colours its row."""
        classes = {f.severity for f in self.findings(action)}
        return next((c for c in _SEVERITY_ORDER if c in classes), None)

    def finding_text(self, action: int) -> str:
        parts = []
        for f in self.findings(action):
            if f.kind == "guess" and self._analysis is not None:
                parts.append(f"guess {100 * self._analysis.safe_chance[action]:.0f}%")
            else:
                parts.append(_SHORT.get(f.kind, f.kind.replace("_", " ")))
        return ", ".join(dict.fromkeys(parts))

    def rowCount(self, parent=None) -> int:
        if parent is not None and parent.isValid():
            return 0
        return len(self._events) if self._shown is None else len(self._shown)

    def columnCount(self, parent=None) -> int:
        return 0 if parent is not None and parent.isValid() else len(_HEADERS)

    def kind_text(self, row: int) -> str:
        e = self._events[self.action_of(row)]
        if e.kind == ms.OPEN and e.t * self._unit in self._chords:
            return "chord"
        return _KIND_TEXT[e.kind]

    def row_text(self, row: int) -> str:
        """The row as one line, e.g. "12.34 s  open  (5, 9)"."""
        e = self._events[self.action_of(row)]
        return f"{self.time_text(e)} s  {self.kind_text(row)}  ({e.x}, {e.y})"

    def time_text(self, e: ms.Event) -> str:
        """The action's time on the game's clock (from its first action)."""
        return f"{(e.t * self._unit - self._start) / 1000:.{self._digits}f}"

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        action = self.action_of(row)
        if role == Qt.ItemDataRole.DisplayRole:
            e = self._events[action]
            if column == 0:
                return f"{self.time_text(e)} s"
            if column == 1:
                return self.kind_text(row)
            if column == 2:
                return f"({e.x}, {e.y})"
            return self.finding_text(action)
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole:
            severity = self.severity(action)
            if severity is not None:
                colour = QColor(SEVERITY_COLOURS[severity])
                colour.setAlpha(70)
                return colour
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = f"Show the board just after this action: {self.row_text(row)}"
            found = self.findings(action)
            if found:
                tip += "".join(f"\n• {f.text}" for f in found)
            return escaped(tip).replace("\n", "<br>")
        return None

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _HEADERS[section]
        return None


class ActionList(QTableView):
    """The list of actions beside the replay: choosing a row (click, Up, Down, Page Up...)
    emits `action_chosen(action)` (the action's index in the game, whatever the filter);
    `follow(action)` marks the row the replay is at without taking the keyboard from the board."""

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
            self.action_chosen.emit(self.game_actions.action_of(current.row()))

    def follow(self, action: int | None) -> None:
        """Select the row of `action` (None: no action yet, or one the filter leaves out)
        and scroll it into view, choosing nothing."""
        row = None if action is None else self.game_actions.row_of(action)
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

"""The Day panel: the date field that picks the day's tiles, its note, and New game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QDate, QEvent, QObject, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDateEdit, QHBoxLayout, QLineEdit, QPushButton

from slugboard.codecs import letters

from ..page import WrappedLabel
from .paint import DATE_EDIT_MERGE

if TYPE_CHECKING:
    import datetime as dt

    from .page import LettersPage


def qdate(date: dt.date) -> QDate:
    return QDate(date.year, date.month, date.day)


class DayPanel(QObject):
    """Its heading and widgets go at the end of the page's panel when it is made."""

    def __init__(self, page: LettersPage) -> None:
        super().__init__(page)
        self._page = page
        page.add_heading("Day")
        self.date_edit = QDateEdit()
        self.date_edit.setObjectName("letterDate")
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat("yyyy-MM-dd")
        self.date_edit.setDateRange(qdate(letters.EPOCH), qdate(letters.LAST_DATE))
        self.date_edit.setToolTip("The day of the game: its date picks the day's tiles (Ctrl+D)")
        QShortcut(QKeySequence("Ctrl+D"), page, lambda: self.date_edit.setFocus())
        # A typed date counts once it is whole, not at each digit: keyboard tracking would
        # take the day "1" on the way to "15". The field's text is read when it is a whole
        # date (`_date_typed`), and on Enter or leaving the field.
        self.date_edit.setKeyboardTracking(False)
        # A click selects the part of the date under the pointer, so digits typed replace it
        # (in a bare date field a click only places the cursor, and a full part takes no digit).
        self._date_text = self.date_edit.findChild(QLineEdit)
        if self._date_text is not None:
            self._date_text.installEventFilter(self)
            self._date_text.textEdited.connect(self._date_typed)
        self.date_edit.dateChanged.connect(self._date_changed)
        self.new_game_button = QPushButton("New game")
        self.new_game_button.setToolTip("Start this day's game from an empty board (Ctrl+N)")
        self.new_game_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.new_game_button.clicked.connect(self.new_game)
        QShortcut(QKeySequence.StandardKey.New, page, self.new_game)
        # The date and New game on one row: the note below them, shown only while it has
        # something to say, never moves the button the person is about to press.
        row = QHBoxLayout()
        row.addWidget(self.date_edit, 1)
        row.addWidget(self.new_game_button)
        page.tool_layout.addLayout(row)
        self.day_note = WrappedLabel()
        self.day_note.setObjectName("dayNote")
        self.day_note.setTextFormat(Qt.TextFormat.PlainText)
        self.day_note.hide()
        page.tool_layout.addWidget(self.day_note)

    def eventFilter(self, watched, event) -> bool:
        if (
            watched is self._date_text
            and event.type() == QEvent.Type.MouseButtonRelease
            and not self._date_text.hasSelectedText()
        ):
            self.date_edit.setSelectedSection(self.date_edit.currentSection())
        return super().eventFilter(watched, event)

    def board_shown(self, board: letters.Board) -> None:
        self.date_edit.blockSignals(True)
        if self.date_edit.date() != qdate(board.date):
            self.date_edit.setDate(qdate(board.date))
        self.date_edit.blockSignals(False)
        self._say("")

    def _say(self, text: str) -> None:
        self.day_note.setText(text)
        self.day_note.setVisible(bool(text))

    def new_game(self) -> None:
        page = self._page
        date: dt.date = self.date_edit.date().toPython()  # type: ignore[assignment]
        # A new game is dealt as letters.wiki deals today: from the 100-tile bag with blanks.
        board = letters.Board(date, (), letters.V4, page.start_word_for(date, default=True))
        if not page.set_board(board, "New game"):
            page.canvas.recall()
        page.show_status(f"New game for {date.isoformat()} with starting word {board.start_word}")
        page.canvas.setFocus()

    def _date_typed(self, text: str) -> None:
        """A date typed whole (every part with all its digits, a real day in the range) is
        the field's date at once; the text, the cursor and the part being typed stay as
        they are."""
        edit = self.date_edit
        date = QDate.fromString(text, edit.displayFormat())
        if (
            len(text) == len(edit.displayFormat())
            and date.isValid()
            and edit.minimumDate() <= date <= edit.maximumDate()
        ):
            edit.interpretText()

    def _date_changed(self, qdate: QDate) -> None:
        page = self._page
        date: dt.date = qdate.toPython()  # type: ignore[assignment]
        if date == page.board.date:
            self._say("")
            return
        if page.board.tiles:
            # The tiles were dealt on the game's own day: another day is a new game, started
            # with New game, never a re-dating of the tiles on the board.
            self._say(
                f"New game plays {date.isoformat()}; the game on the board stays of {page.board.date.isoformat()}."
            )
            page.show_status(f"Press New game to play {date.isoformat()}")
            return
        start = page.start_word_for(date, default=True)
        # typing a date digit by digit makes one undo step, not one per digit
        page.set_board(
            letters.Board(date, page.board.tiles, page.board.param, start),
            f"Date {date.isoformat()}",
            merge_id=DATE_EDIT_MERGE,
        )

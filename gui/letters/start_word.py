"""The Starting word panel: the word letters.wiki's older links leave out, typed, checked
against the game and remembered for its date, and the switch between rack orders."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRegularExpression, Qt
from PySide6.QtGui import QKeySequence, QRegularExpressionValidator, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QPushButton

from slugboard.codecs import letters

from ..page import WrappedLabel, set_text_colour

if TYPE_CHECKING:
    import datetime as dt

    from .page import LettersPage


class StartWordPanel(QObject):
    """Its heading and widgets go at the end of the page's panel when it is made; the words
    given are kept in the page's settings, one a date."""

    SETTINGS_KEY = "letters/start_words"

    def __init__(self, page: LettersPage) -> None:
        super().__init__(page)
        self._page = page
        layout = page.tool_layout
        page.add_heading("Starting word")
        self.prompt = WrappedLabel(
            "letters.wiki links leave out the day's starting word. Type the word "
            "shown in the middle row of that day's game to see letters, words and "
            "scores."
        )
        self.prompt.setObjectName("startWordPrompt")
        set_text_colour(self.prompt, "#d32f2f")
        layout.addWidget(self.prompt)
        row = QHBoxLayout()
        self.field = QLineEdit()
        self.field.setObjectName("startWordField")
        self.field.setPlaceholderText("e.g. RUNNELS")
        self.field.setMaxLength(letters.MAX_LINK_START_WORD)  # a link's word may be longer than a real one
        self.field.setValidator(QRegularExpressionValidator(QRegularExpression("[A-Za-z]*"), page))
        self.field.setToolTip("The day's starting word (F2); Enter uses it (it is remembered for this date)")
        QShortcut(QKeySequence("F2"), page, self.focus)
        self.field.returnPressed.connect(self.apply)
        self.button = QPushButton("Use")
        self.button.setToolTip("Use this starting word for the board (Enter in the field)")
        self.button.clicked.connect(self.apply)
        row.addWidget(self.field, 1)
        row.addWidget(self.button)
        layout.addLayout(row)
        self.error = WrappedLabel()
        self.error.setTextFormat(Qt.TextFormat.PlainText)  # it may quote the word typed
        self.error.setObjectName("startWordError")
        set_text_colour(self.error, "#d32f2f")
        self.error.hide()
        layout.addWidget(self.error)
        self.note = WrappedLabel(
            "Slugboard's own word for this day: letters.wiki's list is not public, so "
            "the site deals other tiles. Type the site's word to play its game."
        )
        self.note.setObjectName("startWordNote")
        font = self.note.font()
        font.setItalic(True)
        self.note.setFont(font)
        self.note.hide()
        layout.addWidget(self.note)
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
        layout.addWidget(self.param_button)

    # --- the words remembered ----------------------------------------------------------
    def remembered(self, date: dt.date) -> str | None:
        value = self._page.settings.value(f"{self.SETTINGS_KEY}/{date.isoformat()}")
        if isinstance(value, str) and letters.start_word_error(value) is None:
            return letters.normalize_start_word(value)
        return None

    def remember(self, date: dt.date, word: str) -> None:
        self._page.settings.setValue(f"{self.SETTINGS_KEY}/{date.isoformat()}", word)

    def word_for(self, date: dt.date, default: bool) -> str | None:
        """The word the person gave for `date` before, else (when `default`) one of ours."""
        return self.remembered(date) or (letters.default_start_word(date) if default else None)

    # --- the panel -----------------------------------------------------------------------
    def apply(self) -> None:
        page = self._page
        word = self.field.text().strip()
        problem = letters.start_word_error(word) if word else "type the starting word first"
        if problem:
            self.show_doubt(problem)
            return
        word = letters.normalize_start_word(word)
        board = page.board.with_start_word(word)
        doubt = letters.start_word_doubt(board)
        if doubt is None:
            self.remember(board.date, word)
        page.set_board(board, f"Starting word {word}")
        if doubt is None:
            page.show_status(f"Starting word {word} remembered for {board.date.isoformat()}")
            page.canvas.setFocus()
        else:
            # shown after set_board, whose refresh hides the message of an earlier word
            self.show_doubt(doubt)
            page.show_status(f"{word} does not fit this game: not remembered for {board.date.isoformat()}")
            self.focus()

    def show_doubt(self, text: str) -> None:
        self.error.setText(text)
        self.error.show()

    def switch_param(self) -> None:
        page = self._page
        other = "w" if page.board.param == "g" else "g"
        board = page.board.with_param(other)
        if board.start_word and letters.start_word_doubt(board) is None:
            self.remember(board.date, board.start_word)
        page.set_board(board, f"Read as ?{other}=")

    def focus(self) -> None:
        self.field.setFocus()
        self.field.selectAll()

    def board_shown(self, board: letters.Board) -> bool:
        """Shows what the panel says of `board`; True when the other rack order fits it."""
        known = board.start_word is not None
        self.prompt.setVisible(not known and not board.is_v4)
        self.field.setText(board.start_word or "")
        self.error.hide()
        self.note.setVisible(
            known and self.remembered(board.date) is None and board.start_word == letters.default_start_word(board.date)
        )
        switch = letters.other_param_fits(board)
        self.param_button.setVisible(switch)
        if switch:
            self.param_button.setText(f"Read as a ?{'w' if board.param == 'g' else 'g'}= link")
        return switch

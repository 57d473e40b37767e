"""The game's page: the canvas, the tool panel and the edits they make."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QDate, QEvent, QRegularExpression, Qt
from PySide6.QtGui import (
    QKeySequence,
    QRegularExpressionValidator,
    QShortcut,
    QStandardItemModel,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QWidget,
)

from slugboard.codecs import letters
from slugboard.codecs.letters.model import Kind
from slugboard.codecs.wording import plural

from ..page import GamePage, WrappedLabel, plain_tip, set_text_colour
from ..worker import LatestOnly
from .canvas import LettersCanvas
from .paint import DATE_EDIT_MERGE

if TYPE_CHECKING:
    import datetime as dt

    from PySide6.QtWidgets import QListWidget, QListWidgetItem, QTableWidget

FORMATS = (
    (letters.V4, "?_= (V4): letters and word"),
    ("w", "?w=: racks, sorted"),
    ("g", "?g=: racks, draw order"),
)


def _qdate(date: dt.date) -> QDate:
    return QDate(date.year, date.month, date.day)


class LettersPage(GamePage):
    # The keys of this game's page, for Help > Keyboard shortcuts (a test checks that every
    # shortcut the page binds is listed here).
    KEYS = (
        ("A-Z", "Type letters from the rack into the selected square (a blank stands for a letter the rack lacks)"),
        ("Space", "Type across or down"),
        ("Arrow keys", "Move the selected square"),
        ("Backspace", "Take the last tile back"),
        ("Enter, Ctrl+Return", "Play the turn"),
        ("Escape", "Recall this turn's tiles"),
        ("Ctrl+D", "Choose the day"),
        ("Ctrl+N", "New game"),
        ("F2", "Type the starting word"),
    )
    canvas: LettersCanvas
    GAME = letters.NAME
    SETTINGS_KEY = "letters/start_words"

    def __init__(self, settings=None, parent=None, board=None):
        super().__init__(settings, parent, board)
        canvas = LettersCanvas()
        canvas.placements_changed.connect(self._placements_changed)
        canvas.submit_requested.connect(self.submit_turn)
        self.set_canvas(canvas)

        self.add_heading("Day")
        self.date_edit = QDateEdit()
        self.date_edit.setObjectName("letterDate")
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat("yyyy-MM-dd")
        self.date_edit.setDateRange(_qdate(letters.EPOCH), _qdate(letters.LAST_DATE))
        self.date_edit.setToolTip("The day of the game: its date picks the day's tiles (Ctrl+D)")
        QShortcut(QKeySequence("Ctrl+D"), self, lambda: self.date_edit.setFocus())
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
        self.tool_layout.addWidget(self.date_edit)
        self.day_note = WrappedLabel()
        self.day_note.setObjectName("dayNote")
        self.day_note.setTextFormat(Qt.TextFormat.PlainText)
        self.day_note.setMinimumHeight(2 * self.day_note.fontMetrics().lineSpacing())  # keeps its room
        self.tool_layout.addWidget(self.day_note)
        self.new_game_button = QPushButton("New game")
        self.new_game_button.setToolTip("Start this day's game from an empty board (Ctrl+N)")
        self.new_game_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.new_game_button.clicked.connect(self.new_game)
        QShortcut(QKeySequence.StandardKey.New, self, self.new_game)
        self.tool_layout.addWidget(self.new_game_button)

        self.add_heading("Link format")
        self.format_box = QComboBox()
        self.format_box.setObjectName("linkFormat")
        for param, text in FORMATS:
            self.format_box.addItem(text, param)
        self.format_box.setToolTip(
            "How the slug writes this game. letters.wiki's links today are ?_= (V4): they hold every "
            "letter, the starting word and blanks. Older ?g= and ?w= links hold rack positions, which "
            "need the day's starting word. Copy link writes the format chosen here."
        )
        self.format_box.activated.connect(self._format_chosen)
        self.tool_layout.addWidget(self.format_box)

        self.add_heading("Starting word")
        self.start_prompt = WrappedLabel(
            "letters.wiki links leave out the day's starting word. Type the word "
            "shown in the middle row of that day's game to see letters, words and "
            "scores."
        )
        self.start_prompt.setObjectName("startWordPrompt")
        set_text_colour(self.start_prompt, "#d32f2f")
        self.tool_layout.addWidget(self.start_prompt)
        row = QHBoxLayout()
        self.start_field = QLineEdit()
        self.start_field.setObjectName("startWordField")
        self.start_field.setPlaceholderText("e.g. RUNNELS")
        self.start_field.setMaxLength(letters.MAX_LINK_START_WORD)  # a link's word may be longer than a real one
        self.start_field.setValidator(QRegularExpressionValidator(QRegularExpression("[A-Za-z]*"), self))
        self.start_field.setToolTip("The day's starting word (F2); Enter uses it (it is remembered for this date)")
        QShortcut(QKeySequence("F2"), self, self._focus_start_field)
        self.start_field.returnPressed.connect(self.apply_start_word)
        self.start_button = QPushButton("Use")
        self.start_button.setToolTip("Use this starting word for the board (Enter in the field)")
        self.start_button.clicked.connect(self.apply_start_word)
        row.addWidget(self.start_field, 1)
        row.addWidget(self.start_button)
        self.tool_layout.addLayout(row)
        self.start_error = WrappedLabel()
        self.start_error.setTextFormat(Qt.TextFormat.PlainText)  # it may quote the word typed
        self.start_error.setObjectName("startWordError")
        set_text_colour(self.start_error, "#d32f2f")
        self.start_error.hide()
        self.tool_layout.addWidget(self.start_error)
        self.start_note = WrappedLabel(
            "Slugboard's own word for this day: letters.wiki's list is not public, so "
            "the site deals other tiles. Type the site's word to play its game."
        )
        self.start_note.setObjectName("startWordNote")
        font = self.start_note.font()
        font.setItalic(True)
        self.start_note.setFont(font)
        self.start_note.hide()
        self.tool_layout.addWidget(self.start_note)
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
        self.tool_layout.addWidget(self.param_button)

        self.add_heading("Turn")
        self.turn_label = WrappedLabel()
        self.turn_label.setObjectName("turnLabel")
        self.tool_layout.addWidget(self.turn_label)
        self.preview_label = WrappedLabel()
        self.preview_label.setObjectName("previewLabel")
        self.tool_layout.addWidget(self.preview_label)
        buttons = QHBoxLayout()
        self.submit_button = QPushButton("Play turn")
        self.submit_button.setToolTip("Play the placed tiles as this turn (Enter on the board, Ctrl+Return)")
        self.submit_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.submit_button.clicked.connect(self.submit_turn)
        QShortcut(QKeySequence("Ctrl+Return"), self, self.submit_turn)
        self.recall_button = QPushButton("Recall")
        self.recall_button.setToolTip("Take this turn's tiles back to the rack (Escape on the board)")
        self.recall_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.recall_button.clicked.connect(lambda: self.canvas.recall())
        buttons.addWidget(self.submit_button)
        buttons.addWidget(self.recall_button)
        self.tool_layout.addLayout(buttons)

        self.add_heading("Unseen tiles")
        self.unseen_label = WrappedLabel()
        self.unseen_label.setObjectName("unseenTiles")
        self.unseen_label.setTextFormat(Qt.TextFormat.PlainText)
        self.unseen_label.setToolTip("The tiles not yet seen: the bag less the starting word, the board and the rack")
        self.tool_layout.addWidget(self.unseen_label)

        self.add_heading("Best play")
        self.best_button = QPushButton("Show the best plays")
        self.best_button.setObjectName("bestPlayButton")
        self.best_button.setCheckable(True)
        self.best_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.best_button.setToolTip(
            "The best plays of this turn's rack (point at one to see it on the board, click it to play it); "
            "for a finished game, each turn beside its best play (click a turn to see the board before it)"
        )
        self.best_button.toggled.connect(self._best_toggled)
        self.tool_layout.addWidget(self.best_button)
        self.best_status = WrappedLabel()
        self.best_status.setObjectName("bestStatus")
        self.best_status.setTextFormat(Qt.TextFormat.PlainText)
        self.best_status.setMinimumHeight(self.best_status.fontMetrics().lineSpacing())  # keeps its room
        self.best_status.hide()
        self.tool_layout.addWidget(self.best_status)
        # The list of plays and the table of a finished game's turns are made when the best
        # plays are first asked for (`_best_widgets`), below the status.
        self._best_widgets_made: tuple[QListWidget, QTableWidget, QWidget] | None = None
        self._review: list = []  # the turns in the table, each beside its best play
        self.study_note = WrappedLabel()
        self.study_note.setObjectName("studyNote")
        self.study_note.setTextFormat(Qt.TextFormat.PlainText)
        self.study_note.setMinimumHeight(3 * self.study_note.fontMetrics().lineSpacing())  # keeps its room
        self.study_note.hide()
        self.tool_layout.addWidget(self.study_note)
        # The search runs in a helper process, so the window never waits for it.
        self._best_job = LatestOnly(self, apart=("slugboard.codecs.letters.moves",))
        self._best_job.finished.connect(self._best_found)
        self._best_for: letters.Board | None = None

        self.add_heading("Problems")
        self.problems_label = WrappedLabel()
        self.problems_label.setObjectName("problemsLabel")
        self.tool_layout.addWidget(self.problems_label)

        if board is None and not self.board.tiles and not self.board.start_word:
            self.replace_board(self.board.with_start_word(self.start_word_for(self.board.date, default=True)))
        else:
            self.board_shown(self.board)

    def eventFilter(self, watched, event) -> bool:
        made = self._best_widgets_made
        if made is not None and watched is made[2] and event.type() == QEvent.Type.Leave:
            self._show_hint(())
        if (
            watched is self._date_text
            and event.type() == QEvent.Type.MouseButtonRelease
            and not self._date_text.hasSelectedText()
        ):
            self.date_edit.setSelectedSection(self.date_edit.currentSection())
        return super().eventFilter(watched, event)

    # --- the best plays' widgets ---------------------------------------------------
    @property
    def best_list(self) -> QListWidget:
        """The best plays of the rack, one a row (made with the review table on first use)."""
        return self._best_widgets()[0]

    @property
    def review_table(self) -> QTableWidget:
        """A finished game's turns, each beside its best play."""
        return self._best_widgets()[1]

    def _best_widgets(self) -> tuple[QListWidget, QTableWidget, QWidget]:
        """The list and the table, made hidden the first time either is needed, in the panel
        below the best plays' status (and last of the panel's fields for Tab), as if made with
        the page: most runs never show them, and the window's start does not make them."""
        if self._best_widgets_made is not None:
            return self._best_widgets_made
        from PySide6.QtWidgets import QAbstractItemView, QListWidget, QTableWidget

        best_list = QListWidget()
        best_list.setObjectName("bestPlays")
        best_list.setMouseTracking(True)
        best_list.setMinimumHeight(160)
        best_list.itemEntered.connect(self._preview_play)
        best_list.itemClicked.connect(self._play_chosen)
        viewport = best_list.viewport()
        viewport.installEventFilter(self)
        best_list.hide()
        review_table = QTableWidget(0, 5)
        review_table.setObjectName("turnReview")
        review_table.setHorizontalHeaderLabels(["Turn", "Your play", "Score", "Best play", "Best"])
        review_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        review_table.verticalHeader().hide()
        review_table.setMinimumHeight(200)
        review_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        review_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        review_table.setToolTip(
            "Click a turn, or move through the turns with the arrow keys, to see the board before it: "
            "the best play shaded, the game's own play dashed. Total shows the whole game."
        )
        review_table.currentCellChanged.connect(lambda row, *_: self._study_turn(row))
        review_table.hide()
        at = self.tool_layout.indexOf(self.best_status) + 1
        self.tool_layout.insertWidget(at, best_list)
        self.tool_layout.insertWidget(at + 1, review_table)
        self._best_widgets_made = (best_list, review_table, viewport)
        return self._best_widgets_made

    # --- starting words ----------------------------------------------------------
    def remembered_start_word(self, date: dt.date) -> str | None:
        value = self.settings.value(f"{self.SETTINGS_KEY}/{date.isoformat()}")
        if isinstance(value, str) and letters.start_word_error(value) is None:
            return letters.normalize_start_word(value)
        return None

    def remember_start_word(self, date: dt.date, word: str) -> None:
        self.settings.setValue(f"{self.SETTINGS_KEY}/{date.isoformat()}", word)

    def start_word_for(self, date: dt.date, default: bool) -> str | None:
        """The word the person gave for `date` before, else (when `default`) one of ours."""
        return self.remembered_start_word(date) or (letters.default_start_word(date) if default else None)

    def apply_start_word(self) -> None:
        word = self.start_field.text().strip()
        problem = letters.start_word_error(word) if word else "type the starting word first"
        if problem:
            self.start_error.setText(problem)
            self.start_error.show()
            return
        word = letters.normalize_start_word(word)
        board = self.board.with_start_word(word)
        doubt = self.start_word_doubt(board)
        if doubt is None:
            self.remember_start_word(board.date, word)
        self.set_board(board, f"Starting word {word}")
        if doubt is None:
            self.show_status(f"Starting word {word} remembered for {board.date.isoformat()}")
            self.canvas.setFocus()
        else:
            # shown after set_board, whose refresh hides the message of an earlier word
            self.start_error.setText(doubt)
            self.start_error.show()
            self.show_status(f"{word} does not fit this game: not remembered for {board.date.isoformat()}")
            self._focus_start_field()

    @staticmethod
    def start_word_doubt(board: letters.Board) -> str | None:
        return letters.start_word_doubt(board)

    def switch_param(self) -> None:
        other = "w" if self.board.param == "g" else "g"
        board = self.board.with_param(other)
        if board.start_word and self.start_word_doubt(board) is None:
            self.remember_start_word(board.date, board.start_word)
        self.set_board(board, f"Read as ?{other}=")

    def paste_board(self, board, *, prepared: bool = False) -> None:
        if board.start_word:
            # A link's s= word is kept for its date only when the person has given none:
            # a game played here with Slugboard's own word carries that word, which is
            # not the site's, and must not replace the one the person typed.
            if self.remembered_start_word(board.date) is None and self.start_word_doubt(board) is None:
                self.remember_start_word(board.date, board.start_word)
        else:
            known = self.remembered_start_word(board.date)
            if known:
                board = board.with_start_word(known)
                self.show_status(f"Using the starting word {known} you gave for {board.date.isoformat()}")
        self.set_board(board, "Paste")
        if not board.start_word:
            self.show_status(f"Type the starting word of {board.date.isoformat()} to see letters and scores")
            return
        doubt = self.start_word_doubt(board)
        if doubt is not None:
            # a word given earlier (or carried by the link) that this game's tiles contradict
            self.start_error.setText(doubt)
            self.start_error.show()

    def _focus_start_field(self) -> None:
        self.start_field.setFocus()
        self.start_field.selectAll()

    def focus_canvas(self) -> None:
        if not self.board.start_word or self.start_error.isVisible():
            self._focus_start_field()
        else:
            super().focus_canvas()

    # --- editing -----------------------------------------------------------------
    def _format_chosen(self, index: int) -> None:
        param = self.format_box.itemData(index)
        try:
            board = letters.converted(self.board, param)
        except ValueError as exc:
            self.show_status(f"Not written as {param}=: {exc}")
            self._show_format(self.board)
            return
        if board != self.board:
            self.set_board(board, f"Write as ?{param}=")
            self.show_status(f"The slug now writes this game as a ?{param}= link")

    def new_game(self) -> None:
        date = self.date_edit.date().toPython()
        # A new game is dealt as letters.wiki deals today: from the 100-tile bag with blanks.
        board = letters.Board(date, (), letters.V4, self.start_word_for(date, default=True))
        if not self.set_board(board, "New game"):
            self.canvas.recall()
        self.show_status(f"New game for {date.isoformat()} with starting word {board.start_word}")
        self.canvas.setFocus()

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
        date: dt.date = qdate.toPython()  # type: ignore[assignment]
        if date == self.board.date:
            self.day_note.setText("")
            return
        if self.board.tiles:
            # The tiles were dealt on the game's own day: another day is a new game, started
            # with New game, never a re-dating of the tiles on the board.
            self.day_note.setText(
                f"New game plays {date.isoformat()}; the game on the board stays of {self.board.date.isoformat()}."
            )
            self.show_status(f"Press New game to play {date.isoformat()}")
            return
        start = self.start_word_for(date, default=True)
        # typing a date digit by digit makes one undo step, not one per digit
        self.set_board(
            letters.Board(date, self.board.tiles, self.board.param, start),
            f"Date {date.isoformat()}",
            merge_id=DATE_EDIT_MERGE,
        )

    def submit_turn(self) -> None:
        canvas = self.canvas
        if canvas.rack is None:
            self.show_status(
                "Give the day's starting word first" if not self.board.start_word else "No turn left to play"
            )
            return
        if not canvas.pending:
            self.show_status("Place tiles from the rack first")
            return
        placed = canvas.placed_letters()
        _, _, found = letters.check_turn(self.board, placed)
        if found:
            self.show_status("Not played: " + "; ".join(p.message for p in found))
            return
        try:
            board = letters.play_turn(self.board, placed)
        except ValueError as exc:
            self.show_status(f"Not played: {exc}")
            return
        turn = letters.next_turn(self.board)
        self.set_board(board, f"Play turn {turn}")
        game = letters.resolve(board)
        self.show_status(f"Turn {turn}: {plural(game.turns[turn - 1].score, 'point')}, total {game.total}")  # type: ignore[union-attr]

    # --- showing -----------------------------------------------------------------
    def board_shown(self, board: letters.Board) -> None:
        canvas = self.canvas
        canvas.board = board
        canvas.cancel_drag()  # a tile in the hand belongs to the turn being replaced
        canvas.pending = []
        canvas.selected_slot = None
        canvas.blank_letters = {}
        turn = letters.next_turn(board)
        playing = bool(board.start_word) and turn <= letters.TURNS and len(board.tiles) < letters.MAX_TILES
        canvas.rack = letters.rack_for_turn(board, turn) if playing else None
        other_draw = playing and canvas.rack is None  # a V4 game dealt from neither of the day's draws
        playing = playing and canvas.rack is not None
        if not playing:
            canvas.selected_square = None  # no square to type into once the game is over
        canvas.problems = letters.problems(board)
        canvas.preview = None

        self.date_edit.blockSignals(True)
        if self.date_edit.date() != _qdate(board.date):
            self.date_edit.setDate(_qdate(board.date))
        self.date_edit.blockSignals(False)
        self.day_note.setText("")
        known = board.start_word is not None
        self.start_prompt.setVisible(not known and not board.is_v4)
        self.start_field.setText(board.start_word or "")
        self.start_error.hide()
        self.start_note.setVisible(
            known
            and self.remembered_start_word(board.date) is None
            and board.start_word == letters.default_start_word(board.date)
        )
        switch = letters.other_param_fits(board)
        self.param_button.setVisible(switch)
        if switch:
            self.param_button.setText(f"Read as a ?{'w' if board.param == 'g' else 'g'}= link")

        self._show_format(board)
        if not known:
            self.turn_label.setText("Give the starting word to see the racks and to play.")
        elif other_draw:
            self.turn_label.setText(
                "This link's tiles were not dealt from the day's draw for its starting word (from the 98- "
                "or the 100-tile bag), so the next rack is not known: the game can be seen, not continued."
            )
        elif turn > letters.TURNS:
            self.turn_label.setText(f"Game over: all {letters.TURNS} turns played. Copy the link to share it.")
        elif not playing:
            self.turn_label.setText(f"The link holds at most {letters.MAX_TILES} tiles: no room for another turn.")
        else:
            self.turn_label.setText(f"Turn {turn} of {letters.TURNS}. Rack: {' '.join(canvas.rack)}")  # type: ignore[arg-type]
        shown = [p.message for p in canvas.problems if p.kind != Kind.START_WORD]
        if shown:  # html is loaded with the first problem shown, not while the window starts
            from html import escape

            shown = [escape(message) for message in shown]
        if switch:
            shown.append(
                f"<i>The tiles read as a game with ?{'w' if board.param == 'g' else 'g'}= rack order: "
                "was this a bare slug from such a link?</i>"
            )
        elif not board.is_v4 and any(p.kind in (Kind.WORD, Kind.OCCUPIED) for p in canvas.problems):
            shown.append(
                "<i>Words missing from the list, or tiles on the starting word, usually mean the "
                "starting word is not that day's.</i>"
            )
        self.problems_label.setText("<br>".join(shown) or "None")
        self._show_unseen(board, canvas.rack)
        canvas.hinted = ()
        canvas.own, canvas.own_turn, canvas.panel_board = (), 0, None
        if self.best_button.isChecked():
            self._ask_best(board)
        self._placements_changed()

    def _show_format(self, board: letters.Board) -> None:
        """The format the slug writes, and which others can hold this game (a greyed one
        says why in its tooltip)."""
        model = self.format_box.model()
        assert isinstance(model, QStandardItemModel)
        for i, (param, _text) in enumerate(FORMATS):
            item = model.item(i)
            try:
                letters.converted(board, param)
            except ValueError as exc:
                item.setEnabled(False)
                item.setToolTip(plain_tip(f"Cannot be written this way: {exc}"))
            else:
                item.setEnabled(True)
                item.setToolTip("")
        self.format_box.setCurrentIndex(self.format_box.findData(board.param))

    def _placements_changed(self) -> None:
        canvas = self.canvas
        if canvas.rack is None or not canvas.pending:
            canvas.preview = None
            self.preview_label.setText("")
            self.submit_button.setEnabled(False)
            self.recall_button.setEnabled(False)
            canvas.update()
            return
        words, score, found = letters.check_turn(self.board, canvas.placed_letters())
        canvas.preview = (words, score, found)  # type: ignore[assignment]
        from html import escape

        text = ", ".join(
            escape(w.text) if w.valid else f"<span style='color:#d32f2f'><s>{escape(w.text)}</s></span>" for w in words
        )
        lines = [f"{text or 'no word yet'}: <b>{score}</b>"]
        lines += [f"<span style='color:#d32f2f'>{escape(p.message)}</span>" for p in found]
        self.preview_label.setText("<br>".join(lines))
        self.submit_button.setEnabled(not found)
        self.recall_button.setEnabled(True)
        canvas.update()

    # --- the tile tracker and the best plays --------------------------------------
    def _show_unseen(self, board: letters.Board, rack) -> None:
        unseen = letters.unseen_tiles(board, rack or ())
        if unseen is None:
            self.unseen_label.setText("Give the starting word to count the tiles.")
            return
        total = sum(unseen.values())
        parts = [f"{tile if tile != letters.BLANK else 'blank'} {n}" for tile, n in sorted(unseen.items())]
        self.unseen_label.setText(f"{total} tiles: " + ", ".join(parts) if parts else "No tile is left unseen.")

    def toggle_best_plays(self) -> None:
        self.best_button.toggle()

    def best_plays_shown(self) -> bool:
        return self.best_button.isChecked()

    def _best_toggled(self, on: bool) -> None:
        self.actions_changed.emit()
        self.best_status.setVisible(on)
        if on:
            self._ask_best(self.board)
        else:
            self._best_job.cancel()
            if self._best_widgets_made is not None:
                self.best_list.hide()
                self.review_table.hide()
            self.study_note.hide()
            self._study_turn(-1)
            self._show_hint(())

    def _ask_best(self, board: letters.Board) -> None:
        from slugboard.codecs.letters import moves

        self._best_for = board
        self.best_list.clear()
        self._review = []
        self.review_table.setRowCount(0)
        finished = board.last_turn >= letters.TURNS or self.canvas.rack is None
        self.best_list.setVisible(not finished)
        self.review_table.setVisible(finished)
        self.study_note.setVisible(finished)
        self.study_note.setText("")
        self.best_status.setText("Looking for the best plays…")
        if finished:
            self._best_job.submit(moves.review, board)
        else:
            self._best_job.submit(moves.plays_before_next_turn, board, 10)

    def _best_found(self, result) -> None:
        if isinstance(result, BaseException):
            self.best_status.setText("The best plays could not be found.")
            return
        if self._best_for != self.board:
            return  # an answer for a board no longer shown
        if self.review_table.isVisible():
            self._show_review(result)
            return
        from PySide6.QtWidgets import QListWidgetItem

        self.best_list.clear()
        for play in result:
            tiles = "".join(face for _, _, face in play.placed)
            row, col = play.placed[0][0], play.placed[0][1]
            where = f"r{row + 1}c{col + 1} {'across' if play.across else 'down'}"
            item = QListWidgetItem(f"{play.word}  {play.score}  ({where}, tiles {tiles})")
            item.setData(Qt.ItemDataRole.UserRole, play)
            self.best_list.addItem(item)
        self._bring_into_view(self.best_list)
        self.best_status.setText(
            f"The {len(result)} best plays of this rack: point at one to see it, click it to play it."
            if result
            else "No play fits this rack."
        )

    def _show_review(self, rows) -> None:
        self._review = []
        self.review_table.setRowCount(0)
        if not rows:
            self.best_status.setText("This game's racks are not known, so its best plays cannot be found.")
            return
        game = letters.resolve(self.board)
        mine = best = 0
        for review in rows:
            words = ", ".join(w.text for w in game.turns[review.turn - 1].words) if game else ""
            top = review.best
            cells = [
                str(review.turn),
                words or "(passed)",
                str(review.score),
                top.word if top else "(none)",
                str(top.score if top else 0),
            ]
            mine += review.score
            best += top.score if top else 0
            self._add_review_row(cells)
        self._add_review_row(["Total", "", str(mine), "", str(best)])
        self._review = list(rows)
        self._study_turn(self.review_table.currentRow())  # says how to study a turn
        self.review_table.resizeColumnsToContents()
        self._bring_into_view(self.review_table)
        self.best_status.setText(f"Your total {mine} against the best plays' {best}.")

    def _study_turn(self, row: int) -> None:
        """Show the board before the turn of the table's `row`, its best play shaded and
        the game's own play dashed; any other row (the total, or none) shows the game."""
        canvas = self.canvas
        review = self._review[row] if 0 <= row < len(self._review) and self._best_for == self.board else None
        if review is None:
            if canvas.board is not self.board or canvas.own or canvas.hinted:
                canvas.board = self.board
                canvas.problems = letters.problems(self.board)
                canvas.hinted, canvas.own, canvas.own_turn, canvas.panel_board = (), (), 0, None
                canvas.update()
            self.study_note.setText(
                "The whole game. Click a turn to see the board before it beside its best play." if self._review else ""
            )
            return
        turn = review.turn
        before = self.board.replace(tiles=tuple(t for t in self.board.tiles if t.turn < turn))
        canvas.board = before
        canvas.problems = letters.problems(before)
        canvas.hinted = review.best.placed if review.best is not None else ()
        canvas.own, canvas.own_turn, canvas.panel_board = review.played, turn, self.board
        canvas.update()
        game = letters.resolve(self.board)
        words = ", ".join(w.text for w in game.turns[turn - 1].words) if game else ""
        own = f"your play {words} for {review.score} (dashed)" if words else "you passed (no tile played)"
        best = (
            f"the best {review.best.word} for {review.best.score} (shaded)"
            if review.best is not None
            else "no play fitted the rack"
        )
        what = f"{own}; {best}"
        if review.best is not None and sorted(review.best.placed) == sorted(review.played):
            what = f"your play {words} for {review.score} was the best play (shaded, ringed)"
        self.study_note.setText(f"Before turn {turn}, rack {' '.join(review.rack)}: {what}.")

    def _bring_into_view(self, widget) -> None:
        """Scroll the tool panel so that the answer just shown is in sight."""
        parent = self.tool_panel.parentWidget()
        while parent is not None and not isinstance(parent, QScrollArea):
            parent = parent.parentWidget()
        if parent is not None:
            parent.ensureWidgetVisible(widget)

    def _add_review_row(self, cells: list[str]) -> None:
        from PySide6.QtWidgets import QTableWidgetItem

        row = self.review_table.rowCount()
        self.review_table.insertRow(row)
        for col, text in enumerate(cells):
            self.review_table.setItem(row, col, QTableWidgetItem(text))

    def _preview_play(self, item: QListWidgetItem) -> None:
        play = item.data(Qt.ItemDataRole.UserRole)
        self._show_hint(play.placed if play is not None else ())

    def _show_hint(self, placed) -> None:
        if self.canvas.hinted != tuple(placed):
            self.canvas.hinted = tuple(placed)
            self.canvas.update()

    def _play_chosen(self, item: QListWidgetItem) -> None:
        play = item.data(Qt.ItemDataRole.UserRole)
        if play is None or self.canvas.rack is None or self._best_for != self.board:
            return
        try:
            board = letters.play_turn(self.board, play.placed)
        except ValueError as exc:
            self.show_status(f"Not played: {exc}")
            return
        turn = letters.next_turn(self.board)
        self._show_hint(())
        self.set_board(board, f"Play turn {turn}")
        self.show_status(f"Turn {turn}: {play.word} for {play.score} points")

    def shutdown(self) -> None:
        self._best_job.shutdown()

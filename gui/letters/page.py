"""The game's page: the canvas and the tool panel, composed of the parts that hold their
own state (each in its own module):

    DayPanel        day.py          the date that picks the day's tiles, and New game
    StartWordPanel  start_word.py   the starting word, remembered for its date, and the rack order
    BestPlays       best.py         the best plays of the rack, or a finished game's turns beside theirs

The page keeps the link format, the turn being placed, the unseen tiles and the problems,
and the names of the widgets its parts show (the surface the window's actions and the tests
use); it tells each part when the board changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut, QStandardItemModel
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QPushButton

from slugboard.codecs import letters
from slugboard.codecs.letters.model import Kind
from slugboard.codecs.wording import plural

from ..page import GamePage, WrappedLabel, heading, plain_tip
from .best import BestPlays
from .canvas import LettersCanvas
from .day import DayPanel
from .start_word import StartWordPanel

if TYPE_CHECKING:
    import datetime as dt

    from PySide6.QtWidgets import QListWidget, QTableWidget

FORMATS = (
    (letters.V4, "?_= (V4): letters and word"),
    ("w", "?w=: racks, sorted"),
    ("g", "?g=: racks, draw order"),
)


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

    def __init__(self, settings=None, parent=None, board=None):
        super().__init__(settings, parent, board)
        canvas = LettersCanvas()
        canvas.placements_changed.connect(self._placements_changed)
        canvas.submit_requested.connect(self.submit_turn)
        self.set_canvas(canvas)

        self.day = DayPanel(self)
        self.date_edit, self.day_note, self.new_game_button = (
            self.day.date_edit,
            self.day.day_note,
            self.day.new_game_button,
        )

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
        link_row = QHBoxLayout()  # a heading's room saved: the box says what it is
        link_label = heading("Link")
        link_label.setBuddy(self.format_box)
        link_row.addWidget(link_label)
        link_row.addWidget(self.format_box, 1)
        self.tool_layout.addLayout(link_row)

        self.start_words = words = StartWordPanel(self)
        self.start_prompt, self.start_field, self.start_button = words.prompt, words.field, words.button
        self.start_error, self.start_note, self.param_button = words.error, words.note, words.param_button

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

        self.best = BestPlays(self)
        self.best_button, self.best_status, self.study_note = self.best.button, self.best.status, self.best.study_note

        self.add_heading("Problems")
        self.problems_label = WrappedLabel()
        self.problems_label.setObjectName("problemsLabel")
        self.tool_layout.addWidget(self.problems_label)

        if board is None and not self.board.tiles and not self.board.start_word:
            self.replace_board(self.board.with_start_word(self.start_word_for(self.board.date, default=True)))
        else:
            self.board_shown(self.board)

    # --- the parts' surface --------------------------------------------------------
    @property
    def best_list(self) -> QListWidget:
        """The best plays of the rack, one a row (made with the review table on first use)."""
        return self.best.best_list

    @property
    def review_table(self) -> QTableWidget:
        """A finished game's turns, each beside its best play."""
        return self.best.review_table

    def toggle_best_plays(self) -> None:
        self.best_button.toggle()

    def best_plays_shown(self) -> bool:
        return self.best_button.isChecked()

    def new_game(self) -> None:
        self.day.new_game()

    def remembered_start_word(self, date: dt.date) -> str | None:
        return self.start_words.remembered(date)

    def start_word_for(self, date: dt.date, default: bool) -> str | None:
        """The word the person gave for `date` before, else (when `default`) one of ours."""
        return self.start_words.word_for(date, default)

    def paste_board(self, board, *, prepared: bool = False) -> None:
        words = self.start_words
        if board.start_word:
            # A link's s= word is kept for its date only when the person has given none:
            # a game played here with Slugboard's own word carries that word, which is
            # not the site's, and must not replace the one the person typed.
            if words.remembered(board.date) is None and letters.start_word_doubt(board) is None:
                words.remember(board.date, board.start_word)
        else:
            known = words.remembered(board.date)
            if known:
                board = board.with_start_word(known)
                self.show_status(f"Using the starting word {known} you gave for {board.date.isoformat()}")
        self.set_board(board, "Paste")
        if not board.start_word:
            self.show_status(f"Type the starting word of {board.date.isoformat()} to see letters and scores")
            return
        doubt = letters.start_word_doubt(board)
        if doubt is not None:
            # a word given earlier (or carried by the link) that this game's tiles contradict
            words.show_doubt(doubt)

    def focus_canvas(self) -> None:
        if not self.board.start_word or self.start_error.isVisible():
            self.start_words.focus()
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

        self.day.board_shown(board)
        known = board.start_word is not None
        switch = self.start_words.board_shown(board)

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
        self.best.board_shown(board)
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
        # A finished game (or one without its starting word) has no turn to place: the
        # turn's preview and buttons give their room to the rest of the panel.
        for widget in (self.preview_label, self.submit_button, self.recall_button):
            widget.setVisible(canvas.rack is not None)
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

    def shutdown(self) -> None:
        self.best.shutdown()

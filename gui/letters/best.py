"""The Best play panel: the best plays of this turn's rack, or a finished game's turns each
beside its best play, found in a helper process, and the board of the turn studied."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QPushButton, QScrollArea

from slugboard.codecs import letters

from ..page import WrappedLabel
from ..worker import LatestOnly

if TYPE_CHECKING:
    from PySide6.QtWidgets import QListWidget, QListWidgetItem, QTableWidget, QWidget

    from .page import LettersPage


WORD_COLUMNS = (1, 3)  # the review table's columns of words: they share what the figures leave


def _fit_columns(table: QTableWidget) -> None:
    """The review table's columns across the panel's width, never wider: the turn and the
    scores as wide as their text, the words sharing the rest and elided where longer; its
    rows a line of text high."""
    from PySide6.QtWidgets import QHeaderView

    header = table.horizontalHeader()
    for col in range(table.columnCount()):
        mode = QHeaderView.ResizeMode.Stretch if col in WORD_COLUMNS else QHeaderView.ResizeMode.ResizeToContents
        header.setSectionResizeMode(col, mode)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setTextElideMode(Qt.TextElideMode.ElideRight)
    table.setWordWrap(False)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().lineSpacing() + 8)
    _fit_rows(table)


def _fit_rows(table: QTableWidget) -> None:
    """As tall as its rows (a game has five turns and the total): no scroll bar in it."""
    rows = max(1, table.rowCount())
    frame = 2 * table.frameWidth()
    table.setFixedHeight(
        table.horizontalHeader().sizeHint().height() + rows * table.verticalHeader().defaultSectionSize() + frame
    )


class BestPlays(QObject):
    """Its heading and widgets go at the end of the page's panel when it is made. It holds
    the search, the board it was asked for and the turns of the review table."""

    def __init__(self, page: LettersPage) -> None:
        super().__init__(page)
        self._page = page
        page.add_heading("Best play")
        self.button = QPushButton("Show the best plays")
        self.button.setObjectName("bestPlayButton")
        self.button.setCheckable(True)
        self.button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.button.setToolTip(
            "The best plays of this turn's rack (point at one to see it on the board, click it to play it); "
            "for a finished game, each turn beside its best play (click a turn to see the board before it)"
        )
        self.button.toggled.connect(self._toggled)
        page.tool_layout.addWidget(self.button)
        self.status = WrappedLabel()
        self.status.setObjectName("bestStatus")
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setMinimumHeight(self.status.fontMetrics().lineSpacing())  # keeps its room
        self.status.hide()
        page.tool_layout.addWidget(self.status)
        # The list of plays and the table of a finished game's turns are made when the best
        # plays are first asked for (`_widgets`), below the status.
        self._made: tuple[QListWidget, QTableWidget, QWidget] | None = None
        self._review: list = []  # the turns in the table, each beside its best play
        self.study_note = WrappedLabel()
        self.study_note.setObjectName("studyNote")
        self.study_note.setTextFormat(Qt.TextFormat.PlainText)
        self.study_note.setMinimumHeight(3 * self.study_note.fontMetrics().lineSpacing())  # keeps its room
        self.study_note.hide()
        page.tool_layout.addWidget(self.study_note)
        # The search runs in a helper process, so the window never waits for it.
        self._job = LatestOnly(self, apart=("slugboard.codecs.letters.moves",))
        self._job.finished.connect(self._found)
        self._asked_for: letters.Board | None = None

    def shutdown(self) -> None:
        self._job.shutdown()

    def eventFilter(self, watched, event) -> bool:
        made = self._made
        if made is not None and watched is made[2] and event.type() == QEvent.Type.Leave:
            self._show_hint(())
        return super().eventFilter(watched, event)

    # --- the widgets ---------------------------------------------------------------
    @property
    def best_list(self) -> QListWidget:
        """The best plays of the rack, one a row (made with the review table on first use)."""
        return self._widgets()[0]

    @property
    def review_table(self) -> QTableWidget:
        """A finished game's turns, each beside its best play."""
        return self._widgets()[1]

    def _widgets(self) -> tuple[QListWidget, QTableWidget, QWidget]:
        """The list and the table, made hidden the first time either is needed, in the panel
        below the best plays' status (and last of the panel's fields for Tab), as if made with
        the page: most runs never show them, and the window's start does not make them."""
        if self._made is not None:
            return self._made
        from PySide6.QtWidgets import QAbstractItemView, QListWidget, QTableWidget

        best_list = QListWidget()
        best_list.setObjectName("bestPlays")
        best_list.setMouseTracking(True)
        best_list.setMinimumHeight(160)
        # A play's line is elided at the list's edge (whole in its tooltip), never scrolled
        # sideways, in whatever font the platform has.
        best_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        best_list.setTextElideMode(Qt.TextElideMode.ElideRight)
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
        _fit_columns(review_table)
        review_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        review_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        review_table.setToolTip(
            "Click a turn, or move through the turns with the arrow keys, to see the board before it: "
            "the best play shaded, the game's own play dashed. Total shows the whole game."
        )
        review_table.currentCellChanged.connect(lambda row, *_: self._study_turn(row))
        review_table.hide()
        layout = self._page.tool_layout
        at = layout.indexOf(self.status) + 1
        layout.insertWidget(at, best_list)
        layout.insertWidget(at + 1, review_table)
        self._made = (best_list, review_table, viewport)
        return self._made

    # --- asking and showing ----------------------------------------------------------
    def board_shown(self, board: letters.Board) -> None:
        if self.button.isChecked():
            self._ask(board)

    def _toggled(self, on: bool) -> None:
        self._page.actions_changed.emit()
        self.status.setVisible(on)
        if on:
            self._ask(self._page.board)
        else:
            self._job.cancel()
            if self._made is not None:
                self.best_list.hide()
                self.review_table.hide()
            self.study_note.hide()
            self._study_turn(-1)
            self._show_hint(())

    def _ask(self, board: letters.Board) -> None:
        from slugboard.codecs.letters import moves

        self._asked_for = board
        self.best_list.clear()
        self._review = []
        self.review_table.setRowCount(0)
        finished = board.last_turn >= letters.TURNS or self._page.canvas.rack is None
        self.best_list.setVisible(not finished)
        self.review_table.setVisible(finished)
        self.study_note.setVisible(finished)
        self.study_note.setText("")
        self.status.setText("Looking for the best plays…")
        if finished:
            self._job.submit(moves.review, board)
        else:
            self._job.submit(moves.plays_before_next_turn, board, 10)

    def _found(self, result) -> None:
        if isinstance(result, BaseException):
            self.status.setText("The best plays could not be found.")
            return
        if self._asked_for != self._page.board:
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
            item.setToolTip(item.text())
            item.setData(Qt.ItemDataRole.UserRole, play)
            self.best_list.addItem(item)
        self._bring_into_view(self.best_list)
        self.status.setText(
            f"The {len(result)} best plays of this rack: point at one to see it, click it to play it."
            if result
            else "No play fits this rack."
        )

    def _show_review(self, rows) -> None:
        self._review = []
        self.review_table.setRowCount(0)
        if not rows:
            self.status.setText("This game's racks are not known, so its best plays cannot be found.")
            return
        game = letters.resolve(self._page.board)
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
        _fit_rows(self.review_table)
        self._bring_into_view(self.review_table)
        self.status.setText(f"Your total {mine} against the best plays' {best}.")

    def _study_turn(self, row: int) -> None:
        """Show the board before the turn of the table's `row`, its best play shaded and
        the game's own play dashed; any other row (the total, or none) shows the game."""
        board = self._page.board
        canvas = self._page.canvas
        review = self._review[row] if 0 <= row < len(self._review) and self._asked_for == board else None
        if review is None:
            if canvas.board is not board or canvas.own or canvas.hinted:
                canvas.board = board
                canvas.problems = letters.problems(board)
                canvas.hinted, canvas.own, canvas.own_turn, canvas.panel_board = (), (), 0, None
                canvas.update()
            self.study_note.setText(
                "The whole game. Click a turn to see the board before it beside its best play." if self._review else ""
            )
            return
        turn = review.turn
        before = replace(board, tiles=tuple(t for t in board.tiles if t.turn < turn))
        canvas.board = before
        canvas.problems = letters.problems(before)
        canvas.hinted = review.best.placed if review.best is not None else ()
        canvas.own, canvas.own_turn, canvas.panel_board = review.played, turn, board
        canvas.update()
        game = letters.resolve(board)
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
        parent = self._page.tool_panel.parentWidget()
        while parent is not None and not isinstance(parent, QScrollArea):
            parent = parent.parentWidget()
        if parent is not None:
            parent.ensureWidgetVisible(widget)

    def _add_review_row(self, cells: list[str]) -> None:
        from PySide6.QtWidgets import QTableWidgetItem

        row = self.review_table.rowCount()
        self.review_table.insertRow(row)
        for col, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if col in WORD_COLUMNS and text:
                item.setToolTip(text)  # the words column elides a long turn's words
            self.review_table.setItem(row, col, item)

    def _preview_play(self, item: QListWidgetItem) -> None:
        play = item.data(Qt.ItemDataRole.UserRole)
        self._show_hint(play.placed if play is not None else ())

    def _show_hint(self, placed) -> None:
        canvas = self._page.canvas
        if canvas.hinted != tuple(placed):
            canvas.hinted = tuple(placed)
            canvas.update()

    def _play_chosen(self, item: QListWidgetItem) -> None:
        page = self._page
        play = item.data(Qt.ItemDataRole.UserRole)
        if play is None or page.canvas.rack is None or self._asked_for != page.board:
            return
        try:
            board = letters.play_turn(page.board, play.placed)
        except ValueError as exc:
            page.show_status(f"Not played: {exc}")
            return
        turn = letters.next_turn(page.board)
        self._show_hint(())
        page.set_board(board, f"Play turn {turn}")
        page.show_status(f"Turn {turn}: {play.word} for {play.score} points")

"""Opening boards in the window: a slug or link pasted anywhere (the menu, Ctrl+V, the
Open field, a drop, the command line), a long text read in the background, and the files
the games open, read in the background with Cancel (`Openings`, a part the window owns)."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QGuiApplication, QValidator
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QLineEdit, QStatusBar, QTabWidget, QWidget

from slugboard.codecs import SlugError, all_games, read, read_text_file

from .worker import LatestOnly, progress_widgets

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

    from .main_window import Pages
    from .opening import Opener
    from .page import GamePage
    from .slug_pane import SlugPane
    from .window_boards import RecentTexts

LONG_TEXT = 100_000  # characters; longer pastes are read and prepared in the background


def GAMES_BY_TAB() -> list[Any]:  # noqa: N802 - reads as the list it gives
    """The registered games in tab order."""
    return list(all_games().values())


def _read_file(game: str, reader: str, path: str, cancel: Any) -> tuple[str, list[Any]]:
    """A game's file read (on the worker thread): the game and the file's records."""
    from slugboard.codecs import game as game_of_name

    records = game_of_name(game).target(reader)(path, cancel)
    if not records:
        raise SlugError(game, "the file holds no board")
    return game, records


def takes_paste(widget: QWidget, text: str) -> bool:
    """Whether a text field would take `text` as its own paste: a read-only field, or a
    spin box or checked field that refuses it (a link in a number box), leaves it to the window."""
    from PySide6.QtWidgets import QTextEdit  # Qt's dialogs and rarer widgets load when first needed

    if isinstance(widget, QAbstractSpinBox):
        return not text.strip() or widget.validate(text, 0)[0] != QValidator.State.Invalid
    if not isinstance(widget, (QLineEdit, QTextEdit)) or widget.isReadOnly():
        return False
    validator = widget.validator() if isinstance(widget, QLineEdit) else None
    return validator is None or not text.strip() or validator.validate(text, 0)[0] != QValidator.State.Invalid  # type: ignore[index]


class Openings(QObject):
    """The window's part that opens pasted texts, dropped things and files. It is given the
    window (the parent of its dialogs and background work), its settings, status bar, tabs,
    pages, titles and slug pane, the recent lists it adds to, and what it asks of the
    window: a stored board let go, the slug shown again for a page, and a board's slug
    written in the background noted. `file_done(opened)` says a game's file was read."""

    file_done = Signal(bool)

    def __init__(
        self,
        window: QWidget,
        settings: QSettings,
        status_bar: QStatusBar,
        tabs: QTabWidget,
        pages: Pages,
        titles: dict[str, str],
        slug_pane: SlugPane,
        recent: RecentTexts,
        *,
        let_go: Callable[[str], None],
        update_slug: Callable[[GamePage], None],
        note_slug: Callable[[Any, str], None],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._settings = settings
        self._status = status_bar
        self.tabs = tabs
        self.pages = pages
        self.titles = titles
        self.slug_pane = slug_pane
        self._recent = recent
        self._let_go = let_go
        self._update_slug = update_slug
        self._note_slug = note_slug
        # Long pasted texts are read and prepared in the background (made with the first one).
        self._opener: Opener | None = None
        # Files a game opens are read in the background, with Cancel in the status bar.
        self._file_reader = LatestOnly(self)
        self._file_reader.finished.connect(self._file_read)
        self._reading_path = ""
        self.file_bar, self.file_cancel = progress_widgets(
            status_bar, "Reading %p%", "Stop reading the file; the board stays as it is"
        )
        self.file_bar.setRange(0, 0)  # a reader tells no progress: the bar says it is busy
        self.file_cancel.clicked.connect(self.cancel_file)

    # --- pasting -----------------------------------------------------------------
    def paste_text(self, text: str) -> bool:
        """Open `text` (a slug or link of any game). A bad text shows its error and changes
        nothing. A long text is read and prepared in the background (`opening`): True then
        says it is on its way, and the board changes when it is ready. The newest paste wins,
        over a file being read too."""
        if self._opener is not None:
            self._opener.drop()
        if self._file_reader.busy:
            self._file_reader.cancel()
            self.file_bar.hide()
            self.file_cancel.hide()
        if len(text) > LONG_TEXT:
            self.opener.open(text)
            self._status.showMessage(f"Reading {len(text):,} characters…")
            return True
        try:
            name, board, reading, _ = read(text)  # `reading`: the link, when `text` is a message holding it
        except SlugError as exc:
            self._not_opened(text, exc)
            return False
        self._show_opened(reading, name, board)
        return True

    @property
    def opener(self) -> Opener:
        """What reads long texts in the background (made with the first one)."""
        if self._opener is None:
            from .opening import Opener

            self._opener = Opener(self._window, self._status)
            self._opener.opened.connect(
                lambda text, name, board, slug: self._show_opened(text, name, board, slug, prepared=True)
            )
            self._opener.failed.connect(self._not_opened)
            self._opener.stopped.connect(
                lambda: self._status.showMessage("Stopped opening it: the board is as it was", 5000)
            )
        return self._opener

    def opening(self) -> bool:
        """Whether a long text is being read in the background."""
        return self._opener is not None and self._opener.busy

    def _not_opened(self, text: str, exc: Exception) -> None:
        if not isinstance(exc, SlugError):  # a fault of ours in the background, not of the text
            self._status.showMessage(f"Could not open it: {exc}", 8000)
            return
        if self.slug_pane.paste_field.text() != text:
            self.slug_pane.paste_field.clear()  # an earlier link there is not the one refused
        self.slug_pane.show_error(text, exc)  # said there once, with the text marked
        self._status.clearMessage()

    def _show_opened(self, text: str, name: str, board: Any, slug: str | None = None, prepared: bool = False) -> None:
        self.slug_pane.clear_error()
        self._let_go(name)  # the board opened wins over one being restored
        page = self.pages[name]
        self.tabs.setCurrentWidget(page)
        # Said before the page opens the board, so a message of the page's own stays on top.
        self._status.showMessage(f"Opened a {self.titles[name]} board", 4000)
        if slug is not None:
            self._note_slug(board, slug)  # written in the background with the board
        if not page.open_with_text(text, board):
            page.paste_board(board, prepared=prepared)
        self._update_slug(page)
        self._recent.remember(text.strip())
        page.focus_canvas()

    def paste_clipboard(self) -> None:
        from PySide6.QtWidgets import QTextEdit

        focus = QApplication.focusWidget()
        text = QGuiApplication.clipboard().text()
        if isinstance(focus, (QLineEdit, QTextEdit)) and takes_paste(focus, text):
            focus.paste()  # a text field keeps its own paste
            return
        if not text.strip():
            self._status.showMessage("The clipboard holds no text", 4000)
            return
        self.paste_text(text)

    def focus_paste_field(self) -> None:
        self.slug_pane.paste_field.setFocus()
        self.slug_pane.paste_field.selectAll()

    def drag_enter(self, event) -> None:
        """The window's drag enter: a text or a file is welcome."""
        if event.mimeData().hasText() or event.mimeData().hasUrls():
            event.acceptProposedAction()

    def drop(self, event) -> None:
        """The window's drop: a file is opened, a text pasted."""
        data = event.mimeData()
        if data.hasUrls() and data.urls()[0].isLocalFile() and os.path.isfile(data.urls()[0].toLocalFile()):
            event.acceptProposedAction()
            self.open_file(data.urls()[0].toLocalFile())
            return
        text = data.urls()[0].toString() if data.hasUrls() and not data.hasText() else data.text()
        if text.strip():
            event.acceptProposedAction()
            self.paste_text(text)

    # --- files ----------------------------------------------------------------------
    def open_file_dialog(self) -> None:
        from .file_dialogs import open_file_name

        kinds = [
            f"{kind.description} ({' '.join('*' + e for e in kind.extensions)})"
            for game in GAMES_BY_TAB()
            for kind in game.file_types
        ]
        path, _ = open_file_name(
            self._window, "Open file", ";;".join([*kinds, "Text files (*.txt)", "All files (*)"]), self._settings
        )
        if path:
            self.open_file(path)

    def open_file(self, path: str) -> bool:
        """Open a file one of the games opens (read in the background, with Cancel), or a
        text file holding a slug or link. A file that cannot be read shows its error and
        changes nothing. True says it is opened, or on its way."""
        if self._opener is not None:
            self._opener.drop()  # the newest thing opened wins
        found = next(((g, k) for g in GAMES_BY_TAB() for k in g.file_types if k.matches(path)), None)
        if found is None:
            self.cancel_file()
            try:
                text = read_text_file(path)
            except SlugError as exc:
                self._status.showMessage(f"Not opened: {exc.message}", 8000)
                return False
            opened = self.paste_text(text)
            if opened:
                self._recent.remember_file(path)
            return opened
        game, kind = found
        self._reading_path = path
        self._file_reader.submit(_read_file, game.name, kind.reader, path)
        self.file_bar.show()
        self.file_cancel.show()
        self._status.showMessage(f"Reading {os.path.basename(path)}…")
        return True

    def reading_file(self) -> bool:
        """Whether a file is being read in the background."""
        return self._file_reader.busy

    def shutdown(self) -> None:
        """The window is closing: what is being read stops at once, and never answers."""
        self._file_reader.shutdown()
        if self._opener is not None:
            self._opener.shutdown()

    def cancel_file(self) -> None:
        if self._file_reader.busy:
            self._file_reader.cancel()
            self._status.showMessage("Stopped reading the file: the board is as it was", 5000)
        self.file_bar.hide()
        self.file_cancel.hide()

    def _file_read(self, result) -> None:
        self.file_bar.hide()
        self.file_cancel.hide()
        name = os.path.basename(self._reading_path)
        if isinstance(result, SlugError):
            self.slug_pane.show_error("", result)
            self._status.showMessage(f"Not opened: {name}: {result.message}", 8000)
            self.file_done.emit(False)
            return
        if isinstance(result, Exception):
            self._status.showMessage(f"Could not open {name}: {result}", 8000)
            self.file_done.emit(False)
            return
        game, records = result
        self.slug_pane.clear_error()
        self._let_go(game)
        page = self.pages[game]
        self.tabs.setCurrentWidget(page)
        self._status.showMessage(f"Opened {name}", 4000)
        self._recent.remember_file(self._reading_path)
        page.open_record(records[0])
        self._update_slug(page)
        page.focus_canvas()
        self.file_done.emit(True)

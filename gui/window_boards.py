"""The window's memory of boards: each game's last board restored at a start (large ones in
the background, after the first paint), edited boards saved a moment after each edit,
what cannot be restored set aside and said, and the recent slugs and files.

Two parts the window owns, each given only what it uses: `RecentTexts` (the settings'
lists of recent slugs and files) and `StoredBoards` (the stored boards, restored and
saved)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QStatusBar, QWidget

from slugboard.codecs import SlugError

from .page import plain_tip

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu, QMessageBox

    from .main_window import Pages
    from .opening import Restorer
    from .page import GamePage
    from .store import Store

MAX_RECENT = 10
MAX_RECENT_LENGTH = 20_000
# Characters of a stored board's text above which it is restored in the background, after the
# window is on screen: a board below this holds the first paint for a frame at most, and shows
# with it (benchmarks/minesweeper_restore.py).
RESTORE_IN_BACKGROUND = 50_000


class RecentTexts:
    """The slugs and files opened last, newest first, kept in the settings."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def slugs(self) -> list[str]:
        return self.store.texts("recent", "the list of recent slugs")

    def remember(self, text: str) -> None:
        if len(text) > MAX_RECENT_LENGTH:
            return  # a huge replay would bloat the settings file; it stays as the saved board
        items = [text] + [t for t in self.slugs() if t != text]
        self.store.settings.setValue("recent", items[:MAX_RECENT])

    def files(self) -> list[str]:
        """The files opened last (replay files, text files), newest first."""
        return self.store.texts("recent_files", "the list of recent files")

    def remember_file(self, path: str) -> None:
        path = os.path.abspath(path)
        items = [path] + [p for p in self.files() if p != path]
        if items[:MAX_RECENT] != self.files():
            self.store.settings.setValue("recent_files", items[:MAX_RECENT])

    def fill_menu(self, menu: QMenu, open_file: Callable[[str], object], paste_text: Callable[[str], object]) -> None:
        menu.clear()
        files, items = self.files(), self.slugs()
        if not files and not items:
            menu.addAction("(none)").setEnabled(False)
        for path in files:  # the files first, by name, with their folder beside
            folder = os.path.dirname(path)
            shown = f"{os.path.basename(path)}   ({folder if len(folder) <= 50 else '…' + folder[-49:]})"
            action = menu.addAction(shown)
            action.setStatusTip(path)
            action.triggered.connect(lambda _=False, p=path: open_file(p))
        if files and items:
            menu.addSeparator()
        for text in items:
            shown = text if len(text) <= 70 else text[:67] + "…"
            action = menu.addAction(shown)
            action.triggered.connect(lambda _=False, t=text: paste_text(t))


class StoredBoards(QObject):
    """The last board of every game, kept in the settings: each read when its page is made
    (or just after the window's first frame), a large one restored in the background under
    a cover on its page, and each edited board written a moment after its edit.

    It is given the window's store, pages and titles, the window itself as the parent of its
    boxes and background work, its status bar and tab bar, and what it asks of the window:
    the current page, the slug shown again for a page, a board's slug written in the
    background noted, and whether the window is on screen yet."""

    def __init__(
        self,
        window: QWidget,
        store: Store,
        pages: Pages,
        titles: dict[str, str],
        status_bar: QStatusBar,
        tab_bar: QWidget,
        *,
        current_page: Callable[[], GamePage],
        update_slug: Callable[[GamePage], None],
        note_slug: Callable[[Any, str], None],
        on_screen: Callable[[], bool],
        save_board_dialog: Callable[[], None],
    ) -> None:
        super().__init__(window)
        self._window = window
        self.store = store
        self.pages = pages
        self.titles = titles
        self._status = status_bar
        self._tab_bar = tab_bar
        self._current_page = current_page
        self._update_slug = update_slug
        self._note_slug = note_slug
        self._on_screen = on_screen
        self._save_board_dialog = save_board_dialog
        self._restored: dict[str, Any] = {}  # boards read from the settings, for pages not yet made
        self._to_restore: set[str] = set(pages)  # games whose stored board has not been read yet
        # Large stored boards are read and prepared in the background (made with the first).
        self._restorer: Restorer | None = None
        # Games whose stored board must stay as it is in the settings (being restored, or its
        # restoring stopped) until a board is opened or edited there.
        self._kept: set[str] = set()
        # Boards are written to disk a moment after an edit (and on close), so a burst of
        # edits on a big board costs one save, and a crash loses at most that moment.
        self._unsaved: set[str] = set()
        self._save_timer = QTimer(self, singleShot=True, interval=400)
        self._save_timer.timeout.connect(self.save)
        self._told_cannot_save = False
        self._cannot_save_box: QMessageBox | None = None  # open while saves fail, closed when they work again

    def say_what_was_restored(self) -> None:
        not_restored = self.store.take_not_restored()
        if not_restored:
            # Said once, where it pushes nothing: the status bar keeps it until the next
            # message, and its tooltip says why each thing was set aside.
            self._status.showMessage(not_restored)
            self._status.setToolTip(plain_tip("\n".join(self.store.reasons)))  # they quote stored values
        elif not self._status.currentMessage():
            self._status.showMessage("Paste a slug or link (Ctrl+V) or edit the board", 5000)

    def board_for_new_page(self, name: str) -> Any:
        """The stored board a page of `name` opens on, read now (None: it has none, or it
        comes in the background)."""
        self.read_stored_board(name)
        return self._restored.pop(name, None)

    def read_stored_board(self, name: str) -> None:
        """Read the board kept for `name` from the settings, once: into its page if it is
        made, else kept for the page. A large one is restored in the background instead."""
        if name not in self._to_restore:
            return
        self._to_restore.discard(name)
        text = self.store.board_text(name)
        if text is not None and len(text) > RESTORE_IN_BACKGROUND:
            self._restore_in_background(name, text)
            return
        board = None if text is None else self.store.board_from(name, text)
        if board is None:
            return
        page = self._made_page(name)
        if page is not None:
            page.replace_board(board)
        else:
            self._restored[name] = board

    def _made_page(self, name: str) -> GamePage | None:
        return self.pages.made_page(name)

    def start_restoring(self) -> None:
        """The window is on screen: the large boards' restoring starts."""
        if self._restorer is not None:
            self._restorer.start()

    def read_the_rest(self) -> None:
        """Just after the window's first frame: the other games' boards are read, and a
        settings file left as it is is said at once."""
        if self._to_restore:
            for name in list(self.pages):
                self.read_stored_board(name)
            if self.store.not_restored:
                self.say_what_was_restored()
        if self.store.left_as_is and not self._told_cannot_save:
            self._tell_cannot_save()  # nothing is saved this run: said now, not at the first edit

    # --- large stored boards, restored in the background ----------------------------
    @property
    def restorer(self) -> Restorer:
        if self._restorer is None:
            from .opening import Restorer

            self._restorer = Restorer(self._window, self._status)
            self._restorer.restored.connect(self._restored_in_background)
            self._restorer.failed.connect(self._not_restored_in_background)
            self._restorer.stopped.connect(self._restoring_stopped)
        return self._restorer

    def restoring(self, name: str) -> bool:
        """Whether the stored board of `name` is being restored in the background."""
        return self._restorer is not None and self._restorer.restoring(name)

    def cover_new_page(self, name: str, page: GamePage) -> None:
        """A page made while its stored board is restored waits for it under a cover."""
        if self.restoring(name):
            self.restorer.cover(page, self.titles[name])

    def _restore_in_background(self, name: str, text: str) -> None:
        # Its page waits for it under a cover, disabled: nothing on it can be edited that the
        # restored board would then replace.
        self._kept.add(name)
        self.restorer.restore(name, text)
        if self._on_screen():
            self.restorer.start()  # else just after the first paint
        page = self._made_page(name)
        if page is not None:
            self.restorer.cover(page, self.titles[name])

    def _restored_in_background(self, name: str, board: Any, slug: str | None) -> None:
        self._kept.discard(name)
        if slug is not None:
            self._note_slug(board, slug)  # written in the background with the board
        page = self._made_page(name)
        if page is None:
            self._restored[name] = board  # the page opens on it when first shown
            return
        focus = QApplication.focusWidget()
        self.restorer.uncover(page)
        page.replace_board(board)
        # A restored board is not an edit: nothing to write back.
        self._unsaved.discard(name)
        if not self._unsaved:
            self._save_timer.stop()
        if page is self._current_page():
            if focus is None or focus is self._tab_bar:
                page.focus_canvas()  # where the keys would have been had it come at once
            self._status.showMessage(f"Restored the last {self.titles[name]} board", 4000)

    def _not_restored_in_background(self, name: str, text: str, error: Exception) -> None:
        self._board_comes_back(name)
        if isinstance(error, SlugError):
            self._kept.discard(name)
            self.store.board_not_read(name, text, error)  # set aside and said, as at a start
            self.say_what_was_restored()
        else:  # a fault of ours, not of the board: it stays saved for the next start
            self._status.showMessage(
                f"Could not restore the last {self.titles[name]} board ({error}): it is kept for the next start", 8000
            )

    def _restoring_stopped(self, names: list[str]) -> None:
        for name in names:
            self._board_comes_back(name)
        boards = " and ".join(self.titles[name] for name in names) + (" board" if len(names) == 1 else " boards")
        kept = "it is kept, and comes" if len(names) == 1 else "they are kept, and come"
        self._status.showMessage(
            f"Stopped restoring the last {boards}: {kept} back the next time Slugboard starts, "
            "unless you open or edit another in its place first",
            10000,
        )

    def _board_comes_back(self, name: str) -> None:
        """The page of `name` no longer waits for its stored board."""
        page = self._made_page(name)
        if page is not None:
            self.restorer.uncover(page)
            if page is self._current_page():
                self._update_slug(page)
                page.focus_canvas()

    def let_go(self, name: str) -> None:
        """A board was opened or edited in the game `name`: it takes the place of the
        stored one, whose restoring, if under way, is given up."""
        if name in self._kept:
            self._kept.discard(name)
            if self._restorer is not None:
                self._restorer.drop(name)
            page = self._made_page(name)
            if page is not None:
                self.restorer.uncover(page)

    # --- saving --------------------------------------------------------------------
    def edited(self, name: str) -> None:
        """The board of `name` changed: it is written a moment later."""
        self._unsaved.add(name)
        if not self._save_timer.isActive():  # a steady stream of edits must not put the save off
            self._save_timer.start()

    def save(self) -> bool:
        """Write the edited boards to disk now; False (and the user told) when they could not be."""
        self._save_timer.stop()
        # Each board's JSON written from pieces (`json_text`): a long game's would otherwise
        # be a dict an action first (benchmarks/long_paste_memory.py --window).
        values = {
            f"boards/{name}": self.pages[name].game.json_text(self.pages[name].board, json.dumps)
            for name in sorted(self._unsaved - self._kept)  # a kept board stays as it is stored
        }
        self._unsaved.clear()
        saved = self.store.write(values)
        if not saved:
            self._cannot_save()
        elif self._told_cannot_save:
            # Saving works again: the warning goes, and a later failure is told anew.
            self._told_cannot_save = False
            if self._cannot_save_box is not None:
                self._cannot_save_box.close()  # if it is still open
                self._cannot_save_box.deleteLater()
                self._cannot_save_box = None
            self._status.showMessage(f"Boards are being saved again to {self.store.path}", 8000)
        return saved

    def shutdown(self) -> None:
        """The window is closing: background restoring stops (the boards it did not restore
        stay saved, see _kept), and nothing more is read."""
        self._to_restore.clear()
        if self._restorer is not None:
            self._restorer.shutdown()

    def _cannot_save(self) -> None:
        where = self.store.path
        if self.store.left_as_is:
            self._status.showMessage(f"Boards are not being saved: {where} could not be read, and is left as it is")
        else:
            self._status.showMessage(f"Boards are not being saved: {where} cannot be written")
        if not self._told_cannot_save:
            self._tell_cannot_save()

    def _tell_cannot_save(self) -> None:
        """Say once, in a box with a way to keep the board, that boards are not being saved."""
        self._told_cannot_save = True
        from PySide6.QtWidgets import QMessageBox

        where = self.store.path
        if self.store.left_as_is:
            text = (
                f"Slugboard could not read its settings file:\n{where}\n\nNo copy of it could be made, so it is "
                "left as it is, and nothing is saved to it until you start Slugboard again. Your boards will not "
                "come back next time. You can keep this board by saving its link to a file."
            )
        else:
            text = (
                f"Slugboard cannot write its settings file:\n{where}\n\nYour boards will not come back when you "
                "start Slugboard again. You can keep this board by saving its link to a file."
            )
        box = QMessageBox(
            QMessageBox.Icon.Warning, "Boards are not being saved", text, QMessageBox.StandardButton.Close, self._window
        )
        box.setTextFormat(Qt.TextFormat.PlainText)  # the path is any folder's name
        save = box.addButton("Save board as…", QMessageBox.ButtonRole.ActionRole)
        save.clicked.connect(self._save_board_dialog)
        box.setObjectName("cannotSaveBox")
        self._cannot_save_box = box
        box.open()  # window-modal, and the window goes on

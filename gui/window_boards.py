"""The window's memory of boards: each game's last board restored at a start (large ones in
the background, after the first paint), edited boards saved a moment after each edit,
what cannot be restored set aside and said, the recent slugs, and a way to keep a board
when the settings cannot be written."""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from slugboard.codecs import SlugError

from .page import plain_tip
from .theme import SETTINGS_KEY as THEME_KEY
from .theme import THEMES
from .window_part import WindowPart

if TYPE_CHECKING:
    from .opening import Restorer

MAX_RECENT = 10
MAX_RECENT_LENGTH = 20_000
# Characters of a stored board's text above which it is restored in the background, after the
# window is on screen: a board below this holds the first paint for a frame at most, and shows
# with it (benchmarks/minesweeper_restore.py).
RESTORE_IN_BACKGROUND = 50_000


class StoredBoards(WindowPart):
    """MainWindow's part that restores, saves and sets aside boards (a mixin of MainWindow)."""

    def _say_what_was_restored(self) -> None:
        not_restored = self.store.take_not_restored()
        if not_restored:
            # Said once, where it pushes nothing: the status bar keeps it until the next
            # message, and its tooltip says why each thing was set aside.
            self.statusBar().showMessage(not_restored)
            self.statusBar().setToolTip(plain_tip("\n".join(self.store.reasons)))  # they quote stored values
        elif not self.statusBar().currentMessage():
            self.statusBar().showMessage("Paste a slug or link (Ctrl+V) or edit the board", 5000)

    def _read_stored_board(self, name: str) -> None:
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
        page = self.pages.made_page(name)
        if page is not None:
            page.replace_board(board)
        else:
            self._restored[name] = board

    def _restore_rest(self) -> None:
        if not self._to_restore:
            return
        for name in list(self.pages):
            self._read_stored_board(name)
        if self.store.not_restored:
            self._say_what_was_restored()

    # --- large stored boards, restored in the background ----------------------------
    @property
    def restorer(self) -> Restorer:
        if self._restorer is None:
            from .opening import Restorer

            self._restorer = Restorer(self, self.statusBar())
            self._restorer.restored.connect(self._restored_in_background)
            self._restorer.failed.connect(self._not_restored_in_background)
            self._restorer.stopped.connect(self._restoring_stopped)
        return self._restorer

    def restoring(self, name: str) -> bool:
        """Whether the stored board of `name` is being restored in the background."""
        return self._restorer is not None and self._restorer.restoring(name)

    def _restore_in_background(self, name: str, text: str) -> None:
        # Its page waits for it under a cover, disabled: nothing on it can be edited that the
        # restored board would then replace.
        self._kept.add(name)
        self.restorer.restore(name, text)
        if self._on_screen:
            self.restorer.start()  # else just after the first paint
        page = self.pages.made_page(name)
        if page is not None:
            self.restorer.cover(page, self.titles[name])

    def _restored_in_background(self, name: str, board: Any, slug: str | None) -> None:
        self._kept.discard(name)
        if slug is not None:
            self._encoded = (board, slug)  # written in the background with the board
        page = self.pages.made_page(name)
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
        if page is self.current_page():
            if focus is None or focus is self.tabs.tabBar():
                page.focus_canvas()  # where the keys would have been had it come at once
            self.statusBar().showMessage(f"Restored the last {self.titles[name]} board", 4000)

    def _not_restored_in_background(self, name: str, text: str, error: Exception) -> None:
        self._board_comes_back(name)
        if isinstance(error, SlugError):
            self._kept.discard(name)
            self.store.board_not_read(name, text, error)  # set aside and said, as at a start
            self._say_what_was_restored()
        else:  # a fault of ours, not of the board: it stays saved for the next start
            self.statusBar().showMessage(
                f"Could not restore the last {self.titles[name]} board ({error}): it is kept for the next start", 8000
            )

    def _restoring_stopped(self, names: list[str]) -> None:
        for name in names:
            self._board_comes_back(name)
        boards = " and ".join(self.titles[name] for name in names) + (" board" if len(names) == 1 else " boards")
        kept = "it is kept, and comes" if len(names) == 1 else "they are kept, and come"
        self.statusBar().showMessage(
            f"Stopped restoring the last {boards}: {kept} back the next time Slugboard starts, "
            "unless you open or edit another in its place first",
            10000,
        )

    def _board_comes_back(self, name: str) -> None:
        """The page of `name` no longer waits for its stored board."""
        page = self.pages.made_page(name)
        if page is not None:
            self.restorer.uncover(page)
            if page is self.current_page():
                self._update_slug(page)
                page.focus_canvas()

    def _let_go(self, name: str) -> None:
        """A board was opened or edited in the game `name`: it takes the place of the
        stored one, whose restoring, if under way, is given up."""
        if name in self._kept:
            self._kept.discard(name)
            if self._restorer is not None:
                self._restorer.drop(name)
            page = self.pages.made_page(name)
            if page is not None:
                self.restorer.uncover(page)

    # --- recent slugs --------------------------------------------------------------
    def recent(self) -> list[str]:
        return self.store.texts("recent", "the list of recent slugs")

    def _remember(self, text: str) -> None:
        if len(text) > MAX_RECENT_LENGTH:
            return  # a huge replay would bloat the settings file; it stays as the saved board
        items = [text] + [t for t in self.recent() if t != text]
        self.settings.setValue("recent", items[:MAX_RECENT])

    def recent_files(self) -> list[str]:
        """The files opened last (replay files, text files), newest first."""
        return self.store.texts("recent_files", "the list of recent files")

    def _remember_file(self, path: str) -> None:
        path = os.path.abspath(path)
        items = [path] + [p for p in self.recent_files() if p != path]
        if items[:MAX_RECENT] != self.recent_files():
            self.settings.setValue("recent_files", items[:MAX_RECENT])

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files, items = self.recent_files(), self.recent()
        if not files and not items:
            self.recent_menu.addAction("(none)").setEnabled(False)
        for path in files:  # the files first, by name, with their folder beside
            folder = os.path.dirname(path)
            shown = f"{os.path.basename(path)}   ({folder if len(folder) <= 50 else '…' + folder[-49:]})"
            action = self.recent_menu.addAction(shown)
            action.setStatusTip(path)
            action.triggered.connect(lambda _=False, p=path: self.open_file(p))
        if files and items:
            self.recent_menu.addSeparator()
        for text in items:
            shown = text if len(text) <= 70 else text[:67] + "…"
            action = self.recent_menu.addAction(shown)
            action.triggered.connect(lambda _=False, t=text: self.paste_text(t))

    # --- settings ----------------------------------------------------------------
    def _restore(self) -> None:
        # Each page reads its stored board when it is made (the current one now); the rest
        # are read just after the window is shown, so what cannot be restored is said at once.
        self._to_restore = set(self.pages)
        geometry = self.store.geometry("window/geometry")
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(1120, 840)
        self.recent()  # checked now, so a bad list is reported with the rest
        self.recent_files()
        theme = self.store.text(THEME_KEY, lambda name: name in THEMES, "the theme") or "system"
        self.set_theme(self._theme_override or theme, store=False)
        tab = self.store.text("window/tab", lambda name: name in self.pages, "the game shown last")
        if tab is not None:
            self.tabs.setCurrentIndex(list(self.pages).index(tab))
        if self.store.value("window/anatomy") in (True, "true"):  # a bool, or its text in the file
            self.slug_pane.anatomy_button.setChecked(True)

    def save_boards(self) -> bool:
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
            self.statusBar().showMessage(f"Boards are being saved again to {self.store.path}", 8000)
        return saved

    def _cannot_save(self) -> None:
        where = self.store.path
        if self.store.left_as_is:
            self.statusBar().showMessage(f"Boards are not being saved: {where} could not be read, and is left as it is")
        else:
            self.statusBar().showMessage(f"Boards are not being saved: {where} cannot be written")
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
            QMessageBox.Icon.Warning, "Boards are not being saved", text, QMessageBox.StandardButton.Close, self
        )
        box.setTextFormat(Qt.TextFormat.PlainText)  # the path is any folder's name
        save = box.addButton("Save board as…", QMessageBox.ButtonRole.ActionRole)
        save.clicked.connect(self.save_board_dialog)
        box.setObjectName("cannotSaveBox")
        self._cannot_save_box = box
        box.open()  # window-modal, and the window goes on

    def save_board_dialog(self) -> None:
        from .file_dialogs import save_file_name

        page = self.current_page()
        path, _ = save_file_name(self, "Save board as", f"{page.GAME}.txt", "Text (*.txt)", self.settings)
        if path:
            self.save_board_to(path)

    def save_board_to(self, path: str) -> bool:
        """Write the current board's link (or slug, for a game without one) to `path`."""
        page = self.current_page()
        board = page.shown_board()
        text = page.game.share_url(board) or page.game.encode(board)
        from slugboard.codecs.newfile import write_atomically

        try:
            write_atomically(path, (text + "\n").encode("utf-8"))
        except OSError as exc:
            self.statusBar().showMessage(f"Could not save {path}: {exc.strerror}", 8000)
            return False
        self.statusBar().showMessage(f"Saved the board to {path}", 5000)
        return True

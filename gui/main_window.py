"""The main window: a tab per game, the slug pane below, menus, paste from anywhere
(menu, Ctrl+V, the paste field, drag and drop, the command line) and settings kept
between runs (geometry, the last board of every game, recent slugs)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QSettings, QSignalBlocker, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence, QPalette, QUndoGroup, QValidator
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QFrame,
    QLineEdit,
    QMainWindow,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from slugboard import resources
from slugboard.codecs import SlugError, read, read_text_file, titles

from . import games
from .page import GamePage, KeptMenuBar, KeptTabBar
from .slug_pane import SlugPane
from .store import Store, set_setting
from .theme import SETTINGS_KEY as THEME_KEY
from .theme import THEMES, Themes
from .worker import LatestOnly, Progress, progress_widgets

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    from .anatomy_view import AnatomyLink
    from .opening import Opener, Restorer
    from .share_dialog import ShareDialog
    from .shortcuts_dialog import ShortcutsDialog


def _render_image(*args: Any, **kwargs: Any) -> Any:
    from .render import render_image  # the drawing of images, loaded when first used

    return render_image(*args, **kwargs)


def version() -> str:
    """The installed version (the project's own when it runs from a source tree)."""
    from importlib import metadata  # a slow import, needed only by About

    try:
        return metadata.version("slugboard")
    except metadata.PackageNotFoundError:
        return "(not installed)"


TITLES = titles()
# The replay files File > Open file takes (codecs/minesweeper/files.py reads them; named here
# so the window can offer them without loading the reader).
REPLAY_EXTENSIONS = (".avf", ".rmv", ".evf", ".mvf")
MAX_RECENT = 10
MAX_RECENT_LENGTH = 20_000
LONG_TEXT = 100_000  # characters; longer pastes are read and prepared in the background
# Characters of a stored board's text above which it is restored in the background, after the
# window is on screen. Reading and preparing a stored board takes about 0.3 ms per 1,000
# characters (an expert minesweeper game of 481 actions, 23,000 characters: 6 ms; a 160x160
# field, 55,000: 19 ms; a 600x600 game of 30,000 actions, 2.4 million: 640 ms), so a board
# below this holds the first paint for a frame at most, and shows with it.
RESTORE_IN_BACKGROUND = 50_000


def _takes_paste(widget: QWidget, text: str) -> bool:
    """Whether a text field would take `text` as its own paste: a read-only field, or a
    spin box or checked field that refuses it (a link in a number box), leaves it to the window."""
    from PySide6.QtWidgets import QTextEdit  # Qt's dialogs and rarer widgets load when first needed

    if isinstance(widget, QAbstractSpinBox):
        return not text.strip() or widget.validate(text, 0)[0] != QValidator.State.Invalid
    if not isinstance(widget, (QLineEdit, QTextEdit)) or widget.isReadOnly():
        return False
    validator = widget.validator() if isinstance(widget, QLineEdit) else None
    return validator is None or not text.strip() or validator.validate(text, 0)[0] != QValidator.State.Invalid  # type: ignore[index]


class Pages(Mapping[str, GamePage]):
    """The game pages in tab order, each made the first time it is asked for: a window
    opens with only the page it shows, and a game never visited costs nothing."""

    def __init__(self, names: list[str], make: Callable[[str], GamePage]) -> None:
        self._names = names
        self._make = make
        self._made: dict[str, GamePage] = {}

    def __getitem__(self, name: str) -> GamePage:
        page = self._made.get(name)
        if page is None:
            if name not in self._names:
                raise KeyError(name)
            page = self._made[name] = self._make(name)
        return page

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def made_page(self, name: str) -> GamePage | None:
        """The page of `name` if it has been made (none is made by asking)."""
        return self._made.get(name)

    def made(self) -> list[GamePage]:
        """The pages made so far, in tab order."""
        return [self._made[name] for name in self._names if name in self._made]


class MainWindow(QMainWindow):
    warmed = Signal()  # every game's modules loaded, once the window is on screen (see games.Warmer)

    def __init__(
        self,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
        *,
        themes: Themes | None = None,
        theme: str | None = None,
    ):
        super().__init__(parent)
        self.store = Store(settings if settings is not None else QSettings())
        # A stand-in when an unreadable settings file that could not be copied is left as it is.
        self.settings = self.store.settings
        self.themes = themes  # None: the palette is left as the application has it (tests, embedding)
        self._theme_override = theme  # --dark: this run only, not stored
        self._told_cannot_save = False
        self._cannot_save_box: QMessageBox | None = None  # open while saves fail, closed when they work again
        self.setWindowTitle("Slugboard")
        self.setAcceptDrops(True)
        self.undo_group = QUndoGroup(self)

        self.tabs = QTabWidget()
        self.tabs.setTabBar(KeptTabBar())
        self.tabs.setDocumentMode(True)
        # Each tab holds a placeholder until its page is first needed (shown, pasted into,
        # asked for); the page then takes the placeholder's place.
        self.pages = Pages(games.available(), self._make_page)
        self._warmer = games.Warmer(self.pages, self)  # started once the window is on screen
        self._warmer.finished.connect(self.warmed)
        for name in self.pages:
            placeholder = QWidget()
            # It takes the focus a switch hands to the new tab, so the page made in its place
            # knows the keys were on the board before.
            placeholder.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            self.tabs.addTab(placeholder, TITLES[name])
        self.tabs.currentChanged.connect(self._tab_changed)
        self._visited: set[str] = set()  # games whose page has been shown
        # Pages made before the window first painted, whose keys are watched just after it:
        # finding a page's spin boxes makes a Python object of every widget on it (6 ms).
        self._keys_unwatched: list[GamePage] = []
        self._on_screen = False  # True from the first paint on (or once the timer below has run)
        self._restored: dict[str, Any] = {}  # boards read from the settings, for pages not yet made
        self._to_restore: set[str] = set()  # games whose stored board has not been read yet
        # Large stored boards are read and prepared in the background (made with the first).
        self._restorer: Restorer | None = None
        # Games whose stored board must stay as it is in the settings (being restored, or its
        # restoring stopped) until a board is opened or edited there.
        self._kept: set[str] = set()
        # Boards are written to disk a moment after an edit (and on close), so a burst of
        # edits on a big board costs one save, and a crash loses at most that moment.
        self._unsaved: set[str] = set()
        self._save_timer = QTimer(self, singleShot=True, interval=400)
        self._save_timer.timeout.connect(self.save_boards)

        self.slug_pane = SlugPane()
        self.slug_pane.paste_requested.connect(self.paste_text)
        self.slug_pane.status_changed.connect(lambda text: self.statusBar().showMessage(text, 4000))
        self._anatomy: AnatomyLink | None = None  # made with the panel, when the anatomy is first shown
        self.slug_pane.anatomy_button.toggled.connect(self._anatomy_toggled)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(line)
        layout.addWidget(self.slug_pane)
        self.setCentralWidget(central)

        # File > Export recording: written in the background, its progress in the status bar.
        self._recorder = LatestOnly(self)
        self._recorder.finished.connect(self._recording_done)
        self._recording_progress = Progress(self)
        self._recording_progress.advanced.connect(self._recording_advanced)
        self._recording_path = ""
        self._recording_finish: Any = None  # the recording under way's recording.Finish
        self.recording_bar, self.recording_cancel = progress_widgets(
            self.statusBar(), "Recording %p%", "Stop the recording; no file is written"
        )
        self.recording_cancel.clicked.connect(self.cancel_recording)
        # Long pasted texts are read and prepared in the background (made with the first one).
        self._opener: Opener | None = None
        self._encoded: tuple[Any, str] | None = None  # the last board whose slug was written, and its slug

        self._build_menus()
        self._restore()
        self._tab_changed(self.tabs.currentIndex())
        self.current_page().focus_canvas()  # the keys work on the board from the start
        self._say_what_was_restored()
        # The boards of the games out of sight are read as soon as the window has painted
        # (a zero timer would run before that first paint): the window shows first, and
        # what cannot be restored is still said at once. The timer is for a window never shown.
        QTimer.singleShot(500, self, self._after_first_paint)

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if not self._on_screen:
            self._on_screen = True
            QTimer.singleShot(0, self, self._after_first_paint)

    def _after_first_paint(self) -> None:
        self._on_screen = True
        if self._restorer is not None:
            self._restorer.start()
        self._warmer.start()  # the other games' modules, while the window waits
        self._restore_rest()
        if self.store.left_as_is and not self._told_cannot_save:
            self._tell_cannot_save()  # nothing is saved this run: said now, not at the first edit
        pages, self._keys_unwatched = self._keys_unwatched, []
        for page in pages:
            self._watch_keys(page)

    def _say_what_was_restored(self) -> None:
        not_restored = self.store.take_not_restored()
        if not_restored:
            # Said once, where it pushes nothing: the status bar keeps it until the next
            # message, and its tooltip says why each thing was set aside.
            self.statusBar().showMessage(not_restored)
            self.statusBar().setToolTip("\n".join(self.store.reasons))
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
            self.restorer.cover(page, TITLES[name])

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
            self.statusBar().showMessage(f"Restored the last {TITLES[name]} board", 4000)

    def _not_restored_in_background(self, name: str, text: str, error: Exception) -> None:
        self._board_comes_back(name)
        if isinstance(error, SlugError):
            self._kept.discard(name)
            self.store.board_not_read(name, text, error)  # set aside and said, as at a start
            self._say_what_was_restored()
        else:  # a fault of ours, not of the board: it stays saved for the next start
            self.statusBar().showMessage(
                f"Could not restore the last {TITLES[name]} board ({error}): it is kept for the next start", 8000
            )

    def _restoring_stopped(self, names: list[str]) -> None:
        for name in names:
            self._board_comes_back(name)
        boards = " and ".join(TITLES[name] for name in names) + (" board" if len(names) == 1 else " boards")
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

    def _make_page(self, name: str) -> GamePage:
        # The page opens on its stored board, so it is shown once, not a new board first.
        self._read_stored_board(name)
        page = games.view(name).page(self.settings, board=self._restored.pop(name, None))
        index = list(self.pages).index(name)
        with QSignalBlocker(self.tabs):  # the same tab stays current: no switch to announce
            current = self.tabs.currentIndex()
            placeholder = self.tabs.widget(index)
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, page, TITLES[name])
            self.tabs.setCurrentIndex(current)
        if placeholder is not None:
            placeholder.deleteLater()
        self.undo_group.addStack(page.undo_stack)
        page.board_changed.connect(lambda board, p=page: self._board_changed(p, board))
        # An edit of the person's (a replay file opened, say) takes the place of a kept board.
        page.undo_stack.indexChanged.connect(lambda _, name=name: self._let_go(name))
        page.status_changed.connect(lambda text, p=page: self._page_status(p, text))
        if self._on_screen:
            self._watch_keys(page)
        else:  # no key can reach the page before the window is on screen
            self._keys_unwatched.append(page)
        if self.restoring(name):
            self.restorer.cover(page, TITLES[name])  # until its stored board comes (see _restore_in_background)
        return page

    def _watch_keys(self, page: GamePage) -> None:
        # A spin box's value is the board's (every step is already an undoable edit), so its
        # text history would only swallow Ctrl+Z: the keys go to the game's history instead.
        # Likewise Ctrl+V of a text that a box or a checked field cannot take (a link, say)
        # opens it as a board.
        for spin in page.findChildren(QAbstractSpinBox):
            spin.installEventFilter(self)
        for field in page.findChildren(QLineEdit):
            if field.validator() is not None and not isinstance(field.parent(), QAbstractSpinBox):
                field.installEventFilter(self)

    # --- menus -------------------------------------------------------------------
    def _action(self, menu, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        # Made bare and named after: QAction(text, parent) would have PySide6 build QIcon's
        # Python type (2 ms of the start) while it weighs the overload that takes an icon.
        action = QAction(self)
        action.setText(text)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(slot)
        menu.addAction(action)
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = KeptMenuBar()
        self.setMenuBar(bar)
        file_menu = bar.addMenu("&File")
        self._action(
            file_menu,
            "&Open slug or link…",
            self.focus_paste_field,
            QKeySequence.StandardKey.Open,
            "Type or paste a slug or link into the slug pane",
        )
        self._action(
            file_menu,
            "Open &file…",
            self.open_file_dialog,
            "Ctrl+Shift+O",
            "Open a minesweeper replay file (.avf .rmv .evf .mvf) or a text file holding a slug or link",
        )
        self.recent_menu = file_menu.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self.examples_menu = examples_menu = file_menu.addMenu("E&xamples")
        for example in resources.examples():
            if example["game"] in self.pages:
                action = examples_menu.addAction(f"{TITLES[example['game']]}: {example['title']}")
                action.setStatusTip(example["text"])
                action.triggered.connect(lambda _=False, t=example["text"]: self.paste_text(t))
        if "sudoku" in self.pages:
            self._action(
                file_menu,
                "&New sudoku puzzle",
                self._new_sudoku,
                None,
                "Make a sudoku with one solution (in the background)",
            )
        self._action(
            file_menu,
            "&Export…",
            self.export_image_dialog,
            "Ctrl+E",
            "Save the board as a PNG image, an SVG drawing or a PDF page for print",
        )
        self.recording_action = self._action(
            file_menu,
            "Export &recording…",
            self.export_recording_dialog,
            None,
            "Save the minesweeper replay as an animation (GIF, WebP or APNG) at real speed",
        )
        self._action(file_menu, "S&hare…", self.share_dialog, "Ctrl+Shift+H", "Show the board's web link as a QR code")
        self._action(
            file_menu,
            "Save board &as…",
            self.save_board_dialog,
            QKeySequence.StandardKey.SaveAs,
            "Save the board's link (or slug) to a text file, to open again with File > Open or a paste",
        )
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        edit_menu = bar.addMenu("&Edit")
        undo = self.undo_group.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.undo_group.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit_menu.addAction(undo)
        edit_menu.addAction(redo)
        self.undo_action, self.redo_action = undo, redo
        edit_menu.addSeparator()
        self.paste_action = self._action(
            edit_menu,
            "&Paste slug or link",
            self.paste_clipboard,
            QKeySequence.StandardKey.Paste,
            "Open the slug or link on the clipboard",
        )
        self._action(edit_menu, "Copy &slug", self.slug_pane.copy_slug, "Ctrl+Shift+C", "Copy the slug")
        self._action(edit_menu, "Copy &link", self.slug_pane.copy_link, "Ctrl+Shift+L", "Copy the web app's link")
        self._action(edit_menu, "Copy &image", self.copy_image, "Ctrl+Shift+I", "Copy the board as an image, for chat")

        game_menu = bar.addMenu("&Game")
        for index, name in enumerate(self.pages):
            self._action(
                game_menu,
                TITLES[name],
                lambda _=False, i=index: self.tabs.setCurrentIndex(i),
                f"Alt+{index + 1}",
                f"Show the {TITLES[name]} board",
            )

        view_menu = bar.addMenu("&View")
        theme_menu = view_menu.addMenu("&Theme")
        self.theme_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        for name, text in (("system", "&System"), ("light", "&Light"), ("dark", "&Dark")):
            action = QAction(self, checkable=True)
            action.setText(text)
            action.setStatusTip("Follow the system's light or dark setting" if name == "system" else f"Always {name}")
            action.triggered.connect(lambda _=False, n=name: self.set_theme(n))
            group.addAction(action)
            theme_menu.addAction(action)
            self.theme_actions[name] = action

        view_menu.addSeparator()
        self.anatomy_action = self._action(
            view_menu,
            "Slug &anatomy",
            lambda: self.slug_pane.anatomy_button.toggle(),
            "Ctrl+Shift+A",
            "Show what every character of the slug holds, and what each part of the board costs",
        )
        self.anatomy_action.setCheckable(True)
        self.slug_pane.anatomy_button.toggled.connect(self.anatomy_action.setChecked)

        help_menu = bar.addMenu("&Help")
        self._action(
            help_menu,
            "&Keyboard shortcuts",
            self.shortcuts_dialog,
            QKeySequence.StandardKey.HelpContents,
            "Every key of the window and of each game",
        )
        self._action(help_menu, "&About Slugboard", self._about)

    def eventFilter(self, watched, event) -> bool:
        if event.type() != QEvent.Type.ShortcutOverride:
            return super().eventFilter(watched, event)
        spin = isinstance(watched, QAbstractSpinBox)
        keys = QKeySequence(event.keyCombination())
        if spin and any(keys == s for s in self.undo_action.shortcuts() + self.redo_action.shortcuts()):
            event.ignore()  # not claimed by the spin box: the window's Undo or Redo takes it
            return True
        if event.matches(QKeySequence.StandardKey.Paste) and not _takes_paste(
            watched, QGuiApplication.clipboard().text()
        ):
            event.ignore()  # the window's Paste takes it
            return True
        return super().eventFilter(watched, event)

    # --- the current page --------------------------------------------------------
    def current_page(self) -> GamePage:
        page = self._page_at(self.tabs.currentIndex())
        assert page is not None  # a tab is always current: there is one per game
        return page

    def _page_at(self, index: int) -> GamePage | None:
        names = list(self.pages)  # in tab order: the tabs are never moved
        return self.pages[names[index]] if 0 <= index < len(names) else None

    def _new_sudoku(self) -> None:
        page = self.pages["sudoku"]
        self.tabs.setCurrentIndex(self.tabs.indexOf(page))
        page.new_puzzle()  # type: ignore[attr-defined]

    def page(self, game: str) -> GamePage:
        return self.pages[game]

    def _tab_changed(self, index: int) -> None:
        focus = QApplication.focusWidget()
        shown = self.tabs.widget(index)  # the page, or the placeholder it is about to replace
        page = self._page_at(index)
        if page is None:
            return
        self.undo_group.setActiveStack(page.undo_stack)
        self.statusBar().clearMessage()  # what the last game said is not about this one
        self.slug_pane.clear_error()  # nor is the last failed paste
        # Focus that follows the switch returns to where it was on the page; on the first
        # visit Qt would pick the page's first focusable widget, the panel's scroll area
        # (arrow keys then scroll the panel), so the board takes it.
        if page.GAME not in self._visited and focus is not None and (focus is shown or page.isAncestorOf(focus)):
            page.focus_canvas()
        self._visited.add(page.GAME)
        self._update_slug(page)
        self._update_recording_action()
        set_setting(self.settings, "window/tab", page.GAME)  # written with the next save

    def _page_status(self, page: GamePage, text: str) -> None:
        if page is self.current_page():  # a game out of sight (restored at start, say) keeps quiet
            self.statusBar().showMessage(text, 6000)

    def _board_changed(self, page: GamePage, board) -> None:
        if page is self.current_page():
            self._update_slug(page)
            self._update_recording_action()
        self._unsaved.add(page.GAME)
        if not self._save_timer.isActive():  # a steady stream of edits must not put the save off
            self._save_timer.start()

    def _update_slug(self, page: GamePage) -> None:
        if self.restoring(page.GAME):
            self.slug_pane.show_unencodable(SlugError(page.GAME, "the last board is still being restored"))
            self._update_anatomy(page)
            return
        board = page.board
        try:
            if self._encoded is not None and self._encoded[0] is board:
                slug = self._encoded[1]  # the board's slug was written before (or in the background)
            else:
                slug = page.game.encode(board)
                self._encoded = (board, slug)
        except SlugError as exc:
            self.slug_pane.show_unencodable(exc)
            self._update_anatomy(page)
            return
        game = page.game
        # Whether a game has a web link at all is a property of the game, not the board.
        link = (lambda: game.share_url(board)) if game.has_link else None
        self.slug_pane.show_slug(slug, link)
        self._update_anatomy(page)

    def _anatomy_toggled(self, on: bool) -> None:
        self.settings.setValue("window/anatomy", on)
        self._update_anatomy(self.current_page())

    @property
    def anatomy(self) -> AnatomyLink:
        """What keeps the anatomy panel and the current canvas in step (made on first use)."""
        if self._anatomy is None:
            from .anatomy_view import AnatomyLink

            self._anatomy = AnatomyLink(self.slug_pane.anatomy_panel, self)
        return self._anatomy

    def _update_anatomy(self, page: GamePage) -> None:
        """While the anatomy shows, it follows the current page's slug and canvas."""
        if not self.slug_pane.anatomy_button.isChecked():
            if self._anatomy is not None:
                self._anatomy.detach()
            return
        self.anatomy.attach(page.canvas)
        self.anatomy.show_slug(page.game.codec, self.slug_pane.slug_text(), self.slug_pane.no_slug_reason())

    # --- pasting -----------------------------------------------------------------
    def paste_text(self, text: str) -> bool:
        """Open `text` (a slug or link of any game). A bad text shows its error and changes
        nothing. A long text is read and prepared in the background (`opening`): True then
        says it is on its way, and the board changes when it is ready. The newest paste wins."""
        if self._opener is not None:
            self._opener.drop()
        if len(text) > LONG_TEXT:
            self.opener.open(text)
            self.statusBar().showMessage(f"Reading {len(text):,} characters…")
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

            self._opener = Opener(self, self.statusBar())
            self._opener.opened.connect(
                lambda text, name, board, slug: self._show_opened(text, name, board, slug, prepared=True)
            )
            self._opener.failed.connect(self._not_opened)
            self._opener.stopped.connect(
                lambda: self.statusBar().showMessage("Stopped opening it: the board is as it was", 5000)
            )
        return self._opener

    def opening(self) -> bool:
        """Whether a long text is being read in the background."""
        return self._opener is not None and self._opener.busy

    def _not_opened(self, text: str, exc: Exception) -> None:
        if not isinstance(exc, SlugError):  # a fault of ours in the background, not of the text
            self.statusBar().showMessage(f"Could not open it: {exc}", 8000)
            return
        self.slug_pane.show_error(text, exc)  # said there once, with the text marked
        self.statusBar().clearMessage()

    def _show_opened(self, text: str, name: str, board: Any, slug: str | None = None, prepared: bool = False) -> None:
        self.slug_pane.clear_error()
        self._let_go(name)  # the board opened wins over one being restored
        page = self.pages[name]
        self.tabs.setCurrentWidget(page)
        # Said before the page opens the board, so a message of the page's own stays on top.
        self.statusBar().showMessage(f"Opened a {TITLES[name]} board", 4000)
        if slug is not None:
            self._encoded = (board, slug)  # written in the background with the board
        if not page.open_with_text(text, board):
            page.paste_board(board, prepared=prepared)
        self._update_slug(page)
        self._remember(text.strip())
        page.focus_canvas()

    def paste_clipboard(self) -> None:
        from PySide6.QtWidgets import QTextEdit

        focus = QApplication.focusWidget()
        text = QGuiApplication.clipboard().text()
        if isinstance(focus, (QLineEdit, QTextEdit)) and _takes_paste(focus, text):
            focus.paste()  # a text field keeps its own paste
            return
        if not text.strip():
            self.statusBar().showMessage("The clipboard holds no text", 4000)
            return
        self.paste_text(text)

    def focus_paste_field(self) -> None:
        self.slug_pane.paste_field.setFocus()
        self.slug_pane.paste_field.selectAll()

    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasText() or event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
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
        from PySide6.QtWidgets import QFileDialog

        patterns = " ".join(f"*{e}" for e in REPLAY_EXTENSIONS)
        path, _ = QFileDialog.getOpenFileName(
            self, "Open file", "", f"Minesweeper replays ({patterns});;Text files (*.txt);;All files (*)"
        )
        if path:
            self.open_file(path)

    def open_file(self, path: str) -> bool:
        """Open a minesweeper replay file or a text file holding a slug or link. A file
        that cannot be read shows its error and changes nothing."""
        name = os.path.basename(path)
        if self._opener is not None:
            self._opener.drop()  # the newest thing opened wins
        if os.path.splitext(path)[1].lower() not in REPLAY_EXTENSIONS:
            try:
                text = read_text_file(path)
            except SlugError as exc:
                self.statusBar().showMessage(f"Not opened: {exc.message}", 8000)
                return False
            return self.paste_text(text)
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        self.statusBar().showMessage(f"Reading {name}…")
        self.statusBar().repaint()
        try:
            from slugboard.codecs.minesweeper.files import read_replay_file

            replay_file = read_replay_file(path)
        except SlugError as exc:
            self.slug_pane.show_error("", exc)
            self.statusBar().showMessage(f"Not opened: {name}: {exc.message}", 8000)
            return False
        finally:
            QApplication.restoreOverrideCursor()
        self.slug_pane.clear_error()
        page = self.pages["minesweeper"]
        self.tabs.setCurrentWidget(page)
        self.statusBar().showMessage(f"Opened {name}", 4000)
        page.open_replay_file(replay_file)  # type: ignore[attr-defined]
        self._update_slug(page)
        page.focus_canvas()
        return True

    # --- recent slugs --------------------------------------------------------------
    def recent(self) -> list[str]:
        return self.store.texts("recent", "the list of recent slugs")

    def _remember(self, text: str) -> None:
        if len(text) > MAX_RECENT_LENGTH:
            return  # a huge replay would bloat the settings file; it stays as the saved board
        items = [text] + [t for t in self.recent() if t != text]
        self.settings.setValue("recent", items[:MAX_RECENT])

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        items = self.recent()
        if not items:
            self.recent_menu.addAction("(none)").setEnabled(False)
        for text in items:
            shown = text if len(text) <= 70 else text[:67] + "…"
            action = self.recent_menu.addAction(shown)
            action.triggered.connect(lambda _=False, t=text: self.paste_text(t))

    # --- export ------------------------------------------------------------------
    def export_image_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        page = self.current_page()
        path, chosen = QFileDialog.getSaveFileName(
            self, "Export", f"{page.GAME}.png", "PNG image (*.png);;SVG drawing (*.svg);;PDF page for print (*.pdf)"
        )
        if path:
            if not os.path.splitext(path)[1]:
                path += "." + chosen.split("*.")[-1].rstrip(")")
            self.export_image(path)

    def export_image(self, path: str) -> bool:
        """Write the board as the suffix of `path` says: an image, .svg or .pdf."""
        page = self.current_page()
        caption = page.game.share_url(page.board) or page.game.encode(page.board)
        palette = None if path.lower().endswith(".pdf") else self.palette()  # paper is white
        from .render import save_board  # the drawing of images and PDFs, loaded when first used

        ok = save_board(path, page.GAME, page.board, caption, palette=palette, **page.export_state())
        self.statusBar().showMessage(f"Saved {path}" if ok else f"Could not save {path}", 5000)
        return ok

    # --- recordings ----------------------------------------------------------------
    def _recorded_game(self):
        """The minesweeper game the current tab shows, when it has clicks to replay."""
        page = self._page_at(self.tabs.currentIndex())
        if page is None or page.GAME != "minesweeper":
            return None
        from . import recording  # with Pillow and the minesweeper painting: loaded when first needed

        if not recording.has_replay(page.GAME, page.board):
            return None
        return page.board

    def _update_recording_action(self) -> None:
        if hasattr(self, "recording_action"):
            self.recording_action.setEnabled(self._recorded_game() is not None and not self._recorder.busy)

    def export_recording_dialog(self) -> None:
        from . import recording

        if self._recorded_game() is None:
            return
        from PySide6.QtWidgets import QFileDialog

        path, chosen = QFileDialog.getSaveFileName(
            self,
            "Export recording",
            "minesweeper.gif",
            "GIF animation (*.gif);;WebP animation (*.webp);;Animated PNG (*.apng)",
        )
        if path:
            if not recording.is_recording(path):
                path += "." + chosen.split("*.")[-1].rstrip(")")
            self.export_recording(path)

    def export_recording(self, path: str) -> bool:
        """Start writing the replay of the minesweeper game shown to `path`, in the
        background; the status bar shows how far it has come and says when it is saved."""
        from . import recording

        board = self._recorded_game()
        if board is None:
            self.statusBar().showMessage("Open a recorded minesweeper game to export its replay", 6000)
            return False
        try:
            recording.check(path)
        except recording.RecordingError as exc:
            self.statusBar().showMessage(f"Not saved: {exc}", 8000)
            return False
        self._recording_path = path
        advanced = self._recorder.relay(self._recording_progress.advanced.emit)
        palette = QPalette(self.palette())  # the worker's own copy
        finish = self._recording_finish = recording.Finish()

        def job(path, board, palette, cancel):
            return recording.record(path, board, palette=palette, cancel=cancel, progress=advanced, finish=finish)

        self.recording_bar.setValue(0)
        self.recording_bar.show()
        self.recording_cancel.show()
        self._recorder.submit(job, path, board, palette)
        self._update_recording_action()
        self.statusBar().showMessage(f"Recording {os.path.basename(path)}…")
        return True

    def cancel_recording(self) -> None:
        """Stop the recording under way; its unfinished file is removed. A recording whose
        file was written before the stop (the window has not heard yet) is kept, and said so."""
        if self._recorder.busy:
            stopped = self._recording_finish.stop()
            self._recorder.cancel()
            if stopped:
                self.statusBar().showMessage("Recording stopped: nothing was saved", 5000)
            else:
                self.statusBar().showMessage(
                    f"Saved {self._recording_path}: the recording was complete before it could be stopped", 8000
                )
        self._recording_finished()

    def _recording_advanced(self, done: int, total: int) -> None:
        if self._recorder.busy:
            self.recording_bar.setMaximum(total)
            self.recording_bar.setValue(done)

    def _recording_finished(self) -> None:
        self.recording_bar.hide()
        self.recording_cancel.hide()
        self._update_recording_action()

    def _recording_done(self, result) -> None:
        self._recording_finished()
        path = self._recording_path
        if isinstance(result, OSError):
            self.statusBar().showMessage(f"Could not save {path}: {result.strerror or result}", 8000)
        elif isinstance(result, Exception):
            self.statusBar().showMessage(f"Could not save {path}: {result}", 8000)
        else:
            self.statusBar().showMessage(f"Saved {path} ({result} frames)", 6000)

    def copy_image(self) -> None:
        page = self.current_page()
        QGuiApplication.clipboard().setImage(
            _render_image(page.GAME, page.board, palette=self.palette(), **page.export_state())
        )
        self.statusBar().showMessage("Copied the board as an image", 4000)

    def share_dialog(self) -> ShareDialog | None:
        """The QR code of the board's web link; a game with none says why."""
        page = self.current_page()
        link = page.game.share_url(page.board) if page.game.web_host else None
        if not link:
            self.statusBar().showMessage(
                f"{page.game.title} boards have no web link to share as a QR code: copy the slug instead", 8000
            )
            return None
        from .share_dialog import ShareDialog  # QR codes: loaded when first asked for

        try:
            dialog = ShareDialog(link, self)
        except SlugError as exc:
            self.statusBar().showMessage(f"No QR code: {exc.message}", 8000)
            return None
        dialog.open()
        return dialog

    # --- settings ----------------------------------------------------------------
    def _restore(self) -> None:
        # Each page reads its stored board when it is made (the current one now); the rest
        # are read just after the window is shown, so what cannot be restored is said at once.
        self._to_restore = set(self.pages)
        geometry = self.store.geometry("window/geometry")
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(1120, 840)
        self.recent()  # checked now, so a bad list is reported with the rest
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
        values = {
            f"boards/{name}": json.dumps(self.pages[name].game.to_json(self.pages[name].board))
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
        save = box.addButton("Save board as…", QMessageBox.ButtonRole.ActionRole)
        save.clicked.connect(self.save_board_dialog)
        box.setObjectName("cannotSaveBox")
        self._cannot_save_box = box
        box.open()  # window-modal, and the window goes on

    def save_board_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        page = self.current_page()
        path, _ = QFileDialog.getSaveFileName(self, "Save board as", f"{page.GAME}.txt", "Text (*.txt)")
        if path:
            self.save_board_to(path)

    def save_board_to(self, path: str) -> bool:
        """Write the current board's link (or slug, for a game without one) to `path`."""
        page = self.current_page()
        text = page.game.share_url(page.board) or page.game.encode(page.board)
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text + "\n")
        except OSError as exc:
            self.statusBar().showMessage(f"Could not save {path}: {exc.strerror}", 8000)
            return False
        self.statusBar().showMessage(f"Saved the board to {path}", 5000)
        return True

    def closeEvent(self, event) -> None:
        self._to_restore.clear()  # a window closed before its first turn reads nothing more
        self._warmer.stop()
        if self._anatomy is not None:
            self._anatomy.shutdown()
        for page in self.pages.made():
            page.shutdown()  # background work stops now; quitting never waits for it
        if self._recorder.busy:
            from . import recording

            self._recording_finish.stop()  # a file already written stays; else none is
            self._recorder.shutdown()
            try:
                # The worker may not get to remove it before the process ends.
                os.remove(recording.partial_path(self._recording_path))
            except OSError:
                pass
        self._recorder.shutdown()
        if self._opener is not None:
            self._opener.shutdown()
        if self._restorer is not None:
            self._restorer.shutdown()  # the boards it did not restore stay saved (see _kept)
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.save_boards()
        super().closeEvent(event)

    def sizeHint(self) -> QSize:
        return QSize(1120, 840)

    def set_theme(self, name: str, *, store: bool = True) -> None:
        """System, Light or Dark; kept between runs."""
        if name not in THEMES:
            return
        self.theme_actions[name].setChecked(True)
        if store:
            self.settings.setValue(THEME_KEY, name)
        if self.themes is not None:
            self.themes.apply(name)

    def shortcuts_dialog(self) -> ShortcutsDialog:
        from .shortcuts_dialog import ShortcutsDialog

        dialog = ShortcutsDialog(self, self.current_page().GAME)
        dialog.open()
        return dialog

    def about_text(self) -> str:
        return (
            f"<b>Slugboard {version()}</b><br>Edit, replay and share puzzle boards that live in links.<br>"
            "Games: " + ", ".join(TITLES[n] for n in self.pages)
        )

    def _about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.about(self, "About Slugboard", self.about_text())

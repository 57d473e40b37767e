"""The main window: a tab per game, the slug pane below, menus, paste from anywhere
(menu, Ctrl+V, the paste field, drag and drop, the command line) and settings kept
between runs (geometry, the last board of every game, recent slugs)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QSettings, QSignalBlocker, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QUndoGroup
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QFrame,
    QLineEdit,
    QMainWindow,
    QMenu,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from slugboard.codecs import SlugError, titles

from . import games
from .menus import GameActions, build_menus
from .page import GamePage
from .slug_pane import SlugPane
from .store import Store, set_setting
from .theme import SETTINGS_KEY as THEME_KEY
from .theme import THEMES, Themes
from .window_boards import RecentTexts, StoredBoards
from .window_opening import Openings, takes_paste
from .window_sharing import Sharing
from .worker import hold_queries, start_held, stop_holding

if TYPE_CHECKING:
    from .anatomy_view import AnatomyLink
    from .opening import Opener, Restorer
    from .share_dialog import ShareDialog
    from .shortcuts_dialog import ShortcutsDialog


def version() -> str:
    """The installed version (the project's own when it runs from a source tree)."""
    from importlib import metadata  # a slow import, needed only by About

    try:
        return metadata.version("slugboard")
    except metadata.PackageNotFoundError:
        return "(not installed)"


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


def _tabs_over_pane(tabs: QTabWidget, pane: SlugPane) -> QWidget:
    """The window's middle: the games' tabs, a line, and the slug pane under them."""
    line = QFrame()
    line.setFrameShape(QFrame.Shape.HLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    central = QWidget()
    layout = QVBoxLayout(central)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(0)
    layout.addWidget(tabs, 1)
    layout.addWidget(line)
    layout.addWidget(pane)
    return central


class MainWindow(QMainWindow):
    """The window composes its parts, each given only what it uses: `boards` (the stored
    boards, restored and saved: window_boards.py), `recent_texts` (the recent slugs and
    files), `openings` (pastes, drops and files: window_opening.py) and `sharing` (export,
    copy and share: window_sharing.py)."""

    warmed = Signal()  # every game's modules loaded, once the window is on screen (see games.Warmer)
    on_screen = Signal()  # the first frame is painted (or, for a window never shown, its time has passed)
    file_done = Signal(bool)  # a game's file read in the background: opened, or not
    # Made with the menus (gui/menus.py).
    undo_action: QAction
    redo_action: QAction
    paste_action: QAction
    anatomy_action: QAction
    theme_actions: dict[str, QAction]
    recent_menu: QMenu
    examples_menu: QMenu

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
        self.setWindowTitle("Slugboard")
        self.titles = titles()  # the registered games, in tab order
        self.setAcceptDrops(True)
        self.undo_group = QUndoGroup(self)

        self.tabs = QTabWidget()
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
            self.tabs.addTab(placeholder, self.titles[name])
        self.tabs.currentChanged.connect(self._tab_changed)
        self._visited: set[str] = set()  # games whose page has been shown
        # Pages made before the window first painted, whose keys are watched just after it:
        # finding a page's spin boxes makes a Python object of every widget on it (6 ms).
        self._keys_unwatched: list[GamePage] = []
        self._on_screen = False  # True from the first paint on (or once the timer below has run)
        self._announced = False  # on_screen emitted
        self._encoded: tuple[Any, str] | None = None  # the last board whose slug was written, and its slug
        self.slug_pane = SlugPane()
        # A failed paste's error leaves with the next step that can be undone (an edit, a move,
        # a solver's digit), as with the next thing a page says.
        self.undo_group.indexChanged.connect(lambda _index: self.slug_pane.clear_error())
        self.slug_pane.paste_requested.connect(self.paste_text)
        self.slug_pane.status_changed.connect(lambda text: self.statusBar().showMessage(text, 4000))
        self._anatomy: AnatomyLink | None = None  # made with the panel, when the anatomy is first shown
        self.slug_pane.anatomy_button.toggled.connect(self._anatomy_toggled)
        self.setCentralWidget(_tabs_over_pane(self.tabs, self.slug_pane))

        # The window's parts, made once its middle is in place (the status bar comes after it).
        self.sharing = Sharing(self, self.settings, self.statusBar(), self.current_page)
        self.recent_texts = RecentTexts(self.store)
        self.boards = StoredBoards(
            self,
            self.store,
            self.pages,
            self.titles,
            self.statusBar(),
            self.tabs.tabBar(),
            current_page=self.current_page,
            update_slug=self._update_slug,
            note_slug=self._note_slug,
            on_screen=lambda: self._on_screen,
            save_board_dialog=self.sharing.save_board_dialog,
        )
        self.openings = Openings(
            self,
            self.settings,
            self.statusBar(),
            self.tabs,
            self.pages,
            self.titles,
            self.slug_pane,
            self.recent_texts,
            let_go=self.boards.let_go,
            update_slug=self._update_slug,
            note_slug=self._note_slug,
        )
        self.openings.file_done.connect(self.file_done)
        self.file_bar, self.file_cancel = self.openings.file_bar, self.openings.file_cancel
        self.game_actions = GameActions(self)

        self._build_menus()
        # The queries of the pages made now (the sudoku page's solution count) run once the
        # window's first frame is on screen, or at once if it is not shown (worker.py).
        self._held_queries = hold_queries()
        try:
            self._restore()
            self._tab_changed(self.tabs.currentIndex())
        finally:
            stop_holding(self._held_queries)
        QTimer.singleShot(0, self, self._start_queries_if_unseen)
        self.current_page().focus_canvas()  # the keys work on the board from the start
        self.boards.say_what_was_restored()
        # The boards of the games out of sight are read as soon as the window has painted
        # (a zero timer would run before that first paint): the window shows first, and
        # what cannot be restored is still said at once. The timer is for a window never shown.
        QTimer.singleShot(500, self, self._after_first_paint)

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if not self._on_screen:
            self._on_screen = True
            QTimer.singleShot(0, self, self._after_first_paint)

    def _start_queries_if_unseen(self) -> None:
        if not self.isVisible():  # no frame to wait for
            start_held(self._held_queries)

    def _after_first_paint(self) -> None:
        # Run just after the first paint, and again by the timer of __init__: each step here
        # does its work once.
        self._on_screen = True
        if not self._announced:
            self._announced = True
            self.on_screen.emit()  # before the other games' modules load
        start_held(self._held_queries)
        if QApplication.windowIcon().isNull():  # the window's and its dialogs' icon, once on screen
            from .desktop import app_icon

            QApplication.setWindowIcon(app_icon())
        self.boards.start_restoring()
        self._warmer.start()  # the other games' modules, while the window waits
        self.boards.read_the_rest()
        pages, self._keys_unwatched = self._keys_unwatched, []
        for page in pages:
            self._watch_keys(page)

    def _make_page(self, name: str) -> GamePage:
        # The page opens on its stored board, so it is shown once, not a new board first.
        page = games.view(name).page(self.settings, board=self.boards.board_for_new_page(name))
        index = list(self.pages).index(name)
        with QSignalBlocker(self.tabs):  # the same tab stays current: no switch to announce
            current = self.tabs.currentIndex()
            placeholder = self.tabs.widget(index)
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, page, self.titles[name])
            self.tabs.setCurrentIndex(current)
        if placeholder is not None:
            placeholder.deleteLater()
        self.undo_group.addStack(page.undo_stack)
        page.board_changed.connect(lambda board, p=page: self._board_changed(p, board))
        page.shown_changed.connect(lambda p=page: self._shown_changed(p))
        # An edit of the person's (a replay file opened, say) takes the place of a kept board.
        page.undo_stack.indexChanged.connect(lambda _, name=name: self.boards.let_go(name))
        page.status_changed.connect(lambda text, p=page: self._page_status(p, text))
        self.game_actions.add_page(name, page)
        if self._on_screen:
            self._watch_keys(page)
        else:  # no key can reach the page before the window is on screen
            self._keys_unwatched.append(page)
        self.boards.cover_new_page(name, page)  # until its stored board comes, if it is restored
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
    def _build_menus(self) -> None:
        build_menus(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() != QEvent.Type.ShortcutOverride:
            return super().eventFilter(watched, event)
        spin = isinstance(watched, QAbstractSpinBox)
        keys = QKeySequence(event.keyCombination())
        if spin and any(keys == s for s in self.undo_action.shortcuts() + self.redo_action.shortcuts()):
            event.ignore()  # not claimed by the spin box: the window's Undo or Redo takes it
            return True
        if event.matches(QKeySequence.StandardKey.Paste) and not takes_paste(
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
        self.game_actions.show(page.GAME)
        set_setting(self.settings, "window/tab", page.GAME)  # written with the next save

    def _page_status(self, page: GamePage, text: str) -> None:
        if page is self.current_page():  # a game out of sight (restored at start, say) keeps quiet
            self.statusBar().showMessage(text, 6000)
            self.slug_pane.clear_error()  # a failed paste's error leaves with the next action

    def _board_changed(self, page: GamePage, board) -> None:
        if page is self.current_page():
            self._update_slug(page)
        self.game_actions.update(page.GAME)
        self.boards.edited(page.GAME)

    def _shown_changed(self, page: GamePage) -> None:
        if page is self.current_page():
            self._update_slug(page)
        self.game_actions.update(page.GAME)

    def _note_slug(self, board: Any, slug: str) -> None:
        """`slug` is the slug of `board`, written in the background with it."""
        self._encoded = (board, slug)

    def _update_slug(self, page: GamePage) -> None:
        if self.boards.restoring(page.GAME):
            self.slug_pane.show_unencodable(SlugError(page.GAME, "the last board is still being restored"))
            self._update_anatomy(page)
            return
        board = page.shown_board()  # the board on screen, which may not be the page's own for a while
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

    def closeEvent(self, event) -> None:
        self._warmer.stop()
        if self._anatomy is not None:
            self._anatomy.shutdown()
        for page in self.pages.made():
            page.shutdown()  # background work stops now; quitting never waits for it
        self.openings.shutdown()
        self.boards.shutdown()  # nothing more is read, and the boards not restored stay saved
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.save_boards()
        super().closeEvent(event)

    # --- settings ----------------------------------------------------------------
    def _restore(self) -> None:
        # Each page reads its stored board when it is made (the current one now); the rest
        # are read just after the window is shown, so what cannot be restored is said at once.
        geometry = self.store.geometry("window/geometry")
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(1120, 840)
        self.recent_texts.slugs()  # checked now, so a bad list is reported with the rest
        self.recent_texts.files()
        theme = self.store.text(THEME_KEY, lambda name: name in THEMES, "the theme") or "system"
        self.set_theme(self._theme_override or theme, store=False)
        tab = self.store.text("window/tab", lambda name: name in self.pages, "the game shown last")
        if tab is not None:
            self.tabs.setCurrentIndex(list(self.pages).index(tab))
        if self.store.value("window/anatomy") in (True, "true"):  # a bool, or its text in the file
            self.slug_pane.anatomy_button.setChecked(True)

    # --- what the parts do, asked of the window (its menus, the command line, tests) ----
    def paste_text(self, text: str) -> bool:
        return self.openings.paste_text(text)

    def open_file(self, path: str) -> bool:
        return self.openings.open_file(path)

    def open_file_dialog(self) -> None:
        self.openings.open_file_dialog()

    @property
    def opener(self) -> Opener:
        return self.openings.opener

    def opening(self) -> bool:
        return self.openings.opening()

    def reading_file(self) -> bool:
        return self.openings.reading_file()

    def cancel_file(self) -> None:
        self.openings.cancel_file()

    def dragEnterEvent(self, event) -> None:
        self.openings.drag_enter(event)

    def dropEvent(self, event) -> None:
        self.openings.drop(event)

    @property
    def restorer(self) -> Restorer:
        return self.boards.restorer

    def restoring(self, name: str) -> bool:
        return self.boards.restoring(name)

    def save_boards(self) -> bool:
        return self.boards.save()

    def recent(self) -> list[str]:
        return self.recent_texts.slugs()

    def recent_files(self) -> list[str]:
        return self.recent_texts.files()

    def export_image(self, path: str) -> bool:
        return self.sharing.export_image(path)

    def share_dialog(self) -> ShareDialog | None:
        return self.sharing.share_dialog()

    def save_board_to(self, path: str) -> bool:
        return self.sharing.save_board_to(path)

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
            "Games: " + ", ".join(self.titles[n] for n in self.pages)
        )

    def _about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.about(self, "About Slugboard", self.about_text())

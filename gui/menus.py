"""The window's menus: File, Edit, Game, View and Help, with a place in each for the
actions of the game on screen (its view's `GameAction`s), which come and go with its tab."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenuBar

from slugboard import resources

from .games import MENUS, GameAction, view

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu

    from .main_window import MainWindow
    from .page import GamePage


def make_action(window, menu, text: str, slot, shortcut=None, tip: str = "") -> QAction:
    """A window action in `menu`."""
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(tip)
    action.triggered.connect(slot)
    menu.addAction(action)
    window.addAction(action)
    return action


class GameActions:
    """The menu actions of each game's page, shown in the menus while its tab is current:
    each menu has a section after its own actions, and only the shown game's actions are
    in the menus and reachable by their shortcuts."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.menus: dict[str, QMenu] = {}
        self.sections: dict[str, QAction] = {}  # menu -> the separator that starts its game section
        self.before: dict[str, QAction] = {}  # menu -> what its game section ends before (else its end)
        self._actions: dict[str, list[tuple[QAction, GameAction, GamePage]]] = {}
        self._shown: str | None = None

    def add_page(self, name: str, page: GamePage) -> None:
        made = []
        for spec in view(name).actions:
            action = QAction(spec.text, page)
            action.setObjectName(f"{name}:{spec.slot}")
            if spec.shortcut:
                action.setShortcut(QKeySequence(spec.shortcut))
            if spec.tip:
                action.setStatusTip(spec.tip)
                action.setToolTip(spec.tip)
            if spec.checked:
                action.setCheckable(True)
            action.triggered.connect(lambda _=False, p=page, slot=spec.slot: getattr(p, slot)())
            made.append((action, spec, page))
        self._actions[name] = made
        page.actions_changed.connect(lambda n=name: self.update(n))
        self.update(name)
        if self._shown == name:  # its tab is current already: its actions come now
            self._shown = None
            self.show(name)

    def actions(self, name: str) -> list[QAction]:
        """The actions of game `name`'s page (none before the page is made)."""
        return [action for action, _, _ in self._actions.get(name, [])]

    def show(self, name: str) -> None:
        """Put the actions of `name` in the menus (and their shortcuts in reach), in place of
        the game shown before."""
        if self._shown == name:
            return
        if self._shown is not None:
            for action, spec, _ in self._actions.get(self._shown, []):
                self.menus[spec.menu].removeAction(action)
                self.window.removeAction(action)
        self._shown = name
        for kind in MENUS:
            if kind in self.sections:
                self.sections[kind].setVisible(any(s.menu == kind for _, s, _ in self._actions.get(name, [])))
        for action, spec, _ in self._actions.get(name, []):
            end = self.before.get(spec.menu)
            if end is not None:
                self.menus[spec.menu].insertAction(end, action)
            else:
                self.menus[spec.menu].addAction(action)
            self.window.addAction(action)
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)

    def update(self, name: str) -> None:
        """Ask the page whether each of its actions can be used now."""
        for action, spec, page in self._actions.get(name, []):
            if spec.enabled:
                action.setEnabled(bool(getattr(page, spec.enabled)()))
            if spec.checked:
                action.setChecked(bool(getattr(page, spec.checked)()))


def _book_dialog(window: MainWindow) -> None:
    from .book import book_dialog  # loaded when first asked for

    book_dialog(window)  # a child of the window, which keeps it


def build_menus(window: MainWindow) -> None:
    """The window's menu bar: File, Edit, Game, View and Help, each with a section where the
    shown game's own actions go (GameActions)."""
    bar = QMenuBar()
    window.setMenuBar(bar)
    titles = {name: window.tabs.tabText(i) for i, name in enumerate(window.pages)}
    _file_menu(window, bar, titles)
    _edit_menu(window, bar)
    _game_menu(window, bar, titles)
    _view_menu(window, bar)
    _help_menu(window, bar)


def _section(window: MainWindow, name: str, menu: QMenu) -> None:
    """Where the shown game's actions go in `menu`: at its end, after a separator."""
    game_actions = window.game_actions
    game_actions.menus[name] = menu
    game_actions.sections[name] = menu.addSeparator()
    game_actions.sections[name].setVisible(False)


def _file_menu(window: MainWindow, bar: QMenuBar, titles: dict[str, str]) -> None:
    pages = window.pages
    file_menu = bar.addMenu("&File")
    make_action(
        window,
        file_menu,
        "&Open slug or link…",
        window.openings.focus_paste_field,
        QKeySequence.StandardKey.Open,
        "Type or paste a slug or link into the slug pane",
    )
    make_action(
        window,
        file_menu,
        "Open &file…",
        window.openings.open_file_dialog,
        "Ctrl+Shift+O",
        "Open a file one of the games opens (a replay, a game record) or a text file holding a slug or link",
    )
    window.recent_menu = file_menu.addMenu("Open &recent")
    recent = window.recent_menu
    recent.aboutToShow.connect(lambda: window.recent_texts.fill_menu(recent, window.open_file, window.paste_text))
    window.examples_menu = examples_menu = file_menu.addMenu("E&xamples")
    for example in resources.examples():
        if example["game"] in pages:
            action = examples_menu.addAction(f"{titles[example['game']]}: {example['title']}")
            action.setStatusTip(example["text"])
            action.triggered.connect(lambda _=False, t=example["text"]: window.paste_text(t))
    make_action(
        window,
        file_menu,
        "&Export…",
        window.sharing.export_image_dialog,
        "Ctrl+E",
        "Save the board as a PNG image, an SVG drawing or a PDF page for print",
    )
    make_action(
        window,
        file_menu,
        "S&hare…",
        window.sharing.share_dialog,
        "Ctrl+Shift+H",
        "Show the board's web link as a QR code",
    )
    make_action(
        window,
        file_menu,
        "Print &book…",
        lambda: _book_dialog(window),
        tip="Print the boards of a text file of links or slugs, any game, as one PDF",
    )
    make_action(
        window,
        file_menu,
        "Save board &as…",
        window.sharing.save_board_dialog,
        QKeySequence.StandardKey.SaveAs,
        "Save the board's link (or slug) to a text file, to open again with File > Open or a paste",
    )
    _section(window, "file", file_menu)
    # The game's file actions go before the separator above Quit.
    window.game_actions.before["file"] = file_menu.addSeparator()
    make_action(window, file_menu, "&Quit", window.close, QKeySequence.StandardKey.Quit)


def _edit_menu(window: MainWindow, bar: QMenuBar) -> None:
    edit_menu = bar.addMenu("&Edit")
    undo = window.undo_group.createUndoAction(window, "&Undo")
    undo.setShortcut(QKeySequence.StandardKey.Undo)
    redo = window.undo_group.createRedoAction(window, "&Redo")
    redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    edit_menu.addAction(undo)
    edit_menu.addAction(redo)
    window.undo_action, window.redo_action = undo, redo
    edit_menu.addSeparator()
    window.paste_action = make_action(
        window,
        edit_menu,
        "&Paste slug or link",
        window.openings.paste_clipboard,
        QKeySequence.StandardKey.Paste,
        "Open the slug or link on the clipboard",
    )
    make_action(window, edit_menu, "Copy &slug", window.slug_pane.copy_slug, "Ctrl+Shift+C", "Copy the slug")
    make_action(window, edit_menu, "Copy &link", window.slug_pane.copy_link, "Ctrl+Shift+L", "Copy the web app's link")
    make_action(
        window,
        edit_menu,
        "Copy &image",
        window.sharing.copy_image,
        "Ctrl+Shift+I",
        "Copy the board as an image, for chat",
    )
    _section(window, "edit", edit_menu)


def _game_menu(window: MainWindow, bar: QMenuBar, titles: dict[str, str]) -> None:
    game_menu = bar.addMenu("&Game")
    for index, name in enumerate(window.pages):
        make_action(
            window,
            game_menu,
            titles[name],
            lambda _=False, i=index: window.tabs.setCurrentIndex(i),
            f"Alt+{index + 1}",
            f"Show the {titles[name]} board",
        )
    _section(window, "game", game_menu)


def _view_menu(window: MainWindow, bar: QMenuBar) -> None:
    view_menu = bar.addMenu("&View")
    theme_menu = view_menu.addMenu("&Theme")
    window.theme_actions = {}
    group = QActionGroup(window)
    for name, text in (("system", "&System"), ("light", "&Light"), ("dark", "&Dark")):
        action = QAction(text, window, checkable=True)
        action.setStatusTip("Follow the system's light or dark setting" if name == "system" else f"Always {name}")
        action.triggered.connect(lambda _=False, n=name: window.set_theme(n))
        group.addAction(action)
        theme_menu.addAction(action)
        window.theme_actions[name] = action

    view_menu.addSeparator()
    window.anatomy_action = make_action(
        window,
        view_menu,
        "Slug &anatomy",
        lambda: window.slug_pane.anatomy_button.toggle(),
        "Ctrl+Shift+A",
        "Show what every character of the slug holds, and what each part of the board costs",
    )
    window.anatomy_action.setCheckable(True)
    window.slug_pane.anatomy_button.toggled.connect(window.anatomy_action.setChecked)
    _section(window, "view", view_menu)


def _help_menu(window: MainWindow, bar: QMenuBar) -> None:
    help_menu = bar.addMenu("&Help")
    make_action(
        window,
        help_menu,
        "&Keyboard shortcuts",
        window.shortcuts_dialog,
        QKeySequence.StandardKey.HelpContents,
        "Every key of the window and of each game",
    )
    make_action(window, help_menu, "&About Slugboard", window._about)

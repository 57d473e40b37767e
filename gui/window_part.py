"""What the main window gives the modules that make up its parts (`window_boards`,
`window_opening`, `window_sharing`): one base class, so a part says which window it
belongs to and mypy checks what it asks of it. Nothing here exists at run time but the
empty class: the window sets these attributes and defines these methods."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings, QTimer, SignalInstance
    from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox, QProgressBar, QPushButton, QTabWidget

    from .main_window import Pages
    from .opening import Opener, Restorer
    from .page import GamePage
    from .slug_pane import SlugPane
    from .store import Store
    from .worker import LatestOnly

    _Base = QMainWindow
else:
    _Base = object


class WindowPart(_Base):
    if TYPE_CHECKING:
        store: Store
        settings: QSettings
        pages: Pages
        tabs: QTabWidget
        titles: dict[str, str]
        slug_pane: SlugPane
        recent_menu: QMenu
        file_bar: QProgressBar
        file_cancel: QPushButton
        file_done: SignalInstance
        _file_reader: LatestOnly
        _kept: set[str]
        _unsaved: set[str]
        _restored: dict[str, Any]
        _to_restore: set[str]
        _save_timer: QTimer
        _on_screen: bool
        _theme_override: str | None
        _told_cannot_save: bool
        _cannot_save_box: QMessageBox | None
        _restorer: Restorer | None
        _opener: Opener | None
        _encoded: tuple[Any, str] | None

        def current_page(self) -> GamePage: ...
        def paste_text(self, text: str) -> bool: ...
        def set_theme(self, name: str, *, store: bool = True) -> None: ...
        def _update_slug(self, page: GamePage) -> None: ...
        def _let_go(self, name: str) -> None: ...
        def _remember(self, text: str) -> None: ...
        def _remember_file(self, path: str) -> None: ...
        def open_file(self, path: str) -> bool: ...

"""Help > Keyboard shortcuts: the keys of the game on screen as its page declares them,
then the window's, read from its menus and actions, then the other games'."""

from __future__ import annotations

import html

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMainWindow, QTextBrowser, QVBoxLayout, QWidget

from slugboard.codecs import titles

from . import games


def _menu_actions(widget: QWidget) -> list[QAction]:
    """The actions of `widget`'s menus (a window's menu bar, a menu), submenus included, in
    the order they stand."""
    found: list[QAction] = []
    for action in widget.actions():
        menu = action.menu()
        if isinstance(menu, QWidget):
            found += _menu_actions(menu)
        elif not action.isSeparator():
            found.append(action)
    return found


def window_keys(window: QWidget) -> list[tuple[str, str]]:
    """(keys, what) for every action of `window` that has a shortcut: those of its menus in
    menu order (Undo and Redo among them), then any the window holds outside its menus."""
    bar = window.menuBar() if isinstance(window, QMainWindow) else None
    actions = _menu_actions(bar) if bar is not None else []
    actions += [action for action in window.actions() if action not in actions]
    rows = []
    for action in actions:
        if ":" in action.objectName():
            continue  # a game's own action ("sudoku:new_puzzle"): listed with its game
        keys = [s.toString(QKeySequence.SequenceFormat.NativeText) for s in action.shortcuts() if not s.isEmpty()]
        if keys:
            rows.append((", ".join(keys), _what(window, action)))
    return rows


def _what(window: QWidget, action: QAction) -> str:
    """What `action` does, as a key list names it. Undo and Redo name the step they would take
    in the menu ("Undo Paste"); the list names what the key always does."""
    for what in ("Undo", "Redo"):
        if action is getattr(window, f"{what.lower()}_action", None):
            return what
    return action.text().replace("&", "").rstrip("…")


def game_keys(name: str) -> list[tuple[str, str]]:
    """(keys, what) of game `name`: its menu actions' shortcuts, then its page's keys."""
    rows = []
    for spec in games.view(name).actions:
        if spec.shortcut:
            keys = QKeySequence(spec.shortcut).toString(QKeySequence.SequenceFormat.NativeText)
            rows.append((keys, spec.text.replace("&", "").rstrip("…")))
    return rows + list(games.view(name).page.KEYS)


def shortcuts_html(window: QWidget, current: str) -> str:
    """The keys of the game on screen first, then the window's, then the other games'."""
    others = [name for name in titles() if name != current]
    sections = [(titles()[current], game_keys(current)), ("Everywhere", window_keys(window))]
    sections += [(titles()[name], game_keys(name)) for name in others]
    parts = []
    for title, rows in sections:
        parts.append(f"<h3>{html.escape(title)}</h3><table cellspacing='0' cellpadding='3'>")
        parts += [f"<tr><td><b>{html.escape(k)}</b></td><td>{html.escape(what)}</td></tr>" for k, what in rows]
        parts.append("</table>")
    return "".join(parts)


class ShortcutsDialog(QDialog):
    def __init__(self, window: QWidget, current: str):
        super().__init__(window)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle("Keyboard shortcuts")
        self.resize(520, 600)
        layout = QVBoxLayout(self)
        self.text = QTextBrowser()
        self.text.setHtml(shortcuts_html(window, current))
        layout.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

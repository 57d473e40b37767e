"""Help > Keyboard shortcuts: the window's keys, read from its own actions, then each
game's keys as its page declares them (the game on screen first)."""

from __future__ import annotations

import html

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from slugboard.codecs import titles

from . import games


def window_keys(window: QWidget) -> list[tuple[str, str]]:
    """(keys, what) for every action of `window` that has a shortcut, in menu order."""
    rows = []
    for action in window.actions():
        keys = [s.toString(QKeySequence.SequenceFormat.NativeText) for s in action.shortcuts() if not s.isEmpty()]
        if keys:
            rows.append((", ".join(keys), action.text().replace("&", "").rstrip("…")))
    return rows


def shortcuts_html(window: QWidget, current: str) -> str:
    sections = [("Everywhere", window_keys(window))]
    names = [current] + [name for name in titles() if name != current]
    sections += [(titles()[name], list(games.view(name).page.KEYS)) for name in names]
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

"""File dialogs that open where the person last was: the folder of the last file opened or
saved through any of them, kept in the settings between runs."""

from __future__ import annotations

import os

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QWidget

from .store import set_setting

LAST_FOLDER = "files/last_folder"


def last_folder(settings: QSettings) -> str:
    """The folder of the last file chosen, while it still exists; else "" (the dialog's own
    choice, the folder Slugboard was started in)."""
    folder = settings.value(LAST_FOLDER)
    return folder if isinstance(folder, str) and os.path.isdir(folder) else ""


def remember(settings: QSettings, path: str) -> None:
    """Keep the folder of `path` for the next dialog."""
    set_setting(settings, LAST_FOLDER, os.path.dirname(os.path.abspath(path)))


def open_file_name(parent: QWidget | None, caption: str, filters: str, settings: QSettings) -> tuple[str, str]:
    """(the path chosen or "", the filter chosen), starting in the last folder."""
    path, chosen = QFileDialog.getOpenFileName(parent, caption, last_folder(settings), filters)
    if path:
        remember(settings, path)
    return path, chosen


def save_file_name(
    parent: QWidget | None, caption: str, name: str, filters: str, settings: QSettings
) -> tuple[str, str]:
    """(the path chosen or "", the filter chosen), offering `name` in the last folder."""
    folder = last_folder(settings)
    path, chosen = QFileDialog.getSaveFileName(parent, caption, os.path.join(folder, name) if folder else name, filters)
    if path:
        remember(settings, path)
    return path, chosen


def settings_of(widget: QWidget | None) -> QSettings:
    """The settings of the window `widget` belongs to (the main window keeps its own), else
    the application's."""
    while widget is not None:
        settings = getattr(widget, "settings", None)
        if isinstance(settings, QSettings):
            return settings
        widget = widget.parentWidget()
    return QSettings()

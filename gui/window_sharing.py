"""Sharing the board on screen: File > Export (PNG, SVG, PDF), Edit > Copy image, File >
Share (the web link as a QR code) and File > Save board as (its link in a text file)."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QGuiApplication

from slugboard.codecs import SlugError

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QStatusBar, QWidget

    from .page import GamePage
    from .share_dialog import ShareDialog


def _render_image(*args: Any, **kwargs: Any) -> Any:
    from .render import render_image  # the drawing of images, loaded when first used

    return render_image(*args, **kwargs)


class Sharing:
    """The window's part that exports and shares the board of the current page. It is given
    the window (the parent of its dialogs, and the palette images are drawn in), the
    settings (the folders last chosen), the status bar and the current page."""

    def __init__(
        self, window: QWidget, settings: QSettings, status_bar: QStatusBar, current_page: Callable[[], GamePage]
    ) -> None:
        self._window = window
        self._settings = settings
        self._status = status_bar
        self._current_page = current_page

    # --- export ------------------------------------------------------------------
    def export_image_dialog(self) -> None:
        from .file_dialogs import save_file_name

        page = self._current_page()
        path, chosen = save_file_name(
            self._window,
            "Export",
            f"{page.GAME}.png",
            "PNG image (*.png);;SVG drawing (*.svg);;PDF page for print (*.pdf)",
            self._settings,
        )
        if path:
            if not os.path.splitext(path)[1]:
                path += "." + chosen.split("*.")[-1].rstrip(")")
            self.export_image(path)

    def export_image(self, path: str) -> bool:
        """Write the board as the suffix of `path` says: an image, .svg or .pdf."""
        page = self._current_page()
        board = page.shown_board()
        caption = page.game.share_url(board) or page.game.encode(board)
        palette = None if path.lower().endswith(".pdf") else self._window.palette()  # paper is white
        from .render import save_board  # the drawing of images and PDFs, loaded when first used

        ok = save_board(path, page.GAME, board, caption, palette=palette, **page.export_state())
        self._status.showMessage(f"Saved {path}" if ok else f"Could not save {path}", 5000)
        return ok

    def copy_image(self) -> None:
        page = self._current_page()
        QGuiApplication.clipboard().setImage(
            _render_image(page.GAME, page.shown_board(), palette=self._window.palette(), **page.export_state())
        )
        self._status.showMessage("Copied the board as an image", 4000)

    def share_dialog(self) -> ShareDialog | None:
        """The QR code of the board's web link; a game with none says why."""
        page = self._current_page()
        link = page.game.share_url(page.shown_board()) if page.game.web_host else None
        if not link:
            self._status.showMessage(
                f"{page.game.title} boards have no web link to share as a QR code: copy the slug instead", 8000
            )
            return None
        from .share_dialog import ShareDialog  # QR codes: loaded when first asked for

        try:
            dialog = ShareDialog(link, self._window)
        except SlugError as exc:
            self._status.showMessage(f"No QR code: {exc.message}", 8000)
            return None
        dialog.open()
        return dialog

    # --- the link in a file ----------------------------------------------------------
    def save_board_dialog(self) -> None:
        from .file_dialogs import save_file_name

        page = self._current_page()
        path, _ = save_file_name(self._window, "Save board as", f"{page.GAME}.txt", "Text (*.txt)", self._settings)
        if path:
            self.save_board_to(path)

    def save_board_to(self, path: str) -> bool:
        """Write the current board's link (or slug, for a game without one) to `path`."""
        page = self._current_page()
        board = page.shown_board()
        text = page.game.share_url(board) or page.game.encode(board)
        from slugboard.codecs.newfile import write_atomically

        try:
            write_atomically(path, (text + "\n").encode("utf-8"))
        except OSError as exc:
            self._status.showMessage(f"Could not save {path}: {exc.strerror}", 8000)
            return False
        self._status.showMessage(f"Saved the board to {path}", 5000)
        return True

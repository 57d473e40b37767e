"""Sharing the board on screen: File > Export (PNG, SVG, PDF), Edit > Copy image and
File > Share (the web link as a QR code)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QGuiApplication

from slugboard.codecs import SlugError

from .window_part import WindowPart

if TYPE_CHECKING:
    from .share_dialog import ShareDialog


def _render_image(*args: Any, **kwargs: Any) -> Any:
    from .render import render_image  # the drawing of images, loaded when first used

    return render_image(*args, **kwargs)


class Sharing(WindowPart):
    """MainWindow's part that exports and shares the board (a mixin of MainWindow)."""

    # --- export ------------------------------------------------------------------
    def export_image_dialog(self) -> None:
        from .file_dialogs import save_file_name

        page = self.current_page()
        path, chosen = save_file_name(
            self,
            "Export",
            f"{page.GAME}.png",
            "PNG image (*.png);;SVG drawing (*.svg);;PDF page for print (*.pdf)",
            self.settings,
        )
        if path:
            if not os.path.splitext(path)[1]:
                path += "." + chosen.split("*.")[-1].rstrip(")")
            self.export_image(path)

    def export_image(self, path: str) -> bool:
        """Write the board as the suffix of `path` says: an image, .svg or .pdf."""
        page = self.current_page()
        board = page.shown_board()
        caption = page.game.share_url(board) or page.game.encode(board)
        palette = None if path.lower().endswith(".pdf") else self.palette()  # paper is white
        from .render import save_board  # the drawing of images and PDFs, loaded when first used

        ok = save_board(path, page.GAME, board, caption, palette=palette, **page.export_state())
        self.statusBar().showMessage(f"Saved {path}" if ok else f"Could not save {path}", 5000)
        return ok

    def copy_image(self) -> None:
        page = self.current_page()
        QGuiApplication.clipboard().setImage(
            _render_image(page.GAME, page.shown_board(), palette=self.palette(), **page.export_state())
        )
        self.statusBar().showMessage("Copied the board as an image", 4000)

    def share_dialog(self) -> ShareDialog | None:
        """The QR code of the board's web link; a game with none says why."""
        page = self.current_page()
        link = page.game.share_url(page.shown_board()) if page.game.web_host else None
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

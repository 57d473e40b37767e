"""QR codes of share links, with segno (pure Python, no dependencies of its own).

A QR code holds the board's web link, so a phone's camera opens the board in the game's
web app. A game with no web app of its own (minesweeper) has no link to hold: its slug
alone is no use to a camera, so such a board is refused with the reason rather than
turned into a code that opens nothing.
"""

from __future__ import annotations

import os
from typing import Any

import segno

from . import all_games, decode_any
from .errors import SlugError

# Medium error correction (15% of the code can be lost) and the recommended quiet zone.
ERROR_LEVEL = "m"
BORDER = 4
# The light modules and the quiet zone are white in every kind of file: an SVG left
# transparent would show a dark page through them, and no camera reads that.
LIGHT = "#ffffff"
SUFFIXES = (".png", ".svg")


def share_link(text: str) -> tuple[str, str]:
    """(game, the share link of the board `text` opens); SlugError for a bad text or a
    game without a web link."""
    name, board = decode_any(text)
    game = all_games()[name]
    link = game.share_url(board) if game.web_host else None
    if not link:
        raise SlugError(
            name,
            f"{game.title} boards have no web link for a QR code to open (there is no web app for them); "
            "share the slug as text instead",
        )
    return name, link


def make(link: str) -> Any:
    """The QR code of `link` (a segno.QRCode); SlugError when the link is too long for one."""
    try:
        return segno.make(link, error=ERROR_LEVEL, micro=False, boost_error=False)
    except segno.DataOverflowError:
        raise SlugError("qr", f"the link is {len(link):,} characters, more than a QR code holds") from None


def save(code: Any, path: str, scale: int = 8) -> None:
    """Write `code` as PNG or SVG, chosen by the suffix of `path`; SlugError on failure."""
    suffix = os.path.splitext(path)[1].lower()
    if suffix not in SUFFIXES:
        raise SlugError("qr", f"cannot write {suffix or 'a file without a suffix'}: name the file .png or .svg")
    try:
        code.save(path, scale=scale, border=BORDER, light=LIGHT)
    except OSError as exc:
        raise SlugError("qr", f"could not write {path} ({exc.strerror or exc})") from None


def png_bytes(code: Any, scale: int = 8) -> bytes:
    """The code as PNG data (for the window's Share dialog and the clipboard)."""
    import io

    out = io.BytesIO()
    code.save(out, kind="png", scale=scale, border=BORDER, light=LIGHT)
    return out.getvalue()

"""Game record files told apart by what they hold: a `.pgn`, `.xqf` or `.ubb` file by its
name, and a web page or text file (`.html`, `.htm`, `.txt`) when it holds a DhtmlXQ block
or a PGN game, as the pages of game databases do. Kept apart from records.py so that
listing the file types imports no reader."""

from __future__ import annotations

from ..game import FileType

# Files opened as game records only when they hold one: a .txt file may hold another
# game's slug, which the window opens as text.
SNIFFED = (".html", ".htm", ".txt")


class RecordFiles(FileType):
    """The xiangqi game record files: by extension, or by content for SNIFFED ones."""

    FIELDS = FileType.FIELDS

    def matches(self, path: str) -> bool:
        if super().matches(path):
            return True
        if not path.lower().endswith(SNIFFED):
            return False
        from ..errors import SlugError
        from ..files import read_bytes_limited
        from .records import SNIFF_BYTES, holds_record

        try:
            return holds_record(read_bytes_limited(path, SNIFF_BYTES)[:SNIFF_BYTES])
        except SlugError:
            return False  # not a file we can read: the window says why when it opens it as text

"""Game record files told apart by what they hold: a `.pgn`, `.xqf` or `.ubb` file by its
name, and a web page or text file (`.html`, `.htm`, `.txt`) when it holds a DhtmlXQ block
or a PGN game, as the pages of game databases do (the package's FILE_TYPES ask
`holds_record_file`; a .txt file may hold another game's slug instead). Also the text of
such files: its encoding read, a page's markup left out. Kept apart from the readers,
which import it: telling a file apart loads no reader."""

from __future__ import annotations

import html
import re

# How much of a file is looked at to tell whether it holds a game record.
SNIFF_BYTES = 256 * 1024
_PGN_TAG = re.compile(r'\[\s*(?:Game|Format|Variant|Red|Black|Event|FEN)\s+"', re.I)
_PGN_MOVE = re.compile(
    r"(?:^|\s)1\s*\.\s*(?:[a-iA-I]\d-?[a-iA-I]\d|[A-Za-z+\-\d１-９Ｃ-Ｒ][\d+\-=.＋－＝．１-９]|[\u4e00-\u9fff]{2})"
)
_HTML = re.compile(r"<\s*(?:!doctype|html|body|pre|p|br|div|table)\b", re.I)


def decode_text(data: bytes) -> str:
    """UTF-8 (with or without its mark), else GB18030 (GBK's superset)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("gb18030", errors="replace")


def holds_record(data: bytes) -> bool:
    """Whether the start of a file (an `.html` page, a `.txt` file) holds a game record:
    an XQF header, a DhtmlXQ block, PGN tags or a numbered first move. Never raises."""
    if data[:2] == b"XQ" and len(data) >= 1024:
        return True
    text = decode_text(data[:SNIFF_BYTES])
    if "[DhtmlXQ" in text:
        return True
    plain = plain_text(text)
    return bool(_PGN_TAG.search(plain) and _PGN_MOVE.search(plain))


def plain_text(text: str) -> str:
    """A web page's text as a reader sees it (tags left out, entities read); other text as it is.
    Positions in a page's errors count in this text."""
    if not _HTML.search(text[:4096]):
        return text
    # [^<>]: a '<' that never closes costs one look, not a scan to the end of the page.
    text = re.sub(r"<\s*br\s*/?>|<\s*/?\s*(?:p|div|pre|tr|li)\b[^<>]*>", "\n", text, flags=re.I)
    return html.unescape(re.sub(r"<[^<>]*>", " ", text))


def holds_record_file(path: str) -> bool:
    """Whether the file at `path` holds a game record (`holds_record` on its start); a file
    that cannot be read holds none (the window says why when it opens it as text)."""
    from ..errors import SlugError
    from ..files import read_bytes_limited

    try:
        return holds_record(read_bytes_limited(path, SNIFF_BYTES)[:SNIFF_BYTES])
    except SlugError:
        return False

"""Game records as players keep them: PGN (the xiangqi flavour, pgn.py), XQF (XQStudio's
binary format, plain and encrypted, xqf.py) and DhtmlXQ/UBB text from forums and game
databases (dhtmlxq.py), read into one model (tree.py): a starting position and a tree of
moves, each with its comment. PGN is written back the same way.

A file is told apart by what it holds, not its name: an `.html` page or a `.txt` file
holding a DhtmlXQ block or a PGN game opens as well as a `.pgn`. Text comes in UTF-8 or
GBK (GB18030, which holds GBK): a file that is not UTF-8 is read as GB18030. Every reader
raises only SlugError (FormatError with the character or byte where reading failed),
refuses files over MAX_FILE_BYTES and files that ask for more moves than their size can
hold (tree.Work).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from ..errors import FormatError
from ..files import read_bytes_limited
from ..game import FileRecord
from ..work import NEVER, Cancel
from .dhtmlxq import read_dhtmlxq, read_dhtmlxq_games
from .model import NAME
from .pgn import read_pgn, write_pgn
from .sniff import SNIFF_BYTES, decode_text, holds_record, plain_text
from .tree import (
    MAX_COMMENT,
    MAX_FILE_BYTES,
    MAX_GAMES,
    MAX_NODES,
    RESULTS,
    GameRecord,
    Node,
    Work,
    copy_record,
)
from .xqf import _XqfKeys, read_xqf

__all__ = [
    "MAX_COMMENT",
    "MAX_FILE_BYTES",
    "MAX_GAMES",
    "MAX_NODES",
    "RESULTS",
    "SNIFF_BYTES",
    "GameRecord",
    "Node",
    "Work",
    "_XqfKeys",
    "copy_record",
    "decode_text",
    "holds_record",
    "iter_nodes",
    "read_bytes",
    "read_dhtmlxq",
    "read_file",
    "read_pgn",
    "read_records",
    "read_text",
    "read_xqf",
    "write_pgn",
]


def read_file(path: str | os.PathLike[str], cancel: Cancel = NEVER) -> list[GameRecord]:
    """The games in a PGN, XQF or DhtmlXQ file (told apart by their content). A FIFO or a
    device is refused at once, without waiting on it (files.read_bytes_limited)."""
    data = read_bytes_limited(os.fspath(path), MAX_FILE_BYTES, NAME)
    if len(data) > MAX_FILE_BYTES:
        raise FormatError(NAME, f"a game record file is at most {MAX_FILE_BYTES:,} bytes", MAX_FILE_BYTES)
    return read_bytes(data, cancel)


def read_records(path: str | os.PathLike[str], cancel: Cancel = NEVER) -> list[FileRecord]:
    """The games of a record file as the package's file type gives them: each game's
    starting position, its facts for `slugboard-codec import` (the main line in ICCS, the
    position after it, what had to be left out, its number and how many games the file holds) and the
    game itself for the page."""
    games = read_file(path, cancel)
    found = []
    for number, game in enumerate(games, 1):
        facts = game.facts()
        facts["number"] = number  # ("game" is the board JSON's: the game's name)
        facts["games"] = len(games)
        title = game.title()
        if title:
            facts["title"] = title
        found.append(FileRecord(game.start, facts, game))
    return found


def read_bytes(data: bytes, cancel: Cancel = NEVER) -> list[GameRecord]:
    if data[:2] == b"XQ":
        return [read_xqf(data, cancel)]
    return read_text(decode_text(data), cancel)


def read_text(text: str, cancel: Cancel = NEVER) -> list[GameRecord]:
    """PGN games, or the DhtmlXQ records of a page, or a FEN and move list; a web page's
    PGN is read from its text, its markup left out."""
    if len(text) > MAX_FILE_BYTES:
        raise FormatError(NAME, f"a game record is at most {MAX_FILE_BYTES:,} characters", MAX_FILE_BYTES)
    work = Work(len(text), cancel)
    if "[DhtmlXQ" in text:
        return read_dhtmlxq_games(text, cancel, work)
    from .fen import _FEN_HEAD
    from .notation import parse_game

    if _FEN_HEAD.match(text) and "[" not in text:
        # A FEN followed by a move list, as the window's Copy moves and most sites give it.
        if len(text) > 20_000:
            raise FormatError(NAME, "a FEN and move list is at most 20,000 characters", 20_000)
        start, moves = parse_game(text)
        game = GameRecord(start)
        node = game.root
        for move in moves:
            node = node.add(move)
        return [game]
    return read_pgn(plain_text(text), cancel, work)


def iter_nodes(record: GameRecord) -> Iterator[Node]:
    stack = [record.root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))

"""Noughts and crosses, the toy game of the tests: a 3x3 board whose slug is `ttt:` and
nine characters (`X`, `O` or `.`), row by row.

This top is the game's declaration, read without loading the game's modules: its name
and title, where it ranks in detection, and what it adds to the command line (a
`winner` command) and to File > Open (`.ttt` files). Its names come from `model` when
first read (`later`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from slugboard.codecs.game import Command, FileType, later

NAME = "noughts"
TITLE = "Noughts and crosses"
HAS_LINK = False
WEB_HOST: str | None = None
DETECTION_RANK = 9
NOUN = "board"
ANATOMY_FIELDS = {"mark": "a cell's mark"}  # its slugs' own fields, beside those every format has

COMMANDS = (Command("winner", "noughts: print who has three in a row (or nobody)", ".model:winner_command"),)
FILE_TYPES = (FileType("Noughts and crosses boards", (".ttt",), ".model:read_file"),)
BOOK = ".model:book_entry"  # what a printed book shows with a board

if TYPE_CHECKING:
    from .model import (
        Board,
        decode,
        encode,
        explain,
        from_json,
        info,
        looks_like,
        new_board,
        problems,
        read_file,
        share_url,
        to_json,
        winner,
    )
else:
    __getattr__, __dir__ = later(
        __name__,
        {
            "model": (
                "Board", "decode", "encode", "explain", "from_json", "info", "looks_like", "new_board", "problems",
                "read_file", "share_url", "to_json", "winner",
            ),
        },
    )  # fmt: skip

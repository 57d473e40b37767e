"""Xiangqi FEN: reading it (the opening included); writing lives with the board."""

from __future__ import annotations

import re

from ..errors import FormatError, shown
from ..wording import plural
from .model import LETTERS, NAME, OPENING_FEN, Board

# Other programs write horses and elephants as H and E; read those, write N and B.
_FEN_ALIASES = {"H": "N", "E": "B", "h": "n", "e": "b"}


def new_board() -> Board:
    return from_fen(OPENING_FEN)


def from_fen(text: str) -> Board:
    """Read Xiangqi FEN: ten ranks from Black's side, `w`/`r` or `b` to move (Red when
    missing); later fields (move counters) are ignored."""
    if not isinstance(text, str):
        raise FormatError(NAME, f"expected text, got {type(text).__name__}")
    lead = len(text) - len(text.lstrip())
    body = text.strip()
    parts = re.split(r"(\s+)", body, maxsplit=1)
    placement = parts[0]
    rest = "".join(parts[1:])
    cells: list[str] = []
    rank_start = 0
    # Counted before splitting: a pasted wall of slashes must not become a huge list.
    if placement.count("/") != 9:
        raise FormatError(NAME, f"FEN has {placement.count('/') + 1} ranks; xiangqi has 10", lead + len(placement))
    ranks = placement.split("/")
    pos = lead
    for rank_no, rank in enumerate(ranks):
        rank_start = len(cells)
        for ch in rank:
            if ch in "123456789":
                cells.extend([""] * int(ch))
            else:
                letter = _FEN_ALIASES.get(ch, ch)
                if letter not in LETTERS:
                    raise FormatError(NAME, f"FEN: {ch!r} is not a xiangqi piece letter", pos)
                cells.append(letter)
            if len(cells) - rank_start > 9:
                raise FormatError(NAME, f"FEN: rank {rank_no + 1} is longer than 9 points", pos)
            pos += 1
        if len(cells) - rank_start != 9:
            raise FormatError(
                NAME, f"FEN: rank {rank_no + 1} has {plural(len(cells) - rank_start, 'point')}, not 9", pos
            )
        pos += 1
    red = True
    fields = rest.split()
    if fields:
        side = fields[0].lower()
        if side in ("w", "r", "red"):
            red = True
        elif side in ("b", "black"):
            red = False
        else:
            raise FormatError(
                NAME,
                f"FEN: side to move {shown(fields[0])} is not w or b",
                lead + len(placement) + rest.index(fields[0]),
            )
    return Board(tuple(cells), red)

"""Xiangqi FEN: reading it (the opening included), and what may follow it in a pasted text (its
fields, then a move list); writing lives with the board."""

from __future__ import annotations

import re
from collections.abc import Iterator

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


# --- what may follow a FEN: its fields, then a move list -----------------------------

# ICCS ("h2e2", "H2-E2"), WXF ("C2=5", "R+.3", "++=4", "3+.4") or four Chinese characters.
_TOKEN = re.compile(
    r"[a-iA-I][0-9]-?[a-iA-I][0-9]"
    r"|[KAEHRCPBNkaehrcpbn+\-1-9][1-9+\-][+\-=.][1-9]"
    r"|[\u4e00-\u9fff０-９][\u4e00-\u9fff０-９1-9][进進退平][\u4e00-\u9fff０-９1-9]"
)
# A long game has a few hundred moves; this bounds the work a pasted text can ask for.
MAX_LIST_CHARS = 20_000
_MOVE_NUMBER = re.compile(r"\d+\.(?:\.\.)?|\.\.\.")

# A FEN and its fields: the side to move as `from_fen` reads it, then the placeholders
# and counters of a full FEN (`w - - 0 1`); what follows is the move list.
_FEN_HEAD = re.compile(
    r"\s*[1-9KABNRCPHEkabnrcphe]+(?:/[1-9KABNRCPHEkabnrcphe]+){9}"
    r"(?:\s+(?i:red|black|[wrb])(?=\s|$))?(?:\s+(?:-|\d+)(?=\s|$)){0,4}"
)


_WORD = re.compile(r"\S+")


def move_words(text: str, begin: int = 0) -> Iterator[tuple[str, int, bool]]:
    """The words of a move list from `begin` on: each with where it starts in `text` and
    whether it is written as a move, its move number ("12.", "3...", "...") taken off; a
    word that is only a move number is left out."""
    for match in _WORD.finditer(text, begin):
        word, start = match.group(), match.start()
        number = _MOVE_NUMBER.match(word)
        if number:
            word, start = word[number.end() :], start + number.end()
            if not word:
                continue
        yield word, start, _TOKEN.fullmatch(word) is not None


def refuse_what_is_not_moves(text: str) -> None:
    """For a FEN followed by more text: raise FormatError at the first word after the FEN
    and its fields that is not a move or a move number, so that no such tail is dropped
    without a word. Whether the moves can be played is `moves_in_text`'s to say; a list
    too long to replay is refused there, so only its first MAX_LIST_CHARS are looked at."""
    head = _FEN_HEAD.match(text)
    if head is None:
        return
    for word, start, is_move in move_words(text, head.end()):
        if start > head.end() + MAX_LIST_CHARS:
            return
        if not is_move:
            raise FormatError(
                NAME,
                f"{shown(word)} after the position is not a move (write moves like C2=5, 炮二平五 or h2e2)",
                start,
            )

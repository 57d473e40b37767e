"""A turn being played: the tiles put on the board from the rack before the turn is
played, and the starting word's plausibility.

A draft is a tuple of placements (row, column, rack slot) in placing order, which is the
order the slug writes a turn's tiles. Each function returns a new draft, or None when
the move is not allowed (a slot already used, a filled square), so an editor can keep
the draft as a plain value and undo by keeping the old one.
"""

from __future__ import annotations

from collections.abc import Mapping

from .game import resolve
from .model import BLANK, Board, Kind
from .rules import other_param_fits, problems
from .words import is_word

Placement = tuple[int, int, int]
Square = tuple[int, int]


def occupied(board: Board, pending: tuple[Placement, ...] = ()) -> set[Square]:
    """The squares a tile cannot be put on: the starting word, the played tiles and the
    tiles placed this turn."""
    game = resolve(board)
    taken = set(game.grid) if game is not None else set()
    taken.update(t.square for t in board.tiles)
    taken.update((r, c) for r, c, _ in pending)
    return taken


def place_tile(
    board: Board, rack: tuple[str, ...] | None, pending: tuple[Placement, ...], slot: int, square: Square
) -> tuple[Placement, ...] | None:
    """Put the tile of rack `slot` on `square`."""
    if rack is None or not 0 <= slot < len(rack) or any(s == slot for _, _, s in pending):
        return None
    if square in occupied(board, pending):
        return None
    return (*pending, (square[0], square[1], slot))


def move_tile(
    board: Board, rack: tuple[str, ...] | None, pending: tuple[Placement, ...], origin: Square, square: Square
) -> tuple[Placement, ...] | None:
    """Move the tile placed this turn on `origin` to the free `square`; it keeps its place
    in the placing order."""
    if rack is None or origin == square or square in occupied(board, pending):
        return None
    for i, (r, c, slot) in enumerate(pending):
        if (r, c) == origin:
            return (*pending[:i], (square[0], square[1], slot), *pending[i + 1 :])
    return None


def take_back_tile(pending: tuple[Placement, ...], square: Square) -> tuple[Placement, ...] | None:
    """Return the tile placed this turn on `square` to the rack."""
    for i, (r, c, _slot) in enumerate(pending):
        if (r, c) == square:
            return (*pending[:i], *pending[i + 1 :])
    return None


def placed_letters(
    rack: tuple[str, ...], pending: tuple[Placement, ...], blanks: Mapping[int, str] | None = None
) -> tuple[tuple[int, int, str], ...]:
    """The draft as (row, col, letter) for `play_turn`: a blank's slot takes the letter
    chosen for it from `blanks` (slot -> letter), written in lowercase."""
    chosen = blanks or {}
    return tuple((r, c, chosen.get(slot, "?").lower() if rack[slot] == BLANK else rack[slot]) for r, c, slot in pending)


def start_word_doubt(board: Board) -> str | None:
    """Why the board's starting word cannot be the day's (None when nothing says so): the
    site's starting words are all in the word list, and so are a played game's words;
    missing words, gaps or tiles on or away from the starting word mean another word, or
    another rack order."""
    if board.is_v4:
        return None  # the link carries its own starting word, and its letters need no draw
    word, date = board.start_word or "", board.date.isoformat()
    if other_param_fits(board):
        other = "w" if board.param == "g" else "g"
        return (
            f"With {word}, these tiles make words from the list only when their rack positions count "
            f"the ?{other}= way: was this a bare slug copied from a ?{other}= link? Use the button "
            "below, or paste the whole link."
        )
    parts = []
    if not is_word(word):
        parts.append(f"{word} is not in the word list, and the site's starting words all are")
    kinds = (Kind.WORD, Kind.OCCUPIED, Kind.GAP, Kind.CONNECT)
    found = [p for p in problems(board) if p.is_error and p.kind in kinds]
    if found:
        game = resolve(board)
        bad = list(dict.fromkeys(game.invalid_words)) if game is not None else []
        if bad:
            shown = ", ".join(bad[:4]) + (", …" if len(bad) > 4 else "")
            what = f"{len(bad)} of the words it makes are not in the word list ({shown})"
        else:
            what = found[0].message
        parts.append(f"with {word}, {what}")
    if not parts:
        return None
    text = "; ".join(parts)
    return (
        f"{text[0].upper()}{text[1:]}: it is probably not the starting word of {date}. Check the word "
        "in the middle row of that day's game."
    )

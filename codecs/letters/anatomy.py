"""The anatomy of a letters.wiki slug, in any form `decode` reads (a bare slug, `?g=`,
`?w=` or `?_=` links, percent escapes and all).

`?g=` / `?w=`: 14 bits of date, 5 bits of tile count, then one span per tile (7 bits
square, 3 bits rack index, 3 bits turn) and the padding bits. `?_=` (V4): 14 bits of
date, 4 bits of starting-word length, one span per starting-word letter (5 bits), 5 bits
of tile count, one span per tile (7 bits square, 6 bits letter or blank, 3 bits turn)
and the padding bits. A `&s=` starting word given beside a `?g=`/`?w=` slug is not part
of the slug; when it is there, the tiles' labels name their letters.

Cells are the board's squares as the canvas draws them: [row, col], row 0 the top row
and col 0 the left column (the slug's square number is row * 9 + col). The starting
word's letters sit on row 4, where the game centres it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from ..anatomy import Anatomy, BitSpans, Span, base64_payload, char_bounds
from ..bits import URL_ALPHABET
from ..links import Source, carve
from . import ANATOMY_FIELDS
from .game import resolve
from .model import EPOCH, NAME, SIZE, Board, on_board, start_word_squares
from .slug import _split, decode


def explain(text: str) -> Anatomy:
    """The spans of a letters slug, placed in `text`."""
    board = decode(text)  # a text that does not read raises its SlugError here
    _param, raw, _start, _marked = _split(text)
    carved, source = carve(text, raw.start, raw.end, strip=True)
    bounds = char_bounds(text, source, carved)
    slug = carved.replace(" ", "+")
    bits, _ = base64_payload(slug, Source(bounds[0], bounds[-1]), URL_ALPHABET)
    out = BitSpans(bits, Source(bounds[0], bounds[-1]), bounds=bounds)
    days = out.peek(14)
    date = (EPOCH + dt.timedelta(days=days)).isoformat()
    out.add("date", 14, date, {"kind": "board"}, f"date {date}: day {days} after {EPOCH.isoformat()} (14 bits)")
    if board.is_v4:
        _start_word(out)
    count = out.peek(5)
    out.add("header", 5, count, {"kind": "board"}, f"{count} tile{'' if count == 1 else 's'} follow (5 bits)")
    if board.is_v4:
        _v4_tiles(out, count)
    else:
        _rack_tiles(out, board)
    if out.remaining:
        zero = out.peek(out.remaining) == 0
        plural = "" if out.remaining == 1 else "s"
        label = f"{out.remaining} padding bit{plural}" + ("" if zero else ", not zero (ignored)")
        out.add("padding", out.remaining, label=label)
    body = len(slug.rstrip("="))
    out.spans.extend(
        Span("padding", (bounds[i], bounds[i + 1]), "=", "=", None, None, "base64 padding")
        for i in range(body, len(slug))
    )
    form = "v4" if board.is_v4 else board.param
    return out.anatomy(NAME, form, text, (bounds[0], bounds[-1]), ANATOMY_FIELDS)


def _square(row: int, col: int) -> str:
    return f"r{row + 1}c{col + 1}"


def _start_word(out: BitSpans) -> None:
    length = out.peek(4)
    word = "".join(
        chr(ord("A") + int(out.payload[at : at + 5], 2)) for at in range(out.at + 4, out.at + 4 + 5 * length, 5)
    )
    squares = start_word_squares(word)
    cells = [[r, c] for r, c in squares if on_board((r, c))]  # a link's word may run off the row
    what = f"{len(word)} letters" if word else "none"
    out.add("word", 4, len(word), {"kind": "word", "word": word, "cells": cells}, f"starting word: {what} (4 bits)")
    for i, (letter, (row, col)) in enumerate(zip(word, squares)):
        where = _square(row, col) if on_board((row, col)) else "no square (off the row)"
        element = {
            "kind": "word",
            "word": word,
            "index": i,
            "letter": letter,
            "cells": [[row, col]] if on_board((row, col)) else [],
        }
        out.add("word", 5, letter, element, f"starting word, letter {i + 1}: {letter} on {where} (5 bits)")


def _tile_element(index: int, row: int, col: int, turn: int) -> dict[str, Any]:
    return {"kind": "tile", "index": index, "turn": turn, "cells": [[row, col]]}


def _v4_tiles(out: BitSpans, count: int) -> None:
    for i in range(count):
        fields = out.peek(16)
        (row, col), code, turn = divmod(fields >> 9, SIZE), fields >> 3 & 63, fields & 7
        letter, blank = chr(ord("A") + code % 26), code >= 26
        value = {"row": row, "col": col, "letter": letter, "blank": blank, "turn": turn}
        what = f"a blank as {letter}" if blank else letter
        label = f"tile {i + 1}: {what} on {_square(row, col)} in turn {turn} (7 + 6 + 3 bits)"
        out.add("tile", 16, value, _tile_element(i, row, col, turn), label)


def _rack_tiles(out: BitSpans, board: Board) -> None:
    game = resolve(board)
    letters = game.letters if game is not None else ("",) * len(board.tiles)
    order = "draw order" if board.param == "g" else "sorted rack"
    for i, letter in enumerate(letters):
        fields = out.peek(13)
        (row, col), rack_index, turn = divmod(fields >> 6, SIZE), fields >> 3 & 7, fields & 7
        value: dict[str, Any] = {"row": row, "col": col, "rack_index": rack_index, "turn": turn}
        if letter:
            value["letter"] = letter
        slot = f"rack slot {rack_index + 1}"
        what = f"{letter} ({slot}, {order})" if letter else slot
        label = f"tile {i + 1}: {what} on {_square(row, col)} in turn {turn} (7 + 3 + 3 bits)"
        out.add("tile", 13, value, _tile_element(i, row, col, turn), label)

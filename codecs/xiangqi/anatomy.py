"""The anatomy of a xiangqi slug or of Xiangqi FEN.

A slug (either base64 alphabet, with or without the `xiangqi:` prefix, 1-bit or 0-bit
fill) is one bit for the side to move, one span per piece row (32 of them: the row's
prefix code, 3-7 bits), then the bits that fill the last byte, any bytes after the
position (the series' move history, which the decoder ignores) and the bits base64 adds
past the last byte. FEN is text: one span per piece letter, per digit of an empty run,
per '/' and per run of spaces, then the side to move and any later fields.

Cells are the points of the canvas as it draws them unflipped: [row, col] with row 0
Black's back rank at the top and col 0 the left file as Red sees it, so a square is
row * 9 + col (FEN reading order). A captured piece stands nowhere and has no cells.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..anatomy import Anatomy, BitSpans, Span, base64_payload, char_bounds
from ..bits import STD_ALPHABET
from ..errors import SlugError
from ..links import Source, carve, stripped_bounds
from . import ANATOMY_FIELDS
from .fen import _FEN_ALIASES, from_fen
from .model import CANDIDATES, CAPTURED, NAME, PREFIX, ROW_LETTERS, piece_name, square_name
from .slug import _FEN_LIKE, _FEN_SHAPE, _unwrap_keeping_spaces, decode, decode_slug


def explain(text: str) -> Anatomy:
    """The spans of a slug or FEN (any form `decode` reads), placed in `text`."""
    decode(text)  # a text that does not read raises its SlugError here
    form, body, bounds = _carve(text)
    if form == "fen":
        return _explain_fen(text, body, bounds)
    return _explain_slug(text, body, bounds)


def _carve(text: str) -> tuple[str, str, list[int]]:
    """("fen" or "slug", the text the decoder read, where each of its characters starts in
    `text` and where the last one ends), taking the decoder's path through `text`."""
    start, end = stripped_bounds(text)
    carved, source = carve(text, start, end, strip=True)
    bounds = char_bounds(text, source, carved)
    if carved[: len(PREFIX)].lower() == PREFIX:
        rest = carved[len(PREFIX) :]
        skip = len(PREFIX) + len(rest) - len(rest.lstrip())
        carved, bounds = carved[skip:], bounds[skip:]
    if _FEN_SHAPE.match(carved):
        return ("fen" if _reads(from_fen, carved) else "slug"), carved, bounds
    plussed = carved.replace(" ", "+")
    if _FEN_LIKE.match(carved):
        return ("slug", plussed, bounds) if _reads(decode_slug, plussed) else ("fen", carved, bounds)
    if _reads(decode_slug, plussed):
        return "slug", plussed, bounds
    # The decoder's last try: a '+' at either end that a query string made a space, which
    # stripping dropped; it reads the raw text, escapes and all.
    edged = _unwrap_keeping_spaces(text) or ""
    lead = len(text) - len(text.lstrip("\r\n\t"))
    if text[lead : lead + len(PREFIX)].lower() == PREFIX:
        lead += len(PREFIX)
    return "slug", edged, list(range(lead, lead + len(edged) + 1))


def _reads(reader: Any, body: str) -> bool:
    try:
        reader(body)
    except SlugError:
        return False
    return True


# --- the bit code -----------------------------------------------------------------------


def _read_code(bits: str, at: int, n: int) -> tuple[int, int]:
    """(index, width) of the prefix code for a list of `n` starting at bit `at`
    (formats/xiangqi.md: k bits, and one more when they fall in the long part)."""
    k = n.bit_length() - 1
    value = int(bits[at : at + k] or "0", 2)
    if n == 1 << k or value < (1 << (k + 1)) - n:
        return value, k
    return (value + (n - (1 << k)) if bits[at + k] == "1" else value), k + 1


def _bits(count: int) -> str:
    return f"{count} bit{'' if count == 1 else 's'}"


def _piece(row: int, square: int, width: int) -> tuple[str, dict[str, Any], str]:
    letter = ROW_LETTERS[row]
    name = piece_name(letter).capitalize()
    element: dict[str, Any] = {"kind": "piece", "piece_row": row, "piece": letter}
    if square == CAPTURED:
        element["captured"] = True
        return "captured", element, f"{name} captured ({_bits(width)})"
    element["square"] = square
    element["cells"] = [list(divmod(square, 9))]
    return square_name(square), element, f"{name} on {square_name(square)} ({_bits(width)})"


def _explain_slug(text: str, slug: str, bounds: list[int]) -> Anatomy:
    bits, _ = base64_payload(slug, Source(bounds[0], bounds[-1]), STD_ALPHABET)
    out = BitSpans(bits, Source(bounds[0], bounds[-1]), bounds=bounds)
    red = out.peek(1) == 1
    out.add("colour", 1, "red" if red else "black", {"kind": "board"}, f"{'Red' if red else 'Black'} to move (1 bit)")
    for row, candidates in enumerate(CANDIDATES):
        index, width = _read_code(bits, out.at, len(candidates))
        value, element, label = _piece(row, candidates[index], width)
        out.add("piece", width, value, element, label)
    fill = -out.at % 8
    if fill:
        kind = "1s" if out.peek(fill) == (1 << fill) - 1 else "0s" if out.peek(fill) == 0 else "mixed bits"
        out.add("padding", fill, label=f"fill to the end of the byte: {kind}, ignored ({_bits(fill)})")
    whole = len(bits) // 8 * 8
    if whole > out.at:
        count = (whole - out.at) // 8
        # The article's series appends the move history here; positions never read it.
        out.add("padding", whole - out.at, label=f"{count} byte{'s' if count > 1 else ''} after the position, ignored")
    if out.remaining:
        out.add("padding", out.remaining, label=f"base64's bits past the last byte ({_bits(out.remaining)})")
    body = len(slug.rstrip("="))
    out.spans.extend(
        Span("padding", (bounds[i], bounds[i + 1]), "=", "=", None, None, "base64 padding")
        for i in range(body, len(slug))
    )
    urlsafe = any(ch in "-_" for ch in slug)
    anatomy = out.anatomy(NAME, "slug-urlsafe" if urlsafe else "slug", text, (bounds[0], bounds[-1]), ANATOMY_FIELDS)
    return anatomy


# --- FEN --------------------------------------------------------------------------------


def _explain_fen(text: str, fen: str, bounds: Sequence[int]) -> Anatomy:
    spans: list[Span] = []

    def span(start: int, end: int, field: str, value: Any, element: dict[str, Any] | None, label: str) -> None:
        spans.append(Span(field, (bounds[start], bounds[end]), fen[start:end], value, None, element, label))

    placement_end = len(fen.split(None, 1)[0])
    row, col = 0, 0
    for i, ch in enumerate(fen[:placement_end]):
        if ch == "/":
            span(i, i + 1, "separator", "/", None, f"end of rank {9 - row}")
            row, col = row + 1, 0
        elif ch.isdigit():
            run = int(ch)
            cells = [[row, c] for c in range(col, col + run)]
            where = square_name(row * 9 + col)
            if run > 1:
                where += "-" + square_name(row * 9 + col + run - 1)
            label = f"{run} empty point{'s' if run > 1 else ''} ({where})"
            span(i, i + 1, "separator", run, {"kind": "empty", "cells": cells}, label)
            col += run
        else:
            letter = _FEN_ALIASES.get(ch, ch)
            square = row * 9 + col
            element = {"kind": "piece", "piece": letter, "square": square, "cells": [[row, col]]}
            span(i, i + 1, "piece", letter, element, f"{piece_name(letter).capitalize()} on {square_name(square)}")
            col += 1
    fields = 0
    for match in re.finditer(r"\s+|\S+", fen[placement_end:]):
        start, end = placement_end + match.start(), placement_end + match.end()
        if match.group().isspace():
            span(start, end, "separator", match.group(), None, "space between FEN fields")
        elif fields == 0:
            fields += 1
            red = match.group().lower() in ("w", "r", "red")
            side = "Red" if red else "Black"
            span(start, end, "colour", side.lower(), {"kind": "board"}, f"{side} to move")
        else:
            fields += 1
            span(start, end, "header", match.group(), None, f"FEN field {fields + 1}, ignored")
    return Anatomy(NAME, "fen", text, (bounds[0], bounds[len(fen)]), "char", tuple(spans), fields=ANATOMY_FIELDS)

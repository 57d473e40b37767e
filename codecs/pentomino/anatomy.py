"""The anatomy of a pentomino slug, character by character, in every form the decoder
reads: v3 (surface, height, width, four characters per piece, the terrain section in its
plain, Y and Z forms, the colour section), the legacy digit-first forms (v1, v1.1, v1.5
and v2: `H sep W`, then letter, orientation and decimal coordinates per piece, then the
colour groups) and v0 (JSONCrush), whose packing scatters every piece over the whole
text, so it is explained as one span for the board. The Anatomy's `format` is "v3",
"v2", "v1" (`.` separators), "v1.5" (`_` separators, v1.1 included) or "v0".

Cells are [row, col] as the canvas draws them: row 0 is the top row, col 0 the left
column (the format's (x, y)). A piece covers the cells it paints, after the surface's
seams (cells that run off a wall are left out and listed under "overflow"); terrain
covers its one cell. Every item placed on the board has an `item` number in slug order;
when a later item takes the same anchor, the earlier one is marked `replaced`, as the
decoder drops it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..anatomy import Anatomy, Span, cells_json, text_span
from ..links import Source, carve, locate_slug, stripped_bounds
from ..wording import plural
from . import ANATOMY_FIELDS
from .geometry import placed_cells
from .model import _VALUE, COLOR_NAMES, NAME, SURFACES, TERRAIN, Board, square_name
from .slug import _orientation, decode, slug_of

Element = dict[str, Any]


def explain(text: str) -> Anatomy:
    """The spans of a pentomino slug or link, placed in `text`."""
    board = decode(text)  # a text that does not read raises its SlugError here
    slug, source = _carve(text)
    out = _Spans(slug, source)
    first = slug[0]
    if first.isdigit() and first.isascii():
        version = _explain_legacy(out)
    elif first == "(" and "\x01" in slug:
        version = _explain_v0(out, board)
    else:
        version = _explain_v3(out)
    spans = out.finish()
    end = source.position_in_text(len(slug))
    return Anatomy(NAME, version, text, (source.position_in_text(0), end), "char", spans, fields=ANATOMY_FIELDS)


def _carve(text: str) -> tuple[str, Source]:
    """The slug as `slug_of` reads it and where it stands in `text`: after the first `#`
    (and a `/` after it) of the trimmed text, percent escapes undone, trimmed again."""
    slug = slug_of(text)
    start, end = stripped_bounds(text)
    hash_at = text.find("#", start, end)
    if hash_at >= 0:
        start = hash_at + 1
        if start < end and text[start] == "/":
            start += 1
    carved, source = carve(text, start, end, strip=True)
    if carved != slug:
        source = locate_slug(text, slug)
    return slug, source


class _Spans:
    def __init__(self, slug: str, source: Source) -> None:
        self.slug = slug
        self.source = source
        self.spans: list[Span] = []
        self.items: list[Element] = []
        self.surface = "R"
        self.height = self.width = 0

    def add(self, start: int, end: int, field: str, value: Any, element: Element | None, label: str) -> None:
        if end > start:
            self.spans.append(text_span(self.source, start, end, self.slug, field, value, element, label))

    def board(self, surface: str, height: int, width: int) -> Element:
        self.surface, self.height, self.width = surface, height, width
        return {"kind": "board", "surface": surface, "height": height, "width": width}

    def piece(self, name: str, row: int, col: int, rotation: int, reflected: bool, colour: int) -> Element:
        on, off = placed_cells(self.surface, self.height, self.width, name, row, col, rotation, reflected)
        element: Element = {
            "kind": "piece",
            "item": len(self.items),
            "name": name,
            "anchor": [row, col],
            "rotation": rotation,
            "reflected": reflected,
            "colour": colour,
            "cells": [[r, c] for r, c, _bits in on],
        }
        if off:
            element["overflow"] = cells_json(list(dict.fromkeys(off)))  # the edge cells the canvas marks
        self.items.append(element)
        return element

    def terrain(self, row: int, col: int) -> Element:
        element: Element = {"kind": "terrain", "item": len(self.items), "anchor": [row, col], "cells": [[row, col]]}
        self.items.append(element)
        return element

    def finish(self) -> tuple[Span, ...]:
        # The decoder keeps the last item at each anchor; say so on the ones it drops.
        last: dict[tuple[int, int], int] = {}
        for element in self.items:
            last[(element["anchor"][0], element["anchor"][1])] = element["item"]
        for element in self.items:
            if last[(element["anchor"][0], element["anchor"][1])] != element["item"]:
                element["replaced"] = True
        return tuple(
            replace(span, label=span.label + " (a later item at the same anchor replaces it)")
            if span.element is not None and span.element.get("replaced")
            else span
            for span in self.spans
        )


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _orientation_words(rotation: int, reflected: bool) -> str:
    turns = {0: "not turned", 1: "turned right once", 2: "turned twice", 3: "turned left once"}[rotation]
    return turns + (", flipped top to bottom first" if reflected else "")


def _colour_words(colour: int) -> str:
    return f"colour {colour} ({COLOR_NAMES[colour]})"


# --- v3 ----------------------------------------------------------------------------------


def _explain_v3(out: _Spans) -> str:
    slug = out.slug
    surface, height, width = slug[0], _VALUE[slug[1]], _VALUE[slug[2]]
    board = out.board(surface, height, width)
    out.add(0, 1, "header", SURFACES[surface], board, f"surface: {SURFACES[surface]}")
    out.add(1, 2, "size", height, board, f"height: {_count(height, 'row')}")
    out.add(2, 3, "size", width, board, f"width: {_count(width, 'column')}")
    n = len(slug)
    i = 3
    while i < n:
        ch = slug[i]
        if ch == "_":
            break
        if ch == TERRAIN:
            out.add(i, i + 1, "separator", ch, None, "'R': the terrain follows")
            i = _explain_terrain(out, i + 1)
            break
        _v3_piece(out, i)
        i += 4
    if i < n:
        out.add(i, i + 1, "separator", "_", None, "'_': the colours of names not on the board follow")
        _explain_colours(out, i + 1, legacy=False)
    return "v3"


def _v3_piece(out: _Spans, i: int) -> None:
    slug = out.slug
    letter = slug[i]
    name = letter.upper()
    rotation, reflected, low = _orientation(slug[i + 1], i + 1)
    colour = low + 6 * letter.islower()
    row, col = _VALUE[slug[i + 2]], _VALUE[slug[i + 3]]
    element = out.piece(name, row, col, rotation, reflected, colour)
    number = element["item"] + 1
    case = "lowercase: colour 6-11" if letter.islower() else "uppercase: colour 0-5"
    out.add(i, i + 1, "piece", name, element, f"item {number}: piece {name} ({case})")
    out.add(
        i + 1,
        i + 2,
        "piece",
        {"rotation": rotation, "reflected": reflected, "colour": colour},
        element,
        f"{name}: {_orientation_words(rotation, reflected)}; {_colour_words(colour)}",
    )
    out.add(i + 2, i + 3, "piece", row, element, f"{name}: anchor in row {row + 1}")
    out.add(i + 3, i + 4, "piece", col, element, f"{name}: anchor in column {col + 1}")


def _explain_terrain(out: _Spans, i: int) -> int:
    """The terrain section from i, read as `slug._decode_terrain` reads it; returns the
    index of the '_' that ends it, or the end of the slug."""
    slug = out.slug
    end = slug.find("_", i)
    if end < 0:
        end = len(slug)
    mode = slug[i] if i < end and slug[i] in "YZ" else "plain"
    if mode == "Y":
        out.add(i, i + 1, "terrain", mode, None, "'Y': terrain in groups of cells sharing a column")
        i += 1
    elif mode == "Z":
        out.add(i, i + 1, "terrain", mode, None, "'Z': terrain in groups of cells sharing a row")
        i += 1
    while mode != "plain" and i < end:
        count = _VALUE[slug[i]]
        if count == 0:
            out.add(i, i + 1, "separator", 0, None, "'0': the cells alone in their group follow, in pairs")
            i += 1
            break
        key = _VALUE[slug[i + 1]]
        members = range(i + 2, i + 3 + count)
        cells = [(key, _VALUE[slug[j]]) if mode == "Z" else (_VALUE[slug[j]], key) for j in members]
        line = "row" if mode == "Z" else "column"
        group: Element = {"kind": "terrain group", line: key, "cells": cells_json(cells)}
        out.add(i, i + 1, "terrain", count + 1, group, f"a group of {count + 1} terrain cells")
        out.add(i + 1, i + 2, "terrain", key, group, f"the group's {line}: {line} {key + 1}")
        for j, (row, col) in zip(members, cells):
            out.add(j, j + 1, "terrain", [row, col], out.terrain(row, col), f"terrain at {square_name(row, col)}")
        i += 3 + count
    # An odd pair list loses its last character, and a Y list is then read as plain
    # pairs, exactly as the decoder does (formats/pentomino.md, section 3.1).
    pair_end = end
    if (end - i) % 2:
        pair_end = end - 1
        if mode == "Y":
            mode = "plain"
    for j in range(i, pair_end, 2):
        if mode == "Y":
            col, row = _VALUE[slug[j]], _VALUE[slug[j + 1]]
            order = " (written column first)"
        else:
            row, col = _VALUE[slug[j]], _VALUE[slug[j + 1]]
            order = ""
        out.add(j, j + 2, "terrain", [row, col], out.terrain(row, col), f"terrain at {square_name(row, col)}{order}")
    if pair_end < end:
        out.add(pair_end, end, "padding", slug[pair_end], None, "ignored: a terrain coordinate with no partner")
    return end


def _explain_colours(out: _Spans, i: int, *, legacy: bool) -> None:
    """The colour groups: a digit picks a group, each name after it takes that colour
    (v3: plus 6 for a lowercase name, and a repeated digit adds to its group; legacy: a
    repeated digit empties its group first, and separators between them carry nothing)."""
    slug = out.slug
    last_digit = {ch: j for j, ch in enumerate(slug) if j >= i and "0" <= ch <= "9"} if legacy else {}
    current = 0
    cleared = False
    seen: set[str] = set()
    for j in range(i, len(slug)):
        ch = slug[j]
        if ch in "._" and legacy:
            out.add(j, j + 1, "separator", ch, None, "a separator in the colour section")
        elif "0" <= ch <= "9" or (ch in "ab" and not legacy):
            current = _VALUE[ch]
            cleared = legacy and last_digit[ch] != j
            again = legacy and ch in seen
            seen.add(ch)
            words = "; it empties the group first" if again else ""
            out.add(j, j + 1, "colour", current, None, f"colour group {current}: the names after it take it{words}")
        else:
            name = ch.upper()
            colour = current if legacy else current + 6 * ch.islower()
            element: Element = {"kind": "name", "name": name, "colour": colour}
            label = f"{name}: {_colour_words(colour)}"
            if cleared:
                element["cleared"] = True
                label += f" (taken back: group {current} is given again later)"
            out.add(j, j + 1, "colour", colour, element, label)


# --- legacy (v1, v1.1, v1.5, v2) ----------------------------------------------------------


def _explain_legacy(out: _Spans) -> str:
    """The digit-first forms, walked with the decoder's state machine (formats/pentomino.md
    section 4): the height up to the first separator, the width up to the first letter,
    then letter, orientation and coordinates per piece, then the colour section."""
    slug = out.slug
    n = len(slug)
    first_sep = next(i for i, ch in enumerate(slug) if ch in "._")
    i = first_sep + 1
    while i < n and "0" <= slug[i] <= "9":
        i += 1
    height, width = int(slug[:first_sep]), int(slug[first_sep + 1 : i] or "0")
    board = out.board("R", height, width)
    out.add(0, first_sep, "size", height, board, f"height: {_count(height, 'row')}")
    out.add(first_sep, first_sep + 1, "separator", slug[first_sep], None, "between the height and the width")
    out.add(first_sep + 1, i, "size", width, board, f"width: {_count(width, 'column')}")
    separators = {slug[first_sep]}
    while i < n and slug[i] not in "._":
        i = _legacy_piece(out, i, separators)
    if i < n:
        out.add(i, i + 1, "separator", slug[i], None, "the colours of names not on the board follow")
        _explain_colours(out, i + 1, legacy=True)
    if "." in separators:
        return "v1"
    return "v2" if any(s.field == "piece" and s.element and s.element.get("split") for s in out.spans) else "v1.5"


def _legacy_piece(out: _Spans, i: int, separators: set[str]) -> int:
    """One piece from its letter at i; returns where the next piece or the colour section
    starts. A separator inside the coordinates splits them only for an uppercase letter
    with at most two digits read, and only once."""
    slug = out.slug
    n = len(slug)
    letter = slug[i]
    name = letter.upper()
    rotation, reflected, colour = _orientation(slug[i + 1], i + 1)
    start = j = i + 2
    split_at = -1
    while j < n:
        ch = slug[j]
        if "0" <= ch <= "9":
            j += 1
        elif ch in "._" and split_at < 0 and letter.isupper() and j - start <= 2:
            split_at = j
            separators.add(ch)
            j += 1
        else:
            break
    if split_at >= 0:
        x_span, y_span = (start, split_at), (split_at + 1, j)
    else:
        cut = min(start + (2 if letter.isupper() else 1), j)
        x_span, y_span = (start, cut), (cut, j)
    row, col = (int(slug[a:b] or "0") for a, b in (x_span, y_span))
    if name == TERRAIN:
        element = out.terrain(row, col)
        field, what = "terrain", "terrain"
    else:
        element = out.piece(name, row, col, rotation, reflected, colour)
        field, what = "piece", f"piece {name}"
    if split_at < 0 and j > start:
        element["split"] = "by letter case"
    number = element["item"] + 1
    digits = "two" if letter.isupper() else "one"
    case = f" ({digits}-digit row)" if split_at < 0 else ""
    out.add(i, i + 1, field, name, element, f"item {number}: {what}{case}")
    out.add(
        i + 1,
        i + 2,
        field,
        {"rotation": rotation, "reflected": reflected, "colour": colour},
        element,
        f"{name}: {_orientation_words(rotation, reflected)}; {_colour_words(colour)}",
    )
    out.add(*x_span, field, row, element, f"{name}: anchor in row {row + 1}")
    if split_at >= 0:
        out.add(split_at, split_at + 1, "separator", slug[split_at], None, "between the row and the column")
    out.add(*y_span, field, col, element, f"{name}: anchor in column {col + 1}")
    return j


# --- v0 (JSONCrush) -------------------------------------------------------------------------


def _explain_v0(out: _Spans, board: Board) -> str:
    slug = out.slug
    keys_at = slug.index("\x01")
    end = len(slug) - 1 if slug.endswith("_") else len(slug)
    cells: set[tuple[int, int]] = set(board.terrain)
    for piece in board.pieces:
        on, _off = placed_cells(
            "R", board.height, board.width, piece.name, piece.row, piece.col, piece.rotation, piece.reflected
        )
        cells.update((r, c) for r, c, _bits in on)
    element: Element = {
        "kind": "board",
        "surface": "R",
        "height": board.height,
        "width": board.width,
        "pieces": [p.name for p in board.pieces],
        "terrain": len(board.terrain),
        "cells": cells_json(sorted(cells)),
    }
    out.add(
        0,
        keys_at,
        "piece",
        f"{board.height}x{board.width}, {plural(len(board.pieces), 'piece')}, {len(board.terrain)} terrain",
        element,
        "the whole board as packed JSON: no character stands for one piece",
    )
    out.add(keys_at, keys_at + 1, "separator", "\x01", None, "U+0001: the packing's key list follows")
    out.add(keys_at + 1, end, "dictionary", slug[keys_at + 1 : end], None, "the packing's keys, undone last to first")
    out.add(end, len(slug), "padding", "_", None, "a closing '_', ignored")
    return "v0"

"""Slug anatomy: what every character of a slug holds.

A game's `explain(text)` reads a slug (bare or in any link form) and returns an
`Anatomy`: the slug's payload cut into `Span`s, in order, that together cover it with no
gap and no overlap. A span names its field (one of FIELD_TITLES, which any format may
have, or one the game declares in its package as ANATOMY_FIELDS), the bits it takes (bit
formats: the payload's bits after base64 is undone, counted from 0), the characters of
the text the user gave that hold those bits, the value read, and the board element it
belongs to.

This is the bottom of the anatomy: the types and the helpers a game's reader builds its
spans with. Which game's `explain` a text goes to is the registry's (`reading.explain`).

An element is a small JSON object: `kind` ("cell", "piece", "event", "tile", "board"),
what names it (an index, a piece letter...) and, when it stands somewhere on the board,
`cells`: the [row, col] pairs it covers, in the grid the game's canvas draws. The window
uses `cells` both ways: resting on a character lights the element's cells, resting on a
cell lights the characters of every span whose element covers it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .links import Source

# The fields every format may have, and what each is for a person (tooltips, the legend
# of the bar): the frame of a slug. A game declares its own fields (a mine, a tile, a
# given) as ANATOMY_FIELDS in its package, field -> title, and its spans use those and
# these alone. A summary lists the fields in this order, the game's own between the two.
FIRST_FIELDS: dict[str, str] = {
    "magic": "the format's mark",
    "version": "the format's version",
    "header": "header",
    "size": "the board's size",
}
LAST_FIELDS: dict[str, str] = {
    "separator": "a separator",
    "padding": "padding",
}
FIELD_TITLES: dict[str, str] = {**FIRST_FIELDS, **LAST_FIELDS}


@dataclass(frozen=True, slots=True)
class Span:
    """One field of a slug.

    chars    [start, end) in the text the user gave
    bits     [start, end) in the payload's bits, or None for text formats and for
             characters that carry no bits (base64 '=' padding)
    raw      the field as written: its bits as '0'/'1' (bit formats) or its characters
    """

    field: str
    chars: tuple[int, int]
    raw: str
    value: Any = None
    bits: tuple[int, int] | None = None
    element: dict[str, Any] | None = None
    label: str = ""

    @property
    def cells(self) -> list[tuple[int, int]]:
        if not self.element:
            return []
        return [(int(r), int(c)) for r, c in self.element.get("cells", ())]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.bits is not None:
            out["bits"] = list(self.bits)
        out["chars"] = list(self.chars)
        out["field"] = self.field
        out["value"] = self.value
        if self.element is not None:
            out["element"] = self.element
        if self.label:
            out["label"] = self.label
        return out


@dataclass(frozen=True, slots=True)
class Anatomy:
    """A slug cut into spans. `slug` bounds the payload in `text`; `unit` is "bit" when the
    spans' sizes count bits (a base64 payload) and "char" when they count characters.
    `fields` are the game's own fields (its ANATOMY_FIELDS): a span's field is one of them
    or one of FIELD_TITLES."""

    game: str
    format: str
    text: str
    slug: tuple[int, int]
    unit: str
    spans: tuple[Span, ...]
    bit_total: int = 0  # bit formats: the bits the payload's characters hold
    fields: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    _starts: list[int] = field(default_factory=list, compare=False, repr=False)
    _by_cell: dict[tuple[int, int], list[int]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        unknown = {span.field for span in self.spans} - FIELD_TITLES.keys() - self.fields.keys()
        if unknown:
            raise ValueError(f"unknown field {min(unknown)!r}: {self.game} declares no such field")

    def title_of(self, name: str) -> str:
        """What field `name` is, for a person."""
        return self.fields.get(name) or FIELD_TITLES.get(name, name)

    def indexes_at(self, char: int) -> list[int]:
        """The indexes of the spans that hold character `char` of the text (a base64
        character can hold the end of one field and the start of the next)."""
        # Spans come in order, so their starts and their ends both only grow: the spans
        # holding `char` are the last ones that start at or before it, going back while
        # they still end after it. No index per character (a long game has a million).
        if not self._starts and self.spans:
            self._starts.extend(span.chars[0] for span in self.spans)
        found: list[int] = []
        i = bisect_right(self._starts, char) - 1
        while i >= 0 and self.spans[i].chars[1] > char:
            found.append(i)
            i -= 1
        found.reverse()
        return found

    def spans_at(self, char: int) -> list[Span]:
        return [self.spans[i] for i in self.indexes_at(char)]

    def spans_of_cell(self, row: int, col: int) -> list[Span]:
        """The spans whose element covers the cell, in slug order."""
        if not self._by_cell and self.spans:
            for i, span in enumerate(self.spans):
                for cell in span.cells:
                    self._by_cell.setdefault(cell, []).append(i)
            self._by_cell.setdefault((-1, -1), [])  # built, even for a slug of no cells
        return [self.spans[i] for i in self._by_cell.get((row, col), ())]

    def size_of(self, span: Span) -> int:
        """The bits (bit formats) or characters (text formats) a span takes; a base64 '='
        takes no bits."""
        if self.unit == "bit":
            return span.bits[1] - span.bits[0] if span.bits is not None else 0
        return span.chars[1] - span.chars[0]

    def totals(self) -> dict[str, dict[str, int]]:
        """Per field, in the order of the fields (FIRST_FIELDS, the game's own, LAST_FIELDS):
        how many spans, and their bits or characters."""
        out: dict[str, dict[str, int]] = {}
        for name in (*FIRST_FIELDS, *self.fields, *LAST_FIELDS):
            spans = [s for s in self.spans if s.field == name]
            if spans:
                out[name] = {"spans": len(spans), self.unit + "s": sum(map(self.size_of, spans))}
        return out

    def summary(self) -> dict[str, Any]:
        total = sum(map(self.size_of, self.spans))
        return {
            "summary": True,
            "game": self.game,
            "format": self.format,
            "chars": self.slug[1] - self.slug[0],
            self.unit + "s": total,
            "fields": self.totals(),
        }


def check(anatomy: Anatomy) -> None:
    """Raise ValueError unless the spans cover the payload in order, with no gap and no
    overlap: the bits from 0 to the end (bit formats), or the slug's characters (text
    formats); and every span's characters lie inside the slug."""
    start, end = anatomy.slug
    spans = anatomy.spans
    for span in spans:
        if not start <= span.chars[0] <= span.chars[1] <= end:
            raise ValueError(f"span {span} lies outside the slug {anatomy.slug}")
    if anatomy.unit == "bit":
        at = 0
        for span in spans:
            if span.bits is None:
                continue
            if span.bits[0] != at or span.bits[1] < span.bits[0] or len(span.raw) != span.bits[1] - span.bits[0]:
                raise ValueError(f"bit span {span} does not start at bit {at}")
            at = span.bits[1]
        if at != anatomy.bit_total:
            raise ValueError(f"the bit spans end at bit {at}, the payload at {anatomy.bit_total}")
        last = max((s.chars[1] for s in spans), default=start)
        if last != end:
            raise ValueError(f"the spans end at character {last}, the slug at {end}")
    else:
        at = start
        for span in spans:
            if span.chars[0] != at:
                raise ValueError(f"span {span} does not start at character {at}")
            at = span.chars[1]
        if at != end:
            raise ValueError(f"the spans end at character {at}, the slug at {end}")


class BitSpans:
    """Builds the spans of a base64 payload field by field.

    `source` places the payload's characters in the user's text; each payload character
    holds `bits_per_char` bits (6 for base64). `add` takes the next `width` bits. With
    `bounds` (see `char_bounds`), a span's characters run to the end of its last
    character's percent escape rather than one past its first text character.
    """

    def __init__(
        self, payload_bits: str, source: Source, *, bits_per_char: int = 6, bounds: Sequence[int] | None = None
    ) -> None:
        self.payload = payload_bits
        self.source = source
        self.bits_per_char = bits_per_char
        self.bounds = bounds
        self.at = 0
        self.spans: list[Span] = []

    @property
    def remaining(self) -> int:
        return len(self.payload) - self.at

    def peek(self, width: int) -> int:
        return int(self.payload[self.at : self.at + width] or "0", 2)

    def chars_of(self, start: int, end: int) -> tuple[int, int]:
        if self.bounds is not None:
            last = (max(end, start + 1) - 1) // self.bits_per_char
            return self.bounds[start // self.bits_per_char], self.bounds[last + 1]
        first = self.source.position_in_text(start // self.bits_per_char)
        last = self.source.position_in_text((max(end, start + 1) - 1) // self.bits_per_char) + 1
        return first, last

    def add(
        self, field: str, width: int, value: Any = None, element: dict[str, Any] | None = None, label: str = ""
    ) -> int:
        """Take the next `width` bits as one span; returns their number. `value` defaults
        to that number."""
        if width > self.remaining:
            raise ValueError(f"{field}: {width} bits wanted, {self.remaining} left")
        raw = self.payload[self.at : self.at + width]
        number = int(raw or "0", 2)
        span = Span(
            field,
            self.chars_of(self.at, self.at + width),
            raw,
            number if value is None else value,
            (self.at, self.at + width),
            element,
            label,
        )
        self.spans.append(span)
        self.at += width
        return number

    def pad(self, trailing: Iterable[tuple[int, int]] = ()) -> None:
        """The bits left as padding, then one span per trailing character in `trailing`
        (where each base64 '=' sign stands in the text: one character, or the three of
        its escape), which hold no bits."""
        if self.remaining:
            self.add("padding", self.remaining, label="padding bits")
        for chars in trailing:
            self.spans.append(Span("padding", chars, "=", "=", None, None, "base64 padding"))

    def anatomy(
        self, game: str, format: str, text: str, slug: tuple[int, int], fields: dict[str, str] | None = None
    ) -> Anatomy:
        return Anatomy(game, format, text, slug, "bit", tuple(self.spans), len(self.payload), dict(fields or {}))


def base64_payload(slug: str, source: Source, alphabet: str) -> tuple[str, list[int]]:
    """The payload bits of a base64 slug read straight from its characters, and the text
    indexes of its '=' padding characters. The slug has been decoded already, so its
    characters are known to be base64."""
    body = slug.rstrip("=")
    table = {ch: i for i, ch in enumerate(alphabet)}
    table.update({"-": 62, "_": 63, "+": 62, "/": 63})
    bits = "".join(format(table[ch], "06b") for ch in body)
    trailing = [source.position_in_text(i) for i in range(len(body), len(slug))]
    return bits, trailing


def text_span(
    source: Source,
    start: int,
    end: int,
    slug: str,
    field: str,
    value: Any = None,
    element: dict[str, Any] | None = None,
    label: str = "",
) -> Span:
    """A span of characters `slug[start:end]` of a text format, placed in the user's text:
    from where its first character begins to where the next one does (or the slug ends),
    so a character written as a percent escape spans the whole escape."""
    first = source.position_in_text(start)
    last = source.position_in_text(end) if end > start else first
    return Span(
        field, (first, last), slug[start:end], slug[start:end] if value is None else value, None, element, label
    )


def char_bounds(text: str, source: Source, slug: str) -> list[int]:
    """Where each character of `slug` (carved from `text` at `source`) starts in `text`,
    then where the last one ends: len(slug) + 1 indexes. A character written as a percent
    escape owns the whole escape, so spans built on these bounds leave no text between
    them."""
    bounds = [source.position_in_text(i) for i in range(len(slug))]
    if not slug:
        return [source.start]
    last = bounds[-1]
    width = 1
    # Undoing escapes is the only thing that gives a Source origins; a '%' and two hex
    # digits at a character's origin are then always its escape.
    if source.origins is not None and text[last : last + 1] == "%" and _hex_pair(text[last + 1 : last + 3]):
        width = 3 * len(slug[-1].encode("utf-8", "surrogatepass"))
    bounds.append(min(last + width, len(text)))
    return bounds


def _hex_pair(pair: str) -> bool:
    return len(pair) == 2 and all(ch in "0123456789abcdefABCDEF" for ch in pair)


def cells_json(cells: Sequence[tuple[int, int]]) -> list[list[int]]:
    return [[r, c] for r, c in cells]

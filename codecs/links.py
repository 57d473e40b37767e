"""Taking a slug out of whatever a person pasted: a bare slug, a full link, a link whose
query string was percent-encoded or had `+` turned into spaces, text with whitespace around."""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import compress
from typing import overload
from urllib.parse import unquote

from .errors import SlugError


def strip_text(text: str) -> str:
    """Trim surrounding whitespace and a pair of surrounding quotes or angle brackets."""
    text = text.strip()
    for left, right in (("<", ">"), ('"', '"'), ("'", "'")):
        if len(text) >= 2 and text[0] == left and text[-1] == right:
            text = text[1:-1].strip()
    return text


def is_link(text: str) -> bool:
    return "://" in text or text.startswith(("www.", "?", "#"))


def query_params(text: str) -> dict[str, str]:
    """The raw (still percent-encoded) parameters of a link's query string, first wins."""
    query = text.split("?", 1)[1] if "?" in text else ""
    query = query.split("#", 1)[0]
    params: dict[str, str] = {}
    for part in query.split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        params.setdefault(unquote(name), value)
    return params


def fragment(text: str) -> str | None:
    """The raw fragment of a link (after `#`), or None."""
    return text.split("#", 1)[1] if "#" in text else None


def percent_decode(text: str) -> str:
    """Undo %XX escapes, leaving `+` as it is (a base64 `+` is data, not a space); raises
    UnicodeDecodeError when their bytes are not UTF-8."""
    return _unescaped(text) if "%" in text else text


def slug_from(text: str, params: tuple[str, ...] = (), *, fragment_prefix: str | None = None) -> str:
    """The slug inside `text`: the value of the first of `params` found in a query string,
    else the fragment after `fragment_prefix`, else the whole text. Percent escapes are
    undone; whitespace around is dropped."""
    text = strip_text(text)
    if any(text.startswith(name + "=") for name in params):
        text = "?" + text
    if "?" in text or "&" in text:
        found = query_params(text if "?" in text else "?" + text)
        for name in params:
            if name in found:
                return _decode_safely(found[name]).strip()
    if fragment_prefix is not None and "#" in text:
        frag = fragment(text) or ""
        if frag.startswith(fragment_prefix):
            frag = frag[len(fragment_prefix) :]
        return _decode_safely(frag).strip()
    return _decode_safely(text)


def _decode_safely(text: str) -> str:
    try:
        return percent_decode(text)
    except UnicodeDecodeError:
        return text


# --- where the slug stands in the user's text -------------------------------------------


class Origins:
    """The text index of each character of a slug, as 8-byte integers in one array: a
    tuple of Python ints took 40 bytes a character, so a 4 MB percent-encoded paste held
    160 MB of them. Immutable, compared and hashed by its values like a tuple."""

    __slots__ = ("_values",)

    def __init__(self, values: Iterable[int] = ()) -> None:
        self._values = values if isinstance(values, array) else array("q", values)

    def __len__(self) -> int:
        return len(self._values)

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> Origins: ...
    def __getitem__(self, index: int | slice) -> int | Origins:
        if isinstance(index, slice):
            return Origins(self._values[index])
        return self._values[index]

    def __iter__(self) -> Iterator[int]:
        return iter(self._values)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Origins):
            return self._values == other._values
        if isinstance(other, tuple):
            return tuple(self._values) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values.tobytes())

    def __repr__(self) -> str:
        shown = ", ".join(str(v) for v in self._values[:8])
        return f"Origins({shown}{', …' if len(self._values) > 8 else ''})"


@dataclass(frozen=True, slots=True)
class Source:
    """Where a slug was carved from in the text the user gave, so an error found at a
    character of the slug can name the same character of that text.

    `start` and `end` bound the slug's raw characters in the text; `origins`, present when
    undoing percent escapes changed lengths, gives the text index of each slug character
    (any iterable of them is kept as `Origins`).
    """

    start: int
    end: int
    origins: Origins | None = None

    def __post_init__(self) -> None:
        if self.origins is not None and not isinstance(self.origins, Origins):
            object.__setattr__(self, "origins", Origins(self.origins))

    def position_in_text(self, position: int) -> int:
        if position < 0:
            return self.start
        if self.origins is None:
            return min(self.start + position, self.end)
        return self.origins[position] if position < len(self.origins) else self.end


WHOLE = Source(0, 2**62)  # a slug that is the user's text itself


def stripped_bounds(text: str) -> tuple[int, int]:
    """The bounds of `strip_text(text)` inside `text`."""
    start, end = 0, len(text)
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    for left, right in (("<", ">"), ('"', '"'), ("'", "'")):
        if end - start >= 2 and text[start] == left and text[end - 1] == right:
            start, end = start + 1, end - 1
            while start < end and text[start].isspace():
                start += 1
            while end > start and text[end - 1].isspace():
                end -= 1
    return start, end


def value_bounds(text: str, names: tuple[str, ...], start: int = 0, end: int | None = None) -> tuple[int, int] | None:
    """Where the raw value of the first of `names` found in the query string of
    `text[start:end]` stands in `text` (the first of each name wins, as in
    `query_params`), or None when none is there. A text that starts with `name=` or holds
    an `&` counts as a bare query string."""
    end = len(text) if end is None else end
    segment = text[start:end]
    if any(segment.startswith(name + "=") for name in names) or ("?" not in segment and "&" in segment):
        query = start
    elif "?" in segment:
        query = start + segment.index("?") + 1
    else:
        return None
    hash_at = text.find("#", query, end)
    query_end = end if hash_at < 0 else hash_at
    found: dict[str, tuple[int, int]] = {}
    pos = query
    while pos <= query_end:
        amp = text.find("&", pos, query_end)
        amp = query_end if amp < 0 else amp
        equals = text.find("=", pos, amp)
        name = unquote(text[pos:amp] if equals < 0 else text[pos:equals])
        if name and name not in found:
            found[name] = (amp, amp) if equals < 0 else (equals + 1, amp)
        pos = amp + 1
    for name in names:
        if name in found:
            return found[name]
    return None


def carve(text: str, start: int, end: int, *, percent: bool = True, strip: bool = False) -> tuple[str, Source]:
    """The slug `text[start:end]`, with percent escapes undone when `percent` (a bad escape
    is kept as it is) and, with `strip`, whitespace around it dropped; and its Source."""
    slug, source = _carve(text, start, end, percent)
    if not strip:
        return slug, source
    lead = len(slug) - len(slug.lstrip())
    trimmed = slug.strip()
    if source.origins is None:
        return trimmed, Source(source.start + lead, source.start + lead + len(trimmed))
    origins = source.origins[lead : lead + len(trimmed)]
    # The slug ends where the first character cut off after it begins (an escaped
    # space, say), so that its last character spans its whole escape and no more.
    after = lead + len(trimmed)
    end = source.origins[after] if after < len(source.origins) else source.end
    return trimmed, Source(origins[0] if origins else source.start, end, origins)


def unwrapped_link(text: str) -> tuple[str, Source] | None:
    """A link pasted with its own characters percent-encoded (`https%3A%2F%2F...`, as a
    link stands inside another link's query, a redirect's say): the link itself, and where
    its characters stand in `text`; None for any other text."""
    start, end = stripped_bounds(text)
    if not text[start : start + 14].lower().startswith(("http%3a%2f%2f", "https%3a%2f%2f")):
        return None
    link, source = carve(text, start, end)
    return (link, source) if source.origins is not None else None


# Where a link starts inside a message; what ends it (a space, a character no link holds
# raw: the quotes, brackets and bars chat apps put around links, and the invisible spaces
# they leave after them); and what a sentence puts right after a link: its full stop or
# comma, a closing bracket or quote, a slash. A link is first tried with these last, and
# `;` ends minesweeper slugs and `/` base64 ones.
_LINK_STARTS = ("https://", "http://", "www.")
_INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff"
_LINK_BODY = re.compile(f'[^\\s<>"`|{_INVISIBLE}]*')
_AFTER_LINK = ".,;:!?)]}'\"»”’/"
MAX_AFTER_LINK = 16  # a sentence puts a few such characters after a link, never a page of them
# A link a mail client wrapped onto the next lines: at most this many lines and characters
# (the web links of every game here are a few hundred characters).
MAX_WRAPPED_LINES = 20
MAX_WRAPPED_LINK = 10_000
_LINE_BREAK = re.compile(r"\r?\n")


def link_bounds(text: str) -> tuple[int, int] | None:
    """Where the first link in `text` stands: from its scheme (or `www.`) to the first
    space or character no link holds; None when there is none."""
    lowered = text.lower()
    found = [at for start in _LINK_STARTS if (at := lowered.find(start)) >= 0]
    if not found:
        return None
    start = min(found)
    body = _LINK_BODY.match(text, start)
    return start, body.end() if body is not None else start


def links_in_message(text: str) -> list[tuple[str, Source]]:
    """The readings of the first link in a message that holds more than the link ("Try
    this one: https://... (hard!)", or the link followed by a full stop): the link as far
    as the first space, then without the punctuation a sentence puts after it, each with
    where it stands in `text`. Empty when there is no link, or the text is the link alone."""
    bounds = link_bounds(text)
    if bounds is None:
        return []
    start, end = bounds
    readings: list[tuple[str, Source]] = []
    if bounds != stripped_bounds(text):
        readings.append((text[start:end], Source(start, end)))
    trimmed = _trimmed(text, start, end)
    if start < trimmed < end:
        readings.append((text[start:trimmed], Source(start, trimmed)))
    return readings


def wrapped_link(text: str) -> list[tuple[str, Source]]:
    """The first link of `text` joined with the lines after it, as a mail client wraps a
    long link (each line break dropped while the next line goes on without a space): with
    all the lines that can follow it, then one line fewer and so on (the last may be the
    first words of a sentence), each also without a sentence's punctuation after it.
    Empty when the link is not followed by a line break and more text."""
    bounds = link_bounds(text)
    if bounds is None:
        return []
    start, end = bounds
    pieces = [(start, end)]
    length = end - start
    while len(pieces) < MAX_WRAPPED_LINES and length <= MAX_WRAPPED_LINK:
        line_break = _LINE_BREAK.match(text, pieces[-1][1])
        if line_break is None:
            break
        body = _LINK_BODY.match(text, line_break.end())
        if body is None or body.end() == line_break.end():
            break
        pieces.append((line_break.end(), body.end()))
        length += body.end() - line_break.end()
    if length > MAX_WRAPPED_LINK:
        return []
    readings: list[tuple[str, Source]] = []
    for count in range(len(pieces), 1, -1):
        joined = pieces[:count]
        origins = Origins(i for first, last in joined for i in range(first, last))
        link = "".join(text[first:last] for first, last in joined)
        readings.append((link, Source(start, joined[-1][1], origins)))
        trimmed = _trimmed(text, *joined[-1])
        if joined[-1][0] < trimmed < joined[-1][1]:
            kept = len(origins) - (joined[-1][1] - trimmed)
            readings.append((link[:kept], Source(start, trimmed, origins[:kept])))
    return readings


def _trimmed(text: str, start: int, end: int) -> int:
    """Where `text[start:end]` ends without the few characters a sentence puts after a
    link; a closing bracket stays while the link opens as many as it closes."""
    opened = {close: text.count(open_, start, end) for open_, close in ("()", "[]", "{}")}
    closed = {close: text.count(close, start, end) for close in opened}
    trimmed = end
    while trimmed > max(start, end - MAX_AFTER_LINK) and text[trimmed - 1] in _AFTER_LINK:
        closing = text[trimmed - 1]
        if closing in opened:
            if opened[closing] >= closed[closing]:
                break
            closed[closing] -= 1
        trimmed -= 1
    return trimmed


# Percent escapes, and those of a UTF-8 continuation byte (the second to fourth bytes of
# a character, which stands where its first byte's escape does).
_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")
_CONTINUATION = re.compile(r"%[89ABab][0-9A-Fa-f]")


def _carve(text: str, start: int, end: int, percent: bool) -> tuple[str, Source]:
    """The slug with its escapes undone and where each of its characters stands, worked out
    at C speed a whole text at a time (character by character, a 4 MB link escaped whole
    took seconds, and a tuple of Python ints 40 bytes a character)."""
    raw = text[start:end]
    if not percent or "%" not in raw:
        return raw, Source(start, end)
    try:
        slug = _unescaped(raw)
    except UnicodeDecodeError:  # escapes that are not UTF-8 text: the slug as it is
        return raw, Source(start, end)
    # Each character of the slug is one of `raw` that is not the hex digits of an escape,
    # nor an escape that continues the character before it: marked with NUL, then skipped.
    marked = _ESCAPE.sub("%\0\0", _CONTINUATION.sub("\0\0\0", raw))
    kept = marked.encode("latin-1", "replace")  # a byte a character, NUL where skipped
    origins = Origins(array("q", compress(range(start, end), kept)))
    if "\0" in raw:  # a NUL of the text's own would be skipped too: the plain way
        origins = Origins(_origins_one_by_one(raw, start))
    return slug, Source(start, end, origins)


def _origins_one_by_one(raw: str, start: int) -> Iterator[int]:
    """Where each character of `raw` unescaped stands, `raw` being known to unescape."""
    i = 0
    while i < len(raw):
        yield start + i
        if raw[i] == "%" and _ESCAPE.match(raw, i):
            i += 3
            while _CONTINUATION.match(raw, i):
                i += 3
        else:
            i += 1


def _unescaped(raw: str) -> str:
    """`raw` with its percent escapes undone (raises UnicodeDecodeError when their bytes
    are not UTF-8). A text whose every `%` starts an ASCII escape (a link escaped whole
    holds a few kinds, many times over) has each kind replaced at once: only '%25' makes a
    `%`, and it goes last, so nothing a replacement makes is undone again."""
    escapes = _ESCAPE.findall(raw)
    kinds = {escape.upper() for escape in escapes}
    if raw.count("%") != len(escapes) or any(escape[1] not in "01234567" for escape in kinds):
        return unquote(raw, errors="strict")  # a `%` of its own, or escapes beyond ASCII
    kinds.discard("%25")
    for escape in sorted(kinds):
        char = chr(int(escape[1:], 16))
        raw = raw.replace(escape, char).replace(escape.lower(), char)
    return raw.replace("%25", "%")


@contextmanager
def located_in(text: str, slug: str) -> Iterator[None]:
    """As `located(locate_slug(text, slug))`, where the slug stands worked out only when an
    error needs it: for a long percent-encoded text, that is a second pass over it and 8
    bytes a character that reading it never needs."""
    try:
        yield
    except SlugError as exc:
        raise exc.located(locate_slug(text, slug)) from None


@contextmanager
def located(source: Source) -> Iterator[None]:
    """Re-raise a SlugError from the block with its position in the user's text."""
    try:
        yield
    except SlugError as exc:
        raise exc.located(source) from None


def locate_slug(text: str, slug: str) -> Source:
    """Where a slug taken out of `text` (and perhaps freed of percent escapes, or of the
    spaces a query string made of `+`) stands in it: its last occurrence, which is where
    link forms put the slug. The whole text when it cannot be found."""
    if slug:
        at = text.rfind(slug)
        if at >= 0:
            return Source(at, at + len(slug))
        decoded, source = carve(text, 0, len(text))
        at = decoded.replace(" ", "+").rfind(slug.replace(" ", "+"))
        if at >= 0:
            if source.origins is None:
                return Source(at, at + len(slug))
            origins = source.origins[at : at + len(slug)]
            end = source.origins[at + len(slug)] if at + len(slug) < len(source.origins) else len(text)
            return Source(origins[0], end, origins)
    return Source(0, len(text))

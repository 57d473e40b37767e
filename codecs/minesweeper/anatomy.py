"""The anatomy of a minesweeper game slug (`1=` and `2=`), character by character: the
version mark, the meta (width, height and, in version 2, the time unit), one span per
mine (two characters, or `A|B` for a long coordinate), one span per click record and per
flag record (coordinate, time delta and, for a flag, its action letter), and the `+` and
`;` separators between them.

Cells are [row, col] as the canvas draws them: row 0 is the top row, col 0 the left
column; that is [y, x] of the game's (x, y). Labels name a cell as the window's replay
does, (x, y) counted from 0. An event's `index` is its place in the replay's timeline
(the two sections merged by time, flags first at equal times), counted from 0.
"""

from __future__ import annotations

import re
from typing import Any

from ..anatomy import Anatomy, Span, text_span
from ..links import Source, carve, locate_slug, stripped_bounds
from . import ANATOMY_FIELDS
from .model import FLAG, MARK, NAME, OPEN, UNFLAG, V1_TIME_UNIT_MS
from .slug import _BASE62_NUMBER, _IN_LINK, _LETTER_KIND, _SLUG_START, _safe_percent, _unwrap, decode

Element = dict[str, Any]

_ACTION_WORDS = {OPEN: "open", FLAG: "flag", UNFLAG: "remove flag", MARK: "question mark"}
_META = re.compile(r"(\d+)x(\d+)(?:(,)(\d+))?", re.ASCII)


def explain(text: str) -> Anatomy:
    """The spans of a game slug, bare, percent-encoded or inside a link, placed in `text`."""
    decode(text)  # a text that does not read raises its SlugError here
    slug, source = _carve(text)
    spans = _Reader(slug, source).spans()
    end = source.position_in_text(len(slug))
    return Anatomy(
        NAME, f"v{slug[0]}", text, (source.position_in_text(0), end), "char", tuple(spans), fields=ANATOMY_FIELDS
    )


def _carve(text: str) -> tuple[str, Source]:
    """The slug as the decoder takes it out of `text` (`slug._unwrap`), and where it stands
    in `text`."""
    slug = _unwrap(text)
    start, end = stripped_bounds(text)
    stripped = text[start:end]
    if _SLUG_START.match(stripped):
        carved, source = carve(text, start, end, percent=False)
    elif _SLUG_START.match(_safe_percent(stripped)):
        carved, source = carve(text, start, end)
    else:
        found = _IN_LINK.search(stripped)
        if found is None:
            return slug, locate_slug(text, slug)
        begin, stop = start + found.start(), end
        for mark in "&#":
            at = text.find(mark, begin, end)
            if at >= 0:
                stop = min(stop, at)
        carved, source = carve(text, begin, stop, strip=True)
    if carved.replace(" ", "+") != slug:
        source = locate_slug(text, slug)
    return slug, source


Record = tuple[int, int, str, int, int, int, int]  # start, end, action, x, y, delta, time
Item = tuple[int, int, str, Any, Element, str]  # start, end, field, value, element, label


class _Reader:
    """Reads a slug the decoder has accepted, keeping where each part stands."""

    def __init__(self, slug: str, source: Source) -> None:
        self.slug = slug
        self.source = source
        self.version = int(slug[0])
        self.unit = V1_TIME_UNIT_MS  # also what a version-2 meta without a unit means
        self.out: list[Span] = []
        # A slug with no percent escapes stands in the text at one offset: its spans are
        # placed by adding it, rather than by asking the source for each.
        self.offset = source.start if source.origins is None else None

    def span(self, start: int, end: int, field: str, value: Any, element: Element | None, label: str) -> Span:
        if self.offset is None:
            return text_span(self.source, start, end, self.slug, field, value, element, label)
        at = self.offset
        return Span(field, (at + start, at + end), self.slug[start:end], value, None, element, label)

    def add(self, start: int, end: int, field: str, value: Any, element: Element | None, label: str) -> None:
        if end > start:
            self.out.append(self.span(start, end, field, value, element, label))

    def spans(self) -> list[Span]:
        s = self.slug
        bounds: list[tuple[int, int]] = []
        start = 2
        while True:
            plus = s.find("+", start)
            if plus < 0:
                bounds.append((start, len(s)))
                break
            bounds.append((start, plus))
            start = plus + 1
        self.add(0, 2, "version", self.version, None, _VERSION_WORDS[self.version])
        self.meta(*bounds[0])
        clicks = self.records(*bounds[2], flags=False) if len(bounds) > 2 else []
        flags = self.records(*bounds[3], flags=True) if len(bounds) > 3 else []
        click_index, flag_index = _timeline(clicks, flags)
        sections = [
            ("mines", self.mines(*bounds[1])),
            ("clicks", [self.event(r, i, "click") for r, i in zip(clicks, click_index)]),
            ("flags", [self.event(r, i, "flag") for r, i in zip(flags, flag_index)]),
        ]
        for (what, items), (start, end) in zip(sections, bounds[1:]):
            self.add(start - 1, start, "separator", "+", None, f"'+': {what} follow")
            self.section(start, end, items)
        return self.out

    def section(self, start: int, end: int, items: list[Item]) -> None:
        """The items of a section in order, with a span for each run of `;` between them."""
        at = start
        for item in items:
            self.add(at, item[0], "separator", self.slug[at : item[0]], None, "';' between records")
            self.out.append(self.span(*item))
            at = item[1]
        self.add(at, end, "separator", self.slug[at:end], None, "';' between records")

    def meta(self, start: int, end: int) -> None:
        m = _META.fullmatch(self.slug, start, end)
        if m is None:  # the decoder has read this meta
            raise AssertionError(self.slug[start:end])
        width, height = int(m.group(1)), int(m.group(2))
        board: Element = {"kind": "board", "width": width, "height": height}
        self.add(m.start(1), m.end(1), "size", width, board, f"width: {_count(width, 'column')}")
        self.add(m.end(1), m.start(2), "separator", "x", None, "between the width and the height")
        self.add(m.start(2), m.end(2), "size", height, board, f"height: {_count(height, 'row')}")
        if m.group(3):
            self.unit = int(m.group(4))
            self.add(m.start(3), m.end(3), "separator", ",", None, "the time unit follows")
            self.add(m.start(4), m.end(4), "header", self.unit, None, f"time unit: {self.unit} ms")

    def mines(self, start: int, end: int) -> list[Item]:
        """A span for each mine in slug order: two characters, or `A|B` between `;`.
        Version 1 writes a mine as (row, column), version 2 as (column, row)."""
        s = self.slug
        found: list[Item] = []
        number = _BASE62_NUMBER.__getitem__
        swap = self.version == 1
        at = start
        while at < end:
            if s[at] == ";":
                at += 1
                continue
            stop = s.find(";", at, end)
            stop = end if stop < 0 else stop
            bar = s.find("|", at, stop)
            if bar >= 0:
                pairs = [(at, stop, number(s[at:bar]), number(s[bar + 1 : stop]))]
            else:
                pairs = [(i, i + 2, number(s[i]), number(s[i + 1])) for i in range(at, stop, 2)]
            for a, b, first, second in pairs:
                x, y = (second, first) if swap else (first, second)
                index = len(found)
                element = {"kind": "mine", "index": index, "x": x, "y": y, "cells": [[y, x]]}
                found.append((a, b, "mine", [x, y], element, f"mine {index + 1} at ({x}, {y})"))
            at = stop
        return found

    def records(self, start: int, end: int, *, flags: bool) -> list[Record]:
        """The records of a section in slug order; a record's time is the running sum of
        its section's deltas, in time units."""
        s = self.slug
        found: list[Record] = []
        number = _BASE62_NUMBER.__getitem__
        decimal = self.version == 1
        t = 0
        at = start
        while at < end:
            stop = s.find(";", at, end)
            stop = end if stop < 0 else stop
            if stop > at:
                record = s[at:stop]
                action = OPEN
                if flags:
                    action = _LETTER_KIND[record[-1]]
                    record = record[:-1]
                if "|" in record:
                    a, _, rest = record.partition("|")
                    b, _, delta_text = rest.partition(":")
                else:
                    a, b, delta_text = record[0], record[1], record[2:].removeprefix(":")
                delta = (int(delta_text) if decimal else number(delta_text)) if delta_text else 0
                t += delta
                found.append((at, stop, action, number(a), number(b), delta, t))
            at = stop + 1
        return found

    def event(self, record: Record, index: int, field: str) -> Item:
        start, end, action, x, y, delta, t = record
        seconds = t * self.unit / 1000
        element = {
            "kind": "event",
            "index": index,
            "action": action,
            "t": t,
            "seconds": seconds,
            "x": x,
            "y": y,
            "cells": [[y, x]],
        }
        value = {"action": action, "x": x, "y": y, "delta": delta, "t": t}
        label = f"event {index + 1}: {_ACTION_WORDS[action]} ({x}, {y}) at {seconds:.2f} s"
        return (start, end, field, value, element, label)


_VERSION_WORDS = {
    1: "version 1: mines as (row, column), clicks and flags as (column, row), decimal times in 50 ms ticks",
    2: "version 2: every cell as (column, row), base62 times in the meta's unit",
}


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _timeline(
    clicks: list[tuple[int, int, str, int, int, int, int]], flags: list[tuple[int, int, str, int, int, int, int]]
) -> tuple[list[int], list[int]]:
    """The timeline index of each click and of each flag: the sections merged by time,
    a flag first when the times are equal (as the decoder's stable sort leaves them)."""
    click_index: list[int] = []
    flag_index: list[int] = []
    i = j = 0
    while i < len(clicks) or j < len(flags):
        if j < len(flags) and (i == len(clicks) or flags[j][6] <= clicks[i][6]):
            flag_index.append(i + j)
            j += 1
        else:
            click_index.append(i + j)
            i += 1
    return click_index, flag_index

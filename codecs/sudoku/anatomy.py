"""The anatomy of a sudoku slug: the magic `S!`, the version, then one span per given
(v1: 7 bits of cell and 4 of digit; v0: a byte of each), and the padding bits; or, for
the 81-character grid, one span per cell character and the decoration between them."""

from __future__ import annotations

from ..anatomy import Anatomy, BitSpans, Span, base64_payload, char_bounds, text_span
from ..bits import STD_ALPHABET
from ..errors import FormatError
from ..links import Source, carve, is_link, stripped_bounds, value_bounds
from . import ANATOMY_FIELDS
from .model import NAME
from .slug import GRID_CELLS, _is_grid_text, decode


def _cell(index: int) -> dict[str, object]:
    return {"kind": "cell", "index": index, "cells": [[index // 9, index % 9]]}


def _name(index: int) -> str:
    return f"r{index // 9 + 1}c{index % 9 + 1}"


def explain(text: str) -> Anatomy:
    """The spans of a `?play=` slug (v0 or v1) or an 81-character grid, placed in `text`."""
    if decode(text).variant is not None:  # a text that does not read raises its SlugError here
        raise FormatError(
            NAME,
            "an f-puzzles or SudokuPad link is compressed as a whole, so no character of it holds one part "
            "of the puzzle; the parts are shown for Sudoku Player links and grids",
        )
    start, end = stripped_bounds(text)
    stripped = text[start:end]
    from .formats import is_candidate_grid, is_sdk

    if is_sdk(stripped):
        return _explain_sdk(text, start, end)
    if is_candidate_grid(stripped):
        return _explain_candidates(text, start, end)
    if not is_link(stripped) and _is_grid_text(stripped) and not stripped.startswith("UyF2"):
        return _explain_grid(text, start, end)
    bounds = value_bounds(text, ("play",), start, end) or (start, end)
    slug, source = carve(text, *bounds, strip=True)
    return _explain_slug(text, slug.replace(" ", "+"), source)


def _explain_slug(text: str, slug: str, source: Source) -> Anatomy:
    bits, _ = base64_payload(slug, source, STD_ALPHABET)
    # Where each character stands in the text, to the end of its escape when it is one
    # (`%2B`, and `%3D` for padding), so the spans leave no text between them.
    bounds = char_bounds(text, source, slug)
    out = BitSpans(bits, source, bounds=bounds)
    out.add("magic", 16, "S!", label="the mark 'S!' of a Sudoku Player slug")
    version = "v1" if out.peek(16) == 0x7631 else "v0"
    out.add("version", 16, version, label=f"format version {version}")
    # A given is a cell then a digit: 7 + 4 bits in v1, a byte each in v0.
    width, digit_bits = (11, 4) if version == "v1" else (16, 8)
    index = 0
    while out.remaining >= width:
        value = out.peek(width)
        cell, digit = value >> digit_bits, value & ((1 << digit_bits) - 1)
        out.add("given", width, digit, _cell(cell), f"given {index + 1}: {digit} in {_name(cell)}")
        index += 1
    body = len(slug.rstrip("="))
    out.pad((bounds[i], bounds[i + 1]) for i in range(body, len(slug)))
    return out.anatomy(NAME, version, text, (bounds[0], bounds[-1]), ANATOMY_FIELDS)


def _explain_grid(text: str, start: int, end: int) -> Anatomy:
    source = Source(start, end)
    grid = text[start:end]
    spans: list[Span] = []
    index = 0
    run = start  # the start of a run of decoration
    for i, ch in enumerate(grid):
        if ch not in GRID_CELLS:
            continue
        if i > run - start:
            spans.append(text_span(source, run - start, i, grid, "separator", label="decoration"))
        digit = int(ch) if ch.isdigit() else 0
        what = f"{digit} in {_name(index)}" if digit else f"{_name(index)} empty"
        spans.append(text_span(source, i, i + 1, grid, "given", digit, _cell(index), what))
        index += 1
        run = start + i + 1
    if run < end:
        spans.append(text_span(source, run - start, len(grid), grid, "separator", label="decoration"))
    return Anatomy(NAME, "grid", text, (start, end), "char", tuple(spans), fields=ANATOMY_FIELDS)


def _explain_sdk(text: str, start: int, end: int) -> Anatomy:
    """A SadMan .sdk file: the lines of its `[Puzzle]` section cell by cell; section
    headings, comments and other sections as header lines."""
    spans: list[Span] = []
    source = Source(0, len(text))
    at = start
    inside = False
    index = 0
    for line in text[start:end].splitlines(keepends=True):
        body = line.strip()
        line_end = at + len(line)
        if body.startswith("["):
            inside = body.lower().startswith("[puzzle]")
            spans.append(text_span(source, at, line_end, text, "header", body, label=f"section {body}"))
        elif not inside or body.startswith("#") or not body:
            what = "a comment" if body.startswith("#") else "outside the puzzle" if body else "an empty line"
            spans.append(text_span(source, at, line_end, text, "header", body, label=what))
        else:
            index = _cells_of_line(text, at, line_end, index, spans)
        at = line_end
    return Anatomy(NAME, "sdk", text, (start, end), "char", tuple(spans), fields=ANATOMY_FIELDS)


def _cells_of_line(text: str, start: int, end: int, index: int, spans: list[Span]) -> int:
    """The cells and decoration of one line of a grid; returns the next cell's index."""
    source = Source(0, len(text))
    run = start
    for i in range(start, end):
        ch = text[i]
        if ch not in GRID_CELLS:
            continue
        if i > run:
            spans.append(text_span(source, run, i, text, "separator", label="decoration"))
        digit = int(ch) if ch.isdigit() else 0
        what = f"{digit} in {_name(index)}" if digit else f"{_name(index)} empty"
        spans.append(text_span(source, i, i + 1, text, "given", digit, _cell(index), what))
        index += 1
        run = i + 1
    if run < end:
        spans.append(text_span(source, run, end, text, "separator", label="decoration"))
    return index


def _explain_candidates(text: str, start: int, end: int) -> Anatomy:
    """A HoDoKu / Sudoku Explainer candidate grid: each cell's digits (one digit a placed
    digit, more its candidates) and the rules between them."""
    from .formats import _CELL

    source = Source(0, len(text))
    spans: list[Span] = []
    run = start
    for index, match in enumerate(_CELL.finditer(text, start, end)):
        a, b = match.start(), match.end()
        if a > run:
            spans.append(text_span(source, run, a, text, "separator", label="rules"))
        token = match.group()
        if len(token) == 1:
            spans.append(text_span(source, a, b, text, "given", int(token), _cell(index), f"{token} in {_name(index)}"))
        else:
            digits = [int(ch) for ch in token]
            label = f"{_name(index)} may be " + ", ".join(token)
            spans.append(text_span(source, a, b, text, "candidates", digits, _cell(index), label))
        run = b
    if run < end:
        spans.append(text_span(source, run, end, text, "separator", label="rules"))
    return Anatomy(NAME, "candidates", text, (start, end), "char", tuple(spans), fields=ANATOMY_FIELDS)

"""The anatomy of a sudoku slug: the magic `S!`, the version, then one span per given
(v1: 7 bits of cell and 4 of digit; v0: a byte of each), and the padding bits; or, for
the 81-character grid, one span per cell character and the decoration between them."""

from __future__ import annotations

from ..anatomy import Anatomy, BitSpans, Span, base64_payload, text_span
from ..bits import STD_ALPHABET
from ..errors import FormatError
from ..links import Source, carve, is_link, stripped_bounds, value_bounds
from .model import NAME
from .slug import GRID_CELLS, _is_grid_text, decode


def _cell(index: int) -> dict[str, object]:
    return {"kind": "cell", "index": index, "cells": [[index // 9, index % 9]]}


def _name(index: int) -> str:
    return f"r{index // 9 + 1}c{index % 9 + 1}"


def explain(text: str) -> Anatomy:
    """The spans of a `?play=` slug (v0 or v1) or an 81-character grid, placed in `text`."""
    decode(text)  # a text that does not read raises its SlugError here
    start, end = stripped_bounds(text)
    stripped = text[start:end]
    from .formats import is_candidate_grid, is_sdk

    if is_sdk(stripped) or is_candidate_grid(stripped):
        raise FormatError(NAME, "the anatomy covers Sudoku Player slugs and 81-character grids, not grid files", 0)
    if not is_link(stripped) and _is_grid_text(stripped) and not stripped.startswith("UyF2"):
        return _explain_grid(text, start, end)
    bounds = value_bounds(text, ("play",), start, end) or (start, end)
    slug, source = carve(text, *bounds, strip=True)
    return _explain_slug(text, slug.replace(" ", "+"), source)


def _explain_slug(text: str, slug: str, source: Source) -> Anatomy:
    bits, trailing = base64_payload(slug, source, STD_ALPHABET)
    out = BitSpans(bits, source)
    out.add("magic", 16, "S!", label="the mark 'S!' of a Sudoku Player slug")
    version = "v1" if out.peek(16) == 0x7631 else "v0"
    out.add("version", 16, version, label=f"format version {version}")
    if version == "v1":
        index = 0
        while out.remaining >= 11:
            value = out.peek(11)
            cell, digit = value >> 4, value & 15
            out.add("given", 11, digit, _cell(cell), f"given {index + 1}: {digit} in {_name(cell)}")
            index += 1
    else:
        index = 0
        while out.remaining >= 16:
            value = out.peek(16)
            cell, digit = value >> 8, value & 255
            out.add("given", 16, digit, _cell(cell), f"given {index + 1}: {digit} in {_name(cell)}")
            index += 1
    out.pad(trailing)
    end = source.position_in_text(len(slug) - 1) + 1 if slug else source.start
    return out.anatomy(NAME, version, text, (source.position_in_text(0), end))


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
    return Anatomy(NAME, "grid", text, (start, end), "char", tuple(spans))

"""SudokuPad links: `https://sudokupad.app/<puzzle>`, where the puzzle is

* `fpuzzles<data>` or `fpuz<data>`: f-puzzles' compressed JSON (see fpuzzles.py), perhaps
  percent-encoded;
* `scl<data>` or `ctc<data>`: SudokuPad's own JSON, compressed with lz-string's
  compressToBase64 after "zipping" (keys written without quotes and some long keys and
  values shortened: `cells` is `ce`, `true` is `t`, `"#FFFFFF"` is `#F`, ...);
* anything else: a short id of a puzzle kept on SudokuPad's server, which only the network
  can turn into a puzzle.

SudokuPad's JSON: `cells` (rows of `{value, pencilMarks, centremarks}`), `regions` (lists
of [row, col]), `cages` (a killer cage has cells and a `value`; a cage with no cells and a
value `title: ...` holds the setter's words), and the drawings (`lines`, `arrows`,
`overlays`, `underlays`), which say how the puzzle looks, not what its rules are.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import unquote

from ..errors import FormatError
from ..links import located_in
from .lzstring import decompress_from_base64
from .model import NAME, Board
from .variant import MAX_SIZE, MIN_SIZE, Constraint, Variant

HOSTS = ("sudokupad.app", "crackingthecryptic.com", "sudokupad.svencodes.com")
URL = "https://sudokupad.app/"
DRAWINGS = ("lines", "arrows", "overlays", "underlays")
# f-puzzles' data behind SudokuPad's two prefixes for it, the long one first.
FPUZZLES_PREFIXES = ("fpuzzles", "fpuz")
MAX_DRAWINGS = 5_000
MAX_POINTS = 256

# PuzzleZipper's short names, long name to short.
_PROPS = {
    "color": "c",
    "cages": "ca",
    "center": "ct",
    "borderColor": "c1",
    "backgroundColor": "c2",
    "cells": "ce",
    "cellSize": "cs",
    "arrows": "a",
    "overlays": "o",
    "underlays": "u",
    "width": "w",
    "height": "h",
    "value": "v",
    "videos": "vd",
    "lines": "l",
    "rounded": "r",
    "regions": "re",
    "fontSize": "fs",
    "thickness": "th",
    "headLength": "hl",
    "wayPoints": "wp",
    "title": "t",
    "text": "te",
    "duration": "d",
    "d": "d2",
}
_LONG = {short: long for long, short in _PROPS.items()}


class NeedsNetworkError(FormatError):
    """A short SudokuPad id: the puzzle is on SudokuPad's server, not in the link."""


def is_sudokupad(text: str) -> bool:
    head = text.split("?", 1)[0].lower()
    return any(host in head for host in HOSTS)


def puzzle_part(link: str) -> tuple[str, int]:
    """The puzzle in a SudokuPad link, and where it starts in the link."""
    lower = link.lower()
    match = re.search(r"[?&]puzzleid=", link, re.IGNORECASE)
    if match:
        start = match.end()
        end = link.find("&", start)
        return link[start : len(link) if end < 0 else end], start
    for host in HOSTS:
        at = lower.find(host)
        if at >= 0:
            start = at + len(host)
            break
    else:
        return link, 0
    rest = link[start:]
    skip = len(rest) - len(rest.lstrip("/"))
    rest = rest[skip:]
    start += skip
    for prefix in ("sudoku/", "puzzle/"):
        if rest.lower().startswith(prefix):
            rest, start = rest[len(prefix) :], start + len(prefix)
    for cut in ("?", "#"):
        if cut in rest and not rest.lower().startswith((*FPUZZLES_PREFIXES, "scl", "ctc")):
            rest = rest.split(cut, 1)[0]
    return rest, start


def read_puzzle(puzzle: str) -> Board:
    """The board of a SudokuPad puzzle text (the link's part after the host)."""
    puzzle = puzzle.strip()
    if not puzzle:
        raise FormatError(NAME, "the SudokuPad link has no puzzle after the site's name", 0)
    lower = puzzle.lower()
    if lower.startswith(FPUZZLES_PREFIXES):
        from .fpuzzles import read_json_text

        prefix = next(p for p in FPUZZLES_PREFIXES if lower.startswith(p))
        return read_json_text(_decompressed(puzzle, len(prefix)), form="sudokupad")
    if lower.startswith(("scl", "ctc")):
        return read_scl(_decompressed(puzzle, 3))
    if re.fullmatch(r"[A-Za-z0-9_\-]{1,64}(/[A-Za-z0-9_\-]{1,64})?", puzzle):
        raise NeedsNetworkError(
            NAME,
            f"this SudokuPad link names the puzzle {puzzle!r}, which is kept on SudokuPad's server; "
            "Slugboard reads only what a link holds and never fetches one. Open it in SudokuPad and "
            "copy its f-puzzles or long link instead",
            0,
        )
    raise FormatError(NAME, "the SudokuPad link holds no puzzle this program reads (fpuzzles, fpuz, scl or ctc)", 0)


def _decompressed(puzzle: str, skip: int) -> str:
    """The text compressed in the puzzle after its prefix; a character that cannot be
    part of it is named where it stands in the puzzle, prefix and escapes counted."""
    data = _unescaped(puzzle[skip:]).replace(" ", "+")
    with located_in(puzzle, data):
        return decompress_from_base64(data)


def _unescaped(text: str) -> str:
    """Percent escapes undone where that makes the text shorter, as SudokuPad does."""
    if "%" not in text:
        return text
    decoded = unquote(text)
    return decoded if len(decoded) < len(text) else text


# --- SudokuPad's JSON -------------------------------------------------------------------


def unzip(zipped: str) -> str:
    """PuzzleZipper's unzip: the zipped text back to JSON. Quoted strings are set aside
    first, so their contents are never rewritten."""
    if '"' not in zipped:
        zipped = zipped.replace("\\'", "\u2019").replace("'", '"').replace("\u2019", "'")
    strings: list[str] = []

    def keep(match: re.Match[str]) -> str:
        strings.append(match.group(0))
        return f'"__{{S{len(strings) - 1}}}__"'

    body = re.sub(r'"(?:[^"\\]|\\.)*"', keep, zipped)
    body = re.sub(r"([,{\[])([a-zA-Z0-9]+):", r'\1"\2":', body)
    body = re.sub(r"([,{\[])(?=[,}\]])", r"\1_", body)
    body = body.replace("{_}", "{}")
    body = re.sub(r"([,{\[])_", r"\1{}", body)
    body = re.sub(r"(:)f(?=[,}\]])", r"\1false", body)
    body = re.sub(r"(:)t(?=[,}\]])", r"\1true", body)
    body = re.sub(r"(:)#0(?=[,}\]])", r'\1"#000000"', body)
    body = re.sub(r"(:)#F(?=[,}\]])", r'\1"#FFFFFF"', body)
    body = re.sub(r"(:)([0-9a-fA-F]{6})(?=[,}\]])", r'\1"#\2"', body)
    return re.sub(r'"__\{S(\d+)\}__"', lambda m: strings[int(m.group(1))], body)


def _renamed(value: Any, depth: int = 0) -> Any:
    if depth > 40:
        raise FormatError(NAME, "the SudokuPad puzzle is nested too deeply")
    if isinstance(value, list):
        return [_renamed(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {_LONG.get(k, k): _renamed(v, depth + 1) for k, v in value.items()}
    if isinstance(value, str) and re.fullmatch(r"[0-9a-fA-F]{6}", value):
        return "#" + value
    return value


def read_scl(text: str) -> Board:
    try:
        obj = json.loads(text)
    except ValueError:
        try:
            obj = _renamed(json.loads(unzip(text)))
        except (ValueError, RecursionError):
            raise FormatError(NAME, "the SudokuPad puzzle's JSON cannot be read") from None
    except RecursionError:
        raise FormatError(NAME, "the SudokuPad puzzle is nested too deeply") from None
    if not isinstance(obj, dict):
        raise FormatError(NAME, "the SudokuPad puzzle is not a JSON object")
    source = json.dumps(obj, separators=(",", ":"), ensure_ascii=False)
    return _board(obj, source)


def _rc(point: Any, size: int) -> int:
    if (
        not isinstance(point, list)
        or len(point) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in point)
        or not (0 <= point[0] < size and 0 <= point[1] < size)
    ):
        raise FormatError(NAME, f"SudokuPad puzzle: {str(point)[:30]} is not a cell of the {size}x{size} grid")
    return int(point[0]) * size + int(point[1])


def _board(obj: dict[str, Any], source: str) -> Board:
    rows = obj.get("cells")
    if not isinstance(rows, list) or not rows or any(not isinstance(r, list) for r in rows):
        raise FormatError(NAME, 'SudokuPad puzzle: "cells" must be rows of cells')
    size = len(rows)
    if not MIN_SIZE <= size <= MAX_SIZE or any(len(r) != size for r in rows):
        raise FormatError(NAME, f"SudokuPad puzzle: {size} rows; a square of {MIN_SIZE} to {MAX_SIZE} is needed")
    cells: list[int] = []
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            value = cell.get("value") if isinstance(cell, dict) else None
            if isinstance(value, str) and value.isdigit():
                value = int(value)
            if value in (None, "", 0):
                cells.append(0)
            elif isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= size:
                cells.append(value)
            else:
                raise FormatError(NAME, f"SudokuPad puzzle: R{r + 1}C{c + 1} holds {str(value)[:10]!r}, not 1-{size}")
    regions = [-1] * (size * size)
    region_list = obj.get("regions")
    if isinstance(region_list, list) and region_list:
        for index, region in enumerate(region_list[: size * size]):
            if not isinstance(region, list):
                raise FormatError(NAME, "SudokuPad puzzle: a region is not a list of cells")
            for point in region[: size * size]:
                regions[_rc(point, size)] = index
        region_tuple: tuple[int, ...] | None = tuple(regions)
    else:
        region_tuple = None
    constraints: list[Constraint] = []
    words = {"title": "", "author": "", "rules": ""}
    cages = obj.get("cages") or []
    if not isinstance(cages, list) or len(cages) > MAX_DRAWINGS:
        raise FormatError(NAME, 'SudokuPad puzzle: "cages" is not a list of cages')
    for cage in cages:
        if not isinstance(cage, dict):
            continue
        value = cage.get("value")
        points = cage.get("cells") or []
        if not isinstance(points, list) or len(points) > MAX_POINTS:
            raise FormatError(NAME, "SudokuPad puzzle: a cage's cells are not a list of cells")
        if not points:
            match = re.match(r"^([a-z]+):\s*(.*)$", str(value or ""), re.DOTALL)
            if match and match.group(1) in words:
                words[match.group(1)] = match.group(2)[:20_000]
            elif match and match.group(1) == "rules":
                words["rules"] = match.group(2)[:20_000]
            continue
        if cage.get("hidden") or cage.get("unique") is False or cage.get("style") not in (None, "killer", "box"):
            continue
        kind = "extraregion" if cage.get("style") == "box" else "killercage"
        constraints.append(
            Constraint(
                kind, tuple(_rc(p, size) for p in points), value=None if value in (None, "") else str(value)[:20]
            )
        )
    unknown: list[str] = []
    for key in DRAWINGS:
        items = obj.get(key) or []
        if not isinstance(items, list) or len(items) > MAX_DRAWINGS:
            raise FormatError(NAME, f'SudokuPad puzzle: "{key}" is not a list')
        for item in items:
            if isinstance(item, dict):
                constraints.append(_drawing(key, item))
        if items:
            unknown.append(f"SudokuPad {key} (drawn; their rules are in the rules text)")
    variant = Variant(
        size,
        region_tuple or (),
        tuple(constraints),
        title=words["title"],
        author=words["author"],
        rules=words["rules"],
        unknown=tuple(unknown),
        source=source,
        form="scl",
    )
    return Board(tuple(cells), variant=variant)


def _drawing(key: str, item: dict[str, Any]) -> Constraint:
    """A drawing of SudokuPad kept for painting: its points (row, col as fractions of a
    cell, from the grid's top left) and look in `style`."""
    style: list[tuple[str, str]] = []
    points = item.get("wayPoints") if key in ("lines", "arrows") else [item.get("center")]
    clean = []
    for point in (points or [])[:MAX_POINTS]:
        if isinstance(point, list) and len(point) == 2 and all(isinstance(v, (int, float)) for v in point):
            clean.append([float(point[0]), float(point[1])])
    style.append(("points", json.dumps(clean)))
    for name in ("color", "backgroundColor", "borderColor", "thickness", "width", "height", "rounded", "text"):
        if item.get(name) is not None:
            style.append((name, str(item[name])[:200]))
    return Constraint(f"sudokupad-{key}", style=tuple(style))


def link(board: Board) -> str:
    """SudokuPad's link of a board: the f-puzzles form, which SudokuPad reads."""
    from .fpuzzles import write_data

    return URL + "fpuzzles" + write_data(board)

"""f-puzzles links: `https://www.f-puzzles.com/?load=<data>`, where the data is lz-string's
compressToBase64 of a JSON object (formats in docs/SUDOKU_VARIANTS.md).

The object: `size` (4-16), `grid` (size rows of size cells, each `{}` or with `value`,
`given`, `region`, `centerPencilMarks`, `cornerPencilMarks`), the setter's `title`,
`author` and `ruleset`, and one key per kind of constraint (`killercage`, `thermometer`,
`arrow`, ...; true or false for the rules of the whole grid, such as `antiknight`). Cells
are named `R1C1` (1-based), rows first; a clue outside the grid is in row or column 0 or
size + 1.

Reading keeps the JSON text whole; writing puts the board's cells into it and changes
nothing else, so a puzzle read and written back is the same JSON, key for key.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import FormatError
from .lzstring import compress_to_base64, decompress_from_base64
from .model import NAME, Board
from .variant import (
    CAGE_KINDS,
    CELL_KINDS,
    COSMETIC_KINDS,
    GLOBAL_KINDS,
    INDEXER_KINDS,
    LINE_KINDS,
    MAX_SIZE,
    MIN_SIZE,
    NEGATIVE_KINDS,
    OUTSIDE_KINDS,
    PAIR_KINDS,
    RAY_KINDS,
    Constraint,
    Variant,
    name_of,
    region_shape,
)

HOST = "f-puzzles.com"
URL = "https://www.f-puzzles.com/?load="
# Keys of the object that are not constraints.
META_KEYS = frozenset(
    {"size", "grid", "title", "author", "ruleset", "solution", "negative", "disabledlogic", "truecandidatesoptions"}
)
MAX_PARTS = 5_000  # constraints of one kind; a real puzzle has tens
MAX_LINE = 256  # cells in one line or cage
MAX_TEXT = 20_000  # characters of a title, author or rules text kept
_CELL_NAME = re.compile(r"R(\d{1,2})C(\d{1,2})", re.IGNORECASE)


def _fail(message: str) -> FormatError:
    return FormatError(NAME, f"f-puzzles puzzle: {message}")


class _UnplacedError(Exception):
    """A clue the puzzle holds where its rule cannot apply (a sandwich clue in a corner):
    the puzzle opens and is drawn, and counting names the clue rather than guess."""


# --- reading --------------------------------------------------------------------------


def read_data(data: str) -> Board:
    """The board of f-puzzles' compressed data (the part after `?load=`)."""
    data = data.strip().replace(" ", "+")
    if not data:
        raise FormatError(NAME, "the link has no puzzle after ?load=", 0)
    text = decompress_from_base64(data)
    return read_json_text(text, form="fpuzzles")


def read_json_text(text: str, *, form: str) -> Board:
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise _fail(f"its JSON cannot be read ({str(exc)[:80]})") from None
    if not isinstance(obj, dict):
        raise _fail("its JSON is not an object")
    return read_object(obj, source=text, form=form)


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != int(value):
        raise _fail(f"{what} is not a whole number")
    return int(value)


def _text(value: Any) -> str:
    if value is None:
        return ""
    return (value if isinstance(value, str) else json.dumps(value))[:MAX_TEXT]


def read_object(obj: dict[str, Any], *, source: str, form: str) -> Board:
    size = _int(obj.get("size", 9), '"size"')
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise _fail(f"size {size} is not {MIN_SIZE}-{MAX_SIZE}")
    grid = obj.get("grid")
    if not isinstance(grid, list) or len(grid) != size or any(not isinstance(row, list) for row in grid):
        raise _fail(f'"grid" must be {size} rows of {size} cells')
    cells: list[int] = []
    centre: list[int] = []
    corner: list[int] = []
    typed: set[int] = set()
    marks: list[Constraint] = []
    regions: list[int] = []
    height, width = region_shape(size)
    for r, row in enumerate(grid):
        if len(row) != size:
            raise _fail(f"row {r + 1} of the grid has {len(row)} cells, not {size}")
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                raise _fail(f"cell R{r + 1}C{c + 1} is not an object")
            value = cell.get("value")
            digit = 0 if value in (None, 0, "") else _int(value, f"the value of R{r + 1}C{c + 1}")
            if not 0 <= digit <= size:
                raise _fail(f"R{r + 1}C{c + 1} holds {digit}, not 1-{size}")
            cells.append(digit)
            if digit and not cell.get("given"):
                typed.add(r * size + c)
            centre.append(_mask(cell.get("centerPencilMarks"), size, r, c))
            corner.append(_mask(cell.get("cornerPencilMarks"), size, r, c))
            allowed = _mask(cell.get("givenPencilMarks"), size, r, c)
            if allowed:  # the setter's pencil marks: the digits the cell may hold
                marks.append(
                    Constraint(
                        "givenpencilmarks",
                        (r * size + c,),
                        values=tuple(d + 1 for d in range(size) if allowed >> d & 1),
                    )
                )
            if "region" in cell:
                region = cell["region"]
                regions.append(-1 if region is None else _int(region, f"the region of R{r + 1}C{c + 1}"))
            else:
                regions.append((r // height) * height + c // width)
    constraints, unknown = _constraints(obj, size)
    variant = Variant(
        size,
        tuple(regions),
        (*marks, *constraints),
        title=_text(obj.get("title")),
        author=_text(obj.get("author")),
        rules=_text(obj.get("ruleset")),
        unknown=tuple(unknown),
        source=source,
        form=form,
        solution=_solution(obj.get("solution"), size),
    )
    return Board(
        tuple(cells),
        centre=tuple(centre),
        corner=tuple(corner),
        typed=frozenset(typed),
        variant=variant,
    )


def _solution(value: Any, size: int) -> tuple[int, ...]:
    """The setter's solution (f-puzzles' `solution`: every cell's digit, row by row), or ()
    when there is none or it is not whole: a solution with gaps says nothing to check."""
    if not isinstance(value, list) or len(value) != size * size:
        return ()
    digits = []
    for item in value:
        if isinstance(item, str) and item.strip().isdigit():
            item = int(item.strip())
        if isinstance(item, bool) or not isinstance(item, int) or not 1 <= item <= size:
            return ()
        digits.append(item)
    return tuple(digits)


def _mask(marks: Any, size: int, r: int, c: int) -> int:
    if marks in (None, ""):
        return 0
    if not isinstance(marks, list) or len(marks) > 64:
        raise _fail(f"the pencil marks of R{r + 1}C{c + 1} are not a list of digits")
    mask = 0
    for mark in marks:
        if mark is None:
            continue
        digit = _int(mark, f"a pencil mark of R{r + 1}C{c + 1}")
        if 1 <= digit <= size:
            mask |= 1 << (digit - 1)
    return mask


def _cell(name: Any, size: int, *, outside: bool = False) -> tuple[int, int]:
    match = _CELL_NAME.fullmatch(name) if isinstance(name, str) else None
    if match is None:
        raise _fail(f"{str(name)[:20]!r} is not a cell such as R1C1")
    r, c = int(match.group(1)) - 1, int(match.group(2)) - 1
    low, high = (-1, size) if outside else (0, size - 1)
    if not (low <= r <= high and low <= c <= high):
        raise _fail(f"cell {name} is off the {size}x{size} grid")
    return r, c


def _places(names: Any, size: int, *, outside: bool = False) -> list[tuple[int, int]]:
    if names is None:
        return []
    if not isinstance(names, list) or len(names) > MAX_LINE:
        raise _fail("a constraint's cells are not a list of cells")
    return [_cell(name, size, outside=outside) for name in names]


def _cells(names: Any, size: int) -> tuple[int, ...]:
    return tuple(r * size + c for r, c in _places(names, size))


def _raw_lines(part: dict[str, Any]) -> list[Any]:
    lines = part.get("lines")
    if lines is None:
        return []
    if not isinstance(lines, list) or len(lines) > MAX_LINE:
        raise _fail("a constraint's lines are not a list of lines")
    return lines


def _lines(part: dict[str, Any], size: int) -> tuple[tuple[int, ...], ...]:
    return tuple(_cells(line, size) for line in _raw_lines(part))


def _style(part: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    keys = ("outlineC", "fontC", "baseC", "width", "height", "angle", "size", "value", "fromConstraint")
    return tuple((k, str(part[k])[:200]) for k in keys if k in part and part[k] is not None)


def _value(part: dict[str, Any]) -> str | None:
    value = part.get("value")
    return None if value is None or value == "" else str(value)[:200]


def _constraints(obj: dict[str, Any], size: int) -> tuple[list[Constraint], list[str]]:
    out: list[Constraint] = []
    unknown: list[str] = []
    for key, item in obj.items():
        if key in META_KEYS:
            continue
        if key in GLOBAL_KINDS:
            if item:
                out.append(Constraint(key))
            continue
        if not isinstance(item, list):
            if item not in (None, False, 0, ""):
                unknown.append(key[:40])
            continue
        if len(item) > MAX_PARTS:
            raise _fail(f'"{key[:40]}" has more than {MAX_PARTS:,} parts')
        if key not in _PARTS:
            if item:
                unknown.append(key[:40])
            continue
        for part in item:
            if not isinstance(part, dict):
                raise _fail(f'a part of "{key}" is not an object')
            try:
                out.append(_PARTS[key](key, part, size))
            except _UnplacedError as exc:
                if str(exc) not in unknown:
                    unknown.append(str(exc))
    negative = obj.get("negative")
    if isinstance(negative, list):
        for kind in negative[:10]:
            if kind in NEGATIVE_KINDS:
                out.append(Constraint(f"negative-{kind}"))
            elif isinstance(kind, str):
                unknown.append(f"negative {kind[:40]}")
    return out, unknown


def _one_cell(key: str, part: dict[str, Any], size: int) -> Constraint:
    r, c = _cell(part.get("cell"), size)
    return Constraint(key, (r * size + c,))


def _with_cells(key: str, part: dict[str, Any], size: int) -> Constraint:
    return Constraint(key, _cells(part.get("cells"), size), value=_value(part), style=_style(part))


def _with_lines(key: str, part: dict[str, Any], size: int) -> Constraint:
    return Constraint(key, lines=_lines(part, size), value=_value(part), style=_style(part))


def _outside(key: str, part: dict[str, Any], size: int) -> Constraint:
    outside = _cell(part.get("cell"), size, outside=True)
    if key in RAY_KINDS and (outside[0] in (-1, size)) == (outside[1] in (-1, size)):
        # A corner, or a cell of the grid: no row or column to look along.
        raise _UnplacedError(f"{name_of(key)} clue at R{outside[0] + 1}C{outside[1] + 1} beside no row or column")
    direction = part.get("direction")
    return Constraint(
        key,
        _cells(part.get("cells"), size),
        value=_value(part),
        outside=outside,
        direction=direction if direction in ("UL", "UR", "DL", "DR") else None,
    )


def _arrow(key: str, part: dict[str, Any], size: int) -> Constraint:
    return Constraint(key, _cells(part.get("cells"), size), lines=_lines(part, size), style=_style(part))


def _clone(key: str, part: dict[str, Any], size: int) -> Constraint:
    cells, clones = _cells(part.get("cells"), size), _cells(part.get("cloneCells"), size)
    if len(cells) != len(clones):
        raise _fail("a clone's two groups of cells differ in size")
    return Constraint(key, cells, clones=clones)


def _quadruple(key: str, part: dict[str, Any], size: int) -> Constraint:
    values = part.get("values")
    if not isinstance(values, list) or len(values) > 4:
        raise _fail("a quadruple's digits are not a list of at most four")
    return Constraint(
        key, _cells(part.get("cells"), size), values=tuple(_int(v, "a quadruple's digit") for v in values)
    )


def _cosmetic(key: str, part: dict[str, Any], size: int) -> Constraint:
    """A drawing with no rule. f-puzzles lets a setter put one on the ring of cells
    around the grid (text beside a row, a circle on an outside clue): `cells` and `lines`
    keep the cells of the grid, and where any cell is outside, `style` keeps every cell
    as (row, col) from 0, -1 and size being the ring, in "places" and "paths"."""
    places = _places(part.get("cells"), size, outside=True)
    if "cell" in part:
        places.append(_cell(part["cell"], size, outside=True))
    paths = [_places(line, size, outside=True) for line in _raw_lines(part)]
    style = _style(part)
    if any(not (0 <= r < size and 0 <= c < size) for r, c in (*places, *(p for path in paths for p in path))):
        style = (
            *style,
            ("places", json.dumps([list(p) for p in places])),
            ("paths", json.dumps([[list(p) for p in path] for path in paths])),
        )

    def inside(cells: list[tuple[int, int]]) -> tuple[int, ...]:
        return tuple(r * size + c for r, c in cells if 0 <= r < size and 0 <= c < size)

    lines = tuple(inside(path) for path in paths)
    return Constraint(key, inside(places), lines=lines, value=_value(part), style=style)


def _indexer(key: str, part: dict[str, Any], size: int) -> Constraint:
    return Constraint(key, _cells(part.get("cells"), size), style=_style(part))


_PARTS = {
    **{k: _one_cell for k in CELL_KINDS},
    **{k: _with_cells for k in CAGE_KINDS + PAIR_KINDS},
    **{k: _with_lines for k in LINE_KINDS},
    **{k: _outside for k in OUTSIDE_KINDS},
    **{k: _indexer for k in INDEXER_KINDS},
    "arrow": _arrow,
    "clone": _clone,
    "quadruple": _quadruple,
    **{k: _cosmetic for k in COSMETIC_KINDS},
}


# --- writing --------------------------------------------------------------------------


def to_object(board: Board) -> dict[str, Any]:
    """The f-puzzles JSON of a board: its source with the board's cells put in (values,
    givens, pencil marks), or a new object for a classic board."""
    variant = board.variant
    size = board.size
    obj: dict[str, Any]
    if variant is not None and variant.form != "scl" and variant.source:
        obj = json.loads(variant.source)
    else:
        obj = {"size": size, "grid": [[{} for _ in range(size)] for _ in range(size)]}
        if variant is not None:
            for key, text in (("title", variant.title), ("author", variant.author), ("ruleset", variant.rules)):
                if text:
                    obj[key] = text
            _put_regions(obj, variant)
            _put_constraints(obj, variant)
    for i, digit in enumerate(board.cells):
        cell = obj["grid"][i // size][i % size]
        if digit:
            if cell.get("value") != digit:
                cell["value"] = digit
            if i in board.typed:
                cell.pop("given", None)
            elif not cell.get("given"):
                cell["given"] = True
        else:
            cell.pop("value", None)
            cell.pop("given", None)
        for key, marks in (("centerPencilMarks", board.centre[i]), ("cornerPencilMarks", board.corner[i])):
            listed = [d + 1 for d in range(size) if marks >> d & 1]
            old = cell.get(key)
            old_mask = (
                sum(1 << (d - 1) for d in old if isinstance(d, int) and 1 <= d <= size) if isinstance(old, list) else 0
            )
            if old_mask != marks:
                if listed:
                    cell[key] = listed
                else:
                    cell.pop(key, None)
    return obj


def _put_regions(obj: dict[str, Any], variant: Variant) -> None:
    from .variant import default_regions

    if variant.regions != default_regions(variant.size):
        for i, region in enumerate(variant.regions):
            obj["grid"][i // variant.size][i % variant.size]["region"] = None if region < 0 else region


def _put_constraints(obj: dict[str, Any], variant: Variant) -> None:
    """The rules a SudokuPad puzzle holds (its killer cages and extra regions), written as
    f-puzzles writes them; its drawings have no f-puzzles form and are left out."""
    n = variant.size
    for c in variant.constraints:
        if c.kind in ("killercage", "extraregion"):
            part: dict[str, Any] = {"cells": [f"R{i // n + 1}C{i % n + 1}" for i in c.cells]}
            if c.value is not None:
                part["value"] = c.value
            obj.setdefault(c.kind, []).append(part)


def to_json_text(board: Board) -> str:
    """The JSON as f-puzzles' JSON.stringify writes it: no spaces, text as it is. A board
    read from f-puzzles and unchanged gives back its source, byte for byte."""
    variant = board.variant
    obj = to_object(board)
    text = json.dumps(obj, separators=(",", ":"), ensure_ascii=False)
    if variant is not None and variant.source and variant.form != "scl":
        try:
            if json.loads(variant.source) == obj:
                return variant.source
        except ValueError:
            pass
    return text


def write_data(board: Board) -> str:
    return compress_to_base64(to_json_text(board))


def link(board: Board) -> str:
    return URL + write_data(board)

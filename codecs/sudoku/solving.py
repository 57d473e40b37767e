"""A solver's work on a sudoku, kept apart from the puzzle: the digits entered, the corner
and centre pencil marks and the colours of each cell, as SudokuPad keeps them.

The puzzle is a `Board` of givens (and a variant's constraints); a `Solving` is what a
solver has put on it. Nothing here changes the puzzle, so the puzzle's link stays the
setter's whatever the solver does. Each tool acts on a selection of cells at once, as in
SudokuPad: a mark is added to every selected cell unless all of them hold it, when it is
taken from all; givens take no digit and no mark, but may be coloured.

An f-puzzles link marks the solver's digits as `value` without `given`: `split` reads them
back apart from the givens, and `with_progress` writes them so.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from typing import Any

from ..errors import FormatError
from .model import DIGITS, NAME, Board

TOOLS = ("digit", "corner", "centre", "colour")
# SudokuPad's nine colours, in its keypad's order (colour 1 is its light grey).
COLOURS = ("#d6d6d6", "#7c7c7c", "#000000", "#b3e695", "#e695e0", "#f5a263", "#ed6e6e", "#f0ea6d", "#6ab5f5")


@dataclass(frozen=True, slots=True)
class Solving:
    """Per cell (row-major): the digit the solver entered (0 for none), the corner and
    centre marks as masks (bit d-1 for digit d) and the colours as a mask of the nine
    (bit k for colour k + 1). A layer not given (or None) is all 0."""

    entries: tuple[int, ...]
    corner: tuple[int, ...] = ()
    centre: tuple[int, ...] = ()
    colours: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        count = len(self.entries)
        for name in ("corner", "centre", "colours"):
            if not getattr(self, name):
                object.__setattr__(self, name, (0,) * count)
        if any(len(layer) != count for layer in (self.corner, self.centre, self.colours)):
            raise ValueError("every layer of a solving state has a value per cell")

    @classmethod
    def empty(cls, count: int) -> Solving:
        return cls((0,) * count)

    @property
    def is_empty(self) -> bool:
        return not (any(self.entries) or any(self.corner) or any(self.centre) or any(self.colours))

    @property
    def filled(self) -> int:
        return sum(1 for d in self.entries if d)

    def _layer(self, tool: str) -> tuple[int, ...]:
        return {"digit": self.entries, "corner": self.corner, "centre": self.centre, "colour": self.colours}[tool]

    def _with(self, tool: str, values: list[int]) -> Solving:
        field = {"digit": "entries", "corner": "corner", "centre": "centre", "colour": "colours"}[tool]
        return replace(self, **{field: tuple(values)})

    def apply(self, tool: str, cells: list[int], digit: int, puzzle: Board) -> Solving:
        """`digit` (a colour's number for the colour tool) put with `tool` on `cells`.
        A digit goes in every open cell; a mark or colour goes on every cell that takes
        it, or comes off all of them when all held it already."""
        if tool == "digit":
            values = list(self.entries)
            for i in cells:
                if not puzzle.cells[i]:
                    values[i] = digit
            return self._with(tool, values)
        # A pencil mark goes in a cell with neither a given nor a digit; a colour anywhere.
        open_cells = [i for i in cells if tool == "colour" or not (puzzle.cells[i] or self.entries[i])]
        if not open_cells:
            return self
        bit = 1 << (digit - 1)
        layer = self._layer(tool)
        values = list(layer)
        remove = all(layer[i] & bit for i in open_cells)
        for i in open_cells:
            values[i] = values[i] & ~bit if remove else values[i] | bit
        return self._with(tool, values)

    def clear(self, tool: str, cells: list[int]) -> Solving:
        """What `tool` holds in `cells` taken away. With the digit tool, the digits; where
        the cells hold none, their pencil marks (SudokuPad's Delete)."""
        if tool == "digit":
            if any(self.entries[i] for i in cells):
                values = list(self.entries)
                for i in cells:
                    values[i] = 0
                return self._with("digit", values)
            corner, centre = list(self.corner), list(self.centre)
            for i in cells:
                corner[i] = centre[i] = 0
            return replace(self, corner=tuple(corner), centre=tuple(centre))
        values = list(self._layer(tool))
        for i in cells:
            values[i] = 0
        return self._with(tool, values)


# --- the puzzle and the solver's work ---------------------------------------------------


def split(board: Board) -> tuple[Board, Solving]:
    """The puzzle a board holds and the solver's work on it. A variant's digits without
    `given` (f-puzzles' entries) and every board's pencil marks are the solver's; a
    classic board's digits are all givens (its slug cannot tell them apart)."""
    count = len(board.cells)
    entries = [0] * count
    cells = list(board.cells)
    if board.variant is not None:
        for i in board.typed:
            entries[i], cells[i] = cells[i], 0
    puzzle = replace(board, cells=tuple(cells), typed=frozenset(), centre=(0,) * count, corner=(0,) * count, notes=())
    source = _source_object(board)
    colours = (0,) * count if source is None else _highlights_of(source, board.size)
    if source is not None and any(colours):
        # The solver's colours (f-puzzles' `highlight`) are kept here, not in the puzzle.
        for row in source["grid"]:
            for cell in row:
                if isinstance(cell, dict):
                    cell.pop("highlight", None)
        text = json.dumps(source, separators=(",", ":"), ensure_ascii=False)
        assert puzzle.variant is not None  # a board with an f-puzzles source is a variant
        puzzle = replace(puzzle, variant=replace(puzzle.variant, source=text))
    return puzzle, Solving(tuple(entries), board.corner, board.centre, colours)


def _source_json(board: Board) -> dict[str, Any] | None:
    """The f-puzzles JSON object a variant board was read from (None for another board)."""
    variant = board.variant
    if variant is None or not variant.source or variant.form == "scl":
        return None
    try:
        obj = json.loads(variant.source)
    except (ValueError, RecursionError):
        return None
    return obj if isinstance(obj, dict) else None


def _source_object(board: Board) -> dict[str, Any] | None:
    """The f-puzzles JSON a variant board was read from, with its grid (None for another)."""
    obj = _source_json(board)
    if obj is None:
        return None
    grid = obj.get("grid")
    if not isinstance(grid, list) or len(grid) != board.size or not all(isinstance(row, list) for row in grid):
        return None
    return obj


def _highlights_of(obj: dict[str, Any], size: int) -> tuple[int, ...]:
    """Each cell's `highlight` (f-puzzles' colour of the solver's) as a colour mask: the
    nearest of SudokuPad's nine colours."""
    masks = []
    for r in range(size):
        row = obj["grid"][r]
        for c in range(size):
            cell = row[c] if c < len(row) else None
            colour = cell.get("highlight") if isinstance(cell, dict) else None
            masks.append(1 << _nearest_colour(colour) if isinstance(colour, str) else 0)
    return tuple(masks)


def _nearest_colour(text: str) -> int:
    """The index of the colour of COLOURS nearest `text` (#rgb or #rrggbb; grey if unreadable)."""
    digits = text.strip().lstrip("#")
    if len(digits) == 3:
        digits = "".join(ch * 2 for ch in digits)
    try:
        rgb = [int(digits[k : k + 2], 16) for k in (0, 2, 4)] if len(digits) == 6 else None
    except ValueError:
        rgb = None
    if rgb is None:
        return 0

    def distance(k: int) -> int:
        other = [int(COLOURS[k][j : j + 2], 16) for j in (1, 3, 5)]
        return sum((a - b) ** 2 for a, b in zip(rgb, other))

    return min(range(len(COLOURS)), key=distance)


def progress_link(puzzle: Board, solving: Solving) -> str:
    """The f-puzzles link of the puzzle with the solver's work: the entries and marks (see
    `with_progress`), and each coloured cell's first colour as its `highlight`."""
    from .fpuzzles import URL, to_object
    from .lzstring import compress_to_base64

    obj = to_object(with_progress(puzzle, solving))
    size = puzzle.size
    for i, mask in enumerate(solving.colours):
        cell = obj["grid"][i // size][i % size]
        if mask:
            cell["highlight"] = COLOURS[(mask & -mask).bit_length() - 1]
        else:
            cell.pop("highlight", None)
    return URL + compress_to_base64(json.dumps(obj, separators=(",", ":"), ensure_ascii=False))


def shown(puzzle: Board, solving: Solving) -> Board:
    """The grid as the solver sees it: the givens, the solver's digits (as `typed`, drawn
    apart from the givens) and the pencil marks."""
    cells = tuple(g or e for g, e in zip(puzzle.cells, solving.entries))
    typed = frozenset(i for i, (g, e) in enumerate(zip(puzzle.cells, solving.entries)) if e and not g)
    return replace(puzzle, cells=cells, typed=typed, centre=solving.centre, corner=solving.corner, notes=())


def with_progress(puzzle: Board, solving: Solving) -> Board:
    """The board whose f-puzzles link holds the solver's work: the entries as `value`
    without `given`, the marks as `cornerPencilMarks` and `centerPencilMarks`."""
    from .variant import Variant

    board = shown(puzzle, solving)
    if board.variant is None:  # a classic board gets f-puzzles' form, so its entries can be told apart
        board = replace(board, variant=Variant(9))
    return board


def puzzle_key(puzzle: Board) -> str:
    """A short name for the puzzle alone (givens, regions, constraints), the same however
    its link was written, under which its solving state is kept."""
    if puzzle.variant is None:
        text = puzzle.grid
    else:
        from .fpuzzles import to_object

        text = json.dumps(to_object(puzzle), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def setter_solution(puzzle: Board) -> tuple[int, ...] | None:
    """The setter's own solution, when the f-puzzles JSON holds one (`solution`: the
    digits row by row); None when it holds none or one that is not a full grid."""
    obj = _source_json(puzzle)
    solution = None if obj is None else obj.get("solution")
    count = len(puzzle.cells)
    if not isinstance(solution, list) or len(solution) != count:
        return None
    digits = []
    for d in solution:
        if isinstance(d, str) and d.isdigit():
            d = int(d)
        if type(d) is not int or not 1 <= d <= puzzle.size:
            return None
        digits.append(d)
    return tuple(digits)


def wrong_cells(puzzle: Board, solving: Solving, solution: tuple[int, ...]) -> list[int]:
    """The cells whose digit differs from the solution (empty cells are not wrong)."""
    return [i for i, (g, e, s) in enumerate(zip(puzzle.cells, solving.entries, solution)) if (g or e) and (g or e) != s]


def is_full(puzzle: Board, solving: Solving) -> bool:
    return all(g or e for g, e in zip(puzzle.cells, solving.entries))


def clock(ms: int) -> str:
    """A time as a solver reads it: 12:34, or 1:02:03 past the hour."""
    seconds = max(0, ms) // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


# --- kept between runs ------------------------------------------------------------------


def to_json(solving: Solving) -> dict[str, Any]:
    """The state as JSON: the entries as a grid text ('.' for none) and each layer of
    masks as a list, left out when empty."""
    out: dict[str, Any] = {"entries": "".join(DIGITS[d - 1] if d else "." for d in solving.entries)}
    for key in ("corner", "centre", "colours"):
        layer = getattr(solving, key)
        if any(layer):
            out[key] = list(layer)
    return out


def from_json(obj: Any, size: int) -> Solving:
    """The state `to_json` wrote, for a size x size puzzle; FormatError when it is not one."""
    count = size * size
    if not isinstance(obj, dict) or not isinstance(obj.get("entries"), str) or len(obj["entries"]) != count:
        raise FormatError(NAME, f"a solving state needs {count} entries")
    entries = []
    for ch in obj["entries"]:
        digit = 0 if ch == "." else DIGITS.find(ch) + 1
        if not 0 <= digit <= size or (ch != "." and digit == 0):
            raise FormatError(NAME, f"{ch!r} is not a digit of a {size}x{size} sudoku")
        entries.append(digit)
    layers: dict[str, tuple[int, ...]] = {}
    for key, bits in (("corner", size), ("centre", size), ("colours", len(COLOURS))):
        layer = obj.get(key, [0] * count)
        full = (1 << bits) - 1
        if (
            not isinstance(layer, list)
            or len(layer) != count
            or any(type(m) is not int or not 0 <= m <= full for m in layer)
        ):
            raise FormatError(NAME, f'"{key}" of a solving state needs {count} masks of {bits} bits')
        layers[key] = tuple(layer)
    return Solving(tuple(entries), **layers)

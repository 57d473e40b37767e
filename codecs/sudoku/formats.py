"""Texts setters exchange: the 81-character grid string, SadMan `.sdk` files (a
`[Puzzle]` section of nine lines, `#` comments), and the candidate grids that HoDoKu and
Sudoku Explainer print (each cell's digits between rules, one digit for a solved cell);
writing the 81-character string and the candidate grid."""

from __future__ import annotations

import re

from ..errors import FormatError, shown
from .model import NAME, Board

# A cell of a candidate grid: a run of characters that are neither space nor a character
# of the rules drawn between the cells.
_RULE_CHARACTERS = "|-+.:*='"
_CELL = re.compile(rf"[^\s{re.escape(_RULE_CHARACTERS)}]+")


GRID_CELLS = "123456789.0"
# Characters that grid pictures (HoDoKu, Sudoku Explainer, forum posts) put between cells.
GRID_DECORATION = set(" \t\r\n|-+*=_:")


def decode_grid(text: str) -> Board:
    """Read the 81-character grid: digits, `.` or `0` for empty, decoration ignored."""
    cells: list[int] = []
    for i, ch in enumerate(text):
        if ch in GRID_CELLS:
            if len(cells) == 81:
                raise FormatError(NAME, "grid has more than 81 cells", i)
            cells.append(int(ch) if ch.isdigit() else 0)
        elif ch not in GRID_DECORATION:
            raise FormatError(NAME, f"character {ch!r} is not a digit or '.'", i)
    if len(cells) != 81:
        raise FormatError(NAME, f"grid has {len(cells)} cells; 81 are needed", len(text))
    return Board(tuple(cells))


_SDK_SECTION = re.compile(r"^[ \t\ufeff]*\[puzzle\][ \t\r]*$", re.IGNORECASE | re.MULTILINE)


def is_sdk(text: str) -> bool:
    """Whether `text` is a .sdk file: a `[Puzzle]` line of its own in its first 4 KB (a
    sentence that mentions [Puzzle] is not one)."""
    return _SDK_SECTION.search(text[:4096]) is not None


def read_sdk(text: str) -> Board:
    """The `[Puzzle]` section read as a grid; other sections and `#` lines are skipped.
    Error positions count in `text`."""
    out = []
    inside = False
    for line in text.splitlines(keepends=True):
        body = line.strip()
        if body.startswith("["):
            inside = body.lower().startswith("[puzzle]")
            keep = False
        else:
            keep = inside and not body.startswith("#")
        out.append(line if keep else "".join("\n" if ch in "\r\n" else " " for ch in line))
    return decode_grid("".join(out))


def is_candidate_grid(text: str) -> bool:
    """81 cells of digits between rules, one at least of more than one digit. Read cell by
    cell, and given up at the first that is not one: another game's text, of a million
    characters, costs no more than its first few."""
    cells = 0
    several = False
    for match in _CELL.finditer(text):
        cell = match.group()
        cells += 1
        if cells > 81 or not cell.isdigit():
            return False
        several = several or len(cell) > 1
    return cells == 81 and several


def read_candidate_grid(text: str) -> Board:
    """81 cells of digits between rules: one digit is a placed digit (a given), more are
    the cell's candidates (its centre marks)."""
    cells: list[int] = []
    centre: list[int] = []
    for match in _CELL.finditer(text):
        token = match.group()
        if len(cells) == 81:
            raise FormatError(NAME, "the candidate grid has more than 81 cells", match.start())
        if not token.isdigit() or "0" in token or len(set(token)) != len(token):
            raise FormatError(NAME, f"{shown(token)} is not a cell of distinct digits 1-9", match.start())
        if len(token) == 1:
            cells.append(int(token))
            centre.append(0)
        else:
            cells.append(0)
            centre.append(sum(1 << (int(ch) - 1) for ch in token))
    if len(cells) != 81:
        raise FormatError(NAME, f"the candidate grid has {len(cells)} cells; 81 are needed", len(text))
    return Board(tuple(cells)).with_marks(tuple(centre))


def write_string(board: Board) -> str:
    """The digits row by row, '.' for an empty cell (10-16 as A-G on a larger grid)."""
    return board.grid


def write_candidate_grid(board: Board) -> str:
    """HoDoKu's picture: placed digits alone, empty cells their centre marks (or every
    legal candidate when the cell has none), columns padded per box band."""
    from .logic import candidates

    legal = candidates(board)
    texts = []
    for i, d in enumerate(board.cells):
        mask = board.centre[i] or legal[i]
        texts.append(str(d) if d else "".join(str(k + 1) for k in range(9) if mask >> k & 1) or "0")
    widths = [max(len(texts[r * 9 + c]) for r in range(9)) for c in range(9)]
    stacks = [sum(widths[s * 3 : s * 3 + 3]) + 4 for s in range(3)]
    rule = "".join(("." if s == 0 else "+") + "-" * w for s, w in enumerate(stacks)) + "."
    lines = [rule.replace("+", ".")]
    for r in range(9):
        row = "|"
        for s in range(3):
            row += " " + " ".join(texts[r * 9 + c].ljust(widths[c]) for c in range(s * 3, s * 3 + 3)) + " |"
        lines.append(row)
        if r in (2, 5):
            lines.append(rule.replace(".", ":"))
    lines.append(rule.replace("+", "'").replace(".", "'"))
    return "\n".join(lines) + "\n"

"""The toy game's board, slug, rules and file reader in one module."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from enum import Enum
from typing import Any

from slugboard.codecs.anatomy import Anatomy, Span
from slugboard.codecs.errors import FormatError, Problem, Severity, SlugError
from slugboard.codecs.game import FileRecord
from slugboard.codecs.work import NEVER, Cancel

from . import ANATOMY_FIELDS, NAME

PREFIX = "ttt:"
MARKS = "XO."


class Kind(str, Enum):
    """The game's own kinds of problem (beside errors.ProblemKind, which every game shares)."""

    TURNS = "turns"  # the marks do not alternate, X first


LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


@dataclass(frozen=True, slots=True)
class Board:
    cells: str = "." * 9

    def __post_init__(self) -> None:
        if len(self.cells) != 9 or set(self.cells) - set(MARKS):
            raise ValueError(f"not a board: {self.cells!r}")

    def with_mark(self, index: int, mark: str) -> Board:
        return Board(self.cells[:index] + mark + self.cells[index + 1 :])


def new_board() -> Board:
    return Board()


def looks_like(text: str) -> bool:
    return text.strip().startswith(PREFIX)


def decode(text: str) -> Board:
    start = len(text) - len(text.lstrip())
    body = text.strip()
    if not body.startswith(PREFIX):
        raise FormatError(NAME, f"a board starts with {PREFIX!r}", start)
    cells = body[len(PREFIX) :]
    for i, mark in enumerate(cells):
        if mark not in MARKS:
            raise FormatError(NAME, f"{mark!r} is not X, O or .", start + len(PREFIX) + i)
    if len(cells) != 9:
        raise FormatError(NAME, f"a board has 9 cells, not {len(cells)}", start + len(body))
    return Board(cells)


def encode(board: Board) -> str:
    return PREFIX + board.cells


def share_url(board: Board) -> str | None:
    return None


def to_json(board: Board) -> dict[str, Any]:
    return {"game": NAME, "cells": board.cells}


def from_json(obj: dict[str, Any]) -> Board:
    cells = obj.get("cells")
    if not isinstance(cells, str) or len(cells) != 9 or set(cells) - set(MARKS):
        raise FormatError(NAME, '"cells" must be nine of X, O and .')
    return Board(cells)


def winner(board: Board) -> str | None:
    """ "X" or "O" when one of them has three in a row."""
    for a, b, c in LINES:
        if board.cells[a] != "." and board.cells[a] == board.cells[b] == board.cells[c]:
            return board.cells[a]
    return None


def problems(board: Board) -> list[Problem]:
    x, o = board.cells.count("X"), board.cells.count("O")
    if not 0 <= x - o <= 1:
        return [
            Problem(
                f"{x} crosses and {o} noughts: X plays first, then they take turns",
                (),
                Severity.ERROR,
                Kind.TURNS,
            )
        ]
    return []


def info(board: Board) -> dict[str, Any]:
    return {"game": NAME, "winner": winner(board), "problems": [p.to_json() for p in problems(board)]}


def explain(text: str) -> Anatomy:
    decode(text)
    start = text.index(PREFIX)
    spans = [Span("magic", (start, start + len(PREFIX)), PREFIX, label="the mark of a board")]
    for i in range(9):
        at = start + len(PREFIX) + i
        element = {"kind": "cell", "index": i, "cells": [[i // 3, i % 3]]}
        spans.append(Span("mark", (at, at + 1), text[at], value=text[at], element=element, label=f"cell {i + 1}"))
    return Anatomy(NAME, "ttt", text, (start, start + len(PREFIX) + 9), "char", tuple(spans), fields=ANATOMY_FIELDS)


def book_entry(board: Board, solution: bool) -> tuple[str, str, Board | None]:
    """A printed book's heading words, rules and solution of a board (codecs.Game.book_entry):
    the rules under every board, and no solution (the game has no solver)."""
    return "", "Three in a row wins; X plays first.", None


def winner_command(board: Board, args: argparse.Namespace) -> dict[str, Any]:
    return {"winner": winner(board)}


def read_file(path: str, cancel: Cancel = NEVER) -> list[FileRecord]:
    """A `.ttt` file: one board's slug per line."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = [line for line in f.read(10_000).splitlines() if line.strip()]
    except OSError as exc:
        raise SlugError(NAME, f"cannot read the file: {exc.strerror}") from None
    return [FileRecord(decode(line), {"line": n}) for n, line in enumerate(lines, 1)]

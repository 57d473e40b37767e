"""Overlaps, pieces running off the board, and completeness."""

from __future__ import annotations

from ..errors import Problem, ProblemKind, Severity
from .geometry import Item, Painting, paint
from .model import SURFACES, Board, Kind, square_name


def _label(item: Item) -> str:
    return f"{'terrain' if item.is_terrain else item.name} at {square_name(item.row, item.col)}"


def problems(board: Board, painting: Painting | None = None) -> list[Problem]:
    """Pieces that overlap (one problem per pair of items, with the shared cells) and pieces
    that run off the board (with the edge cells where the web app marks them), then
    decoding remarks as warnings."""
    p = painting or paint(board)
    found = []
    pairs: dict[tuple[int, ...], list[tuple[int, int]]] = {}
    for cell, owners in p.overlaps.items():
        pairs.setdefault(tuple(owners), []).append(cell)
    for owners, cells in sorted(pairs.items(), key=lambda kv: min(kv[1])):
        names = [_label(p.items[i]) for i in owners]
        # One item can cover a cell twice when a seam brings it back onto itself.
        text = f"{names[0]} overlaps itself" if len(names) == 1 else f"{' and '.join(names)} overlap"
        found.append(Problem(text, tuple(sorted(cells)), Severity.ERROR, ProblemKind.OVERLAP))
    for index, edge in sorted(p.overflow.items()):
        found.append(
            Problem(
                f"{_label(p.items[index])} runs off the {SURFACES[board.surface].lower()}",
                tuple(sorted(edge)),
                Severity.ERROR,
                Kind.OVERFLOW,
            )
        )
    found.extend(Problem(note, (), Severity.WARNING, ProblemKind.DECODE) for note in board.notes)
    return found


def conflict_cells(board: Board) -> frozenset[tuple[int, int]]:
    """The cells the web app paints red."""
    return paint(board).red


def is_complete(board: Board, painting: Painting | None = None) -> bool:
    """Every cell covered exactly once and nothing runs off or overlaps."""
    p = painting or paint(board)
    return not p.overflow and not p.overlaps and all(c == 1 for c in p.count)

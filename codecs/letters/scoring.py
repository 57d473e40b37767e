"""Words a turn forms, their scores, and what the game would refuse about a turn's tiles."""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass

from ..errors import Problem, Severity
from .model import BINGO_BONUS, DL, DW, PREMIUMS, RACK_SIZE, SIZE, TL, TW, VALUES, Kind
from .words import word_list


@dataclass(frozen=True, slots=True)
class Word:
    """A word a turn forms: its letters, its squares, its score and whether it is in the list."""

    text: str
    squares: tuple[tuple[int, int], ...]
    score: int
    valid: bool


def words_formed(grid: dict, placed) -> list[tuple[str, tuple[tuple[int, int], ...]]]:  # type: ignore[no-untyped-def, type-arg]
    """The words a turn forms, in the order the game's server lists them: the word along
    the tiles' line first (a single tile counts as across), then each tile's cross word.
    `grid` is the board before the turn; `placed` is (row, col, letter) in slug order."""
    if not placed:
        return []
    after = dict(grid)
    for row, col, letter in placed:
        after[(row, col)] = letter
    rows = {p[0] for p in placed}
    across = len(rows) == 1
    found = []

    def run(fixed: int, moving: list[int], horizontal: bool):  # type: ignore[no-untyped-def]
        lo, hi = min(moving), max(moving)
        sq = (lambda i: (fixed, i)) if horizontal else (lambda i: (i, fixed))
        while lo > 0 and sq(lo - 1) in after:
            lo -= 1
        while hi < SIZE - 1 and sq(hi + 1) in after:
            hi += 1
        # The server joins the occupied squares between the ends, skipping any gap.
        return tuple(sq(i) for i in range(lo, hi + 1) if sq(i) in after)

    if across:
        main = run(placed[0][0], [p[1] for p in placed], True)
    else:
        main = run(placed[0][1], [p[0] for p in placed], False)
    if len(main) > 1:
        found.append(main)
    for row, col, _ in placed:
        cross = run(col, [row], False) if across else run(row, [col], True)
        if len(cross) > 1:
            found.append(cross)
    return [("".join(after[s] for s in squares).upper(), squares) for squares in found]


def score_turn(grid: dict, placed, valid_words: Container[str] | None = None):  # type: ignore[no-untyped-def, type-arg]
    """(words, score) of one turn: letter premiums and word multipliers count for the
    new tiles only, every word formed scores, and all seven tiles add 50. A blank (a
    lowercase letter) is worth 0, though a word premium under it still multiplies."""
    after = dict(grid)
    for row, col, letter in placed:
        after[(row, col)] = letter
    new = {(row, col) for row, col, _ in placed}
    words = []
    total = 0
    for text, squares in words_formed(grid, placed):
        score, multiplier = 0, 1
        for sq in squares:
            value = VALUES.get(after[sq], 0)
            if sq in new:
                kind = PREMIUMS.get(sq)
                if kind == DL:
                    value *= 2
                elif kind == TL:
                    value *= 3
                elif kind == DW:
                    multiplier *= 2
                elif kind == TW:
                    multiplier *= 3
            score += value
        score *= multiplier
        total += score
        words.append(Word(text, squares, score, valid_words is None or text in valid_words))
    if len(placed) == RACK_SIZE:
        total += BINGO_BONUS
    return tuple(words), total


def placement_problems(grid: dict, placed, turn: int | None = None) -> list[Problem]:  # type: ignore[no-untyped-def, type-arg]
    """What the game would refuse about one turn's tiles on a board `grid` (the squares
    filled before the turn): tiles off one line, gaps, no contact, occupied squares, and
    words missing from the word list."""
    where = f"turn {turn}: " if turn else ""
    squares = tuple((r, c) for r, c, _ in placed)
    found: list[Problem] = []
    if not placed:
        return found
    taken = tuple(sq for sq in squares if sq in grid)
    if taken:
        found.append(
            Problem(
                f"{where}a tile is placed on a square that is already filled",
                taken,
                Severity.ERROR,
                Kind.OCCUPIED,
            )
        )
        return found
    rows = {r for r, _ in squares}
    cols = {c for _, c in squares}
    if len(rows) > 1 and len(cols) > 1:
        found.append(Problem(f"{where}the tiles are not in one row or column", squares, Severity.ERROR, Kind.LINE))
        return found
    if len(rows) == 1:
        row = next(iter(rows))
        line = [(row, c) for c in range(min(cols), max(cols) + 1)]
    else:
        col = next(iter(cols))
        line = [(r, col) for r in range(min(rows), max(rows) + 1)]
    gaps = tuple(sq for sq in line if sq not in grid and sq not in squares)
    if gaps:
        found.append(Problem(f"{where}the tiles leave a gap", gaps, Severity.ERROR, Kind.GAP))
    touches = any((r + dr, c + dc) in grid for r, c in squares for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
    if not touches:
        found.append(
            Problem(f"{where}the tiles do not touch any tile on the board", squares, Severity.ERROR, Kind.CONNECT)
        )
    valid = word_list()
    for text, word_squares in words_formed(grid, placed):
        if text not in valid:
            found.append(Problem(f"{where}{text} is not in the word list", word_squares, Severity.ERROR, Kind.WORD))
    return found

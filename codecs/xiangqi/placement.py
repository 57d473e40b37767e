"""What the code can hold: where each kind may stand, how many of it, and one uncrossed
soldier per starting file; the reasons in words, for the editor's placements and drags."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import Problem, ProblemKind, Severity, ValueRangeError
from .model import (
    FILES,
    KIND_NAMES,
    LETTERS,
    MAX_COUNT,
    NAME,
    STANDS,
    Board,
    Kind,
    canonical_assignment,
    is_red,
    piece_name,
    square_name,
)


def _refusal(letter: str, square: int) -> str | None:
    """Why the code has no place for `letter` on `square` (None when it has one,
    ignoring the other pieces)."""
    if square in STANDS[letter]:
        return None
    kind = letter.upper()
    rank = 9 - square // 9 if is_red(letter) else square // 9  # 0 is the piece's own back rank
    if kind == "K":
        return "a king stays in its palace"
    if kind == "A":
        return "an advisor stays on the five points of its palace"
    if kind == "B":
        if rank >= 5:
            return "an elephant never crosses the river"
        return "an elephant stays on its seven points"
    if kind == "P":
        if rank < 3:
            return "a soldier never stands behind its starting rank"
        return "a soldier on its own side of the river stays on its starting file"
    return "that square is off the board"  # pragma: no cover - horses, rooks and cannons go anywhere


def placement_problems(cells: Sequence[str]) -> list[Problem]:
    """Every reason the code cannot hold this placement, one problem each."""
    found: list[Problem] = []
    by_letter: dict[str, list[int]] = {}
    for sq, c in enumerate(cells):
        if c:
            by_letter.setdefault(c, []).append(sq)
    for letter in LETTERS:
        squares = by_letter.get(letter, [])
        if len(squares) > MAX_COUNT[letter]:
            kind = KIND_NAMES[letter.upper()]
            side = "red" if is_red(letter) else "black"
            found.append(
                Problem(
                    f"{len(squares)} {side} {kind}s: the code holds at most {MAX_COUNT[letter]}",
                    tuple(squares),
                    Severity.ERROR,
                    ProblemKind.TOO_MANY,
                )
            )
        for sq in squares:
            reason = _refusal(letter, sq)
            if reason:
                found.append(
                    Problem(
                        f"{piece_name(letter)} on {square_name(sq)}: {reason}",
                        (sq,),
                        Severity.ERROR,
                        Kind.UNENCODABLE,
                    )
                )
        if letter.upper() == "P":
            files: dict[int, list[int]] = {}
            for sq in squares:
                if _is_uncrossed(letter, sq) and not _refusal(letter, sq):
                    files.setdefault(sq % 9, []).append(sq)
            for col, where in sorted(files.items()):
                if len(where) > 1:
                    found.append(
                        Problem(
                            f"{piece_name(letter)}s on {', '.join(square_name(s) for s in where)}: "
                            f"two uncrossed soldiers on file {FILES[col]} (the code holds one per starting file)",
                            tuple(where),
                            Severity.ERROR,
                            Kind.UNENCODABLE,
                        )
                    )
    return found


def _is_uncrossed(letter: str, square: int) -> bool:
    return square >= 45 if is_red(letter) else square < 45


def canonical_rows(board: Board) -> tuple[int, ...]:
    """The rows the board encodes with; raises ValueRangeError naming the first piece
    the code cannot hold."""
    if board.rows is not None:
        return board.rows
    rows = canonical_assignment(board.cells)
    if rows is None:
        problem = placement_problems(board.cells)[0]
        raise ValueRangeError(NAME, f"cannot encode: {problem.message}")
    return rows


def is_encodable(board: Board) -> bool:
    return board.rows is not None or canonical_assignment(board.cells) is not None


def placement_refusal(board: Board, square: int, letter: str) -> str | None:
    """Why `letter` cannot be put on `square` of `board` (None when it can): the code's
    limits for that kind, given the pieces already on the board."""
    if board.cells[square] == letter:
        return None
    return _refusal_after(board, list(board.cells), square, letter)


def move_refusal(board: Board, source: int, target: int) -> str | None:
    """Why the piece on `source` cannot be moved to `target` (None when it can)."""
    letter = board.cells[source]
    if not letter:
        return "there is no piece there"
    if source == target:
        return None
    cells = list(board.cells)
    cells[source] = ""
    return _refusal_after(board, cells, target, letter)


def _refusal_after(board: Board, cells: list[str], square: int, letter: str) -> str | None:
    reason = _refusal(letter, square)
    if reason:
        return f"{piece_name(letter)} on {square_name(square)}: {reason}"
    cells[square] = ""
    same = [sq for sq, c in enumerate(cells) if c == letter]
    if len(same) >= MAX_COUNT[letter]:
        return _full_message(letter)
    if letter.upper() == "P" and _is_uncrossed(letter, square):
        for sq in same:
            if sq % 9 == square % 9 and _is_uncrossed(letter, sq):
                return (
                    f"{piece_name(letter)} on {square_name(square)}: a {piece_name(letter)} already "
                    f"stands on this file before the river (the code holds one per starting file)"
                )
    return None


def _full_message(letter: str) -> str:
    kind = KIND_NAMES[letter.upper()]
    side = "red" if is_red(letter) else "black"
    count = MAX_COUNT[letter]
    return f"{side} already has {count} {kind}{'s' if count > 1 else ''}: the code holds no more"


def count_refusal(board: Board, letter: str) -> str | None:
    """Why no further `letter` can be put anywhere (None while the code holds one more)."""
    if sum(1 for c in board.cells if c == letter) >= MAX_COUNT[letter]:
        return _full_message(letter)
    return None


def legal_squares(board: Board, letter: str) -> frozenset[int]:
    """The squares where `letter` may be put on `board` and the code can still hold it."""
    return frozenset(sq for sq in STANDS[letter] if placement_refusal(board, sq, letter) is None)


def legal_targets(board: Board, source: int) -> frozenset[int]:
    """The squares the piece on `source` may be dragged to."""
    letter = board.cells[source]
    if not letter:
        return frozenset()
    return frozenset(sq for sq in STANDS[letter] if move_refusal(board, source, sq) is None)

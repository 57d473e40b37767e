"""What the rules say about a position: which pieces attack a square, and what makes a
position illegal to play (a missing king, kings facing, the side not to move in check)."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import Problem, ProblemKind, Severity
from .model import FILES, KIND_NAMES, Board, Kind, is_red, square_name
from .placement import placement_problems


def attacks(cells: Sequence[str], source: int, target: int) -> bool:
    """Does the piece on `source` attack `target` (kings facing aside)?"""
    letter = cells[source]
    kind = letter.upper()
    r0, c0 = divmod(source, 9)
    r1, c1 = divmod(target, 9)
    dr, dc = r1 - r0, c1 - c0
    if kind in "RC":
        if dr and dc or not (dr or dc):
            return False
        step = 9 * ((dr > 0) - (dr < 0)) + ((dc > 0) - (dc < 0))
        between = sum(1 for sq in range(source + step, target, step) if cells[sq])
        return between == (0 if kind == "R" else 1)
    if kind == "N":
        if (abs(dr), abs(dc)) == (2, 1):
            leg = source + 9 * (dr // 2)
        elif (abs(dr), abs(dc)) == (1, 2):
            leg = source + dc // 2
        else:
            return False
        return not cells[leg]
    if kind == "K":
        return abs(dr) + abs(dc) == 1 and _in_palace(target, is_red(letter))
    if kind == "A":
        return abs(dr) == 1 and abs(dc) == 1 and _in_palace(target, is_red(letter))
    if kind == "B":
        own_half = r1 >= 5 if is_red(letter) else r1 <= 4
        return abs(dr) == 2 and abs(dc) == 2 and own_half and not cells[source + 9 * (dr // 2) + dc // 2]
    forward = -1 if is_red(letter) else 1
    crossed = r0 <= 4 if is_red(letter) else r0 >= 5
    return (dr, dc) == (forward, 0) or (crossed and dr == 0 and abs(dc) == 1)


def _in_palace(square: int, red: bool) -> bool:
    """Is `square` inside the palace of Red (`red`) or Black? Kings and advisors never
    leave it, so they attack nothing outside it."""
    row, col = divmod(square, 9)
    return 3 <= col <= 5 and (row >= 7 if red else row <= 2)


def attackers(board: Board, square: int, red: bool) -> tuple[int, ...]:
    """Squares of the pieces of one side (`red`) that attack `square`."""
    cells = board.cells
    return tuple(sq for sq, c in enumerate(cells) if c and is_red(c) == red and attacks(cells, sq, square))


def _king(board: Board, red: bool) -> int | None:
    letter = "K" if red else "k"
    for sq, c in enumerate(board.cells):
        if c == letter:
            return sq
    return None


def problems(board: Board) -> list[Problem]:
    """What the code cannot hold (errors that `encode` refuses), then what it can hold but
    the rules forbid: a missing king, kings facing on an open file, the side not to move
    in check."""
    found = placement_problems(board.cells)
    red_king, black_king = _king(board, True), _king(board, False)
    for side, sq in (("red", red_king), ("black", black_king)):
        if sq is None:
            found.append(Problem(f"{side} has no king", (), Severity.ERROR, Kind.NO_KING))
    if red_king is not None and black_king is not None:
        facing = red_king % 9 == black_king % 9 and not any(
            board.cells[sq] for sq in range(min(red_king, black_king) + 9, max(red_king, black_king), 9)
        )
        if facing:
            found.append(
                Problem(
                    f"the kings face each other on file {FILES[red_king % 9]} with nothing between",
                    (black_king, red_king),
                    Severity.ERROR,
                    Kind.FACING_KINGS,
                )
            )
        waiting_red = not board.red_to_move
        waiting_king = red_king if waiting_red else black_king
        checking = attackers(board, waiting_king, not waiting_red)
        if checking:
            waiting, mover = ("red", "black") if waiting_red else ("black", "red")
            names = ", ".join(f"{KIND_NAMES[board.cells[sq].upper()]} on {square_name(sq)}" for sq in checking)
            found.append(
                Problem(
                    f"{waiting} is in check ({names}) with {mover} to move",
                    (waiting_king,) + checking,
                    Severity.ERROR,
                    Kind.CHECK,
                )
            )
    return found


# What keeps a game from starting at a position, of `problems`' kinds: more pieces of a
# kind than a side has (45 soldiers) make no game either.
_NOT_PLAYABLE = (Kind.NO_KING, Kind.FACING_KINGS, Kind.CHECK, ProblemKind.TOO_MANY)


def play_problems(board: Board) -> list[Problem]:
    """Why no game can start at `board`: a missing king, kings facing, the side not to
    move in check, more pieces of a kind than a side has (empty when one can)."""
    return [p for p in problems(board) if p.kind in _NOT_PLAYABLE]

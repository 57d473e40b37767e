"""What a game's history says about the position it reached: the full FEN (with the
half-move clock and the move number), a position repeated, and a perpetual check as
the Asian rules (AXF) call it: the side that keeps checking must vary or lose.

The half-move clock counts plies since the last capture (xiangqi has no pawn-move reset
in the engines' FEN); the move number starts at 1 and grows after each Black move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .model import Board, to_fen
from .moves import Move, in_check, play

# The rule a person reads beside an announcement (a tooltip).
PERPETUAL_RULE = (
    "Asian rules (AXF): a side may not check perpetually; the side that keeps checking must change its move "
    "or lose the game. Both sides checking perpetually, or neither, is a draw."
)
REPETITION_RULE = (
    "A position repeated three times with neither side checking perpetually is a draw under the Asian rules, "
    "unless one side keeps chasing an unprotected piece (which a referee judges; Slugboard does not)."
)


def full_fen(start: Board, moves: Sequence[Move], ply: int | None = None) -> str:
    """The FEN after the first `ply` moves (all by default), with the half-move clock
    (plies since the last capture) and the move number: "... w - - 2 5"."""
    ply = len(moves) if ply is None else ply
    board = start
    clock = 0
    number = 1
    for move in moves[:ply]:
        clock = 0 if board.cells[move[1]] else clock + 1
        if not board.red_to_move:
            number += 1
        board = play(board, move)
    return f"{to_fen(board)} - - {clock} {number}"


@dataclass(frozen=True, slots=True)
class Repetition:
    """The position after `ply` has stood `count` times in the game; `checking` is the
    side that gave check with every move since it first stood ("red", "black", "both"
    or None) and `message` says what that means."""

    count: int
    checking: str | None
    message: str
    rule: str


def _key(board: Board) -> tuple[tuple[str, ...], bool]:
    return board.cells, board.red_to_move


def repetition(start: Board, moves: Sequence[Move], ply: int | None = None) -> Repetition | None:
    """How the position after `ply` moves repeats an earlier one (None when it is the
    first time it stands, or the second)."""
    ply = len(moves) if ply is None else ply
    boards = [start]
    for move in moves[:ply]:
        boards.append(play(boards[-1], move))
    here = _key(boards[-1])
    times = [i for i, board in enumerate(boards) if _key(board) == here]
    if len(times) < 3:
        return None
    first = times[0]
    # Every move since the position first stood: did it give check?
    checks = {True: True, False: True}  # side (red?) -> checked with each of its moves so far
    moved = {True: False, False: False}
    for i in range(first, len(boards) - 1):
        mover = boards[i].red_to_move
        moved[mover] = True
        if not in_check(boards[i + 1]):
            checks[mover] = False
    red = moved[True] and checks[True]
    black = moved[False] and checks[False]
    count = len(times)
    if red and black:
        return Repetition(
            count, "both", f"Position repeated {count} times, both sides checking: a draw.", PERPETUAL_RULE
        )
    if red or black:
        side = "Red" if red else "Black"
        return Repetition(
            count,
            side.lower(),
            f"Perpetual check by {side}: under the Asian rules {side} must vary or lose.",
            PERPETUAL_RULE,
        )
    return Repetition(count, None, f"Position repeated {count} times: a draw by repetition.", REPETITION_RULE)

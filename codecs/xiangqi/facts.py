"""What `slugboard-codec info` says about a xiangqi position."""

from __future__ import annotations

from typing import Any

from .model import NAME, Board, to_fen
from .placement import is_encodable
from .rules import problems
from .slug import bit_length, encode


def info(board: Board) -> dict[str, Any]:
    facts: dict[str, Any] = {"game": NAME, "fen": to_fen(board), "turn": "red" if board.red_to_move else "black"}
    if is_encodable(board):
        bits = bit_length(board)
        facts.update(
            bits=bits, characters=len(encode(board)), slug=encode(board), keeps_piece_identity=board.has_identity
        )
    else:
        facts.update(bits=None, characters=None, slug=None, keeps_piece_identity=False)
    facts["pieces"] = sum(1 for c in board.cells if c)
    facts["problems"] = [p.to_json() for p in problems(board)]
    return facts

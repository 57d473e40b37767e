"""Xiangqi (Chinese chess): the seed article's per-piece variable-length position code,
Xiangqi FEN, what the code can hold, and what makes a position illegal to play.

model      the board, the piece rows and their prefix code, names, FEN writing
fen        reading Xiangqi FEN, the opening
placement  what the code can hold, with the reasons in words
slug       reading and writing slugs, the `xiangqi:` link, board JSON
rules      attacks, and what makes a position illegal to play
moves      legal moves, check, checkmate and stalemate, perft
notation   WXF and Chinese move notation, move lists read and written
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game import later
from .fen import from_fen, new_board
from .model import (
    BLACK_LETTERS,
    CANDIDATES,
    CAPTURED,
    FILES,
    GROUPS,
    HAS_LINK,
    INDEX,
    KIND_NAMES,
    LETTERS,
    MAX_COUNT,
    NAME,
    OPENING_FEN,
    PREFIX,
    RED_LETTERS,
    ROW_LETTERS,
    STANDS,
    TITLE,
    WEB_HOST,
    Board,
    empty_board,
    from_rows,
    is_red,
    piece_name,
    prefix_code,
    read_index,
    row_name,
    square_name,
    to_fen,
)
from .placement import (
    canonical_rows,
    count_refusal,
    is_encodable,
    legal_squares,
    legal_targets,
    move_refusal,
    placement_problems,
    placement_refusal,
)
from .slug import (
    bit_length,
    decode,
    decode_slug,
    encode,
    from_json,
    from_rows_checked,
    looks_like,
    share_url,
    slug_bits,
    to_json,
)

if TYPE_CHECKING:
    from ..anatomy import Anatomy
    from .moves import (
        Move,
        general_attacked,
        iccs,
        in_check,
        in_palace,
        legal_moves,
        parse_iccs,
        perft,
        piece_moves,
        play,
        result,
    )
    from .moves import legal_targets as legal_move_targets
    from .moves import move_refusal as play_refusal
    from .notation import (
        chinese,
        game_in_text,
        looks_like_moves,
        parse_game,
        parse_move,
        parse_moves,
        shown_board,
        wxf,
        wxf_list,
    )
    from .rules import attackers, play_problems, problems
else:
    __getattr__, __dir__ = later(
        __name__,
        {
            "moves": (
                "Move", "general_attacked", "iccs", "in_check", "in_palace", "legal_moves", "parse_iccs", "perft",
                "piece_moves", "play", "result", "legal_move_targets=legal_targets", "play_refusal=move_refusal",
            ),
            "notation": (
                "chinese", "game_in_text", "looks_like_moves", "parse_game", "parse_move", "parse_moves",
                "shown_board", "wxf", "wxf_list",
            ),
            "rules": ("attackers", "play_problems", "problems"),
        },
    )  # fmt: skip

__all__ = [
    "NAME", "TITLE", "HAS_LINK", "WEB_HOST", "PREFIX", "CAPTURED", "OPENING_FEN", "RED_LETTERS", "BLACK_LETTERS",
    "LETTERS", "KIND_NAMES", "FILES", "CANDIDATES", "ROW_LETTERS", "GROUPS", "MAX_COUNT", "INDEX", "STANDS",
    "Board", "new_board", "empty_board", "from_rows", "from_fen", "to_fen", "prefix_code", "read_index",
    "square_name", "is_red", "piece_name", "row_name", "canonical_rows", "is_encodable", "placement_problems",
    "placement_refusal", "move_refusal", "count_refusal", "legal_squares", "legal_targets", "decode",
    "decode_slug", "from_rows_checked", "looks_like", "encode", "slug_bits", "bit_length", "share_url", "to_json",
    "from_json", "attackers", "play_problems", "problems", "info", "Move", "general_attacked", "iccs", "in_check", "in_palace",
    "legal_moves", "parse_iccs", "perft", "piece_moves", "play", "result", "legal_move_targets", "play_refusal", "chinese", "looks_like_moves", "parse_game", "parse_move", "parse_moves",
    "wxf", "wxf_list", "game_in_text", "shown_board", "explain",
]  # fmt: skip


def explain(text: str) -> Anatomy:
    """What every part of a slug or FEN holds (see codecs/anatomy.py)."""
    from .anatomy import explain as explain_slug

    return explain_slug(text)


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
    from .rules import problems

    facts["problems"] = [p.to_json() for p in problems(board)]
    return facts

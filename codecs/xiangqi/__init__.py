"""Xiangqi (Chinese chess): the seed article's per-piece variable-length position code,
Xiangqi FEN, what the code can hold, and what makes a position illegal to play.

model      the board, the piece rows and their prefix code, names, FEN writing (fen: reading it)
placement  what the code can hold, with the reasons in words
slug       reading and writing slugs, the `xiangqi:` link, board JSON
rules      attacks, what makes a position illegal to play; moves: legal moves, mate, perft
notation   WXF and Chinese move notation, move lists read and written
history    a game's full FEN, repetition and perpetual check
records    game records: PGN, XQF, DhtmlXQ read (pgn, xqf, dhtmlxq, tree; sniff: by content), PGN written
engine     analysis by a UCI (or UCCI) engine in a child process; strength: its Elo
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game import Command, FileType, later

NAME = "xiangqi"
TITLE = "Xiangqi"
HAS_LINK = True
WEB_HOST: str | None = None
DETECTION_RANK = 4  # a bare base64 string with no marker: tried last
NOUN = "position"
ANATOMY_FIELDS = {"piece": "a piece", "colour": "whose turn or colour"}
TEXT_HINT = ".notation:text_hint"  # a move list with no position: where it is replayed

COMMANDS = (
    Command("moves", "xiangqi: print the legal moves, check and the result of each position as JSON", ".commands:moves", many=True),
    Command("analyse", "xiangqi: an engine's best lines, scores and depth as JSON", ".commands:analyse", ".commands:analyse_options"),
    Command("engine-move", "xiangqi: the move an engine would play here, at a chosen strength (--elo), as JSON", ".commands:engine_move", ".commands:engine_move_options"),
    Command("export-game", "xiangqi: a game record or move list written as PGN or moves", ".commands:export_game", ".commands:export_game_options", takes_board=False),
)  # fmt: skip

FILE_TYPES = (FileType("Xiangqi game records", (".pgn", ".xqf", ".ubb"), ".records:read_records", (".html", ".htm", ".txt"), f"{__name__}.sniff:holds_record_file"),)  # fmt: skip

if TYPE_CHECKING:
    # fmt: off
    from .anatomy import explain
    from .facts import info
    from .fen import from_fen, new_board
    from .model import (
        BLACK_LETTERS, CANDIDATES, CAPTURED, FILES, GROUPS, INDEX, KIND_NAMES, LETTERS, MAX_COUNT, OPENING_FEN,
        PREFIX, RED_LETTERS, ROW_LETTERS, STANDS, Board, empty_board, from_rows, is_red, piece_name, prefix_code,
        read_index, row_name, square_name, to_fen
    )
    from .moves import (
        Move, general_attacked, iccs, in_check, in_palace, legal_moves, parse_iccs, perft, piece_moves, play, result
    )
    from .moves import legal_targets as legal_move_targets
    from .moves import move_refusal as play_refusal
    from .notation import (
        chinese, game_in_text, looks_like_moves, parse_game, parse_move, parse_moves, shown_board, wxf, wxf_list
    )
    from .placement import (
        canonical_rows, count_refusal, is_encodable, legal_squares, legal_targets, move_refusal, placement_problems,
        placement_refusal
    )
    from .rules import attackers, play_problems, problems
    from .slug import (
        bit_length, decode, decode_slug, encode, from_json, from_rows_checked, looks_like, read_by_chance,
        share_url, slug_bits, to_json
    )
    # fmt: on
else:
    __getattr__, __dir__ = later(
        __name__,
        {
            "anatomy": ("explain",),
            "facts": ("info",),
            "model": ("BLACK_LETTERS", "CANDIDATES", "CAPTURED", "FILES", "GROUPS", "INDEX", "KIND_NAMES", "LETTERS", "MAX_COUNT", "OPENING_FEN", "PREFIX", "RED_LETTERS", "ROW_LETTERS", "STANDS", "Board", "empty_board", "from_rows", "is_red", "piece_name", "prefix_code", "read_index", "row_name", "square_name", "to_fen",),
            "fen": ("from_fen", "new_board",),
            "placement": ("canonical_rows", "count_refusal", "is_encodable", "legal_squares", "legal_targets", "move_refusal", "placement_problems", "placement_refusal",),
            "slug": ("bit_length", "decode", "decode_slug", "encode", "from_json", "from_rows_checked", "looks_like", "read_by_chance", "share_url", "slug_bits", "to_json",),
            "moves": ("Move", "general_attacked", "iccs", "in_check", "in_palace", "legal_moves", "parse_iccs", "perft", "piece_moves", "play", "result", "legal_move_targets=legal_targets", "play_refusal=move_refusal",),
            "notation": ("chinese", "game_in_text", "looks_like_moves", "parse_game", "parse_move", "parse_moves", "shown_board", "wxf", "wxf_list",),
            "rules": ("attackers", "play_problems", "problems",),
        },
    )  # fmt: skip

"""A game's history: the full FEN with its counters, repetition and perpetual check."""

from __future__ import annotations

from slugboard.codecs import xiangqi
from slugboard.codecs.xiangqi.history import full_fen, repetition
from slugboard.codecs.xiangqi.moves import legal_moves, parse_iccs, play
from slugboard.codecs.xiangqi.notation import move_names

# Red's rook checks Black's general along ranks 8 and 9, back and forth.
CHASE_START = "9/4k4/9/9/9/9/9/9/9/R2K5 w"
CHASE = "a0a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9".split()


def _game(fen: str, words: list[str]):
    start = xiangqi.from_fen(fen)
    board, moves = start, []
    for word in words:
        move = parse_iccs(word)
        assert move in legal_moves(board), word
        moves.append(move)
        board = play(board, move)
    return start, moves


def test_full_fen_counts_plies_since_a_capture_and_moves():
    start, moves = _game(xiangqi.OPENING_FEN, ["h2e2", "h9g7", "e2e6", "g6g5", "h0g2"])
    assert full_fen(start, moves, 0) == xiangqi.OPENING_FEN + " - - 0 1"
    assert full_fen(start, moves, 2).endswith(" w - - 2 2")
    assert full_fen(start, moves, 3).endswith(" b - - 0 2")  # the cannon took the soldier on e6
    assert full_fen(start, moves).endswith(" b - - 2 3")
    black_first, moves = _game("3k5/9/9/9/9/9/9/9/4R4/4K4 b", ["d9d8", "e1d1"])
    assert full_fen(black_first, moves) == "9/3k5/9/9/9/9/9/9/3R5/4K4 b - - 2 2"


def test_perpetual_check_is_called_on_the_checking_side():
    start, moves = _game(CHASE_START, CHASE)
    assert all(repetition(start, moves, ply) is None for ply in range(9))
    found = repetition(start, moves)
    assert found.count == 3 and found.checking == "red"
    assert found.message == "Perpetual check by Red: under the Asian rules Red must vary or lose."
    assert "the side that keeps checking must change its move or lose" in found.rule


def test_a_repetition_without_checks_is_a_draw():
    words = ["a0a1", "e8e9", "a1a0", "e9e8"] * 2
    start, moves = _game(CHASE_START, words)
    found = repetition(start, moves)
    assert found.count == 3 and found.checking is None
    assert found.message == "Position repeated 3 times: a draw by repetition."


def test_moves_are_named_in_notation_when_their_shape_allows():
    board = xiangqi.from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 b")
    assert move_names(board, parse_iccs("d9e9")) == "K4=5 將４平５"
    assert move_names(xiangqi.new_board(), parse_iccs("h0g2")) == "H2+3 傌二進三"
    assert move_names(xiangqi.new_board(), parse_iccs("a0b1")) is None  # no rook steps diagonally

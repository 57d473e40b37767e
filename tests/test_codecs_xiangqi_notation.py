"""WXF and Chinese move notation, checked by hand and against cchess; move lists read back."""

from __future__ import annotations

import random

import cchess
import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from slugboard.codecs import SlugError
from slugboard.codecs import xiangqi as xq
from slugboard.codecs.xiangqi import notation as nt

OPENING_LINE = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]


def _line(start: xq.Board, coordinates: list[str]) -> list[xq.Move]:
    return [xq.parse_iccs(c) for c in coordinates]


def test_the_central_cannon_opening_in_both_notations() -> None:
    board = xq.new_board()
    written = []
    for move in _line(board, OPENING_LINE):
        written.append((nt.wxf(board, move), nt.chinese(board, move)))
        board = xq.play(board, move)
    assert written == [
        ("C2=5", "炮二平五"),
        ("H8+7", "馬８進７"),
        ("H2+3", "傌二進三"),
        ("R9=8", "車９平８"),
        ("R1=2", "俥一平二"),
        ("H2+3", "馬２進３"),
    ]


def test_tandem_pieces_are_front_and_rear() -> None:
    # Two red rooks on file e (Red's 5th), three black soldiers on one file.
    board = xq.from_fen("3k5/9/9/4R4/2p6/2p6/2p1R4/9/9/3K5 w")
    assert nt.wxf(board, xq.parse_iccs("e6e8")) == "R++2"
    assert nt.wxf(board, xq.parse_iccs("e3a3")) == "R-=9"
    assert nt.chinese(board, xq.parse_iccs("e3a3")) == "後俥平九"
    black = board.with_turn(False)
    assert nt.wxf(black, xq.parse_iccs("c3c2")) == "P++1"
    assert nt.chinese(black, xq.parse_iccs("c3c2")) == "前卒進１"
    assert nt.wxf(black, xq.parse_iccs("c4b4")) == "P3=2"
    assert nt.chinese(black, xq.parse_iccs("c4b4")) == "中卒平２"


# cchess writes simplified characters, one name for both sides' horses, rooks and cannons.
_SIMPLIFIED = str.maketrans("帥傌俥將馬車砲進後", "帅马车将马车炮进后")


def _oracle_text(board: xq.Board, move: xq.Move) -> str:
    other = cchess.ChessBoard(board.fen)
    return other.move_iccs(xq.iccs(move)).to_text()


@pytest.mark.slow
@settings(max_examples=examples(30), deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 100))
def test_chinese_notation_matches_an_independent_implementation(rng: random.Random, plies: int) -> None:
    board = xq.new_board()
    for _ in range(plies):
        moves = xq.legal_moves(board)
        if not moves:
            break
        move = rng.choice(sorted(moves))
        letter = board.cells[move[0]]
        same_file = sum(1 for r in range(10) if board.cells[r * 9 + move[0] % 9] == letter)
        # cchess leaves four or more tandem soldiers and soldiers tandem on two files to later work.
        if same_file <= 3 and not (letter.upper() == "P" and nt._tandem_files(board, letter) > 1):
            assert nt.chinese(board, move).translate(_SIMPLIFIED) == _oracle_text(board, move), (
                board.fen,
                xq.iccs(move),
            )
        # and every written move reads back as itself
        assert nt.parse_move(board, nt.wxf(board, move)) == move
        assert nt.parse_move(board, nt.chinese(board, move)) == move
        assert nt.parse_move(board, nt.chinese(board, move).translate(_SIMPLIFIED)) == move
        board = xq.play(board, move)


def test_a_move_list_replays_after_a_fen_or_from_the_opening() -> None:
    start, moves = nt.parse_game("1. C2=5 H8+7 2. H2+3 R9.8")
    assert start == xq.new_board() and [xq.iccs(m) for m in moves] == OPENING_LINE[:4]
    start, moves = nt.parse_game("h2e2 h9g7")
    assert [xq.iccs(m) for m in moves] == ["h2e2", "h9g7"]
    start, moves = nt.parse_game("4k4/9/9/9/9/9/9/9/4R4/3K5 w e1e5 e9f9")
    assert start.cells[76] == "R" and [xq.iccs(m) for m in moves] == ["e1e5", "e9f9"]
    text = nt.wxf_list(xq.new_board(), _line(xq.new_board(), OPENING_LINE))
    assert text == "1. C2=5 H8+7\n2. H2+3 R9=8\n3. R1=2 H2+3"
    assert nt.parse_game(text)[1] == _line(xq.new_board(), OPENING_LINE)


def test_the_board_a_pasted_game_shows_is_the_one_after_its_moves() -> None:
    from slugboard.codecs import game

    fen = "4k4/9/9/9/9/9/9/9/3R5/3K5 w"
    board = xq.decode(fen)
    after = xq.play(xq.play(board, xq.parse_iccs("d1d5")), xq.parse_iccs("e9f9"))
    assert game("xiangqi").shown_board(f"{fen} d1d5 e9f9", board) == after
    # A FEN alone shows the board it reads as.
    assert game("xiangqi").shown_board(fen, board) == board
    # Moves that cannot be played are refused, never dropped without a word: a move that
    # is not legal, or a position no game starts from (no black general).
    with pytest.raises(SlugError, match="a0a5 is not a legal move here") as refused:
        game("xiangqi").shown_board(f"{fen} d1d5 a0a5", board)
    assert refused.value.position == len(fen) + 6
    headless = "9/9/9/9/9/9/9/9/3R5/3K5 w"
    with pytest.raises(SlugError, match="the moves after the position cannot be played: black has no king"):
        xq.shown_board(f"{headless} d1d5", xq.decode(headless))
    # A game of another kind shows what it read.
    sudoku = game("sudoku")
    assert sudoku.shown_board("1" * 81, sudoku.new_board()) == sudoku.new_board()


@pytest.mark.parametrize(
    ("text", "position", "words"),
    [("C2=5 K5+2", 5, "not a legal move"), ("C2=5 hello", 5, "not a move"), ("h2e2 a0a5", 5, "not a legal move")],
)
def test_a_bad_move_is_named_where_it_stands(text: str, position: int, words: str) -> None:
    with pytest.raises(SlugError) as caught:
        nt.parse_game(text)
    assert caught.value.position == position and words in str(caught.value)


@settings(max_examples=examples(200))
@given(st.text(alphabet="CHREAKP123456789+-=. abcdefghi0\n炮马進平退傌", max_size=40))
def test_hostile_move_lists_raise_slug_errors_only(text: str) -> None:
    try:
        nt.parse_game(text)
    except SlugError as error:
        assert error.position is None or 0 <= error.position <= len(text)


def test_a_huge_move_list_is_refused_unread() -> None:
    with pytest.raises(SlugError) as caught:
        nt.parse_game("h2e2 " * 100_000)
    assert caught.value.position == nt.MAX_LIST_CHARS


@pytest.mark.slow
def test_a_move_list_too_long_after_a_fen_is_refused_not_dropped() -> None:
    """The finding: a FEN followed by over 20,000 characters of moves opened as the bare
    position, with no word about the moves."""
    fen = "4k4/9/9/9/9/9/9/9/3R5/3K5 w"
    moves = " d1d5 e9f9 d5d1 f9e9" * 1001  # 20,020 characters
    text = fen + moves
    board = xq.decode(text)
    assert board == xq.decode(fen)
    with pytest.raises(SlugError, match="a move list is at most 20,000 characters") as refused:
        xq.shown_board(text, board)
    assert refused.value.position == len(fen) + 20_000
    assert xq.shown_board(fen + moves[:20_000], board) == board  # 4,000 moves that come back to it


@pytest.mark.parametrize(
    ("fen", "why"),
    [
        ("9/9/9/9/9/9/9/9/9/9 w", "red has no king; black has no king"),
        ("4k4/9/9/PPPPPPPPP/PPPPPPPPP/9/9/9/9/4K4 w", "18 red soldiers: the code holds at most 5"),
    ],
)
def test_moves_refuses_a_position_no_game_is_played_from(fen: str, why: str) -> None:
    from slugboard.codecs.xiangqi.moves import summary

    board = xq.decode(fen)
    assert any(p.kind.value in ("no-king", "too-many") for p in xq.play_problems(board))
    with pytest.raises(SlugError, match=f"no game can be played from this position: {why}"):
        summary(board)


def test_moves_of_a_position_that_can_be_played() -> None:
    from slugboard.codecs.xiangqi.moves import summary

    board = xq.decode("4k4/9/9/9/9/9/9/9/3R5/3K5 w")
    assert summary(board) == {
        "moves": sorted(xq.iccs(m) for m in xq.legal_moves(board)),
        "in_check": False,
        "result": None,
    }


def test_a_move_list_without_a_position_is_named_with_where_it_replays():
    from slugboard.codecs import SlugError, decode_any, plain_message

    for moves in ("1. C2=5 H8+7 2. H2+3 R9=8", "炮二平五 馬８進７", "h2e2 h9g7"):
        with pytest.raises(SlugError) as raised:
            decode_any(moves)
        said = plain_message(raised.value)
        assert "xiangqi move list" in said and "Paste moves" in said, (moves, said)
    with pytest.raises(SlugError) as raised:
        decode_any("hello world")
    assert "move list" not in plain_message(raised.value)  # words that are no moves name no game

"""The xiangqi move generator: perft from the opening, the attack rules, an independent
implementation (cchess) as an oracle, check, checkmate, stalemate and refusals in words."""

from __future__ import annotations

import io
import json
import random

import cchess
import pytest
from cchess.common import pos2iccs
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from slugboard.codecs import cli
from slugboard.codecs import xiangqi as xq
from slugboard.codecs.xiangqi.rules import attacks
from strategies.xiangqi import boards

MATE = "R3k4/R8/9/9/9/9/9/9/9/3K5 b"  # two rooks on Black's back ranks
STALEMATE = "4k4/R8/9/9/5R3/9/9/9/9/3K5 b"  # the black general is not attacked and cannot move


@pytest.mark.slow
@pytest.mark.parametrize(("depth", "nodes"), [(1, 44), (2, 1_920), (3, 79_666)])
def test_perft_from_the_opening(depth: int, nodes: int) -> None:
    assert xq.perft(xq.new_board(), depth) == nodes


def _playable(board: xq.Board) -> bool:
    kinds = {p.kind.name for p in xq.problems(board)}
    return not kinds & {"NO_KING", "FACING_KINGS", "CHECK"}


@pytest.mark.slow
@settings(max_examples=examples(300))
@given(boards())
def test_a_piece_takes_exactly_where_the_attack_rules_say(board: xq.Board) -> None:
    cells = board.cells
    for source, letter in board.pieces:
        reach = set(xq.piece_moves(cells, source))
        for target, other in board.pieces:
            if xq.is_red(other) != xq.is_red(letter):
                assert (target in reach) == attacks(cells, source, target), (board.fen, source, target)


@pytest.mark.slow
@settings(max_examples=examples(300))
@given(boards())
def test_general_attacked_agrees_with_attackers_and_facing(board: xq.Board) -> None:
    for red in (True, False):
        king = board.cells.index("K" if red else "k") if ("K" if red else "k") in board.cells else None
        if king is None:
            continue
        other = board.cells.index("k" if red else "K") if ("k" if red else "K") in board.cells else None
        facing = (
            other is not None
            and other % 9 == king % 9
            and not any(board.cells[sq] for sq in range(min(king, other) + 9, max(king, other), 9))
        )
        assert xq.general_attacked(board.cells, king, red) == (bool(xq.attackers(board, king, not red)) or facing)


@pytest.mark.slow
@settings(max_examples=examples(200))
@given(boards())
def test_no_legal_move_leaves_the_own_general_attacked(board: xq.Board) -> None:
    if not _playable(board):
        return
    for move in xq.legal_moves(board):
        after = xq.play(board, move)
        assert not xq.in_check(after, board.red_to_move), (board.fen, xq.iccs(move))
    # and every movement that is refused is refused for the general's sake
    legal = set(xq.legal_moves(board))
    for source, letter in board.pieces:
        if xq.is_red(letter) == board.red_to_move:
            for target in xq.piece_moves(board.cells, source):
                if (source, target) not in legal:
                    assert xq.in_check(xq.play(board, (source, target)), board.red_to_move)


def _oracle_moves(board: xq.Board) -> set[str]:
    other = cchess.ChessBoard(board.fen)
    return {pos2iccs(*m) for m in other.create_moves() if other.is_valid_move_t(m) and not other.is_checked_move(*m)}


@pytest.mark.slow
@settings(max_examples=12, deadline=None)  # some 700 positions, each asked of the slow oracle
@given(st.randoms(use_true_random=False), st.integers(0, 120))
def test_moves_along_random_games_match_an_independent_implementation(rng: random.Random, plies: int) -> None:
    board = xq.new_board()
    for _ in range(plies):
        mine = xq.legal_moves(board)
        assert {xq.iccs(m) for m in mine} == _oracle_moves(board), board.fen
        if not mine:
            assert cchess.ChessBoard(board.fen).no_moves()
            break
        board = xq.play(board, rng.choice(sorted(mine)))


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None)
@given(boards())
def test_moves_of_set_up_positions_match_an_independent_implementation(board: xq.Board) -> None:
    if not _playable(board):
        return
    assert {xq.iccs(m) for m in xq.legal_moves(board)} == _oracle_moves(board), board.fen


def test_checkmate_and_stalemate_both_lose() -> None:
    mate, stale = xq.from_fen(MATE), xq.from_fen(STALEMATE)
    assert xq.legal_moves(mate) == [] and xq.in_check(mate) and xq.result(mate) == "checkmate"
    assert xq.legal_moves(stale) == [] and not xq.in_check(stale) and xq.result(stale) == "stalemate"
    assert xq.result(xq.new_board()) is None


def test_blocked_pieces() -> None:
    # A soldier on the horse's leg, a soldier in the elephant's eye, a cannon with and without a screen.
    board = xq.from_fen("4ka3/9/9/9/5r3/9/9/1P2B4/1N1P5/3K1C3 w")
    targets = {xq.iccs(m) for m in xq.legal_moves(board)}
    assert {"b1a3", "b1c3"}.isdisjoint(targets) and "b1d2" in targets
    assert "e2c0" not in targets and {"e2g0", "e2c4", "e2g4"} <= targets
    assert "f0f5" not in targets and {"f0f4", "f0f9"} <= targets
    assert xq.play_refusal(board, xq.parse_iccs("b1c3")) == "the horse's leg is blocked"
    assert xq.play_refusal(board, xq.parse_iccs("e2c0")) == "the elephant's eye is blocked"
    assert xq.play_refusal(board, xq.parse_iccs("f0f5")) == "a cannon takes by jumping over exactly one piece"
    assert xq.play_refusal(board, xq.parse_iccs("b2b4")) == (
        "a soldier moves one point forward (or sideways once across the river)"
    )


def test_refusals_say_why_in_words() -> None:
    opening = xq.new_board()
    assert xq.play_refusal(opening, xq.parse_iccs("b0c2")) is None
    assert xq.play_refusal(opening, xq.parse_iccs("b2b9")) is None  # the cannon takes the horse over a screen
    assert xq.play_refusal(opening, xq.parse_iccs("b0b2")) == "a piece cannot take one of its own side"
    assert xq.play_refusal(opening, xq.parse_iccs("a9a8")) == "it is red's turn"
    assert xq.play_refusal(opening, xq.parse_iccs("b2b7")) == "a cannon takes by jumping over exactly one piece"
    assert xq.play_refusal(opening, xq.parse_iccs("b2b8")) == "a cannon moves like a rook unless it takes"
    assert xq.play_refusal(opening, xq.parse_iccs("e0e2")) == "the general moves one point along a line"
    assert xq.play_refusal(opening, xq.parse_iccs("d0d1")) == "an advisor moves one point diagonally"
    assert xq.play_refusal(opening, xq.parse_iccs("c0a4")) == "an elephant moves two points diagonally"
    assert xq.play_refusal(opening, xq.parse_iccs("a0a4")) == "a rook cannot jump over pieces"


def test_flying_general_and_pins_are_refused_with_their_reason() -> None:
    # The red rook on e4 stands between the generals: moving it off the file lets them face.
    board = xq.from_fen("4k4/9/9/9/9/4R4/9/9/9/4K4 w")
    assert xq.play_refusal(board, xq.parse_iccs("e4a4")) == "the generals would face each other on an open file"
    assert xq.play_refusal(board, xq.parse_iccs("e4e8")) is None
    checked = xq.from_fen("4k4/9/9/9/9/9/9/9/4r4/3K5 w")
    assert xq.in_check(checked) is False
    assert xq.play_refusal(checked, xq.parse_iccs("d0e0")) == "that would leave your general in check"
    attacked = xq.from_fen("4k4/9/9/9/9/P8/9/9/9/3Kr4 w")
    assert xq.in_check(attacked)
    assert xq.play_refusal(attacked, xq.parse_iccs("a4a5")) == "your general must get out of check"
    assert xq.play_refusal(attacked, xq.parse_iccs("d0e0")) == "the generals would face each other on an open file"
    assert xq.play_refusal(attacked, xq.parse_iccs("d0d1")) is None


def test_cli_moves_prints_sorted_iccs_check_and_result() -> None:
    out = io.StringIO()
    assert cli.run(["moves", xq.OPENING_FEN, MATE, STALEMATE], out=out) == 0
    first, mate, stale = (json.loads(line) for line in out.getvalue().splitlines())
    assert len(first["moves"]) == 44 and first["moves"] == sorted(first["moves"]) and "h2e2" in first["moves"]
    assert first["in_check"] is False and first["result"] is None
    assert mate == {"moves": [], "in_check": True, "result": "checkmate"}
    assert stale == {"moves": [], "in_check": False, "result": "stalemate"}


def test_cli_moves_refuses_other_games_in_one_line() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert cli.run(["moves", "." * 81], out=out, err=err) == 2
    assert err.getvalue().startswith("error:") and "moves works on Xiangqi boards" in err.getvalue()

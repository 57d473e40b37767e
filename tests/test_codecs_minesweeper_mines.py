"""A field's mines kept in columns (`Mines`): a sequence of (x, y) pairs that behaves as
the tuple of them does, and a board read or dealt with them."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper.model import Mines
from strategies.minesweeper import boards

_PAIRS = st.lists(st.tuples(st.integers(0, 999_999), st.integers(0, 999_999)), max_size=30).map(tuple)
# Pairs that repeat coordinates, so that a search meets places with the x but not the y.
_CLOSE_PAIRS = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=30).map(tuple)


@pytest.mark.slow
@given(st.one_of(_PAIRS, _CLOSE_PAIRS))
def test_mines_read_as_the_tuple_of_the_same_pairs(pairs):
    kept = Mines(pairs)
    assert len(kept) == len(pairs)
    assert tuple(kept) == pairs
    assert kept == pairs and pairs == kept and not (kept != pairs)
    assert hash(kept) == hash(pairs)
    assert list(reversed(kept)) == list(reversed(pairs))
    for i in range(-len(pairs), len(pairs)):
        assert kept[i] == pairs[i] and type(kept[i]) is tuple
    assert kept[1:-1] == pairs[1:-1] and type(kept[1:-1]) is Mines
    assert kept[::2] == pairs[::2]
    assert pickle.loads(pickle.dumps(kept)) == kept
    assert bool(kept) == bool(pairs)
    assert kept != pairs + ((0, 0),) and kept != list(pairs)


@given(_CLOSE_PAIRS, st.tuples(st.integers(0, 4), st.integers(0, 4)), st.integers(-5, 35), st.integers(-5, 35))
def test_mines_find_a_pair_where_the_tuple_does(pairs, pair, start, stop):
    kept = Mines(pairs)
    assert (pair in kept) == (pair in pairs)
    for args in ((), (start,), (start, stop)):
        try:
            want: int | None = pairs.index(pair, *args)
        except ValueError:
            want = None
        try:
            got: int | None = kept.index(pair, *args)
        except ValueError:
            got = None
        assert got == want
    assert "x" not in kept and (1,) not in kept


@pytest.mark.slow
@given(_PAIRS, _PAIRS)
def test_mines_added_together_are_the_tuples_added(first, second):
    assert Mines(first) + Mines(second) == first + second
    assert Mines(first) + second == first + second
    assert first + Mines(second) == first + second


@pytest.mark.slow
@given(boards())
def test_a_board_keeps_its_mines_in_columns_and_reads_back_the_same(board):
    assert type(board.mines) is Mines
    again = ms.decode(ms.encode(board))
    assert type(again.mines) is Mines and again.mines == tuple(board.mines)
    plain = ms.Board(
        board.width,
        board.height,
        tuple(board.mines),
        board.events,
        board.version,
        board.time_unit_ms,
        board.unit_in_meta,
        board.undealt,
    )
    assert plain == board and hash(plain) == hash(board)


def test_a_random_field_is_dealt_into_columns_in_column_order():
    board = ms.random_board(30, 16, 99, seed=5)
    assert type(board.mines) is Mines
    order = [x * 16 + y for x, y in board.mines]
    assert order == sorted(order) and len(set(board.mines)) == 99

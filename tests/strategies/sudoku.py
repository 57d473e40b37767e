"""Sudoku boards and texts near its slugs."""

from __future__ import annotations

from hypothesis import strategies as st

from slugboard.codecs import sudoku
from strategies import near, real_texts


def boards() -> st.SearchStrategy[sudoku.Board]:
    return st.lists(st.integers(0, 9), min_size=81, max_size=81).map(lambda cells: sudoku.Board(tuple(cells)))


def texts() -> st.SearchStrategy[str]:
    return near(real_texts("sudoku"), "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=.?&%")

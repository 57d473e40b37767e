"""Sudoku boards and texts near its slugs: classic boards, and variant boards of our own
f-puzzles puzzles (tests/data/sudoku_variants.json) with digits changed."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import strategies as st

from slugboard.codecs import sudoku
from strategies import near, real_texts

_VARIANT_LINKS = [
    p["link"]
    for p in json.loads((Path(__file__).resolve().parent.parent / "data" / "sudoku_variants.json").read_text())[
        "puzzles"
    ]
    if len(p["link"]) < 2_000
]


@st.composite
def _variant_boards(draw: st.DrawFn) -> sudoku.Board:
    board = sudoku.decode(draw(st.sampled_from(_VARIANT_LINKS)))
    n = board.size
    for _ in range(draw(st.integers(0, 4))):
        i = draw(st.integers(0, n * n - 1))
        board = board.with_digit(*divmod(i, n), draw(st.integers(0, n)), typed=draw(st.booleans()))
    return board


def classic_boards() -> st.SearchStrategy[sudoku.Board]:
    return st.lists(st.integers(0, 9), min_size=81, max_size=81).map(lambda cells: sudoku.Board(tuple(cells)))


def boards() -> st.SearchStrategy[sudoku.Board]:
    return st.one_of(classic_boards(), _variant_boards())


def texts() -> st.SearchStrategy[str]:
    return near(
        real_texts("sudoku") + _VARIANT_LINKS, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=.?&%"
    )

"""Sudoku boards and texts near its slugs: classic boards, and variant boards of our own
f-puzzles puzzles (tests/data/sudoku_variants.json) with digits changed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from slugboard.codecs import sudoku
from slugboard.codecs.anatomy import Anatomy
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


# How the game's slugs are wrapped when people paste them: an error found in the slug
# points at the same character of the wrapped text (tests/test_contract.py).
WRAPPER = ("https://nickgirardo.com/projects/sudoku/player.html?play=", "")


def check_elements(board: Any, found: Anatomy) -> None:
    """Each span's element of `found`, the anatomy of a text, is what the decoder made of its
    bits into `board` (tests/test_anatomy.py)."""
    givens = [s for s in found.spans if s.field == "given"]
    last: dict[int, int] = {}
    for span in givens:
        last[span.element["index"]] = span.value
    # The board holds the digit of the last span that sets each cell, and no other.
    expected = [0] * 81
    for index, digit in last.items():
        expected[index] = digit
    assert list(board.cells) == expected
    for span in givens:
        (row, col) = span.cells[0]
        assert row * 9 + col == span.element["index"]

"""Sudoku boards and slug-like texts."""

from __future__ import annotations

from hypothesis import strategies as st

from conftest import load_vectors
from slugboard.codecs import sudoku

_VECTORS = load_vectors("sudoku")


def boards() -> st.SearchStrategy[sudoku.Board]:
    return st.lists(st.integers(0, 9), min_size=81, max_size=81).map(lambda cells: sudoku.Board(tuple(cells)))


def _real_texts() -> list[str]:
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, str) and ("UyF" in node or "play=" in node or len(node) == 81):
            found.append(node)
        elif isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(_VECTORS)
    return found or [sudoku.share_url(sudoku.new_board())]


def texts() -> st.SearchStrategy[str]:
    real = st.sampled_from(_real_texts())
    cut = st.tuples(real, st.integers(0, 200)).map(lambda pair: pair[0][: pair[1]])
    mutated = st.tuples(real, st.integers(0, 200), st.characters()).map(
        lambda t: t[0][: t[1]] + t[2] + t[0][t[1] + 1 :]
    )
    return st.one_of(real, cut, mutated, st.text(max_size=120))

"""The toy game's strategies for the shared contract and anatomy tests (what each name is:
tests/strategies/__init__.py). A game from outside keeps them beside its codec package;
`strategies.of` finds them there."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from slugboard.codecs.anatomy import Anatomy
from strategies import near

from .codec.model import MARKS, PREFIX, Board

REAL = ["ttt:.........", "ttt:XO.X.O...", "ttt:XXXOO....", "ttt:XOXOXOOXO"]

# A slug pasted with spaces before it and a line's end after it.
WRAPPER = ("  ", "\n")


def boards() -> st.SearchStrategy[Board]:
    return st.text(alphabet=MARKS, min_size=9, max_size=9).map(Board)


def texts() -> st.SearchStrategy[str]:
    return near(REAL, MARKS + PREFIX)


def check_elements(board: Any, found: Anatomy) -> None:
    """A mark's span holds the cell's mark, on that cell."""
    marks = [span for span in found.spans if span.field == "mark"]
    assert [span.value for span in marks] == list(board.cells)
    assert [span.cells for span in marks] == [[divmod(i, 3)] for i in range(9)]

"""Xiangqi positions and texts near their slugs and FEN."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from slugboard.codecs import xiangqi as xq
from slugboard.codecs.anatomy import Anatomy
from strategies import near, real_texts


@st.composite
def row_lists(draw: st.DrawFn) -> tuple[int, ...]:
    """Random piece rows: every row on one of its candidates or captured, no two on one square."""
    taken: set[int] = set()
    rows = []
    for candidates in xq.CANDIDATES:
        free = [sq for sq in candidates if sq == 127 or sq not in taken]
        sq = draw(st.sampled_from(free))
        if sq != 127:
            taken.add(sq)
        rows.append(sq)
    return tuple(rows)


@st.composite
def boards(draw: st.DrawFn) -> xq.Board:
    return xq.from_rows(draw(row_lists()), draw(st.booleans()))


def texts() -> st.SearchStrategy[str]:
    return near(
        real_texts("xiangqi"),
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_:% rnbakcp",
    )


# How the game's slugs are wrapped when people paste them: an error found in the slug
# points at the same character of the wrapped text (tests/test_contract.py).
WRAPPER = ("xiangqi:", "")


def check_elements(board: Any, found: Anatomy) -> None:
    """Each span's element of `found`, the anatomy of a text, is what the decoder made of its
    bits into `board` (tests/test_anatomy.py)."""
    from slugboard.codecs import xiangqi
    from slugboard.codecs.xiangqi.model import code_string

    colour = [s.value for s in found.spans if s.field == "colour"]
    assert colour in ([], ["red" if board.red_to_move else "black"])
    assert colour or found.format == "fen"
    pieces = [s for s in found.spans if s.field == "piece"]
    placed: dict[int, str] = {}
    for span in pieces:
        element = span.element
        if element.get("captured"):
            assert span.cells == []
            continue
        ((row, col),) = span.cells
        square = row * 9 + col
        assert element["square"] == square and square not in placed
        assert board.cells[square] == element["piece"]
        placed[square] = element["piece"]
    # Every piece of the decoded board is a span's, and no other.
    assert placed == {sq: letter for sq, letter in enumerate(board.cells) if letter}
    if found.unit == "bit":
        rows = xiangqi.canonical_rows(board)
        assert [s.element["piece_row"] for s in pieces] == list(range(32))
        for span in pieces:
            row = span.element["piece_row"]
            assert span.element["piece"] == xiangqi.ROW_LETTERS[row]
            assert rows[row] == span.element.get("square", xiangqi.CAPTURED)
            assert span.raw == code_string(row, rows[row])
    else:
        empty = [cell for s in found.spans if s.element and s.element["kind"] == "empty" for cell in s.cells]
        assert len(empty) == len(set(empty)) == 90 - len(placed)
        assert all(not board.cells[r * 9 + c] for r, c in empty)

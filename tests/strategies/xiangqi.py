"""Xiangqi positions and texts near their slugs and FEN."""

from __future__ import annotations

from hypothesis import strategies as st

from slugboard.codecs import xiangqi as xq
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

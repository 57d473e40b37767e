"""Letters boards and texts near its links."""

from __future__ import annotations

from hypothesis import strategies as st

from slugboard.codecs import letters
from strategies import near, real_texts

tiles = st.lists(
    st.builds(letters.Tile, st.integers(0, 8), st.integers(0, 8), st.integers(0, 6), st.integers(1, 5)), max_size=31
).map(tuple)


def boards() -> st.SearchStrategy[letters.Board]:
    return st.builds(letters.Board, st.dates(letters.EPOCH, letters.LAST_DATE), tiles, st.sampled_from(letters.PARAMS))


def texts() -> st.SearchStrategy[str]:
    return near(real_texts("letters"), "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=?&%")

"""Letters boards (`?g=`/`?w=` with rack positions, V4 with letters, blanks and a starting
word) and texts near its links."""

from __future__ import annotations

import string

from hypothesis import strategies as st

from slugboard.codecs import letters
from strategies import near, real_texts

dates = st.dates(letters.EPOCH, letters.LAST_DATE)

tiles = st.lists(
    st.builds(letters.Tile, st.integers(0, 8), st.integers(0, 8), st.integers(0, 6), st.integers(1, 5)), max_size=31
).map(tuple)

v4_tiles = st.lists(
    st.builds(
        letters.Tile,
        st.integers(0, 8),
        st.integers(0, 8),
        st.just(0),
        st.integers(1, 5),
        st.sampled_from(string.ascii_uppercase),
        st.booleans(),
    ),
    max_size=31,
).map(tuple)

start_words = st.text(string.ascii_uppercase, min_size=2, max_size=9).filter(
    lambda word: letters.start_word_error(word) is None
)


def boards() -> st.SearchStrategy[letters.Board]:
    rack_boards = st.builds(letters.Board, dates, tiles, st.sampled_from(("g", "w")), st.none() | start_words)
    v4_boards = st.builds(letters.Board, dates, v4_tiles, st.just(letters.V4), st.none() | start_words)
    return rack_boards | v4_boards


def texts() -> st.SearchStrategy[str]:
    return near(real_texts("letters"), "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=?&%")

"""Letters boards (`?g=`/`?w=` with rack positions, V4 with letters, blanks and a starting
word) and texts near its links."""

from __future__ import annotations

import string
from typing import Any

from hypothesis import strategies as st

from slugboard.codecs import letters
from slugboard.codecs.anatomy import Anatomy
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


# How the game's slugs are wrapped when people paste them: an error found in the slug
# points at the same character of the wrapped text (tests/test_contract.py).
WRAPPER = ("https://letters.wiki/?g=", "&s=RUNNELS")


def check_elements(board: Any, found: Anatomy) -> None:
    """Each span's element of `found`, the anatomy of a text, is what the decoder made of its
    bits into `board` (tests/test_anatomy.py)."""
    from slugboard.codecs import letters

    assert [s.value for s in found.spans if s.field == "date"] == [board.date.isoformat()]
    assert [s.value for s in found.spans if s.field == "header"] == [len(board.tiles)]
    tiles = [s for s in found.spans if s.field == "tile"]
    assert len(tiles) == len(board.tiles)
    for i, (span, tile) in enumerate(zip(tiles, board.tiles)):
        assert span.cells == [(tile.row, tile.col)]
        assert span.element["index"] == i and span.element["turn"] == span.value["turn"] == tile.turn
        if board.is_v4:
            assert (span.value["letter"], span.value["blank"]) == (tile.letter, tile.blank)
        else:
            assert span.value["rack_index"] == tile.rack_index
    words = [s for s in found.spans if s.field == "word"]
    if board.is_v4:
        word = board.start_word or ""
        assert words[0].value == len(word)
        assert "".join(s.value for s in words[1:]) == word
        assert [s.cells for s in words[1:]] == [[sq] for sq in letters.start_word_squares(word)]
        assert words[0].cells == [sq for s in words[1:] for sq in s.cells]
    else:
        assert words == []

"""Undoing a slug's percent escapes at C speed gives what undoing them one character at a
time gives: the same slug, and each of its characters standing at the same place in the
text (a plain, slow reference, the way it was done before)."""

from __future__ import annotations

import codecs

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from slugboard.codecs.links import Origins, Source, _carve, carve


def _carved_slowly(text: str, start: int, end: int) -> tuple[str, tuple[int, ...] | None]:
    raw = text[start:end]
    if "%" not in raw:
        return raw, None
    out: list[str] = []
    origins: list[int] = []
    decoder = codecs.getincrementaldecoder("utf-8")()
    pending: list[int] = []
    i = 0
    while i < len(raw):
        pair = raw[i + 1 : i + 3]
        if raw[i] == "%" and len(pair) == 2 and all(ch in "0123456789abcdefABCDEF" for ch in pair):
            pending.append(start + i)
            try:
                chars = decoder.decode(bytes([int(pair, 16)]))
            except UnicodeDecodeError:
                return raw, None
            if chars:
                out.append(chars)
                origins.extend([pending[0]] * len(chars))
                pending.clear()
            i += 3
            continue
        if pending:
            return raw, None
        out.append(raw[i])
        origins.append(start + i)
        i += 1
    if pending:
        return raw, None
    return "".join(out), tuple(origins)


PIECES = st.sampled_from(
    ["%", "2", "5", "A", "a", "x", " ", "é", "€", "\0", "%2", "%3B", "%3b", "%25", "%41", "%2a", "%7C"]
    + ["%E2%82%AC", "%F0%9F%98%80", "%C3", "%A9", "%c3%a9", "%41%", "%%41"]
)


@pytest.mark.slow
@settings(max_examples=examples(600))  # short texts of a few pieces: 600 cover their mixes
@given(st.lists(PIECES, max_size=24).map("".join), st.integers(0, 4), st.integers(0, 4))
def test_carving_is_what_carving_one_character_at_a_time_gives(text, cut_start, cut_end):
    start = min(cut_start, len(text))
    end = max(start, len(text) - cut_end)
    slug, source = _carve(text, start, end, True)
    expected, origins = _carved_slowly(text, start, end)
    assert slug == expected
    if origins is None:
        assert source == Source(start, end)
    else:
        assert source.origins == origins and len(source.origins) == len(slug)


def test_origins_are_a_compact_sequence_compared_as_a_tuple():
    slug, source = carve("x%3By%E2%82%ACz", 0, 15)
    assert slug == "x;y€z"
    assert source.origins == (0, 1, 4, 5, 14) and source.origins == Origins([0, 1, 4, 5, 14])
    assert source.origins[1:3] == Origins([1, 4]) and source.origins[-1] == 14
    assert hash(source) == hash(Source(0, 15, (0, 1, 4, 5, 14)))
    assert source.position_in_text(3) == 5 and source.position_in_text(9) == 15

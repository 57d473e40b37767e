"""Inputs the fuzzing harness (tests/fuzz/) found, kept so they stay answered."""

from __future__ import annotations

import pytest

from slugboard.codecs import SlugError, ValueRangeError, decode_any
from slugboard.codecs import xiangqi as xq


def test_a_fen_the_slug_code_cannot_hold_opens_and_says_why_it_has_no_slug():
    # Found by decode-xiangqi: two red kings (a mutated opening FEN). The position opens,
    # so a person can see and fix it; writing its slug refuses with a reason.
    text = "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1K7/9/RNBAKABNR b"
    name, board = decode_any(text)
    assert name == "xiangqi"
    assert any(p.kind.value == "too-many" for p in xq.problems(board))
    with pytest.raises(ValueRangeError, match="2 red kings"):
        xq.encode(board)


@pytest.mark.parametrize("text", ["s://]", "http://[", "https://[::1"])
def test_malformed_addresses(text):
    with pytest.raises(SlugError):
        decode_any(text)


@pytest.mark.parametrize(
    ("text", "position"),
    [
        # Found by the contract test: the slug "R" stands again inside the starting word
        # after it, and the error used to name that later R.
        ("https://letters.wiki/?g=R&s=RUNNELS", 24),
        ("https://letters.wiki/?s=RUNNELS&g=R", 34),
        ("?w=RRRRR&s=ROSE", 7),
    ],
)
def test_a_letters_error_names_the_slug_of_the_link_not_a_copy_of_it_elsewhere(text, position):
    from slugboard.codecs import letters

    with pytest.raises(SlugError) as raised:
        letters.decode(text)
    assert raised.value.position == position


def test_a_xiangqi_slug_with_a_tail_longer_than_a_games_moves_is_refused():
    # The window once took a 3.9 MB tail after a position's 23 bytes as that position.
    from slugboard.codecs.xiangqi.slug import MAX_SLUG_CHARS

    opening = "hSQiASVGghCEIUkIgElRoIQhDw"
    assert xq.decode(opening + "A" * (MAX_SLUG_CHARS - len(opening))) == xq.new_board()  # moves may follow
    with pytest.raises(SlugError, match="a xiangqi slug .* has at most 2,363") as refused:
        xq.decode(opening + "A" * 100_000)
    assert refused.value.position == MAX_SLUG_CHARS
    with pytest.raises(SlugError):
        decode_any(opening + "A" * 100_000)

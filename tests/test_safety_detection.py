"""Detection takes no board that a text reads as only by chance: a letters slug with one
character lost is no xiangqi position (issue: it opened as a random board)."""

from __future__ import annotations

import json
import pathlib

import pytest

from slugboard.codecs import SlugError, detect, read
from slugboard.codecs import xiangqi as xq

DATA = pathlib.Path(__file__).parent / "data" / "letters.json"


def _letters_slugs() -> list[str]:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    return [vector["slug"] for vector in data["vectors"] + data["v4_vectors"]]


def test_a_letters_slug_that_lost_a_character_is_not_opened_as_xiangqi():
    damaged = "IOHjRSLktoIURxMoleemSbQGs4BDYMJrUoBSqNA"  # IOHjRrSL...: the second 'r' lost
    assert "IOHjRrSLktoIURxMoleemSbQGs4BDYMJrUoBSqNA" in _letters_slugs()
    assert detect(damaged) == []
    with pytest.raises(SlugError) as caught:
        read(damaged)
    # The letters reading says where the slug goes wrong.
    assert "read as letters it fails" in caught.value.message


def test_no_one_character_deletion_of_a_real_letters_slug_opens_as_another_game():
    wrong = []
    total = 0
    for slug in _letters_slugs():
        for at in range(len(slug)):
            damaged = slug[:at] + slug[at + 1 :]
            total += 1
            found = detect(damaged)
            if found and found[0] != "letters":
                wrong.append((damaged, found))
    assert total > 300
    assert wrong == []


def test_a_bare_slug_of_a_position_no_game_reaches_is_not_taken_but_its_prefixed_form_is():
    reached = xq.from_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 b")  # black to move, in check: a position
    unreached = xq.from_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 w")  # black in check with red to move
    facing = xq.from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w")
    for board, taken in ((reached, True), (unreached, False), (facing, False)):
        slug = xq.encode(board)
        assert xq.decode(slug) == board  # the code holds it either way
        assert (detect(slug) == ["xiangqi"]) is taken
        assert read(xq.share_url(board))[1] == board

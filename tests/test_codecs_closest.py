"""How close a text comes to a game's mark: one edit from it, checked against a plain
edit distance, and the finding: one-character changes of real sudoku slugs that lost the
`UyF2` mark are sudoku's damaged links."""

from __future__ import annotations

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import load_vectors
from slugboard.codecs.closest import NearMark, near_head, near_host, near_mark, one_edit_apart
from slugboard.codecs.sudoku import WEB_HOST
from slugboard.codecs.sudoku.slug import SLUG_HEAD

HEADS = {"sudoku": (SLUG_HEAD,)}
HOSTS = {"sudoku": WEB_HOST, "letters": "letters.wiki", "pentomino": "pentominoes.river.me"}


def _distance(a: str, b: str) -> int:
    """Edit distance with swaps of neighbours (optimal string alignment), the plain way."""
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


TEXT = st.text(alphabet="UyF2ab", max_size=7)


@given(TEXT, TEXT)
def test_one_edit_apart_is_an_edit_distance_of_one(a, b):
    assert one_edit_apart(a, b) == (_distance(a, b) == 1)


@given(st.text(alphabet="UyF2A", max_size=8))
def test_near_head_is_one_edit_from_the_head_at_the_start(text):
    near = near_head(text, SLUG_HEAD)
    if text.startswith(SLUG_HEAD):
        assert near is None
    else:
        expected = any(_distance(text[:size], SLUG_HEAD) == 1 for size in (3, 4, 5))
        assert (near is not None) == expected


def _one_character_changes(slug: str):
    alphabet = string.ascii_letters + string.digits + "+/"
    for i in range(len(slug)):
        for ch in alphabet:
            if ch != slug[i]:
                yield slug[:i] + ch + slug[i + 1 :]
        yield slug[:i] + slug[i + 1 :]


def test_every_change_that_loses_a_sudoku_slugs_mark_is_near_it():
    slugs = [v["slug"] for v in load_vectors("sudoku")["vectors"] if v.get("slug", "").startswith(SLUG_HEAD)]
    assert slugs
    lost = 0
    for slug in slugs:
        for changed in _one_character_changes(slug):
            if changed.startswith(SLUG_HEAD):
                assert near_mark(changed, HEADS, HOSTS) is None  # it carries the mark: not near it
            else:
                lost += 1
                found = near_mark(changed, HEADS, HOSTS)
                assert found is not None and found.game == "sudoku", changed
                assert found.position == next(i for i, (a, b) in enumerate(zip(changed, slug)) if a != b)
    assert lost > 200


def test_no_real_slug_of_another_game_is_near_a_mark():
    texts = [v["slug"] for v in load_vectors("xiangqi")["vectors"]]
    texts += [v["slug"] for v in load_vectors("letters")["vectors"] if "slug" in v]
    texts += [g["slug"] for g in load_vectors("minesweeper")["games"]]
    texts += [v["slug"] for v in load_vectors("pentomino") if "slug" in v]
    assert len(texts) > 50
    assert [t for t in texts if near_mark(t, HEADS, HOSTS) is not None] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("https://lettres.wiki/?g=IOFt", NearMark("letters", "letters.wiki", 12)),
        ("https://www.leters.wiki/?g=IOFt", NearMark("letters", "letters.wiki", 15)),
        ("  https://pentominoes.river.mx/#/", NearMark("pentomino", "pentominoes.river.me", 29)),
        ("https://nickgirardo.co/projects/sudoku/player.html?play=UyF2", NearMark("sudoku", "nickgirardo.com", 22)),
        ("https://letters.wiki/?g=IOFt", None),  # the mark itself
        ("https://example.com/", None),  # far from every mark
        ("lettres.wiki", None),  # a site is told only in a link
    ],
)
def test_a_link_to_a_misspelt_site_is_near_that_sites_game(text, expected):
    assert near_mark(text, HEADS, HOSTS) == expected


def test_near_host_reads_no_malformed_link():
    assert near_host("http://[", "letters.wiki") is None

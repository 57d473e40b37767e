"""Slug anatomy: for every vector of every game that explains its slugs, the spans cover
the payload in order with no gap or overlap, their bits put back together give the slug,
and each span's element is what the decoder made of those bits."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import load_vectors
from slugboard.codecs import SlugError, all_games, anatomy
from slugboard.codecs.cli import run

# The texts each game's vectors give, in every form a person pastes them.
GAMES_WITH_ANATOMY = [name for name, game in all_games().items() if hasattr(game.codec, "explain")]


def _vector_texts(name: str) -> list[str]:
    data = load_vectors(name)
    vectors = data["vectors"] if isinstance(data, dict) else data
    texts: list[str] = []
    for vector in vectors:
        for key in ("slug", "slug_urlsafe", "link", "url"):
            value = vector.get(key) if isinstance(vector, dict) else None
            if isinstance(value, str) and value:
                texts.append(value)
    return texts


def _cases() -> list[tuple[str, str]]:
    cases = []
    for name in GAMES_WITH_ANATOMY:
        game = all_games()[name]
        for text in _vector_texts(name):
            try:
                board = game.decode(text)
            except SlugError:
                continue  # a vector of an older form this game reads only through a link
            cases.append((name, text))
            url = game.share_url(board)
            if url:
                cases.append((name, url))
    return cases


CASES = _cases()


def test_every_game_explains_its_vectors():
    assert {name for name, _ in CASES} == set(GAMES_WITH_ANATOMY)
    assert "sudoku" in GAMES_WITH_ANATOMY


@pytest.mark.parametrize(("name", "text"), CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_spans_partition_and_reassemble(name, text):
    found = anatomy.explain(text)
    assert found.game == name
    anatomy.check(found)
    start, end = found.slug
    slug = text[start:end]
    if found.unit == "bit":
        bits = "".join(s.raw for s in found.spans if s.bits is not None)
        body = slug.rstrip("=")
        assert len(bits) == 6 * len(body)
        whole = len(bits) // 8
        data = (int(bits, 2) >> (len(bits) - 8 * whole)).to_bytes(whole, "big") if whole else b""
        again = base64.b64encode(data).decode().rstrip("=")
        assert again.translate(str.maketrans("+/", "-_")) == body.translate(str.maketrans("+/", "-_"))
        assert bits[8 * whole :].strip("0") == ""  # the bits past the last byte are zero
    else:
        assert "".join(s.raw for s in found.spans) == slug
    for span in found.spans:
        assert text[span.chars[0] : span.chars[1]], span
        for r, c in span.cells:
            assert isinstance(r, int) and isinstance(c, int)
    ELEMENT_CHECKS[name](all_games()[name].decode(text), found)


def _sudoku_elements(board: Any, found: anatomy.Anatomy) -> None:
    givens = [s for s in found.spans if s.field == "given"]
    last: dict[int, int] = {}
    for span in givens:
        last[span.element["index"]] = span.value
    # The board holds the digit of the last span that sets each cell, and no other.
    expected = [0] * 81
    for index, digit in last.items():
        expected[index] = digit
    assert list(board.cells) == expected
    for span in givens:
        (row, col) = span.cells[0]
        assert row * 9 + col == span.element["index"]


ELEMENT_CHECKS: dict[str, Callable[[Any, anatomy.Anatomy], None]] = {
    "sudoku": _sudoku_elements,
}


def test_sudoku_grid_and_v0():
    from slugboard.codecs import sudoku

    grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    boxed = "\n".join(" ".join(grid[r * 9 : r * 9 + 9]) for r in range(9))
    found = anatomy.explain(boxed)
    anatomy.check(found)
    assert found.format == "grid"
    givens = [s for s in found.spans if s.field == "given"]
    assert len(givens) == 81 and sum(1 for s in givens if s.value) == 30
    assert all(boxed[s.chars[0]] in "123456789." for s in givens)
    v0 = sudoku.encode_v0(sudoku.decode_grid(grid))
    found = anatomy.explain(v0)
    anatomy.check(found)
    assert found.format == "v0"
    assert [s.field for s in found.spans[:2]] == ["magic", "version"]
    assert sum(1 for s in found.spans if s.field == "given") == 30
    assert found.totals()["given"] == {"spans": 30, "bits": 30 * 16}
    _sudoku_elements(sudoku.decode(v0), found)


def test_character_lookup_names_the_given():
    found = anatomy.explain("https://nickgirardo.com/projects/sudoku/player.html?play=UyF2MQAkSA==")
    at = found.text.index("UyF2")
    assert [s.field for s in found.spans_at(at)] == ["magic"]
    # base64 character 5 holds the end of the version and the start of the first given
    assert [s.field for s in found.spans_at(at + 5)] == ["version", "given"]
    assert [s.field for s in found.spans_of_cell(0, 0)] == ["given"]
    assert found.spans_of_cell(4, 4) == []


def test_cli_explain_prints_spans_then_totals():
    import io

    out, err = io.StringIO(), io.StringIO()
    assert run(["explain", "UyF2MQAkSA=="], out, err) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[-1]["summary"] is True and lines[-1]["fields"]["given"] == {"spans": 2, "bits": 22}
    assert lines[0] == {"bits": [0, 16], "chars": [0, 3], "field": "magic", "value": "S!", "label": lines[0]["label"]}
    assert all(set(line) >= {"chars", "field", "value"} for line in lines[:-1])
    out, err = io.StringIO(), io.StringIO()
    assert run(["explain", "UyF2MQ!!"], out, err) == 2
    assert err.getvalue().startswith("error: ") and "6" in err.getvalue()


@given(st.text(max_size=60))
def test_explain_refuses_with_slug_error_only(text):
    try:
        found = anatomy.explain(text)
    except SlugError:
        return
    anatomy.check(found)

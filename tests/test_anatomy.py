"""Slug anatomy: for every vector of every game that explains its slugs, the spans cover
the payload in order with no gap or overlap, their bits put back together give the slug,
and each span's element is what the decoder made of those bits."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from typing import Any
from urllib.parse import quote, unquote

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
    if isinstance(data, dict):
        # Vectors sit in one or more lists of objects ("vectors", minesweeper's "games").
        vectors = [v for value in data.values() if isinstance(value, list) for v in value]
    else:
        vectors = data
    texts: list[str] = []
    for vector in vectors:
        for key in ("slug", "slug_urlsafe", "link", "url", "from_slug"):
            value = vector.get(key) if isinstance(vector, dict) else None
            if isinstance(value, str) and value and value not in texts:
                texts.append(value)
    return texts


# Link forms of games whose share_url gives none, or gives it unescaped: each {q} is the
# slug percent-encoded (pentomino: every character, as some chat programs do).
_LINK_FORMS = {
    "minesweeper": ("https://example.org/replay?game={q}&theme=dark", "  {q}\n"),
    "pentomino": ("https://pentominoes.river.me/#/{q}",),
}


def _escaped(name: str, text: str) -> str:
    if name == "pentomino":
        return "".join(f"%{b:02X}" for b in text.encode())
    return quote(text, safe="")


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
            for form in _LINK_FORMS.get(name, ()):
                link = form.format(q=_escaped(name, text))
                if "%" not in text:  # an escaped slug escaped again is another text
                    cases.append((name, link))
    return cases


CASES = _cases()


def test_every_game_explains_its_vectors():
    assert {name for name, _ in CASES} == set(GAMES_WITH_ANATOMY)
    assert {"sudoku", "pentomino", "minesweeper"} <= set(GAMES_WITH_ANATOMY)
    # Every vector of these two games reads, bare and in its link forms.
    for name in ("pentomino", "minesweeper"):
        texts = [text for game, text in CASES if game == name]
        assert set(_vector_texts(name)) <= set(texts)
        assert len(texts) >= 2 * len(_vector_texts(name))


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
        # A text format's spans hold its characters as read: percent escapes undone (each
        # escape wholly inside one span), and a query string's spaces read back as '+'.
        def read(raw: str) -> str:
            return unquote(raw).replace(" ", "+")

        assert read("".join(s.raw for s in found.spans)) == read(slug)
        for span in found.spans:
            assert read(text[span.chars[0] : span.chars[1]]) == read(span.raw), span
    for char in range(start, end):
        assert found.spans_at(char) == [s for s in found.spans if s.chars[0] <= char < s.chars[1]], char
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


def _pentomino_elements(board: Any, found: anatomy.Anatomy) -> None:
    from slugboard.codecs import pentomino as pm

    for span in found.spans:
        assert all(0 <= r < board.height and 0 <= c < board.width for r, c in span.cells), span
    painting = pm.paint(board)
    covered: dict[tuple[int, int], set[tuple[int, int]]] = {}  # anchor -> the cells its item paints
    for index, item in enumerate(painting.items):
        covered[(item.row, item.col)] = {
            divmod(cell, board.width)
            for cell, owner in enumerate(painting.owner)
            if owner == index or index in painting.overlaps.get(divmod(cell, board.width), ())
        }
    if found.format == "v0":
        (whole,) = [s for s in found.spans if s.element and s.element["kind"] == "board" and s.cells]
        assert set(whole.cells) == set().union(*covered.values())
        return
    assert [s.value for s in found.spans if s.field == "size"] == [board.height, board.width]
    surfaces = [s.value for s in found.spans if s.field == "header"]
    assert surfaces == ([pm.SURFACES[board.surface]] if found.format == "v3" else [])  # legacy: always R
    items: dict[int, dict[str, Any]] = {}
    for span in found.spans:
        if span.element and "item" in span.element:
            items.setdefault(span.element["item"], span.element)
    assert sorted(items) == list(range(len(items)))
    kept: dict[tuple[int, int], dict[str, Any]] = {}
    for number in sorted(items):  # the later item at an anchor wins, as in the decoder
        kept[tuple(items[number]["anchor"])] = items[number]
    assert all(items[n].get("replaced", False) == (kept[tuple(items[n]["anchor"])] is not items[n]) for n in items)
    pieces = sorted(
        (tuple(e["anchor"]), e["name"], e["rotation"], e["reflected"]) for e in kept.values() if e["kind"] == "piece"
    )
    assert pieces == [((p.row, p.col), p.name, p.rotation, p.reflected) for p in board.pieces]
    assert sorted(a for a, e in kept.items() if e["kind"] == "terrain") == list(board.terrain)
    for anchor, element in kept.items():
        assert {tuple(cell) for cell in element["cells"]} == covered[anchor], element
    for piece in board.pieces:
        assert board.color_of(piece.name) in [e["colour"] for e in kept.values() if e.get("name") == piece.name]
    placed = {p.name for p in board.pieces}
    named = [s for s in found.spans if s.element and s.element["kind"] == "name"]
    for span in named:
        name = span.element["name"]
        if name not in placed and sum(1 for s in named if s.element["name"] == name) == 1:
            assert board.color_of(name) == span.value, span


def _minesweeper_elements(board: Any, found: anatomy.Anatomy) -> None:
    assert [s.value for s in found.spans if s.field == "size"] == [board.width, board.height]
    assert found.spans[0].field == "version" and found.spans[0].value == board.version
    mines = [s for s in found.spans if s.field == "mine"]
    assert [tuple(s.value) for s in mines] == list(board.mines)
    assert [s.cells for s in mines] == [[(y, x)] for x, y in board.mines]
    assert [s.element["index"] for s in mines] == list(range(len(mines)))
    events = [s for s in found.spans if s.element and s.element["kind"] == "event"]
    assert all((s.field == "click") == (s.element["action"] == "open") for s in events)
    in_time = sorted(events, key=lambda s: s.element["index"])
    assert [s.element["index"] for s in in_time] == list(range(len(board.events)))
    assert [(s.element["t"], s.element["action"], s.element["x"], s.element["y"]) for s in in_time] == [
        tuple(e) for e in board.events
    ]
    assert all(s.cells == [(s.element["y"], s.element["x"])] for s in events)
    for section in ("click", "flag"):  # in slug order, a section's times never go back
        times = [s.element["t"] for s in events if s.field == section]
        assert times == sorted(times)
        assert sum(s.value["delta"] for s in events if s.field == section) == (times[-1] if times else 0)


ELEMENT_CHECKS: dict[str, Callable[[Any, anatomy.Anatomy], None]] = {
    "sudoku": _sudoku_elements,
    "pentomino": _pentomino_elements,
    "minesweeper": _minesweeper_elements,
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

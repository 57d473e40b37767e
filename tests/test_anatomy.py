"""Slug anatomy: for every vector of every game that explains its slugs, the spans cover
the payload in order with no gap or overlap, their bits put back together give the slug,
and each span's element is what the decoder made of those bits."""

from __future__ import annotations

import base64
import importlib
import json
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import quote, unquote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import load_vectors, long_minesweeper_slug
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
    assert anatomy.explain(text).game == name
    _check_text(name, text)


def _check_text(name: str, text: str) -> None:
    found = all_games()[name].codec.explain(text)
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
    named = [s for s in found.spans if s.element and s.element["kind"] == "name" and not s.element.get("cleared")]
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


# --- pentomino -------------------------------------------------------------------------


def _items(found: anatomy.Anatomy) -> dict[int, list[anatomy.Span]]:
    out: dict[int, list[anatomy.Span]] = {}
    for span in found.spans:
        if span.element and "item" in span.element:
            out.setdefault(span.element["item"], []).append(span)
    return out


def test_pentomino_piece_characters_and_cells():
    found = anatomy.explain("https://pentominoes.river.me/#/T88X000_0p1W")
    anatomy.check(found)
    assert found.format == "v3"
    at = found.text.index("T88")
    assert [s.field for s in found.spans[:3]] == ["header", "size", "size"]
    (x_spans,) = _items(found).values()
    assert [s.chars for s in x_spans] == [(at + i, at + i + 1) for i in range(3, 7)]
    assert [s.value for s in x_spans] == ["X", {"rotation": 0, "reflected": False, "colour": 0}, 0, 0]
    # On a torus the X anchored in the corner wraps to the far row and column.
    assert sorted(x_spans[0].cells) == [(0, 0), (0, 1), (0, 7), (1, 0), (7, 0)]
    assert found.spans_of_cell(7, 0) == x_spans
    colours = {s.element["name"]: s.value for s in found.spans if s.element and s.element["kind"] == "name"}
    assert colours == {"P": 6, "W": 1}
    flat = anatomy.explain("R88X000")
    (x_flat,) = _items(flat).values()
    assert sorted(x_flat[0].cells) == [(0, 0), (0, 1), (1, 0)]
    assert x_flat[0].element["overflow"] == [[0, 0]]


def test_pentomino_later_item_replaces_the_earlier():
    found = anatomy.explain("T88P055RZ10011551")
    items = _items(found)
    p_spans = items[0]
    assert [s.field for s in p_spans] == ["piece"] * 4 and p_spans[0].element["replaced"] is True
    assert all("replaces it" in s.label for s in p_spans)
    terrain = [spans for spans in items.values() if spans[0].element["kind"] == "terrain"]
    assert [spans[0].element["anchor"] for spans in terrain] == [[0, 0], [0, 1], [5, 5], [5, 1]]
    assert not any(spans[0].element.get("replaced") for spans in terrain)
    # Resting on (5, 5) lights the replaced piece, the terrain that replaced it and its group.
    fields = [(s.field, s.element["kind"]) for s in found.spans_of_cell(5, 5)]
    assert fields.count(("piece", "piece")) == 4 and ("terrain", "terrain") in fields
    assert ("terrain", "terrain group") in fields


def test_pentomino_terrain_forms():
    # Y form: a group of five in column 0, then the singles after '0', written column first.
    found = anatomy.explain("R88RY4001234026")
    tail = found.spans[-2:]
    assert [(s.field, s.raw) for s in tail] == [("separator", "0"), ("terrain", "26")]
    assert tail[1].cells == [(6, 2)]
    group = [s for s in found.spans if s.element and s.element["kind"] == "terrain group"]
    assert [s.raw for s in group] == ["4", "0"] and len(group[0].cells) == 5
    # An odd pair list: its last character is read and ignored.
    odd = anatomy.explain("R88R333")
    assert [(s.field, s.raw) for s in odd.spans[-2:]] == [("terrain", "33"), ("padding", "3")]


def test_pentomino_legacy_and_v0():
    v1 = anatomy.explain("6.10V10.0I10.6W01.4T11.9Z62.1F62.6N33.3X03.8Y34.2P74.5L75.1U05.8")
    assert v1.format == "v1"
    assert [(s.field, s.raw) for s in v1.spans[:9]] == [
        ("size", "6"),
        ("separator", "."),
        ("size", "10"),
        ("piece", "V"),
        ("piece", "1"),
        ("piece", "0"),
        ("separator", "."),
        ("piece", "0"),
        ("piece", "I"),
    ]
    assert v1.totals()["piece"] == {"spans": 48, "chars": 48}
    assert v1.totals()["separator"] == {"spans": 13, "chars": 13}  # one in the size, one in each piece
    v2 = anatomy.explain("20_20p0112")
    assert v2.format == "v2"
    assert [(s.raw, s.value) for s in v2.spans[-2:]] == [("1", 1), ("12", 12)]  # lowercase: a one-digit row
    v15 = anatomy.explain("8_8TA0_1R00_3R00_4R01_3R01_4P11_6FK2_2XA2_5II3_0W33_6V14_1ZC4_4Y65_7NL")
    assert v15.format == "v1.5"
    assert sum(1 for s in v15.spans if s.field == "terrain" and s.raw == "R") == 4
    (vector,) = [v["slug"] for v in load_vectors("pentomino") if v["slug"].startswith("(")]
    v0 = anatomy.explain(vector)
    anatomy.check(v0)
    assert v0.format == "v0"
    assert [s.field for s in v0.spans] == ["piece", "separator", "dictionary", "padding"][: len(v0.spans)]
    assert len(v0.spans[0].cells) == 60  # the 6x10 board, tiled
    assert v0.spans[1].raw == "\x01" and vector[v0.spans[1].chars[0] : v0.spans[1].chars[1]] == "%01"


# --- minesweeper -------------------------------------------------------------------------


def test_minesweeper_replay_totals():
    from slugboard.codecs import minesweeper as ms

    (slug,) = [g["slug"] for g in load_vectors("minesweeper")["games"] if "(R)" in g["name"]]
    board = ms.decode(slug)
    found = anatomy.explain(slug)
    totals = found.totals()
    opens = sum(1 for e in board.events if e.kind == ms.OPEN)
    assert totals["mine"] == {"spans": len(board.mines), "chars": 2 * len(board.mines)}
    assert totals["click"]["spans"] == opens
    assert totals["flag"]["spans"] == len(board.events) - opens
    assert any(s.element["action"] == ms.UNFLAG for s in found.spans if s.field == "flag")
    assert totals["version"] == {"spans": 1, "chars": 2} and totals["size"]["spans"] == 2
    assert sum(t["chars"] for t in totals.values()) == len(slug)


def test_minesweeper_cells_are_row_then_column():
    # A field wider than tall (v2: every pair is (x, y)), long coordinates, a unit.
    text = "2=70x65,10+2A;12|11+1|2:3;004;z0+221T"
    found = anatomy.explain(text)
    anatomy.check(found)
    assert [(s.raw, s.cells) for s in found.spans if s.field == "mine"] == [("2A", [(10, 2)]), ("12|11", [(63, 64)])]
    clicks = [s for s in found.spans if s.field == "click"]
    assert [s.raw for s in clicks] == ["1|2:3", "004", "z0"]
    assert clicks[2].cells == [(0, 61)]  # column 61 exists only because the field is 70 wide
    assert clicks[2].label == "event 4: open (61, 0) at 0.07 s"
    (mark,) = [s for s in found.spans if s.field == "flag"]
    assert mark.element["index"] == 0 and mark.element["action"] == "mark"
    assert [s.value for s in found.spans if s.field == "header"] == [10]
    # Version 1 writes a mine as (row, column): "21" is row 2, column 1.
    v1 = anatomy.explain("1=5x4+21+120+")
    (mine,) = [s for s in v1.spans if s.field == "mine"]
    assert mine.value == [1, 2] and mine.cells == [(2, 1)] and mine.label == "mine 1 at (1, 2)"
    (click,) = [s for s in v1.spans if s.field == "click"]
    assert click.cells == [(2, 1)] and click.value["delta"] == 0


def test_minesweeper_link_positions():
    text = "https://example.org/replay?game=1%3D5x5%2B00%2B110%3B220%2B000P&theme=dark"
    found = anatomy.explain(text)
    anatomy.check(found)
    assert found.text[slice(*found.slug)] == "1%3D5x5%2B00%2B110%3B220%2B000P"
    assert [s.field for s in found.spans_at(text.index("%3D") + 2)] == ["version"]
    assert found.spans[0].chars == (text.index("1%3D"), text.index("5x5"))
    assert [s.field for s in found.spans_of_cell(0, 0)] == ["mine", "flag"]
    plain = anatomy.explain("1=5x5 00 110;220 000P")  # a query string's '+' read as spaces
    assert [(s.field, s.value) for s in plain.spans] == [(s.field, s.value) for s in found.spans]


def test_minesweeper_long_game_is_quick():
    slug = long_minesweeper_slug()
    anatomy.explain(slug)  # the first call also imports
    began = time.perf_counter()
    found = anatomy.explain(slug)
    elapsed = time.perf_counter() - began
    from slugboard.codecs import minesweeper as ms

    assert found.totals()["mine"]["spans"] == len(ms.decode(slug).mines)
    assert elapsed < 1.0, elapsed


# --- texts near real ones, and boards of every shape ------------------------------------


@pytest.mark.parametrize("name", ["pentomino", "minesweeper"])
@settings(max_examples=300)
@given(data=st.data())
def test_texts_near_slugs_explain_or_refuse(name, data):
    strategies = importlib.import_module(f"strategies.{name}")
    text = data.draw(strategies.texts())
    try:
        all_games()[name].decode(text)
    except SlugError:
        with pytest.raises(SlugError):
            all_games()[name].codec.explain(text)
        return
    _check_text(name, text)


@pytest.mark.parametrize("name", ["pentomino", "minesweeper"])
@settings(max_examples=100)
@given(data=st.data())
def test_boards_of_every_shape_explain(name, data):
    strategies = importlib.import_module(f"strategies.{name}")
    game = all_games()[name]
    board = data.draw(strategies.boards())
    slug = game.encode(board)
    _check_text(name, slug)
    link = game.share_url(board) or f"https://example.org/replay?game={quote(slug, safe='')}"
    _check_text(name, link)
    if name == "pentomino":
        _check_text(name, "https://pentominoes.river.me/#/" + _escaped(name, slug))

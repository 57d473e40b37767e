"""Slug anatomy: for every vector of every game that explains its slugs, the spans cover
the payload in order with no gap or overlap, their bits put back together give the slug,
and each span's element is what the decoder made of those bits."""

from __future__ import annotations

import base64
import datetime as dt
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
    if isinstance(data, dict):
        # Every list of vectors: "vectors", and the later forms' lists beside it ("v4_vectors").
        vectors = [v for key, value in data.items() if key == "vectors" or key.endswith("_vectors") for v in value]
    else:
        vectors = data
    texts: list[str] = []
    for vector in vectors:
        for key in ("slug", "slug_urlsafe", "zero_padded_variant", "fen", "link", "url"):
            value = vector.get(key) if isinstance(vector, dict) else None
            if isinstance(value, str) and value and value not in texts:
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
    assert {"sudoku", "xiangqi", "letters"} <= set(GAMES_WITH_ANATOMY)
    texts = {name: [t for n, t in CASES if n == name] for name in ("xiangqi", "letters")}
    assert sum(t.count("/") == 9 and " " in t for t in texts["xiangqi"]) == 9  # the FENs
    assert any("-" in t or "_" in t for t in texts["xiangqi"]) and any("+" in t for t in texts["xiangqi"])
    assert any(t.startswith("xiangqi:") for t in texts["xiangqi"])
    for param in ("g", "w", "_"):
        assert any(f"?{param}=" in t for t in texts["letters"]), param


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


def _xiangqi_elements(board: Any, found: anatomy.Anatomy) -> None:
    from slugboard.codecs import xiangqi
    from slugboard.codecs.xiangqi.model import code_string

    colour = [s.value for s in found.spans if s.field == "colour"]
    assert colour in ([], ["red" if board.red_to_move else "black"])
    assert colour or found.format == "fen"
    pieces = [s for s in found.spans if s.field == "piece"]
    placed: dict[int, str] = {}
    for span in pieces:
        element = span.element
        if element.get("captured"):
            assert span.cells == []
            continue
        ((row, col),) = span.cells
        square = row * 9 + col
        assert element["square"] == square and square not in placed
        assert board.cells[square] == element["piece"]
        placed[square] = element["piece"]
    # Every piece of the decoded board is a span's, and no other.
    assert placed == {sq: letter for sq, letter in enumerate(board.cells) if letter}
    if found.unit == "bit":
        rows = xiangqi.canonical_rows(board)
        assert [s.element["piece_row"] for s in pieces] == list(range(32))
        for span in pieces:
            row = span.element["piece_row"]
            assert span.element["piece"] == xiangqi.ROW_LETTERS[row]
            assert rows[row] == span.element.get("square", xiangqi.CAPTURED)
            assert span.raw == code_string(row, rows[row])
    else:
        empty = [cell for s in found.spans if s.element and s.element["kind"] == "empty" for cell in s.cells]
        assert len(empty) == len(set(empty)) == 90 - len(placed)
        assert all(not board.cells[r * 9 + c] for r, c in empty)


def _letters_elements(board: Any, found: anatomy.Anatomy) -> None:
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


ELEMENT_CHECKS: dict[str, Callable[[Any, anatomy.Anatomy], None]] = {
    "sudoku": _sudoku_elements,
    "xiangqi": _xiangqi_elements,
    "letters": _letters_elements,
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


def _piece_widths(found: anatomy.Anatomy) -> dict[int, int]:
    widths: dict[int, int] = {}
    for span in found.spans:
        if span.field == "piece":
            widths[found.size_of(span)] = widths.get(found.size_of(span), 0) + 1
    return widths


def test_xiangqi_opening_codes():
    found = anatomy.explain("hSQiASVGghCEIUkIgElRoIQhDw")
    anatomy.check(found)
    assert found.format == "slug"
    # Kings and elephants 3 bits, advisors 2, soldiers 5, horses, rooks and cannons 6.
    assert _piece_widths(found) == {3: 6, 2: 4, 6: 12, 5: 10}
    assert found.spans[0].field == "colour" and found.spans[0].value == "red"
    assert [s.label for s in found.spans_of_cell(9, 4)] == ["Red king on e0 (3 bits)"]
    assert [s.label for s in found.spans_of_cell(0, 1)] == ["Black horse on b9 (6 bits)"]
    assert found.spans_of_cell(4, 4) == []
    fill = [s for s in found.spans if s.field == "padding"]
    assert [s.raw for s in fill] == ["111", "0000"]
    zero = anatomy.explain("hSQiASVGghCEIUkIgElRoIQhCA")
    assert [s.raw for s in zero.spans if s.field == "padding"] == ["000", "0000"]
    assert [s.bits for s in zero.spans] == [s.bits for s in found.spans]


def test_xiangqi_captured_pieces_and_alphabets():
    empty = anatomy.explain("-AAAAAAAAAAADwAAAAAAAAAAAQ")
    assert empty.format == "slug-urlsafe"
    assert all(s.cells == [] for s in empty.spans)
    assert _piece_widths(empty) == {4: 2, 2: 4, 3: 4, 6: 12, 5: 10}  # a dead king is the long code 1111
    kings = [s for s in empty.spans if s.field == "piece" and s.element["piece"] in "Kk"]
    assert [s.raw for s in kings] == ["1111", "1111"]
    assert kings[0].label == "Red king captured (4 bits)"
    std = anatomy.explain("f///++/PfrnjfbX////7789+ueN9tf8")
    url = anatomy.explain("f___--_PfrnjfbX____7789-ueN9tf8")
    assert (std.format, url.format) == ("slug", "slug-urlsafe")
    assert [s.to_json() for s in std.spans] == [s.to_json() for s in url.spans]
    assert 7 in _piece_widths(std)  # the longest code, a piece far from its list's start


def test_xiangqi_link_forms_land_in_the_text():
    slug = "hSQiASVGghCEIUkIgElRoIQhDw"
    for text in (f"  xiangqi:{slug}\n", f"xiangqi%3A{slug}", f"<xiangqi: {slug}>", f"{slug}=="):
        found = anatomy.explain(text)
        anatomy.check(found)
        start = text.index(slug)
        assert found.slug == (start, start + len(slug) + text.count("="))
        assert found.spans_at(start)[0].field == "colour"
    padded = anatomy.explain(f"{slug}==")
    assert [(s.raw, s.bits) for s in padded.spans[-2:]] == [("=", None), ("=", None)]
    # The position's bytes are read; the rest (the series' move history) is covered as ignored.
    longer = anatomy.explain(slug + "A" * 30)
    anatomy.check(longer)
    assert longer.spans[-1].label == "23 bytes after the position, ignored"
    # A '+' at the start that a query string made a space.
    edged = anatomy.explain(" AAAAAAAAAAADwAAAAAAAAAAAQ")
    anatomy.check(edged)
    assert edged.slug == (0, 26) and edged.spans[0].value == "red"


def test_xiangqi_fen_explained():
    from slugboard.codecs import xiangqi

    fen = "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2"
    text = "xiangqi:" + fen.replace("/", "%2F").replace(" ", "%20")
    found = anatomy.explain(text)
    anatomy.check(found)
    assert found.format == "fen" and found.unit == "char"
    assert found.totals()["piece"] == {"spans": 31, "chars": 31}
    slashes = [s for s in found.spans if s.raw == "/"]
    assert len(slashes) == 9 and all(text[s.chars[0] : s.chars[1]] == "%2F" for s in slashes)
    assert [s.value for s in found.spans if s.field == "colour"] == ["black"]
    assert [s.raw for s in found.spans if s.field == "header"] == ["-", "-", "0", "2"]
    (cannon,) = found.spans_of_cell(3, 4)
    assert cannon.label == "Red cannon on e6" and text[cannon.chars[0]] == "C"
    (run,) = found.spans_of_cell(1, 4)
    assert run.value == 9 and run.label == "9 empty points (a8-i8)"
    _xiangqi_elements(xiangqi.decode(text), found)


def test_letters_v4_start_word_and_blanks():
    from slugboard.codecs import letters

    text = "https://letters.wiki/?_=InidcR8EscCA"
    found = anatomy.explain(text)
    anatomy.check(found)
    assert found.format == "v4"
    assert [s.field for s in found.spans] == ["date", "word", "word", "word", "header", "tile", "tile", "padding"]
    assert [s.value for s in found.spans[1:4]] == [2, "O", "X"]
    assert found.spans[2].cells == [(4, 3)]
    blank = found.spans[6]
    assert blank.value["blank"] and blank.label == "tile 2: a blank as W on r6c5 in turn 1 (7 + 6 + 3 bits)"
    assert [s.field for s in found.spans_of_cell(4, 4)] == ["word", "word"]  # the length names every square
    _letters_elements(letters.decode(text), found)


def test_letters_rack_links_and_escapes():
    slug = "IOFtKUQJlleEyrQRnJDehOUpqVNA"
    text = f"https://letters.wiki/?g=%49{slug[1:]}&s=RUNNELS"
    found = anatomy.explain(text)
    anatomy.check(found)
    assert found.format == "g"
    start = text.index("%49")
    assert found.slug == (start, text.index("&"))
    assert found.spans[0].field == "date" and found.spans[0].chars == (start, start + 5)
    first = [s for s in found.spans if s.field == "tile"][0]
    assert first.value["letter"] == "E" and first.label.startswith("tile 1: E (rack slot 6, draw order) on r6c8")
    bare = anatomy.explain(slug)
    assert bare.format == "g" and "letter" not in [s for s in bare.spans if s.field == "tile"][0].value
    w = anatomy.explain("https://letters.wiki/?w=IaKnMV1LdmATJhQ5MwniUVqcUQzMxog0YhrQjYIkmSzdZ4tC0A")
    assert w.format == "w" and w.totals()["tile"] == {"spans": 21, "bits": 21 * 13}


def test_cli_explain_xiangqi_and_letters():
    import io

    for text, first in (
        ("hSQiASVGghCEIUkIgElRoIQhDw", "colour"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "piece"),
        ("https://letters.wiki/?_=IcWhQEZ5GxaLpcnc0A", "date"),
    ):
        out, err = io.StringIO(), io.StringIO()
        assert run(["explain", text], out, err) == 0, err.getvalue()
        lines = [json.loads(line) for line in out.getvalue().splitlines()]
        assert lines[0]["field"] == first and lines[-1]["summary"] is True


@given(
    st.lists(st.integers(0, 90), min_size=32, max_size=32),
    st.booleans(),
    st.integers(0, 255),
    st.binary(max_size=8),
    st.booleans(),
    st.sampled_from(["{}", "xiangqi:{}", " {} ", "xiangqi%3A{}", "<{}>"]),
)
def test_xiangqi_explains_whatever_it_decodes(picks, red, fill, history, urlsafe, form):
    from slugboard.codecs import xiangqi

    rows: list[int] = []
    for row, pick in enumerate(picks):
        candidates = xiangqi.CANDIDATES[row]
        square = candidates[pick % len(candidates)]
        rows.append(xiangqi.CAPTURED if square in rows else square)
    board = xiangqi.from_rows(rows, red)
    bits = xiangqi.slug_bits(board).bit_string()
    pad = -len(bits) % 8
    bits += format(fill, "08b")[:pad]  # 1-bit fill, 0-bit fill, or anything between
    data = int(bits, 2).to_bytes(len(bits) // 8, "big") + history
    slug = (base64.urlsafe_b64encode if urlsafe else base64.b64encode)(data).decode()
    text = form.format(slug if len(history) % 2 else slug.rstrip("="))
    found = xiangqi.explain(text)
    anatomy.check(found)
    _xiangqi_elements(xiangqi.decode(text), found)
    assert xiangqi.decode(text).cells == board.cells


_TILE = st.fixed_dictionaries(
    {
        "row": st.integers(0, 8),
        "col": st.integers(0, 8),
        "turn": st.integers(1, 5),
        "letter": st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        "blank": st.booleans(),
        "rack_index": st.integers(0, 6),
    }
)


@given(
    st.sampled_from(["g", "w", "_"]),
    st.lists(_TILE, max_size=31),
    st.sampled_from(["", "OX", "RUNNELS", "QUARTZ"]),
    st.dates(min_value=dt.date(2020, 1, 1), max_value=dt.date(2064, 11, 9)),
)
def test_letters_explains_every_form(param, tiles, word, date):
    from slugboard.codecs import letters

    if param != "_":
        tiles = [{k: v for k, v in t.items() if k not in ("letter", "blank")} for t in tiles]
    board = letters.from_json({"param": param, "date": date.isoformat(), "tiles": tiles, "start_word": word or None})
    body = letters.v4_body(board) if param == "_" else letters.slug_body(board)
    for text in (
        letters.encode(board),
        f"https://letters.wiki/?{param}={body}",
        f"letters.wiki/?{param}=%{ord(body[0]):02X}{body[1:]} ",
    ):
        found = letters.explain(text)
        anatomy.check(found)
        _letters_elements(letters.decode(text), found)

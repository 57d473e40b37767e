"""Slug anatomy: for every vector of every game that explains its slugs, the spans cover
the payload in order with no gap or overlap, their bits put back together give the slug,
and each span's element is what the decoder made of those bits."""

from __future__ import annotations

import base64
import importlib
import json
from urllib.parse import quote, unquote

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

import strategies
from conftest import load_vectors, long_minesweeper_slug
from slugboard.codecs import SlugError, all_games, anatomy, explain
from slugboard.codecs.cli import run
from slugboard.codecs.letters.model import EPOCH, LAST_DATE

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
        for key in ("slug", "slug_urlsafe", "zero_padded_variant", "fen", "link", "url", "from_slug"):
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
            by_chance = getattr(game.codec, "read_by_chance", None)
            if by_chance is None or game.looks_like(text) or by_chance(board) is None:
                cases.append((name, text))
            else:  # bare, a position no game reaches is taken for no slug: its prefixed form is
                cases.append((name, f"{name}:{text}"))
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
    assert GAMES_WITH_ANATOMY == list(all_games())
    assert {name for name, _ in CASES} == set(GAMES_WITH_ANATOMY)
    assert {"sudoku", "xiangqi", "letters"} <= set(GAMES_WITH_ANATOMY)
    texts = {name: [t for n, t in CASES if n == name] for name in ("xiangqi", "letters")}
    assert sum(t.count("/") == 9 and " " in t for t in texts["xiangqi"]) == 9  # the FENs
    assert any("-" in t or "_" in t for t in texts["xiangqi"]) and any("+" in t for t in texts["xiangqi"])
    assert any(t.startswith("xiangqi:") for t in texts["xiangqi"])
    for param in ("g", "w", "_"):
        assert any(f"?{param}=" in t for t in texts["letters"]), param
    assert {"pentomino", "minesweeper"} <= set(GAMES_WITH_ANATOMY)
    # Every vector of these two games reads, bare and in its link forms.
    for name in ("pentomino", "minesweeper"):
        texts = [text for game, text in CASES if game == name]
        assert set(_vector_texts(name)) <= set(texts)
        assert len(texts) >= 2 * len(_vector_texts(name))


@pytest.mark.parametrize(("name", "text"), CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_spans_partition_and_reassemble(name, text):
    assert explain(text).game == name
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
    strategies.of(name).check_elements(all_games()[name].decode(text), found)


def test_sudoku_grid_and_v0():
    from slugboard.codecs import sudoku

    grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    boxed = "\n".join(" ".join(grid[r * 9 : r * 9 + 9]) for r in range(9))
    found = explain(boxed)
    anatomy.check(found)
    assert found.format == "grid"
    givens = [s for s in found.spans if s.field == "given"]
    assert len(givens) == 81 and sum(1 for s in givens if s.value) == 30
    assert all(boxed[s.chars[0]] in "123456789." for s in givens)
    v0 = sudoku.encode_v0(sudoku.decode_grid(grid))
    found = explain(v0)
    anatomy.check(found)
    assert found.format == "v0"
    assert [s.field for s in found.spans[:2]] == ["magic", "version"]
    assert sum(1 for s in found.spans if s.field == "given") == 30
    assert found.totals()["given"] == {"spans": 30, "bits": 30 * 16}
    strategies.of("sudoku").check_elements(sudoku.decode(v0), found)


def test_character_lookup_names_the_given():
    found = explain("https://nickgirardo.com/projects/sudoku/player.html?play=UyF2MQAkSA==")
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
        found = explain(text)
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
    found = explain("hSQiASVGghCEIUkIgElRoIQhDw")
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
    zero = explain("hSQiASVGghCEIUkIgElRoIQhCA")
    assert [s.raw for s in zero.spans if s.field == "padding"] == ["000", "0000"]
    assert [s.bits for s in zero.spans] == [s.bits for s in found.spans]


def test_xiangqi_captured_pieces_and_alphabets():
    # Positions no game reaches: bare, detection takes them for no slug; prefixed, they read.
    empty = explain("xiangqi:-AAAAAAAAAAADwAAAAAAAAAAAQ")
    assert empty.format == "slug-urlsafe"
    assert all(s.cells == [] for s in empty.spans)
    assert _piece_widths(empty) == {4: 2, 2: 4, 3: 4, 6: 12, 5: 10}  # a dead king is the long code 1111
    kings = [s for s in empty.spans if s.field == "piece" and s.element["piece"] in "Kk"]
    assert [s.raw for s in kings] == ["1111", "1111"]
    assert kings[0].label == "Red king captured (4 bits)"
    std = explain("xiangqi:f///++/PfrnjfbX////7789+ueN9tf8")
    url = explain("xiangqi:f___--_PfrnjfbX____7789-ueN9tf8")
    assert (std.format, url.format) == ("slug", "slug-urlsafe")
    assert [s.to_json() for s in std.spans] == [s.to_json() for s in url.spans]
    assert 7 in _piece_widths(std)  # the longest code, a piece far from its list's start


def test_xiangqi_link_forms_land_in_the_text():
    slug = "hSQiASVGghCEIUkIgElRoIQhDw"
    for text in (f"  xiangqi:{slug}\n", f"xiangqi%3A{slug}", f"<xiangqi: {slug}>", f"{slug}=="):
        found = explain(text)
        anatomy.check(found)
        start = text.index(slug)
        assert found.slug == (start, start + len(slug) + text.count("="))
        assert found.spans_at(start)[0].field == "colour"
    padded = explain(f"{slug}==")
    assert [(s.raw, s.bits) for s in padded.spans[-2:]] == [("=", None), ("=", None)]
    # The position's bytes are read; the rest (the series' move history) is covered as ignored.
    longer = explain(slug + "A" * 30)
    anatomy.check(longer)
    assert longer.spans[-1].label == "23 bytes after the position, ignored"
    # A '+' at the start that a query string made a space ("+AAA...": red to move, no red king).
    edged = explain(" AAAAAAAAAAAAAAAAAAAAAAAAw")
    anatomy.check(edged)
    assert edged.slug == (0, 26) and edged.spans[0].value == "red"


def test_xiangqi_fen_explained():
    from slugboard.codecs import xiangqi

    fen = "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2"
    text = "xiangqi:" + fen.replace("/", "%2F").replace(" ", "%20")
    found = explain(text)
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
    strategies.of("xiangqi").check_elements(xiangqi.decode(text), found)


def test_letters_v4_start_word_and_blanks():
    from slugboard.codecs import letters

    text = "https://letters.wiki/?_=InidcR8EscCA"
    found = explain(text)
    anatomy.check(found)
    assert found.format == "v4"
    assert [s.field for s in found.spans] == ["date", "word", "word", "word", "header", "tile", "tile", "padding"]
    assert [s.value for s in found.spans[1:4]] == [2, "O", "X"]
    assert found.spans[2].cells == [(4, 3)]
    blank = found.spans[6]
    assert blank.value["blank"] and blank.label == "tile 2: a blank as W on r6c5 in turn 1 (7 + 6 + 3 bits)"
    assert [s.field for s in found.spans_of_cell(4, 4)] == ["word", "word"]  # the length names every square
    strategies.of("letters").check_elements(letters.decode(text), found)


def test_letters_rack_links_and_escapes():
    slug = "IOFtKUQJlleEyrQRnJDehOUpqVNA"
    text = f"https://letters.wiki/?g=%49{slug[1:]}&s=RUNNELS"
    found = explain(text)
    anatomy.check(found)
    assert found.format == "g"
    start = text.index("%49")
    assert found.slug == (start, text.index("&"))
    assert found.spans[0].field == "date" and found.spans[0].chars == (start, start + 5)
    first = [s for s in found.spans if s.field == "tile"][0]
    assert first.value["letter"] == "E" and first.label.startswith("tile 1: E (rack slot 6, draw order) on r6c8")
    bare = explain(slug)
    assert bare.format == "g" and "letter" not in [s for s in bare.spans if s.field == "tile"][0].value
    w = explain("https://letters.wiki/?w=IaKnMV1LdmATJhQ5MwniUVqcUQzMxog0YhrQjYIkmSzdZ4tC0A")
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


@pytest.mark.slow
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
    strategies.of("xiangqi").check_elements(xiangqi.decode(text), found)
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


@pytest.mark.slow
@given(
    st.sampled_from(["g", "w", "_"]),
    st.lists(_TILE, max_size=31),
    st.sampled_from(["", "OX", "RUNNELS", "QUARTZ"]),
    st.dates(min_value=EPOCH, max_value=LAST_DATE),  # every day a link can hold, the last one too
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
        strategies.of("letters").check_elements(letters.decode(text), found)


# --- pentomino -------------------------------------------------------------------------


def _items(found: anatomy.Anatomy) -> dict[int, list[anatomy.Span]]:
    out: dict[int, list[anatomy.Span]] = {}
    for span in found.spans:
        if span.element and "item" in span.element:
            out.setdefault(span.element["item"], []).append(span)
    return out


def test_pentomino_piece_characters_and_cells():
    found = explain("https://pentominoes.river.me/#/T88X000_0p1W")
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
    flat = explain("R88X000")
    (x_flat,) = _items(flat).values()
    assert sorted(x_flat[0].cells) == [(0, 0), (0, 1), (1, 0)]
    assert x_flat[0].element["overflow"] == [[0, 0]]


def test_pentomino_later_item_replaces_the_earlier():
    found = explain("T88P055RZ10011551")
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
    found = explain("R88RY4001234026")
    tail = found.spans[-2:]
    assert [(s.field, s.raw) for s in tail] == [("separator", "0"), ("terrain", "26")]
    assert tail[1].cells == [(6, 2)]
    group = [s for s in found.spans if s.element and s.element["kind"] == "terrain group"]
    assert [s.raw for s in group] == ["4", "0"] and len(group[0].cells) == 5
    # An odd pair list: its last character is read and ignored.
    odd = explain("R88R333")
    assert [(s.field, s.raw) for s in odd.spans[-2:]] == [("terrain", "33"), ("padding", "3")]


def test_pentomino_legacy_and_v0():
    v1 = explain("6.10V10.0I10.6W01.4T11.9Z62.1F62.6N33.3X03.8Y34.2P74.5L75.1U05.8")
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
    v2 = explain("20_20p0112")
    assert v2.format == "v2"
    assert [(s.raw, s.value) for s in v2.spans[-2:]] == [("1", 1), ("12", 12)]  # lowercase: a one-digit row
    v15 = explain("8_8TA0_1R00_3R00_4R01_3R01_4P11_6FK2_2XA2_5II3_0W33_6V14_1ZC4_4Y65_7NL")
    assert v15.format == "v1.5"
    assert sum(1 for s in v15.spans if s.field == "terrain" and s.raw == "R") == 4
    (vector,) = [v["slug"] for v in load_vectors("pentomino") if v["slug"].startswith("(")]
    v0 = explain(vector)
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
    found = explain(slug)
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
    found = explain(text)
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
    v1 = explain("1=5x4+21+120+")
    (mine,) = [s for s in v1.spans if s.field == "mine"]
    assert mine.value == [1, 2] and mine.cells == [(2, 1)] and mine.label == "mine 1 at (1, 2)"
    (click,) = [s for s in v1.spans if s.field == "click"]
    assert click.cells == [(2, 1)] and click.value["delta"] == 0


def test_minesweeper_link_positions():
    text = "https://example.org/replay?game=1%3D5x5%2B00%2B110%3B220%2B000P&theme=dark"
    found = explain(text)
    anatomy.check(found)
    assert found.text[slice(*found.slug)] == "1%3D5x5%2B00%2B110%3B220%2B000P"
    assert [s.field for s in found.spans_at(text.index("%3D") + 2)] == ["version"]
    assert found.spans[0].chars == (text.index("1%3D"), text.index("5x5"))
    assert [s.field for s in found.spans_of_cell(0, 0)] == ["mine", "flag"]
    plain = explain("1=5x5 00 110;220 000P")  # a query string's '+' read as spaces
    assert [(s.field, s.value) for s in plain.spans] == [(s.field, s.value) for s in found.spans]


@pytest.mark.slow
def test_minesweeper_long_game_is_explained():
    """(How long it takes, benchmarks/responsiveness.py measures.)"""
    slug = long_minesweeper_slug()
    found = explain(slug)
    from slugboard.codecs import minesweeper as ms

    assert found.totals()["mine"]["spans"] == len(ms.decode(slug).mines)


# --- texts near real ones, and boards of every shape ------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name", ["pentomino", "minesweeper"])
@settings(max_examples=examples(300))
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


@pytest.mark.slow
@pytest.mark.parametrize("name", ["pentomino", "minesweeper"])
@settings(max_examples=examples(100))
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


def test_sudoku_files_setters_exchange_are_explained():
    from slugboard.codecs import sudoku
    from slugboard.codecs.sudoku import formats

    grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    sdk = "#A a classic\n[Puzzle]\n" + "\n".join(grid[i * 9 : i * 9 + 9] for i in range(9)) + "\n[State]\n12\n"
    found = explain(sdk)
    anatomy.check(found)
    assert found.format == "sdk"
    assert "".join(s.raw for s in found.spans) == sdk.strip()
    strategies.of("sudoku").check_elements(sudoku.decode(sdk), found)
    assert [s.label for s in found.spans if s.field == "header"][:2] == ["a comment", "section [Puzzle]"]
    board = sudoku.decode_grid(grid)
    picture = formats.write_candidate_grid(board)
    found = explain(picture)
    anatomy.check(found)
    assert found.format == "candidates"
    read = sudoku.decode(picture)
    strategies.of("sudoku").check_elements(read, found)
    marks = {s.element["index"]: s.value for s in found.spans if s.field == "candidates"}
    assert marks and all(
        read.centre[i] == sum(1 << (d - 1) for d in digits) and not read.cells[i] for i, digits in marks.items()
    )
    assert len(marks) + sum(1 for s in found.spans if s.field == "given") == 81


def test_a_piece_named_again_in_a_legacy_slug_takes_the_colour_of_its_last_item():
    from slugboard.codecs import pentomino as pm

    board = pm.decode("2.1L01L0LAN0")  # L three times: only the first stays on the board, the third colours it
    items = {}
    for span in pm.explain("2.1L01L0LAN0").spans:
        if span.element and "item" in span.element:
            items.setdefault(span.element["item"], span.element)
    assert [items[n]["colour"] for n in sorted(items) if items[n]["name"] == "L"] == [0, 0, 1]
    assert board.color_of("L") == 1

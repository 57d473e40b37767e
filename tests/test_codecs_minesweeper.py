"""Minesweeper codec: the vectors, both versions, link forms, hostile input, the replay
engine against a plain reference player, the statistics and recording a game."""

from __future__ import annotations

import io
import json
import random
from dataclasses import replace

import pytest
from depth import examples
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from conftest import load_vectors
from slugboard.codecs import GAMES, decode_any, detect
from slugboard.codecs import minesweeper as ms
from slugboard.codecs.caches import Recent
from slugboard.codecs.cli import run
from slugboard.codecs.errors import FormatError, SlugError, ValueRangeError
from slugboard.codecs.minesweeper import slug as ms_slug
from strategies.minesweeper import boards

VECTORS = load_vectors("minesweeper")
GAME_VECTORS = VECTORS["games"]
ARTICLE = GAME_VECTORS[0]["slug"]
WON = next(g for g in GAME_VECTORS if g["replay"]["outcome"] == "won" and g["board"]["width"] == 15)


# --- vectors ---------------------------------------------------------------------------


def test_registry_lists_the_game():
    assert GAMES["minesweeper"].codec is ms
    assert GAMES["minesweeper"].title == "Minesweeper"


def test_coordinate_list_vector():
    vec = VECTORS["coordinate_list"]
    pairs = [tuple(p) for p in vec["pairs"]]
    assert ms.decode_pairs(vec["text"]) == pairs
    assert ms.encode_pairs(pairs) == vec["text"]


def test_a_long_coordinate_first_keeps_its_leading_semicolon():
    assert ms.encode_pairs([(62, 0), (1, 2)]) == ";10|0;12"
    assert ms.decode_pairs(";10|0;12") == [(62, 0), (1, 2)]
    assert ms.encode_pairs([(62, 0), (63, 1)]) == ";10|0;11|1"


@pytest.mark.parametrize("vec", GAME_VECTORS, ids=[g["name"] for g in GAME_VECTORS])
def test_game_vector_decodes_to_its_board(vec):
    board = ms.decode(vec["slug"])
    assert ms.to_json(board) == vec["board"]
    assert ms.from_json(vec["board"]) == board


@pytest.mark.parametrize("vec", GAME_VECTORS, ids=[g["name"] for g in GAME_VECTORS])
def test_game_vector_reencodes_byte_for_byte(vec):
    assert ms.encode(ms.decode(vec["slug"])) == vec["slug"]
    assert ms.encode(ms.from_json(vec["board"])) == vec["slug"]


@pytest.mark.parametrize("vec", GAME_VECTORS, ids=[g["name"] for g in GAME_VECTORS])
def test_game_vector_replays_as_listed(vec):
    replay = ms.Replay(ms.decode(vec["slug"]))
    final = replay.final()
    s = final.stats
    got = {
        "bbbv": s.bbbv,
        "bbbv_solved": s.bbbv_solved,
        "outcome": final.outcome,
        "safe_opened": s.safe_opened,
        "safe_total": s.safe_total,
        "time_s": s.time_s,
        "clicks": s.clicks,
        "effective_clicks": s.effective_clicks,
    }
    expected = dict(vec["replay"])
    if expected["outcome"] == ms.LOST:
        # The vectors count the click that hits a mine as effective; Slugboard counts as
        # ms-toollib (Metasweeper) does: it is not (the article's game: 16, not 17).
        expected["effective_clicks"] -= 1
    assert got == expected
    assert replay.bbbv == vec["replay"]["bbbv"]
    assert replay.outcome == vec["replay"]["outcome"]


@pytest.mark.parametrize("vec", GAME_VECTORS, ids=[g["name"] for g in GAME_VECTORS])
def test_info_carries_the_vector_figures(vec):
    facts = ms.info(ms.decode(vec["slug"]))
    assert list(facts)[0] == "game"
    want = vec["replay"]
    assert (facts["3bv"], facts["3bv_solved"], facts["outcome"], facts["time_s"]) == (
        want["bbbv"],
        want["bbbv_solved"],
        want["outcome"],
        want["time_s"],
    )
    lost_click = 1 if want["outcome"] == ms.LOST else 0  # not effective (see above)
    assert (facts["clicks"], facts["effective_clicks"]) == (want["clicks"], want["effective_clicks"] - lost_click)


def test_cli_info_prints_the_statistics():
    out, err = io.StringIO(), io.StringIO()
    assert run(["info", ARTICLE], out, err) == 0
    facts = json.loads(out.getvalue())
    assert facts["game"] == "minesweeper"
    assert facts["3bv"] == 39 and facts["3bv_solved"] == 8
    assert facts["outcome"] == "lost" and facts["time_s"] == 5.0


def test_cli_decode_and_encode_round_trip(monkeypatch):
    out = io.StringIO()
    assert run(["decode", WON["slug"]], out, io.StringIO()) == 0
    assert json.loads(out.getvalue()) == WON["board"]
    monkeypatch.setattr("sys.stdin", io.StringIO(out.getvalue()))
    out2 = io.StringIO()
    assert run(["encode"], out2, io.StringIO()) == 0
    assert out2.getvalue().strip() == WON["slug"]


def test_the_articles_flawed_small_example_is_not_a_valid_game():
    # Read with the version-1 axis rule its fourth mine falls off the 5x6 board: the
    # format spec keeps it out of the parser vectors for that reason.
    with pytest.raises(ValueRangeError) as info:
        ms.decode(VECTORS["not_a_parser_vector"].split()[0])
    assert info.value.position == 12


# --- the statistics ------------------------------------------------------------------


def test_article_game_is_lost_at_five_seconds():
    replay = ms.Replay(ms.decode(ARTICLE))
    before = replay.state_at(4990)
    assert before.outcome == "unfinished" and before.hit is None
    at = replay.state_at(5000)
    assert at.outcome == "lost"
    assert at.hit == (7, 9)
    assert at.last_event == ms.Event(100, "open", 7, 9)
    assert at.cells[9 * 15 + 7] == ms.OPENED
    assert at.stats.bbbv == 39 and at.stats.bbbv_solved == 8
    assert at.ended_ms == 5000
    # After the end the clock of the statistics stops.
    assert replay.state_at(9000).stats.time_s == 5.0


def test_derived_statistics_of_the_won_game():
    s = ms.Replay(ms.decode(WON["slug"])).stats()
    assert s.outcome == "won" and s.time_s == 31.8
    assert s.bbbv_per_s == pytest.approx(33 / 31.8)
    assert s.ioe == pytest.approx(33 / 68)
    assert s.correctness == 1.0
    assert s.throughput == pytest.approx(33 / 68)
    assert s.rqp == pytest.approx(31.8 / (33 / 31.8))
    assert s.estimated_time_s == pytest.approx(31.8)
    facts = s.to_json()
    assert facts["3bv_per_s"] == 1.038 and facts["ioe"] == 0.485 and facts["rqp"] == 30.644


def test_derived_statistics_of_a_loss_use_the_solved_3bv():
    s = ms.Replay(ms.decode(ARTICLE)).stats()
    assert s.bbbv_per_s == pytest.approx(8 / 5.0)
    assert s.estimated_time_s == pytest.approx(5.0 * 39 / 8)
    assert s.ioe == pytest.approx(8 / 17)


def test_statistics_at_the_start_are_empty():
    st0 = ms.Replay(ms.decode(WON["slug"])).state_at(-5)
    assert st0.index == 0 and st0.last_event is None
    assert set(st0.cells) == {ms.CLOSED}
    s = st0.stats
    assert (s.clicks, s.bbbv_solved, s.time_s) == (0, 0, 0.0)
    assert s.bbbv_per_s is None and s.ioe is None and s.estimated_time_s is None


def test_3bv_of_small_fields():
    # One opening and nothing else.
    assert ms.Replay(ms.Board(3, 3, ())).bbbv == 1
    # A mine in the middle: eight isolated numbers.
    assert ms.Replay(ms.Board(3, 3, ((1, 1),))).bbbv == 8
    # Mine in a corner of 4x1: "*1 0 0" -> one opening (the 1 belongs to it).
    assert ms.Replay(ms.Board(4, 1, ((0, 0),))).bbbv == 1


# --- version 2 -----------------------------------------------------------------------


def test_version_2_writes_column_row_pairs_base62_deltas_and_its_unit():
    board = ms.Board(
        5,
        4,
        ((3, 1), (0, 2)),
        (
            ms.Event(0, "open", 0, 0),
            ms.Event(70, "flag", 3, 1),
            ms.Event(70, "open", 4, 3),
            ms.Event(200, "mark", 0, 2),
            ms.Event(300, "unflag", 0, 2),
        ),
        version=2,
        time_unit_ms=10,
    )
    slug = ms.encode(board)
    assert slug == "2=5x4,10+3102+000;4318+3118P;0226T;021cR"
    assert ms.decode(slug) == board


def test_version_2_mark_replays_as_a_question_mark():
    board = ms.decode("2=3x1,50+20+00A+10 5T".replace(" ", ""))
    replay = ms.Replay(board)
    assert replay.state_after(1).cells[1] == ms.MARKED
    # A question mark does not stop the flood, unlike a flag.
    assert replay.final().cells == bytes([ms.OPENED, ms.OPENED, ms.CLOSED])


def test_version_2_without_a_unit_reads_as_server_ticks():
    board = ms.decode("2=3x3+11+00A")
    assert board.time_unit_ms == 50 and board.events == (ms.Event(10, "open", 0, 0),)
    assert board.unit_in_meta is False


def test_version_2_without_a_unit_re_encodes_without_one():
    # The format's promise: re-encoding a decoded game gives the same text back.
    slug = "2=3x3+11+00A;020+224P"
    board = ms.decode(slug)
    assert ms.encode(board) == slug
    assert ms.to_json(board)["unit_in_meta"] is False
    assert ms.from_json(ms.to_json(board)) == board
    # Moves played on it keep the short meta; choosing a unit writes it.
    played = ms.record(board, ms.OPEN, 2, 0, 1000)
    assert ms.encode(played) == "2=3x3+11+00A;020;20A+224P"
    assert ms.encode(board.with_version(2, 10)).startswith("2=3x3,10+11+")
    assert ms.encode(board.resized(2, 2)) == "2=2x2+11++"
    assert "unit_in_meta" not in ms.to_json(ms.decode("2=3x3,50+11+00A"))


@pytest.mark.parametrize("fields", [dict(version=1), dict(version=2, time_unit_ms=10)])
def test_only_a_version_2_game_in_ticks_can_leave_its_unit_out(fields):
    with pytest.raises(ValueError, match="leave its unit out"):
        ms.Board(3, 3, (), (), unit_in_meta=False, **fields)
    obj = ms.to_json(ms.Board(3, 3, (), (), **fields))
    obj["unit_in_meta"] = False
    with pytest.raises(ValueRangeError):
        ms.from_json(obj)


def test_with_version_converts_the_axis_and_time():
    v1 = ms.decode(WON["slug"])
    v2 = v1.with_version(2)
    assert v2.mines == v1.mines and v2.events == v1.events
    assert ms.encode(v2).startswith("2=15x15,50+0809")
    assert ms.Replay(v2).stats() == ms.Replay(v1).stats()
    assert ms.decode(ms.encode(v2)) == v2
    back = v2.with_version(1)
    assert ms.encode(back) == WON["slug"]
    fine = v1.with_version(2, 10)
    assert fine.events[3].t == v1.events[3].t * 5


# --- link forms and leniency ---------------------------------------------------------

LINK_FORMS = [
    "  1=5x5+00+110;220+000P \n",
    "1=5x5+00+110;220+000P",
    "1=5x5 00 110;220 000P",
    "https://example.org/replay?game=1=5x5+00+110;220+000P&theme=dark",
    "https://example.org/replay?game=1%3D5x5%2B00%2B110%3B220%2B000P",
    "https://example.org/replay/#1=5x5+00+110;220+000P",
    "1%3D5x5%2B00%2B110%3B220%2B000P",
    "<1=5x5+00+110;220+000P>",
]


@pytest.mark.parametrize("text", LINK_FORMS)
def test_every_pasted_form_reads(text):
    assert ms.looks_like(text)
    assert ms.encode(ms.decode(text)) == "1=5x5+00+110;220+000P"
    assert decode_any(text)[0] == "minesweeper"


def test_readers_tolerate_missing_sections_deltas_and_colons():
    assert ms.encode(ms.decode("1=5x5+00")) == "1=5x5+00++"
    assert ms.encode(ms.decode("1=5x5+00+11;22:3")) == "1=5x5+00+110;223+"
    assert ms.encode(ms.decode("1=5x5+00++11P")) == "1=5x5+00++110P"
    assert ms.encode(ms.decode("1=70x3+;0|10;+11|1:5+")) == "1=70x3+;0|10+11|1:5+"


def test_looks_like_rejects_other_games():
    for text in ("UyF2MQAAAA==", "?play=UyF2MQ", "", "15x15", "3=5x5+++", "abc/1=", None):
        assert not ms.looks_like(text)  # never raises, even on None


def test_detect_names_minesweeper_first():
    assert detect(ARTICLE)[0] == "minesweeper"


# --- hostile input -------------------------------------------------------------------

ERRORS = [
    ("", FormatError, 0),
    ("x", FormatError, 0),
    ("3=5x5+00++", FormatError, 0),
    ("1=", FormatError, 2),
    ("1=5x5", FormatError, 5),
    ("1=5y5+00++", FormatError, 2),
    ("1=0x5+++", ValueRangeError, 2),
    ("1=1001x1000+++", ValueRangeError, 2),
    ("1=99999999x1+++", ValueRangeError, 2),
    ("1=5x5,50+++", FormatError, 5),
    ("2=5x5,0+++", ValueRangeError, 6),
    ("2=5x5,70000+++", ValueRangeError, 6),
    ("1=5x5+000++", FormatError, 8),
    ("1=5x5+0505++", ValueRangeError, 6),
    ("1=5x5+50++", ValueRangeError, 6),
    ("1=5x5+1212++", ValueRangeError, 8),
    ("1=5x5+;1|;++", FormatError, 9),
    ("1=5x5+;1|2|3;++", FormatError, 10),
    ("1=5x5+0!++", FormatError, 7),
    ("1=5x5++00-1+", FormatError, 9),
    ("1=5x5++0+", FormatError, 8),
    ("1=5x5++00x+", FormatError, 9),
    ("1=5x5+++00Q", FormatError, 10),
    ("1=5x5+++000T", FormatError, 11),
    ("1=5x5++1|1+", FormatError, 10),
    ("1=5x5++99999999999+", ValueRangeError, 7),
    ("1=5x5++001728001+", ValueRangeError, 9),
    ("1=5x5++000;011728001+", ValueRangeError, 13),
    ("1=5x5+++00+x", FormatError, 10),
    ("1=5x5++55;00+", ValueRangeError, 7),
    ("1=5x5++zzzzz|0:0+", FormatError, 7),
    ("1=5x5++zzzz|0:0+", ValueRangeError, 7),
    ("2=5x5,50++00zzzzzzzzz+", FormatError, 12),
]


@pytest.mark.parametrize("text,cls,position", ERRORS)
def test_bad_slugs_raise_with_their_position(text, cls, position):
    with pytest.raises(SlugError) as info:
        ms.decode(text)
    assert type(info.value) is cls
    assert info.value.position == position
    assert str(info.value).startswith("minesweeper: ")


def test_a_huge_claimed_size_is_refused_before_anything_is_allocated():
    with pytest.raises(ValueRangeError, match="more than 1,000,000 cells"):
        ms.decode("1=1000000x1000000+++")
    with pytest.raises(ValueRangeError):
        ms.decode("1=" + "9" * 5000 + "x1+++")


@settings(max_examples=examples(300), deadline=None)
@given(st.text())
@example("1=\x00")
@example("2=1x1,1+" + "0" * 9)
def test_random_text_raises_only_slug_error(text):
    try:
        ms.decode(text)
    except SlugError:
        pass


_SLUGGY = st.text(alphabet="0123456789AaZz|;:+=xPRT,% -", max_size=60)


@settings(max_examples=examples(400), deadline=None)
@given(st.sampled_from(["1=", "2=", "1=5x5+", "2=70x3,20+", "1=15x15+90E2+"]), _SLUGGY)
def test_slug_shaped_text_raises_only_slug_error(head, tail):
    try:
        board = ms.decode(head + tail)
    except SlugError:
        return
    assert ms.decode(ms.encode(board)) == board


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([g["slug"] for g in GAME_VECTORS]), st.data())
def test_mutated_vectors_raise_only_slug_error(slug, data):
    chars = list(slug)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(chars) - 1))
        op = data.draw(st.sampled_from(["replace", "delete", "insert"]))
        ch = data.draw(st.sampled_from("0123456789AZaz|;:+=xPRT-"))
        if op == "replace":
            chars[i] = ch
        elif op == "delete" and len(chars) > 1:
            del chars[i]
        else:
            chars.insert(i, ch)
    try:
        board = ms.decode("".join(chars))
    except SlugError:
        return
    ms.Replay(board).final()
    assert ms.decode(ms.encode(board)) == board


# --- random boards round-trip ---------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(boards())
def test_random_boards_round_trip(board):
    slug = ms.encode(board)
    assert ms.decode(slug) == board
    assert ms.encode(ms.decode(slug)) == slug
    assert ms.from_json(json.loads(json.dumps(ms.to_json(board)))) == board


# --- the replay engine against a plain reference ---------------------------------------


def reference_states(board: ms.Board):
    """The field after each event, by the format's rules played in the plainest way."""
    w, h = board.width, board.height
    mines = set(board.mines)

    def around(x, y):
        return [
            (nx, ny)
            for nx in range(x - 1, x + 2)
            for ny in range(y - 1, y + 2)
            if 0 <= nx < w and 0 <= ny < h and (nx, ny) != (x, y)
        ]

    count = {(x, y): sum(n in mines for n in around(x, y)) for x in range(w) for y in range(h)}
    state = {(x, y): ms.CLOSED for x in range(w) for y in range(h)}
    out = [dict(state)]
    for e in board.events:
        cell = (e.x, e.y)
        if e.kind == "open":
            if state[cell] not in (ms.OPENED, ms.FLAGGED):
                todo = [cell]
                state[cell] = ms.OPENED
                while todo:
                    c = todo.pop()
                    if c in mines or count[c]:
                        continue
                    for n in around(*c):
                        if state[n] not in (ms.OPENED, ms.FLAGGED):
                            state[n] = ms.OPENED
                            todo.append(n)
        elif state[cell] != ms.OPENED:
            state[cell] = {"flag": ms.FLAGGED, "unflag": ms.CLOSED, "mark": ms.MARKED}[e.kind]
        out.append(dict(state))
    return [bytes(s[(i % w, i // w)] for i in range(w * h)) for s in out]


def reference_field(width, height, mines):
    """Numbers, openings (as sets of cells) and isolated numbers, the plainest way."""
    mines = set(mines)

    def around(x, y):
        return [
            (nx, ny)
            for nx in range(x - 1, x + 2)
            for ny in range(y - 1, y + 2)
            if 0 <= nx < width and 0 <= ny < height and (nx, ny) != (x, y)
        ]

    number = {
        (x, y): 9 if (x, y) in mines else sum(n in mines for n in around(x, y))
        for x in range(width)
        for y in range(height)
    }
    openings, seen = [], set()
    for cell, value in number.items():
        if value == 0 and cell not in seen:
            region, todo = set(), [cell]
            seen.add(cell)
            while todo:
                c = todo.pop()
                region.add(c)
                for n in around(*c):
                    if number[n] == 0 and n not in seen:
                        seen.add(n)
                        todo.append(n)
            openings.append(frozenset(region))
    isolated = {c for c, v in number.items() if 0 < v < 9 and all(number[n] for n in around(*c))}
    return number, set(openings), isolated


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None)
@given(st.integers(1, 30), st.integers(1, 30), st.data())
def test_the_field_matches_the_reference(width, height, data):
    cells = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    mines = tuple(data.draw(st.lists(cells, unique=True, max_size=width * height)))
    fld = ms.Field(width, height, mines)
    number, openings, isolated = reference_field(width, height, mines)
    assert fld.numbers == bytes(number[(c % width, c // width)] for c in range(width * height))
    assert fld.isolated == bytes((c % width, c // width) in isolated for c in range(width * height))
    found: dict[int, set] = {}
    for c in range(width * height):
        if fld.opening_of[c] >= 0:
            found.setdefault(fld.opening_of[c], set()).add((c % width, c // width))
    assert {frozenset(v) for v in found.values()} == openings
    assert sorted(found) == list(range(len(openings)))
    assert fld.opening_sizes == [len(found[k]) for k in range(len(openings))]
    assert fld.bbbv == len(openings) + len(isolated)
    assert fld.safe_total == width * height - len(mines)


def field_facts(fld: ms.Field) -> tuple:
    """What a field says, with its openings as sets of cells (their numbering is free),
    after checking that the numbering runs 0 to n-1 and the sizes match."""
    openings: dict[int, list[int]] = {}
    for c, k in enumerate(fld.opening_of):
        if k >= 0:
            openings.setdefault(k, []).append(c)
    assert sorted(openings) == list(range(len(fld.opening_sizes)))
    assert fld.opening_sizes == [len(openings[k]) for k in range(len(openings))]
    shape = (fld.width, fld.height, bytes(fld.mine), fld.numbers, fld.isolated, fld.safe_total, fld.bbbv)
    return shape, {frozenset(cells) for cells in openings.values()}


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(st.integers(1, 16), st.integers(1, 16), st.sampled_from([0, 0.05, 1]), st.data())
def test_a_mine_added_or_taken_away_changes_the_field_as_a_new_one_would(width, height, share, data):
    cells = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    mines = tuple(data.draw(st.lists(cells, unique=True, max_size=width * height // 2)))
    fld = ms.Field(width, height, mines)
    for _ in range(data.draw(st.integers(1, 8))):
        x, y = data.draw(cells)
        mines = tuple(m for m in mines if m != (x, y)) if (x, y) in mines else mines + ((x, y),)
        # A small share makes it give up (None) on larger openings; all of the field, never.
        fld.TOGGLE_SHARE = share
        changed = fld.toggled(x, y)
        whole = ms.Field(width, height, mines)
        if changed is None:
            assert share < 1
            changed = whole
        assert field_facts(changed) == field_facts(whole)
        fld = changed


def test_an_edited_board_has_its_field_worked_out_from_the_last(monkeypatch):
    from slugboard.codecs.minesweeper import stats

    monkeypatch.setattr(stats, "FIELDS", Recent("fields", stats.FIELDS.size))
    board = ms.random_board(300, 200, 9000, seed=4)
    first = stats.field_of(board)
    toggled = []
    real = stats.Field.toggled
    monkeypatch.setattr(stats.Field, "toggled", lambda self, x, y: toggled.append((x, y)) or real(self, x, y))
    between = board.toggled_mine(150, 100)
    stats.field_of(between)  # as the window shows each edit
    edited = between.toggled_mine(*board.mines[0])
    fld = stats.field_of(edited)
    assert toggled == [(150, 100), board.mines[0]] and fld is not first
    assert field_facts(fld) == field_facts(ms.Field(300, 200, edited.mines))
    # The same mines in another board (read again, say) find the field kept for them.
    again = ms.Board(300, 200, tuple(list(edited.mines)))
    assert again.mines is not edited.mines and stats.field_of(again) is fld
    # A board whose parent is gone has its field made whole.
    monkeypatch.setattr(stats, "FIELDS", Recent("fields", stats.FIELDS.size))
    assert field_facts(stats.field_of(board.toggled_mine(1, 1))) == field_facts(
        ms.Field(300, 200, board.toggled_mine(1, 1).mines)
    )
    assert len(toggled) == 2


@pytest.mark.slow
@pytest.mark.parametrize("width, height", [(1, 200_000), (3, 70_000), (700, 300)])
def test_a_field_and_its_transpose_have_the_same_openings(width, height):
    board = ms.random_board(width, height, width * height // 7, seed=width)
    fld = ms.Field(width, height, board.mines)
    flipped = ms.Field(height, width, tuple((y, x) for x, y in board.mines))
    assert fld.numbers == b"".join(flipped.numbers[x::height] for x in range(height))
    assert sorted(fld.opening_sizes) == sorted(flipped.opening_sizes)
    assert fld.bbbv == flipped.bbbv and fld.bbbv > 1000
    # Each cell's opening is the same region: equal labels map one to one.
    pairs = {
        (fld.opening_of[y * width + x], flipped.opening_of[x * height + y]) for y in range(height) for x in range(width)
    }
    assert len(pairs) == len(fld.opening_sizes) + 1


@pytest.mark.slow
def test_the_largest_field():
    """(How long it takes, benchmarks/responsiveness.py measures.)"""
    board = ms.random_board(1000, 1000, 150_000, seed=2)
    fld = ms.Field(board.width, board.height, board.mines)
    assert fld.numbers.count(9) == 150_000 and fld.safe_total == 850_000
    # Worked out cell by cell by the first, plain implementation.
    assert (fld.bbbv, len(fld.opening_sizes), fld.isolated.count(1)) == (228_073, 17_019, 211_054)
    assert fld.numbers[:12] == bytes([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 9])


@pytest.mark.parametrize("vec", GAME_VECTORS, ids=[g["name"] for g in GAME_VECTORS])
def test_every_moment_of_the_vectors_matches_the_reference(vec):
    board = ms.decode(vec["slug"])
    replay = ms.Replay(board)
    for index, cells in enumerate(reference_states(board)):
        assert replay.state_after(index).cells == cells, index


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None)
@given(boards(max_side=12), st.data())
def test_seeking_anywhere_matches_the_reference(board, data):
    replay = ms.Replay(board)
    ref = reference_states(board)
    for index in data.draw(st.lists(st.integers(0, len(board.events)), max_size=10)):
        assert replay.state_after(index).cells == ref[index]
        assert replay.state_at(replay.time_of(index) * 1.0).index >= index


@pytest.mark.slow
def test_checkpoints_are_used_on_a_long_game():
    board = _played(40, 40, 300, seed=3)
    replay = ms.Replay(board)
    assert len(replay._checkpoints) > 3
    ref = reference_states(board)
    for index in range(0, len(ref), 7):
        assert replay.state_after(index).cells == ref[index]


def _played(width, height, mines, seed):
    rng = random.Random(seed)
    board = ms.random_board(width, height, mines, seed=seed)
    cells = [(x, y) for x in range(width) for y in range(height)]
    rng.shuffle(cells)
    t = 0
    for x, y in cells[: len(cells) // 2]:
        t += rng.randint(0, 5) * 50
        kind = "flag" if (x, y) in board.mine_set else "open"
        board = ms.record(board, kind, x, y, t)
    return board


# --- playing and recording -----------------------------------------------------------


def test_record_keeps_the_timeline_writable():
    board = ms.Board(3, 3, ((2, 2),))
    board = ms.record(board, "open", 0, 0, 120)
    assert board.events[-1] == ms.Event(2, "open", 0, 0)
    board = ms.record(board, "flag", 2, 2, 140)  # same 50 ms tick as the open
    assert board.events[-1] == ms.Event(3, "flag", 2, 2)
    board = ms.record(board, "open", 1, 1, 10)  # a clock never goes back
    assert board.events[-1].t == 3
    assert ms.decode(ms.encode(board)) == board


def test_a_recorded_game_replays_identically_from_its_slug():
    board = _played(16, 16, 40, seed=5)
    again = ms.decode(ms.encode(board))
    assert again == board
    a, b = ms.Replay(board), ms.Replay(again)
    assert a.final() == b.final()


def _snapshot(replay: ms.Replay):
    """Everything a viewer reads from a Replay, at every event."""
    return (
        [replay.state_after(i) for i in range(replay.event_count + 1)],
        replay.outcome,
        replay.end_index,
        replay.hit,
        replay.start_ms,
        replay.duration_ms,
    )


@pytest.mark.slow
@settings(max_examples=examples(80), deadline=None)
@given(boards(max_side=12))
def test_a_game_grown_one_event_at_a_time_replays_like_one_read_whole(board):
    grown = ms.Board(board.width, board.height, board.mines, (), board.version, board.time_unit_ms, board.unit_in_meta)
    # Slug and JSON, once made, are kept up to date move by move.
    empty_slug, empty_json = ms.encode(grown), ms.to_json(grown)
    start = grown
    replay = ms.Replay(grown)
    replays = [replay]
    for e in board.events:
        grown = grown.with_event(e)
        replay = replay.extended(grown)
        replays.append(replay)
    assert grown == board
    assert ms.encode(grown) == ms.encode(ms.decode(ms.encode(board)))
    fresh = ms.decode(ms.encode(board))
    assert ms.to_json(grown) == ms.to_json(fresh)
    assert (ms.encode(start), ms.to_json(start)) == (empty_slug, empty_json)
    assert _snapshot(replay) == _snapshot(ms.Replay(board))
    # Every earlier Replay still shows its own, shorter game.
    for count in {0, len(replays) // 2, len(replays) - 1}:
        short = ms.Board(
            board.width,
            board.height,
            board.mines,
            board.events[:count],
            board.version,
            board.time_unit_ms,
            board.unit_in_meta,
        )
        assert _snapshot(replays[count]) == _snapshot(ms.Replay(short))


def test_a_move_in_a_game_read_again_grows_its_replay(monkeypatch):
    """The Replay kept for a game grows by a move made on the same game read again (a board
    restored from the settings is another object with equal mines): it is not played anew."""
    from slugboard.codecs.minesweeper import replays

    full = _played(30, 16, 99, seed=5)
    shown = ms.Board(30, 16, full.mines, full.events[:-1])
    kept = ms.replay(shown)
    again = ms.from_json(ms.to_json(shown))
    assert again == shown and again.mines is not shown.mines
    made = []
    monkeypatch.setattr(replays.Replay, "__init__", lambda self, board: made.append(board) or None)
    moved = again.with_event(full.events[-1])
    grown = ms.replay(moved)
    assert made == [] and grown.board is moved and kept.board is shown
    monkeypatch.undo()
    assert _snapshot(grown) == _snapshot(ms.Replay(full))
    other = ms.Board(30, 16, full.mines[1:], full.events[:-1])  # another game: played anew
    assert ms.replay(other.with_event(full.events[-1])).board.mines == full.mines[1:]


@pytest.mark.slow
def test_a_growing_game_keeps_its_checkpoints_bounded(monkeypatch):
    monkeypatch.setattr(ms.Replay, "CHECKPOINT_BYTES", 40 * 40 * 6)  # room for 6 field copies
    monkeypatch.setattr(ms.Replay, "EVENTS_PER_CHECKPOINT", 64)  # a copy every 64 actions, for more than 6
    full = _played(40, 40, 300, seed=3)
    board = ms.Board(40, 40, full.mines)
    replay = ms.Replay(board)
    for e in full.events:
        board = board.with_event(e)
        replay = replay.extended(board)
        assert len(replay._checkpoints) < 12
    assert replay._every_events > ms.Replay.EVENTS_PER_CHECKPOINT
    ref = reference_states(full)
    for index in range(0, len(ref), 5):
        assert replay.state_after(index).cells == ref[index]


def test_reading_leaves_the_garbage_collector_as_it_found_it():
    import gc

    assert gc.isenabled()
    ms.decode(ARTICLE)
    with pytest.raises(SlugError):
        ms.decode("1=9x9+00+00X")
    assert gc.isenabled()
    gc.disable()
    try:
        ms.decode(ARTICLE)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_grown_board_pickles_and_copies_like_any_other():
    import copy
    import pickle

    board = ms.record(ms.decode(WON["slug"]), ms.OPEN, 0, 0, 10**6)
    ms.encode(board), ms.to_json(board)
    for again in (pickle.loads(pickle.dumps(board)), copy.deepcopy(board), copy.copy(board)):
        assert again == board and ms.encode(again) == ms.encode(board)
        assert ms.to_json(again) == ms.to_json(board)


def test_a_move_after_undo_branches_the_game_correctly():
    board = _played(16, 16, 40, seed=6)
    base = ms.replay(board)
    first = ms.record(board, ms.OPEN, 0, 0, 10**6)
    assert ms.replay(first).event_count == len(board.events) + 1
    # Undo, then another move from the same game: the first line's state is not reused.
    other = ms.record(board, ms.FLAG, 15, 15, 10**6)
    assert _snapshot(ms.replay(other)) == _snapshot(ms.Replay(other))
    assert _snapshot(ms.replay(first)) == _snapshot(ms.Replay(first))
    assert _snapshot(base) == _snapshot(ms.Replay(board))


def test_a_move_plays_only_the_new_event(monkeypatch):
    board = _played(40, 40, 300, seed=3)
    ms.replay(board)
    applied = []
    real = ms.Replay._apply_all
    monkeypatch.setattr(ms.Replay, "_apply_all", lambda self, events: (applied.extend(events), real(self, events)))
    for x in range(3):
        board = ms.record(board, ms.FLAG, x, 39, 10**6)
        ms.replay(board)
    assert applied == list(board.events[-3:])


def test_flag_action_follows_the_cell_state():
    board = ms.Board(3, 1, ((2, 0),), (ms.Event(0, "open", 0, 0), ms.Event(1, "flag", 2, 0)))
    final = ms.Replay(board).final()
    assert ms.flag_action(final, board, 2, 0) == "unflag"
    assert ms.flag_action(final, board, 0, 0) is None
    assert ms.flag_action(ms.Replay(board).state_after(0), board, 2, 0) == "flag"


def test_random_board_keeps_the_first_click_clear():
    for seed in range(20):
        board = ms.random_board(9, 9, 10, seed=seed, safe=(0, 0))
        assert len(board.mines) == 10
        assert not board.mine_set & {(0, 0), (0, 1), (1, 0), (1, 1)}
    full = ms.random_board(3, 3, 8, seed=1, safe=(1, 1))
    assert (1, 1) not in full.mine_set and len(full.mines) == 8


def test_new_board_is_a_fixed_beginner_field():
    assert ms.new_board() == ms.new_board()
    b = ms.new_board()
    assert (b.width, b.height, len(b.mines), b.events) == (9, 9, 10, ())


def test_editing_mines_drops_the_recorded_game():
    board = ms.decode(WON["slug"])
    edited = board.toggled_mine(0, 0)
    assert edited.events == () and (0, 0) in edited.mine_set
    assert edited.toggled_mine(0, 0).mines == board.mines
    small = board.resized(8, 8)
    assert all(x < 8 and y < 8 for x, y in small.mines) and small.events == ()


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from([(70, 4), (4, 70), (64, 64), (130, 2), (9, 9)]), st.sampled_from([1, 2]), st.data())
def test_an_edited_field_writes_the_slug_a_new_board_would(size, version, data):
    # Fields wider or taller than 62 mix the two ways a mine is written: two digits, or
    # `;A|B;` when a coordinate needs more than one digit.
    written_whole = []
    whole_parts = ms_slug._whole_parts
    written_json = []
    json_of_mines = ms_slug._toggled_mines_json
    width, height = size
    cells = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    board = ms.Board(width, height, tuple(data.draw(st.lists(cells, unique=True, max_size=10))), (), version)
    ms.encode(board)  # written once; edits then change the slug instead of writing it again
    ms.to_json(board)  # the same for the board JSON
    for _ in range(data.draw(st.integers(1, 8))):
        x, y = data.draw(cells)
        edited = board.toggled_mine(x, y)
        long_pair = max(x, y) >= 62
        fresh = ms.Board(width, height, edited.mines, (), version)
        assert edited.has_mine(x, y) != board.has_mine(x, y)
        assert all(edited.has_mine(*mine) for mine in edited.mines)
        assert not any(edited.has_mine(*mine) for mine in board.mines if mine not in edited.mines)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(ms_slug, "_whole_parts", lambda b: (written_whole.append(b), whole_parts(b))[1])
            patch.setattr(ms_slug, "_toggled_mines_json", lambda b: (written_json.append(b), json_of_mines(b))[1])
            assert ms.encode(edited) == ms.encode(fresh)
            assert ms.to_json(edited) == ms.to_json(fresh)
        # A mine added, or a long one taken away, changes the slug in place; the board
        # JSON's mines always change in place.
        assert any(b is edited for b in written_whole) != (edited.mine_set > board.mine_set or long_pair)
        assert written_json[-2] is edited and json_of_mines(edited) is not None
        assert ms.decode(ms.encode(edited)) == fresh
        board = edited


def test_a_mine_off_the_field_is_refused():
    board = ms.new_board()
    with pytest.raises(ValueError, match=r"mine \(9, 0\) is off the 9x9 board"):
        board.with_mine(9, 0, True)
    assert board.with_mine(*board.mines[0], True) is board
    assert board.with_mine(9, 0, False) is board and board.with_mine(-1, 0, False) is board
    assert not board.has_mine(-1, 0) and not board.has_mine(0, 9) and board.has_mine(*board.mines[-1])


def test_board_refuses_what_no_slug_can_hold():
    with pytest.raises(ValueError):
        ms.Board(3, 3, ((3, 0),))
    with pytest.raises(ValueError):
        ms.Board(3, 3, (), (ms.Event(1, "open", 0, 0), ms.Event(1, "flag", 1, 1)))
    with pytest.raises(ValueError):
        ms.Board(3, 3, (), (ms.Event(0, "mark", 0, 0),), version=1)


@pytest.mark.parametrize(
    "obj",
    [
        None,
        [],
        {"width": 3},
        {"width": 3, "height": 3, "mines": [[3, 0]]},
        {"width": 3, "height": 3, "mines": [[0, 0], [0, 0]]},
        {"width": 3, "height": 3, "events": [{"t": 0, "kind": "poke", "x": 0, "y": 0}]},
        {
            "width": 3,
            "height": 3,
            "events": [{"t": 2, "kind": "open", "x": 0, "y": 0}, {"t": 1, "kind": "open", "x": 0, "y": 0}],
        },
        {"width": 3, "height": 3, "version": 1, "time_unit_ms": 10},
        {"width": 3.0, "height": 3},
    ],
)
def test_from_json_refuses_bad_objects(obj):
    with pytest.raises(SlugError):
        ms.from_json(obj)


def test_problems_report_actions_after_the_end():
    board = ms.Board(2, 1, ((1, 0),), (ms.Event(0, "open", 1, 0), ms.Event(5, "open", 0, 0)))
    kinds = [p.kind for p in ms.problems(board)]
    assert kinds == ["after-end"]
    assert [p.kind for p in ms.problems(ms.Board(2, 2, ()))] == ["empty"]


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(boards(max_side=62))
def test_the_bulk_reader_agrees_with_the_careful_one(board):
    """Well-formed sections are read in bulk (slices for one-character coordinates, a
    regular expression otherwise); the careful reader, which tracks every position, is
    the reference."""
    slug = ms.encode(board)
    fast = ms.decode(slug)
    original = ms_slug.Reader.fast_records
    try:
        ms_slug.Reader.fast_records = lambda self, text, flags: None
        careful = ms.decode(slug)
    finally:
        ms_slug.Reader.fast_records = original
    assert fast == careful == board


def _careful(slug: str):
    """The slug as the careful reader, which tracks every position, reads it: the board,
    or the error (its message and place)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ms_slug.Reader, "fast_records", lambda self, text, flags: None)
        patch.setattr(ms_slug.Reader, "fast_mines", lambda self, text: None)
        try:
            return ms.decode(slug)
        except SlugError as exc:
            return str(exc), exc.position


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(boards(), st.integers(1, 30), st.data())
def test_sections_read_in_parts_read_as_they_do_whole(board, part, data):
    """The bulk reader reads a long section in parts cut at a ';' (each part a few
    milliseconds' work, so that a reading on a worker thread lets the window's thread in
    between): with parts of any length, a slug reads as the careful reader reads it, and a
    slug with a character changed fails where the careful reader says."""
    slug = ms.encode(board)
    where = data.draw(st.integers(0, len(slug) - 1))
    changed = slug[:where] + data.draw(st.sampled_from("0aZ|;:+P")) + slug[where + 1 :]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ms_slug, "_PART", part)
        assert ms.decode(slug) == _careful(slug) == board
        try:
            read = ms.decode(changed)
        except SlugError as exc:
            read = (str(exc), exc.position)
    assert read == _careful(changed)


def _plain_record(board: ms.Board, e: ms.Event, delta: int) -> str:
    """One record as the format writes it: the cell (two digits, or `X|Y:` past 61), the
    time since the section's last record (decimal in version 1, base62 after), and a
    flag's letter."""
    from slugboard.codecs.bits import BASE62_DIGITS, base62_encode

    if e.x < 62 and e.y < 62:
        coord = BASE62_DIGITS[e.x] + BASE62_DIGITS[e.y]
    else:
        coord = f"{base62_encode(e.x)}|{base62_encode(e.y)}:"
    record = coord + (str(delta) if board.version == 1 else base62_encode(delta))
    return record + {ms.OPEN: "", ms.FLAG: "P", ms.UNFLAG: "R", ms.MARK: "T"}[e.kind]


def _plain_slug(board: ms.Board) -> str:
    """The slug written record by record and mines swapped one by one: the plain
    reference for `encode`'s bulk writing."""
    v1 = board.version == 1
    meta = f"{board.width}x{board.height}" + ("" if v1 or not board.unit_in_meta else f",{board.time_unit_ms}")
    mines = ms.encode_pairs(((y, x) if v1 else (x, y)) for x, y in board.mines)
    clicks, flags = [], []
    last_click = last_flag = 0
    for e in board.events:
        if e.kind == ms.OPEN:
            clicks.append(_plain_record(board, e, e.t - last_click))
            last_click = e.t
        else:
            flags.append(_plain_record(board, e, e.t - last_flag))
            last_flag = e.t
    return f"{board.version}={meta}+{mines}+{';'.join(clicks)}+{';'.join(flags)}"


@pytest.mark.slow
@given(boards(max_side=200))
@settings(max_examples=examples(150))
def test_encode_writes_every_record_as_the_plain_writer_does(board):
    # Sides up to 200: coordinates past 61 take the long form, in mines and in records.
    assert ms.encode(board) == _plain_slug(board)


def test_encode_writes_long_coordinates_and_times_as_the_plain_writer_does():
    events = (ms.Event(0, ms.OPEN, 3843, 0), ms.Event(5000, ms.FLAG, 3844, 1), ms.Event(250_000, ms.OPEN, 999, 249))
    for version, unit in ((1, 50), (2, 10)):
        board = ms.Board(4000, 250, ((3999, 249), (0, 61), (62, 0), (3844, 7)), events, version, unit)
        assert ms.encode(board) == _plain_slug(board)
        assert ms.decode(ms.encode(board)) == board


def test_a_replay_keeps_about_28_bytes_an_action():
    """A replay of a long game on an expert field (one cell changed an action) keeps its
    times in 4 bytes an action and a copy of the field every 256 actions: about 28 bytes
    an action in all, where 8-byte times and a copy every 64 actions took 37. It still
    seeks to any action as a game played from the start does."""
    import sys

    board = ms.random_board(30, 16, 99, seed=5)
    safe = next((x, y) for y in range(16) for x in range(30) if (x, y) not in board.mine_set)
    flips = [ms.Event(i // 2, ms.FLAG if i % 2 == 0 else ms.UNFLAG, *safe) for i in range(20000)]
    long_game = replace(board, events=tuple(flips))
    replay = ms.Replay(long_game)
    columns = (replay.times_ms, replay._changed, replay._changes_end, replay._effective, replay._solved, replay._opened)
    kept = sum(map(sys.getsizeof, columns)) + sum(map(len, replay._checkpoints))
    assert kept / len(flips) < 30
    unit = long_game.time_unit_ms
    assert replay.time_of(len(flips)) == flips[-1].t * unit and replay.index_at(100 * unit + 0.5) == 202
    for index in (0, 1, 255, 256, 257, 9999, 10000, 19999, 20000):
        flagged = index % 2 == 1
        assert replay.state_after(index).cells[safe[1] * 30 + safe[0]] == (ms.FLAGGED if flagged else ms.CLOSED)

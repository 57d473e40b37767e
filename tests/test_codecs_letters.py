"""Letters codec: the three real links with their racks, words and scores, every paste
form, the day's draw, scoring rules, playing a turn, validation and hostile input."""

from __future__ import annotations

import base64
import dataclasses
import datetime as dt
import json
from collections import Counter
from types import SimpleNamespace

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import load_vectors
from slugboard.codecs import FormatError, SlugError, ValueRangeError, cli, decode_any, detect, letters
from slugboard.codecs.bits import BitWriter
from slugboard.codecs.errors import TooLongError
from slugboard.codecs.letters.game import bag_of
from strategies.letters import boards as letters_boards

VECTORS = load_vectors("letters")["vectors"]
V4_VECTORS = load_vectors("letters")["v4_vectors"]
IDS = [v["date"] for v in VECTORS]


def _tiles(vector):
    return tuple(letters.Tile(t["row"], t["col"], t["rack_index"], t["turn"]) for t in vector["tiles"])


def _slug(days, tiles, pad=0):
    writer = BitWriter()
    writer.write(days, 14)
    writer.write(len(tiles), 5)
    for pos, rack, turn in tiles:
        writer.write(pos, 7)
        writer.write(rack, 3)
        writer.write(turn, 3)
    return base64.urlsafe_b64encode(writer.to_bytes(pad)).decode().rstrip("=")


# --- the vectors ---------------------------------------------------------------------


@pytest.mark.parametrize("vector", VECTORS, ids=IDS)
def test_vector_link_decodes_to_its_tiles(vector):
    board = letters.decode(vector["link"])
    assert board.param == vector["param"]
    assert board.date.isoformat() == vector["date"]
    assert board.tiles == _tiles(vector)
    assert board.start_word is None
    assert letters.slug_body(board) == vector["slug"]


@pytest.mark.parametrize("vector", VECTORS, ids=IDS)
def test_vector_slug_reencodes_to_the_same_text(vector):
    assert letters.encode(letters.decode(vector["slug"])) == vector["slug"]
    board = letters.decode(vector["link"])
    assert letters.encode(board) == ("" if vector["param"] == "g" else "w=") + vector["slug"]
    assert letters.share_url(board) == vector["link"]
    assert letters.decode(letters.encode(board)) == board


@pytest.mark.parametrize("vector", VECTORS, ids=IDS)
def test_vector_racks_words_and_scores(vector):
    board = letters.decode(vector["link"]).with_start_word(vector["start_word"].lower())
    game = letters.resolve(board)
    assert ["".join(t.rack) for t in game.turns] == [r["rack"] for r in vector["racks"]]
    assert [[list(p) for p in t.placed] for t in game.turns] == [r["placed"] for r in vector["racks"]]
    assert list(game.turn_scores) == vector["turn_scores"]
    assert game.total == vector["total"]
    assert list(game.invalid_words) == vector["invalid_words"]
    # The vectors list a turn's words in their own order; ours follow the game's server.
    assert Counter(w.text for w in game.words) == Counter(vector["words"])
    assert letters.problems(board) == []


def test_words_follow_the_servers_order():
    board = letters.decode(VECTORS[0]["link"]).with_start_word("RUNNELS")
    assert [w.text for w in letters.resolve(board).words] == VECTORS[0]["words"]
    board = letters.decode(VECTORS[2]["link"]).with_start_word("INMATE")
    turns = letters.resolve(board).turns
    # the word along the tiles first, then each tile's cross word in slug order
    assert [w.text for w in turns[2].words] == ["WOE", "WE"]
    assert [w.text for w in turns[3].words] == ["LORE", "WEE", "OR", "WO"]


@pytest.mark.parametrize("vector", VECTORS, ids=IDS)
def test_daily_draw_starts_with_the_first_rack(vector):
    date = dt.date.fromisoformat(vector["date"])
    draw = letters.daily_draw(date, vector["start_word"])
    assert len(draw) == 35
    first = vector["racks"][0]["rack"]
    if vector["param"] == "g":
        assert "".join(draw[:7]) == first
    else:
        assert "".join(sorted(draw[:7])) == first


def test_daily_draw_of_2025_10_05_exactly():
    assert "".join(letters.daily_draw(dt.date(2025, 10, 5), "RUNNELS")) == "OPURREIUNTAWBVALOAESEOLCSEARVTEIZBO"


def test_unseen_tiles_are_the_bag_less_the_word_the_board_and_the_rack():
    board = letters.decode("https://letters.wiki/?_=IcWhQEZ5GxaLpcnc0A")  # QUARTZ with both blanks played
    assert sum(t.blank for t in board.tiles) == 2
    unseen = letters.unseen_tiles(board, ("E", "E", "S"))
    bag = dict(letters.TILE_COUNTS_WITH_BLANKS)
    for tile in ["Q", "U", "A", "R", "T", "Z", "E", "E", "S"] + ["_" if t.blank else t.letter for t in board.tiles]:
        bag[tile] -= 1
    assert unseen == {k: n for k, n in bag.items() if n}
    assert "_" not in unseen and "Z" not in unseen and "Q" not in unseen  # both blanks, the one Z and Q seen
    assert sum(unseen.values()) == 100 - 6 - len(board.tiles) - 3
    assert letters.unseen_tiles(letters.decode("https://letters.wiki/?g=IOFtKUQJlleEyrQRnJDehOUpqVNA")) is None


def test_date_digest_is_the_md5_of_the_date():
    from slugboard.codecs.letters.model import date_digest

    assert date_digest(dt.date(2025, 10, 5)) == 0xDA609A7969C476D2981BF17E8B381395  # md5sum of "20251005"


def test_cli_info_with_start_word(capsys):
    code = cli.run(["info", VECTORS[1]["link"], "--start-word", "grandpa"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["game"] == "letters"
    assert out["date"] == "2025-10-20"
    assert out["words"] == ["AVOID", "HALED", "SPOIL", "GRANDPAS", "GAIN", "BIZ"]
    assert out["turn_scores"] == [10, 51, 41, 10, 34]
    assert out["total"] == 146


def test_cli_info_without_start_word(capsys):
    assert cli.run(["info", VECTORS[0]["slug"]]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["start_word"] is None and "turn_scores" not in out
    assert out["tiles_per_turn"] == [3, 1, 2, 2, 3]


def test_cli_rejects_a_bad_start_word(capsys):
    assert cli.run(["info", VECTORS[0]["slug"], "--start-word", "QQ"]) == 2
    assert "the bag has 1" in capsys.readouterr().err


# --- paste forms ---------------------------------------------------------------------

G = VECTORS[0]


@pytest.mark.parametrize(
    "text",
    [
        G["link"],
        "  " + G["link"] + "\n",
        "<" + G["link"] + ">",
        G["link"].replace("https://", ""),
        "?g=" + G["slug"],
        "g=" + G["slug"],
        G["slug"],
        G["link"] + "&s=",
        "https://letters.wiki/?utm=x&g=" + G["slug"],
        "https://letters.wiki/?g=" + G["slug"].replace("-", "%2D"),
    ],
)
def test_every_paste_form_reads_the_game(text):
    board = letters.decode(text)
    assert board.tiles == _tiles(G)
    assert board.param == "g"
    assert letters.encode(board) == G["slug"]


def test_standard_base64_alphabet_and_padding_are_accepted():
    slug = VECTORS[1]["slug"].replace("-", "+").replace("_", "/") + "=" * (-len(VECTORS[1]["slug"]) % 4)
    assert letters.decode("?g=" + slug).tiles == _tiles(VECTORS[1])
    # a query parser that turned '+' into a space
    assert letters.decode("?g=" + slug.replace("+", " ")).tiles == _tiles(VECTORS[1])


def test_start_word_parameter_resolves_the_game():
    board = letters.decode(G["link"] + "&s=runnels")
    assert board.start_word == "RUNNELS"
    assert letters.resolve(board).total == 33
    # The link keeps the board's own format (the site reads ?g= with its own word); written
    # as V4 it is the site's own V4 link of the same game, which carries the word itself.
    assert letters.share_url(board) == G["link"]
    assert letters.share_url(letters.converted(board, "_")) == V4_VECTORS[0]["link"]
    # The slug keeps the word too, so whatever the board holds comes back.
    assert letters.encode(board) == "g=" + G["slug"] + "&s=RUNNELS"
    assert letters.decode(letters.encode(board)) == board


def test_w_wins_over_g_like_the_site():
    board = letters.decode(f"https://letters.wiki/?g={G['slug']}&w={VECTORS[2]['slug']}")
    assert board.param == "w" and board.tiles == _tiles(VECTORS[2])


def test_looks_like():
    assert letters.looks_like(G["link"])
    assert letters.looks_like("letters.wiki/?w=abc")
    assert letters.looks_like("?w=" + G["slug"])
    assert letters.looks_like("g=" + G["slug"])
    assert not letters.looks_like(G["slug"])
    assert not letters.looks_like("https://nickgirardo.com/projects/sudoku/player.html?play=UyF2")
    assert not letters.looks_like("")


def test_registry_reads_links_and_bare_slugs():
    assert decode_any(G["link"])[0] == "letters"
    assert decode_any("w=" + VECTORS[2]["slug"]) == ("letters", letters.decode(VECTORS[2]["link"]))
    assert detect(G["slug"])[0] == "letters"


# --- bad input -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "slug, error, position, words",
    [
        (_slug(2104, [(81, 0, 1)]), ValueRangeError, 3, "square 81 is off"),
        (_slug(2104, [(40, 7, 1)]), ValueRangeError, 4, "rack index 7 is beyond the rack"),
        (_slug(2104, [(40, 0, 0)]), ValueRangeError, 5, "turn 0 is not 1-5"),
        (_slug(2104, [(40, 0, 6)]), ValueRangeError, 5, "turn 6 is not 1-5"),
        (_slug(2104, [(40, 0, 1)]) + "AA", FormatError, 5, "longer than 1 tile need (2 bytes too many)"),
        (_slug(2104, [(40, 0, 1)] * 3)[:-3], FormatError, 7, "slug ends early"),
        (_slug(2104, [(40, 0, 1)] * 2, pad=1), FormatError, 7, "bits after the last tile are not zero"),
        ("IOFt*UQJ", FormatError, 4, "not base64"),
        ("A" * 80, TooLongError, 71, "too long"),
        ("20251005-N4IgLg", FormatError, 8, "old date-and-LZ-string"),
    ],
)
def test_bad_slugs_raise_clear_errors(slug, error, position, words):
    with pytest.raises(SlugError) as info:
        letters.decode(slug)
    assert type(info.value) is error
    assert info.value.position == position
    assert words in info.value.message
    assert info.value.game == "letters"


def test_marked_slug_with_padding_bits_reads_with_a_warning():
    board = letters.decode("?g=" + _slug(2104, [(40, 0, 1)] * 2, pad=1))
    assert board.tiles == (letters.Tile(4, 4, 0, 1),) * 2
    assert [p.kind for p in letters.problems(board)] == ["overlap", "rack", "start_word", "decode"]


@pytest.mark.parametrize("text", ["https://letters.wiki/?seed=20251005", "https://letters.wiki/", "letters.wiki"])
def test_link_without_game_parameter(text):
    with pytest.raises(FormatError, match="no \\?_=, \\?g= or \\?w= parameter"):
        letters.decode(text)


def test_bad_start_word_in_link():
    with pytest.raises(ValueRangeError, match="letters A-Z only"):
        letters.decode(G["link"] + "&s=RUN1")


def test_an_enormous_start_word_is_refused_before_it_is_read():
    with pytest.raises(ValueRangeError, match="s= parameter is 300000 characters long"):
        letters.decode(G["link"] + "&s=" + "%41" * 100_000)
    # the longest word, fully percent-encoded, is still read
    assert letters.decode(G["link"] + "&s=" + "".join(f"%{ord(c):02X}" for c in "AARDVARKS")).start_word == "AARDVARKS"


def test_other_param_fits_spots_a_bare_slug_from_a_w_link():
    w = VECTORS[2]
    bare = letters.decode(w["slug"]).with_start_word(w["start_word"])  # read as ?g=
    assert bare.param == "g" and letters.resolve(bare).invalid_words
    assert letters.other_param_fits(bare)
    right = bare.with_param("w")
    assert right == letters.decode(w["link"]).with_start_word(w["start_word"])
    assert not letters.other_param_fits(right)
    # a wrong starting word is not mistaken for the other order
    assert not letters.other_param_fits(letters.decode(w["link"]).with_start_word("SAILING"))
    assert not letters.other_param_fits(letters.decode(w["link"]))


def test_thirty_one_tiles_fit_and_thirty_two_do_not():
    tiles = tuple(letters.Tile(i // 9, i % 9, 0, 1 + i % 5) for i in range(31))
    board = letters.Board(dt.date(2030, 1, 1), tiles, "g")
    assert letters.decode(letters.encode(board)) == board
    with pytest.raises(ValueError):
        letters.Board(dt.date(2030, 1, 1), tiles + (letters.Tile(8, 8, 0, 5),), "g")
    obj = letters.to_json(board)
    obj["tiles"].append({"row": 8, "col": 8, "rack_index": 0, "turn": 5})
    with pytest.raises(ValueRangeError, match="at most 31"):
        letters.from_json(obj)


def test_problems_overlap_and_rack_reuse():
    tiles = (letters.Tile(3, 3, 0, 1), letters.Tile(3, 3, 1, 2), letters.Tile(5, 5, 2, 2), letters.Tile(5, 6, 2, 2))
    board = letters.Board(dt.date(2025, 10, 5), tiles, "g")
    found = {p.kind: p for p in letters.problems(board)}
    assert found["overlap"].cells == ((3, 3),)
    assert found["rack"].message == "turn 2 uses one rack position twice"
    assert found["rack"].cells == ((5, 5), (5, 6))
    assert found["start_word"].severity == "warning"


def test_problems_of_a_bad_play():
    # RUNNELS lies on row 4, columns 1-7.
    board = letters.Board(dt.date(2025, 10, 5), (letters.Tile(0, 0, 0, 1), letters.Tile(4, 3, 1, 2)), "g", "RUNNELS")
    kinds = [(p.kind, p.cells) for p in letters.problems(board)]
    assert kinds == [("occupied", ((4, 3),))]
    board = letters.Board(dt.date(2025, 10, 5), (letters.Tile(0, 0, 0, 1), letters.Tile(1, 1, 1, 1)), "g", "RUNNELS")
    assert [p.kind for p in letters.problems(board)] == ["line"]
    board = letters.Board(dt.date(2025, 10, 5), (letters.Tile(0, 0, 0, 1),), "g", "RUNNELS")
    assert [p.kind for p in letters.problems(board)] == ["connect"]


def test_from_json_errors():
    with pytest.raises(FormatError):
        letters.from_json({"game": "letters", "date": "yesterday"})
    with pytest.raises(ValueRangeError):
        letters.from_json({"game": "letters", "date": "2019-12-31"})
    with pytest.raises(ValueRangeError):
        letters.from_json(
            {"game": "letters", "date": "2025-01-01", "tiles": [{"row": 9, "col": 0, "rack_index": 0, "turn": 1}]}
        )
    with pytest.raises(FormatError):
        letters.from_json(
            {"game": "letters", "date": "2025-01-01", "tiles": [{"row": True, "col": 0, "rack_index": 0, "turn": 1}]}
        )
    with pytest.raises(ValueRangeError):
        letters.from_json({"game": "letters", "date": "2025-01-01", "param": "x"})
    with pytest.raises(FormatError):
        letters.from_json([])


@pytest.mark.parametrize("vector", VECTORS, ids=IDS)
def test_json_round_trip(vector):
    board = letters.decode(vector["link"]).with_start_word(vector["start_word"])
    obj = letters.to_json(board)
    assert obj["turn_scores"] == vector["turn_scores"]
    assert [t["letter"] for t in obj["tiles"]] == [p[2] for r in vector["racks"] for p in r["placed"]]
    assert letters.from_json(json.loads(json.dumps(obj))) == board
    bare = letters.decode(vector["link"])
    assert letters.from_json(letters.to_json(bare)) == bare
    assert "start_word" not in letters.to_json(bare)


# --- rules ---------------------------------------------------------------------------


def test_start_word_squares_are_centred_like_the_game():
    assert letters.start_word_squares("RUNNELS") == tuple((4, c) for c in range(1, 8))
    assert letters.start_word_squares("INMATE") == tuple((4, c) for c in range(1, 7))
    assert letters.start_word_squares("BRAIN") == tuple((4, c) for c in range(2, 7))


def test_scoring_premiums_and_bingo():
    grid = {sq: ch for sq, ch in zip(letters.start_word_squares("CAT"), "CAT")}  # (4,3) (4,4) (4,5)
    # S after CAT on (4,6): no premium, CATS = 3+1+1+1
    words, score = letters.score_turn(grid, [(4, 6, "S")])
    assert [(w.text, w.score) for w in words] == [("CATS", 6)] and score == 6
    # an old tile on a premium square does not count its premium again
    words, score = letters.score_turn(grid, [(3, 4, "A"), (5, 4, "T")])
    assert [(w.text, w.score) for w in words] == [("AAT", 3)]
    # seven tiles add 50
    _, score = letters.score_turn({}, [(0, c, "A") for c in range(7)])
    assert score == (1 + 1 + 1 + 1 + 1 * 3 + 1 + 1) * 3 + 50  # TW corner, TL at (0, 4)


def _grid(word):
    return {sq: ch for sq, ch in zip(letters.start_word_squares(word), word)}


def _scored(words):
    return [(w.text, w.squares, w.score, w.valid) for w in words]


def test_every_cross_word_scores_and_a_new_premium_counts_in_each():
    grid = _grid("CAT")  # (4,3) (4,4) (4,5)
    # T under A and O on the double letter (5,5) under T: TO across, AT and TO down
    words, score = letters.score_turn(grid, [(5, 4, "T"), (5, 5, "O")], letters.word_list())
    assert _scored(words) == [
        ("TO", ((5, 4), (5, 5)), 1 + 1 * 2, True),  # main word first, O doubled
        ("AT", ((4, 4), (5, 4)), 1 + 1, True),  # the old A on the centre DW is not doubled
        ("TO", ((4, 5), (5, 5)), 1 + 1 * 2, True),  # O's double letter counts again
    ]
    assert score == 3 + 2 + 3


def test_a_new_word_square_doubles_both_words_through_it():
    grid = {(0, 1): "B", (1, 2): "X"}
    words, score = letters.score_turn(grid, [(1, 1, "A")], letters.word_list())
    # a single tile: the across word counts as the main word, then the down word
    assert _scored(words) == [("AX", ((1, 1), (1, 2)), (1 + 8) * 2, True), ("BA", ((0, 1), (1, 1)), (3 + 1) * 2, True)]
    assert score == 26


def test_letter_premium_before_word_premium_in_one_word():
    # J on the triple letter (0,4), S on the centre's double word: (8*3 + 1+1+1 + 1) * 2
    words, score = letters.score_turn({}, [(r, 4, ch) for r, ch in enumerate("JOTAS")], letters.word_list())
    assert _scored(words) == [("JOTAS", tuple((r, 4) for r in range(5)), (24 + 4) * 2, True)]
    assert score == 56


def test_word_premium_under_an_old_tile_does_not_count():
    # WOMAN down column 4 onto RUNNELS' N, which lies on the centre DW: W tripled, no doubling
    grid = _grid("RUNNELS")
    words, score = letters.score_turn(grid, [(0, 4, "W"), (1, 4, "O"), (2, 4, "M"), (3, 4, "A")])
    assert [(w.text, w.score) for w in words] == [("WOMAN", 4 * 3 + 1 + 3 + 1 + 1)]
    assert score == 18


def test_seven_tiles_add_fifty_once_for_the_turn():
    grid = _grid("CAT")
    mission = [(1 + i, 6, ch) for i, ch in enumerate("MISSION")]  # down column 6, S beside CAT's T
    words, score = letters.score_turn(grid, mission, letters.word_list())
    main = 3 + 1 * 3 + 1 + 1 + 1 + 1 * 3 + 1  # I on (2,6) and O on (6,6) are TL
    assert _scored(words) == [
        ("MISSION", tuple((r, 6) for r in range(1, 8)), main, True),
        ("CATS", ((4, 3), (4, 4), (4, 5), (4, 6)), 3 + 1 + 1 + 1, True),
    ]
    assert score == 13 + 6 + 50
    # six tiles: no bonus
    _, score = letters.score_turn(grid, mission[:6])
    assert score == 12 + 6


def test_a_seven_tile_turn_is_a_bingo_in_the_resolved_game():
    tiles = tuple(letters.Tile(0, c, c, 1) for c in range(7)) + (letters.Tile(8, 0, 0, 2),)
    game = letters.resolve(letters.Board(dt.date(2025, 10, 5), tiles, "g", "RUNNELS"))
    first, second = game.turns[:2]
    assert first.bingo and not second.bingo
    assert first.score == sum(w.score for w in first.words) + 50
    assert second.score == sum(w.score for w in second.words)


def test_play_a_turn_and_grow_the_slug():
    board = letters.Board(dt.date(2025, 10, 5), (), "w", "RUNNELS")
    rack = letters.rack_for_turn(board, 1)
    assert "".join(rack) == "OPURREI"
    # ROSE down column 7 through RUNNELS' S
    words, score, found = letters.check_turn(board, [(2, 7, "R"), (3, 7, "O"), (5, 7, "E")])
    assert [w.text for w in words] == ["ROSE"] and score == 4 and found == []
    board = letters.play_turn(board, [(2, 7, "R"), (3, 7, "O"), (5, 7, "E")])
    # ?w= counts in the sorted rack EIOPRRU
    assert board.tiles == (letters.Tile(2, 7, 4, 1), letters.Tile(3, 7, 2, 1), letters.Tile(5, 7, 0, 1))
    assert letters.resolve(board).turn_scores == (4, 0, 0, 0, 0)
    assert "".join(letters.rack_for_turn(board, 2)) == "PURIUNT"
    assert letters.next_turn(board) == 2
    assert letters.decode(letters.encode(board)) == board
    assert letters.decode(letters.share_url(board)) == board.with_start_word(None)
    # a word not in the list is flagged before the turn is played
    _, _, found = letters.check_turn(board, [(5, 2, "P"), (5, 3, "U")])
    assert [(p.kind, p.message, p.cells) for p in found] == [("word", "PU is not in the word list", ((5, 2), (5, 3)))]


def _four_full_turns(date=dt.date(2025, 10, 5), word="RUNNELS"):
    """A V4 game of 28 tiles: each of turns 1-4 puts its whole rack on free squares."""
    from slugboard.codecs.letters.game import daily_draw

    draw = list(daily_draw(date, word, blanks=True))
    free = iter((r, c) for r in (0, 1, 2, 3, 5, 6, 7, 8) for c in range(9))
    tiles, rack, drawn = [], [], 0
    for turn in range(1, 5):
        while len(rack) < letters.RACK_SIZE:
            rack.append(draw[drawn])
            drawn += 1
        for letter in rack:
            r, c = next(free)
            tiles.append(letters.Tile(r, c, 0, turn, "A" if letter == "?" else letter, letter == "?"))
        rack = []
    return letters.Board(date, tuple(tiles), letters.V4, word)


def test_a_turn_that_would_pass_the_links_tile_limit_is_flagged_not_refused_blindly():
    board = _four_full_turns()
    assert len(board.tiles) == 28 and letters.decode(letters.encode(board)) == board
    three = [(8, c, "E") for c in range(3)]
    _, _, found = letters.check_turn(board, three)
    assert not any(p.kind == "too-many" for p in found)
    _, _, found = letters.check_turn(board, [*three, (8, 3, "E")])
    limit = [p for p in found if p.kind == "too-many"]
    assert len(limit) == 1 and limit[0].is_error
    assert limit[0].message == "a letters link holds at most 31 tiles: the board has 28, so this turn can place 3"
    assert limit[0].cells == ((8, 0), (8, 1), (8, 2), (8, 3))


def test_play_turn_refuses_letters_not_on_the_rack():
    board = letters.Board(dt.date(2025, 10, 5), (), "g", "RUNNELS")
    with pytest.raises(ValueError, match="Z is not on the rack"):
        letters.play_turn(board, [(3, 4, "Z")])


def test_default_start_word_is_a_listed_word_and_stable():
    word = letters.default_start_word(dt.date(2025, 10, 5))
    assert word == letters.default_start_word(dt.date(2025, 10, 5))
    assert 5 <= len(word) <= 7 and letters.is_word(word) and letters.start_word_error(word) is None


def test_new_board_is_empty_and_encodes():
    board = letters.new_board()
    assert board.tiles == () and board.param == letters.V4  # a new game is dealt as the site deals today
    assert sum(bag_of(board).values()) == 100 and bag_of(board)["_"] == 2
    assert letters.decode(letters.encode(board)) == board


# --- properties ----------------------------------------------------------------------

boards = letters_boards()


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(boards)
def test_random_boards_round_trip(board):
    assert letters.decode(letters.encode(board)) == board
    # The link is in the board's own format: a ?g=/?w= link leaves the starting word out.
    assert letters.decode(letters.share_url(board)) == (board if board.is_v4 else board.with_start_word(None))
    assert letters.from_json(letters.to_json(board)) == board


@settings(max_examples=examples(60), deadline=None)
@given(boards, st.sampled_from(["RUNNELS", "GRANDPA", "INMATE", "QUIZ"]))
def test_random_boards_resolve_without_error(board, word):
    board = board.with_start_word(word)
    game = letters.resolve(board)
    assert len(game.letters) == len(board.tiles) and len(game.turns) == 5
    letters.problems(board)
    v4 = letters.to_v4(board)
    assert letters.decode(letters.share_url(board)) == (board if board.is_v4 else board.with_start_word(None))
    if v4 is not None:  # the same game: the same words and scores
        assert letters.resolve(v4).turn_scores == game.turn_scores
        assert [w.text for w in letters.resolve(v4).words] == [w.text for w in game.words]


def _only_slug_errors(text):
    try:
        letters.decode(text)
    except SlugError:
        pass
    assert isinstance(letters.looks_like(text), bool)


@settings(max_examples=examples(400), deadline=None)
@given(st.text())
def test_random_text_only_raises_slug_error(text):
    _only_slug_errors(text)


B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


@settings(max_examples=examples(400), deadline=None)
@given(st.text(alphabet=B64URL + "+/=%&?", max_size=90), st.sampled_from(["", "?g=", "w=", "https://letters.wiki/?w="]))
def test_random_base64ish_text_only_raises_slug_error(text, prefix):
    _only_slug_errors(prefix + text)


@settings(max_examples=examples(300), deadline=None)
@given(
    st.sampled_from([v["slug"] for v in VECTORS]),
    st.integers(0, 60),
    st.sampled_from(B64URL + "=%"),
    st.sampled_from(["replace", "insert", "delete"]),
)
def test_mutated_vector_slugs_only_raise_slug_error(slug, index, char, how):
    i = index % len(slug)
    mutated = {
        "replace": slug[:i] + char + slug[i + 1 :],
        "insert": slug[:i] + char + slug[i:],
        "delete": slug[:i] + slug[i + 1 :],
    }[how]
    _only_slug_errors(mutated)
    _only_slug_errors("https://letters.wiki/?g=" + mutated + "&s=RUNNELS")


def test_apply_cli_options_without_word_keeps_the_board():
    board = letters.decode(G["slug"])
    assert letters.apply_cli_options(board, SimpleNamespace(start_word=None)) is board


@pytest.mark.parametrize("vector", VECTORS, ids=IDS)
def test_from_json_by_letters_finds_the_rack_indices(vector):
    obj = {
        "game": "letters",
        "param": vector["param"],
        "date": vector["date"],
        "start_word": vector["start_word"],
        "tiles": [
            {"row": r, "col": c, "letter": letter, "turn": rack["turn"]}
            for rack in vector["racks"]
            for r, c, letter in rack["placed"]
        ],
    }
    board = letters.from_json(obj)
    assert [(t.row, t.col, t.turn) for t in board.tiles] == [(t["row"], t["col"], t["turn"]) for t in vector["tiles"]]
    assert letters.resolve(board).letters == tuple(p[2] for r in vector["racks"] for p in r["placed"])
    if vector["param"] == "w":  # the site's own encoder picks indices this way
        assert letters.slug_body(board) == vector["slug"]


def test_from_json_by_letters_errors():
    base = {"game": "letters", "date": "2025-10-05", "tiles": [{"row": 3, "col": 4, "letter": "Z", "turn": 1}]}
    with pytest.raises(FormatError, match='needs "start_word"'):
        letters.from_json(base)
    with pytest.raises(ValueRangeError, match="tile 1: Z is not left on the turn 1 rack \\(EIOPRRU\\)"):
        letters.from_json({**base, "start_word": "RUNNELS"})
    with pytest.raises(FormatError, match="one letter A-Z"):
        letters.from_json({**base, "start_word": "RUNNELS", "tiles": [{"row": 3, "col": 4, "letter": "?", "turn": 1}]})


# --- V4 links (?_=): letters, the starting word and blanks in the link ----------------

SCORES = {"2025-10-05": 33, "2025-10-20": 146, "2025-11-22": 132}


def _v4(days, word, tiles, pad=0):
    """A V4 slug written field by field: tiles are (position, letter code, turn)."""
    writer = BitWriter()
    writer.write(days, 14)
    writer.write(len(word), 4)
    for code in word:
        writer.write(code, 5)
    writer.write(len(tiles), 5)
    for pos, code, turn in tiles:
        writer.write(pos, 7)
        writer.write(code, 6)
        writer.write(turn, 3)
    return base64.urlsafe_b64encode(writer.to_bytes(pad)).decode().rstrip("=")


@pytest.mark.parametrize("vector", V4_VECTORS, ids=[v["date"] for v in V4_VECTORS])
def test_v4_vectors_read_in_every_form_and_write_byte_for_byte(vector):
    expected = {
        "game": "letters",
        "param": "_",
        "date": vector["date"],
        "start_word": vector["start_word"],
        "tiles": [{k: t[k] for k in ("row", "col", "turn", "letter", "blank")} for t in vector["tiles"]],
    }
    for text in (
        vector["link"],
        "?_=" + vector["slug"],
        "_=" + vector["slug"],
        vector["slug"],
        f" <{vector['link']}> ",
    ):
        board = letters.decode(text)
        assert letters.to_json(board) == expected, text
    assert letters.encode(board) == "_=" + vector["slug"]  # the marker says V4, as ?w= says w
    assert letters.share_url(board) == vector["link"]
    assert letters.from_json(expected) == board
    assert decode_any(vector["link"]) == ("letters", board)


def test_v4_board_json_encodes_to_the_slug_on_the_command_line(capsys):
    lines = "\n".join(json.dumps(letters.to_json(letters.decode(v["link"]))) for v in V4_VECTORS)
    assert cli.run(["encode"], stdin=__import__("io").BytesIO(lines.encode())) == 0
    assert capsys.readouterr().out.split() == ["_=" + v["slug"] for v in V4_VECTORS]


@pytest.mark.parametrize("vector", V4_VECTORS[:3], ids=[v["date"] for v in V4_VECTORS[:3]])
def test_v4_links_alone_give_the_real_games_words_and_scores(vector, capsys):
    # No starting word is asked for: the link holds it.
    assert cli.run(["info", vector["link"]]) == 0
    facts = json.loads(capsys.readouterr().out)
    assert facts["total"] == SCORES[vector["date"]] and sum(facts["turn_scores"]) == facts["total"]
    old = next(v for v in VECTORS if v["link"] == vector["same_game_as"])
    # The same words (a turn may list them in another order: V4 keeps the placing order).
    assert sorted(facts["words"]) == sorted(old["words"]) and facts["turn_scores"] == old["turn_scores"]
    # The ?g= link of the same game, once its starting word is known, writes as this V4 link.
    old_board = letters.decode(old["link"]).with_start_word(old["start_word"])
    assert letters.share_url(letters.converted(old_board, "_")) == vector["link"]


def test_v4_blanks_score_nothing_but_word_premiums_still_multiply():
    # QUARTZ on row 4 (columns 1-6); a blank A at (5, 4) under R, then X: RAX is 1 + 0 + 8.
    board = letters.decode(V4_VECTORS[3]["link"])
    game = letters.resolve(board)
    assert [(w.text, w.score) for w in game.words] == [("RAX", 9), ("ZU", 1)]
    # A blank on a double letter square: twice nothing. QUART lies on columns 2-6, so
    # the blank A at (3, 3) stands above its U.
    letter_premium = letters.Board(dt.date(2025, 12, 1), (letters.Tile(3, 3, 0, 1, "A", True),), "_", "QUART")
    assert [(w.text, w.score) for w in letters.resolve(letter_premium).words] == [("AU", 1)]
    double = letters.Board(
        dt.date(2025, 12, 1),
        (letters.Tile(1, 1, 0, 1, "O", True), letters.Tile(2, 1, 0, 1, "X"), letters.Tile(3, 1, 0, 1, "O")),
        "_",
        "QUARTZ",
    )
    # Column 1 reads o X O Q down to QUARTZ's Q; the blank o stands on the double word
    # square (1, 1), which doubles 0 + 8 + 1 + 10.
    assert [(w.text, w.score) for w in letters.resolve(double).words] == [("OXOQ", 38)]


def test_v4_blank_keeps_scoring_zero_in_later_words():
    tiles = (letters.Tile(3, 4, 0, 1, "A", True), letters.Tile(2, 4, 0, 2, "M"))
    board = letters.Board(dt.date(2025, 12, 1), tiles, "_", "QUARTZ")
    game = letters.resolve(board)
    # turn 2 makes MAR through the blank A: M 3 + a 0 + R 1.
    assert [(w.text, w.score) for w in game.turns[1].words] == [("MAR", 4)]


@pytest.mark.parametrize(
    ("slug", "kind", "position", "message"),
    [
        (_v4(2100, [17, 20], [(81, 0, 1)]), ValueRangeError, 5, "square 81 is off"),
        (_v4(2100, [17, 20], [(40, 52, 1)]), ValueRangeError, 6, "letter code 52"),
        (_v4(2100, [17, 20], [(40, 0, 0)]), ValueRangeError, 7, "turn 0 is not 1-5"),
        (_v4(2100, [17, 20], [(40, 0, 6)]), ValueRangeError, 7, "turn 6 is not 1-5"),
        (_v4(2100, [17, 27], []), ValueRangeError, 3, "code 27, not a letter"),
    ],
)
def test_v4_refuses_what_the_format_marks_bad_with_a_position(slug, kind, position, message):
    for prefix in ("?_=", "https://letters.wiki/?_="):
        with pytest.raises(kind, match=message) as raised:
            letters.decode(prefix + slug)
        assert type(raised.value) is kind
        assert raised.value.position == len(prefix) + position


@pytest.mark.parametrize(
    ("word", "tiles", "problem"),
    [
        ([0] * 10, [], "has 10 letters; the middle row holds 9, so 1 of them are off"),
        ([7, 4, 11, 11, 14, 22, 14, 17, 11, 3, 0, 6, 0, 8, 13], [(13, 0, 1)], "has 15 letters"),
        ([25, 25, 25], [], "the game has 3 Zs (starting word and tiles); the bag holds 1"),
        ([17, 20], [(p, 25, 1 + p % 5) for p in range(9, 31)], "the game has 22 Zs"),
        ([17, 20], [(p, 26, 1) for p in range(30, 33)], "the game has 3 blanks"),
        ([17, 20], [(p, 0, 1) for p in range(27, 35)], "turn 1 places 8 tiles; a rack has 7"),
        ([], [(p, 4, 1 + p % 5) for p in range(0, 31)], "the game has 31 Es"),
    ],
)
def test_every_v4_link_the_site_reads_is_read_and_its_impossibilities_are_problems(word, tiles, problem):
    slug = _v4(2100, word, tiles)
    board = letters.decode("?_=" + slug)
    assert len(board.start_word or "") == len(word) and len(board.tiles) == len(tiles)
    found = letters.problems(board)
    assert any(problem in p.message for p in found), [p.message for p in found]
    assert all(0 <= r < 9 and 0 <= c < 9 for p in found for r, c in p.cells)
    assert letters.v4_body(board) == slug  # written back byte for byte
    assert letters.encode(board) == "_=" + slug and letters.decode(letters.encode(board)) == board
    assert letters.from_json(letters.to_json(board)) == board
    letters.explain("?_=" + slug)  # the anatomy reads it too
    game = letters.resolve(board)
    assert all(letters.on_board(sq) for sq in game.grid)


def test_v4_refuses_a_slug_that_ends_inside_a_field_or_runs_on():
    whole = _v4(2100, [17, 20], [(40, 0, 1), (41, 30, 2)])
    with pytest.raises(FormatError, match="ends early"):
        letters.decode("?_=" + whole[:-2])
    with pytest.raises(FormatError, match="too many"):
        letters.decode("?_=" + whole + "AAAA")
    with pytest.raises(FormatError, match="too long"):
        letters.decode("?_=" + "A" * 200)


def test_v4_padding_bits_are_kept_quiet_in_a_link_and_refused_bare():
    slug = _v4(2100, [17, 20], [(40, 0, 1)], pad=1)
    board = letters.decode("?_=" + slug)
    assert any("not zero" in p.message for p in letters.problems(board))
    assert letters.encode(board) != slug  # written back with zero padding


def test_a_v4_slug_always_keeps_its_marker():
    # A new game (no tiles, no starting word yet) has a body the ?g= reader also takes.
    board = letters.Board(dt.date(2020, 6, 25), (), "_")
    body = letters.v4_body(board)
    assert letters.decode_slug(body, "g", strict=True).param == "g"
    assert letters.encode(board) == "_=" + body
    assert letters.decode(letters.encode(board)) == board
    assert letters.decode(body).param == "g"  # read bare, ?g= comes first
    assert letters.encode(letters.decode(V4_VECTORS[0]["link"])) == "_=" + V4_VECTORS[0]["slug"]


def test_the_100_tile_bag_has_two_blanks_after_z():
    draw = letters.daily_draw(dt.date(2025, 12, 1), "QUARTZ", blanks=True)
    old = letters.daily_draw(dt.date(2025, 12, 1), "QUARTZ")
    assert len(draw) == len(old) == 35 and draw != old
    counts = Counter(draw)
    assert counts["_"] <= 2 and all(counts[k] <= letters.TILE_COUNTS_WITH_BLANKS[k] for k in counts)
    assert sum(letters.TILE_COUNTS_WITH_BLANKS.values()) == 100


def test_play_a_v4_game_with_a_blank():
    date = next(
        letters.EPOCH + dt.timedelta(days=d)
        for d in range(2000, 3000)
        if "_" in letters.daily_draw(letters.EPOCH + dt.timedelta(days=d), "RUNNELS", blanks=True)[:7]
    )
    board = letters.Board(date, (), "_", "RUNNELS")
    rack = letters.rack_for_turn(board, 1)
    assert "_" in rack and letters.racks(board) is not None
    # The blank stands for an O in ON, above RUNNELS' N at (4, 3): it scores 0, the N 1.
    board = letters.play_turn(board, [(3, 3, "o")])
    assert board.tiles == (letters.Tile(3, 3, 0, 1, "O", True),)
    assert [(w.text, w.score) for w in letters.resolve(board).words] == [("ON", 1)]
    assert "_" not in letters.rack_for_turn(board, 2)[:6] or rack.count("_") == 2
    with pytest.raises(ValueError, match="not on the rack"):
        letters.play_turn(board, [(3, 4, "q"), (3, 5, "q"), (3, 6, "q")])
    assert letters.decode(letters.encode(board)) == board
    assert letters.decode(letters.share_url(board)) == board


def _shipped_words() -> list[str]:
    from slugboard.resources import read_bytes

    text = read_bytes("enable.txt").decode("ascii")
    assert text.endswith("\n") and "\r" not in text
    return text.split("\n")[:-1]


@pytest.mark.slow
@pytest.mark.parametrize("searches", [0, 64, 10**9], ids=["sets", "some-searches", "searches"])
def test_the_word_list_holds_exactly_the_shipped_words(searches: int):
    """The word list looks words up in the text, then in a set of the initial's words once
    it has been asked often; asked for every word, and for words near every initial's edges,
    it answers as a set of the whole list would, whichever way it looks."""
    from slugboard.codecs.letters.words import WordList

    shipped = _shipped_words()
    assert len(shipped) == 172_918 and all(word.isascii() and word.isalpha() and word.isupper() for word in shipped)
    assert shipped == sorted(shipped)  # the lookup halves the lines, so they must be in order
    words = WordList(("\n".join(shipped) + "\n").encode())
    words.SEARCHES_BEFORE_SET = searches
    assert len(words) == len(shipped)
    assert list(words) == shipped
    every = set(shipped)
    near = {word[:-1] for word in shipped[::97]} | {word + "S" for word in shipped[::89]} | {"", "A", "ZZZZ", "Q"}
    near |= {word[:-1] + "\n" + word[-1] for word in shipped[::1013]} | {word + "\n" for word in shipped[::1009]}
    near |= {shipped[0], shipped[-1]} | {word for n, word in enumerate(shipped) if n and word[0] != shipped[n - 1][0]}
    assert all((word in words) == (word in every) for word in sorted(near))
    assert all(word in words for word in shipped)
    assert 7 not in words and "aa" not in words and "AA" in words
    assert "AÉ" not in words and "A\udc80" not in words and "ÉTÉ" not in words


@pytest.mark.parametrize("content", [b"", b"AA\nAB"], ids=["empty", "no last newline"])
def test_a_word_file_without_its_last_newline_is_given_one(monkeypatch, content):
    from slugboard import resources
    from slugboard.codecs.letters.words import WordList, _word_file

    monkeypatch.setattr(resources, "read_bytes", lambda name: content)
    data = _word_file()
    assert isinstance(data, bytes) and data == content + b"\n"
    assert ("AB" in WordList(data)) == bool(content)


def test_a_word_list_with_initials_missing_finds_each_word():
    from slugboard.codecs.letters.words import WordList

    words = WordList(b"AB\nABC\nAC\nC\nZA\nZZZ\n")
    assert list(words) == ["AB", "ABC", "AC", "C", "ZA", "ZZZ"] and len(words) == 6
    assert [w in words for w in ("A", "AB", "ABC", "ABD", "AC", "B", "BA", "C", "CA", "Y", "ZA", "ZZ", "ZZZ", "ZZZZ")] == [
        False, True, True, False, True, False, False, True, False, False, True, False, True, False,
    ]  # fmt: skip
    assert list(words.from_index(4)) == ["ZA", "ZZZ", "AB", "ABC", "AC", "C"]


@pytest.mark.parametrize("where", ["0", "1", "17000", "-1", "-2", "initial 3", "initial 3 - 1", "initial 25"])
def test_the_words_from_an_index_wrap_around_once(where: str):
    """From any index, including an initial's first word and the word before it, every
    word comes once, in the list's order, wrapping at the end."""
    from slugboard.codecs.letters.words import WordList

    shipped = _shipped_words()
    words = WordList(("\n".join(shipped) + "\n").encode())
    if where.startswith("initial"):
        initial = chr(ord("A") + int(where.split()[1]))
        start = next(n for n, word in enumerate(shipped) if word[0] == initial) - where.endswith("- 1")
    else:
        start = int(where) % len(shipped)
    assert list(words.from_index(start)) == shipped[start:] + shipped[:start]


# --- which bag a V4 link's game was dealt from -----------------------------------------


def _g_and_v4(vector):
    """The ?g=/?w= board of a V4 vector's game (its starting word given) and the V4 board."""
    old = next(v for v in VECTORS if v["link"] == vector["same_game_as"])
    return letters.decode(old["link"]).with_start_word(old["start_word"]), letters.decode(vector["link"])


@pytest.mark.parametrize("vector", V4_VECTORS[:3], ids=[v["date"] for v in V4_VECTORS[:3]])
def test_the_same_game_as_g_or_w_and_as_v4_reads_the_same_bag_and_racks(vector, capsys):
    # The site writes games of the 98-tile days as V4 too: a V4 link names no bag, its tiles tell.
    old, v4 = _g_and_v4(vector)
    assert letters.to_v4(old) == v4 and letters.converted(v4, old.param) == old
    assert bag_of(v4) == bag_of(old) == letters.TILE_COUNTS
    in_draw_order = letters.racks(v4)
    assert in_draw_order is not None
    if old.param == "g":
        assert in_draw_order == letters.racks(old)
    else:  # ?w= racks are the same tiles, sorted
        assert [tuple(sorted(rack)) for rack in in_draw_order] == letters.racks(old)
    assert [letters.rack_for_turn(v4, t) for t in range(1, 6)] == [letters.rack_for_turn(old, t) for t in range(1, 6)]
    assert letters.resolve(v4).draw == letters.daily_draw(v4.date, v4.start_word)
    facts = []
    for board in (old, v4):
        assert cli.run(["info", letters.encode(board)]) == 0
        facts.append(json.loads(capsys.readouterr().out))
    assert facts[0]["bag"] == facts[1]["bag"] == 98
    assert facts[1]["racks"] == ["".join(rack) for rack in in_draw_order]
    assert facts[0]["total"] == facts[1]["total"] == SCORES[vector["date"]]


def test_a_v4_game_of_the_98_tile_bag_plays_on_from_that_draw():
    _, full = _g_and_v4(V4_VECTORS[0])
    board = dataclasses.replace(full, tiles=tuple(t for t in full.tiles if t.turn < 5))
    assert bag_of(board) == letters.TILE_COUNTS
    assert "".join(letters.rack_for_turn(board, 5)) == "URIUWVA"  # the ?g= vector's turn 5 rack
    played = letters.play_turn(board, [(2, 1, "W"), (2, 2, "A"), (2, 3, "R")])
    assert played == full and bag_of(played) == letters.TILE_COUNTS


def test_a_v4_board_reads_the_100_tile_bag_unless_only_the_98_tile_draw_fits():
    from slugboard.codecs.letters.game import daily_draw

    date, word = dt.date(2025, 10, 5), "RUNNELS"
    blanks = letters.TILE_COUNTS_WITH_BLANKS
    # Nothing placed: both draws fit, and the site deals new games from the 100-tile bag.
    empty = letters.Board(date, (), letters.V4, word)
    assert bag_of(empty) == blanks and letters.racks(empty)[0] == daily_draw(date, word, blanks=True)[:7]
    # Tiles both first racks hold: the 100-tile bag still comes first.
    both = sorted((Counter(daily_draw(date, word, blanks=True)[:7]) & Counter(daily_draw(date, word)[:7])).elements())
    assert both  # this day's two first racks share letters
    shared = letters.Board(date, (letters.Tile(0, 0, 0, 1, both[0]),), letters.V4, word)
    assert bag_of(shared) == blanks and letters.racks(shared) is not None
    # A blank: only the bag with blanks has one, even when the other tiles fit the 98-tile draw.
    _, old_day = _g_and_v4(V4_VECTORS[0])
    with_blank = dataclasses.replace(old_day, tiles=(*old_day.tiles[:3], letters.Tile(8, 8, 0, 2, "Q", True)))
    assert bag_of(with_blank) == blanks and letters.racks(with_blank) is None
    # Neither draw fits (a game from some other draw): the 100-tile bag, as the site deals
    # today, and no racks.
    other = old_day.with_start_word("PLANET")
    assert bag_of(other) == blanks and letters.racks(other) is None and letters.rack_for_turn(other, 1) is None
    assert letters.info(other)["bag"] == 100 and "racks" not in letters.info(other)
    for vector in V4_VECTORS[3:]:  # the vectors with blanks
        board = letters.decode(vector["link"])
        assert bag_of(board) == blanks and letters.info(board)["bag"] == 100
    # No starting word: no draw to check the tiles against.
    assert bag_of(dataclasses.replace(old_day, start_word=None)) == blanks


def test_a_v4_boards_deal_is_worked_out_once(monkeypatch):
    from slugboard.codecs.letters import game

    calls = []
    real = game._dealt_racks
    monkeypatch.setattr(game, "_dealt_racks", lambda board, blanks: calls.append(blanks) or real(board, blanks))
    board = letters.decode(V4_VECTORS[1]["link"])
    for _ in range(3):
        assert bag_of(board) == letters.TILE_COUNTS and letters.rack_for_turn(board, 2) is not None
    assert calls == [True, False]  # the 100-tile draw tried first, then the 98-tile one, once
    assert game.v4_deal(board) is game.v4_deal(board)
    # The cache is no part of the board's value.
    again = letters.decode(V4_VECTORS[1]["link"])
    assert again == board and hash(again) == hash(board) and repr(again) == repr(board)

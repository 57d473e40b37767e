"""Inputs the fuzzing harness (tests/fuzz/) found, kept so they stay answered."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from slugboard.codecs import GAMES, SlugError, ValueRangeError, decode_any
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


# --- messages quote at most about 60 characters of the input -----------------------------

HUGE = int("9" * 4000)


@pytest.mark.parametrize(
    ("game_name", "obj", "said"),
    [
        (
            "pentomino",
            {"game": "pentomino", "surface": "R", "height": HUGE, "width": 8, "pieces": [], "terrain": []},
            "height 999999999999… (4,000 digits) is outside 1-60",
        ),
        (
            "pentomino",
            {"game": "pentomino", "surface": "R", "height": 8, "width": 8, "pieces": [{"name": "x" * 5000}]},
            "bad piece {'name': 'xxxxx",
        ),
        (
            "minesweeper",
            {"game": "minesweeper", "version": 1, "width": HUGE, "height": 9, "time_unit_ms": 50, "mines": []},
            "a 999999999999… (4,000 digits)x9 board has more than 1,000,000 cells",
        ),
        ("xiangqi", {"game": "xiangqi", "turn": "x" * 5000, "fen": "9/9/9/9/9/9/9/9/9/9 w"}, "not 'xxxxx"),
        ("letters", {"game": "letters", "param": "g", "date": "2025-10-05", "start_word": "a" * 5000}, ""),
    ],
)
def test_a_board_json_error_quotes_a_long_value_cut_short(game_name, obj, said):
    from slugboard.codecs import game
    from slugboard.codecs.errors import guarded

    with pytest.raises(SlugError) as raised:
        guarded(game_name, lambda: game(game_name).from_json(obj))
    assert said in raised.value.message
    assert len(raised.value.message) < 160, raised.value.message


@pytest.mark.slow
def test_shown_cuts_every_kind_of_value_without_building_it_whole():
    from slugboard.codecs.errors import shown

    assert shown("x" * 5000) == "'" + "x" * 60 + "'…"
    assert shown(HUGE) == "999999999999… (4,000 digits)"
    assert shown(-(10**5000)) == "-100000000000… (5,001 digits)"  # more digits than Python turns into text
    assert shown(12345) == "12345" and shown("ab") == "'ab'" and shown(None) == "None"
    deep: list = []
    tip = deep
    for _ in range(100_000):  # deeper than repr could go
        tip.append([])
        tip = tip[0]
    assert len(shown(deep)) <= 60
    assert len(shown([["9" * 4000] * 1000] * 1000)) <= 60


@pytest.mark.parametrize(
    "text",
    [
        "R" + "9" * 4000 + "8+",
        "1=" + "9" * 4000 + "x8+",
        "UyF2" + "!" * 4000,
        "4k4/9/9/9/9/9/9/9/3R5/3K5 w " + "x" * 5000,
        "4k4/9/9/9/9/9/9/9/3R5/3K5 " + "q" * 5000,
        "https://letters.wiki/?g=" + "%" * 5000,
        "?w=" + "Z" * 5000 + "&s=" + "Q" * 5000,
        "c2=5 " + "Ｑ" * 5000,
    ],
)
def test_an_error_from_a_long_text_is_a_short_message(text):
    from slugboard.codecs import all_games

    for game in all_games().values():
        try:
            game.decode(text)
        except SlugError as exc:
            assert len(exc.message) < 200, (game.name, exc.message[:300])
    try:
        decode_any(text)
    except SlugError as exc:
        assert len(str(exc)) < 300


# --- a text is read as what it is, or refused saying why ---------------------------------


def test_a_text_with_sudokus_mark_is_sudokus_or_nobodys():
    """The finding: "UyF2MQ" and 100 A's read as xiangqi, whose reader took the bytes after
    a position's as its moves."""
    from slugboard.codecs import detect

    text = "UyF2MQ" + "A" * 100
    assert detect(text) == []
    with pytest.raises(SlugError) as refused:
        decode_any(text)
    assert refused.value.game == "sudoku"


def test_a_sudoku_slug_that_lost_its_mark_to_one_character_is_a_damaged_sudoku_link():
    """The finding: 27 of 2,238 one-character changes of real sudoku slugs opened as
    letters or xiangqi, every one of them without the `UyF2` mark."""
    from conftest import load_vectors

    slugs = [v["slug"] for v in load_vectors("sudoku")["vectors"] if v.get("slug", "").startswith("UyF2")]
    opened_as_another = []
    for slug in slugs:
        for i in range(4):
            for ch in "AQgwUyF2+/9":
                changed = slug[:i] + ch + slug[i + 1 :]
                if changed.startswith("UyF2"):
                    continue
                try:
                    name, _ = decode_any(changed)
                except SlugError as exc:
                    assert exc.game == "sudoku" and "looks like a damaged sudoku link" in exc.message, changed
                    assert exc.position == i
                else:
                    opened_as_another.append((changed, name))
    assert opened_as_another == []


def test_a_link_to_a_misspelt_site_is_that_sites_damaged_link():
    from slugboard.codecs import plain_message

    with pytest.raises(SlugError) as refused:
        decode_any("https://lettres.wiki/?g=IOFt")
    assert refused.value.message == (
        "this looks like a damaged letters link: its site is 'lettres.wiki' where a letters link has 'letters.wiki'"
    )
    assert refused.value.position == 12
    assert "damaged letters link" in plain_message(refused.value)


def _codec(*argv: str) -> tuple[int, str, str]:
    import io

    from slugboard.codecs.cli import run

    out, err = io.StringIO(), io.StringIO()
    return run(list(argv), out, err), out.getvalue(), err.getvalue()


def test_moves_refuses_a_board_with_no_generals_in_words():
    code, out, err = _codec("moves", "9/9/9/9/9/9/9/9/9/9 w")
    assert (code, out) == (2, "")
    assert err.strip() == "error: xiangqi: no game can be played from this position: red has no king; black has no king"


def test_decode_and_moves_read_the_moves_after_a_fen_or_refuse_them():
    fen = "4k4/9/9/9/9/9/9/9/3R5/3K5 w"
    code, out, _ = _codec("decode", fen + " d1d5 e9f9")
    assert code == 0 and '"fen":"5k3/9/9/9/3R5/9/9/9/9/3K5 w"' in out  # the position after them
    code, out, err = _codec("moves", fen + " d1d5 e9f9 d5d1 f9e9" * 1001)
    assert (code, out) == (2, "") and "a move list is at most 20,000 characters" in err


def test_a_long_base64_text_no_game_reads_names_no_game_as_the_closest():
    """The finding: a 131 k base64 text was "read as pentomino it fails: text is too long",
    as if it were nearly a pentomino slug; a game's length limit tells nothing of that."""
    import base64
    import random

    from slugboard.codecs import plain_message

    text = base64.b64encode(random.Random(7).randbytes(98_000)).decode()
    with pytest.raises(SlugError) as refused:
        decode_any(text)
    assert (refused.value.game, refused.value.message) == ("slugboard", "no game reads this text")
    assert refused.value.closest is None
    assert "closest" not in plain_message(refused.value)


FEN = "4k4/9/9/9/9/9/9/9/3R5/3K5 w"


@pytest.mark.parametrize(
    ("tail", "word"),
    [
        (" hello", "hello"),
        (" d1d5 e9f9 then more", "then"),
        (" - - 0 1 <b>bold</b>", "<b>bold</b>"),
        ("\n1. d1d5 e9f9\n2. d5d1 ??", "??"),
        (" d1d5 " + "x" * 30_000, "x" * 30_000),
    ],
)
def test_a_fen_followed_by_what_is_not_moves_is_refused_where_the_moves_stop(tail, word):
    """The finding: text after a FEN that is not moves was dropped without a word (the
    FEN alone opened). It is refused, the error at the first word that is not a move."""
    text = FEN + tail
    where = text.index(word)
    for read in (xq.decode, lambda t: decode_any(t)[1]):
        with pytest.raises(SlugError) as refused:
            read(text)
        assert refused.value.game == "xiangqi" and refused.value.position == where
        assert "is not a move" in refused.value.message
    for command in ("decode", "moves", "info"):
        code, out, err = _codec(command, text)
        assert (code, out) == (2, "") and "is not a move" in err


@pytest.mark.parametrize(
    "text",
    [FEN, FEN + " - - 0 1", FEN + " - - 0 1 d1d5", "4k4/9/9/9/9/9/9/9/3R5/3K5 red d1d5", FEN + " 1. d1d5 e9f9 2. ..."],
)
def test_a_fen_with_its_fields_and_moves_still_reads(text):
    assert xq.decode(text) == xq.from_fen(FEN)
    code, out, err = _codec("decode", text)
    assert code == 0 and err == ""


def test_junk_after_a_move_number_is_refused_where_the_number_ends():
    with pytest.raises(SlugError) as refused:
        decode_any(FEN + " 1. d1d5 0.!")
    assert refused.value.game == "xiangqi" and refused.value.position == len(FEN + " 1. d1d5 0.")


_NOT_A_MOVE = (
    st.text(st.characters(codec="ascii", categories=("L", "N", "P", "S")), min_size=1, max_size=8)
    .filter(lambda word: not re.match(r"\d+\.|\.\.\.", word))  # "12." before it is a move number, read as one
    .map(lambda word: word + "!")  # no move, move number or FEN field has a '!'
)


@given(
    moves=st.lists(st.sampled_from(["d1d5", "e9f9", "1.", "2...", "R6+4", "K5=6", "炮二平五"]), max_size=4),
    junk=_NOT_A_MOVE,
    rest=st.text(st.characters(codec="utf-8", exclude_characters="%\x00"), max_size=20),
    space=st.sampled_from([" ", "\n", "\t", "  "]),
)
# A word after the junk that looks like a link ("WWW.") once made the error the link's.
@example(moves=[], junk="0!", rest="WWW.", space=" ")
def test_a_fen_and_junk_never_reads_as_the_bare_fen(moves, junk, rest, space):
    """Whatever follows a FEN and its moves, a word that is not a move is refused, at that
    word: never read as the FEN alone."""
    head = FEN + "".join(space + m for m in moves) + space
    text = head + junk + rest
    with pytest.raises(SlugError) as refused:
        decode_any(text)
    assert refused.value.game == "xiangqi" and refused.value.position == len(head)


def test_the_short_fuzz_run_runs_every_target():
    """tests/fuzz/run.py lists the targets without importing atheris; the list must hold
    every target fuzz_targets.py defines, or a new reader would go unfuzzed in CI."""
    import importlib.util
    from pathlib import Path

    folder = Path(__file__).parent / "fuzz"
    spec = importlib.util.spec_from_file_location("fuzz_run", folder / "run.py")
    assert spec is not None and spec.loader is not None
    run = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run)
    source = (folder / "fuzz_targets.py").read_text(encoding="utf-8")
    table = source[source.index("TARGETS: dict") :]
    defined = set(re.findall(r'^    "([a-z0-9-]+)":', table, re.M))
    defined |= {f"decode-{name}" for name in GAMES}
    assert defined == set(run.targets())

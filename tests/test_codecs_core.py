"""The shared codec pieces: bit packing, base64 and base62, link unwrapping, the registry
with detect/decode_any, and the slugboard-codec command line."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from slugboard.codecs import GAMES, SlugError, decode_any, detect
from slugboard.codecs.bits import (
    STD_ALPHABET,
    URL_ALPHABET,
    BitReader,
    BitWriter,
    b64decode,
    b64encode,
    base62_decode,
    base62_encode,
)
from slugboard.codecs.cli import run
from slugboard.codecs.errors import FormatError
from slugboard.codecs.links import slug_from

SEED_SLUG = "UyF2MQRhyECJQWIySCkiKoXU+yAUcJiTwoVTKoVqsHYm5V3D54DxCitHWQclJ0g="


def test_bit_writer_and_reader_msb_first():
    w = BitWriter()
    w.write(0b101, 3)
    w.write(0b1, 1)
    w.write(0xAB, 8)
    assert w.bit_string() == "101110101011"
    assert w.to_bytes() == bytes([0b10111010, 0b10110000])
    assert w.to_bytes(pad_bit=1) == bytes([0b10111010, 0b10111111])
    r = BitReader(w.to_bytes(), "test")
    assert (r.read(3), r.read(1), r.read(8), r.remaining) == (0b101, 1, 0xAB, 4)


def test_bit_reader_reports_the_character_when_it_runs_out():
    r = BitReader(b"\xff", "test")
    r.read(7)
    with pytest.raises(FormatError) as info:
        r.read(2)
    assert info.value.position == 1 and "2 more bits" in str(info.value)


def test_bit_writer_refuses_values_that_do_not_fit():
    with pytest.raises(ValueError):
        BitWriter().write(8, 3)


@given(st.lists(st.tuples(st.integers(1, 40), st.integers(0, 2**40)), max_size=30))
def test_bits_round_trip(fields):
    w = BitWriter()
    fields = [(n, v % (1 << n)) for n, v in fields]
    for n, v in fields:
        w.write(v, n)
    r = BitReader(w.to_bytes(), "test")
    assert [r.read(n) for n, _ in fields] == [v for _, v in fields]


def test_base64_alphabets_and_errors():
    assert b64decode("-_8", "t", alphabets=(STD_ALPHABET, URL_ALPHABET)) == b"\xfb\xff"
    assert b64decode("+/8", "t", alphabets=(STD_ALPHABET, URL_ALPHABET)) == b"\xfb\xff"
    with pytest.raises(FormatError, match="mixes"):
        b64decode("+_8A", "t", alphabets=(STD_ALPHABET, URL_ALPHABET))
    with pytest.raises(FormatError) as info:
        b64decode("-_8", "t")
    assert info.value.position == 0
    with pytest.raises(FormatError, match="padding"):
        b64decode("QQ=", "t")
    with pytest.raises(FormatError, match="'=' inside"):
        b64decode("QQ==QQ==", "t")
    with pytest.raises(FormatError) as info:  # a character typed after the padding
        b64decode("UyF2MQ==x", "t")
    assert (info.value.message, info.value.position) == ("'=' inside the slug", 6)
    assert b64encode(b"\xfb\xff", padded=False, urlsafe=True) == "-_8"


@given(st.binary(max_size=64), st.booleans())
def test_base64_round_trip(data, urlsafe):
    text = b64encode(data, padded=False, urlsafe=urlsafe)
    assert b64decode(text, "t", alphabets=(STD_ALPHABET, URL_ALPHABET)) == data


def test_base62():
    assert base62_encode(0) == "0" and base62_encode(61) == "z" and base62_encode(62) == "10"
    assert base62_decode("BB", "t") == 11 * 62 + 11
    with pytest.raises(FormatError) as info:
        base62_decode("1-", "t", char_offset=10)
    assert info.value.position == 11
    with pytest.raises(FormatError, match="too long"):
        base62_decode("1" * 13, "t")


@given(st.integers(0, 62**12 - 1))
def test_base62_round_trip(n):
    assert base62_decode(base62_encode(n), "t") == n


@pytest.mark.parametrize(
    "text,expected",
    [
        ("https://x.example/p.html?play=AB%2BC&z=1", "AB+C"),
        ("https://x.example/p.html?a=1&play=ABC#frag", "ABC"),
        ("  <https://x.example/?play=ABC>  ", "ABC"),
        ("play=ABC", "ABC"),
        ("ABC", "ABC"),
    ],
)
def test_slug_from(text, expected):
    assert slug_from(text, ("play",)) == expected


def test_slug_error_text_and_pickling():
    import pickle

    err = SlugError("sudoku", "unknown version 'v2'", 2)
    assert str(err) == "sudoku: unknown version 'v2' at character 3"
    assert isinstance(err, ValueError)
    copy = pickle.loads(pickle.dumps(err))
    assert (copy.game, copy.message, copy.position) == ("sudoku", "unknown version 'v2'", 2)


def test_registry_surface():
    for name, game in GAMES.items():
        module = game.codec
        for attr in (
            "NAME",
            "TITLE",
            "Board",
            "new_board",
            "decode",
            "encode",
            "share_url",
            "to_json",
            "from_json",
            "problems",
            "info",
            "looks_like",
        ):
            assert hasattr(module, attr), f"{name} lacks {attr}"
        board = game.new_board()
        assert game.from_json(game.to_json(board)) == board


def test_detect_and_decode_any_sudoku():
    assert detect(SEED_SLUG)[0] == "sudoku"
    name, board = decode_any("https://nickgirardo.com/projects/sudoku/player.html?play=" + SEED_SLUG)
    assert name == "sudoku" and board.givens == 31
    with pytest.raises(SlugError, match="unknown version 'v2' at character 3"):
        decode_any("UyF2Mg==")
    with pytest.raises(SlugError, match="empty"):
        decode_any("   ")


@pytest.mark.parametrize(
    "link",
    [
        "https://nickgirardo.com/projects/sudoku/player.html?play=" + SEED_SLUG,
        "https://letters.wiki/?g=IOFtKUQJlleEyrQRnJDehOUpqVNA&s=RUNNELS",
        "https://pentominoes.river.me/#/R6aV100I106W014T119Z621F626N333X038Y342P745L751U058",
    ],
)
def test_a_link_pasted_percent_encoded_whole_reads_as_the_link(link):
    from urllib.parse import quote

    wrapped = quote(link, safe="")  # as a link stands in another link's query
    assert wrapped.lower().startswith("https%3a%2f%2f")
    assert decode_any("  " + wrapped + "\n") == decode_any(link)
    assert detect(wrapped) == detect(link)


def test_an_error_in_a_link_pasted_percent_encoded_names_the_pasted_character():
    from urllib.parse import quote

    bad = SEED_SLUG[:9] + "!" + SEED_SLUG[10:]
    wrapped = quote("https://nickgirardo.com/projects/sudoku/player.html?play=" + bad, safe="!")
    with pytest.raises(SlugError) as caught:
        decode_any(wrapped)
    assert caught.value.position == wrapped.index("!")
    assert "'!' is not base64" in caught.value.message


LINKS = [
    "https://nickgirardo.com/projects/sudoku/player.html?play=" + SEED_SLUG,
    "https://letters.wiki/?g=IOFtKUQJlleEyrQRnJDehOUpqVNA&s=RUNNELS",
    "https://letters.wiki/?g=IOFtKUQJlleEyrQRnJDehOUpqVNA",
    "https://pentominoes.river.me/#/R6aV100I106W014T119Z621F626N333X038Y342P745L751U058",
]
MESSAGES = [
    "{}.",
    "{},",
    "{}!!",
    "Try this one: {} (hard!)",
    "({})",
    "Link: <{}>.",
    'She wrote "{}"',
    "Today's puzzle\n{}\nGood luck",
    "`{}`",  # inline code in chat and Markdown
    "<{}|the puzzle>",  # Slack's link with a label
    "{}\u200b",  # an invisible space a chat app left after it
    "{}/",
]


@pytest.mark.parametrize("link", LINKS)
@pytest.mark.parametrize("at", [30, 45])
def test_a_link_a_mail_client_wrapped_onto_two_lines_reads_as_the_link(link, at):
    text = f"Here it is:\n{link[:at]}\n{link[at:]}\nGood luck"
    assert decode_any(text) == decode_any(link)
    assert decode_any(f"{link[:at]}\r\n{link[at:]}.") == decode_any(link)


def test_a_wrapped_link_is_joined_only_so_far():
    from slugboard.codecs.links import MAX_WRAPPED_LINES, wrapped_link

    lines = ["https://example.org/" + "a" * 10] + ["b" * 10] * (MAX_WRAPPED_LINES + 5)
    (joined, source), *_ = wrapped_link("\n".join(lines))
    assert len(joined) == len(lines[0]) + 10 * (MAX_WRAPPED_LINES - 1)
    assert wrapped_link("https://example.org/a\n\nnext paragraph") == []  # a blank line ends it
    assert wrapped_link("https://example.org/a") == []
    # A line that is the start of a sentence is tried as part of the link, then without it.
    assert [link for link, _ in wrapped_link("https://example.org/a\nb\nGood luck.")] == [
        "https://example.org/abGood",
        "https://example.org/ab",
    ]


@pytest.mark.parametrize("link", LINKS)
@pytest.mark.parametrize("message", MESSAGES)
def test_a_link_inside_a_message_reads_as_the_link(link, message):
    text = message.format(link)
    assert decode_any(text) == decode_any(link)
    assert detect(text) == detect(link)


def test_an_error_in_a_link_inside_a_message_names_the_link_s_character():
    text = "Try this: https://letters.wiki/?g=IOFtKUQ!JlleEyrQ (hard!)"
    with pytest.raises(SlugError) as caught:
        decode_any(text)
    assert caught.value.game == "letters"
    assert caught.value.position == text.index("!")
    # A bad last character of a link alone is named, not cut off as punctuation.
    text = "https://nickgirardo.com/projects/sudoku/player.html?play=UyF2MQRhy!"
    with pytest.raises(SlugError) as caught:
        decode_any(text)
    assert caught.value.position == text.index("!") and "'!' is not base64" in caught.value.message
    # A link to a site no game reads, inside a message, is named as such.
    with pytest.raises(SlugError, match="a link to example.com") as caught:
        decode_any("see https://example.com/x (hi)")
    # A "site" longer than any site's name is not echoed back whole.
    with pytest.raises(SlugError, match="a link to an unknown site") as caught:
        decode_any("https://" + ")" * 100_000)
    assert len(str(caught.value)) < 300


def test_a_bracket_the_link_opened_stays_with_it():
    from slugboard.codecs.links import links_in_message

    text = "see https://example.org/a_(b)). Or not"
    assert [reading for reading, _ in links_in_message(text)] == [
        "https://example.org/a_(b)).",
        "https://example.org/a_(b)",
    ]
    assert links_in_message("https://example.org/a") == []  # the link alone: read as it is
    assert links_in_message("no link here.") == []


@pytest.mark.parametrize("link", LINKS)
def test_the_anatomy_of_a_message_points_into_the_message(link):
    from slugboard.codecs import explain
    from slugboard.codecs.anatomy import check

    text = f"Try this one: {link}."
    anatomy, alone = explain(text), explain(link)
    check(anatomy)
    shift = text.index(link)
    assert anatomy.text == text
    assert anatomy.slug == (alone.slug[0] + shift, alone.slug[1] + shift)
    assert [text[s.chars[0] : s.chars[1]] for s in anatomy.spans] == [
        link[s.chars[0] : s.chars[1]] for s in alone.spans
    ]


def test_a_percent_escaped_sudoku_padding_spans_its_whole_escape():
    from slugboard.codecs import explain
    from slugboard.codecs.anatomy import check

    text = "https://nickgirardo.com/projects/sudoku/player.html?play=" + SEED_SLUG.replace("+", "%2B").replace(
        "=", "%3D"
    )
    anatomy = explain(text)
    check(anatomy)
    assert anatomy.slug == (text.index("?play=") + 6, len(text))
    assert text[anatomy.spans[-1].chars[0] : anatomy.spans[-1].chars[1]] == "%3D"
    plus = text.index("%2B")
    assert any(s.chars[0] <= plus and s.chars[1] >= plus + 3 for s in anatomy.spans)


def test_cli_decode_encode_detect_info():
    out, err = io.StringIO(), io.StringIO()
    assert run(["decode", SEED_SLUG], out, err) == 0
    obj = json.loads(out.getvalue())
    assert obj["game"] == "sudoku" and len(obj["grid"]) == 81
    out = io.StringIO()
    assert run(["info", SEED_SLUG], out, err) == 0
    info = json.loads(out.getvalue())
    assert (info["game"], info["givens"], info["solutions"], info["problems"]) == ("sudoku", 31, 1, [])
    out, err = io.StringIO(), io.StringIO()
    assert run(["detect", SEED_SLUG, "UyF2Mg=="], out, err) == 2
    assert out.getvalue() == "sudoku\n"
    assert err.getvalue() == "error: text 2: sudoku: unknown version 'v2' at character 3\n"  # which of the texts


@pytest.mark.slow
def test_cli_as_a_process_with_stdin():
    grid = json.dumps({"game": "sudoku", "grid": "1" + "." * 80})
    done = subprocess.run(
        [sys.executable, "-m", "slugboard.codecs", "encode"],
        input=grid + "\n{bad\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == "UyF2MQAg\n"
    assert done.stderr.startswith("error: line 2: json: not JSON")
    done = subprocess.run(
        [sys.executable, "-m", "slugboard.codecs", "decode", "-"],
        input=f"{SEED_SLUG}\nUyF2MQAg\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0
    assert [json.loads(line)["grid"][0] for line in done.stdout.splitlines()] == [".", "1"]


# Text shaped like the slugs of every game, so the fuzzing reaches past the first check.
_slug_alphabet = st.sampled_from(list(STD_ALPHABET + "-_=.;|:+ ?&#%/=," + "0123456789xXPRT"))
_prefixes = st.sampled_from(
    [
        "",
        "UyF2M",
        "1=",
        "2=",
        "1=15x15+",
        "2=8x8,10+",
        "R88",
        "P88",
        "xiangqi:",
        "?g=",
        "?w=",
        "https://letters.wiki/?g=",
        "https://pentominoes.river.me/#/",
        "https://nickgirardo.com/projects/sudoku/player.html?play=",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR ",
    ]
)


@pytest.mark.slow
@settings(max_examples=examples(500))
@given(st.one_of(st.text(max_size=300), st.tuples(_prefixes, st.text(_slug_alphabet, max_size=200)).map("".join)))
def test_every_decoder_raises_only_slug_error(text):
    for game in GAMES.values():
        try:
            board = game.decode(text)
        except SlugError as exc:
            assert isinstance(exc.position, (int, type(None)))
        else:
            game.to_json(board)
    try:
        decode_any(text)
    except SlugError:
        pass


@pytest.mark.slow
@settings(max_examples=examples(300))
@given(st.binary(max_size=200))
def test_every_decoder_takes_random_bytes(data):
    import base64 as b64

    for text in (
        data.decode("latin-1"),
        b64.b64encode(data).decode(),
        b64.urlsafe_b64encode(data).decode().rstrip("="),
    ):
        for game in GAMES.values():
            try:
                game.decode(text)
            except SlugError:
                pass


@pytest.mark.slow
@given(
    st.dictionaries(
        st.sampled_from(
            [
                "game",
                "grid",
                "surface",
                "height",
                "width",
                "pieces",
                "terrain",
                "colors",
                "turn",
                "rows",
                "fen",
                "version",
                "mines",
                "events",
                "tiles",
                "date",
                "param",
                "time_unit_ms",
                "start_word",
            ]
        ),
        st.one_of(st.none(), st.integers(-5, 100), st.text(max_size=20), st.lists(st.integers(-1, 100), max_size=5)),
        max_size=8,
    )
)
def test_every_from_json_raises_only_slug_error(obj):
    for game in GAMES.values():
        try:
            game.from_json(dict(obj, game=game.name))
        except SlugError:
            pass


def test_decode_any_explains_foreign_links_and_plain_text():
    with pytest.raises(SlugError) as info:
        decode_any("https://example.com/page?x=1")
    assert info.value.game == "slugboard" and info.value.position == 0
    assert "a link to example.com" in info.value.message
    assert all(host in info.value.message for host in ("nickgirardo.com", "pentominoes.river.me", "letters.wiki"))
    with pytest.raises(SlugError) as info:
        decode_any("hello world")
    # Words are no slug: no game is named as the closest, and the space is pointed at.
    assert info.value.message == "no game reads this text: a slug or link is one word, with no spaces"
    assert info.value.position == 5 and info.value.closest is None
    with pytest.raises(SlugError) as info:
        decode_any("  hello world")
    assert info.value.position == 7
    # One word no game reads may be a slug cut short: the game that read furthest is named.
    with pytest.raises(SlugError) as info:
        decode_any("helloworld")
    assert info.value.message.startswith("no game reads this text; read as ")
    assert info.value.closest is not None and info.value.position is not None


@pytest.mark.slow
def test_the_command_loads_a_game_only_when_it_reads_a_board():
    # A game's package holds only its declaration (its name, title, commands): a game
    # counts as loaded once one of its modules (model, slug...) is.
    script = (
        "import sys\n"
        "from slugboard.codecs import cli\n"
        "def loaded():\n"
        "    return sorted({m.split('.')[2] for m in sys.modules if m.count('.') >= 3 and m.startswith('slugboard.codecs.')} & NAMES)\n"
        "NAMES = {'sudoku', 'pentomino', 'xiangqi', 'minesweeper', 'letters'}\n"
        "print(loaded())\n"
        "try:\n"
        "    cli.run(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(loaded())\n"
        "cli.run(['detect', '1' + '.' * 80])\n"
        "print(loaded())\n"
        "cli.run(['detect', 'not a slug of any game'])\n"
        "print(loaded())\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    lines = [line for line in out.splitlines() if line.startswith("[")]
    assert lines[0] == lines[1] == "[]"
    assert lines[2] == "['sudoku']"  # a grid: the first game by rank reads it, and the others are not asked
    assert lines[3] == str(sorted(GAMES))  # a text no game reads: every game was asked


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("hello world", "This isn't a link or slug Slugboard knows."),
        ("hellothere", "looks closest to a Xiangqi position, which cannot be read past character 9"),
        # A pentomino slug with one character mistyped: three games read its base64 letters as far, but it is
        # a pentomino slug with that character changed.
        ("P5cF000I10!L006", "looks closest to a Pentominoes board, which cannot be read past character 11"),
        ("R6aX03!N445U058", "looks closest to a Pentominoes board, which cannot be read past character 7"),
        # A FEN with one letter mistyped, its side to move after a space: the game that reads furthest stops at
        # that space, but with the letter changed the text is a FEN.
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABXR w",
            "looks closest to a Xiangqi position, which cannot be read past character 58",
        ),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABXR", "Xiangqi position"),
        ("https://example.com/board", "This is a link to example.com, which Slugboard does not open"),
        ("?play=S!v2Ab", "This Sudoku puzzle cannot be read (character 8): character '!' is not base64."),
        ("   ", "There is nothing to open: the text is empty."),
    ],
)
def test_plain_message_says_what_a_person_can_act_on(text, said):
    from slugboard.codecs import plain_message

    with pytest.raises(SlugError) as raised:
        decode_any(text)
    message = plain_message(raised.value)
    assert said in message
    if text == "hello world":
        assert "closest" not in message  # words name no game
    if raised.value.game == "slugboard" and "nothing" not in message and raised.value.closest is None:
        assert "nickgirardo.com, f-puzzles.com, sudokupad.app, pentominoes.river.me, letters.wiki" in message
    assert str(raised.value) not in message  # the technical line stays for Details and the command line


@pytest.mark.slow
@pytest.mark.parametrize("columns", [50, 200])
def test_the_help_fits_the_terminals_width(columns: int):
    """The command's help wraps at the terminal's width (COLUMNS here), as argparse's does,
    without argparse importing shutil to find it: a command that prints no help does not
    load it."""
    import os

    env = dict(os.environ, COLUMNS=str(columns))
    out = subprocess.run(
        [sys.executable, "-m", "slugboard.codecs", "--help"], capture_output=True, text=True, check=True, env=env
    ).stdout
    lines = out.splitlines()
    assert max(len(line) for line in lines if "{" not in line) <= columns - 2  # the command list is one word
    decode = "print the board JSON of each slug or link"
    assert any(line.rstrip().endswith(decode) for line in lines) == (columns == 200)  # one line only when wide
    script = "import sys\nfrom slugboard.codecs import cli\ncli.run(['detect', '1' + '.' * 80])\nprint('shutil' in sys.modules)\n"
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env)
    assert run.stdout.split() == ["sudoku", "False"]


@pytest.mark.parametrize(
    ("text", "game", "words"),
    [
        ("https://nickgirardo.com/projects/sudoku/player.html", "sudoku", "no ?play="),
        ("https://nickgirardo.com/projects/sudoku/player.html?x=1", "sudoku", "no ?play="),
        ("https://pentominoes.river.me/#/", "pentomino", "no board after '#/'"),
        ("https://pentominoes.river.me/#/  ", "pentomino", "no board after '#/'"),
    ],
)
def test_a_game_s_link_without_its_board_says_what_is_missing_where(text, game, words):
    with pytest.raises(SlugError) as caught:
        decode_any(text)
    assert caught.value.game == game and words in caught.value.message
    assert caught.value.position == len(text.rstrip())  # where the board should begin


def test_a_sentence_that_mentions_puzzle_in_brackets_is_not_a_sdk_file():
    from slugboard.codecs.sudoku.formats import is_sdk

    assert not is_sdk("[Puzzle] UyF2MQAg")
    assert not detect("[Puzzle] UyF2MQAg")
    assert is_sdk("#A a comment\n[Puzzle]\n" + "\n".join(["........."] * 9))
    assert is_sdk("  [PUZZLE]  \r\n" + "\n".join(["........."] * 9))
    link = "https://pentominoes.river.me/#/R6aV100I106W014T119Z621F626N333X038Y342P745L751U058"
    assert decode_any(f"[puzzle]({link})") == decode_any(link)  # a Markdown link


def test_counts_read_in_the_singular_and_the_plural():
    from slugboard.codecs.wording import plural

    assert plural(1, "piece") == "1 piece"
    assert plural(0, "piece") == "0 pieces"
    assert plural(2, "move") == "2 moves"
    assert plural(12_345, "cell") == "12,345 cells"
    assert plural(3, "die", "dice") == "3 dice"

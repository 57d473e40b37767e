"""`slugboard-codec` answers every input or says what is wrong with it, one line per bad
input, and goes on with the rest: no traceback, whatever it is given."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from slugboard.codecs import SlugError, decode_any, detect
from slugboard.codecs.cli import run

SUDOKU = "UyF2MQRhyECJQWIySCkiKoXU+yAUcJiTwoVTKoVqsHYm5V3D54DxCitHWQclJ0g="


def _run(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(argv, out, err, io.BytesIO(stdin))
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("text", ["s://]", "http://[", "https://[::1", "x://]?play=1"])
@pytest.mark.parametrize("command", ["decode", "detect", "info", "url"])
def test_malformed_addresses_are_errors_not_crashes(command, text):
    code, out, err = _run([command, text])
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err


def test_decode_any_on_a_malformed_address_raises_slug_error():
    for text in ("s://]", "http://["):
        with pytest.raises(SlugError, match="which no game here reads"):
            decode_any(text)
        assert detect(text) == []


def _encode(lines: list[bytes]) -> tuple[int, list[str], list[str]]:
    code, out, err = _run(["encode"], b"\n".join(lines) + b"\n")
    return code, out.splitlines(), err.splitlines()


GOOD = json.dumps({"game": "sudoku", "grid": "." * 81}).encode()


@pytest.mark.parametrize(
    "bad,message",
    [
        (b'{"game": []}', 'needs "game" set to one of'),
        (b'{"game": {}}', 'needs "game" set to one of'),
        (b"[1, 2]", "expected a board object, got a JSON list"),
        (b'{"game": "sudoku", "grid": ' + b"9" * 5000 + b"}", "a value Slugboard cannot read"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"game": "sudoku", "grid": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "nested too deeply"),
        # Deep enough for Python 3.11's JSON reader to refuse, not 3.13's: read or refused,
        # the line is one clear error either way.
        (
            b'{"game": "sudoku", "grid": ' + b"[" * 3000 + b"]" * 3000 + b"}",
            ("nested too deeply", 'needs a "grid" string of 81 characters'),
        ),
        (b'{"game": "sudoku", "grid": \xff\xfe}', "line 2 is not UTF-8 text (byte 0xff)"),
        (b"not json", "not JSON"),
    ],
)
def test_a_bad_line_of_board_json_is_one_error_and_the_batch_goes_on(bad, message):
    code, out, err = _encode([GOOD, bad, GOOD])
    assert code == 2
    assert out == [".", "."] or len(out) == 2  # both good lines encoded
    messages = message if isinstance(message, tuple) else (message,)
    assert len(err) == 1 and err[0].startswith("error: ") and any(m in err[0] for m in messages)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["sudoku", "pentomino", "xiangqi", "minesweeper", "letters"])
@settings(max_examples=examples(60))
@given(
    value=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
        max_leaves=10,
    ),
    key=st.sampled_from(
        [
            "grid",
            "surface",
            "height",
            "width",
            "pieces",
            "terrain",
            "colors",
            "rows",
            "fen",
            "turn",
            "version",
            "time_unit_ms",
            "mines",
            "events",
            "date",
            "tiles",
            "param",
            "start_word",
            "x",
        ]
    ),
)
def test_any_value_in_any_key_of_board_json_is_an_answer_or_one_error(game, key, value):
    code, out, err = _encode([json.dumps({"game": game, key: value}).encode()])
    assert (code, len(out), len(err)) in ((0, 1, 0), (2, 0, 1))
    assert all(line.startswith("error: ") for line in err)


@pytest.mark.slow
def test_non_utf8_stdin_under_a_strict_utf8_locale_is_an_error_per_line():
    env = dict(os.environ, LC_ALL="C.UTF-8", PYTHONUTF8="1")
    proc = subprocess.run(
        [sys.executable, "-m", "slugboard.codecs", "decode", "-"],
        input=b"\xff\xfe bad\n" + SUDOKU.encode() + b"\n",
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stderr.decode().splitlines() == ["error: input: line 1 is not UTF-8 text (byte 0xff) at character 1"]
    assert json.loads(proc.stdout)["game"] == "sudoku"
    assert b"Traceback" not in proc.stderr


@pytest.mark.slow
@pytest.mark.parametrize("command", [["info", SUDOKU], ["explain", SUDOKU], ["decode", SUDOKU, SUDOKU]])
def test_output_into_a_closed_pipe_ends_quietly(command):
    # As `slugboard-codec info ... | head -c 10`: the reader is gone before the answer is written.
    read, write = os.pipe()
    os.close(read)
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "slugboard.codecs", *command], stdout=write, stderr=subprocess.PIPE, timeout=60
        )
    finally:
        os.close(write)
    assert proc.stderr == b""
    assert proc.returncode == 1


def test_with_many_inputs_each_error_names_its_input():
    good = json.dumps({"game": "sudoku", "grid": "1" + "." * 80})
    lines = "\n".join([good, json.dumps({"game": "sudoku", "grid": "12"}), "", good, "{"]).encode()
    code, out, err = _run(["encode"], lines)
    assert code == 2 and out.splitlines() == ["UyF2MQAg", "UyF2MQAg"]
    said = err.splitlines()
    assert len(said) == 2 and said[0].startswith("error: line 2: sudoku: ") and said[1].startswith("error: line 5: ")
    code, out, err = _run(["detect", "-", "zz!"], b"UyF2MQ==\nxx!\n")
    assert out.splitlines() == ["sudoku"]
    assert [line.split(": ")[1] for line in err.splitlines()] == ["line 2", "text 2"]
    code, out, err = _run(["detect", "zz!"])  # a single text needs no name
    assert err.startswith("error: slugboard: ")


def test_ctrl_c_stops_a_command_with_one_line_and_status_130(monkeypatch, capsys):
    from slugboard.codecs import cli

    def interrupted(argv=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "run", interrupted)
    with pytest.raises(SystemExit) as stop:
        cli.main(["count", "T6a"])
    assert stop.value.code == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.slow
def test_a_long_command_gives_up_at_its_timeout():
    import io

    from slugboard.codecs import cli

    out, err = io.StringIO(), io.StringIO()
    # The empty 6x10 rectangle has 9,356 completions: far more than a tenth of a second's counting.
    assert cli.run(["count", "T6a", "--timeout", "0.1"], out, err, io.BytesIO()) == cli.EXIT_TIMED_OUT
    assert out.getvalue() == "" and err.getvalue() == "error: gave up after 0.1 s (--timeout)\n"
    assert cli.run(["count", "T6a", "--limit", "3", "--timeout", "60"], out, err, io.BytesIO()) == 0
    assert out.getvalue() == '{"count":3,"complete":false}\n'
    with pytest.raises(SystemExit):
        cli.run(["detect", "T6a", "--timeout", "1"])  # only long commands take one

"""What the command lines say of a missing file, a binary file, and their options."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import pytest

from slugboard.codecs import SlugError, read_text_file
from slugboard.codecs.cli import run


def _slugboard(folder, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, "-m", "slugboard.gui", *args], capture_output=True, text=True, timeout=120, env=env, cwd=folder
    )


@pytest.mark.slow
def test_export_of_a_missing_file_or_a_binary_one_says_which(tmp_path):
    (tmp_path / "picture.dat").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    for name, said in (
        ("missing.evf", "no such file: 'missing.evf'"),
        ("picture.dat", "'picture.dat' is no file a game reads"),
    ):
        done = _slugboard(tmp_path, "--export", "x.png", name)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert said in done.stderr and done.stderr.count("\n") == 1
    assert sorted(os.listdir(tmp_path)) == ["picture.dat"]


@pytest.mark.parametrize("text", ["missing.evf", "games/old.PGN", "./board", "~/boards.txt", "none/at/all.txt"])
def test_a_name_that_looks_like_a_file_is_named_missing(text):
    from slugboard.codecs.reading import refuse_missing_file

    with pytest.raises(SlugError, match="no such file"):
        refuse_missing_file(text)


@pytest.mark.parametrize(
    "text",
    [
        "UyF2MQAg",  # sudoku
        "/gAAAAAAAAAAB4AAAAAAAAAAAA",  # a xiangqi slug that starts with '/'
        "f///++/PfrnjfbX////7789+ueN9tf8",
        "https://letters.wiki/?g=IOFtKUQJlleEyrQRnJDehOUpqVNA",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    ],
)
def test_a_slug_is_never_taken_for_a_missing_file(text):
    from slugboard.codecs.reading import refuse_missing_file

    refuse_missing_file(text)


def test_a_text_file_in_utf16_reads_and_a_binary_one_is_refused(tmp_path):
    text = tmp_path / "link.txt"
    text.write_bytes("UyF2MQAg\n".encode("utf-16"))
    assert read_text_file(str(text)).strip() == "UyF2MQAg"
    binary = tmp_path / "program"
    binary.write_bytes(b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 64)
    with pytest.raises(SlugError, match="is no file a game reads"):
        read_text_file(str(binary))


@pytest.mark.slow
def test_slugboard_help_lists_the_options_of_the_games(tmp_path):
    done = _slugboard(tmp_path, "--help")
    assert done.returncode == 0
    for option in ("--at", "--speed", "--fps", "--export", "--book"):
        assert option in done.stdout


def test_slugboard_codec_help_names_every_game_of_a_shared_command(capsys):
    with pytest.raises(SystemExit):
        run(["--help"], io.StringIO(), io.StringIO(), io.BytesIO(b""))
    out = capsys.readouterr().out
    solve = out[out.index("    solve ") : out.index("    generate ")]
    assert "sudoku:" in solve and "pentomino:" in solve


@pytest.mark.parametrize("argv", [["--help"], ["--help", "solve"], ["-h", "decode", "x"]])
def test_slugboard_codec_help_asked_first_lists_every_command(capsys, argv):
    """The help asked for before a command is the command line's: every command listed,
    a game's own and the shell's, each with what it does."""
    from slugboard.codecs import all_games

    with pytest.raises(SystemExit) as exited:
        run(argv, io.StringIO(), io.StringIO(), io.BytesIO(b""))
    assert exited.value.code == 0
    out = capsys.readouterr().out
    names = ["decode", "explain", "import"] + [c.name for g in all_games().values() for c in g.commands]
    for name in names:
        assert re.search(rf"\n    {re.escape(name)}\s", out), name


def test_slugboard_codec_help_of_a_command_gives_its_options(capsys):
    with pytest.raises(SystemExit):
        run(["solve", "--help"], io.StringIO(), io.StringIO(), io.BytesIO(b""))
    out = capsys.readouterr().out
    assert out.startswith("usage: slugboard-codec solve")
    for option in ("--timeout", "--nth", "--all", "--start-word"):
        assert option in out

"""Minesweeper's command-line commands, called as the shell calls them: the options
added to a parser of their own, then the handler with what it parsed."""

from __future__ import annotations

import argparse
import io

import ms_toollib
import pytest

from conftest import load_vectors
from replay_files import FILES
from replay_files import toollib as _toollib
from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper import commands

ARTICLE = load_vectors("minesweeper")["games"][0]["slug"]


def run(name: str, *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog=name)
    getattr(commands, name.replace("-", "_") + "_options")(parser)
    args = parser.parse_args(list(argv))
    out, err = io.StringIO(), io.StringIO()
    code = getattr(commands, name.replace("-", "_"))(args, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def evf(path) -> ms_toollib.EvfVideo:
    video = ms_toollib.EvfVideo(str(path))
    video.parse()
    video.analyse()
    video.current_time = video.rtime + 1
    return video


def test_export_replay_writes_a_games_slug_as_an_evf(tmp_path):
    out = tmp_path / "game.evf"
    code, said, err = run("export-replay", ARTICLE, "-o", str(out), "--player", "Ann")
    assert code == 0, err
    assert "wrote" in said and str(out) in said
    video = evf(out)
    final = ms.replay(ms.decode(ARTICLE)).final()
    assert video.rtime_ms == round(final.stats.time_s * 1000)
    assert video.bbbv == final.stats.bbbv
    assert video.is_completed == (final.outcome == ms.WON)
    assert video.player_identifier == "Ann"
    assert video.software.startswith("Slugboard ")


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.suffix)
def test_export_replay_keeps_a_replay_files_mouse_path(tmp_path, path):
    out = tmp_path / "again.evf"
    assert run("export-replay", str(path), "-o", str(out))[0] == 0
    video, original = evf(out), _toollib(path, at_end=True)
    assert (video.rtime_ms, video.bbbv, video.cl, video.ce, video.path) == (
        original.rtime_ms,
        original.bbbv,
        original.cl,
        original.ce,
        pytest.approx(original.path),
    )


def test_export_replay_reads_a_text_file_holding_a_slug(tmp_path):
    source = tmp_path / "game.txt"
    source.write_text(ARTICLE + "\n")
    assert run("export-replay", str(source), "-o", str(tmp_path / "g.evf"))[0] == 0
    assert evf(tmp_path / "g.evf").bbbv == ms.replay(ms.decode(ARTICLE)).bbbv


@pytest.mark.parametrize(
    "text, output, message",
    [
        (ARTICLE, "game.gif", "name the file .evf"),
        ("1=5x5+0141++", "game.evf", "no action"),
        ("R88I103F022R00077077", "game.evf", "not a minesweeper game"),
        ("1=5x5+01", "game.evf", "minesweeper"),
    ],
)
def test_export_replay_refuses_with_a_reason_and_writes_nothing(tmp_path, text, output, message):
    code, said, err = run("export-replay", text, "-o", str(tmp_path / output))
    assert code == 2 and not said
    assert message in err
    assert list(tmp_path.iterdir()) == []


def test_export_replay_that_cannot_be_written_leaves_no_part_behind(tmp_path):
    taken = tmp_path / "taken.evf"
    taken.mkdir()  # a folder where the file would go
    code, _, err = run("export-replay", ARTICLE, "-o", str(taken))
    assert code == 1 and "could not write" in err
    assert [p.name for p in tmp_path.iterdir()] == ["taken.evf"] and taken.is_dir()


# --- through slugboard-codec, as a person types them ----------------------------------


def cli(*argv: str) -> tuple[int, str, str]:
    from slugboard.codecs import cli as shell

    out, err = io.StringIO(), io.StringIO()
    return shell.run(list(argv), out=out, err=err), out.getvalue(), err.getvalue()


@pytest.mark.slow
def test_the_commands_are_offered_by_slugboard_codec(tmp_path):
    code, said, _ = cli("export-replay", ARTICLE, "-o", str(tmp_path / "a.evf"))
    assert code == 0 and "wrote" in said
    assert evf(tmp_path / "a.evf").bbbv == ms.replay(ms.decode(ARTICLE)).bbbv
    code, said, _ = cli(
        "generate-mines", "--width", "16", "--height", "16", "--mines", "40", "--no-guess", "--seed", "3"
    )
    assert code == 0 and len(ms.decode(said.strip()).mines) == 40
    code, said, _ = cli("analyse-replay", str(FILES[0]))
    assert code == 0 and all(line.startswith('{"index":') for line in said.splitlines())


def test_slugboard_codec_help_names_the_minesweeper_commands():
    from contextlib import redirect_stdout

    from slugboard.codecs import cli as shell

    out = io.StringIO()
    with redirect_stdout(out), pytest.raises(SystemExit):
        shell.run(["--help"])
    for name in ("export-replay", "generate-mines", "analyse-replay"):
        assert name in out.getvalue()

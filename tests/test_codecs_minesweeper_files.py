"""Replay files (.avf .rmv .evf .mvf) read into games, checked against ms-toollib."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay_files import DATA, FILES
from replay_files import toollib as _toollib
from slugboard.codecs import cli
from slugboard.codecs import minesweeper as ms
from slugboard.codecs.errors import FormatError
from slugboard.codecs.minesweeper.files import EXTENSIONS, read_replay, read_replay_file


def toollib(path: Path):
    return _toollib(path, at_end=True)


def test_every_format_is_there():
    assert sorted(p.suffix for p in FILES) == sorted(EXTENSIONS)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.suffix)
def test_file_replays_to_the_same_3bv_outcome_and_time(path, replay_games):
    video = toollib(path)
    game = replay_games[path.name]
    board = game.board
    assert (board.width, board.height) == (video.column, video.row)
    assert len(board.mines) == video.mine_num
    for x, y in board.mines:
        assert video.board[y][x] == -1
    # Through the slug: what the link holds is enough for the same game.
    again = ms.decode(ms.encode(board))
    stats = ms.replay(again).stats()
    assert stats.bbbv == video.bbbv
    assert stats.outcome == (ms.WON if video.is_completed else ms.LOST)
    assert stats.time_s == pytest.approx(video.rtime, abs=0.0015)
    assert stats.bbbv_solved == video.bbbv_solved


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.suffix)
def test_what_the_slug_cannot_hold_is_kept_and_said(path, replay_games):
    video = toollib(path)
    game = replay_games[path.name]
    moves = [e for e in video.events if e.event.is_mouse()]
    assert len(game.mouse) == len(moves)
    assert game.player and game.player in game.lost_in_slug()
    assert game.software
    assert "mouse path" in game.lost_in_slug()
    # The path is in cells: every pointer position of a game lies on (or just beside) the field.
    assert max(m.x for m in game.mouse) < game.board.width + 2
    assert max(m.y for m in game.mouse) < game.board.height + 2


def test_the_axes_of_a_wide_field(replay_games):
    wide = next(g for name, g in replay_games.items() if name.endswith(".mvf"))
    assert (wide.board.width, wide.board.height) == (30, 16)
    assert all(0 <= x < 30 and 0 <= y < 16 for x, y in wide.board.mines)
    evf = next(g for name, g in replay_games.items() if name.endswith(".evf"))
    assert (evf.board.width, evf.board.height) == (60, 36)


def damaged_versions(path: Path):
    data = path.read_bytes()
    yield data[: len(data) // 2]
    yield data[:40]
    yield data[:1]
    flipped = bytearray(data)
    for i in range(0, len(flipped), 7):
        flipped[i] ^= 0x5A
    yield bytes(flipped)


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.suffix)
def test_a_damaged_file_is_a_clear_error(path):
    for data in damaged_versions(path):
        with pytest.raises(FormatError) as info:
            read_replay(data, path.name)
        assert "damaged" in info.value.message or "does not make a game" in info.value.message


def test_not_a_replay():
    with pytest.raises(FormatError, match="not a replay file"):
        read_replay(b"1=9x9+00", "game.txt")
    with pytest.raises(FormatError, match="empty"):
        read_replay(b"", "game.avf")
    with pytest.raises(FormatError, match="cannot read"):
        read_replay_file(str(DATA / "no such file.avf"))


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(min_size=1, max_size=3000), st.sampled_from(EXTENSIONS))
def test_hostile_bytes_raise_format_error_only(data, suffix):
    try:
        game = read_replay(data, "x" + suffix)
    except FormatError:
        return
    ms.encode(game.board)  # anything read is a game that has a slug


def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = cli.run(list(argv), out=out, err=err, stdin=io.BytesIO())
    return code, out.getvalue(), err.getvalue()


@pytest.mark.slow
def test_cli_import_prints_json_or_slugs_and_goes_on_after_a_bad_file(tmp_path):
    bad = tmp_path / "broken.rmv"
    bad.write_bytes(b"not a replay at all")
    paths = [str(p) for p in FILES]
    code, out, err = run_cli("import", paths[0], str(bad), *paths[1:])
    assert code == 2
    lines = out.splitlines()
    assert len(lines) == len(FILES)
    boards = [ms.from_json(json.loads(line)) for line in lines]
    assert [ms.replay(b).stats().bbbv for b in boards] == [toollib(p).bbbv for p in FILES]
    assert "broken.rmv" in err and "damaged" in err
    code, out, err = run_cli("import", "--slug", *paths)
    assert code == 0 and not err
    assert [ms.decode(s) for s in out.splitlines()] == boards


@pytest.mark.slow
def test_a_damaged_file_leaves_nothing_behind(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(FormatError):
        read_replay(b"\x01\x02\x03" * 50, "x.rmv")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.suffix)
def test_speed_and_rqp_match_ms_toollib(path, replay_games):
    video = toollib(path)
    stats = ms.replay(replay_games[path.name].board).stats()
    assert stats.bbbv_per_s == pytest.approx(video.bbbv_s, rel=1e-3)
    assert stats.rqp == pytest.approx(video.rqp, rel=1e-3)


def test_the_game_declares_the_files_the_reader_reads():
    from slugboard.codecs import minesweeper
    from slugboard.codecs.minesweeper.files import EXTENSIONS

    assert [kind.extensions for kind in minesweeper.FILE_TYPES] == [EXTENSIONS]


@pytest.mark.slow
def test_the_reader_hands_ms_toollib_the_bytes_without_a_copy_as_a_list(monkeypatch):
    """A list of a file's bytes is 8 bytes a byte: the reader's child took 618 MB for a
    60 MB file (benchmarks/replay_reader_memory.py measures it)."""
    import ms_toollib

    from slugboard.codecs.minesweeper.files import read_in_process

    given = []
    real = ms_toollib.EvfVideo

    def video(name, raw):
        given.append(type(raw))
        return real(name, raw)

    monkeypatch.setattr(ms_toollib, "EvfVideo", video)
    path = DATA / "c_10_1184.575_1021_0.862_Pu Tian Yi(Hu Bei).evf"
    game = read_in_process(path.read_bytes(), ".evf")
    assert given == [bytes] and game["board"]["width"] == 60  # read as before

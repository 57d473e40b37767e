""".evf replays written by Slugboard, read back by ms-toollib (the judge): the same field,
3BV, outcome, time, clicks and mouse path as Slugboard shows, and for the four real
files, the same figures ms-toollib gives for the originals."""

from __future__ import annotations

import dataclasses
import random

import ms_toollib
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replay_files import FILES
from replay_files import toollib as _toollib
from slugboard.codecs import minesweeper as ms
from slugboard.codecs.errors import SlugError, ValueRangeError
from slugboard.codecs.minesweeper.evf import (
    CELL_PIXELS,
    MouseAction,
    Recording,
    recording_of,
    software_name,
    write_evf,
)
from slugboard.codecs.minesweeper.figures import figures_of

CLICK_FIGURES = ("left", "right", "double", "cl", "lce", "rce", "dce", "ce", "flag")


def read_back(data: bytes):
    video = ms_toollib.EvfVideo("", list(data))
    video.parse()
    video.analyse()
    video.current_time = video.rtime + 1
    return video


def mouse_of(video) -> list[tuple[float, str, int, int]]:
    out = []
    for ev in video.events:
        if ev.event.is_mouse():
            m = ev.event.unwrap_mouse()
            out.append((round(ev.time, 3), m.mouse, m.x, m.y))
    return out


def assert_same_field(video, board: ms.Board) -> None:
    assert (video.column, video.row, video.mine_num) == (board.width, board.height, len(board.mines))
    mines = {(x, y) for y, row in enumerate(video.board) for x, v in enumerate(row) if v < 0}
    assert mines == set(board.mines)


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.suffix)
def test_a_replay_file_written_again_gives_ms_toollib_the_figures_of_the_original(path, replay_games):
    original = _toollib(path, at_end=True)
    game = replay_games[path.name]
    video = read_back(write_evf(recording_of(game.board, replay_file=game)))
    assert_same_field(video, game.board)
    assert video.rtime_ms == original.rtime_ms
    assert video.bbbv == original.bbbv
    assert video.is_completed == original.is_completed
    for name in (*CLICK_FIGURES, "bbbv_solved", "path", "op", "isl"):
        assert getattr(video, name) == pytest.approx(getattr(original, name)), name
    assert video.pix_size == original.pix_size
    # Every press, release and move, at the same millisecond and pixel.
    assert mouse_of(video) == mouse_of(original)
    assert video.player_identifier == original.player_identifier


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.suffix)
def test_a_replay_file_written_again_has_the_figures_slugboard_shows(path, replay_games):
    game = replay_games[path.name]
    video = read_back(write_evf(recording_of(game.board, replay_file=game)))
    final = ms.replay(game.board).final()
    figures = figures_of(game.board, game.mouse).at(final, work_out_zini=False)
    assert video.rtime == pytest.approx(final.stats.time_s, abs=0.0005)
    assert video.is_completed == (final.outcome == ms.WON)
    assert video.bbbv == figures["3bv"]
    assert (video.left, video.right, video.double, video.ce) == (
        figures["left"],
        figures["right"],
        figures["double"],
        figures["effective"],
    )
    # ms-toollib measures the path in pixels of 16 to a cell, whatever the file's cell size.
    assert video.path == pytest.approx(figures["path"] * 16, rel=1e-4)


def test_the_software_is_slugboard_with_its_version(replay_games):
    game = next(iter(replay_games.values()))
    video = read_back(write_evf(recording_of(game.board, replay_file=game)))
    assert video.software == software_name()
    assert video.software.startswith("Slugboard ")
    assert video.software.split()[1][0].isdigit()
    assert "Arbiter" not in video.software and "Metasweeper" not in video.software


def played_game(seed: int, level: str, version: int) -> ms.Board:
    """A game played with random clicks (opens mostly, some flags) through the rules of play."""
    rng = random.Random(seed)
    w, h, m = ms.LEVELS[level]
    board = ms.new_game(ms.new_board().with_version(version, 10 if version == 2 else None), w, h, m, seed=seed)
    t = 0.0
    for _ in range(400):
        state = ms.replay(board).final()
        if state.outcome != ms.UNFINISHED:
            break
        closed = [c for c in range(w * h) if state.cells[c] in (ms.CLOSED, ms.FLAGGED)]
        c = rng.choice(closed)
        button = ms.FLAG_BUTTON if rng.random() < 0.2 else ms.OPEN_BUTTON
        t += rng.uniform(0, 900)
        done = ms.click(board, c % w, c // w, button, t, seed=seed)
        if done.board is not None:
            board = done.board
    return board


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(list(ms.LEVELS)), st.sampled_from([1, 2]))
def test_a_game_from_a_link_reads_back_with_the_figures_slugboard_shows(seed, level, version):
    board = played_game(seed, level, version)
    video = read_back(write_evf(recording_of(board)))
    assert_same_field(video, board)
    final = ms.replay(board).final()
    figures = figures_of(board).at(final, work_out_zini=False)
    assert video.bbbv == figures["3bv"]
    assert video.is_completed == (final.outcome == ms.WON)
    assert video.rtime_ms == round(final.stats.time_s * 1000)
    assert (video.left, video.right, video.double, video.ce, video.flag) == (
        figures["left"],
        figures["right"],
        figures["double"],
        figures["effective"],
        figures["flags"],
    )
    assert video.bbbv_solved == final.stats.bbbv_solved or final.outcome == ms.WON
    # Each action is a press and a release at the middle of its cell.
    mouse = mouse_of(video)
    assert len(mouse) == 2 * len(board.events)
    unit = board.time_unit_ms
    for e, (press, release) in zip(board.events, zip(mouse[::2], mouse[1::2])):
        assert press[1] == ("lc" if e.kind == ms.OPEN else "rc")
        assert (press[2], press[3]) == (release[2], release[3])
        assert (press[2] // CELL_PIXELS, press[3] // CELL_PIXELS) == (e.x, e.y)
        assert press[0] == pytest.approx((e.t - board.events[0].t) * unit / 1000, abs=1e-6)


def test_waits_longer_than_a_minute_are_written_as_pauses():
    events = (ms.Event(0, "open", 3, 0), ms.Event(150, "flag", 0, 0), ms.Event(150, "open", 1, 0))
    board = ms.Board(4, 1, ((0, 0), (2, 0)), events, 2, 1000)
    video = read_back(write_evf(recording_of(board)))
    assert video.rtime_ms == 150_000
    assert video.is_completed
    assert [m[0] for m in mouse_of(video)] == [0.0, 0.0, 150.0, 150.0, 150.0, 150.0]


def small_recording(**changes) -> Recording:
    rec = Recording(3, 3, ((0, 0),), 1, 0, False, (MouseAction("lc", 0, 40, 40), MouseAction("lr", 5, 40, 40)))
    return dataclasses.replace(rec, **changes)


@pytest.mark.parametrize(
    "changes",
    [
        {"width": 256},
        {"height": 0},
        {"width": 200, "cell_pixels": 200},
        {"mines": ((0, 0),) * 65536},
        {"time_ms": -1},
        {"mouse": ()},
        {"mouse": (MouseAction("zz", 0, 1, 1),)},
    ],
)
def test_what_the_format_cannot_hold_is_refused_with_a_reason(changes):
    with pytest.raises(ValueRangeError):
        write_evf(small_recording(**changes))


def test_a_game_with_no_action_has_nothing_to_save():
    with pytest.raises(SlugError, match="no action"):
        recording_of(ms.Board(9, 9, ((0, 0),)))


def test_a_text_with_a_zero_byte_cannot_cut_the_header_short():
    video = read_back(write_evf(small_recording(player="Ann\0Bee")))
    assert video.player_identifier == "AnnBee"
    assert video.bbbv == 1

"""One time everywhere, and the time the file's own program showed."""

from __future__ import annotations

import re

import pytest

from replay_files import FILES
from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper.times import official_time_s, seconds_text, start_ms


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.suffix)
def test_the_files_own_time_is_the_one_in_its_name(path, replay_games):
    game = replay_games[path.name]
    official = official_time_s(game)
    if path.suffix in (".avf", ".mvf"):
        # The players name their files with the time their program showed: 15.52, 38.82.
        named = re.search(r"_(\d+\.\d\d)", path.name).group(1)
        assert f"{official:.2f}" == named
        assert official == pytest.approx(game.time_s + 1, abs=0.011)
        assert f"{official:.2f} s" in game.lost_in_slug() and "starts at 1 s" in game.lost_in_slug()
    else:
        assert official is None
        assert "showed" not in game.lost_in_slug()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.suffix)
def test_slugboards_time_is_the_files_to_the_millisecond(path, replay_games):
    game = replay_games[path.name]
    stats = ms.replay(game.board).stats()
    assert seconds_text(stats.time_s * 1000, game.board) == f"{game.time_s:.3f}"
    # The replay's clock at the last action, counted from the first, says the same.
    last = game.board.events[-1].t * game.board.time_unit_ms
    assert seconds_text(last - start_ms(game.board), game.board) == f"{game.time_s:.3f}"


def test_a_game_kept_in_coarser_units_shows_hundredths():
    board = ms.Board(3, 1, ((0, 0),), (ms.Event(2, "open", 2, 0),), 1, 50)
    assert seconds_text(2900, board) == "2.90" and start_ms(board) == 100

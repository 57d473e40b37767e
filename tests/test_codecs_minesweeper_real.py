"""The real replay files of tests/data/real/minesweeper (where each comes from: tests/data/README),
each opened as the window opens it (the game's file reader) and checked against a reading
that is not Slugboard's:

* ms-toollib's (the library behind Metasweeper) for every file it reads: .avf, .rmv,
  .evf, and .mvf of Minesweeper Clone 0.97. Its 3BV, 3BV solved, outcome, time and
  clicks;
* for the Clone versions only Slugboard reads (0.96 and earlier, 2006, 2007), the file's
  own facts (the time Clone saved with the game, and a game won by its very last event),
  and ms-toollib's rules playing the mouse path Slugboard read (written as an .evf).
  (test_codecs_minesweeper_mvf.py also reads the 0.97 files both ways and checks the
  figures Clone saved in them.)"""

from __future__ import annotations

from pathlib import Path

import ms_toollib
import pytest

from replay_files import toollib
from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper import mvf
from slugboard.codecs.minesweeper.evf import recording_of, write_evf
from slugboard.codecs.minesweeper.figures import GameFigures
from slugboard.codecs.minesweeper.files import EXTENSIONS, read_records

REAL = Path(__file__).parent / "data" / "real" / "minesweeper"
CORPUS = sorted(p for p in REAL.iterdir() if p.suffix in EXTENSIONS)
ONLY_SLUGBOARD = [p for p in CORPUS if p.suffix == ".mvf" and not mvf.is_clone_097(p.read_bytes())]
TOOLLIB_READS = [p for p in CORPUS if p not in ONLY_SLUGBOARD]


@pytest.fixture(scope="module")
def games():
    """Every file of the corpus, read by the game's file reader (as File > Open reads it)."""
    out = {}
    for path in CORPUS:
        [record] = read_records(str(path))
        assert record.payload.board is record.board
        out[path.name] = record.payload
    return out


def test_the_corpus_holds_every_program_and_every_clone_version():
    assert len(CORPUS) >= 15
    assert {p.suffix for p in CORPUS} == set(EXTENSIONS)
    versions = {mvf.read_mvf(p.read_bytes()).version.split(" release")[0] for p in CORPUS if p.suffix == ".mvf"}
    assert versions == {"0.96 beta or earlier", "0.97 beta", "2006", "2007"}


@pytest.mark.slow
@pytest.mark.parametrize("path", TOOLLIB_READS, ids=lambda p: p.name)
def test_a_file_opens_with_ms_toollibs_field_3bv_outcome_and_time(path, games):
    """Reading: ms-toollib's."""
    video = toollib(path, at_end=True)
    game = games[path.name]
    board = game.board
    assert (board.width, board.height, len(board.mines)) == (video.column, video.row, video.mine_num)
    assert all(video.board[y][x] == -1 for x, y in board.mines)
    stats = ms.replay(board).stats()
    assert (stats.bbbv, stats.bbbv_solved) == (video.bbbv, video.bbbv_solved)
    assert stats.outcome == (ms.WON if video.is_completed else ms.LOST)
    assert game.won == video.is_completed
    assert stats.time_s == pytest.approx(video.rtime, abs=0.0015)
    # Through the slug: a link holds the same game.
    assert ms.decode(ms.encode(board)) == board


@pytest.mark.parametrize("path", TOOLLIB_READS, ids=lambda p: p.name)
def test_a_files_clicks_are_ms_toollibs(path, games):
    """Reading: ms-toollib's left, right and double clicks for the whole game."""
    video = toollib(path, at_end=True)
    game = games[path.name]
    got = GameFigures(game.board, game.mouse).at(ms.replay(game.board).final())
    assert (got["left"], got["right"], got["double"]) == (video.left, video.right, video.double)


@pytest.mark.parametrize("path", ONLY_SLUGBOARD, ids=lambda p: p.name)
def test_a_clone_file_only_slugboard_reads_ends_as_clone_saved_it(path, games):
    """Readings: the file's own facts (Clone stops recording when the game ends, and saves
    its clock's time, which starts at the first release), and ms-toollib playing the mouse
    path read here by its own rules."""
    game = games[path.name]
    replay = ms.replay(game.board)
    assert game.won and replay.final().outcome == ms.WON
    assert replay.stats().bbbv_solved == replay.bbbv
    first_release = next(m.t_ms for m in game.mouse if m.kind == "lr")
    assert game.board.events[-1].t == game.mouse[-1].t_ms  # won by the last event
    assert game.figures["clone_time_s"] * 1000 == pytest.approx(game.mouse[-1].t_ms - first_release)
    assert ms.decode(ms.encode(game.board)) == game.board
    video = ms_toollib.EvfVideo("", write_evf(recording_of(game.board, replay_file=game)))
    video.parse()
    video.analyse()
    video.current_time = video.rtime + 1
    assert video.bbbv_solved == video.bbbv == replay.bbbv

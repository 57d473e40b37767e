"""Every click judged by ms-toollib's analysis: what Slugboard reports for each action is
what ms-toollib finds on the original file, tied to the action it belongs to."""

from __future__ import annotations

import argparse
import collections
import io
import json

import ms_toollib
import pytest

from conftest import load_vectors
from replay_files import FILES
from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper import commands
from slugboard.codecs.minesweeper.analysis import FEATURES, KINDS, analyse
from slugboard.codecs.work import Cancel, Cancelled

ARTICLE = load_vectors("minesweeper")["games"][0]["slug"]
# The three short games (the .evf one takes ms-toollib a minute).
SHORT = [p for p in FILES if p.suffix != ".evf"]
_VIDEO = {".avf": ms_toollib.AvfVideo, ".rmv": ms_toollib.RmvVideo, ".mvf": ms_toollib.MvfVideo}


def toollib_findings(path):
    """ms-toollib's own analysis of the original file: (time ms, comment) pairs and the
    chance each opening click after the first was safe."""
    video = _VIDEO[path.suffix](str(path))
    video.parse()
    video.analyse()
    video.analyse_for_features(list(FEATURES))
    comments = collections.Counter()
    chances = []
    begun = False
    for ev in video.events:
        for part in ev.comments.split(";"):
            if part:
                comments[part.split(":")[1]] += 1
        m = ev.event.unwrap_mouse()
        if m.mouse == "lr" and ev.useful_level >= 2:
            if begun:
                pix = video.pix_size
                p = ev.prior_game_board.poss[int(m.y // pix)][int(m.x // pix)]
                if 0 < p < 1:
                    chances.append(round(1 - p, 9))
            begun = True
    return comments, chances


@pytest.mark.slow
@pytest.mark.parametrize("path", SHORT, ids=lambda p: p.suffix)
def test_the_findings_are_ms_toollibs_on_the_original_file(path, replay_games):
    game = replay_games[path.name]
    result = analyse(game.board, game)
    comments, chances = toollib_findings(path)
    counts = result.counts()
    assert counts.pop("guess", 0) == len(chances)
    assert counts == dict(comments)
    assert sorted(round(c, 9) for c in result.safe_chance if c is not None) == sorted(chances)
    survival = 1.0
    for c in chances:
        survival *= c
    assert result.survival == pytest.approx(survival)
    assert len(result.findings) == len(game.board.events)


@pytest.mark.slow
@pytest.mark.parametrize("path", SHORT, ids=lambda p: p.suffix)
def test_a_guess_is_marked_on_the_open_it_made(path, replay_games):
    game = replay_games[path.name]
    result = analyse(game.board, game)
    marked = [i for i, c in enumerate(result.safe_chance) if c is not None]
    assert marked
    for i in marked:
        assert game.board.events[i].kind == ms.OPEN
        assert any(f.kind == "guess" and f"{100 * result.safe_chance[i]:.1f}%" in f.text for f in result.findings[i])


@pytest.mark.slow
def test_a_game_from_a_link_is_judged_without_the_path_findings():
    board = ms.decode(ARTICLE)
    result = analyse(board)
    kinds = {f.kind for found in result.findings for f in found}
    assert not kinds & {"mouse_trace_straight", "mouse_trace_curved", "mouse_trace_too_curved", "vision_transfer"}
    assert kinds <= set(KINDS)


def test_the_analysis_can_be_cancelled():
    cancel = Cancel()
    cancel.set()
    with pytest.raises(Cancelled):
        analyse(ms.decode(ARTICLE), cancel=cancel)


@pytest.mark.slow
def test_analyse_replay_prints_one_json_object_per_action():
    parser = argparse.ArgumentParser()
    commands.analyse_replay_options(parser)
    out, err = io.StringIO(), io.StringIO()
    assert commands.analyse_replay(parser.parse_args([str(SHORT[0])]), out=out, err=err) == 0, err.getvalue()
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["index"] for line in lines] == list(range(len(lines)))
    assert all({"t_ms", "kind", "x", "y", "findings"} <= set(line) for line in lines)
    guesses = [line for line in lines if "safe_chance" in line]
    assert guesses and all(0 < g["safe_chance"] < 1 for g in guesses)
    assert any(f["kind"] == "needless_guess" for line in lines for f in line["findings"])


def test_analyse_replay_refuses_a_text_that_is_no_game():
    parser = argparse.ArgumentParser()
    commands.analyse_replay_options(parser)
    out, err = io.StringIO(), io.StringIO()
    assert commands.analyse_replay(parser.parse_args(["1=5x5+0141++"]), out=out, err=err) == 2
    assert "no action" in err.getvalue() and not out.getvalue()

"""The community's figures (clicks, ZiNi, islands, IOE, STNB, path...) against ms-toollib:
at every mouse event of the four real files, at their end, and on the vector games."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import ms_toollib
import pytest
from depth import examples
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from conftest import load_vectors
from replay_files import DATA, FILES
from replay_files import game as replay_game
from replay_files import toollib as _toollib
from slugboard.codecs import minesweeper as ms
from slugboard.codecs.caches import Recent
from slugboard.codecs.minesweeper.clicks import ClickTimeline, MousePath, chord_moments
from slugboard.codecs.minesweeper.figures import CONVENTIONS, GameFigures, islands_of, link_pointers, zini_of
from slugboard.codecs.minesweeper.files import EXTENSIONS
from slugboard.codecs.minesweeper.mvf import is_clone_097
from slugboard.codecs.minesweeper.stats import Field, field_of
from slugboard.codecs.minesweeper.times import end_ms
from strategies.minesweeper import boards

GAME_VECTORS = load_vectors("minesweeper")["games"]
# The files of tests/data/minesweeper, and the real ones of tests/data/real/minesweeper that
# ms-toollib reads (all but the Minesweeper Clone versions before 0.97).
REAL = Path(__file__).parent / "data" / "real" / "minesweeper"
EVERY_FILE = FILES + sorted(
    p for p in REAL.iterdir() if p.suffix in EXTENSIONS and (p.suffix != ".mvf" or is_clone_097(p.read_bytes()))
)


def toollib(path: Path):
    return _toollib(path, at_end=False)


@pytest.mark.slow
@pytest.mark.parametrize("path", EVERY_FILE, ids=lambda p: p.name)
def test_clicks_match_ms_toollib_after_every_mouse_event(path):
    video = toollib(path)
    game = replay_game(path)
    timeline = ClickTimeline(game.board, game.mouse)
    events = [e for e in video.events if e.event.is_mouse()]
    assert len(events) == len(timeline)
    for i, e in enumerate(events):
        k = e.key_dynamic_params
        got = timeline.after(i + 1)
        assert (got.left, got.right, got.double, got.left_effective, got.right_effective, got.double_effective) == (
            k.left,
            k.right,
            k.double,
            k.lce,
            k.rce,
            k.dce,
        ), f"mouse event {i}"
        assert got.flags == k.flag
        # ms-toollib measures the path in pixels of 16 to a cell.
        assert got.path * 16 == pytest.approx(e.path, abs=0.05 + e.path * 1e-5)


@pytest.mark.slow
@pytest.mark.parametrize("path", EVERY_FILE, ids=lambda p: p.name)
def test_every_figure_at_the_end_matches_ms_toollib(path):
    video = toollib(path)
    video.current_time = video.rtime + 1
    game = replay_game(path)
    figures = GameFigures(game.board, game.mouse)
    got = figures.at(ms.replay(game.board).final())
    assert set(got) == set(CONVENTIONS)
    exact = {
        "3bv": video.bbbv,
        "zini": video.zini,
        "hzini": video.hzini,
        "openings": video.op,
        "islands": video.isl,
        "left": video.left,
        "right": video.right,
        "double": video.double,
        "clicks": video.cl,
        "effective": video.ce,
        "flags": video.flag,
    }
    assert {k: got[k] for k in exact} == exact
    near = {
        "3bv_per_s": video.bbbv_s,
        "ioe": video.ioe,
        "correctness": video.corr,
        "throughput": video.thrp,
        "rqp": video.rqp,
        "path": video.path / 16,
    }
    for key, want in near.items():
        assert got[key] == pytest.approx(want, rel=2e-3), key
    if video.stnb:
        assert got["stnb"] == pytest.approx(video.stnb, rel=2e-3)
    else:
        assert got["stnb"] is None  # a custom field (ms-toollib says 0)


def test_figures_follow_the_replay_moment(replay_games):
    game = next(g for name, g in replay_games.items() if name.endswith(".avf"))
    figures = GameFigures(game.board, game.mouse)
    r = ms.replay(game.board)
    start = figures.at(r.state_at(0))
    assert (start["clicks"], start["path"]) == (1, 0.0)  # the first click starts the clock
    middle = figures.at(r.state_at(r.duration_ms / 2))
    end = figures.at(r.final())
    assert start["clicks"] < middle["clicks"] < end["clicks"]
    assert 0 < middle["path"] < end["path"]


def toollib_rows(fld: Field):
    w = fld.width
    return [[-1 if v == 9 else v for v in fld.numbers[y * w : (y + 1) * w]] for y in range(fld.height)]


@pytest.mark.parametrize("vec", GAME_VECTORS, ids=[g["name"] for g in GAME_VECTORS])
def test_vector_games_field_figures_match_ms_toollib(vec):
    board = ms.decode(vec["slug"])
    got = GameFigures(board).at(ms.replay(board).final())
    want = ms_toollib.Board(toollib_rows(Field(board.width, board.height, board.mines)))
    assert (got["3bv"], got["openings"], got["islands"], got["zini"], got["hzini"]) == (
        want.bbbv,
        want.op,
        want.isl,
        want.zini,
        want.hzini,
    )
    assert got["path"] is None  # a link keeps no mouse path
    opens = sum(e.kind == ms.OPEN for e in board.events)
    assert (got["left"], got["right"], got["double"]) == (opens, len(board.events) - opens, 0)


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(1, 20), st.integers(1, 20), st.data())
def test_openings_and_islands_match_ms_toollib(width, height, data):
    cells = data.draw(st.sets(st.integers(0, width * height - 1), max_size=width * height // 3))
    fld = Field(width, height, tuple((c % width, c // width) for c in sorted(cells)))
    want = ms_toollib.Board(toollib_rows(fld))
    assert (len(fld.opening_sizes), islands_of(fld), fld.bbbv) == (want.op, want.isl, want.bbbv)
    assert zini_of(fld) == (want.zini, want.hzini)


@pytest.mark.parametrize("width,height,density", [(300, 40, 0.12), (40, 300, 0.12), (200, 200, 0.2), (97, 61, 0.33)])
def test_openings_and_islands_of_long_and_large_fields_match_ms_toollib(width, height, density):
    """Rows of hundreds of cells, and fields taller than wide (worked out down the
    columns), count as ms-toollib counts them."""
    rng = random.Random(width * 1000 + height)
    cells = [c for c in range(width * height) if rng.random() < density]
    fld = Field(width, height, tuple((c % width, c // width) for c in cells))
    want = ms_toollib.Board(toollib_rows(fld))
    assert (len(fld.opening_sizes), islands_of(fld), fld.bbbv) == (want.op, want.isl, want.bbbv)
    assert islands_of(fld) >= 5  # enough to count


def test_every_figure_says_its_convention():
    for label, tip in CONVENTIONS.values():
        assert label and tip.endswith(".")


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(DATA.glob("*.*")), ids=lambda p: p.suffix)
def test_chord_moments_are_the_chords_ms_toollib_counts(path):
    game = replay_game(path)
    moments = chord_moments(game.mouse)
    assert len(moments) == game.figures["double"]
    assert all(isinstance(t, int) for t in moments)


def test_chord_moments_follow_the_buttons():
    class P:
        def __init__(self, t_ms, kind):
            self.t_ms, self.kind, self.x, self.y = t_ms, kind, 0.0, 0.0

    # Left then right down, left up: a chord; the right release after it is nothing.
    # A right click alone, a middle click, and Metasweeper's "cc" press.
    events = [P(10.4, "lc"), P(20, "rc"), P(30.9, "lr"), P(40, "rr"), P(50, "rc"), P(60, "rr")]
    events += [P(70, "mc"), P(80, "mr"), P(90, "lc"), P(100, "cc"), P(110.2, "rr"), P(120, "lr")]
    assert chord_moments(events) == frozenset({30, 80, 110})


def test_mine_odds_see_the_board_as_the_player_does():
    from slugboard.codecs.minesweeper.odds import mine_odds, player_view

    # 3x3, one mine in the corner; the player opened the top left 0 and flagged the mine.
    board = ms.Board(3, 3, ((2, 2),), ())
    fld = ms.replay(board).field
    cells = bytearray(9)
    for c in (0, 1, 3, 4):
        cells[c] = ms.OPENED
    cells[8] = ms.FLAGGED
    cells[5] = ms.MARKED
    assert player_view(fld.numbers, bytes(cells), 3) == [[0, 0, 10], [0, 1, 10], [10, 10, 11]]
    odds = mine_odds(fld.numbers, bytes(cells), 3, 1)
    assert odds.cells == bytes(cells) and len(odds.values) == 9
    assert odds.at(2, 2) == 1.0 and odds.at(2, 0) == 0.0 and odds.at(0, 0) == 0.0


def test_mine_odds_say_when_ms_toollib_finds_no_field(monkeypatch):
    from slugboard.codecs.minesweeper.odds import mine_odds

    def refuse(view, mines):
        raise RuntimeError("枚举阶段无解的局面")

    monkeypatch.setattr(ms_toollib, "cal_probability_onboard", refuse)
    with pytest.raises(ValueError, match="no arrangement"):
        mine_odds(bytes([1, 9]), bytes([ms.OPENED, 0]), 2, 1)


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(DATA.glob("*.*")), ids=lambda p: p.suffix)
def test_the_mouse_path_marks_the_clicks_ms_toollib_counts(path):
    from slugboard.codecs.minesweeper.clicks import CHORD_CLICK, LEFT_CLICK, RIGHT_CLICK

    game = replay_game(path)
    mouse = game.mouse_path()
    assert game.mouse_path() is mouse and len(mouse) == len(game.mouse)
    kinds = [kind for *_, kind in mouse.clicks]
    assert kinds.count(LEFT_CLICK) == game.figures["left"]
    assert kinds.count(CHORD_CLICK) == game.figures["double"]
    # A right press that begins a chord is the chord's, not a right click of its own.
    assert kinds.count(RIGHT_CLICK) == game.figures["right"]
    assert [c[0] for c in mouse.clicks] == sorted(c[0] for c in mouse.clicks)
    last = game.mouse[-1]
    assert mouse.pointer_at(last.t_ms + 5) == (last.x, last.y)
    assert mouse.pointer_at(-1) is None
    trail = mouse.trail(last.t_ms, 1000)
    assert trail and all(last.t_ms - 1000 <= t <= last.t_ms for t, _, _ in trail)
    assert all(c[0] <= last.t_ms for c in mouse.clicks_between(0, last.t_ms))


class _Move:
    def __init__(self, t_ms: float, x: float, y: float) -> None:
        self.t_ms, self.x, self.y, self.kind = t_ms, x, y, "mv"


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(st.integers(0, 3000), max_size=60).map(sorted),
    st.integers(-100, 3200),
    st.integers(1, 2000),
    st.integers(1, 10),
)
def test_trail_runs_shade_each_segment_of_the_trail_by_its_start(times, now, span, shades):
    path = MousePath([_Move(t, t / 7, t / 11) for t in times], [])
    trail = path.trail(now, span)
    # Each segment of the trail once, in order, in the shade of its start's age: shade s
    # when it began at least s of the span's `shades` parts ago.
    expected = [max(s for s in range(shades) if t0 <= now - s * (span / shades)) for t0, *_ in trail[:-1]]
    runs = path.trail_runs(now, span, shades)
    segments = [(shade, i) for shade, first, last in runs for i in range(first, last)]
    start = len(times) - len([t for t in times if t >= now - span])
    assert [i for _, i in segments] == list(range(start, start + len(expected)))
    assert [shade for shade, _ in segments] == expected
    assert all(last > first for _, first, last in runs)
    assert [shade for shade, *_ in runs] == sorted({shade for shade, *_ in runs}, reverse=True)


def test_figures_are_kept_per_game_and_per_source(replay_games, monkeypatch):
    from slugboard.codecs.minesweeper import figures

    monkeypatch.setattr(figures, "FIGURES", Recent("figures", figures.FIGURES.size))
    game = replay_games[FILES[0].name]
    from_file = figures.figures_of(game.board, game.mouse)
    assert figures.figures_of(game.board, game.mouse) is from_file
    from_link = figures.figures_of(game.board)
    assert from_link is not from_file and from_file.from_file and not from_link.from_file
    assert figures.figures_of(game.board, []) is from_link  # no mouse events: the link's figures
    # An equal board read again is another game to the table (it is looked up by identity).
    other = ms.decode(ms.encode(game.board))
    assert figures.figures_of(other) is not from_link


def _long_link_game():
    """A 60x60 field with a game of 2,000 actions from its link (flags and opens)."""
    rng = random.Random(5)
    field = ms.random_board(60, 60, 500, seed=5)
    cells = [(x, y) for y in range(60) for x in range(60)]
    rng.shuffle(cells)
    events = [
        {"t": i, "kind": "flag" if (x, y) in field.mine_set else "open", "x": x, "y": y}
        for i, (x, y) in enumerate(cells[:2000])
    ]
    return ms.from_json({**ms.to_json(field), "events": events})


@pytest.fixture
def fresh_memories(monkeypatch):
    """The kept figures, replays and fields empty: what `prepare` keeps is seen."""
    from slugboard.codecs.minesweeper import figures, replays, stats

    monkeypatch.setattr(figures, "FIGURES", Recent("figures", figures.FIGURES.size))
    monkeypatch.setattr(replays, "REPLAYS", Recent("replays", replays.REPLAYS.size))
    monkeypatch.setattr(stats, "FIELDS", Recent("fields", stats.FIELDS.size))


def test_prepare_works_out_what_a_window_asks_for_and_says_how_far_it_is(monkeypatch, fresh_memories):
    from slugboard.codecs.minesweeper import figures, replays, stats
    from slugboard.codecs.work import Cancel

    monkeypatch.setattr(ClickTimeline, "CHECK_EVERY", 500)
    board = _long_link_game()
    reports: list[float] = []
    ms.prepare(board, Cancel(reports.append))
    # After the field, after the replay, every 500 of the 4,000 mouse events, and at the end.
    assert reports == sorted(reports) and reports[-1] == 1.0 and len(reports) == 3 + 7
    # All of it is found as it was made: nothing is worked out again.
    made = []
    monkeypatch.setattr(replays.Replay, "__init__", lambda *a: made.append("replay"))
    monkeypatch.setattr(figures.GameFigures, "__init__", lambda *a: made.append("figures"))
    monkeypatch.setattr(stats.Field, "__init__", lambda *a: made.append("field"))
    fld = ms.field_of(board)
    assert ms.replay(board).board is board
    counted = figures.figures_of(board)
    assert made == [] and fld.islands_known() is not None
    # And it is what counting afresh finds.
    monkeypatch.undo()
    fresh = GameFigures(ms.decode(ms.encode(board)))
    end = ms.replay(board).final()
    assert counted.at(end) == fresh.at(end, work_out_zini=False) | {
        "zini": counted.at(end)["zini"],
        "hzini": counted.at(end)["hzini"],
    }


def test_a_timeline_keeps_no_object_for_each_mouse_event():
    """A game of a million actions from a link has two million mouse events: the timeline
    keeps about 9 bytes for each (where a tuple of floats each took about 72), and 25 for
    each click, in arrays, with no object of its own for either."""
    import sys
    import tracemalloc

    board = _long_link_game()
    tracemalloc.start()
    try:
        timeline = ClickTimeline(board, link_pointers(board))
        blocks = sum(
            stat.count
            for stat in tracemalloc.take_snapshot().statistics("filename")
            if stat.traceback[0].filename.endswith("clicks.py")
        )
    finally:
        tracemalloc.stop()
    events, clicks = len(timeline), len(timeline.clicks)
    assert events == 4000 and clicks > 1000
    assert blocks < 50  # arrays that grow, not an object an event
    per_event = (timeline.times, timeline._codes, timeline._paths, timeline._bases, timeline._path_bases)
    assert (timeline.times.itemsize, timeline._paths.itemsize) == (4, 4)
    assert sum(map(sys.getsizeof, per_event)) / events < 11
    kept = timeline._clicks
    assert sum(map(sys.getsizeof, (kept.t, kept.x, kept.y, kept.kinds))) / clicks < 30


@pytest.mark.slow
def test_a_games_figures_count_the_clicks_without_their_places(replay_games):
    """A game's figures count its clicks and keep a byte for each, where a timeline that
    a drawing of the mouse path asks for keeps 25 (its time and place): the same figures
    after every mouse event, for games from links and from replay files (whose chords
    take back a right click)."""
    import sys

    games = [(board, None) for board in (_long_link_game(), *(ms.decode(v["slug"]) for v in GAME_VECTORS))]
    games += [(game.board, game.mouse) for game in replay_games.values()]
    for board, mouse in games:
        figures = GameFigures(board, mouse)
        placed = ClickTimeline(board, mouse or link_pointers(board))
        n = len(placed)
        assert len(figures.clicks) == n
        assert [figures.clicks.after(i) for i in range(n + 1)] == [placed.after(i) for i in range(n + 1)]
        kept = figures.clicks._clicks
        assert (len(kept.t), len(kept.x), len(kept.y)) == (0, 0, 0)
        assert bytes(kept.kinds) == bytes(placed._clicks.kinds) and len(kept.kinds) == len(placed.clicks)
        with pytest.raises(ValueError):
            figures.clicks.clicks  # noqa: B018
    kept = GameFigures(_long_link_game()).clicks._clicks
    assert sum(map(sys.getsizeof, (kept.t, kept.x, kept.y, kept.kinds))) / len(kept.kinds) < 2


def test_a_timeline_takes_any_time_a_damaged_file_gives():
    """Times beyond 24 days, or no number at all, stand at the end of the column of whole
    milliseconds; the figures are counted as for any other events."""

    class P:
        def __init__(self, t_ms, kind):
            self.t_ms, self.kind, self.x, self.y = t_ms, kind, 0.5, 0.5

    board = ms.Board(3, 3, ((2, 2),), ())
    times = [-0.5, 2.9, 2**40, float("inf"), float("-inf"), float("nan"), 1e300, 7.0]
    events = [P(t, kind) for t, kind in zip(times, ["lc", "lr", "rc", "rr", "lc", "lr", "rc", "rr"])]
    timeline = ClickTimeline(board, events)
    limit = 2**31 - 1
    assert list(timeline.times) == [-1, 2, limit, limit, -limit, limit, limit, 7]
    assert timeline.after(2).left == 1 and timeline.after(8).left == 1
    assert timeline.at(2) == timeline.after(2)


def test_prepare_leaves_a_long_games_figures_to_be_counted_when_asked(monkeypatch, fresh_memories):
    """Beyond PREPARED_FIGURES_ACTIONS, `prepare` works out the field and the replay, and
    the window counts the figures once the board is on screen."""
    from slugboard.codecs.minesweeper import figures, replays
    from slugboard.codecs.work import Cancel

    monkeypatch.setattr(figures, "PREPARED_FIGURES_ACTIONS", 1999)
    board = _long_link_game()
    reports: list[float] = []
    ms.prepare(board, Cancel(reports.append))
    assert reports == sorted(reports) and reports[-1] == 1.0
    assert figures.figures_known(board) is None
    assert replays.REPLAYS.items() and ms.replay(board).board is board
    monkeypatch.setattr(figures, "PREPARED_FIGURES_ACTIONS", 2000)
    ms.prepare(board)
    assert figures.figures_known(board) is not None


def test_prepare_leaves_a_long_games_replay_to_the_window_but_says_how_it_ended(monkeypatch, fresh_memories):
    """Beyond PREPARED_REPLAY_ACTIONS, `prepare` plays the game only to find how it ended
    (its problems are shown with its board), and builds no Replay: the window shows the
    board at its start, and builds the replay once it is on screen."""
    from slugboard.codecs.minesweeper import figures, replays
    from slugboard.codecs.work import Cancel

    monkeypatch.setattr(replays, "OUTCOMES", type(replays.OUTCOMES)("outcomes", replays.OUTCOMES.size))
    built: list[bool] = []  # whether each Replay made is one to seek in
    real = replays.Replay.__init__

    def init(self, board, seekable=True):
        built.append(seekable)
        real(self, board, seekable)

    monkeypatch.setattr(replays.Replay, "__init__", init)
    # The game lost at its first click, and played on: 2,000 actions after its end.
    game = _long_link_game()
    x, y = min(game.mine_set)
    events = [{"t": 0, "kind": "open", "x": x, "y": y}]
    events += [{"t": e.t + 1, "kind": e.kind, "x": e.x, "y": e.y} for e in game.events]
    board = ms.from_json({**ms.to_json(game), "events": events})
    monkeypatch.setattr(figures, "PREPARED_REPLAY_ACTIONS", len(events) - 1)
    reports: list[float] = []
    ms.prepare(board, Cancel(reports.append))
    assert reports == sorted(reports) and reports[-1] == 1.0
    assert built == [False] and ms.kept_replay(board) is None
    # What the window shows at once needs nothing more.
    shown = ms.problems(board)
    assert built == [False]
    start = ms.start_state(board)
    assert built == [False]
    # And it is what the Replay, once built, says.
    r = ms.replay(board)
    assert built == [False, True] and ms.kept_replay(board) is r
    assert [p.message for p in shown] == ["2000 action(s) recorded after the game was lost"]
    assert start == r.state(0, 0) and end_ms(board) == r.duration_ms
    monkeypatch.setattr(figures, "PREPARED_REPLAY_ACTIONS", len(events))
    other = ms.decode(ms.encode(board))  # the same game read again: its Replay is kept
    ms.prepare(other)
    assert built == [False, True] and ms.kept_replay(other) is r


@settings(max_examples=examples(60), deadline=None)
@given(boards())
def test_the_start_and_end_of_a_replay_are_known_without_playing_it(board):
    r = ms.Replay(board)
    assert ms.start_state(board) == r.state(0, 0)  # as the replay shows its very start
    assert end_ms(board) == r.duration_ms


def test_a_replay_asked_for_on_two_threads_at_once_is_built_once(monkeypatch, fresh_memories):
    """The window asks for a long game's Replay while its worker builds it: it waits for
    that one rather than building its own."""
    import threading

    from slugboard.codecs.minesweeper import replays

    board = _long_link_game()
    started, release = threading.Event(), threading.Event()
    asked = threading.Event()  # the second thread has looked for a kept Replay
    made: list[str] = []
    real_init, real_kept = replays.Replay.__init__, replays._kept

    def init(self, board, seekable=True):
        made.append(threading.current_thread().name)
        started.set()
        assert release.wait(10)
        real_init(self, board, seekable)

    def kept(board):
        found = real_kept(board)
        if threading.current_thread().name == "second":
            asked.set()
        return found

    monkeypatch.setattr(replays.Replay, "__init__", init)
    monkeypatch.setattr(replays, "_kept", kept)
    got: dict[str, object] = {}

    def ask() -> None:
        got[threading.current_thread().name] = ms.replay(board)

    first = threading.Thread(target=ask, name="first")
    second = threading.Thread(target=ask, name="second")
    first.start()
    assert started.wait(10)
    second.start()
    assert asked.wait(10)  # it found none kept, and the first one's build under way
    release.set()
    first.join(10)
    second.join(10)
    assert made == ["first"]
    assert got["first"] is got["second"] is ms.replay(board)


def test_counting_clicks_stops_soon_after_it_is_cancelled(monkeypatch):
    from slugboard.codecs.work import Cancel, Cancelled

    board = _long_link_game()
    monkeypatch.setattr(ClickTimeline, "CHECK_EVERY", 100)
    seen: list[float] = []
    cancel = Cancel()

    def report(fraction: float) -> None:
        seen.append(fraction)
        if len(seen) == 3:
            cancel.set()

    with pytest.raises(Cancelled):
        GameFigures(board, None, cancel.with_progress(report))
    assert len(seen) == 3  # stopped at the next look at the flag
    assert GameFigures(board, None, Cancel()).clicks  # a fresh flag counts to the end


def test_games_without_a_prepare_of_their_own_have_nothing_to_prepare():
    from slugboard.codecs import GAMES

    board = ms.random_board(30, 16, 99, seed=3)
    GAMES["minesweeper"].prepare(board)
    assert ms.replay(board).board is board
    for name in ("sudoku", "pentomino", "xiangqi", "letters"):
        game = GAMES[name]
        assert not hasattr(game.codec, "prepare")
        game.prepare(game.new_board())  # nothing to do, and nothing raised


@pytest.mark.parametrize("vec", GAME_VECTORS, ids=[g["name"] for g in GAME_VECTORS])
def test_the_figures_without_clicks_are_the_games_figures_but_those_counted_from_clicks(vec):
    from slugboard.codecs.minesweeper.figures import CLICK_FIGURES, figures_without_clicks

    board = ms.decode(vec["slug"])
    r = ms.replay(board)
    figures = GameFigures(board)
    for index in (0, r.event_count // 2, r.event_count):
        state = r.state_after(index)
        full = figures.at(state)
        partial = figures_without_clicks(board, ms.field_of(board), state)
        assert partial == {key: None if key in CLICK_FIGURES else value for key, value in full.items()}
        assert list(partial) == list(full)  # the same figures, in the same order


def test_figures_known_are_those_counted_for_that_very_game(monkeypatch):
    from slugboard.codecs.minesweeper import figures

    monkeypatch.setattr(figures, "FIGURES", Recent("figures", figures.FIGURES.size))
    board = ms.decode(GAME_VECTORS[0]["slug"])
    assert figures.figures_known(board) is None  # nothing counted: nothing worked out by asking
    assert list(figures.FIGURES.items()) == []
    counted = figures.figures_of(board)
    assert figures.figures_known(board) is counted
    assert figures.figures_known(board, []) is counted  # no mouse events: the link's figures
    assert figures.figures_known(ms.decode(GAME_VECTORS[0]["slug"])) is None  # an equal board is another game


# --- figures counted on from an earlier moment of the same game -------------------------


def _first(board: ms.Board, count: int) -> ms.Board:
    """`board`'s game cut to its first `count` actions, a board of its own."""
    return dataclasses.replace(board, events=board.events[:count])


def _grown(board: ms.Board, full: ms.Board, count: int) -> ms.Board:
    """`board` with `full`'s next actions up to `count`, one move at a time as play records them."""
    for e in full.events[len(board.events) : count]:
        board = board.with_event(e)
    return board


def _kinds_shown(timeline: ClickTimeline) -> bytes:
    """The kinds of the clicks a timeline counted without their places, those since the
    count last started again (the last flag before the game taken off)."""
    return bytes(timeline._clicks.kinds[timeline._end.clicks_start : timeline._click_count])


def _assert_counted_as_from_the_start(got: GameFigures, board: ms.Board) -> None:
    fresh = GameFigures(board)
    assert got.board is board and not got.from_file
    n = len(fresh.clicks)
    assert len(got.clicks) == n == 2 * len(board.events)
    assert [got.clicks.after(i) for i in range(n + 1)] == [fresh.clicks.after(i) for i in range(n + 1)]
    assert got.clicks.after(n + 5) == fresh.clicks.after(n)  # no further than its own game
    placed = ClickTimeline(board, link_pointers(board))  # the clicks with their places, counted anew
    kinds = bytes(["left", "right", "chord"].index(kind) for *_, kind in placed.clicks)
    assert _kinds_shown(got.clicks) == _kinds_shown(fresh.clicks) == kinds
    times = sorted({0.0, *fresh.clicks.times, fresh.clicks.times[-1] + 1 if n else 1.0})
    assert [got.clicks.at(t) for t in times] == [fresh.clicks.at(t) for t in times]
    r = ms.replay(board)
    for index in sorted({0, r.event_count // 2, r.event_count}):
        state = r.state_after(index)
        assert got.at(state, work_out_zini=False) == fresh.at(state, work_out_zini=False)


def _played(seed: int) -> ms.Board:
    """A 12x10 game of opens, flags, flags taken off and put back and question marks,
    on through a mine hit and past it (the actions after it change no figure)."""
    rng = random.Random(seed)
    field = ms.random_board(12, 10, 25, seed=seed)
    kinds = ["open"] * 6 + ["flag"] * 3 + ["unflag", "mark"]
    events = [ms.Event(3 * i, rng.choice(kinds), rng.randrange(12), rng.randrange(10)) for i in range(1, 120)]
    return dataclasses.replace(field.with_version(2, 10), events=tuple(events))


_GAMES = [ms.decode(g["slug"]) for g in GAME_VECTORS] + [_long_link_game(), _played(1), _played(2)]


@pytest.mark.slow
@settings(max_examples=examples(80), deadline=None)
@given(data=st.data())
def test_figures_continued_move_by_move_are_those_counted_from_the_start(data):
    from strategies.minesweeper import boards

    full = data.draw(st.one_of(st.sampled_from(_GAMES), boards(max_side=12)))
    n = len(full.events)
    start = data.draw(st.integers(0, n))
    figures = GameFigures(_first(full, start))
    count = start
    # One action or several at a time, each game made as play makes it or read afresh.
    for step in data.draw(st.lists(st.sampled_from([1, 1, 2, 3, 7, 40]), min_size=1, max_size=5)):
        count = min(n, count + step)
        board = _grown(figures.board, full, count) if data.draw(st.booleans()) else _first(full, count)
        assert figures.new_actions(board) == count - len(figures.board.events)
        continued = figures.continued(board)
        assert continued is not None
        _assert_counted_as_from_the_start(continued, board)
        figures = continued


@pytest.mark.slow
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_a_game_continued_twice_from_one_moment_keeps_both_and_the_first(data):
    """A move, an undo and another move: each game's figures stay its own."""
    full = data.draw(st.sampled_from(_GAMES))
    n = len(full.events)
    start = data.draw(st.integers(0, n - 1))
    base = _first(full, start)
    figures = GameFigures(base)
    first = _grown(base, full, data.draw(st.integers(start + 1, n)))
    one = figures.continued(first)
    # Another action than the game's own: a flag or an open anywhere, at the last action's time or later.
    last_t = base.events[-1].t + 1 if base.events else 0
    x, y = data.draw(st.integers(0, base.width - 1)), data.draw(st.integers(0, base.height - 1))
    other = base.with_event(ms.Event(last_t, data.draw(st.sampled_from(["open", "flag"])), x, y))
    other = _grown(other, dataclasses.replace(full, events=other.events + full.events[start + 1 :]), len(first.events))
    two = figures.continued(other)
    assert one is not None and two is not None
    more = one.continued(_grown(first, full, n)) if len(first.events) < n else one
    assert more is not None
    _assert_counted_as_from_the_start(two, other)
    _assert_counted_as_from_the_start(one, first)
    _assert_counted_as_from_the_start(more, more.board)
    _assert_counted_as_from_the_start(figures, base)


def test_only_the_same_game_with_actions_added_at_its_end_is_continued(replay_games):
    full = _long_link_game()
    base = _first(full, 1000)
    figures = GameFigures(base)
    assert figures.new_actions(base) == 0
    assert figures.new_actions(_first(full, 1003)) == 3
    assert figures.new_actions(_first(full, 999)) is None  # a game cut short
    moved = full.events[1000]
    changed = base.events[:500] + (base.events[500]._replace(x=(base.events[500].x + 1) % 60),) + base.events[501:]
    others = [
        base.with_mine(*next((x, y) for x in range(60) for y in range(60) if not base.has_mine(x, y)), True),
        base.resized(61, 60),
        base.with_version(2, 10),  # the same actions, another time unit
        dataclasses.replace(base, events=changed + (moved,)),  # an action changed before the end
        dataclasses.replace(base, events=base.events[:-1] + (moved,)),  # the last action changed
    ]
    for board in others:
        assert figures.new_actions(board) is None
        assert figures.continued(board) is None
    game = replay_games[FILES[0].name]
    from_file = GameFigures(game.board, game.mouse)
    assert from_file.new_actions(game.board) is None  # a file's mouse events are not a link's actions


@pytest.mark.slow
def test_a_timeline_of_mouse_events_continues_where_every_button_is_up(replay_games):
    for path in FILES:
        game = replay_games[path.name]
        whole = ClickTimeline(game.board, game.mouse)
        continued = 0
        for cut in range(0, len(game.mouse), max(1, len(game.mouse) // 12)):
            part = ClickTimeline(game.board, game.mouse[:cut])
            rest = part.continued(game.mouse[cut:])
            if rest is None:  # a button was down at the cut: a chord may span it
                continue
            continued += 1
            assert len(rest) == len(whole)
            # Every moment of the short files; some 500 spread over the long one (56,659 events).
            moments = [*range(0, len(whole), max(1, len(whole) // 500)), len(whole)]
            assert [rest.after(i) for i in moments] == [whole.after(i) for i in moments]
            assert rest.clicks == whole.clicks
            assert len(part) == cut and part.clicks == whole.clicks[: len(part.clicks)]
        assert continued >= 3, path.name


@pytest.mark.slow
def test_figures_of_counts_a_move_on_from_the_figures_before_it(monkeypatch):
    from slugboard.codecs.minesweeper import figures

    monkeypatch.setattr(figures, "FIGURES", Recent("figures", figures.FIGURES.size))
    full = _long_link_game()
    before = _first(full, 1500)
    counted = figures.figures_of(before)
    made: list[ms.Board] = []
    real_init = figures.GameFigures.__init__

    def init(self, board, *args):
        made.append(board)
        real_init(self, board, *args)

    monkeypatch.setattr(figures.GameFigures, "__init__", init)
    after = _grown(before, full, 1501)
    moved = figures.figures_of(after)
    assert made == [] and moved is not counted and figures.figures_known(after) is moved
    assert figures.figures_known(before) is counted  # still kept: an undo finds it
    several = _first(full, 1520)  # read afresh: found by its actions, not by how it was made
    assert figures.figures_of(several).board is several and made == []
    # Not a continuation of any game kept: counted from the start.
    changed = several.events[100]._replace(kind="unflag" if several.events[100].kind == "flag" else "flag")
    other = dataclasses.replace(several, events=several.events[:100] + (changed,) + several.events[101:])
    figures.figures_of(other)
    assert made == [other]
    monkeypatch.setattr(figures.GameFigures, "__init__", real_init)
    _assert_counted_as_from_the_start(moved, after)
    _assert_counted_as_from_the_start(figures.figures_known(several), several)


def test_figures_continued_count_on_only_a_few_new_actions(monkeypatch, replay_games):
    from slugboard.codecs.minesweeper import figures

    monkeypatch.setattr(figures, "FIGURES", Recent("figures", figures.FIGURES.size))
    full = _long_link_game()
    base = _first(full, 1000)
    assert figures.figures_continued(base, at_most=10) is None  # nothing known
    assert list(figures.FIGURES.items()) == []
    counted = figures.figures_of(base)
    assert figures.figures_continued(base, at_most=0) is counted
    assert figures.figures_continued(_first(full, 1011), at_most=10) is None
    assert list(figures.FIGURES.items()) == [counted]
    ten = figures.figures_continued(_first(full, 1010), at_most=10)
    assert ten is not None and list(figures.FIGURES.items()) == [ten, counted]
    # The game kept nearest to it is the one counted on.
    assert figures.figures_continued(_first(full, 1015), at_most=5) is not None
    # A file's figures are known or not: there are no actions to count on.
    game = replay_games[FILES[0].name]
    assert figures.figures_continued(game.board, game.mouse, at_most=10**6) is None
    assert figures.figures_continued(game.board, game.mouse, at_most=0) is None


def test_the_last_moves_of_a_game_being_played_are_kept_and_two_games_counted_apart(monkeypatch):
    from slugboard.codecs.minesweeper import figures

    monkeypatch.setattr(figures, "FIGURES", Recent("figures", figures.FIGURES.size))
    full = _long_link_game()
    games = [_played(seed) for seed in (3, 4, 5)]
    apart = [figures.figures_of(game) for game in games]
    assert list(figures.FIGURES.items()) == apart[:0:-1]  # the last two games counted
    board = _first(full, 1000)
    moves = [figures.figures_of(board)]
    for count in range(1001, 1013):
        board = _grown(board, full, count)
        moves.append(figures.figures_of(board))
    # The moves share one count's arrays: the last eight are kept, and no other game.
    assert list(figures.FIGURES.items()) == moves[:-9:-1]
    # An undo seven moves back finds its figures, and a move from there is counted on from them.
    back = moves[-8].board
    assert figures.figures_known(back) is moves[-8]
    branch = back.with_event(ms.Event(back.events[-1].t + 1, "flag", 0, 0))
    made = figures.figures_of(branch)
    assert not made.clicks.shares_arrays(moves[-8].clicks)  # the arrays copied, up to its moment
    _assert_counted_as_from_the_start(made, branch)
    assert list(figures.FIGURES.items()) == [made] + moves[:-8:-1]  # two games: the branch, and the moves before it
    other = figures.figures_of(games[0])
    assert list(figures.FIGURES.items()) == [other, made]


# --- the buttons, counted as ms-toollib's MinesweeperBoard counts them ---------------------

# ms-toollib's MinesweeperBoard stepped through events, in a process of its own: ms-toollib
# ends the whole process (a Rust panic that aborts) on some events it does not expect. One
# line in, (rows, [(kind, row, column)...]); one line out, the seven counts after each event.
_TOOLLIB_STEPS = r"""
import json, sys
import ms_toollib
for line in sys.stdin:
    rows, events = json.loads(line)
    board = ms_toollib.MinesweeperBoard(rows)
    counts = []
    for kind, row, column in events:
        board.step(kind, (row, column))
        counts.append([board.left, board.right, board.double, board.lce, board.rce, board.dce, board.flag])
    print(json.dumps(counts), flush=True)
"""


class _ToollibSteps:
    """ms-toollib's counts after each event of a sequence, or None where ms-toollib fails
    on the sequence (its process is started again for the next)."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[str] | None = None

    def counts(self, rows: list[list[int]], events: list[tuple[str, int, int]]) -> list[list[int]] | None:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(
                [sys.executable, "-c", _TOOLLIB_STEPS],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
            )
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write(json.dumps([rows, events]) + "\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            self.process.wait()
            self.process = None
            return None
        return json.loads(line)

    def close(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()


@pytest.fixture(scope="module")
def toollib_steps():
    steps = _ToollibSteps()
    yield steps
    steps.close()


class _Ev(NamedTuple):
    t_ms: float
    kind: str
    x: float
    y: float


_OFF = None  # a press or release off the field


def _counts_of(board: ms.Board, events: list[tuple[str, tuple[int, int] | None]], timeline=ClickTimeline):
    """The seven counts after each event, as ClickTimeline counts them. Events are (kind,
    (x, y)) with `_OFF` for off the field, where ms-toollib's files put (width, height)."""
    line = timeline(board, _mouse_of(board, events))
    return line, [_seven(line.after(i + 1)) for i in range(len(events))]


def _mouse_of(board: ms.Board, events) -> list[_Ev]:
    """The events as a file's mouse events, a millisecond apart, in the middle of their cells."""
    return [
        _Ev(i, kind, *((board.width, board.height) if at is _OFF else (at[0] + 0.5, at[1] + 0.5)))
        for i, (kind, at) in enumerate(events)
    ]


def _seven(c) -> list[int]:
    return [c.left, c.right, c.double, c.left_effective, c.right_effective, c.double_effective, c.flags]


def _toollib_events(board: ms.Board, events) -> list[tuple[str, int, int]]:
    """The events as MinesweeperBoard.step takes them: (kind, row, column)."""
    return [(kind, board.height, board.width) if at is _OFF else (kind, at[1], at[0]) for kind, at in events]


# A 4x1 field, its mine second: 1 * 1 0. An open of the first cell opens it alone; of the
# last, the last two.
_ROW = ms.Board(4, 1, ((1, 0),), ())


def _click(button: str, at) -> list[tuple[str, tuple[int, int] | None]]:
    return [(button + "c", at), (button + "r", at)]


# (what it shows, events, left/right/double, effective left/right/double, flags at the end),
# each worked out by hand from ms-toollib's MinesweeperBoard.step.
_BUTTON_CASES = [
    (
        "a middle-button chord is a double click, and the left clicks after it count",
        _click("l", (0, 0)) + _click("m", (0, 0)) + _click("l", (3, 0)),
        [2, 0, 1, 2, 0, 0, 0],
    ),
    (
        "a middle release chords while the left button is down; the left release after it is a left click",
        [("lc", (0, 0)), ("lr", (0, 0)), ("lc", (2, 0)), ("mc", (0, 0)), ("mr", (0, 0)), ("lr", (3, 0))],
        [2, 0, 1, 2, 0, 0, 0],
    ),
    (
        "a flag placed before the game (pf) is a right click, effective on a mine",
        [("pf", (1, 0))] + _click("l", (0, 0)),
        [1, 1, 0, 1, 1, 0, 1],
    ),
    (
        "taking off the last flag before the game starts the count again (the effective ones stay)",
        _click("r", (1, 0)) + _click("r", (1, 0)) + _click("l", (0, 0)),
        [1, 0, 0, 1, 1, 0, 0],
    ),
    (
        "a mine flagged again after the count started again is an effective right click again",
        _click("r", (1, 0)) * 3 + _click("l", (0, 0)),
        [1, 1, 0, 1, 2, 0, 1],
    ),
    (
        "a left release on a flag before the game is a left click; the next starts the game",
        _click("r", (1, 0)) + _click("l", (1, 0)) + _click("l", (0, 0)),
        [2, 1, 0, 1, 1, 0, 1],
    ),
    (
        "a left click off the field counts nothing before any press on it, and one during the game",
        _click("l", _OFF) + _click("l", (0, 0)) + _click("l", _OFF),
        [2, 0, 0, 1, 0, 0, 0],
    ),
    (
        "a right press on an open cell that becomes a chord is no right click",
        _click("l", (0, 0)) + [("rc", (0, 0)), ("lc", (0, 0)), ("lr", (0, 0)), ("rr", (0, 0))],
        [1, 0, 1, 1, 0, 0, 0],
    ),
    (
        "Metasweeper's chord press (cc), released right first: a double click, then nothing",
        _click("l", (0, 0)) + [("lc", (0, 0)), ("cc", (0, 0)), ("rr", (0, 0)), ("lr", (0, 0))],
        [1, 0, 1, 1, 0, 0, 0],
    ),
    (
        "a chord whose flag is on its mine opens the closed cell around it",
        _click("l", (2, 0)) + _click("r", (1, 0)) + [("lc", (2, 0)), ("rc", (2, 0)), ("lr", (2, 0)), ("rr", (2, 0))],
        [1, 1, 1, 1, 1, 1, 1],
    ),
    (
        "nothing counts once the game is lost",
        _click("l", (1, 0)) + _click("l", (0, 0)) + _click("r", (3, 0)) + _click("m", (0, 0)),
        [1, 0, 0, 0, 0, 0, 0],
    ),
]


@pytest.mark.parametrize("events,want", [c[1:] for c in _BUTTON_CASES], ids=[c[0] for c in _BUTTON_CASES])
def test_the_buttons_count_as_ms_toollib_counts_them(events, want, toollib_steps):
    _, counts = _counts_of(_ROW, events)
    assert counts[-1] == want
    rows = toollib_rows(field_of(_ROW))
    assert toollib_steps.counts(rows, _toollib_events(_ROW, events)) == counts


class _ShortBlocks(ClickTimeline):
    """Blocks of 3 events: the counts kept at each block's start meet every change."""

    BLOCK = 3


@st.composite
def _games_of_buttons(draw):
    """A small field and a sequence of presses and releases a mouse can make: a button is
    pressed only when up and released only when down; the second of left and right may
    be Metasweeper's chord press (cc); flags placed before the game (pf) come first. A
    middle release is on the field (ms-toollib stops on one off it)."""
    width, height = draw(st.integers(2, 5)), draw(st.integers(1, 4))
    cells = width * height
    mines = draw(st.sets(st.integers(0, cells - 1), min_size=1, max_size=max(1, cells // 4)))
    board = ms.Board(width, height, tuple((c % width, c // width) for c in sorted(mines)), ())
    anywhere = st.integers(0, cells - 1).map(lambda c: (c % width, c // width))
    at = st.one_of(anywhere, anywhere, anywhere, st.just(_OFF))
    events: list[tuple[str, tuple[int, int] | None]] = [
        ("pf", c) for c in draw(st.lists(anywhere, unique=True, max_size=3))
    ]
    down = {"l": False, "r": False, "m": False}
    for _ in range(draw(st.integers(1, 40))):
        button = draw(st.sampled_from("lrm"))
        kind = button + ("r" if down[button] else "c")
        other = {"l": "r", "r": "l"}.get(button)
        if kind != "mc" and kind[1] == "c" and other and down[other] and draw(st.booleans()):
            kind = "cc"
        down[button] = not down[button]
        events.append((kind, draw(anywhere if kind == "mr" else at)))
    return board, events


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(game=_games_of_buttons(), data=st.data())
def test_any_presses_and_releases_count_as_ms_toollib_counts_them(game, data, toollib_steps):
    """Left, right and double clicks, the effective ones and the flags after every event,
    against ms-toollib's own MinesweeperBoard; and the same counts kept in short blocks,
    and counted on from any moment `continued` allows."""
    board, events = game
    line, counts = _counts_of(board, events)
    want = toollib_steps.counts(toollib_rows(field_of(board)), _toollib_events(board, events))
    assume(want is not None)  # ms-toollib fails on this sequence: nothing to compare
    assert counts == want
    assert _counts_of(board, events, _ShortBlocks)[1] == counts
    # Each click marked once, where the figures count it.
    kinds = [kind for *_, kind in line.clicks]
    assert (kinds.count("left"), kinds.count("right"), kinds.count("chord")) == tuple(counts[-1][:3])
    mouse = _mouse_of(board, events)
    cut = data.draw(st.integers(0, len(events)))
    part = _ShortBlocks(board, mouse[:cut])
    before = part.clicks
    rest = part.continued(mouse[cut:])
    if rest is not None:
        assert [_seven(rest.after(i + 1)) for i in range(len(events))] == counts
        assert rest.clicks == line.clicks
        assert part.clicks == before  # the first count keeps its own clicks

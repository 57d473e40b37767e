"""ms-toollib's slow calculations run in a child process: the same answers as in this
process, a thread waiting on one leaves the interpreter to others, and a cancel stops it
at once."""

from __future__ import annotations

import pickle
import threading

import pytest

from slugboard.codecs import apart
from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper import figures, odds, stats
from slugboard.codecs.minesweeper.toollib import Toollib
from slugboard.codecs.work import Cancel, Cancelled


@pytest.fixture
def toollib():
    child = Toollib()
    yield child
    child.close()


def asked(monkeypatch) -> threading.Event:
    """Set once a call has sent its question to the helper: the helper is at work on it."""
    sent = threading.Event()
    real = apart._send

    def send(pipe, data):
        real(pipe, data)
        if pickle.loads(data)[0] == "call":
            sent.set()

    monkeypatch.setattr(apart, "_send", send)
    return sent


def test_zini_in_the_child_is_zini_here(toollib):
    board = ms.random_board(60, 40, 400, seed=5)
    fld = stats.field_of(board)
    here = figures.zini_of(fld)
    rows = figures._toollib_board(fld)
    assert tuple(toollib.call("zini", rows)) == here


@pytest.mark.slow
def test_odds_in_the_child_are_the_odds_here(toollib):
    import ms_toollib

    board = ms.random_board(40, 30, 200, seed=2)
    cells = bytearray(ms.CLOSED for _ in range(40 * 30))
    numbers = stats.field_of(board).numbers
    for c in range(0, 40 * 30, 7):  # some safe cells opened
        if numbers[c] < 9:
            cells[c] = ms.OPENED
    view = odds.player_view(numbers, bytes(cells), 40)
    here, _ = ms_toollib.cal_probability_onboard(view, 200.0)
    assert toollib.call("odds", view, 200.0) == [[float(p) for p in row] for row in here]
    # and mine_odds, on a field this large, goes through the child
    assert 40 * 30 > odds.IN_PROCESS_CELLS
    found = odds.mine_odds(numbers, bytes(cells), 40, 200)
    assert found.values == tuple(float(p) for row in here for p in row)


@pytest.mark.slow
def test_a_long_calculation_stops_when_asked(toollib, monkeypatch):
    """(That this process is never held up meanwhile, and how soon the calculation stops,
    benchmarks/responsiveness.py measures.)"""
    board = ms.random_board(260, 260, int(260 * 260 * 0.2), seed=1)
    rows = figures._toollib_board(stats.field_of(board))
    cancel = Cancel()
    outcome: list[object] = []

    def work():
        try:
            outcome.append(toollib.call("zini", rows, cancel=cancel))
        except Cancelled:
            outcome.append("cancelled")

    sent = asked(monkeypatch)
    worker = threading.Thread(target=work)
    worker.start()
    assert sent.wait(30)
    child = toollib.pid
    assert worker.is_alive()  # the helper is at it (it takes over a second)
    cancel.set()
    worker.join(5)
    assert not worker.is_alive() and outcome == ["cancelled"]
    # Ended with its helper; the next call starts a new one.
    small = figures._toollib_board(stats.field_of(ms.random_board(9, 9, 10, seed=3)))
    assert len(toollib.call("zini", small)) == 2
    assert toollib.pid != child


def test_a_failing_call_says_so_and_the_child_goes_on(toollib):
    with pytest.raises(ValueError, match="KeyError"):
        toollib.call("no such calculation", 1)
    with pytest.raises(ValueError, match="TypeError"):
        toollib.call("zini", "not a board")
    assert len(toollib.call("zini", [[0, 1, -1], [0, 1, 1], [0, 0, 0]])) == 2


@pytest.mark.slow
def test_quick_work_given_up_keeps_the_child(toollib):
    """The odds of each moment of a replay are asked for, and given up, many times a
    second: the child finishes the answer nobody wants, and the next call uses it again."""
    import ms_toollib

    board = ms.random_board(60, 36, 300, seed=4)
    numbers = stats.field_of(board).numbers
    cells = bytearray(ms.CLOSED for _ in range(60 * 36))
    for c in range(0, 60 * 36, 5):  # a board part open: some milliseconds of work
        if numbers[c] < 9:
            cells[c] = ms.OPENED
    view = odds.player_view(numbers, bytes(cells), 60)
    toollib.call("odds", view, 300.0)  # the helper started
    child = toollib.pid
    given_up = 0
    for _ in range(6):
        cancel = Cancel()
        threading.Timer(0.001, cancel.set).start()  # given up while the child works
        try:
            toollib.call("odds", view, 300.0, cancel=cancel, end_on_cancel=False)
        except Cancelled:
            given_up += 1
    assert given_up
    here, _ = ms_toollib.cal_probability_onboard(view, 300.0)
    assert toollib.call("odds", view, 300.0) == [[float(p) for p in row] for row in here]
    assert toollib.pid == child


@pytest.mark.slow
def test_closing_from_another_thread_ends_the_call_under_way(toollib, monkeypatch):
    """The window closes while a worker waits on the helper: the helper is ended, the call
    under way says so, and a later call starts another."""
    board = ms.random_board(260, 260, int(260 * 260 * 0.2), seed=1)
    rows = figures._toollib_board(stats.field_of(board))
    outcome: list[object] = []

    def work():
        try:
            outcome.append(toollib.call("zini", rows))
        except ValueError as exc:
            outcome.append(str(exc))

    sent = asked(monkeypatch)
    worker = threading.Thread(target=work)
    worker.start()
    assert sent.wait(30)  # the helper is at work
    toollib.close()
    worker.join(5)
    assert not worker.is_alive() and outcome and "stopped" in str(outcome[0])
    assert len(toollib.call("zini", [[0, 1, -1], [0, 1, 1], [0, 0, 0]])) == 2


@pytest.mark.slow
def test_a_panic_of_ms_toollib_ends_only_its_helper(toollib):
    """ms-toollib ends the process it runs in when it panics (rows of unequal lengths)."""
    toollib.call("zini", [[0, 1, -1], [0, 1, 1], [0, 0, 0]])
    child = toollib.pid
    with pytest.raises(ValueError, match="stopped"):
        toollib.call("zini", [[0, 1], [0]])
    assert len(toollib.call("zini", [[0, 1, -1], [0, 1, 1], [0, 0, 0]])) == 2
    assert toollib.pid != child


@pytest.mark.slow
def test_a_calculation_past_its_time_ends_its_helper(toollib):
    board = ms.random_board(260, 260, int(260 * 260 * 0.2), seed=1)
    rows = figures._toollib_board(stats.field_of(board))
    with pytest.raises(ValueError, match="too long"):
        toollib.call("zini", rows, timeout_s=0.2)
    assert len(toollib.call("zini", [[0, 1, -1], [0, 1, 1], [0, 0, 0]])) == 2

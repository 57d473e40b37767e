"""The mouse over a game being played, as a replay file keeps it."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from slugboard.codecs.minesweeper.pointer import PointerLog

KINDS = st.sampled_from(["mv", "lc", "lr", "rc", "rr", "lk", "rk"])


def feed(log: PointerLog, kind: str, now: float, x: float, y: float) -> None:
    log.record(kind, now, x, y)


@given(
    st.lists(st.tuples(KINDS, st.floats(0, 5000), st.floats(-2, 12), st.floats(-2, 9)), max_size=60),
    st.integers(0, 59),
    st.sampled_from([1, 10, 50]),
)
def test_the_path_is_what_the_pointer_did_made_a_piece_at_a_time(events, split, unit):
    log = PointerLog(10, 7)
    now = 0.0
    paths = []
    for i, (kind, dt, x, y) in enumerate(events):
        now += dt
        if i == split:
            log.start(now)
        feed(log, kind, now, x, y)
        if log.started and i % 7 == 0:
            paths.append(log.path(unit))  # made a piece at a time, as a game in play asks
    if not log.started:
        log.start(now)
    whole = log.path(unit)
    # The pieces made on the way are the starts of the whole path (a plain recount).
    for earlier in paths:
        assert whole[: len(earlier)] == earlier
    fresh = PointerLog(10, 7)
    fresh.events, fresh.started = list(log.events), True
    assert fresh.path(unit) == whole
    for m in whole:
        # Sixteenths of a cell, on the field, and times in whole units.
        assert m.x * 16 == int(m.x * 16) and 0 <= m.x <= 10 and 0 <= m.y <= 7
        assert m.t_ms == math.floor(m.t_ms / unit) * unit
    kinds = [m.kind for m in whole]
    # One button at a time: every press is followed by its own release before the next press.
    down = None
    for kind in kinds:
        if kind in ("lc", "rc"):
            assert down is None
            down = kind[0]
        elif kind in ("lr", "rr"):
            assert down == kind[0]
            down = None


def test_start_puts_the_events_before_it_on_the_games_clock():
    log = PointerLog(9, 9)
    log.move(1000.0, 1.0, 1.0)  # no game yet: nothing kept
    log.press(1000.0, "l", 2.5, 3.25)
    log.release(1080.0, "l", 2.5, 3.25)
    log.start(1080.0)
    log.move(40.0, 2.6, 3.3)  # the game's clock from now on
    assert [(m.t_ms, m.kind, m.x, m.y) for m in log.path()] == [
        (-80.0, "lc", 2.5, 3.25),
        (0.0, "lr", 2.5, 3.25),
        (40.0, "mv", 2.5625, 3.25),
    ]
    assert [m.t_ms for m in log.path(50)] == [-100.0, 0.0, 0.0]


def test_a_second_button_while_one_is_down_is_left_out():
    log = PointerLog(9, 9)
    assert log.press(0.0, "l", 1, 1)
    assert not log.press(5.0, "r", 1, 1)
    assert not log.release(6.0, "r", 1, 1)
    assert log.release(9.0, "l", 1, 1)
    assert [e[1] for e in log.events] == ["lc", "lr"]

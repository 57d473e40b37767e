"""A long recorded game pasted into the window: its board is on screen before its replay is
built, and once the replay is ready it plays and seeks as any game's does."""

from __future__ import annotations

import random
from functools import cache
from itertools import islice

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.caches import Memo, Recent
from slugboard.codecs.minesweeper import figures as ms_figures
from slugboard.codecs.minesweeper import replays
from slugboard.gui.minesweeper.replay_controls import REPLAY_ON_ITS_WAY
from slugboard.gui.window_opening import LONG_TEXT


def plain_replay(board: ms.Board):
    """Every cell's code after each action of `board`'s game in turn (before the first,
    too), worked out the plain way, apart from the codec's replay: an open floods from a
    cell with no mine around it, and stops at flags."""
    w, h = board.width, board.height
    mines = set(board.mines)

    def around(x: int, y: int) -> list[tuple[int, int]]:
        return [
            (x + dx, y + dy)
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
            if (dx or dy) and 0 <= x + dx < w and 0 <= y + dy < h
        ]

    cells = [ms.CLOSED] * (w * h)
    yield bytes(cells)
    for event in board.events:
        here = event.y * w + event.x
        if event.kind != ms.OPEN:
            if cells[here] != ms.OPENED:
                cells[here] = {ms.FLAG: ms.FLAGGED, ms.MARK: ms.MARKED}.get(event.kind, ms.CLOSED)
        elif cells[here] not in (ms.OPENED, ms.FLAGGED):
            cells[here] = ms.OPENED
            todo = [(event.x, event.y)] if (event.x, event.y) not in mines else []
            while todo:
                x, y = todo.pop()
                if any(cell in mines for cell in around(x, y)):
                    continue
                for nx, ny in around(x, y):
                    if cells[ny * w + nx] not in (ms.OPENED, ms.FLAGGED):
                        cells[ny * w + nx] = ms.OPENED
                        todo.append((nx, ny))
        yield bytes(cells)


def plain_cells(board: ms.Board, count: int) -> bytes:
    """Every cell's code after the first `count` actions (see `plain_replay`)."""
    return next(islice(plain_replay(board), count, None))


@cache
def long_game() -> tuple[str, ms.Board]:
    """A real expert game of more actions than `prepare` builds a replay for: 60,000 flags
    put down and taken up again, a twentieth of a second apart, and then every safe cell
    opened in turn, the last of them winning it. (Its text, over LONG_TEXT characters, and
    its board.)"""
    rng = random.Random(44)
    field = ms.random_board(30, 16, 99, seed=44)
    events, t = [], 0
    for _ in range(30_000):
        x, y = rng.randrange(30), rng.randrange(16)
        for kind in (ms.FLAG, ms.UNFLAG):
            t += 1
            events.append(ms.Event(t, kind, x, y))
    mines = set(field.mines)
    for y in range(16):
        for x in range(30):
            if (x, y) not in mines:
                t += 1
                events.append(ms.Event(t, ms.OPEN, x, y))
    board = field.with_field(30, 16, field.mines, tuple(events))
    # Up to the open that wins it: nothing recorded after the end.
    safe = 30 * 16 - len(mines)
    end = next(n for n, cells in enumerate(plain_replay(board)) if cells.count(ms.OPENED) == safe)
    board = field.with_field(30, 16, field.mines, tuple(events[:end]))
    return ms.encode(board), board


@pytest.fixture(autouse=True)
def _nothing_kept(monkeypatch):
    """No replay, outcome or figures kept from another test's paste of the same game."""
    monkeypatch.setattr(replays, "REPLAYS", Recent("replays", replays.REPLAYS.size))
    monkeypatch.setattr(replays, "OUTCOMES", Memo("outcomes", replays.OUTCOMES.size))
    monkeypatch.setattr(ms_figures, "FIGURES", Recent("figures", ms_figures.FIGURES.size))


def _shown(page) -> dict:
    """What a person sees of the replay at this moment."""
    return {
        "ready": page.replay_ready(),
        "cells": page.canvas.state.cells,
        "event": page.event_label.text(),
        "clock": page.replay_clock.text(),
        "outcome": page.outcome_label.text(),
        "usable": [b.isEnabled() for b in (*page.transport, page.slider)],
        "tips": {b.toolTip() for b in (*page.transport, page.slider)},
        "playing": page.player.playing,
    }


def _paste_by_keys(qtbot, window, text: str) -> dict:
    """Paste `text` with Ctrl+V, as a person does; what the replay shows as its board comes
    on screen (the replay is built only after that)."""
    seen: dict = {}
    # Connected after the window's own: called once the board is shown.
    window.opener.opened.connect(lambda *_: seen.update(_shown(window.current_page())))
    QGuiApplication.clipboard().setText(text)
    page = window.current_page()
    page.canvas.setFocus()
    with qtbot.waitSignal(window.opener.opened, timeout=30_000):
        qtbot.keyClick(page.canvas, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    return seen


@pytest.mark.slow
def test_a_long_game_shows_its_board_at_once_and_plays_and_seeks_once_its_replay_is_ready(qtbot, main_window):
    text, board = long_game()
    actions = len(board.events)
    assert actions > ms_figures.PREPARED_REPLAY_ACTIONS and len(text) > LONG_TEXT
    seen = _paste_by_keys(qtbot, main_window, text)
    page = main_window.page("minesweeper")
    assert main_window.current_page() is page and page.board == board
    # On screen at once: the game at its start, its length, every cell closed; the
    # replay's controls wait for it, and say so.
    seconds = (board.events[-1].t - board.events[0].t) * board.time_unit_ms / 1000
    assert seen["ready"] is False
    assert seen["cells"] == plain_cells(board, 0) == bytes(30 * 16)
    assert seen["event"] == f"Event 0 of {actions}: the start"
    assert seen["clock"] == f"0.00 s / {seconds:.2f} s"
    assert seen["usable"] == [False] * 6 and seen["tips"] == {REPLAY_ON_ITS_WAY}
    assert not seen["playing"]
    assert page.problems_label.text() == ""  # nothing recorded after its end
    # Then its replay is ready: it plays from the start, as a pasted game does.
    qtbot.waitUntil(page.replay_ready, timeout=30_000)
    qtbot.waitUntil(lambda: page.player.playing, timeout=5_000)
    now = _shown(page)
    assert all(now["usable"]) and REPLAY_ON_ITS_WAY not in now["tips"]
    assert page.play_button.text() == "Pause"
    # The end: the game won, every safe cell open.
    qtbot.mouseClick(page.end_button, Qt.MouseButton.LeftButton)
    assert page.canvas.state.cells == plain_cells(board, actions)
    assert page.event_label.text().startswith(f"Event {actions} of {actions}: open")
    assert page.outcome_label.text() == f"Won in {seconds:.2f} s"
    qtbot.waitUntil(lambda: not page.player.playing, timeout=5_000)  # it stops at the end
    assert page.play_button.text() == "Play"
    # A click on the replay bar halfway: the board as it was then.
    bar = page.slider
    groove, handle = bar._groove()
    x = int(groove.x() + handle.width() / 2 + (groove.width() - handle.width()) / 2)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=QPoint(x, bar.height() // 2))
    index = page.replay_state().index
    assert 0 < index < actions
    assert index == sum(e.t * board.time_unit_ms <= page.player.time_ms for e in board.events)
    assert page.canvas.state.cells == plain_cells(board, index)
    # Stepping on by keys, and back to the start.
    for _ in range(3):
        qtbot.keyClick(page.canvas, Qt.Key.Key_Right)
    assert page.replay_state().index == index + 3
    assert page.canvas.state.cells == plain_cells(board, index + 3)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Home)
    assert page.canvas.state.cells == bytes(30 * 16) and page.event_label.text() == seen["event"]


@pytest.mark.slow
def test_a_key_pressed_before_the_replay_is_ready_gets_it_at_once(qtbot, main_window):
    """End pressed just as the board comes on screen: the replay is built (or, being built,
    waited for) there and then, and goes to the end, without playing first."""
    text, board = long_game()
    actions = len(board.events)
    seen = _paste_by_keys(qtbot, main_window, text)
    page = main_window.page("minesweeper")
    assert seen["ready"] is False and not page.replay_ready()
    qtbot.keyClick(page.canvas, Qt.Key.Key_End)
    assert page.replay_ready()
    assert page.replay_state().index == actions and not page.player.playing
    assert page.canvas.state.cells == plain_cells(board, actions)
    assert page.outcome_label.text().startswith("Won in")
    assert all(b.isEnabled() for b in (*page.transport, page.slider))


@pytest.mark.slow
def test_play_mode_before_the_replay_is_ready_shows_the_game_as_it_ended(qtbot, main_window):
    text, board = long_game()
    seen = _paste_by_keys(qtbot, main_window, text)
    page = main_window.page("minesweeper")
    assert seen["ready"] is False
    qtbot.mouseClick(page.mode_buttons["play"], Qt.MouseButton.LeftButton)
    assert page.replay_ready() and page.play_status.text() == "You won!"
    assert page.canvas.state.cells == plain_cells(board, len(board.events))


@pytest.mark.slow
def test_the_page_holds_the_field_it_shows_while_the_replay_is_made_ready(qtbot, main_window, monkeypatch):
    """The fields kept for speed may let the long game's go (other boards asked about
    meanwhile): the page still shows it, and never works it out again on the window's
    thread (a second or more for the largest)."""
    import threading

    from slugboard.codecs.minesweeper import stats

    text, board = long_game()
    seen = _paste_by_keys(qtbot, main_window, text)
    page = main_window.page("minesweeper")
    assert seen["ready"] is False
    bbbv = str(ms.field_of(board).bbbv)
    monkeypatch.setattr(stats, "FIELDS", Recent("fields", stats.FIELDS.size))  # all let go
    made: list[str] = []
    real = stats.Field.__init__

    def init(self, *args, **kwargs):
        made.append(threading.current_thread().name)
        real(self, *args, **kwargs)

    monkeypatch.setattr(stats.Field, "__init__", init)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Plus)  # faster: the replay panel shown again
    assert page.speed_box.currentText() == "2x" and not page.replay_ready()
    assert page.stat_labels["3bv"].text() == bbbv
    qtbot.waitUntil(page.replay_ready, timeout=30_000)
    qtbot.keyClick(page.canvas, Qt.Key.Key_End)
    assert page.canvas.state.cells == plain_cells(board, len(board.events))
    assert threading.main_thread().name not in made


@pytest.mark.slow
def test_nothing_on_the_panel_moves_when_the_replay_arrives(qtbot, main_window, monkeypatch):
    """The replay's controls keep their places and sizes from the board's first frame to the
    replay playing: nothing moves under the pointer."""
    import threading

    from slugboard.gui.minesweeper import replay_controls

    started, release = threading.Event(), threading.Event()
    real = replay_controls.build_replay

    def held(board, cancel):
        started.set()
        assert release.wait(30)
        return real(board, cancel)

    monkeypatch.setattr(replay_controls, "build_replay", held)
    text, _ = long_game()
    _paste_by_keys(qtbot, main_window, text)
    page = main_window.page("minesweeper")
    # Built once the board is painted: the window is laid out by then.
    qtbot.waitUntil(started.is_set, timeout=10_000)
    widgets = (
        *page.transport,
        page.slider,
        page.replay_clock,
        page.event_label,
        page.outcome_label,
        page.speed_box,
        page.action_list,
        page.canvas,
    )

    def places() -> list:
        return [(w.mapTo(main_window, w.rect().topLeft()), w.size()) for w in widgets]

    before = places()
    assert not page.replay_ready() and not any(b.isEnabled() for b in page.transport)
    release.set()
    qtbot.waitUntil(lambda: page.player.playing, timeout=30_000)
    qtbot.waitUntil(lambda: page.replay_state().index > 0, timeout=30_000)  # it has moved on
    assert all(b.isEnabled() for b in page.transport)
    assert places() == before


@pytest.mark.slow
def test_a_long_game_kept_from_the_last_run_comes_back_at_its_start_and_its_replay_follows(
    qtbot, settings, open_window
):
    import json

    _, board = long_game()
    settings.setValue("boards/minesweeper", json.dumps(ms.to_json(board)))
    settings.setValue("window/tab", "minesweeper")
    settings.setValue("minesweeper/mode", "replay")
    settings.sync()
    window = open_window()
    seen: dict = {}
    # Connected after the window's own: called once the board is shown.
    window.restorer.restored.connect(lambda *_: seen.update(_shown(window.page("minesweeper"))))
    page = window.page("minesweeper")
    qtbot.waitUntil(lambda: bool(seen), timeout=30_000)
    assert page.board == board and page.mode == "replay"
    assert seen["ready"] is False and seen["cells"] == bytes(30 * 16)
    assert seen["usable"] == [False] * 6 and seen["tips"] == {REPLAY_ON_ITS_WAY}
    qtbot.waitUntil(page.replay_ready, timeout=30_000)
    assert all(b.isEnabled() for b in page.transport)
    assert not page.player.playing  # a board brought back waits for the person
    qtbot.keyClick(page.canvas, Qt.Key.Key_End)
    assert page.canvas.state.cells == plain_cells(board, len(board.events))
    assert page.outcome_label.text().startswith("Won in")

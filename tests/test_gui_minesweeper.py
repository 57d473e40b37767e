"""The minesweeper page as a person uses it: paste a recorded game and watch it with the
replay controls (the clock driven by the test), play a game by clicking and share it,
edit a field, and export a replay moment to PNG."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QLabel

from conftest import load_vectors, open_file
from slugboard.codecs import minesweeper as ms
from slugboard.codecs.caches import Recent
from waiting import Queries

VECTORS = load_vectors("minesweeper")["games"]
ARTICLE = VECTORS[0]["slug"]
WON = next(g for g in VECTORS if g["replay"]["outcome"] == "won" and g["board"]["width"] == 15)


class FakeClock:
    """Milliseconds that pass only when the test says so."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _page(window):
    return window.page("minesweeper")


def _shown_page(window):
    page = _page(window)
    window.tabs.setCurrentWidget(page)
    return page


def _click(qtbot, page, x, y, button=Qt.MouseButton.LeftButton):
    centre = page.canvas.cell_center(x, y)
    qtbot.mouseClick(page.canvas, button, pos=QPoint(int(centre.x()), int(centre.y())))


def _press_right(qtbot, page, x, y):
    centre = page.canvas.cell_center(x, y)
    qtbot.mousePress(page.canvas, Qt.MouseButton.RightButton, pos=QPoint(int(centre.x()), int(centre.y())))
    qtbot.mouseRelease(page.canvas, Qt.MouseButton.RightButton, pos=QPoint(int(centre.x()), int(centre.y())))


def _paste_paused(window, text):
    assert window.paste_text(text)
    page = _page(window)
    page.player.pause()
    page.player.clock = FakeClock()
    return page


# --- replay -------------------------------------------------------------------------------


@pytest.mark.slow
def test_paste_the_articles_game_and_play_it_to_the_loss(qtbot, main_window):
    assert main_window.paste_text(ARTICLE)
    page = _page(main_window)
    page.player.clock = FakeClock()  # the window's timer sees no time pass
    assert main_window.current_page() is page
    assert page.mode == "replay" and page.mode_buttons["replay"].isChecked()
    assert page.player.playing  # a pasted game starts playing
    assert main_window.slug_pane.slug_text() == ARTICLE
    page.player.pause()
    page.player.seek(0)
    assert page.replay_clock.text() == "0.00 s / 5.00 s"
    qtbot.keyClick(page.canvas, Qt.Key.Key_Space)
    assert page.player.playing and page.play_button.text() == "Pause"
    for _ in range(49):  # 4.90 s of playing, in 100 ms frames
        page.player.advance(100)
    assert page.player.playing
    assert page.outcome_label.text() == ""
    assert page.replay_state().outcome == "unfinished"
    page.player.advance(100)
    assert not page.player.playing  # the end stops the clock
    assert page.replay_clock.text() == "5.00 s / 5.00 s"
    assert page.outcome_label.text() == "Lost at 5.00 s"
    state = page.replay_state()
    assert state.outcome == "lost" and state.hit == (7, 9)
    assert page.stat_labels["3bv"].text() == "39"
    assert page.stat_labels["3bv_solved"].text() == "8"
    assert page.stat_labels["time"].text() == "5.00 s"
    # The click on the mine is not effective, as in ms-toollib and Metasweeper.
    assert page.stat_labels["clicks"].text() == "17 (16 effective)"
    assert page.stat_labels["3bv_per_s"].text() == "1.600"
    assert page.stat_labels["opened"].text() == "90 / 198"
    assert page.canvas.state is not None and page.canvas.state.index == 17
    assert "17 of 17: open (7, 9) at 5.00 s" in page.event_label.text()


@pytest.mark.slow
def test_the_timer_drives_the_replay_through_the_clock(qtbot, main_window):
    page = _paste_paused(main_window, WON["slug"])
    clock = page.player.clock
    page.player.seek(0)
    page.player.play()
    clock.now += 1500
    page.player.tick()  # what the QTimer calls each frame
    assert page.player.time_ms == 1500
    page.speed_box.setCurrentIndex(page.speed_box.findData(8.0))
    clock.now += 1000
    page.player.tick()
    assert page.player.time_ms == 9500
    assert page.replay_clock.text() == "9.50 s / 31.80 s"


@pytest.mark.slow
def test_speed_keys_and_quarter_speed(qtbot, main_window):
    page = _paste_paused(main_window, WON["slug"])
    page.player.seek(0)
    page.canvas.setFocus()
    for _ in range(4):
        qtbot.keyClick(page.canvas, Qt.Key.Key_Minus)
    assert page.player.speed == 0.25 and page.speed_box.currentText() == "0.25x"
    page.player.play()
    page.player.advance(400)
    assert page.player.time_ms == 100
    for _ in range(9):
        qtbot.keyClick(page.canvas, Qt.Key.Key_Plus)
    assert page.player.speed == 8.0


def test_arrows_step_one_event_at_a_time(qtbot, main_window):
    page = _paste_paused(main_window, VECTORS[1]["slug"])  # has a flag and an open at the same moment
    board = page.board
    page.player.seek(0)
    page.canvas.setFocus()
    qtbot.keyClick(page.canvas, Qt.Key.Key_Right)
    assert page.replay_state().index == 1
    assert page.replay_state().last_event == board.events[0]
    for _ in range(6):
        qtbot.keyClick(page.canvas, Qt.Key.Key_Right)
    # events 7 and 8 share t=33: stepping shows the flag first, then the open
    assert page.replay_state().last_event == board.events[6] and board.events[6].kind == "flag"
    qtbot.keyClick(page.canvas, Qt.Key.Key_Right)
    assert page.replay_state().last_event == board.events[7] and board.events[7].t == board.events[6].t
    qtbot.keyClick(page.canvas, Qt.Key.Key_Left)
    assert page.replay_state().index == 7
    assert page.replay_clock.text() == "1.65 s / 29.15 s"
    qtbot.keyClick(page.canvas, Qt.Key.Key_End)
    assert page.replay_state().index == len(board.events)
    assert page.outcome_label.text() == "Unfinished"
    qtbot.keyClick(page.canvas, Qt.Key.Key_Home)
    assert page.replay_state().index == 0


@pytest.mark.slow
def test_buttons_and_slider(qtbot, main_window):
    page = _paste_paused(main_window, WON["slug"])
    page.player.seek(0)
    qtbot.mouseClick(page.next_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.next_button, Qt.MouseButton.LeftButton)
    assert page.replay_state().index == 2
    qtbot.mouseClick(page.prev_button, Qt.MouseButton.LeftButton)
    assert page.replay_state().index == 1
    page.slider.setValue(31800)  # as a drag to the end does
    assert page.outcome_label.text() == "Won in 31.80 s"
    assert page.stat_labels["3bv_per_s"].text() == "1.038"
    assert page.stat_labels["ioe"].text() == "0.485"
    page.slider.setValue(10000)
    assert page.replay_clock.text() == "10.00 s / 31.80 s"
    assert page.replay_state().index == ms.Replay(page.board).index_at(10000)
    qtbot.mouseClick(page.play_button, Qt.MouseButton.LeftButton)
    assert page.player.playing
    qtbot.mouseClick(page.play_button, Qt.MouseButton.LeftButton)
    assert not page.player.playing


@pytest.mark.slow
def test_a_pasted_game_plays_in_real_time(qtbot, main_window):
    assert main_window.paste_text(WON["slug"])
    page = _page(main_window)
    assert page.player.playing
    qtbot.waitUntil(lambda: page.player.time_ms >= 200, timeout=3000)
    assert page.replay_state().index >= 2
    assert page.replay_clock.text().endswith(" / 31.80 s")
    page.canvas.grab()  # draws without error while playing


@pytest.mark.slow
def test_export_state_is_the_replay_moment(qtbot, main_window):
    page = _paste_paused(main_window, ARTICLE)
    page.player.seek(3100)
    state = page.export_state()
    assert state["at"] == 3.1 and state["state"] == ms.Replay(page.board).state_at(3100)


# --- play ---------------------------------------------------------------------------------

FIELD = "1=5x5+0141++"  # mines at (1, 0) and (1, 4): version 1 writes (row, column)


@pytest.mark.slow
def test_play_a_small_game_and_share_it(qtbot, main_window):
    assert main_window.paste_text(FIELD)
    page = _page(main_window)
    assert page.mode == "play"  # a bare field is shared to be played
    clock = FakeClock()
    page.clock = clock
    assert page.play_status.text() == "Click any cell to start"
    _click(qtbot, page, 4, 2)  # opens all but the corners behind the mines
    assert page.board.events == (ms.Event(0, "open", 4, 2),)
    assert main_window.slug_pane.slug_text() == "1=5x5+0141+420+"
    assert page.play_status.text() == "Playing"
    clock.now += 730
    _press_right(qtbot, page, 1, 0)  # flag a mine
    clock.now += 500
    _click(qtbot, page, 1, 0)  # a flagged cell does not open
    assert len(page.board.events) == 2
    clock.now += 270
    _click(qtbot, page, 0, 0)
    clock.now += 1000
    _click(qtbot, page, 2, 2)  # a wasted click on an open cell is recorded too
    clock.now += 440
    _click(qtbot, page, 0, 4)
    assert page.play_status.text() == "You won!"
    slug = main_window.slug_pane.slug_text()
    assert slug == "1=5x5+0141+420;0030;2220;048+1014P"
    _click(qtbot, page, 3, 3)  # nothing after the end
    assert main_window.slug_pane.slug_text() == slug
    # Counted from the mouse as played, as a replay file's are: the click on the flag
    # (which the slug does not keep) is a click too.
    assert page.stat_labels["clicks"].text() == "6 (4 effective)"

    replayed = ms.Replay(ms.decode(slug)).final()
    assert replayed.outcome == "won"
    assert replayed.cells == page.canvas.state.cells
    assert replayed.stats.time_s == 2.9
    # The shared slug replays the same way in the window.
    assert main_window.paste_text(slug)
    assert page.mode == "replay"
    page.player.pause()
    qtbot.keyClick(page.canvas, Qt.Key.Key_End)
    assert page.replay_state().cells == replayed.cells
    assert page.outcome_label.text() == "Won in 2.90 s"


def _long_unfinished_game(size=60, mines=500, actions=1500, seed=4):
    """A game in progress on a big field: flags and opens, no mine hit yet."""
    import random

    rng = random.Random(seed)
    field = ms.random_board(size, size, mines, seed=seed)
    cells = [(x, y) for x in range(size) for y in range(size)]
    rng.shuffle(cells)
    events = []
    for t, (x, y) in enumerate(cells[:actions]):
        events.append(ms.Event(t, "flag" if (x, y) in field.mine_set else "open", x, y))
    return ms.Board(size, size, field.mines, tuple(events))


@pytest.mark.slow
def test_a_move_in_a_long_game_plays_one_event_and_keeps_the_slug(qtbot, main_window, monkeypatch):
    game = _long_unfinished_game()
    assert ms.Replay(game).outcome == "unfinished"
    assert main_window.paste_text(ms.encode(game))
    page = _shown_page(main_window)
    page.set_mode("play")
    page.clock = FakeClock()
    page.session.resume_clock()
    applied = []
    real = ms.Replay._apply_all
    monkeypatch.setattr(ms.Replay, "_apply_all", lambda self, events: (applied.extend(events), real(self, events)))
    closed = [c for c in range(60 * 60) if page.canvas.state.cells[c] == ms.CLOSED]
    x, y = closed[0] % 60, closed[0] // 60
    _press_right(qtbot, page, x, y)
    page.clock.now += 500
    safe = next(c for c in closed[1:] if (c % 60, c // 60) not in game.mine_set)
    _click(qtbot, page, safe % 60, safe // 60)
    assert applied == list(page.board.events[-2:])
    assert page.board.events[:-2] == game.events
    slug = main_window.slug_pane.slug_text()
    assert slug == ms.encode(ms.decode(slug))
    assert ms.decode(slug) == page.board
    final = ms.Replay(page.board).final()
    assert page.canvas.state == final
    assert final.stats.clicks == 1502
    assert page.stat_labels["clicks"].text() == f"1502 ({final.stats.effective_clicks} effective)"
    # Undo takes the moves back; a different move from there is replayed from scratch.
    page.undo_stack.undo()
    assert page.board == game
    assert main_window.slug_pane.slug_text() == ms.encode(game)
    page.clock.now += 500
    _press_right(qtbot, page, x, y)
    assert page.canvas.state == ms.Replay(page.board).final()
    assert main_window.slug_pane.slug_text() == ms.encode(ms.decode(ms.encode(page.board)))


@pytest.mark.slow
def test_a_large_paste_shows_a_busy_cursor_and_says_how_long_it_took(qtbot, main_window, monkeypatch):
    from PySide6.QtWidgets import QApplication

    from slugboard.gui import minesweeper as view

    page = _page(main_window)
    cursors = []
    real = page.set_board
    monkeypatch.setattr(
        page,
        "set_board",
        lambda *a, **k: (
            cursors.append(QApplication.overrideCursor() and QApplication.overrideCursor().shape()),
            real(*a, **k),
        )[1],
    )
    monkeypatch.setattr(view.page, "LARGE_BOARD_WORK", 200)
    monkeypatch.setattr(view.page, "SLOW_PASTE_MS", -1)
    assert main_window.paste_text(ARTICLE)  # 225 cells and 17 actions: "large" here
    assert cursors == [Qt.CursorShape.WaitCursor]
    assert QApplication.overrideCursor() is None
    qtbot.waitUntil(lambda: "preparing it took" in main_window.statusBar().currentMessage())
    assert (
        main_window.statusBar()
        .currentMessage()
        .startswith("Opened a 15x15 board with 27 mines and 17 actions: preparing it took ")
    )
    cursors.clear()
    assert main_window.paste_text(FIELD)  # 25 cells: no busy cursor
    assert cursors == [None]


def test_the_play_clock_runs_from_the_first_click(qtbot, main_window):
    main_window.paste_text(FIELD)
    page = _page(main_window)
    clock = FakeClock()
    page.clock = clock
    page.session.tick()
    assert page.play_clock.text() == "Time 0.00 s"
    _click(qtbot, page, 4, 2)
    clock.now += 1234
    page.session.tick()
    assert page.play_clock.text() == "Time 1.23 s"
    assert page.canvas.clock_ms == 1234
    page.canvas.grab()


def test_a_game_undone_to_its_start_and_redone_plays_on_with_its_clock(qtbot, main_window):
    main_window.paste_text("1=9x9+0141+")
    page = _page(main_window)
    clock = FakeClock()
    page.clock = clock
    _click(qtbot, page, 8, 8)
    clock.now += 1500
    _press_right(qtbot, page, 1, 0)
    unit = page.board.time_unit_ms
    assert [e.t * unit for e in page.board.events] == [0, 1500]
    while page.board.events:  # back to before the first click
        main_window.undo_action.trigger()
    clock.now += 60_000  # a minute away from the game
    main_window.redo_action.trigger()
    main_window.redo_action.trigger()
    assert [e.t * unit for e in page.board.events] == [0, 1500]
    page.session.tick()
    assert page.play_clock.text() == "Time 1.50 s"  # on from its last action, the minute away not counted
    clock.now += 700
    page.session.tick()
    assert page.play_clock.text() == "Time 2.20 s"
    _press_right(qtbot, page, 1, 4)
    assert [e.t * unit for e in page.board.events] == [0, 1500, 2200]


def test_the_mines_box_says_the_count_of_a_field_of_nothing_but_mines(main_window):
    assert main_window.paste_text("1=3x1+000102")
    page = _page(main_window)
    assert len(page.board.mines) == 3 and page.mines_spin.value() == 3
    assert main_window.paste_text(FIELD)  # 25 cells: a field dealt here keeps one to open
    assert page.mines_spin.value() == 2 and page.mines_spin.maximum() == 24


def test_flags_before_the_first_open_of_a_new_game_stay(qtbot, main_window):
    page = _shown_page(main_window)
    page.new_game(seed=1)
    page.clock = FakeClock()
    _press_right(qtbot, page, 0, 0)
    _click(qtbot, page, 4, 4)
    assert page.board.events[0] == ms.Event(0, "flag", 0, 0)
    assert not {(x, y) for x in range(3, 6) for y in range(3, 6)} & page.board.mine_set


def test_play_with_the_keyboard(qtbot, main_window):
    main_window.paste_text(FIELD)
    page = _page(main_window)
    page.clock = FakeClock()
    page.canvas.setFocus()
    qtbot.keyClick(page.canvas, Qt.Key.Key_Right)  # cursor to (1, 0)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Left)  # back to (0, 0)
    qtbot.keyClick(page.canvas, Qt.Key.Key_F)
    assert page.board.events[-1] == ms.Event(0, "flag", 0, 0)
    qtbot.keyClick(page.canvas, Qt.Key.Key_F)
    assert page.board.events[-1].kind == "unflag"
    qtbot.keyClick(page.canvas, Qt.Key.Key_Down)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Space)
    assert page.board.events[-1] == ms.Event(0, "open", 0, 1)


def test_losing_shows_the_mines_and_stops_the_game(qtbot, main_window):
    main_window.paste_text(FIELD)
    page = _page(main_window)
    page.clock = FakeClock()
    _click(qtbot, page, 1, 4)
    assert page.play_status.text() == "Boom: you lost"
    assert page.canvas.state.hit == (1, 4)
    events = page.board.events
    _click(qtbot, page, 3, 3)
    assert page.board.events == events


@pytest.mark.slow
def test_a_game_is_one_undo_step_and_restart_another(qtbot, main_window):
    main_window.paste_text(FIELD)
    page = _page(main_window)
    page.clock = FakeClock()
    _click(qtbot, page, 4, 2)
    _click(qtbot, page, 0, 0)
    assert len(page.board.events) == 2
    qtbot.keyClick(page.canvas, Qt.Key.Key_F3)
    assert page.board.events == () and page.board.mines == ((1, 0), (1, 4))
    main_window.undo_action.trigger()  # undo the restart: the game is back
    assert len(page.board.events) == 2
    main_window.undo_action.trigger()  # undo the moves: one step for the whole game
    assert page.board.events == ()
    assert main_window.slug_pane.slug_text() == FIELD


@pytest.mark.slow
def test_new_game_keeps_the_first_click_clear(qtbot, main_window):
    page = _shown_page(main_window)
    page.set_mode("edit")
    page.width_spin.setValue(16)
    page.height_spin.setValue(16)
    page.mines_spin.setValue(40)
    qtbot.keyClick(page.canvas, Qt.Key.Key_F2)
    assert page.mode == "play"
    page.clock = FakeClock()
    _click(qtbot, page, 7, 7)
    board = page.board
    assert (board.width, board.height, len(board.mines)) == (16, 16, 40)
    around = {(x, y) for x in range(6, 9) for y in range(6, 9)}
    assert not around & board.mine_set
    assert page.replay.final().stats.safe_opened > 1


def _new_game_of(qtbot, page, width, height, mines):
    """Edit mode (Ctrl+1), the size and mine count typed in, then New game (F2)."""
    page.canvas.setFocus()
    qtbot.keyClick(page.canvas, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    page.width_spin.setValue(width)
    page.height_spin.setValue(height)
    page.mines_spin.setValue(mines)
    page.canvas.setFocus()
    qtbot.keyClick(page.canvas, Qt.Key.Key_F2)
    assert page.mode == "play" and len(page.board.mines) == mines and not page.board.events


@pytest.mark.slow
def test_undo_back_to_a_new_games_field_keeps_the_first_click_clear(qtbot, main_window):
    page = _shown_page(main_window)
    _new_game_of(qtbot, page, 9, 9, 70)
    fresh = page.board
    x, y = fresh.mines[0]  # a mine of the field on show, before it is dealt
    page.clock = FakeClock()
    _click(qtbot, page, x, y)
    assert page.replay.final().outcome != ms.LOST
    main_window.undo_action.trigger()  # back to the new game, not yet clicked
    assert page.board == fresh and page.play_status.text() == "Click any cell to start"
    _click(qtbot, page, x, y)
    assert (x, y) not in page.board.mine_set and len(page.board.mines) == 70
    assert page.replay.final().outcome != ms.LOST and page.play_status.text() != "Boom: you lost"


@pytest.mark.slow
def test_a_new_game_kept_over_a_restart_keeps_the_first_click_clear(qtbot, main_window, settings):
    from slugboard.gui.main_window import MainWindow

    page = _shown_page(main_window)
    _new_game_of(qtbot, page, 9, 9, 70)
    fresh = page.board
    # The slug is the field's as any other writer would write it: no trace of the deal to come.
    plain = ms.Board(9, 9, fresh.mines)
    assert main_window.slug_pane.slug_text() == ms.encode(plain) == ms.encode(fresh)
    main_window.close()
    again = MainWindow(settings)  # Slugboard started again
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    page = _page(again)
    assert again.current_page() is page and page.mode == "play"
    assert page.board == fresh and again.slug_pane.slug_text() == ms.encode(plain)
    x, y = fresh.mines[0]
    page.clock = FakeClock()
    _click(qtbot, page, x, y)
    assert (x, y) not in page.board.mine_set and len(page.board.mines) == 70
    assert page.replay.final().outcome != ms.LOST and page.play_status.text() != "Boom: you lost"
    # Once opened, the field is final: Restart (F3) plays these same mines again.
    dealt = page.board.mines
    qtbot.keyClick(page.canvas, Qt.Key.Key_F3)
    _click(qtbot, page, *dealt[0])
    assert page.board.mines == dealt and page.replay.final().outcome == ms.LOST


# --- edit ---------------------------------------------------------------------------------


def test_edit_mines_by_clicking(qtbot, main_window):
    main_window.paste_text(FIELD)
    page = _page(main_window)
    qtbot.keyClick(page.canvas, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    assert page.mode == "edit" and page.mode_buttons["edit"].isChecked()
    _click(qtbot, page, 2, 2)
    assert page.board.mine_set == {(1, 0), (1, 4), (2, 2)}
    assert main_window.slug_pane.slug_text() == "1=5x5+014122++"
    _click(qtbot, page, 1, 0)
    assert page.board.mine_set == {(1, 4), (2, 2)}
    assert page.undo_stack.undoText() == "Remove mine at (1, 0)"
    main_window.undo_action.trigger()
    assert page.undo_stack.undoText() == "Add mine at (2, 2)"
    main_window.undo_action.trigger()
    assert main_window.slug_pane.slug_text() == FIELD


@pytest.mark.slow
def test_edits_of_a_large_field_show_what_the_field_read_anew_shows(qtbot, main_window):
    # A mine added or taken away changes the field's numbers and openings around it only
    # (Field.toggled): after a few, the window shows what the same field pasted shows.
    main_window.paste_text(ms.encode(ms.random_board(300, 200, 9_000, seed=5)))
    page = _shown_page(main_window)
    page.set_mode("edit")
    for x, y in ((200, 150), (201, 150), (3, 7), (200, 150), (299, 199)):
        before = page.board
        _click(qtbot, page, x, y)
        assert page.board.has_mine(x, y) != before.has_mine(x, y)
    edited = page.board
    fresh = ms.Field(300, 200, edited.mines)
    assert page.replay.field.numbers == fresh.numbers and page.replay.bbbv == fresh.bbbv
    assert f"3BV {fresh.bbbv}" in page.field_label.text()
    assert main_window.slug_pane.slug_text() == ms.encode(ms.Board(300, 200, edited.mines))
    main_window.paste_text(main_window.slug_pane.slug_text())
    assert page.board == edited and page.replay.bbbv == fresh.bbbv


def test_editing_a_played_field_drops_the_game_with_undo(qtbot, main_window):
    page = _paste_paused(main_window, WON["slug"])
    page.set_mode("edit")
    _click(qtbot, page, 14, 14)
    assert page.board.events == ()
    main_window.undo_action.trigger()
    assert main_window.slug_pane.slug_text() == WON["slug"]


def test_resize_random_field_and_levels(qtbot, main_window):
    page = _shown_page(main_window)
    page.set_mode("edit")
    page.width_spin.setValue(12)
    assert page.board.width == 12
    page.mines_spin.setValue(20)
    page.random_field(seed=4)
    assert len(page.board.mines) == 20 and page.board.width == 12
    page.new_level("expert")
    assert (page.board.width, page.board.height, len(page.board.mines)) == (30, 16, 99)
    assert ms.decode(main_window.slug_pane.slug_text()) == page.board


@pytest.mark.slow
def test_typing_a_width_resizes_once(qtbot, main_window):
    main_window.paste_text(FIELD)
    page = _shown_page(main_window)
    page.set_mode("edit")
    page.width_spin.selectAll()
    qtbot.keyClicks(page.width_spin, "12")
    assert page.board.width == 5  # nothing yet: the number may not be complete
    qtbot.keyClick(page.width_spin, Qt.Key.Key_Return)
    assert page.board.width == 12 and page.board.mine_set == {(1, 0), (1, 4)}
    main_window.undo_action.trigger()
    assert main_window.slug_pane.slug_text() == FIELD


def test_version_two_slugs(qtbot, main_window):
    main_window.paste_text(FIELD)
    page = _page(main_window)
    page.set_mode("edit")
    page.version_box.setCurrentIndex(1)
    page.edit.version_chosen(1)
    assert page.board.version == 2 and page.board.time_unit_ms == 10
    assert main_window.slug_pane.slug_text() == "2=5x5,10+1014++"


def test_a_version_2_slug_without_a_unit_stays_as_it_was_pasted(qtbot, main_window):
    slug = "2=3x3+11+00A;020+224P"
    assert main_window.paste_text(slug)
    page = _page(main_window)
    assert main_window.slug_pane.slug_text() == slug
    assert page.version_box.currentText() == "2 (50 ms implied, base62 times)"
    page.player.pause()
    page.set_mode("play")
    page.clock = FakeClock()
    page.session.resume_clock()
    page.clock.now += 1000
    _click(qtbot, page, 2, 0)
    assert main_window.slug_pane.slug_text() == "2=3x3+11+00A;020;20K+224P"
    page.set_mode("edit")
    page.edit.version_chosen(0)
    assert main_window.slug_pane.slug_text() == "1=3x3+11+0010;020;2020+224P"  # decimal deltas
    assert page.version_box.itemText(1) == "2 (10 ms, base62 times)"


def test_mode_shortcuts(qtbot, main_window):
    page = _shown_page(main_window)
    page.canvas.setFocus()
    for key, mode in ((Qt.Key.Key_2, "play"), (Qt.Key.Key_3, "replay"), (Qt.Key.Key_1, "edit")):
        qtbot.keyClick(page.canvas, key, Qt.KeyboardModifier.ControlModifier)
        assert page.mode == mode
        assert page.panels.currentIndex() == ("edit", "play", "replay").index(mode)


def test_a_look_at_edit_mode_keeps_the_replays_moment_and_another_game_starts_at_its_start(qtbot, main_window):
    page = _paste_paused(main_window, WON["slug"])
    main_window.tabs.setCurrentWidget(page)
    page.player.seek(1500)
    page.set_mode("edit")
    page.set_mode("replay")
    assert page.player.time_ms == 1500 and page.replay_state() == page.replay.state_at(1500)
    page.set_mode("edit")
    _click(qtbot, page, 0, 0)  # a mine added or taken away: another game
    page.set_mode("replay")
    assert page.player.time_ms == 0


# --- drawing ------------------------------------------------------------------------------


def test_paint_draws_the_state_at_a_moment(qtbot):
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QGuiApplication, QPainter

    from slugboard.gui.minesweeper.paint import Layout, paint, preferred_size

    board = ms.decode(ARTICLE)
    size = preferred_size(board)
    images = {}
    for at in (None, 0.0, 5.0):
        image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor("#ffffff"))
        painter = QPainter(image)
        paint(
            painter,
            QRectF(0, 0, size.width(), size.height()),
            board,
            QGuiApplication.palette(),
            **({"view": "edit"} if at is None else {"at": at}),
        )
        painter.end()
        images[at] = image
    lay = Layout(QRectF(0, 0, size.width(), size.height()), 15, 15)

    def colour(image, x, y):
        c = lay.cell_rect(x, y)
        # Off the mine's spikes and inside the ring that marks the current event.
        return QColor(image.pixel(int(c.left() + c.width() * 0.15), int(c.top() + c.height() * 0.3)))

    # (7, 9) is the mine the game hits: red at 5.00 s, a closed grey cell at the start.
    assert colour(images[5.0], 7, 9).red() > 200 and colour(images[5.0], 7, 9).green() < 80
    assert colour(images[0.0], 7, 9).red() == colour(images[0.0], 7, 9).green()
    assert images[None] != images[5.0]


def test_small_tiles_compose_to_the_same_pixels_as_the_tile_rows(qtbot):
    import slugboard.gui.minesweeper.paint as view

    fld = ms.field_of(ms.random_board(13, 7, 20, seed=3))
    every_tile = bytes((7 * i) % view.TILE_COUNT for i in range(13 * 7))
    for ids in (view.tile_ids(fld, None), every_tile):
        for tile in (1, 2, 4):
            rows = view.tile_rows(tile)
            data = b"".join(
                b"".join(rows[k][i] for i in ids[r * 13 : (r + 1) * 13]) for r in range(7) for k in range(tile)
            )
            expected = QImage(data, 13 * tile, 7 * tile, 4 * 13 * tile, QImage.Format.Format_RGB32).copy()
            assert view.compose(fld, ids, tile) == expected, tile


def test_a_replay_frame_patched_from_the_last_is_the_picture_composed_anew(qtbot, monkeypatch):
    import slugboard.gui.minesweeper.paint as view

    paint = importlib.import_module("slugboard.gui.minesweeper.paint")  # the package names a function `paint`

    board = ms.random_board(16, 9, 25, seed=5)
    mines = set(board.mines)
    # Every cell in turn: a flag on each mine, the others opened (some open a region).
    events = tuple(
        ms.Event(100 * (y * 16 + x), "flag" if (x, y) in mines else "open", x, y) for y in range(9) for x in range(16)
    )
    replay = ms.Replay(ms.Board(board.width, board.height, board.mines, events))
    fld = replay.field
    monkeypatch.setattr(paint, "LAST_COMPOSED", Recent("pictures", paint.LAST_COMPOSED.size))
    patches = []
    real = paint._patched
    monkeypatch.setattr(paint, "_patched", lambda *a: patches.append(real(*a)) or patches[-1])
    for tile in (6, 13):
        for index in range(len(replay.board.events) + 1):
            ids = view.tile_ids(fld, replay.state_after(index))
            assert paint._composed(fld, ids, tile) == view.compose(fld, ids, tile), (tile, index)
    assert any(patch is not None for patch in patches)  # most frames were patched, not composed
    assert any(patch is None for patch in patches)  # a frame that changes much is composed anew


def test_the_canvas_erases_only_around_the_field_and_looks_the_same(qtbot, main_window, monkeypatch):
    import slugboard.gui.kept as kept

    page = _shown_page(main_window)
    page.paste_board(ms.random_board(23, 11, 40, seed=2))
    page.set_mode("play")
    covered = []
    real = kept._erase
    monkeypatch.setattr(kept, "_erase", lambda w, p, c: covered.append(c) or real(w, p, c))
    page.canvas.resize(517, 389)  # a field not on whole pixels
    shown = page.canvas.grab().toImage()
    assert covered and covered[-1] is not None and covered[-1].width() > 0.8 * page.canvas.width()
    monkeypatch.setattr(kept, "_erase", lambda w, p, c: real(w, p, None))
    page.canvas.hover = (3, 4)  # a new picture, drawn, then back to the first
    page.canvas.grab()
    page.canvas.hover = None
    assert page.canvas.grab().toImage() == shown


def test_tile_ids_of_a_game_state():
    import slugboard.gui.minesweeper.paint as view

    board = ms.Board(3, 1, ((2, 0),), (ms.Event(0, "flag", 1, 0), ms.Event(1, "open", 0, 0), ms.Event(2, "open", 2, 0)))
    replay = ms.Replay(board)
    fld = replay.field
    # Open 0 next to a flag; a wrong flag shown crossed and the mine hit once lost.
    assert view.tile_ids(fld, replay.state_after(2)) == bytes([view.T_OPEN + 0, view.T_FLAG, view.T_CLOSED])
    assert view.tile_ids(fld, replay.final()) == bytes([view.T_OPEN + 0, view.T_WRONG_FLAG, view.T_HIT])
    assert view.tile_ids(fld, None) == bytes([view.T_OPEN + 0, view.T_OPEN + 1, view.T_MINE])


@pytest.mark.slow
def test_export_png_at_a_moment(qtbot, tmp_path):
    out = tmp_path / "replay.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-m", "slugboard.gui", "--export", str(out), ARTICLE, "--at", "5"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    image = QImage(str(out))
    assert not image.isNull() and image.width() > 300
    reds = sum(
        1
        for x in range(0, image.width(), 2)
        for y in range(0, image.height(), 2)
        if QColor(image.pixel(x, y)).red() > 200 and QColor(image.pixel(x, y)).green() < 60
    )
    assert reds > 100  # the LOST banner and the hit mine
    # The very picture the window's paint draws at that moment.
    from PySide6.QtWidgets import QApplication

    from slugboard.gui.render import render_image

    same = render_image("minesweeper", ms.decode(ARTICLE), None, QApplication.instance().palette(), at=5.0)
    assert image.convertToFormat(same.format()) == same


# --- replay files --------------------------------------------------------------------

REPLAY_DATA = Path(__file__).parent / "data" / "minesweeper"


@pytest.mark.slow
def test_a_replay_file_opens_in_the_window_and_its_slug_shows(qtbot, main_window):
    window = main_window
    path = next(REPLAY_DATA.glob("*.mvf"))
    assert open_file(qtbot, window, path)
    page = window.page("minesweeper")
    assert window.current_page() is page
    assert (page.board.width, page.board.height) == (30, 16)
    assert page.replay.bbbv == 122
    assert ms.decode(window.slug_pane.slug_text()) == page.board
    text = page.file_label.text()
    assert "Minesweeper Clone" in text and "mouse path" in text and "Zhang Shen Jia" in text
    figures = {key: label.text() for key, label in page.stat_labels.items()}
    # Another field: the file's extras go with it.
    page.new_level("beginner")
    assert page.file_label.text() == ""
    assert page.mouse_path() is None
    # Undone back to the file's game, the extras and the file's own figures come back.
    window.undo_action.trigger()
    assert page.board == ms.decode(window.slug_pane.slug_text()) and page.replay.bbbv == 122
    assert page.file_label.text() == text and page.mouse_path() is not None
    assert page.mouse_box.isEnabled()
    assert {key: label.text() for key, label in page.stat_labels.items()} == figures


@pytest.mark.slow
def test_a_damaged_file_changes_nothing(qtbot, main_window, tmp_path):
    window = main_window
    page = window.page("minesweeper")
    before = page.board
    bad = tmp_path / "broken.avf"
    bad.write_bytes(next(REPLAY_DATA.glob("*.avf")).read_bytes()[:100])
    assert not open_file(qtbot, window, bad)
    assert page.board is before
    assert "damaged" in window.slug_pane.error_text()


@pytest.mark.slow
def test_dropping_a_replay_file_opens_it(qtbot, main_window):
    from PySide6.QtCore import QMimeData, QPointF, QUrl
    from PySide6.QtGui import QDropEvent

    path = next(REPLAY_DATA.glob("*.rmv"))
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(path))])
    data.setText(QUrl.fromLocalFile(str(path)).toString())  # as file managers do
    event = QDropEvent(
        QPointF(50, 50), Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    )
    with qtbot.waitSignal(main_window.file_done, timeout=60_000):
        main_window.dropEvent(event)
    page = main_window.page("minesweeper")
    assert main_window.current_page() is page
    assert page.replay.bbbv == 5 and page.replay.final().outcome == ms.WON
    assert "Viennasweeper" in page.file_label.text()


@pytest.mark.slow
def test_export_draws_a_replay_file(tmp_path):
    path = next(REPLAY_DATA.glob("*.avf"))
    out = tmp_path / "moment.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-m", "slugboard.gui.app", "--export", str(out), str(path), "--at", "5"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    image = QImage(str(out))
    assert not image.isNull() and image.width() > 100


# --- what a new user hit ------------------------------------------------------------


@pytest.mark.slow
def test_the_mines_box_says_the_pasted_fields_count(qtbot, main_window):
    assert main_window.paste_text(WON["slug"])
    page = _shown_page(main_window)
    page.set_mode("edit")
    assert len(page.board.mines) != 10
    assert page.mines_spin.value() == len(page.board.mines)


def test_a_level_seen_in_edit_mode_is_not_the_one_played(qtbot, main_window):
    page = _shown_page(main_window)
    page.set_mode("edit")
    page.new_level("beginner")
    seen = page.board
    assert (seen.width, seen.height, len(seen.mines)) == (9, 9, 10)
    page.set_mode("play")
    assert page.board.mines != seen.mines and not page.board.events
    assert (page.board.width, page.board.height, len(page.board.mines)) == (9, 9, 10)
    # A field made by hand is the one played.
    page.set_mode("edit")
    page.new_level("beginner")
    page.set_board(page.board.toggled_mine(0, 0), "Toggle mine")
    made = page.board
    page.set_mode("play")
    assert page.board is made


def test_the_counter_reads_000_after_a_win(qtbot, main_window):
    from slugboard.gui.minesweeper.paint import mines_left_text

    board = ms.decode("1=5x5+0141+420;0030;2220;048+1014P")  # won with one of two mines flagged
    final = ms.replay(board).final()
    assert final.outcome == ms.WON and final.cells.count(ms.FLAGGED) == 1
    assert mines_left_text(board, final) == "000"
    before = ms.replay(board).state_at(1500)
    assert mines_left_text(board, before) == "001"


def test_statistics_time_is_the_clocks_while_playing(qtbot, main_window):
    assert main_window.paste_text(FIELD)
    page = _shown_page(main_window)
    clock = FakeClock()
    page.clock = clock
    _click(qtbot, page, 4, 2)
    clock.now += 680
    page.session.timer.timeout.emit()
    assert page.play_clock.text() == "Time 0.68 s"
    assert page.stat_labels["time"].text() == "0.68 s"


# --- the community's figures --------------------------------------------------------


@pytest.mark.slow
def test_the_panel_shows_ms_toollibs_figures_for_a_real_file(qtbot, main_window):
    import ms_toollib

    path = next(REPLAY_DATA.glob("*.mvf"))
    video = ms_toollib.MvfVideo(str(path))
    video.parse()
    video.analyse()
    video.current_time = video.rtime + 1
    window = main_window
    assert open_file(qtbot, window, path)
    page = _shown_page(window)
    page.set_mode("replay")
    page.player.pause()
    qtbot.keyClick(page, Qt.Key.Key_End)
    labels = page.stat_labels
    assert labels["clicks"].text() == f"{video.cl} ({video.ce} effective)"
    for key, want in (
        ("3bv", video.bbbv),
        ("zini", video.zini),
        ("hzini", video.hzini),
        ("openings", video.op),
        ("islands", video.isl),
        ("left", video.left),
        ("right", video.right),
        ("double", video.double),
        ("flags", video.flag),
    ):
        assert labels[key].text() == str(want), key
    assert labels["3bv_per_s"].text() == f"{video.bbbv_s:.3f}"
    assert labels["ioe"].text() == f"{video.ioe:.3f}"
    assert labels["correctness"].text() == f"{video.corr * 100:.1f}%"
    assert labels["throughput"].text() == f"{video.thrp:.3f}"
    assert labels["rqp"].text() == f"{video.rqp:.2f}"
    assert labels["stnb"].text() == f"{video.stnb:.1f}"
    assert labels["path"].text() == f"{video.path / 16:.1f} cells"
    # Every figure says what it is and how it is counted.
    assert all(label.toolTip() for label in labels.values())
    assert "first flag on a mine" in labels["clicks"].toolTip()
    # The figures follow the replay moment.
    qtbot.keyClick(page, Qt.Key.Key_Home)
    assert int(labels["left"].text()) < video.left


def test_a_game_from_a_link_says_its_path_is_unknown(main_window):
    page = _paste_paused(main_window, ARTICLE)
    page.set_mode("replay")
    page.player.seek(page.player.duration_ms)
    assert "unknown" in page.stat_labels["path"].text()
    assert page.stat_labels["stnb"].text() == "–"  # a 15x15 field has no STNB


def test_a_click_on_the_replay_bar_jumps_there(qtbot, main_window):
    page = _paste_paused(main_window, ARTICLE)
    page.set_mode("replay")
    page.player.seek(0)
    bar = page.slider
    assert bar.times == page.replay.times_ms[: len(bar.times)] and bar.times
    groove, handle = bar._groove()
    x = int(groove.x() + handle.width() / 2 + (groove.width() - handle.width()) * 3 / 4)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=QPoint(x, bar.height() // 2))
    want = page.player.duration_ms * 3 / 4
    assert abs(page.player.time_ms - want) <= page.player.duration_ms * 0.02
    assert page.replay_state().index == page.replay.index_at(page.player.time_ms)


def test_the_panel_fits_its_width_in_every_mode(qtbot, main_window):
    """Nothing in the panel is wider than the panel: a too-long figure would push the mode
    buttons past the window's edge."""
    main_window.resize(1100, 900)
    main_window.show()
    qtbot.waitExposed(main_window)
    article = "1=15x15+90E2E3A445556575D506C65797D71848D89A0B1BAB5CAD4E7EBEEE+000;5840;594;5A7;5B5;5C7;6B1;698;685;"
    assert main_window.paste_text(article)
    page = main_window.page("minesweeper")
    for mode in ("edit", "play", "replay"):
        page.set_mode(mode)
        QApplication.processEvents()  # the layout has had its turn
        assert page.tool_panel.width() <= page.TOOL_PANEL_WIDTH, mode


@pytest.mark.slow
def test_a_large_field_opens_at_once_and_its_zini_follows(qtbot, main_window, monkeypatch):
    """ZiNi of a large field takes ms-toollib a moment: the field is shown first, then the figure."""
    import threading

    from slugboard.codecs import minesweeper as ms
    from slugboard.codecs.minesweeper import figures
    from slugboard.gui.minesweeper import statistics
    from slugboard.gui.minesweeper.statistics import ZINI_IN_BACKGROUND_CELLS

    release = threading.Event()
    working = statistics._work_out_zini

    def slow(fld, cancel):  # held until the test has seen the window without the figure
        release.wait(10)
        return working(fld, cancel)

    monkeypatch.setattr(statistics, "_work_out_zini", slow)

    side = 120
    assert side * side > ZINI_IN_BACKGROUND_CELLS
    mines = [[x, y] for y in range(side) for x in range(side) if (x * 5 + y * 11) % 13 == 0]
    board = ms.from_json(
        {
            "game": "minesweeper",
            "version": 1,
            "width": side,
            "height": side,
            "mines": mines,
            "events": [{"t": 0, "kind": "open", "x": 1, "y": 1}, {"t": 20, "kind": "open", "x": 60, "y": 60}],
        }
    )
    assert main_window.paste_text(ms.encode(board))
    page = main_window.page("minesweeper")
    page.set_mode("replay")
    page.player.seek(page.player.duration_ms)
    assert page.stat_labels["zini"].text() == "…"  # not worked out on the window's thread
    release.set()
    expected = figures.zini_of(ms.stats.field_of(page.board))
    qtbot.waitUntil(lambda: page.stat_labels["zini"].text() == str(expected[0]), timeout=10000)
    assert page.stat_labels["hzini"].text() == str(expected[1])


def test_the_islands_of_a_large_field_are_counted_after_it_is_on_screen(qtbot, main_window, monkeypatch):
    """Counting the islands of a million-cell field takes a tenth of a second: the field is
    shown and painted first, and the count follows, in every mode, without a second count."""
    from slugboard.codecs import minesweeper as ms
    from slugboard.gui.minesweeper import statistics

    monkeypatch.setattr(statistics, "ISLANDS_IN_BACKGROUND_CELLS", 100)
    counted = []
    count = statistics._count_islands
    monkeypatch.setattr(statistics, "_count_islands", lambda fld, cancel: (counted.append(fld), count(fld, cancel))[1])
    page = main_window.page("minesweeper")
    page.set_mode("edit")
    board = ms.random_board(30, 16, 99, seed=5)
    assert main_window.paste_text(ms.encode(board))
    fld = ms.stats.field_of(page.board)
    assert fld.islands_known() is None  # nothing counted yet, on any thread
    assert page.stat_labels["islands"].text() == "…"
    assert page.stat_labels["3bv"].text() == str(fld.bbbv)  # the rest is there at once
    expected = ms.stats.Field(page.board.width, page.board.height, page.board.mines).islands()
    qtbot.waitUntil(lambda: page.stat_labels["islands"].text() == str(expected), timeout=5000)
    for mode in ("play", "replay", "edit"):
        page.set_mode(mode)
        assert page.stat_labels["islands"].text() == str(expected), mode
    assert counted == [fld]  # once, for the field shown
    # A small field is counted at once, as before.
    small = ms.random_board(9, 9, 10, seed=1)
    assert main_window.paste_text(ms.encode(small))
    assert page.stat_labels["islands"].text() == str(ms.stats.field_of(page.board).islands())


# --- the list of actions ------------------------------------------------------------


def _row_point(view, row):
    rect = view.visualRect(view.model().index(row, 1))
    return rect.center()


def test_a_click_on_an_action_shows_the_board_just_after_it(qtbot, main_window):
    page = _paste_paused(main_window, ARTICLE)
    page.set_mode("replay")
    page.player.seek(0)
    view = page.action_list
    model = view.model()
    events = page.board.events
    assert model.rowCount() == len(events)
    e = events[2]
    assert model.data(model.index(2, 0)) == f"{e.t * page.board.time_unit_ms / 1000:.2f} s"
    assert model.data(model.index(2, 2)) == f"({e.x}, {e.y})"
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=_row_point(view, 2))
    assert page.replay_state().index == 3
    assert page.player.time_ms == page.replay.time_of(3)
    # Up and Down in the list move through the actions.
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert page.replay_state().index == 4
    qtbot.keyClick(view, Qt.Key.Key_Up)
    qtbot.keyClick(view, Qt.Key.Key_Up)
    assert page.replay_state().index == 2
    assert page.replay_clock.text().startswith(f"{page.replay.time_of(2) / 1000:.2f} s")


def test_the_list_follows_the_replay_and_leaves_the_keys_to_the_board(qtbot, main_window):
    page = _paste_paused(main_window, ARTICLE)
    main_window.tabs.setCurrentWidget(page)
    page.set_mode("replay")
    page.player.seek(0)
    view = page.action_list
    assert not view.selectionModel().hasSelection()
    page.canvas.setFocus()
    page.player.play()
    for _ in range(20):
        page.player.advance(100)
    index = page.replay_state().index
    assert index > 0
    assert view.currentIndex().row() == index - 1
    assert [i.row() for i in view.selectionModel().selectedRows()] == [index - 1]
    assert page.player.playing and page.replay_state().index == index  # following chose nothing
    assert not view.hasFocus()
    # The keys stay the replay's: Right steps one event, from the list too.
    page.player.pause()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert page.replay_state().index == index + 1
    assert view.currentIndex().row() == index
    qtbot.keyClick(page, Qt.Key.Key_Home)
    assert not view.selectionModel().hasSelection()


@pytest.mark.slow
def test_chords_of_a_file_are_listed_as_chords(qtbot, main_window):
    path = next(REPLAY_DATA.glob("*.avf"))
    assert open_file(qtbot, main_window, str(path))
    page = main_window.page("minesweeper")
    page.player.pause()
    model = page.action_list.model()
    kinds = [model.kind_text(row) for row in range(model.rowCount())]
    assert model.rowCount() == len(page.board.events)
    assert "chord" in kinds and "open" in kinds
    assert {k for k in kinds} <= {"open", "chord", "flag", "unflag"}
    # A chord's opens share the moment of the chord's release.
    row = kinds.index("chord")
    assert model.row_text(row).endswith(f"chord  ({page.board.events[row].x}, {page.board.events[row].y})")


# --- mine probabilities -------------------------------------------------------------


def _toollib_view(page, cells):
    """The player's view in ms-toollib's codes, written out here independently of the page."""
    w = page.board.width
    rows = []
    for y in range(page.board.height):
        row = []
        for x in range(w):
            code, number = cells[y * w + x], page.replay.number(x, y)
            row.append(number if code == ms.OPENED and number < 9 else 11 if code == ms.FLAGGED else 10)
        rows.append(row)
    return rows


def _odds_on(qtbot, page):
    state = page.replay_state()
    qtbot.waitUntil(lambda: page.canvas.odds is not None and page.canvas.odds.cells == state.cells, timeout=10000)
    return state


def _mvf_paused_at(qtbot, main_window, ms: int):
    """The page with the expert .mvf file open, its replay paused at `ms`."""
    assert open_file(qtbot, main_window, str(next(REPLAY_DATA.glob("*.mvf"))))
    page = _shown_page(main_window)
    page.player.pause()
    page.player.seek(ms)
    return page


@pytest.mark.slow
def test_p_shows_each_covered_cells_chance_of_a_mine(qtbot, main_window):
    import ms_toollib

    from slugboard.gui.minesweeper.paint import odds_marks, odds_text

    page = _mvf_paused_at(qtbot, main_window, 20000)
    page.canvas.setFocus()
    before = page.canvas.grab().toImage()
    assert page.canvas.odds is None
    qtbot.keyClick(page.canvas, Qt.Key.Key_P)
    assert page.odds_box.isChecked()
    state = _odds_on(qtbot, page)
    want, _ = ms_toollib.cal_probability_onboard(_toollib_view(page, state.cells), 99.0)
    marks = odds_marks(state, page.canvas.odds)
    w = page.board.width
    covered = {(c % w, c // w) for c, code in enumerate(state.cells) if code in (ms.CLOSED, ms.MARKED)}
    assert set(marks) == covered  # opened and flagged cells carry nothing
    for (x, y), value in marks.items():
        assert value == want[y][x]
        assert odds_text(value) == f"{round(value * 100)}%" or 0 < value * 100 < 0.5 or 99.5 <= value * 100 < 100
    sure = [cell for cell, value in marks.items() if value == 1.0]
    assert sure and all(page.board.has_mine(x, y) for x, y in sure)
    assert {odds_text(marks[c]) for c in sure} == {"100%"}
    # The board shows it: a cell sure to be a mine is tinted red.
    after = page.canvas.grab().toImage()
    x, y = sure[0]
    corner = page.canvas.board_layout().cell_rect(x, y).topLeft().toPoint() + QPoint(4, 4)
    ratio = page.canvas.devicePixelRatioF()
    point = QPoint(int(corner.x() * ratio), int(corner.y() * ratio))
    assert QColor(after.pixel(point)) != QColor(before.pixel(point))
    assert QColor(after.pixel(point)).red() > QColor(after.pixel(point)).green()
    # P again takes it away.
    qtbot.keyClick(page.canvas, Qt.Key.Key_P)
    assert not page.odds_box.isChecked() and page.canvas.odds is None


@pytest.mark.slow
def test_the_odds_follow_the_replay_as_it_plays_and_seeks(qtbot, main_window):
    path = next(REPLAY_DATA.glob("*.avf"))
    assert open_file(qtbot, main_window, str(path))
    page = _shown_page(main_window)
    page.player.pause()
    page.player.clock = FakeClock()
    page.odds_box.setChecked(True)
    page.player.seek(0)
    first = _odds_on(qtbot, page)
    assert page.canvas.odds.at(0, 0) == 10 / 64  # nothing open: every cell alike
    page.player.play()
    for _ in range(30):
        page.player.advance(100)
    state = _odds_on(qtbot, page)
    assert state.cells != first.cells
    # A moment seen before shows its odds at once, with no waiting.
    page.player.pause()
    page.player.seek(0)
    assert page.canvas.odds is not None and page.canvas.odds.cells == first.cells
    # Off, nothing is computed or drawn.
    page.odds_box.setChecked(False)
    page.player.seek(page.player.duration_ms / 2)
    assert page.canvas.odds is None and not page.odds.worker.busy


def test_odds_text_never_rounds_a_chance_to_certain():
    from slugboard.gui.minesweeper.paint import odds_text

    assert [odds_text(p) for p in (0.0, 0.001, 0.2, 0.3749, 0.998, 1.0)] == ["0%", "1%", "20%", "37%", "99%", "100%"]


# --- the mouse path of a replay file ------------------------------------------------


@pytest.mark.slow
def test_a_file_replays_its_pointer_trail_and_clicks(qtbot, main_window):
    page = _mvf_paused_at(qtbot, main_window, 20000)
    mouse = page.mouse_path()
    assert mouse is not None and page.canvas.mouse is mouse
    assert page.mouse_box.isEnabled() and page.mouse_box.isChecked()
    assert "chord" in page.mouse_box.toolTip()
    x, y = mouse.pointer_at(20000)
    lay = page.canvas.board_layout()
    tip = QPoint(int(lay.grid.left() + x * lay.cell) + 3, int(lay.grid.top() + y * lay.cell) + 8)
    ratio = page.canvas.devicePixelRatioF()
    point = QPoint(int(tip.x() * ratio), int(tip.y() * ratio))
    with_pointer = page.canvas.grab().toImage().pixel(point)
    page.mouse_box.setChecked(False)
    assert page.canvas.mouse is None
    without = page.canvas.grab().toImage().pixel(point)
    assert QColor(with_pointer) == QColor("#ffffff") != QColor(without)
    # The picture is the export's too.
    page.mouse_box.setChecked(True)
    assert page.export_state()["mouse"] is mouse


def test_a_game_from_a_link_has_no_mouse_path_and_says_so(main_window):
    page = _paste_paused(main_window, ARTICLE)
    page.set_mode("replay")
    assert page.mouse_path() is None and page.canvas.mouse is None
    assert not page.mouse_box.isEnabled()
    assert "link" in page.mouse_box.toolTip() and "no mouse path" in page.mouse_box.toolTip()
    assert "mouse" not in page.export_state()


@pytest.mark.slow
def test_export_at_a_moment_draws_the_files_pointer(qtbot):
    from argparse import Namespace

    from slugboard.gui.app import _board_of
    from slugboard.gui.minesweeper.command_line import state
    from slugboard.gui.render import render_image

    path = next(REPLAY_DATA.glob("*.mvf"))
    game, board, record = _board_of(str(path))
    extras = state(Namespace(at=20.0), record)  # what `slugboard --export ... --at 20` draws with
    assert game == "minesweeper" and len(extras["mouse"]) > 1000 and extras["at"] == 20.0
    plain = render_image(game, board, at=20.0)
    traced = render_image(game, board, **extras)
    assert plain.size() == traced.size() and plain != traced
    assert _board_of(ARTICLE)[2] is None
    assert state(Namespace(at=20.0), None) == {"at": 20.0}


@pytest.mark.slow
def test_p_shows_the_odds_while_playing(qtbot, main_window):
    import ms_toollib

    from slugboard.gui.minesweeper.paint import odds_marks

    page = _shown_page(main_window)
    page.set_mode("play")
    page.new_game()
    board = page.board
    # Open the middle: the first click never hits a mine.
    x, y = board.width // 2, board.height // 2
    page.canvas.setFocus()
    qtbot.mouseClick(
        page.canvas, Qt.MouseButton.LeftButton, pos=page.canvas.board_layout().cell_rect(x, y).center().toPoint()
    )
    assert page.board.events
    assert page.play_odds_box.isVisible() and not page.play_odds_box.isChecked()
    qtbot.keyClick(page.canvas, Qt.Key.Key_P)
    assert page.play_odds_box.isChecked() and page.odds_box.isChecked()  # one setting, shown in both panels
    state = page.replay.final()
    qtbot.waitUntil(lambda: page.canvas.odds is not None and page.canvas.odds.cells == state.cells, timeout=10000)
    want, _ = ms_toollib.cal_probability_onboard(_toollib_view(page, state.cells), float(len(page.board.mines)))
    for (cx, cy), value in odds_marks(state, page.canvas.odds).items():
        assert value == want[cy][cx]
    qtbot.keyClick(page.canvas, Qt.Key.Key_P)
    assert page.canvas.odds is None


@pytest.mark.slow
def test_the_odds_keep_up_while_a_large_game_plays(qtbot, main_window):
    """On a field worked out in ms-toollib's child process, a replay playing asks for new
    odds faster than they come: the answers still arrive and are shown as it plays."""
    from slugboard.codecs.minesweeper.odds import IN_PROCESS_CELLS

    path = next(REPLAY_DATA.glob("*.evf"))  # 60x36, twenty minutes of play
    assert open_file(qtbot, main_window, str(path))
    page = _shown_page(main_window)
    assert page.board.width * page.board.height > IN_PROCESS_CELLS
    page.player.seek(60_000)
    page.odds_box.setChecked(True)
    page.player.set_speed(8.0)
    page.player.play()
    shown = set()

    def three_moments_shown() -> bool:
        odds, state = page.canvas.odds, page.canvas.state
        # The board draws odds only when they are this very moment's (see odds_marks).
        if odds is not None and page.player.playing and odds.cells == state.cells:
            shown.add(odds.cells)
        return len(shown) >= 3

    qtbot.waitUntil(three_moments_shown, timeout=10_000)


@pytest.mark.slow
def test_a_new_game_dealt_while_the_last_ones_odds_are_worked_out_shows_its_own(qtbot, main_window, monkeypatch):
    import threading

    queries = Queries(monkeypatch)
    from slugboard.gui.minesweeper import odds_view

    worked_out = odds_view.mine_odds
    first_asked = threading.Event()
    release = threading.Event()

    def slow(*args, cancel=None):
        first_asked.set()
        release.wait(10)  # the odds of the first field take their time
        return worked_out(*args, cancel=cancel)

    monkeypatch.setattr(odds_view, "mine_odds", slow)
    page = _shown_page(main_window)
    _new_game_of(qtbot, page, 30, 30, 90)  # one mine in ten
    qtbot.keyClick(page.canvas, Qt.Key.Key_P)
    assert page.odds_box.isChecked()
    assert first_asked.wait(5)
    _new_game_of(qtbot, page, 30, 30, 450)  # the same size, one mine in two, while the first odds are out
    release.set()

    def shown():
        odds, state = page.canvas.odds, page.canvas.state
        return not page.odds.worker.busy and odds is not None and odds.cells == state.cells

    qtbot.waitUntil(shown, timeout=10000)
    queries.settle(qtbot)  # any answer still on its way comes in
    assert page.canvas.odds.at(0, 0) == 0.5 and page.canvas.odds.at(29, 29) == 0.5
    qtbot.keyClick(page.canvas, Qt.Key.Key_P)
    assert page.canvas.odds is None
    qtbot.keyClick(page.canvas, Qt.Key.Key_P)  # on again: the odds kept are this field's
    qtbot.waitUntil(shown, timeout=10000)
    assert page.canvas.odds.at(0, 0) == 0.5


@pytest.mark.slow
def test_the_statistics_rows_keep_their_height_in_a_short_window(qtbot, main_window):
    """In a window too short for the panel, the panel scrolls; the statistics keep the
    height their rows need as their figures fill in, so no row is drawn over another."""
    main_window.resize(1000, 700)
    page = main_window.page("minesweeper")
    main_window.tabs.setCurrentWidget(page)
    main_window.paste_text(ms.encode(ms.random_board(200, 200, 4000, seed=2)))
    holder = page.stats_holder

    def laid_out() -> None:
        assert holder.height() >= holder.minimumSizeHint().height()

    qtbot.waitUntil(laid_out, timeout=2000)
    rows = sorted(
        (label.geometry() for label in holder.findChildren(QLabel) if label.isVisible()), key=lambda r: r.top()
    )
    tops = sorted({r.top() for r in rows})
    heights = {r.top(): r.height() for r in rows}
    assert all(
        top + heights[top] <= below for top, below in zip(tops, tops[1:], strict=False)
    )  # each row ends before the next begins
    assert all(label.height() >= label.minimumSizeHint().height() for label in holder.findChildren(QLabel))


@pytest.mark.slow
@given(
    times=st.lists(st.integers(0, 3_000_000), max_size=300).map(sorted),
    low=st.integers(0, 1000),
    length=st.integers(0, 3_000_000),
    span=st.integers(1, 2000),
    left=st.floats(0, 40),
)
@settings(max_examples=examples(300), deadline=None)
def test_the_seek_bar_ticks_where_qt_places_each_event(times, low, length, span, left):
    """The replay bar's ticks, found a column at a time, are the columns Qt's own placing
    of every event gives, whatever the range, the bar's width and the events."""
    from PySide6.QtWidgets import QStyle

    from slugboard.gui.minesweeper.widgets import tick_columns

    high = low + length
    each = {int(left + QStyle.sliderPositionFromValue(low, high, t, span)) for t in times if low <= t <= high}
    assert tick_columns(times, low, high, span, left) == each


def test_the_outcome_appearing_at_the_end_of_a_replay_moves_nothing_below_it(qtbot, main_window):
    page = _paste_paused(main_window, WON["slug"])
    main_window.tabs.setCurrentWidget(page)

    def places():
        QApplication.processEvents()  # laid out as on screen
        return [widget.mapTo(main_window, QPoint(0, 0)) for widget in (page.action_list, page.stats_holder)]

    qtbot.keyClick(page.canvas, Qt.Key.Key_Home)
    assert page.outcome_label.text() == ""
    before = places()
    qtbot.keyClick(page.canvas, Qt.Key.Key_End)
    assert page.outcome_label.text().startswith("Won in")
    assert places() == before


# --- a long game restored at start ---------------------------------------------------------


def _long_game(seed: int = 3) -> ms.Board:
    """A 30x16 game that flags every mine and opens every safe cell, in a shuffled order:
    481 actions."""
    import random

    rng = random.Random(seed)
    field = ms.random_board(30, 16, 99, seed=seed)
    actions = [("flag", x, y) for x, y in field.mines]
    actions += [("open", x, y) for y in range(16) for x in range(30) if (x, y) not in field.mine_set]
    rng.shuffle(actions)
    events = tuple(ms.Event(10 * i, kind, x, y) for i, (kind, x, y) in enumerate(actions, start=1))
    return ms.Board(30, 16, field.mines, events)


class _Gate:
    """Holds a background count of the page until released, noting each one that starts:
    (what, its thread's name, whether a board had been painted by then)."""

    def __init__(self, monkeypatch, page_module, name: str, calls: list):
        import threading

        from slugboard.gui.minesweeper.canvas import MinesCanvas

        self.open = threading.Event()
        painted: list[bool] = []
        paint = MinesCanvas.paintEvent
        monkeypatch.setattr(
            MinesCanvas, "paintEvent", lambda canvas, event: (paint(canvas, event), painted.append(True))
        )
        real = getattr(page_module, name)

        def held(*args, cancel):
            calls.append((name, threading.current_thread().name, bool(painted)))
            assert self.open.wait(10)
            return real(*args, cancel=cancel)

        monkeypatch.setattr(page_module, name, held)


def _store_game(settings, board, mode="replay"):
    import json

    settings.setValue("boards/minesweeper", json.dumps(ms.to_json(board)))
    settings.setValue("window/tab", "minesweeper")
    settings.setValue("minesweeper/mode", mode)
    settings.sync()


@pytest.mark.slow
def test_a_long_game_restored_at_start_shows_at_once_and_its_figures_follow(qtbot, settings, open_window, monkeypatch):
    """The board, the replay and every figure but the clicks are there as the window
    opens; the islands and then the clicks are counted on another thread, one count at a
    time, each after the board is painted, and shown when they come."""
    from slugboard.codecs.minesweeper import figures, stats
    from slugboard.gui.minesweeper import page as page_module
    from slugboard.gui.minesweeper import statistics

    game = _long_game()
    monkeypatch.setattr(page_module, "FIGURES_IN_BACKGROUND_ACTIONS", 100)
    monkeypatch.setattr(statistics, "ISLANDS_IN_BACKGROUND_CELLS", 100)
    monkeypatch.setattr(figures, "FIGURES", Recent("figures", figures.FIGURES.size))
    monkeypatch.setattr(stats, "FIELDS", Recent("fields", stats.FIELDS.size))
    calls: list = []
    islands_gate = _Gate(monkeypatch, statistics, "_count_islands", calls)
    figures_gate = _Gate(monkeypatch, statistics, "_count_figures", calls)
    _store_game(settings, game)
    window = open_window()
    page = window.current_page()
    assert page.GAME == "minesweeper" and page.mode == "replay"
    assert page.board == game and page.undo_stack.count() == 0  # restored, not edited
    assert window.slug_pane.slug_text() == ms.encode(game)
    assert page.canvas.state == ms.replay(page.board).state_after(0)
    labels = page.stat_labels
    fld = ms.field_of(page.board)
    assert labels["3bv"].text() == str(fld.bbbv)
    assert labels["openings"].text() == str(len(fld.opening_sizes))
    for key in ("islands", "clicks", "left", "right", "flags", "ioe", "correctness"):
        assert labels[key].text() == "…", key
    # The islands are counted first; the clicks wait for them.
    qtbot.waitUntil(lambda: len(calls) == 1, timeout=5000)
    QApplication.processEvents()
    assert not page.stats.figures_job.busy  # not even asked for
    assert [c[0] for c in calls] == ["_count_islands"]
    islands_gate.open.set()
    qtbot.waitUntil(lambda: labels["islands"].text() == str(fld.islands()), timeout=5000)
    qtbot.waitUntil(lambda: len(calls) == 2, timeout=5000)
    assert labels["clicks"].text() == "…"
    figures_gate.open.set()
    qtbot.waitUntil(lambda: labels["clicks"].text() != "…", timeout=10000)
    assert all(thread != "MainThread" and painted for _, thread, painted in calls), calls
    # Every moment from now on is shown from the figures counted, as a short game's are.
    page.player.seek(page.player.duration_ms)
    expected = figures.GameFigures(page.board).at(page.player.state())
    assert labels["clicks"].text() == f"{expected['clicks']} ({expected['effective']} effective)"
    for key in ("left", "right", "flags", "islands"):
        assert labels[key].text() == str(expected[key]), key
    assert labels["ioe"].text() == f"{expected['ioe']:.3f}"
    assert [c[0] for c in calls] == ["_count_islands", "_count_figures"]  # once each


def test_a_move_in_a_long_game_shows_its_figures_at_once(qtbot, settings, open_window, monkeypatch):
    """Once a long game's clicks are counted, a move in it, and another move after an undo,
    shows every figure at once: the figures are counted on from those before the move,
    on the window's thread, with no count in the background."""
    from slugboard.codecs.minesweeper import figures
    from slugboard.gui.minesweeper import page as page_module
    from slugboard.gui.minesweeper import statistics

    monkeypatch.setattr(page_module, "FIGURES_IN_BACKGROUND_ACTIONS", 100)
    monkeypatch.setattr(figures, "FIGURES", Recent("figures", figures.FIGURES.size))
    calls: list = []
    gate = _Gate(monkeypatch, statistics, "_count_figures", calls)
    gate.open.set()
    full = _long_game()
    _store_game(settings, replace(full, events=full.events[:400]), mode="play")
    window = open_window()
    page = window.current_page()
    labels = page.stat_labels
    qtbot.waitUntil(lambda: labels["clicks"].text() != "…", timeout=10000)
    assert [c[0] for c in calls] == ["_count_figures"]
    cells = page.replay.final().cells
    closed = [(x, y) for y in range(16) for x in range(30) if cells[y * 30 + x] == ms.CLOSED]
    safe = [cell for cell in closed if cell not in full.mine_set]
    mine = next(cell for cell in closed if cell in full.mine_set)

    def shown_at_once() -> None:
        expected = figures.GameFigures(page.board).at(page.replay.final())
        assert labels["clicks"].text() == f"{expected['clicks']} ({expected['effective']} effective)"
        for key in ("left", "right", "flags"):
            assert labels[key].text() == str(expected[key]), key

    _click(qtbot, page, *safe[0])
    assert len(page.board.events) == 401
    shown_at_once()
    _click(qtbot, page, *mine, Qt.MouseButton.RightButton)
    shown_at_once()
    page.undo_stack.undo()
    page.undo_stack.undo()
    shown_at_once()
    _click(qtbot, page, *safe[-1])
    assert len(page.board.events) == 401 and page.board.events[-1][2:] == safe[-1]
    shown_at_once()
    QApplication.processEvents()
    assert not page.stats.figures_job.busy  # no count asked for
    assert [c[0] for c in calls] == ["_count_figures"]  # the first count only


def test_a_short_game_opened_while_a_long_ones_clicks_are_counted_shows_its_own(
    qtbot, settings, open_window, monkeypatch
):
    from slugboard.codecs.minesweeper import figures
    from slugboard.gui.minesweeper import page as page_module
    from slugboard.gui.minesweeper import statistics

    monkeypatch.setattr(page_module, "FIGURES_IN_BACKGROUND_ACTIONS", 100)
    monkeypatch.setattr(figures, "FIGURES", Recent("figures", figures.FIGURES.size))
    calls: list = []
    gate = _Gate(monkeypatch, statistics, "_count_figures", calls)
    queries = Queries(monkeypatch)
    _store_game(settings, _long_game(), mode="play")
    window = open_window()
    page = window.current_page()
    assert page.mode == "play" and page.stat_labels["clicks"].text() == "…"
    qtbot.waitUntil(lambda: len(calls) == 1, timeout=5000)
    _paste_paused(window, ARTICLE)
    page.player.seek(page.player.duration_ms)
    assert page.stat_labels["clicks"].text() == "17 (16 effective)"  # at once: a short game
    gate.open.set()
    queries.settle(qtbot)  # the long game's count, given up, changes nothing
    assert page.stat_labels["clicks"].text() == "17 (16 effective)"
    assert len(calls) == 1


@pytest.mark.slow
def test_no_odds_are_drawn_over_a_game_that_has_ended(qtbot, main_window):
    """Once the game is lost its mines are on show: no chance is laid over them (nor over a
    won game's), in Play as in Replay, and none is worked out."""
    from slugboard.gui.minesweeper.paint import odds_marks

    main_window.paste_text(FIELD)
    page = _shown_page(main_window)
    page.clock = FakeClock()
    page.canvas.setFocus()
    qtbot.keyClick(page.canvas, Qt.Key.Key_P)
    assert page.play_odds_box.isChecked()
    _click(qtbot, page, 4, 2)
    state = page.canvas.state
    qtbot.waitUntil(lambda: page.canvas.odds is not None and page.canvas.odds.cells == state.cells, timeout=10000)
    assert odds_marks(state, page.canvas.odds)  # while the game runs, its covered cells have their chances
    page.clock.now += 500
    _click(qtbot, page, 1, 4)
    lost = page.canvas.state
    assert lost.outcome == ms.LOST
    qtbot.waitUntil(lambda: not page.odds.worker.busy, timeout=10000)
    assert page.canvas.odds is None
    page.set_mode("replay")
    page.player.pause()
    page.player.seek(page.player.duration_ms)
    assert page.replay_state().outcome == ms.LOST
    qtbot.waitUntil(lambda: not page.odds.worker.busy, timeout=10000)
    assert page.canvas.odds is None
    # The moment before the loss still shows its chances.
    page.player.step(-1)
    _odds_on(qtbot, page)
    # Nor does a picture of the lost game, given the odds of its last moment, draw any.
    mines = page.board.mine_set
    odds = page.canvas.odds
    assert any(cell in mines for cell in odds_marks(page.replay_state(), odds))
    assert odds_marks(lost, odds.__class__(lost.cells, odds.values, odds.width)) == {}


@pytest.mark.slow
def test_play_mode_offers_the_levels(qtbot, main_window):
    """Beginner, Intermediate and Expert are in the Game panel too: each deals a new game of
    its level, to play at once (its mines unseen, the first click never one)."""
    from PySide6.QtWidgets import QPushButton

    main_window.paste_text(FIELD)
    page = _shown_page(main_window)
    assert page.mode == "play"
    panel = page.panels.currentWidget()
    buttons = {b.text(): b for b in panel.findChildren(QPushButton) if b.isVisible()}
    for name, (width, height, mines) in (
        ("Beginner", (9, 9, 10)),
        ("Intermediate", (16, 16, 40)),
        ("Expert", (30, 16, 99)),
    ):
        assert name in buttons, sorted(buttons)
        qtbot.mouseClick(buttons[name], Qt.MouseButton.LeftButton)
        board = page.board
        assert page.mode == "play" and page.panels.currentWidget() is panel
        assert (board.width, board.height, len(board.mines)) == (width, height, mines)
        assert not board.events and board.undealt  # a new game: its mines move from the first click
        assert page.play_status.text() == "Click any cell to start"
        assert page.undo_stack.undoText() == "New game"
    # The first click of the game opens, whatever the field dealt.
    _click(qtbot, page, 15, 8)
    assert page.board.events and page.replay.final().outcome != ms.LOST

"""A game played in the window keeps its mouse path, shows it in Replay mode, and is
written as an .evf replay that ms-toollib reads with the figures the window shows."""

from __future__ import annotations

import math

import ms_toollib
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from conftest import load_vectors
from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper.evf import recording_of, write_evf

ARTICLE = load_vectors("minesweeper")["games"][0]["slug"]
FIELD = "1=5x5+0141++"  # mines at (1, 0) and (1, 4)


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _point(page, x, y, dx=0.5, dy=0.5):
    rect = page.canvas.board_layout().cell_rect(x, y)
    return QPoint(int(rect.left() + dx * rect.width()), int(rect.top() + dy * rect.height()))


def _playing(qtbot, main_window, text=FIELD):
    assert main_window.paste_text(text)
    page = main_window.page("minesweeper")
    main_window.tabs.setCurrentWidget(page)
    assert page.mode == "play"
    page.clock = FakeClock()
    return page


def _click(qtbot, page, x, y, button=Qt.MouseButton.LeftButton, hold=60.0, dx=0.5, dy=0.5):
    point = _point(page, x, y, dx, dy)
    qtbot.mousePress(page.canvas, button, pos=point)
    page.clock.now += hold
    qtbot.mouseRelease(page.canvas, button, pos=point)


def _move(qtbot, page, x, y, dx, dy, after=30.0):
    page.clock.now += after
    qtbot.mouseMove(page.canvas, _point(page, x, y, dx, dy))


def _play_to_the_win(qtbot, page):
    _move(qtbot, page, 3, 2, 0.2, 0.3)  # before the first press: no game yet
    _click(qtbot, page, 4, 2, dx=0.25, dy=0.75)
    _move(qtbot, page, 2, 1, 0.5, 0.5)
    _move(qtbot, page, 1, 0, 0.6, 0.4)
    _click(qtbot, page, 1, 0, Qt.MouseButton.RightButton)
    _move(qtbot, page, 0, 0, 0.5, 0.5, after=400)
    _click(qtbot, page, 0, 0)
    _move(qtbot, page, 0, 3, 0.5, 0.5, after=700)
    _click(qtbot, page, 0, 4)


def test_a_game_played_here_keeps_its_mouse_path_and_replays_it(qtbot, main_window):
    page = _playing(qtbot, main_window)
    _play_to_the_win(qtbot, page)
    assert page.play_status.text() == "You won!"
    played = page.replay_file
    assert played is not None and played.played_here and played.board is page.board
    kinds = [m.kind for m in played.mouse]
    # From the first press on: the move before it belongs to no game.
    assert kinds[0] == "lc" and kinds.count("lc") == 3 and kinds.count("rc") == 1 and "mv" in kinds
    assert kinds.count("lr") == 3 and kinds.count("rr") == 1
    # Positions are where the pointer was, in sixteenths of a cell.
    first_release = next(m for m in played.mouse if m.kind == "lr")
    lay = page.canvas.board_layout()
    point = _point(page, 4, 2, 0.25, 0.75)
    at = ((point.x() - lay.grid.left()) / lay.cell, (point.y() - lay.grid.top()) / lay.cell)
    assert (first_release.x, first_release.y) == tuple(math.floor(v * 16) / 16 for v in at)
    assert (int(first_release.x), int(first_release.y)) == (4, 2)
    # Times from the first action, cut to the game's unit as its actions are.
    assert first_release.t_ms == 0.0 and played.mouse[0].t_ms == -100.0
    assert "Played here" in page.file_label.text() or page.mode == "play"
    page.set_mode("replay")
    assert "Played here" in page.file_label.text()
    assert page.mouse_box.isEnabled() and page.mouse_box.isChecked()
    assert page.mouse_path() is not None and page.canvas.mouse is page.mouse_path()
    assert page.export_state()["mouse"] is page.mouse_path()


def test_a_game_played_here_is_written_with_the_figures_the_window_shows(qtbot, main_window):
    page = _playing(qtbot, main_window)
    _play_to_the_win(qtbot, page)
    page.set_mode("replay")
    qtbot.keyClick(page.canvas, Qt.Key.Key_End)
    video = ms_toollib.EvfVideo("", list(write_evf(recording_of(page.board, replay_file=page.replay_file))))
    video.parse()
    video.analyse()
    video.current_time = video.rtime + 1
    labels = page.stat_labels
    assert video.is_completed
    assert f"{video.rtime:.2f} s" == labels["time"].text()
    assert video.rtime_ms == round(ms.replay(page.board).stats().time_s * 1000)
    assert str(video.bbbv) == labels["3bv"].text()
    assert labels["clicks"].text() == f"{video.cl} ({video.ce} effective)"
    assert (str(video.left), str(video.right), str(video.double)) == (
        labels["left"].text(),
        labels["right"].text(),
        labels["double"].text(),
    )
    assert labels["path"].text() == f"{video.path / 16:.1f} cells"
    assert video.path > 0


def test_a_second_button_while_one_is_down_does_nothing(qtbot, main_window):
    page = _playing(qtbot, main_window)
    _click(qtbot, page, 4, 2)
    point = _point(page, 1, 0)
    qtbot.mousePress(page.canvas, Qt.MouseButton.LeftButton, pos=point)
    qtbot.mousePress(page.canvas, Qt.MouseButton.RightButton, pos=point)  # no flag
    qtbot.mouseRelease(page.canvas, Qt.MouseButton.RightButton, pos=point)
    assert len(page.board.events) == 1
    # The left release, over another cell, opens that one (as replay files count it).
    qtbot.mouseRelease(page.canvas, Qt.MouseButton.LeftButton, pos=_point(page, 0, 0))
    assert page.board.events[-1][1:] == ("open", 0, 0)
    kinds = [m.kind for m in page.replay_file.mouse]
    assert kinds == ["lc", "lr", "lc", "lr"]


def test_keys_stand_for_a_click_at_the_cursor(qtbot, main_window):
    page = _playing(qtbot, main_window)
    page.canvas.setFocus()
    qtbot.keyClick(page.canvas, Qt.Key.Key_Right)  # the cursor to (1, 0)... then down to (1, 2)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Down)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Down)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Space)
    assert page.board.events[0][1:] == ("open", 1, 2)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Up)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Up)
    qtbot.keyClick(page.canvas, Qt.Key.Key_F)
    assert page.board.events[-1][1:] == ("flag", 1, 0)
    mouse = page.replay_file.mouse
    assert [(m.kind, m.x, m.y) for m in mouse] == [
        ("lc", 1.5, 2.5),
        ("lr", 1.5, 2.5),
        ("rc", 1.5, 0.5),
        ("rr", 1.5, 0.5),
    ]


def test_the_mouse_path_box_is_unchecked_while_greyed_out_and_comes_back(qtbot, main_window):
    page = _playing(qtbot, main_window)
    _play_to_the_win(qtbot, page)
    page.set_mode("replay")
    assert page.mouse_box.isEnabled() and page.mouse_box.isChecked()
    # A game from a link has no path: the box is greyed out and not checked.
    assert main_window.paste_text(ARTICLE)
    assert not page.mouse_box.isEnabled() and not page.mouse_box.isChecked()
    assert "no mouse path" in page.mouse_box.toolTip()
    # Undo brings the played game back, and the box as the person left it.
    main_window.undo_action.trigger()
    assert page.mouse_box.isEnabled() and page.mouse_box.isChecked()


def test_a_new_game_starts_a_new_path(qtbot, main_window):
    page = _playing(qtbot, main_window)
    _play_to_the_win(qtbot, page)
    page.restart()
    assert page.session.pointer_log is None
    _click(qtbot, page, 4, 2)
    assert [m.kind for m in page.replay_file.mouse] == ["lc", "lr"]


def test_a_replay_exported_with_no_moment_draws_its_end_not_the_field():
    from slugboard.gui.render import render_image

    board = ms.decode(ARTICLE)
    palette = QApplication.instance().palette()
    plain = render_image("minesweeper", board, None, palette)
    at_end = render_image("minesweeper", board, None, palette, at=10_000.0)
    edit = render_image("minesweeper", board, None, palette, view="edit")
    assert plain == at_end
    assert plain != edit


def test_save_replay_as_writes_the_played_game_with_its_path(qtbot, main_window, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    page = _playing(qtbot, main_window)
    assert not page.can_save_replay()
    _play_to_the_win(qtbot, page)
    assert page.can_save_replay()
    target = tmp_path / "mine"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), "Replay (*.evf)"))
    with qtbot.waitSignal(page.status_changed) as said:
        page.save_replay_dialog()
    assert "with its mouse path" in said.args[0]
    video = ms_toollib.EvfVideo(str(tmp_path / "mine.evf"))
    video.parse()
    video.analyse()
    moves = [e.event.unwrap_mouse().mouse for e in video.events if e.event.is_mouse()]
    assert moves == [m.kind for m in page.replay_file.mouse]


def test_save_replay_of_a_game_from_a_link_says_it_has_no_path(qtbot, main_window, tmp_path):
    assert main_window.paste_text(ARTICLE)
    page = main_window.page("minesweeper")
    with qtbot.waitSignal(page.status_changed) as said:
        assert page.save_replay(str(tmp_path / "link.evf"))
    assert "no mouse path" in said.args[0]
    assert (tmp_path / "link.evf").stat().st_size > 0


# --- no guessing needed -------------------------------------------------------------


def _toollib_solvable(board, first):
    rows = [[-1 if board.has_mine(x, y) else 0 for x in range(board.width)] for y in range(board.height)]
    rows = ms_toollib.cal_board_numbers(rows) or rows
    return ms_toollib.is_solvable(rows, first[1], first[0])


@pytest.mark.slow
def test_a_no_guess_game_deals_at_the_first_click_a_field_logic_solves(qtbot, main_window):
    page = _playing(qtbot, main_window)
    page.play_no_guess_box.setChecked(True)
    assert page.edit_no_guess_box.isChecked()
    page.width_spin.setValue(30)
    page.height_spin.setValue(16)
    page.mines_spin.setValue(99)
    page.new_game()
    with qtbot.waitSignal(page.dealer.worker.finished, timeout=20_000):
        _click(qtbot, page, 3, 4)
        assert page.dealing_label.text() and page.dealing_cancel.isVisible()
    assert not page.dealing_label.text()
    board = page.board
    assert not board.undealt and len(board.mines) == 99
    assert board.events[0][1:] == ("open", 3, 4)
    assert ms.replay(board).final().stats.safe_opened > 1  # the first click opens a region
    assert _toollib_solvable(board, (3, 4))
    assert page.replay_file.mouse[-1].kind == "lr"


@pytest.mark.slow
def test_dealing_can_be_cancelled_and_the_next_click_deals_again(qtbot, main_window):
    page = _playing(qtbot, main_window)
    page.play_no_guess_box.setChecked(True)
    page.width_spin.setValue(30)
    page.height_spin.setValue(16)
    page.mines_spin.setValue(170)  # so dense that dealing takes thousands of tries
    page.new_game()
    _click(qtbot, page, 3, 4)
    qtbot.mouseClick(page.dealing_cancel, Qt.MouseButton.LeftButton)
    assert page.dealer.dealing is None and not page.dealing_cancel.isVisible()
    assert not page.board.events and page.board.undealt
    page.mines_spin.setValue(99)
    page.new_game()
    with qtbot.waitSignal(page.dealer.worker.finished, timeout=20_000):
        _click(qtbot, page, 10, 10)
    assert page.board.events and _toollib_solvable(page.board, (10, 10))


@pytest.mark.slow
def test_no_guess_limits_that_cannot_be_met_are_said(qtbot, main_window):
    page = _playing(qtbot, main_window)
    page.play_no_guess_box.setChecked(True)
    page.width_spin.setValue(9)
    page.height_spin.setValue(9)
    page.mines_spin.setValue(75)
    page.new_game()
    with qtbot.waitSignal(page.status_changed, timeout=20_000, check_params_cb=lambda t: "room for at most" in t):
        _click(qtbot, page, 4, 4)
    assert not page.board.events


@pytest.mark.slow
def test_an_edit_level_with_no_guessing_needed(qtbot, main_window):
    page = _playing(qtbot, main_window)
    page.set_mode("edit")
    page.edit_no_guess_box.setChecked(True)
    with qtbot.waitSignal(page.dealer.worker.finished, timeout=20_000):
        page.new_level("intermediate")
    board = page.board
    assert (board.width, board.height, len(board.mines)) == (16, 16, 40)
    assert _toollib_solvable(board, (8, 8))


# --- the analysis of every click ----------------------------------------------------------


def _open_avf(main_window):
    from replay_files import FILES
    from slugboard.codecs.minesweeper.files import read_replay_file

    path = next(p for p in FILES if p.suffix == ".avf")
    page = main_window.page("minesweeper")
    main_window.tabs.setCurrentWidget(page)
    page.open_replay_file(read_replay_file(str(path)))
    page.player.pause()
    return page


@pytest.mark.slow
def test_judge_every_click_colours_the_rows_and_filters_them(qtbot, main_window):
    from slugboard.gui.minesweeper.actions import SEVERITY_COLOURS

    page = _open_avf(main_window)
    with qtbot.waitSignal(page.judge.worker.finished, timeout=60_000):
        qtbot.mouseClick(page.analyse_box, Qt.MouseButton.LeftButton)
    analysis = page.analysis
    assert analysis is not None
    model = page.action_list.game_actions
    assert model.rowCount() == len(page.board.events)
    needless = [i for i, found in enumerate(analysis.findings) if any(f.kind == "needless_guess" for f in found)]
    assert needless
    row = needless[0]
    colour = model.data(model.index(row, 0), Qt.ItemDataRole.BackgroundRole)
    assert colour.name() == SEVERITY_COLOURS["warning"]  # needless guess: a warning, unless graver
    assert "needless guess" in model.data(model.index(row, 3))
    assert "Needless guess" in model.data(model.index(row, 0), Qt.ItemDataRole.ToolTipRole)
    plain = [i for i, found in enumerate(analysis.findings) if not found]
    assert model.data(model.index(plain[0], 0), Qt.ItemDataRole.BackgroundRole) is None
    # Counts in the statistics, the survival in the panel.
    assert "needless" in page.stat_labels["analysis"].text()
    assert "%" in page.analysis_label.text()
    # The filter lists only the needless guesses; choosing one shows the board after it.
    box = page.finding_filter
    index = next(i for i in range(box.count()) if box.itemData(i) == "needless_guess")
    box.setCurrentIndex(index)
    box.activated.emit(index)
    assert model.rowCount() == len(needless)
    page.action_list.setFocus()
    page.action_list.selectRow(len(needless) - 1)
    assert page.player.state().index == needless[-1] + 1
    # Back to every action.
    box.setCurrentIndex(0)
    box.activated.emit(0)
    assert model.rowCount() == len(page.board.events)


@pytest.mark.slow
def test_a_game_played_here_is_judged_with_its_path(qtbot, main_window):
    page = _playing(qtbot, main_window)
    _play_to_the_win(qtbot, page)
    page.analyse_box.setChecked(True)
    with qtbot.waitSignal(page.judge.worker.finished, timeout=60_000):
        page.set_mode("replay")
    assert page.analysis is not None and len(page.analysis.findings) == len(page.board.events)


@pytest.mark.slow
def test_another_game_drops_the_analysis(qtbot, main_window):
    page = _open_avf(main_window)
    with qtbot.waitSignal(page.judge.worker.finished, timeout=60_000):
        page.analyse_box.setChecked(True)
    with qtbot.waitSignal(page.judge.worker.finished, timeout=60_000):
        assert main_window.paste_text(ARTICLE)
    assert page.analysis is not None and len(page.analysis.findings) == len(page.board.events)


# --- one time everywhere ------------------------------------------------------------------


@pytest.mark.slow
def test_the_clock_won_in_and_the_statistics_say_one_time(qtbot, main_window):
    from replay_files import FILES
    from slugboard.codecs.minesweeper.files import read_replay_file

    path = next(p for p in FILES if p.suffix == ".mvf")
    page = main_window.page("minesweeper")
    main_window.tabs.setCurrentWidget(page)
    page.open_replay_file(read_replay_file(str(path)))
    page.player.pause()
    qtbot.keyClick(page.canvas, Qt.Key.Key_End)
    assert page.replay_clock.text() == "37.810 s / 37.810 s"
    assert page.outcome_label.text() == "Won in 37.810 s"
    assert page.stat_labels["time"].text() == "37.810 s"
    assert "Minesweeper Clone showed 38.82 s" in page.file_label.text()
    # The first action's row says 0, as the clock does when it happens.
    model = page.action_list.game_actions
    assert model.data(model.index(0, 0)) == "0.000 s"


def test_a_saved_game_says_when_it_was_played(qtbot, main_window, tmp_path):
    import time

    before = int(time.time() * 1_000_000)
    page = _playing(qtbot, main_window)
    _play_to_the_win(qtbot, page)
    assert page.save_replay(str(tmp_path / "when.evf"))
    video = ms_toollib.EvfVideo(str(tmp_path / "when.evf"))
    video.parse()
    assert before <= video.start_time <= int(time.time() * 1_000_000)
    assert video.end_time - video.start_time == round(ms.replay(page.board).stats().time_s * 1_000_000)


# --- the menu actions ---------------------------------------------------------------------


def _file_action(main_window, words):
    menu = main_window.menuBar().actions()[0].menu()
    return next((a for a in menu.actions() if words in a.text().replace("&", "")), None)


def test_file_save_replay_as_and_export_video_are_in_the_file_menu(qtbot, main_window, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    page = _playing(qtbot, main_window)
    save = _file_action(main_window, "Save replay as .evf")
    video = _file_action(main_window, "Export video")
    assert save is not None and video is not None
    assert not save.isEnabled() and not video.isEnabled()  # nothing played yet
    _play_to_the_win(qtbot, page)
    assert save.isEnabled() and video.isEnabled()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "menu"), "Replay (*.evf)"))
    save.trigger()
    assert (tmp_path / "menu.evf").stat().st_size > 0
    # The actions belong to the minesweeper tab: another game's tab does not show them.
    main_window.tabs.setCurrentWidget(main_window.page("sudoku"))
    assert (
        _file_action(main_window, "Save replay as .evf") is None
        or not _file_action(main_window, "Save replay as .evf").isVisible()
    )


def test_a_game_paused_and_resumed_keeps_its_path_on_the_games_clock(qtbot, main_window):
    page = _playing(qtbot, main_window)
    _click(qtbot, page, 4, 2)
    page.set_mode("replay")
    page.clock.now += 5000  # away from the game: its clock stands still
    page.set_mode("play")
    page.clock.now += 300
    _click(qtbot, page, 1, 0, Qt.MouseButton.RightButton)
    flag = page.board.events[-1]
    press = [m for m in page.replay_file.mouse if m.kind == "rc"][-1]
    unit = page.board.time_unit_ms
    assert press.t_ms == flag.t * unit
    assert press.t_ms < 1000


@pytest.mark.slow
def test_clearing_the_box_stops_the_judging(qtbot, main_window):
    page = _open_avf(main_window)
    page.analyse_box.setChecked(True)
    assert page.judge.worker.busy and "Judging" in page.analysis_label.text()
    page.analyse_box.setChecked(False)
    assert not page.judge.worker.busy and page.analysis is None
    assert page.analysis_label.text() == "" and not page.finding_filter.isEnabled()


# --- a lost game judged -------------------------------------------------------------------


def _neighbours(x, y, w, h):
    return [
        (x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx or dy) and 0 <= x + dx < w and 0 <= y + dy < h
    ]


def _brute_force_odds(board, state):
    """Each closed cell's chance of a mine, from every placement of the board's mines that
    fits the numbers open in `state` (a test's own oracle, independent of ms-toollib)."""
    import itertools

    w, h = board.width, board.height
    numbers = ms.field_of(board).numbers
    closed = [(i % w, i // w) for i, c in enumerate(state.cells) if c != ms.OPENED]
    opened = [(i % w, i // w) for i, c in enumerate(state.cells) if c == ms.OPENED]
    hits, fits = dict.fromkeys(closed, 0), 0
    for mines in itertools.combinations(closed, len(board.mines)):
        placed = set(mines)
        if all(numbers[y * w + x] == sum(p in placed for p in _neighbours(x, y, w, h)) for x, y in opened):
            fits += 1
            for cell in mines:
                hits[cell] += 1
    return {cell: count / fits for cell, count in hits.items()}


# Two lost 5x5 games: a first click, then a guess that hits a mine. In the first no closed
# cell was sure to be safe; in the second one was.
LOST_ON_A_GUESS = [
    ([(3, 3), (4, 4), (2, 0), (3, 1)], (4, 0), (3, 3)),
    ([(4, 4), (4, 2), (0, 3), (0, 4), (2, 2), (1, 1)], (3, 0), (4, 4)),
]


@pytest.mark.slow
def test_a_lost_game_is_judged_lost_on_its_fatal_click(qtbot, main_window):
    """The analysis of a lost game says the game was lost, on which click and at what chance,
    and judges that click as the loss rather than as a guess the game survived."""
    for mines, first, fatal in LOST_ON_A_GUESS:
        board = ms.Board(5, 5).with_field(
            5, 5, tuple(mines), (ms.Event(0, ms.OPEN, *first), ms.Event(100, ms.OPEN, *fatal))
        )
        assert ms.replay(board).outcome == ms.LOST
        odds = _brute_force_odds(board, ms.replay(board).state_after(1))
        safe = 1 - odds[fatal]
        needless = any(p == 0 for p in odds.values())
        page = main_window.page("minesweeper")
        main_window.tabs.setCurrentWidget(page)
        page.analyse_box.setChecked(True)
        with qtbot.waitSignal(page.judge.worker.finished, timeout=60_000):
            assert main_window.paste_text(ms.encode(board))
        page.player.pause()
        summary = page.analysis_label.text()
        assert "survived" not in summary
        assert summary == f"Lost on a guess with a {100 * safe:.1f}% chance of being safe."
        analysis = page.analysis
        assert analysis is not None and analysis.lost_at == 1
        assert analysis.safe_chance[1] == pytest.approx(safe)
        assert [f.kind for f in analysis.findings[1]] == ["loss"]
        model = page.action_list.game_actions
        assert model.data(model.index(1, 3)) == "the loss"
        tip = model.data(model.index(1, 0), Qt.ItemDataRole.ToolTipRole)
        assert "Loss: this click hit a mine" in tip and "Needless guess" not in tip
        assert ("logic could have found a safe cell" in tip) == needless
        assert "needless" not in page.stat_labels["analysis"].text()

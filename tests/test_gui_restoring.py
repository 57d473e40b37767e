"""A large board kept from the last run is restored in the background: the window shows at
once with that game's page covered, the board follows when it is ready, and Cancel, a
paste meanwhile or closing the window never lose it."""

from __future__ import annotations

import json
import threading

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from conftest import load_vectors
from slugboard.codecs import minesweeper as ms
from slugboard.gui import main_window as main_window_module
from slugboard.gui import opening
from slugboard.gui.store import SET_ASIDE_SUFFIX
from slugboard.gui.window_boards import RESTORE_IN_BACKGROUND
from waiting import Queries

SUDOKU = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
ARTICLE = load_vectors("minesweeper")["games"][0]["slug"]


def large_game() -> ms.Board:
    """A 100x100 field with 1,200 opens of its safe cells: stored, a text over the line."""
    field = ms.random_board(100, 100, 2000, seed=5)
    mines = field.mine_set
    safe = [(x, y) for y in range(100) for x in range(100) if (x, y) not in mines][::7][:1200]
    events = tuple(ms.Event(5 * i, "open", x, y) for i, (x, y) in enumerate(safe))
    return ms.Board(100, 100, field.mines, events)


def store(settings, board_text: str, tab: str = "minesweeper") -> str:
    settings.setValue("boards/minesweeper", board_text)
    settings.setValue("window/tab", tab)
    settings.sync()
    return board_text


def stored_text(board: ms.Board) -> str:
    text = json.dumps(ms.to_json(board))
    assert len(text) > RESTORE_IN_BACKGROUND
    return text


class Gate:
    """Holds the background restoring at its start until `release`; notes whether the
    window had painted when it started."""

    def __init__(self, monkeypatch) -> None:
        self.started = threading.Event()
        self.opened = threading.Event()
        self.finished = threading.Event()
        self.queries = Queries(monkeypatch)
        self.windows: list = []
        self.painted_first: list[bool] = []
        real = opening.read_board

        def held(name, text):
            self.painted_first.append(all(window._on_screen for window in self.windows))
            self.started.set()
            try:
                assert self.opened.wait(10)
                return real(name, text)
            finally:
                self.finished.set()

        monkeypatch.setattr(opening, "read_board", held)

    def wait_started(self, qtbot) -> None:
        qtbot.waitUntil(self.started.is_set, timeout=10_000)  # it starts once the window has painted

    def release(self, qtbot) -> None:
        self.opened.set()
        assert self.finished.wait(10)
        self.queries.settle(qtbot)  # the rest of the work, and any answer it would send


def _opened(open_window, gate: Gate | None = None):
    window = open_window()
    if gate is not None:
        gate.windows.append(window)
    return window


def _restoring(settings, open_window, monkeypatch, tab: str = "minesweeper"):
    """A large minesweeper game stored, and a window opened on those settings with its
    restoring held at the start: (gate, game, stored text, window)."""
    gate = Gate(monkeypatch)
    game = large_game()
    text = store(settings, stored_text(game), tab=tab)
    return gate, game, text, _opened(open_window, gate)


def _cover(page):
    return page.findChild(opening.Cover)


def test_a_small_stored_board_is_restored_before_the_first_paint(qtbot, settings, open_window):
    game = ms.decode(ARTICLE)
    store(settings, json.dumps(ms.to_json(game)))
    window = main_window_module.MainWindow(settings)
    qtbot.addWidget(window)
    assert window.page("minesweeper").board == game  # before it is even shown
    assert window.boards._restorer is None and not window.restoring("minesweeper")


@pytest.mark.slow
def test_a_large_stored_board_follows_the_window(qtbot, settings, open_window, monkeypatch):
    gate, game, text, window = _restoring(settings, open_window, monkeypatch)
    page = window.current_page()
    # On screen at once, the game's page covered until its board comes.
    assert page.GAME == "minesweeper" and window.restoring("minesweeper")
    assert not page.isEnabled()
    assert _cover(page).isVisible() and _cover(page).text() == "Restoring the last Minesweeper board…"
    assert _cover(page).geometry() == page.rect()
    bar, cancel = window.restorer.bar, window.restorer.cancel_button
    assert bar.isVisible() and cancel.isVisible()
    assert bar.text() == "Restoring the last Minesweeper board 0%"
    assert window.slug_pane.slug_text() == ""
    assert window.slug_pane.no_slug_reason() == "the last board is still being restored"
    gate.wait_started(qtbot)
    assert gate.painted_first == [True]  # read only once the window had painted
    assert page.board != game
    gate.release(qtbot)
    qtbot.waitUntil(lambda: page.board == game, timeout=10_000)
    assert page.isEnabled() and not bar.isVisible() and not cancel.isVisible()
    qtbot.waitUntil(lambda: _cover(page) is None)
    assert page.undo_stack.count() == 0  # restored, not edited
    assert window.slug_pane.slug_text() == ms.encode(game)
    assert QApplication.focusWidget() is page.canvas  # the keys work on the board
    assert window.statusBar().currentMessage() == "Restored the last Minesweeper board"
    QApplication.processEvents()
    assert not window.boards._save_timer.isActive()  # no save is on its way
    assert settings.value("boards/minesweeper") == text
    window.close()
    assert settings.value("boards/minesweeper") == text


@pytest.mark.slow
def test_cancel_keeps_the_stored_board_for_the_next_start(qtbot, settings, open_window, monkeypatch):
    gate, game, text, window = _restoring(settings, open_window, monkeypatch)
    page = window.current_page()
    gate.wait_started(qtbot)
    qtbot.mouseClick(window.restorer.cancel_button, Qt.MouseButton.LeftButton)
    assert not window.restoring("minesweeper")
    assert page.isEnabled() and page.board == ms.new_board()
    assert not window.restorer.bar.isVisible()
    assert window.statusBar().currentMessage() == (
        "Stopped restoring the last Minesweeper board: it is kept, and comes back the next time "
        "Slugboard starts, unless you open or edit another in its place first"
    )
    assert window.slug_pane.slug_text() == ms.encode(ms.new_board())
    gate.release(qtbot)
    assert page.board == ms.new_board()  # its answer, had it come, is dropped
    # An edit in another game is saved a moment later; the kept board is not written over.
    window.tabs.setCurrentWidget(window.page("sudoku"))
    assert window.paste_text(SUDOKU)
    qtbot.waitUntil(lambda: settings.value("boards/sudoku") is not None, timeout=2000)
    assert settings.value("boards/minesweeper") == text
    window.close()
    assert settings.value("boards/minesweeper") == text
    again = _opened(open_window)
    qtbot.waitUntil(lambda: again.page("minesweeper").board == game, timeout=10_000)


def test_escape_stops_restoring_too(qtbot, settings, open_window, monkeypatch):
    gate, _game, text, window = _restoring(settings, open_window, monkeypatch)
    gate.wait_started(qtbot)
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_Escape)
    assert not window.restoring("minesweeper")
    assert window.statusBar().currentMessage().startswith("Stopped restoring the last Minesweeper board")
    gate.release(qtbot)
    window.close()
    assert settings.value("boards/minesweeper") == text


def test_an_edit_after_cancelling_takes_the_kept_boards_place(qtbot, settings, open_window, monkeypatch):
    gate = Gate(monkeypatch)
    store(settings, stored_text(large_game()))
    settings.setValue("minesweeper/mode", "edit")
    window = _opened(open_window, gate)
    page = window.current_page()
    gate.wait_started(qtbot)
    window.restorer.cancel()
    gate.release(qtbot)
    centre = page.canvas.cell_center(0, 0)
    qtbot.mouseClick(page.canvas, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()), int(centre.y())))
    edited = page.board
    assert edited != ms.new_board() and page.undo_stack.count() == 1
    window.close()
    assert settings.value("boards/minesweeper") == json.dumps(ms.to_json(edited))


@pytest.mark.slow
def test_a_paste_meanwhile_wins(qtbot, settings, open_window, monkeypatch):
    gate, _game, _text, window = _restoring(settings, open_window, monkeypatch)
    page = window.current_page()
    gate.wait_started(qtbot)
    QGuiApplication.clipboard().setText(ARTICLE)
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    pasted = ms.decode(ARTICLE)
    assert page.board == pasted
    assert not window.restoring("minesweeper") and page.isEnabled()
    assert not window.restorer.bar.isVisible()
    assert window.slug_pane.slug_text() == ms.encode(pasted)
    gate.release(qtbot)
    assert page.board == pasted  # the restore was dropped
    page.player.pause()
    window.close()
    assert settings.value("boards/minesweeper") == json.dumps(ms.to_json(pasted))
    again = _opened(open_window)
    assert again.page("minesweeper").board == pasted


@pytest.mark.slow
def test_closing_while_restoring_does_not_wait_and_keeps_the_board(qtbot, settings, open_window, monkeypatch):
    gate, game, text, window = _restoring(settings, open_window, monkeypatch)
    restored: list[object] = []
    window.restorer.restored.connect(lambda *args: restored.append(args))
    gate.wait_started(qtbot)
    window.close()  # how soon it closes: benchmarks/responsiveness.py
    assert settings.value("boards/minesweeper") == text
    gate.release(qtbot)
    assert restored == []
    again = _opened(open_window)
    assert again.restoring("minesweeper")
    qtbot.waitUntil(lambda: again.page("minesweeper").board == game, timeout=10_000)


def test_an_unreadable_large_stored_board_is_set_aside_and_said(qtbot, settings, open_window):
    board = ms.to_json(large_game())
    board["mines"] = [*board["mines"], [100, 0]]  # off the field
    text = store(settings, json.dumps(board))
    window = _opened(open_window)
    page = window.current_page()
    qtbot.waitUntil(lambda: not window.restoring("minesweeper"), timeout=10_000)
    message = window.statusBar().currentMessage()
    assert message.startswith("Not restored: the last Minesweeper board (copies kept in ")
    assert "the last Minesweeper board: it no longer reads: " in window.statusBar().toolTip()
    assert page.isEnabled() and page.board == ms.new_board()
    assert settings.value("boards/minesweeper") is None
    with open(settings.fileName() + SET_ASIDE_SUFFIX, encoding="utf-8") as f:
        assert json.load(f)[0]["value"] == text


@pytest.mark.slow
def test_a_large_board_out_of_sight_is_restored_once_the_window_has_painted(qtbot, settings, open_window, monkeypatch):
    gate, game, _text, window = _restoring(settings, open_window, monkeypatch, tab="sudoku")
    assert window.current_page().GAME == "sudoku" and window.current_page().isEnabled()
    gate.wait_started(qtbot)
    assert gate.painted_first == [True]
    assert window.restorer.bar.text() == "Restoring the last Minesweeper board 0%"
    window.tabs.setCurrentIndex(list(window.pages).index("minesweeper"))
    page = window.current_page()
    assert page.GAME == "minesweeper" and not page.isEnabled() and _cover(page).isVisible()
    gate.release(qtbot)
    qtbot.waitUntil(lambda: page.board == game, timeout=10_000)
    assert page.isEnabled() and window.slug_pane.slug_text() == ms.encode(game)


@pytest.mark.slow
def test_each_escape_stops_one_of_an_opening_and_a_restoring(qtbot, settings, open_window, monkeypatch):
    from test_gui_opening import Gate as OpeningGate
    from test_gui_opening import long_game_slug

    gate = Gate(monkeypatch)
    opening_gate = OpeningGate(monkeypatch)
    text = store(settings, stored_text(large_game()), tab="sudoku")
    window = _opened(open_window, gate)
    gate.wait_started(qtbot)
    window.paste_text(long_game_slug())
    opening_gate.wait_started()
    assert window.opening() and window.restoring("minesweeper")
    qtbot.keyClick(window.current_page().canvas, Qt.Key.Key_Escape)
    assert window.opening() != window.restoring("minesweeper")  # one of them stopped
    qtbot.keyClick(window.current_page().canvas, Qt.Key.Key_Escape)
    assert not window.opening() and not window.restoring("minesweeper")
    gate.opened.set()  # both let go before either waits for what comes of them
    opening_gate.release(qtbot)
    gate.release(qtbot)
    window.close()
    assert settings.value("boards/minesweeper") == text

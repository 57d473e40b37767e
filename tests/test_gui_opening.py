"""Long texts open in the background: the window stays live, shows how far it has come,
can be stopped, and gets the board only once it is ready."""

from __future__ import annotations

import sys
import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from conftest import long_minesweeper_slug
from slugboard.codecs import decode_any
from slugboard.codecs import minesweeper as ms
from slugboard.codecs.caches import Recent
from slugboard.gui import opening
from slugboard.gui.window_opening import LONG_TEXT
from waiting import Queries

SUDOKU = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def long_game_slug() -> str:
    """A real game over LONG_TEXT characters: the 400x400 field of `long_minesweeper_slug`
    with 300 opens of its safe cells, 20 ms apart."""
    field = ms.decode(long_minesweeper_slug())
    mines = field.mine_set
    safe = [(x, y) for y in range(1, 400, 7) for x in range(1, 400, 5) if (x, y) not in mines][:300]
    board = ms.from_json(
        {
            **ms.to_json(field),
            "events": [{"t": 2 * i, "kind": "open", "x": x, "y": y} for i, (x, y) in enumerate(safe)],
        }
    )
    text = ms.encode(board)
    return text + " " * max(0, LONG_TEXT + 1 - len(text))  # trailing spaces are trimmed when read


class Gate:
    """Holds the background reading at its start until `release`; `finished` is set when
    the reading it held has returned (or failed)."""

    def __init__(self, monkeypatch) -> None:
        self.started = threading.Event()
        self.opened = threading.Event()
        self.finished = threading.Event()
        self.queries = Queries(monkeypatch)

        def held(text):
            self.started.set()
            try:
                assert self.opened.wait(10)
                return decode_any(text)
            finally:
                self.finished.set()

        monkeypatch.setattr(opening, "decode_any", held)

    def wait_started(self) -> None:
        assert self.started.wait(10)

    def release(self, qtbot) -> None:
        self.opened.set()
        assert self.finished.wait(10)
        self.queries.settle(qtbot)  # the rest of the work, and any answer it would send


def _minesweeper_board(window):
    return window.page("minesweeper").board


@pytest.mark.slow
def test_a_long_paste_opens_in_the_background_and_undoes_in_one_step(qtbot, main_window, monkeypatch):
    from slugboard.gui.minesweeper import page as minesweeper_page

    # Large enough for the busy cursor of a board opened on the window's thread (a replay
    # file): prepared in the background, it needs none, and says nothing of it.
    monkeypatch.setattr(minesweeper_page, "LARGE_BOARD_WORK", 100)
    text = long_game_slug()
    expected = ms.decode(text)
    before = _minesweeper_board(main_window)
    interval = sys.getswitchinterval()
    seen: list[str] = []
    main_window.statusBar().messageChanged.connect(seen.append)
    assert main_window.current_page().GAME == "sudoku"
    assert main_window.paste_text(text)
    # Nothing has changed yet: the window is free while the text is read.
    assert main_window.opening()
    assert main_window.current_page().GAME == "sudoku"
    assert QApplication.overrideCursor().shape() == Qt.CursorShape.BusyCursor
    assert seen[-1] == f"Reading {len(text):,} characters…"
    qtbot.waitUntil(lambda: not main_window.opening(), timeout=20_000)
    page = main_window.current_page()
    assert page.GAME == "minesweeper"
    assert page.board == expected
    assert main_window.slug_pane.slug_text() == ms.encode(expected)
    assert QApplication.overrideCursor() is None
    assert not main_window.opener.bar.isVisible()
    assert main_window.statusBar().currentMessage() == "Opened a Minesweeper board"
    assert not any(m.startswith("Opening a ") for m in seen)
    assert main_window.recent() == []  # too long to keep in the recent list
    assert sys.getswitchinterval() == interval
    page.player.pause()
    page.undo_stack.undo()
    assert page.board == before


@pytest.mark.slow
def test_the_game_is_prepared_off_the_window_thread(qtbot, main_window, monkeypatch):
    """Its replay and the figures of its game are worked out by the worker; the window
    uses them as they are."""
    from slugboard.codecs.minesweeper import figures, replays

    monkeypatch.setattr(replays, "REPLAYS", Recent("replays", replays.REPLAYS.size))  # nothing kept from another test
    monkeypatch.setattr(figures, "FIGURES", Recent("figures", figures.FIGURES.size))
    made: dict[str, list[str]] = {"replay": [], "figures": []}
    for key, cls in (("replay", replays.Replay), ("figures", figures.GameFigures)):
        real = cls.__init__

        def init(self, board, *args, _real=real, _key=key, **kwargs):
            if board.width == 400:
                made[_key].append(threading.current_thread().name)
            _real(self, board, *args, **kwargs)

        monkeypatch.setattr(cls, "__init__", init)
    main_window.paste_text(long_game_slug())
    qtbot.waitUntil(lambda: not main_window.opening(), timeout=20_000)
    page = main_window.current_page()
    page.player.pause()
    assert page.board.width == 400 and len(page.board.events) == 300
    assert made == {"replay": ["slugboard-query"], "figures": ["slugboard-query"]}
    assert page.replay is ms.replay(page.board)
    # The statistics panel counted the game's clicks from those figures.
    assert page.stat_labels["clicks"].text().endswith("effective)")


@pytest.mark.slow
def test_a_long_games_figures_are_counted_once_its_board_is_on_screen(qtbot, main_window, monkeypatch):
    """Beyond `figures.PREPARED_FIGURES_ACTIONS`, the board is shown once its replay is
    ready, and the clicks are counted in the background after it, off the window's thread."""
    from slugboard.codecs.minesweeper import figures
    from slugboard.gui.minesweeper import page as minesweeper_page

    # Any game `prepare` leaves uncounted is counted in the background, never on the window's thread.
    assert minesweeper_page.FIGURES_IN_BACKGROUND_ACTIONS < figures.PREPARED_FIGURES_ACTIONS
    monkeypatch.setattr(figures, "FIGURES", Recent("figures", figures.FIGURES.size))
    monkeypatch.setattr(figures, "PREPARED_FIGURES_ACTIONS", 299)
    monkeypatch.setattr(minesweeper_page, "FIGURES_IN_BACKGROUND_ACTIONS", 299)
    counted: list[tuple[str, bool]] = []  # (thread, whether the text was still being read)
    real = figures.GameFigures.__init__

    def init(self, board, *args, **kwargs):
        if board.width == 400:
            counted.append((threading.current_thread().name, main_window.opening()))
        real(self, board, *args, **kwargs)

    monkeypatch.setattr(figures.GameFigures, "__init__", init)
    main_window.paste_text(long_game_slug())
    qtbot.waitUntil(lambda: not main_window.opening(), timeout=20_000)
    page = main_window.current_page()
    assert page.board.width == 400 and len(page.board.events) == 300
    qtbot.waitUntil(lambda: page.stat_labels["clicks"].text().endswith("effective)"), timeout=20_000)
    page.player.pause()
    assert len(counted) == 1 and counted[0][0] != threading.main_thread().name and not counted[0][1]
    assert figures.figures_known(page.board) is not None


@pytest.mark.slow
def test_progress_and_cancel_show_when_it_takes_a_while(qtbot, main_window, monkeypatch):
    gate = Gate(monkeypatch)
    interval = sys.getswitchinterval()
    before = _minesweeper_board(main_window)
    slug_before = main_window.slug_pane.slug_text()
    main_window.paste_text(long_game_slug())
    bar, cancel = main_window.opener.bar, main_window.opener.cancel_button
    assert not bar.isVisible()  # a quick opening would never show it
    gate.wait_started()
    qtbot.waitUntil(cancel.isVisible, timeout=2000)
    assert bar.isVisible() and bar.format() == "Opening %p%"
    # Meanwhile the window's thread gets the interpreter back sooner after its Qt calls.
    assert sys.getswitchinterval() == pytest.approx(min(interval, opening.SWITCH_INTERVAL_S))
    seen: list[str] = []
    main_window.statusBar().messageChanged.connect(seen.append)
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    assert not main_window.opening()
    assert not bar.isVisible() and not cancel.isVisible()
    assert QApplication.overrideCursor() is None
    assert seen == ["Stopped opening it: the board is as it was"]
    assert sys.getswitchinterval() == interval
    gate.release(qtbot)
    assert main_window.current_page().GAME == "sudoku"
    assert _minesweeper_board(main_window) is before
    assert main_window.slug_pane.slug_text() == slug_before


@pytest.mark.slow
def test_escape_stops_it_too(qtbot, main_window, monkeypatch):
    gate = Gate(monkeypatch)
    main_window.paste_text(long_game_slug())
    gate.wait_started()
    qtbot.keyClick(main_window.current_page().canvas, Qt.Key.Key_Escape)
    assert not main_window.opening()
    assert main_window.statusBar().currentMessage() == "Stopped opening it: the board is as it was"
    gate.release(qtbot)
    assert main_window.current_page().GAME == "sudoku"


@pytest.mark.slow
def test_a_newer_paste_wins(qtbot, main_window, monkeypatch):
    gate = Gate(monkeypatch)
    before = _minesweeper_board(main_window)
    main_window.paste_text(long_game_slug())
    gate.wait_started()
    assert main_window.paste_text(SUDOKU)  # short: opened at once
    assert not main_window.opening()
    assert QApplication.overrideCursor() is None
    gate.release(qtbot)
    assert main_window.current_page().GAME == "sudoku"
    assert main_window.slug_pane.slug_text() == main_window.current_page().game.encode(decode_any(SUDOKU)[1])
    assert _minesweeper_board(main_window) is before


@pytest.mark.slow
def test_a_bad_long_text_says_what_and_where_and_changes_nothing(qtbot, main_window):
    text = long_game_slug()
    at = 70_000
    broken = text[:at] + "!" + text[at + 1 :]
    slug_before = main_window.slug_pane.slug_text()
    assert main_window.paste_text(broken)
    qtbot.waitUntil(lambda: not main_window.opening(), timeout=20_000)
    error = main_window.slug_pane.error_text()
    # Counted from 1 for a person, with the character itself marked in the text shown.
    assert "This Minesweeper game cannot be read (character 70001)" in error
    assert ">!</span>" in error
    assert main_window.current_page().GAME == "sudoku"
    assert main_window.slug_pane.slug_text() == slug_before
    assert QApplication.overrideCursor() is None


@pytest.mark.slow
def test_closing_the_window_while_opening_does_not_wait(qtbot, main_window, monkeypatch):
    gate = Gate(monkeypatch)
    interval = sys.getswitchinterval()
    opened: list[object] = []
    main_window.opener.opened.connect(lambda *args: opened.append(args))
    main_window.paste_text(long_game_slug())
    gate.wait_started()
    main_window.close()  # how soon it closes: benchmarks/responsiveness.py
    assert QApplication.overrideCursor() is None
    assert sys.getswitchinterval() == interval
    gate.release(qtbot)
    assert opened == []


@pytest.mark.slow
@pytest.mark.parametrize("what", ["field", "game"])
def test_reading_reports_progress_in_order_and_stops_when_cancelled(what):
    from slugboard.codecs.work import Cancel, Cancelled

    text = long_minesweeper_slug() if what == "field" else long_game_slug()
    reports: list[float] = []
    name, board, slug = opening.read_and_prepare(text, Cancel(reports.append))
    assert name == "minesweeper" and slug == ms.encode(board)
    assert reports == sorted(reports) and reports[0] == opening.READ_PART and reports[-1] == opening.PREPARED_PART
    stopped = Cancel()

    def stop_half_way(fraction: float) -> None:
        if fraction > opening.READ_PART:
            stopped.set()

    with pytest.raises(Cancelled):
        opening.read_and_prepare(text, stopped.with_progress(stop_half_way))

"""Files the games open are read in the background: the window stays live, the status bar
shows a busy bar with Cancel, and Cancel (or a newer paste) leaves the board as it was."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from conftest import DATA, open_file
from waiting import Queries

REPLAY = next((DATA / "minesweeper").glob("*.evf"))
SUDOKU = "UyF2MQRhyECJQWIySCkiKoXU+yAUcJiTwoVTKoVqsHYm5V3D54DxCitHWQclJ0g="


@pytest.mark.slow
def test_a_replay_file_opens_in_the_background(qtbot, main_window):
    assert main_window.open_file(str(REPLAY))
    assert main_window.reading_file() and main_window.file_cancel.isVisible()
    assert main_window.statusBar().currentMessage() == f"Reading {REPLAY.name}…"
    with qtbot.waitSignal(main_window.file_done, timeout=60_000) as done:
        pass
    assert done.args == [True]
    page = main_window.current_page()
    assert page.GAME == "minesweeper" and page.board.events
    assert not main_window.file_cancel.isVisible()


@pytest.mark.slow
def test_cancel_leaves_the_board_as_it_was(qtbot, main_window, monkeypatch):
    queries = Queries(monkeypatch)
    page = main_window.page("minesweeper")
    before = page.board
    assert main_window.open_file(str(REPLAY))
    qtbot.mouseClick(main_window.file_cancel, Qt.MouseButton.LeftButton)
    assert not main_window.reading_file() and not main_window.file_cancel.isVisible()
    assert "Stopped reading the file" in main_window.statusBar().currentMessage()
    queries.settle(qtbot, timeout=60_000)  # the reader's answer, dropped, opens nothing
    assert page.board is before and main_window.current_page() is not page


def test_a_paste_while_a_file_is_read_wins(qtbot, main_window, monkeypatch):
    queries = Queries(monkeypatch)
    assert main_window.open_file(str(REPLAY))
    assert main_window.paste_text(SUDOKU)
    queries.settle(qtbot, timeout=60_000)
    assert main_window.current_page().GAME == "sudoku" and not main_window.file_cancel.isVisible()
    assert not main_window.page("minesweeper").board.events  # the file's game never opened


@pytest.mark.slow
def test_a_damaged_file_says_why_and_changes_nothing(qtbot, main_window, tmp_path):
    bad = tmp_path / "broken.evf"
    bad.write_bytes(b"\x00" * 100)
    before = main_window.current_page().board
    assert not open_file(qtbot, main_window, bad)
    assert main_window.statusBar().currentMessage().startswith("Not opened: broken.evf:")
    assert main_window.current_page().board is before

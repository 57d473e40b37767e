"""Game records in the window: opened into Play mode with their comments and variations,
followed with clicks, and saved as PGN that reads back the same."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog
from test_gui_xiangqi_play import _drag, _sq

from slugboard.codecs import xiangqi
from slugboard.codecs.xiangqi import records

PGN = """[Event "Club game"]
[Format "WXF"]
{A centre cannon opening} 1. C2=5 {the usual} H8+7 (1... C8=5 {same direction cannons} 2. H2+3) 2. H2+3 R9=8 *
"""


def _opened(qtbot, main_window, text=PGN):
    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    assert page.open_game(records.read_pgn(text)[0])
    return page


def _items(widget) -> list[str]:
    return [widget.item(i).text() for i in range(widget.count())]


@pytest.mark.slow
def test_a_record_opens_in_play_mode_with_comments_and_variations(qtbot, main_window):
    page = _opened(qtbot, main_window)
    assert page.mode == "play" and page.move_list.count() == 5
    # The move the record gives another for is marked in the move list.
    assert _items(page.move_list)[1:3] == ["1. C2=5   炮二平五", "1… H8+7   馬８進７   (+1)"]
    assert page.board == records.read_pgn(PGN)[0].final_board
    assert main_window.slug_pane.slug_text() == xiangqi.encode(page.board)
    page.move_list.itemClicked.emit(page.move_list.item(0))
    assert page.comment_label.text() == "A centre cannon opening"
    assert page.comment_label.textFormat() == Qt.TextFormat.PlainText
    page.move_list.itemClicked.emit(page.move_list.item(1))
    assert page.comment_label.text() == "the usual"
    # From the position after 1. C2=5, the record also gives 1... C8=5.
    assert _items(page.variation_list) == ["1… C8=5 H2+3"]
    page.variation_list.itemClicked.emit(page.variation_list.item(0))
    assert page.game_ply == 2 and page.board.cells[_sq("e7")] == "c"
    assert page.comment_label.text() == "same direction cannons"
    assert page.canvas.last_move == (_sq("h7"), _sq("e7"))
    # Back to the main line through its own variation list.
    page.move_list.itemClicked.emit(page.move_list.item(1))
    assert _items(page.variation_list) == ["1… H8+7 H2+3 R9=8"]


def test_a_record_that_cannot_be_played_changes_nothing(qtbot, main_window):
    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    before = page.board
    bad = records.GameRecord(xiangqi.from_fen("9/9/9/9/9/9/9/9/9/4K4 w"))
    assert not page.open_game(bad)
    assert page.board == before and page.mode == "edit"


def test_save_game_writes_pgn_that_reads_back(qtbot, main_window, tmp_path, monkeypatch):
    page = _opened(qtbot, main_window)
    _drag(qtbot, page, _sq("a0"), _sq("a1"))  # a move of our own after the record's last
    path = tmp_path / "saved.pgn"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), "PGN (*.pgn)"))
    assert page.can_save_game()
    assert page.save_game_dialog()
    (again,) = records.read_file(path)
    assert again.main_line == page.game_moves
    assert [xiangqi.iccs(m) for m in again.main_line][-1] == "a0a1"
    assert again.comments() == [(0, "A centre cannon opening"), (1, "the usual")]
    assert len(again.variations()) == 1
    assert again.tags["Event"] == "Club game"


@pytest.mark.slow
def test_open_game_reads_a_file_and_says_why_not(qtbot, main_window, tmp_path, monkeypatch):
    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    good = tmp_path / "game.pgn"
    good.write_bytes(PGN.encode("gbk"))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(good), ""))
    with qtbot.waitSignal(page.record_read) as opened:
        assert page.open_game_dialog()
    assert opened.args == [True]
    assert page.move_list.count() == 5
    # A move that cannot be played: the game opens up to it, saying what was left out.
    cut = tmp_path / "cut.pgn"
    cut.write_text("1. C2=5 K5+3")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(cut), ""))
    with qtbot.waitSignal(page.record_read) as opened:
        page.open_game_dialog()
    assert opened.args == [True]
    assert [xiangqi.iccs(m) for m in page.game_moves] == ["h2e2"]
    assert page.refusal_label.text() == (
        "Left out: The game stops before move 1... (K5+3, character 9): "
        "it cannot be played (K5+3 is not a legal move here)"
    )
    bad = tmp_path / "bad.pgn"
    bad.write_text("Dear club, here is the game")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    before = page.board
    with qtbot.waitSignal(page.record_read) as opened:
        page.open_game_dialog()
    assert opened.args == [False]
    assert page.board == before
    assert page.refusal_label.text() == "Not opened: Dear is not a legal move here"


def _action(main_window, slot):
    from PySide6.QtGui import QAction

    return next(a for a in main_window.findChildren(QAction) if a.objectName() == f"xiangqi:{slot}")


@pytest.mark.slow
def test_file_open_reads_a_record_and_the_file_menu_saves_it(qtbot, main_window, tmp_path, monkeypatch):
    import sys

    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from test_codecs_xiangqi_records import write_xqf

    game = records.read_pgn(PGN)[0]
    path = tmp_path / "club.xqf"
    path.write_bytes(write_xqf(game, 18, 3))
    with qtbot.waitSignal(main_window.file_done) as done:
        main_window.open_file(str(path))
    assert done.args == [True]
    page = main_window.page("xiangqi")
    assert main_window.tabs.currentWidget() is page and page.mode == "play"
    assert page.game_moves == game.main_line and page.move_list.count() == 5
    save = _action(main_window, "save_game_dialog")
    assert save.isEnabled()
    saved = tmp_path / "again.pgn"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(saved), "PGN (*.pgn)"))
    save.trigger()
    again = records.read_file(saved)[0]
    assert again.main_line == game.main_line and again.variations() == game.variations()
    qtbot.mouseClick(page.mode_buttons["edit"], Qt.MouseButton.LeftButton)
    assert not save.isEnabled()


def test_the_game_menu_turns_analysis_on_and_off(qtbot, main_window, monkeypatch):
    from slugboard.codecs.xiangqi import engine as engines

    monkeypatch.setenv("PATH", "")
    monkeypatch.setattr(engines, "EXTRA_FOLDERS", ())
    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    analyse = _action(main_window, "toggle_analysis")
    assert analyse.isCheckable() and not analyse.isChecked()
    analyse.trigger()
    assert page.analysing and analyse.isChecked()
    assert page.analysis_panel.status.text().startswith("No xiangqi engine found")
    analyse.trigger()
    assert not page.analysing and not analyse.isChecked()

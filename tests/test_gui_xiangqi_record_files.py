"""Records in the window as a person meets them: moves copied from a game played from a
set-up position paste back into another window state and replay there; a web page of a
game database and a file of several games open from File > Open, saying what they hold."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from test_gui_xiangqi_play import _click, _set_up, _sq

from slugboard.codecs import xiangqi
from slugboard.codecs.xiangqi import records

REAL = Path(__file__).parent / "data" / "real" / "xiangqi"
# Black to move: a game that does not start from the opening, nor with Red.
BLACK_FIRST = "3k5/9/9/8p/9/9/9/9/R8/1R2K4 b"


@pytest.mark.slow
def test_copy_moves_then_paste_moves_replays_the_game_from_its_position(qtbot, main_window):
    page = _set_up(qtbot, main_window, BLACK_FIRST)
    for source, target in [("i6", "i5"), ("a1", "a7"), ("i5", "i4"), ("b0", "b8")]:
        _click(qtbot, page, _sq(source))
        _click(qtbot, page, _sq(target))
    played = list(page.game_moves)
    assert [xiangqi.iccs(m) for m in played] == ["i6i5", "a1a7", "i5i4", "b0b8"]
    qtbot.mouseClick(page.play_buttons["Copy moves"], Qt.MouseButton.LeftButton)
    copied = QGuiApplication.clipboard().text()
    assert copied.splitlines()[0] == BLACK_FIRST
    # Somewhere else entirely: the opening, in Play mode, a move played.
    qtbot.mouseClick(page.play_buttons["Start again"], Qt.MouseButton.LeftButton)
    QGuiApplication.clipboard().setText(xiangqi.to_fen(xiangqi.new_board()))
    main_window.paste_action.trigger()
    assert page.board == xiangqi.new_board()
    QGuiApplication.clipboard().setText(copied)
    qtbot.mouseClick(page.play_buttons["Paste moves"], Qt.MouseButton.LeftButton)
    assert page.game_start == xiangqi.from_fen(BLACK_FIRST) and page.game_moves == played
    assert page.mode == "play" and page.move_list.count() == len(played) + 1
    assert page.board.cells[_sq("b8")] == "R" and page.board.cells[_sq("i4")] == "p"


def test_a_web_page_of_a_game_database_opens_from_file_open(qtbot, main_window):
    path = REAL / "wxf-master-db-138.html"
    with qtbot.waitSignal(main_window.file_done, timeout=60_000) as done:
        assert main_window.open_file(str(path))
    assert done.args == [True]
    page = main_window.page("xiangqi")
    assert main_window.current_page() is page and page.mode == "play"
    assert page.game_moves == records.read_file(path)[0].main_line and len(page.game_moves) == 45


@pytest.mark.slow
def test_a_file_of_several_games_opens_the_first_and_says_how_many(qtbot, main_window):
    page = main_window.page("xiangqi")
    statuses = []
    page.status_changed.connect(statuses.append)
    with qtbot.waitSignal(main_window.file_done, timeout=60_000) as done:
        assert main_window.open_file(str(REAL / "xqdb-15-games-chinese.pgn"))
    assert done.args == [True]
    assert len(page.game_moves) == 127
    assert statuses[-1] == "Opened Zhongli Cup TV fast game Champion 1997: 127 moves (game 1 of 15 in the file)"

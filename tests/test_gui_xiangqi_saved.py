"""A xiangqi game played in Play mode comes back when the window starts again: the position
set up, the moves, the move shown and Play mode; a kept game that no longer fits its board
leaves the board in Edit mode."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication

from slugboard.codecs import xiangqi

# Black's general on d9 and a soldier; Red's rooks on a1 and b0, Red's general on e0.
SET_UP = "3k5/9/9/8p/9/9/9/9/R8/1R2K4 w"
MOVES = (("a1", "a8"), ("i6", "i5"), ("e0", "f0"))


def _sq(name: str) -> int:
    return xiangqi.parse_iccs(name + name)[0]


def _click(qtbot, page, square):
    centre = page.canvas.square_center(square)
    qtbot.mouseClick(page.canvas, Qt.MouseButton.LeftButton, pos=QPoint(round(centre.x()), round(centre.y())))


def _play(qtbot, window, fen=SET_UP, moves=MOVES):
    """Paste `fen`, switch to Play and make `moves` with clicks."""
    assert window.paste_text(fen)
    page = window.page("xiangqi")
    qtbot.mouseClick(page.mode_buttons["play"], Qt.MouseButton.LeftButton)
    assert page.mode == "play"
    for source, target in moves:
        _click(qtbot, page, _sq(source))
        _click(qtbot, page, _sq(target))
    assert len(page.game_moves) == len(moves)
    return page


def _rows(page):
    return [page.move_list.item(i).text() for i in range(page.move_list.count())]


@pytest.mark.slow
def test_a_game_in_play_mode_comes_back_at_the_move_shown(qtbot, settings, open_window):
    first = open_window()
    page = _play(qtbot, first)
    page.move_list.itemClicked.emit(page.move_list.item(2))  # back to the position after Black's move
    shown, rows = page.board, _rows(page)
    first.page("xiangqi").play_buttons["Copy moves"].click()
    moves_text = QGuiApplication.clipboard().text()
    first.close()

    second = open_window()
    page = second.page("xiangqi")
    assert second.current_page() is page
    assert page.mode == "play" and page.mode_buttons["play"].isChecked()
    assert page.play_box.isVisible() and not page.edit_box.isVisible() and page.canvas.playing
    assert page.board == shown and page.game_ply == 2
    assert page.game_start == xiangqi.from_fen(SET_UP)
    assert page.game_moves == [(_sq(a), _sq(b)) for a, b in MOVES]
    assert _rows(page) == rows and page.move_list.currentRow() == 2
    assert page.result_label.text() == "Red to move."
    assert second.slug_pane.slug_text() == xiangqi.encode(shown)
    assert page.undo_stack.count() == 0  # a restored game is not an edit
    QGuiApplication.clipboard().clear()
    page.play_buttons["Copy moves"].click()
    assert QGuiApplication.clipboard().text() == moves_text
    # Stepping through the moves works as before the restart, and is undoable.
    page.move_list.itemClicked.emit(page.move_list.item(3))
    assert page.board == page.positions()[3] and page.board.cells[_sq("f0")] == "K"
    page.move_list.itemClicked.emit(page.move_list.item(0))
    assert page.board == xiangqi.from_fen(SET_UP) and page.mode == "play"
    second.undo_action.trigger()
    assert page.board == page.positions()[3] and page.move_list.currentRow() == 3
    # A move played from here goes on the restored game.
    page.play_buttons["Start again"].click()
    assert page.board == xiangqi.from_fen(SET_UP) and page.game_moves == []
    second.close()


@pytest.mark.slow
def test_the_game_played_on_after_a_restart_is_the_one_kept(qtbot, settings, open_window):
    first = open_window()
    _play(qtbot, first, moves=MOVES[:1])
    first.close()
    second = open_window()
    page = second.page("xiangqi")
    assert page.mode == "play" and page.game_ply == 1
    _click(qtbot, page, _sq("i6"))
    _click(qtbot, page, _sq("i5"))
    final = page.board
    assert final.red_to_move
    second.close()

    third = open_window()
    page = third.page("xiangqi")
    assert page.mode == "play" and page.board == final
    assert page.game_start == xiangqi.from_fen(SET_UP) and page.game_ply == 2
    assert page.game_moves == [(_sq("a1"), _sq("a8")), (_sq("i6"), _sq("i5"))]
    third.close()


def test_edit_mode_after_a_game_comes_back_as_edit_mode(qtbot, settings, open_window):
    first = open_window()
    page = _play(qtbot, first)
    shown = page.board
    qtbot.mouseClick(page.mode_buttons["edit"], Qt.MouseButton.LeftButton)
    assert page.mode == "edit"
    first.close()
    assert settings.value("xiangqi/game") is None
    second = open_window()
    page = second.page("xiangqi")
    assert page.mode == "edit" and page.edit_box.isVisible() and not page.play_box.isVisible()
    assert page.board == shown


def test_a_game_from_a_position_that_keeps_its_twins_comes_back_at_its_start(qtbot, settings, open_window):
    first = open_window()
    page = _play(qtbot, first, fen="xiangqi:hSSAgSVGghCEIUkIgElRoIQhDw", moves=(("h2", "e2"), ("h9", "g7")))
    set_up = page.game_start
    assert set_up.has_identity  # swapped horses
    page.move_list.itemClicked.emit(page.move_list.item(0))
    assert page.board == set_up
    first.close()
    second = open_window()
    page = second.page("xiangqi")
    assert page.mode == "play" and page.game_ply == 0 and len(page.game_moves) == 2
    assert page.board == set_up and page.game_start == set_up and page.board.has_identity
    assert second.slug_pane.slug_text() == "hSSAgSVGghCEIUkIgElRoIQhDw"


def _kept(settings, **change):
    game = json.loads(settings.value("xiangqi/game"))
    game.update(change)
    return json.dumps(game)


@pytest.mark.slow
@pytest.mark.parametrize(
    "spoil",
    [
        pytest.param(lambda s: _kept(s, moves="a1a8 i6i5 e0e1"), id="an-illegal-move"),
        pytest.param(lambda s: _kept(s, moves="a1a8 i6i5 zz"), id="not-a-move"),
        pytest.param(lambda s: _kept(s, moves="a1a8"), id="ply-past-the-moves"),
        pytest.param(lambda s: _kept(s, ply=1), id="another-position-at-the-ply"),
        pytest.param(lambda s: _kept(s, ply="3"), id="ply-not-a-number"),
        pytest.param(lambda s: _kept(s, ply=True), id="ply-a-truth-value"),
        pytest.param(
            lambda s: _kept(s, start={"game": "xiangqi", "fen": "4k4/9/9/9/9/9/9/9/9/4K4 w"}), id="kings-face"
        ),
        pytest.param(lambda s: _kept(s, start={"rows": [1, 2]}), id="start-not-a-board"),
        pytest.param(lambda s: _kept(s, start={"rows": [[]] * 32}), id="start-of-the-wrong-kind"),
        pytest.param(lambda s: _kept(s, moves=["a1a8"]), id="moves-not-text"),
        pytest.param(lambda s: "not json {", id="not-json"),
        pytest.param(lambda s: "[" * 100_000, id="nested-too-deeply"),
        pytest.param(lambda s: json.dumps([1, 2]), id="not-an-object"),
        pytest.param(lambda s: ["a", "list"], id="not-text"),
    ],
)
def test_a_kept_game_that_does_not_fit_its_board_leaves_the_board_in_edit_mode(qtbot, settings, open_window, spoil):
    first = open_window()
    shown = _play(qtbot, first).board
    first.close()
    settings.setValue("xiangqi/game", spoil(settings))
    settings.sync()
    second = open_window()
    page = second.page("xiangqi")
    assert page.mode == "edit" and page.edit_box.isVisible() and not page.play_box.isVisible()
    assert page.board == shown and page.undo_stack.count() == 0
    assert second.slug_pane.slug_text() == xiangqi.encode(shown)
    # The position plays from here as a new game.
    qtbot.mouseClick(page.mode_buttons["play"], Qt.MouseButton.LeftButton)
    assert page.mode == "play" and page.game_start == shown and page.game_moves == []
    second.close()


@pytest.mark.slow
def test_a_kept_game_of_another_board_is_not_shown_on_this_one(qtbot, settings, open_window):
    first = open_window()
    _play(qtbot, first)
    first.close()
    other = xiangqi.new_board()
    settings.setValue("boards/xiangqi", json.dumps(xiangqi.to_json(other)))  # the game and its board disagree
    settings.sync()
    second = open_window()
    page = second.page("xiangqi")
    assert page.mode == "edit" and page.board == other

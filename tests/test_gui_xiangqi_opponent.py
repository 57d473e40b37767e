"""Play against the engine as a person does: set up a position, choose a side and a
strength, move by clicks, see the engine's reply (checked legal by cchess, an independent
move generator), take back, resign, and save the game as PGN with its players; and without
an engine, a message that says how to get one."""

from __future__ import annotations

import cchess
import pytest
from cchess.common import pos2iccs
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication

from engines import needs_engine
from slugboard.codecs import xiangqi
from slugboard.codecs.xiangqi import engine as eng
from slugboard.codecs.xiangqi import records

OPENING = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"


def _click(qtbot, page, name: str) -> None:
    square = xiangqi.parse_iccs(name + name)[0]
    centre = page.canvas.square_center(square)
    qtbot.mouseClick(page.canvas, Qt.MouseButton.LeftButton, pos=QPoint(round(centre.x()), round(centre.y())))


def _legal(board: xiangqi.Board) -> set[str]:
    other = cchess.ChessBoard(xiangqi.to_fen(board))
    return {pos2iccs(*m) for m in other.create_moves() if other.is_valid_move_t(m) and not other.is_checked_move(*m)}


def _set_up(qtbot, main_window, fen=OPENING, side="Red", seconds=0.1):
    QGuiApplication.clipboard().setText(fen)
    main_window.setFocus()
    main_window.paste_action.trigger()
    page = main_window.page("xiangqi")
    qtbot.mouseClick(page.mode_buttons["play"], Qt.MouseButton.LeftButton)
    panel = page.opponent.panel
    panel.side.setCurrentText(side)
    panel.full.setChecked(False)
    panel.elo.setValue(1500)
    panel.seconds.setValue(seconds)
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    assert page.opponent.playing
    return page


def _replied(page, plies: int):
    return lambda: len(page.game_moves) == plies and page.game_ply == plies


@pytest.mark.slow
@needs_engine
def test_a_game_against_the_engine_with_a_takeback_and_a_resignation(qtbot, main_window):
    page = _set_up(qtbot, main_window)
    _click(qtbot, page, "h2")
    _click(qtbot, page, "e2")  # C2=5, the central cannon
    qtbot.waitUntil(_replied(page, 2), timeout=30_000)
    after_mine = xiangqi.play(xiangqi.from_fen(OPENING), page.game_moves[0])
    assert xiangqi.iccs(page.game_moves[1]) in _legal(after_mine)  # the engine's reply, checked by cchess
    assert page.canvas.last_move == page.game_moves[1]  # drawn with the last-move mark
    assert page.board.red_to_move and page.opponent.panel.status.text() == "Your move."
    qtbot.mouseClick(page.opponent.panel.take_back_button, Qt.MouseButton.LeftButton)
    assert page.game_moves == [] and page.board == xiangqi.from_fen(OPENING)  # two plies back
    _click(qtbot, page, "b2")
    _click(qtbot, page, "e2")  # another move: the engine answers this one
    qtbot.waitUntil(_replied(page, 2), timeout=30_000)
    assert xiangqi.iccs(page.game_moves[0]) == "b2e2"
    qtbot.mouseClick(page.opponent.panel.resign_button, Qt.MouseButton.LeftButton)
    assert "You resigned" in page.opponent.panel.status.text()
    pgn = records.write_pgn(page.game_as_record(), "WXF")
    game = records.read_text(pgn)[0]
    assert game.tags["Red"] == "You" and game.tags["Black"] == "Fairy-Stockfish 1500"
    assert game.tags["Result"] == "0-1" and game.main_line == page.game_moves


@pytest.mark.slow
@needs_engine
def test_the_engine_moves_first_when_the_person_takes_black(qtbot, main_window):
    page = _set_up(qtbot, main_window, side="Black")
    qtbot.waitUntil(_replied(page, 1), timeout=30_000)
    assert xiangqi.iccs(page.game_moves[0]) in _legal(xiangqi.from_fen(OPENING))
    assert not page.board.red_to_move


@pytest.mark.slow
@needs_engine
def test_a_takeback_while_the_engine_thinks_drops_its_move(qtbot, main_window):
    page = _set_up(qtbot, main_window, seconds=3.0)
    _click(qtbot, page, "h2")
    _click(qtbot, page, "e2")
    qtbot.waitUntil(lambda: "thinking" in page.opponent.panel.status.text())
    qtbot.mouseClick(page.opponent.panel.take_back_button, Qt.MouseButton.LeftButton)
    assert page.game_moves == []
    page.opponent.panel.seconds.setValue(0.1)
    _click(qtbot, page, "b2")
    _click(qtbot, page, "e2")
    qtbot.waitUntil(_replied(page, 2), timeout=30_000)
    assert xiangqi.iccs(page.game_moves[0]) == "b2e2"  # the dropped search's move never came


def test_without_an_engine_the_panel_says_how_to_get_one(qtbot, main_window, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # a machine with no engine anywhere
    monkeypatch.setattr(eng, "EXTRA_FOLDERS", ())
    page = _set_up(qtbot, main_window, side="Black")  # the engine moves first: it is asked at once
    qtbot.waitUntil(lambda: "cannot play" in page.opponent.panel.status.text(), timeout=10_000)
    assert "apt install fairy-stockfish" in page.opponent.panel.status.text()
    assert not page.opponent.playing and page.game_moves == []

"""A game plugs in through its own packages: the toy game of `tests/toygame` (noughts and
crosses), registered from this test alone, gains its tab, its menu action with its
shortcut, its file type and its command-line subcommand, with no shared module edited."""

from __future__ import annotations

import io
import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from conftest import open_file
from slugboard import codecs
from slugboard.codecs import cli
from slugboard.gui import games

SUDOKU = "UyF2MQRhyECJQWIySCkiKoXU+yAUcJiTwoVTKoVqsHYm5V3D54DxCitHWQclJ0g="


@pytest.fixture
def toy_game():
    name = codecs.register("toygame.codec")
    games.register_view(name, "toygame.gui")
    yield name
    codecs.unregister(name)


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.run(list(argv), out, err, io.BytesIO())
    return status, out.getvalue(), err.getvalue()


def test_the_registry_lists_the_game_after_the_others(toy_game):
    assert toy_game == "noughts"
    assert list(codecs.titles())[-1] == "noughts" and codecs.titles()["noughts"] == "Noughts and crosses"
    assert codecs.decode_any("ttt:XO.X.O...") == ("noughts", codecs.game("noughts").decode("ttt:XO.X.O..."))
    before = codecs.names()
    assert codecs.register("toygame.codec") == "noughts" and codecs.names() == before  # once only


def test_the_game_is_gone_once_unregistered(toy_game):
    codecs.unregister(toy_game)
    assert "noughts" not in codecs.titles()
    with pytest.raises(codecs.SlugError):
        codecs.decode_any("ttt:XO.X.O...")
    codecs.register("toygame.codec")  # for the fixture to take away again


def test_the_command_line_gains_its_subcommand(toy_game):
    status, out, _ = _run("winner", "ttt:XXXOO....")
    assert status == 0 and json.loads(out) == {"winner": "X"}
    status, out, _ = _run("winner", "ttt:XO.......")
    assert status == 0 and json.loads(out) == {"winner": None}
    # The command belongs to the game: a board of another game is refused, saying whose it is.
    status, _, err = _run("winner", SUDOKU)
    assert status == 2 and "winner works on Noughts and crosses boards; this text is a Sudoku puzzle" in err
    # And the shared commands work on its boards; others' commands say which games they serve.
    status, out, _ = _run("decode", "ttt:XO.......")
    assert json.loads(out) == {"game": "noughts", "cells": "XO......."}
    status, _, err = _run("solve", "ttt:XO.......")
    assert (
        status == 2 and "solve works on Sudoku and Pentominoes boards; this text is a Noughts and crosses board" in err
    )
    with pytest.raises(SystemExit):
        cli.run(["--help"])


def test_the_command_line_imports_its_files(toy_game, tmp_path):
    path = tmp_path / "two.ttt"
    path.write_text("ttt:X........\nttt:XO.......\n")
    status, out, _ = _run("import", str(path))
    assert status == 0
    assert [json.loads(line) for line in out.splitlines()] == [
        {"game": "noughts", "cells": "X........", "line": 1},
        {"game": "noughts", "cells": "XO.......", "line": 2},
    ]
    status, out, _ = _run("import", str(path), "--slug")
    assert out.split() == ["ttt:X........", "ttt:XO......."]


def test_the_window_gains_its_tab_action_and_file_type(toy_game, qtbot, open_window, tmp_path):
    from PySide6.QtWidgets import QApplication

    window = open_window()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    index = list(window.pages).index("noughts")
    assert window.tabs.tabText(index) == "Noughts and crosses"
    game_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Game")
    # Its action is in the Game menu while its tab is current, and only then.
    assert not any(a.text() == "&Clear the board" for a in game_menu.actions())
    window.tabs.setCurrentIndex(index)
    page = window.current_page()
    clear = next(a for a in game_menu.actions() if a.text() == "&Clear the board")
    assert clear.shortcut() == QKeySequence("Ctrl+Alt+K") and not clear.isEnabled()  # nothing to clear yet
    qtbot.mouseClick(page.canvas, Qt.MouseButton.LeftButton, pos=page.canvas.rect().center())
    assert page.board.cells == "....X...." and clear.isEnabled()
    assert window.slug_pane.slug_text() == "ttt:....X...."
    qtbot.keyClick(page.canvas, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)
    assert page.board.cells == "." * 9 and not clear.isEnabled()
    window.undo_action.trigger()
    assert page.board.cells == "....X...."
    # A file of its kind opens on its tab from any tab.
    window.tabs.setCurrentIndex(0)
    assert not any(a.text() == "&Clear the board" for a in game_menu.actions())
    path = tmp_path / "game.ttt"
    path.write_text("ttt:XOX.O.X..\n")
    assert open_file(qtbot, window, path)
    assert window.current_page() is page and page.board.cells == "XOX.O.X.."
    assert window.slug_pane.slug_text() == "ttt:XOX.O.X.."

"""A game plugs in through its own packages: the toy game of `tests/toygame` (noughts and
crosses), registered from this test alone, gains its tab, its menu action with its
shortcut, its file type and its command-line subcommand, with no shared module edited."""

from __future__ import annotations

import io
import json

import pytest
import test_anatomy  # imported before the toy game is registered: their tables are of Slugboard's games
import test_contract
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


@pytest.mark.slow
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


@pytest.mark.slow
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
    # Its example board is in File > Examples, and opens on its tab.
    (example,) = [a for a in window.examples_menu.actions() if a.text().startswith("Noughts and crosses: ")]
    assert example.text() == "Noughts and crosses: X wins on the diagonal"
    example.trigger()
    assert window.current_page() is page and page.board.cells == "XO.OX...X"
    window.undo_action.trigger()
    # A file of its kind opens on its tab from any tab.
    window.tabs.setCurrentIndex(0)
    assert not any(a.text() == "&Clear the board" for a in game_menu.actions())
    path = tmp_path / "game.ttt"
    path.write_text("ttt:XOX.O.X..\n")
    assert open_file(qtbot, window, path)
    assert window.current_page() is page and page.board.cells == "XOX.O.X.."
    assert window.slug_pane.slug_text() == "ttt:XOX.O.X.."


@pytest.mark.slow
def test_the_contract_and_anatomy_tests_run_over_it(toy_game):
    """The shared tests of every game take the toy game with its own strategies module
    (tests/toygame/strategies.py): no table of theirs names it."""
    for check in (
        test_contract.test_new_board_round_trips,
        test_contract.test_every_game_has_its_test_strategies,
        test_contract.test_round_trip,
        test_contract.test_only_slug_error_escapes_decode,
        test_contract.test_looks_like_never_raises,
        test_contract.test_decode_any_and_detect_agree,
        test_contract.test_from_json_raises_only_slug_error,
    ):
        check(name=toy_game)
    test_anatomy._check_text(toy_game, "  ttt:XO.X.O...")


def test_its_problems_anatomy_and_examples_are_its_own(toy_game):
    """Its kinds of problem, the fields of its slugs and its example boards are declared in
    its packages, and the shell reports them as any game's."""
    from slugboard import resources
    from slugboard.gui import anatomy_view

    game = codecs.game(toy_game)
    (problem,) = game.problems(game.decode("ttt:XX......."))
    assert problem.kind == "turns" and problem.to_json()["kind"] == "turns"
    status, out, _ = _run("info", "ttt:XX.......")
    assert json.loads(out)["problems"][0]["kind"] == "turns"
    found = codecs.explain("  ttt:XO.X.O...\n")
    assert found.summary()["fields"] == {"magic": {"spans": 1, "chars": 4}, "mark": {"spans": 9, "chars": 9}}
    assert found.title_of("mark") == "a cell's mark" and found.spans[1].chars == (6, 7)
    anatomy_view.use_game_colours(toy_game)
    assert anatomy_view.describe(found.spans[1]) == "cell 1 (1 character)"
    assert anatomy_view.describe(found.spans[1].__class__("mark", (0, 1), "X")) == "a cell's mark (1 character)"
    ours = [e for e in resources.examples() if e["game"] == toy_game]
    assert ours == [{"game": "noughts", "title": "X wins on the diagonal", "text": "ttt:XO.OX...X"}]


def test_a_book_and_the_desktop_take_it(toy_game, qapp, tmp_path):
    """A printed book shows what the game says goes with a board (its BOOK), and the desktop
    registers its file type (its FILE_TYPES)."""
    from slugboard.gui import book, desktop

    (entry,) = book.read_texts("ttt:XO.X.O...\n", solutions=True)
    assert (entry.heading, entry.rules, entry.solution) == ("1.", "Three in a row wins; X plays first.", None)
    assert book.write_book(str(tmp_path / "book.pdf"), [entry])
    assert ("application/x-noughts-ttt", "Noughts and crosses boards (.ttt)", ".ttt") in desktop.file_types()
    assert "application/x-noughts-ttt;" in desktop.desktop_entry(["slugboard"])

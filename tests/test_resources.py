"""Shipped data: every example board opens in its own game, from the codec and from the menu."""

from __future__ import annotations

import pytest

from slugboard import resources
from slugboard.codecs import GAMES, decode_any


@pytest.mark.parametrize("example", resources.examples(), ids=lambda e: e["title"])
def test_example_decodes_as_its_game(example):
    name, board = decode_any(example["text"])
    assert name == example["game"]
    assert GAMES[name].encode(board)


@pytest.mark.slow
def test_examples_menu_opens_each_board(qtbot, main_window):
    actions = main_window.examples_menu.actions()
    assert len(actions) == len([e for e in resources.examples() if e["game"] in main_window.pages])
    for action, example in zip(actions, resources.examples()):
        action.trigger()
        assert main_window.current_page().GAME == example["game"]
        assert main_window.slug_pane.error_text() == ""
        page = main_window.current_page()
        assert main_window.slug_pane.slug_text() == page.game.encode(page.board)


def test_the_letters_examples_hold_a_v4_game_and_a_game_with_a_blank():
    boards = [decode_any(e["text"])[1] for e in resources.examples() if e["game"] == "letters"]
    assert any(board.is_v4 and board.start_word and len(board.tiles) > 10 for board in boards)
    assert any(any(tile.blank for tile in board.tiles) for board in boards)

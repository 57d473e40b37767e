"""Main-window behaviour shared by every game: long pastes, the recent list, tabs."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from conftest import long_minesweeper_slug
from slugboard.codecs import GAMES


def test_long_paste_shows_busy_cursor_and_restores_it(qtbot, main_window):
    text = long_minesweeper_slug()
    assert len(text) > 30_000
    seen = []
    main_window.statusBar().messageChanged.connect(seen.append)
    padded = text + " " * max(0, 100_001 - len(text))  # trailing whitespace is trimmed when read
    assert main_window.paste_text(padded)
    assert QApplication.overrideCursor() is None
    assert main_window.current_page().GAME == "minesweeper"
    assert any(m.startswith("Reading ") for m in seen)
    assert main_window.recent() == []  # too long to keep in the recent list


def test_a_tab_per_game_and_alt_keys(qtbot, main_window):
    assert list(main_window.pages) == ["sudoku", "pentomino", "xiangqi", "minesweeper", "letters"]
    assert [main_window.tabs.tabText(i) for i in range(5)] == [GAMES[n].title for n in main_window.pages]
    for index, name in enumerate(main_window.pages):
        main_window.tabs.setCurrentIndex(index)
        page = main_window.page(name)
        assert main_window.undo_group.activeStack() is page.undo_stack
        assert main_window.slug_pane.slug_text() == page.game.encode(page.board)


def test_switching_games_pauses_a_replay_and_clears_a_failed_paste(qtbot, main_window):
    from slugboard import resources

    game = next(e["text"] for e in resources.examples() if e["game"] == "minesweeper")
    assert main_window.paste_text(game)
    page = main_window.page("minesweeper")
    page.player.play()
    assert page.player.playing
    assert not main_window.paste_text("UyF2Mg==")
    assert main_window.slug_pane.error_text()
    main_window.tabs.setCurrentWidget(main_window.page("sudoku"))
    assert not page.player.playing
    assert main_window.slug_pane.error_text() == ""


def test_short_texts_of_minesweeper_are_blamed_on_minesweeper():
    import pytest

    from slugboard.codecs import SlugError, decode_any

    for text in ("1=", "1=15"):
        with pytest.raises(SlugError) as info:
            decode_any(text)
        assert info.value.game == "minesweeper"

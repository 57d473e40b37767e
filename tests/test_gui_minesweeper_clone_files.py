"""Minesweeper Clone replays of the versions ms-toollib cannot read (0.96 and earlier,
2006, 2007) open in the window as the other replay files do."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import open_file
from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper import mvf

REAL = Path(__file__).parent / "data" / "real" / "minesweeper"
ONLY_SLUGBOARD = [p for p in sorted(REAL.glob("*.mvf")) if not mvf.is_clone_097(p.read_bytes())]


@pytest.mark.slow
@pytest.mark.parametrize("path", ONLY_SLUGBOARD, ids=lambda p: p.name)
def test_a_clone_file_opens_in_the_window_with_its_path_and_player(qtbot, main_window, path):
    clone = mvf.read_mvf(path.read_bytes())
    assert open_file(qtbot, main_window, path)
    page = main_window.page("minesweeper")
    assert main_window.current_page() is page
    assert (page.board.width, page.board.height) == (clone.width, clone.height)
    assert sorted(page.board.mines) == sorted(clone.mines)
    assert page.replay.final().outcome == ms.WON
    assert ms.decode(main_window.slug_pane.slug_text()) == page.board
    text = page.file_label.text()
    assert "Minesweeper Clone" in text and clone.player in text and "mouse path" in text
    assert page.mouse_path() is not None

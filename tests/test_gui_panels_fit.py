"""The tool panels at the window's own default size (1120x840): a game's panel shows whole,
with no scroll bar, where its controls fit (issue of the first user's report: the sudoku
Problems text needed scrolling); no panel ever scrolls sideways."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QScrollArea

from slugboard.codecs import titles

SUDOKU = "https://nickgirardo.com/projects/sudoku/player.html?play=UyF2MQRhyECJQWIySCkiKoXU+yAUcJiTwoVTKoVqsHYm5V3D54DxCitHWQclJ0g="


def _panel_scroll(page) -> QScrollArea:
    return next(area for area in page.findChildren(QScrollArea) if area.widget() is page.tool_panel)


def _shown(qtbot, window, game):
    window.resize(1120, 840)
    page = window.page(game)
    window.tabs.setCurrentWidget(page)
    qtbot.waitUntil(lambda: page.isVisible() and window.height() == 840)
    return page


def test_the_sudoku_panel_fits_the_default_window_whole(qtbot, main_window):
    main_window.paste_text(SUDOKU)
    page = _shown(qtbot, main_window, "sudoku")
    qtbot.waitUntil(lambda: page.solution_count is not None, timeout=10_000)
    page.show_solution.setChecked(True)  # its note said too
    area = _panel_scroll(page)
    qtbot.waitUntil(lambda: area.viewport().height() >= page.tool_panel.minimumSizeHint().height())
    assert not area.verticalScrollBar().isVisible()
    problems = page.problems_label.mapTo(area.viewport(), page.problems_label.rect().bottomLeft())
    assert problems.y() <= area.viewport().height()  # the Problems text in sight, not a scroll away


@pytest.mark.parametrize("game", list(titles()))
def test_no_panel_scrolls_sideways(qtbot, main_window, game):
    page = _shown(qtbot, main_window, game)
    area = _panel_scroll(page)
    assert not area.horizontalScrollBar().isVisible()
    assert page.tool_panel.width() <= area.viewport().width()

"""The slug pane's error line: the message always, and the offending character marked
only where the error position indexes the pasted text itself."""

from __future__ import annotations

import pytest

from slugboard.codecs import SlugError
from slugboard.gui.slug_pane import SlugPane


@pytest.mark.parametrize(
    "text,marked",
    [
        ("UyF2Mg==", "F"),  # bare sudoku slug: character 2
        ("1=15x15+9!", "1"),  # minesweeper slugs start with their version and '='
        ("g=IOFt*UQJ", None),  # position counts from after 'g='
        ("xiangqi:hSQ*", None),
        ("https://letters.wiki/?g=IOFt*UQJ", None),
    ],
)
def test_error_marks_the_character_only_for_bare_slugs(qtbot, text, marked):
    pane = SlugPane()
    qtbot.addWidget(pane)
    pane.show()
    pane.show_error(text, SlugError("game", "something is wrong", 2))
    shown = pane.error_text()
    assert "Not opened: game: something is wrong at character 2" in shown
    if marked is None:
        assert "<code>" not in shown
    else:
        assert f"color:white'>{marked}</span>" in shown
    pane.clear_error()
    assert pane.error_text() == ""

"""Text from input is shown as text: markup in a pasted link or a replay file is never
read as rich text by a label or a tooltip (a rich tooltip loads `<img src=...>` from disk:
/dev/zero grows memory without end, a FIFO blocks the window for good)."""

from __future__ import annotations

import dataclasses
import os
from urllib.parse import quote

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QWidget

# An image that is not there: before the fix, a label that read this as rich text would
# have loaded it (with /dev/zero, as in the finding, memory grows until the process dies).
MARKUP = "<b>x</b><img src=no-such-picture.png>"
# The link of the finding, with that markup as a pentomino piece's name.
HOSTILE_LINK = "https://pentominoes.river.me/#/('h!5~w!5~g!%5B('p!'" + quote(MARKUP, safe="") + "'~x!0~y!0)%5D)%01"
REPLAY = os.path.join(os.path.dirname(__file__), "data", "minesweeper", "Wang_Jia_Ning_Beg_15.523bv24.avf")


def markup_read_as_rich_text(window) -> list[str]:
    """Every widget and action of the window that holds the markup where Qt would read it
    as rich text: a tooltip with the tags as they are, or a label not told to be plain."""
    found = []
    for widget in [window, *window.findChildren(QWidget)]:
        name = f"{type(widget).__name__} {widget.objectName()!r}"
        if "<img" in widget.toolTip():
            found.append(f"tooltip of {name}")
        if isinstance(widget, QLabel) and "<img" in widget.text():
            if widget.textFormat() != Qt.TextFormat.PlainText:
                found.append(f"text of {name}")
    for action in window.findChildren(QAction):
        if "<img" in action.toolTip():
            found.append(f"tooltip of action {action.text()!r}")
    return found


def markup_shown(window) -> list[str]:
    """Where the markup is shown, as it is or escaped: so the check above is not empty."""
    found = []
    for widget in window.findChildren(QWidget):
        texts = [widget.toolTip()] + ([widget.text()] if isinstance(widget, QLabel) else [])
        if any("<img src=no-such-picture.png>" in t or "&lt;img src=no-such-picture.png&gt;" in t for t in texts):
            found.append(widget.objectName())
    return found


def test_markup_in_a_pasted_link_is_shown_as_text_in_every_label_and_tooltip(qtbot, main_window):
    field = main_window.slug_pane.paste_field
    field.setFocus()
    field.setText(HOSTILE_LINK)
    QTest.keyClick(field, Qt.Key.Key_Return)
    pane = main_window.slug_pane
    qtbot.waitUntil(lambda: pane.error_text() != "")
    assert "pasteError" in markup_shown(main_window)
    assert markup_read_as_rich_text(main_window) == []
    # The tooltip shows the message whole, its markup as characters.
    assert "&lt;b&gt;x&lt;/b&gt;&lt;img src=no-such-picture.png&gt;" in pane.error_label.toolTip()
    pane.details_button.click()  # the reader's own line quotes the same text
    assert markup_read_as_rich_text(main_window) == []


@pytest.mark.slow
def test_markup_in_a_replay_files_player_name_is_shown_as_text(qtbot, main_window):
    from slugboard.codecs.minesweeper.files import read_replay_file

    replay = dataclasses.replace(read_replay_file(REPLAY), player=MARKUP, software=MARKUP)
    page = main_window.page("minesweeper")
    page.open_replay_file(replay)
    qtbot.waitUntil(lambda: MARKUP in page.file_label.text())
    assert markup_read_as_rich_text(main_window) == []


def test_plain_tip_shows_every_character_and_reads_no_markup():
    from PySide6.QtGui import Qt as GuiQt
    from PySide6.QtGui import QTextDocument

    from slugboard.gui.page import plain_tip

    text = "a < b & c\n" + MARKUP
    tip = plain_tip(text)
    assert GuiQt.mightBeRichText(tip) and "<img" not in tip
    document = QTextDocument()
    document.setHtml(tip)
    assert document.toPlainText() == text  # each character as typed, the line break kept
    assert plain_tip("") == ""  # no tooltip stays no tooltip


@pytest.mark.slow
def test_markup_in_a_stored_board_set_aside_is_shown_as_text(qtbot, settings, open_window):
    """The status bar's tooltip says why each stored value was set aside, quoting it."""
    stored = '{"game": "pentomino", "surface": "R", "height": 5, "width": 5, "pieces": [{"name": "' + MARKUP + '"}]}'
    settings.setValue("boards/pentomino", stored)
    settings.sync()
    window = open_window()
    qtbot.waitUntil(lambda: window.statusBar().currentMessage().startswith("Not restored"))
    assert "&lt;img src=no-such-picture.png&gt;" in window.statusBar().toolTip()
    assert markup_read_as_rich_text(window) == []

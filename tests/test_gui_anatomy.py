"""The Anatomy view, used as a person does: turn it on, rest the pointer on a character
of the slug and see its element lit on the board, rest it on the board and see the
characters lit in the slug."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtTest import QTest

from slugboard.codecs import anatomy, explain
from slugboard.gui.main_window import MainWindow
from waiting import move_pointer

PUZZLE = "UyF2MQ4iUJkfVCiN00KjXixlsblHhQFhDLiawA=="


@pytest.fixture
def window(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    qtbot.addWidget(win)
    win.resize(1100, 900)
    win.show()
    qtbot.waitExposed(win)
    return win


def _hover_char(qtbot, window, index):
    chars = window.slug_pane.anatomy_panel.chars
    move_pointer(qtbot, chars, chars.char_rect(index).center())


@pytest.mark.slow
def test_the_toggle_shows_the_anatomy_of_the_slug_shown(qtbot, window):
    panel = window.slug_pane.anatomy_panel
    assert not panel.isVisible()
    assert window.paste_text(PUZZLE)
    window.anatomy_action.trigger()
    assert panel.isVisible() and window.slug_pane.anatomy_button.isChecked()
    assert panel.chars.text == PUZZLE
    assert panel.anatomy.totals()["given"] == {"spans": 17, "bits": 17 * 11}
    assert "given&nbsp;187 bits for 17" in panel.legend.text()
    # It follows an edit in the same turn (a given set: the pasted puzzle opened in Solve).
    page = window.page("sudoku")
    QTest.mouseClick(page.switch_buttons["set"], Qt.MouseButton.LeftButton)
    page.canvas.select((0, 0))
    QTest.keyClick(page.canvas, "5")
    assert panel.anatomy.totals()["given"]["spans"] == 18
    assert panel.chars.text == window.slug_pane.slug_text()


def test_resting_on_a_character_lights_its_cell(qtbot, window):
    window.paste_text(PUZZLE)
    window.slug_pane.anatomy_button.setChecked(True)
    found = explain(PUZZLE)
    given = next(s for s in found.spans if s.field == "given")
    index = given.chars[0] + 1  # a character wholly inside the first given
    _hover_char(qtbot, window, index)
    overlay = window.anatomy.overlay
    assert overlay is not None and overlay.cells == given.cells
    assert "r1c8" in window.slug_pane.anatomy_panel.pointer.text()
    # The overlay is drawn where the canvas draws that cell.
    canvas = window.page("sudoku").canvas
    image = window.grab().toImage()
    corner = canvas.anatomy_cell_rect(*given.cells[0]).topLeft().toPoint() + QPointF(4, 4).toPoint()
    lit = image.pixelColor(canvas.mapTo(window, corner))
    assert lit.red() - lit.green() > 30  # the highlight's pink, not the board's white or blue
    move_pointer(qtbot, window.slug_pane.paste_field)  # the pointer leaves: nothing is lit
    assert overlay.cells == []


def test_resting_on_the_board_lights_the_characters(qtbot, window):
    window.paste_text(PUZZLE)
    window.slug_pane.anatomy_button.setChecked(True)
    canvas = window.page("sudoku").canvas
    found = explain(PUZZLE)
    cell = next(s for s in found.spans if s.field == "given").cells[0]
    move_pointer(qtbot, canvas, canvas.anatomy_cell_rect(*cell).center().toPoint())
    chars = window.slug_pane.anatomy_panel.chars
    expected = next(s for s in found.spans_of_cell(*cell))
    assert chars.lit == set(range(*expected.chars))
    # An empty cell is about nothing in the slug.
    move_pointer(qtbot, canvas, canvas.anatomy_cell_rect(4, 4).center().toPoint())
    assert chars.lit == set()
    assert "Nothing in the slug" in window.slug_pane.anatomy_panel.pointer.text()


def test_the_view_is_kept_between_runs(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    first = MainWindow(settings=settings)
    qtbot.addWidget(first)
    first.slug_pane.anatomy_button.setChecked(True)
    first.close()
    settings.sync()
    again = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(again)
    assert again.slug_pane.anatomy_button.isChecked()


# One board per game, opened as a person would; every game whose codec explains slugs.
BOARDS = {
    "sudoku": PUZZLE,
    "xiangqi": "hSQiASVGghCEIUkIgElRoIQhDw",
    "letters": "https://letters.wiki/?_=IR3NEDRvBIKARypLnFAQQg6DFoOIhAaWJNqe3xzjkOgW1wEbkSAbGwNcM0A",
    "pentomino": None,
    "minesweeper": None,
}


def _board_text(name):
    from conftest import load_vectors

    text = BOARDS.get(name)
    if text:
        return text
    data = load_vectors(name)
    vectors = (
        [v for value in data.values() if isinstance(value, list) for v in value] if isinstance(data, dict) else data
    )
    texts = [v.get("slug") or v.get("link") for v in vectors if isinstance(v, dict)]
    return max((t for t in texts if isinstance(t, str) and len(t) < 400), key=len)


ANATOMY_GAMES = [name for name, game in __import__("slugboard.codecs", fromlist=["x"]).all_games().items()
                 if hasattr(game.codec, "explain")]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("name", ANATOMY_GAMES)
def test_hovering_works_both_ways_in_every_game(qtbot, window, name):
    assert window.paste_text(_board_text(name))
    page = window.current_page()
    assert page.GAME == name
    window.slug_pane.anatomy_button.setChecked(True)
    panel = window.slug_pane.anatomy_panel
    found = panel.anatomy
    assert found is not None and found.game == name
    anatomy.check(found)
    # A character of the slug: its element's cells light on the board.
    span = next(s for s in found.spans if s.cells)
    char = span.chars[0] - found.slug[0]
    _hover_char(qtbot, window, char)
    lit = {c for s in found.spans_at(span.chars[0]) for c in s.cells}
    assert set(window.anatomy.overlay.cells) == lit
    # The cell on the board: every character that encodes something there lights up.
    canvas = page.canvas
    cell = span.cells[0]
    rect = canvas.anatomy_cell_rect(*cell)
    assert rect is not None and canvas.rect().contains(rect.center().toPoint())
    assert canvas.anatomy_cell_at(rect.center()) == cell
    move_pointer(qtbot, canvas, rect.center().toPoint())
    expected = {ch - found.slug[0] for s in found.spans_of_cell(*cell) for ch in range(*s.chars)}
    assert panel.chars.lit == expected and expected
    assert span in found.spans_of_cell(*cell)


@pytest.mark.slow
def test_a_long_slug_is_explained_in_the_background(qtbot, window):
    """(How long the window is held up, and what a repaint costs, benchmarks/responsiveness.py
    measures.)"""
    from conftest import long_minesweeper_slug

    slug = long_minesweeper_slug()
    assert window.paste_text(slug)
    qtbot.waitUntil(lambda: not window.opening())  # a text this long is read in the background
    window.slug_pane.anatomy_button.setChecked(True)
    panel = window.slug_pane.anatomy_panel
    # The window is not held up: the characters show at once, their parts a moment later.
    assert panel.anatomy is None and "Working out" in panel.legend.text()
    assert panel.chars.text == slug
    qtbot.waitUntil(lambda: panel.anatomy is not None, timeout=15000)
    anatomy.check(panel.anatomy)
    assert "mine" in panel.legend.text() and panel.bar.runs
    panel.chars.repaint()
    mine = next(s for s in panel.anatomy.spans if s.field == "mine")
    _hover_char(qtbot, window, mine.chars[0] - panel.anatomy.slug[0])
    assert window.anatomy.overlay.cells == mine.cells


@pytest.mark.slow
def test_a_board_with_no_slug_says_why(qtbot, window):
    window.slug_pane.anatomy_button.setChecked(True)
    assert window.paste_text("4k4/9/9/9/9/9/9/9/9/3KK4 w")  # two red kings: no slug holds them
    panel = window.slug_pane.anatomy_panel
    assert panel.anatomy is None
    assert "no slug to explain" in panel.legend.text() and "red kings" in panel.legend.text()
    assert window.paste_text("hSQiASVGghCEIUkIgElRoIQhDw")
    assert panel.anatomy is not None and panel.anatomy.game == "xiangqi"

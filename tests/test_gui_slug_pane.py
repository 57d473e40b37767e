"""The slug pane's error line: the message, and the pasted text around the failing
character with that character (or field) marked; positions count in the text as pasted."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from slugboard.codecs import SlugError, decode_any
from slugboard.gui.slug_pane import EXCERPT_CONTEXT, SlugPane


@pytest.fixture
def pane(qtbot):
    pane = SlugPane()
    qtbot.addWidget(pane)
    pane.show()
    return pane


def _marked(shown: str) -> str:
    return shown.split("color:white'>", 1)[1].split("</span>", 1)[0]


@pytest.mark.parametrize(
    "text,position,marked",
    [
        ("UyF2Mg==", 2, "F"),
        ("1=15x15+9!", 9, "!"),
        ("g=IOFt*UQJ", 6, "*"),
        ("https://letters.wiki/?g=IOFt*UQJ", 28, "*"),
    ],
)
def test_error_marks_the_character_at_its_position_in_the_pasted_text(pane, text, position, marked):
    pane.show_error(text, SlugError("game", "something is wrong", position))
    shown = pane.error_text()
    # Said for a person, counting characters from 1; Details shows the reader's own line.
    assert f"Not opened. This text cannot be read (character {position + 1}): something is wrong." in shown
    assert _marked(shown) == marked
    assert pane.details_button.isVisibleTo(pane) and not pane.details_button.isChecked()
    pane.details_button.click()
    assert f"Not opened. game: something is wrong at character {position + 1}" in pane.error_text()
    assert _marked(pane.error_text()) == marked
    pane.clear_error()
    assert pane.error_text() == "" and not pane.details_button.isVisibleTo(pane)


def test_a_span_marks_the_whole_field(pane):
    pane.show_error("1=15x15+9!", SlugError("game", "bad size", 2, span=(2, 7)))
    assert _marked(pane.error_text()) == "15x15"


def test_an_error_at_the_end_marks_the_place_after_the_text(pane):
    pane.show_error("UyF2", SlugError("game", "the slug ends early", 4))
    assert _marked(pane.error_text()).strip() == "ends here"  # in words, not a bare red box
    assert pane.error_text().index("UyF2") < pane.error_text().index("ends here")


def test_a_long_text_shows_a_window_around_the_error(pane):
    text = "a" * 1000 + "!" + "b" * 1000
    pane.show_error(text, SlugError("game", "bad character", 1000))
    shown = pane.error_text()
    assert _marked(shown) == "!"
    assert "…" + "a" * EXCERPT_CONTEXT + "<span" in shown
    assert "</span>" + "b" * EXCERPT_CONTEXT + "…" in shown


def test_markup_in_the_text_is_shown_as_text(pane):
    pane.show_error("<b>x</b>", SlugError("game", "bad", 1))
    assert "&lt;" in pane.error_text() and "<b>x" not in pane.error_text()


def test_a_real_error_from_a_link_marks_the_character_of_the_link(pane):
    text = "https://nickgirardo.com/projects/sudoku/player.html?play=UyF2Mg=="
    with pytest.raises(SlugError) as caught:
        decode_any(text)
    pane.show_error(text, caught.value)
    start = text.index("UyF2Mg")
    assert caught.value.position == start + 2
    assert caught.value.span == (start + 2, start + 6)  # the characters that hold the version bytes
    assert _marked(pane.error_text()) == "F2Mg"


def test_an_error_message_moves_nothing_on_screen(main_window, qtbot):
    main_window.show()
    qtbot.waitExposed(main_window)
    page = main_window.current_page()
    before = (page.canvas.mapTo(main_window, page.canvas.rect().topLeft()), page.canvas.size())
    buttons = main_window.slug_pane.open_button.mapTo(main_window, main_window.slug_pane.open_button.rect().topLeft())
    main_window.paste_text("https://nickgirardo.com/projects/sudoku/player.html?play=UyF2Mg==" + "x" * 300)
    qtbot.waitUntil(lambda: bool(main_window.slug_pane.error_text()))
    QApplication.processEvents()  # the layout has had its turn
    assert (page.canvas.mapTo(main_window, page.canvas.rect().topLeft()), page.canvas.size()) == before
    assert (
        main_window.slug_pane.open_button.mapTo(main_window, main_window.slug_pane.open_button.rect().topLeft())
        == buttons
    )
    main_window.slug_pane.clear_error()
    QApplication.processEvents()
    assert (page.canvas.mapTo(main_window, page.canvas.rect().topLeft()), page.canvas.size()) == before


def test_a_text_no_game_reads_is_explained_in_words_and_nothing_moves(qtbot, main_window):
    pane = main_window.slug_pane
    main_window.show()
    before = (pane.error_label.geometry(), pane.details_button.geometry(), main_window.current_page().canvas.geometry())
    assert not main_window.paste_text("hello world")
    shown = pane.error_text()
    assert "This isn&#x27;t a link or slug Slugboard knows" in shown and "nickgirardo.com" in shown
    assert "closest" not in shown  # words are no slug of any game: none is named
    assert "bits" not in shown  # the technical part waits behind Details
    after = (pane.error_label.geometry(), pane.details_button.geometry(), main_window.current_page().canvas.geometry())
    assert after == before
    pane.details_button.click()
    assert "a slug or link is one word, with no spaces" in pane.error_text()


@pytest.mark.parametrize(
    ("text", "said", "marked"),
    [
        ("P5cF000I10!L006", "looks closest to a Pentominoes board, which cannot be read past character 11", "!"),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABXR w",
            "looks closest to a Xiangqi position, which cannot be read past character 58",
            "X",
        ),
    ],
)
def test_a_mistyped_slug_is_named_as_its_game_and_its_marked_text_shows_in_the_room_kept(
    qtbot, main_window, text, said, marked
):
    """A pentomino slug, or a FEN with its side to move, with one character mistyped: the
    message names the game, and it is short enough that the pasted text with the character
    marked shows below it, within the two lines the message keeps, in a window of the size
    it opens at."""
    pane = main_window.slug_pane
    main_window.resize(1100, 800)
    main_window.show()
    qtbot.waitExposed(main_window)
    assert not main_window.paste_text(text)
    shown = pane.error_text()
    assert said in shown
    assert _marked(shown) == marked
    label = pane.error_label
    assert label.heightForWidth(label.width()) <= label.height()


def test_the_error_room_follows_the_font(qtbot, main_window):
    """The error line keeps the room of two lines as the label lays them out in its font,
    whatever font the platform gives it: a larger font has a larger room, and a message with
    its marked text fits in it."""
    from PySide6.QtGui import QFont

    pane = main_window.slug_pane
    main_window.resize(2000, 800)  # room for the message's line in the larger font
    main_window.show()
    qtbot.waitExposed(main_window)
    label = pane.error_label
    before = label.height()
    font = QFont(pane.font())
    font.setPointSizeF(font.pointSizeF() * 1.6)
    pane.setFont(font)
    assert label.height() > 1.3 * before
    assert not main_window.paste_text("P5cF000I10!L006")
    assert _marked(pane.error_text()) == "!"
    assert label.heightForWidth(label.width()) <= label.height()

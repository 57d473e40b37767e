"""The window as a person uses it with letters: paste a letters.wiki link, give the day's
starting word, see the letters and the total; play turns with the mouse and the keys and
watch the slug grow; bad plays are flagged and refused."""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import importlib

import pytest
from PySide6.QtCore import QDate, QEvent, QPoint, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QGuiApplication, QImage, QMouseEvent, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QLineEdit

from conftest import load_vectors
from slugboard.codecs import letters
from slugboard.gui import letters as gui_letters
from slugboard.gui.render import render_image

VECTORS = load_vectors("letters")["vectors"]
V4_VECTORS = load_vectors("letters")["v4_vectors"]
RUNNELS = VECTORS[0]


def _page(window):
    return window.page("letters")


def _click(qtbot, widget, point):
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=QPoint(int(point.x()), int(point.y())))


def _click_square(qtbot, page, row, col):
    _click(qtbot, page.canvas, page.canvas.square_center(row, col))


def _click_slot(qtbot, page, slot):
    _click(qtbot, page.canvas, page.canvas.slot_center(slot))


def _give_start_word(qtbot, page, word):
    page.start_field.clear()
    qtbot.keyClicks(page.start_field, word)
    qtbot.keyClick(page.start_field, Qt.Key.Key_Return)


def _choose_format(qtbot, page, param):
    box = page.format_box
    box.setCurrentIndex(box.findData(param))
    box.activated.emit(box.currentIndex())


def _fresh_game(qtbot, window, date=dt.date(2025, 10, 5), word="RUNNELS", param="w"):
    """A new game of `date`; as a ?w= game (the 98-tile bag of the real games, whose racks
    the vectors give) unless `param` says V4."""
    page = _page(window)
    window.tabs.setCurrentWidget(page)
    page.date_edit.setDate(QDate(date.year, date.month, date.day))
    page.new_game_button.click()
    assert page.board.param == letters.V4  # a new game is dealt as the site deals today
    _give_start_word(qtbot, page, word)
    if param != letters.V4:
        _choose_format(qtbot, page, param)
    assert page.board.param == param
    return page


def _panel(page):
    """The score panel beside the board, as the canvas draws it: one line per row."""
    return "\n".join(f"{row.text} {row.right}".strip() for row in page.canvas.drawn().panel)


@pytest.mark.slow
def test_paste_link_then_give_start_word_shows_letters_and_total(qtbot, main_window):
    assert main_window.paste_text(RUNNELS["link"])
    page = _page(main_window)
    assert main_window.current_page() is page
    assert page.board.start_word is None
    assert main_window.slug_pane.slug_text() == RUNNELS["slug"]
    assert page.start_prompt.isVisibleTo(page)
    assert QApplication.focusWidget() is page.start_field  # the paste asks for the word at once
    assert "Give the starting word" in page.turn_label.text()
    assert "Starting word unknown" in _panel(page) and "Total ?" in _panel(page)

    _give_start_word(qtbot, page, "runnels")
    assert page.board.start_word == "RUNNELS"
    assert not page.start_prompt.isVisibleTo(page)
    game = letters.resolve(page.board)
    assert "".join(game.letters) == "EORPTNABWAR"
    assert list(game.turn_scores) == RUNNELS["turn_scores"]
    assert "Total 33" in _panel(page)
    assert "Turn 5 14\nWAR, WAR" in _panel(page)
    assert "Game over" in page.turn_label.text()
    # the slug keeps the link's own form and the word; the link keeps the link's form too,
    # which the site reads with its own starting word
    assert main_window.slug_pane.slug_text() == "g=" + RUNNELS["slug"] + "&s=RUNNELS"
    assert main_window.slug_pane.link_text() == RUNNELS["link"]
    # the word is remembered for the date: the next paste of that day resolves at once
    page.undo_stack.clear()
    main_window.paste_text(VECTORS[1]["link"])
    main_window.paste_text(RUNNELS["link"])
    assert page.board.start_word == "RUNNELS"


def test_bad_start_word_is_explained_and_changes_nothing(qtbot, main_window):
    main_window.paste_text(VECTORS[1]["link"])
    page = _page(main_window)
    _give_start_word(qtbot, page, "ZZ")
    assert page.board.start_word is None
    assert page.start_error.isVisibleTo(page)
    assert "the bag has 1" in page.start_error.text()


def test_each_real_link_shows_the_sites_total(qtbot, main_window):
    page = _page(main_window)
    for vector in VECTORS:
        main_window.paste_text(vector["link"])
        _give_start_word(qtbot, page, vector["start_word"])
        assert f"Total {vector['total']}" in _panel(page)
        game = letters.resolve(page.board)
        assert ["".join(t.rack) for t in game.turns] == [r["rack"] for r in vector["racks"]]
        for rack, score in zip(vector["racks"], vector["turn_scores"]):
            assert f"Turn {rack['turn']} {score}\n" in _panel(page)
        word = vector["start_word"]
        assert main_window.slug_pane.slug_text() == f"{vector['param']}={vector['slug']}&s={word}"


def test_play_a_turn_with_the_mouse(qtbot, main_window):
    page = _fresh_game(qtbot, main_window)
    assert page.canvas.rack == tuple("OPURREI")
    empty_slug = main_window.slug_pane.slug_text()
    # ROSE down column 7, through the S of RUNNELS
    for slot, square in ((3, (2, 7)), (0, (3, 7)), (5, (5, 7))):
        _click_slot(qtbot, page, slot)
        _click_square(qtbot, page, *square)
    assert page.canvas.placed_letters() == ((2, 7, "R"), (3, 7, "O"), (5, 7, "E"))
    assert "ROSE: <b>4</b>" in page.preview_label.text()
    assert page.submit_button.isEnabled()
    qtbot.mouseClick(page.submit_button, Qt.MouseButton.LeftButton)
    assert len(page.board.tiles) == 3
    slug = main_window.slug_pane.slug_text()
    assert slug != empty_slug and len(slug) > len(empty_slug)
    assert slug == letters.encode(page.board)
    assert letters.decode(slug).tiles == page.board.tiles
    assert "Total 4" in _panel(page)
    assert page.canvas.rack == tuple("PURIUNT")
    main_window.undo_action.trigger()
    assert page.board.tiles == ()
    assert main_window.slug_pane.slug_text() == empty_slug


def test_placing_more_tiles_than_a_link_holds_says_so_and_plays_nothing(qtbot, main_window):
    from test_codecs_letters import _four_full_turns

    board = _four_full_turns()
    main_window.paste_text(letters.share_url(board))
    page = _page(main_window)
    assert main_window.current_page() is page and page.board == board
    free = [(8, c) for c in range(9) if (8, c) not in {(t.row, t.col) for t in board.tiles}]
    for slot, square in enumerate(free[:4]):
        _click_slot(qtbot, page, slot)
        _click_square(qtbot, page, *square)
    assert len(page.canvas.pending) == 4
    assert "a letters link holds at most 31 tiles" in page.preview_label.text()
    assert not page.submit_button.isEnabled()
    page.submit_turn()  # Enter on the board: refused, with the reason
    assert page.board == board
    assert "at most 31 tiles" in main_window.statusBar().currentMessage()
    page.canvas.recall()
    _click_slot(qtbot, page, 0)
    _click_square(qtbot, page, *free[0])
    assert "at most 31 tiles" not in page.preview_label.text()


def test_drag_a_rack_tile_to_the_board(qtbot, main_window):
    page = _fresh_game(qtbot, main_window)
    start = page.canvas.slot_center(1)
    end = page.canvas.square_center(5, 2)
    qtbot.mousePress(page.canvas, Qt.MouseButton.LeftButton, pos=QPoint(int(start.x()), int(start.y())))
    move = QMouseEvent(
        QEvent.Type.MouseMove,
        end,
        page.canvas.mapToGlobal(end),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(page.canvas, move)
    assert page.canvas._drag_point == end  # the tile follows the pointer
    qtbot.mouseRelease(page.canvas, Qt.MouseButton.LeftButton, pos=QPoint(int(end.x()), int(end.y())))
    assert page.canvas._drag_point is None
    assert page.canvas.placed_letters() == ((5, 2, "P"),)
    assert "UP: <b>4</b>" in page.preview_label.text()
    # clicking the placed tile takes it back
    _click_square(qtbot, page, 5, 2)
    assert page.canvas.pending == []


@pytest.mark.slow
def test_the_rules_are_worked_out_once_a_change_and_a_repaint_only_draws(qtbot, main_window, monkeypatch):
    """The game's letters and scores, the board's problems and the panel are worked out when
    the board or the turn being placed changes, not while drawing: repaints, the pointer
    passing and a tile dragged over the board ask no rule again."""
    page = _fresh_game(qtbot, main_window)
    canvas = page.canvas
    asked = []
    for name in ("resolve", "problems", "occupied"):
        real = getattr(letters, name)
        monkeypatch.setattr(
            letters, name, lambda *a, _real=real, _name=name, **k: asked.append(_name) or _real(*a, **k)
        )
    canvas.repaint()
    first = list(asked)
    asked.clear()
    for _ in range(3):
        canvas.repaint()
    start, middle, end = canvas.slot_center(1), canvas.square_center(4, 4), canvas.square_center(5, 2)
    _press(qtbot, page, start)
    _move(qtbot, page, middle)
    canvas.repaint()
    _move(qtbot, page, end)
    canvas.repaint()
    assert asked == []  # only drawn
    _release(qtbot, page, end)
    assert canvas.placed_letters() == ((5, 2, "P"),)
    asked.clear()
    canvas.repaint()
    canvas.repaint()
    assert 0 < asked.count("resolve") <= first.count("resolve") + 1  # the new turn's, once
    assert "Turn 1 (placing) 4" in _panel(page)


def _at(point):
    return QPoint(int(point.x()), int(point.y()))


def _press(qtbot, page, point):
    qtbot.mousePress(page.canvas, Qt.MouseButton.LeftButton, pos=_at(point))


def _move(qtbot, page, point):
    qtbot.mouseMove(page.canvas, pos=_at(point))


def _release(qtbot, page, point):
    qtbot.mouseRelease(page.canvas, Qt.MouseButton.LeftButton, pos=_at(point))


def _drag(qtbot, page, start, end):
    """Press at `start`, move through the middle of the way to `end`, release there."""
    _press(qtbot, page, start)
    _move(qtbot, page, (start + end) / 2)
    _move(qtbot, page, end)
    _release(qtbot, page, end)


def _drag_square(qtbot, page, start, end):
    canvas = page.canvas
    _drag(qtbot, page, canvas.square_center(*start), canvas.square_center(*end))


def _flagged(page):
    """The squares the board outlines in red for the turn being placed."""
    return {cell for p in page.canvas.preview[2] for cell in p.cells}


def test_drag_a_placed_tile_to_another_square(qtbot, main_window):
    page = _fresh_game(qtbot, main_window)
    before = page.board
    for slot, square in ((3, (2, 7)), (0, (3, 7)), (5, (5, 8))):  # R, O, and E out of line
        _click_slot(qtbot, page, slot)
        _click_square(qtbot, page, *square)
    assert "<s>ROS</s>" in page.preview_label.text()
    assert "the tiles are not in one row or column" in page.preview_label.text()
    assert not page.submit_button.isEnabled()

    _drag_square(qtbot, page, (5, 8), (5, 7))  # E under the S: ROSE
    assert page.canvas.pending == [(2, 7, 3), (3, 7, 0), (5, 7, 5)]
    assert page.canvas.placed_letters() == ((2, 7, "R"), (3, 7, "O"), (5, 7, "E"))
    assert page.preview_label.text() == "ROSE: <b>4</b>"
    assert _flagged(page) == set()
    assert page.submit_button.isEnabled()

    # onto a filled square, this turn's or the board's, a tile stays where it was
    for filled in ((3, 7), (4, 3)):
        _drag_square(qtbot, page, (2, 7), filled)
        assert page.canvas.placed_letters() == ((2, 7, "R"), (3, 7, "O"), (5, 7, "E"))
    # dropped back on its own square after a trip it stays too: only a click takes it back
    canvas = page.canvas
    _press(qtbot, page, canvas.square_center(2, 7))
    _move(qtbot, page, canvas.square_center(1, 7))
    _move(qtbot, page, canvas.square_center(2, 7))
    _release(qtbot, page, canvas.square_center(2, 7))
    assert page.canvas.placed_letters() == ((2, 7, "R"), (3, 7, "O"), (5, 7, "E"))

    _drag_square(qtbot, page, (2, 7), (6, 7))  # R to the bottom: OSER
    assert page.canvas.placed_letters() == ((6, 7, "R"), (3, 7, "O"), (5, 7, "E"))
    assert "<s>OSER</s>" in page.preview_label.text()
    assert "OSER is not in the word list" in page.preview_label.text()
    assert _flagged(page) == {(3, 7), (4, 7), (5, 7), (6, 7)}
    assert not page.submit_button.isEnabled()
    qtbot.keyClick(page.canvas, Qt.Key.Key_Return)
    assert page.board.tiles == ()  # refused

    _drag_square(qtbot, page, (6, 7), (2, 7))
    assert page.preview_label.text() == "ROSE: <b>4</b>"
    qtbot.mouseClick(page.submit_button, Qt.MouseButton.LeftButton)
    assert [(t.row, t.col, t.turn) for t in page.board.tiles] == [(2, 7, 1), (3, 7, 1), (5, 7, 1)]
    # the same slug as placing the tiles there at once: a moved tile keeps its place in the turn
    expected = letters.play_turn(before, ((2, 7, "R"), (3, 7, "O"), (5, 7, "E")))
    assert page.board == expected
    assert main_window.slug_pane.slug_text() == letters.encode(expected)
    assert letters.decode(main_window.slug_pane.slug_text()).tiles == expected.tiles
    assert "Total 4" in _panel(page)
    assert page.canvas.pending == []


def test_drag_a_placed_tile_off_the_board_or_onto_the_rack(qtbot, main_window):
    page = _fresh_game(qtbot, main_window)
    canvas = page.canvas
    empty_slug = main_window.slug_pane.slug_text()
    layout = canvas.board_layout()
    beside = QPointF(layout.board.right() + layout.cell, layout.board.center().y())  # over the score panel
    below = QPointF(layout.board.left() + 2, layout.rack_slots[0].bottom() + 6)  # under the board
    outside = QPointF(canvas.width() + 40, 30)  # off the canvas
    for away in (canvas.slot_center(1), canvas.slot_center(5), beside, below, outside):
        _click_slot(qtbot, page, 1)  # P beside the U: UP
        _click_square(qtbot, page, 5, 2)
        assert page.canvas.placed_letters() == ((5, 2, "P"),)
        assert "UP: <b>4</b>" in page.preview_label.text()
        _drag(qtbot, page, canvas.square_center(5, 2), away)
        assert canvas.pending == [], away
        assert canvas.drag() is None
        assert page.preview_label.text() == ""
        assert not page.submit_button.isEnabled()
    # a click still takes a tile back, even when the hand shakes a little
    _click_slot(qtbot, page, 1)
    _click_square(qtbot, page, 5, 2)
    centre = canvas.square_center(5, 2)
    _press(qtbot, page, centre)
    _move(qtbot, page, centre + QPointF(1, 1))
    _release(qtbot, page, centre + QPointF(1, 1))
    assert canvas.pending == []
    assert main_window.slug_pane.slug_text() == empty_slug
    # the rack tile went home: it plays from its slot again
    _drag(qtbot, page, canvas.slot_center(1), canvas.square_center(5, 2))
    assert canvas.placed_letters() == ((5, 2, "P"),)
    assert page.preview_label.text() == "UP: <b>4</b>"


def test_the_tile_in_the_hand_is_drawn_under_the_pointer(qtbot, main_window):
    page = _fresh_game(qtbot, main_window)
    canvas = page.canvas
    _click_slot(qtbot, page, 3)
    _click_square(qtbot, page, 3, 7)  # R above the S
    origin, target = canvas.square_center(3, 7), canvas.square_center(6, 7)
    _move(qtbot, page, origin)
    assert canvas.cursor().shape() == Qt.CursorShape.OpenHandCursor  # it can be picked up
    _press(qtbot, page, origin)
    assert canvas.drag() is None  # a press alone may still be a click
    _move(qtbot, page, target)
    held = canvas.drag()
    assert held is not None and (held.slot, held.origin, held.point) == (3, (3, 7), QPointF(_at(target)))
    assert canvas.pending == [(3, 7, 3)]  # nothing changes until the drop
    assert canvas.cursor().shape() == Qt.CursorShape.ClosedHandCursor
    image = canvas.grab().toImage()
    base = canvas.palette().color(QPalette.ColorRole.Base)
    # its square is empty while it is in the hand, and the ghost is where the pointer is
    assert image.pixelColor(_at(origin)) == base
    assert image.pixelColor(_at(target)) != base
    assert image.pixelColor(_at(target + QPointF(canvas.board_layout().cell * 0.3, 0))) != base
    # Escape drops it back where it was, and the release does nothing more
    qtbot.keyClick(canvas, Qt.Key.Key_Escape)
    assert canvas.drag() is None
    _release(qtbot, page, target)
    assert canvas.placed_letters() == ((3, 7, "R"),)
    assert canvas.grab().toImage().pixelColor(_at(origin)) != base
    _move(qtbot, page, canvas.square_center(0, 0))
    assert canvas.cursor().shape() == Qt.CursorShape.ArrowCursor


def test_a_rack_tile_in_the_hand_leaves_its_slot_empty(qtbot, main_window):
    page = _fresh_game(qtbot, main_window)
    canvas = page.canvas
    slot = canvas.board_layout().rack_slots[1]
    face = _at(slot.topLeft() + QPointF(slot.width() * 0.25, slot.height() * 0.2))  # tile, not letter
    assert canvas.grab().toImage().pixelColor(face) == gui_letters.TILE
    _press(qtbot, page, slot.center())
    _move(qtbot, page, canvas.square_center(7, 7))
    assert canvas.grab().toImage().pixelColor(face) != gui_letters.TILE
    _release(qtbot, page, canvas.square_center(7, 7))
    assert canvas.placed_letters() == ((7, 7, "P"),)


def test_type_a_word_and_press_enter(qtbot, main_window):
    page = _fresh_game(qtbot, main_window)
    _click_square(qtbot, page, 2, 7)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Space)  # type downwards
    qtbot.keyClicks(page.canvas, "roe")  # skips over the S already on the board
    assert page.canvas.placed_letters() == ((2, 7, "R"), (3, 7, "O"), (5, 7, "E"))
    qtbot.keyClick(page.canvas, Qt.Key.Key_Backspace)
    assert page.canvas.placed_letters() == ((2, 7, "R"), (3, 7, "O"))
    qtbot.keyClick(page.canvas, Qt.Key.Key_E)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Return)
    assert [(t.row, t.col, t.turn) for t in page.board.tiles] == [(2, 7, 1), (3, 7, 1), (5, 7, 1)]
    assert main_window.slug_pane.link_text().startswith("https://letters.wiki/?w=")
    _choose_format(qtbot, page, letters.V4)
    assert letters.decode(main_window.slug_pane.link_text()).start_word == "RUNNELS"


def test_invalid_word_is_flagged_and_not_played(qtbot, main_window):
    page = _fresh_game(qtbot, main_window)
    _click_slot(qtbot, page, 1)  # P
    _click_square(qtbot, page, 5, 2)
    _click_slot(qtbot, page, 2)  # U
    _click_square(qtbot, page, 5, 3)
    assert "<s>PU</s>" in page.preview_label.text()
    assert "PU is not in the word list" in page.preview_label.text()
    assert not page.submit_button.isEnabled()
    qtbot.keyClick(page.canvas, Qt.Key.Key_Return)
    assert page.board.tiles == ()
    qtbot.keyClick(page.canvas, Qt.Key.Key_Escape)
    assert page.canvas.pending == []


@pytest.mark.slow
def test_play_five_turns_and_share(qtbot, main_window):
    page = _fresh_game(qtbot, main_window, dt.date(2025, 10, 20), "GRANDPA")
    plays = [
        [(0, 5, "A"), (1, 5, "V"), (2, 5, "O"), (3, 5, "I")],
        [(0, 4, "H"), (0, 6, "L"), (0, 7, "E"), (0, 8, "D")],
        [(4, 8, "S"), (5, 8, "P"), (6, 8, "O"), (7, 8, "I"), (8, 8, "L")],
        [(5, 1, "A"), (6, 1, "I"), (7, 1, "N")],
        [(6, 0, "B"), (6, 2, "Z")],
    ]
    for play in plays:
        for row, col, letter in play:
            _click_square(qtbot, page, row, col)
            qtbot.keyClicks(page.canvas, letter.lower())
        qtbot.mouseClick(page.submit_button, Qt.MouseButton.LeftButton)
    assert "Total 146" in _panel(page)
    assert "Game over" in page.turn_label.text()
    assert page.canvas.rack is None
    _choose_format(qtbot, page, letters.V4)
    link = main_window.slug_pane.link_text()
    assert link == V4_VECTORS[1]["link"]  # the very link the site's encoder writes for this game
    again = letters.decode(link)
    assert letters.resolve(again).total == 146


def test_copy_link_of_a_g_or_w_game_written_as_v4_is_the_sites_own_v4_link(qtbot, main_window):
    # A V4 link holds the date, the starting word, the tile count and the tiles, nothing
    # that says which bag the game was dealt from (formats/letters.md): Copy link of a game
    # opened from a ?g= or ?w= link and written as V4 gives the very link the site's V4
    # encoder writes for it.
    page = _page(main_window)
    for vector in V4_VECTORS[:3]:
        old = next(v for v in VECTORS if v["link"] == vector["same_game_as"])
        main_window.paste_text(old["link"])
        _give_start_word(qtbot, page, old["start_word"])
        assert page.board.param == old["param"]
        _choose_format(qtbot, page, letters.V4)
        main_window.slug_pane.copy_link_button.click()
        clipboard = QGuiApplication.clipboard()
        assert clipboard.text() == vector["link"]
        assert [url.toString() for url in clipboard.mimeData().urls()] == [vector["link"]]


def test_date_change_picks_a_starting_word(qtbot, main_window):
    page = _page(main_window)
    main_window.tabs.setCurrentWidget(page)
    page.new_game_button.click()
    page.date_edit.setDate(QDate(2031, 2, 3))
    assert page.board.date == dt.date(2031, 2, 3)
    assert page.board.start_word == letters.default_start_word(dt.date(2031, 2, 3))
    _give_start_word(qtbot, page, "PLANET")
    page.date_edit.setDate(QDate(2031, 2, 4))
    page.date_edit.setDate(QDate(2031, 2, 3))
    assert page.board.start_word == "PLANET"


def test_another_day_on_a_game_with_tiles_waits_for_new_game(qtbot, main_window):
    link = "https://letters.wiki/?_=IOHjRrSLktoIURxMoleemSbQGs4BDYMJrUoBSqNA"
    main_window.paste_text(link)
    page = _page(main_window)
    board = page.board
    assert board.is_v4 and board.start_word == "RUNNELS" and len(board.tiles) == 11
    page.date_edit.setFocus()
    qtbot.keyClick(page.date_edit, Qt.Key.Key_Up)  # one step, as a wheel notch makes
    assert page.date_edit.date() != QDate(2025, 10, 5)
    assert page.board == board  # the game keeps its day, its tiles and its word
    assert "New game plays" in page.day_note.text()
    chosen = page.date_edit.date().toPython()
    page.new_game_button.click()
    assert page.board.date == chosen and page.board.tiles == ()
    assert page.day_note.text() == ""
    main_window.undo_action.trigger()
    assert page.board == board


def test_a_typed_date_is_the_day(qtbot, main_window):
    page = _fresh_game(qtbot, main_window)
    edit = page.date_edit
    text = edit.findChild(QLineEdit)
    metrics = text.fontMetrics()
    # a click on the day's digits, then the new day typed over them
    day = QPoint(text.contentsRect().left() + 2 + metrics.horizontalAdvance("2025-10-0"), text.height() // 2)
    qtbot.mouseClick(text, Qt.MouseButton.LeftButton, pos=day)
    qtbot.keyClicks(text, "12")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert page.board.date == dt.date(2025, 10, 12)
    assert page.board.tiles == ()


def _click_the_day(qtbot, page):
    """A click on the day's digits of the date field, which selects them."""
    text = page.date_edit.findChild(QLineEdit)
    day = QPoint(
        text.contentsRect().left() + 2 + text.fontMetrics().horizontalAdvance(text.text()[:-1]), text.height() // 2
    )
    qtbot.mouseClick(text, Qt.MouseButton.LeftButton, pos=day)
    return text


def test_a_typed_date_counts_as_soon_as_it_is_whole(qtbot, main_window):
    page = _fresh_game(qtbot, main_window)
    text = _click_the_day(qtbot, page)
    qtbot.keyClicks(text, "1")
    assert text.text() == "2025-10-1" and page.board.date == dt.date(2025, 10, 5)  # not a whole date yet
    qtbot.keyClicks(text, "2")
    assert page.board.date == dt.date(2025, 10, 12) and page.board.tiles == ()  # no Enter needed
    assert page.board.start_word == letters.default_start_word(dt.date(2025, 10, 12))
    # the typing goes on where it was: the field keeps its focus, its text and its cursor
    assert text.hasFocus() and text.text() == "2025-10-12" and text.cursorPosition() == len("2025-10-12")
    qtbot.keyClick(text, Qt.Key.Key_Backspace)
    assert page.board.date == dt.date(2025, 10, 12)
    qtbot.keyClicks(text, "9")
    assert page.board.date == dt.date(2025, 10, 19)
    qtbot.keyClick(page.date_edit, Qt.Key.Key_Return)
    assert page.board.date == dt.date(2025, 10, 19)
    main_window.undo_action.trigger()  # the days typed are one step
    assert page.board.date == dt.date(2025, 10, 5)


def test_a_day_typed_whole_on_a_game_with_tiles_is_the_one_new_game_deals(qtbot, main_window):
    main_window.paste_text("https://letters.wiki/?_=IOHjRrSLktoIURxMoleemSbQGs4BDYMJrUoBSqNA")
    page = _page(main_window)
    board = page.board
    assert board.date == dt.date(2025, 10, 5) and board.tiles
    text = _click_the_day(qtbot, page)
    qtbot.keyClicks(text, "07")
    assert page.board == board and "New game plays 2025-10-07" in page.day_note.text()
    page.new_game_button.click()  # takes no focus: the field is still being typed in
    assert page.board.date == dt.date(2025, 10, 7) and page.board.tiles == ()


def test_copy_link_writes_the_chosen_link_format(qtbot, main_window):
    main_window.paste_text(V4_VECTORS[0]["link"])
    page = _page(main_window)
    assert main_window.slug_pane.slug_text() == "_=" + V4_VECTORS[0]["slug"]
    _choose_format(qtbot, page, "g")
    assert main_window.slug_pane.link_text() == RUNNELS["link"]
    main_window.slug_pane.copy_link_button.click()
    assert QGuiApplication.clipboard().text() == RUNNELS["link"]
    _choose_format(qtbot, page, letters.V4)
    assert main_window.slug_pane.link_text() == V4_VECTORS[0]["link"]


def test_the_blank_chooser_leaves_the_square_in_sight():
    from PySide6.QtCore import QRect

    screen = QRect(0, 0, 1000, 800)
    size = QSize(220, 160)
    for square in (QRect(100, 100, 40, 40), QRect(950, 100, 40, 40), QRect(500, 760, 40, 40), QRect(0, 0, 40, 40)):
        at = gui_letters.canvas.beside(square, size, screen)
        popup = QRect(at, size)
        assert screen.contains(popup) and not popup.intersects(square), (square, popup)


def test_paint_draws_a_finished_game(qtbot):
    board = letters.decode(VECTORS[1]["link"] + "&s=GRANDPA")
    image = render_image("letters", board)
    assert image.size() == QSize(880, 620)
    # the square at (0, 0) is a triple word square: its red shows at its centre when empty
    layout = gui_letters.Layout(QRectF(0, 0, 880, 620), False)
    corner = layout.square(0, 0).center()
    assert (
        image.pixelColor(int(corner.x()) - int(layout.cell * 0.3), int(corner.y()) - int(layout.cell * 0.3))
        == gui_letters.PREMIUM_FILL[letters.TW]
    )
    # with a rack and pending tiles too, at any size
    for size in (QSize(300, 200), QSize(1600, 900)):
        image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
        painter = QPainter(image)
        gui_letters.paint(
            painter,
            QRectF(0, 0, size.width(), size.height()),
            board.with_start_word(None),
            main_window_palette(),
            rack=tuple("ABCDEFG"),
            pending=((0, 0, 1),),
            selected_slot=2,
            selected_square=(3, 3),
        )
        # a tile in the hand, lifted from the board, over the board and off it
        for point in (QPointF(size.width() / 4, size.height() / 3), QPointF(size.width() - 5, size.height() - 5)):
            gui_letters.paint(
                painter,
                QRectF(0, 0, size.width(), size.height()),
                board,
                main_window_palette(),
                rack=tuple("ABCDEFG"),
                pending=((0, 0, 1),),
                drag=gui_letters.Drag(1, (0, 0), point),
            )
        painter.end()


def main_window_palette():
    from PySide6.QtGui import QGuiApplication

    return QGuiApplication.palette()


@pytest.mark.slow
def test_many_repaints_keep_the_interpreter_alive(qtbot, main_window):
    # Each repaint makes hundreds of void binding calls; with PySide6 6.12 on Python 3.11
    # these used to drain None's reference count until the interpreter aborted.
    main_window.paste_text(VECTORS[1]["link"] + "&s=GRANDPA")
    page = _page(main_window)
    for _ in range(150):
        page.canvas.repaint()
    assert letters.resolve(page.board).total == 146


def test_date_typed_digit_by_digit_is_one_undo_step(qtbot, main_window):
    page = _fresh_game(qtbot, main_window)
    before = page.board
    for day in (6, 7, 8):
        page.date_edit.setDate(QDate(2025, 10, day))
    assert page.board.date == dt.date(2025, 10, 8)
    main_window.undo_action.trigger()
    assert page.board == before


def test_wrong_start_word_is_hinted(qtbot, main_window):
    main_window.paste_text(RUNNELS["link"])
    page = _page(main_window)
    _give_start_word(qtbot, page, "SAILING")
    assert "not in the word list" in page.problems_label.text()
    assert "starting word is not that day's" in page.problems_label.text()


@pytest.mark.slow
def test_wrong_start_word_says_why_and_is_not_remembered(qtbot, main_window):
    vector = VECTORS[2]
    main_window.paste_text(vector["link"])
    page = _page(main_window)
    _give_start_word(qtbot, page, "sailing")
    assert page.board.start_word == "SAILING"  # shown, so the person sees what it makes
    assert page.start_error.isVisibleTo(page)
    assert page.start_error.text() == (
        "With SAILING, 8 of the words it makes are not in the word list (WSWOLP, RNEMOE, RNDG, RD, …): it is "
        "probably not the starting word of 2025-11-22. Check the word in the middle row of that day's game."
    )
    assert QApplication.focusWidget() is page.start_field
    assert page.remembered_start_word(dt.date(2025, 11, 22)) is None
    _give_start_word(qtbot, page, "inmat")  # a typo: not a word at all
    assert page.start_error.text() == (
        "INMAT is not in the word list, and the site's starting words all are; with INMAT, 8 of the words it "
        "makes are not in the word list (YXNIO, NTEGGE, WOD, ND, …): it is probably not the starting word of "
        "2025-11-22. Check the word in the middle row of that day's game."
    )
    assert page.remembered_start_word(dt.date(2025, 11, 22)) is None
    _give_start_word(qtbot, page, "inmate")
    assert not page.start_error.isVisibleTo(page)
    assert page.remembered_start_word(dt.date(2025, 11, 22)) == "INMATE"
    assert "Total 132" in _panel(page)


@pytest.mark.slow
def test_bare_slug_of_a_w_link_offers_the_other_rack_order(qtbot, main_window):
    vector = VECTORS[2]
    page = _page(main_window)
    main_window.paste_text(vector["link"])
    _give_start_word(qtbot, page, "INMATE")
    main_window.paste_text(vector["slug"])  # a bare slug reads as ?g=
    assert page.board.param == "g" and page.board.start_word == "INMATE"
    assert page.start_error.text() == (
        "With INMATE, these tiles make words from the list only when their rack positions count the ?w= way: "
        "was this a bare slug copied from a ?w= link? Use the button below, or paste the whole link."
    )
    assert page.param_button.isVisibleTo(page)
    assert page.param_button.text() == "Read as a ?w= link"
    assert "was this a bare slug from such a link?" in page.problems_label.text()
    qtbot.mouseClick(page.param_button, Qt.MouseButton.LeftButton)
    assert page.board == letters.decode(vector["link"]).with_start_word("INMATE")
    assert not page.param_button.isVisibleTo(page)
    assert not page.start_error.isVisibleTo(page)
    assert "Total 132" in _panel(page)
    assert main_window.slug_pane.slug_text() == "w=" + vector["slug"] + "&s=INMATE"
    main_window.undo_action.trigger()
    assert page.board.param == "g"


@pytest.mark.slow
def test_a_links_start_word_does_not_replace_one_the_person_gave(qtbot, main_window):
    page = _page(main_window)
    main_window.paste_text(RUNNELS["link"])
    _give_start_word(qtbot, page, "RUNNELS")
    # an empty game of that day played here with another word: its s= is shown, not remembered
    other = letters.share_url(letters.Board(dt.date(2025, 10, 5), (), letters.V4, "TIARA"))
    main_window.paste_text(other)
    assert page.board.start_word == "TIARA"
    assert page.remembered_start_word(dt.date(2025, 10, 5)) == "RUNNELS"
    # a day without a word of the person's keeps the link's word
    main_window.paste_text(VECTORS[1]["link"] + "&s=grandpa")
    assert page.remembered_start_word(dt.date(2025, 10, 20)) == "GRANDPA"


@pytest.mark.slow
def test_own_default_word_is_labelled_as_ours(qtbot, main_window):
    page = _page(main_window)
    main_window.tabs.setCurrentWidget(page)
    page.date_edit.setDate(QDate(2031, 2, 3))
    page.new_game_button.click()
    assert page.board.start_word == letters.default_start_word(dt.date(2031, 2, 3))
    assert page.start_note.isVisibleTo(page)
    assert "Slugboard's own word for this day" in page.start_note.text()
    _give_start_word(qtbot, page, "PLANET")
    assert not page.start_note.isVisibleTo(page)


def test_panel_labels_show_every_line(qtbot, main_window):
    main_window.paste_text(VECTORS[2]["link"] + "&s=SAILING")
    page = _page(main_window)
    QApplication.processEvents()
    label = page.problems_label
    assert label.text().count("<br>") == 8
    assert label.height() >= label.heightForWidth(label.width()) > 0


def test_score_panel_fits_a_short_canvas():
    for w, h in ((420, 300), (700, 360), (1600, 900)):
        layout = gui_letters.Layout(QRectF(0, 0, w, h), True)
        assert layout.panel.bottom() <= h
        assert gui_letters.panel_line_height(layout.panel) * gui_letters.PANEL_LINES <= layout.panel.height()


def test_a_tall_narrow_picture_puts_the_panel_under_a_larger_board():
    for w, h in ((540, 960), (200, 1000), (300, 700)):
        layout = gui_letters.Layout(QRectF(0, 0, w, h), True)
        g = importlib.import_module("slugboard.gui.letters.paint")  # the module, not its paint()
        beside = min((h - 2 * g.MARGIN) / (g.SIZE + g.RACK_ROWS), (w - g.PANEL_MIN - 4 * g.MARGIN) / g.SIZE)
        assert layout.stacked and layout.cell > 1.25 * beside
        assert layout.board.left() >= 0 and layout.board.right() <= w
        assert layout.panel.top() >= max(r.bottom() for r in layout.rack_slots)  # under the rack
        assert layout.panel.bottom() <= h and layout.panel.width() == layout.board.width()
        assert gui_letters.panel_line_height(layout.panel) * gui_letters.PANEL_LINES <= layout.panel.height()
    for w, h in ((880, 620), (400, 400), (1600, 900)):
        assert not gui_letters.Layout(QRectF(0, 0, w, h), True).stacked


def test_game_over_leaves_no_square_selected(qtbot, main_window):
    page = _fresh_game(qtbot, main_window, dt.date(2025, 10, 20), "GRANDPA")
    _click_square(qtbot, page, 6, 3)
    assert page.canvas.selected_square == (6, 3)
    main_window.paste_text(VECTORS[1]["link"])
    assert page.canvas.rack is None and page.canvas.selected_square is None
    _click_square(qtbot, page, 6, 3)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Left)
    assert page.canvas.selected_square is None


def test_a_link_whose_start_word_does_not_fit_says_so(qtbot, main_window):
    page = _page(main_window)
    main_window.paste_text(RUNNELS["link"] + "&s=SAILING")
    assert page.board.start_word == "SAILING"
    assert page.start_error.isVisibleTo(page)
    assert page.start_error.text().startswith("With SAILING, ")
    assert page.start_error.text().endswith(
        "it is probably not the starting word of 2025-10-05. Check the word in the middle row of that day's game."
    )
    assert QApplication.focusWidget() is page.start_field
    assert page.remembered_start_word(dt.date(2025, 10, 5)) is None
    main_window.paste_text(RUNNELS["link"] + "&s=RUNNELS")
    assert not page.start_error.isVisibleTo(page)
    assert page.remembered_start_word(dt.date(2025, 10, 5)) == "RUNNELS"


def test_ctrl_z_takes_back_unplayed_tiles_then_undoes_turns(qtbot, main_window):
    page = _fresh_game(qtbot, main_window)
    for slot, square in ((3, (2, 7)), (0, (3, 7)), (5, (5, 7))):
        _click_slot(qtbot, page, slot)
        _click_square(qtbot, page, *square)
    qtbot.mouseClick(page.submit_button, Qt.MouseButton.LeftButton)  # turn 1: ROSE
    played = page.board
    _click_slot(qtbot, page, 0)
    _click_square(qtbot, page, 5, 2)
    _click_slot(qtbot, page, 1)
    _click_square(qtbot, page, 6, 2)
    assert len(page.canvas.pending) == 2
    page.canvas.setFocus()
    qtbot.keyClick(page.canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert [(r, c) for r, c, _ in page.canvas.pending] == [(5, 2)]  # the last tile went back
    assert page.board == played  # the played turn stays
    qtbot.keyClick(page.canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert page.canvas.pending == [] and page.board == played
    qtbot.keyClick(page.canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # now the window's Undo
    assert page.board.tiles == ()


# --- V4 links, blanks, the link format and a page that stays put ----------------------


def test_a_v4_link_opens_the_game_with_no_prompt(qtbot, main_window):
    vector = V4_VECTORS[0]
    assert main_window.paste_text(vector["link"])
    page = _page(main_window)
    assert page.board.param == letters.V4 and page.board.start_word == "RUNNELS"
    assert not page.start_prompt.isVisibleTo(page)
    assert page.start_field.text() == "RUNNELS"
    # The site wrote this 2025-10-05 game (the ?g= vector's) as V4: its tiles fit only that
    # day's draw from the 98-tile bag, the bag it was dealt from, as its ?g= link says.
    assert "Total 33" in _panel(page) and "98-tile bag, no blanks" in _panel(page)
    assert page.format_box.currentData() == letters.V4
    assert main_window.slug_pane.slug_text() == "_=" + vector["slug"]
    assert main_window.slug_pane.link_text() == vector["link"]
    assert QApplication.focusWidget() is page.canvas  # nothing to ask


def test_a_blank_is_drawn_lighter_with_no_value(qtbot, main_window):
    main_window.paste_text(V4_VECTORS[3]["link"])  # QUARTZ, with a blank A at (5, 4)
    page = _page(main_window)
    canvas = page.canvas
    square = canvas.board_layout().square(5, 4)
    image = canvas.grab().toImage()

    def ink(colour_test):
        return sum(
            colour_test(image.pixelColor(int(square.left() + x), int(square.top() + y)))
            for x in range(int(square.width()))
            for y in range(int(square.height()))
        )

    dark = ink(lambda c: c.red() < 80 and c.green() < 70)
    light = ink(
        lambda c: (
            abs(c.red() - gui_letters.BLANK_TEXT.red()) < 25 and abs(c.blue() - gui_letters.BLANK_TEXT.blue()) < 25
        )
    )
    assert dark == 0 and light > 20  # the letter in the blank's colour, and no dark value digit
    assert "Turn 1 9\nRAX" in _panel(page)


def test_play_a_blank_by_typing_a_letter_the_rack_lacks(qtbot, main_window):
    page = _fresh_game(qtbot, main_window, dt.date(2025, 10, 2), "RUNNELS", param=letters.V4)
    assert page.canvas.rack == tuple("TVHMS_D")
    assert "100-tile bag, 2 blanks" in _panel(page)
    _click_square(qtbot, page, 3, 3)
    qtbot.keyClick(page.canvas, Qt.Key.Key_O)  # no O on the rack: the blank stands for it
    assert page.canvas.placed_letters() == ((3, 3, "o"),)
    assert "ON: <b>1</b>" in page.preview_label.text()
    qtbot.keyClick(page.canvas, Qt.Key.Key_Return)
    assert page.board.tiles == (letters.Tile(3, 3, 0, 1, "O", True),)
    assert "Turn 1 1\nON" in _panel(page)
    assert letters.decode(main_window.slug_pane.slug_text()) == page.board


@pytest.mark.slow
def test_play_a_blank_with_the_mouse_and_the_letter_chooser(qtbot, main_window):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QLabel, QToolButton

    page = _fresh_game(qtbot, main_window, dt.date(2025, 10, 2), "RUNNELS", param=letters.V4)
    blank = page.canvas.rack.index("_")
    chosen, seen = [], []

    def choose(letter):
        popup = QApplication.activePopupWidget()
        chosen.append(popup is not None and popup.objectName())
        square = page.canvas.board_layout().square(3, 3).toAlignedRect()
        square.moveTopLeft(page.canvas.mapToGlobal(square.topLeft()))
        title = popup.findChild(QLabel, "blankChooserTitle")
        # the square being filled stays in sight, and the popup says what it asks
        seen.append((popup.frameGeometry().intersects(square), title.text() if title else None))
        popup.findChild(QToolButton, f"blank{letter}").click()

    QTimer.singleShot(50, lambda: choose("O"))
    _click_slot(qtbot, page, blank)
    _click_square(qtbot, page, 3, 3)
    assert chosen == ["blankChooser"]
    assert seen == [(False, "The blank stands for:")]
    assert page.canvas.placed_letters() == ((3, 3, "o"),)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Backspace)  # back to the rack
    assert page.canvas.pending == []
    # Escape in the chooser leaves the blank on the rack.
    QTimer.singleShot(50, lambda: qtbot.keyClick(QApplication.activePopupWidget(), Qt.Key.Key_Escape))
    _click_slot(qtbot, page, blank)
    _click_square(qtbot, page, 3, 3)
    assert page.canvas.pending == []


def test_the_link_format_choice_writes_the_same_game_another_way(qtbot, main_window):
    main_window.paste_text(RUNNELS["link"])
    page = _page(main_window)
    _give_start_word(qtbot, page, "RUNNELS")
    assert page.format_box.currentData() == "g"
    _choose_format(qtbot, page, letters.V4)
    assert page.board == letters.decode(V4_VECTORS[0]["link"])
    assert main_window.slug_pane.slug_text() == "_=" + V4_VECTORS[0]["slug"]
    _choose_format(qtbot, page, "w")
    assert page.board.param == "w" and letters.resolve(page.board).total == 33
    main_window.undo_action.trigger()
    main_window.undo_action.trigger()
    assert page.board.param == "g"
    # A game with blanks cannot be written with rack positions: those choices are greyed and say why.
    main_window.paste_text(V4_VECTORS[3]["link"])
    model = page.format_box.model()
    for param in ("g", "w"):
        item = model.item(page.format_box.findData(param))
        assert not item.isEnabled() and "blank" in item.toolTip()


@pytest.mark.slow
def test_the_board_stays_put_between_a_game_in_play_and_a_finished_one(qtbot, main_window):
    main_window.resize(1120, 840)
    page = _fresh_game(qtbot, main_window)
    canvas = page.canvas
    assert canvas.rack is not None
    playing = canvas.board_layout().board
    main_window.paste_text(V4_VECTORS[0]["link"])  # five turns played: no rack
    assert canvas.rack is None
    assert canvas.board_layout().board == playing


def test_at_800_by_600_the_board_gets_the_space(qtbot, main_window):
    main_window.resize(800, 600)
    main_window.paste_text(V4_VECTORS[1]["link"])
    page = _page(main_window)
    qtbot.waitUntil(lambda: page.canvas.width() < 700)
    layout = page.canvas.board_layout()
    assert layout.board.width() >= 0.6 * page.canvas.width()
    assert layout.panel.width() >= gui_letters.PANEL_MIN - 1
    assert layout.board.bottom() + layout.cell < page.canvas.height()  # the rack's row fits below


@pytest.mark.slow
def test_a_v4_link_with_a_word_off_the_list_does_not_doubt_its_own_starting_word(qtbot, main_window):
    main_window.paste_text(V4_VECTORS[3]["link"])  # QUARTZ; its ZU is not in the word list
    page = _page(main_window)
    assert not page.start_error.isVisibleTo(page)
    assert "ZU is not in the word list" in page.problems_label.text()
    assert "starting word is not that day's" not in page.problems_label.text()
    assert QApplication.focusWidget() is page.canvas


@pytest.mark.slow
def test_writing_a_g_game_as_v4_keeps_its_racks_and_its_bag(qtbot, main_window):
    # The 2025-10-05 game after three turns, pasted as a ?g= link: its day's bag held 98
    # tiles, and written as ?_= (which names no bag) it is still that game.
    full = letters.decode(RUNNELS["link"])
    partial = dataclasses.replace(full, tiles=tuple(t for t in full.tiles if t.turn <= 3))
    assert main_window.paste_text(f"https://letters.wiki/?g={letters.slug_body(partial)}")
    page = _page(main_window)
    _give_start_word(qtbot, page, "RUNNELS")
    assert page.canvas.rack == tuple("URIUAWB")  # the vector's turn 4 rack
    turn = page.turn_label.text()
    assert turn == "Turn 4 of 5. Rack: U R I U A W B"
    assert "98-tile bag, no blanks" in _panel(page)
    _choose_format(qtbot, page, letters.V4)
    assert page.board.param == letters.V4
    assert page.canvas.rack == tuple("URIUAWB")
    assert page.turn_label.text() == turn
    assert "98-tile bag, no blanks" in _panel(page) and "Total 13" in _panel(page)
    # and it plays on from that rack, to the site's own V4 link of the whole game
    for play in ([(3, 1, "A"), (3, 0, "B")], [(2, 1, "W"), (2, 2, "A"), (2, 3, "R")]):
        for row, col, letter in play:
            _click_square(qtbot, page, row, col)
            qtbot.keyClicks(page.canvas, letter.lower())
        qtbot.mouseClick(page.submit_button, Qt.MouseButton.LeftButton)
    assert "Total 33" in _panel(page) and "98-tile bag, no blanks" in _panel(page)
    assert main_window.slug_pane.link_text() == V4_VECTORS[0]["link"]
    # back to ?g=: the same game, the same bag
    _choose_format(qtbot, page, "g")
    assert page.board == full.with_start_word("RUNNELS")
    assert "98-tile bag, no blanks" in _panel(page)


@pytest.mark.slow
def test_a_v4_link_of_a_98_tile_day_in_play_shows_its_rack(qtbot, main_window):
    full = letters.decode(V4_VECTORS[1]["link"])  # GRANDPA, 2025-10-20
    partial = dataclasses.replace(full, tiles=tuple(t for t in full.tiles if t.turn <= 2))
    assert main_window.paste_text(letters.share_url(partial))
    page = _page(main_window)
    assert page.board == partial
    assert page.canvas.rack == tuple("IBOLUSP")  # the ?g= vector's turn 3 rack
    assert page.turn_label.text() == "Turn 3 of 5. Rack: I B O L U S P"
    assert "98-tile bag, no blanks" in _panel(page)


def test_a_link_with_a_word_longer_than_the_row_is_shown_with_its_problem(qtbot, main_window):
    board = letters.Board(dt.date(2025, 12, 1), (letters.Tile(3, 4, 0, 1, "Z"),), letters.V4, "HELLOWORLDAGAIN")
    assert main_window.paste_text(letters.share_url(board))
    page = _page(main_window)
    assert page.board == board
    assert page.start_field.text() == "HELLOWORLDAGAIN"
    assert "has 15 letters; the middle row holds 9" in page.problems_label.text()
    page.canvas.grab()  # paints with the word's letters off the row left out


INMATE = "https://letters.wiki/?_=IaGQ1gJkqcVK44tyzAIMk0oVkzDTwZRSFOERBZmTmiEaMSGkYROgguTCrNNs8S0C6A"


@pytest.fixture
def private_cache(tmp_path, monkeypatch):
    """The move finder's word trie is cached here, not in the user's cache folder."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.mark.slow
def test_best_plays_are_shown_previewed_on_hover_and_played_with_a_click(qtbot, main_window, private_cache):
    full = letters.decode(INMATE)
    three_turns = dataclasses.replace(full, tiles=tuple(t for t in full.tiles if t.turn <= 3))
    main_window.paste_text(letters.share_url(three_turns))
    page = _page(main_window)
    assert page.canvas.rack == tuple("OEEELRE")
    assert page.unseen_label.text().startswith("72 tiles: A 8, ")  # 98 less INMATE, 13 tiles and the rack
    page.best_button.click()
    qtbot.waitUntil(lambda: page.best_list.count() == 10, timeout=30000)
    first = page.best_list.item(0)
    assert first.text().startswith("LORE  25")
    # the panel scrolled to the list: its first play is in sight
    rect = page.best_list.visualItemRect(first)
    top_left = page.best_list.viewport().mapTo(page.tool_panel.parentWidget(), rect.topLeft())
    assert page.tool_panel.parentWidget().rect().contains(top_left)
    play = first.data(Qt.ItemDataRole.UserRole)
    # pointing at it shows it on the board; leaving the list takes it away
    qtbot.mouseMove(page.canvas, QPoint(5, 5))  # from outside the list onto the play
    qtbot.mouseMove(page.best_list.viewport(), rect.center())
    qtbot.waitUntil(lambda: page.canvas.hinted == play.placed, timeout=10000)
    qtbot.mouseMove(page.canvas, QPoint(5, 5))
    qtbot.waitUntil(lambda: page.canvas.hinted == (), timeout=10000)
    qtbot.mouseClick(page.best_list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert page.board.last_turn == 4
    assert tuple((t.row, t.col, t.letter) for t in page.board.tiles_of_turn(4)) == play.placed
    assert letters.resolve(page.board).turn_scores[3] == 25
    # the tracker counts the new rack as seen
    assert page.unseen_label.text() != "" and "tiles: " in page.unseen_label.text()
    qtbot.waitUntil(lambda: page.best_list.count() > 0, timeout=30000)  # the next turn's plays


@pytest.mark.slow
def test_a_finished_game_shows_each_turn_beside_its_best_play(qtbot, main_window, private_cache):
    main_window.paste_text(INMATE)
    page = _page(main_window)
    game_menu = next(a.menu() for a in main_window.menuBar().actions() if a.text() == "&Game")
    show = next(a for a in game_menu.actions() if a.text() == "Show the &best plays")
    assert show.isCheckable() and not show.isChecked()
    show.trigger()
    assert page.best_button.isChecked() and show.isChecked()
    table = page.review_table
    qtbot.waitUntil(lambda: table.rowCount() == 6, timeout=60000)
    game = letters.resolve(page.board)
    scores = [int(table.item(row, 2).text()) for row in range(5)]
    best = [int(table.item(row, 4).text()) for row in range(5)]
    assert scores == list(game.turn_scores)
    assert all(b >= s for b, s in zip(best, scores))
    assert table.item(3, 3).text() == "LORE" and best[3] == 25
    assert table.item(5, 2).text() == str(game.total) and table.item(5, 4).text() == str(sum(best))
    assert f"Your total {game.total}" in page.best_status.text()


@pytest.mark.slow
def test_a_turn_clicked_in_the_review_shows_the_board_before_it_with_its_best_play_and_the_games(
    qtbot, main_window, private_cache
):
    from slugboard.codecs.letters import moves

    main_window.paste_text(INMATE)
    page = _page(main_window)
    page.best_button.click()
    table, canvas = page.review_table, page.canvas
    qtbot.waitUntil(lambda: table.rowCount() == 6, timeout=60000)
    full = page.board
    game = letters.resolve(full)
    assert page.study_note.text().startswith("The whole game. Click a turn")

    @functools.cache
    def best_of(turn):
        grid, rack = moves.position_before(full, turn)
        return moves.best_plays(grid, rack, top=1)[0]

    def shown(turn):
        return (
            canvas.board.tiles == tuple(t for t in full.tiles if t.turn < turn)
            and canvas.hinted == best_of(turn).placed
            and canvas.own == game.turns[turn - 1].placed
            and canvas.own_turn == turn
            and f"Before turn {turn}, rack " in page.study_note.text()
        )

    def pixel(row, col):
        r = canvas.board_layout().square(row, col)
        point = QPoint(int(r.left() + r.width() * 0.15), int(r.top() + r.height() * 0.3))
        return canvas.grab().toImage().pixelColor(point).rgb()

    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=table.visualItemRect(table.item(2, 0)).center())
    assert shown(3)
    assert page.board == full and page.board.last_turn == 5  # the game itself is left as it is
    own = {(r, c) for r, c, _ in canvas.own}
    best = {(r, c) for r, c, _ in canvas.hinted}
    own_only, best_only = sorted(own - best), sorted(best - own)
    assert own_only and best_only
    studied_own, studied_best = pixel(*own_only[0]), pixel(*best_only[0])
    assert studied_own != studied_best  # the game's play and the best play look apart
    # the arrow keys move through the turns as the clicks do
    qtbot.keyClick(table, Qt.Key.Key_Down)
    assert shown(4)
    assert "was the best play" in page.study_note.text()  # LORE, as the game played it
    qtbot.keyClick(table, Qt.Key.Key_Up)
    qtbot.keyClick(table, Qt.Key.Key_Up)
    assert shown(2)
    for _ in range(4):
        qtbot.keyClick(table, Qt.Key.Key_Down)
    assert table.currentRow() == 5  # the total: the whole game again
    assert canvas.board == full and canvas.hinted == () and canvas.own == ()
    assert page.study_note.text().startswith("The whole game")
    assert pixel(*own_only[0]) != studied_own  # the turn's tile now stands as played
    # hiding the panel leaves the game on the board
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=table.visualItemRect(table.item(0, 0)).center())
    assert shown(1)
    page.best_button.click()
    assert canvas.board == full and canvas.own == () and not page.study_note.isVisible()

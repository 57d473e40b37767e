"""The window as a person uses it with a xiangqi board: paste the article's slug or its FEN,
place pieces from the palette, see a square refused, drag, remove, undo, and copy a
slug that decodes to exactly the board on screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QFontDatabase, QFontMetricsF, QGuiApplication, QImage, QPainter, QPalette
from PySide6.QtWidgets import QApplication

from slugboard.codecs import xiangqi
from slugboard.gui import xiangqi as gui
from slugboard.gui.xiangqi.paint import Layout

OPENING_SLUG = "hSQiASVGghCEIUkIgElRoIQhDw"


def _page(window):
    return window.page("xiangqi")


def _at(page, square):
    centre = page.canvas.square_center(square)
    return QPoint(round(centre.x()), round(centre.y()))


def _click(qtbot, page, square, button=Qt.MouseButton.LeftButton):
    qtbot.mouseClick(page.canvas, button, pos=_at(page, square))


def _drag(qtbot, page, source, target):
    canvas = page.canvas
    start, end = _at(page, source), _at(page, target)
    qtbot.mousePress(canvas, Qt.MouseButton.LeftButton, pos=start)
    middle = QPoint((start.x() + end.x()) // 2, (start.y() + end.y()) // 2)
    qtbot.mouseMove(canvas, middle)
    qtbot.mouseMove(canvas, end)
    qtbot.mouseRelease(canvas, Qt.MouseButton.LeftButton, pos=end)


def _empty(main_window):
    page = _page(main_window)
    main_window.tabs.setCurrentWidget(page)
    page.action_buttons["Clear board"].click()
    return page


@pytest.mark.slow
@pytest.mark.parametrize("text", [OPENING_SLUG, xiangqi.OPENING_FEN, f"xiangqi:{OPENING_SLUG}"])
def test_paste_opening_shows_the_board(qtbot, main_window, text):
    QGuiApplication.clipboard().setText(text)
    main_window.setFocus()
    main_window.paste_action.trigger()
    page = _page(main_window)
    assert main_window.current_page() is page
    assert page.board == xiangqi.new_board()
    assert main_window.slug_pane.slug_text() == OPENING_SLUG
    assert main_window.slug_pane.link_text() == f"xiangqi:{OPENING_SLUG}"
    assert page.fen_field.text() == xiangqi.OPENING_FEN
    assert page.bits_label.text() == "The link holds this position in 26 characters."
    assert page.bits_label.toolTip() == "149 bits in the slug code"
    assert page.problems_label.text() == "None"


def test_place_pieces_with_the_mouse_and_copy_the_slug(qtbot, main_window):
    page = _empty(main_window)
    assert main_window.slug_pane.slug_text() == "+AAAAAAAAAAADwAAAAAAAAAAAQ"
    page.kind_buttons["K"].click()
    assert page.canvas.legal == frozenset({66, 67, 68, 75, 76, 77, 84, 85, 86})
    _click(qtbot, page, 76)
    page.kind_buttons["k"].click()
    _click(qtbot, page, 3)
    page.kind_buttons["R"].click()
    _click(qtbot, page, 40)
    page.kind_buttons["P"].click()
    _click(qtbot, page, 12)
    page.kind_buttons["a"].click()
    _click(qtbot, page, 13)
    assert page.board.fen == "3k5/3Pa4/9/9/4R4/9/9/9/4K4/9 w"
    slug = main_window.slug_pane.slug_text()
    assert slug == "sAAAAMgAAAABOTAAAAAAAAAAAA"
    assert xiangqi.decode(slug) == page.board
    main_window.slug_pane.copy_slug()
    assert xiangqi.decode(QGuiApplication.clipboard().text()) == page.board
    main_window.slug_pane.copy_link()
    assert xiangqi.decode(QGuiApplication.clipboard().text()) == page.board


def test_illegal_square_is_refused_with_a_reason(qtbot, main_window):
    page = _empty(main_window)
    messages = []
    page.status_changed.connect(messages.append)
    page.kind_buttons["B"].click()
    before = main_window.slug_pane.slug_text()
    _click(qtbot, page, 40)  # e5: across the river
    assert page.board == xiangqi.empty_board()
    assert main_window.slug_pane.slug_text() == before
    assert messages[-1] == "Cannot put a red elephant on e5: an elephant never crosses the river"
    _click(qtbot, page, 67)  # e2: an elephant point
    assert page.board.cells[67] == "B"
    assert main_window.slug_pane.slug_text() != before


def test_too_many_of_a_kind_is_refused(qtbot, main_window):
    main_window.paste_text(OPENING_SLUG)
    page = _page(main_window)
    messages = []
    page.status_changed.connect(messages.append)
    page.kind_buttons["R"].click()
    assert page.canvas.legal == frozenset({81, 89})  # only where a rook already stands
    _click(qtbot, page, 40)
    assert messages[-1] == "Cannot put a red rook on e5: red already has 2 rooks: the code holds no more"
    assert page.board == xiangqi.new_board()


def test_drag_a_piece_and_undo(qtbot, main_window):
    main_window.paste_text(OPENING_SLUG)
    page = _page(main_window)
    _drag(qtbot, page, 70, 67)  # the cannon h2 to e2
    assert page.board.fen == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w"
    page.set_turn(False)
    assert main_window.slug_pane.slug_text() == "BSQiASV2ghCEIUkIgElRoIQhDw"
    _drag(qtbot, page, 7, 24)  # the horse h9 to g7
    page.set_turn(True)
    assert main_window.slug_pane.slug_text() == "hSQiASV2ghCEIUkJkElRoIQhDw"
    main_window.undo_action.trigger()
    main_window.undo_action.trigger()
    assert main_window.slug_pane.slug_text() == "BSQiASV2ghCEIUkIgElRoIQhDw"
    main_window.redo_action.trigger()
    assert page.board.cells[24] == "n"


def test_drag_to_an_illegal_square_is_refused(qtbot, main_window):
    main_window.paste_text(OPENING_SLUG)
    page = _page(main_window)
    messages = []
    page.status_changed.connect(messages.append)
    _drag(qtbot, page, 85, 40)
    assert page.board == xiangqi.new_board()
    assert messages[-1] == "Cannot move the red king to e5: a king stays in its palace"
    assert page.undo_stack.count() <= 1


def test_remove_with_right_click_and_delete(qtbot, main_window):
    main_window.paste_text(OPENING_SLUG)
    page = _page(main_window)
    _click(qtbot, page, 89, Qt.MouseButton.RightButton)
    assert page.board.cells[89] == ""
    page.canvas.setFocus()
    _click(qtbot, page, 0)  # puts the cursor on a9 (no kind chosen: nothing placed)
    assert page.board.cells[0] == "r"
    qtbot.keyClick(page.canvas, Qt.Key.Key_Delete)
    assert page.board.cells[0] == ""
    assert xiangqi.decode(main_window.slug_pane.slug_text()) == page.board


def test_keyboard_places_pieces(qtbot, main_window):
    page = _empty(main_window)
    page.canvas.setFocus()
    qtbot.keyClicks(page.canvas, "K")  # Shift+K: the red king
    assert page.kind == "K"
    page.canvas.cursor = 85
    qtbot.keyClick(page.canvas, Qt.Key.Key_Space)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Up)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Space)  # a second red king: the code holds one
    assert [sq for sq, _ in page.board.pieces] == [85]
    qtbot.keyClick(page.canvas, Qt.Key.Key_Escape)
    assert page.kind == ""


def test_side_to_move_opening_clear_and_flip(qtbot, main_window):
    page = _page(main_window)
    main_window.tabs.setCurrentWidget(page)
    page.black_turn.click()
    assert main_window.slug_pane.slug_text() == "B" + OPENING_SLUG[1:]
    page.action_buttons["Clear board"].click()
    assert page.board.pieces == ()
    assert "red has no king" in page.problems_label.text()
    page.action_buttons["Opening position"].click()
    assert main_window.slug_pane.slug_text() == OPENING_SLUG
    bottom_left = _at(page, 81)
    page.action_buttons["Flip board"].click()
    assert page.canvas.flipped
    assert _at(page, 8) == bottom_left
    assert page.export_state() == {"flipped": True}
    page.action_buttons["Flip board"].click()


def test_copy_and_paste_fen(qtbot, main_window):
    page = _page(main_window)
    main_window.paste_text("hSSAgSVGghCEIUkIgElRoIQhDw")
    assert page.board.has_identity
    assert "keeps which twin piece is which" in page.bits_label.text()
    page.action_buttons["Copy FEN"].click()
    assert QGuiApplication.clipboard().text() == xiangqi.OPENING_FEN
    QGuiApplication.clipboard().setText("3k5/9/9/9/4R4/9/9/9/9/4K4 b")
    page.action_buttons["Paste FEN"].click()
    assert page.board.fen == "3k5/9/9/9/4R4/9/9/9/9/4K4 b"
    QGuiApplication.clipboard().setText("not a position")
    assert not page.paste_fen()
    assert page.board.fen == "3k5/9/9/9/4R4/9/9/9/9/4K4 b"


def test_unencodable_fen_is_shown_and_flagged(qtbot, main_window):
    page = _page(main_window)
    assert main_window.paste_text("3k5/9/9/9/4K4/9/9/9/9/9 w")
    assert main_window.slug_pane.slug_text() == ""
    assert page.bits_label.text() == "A link cannot hold this position: see Problems."
    assert "red king on e5: a king stays in its palace" in page.problems_label.text()
    assert 40 in page.canvas.marked


@pytest.mark.slow
def test_problems_name_facing_kings_and_check(qtbot, main_window):
    page = _page(main_window)
    main_window.paste_text("4k4/9/9/9/9/9/9/9/9/4K4 w")
    assert page.problems_label.text() == "the kings face each other on file e with nothing between"
    main_window.paste_text("3k5/9/9/3R5/9/9/9/9/9/4K4 w")
    assert page.problems_label.text() == "black is in check (rook on d6) with red to move"


def test_font_is_the_shipped_subset_and_has_every_glyph(qapp):
    families = gui.piece_families()
    assert families[0] == "Slugboard Xiangqi"
    metrics = QFontMetricsF(gui.glyph_font(40))
    from slugboard.codecs.xiangqi.notation import TO_SIMPLIFIED

    # The board's characters, and the move list's in both scripts (a machine may have no CJK font).
    simplified = "".join(chr(c) for c in TO_SIMPLIFIED.values())
    for char in "".join(gui.GLYPHS.values()) + "楚河漢界" + gui.RED_FILE_NUMERALS + "進退平前中後１９" + simplified:
        assert metrics.inFontUcs4(ord(char)), char
    assert "Slugboard Xiangqi" in QFontDatabase.families()


_SCRIPT_NOTES = """
import sys
from PySide6.QtCore import QPointF, qWarning
from PySide6.QtGui import QGuiApplication, QImage, QPainter
app = QGuiApplication(sys.argv[:1])
from slugboard.gui.xiangqi.paint import glyph_font
image = QImage(300, 60, QImage.Format.Format_ARGB32)
painter = QPainter(image)
painter.setFont(glyph_font(20))
for text in ("\u0939\u093f\u0928\u094d\u0926\u0940", "\u1781\u17d2\u1798\u17c2\u179a", "\u0dc3\u0dd2"):
    painter.drawText(QPointF(0, 30), text)
painter.end()
qWarning("a warning of the program's own")
"""


@pytest.mark.slow
def test_the_shipped_font_sets_off_no_notes_on_the_terminal(tmp_path):
    """Text in Devanagari, Khmer or Sinhala asked of the piece font: Qt notes that the subset
    lacks those scripts' tables, once for every line drawn; none of those notes reaches the
    terminal, and every other message still does."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("QT_LOGGING_RULES", None)
    done = subprocess.run([sys.executable, "-c", _SCRIPT_NOTES], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    # Other families' notes are the machine's own (with DejaVu alone, Qt tries each of them
    # for the Devanagari it cannot draw) and pass on, as any other message does.
    assert 'OpenType support missing for "Slugboard Xiangqi"' not in done.stderr
    assert "a warning of the program's own" in done.stderr


def _ink_in(image: QImage, colour_test) -> frozenset[tuple[int, int]]:
    """Where the pixels of the ink `colour_test` picks out are."""
    return frozenset(
        (x, y) for y in range(image.height()) for x in range(image.width()) if colour_test(image.pixelColor(x, y))
    )


def test_rendered_characters_are_glyphs_not_boxes(qapp):
    """A glyph's ink lies in another shape from character to character; missing-glyph boxes
    are alike."""
    inks = []
    for letter in "KRk":
        image = QImage(80, 80, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.white)
        painter = QPainter(image)
        gui.draw_piece(painter, QPointF(40, 40), 36, letter)
        painter.end()
        if letter.isupper():
            inks.append(_ink_in(image, lambda c: c.red() > 150 and c.green() < 90 and c.blue() < 90))
        else:
            inks.append(_ink_in(image, lambda c: c.red() < 70 and c.green() < 70 and c.blue() < 70))
    assert all(len(ink) > 80 for ink in inks)
    assert len(set(inks)) == 3


def test_paint_export_sizes(qapp):
    size = gui.preferred_size(xiangqi.new_board())
    image = QImage(size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    gui.paint(painter, QRectF(0, 0, size.width(), size.height()), xiangqi.new_board(), QPalette(), flipped=True)
    painter.end()
    geo = Layout(QRectF(0, 0, size.width(), size.height()))
    assert geo.square_at(geo.point(85)) == 85
    assert Layout(QRectF(0, 0, 540, 626), flipped=True).square_at(geo.point(85)) == 4


def test_keys_flip_and_toggle_the_side_to_move(qtbot, main_window):
    page = _page(main_window)
    main_window.tabs.setCurrentWidget(page)
    page.canvas.setFocus()
    qtbot.keyClick(page.canvas, Qt.Key.Key_T)
    assert not page.board.red_to_move
    assert page.black_turn.isChecked()
    qtbot.keyClick(page.canvas, Qt.Key.Key_F)
    assert page.canvas.flipped
    qtbot.keyClick(page.canvas, Qt.Key.Key_F)
    assert not page.canvas.flipped
    main_window.undo_action.trigger()
    assert page.board.red_to_move


@pytest.mark.slow
def test_export_image_uses_the_view(qtbot, main_window):
    from slugboard.gui.render import render_image

    page = _page(main_window)
    page.flip()
    image = render_image("xiangqi", page.board, **page.export_state())
    assert (image.width(), image.height()) == (540, 626)
    geo = Layout(QRectF(0, 0, 540, 626), flipped=True)

    def red_ink_near(square):
        centre = geo.point(square)
        return sum(
            1
            for dx in range(-16, 17)
            for dy in range(-16, 17)
            if (lambda c: c.red() > 150 and c.green() < 90 and c.blue() < 90)(
                image.pixelColor(round(centre.x()) + dx, round(centre.y()) + dy)
            )
        )

    assert red_ink_near(85) > 50  # the red king 帥, now drawn at the top
    assert red_ink_near(4) == 0  # the black king 將, now at the bottom
    page.flip()


def test_drag_off_the_board_removes_and_empty_click_hints(qtbot, main_window):
    main_window.paste_text(OPENING_SLUG)
    page = _page(main_window)
    messages = []
    page.status_changed.connect(messages.append)
    canvas = page.canvas
    start = _at(page, 89)
    qtbot.mousePress(canvas, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(canvas, QPoint(start.x() + 20, start.y()))
    outside = QPoint(canvas.width() - 2, start.y())
    qtbot.mouseMove(canvas, outside)
    qtbot.mouseRelease(canvas, Qt.MouseButton.LeftButton, pos=outside)
    assert page.board.cells[89] == ""
    assert messages[-1] == "Remove red rook on i0"
    _click(qtbot, page, 40)
    assert messages[-1] == "Choose a piece in the palette (or type its letter) to put it here"


def test_every_kind_refused_off_its_points_with_a_reason(qtbot, main_window):
    page = _empty(main_window)
    messages = []
    page.status_changed.connect(messages.append)
    for letter, square, reason in (
        ("K", 40, "a king stays in its palace"),
        ("a", 12, "an advisor stays on the five points of its palace"),
        ("b", 49, "an elephant never crosses the river"),
        ("B", 68, "an elephant stays on its seven points"),
        ("P", 64, "a soldier never stands behind its starting rank"),
        ("P", 55, "a soldier on its own side of the river stays on its starting file"),
        ("p", 28, "a soldier on its own side of the river stays on its starting file"),
    ):
        page.choose_kind(letter)
        assert page.kind_buttons[letter].isChecked()
        assert square not in page.canvas.legal
        _click(qtbot, page, square)
        name = f"{xiangqi.piece_name(letter)} on {xiangqi.square_name(square)}"
        assert messages[-1] == f"Cannot put a {name}: {reason}"
    assert page.board == xiangqi.empty_board()
    assert page.undo_stack.count() <= 1  # only the clearing


def test_second_uncrossed_soldier_on_a_file_is_refused(qtbot, main_window):
    page = _empty(main_window)
    messages = []
    page.status_changed.connect(messages.append)
    page.kind_buttons["P"].click()
    _click(qtbot, page, 58)  # e3
    assert 49 not in page.canvas.legal and 40 in page.canvas.legal
    _click(qtbot, page, 49)  # e4: the same file, still before the river
    assert messages[-1] == (
        "Cannot put a red soldier on e4: a red soldier already stands on this file "
        "before the river (the code holds one per starting file)"
    )
    _click(qtbot, page, 40)  # e5: across the river, any number of files
    assert [sq for sq, _ in page.board.pieces] == [40, 58]


@pytest.mark.slow
def test_kind_label_says_when_the_code_holds_no_more(qtbot, main_window):
    main_window.paste_text(OPENING_SLUG)
    page = _page(main_window)
    page.kind_buttons["N"].click()
    assert page.canvas.legal == frozenset({82, 88})
    assert page.kind_label.text() == (
        "Red already has 2 horses: the code holds no more. Drag one to move it, or remove one first."
    )
    messages = []
    page.status_changed.connect(messages.append)
    _click(qtbot, page, 88)
    assert messages[-1] == "A red horse on h0 is already there"
    _click(qtbot, page, 82, Qt.MouseButton.RightButton)
    assert page.kind_label.text() == "Click a green point to put a red horse there."
    assert len(page.canvas.legal) == 90  # a free point, or one whose piece it replaces
    _click(qtbot, page, 64)  # onto the red cannon: it replaces it
    assert messages[-1] == "Put red horse on b2, taking the red cannon"
    main_window.undo_action.trigger()
    assert page.board.cells[64] == "C"


def test_drag_marks_the_targets_and_crosses_a_refused_point(qtbot, main_window, monkeypatch):
    main_window.paste_text(OPENING_SLUG)
    page = _page(main_window)
    canvas = page.canvas
    seen = {}
    original = gui.paint

    def spy(painter, rect, board, palette, **state):
        seen.update(state)
        original(painter, rect, board, palette, **state)

    monkeypatch.setattr(gui.canvas, "paint", spy)
    start = _at(page, 83)  # the elephant c0
    qtbot.mousePress(canvas, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(canvas, _at(page, 74))
    qtbot.mouseMove(canvas, _at(page, 65))  # c2 is not an elephant point
    canvas.repaint()
    assert seen["legal"] == frozenset({47, 51, 63, 67, 71, 83, 87})
    assert (seen["drag_from"], seen["hover"], seen["hover_refused"]) == (83, 65, True)
    qtbot.mouseMove(canvas, _at(page, 67))
    canvas.repaint()
    assert (seen["hover"], seen["hover_refused"]) == (67, False)
    qtbot.mouseRelease(canvas, Qt.MouseButton.LeftButton, pos=_at(page, 67))
    assert page.board.cells[67] == "B" and page.board.cells[83] == ""
    assert xiangqi.decode(main_window.slug_pane.slug_text()) == page.board


def test_drag_onto_a_piece_takes_it_and_undo_brings_it_back(qtbot, main_window):
    main_window.paste_text(OPENING_SLUG)
    page = _page(main_window)
    messages = []
    page.status_changed.connect(messages.append)
    _drag(qtbot, page, 70, 7)  # the red cannon takes the black horse h9
    assert messages[-1] == "Move red cannon h2-h9, taking the black horse"
    assert page.board.fen == "rnbakabCr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR w"
    assert main_window.slug_pane.slug_text() == xiangqi.encode(page.board)
    main_window.undo_action.trigger()
    assert page.board == xiangqi.new_board()
    assert main_window.slug_pane.slug_text() == OPENING_SLUG


@pytest.mark.slow
def test_every_edit_undoes_and_redoes(qtbot, main_window):
    main_window.paste_text(OPENING_SLUG)
    page = _page(main_window)
    boards = [page.board]
    _click(qtbot, page, 89, Qt.MouseButton.RightButton)
    boards.append(page.board)  # remove
    _drag(qtbot, page, 81, 72)
    boards.append(page.board)  # move
    page.kind_buttons["R"].click()
    _click(qtbot, page, 89)
    boards.append(page.board)  # place
    page.black_turn.click()
    boards.append(page.board)  # side to move
    page.action_buttons["Clear board"].click()
    boards.append(page.board)  # clear
    page.action_buttons["Opening position"].click()
    boards.append(page.board)  # opening
    QGuiApplication.clipboard().setText("3k5/9/9/9/4R4/9/9/9/9/4K4 b")
    page.action_buttons["Paste FEN"].click()
    boards.append(page.board)  # paste FEN
    assert page.undo_stack.count() == 7
    assert all(a != b for a, b in zip(boards, boards[1:]))
    slugs = [xiangqi.encode(b) for b in boards]
    for board, slug in zip(reversed(boards[:-1]), reversed(slugs[:-1])):
        main_window.undo_action.trigger()
        assert page.board == board
        assert main_window.slug_pane.slug_text() == slug
    assert not page.undo_stack.canUndo()
    for board in boards[1:]:
        main_window.redo_action.trigger()
        assert page.board == board


def test_board_identity_and_flip_survive_a_restart(qtbot, settings):
    from slugboard.gui.main_window import MainWindow

    first = MainWindow(settings)
    qtbot.addWidget(first)
    first.paste_text("xiangqi:hSSAgSVGghCEIUkIgElRoIQhDw")  # swapped horses
    first.page("xiangqi").flip()
    first.close()
    second = MainWindow(settings)
    qtbot.addWidget(second)
    page = second.page("xiangqi")
    assert page.canvas.flipped
    assert page.board.has_identity
    assert second.current_page() is page
    assert second.slug_pane.slug_text() == "hSSAgSVGghCEIUkIgElRoIQhDw"


def test_long_tool_panel_lines_wrap_inside_the_panel(qtbot, main_window):
    page = _page(main_window)
    main_window.paste_text("3k5/9/9/9/4K4/9/9/9/9/RRR6 b")
    assert page.bits_label.text() == "A link cannot hold this position: see Problems."
    assert page.tool_panel.minimumSizeHint().width() <= page.TOOL_PANEL_WIDTH


def test_hovering_a_refused_point_says_why_before_the_click(qtbot, main_window):
    page = _empty(main_window)
    messages = []
    page.status_changed.connect(messages.append)
    page.kind_buttons["B"].click()
    qtbot.mouseMove(page.canvas, _at(page, 40))  # e5: across the river
    assert messages[-1] == "Cannot put a red elephant on e5: an elephant never crosses the river"
    assert page.board == xiangqi.empty_board()
    count = len(messages)
    qtbot.mouseMove(page.canvas, _at(page, 67))  # e2: an elephant point says nothing
    assert len(messages) == count


@pytest.mark.slow
def test_palette_pieces_are_readable_and_fit_the_panel_at_the_smallest_window(qtbot, main_window):
    page = _page(main_window)
    main_window.tabs.setCurrentWidget(page)
    main_window.resize(main_window.minimumSizeHint())
    qtbot.waitUntil(lambda: main_window.size() == main_window.minimumSizeHint())
    QApplication.processEvents()  # the layout has had its turn
    for button in page.kind_buttons.values():
        assert button.iconSize().width() >= 36 and button.isVisible()
        right = button.mapTo(page.tool_panel, button.rect().topRight()).x()
        assert right < page.tool_panel.width() <= page.TOOL_PANEL_WIDTH
    assert "bits" not in page.bits_label.text()


def test_the_board_copies_the_palettes_drawing_of_each_piece(qtbot, monkeypatch):
    """A piece on a board no larger than the palette's is the palette's drawing made
    smaller: showing a page with the opening position draws each piece once."""
    import importlib

    xiangqi_paint = importlib.import_module("slugboard.gui.xiangqi.paint")
    drawn, on_board = [], []
    render, place = xiangqi_paint.render_piece, xiangqi_paint.draw_piece
    monkeypatch.setattr(xiangqi_paint, "render_piece", lambda *args: drawn.append(args[3]) or render(*args))
    monkeypatch.setattr(xiangqi_paint, "draw_piece", lambda *args, **kw: on_board.append(args[2]) or place(*args, **kw))
    monkeypatch.setattr(xiangqi_paint, "_sprites", {})
    page = gui.XiangqiPage(board=xiangqi.new_board())
    qtbot.addWidget(page)
    page.resize(1000, 760)
    page.show()
    qtbot.waitExposed(page)
    page.canvas.grab()
    board_radii = [radius for radius in on_board if radius < xiangqi_paint.SPRITE_RADIUS]
    assert len(board_radii) >= 32  # the board's pieces, smaller than the palette's
    assert sorted(drawn) == sorted(xiangqi.RED_LETTERS + xiangqi.RED_LETTERS.lower())


def test_warming_draws_the_palette_ahead_so_making_the_page_draws_no_piece(qtbot, monkeypatch):
    """The window warms a game while it waits (games.Warmer): for xiangqi, the palette's
    fourteen pieces are drawn then, and making the page copies them."""
    import importlib

    xiangqi_paint = importlib.import_module("slugboard.gui.xiangqi.paint")  # the module, not its paint()
    drawn = []
    real = xiangqi_paint.render_piece
    monkeypatch.setattr(xiangqi_paint, "render_piece", lambda *args: drawn.append(args[3]) or real(*args))
    monkeypatch.setattr(xiangqi_paint, "_sprites", {})
    qtbot.addWidget(gui.XiangqiPage())
    assert sorted(drawn) == sorted(xiangqi.RED_LETTERS + xiangqi.RED_LETTERS.lower())  # cold: each drawn once
    monkeypatch.setattr(xiangqi_paint, "_sprites", {})
    gui.VIEW.warm()
    assert len(drawn) == 28
    qtbot.addWidget(gui.XiangqiPage())
    assert len(drawn) == 28  # warmed: nothing drawn afresh

"""The pentomino page as a person uses it: choose a piece, place it with the mouse or the
keyboard, rotate and mirror it, pick it up, remove it, change surface, size and colours,
paste a link, undo and redo, and see the slug the web app would write after every step."""

from __future__ import annotations

import threading
from dataclasses import replace

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter, QPalette, QWheelEvent
from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QApplication, QComboBox, QPushButton, QWidget

from slugboard.codecs import pentomino as pm
from slugboard.gui import pentomino as view
from slugboard.gui.render import render_image

SEED = "P88YE00vW05P606nZ20LS23wA26Ub32ii34TL45Xg50zI63f675R11166166"
SEED_LINK = "https://pentominoes.river.me/#/" + SEED
DEFAULT = "R88R00077077"  # the default board with every colour 0, which the slugs below start from
NEW = "R88R00077077_0u1Iv2Lw3Px4Ny5Tz"  # a new board: each piece in a colour of its own


@pytest.fixture
def page(main_window):
    main_window.tabs.setCurrentWidget(main_window.page("pentomino"))
    page = main_window.page("pentomino")
    # The edits below read best as slugs with no colour section.
    page.replace_board(replace(pm.new_board(), colors=(0,) * 12))
    page.canvas.setFocus()
    return page


def _point(page, row, col) -> QPoint:
    centre = page.canvas.cell_center(row, col)
    return QPoint(int(centre.x()), int(centre.y()))


def _click(qtbot, page, row, col, button=Qt.MouseButton.LeftButton, modifiers=Qt.KeyboardModifier.NoModifier):
    qtbot.mouseMove(page.canvas, _point(page, row, col))
    qtbot.mouseClick(page.canvas, button, modifiers, _point(page, row, col))


def _choose(qtbot, page, name):
    qtbot.mouseClick(page.piece_buttons[name], Qt.MouseButton.LeftButton)


def _slug(window) -> str:
    return window.slug_pane.slug_text()


def test_fresh_page_shows_the_web_apps_default_board(main_window):
    page = main_window.page("pentomino")
    main_window.tabs.setCurrentWidget(page)
    assert page.board == pm.new_board()
    assert _slug(main_window) == NEW
    assert len(page.piece_buttons) == 13
    for _name, button in page.piece_buttons.items():
        assert button.toolTip()
        assert not button.icon().isNull()


def test_place_a_piece_with_the_mouse(qtbot, main_window, page):
    _choose(qtbot, page, "X")
    _click(qtbot, page, 3, 3)
    assert page.board.pieces == (pm.Piece("X", 3, 3),)
    assert _slug(main_window) == "R88X033R00077077"


def test_rotate_and_mirror_with_keys_then_place(qtbot, main_window, page):
    _choose(qtbot, page, "F")
    qtbot.keyClick(page.canvas, Qt.Key.Key_R)
    assert (page.rotation, page.reflected) == (1, False)
    _click(qtbot, page, 2, 2)
    assert _slug(main_window) == "R88F122R00077077"
    qtbot.keyClick(page.canvas, Qt.Key.Key_F)  # mirror left-right: 2 - r, reflected
    assert (page.rotation, page.reflected) == (1, True)
    _click(qtbot, page, 5, 5)
    assert _slug(main_window) == "R88F122F555R00077077"
    qtbot.keyClick(page.canvas, Qt.Key.Key_F, Qt.KeyboardModifier.ShiftModifier)  # mirror up-down: -r, not reflected
    assert (page.rotation, page.reflected) == (3, False)
    qtbot.keyClick(page.canvas, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)  # turn back
    assert (page.rotation, page.reflected) == (2, False)


def test_right_click_and_wheel_rotate(qtbot, page):
    _choose(qtbot, page, "L")
    _click(qtbot, page, 4, 4, Qt.MouseButton.RightButton)
    assert page.rotation == 1
    assert page.board.pieces == ()  # a right click places nothing
    centre = QPointF(_point(page, 4, 4))
    for delta in (-120, -120, 120):
        event = QWheelEvent(
            centre,
            page.canvas.mapToGlobal(centre),
            QPoint(0, 0),
            QPoint(0, delta),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(page.canvas, event)
    assert page.rotation == 2


def test_mirror_buttons_match_the_keys(qtbot, page):
    _choose(qtbot, page, "N")
    qtbot.mouseClick(page.rotate_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.mirror_lr_button, Qt.MouseButton.LeftButton)
    assert (page.rotation, page.reflected) == pm.mirrored_left_right(1, False)
    qtbot.mouseClick(page.mirror_ud_button, Qt.MouseButton.LeftButton)
    assert (page.rotation, page.reflected) == pm.mirrored_up_down(*pm.mirrored_left_right(1, False))
    for button in (
        page.rotate_button,
        page.mirror_lr_button,
        page.mirror_ud_button,
        page.remove_button,
        page.drop_button,
    ):
        assert button.toolTip()


def test_click_a_placed_piece_picks_it_up(qtbot, main_window, page):
    _choose(qtbot, page, "T")
    qtbot.keyClick(page.canvas, Qt.Key.Key_R)
    qtbot.keyClick(page.canvas, Qt.Key.Key_R)
    _click(qtbot, page, 4, 4)
    assert _slug(main_window) == "R88T244R00077077"
    qtbot.keyClick(page.canvas, Qt.Key.Key_Escape)
    assert page.tool_name is None
    # A click on any cell of the T (here its stem, above the anchor) picks it up.
    _click(qtbot, page, 2, 4)
    assert _slug(main_window) == DEFAULT
    assert (page.tool_name, page.rotation, page.reflected) == ("T", 2, False)
    # The piece is in the hand: the next click puts it down elsewhere.
    _click(qtbot, page, 5, 2)
    assert _slug(main_window) == "R88T252R00077077"


def test_delete_removes_the_piece_under_the_cursor(qtbot, main_window, page):
    _choose(qtbot, page, "I")
    _click(qtbot, page, 3, 1)
    assert _slug(main_window) == "R88I031R00077077"
    qtbot.mouseMove(page.canvas, _point(page, 1, 1))
    qtbot.keyClick(page.canvas, Qt.Key.Key_Delete)
    assert _slug(main_window) == DEFAULT
    assert page.tool_name == "I"  # removing keeps the piece in the hand


def test_keyboard_only_placement(qtbot, main_window, page):
    _choose(qtbot, page, "P")
    page.canvas.hover = None
    for key in (Qt.Key.Key_Down, Qt.Key.Key_Down, Qt.Key.Key_Right):
        qtbot.keyClick(page.canvas, key)
    assert page.canvas.hover == (2, 1)  # the cursor starts from (0, 0)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Return)
    assert _slug(main_window) == "R88P021R00077077"


def test_terrain_tool(qtbot, main_window, page):
    _choose(qtbot, page, "R")
    _click(qtbot, page, 3, 3)
    assert _slug(main_window) == "R88R0007337077"
    qtbot.keyClick(page.canvas, Qt.Key.Key_Escape)
    _click(qtbot, page, 0, 0)  # picks the corner terrain up
    assert _slug(main_window) == "R88R07337077"
    assert page.tool_name == "R"


def test_undo_and_redo_every_edit(qtbot, main_window, page):
    _choose(qtbot, page, "X")
    _click(qtbot, page, 3, 3)
    _click(qtbot, page, 5, 2)
    assert _slug(main_window) == "R88X033X052R00077077"
    main_window.undo_action.trigger()
    assert _slug(main_window) == "R88X033R00077077"
    main_window.undo_action.trigger()
    assert _slug(main_window) == DEFAULT
    main_window.redo_action.trigger()
    assert _slug(main_window) == "R88X033R00077077"
    qtbot.keyClick(page.canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert _slug(main_window) == DEFAULT


def test_paste_a_link_opens_the_board_here(qtbot, main_window):
    main_window.tabs.setCurrentIndex(0)
    QGuiApplication.clipboard().setText(SEED_LINK)
    main_window.setFocus()
    main_window.paste_action.trigger()
    page = main_window.page("pentomino")
    assert main_window.current_page() is page
    assert page.board == pm.decode(SEED)
    assert _slug(main_window) == SEED
    assert main_window.slug_pane.link_text() == SEED_LINK
    assert page.problems_label.text() == "No conflicts"
    assert "complete solution" in page.summary_label.text()
    assert page.surface_box.currentData() == "P"
    assert "flipped" in page.seam_label.text()


def test_legacy_link_is_upgraded_in_the_slug_pane(main_window):
    assert main_window.paste_text("6.10V10.0I10.6W01.4T11.9Z62.1F62.6N33.3X03.8Y34.2P74.5L75.1U05.8")
    assert _slug(main_window) == "R6aV100I106W014T119Z621F626N333X038Y342P745L751U058"


def test_surface_and_size_from_the_tool_panel(qtbot, main_window, page):
    page.surface_box.setCurrentIndex(list(pm.SURFACES).index("T"))
    page.surface_box.activated.emit(page.surface_box.currentIndex())
    assert _slug(main_window) == "T88R00077077"
    page.height_box.setValue(10)
    assert _slug(main_window) == "Ta8R00077077"
    page.width_box.setValue(6)
    assert _slug(main_window) == "Ta6R0070"  # the right-hand corners fell off
    page.surface_box.setCurrentIndex(list(pm.SURFACES).index("S"))
    page.surface_box.activated.emit(page.surface_box.currentIndex())
    assert (page.board.height, page.board.width) == (10, 10)
    assert not page.width_box.isEnabled()
    page.height_box.setValue(7)
    assert (page.board.height, page.board.width) == (7, 7)
    assert _slug(main_window).startswith("S77")
    assert page.surface_box.toolTip() and page.height_box.toolTip() and page.width_box.toolTip()


def test_colour_of_a_piece(qtbot, main_window, page):
    _choose(qtbot, page, "F")
    _click(qtbot, page, 3, 3)
    page.color_box.setCurrentIndex(7)
    page.color_box.activated.emit(7)
    assert page.board.color_of("F") == 7
    assert _slug(main_window) == "R88fA33R00077077"
    _choose(qtbot, page, "Z")
    page.color_box.setCurrentIndex(11)
    page.color_box.activated.emit(11)
    assert _slug(main_window) == "R88fA33R00077077_5z"


def test_conflicts_are_listed_and_drawn(qtbot, main_window, page):
    _choose(qtbot, page, "X")
    _click(qtbot, page, 3, 3)
    _click(qtbot, page, 3, 5, modifiers=Qt.KeyboardModifier.ShiftModifier)  # shift: place even over a piece
    assert _slug(main_window) == "R88X033X035R00077077"
    assert "overlap" in page.problems_label.text()
    assert page.canvas.painting().red == {(3, 4)}
    qtbot.keyClick(page.canvas, Qt.Key.Key_Escape)  # no ghost over the cell
    page.canvas.hover = None  # nor the pick-up outline of the hovered X
    image = QImage(page.canvas.size(), QImage.Format.Format_ARGB32)
    page.canvas.render(image)
    grid, size, _ = page.canvas.board_layout()
    # Red, sampled between the arms of the white cross.
    pixel = image.pixelColor(int(grid.left() + 4.5 * size), int(grid.top() + 3.25 * size))
    assert pixel.red() > 180 and pixel.green() < 90


def test_ghost_follows_the_mouse(qtbot, page):
    _choose(qtbot, page, "W")
    qtbot.mouseMove(page.canvas, _point(page, 4, 2))
    assert page.canvas.ghost() == ("W", 4, 2, 0, False)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Escape)
    assert page.canvas.ghost() is None


def test_palette_choice_and_put_down(qtbot, page):
    _choose(qtbot, page, "Y")
    _choose(qtbot, page, "Y")
    assert page.tool_name == "Y" and page.piece_buttons["Y"].isChecked()
    qtbot.mouseClick(page.drop_button, Qt.MouseButton.LeftButton)
    assert page.tool_name is None
    assert not any(b.isChecked() for b in page.piece_buttons.values())


def test_export_images_show_the_board(qapp):
    board = pm.decode(SEED)
    image = render_image("pentomino", board)
    assert image.size() == view.preferred_size(board)
    grid, size, _ = view.board_layout(QRectF(0, 0, image.width(), image.height()), board)
    # The X at (5, 0) in its colour (5) at a cell of its arm, away from the letter.
    colour = image.pixelColor(int(grid.left() + 1.5 * size), int(grid.top() + 5.5 * size))
    assert colour.name() == pm.DISPLAY_COLORS[5]
    conflict = render_image("pentomino", pm.decode("R88XA33X035"))
    grid, size, _ = view.board_layout(QRectF(0, 0, conflict.width(), conflict.height()), pm.decode("R88XA33X035"))
    assert conflict.pixelColor(int(grid.left() + 4.5 * size), int(grid.top() + 3.25 * size)).name() == "#e11d24"


def test_largest_board_paints(qapp):
    items = {
        (r, c): pm.Piece(pm.PIECES[(r + c) % 12], r, c, (r * c) % 4, bool(r % 2))
        for r in range(0, 60, 3)
        for c in range(0, 60, 3)
    }
    board = pm.make_board("K", 60, 60, items, range(12))
    image = QImage(QSize(800, 800), QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    view.paint(
        painter,
        QRectF(0, 0, 800, 800),
        board,
        QApplication.palette(),
        ghost=("F", 59, 59, 1, True),
        cursor=(0, 0),
        target=0,
    )
    painter.end()
    # Every covered cell away from the ghost, the cursor and the outlined item shows its
    # painter's colour (or red) at its centre.
    p = pm.paint(board)
    grid, size, _ = view.board_layout(QRectF(0, 0, 800, 800), board)
    anchors = {(it.row, it.col) for it in p.items}
    skip = {(r, c) for r, c, _ in pm.placed_cells("K", 60, 60, *p.items[0])[0]} | {(0, 0)}
    skip |= {(r, c) for r, c, _ in pm.placed_cells("K", 60, 60, "F", 59, 59, 1, True)[0]}
    checked = 0
    for r in range(60):
        for c in range(60):
            o = p.owner[r * 60 + c]
            if o < 0 or (r, c) in anchors or (r, c) in skip:
                continue
            want = view.CONFLICT if (r, c) in p.red else view.PIECE_COLORS[board.color_of(p.items[o].name)]
            # A red cell is sampled above its centre, between the arms of its white cross.
            x = int(grid.left() + (c + 0.5) * size)
            y = int(grid.top() + (r + (0.3 if (r, c) in p.red else 0.5)) * size)
            assert image.pixelColor(x, y) == want, (r, c)
            checked += 1
    assert checked > 1000


def test_board_comes_back_after_restart(qtbot, settings):
    from slugboard.gui.main_window import MainWindow

    first = MainWindow(settings)
    qtbot.addWidget(first)
    assert first.paste_text(SEED_LINK)
    first.close()
    second = MainWindow(settings)
    qtbot.addWidget(second)
    assert second.page("pentomino").board == pm.decode(SEED)
    assert second.current_page() is second.page("pentomino")
    assert _slug(second) == SEED


@pytest.mark.slow
def test_over_a_placed_piece_a_click_picks_up_and_the_whole_piece_is_outlined(qtbot, main_window, page):
    main_window.paste_text(SEED)
    _choose(qtbot, page, "X")
    # (7, 7) is held by the Y anchored at (0, 0), which wraps across the corner: no ghost
    # there, since a click picks the Y up; the whole Y is outlined instead.
    qtbot.mouseMove(page.canvas, _point(page, 7, 7))
    assert page.canvas.ghost() is None
    target = page.canvas.target()
    assert page.canvas.painting().items[target] == ("Y", 0, 0, 0, True)
    image = QImage(page.canvas.size(), QImage.Format.Format_ARGB32)
    page.canvas.render(image)
    grid, size, _ = page.canvas.board_layout()
    highlight = page.canvas.palette().color(QPalette.ColorRole.Highlight)
    # The Y's cell (1, 0), at the far side of the board from the mouse, is outlined on its left.
    assert image.pixelColor(int(grid.left() + 1), int(grid.top() + 1.5 * size)) == highlight
    # Shift: a click places over the piece, so the ghost comes back.
    qtbot.keyPress(page.canvas, Qt.Key.Key_Shift, Qt.KeyboardModifier.ShiftModifier)
    assert page.canvas.ghost() == ("X", 7, 7, 0, False) and page.canvas.target() is None
    qtbot.keyRelease(page.canvas, Qt.Key.Key_Shift)
    assert page.canvas.ghost() is None
    _click(qtbot, page, 7, 7)
    assert (page.tool_name, page.rotation, page.reflected) == ("Y", 0, True)
    assert _slug(main_window) == "P88vW05P606nZ20LS23wA26Ub32ii34TL45Xg50zI63f675R11166166_1Y"
    assert page.canvas.ghost() == ("Y", 7, 7, 0, True)  # the hand holds the Y now


def test_shrinking_takes_pieces_off_and_growing_back_returns_them(qtbot, main_window, page):
    main_window.paste_text(SEED)
    steps = page.undo_stack.count()
    page.height_box.setValue(7)
    page.height_box.setValue(6)
    assert _slug(main_window) == "P68YE00vW05P606nZ20LS23wA26Ub32ii34TL45Xg50R1116_0f2z"
    text = page.problems_label.text()
    assert text.startswith(
        "Off the 6×8 board (grow it again or undo): Z at row 7, column 4, F at row 8, column 6, terrain at row 7, column 2, terrain at row 7, column 7<br>"
    )
    # Pieces still anchored on the board but running off it are conflicts, drawn red.
    assert "runs off" not in text and "overlap" in text
    assert page.canvas.painting().red
    page.height_box.setValue(7)
    page.height_box.setValue(8)
    assert _slug(main_window) == SEED
    assert page.problems_label.text() == "No conflicts"
    # Shrinking and growing back to the same size cancel out: no empty undo step is left.
    assert page.undo_stack.count() == steps
    page.height_box.setValue(5)
    assert page.undo_stack.count() == steps + 1  # one resize, one undo step
    main_window.undo_action.trigger()
    assert _slug(main_window) == SEED and page.problems_label.text() == "No conflicts"
    main_window.redo_action.trigger()
    assert page.board.height == 5 and page.problems_label.text().startswith("Off the 5×8 board")
    # Any other edit ends the resize: the next one starts from the board as it is.
    _choose(qtbot, page, "R")
    _click(qtbot, page, 4, 7, modifiers=Qt.KeyboardModifier.ShiftModifier)
    assert not page.problems_label.text().startswith("Off the")
    page.height_box.setValue(8)
    assert page.board.height == 8 and len(page.board.pieces) == 9
    assert page.board.terrain == ((1, 1), (1, 6), (4, 7))


def test_caption_fits_narrow_canvases():
    from PySide6.QtGui import QFont, QFontMetricsF

    words = view.caption(pm.decode("M88"))
    font, text = view.fitted_caption(QFont(), words, 1000)
    assert (font.pixelSize(), text) == (13, words)
    font, text = view.fitted_caption(QFont(), words, 380)
    assert 9 <= font.pixelSize() < 13 and text == words
    assert QFontMetricsF(font).horizontalAdvance(text) <= 380
    font, text = view.fitted_caption(QFont(), words, 120)
    assert font.pixelSize() == 9 and text.endswith("…") and QFontMetricsF(font).horizontalAdvance(text) <= 120


def test_every_kind_of_edit_is_one_undo_step(qtbot, main_window, page):
    slugs = [_slug(main_window)]

    def step():
        slugs.append(_slug(main_window))

    _choose(qtbot, page, "L")
    _click(qtbot, page, 3, 3)
    step()  # place
    page.color_box.setCurrentIndex(8)
    page.color_box.activated.emit(8)
    step()  # colour
    page.surface_box.setCurrentIndex(list(pm.SURFACES).index("K"))
    page.surface_box.activated.emit(page.surface_box.currentIndex())
    step()  # surface
    page.width_box.setValue(9)
    step()  # size
    _choose(qtbot, page, "R")
    _click(qtbot, page, 5, 8)
    step()  # terrain
    qtbot.keyClick(page.canvas, Qt.Key.Key_Escape)
    _click(qtbot, page, 2, 3)
    step()  # pick up
    page.canvas.hover = (0, 0)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Delete)
    step()  # remove
    qtbot.mouseClick(_clear_button(page), Qt.MouseButton.LeftButton)
    step()  # clear pieces (none left: no step)
    assert slugs == [
        "R88R00077077",
        "R88L033R00077077",
        "R88lI33R00077077",
        "K88lI33R00077077",
        "K89lI33R00077077",
        "K89lI33R0007587077",
        "K89R0007587077_2l",
        "K89R07587077_2l",
        "K89R07587077_2l",
    ]
    for expected in reversed(slugs[:-2]):
        main_window.undo_action.trigger()
        assert _slug(main_window) == expected
    assert not page.undo_stack.canUndo() or page.undo_stack.index() == 0
    for expected in slugs[1:-1]:
        main_window.redo_action.trigger()
        assert _slug(main_window) == expected


def _clear_button(page):
    return next(b for b in page.findChildren(QPushButton) if b.text() == "Clear pieces")


def test_overflow_wedges_show_the_side_a_piece_runs_off(qapp):
    def wedges(slug):
        board = pm.decode(slug)
        image = render_image("pentomino", board)
        grid, size, margin = view.board_layout(QRectF(0, 0, image.width(), image.height()), board)
        depth = min(margin * 0.45, size)
        above = image.pixelColor(int(grid.left() + 0.5 * size), int(grid.top() - depth / 3))
        beside = image.pixelColor(int(grid.left() - depth / 3), int(grid.top() + 0.5 * size))
        return above.name() == "#e11d24", beside.name() == "#e11d24"

    # The Y at (0, 0) runs off through the top at the corner cell: a wedge above it only,
    # on the rectangle and on the Mobius strip (whose left edge is a seam).
    assert wedges("R88YE00") == (True, False)
    assert wedges("M88YE00") == (True, False)
    assert wedges("R88I101") == (False, True)  # a lying I runs off to the left
    assert wedges("R88F000") == (True, True)  # the F leaves through both sides


def test_typing_a_size_keeps_the_pieces(qtbot, main_window, page):
    # Typing "12" passes through a height of 1 on the way; the pieces taken off by that
    # step come back when the 2 is typed, and the whole change is one undo step.
    main_window.paste_text(SEED)
    steps = page.undo_stack.count()
    page.height_box.setFocus()
    page.height_box.selectAll()
    qtbot.keyClicks(page.height_box, "12")
    assert page.board.height == 12
    assert page.board.pieces == pm.decode(SEED).pieces and page.board.terrain == pm.decode(SEED).terrain
    assert _slug(main_window) == "Pc8" + SEED[3:]
    assert page.undo_stack.count() == steps + 1
    main_window.undo_action.trigger()
    assert _slug(main_window) == SEED


# --- what a new user hit -----------------------------------------------------------------


def test_escape_puts_a_picked_up_piece_back_where_it_was(qtbot, main_window, page):
    main_window.paste_text(SEED)
    before, depth = page.board, page.undo_stack.index()
    page.drop_tool()  # empty hands: a click picks up
    _click(qtbot, page, 5, 0)  # the X
    assert page.tool_name == "X" and len(page.board.pieces) == len(before.pieces) - 1
    page.rotate(1)  # turning it in the hand does not matter
    qtbot.keyClick(page.canvas, Qt.Key.Key_Escape)
    assert page.board == before and page.undo_stack.index() == depth
    assert page.tool_name is None
    assert _slug(main_window) == SEED
    # A piece taken from the palette is only put away.
    _choose(qtbot, page, "F")
    qtbot.keyClick(page.canvas, Qt.Key.Key_Escape)
    assert page.board == before and page.tool_name is None


def test_the_palette_greys_the_pieces_on_the_board_and_counts_the_rest(qtbot, main_window, page):
    main_window.paste_text("R88")  # an empty 8x8 rectangle
    assert page.pieces_heading.text().endswith("(12 of 12 left)")
    _choose(qtbot, page, "X")
    _click(qtbot, page, 3, 3)
    _choose(qtbot, page, "F")
    assert page.pieces_heading.text().endswith("(11 of 12 left)")

    def opacity(name):
        button = page.piece_buttons[name]
        image = button.icon().pixmap(button.iconSize()).toImage()
        return max(image.pixelColor(x, y).alpha() for x in range(image.width()) for y in range(image.height()))

    assert opacity("X") < 100 < opacity("L")
    assert "1 on the board" in page.piece_buttons["X"].toolTip()


def test_colours_and_surfaces_have_names(main_window, page):
    names = [page.color_box.itemText(i) for i in range(page.color_box.count())]
    assert names == list(pm.COLOR_NAMES) and len(set(names)) == 12 and "colour 2" not in names
    assert "Möbius strip" in [page.surface_box.itemText(i) for i in range(page.surface_box.count())]


@pytest.mark.slow
def test_nothing_in_the_panel_moves_when_the_surface_or_tool_changes(qtbot, main_window, page):
    main_window.resize(1120, 840)
    main_window.paste_text(SEED)
    qtbot.waitExposed(main_window)
    controls = [
        w
        for w in page.tool_panel.findChildren(QWidget)
        if w.isVisible() and isinstance(w, (QAbstractButton, QComboBox, QAbstractSpinBox))
    ]
    where = [w.mapTo(page, QPoint(0, 0)) for w in controls]
    for index in range(page.surface_box.count()):
        page.surface_box.setCurrentIndex(index)
        page.surface_box.activated.emit(index)
        QApplication.processEvents()
        assert [w.mapTo(page, QPoint(0, 0)) for w in controls] == where, page.surface_box.currentText()
    for tool in (None, "X", pm.TERRAIN):
        page.choose(tool)
        QApplication.processEvents()
        assert [w.mapTo(page, QPoint(0, 0)) for w in controls] == where, tool


# --- the solver in the window ---------------------------------------------------------------


def _wait_label(qtbot, page, start, timeout=30_000):
    qtbot.waitUntil(lambda: page.solver_label.text().startswith(start), timeout=timeout)


@pytest.mark.slow
def test_the_panel_says_whether_the_board_can_be_completed(qtbot, main_window, page):
    main_window.paste_text("R3k")  # an empty 3x20 rectangle
    _wait_label(qtbot, page, "Can be completed")
    main_window.paste_text("R88")
    _wait_label(qtbot, page, "Cannot be completed: 64 cells empty")


@pytest.mark.slow
def test_solve_fills_the_board_in_one_undoable_step(qtbot, main_window, page):
    main_window.paste_text("R3k")
    empty = page.board
    page.solve_button.click()
    qtbot.waitUntil(lambda: len(page.board.pieces) == 12, timeout=10_000)
    assert pm.is_complete(page.board) and pm.problems(page.board) == []
    assert pm.decode(_slug(main_window)) == page.board
    main_window.undo_action.trigger()
    assert page.board == empty


@pytest.mark.slow
def test_hint_places_one_piece(qtbot, main_window, page):
    main_window.paste_text("R3k")
    page.hint_button.click()
    qtbot.waitUntil(lambda: len(page.board.pieces) == 1, timeout=10_000)
    assert pm.problems(page.board) == []
    main_window.undo_action.trigger()
    assert page.board.pieces == ()


@pytest.mark.slow
def test_hint_on_a_complete_board_says_there_is_nothing_to_place(qtbot, main_window, page):
    main_window.paste_text("R3k")
    page.solve_button.click()
    qtbot.waitUntil(lambda: pm.is_complete(page.board), timeout=10_000)
    # Solve then lists the board's other completions to browse; that ends too.
    qtbot.waitUntil(lambda: not page.cancel_button.isVisibleTo(page), timeout=10_000)
    solved = page.board
    page.hint_button.click()
    assert main_window.statusBar().currentMessage() == "The board is complete: no piece is left to place"
    assert page.board == solved and page.hint_button.isEnabled() and not page.cancel_button.isVisibleTo(page)


def _on_thread(page):
    """Run the page's searches on a thread of this process rather than in their helper
    process, for a test that replaces a solver function here (the helper has its own)."""
    page.solver.check._quick.apart = None
    page.searches.job.apart = None


def _wait_quick_check(qtbot, page):
    """Wait for the panel's own answer to a new board ("Can be completed" or "Not known at a
    glance"), worked out on a thread of its own and written to the same line as a count."""
    qtbot.waitUntil(lambda: not page.solver_label.text().startswith("Checking"), timeout=30_000)


@pytest.mark.slow
def test_count_runs_in_the_background_and_can_be_cancelled(qtbot, main_window, page):
    main_window.paste_text("R4f")
    _wait_quick_check(qtbot, page)
    page.count_button.click()
    # The click returns while the count runs: its answer can only come through the event loop.
    assert page.cancel_button.isVisibleTo(page) and not page.solve_button.isEnabled()
    assert page.solver_label.text() == "Counting…"
    _wait_label(qtbot, page, "1,472 ways to complete the board", timeout=60_000)
    # The completions are listed next, to browse, with Cancel at hand until they are.
    qtbot.waitUntil(lambda: not page.cancel_button.isVisibleTo(page), timeout=60_000)
    assert page.solve_button.isEnabled() and page.completions_total.text() == "of 1,472"
    # A long count (the empty 6x10 rectangle, many seconds of work): the window keeps
    # answering and shows the count's progress as it comes.
    main_window.paste_text("R6a")
    _wait_quick_check(qtbot, page)
    answer = page.solver_label.text()
    page.count_button.click()
    qtbot.waitUntil(lambda: page.solver_label.text().endswith(" so far"), timeout=60_000)
    # Nothing between this check and the click lets the count's answer in, however fast
    # the count runs: Cancel always meets it running.
    assert page.cancel_button.isVisibleTo(page) and not page.solve_button.isEnabled()
    page.cancel_button.click()
    # The line says again what it said of this board before the count.
    assert page.solver_label.text() == answer and page.solve_button.isEnabled()
    assert main_window.statusBar().currentMessage() == "Stopped counting"
    assert not page.cancel_button.isVisibleTo(page)
    # Cancel stopped the count itself, not only its line: a solve, which waits on the same
    # thread for the count to end, fills the board in moments rather than after the count.
    page.solve_button.click()
    qtbot.waitUntil(lambda: len(page.board.pieces) == 12, timeout=10_000)
    assert pm.is_complete(page.board)


@pytest.mark.slow
@pytest.mark.parametrize("check", ["not yet started", "running"])
def test_the_quick_check_never_overwrites_an_answer_asked_for(qtbot, monkeypatch, main_window, page, check):
    """A person pastes a board and clicks Count at once, before or while the panel's own
    quick check of the new board runs: the count's answer stays, however late the quick
    check's answer comes. The quick check is held back until the count has answered."""
    from slugboard.codecs.pentomino import solver

    completable = solver.completable
    asked = threading.Event()
    held = threading.Event()

    def held_back(board, seconds, *, cancel):
        asked.set()
        held.wait(30)
        return completable(board, seconds, cancel=cancel)

    monkeypatch.setattr(solver, "completable", held_back)
    _on_thread(page)
    try:
        main_window.paste_text("R4f")
        if check == "running":
            qtbot.waitUntil(asked.is_set, timeout=10_000)
        # "not yet started": nothing has let the event loop run since the paste, so the
        # quick check's timer has not fired.
        page.count_button.click()
        assert page.solver_label.text() == "Counting…"
        _wait_label(qtbot, page, "1,472 ways to complete the board", timeout=60_000)
        # A moment more: the quick check's timer has had its turn, and its answer comes.
        qtbot.waitUntil(lambda: not page.solver.check._quick_timer.isActive(), timeout=10_000)
        held.set()
        qtbot.waitUntil(lambda: not page.solver.check._quick.busy, timeout=10_000)  # its answer has come
        QApplication.processEvents()
        assert page.solver_label.text() == "1,472 ways to complete the board, 368 up to its 4 symmetries"
        assert page.solve_button.isEnabled() and page.hint_button.isEnabled()
    finally:
        held.set()


@pytest.mark.slow
def test_an_edit_stops_a_running_count(qtbot, main_window, page):
    main_window.paste_text("R6a")
    page.count_button.click()
    _wait_label(qtbot, page, "Counting")
    _choose(qtbot, page, "X")
    _click(qtbot, page, 1, 1)
    assert len(page.board.pieces) == 1
    assert page.solve_button.isEnabled() and not page.cancel_button.isVisibleTo(page)
    assert not page.solver_label.text().startswith("Counting")


@pytest.mark.slow
@pytest.mark.parametrize("slug", ["Rzz", "R11", "R88XA33X035", "R88"])
def test_why_a_board_cannot_be_completed_fits_the_solver_line(qtbot, main_window, slug):
    assert main_window.paste_text(slug)
    page = main_window.page("pentomino")
    label = page.solver_label
    qtbot.waitUntil(lambda: label.text().startswith("Cannot be completed: "), timeout=5000)
    assert "1 cells" not in label.text()
    # Its room is kept whatever it says: the whole reason fits, nothing below it moves.
    assert label.heightForWidth(label.width()) <= label.height()


# --- the quick check after a solve, hint or count ends ---------------------------------------


@pytest.fixture
def checks(qtbot, monkeypatch, page):
    """The boards the panel's quick check is asked about from now on, in order (the check
    itself runs as ever, in its helper process). The check of the board the page opened on
    has answered first."""
    _wait_quick_check(qtbot, page)
    qtbot.waitUntil(lambda: not page.solver.check._quick.busy, timeout=10_000)
    submit = page.solver.check._quick.submit
    asked: list[pm.Board] = []

    def recorded(fn, board, *args, **kwargs):
        asked.append(board)
        submit(fn, board, *args, **kwargs)

    monkeypatch.setattr(page.solver.check._quick, "submit", recorded)
    return asked


_BUTTONS = {"solve": "solve_button", "hint": "hint_button", "count": "count_button"}
_STOPPED = {"solve": "Stopped solving", "hint": "Stopped looking for a hint", "count": "Stopped counting"}


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["solve", "hint", "count"])
def test_after_cancel_the_panel_checks_the_board_again(qtbot, main_window, page, checks, kind):
    """A person places a piece and presses Solve, Hint or Count before the panel has said
    whether the board can be completed, then Cancel: the panel checks the board then, once,
    with no further edit."""
    main_window.paste_text("R6a")
    _wait_label(qtbot, page, "Can be completed")
    _choose(qtbot, page, "I")
    _click(qtbot, page, 2, 0)
    board = page.board
    assert pm.encode(board) == "R6aIA20_0u1v2Lw3Px4Ny5Tz"  # the I in its own colour, 1
    getattr(page, _BUTTONS[kind]).click()
    assert checks == [pm.with_distinct_colors(pm.decode("R6a"))]  # the new board's check had not started
    if kind == "count":
        qtbot.waitUntil(lambda: page.solver_label.text().endswith(" so far"), timeout=60_000)
    page.cancel_button.click()
    assert main_window.statusBar().currentMessage() == _STOPPED[kind]
    assert page.solver_label.text() == "Checking…"
    _wait_label(qtbot, page, "Can be completed")
    assert page.solver_label.text() == "Can be completed"
    assert checks == [pm.with_distinct_colors(pm.decode("R6a")), board]
    assert page.board == board  # the search stopped: its answer, if it came, changed nothing
    assert page.solve_button.isEnabled() and not page.cancel_button.isVisibleTo(page)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["solve", "hint", "count"])
def test_after_cancel_an_answer_already_given_comes_back_at_once(qtbot, main_window, page, checks, kind):
    main_window.paste_text("R88")
    _wait_label(qtbot, page, "Cannot be completed: 64 cells empty")
    answer = page.solver_label.text()
    main_window.paste_text("R6a")
    _wait_label(qtbot, page, "Can be completed")
    getattr(page, _BUTTONS[kind]).click()
    assert page.solver_label.text() != "Can be completed"
    page.cancel_button.click()
    assert page.solver_label.text() == "Can be completed"
    assert main_window.statusBar().currentMessage() == _STOPPED[kind]
    # Undo goes back to a board checked before the last one: checked again, and answered.
    main_window.undo_action.trigger()
    assert page.solver_label.text() == "Checking…"
    _wait_label(qtbot, page, answer)
    assert checks == [pm.with_distinct_colors(pm.decode(s)) for s in ("R88", "R6a", "R88")]


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["solve", "hint", "count"])
def test_after_a_failed_search_the_panel_checks_the_board_again(qtbot, monkeypatch, main_window, page, checks, kind):
    from slugboard.codecs.pentomino import solver

    def fails(board, *, cancel, **_progress):
        raise MemoryError("out of memory")

    monkeypatch.setattr(solver, kind, fails)
    _on_thread(page)
    main_window.paste_text("R4f")
    getattr(page, _BUTTONS[kind]).click()
    assert checks == []
    _wait_label(qtbot, page, "Can be completed")
    assert page.solver_label.text() == "Can be completed"
    assert main_window.statusBar().currentMessage() == "The search failed: out of memory"
    assert checks == [pm.with_distinct_colors(pm.decode("R4f"))]
    assert page.board == pm.with_distinct_colors(pm.decode("R4f"))
    assert page.solve_button.isEnabled() and not page.cancel_button.isVisibleTo(page)


@pytest.mark.slow
def test_when_the_quick_check_fails_too_the_panel_says_so(qtbot, monkeypatch, main_window, page):
    from slugboard.codecs.pentomino import solver

    def fails(board, *args, cancel, **_progress):
        raise MemoryError("out of memory")

    monkeypatch.setattr(solver, "count", fails)
    monkeypatch.setattr(solver, "completable", fails)
    _on_thread(page)
    main_window.paste_text("R4f")
    page.count_button.click()
    _wait_label(qtbot, page, "Could not check this board")
    assert main_window.statusBar().currentMessage() == "The search failed: out of memory"


def _checks_settled(qtbot, page) -> None:
    """Wait until no quick check is put off to a moment after an edit, nor running: every
    check that was to be asked has been asked, and answered."""
    qtbot.waitUntil(
        lambda: not page.solver.check._quick_timer.isActive() and not page.solver.check._quick.busy, timeout=10_000
    )


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "pieces"), [("solve", 12), ("hint", 1)])
def test_a_completion_found_answers_the_question(qtbot, main_window, page, checks, kind, pieces, monkeypatch):
    """Solve and Hint found a completion through the board they leave: the panel says at
    once that it can be completed, with no quick check, which on a large board could only
    say it does not know."""
    from slugboard.gui.pentomino import check as check_module

    # The check after the undo answers whatever the machine's load: its time limit is not what is tested here.
    monkeypatch.setattr(check_module, "QUICK_CHECK_SECONDS", 30)
    main_window.paste_text("R3k")
    getattr(page, _BUTTONS[kind]).click()
    qtbot.waitUntil(lambda: len(page.board.pieces) == pieces, timeout=10_000)
    assert page.solver_label.text() == "Can be completed"
    _checks_settled(qtbot, page)
    assert page.solver_label.text() == "Can be completed"
    assert checks == []
    # Undo shows the board from before, which no check has answered yet.
    main_window.undo_action.trigger()
    assert page.solver_label.text() == "Checking…"
    _wait_label(qtbot, page, "Can be completed")
    assert checks == [pm.with_distinct_colors(pm.decode("R3k"))]


_NOT_FIVES = "Cannot be completed: 64 cells empty, not a multiple of five (each piece covers five)"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("slug", "kind", "said"),
    [
        ("R4f", "count", "1,472 ways to complete the board, 368 up to its 4 symmetries"),
        ("R88", "count", "0 ways to complete the board"),
        ("R88", "solve", _NOT_FIVES),
        ("R88", "hint", _NOT_FIVES),
    ],
)
def test_a_search_that_answered_is_not_checked_again(qtbot, main_window, page, checks, slug, kind, said):
    main_window.paste_text(slug)
    getattr(page, _BUTTONS[kind]).click()
    _wait_label(qtbot, page, said, timeout=60_000)
    _checks_settled(qtbot, page)
    assert page.solver_label.text() == said
    assert checks == []


@pytest.mark.slow
def test_no_check_runs_while_another_search_does(qtbot, monkeypatch, main_window, page, checks):
    """Cancel, and Solve at once: the check Cancel asked for waits for its moment, and the
    solve stops it; the solve's completion answers instead."""
    main_window.paste_text("R6a")
    page.count_button.click()
    page.cancel_button.click()
    assert page.solver_label.text() == "Checking…"
    page.solve_button.click()
    assert page.solver_label.text() == "Solving…"
    qtbot.waitUntil(lambda: len(page.board.pieces) == 12, timeout=10_000)
    assert page.solver_label.text() == "Can be completed"
    _checks_settled(qtbot, page)
    assert checks == []


@pytest.mark.slow
def test_an_edit_during_a_count_is_checked_once(qtbot, main_window, page, checks):
    main_window.paste_text("R6a")
    page.count_button.click()
    qtbot.waitUntil(lambda: page.solver_label.text().endswith(" so far"), timeout=60_000)
    _choose(qtbot, page, "I")
    _click(qtbot, page, 2, 0)
    assert page.solve_button.isEnabled() and not page.cancel_button.isVisibleTo(page)
    assert page.solver_label.text() == "Checking…"
    _wait_label(qtbot, page, "Can be completed")
    _checks_settled(qtbot, page)
    assert checks == [pm.place(pm.with_distinct_colors(pm.decode("R6a")), "I", 2, 0, 0, False)]


def test_the_summary_counts_one_piece_in_the_singular(qtbot, main_window):
    main_window.paste_text("R88XA33")
    page = main_window.page("pentomino")
    assert page.summary_label.text().startswith("1 piece, 0 terrain, 5 of 64 cells covered: 59 empty cells")


# --- what a new user met (issue 38, items 8, 9 and 11) ------------------------------------


def test_the_piece_in_hand_is_not_drawn_once_the_pointer_leaves(qtbot, page):
    _choose(qtbot, page, "W")
    qtbot.mouseMove(page.canvas, _point(page, 4, 2))
    assert page.canvas.ghost() == ("W", 4, 2, 0, False)
    QApplication.sendEvent(page.canvas, QEvent(QEvent.Type.Leave))
    assert page.canvas.ghost() is None
    # The arrow keys bring a cursor back, and the piece with it.
    qtbot.keyClick(page.canvas, Qt.Key.Key_Right)
    assert page.canvas.ghost() is not None


def test_a_pasted_board_shows_no_piece_in_hand_until_the_pointer_moves(qtbot, main_window, page):
    _choose(qtbot, page, "I")
    qtbot.mouseMove(page.canvas, _point(page, 0, 1))
    assert page.canvas.ghost() is not None
    main_window.paste_text("R6a")
    assert page.canvas.ghost() is None
    assert page.problems_label.text() == "No conflicts"
    qtbot.mouseMove(page.canvas, _point(page, 2, 3))
    assert page.canvas.ghost() == ("I", 2, 3, 0, False)


@pytest.mark.slow
def test_after_hint_places_the_piece_in_hand_a_click_places_no_second_copy(qtbot, main_window, page):
    main_window.paste_text("R3k")
    page.solve_button.click()
    qtbot.waitUntil(lambda: pm.is_complete(page.board), timeout=10_000)
    # Take the I off again and hold an I: the only piece a hint can place is the I.
    lone = next(p for p in page.board.pieces if p.name == "I")
    page.set_board(pm.remove_at(page.board, lone.row, lone.col), "Take the I off")
    _choose(qtbot, page, "I")
    page.hint_button.click()
    qtbot.waitUntil(lambda: pm.is_complete(page.board), timeout=10_000)
    assert page.tool_name is None and page.canvas.ghost() is None
    done = page.board
    empty_hand_click = _point(page, 0, 0)
    qtbot.mouseClick(page.canvas, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, empty_hand_click)
    assert sum(1 for p in page.board.pieces if p.name == "I") <= 1
    assert page.board.pieces == done.pieces or len(page.board.pieces) == 11  # picked up, never doubled


@pytest.mark.slow
def test_new_and_colourless_boards_give_each_piece_a_colour_of_its_own(qtbot, main_window, page):
    assert len(set(pm.new_board().colors)) == 12
    main_window.paste_text("R3k")  # a slug that names no colour
    assert len(set(page.board.colors)) == 12
    page.solve_button.click()
    qtbot.waitUntil(lambda: pm.is_complete(page.board), timeout=10_000)
    assert len({page.board.color_of(p.name) for p in page.board.pieces}) == 12
    # A slug with colours keeps them.
    main_window.paste_text(SEED)
    assert page.board.colors == pm.decode(SEED).colors
    main_window.paste_text("R6a_0p1W")
    assert page.board.colors == pm.decode("R6a_0p1W").colors


def test_the_caption_stays_plain_once_a_piece_is_placed(qapp):
    empty = pm.decode("R88")
    placed = pm.place(empty, "X", 3, 3, 0, False)
    first, second = render_image("pentomino", empty), render_image("pentomino", placed)
    assert first.size() == second.size()
    strip = (0, first.height() - 22, first.width(), 22)
    assert first.copy(*strip) == second.copy(*strip)
    # A painter used for a board with pieces leaves its own font as it found it too.
    image = QImage(first.size(), QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    view.paint(painter, QRectF(image.rect()), placed, QApplication.palette())
    assert not painter.font().bold()
    painter.end()


@pytest.mark.slow
def test_make_puzzle_places_pieces_with_one_completion(qtbot, main_window, page):
    main_window.paste_text("R6a")
    empty = page.board
    page.puzzle_button.click()
    qtbot.waitUntil(lambda: bool(page.board.pieces), timeout=30_000)
    from slugboard.codecs.pentomino import solver

    assert solver.count(page.board) == (1, True)
    assert page.board.colors == empty.colors and (page.board.height, page.board.width) == (6, 10)
    assert main_window.statusBar().currentMessage().startswith("A puzzle with one completion")
    main_window.undo_action.trigger()
    assert page.board == empty


@pytest.mark.slow
def test_count_shows_the_share_of_the_search_done(qtbot, main_window, page):
    main_window.paste_text("R6a")
    _wait_quick_check(qtbot, page)
    page.count_button.click()
    qtbot.waitUntil(lambda: "% of the search done" in page.solver_label.text(), timeout=60_000)
    qtbot.waitUntil(lambda: page.progress.value() > 0, timeout=60_000)
    # The field beside Cancel says it too, not only the bar's length.
    assert page.progress.isTextVisible() and page.progress.text().endswith("% of the parts")
    _wait_label(qtbot, page, "9,356 ways to complete the board", timeout=120_000)
    assert page.solver_label.text() == "9,356 ways to complete the board, 2,339 up to its 4 symmetries"


@pytest.mark.slow
def test_completions_left_after_each_edit(qtbot, main_window, page):
    main_window.paste_text("R3k")  # 8 completions
    qtbot.waitUntil(lambda: page.left_label.text() == "Completions left: 8", timeout=30_000)
    from slugboard.codecs.pentomino import solver

    done = solver.solve(page.board)
    piece = done.pieces[0]
    page.set_board(pm.place(page.board, piece.name, piece.row, piece.col, piece.rotation, piece.reflected), "Place")
    expected = solver.count(page.board, engine="python")[0]
    assert 1 <= expected < 8
    qtbot.waitUntil(lambda: page.left_label.text() == f"Completions left: {expected:,}", timeout=30_000)
    main_window.paste_text("R88")  # cannot be completed: nothing is said of completions left
    _wait_label(qtbot, page, "Cannot be completed")
    assert page.left_label.text() == ""


@pytest.mark.slow
def test_count_says_how_many_completions_there_are_up_to_the_boards_symmetries(qtbot, main_window, page):
    """As the literature quotes them: the 3x20 rectangle has 8 tilings, 2 once its turns and
    mirror images count as one; the progress bar beside Cancel says how far the count is."""
    main_window.paste_text("R3k")
    _wait_quick_check(qtbot, page)
    page.count_button.click()
    assert page.progress.isVisibleTo(page) and page.progress.isTextVisible()
    _wait_label(qtbot, page, "8 ways to complete the board", timeout=120_000)
    assert page.solver_label.text() == "8 ways to complete the board, 2 up to its 4 symmetries"
    # A board that keeps no symmetry says its count alone.
    main_window.paste_text("R6aV209Z115W127X038")
    _wait_quick_check(qtbot, page)
    page.count_button.click()
    _wait_label(qtbot, page, "7 ways", timeout=120_000)
    assert page.solver_label.text() == "7 ways to complete the board"

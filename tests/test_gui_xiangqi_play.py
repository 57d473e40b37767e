"""Play mode as a person uses it: set up a position, switch to Play, move by clicks and
drags, see refusals, check and checkmate, walk the move list, undo and redo, copy and
paste the moves, and the slug pane and Copy FEN following every move."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication

from slugboard.codecs import xiangqi

# Black's general on d9 and a soldier; Red's rooks on a1 and b0, Red's general on e0.
SET_UP = "3k5/9/9/8p/9/9/9/9/R8/1R2K4 w"


def _at(page, square):
    centre = page.canvas.square_center(square)
    return QPoint(round(centre.x()), round(centre.y()))


def _click(qtbot, page, square):
    qtbot.mouseClick(page.canvas, Qt.MouseButton.LeftButton, pos=_at(page, square))


def _drag(qtbot, page, source, target):
    start, end = _at(page, source), _at(page, target)
    qtbot.mousePress(page.canvas, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(page.canvas, QPoint((start.x() + end.x()) // 2, (start.y() + end.y()) // 2))
    qtbot.mouseMove(page.canvas, end)
    qtbot.mouseRelease(page.canvas, Qt.MouseButton.LeftButton, pos=end)


def _sq(name: str) -> int:
    return xiangqi.parse_iccs(name + name)[0]


def _set_up(qtbot, main_window, fen=SET_UP):
    QGuiApplication.clipboard().setText(fen)
    main_window.setFocus()
    main_window.paste_action.trigger()
    page = main_window.page("xiangqi")
    assert page.board == xiangqi.from_fen(fen)
    qtbot.mouseClick(page.mode_buttons["play"], Qt.MouseButton.LeftButton)
    assert page.mode == "play" and page.play_box.isVisible() and not page.edit_box.isVisible()
    return page


def test_a_whole_game_to_checkmate_with_clicks(qtbot, main_window):
    page = _set_up(qtbot, main_window)
    assert page.result_label.text() == "Red to move."
    # Pick up the rook on a1: its legal points are marked.
    _click(qtbot, page, _sq("a1"))
    assert page.canvas.held == _sq("a1")
    assert _sq("a8") in page.canvas.legal and _sq("b1") in page.canvas.legal and _sq("b0") not in page.canvas.legal
    _click(qtbot, page, _sq("a8"))
    assert page.board.cells[_sq("a8")] == "R" and not page.board.red_to_move
    assert main_window.slug_pane.slug_text() == xiangqi.encode(page.board)
    # Black tries to step onto the file of Red's general: refused with the reason, nothing moves.
    before = page.board
    _click(qtbot, page, _sq("d9"))
    _click(qtbot, page, _sq("e9"))
    assert page.board == before
    assert page.refusal_label.text() == (
        "K4=5 將４平５ is not allowed: the generals would face each other on an open file"
    )
    _click(qtbot, page, _sq("d9"))  # put it down again
    _drag(qtbot, page, _sq("i6"), _sq("i5"))
    assert page.board.red_to_move and page.refusal_label.text() == ""
    _drag(qtbot, page, _sq("b0"), _sq("b9"))
    assert xiangqi.result(page.board) == "checkmate"
    assert page.result_label.text() == "<b>Checkmate: Red wins.</b>"
    assert page.canvas.marked == (_sq("d9"),)  # the general in check is ringed
    assert [page.move_list.item(i).text() for i in range(page.move_list.count())] == [
        "Start",
        "1. R9+7   俥九進七",
        "1… P9+1   卒９進１",
        "2. R8+9   俥八進九",
    ]
    # The game is over: no piece moves any more.
    _drag(qtbot, page, _sq("i5"), _sq("i4"))
    assert xiangqi.result(page.board) == "checkmate"
    # Copy FEN and the slug follow the position on screen.
    page.play_buttons["Copy FEN"].click()
    # Three plies, no capture: the half-move clock is 3, and Black's half of move 2 is next.
    assert QGuiApplication.clipboard().text() == xiangqi.to_fen(page.board) + " - - 3 2"
    assert xiangqi.decode(main_window.slug_pane.slug_text()).cells == page.board.cells


@pytest.mark.slow
def test_move_list_undo_redo_start_again_and_notation(qtbot, main_window):
    page = _set_up(qtbot, main_window, xiangqi.OPENING_FEN)
    for source, target in (("h2", "e2"), ("h9", "g7"), ("h0", "g2")):
        _click(qtbot, page, _sq(source))
        _click(qtbot, page, _sq(target))
    assert page.move_list.count() == 4
    # Back to the first move by clicking it in the list.
    page.move_list.itemClicked.emit(page.move_list.item(1))
    assert page.board == xiangqi.play(xiangqi.new_board(), xiangqi.parse_iccs("h2e2"))
    assert page.move_list.currentRow() == 1 and page.move_list.count() == 4
    assert main_window.slug_pane.slug_text() == xiangqi.encode(page.board)
    page.play_buttons["Copy FEN"].click()
    assert xiangqi.from_fen(QGuiApplication.clipboard().text()) == page.board
    page.undo_stack.undo()  # back to the position after move 3
    assert page.move_list.currentRow() == 3
    page.undo_stack.undo()
    assert page.move_list.currentRow() == 2
    page.undo_stack.redo()
    assert page.move_list.currentRow() == 3
    page.play_buttons["Copy moves"].click()
    # The FEN comes with the moves, so that Paste moves replays them from where they start.
    opening = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
    assert QGuiApplication.clipboard().text() == f"{opening}\n1. C2=5 H8+7\n2. H2+3"
    # Playing from an earlier move drops the moves after it.
    page.go_to_ply(1)
    _click(qtbot, page, _sq("b9"))
    _click(qtbot, page, _sq("c7"))
    assert page.move_list.count() == 3 and page.move_list.item(2).text() == "1… H2+3   馬２進３"
    page.play_buttons["Start again"].click()
    assert page.board == xiangqi.new_board() and page.move_list.count() == 1


def test_paste_a_move_list_replays_it(qtbot, main_window):
    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    QGuiApplication.clipboard().setText("4k4/9/9/9/9/9/9/9/R8/3K5 w 1. R9+4 K5=6")
    assert page.paste_moves(), page.refusal_label.text()
    assert page.mode == "play" and page.move_list.count() == 3
    assert page.board.cells[_sq("f9")] == "k" and page.board.cells[_sq("a5")] == "R"
    QGuiApplication.clipboard().setText("C2=5 H8+7 h0g2")
    assert page.paste_moves()
    assert page.game_start == xiangqi.new_board() and len(page.game_moves) == 3
    QGuiApplication.clipboard().setText("C2=5 C2=5 R1+9")
    assert not page.paste_moves()
    assert page.refusal_label.text().startswith("Moves not replayed:") and "R1+9" in page.refusal_label.text()


def test_a_move_list_from_a_position_that_cannot_be_played_changes_nothing(qtbot, main_window):
    page = _set_up(qtbot, main_window, xiangqi.OPENING_FEN)
    _click(qtbot, page, _sq("h2"))
    _click(qtbot, page, _sq("e2"))
    board, slug, steps = page.board, main_window.slug_pane.slug_text(), page.undo_stack.count()
    # Red's rook checks Black's general with Red to move: no game starts there.
    QGuiApplication.clipboard().setText("4k4/9/9/9/9/9/9/9/4R4/3K5 w 1. K6+1")
    assert not page.paste_moves()
    assert "cannot be played" in page.refusal_label.text()
    assert page.board == board and main_window.slug_pane.slug_text() == slug
    assert page.undo_stack.count() == steps
    assert page.mode == "play" and page.play_box.isVisible() and not page.edit_box.isVisible()
    assert page.move_list.count() == 2
    # A good list is one step of history, undone in one.
    QGuiApplication.clipboard().setText("C2=5 H8+7 h0g2")
    assert page.paste_moves()
    assert page.undo_stack.count() == steps + 1
    page.undo_stack.undo()
    assert page.board == board


@pytest.mark.slow
def test_undo_back_into_the_set_up_and_redo_bring_the_game_back(qtbot, main_window):
    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    main_window.paste_text(xiangqi.OPENING_FEN)
    page.remove(_sq("a6"))  # an edit of the set-up, then a game from it
    set_up = page.board
    qtbot.mouseClick(page.mode_buttons["play"], Qt.MouseButton.LeftButton)
    for source, target in (("h2", "e2"), ("h9", "g7"), ("e2", "e6")):
        _click(qtbot, page, _sq(source))
        _click(qtbot, page, _sq(target))
    final, moves = page.board, list(page.game_moves)
    assert len(moves) == 3
    for _ in range(4):  # the three moves, and the edit before the game
        page.undo_stack.undo()
    assert page.board.cells[_sq("a6")] == "p" and page.mode == "play" and page.move_list.count() == 1
    for _ in range(4):
        page.undo_stack.redo()
    assert page.board == final
    assert page.game_start == set_up and page.game_moves == moves
    assert page.move_list.count() == 4 and page.move_list.currentRow() == 3
    page.play_buttons["Start again"].click()
    assert page.board == set_up


def test_undo_in_play_mode_to_a_set_up_no_game_starts_from_goes_back_to_edit(qtbot, main_window):
    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    page.action_buttons["Clear board"].click()
    main_window.paste_text(SET_UP)
    qtbot.mouseClick(page.mode_buttons["play"], Qt.MouseButton.LeftButton)
    assert page.mode == "play"
    page.undo_stack.undo()  # the empty board: no general
    assert page.mode == "edit" and page.edit_box.isVisible() and not page.play_box.isVisible()
    assert page.mode_buttons["edit"].isChecked()
    assert "cannot be played" in main_window.statusBar().currentMessage()


def test_a_position_that_cannot_be_played_stays_in_edit(qtbot, main_window):
    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    page.action_buttons["Clear board"].click()
    qtbot.mouseClick(page.mode_buttons["play"], Qt.MouseButton.LeftButton)
    assert page.mode == "edit" and page.mode_buttons["edit"].isChecked()


def test_ctrl_2_and_ctrl_1_switch_modes_from_the_keyboard(qtbot, main_window):
    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    page.canvas.setFocus()
    qtbot.keyClick(page.canvas, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert page.mode == "play" and page.canvas.playing
    # In play a right click removes nothing.
    before = page.board
    qtbot.mouseClick(page.canvas, Qt.MouseButton.RightButton, pos=_at(page, _sq("a0")))
    assert page.board == before
    qtbot.keyClick(page.canvas, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    assert page.mode == "edit" and not page.canvas.playing and page.edit_box.isVisible()


def test_a_position_pasted_with_its_moves_opens_as_that_game(qtbot, main_window):
    page = main_window.page("xiangqi")
    steps = page.undo_stack.count()
    assert main_window.paste_text("4k4/9/9/9/9/9/9/9/R8/3K5 w 1. R9+4 K5=6")
    assert main_window.current_page() is page and page.mode == "play"
    assert page.game_start == xiangqi.from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w") and len(page.game_moves) == 2
    assert page.move_list.count() == 3 and page.undo_stack.count() == steps + 1
    assert main_window.slug_pane.slug_text() == xiangqi.encode(page.board)
    assert main_window.statusBar().currentMessage() == "Replayed 2 moves"
    # A position alone opens as it is.
    assert main_window.paste_text("4k4/9/9/9/9/9/9/9/R8/3K5 w")
    assert page.board == xiangqi.from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w")


@pytest.mark.slow
def test_moves_that_cannot_be_replayed_are_said_not_dropped(qtbot, main_window):
    """A FEN followed by more moves than a list may hold opens as the position, and the
    page says the moves were not replayed, and why."""
    page = main_window.page("xiangqi")
    fen = "4k4/9/9/9/9/9/9/9/3R5/3K5 w"
    assert main_window.paste_text(fen + " d1d5 e9f9 d5d1 f9e9" * 1001)
    assert main_window.current_page() is page and page.board == xiangqi.from_fen(fen)
    said = "Moves not replayed: a move list is at most 20,000 characters"
    assert page.refusal_label.text() == said
    assert main_window.statusBar().currentMessage() == said
    assert main_window.paste_text(fen + " d1d5 a0a5")
    assert page.refusal_label.text() == "Moves not replayed: a0a5 is not a legal move here"


def _two_moves(qtbot, main_window):
    page = _set_up(qtbot, main_window)
    for source, target in (("a1", "a8"), ("i6", "i5")):
        _click(qtbot, page, _sq(source))
        _click(qtbot, page, _sq(target))
    return page, page.board, list(page.game_moves)


def test_undo_after_start_again_brings_the_moves_back(qtbot, main_window):
    page, final, moves = _two_moves(qtbot, main_window)
    page.play_buttons["Start again"].click()
    assert page.board == xiangqi.from_fen(SET_UP) and page.move_list.count() == 1
    main_window.undo_action.trigger()
    assert page.board == final and page.game_moves == moves and page.game_ply == 2
    assert page.game_start == xiangqi.from_fen(SET_UP) and page.move_list.currentRow() == 2


def test_undo_past_a_new_game_from_the_same_position_brings_the_old_moves_back(qtbot, main_window):
    page, final, moves = _two_moves(qtbot, main_window)
    # Edit, then Play again: a new game from the position on screen.
    qtbot.mouseClick(page.mode_buttons["edit"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.mode_buttons["play"], Qt.MouseButton.LeftButton)
    assert page.game_start == final and page.game_moves == [] and page.move_list.count() == 1
    main_window.undo_action.trigger()
    assert page.board == page.positions()[1] and page.game_moves == moves and page.game_ply == 1
    assert page.game_start == xiangqi.from_fen(SET_UP) and page.move_list.count() == 3


def test_one_move_pasted_is_counted_in_the_singular(qtbot, main_window):
    assert main_window.paste_text("4k4/9/9/9/9/9/9/9/R8/3K5 w 1. R9+4")
    assert main_window.statusBar().currentMessage() == "Replayed 1 move"


@pytest.mark.slow
def test_a_position_pasted_with_text_that_is_not_moves_is_refused_not_opened_alone(qtbot, main_window):
    """A FEN followed by words that are not moves does not open as the position alone (the
    words dropped without a word): the paste is refused at the first such word, short or
    long (read in the background)."""
    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    before = page.board
    fen = "4k4/9/9/9/9/9/9/9/3R5/3K5 w"
    assert not main_window.paste_text(fen + " d1d5 then more")
    assert page.board == before
    said = main_window.slug_pane.error_text()
    # The first word that is not a move is named and marked: "then", character 34.
    assert "Not opened. This Xiangqi position cannot be read (character 34): &#x27;then&#x27; after t" in said
    assert "d1d5 <span style='background:#d32f2f;color:white'>t</span>hen more" in said
    main_window.paste_text(fen + " d1d5 " + "y" * 200_000)
    qtbot.waitUntil(lambda: not main_window.opening() and "Not opened." in main_window.slug_pane.error_text())
    assert page.board == before
    assert "cannot be read (character 34): &#x27;yyyy" in main_window.slug_pane.error_text()


@pytest.mark.slow
def test_the_chinese_moves_follow_the_script_chosen_in_the_view_menu_and_it_is_kept(qtbot, main_window, open_window):
    """View > Simplified Chinese moves: the move list and the status line write 马８进７
    rather than 馬８進７, and the next start keeps the choice; the moves read the same."""
    from PySide6.QtGui import QAction

    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    assert main_window.paste_text(xiangqi.OPENING_FEN + " 1. C2=5 H8+7 2. H2+3")
    rows = lambda p: [p.move_list.item(i).text() for i in range(1, p.move_list.count())]  # noqa: E731
    assert rows(page) == ["1. C2=5   炮二平五", "1… H8+7   馬８進７", "2. H2+3   傌二進三"]
    action = next(a for a in main_window.findChildren(QAction) if a.objectName() == "xiangqi:toggle_script")
    assert action.isCheckable() and not action.isChecked() and action.isVisible()
    action.trigger()
    assert action.isChecked()
    assert rows(page) == ["1. C2=5   炮二平五", "1… H8+7   马８进７", "2. H2+3   马二进三"]
    assert main_window.statusBar().currentMessage() == "Chinese moves in simplified script"
    shown = rows(page)
    main_window.close()
    again = open_window().page("xiangqi")
    assert again.script == "simplified" and rows(again) == shown
    # The simplified moves read back as the same game.
    simplified = xiangqi.parse_game(f"{xiangqi.OPENING_FEN} 1. 炮二平五 马８进７ 2. 马二进三")
    assert simplified == xiangqi.parse_game(f"{xiangqi.OPENING_FEN} 1. C2=5 H8+7 2. H2+3")

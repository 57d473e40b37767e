"""Browsing a pentomino board's completions as a person does: Count (or Solve), then step
through them with ◀ and ▶, the number box and the Game menu's keys; each shown board is a
complete tiling with the person's pieces in it, all distinct, the very set a brute force
finds; the slug pane and Copy link give the completion shown; Take it puts one on the board
as one undoable step; an edit, or a click on the board, ends browsing; a board with more
completions than are kept says so."""

from __future__ import annotations

import pytest
from processes import linux_only, wait_ended
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication

from pentomino_oracle import rectangle_tilings, tiling_of
from slugboard.codecs import pentomino as pm
from slugboard.codecs.pentomino import solver

SEVEN = "R6aV209Z115W127X038"  # a 6x10 rectangle with V, Z, W and X placed: 7 completions


@pytest.fixture
def page(main_window):
    page = main_window.page("pentomino")
    main_window.tabs.setCurrentWidget(page)
    page.canvas.setFocus()
    return page


def _listed(qtbot, page, total: str, timeout: int = 30_000) -> None:
    """Wait until the listing is over (its Cancel gone) and the box says `total` ("of 7")."""
    qtbot.waitUntil(
        lambda: not page.cancel_button.isVisibleTo(page) and page.completions_total.text() == total,
        timeout=timeout,
    )


def _count_and_list(qtbot, main_window, page, slug: str, total: str) -> pm.Board:
    main_window.paste_text(slug)
    board = page.board
    qtbot.mouseClick(page.count_button, Qt.MouseButton.LeftButton)
    _listed(qtbot, page, total)
    return board


def _solve_and_list(qtbot, main_window, page, slug: str) -> pm.Board:
    """Solve (quicker to start than Count, which starts processes): the board is filled,
    and its other completions are listed to browse. Returns the solved board."""
    main_window.paste_text(slug)
    qtbot.mouseClick(page.solve_button, Qt.MouseButton.LeftButton)
    _listed(qtbot, page, "of 7")
    return page.board


def _shown(main_window, page) -> pm.Board:
    """The completion on screen, checked to be what the canvas and the slug pane show."""
    shown = page.shown_board()
    assert page.canvas.board is shown
    assert main_window.slug_pane.slug_text() == pm.encode(shown)
    return shown


@pytest.mark.slow
def test_step_through_every_completion_with_the_buttons_the_box_and_the_keys(qtbot, main_window, page):
    own = _count_and_list(qtbot, main_window, page, SEVEN, "of 7")
    history = page.undo_stack.count()
    assert page.solver_label.text() == "7 ways to complete the board"
    assert page.completion_box.value() == 1 and not page.previous_button.isEnabled()
    seen = [_shown(main_window, page)]
    for number in range(2, 8):
        qtbot.mouseClick(page.next_button, Qt.MouseButton.LeftButton)
        assert page.completion_box.value() == number
        seen.append(_shown(main_window, page))
    assert not page.next_button.isEnabled()
    own_cells = {(p.name, p.row, p.col) for p in own.pieces}
    for shown in seen:
        assert pm.is_complete(shown) and pm.problems(shown) == []
        assert set(own.pieces) <= set(shown.pieces) and len(shown.pieces) == 12
    assert len({tiling_of(b) for b in seen}) == 7  # all distinct
    assert {tiling_of(b) for b in seen} == rectangle_tilings(own)  # the brute force's set
    assert seen[0] == solver.solve(own)
    # Back again with ◀, each the same board as before.
    for number in range(6, 0, -1):
        qtbot.mouseClick(page.previous_button, Qt.MouseButton.LeftButton)
        assert page.completion_box.value() == number and _shown(main_window, page) == seen[number - 1]
    # The number box: type a number and press Enter.
    box = page.completion_box
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, "5")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert _shown(main_window, page) == seen[4]
    # The person's pieces stay theirs; the ones the completion adds are drawn pale.
    assert page.canvas.added == {(p.name, p.row, p.col) for p in seen[4].pieces} - own_cells
    # The Game menu's keys, from the board.
    page.canvas.setFocus()
    qtbot.keyClick(page.canvas, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    assert _shown(main_window, page) == seen[5]
    qtbot.keyClick(page.canvas, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert _shown(main_window, page) == seen[3] and box.value() == 4
    # All the while the person's board and its history stayed as they were.
    assert page.board == own and page.undo_stack.count() == history


@pytest.mark.slow
def test_the_menu_actions_have_keys_tips_and_follow_what_can_be_done(qtbot, main_window, page):
    actions = {a.objectName(): a for a in main_window.game_actions.actions("pentomino")}
    keys = {
        "next_completion": "Alt+Right",
        "previous_completion": "Alt+Left",
        "take_completion": "Ctrl+Shift+T",
        "stop_browsing": "Ctrl+Shift+B",
    }
    for slot, key in keys.items():
        action = actions[f"pentomino:{slot}"]
        assert action.shortcut().toString() == key and action.toolTip()
        assert not action.isEnabled()  # nothing to browse yet
    for button in (page.previous_button, page.next_button, page.take_button, page.back_button, page.completion_box):
        assert button.toolTip() and not button.isEnabled()
    _solve_and_list(qtbot, main_window, page, SEVEN)
    assert actions["pentomino:next_completion"].isEnabled()
    assert not actions["pentomino:previous_completion"].isEnabled()
    assert actions["pentomino:take_completion"].isEnabled()
    actions["pentomino:next_completion"].trigger()
    assert page.completion_box.value() == 2 and actions["pentomino:previous_completion"].isEnabled()
    actions["pentomino:stop_browsing"].trigger()
    assert page.shown_board() is page.board and not actions["pentomino:take_completion"].isEnabled()


@pytest.mark.slow
def test_copy_link_gives_the_completion_shown(qtbot, main_window, page, tmp_path):
    own = _solve_and_list(qtbot, main_window, page, SEVEN)
    qtbot.mouseClick(page.next_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.next_button, Qt.MouseButton.LeftButton)
    shown = page.shown_board()
    assert shown != own
    qtbot.mouseClick(main_window.slug_pane.copy_link_button, Qt.MouseButton.LeftButton)
    link = QGuiApplication.clipboard().text()
    assert link == pm.share_url(shown) and link.startswith("https://pentominoes.river.me/")
    assert pm.decode(link) == shown and pm.is_complete(pm.decode(link))
    # Save board as and the exports give the board on screen too, drawn as it is shown.
    path = tmp_path / "board.txt"
    assert main_window.save_board_to(str(path))
    assert path.read_text(encoding="utf-8").strip() == link
    assert page.export_state() == {"added": page.canvas.added} and page.canvas.added
    # Back to one's own board: the slug pane shows it again.
    qtbot.mouseClick(page.back_button, Qt.MouseButton.LeftButton)
    assert main_window.slug_pane.slug_text() == pm.encode(own) and page.canvas.board is page.board


@pytest.mark.slow
def test_take_a_completion_onto_the_board_and_undo_it(qtbot, main_window, page):
    own = _count_and_list(qtbot, main_window, page, SEVEN, "of 7")
    for _ in range(3):
        qtbot.mouseClick(page.next_button, Qt.MouseButton.LeftButton)
    fourth = page.shown_board()
    steps = page.undo_stack.count()
    qtbot.mouseClick(page.take_button, Qt.MouseButton.LeftButton)
    assert page.board == fourth and page.undo_stack.count() == steps + 1
    assert main_window.statusBar().currentMessage() == "Completion 4 is on your board (Ctrl+Z undoes it)"
    # Taking it ends browsing: the board shown is the person's, drawn as theirs.
    assert page.shown_board() is page.board and page.canvas.added == frozenset()
    assert not page.take_button.isEnabled() and page.completion_box.text() == "–"
    assert main_window.slug_pane.slug_text() == pm.encode(fourth)
    main_window.undo_action.trigger()
    assert page.board == own and main_window.slug_pane.slug_text() == pm.encode(own)
    main_window.redo_action.trigger()
    assert page.board == fourth


@pytest.mark.slow
def test_an_edit_or_a_click_on_the_board_ends_browsing(qtbot, main_window, page):
    own = _solve_and_list(qtbot, main_window, page, SEVEN)
    qtbot.mouseClick(page.next_button, Qt.MouseButton.LeftButton)
    # A click on the board brings the person's own board back and edits nothing: the
    # board they would edit was not the one on screen.
    centre = page.canvas.cell_center(0, 0)
    qtbot.mouseClick(page.canvas, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()), int(centre.y())))
    assert page.board == own and page.shown_board() is page.board
    assert main_window.slug_pane.slug_text() == pm.encode(own)
    assert "nothing was changed" in main_window.statusBar().currentMessage()
    # Browsing again (Solve's completions of the board undone), then an edit of the board
    # (Clear pieces) ends browsing as well.
    main_window.undo_action.trigger()
    _solve_and_list(qtbot, main_window, page, SEVEN)
    qtbot.mouseClick(page.next_button, Qt.MouseButton.LeftButton)
    assert page.shown_board() != page.board
    clear = next(b for b in page.tool_panel.findChildren(type(page.take_button)) if b.text() == "Clear pieces")
    qtbot.mouseClick(clear, Qt.MouseButton.LeftButton)
    assert page.board.pieces == () and page.shown_board() is page.board and page.canvas.board is page.board
    assert main_window.slug_pane.slug_text() == pm.encode(page.board)
    assert not page.next_button.isEnabled() and page.completions_total.text() == ""


@pytest.mark.slow
def test_more_completions_than_are_kept_are_said(qtbot, monkeypatch, main_window, page):
    from slugboard.gui.pentomino import browser as browser_module

    monkeypatch.setattr(browser_module, "BROWSE_LIMIT", 3)
    _count_and_list(qtbot, main_window, page, SEVEN, "of 7")
    assert page.browse_label.text() == "Showing the first 3 of 7: only these are kept"
    assert page.completion_box.maximum() == 3
    for _ in range(2):
        qtbot.mouseClick(page.next_button, Qt.MouseButton.LeftButton)
    assert page.completion_box.value() == 3 and not page.next_button.isEnabled()


@pytest.mark.slow
def test_after_solve_more_completions_than_are_kept_are_said(qtbot, monkeypatch, main_window, page):
    from slugboard.gui.pentomino import browser as browser_module

    monkeypatch.setattr(browser_module, "BROWSE_LIMIT", 3)
    main_window.paste_text(SEVEN)
    qtbot.mouseClick(page.solve_button, Qt.MouseButton.LeftButton)
    _listed(qtbot, page, "of 3+")
    assert page.browse_label.text() == (
        "Showing the first 3: there are more, but only these are kept (Count says how many)"
    )


@pytest.mark.slow
def test_after_solve_the_other_completions_are_browsed_and_one_taken(qtbot, main_window, page):
    main_window.paste_text(SEVEN)
    own = page.board
    qtbot.mouseClick(page.solve_button, Qt.MouseButton.LeftButton)
    _listed(qtbot, page, "of 7")
    solved = page.board
    assert solved == solver.solve(own) and page.completion_box.value() == 1
    assert _shown(main_window, page) == solved
    qtbot.mouseClick(page.next_button, Qt.MouseButton.LeftButton)
    second = _shown(main_window, page)
    assert second != solved and page.board == solved
    # The pieces drawn as the person's are the ones they placed, not Solve's.
    assert page.canvas.added == {(p.name, p.row, p.col) for p in second.pieces} - {
        (p.name, p.row, p.col) for p in own.pieces
    }
    qtbot.mouseClick(page.take_button, Qt.MouseButton.LeftButton)
    assert page.board == second
    main_window.undo_action.trigger()
    assert page.board == solved
    main_window.undo_action.trigger()
    assert page.board == own


@pytest.mark.slow
def test_cancel_stops_the_listing_and_keeps_what_was_listed(qtbot, main_window, page):
    main_window.paste_text("R4f")  # an empty 4x15 rectangle: 1,472 completions
    qtbot.mouseClick(page.count_button, Qt.MouseButton.LeftButton)
    # As soon as the first completion is shown, while the rest are still being listed.
    qtbot.waitUntil(lambda: page.shown_board() is not page.board, timeout=60_000)
    assert page.cancel_button.isVisibleTo(page) and page.browse_label.text().startswith("Listing the completions…")
    qtbot.mouseClick(page.cancel_button, Qt.MouseButton.LeftButton)
    assert not page.cancel_button.isVisibleTo(page)
    listed = page.completion_box.maximum()
    assert 1 <= listed < 1472
    assert page.browse_label.text() == f"Listing stopped: showing the first {listed:,} of 1,472"
    assert main_window.statusBar().currentMessage().startswith("Stopped listing the completions")
    assert pm.is_complete(page.shown_board()) and page.completions_total.text() == "of 1,472"


@pytest.mark.slow
def test_nothing_in_the_panel_moves_while_browsing(qtbot, main_window, page):
    watched = [page.take_button, page.back_button, page.next_button, page.seam_label, page.summary_label]

    def places():
        return [w.mapTo(page.tool_panel, QPoint(0, 0)) for w in watched] + [page.next_button.size()]

    main_window.paste_text(SEVEN)
    before = places()
    _solve_and_list(qtbot, main_window, page, SEVEN)
    assert places() == before
    qtbot.mouseClick(page.next_button, Qt.MouseButton.LeftButton)
    assert places() == before
    qtbot.mouseClick(page.back_button, Qt.MouseButton.LeftButton)
    assert places() == before


@pytest.mark.slow
@linux_only
def test_quitting_stops_the_listing(qtbot, main_window, page):
    main_window.paste_text("R6a")  # the empty 6x10 rectangle: listing its 9,356 takes a while
    qtbot.mouseClick(page.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.completion_box.maximum() >= 1, timeout=30_000)
    assert page.cancel_button.isVisibleTo(page)  # still listing
    helper = page.searches.job._helper
    assert helper is not None and helper.pid is not None
    pid = helper.pid
    main_window.close()
    assert wait_ended(pid)


@pytest.mark.slow
def test_the_number_box_shows_the_first_completions_number(qtbot, main_window, page):
    """The box's dash means "nothing to browse"; it never stands for completion 1."""
    assert page.completion_box.text() == "–"
    _solve_and_list(qtbot, main_window, page, SEVEN)
    assert page.completion_box.value() == 1 and page.completion_box.text() == "1"
    qtbot.mouseClick(page.next_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.previous_button, Qt.MouseButton.LeftButton)
    assert page.completion_box.text() == "1"
    qtbot.mouseClick(page.back_button, Qt.MouseButton.LeftButton)
    assert page.completion_box.text() == "–"


@pytest.mark.slow
def test_the_listing_shows_the_parts_of_its_search_done_and_a_guess_of_the_time_left(qtbot, main_window, page):
    """A listing that finds few completions for a long while is seen to move: the bar
    beside Cancel says how many parts of the search are done, of how many, and once some
    are, the panel guesses how long the rest takes."""
    import re

    main_window.paste_text("R6a")  # the empty 6x10 rectangle: its 9,356 take a while
    qtbot.mouseClick(page.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.completion_box.maximum() >= 1, timeout=30_000)
    parts = re.compile(r"^(\d+) of (\d+) parts$")
    qtbot.waitUntil(lambda: parts.match(page.progress.text()) is not None, timeout=30_000)
    assert page.progress.isTextVisible() and page.cancel_button.isVisibleTo(page)
    done, total = (int(n) for n in parts.match(page.progress.text()).groups())
    assert 0 <= done < total and total >= solver.SPLIT_STATES // 4
    qtbot.waitUntil(lambda: " left): step through them meanwhile" in page.browse_label.text(), timeout=60_000)
    assert re.search(r"so far \(about \d+ (seconds|minutes|hours|days) left\)", page.browse_label.text())
    qtbot.mouseClick(page.cancel_button, Qt.MouseButton.LeftButton)
    assert not page.progress.isVisibleTo(page)


def _panel_bottom(page, widget) -> int:
    """Where `widget` ends, in the tool panel's viewport scrolled to the top."""
    return widget.mapTo(page.tool_panel, QPoint(0, widget.height())).y()


@pytest.mark.slow
def test_make_puzzle_and_the_completions_fit_the_default_window(qtbot, main_window, page, tmp_path):
    """At the window's own default size the Solver (Make puzzle, Cancel beside the bar) and
    the Completions can be used without scrolling the panel."""
    main_window.resize(1120, 840)
    qtbot.waitUntil(lambda: main_window.size().height() == 840)
    page.tool_panel.adjustSize()
    viewport = page.tool_panel.parentWidget()
    main_window.grab().save(str(tmp_path / "pentomino-1120x840.png"))  # to look at when it fails
    for widget in (page.puzzle_button, page.count_button, page.cancel_button, page.next_button, page.browse_label):
        assert _panel_bottom(page, widget) <= viewport.height(), widget.objectName() or widget.text()
    # The line under the orientation buttons is one line: each of its texts fits it.
    label = page.orientation_label
    for name in (None, pm.TERRAIN, "W"):
        page.choose(name)
        for _ in range(4):
            page.rotate()
            assert label.fontMetrics().horizontalAdvance(label.text()) <= label.width(), label.text()

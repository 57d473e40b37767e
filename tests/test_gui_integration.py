"""The window as a person uses it across games: keys that reach the right game's
history from any widget, shortcuts that never collide, panels that fit the window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from conftest import long_minesweeper_slug, open_file


def _key(widget, key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    from PySide6.QtTest import QTest

    QTest.keyClick(widget, key, modifiers)
    QApplication.processEvents()


@pytest.mark.parametrize(
    ("game", "spin"), [("pentomino", "width_box"), ("minesweeper", "height_spin"), ("letters", "date_edit")]
)
def test_undo_and_redo_keys_in_a_spin_box_reach_the_games_history(qtbot, main_window, game, spin):
    page = main_window.page(game)
    main_window.tabs.setCurrentWidget(page)
    box = getattr(page, spin)
    box.setFocus()
    before = page.board
    _key(box, Qt.Key.Key_Up)
    after = page.board
    assert after != before and page.undo_stack.index() == 1

    _key(box, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert page.board == before
    _key(box, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert page.board == after


def test_undo_keys_in_a_spin_box_of_the_game_shown_at_start(qtbot, settings):
    """The page the window opens on has its keys watched from the window's first turn on
    screen, as a page opened later has from the moment it is made."""
    from slugboard.gui.main_window import MainWindow

    settings.setValue("window/tab", "pentomino")
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    page = window.current_page()
    assert page.GAME == "pentomino"
    page.width_box.setFocus()
    before = page.board
    _key(page.width_box, Qt.Key.Key_Up)
    assert page.board != before
    _key(page.width_box, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert page.board == before


@pytest.mark.slow
def test_no_plain_text_label_shows_markup(qtbot, main_window):
    """Panel headings are plain-text labels: none of them, on any page or in any mode of
    minesweeper's, shows a tag as letters."""
    import re

    from PySide6.QtWidgets import QLabel

    from slugboard.gui.minesweeper.paint import MODES

    tag = re.compile(r"</?[a-z]+>")
    checked = 0
    for name in main_window.pages:
        page = main_window.page(name)
        main_window.tabs.setCurrentWidget(page)
        for mode in MODES if name == "minesweeper" else (None,):
            if mode is not None:
                page.set_mode(mode)
            QApplication.processEvents()
            for label in page.findChildren(QLabel):
                if label.textFormat() == Qt.TextFormat.PlainText:
                    assert not tag.search(label.text()), (name, mode, label.text())
                    checked += 1
    assert checked >= 10


@pytest.mark.slow
def test_tool_panels_keep_their_width_in_the_smallest_window(qtbot, main_window):
    from PySide6.QtWidgets import QScrollArea

    main_window.resize(main_window.minimumSizeHint())
    for index, (name, page) in enumerate(main_window.pages.items()):
        main_window.tabs.setCurrentIndex(index)
        QApplication.processEvents()
        scroll = page.findChild(QScrollArea)
        # Nothing of the panel is under the scroll bar (a short window brings one) or past the edge.
        assert page.tool_panel.width() >= page.tool_panel.minimumSizeHint().width(), name
        assert page.tool_panel.width() <= scroll.viewport().width(), name


@pytest.mark.slow
def test_a_games_status_message_stays_with_its_tab(qtbot, main_window):
    pentomino, xiangqi = main_window.page("pentomino"), main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(xiangqi)
    xiangqi.flip()
    assert main_window.statusBar().currentMessage() == "Black at the bottom"
    main_window.tabs.setCurrentWidget(pentomino)
    assert main_window.statusBar().currentMessage() == ""
    xiangqi.flip()  # said by a game out of sight
    assert main_window.statusBar().currentMessage() == ""


@pytest.mark.slow
def test_a_slug_longer_than_a_line_edit_holds_opens_and_copies_whole(qtbot, main_window):
    from PySide6.QtGui import QGuiApplication

    text = long_minesweeper_slug()
    assert len(text) > 40_000
    QGuiApplication.clipboard().setText(text)
    field = main_window.slug_pane.paste_field
    field.setFocus()
    _key(field, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    _key(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not main_window.opening())  # a text this long is read in the background
    assert main_window.slug_pane.error_text() == ""
    page = main_window.page("minesweeper")
    assert main_window.current_page() is page and page.game.encode(page.board) == text

    pane = main_window.slug_pane
    assert pane.slug_text() == text
    assert pane.slug_field.text().endswith("…") and len(pane.slug_field.text()) < len(text)
    assert pane.length_label.text() == f"{len(text)} chars"
    QGuiApplication.clipboard().clear()
    pane.copy_slug()
    assert QGuiApplication.clipboard().text() == text

    # Copied from the field itself, the slug is whole too: all of it, or from a place to its end.
    field = pane.slug_field
    field.setFocus()
    QGuiApplication.clipboard().clear()
    _key(field, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    _key(field, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text() == text
    field.setSelection(10, 20)  # a part inside what is shown: that part
    _key(field, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text() == text[10:30]
    field.setSelection(500, len(field.text()) - 500)  # to the end of what is shown: to the slug's end
    copy = next(action for action in field.context_menu().actions() if action.objectName() == "edit-copy")
    copy.trigger()
    assert QGuiApplication.clipboard().text() == text[500:]


def _window_keys(window) -> set[str]:
    """Every key sequence the window and its pages bind, as text."""
    from PySide6.QtGui import QAction, QKeySequence, QShortcut

    keys = {s.toString() for action in window.actions() for s in action.shortcuts()}
    keys |= {s.toString() for shortcut in window.findChildren(QShortcut) for s in shortcut.keys()}
    keys.discard("")
    # Export and Save board as open a file dialog and Quit closes the window: no binding is shared.
    dialogs = {
        QKeySequence("Ctrl+E"),
        QKeySequence(QKeySequence.StandardKey.SaveAs),
        QKeySequence(QKeySequence.StandardKey.Quit),
    }
    for sequence in dialogs:
        if sequence.isEmpty():
            continue  # a platform with no standard key for it
        assert sum(1 for action in window.findChildren(QAction) for s in action.shortcuts() if s == sequence) == 1
    return keys - {sequence.toString() for sequence in dialogs}


@pytest.mark.slow
def test_no_shortcut_is_ambiguous_on_any_tab(qtbot, qtlog, main_window):
    from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut

    main_window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main_window)
    QGuiApplication.clipboard().clear()
    pages = list(main_window.pages.values())  # every page made, with its keys, as after a visit to each tab
    keys = _window_keys(main_window)
    assert {"Ctrl+L", "Ctrl+Shift+L", "F2", "Ctrl+1", "Alt+1", "Ctrl+Shift+V", "Ctrl+V"} <= keys
    # Two actions on one key warn; two shortcuts on one key say so with a signal, and neither runs.
    ambiguous = []
    for shortcut in main_window.findChildren(QShortcut):
        shortcut.activatedAmbiguously.connect(lambda s=shortcut: ambiguous.append(s.key().toString()))
    for index, page in enumerate(pages):
        for text in sorted(keys):
            main_window.tabs.setCurrentIndex(index)
            page.focus_canvas()
            combination = QKeySequence(text)[0]
            _key(QApplication.focusWidget(), combination.key(), combination.keyboardModifiers())
        assert not [r.message for r in qtlog.records if "Ambiguous" in r.message], page.GAME
        assert not ambiguous, (page.GAME, ambiguous)


def _snapshot(window) -> dict:
    return {name: (page.board, page.undo_stack.index(), page.undo_stack.count()) for name, page in window.pages.items()}


@pytest.mark.slow
def test_every_example_opens_its_own_tab_from_every_other_tab(qtbot, main_window):
    from slugboard import resources

    examples = resources.examples()
    assert {e["game"] for e in examples} == set(main_window.pages)
    for example in examples:
        for index in range(main_window.tabs.count()):
            main_window.tabs.setCurrentIndex(index)
            before = _snapshot(main_window)
            assert main_window.paste_text(example["text"]), example["title"]
            page = main_window.current_page()
            assert page.GAME == example["game"]
            assert main_window.undo_group.activeStack() is page.undo_stack
            assert main_window.slug_pane.slug_text() == page.game.encode(page.board)
            after = _snapshot(main_window)
            assert {n: v for n, v in after.items() if n != page.GAME} == {
                n: v for n, v in before.items() if n != page.GAME
            }


def test_a_chat_message_holding_a_link_opens_the_link_s_board(qtbot, main_window):
    from PySide6.QtCore import Qt

    from slugboard.codecs import decode_any

    link = "https://letters.wiki/?g=IOFtKUQJlleEyrQRnJDehOUpqVNA&s=RUNNELS"
    field = main_window.slug_pane.paste_field
    field.setFocus()
    qtbot.keyClicks(field, f"Today's game: {link}. Good luck!")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    page = main_window.current_page()
    assert page.GAME == "letters"
    assert page.board == decode_any(link)[1]
    assert main_window.slug_pane.error_text() == ""
    assert main_window.recent()[0] == link  # what is kept is the link, not the message


@pytest.mark.slow
@pytest.mark.parametrize(
    "text",
    [
        "hello",
        "UyF2",
        "xiangqi:!!!",
        "2=zzz",
        "https://letters.wiki/?g=zzzz",
        "https://example.com/board",
        "." * 80,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
    ],
)
def test_a_bad_paste_changes_nothing_on_any_tab(qtbot, main_window, text):
    for index in range(main_window.tabs.count()):
        main_window.tabs.setCurrentIndex(index)
        before, slug = _snapshot(main_window), main_window.slug_pane.slug_text()
        assert not main_window.paste_text(text)
        assert main_window.tabs.currentIndex() == index
        assert _snapshot(main_window) == before and main_window.slug_pane.slug_text() == slug
        said = main_window.slug_pane.error_text()
        # The error's red, made as dark as the window's colour needs for the text to read (4.5:1).
        assert said.startswith("<span style='color:#") and "'>Not opened. " in said
        assert main_window.statusBar().currentMessage() == ""  # said once, in the slug pane
    assert main_window.recent() == []


@pytest.mark.slow
def test_undo_after_switching_tabs_reaches_only_that_games_history(qtbot, main_window):
    sudoku, xiangqi = main_window.page("sudoku"), main_window.page("xiangqi")
    main_window.paste_text("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1")
    main_window.paste_text("xiangqi:BSQiASezQQhCEKSEyCSo0EIAhw")
    pasted_sudoku, pasted_xiangqi = sudoku.board, xiangqi.board
    _key(main_window.current_page().canvas, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    assert main_window.current_page() is sudoku
    _key(sudoku.canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert sudoku.board == sudoku.game.new_board() and xiangqi.board == pasted_xiangqi
    _key(sudoku.canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert sudoku.board == pasted_sudoku
    assert main_window.slug_pane.slug_text() == sudoku.game.encode(pasted_sudoku)


@pytest.mark.slow
def test_copy_keys_say_what_they_copied_or_why_not(qtbot, main_window):
    from PySide6.QtGui import QGuiApplication

    clipboard, status = QGuiApplication.clipboard(), main_window.statusBar()
    mines = main_window.page("minesweeper")
    main_window.tabs.setCurrentWidget(mines)
    slug = mines.game.encode(mines.board)
    _key(mines.canvas, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert clipboard.text() == slug
    assert status.currentMessage() == f"Copied the slug ({len(slug)} characters)"
    _key(
        mines.canvas, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )  # minesweeper has no web app
    assert clipboard.text() == slug
    assert status.currentMessage().startswith("Nothing copied: this game has no web app")

    assert main_window.paste_text("3k5/9/9/9/4K4/9/9/9/9/RRR6 b")  # a position the slug code cannot hold
    canvas = main_window.page("xiangqi").canvas
    for key in (Qt.Key.Key_C, Qt.Key.Key_L):
        _key(canvas, key, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
        assert clipboard.text() == slug
        assert status.currentMessage().startswith("Nothing copied: no slug (xiangqi: ")
    main_window.page("xiangqi").opening()
    _key(canvas, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert clipboard.text().startswith("xiangqi:") and status.currentMessage() == "Copied the link"


@pytest.mark.slow
def test_examples_menu_follows_the_tab_order_and_opens_each(qtbot, main_window):
    titles = [main_window.tabs.tabText(i) for i in range(main_window.tabs.count())]
    actions = main_window.examples_menu.actions()
    games = [action.text().split(":", 1)[0] for action in actions]
    assert sorted(set(games), key=games.index) == titles
    assert sorted(games, key=titles.index) == games
    for action in actions:
        main_window.tabs.setCurrentIndex(0)
        action.trigger()
        assert main_window.tabs.tabText(main_window.tabs.currentIndex()) == action.text().split(":", 1)[0]
        assert main_window.slug_pane.error_text() == ""


@pytest.mark.slow
def test_ctrl_v_in_a_spin_box_opens_a_link_and_still_pastes_a_number(qtbot, main_window):
    from PySide6.QtGui import QGuiApplication

    page = main_window.page("pentomino")
    main_window.tabs.setCurrentWidget(page)
    box = page.height_box
    box.setFocus()
    box.selectAll()
    QGuiApplication.clipboard().setText("12")
    _key(box, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert box.text() == "12" and main_window.current_page() is page

    sudoku = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
    QGuiApplication.clipboard().setText(sudoku)
    box.setFocus()
    _key(box, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert main_window.current_page() is main_window.page("sudoku")
    assert main_window.slug_pane.slug_text() == main_window.page("sudoku").game.encode(
        main_window.page("sudoku").game.decode(sudoku)
    )
    assert box.text() == "12"


def test_ctrl_v_in_a_checked_field_opens_what_the_field_refuses(qtbot, main_window):
    from PySide6.QtGui import QGuiApplication

    letters = main_window.page("letters")
    main_window.tabs.setCurrentWidget(letters)
    field = letters.start_field  # takes letters only
    field.clear()
    field.setFocus()
    QGuiApplication.clipboard().setText("runnels")
    _key(field, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert field.text() == "runnels" and main_window.current_page() is letters

    QGuiApplication.clipboard().setText("xiangqi:BSQiASezQQhCEKSEyCSo0EIAhw")
    _key(field, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert main_window.current_page() is main_window.page("xiangqi")
    assert main_window.slug_pane.slug_text() == "BSQiASezQQhCEKSEyCSo0EIAhw"
    assert field.text() == "runnels"

    paste_field = main_window.slug_pane.paste_field  # takes anything, as a text field should
    paste_field.setFocus()
    _key(paste_field, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert paste_field.text() == "xiangqi:BSQiASezQQhCEKSEyCSo0EIAhw"


@pytest.mark.slow
def test_keys_reach_the_board_after_switching_to_a_game_for_the_first_time(qtbot, main_window):
    main_window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main_window)
    assert QApplication.focusWidget() is main_window.current_page().canvas
    for index in (1, 2, 3, 4, 0):
        _key(QApplication.focusWidget(), Qt.Key.Key_1 + index, Qt.KeyboardModifier.AltModifier)
        page = main_window.current_page()
        assert main_window.tabs.currentIndex() == index
        assert QApplication.focusWidget() is page.canvas, page.GAME

    pentomino = main_window.page("pentomino")
    _key(QApplication.focusWidget(), Qt.Key.Key_2, Qt.KeyboardModifier.AltModifier)
    surface = pentomino.board.surface
    _key(QApplication.focusWidget(), Qt.Key.Key_Down)
    assert pentomino.board.surface == surface and pentomino.undo_stack.count() == 0

    field = main_window.slug_pane.paste_field  # focus outside the games stays where it is
    field.setFocus()
    _key(field, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is field


@pytest.mark.slow
def test_every_game_is_restored_at_once_with_the_last_tab_current(qtbot, settings):
    from slugboard import resources
    from slugboard.gui.main_window import MainWindow

    first = MainWindow(settings)
    qtbot.addWidget(first)
    first.show()
    texts = {}  # for each game, the first example that is not its new board
    for example in resources.examples():
        game = first.page(example["game"]).game
        if game.decode(example["text"]) != game.new_board():
            texts.setdefault(example["game"], example["text"])
    for game in ("letters", "minesweeper", "sudoku", "xiangqi", "pentomino"):
        assert first.paste_text(texts[game])
    first.page("sudoku").paste_board(first.page("sudoku").game.decode("1" + "." * 80))  # an edit after the pastes
    first.tabs.setCurrentWidget(first.page("minesweeper"))
    boards = {name: page.board for name, page in first.pages.items()}
    assert all(board != first.pages[name].game.new_board() for name, board in boards.items())
    first.close()

    second = MainWindow(settings)
    qtbot.addWidget(second)
    second.show()
    assert {name: page.board for name, page in second.pages.items()} == boards
    assert second.current_page() is second.page("minesweeper")
    page = second.current_page()
    assert second.slug_pane.slug_text() == page.game.encode(page.board)


@pytest.mark.slow
def test_a_window_makes_only_the_page_it_shows_and_the_others_when_first_needed(qtbot, settings):
    from slugboard import resources
    from slugboard.gui.main_window import MainWindow

    first = MainWindow(settings)
    qtbot.addWidget(first)
    first.show()
    assert [page.GAME for page in first.pages.made()] == ["sudoku"]
    texts = {example["game"]: example["text"] for example in resources.examples()}
    assert first.paste_text(texts["xiangqi"])  # a paste makes the page it opens in
    assert [page.GAME for page in first.pages.made()] == ["sudoku", "xiangqi"]
    assert first.tabs.currentWidget() is first.page("xiangqi")
    xiangqi_board = first.page("xiangqi").board
    first.close()

    settings.setValue("boards/letters", "not a board")  # found unreadable, though letters is never shown
    second = MainWindow(settings)
    qtbot.addWidget(second)
    second.show()
    assert [page.GAME for page in second.pages.made()] == ["xiangqi"]
    # Read, and found unreadable, as soon as the window is up.
    qtbot.waitUntil(lambda: "the last Letters board" in second.statusBar().currentMessage(), timeout=2000)
    assert second.slug_pane.slug_text() == second.page("xiangqi").game.encode(xiangqi_board)
    # A tab never shown holds a placeholder until it is chosen; then its page takes its place.
    index = list(second.pages).index("pentomino")
    assert second.tabs.widget(index) is not None and "pentomino" not in [p.GAME for p in second.pages.made()]
    second.tabs.setCurrentIndex(index)
    assert [p.GAME for p in second.pages.made()] == ["pentomino", "xiangqi"]
    page = second.page("pentomino")
    assert second.tabs.currentWidget() is page and second.tabs.currentIndex() == index
    assert second.slug_pane.slug_text() == page.game.encode(page.board)
    second.close()


@pytest.mark.slow
def test_a_text_file_opens_as_its_slug_and_an_unreadable_one_says_why(qtbot, main_window, tmp_path):
    from slugboard.codecs import decode_any

    link = "https://letters.wiki/?g=IOFtKUQJlleEyrQRnJDehOUpqVNA&s=RUNNELS"
    board = tmp_path / "board.txt"
    board.write_text(f"From the club's mail:\n{link}\n", encoding="utf-8")
    assert open_file(qtbot, main_window, str(board))
    assert main_window.current_page().board == decode_any(link)[1]
    before = _snapshot(main_window)
    assert not open_file(qtbot, main_window, str(tmp_path))  # a folder, not a file
    said = f"Not opened: cannot read {tmp_path.name}: it is a folder, not a file"
    assert main_window.statusBar().currentMessage() == said
    assert _snapshot(main_window) == before

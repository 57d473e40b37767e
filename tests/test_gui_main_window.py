"""Main-window behaviour shared by every game: the recent list, tabs (long pastes: test_gui_opening.py)."""

from __future__ import annotations

import pytest
from processes import fresh_process

from slugboard.codecs import GAMES


@pytest.mark.slow
def test_a_tab_per_game_and_alt_keys(qtbot, main_window):
    assert list(main_window.pages) == ["sudoku", "pentomino", "xiangqi", "minesweeper", "letters"]
    assert [main_window.tabs.tabText(i) for i in range(5)] == [GAMES[n].title for n in main_window.pages]
    for index, name in enumerate(main_window.pages):
        main_window.tabs.setCurrentIndex(index)
        page = main_window.page(name)
        assert main_window.undo_group.activeStack() is page.undo_stack
        assert main_window.slug_pane.slug_text() == page.game.encode(page.board)


def test_switching_games_pauses_a_replay_and_clears_a_failed_paste(qtbot, main_window):
    from slugboard import resources

    game = next(e["text"] for e in resources.examples() if e["game"] == "minesweeper")
    assert main_window.paste_text(game)
    page = main_window.page("minesweeper")
    page.player.play()
    assert page.player.playing
    assert not main_window.paste_text("UyF2Mg==")
    assert main_window.slug_pane.error_text()
    main_window.tabs.setCurrentWidget(main_window.page("sudoku"))
    assert not page.player.playing
    assert main_window.slug_pane.error_text() == ""


def test_short_texts_of_minesweeper_are_blamed_on_minesweeper():
    import pytest

    from slugboard.codecs import SlugError, decode_any

    for text in ("1=", "1=15"):
        with pytest.raises(SlugError) as info:
            decode_any(text)
        assert info.value.game == "minesweeper"


def _listed(keys_text: str) -> set[str]:
    """The single keys of a KEYS entry such as "Ctrl+1, Ctrl+2" or "+, =, -"."""
    return {part.strip() for part in keys_text.split(", ")}


@pytest.mark.slow
def test_help_lists_every_key_the_window_and_each_page_binds(qtbot, main_window):
    from PySide6.QtGui import QShortcut

    from slugboard.gui import games
    from slugboard.gui.shortcuts_dialog import shortcuts_html, window_keys

    for name, page in main_window.pages.items():  # every page made
        listed = set().union(*(_listed(keys) for keys, _ in games.view(name).page.KEYS))
        bound = {s.key().toString() for s in page.findChildren(QShortcut)}
        assert bound <= listed, (name, bound - listed)
    actions = window_keys(main_window)
    assert ("Ctrl+Shift+I", "Copy image") in actions and ("Ctrl+E", "Export") in actions
    # Undo and Redo, which live in the Edit menu alone, are listed too.
    keys = dict(actions)
    assert keys["Ctrl+Z"].startswith("Undo") and keys["Ctrl+Shift+Z, Ctrl+Y"].startswith("Redo")
    text = shortcuts_html(main_window, "xiangqi")
    assert text.index("<h3>Xiangqi") < text.index("<h3>Everywhere") < text.index("<h3>Sudoku")
    assert "Flip the board" in text and "Copy image" in text and "Ctrl+Z" in text
    main_window.paste_text("R88XA33X035")
    dialog = main_window.shortcuts_dialog()
    qtbot.addWidget(dialog)
    shown = dialog.text.toPlainText()
    # The game on screen first, then the window's keys, then the other games'.
    assert shown.index("Rotate the piece") < shown.index("Everywhere") < shown.index("Give the digit")
    assert shown.index("Ctrl+Z") < shown.index("Give the digit")
    # The paste is a step to undo, which the Edit menu names; the key list names the key's work.
    assert main_window.undo_action.text().replace("&", "") != "Undo"
    assert dict(window_keys(main_window))["Ctrl+Z"] == "Undo" and "Undo Paste" not in shown


def test_about_names_the_version(main_window):
    from importlib import metadata

    assert f"Slugboard {metadata.version('slugboard')}" in main_window.about_text()


def test_a_canvas_repainted_with_nothing_changed_copies_its_picture(qtbot, main_window):
    main_window.resize(1000, 800)
    main_window.show()
    qtbot.waitExposed(main_window)
    page = main_window.page("sudoku")
    canvas = page.canvas
    canvas.repaint()
    canvas.repaint()  # the same picture twice: from now on it is kept
    cache = canvas._paint_cache
    drawn = cache.drawn
    for _ in range(5):
        canvas.repaint()
    assert cache.drawn == drawn  # copied, not drawn again
    before = canvas.grab().toImage()
    canvas.select((4, 4))
    from PySide6.QtTest import QTest

    QTest.keyClick(canvas, "7")  # an edit: drawn afresh, and the picture shows it
    canvas.repaint()
    assert cache.drawn in (drawn + 1, drawn + 2)  # drawn, and perhaps kept by a second paint
    assert page.board.get(4, 4) == 7
    assert canvas.grab().toImage() != before
    canvas.resize(canvas.width() - 40, canvas.height())
    canvas.repaint()
    assert cache.drawn > drawn + 1  # a new size is a new picture


@pytest.mark.slow
def test_an_equal_board_pasted_again_is_compared_once_not_at_every_paint(qtbot, main_window, monkeypatch):
    from slugboard.codecs import minesweeper as ms

    main_window.resize(1000, 800)
    main_window.show()
    qtbot.waitExposed(main_window)
    mines = [[x, y] for y in range(60) for x in range(60) if (x * 7 + y * 13) % 9 == 0]
    slug = ms.encode(ms.from_json({"game": "minesweeper", "version": 1, "width": 60, "height": 60, "mines": mines}))
    main_window.paste_text(slug)
    page = main_window.page("minesweeper")
    canvas = page.canvas
    canvas.repaint()
    canvas.repaint()
    first = page.board
    # Another field, and the first again before the next paint (an undo and a redo in one
    # frame, say): a board equal to the one last painted, not the same object.
    main_window.paste_text(ms.encode(ms.new_board()))
    main_window.paste_text(slug)
    assert page.board == first and page.board is not first
    compared = []
    equal = type(first).__eq__
    monkeypatch.setattr(type(first), "__eq__", lambda self, other: compared.append(1) or equal(self, other))
    drawn = canvas._paint_cache.drawn
    canvas.repaint()
    assert canvas._paint_cache.drawn == drawn  # equal: the picture is copied, not drawn again
    assert compared  # told apart from the last paint's board by comparing them
    compared.clear()
    for _ in range(5):
        canvas.repaint()
    assert not compared  # from then on the board shown is the one remembered
    assert canvas._paint_cache.drawn == drawn


@pytest.mark.parametrize("dark", [False, True])
def test_a_heading_looks_as_a_bold_rich_text_label_does(qtbot, dark):
    """Panel headings are plain text in a bold font: the same size as the "<b>text</b>"
    labels they replace, in either theme, and text with markup in it is shown as written.
    (Not the same pixels: with some fonts Qt draws a bold face and a rich-text bold a pixel
    apart, which no person sees.)"""
    from PySide6.QtWidgets import QLabel, QWidget

    from slugboard.gui.page import heading
    from slugboard.gui.theme import dark_palette

    holder = QWidget()
    qtbot.addWidget(holder)
    if dark:
        holder.setPalette(dark_palette())
    for text in ("Day", "Link format", "Starting word"):
        ours, rich = heading(text), QLabel(f"<b>{text}</b>")
        for label in (ours, rich):
            label.setParent(holder)
            label.resize(200, 24)
        assert ours.sizeHint() == rich.sizeHint() and ours.font().bold()
    assert heading("a <b>b</b>").text() == "a <b>b</b>"
    assert heading("<i>x</i>").sizeHint().width() > heading("x").sizeHint().width()


@pytest.mark.slow
def test_the_window_loads_what_it_shows_and_the_rest_when_first_asked(tmp_path):
    """A fresh window loads the codec and page of the game it shows, not the other games
    and not the slug anatomy; opening the anatomy loads and shows it. The other games'
    modules are loaded after the first paint, while the window waits, and a closed
    window loads no more."""

    script = r"""
import sys, json
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from slugboard.gui.main_window import MainWindow
window = MainWindow(QSettings(sys.argv[1], QSettings.Format.IniFormat))
window.show()
app.processEvents()
loaded = lambda: sorted(m for m in sys.modules if m.startswith("slugboard."))
before = loaded()
window.slug_pane.anatomy_button.click()
app.processEvents()
anatomy = [loaded(), window.slug_pane.anatomy_panel.isVisible(), window.current_page().game.name]
while not window._warmer.done:
    app.processEvents()
warmed = loaded()
closing = MainWindow(QSettings(sys.argv[1], QSettings.Format.IniFormat))
closing._warmer._waiting.append("slugboard.gui.shortcuts_dialog")  # a module the window loads only when asked
closing._warmer.start()
closing.close()
for _ in range(3):
    app.processEvents()
print(json.dumps([before, *anatomy, warmed, "slugboard.gui.shortcuts_dialog" in sys.modules, closing._warmer.done]))
window.close()
"""
    before, after, shown, game, warmed, loaded_after_close, stopped = fresh_process(script, str(tmp_path / "s.ini"))
    assert game == "sudoku"
    assert "slugboard.gui.sudoku.page" in before and "slugboard.codecs.sudoku" in before
    others = {name for name in GAMES if name != "sudoku"}
    # No other game's codec modules or page (a game's declaration, its package's top, names its title).
    assert not {m for m in before if m.split(".")[2:3] and m.split(".")[2] in others and m.count(".") >= 3}
    assert "slugboard.gui.anatomy_view" not in before
    assert "slugboard.gui.anatomy_view" in after and shown
    for name in GAMES:
        assert f"slugboard.codecs.{name}" in warmed and f"slugboard.gui.{name}" in warmed
    assert stopped and not loaded_after_close


@pytest.mark.slow
def test_qt_classes_the_start_does_not_need_are_made_when_first_used(tmp_path):
    # PySide6 makes a Qt class's Python type, and all its enums, when the class is first
    # imported; a class used only by a later action is imported by that action.

    script = r"""
import sys, json
from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication
app = QApplication([])
from slugboard.gui.main_window import MainWindow
window = MainWindow(QSettings(sys.argv[1], QSettings.Format.IniFormat))
window.show()
app.processEvents()
LATER = {QtCore: ["QUrl"], QtWidgets: ["QMessageBox", "QTextEdit", "QFileDialog", "QDialog"]}
made = lambda: sorted(name for module, names in LATER.items() for name in names if name in module.__dict__)
at_start = made()
window.slug_pane.copy_link()
urls = [url.toString() for url in QGuiApplication.clipboard().mimeData().urls()]
print(json.dumps([at_start, made(), urls]))
window.slug_pane.hand_over_clipboard()  # as the application does when it quits
window.close()
"""
    at_start, after_copy, urls = fresh_process(script, str(tmp_path / "s.ini"))
    assert at_start == []
    assert "QUrl" in after_copy  # made by Copy link, which puts the link on the clipboard as a URL too
    assert len(urls) == 1 and urls[0].startswith("https://")


@pytest.mark.slow
def test_the_window_paints_its_restored_board_before_reading_the_others(tmp_path):
    """With a board stored for every game, the window opens on the game shown last with
    that board, read once: it paints before the other games' boards are read (or their
    codecs loaded), and reads them all straight after. The page opens on the board that
    comes back instead of showing a new one first (for letters, one with the day's own
    starting word, which needs the word list)."""
    import json

    from PySide6.QtCore import QSettings

    from slugboard import resources
    from slugboard.codecs import decode_any

    path = str(tmp_path / "s.ini")
    stored = QSettings(path, QSettings.Format.IniFormat)
    boards = {}
    for example in resources.examples():
        name, board = decode_any(example["text"])
        boards[name] = GAMES[name].to_json(board)
    assert set(boards) == set(GAMES)
    for name, board in boards.items():
        stored.setValue(f"boards/{name}", json.dumps(board))
    stored.setValue("window/tab", "letters")
    stored.sync()

    script = r"""
import sys, json
from PySide6.QtCore import QEvent, QObject, QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from slugboard.gui.main_window import MainWindow
from slugboard.gui.letters.page import LettersPage
shown = []
board_shown = LettersPage.board_shown
LettersPage.board_shown = lambda page, board: (shown.append(board.date.isoformat()), board_shown(page, board))[1]
loaded = lambda: sorted(m for m in sys.modules if m.startswith("slugboard.codecs."))
seen = []
class Watch(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and not seen:
            seen.append(loaded())
        return False
window = MainWindow(QSettings(sys.argv[1], QSettings.Format.IniFormat))
watch = Watch()
window.installEventFilter(watch)
window.show()
for _ in range(5):
    app.processEvents()
pages = {name: window.pages[name].game.to_json(window.pages[name].board) for name in window.pages}
undo = window.current_page().undo_stack.count()
print(json.dumps([seen[0], loaded(), pages, window.current_page().game.name, undo, shown]))
window.close()
"""
    at_paint, after, pages, game, undo, shown = fresh_process(script, path)
    games_at = lambda modules: {m.split(".")[2] for m in modules if m.count(".") >= 3}  # noqa: E731 - a game's modules
    assert game == "letters" and undo == 0
    assert shown == [boards["letters"]["date"]]
    assert "letters" in games_at(at_paint) and not games_at(at_paint) & (set(GAMES) - {"letters"})
    assert games_at(after) >= set(GAMES)
    assert pages == boards


def test_the_warmer_runs_a_games_warm_step_on_its_own_after_loading_it(qtbot, tmp_path, monkeypatch):
    import sys

    from slugboard.gui.games import Warmer

    (tmp_path / "warmed_game.py").write_text(
        "CALLS = []\n\n\nclass View:\n    warm = staticmethod(lambda: CALLS.append('warm'))\n\n\nVIEW = View()\n"
    )
    (tmp_path / "plain_module.py").write_text("LOADED = True\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "warmed_game", raising=False)
    monkeypatch.delitem(sys.modules, "plain_module", raising=False)
    warmer = Warmer([])
    warmer._waiting[:] = ["warmed_game", "plain_module"]
    warmer._next()
    calls = sys.modules["warmed_game"].CALLS
    assert calls == [] and "plain_module" not in sys.modules  # one step: the module loaded, not yet warmed
    warmer._next()
    assert calls == ["warm"] and "plain_module" not in sys.modules  # the warm step, on its own
    with qtbot.waitSignal(warmer.finished, timeout=1000):
        warmer._next()
    assert "plain_module" in sys.modules and warmer.done and calls == ["warm"]


def test_the_window_shows_the_application_icon(qtbot, main_window):
    from PySide6.QtWidgets import QApplication

    from slugboard.gui import desktop

    qtbot.waitUntil(lambda: not main_window.windowIcon().isNull())
    sizes = {size.width() for size in QApplication.windowIcon().availableSizes()}
    assert sizes == set(desktop.ICON_SIZES)

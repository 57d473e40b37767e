"""What the window's start leaves for the first use, checked by what is loaded and made
rather than by the clock (benchmarks/startup.py times the start): a game page loads the
modules its menu items and buttons need when they are first used, and makes the widgets a
person rarely opens when they are first opened."""

from __future__ import annotations

import json

import pytest
from processes import fresh_process
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QTableWidget

from slugboard.codecs import letters

# The sudoku modules a page's buttons load when first pressed: the hints' logic (and the
# dataclasses it brings), the puzzle maker, a variant's constraints and CP-SAT.
SUDOKU_LATER = (
    "slugboard.codecs.sudoku.logic",
    "slugboard.codecs.sudoku.generate",
    "slugboard.codecs.sudoku.variant",
    "slugboard.codecs.sudoku.cpsat",
    "slugboard.codecs.sudoku.solver",
)


# The minesweeper modules its page loads when first used: the judged clicks of an analysis,
# the mouse path of a game played here and the replay files it is written as, ms-toollib.
MINESWEEPER_LATER = (
    "slugboard.codecs.minesweeper.analysis",
    "slugboard.codecs.minesweeper.pointer",
    "slugboard.codecs.minesweeper.files",
    "ms_toollib",
)

# The xiangqi modules its page loads when an engine is first asked: the engine's own, and
# the subprocess and queue it speaks to the engine's process with.
XIANGQI_LATER = ("slugboard.codecs.xiangqi.engine", "subprocess", "queue")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "later"), [("sudoku", SUDOKU_LATER), ("minesweeper", MINESWEEPER_LATER), ("xiangqi", XIANGQI_LATER)]
)
def test_a_view_loads_what_it_needs_later_with_its_first_use(game, later):
    """The sudoku view: its hints, puzzle maker and variants; minesweeper's: its analysis
    and replay files; xiangqi's: the engine."""
    script = rf"""
import json, sys
from slugboard.gui import {game}
from slugboard.gui.{game} import canvas, page, paint
print(json.dumps([name for name in sys.argv[1:] if name in sys.modules]))
"""
    assert fresh_process(script, *later) == []


# What a window opening on a letters game (a V4 link with a blank, the last example) does not
# load by its first frame: the move finder (the best plays are looked for when asked) and
# html (the tooltips it writes have nothing to escape).
LETTERS_FIRST_FRAME_LATER = ("heapq", "html", "slugboard.codecs.letters.moves")

# The window shown until its first frame is on screen (every widget in it painted and the
# frame handed over, as benchmarks/startup.py watches it); the modules loaded then.
FIRST_FRAME = r"""
import json, sys
from PySide6.QtCore import QEvent, QEventLoop, QObject, QSettings
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from slugboard.gui.main_window import MainWindow

class FirstFrame(QObject):
    painted = False
    modules = None

    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            self.painted = True
        elif self.modules is None and event.type() in (QEvent.Type.Expose, QEvent.Type.UpdateRequest):
            handled = obj.event(event)
            if self.painted:
                self.modules = sorted(sys.modules)
            return handled
        return False

watch = FirstFrame()
window = MainWindow(QSettings(sys.argv[1], QSettings.Format.IniFormat))
window.installEventFilter(watch)
window.show()
window.windowHandle().installEventFilter(watch)
while watch.modules is None:
    app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
print(json.dumps([window.current_page().GAME, watch.modules]))
"""


# What a window opening on a recorded minesweeper game does not load by its first frame: the
# recording's writer (and the hashing its temporary files are named with), and html.
MINESWEEPER_FIRST_FRAME_LATER = ("slugboard.gui.minesweeper.recording", "secrets", "hashlib", "html")


def _modules_at_first_frame(tmp_path, codec, board) -> tuple[str, list[str]]:
    """The game shown and the modules loaded at the first frame of a window opening on
    `board` of `codec`'s game."""
    from PySide6.QtCore import QSettings

    path = str(tmp_path / "settings.ini")
    settings = QSettings(path, QSettings.Format.IniFormat)
    settings.setValue(f"boards/{codec.NAME}", json.dumps(codec.to_json(board)))
    settings.setValue("window/tab", codec.NAME)
    settings.sync()
    return fresh_process(FIRST_FRAME, path, home=str(tmp_path))


@pytest.mark.slow
def test_a_window_opening_on_a_letters_game_loads_what_it_needs_later_after_its_first_frame(tmp_path):
    from slugboard import resources

    link = [example["text"] for example in resources.examples() if example["game"] == letters.NAME][-1]
    board = letters.decode(link)
    assert any(tile.blank for tile in board.tiles)  # its tooltips say a ?g= link cannot hold it
    game, loaded = _modules_at_first_frame(tmp_path, letters, board)
    assert game == letters.NAME
    assert "slugboard.codecs.letters.game" in loaded  # the rack on screen is the day's
    assert [name for name in LETTERS_FIRST_FRAME_LATER if name in loaded] == []


@pytest.mark.slow
def test_a_window_opening_on_a_recorded_minesweeper_game_loads_its_recording_writer_later(tmp_path):
    from slugboard.codecs import minesweeper, registry

    board = minesweeper.decode(registry.game(minesweeper.NAME).examples[-1]["text"])  # a real game, won
    assert board.events  # File > Export recording is offered for it
    game, loaded = _modules_at_first_frame(tmp_path, minesweeper, board)
    assert game == minesweeper.NAME
    assert "slugboard.gui.minesweeper.exports" in loaded
    assert [name for name in MINESWEEPER_FIRST_FRAME_LATER if name in loaded] == []


def _focus_chain_after(widget):
    """The widgets after `widget` in the order Tab goes, once round."""
    chain = []
    step = widget.nextInFocusChain()
    while step is not widget and len(chain) < 1000:
        chain.append(step)
        step = step.nextInFocusChain()
    return chain


def test_the_letters_page_makes_its_best_plays_list_when_they_are_first_asked_for(
    qtbot, main_window, tmp_path, monkeypatch
):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # the move finder's trie, kept apart
    main_window.paste_text("https://letters.wiki/?_=IoHjRrSLkE9QQA")
    page = main_window.page(letters.NAME)
    assert main_window.current_page() is page
    assert page.findChild(QListWidget, "bestPlays") is None
    assert page.findChild(QTableWidget, "turnReview") is None
    page.best_button.click()
    listed = page.findChild(QListWidget, "bestPlays")
    table = page.findChild(QTableWidget, "turnReview")
    assert listed is not None and table is not None
    # in the panel just below the status, as if made with the page,
    layout = page.tool_layout
    at = layout.indexOf(page.best_status)
    assert (layout.indexOf(listed), layout.indexOf(table)) == (at + 1, at + 2)
    # and last of the panel's fields that Tab goes to, as when they were made with the page
    panel = page.tool_panel
    tabbed = [
        w
        for w in _focus_chain_after(page.canvas)
        if w.parentWidget() is panel and w.focusPolicy() & Qt.FocusPolicy.TabFocus
    ]
    assert tabbed[-2:] == [listed, table]
    assert page.date_edit in tabbed
    qtbot.waitUntil(lambda: listed.isVisible() != table.isVisible(), timeout=5000)
    page.best_button.click()  # hidden again, and made once
    assert not listed.isVisible() and not table.isVisible()
    assert page.findChildren(QListWidget, "bestPlays") == [listed]


@pytest.mark.slow
def test_a_window_counts_the_sudoku_it_opens_on_once_its_first_frame_is_on_screen(tmp_path):
    """The count's thread starts with the window's first frame, not while the window is made."""
    script = r"""
import json, sys, threading
from PySide6.QtCore import QEventLoop, QSettings, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from slugboard.gui.main_window import MainWindow
window = MainWindow(QSettings(sys.argv[1], QSettings.Format.IniFormat))
window.show()
page = window.current_page()
queries = lambda: sum(thread.name == "slugboard-query" for thread in threading.enumerate())
made = [page.GAME, page.status_label.text(), queries()]
loop = QEventLoop()
watch = QTimer(interval=10)
watch.timeout.connect(lambda: page.solution_count is not None and loop.quit())
watch.start()
QTimer.singleShot(60_000, loop.quit)
loop.exec()
print(json.dumps(made + [page.solution_count, queries()]))
"""
    game, status, threads_before, count, threads_after = fresh_process(
        script, str(tmp_path / "settings.ini"), home=str(tmp_path)
    )
    assert (game, status, threads_before) == ("sudoku", "checking…", 0)
    assert count == 2 and threads_after == 1  # an empty grid has many solutions


@pytest.mark.slow
def test_a_window_never_shown_counts_its_sudoku(qtbot, settings):
    from slugboard.gui.main_window import MainWindow

    window = MainWindow(settings)
    qtbot.addWidget(window)
    page = window.page("sudoku")
    qtbot.waitUntil(lambda: page.solution_count == 2, timeout=10_000)
    assert not window.isVisible()


def test_the_window_says_once_that_its_first_frame_is_painted(qtbot, settings):
    """`on_screen` (the program writes its list of codec modules then) comes once, after the
    first paint, though the step it starts runs again from the window's own timer."""
    from slugboard.gui.main_window import MainWindow

    window = MainWindow(settings)
    qtbot.addWidget(window)
    heard: list[bool] = []
    window.on_screen.connect(lambda: heard.append(window.isVisible()))
    with qtbot.waitSignal(window.on_screen):
        window.show()
    window._after_first_paint()  # as the timer of the window's start does, later
    assert heard == [True]

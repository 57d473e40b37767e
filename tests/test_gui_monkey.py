"""A person who tries everything: random clicks, drags and keys on each game's board, with
undo and redo among them. Whatever they do, nothing raises, the slug pane always shows the
slug of the board on screen (and it reads back as that board), and undoing everything
returns the board they started from, redoing everything the board they ended on."""

from __future__ import annotations

import os
import random

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QMenu, QWidget

from slugboard import resources
from slugboard.codecs import GAMES

KEYS = [
    *(getattr(Qt.Key, f"Key_{d}") for d in "0123456789"),
    *(getattr(Qt.Key, f"Key_{c}") for c in "ABCEHKNPRSTXQ"),
    Qt.Key.Key_Left,
    Qt.Key.Key_Right,
    Qt.Key.Key_Up,
    Qt.Key.Key_Down,
    Qt.Key.Key_Space,
    Qt.Key.Key_Delete,
    Qt.Key.Key_Backspace,
    Qt.Key.Key_Return,
    Qt.Key.Key_Escape,
    Qt.Key.Key_Home,
    Qt.Key.Key_End,
]
# A longer hunt: SLUGBOARD_MONKEY_SEEDS=12 SLUGBOARD_MONKEY_ACTIONS=600 (36,000 actions, a minute).
SEEDS = int(os.environ.get("SLUGBOARD_MONKEY_SEEDS", "2"))
ACTIONS = int(os.environ.get("SLUGBOARD_MONKEY_ACTIONS", "150"))
BUTTONS = [Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton]


def _examples(game: str) -> list[str]:
    return [e["text"] for e in resources.examples() if e["game"] == game]


def _is_popup(widget: QWidget) -> bool:
    return isinstance(widget, QMenu | QDialog) or widget.windowType() == Qt.WindowType.Popup


def _close_popups() -> None:
    """A click may open a menu or a dialog, as it would for a person; close it again so
    the next action reaches the board."""
    for widget in QApplication.topLevelWidgets():
        if _is_popup(widget) and widget.isVisible():
            widget.close()


class Dismisser(QObject):
    """Closes each menu, dialog or popup as soon as it shows, as a person would with
    Escape: from the event loop it runs in, so that one which waits for an answer (the
    letters' blank chooser, a context menu) gives the action that opened it back."""

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Show and isinstance(watched, QWidget) and watched.isWindow():
            if _is_popup(watched):
                QTimer.singleShot(0, watched, watched.close)
        return False


def _check_slug(window, page, game) -> None:
    slug = window.slug_pane.slug_text()
    assert slug == game.encode(page.shown_board())
    assert game.encode(game.decode(slug)) == slug


def _act(rng: random.Random, qtbot, window, page) -> None:
    canvas = page.canvas
    width, height = max(1, canvas.width()), max(1, canvas.height())

    def point() -> QPoint:
        return QPoint(rng.randrange(width), rng.randrange(height))

    modes = getattr(page, "mode_buttons", {})
    kind = rng.choice(["click", "click", "click+key", "click+key", "drag", "key", "undo", "redo", "double", "mode"])
    if kind == "click+key":  # a square chosen, then something typed on it
        qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=point())
        qtbot.keyClick(canvas, rng.choice(KEYS))
    elif kind == "mode" and modes:
        qtbot.mouseClick(modes[rng.choice(sorted(modes))], Qt.MouseButton.LeftButton)
    elif kind == "click":
        qtbot.mouseClick(canvas, rng.choice(BUTTONS), pos=point())
    elif kind == "double":
        qtbot.mouseDClick(canvas, Qt.MouseButton.LeftButton, pos=point())
    elif kind == "drag":
        start, end = point(), point()
        qtbot.mousePress(canvas, Qt.MouseButton.LeftButton, pos=start)
        qtbot.mouseMove(canvas, pos=QPoint((start.x() + end.x()) // 2, (start.y() + end.y()) // 2))
        qtbot.mouseMove(canvas, pos=end)
        qtbot.mouseRelease(canvas, Qt.MouseButton.LeftButton, pos=end)
    elif kind == "key":
        canvas.setFocus()
        modifier = Qt.KeyboardModifier.ShiftModifier if rng.random() < 0.15 else Qt.KeyboardModifier.NoModifier
        qtbot.keyClick(canvas, rng.choice(KEYS), modifier)
    elif kind == "undo":
        window.undo_action.trigger()
    else:
        window.redo_action.trigger()
    _close_popups()


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 1 + SEEDS))
@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_clicks_and_keys_keep_the_slug_true_and_undo_whole(qtbot, main_window, name, seed):
    game = GAMES[name]
    rng = random.Random(f"{name}-{seed}")
    page = main_window.page(name)
    start = game.encode(page.board)  # the paste is the first step to undo
    main_window.paste_text(rng.choice(_examples(name)))
    assert main_window.current_page() is page
    if hasattr(page, "switch_buttons"):  # a pasted puzzle opens in Solve: its board is edited in Set
        qtbot.mouseClick(page.switch_buttons["set"], Qt.MouseButton.LeftButton)
    seen = set()
    dismisser = Dismisser()
    QApplication.instance().installEventFilter(dismisser)
    try:
        for _ in range(ACTIONS):
            _act(rng, qtbot, main_window, page)
            assert main_window.current_page() is page
            _check_slug(main_window, page, game)
            seen.add(game.encode(page.board))
    finally:
        QApplication.instance().removeEventFilter(dismisser)
    # The actions did edit the board (a letters board changes only when a word is played,
    # which random letters seldom make; the tiles laid meanwhile are not yet the board).
    assert len(seen) >= {"letters": 2, "xiangqi": 3}.get(name, 5), len(seen)
    stack = page.undo_stack
    end, at = game.encode(page.board), stack.index()
    while stack.canUndo():
        stack.undo()
    assert stack.index() == 0 and game.encode(page.board) == start
    _check_slug(main_window, page, game)
    while stack.index() < at:
        stack.redo()
    assert game.encode(page.board) == end
    _check_slug(main_window, page, game)


@pytest.mark.slow
def test_a_popup_that_waits_for_an_answer_is_dismissed_as_it_shows(qtbot):
    """The letters' blank chooser waits in an event loop of its own for a letter: the
    monkey's dismisser closes it there, as Escape would, and the question returns no letter
    (a click on the board that opened it returns, and the next action goes on)."""
    from PySide6.QtCore import QRect

    from slugboard.gui.letters.canvas import BlankChooser

    chooser = BlankChooser()
    dismisser = Dismisser()
    QApplication.instance().installEventFilter(dismisser)
    try:
        assert chooser.ask(QRect(10, 10, 30, 30), QRect(0, 0, 800, 600)) is None
    finally:
        QApplication.instance().removeEventFilter(dismisser)
    assert not chooser.isVisible()

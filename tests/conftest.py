"""Shared test set-up: Qt runs offscreen, vectors load from tests/data."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from depth import examples  # noqa: E402
from hypothesis import settings as _hypothesis_settings  # noqa: E402

# Timing varies on a loaded CI machine; correctness, not speed, is what these tests check
# (speed has its own benchmark scripts). A property test that names no count of examples
# tries its share of hypothesis's 100 (tests/depth.py).
_hypothesis_settings.register_profile("slugboard", deadline=None, print_blob=True, max_examples=examples(100))
_hypothesis_settings.load_profile("slugboard")

DATA = Path(__file__).parent / "data"


def load_vectors(game: str):
    with open(DATA / f"{game}.json", encoding="utf-8") as f:
        return json.load(f)


def long_minesweeper_slug() -> str:
    """A real, valid slug longer than a Qt line edit holds (a 400x400 field, 17,689 mines)."""
    from slugboard.codecs import minesweeper

    mines = [[x, y] for y in range(0, 400, 3) for x in range(0, 400, 3)]
    board = minesweeper.from_json(
        {
            "game": "minesweeper",
            "version": 1,
            "width": 400,
            "height": 400,
            "time_unit_ms": 50,
            "mines": mines,
            "events": [],
        }
    )
    return minesweeper.encode(board)


import pytest  # noqa: E402


@pytest.fixture(scope="session")
def replay_games():
    """The four real replay files read into games, by file name (read once)."""
    from replay_files import FILES, game

    return {p.name: game(p) for p in FILES}


@pytest.fixture
def settings(tmp_path):
    """A settings file of the test's own, so runs never share or keep state."""
    from PySide6.QtCore import QSettings

    return QSettings(str(tmp_path / "slugboard.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def open_window(qtbot, settings):
    """Start the window on the private settings, as Slugboard starting (again): each call
    gives a new main window, shown."""
    from slugboard.gui.main_window import MainWindow

    def open_() -> MainWindow:
        window = MainWindow(settings)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        return window

    return open_


def open_file(qtbot, window, path) -> bool:
    """Open `path` as File > Open does and wait until it is read: whether it opened."""
    started = window.open_file(str(path))
    if not window.reading_file():
        return started
    with qtbot.waitSignal(window.file_done, timeout=60_000) as blocker:
        pass
    return blocker.args[0]


@pytest.fixture
def main_window(open_window):
    """The application's main window, shown, with private settings."""
    return open_window()


@pytest.fixture(autouse=True)
def _release_clipboard(request):
    """Empty the clipboard after each test: mime data left on it when the application
    object is destroyed at exit crashes the offscreen platform."""
    yield
    if "qapp" in request.fixturenames or "qtbot" in request.fixturenames:
        from PySide6.QtGui import QGuiApplication

        QGuiApplication.clipboard().clear()


@pytest.fixture(autouse=True)
def _collect_on_the_window_thread(request):
    """As the application does (gui/collector.py): while a test with widgets runs, no
    garbage collection starts on a worker thread, where it could free Qt objects; what the
    test left is collected here, on the window's thread, after its widgets are closed.
    A test without widgets that runs the application's `main` (which leaves collection off
    for the process's exit) gets it back afterwards."""
    import gc

    if "qapp" not in request.fixturenames and "qtbot" not in request.fixturenames:
        enabled = gc.isenabled()
        yield
        if enabled:
            gc.enable()
        return
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.collect(0)
        if enabled:
            gc.enable()


def pytest_unconfigure(config):
    """After the last test, as the application does when it quits (gui/collector.py): one
    collection now, and none while Qt destroys the application at the process's exit."""
    import gc

    gc.collect()
    gc.disable()

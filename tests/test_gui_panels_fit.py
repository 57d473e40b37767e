"""The tool panels at the window's own default size (1120x840): every game's panel shows
whole in its usual states, with no scroll bar and its last control in sight; no panel ever
scrolls sideways. In a small window (800x600) the panels scroll, and no text of a panel or
of the letters score list is drawn below the readable minimum (the application font's size
less a point)."""

from __future__ import annotations

import dataclasses
import importlib
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRectF
from PySide6.QtGui import QFontInfo, QImage, QPainter
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QScrollArea, QWidget

from conftest import open_file
from engines import ENGINE
from slugboard.codecs import letters, titles

SUDOKU = "https://nickgirardo.com/projects/sudoku/player.html?play=UyF2MQRhyECJQWIySCkiKoXU+yAUcJiTwoVTKoVqsHYm5V3D54DxCitHWQclJ0g="
INMATE = "https://letters.wiki/?_=IaGQ1gJkqcVK44tyzAIMk0oVkzDTwZRSFOERBZmTmiEaMSGkYROgguTCrNNs8S0C6A"
REPLAY_FILE = Path(__file__).parent / "data" / "minesweeper" / "Zhang Shen Jia_Exp_38.82(3bv122).mvf"


def _panel_scroll(page) -> QScrollArea:
    return next(area for area in page.findChildren(QScrollArea) if area.widget() is page.tool_panel)


def _shown(qtbot, window, game, size=(1120, 840)):
    window.resize(*size)
    page = window.page(game)
    window.tabs.setCurrentWidget(page)
    qtbot.waitUntil(lambda: page.isVisible() and (window.width(), window.height()) == size)
    return page


def _readable_points() -> float:
    """The smallest size text may be drawn at: the application font's, less a point."""
    return QApplication.font().pointSizeF() - 1


# --- the states each game's panel is seen in --------------------------------------------


def _sudoku(qtbot, window):
    window.paste_text(SUDOKU)
    page = window.page("sudoku")
    qtbot.waitUntil(lambda: page.solution_count is not None, timeout=10_000)
    page.show_solution.setChecked(True)
    return page


def _pentomino(qtbot, window):
    return window.page("pentomino")


def _in_mode(game, mode):
    """A state of the table below: `game`'s page switched to `mode`."""

    def state(qtbot, window):
        page = window.page(game)
        page.set_mode(mode)
        return page

    return state


def _minesweeper_replay(qtbot, window):
    assert open_file(qtbot, window, REPLAY_FILE)
    page = window.page("minesweeper")
    assert page.mode == "replay" and page.file_label.text()
    page.odds_box.setChecked(True)
    qtbot.waitUntil(page.replay_ready, timeout=10_000)
    page.replays.to_end()
    qtbot.waitUntil(lambda: page.stat_labels["clicks"].text() not in ("–", "…"), timeout=10_000)
    return page


def _xiangqi_analysis(qtbot, window):
    page = window.page("xiangqi")
    assert page.set_mode("play")
    page.analysis.set_lines(3)  # the most lines the analysis shows
    page.analysis_panel.switch.setChecked(True)
    if hasattr(page, "show_section"):
        page.show_section("Analysis")
    if ENGINE is not None:
        qtbot.waitUntil(lambda: page.analysis_panel.line_labels[0].text() != "", timeout=20_000)
    return page


def _xiangqi_opponent(qtbot, window):
    page = window.page("xiangqi")
    panel = page.opponent.panel
    panel.seconds.setValue(0.1)
    panel.side.setCurrentText("Red")
    assert page.opponent.start()
    if hasattr(page, "show_section"):  # where its controls are
        page.show_section("Opponent")
    return page


def _letters_review(qtbot, window):
    window.paste_text(INMATE)
    page = window.page("letters")
    page.best_button.click()
    qtbot.waitUntil(lambda: page.review_table.rowCount() == 6, timeout=60_000)
    return page


def _letters_best(qtbot, window):
    full = letters.decode(INMATE)
    window.paste_text(letters.share_url(dataclasses.replace(full, tiles=tuple(t for t in full.tiles if t.turn <= 3))))
    page = window.page("letters")
    page.best_button.click()
    qtbot.waitUntil(lambda: page.best_list.count() == 10, timeout=60_000)
    return page


STATES = {
    "sudoku": ("sudoku", _sudoku),
    "pentomino": ("pentomino", _pentomino),
    "minesweeper-edit": ("minesweeper", _in_mode("minesweeper", "edit")),
    "minesweeper-play": ("minesweeper", _in_mode("minesweeper", "play")),
    "minesweeper-replay": ("minesweeper", _minesweeper_replay),
    "xiangqi-edit": ("xiangqi", _in_mode("xiangqi", "edit")),
    "xiangqi-analysis": ("xiangqi", _xiangqi_analysis),
    "xiangqi-opponent": ("xiangqi", _xiangqi_opponent),
    "letters-review": ("letters", _letters_review),
    "letters-best": ("letters", _letters_best),
}
SLOW = {"letters-review", "letters-best", "minesweeper-replay"}


def _states():
    return [pytest.param(name, marks=[pytest.mark.slow] if name in SLOW else []) for name in STATES]


@pytest.fixture
def private_cache(tmp_path, monkeypatch):
    """The letters move finder's word trie is cached here, not in the user's cache folder."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def _in_state(qtbot, window, state, size):
    game, set_up = STATES[state]
    _shown(qtbot, window, game, size)
    set_up(qtbot, window)
    return _shown(qtbot, window, game, size)


def _lowest_control(page) -> QWidget:
    """The control of the panel drawn lowest: the last a person reaches."""
    panel = page.tool_panel
    shown = [w for w in panel.findChildren(QWidget) if w.isVisibleTo(panel) and w.height() > 0]
    return max(shown, key=lambda w: w.mapTo(panel, QPoint(0, w.height())).y())


def _whole(page) -> bool:
    area = _panel_scroll(page)
    QApplication.processEvents()
    return not area.verticalScrollBar().isVisible() and page.tool_panel.minimumSizeHint().height() <= (
        area.viewport().height()
    )


@pytest.mark.slow
@pytest.mark.parametrize("state", _states())
def test_each_panel_fits_the_default_window_whole(qtbot, main_window, private_cache, state):
    page = _in_state(qtbot, main_window, state, (1120, 840))
    area = _panel_scroll(page)
    qtbot.waitUntil(lambda: _whole(page), timeout=3_000)
    assert not area.verticalScrollBar().isVisible()
    assert not area.horizontalScrollBar().isVisible()
    assert page.tool_panel.width() <= area.viewport().width()
    last = _lowest_control(page)
    bottom = last.mapTo(area.viewport(), QPoint(0, last.height()))
    assert 0 <= bottom.y() <= area.viewport().height(), last.objectName() or type(last).__name__
    # No list or table of the panel scrolls sideways either: its columns fit its width.
    for view in page.tool_panel.findChildren(QAbstractScrollArea):
        if view.isVisible():
            assert not view.horizontalScrollBar().isVisible(), view.objectName()


def test_the_sudoku_panel_fits_the_default_window_whole(qtbot, main_window):
    main_window.paste_text(SUDOKU)
    page = _shown(qtbot, main_window, "sudoku")
    qtbot.waitUntil(lambda: page.solution_count is not None, timeout=10_000)
    page.show_solution.setChecked(True)  # its note said too
    area = _panel_scroll(page)
    qtbot.waitUntil(lambda: area.viewport().height() >= page.tool_panel.minimumSizeHint().height())
    assert not area.verticalScrollBar().isVisible()
    problems = page.problems_label.mapTo(area.viewport(), page.problems_label.rect().bottomLeft())
    assert problems.y() <= area.viewport().height()  # the Problems text in sight, not a scroll away


@pytest.mark.parametrize("game", list(titles()))
def test_no_panel_scrolls_sideways(qtbot, main_window, game):
    page = _shown(qtbot, main_window, game)
    area = _panel_scroll(page)
    assert not area.horizontalScrollBar().isVisible()
    assert page.tool_panel.width() <= area.viewport().width()


@pytest.mark.slow
@pytest.mark.parametrize("state", _states())
def test_a_small_window_scrolls_the_panel_and_keeps_its_text_readable(qtbot, main_window, private_cache, state):
    page = _in_state(qtbot, main_window, state, (800, 600))
    area = _panel_scroll(page)
    QApplication.processEvents()
    assert not area.horizontalScrollBar().isVisible()
    assert page.tool_panel.width() <= area.viewport().width()
    least = _readable_points()
    small = [
        (w.objectName() or type(w).__name__, QFontInfo(w.font()).pointSizeF())
        for w in page.tool_panel.findChildren(QWidget)
        if w.isVisibleTo(page.tool_panel) and QFontInfo(w.font()).pointSizeF() < least - 1e-6
    ]
    assert small == []
    if area.verticalScrollBar().isVisible():  # what is below the viewport is a scroll away
        bar = area.verticalScrollBar()
        bar.setValue(bar.maximum())
        last = _lowest_control(page)
        assert last.mapTo(area.viewport(), QPoint(0, last.height())).y() <= area.viewport().height()


class _Recording:
    """A painter that notes the size of every font set on it."""

    def __init__(self, painter: QPainter) -> None:
        self._painter = painter
        self.points: list[float] = []
        self.texts: list[tuple[QRectF, str]] = []

    def setFont(self, font) -> None:
        self._painter.setFont(font)
        self.points.append(QFontInfo(self._painter.font()).pointSizeF())

    def drawText(self, rect, flags, text) -> None:
        self._painter.drawText(rect, flags, text)
        self.texts.append((QRectF(rect), text))

    def __getattr__(self, name):
        return getattr(self._painter, name)


def _record_painting(monkeypatch, module, name: str) -> list[_Recording]:
    """Each call of `module.name(painter, ...)` from now on drawn through a `_Recording`
    of its painter, kept in the list returned."""
    recorded: list[_Recording] = []
    painted = getattr(module, name)

    def recording(painter, *args, **kwargs):
        recorder = _Recording(painter)
        recorded.append(recorder)
        try:
            return painted(recorder, *args, **kwargs)
        finally:
            recorder._painter = None  # the widget's painter ends with its paint event

    monkeypatch.setattr(module, name, recording)
    return recorded


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 600), (640, 480)])
def test_the_letters_score_list_is_never_drawn_below_the_readable_minimum(qtbot, main_window, size, monkeypatch):
    paint = importlib.import_module("slugboard.gui.letters.paint")

    main_window.paste_text(INMATE)
    page = _shown(qtbot, main_window, "letters", size)
    canvas = page.canvas
    recorded = _record_painting(monkeypatch, paint, "_paint_panel")
    canvas._paint_cache.invalidate()
    image = QImage(canvas.size(), QImage.Format.Format_ARGB32)
    canvas.render(image)
    assert len(recorded) == 1 and recorded[0].points
    assert min(recorded[0].points) >= _readable_points() - 1e-6
    # ... and the total is still drawn, whole, inside the canvas
    total = str(letters.resolve(page.board).total)
    drawn = {text: rect for rect, text in recorded[0].texts}
    assert "Total" in drawn and total in drawn
    assert 0 <= drawn["Total"].top() and drawn["Total"].bottom() <= canvas.height()


@pytest.mark.slow
def test_the_evaluation_graph_scale_is_never_below_the_readable_minimum(qtbot, main_window, monkeypatch):
    analysis = importlib.import_module("slugboard.gui.xiangqi.analysis")
    page = _in_state(qtbot, main_window, "xiangqi-edit", (800, 600))
    assert page.set_mode("play")
    page.show_section("Moves")
    graph = page.evaluation_graph
    qtbot.waitUntil(graph.isVisible)
    recorded = _record_painting(monkeypatch, analysis, "paint_graph")
    image = QImage(graph.size(), QImage.Format.Format_ARGB32)
    graph.render(image)
    assert len(recorded) == 1 and recorded[0].points
    assert min(recorded[0].points) >= _readable_points() - 1e-6
    assert {"+10", "0", "-10"} <= {text for _rect, text in recorded[0].texts}  # the scale is drawn

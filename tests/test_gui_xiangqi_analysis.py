"""The Analysis panel as a person uses it: tick Analyse, read the lines and see the arrows,
play a move and see them follow; no engine, a broken engine, quitting."""

from __future__ import annotations

import stat
import sys

import pytest
from PySide6.QtCore import QPoint, Qt
from test_gui_xiangqi_play import _drag, _set_up, _sq

from engines import needs_engine
from slugboard.codecs import xiangqi
from slugboard.codecs.xiangqi import engine as engines
from slugboard.codecs.xiangqi.notation import TO_SIMPLIFIED


def _analyse(qtbot, page, depth=8):
    page.runner.depth = depth
    qtbot.mouseClick(page.analysis_panel.switch, Qt.MouseButton.LeftButton)
    assert page.analysing


def _done(page) -> bool:
    return page.analysis_panel.status.text().endswith("(done). Scores from Red's side.")


@pytest.mark.slow
@needs_engine
def test_lines_and_arrows_follow_every_move(qtbot, main_window):
    page = _set_up(qtbot, main_window, xiangqi.OPENING_FEN)
    page.set_analysis_lines(3)
    _analyse(qtbot, page)
    qtbot.waitUntil(lambda: _done(page) and len(page.canvas.arrows) == 3, timeout=20_000)
    legal = xiangqi.legal_moves(page.board)
    assert all(move in legal for move in page.canvas.arrows)
    first = page.analysis_panel.line_labels[0].text()
    wxf_line, chinese_line = first.split("\n")
    assert wxf_line.split()[0][0] in "+-" and wxf_line.split()[1] == xiangqi.wxf(page.board, page.canvas.arrows[0])
    assert chinese_line.split()[0] == xiangqi.chinese(page.board, page.canvas.arrows[0])
    # View > Simplified Chinese moves writes the lines shown again in simplified script.
    page.toggle_script()
    simplified = page.analysis_panel.line_labels[0].text().split("\n")[1]
    assert simplified.split()[0] == xiangqi.chinese(page.board, page.canvas.arrows[0], "simplified")
    assert simplified == chinese_line.translate(TO_SIMPLIFIED)
    page.toggle_script()
    # A move: the arrows are taken away at once, then come back for Black.
    _drag(qtbot, page, _sq("h2"), _sq("e2"))
    assert page.canvas.arrows == () and page.analysis_panel.status.text() == "Thinking…"
    qtbot.waitUntil(lambda: _done(page) and len(page.canvas.arrows) == 3, timeout=20_000)
    assert not page.board.red_to_move
    assert all(move in xiangqi.legal_moves(page.board) for move in page.canvas.arrows)


@pytest.mark.slow
@needs_engine
def test_a_mate_is_announced(qtbot, main_window):
    page = _set_up(qtbot, main_window, "3k5/9/9/9/9/9/9/9/R8/R3K4 w")
    page.set_analysis_lines(1)
    _analyse(qtbot, page, depth=6)
    qtbot.waitUntil(lambda: _done(page), timeout=20_000)
    assert page.analysis_panel.line_labels[0].text().startswith("Red mates in 1  R+=6")
    assert page.canvas.arrows == ((_sq("a1"), _sq("d1")),)
    assert not page.analysis_panel.line_labels[1].isVisible()


@pytest.mark.slow
@needs_engine
def test_edits_are_analysed_and_a_position_without_a_king_is_not(qtbot, main_window):
    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    _analyse(qtbot, page)
    qtbot.waitUntil(lambda: _done(page), timeout=20_000)
    page.remove(_sq("e9"))
    assert page.analysis_panel.status.text() == "No analysis: this position cannot be played (black has no king)."
    assert page.canvas.arrows == ()
    page.undo_stack.undo()
    qtbot.waitUntil(lambda: _done(page) and bool(page.canvas.arrows), timeout=20_000)


@pytest.mark.slow
@needs_engine
def test_turning_analysis_off_stops_and_clears(qtbot, main_window):
    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    _analyse(qtbot, page, depth=30)
    qtbot.waitUntil(lambda: bool(page.canvas.arrows), timeout=20_000)
    qtbot.mouseClick(page.analysis_panel.switch, Qt.MouseButton.LeftButton)
    assert page.canvas.arrows == () and page.analysis_panel.line_labels[0].text() == ""
    assert page.settings.value("xiangqi/analyse", type=bool) is False


def test_no_engine_says_how_to_get_one(qtbot, main_window, monkeypatch):
    monkeypatch.setenv("PATH", "")
    monkeypatch.setattr(engines, "EXTRA_FOLDERS", ())
    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    _analyse(qtbot, page)
    text = page.analysis_panel.status.text()
    assert text.startswith("No xiangqi engine found") and "sudo apt install fairy-stockfish" in text
    # Nothing else changes: the board still edits.
    assert page.remove(_sq("a0")) and page.board.cells[_sq("a0")] == ""


def _fake_engine(tmp_path, on_go: str) -> str:
    script = tmp_path / "fake-engine"
    script.write_text(
        f"#!{sys.executable}\nimport sys\n"
        "for line in sys.stdin:\n"
        "    word = line.split()[0] if line.split() else ''\n"
        "    if word == 'uci': print('id name Fake', flush=True); print('uciok', flush=True)\n"
        "    elif word == 'isready': print('readyok', flush=True)\n"
        f"    elif word == 'go': {on_go}\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


@pytest.mark.slow
def test_an_engine_that_dies_is_reported_and_the_window_keeps_working(qtbot, main_window, tmp_path):
    page = _set_up(qtbot, main_window, xiangqi.OPENING_FEN)
    page.use_engine(_fake_engine(tmp_path, "sys.exit(4)"))
    _analyse(qtbot, page)
    qtbot.waitUntil(lambda: "ended unexpectedly" in page.analysis_panel.status.text(), timeout=10_000)
    assert page.analysis_panel.status.text() == (
        "The engine Fake ended unexpectedly (exit status 4). Analysis starts again at the next move or edit."
    )
    _drag(qtbot, page, _sq("h2"), _sq("e2"))
    assert page.board.cells[_sq("e2")] == "C"
    qtbot.waitUntil(lambda: "ended unexpectedly" in page.analysis_panel.status.text(), timeout=10_000)
    assert page.settings.value("xiangqi/engine") == str(tmp_path / "fake-engine")


@pytest.mark.slow
@needs_engine
def test_closing_the_window_ends_the_engine(qtbot, main_window):
    import os

    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    _analyse(qtbot, page, depth=40)
    qtbot.waitUntil(lambda: page.runner.engine_pid is not None, timeout=20_000)
    process = page.runner._engine._process
    main_window.close()
    assert process.poll() is not None
    with pytest.raises(ProcessLookupError):
        os.kill(process.pid, 0)


@pytest.mark.slow
@needs_engine
def test_a_game_is_evaluated_and_the_graph_goes_to_a_move(qtbot, main_window, monkeypatch):
    from slugboard.gui.xiangqi import analysing

    monkeypatch.setattr(analysing, "EVALUATION_MOVETIME", 30)
    page = _set_up(qtbot, main_window, "3k5/9/9/9/9/9/9/9/R8/1R2K4 w")
    for source, target in (("a1", "a2"), ("d9", "d8"), ("a2", "a7"), ("d8", "d9")):
        _drag(qtbot, page, _sq(source), _sq(target))
    assert len(page.game_moves) == 4
    assert page.evaluate_game()
    graph = page.evaluation_graph
    qtbot.waitUntil(lambda: not page.evaluating, timeout=20_000)
    assert len(graph.values) == 5 and all(v is not None for v in graph.values)
    assert all(v > 300 for v in graph.values)  # two rooks against a bare general: Red far ahead
    qtbot.mouseClick(graph, Qt.MouseButton.LeftButton, pos=QPoint(round(graph.x_of(2)), graph.height() // 2))
    assert page.game_ply == 2 and graph.current == 2
    assert page.board == page.positions()[2]
    # Another game: the graph empties.
    page.restart()
    assert graph.values == []


@pytest.mark.slow
def test_the_engine_chosen_and_the_lines_are_kept_for_next_time(qtbot, main_window, tmp_path, monkeypatch, open_window):
    from PySide6.QtWidgets import QFileDialog

    page = main_window.page("xiangqi")
    main_window.tabs.setCurrentWidget(page)
    fake = _fake_engine(tmp_path, "sys.exit(4)")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (fake, ""))
    qtbot.mouseClick(page.analysis_panel.choose_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.analysis_panel.line_buttons[3], Qt.MouseButton.LeftButton)
    assert page.runner.path == fake and page.analysis_lines == 3
    main_window.close()
    again = open_window().page("xiangqi")
    assert again.runner.path == fake and again.analysis_lines == 3
    assert again.analysis_panel.line_buttons[3].isChecked()


@pytest.mark.slow
def test_an_engine_that_hangs_is_reported_and_the_window_keeps_working(qtbot, main_window, tmp_path, monkeypatch):
    monkeypatch.setattr(engines, "DEPTH_TIMEOUT", 0.5)
    monkeypatch.setattr(engines, "GRACE", 0.3)
    page = _set_up(qtbot, main_window, xiangqi.OPENING_FEN)
    page.use_engine(_fake_engine(tmp_path, "import time; time.sleep(60)"))
    _analyse(qtbot, page)
    _drag(qtbot, page, _sq("h2"), _sq("e2"))  # the window answers while the engine does not
    assert page.board.cells[_sq("e2")] == "C"
    qtbot.waitUntil(lambda: "stopped answering" in page.analysis_panel.status.text(), timeout=10_000)
    assert page.analysis_panel.status.text() == (
        "The engine Fake stopped answering during a search. Analysis starts again at the next move or edit."
    )
    assert page.canvas.arrows == ()


def test_the_evaluation_graph_has_a_scale_in_pawns_and_rings_a_mate(qtbot):
    from PySide6.QtGui import QColor

    from slugboard.gui.xiangqi.analysis import AXIS_WIDTH, MATE_MARK, MATE_SCORE, EvaluationGraph

    graph = EvaluationGraph()
    qtbot.addWidget(graph)
    graph.resize(240, 56)
    graph.set_values([0.0, 150.0, -320.0, float(MATE_SCORE)], 0)
    assert "pawns from Red's side" in graph.toolTip()
    image = graph.grab().toImage()
    base = graph.palette().base().color()

    def inked(x0: int, x1: int, y0: int, y1: int, colour=None) -> int:
        count = 0
        for x in range(x0, x1):
            for y in range(max(0, y0), min(image.height(), y1)):
                pixel = image.pixelColor(x, y)
                if colour is None:
                    count += pixel != base
                else:
                    count += abs(pixel.red() - colour.red()) + abs(pixel.green() - colour.green()) < 60
        return count

    assert inked(0, AXIS_WIDTH - 2, 0, graph.height()) > 20  # the scale's labels, left of the plot
    mate = graph.x_of(3), graph.y_of(MATE_SCORE)
    ring = QColor(*MATE_MARK)
    x, y = round(mate[0]), round(mate[1])
    assert inked(x - 6, min(x + 6, image.width()), y - 6, y + 6, ring) > 4  # the mate ringed
    none_ringed = graph.x_of(1), graph.y_of(150.0)
    x, y = round(none_ringed[0]), round(none_ringed[1])
    assert inked(x - 4, x + 4, y - 4, y + 4, ring) == 0  # a plain score is not

"""The page's analysis: the engine chosen, the Analysis panel following the position on
screen, and the evaluation graph of the whole game (the panel, graph and engine thread
are in analysis.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from slugboard.codecs import xiangqi

from .analysis import MAX_LINES, AnalysisPanel, EngineRunner, EvaluationGraph
from .play import count

if TYPE_CHECKING:
    from .page import XiangqiPage

ANALYSE_KEY = "xiangqi/analyse"
LINES_KEY = "xiangqi/analysis_lines"
ENGINE_KEY = "xiangqi/engine"
# A game's positions are scored with a search this long each (ms): a 100-move game in about 20 s.
EVALUATION_MOVETIME = 200
IDLE = "Tick Analyse to ask an engine for the best moves here."


def sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


class Analysis(QObject):
    """The engine's best lines for the page's board while Analyse is ticked (arrows on the
    board), and the scores of every position of the game for the graph; live analysis
    waits while a game is evaluated."""

    def __init__(self, page: XiangqiPage) -> None:
        super().__init__(page)
        self._page = page
        settings = page.settings
        self.panel = AnalysisPanel()
        self.graph = EvaluationGraph()
        self.graph.ply_clicked.connect(page.go_to_ply)
        self._new_runner(self.engine_path())
        self._analysis_id = 0
        self._evaluation_id = -1
        self._evaluation: tuple | None = None  # (start, moves, scores) of the game last evaluated
        stored = settings.value(LINES_KEY, 2)
        lines = int(stored) if isinstance(stored, (int, str)) and str(stored).isdigit() else 2
        self.lines = min(MAX_LINES, max(1, lines))
        self.panel.set_lines_shown(self.lines)
        self.panel.switched.connect(self.set_analysing)
        self.panel.lines_chosen.connect(self.set_lines)
        self.panel.engine_asked.connect(self.choose_engine)
        self.panel.say(IDLE)

    def start(self) -> None:
        """Tick Analyse as the last run left it (once the page shows its board)."""
        on = self._page.settings.value(ANALYSE_KEY, False, type=bool)
        self.panel.switch.setChecked(bool(on))

    # --- the engine ----------------------------------------------------------------
    def engine_path(self) -> str | None:
        """The engine program chosen (kept between runs), or None for the one on PATH."""
        path = self._page.settings.value(ENGINE_KEY, "")
        return path if isinstance(path, str) and path else None

    def choose_engine(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(self._page, "Choose a xiangqi engine (Pikafish or Fairy-Stockfish)")
        if path:
            self.use_engine(path)

    def use_engine(self, path: str | None) -> None:
        """Analyse with the engine program at `path` (None: the one found on PATH); kept between runs."""
        self._page.settings.setValue(ENGINE_KEY, path or "")
        self.runner.close()
        self._new_runner(path)
        self.follow(self._page.board)

    def _new_runner(self, path: str | None) -> None:
        self.runner = EngineRunner(self)
        self.runner.path = path
        self.runner.analysed.connect(self._analysed)
        self.runner.evaluated.connect(self._evaluated)
        self.runner.failed.connect(self._failed)

    def _engine_missing(self) -> str | None:
        """Why no engine can be run, as a sentence (None when one is found)."""
        from slugboard.codecs.xiangqi import engine as engines

        try:
            engines.find_engine(self.runner.path)
        except engines.EngineError as exc:
            return sentence(exc.message)
        return None

    def close(self) -> None:
        self.runner.close()

    # --- live analysis ---------------------------------------------------------------
    @property
    def analysing(self) -> bool:
        return self.panel.switch.isChecked()

    def set_analysing(self, on: bool) -> None:
        if self.panel.switch.isChecked() != on:
            self.panel.switch.setChecked(on)  # comes back here through the signal
            return
        page = self._page
        if bool(page.settings.value(ANALYSE_KEY, False, type=bool)) != on:
            page.settings.setValue(ANALYSE_KEY, on)
        if on:
            self.follow(page.board)
        else:
            self._end(IDLE)
        page.actions_changed.emit()

    def set_lines(self, lines: int) -> None:
        self.lines = min(MAX_LINES, max(1, lines))
        self.panel.set_lines_shown(self.lines)
        self._page.settings.setValue(LINES_KEY, self.lines)
        self.follow(self._page.board)

    def _end(self, text: str) -> None:
        self._analysis_id = -1
        self.runner.stop()
        self.panel.clear_lines()
        self.panel.say(text)
        canvas = self._page.canvas
        if canvas.arrows:
            canvas.arrows = ()
            canvas.update()

    def follow(self, board: xiangqi.Board) -> None:
        """Stop the search under way and, when analysing, start one on `board`."""
        if not self.analysing or self.evaluating:
            return
        missing = self._engine_missing()
        if missing:
            self._end(missing)
            return
        blockers = xiangqi.play_problems(board)
        if blockers:
            self._end(f"No analysis: this position cannot be played ({blockers[0].message}).")
            return
        if xiangqi.result(board):
            self._end("No analysis: the game is over.")
            return
        self._end("Thinking…")
        self._analysis_id = self.runner.request(board, self.lines)

    def _analysed(self, analysis, asked: int) -> None:
        page = self._page
        if asked != self._analysis_id or analysis.board != page.board:
            return
        engine = self.runner._engine
        name = engine.name if engine is not None else "Engine"
        self.panel.show_analysis(analysis, name)
        page.canvas.arrows = tuple(line["moves"][0] for line in analysis.lines[: self.lines])
        page.canvas.update()

    def _failed(self, message: str, asked: int) -> None:
        if asked == self._evaluation_id:
            self._evaluation_id = -1
            self._page.played.refuse(f"Evaluation stopped: {message}")
            return
        if asked != self._analysis_id:
            return
        self._end(sentence(message) + " Analysis starts again at the next move or edit.")

    # --- the evaluation graph -----------------------------------------------------
    @property
    def evaluating(self) -> bool:
        return self._evaluation_id >= 0

    def evaluate_game(self) -> bool:
        """Score every position of the game with the engine (a short search each), for
        the graph; live analysis waits meanwhile."""
        game = self._page.played
        missing = self._engine_missing()
        if missing:
            game.refuse(missing)
            return False
        boards = game.positions()
        self._evaluation = (game.start, tuple(game.moves), [None] * len(boards))
        self.graph.set_values(self._evaluation[2], game.ply)
        self._evaluation_id = self.runner.evaluate(boards, EVALUATION_MOVETIME)
        self._page.show_status(f"Evaluating {count(len(boards), 'position')}…")
        return True

    def _evaluated(self, scores, asked: int) -> None:
        if asked != self._evaluation_id or self._evaluation is None:
            return
        game = self._page.played
        start, moves, _ = self._evaluation
        self._evaluation = (start, moves, scores)
        self.graph.set_values(scores, game.ply)
        if sum(1 for v in scores if v is not None) >= sum(1 for b in game.positions() if not xiangqi.play_problems(b)):
            self._evaluation_id = -1
            self._page.show_status("Game evaluated: click the graph to go to a move")
            self.follow(self._page.board)

    def show_evaluation(self) -> None:
        """The graph of the game on screen, when it is the game last evaluated (else none)."""
        game = self._page.played
        evaluation = self._evaluation
        if evaluation is not None and evaluation[:2] == (game.start, tuple(game.moves)):
            self.graph.set_values(evaluation[2], game.ply)
        elif self.graph.values:
            self.graph.set_values([], 0)

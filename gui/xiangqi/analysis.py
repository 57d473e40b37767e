"""The Analysis panel: an engine's best lines for the position on screen, with their
scores and moves in WXF and Chinese, following every edit and move.

The engine runs in its own process, spoken to from a thread (`EngineRunner`), so the window
never waits for it: a new position stops the search under way and starts the next. What
the engine says comes back as a signal, queued to the window's thread."""

from __future__ import annotations

import math
import threading
import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from slugboard.codecs import xiangqi
from slugboard.codecs.xiangqi.notation import DEFAULT_SCRIPT

from ..page import ModeButton, readable_pixels

if TYPE_CHECKING:  # the engine's module (and subprocess) loads with the first search
    from slugboard.codecs.xiangqi import engine as engines

MAX_LINES = 3
# How deep a position is searched: deep enough to be worth reading, and the engine then
# rests rather than keep a core busy.
DEPTH = 20
# The window hears at most this often while a search runs (and always its last word).
EVERY = 0.15


class EngineThread(QObject):
    """One engine process, started with the first question, and a thread that asks it the
    newest question: a question asked drops the one under way, whose answer never comes.
    A subclass says what a question is (`_answer`); its answers and failures come as
    signals. Analysis and the game against the engine each have one."""

    failed = Signal(str, int)  # a message for a person, the question it answers

    def __init__(self, parent: QObject | None = None, name: str = "xiangqi engine") -> None:
        super().__init__(parent)
        self.path: str | None = None
        self._name = name
        self._lock = threading.Condition()
        self._wanted: tuple | None = None  # (question, what the subclass was asked)
        self._asked = 0
        self._closing = False
        self._thread: threading.Thread | None = None
        self._engine: engines.Engine | None = None

    def _ask(self, job: tuple) -> int:
        with self._lock:
            self._asked += 1
            self._wanted = (self._asked, job)
            self._lock.notify_all()
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            return self._asked

    def stop(self) -> None:
        """Drop the question under way (the engine stays for the next one)."""
        with self._lock:
            self._asked += 1
            self._wanted = None
            self._lock.notify_all()

    @property
    def engine_pid(self) -> int | None:
        engine = self._engine
        return engine._process.pid if engine is not None and engine.alive else None

    def close(self) -> None:
        """End the search and the engine process now."""
        with self._lock:
            self._closing = True
            self._wanted = None
            self._lock.notify_all()
        engine = self._engine
        if engine is not None:
            engine.close()
        thread = self._thread
        if thread is not None:
            thread.join(timeout=3)

    def _stale(self, asked: int) -> bool:
        return self._closing or self._asked != asked

    def _run(self) -> None:
        from slugboard.codecs.xiangqi import engine as engines

        while True:
            with self._lock:
                while self._wanted is None and not self._closing:
                    self._lock.wait()
                if self._closing:
                    return
                assert self._wanted is not None
                asked, job = self._wanted
                self._wanted = None
            try:
                if self._engine is None or not self._engine.alive:
                    self._engine = engines.Engine(self.path)
                    self._started(self._engine)
                    if self._closing:  # the window closed while the engine started: its close missed it
                        self._engine.close()
                        return
                self._answer(self._engine, asked, job)
            except engines.EngineError as exc:
                if self._closing:
                    return
                engine, self._engine = self._engine, None
                if engine is not None:
                    engine.close()
                self.failed.emit(exc.message, asked)

    def _started(self, engine: engines.Engine) -> None:
        """A new engine process has started (what a subclass set on the last one is gone)."""

    def _answer(self, engine: engines.Engine, asked: int, job: tuple) -> None:
        raise NotImplementedError


class EngineRunner(EngineThread):
    """The Analysis panel's engine: the best lines of the newest position asked about, as
    the search deepens, or the scores of a game's positions."""

    analysed = Signal(object, int)  # an engines.Analysis, the request it answers
    evaluated = Signal(object, int)  # a game's scores so far (list, None where not yet), the request

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent, "xiangqi analysis")
        self.depth = DEPTH

    def request(self, board: xiangqi.Board, lines: int) -> int:
        """Search `board` for its `lines` best moves (stopping the search under way)."""
        return self._ask((board, lines))

    def evaluate(self, boards: list[xiangqi.Board], movetime: int) -> int:
        """Score each of a game's positions with a search of `movetime` ms (stopping the
        search under way); `evaluated` brings the scores as they come."""
        return self._ask((list(boards), movetime))

    def _answer(self, engine: engines.Engine, asked: int, job: tuple) -> None:
        board, lines = job
        if isinstance(board, list):
            self._evaluate(asked, board, lines)
            return
        last = 0.0

        def stale(asked: int = asked) -> bool:
            return self._stale(asked)

        for snapshot in engine.search(board, depth=self.depth, multipv=lines, stopped=stale):
            if self._stale(asked):
                continue  # the engine is stopping; its last words are for an old position
            now = time.monotonic()
            if snapshot.final or now - last >= EVERY:
                last = now
                self.analysed.emit(snapshot, asked)

    def _evaluate(self, asked: int, boards: list[xiangqi.Board], movetime: int) -> None:
        engine = self._engine
        assert engine is not None
        scores: list[float | None] = [None] * len(boards)
        for i, board in enumerate(boards):
            if self._stale(asked):
                return
            outcome = xiangqi.result(board) if not xiangqi.play_problems(board) else None
            if outcome:  # the side to move has lost
                scores[i] = -MATE_SCORE if board.red_to_move else MATE_SCORE
            elif not xiangqi.play_problems(board):
                final = engine.analyse(board, movetime=movetime)
                scores[i] = graph_value(final.lines[0]["score"]) if final.lines else None
            self.evaluated.emit(list(scores), asked)


# A mate counts as this many centipawns on the graph, which shows -MATE_SCORE..MATE_SCORE.
MATE_SCORE = 1000


def graph_value(score: dict) -> float:
    """A score from Red's side as a height on the evaluation graph."""
    if "mate" in score:
        return MATE_SCORE if score["mate"] > 0 else -MATE_SCORE
    return max(-MATE_SCORE, min(MATE_SCORE, score["cp"]))


def score_text(score: dict, red_to_move: bool) -> str:
    """A score from Red's side as a player reads it: "+0.34", "Red mates in 3"."""
    if "mate" in score:
        n = score["mate"]
        if n == 0:
            return "Mate"
        return f"{'Red' if n > 0 else 'Black'} mates in {abs(n)}"
    return f"{score['cp'] / 100:+.2f}"


def line_texts(board: xiangqi.Board, moves: list, script: str, most: int = 6) -> tuple[str, str]:
    """A line's moves in WXF and in Chinese in `script` (the first `most` of them)."""
    wxf, chinese = [], []
    for move in moves[:most]:
        wxf.append(xiangqi.wxf(board, move))
        chinese.append(xiangqi.chinese(board, move, script))
        board = xiangqi.play(board, move)
    more = " …" if len(moves) > most else ""
    return " ".join(wxf) + more, " ".join(chinese) + more


class AnalysisPanel(QWidget):
    """On/off, how many lines, the engine's lines and what it is doing."""

    switched = Signal(bool)
    lines_chosen = Signal(int)
    engine_asked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.script = DEFAULT_SCRIPT  # of the lines' Chinese notation
        self._shown: tuple[engines.Analysis, str] | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        self.switch = QCheckBox("Analyse")
        self.switch.setObjectName("xiangqiAnalyse")
        self.switch.setToolTip("Ask a xiangqi engine for the best moves here; it follows every move and edit")
        self.switch.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.switch.toggled.connect(self.switched)
        # The switch goes on the page's mode row (`XiangqiPage`): in sight whichever tab is.
        top.addWidget(QLabel("Lines"))
        top.addStretch(1)
        self.line_group = QButtonGroup(self)
        self.line_buttons: dict[int, QPushButton] = {}
        for n in range(1, MAX_LINES + 1):
            button = ModeButton(str(n))  # the chosen number filled, as the modes are, in every theme
            button.setFixedWidth(button.fontMetrics().horizontalAdvance("00") + 16)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setToolTip(f"Show the engine's {n} best line{'s' if n > 1 else ''}")
            button.clicked.connect(lambda _=False, k=n: self.lines_chosen.emit(k))
            self.line_group.addButton(button)
            self.line_buttons[n] = button
            top.addWidget(button)
        layout.addLayout(top)
        self.status = self._label(2, "xiangqiAnalysisStatus")
        layout.addWidget(self.status)
        self.line_labels = [self._label(3, f"xiangqiLine{i + 1}") for i in range(MAX_LINES)]
        for label in self.line_labels:
            layout.addWidget(label)
        self.choose_button = QPushButton("Choose engine…")
        self.choose_button.setToolTip("Choose the engine program (Pikafish or Fairy-Stockfish); kept for next time")
        self.choose_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.choose_button.clicked.connect(self.engine_asked)
        layout.addWidget(self.choose_button)
        layout.addStretch(1)  # a taller tab than the panel needs keeps it together at the top

    @staticmethod
    def _label(lines: int, name: str) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Its room is kept whatever it says, so nothing below moves.
        label.setFixedHeight(lines * label.fontMetrics().lineSpacing() + 4)
        return label

    def set_lines_shown(self, count: int) -> None:
        self.line_buttons[count].setChecked(True)
        for i, label in enumerate(self.line_labels):
            label.setVisible(i < count)

    def say(self, text: str) -> None:
        self.status.setText(text)

    def clear_lines(self) -> None:
        self._shown = None
        for label in self.line_labels:
            label.setText("")

    def set_script(self, script: str) -> None:
        """Write the lines' Chinese moves in `script` from now on, the lines shown too."""
        self.script = script
        if self._shown is not None:
            self.show_analysis(*self._shown)

    def show_analysis(self, analysis: engines.Analysis, engine_name: str) -> None:
        self._shown = (analysis, engine_name)
        board = analysis.board
        for i, label in enumerate(self.line_labels):
            if i < len(analysis.lines):
                line = analysis.lines[i]
                wxf, chinese = line_texts(board, line["moves"], self.script)
                label.setText(f"{score_text(line['score'], board.red_to_move)}  {wxf}\n{chinese}")
            else:
                label.setText("")
        done = "" if not analysis.final else " (done)"
        self.say(f"{engine_name}: depth {analysis.depth}{done}. Scores from Red's side.")


# The graph's scale: pawns from Red's side, marked at these heights (a mate tops the scale).
AXIS_PAWNS = (10, 5, 0, -5, -10)
AXIS_WIDTH = 26  # px: room for the scale's labels at the left
MATE_MARK = (120, 20, 140)  # a mate's point: a ring of its own colour, apart from the line


class EvaluationGraph(QWidget):
    """A game's scores, one point a position, Red's advantage up, on a scale of pawns from
    Red's side (a mate at the top or bottom, ringed); a click goes to that move."""

    ply_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values: list[float | None] = []
        self.current = 0
        self.setObjectName("xiangqiEvaluation")
        self.setFixedHeight(56)
        self.setToolTip(
            "The engine's score after each move in pawns from Red's side (Red's advantage up; "
            "a ring marks a mate): click to go to that move"
        )

    def set_values(self, values: list[float | None], current: int) -> None:
        self.values = list(values)
        self.current = current
        self.update()

    def x_of(self, ply: int) -> float:
        n = max(1, len(self.values) - 1)
        return AXIS_WIDTH + 4 + (self.width() - AXIS_WIDTH - 8) * ply / n

    def y_of(self, value: float) -> float:
        middle = self.height() / 2
        return middle - (value / MATE_SCORE) * (middle - 4)

    def ply_at(self, x: float) -> int:
        n = max(1, len(self.values) - 1)
        span = max(1.0, self.width() - AXIS_WIDTH - 8)
        return max(0, min(len(self.values) - 1, round((x - AXIS_WIDTH - 4) / span * n)))

    def mousePressEvent(self, event) -> None:
        if self.values and event.button() == Qt.MouseButton.LeftButton:
            self.ply_clicked.emit(self.ply_at(event.position().x()))

    def paintEvent(self, event) -> None:
        from PySide6.QtGui import QPainter

        painter = QPainter(self)
        paint_graph(painter, self)
        painter.end()


def paint_graph(painter, graph: EvaluationGraph) -> None:
    """Draw `graph` with `painter` (a function of its own, so a test can watch the fonts
    it sets)."""
    from PySide6.QtCore import QPointF, QRectF
    from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF

    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    palette = graph.palette()
    painter.fillRect(graph.rect(), palette.base())
    middle = graph.height() / 2
    font = painter.font()
    # The scale's figures: a sixth of the graph's height, never below what reads.
    font.setPixelSize(max(math.ceil(readable_pixels(graph)), round(graph.height() / 6)))
    painter.setFont(font)
    for pawns in AXIS_PAWNS:  # the scale: pawns from Red's side
        y = graph.y_of(pawns * 100)
        painter.setPen(QPen(palette.mid().color(), 1 if pawns == 0 else 0.5))
        painter.drawLine(QPointF(AXIS_WIDTH, y), QPointF(graph.width(), y))
        if pawns in (AXIS_PAWNS[0], 0, AXIS_PAWNS[-1]):
            painter.setPen(palette.text().color())
            label = f"{pawns:+d}" if pawns else "0"
            box = QRectF(0, y - 8, AXIS_WIDTH - 3, 16)
            painter.drawText(box, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), label)
    points = [QPointF(graph.x_of(i), graph.y_of(v)) for i, v in enumerate(graph.values) if v is not None]
    mates = [
        QPointF(graph.x_of(i), graph.y_of(v))
        for i, v in enumerate(graph.values)
        if v is not None and abs(v) >= MATE_SCORE
    ]
    if len(points) >= 2:
        area = QPolygonF([QPointF(points[0].x(), middle), *points, QPointF(points[-1].x(), middle)])
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(192, 40, 28, 70))
        painter.drawPolygon(area)
        painter.setPen(QPen(QColor(192, 40, 28), 1.5))
        painter.drawPolyline(QPolygonF(points))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor(*MATE_MARK), 2))
    for point in mates:  # a mate found: ringed where it tops the scale
        painter.drawEllipse(point, 3.5, 3.5)
    if graph.values:
        painter.setPen(QPen(palette.highlight().color(), 2))
        x = graph.x_of(graph.current)
        painter.drawLine(QPointF(x, 0), QPointF(x, graph.height()))

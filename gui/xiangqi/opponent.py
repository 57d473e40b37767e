"""Play against the engine: the person plays one side from the position on the board, the
engine the other at a chosen strength (its Elo, see codecs/xiangqi/strength.py) and time per
move. The engine thinks on a thread of its own with an engine process of its own (the
analysis keeps its own), so the window never waits; a takeback or a new game drops the
search under way. The game is the page's game like any other: its moves in the list, Copy
moves, Save game as (with the players named) and its slug."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from slugboard.codecs import xiangqi

from .analysis import EngineThread

if TYPE_CHECKING:  # the engine's module (and subprocess) loads with the first game
    from slugboard.codecs.xiangqi import engine as engines

SIDES = ("The side to move", "Red", "Black")
DEFAULT_ELO = 1500
DEFAULT_SECONDS = 1.0
SETTINGS = "xiangqi/opponent/"


class MoveSearch(EngineThread):
    """The move the engine would play in the newest position asked about, at the strength
    asked for; an older question's answer never comes."""

    found = Signal(object, int, str)  # the move, the question it answers, the engine's name

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent, "xiangqi opponent")
        self._elo: int | None = None  # the strength the running engine was set to

    def ask(self, board: xiangqi.Board, elo: int | None, movetime: int) -> int:
        return self._ask((board, elo, movetime))

    def cancel(self) -> None:
        """Drop the question under way: its answer is never given."""
        self.stop()

    def _started(self, engine: engines.Engine) -> None:
        self._elo = None  # a new process plays at full strength

    def _answer(self, engine: engines.Engine, asked: int, job: tuple) -> None:
        from slugboard.codecs.xiangqi.strength import full_strength, limit_strength

        board, elo, movetime = job
        if elo != self._elo:
            if elo is None:
                full_strength(engine)
            else:
                limit_strength(engine, elo)
            self._elo = elo
        final = None

        def stale(asked: int = asked) -> bool:
            return self._stale(asked)

        for snapshot in engine.search(board, movetime=movetime, stopped=stale):
            final = snapshot
        move = final.best if final is not None else None
        if not self._stale(asked) and move is not None:
            self.found.emit(move, asked, engine.name)


class OpponentPanel(QWidget):
    """The side the person plays, the engine's strength and time, and the game's buttons."""

    def __init__(self, settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(4)
        self.side = QComboBox()
        self.side.addItems(SIDES)
        self.side.setCurrentText(str(settings.value(SETTINGS + "side", SIDES[0])))
        self.side.setToolTip("The side you play from the position on the board; the engine plays the other")
        # Narrower than its longest choice where the font is wide: the panel keeps its width.
        self.side.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.side.setMinimumContentsLength(8)
        self.elo = QSpinBox()
        self.elo.setRange(500, 3000)
        self.elo.setSingleStep(50)
        self.elo.setValue(int(settings.value(SETTINGS + "elo", DEFAULT_ELO)))
        self.elo.setToolTip("The engine plays as a player of this Elo (the nearest it can: Fairy-Stockfish 1350 up)")
        self.full = QCheckBox("Full strength")
        self.full.setChecked(settings.value(SETTINGS + "full", False, type=bool))
        self.full.setToolTip("The engine plays its best, whatever the Elo says")
        self.full.toggled.connect(lambda on: self.elo.setEnabled(not on))
        self.elo.setEnabled(not self.full.isChecked())
        self.seconds = QDoubleSpinBox()
        self.seconds.setRange(0.1, 60.0)
        self.seconds.setDecimals(1)
        self.seconds.setSingleStep(0.5)
        self.seconds.setSuffix(" s")
        self.seconds.setValue(float(settings.value(SETTINGS + "seconds", DEFAULT_SECONDS)))
        self.seconds.setToolTip("How long the engine thinks over each move")
        grid.addWidget(QLabel("You play"), 0, 0)
        grid.addWidget(self.side, 0, 1)
        grid.addWidget(QLabel("Elo"), 1, 0)
        grid.addWidget(self.elo, 1, 1)
        grid.addWidget(self.full, 2, 1)  # under the Elo it overrides, so no row is wider than the panel
        grid.addWidget(QLabel("Per move"), 3, 0)
        grid.addWidget(self.seconds, 3, 1)
        grid.setColumnStretch(1, 1)  # the choices take the room the labels leave
        layout.addLayout(grid)
        buttons = QGridLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.setSpacing(4)
        self.start_button = QPushButton("Play the engine")
        self.start_button.setToolTip("A new game against the engine from the position on the board")
        self.take_back_button = QPushButton("Take back")
        self.take_back_button.setToolTip("Take back your last move and the engine's reply")
        self.resign_button = QPushButton("Resign")
        self.resign_button.setToolTip("Give the game up: the engine wins")
        self.stop_button = QPushButton("Stop")
        self.stop_button.setToolTip("Stop playing the engine; the moves stay on the board")
        for index, button in enumerate(
            (self.start_button, self.take_back_button, self.resign_button, self.stop_button)
        ):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            buttons.addWidget(button, index // 2, index % 2)
        layout.addLayout(buttons)
        self.status = QLabel()
        self.status.setObjectName("xiangqiOpponentStatus")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        # Two lines kept: a longer message (how to install an engine) never moves the buttons.
        self.status.setMinimumHeight(2 * self.status.fontMetrics().lineSpacing() + 4)
        self.status.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.status)
        layout.addStretch(1)  # a taller tab than the panel needs keeps it together at the top

    def keep(self) -> None:
        """Kept between runs: the side, the strength and the time."""
        self.settings.setValue(SETTINGS + "side", self.side.currentText())
        self.settings.setValue(SETTINGS + "elo", self.elo.value())
        self.settings.setValue(SETTINGS + "full", self.full.isChecked())
        self.settings.setValue(SETTINGS + "seconds", self.seconds.value())


class Opponent(QObject):
    """A game against the engine on the page: whose turn, asking the engine for its move,
    taking back, resigning. The page's game holds the moves; this only adds the engine's."""

    changed = Signal()  # a game began or ended, or its buttons' use changed

    def __init__(self, page) -> None:
        super().__init__(page)
        self.page = page
        self.panel = OpponentPanel(page.settings)
        self.search = MoveSearch(self)
        self.search.found.connect(self._found)
        self.search.failed.connect(self._failed)
        self.playing = False
        self.engine_red = False
        self.engine_name = ""
        self.elo: int | None = None
        self.resigned = False
        self._asked = -1
        self._asked_board: xiangqi.Board | None = None
        self.panel.start_button.clicked.connect(self.start)
        self.panel.take_back_button.clicked.connect(self.take_back)
        self.panel.resign_button.clicked.connect(self.resign)
        self.panel.stop_button.clicked.connect(self.stop)
        page.board_changed.connect(lambda _board: self.consider())
        self._show_buttons()

    # --- the game -------------------------------------------------------------
    def start(self) -> bool:
        """A new game from the position on screen, the person on the side chosen."""
        page = self.page
        if page.mode != "play" and not page.set_mode("play"):
            self.panel.status.setText("This position cannot be played: set up both generals and legal pieces")
            return False
        self.panel.keep()
        board = page.board
        side = self.panel.side.currentText()
        person_red = board.red_to_move if side == SIDES[0] else side == "Red"
        self.engine_red = not person_red
        self.elo = None if self.panel.full.isChecked() else self.panel.elo.value()
        self.search.path = page.analysis.engine_path()
        page.start_game_here()
        self.playing, self.resigned = True, False
        self.engine_name = ""
        self._show_buttons()
        self.consider()
        return True

    def stop(self) -> None:
        """Stop playing the engine; the moves played stay as the page's game."""
        self.search.cancel()
        self._asked = -1
        if self.playing:
            self.playing = False
            self.panel.status.setText("Stopped playing the engine.")
        self._show_buttons()

    def resign(self) -> None:
        if not self.playing or self.over():
            return
        self.search.cancel()
        self._asked = -1
        self.resigned = True
        winner = "Red" if self.engine_red else "Black"
        self.panel.status.setText(f"You resigned: {winner} ({self.opponent_name()}) wins.")
        self._show_buttons()

    def take_back(self) -> bool:
        """Back to the person's last turn before now: their last move and the engine's
        reply (or the move it is thinking over) are taken back."""
        page = self.page
        if not self.playing:
            return False
        self.search.cancel()
        self._asked = -1
        boards = page.played.positions()
        target = page.played.ply - 1
        while target >= 0 and boards[target].red_to_move == self.engine_red:
            target -= 1
        if target < 0:
            self.panel.status.setText("Nothing to take back: no move of yours yet.")
            return False
        self.resigned = False
        page.played.moves = page.played.moves[:target]
        page.played.go_to_ply(target)
        self.panel.status.setText("Took back your move. Your move.")
        self._show_buttons()
        return True

    def over(self) -> bool:
        """Whether the game played has ended: resigned, mated, stalemated or lost by a
        repetition rule (as the page says it)."""
        from slugboard.codecs.xiangqi.history import repetition

        page = self.page
        if self.resigned:
            return True
        if xiangqi.result(page.board):
            return True
        return repetition(page.played.start, page.played.moves, page.played.ply) is not None

    # --- whose turn -----------------------------------------------------------
    def consider(self) -> None:
        """After every change of the board: ask the engine for its move when it is its turn
        at the end of the game; otherwise let any question go."""
        if not self.playing:
            return
        page = self.page
        board = page.board
        if page.mode != "play":
            self.stop()
            return
        at_end = page.played.ply == len(page.played.moves)
        if self.over():
            self.search.cancel()
            self._asked = -1
            self.panel.status.setText("The game is over." if not self.resigned else self.panel.status.text())
        elif board.red_to_move == self.engine_red and at_end:
            if self._asked >= 0 and self._asked_board == board:
                return  # already thinking about it
            self._asked_board = board
            self._asked = self.search.ask(board, self.elo, round(self.panel.seconds.value() * 1000))
            self.panel.status.setText(f"{self.opponent_name()} is thinking…")
        else:
            self.search.cancel()
            self._asked = -1
            self.panel.status.setText("Your move." if at_end else "Go to the last move to play on.")
        self._show_buttons()

    def _found(self, move, asked: int, name: str) -> None:
        if asked != self._asked or not self.playing:
            return  # an answer to a question dropped since
        self.engine_name = name
        self._asked = -1
        page = self.page
        if page.board != self._asked_board or page.played.ply != len(page.played.moves):
            return
        page.played.play_move(*move)

    def _failed(self, message: str, asked: int) -> None:
        if asked != self._asked:
            return
        self._asked = -1
        self.playing = False
        self.panel.status.setText(f"The engine cannot play: {message}")
        self._show_buttons()

    def _show_buttons(self) -> None:
        self.panel.take_back_button.setEnabled(self.playing)
        self.panel.resign_button.setEnabled(self.playing and not self.resigned)
        self.panel.stop_button.setEnabled(self.playing)
        self.changed.emit()

    # --- the record -----------------------------------------------------------
    def opponent_name(self) -> str:
        """The engine as a player's name: "Fairy-Stockfish 1500" (its own name, less the
        version words, and the Elo it plays at)."""
        if not self.engine_name:
            return "The engine" + (f" at {self.elo}" if self.elo is not None else "")
        name = self.engine_name.split(" ")[0]
        return f"{name} {self.elo}" if self.elo is not None else name

    def tag(self, tags: dict[str, str]) -> None:
        """The players, date and result of a game against the engine, as PGN tags."""
        if not self.playing and not self.engine_name:
            return
        engine, person = self.opponent_name(), "You"
        tags["Red"], tags["Black"] = (engine, person) if self.engine_red else (person, engine)
        tags.setdefault("Event", "Game against the engine")
        tags.setdefault("Date", datetime.date.today().strftime("%Y.%m.%d"))
        if self.resigned:
            tags["Result"] = "0-1" if not self.engine_red else "1-0"

    def close(self) -> None:
        self.search.close()

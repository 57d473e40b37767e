"""Play: the game being played in the window, its clock, the pointer's path recorded with
it, and the Game panel."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper.times import seconds_text, start_ms

from ..page import heading, plain_label, set_text_colour
from .edit_panel import level_buttons
from .paint import LOST_COLOUR, PLAY, REPLAY, WON_COLOUR
from .widgets import button

if TYPE_CHECKING:
    from slugboard.codecs.minesweeper.pointer import PointerLog

    from .page import MinesweeperPage

PLAY_TICK_MS = 50
OUTCOME_WORDS = {ms.WON: "You won!", ms.LOST: "Boom: you lost"}


class PlaySession(QObject):
    """The game played in Play: its clock runs from its first click (and stands still while
    the game is paused: another mode, an undo), and the pointer over it is kept from its
    first press to its end (see codecs' pointer). `panel` is the Game panel."""

    PLAY_MERGE_ID = 0x4D53  # consecutive moves of one game are one undo step

    def __init__(self, page: MinesweeperPage) -> None:
        super().__init__(page)
        self._page = page
        self.origin: float | None = None  # the page's clock at the game's first click
        self.pointer_log: PointerLog | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(PLAY_TICK_MS)
        self.timer.timeout.connect(self.tick)
        self.panel = self._build_panel()

    def _build_panel(self) -> QWidget:
        page = self._page
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(heading("Game"))
        self.status = plain_label()
        self.status.setObjectName("playStatus")
        font = self.status.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.status.setFont(font)
        layout.addWidget(self.status)
        self.clock_label = QLabel()
        self.clock_label.setObjectName("playClock")
        layout.addWidget(self.clock_label)
        buttons = QHBoxLayout()
        buttons.addWidget(
            button(
                "New game",
                "A new random field of the chosen size; the first click never hits a mine (F2)",
                lambda: self.new_game(),
            )
        )
        buttons.addWidget(button("Restart", "Play this same field again from the start (F3)", self.restart))
        buttons.addWidget(button("Watch replay", "Replay the game just played (Ctrl+3)", lambda: page.set_mode(REPLAY)))
        layout.addLayout(buttons)
        # A new game of a level, as New game deals it: unseen, its first click never a mine.
        layout.addLayout(level_buttons(page.new_level, "A new game on a random {w}x{h} field with {m} mines"))
        self.no_guess_box = page.no_guess_box(
            "playNoGuessBox",
            "New games are dealt at the first click so that it opens a region and logic alone solves the rest",
        )
        layout.addWidget(self.no_guess_box)
        layout.addWidget(page.odds.play_box)
        return panel

    # --- a game -----------------------------------------------------------------------------
    def new_game(self, seed=None) -> None:
        """A fresh random field of the chosen size; its mines move away from the first
        click when it comes (the board says so, through undo and a restart alike)."""
        page = self._page
        w, h, m = page.edit.chosen()
        page.set_board(ms.new_game(page.board, w, h, m, seed=seed), "New game")
        self.origin = None
        if page.mode != PLAY:
            page.set_mode(PLAY)

    def restart(self) -> None:
        page = self._page
        page.set_board(page.board.without_events(), "Restart game")
        self.origin = None
        if page.mode != PLAY:
            page.set_mode(PLAY)
        page.refresh()

    def board_shown(self, board: ms.Board) -> None:
        if not board.events:
            self.pointer_log = None  # a new game, or one taken back: its path starts again

    def clock_after_board(self, board: ms.Board) -> None:
        """The play clock once `board` is shown in the mode shown."""
        if self._page.mode == PLAY and not board.events:
            self.origin = None
        elif self._page.mode == PLAY and self.origin is None:
            self.resume_clock()  # a game brought back (redo): its clock goes on from its last action
        self.update_timer()

    def mode_set(self, mode: str) -> None:
        if mode == PLAY:
            self.resume_clock()
        else:
            self.timer.stop()

    # --- its clock --------------------------------------------------------------------------
    def game_time_ms(self) -> float:
        """The play clock: time since the first click of this game."""
        if self.origin is None:
            return 0.0
        return self._page.clock() - self.origin

    def resume_clock(self) -> None:
        """A game continued after a pause (other mode, undo) goes on from its last event."""
        board = self._page.board
        events = board.events
        if not events:
            self.origin = None
        else:
            self.origin = self._page.clock() - events[-1].t * board.time_unit_ms
        self.update_timer()

    def update_timer(self) -> None:
        page = self._page
        running = page.mode == PLAY and bool(page.board.events) and page.replay.outcome == ms.UNFINISHED
        if running and not self.timer.isActive():
            self.timer.start()
        elif not running:
            self.timer.stop()

    def tick(self) -> None:
        page = self._page
        page.canvas.clock_ms = self.game_time_ms()
        self.clock_label.setText(f"Time {seconds_text(page.canvas.clock_ms - start_ms(page.board), page.board)} s")
        self.show_stats(page.replay.final())
        page.canvas.update()

    # --- showing ----------------------------------------------------------------------------
    def show(self) -> None:
        """The game's state on the canvas and in the panel."""
        page = self._page
        canvas, board = page.canvas, page.board
        state = page.replay.final()
        canvas.state = state
        if state.outcome != ms.UNFINISHED:
            canvas.clock_ms = float(state.ended_ms)  # type: ignore[arg-type]
        elif board.events:
            canvas.clock_ms = self.game_time_ms()
        else:
            canvas.clock_ms = 0.0
        playing = "Playing" if board.events else "Click any cell to start"
        self.status.setText(OUTCOME_WORDS.get(state.outcome, playing))
        set_text_colour(self.status, {ms.WON: WON_COLOUR, ms.LOST: LOST_COLOUR}.get(state.outcome))
        self.clock_label.setText(f"Time {seconds_text(canvas.clock_ms - start_ms(board), board)} s")
        page.odds.show(state)
        self.show_stats(state)

    def show_stats(self, final: ms.ReplayState) -> None:
        """The statistics of the game being played: while it runs they count to now, so
        their time is the clock's."""
        page = self._page
        if final.outcome == ms.UNFINISHED and page.board.events:
            now_s = (self.game_time_ms() - page.replay.start_ms) / 1000
            stats = dataclasses.replace(final.stats, time_s=max(final.stats.time_s, now_s))
            page.stats.show(dataclasses.replace(final, stats=stats))
        else:
            page.stats.show(final)

    # --- clicks and the pointer ---------------------------------------------------------------
    def click(self, x: int, y: int, pressed, dealt: ms.Board | None = None) -> None:
        """A click in Play; `dealt` is the game's field dealt for it (no guessing needed)."""
        page = self._page
        opens = pressed == Qt.MouseButton.LeftButton
        if page.dealer.dealing is not None:
            page.show_status("A field that needs no guessing is being dealt: a moment, or Cancel")
            return
        board = dealt or page.board
        if (
            dealt is None
            and opens
            and board.undealt
            and page.no_guess_wanted()
            and not any(e.kind == ms.OPEN for e in board.events)
            and page.replay.outcome == ms.UNFINISHED
        ):
            page.dealer.deal(PLAY, board, x, y, len(board.mines))
            return
        first = not board.events
        origin = page.clock() if first else self.origin
        time_ms = 0.0 if first else self.game_time_ms()
        result = ms.click(
            board,
            x,
            y,
            ms.OPEN_BUTTON if opens else ms.FLAG_BUTTON,
            time_ms,
            final=page.replay.final() if page.replay is not None and dealt is None else None,
        )
        if result.board is None:
            if result.refused:
                page.show_status(result.refused)
            return
        self.origin = origin
        log = self.pointer_log
        if log is not None and len(log) and origin is not None:
            from slugboard.codecs.minesweeper.pointer import played_file

            log.start(origin)
            # The game with its path, shown and counted as a replay file's would be.
            page.replay_file = played_file(result.board, log)
        page.set_board(result.board, "Play", self.PLAY_MERGE_ID)

    def pointer(self, kind: str, x: float, y: float) -> None:
        """Keep the pointer over a game being played: from its first press to its end."""
        page = self._page
        if page.mode != PLAY or page.replay.outcome != ms.UNFINISHED:
            return
        log = self.pointer_log
        board = page.board
        if log is None or (log.width, log.height) != (board.width, board.height):
            if board.events or kind == "mv":
                return  # a game begun before this window saw it, or nothing pressed yet
            from slugboard.codecs.minesweeper.pointer import PointerLog

            log = self.pointer_log = PointerLog(board.width, board.height)
        # The game's clock once it has begun (it stands still while the game is paused);
        # before, the window's, which `start` puts on the game's at its first action.
        now = self.game_time_ms() if log.started else page.clock()
        log.record(kind, now, x, y)

    def path_up_to_now(self) -> None:
        """The played game's path with the moves since its last action."""
        page = self._page
        kept, log = page.replay_file, self.pointer_log
        if kept is not None and kept.played_here and kept.board is page.board and log is not None:
            if log.started and len(kept.mouse) != len(log):
                from slugboard.codecs.minesweeper.pointer import played_file

                page.replay_file = played_file(page.board, log)

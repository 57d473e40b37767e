"""The replay's clock and seek: the game's Replay (a long game's built in the background
once its board is on screen), the player that moves through it, and the controls that
show and move it (the clock, the seek bar, the transport buttons and the speed)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper import figures as ms_figures
from slugboard.codecs.minesweeper.times import end_ms, seconds_text, start_ms

from ..page import plain_label, set_text_colour
from ..worker import LatestOnly, why
from .paint import LOST_COLOUR, REPLAY, SPEEDS, WON_COLOUR, replay_for
from .replay import ReplayPlayer
from .widgets import SeekBar, transport_button

if TYPE_CHECKING:
    from .page import MinesweeperPage

# The replay bar's tip, and the replay controls' while a long game's replay is being built.
SEEK_TIP = "Click or drag to any moment of the game; a tick marks every action"
REPLAY_ON_ITS_WAY = "The replay of this long game is being made ready: a moment"
NO_TIMES: Sequence[int] = ()
EVENT_WORDS = {ms.OPEN: "open", ms.FLAG: "flag", ms.UNFLAG: "remove flag", ms.MARK: "question mark"}


def build_replay(board, cancel):
    return ms.replay(board)


class ReplayControls(QObject):
    """The Replay of the board shown and the controls over it. `replay` is None while a
    long game's is built in the background (`current` builds it at once when something
    needs it sooner)."""

    def __init__(self, page: MinesweeperPage) -> None:
        super().__init__(page)
        self._page = page
        self.replay: ms.Replay | None = None
        self._wanted: ms.Board | None = None  # the board whose Replay is being built
        self._resume_at = 0.0  # where the replay starts once it is ready
        self._play_when_ready = False  # and whether it plays (a pasted game)
        self.job = LatestOnly(self)
        self.job.finished.connect(self._built)
        self._controls_ready: bool | None = None  # whether the controls say they work
        self._resume_after_drag = False
        self.player = ReplayPlayer(self)
        self.player.moved.connect(self._moved)
        self.player.playing_changed.connect(lambda playing: self.play_button.setText("Pause" if playing else "Play"))
        self._build()

    def _build(self) -> None:
        self.clock = QLabel()
        self.clock.setObjectName("replayClock")
        font = QFont("DejaVu Sans Mono")
        font.setPointSizeF(self.clock.font().pointSizeF() * 1.35)
        font.setBold(True)
        self.clock.setFont(font)
        self.slider = SeekBar()
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.slider.setToolTip(SEEK_TIP)
        self.slider.valueChanged.connect(self._slider_moved)
        self.slider.sliderPressed.connect(self._slider_pressed)
        self.slider.sliderReleased.connect(self._slider_released)
        self.start_button = transport_button("|◀", "To the start (Home)", self.to_start)
        self.prev_button = transport_button("◀", "Previous event (Left)", lambda: self.step(-1))
        self.play_button = transport_button("Play", "Play or pause (Space)", self.toggle)
        self.play_button.setObjectName("playPause")
        self.next_button = transport_button("▶", "Next event (Right)", lambda: self.step(1))
        self.end_button = transport_button("▶|", "To the end (End)", self.to_end)
        self.transport = (self.start_button, self.prev_button, self.play_button, self.next_button, self.end_button)
        self._transport_tips = {b: b.toolTip() for b in self.transport}
        self.speed_box = QComboBox()
        for speed in SPEEDS:
            self.speed_box.addItem(f"{speed:g}x", speed)
        self.speed_box.setCurrentIndex(SPEEDS.index(1.0))
        self.speed_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.speed_box.setToolTip("Playback speed (+ and - keys)")
        self.speed_box.currentIndexChanged.connect(lambda i: self.player.set_speed(SPEEDS[i]))
        self.event_label = plain_label()
        self.event_label.setObjectName("eventLabel")
        self.event_label.setWordWrap(True)
        # Two lines always: a longer text must not push the list below it under the pointer.
        self.event_label.setFixedHeight(2 * self.event_label.fontMetrics().lineSpacing() + 2)
        self.event_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.outcome_label = plain_label()
        self.outcome_label.setObjectName("outcomeLabel")
        font = self.outcome_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.outcome_label.setFont(font)
        # One line's room, said or not: "Won" appearing must not move the list below it.
        self.outcome_label.setFixedHeight(self.outcome_label.fontMetrics().lineSpacing() + 2)

    def lay_out(self, layout: QVBoxLayout) -> None:
        """The clock, the seek bar, and the transport buttons with the speed at their end."""
        layout.addWidget(self.clock)
        layout.addWidget(self.slider)
        controls = QHBoxLayout()
        for b in self.transport:
            controls.addWidget(b)
        controls.setStretch(2, 2)
        controls.addWidget(self.speed_box)  # "1x": it says what it is, its tip the rest
        layout.addLayout(controls)

    def keys(self) -> tuple[tuple[Qt.Key, Callable[[], None]], ...]:
        """The replay's keys and what each does."""
        return (
            (Qt.Key.Key_Space, self.toggle),
            (Qt.Key.Key_Left, lambda: self.step(-1)),
            (Qt.Key.Key_Right, lambda: self.step(1)),
            (Qt.Key.Key_Home, self.to_start),
            (Qt.Key.Key_End, self.to_end),
            (Qt.Key.Key_Plus, lambda: self.speed_step(1)),
            (Qt.Key.Key_Equal, lambda: self.speed_step(1)),
            (Qt.Key.Key_Minus, lambda: self.speed_step(-1)),
        )

    def shutdown(self) -> None:
        self.job.shutdown()

    # --- the Replay of the board shown ---------------------------------------------------
    def current(self) -> ms.Replay:
        """The Replay of the board shown; asked for before it is ready, it is built now."""
        if self.replay is None:
            self._play_when_ready = False  # something else moves the replay first
            self._take(replay_for(self._page.board))
        return self.replay  # type: ignore[return-value]

    def at_hand(self, board: ms.Board) -> ms.Replay | None:
        """`board` is shown: its Replay if it is kept or quick to build (built now), else
        None (see `build_later`)."""
        found = ms.kept_replay(board)
        if found is None and len(board.events) <= ms_figures.PREPARED_REPLAY_ACTIONS:
            found = replay_for(board)
        self.replay = found
        return found

    def build_later(self, board: ms.Board) -> None:
        """A long game's Replay is built once its board is on screen."""
        found = self.replay
        if found is None and self._wanted is not board:
            # A long game: shown at its start, its Replay built once it is on screen.
            self._wanted = board
            self._play_when_ready = False
            self._resume_at = min(self.player.time_ms, end_ms(board)) if self._page.mode == REPLAY else 0.0
            self.player.unload()
            self._page.after_paint(self._start_building)
        elif found is not None:
            self._wanted = None

    def keep_place(self) -> None:
        """The replay of the board shown, in Replay, stays at the moment shown."""
        if self._page.mode == REPLAY and self.replay is not None and self.player.replay is not self.replay:
            self.player.load(self.replay, min(self.player.time_ms, self.replay.duration_ms))

    def mode_set(self, mode: str) -> None:
        if mode != REPLAY:
            self.player.pause()
        elif self.replay is None:
            self._resume_at = 0.0  # another game, still on its way: from its start once ready
        elif self.player.replay is not self.replay:
            self.player.load(self.replay, 0.0)  # another game: from its start; the same one: where it was left

    def play_from_start(self) -> None:
        """A game pasted: it plays from its start (a long one once its replay is ready)."""
        if self.replay is None:
            self._resume_at, self._play_when_ready = 0.0, True
        else:
            self.player.load(self.replay, 0.0)
            self.player.play()

    def stop(self) -> None:
        """Nobody watches: the replay waits for the person."""
        self.player.pause()
        self._play_when_ready = False

    def state(self) -> ms.ReplayState | None:
        if self.replay is None:
            return ms.start_state(self._page.board, self._page.field_shown)  # shown until the replay is ready
        return self.player.state()

    def _start_building(self) -> None:
        wanted = self._wanted
        if wanted is not None and wanted is self._page.board and self.replay is None:
            # First of the work after the board's paint: the counts wait for it (Turns).
            self.job.submit(build_replay, wanted)

    def _built(self, result) -> None:
        self._page.turns.next()
        if isinstance(result, Exception):
            if self.replay is None:
                self._page.show_status(f"The replay could not be made ready: {why(result)}")
            return
        if self.replay is None and result.board is self._page.board:
            self._take(result)
            self._page.refresh()

    def _take(self, replay: ms.Replay) -> None:
        """`replay`, of the board shown, is ready: its controls work, and the replay starts
        where it was to start (and plays, for a game just pasted)."""
        self.replay = replay
        self._wanted = None
        self._page.canvas.replay = replay
        if self._page.mode == REPLAY and self.player.replay is not replay:
            self.player.load(replay, self._resume_at)
            if self._play_when_ready:
                self.player.play()
        self._play_when_ready = False

    # --- moving through it ---------------------------------------------------------------
    def with_replay(self, act: Callable[[], None]) -> None:
        """`act` on the player, once the replay is ready: a key pressed or an action chosen
        before the background has built it builds it now."""
        if self.replay is None:
            self.current()  # built (or waited for) and loaded into the player
        act()

    def toggle(self) -> None:
        self.with_replay(self.player.toggle)

    def step(self, delta: int) -> None:
        self.with_replay(lambda: self.player.step(delta))

    def to_start(self) -> None:
        self.with_replay(lambda: self.player.seek(0))

    def to_end(self) -> None:
        self.with_replay(lambda: self.player.seek(self.player.duration_ms))

    def go_to_action(self, action: int) -> None:
        self.with_replay(lambda: self.player.go_to(action + 1))

    def speed_step(self, delta: int) -> None:
        self.speed_box.setCurrentIndex(max(0, min(len(SPEEDS) - 1, self.speed_box.currentIndex() + delta)))

    def _moved(self) -> None:
        if self._page.mode == REPLAY:
            self._page.refresh()

    def _slider_moved(self, value: int) -> None:
        if self.slider.signalsBlocked():
            return
        self.player.seek(value)

    def _slider_pressed(self) -> None:
        self._resume_after_drag = self.player.playing
        self.player.pause()

    def _slider_released(self) -> None:
        if self._resume_after_drag:
            self.player.play()

    # --- showing -------------------------------------------------------------------------
    def show(self, state: ms.ReplayState) -> None:
        """The controls at `state`: the clock, the bar, the event and the outcome."""
        player, board = self.player, self._page.board
        ready = self.replay is not None
        # Until a long game's replay is ready, its board is shown at the start.
        duration = player.duration_ms if ready else end_ms(board)
        now = player.time_ms if ready else 0.0
        start = start_ms(board)
        # The game's clock, from its first action: the time the statistics and "Won in" say.
        self.clock.setText(
            f"{seconds_text(min(now, duration) - start, board)} s / {seconds_text(duration - start, board)} s"
        )
        self.slider.blockSignals(True)
        self.slider.setRange(0, int(duration))
        times = self.replay.times_ms if self.replay is not None else NO_TIMES
        if self.slider.times is not times:
            self.slider.set_events(times)
        self.slider.setValue(int(round(now)))
        self.slider.blockSignals(False)
        if self._controls_ready is not ready:  # not at every frame: each tip set is an event
            self._controls_ready = ready
            self.slider.setEnabled(ready)
            self.slider.setToolTip(SEEK_TIP if ready else REPLAY_ON_ITS_WAY)
            for button in self.transport:
                button.setToolTip(self._transport_tips[button] if ready else REPLAY_ON_ITS_WAY)
        total = len(board.events)
        self.event_label.setText(self._event_text(state, total))
        self._show_outcome(state, total)
        for button in self.transport:
            button.setEnabled(bool(total) and ready)
        self._page.action_list.follow(state.index - 1 if state.index else None)

    def _event_text(self, state: ms.ReplayState, total: int) -> str:
        board = self._page.board
        if not total:
            return "No recorded game: play one (Ctrl+2) or paste a game slug."
        e = state.last_event
        if e is None:
            return f"Event 0 of {total}: the start"
        at = seconds_text(e.t * board.time_unit_ms - start_ms(board), board)
        return f"Event {state.index} of {total}: {EVENT_WORDS[e.kind]} ({e.x}, {e.y}) at {at} s"

    def _show_outcome(self, state: ms.ReplayState, total: int) -> None:
        board, label = self._page.board, self.outcome_label
        if state.outcome == ms.LOST:
            label.setText(f"Lost at {seconds_text(state.stats.time_s * 1000, board)} s")
            set_text_colour(label, LOST_COLOUR)
        elif state.outcome == ms.WON:
            label.setText(f"Won in {seconds_text(state.stats.time_s * 1000, board)} s")
            set_text_colour(label, WON_COLOUR)
        elif total and state.index == total:
            label.setText("Unfinished")
            set_text_colour(label, None)
        else:
            label.setText("")

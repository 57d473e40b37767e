"""The game's page: the canvas, the tool panel and the edits they make."""

from __future__ import annotations

import dataclasses
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QElapsedTimer, QEventLoop, QLineF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QFont,
    QKeySequence,
    QPainter,
    QPalette,
    QShortcut,
)
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QSizePolicy,
    QSlider,
    QSpinBox,
    QStackedWidget,
    QStyle,
    QStyleOptionSlider,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper import figures as ms_figures
from slugboard.codecs.minesweeper import noguess
from slugboard.codecs.minesweeper.clicks import chord_moments
from slugboard.codecs.minesweeper.odds import MAX_ODDS_CELLS, MineOdds, mine_odds
from slugboard.codecs.minesweeper.times import CONVENTION, end_ms, seconds_text, start_ms
from slugboard.codecs.wording import plural

from ..page import GamePage, ModeButton, heading, html_lines, plain_label, set_text_colour
from ..store import set_setting
from ..worker import LatestOnly, why
from .actions import ActionList
from .canvas import MinesCanvas
from .paint import (
    EDIT,
    LOST_COLOUR,
    MODES,
    PLAY,
    REPLAY,
    SPEEDS,
    WON_COLOUR,
    replay_for,
)
from .replay import ReplayPlayer

if TYPE_CHECKING:
    from slugboard.codecs.minesweeper.pointer import PointerLog

# Cells plus 8 per action above which a pasted board gets a busy cursor while it is prepared.
LARGE_BOARD_WORK = 300_000
SLOW_PASTE_MS = 200


def _button(text: str, tip: str, slot, checkable: bool = False) -> QPushButton:
    button = QPushButton(text)
    button.setToolTip(tip)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    button.setCheckable(checkable)
    if not checkable:
        button.clicked.connect(slot)
    return button


def _transport(text: str, tip: str, slot) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    button.clicked.connect(slot)
    return button


class _CurrentPageStack(QStackedWidget):
    """A stack as large as the page it shows, not as its largest page."""

    def sizeHint(self) -> QSize:
        current = self.currentWidget()
        return current.sizeHint() if current is not None else super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        current = self.currentWidget()
        return current.minimumSizeHint() if current is not None else super().minimumSizeHint()


def tick_columns(times: Sequence[int], low: int, high: int, span: int, left: float) -> set[int]:
    """The pixel columns of a slider's ticks at `times` (in order), as placing each with
    QStyle.sliderPositionFromValue would find them, at a cost per column rather than per
    time: a game of 100,000 actions has a few hundred columns."""
    columns: set[int] = set()
    place = QStyle.sliderPositionFromValue
    i, end = bisect_left(times, low), bisect_right(times, high)
    while i < end:
        at = place(low, high, times[i], span)
        columns.add(int(left + at))
        # The first value placed further right (a place never goes left as the value grows).
        before, after = times[i], high + 1
        while after - before > 1:
            middle = (before + after) // 2
            if place(low, high, middle, span) > at:
                after = middle
            else:
                before = middle
        i = bisect_left(times, after, i + 1, end)
    return columns


class _SeekBar(QSlider):
    """The replay bar: a click anywhere jumps there (a plain slider only pages towards
    the click), and a tick under the groove marks the moment of every event."""

    def __init__(self) -> None:
        super().__init__(Qt.Orientation.Horizontal)
        self._times: Sequence[int] = []
        self._tick_key: tuple = ()
        self._ticks: list[QLineF] = []
        self.setMinimumHeight(self.sizeHint().height() + 6)

    def set_events(self, times: Sequence[int]) -> None:
        self._times = times
        self.update()

    def _groove(self):
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        style = self.style()
        groove = style.subControlRect(QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderGroove, self)
        handle = style.subControlRect(QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderHandle, self)
        return groove, handle

    def _value_at(self, x: float) -> int:
        groove, handle = self._groove()
        span = groove.width() - handle.width()
        pos = int(x - groove.x() - handle.width() / 2)
        return QStyle.sliderValueFromPosition(self.minimum(), self.maximum(), pos, max(span, 1))

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            _, handle = self._groove()
            if not handle.contains(event.position().toPoint()):
                self.setValue(self._value_at(event.position().x()))
        super().mousePressEvent(event)

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if not self._times or self.maximum() <= self.minimum():
            return
        groove, handle = self._groove()
        span = max(groove.width() - handle.width(), 1)
        left = groove.x() + handle.width() / 2
        # One tick per pixel column at most: a long game has more events than pixels. The
        # columns are worked out once per game and bar size, not on every frame.
        key = (id(self._times), len(self._times), self.minimum(), self.maximum(), span, left, self.height())
        if key != self._tick_key:
            self._tick_key = key
            y = self.height() - 1
            self._ticks = [
                QLineF(x, y - 3, x, y) for x in tick_columns(self._times, self.minimum(), self.maximum(), span, left)
            ]
        painter = QPainter(self)
        painter.setPen(self.palette().color(QPalette.ColorRole.Mid))
        painter.drawLines(self._ticks)
        painter.end()


# A field of more cells than this has its ZiNi worked out in the background (ms-toollib's
# time grows steeply with the field), so opening it is not held up.
ZINI_IN_BACKGROUND_CELLS = 10_000
# ... and its islands beyond this many, so that a large field restored at start, or
# edited, is on screen sooner.
ISLANDS_IN_BACKGROUND_CELLS = 250_000
# A game's clicks (and the figures that follow from them) are counted in the background
# beyond this many actions of a game from a link, or this many mouse events of a replay
# file (an action costs several times a mouse event): below them, counting takes less
# than a frame. A move in a game whose figures are known counts only its new actions
# (benchmarks/minesweeper_play.py and minesweeper_restore.py measure both).
FIGURES_IN_BACKGROUND_ACTIONS = 3_000
FIGURES_IN_BACKGROUND_MOUSE_EVENTS = 25_000
# The replay bar's tip, and the replay controls' while a long game's replay is being built.
SEEK_TIP = "Click or drag to any moment of the game; a tick marks every action"
REPLAY_ON_ITS_WAY = "The replay of this long game is being made ready: a moment"
NO_TIMES: Sequence[int] = ()
# How long work to start once the board is painted waits for a canvas that is not painted
# (a page out of sight).
AFTER_PAINT_AT_MOST_MS = 500


def _odds_box(name: str, seen: str) -> QCheckBox:
    box = QCheckBox("Mine probabilities (P)")
    box.setObjectName(name)
    box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    box.setToolTip(
        f"On each covered cell, its chance of hiding a mine from {seen} (the numbers opened and the mine count), "
        "as Metasweeper works it out"
    )
    return box


def _work_out_zini(fld, cancel):
    # In ms-toollib's child process: it holds the interpreter while it works, which from
    # a thread of this one would stop the window all the same.
    return ms_figures.zini_in_child(fld, cancel)


def _count_islands(fld, cancel):
    return ms_figures.islands_of(fld)


def _count_figures(board, mouse, cancel):
    return ms_figures.figures_of(board, mouse, cancel)


def _build_replay(board, cancel):
    return ms.replay(board)


def _work_out_odds(question, cancel):
    # The answer names its question: one asked for a field may come in after another
    # field is dealt, and must not be taken for the odds of that one.
    try:
        return question, mine_odds(*question, cancel=cancel)
    except ValueError as exc:
        return question, exc


def _write_video(path, board, palette, mouse, fps, speed, size, cancel, progress):
    from .video import write_video

    return write_video(
        path, board, fps=fps, speed=speed, size=size, palette=palette, mouse=mouse, cancel=cancel, progress=progress
    )


def _analyse_clicks(board, replay_file, cancel):
    from slugboard.codecs.minesweeper.analysis import analyse

    return analyse(board, replay_file, cancel=cancel)


def _analysis_summary(analysis) -> str:
    guesses = sum(1 for c in analysis.safe_chance if c is not None)
    if not guesses:
        return "No guess: every open after the first could be worked out."
    return (
        f"{guesses} guess{'es' if guesses != 1 else ''}: the game survived them "
        f"with a chance of {100 * analysis.survival:.1f}%."
    )


def _analysis_counts(analysis) -> str:
    counts = analysis.counts()
    names = {
        "high_risk_guess": "risky",
        "needless_guess": "needless",
        "hard_judgment": "jump",
        "vision_transfer": "vision",
        "fl_local": "FL",
    }
    parts = [f"{counts[k]} {name}" for k, name in names.items() if counts.get(k)]
    winding = counts.get("mouse_trace_curved", 0) + counts.get("mouse_trace_too_curved", 0)
    if winding:
        parts.append(f"{winding} winding")
    return ", ".join(parts) or "nothing found"


def _fmt(value: float | None, digits: int = 2, suffix: str = "") -> str:
    return "–" if value is None else f"{value:.{digits}f}{suffix}"


class MinesweeperPage(GamePage):
    # The keys of this game's page, for Help > Keyboard shortcuts (a test checks that every
    # shortcut the page binds is listed here).
    KEYS = (
        ("Ctrl+1, Ctrl+2, Ctrl+3", "Edit, Play, Replay"),
        ("F2", "New game"),
        ("F3", "Play the same field again"),
        ("Ctrl+R", "A random field (Edit)"),
        ("Space", "Play or pause the replay"),
        ("Left, Right", "Step the replay one event"),
        ("Home, End", "The start or the end of the replay"),
        ("+, =, -", "Replay faster or slower"),
        ("P", "Show each covered cell's chance of a mine (Play and Replay)"),
        ("Arrow keys, Space, Enter, F", "Move the cursor, open, flag (Play, Edit)"),
    )
    canvas: MinesCanvas
    """Three modes over one board (the field and its recorded game).

    Undo: every edit of the field is a step; so are New game and Restart; the moves of one
    game merge into a single step, so Undo after playing takes the whole game back (a
    minesweeper move cannot be taken back on its own).
    """

    GAME = ms.NAME
    video_progressed = Signal(float)
    TOOL_PANEL_WIDTH = 300
    PLAY_MERGE_ID = 0x4D53  # consecutive moves of one game are one undo step
    RESIZE_MERGE_ID = 0x4D54

    def __init__(self, settings=None, parent=None, board=None):
        super().__init__(settings, parent, board)
        self._recorder = None  # File > Export recording, made with the first recording
        self.mode = EDIT
        # The Replay of the board shown; None while a long game's is built in the
        # background (`replay` builds it at once when something needs it sooner).
        self._replay: ms.Replay | None = None
        self._replay_wanted: ms.Board | None = None  # the board whose Replay is being built
        self._resume_at = 0.0  # where the replay starts once it is ready
        self._play_when_ready = False  # and whether it plays (a pasted game)
        self._replay_job = LatestOnly(self)
        self._replay_job.finished.connect(self._replay_built)
        self._controls_ready: bool | None = None  # whether the replay controls say they work
        self._field_shown: ms.Field = ms.field_of(self.board)  # the field of the board shown
        self._play_origin: float | None = None
        elapsed = QElapsedTimer()
        elapsed.start()
        self.clock: Callable[[], float] = lambda: float(elapsed.elapsed())

        canvas = MinesCanvas()
        canvas.cell_clicked.connect(self._cell_clicked)
        canvas.pointer.connect(self._pointer)
        # The pointer over the game being played, from its first press (see codecs' pointer).
        self._pointer_log: PointerLog | None = None
        self.set_canvas(canvas)
        self.player = ReplayPlayer(self)
        # ZiNi and the islands of a large field are worked out off the window's thread, then shown.
        self._zini_job = LatestOnly(self)
        self._zini_job.finished.connect(self._figure_ready)
        self._zini_field = None
        self._islands_job = LatestOnly(self)
        self._islands_job.finished.connect(self._count_ready)
        self._islands_field = None
        # The clicks of a long game are counted off the window's thread too: (board, mouse).
        self._figures_job = LatestOnly(self)
        self._figures_job.finished.connect(self._count_ready)
        self._figures_wanted: tuple | None = None
        self._counts_waiting: list[Callable[[], None]] = []  # counts to start when the one under way ends
        # Work on threads of this process waits until the board is painted (see _after_paint).
        self._after_paint_starts: list[Callable[[], None]] = []
        self._after_paint_timer = QTimer(self)
        self._after_paint_timer.setSingleShot(True)
        self._after_paint_timer.setInterval(AFTER_PAINT_AT_MOST_MS)
        self._after_paint_timer.timeout.connect(self._run_after_paint)
        self.replay_file = None  # the replay file opened last: its extras show while its field is on the board
        self.player.moved.connect(self._replay_moved)
        self.player.playing_changed.connect(self._playing_changed)
        self._play_timer = QTimer(self)
        self._play_timer.setInterval(50)
        self._play_timer.timeout.connect(self._play_tick)
        self._odds_worker = LatestOnly(self)
        self._odds_worker.finished.connect(self._odds_ready)
        # The odds worked out, by their question: (numbers, cells, width, mine count).
        self._odds_cache: dict[tuple, MineOdds] = {}
        self._odds_wanted: tuple | None = None  # the newest question still to ask

        # Fields that need no guessing are dealt in a helper process: a dense one may take
        # thousands of tries. `_dealing` is what asked: (mode, board, x, y).
        # The analysis of every click: ms-toollib in a child process the thread waits on.
        self._analyser = LatestOnly(self)
        self._analyser.finished.connect(self._analysed)
        self._analysis_of: tuple | None = None  # (board, replay file) analysed or being analysed
        self.analysis = None
        # A video is painted and encoded on a thread (painting a QImage may be done off the
        # window's thread); its progress comes back through `video_progressed`.
        self._video_job = LatestOnly(self)
        self._video_job.finished.connect(self._video_written)
        self.video_progressed.connect(self._video_moved)
        self._video_path: str | None = None
        self._video_since = 0.0
        self._dealer = LatestOnly(self, apart=(noguess.__name__,))
        self._dealer.finished.connect(self._dealt)
        self._dealing: tuple | None = None

        self._build_mode_bar()
        self.panels = _CurrentPageStack()
        self.panels.currentChanged.connect(lambda _: self.panels.updateGeometry())
        self.panels.addWidget(self._build_edit_panel())
        self.panels.addWidget(self._build_play_panel())
        self.panels.addWidget(self._build_replay_panel())
        self.panels.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.tool_layout.addWidget(self.panels)
        self._build_dealing_row()
        self._build_stats_panel()
        self._build_shortcuts()
        saved = self.settings.value("minesweeper/mode", EDIT)
        self.set_mode(saved if saved in MODES else EDIT)
        self.board_shown(self.board)

    # --- building the tool panel -----------------------------------------------------
    def _build_mode_bar(self) -> None:
        self.add_heading("Mode")
        row = QHBoxLayout()
        self.mode_group = QButtonGroup(self)
        self.mode_buttons = {}
        tips = {
            EDIT: "Place and remove mines; set the size (Ctrl+1)",
            PLAY: "Play this field; the game is recorded into the slug (Ctrl+2)",
            REPLAY: "Watch the recorded game with its clock and statistics (Ctrl+3)",
        }
        for mode in MODES:
            button = ModeButton(mode.capitalize())
            button.setToolTip(tips[mode])
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setObjectName(f"mode_{mode}")
            self.mode_group.addButton(button)
            self.mode_buttons[mode] = button
            button.clicked.connect(lambda _=False, m=mode: self.set_mode(m))
            row.addWidget(button)
        self.tool_layout.addLayout(row)
        self.mode_label = plain_label()
        self.mode_label.setWordWrap(True)
        self.mode_label.setObjectName("modeHint")
        self.tool_layout.addWidget(self.mode_label)

    def _build_edit_panel(self) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(heading("Field"))
        form = QFormLayout()
        self.width_spin = QSpinBox()
        self.width_spin.setRange(1, 1000)
        self.width_spin.setToolTip("Columns; changing the size drops mines that fall off")
        self.height_spin = QSpinBox()
        self.height_spin.setRange(1, 1000)
        self.height_spin.setToolTip("Rows; changing the size drops mines that fall off")
        self.mines_spin = QSpinBox()
        self.mines_spin.setRange(0, 999_999)
        self.mines_spin.setToolTip("How many mines a random field (and a new game) gets")
        for spin in (self.width_spin, self.height_spin, self.mines_spin):
            # Typing "12" must not resize through a 1-wide board (which would drop mines).
            spin.setKeyboardTracking(False)
        self.width_spin.valueChanged.connect(self._size_edited)
        self.height_spin.valueChanged.connect(self._size_edited)
        self.width_spin.valueChanged.connect(self._limit_mines)
        self.height_spin.valueChanged.connect(self._limit_mines)
        form.addRow("Width", self.width_spin)
        form.addRow("Height", self.height_spin)
        form.addRow("Mines", self.mines_spin)
        layout.addLayout(form)
        levels = QGridLayout()
        for i, (name, (w, h, m)) in enumerate(ms.LEVELS.items()):
            button = _button(
                name.capitalize(), f"A random {w}x{h} field with {m} mines", lambda _=False, n=name: self.new_level(n)
            )
            levels.addWidget(button, i // 2, i % 2)
        layout.addLayout(levels)
        layout.addWidget(
            _button(
                "Random field", "Scatter the chosen number of mines at random (Ctrl+R)", lambda: self.random_field()
            )
        )
        layout.addWidget(_button("Clear mines", "Remove every mine", self.clear_mines))
        self.edit_no_guess_box = self._no_guess_box(
            "editNoGuessBox", "Random fields and levels that logic alone solves from a first click in the middle"
        )
        layout.addWidget(self.edit_no_guess_box)
        self.field_label = QLabel()
        self.field_label.setWordWrap(True)
        layout.addWidget(self.field_label)
        version_row = QFormLayout()
        self.version_box = QComboBox()
        self.version_box.addItem("1 (50 ms ticks)", 1)
        self.version_box.addItem("2 (10 ms, base62 times)", 2)
        self.version_box.setToolTip(
            "Slug version: 1 is what the servers and the GIF renderer read; 2 keeps finer times"
        )
        self.version_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.version_box.activated.connect(self._version_chosen)
        version_row.addRow("Slug", self.version_box)
        layout.addLayout(version_row)
        hint = QLabel("Click a cell (or arrows + Space) to add or remove a mine.")
        hint.setWordWrap(True)
        layout.addWidget(hint)
        return panel

    def _build_play_panel(self) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(heading("Game"))
        self.play_status = plain_label()
        self.play_status.setObjectName("playStatus")
        font = self.play_status.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.play_status.setFont(font)
        layout.addWidget(self.play_status)
        self.play_clock = QLabel()
        self.play_clock.setObjectName("playClock")
        layout.addWidget(self.play_clock)
        buttons = QHBoxLayout()
        buttons.addWidget(
            _button(
                "New game",
                "A new random field of the chosen size; the first click never hits a mine (F2)",
                lambda: self.new_game(),
            )
        )
        buttons.addWidget(_button("Restart", "Play this same field again from the start (F3)", self.restart))
        layout.addLayout(buttons)
        layout.addWidget(_button("Watch replay", "Replay the game just played (Ctrl+3)", lambda: self.set_mode(REPLAY)))
        self.play_no_guess_box = self._no_guess_box(
            "playNoGuessBox",
            "New games are dealt at the first click so that it opens a region and logic alone solves the rest",
        )
        self.play_no_guess_box.toggled.connect(self.edit_no_guess_box.setChecked)
        self.edit_no_guess_box.toggled.connect(self.play_no_guess_box.setChecked)
        layout.addWidget(self.play_no_guess_box)
        # The same choice as the replay panel's box: one setting, shown in both panels.
        self.play_odds_box = _odds_box("playOddsBox", "what you can see now")
        layout.addWidget(self.play_odds_box)
        hint = QLabel(
            "Left click opens, right click flags (arrows, Space and F on the keyboard). "
            "The slug below grows with every move: copy it to share the game."
        )
        hint.setWordWrap(True)
        layout.addWidget(hint)
        return panel

    def _build_replay_panel(self) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(heading("Replay"))
        self.replay_clock = QLabel()
        self.replay_clock.setObjectName("replayClock")
        font = QFont("DejaVu Sans Mono")
        font.setPointSizeF(self.replay_clock.font().pointSizeF() * 1.35)
        font.setBold(True)
        self.replay_clock.setFont(font)
        layout.addWidget(self.replay_clock)
        self.slider = _SeekBar()
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.slider.setToolTip(SEEK_TIP)
        self.slider.valueChanged.connect(self._slider_moved)
        self.slider.sliderPressed.connect(self._slider_pressed)
        self.slider.sliderReleased.connect(self._slider_released)
        self._resume_after_drag = False
        layout.addWidget(self.slider)
        controls = QHBoxLayout()
        self.start_button = _transport("|◀", "To the start (Home)", self._to_start)
        self.prev_button = _transport("◀", "Previous event (Left)", lambda: self._step(-1))
        self.play_button = _transport("Play", "Play or pause (Space)", self._toggle)
        self.play_button.setObjectName("playPause")
        self.next_button = _transport("▶", "Next event (Right)", lambda: self._step(1))
        self.end_button = _transport("▶|", "To the end (End)", self._to_end)
        self.transport = (self.start_button, self.prev_button, self.play_button, self.next_button, self.end_button)
        self._transport_tips = {b: b.toolTip() for b in self.transport}
        for b in self.transport:
            controls.addWidget(b)
        controls.setStretch(2, 2)
        layout.addLayout(controls)
        speed_row = QFormLayout()
        self.speed_box = QComboBox()
        for speed in SPEEDS:
            self.speed_box.addItem(f"{speed:g}x", speed)
        self.speed_box.setCurrentIndex(SPEEDS.index(1.0))
        self.speed_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.speed_box.setToolTip("Playback speed (+ and - keys)")
        self.speed_box.currentIndexChanged.connect(lambda i: self.player.set_speed(SPEEDS[i]))
        speed_row.addRow("Speed", self.speed_box)
        layout.addLayout(speed_row)
        self.odds_box = _odds_box("oddsBox", "what the player could see at this moment")
        self.odds_box.toggled.connect(lambda _: self._refresh())
        self.odds_box.toggled.connect(self.play_odds_box.setChecked)
        self.play_odds_box.toggled.connect(self.odds_box.setChecked)
        self.mouse_box = QCheckBox("Mouse path")
        self.mouse_box.setObjectName("mouseBox")
        self.mouse_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.mouse_box.setChecked(True)
        self._mouse_wanted = True  # the box's state while no game with a path is open
        self.mouse_box.toggled.connect(lambda _: self._refresh())
        boxes = QHBoxLayout()
        boxes.addWidget(self.odds_box)
        boxes.addWidget(self.mouse_box)
        layout.addLayout(boxes)
        self.event_label = plain_label()
        self.event_label.setObjectName("eventLabel")
        self.event_label.setWordWrap(True)
        # Two lines always: a longer text must not push the list below it under the pointer.
        self.event_label.setFixedHeight(2 * self.event_label.fontMetrics().lineSpacing() + 2)
        self.event_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.event_label)
        self.outcome_label = plain_label()
        self.outcome_label.setObjectName("outcomeLabel")
        font = self.outcome_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.outcome_label.setFont(font)
        # One line's room, said or not: "Won" appearing must not move the list below it.
        self.outcome_label.setFixedHeight(self.outcome_label.fontMetrics().lineSpacing() + 2)
        layout.addWidget(self.outcome_label)
        self.action_list = ActionList()
        self.action_list.setObjectName("actionList")
        self.action_list.setToolTip(
            "Every action of the game: click one, or use Up and Down, to see the board just after it"
        )
        self.action_list.action_chosen.connect(lambda action: self._with_replay(lambda: self.player.go_to(action + 1)))
        analysis_row = QHBoxLayout()
        self.analyse_box = QCheckBox("Judge every click")
        self.analyse_box.setObjectName("analyseBox")
        self.analyse_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.analyse_box.setToolTip(
            "Metasweeper's analysis of each click (ms-toollib): high-risk and needless guesses, jump "
            "judgements, winding paths, vision transfers, flag-and-chord runs, and each guess's chance "
            "of being safe. Rows are coloured: red an error, orange a warning, green a feature, violet "
            "a suspect, blue a guess"
        )
        self.analyse_box.toggled.connect(lambda _: self._want_analysis())
        self.finding_filter = QComboBox()
        self.finding_filter.setObjectName("findingFilter")
        self.finding_filter.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.finding_filter.setToolTip("List every action, or only those with a finding of one kind")
        self.finding_filter.addItem("All actions", "")
        self.finding_filter.setEnabled(False)
        self.finding_filter.activated.connect(self._filter_chosen)
        analysis_row.addWidget(self.analyse_box)
        analysis_row.addWidget(self.finding_filter, 1)
        layout.addLayout(analysis_row)
        layout.addWidget(self.action_list)
        self.analysis_label = QLabel()
        self.analysis_label.setObjectName("analysisLabel")
        self.analysis_label.setWordWrap(True)
        self.analysis_label.setTextFormat(Qt.TextFormat.PlainText)
        # Two lines always: the summary coming and going moves nothing below it.
        self.analysis_label.setFixedHeight(2 * self.analysis_label.fontMetrics().lineSpacing() + 2)
        self.analysis_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.analysis_label)
        # What a replay file held that its slug cannot: said while that game is open.
        self.file_label = plain_label()
        self.file_label.setObjectName("fileLabel")
        self.file_label.setWordWrap(True)
        self.file_label.setStyleSheet("color: palette(mid)")
        layout.addWidget(self.file_label)
        return panel

    def _no_guess_box(self, name: str, tip: str) -> QCheckBox:
        box = QCheckBox("No guessing needed")
        box.setObjectName(name)
        box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        box.setToolTip(tip + " (judged by ms-toollib's solver, as Metasweeper's no-guess modes are)")
        box.setChecked(self.settings.value("minesweeper/no_guess", "no") == "yes")
        box.toggled.connect(lambda on: set_setting(self.settings, "minesweeper/no_guess", "yes" if on else "no"))
        return box

    def no_guess_wanted(self) -> bool:
        return self.play_no_guess_box.isChecked()

    def _build_dealing_row(self) -> None:
        # Said while a field that needs no guessing is dealt; its room is kept meanwhile.
        row = QHBoxLayout()
        self.dealing_label = QLabel()
        self.dealing_label.setObjectName("dealingLabel")
        self.dealing_label.setTextFormat(Qt.TextFormat.PlainText)  # it names the file being written
        self.dealing_label.setFixedHeight(self.dealing_label.fontMetrics().lineSpacing() + 2)
        self.dealing_cancel = _button("Cancel", "Stop the work under way", self.cancel_work)
        self.dealing_cancel.setObjectName("dealingCancel")
        policy = self.dealing_cancel.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.dealing_cancel.setSizePolicy(policy)
        self.dealing_cancel.hide()
        row.addWidget(self.dealing_label, 1)
        row.addWidget(self.dealing_cancel)
        self.tool_layout.addLayout(row)

    def _show_dealing(self, text: str) -> None:
        self.dealing_label.setText(text)
        self.dealing_cancel.setVisible(bool(text))

    def _deal_no_guess(self, mode: str, board: ms.Board, x: int, y: int, mines: int) -> None:
        """Ask the helper for a field of `mines` mines like `board`'s that a first click at
        (x, y) opens and logic alone solves; `_dealt` takes it from there."""
        self._dealing = (mode, board, x, y)
        self._dealer.submit(noguess.no_guess_mines, board.width, board.height, mines, (x, y))
        self._show_dealing("Dealing a field that needs no guessing…")

    def cancel_work(self) -> None:
        """The Cancel beside the work under way: dealing a field, or writing a video."""
        self.cancel_dealing()
        self.cancel_video()

    # --- a video of the replay ----------------------------------------------------------------
    def export_video_dialog(self) -> None:
        """File > Export video: the replay as .mp4 or .webm, with its clock, counters and mouse path."""
        if not self.board.events:
            self.show_status("No game to show yet: play one, or open a replay or a game slug")
            return
        from PySide6.QtWidgets import QFileDialog

        path, chosen = QFileDialog.getSaveFileName(
            self, "Export video", "minesweeper.mp4", "MP4 video (*.mp4);;WebM video (*.webm)"
        )
        if path:
            from .video import is_video

            if not is_video(path):
                path += "." + chosen.split("*.")[-1].rstrip(")")
            self.export_video(path)

    def can_export_video(self) -> bool:
        """A game with clicks to show, and no video under way."""
        return bool(self.board.events) and self._video_path is None

    def export_video(self, path: str, *, fps: int = 30, speed: float = 1.0, size=None) -> bool:
        """Start writing the replay to `path` in the background; the row under the panel
        shows how far it has come, with Cancel, and the status bar says when it is saved."""
        import os
        import time

        from .recording import RecordingError
        from .video import check

        try:
            check(path, fps=fps, speed=speed, size=size)
        except RecordingError as exc:
            self.show_status(f"Not saved: {exc}")
            return False
        if self._video_path is not None:
            self.show_status("A video is being written: wait for it, or Cancel it")
            return False
        self._video_path, self._video_since = path, time.time()
        mouse = self.mouse_path() if self.mouse_box.isChecked() else None
        self._video_job.submit(
            _write_video,
            path,
            self.board,
            QPalette(self.palette()),
            mouse,
            fps,
            speed,
            size,
            progress=self.video_progressed.emit,
        )
        self._show_dealing(f"Writing {os.path.basename(path)}…")
        self.actions_changed.emit()
        return True

    def _video_moved(self, fraction: float) -> None:
        import os

        if self._video_path is not None:
            self._show_dealing(f"Writing {os.path.basename(self._video_path)}: {100 * fraction:.0f}%")

    def _video_written(self, result) -> None:
        import os

        path, self._video_path = self._video_path, None
        self._show_dealing("")
        if path is None:
            return
        self.actions_changed.emit()
        if isinstance(result, Exception):
            self.show_status(f"Not saved: {why(result)}")
        else:
            self.show_status(f"Saved {os.path.basename(path)}")

    def cancel_video(self) -> None:
        import os

        path, self._video_path = self._video_path, None
        if path is None:
            return
        self._video_job.cancel()
        self._show_dealing("")
        self.actions_changed.emit()
        # A video whose file was whole before the stop reached it is kept, and said so.
        try:
            whole = os.path.getmtime(path) >= self._video_since
        except OSError:
            whole = False
        self.show_status(
            f"Saved {os.path.basename(path)}: it was whole before it could be stopped"
            if whole
            else "Video stopped: nothing was saved"
        )

    def cancel_dealing(self) -> None:
        if self._dealing is None:
            return
        self._dealing = None
        self._dealer.cancel()
        self._show_dealing("")
        self.show_status("Cancelled: the field is dealt again at the next click")

    def _dealt(self, result) -> None:
        pending, self._dealing = self._dealing, None
        self._show_dealing("")
        if pending is None:
            return
        mode, board, x, y = pending
        if isinstance(result, Exception):
            self.show_status(f"No field that needs no guessing: {why(result)}")
            return
        mines = tuple(tuple(m) for m in result)
        if mode == PLAY:
            if board is self.board:
                dealt = board.with_field(board.width, board.height, mines, board.events)
                self._play_click(x, y, Qt.MouseButton.LeftButton, dealt)
            return
        w, h = board.width, board.height
        self.set_board(self.board.with_field(w, h, mines), f"Random field needing no guessing ({len(mines)} mines)")
        if mode == "level":
            self._seen_level_field = self.board
        self.show_status(f"This field needs no guessing from a first click at ({x}, {y}), the middle")

    def _build_stats_panel(self) -> None:
        self.stats_heading = self.add_heading("Statistics")
        grid = QFormLayout()
        grid.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        self.stat_labels: dict[str, QLabel] = {}
        rows = [
            (
                "time",
                "Time",
                f'Seconds {CONVENTION}, to the end (or to now): the replay\'s clock and "Won in" say the same. '
                "Minesweeper Arbiter and Minesweeper Clone start at 1 s on the first press: a file of "
                "theirs says so below the list of actions.",
            ),
            ("3bv_solved", "3BV solved", "The part of the 3BV done so far."),
            ("estimated", "Est. time", "Time the whole board would take at this pace."),
            ("opened", "Cells open", "Safe cells opened, of all safe cells."),
        ]
        conventions = ms_figures.CONVENTIONS
        for key, (text, tip) in conventions.items():
            if key == "clicks":
                tip += " In brackets: the effective ones. " + conventions["effective"][1]
            if key != "effective":
                rows.append((key, text, tip))
        rows.insert(1, rows.pop(next(i for i, r in enumerate(rows) if r[0] == "3bv")))
        rows.append(
            (
                "analysis",
                "Judged",
                "What the analysis of every click found (Judge every click, in Replay): risky and needless "
                "guesses, jump judgements, vision transfers, flag-and-chord runs, winding paths.",
            )
        )
        for key, text, tip in rows:
            label = QLabel("–")
            label.setObjectName(f"stat_{key}")
            label.setToolTip(tip)
            name = QLabel(text)
            name.setToolTip(tip)
            grid.addRow(name, label)
            self.stat_labels[key] = label
        # The figures' widths change as they fill in (a time, "0 / 35555"); with its minimum
        # kept to what the rows need, the holder tells the panel, which would otherwise keep
        # the height it had and squeeze the rows together.
        grid.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        holder = QWidget()
        holder.setLayout(grid)
        self.stats_holder = holder
        self.tool_layout.addWidget(holder)
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        set_text_colour(self.problems_label, "#ef6c00")
        self.tool_layout.addWidget(self.problems_label)

    def _build_shortcuts(self) -> None:
        for i, mode in enumerate(MODES, start=1):
            QShortcut(QKeySequence(f"Ctrl+{i}"), self, lambda m=mode: self.set_mode(m))
        QShortcut(QKeySequence("F2"), self, lambda: self.new_game())
        QShortcut(QKeySequence("F3"), self, self.restart)
        QShortcut(QKeySequence("Ctrl+R"), self, lambda: self.random_field())
        self.replay_shortcuts = []
        for key, slot in (
            (Qt.Key.Key_Space, self._toggle),
            (Qt.Key.Key_Left, lambda: self._step(-1)),
            (Qt.Key.Key_Right, lambda: self._step(1)),
            (Qt.Key.Key_Home, self._to_start),
            (Qt.Key.Key_End, self._to_end),
            (Qt.Key.Key_Plus, lambda: self._speed_step(1)),
            (Qt.Key.Key_Equal, lambda: self._speed_step(1)),
            (Qt.Key.Key_Minus, lambda: self._speed_step(-1)),
        ):
            shortcut = QShortcut(QKeySequence(key), self, slot)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.replay_shortcuts.append(shortcut)
        # P shows the odds while playing and while replaying.
        self.odds_shortcut = QShortcut(QKeySequence(Qt.Key.Key_P), self, self.odds_box.toggle)
        self.odds_shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)

    # --- modes ---------------------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(mode)
        previous, self.mode = self.mode, mode
        self.mode_buttons[mode].setChecked(True)
        self.panels.setCurrentIndex(MODES.index(mode))
        for shortcut in self.replay_shortcuts:
            shortcut.setEnabled(mode == REPLAY)
        self.odds_shortcut.setEnabled(mode != EDIT)
        set_setting(self.settings, "minesweeper/mode", mode)
        hints = {
            EDIT: "Editing the field: every mine and number is shown.",
            PLAY: "Playing: mines are hidden; your clicks are recorded.",
            REPLAY: "Replaying the recorded game.",
        }
        self.mode_label.setText(hints[mode])
        self.canvas.view = mode
        if mode != REPLAY:
            self.player.pause()
        elif previous == PLAY:
            self._path_up_to_now()
        if mode == REPLAY:
            self._want_analysis()
        if mode == REPLAY and self._replay is None:
            self._resume_at = 0.0  # another game, still on its way: from its start once ready
        elif mode == REPLAY and self.player.replay is not self._replay:
            self.player.load(self._replay, 0.0)  # another game: from its start; the same one: where it was left
        if mode == PLAY and previous == EDIT and getattr(self, "_seen_level_field", None) is self.board:
            self._seen_level_field = None
            self.new_game()
            self.show_status("A new field of this level is dealt: the one in Edit mode had its mines on show")
        if mode == PLAY:
            self._resume_play_clock()
        else:
            self._play_timer.stop()
        self._refresh()
        self.focus_canvas()

    # --- edit -----------------------------------------------------------------------------
    def _size_edited(self) -> None:
        w, h = self.width_spin.value(), self.height_spin.value()
        if (w, h) == (self.board.width, self.board.height):
            return
        if w * h > ms.MAX_CELLS:
            self.show_status(f"A field has at most {ms.MAX_CELLS:,} cells")
            self._sync_spins(self.board)
            return
        self.set_board(self.board.resized(w, h), "Resize the field", self.RESIZE_MERGE_ID)

    def _limit_mines(self) -> None:
        # A field dealt here keeps a cell to open; a field of nothing but mines (pasted, or
        # made in Edit mode) has its own count shown.
        cells = self.width_spin.value() * self.height_spin.value()
        board = getattr(self, "board", None)
        full = board is not None and board.width * board.height == cells and len(board.mines) == cells
        self.mines_spin.setMaximum(max(0, cells if full else cells - 1))

    def _version_chosen(self, index: int) -> None:
        version = self.version_box.itemData(index)
        if version != self.board.version:
            self.set_board(self.board.with_version(version, 10 if version == 2 else None), f"Slug version {version}")

    def random_field(self, seed=None, *, level: bool = False) -> None:
        w, h, m = self.width_spin.value(), self.height_spin.value(), self.mines_spin.value()
        if self.no_guess_wanted():
            stand_in = self.board.with_field(w, h, ())
            self._deal_no_guess("level" if level else EDIT, stand_in, w // 2, h // 2, m)
            return
        board = self.board.with_field(w, h, ms.random_board(w, h, m, seed=seed).mines)
        self.set_board(board, f"Random field ({plural(m, 'mine')})")

    def new_level(self, name: str) -> None:
        w, h, m = ms.LEVELS[name]
        self._sync_spins(ms.Board(w, h), mines=m)
        if self.mode == PLAY:
            self.new_game()
        elif self.no_guess_wanted():
            self.random_field(level=True)
        else:
            self.random_field()
            # Its every mine is on show: Play deals an unseen field of the level instead.
            self._seen_level_field = self.board

    def clear_mines(self) -> None:
        board = self.board
        self.set_board(board.with_field(board.width, board.height, ()), "Clear mines")

    # --- play -----------------------------------------------------------------------------
    def new_game(self, seed=None) -> None:
        """A fresh random field of the chosen size; its mines move away from the first
        click when it comes (the board says so, through undo and a restart alike)."""
        w, h, m = self.width_spin.value(), self.height_spin.value(), self.mines_spin.value()
        self.set_board(ms.new_game(self.board, w, h, m, seed=seed), "New game")
        self._play_origin = None
        if self.mode != PLAY:
            self.set_mode(PLAY)

    def restart(self) -> None:
        self.set_board(self.board.without_events(), "Restart game")
        self._play_origin = None
        if self.mode != PLAY:
            self.set_mode(PLAY)
        self._refresh()

    def game_time_ms(self) -> float:
        """The play clock: time since the first click of this game."""
        if self._play_origin is None:
            return 0.0
        return self.clock() - self._play_origin

    def _resume_play_clock(self) -> None:
        """A game continued after a pause (other mode, undo) goes on from its last event."""
        events = self.board.events
        if not events:
            self._play_origin = None
        else:
            self._play_origin = self.clock() - events[-1].t * self.board.time_unit_ms
        self._update_play_timer()

    def _update_play_timer(self) -> None:
        running = self.mode == PLAY and bool(self.board.events) and self.replay.outcome == ms.UNFINISHED
        if running and not self._play_timer.isActive():
            self._play_timer.start()
        elif not running:
            self._play_timer.stop()

    def _play_tick(self) -> None:
        self.canvas.clock_ms = self.game_time_ms()
        self.play_clock.setText(f"Time {seconds_text(self.canvas.clock_ms - start_ms(self.board), self.board)} s")
        self._show_play_stats(self.replay.final())
        self.canvas.update()

    def _show_play_stats(self, final: ms.ReplayState) -> None:
        """The statistics of the game being played: while it runs they count to now, so
        their time is the clock's."""
        if final.outcome == ms.UNFINISHED and self.board.events:
            now_s = (self.game_time_ms() - self.replay.start_ms) / 1000
            stats = dataclasses.replace(final.stats, time_s=max(final.stats.time_s, now_s))
            self._show_stats(dataclasses.replace(final, stats=stats))
        else:
            self._show_stats(final)

    def _play_click(self, x: int, y: int, button, dealt: ms.Board | None = None) -> None:
        """A click in Play; `dealt` is the game's field dealt for it (no guessing needed)."""
        opens = button == Qt.MouseButton.LeftButton
        if self._dealing is not None:
            self.show_status("A field that needs no guessing is being dealt: a moment, or Cancel")
            return
        board = dealt or self.board
        if (
            dealt is None
            and opens
            and board.undealt
            and self.no_guess_wanted()
            and not any(e.kind == ms.OPEN for e in board.events)
            and self.replay.outcome == ms.UNFINISHED
        ):
            self._deal_no_guess(PLAY, board, x, y, len(board.mines))
            return
        first = not board.events
        origin = self.clock() if first else self._play_origin
        time_ms = 0.0 if first else self.game_time_ms()
        result = ms.click(
            board,
            x,
            y,
            ms.OPEN_BUTTON if opens else ms.FLAG_BUTTON,
            time_ms,
            final=self.replay.final() if self.replay is not None and dealt is None else None,
        )
        if result.board is None:
            if result.refused:
                self.show_status(result.refused)
            return
        self._play_origin = origin
        log = self._pointer_log
        if log is not None and len(log) and origin is not None:
            from slugboard.codecs.minesweeper.pointer import played_file

            log.start(origin)
            # The game with its path, shown and counted as a replay file's would be.
            self.replay_file = played_file(result.board, log)
        self.set_board(result.board, "Play", self.PLAY_MERGE_ID)

    def _pointer(self, kind: str, x: float, y: float) -> None:
        """Keep the pointer over a game being played: from its first press to its end."""
        if self.mode != PLAY or self.replay.outcome != ms.UNFINISHED:
            return
        log = self._pointer_log
        board = self.board
        if log is None or (log.width, log.height) != (board.width, board.height):
            if board.events or kind == "mv":
                return  # a game begun before this window saw it, or nothing pressed yet
            from slugboard.codecs.minesweeper.pointer import PointerLog

            log = self._pointer_log = PointerLog(board.width, board.height)
        # The game's clock once it has begun (it stands still while the game is paused);
        # before, the window's, which `start` puts on the game's at its first action.
        now = self.game_time_ms() if log.started else self.clock()
        if kind == "mv":
            log.move(now, x, y)
        elif kind in ("lk", "rk"):
            log.tap(now, kind[0], int(x), int(y))
        elif kind[1] == "c":
            log.press(now, kind[0], x, y)
        else:
            log.release(now, kind[0], x, y)

    def _path_up_to_now(self) -> None:
        """The played game's path with the moves since its last action."""
        kept, log = self.replay_file, self._pointer_log
        if kept is not None and kept.played_here and kept.board is self.board and log is not None:
            if log.started and len(kept.mouse) != len(log):
                from slugboard.codecs.minesweeper.pointer import played_file

                self.replay_file = played_file(self.board, log)

    # --- replay ---------------------------------------------------------------------------
    @property
    def replay(self) -> ms.Replay:
        """The Replay of the board shown. A long game's is built in the background once its
        board is on screen; asked for before it is ready, it is built now (or waited for)."""
        if self._replay is None:
            self._play_when_ready = False  # something else moves the replay first
            self._take_replay(replay_for(self.board))
        return self._replay  # type: ignore[return-value]

    def replay_ready(self) -> bool:
        """Whether the board shown has its Replay (a long game's is built after it is shown)."""
        return self._replay is not None

    def _replay_at_hand(self, board: ms.Board) -> ms.Replay | None:
        """The Replay of `board` if it is kept or quick to build (built now), else None: a
        long game's is built in the background, so that its board is on screen first."""
        found = ms.kept_replay(board)
        if found is None and len(board.events) <= ms_figures.PREPARED_REPLAY_ACTIONS:
            found = replay_for(board)
        return found

    def _start_building_replay(self) -> None:
        wanted = self._replay_wanted
        if wanted is not None and wanted is self.board and self._replay is None:
            # First of the work after the board's paint: the counts wait for it (`_in_turn`).
            self._replay_job.submit(_build_replay, wanted)

    def _replay_built(self, result) -> None:
        self._start_waiting_counts()
        if isinstance(result, Exception):
            if self._replay is None:
                self.show_status(f"The replay could not be made ready: {why(result)}")
            return
        if self._replay is None and result.board is self.board:
            self._take_replay(result)
            self._refresh()

    def _take_replay(self, replay: ms.Replay) -> None:
        """`replay`, of the board shown, is ready: its controls work, and the replay starts
        where it was to start (and plays, for a game just pasted)."""
        self._replay = replay
        self._replay_wanted = None
        self.canvas.replay = replay
        if self.mode == REPLAY and self.player.replay is not replay:
            self.player.load(replay, self._resume_at)
            if self._play_when_ready:
                self.player.play()
        self._play_when_ready = False

    def _with_replay(self, act: Callable[[], None]) -> None:
        """`act` on the player, once the replay is ready: a key pressed or an action chosen
        before the background has built it builds it now."""
        if self._replay is None:
            self.replay  # noqa: B018 - built (or waited for) and loaded into the player
        act()

    def _toggle(self) -> None:
        self._with_replay(self.player.toggle)

    def _step(self, delta: int) -> None:
        self._with_replay(lambda: self.player.step(delta))

    def _to_start(self) -> None:
        self._with_replay(lambda: self.player.seek(0))

    def _to_end(self) -> None:
        self._with_replay(lambda: self.player.seek(self.player.duration_ms))

    def _replay_moved(self) -> None:
        if self.mode != REPLAY:
            return
        self._refresh()

    def _playing_changed(self, playing: bool) -> None:
        self.play_button.setText("Pause" if playing else "Play")

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

    def _speed_step(self, delta: int) -> None:
        self.speed_box.setCurrentIndex(max(0, min(len(SPEEDS) - 1, self.speed_box.currentIndex() + delta)))

    def replay_state(self) -> ms.ReplayState | None:
        if self._replay is None:
            return ms.start_state(self.board, self._field_shown)  # shown until the replay is ready
        return self.player.state()

    # --- clicks ---------------------------------------------------------------------------
    def _cell_clicked(self, x: int, y: int, button) -> None:
        if self.mode == EDIT:
            if button == Qt.MouseButton.LeftButton:
                had_game = bool(self.board.events)
                present = not self.board.has_mine(x, y)
                self.set_board(self.board.toggled_mine(x, y), f"{'Add' if present else 'Remove'} mine at ({x}, {y})")
                if had_game:
                    self.show_status("Editing the field cleared the recorded game (Undo brings it back)")
        elif self.mode == PLAY:
            self._play_click(x, y, button)

    # --- showing ----------------------------------------------------------------------------
    def paste_board(self, board, *, prepared: bool = False) -> None:
        # The largest fields (up to a million cells) take a good part of a second to
        # prepare; unless that was done in the background (a long paste), the person sees
        # a busy cursor and a message rather than a frozen window (a replay file).
        large = not prepared and board.width * board.height + 8 * len(board.events) > LARGE_BOARD_WORK
        took = QElapsedTimer()
        took.start()
        if large:
            QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            self.show_status(f"Opening a {board.width}x{board.height} board…")
            QApplication.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        try:
            if board.events:
                # A game opens in Replay, which shows it at its start: shown in Play first, a
                # long game would be played through at once for its final board.
                self.set_mode(REPLAY)
            self.set_board(board, "Paste")
            if board.events:
                self.set_mode(REPLAY)
                if self._replay is None:  # a long game: it plays once its replay is ready
                    self._resume_at, self._play_when_ready = 0.0, True
                else:
                    self.player.load(self._replay, 0.0)
                    self.player.play()
            else:
                # A bare field is shared to be played: show it closed.
                self.set_mode(PLAY)
        finally:
            if large:
                QApplication.restoreOverrideCursor()
        elapsed = took.elapsed()
        if elapsed > SLOW_PASTE_MS:
            # After the window's own "Opened" message, which would hide this one.
            text = (
                f"Opened a {board.width}x{board.height} board with {plural(len(board.mines), 'mine')}"
                + (f" and {len(board.events):,} actions" if board.events else "")
                + f": preparing it took {elapsed / 1000:.1f} s"
            )
            QTimer.singleShot(0, lambda: self.show_status(text))

    def open_record(self, record) -> None:
        """A replay file opened: its game, with the mouse path it holds."""
        self.open_replay_file(record.payload)

    def open_replay_file(self, replay_file) -> None:
        """Open a game read from a replay file, keeping what its slug cannot hold (the
        mouse path, the player, the software) beside it while its field stays."""
        self.replay_file = replay_file
        self.paste_board(replay_file.board)

    def hideEvent(self, event) -> None:
        # A replay nobody watches would reach its end unseen: it waits for the person.
        self.player.pause()
        self._play_when_ready = False
        super().hideEvent(event)

    def board_shown(self, board: ms.Board) -> None:
        self._replay = self._replay_at_hand(board)
        # Held here while it is shown (the fields kept for speed may let it go): a replay's,
        # which a move in a game being played shares; a long game's before its replay.
        fld = self._replay.field if self._replay is not None else ms.field_of(board)
        if self._field_shown is not fld:
            self._odds_cache.clear()
            # Odds still being worked out are the last field's: given up, so that this
            # field's are asked at once.
            self._odds_wanted = None
            self._odds_worker.cancel()
        self._field_shown = fld
        if self._dealing is not None and self._dealing[1] is not board:
            self.cancel_dealing()  # the field asked for belongs to a board no longer shown
        if self._replay is None and self._replay_wanted is not board:
            # A long game: shown at its start, its Replay built once it is on screen.
            self._replay_wanted = board
            self._play_when_ready = False
            self._resume_at = min(self.player.time_ms, end_ms(board)) if self.mode == REPLAY else 0.0
            self.player.unload()
            self._after_paint(self._start_building_replay)
        elif self._replay is not None:
            self._replay_wanted = None
        if not board.events:
            self._pointer_log = None  # a new game, or one taken back: its path starts again
        # The file's extras belong to its field: another field shows none, and an undo back
        # to the file's game shows them again.
        kept = getattr(self, "replay_file", None)
        if kept is not None and (kept.board.mines != board.mines or kept.board.width != board.width):
            kept = None
        self.file_label.setText(kept.lost_in_slug() if kept is not None else "")
        self._offer_mouse_path(kept is not None and bool(kept.mouse))
        self.mouse_box.setToolTip(
            "The pointer, its last second of movement, and its clicks where they happened: "
            "a dot for a left click, a square for a right click, a ring for a chord"
            if self.mouse_box.isEnabled()
            else "This game has no mouse path: a link keeps none. A game played here, or opened from a "
            "replay file (.avf, .rmv, .evf, .mvf), has one while it is open; a game brought back "
            "at start or by a paste has only its link's clicks"
        )
        self.action_list.game_actions.set_game(board, self._chords_of(kept))
        if self.mode == REPLAY:
            self._want_analysis()
        elif self._analysis_of is not None and self._analysis_of[0] is not board:
            self._forget_analysis()
        self.canvas.board = board
        self.canvas.replay = self._replay
        self.canvas.field = fld
        self._sync_spins(board)
        index = self.version_box.findData(board.version)
        self.version_box.setCurrentIndex(index)
        # Version 2 carries its own time unit: a pasted game may count in 50 ms ticks.
        unit = board.time_unit_ms if board.version == 2 else 10
        self.version_box.setItemText(1, f"2 ({unit} ms{'' if board.unit_in_meta else ' implied'}, base62 times)")
        mines = len(board.mines)
        cells = board.width * board.height
        self.field_label.setText(
            f"{board.width}x{board.height}, {mines} mines "
            f"({100 * mines / cells:.1f}%), 3BV {fld.bbbv}"
            + (f"<br>Recorded game: {len(board.events)} actions" if board.events else "")
        )
        self.problems_label.setText(html_lines(p.message for p in ms.problems(board)))
        if self.mode == REPLAY and self._replay is not None and self.player.replay is not self._replay:
            keep = min(self.player.time_ms, self._replay.duration_ms)
            self.player.load(self._replay, keep)
        if self.mode == PLAY and not board.events:
            self._play_origin = None
        elif self.mode == PLAY and self._play_origin is None:
            self._resume_play_clock()  # a game brought back (redo): its clock goes on from its last action
        self._update_play_timer()
        self._refresh()

    # --- the analysis of every click -------------------------------------------------------
    def _want_analysis(self) -> None:
        """Analyse the open game's clicks in the background, when asked to and not yet done."""
        if not self.analyse_box.isChecked() or not self.board.events:
            self._forget_analysis()
            return
        kept = self.replay_to_save()
        asked = self._analysis_of
        if asked is not None and asked[0] is self.board and asked[1] is kept:
            if self.analysis is not None:
                self.stat_labels["analysis"].setText(_analysis_counts(self.analysis))
            return
        self._forget_analysis()
        self._analysis_of = (self.board, kept)
        self.analysis_label.setText("Judging every click… (a long game takes minutes: clear the box to stop)")
        self._analyser.submit(_analyse_clicks, self.board, kept)

    def _forget_analysis(self) -> None:
        if self._analysis_of is None and self.analysis is None:
            return
        self._analyser.cancel()
        self._analysis_of = None
        self.analysis = None
        self.action_list.game_actions.set_analysis(None)
        self.finding_filter.clear()
        self.finding_filter.addItem("All actions", "")
        self.finding_filter.setEnabled(False)
        self.analysis_label.setText("")
        self.stat_labels["analysis"].setText("–")

    def _analysed(self, result) -> None:
        from slugboard.codecs.minesweeper.analysis import KINDS

        if self._analysis_of is None:
            return
        if isinstance(result, Exception):
            self.analysis_label.setText(f"No analysis of this game: {why(result)}")
            return
        self.analysis = result
        self.action_list.game_actions.set_analysis(result)
        counts = result.counts()
        self.finding_filter.clear()
        self.finding_filter.addItem("All actions", "")
        found = sum(1 for f in result.findings if f)
        self.finding_filter.addItem(f"With a finding ({found})", "any")
        for kind, (text, _) in KINDS.items():
            if counts.get(kind):
                self.finding_filter.addItem(f"{text.split(':')[0]} ({counts[kind]})", kind)
        self.finding_filter.setEnabled(True)
        self.analysis_label.setText(_analysis_summary(result))
        self.stat_labels["analysis"].setText(_analysis_counts(result))
        self.action_list.follow(self.player.state().index - 1 if self.player.state().index else None)

    def _filter_chosen(self, index: int) -> None:
        self.action_list.game_actions.set_filter(self.finding_filter.itemData(index) or "")
        state = self.player.state()
        self.action_list.follow(state.index - 1 if state.index else None)

    def _offer_mouse_path(self, available: bool) -> None:
        """The Mouse path box, usable only for a game that has one: otherwise it is greyed
        out and unchecked (not checked and greyed out), and the person's choice comes back
        with the next game that has a path."""
        box = self.mouse_box
        if available == box.isEnabled():
            return
        box.blockSignals(True)
        if available:
            box.setChecked(self._mouse_wanted)
        else:
            self._mouse_wanted = box.isChecked()
            box.setChecked(False)
        box.setEnabled(available)
        box.blockSignals(False)

    def _chords_of(self, replay_file) -> frozenset[int]:
        """When the chords of a file's game were released; worked out once per file."""
        if replay_file is None:
            return frozenset()
        cached = getattr(self, "_chords", None)
        if cached is None or cached[0] is not replay_file:
            cached = self._chords = (replay_file, chord_moments(replay_file.mouse))
        return cached[1]

    def _sync_spins(self, board: ms.Board, mines: int | None = None) -> None:
        for spin, value in ((self.width_spin, board.width), (self.height_spin, board.height)):
            if spin.value() != value:
                spin.blockSignals(True)
                spin.setValue(value)
                spin.blockSignals(False)
        self._limit_mines()
        if mines is not None:
            self.mines_spin.setValue(mines)
        elif board.mines and self.mines_spin.value() != len(board.mines):
            # The box says the field's own count (a pasted game of 27 mines shows 27).
            self.mines_spin.blockSignals(True)
            self.mines_spin.setValue(len(board.mines))
            self.mines_spin.blockSignals(False)

    def _refresh(self) -> None:
        """Canvas, clocks, labels and statistics for the current mode."""
        canvas = self.canvas
        if self.mode == EDIT:
            canvas.state, canvas.clock_ms = None, None
            self._show_field_stats()
        elif self.mode == PLAY:
            state = self.replay.final()
            canvas.state = state
            if state.outcome != ms.UNFINISHED:
                canvas.clock_ms = float(state.ended_ms)  # type: ignore[arg-type]
            elif self.board.events:
                canvas.clock_ms = self.game_time_ms()
            else:
                canvas.clock_ms = 0.0
            texts = {
                ms.WON: "You won!",
                ms.LOST: "Boom: you lost",
                ms.UNFINISHED: "Playing" if self.board.events else "Click any cell to start",
            }
            self.play_status.setText(texts[state.outcome])
            set_text_colour(self.play_status, {ms.WON: WON_COLOUR, ms.LOST: LOST_COLOUR}.get(state.outcome))
            self.play_clock.setText(f"Time {seconds_text(canvas.clock_ms - start_ms(self.board), self.board)} s")
            self._show_odds(state)
            self._show_play_stats(state)
        else:
            state = self.replay_state() or ms.start_state(self.board, self._field_shown)
            canvas.state = state
            canvas.clock_ms = self.player.time_ms if self._replay is not None else 0.0
            self._show_replay_controls(state)
            self._show_odds(state)
            path = self.mouse_path()
            canvas.mouse = path if path is not None and self.mouse_box.isChecked() else None
            self._show_stats(state)
        canvas.update()

    def _show_replay_controls(self, state: ms.ReplayState) -> None:
        player = self.player
        ready = self._replay is not None
        # Until a long game's replay is ready, its board is shown at the start.
        duration = player.duration_ms if ready else end_ms(self.board)
        now = player.time_ms if ready else 0.0
        board, start = self.board, start_ms(self.board)
        # The game's clock, from its first action: the time the statistics and "Won in" say.
        self.replay_clock.setText(
            f"{seconds_text(min(now, duration) - start, board)} s / {seconds_text(duration - start, board)} s"
        )
        self.slider.blockSignals(True)
        self.slider.setRange(0, int(duration))
        times = self._replay.times_ms if self._replay is not None else NO_TIMES
        if self.slider._times is not times:
            self.slider.set_events(times)
        self.slider.setValue(int(round(now)))
        self.slider.blockSignals(False)
        if self._controls_ready is not ready:  # not at every frame: each tip set is an event
            self._controls_ready = ready
            self.slider.setEnabled(ready)
            self.slider.setToolTip(SEEK_TIP if ready else REPLAY_ON_ITS_WAY)
            for button in self.transport:
                button.setToolTip(self._transport_tips[button] if ready else REPLAY_ON_ITS_WAY)
        total = len(self.board.events)
        if not total:
            self.event_label.setText("No recorded game: play one (Ctrl+2) or paste a game slug.")
        elif state.last_event is None:
            self.event_label.setText(f"Event 0 of {total}: the start")
        else:
            e = state.last_event
            what = {ms.OPEN: "open", ms.FLAG: "flag", ms.UNFLAG: "remove flag", ms.MARK: "question mark"}[e.kind]
            self.event_label.setText(
                f"Event {state.index} of {total}: {what} ({e.x}, {e.y}) "
                f"at {seconds_text(e.t * board.time_unit_ms - start, board)} s"
            )
        if state.outcome == ms.LOST:
            self.outcome_label.setText(f"Lost at {seconds_text(state.stats.time_s * 1000, board)} s")
            set_text_colour(self.outcome_label, LOST_COLOUR)
        elif state.outcome == ms.WON:
            self.outcome_label.setText(f"Won in {seconds_text(state.stats.time_s * 1000, board)} s")
            set_text_colour(self.outcome_label, WON_COLOUR)
        elif total and state.index == total:
            self.outcome_label.setText("Unfinished")
            set_text_colour(self.outcome_label, None)
        else:
            self.outcome_label.setText("")
        for button in self.transport:
            button.setEnabled(bool(total) and ready)
        self.action_list.follow(state.index - 1 if state.index else None)

    def _show_odds(self, state: ms.ReplayState) -> None:
        """The odds of this moment on the board: at once when they were worked out before,
        else asked of the worker. A question under way is not given up for a newer moment
        (while a replay plays, each would be given up in turn and none answered): the
        newest moment asked for is asked next."""
        canvas = self.canvas
        board = self.board
        if not self.odds_box.isChecked():
            canvas.odds = None
            self._odds_wanted = None
            self._odds_worker.cancel()
            return
        if board.width * board.height > MAX_ODDS_CELLS:
            canvas.odds = None
            self.show_status(f"Mine probabilities are worked out on fields of up to {MAX_ODDS_CELLS:,} cells")
            return
        question = self._odds_question(state)
        known = self._odds_cache.get(question)
        if known is not None:
            canvas.odds = known
            self._odds_worker.cancel()
            return
        # Until the answer comes the board shows none: not another moment's odds, nor the
        # odds of another field whose cells look the same (a new game, nothing opened).
        canvas.odds = None
        self._odds_wanted = question
        if not self._odds_worker.busy:
            self._ask_odds()

    def _odds_question(self, state: ms.ReplayState) -> tuple:
        """What the odds of `state` on this board follow from: the field's numbers (those
        opened are seen), the state of every cell, the width and the mine count."""
        board = self.board
        return (self._field_shown.numbers, state.cells, board.width, len(board.mines))

    def _odds_on_show(self) -> tuple | None:
        """The question whose answer the board would show now, or None when it shows no odds."""
        state = self.canvas.state
        if self.mode == EDIT or state is None or not self.odds_box.isChecked():
            return None
        return self._odds_question(state)

    def _ask_odds(self) -> None:
        wanted, self._odds_wanted = self._odds_wanted, None
        if wanted is not None and wanted not in self._odds_cache:
            self._odds_worker.submit(_work_out_odds, wanted)

    def _odds_ready(self, result) -> None:
        question, odds = result if isinstance(result, tuple) else (None, result)
        on_show = self._odds_on_show()
        if isinstance(odds, Exception):
            if question is None or question == on_show:
                self._odds_wanted = None
                self.show_status(f"No mine probabilities here: {odds}")
            else:
                self._ask_odds()  # a question no longer on show: the newest one is asked
            return
        if len(self._odds_cache) >= 256:
            self._odds_cache.pop(next(iter(self._odds_cache)))
        self._odds_cache[question] = odds
        if question == on_show:
            self.canvas.odds = odds
            self.canvas.update()
        self._ask_odds()  # the newest moment asked for meanwhile

    # --- File > Export recording (an action of the game's VIEW) ---------------------
    def can_export_recording(self) -> bool:
        """A game with clicks to replay, and no recording under way."""
        from .recording import has_replay

        return has_replay(self.GAME, self.board) and not (self._recorder is not None and self._recorder.busy)

    def export_recording_dialog(self) -> None:
        from .recording import has_replay, is_recording

        if not has_replay(self.GAME, self.board):
            return
        from ..file_dialogs import save_file_name

        path, chosen = save_file_name(
            self,
            "Export recording",
            "minesweeper.gif",
            "GIF animation (*.gif);;WebP animation (*.webp);;Animated PNG (*.apng)",
            self.settings,
        )
        if path:
            if not is_recording(path):
                path += "." + chosen.split("*.")[-1].rstrip(")")
            self.export_recording(path)

    def export_recording(self, path: str) -> bool:
        """Start writing the replay of the game shown to `path`, in the background; the
        status bar shows how far it has come and says when it is saved."""
        from .recording import has_replay

        if not has_replay(self.GAME, self.board):
            self._say("Open a recorded minesweeper game to export its replay", 6000)
            return False
        return self.recorder.start(path, self.board, self.palette())

    def cancel_recording(self) -> None:
        if self._recorder is not None:
            self._recorder.cancel()

    @property
    def recorder(self):
        """The recording export (made with the first recording)."""
        if self._recorder is None:
            from PySide6.QtWidgets import QMainWindow, QStatusBar

            from .recorder import RecordingExport

            window = self.window()
            bar = window.statusBar() if isinstance(window, QMainWindow) else QStatusBar(self)
            self._recorder = RecordingExport(bar, self)
            self._recorder.said.connect(self._say)
            self._recorder.busy_changed.connect(lambda _: self.actions_changed.emit())
        return self._recorder

    def _say(self, text: str, ms: int = 6000) -> None:
        from PySide6.QtWidgets import QMainWindow

        window = self.window()
        if isinstance(window, QMainWindow):
            window.statusBar().showMessage(text, ms)
        else:
            self.status_changed.emit(text)

    def shutdown(self) -> None:
        if self._recorder is not None:
            self._recorder.shutdown()
        self._video_job.shutdown()
        self._analyser.shutdown()
        self._dealer.shutdown()
        self._odds_worker.shutdown()
        self._zini_job.shutdown()
        self._islands_job.shutdown()
        self._figures_job.shutdown()
        self._replay_job.shutdown()
        from slugboard.codecs.minesweeper import toollib

        toollib.shared().close()  # a calculation under way in the child ends with the window

    def _show_stats(self, state: ms.ReplayState) -> None:
        s = state.stats
        labels = self.stat_labels
        fld = self._field_shown
        big = fld.width * fld.height > ZINI_IN_BACKGROUND_CELLS
        islands_now = self._islands_now(fld)
        figures = self._figures_now()
        if figures is None:  # the clicks are still being counted
            f = ms_figures.figures_without_clicks(
                self.board, fld, state, work_out_zini=not big, work_out_islands=islands_now
            )
        else:
            f = figures.at(state, work_out_zini=not big, work_out_islands=islands_now)
        if f["zini"] is None and self._zini_field is not fld:
            self._zini_field = fld
            self._after_paint(lambda: self._start_working_out_zini(fld))
        labels["time"].setText(f"{seconds_text(s.time_s * 1000, self.board)} s")
        labels["3bv_solved"].setText(str(s.bbbv_solved))
        labels["estimated"].setText(_fmt(s.estimated_time_s, 2, " s"))
        labels["opened"].setText(f"{s.safe_opened} / {s.safe_total}")
        # A figure still being worked out shows "…"; ZiNi on a field too large to work it out, "–".
        no_zini = "–" if fld.width * fld.height > ms_figures.MAX_ZINI_CELLS else "…"
        for key in ("3bv", "zini", "hzini", "openings", "islands", "left", "right", "double", "flags"):
            labels[key].setText((no_zini if key in ("zini", "hzini") else "…") if f[key] is None else str(f[key]))
        labels["3bv_per_s"].setText(_fmt(f["3bv_per_s"], 3))
        labels["rqp"].setText(_fmt(f["rqp"], 2))
        labels["stnb"].setText(_fmt(f["stnb"], 1))
        if figures is None:
            for key in ("clicks", "ioe", "correctness", "throughput", "path"):
                labels[key].setText("…")
            return
        labels["clicks"].setText(f"{f['clicks']} ({f['effective']} effective)")
        labels["ioe"].setText(_fmt(f["ioe"], 3))
        correctness = f["correctness"]
        labels["correctness"].setText(_fmt(None if correctness is None else correctness * 100, 1, "%"))
        labels["throughput"].setText(_fmt(f["throughput"], 3))
        labels["path"].setText("unknown" if f["path"] is None else f"{f['path']:.1f} cells")

    def _after_paint(self, start: Callable[[], None]) -> None:
        """Call `start` once the canvas has painted what it shows now (work on a thread of
        this process shares the interpreter with the window, and would slow that paint), or
        after AFTER_PAINT_AT_MOST_MS when the canvas is not painted (a page out of sight).
        `start` checks that its work is still wanted."""
        self._after_paint_starts.append(start)
        self.canvas.after_paint(self._run_after_paint)
        if not self._after_paint_timer.isActive():
            self._after_paint_timer.start()

    def _run_after_paint(self) -> None:
        self._after_paint_timer.stop()
        starts, self._after_paint_starts = self._after_paint_starts, []
        for start in starts:
            start()

    def _start_working_out_zini(self, fld) -> None:
        if self._zini_field is fld:  # still the field shown
            self._zini_job.submit(_work_out_zini, fld)

    def _figures_now(self) -> ms_figures.GameFigures | None:
        """The figures of the open game (see `figures`), or None while those of a long game
        are counted in the background: once per game, and the statistics are shown again
        when they come. A move in a game whose figures are known counts only its new
        actions, here."""
        kept = self.replay_file
        board = self.board
        mouse = (kept.mouse or None) if kept is not None and kept.board == board else None
        known = ms_figures.figures_continued(board, mouse, at_most=FIGURES_IN_BACKGROUND_ACTIONS)
        if known is not None:
            return known
        if mouse is not None:
            in_background = len(mouse) > FIGURES_IN_BACKGROUND_MOUSE_EVENTS
        else:
            in_background = len(board.events) > FIGURES_IN_BACKGROUND_ACTIONS
        wanted = self._figures_wanted
        if not in_background:
            if wanted is not None:  # a long game's count under way is given up
                self._figures_wanted = None
                self._figures_job.cancel()
                QTimer.singleShot(0, self, self._start_waiting_counts)
            return ms_figures.figures_of(board, mouse)
        if wanted is None or wanted[0] is not board or wanted[1] is not mouse:
            self._figures_wanted = (board, mouse)
            self._after_paint(self._start_counting_figures)
        return None

    def _start_counting_figures(self) -> None:
        wanted = self._figures_wanted
        if wanted is None or wanted[0] is not self.board or ms_figures.figures_known(*wanted) is not None:
            return
        if self._in_turn(self._figures_job, self._start_counting_figures):
            self._figures_job.submit(_count_figures, *wanted)

    def _in_turn(self, job: LatestOnly, start: Callable[[], None]) -> bool:
        """Whether `job` may start counting now. The counts run one at a time, after a long
        game's replay being built: two threads at once would each take the interpreter from
        the window's thread in turn, and it would wait for both. While another runs, `start`
        waits, and is called again when that one ends (`job` itself may be given a newer
        count at once)."""
        others = (self._replay_job, self._figures_job, self._islands_job)
        if not any(other.busy for other in others if other is not job):
            return True
        self._counts_waiting.append(start)
        return False

    def _start_waiting_counts(self) -> None:
        starts, self._counts_waiting = self._counts_waiting, []
        for start in starts:
            start()

    def _islands_now(self, fld) -> bool:
        """Whether the islands of `fld` may be counted on the window's thread; when not, they
        are counted in the background (once per field) and the figures shown again. The count
        starts once the board is painted (see `_after_paint`)."""
        if fld.width * fld.height <= ISLANDS_IN_BACKGROUND_CELLS:
            return True
        if ms_figures.islands_of(fld, work_out=False) is None and self._islands_field is not fld:
            self._islands_field = fld
            self._after_paint(lambda: self._start_counting_islands(fld))
        return False

    def _start_counting_islands(self, fld) -> None:
        if self._islands_field is not fld:  # another field is shown
            return
        if self._in_turn(self._islands_job, lambda: self._start_counting_islands(fld)):
            self._islands_job.submit(_count_islands, fld)

    def _figure_ready(self, result) -> None:
        if isinstance(result, Exception):
            return
        self._refresh()

    def _count_ready(self, result) -> None:
        self._start_waiting_counts()
        self._figure_ready(result)

    def mouse_path(self):
        """The open game's mouse path, when it came from a replay file; None for a game
        from a link (a link keeps none)."""
        kept = self.replay_file
        if kept is None or not kept.mouse or kept.board != self.board:
            return None
        return kept.mouse_path()

    # --- saving the replay ---------------------------------------------------------------
    def can_save_replay(self) -> bool:
        """Whether File > Save replay as has a game to write."""
        return bool(self.board.events)

    def replay_to_save(self):
        """The replay file whose path goes with the open game (one read from disk or played
        here), or None for a game from a link."""
        self._path_up_to_now()
        kept = self.replay_file
        return kept if kept is not None and kept.mouse and kept.board == self.board else None

    def save_replay_dialog(self) -> None:
        """File > Save replay as: the game as an .evf replay, with its mouse path when it has one."""
        if not self.can_save_replay():
            self.show_status("No game to save yet: play one, or open a replay or a game slug")
            return
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(self, "Save replay as", "minesweeper.evf", "Replay (*.evf)")
        if path:
            if not path.lower().endswith(".evf"):
                path += ".evf"
            self.save_replay(path)

    def save_replay(self, path: str) -> bool:
        """Write the open game to `path` as an .evf replay; says in the status bar how it went.
        The file is whole or not there: it is written beside and then renamed."""
        import os

        from slugboard.codecs.errors import SlugError
        from slugboard.codecs.minesweeper.evf import recording_of, write_evf
        from slugboard.codecs.newfile import write_atomically

        name = os.path.basename(path)
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            kept = self.replay_to_save()
            data = write_evf(recording_of(self.board, replay_file=kept))
            write_atomically(path, data)
        except SlugError as exc:
            self.show_status(f"Could not save the replay: {exc.message}")
            return False
        except OSError as exc:
            self.show_status(f"Could not write {name}: {exc.strerror or exc}")
            return False
        finally:
            QApplication.restoreOverrideCursor()
        what = (
            "with its mouse path"
            if kept is not None
            else "with each click at the middle of its cell (a link keeps no mouse path)"
        )
        self.show_status(f"Saved the replay to {name}, {what}")
        return True

    def figures(self) -> ms_figures.GameFigures:
        """The figures of the open game, counted from the replay file's mouse events when
        it came from one; kept while the game is the same."""
        kept = self.replay_file
        mouse = kept.mouse if kept is not None and kept.board == self.board else None
        return ms_figures.figures_of(self.board, mouse)

    def _show_field_stats(self) -> None:
        labels = self.stat_labels
        for label in labels.values():
            label.setText("–")
        fld = self._field_shown
        labels["3bv"].setText(str(fld.bbbv))
        labels["openings"].setText(str(len(fld.opening_sizes)))
        islands = ms_figures.islands_of(fld, work_out=self._islands_now(fld))
        labels["islands"].setText("…" if islands is None else str(islands))
        labels["opened"].setText(f"0 / {fld.safe_total}")

    def export_state(self) -> dict:
        if self.mode == REPLAY:
            path = self.mouse_path() if self.mouse_box.isChecked() else None
            return {
                "at": self.player.time_ms / 1000 if self._replay is not None else 0.0,
                "state": self.replay_state(),
                "replay": self._replay,
                "field": self._field_shown,
                **({"mouse": path} if path is not None else {}),
            }
        if self.mode == PLAY:
            return {"view": PLAY, "clock_ms": self.canvas.clock_ms}
        return {"view": EDIT}

"""The game's page: the canvas and the tool panel, composed of the parts that hold their
own state (each in its own module):

    EditPanel       edit_panel.py      the Field panel and the edits it makes
    PlaySession     play.py            the game played here, its clock and pointer, the Game panel
    ReplayControls  replay_controls.py the Replay of the board shown, the player, clock and seek
    OddsView        odds_view.py       the mine probabilities on the board
    ClickJudge      judging.py         the analysis of every click
    ActionList      actions.py         the list of actions
    GameFile        game_file.py       the replay file that goes with the game, the Mouse path box
    Statistics      statistics.py      the Statistics panel and its counts in the background
    Dealer          dealing.py         fields that need no guessing, and the row of work under way
    VideoExport, RecordingExports      exports.py: File > Export video and Export recording

The page keeps the mode, the field of the board shown, and the names of the widgets its
parts show (the surface the window's actions and the tests use); it tells each part when
the board or the mode changes and redraws the canvas for the mode."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QElapsedTimer, QEventLoop, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QCheckBox,
    QHBoxLayout,
    QSizePolicy,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper import figures as ms_figures
from slugboard.codecs.wording import plural

from ..page import GamePage, ModeButton, WrappedLabel, heading, html_lines
from ..store import set_setting
from .actions import ActionList
from .background import AfterPaint, Turns
from .canvas import MinesCanvas
from .dealing import Dealer, WorkRow
from .edit_panel import EditPanel
from .exports import RecordingExports, VideoExport, save_replay, save_replay_dialog
from .game_file import GameFile
from .judging import ClickJudge
from .odds_view import OddsView
from .paint import EDIT, MODES, PLAY, REPLAY
from .play import PlaySession
from .replay_controls import ReplayControls
from .statistics import Statistics
from .widgets import CurrentPageStack

# Cells plus 8 per action above which a pasted board gets a busy cursor while it is prepared.
LARGE_BOARD_WORK = 300_000
SLOW_PASTE_MS = 200
# A game's clicks (and the figures that follow from them) are counted in the background
# beyond this many actions of a game from a link, or this many mouse events of a replay
# file (an action costs several times a mouse event): below them, counting takes less
# than a frame. A move in a game whose figures are known counts only its new actions
# (benchmarks/minesweeper_play.py and minesweeper_restore.py measure both).
FIGURES_IN_BACKGROUND_ACTIONS = 3_000
FIGURES_IN_BACKGROUND_MOUSE_EVENTS = 25_000
MODE_TIPS = {
    EDIT: "Place and remove mines; set the size (Ctrl+1)",
    PLAY: "Play this field; the game is recorded into the slug (Ctrl+2)",
    REPLAY: "Watch the recorded game with its clock and statistics (Ctrl+3)",
}
MODE_HINTS = {
    EDIT: "Every mine and number is shown: click a cell (or arrows + Space) to add or remove a mine.",
    PLAY: "Left click opens, right click flags (arrows, Space, F); the slug grows with every move.",
    REPLAY: "Replaying the recorded game.",
}
# The tabs under the mode's controls: (name, tip), the modes that show each.
SECTIONS = {
    "Statistics": ("The field's figures and the game's pace", MODES),
    "Clicks": ("The clicks and how well they were used", MODES),
    "Actions": ("Every action of the game, and the judging of each click", (REPLAY,)),
    "File": ("What the replay file held that the slug cannot", (REPLAY,)),
}
SECTION_KEY = "minesweeper/section_"  # and the mode: each mode keeps the tab chosen in it
# A mode's tab until another is chosen: a replay is watched by its actions.
FIRST_SECTION = {EDIT: "Statistics", PLAY: "Statistics", REPLAY: "Actions"}


class MinesweeperPage(GamePage):
    """Three modes over one board (the field and its recorded game).

    Undo: every edit of the field is a step; so are New game and Restart; the moves of one
    game merge into a single step, so Undo after playing takes the whole game back (a
    minesweeper move cannot be taken back on its own).
    """

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
    GAME = ms.NAME
    TOOL_PANEL_WIDTH = 300
    PLAY_MERGE_ID = PlaySession.PLAY_MERGE_ID
    RESIZE_MERGE_ID = EditPanel.RESIZE_MERGE_ID

    def __init__(self, settings=None, parent=None, board=None):
        super().__init__(settings, parent, board)
        self.mode = EDIT
        self.field_shown: ms.Field = ms.field_of(self.board)  # the field of the board shown
        elapsed = QElapsedTimer()
        elapsed.start()
        self.clock: Callable[[], float] = lambda: float(elapsed.elapsed())
        canvas = MinesCanvas()
        self.set_canvas(canvas)
        self.after_paint = AfterPaint(canvas, self)
        self.turns = Turns()
        self._compose()
        canvas.cell_clicked.connect(self._cell_clicked)
        canvas.pointer.connect(self.session.pointer)
        self.turns.jobs = (self.replays.job, self.stats.figures_job, self.stats.islands_job)
        self._sections_settled = False
        self._lay_out()
        self._build_shortcuts()
        saved = self.settings.value("minesweeper/mode", EDIT)
        self.set_mode(saved if saved in MODES else EDIT)
        self.board_shown(self.board)

    def _compose(self) -> None:
        """The parts, and the names of the widgets they show."""
        self.odds = OddsView(self)
        self.work_row = WorkRow(self.cancel_work)
        self.dealer = Dealer(self, self.work_row)
        self.edit = EditPanel(self)
        self.session = PlaySession(self)
        self.replays = ReplayControls(self)
        self.file = GameFile(self)
        self.judge = ClickJudge(self)
        self.stats = Statistics(self, FIGURES_IN_BACKGROUND_ACTIONS, FIGURES_IN_BACKGROUND_MOUSE_EVENTS)
        self.video = VideoExport(self, self.work_row)
        self.recordings = RecordingExports(self)
        self.action_list = ActionList()
        self.action_list.setObjectName("actionList")
        self.action_list.setToolTip(
            "Every action of the game: click one, or use Up and Down, to see the board just after it"
        )
        self.action_list.action_chosen.connect(self.replays.go_to_action)
        # One choice shown in two panels.
        self.session.no_guess_box.toggled.connect(self.edit.no_guess_box.setChecked)
        self.edit.no_guess_box.toggled.connect(self.session.no_guess_box.setChecked)
        self._name_widgets()

    def _name_widgets(self) -> None:
        """The widgets of the parts, by the names the window's actions and the tests use."""
        edit, play, replays, judge, stats = self.edit, self.session, self.replays, self.judge, self.stats
        self.width_spin = edit.width_spin
        self.height_spin = edit.height_spin
        self.mines_spin = edit.mines_spin
        self.version_box = edit.version_box
        self.field_label = edit.field_label
        self.edit_no_guess_box = edit.no_guess_box
        self.play_status = play.status
        self.play_clock = play.clock_label
        self.play_no_guess_box = play.no_guess_box
        self.player = replays.player
        self.replay_clock = replays.clock
        self.slider = replays.slider
        self.transport = replays.transport
        self.start_button, self.prev_button, self.play_button, self.next_button, self.end_button = replays.transport
        self.speed_box = replays.speed_box
        self.event_label = replays.event_label
        self.outcome_label = replays.outcome_label
        self.odds_box = self.odds.box
        self.play_odds_box = self.odds.play_box
        self.mouse_box = self.file.mouse_box
        self.file_label = self.file.label
        self.analyse_box = judge.box
        self.finding_filter = judge.filter
        self.analysis_label = judge.label
        self.stat_labels = stats.labels
        self.stats_holder = stats.holder
        self.problems_label = stats.problems_label
        self.dealing_label = self.work_row.label
        self.dealing_cancel = self.work_row.cancel

    def _lay_out(self) -> None:
        self.add_heading("Mode")
        row = QHBoxLayout()
        self.mode_group = QButtonGroup(self)
        self.mode_buttons: dict[str, ModeButton] = {}
        for mode in MODES:
            button = ModeButton(mode.capitalize())
            button.setToolTip(MODE_TIPS[mode])
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setObjectName(f"mode_{mode}")
            self.mode_group.addButton(button)
            self.mode_buttons[mode] = button
            button.clicked.connect(lambda _=False, m=mode: self.set_mode(m))
            row.addWidget(button)
        self.tool_layout.addLayout(row)
        self.mode_label = WrappedLabel()  # as tall as its text at the panel's width
        self.mode_label.setTextFormat(Qt.TextFormat.PlainText)
        self.mode_label.setObjectName("modeHint")
        self.tool_layout.addWidget(self.mode_label)
        self.panels = CurrentPageStack()
        self.panels.currentChanged.connect(lambda _: self.panels.updateGeometry())
        for panel in (self.edit, self.session.panel, self._replay_panel()):
            self.panels.addWidget(panel)
        self.panels.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.tool_layout.addWidget(self.panels)
        self.tool_layout.addLayout(self.work_row)
        self.tool_layout.addWidget(self._sections())
        self.tool_layout.addWidget(self.stats.problems_label)

    def _sections(self) -> QTabWidget:
        """What the panel shows below the mode's controls, a tab each, so that the panel fits
        the window: the figures, the clicks, and in Replay the actions and the file."""
        self.sections = QTabWidget()
        self.sections.setObjectName("minesweeperSections")
        self.sections.setDocumentMode(True)
        self.sections.setUsesScrollButtons(False)  # every tab's name in sight
        actions = QWidget()
        layout = QVBoxLayout(actions)
        layout.setContentsMargins(0, 4, 0, 0)
        analysis_row = QHBoxLayout()
        analysis_row.addWidget(self.judge.box)
        analysis_row.addWidget(self.judge.filter, 1)
        layout.addLayout(analysis_row)
        layout.addWidget(self.action_list, 1)
        layout.addWidget(self.judge.label)
        # What a replay file held that its slug cannot: said while that game is open.
        file_page = QWidget()
        file_layout = QVBoxLayout(file_page)
        file_layout.setContentsMargins(0, 4, 0, 0)
        file_layout.addWidget(self.file.label)
        file_layout.addStretch(1)
        pages = {
            "Statistics": self.stats.holder,
            "Clicks": self.stats.clicks_holder,
            "Actions": actions,
            "File": file_page,
        }
        for name, (tip, _modes) in SECTIONS.items():
            index = self.sections.addTab(pages[name], name)
            self.sections.setTabToolTip(index, tip)
        self.sections.currentChanged.connect(self._section_chosen)
        return self.sections

    def _section_chosen(self, index: int) -> None:
        if self.sections.isTabVisible(index) and self._sections_settled:
            set_setting(self.settings, SECTION_KEY + self.mode, self.sections.tabText(index))

    def _show_sections(self) -> None:
        """The tabs of the mode (the File tab while the game has a file's words to say),
        on the one chosen last where the mode shows it."""
        self._sections_settled = False
        wanted = self.settings.value(SECTION_KEY + self.mode, FIRST_SECTION[self.mode])
        for index, (name, (_tip, modes)) in enumerate(SECTIONS.items()):
            shown = self.mode in modes and (name != "File" or bool(self.file.label.text()))
            self.sections.setTabVisible(index, shown)
            if shown and name == wanted:
                self.sections.setCurrentIndex(index)
        if not self.sections.isTabVisible(self.sections.currentIndex()):
            self.sections.setCurrentIndex(0)
        self._sections_settled = True

    def show_section(self, name: str) -> None:
        """Bring the tab `name` forward (the Actions tab, say)."""
        self.sections.setCurrentIndex(list(SECTIONS).index(name))

    def _replay_panel(self) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(heading("Replay"))
        self.replays.lay_out(layout)
        boxes = QHBoxLayout()
        boxes.addWidget(self.odds.box)
        boxes.addWidget(self.file.mouse_box)
        layout.addLayout(boxes)
        layout.addWidget(self.replays.event_label)
        layout.addWidget(self.replays.outcome_label)
        return panel

    def _build_shortcuts(self) -> None:
        for i, mode in enumerate(MODES, start=1):
            QShortcut(QKeySequence(f"Ctrl+{i}"), self, lambda m=mode: self.set_mode(m))
        QShortcut(QKeySequence("F2"), self, lambda: self.new_game())
        QShortcut(QKeySequence("F3"), self, self.restart)
        QShortcut(QKeySequence("Ctrl+R"), self, lambda: self.random_field())
        self.replay_shortcuts = []
        for key, slot in self.replays.keys():
            shortcut = QShortcut(QKeySequence(key), self, slot)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.replay_shortcuts.append(shortcut)
        # P shows the odds while playing and while replaying.
        self.odds_shortcut = QShortcut(QKeySequence(Qt.Key.Key_P), self, self.odds.box.toggle)
        self.odds_shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)

    def no_guess_box(self, name: str, tip: str) -> QCheckBox:
        """A No guessing needed box: one setting, shown in Edit and in Play."""
        box = QCheckBox("No guessing needed")
        box.setObjectName(name)
        box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        box.setToolTip(tip + " (judged by ms-toollib's solver, as Metasweeper's no-guess modes are)")
        box.setChecked(self.settings.value("minesweeper/no_guess", "no") == "yes")
        box.toggled.connect(lambda on: set_setting(self.settings, "minesweeper/no_guess", "yes" if on else "no"))
        return box

    def no_guess_wanted(self) -> bool:
        return self.session.no_guess_box.isChecked()

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
        self.mode_label.setText(MODE_HINTS[mode])
        self._show_sections()
        self.canvas.view = mode
        if mode == REPLAY and previous == PLAY:
            self.session.path_up_to_now()
        if mode == REPLAY:
            self.judge.want()
        self.replays.mode_set(mode)
        if mode == PLAY and previous == EDIT and self.edit.seen_level_field is self.board:
            self.edit.seen_level_field = None
            self.new_game()
            self.show_status("A new field of this level is dealt: the one in Edit mode had its mines on show")
        self.session.mode_set(mode)
        self.refresh()
        self.focus_canvas()

    # --- what the window's actions and the menus call ------------------------------------
    def new_game(self, seed=None) -> None:
        self.session.new_game(seed)

    def restart(self) -> None:
        self.session.restart()

    def random_field(self, seed=None, *, level: bool = False) -> None:
        self.edit.random_field(seed, level=level)

    def new_level(self, name: str) -> None:
        self.edit.new_level(name)

    def clear_mines(self) -> None:
        self.edit.clear_mines()

    def game_time_ms(self) -> float:
        return self.session.game_time_ms()

    def cancel_work(self) -> None:
        """The Cancel beside the work under way: dealing a field, or writing a video."""
        self.dealer.cancel()
        self.video.cancel()

    def export_video_dialog(self) -> None:
        self.video.dialog()

    def can_export_video(self) -> bool:
        return self.video.possible()

    def export_video(self, path: str, *, fps: int = 30, speed: float = 1.0, size=None) -> bool:
        return self.video.start(path, fps=fps, speed=speed, size=size)

    def can_export_recording(self) -> bool:
        return self.recordings.possible()

    def export_recording_dialog(self) -> None:
        self.recordings.dialog()

    def export_recording(self, path: str) -> bool:
        return self.recordings.start(path)

    def cancel_recording(self) -> None:
        self.recordings.cancel()

    @property
    def recorder(self):
        """The recording export (made with the first recording)."""
        return self.recordings.recorder()

    def can_save_replay(self) -> bool:
        """Whether File > Save replay as has a game to write."""
        return bool(self.board.events)

    def save_replay_dialog(self) -> None:
        save_replay_dialog(self)

    def save_replay(self, path: str) -> bool:
        return save_replay(self, path)

    # --- the game's replay and its file ------------------------------------------------------
    @property
    def replay(self) -> ms.Replay:
        """The Replay of the board shown. A long game's is built in the background once its
        board is on screen; asked for before it is ready, it is built now (or waited for)."""
        return self.replays.current()

    def replay_ready(self) -> bool:
        """Whether the board shown has its Replay (a long game's is built after it is shown)."""
        return self.replays.replay is not None

    def replay_state(self) -> ms.ReplayState | None:
        return self.replays.state()

    @property
    def analysis(self):
        """The analysis of every click of the open game, once it is worked out."""
        return self.judge.analysis

    @property
    def replay_file(self):
        """The replay file opened last: its extras show while its field is on the board."""
        return self.file.replay_file

    @replay_file.setter
    def replay_file(self, replay_file) -> None:
        self.file.replay_file = replay_file

    def mouse_path(self):
        """The open game's mouse path, when it came from a replay file; None for a game
        from a link (a link keeps none)."""
        return self.file.mouse_path(self.board)

    def replay_to_save(self):
        """The replay file whose path goes with the open game (one read from disk or played
        here), or None for a game from a link."""
        self.session.path_up_to_now()
        kept = self.file.of_board(self.board)
        return kept if kept is not None and kept.mouse else None

    def figures(self) -> ms_figures.GameFigures:
        """The figures of the open game, counted from the replay file's mouse events when
        it came from one; kept while the game is the same."""
        kept = self.file.of_board(self.board)
        return ms_figures.figures_of(self.board, kept.mouse if kept is not None else None)

    # --- input -------------------------------------------------------------------------------
    def _cell_clicked(self, x: int, y: int, button) -> None:
        if self.mode == EDIT:
            if button == Qt.MouseButton.LeftButton:
                had_game = bool(self.board.events)
                present = not self.board.has_mine(x, y)
                self.set_board(self.board.toggled_mine(x, y), f"{'Add' if present else 'Remove'} mine at ({x}, {y})")
                if had_game:
                    self.show_status("Editing the field cleared the recorded game (Undo brings it back)")
        elif self.mode == PLAY:
            self.session.click(x, y, button)

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
                self.replays.play_from_start()
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
        self.replays.stop()
        super().hideEvent(event)

    # --- showing -----------------------------------------------------------------------------
    def board_shown(self, board: ms.Board) -> None:
        replay = self.replays.at_hand(board)
        # Held here while it is shown (the fields kept for speed may let it go): a replay's,
        # which a move in a game being played shares; a long game's before its replay.
        fld = replay.field if replay is not None else ms.field_of(board)
        if self.field_shown is not fld:
            self.odds.field_changed()
        self.field_shown = fld
        self.dealer.board_shown(board)
        self.replays.build_later(board)
        self.session.board_shown(board)
        self.action_list.game_actions.set_game(board, self.file.board_shown(board))
        self._show_sections()  # the File tab follows the file's words
        if self.mode == REPLAY:
            self.judge.want()
        else:
            self.judge.board_shown(board)
        self.canvas.board = board
        self.canvas.replay = replay
        self.canvas.field = fld
        self.edit.show_board(board, fld)
        self.problems_label.setText(html_lines(p.message for p in ms.problems(board)))
        self.problems_label.setVisible(bool(self.problems_label.text()))
        self.replays.keep_place()
        self.session.clock_after_board(board)
        self.refresh()

    def refresh(self) -> None:
        """Canvas, clocks, labels and statistics for the current mode."""
        canvas = self.canvas
        if self.mode == EDIT:
            canvas.state, canvas.clock_ms = None, None
            self.stats.show_field()
        elif self.mode == PLAY:
            self.session.show()
        else:
            state = self.replay_state() or ms.start_state(self.board, self.field_shown)
            canvas.state = state
            canvas.clock_ms = self.player.time_ms if self.replay_ready() else 0.0
            self.replays.show(state)
            self.odds.show(state)
            path = self.mouse_path()
            canvas.mouse = path if path is not None and self.mouse_box.isChecked() else None
            self.stats.show(state)
        canvas.update()

    def export_state(self) -> dict:
        if self.mode == REPLAY:
            path = self.mouse_path() if self.mouse_box.isChecked() else None
            return {
                "at": self.player.time_ms / 1000 if self.replay_ready() else 0.0,
                "state": self.replay_state(),
                "replay": self.replays.replay,
                "field": self.field_shown,
                **({"mouse": path} if path is not None else {}),
            }
        if self.mode == PLAY:
            return {"view": PLAY, "clock_ms": self.canvas.clock_ms}
        return {"view": EDIT}

    def shutdown(self) -> None:
        for part in (self.recordings, self.video, self.judge, self.dealer, self.odds, self.stats, self.replays):
            part.shutdown()
        from slugboard.codecs.minesweeper import toollib

        toollib.shared().close()  # a calculation under way in the child ends with the window

"""The game's page: the canvas, the tool panel and the edits they make."""

from __future__ import annotations

import html
import json
import os

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import (
    QFontDatabase,
    QGuiApplication,
    QKeySequence,
    QShortcut,
)
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from slugboard.codecs import SlugError, xiangqi
from slugboard.codecs.errors import ProblemKind, guarded
from slugboard.codecs.wording import plural
from slugboard.codecs.xiangqi.model import Kind

from ..page import GamePage, ModeButton, heading, html_lines, plain_label
from .analysis import MAX_LINES, AnalysisPanel, EngineRunner, EvaluationGraph
from .canvas import EDIT_TIP, PLAY_TIP, XiangqiCanvas
from .opponent import Opponent
from .paint import GLYPHS, PALETTE_ICON_SOURCE, piece_icon

EDIT, PLAY = "edit", "play"
# The game in Play mode, kept between runs (absent in Edit mode): its start position as
# board JSON, its moves in ICCS and the ply shown, as JSON text.
GAME_KEY = "xiangqi/game"
PALETTE_ICON = 40  # px: a piece's character reads at a glance
MODES = (EDIT, PLAY)
ANALYSE_KEY = "xiangqi/analyse"
LINES_KEY = "xiangqi/analysis_lines"
ENGINE_KEY = "xiangqi/engine"
# A game's positions are scored with a search this long each (ms): a 100-move game in about 20 s.
EVALUATION_MOVETIME = 200


class XiangqiPage(GamePage):
    record_read = Signal(bool)  # a game record file read in the background: opened or not
    # The keys of this game's page, for Help > Keyboard shortcuts (a test checks that every
    # shortcut the page binds is listed here).
    KEYS = (
        ("K A B N R C P", "Choose a black piece kind by its FEN letter (Shift for red)"),
        ("Arrow keys", "Move the cursor point"),
        ("Space, Enter", "Put the chosen piece at the cursor"),
        ("Delete, Backspace", "Remove the piece at the cursor"),
        ("Escape", "Put the chosen kind away"),
        ("F", "Flip the board"),
        ("T", "Give the move to the other side"),
        ("Ctrl+Shift+N", "Set up the opening position (a new game)"),
        ("Ctrl+Shift+Backspace", "Clear the board"),
        ("Ctrl+Shift+F", "Copy the position as FEN"),
        ("Ctrl+Shift+V", "Open the FEN or slug on the clipboard"),
        ("Ctrl+1, Ctrl+2", "Edit the position, or play from it by the rules"),
        ("Ctrl+Shift+R", "Play: start again from the position you set up"),
        ("Ctrl+Shift+M", "Play: copy the moves as WXF text"),
        ("Ctrl+Shift+P", "Play: paste a move list (WXF, ICCS or Chinese) to replay it"),
    )
    canvas: XiangqiCanvas
    GAME = xiangqi.NAME

    def __init__(self, settings=None, parent=None, board=None):
        super().__init__(settings, parent, board)
        canvas = XiangqiCanvas()
        canvas.flipped = self.settings.value("xiangqi/flipped", False, type=bool)
        canvas.place_requested.connect(self.place)
        canvas.move_requested.connect(self.move)
        canvas.remove_requested.connect(self.remove)
        canvas.kind_requested.connect(self.choose_kind)
        canvas.hint.connect(self.show_status)
        canvas.refused_hovered.connect(self._explain_hover)
        canvas.square_clicked.connect(self.play_click)
        self.set_canvas(canvas)
        self.mode = EDIT
        self.game_start = self.board
        self.game_record = None  # the game record opened (codecs.xiangqi.records.GameRecord), if any
        self._record_reader = None
        self._record_branches: list[list[xiangqi.Move]] = []
        self.game_moves: list[xiangqi.Move] = []
        self.game_ply = 0
        # Games left by an undo, by each of their positions, so a redo that comes back to
        # one finds its moves again.
        self._left_games: dict[xiangqi.Board, tuple[xiangqi.Board, tuple[xiangqi.Move, ...]]] = {}
        # The game as the settings hold it (None: none, Edit mode), so only a change is written.
        self._kept_game: str | None = None
        self._build_mode_bar()

        # The editing controls live in one box that Play hides.
        panel_layout = self.tool_layout
        self.edit_box = QWidget()
        self.tool_layout = QVBoxLayout(self.edit_box)
        self.tool_layout.setContentsMargins(0, 0, 0, 0)
        panel_layout.addWidget(self.edit_box)

        self.add_heading("Pieces")
        self.kind_buttons: dict[str, QToolButton] = {}
        grid = QGridLayout()
        grid.setSpacing(2)
        grid.setContentsMargins(0, 0, 0, 0)
        # Four to a row (general, advisor, elephant, horse; rook, cannon, soldier), Red's two
        # rows above Black's: pieces big enough to read, and the panel keeps its width.
        for index, letter in enumerate(xiangqi.RED_LETTERS):
            for side, piece in enumerate((letter, letter.lower())):
                button = QToolButton()
                button.setCheckable(True)
                button.setIcon(piece_icon(piece, PALETTE_ICON_SOURCE))
                button.setIconSize(QSize(PALETTE_ICON, PALETTE_ICON))
                button.setFixedSize(PALETTE_ICON + 6, PALETTE_ICON + 6)
                button.setAutoRaise(True)
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                key = f"Shift+{letter}" if piece.isupper() else letter
                button.setToolTip(
                    f"{xiangqi.piece_name(piece).capitalize()} {GLYPHS[piece]} "
                    f"(key {key} on the board; click it again or Esc to drop it)"
                )
                button.setObjectName(f"kind_{'red' if piece.isupper() else 'black'}_{letter}")
                button.clicked.connect(lambda checked, p=piece: self.choose_kind(p if checked else ""))
                grid.addWidget(button, side * 2 + index // 4, index % 4)
                self.kind_buttons[piece] = button
        self.tool_layout.addLayout(grid)
        self.kind_label = plain_label()
        self.kind_label.setWordWrap(True)
        self.tool_layout.addWidget(self.kind_label)

        self.add_heading("Side to move")
        turn_row = QHBoxLayout()
        self.red_turn = QRadioButton("Red")
        self.black_turn = QRadioButton("Black")
        self.turn_group = QButtonGroup(self)
        for button, red in ((self.red_turn, True), (self.black_turn, False)):
            button.setToolTip("Who moves next (T toggles)")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            self.turn_group.addButton(button)
            button.clicked.connect(lambda _=False, r=red: self.set_turn(r))
            turn_row.addWidget(button)
        self.tool_layout.addLayout(turn_row)

        self.add_heading("Board")
        actions = (
            ("Opening position", "Ctrl+Shift+N", "Set up the opening position", self.opening),
            ("Clear board", "Ctrl+Shift+Backspace", "Remove every piece (undo brings them back)", self.clear),
            ("Flip board", "F", "Turn the board round: Black at the bottom (a view, not an edit)", self.flip),
            (
                "Toggle side to move",
                "T",
                "Give the move to the other side",
                lambda: self.set_turn(not self.board.red_to_move),
            ),
            ("Copy FEN", "Ctrl+Shift+F", "Put the position in Xiangqi FEN on the clipboard", self.copy_fen),
            ("Paste FEN", "Ctrl+Shift+V", "Open the FEN (or slug) on the clipboard", self.paste_fen),
        )
        self.action_buttons: dict[str, QPushButton] = {}
        for text, keys, tip, slot in actions:
            QShortcut(QKeySequence(keys), self, slot, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
            if text == "Toggle side to move":
                continue
            button = QPushButton(text)
            button.setToolTip(f"{tip} ({keys})")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(slot)
            self.tool_layout.addWidget(button)
            self.action_buttons[text] = button

        self.add_heading("FEN")
        self.fen_field = QLineEdit()
        self.fen_field.setReadOnly(True)
        self.fen_field.setObjectName("fenField")
        self.fen_field.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.fen_field.setToolTip("The position in Xiangqi FEN")
        self.tool_layout.addWidget(self.fen_field)
        self.bits_label = plain_label()
        self.bits_label.setWordWrap(True)  # a long line would widen the panel past its scroll area
        self.tool_layout.addWidget(self.bits_label)

        self.add_heading("Problems")
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        self.problems_label.setObjectName("xiangqiProblems")
        self.tool_layout.addWidget(self.problems_label)
        self.tool_layout = panel_layout
        self._build_play_box()
        self._build_analysis()
        self.choose_kind("")
        self.board_shown(self.board)
        self._restore_game()

    # --- the game kept between runs -------------------------------------------------
    def _restore_game(self) -> None:
        """Open in Play mode on the game kept from the last run, at the move it showed, when
        that game still replays by the rules to the board restored; else in Edit mode on the
        board. A kept game that does not fit is left where it is until the next game
        replaces it: a start writes nothing back."""
        raw = self.settings.value(GAME_KEY)
        game = _read_game(raw) if isinstance(raw, str) else None
        if game is None or game[3] != self.board:
            self._show_mode(EDIT)
            return
        self.game_start, self.game_moves, self.game_ply, _ = game
        self._kept_game = _game_text(self.game_start, self.game_moves, self.game_ply)
        self._show_mode(PLAY)

    def _keep_game(self) -> None:
        """Put the game on screen in the settings (written with the board), or take it out
        in Edit mode."""
        kept = _game_text(self.game_start, self.game_moves, self.game_ply) if self.mode == PLAY else None
        if kept == self._kept_game:
            return
        self._kept_game = kept
        if kept is None:
            self.settings.remove(GAME_KEY)
        else:
            self.settings.setValue(GAME_KEY, kept)

    # --- modes -------------------------------------------------------------------
    def _build_mode_bar(self) -> None:
        self.add_heading("Mode")
        row = QHBoxLayout()
        self.mode_group = QButtonGroup(self)
        self.mode_buttons: dict[str, QPushButton] = {}
        tips = {
            EDIT: "Set up a position: place, move and remove pieces freely (Ctrl+1)",
            PLAY: "Play from the position you set up, by the rules (Ctrl+2)",
        }
        for i, mode in enumerate(MODES, start=1):
            button = ModeButton(mode.capitalize())
            button.setToolTip(tips[mode])
            button.setObjectName(f"mode_{mode}")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            self.mode_group.addButton(button)
            self.mode_buttons[mode] = button
            button.clicked.connect(lambda _=False, m=mode: self.set_mode(m))
            row.addWidget(button)
            QShortcut(
                QKeySequence(f"Ctrl+{i}"),
                self,
                lambda m=mode: self.set_mode(m),
                context=Qt.ShortcutContext.WidgetWithChildrenShortcut,
            )
        self.tool_layout.addLayout(row)

    def _build_play_box(self) -> None:
        self.play_box = QWidget()
        layout = QVBoxLayout(self.play_box)
        layout.setContentsMargins(0, 0, 0, 0)
        self.tool_layout.addWidget(self.play_box)
        # Two reserved lines each: a message never moves the controls under the pointer.
        self.result_label = QLabel()
        self.result_label.setObjectName("xiangqiResult")
        self.result_label.setWordWrap(True)
        self.result_label.setMinimumHeight(2 * self.result_label.fontMetrics().lineSpacing() + 4)
        layout.addWidget(self.result_label)
        self.refusal_label = plain_label()
        self.refusal_label.setObjectName("xiangqiRefusal")
        self.refusal_label.setWordWrap(True)
        self.refusal_label.setMinimumHeight(2 * self.refusal_label.fontMetrics().lineSpacing() + 4)
        layout.addWidget(self.refusal_label)
        layout.addWidget(heading("Moves"))
        self.move_list = QListWidget()
        self.move_list.setObjectName("xiangqiMoves")
        self.move_list.setToolTip("Click a move to see the position after it; the start line shows the set-up position")
        self.move_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.move_list.setMinimumHeight(140)
        self.move_list.itemClicked.connect(lambda item: self.go_to_ply(self.move_list.row(item)))
        layout.addWidget(self.move_list)
        # What an opened game record says at the move shown: its comment, and the other
        # moves it gives from here (its variations), to follow with a click.
        self.comment_label = QLabel()
        self.comment_label.setObjectName("xiangqiComment")
        self.comment_label.setTextFormat(Qt.TextFormat.PlainText)
        self.comment_label.setWordWrap(True)
        self.comment_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.comment_label.setFixedHeight(3 * self.comment_label.fontMetrics().lineSpacing() + 4)
        self.comment_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.comment_label.setToolTip("The game record's comment at the move shown")
        layout.addWidget(self.comment_label)
        self.variation_list = QListWidget()
        self.variation_list.setObjectName("xiangqiVariations")
        self.variation_list.setToolTip("The record's other moves from the position shown: click one to follow it")
        self.variation_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.variation_list.setFixedHeight(2 * self.variation_list.fontMetrics().lineSpacing() + 8)
        self.variation_list.itemClicked.connect(lambda item: self.follow_variation(self.variation_list.row(item)))
        layout.addWidget(self.variation_list)
        self.evaluation_graph = EvaluationGraph()
        self.evaluation_graph.ply_clicked.connect(self.go_to_ply)
        layout.addWidget(self.evaluation_graph)
        buttons = (
            ("Start again", "Ctrl+Shift+R", "Back to the position you set up, with no moves", self.restart),
            ("Copy moves", "Ctrl+Shift+M", "Put the move list on the clipboard as WXF text", self.copy_moves),
            (
                "Paste moves",
                "Ctrl+Shift+P",
                "Replay a WXF, Chinese or ICCS move list from the clipboard (after a FEN, or from the opening)",
                self.paste_moves,
            ),
            ("Flip board", "", "Turn the board round: Black at the bottom (F)", self.flip),
            (
                "Evaluate game",
                "",
                "Score every position of the game with the engine, for the graph above",
                self.evaluate_game,
            ),
            ("Open game…", "", "Open a game record: PGN, XQF or DhtmlXQ (UTF-8 or GBK)", self.open_game_dialog),
            ("Save game as…", "", "Save the game, its comments and variations as PGN", self.save_game_dialog),
            (
                "Copy FEN",
                "",
                "Put the position on screen in Xiangqi FEN on the clipboard (Ctrl+Shift+F)",
                self.copy_fen,
            ),
        )
        self.play_buttons: dict[str, QPushButton] = {}
        grid = QGridLayout()  # two a row: the panel stays short enough to show the analysis
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(4)
        for index, (text, keys, tip, slot) in enumerate(buttons):
            if keys:
                QShortcut(QKeySequence(keys), self, slot, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
            button = QPushButton(text)
            button.setToolTip(f"{tip} ({keys})" if keys else tip)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(slot)
            grid.addWidget(button, index // 2, index % 2)
            self.play_buttons[text] = button
        layout.addLayout(grid)
        layout.addWidget(heading("Against the engine"))
        self.opponent = Opponent(self)
        layout.addWidget(self.opponent.panel)

    # --- analysis ----------------------------------------------------------------
    def _build_analysis(self) -> None:
        self.add_heading("Analysis")
        self.analysis_panel = AnalysisPanel()
        self.tool_layout.addWidget(self.analysis_panel)
        path = self.settings.value(ENGINE_KEY, "")
        self._new_runner(path if isinstance(path, str) and path else None)
        self._analysis_id = 0
        self._evaluation_id = -1
        self._evaluation: tuple | None = None  # (start, moves, scores) of the game last evaluated
        stored = self.settings.value(LINES_KEY, 2)
        lines = int(stored) if isinstance(stored, (int, str)) and str(stored).isdigit() else 2
        lines = min(MAX_LINES, max(1, lines))
        self.analysis_lines = lines
        self.analysis_panel.set_lines_shown(lines)
        self.analysis_panel.switched.connect(self.set_analysing)
        self.analysis_panel.lines_chosen.connect(self.set_analysis_lines)
        self.analysis_panel.engine_asked.connect(self.choose_engine)
        self.analysis_panel.say("Tick Analyse to ask an engine for the best moves here.")
        on = self.settings.value(ANALYSE_KEY, False, type=bool)
        self.analysis_panel.switch.setChecked(bool(on))

    @property
    def analysing(self) -> bool:
        return self.analysis_panel.switch.isChecked()

    def analysis_checked(self) -> bool:
        return self.analysing

    def toggle_analysis(self) -> None:
        self.set_analysing(not self.analysing)

    def set_analysing(self, on: bool) -> None:
        if self.analysis_panel.switch.isChecked() != on:
            self.analysis_panel.switch.setChecked(on)  # comes back here through the signal
            return
        if bool(self.settings.value(ANALYSE_KEY, False, type=bool)) != on:
            self.settings.setValue(ANALYSE_KEY, on)
        if on:
            self._follow_analysis(self.board)
        else:
            self._end_analysis("Tick Analyse to ask an engine for the best moves here.")
        self.actions_changed.emit()

    def set_analysis_lines(self, count: int) -> None:
        self.analysis_lines = min(MAX_LINES, max(1, count))
        self.analysis_panel.set_lines_shown(self.analysis_lines)
        self.settings.setValue(LINES_KEY, self.analysis_lines)
        self._follow_analysis(self.board)

    def choose_engine(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(self, "Choose a xiangqi engine (Pikafish or Fairy-Stockfish)")
        if path:
            self.use_engine(path)

    def use_engine(self, path: str | None) -> None:
        """Analyse with the engine program at `path` (None: the one found on PATH); kept between runs."""
        self.settings.setValue(ENGINE_KEY, path or "")
        self.runner.close()
        self._new_runner(path)
        self._follow_analysis(self.board)

    def _new_runner(self, path: str | None) -> None:
        self.runner = EngineRunner(self)
        self.runner.path = path
        self.runner.analysed.connect(self._analysed)
        self.runner.evaluated.connect(self._evaluated)
        self.runner.failed.connect(self._analysis_failed)

    # --- the evaluation graph -----------------------------------------------------
    @property
    def evaluating(self) -> bool:
        return self._evaluation_id >= 0

    def evaluate_game(self) -> bool:
        """Score every position of the game with the engine (a short search each), for
        the graph; live analysis waits meanwhile."""
        from slugboard.codecs.xiangqi import engine as engines

        try:
            engines.find_engine(self.runner.path)
        except engines.EngineError as exc:
            self._refuse(_sentence(exc.message))
            return False
        boards = self.positions()
        self._evaluation = (self.game_start, tuple(self.game_moves), [None] * len(boards))
        self.evaluation_graph.set_values(self._evaluation[2], self.game_ply)
        self._evaluation_id = self.runner.evaluate(boards, EVALUATION_MOVETIME)
        self.show_status(f"Evaluating {_count(len(boards), 'position')}…")
        return True

    def _evaluated(self, scores, asked: int) -> None:
        if asked != self._evaluation_id or self._evaluation is None:
            return
        start, moves, _ = self._evaluation
        self._evaluation = (start, moves, scores)
        self.evaluation_graph.set_values(scores, self.game_ply)
        if sum(1 for v in scores if v is not None) >= sum(1 for b in self.positions() if not xiangqi.play_problems(b)):
            self._evaluation_id = -1
            self.show_status("Game evaluated: click the graph to go to a move")
            self._follow_analysis(self.board)

    def _show_evaluation(self) -> None:
        evaluation = self._evaluation
        if evaluation is not None and evaluation[:2] == (self.game_start, tuple(self.game_moves)):
            self.evaluation_graph.set_values(evaluation[2], self.game_ply)
        elif self.evaluation_graph.values:
            self.evaluation_graph.set_values([], 0)

    def _end_analysis(self, text: str) -> None:
        self._analysis_id = -1
        self.runner.stop()
        self.analysis_panel.clear_lines()
        self.analysis_panel.say(text)
        if self.canvas.arrows:
            self.canvas.arrows = ()
            self.canvas.update()

    def _follow_analysis(self, board: xiangqi.Board) -> None:
        """Stop the search under way and, when analysing, start one on `board`."""
        if getattr(self, "analysis_panel", None) is None or not self.analysing or self.evaluating:
            return
        from slugboard.codecs.xiangqi import engine as engines

        try:
            engines.find_engine(self.runner.path)
        except engines.EngineError as exc:
            self._end_analysis(_sentence(exc.message))
            return
        blockers = xiangqi.play_problems(board)
        if blockers:
            self._end_analysis(f"No analysis: this position cannot be played ({blockers[0].message}).")
            return
        if xiangqi.result(board):
            self._end_analysis("No analysis: the game is over.")
            return
        self._end_analysis("Thinking…")
        self._analysis_id = self.runner.request(board, self.analysis_lines)

    def _analysed(self, analysis, asked: int) -> None:
        if asked != self._analysis_id or analysis.board != self.board:
            return
        engine = self.runner._engine
        name = engine.name if engine is not None else "Engine"
        self.analysis_panel.show_analysis(analysis, name)
        self.canvas.arrows = tuple(line["moves"][0] for line in analysis.lines[: self.analysis_lines])
        self.canvas.update()

    def _analysis_failed(self, message: str, asked: int) -> None:
        if asked == self._evaluation_id:
            self._evaluation_id = -1
            self._refuse(f"Evaluation stopped: {message}")
            return
        if asked != self._analysis_id:
            return
        self._end_analysis(_sentence(message) + " Analysis starts again at the next move or edit.")

    def shutdown(self) -> None:
        self.runner.close()
        self.opponent.close()
        if self._record_reader is not None:
            self._record_reader.shutdown()
        super().shutdown()

    def set_mode(self, mode: str) -> bool:
        if mode not in MODES:
            raise ValueError(mode)
        if mode == PLAY and self.mode != PLAY:
            blockers = xiangqi.play_problems(self.board)
            if blockers:
                self.mode_buttons[self.mode].setChecked(True)
                self.show_status(f"This position cannot be played: {blockers[0].message}")
                return False
            self._leave_game()
            self.game_start, self.game_moves, self.game_ply = self.board, [], 0
        self._show_mode(mode)
        return True

    def _show_mode(self, mode: str) -> None:
        self.mode = mode
        self.mode_buttons[mode].setChecked(True)
        self.edit_box.setVisible(mode == EDIT)
        self.play_box.setVisible(mode == PLAY)
        self.canvas.playing = mode == PLAY
        self.canvas.setToolTip(PLAY_TIP if mode == PLAY else EDIT_TIP)
        self.canvas.held = None
        if mode == PLAY:
            self.choose_kind("")
        self.refusal_label.setText("")
        self.board_shown(self.board)
        self.focus_canvas()
        self.actions_changed.emit()

    # --- play --------------------------------------------------------------------
    def positions(self) -> list[xiangqi.Board]:
        boards = [self.game_start]
        for move in self.game_moves:
            boards.append(xiangqi.play(boards[-1], move))
        return boards

    def play_click(self, square: int) -> None:
        """A click in play mode: pick up one of the mover's pieces, or put the held one down."""
        held = self.canvas.held
        if square < 0:
            self.canvas.held = None
        elif held is not None and square != held and not self._own(square):
            if not self.move(held, square):
                self.canvas.cursor = held  # the keys go on from the piece still held
            return
        elif self._own(square) and square != held:
            self.canvas.held = square
        elif square == held:
            self.canvas.held = None
        elif self.board.cells[square]:
            self._refuse(f"It is {'red' if self.board.red_to_move else 'black'}'s turn")
        self._refresh_marks()

    def _own(self, square: int) -> bool:
        letter = self.board.cells[square]
        return bool(letter) and xiangqi.is_red(letter) == self.board.red_to_move

    def _refuse(self, text: str) -> None:
        self.refusal_label.setText(text)
        self.show_status(text)

    def play_move(self, source: int, target: int) -> bool:
        board = self.board
        move = (source, target)
        if xiangqi.result(board):
            self._refuse("The game is over: go back in the move list or start again")
            return False
        reason = xiangqi.play_refusal(board, move)
        if reason:
            from slugboard.codecs.xiangqi.notation import move_names

            named = move_names(board, move) if board.cells[source] else None
            if named:
                self._refuse(f"{named} is not allowed: {reason}")
            else:
                name = xiangqi.piece_name(board.cells[source]) if board.cells[source] else "piece"
                self._refuse(f"Cannot move the {name} to {xiangqi.square_name(target)}: {reason}")
            return False
        text = xiangqi.wxf(board, move)
        self.game_moves = self.game_moves[: self.game_ply] + [move]
        self.game_ply += 1
        self.canvas.held = None
        self.refusal_label.setText("")
        self.set_board(xiangqi.play(board, move), f"Move {text}")
        self.show_status(f"{text}  {xiangqi.chinese(board, move)}")
        return True

    def go_to_ply(self, ply: int) -> None:
        boards = self.positions()
        if 0 <= ply < len(boards):
            self.game_ply = ply
            self.canvas.held = None
            if not self.set_board(boards[ply], f"Go to move {ply}" if ply else "Go to the start"):
                self.board_shown(self.board)

    def restart(self) -> None:
        if self.mode != PLAY:
            return
        self._leave_game()
        self.game_moves, self.game_ply = [], 0
        self.canvas.held = None
        if not self.set_board(self.game_start, "Start again"):
            self.board_shown(self.board)
        self.show_status("Back to the set-up position")

    def copy_moves(self) -> None:
        from slugboard.codecs.xiangqi.notation import game_text

        # The FEN first: Paste moves replays them from the position they were played from.
        QGuiApplication.clipboard().setText(game_text(self.game_start, self.game_moves))
        self.show_status(f"Copied the position and {plural(len(self.game_moves), 'move')} as WXF text")

    def paste_moves(self) -> bool:
        """Replay the move list on the clipboard: after its FEN, or from the opening."""
        text = QGuiApplication.clipboard().text()
        if not xiangqi.looks_like_moves(text):
            self._refuse("The clipboard holds no move list (moves like C2=5, 炮二平五 or h2e2)")
            return False
        try:
            start, moves = xiangqi.parse_game(text)
        except SlugError as exc:
            self._refuse(f"Moves not replayed: {exc}")
            return False
        problem = self.replay_game(start, moves)
        if problem:
            self._refuse(f"Moves not replayed: {problem}")
            return False
        return True

    def open_with_text(self, text: str, board: xiangqi.Board) -> bool:
        """A pasted position followed by its moves (FEN, then WXF, ICCS or Chinese moves)
        opens as that game in Play mode. Moves that cannot be played leave the position
        open and say why they were not replayed."""
        from slugboard.codecs.xiangqi.notation import moves_in_text

        try:
            moves = moves_in_text(text, board)
        except SlugError as exc:
            self.paste_board(board)
            self._refuse(f"Moves not replayed: {exc.message}")
            return True
        return moves is not None and self.replay_game(board, moves) is None

    def replay_game(self, start: xiangqi.Board, moves) -> str | None:
        """Show the game of `moves` from `start` in Play mode, as one step of history; or
        say why not, changing nothing."""
        blockers = xiangqi.play_problems(start)
        if blockers:
            return f"the position they start from cannot be played: {blockers[0].message}"
        self._leave_game()
        self.game_start, self.game_moves, self.game_ply = start, list(moves), len(moves)
        # One step of history, the game's last position; Play mode shows the game after it.
        if not self.set_board(self.positions()[-1], "Paste moves"):
            self.board_shown(self.board)
        if self.mode != PLAY:
            self._show_mode(PLAY)
        self.show_status(f"Replayed {plural(len(moves), 'move')}")
        return None

    # --- game records ---------------------------------------------------------------
    def open_record(self, record) -> None:
        """Open one game of a record file (a FileRecord whose payload is the game): see
        open_game; a record without a game opens its board."""
        from slugboard.codecs.xiangqi.records import GameRecord

        game = getattr(record, "payload", None)
        games = getattr(record, "facts", {}).get("games", 1)
        if not isinstance(game, GameRecord) or not self.open_game(game, games):
            super().open_record(record)  # the position alone, its problems listed

    def open_game(self, game, games: int = 1) -> bool:
        """Open a game record: its main line plays in Play mode, its comments show under
        the move list and its variations beside them; False (nothing changed) when its
        start cannot be played. What its reader left out is said under the board, and
        the file's other games counted (`slugboard-codec import --game N` opens one)."""
        kept, self.game_record = self.game_record, game
        problem = self.replay_game(game.start, game.main_line)
        if problem:
            self.game_record = kept
            self.show_status(f"Game not opened: {problem}")
            return False
        title = game.tags.get("Title") or game.tags.get("Event") or ""
        others = f" (game 1 of {games} in the file)" if games > 1 else ""
        self.show_status(f"Opened {title + ': ' if title else ''}{_count(len(game.main_line), 'move')}{others}")
        if game.problems:
            more = len(game.problems) - 1
            self.refusal_label.setText(f"Left out: {game.problems[0]}" + (f" (and {more} more)" if more else ""))
            self.refusal_label.setToolTip("\n".join(game.problems))
        return True

    def open_game_dialog(self) -> bool:
        """Choose a game record file; it is read off the window's thread, then opened."""
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(
            self,
            "Open a game record",
            "",
            "Xiangqi game records (*.pgn *.xqf *.txt *.ubb);;All files (*)",
        )
        if not path:
            return False
        self.read_record_file(path)
        return True

    def read_record_file(self, path: str) -> None:
        """Read the game record at `path` on a worker thread; `record_read` fires when it
        is open (or refused, with the reason under the moves)."""
        from slugboard.codecs.xiangqi import records

        from ..worker import LatestOnly

        if self._record_reader is None:
            self._record_reader = LatestOnly(self)
            self._record_reader.finished.connect(self._record_file_read)
        self.show_status(f"Reading {os.path.basename(path)}…")
        self._record_reader.submit(records.read_file, path)

    def _record_file_read(self, result) -> None:
        if isinstance(result, SlugError):
            self._refuse(f"Not opened: {result.message}")
            self.record_read.emit(False)
        elif isinstance(result, BaseException):
            self._refuse(f"Not opened: {result}")
            self.record_read.emit(False)
        else:
            self.record_read.emit(self.open_game(result[0], len(result)))

    def can_save_game(self) -> bool:
        return self.mode == PLAY and (bool(self.game_moves) or self.game_record is not None)

    def game_as_record(self):
        """The game on screen as a record: the opened record (comments, variations) with the
        moves played since merged in, or the moves alone."""
        from slugboard.codecs.xiangqi.records import GameRecord, copy_record

        if self.game_record is not None and self.game_record.start == self.game_start:
            record = copy_record(self.game_record)
        else:
            record = GameRecord(self.game_start)
        node = record.root
        for move in self.game_moves:
            node = node.add(move)
        self.opponent.tag(record.tags)  # the players of a game against the engine
        return record

    def start_game_here(self) -> None:
        """A new game from the position on screen (a game against the engine starts so),
        the game shown before kept for a redo."""
        self._leave_game()
        self.game_record = None
        self.game_start, self.game_moves, self.game_ply = self.board, [], 0
        self.board_shown(self.board)

    def engine_path(self) -> str | None:
        """The engine program chosen (kept between runs), or None for the one on PATH."""
        path = self.settings.value(ENGINE_KEY, "")
        return path if isinstance(path, str) and path else None

    def save_game_dialog(self) -> bool:
        from PySide6.QtWidgets import QFileDialog

        from slugboard.codecs.xiangqi import records

        if not self.can_save_game():
            self.show_status("Play some moves (or open a game) to save a game")
            return False
        path, _ = QFileDialog.getSaveFileName(self, "Save game as", "game.pgn", "PGN (*.pgn)")
        if not path:
            return False
        text = records.write_pgn(self.game_as_record(), "WXF")
        from slugboard.codecs.newfile import write_atomically

        try:
            write_atomically(path, text.encode("utf-8"))
        except OSError as exc:
            self._refuse(f"Not saved: {exc.strerror or exc}")
            return False
        self.show_status(f"Saved the game as {os.path.basename(path)}")
        return True

    def _record_branch_counts(self) -> dict[int, int]:
        """For each ply of the game on screen inside the opened record: how many other
        moves the record gives there."""
        counts: dict[int, int] = {}
        node = self._record_node(0)
        for ply, move in enumerate(self.game_moves):
            if node is None:
                break
            if len(node.children) > 1:
                counts[ply] = len(node.children) - 1
            node = next((child for child in node.children if child.move == move), None)
        return counts

    def _record_node(self, ply: int):
        """The record's node after the game's first `ply` moves, or None off the record."""
        if self.game_record is None or self.game_record.start != self.game_start:
            return None
        node = self.game_record.root
        for move in self.game_moves[:ply]:
            node = next((child for child in node.children if child.move == move), None)
            if node is None:
                return None
        return node

    def _show_record(self, boards) -> None:
        """The comment at the move shown, and the record's other moves from here."""
        node = self._record_node(self.game_ply)
        self.comment_label.setText(node.comment if node is not None else "")
        self.variation_list.clear()
        self._record_branches = []
        if node is None:
            return
        board = boards[self.game_ply]
        following = self.game_moves[self.game_ply] if self.game_ply < len(self.game_moves) else None
        for child in node.children:
            if child.move == following or (following is None and child is node.children[0]):
                continue
            line: list[str] = []
            at, position = child, board
            while at is not None and len(line) < 6:
                line.append(xiangqi.wxf(position, at.move))
                position = xiangqi.play(position, at.move)
                at = at.children[0] if at.children else None
            number = (self.game_ply + (0 if self.game_start.red_to_move else 1)) // 2 + 1
            dots = "." if board.red_to_move else "…"
            self.variation_list.addItem(QListWidgetItem(f"{number}{dots} {' '.join(line)}{' …' if at else ''}"))
            branch = [child.move]
            while child.children:
                child = child.children[0]
                branch.append(child.move)
            self._record_branches.append(branch)

    def follow_variation(self, index: int) -> None:
        """Play the record's variation `index` from the move shown (its first move shown)."""
        if not 0 <= index < len(self._record_branches):
            return
        moves = self.game_moves[: self.game_ply] + self._record_branches[index]
        ply = self.game_ply + 1
        self._leave_game()
        self.game_moves, self.game_ply = moves, ply
        if not self.set_board(self.positions()[ply], "Follow a variation"):
            self.board_shown(self.board)

    def _leave_game(self) -> None:
        """Keep the game on screen for a redo that comes back to one of its positions."""
        if self.game_moves:
            game = (self.game_start, tuple(self.game_moves))
            for board in self.positions():
                self._left_games[board] = game

    # --- palette -----------------------------------------------------------------
    @property
    def kind(self) -> str:
        return self.canvas.kind

    def choose_kind(self, letter: str) -> None:
        """Choose the piece kind that clicks put down ("" for none: clicks then only drag)."""
        if letter and letter == self.canvas.kind and self.sender() is self.canvas:
            letter = ""
        self.canvas.kind = letter
        for piece, button in self.kind_buttons.items():
            button.setChecked(piece == letter)
        self._refresh_marks()

    def _refresh_marks(self) -> None:
        if self.mode == PLAY:
            held = self.canvas.held
            self.canvas.legal = (
                frozenset(xiangqi.legal_move_targets(self.board, held)) if held is not None else frozenset()
            )
            if held is not None:
                self.canvas.cursor = held
            self.canvas.update()
            return
        letter = self.canvas.kind
        self.canvas.legal = xiangqi.legal_squares(self.board, letter) if letter else frozenset()
        self.canvas.update()
        if not letter:
            self.kind_label.setText("Choose a piece to place it; drag pieces on the board to move them.")
        elif any(not self.board.cells[sq] for sq in self.canvas.legal):
            self.kind_label.setText(f"Click a green point to put a {xiangqi.piece_name(letter)} there.")
        elif xiangqi.count_refusal(self.board, letter):
            # No free point takes one more because the side has as many as the code holds.
            why = xiangqi.count_refusal(self.board, letter)
            self.kind_label.setText(f"{why[0].upper()}{why[1:]}. Drag one to move it, or remove one first.")  # type: ignore[index]
        else:
            self.kind_label.setText(
                f"Every point a {xiangqi.piece_name(letter)} may stand on is taken: "
                f"click a green ring to put it there instead."
            )

    # --- edits -------------------------------------------------------------------
    def _taking(self, square: int) -> str:
        """What an edit onto `square` takes off the board, for its status line."""
        other = self.board.cells[square]
        return f", taking the {xiangqi.piece_name(other)}" if other else ""

    def _refusal(self, square: int, letter: str) -> str | None:
        """Why `letter` cannot stand on `square`, as a status line (None when it can)."""
        name = f"{xiangqi.piece_name(letter)} on {xiangqi.square_name(square)}"
        reason = xiangqi.placement_refusal(self.board, square, letter)
        # The codec's reason may already name the piece and point: say them once.
        return f"Cannot put a {name}: {reason.removeprefix(name + ': ')}" if reason else None

    def _explain_hover(self, square: int) -> None:
        letter = self.canvas.kind
        refusal = self._refusal(square, letter) if letter else None
        if refusal:
            self.show_status(refusal)

    def place(self, square: int, letter: str) -> bool:
        name = f"{xiangqi.piece_name(letter)} on {xiangqi.square_name(square)}"
        refusal = self._refusal(square, letter)
        if refusal:
            self.show_status(refusal)
            return False
        if self.board.cells[square] == letter:
            self.show_status(f"A {name} is already there")
            return False
        what = f"Put {name}"
        taking = self._taking(square)
        self.set_board(self.board.placed(square, letter), what)
        self.show_status(what + taking)
        return True

    def move(self, source: int, target: int) -> bool:  # type: ignore[override]
        if self.mode == PLAY:
            return self.play_move(source, target)
        letter = self.board.cells[source]
        if not letter:
            return False
        reason = xiangqi.move_refusal(self.board, source, target)
        target_name = xiangqi.square_name(target)
        if reason:
            prefix = f"{xiangqi.piece_name(letter)} on {target_name}: "
            self.show_status(
                f"Cannot move the {xiangqi.piece_name(letter)} to {target_name}: {reason.removeprefix(prefix)}"
            )
            return False
        what = f"Move {xiangqi.piece_name(letter)} {xiangqi.square_name(source)}-{target_name}"
        taking = self._taking(target) if target != source else ""
        self.set_board(self.board.moved(source, target), what)
        self.show_status(what + taking)
        return True

    def remove(self, square: int) -> bool:
        letter = self.board.cells[square]
        if not letter:
            return False
        what = f"Remove {xiangqi.piece_name(letter)} on {xiangqi.square_name(square)}"
        self.set_board(self.board.removed(square), what)
        self.show_status(what)
        return True

    def set_turn(self, red: bool) -> None:
        self.set_board(self.board.with_turn(red), "Red to move" if red else "Black to move")

    def opening(self) -> None:
        self.set_board(xiangqi.new_board().with_turn(True), "Opening position")

    def clear(self) -> None:
        self.set_board(self.board.cleared(), "Clear board")

    def flip(self) -> None:
        self.canvas.flipped = not self.canvas.flipped
        self.settings.setValue("xiangqi/flipped", self.canvas.flipped)
        self.canvas.update()
        self.show_status("Black at the bottom" if self.canvas.flipped else "Red at the bottom")

    def copy_fen(self) -> None:
        """The position's FEN; in Play mode with the game's half-move clock and move number."""
        if self.mode == PLAY:
            from slugboard.codecs.xiangqi.history import full_fen

            QGuiApplication.clipboard().setText(full_fen(self.game_start, self.game_moves, self.game_ply))
        else:
            QGuiApplication.clipboard().setText(xiangqi.to_fen(self.board))
        self.show_status("Copied the FEN")

    def paste_fen(self) -> bool:
        text = QGuiApplication.clipboard().text()
        try:
            board = xiangqi.decode(text)
        except SlugError as exc:
            self.show_status(f"Not opened: {exc}")
            return False
        self.set_board(board, "Paste FEN")
        self.show_status("Opened the position from the clipboard")
        return True

    # --- showing -----------------------------------------------------------------
    def board_shown(self, board: xiangqi.Board) -> None:
        self.canvas.board = board
        (self.red_turn if board.red_to_move else self.black_turn).setChecked(True)
        self.fen_field.setText(xiangqi.to_fen(board))
        self.fen_field.setCursorPosition(0)
        found = xiangqi.problems(board)
        if xiangqi.is_encodable(board):
            chars = len(xiangqi.encode(board))
            identity = " It keeps which twin piece is which, as in the link it came from." if board.has_identity else ""
            self.bits_label.setText(f"The link holds this position in {chars} characters.{identity}")
            self.bits_label.setToolTip(
                f"{xiangqi.bit_length(board)} bits in the slug code"
                + (
                    "; the pieces keep the slug's row order (swapped twins), which the usual order would change"
                    if board.has_identity
                    else ""
                )
            )
        else:
            self.bits_label.setText("A link cannot hold this position: see Problems.")
            self.bits_label.setToolTip("The slug code has no place for a piece shown under Problems")
        self.problems_label.setText(html_lines(p.message for p in found) or "None")
        self.canvas.last_move = None
        self.canvas.marked = tuple(
            dict.fromkeys(
                sq
                for p in found
                if p.kind in (Kind.UNENCODABLE, ProblemKind.TOO_MANY, Kind.FACING_KINGS, Kind.CHECK)
                for sq in p.cells
            )
        )
        if getattr(self, "play_box", None) is not None and self.mode == PLAY:
            blockers = xiangqi.play_problems(board)
            if blockers:  # an undo back into the set-up, to a position no game can start from
                self._show_mode(EDIT)
                self.show_status(f"Back to Edit mode: this position cannot be played: {blockers[0].message}")
                return
            self._show_game(board)
        self._refresh_marks()
        self._keep_game()
        self._follow_analysis(board)

    def _show_game(self, board: xiangqi.Board) -> None:
        boards = self.positions()
        if boards[self.game_ply] != board:
            # Undo, redo or a paste brought another board: find it in the game, nearest first.
            found = sorted((abs(i - self.game_ply), i) for i, b in enumerate(boards) if b == board)
            if not found:
                self._leave_game()
                start, moves = self._left_games.get(board, (board, ()))
                self.game_start, self.game_moves = start, list(moves)
                boards = self.positions()
                self.game_ply = boards.index(board)
            else:
                self.game_ply = found[0][1]
        self.canvas.held = None
        self.move_list.clear()
        self.move_list.addItem(QListWidgetItem("Start"))
        branches = self._record_branch_counts() if getattr(self, "game_record", None) is not None else {}
        for i, move in enumerate(self.game_moves):
            before = boards[i]
            number = (i + (0 if self.game_start.red_to_move else 1)) // 2 + 1
            dots = "." if before.red_to_move else "…"
            # A move the record gives others for is marked with how many (they are listed
            # under the moves when the position before it is shown).
            mark = f"   (+{branches[i]})" if branches.get(i) else ""
            self.move_list.addItem(
                QListWidgetItem(f"{number}{dots} {xiangqi.wxf(before, move)}   {xiangqi.chinese(before, move)}{mark}")
            )
        self.move_list.setCurrentRow(self.game_ply)
        self._show_record(boards)
        if getattr(self, "evaluation_graph", None) is not None and getattr(self, "runner", None) is not None:
            self._show_evaluation()
        self.canvas.last_move = self.game_moves[self.game_ply - 1] if self.game_ply else None
        side = "Red" if board.red_to_move else "Black"
        other = "Black" if board.red_to_move else "Red"
        outcome = xiangqi.result(board)
        king = next((sq for sq, c in enumerate(board.cells) if c == ("K" if board.red_to_move else "k")), None)
        if xiangqi.in_check(board) and king is not None:
            self.canvas.marked = (king,)
        from slugboard.codecs.xiangqi.history import repetition

        repeated = None if outcome else repetition(self.game_start, self.game_moves, self.game_ply)
        self.result_label.setToolTip(repeated.rule if repeated else "")
        if repeated:
            self.result_label.setText(f"<b>{html.escape(repeated.message)}</b> {side} to move.")
        elif outcome == "checkmate":
            self.result_label.setText(f"<b>Checkmate: {other} wins.</b>")
        elif outcome == "stalemate":
            self.result_label.setText(f"<b>{side} has no legal move: {other} wins.</b>")
        elif xiangqi.in_check(board):
            self.result_label.setText(f"<b>{side} is in check.</b> {side} to move.")
        else:
            self.result_label.setText(f"{side} to move.")

    def export_state(self) -> dict:
        return {"flipped": self.canvas.flipped}


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def _game_text(start: xiangqi.Board, moves: list[xiangqi.Move], ply: int) -> str:
    """A game as the settings keep it."""
    return json.dumps(
        {"start": xiangqi.to_json(start), "moves": " ".join(xiangqi.iccs(move) for move in moves), "ply": ply}
    )


def _read_game(text: str) -> tuple[xiangqi.Board, list[xiangqi.Move], int, xiangqi.Board] | None:
    """The start, moves and ply of a kept game, and the position at that ply; None when
    the text is not a game that plays from its start by the rules."""
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(obj, dict) or not isinstance(obj.get("moves"), str) or type(obj.get("ply")) is not int:
        return None
    try:
        start = guarded(xiangqi.NAME, lambda: xiangqi.from_json(obj["start"]))
        moves = [xiangqi.parse_iccs(token) for token in obj["moves"].split()]
    except SlugError:
        return None
    ply = obj["ply"]
    if xiangqi.play_problems(start) or not 0 <= ply <= len(moves):
        return None
    board, shown = start, start
    for index, move in enumerate(moves, start=1):
        if xiangqi.play_refusal(board, move):
            return None
        board = xiangqi.play(board, move)
        if index == ply:
            shown = board
    return start, moves, ply, shown

"""The game's page: the canvas and the tool panel, composed of the edit box (edit_box.py),
the played game (play.py), the game records (game_records.py), the analysis
(analysing.py) and the game against the engine (opponent.py); and the edits of Edit mode."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from slugboard.codecs import SlugError, xiangqi
from slugboard.codecs.errors import ProblemKind
from slugboard.codecs.xiangqi.model import Kind
from slugboard.codecs.xiangqi.notation import DEFAULT_SCRIPT, SCRIPTS

from ..games import GameAction
from ..page import GamePage, ModeButton, heading
from .analysing import Analysis
from .canvas import EDIT_TIP, PLAY_TIP, XiangqiCanvas
from .edit_box import EditBox
from .game_records import GameRecords
from .opponent import Opponent
from .play import PlayedGame

EDIT, PLAY = "edit", "play"
MODES = (EDIT, PLAY)
# The tabs of each mode, the first shown until another is chosen (kept between runs).
SECTIONS = {EDIT: ("Position", "Analysis"), PLAY: ("Moves", "Analysis", "Opponent")}
SECTION_TIPS = {
    "Position": "Set up the position: its pieces, the side to move, its FEN and its problems",
    "Moves": "The game's moves, the record's comments and variations, and the evaluation graph",
    "Analysis": "The engine's best lines for the position on the board",
    "Opponent": "Play a game against the engine from the position on the board",
}
SECTION_KEY = "xiangqi/section_"
SCRIPT_KEY = "xiangqi/script"


# The xiangqi menu actions (the page's methods they call; see games.GameAction).
ACTIONS = (
    GameAction(
        "Save &game as PGN…",
        "save_game_dialog",
        menu="file",
        tip="Save the xiangqi game, its comments and variations as PGN",
        enabled="can_save_game",
    ),
    GameAction(
        "&Analyse with an engine",
        "toggle_analysis",
        menu="game",
        shortcut="Ctrl+Shift+E",
        tip="Show an engine's best lines and arrows for the position (Fairy-Stockfish or Pikafish)",
        checked="analysis_checked",
    ),
    GameAction(
        "&Simplified Chinese moves",
        "toggle_script",
        menu="view",
        tip="Write the Chinese moves of the move list and the engine's lines in simplified characters "
        "(马8进7) rather than traditional ones (馬8進7)",
        checked="simplified_checked",
    ),
    GameAction(
        "&Evaluate the game",
        "evaluate_game",
        menu="game",
        tip="Score every position of the game with the engine, for the graph under the moves",
        enabled="can_save_game",
    ),
)


class XiangqiPage(GamePage):
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
        # The script of the Chinese moves on screen (the move list, the engine's lines).
        kept = self.settings.value(SCRIPT_KEY, DEFAULT_SCRIPT)
        self.script = kept if kept in SCRIPTS else DEFAULT_SCRIPT
        self.played = PlayedGame(self)
        self.records = GameRecords(self)
        self.analysis = Analysis(self)
        self.opponent = Opponent(self)
        self._build_mode_bar()
        self.edit_box = EditBox(self)
        self.play_box = self._play_box()
        self.tool_layout.addWidget(self.play_box)
        self.analysis.panel.script = self.script
        self.sections = self._sections()
        self.tool_layout.addWidget(self.sections)
        self._name_parts()
        self.analysis.start()
        self.choose_kind("")
        self.board_shown(self.board)
        self.show_mode(PLAY if self.played.restore() else EDIT)

    def _name_parts(self) -> None:
        """The parts' widgets by the names the window and tests know them by."""
        box = self.edit_box
        self.kind_buttons, self.kind_label, self.action_buttons = box.kind_buttons, box.kind_label, box.action_buttons
        self.red_turn, self.black_turn, self.turn_group = box.red_turn, box.black_turn, box.turn_group
        self.fen_field, self.bits_label, self.problems_label = box.fen_field, box.bits_label, box.problems_label
        played, records = self.played, self.records
        self.result_label, self.refusal_label, self.move_list = (
            played.result_label,
            played.refusal_label,
            played.move_list,
        )
        self.comment_label, self.variation_list = records.comment_label, records.variation_list
        self.record_read = records.read
        self.analysis_panel, self.evaluation_graph = self.analysis.panel, self.analysis.graph

    # --- modes -------------------------------------------------------------------
    def _build_mode_bar(self) -> None:
        # Analysis on or off beside the heading, in both modes and whichever tab is shown:
        # its arrows are on the board, its lines in the Analysis tab.
        top = QHBoxLayout()
        top.addWidget(heading("Mode"))
        top.addStretch(1)
        top.addWidget(self.analysis.panel.switch)
        self.tool_layout.addLayout(top)
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

    def _sections(self) -> QTabWidget:
        """The tabs below the mode's controls, those of the mode shown (`show_sections`): in
        Edit the position's editing and the analysis; in Play the moves (with the record's
        comment and variations and the evaluation graph), the analysis and the game against
        the engine. A tab each, so the panel fits the window."""
        tabs = QTabWidget()
        tabs.setObjectName("xiangqiSections")
        tabs.setDocumentMode(True)
        tabs.setUsesScrollButtons(False)  # every tab's name in sight
        moves = QWidget()
        layout = QVBoxLayout(moves)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.played.move_list, 1)
        layout.addWidget(self.records.comment_label)
        layout.addWidget(self.records.variation_list)
        layout.addWidget(self.analysis.graph)
        self._section_pages = {
            "Position": self.edit_box,
            "Moves": moves,
            "Analysis": self.analysis.panel,
            "Opponent": self.opponent.panel,
        }
        tabs.currentChanged.connect(self._section_chosen)
        self._sections_settled = False
        return tabs

    def show_sections(self) -> None:
        """The tabs of the mode shown, on the one chosen last in that mode. A tab of the
        other mode is taken out, not hidden, so the panel is as tall as this mode needs."""
        tabs = self.sections
        self._sections_settled = False
        while tabs.count():
            tabs.removeTab(0)
        for name in SECTIONS[self.mode]:
            page = self._section_pages[name]
            tabs.addTab(page, name)
            tabs.setTabToolTip(tabs.count() - 1, SECTION_TIPS[name])
        for name, page in self._section_pages.items():
            page.setVisible(name in SECTIONS[self.mode] and tabs.currentWidget() is page)
        kept = self.settings.value(f"{SECTION_KEY}{self.mode}", SECTIONS[self.mode][0])
        self.show_section(kept if kept in SECTIONS[self.mode] else SECTIONS[self.mode][0])
        self._sections_settled = True

    def show_section(self, name: str) -> None:
        """Bring the tab `name` forward, when the mode shows it."""
        page = self._section_pages[name]
        if self.sections.indexOf(page) >= 0:
            self.sections.setCurrentWidget(page)

    def _section_chosen(self, index: int) -> None:
        if self._sections_settled and index >= 0:
            self.settings.setValue(f"{SECTION_KEY}{self.mode}", self.sections.tabText(index))

    def _play_box(self) -> QWidget:
        """Play mode's controls above its tabs: the game's result line and the buttons."""
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.played.result_label)
        layout.addWidget(self.played.refusal_label)
        buttons = (
            ("Start again", "Ctrl+Shift+R", "Back to the position you set up, with no moves", self.played.restart),
            ("Copy moves", "Ctrl+Shift+M", "Put the move list on the clipboard as WXF text", self.played.copy_moves),
            (
                "Paste moves",
                "Ctrl+Shift+P",
                "Replay a WXF, Chinese or ICCS move list from the clipboard (after a FEN, or from the opening)",
                self.played.paste_moves,
            ),
            ("Flip board", "", "Turn the board round: Black at the bottom (F)", self.flip),
            (
                "Evaluate game",
                "",
                "Score every position of the game with the engine, for the graph above",
                self.analysis.evaluate_game,
            ),
            ("Open game…", "", "Open a game record: PGN, XQF or DhtmlXQ (UTF-8 or GBK)", self.records.open_dialog),
            ("Save game as…", "", "Save the game, its comments and variations as PGN", self.records.save_dialog),
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
        return box

    def set_mode(self, mode: str) -> bool:
        if mode not in MODES:
            raise ValueError(mode)
        if mode == PLAY and self.mode != PLAY:
            blockers = xiangqi.play_problems(self.board)
            if blockers:
                self.mode_buttons[self.mode].setChecked(True)
                self.show_status(f"This position cannot be played: {blockers[0].message}")
                return False
            self.played.begin(self.board)
        self.show_mode(mode)
        return True

    def show_mode(self, mode: str) -> None:
        """Show `mode`'s controls and the board in it (the game as it stands)."""
        self.mode = mode
        self.mode_buttons[mode].setChecked(True)
        self.play_box.setVisible(mode == PLAY)
        self.show_sections()
        self.canvas.playing = mode == PLAY
        self.canvas.setToolTip(PLAY_TIP if mode == PLAY else EDIT_TIP)
        self.canvas.held = None
        if mode == PLAY:
            self.choose_kind("")
        self.played.say_refusal("")
        self.board_shown(self.board)
        self.focus_canvas()
        self.actions_changed.emit()

    def shutdown(self) -> None:
        self.analysis.close()
        self.opponent.close()
        self.records.shutdown()
        super().shutdown()

    # --- palette -----------------------------------------------------------------
    @property
    def kind(self) -> str:
        return self.canvas.kind

    def choose_kind(self, letter: str) -> None:
        """Choose the piece kind that clicks put down ("" for none: clicks then only drag)."""
        if letter and letter == self.canvas.kind and self.sender() is self.canvas:
            letter = ""
        self.canvas.kind = letter
        self.edit_box.show_kind(letter)
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
        self.edit_box.explain_kind(self.board, letter, self.canvas.legal)

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
            return self.played.play_move(source, target)
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

            played = self.played
            QGuiApplication.clipboard().setText(full_fen(played.start, played.moves, played.ply))
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

    # --- play --------------------------------------------------------------------
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
            self.played.refuse(f"It is {'red' if self.board.red_to_move else 'black'}'s turn")
        self._refresh_marks()

    def _own(self, square: int) -> bool:
        letter = self.board.cells[square]
        return bool(letter) and xiangqi.is_red(letter) == self.board.red_to_move

    def show_position(self, board: xiangqi.Board, text: str) -> None:
        """Make `board` current as one step of history, or show the page again for the game
        changed around the same board."""
        if not self.set_board(board, text):
            self.board_shown(self.board)

    def start_game_here(self) -> None:
        """A new game from the position on screen (a game against the engine starts so),
        the game shown before kept for a redo."""
        self.played.begin(self.board)
        self.records.record = None
        self.board_shown(self.board)

    # --- showing -----------------------------------------------------------------
    def board_shown(self, board: xiangqi.Board) -> None:
        self.canvas.board = board
        found = xiangqi.problems(board)
        self.edit_box.show_board(board, found)
        self.canvas.last_move = None
        self.canvas.marked = tuple(
            dict.fromkeys(
                sq
                for p in found
                if p.kind in (Kind.UNENCODABLE, ProblemKind.TOO_MANY, Kind.FACING_KINGS, Kind.CHECK)
                for sq in p.cells
            )
        )
        if self.mode == PLAY:
            blockers = xiangqi.play_problems(board)
            if blockers:  # an undo back into the set-up, to a position no game can start from
                self.show_mode(EDIT)
                self.show_status(f"Back to Edit mode: this position cannot be played: {blockers[0].message}")
                return
            self._show_game(board)
        self._refresh_marks()
        self.played.keep(self.mode == PLAY)
        self.analysis.follow(board)

    def _show_game(self, board: xiangqi.Board) -> None:
        played = self.played
        boards = played.find(board)
        self.canvas.held = None
        played.show_moves(boards, self.records.branch_counts())
        self.records.show(boards)
        self.analysis.show_evaluation()
        self.canvas.last_move = played.moves[played.ply - 1] if played.ply else None
        outcome = xiangqi.result(board)
        king = next((sq for sq, c in enumerate(board.cells) if c == ("K" if board.red_to_move else "k")), None)
        if xiangqi.in_check(board) and king is not None:
            self.canvas.marked = (king,)
        played.show_result(board, outcome)

    def export_state(self) -> dict:
        return {"flipped": self.canvas.flipped}

    # --- the parts' state and actions, by the names the window, tests and opponent use ---
    @property
    def game_start(self) -> xiangqi.Board:
        return self.played.start

    @property
    def game_moves(self) -> list[xiangqi.Move]:
        return self.played.moves

    @property
    def game_ply(self) -> int:
        return self.played.ply

    def positions(self) -> list[xiangqi.Board]:
        return self.played.positions()

    def go_to_ply(self, ply: int) -> None:
        self.played.go_to_ply(ply)

    def restart(self) -> None:
        self.played.restart()

    def paste_moves(self) -> bool:
        return self.played.paste_moves()

    def open_with_text(self, text: str, board: xiangqi.Board) -> bool:
        return self.played.open_with_text(text, board)

    def open_record(self, record) -> None:
        """Open one game of a record file (a FileRecord whose payload is the game): see
        GameRecords.open_game; a record without a game opens its board."""
        from slugboard.codecs.xiangqi.records import GameRecord

        game = getattr(record, "payload", None)
        games = getattr(record, "facts", {}).get("games", 1)
        if not isinstance(game, GameRecord) or not self.records.open_game(game, games):
            super().open_record(record)  # the position alone, its problems listed

    def open_game(self, game, games: int = 1) -> bool:
        return self.records.open_game(game, games)

    def open_game_dialog(self) -> bool:
        return self.records.open_dialog()

    def can_save_game(self) -> bool:
        return self.records.can_save()

    def game_as_record(self):
        return self.records.as_record()

    def save_game_dialog(self) -> bool:
        return self.records.save_dialog()

    @property
    def runner(self):
        return self.analysis.runner

    @property
    def analysing(self) -> bool:
        return self.analysis.analysing

    @property
    def analysis_lines(self) -> int:
        return self.analysis.lines

    @property
    def evaluating(self) -> bool:
        return self.analysis.evaluating

    def analysis_checked(self) -> bool:
        return self.analysis.analysing

    def simplified_checked(self) -> bool:
        return self.script == "simplified"

    def toggle_script(self) -> None:
        """Write the Chinese moves in the other script (traditional 馬8進7, simplified 马8进7)."""
        self.script = "traditional" if self.script == "simplified" else "simplified"
        self.settings.setValue(SCRIPT_KEY, self.script)
        self.analysis.panel.set_script(self.script)
        if self.mode == PLAY:
            self.played.show_moves(self.played.positions(), self.records.branch_counts())
        self.show_status(f"Chinese moves in {self.script} script")

    def toggle_analysis(self) -> None:
        self.analysis.set_analysing(not self.analysis.analysing)

    def set_analysis_lines(self, count: int) -> None:
        self.analysis.set_lines(count)

    def use_engine(self, path: str | None) -> None:
        self.analysis.use_engine(path)

    def evaluate_game(self) -> bool:
        return self.analysis.evaluate_game()

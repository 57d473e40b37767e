"""The game's page: the canvas, the tool panel and the edits they make."""

from __future__ import annotations

import json

from PySide6.QtCore import QSize, Qt
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
from slugboard.codecs.errors import guarded
from slugboard.codecs.wording import plural

from ..page import GamePage, ModeButton, heading, html_lines, plain_label
from .canvas import XiangqiCanvas
from .paint import GLYPHS, PALETTE_ICON_SOURCE, piece_icon

EDIT, PLAY = "edit", "play"
# The game in Play mode, kept between runs (absent in Edit mode): its start position as
# board JSON, its moves in ICCS and the ply shown, as JSON text.
GAME_KEY = "xiangqi/game"
PALETTE_ICON = 40  # px: a piece's character reads at a glance
MODES = (EDIT, PLAY)


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
        ("Ctrl+Shift+O", "Set up the opening position"),
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
            ("Opening position", "Ctrl+Shift+O", "Set up the opening position", self.opening),
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
        self.move_list.setMinimumHeight(160)
        self.move_list.itemClicked.connect(lambda item: self.go_to_ply(self.move_list.row(item)))
        layout.addWidget(self.move_list)
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
                "Copy FEN",
                "",
                "Put the position on screen in Xiangqi FEN on the clipboard (Ctrl+Shift+F)",
                self.copy_fen,
            ),
        )
        self.play_buttons: dict[str, QPushButton] = {}
        for text, keys, tip, slot in buttons:
            if keys:
                QShortcut(QKeySequence(keys), self, slot, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
            button = QPushButton(text)
            button.setToolTip(f"{tip} ({keys})" if keys else tip)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(slot)
            layout.addWidget(button)
            self.play_buttons[text] = button

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
        self.canvas.held = None
        if mode == PLAY:
            self.choose_kind("")
        self.refusal_label.setText("")
        self.board_shown(self.board)
        self.focus_canvas()

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
            self.move(held, square)
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
        QGuiApplication.clipboard().setText(xiangqi.wxf_list(self.game_start, self.game_moves))
        self.show_status(f"Copied {plural(len(self.game_moves), 'move')} as WXF text")

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
        self.canvas.marked = tuple(
            dict.fromkeys(
                sq for p in found if p.kind in ("unencodable", "too-many", "facing-kings", "check") for sq in p.cells
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
        for i, move in enumerate(self.game_moves):
            before = boards[i]
            number = (i + (0 if self.game_start.red_to_move else 1)) // 2 + 1
            dots = "." if before.red_to_move else "…"
            self.move_list.addItem(
                QListWidgetItem(f"{number}{dots} {xiangqi.wxf(before, move)}   {xiangqi.chinese(before, move)}")
            )
        self.move_list.setCurrentRow(self.game_ply)
        side = "Red" if board.red_to_move else "Black"
        other = "Black" if board.red_to_move else "Red"
        outcome = xiangqi.result(board)
        king = next((sq for sq, c in enumerate(board.cells) if c == ("K" if board.red_to_move else "k")), None)
        if xiangqi.in_check(board) and king is not None:
            self.canvas.marked = (king,)
        if outcome == "checkmate":
            self.result_label.setText(f"<b>Checkmate: {other} wins.</b>")
        elif outcome == "stalemate":
            self.result_label.setText(f"<b>{side} has no legal move: {other} wins.</b>")
        elif xiangqi.in_check(board):
            self.result_label.setText(f"<b>{side} is in check.</b> {side} to move.")
        else:
            self.result_label.setText(f"{side} to move.")

    def export_state(self) -> dict:
        return {"flipped": self.canvas.flipped}


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

"""The game's page: the canvas, the tool panel and the edits they make."""

from __future__ import annotations

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
    QPushButton,
    QRadioButton,
    QToolButton,
)

from slugboard.codecs import SlugError, xiangqi

from ..page import GamePage
from .canvas import XiangqiCanvas
from .paint import GLYPHS, piece_icon

PALETTE_ICON = 44  # pixels: the palette's pieces, big enough to read their characters
PALETTE_COLUMNS = 4


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
    )
    canvas: XiangqiCanvas
    GAME = xiangqi.NAME

    def __init__(self, settings=None, parent=None):
        super().__init__(settings, parent)
        canvas = XiangqiCanvas()
        canvas.flipped = self.settings.value("xiangqi/flipped", False, type=bool)
        canvas.place_requested.connect(self.place)
        canvas.move_requested.connect(self.move)
        canvas.remove_requested.connect(self.remove)
        canvas.kind_requested.connect(self.choose_kind)
        canvas.hint.connect(self.show_status)
        canvas.refused_hovered.connect(self._explain_hover)
        self.set_canvas(canvas)

        self.add_heading("Pieces")
        self.kind_buttons: dict[str, QToolButton] = {}
        grid = QGridLayout()
        grid.setSpacing(2)
        grid.setContentsMargins(0, 0, 0, 0)
        # Four to a row, red above black, large enough to read the characters.
        for side, pieces in enumerate((xiangqi.RED_LETTERS, xiangqi.BLACK_LETTERS)):
            for i, piece in enumerate(pieces):
                letter = piece.upper()
                row, col = 2 * side + i // PALETTE_COLUMNS, i % PALETTE_COLUMNS
                button = QToolButton()
                button.setCheckable(True)
                button.setIcon(piece_icon(piece, 96))
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
                grid.addWidget(button, row, col)
                self.kind_buttons[piece] = button
        self.tool_layout.addLayout(grid)
        self.kind_label = QLabel()
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
        self.bits_label = QLabel()
        self.bits_label.setWordWrap(True)  # a long line would widen the panel past its scroll area
        self.tool_layout.addWidget(self.bits_label)

        self.add_heading("Problems")
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        self.problems_label.setObjectName("xiangqiProblems")
        self.tool_layout.addWidget(self.problems_label)
        self.choose_kind("")
        self.board_shown(self.board)

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
            bits = xiangqi.bit_length(board)
            characters = len(xiangqi.encode(board))
            self.bits_label.setText(f"The slug is {characters} characters long")
            detail = f"{bits} bits of the per-piece code, six to a character."
            if board.has_identity:
                detail += (
                    " Pieces of a kind are written in the order the pasted slug gave them, so it comes back"
                    " exactly; a position entered by hand is written in the shortest order."
                )
            self.bits_label.setToolTip(detail)
        else:
            self.bits_label.setText("The slug code cannot hold this position")
            self.bits_label.setToolTip("See the problems below for the piece it has no room for")
        self.problems_label.setText("<br>".join(p.message for p in found) or "None")
        self.canvas.marked = tuple(
            dict.fromkeys(
                sq for p in found if p.kind in ("unencodable", "too-many", "facing-kings", "check") for sq in p.cells
            )
        )
        self._refresh_marks()

    def export_state(self) -> dict:
        return {"flipped": self.canvas.flipped}

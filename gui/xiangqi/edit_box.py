"""Edit mode's box: the palette of pieces, the side to move, the board's buttons, the
position's FEN and what a link would hold of it, and its problems."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFontDatabase, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from slugboard.codecs import xiangqi

from ..page import heading, html_lines, plain_label
from .paint import GLYPHS, PALETTE_ICON_SOURCE, piece_icon

if TYPE_CHECKING:
    from .page import XiangqiPage

PALETTE_ICON = 40  # px: a piece's character reads at a glance


class EditBox(QWidget):
    """The editing controls, hidden in Play mode. Its buttons and keys act on the page; it
    shows what the page gives it."""

    def __init__(self, page: XiangqiPage) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(heading("Pieces"))
        self.kind_buttons = self._palette(page, layout)
        self.kind_label = plain_label()
        self.kind_label.setWordWrap(True)
        layout.addWidget(self.kind_label)

        turn_row = QHBoxLayout()  # its heading on its row: the two choices need no more
        turn_row.addWidget(heading("To move"))
        self.red_turn = QRadioButton("Red")
        self.black_turn = QRadioButton("Black")
        self.turn_group = QButtonGroup(self)
        for button, red in ((self.red_turn, True), (self.black_turn, False)):
            button.setToolTip("Who moves next (T toggles)")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            self.turn_group.addButton(button)
            button.clicked.connect(lambda _=False, r=red: page.set_turn(r))
            turn_row.addWidget(button)
        turn_row.addStretch(1)
        layout.addLayout(turn_row)

        layout.addWidget(heading("Board"))
        self.action_buttons = self._board_buttons(page, layout)

        self.fen_field = QLineEdit()
        self.fen_field.setReadOnly(True)
        self.fen_field.setObjectName("fenField")
        self.fen_field.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.fen_field.setToolTip("The position in Xiangqi FEN")
        fen_row = QHBoxLayout()
        fen_label = heading("FEN")
        fen_label.setBuddy(self.fen_field)
        fen_row.addWidget(fen_label)
        fen_row.addWidget(self.fen_field, 1)
        layout.addLayout(fen_row)
        self.bits_label = plain_label()
        self.bits_label.setWordWrap(True)  # a long line would widen the panel past its scroll area
        layout.addWidget(self.bits_label)

        layout.addWidget(heading("Problems"))
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        self.problems_label.setObjectName("xiangqiProblems")
        layout.addWidget(self.problems_label)
        layout.addStretch(1)  # a taller tab than the box needs keeps it together at the top

    @staticmethod
    def _palette(page: XiangqiPage, layout: QVBoxLayout) -> dict[str, QToolButton]:
        buttons: dict[str, QToolButton] = {}
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(2)
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
                button.clicked.connect(lambda checked, p=piece: page.choose_kind(p if checked else ""))
                grid.addWidget(button, side * 2 + index // 4, index % 4)
                buttons[piece] = button
        layout.addLayout(grid)
        return buttons

    @staticmethod
    def _board_buttons(page: XiangqiPage, layout: QVBoxLayout) -> dict[str, QPushButton]:
        actions = (
            ("Opening position", "Ctrl+Shift+N", "Set up the opening position", page.opening),
            ("Clear board", "Ctrl+Shift+Backspace", "Remove every piece (undo brings them back)", page.clear),
            ("Flip board", "F", "Turn the board round: Black at the bottom (a view, not an edit)", page.flip),
            (
                "Toggle side to move",
                "T",
                "Give the move to the other side",
                lambda: page.set_turn(not page.board.red_to_move),
            ),
            ("Copy FEN", "Ctrl+Shift+F", "Put the position in Xiangqi FEN on the clipboard", page.copy_fen),
            ("Paste FEN", "Ctrl+Shift+V", "Open the FEN (or slug) on the clipboard", page.paste_fen),
        )
        buttons: dict[str, QPushButton] = {}
        grid = QGridLayout()  # two a row
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(4)
        for text, keys, tip, slot in actions:
            # The keys work in both modes: they belong to the page, not to this box.
            QShortcut(QKeySequence(keys), page, slot, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
            if text == "Toggle side to move":
                continue
            button = QPushButton(text)
            button.setToolTip(f"{tip} ({keys})")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(slot)
            grid.addWidget(button, len(buttons) // 2, len(buttons) % 2)
            buttons[text] = button
        layout.addLayout(grid)
        return buttons

    def show_kind(self, letter: str) -> None:
        """Check the palette's button of `letter` ("" for none)."""
        for piece, button in self.kind_buttons.items():
            button.setChecked(piece == letter)

    def explain_kind(self, board: xiangqi.Board, letter: str, legal) -> None:
        """Say where a click puts the kind chosen (`legal`: the points marked for it)."""
        if not letter:
            self.kind_label.setText("Choose a piece to place it; drag pieces on the board to move them.")
        elif any(not board.cells[sq] for sq in legal):
            self.kind_label.setText(f"Click a green point to put a {xiangqi.piece_name(letter)} there.")
        elif why := xiangqi.count_refusal(board, letter):
            # No free point takes one more because the side has as many as the code holds.
            self.kind_label.setText(f"{why[0].upper()}{why[1:]}. Drag one to move it, or remove one first.")
        else:
            self.kind_label.setText(
                f"Every point a {xiangqi.piece_name(letter)} may stand on is taken: "
                f"click a green ring to put it there instead."
            )

    def show_board(self, board: xiangqi.Board, found) -> None:
        """The side to move, the FEN, what a link holds, and the problems `found`."""
        (self.red_turn if board.red_to_move else self.black_turn).setChecked(True)
        self.fen_field.setText(xiangqi.to_fen(board))
        self.fen_field.setCursorPosition(0)
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

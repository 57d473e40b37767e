"""The Puzzle panel's labels: the solution count (with Stop while a variant is counted),
the givens and rating, and what a variant's link says of it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton

from slugboard.codecs import sudoku

if TYPE_CHECKING:
    from .page import SudokuPage


def _boxes(size: int) -> tuple[int, ...]:
    from slugboard.codecs.sudoku.variant import default_regions

    return default_regions(size)


class PuzzleStatus:
    """Its heading and labels go at the end of the page's panel when it is made; the page
    says what to show in them as the count and the facts of the board arrive."""

    def __init__(self, page: SudokuPage) -> None:
        layout = page.tool_layout
        page.add_heading("Puzzle")
        self.status_label = QLabel()
        self.status_label.setObjectName("solutionStatus")
        status_font = self.status_label.font()
        status_font.setPointSizeF(status_font.pointSizeF() * 1.4)
        status_font.setBold(True)
        self.status_label.setFont(status_font)
        self.status_label.setToolTip("Number of solutions of the givens: none, exactly one, or two or more")
        status_row = QHBoxLayout()
        status_row.addWidget(self.status_label, 1)
        self.stop_count = QPushButton("Stop")
        self.stop_count.setToolTip("Stop counting the solutions of this puzzle")
        self.stop_count.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.stop_count.setMinimumWidth(48)  # narrower than the style's least: the panel is 240 px
        self.stop_count.clicked.connect(page._stop_counting)
        keep = self.stop_count.sizePolicy()
        keep.setRetainSizeWhenHidden(True)  # its room is kept: nothing moves when it shows
        self.stop_count.setSizePolicy(keep)
        self.stop_count.hide()
        status_row.addWidget(self.stop_count)
        layout.addLayout(status_row)
        self.givens_label = QLabel()
        self.givens_label.setObjectName("givensAndRating")
        self.givens_label.setWordWrap(True)
        self.givens_label.setTextFormat(Qt.TextFormat.PlainText)
        self.givens_label.setMinimumHeight(self.givens_label.fontMetrics().lineSpacing() * 2)
        self.givens_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.givens_label)
        # A variant's title, setter, rules and constraints (text from the link: plain text).
        self.variant_label = QLabel()
        self.variant_label.setObjectName("variantFacts")
        self.variant_label.setWordWrap(True)
        self.variant_label.setTextFormat(Qt.TextFormat.PlainText)
        self.variant_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.variant_label.hide()
        layout.addWidget(self.variant_label)

    def show_variant(self, board: sudoku.Board) -> None:
        variant = board.variant
        if variant is None:
            self.variant_label.hide()
            return
        lines = []
        if variant.title or variant.author:
            lines.append(" by ".join(t for t in (variant.title, variant.author) if t))
        kinds: dict[str, int] = {}
        for c in variant.constraints:
            if not c.kind.startswith("sudokupad-") and c.kind not in ("cage", "line", "rectangle", "circle", "text"):
                kinds[c.name] = kinds.get(c.name, 0) + 1
        size = f"{board.size}x{board.size}" + (", irregular regions" if variant.regions != _boxes(board.size) else "")
        listed = ", ".join(f"{name} ×{n}" if n > 1 else name for name, n in kinds.items())
        lines.append(f"{size}: {listed or 'no constraints'}")
        if variant.unknown:
            from slugboard.codecs.sudoku.variant import name_of

            lines.append("Not understood: " + ", ".join(name_of(u) for u in variant.unknown))
        self.variant_label.setText("\n".join(lines))
        from html import escape

        self.variant_label.setToolTip(escape(variant.rules[:2000]) if variant.rules else "")
        self.variant_label.show()

"""The room a label keeps for its text: so many lines as Qt lays them out in the label's own
font, whatever font the platform gives it (a line's height is not the font's line spacing
times the lines: the layout rounds each line, and rich text adds its own margins)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel


def lines_height(label: QLabel, lines: int, sample: str = "Ag") -> int:
    """The height `label` takes to show `lines` lines of text like `sample` (rich text when
    the label shows rich text), margins included."""
    rich = label.textFormat() == Qt.TextFormat.RichText
    shown = label.text()
    label.setText(("<br>" if rich else "\n").join([sample] * lines))
    height = label.heightForWidth(1_000_000)
    if height < 0:  # a label that does not wrap
        height = label.sizeHint().height()
    label.setText(shown)
    return height

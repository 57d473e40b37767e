"""Puzzle books: many boards in one vector PDF, 1, 2, 4 or 6 to a page, each under its
number, title and setter, with the rules text where the link holds them; the solutions
of the boards whose game knows one at the back, small, 6 to a page.

`read_texts(text)` takes a text file's lines (links or slugs of any game, blank lines and
`#` comments skipped); `write_book(path, entries, ...)` draws them with each game's own
paint function, so the book looks as the window does.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QMarginsF, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPageLayout, QPageSize, QPainter, QPalette

from slugboard.codecs import SlugError, decode_any

from .games import view
from .render import PAPERS, default_paper, light_palette

PER_PAGE = (1, 2, 4, 6)
MARGIN_MM = 12.0
RESOLUTION = 300
MAX_ENTRIES = 2_000
SOLUTIONS_PER_PAGE = 6


@dataclass(frozen=True, slots=True)
class Entry:
    """One board of the book: its game, board, heading and rules, and its solution (a
    board of the same game) when one is known."""

    game: str
    board: Any
    heading: str
    rules: str = ""
    solution: Any = None


def read_texts(text: str, *, solutions: bool = False, cancel: Callable[[], None] | None = None) -> list[Entry]:
    """An entry for each line that some game reads; raises SlugError naming the first line
    that none reads (with its line number)."""
    entries: list[Entry] = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if len(entries) >= MAX_ENTRIES:
            raise SlugError("book", f"a book holds at most {MAX_ENTRIES:,} boards")
        if cancel is not None:
            cancel()
        try:
            game, board = decode_any(line)
        except SlugError as exc:
            raise SlugError("book", f"line {number}: {exc.message}") from None
        entries.append(_entry(len(entries) + 1, game, board, solutions))
    return entries


def _entry(index: int, game: str, board: Any, solutions: bool) -> Entry:
    # The game says what its boards add to the book (codecs.Game.book_entry: a variant
    # sudoku's title, setter, rules and solution); the book names no game.
    from slugboard.codecs import game as registered

    words, rules, solution = registered(game).book_entry(board, solutions)
    return Entry(game, board, f"{index}. {words}" if words else f"{index}.", rules, solution)


def _grid(count: int) -> tuple[int, int]:
    """Columns and rows of a page holding `count` boards."""
    return {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}[count]


def write_book(
    path: str,
    entries: list[Entry],
    *,
    per_page: int = 4,
    solutions: bool = False,
    paper: str | None = None,
    title: str = "Slugboard puzzles",
) -> bool:
    """The book as a PDF at `path`; True when a file was written. It is written to a new
    file beside `path` that takes its name once complete: a book stopped halfway (Ctrl+C,
    a full disk) leaves an earlier book at `path` as it was."""
    from slugboard.codecs.newfile import written_beside

    if per_page not in PER_PAGE:
        raise ValueError(f"--per-page is one of {', '.join(map(str, PER_PAGE))}")
    if not entries:
        raise ValueError("the book has no boards")
    return written_beside(
        path, lambda temporary: _draw_book(temporary, entries, per_page, solutions, paper or default_paper(), title)
    )


def _draw_book(path: str, entries: list[Entry], per_page: int, solutions: bool, paper: str, title: str) -> bool:
    from PySide6.QtGui import QPdfWriter

    palette = light_palette()
    writer = QPdfWriter(path)
    writer.setResolution(RESOLUTION)
    writer.setTitle(title)
    writer.setCreator("Slugboard")
    writer.setPageLayout(
        QPageLayout(
            QPageSize(PAPERS[paper]),
            QPageLayout.Orientation.Portrait,
            QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
            QPageLayout.Unit.Millimeter,
        )
    )
    painter = QPainter()
    if not painter.begin(writer):
        return False
    try:
        area = QRectF(writer.pageLayout().paintRectPixels(writer.resolution()))
        area.moveTo(0, 0)
        pages = [entries[i : i + per_page] for i in range(0, len(entries), per_page)]
        first = True
        for page in pages:
            if not first:
                writer.newPage()
            first = False
            _page(painter, writer, area, [(e, e.board, e.heading, e.rules) for e in page], per_page, palette)
        solved = [e for e in entries if e.solution is not None]
        if solutions and solved:
            for start in range(0, len(solved), SOLUTIONS_PER_PAGE):
                writer.newPage()
                chunk = solved[start : start + SOLUTIONS_PER_PAGE]
                shown = [(e, e.solution, f"Solution {e.heading.split('.', 1)[0]}", "") for e in chunk]
                _page(painter, writer, area, shown, SOLUTIONS_PER_PAGE, palette)
    finally:
        painter.end()
    return os.path.isfile(path) and os.path.getsize(path) > 0


def _page(
    painter: QPainter,
    writer: Any,
    area: QRectF,
    items: list[tuple[Entry, Any, str, str]],
    per_page: int,
    palette: QPalette,
) -> None:
    columns, rows = _grid(per_page)
    gap = area.width() * 0.04
    cell_w = (area.width() - gap * (columns - 1)) / columns
    cell_h = (area.height() - gap * (rows - 1)) / rows
    heading_font = QFont(painter.font())
    heading_font.setPointSizeF(11 if per_page <= 2 else 9)
    heading_font.setBold(True)
    rules_font = QFont(painter.font())
    rules_font.setPointSizeF(8 if per_page <= 2 else 6.5)
    head_metrics = QFontMetricsF(heading_font, writer)
    rules_metrics = QFontMetricsF(rules_font, writer)
    flags = int(Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    for k, (entry, board, heading, rules) in enumerate(items):
        col, row = k % columns, k // columns
        box = QRectF(area.left() + col * (cell_w + gap), area.top() + row * (cell_h + gap), cell_w, cell_h)
        painter.setPen(palette.color(QPalette.ColorRole.WindowText))
        painter.setFont(heading_font)
        head_h = head_metrics.height() * 1.3
        painter.drawText(QRectF(box.left(), box.top(), box.width(), head_h), flags, head_metrics.elidedText(
            heading, Qt.TextElideMode.ElideRight, box.width()))  # fmt: skip
        rules_h = 0.0
        if rules:
            painter.setFont(rules_font)
            most = box.height() * 0.3
            shown = rules
            bound = rules_metrics.boundingRect(QRectF(0, 0, box.width(), 10 * box.height()), flags, shown)
            while bound.height() > most and len(shown) > 40:
                shown = shown[: int(len(shown) * 0.8)].rstrip() + "…"
                bound = rules_metrics.boundingRect(QRectF(0, 0, box.width(), 10 * box.height()), flags, shown)
            rules_h = bound.height() + 20
            painter.drawText(QRectF(box.left(), box.top() + head_h, box.width(), bound.height()), flags, shown)
        room = QRectF(box.left(), box.top() + head_h + rules_h, box.width(), box.height() - head_h - rules_h)
        shown_view = view(entry.game)
        preferred = shown_view.preferred_size(board)
        scale = min(room.width() / preferred.width(), room.height() / preferred.height())
        if not math.isfinite(scale) or scale <= 0:
            continue
        left = room.left() + (room.width() - preferred.width() * scale) / 2
        painter.save()
        painter.translate(left, room.top())
        painter.scale(scale, scale)
        shown_view.paint(painter, QRectF(0, 0, preferred.width(), preferred.height()), board, palette)
        painter.restore()


MAX_FILE = 8_000_000  # bytes of a list of links: thousands of puzzles


def book_from_file(source: str, path: str, *, per_page: int = 4, solutions: bool = False) -> int:
    """`slugboard --book PATH SOURCE`: the boards of the text file `source` as a book;
    returns how many. Raises OSError for a file that cannot be read (or is not a regular
    file, or is larger than MAX_FILE), SlugError for a line no game reads."""
    from slugboard.codecs import SlugError
    from slugboard.codecs.files import read_bytes_limited

    try:
        data = read_bytes_limited(source, MAX_FILE)  # a FIFO or a device refused at once
    except SlugError as exc:
        raise OSError(exc.message) from None
    if len(data) > MAX_FILE:
        raise OSError(f"{source} is larger than {MAX_FILE // 1_000_000} MB")
    entries = read_texts(data.decode("utf-8", "replace"), solutions=solutions)
    if not write_book(path, entries, per_page=per_page, solutions=solutions):
        raise OSError(f"could not write {path}")
    return len(entries)


# --- File > Print book ------------------------------------------------------------------


def _dialog_class() -> type:
    from PySide6.QtWidgets import (
        QCheckBox,
        QComboBox,
        QDialog,
        QDialogButtonBox,
        QFileDialog,
        QFormLayout,
        QHBoxLayout,
        QLabel,
        QLineEdit,
        QPushButton,
        QWidget,
    )

    class BookDialog(QDialog):
        """Choose a text file of links or slugs and a PDF to write them to as a book."""

        def __init__(self, parent: QWidget | None = None) -> None:
            super().__init__(parent)
            self.setWindowTitle("Print book")
            self.setObjectName("printBook")
            form = QFormLayout(self)
            self.source = QLineEdit()
            self.source.setPlaceholderText("a text file: one link or slug a line")
            self.target = QLineEdit()
            # Words, not a file name: a greyed "book.pdf" read as a value already chosen.
            self.target.setPlaceholderText("the PDF to write: Choose… or type its path")
            for edit, pick in ((self.source, self._pick_source), (self.target, self._pick_target)):
                row = QHBoxLayout()
                row.addWidget(edit, 1)
                button = QPushButton("Choose…")
                button.clicked.connect(pick)
                row.addWidget(button)
                form.addRow("Boards" if edit is self.source else "PDF", row)
            self.per_page = QComboBox()
            self.per_page.addItems([str(n) for n in PER_PAGE])
            self.per_page.setCurrentText("4")
            form.addRow("Boards a page", self.per_page)
            self.solutions = QCheckBox("Solutions at the back")
            form.addRow(self.solutions)
            self.message = QLabel()
            self.message.setTextFormat(Qt.TextFormat.PlainText)  # file names and errors from input
            self.message.setWordWrap(True)
            self.message.setMinimumHeight(self.message.fontMetrics().lineSpacing() * 2)
            form.addRow(self.message)
            buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
            self.write_button = buttons.addButton("Write book", QDialogButtonBox.ButtonRole.ActionRole)
            self.write_button.clicked.connect(self.write)
            buttons.rejected.connect(self.reject)
            form.addRow(buttons)

        def _pick_source(self) -> None:
            path, _ = QFileDialog.getOpenFileName(self, "Boards to print", "", "Text files (*.txt);;All files (*)")
            if path:
                self.source.setText(path)

        def _pick_target(self) -> None:
            path, _ = QFileDialog.getSaveFileName(self, "Write the book to", "book.pdf", "PDF (*.pdf)")
            if path:
                self.target.setText(path)

        def write(self) -> bool:
            source, target = self.source.text().strip(), self.target.text().strip()
            if not source or not target:
                self.message.setText("Choose the text file of boards and the PDF to write.")
                return False
            try:
                count = book_from_file(
                    source, target, per_page=int(self.per_page.currentText()), solutions=self.solutions.isChecked()
                )
            except (OSError, ValueError, SlugError) as exc:
                self.message.setText(f"No book written: {exc}")
                return False
            self.message.setText(f"Wrote {count} board{'' if count == 1 else 's'} to {target}.")
            return True

    return BookDialog


def book_dialog(parent: Any = None) -> Any:
    """File > Print book: the dialog, shown."""
    dialog = _dialog_class()(parent)
    dialog.open()
    return dialog

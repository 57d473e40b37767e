"""The base of every game's place in the main window: the board, its undo stack, the
canvas in the middle and the tool panel beside it.

A page holds an immutable board. Every edit goes through `set_board`, which pushes an
undo command; the command's redo shows the new board and emits `board_changed` before
`set_board` returns, so the slug pane is current within the same event-loop turn.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSettings, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPalette, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from slugboard.codecs import game

from .kept import PaintCache


class BoardCanvas(QWidget):
    """Base of the game canvases: takes keyboard focus, and repaints when focus comes or
    goes, since a canvas draws its keyboard cursor only while it has focus."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._paint_cache = PaintCache()
        # Every paint covers the whole canvas (see PaintCache), so Qt need not erase it first.
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event) -> None:
        super().focusOutEvent(event)
        self.update()


TEXT_COLOUR = "slugboardTextColour"


class _FollowsTheme(QObject):
    """Colours a coloured label's text again when the application's palette changes."""

    def eventFilter(self, watched, event) -> bool:
        # A palette given to the application reaches each widget as a PaletteChange of its own.
        if event.type() == QEvent.Type.PaletteChange and isinstance(watched, QWidget):
            wanted = watched.property(TEXT_COLOUR)
            if wanted:
                _apply_text_colour(watched, QColor(wanted))
        return False


_follows_theme: _FollowsTheme | None = None


def set_text_colour(widget: QWidget, colour: QColor | str | None) -> None:
    """Colour a label's text, or (None, "") give it back the text colour it inherits.
    Through the palette rather than a style sheet: a style sheet has Qt re-polish the label
    and lay it out again, which can change its height by a pixel and move what is below it.
    The colour is made lighter or darker where it would be hard to read on the window's
    colour (4.5:1), now and after every change of theme."""
    global _follows_theme
    if not colour:
        widget.setProperty(TEXT_COLOUR, None)
        if widget.testAttribute(Qt.WidgetAttribute.WA_SetPalette):
            widget.setPalette(QPalette())  # nothing of its own: everything inherited again
        return
    colour = QColor(colour)
    if widget.property(TEXT_COLOUR) is None:
        if _follows_theme is None:
            _follows_theme = _FollowsTheme()
        widget.installEventFilter(_follows_theme)  # once: Qt keeps one entry per filter
    widget.setProperty(TEXT_COLOUR, colour.name(QColor.NameFormat.HexArgb))
    _apply_text_colour(widget, colour)


def _apply_text_colour(widget: QWidget, wanted: QColor) -> None:
    from .theme import legible

    role = QPalette.ColorRole.WindowText
    colour = legible(wanted, QApplication.palette().color(QPalette.ColorRole.Window))
    if widget.testAttribute(Qt.WidgetAttribute.WA_SetPalette) and widget.palette().color(role) == colour:
        return
    palette = QPalette()  # its one role set: the others follow the window's, through a theme change too
    palette.setColor(role, colour)
    widget.setPalette(palette)


_MARKUP = frozenset("&<>\"'")  # the characters html.escape replaces


def escaped(text: str) -> str:
    """`html.escape(text)`. The html module is loaded by the first text that has something
    to escape, not by a window that shows none (tests/test_gui_start.py)."""
    if _MARKUP.isdisjoint(text):
        return text
    from html import escape

    return escape(text)


def plain_tip(text: str) -> str:
    """`text` as a tooltip that shows it as it is. Qt takes a tooltip for rich text when it
    looks like markup, and would then load an `<img src=...>` in it from disk: a tooltip
    that can hold text from a pasted link or a file is escaped and marked as rich text, so
    Qt shows its characters and reads no markup in it."""
    return f"<p style='white-space:pre-wrap'>{escaped(text)}</p>" if text else ""


def html_lines(lines: Iterable[str]) -> str:
    """Lines of plain text as one rich text, a line each: for a label that also holds markup
    of its own, so text from input in those lines is shown as it is."""
    return "<br>".join(escaped(line) for line in lines)


def plain_label(text: str = "") -> QLabel:
    """A label that shows its text as it is, never as rich text."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


class ModeButton(QPushButton):
    """A checkable button of a row of modes (Edit, Play...): the chosen one is filled with the
    highlight colour, darkened or lightened as far as its bold text needs to read (4.5:1),
    in every theme."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setCheckable(True)
        self._restyle()

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.PaletteChange:
            self._restyle()
        return super().event(event)

    def _restyle(self) -> None:
        from .theme import legible

        palette = QApplication.palette()
        text = palette.color(QPalette.ColorRole.HighlightedText)
        fill = legible(palette.color(QPalette.ColorRole.Highlight), text)
        sheet = (
            f"QPushButton:checked {{ font-weight: bold; background: {fill.name()}; "
            f"color: {text.name()}; border-radius: 3px; padding: 4px; }}"
        )
        if sheet != self.styleSheet():
            self.setStyleSheet(sheet)


def readable_pixels(device=None) -> float:
    """The smallest text size, in pixels of `device` (a widget, an image; the screen's by
    default), that text drawn at a size of its own may take: the application font's point
    size less one. Text scaled to fit a box stops here and is elided or scrolled instead."""
    font = QApplication.font()
    if device is not None:
        dpi = float(device.logicalDpiY())
    else:
        screen = QApplication.primaryScreen()
        dpi = screen.logicalDotsPerInchY() if screen is not None else 96.0
    if font.pointSizeF() > 0:
        return (font.pointSizeF() - 1) * dpi / 72
    return font.pixelSize() - dpi / 72  # a font set in pixels: a point less


def heading(text: str) -> QLabel:
    """A heading of the tool panel: its text in bold, plain. It looks as a "<b>text</b>"
    label does, pixel for pixel, without the rich-text document Qt builds for such a label
    (about a millisecond each, most of a page's headings' share of the window's start)."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


class WrappedLabel(QLabel):
    """A word-wrapped label whose height follows its text at the width it is given.

    The tool panel's layout is top-aligned, and a top-aligned layout gives a widget its
    size hint; a plain QLabel guesses that hint at a width wider than the panel, so
    its last lines were cut off. This one asks for the height its text needs at its
    real width."""

    def __init__(self, text: str = "", parent: QWidget | None = None):
        super().__init__(text, parent)
        self.setWordWrap(True)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        if self.width() > 0:
            hint.setHeight(max(hint.height(), self.heightForWidth(self.width())))
        return hint

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        if self.width() > 0:
            hint.setHeight(max(hint.height(), self.heightForWidth(self.width())))
        return hint

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self.updateGeometry()

    def setText(self, text: str) -> None:
        super().setText(text)
        self.updateGeometry()


class SetBoardCommand(QUndoCommand):
    """Swap one board for another; boards are immutable, so undo keeps both whole."""

    def __init__(self, page: GamePage, old, new, text: str, merge_id: int = -1):
        super().__init__(text)
        self.page, self.old, self.new, self._merge_id = page, old, new, merge_id

    def id(self) -> int:
        return self._merge_id

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetBoardCommand) or other.id() != self._merge_id or self._merge_id < 0:
            return False
        self.new = other.new
        self.setText(other.text())  # the undo menu names the latest of the merged edits
        if self.new == self.old:
            self.setObsolete(True)  # the merged edits cancel out: no empty undo step
        return True

    def redo(self) -> None:
        self.page._show(self.new)

    def undo(self) -> None:
        self.page._show(self.old)


class GamePage(QWidget):
    """One game: canvas, tool panel, board and undo stack. Subclasses set GAME, add a
    canvas with `set_canvas`, add controls to `tool_layout`, and override `board_shown`.
    A page opens on `board` when one is given (the board restored from the last run),
    else on the game's new board."""

    GAME = ""
    # (keys, what they do) of the page and its board, for Help > Keyboard shortcuts.
    KEYS: tuple[tuple[str, str], ...] = ()
    board_changed = Signal(object)
    status_changed = Signal(str)
    # The page's menu actions (its VIEW's GameAction) may have changed whether they can be
    # used, for a reason other than the board (work started or finished).
    actions_changed = Signal()
    # The board on screen has become another than `board`, or `board` again (see shown_board).
    shown_changed = Signal()
    TOOL_PANEL_WIDTH = 240

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None, board: Any = None):
        super().__init__(parent)
        self.game = game(self.GAME)
        self.settings = settings if settings is not None else QSettings()
        self.undo_stack = QUndoStack(self)
        # The board the page opens with: one restored from the last run, else a new one.
        self._board = board if board is not None else self.game.new_board()
        self.canvas: QWidget | None = None

        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self._canvas_holder = QVBoxLayout()
        layout.addLayout(self._canvas_holder, 1)

        panel = QWidget()
        self.tool_layout = QVBoxLayout(panel)
        self.tool_layout.setContentsMargins(8, 4, 4, 4)
        self.tool_layout.setSpacing(4)  # the panels of every game fit the window's default size
        self.tool_layout.setAlignment(Qt.AlignmentFlag.AlignTop)
        # The panel is never squeezed below what its controls need: a longer message makes
        # it scroll, where squeezing would shift every control and overlap the palette.
        self.tool_layout.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        scroll = QScrollArea()
        scroll.setWidget(panel)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Room for the scroll bar a short window brings, so the panel keeps its full width
        # then instead of having its right edge covered (there is no sideways scrolling).
        scroll.setFixedWidth(self.TOOL_PANEL_WIDTH + scroll.verticalScrollBar().sizeHint().width())
        panel.setMaximumWidth(self.TOOL_PANEL_WIDTH)
        layout.addWidget(scroll)
        self.tool_panel = panel

    def showEvent(self, event) -> None:
        # Every box of the panel, made with the page or since, turns with the wheel only
        # once chosen: scrolling the panel past one leaves its value alone.
        from .wheel import guard_boxes_on_screen

        guard_boxes_on_screen(self)
        super().showEvent(event)

    # --- board -------------------------------------------------------------------
    @property
    def board(self):
        return self._board

    def set_board(self, board, text: str = "Edit", merge_id: int = -1) -> bool:
        """Make `board` current as one undoable edit; False when nothing changed."""
        if board == self._board:
            return False
        self.undo_stack.push(SetBoardCommand(self, self._board, board, text, merge_id))
        return True

    def shown_board(self):
        """The board on screen: `board`, unless the page shows another in its place for a
        while without making it the person's (a solution being browsed). The slug pane,
        Copy link, Save board as, the exports and Share follow this one; the undo history
        and the board kept between runs are `board`'s."""
        return self._board

    def replace_board(self, board) -> None:
        """Show `board` without an undo step (the board restored at start)."""
        self._show(board)

    def _show(self, board) -> None:
        self._board = board
        self.board_shown(board)
        self.board_changed.emit(board)

    def board_shown(self, board) -> None:
        """Refresh the canvas and controls for `board` (edit, undo, redo or paste)."""

    def export_state(self) -> dict:
        """View state that an exported image should show (the replay time, say)."""
        return {}

    def shutdown(self) -> None:
        """Stop any background work at once: the window is closing. Pages that run work
        off the GUI thread override this."""

    def open_with_text(self, text: str, board) -> bool:
        """Open what `text` holds beyond its board, when the game reads more of it (a
        xiangqi position followed by its moves), instead of the board alone; False
        leaves the board to `paste_board`."""
        return False

    def paste_board(self, board, *, prepared: bool = False) -> None:
        """Open a pasted board (one undoable step). `prepared`: what showing it takes was
        worked out ahead, in the background (the game's `prepare`)."""
        if board == self._board and self.game.share_url(board) != self.game.share_url(self._board):
            # The same board written another way (a sudoku opened from f-puzzles, then
            # pasted from SudokuPad): it is copied as the latest paste wrote it.
            self.undo_stack.push(SetBoardCommand(self, self._board, board, "Paste", -1))
            return
        self.set_board(board, "Paste")

    def open_record(self, record) -> None:
        """Open one board of a file of the game's (a `FileRecord` of its FILE_TYPES'
        reader): its board, unless the page opens more of what the file held."""
        self.set_board(record.board, "Open file")

    # --- helpers for subclasses ---------------------------------------------------
    def set_canvas(self, widget: QWidget) -> None:
        self.canvas = widget
        self._canvas_holder.addWidget(widget, 1)

    def add_heading(self, text: str) -> QLabel:
        label = heading(text)
        self.tool_layout.addWidget(label)
        return label

    def show_status(self, text: str) -> None:
        self.status_changed.emit(text)

    def focus_canvas(self) -> None:
        if self.canvas is not None:
            self.canvas.setFocus()

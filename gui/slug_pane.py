"""The slug pane at the bottom of the window: the current slug, live, with its length,
Copy slug and Copy link, a field to paste a slug or link into, and the error line that
says what is wrong with a pasted text and where."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QMimeData, Qt, Signal
from PySide6.QtGui import QFontDatabase, QGuiApplication, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from slugboard.codecs import SlugError, plain_message
from slugboard.codecs.wording import plural

from .page import plain_tip

if TYPE_CHECKING:
    from .anatomy_view import AnatomyPanel


# The slug field shows at most this many characters: a line edit draws its whole line on
# every paint, and the field shows about a hundred. A longer slug is shown cut short, with "…"; copying
# from the field, like Copy slug, still gives all of it.
SHOWN_LENGTH = 1_000
# A pasted replay of a huge field can run to megabytes; a shorter limit would cut it.
PASTE_LENGTH = 2**31 - 1
# Characters shown each side of the failing part of a pasted text.
EXCERPT_CONTEXT = 40


def _marked_excerpt(text: str, position: int, span: tuple[int, int] | None) -> str:
    """The part of `text` around `position` as HTML, the failing characters marked; a
    long text is cut to a window around them, with an ellipsis where it was cut."""
    start, end = span if span is not None and span[0] <= position < span[1] else (position, position + 1)
    start, end = max(0, min(start, len(text))), max(0, min(end, len(text)))
    end = max(end, start + 1) if start < len(text) else start
    end = min(end, start + EXCERPT_CONTEXT)  # a huge span shows its start
    left = max(0, start - EXCERPT_CONTEXT)
    right = min(len(text), end + EXCERPT_CONTEXT)
    before = ("…" if left > 0 else "") + text[left:start]
    # An error at the end is marked after the last character in words: a bare red space
    # there read as a stray caret.
    at = text[start:end] or " ends here "
    after = text[end:right] + ("…" if right < len(text) else "")
    from html import escape  # loaded with the first error shown, not while the window starts

    return (
        f"<code>{escape(before)}<span style='background:#d32f2f;color:white'>{escape(at)}</span>{escape(after)}</code>"
    )


ERROR_RED = "#d32f2f"


def _label(text: str = "") -> QLabel:
    """A label of plain text (a slug or a message is never read as markup)."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


class SlugField(QLineEdit):
    """The read-only field of the current slug, which may show only its start. A copy that
    takes the shown text to its end (Ctrl+C, the context menu) copies the slug to its real
    end, so what is pasted elsewhere is never cut."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.full_text = ""

    def show_text(self, text: str) -> None:
        self.full_text = text
        self.setText(text if len(text) <= SHOWN_LENGTH else text[: SHOWN_LENGTH - 1] + "…")
        self.setCursorPosition(0)

    def copied_text(self) -> str:
        """What a copy of the selection gives: the selection, or, when it reaches the end of
        a cut slug, the slug from the selection's start to its end."""
        selected = self.selectedText()
        start = self.selectionStart()
        if start < 0 or self.text() == self.full_text or start + len(selected) < len(self.text()):
            return selected
        return self.full_text[start:]

    def copy_selection(self) -> None:
        if self.hasSelectedText():
            QGuiApplication.clipboard().setText(self.copied_text())

    def keyPressEvent(self, event) -> None:
        if event.matches(QKeySequence.StandardKey.Copy):
            self.copy_selection()
            event.accept()
            return
        super().keyPressEvent(event)

    def context_menu(self) -> QMenu:
        """Qt's menu for the field, its Copy copying as Ctrl+C does."""
        menu = self.createStandardContextMenu()
        for action in menu.actions():
            if action.objectName() == "edit-copy":
                action.triggered.disconnect()
                action.triggered.connect(self.copy_selection)
        return menu

    def contextMenuEvent(self, event) -> None:
        menu = self.context_menu()
        menu.exec(event.globalPos())
        menu.deleteLater()


class SlugPane(QWidget):
    paste_requested = Signal(str)
    status_changed = Signal(str)  # what a copy did, or why it copied nothing

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self._link: str | Callable[[], str | None] | None = None
        self._slug = ""
        self._no_slug = ""  # why the board has no slug, when it has none
        self._no_slug_message = ""

        self.slug_field = SlugField()
        self.slug_field.setFont(mono)
        self.slug_field.setObjectName("slugField")
        self.slug_field.setToolTip("The slug of the board shown above; it changes with every edit")
        self.length_label = _label()
        self.length_label.setMinimumWidth(90)
        self.length_label.setToolTip("Length of the slug in characters")
        self.copy_slug_button = QPushButton("Copy slug")
        self.copy_slug_button.setToolTip("Put the slug on the clipboard (Ctrl+Shift+C)")
        self.copy_slug_button.clicked.connect(self.copy_slug)
        self.copy_link_button = QPushButton("Copy link")
        self.copy_link_button.setToolTip("Put the web app's link for this board on the clipboard (Ctrl+Shift+L)")
        self.copy_link_button.clicked.connect(self.copy_link)

        self.paste_field = QLineEdit()
        self.paste_field.setFont(mono)
        self.paste_field.setObjectName("pasteField")
        self.paste_field.setPlaceholderText(
            "Paste a slug or link here and press Enter (or Ctrl+V anywhere, or drop it on the window)"
        )
        self.paste_field.setClearButtonEnabled(True)
        self.paste_field.setMaxLength(PASTE_LENGTH)
        self.paste_field.returnPressed.connect(self._open_field)
        self.open_button = QPushButton("Open")
        self.open_button.setToolTip("Open the pasted slug or link")
        self.open_button.clicked.connect(self._open_field)

        self.error_label = _label()
        self.error_label.setObjectName("pasteError")
        self.error_label.setWordWrap(True)
        self.error_label.setTextFormat(Qt.TextFormat.RichText)
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # The line's room is kept whether or not it says anything, so a message never
        # pushes the board or the buttons away from under the pointer; a message longer
        # than its two lines is whole in the tooltip.
        self.error_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._keep_error_room()
        self.error_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # The message says what a person can act on; Details shows the reader's own line
        # (the one the command line prints) in its place.
        self.details_button = QToolButton()
        self.details_button.setObjectName("errorDetails")
        self.details_button.setText("Details")
        self.details_button.setCheckable(True)
        self.details_button.setToolTip("Show the technical reason, as slugboard-codec prints it")
        self.details_button.toggled.connect(lambda _on: self._show_error_text())
        policy = self.details_button.sizePolicy()
        policy.setRetainSizeWhenHidden(True)  # its room is kept: nothing moves when it appears
        self.details_button.setSizePolicy(policy)
        self.details_button.hide()
        self._error: tuple[str, SlugError] | None = None

        # The anatomy of the slug, under the lines above; shown by the Anatomy button.
        self.anatomy_button = QToolButton()
        self.anatomy_button.setObjectName("anatomyToggle")
        self.anatomy_button.setText("Anatomy")
        self.anatomy_button.setCheckable(True)
        self.anatomy_button.setToolTip(
            "Show what every character of the slug holds, and what each part of the board costs (Ctrl+Shift+A)"
        )
        # Made when first shown (it loads the anatomy code): most sessions never open it.
        self._anatomy_panel: AnatomyPanel | None = None
        self.anatomy_button.toggled.connect(lambda on: self.anatomy_panel.setVisible(on))

        grid = QGridLayout(self)
        grid.setContentsMargins(8, 4, 8, 6)
        grid.addWidget(_label("Slug"), 0, 0)
        grid.addWidget(self.slug_field, 0, 1)
        grid.addWidget(self.length_label, 0, 2)
        grid.addWidget(self.copy_slug_button, 0, 3)
        grid.addWidget(self.copy_link_button, 0, 4)
        grid.addWidget(self.anatomy_button, 0, 5)
        grid.addWidget(_label("Open"), 1, 0)
        grid.addWidget(self.paste_field, 1, 1, 1, 3)
        grid.addWidget(self.open_button, 1, 4)
        grid.addWidget(self.error_label, 2, 1, 1, 3)
        grid.addWidget(self.details_button, 2, 4, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignRight)
        grid.setColumnStretch(1, 1)
        self._grid = grid

    @property
    def anatomy_panel(self) -> AnatomyPanel:
        """The slug's anatomy under the lines above, made the first time it is asked for."""
        if self._anatomy_panel is None:
            from .anatomy_view import AnatomyPanel

            self._anatomy_panel = AnatomyPanel()
            self._anatomy_panel.hide()
            self._grid.addWidget(self._anatomy_panel, 3, 0, 1, 6)
        return self._anatomy_panel

    def anatomy_panel_made(self) -> bool:
        return self._anatomy_panel is not None

    # --- the current board -------------------------------------------------------
    def show_slug(self, slug: str, link: str | Callable[[], str | None] | None) -> None:
        """Show `slug`. `link` is the share link, or a function that makes it when it is
        first needed (a link costs another encode, and most edits never copy it), or None
        for a game with no web app."""
        same = slug == self._slug and not self._no_slug
        self._slug = slug
        self._no_slug = ""
        if not same:  # laying out a long slug again costs milliseconds; a board shown twice keeps it
            self.slug_field.show_text(slug)
        self.length_label.setText(f"{len(slug)} chars")
        self._link = link
        self.copy_slug_button.setEnabled(True)
        self.copy_link_button.setEnabled(link is not None)
        self.copy_link_button.setToolTip(
            "Put the web app's link for this board on the clipboard (Ctrl+Shift+L)"
            if link is not None
            else "This game has no web app to link to: copy the slug instead"
        )

    def show_unencodable(self, error: SlugError) -> None:
        """The board cannot be written as a slug yet (for instance a piece the code cannot hold)."""
        self._slug = ""
        self._no_slug = str(error)
        self._no_slug_message = error.message
        self.slug_field.show_text("")
        self.slug_field.setPlaceholderText(f"no slug: {error}")
        self.length_label.setText("–")
        self._link = None
        self.copy_slug_button.setEnabled(False)
        self.copy_link_button.setEnabled(False)

    def slug_text(self) -> str:
        return self._slug

    def no_slug_reason(self) -> str:
        """Why the board has no slug, in the reader's words ("" when it has one)."""
        return self._no_slug_message if self._no_slug else ""

    def link_text(self) -> str | None:
        if callable(self._link):
            self._link = self._link()
        return self._link

    # The shortcuts reach these while the buttons are off, so they say why nothing was copied.
    def copy_slug(self) -> bool:
        if not self.slug_text():
            self.status_changed.emit(
                f"Nothing copied: no slug ({self._no_slug})" if self._no_slug else "Nothing copied: no slug"
            )
            return False
        QGuiApplication.clipboard().setText(self.slug_text())
        self.status_changed.emit(f"Copied the slug ({plural(len(self.slug_text()), 'character')})")
        return True

    def copy_link(self) -> bool:
        if self._no_slug:
            self.status_changed.emit(f"Nothing copied: no slug ({self._no_slug})")
            return False
        link = self.link_text()
        if link is None:
            self.status_changed.emit("Nothing copied: this game has no web app to link to; Copy slug copies the slug")
            return False
        data = QMimeData()
        data.setText(link)
        if link.startswith(("http://", "https://")):
            # Loaded here, when first needed: PySide6 builds QUrl's enums when it is first
            # imported, which the window's start need not wait for.
            from PySide6.QtCore import QUrl

            data.setUrls([QUrl(link)])
        QGuiApplication.clipboard().setMimeData(data)
        self.status_changed.emit("Copied the link")
        return True

    @staticmethod
    def hand_over_clipboard() -> None:
        """Before the application quits, replace mime data this process created with a
        plain-text copy that Qt owns: Qt frees the clipboard after Python has shut down,
        and freeing a Python-made object then crashes the process."""
        clipboard = QGuiApplication.clipboard()
        data = clipboard.mimeData()
        if data is not None and data.hasUrls():
            clipboard.setText(data.text())

    # --- pasting -----------------------------------------------------------------
    def _open_field(self) -> None:
        text = self.paste_field.text()
        if text.strip():
            self.paste_requested.emit(text)

    def show_error(self, text: str, error: SlugError) -> None:
        """Say what is wrong and where, in words, and show that part of the pasted text
        with the offending character (or field) marked: an error's position counts in the
        text as pasted, link and all. Details swaps in the technical line."""
        self._error = (text, error)
        self.details_button.setChecked(False)
        self.details_button.show()
        self._show_error_text()
        self.error_label.setToolTip(plain_tip(f"{plain_message(error)}\n\n{error}"))

    def _show_error_text(self) -> None:
        if self._error is None:
            return
        text, error = self._error
        said = str(error) if self.details_button.isChecked() else plain_message(error)
        snippet = ""
        if error.position is not None and text:
            snippet = "<br>" + _marked_excerpt(text, error.position, error.span)
        from html import escape

        from .theme import legible

        # The error's red, as dark or light as the window needs for it to read (4.5:1).
        red = legible(ERROR_RED, self.palette().color(QPalette.ColorRole.Window)).name()
        self.error_label.setText(f"<span style='color:{red}'>Not opened. {escape(said)}</span>{snippet}")

    def _keep_error_room(self) -> None:
        """The error line's room: two lines as the label lays them out, the message in its
        font and the pasted text in the code font of the excerpt, in whatever fonts the
        platform has (a monospace font may stand taller than the label's)."""
        label = self.error_label
        shown = label.text()
        label.setText("<span>Ag</span><br><code>Ag</code>")
        label.setFixedHeight(label.heightForWidth(1_000_000))
        label.setText(shown)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._show_error_text()  # in the new theme's colours
        elif event.type() == QEvent.Type.FontChange:
            self._keep_error_room()

    def clear_error(self) -> None:
        self._error = None
        self.error_label.clear()
        self.error_label.setToolTip("")
        self.details_button.hide()

    def error_text(self) -> str:
        return self.error_label.text()

"""Browsing a board's completions after Count or Solve: they are listed in the background
and shown as they come; Previous, the number box and Next step through them, Take it puts
one on the person's board, My board shows their own again. The person's board is never
changed by browsing; the completion shown stands in for it on the canvas and in the slug
pane (`shown`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSpinBox

from slugboard.codecs import pentomino as pm
from slugboard.codecs.pentomino import completions

from ..page import WrappedLabel
from ..worker import why
from .controls import Section, button
from .search import Heard, Searches

if TYPE_CHECKING:
    from .page import PentominoPage

BROWSE_LIMIT = completions.LIMIT  # completions kept to browse
NOTHING = "–"  # the number box with nothing to browse


class Browsing:
    """The completions being browsed: whose they are (`base`: the board they complete; `owner`:
    the person's board when browsing began, whose edit ends it), those listed so far, the
    one shown (0-based), and how many there are in all when a count has said."""

    def __init__(self, base: pm.Board, owner: pm.Board, total: int | None) -> None:
        self.base = base
        self.owner = owner
        self.total = total
        self.found: completions.Completions | None = None
        self.index = 0
        self.listing = True
        self.stopped = False  # the listing was cancelled before it was done
        self.shown: pm.Board | None = None
        self.added: frozenset[tuple[str, int, int]] = frozenset()
        self.parts = (0.0, 0)  # parts of the search done, in all (0: not heard yet)
        self.left = ""  # a guess of the time the listing still takes

    @property
    def listed(self) -> int:
        return len(self.found) if self.found is not None else 0


class CompletionBrowser(Section):
    """The Completions part of the panel, and what is being browsed (`browsing`)."""

    def __init__(self, page: PentominoPage, searches: Searches) -> None:
        super().__init__()
        self.page = page
        self.searches = searches
        self.browsing: Browsing | None = None
        self._updating = False
        self._heard = Heard(self)
        self._heard.listed.connect(self._list_progress)
        searches.done.connect(self._done)
        searches.stopped.connect(self._stopped)
        self._controls()
        self._show()

    def _controls(self) -> None:
        """Step through them (Previous, the number box, Next), take one onto the board or go
        back to one's own. Every control is there whether or not there is anything to
        browse (greyed then), so nothing moves when browsing starts or ends."""
        then = self.page.focus_canvas
        self.add_heading("Completions")
        row = QHBoxLayout()
        self.previous_button = button("◀", "Show the previous completion (Alt+Left)", self.previous, then)
        self.next_button = button("▶", "Show the next completion (Alt+Right)", self.next, then)
        self.completion_box = QSpinBox()
        self.completion_box.setObjectName("completionNumber")
        self.completion_box.setRange(0, 0)
        self.completion_box.setSpecialValueText(NOTHING)
        self.completion_box.setKeyboardTracking(False)  # typed digits go to the board on Enter
        self.completion_box.setGroupSeparatorShown(True)
        self.completion_box.setToolTip("The number of the completion shown: type one and press Enter to go to it")
        self.completion_box.setMinimumWidth(80)
        self.completion_box.valueChanged.connect(self._chosen)
        self.completions_total = QLabel()
        self.completions_total.setObjectName("completionsTotal")
        self.completions_total.setTextFormat(Qt.TextFormat.PlainText)
        self.previous_button.setAccessibleName("previous completion")
        self.next_button.setAccessibleName("next completion")
        for b in (self.previous_button, self.next_button):
            b.setFixedWidth(34)
        row.addWidget(self.previous_button)
        row.addWidget(self.completion_box)
        row.addWidget(self.completions_total, 1)
        row.addWidget(self.next_button)
        self.column.addLayout(row)
        row = QHBoxLayout()
        self.take_button = button(
            "Take it", "Put the completion shown on your board (one step to undo; Ctrl+Shift+T)", self.take, then
        )
        self.back_button = button(
            "My board",
            "Stop browsing and show your own board again (Ctrl+Shift+B); it has not been changed",
            self.stop,
            then,
        )
        for b in (self.take_button, self.back_button):
            b.setMinimumWidth(10)
            row.addWidget(b)
        self.column.addLayout(row)
        self.browse_label = WrappedLabel()
        self.browse_label.setObjectName("browseStatus")
        self.browse_label.setTextFormat(Qt.TextFormat.PlainText)
        # Two lines kept whatever it says (or nothing), so the panel below never moves.
        self.browse_label.setFixedHeight(2 * self.browse_label.fontMetrics().lineSpacing() + 4)
        self.browse_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.column.addWidget(self.browse_label)

    # --- listing -----------------------------------------------------------------------
    def start(self, base: pm.Board, total: int | None) -> None:
        """List the completions of `base` in the background and show them as they come;
        the person's board (now the page's) stays as it is until they take one."""
        self.browsing = Browsing(base, self.page.board, total)
        self._show()
        # Solve, Hint, Count and Make puzzle stay at hand: each is about the person's own
        # board, and ends browsing (and this listing) when clicked.
        self.searches.start("list", completions.completions, base, BROWSE_LIMIT, progress=self._heard.listed.emit)

    def _list_progress(self, found: int, indices, placements, done: float, parts: int) -> None:
        browsing = self.browsing
        if self.searches.kind != "list" or browsing is None:
            return
        if browsing.found is None:
            if placements is None:
                return  # the start of this listing was not heard: its answer brings all of it
            browsing.found = completions.listed(browsing.base, found, indices, placements)
        else:
            browsing.found.add(found, indices)
        browsing.parts = (done, parts)
        # The listing ends when the search does, or when it has listed those kept.
        kept = min(browsing.total, BROWSE_LIMIT) if browsing.total is not None else BROWSE_LIMIT
        browsing.left = self.searches.advance(done, parts, found / kept)
        self._show()
        if browsing.shown is None:
            self.show_completion(0)  # the first, as soon as it is found

    def _done(self, kind: str, result) -> None:
        browsing = self.browsing
        if kind != "list" or browsing is None:
            return
        browsing.listing = False
        if isinstance(result, Exception):
            self.page.show_status(f"Listing the completions failed: {why(result)}")
        else:
            browsing.found = result
            if not result.more:
                browsing.total = len(result)  # all of them listed: that is how many there are
        if not browsing.listed:
            self.end()
            return
        self._show()
        if browsing.shown is None:
            self.show_completion(0)

    def _stopped(self, kind: str) -> None:
        if kind != "list" or self.browsing is None:
            return
        self.browsing.listing = False
        self.browsing.stopped = True
        if not self.browsing.listed:
            self.end()
        else:
            self._show()

    # --- stepping through ----------------------------------------------------------------
    def show_completion(self, index: int) -> None:
        browsing = self.browsing
        if browsing is None or browsing.found is None or not 0 <= index < browsing.listed:
            return
        browsing.index = index
        shown = browsing.found.board_of(index)
        own = {(p.name, p.row, p.col) for p in browsing.base.pieces}  # placed by the person, not by Solve
        browsing.added = frozenset((p.name, p.row, p.col) for p in shown.pieces) - own
        browsing.shown = shown
        canvas = self.page.canvas
        canvas.browsing = True
        canvas.added = browsing.added
        canvas.set_board(shown)
        self._show()
        self.page.shown_changed.emit()

    @property
    def shown(self) -> pm.Board | None:
        """The completion on screen, or None."""
        return self.browsing.shown if self.browsing is not None else None

    def has_next(self) -> bool:
        b = self.browsing
        return b is not None and b.shown is not None and b.index + 1 < b.listed

    def has_previous(self) -> bool:
        b = self.browsing
        return b is not None and b.shown is not None and b.index > 0

    def next(self) -> None:
        if self.has_next():
            assert self.browsing is not None
            self.show_completion(self.browsing.index + 1)

    def previous(self) -> None:
        if self.has_previous():
            assert self.browsing is not None
            self.show_completion(self.browsing.index - 1)

    def _chosen(self, value: int) -> None:
        b = self.browsing
        if not self._updating and b is not None and value >= 1 and value - 1 != b.index:
            self.show_completion(value - 1)

    def take(self) -> None:
        """Put the completion shown on the person's board, as one undoable step."""
        b = self.browsing
        if b is None or b.shown is None:
            return
        self.page.take_board(b.shown, b.index + 1)

    def stop(self) -> None:
        """Show the person's own board again (it was never changed)."""
        if self.browsing is not None:
            self.end()
            self.page.show_status("Your own board again")

    def end(self) -> None:
        b, self.browsing = self.browsing, None
        if b is None:
            return
        if self.searches.kind == "list":
            self.searches.drop()
        canvas = self.page.canvas
        canvas.browsing = False
        canvas.added = frozenset()
        canvas.set_board(self.page.board)
        self._show()
        if b.shown is not None:
            self.page.shown_changed.emit()

    # --- what the controls say -------------------------------------------------------------
    def _show(self) -> None:
        """The browser's controls and words for what is being browsed, or nothing."""
        b = self.browsing
        listed = b.listed if b is not None else 0
        on = b is not None and b.shown is not None
        self._updating = True
        try:
            self.completion_box.setRange(1 if listed else 0, max(listed, 0))
            # The dash stands for "nothing to browse", never for the first completion (the
            # box's special text shows whenever it holds its least value).
            self.completion_box.setSpecialValueText(NOTHING if not listed else "")
            self.completion_box.setValue(b.index + 1 if b is not None and listed else 0)
        finally:
            self._updating = False
        self.completion_box.setEnabled(listed > 1)
        self.previous_button.setEnabled(self.has_previous())
        self.next_button.setEnabled(self.has_next())
        self.take_button.setEnabled(on)
        self.back_button.setEnabled(b is not None)
        if b is None:
            self.completions_total.setText("")
            self.browse_label.setText("Count or Solve, then step through every completion here")
        else:
            # Without a total, more may follow (being listed, stopped, or past those kept).
            self.completions_total.setText(f"of {b.total:,}" if b.total is not None else f"of {listed:,}+")
            self.browse_label.setText(words(b))
        self.page.actions_changed.emit()


def words(b: Browsing) -> str:
    """What the browser says of the completions being browsed."""
    listed, total = b.listed, b.total
    kept = b.found is not None and b.found.more or (total is not None and total > BROWSE_LIMIT)
    if b.listing:
        left = f" ({b.left})" if b.left else ""
        if not listed:
            return f"Finding the completions…{left}"
        of = f" of {min(total, BROWSE_LIMIT):,}" if total is not None else ""
        return f"Listing the completions… {listed:,}{of} so far{left}: step through them meanwhile"
    if b.stopped and total is not None and listed < total:
        return f"Listing stopped: showing the first {listed:,} of {total:,}"
    if b.stopped and total is None:
        return f"Listing stopped: showing the first {listed:,} found"
    if kept and total is not None:
        return f"Showing the first {listed:,} of {total:,}: only these are kept"
    if kept:
        return f"Showing the first {listed:,}: there are more, but only these are kept (Count says how many)"
    return "Your board is unchanged: the pale pieces are this completion's. Take it puts it on your board"

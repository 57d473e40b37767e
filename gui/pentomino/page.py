"""The game's page: the canvas, the tool panel and the edits they make."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QIcon,
    QPalette,
    QPixmap,
)
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QToolButton,
)

from slugboard.codecs import pentomino as pm
from slugboard.codecs.pentomino import completions, generate, solver
from slugboard.codecs.wording import plural

from ..page import GamePage, WrappedLabel, html_lines, set_text_colour
from ..worker import LatestOnly, why
from .canvas import _SIZE_EDIT, PentominoCanvas
from .paint import PIECE_COLORS, PIECE_NAMES, item_color, piece_icon

PLACED_OPACITY = 0.25  # the palette icon of a piece already on the board
QUICK_CHECK_SECONDS = 0.3  # how long the live "can be completed" check may search
QUICK_CHECK_DELAY_MS = 40  # after the last edit of a burst, so the edit is painted first
# The status line when Cancel stops a search, by the search's kind.
_STOPPED = {
    "solve": "Stopped solving",
    "hint": "Stopped looking for a hint",
    "count": "Stopped counting",
    "puzzle": "Stopped making a puzzle",
    "list": "Stopped listing the completions: the ones listed can still be browsed",
}
BROWSE_LIMIT = completions.LIMIT  # completions kept to browse


class _Progress(QObject):
    """Carries the count's and the listing's progress from the worker thread to the panel."""

    counted = Signal(int, float)
    listed = Signal(int, object, object)  # listed so far, their placement indices, the placements (first time)


class _Browsing:
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

    @property
    def listed(self) -> int:
        return len(self.found) if self.found is not None else 0


class PentominoPage(GamePage):
    # The keys of this game's page, for Help > Keyboard shortcuts (a test checks that every
    # shortcut the page binds is listed here).
    KEYS = (
        ("R, Shift+R", "Rotate the piece in hand clockwise, anticlockwise (also the wheel or a right click)"),
        ("F, Shift+F", "Mirror the piece in hand left-right, top-bottom"),
        ("Arrow keys", "Move the cursor square"),
        ("Space, Enter", "Place, or pick up, at the cursor (Shift: place over a piece)"),
        ("Delete, Backspace", "Remove the piece under the cursor"),
        ("Escape", "Put the piece in hand down"),
    )
    canvas: PentominoCanvas
    GAME = pm.NAME

    def __init__(self, settings=None, parent=None, board=None):
        super().__init__(settings, parent, board)
        self.tool_name: str | None = "F"
        self._lifted_at: int | None = None  # the undo index right after a pick-up
        self.rotation = 0
        self.reflected = False
        self._updating = False

        canvas = PentominoCanvas()
        canvas.place_requested.connect(self.place_at)
        canvas.pick_requested.connect(self.pick_up)
        canvas.remove_requested.connect(self.remove_at)
        canvas.rotate_requested.connect(self.rotate)
        canvas.mirror_requested.connect(self.mirror)
        canvas.drop_requested.connect(self.drop_tool)
        self.set_canvas(canvas)

        self.pieces_heading = QLabel()  # "Pieces" in bold and the count after it: rich text
        self.tool_layout.addWidget(self.pieces_heading)
        self.piece_buttons: dict[str, QToolButton] = {}
        self._icon_keys: dict[str, tuple] = {}  # what each button's icon shows, so an unchanged one is not redrawn
        grid = QGridLayout()
        grid.setSpacing(3)
        for i, name in enumerate(pm.PIECES + pm.TERRAIN):
            button = QToolButton()
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setIconSize(QSize(34, 34))
            button.setFixedSize(44, 44)
            button.setAccessibleName("terrain" if name == pm.TERRAIN else f"piece {name}")
            button.clicked.connect(lambda _=False, n=name: self.choose(n))
            grid.addWidget(button, i // 4, i % 4)
            self.piece_buttons[name] = button
        self.tool_layout.addLayout(grid)

        self.add_heading("Orientation")
        row = QHBoxLayout()
        self.rotate_button = self._button(
            "⟳  R",
            "Rotate the piece a quarter turn clockwise (R, right click or mouse wheel; Shift+R turns back)",
            lambda: self.rotate(1),
        )
        self.mirror_lr_button = self._button("⇆  F", "Mirror left-right (F)", lambda: self.mirror(True))
        self.mirror_ud_button = self._button("⇅  ⇧F", "Mirror up-down (Shift+F)", lambda: self.mirror(False))
        for b in (self.rotate_button, self.mirror_lr_button, self.mirror_ud_button):
            b.setMinimumWidth(10)
            row.addWidget(b)
        self.tool_layout.addLayout(row)
        self.orientation_label = WrappedLabel()
        self.orientation_label.setWordWrap(True)
        # Two lines kept whatever it says, so the buttons under it stay put.
        self.orientation_label.setFixedHeight(2 * self.orientation_label.fontMetrics().lineSpacing() + 4)
        self.orientation_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.tool_layout.addWidget(self.orientation_label)
        row = QHBoxLayout()
        self.remove_button = self._button("Remove", "Remove the piece under the cursor (Delete)", self._remove_hover)
        self.drop_button = self._button(
            "Put down", "Put the chosen piece down, so clicks pick pieces up (Escape)", self.drop_tool
        )
        for b in (self.remove_button, self.drop_button):
            b.setMinimumWidth(10)
        row.addWidget(self.remove_button)
        row.addWidget(self.drop_button)
        self.tool_layout.addLayout(row)

        self.add_heading("Colour")
        self.color_box = QComboBox()
        self.color_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for i, color in enumerate(PIECE_COLORS):
            pixmap = QPixmap(14, 14)
            pixmap.fill(color)
            self.color_box.addItem(QIcon(pixmap), pm.COLOR_NAMES[i], i)
            self.color_box.setItemData(i, f"{pm.COLOR_NAMES[i]} (colour {i} in the slug)", Qt.ItemDataRole.ToolTipRole)
        self.color_box.setToolTip("Colour of the chosen piece (every copy of it); the slug stores its number, 0-11")
        self.color_box.activated.connect(self._color_chosen)
        self.tool_layout.addWidget(self.color_box)

        self.add_heading("Board")
        form = QGridLayout()
        form.addWidget(QLabel("Surface"), 0, 0)
        self.surface_box = QComboBox()
        for letter, title in pm.SURFACES.items():
            self.surface_box.addItem(title, letter)
        self.surface_box.setToolTip("The surface the board lives on: which edges meet, and how")
        self.surface_box.activated.connect(self._surface_chosen)
        form.addWidget(self.surface_box, 0, 1)
        form.addWidget(QLabel("Height"), 1, 0)
        self.height_box = QSpinBox()
        self.height_box.setRange(pm.MIN_SIZE, pm.MAX_SIZE)
        self.height_box.setToolTip(
            "Rows (1-60). Pieces that then run off the board show as conflicts; "
            "pieces anchored below it are taken off and come back if the board grows "
            "again before the next edit"
        )
        self.height_box.valueChanged.connect(self._size_chosen)
        form.addWidget(self.height_box, 1, 1)
        form.addWidget(QLabel("Width"), 2, 0)
        self.width_box = QSpinBox()
        self.width_box.setRange(pm.MIN_SIZE, pm.MAX_SIZE)
        self.width_box.setToolTip(
            "Columns (1-60); a sphere is always square. Pieces anchored right of "
            "the board are taken off and come back if it grows again before the next edit"
        )
        self.width_box.valueChanged.connect(self._size_chosen)
        form.addWidget(self.width_box, 2, 1)
        self.tool_layout.addLayout(form)
        clear = self._button("Clear pieces", "Remove every piece, keep terrain, size and colours", self._clear_pieces)
        self.tool_layout.addWidget(clear)

        self.add_heading("Solver")
        self.solver_label = WrappedLabel()
        self.solver_label.setObjectName("solverStatus")
        # Three lines, said or not: the longest reason a board cannot be completed takes them.
        self.solver_label.setFixedHeight(3 * self.solver_label.fontMetrics().lineSpacing() + 4)
        self.solver_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.tool_layout.addWidget(self.solver_label)
        # How many completions are left, after every edit, when a short count finds them
        # all; one line kept whether it says anything or not.
        self.left_label = QLabel()
        self.left_label.setObjectName("completionsLeft")
        self.left_label.setFixedHeight(self.left_label.fontMetrics().lineSpacing() + 4)
        self.tool_layout.addWidget(self.left_label)
        self._left = LatestOnly(self)
        self._left.finished.connect(self._left_answer)
        row = QHBoxLayout()
        self.solve_button = self._button(
            "Solve", "Fill the board with the pieces not on it (one step to undo)", self.start_solve
        )
        self.hint_button = self._button("Hint", "Place one piece of a completion (undoable)", self.start_hint)
        self.count_button = self._button(
            "Count", "Count every way to complete the board (every placement counts)", self.start_count
        )
        for b in (self.solve_button, self.hint_button, self.count_button):
            b.setMinimumWidth(10)
            row.addWidget(b)
        self.tool_layout.addLayout(row)
        self.puzzle_button = self._button(
            "Make puzzle",
            "A board of this surface, size and terrain with pieces placed so that one completion is left (undoable)",
            self.start_puzzle,
        )
        self.tool_layout.addWidget(self.puzzle_button)
        row = QHBoxLayout()
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.cancel_button = self._button("Cancel", "Stop the search", self.cancel_search)
        for w in (self.progress, self.cancel_button):
            policy = w.sizePolicy()
            policy.setRetainSizeWhenHidden(True)  # they come and go without moving anything
            w.setSizePolicy(policy)
            w.hide()
            row.addWidget(w)
        self.tool_layout.addLayout(row)
        self._make_browser()
        # The searches run in a helper process: a count can take minutes, and on a thread
        # of this process it would slow every page laid out meanwhile tenfold.
        self._quick = LatestOnly(self, apart=(solver.__name__,))
        self._quick.finished.connect(self._quick_answer)
        self._quick_board: pm.Board | None = None
        # The last board whose "can it be completed" is known, and the answer (None: not
        # known at a glance), from the quick check or from a search that settled it.
        self._answered: tuple[pm.Board, bool | None] | None = None
        self._quick_timer = QTimer(self, singleShot=True, interval=QUICK_CHECK_DELAY_MS)
        self._quick_timer.timeout.connect(self._ask_quick)
        self._job = LatestOnly(self, apart=(solver.__name__, generate.__name__, completions.__name__))
        self._job.finished.connect(self._job_done)
        self._job_kind = ""
        self._progress = _Progress(self)
        self._progress.counted.connect(self._count_progress)
        self._progress.listed.connect(self._list_progress)

        # Texts whose length changes with the board stand last, so no control moves when
        # they grow or shrink.
        self.add_heading("Board state")
        self.seam_label = WrappedLabel()
        self.seam_label.setWordWrap(True)
        self.tool_layout.addWidget(self.seam_label)
        self.summary_label = WrappedLabel()
        self.summary_label.setWordWrap(True)
        self.tool_layout.addWidget(self.summary_label)
        self.problems_label = WrappedLabel()
        self.problems_label.setWordWrap(True)
        self.problems_label.setObjectName("pentominoProblems")
        self.tool_layout.addWidget(self.problems_label)

        self._problem_lines: tuple[list, bool] = ([], False)
        self.undo_stack.indexChanged.connect(self._undo_moved)
        self._refresh_tool()
        self.board_shown(self.board)

    def _make_browser(self) -> None:
        """Completions: step through them (Previous, the number box, Next), take one onto
        the board or go back to one's own. Every control is there whether or not there is
        anything to browse (greyed then), so nothing moves when browsing starts or ends."""
        self.add_heading("Completions")
        row = QHBoxLayout()
        self.previous_button = self._button("◀", "Show the previous completion (Alt+Left)", self.previous_completion)
        self.next_button = self._button("▶", "Show the next completion (Alt+Right)", self.next_completion)
        self.completion_box = QSpinBox()
        self.completion_box.setObjectName("completionNumber")
        self.completion_box.setRange(0, 0)
        self.completion_box.setSpecialValueText("–")  # nothing to browse
        self.completion_box.setKeyboardTracking(False)  # typed digits go to the board on Enter
        self.completion_box.setGroupSeparatorShown(True)
        self.completion_box.setToolTip("The number of the completion shown: type one and press Enter to go to it")
        self.completion_box.setMinimumWidth(80)
        self.completion_box.valueChanged.connect(self._completion_chosen)
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
        self.tool_layout.addLayout(row)
        row = QHBoxLayout()
        self.take_button = self._button(
            "Take it",
            "Put the completion shown on your board (one step to undo; Ctrl+Shift+T)",
            self.take_completion,
        )
        self.back_button = self._button(
            "My board",
            "Stop browsing and show your own board again (Ctrl+Shift+B); it has not been changed",
            self.stop_browsing,
        )
        for b in (self.take_button, self.back_button):
            b.setMinimumWidth(10)
            row.addWidget(b)
        self.tool_layout.addLayout(row)
        self.browse_label = WrappedLabel()
        self.browse_label.setObjectName("browseStatus")
        self.browse_label.setTextFormat(Qt.TextFormat.PlainText)
        # Three lines kept whatever it says (or nothing), so the panel below never moves.
        self.browse_label.setFixedHeight(3 * self.browse_label.fontMetrics().lineSpacing() + 4)
        self.browse_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.tool_layout.addWidget(self.browse_label)
        self._browsing: _Browsing | None = None
        self._show_browser()

    def _button(self, text: str, tip: str, slot) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.clicked.connect(lambda _=False: (slot(), self.canvas.setFocus()))
        return button

    # --- tool ------------------------------------------------------------------------
    def choose(self, name: str | None) -> None:
        """Take a piece (or terrain, "R") from the palette, or None to have empty hands."""
        self.tool_name = name
        self._refresh_tool()
        self.canvas.setFocus()

    def drop_tool(self) -> None:
        """Empty the hand. A piece just picked up from the board goes back where it was
        (the pick-up is undone); one taken from the palette is simply put away."""
        if self._lifted_at is not None and self._lifted_at == self.undo_stack.index():
            self._lifted_at = None
            self.undo_stack.undo()
            self.show_status("Put back where it was")
        self.tool_name = None
        self._refresh_tool()

    def rotate(self, step: int = 1) -> None:
        self.rotation = (self.rotation + step) % 4
        self._refresh_tool()

    def mirror(self, left_right: bool = True) -> None:
        turn = pm.mirrored_left_right if left_right else pm.mirrored_up_down
        self.rotation, self.reflected = turn(self.rotation, self.reflected)
        self._refresh_tool()

    def _refresh_tool(self) -> None:
        for name, button in self.piece_buttons.items():
            button.setChecked(name == self.tool_name)
        name = self.tool_name  # type: ignore[assignment]
        self.canvas.tool = (name, self.rotation, self.reflected) if name else None
        if name is None:
            self.orientation_label.setText("No piece chosen: click a piece on the board to pick it up")
        elif name == pm.TERRAIN:
            self.orientation_label.setText("Terrain: click cells to block them")
        else:
            o = self.rotation + 4 * self.reflected
            self.orientation_label.setText(
                f"{name}: rotation {self.rotation}, {'reflected' if self.reflected else 'not reflected'} (code {o})"
            )
        for b in (self.rotate_button, self.mirror_lr_button, self.mirror_ud_button):
            b.setEnabled(name is not None and name != pm.TERRAIN)
        self.color_box.setEnabled(name in PIECE_NAMES if name else False)
        if name in PIECE_NAMES:
            self.color_box.setCurrentIndex(self.board.color_of(name))
        self._refresh_icons()
        self.canvas.update()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and getattr(self, "piece_buttons", None):
            self._refresh_icons()  # the letters in the new theme's text colour

    def _refresh_icons(self) -> None:
        placed = {piece.name for piece in self.board.pieces}
        left = sum(1 for name in pm.PIECES if name not in placed)
        self.pieces_heading.setText(f"<b>Pieces</b> ({left} of {len(pm.PIECES)} left)")
        for name, button in self.piece_buttons.items():
            rotation, reflected = (self.rotation, self.reflected) if name == self.tool_name else (0, False)
            # Greyed when already on the board (a copy can still be placed).
            opacity = PLACED_OPACITY if name in placed and name != self.tool_name else 1.0
            color = item_color(self.board, name)
            ink = self.palette().color(QPalette.ColorRole.ButtonText)  # the letter reads in either theme
            key = (color.rgba(), rotation, reflected, opacity, ink.rgba())
            if self._icon_keys.get(name) != key:  # drawing 13 icons on every edit cost most of the edit
                self._icon_keys[name] = key
                button.setIcon(piece_icon(name, color, 34, rotation, reflected, opacity, ink))
            if name == pm.TERRAIN:
                button.setToolTip("Terrain: a blocked cell (slug letter R)")
            else:
                on_board = sum(1 for piece in self.board.pieces if piece.name == name)
                where = f"; {on_board} on the board" if on_board else ""
                button.setToolTip(
                    f"Place {name} ({pm.COLOR_NAMES[self.board.color_of(name)]}{where}); Escape puts it down"
                )

    # --- edits -----------------------------------------------------------------------
    def place_at(self, row: int, col: int) -> None:
        if self.tool_name is None or self._leave_browsing_first():
            return
        board = pm.place(self.board, self.tool_name, row, col, self.rotation, self.reflected)
        what = "terrain" if self.tool_name == pm.TERRAIN else self.tool_name
        self.set_board(board, f"Place {what} at {pm.square_name(row, col)}")

    def _covering(self, row: int, col: int) -> pm.Item | None:
        p = self.canvas.painting()
        o = p.owner[row * self.board.width + col]
        return p.items[o] if o >= 0 else None

    def pick_up(self, row: int, col: int) -> None:
        """Take the item covering (row, col) off the board and into the hand."""
        if self._leave_browsing_first():
            return
        item = self._covering(row, col)
        if item is None:
            return
        self.set_board(
            pm.remove_at(self.board, item.row, item.col),
            f"Pick up {'terrain' if item.is_terrain else item.name} at {pm.square_name(item.row, item.col)}",
        )
        # Escape now puts it back where it was, as long as nothing else has changed since.
        self._lifted_at = self.undo_stack.index()
        self.tool_name = item.name
        if not item.is_terrain:
            self.rotation, self.reflected = item.rotation, item.reflected
        self._refresh_tool()

    def remove_at(self, row: int, col: int) -> None:
        if self._leave_browsing_first():
            return
        item = self._covering(row, col)
        if item is None:
            self.show_status("Nothing to remove there")
            return
        self.set_board(
            pm.remove_at(self.board, item.row, item.col),
            f"Remove {'terrain' if item.is_terrain else item.name} at {pm.square_name(item.row, item.col)}",
        )

    def _remove_hover(self) -> None:
        if self.canvas.hover is not None:
            self.remove_at(*self.canvas.hover)

    def _clear_pieces(self) -> None:
        self.set_board(self.board.replace(pieces=()), "Clear pieces")

    def _color_chosen(self, index: int) -> None:
        if self.tool_name in PIECE_NAMES:
            self.set_board(pm.with_color(self.board, self.tool_name, index), f"Colour {self.tool_name}")
        self.canvas.setFocus()

    def _surface_chosen(self, index: int) -> None:
        if self._updating:
            return
        letter = self.surface_box.itemData(index)
        self.set_board(pm.with_surface(self.board, letter), f"Surface {pm.SURFACES[letter]}")
        self.canvas.setFocus()  # so R, F and the arrows act on the board again

    def _size_chosen(self, _value: int = 0) -> None:
        if self._updating:
            return
        height, width = pm.requested_size(self.board, self.height_box.value(), self.width_box.value())
        # Steps of one resize (spin box clicks, typing) merge into one undo step, and each
        # is applied to the board from before the first: shrinking and growing back brings
        # back the pieces that were anchored outside in between.
        base = self._resize_base()
        board = pm.resized(base if base is not None else self.board, height, width)
        self.set_board(board, f"Size {height}x{width}", merge_id=_SIZE_EDIT)
        dropped = pm.taken_off(base if base is not None else self.board, board)
        if dropped:
            self.show_status(
                f"{len(dropped)} item{'s' if len(dropped) > 1 else ''} anchored outside "
                f"{height}×{width} taken off; grow the board again or undo to bring them back"
            )

    def _show_problems(self) -> None:
        """The conflicts, and the items the last resize took off while that resize is the
        last edit. Also run when the undo stack moves: it does so after the board is shown."""
        shown, error = self._problem_lines
        base = self._resize_base()
        dropped = pm.taken_off(base, self.board) if base is not None else []
        if dropped:
            names = ", ".join(dropped[:6]) + (f" and {len(dropped) - 6} more" if len(dropped) > 6 else "")
            shown = [f"Off the {self.board.height}×{self.board.width} board (grow it again or undo): {names}"] + shown
        self.problems_label.setText(html_lines(shown) if shown else "No conflicts")
        set_text_colour(self.problems_label, "#e11d24" if dropped or error else None)

    def _undo_moved(self, _index: int) -> None:
        # The stack also signals while it is being destroyed with the page.
        if shiboken6.isValid(self.undo_stack) and shiboken6.isValid(self.problems_label):
            self._show_problems()

    def _resize_command(self):
        """The undo command of the resize that made the current board, if that is the last edit."""
        index = self.undo_stack.index()
        if index == 0 or index != self.undo_stack.count():
            return None
        command = self.undo_stack.command(index - 1)
        return command if command.id() == _SIZE_EDIT and command.new is self.board else None

    def _resize_base(self) -> pm.Board | None:
        command = self._resize_command()
        return command.old if command is not None else None

    # --- solving -----------------------------------------------------------------------
    def _start(self, kind: str, fn, *args, progress=None) -> None:
        # The search answers the person's question about this board: the quick check of the
        # same board, waiting or under way, would only say less, and later, on the same line.
        # It is about their own board, so browsing the completions of one ends.
        self._end_browsing()
        self._stop_quick_check()
        self._job_kind = kind
        for b in (self.solve_button, self.hint_button, self.count_button, self.puzzle_button):
            b.setEnabled(False)
        self.cancel_button.show()
        self.progress.setVisible(kind == "count")
        self.progress.setValue(0)
        self._job.submit(fn, *args, progress=progress)

    def start_solve(self) -> None:
        self.solver_label.setText("Solving…")
        self._start("solve", solver.solve, self.board)

    def start_hint(self) -> None:
        if pm.is_complete(self.board):
            self.show_status("The board is complete: no piece is left to place")
            return
        self.solver_label.setText("Looking for a hint…")
        self._start("hint", solver.hint, self.board)

    def start_count(self) -> None:
        self.solver_label.setText("Counting…")
        # Every core: the count splits into subproblems that processes count side by side.
        self._start("count", solver.count_on_every_core, self.board, progress=self._progress.counted.emit)

    def start_puzzle(self) -> None:
        board = self.board
        self.solver_label.setText("Making a puzzle…")
        self._start("puzzle", generate.generate, board.surface, board.height, board.width, None, None, board.terrain)

    def cancel_search(self) -> None:
        """Stop the solve, hint or count under way (an edit does too)."""
        if not self._job.busy:
            return
        kind = self._job_kind
        self._job.cancel()
        self._job_finished()
        self.show_status(_STOPPED[kind])
        if kind == "list" and self._browsing is not None:
            self._browsing.listing = False
            self._browsing.stopped = True
            if not self._browsing.listed:
                self._end_browsing()
            else:
                self._show_browser()
            return
        self._check_board()

    def _job_finished(self) -> None:
        self._job_kind = ""
        for b in (self.solve_button, self.hint_button, self.count_button, self.puzzle_button):
            b.setEnabled(True)
        self.progress.hide()
        self.cancel_button.hide()

    def _count_progress(self, found: int, fraction: float) -> None:
        if self._job_kind == "count":
            self.progress.setValue(int(fraction * 1000))
            self.solver_label.setText(f"Counting… {fraction:.0%} of the search done, {found:,} so far")

    def _empty_hand_if_placed(self) -> None:
        """After Solve or Hint: a piece in hand that the search has just put on the board
        is put down, so the next click does not place a second copy of it."""
        if self.tool_name in PIECE_NAMES and any(p.name == self.tool_name for p in self.board.pieces):
            self.tool_name = None
            self._lifted_at = None
            self._refresh_tool()

    def paste_board(self, board, *, prepared: bool = False) -> None:
        # A pasted board starts with nothing under the pointer; an empty board whose slug
        # names no colour gets a colour for each piece, as a new board has.
        self.canvas.forget_hover()
        super().paste_board(pm.with_distinct_colors(board), prepared=prepared)

    def open_record(self, record) -> None:
        self.canvas.forget_hover()
        self.set_board(pm.with_distinct_colors(record.board), "Open file")

    def _job_done(self, result) -> None:
        kind = self._job_kind
        self._job_finished()
        if kind == "list":
            self._list_done(result)
            return
        if isinstance(result, generate.NoPuzzleError):
            self.show_status(f"No puzzle on this board: {result}")
        elif isinstance(result, Exception):
            self.show_status(f"The search failed: {why(result)}")
        elif kind == "puzzle":
            # A puzzle has exactly one completion: known, so its quick check is not run.
            puzzle = result.replace(colors=self.board.colors) if any(self.board.colors) else result
            self._answered = (puzzle, True)
            self.set_board(puzzle, "Make puzzle")
            self.show_status(f"A puzzle with one completion: {len(puzzle.pieces)} pieces placed")
        elif kind == "count":
            found, _complete = result
            self._answered = (self.board, found > 0)
            ways = "way" if found == 1 else "ways"
            self.solver_label.setText(f"{found:,} {ways} to complete the board")
            if found:
                self._start_browsing(self.board, found)
            return
        elif result is None:  # a solve or hint that found no completion
            self._answered = (self.board, False)
        elif kind == "solve":
            # The completed board can be completed: known, so its quick check is not run.
            self._answered = (result, True)
            before = self.board
            self.set_board(result, "Solve")
            self._empty_hand_if_placed()
            self.show_status("Solved: every empty cell is covered (Ctrl+Z undoes it); ▶ shows other completions")
            # The other completions of the board as it was, to browse: Solve's is the first.
            self._check_board()
            self._start_browsing(before, None)
            return
        elif kind == "hint":
            piece = result.piece
            board = pm.place(self.board, piece.name, piece.row, piece.col, piece.rotation, piece.reflected)
            # The hint is a piece of a completion the search found: the board with it placed
            # can be completed, whatever a quick check, short of time, would say.
            self._answered = (board, True)
            self.set_board(board, f"Hint: {piece.name} at {pm.square_name(piece.row, piece.col)}")
            self._empty_hand_if_placed()
            self.show_status(f"Hint: {piece.name} at {pm.square_name(piece.row, piece.col)}")
        self._check_board()

    # --- browsing the completions ------------------------------------------------------
    def _start_browsing(self, base: pm.Board, total: int | None) -> None:
        """List the completions of `base` in the background and show them as they come;
        the person's board (now `self.board`) stays as it is until they take one."""
        self._browsing = _Browsing(base, self.board, total)
        self._show_browser()
        # Solve, Hint, Count and Make puzzle stay at hand: each is about the person's own
        # board, and ends browsing (and this listing) when clicked.
        self._job_kind = "list"
        self.cancel_button.show()
        self.progress.show()
        self.progress.setValue(0)
        self._job.submit(completions.completions, base, BROWSE_LIMIT, progress=self._progress.listed.emit)

    def _list_progress(self, found: int, indices, placements) -> None:
        browsing = self._browsing
        if self._job_kind != "list" or browsing is None:
            return
        if browsing.found is None:
            if placements is None:
                return  # the start of this listing was not heard: its answer brings all of it
            browsing.found = completions.listed(browsing.base, found, indices, placements)
        else:
            browsing.found.add(found, indices)
        cap = min(browsing.total, BROWSE_LIMIT) if browsing.total is not None else BROWSE_LIMIT
        self.progress.setValue(int(1000 * min(1.0, found / cap)))
        self._show_browser()
        if browsing.shown is None:
            self._show_completion(0)  # the first, as soon as it is found

    def _list_done(self, result) -> None:
        browsing = self._browsing
        if browsing is None:
            return
        browsing.listing = False
        if isinstance(result, Exception):
            self.show_status(f"Listing the completions failed: {why(result)}")
        else:
            browsing.found = result
            if not result.more:
                browsing.total = len(result)  # all of them listed: that is how many there are
        if not browsing.listed:
            self._end_browsing()
            return
        self._show_browser()
        if browsing.shown is None:
            self._show_completion(0)

    def _show_completion(self, index: int) -> None:
        browsing = self._browsing
        if browsing is None or browsing.found is None or not 0 <= index < browsing.listed:
            return
        browsing.index = index
        shown = browsing.found.board_of(index)
        own = {(p.name, p.row, p.col) for p in browsing.base.pieces}  # placed by the person, not by Solve
        browsing.added = frozenset((p.name, p.row, p.col) for p in shown.pieces) - own
        browsing.shown = shown
        self.canvas.browsing = True
        self.canvas.added = browsing.added
        self.canvas.set_board(shown)
        self._show_browser()
        self.shown_changed.emit()

    def shown_board(self):
        browsing = self._browsing
        return browsing.shown if browsing is not None and browsing.shown is not None else self.board

    def export_state(self) -> dict:
        browsing = self._browsing
        return {"added": browsing.added} if browsing is not None and browsing.shown is not None else {}

    def is_browsing(self) -> bool:
        return self._browsing is not None and self._browsing.shown is not None

    def has_next_completion(self) -> bool:
        b = self._browsing
        return b is not None and b.shown is not None and b.index + 1 < b.listed

    def has_previous_completion(self) -> bool:
        b = self._browsing
        return b is not None and b.shown is not None and b.index > 0

    def next_completion(self) -> None:
        if self.has_next_completion():
            assert self._browsing is not None
            self._show_completion(self._browsing.index + 1)

    def previous_completion(self) -> None:
        if self.has_previous_completion():
            assert self._browsing is not None
            self._show_completion(self._browsing.index - 1)

    def _completion_chosen(self, value: int) -> None:
        b = self._browsing
        if not self._updating and b is not None and value >= 1 and value - 1 != b.index:
            self._show_completion(value - 1)

    def take_completion(self) -> None:
        """Put the completion shown on the person's board, as one undoable step."""
        b = self._browsing
        if b is None or b.shown is None:
            return
        number, shown = b.index + 1, b.shown
        self._answered = (shown, True)  # a completion: complete, so no quick check for it
        if not self.set_board(shown, f"Take completion {number:,}"):
            self._end_browsing()  # it was the board already (Solve's, say)
        self._empty_hand_if_placed()
        self.show_status(f"Completion {number:,} is on your board (Ctrl+Z undoes it)")

    def stop_browsing(self) -> None:
        """Show the person's own board again (it was never changed)."""
        if self._browsing is not None:
            self._end_browsing()
            self.show_status("Your own board again")

    def _leave_browsing_first(self) -> bool:
        """A click or key on the board while a completion is shown brings the person's own
        board back rather than editing a board they cannot see; True when it did."""
        if not self.is_browsing():
            return False
        self.stop_browsing()
        self.show_status("Your own board again: the completion was only shown, so nothing was changed")
        return True

    def _end_browsing(self) -> None:
        b, self._browsing = self._browsing, None
        if b is None:
            return
        if self._job_kind == "list" and self._job.busy:
            self._job.cancel()
            self._job_finished()
        self.canvas.browsing = False
        self.canvas.added = frozenset()
        self.canvas.set_board(self.board)
        self._show_browser()
        if b.shown is not None:
            self.shown_changed.emit()

    def _show_browser(self) -> None:
        """The browser's controls and words for what is being browsed, or nothing."""
        b = self._browsing
        listed = b.listed if b is not None else 0
        on = b is not None and b.shown is not None
        self._updating = True
        try:
            self.completion_box.setRange(1 if listed else 0, max(listed, 0))
            self.completion_box.setValue(b.index + 1 if b is not None and listed else 0)
        finally:
            self._updating = False
        self.completion_box.setEnabled(listed > 1)
        self.previous_button.setEnabled(self.has_previous_completion())
        self.next_button.setEnabled(self.has_next_completion())
        self.take_button.setEnabled(on)
        self.back_button.setEnabled(b is not None)
        if b is None:
            self.completions_total.setText("")
            self.browse_label.setText("Count or Solve, then step through every completion here")
        else:
            # Without a total, more may follow (being listed, stopped, or past those kept).
            self.completions_total.setText(f"of {b.total:,}" if b.total is not None else f"of {listed:,}+")
            self.browse_label.setText(self._browse_words(b))
        self.actions_changed.emit()

    @staticmethod
    def _browse_words(b: _Browsing) -> str:
        listed, total = b.listed, b.total
        kept = b.found is not None and b.found.more or (total is not None and total > BROWSE_LIMIT)
        if b.listing:
            if not listed:
                return "Finding the completions…"
            of = f" of {min(total, BROWSE_LIMIT):,}" if total is not None else ""
            return f"Listing the completions… {listed:,}{of} so far: step through them meanwhile"
        if b.stopped and total is not None and listed < total:
            return f"Listing stopped: showing the first {listed:,} of {total:,}"
        if b.stopped and total is None:
            return f"Listing stopped: showing the first {listed:,} found"
        if kept and total is not None:
            return f"Showing the first {listed:,} of {total:,}: only these are kept"
        if kept:
            return f"Showing the first {listed:,}: there are more, but only these are kept (Count says how many)"
        return "Your board is unchanged: the pale pieces are this completion's. Take it puts it on your board"

    def _check_board(self) -> None:
        """Say whether the board shown can be completed: at once when that is known, else
        "Checking…" and the quick check a moment later. A check of this board already
        waiting or under way is left to answer, and none starts while a search runs (the
        search stopped it, and says more)."""
        if self._job.busy:
            return
        board = self.board
        if self._answered is not None and self._answered[0] == board:
            self._stop_quick_check()
            self._show_answer(self._answered[1])
            return
        if self._quick_board == board and (self._quick_timer.isActive() or self._quick.busy):
            return
        self._stop_quick_check()
        self.solver_label.setText("Checking…")
        # The quick question is asked a moment after the last edit of a burst: a search in
        # the background competes with the painting of the edit for the interpreter.
        self._quick_board = board
        self._quick_timer.start()

    def _stop_quick_check(self) -> None:
        """Give up the quick check: the one waiting for its timer does not start, and the
        answer of one under way is dropped."""
        self._quick_timer.stop()
        self._quick.cancel()

    def _ask_quick(self) -> None:
        if self._quick_board is not None:
            self._quick.submit(solver.completable, self._quick_board, QUICK_CHECK_SECONDS)

    def _quick_answer(self, result) -> None:
        if isinstance(result, Exception):
            self.solver_label.setText("Could not check this board")
            return
        if self._quick_board is not None:
            self._answered = (self._quick_board, result)
        self._show_answer(result)

    def _ask_left(self, result: bool | None) -> None:
        """Count the completions left when the board can be completed and a short count
        finds them all."""
        self._left.cancel()
        self.left_label.setText("")
        if result is True:
            self._left.submit(solver.count_within, self.board, QUICK_CHECK_SECONDS)

    def _left_answer(self, result) -> None:
        if isinstance(result, int):
            self.left_label.setText(f"Completions left: {result:,}")

    def _show_answer(self, result: bool | None) -> None:
        self._ask_left(result)
        if result is True:
            self.solver_label.setText("Can be completed")
        elif result is False:
            self.solver_label.setText(
                f"Cannot be completed: {solver.reason(self.board) or 'no placement of the pieces left fills it'}"
            )
        else:
            self.solver_label.setText("Not known at a glance: Solve or Count checks")

    def shutdown(self) -> None:
        self._left.shutdown()
        self._quick_timer.stop()
        self._quick.shutdown()
        self._job.shutdown()

    # --- showing ---------------------------------------------------------------------
    def board_shown(self, board: pm.Board) -> None:
        # Any edit ends browsing, stops a search for the board before it, and says anew
        # whether the board can be completed.
        if self._browsing is not None and board is not self._browsing.owner:
            self._end_browsing()
        if self._job.busy:
            self._job.cancel()
            self._job_finished()
        if self._answered is None or self._answered[0] != board:
            self._left.cancel()
            self.left_label.setText("")
        self._check_board()
        self.canvas.set_board(board)
        self._updating = True
        try:
            self.surface_box.setCurrentIndex(list(pm.SURFACES).index(board.surface))
            self.height_box.setValue(board.height)
            self.width_box.setValue(board.width)
            self.width_box.setEnabled(board.surface != "S")
        finally:
            self._updating = False
        self.seam_label.setText(pm.SEAM_TEXT[board.surface].capitalize() + ".")
        # One painting serves the canvas, the summary and the problem list.
        painting = self.canvas.painting()
        covered = board.cell_count - painting.count.count(0)
        empty = board.cell_count - covered
        state = "complete solution" if pm.is_complete(board, painting) else f"{plural(empty, 'empty cell')}"
        self.summary_label.setText(
            f"{plural(len(board.pieces), 'piece')}, {len(board.terrain)} terrain, "
            f"{covered} of {plural(board.cell_count, 'cell')} covered: {state}"
        )
        problems = pm.problems(board, painting)
        shown = [p.message for p in problems[:8]]
        if len(problems) > 8:
            shown.append(f"… and {len(problems) - 8} more")
        self._problem_lines = shown, any(p.severity == "error" for p in problems)
        self._show_problems()
        self._refresh_tool()

"""The game's page: the canvas and the tool panel, composed of the piece palette
(`palette`), the board's surface and size (`board_form`), the solver (`solver_panel`),
the completions browser (`browser`) and the board's state; and the edits they make."""

from __future__ import annotations

from dataclasses import replace

import shiboken6

from slugboard.codecs import pentomino as pm
from slugboard.codecs.wording import plural

from ..page import GamePage, WrappedLabel, html_lines, set_text_colour
from .board_form import BoardForm
from .browser import CompletionBrowser
from .canvas import _SIZE_EDIT, PentominoCanvas
from .paint import PIECE_NAMES
from .palette import PiecePalette
from .search import Searches
from .solver_panel import SolverPanel


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
    # Wider than the default: the Solver's and the Completions' messages take two lines
    # rather than three, and the panel fits the window's default size whole. The board,
    # as tall as the canvas allows, keeps its size.
    TOOL_PANEL_WIDTH = 300

    def __init__(self, settings=None, parent=None, board=None):
        super().__init__(settings, parent, board)
        self._lifted_at: int | None = None  # the undo index right after a pick-up
        canvas = PentominoCanvas()
        canvas.place_requested.connect(self.place_at)
        canvas.pick_requested.connect(self.pick_up)
        canvas.remove_requested.connect(self.remove_at)
        canvas.rotate_requested.connect(self.rotate)
        canvas.mirror_requested.connect(self.mirror)
        canvas.drop_requested.connect(self.drop_tool)
        self.set_canvas(canvas)

        self.palette_part = PiecePalette(self.focus_canvas)
        self.palette_part.chosen.connect(self.choose)
        self.palette_part.remove_clicked.connect(self._remove_hover)
        self.palette_part.drop_clicked.connect(self.drop_tool)
        self.palette_part.color_chosen.connect(self._color_chosen)
        self.palette_part.changed.connect(self._hand_changed)
        self.form = BoardForm(self.focus_canvas)
        self.form.surface_chosen.connect(self._surface_chosen)
        self.form.size_chosen.connect(self._size_chosen)
        self.form.clear_clicked.connect(self._clear_pieces)
        self.searches = Searches(self.focus_canvas)
        self.solver = SolverPanel(self, self.searches)
        self.browser = CompletionBrowser(self, self.searches)
        self.solver.browser = self.browser
        self.form.buttons_row.addWidget(self.solver.puzzle_button)  # a new board of this one's shape
        for part in (self.palette_part, self.form, self.solver, self.browser):
            self.tool_layout.addWidget(part)
        self._board_state()
        self._expose_parts()
        self.undo_stack.indexChanged.connect(self._undo_moved)
        self._refresh_tool()
        self.board_shown(self.board)

    def _board_state(self) -> None:
        # Texts whose length changes with the board stand last, so no control moves when
        # they grow or shrink. No heading: they speak for themselves, and the panel fits.
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

    def _expose_parts(self) -> None:
        """The controls of the parts, by the names the page has always given them (the
        window's tests and the help find them so)."""
        palette, form, solver, browser = self.palette_part, self.form, self.solver, self.browser
        self.pieces_heading = palette.heading
        self.piece_buttons = palette.buttons
        self.rotate_button, self.mirror_lr_button = palette.rotate_button, palette.mirror_lr_button
        self.mirror_ud_button, self.orientation_label = palette.mirror_ud_button, palette.orientation_label
        self.remove_button, self.drop_button, self.color_box = (
            palette.remove_button,
            palette.drop_button,
            palette.color_box,
        )
        self.surface_box, self.height_box, self.width_box = form.surface_box, form.height_box, form.width_box
        self.solver_label, self.left_label = solver.solver_label, solver.left_label
        self.solve_button, self.hint_button = solver.solve_button, solver.hint_button
        self.count_button, self.puzzle_button = solver.count_button, solver.puzzle_button
        self.progress, self.cancel_button = self.searches.progress, self.searches.cancel_button
        self.previous_button, self.next_button = browser.previous_button, browser.next_button
        self.completion_box, self.completions_total = browser.completion_box, browser.completions_total
        self.take_button, self.back_button = browser.take_button, browser.back_button
        self.browse_label = browser.browse_label

    # --- the hand ---------------------------------------------------------------------
    @property
    def tool_name(self) -> str | None:
        return self.palette_part.tool_name

    @property
    def rotation(self) -> int:
        return self.palette_part.rotation

    @property
    def reflected(self) -> bool:
        return self.palette_part.reflected

    def choose(self, name: str | None) -> None:
        """Take a piece (or terrain, "R") from the palette, or None to have empty hands."""
        self.palette_part.hold(name)
        self.canvas.setFocus()

    def drop_tool(self) -> None:
        """Empty the hand. A piece just picked up from the board goes back where it was
        (the pick-up is undone); one taken from the palette is simply put away."""
        if self._lifted_at is not None and self._lifted_at == self.undo_stack.index():
            self._lifted_at = None
            self.undo_stack.undo()
            self.show_status("Put back where it was")
        self.palette_part.hold(None)

    def rotate(self, step: int = 1) -> None:
        self.palette_part.rotate(step)

    def mirror(self, left_right: bool = True) -> None:
        self.palette_part.mirror(left_right)

    def _refresh_tool(self) -> None:
        self.palette_part.refresh(self.board)

    def _hand_changed(self) -> None:
        self.canvas.tool = self.palette_part.tool
        self.canvas.update()

    def empty_hand_if_placed(self) -> None:
        """After Solve or Hint: a piece in hand that the search has just put on the board
        is put down, so the next click does not place a second copy of it."""
        if self.tool_name in PIECE_NAMES and any(p.name == self.tool_name for p in self.board.pieces):
            self._lifted_at = None
            self.palette_part.hold(None)

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
        if item.is_terrain:
            self.palette_part.hold(item.name)
        else:
            self.palette_part.hold(item.name, item.rotation, item.reflected)

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
        self.set_board(replace(self.board, pieces=()), "Clear pieces")

    def _color_chosen(self, index: int) -> None:
        if self.tool_name in PIECE_NAMES:
            self.set_board(pm.with_color(self.board, self.tool_name, index), f"Colour {self.tool_name}")
        self.canvas.setFocus()

    def _surface_chosen(self, letter: str) -> None:
        self.set_board(pm.with_surface(self.board, letter), f"Surface {pm.SURFACES[letter]}")
        self.canvas.setFocus()  # so R, F and the arrows act on the board again

    def _size_chosen(self, rows: int, columns: int) -> None:
        height, width = pm.requested_size(self.board, rows, columns)
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

    def paste_board(self, board, *, prepared: bool = False) -> None:
        # A pasted board starts with nothing under the pointer; an empty board whose slug
        # names no colour gets a colour for each piece, as a new board has.
        self.canvas.forget_hover()
        super().paste_board(pm.with_distinct_colors(board), prepared=prepared)

    def open_record(self, record) -> None:
        self.canvas.forget_hover()
        self.set_board(pm.with_distinct_colors(record.board), "Open file")

    # --- the solver and the completions -------------------------------------------------
    def start_solve(self) -> None:
        self.solver.start_solve()

    def start_hint(self) -> None:
        self.solver.start_hint()

    def start_count(self) -> None:
        self.solver.start_count()

    def start_puzzle(self) -> None:
        self.solver.start_puzzle()

    def cancel_search(self) -> None:
        """Stop the search under way (an edit does too)."""
        self.searches.cancel()

    def take_board(self, shown: pm.Board, number: int) -> None:
        """Put completion `number`, `shown`, on the person's board, as one undoable step."""
        self.solver.check.know(shown, True)  # a completion: complete, so no quick check for it
        if not self.set_board(shown, f"Take completion {number:,}"):
            self.browser.end()  # it was the board already (Solve's, say)
        self.empty_hand_if_placed()
        self.show_status(f"Completion {number:,} is on your board (Ctrl+Z undoes it)")

    def shown_board(self):
        shown = self.browser.shown
        return shown if shown is not None else self.board

    def export_state(self) -> dict:
        shown = self.browser.shown
        return {"added": self.browser.browsing.added} if shown is not None and self.browser.browsing else {}

    def is_browsing(self) -> bool:
        return self.browser.shown is not None

    def has_next_completion(self) -> bool:
        return self.browser.has_next()

    def has_previous_completion(self) -> bool:
        return self.browser.has_previous()

    def next_completion(self) -> None:
        self.browser.next()

    def previous_completion(self) -> None:
        self.browser.previous()

    def take_completion(self) -> None:
        self.browser.take()

    def stop_browsing(self) -> None:
        self.browser.stop()

    def _leave_browsing_first(self) -> bool:
        """A click or key on the board while a completion is shown brings the person's own
        board back rather than editing a board they cannot see; True when it did."""
        if not self.is_browsing():
            return False
        self.stop_browsing()
        self.show_status("Your own board again: the completion was only shown, so nothing was changed")
        return True

    def shutdown(self) -> None:
        self.solver.shutdown()

    # --- showing ---------------------------------------------------------------------
    def board_shown(self, board: pm.Board) -> None:
        # Any edit ends browsing, stops a search for the board before it, and says anew
        # whether the board can be completed.
        browsing = self.browser.browsing
        if browsing is not None and board is not browsing.owner:
            self.browser.end()
        self.solver.board_changed(board)
        self.canvas.set_board(board)
        self.form.show_board(board)
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

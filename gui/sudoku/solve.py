"""Solve mode of the sudoku page: the solver's tools, timer, check and progress kept.

The puzzle (the page's board) never changes here: the solver's digits, marks and colours
are a `Solving` of their own, kept per puzzle (under its `puzzle_key`) in memory and in
the settings file, and each step is an undo step of the page's stack that swaps one
`Solving` for another."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QElapsedTimer, Qt, QTimer
from PySide6.QtGui import QColor, QGuiApplication, QUndoCommand
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from slugboard.codecs.sudoku import solving as sv

from ..store import set_setting

if TYPE_CHECKING:
    from slugboard.codecs import sudoku

    from .page import SudokuPage

SETTINGS_KEY = "sudoku/solving"  # {puzzle key: {"state", "ms", "solved", "seen"}}, as JSON text
UNREADABLE_KEY = "sudoku/solving-unreadable"  # kept progress that no longer reads, moved aside
KEPT_PUZZLES = 40  # the puzzles whose progress is kept; the least recently opened go first
TOOL_KEYS = {"digit": "Z", "corner": "X", "centre": "C", "colour": "V"}
TOOL_NAMES = {"digit": "Digit", "corner": "Corner", "centre": "Centre", "colour": "Colour"}


class SolvingCommand(QUndoCommand):
    """One solving step: the state of one puzzle before and after it."""

    def __init__(self, page: SudokuPage, key: str, old: sv.Solving, new: sv.Solving, text: str) -> None:
        super().__init__(text)
        self.page, self.key, self.old, self.new = page, key, old, new

    def redo(self) -> None:
        self.page.solve.put(self.key, self.new)

    def undo(self) -> None:
        self.page.solve.put(self.key, self.old)


class SolveControls(QWidget):
    """Solve's rows of the panel, shown in place of Set's: the four tools, the timer with
    pause, Check, and the line that says how the solve stands."""

    def __init__(self, mode: SolveMode) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        tools = QHBoxLayout()
        tools.setSpacing(2)
        self.tool_group = QButtonGroup(self)
        self.tool_buttons: dict[str, QPushButton] = {}
        for tool in sv.TOOLS:
            button = QPushButton(TOOL_NAMES[tool])
            button.setCheckable(True)
            button.setMinimumWidth(40)
            button.setFixedHeight(button.fontMetrics().height() + 6)  # Solve's rows take no more room than Set's
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setToolTip(f"{TOOL_NAMES[tool]} tool ({TOOL_KEYS[tool]}); Space moves to the next tool")
            button.clicked.connect(lambda _=False, t=tool: mode.set_tool(t))
            self.tool_group.addButton(button)
            tools.addWidget(button)
            self.tool_buttons[tool] = button
        self.tool_buttons["digit"].setChecked(True)
        layout.addLayout(tools)
        row = QHBoxLayout()
        self.clock_label = QLabel("0:00")
        self.clock_label.setObjectName("solveClock")
        self.clock_label.setToolTip("Time spent on this puzzle")
        row.addWidget(self.clock_label, 1)
        self.pause_button = QPushButton("Pause")
        self.pause_button.setToolTip("Stop the clock and hide the grid; a click on it or Resume goes on")
        self.pause_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.pause_button.clicked.connect(mode.toggle_pause)
        row.addWidget(self.pause_button)
        self.check_button = QPushButton("Check")
        self.check_button.setToolTip("Show in red the digits that differ from the solution")
        self.check_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.check_button.clicked.connect(mode.check)
        row.addWidget(self.check_button)
        for button in (self.pause_button, self.check_button):
            button.setFixedHeight(button.fontMetrics().height() + 6)
        layout.addLayout(row)
        self.message = ""  # how the solve stands, said under Hint and solution (no room here)


class SolveMode:
    """The page's Solve mode (owned by the page, which shows what it says)."""

    def __init__(self, page: SudokuPage) -> None:
        self.page = page
        self.on = False
        self.tool = "digit"
        self.puzzle: sudoku.Board | None = None
        self.key = ""
        self.state: sv.Solving | None = None
        self.kept: dict[str, dict[str, Any]] = self._read_kept()
        self.solved_ms: int | None = None
        self._before_ms = 0  # time on the clock before it last started
        self._clock = QElapsedTimer()
        self.paused = False
        self.revealed: frozenset[int] = frozenset()
        self.controls = SolveControls(self)
        self._tick = QTimer(page)
        self._tick.setInterval(1000)
        self._tick.timeout.connect(self._show_clock)
        self._save = QTimer(page)
        self._save.setSingleShot(True)
        self._save.setInterval(400)
        self._save.timeout.connect(self.write_kept)

    # --- the puzzle on screen -------------------------------------------------------
    def show_board(self, board: sudoku.Board) -> sudoku.Board:
        """Take `board` as the puzzle to solve; the board to draw."""
        puzzle, from_link = sv.split(board)
        key = sv.puzzle_key(puzzle)
        if key != self.key or self.state is None:
            self._leave()
            self.puzzle, self.key = puzzle, key
            stored = self.kept.get(key, {})
            state = from_link
            if from_link.is_empty and "state" in stored:
                try:
                    state = sv.from_json(stored["state"], puzzle.size)
                except Exception:  # noqa: BLE001 - a kept state that no longer reads is started afresh
                    state = from_link
            self.state = state
            self._before_ms = stored.get("ms", 0) if isinstance(stored.get("ms"), int) else 0
            self.solved_ms = self._before_ms if stored.get("solved") is True else None
            self.revealed = frozenset()
            self.paused = False
            self._start_clock()
        self.puzzle = puzzle
        assert self.state is not None
        return sv.shown(puzzle, self.state)

    def _leave(self) -> None:
        """Keep the time spent on the puzzle being left."""
        if self.state is not None and self.key:
            self._remember()
        self._tick.stop()
        self._clock.invalidate()

    def elapsed_ms(self) -> int:
        if self.solved_ms is not None:
            return self.solved_ms
        running = self._clock.elapsed() if self._clock.isValid() else 0
        return self._before_ms + running

    def _start_clock(self) -> None:
        if self.on and self.solved_ms is None and not self.paused and not self._clock.isValid():
            self._clock.start()
            self._tick.start()
        self._show_clock()

    def _stop_clock(self) -> None:
        if self._clock.isValid():
            self._before_ms += self._clock.elapsed()
            self._clock.invalidate()
        self._tick.stop()
        self._show_clock()

    def _show_clock(self) -> None:
        text = sv.clock(self.elapsed_ms())
        if self.paused:
            text += " (paused)"
        self.controls.clock_label.setText(text)
        self.controls.pause_button.setText("Resume" if self.paused else "Pause")
        canvas = self.page.canvas
        if canvas is not None and canvas.covered != self.paused:
            canvas.covered = self.paused
            canvas.update()
        self.controls.pause_button.setEnabled(self.solved_ms is None)

    def set_on(self, on: bool) -> None:
        self.on = on
        if on:
            self._start_clock()
        else:
            self._stop_clock()

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        if self.paused:
            self._stop_clock()
        else:
            self._start_clock()
        self._remember()
        self.page.canvas.setFocus()

    # --- the tools ------------------------------------------------------------------
    def set_tool(self, tool: str) -> None:
        self.tool = tool
        self.controls.tool_buttons[tool].setChecked(True)
        self.page.canvas.tool = tool
        self.page.show_tool(tool)

    def next_tool(self) -> None:
        self.set_tool(sv.TOOLS[(sv.TOOLS.index(self.tool) + 1) % len(sv.TOOLS)])

    def typed(self, tool: str, digit: int) -> None:
        """`digit` (or colour) put with `tool` on the selected cells."""
        if self.puzzle is None or self.state is None or not self.page.canvas.selection:
            return
        if tool == "colour" and digit > len(sv.COLOURS):
            return
        cells = list(self.page.canvas.selection)
        new = self.state.apply(tool, cells, digit, self.puzzle)
        where = _cells_name(cells, self.puzzle.size)
        self._step(new, f"{TOOL_NAMES[tool]} {digit} in {where}")

    def cleared(self, tool: str) -> None:
        if self.puzzle is None or self.state is None or not self.page.canvas.selection:
            return
        cells = list(self.page.canvas.selection)
        new = self.state.clear(tool, cells)
        self._step(new, f"Clear {_cells_name(cells, self.puzzle.size)}")

    def _step(self, new: sv.Solving, text: str) -> None:
        old = self.state
        if old is None or new == old:
            return
        if self.solved_ms is not None and new.entries != old.entries:
            self.page.show_status("Solved: the digits stay as they are (Restart to solve it again)")
            return
        if self.paused:
            self.paused = False
            self._start_clock()
        self.page.undo_stack.push(SolvingCommand(self.page, self.key, old, new, text))

    def put(self, key: str, state: sv.Solving) -> None:
        """Make `state` the solving state of the puzzle `key` (an undo step's work)."""
        if key != self.key or self.puzzle is None:
            self.kept.setdefault(key, {})["state"] = sv.to_json(state)
            self._save.start()
            return
        old, self.state = self.state, state
        # A digit shown wrong stays so until it changes.
        self.revealed = frozenset(i for i in self.revealed if old is not None and state.entries[i] == old.entries[i])
        self.page.solving_changed(sv.shown(self.puzzle, state))
        self._remember()

    def restart(self) -> None:
        """Take away all the solver's work (one undo step; the clock runs on)."""
        if self.state is not None and self.puzzle is not None:
            if self.solved_ms is not None:  # a new solve: the clock starts again from nought
                self.solved_ms, self._before_ms = None, 0
                self._clock.invalidate()
                self._start_clock()
            self._step(sv.Solving.empty(len(self.puzzle.cells)), "Restart")

    def take_board(self, board: sudoku.Board, text: str) -> None:
        """The solver's work as `board` (the drawn board, changed by a hint) holds it."""
        if self.puzzle is None or self.state is None:
            return
        entries = tuple(0 if g else d for g, d in zip(self.puzzle.cells, board.cells))
        self._step(replace(self.state, entries=entries, corner=board.corner, centre=board.centre), text)

    # --- check and finish -----------------------------------------------------------
    def solution(self) -> tuple[int, ...] | None:
        """The setter's solution, else the one solution the count found (None when the
        puzzle has several, or none, or the count is not in yet)."""
        assert self.puzzle is not None
        setter = sv.setter_solution(self.puzzle)
        if setter is not None:
            return setter
        found = self.page.found_solution()
        return None if found is None else found.cells

    def judge(self) -> None:
        """Say how the solve stands once the grid is full: solved (the clock stops), or how
        many cells are wrong."""
        if self.puzzle is None or self.state is None or not self.on:
            return
        if not sv.is_full(self.puzzle, self.state):
            self.page.show_solve_message("" if self.solved_ms is None else self._solved_text())
            return
        solution = self.solution()
        if solution is None:
            if self.page.solution_count is None:
                self.page.show_solve_message("The grid is full: checking it…")
                return
            from slugboard.codecs import sudoku

            problems = [p for p in sudoku.problems(sv.shown(self.puzzle, self.state)) if p.is_error]
            wrong = len(problems)
            if wrong:
                self.page.show_solve_message("The grid is full, but a rule is broken (conflicts in red).")
                return
        else:
            wrong = len(sv.wrong_cells(self.puzzle, self.state, solution))
            if wrong:
                cells = "1 cell is" if wrong == 1 else f"{wrong} cells are"
                self.page.show_solve_message(f"The grid is full, but {cells} wrong. Check shows which.")
                return
        if self.solved_ms is None:
            self._stop_clock()
            self.solved_ms = self._before_ms
            self._remember()
            self.page.show_status(self._solved_text())  # said once, where the eye may be
        self._show_clock()
        self.page.show_solve_message(self._solved_text())

    def _solved_text(self) -> str:
        return f"Solved in {sv.clock(self.solved_ms or 0)}!"

    def check(self) -> None:
        """Show the wrong digits in red, or say there are none."""
        if self.puzzle is None or self.state is None:
            return
        solution = self.solution()
        if solution is None:
            self.page.show_solve_message(
                "The solution is not known yet." if self.page.solution_count is None
                else "Check needs a puzzle with one solution; conflicts are shown in red as you go."
            )  # fmt: skip
            return
        wrong = sv.wrong_cells(self.puzzle, self.state, solution)
        self.revealed = frozenset(wrong)
        self.page.solving_changed(sv.shown(self.puzzle, self.state))
        if wrong:
            cells = "1 digit differs" if len(wrong) == 1 else f"{len(wrong)} digits differ"
            self.page.show_solve_message(f"{cells} from the solution (in red).")
        elif self.solved_ms is None:
            self.page.show_solve_message("No mistakes so far.")
        self.page.canvas.setFocus()

    # --- progress kept ----------------------------------------------------------------
    def copy_progress(self) -> None:
        if self.puzzle is None or self.state is None:
            return
        QGuiApplication.clipboard().setText(sv.progress_link(self.puzzle, self.state))
        self.page.show_status("Copied the f-puzzles link with your progress")

    def _remember(self) -> None:
        if self.state is None or not self.key:
            return
        ms = self.elapsed_ms()
        if self.state.is_empty and ms < 1000 and self.key not in self.kept:
            return  # a puzzle only looked at leaves nothing to keep
        seen = max((_seen(e) for e in self.kept.values()), default=0) + 1
        entry = {"state": sv.to_json(self.state), "ms": ms, "solved": self.solved_ms is not None, "seen": seen}
        self.kept[self.key] = entry
        self._save.start()

    def _read_kept(self) -> dict[str, dict[str, Any]]:
        """The progress kept, by puzzle. What no longer reads is moved to a key of its own
        in the settings file, and said, rather than written over."""
        settings = self.page.settings
        raw = settings.value(SETTINGS_KEY)
        if raw is None:
            return {}
        try:
            kept = json.loads(raw) if isinstance(raw, str) else None
        except (ValueError, RecursionError):
            kept = None
        if not isinstance(kept, dict):
            settings.setValue(UNREADABLE_KEY, raw if isinstance(raw, str) else repr(raw))
            settings.remove(SETTINGS_KEY)
            where = f"{UNREADABLE_KEY} in {settings.fileName()}"
            QTimer.singleShot(0, lambda: self.page.show_status(f"Sudoku progress could not be read: kept as {where}"))
            return {}
        return {k: v for k, v in kept.items() if isinstance(k, str) and isinstance(v, dict)}

    def write_kept(self) -> None:
        self._save.stop()
        if self.on and self.state is not None:
            entry = self.kept.get(self.key)
            if entry is not None:
                entry["ms"] = self.elapsed_ms()
        recent = sorted(self.kept.items(), key=lambda kv: _seen(kv[1]))
        self.kept = dict(recent[-KEPT_PUZZLES:])
        set_setting(self.page.settings, SETTINGS_KEY, json.dumps(self.kept, separators=(",", ":")))

    def shutdown(self) -> None:
        self._remember()
        self.write_kept()


def _seen(entry: dict[str, Any]) -> int:
    """When a kept puzzle was last opened, as a count (0 when what is kept says nothing)."""
    seen = entry.get("seen")
    return seen if type(seen) is int else 0


def _cells_name(cells: list[int], size: int) -> str:
    if len(cells) == 1:
        r, c = divmod(cells[0], size)
        return f"r{r + 1}c{c + 1}"
    return f"{len(cells)} cells"


def colour_of(index: int) -> QColor:
    return QColor(sv.COLOURS[index])

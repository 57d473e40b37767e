"""The Statistics panel: the figures of the field and of the game at the moment shown, the
slow ones (ZiNi, islands, the clicks of a long game) worked out in the background."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QFormLayout, QLabel, QLayout, QWidget

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper import figures as ms_figures
from slugboard.codecs.minesweeper.times import CONVENTION, seconds_text

from ..page import set_text_colour
from ..worker import LatestOnly

if TYPE_CHECKING:
    from .page import MinesweeperPage

# A field of more cells than this has its ZiNi worked out in the background (ms-toollib's
# time grows steeply with the field), so opening it is not held up.
ZINI_IN_BACKGROUND_CELLS = 10_000
# ... and its islands beyond this many, so that a large field restored at start, or
# edited, is on screen sooner.
ISLANDS_IN_BACKGROUND_CELLS = 250_000


def _work_out_zini(fld, cancel):
    # In ms-toollib's child process: it holds the interpreter while it works, which from
    # a thread of this one would stop the window all the same.
    return ms_figures.zini_in_child(fld, cancel)


def _count_islands(fld, cancel):
    return ms_figures.islands_of(fld)


def _count_figures(board, mouse, cancel):
    return ms_figures.figures_of(board, mouse, cancel)


FIRST_CLICK_ROW = "left"  # the rows from here on count the clicks (the Clicks tab)


def _fmt(value: float | None, digits: int = 2, suffix: str = "") -> str:
    return "–" if value is None else f"{value:.{digits}f}{suffix}"


def _rows() -> list[tuple[str, str, str]]:
    """(key, name, tip) of every row, in order."""
    rows = [
        (
            "time",
            "Time",
            f'Seconds {CONVENTION}, to the end (or to now): the replay\'s clock and "Won in" say the same. '
            "Minesweeper Arbiter and Minesweeper Clone start at 1 s on the first press: a file of "
            "theirs says so below the list of actions.",
        ),
        ("3bv_solved", "3BV solved", "The part of the 3BV done so far."),
        ("estimated", "Est. time", "Time the whole board would take at this pace."),
        ("opened", "Cells open", "Safe cells opened, of all safe cells."),
    ]
    conventions = ms_figures.CONVENTIONS
    for key, (text, tip) in conventions.items():
        if key == "clicks":
            tip += " In brackets: the effective ones. " + conventions["effective"][1]
        if key != "effective":
            rows.append((key, text, tip))
    rows.insert(1, rows.pop(next(i for i, r in enumerate(rows) if r[0] == "3bv")))
    rows.append(
        (
            "analysis",
            "Judged",
            "What the analysis of every click found (Judge every click, in Replay): risky and needless "
            "guesses, jump judgements, vision transfers, flag-and-chord runs, winding paths.",
        )
    )
    return rows


class Statistics(QObject):
    """The rows of figures and the problems line below them; `holder` and `problems_label`
    are what the page lays out. A long game's clicks are counted in the background beyond
    `background_actions` actions of a game from a link, or `background_mouse_events` mouse
    events of a replay file."""

    def __init__(self, page: MinesweeperPage, background_actions: int, background_mouse_events: int) -> None:
        super().__init__(page)
        self._page = page
        self._background_actions = background_actions
        self._background_mouse_events = background_mouse_events
        self.labels: dict[str, QLabel] = {}
        rows = _rows()
        split = next(i for i, row in enumerate(rows) if row[0] == FIRST_CLICK_ROW)
        # Two pages of the panel's tabs: the field and the pace; the clicks and their use.
        self.holder = self._holder(rows[:split])
        self.clicks_holder = self._holder(rows[split:])
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        set_text_colour(self.problems_label, "#ef6c00")
        # ZiNi and the islands of a large field are worked out off the window's thread, then shown.
        self.zini_job = LatestOnly(self)
        self.zini_job.finished.connect(self._figure_ready)
        self._zini_field: ms.Field | None = None
        self.islands_job = LatestOnly(self)
        self.islands_job.finished.connect(self._count_ready)
        self._islands_field: ms.Field | None = None
        # The clicks of a long game are counted off the window's thread too: (board, mouse).
        self.figures_job = LatestOnly(self)
        self.figures_job.finished.connect(self._count_ready)
        self._figures_wanted: tuple | None = None

    def _holder(self, rows: list[tuple[str, str, str]]) -> QWidget:
        grid = QFormLayout()
        grid.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        grid.setVerticalSpacing(2)  # rows of a table of figures, not of fields to fill in
        for key, text, tip in rows:
            label = QLabel("–")
            label.setObjectName(f"stat_{key}")
            label.setToolTip(tip)
            name = QLabel(text)
            name.setToolTip(tip)
            grid.addRow(name, label)
            self.labels[key] = label
        # The figures' widths change as they fill in (a time, "0 / 35555"); with its minimum
        # kept to what the rows need, the holder tells the panel, which would otherwise keep
        # the height it had and squeeze the rows together.
        grid.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        holder = QWidget()
        holder.setLayout(grid)
        return holder

    def shutdown(self) -> None:
        for job in (self.zini_job, self.islands_job, self.figures_job):
            job.shutdown()

    # --- showing ---------------------------------------------------------------------------
    def show(self, state: ms.ReplayState) -> None:
        """The figures of the game at `state`."""
        s = state.stats
        labels = self.labels
        board, fld = self._page.board, self._page.field_shown
        big = fld.width * fld.height > ZINI_IN_BACKGROUND_CELLS
        islands_now = self._islands_now(fld)
        figures = self._figures_now()
        if figures is None:  # the clicks are still being counted
            f = ms_figures.figures_without_clicks(
                board, fld, state, work_out_zini=not big, work_out_islands=islands_now
            )
        else:
            f = figures.at(state, work_out_zini=not big, work_out_islands=islands_now)
        if f["zini"] is None and self._zini_field is not fld:
            self._zini_field = fld
            self._page.after_paint(lambda: self._start_working_out_zini(fld))
        labels["time"].setText(f"{seconds_text(s.time_s * 1000, board)} s")
        labels["3bv_solved"].setText(str(s.bbbv_solved))
        labels["estimated"].setText(_fmt(s.estimated_time_s, 2, " s"))
        labels["opened"].setText(f"{s.safe_opened} / {s.safe_total}")
        # A figure still being worked out shows "…"; ZiNi on a field too large to work it out, "–".
        no_zini = "–" if fld.width * fld.height > ms_figures.MAX_ZINI_CELLS else "…"
        for key in ("3bv", "zini", "hzini", "openings", "islands", "left", "right", "double", "flags"):
            labels[key].setText((no_zini if key in ("zini", "hzini") else "…") if f[key] is None else str(f[key]))
        labels["3bv_per_s"].setText(_fmt(f["3bv_per_s"], 3))
        labels["rqp"].setText(_fmt(f["rqp"], 2))
        labels["stnb"].setText(_fmt(f["stnb"], 1))
        if figures is None:
            for key in ("clicks", "ioe", "correctness", "throughput", "path"):
                labels[key].setText("…")
            return
        labels["clicks"].setText(f"{f['clicks']} ({f['effective']} effective)")
        labels["ioe"].setText(_fmt(f["ioe"], 3))
        correctness = f["correctness"]
        labels["correctness"].setText(_fmt(None if correctness is None else correctness * 100, 1, "%"))
        labels["throughput"].setText(_fmt(f["throughput"], 3))
        labels["path"].setText("unknown" if f["path"] is None else f"{f['path']:.1f} cells")

    def show_field(self) -> None:
        """The figures of the field alone (Edit)."""
        labels = self.labels
        for label in labels.values():
            label.setText("–")
        fld = self._page.field_shown
        labels["3bv"].setText(str(fld.bbbv))
        labels["openings"].setText(str(len(fld.opening_sizes)))
        islands = ms_figures.islands_of(fld, work_out=self._islands_now(fld))
        labels["islands"].setText("…" if islands is None else str(islands))
        labels["opened"].setText(f"0 / {fld.safe_total}")

    # --- the background ----------------------------------------------------------------------
    def _start_working_out_zini(self, fld) -> None:
        if self._zini_field is fld:  # still the field shown
            self.zini_job.submit(_work_out_zini, fld)

    def _mouse(self):
        kept, board = self._page.replay_file, self._page.board
        return (kept.mouse or None) if kept is not None and kept.board == board else None

    def _figures_now(self) -> ms_figures.GameFigures | None:
        """The figures of the open game, or None while those of a long game are counted in
        the background: once per game, and the statistics are shown again when they come. A
        move in a game whose figures are known counts only its new actions, here."""
        board, mouse = self._page.board, self._mouse()
        known = ms_figures.figures_continued(board, mouse, at_most=self._background_actions)
        if known is not None:
            return known
        if mouse is not None:
            in_background = len(mouse) > self._background_mouse_events
        else:
            in_background = len(board.events) > self._background_actions
        wanted = self._figures_wanted
        if not in_background:
            if wanted is not None:  # a long game's count under way is given up
                self._figures_wanted = None
                self.figures_job.cancel()
                QTimer.singleShot(0, self, self._page.turns.next)
            return ms_figures.figures_of(board, mouse)
        if wanted is None or wanted[0] is not board or wanted[1] is not mouse:
            self._figures_wanted = (board, mouse)
            self._page.after_paint(self._start_counting_figures)
        return None

    def _start_counting_figures(self) -> None:
        wanted = self._figures_wanted
        if wanted is None or wanted[0] is not self._page.board or ms_figures.figures_known(*wanted) is not None:
            return
        if self._page.turns.in_turn(self.figures_job, self._start_counting_figures):
            self.figures_job.submit(_count_figures, *wanted)

    def _islands_now(self, fld) -> bool:
        """Whether the islands of `fld` may be counted on the window's thread; when not, they
        are counted in the background (once per field) and the figures shown again. The count
        starts once the board is painted."""
        if fld.width * fld.height <= ISLANDS_IN_BACKGROUND_CELLS:
            return True
        if ms_figures.islands_of(fld, work_out=False) is None and self._islands_field is not fld:
            self._islands_field = fld
            self._page.after_paint(lambda: self._start_counting_islands(fld))
        return False

    def _start_counting_islands(self, fld) -> None:
        if self._islands_field is not fld:  # another field is shown
            return
        if self._page.turns.in_turn(self.islands_job, lambda: self._start_counting_islands(fld)):
            self.islands_job.submit(_count_islands, fld)

    def _figure_ready(self, result) -> None:
        if isinstance(result, Exception):
            return
        self._page.refresh()

    def _count_ready(self, result) -> None:
        self._page.turns.next()
        self._figure_ready(result)

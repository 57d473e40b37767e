"""The mine probabilities on the board (P): asked of a worker per moment shown, kept by
their question, and one box in Play and one in Replay for the one choice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper.odds import MAX_ODDS_CELLS, MineOdds, mine_odds

from ..worker import LatestOnly
from .paint import EDIT
from .widgets import odds_box

if TYPE_CHECKING:
    from .page import MinesweeperPage

KEPT_ODDS = 256


def _work_out_odds(question, cancel):
    # The answer names its question: one asked for a field may come in after another
    # field is dealt, and must not be taken for the odds of that one.
    try:
        return question, mine_odds(*question, cancel=cancel)
    except ValueError as exc:
        return question, exc


class OddsView(QObject):
    """What the canvas shows of the odds: `box` (Replay) and `play_box` (Play) say whether."""

    def __init__(self, page: MinesweeperPage) -> None:
        super().__init__(page)
        self._page = page
        self.worker = LatestOnly(self)
        self.worker.finished.connect(self._ready)
        # The odds worked out, by their question: (numbers, cells, width, mine count).
        self._cache: dict[tuple, MineOdds] = {}
        self._wanted: tuple | None = None  # the newest question still to ask
        self.play_box = odds_box("playOddsBox", "what you can see now")
        self.box = odds_box("oddsBox", "what the player could see at this moment")
        self.box.toggled.connect(lambda _: page.refresh())
        # One setting, shown in both panels.
        self.box.toggled.connect(self.play_box.setChecked)
        self.play_box.toggled.connect(self.box.setChecked)

    def shutdown(self) -> None:
        self.worker.shutdown()

    def field_changed(self) -> None:
        """Another field is shown: odds still being worked out are the last field's, given
        up so that this field's are asked at once."""
        self._cache.clear()
        self._wanted = None
        self.worker.cancel()

    def show(self, state: ms.ReplayState) -> None:
        """The odds of this moment on the board: at once when they were worked out before,
        else asked of the worker. A question under way is not given up for a newer moment
        (while a replay plays, each would be given up in turn and none answered): the
        newest moment asked for is asked next."""
        canvas = self._page.canvas
        board = self._page.board
        if not self.box.isChecked() or state.outcome != ms.UNFINISHED:
            # A game that has ended shows its mines (lost) or flags them (won): no chances.
            self.hide()
            return
        if board.width * board.height > MAX_ODDS_CELLS:
            canvas.odds = None
            self._page.show_status(f"Mine probabilities are worked out on fields of up to {MAX_ODDS_CELLS:,} cells")
            return
        question = self._question(state)
        known = self._cache.get(question)
        if known is not None:
            canvas.odds = known
            self.worker.cancel()
            return
        # Until the answer comes the board shows none: not another moment's odds, nor the
        # odds of another field whose cells look the same (a new game, nothing opened).
        canvas.odds = None
        self._wanted = question
        if not self.worker.busy:
            self._ask()

    def hide(self) -> None:
        """No odds on the board, and none worked out."""
        self._page.canvas.odds = None
        self._wanted = None
        self.worker.cancel()

    def _question(self, state: ms.ReplayState) -> tuple:
        """What the odds of `state` on this board follow from: the field's numbers (those
        opened are seen), the state of every cell, the width and the mine count."""
        board = self._page.board
        return (self._page.field_shown.numbers, state.cells, board.width, len(board.mines))

    def _on_show(self) -> tuple | None:
        """The question whose answer the board would show now, or None when it shows no odds."""
        state = self._page.canvas.state
        if self._page.mode == EDIT or state is None or not self.box.isChecked():
            return None
        return self._question(state)

    def _ask(self) -> None:
        wanted, self._wanted = self._wanted, None
        if wanted is not None and wanted not in self._cache:
            self.worker.submit(_work_out_odds, wanted)

    def _ready(self, result) -> None:
        question, odds = result if isinstance(result, tuple) else (None, result)
        on_show = self._on_show()
        if isinstance(odds, Exception):
            if question is None or question == on_show:
                self._wanted = None
                self._page.show_status(f"No mine probabilities here: {odds}")
            else:
                self._ask()  # a question no longer on show: the newest one is asked
            return
        if len(self._cache) >= KEPT_ODDS:
            self._cache.pop(next(iter(self._cache)))
        self._cache[question] = odds
        if question == on_show:
            self._page.canvas.odds = odds
            self._page.canvas.update()
        self._ask()  # the newest moment asked for meanwhile

"""The panel's answer, after every edit, to "can this board be completed?", and when a
short count finds them all, how many completions are left. Both are short searches in the
background that give up rather than keep the person waiting; a longer search (Solve,
Count) that settles the question tells this one (`know`), so it is not asked again."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QLabel

from slugboard.codecs import pentomino as pm
from slugboard.codecs.pentomino import solver

from ..worker import LatestOnly

QUICK_CHECK_SECONDS = 0.3  # how long the live "can be completed" check may search
QUICK_CHECK_DELAY_MS = 40  # after the last edit of a burst, so the edit is painted first


class QuickCheck(QObject):
    """Writes the answer for the board on `label` ("Can be completed", "Cannot be completed:
    why", "Not known at a glance") and the completions left on `left_label`."""

    def __init__(self, label: QLabel, left_label: QLabel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.label = label
        self.left_label = left_label
        self._left = LatestOnly(self)
        self._left.finished.connect(self._left_answer)
        self._quick = LatestOnly(self, apart=(solver.__name__,))
        self._quick.finished.connect(self._quick_answer)
        self._quick_board: pm.Board | None = None
        self._board: pm.Board | None = None  # the board the answer is for
        # The last board whose "can it be completed" is known, and the answer (None: not
        # known at a glance), from the quick check or from a search that settled it.
        self._answered: tuple[pm.Board, bool | None] | None = None
        self._quick_timer = QTimer(self, singleShot=True, interval=QUICK_CHECK_DELAY_MS)
        self._quick_timer.timeout.connect(self._ask_quick)

    def know(self, board: pm.Board, answer: bool | None) -> None:
        """A search has settled whether `board` can be completed."""
        self._answered = (board, answer)

    def knows(self, board: pm.Board) -> bool:
        return self._answered is not None and self._answered[0] == board

    def forget_left(self, board: pm.Board) -> None:
        """A new board is shown: the completions left of the one before are no longer said."""
        if not self.knows(board):
            self._left.cancel()
            self.left_label.setText("")

    def check(self, board: pm.Board) -> None:
        """Say whether `board` can be completed: at once when that is known, else
        "Checking…" and the quick check a moment later. A check of this board already
        waiting or under way is left to answer."""
        self._board = board
        if self._answered is not None and self._answered[0] == board:
            self.stop()
            self._show_answer(self._answered[1])
            return
        if self._quick_board == board and (self._quick_timer.isActive() or self._quick.busy):
            return
        self.stop()
        self.label.setText("Checking…")
        # The quick question is asked a moment after the last edit of a burst: a search in
        # the background competes with the painting of the edit for the interpreter.
        self._quick_board = board
        self._quick_timer.start()

    def stop(self) -> None:
        """Give up the quick check: the one waiting for its timer does not start, and the
        answer of one under way is dropped."""
        self._quick_timer.stop()
        self._quick.cancel()

    def shutdown(self) -> None:
        self._left.shutdown()
        self._quick_timer.stop()
        self._quick.shutdown()

    def _ask_quick(self) -> None:
        if self._quick_board is not None:
            self._quick.submit(solver.completable, self._quick_board, QUICK_CHECK_SECONDS)

    def _quick_answer(self, result) -> None:
        if isinstance(result, Exception):
            self.label.setText("Could not check this board")
            return
        if self._quick_board is not None:
            self._answered = (self._quick_board, result)
        self._show_answer(result)

    def _ask_left(self, result: bool | None) -> None:
        """Count the completions left when the board can be completed and a short count
        finds them all."""
        self._left.cancel()
        self.left_label.setText("")
        if result is True and self._board is not None:
            self._left.submit(solver.count_within, self._board, QUICK_CHECK_SECONDS)

    def _left_answer(self, result) -> None:
        if isinstance(result, int):
            self.left_label.setText(f"Completions left: {result:,}")

    def _show_answer(self, result: bool | None) -> None:
        self._ask_left(result)
        if result is True:
            self.label.setText("Can be completed")
        elif result is False:
            why = (solver.reason(self._board) if self._board is not None else None) or (
                "no placement of the pieces left fills it"
            )
            self.label.setText(f"Cannot be completed: {why}")
        else:
            self.label.setText("Not known at a glance: Solve or Count checks")

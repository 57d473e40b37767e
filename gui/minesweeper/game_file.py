"""The replay file that goes with the open game (one read from disk, or played here): what
it holds that a slug cannot (the mouse path, the player, the software), shown while its
field is on the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QCheckBox

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper.clicks import chord_moments

from ..page import plain_label

if TYPE_CHECKING:
    from .page import MinesweeperPage

PATH_TIP = (
    "The pointer, its last second of movement, and its clicks where they happened: "
    "a dot for a left click, a square for a right click, a ring for a chord"
)
NO_PATH_TIP = (
    "This game has no mouse path: a link keeps none. A game played here, or opened from a "
    "replay file (.avf, .rmv, .evf, .mvf), has one while it is open; a game brought back "
    "at start or by a paste has only its link's clicks"
)


class GameFile(QObject):
    """`replay_file`, the file opened last (or the game played here with its path); the
    Mouse path box, and `label`, what the file held that its slug cannot."""

    def __init__(self, page: MinesweeperPage) -> None:
        super().__init__(page)
        self._page = page
        self.replay_file = None
        self._chords: tuple | None = None  # (replay file, when its chords were released)
        self.mouse_box = QCheckBox("Mouse path")
        self.mouse_box.setObjectName("mouseBox")
        self.mouse_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.mouse_box.setChecked(True)
        self._mouse_wanted = True  # the box's state while no game with a path is open
        self.mouse_box.toggled.connect(lambda _: page.refresh())
        self.label = plain_label()
        self.label.setObjectName("fileLabel")
        self.label.setWordWrap(True)
        self.label.setStyleSheet("color: palette(mid)")

    def of_board(self, board: ms.Board):
        """The replay file if it holds `board`'s game, else None."""
        kept = self.replay_file
        return kept if kept is not None and kept.board == board else None

    def mouse_path(self, board: ms.Board):
        """The open game's mouse path, when it came from a replay file; None for a game
        from a link (a link keeps none)."""
        kept = self.of_board(board)
        return kept.mouse_path() if kept is not None and kept.mouse else None

    def board_shown(self, board: ms.Board) -> frozenset[int]:
        """The file's extras belong to its field: another field shows none, and an undo back
        to the file's game shows them again. Gives when its chords were released."""
        kept = self.replay_file
        if kept is not None and (kept.board.mines != board.mines or kept.board.width != board.width):
            kept = None
        self.label.setText(kept.lost_in_slug() if kept is not None else "")
        self._offer_mouse_path(kept is not None and bool(kept.mouse))
        self.mouse_box.setToolTip(PATH_TIP if self.mouse_box.isEnabled() else NO_PATH_TIP)
        return self._chords_of(kept)

    def _offer_mouse_path(self, available: bool) -> None:
        """The Mouse path box, usable only for a game that has one: otherwise it is greyed
        out and unchecked (not checked and greyed out), and the person's choice comes back
        with the next game that has a path."""
        box = self.mouse_box
        if available == box.isEnabled():
            return
        box.blockSignals(True)
        if available:
            box.setChecked(self._mouse_wanted)
        else:
            self._mouse_wanted = box.isChecked()
            box.setChecked(False)
        box.setEnabled(available)
        box.blockSignals(False)

    def _chords_of(self, replay_file) -> frozenset[int]:
        """When the chords of a file's game were released; worked out once per file."""
        if replay_file is None:
            return frozenset()
        if self._chords is None or self._chords[0] is not replay_file:
            self._chords = (replay_file, chord_moments(replay_file.mouse))
        return self._chords[1]

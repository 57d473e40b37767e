"""The GUI side of the game registry: how each game is drawn and edited.

Every game of `slugboard.codecs.GAMES` has a package `slugboard.gui.<game>` whose `VIEW`
is a `GameView`: its page (canvas and tool panel), its paint function (shared by the
window, `--export` and image export) and the image size a board wants. Tabs follow the
codec registry's order; a codec game with no view is an error, caught by the tests.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSize, QTimer, Signal

from slugboard.codecs import titles
from slugboard.codecs.record import Record

if TYPE_CHECKING:
    from .page import GamePage


# paint(painter, rect, board, palette, **state): each game names its own keyword state.
Paint = Callable[..., None]


class GameView(Record):
    """How one game is shown: what `GamePage` subclass edits it, how a board is painted,
    and the size of an image of a board. `warm`, if the game has one, does ahead what
    making its page would otherwise do first (pictures drawn once and kept): `Warmer`
    calls it while the window waits, after loading the game's modules."""

    FIELDS = ("page", "paint", "preferred_size", "warm")
    page: type[GamePage]
    paint: Paint
    preferred_size: Callable[[Any], QSize]
    warm: Callable[[], None] | None

    def __init__(
        self,
        page: type[GamePage],
        paint: Paint,
        preferred_size: Callable[[Any], QSize],
        warm: Callable[[], None] | None = None,
    ) -> None:
        self.__dict__.update(page=page, paint=paint, preferred_size=preferred_size, warm=warm)


def view(game: str) -> GameView:
    """The view of a registered game; raises LookupError for a game without one."""
    if game not in titles():
        raise LookupError(f"no game named {game!r}")
    module = importlib.import_module(f"{__package__}.{game}")
    found = getattr(module, "VIEW", None)
    if not isinstance(found, GameView):
        raise LookupError(f"{module.__name__} has no VIEW")
    return found


def available() -> list[str]:
    """The games in tab order (no game is loaded to tell)."""
    return list(titles())


class Warmer(QObject):
    """Loads the modules of games not shown yet, one package at a time with a pause between,
    while the window waits for input: the first switch to a game's tab then costs only
    making its page (loading minesweeper's modules took as long again). A game whose view
    has a `warm` step has it run next, as a step of its own. A step holds the window's
    thread for as long as one package takes to load; a page made meanwhile loads what it
    needs itself, and a package loaded already is passed over (its warm step with it).
    `finished` is emitted once every package is loaded."""

    PAUSE_MS = 15
    finished = Signal()

    def __init__(self, games: Iterable[str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        # Module names to load, and warm steps to run, in turn.
        self._waiting: list[str | Callable[[], None]] = [
            f"slugboard.{side}.{game}" for game in games for side in ("codecs", "gui")
        ]
        self._timer = QTimer(self, singleShot=True, interval=self.PAUSE_MS)
        self._timer.timeout.connect(self._next)

    def start(self) -> None:
        if self._waiting and not self._timer.isActive():
            self._timer.start()

    def stop(self) -> None:
        self._waiting.clear()
        self._timer.stop()

    @property
    def done(self) -> bool:
        return not self._waiting

    def _next(self) -> None:
        while self._waiting:
            step = self._waiting.pop(0)
            if callable(step):
                step()
                break
            if step in sys.modules:
                continue
            try:
                module = importlib.import_module(step)
            except Exception:  # noqa: BLE001 - the game's tab says what is wrong when it is opened
                break
            warm = getattr(getattr(module, "VIEW", None), "warm", None)
            if callable(warm):
                self._waiting.insert(0, warm)
            break
        if self._waiting:
            self._timer.start()
        else:
            self.finished.emit()

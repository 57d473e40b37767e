"""The GUI side of the game registry: how each game is drawn and edited.

Every game of `slugboard.codecs.GAMES` has a package `slugboard.gui.<game>` whose `VIEW`
is a `GameView`: its page (canvas and tool panel), its paint function (shared by the
window, `--export` and image export) and the image size a board wants. Tabs follow the
codec registry's order; a codec game with no view is an error, caught by the tests.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSize

from slugboard.codecs import titles
from slugboard.codecs.record import Record

if TYPE_CHECKING:
    from .page import GamePage


# paint(painter, rect, board, palette, **state): each game names its own keyword state.
Paint = Callable[..., None]


class GameView(Record):
    """How one game is shown: what `GamePage` subclass edits it, how a board is painted,
    and the size of an image of a board."""

    FIELDS = ("page", "paint", "preferred_size")
    page: type[GamePage]
    paint: Paint
    preferred_size: Callable[[Any], QSize]

    def __init__(self, page: type[GamePage], paint: Paint, preferred_size: Callable[[Any], QSize]) -> None:
        self.__dict__.update(page=page, paint=paint, preferred_size=preferred_size)


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

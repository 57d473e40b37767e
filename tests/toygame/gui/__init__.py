"""The toy game's view: its page, its paint function, and a menu action."""

from __future__ import annotations

from slugboard.gui.games import GameAction, GameView

from .page import NoughtsPage, paint, preferred_size

VIEW = GameView(
    page=NoughtsPage,
    paint=paint,
    preferred_size=preferred_size,
    actions=(
        GameAction(
            "&Clear the board",
            "clear",
            menu="game",
            shortcut="Ctrl+Alt+K",
            tip="Take every mark off",
            enabled="has_marks",
        ),
    ),
    anatomy_colours={"mark": "#4e79a7"},
)

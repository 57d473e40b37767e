"""slugboard.codecs: the board models, rules and slug formats of every game, in pure Python.

Each game is a package with the same surface (`game.GameCodec`), so the GUI and the
command line treat games alike. `registry` lists the games: its order is the tab order,
and each game's detection rank says which game reads a bare slug first. `reading` tries
the games by that rank (`detect`, `decode_any`, `explain`). See docs/ARCHITECTURE.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import FormatError, Problem, ProblemKind, Severity, SlugError, ValueRangeError
from .game import Game, GameCodec
from .reading import MAX_TEXT, decode_any, detect, explain, plain_message, read, read_text_file, web_hosts
from .registry import (
    REGISTRY,
    all_games,
    game,
    game_of,
    games_by_detection,
    names,
    register,
    titles,
    unregister,
)

__all__ = [
    "GAMES", "REGISTRY", "all_games", "game", "titles", "names", "register", "unregister", "Game", "GameCodec",
    "SlugError", "FormatError", "ValueRangeError", "Problem", "ProblemKind", "Severity", "detect", "decode_any",
    "read", "explain", "read_text_file", "plain_message", "game_of", "games_by_detection", "web_hosts", "MAX_TEXT",
]  # fmt: skip

if TYPE_CHECKING:
    GAMES: dict[str, Game[Any]]
else:

    def __getattr__(name: str) -> Any:
        if name == "GAMES":  # the registry's games, as a module attribute
            return all_games()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

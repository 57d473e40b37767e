"""The registry of games: which game packages Slugboard has, in tab order, each loaded
as a `Game` when first asked for. A game package's top is its declaration (its name, title,
detection rank and what it adds to the shell), so listing the games loads none of their
modules. A game from outside Slugboard (a test's, a plug-in's) is added with `register`."""

from __future__ import annotations

import importlib
from typing import Any

from .game import Game, GameCodec

# The registry: the game packages, in tab order. Each package's top declares the game
# (NAME, TITLE, DETECTION_RANK, what it adds to the command line and the window) and
# loads its modules when one of their names is first read, so the registry can list the
# games, their titles and their commands without loading any game's code. This is the one
# line a game adds outside its own packages (mypy checks each against the contract from
# here too: tools/typecheck.py).
REGISTRY: tuple[str, ...] = (
    "slugboard.codecs.sudoku",
    "slugboard.codecs.pentomino",
    "slugboard.codecs.xiangqi",
    "slugboard.codecs.minesweeper",
    "slugboard.codecs.letters",
)
_registered: list[str] = list(REGISTRY)  # REGISTRY and the games added by `register`


def register(package: str) -> str:
    """Add the game whose package is `package` (a module name) after the registered ones;
    returns its name. A game outside Slugboard (a test's, a plug-in's) is added this way."""
    codec = _declaration(package)
    if package not in _registered:
        if codec.NAME in names():
            raise ValueError(f"a game named {codec.NAME!r} is registered already")
        _registered.append(package)
        _forget()
    return codec.NAME


def unregister(name: str) -> None:
    """Take a game added by `register` out again."""
    for package in list(_registered):
        if package not in REGISTRY and _declaration(package).NAME == name:
            _registered.remove(package)
            _loaded.pop(name, None)
            _forget()


def _declaration(package: str) -> GameCodec[Any]:
    codec: GameCodec[Any] = importlib.import_module(package)
    for fact in ("NAME", "TITLE", "DETECTION_RANK"):
        if not hasattr(codec, fact):
            raise RuntimeError(f"the game package {package} declares no {fact}")
    return codec


def names() -> list[str]:
    """The registered games' names in tab order."""
    return [_declaration(package).NAME for package in _registered]


def packages() -> list[str]:
    """The registered games' packages (module names), in tab order."""
    return list(_registered)


def titles() -> dict[str, str]:
    """The registered games' titles in tab order (no game's modules are loaded to tell)."""
    return {codec.NAME: codec.TITLE for codec in map(_declaration, _registered)}


_loaded: dict[str, Game[Any]] = {}


def game(name: str) -> Game[Any]:
    """One registered game; raises KeyError for a name not registered."""
    found = _loaded.get(name)
    if found is None:
        codec = next((c for c in map(_declaration, _registered) if c.NAME == name), None)
        if codec is None:
            raise KeyError(name)
        # One object per game even when a worker thread asks at the same time.
        found = _loaded.setdefault(name, Game(codec))
    return found


_games: dict[str, Game[Any]] | None = None


def _forget() -> None:
    global _games
    _games = None


def all_games() -> dict[str, Game[Any]]:
    """The registered games in tab order."""
    global _games
    games = _games
    if games is None:
        games = _games = {name: game(name) for name in names()}
    return games


def games_by_detection() -> list[Game[Any]]:
    """The games in the order they try a text."""
    return sorted(all_games().values(), key=lambda game: game.detection_rank)


def game_of(board: object) -> Game[Any]:
    """The registry entry of a board object."""
    for game in all_games().values():
        if isinstance(board, game.board_type):
            return game
    raise TypeError(f"not a board: {type(board).__name__}")

"""slugboard.resources: data files shipped with Slugboard (the ENABLE word list in upper case,
the xiangqi piece font subset with its licence, the application's icon); and the example
boards, which each game keeps in its own package."""

from __future__ import annotations

import os

_FOLDER = os.path.dirname(os.path.abspath(__file__))


def path_of(name: str) -> str:
    """The path of the data file `name` of this package, in the package's folder: Slugboard
    is installed as files (never run from a zip archive), and importlib.resources took about
    15 ms of the window's start to import and first use."""
    return os.path.join(_FOLDER, name)


def read_bytes(name: str) -> bytes:
    """The bytes of the data file `name` of this package."""
    with open(path_of(name), "rb") as f:
        return f.read()


def examples() -> tuple[dict, ...]:
    """Example boards for the Examples menu: dicts with game, title and text (a link or slug),
    the registered games' in tab order (each game's `examples.json`, `Game.examples`)."""
    from slugboard.codecs import all_games

    return tuple({"game": name, **example} for name, game in all_games().items() for example in game.examples)

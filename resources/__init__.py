"""slugboard.resources: data files shipped with Slugboard (the ENABLE word list in upper case,
the xiangqi piece font subset with its licence, example boards)."""

from __future__ import annotations

import os
from functools import lru_cache

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


@lru_cache(maxsize=1)
def examples() -> tuple[dict, ...]:
    """Example boards for the Examples menu: dicts with game, title and text (a link or slug)."""
    import json

    return tuple(json.loads(read_bytes("examples.json").decode("utf-8"))["examples"])

"""slugboard.resources: data files shipped with Slugboard (the ENABLE word list in upper case, the
xiangqi piece font subset with its licence, example boards)."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=1)
def examples() -> tuple[dict, ...]:
    """Example boards for the Examples menu: dicts with game, title and text (a link or slug)."""
    text = resources.files(__name__).joinpath("examples.json").read_text(encoding="utf-8")
    return tuple(json.loads(text)["examples"])

"""Shared test set-up: Qt runs offscreen, vectors load from tests/data."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

DATA = Path(__file__).parent / "data"


def load_vectors(game: str):
    with open(DATA / f"{game}.json", encoding="utf-8") as f:
        return json.load(f)

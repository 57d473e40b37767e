"""Errors and problem reports shared by every game codec.

A decoder that cannot read its input raises a `SlugError`; nothing else may escape it.
A board that decodes but is wrong for a person (a repeated digit, an overlap) is not an
error: `problems(board)` returns `Problem` records that the editor draws.
"""

from __future__ import annotations

from dataclasses import dataclass


class SlugError(ValueError):
    """A text could not be read as a board of `game`.

    `position` is the 0-based character index in the slug (the text after any link
    wrapper has been removed) where reading failed, or None when the failure is not
    tied to one character (for instance a board JSON object).
    """

    def __init__(self, game: str, message: str, position: int | None = None):
        self.game = game
        self.message = message
        self.position = position
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f" at character {self.position}" if self.position is not None else ""
        return f"{self.game}: {self.message}{where}"

    def __reduce__(self):
        return (type(self), (self.game, self.message, self.position))


class FormatError(SlugError):
    """The text breaks the slug format (bad characters, truncated, bad header)."""


class ValueRangeError(SlugError):
    """A field was read but its value is outside what the format allows."""


@dataclass(frozen=True)
class Problem:
    """Something wrong with a board, for a person: a message and the cells it concerns.

    Cells use the game's own cell tuples (see the board JSON of each game).
    `severity` is "error" for a board that breaks the rules and "warning" for one that
    is legal but surprising (a slug that set one cell twice).
    """

    message: str
    cells: tuple = ()
    severity: str = "error"
    kind: str = ""

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "message": self.message,
            "severity": self.severity,
            "cells": [list(c) if isinstance(c, tuple) else c for c in self.cells],
        }

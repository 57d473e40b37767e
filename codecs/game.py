"""The contract every game's codec meets, and its entry in the registry.

A game is a package `slugboard.codecs.<name>` whose top level offers the names of
`GameCodec` below; mypy checks each registered package against it (see `registry`). The
facts a caller needs about a game (does it have a link to share, which site reads it) are
constants of the package, not probes of a board.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from .errors import Problem

if TYPE_CHECKING:
    from .anatomy import Anatomy
    from .work import Cancel

B = TypeVar("B")


class GameCodec(Protocol[B]):
    """What a game package offers at its top level.

    NAME, TITLE       registry name and the title a person reads
    HAS_LINK          share_url returns a link for every board (else always None)
    WEB_HOST          the host of the web app whose links it reads, if there is one
    Board             the immutable board model (an edit returns a new board)
    """

    @property
    def NAME(self) -> str: ...  # noqa: N802 - module constants read through the protocol

    @property
    def TITLE(self) -> str: ...  # noqa: N802

    @property
    def HAS_LINK(self) -> bool: ...  # noqa: N802

    @property
    def WEB_HOST(self) -> str | None: ...  # noqa: N802

    @property
    def Board(self) -> type[B]: ...  # noqa: N802

    def new_board(self) -> B:
        """The board a fresh editor shows."""

    def decode(self, text: str, /) -> B:
        """A bare slug or any link form; raises SlugError with positions in `text`."""

    def encode(self, board: B, /) -> str:
        """The canonical slug."""

    def share_url(self, board: B, /) -> str | None:
        """The web app's link (None when HAS_LINK is false)."""

    def to_json(self, board: B, /) -> dict[str, Any]:
        """The board JSON of docs/ARCHITECTURE.md."""

    def from_json(self, obj: dict[str, Any], /) -> B:
        """The board of a board JSON object; raises SlugError."""

    def problems(self, board: B, /) -> list[Problem]:
        """What is wrong with the board for a person."""

    def info(self, board: B, /) -> dict[str, Any]:
        """Facts a person wants, printed by `slugboard-codec info`."""

    def looks_like(self, text: str, /) -> bool:
        """The text carries this game's unmistakable marks; never raises."""

    def explain(self, text: str, /) -> Anatomy:
        """What every part of a slug holds (codecs/anatomy.py); raises SlugError."""

    # And, where showing a board takes noticeable work of its own, optionally:
    #   prepare(board, cancel) -> None
    # that work done ahead, on a worker thread, kept where the game's views will find
    # it (minesweeper's replay and figures of a 100,000-action game: seconds). And, where
    # a pasted text can hold more than its board:
    #   shown_board(text, board) -> board
    # the board the whole text shows (xiangqi: a FEN followed by its moves shows the
    # position after them, as the window opens it).


class Game(Generic[B]):
    """A registered game: its codec package and where it stands in the lists. One object
    per game (the registry makes each once), so identity is equality."""

    __slots__ = ("codec", "detection_rank")

    def __init__(self, codec: GameCodec[B], detection_rank: int) -> None:
        self.codec = codec
        self.detection_rank = detection_rank  # bare slugs that several games could read go to the lowest rank first

    def __repr__(self) -> str:
        return f"Game({self.codec.NAME!r}, rank {self.detection_rank})"

    @property
    def name(self) -> str:
        return self.codec.NAME

    @property
    def title(self) -> str:
        return self.codec.TITLE

    @property
    def has_link(self) -> bool:
        return self.codec.HAS_LINK

    @property
    def web_host(self) -> str | None:
        return self.codec.WEB_HOST

    @property
    def board_type(self) -> type[B]:
        return self.codec.Board

    # The calls every caller makes, named as on the codec.
    def new_board(self) -> B:
        return self.codec.new_board()

    def decode(self, text: str) -> B:
        return self.codec.decode(text)

    def encode(self, board: B) -> str:
        return self.codec.encode(board)

    def share_url(self, board: B) -> str | None:
        return self.codec.share_url(board)

    def to_json(self, board: B) -> dict[str, Any]:
        return self.codec.to_json(board)

    def from_json(self, obj: dict[str, Any]) -> B:
        return self.codec.from_json(obj)

    def problems(self, board: B) -> list[Problem]:
        return self.codec.problems(board)

    def info(self, board: B) -> dict[str, Any]:
        return self.codec.info(board)

    def looks_like(self, text: str) -> bool:
        return self.codec.looks_like(text)

    def explain(self, text: str) -> Anatomy:
        return self.codec.explain(text)

    def shown_board(self, text: str, board: B) -> B:
        """The board `text` shows, `board` being what `decode(text)` read: the same board,
        but for a game whose texts can hold more (see the contract above)."""
        shown = getattr(self.codec, "shown_board", None)
        return board if shown is None else shown(text, board)

    def prepare(self, board: B, cancel: Cancel | None = None) -> None:
        """Work out ahead what showing `board` takes, for a caller about to show it; safe
        on a worker thread, and nothing to do for a game with no `prepare` of its own."""
        prepare = getattr(self.codec, "prepare", None)
        if prepare is not None:
            from .work import NEVER

            prepare(board, cancel or NEVER)


def later(package: str, table: dict[str, tuple[str, ...]]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A game package's module `__getattr__` and `__dir__` for the names of its heavier
    modules (`table`: module -> names, "name=original" where the package renames one),
    imported when one of them is first read.

    A package imports at its top only what reading and writing a slug needs, so a command
    that decodes a board (or tries every game, as `detect` does) loads no solver, replay
    engine or word list. mypy sees the same names through imports under TYPE_CHECKING.
    """
    where: dict[str, tuple[str, str]] = {}
    for module, names in table.items():
        for entry in names:  # "name", or "name=original" for a name the package renames
            name, _, original = entry.partition("=")
            where[name] = (module, original or name)
    namespace = sys.modules[package].__dict__

    def getattr_(name: str) -> Any:
        found = where.get(name)
        if found is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, original = found
        value = getattr(importlib.import_module(f"{package}.{module}"), original)
        namespace[name] = value  # read once: later reads find it without this call
        return value

    def dir_() -> list[str]:
        return sorted(set(namespace) | set(where))

    return getattr_, dir_

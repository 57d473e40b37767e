"""The GUI side of the game registry: how each game is drawn and edited, and what it adds
to the window.

Every game of `slugboard.codecs.GAMES` has a GUI package (`slugboard.gui.<game>`, or the
one `register_view` names) whose `VIEW` is a `GameView`: its page (canvas and tool panel),
its paint function (shared by the window, `--export` and image export), the image size a
board wants, and what the game adds to the window: menu actions (`GameAction`), command-
line options and exports of `slugboard`, colours of the anatomy view. The window names no
game: it asks these. Tabs follow the codec registry's order; a codec game with no view is
an error, caught by the tests.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSize, QTimer, Signal

from slugboard.codecs import titles

if TYPE_CHECKING:
    from .page import GamePage


# paint(painter, rect, board, palette, **state): each game names its own keyword state.
Paint = Callable[..., None]

MENUS = ("file", "edit", "view", "game")


@dataclass(frozen=True, slots=True)
class GameAction:
    """A menu action of one game: shown in `menu` ("file", "edit", "view" or the "game"
    menu) while the game's tab is current, with its shortcut active then only. It calls
    the page's method `slot`; `enabled`, if given, names a page method that says whether
    the action can be used now (asked whenever the board changes). `checked` likewise
    makes a checkable action whose state the page tells."""

    text: str
    slot: str
    menu: str = "game"
    shortcut: str | None = None
    tip: str = ""
    enabled: str | None = None
    checked: str | None = None

    def __post_init__(self) -> None:
        if self.menu not in MENUS:
            raise ValueError(f"menu must be one of {MENUS}, not {self.menu!r}")


@dataclass(frozen=True, slots=True)
class CommandLine:
    """What a game adds to `slugboard`'s own command line.

    options(parser)                  adds the game's options (minesweeper's --at, --fps)
    state(args, record) -> dict      the paint state a still `--export` draws with (the
                                     moment --at names; a replay file's mouse path)
    export(args, board, record)      writes `--export` itself when the file it names is
      -> int|None                    the game's own kind (a recording, a video), returning
                                     the exit status; None leaves it to the still picture.
                                     `record` is the file's FileRecord, or None for a text
    Each is a "module:function" spec relative to the GUI package, loaded only when a
    command line uses an option the window does not know, or exports a board of the game.
    `flags` names the options, so the window can tell whose they are without loading them.
    """

    flags: tuple[str, ...]
    options: str
    state: str | None = None
    export: str | None = None


@dataclass(frozen=True, slots=True)
class GameView:
    """How one game is shown: what `GamePage` subclass edits it, how a board is painted,
    and the size of an image of a board. `warm`, if the game has one, does ahead what
    making its page would otherwise do first (pictures drawn once and kept): `Warmer`
    calls it while the window waits, after loading the game's modules."""

    page: type[GamePage]
    paint: Paint
    preferred_size: Callable[[Any], QSize]
    warm: Callable[[], None] | None = None
    actions: tuple[GameAction, ...] = ()
    command_line: CommandLine | None = None
    anatomy_colours: dict[str, str] = field(default_factory=dict)  # field -> colour, over the anatomy view's own

    def __post_init__(self) -> None:
        # Kept as a tuple and a dict of their own, whatever iterable and mapping were given.
        object.__setattr__(self, "actions", tuple(self.actions))
        object.__setattr__(self, "anatomy_colours", dict(self.anatomy_colours or {}))


# GUI packages of games registered from outside Slugboard (`register_view`).
_packages: dict[str, str] = {}


def register_view(game: str, package: str) -> None:
    """The GUI package of a game added with `slugboard.codecs.register`."""
    _packages[game] = package


def package_of(game: str) -> str:
    """The module name of a registered game's GUI package."""
    return _packages.get(game, f"{__package__}.{game}")


def view(game: str) -> GameView:
    """The view of a registered game; raises LookupError for a game without one."""
    if game not in titles():
        raise LookupError(f"no game named {game!r}")
    module = importlib.import_module(package_of(game))
    found = getattr(module, "VIEW", None)
    if not isinstance(found, GameView):
        raise LookupError(f"{module.__name__} has no VIEW")
    return found


def target(game: str, spec: str) -> Any:
    """What a "module:name" spec of a game's view names, relative to its GUI package."""
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module, package_of(game)), name)


def available() -> list[str]:
    """The games in tab order (no game is loaded to tell)."""
    return list(titles())


class Warmer(QObject):
    """Loads the modules of games not shown yet, one package at a time with a pause between,
    while the window waits for input: the first switch to a game's tab then costs only
    making its page (loading minesweeper's modules took as long again). A game whose view
    has a `warm` step has it run next, as a step of its own. A step holds the window's
    thread for as long as one package takes to load; a page made meanwhile loads what it
    needs itself, and a package loaded already is passed over (its warm step with it).
    `finished` is emitted once every package is loaded."""

    PAUSE_MS = 15
    finished = Signal()

    def __init__(self, games: Iterable[str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        # Module names to load, and warm steps to run, in turn.
        from slugboard.codecs import game as codec_game

        self._waiting: list[str | Callable[[], None]] = [
            module
            for name in games
            for module in (codec_game(name).codec.__name__ + ".slug", package_of(name))  # type: ignore[attr-defined]
        ]
        self._timer = QTimer(self, singleShot=True, interval=self.PAUSE_MS)
        self._timer.timeout.connect(self._next)

    def start(self) -> None:
        if self._waiting and not self._timer.isActive():
            self._timer.start()

    def stop(self) -> None:
        self._waiting.clear()
        self._timer.stop()

    @property
    def done(self) -> bool:
        return not self._waiting

    def _next(self) -> None:
        while self._waiting:
            step = self._waiting.pop(0)
            if callable(step):
                step()
                break
            if step in sys.modules:
                continue
            try:
                module = importlib.import_module(step)
            except Exception:  # noqa: BLE001 - the game's tab says what is wrong when it is opened
                break
            warm = getattr(getattr(module, "VIEW", None), "warm", None)
            if callable(warm):
                self._waiting.insert(0, warm)
            break
        if self._waiting:
            self._timer.start()
        else:
            self.finished.emit()

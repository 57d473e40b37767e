"""slugboard.codecs: the board models, rules and slug formats of every game, in pure Python.

Each game is one module with the same surface, so the GUI and the command line treat
games alike:

    NAME, TITLE                 registry name and human title
    Board                       immutable board model (an edit returns a new board)
    new_board() -> Board        the board a fresh editor shows
    decode(text) -> Board       bare slug or any link form; raises SlugError
    encode(board) -> str        the canonical slug
    share_url(board) -> str|None  the web app's link
    to_json(board) / from_json(obj)  the board JSON of ARCHITECTURE.md
    problems(board) -> list[Problem]
    info(board) -> dict         facts a person wants (printed by `slugboard-codec info`)
    looks_like(text) -> bool    the text carries this game's unmistakable marks

The registry below lists the games; `detect` and `decode_any` try them in order.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from urllib.parse import urlsplit

from .errors import FormatError, Problem, SlugError, ValueRangeError

__all__ = [
    "GAMES", "Game", "SlugError", "FormatError", "ValueRangeError", "Problem",
    "detect", "decode_any", "game_of", "MAX_TEXT",
]

# Longer pasted text is refused before any game looks at it: the largest legal slug of
# any game (a minesweeper replay) is far below this.
MAX_TEXT = 4_000_000

# Order matters for bare slugs that several games could read: the game whose marks are
# strongest comes first, and xiangqi (a bare base64 string with no marker) comes last.
_GAME_MODULES = ("sudoku", "pentomino", "minesweeper", "letters", "xiangqi")


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    module: ModuleType

    def decode(self, text: str):
        return self.module.decode(text)

    def encode(self, board) -> str:
        return self.module.encode(board)

    def share_url(self, board) -> str | None:
        return self.module.share_url(board)

    def to_json(self, board) -> dict:
        return self.module.to_json(board)

    def from_json(self, obj: dict):
        return self.module.from_json(obj)

    def problems(self, board) -> list[Problem]:
        return self.module.problems(board)

    def info(self, board) -> dict:
        return self.module.info(board)

    def new_board(self):
        return self.module.new_board()

    def looks_like(self, text: str) -> bool:
        return self.module.looks_like(text)


def _load_games() -> dict[str, Game]:
    games = {}
    for name in _GAME_MODULES:
        module = importlib.import_module(f"{__name__}.{name}")
        games[module.NAME] = Game(module.NAME, module.TITLE, module)
    return games


GAMES: dict[str, Game] = _load_games()


def game_of(board) -> Game:
    """The registry entry of a board object."""
    for game in GAMES.values():
        if isinstance(board, game.module.Board):
            return game
    raise TypeError(f"not a board: {type(board).__name__}")


def _check_size(text: str) -> None:
    if not isinstance(text, str):
        raise SlugError("slugboard", f"expected text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise SlugError("slugboard", f"text is too long ({len(text)} characters)", MAX_TEXT)
    if not text.strip():
        raise SlugError("slugboard", "nothing to read: the text is empty", 0)


def _attempts(text: str):
    """Yield (game, board or SlugError) for every game, marked games first."""
    marked = [g for g in GAMES.values() if g.looks_like(text)]
    others = [g for g in GAMES.values() if g not in marked]
    for game in marked + others:
        try:
            yield game, game.decode(text), game in marked
        except SlugError as exc:
            yield game, exc, game in marked


def detect(text: str) -> list[str]:
    """The games that can read `text`, most likely first (empty if none can)."""
    _check_size(text)
    return [game.name for game, result, _ in _attempts(text) if not isinstance(result, SlugError)]


def decode_any(text: str):
    """Decode `text` as whichever game reads it, most likely first; returns (game name, board).

    When no game reads it, the error of the game whose marks the text carries is raised
    (or, with no marks, the error of the game that read furthest), so the message names
    what went wrong and where.
    """
    _check_size(text)
    best: SlugError | None = None
    best_rank = None
    for game, result, marked in _attempts(text):
        if not isinstance(result, SlugError):
            return game.name, result
        rank = (marked, result.position if result.position is not None else -1)
        if best_rank is None or rank > best_rank:
            best, best_rank = result, rank
    assert best is not None
    if best_rank[0]:
        raise best
    stripped = text.strip()
    if "://" in stripped:
        host = urlsplit(stripped).netloc or stripped.split("://", 1)[1].split("/", 1)[0]
        raise SlugError("slugboard", f"a link to {host or 'an unknown site'}, which no game here reads; "
                                     "Slugboard opens links of " + ", ".join(_web_apps()) + " and bare slugs", 0)
    raise SlugError("slugboard", f"no game reads this text; read as {best.game} it fails: {best.message}",
                    best.position)


def _web_apps() -> list[str]:
    hosts = []
    for game in GAMES.values():
        url = game.share_url(game.new_board())
        if url and "://" in url:
            hosts.append(urlsplit(url).netloc)
    return hosts

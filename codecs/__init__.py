"""slugboard.codecs: the board models, rules and slug formats of every game, in pure Python.

Each game is a package with the same surface (`game.GameCodec`), so the GUI and the
command line treat games alike. The registry below is the one list of games: its order
is the tab order, and each entry's detection rank says which game reads a bare slug first.
`detect` and `decode_any` try the games by that rank. See docs/ARCHITECTURE.md.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from .errors import FormatError, Problem, ProblemKind, Severity, SlugError, ValueRangeError
from .game import Game, GameCodec
from .links import WHOLE, Source, link_bounds, links_in_message, unwrapped_link, wrapped_link

__all__ = [
    "GAMES",
    "all_games",
    "game",
    "titles",
    "Game",
    "GameCodec",
    "SlugError",
    "FormatError",
    "ValueRangeError",
    "Problem",
    "ProblemKind",
    "Severity",
    "detect",
    "decode_any",
    "read",
    "read_text_file",
    "plain_message",
    "game_of",
    "games_by_detection",
    "MAX_TEXT",
]

# Longer pasted text is refused before any game looks at it: the largest legal slug of
# any game (a minesweeper replay) is far below this.
MAX_TEXT = 4_000_000

# The registry: (package, detection rank, title), in tab order. A bare slug that several
# games could read goes to the lowest rank first: the game whose marks are strongest comes
# first, and xiangqi (a bare base64 string with no marker) comes last. The title is the
# package's TITLE, here too so that a window can name its tabs before any game is loaded.
REGISTRY: tuple[tuple[str, int, str], ...] = (
    ("sudoku", 0, "Sudoku"),
    ("pentomino", 1, "Pentominoes"),
    ("xiangqi", 4, "Xiangqi"),
    ("minesweeper", 2, "Minesweeper"),
    ("letters", 3, "Letters"),
)


def titles() -> dict[str, str]:
    """The registered games' titles in tab order, without loading any game."""
    return {name: title for name, _, title in REGISTRY}


if TYPE_CHECKING:
    # mypy checks every game package against the contract here.
    from . import letters, minesweeper, pentomino, sudoku, xiangqi

    _CHECKED: tuple[GameCodec[Any], ...] = (sudoku, pentomino, xiangqi, minesweeper, letters)


_loaded: dict[str, Game[Any]] = {}


def game(name: str) -> Game[Any]:
    """One registered game, its package imported on first use (a window that shows one
    game loads that one); raises KeyError for a name not registered."""
    found = _loaded.get(name)
    if found is None:
        entry = next((e for e in REGISTRY if e[0] == name), None)
        if entry is None:
            raise KeyError(name)
        _, rank, title = entry
        codec: GameCodec[Any] = importlib.import_module(f"{__name__}.{name}")
        if codec.NAME != name or codec.TITLE != title:
            raise RuntimeError(f"the package {name} declares NAME {codec.NAME!r}, TITLE {codec.TITLE!r}")
        # One object per game even when a worker thread loads it at the same time.
        found = _loaded.setdefault(name, Game(codec, rank))
    return found


_games: dict[str, Game[Any]] | None = None


def all_games() -> dict[str, Game[Any]]:
    """The registered games in tab order, their packages imported on the first call (a
    command that reads no board, such as `slugboard-codec --help`, loads none)."""
    global _games
    if _games is None:
        _games = {name: game(name) for name, _, _ in REGISTRY}
    return _games


if TYPE_CHECKING:
    GAMES: dict[str, Game[Any]]
else:

    def __getattr__(name: str) -> Any:
        if name == "GAMES":  # the same registry, as a module attribute
            return all_games()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def games_by_detection() -> list[Game[Any]]:
    """The games in the order they try a text."""
    return sorted(all_games().values(), key=lambda game: game.detection_rank)


def game_of(board: object) -> Game[Any]:
    """The registry entry of a board object."""
    for game in all_games().values():
        if isinstance(board, game.board_type):
            return game
    raise TypeError(f"not a board: {type(board).__name__}")


def read_text_file(path: str) -> str:
    """The text of a file that holds a slug or link (a text longer than any slug is read
    only so far as to be refused as one); raises SlugError when it cannot be read."""
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            return file.read(MAX_TEXT + 1)
    except OSError as exc:
        name = os.path.basename(path)
        raise SlugError("slugboard", f"cannot read {name} ({exc.strerror or exc})") from None


def _check_size(text: object) -> str:
    if not isinstance(text, str):
        raise SlugError("slugboard", f"expected text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise SlugError("slugboard", f"text is too long ({len(text)} characters)", MAX_TEXT)
    if not text.strip():
        raise SlugError("slugboard", "nothing to read: the text is empty", 0)
    return text


def _readings(text: str) -> Iterator[tuple[str, Source]]:
    """The texts to read `text` as, in turn, and where each stands in it: the text itself
    (or, for a link pasted percent-encoded whole, the link); then, for a message that holds
    a link ("Try this: https://... (hard!)", a link and a full stop), that link; then that
    link joined with the lines after it, as a mail client wraps a long link. Each is found
    only when the ones before it did not read."""
    unwrapped = unwrapped_link(text)
    yield unwrapped if unwrapped is not None else (text, WHOLE)
    yield from links_in_message(text)
    yield from wrapped_link(text)


def _attempts(text: str, source: Source = WHOLE) -> Iterator[tuple[Game[Any], Any, bool]]:
    """Yield (game, board or SlugError, marked) for every game: the games whose marks the
    text carries first, then the others, each group by detection rank. `text` stands at
    `source` in the text the user gave, where the errors' positions point.

    The games are loaded as they are reached, so a caller that stops at the first board
    (`decode_any`) loads no game ranked after a marked game that reads the text."""
    unmarked: list[Game[Any]] = []
    for name, _, _ in sorted(REGISTRY, key=lambda entry: entry[1]):
        candidate = game(name)
        if candidate.looks_like(text):
            yield _attempt(candidate, text, True, source)
        else:
            unmarked.append(candidate)
    for candidate in unmarked:
        yield _attempt(candidate, text, False, source)


def _attempt(candidate: Game[Any], text: str, marked: bool, source: Source) -> tuple[Game[Any], Any, bool]:
    try:
        return candidate, candidate.decode(text), marked
    except SlugError as exc:
        return candidate, exc if source is WHOLE else exc.located(source), marked


def detect(text: str) -> list[str]:
    """The games that can read `text`, most likely first (empty if none can)."""
    text = _check_size(text)
    for reading, source in _readings(text):
        found = [game.name for game, result, _ in _attempts(reading, source) if not isinstance(result, SlugError)]
        if found:
            return found
    return []


def decode_any(text: str) -> tuple[str, Any]:
    """Decode `text` as whichever game reads it, most likely first; returns (game name, board).

    When no game reads it, the error of the game whose marks the text carries is raised
    (or, with no marks, the error of the game that read furthest), so the message names
    what went wrong and where. A message that holds a link is read as the link when it
    cannot be read whole; its error is the link's when reading it whole failed outside it.
    """
    name, board, _, _ = read(text)
    return name, board


def read(text: str) -> tuple[str, Any, str, Source]:
    """As `decode_any`, and also the text the board was read from (`text` itself, or the
    link inside it) and where that stands in `text`."""
    text = _check_size(text)
    errors: list[SlugError] = []
    for reading, source in _readings(text):
        try:
            name, board = _decode_reading(reading, source)
        except SlugError as exc:
            errors.append(exc)
        else:
            return name, board, reading, source
    error = errors[0]
    in_message = len(links_in_message(text))
    link = link_bounds(text) if in_message else None
    if link is not None and (error.position is None or not link[0] <= error.position <= link[1]):
        error = errors[in_message]  # reading the whole message failed outside its link: the link's own error
    raise error


def _decode_reading(text: str, source: Source) -> tuple[str, Any]:
    best: SlugError | None = None
    best_rank: tuple[bool, int] | None = None
    for game, result, marked in _attempts(text, source):
        if not isinstance(result, SlugError):
            return game.name, result
        rank = (marked, result.position if result.position is not None else -1)
        if best_rank is None or rank > best_rank:
            best, best_rank = result, rank
    if best is None or best_rank is None:
        raise SlugError("slugboard", "no game reads this text", source.position_in_text(0))
    if best_rank[0]:
        raise best
    stripped = text.strip()
    if "://" in stripped:
        host = _host_of(stripped)
        raise SlugError(
            "slugboard",
            f"a link to {host or 'an unknown site'}, which no game here reads; "
            "Slugboard opens links of " + ", ".join(web_hosts()) + " and bare slugs",
            source.position_in_text(0),
        )
    error = SlugError(
        "slugboard", f"no game reads this text; read as {best.game} it fails: {best.message}", best.position
    )
    error.closest = best
    raise error


# What a person calls a board of each game, for messages.
_NOUNS = {"sudoku": "puzzle", "xiangqi": "position", "minesweeper": "game", "letters": "game"}


def plain_message(error: SlugError) -> str:
    """What went wrong, said to a person who pasted a text: what Slugboard reads and
    where the text goes wrong, in words (the error itself is the technical line)."""
    games = all_games()
    where = f" (character {error.position + 1})" if error.position is not None else ""
    sites = ", ".join(web_hosts())
    known = f"Slugboard opens links of {sites} and the slugs of its games."
    if error.game == "slugboard":
        if error.message.startswith("text is too long"):
            return f"This text is longer than any board's slug: Slugboard reads at most {MAX_TEXT:,} characters."
        if error.message.startswith("nothing to read"):
            return "There is nothing to open: the text is empty."
        if error.message.startswith("a link to"):
            host = error.message[len("a link to ") :].split(",")[0]
            return f"This is a link to {host}, which Slugboard does not open. {known}"
        closest = error.closest
        if closest is not None and closest.game in games:
            game = games[closest.game]
            noun = _NOUNS.get(game.name, "board")
            stop = f" past character {closest.position + 1}" if closest.position is not None else ""
            return (
                f"This isn't a link or slug Slugboard knows. {known} The text looks closest to a {game.title} "
                f"{noun}, which cannot be read{stop}."
            )
        return f"This isn't a link or slug Slugboard knows. {known}"
    if error.game in games:
        game = games[error.game]
        return f"This {game.title} {_NOUNS.get(game.name, 'board')} cannot be read{where}: {error.message}."
    return f"This text cannot be read{where}: {error.message}."


def _host_of(link: str) -> str:
    try:
        host = urlsplit(link).netloc
    except ValueError:  # a malformed address such as 'http://['
        host = ""
    host = host or link.split("://", 1)[1].split("/", 1)[0]
    return host if len(host) <= MAX_HOST else ""  # no site has a longer name: not a host


MAX_HOST = 253  # characters in the longest name a site can have (RFC 1035)


def web_hosts() -> list[str]:
    """The sites whose links Slugboard reads, in tab order."""
    return [game.web_host for game in all_games().values() if game.web_host]

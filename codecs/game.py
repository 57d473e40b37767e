"""The contract every game's codec meets, and its entry in the registry.

A game is a package `slugboard.codecs.<name>` whose top level offers the names of
`GameCodec` below; mypy checks each registered package against it (see `registry`). The
facts a caller needs about a game (does it have a link to share, which site reads it) are
constants of the package, not probes of a board.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable
from dataclasses import KW_ONLY, dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from .errors import CommandFailed as CommandFailed  # re-exported: part of what a game's command may raise
from .errors import Problem

if TYPE_CHECKING:
    import argparse

    from .anatomy import Anatomy
    from .work import Cancel

B = TypeVar("B")


class GameCodec(Protocol[B]):
    """What a game package offers at its top level.

    NAME, TITLE       registry name and the title a person reads
    HAS_LINK          share_url returns a link for every board (else always None)
    WEB_HOST          the host of the web app whose links it reads, if there is one
    DETECTION_RANK    a bare slug that several games read goes to the lowest rank first
    Board             the immutable board model (an edit returns a new board)

    And, optionally, what the game adds to the shell (declared as plain data, above):
    NOUN ("puzzle"), COMMANDS, FILE_TYPES, BOARD_OPTIONS with apply_cli_options(board, args),
    SLUG_HEADS (the fixed starts of its slugs, so that a damaged one is told as the game's),
    OTHER_HOSTS (sites besides WEB_HOST whose links it reads, named where Slugboard lists them),
    TEXT_HINT (a "module:function" saying what a text no game opens is to the game, or None),
    ANATOMY_FIELDS (its slugs' own fields, codecs/anatomy.py, each with its title), BOOK (a
    "module:function" giving a board's heading, rules and solution in a printed book).
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
    def DETECTION_RANK(self) -> int: ...  # noqa: N802

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


# --- what a game adds to the shell -------------------------------------------------
# A game's package declares these at its top, beside NAME and TITLE, as plain data: the
# command line and the window read them without loading the game's modules, and load the
# function a "module:function" target names (relative to the package) only when it runs.


@dataclass(frozen=True, slots=True)
class Command:
    """A subcommand of `slugboard-codec` that a game offers.

    A board command (`takes_board`) gets its TEXT arguments read by the shell, which calls
    `handler(board, args)` of the game each board belongs to; the handler returns what to
    print (a str as a line, anything else as one line of JSON) or raises SlugError (the
    input is bad: exit 2) or CommandFailed (no answer: its status). Several games may offer
    the same name; a board of a game that does not is refused with the games that do.
    A free command gets `handler(args) -> int` and writes its own output.
    `options(parser)` adds the command's own options to its argparse parser.
    A `long` command may run for a while: the shell gives it `--timeout SECONDS` and
    `args.cancel`, a Cancel to pass to the work, which stops it at the timeout or Ctrl+C
    and shows its progress on a terminal.
    """

    name: str
    summary: str
    handler: str
    options: str | None = None
    _: KW_ONLY
    takes_board: bool = True
    many: bool = False  # a board command that takes several TEXTs (and "-" for lines of stdin)
    long: bool = False


@dataclass(frozen=True, slots=True)
class BoardOption:
    """An option of the command line that means something for one game's boards only
    (letters' `--start-word`): offered by every command that reads a board, refused for
    a board of another game, and given to the game's `apply_cli_options(board, args)`."""

    flag: str
    help: str  # noqa: A003 - argparse's name
    metavar: str | None = None

    @property
    def dest(self) -> str:
        return self.flag.lstrip("-").replace("-", "_")


@dataclass(frozen=True, slots=True)
class FileType:
    """Files a game opens (File > Open, a drop, `slugboard FILE`, `slugboard-codec import`):
    `reader(path, cancel) -> list[FileRecord]`, raising SlugError for a file it cannot read.
    A file whose name ends in one of `sniffed` (a web page, a text file) is the game's when
    `sniff(path) -> bool` ("package.module:function", imported only then) says it holds one."""

    description: str
    extensions: tuple[str, ...]  # kept in lower case, as `sniffed`
    reader: str
    sniffed: tuple[str, ...] = ()
    sniff: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "extensions", tuple(e.lower() for e in self.extensions))
        object.__setattr__(self, "sniffed", tuple(e.lower() for e in self.sniffed))

    def matches(self, path: str) -> bool:
        name = path.lower()
        if name.endswith(self.extensions):
            return True
        if self.sniff is None or not name.endswith(self.sniffed):
            return False
        module, _, function = self.sniff.partition(":")
        return bool(getattr(importlib.import_module(module), function)(path))


@dataclass(frozen=True, slots=True)
class FileRecord:
    """One board a file holds: the board, the facts `import` prints beside its board JSON
    (xiangqi: the moves and the final position), and what the game's page opens when the
    file holds more than the board (a replay's mouse path, a game's variations)."""

    board: Any
    facts: dict[str, Any] = field(default_factory=dict)  # a copy of the one given (None: none)
    payload: Any = field(default=None, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "facts", dict(self.facts or {}))


def target(package: str, spec: str) -> Any:
    """The object a "module:name" spec names, its module relative to `package` when it
    starts with a dot ("`.commands:solve`"), imported now."""
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module, package), name)


class Game(Generic[B]):
    """A registered game: its codec package and where it stands in the lists. One object
    per game (the registry makes each once), so identity is equality."""

    __slots__ = ("codec",)

    def __init__(self, codec: GameCodec[B]) -> None:
        self.codec = codec

    def __repr__(self) -> str:
        return f"Game({self.codec.NAME!r}, rank {self.codec.DETECTION_RANK})"

    @property
    def name(self) -> str:
        return self.codec.NAME

    @property
    def detection_rank(self) -> int:
        """Bare slugs that several games could read go to the lowest rank first."""
        return self.codec.DETECTION_RANK

    @property
    def noun(self) -> str:
        """What a person calls one board of the game ("puzzle", "position", "game")."""
        return getattr(self.codec, "NOUN", "board")

    @property
    def commands(self) -> tuple[Command, ...]:
        return tuple(getattr(self.codec, "COMMANDS", ()))

    @property
    def file_types(self) -> tuple[FileType, ...]:
        return tuple(getattr(self.codec, "FILE_TYPES", ()))

    @property
    def board_options(self) -> tuple[BoardOption, ...]:
        return tuple(getattr(self.codec, "BOARD_OPTIONS", ()))

    @property
    def examples(self) -> tuple[dict[str, str], ...]:
        """The game's example boards (File > Examples), each a title and a text (a link or
        slug): the `examples.json` beside its package's declaration, a list of
        {"title", "text"} objects; none when it has no such file."""
        import json
        import os

        folder = os.path.dirname(os.path.abspath(self.codec.__file__))  # type: ignore[attr-defined]
        try:
            with open(os.path.join(folder, "examples.json"), encoding="utf-8") as f:
                found = json.load(f)
        except FileNotFoundError:
            return ()
        return tuple({"title": str(e["title"]), "text": str(e["text"])} for e in found)

    @property
    def anatomy_fields(self) -> dict[str, str]:
        """The fields of the game's slugs beyond those every format may have, with their
        titles (codecs/anatomy.py)."""
        return dict(getattr(self.codec, "ANATOMY_FIELDS", {}))

    def target(self, spec: str) -> Any:
        """What a "module:name" spec of the game's declaration names (see `target`)."""
        return target(self.codec.__name__, spec)  # type: ignore[attr-defined]

    def apply_options(self, board: B, args: argparse.Namespace) -> B:
        """`board` with the game's command-line options applied (see BoardOption)."""
        apply = getattr(self.codec, "apply_cli_options", None)
        return board if apply is None else apply(board, args)

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
    def web_hosts(self) -> tuple[str, ...]:
        """Every site whose links the game reads: its web app's first, then those it declares
        in the optional OTHER_HOSTS (sudoku's f-puzzles and SudokuPad)."""
        first = (self.web_host,) if self.web_host else ()
        return first + tuple(getattr(self.codec, "OTHER_HOSTS", ()))

    @property
    def slug_heads(self) -> tuple[str, ...]:
        """The fixed starts of the game's slugs (optional SLUG_HEADS): a text one edit from
        one is taken for a damaged slug of the game (see codecs/closest.py)."""
        return tuple(getattr(self.codec, "SLUG_HEADS", ()))

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

    def json_pieces(self, board: B, dump: Callable[[Any], str]) -> Iterable[str]:
        """The text of `dump(to_json(board))`, in pieces: a game whose boards can be large
        (minesweeper's games of a million actions) writes it without the whole JSON in
        memory; any other game's is one piece."""
        pieces = getattr(self.codec, "json_pieces", None)
        return (dump(self.to_json(board)),) if pieces is None else pieces(board, dump)

    def json_text(self, board: B, dump: Callable[[Any], str]) -> str:
        """`dump(to_json(board))`, made from `json_pieces`: the text grows a piece at a time
        (Python extends a string no other name holds in place), where joining the pieces
        would hold them all and the whole at once: twice the text of a long game's JSON."""
        text = ""
        for piece in self.json_pieces(board, dump):
            text += piece
        return text

    def shown_board(self, text: str, board: B) -> B:
        """The board `text` shows, `board` being what `decode(text)` read: the same board,
        but for a game whose texts can hold more (see the contract above)."""
        shown = getattr(self.codec, "shown_board", None)
        return board if shown is None else shown(text, board)

    def text_hint(self, text: str) -> str | None:
        """What `text`, which no game opens as a board, is to this game (its optional
        TEXT_HINT: xiangqi names a move list and where to replay it), or None."""
        spec = getattr(self.codec, "TEXT_HINT", None)
        if spec is None:
            return None
        hint = self.target(spec)(text)
        return str(hint) if hint else None

    def book_entry(self, board: B, solution: bool) -> tuple[str, str, B | None]:
        """What a printed book shows with `board` (the game's optional BOOK): the words of its
        heading beyond its number, its rules, and its solution when `solution` is asked for and
        the game knows one; ("", "", None) for a game that declares none."""
        spec = getattr(self.codec, "BOOK", None)
        if spec is None:
            return "", "", None
        words, rules, solved = self.target(spec)(board, solution)
        return str(words), str(rules), solved

    def prepare(self, board: B, cancel: Cancel | None = None) -> None:
        """Work out ahead what showing `board` takes, for a caller about to show it; safe
        on a worker thread, and nothing to do for a game with no `prepare` of its own."""
        prepare = getattr(self.codec, "prepare", None)
        if prepare is not None:
            from .work import NEVER

            prepare(board, cancel or NEVER)


def later(package: str, table: dict[str, tuple[str, ...]]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A game package's module `__getattr__` and `__dir__`: the names of its modules
    (`table`: module -> names, "name=original" where the package renames one), each module
    imported when one of its names is first read.

    The one lazy loader of the codecs. A game package's top is its declaration (NAME,
    TITLE, DETECTION_RANK, COMMANDS...) and imports none of its modules, so the registry
    lists the games and the command line lists their commands without loading them, and a
    command that decodes a board loads no solver, replay engine or word list. mypy sees
    the same names through imports under TYPE_CHECKING.
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

"""Errors and problem reports shared by every game codec.

A decoder that cannot read its input raises a `SlugError`; nothing else may escape it.
A board that decodes but is wrong for a person (a repeated digit, an overlap) is not an
error: `problems(board)` returns `Problem` records that the editor draws.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, TypeVar

from .work import Cancelled

T = TypeVar("T")


class TextPlaces(Protocol):
    """Where the characters of a slug stand in the text it was carved from
    (`links.Source` is one)."""

    def position_in_text(self, position: int) -> int: ...


class SlugError(ValueError):
    """A text could not be read as a board of `game`.

    `position` is the 0-based character index, in the text the user gave, where reading
    failed, or None when the failure is not tied to one character (a board JSON object).
    `span`, when there is one, is the half-open range of characters of that text that the
    failing field covers. A decoder raises with positions in the slug it read; the game's
    `decode` maps them into the user's text with `located` before the error leaves it, and
    keeps the slug's own index as `slug_position`.
    """

    # Set by `decode_any` when no game reads a text: the error of the game it came closest to.
    closest: SlugError | None = None

    def __init__(
        self,
        game: str,
        message: str,
        position: int | None = None,
        *,
        span: tuple[int, int] | None = None,
        slug_position: int | None = None,
    ):
        self.game = game
        # A message quotes input with `shown`; one that is still longer than a person
        # reads is cut, so no pasted megabyte reaches a terminal or an error line whole.
        self.message = message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 1] + "…"
        self.position = position
        self.span = span
        self.slug_position = position if slug_position is None else slug_position
        super().__init__(str(self))

    def __str__(self) -> str:
        # Said as a person counts (from 1, as the window says it); `position` is the index.
        where = f" at character {self.position + 1}" if self.position is not None else ""
        return f"{self.game}: {self.message}{where}"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.game, self.message, self.position, self.span, self.slug_position))

    def located(self, source: TextPlaces) -> SlugError:
        """The same error with its position (and span) moved from the slug into the text
        the slug was carved from."""
        if self.position is None:
            return self
        span = None
        if self.span is not None:
            span = (source.position_in_text(self.span[0]), source.position_in_text(self.span[1]))
        return type(self)(
            self.game, self.message, source.position_in_text(self.position), span=span, slug_position=self.slug_position
        )


# Input quoted in a message is cut to about this many characters (`shown`), and a whole
# message to MAX_MESSAGE.
SHOWN_CHARS = 60
MAX_MESSAGE = 400


def shown(value: object, most: int = SHOWN_CHARS) -> str:
    """`value` as a message quotes it: its repr, cut to about `most` characters with "…"
    where it was cut. Never raises and never builds a long text first: a 4,000-digit
    number is not turned into digits, a megabyte string or a deep list is not copied whole."""
    import reprlib

    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * most:
        size = abs(value)
        digits = int(size.bit_length() * 0.30103)  # never more than the digits it has
        while 10**digits <= size:
            digits += 1
        return f"{'-' if value < 0 else ''}{size // 10 ** (digits - 12)}… ({digits:,} digits)"
    if isinstance(value, str):
        text = repr(value[:most])  # of what can be shown, not of the whole
        return text + "…" if len(value) > most else text
    limits = reprlib.Repr()
    limits.maxlevel, limits.maxlist, limits.maxtuple, limits.maxdict = 3, 6, 6, 4
    limits.maxstring = limits.maxother = limits.maxlong = most
    try:
        text = limits.repr(value)
    except Exception:  # noqa: BLE001 - a value whose repr fails is still named
        text = f"<{type(value).__name__}>"
    return text if len(text) <= most else text[: most - 1] + "…"


def _rebuild(
    cls: type[SlugError],
    game: str,
    message: str,
    position: int | None,
    span: tuple[int, int] | None,
    slug_position: int | None,
) -> SlugError:
    return cls(game, message, position, span=span, slug_position=slug_position)


class CommandFailed(Exception):  # noqa: N818 - a result, not a fault
    """A command found no answer for a good input (a board with no completion): the
    message is said on standard error and the command exits with `status`."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def guarded(name: str, work: Callable[[], T]) -> T:
    """Run `work`, turning any failure that is not already a SlugError into one that says
    what it was: a board JSON can hold any value in any place, and one bad line must not
    end the batch; but a solver that gave up, memory that ran out or a file that cannot be
    read is no bad board, and is not called one."""
    try:
        return work()
    except (SlugError, CommandFailed, Cancelled, BrokenPipeError):  # no answer, a stop or a closed output
        raise
    except RecursionError:
        raise SlugError(name, "the board JSON is nested too deeply") from None
    except TimeoutError as exc:  # its message says who gave up after how long
        raise SlugError(name, _reason(exc) or "gave up: it took too long") from None
    except MemoryError:
        raise SlugError(name, "not enough memory for this") from None
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        raise SlugError(name, f"{where}{exc.strerror or _reason(exc) or type(exc).__name__}") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        # what reading a value of the wrong kind raises (a list where a number goes)
        raise SlugError(
            name, f"the board JSON has a value of the wrong kind ({type(exc).__name__}: {_reason(exc)})"
        ) from None
    except Exception as exc:  # noqa: BLE001 - one line for the person, not a traceback
        raise SlugError(name, f"failed unexpectedly ({type(exc).__name__}: {_reason(exc)})") from None


def _reason(exc: BaseException) -> str:
    text = str(exc)
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 1] + "…"


class FormatError(SlugError):
    """The text breaks the slug format (bad characters, truncated, bad header)."""


class TooLongError(FormatError):
    """The text is longer than any slug of the game: it tells nothing of whether the text
    is the game's, so detection names no game as the closest for it."""


class ValueRangeError(SlugError):
    """A field was read but its value is outside what the format allows."""


class Severity(str, Enum):
    """How bad a problem is: an error breaks the game's rules; a warning is legal but
    surprising (a slug that set one cell twice)."""

    ERROR = "error"
    WARNING = "warning"


class ProblemKind(str, Enum):
    """What a problem is about; the editor picks what to draw or say by kind. These are the
    kinds any game may meet; a game declares its own as a `str` enum of its own, in its
    package (sudoku's `model.Kind`), so that no shared module lists a game's problems."""

    DECODE = "decode"  # a note from reading the slug (a cell set twice...)
    OVERLAP = "overlap"  # two pieces (or two tiles) on one cell
    TOO_MANY = "too-many"  # more pieces of a kind than the set has


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong with a board, for a person: a message and the cells it concerns.
    Immutable, compared and hashed by value.

    Cells use the game's own cell tuples (see the board JSON of each game). `severity`
    and `kind` may be given as their plain strings too (a problem built from JSON), and
    are kept as the enums, so that it compares equal to the one it was written from.
    """

    message: str
    cells: tuple[Any, ...] = ()
    severity: Severity = Severity.ERROR
    kind: Enum = ProblemKind.DECODE  # a ProblemKind, or a kind the game declares (a str enum)

    def __post_init__(self) -> None:
        # The plain strings, as JSON holds them, are kept as the enums they name.
        object.__setattr__(self, "severity", Severity(self.severity))
        if not isinstance(self.kind, Enum):
            object.__setattr__(self, "kind", ProblemKind(self.kind))

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "message": self.message,
            "severity": self.severity.value,
            "cells": [list(c) if isinstance(c, tuple) else c for c in self.cells],
        }


def errors_of(problems: Iterable[Problem]) -> list[Problem]:
    """The problems that break the rules (not the warnings)."""
    return [p for p in problems if p.is_error]

"""Reading what a person pastes: which game reads a text (`detect`), its board
(`decode_any`, `read`), what every character of it holds (`explain`), a text file holding
a slug, and what went wrong said in words (`plain_message`). The games are tried by detection rank, the games whose marks the text
carries first; a message that holds a link is read as its link."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from .errors import SlugError, TooLongError, ValueRangeError, shown
from .game import Game
from .links import WHOLE, Source, link_bounds, links_in_message, unwrapped_link, wrapped_link
from .registry import all_games, games_by_detection

if TYPE_CHECKING:
    from .anatomy import Anatomy
    from .closest import NearMark

# Longer pasted text is refused before any game looks at it: the largest legal slug of
# any game (a minesweeper replay) is far below this.
MAX_TEXT = 4_000_000


def read_text_file(path: str) -> str:
    """The text of a file that holds a slug or link (a text longer than any slug is read
    only so far as to be refused as one); raises SlugError when it cannot be read, for
    anything that is not a regular file (a FIFO, /dev/zero, a symlink to either), and for a
    file that is not text (a picture, a program: no game reads it)."""
    import os

    from .files import read_bytes_limited

    data = read_bytes_limited(path, 4 * (MAX_TEXT + 1))  # a character is at most 4 bytes
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):  # UTF-16, as some editors save text
        return data.decode("utf-16", errors="replace")[: MAX_TEXT + 1]
    if b"\0" in data:  # no text holds a NUL; a picture, a program or an archive does
        name = os.path.basename(os.fspath(path).rstrip("/\\")) or os.fspath(path)
        kinds = sorted({e for game in all_games().values() for kind in game.file_types for e in kind.extensions})
        raise SlugError(
            "slugboard",
            f"{shown(name)} is no file a game reads: not text holding a slug or link, "
            f"nor a game's file ({' '.join(kinds)})",
        )
    text = data.decode("utf-8", errors="replace")  # a stray byte of another encoding reads as U+FFFD
    return text[: MAX_TEXT + 1]


# What a text naming a file ends in: the games' files, and text files holding a slug.
_TEXT_SUFFIXES = (".txt", ".text", ".url")


def refuse_missing_file(text: str) -> None:
    """Raise SlugError "no such file" when `text`, which names no file there is, looks like
    the name of one rather than a slug: it ends in the suffix of a file a game opens or of
    a text file, or starts as a path does (./ ../ ~/, or a folder that is there)."""
    import os

    stripped = text.strip()
    if not stripped or "://" in stripped or "\n" in stripped or os.path.lexists(stripped):
        return
    suffixes = {e.lower() for game in all_games().values() for kind in game.file_types for e in kind.extensions}
    suffix = os.path.splitext(stripped)[1].lower()
    folder = os.path.dirname(stripped)
    path_like = (
        suffix in suffixes
        or suffix in _TEXT_SUFFIXES
        or stripped.startswith(("./", "../", "~/", ".\\", "..\\"))
        or (folder not in ("", "/") and os.path.isdir(os.path.expanduser(folder)))
    )
    if path_like:
        raise SlugError("slugboard", f"no such file: {shown(stripped)}")


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
    marked = False
    for candidate in games_by_detection():
        if candidate.looks_like(text):
            marked = True
            yield _attempt(candidate, text, True, source)
        else:
            unmarked.append(candidate)
    if marked:
        return  # a text with a game's marks is that game's or nobody's
    near = _near_mark(text)
    if near is not None:
        # A slug that lost its mark to one changed character is that game's, damaged.
        game, result, _ = _attempt(all_games()[near.game], text, True, source)
        if isinstance(result, SlugError):
            position = source.position_in_text(near.position) if source is not WHOLE else near.position
            noun = game.title.lower()
            if near.mark == game.web_host:
                what = f"its site is {shown(_host_of(text.strip()))} where a {noun} link has {near.mark!r}"
            else:
                what = f"it starts {shown(text.strip()[: len(near.mark)])} where a {noun} slug starts {near.mark!r}"
            result = type(result)(game.name, f"this looks like a damaged {noun} link: {what}", position)
        yield game, result, True
        return
    for candidate in unmarked:
        yield _unmarked_attempt(candidate, text, source)


def _unmarked_attempt(candidate: Game[Any], text: str, source: Source) -> tuple[Game[Any], Any, bool]:
    """As `_attempt`, for a text with no game's marks: a board the game says that text
    most likely reads as only by chance (`read_by_chance`: a bare xiangqi slug that is a
    position no game reaches, as a damaged letters slug reads) is not taken."""
    game, result, marked = _attempt(candidate, text, False, source)
    judge = getattr(candidate.codec, "read_by_chance", None)
    if judge is not None and not isinstance(result, SlugError):
        reason = judge(result)
        if reason is not None:
            noun = candidate.title.lower()
            result = ValueRangeError(
                candidate.name, f"this reads as a {noun} {candidate.noun} only by chance: {reason}"
            )
    return game, result, marked


def _near_mark(text: str) -> NearMark | None:
    """The game whose slug head or site `text` comes one edit from, if there is one (asked
    only of a text no game's marks are on)."""
    from .closest import near_mark

    games = all_games().values()
    heads = {game.name: game.slug_heads for game in games if game.slug_heads}
    hosts = {game.name: game.web_host for game in games if game.web_host}
    return near_mark(text, heads, hosts)


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
        # Reading the whole message failed outside its link: the link's own error, unless
        # what comes before the link already carries the marks of the game that refused
        # it (a FEN followed by words, one of which looks like a link, is a FEN's to refuse).
        game = all_games().get(error.game)
        if game is None or not game.looks_like(text[: link[0]]):
            error = errors[in_message]
    raise error


def explain(text: str) -> Anatomy:
    """The anatomy of whichever game's slug `text` is (see `read`); raises SlugError for a
    text no game reads. The spans point into `text`, also when the board was read from a
    link inside it."""
    from dataclasses import replace  # loaded with the first anatomy, not with the codecs

    name, _board, reading, source = read(text)
    anatomy = all_games()[name].explain(reading)
    if reading == text:
        return anatomy
    where = source.position_in_text

    def moved(chars: tuple[int, int]) -> tuple[int, int]:
        return where(chars[0]), where(chars[1])

    return replace(
        anatomy,
        text=text,
        slug=moved(anatomy.slug),
        spans=tuple(replace(span, chars=moved(span.chars)) for span in anatomy.spans),
        _starts=[],
        _by_cell={},
    )


# What a mistyped character of a slug most likely stood for.
_TYPED_FOR = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_MISTYPED_MOST = 1_000  # characters: a longer text was not typed by hand


def _mistyped(text: str, failed: list[tuple[Game[Any], SlugError]]) -> SlugError | None:
    """Of the games whose reading failed (those that read furthest first), the error of the
    first whose marks the text would carry with the character it failed at changed: a slug
    or a FEN with one character mistyped is that game's, whichever other games read as far
    or further (any text of base64 letters reads as far as its first other character in
    three games, and past a FEN's mistyped letter to the space before its side to move)."""
    if len(text) > _MISTYPED_MOST:
        return None
    for game, error in failed:
        position = error.position
        if position is None or not 0 <= position < len(text):
            continue
        if any(game.looks_like(text[:position] + c + text[position + 1 :]) for c in _TYPED_FOR):
            return error
    return None


def _decode_reading(text: str, source: Source) -> tuple[str, Any]:
    failed: list[tuple[tuple[bool, int], Game[Any], SlugError]] = []  # (how far, game, error)
    for game, result, marked in _attempts(text, source):
        if not isinstance(result, SlugError):
            return game.name, result
        # A game's length limit tells nothing of which game a text is.
        position = result.position if result.position is not None else -1
        failed.append(((marked, -1 if isinstance(result, TooLongError) else position), game, result))
    if not failed:
        raise SlugError("slugboard", "no game reads this text", source.position_in_text(0))
    failed.sort(key=lambda f: f[0], reverse=True)  # the furthest first; a stable sort keeps the games' order
    best_rank, _game, best = failed[0]
    if best_rank[0]:
        raise best
    # A text that one changed character would give a game's marks is that game's, mistyped
    # (a slug, or a FEN with its fields after a space).
    mistyped = _mistyped(text, [(game, error) for _rank, game, error in failed]) if source is WHOLE else None
    best = mistyped or best
    stripped = text.strip()
    if "://" in stripped:
        host = _host_of(stripped)
        raise SlugError(
            "slugboard",
            f"a link to {host or 'an unknown site'}, which no game here reads; "
            "Slugboard opens links of " + ", ".join(web_hosts()) + " and bare slugs",
            source.position_in_text(0),
        )
    gap = _first_space(stripped)
    hints = [hint for game in all_games().values() if (hint := game.text_hint(stripped))] if gap is not None else []
    if hints:
        raise SlugError("slugboard", f"{HINTED}{hints[0]}", source.position_in_text(0))
    if gap is not None and mistyped is None:
        # Words with spaces between them are no slug: naming the game that read furthest
        # into them ("hello world" as xiangqi) would send a person after the wrong thing.
        where = len(text) - len(text.lstrip()) + gap
        raise SlugError(
            "slugboard",
            "no game reads this text: a slug or link is one word, with no spaces",
            source.position_in_text(where),
        )
    if best_rank[1] <= 0:
        # No game read past the first character, or every one refused it for its length:
        # none is closer than another.
        raise SlugError("slugboard", "no game reads this text", source.position_in_text(0))
    error = SlugError(
        "slugboard", f"no game reads this text; read as {best.game} it fails: {best.message}", best.position
    )
    error.closest = best
    raise error


# A text no game opens as a board, that a game names for what it is (its TEXT_HINT).
HINTED = "no game opens this text as a board: "


def _first_space(text: str) -> int | None:
    """Where the first whitespace inside `text` (stripped) is, or None for one word."""
    for index, character in enumerate(text):
        if character.isspace():
            return index
    return None


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
        if error.message.startswith(HINTED):
            hint = error.message[len(HINTED) :]
            return f"Not a board: {hint}."
        if error.message.startswith("a link to"):
            host = error.message[len("a link to ") :].split(",")[0]
            return f"This is a link to {host}, which Slugboard does not open. {known}"
        closest = error.closest
        if closest is not None and closest.game in games:
            game = games[closest.game]
            noun = game.noun
            # Said in one line where it can be, so that the text with its character marked
            # shows below it; which sites Slugboard reads is no help to a slug mistyped.
            stop = f" past character {closest.position + 1}" if closest.position is not None else ""
            return f"No game reads this: it looks closest to a {game.title} {noun}, which cannot be read{stop}."
        return f"This isn't a link or slug Slugboard knows. {known}"
    if error.game in games:
        game = games[error.game]
        return f"This {game.title} {game.noun} cannot be read{where}: {error.message}."
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
    return [host for game in all_games().values() for host in game.web_hosts]

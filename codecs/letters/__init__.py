"""Letters: the daily word game of letters.wiki, its `?g=` / `?w=` share slugs, the day's
tile draw, the racks of every turn, the words formed and their scores.

A game is five turns on a 9x9 board around a starting word; each turn places tiles from a
rack of seven. The share slug (formats/letters.md) holds only the date and, per tile, its
square, its index in that turn's rack and its turn: URL-safe base64, unpadded, of
14 bits date (days since 2020-01-01), 5 bits tile count, then 13 bits per tile
(7 position, 3 rack index, 3 turn), most significant bit first, last byte zero-padded.
`?g=` counts rack indices in draw order, `?w=` in the rack sorted alphabetically.

The letters come from the day's draw, which the game's server computed: the tile bag
without the starting word's letters, shuffled by Python's `random` seeded with the md5 of
the date. The starting word is not in the slug, so a board knows it only when a person
gives it (or a link Slugboard wrote carries it as `&s=WORD`, which letters.wiki ignores).
Without it, tiles are rack positions and turns; with it, letters, words and scores
resolve here, as the server did.

The site's later links, `?_=` (V4, formats/letters.md), carry every letter directly, the
starting word and blank tiles: 14 bits date, 4 bits starting-word length, 5 bits per
starting-word letter, 5 bits tile count, then 16 bits per tile (7 position, 6 letter:
0-25 a letter, 26-51 a blank standing for that letter, 3 turn). A V4 board needs no draw
and no prompt. Blanks came with the site's 100-tile bag (two blanks); a game played here
deals from that bag, while `?g=`/`?w=` links keep the 98-tile bag of their dates.

The canonical slug of a `?g=` board is the bare base64 text; a `?w=` board's slug keeps
its `w=` marker, because the same bits name other letters under the other parameter. A
V4 board's slug is its bare body, with a `_=` marker only in the rare case that the same
text would also read as a `?g=` slug. A starting word a person gave a `?g=`/`?w=` board
travels in its slug as `&s=WORD`; share links are V4 whenever the letters are known.

Word checks use the ENABLE word list (public domain), shipped gzipped in
slugboard.resources and read on first need.
"""

from __future__ import annotations

import datetime as _dt
import functools
import gzip
import hashlib
import random
import re
import threading
from dataclasses import dataclass, field, replace
from importlib import resources as _resources
from typing import Any

from ..bits import STD_ALPHABET, URL_ALPHABET, BitReader, BitWriter, b64decode, b64encode
from ..errors import FormatError, Problem, ProblemKind, Severity, SlugError, ValueRangeError
from ..links import (
    Source,
    carve,
    is_link,
    located,
    percent_decode,
    query_params,
    strip_text,
    stripped_bounds,
    value_bounds,
)

NAME = "letters"
TITLE = "Letters"
HAS_LINK = True
WEB_HOST: str | None = "letters.wiki"
SITE_URL = "https://letters.wiki/"

SIZE = 9
TURNS = 5
RACK_SIZE = 7
DRAW_SIZE = TURNS * RACK_SIZE
MAX_TILES = 31  # the slug's 5-bit count
BINGO_BONUS = 50
EPOCH = _dt.date(2020, 1, 1)
MAX_DAYS = (1 << 14) - 1
LAST_DATE = EPOCH + _dt.timedelta(days=MAX_DAYS)
V4 = "_"  # the parameter of the site's V4 links
PARAMS = ("g", "w", V4)
START_WORD_PARAM = "s"
MIN_START_WORD, MAX_START_WORD = 2, SIZE
BLANK = "_"  # a blank tile on a rack; on the board a blank shows its letter in lowercase

TILE_COUNTS = {
    "A": 9,
    "B": 2,
    "C": 2,
    "D": 4,
    "E": 12,
    "F": 2,
    "G": 3,
    "H": 2,
    "I": 9,
    "J": 1,
    "K": 1,
    "L": 4,
    "M": 2,
    "N": 6,
    "O": 8,
    "P": 2,
    "Q": 1,
    "R": 6,
    "S": 4,
    "T": 6,
    "U": 4,
    "V": 2,
    "W": 2,
    "X": 1,
    "Y": 2,
    "Z": 1,
}
# The bag since the site added two blanks (they come after Z when the bag is built).
TILE_COUNTS_WITH_BLANKS = {**TILE_COUNTS, BLANK: 2}

VALUES = {
    **dict.fromkeys("AEIOULNSTR", 1),
    **dict.fromkeys("DG", 2),
    **dict.fromkeys("BCMP", 3),
    **dict.fromkeys("FHVWY", 4),
    "K": 5,
    **dict.fromkeys("JX", 8),
    **dict.fromkeys("QZ", 10),
}

TW, DW, TL, DL = "TW", "DW", "TL", "DL"
PREMIUMS: dict[tuple[int, int], str] = {
    **dict.fromkeys([(0, 0), (0, 8), (8, 0), (8, 8)], TW),
    **dict.fromkeys([(1, 1), (1, 7), (7, 1), (7, 7), (4, 4)], DW),
    **dict.fromkeys([(0, 4), (2, 2), (2, 6), (4, 0), (4, 8), (6, 2), (6, 6), (8, 4)], TL),
    **dict.fromkeys([(3, 3), (3, 5), (5, 3), (5, 5)], DL),
}

# Bits in a full slug (31 tiles) and the longest text that can hold them: anything longer is
# refused before base64 decoding allocates anything.
_MAX_BITS = 14 + 5 + 13 * MAX_TILES
_MAX_SLUG_CHARS = -(-(-(-_MAX_BITS // 8) * 8) // 6)
_MAX_V4_BITS = 14 + 4 + 5 * MAX_START_WORD + 5 + 16 * MAX_TILES
_MAX_V4_CHARS = -(-(-(-_MAX_V4_BITS // 8) * 8) // 6)
_MARKED = re.compile(r"^[?&]?[gw_]=", re.IGNORECASE)


# --- model ---------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Tile:
    """One placed tile: its square, its index in that turn's rack, its turn (1-5). A V4
    tile carries its letter (A-Z) instead, and whether it is a blank standing for it."""

    row: int
    col: int
    rack_index: int
    turn: int
    letter: str = ""
    blank: bool = False

    @property
    def square(self) -> tuple[int, int]:
        return (self.row, self.col)

    @property
    def face(self) -> str:
        """The letter as the board holds it: lowercase for a blank (a blank scores 0)."""
        return self.letter.lower() if self.blank else self.letter


@dataclass(frozen=True)
class Board:
    """A day's game: the date, the tiles in slug order, the rack order the indices use
    (`g` draw order, `w` sorted), and the starting word when someone has given it."""

    date: _dt.date = EPOCH
    tiles: tuple[Tile, ...] = ()
    param: str = "w"
    start_word: str | None = None
    # Remarks from decoding (padding bits that were not zero); not part of the board.
    notes: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self):  # type: ignore[no-untyped-def]
        if not isinstance(self.date, _dt.date) or not EPOCH <= self.date <= LAST_DATE:
            raise ValueError(f"a letters date is between {EPOCH} and {LAST_DATE}")
        if self.param not in PARAMS:
            raise ValueError("param is 'g', 'w' or '_'")
        if len(self.tiles) > MAX_TILES:
            raise ValueError(f"a letters slug holds at most {MAX_TILES} tiles")
        for t in self.tiles:
            if not (0 <= t.row < SIZE and 0 <= t.col < SIZE and 0 <= t.rack_index < RACK_SIZE and 1 <= t.turn <= TURNS):
                raise ValueError(f"tile out of range: {t}")
            if self.param == V4:
                if len(t.letter) != 1 or t.letter not in TILE_COUNTS or t.rack_index:
                    raise ValueError(f"a V4 tile has a letter A-Z and no rack index: {t}")
            elif t.letter or t.blank:
                raise ValueError(f"a ?{self.param}= tile has a rack index, not a letter: {t}")
        if self.start_word is not None and start_word_error(self.start_word):
            raise ValueError(start_word_error(self.start_word))

    @property
    def days(self) -> int:
        return (self.date - EPOCH).days

    @property
    def seed(self) -> str:
        """The date as the game's server spells its seed (YYYYMMDD)."""
        return self.date.strftime("%Y%m%d")

    def with_start_word(self, word: str | None) -> Board:
        return replace(self, start_word=normalize_start_word(word) if word else None, notes=())

    def with_param(self, param: str) -> Board:
        """The same tiles read with the other rack order (`g` draw order, `w` sorted)."""
        return replace(self, param=param, notes=())

    @property
    def is_v4(self) -> bool:
        return self.param == V4

    @property
    def bag(self) -> dict[str, int]:
        """The tile bag the game was dealt from: the 100 tiles with two blanks for V4
        games, the 98 tiles of the `?g=`/`?w=` days otherwise."""
        return TILE_COUNTS_WITH_BLANKS if self.param == V4 else TILE_COUNTS

    def tiles_of_turn(self, turn: int) -> tuple[Tile, ...]:
        return tuple(t for t in self.tiles if t.turn == turn)

    @property
    def last_turn(self) -> int:
        return max((t.turn for t in self.tiles), default=0)


def new_board() -> Board:
    """Today's game, nothing placed, in the site's current (V4) form."""
    today = _dt.date.today()
    return Board(date=min(max(today, EPOCH), LAST_DATE), param=V4)


def normalize_start_word(word: str) -> str:
    return word.strip().upper()


def start_word_error(word: str) -> str | None:
    """Why `word` cannot be a starting word (None when it can)."""
    if not isinstance(word, str):
        return "the starting word must be text"
    word = normalize_start_word(word)
    if not word.isascii() or not word.isalpha():
        return f"the starting word {word!r} must be letters A-Z only"
    if not MIN_START_WORD <= len(word) <= MAX_START_WORD:
        return f"the starting word must have {MIN_START_WORD}-{MAX_START_WORD} letters (it has {len(word)})"
    for letter in set(word):
        if word.count(letter) > TILE_COUNTS[letter]:
            return f"the starting word uses {word.count(letter)} {letter}s; the bag has {TILE_COUNTS[letter]}"
    return None


def start_word_squares(word: str) -> tuple[tuple[int, int], ...]:
    """Where the starting word lies: row 4, centred the way the game centres it."""
    first = SIZE // 2 - len(word) // 2
    return tuple((SIZE // 2, first + i) for i in range(len(word)))


# --- reading -------------------------------------------------------------------------


def looks_like(text: str) -> bool:
    try:
        t = strip_text(text)
        if "letters.wiki" in t.lower():
            return True
        return bool(_MARKED.match(t))
    except Exception:  # a predicate used for detection must never raise
        return False


def _split(text: str) -> tuple[str, Source, str | None, bool]:
    """(param, where the raw slug stands in `text`, raw start word or None, whether the
    text carried a marker)."""
    start, end = stripped_bounds(text)
    t = text[start:end]
    if "?" in t or "&" in t or _MARKED.match(t) or is_link(t) or t.lower().startswith("letters.wiki"):
        query = t if "?" in t else "?" + t.lstrip("&")
        params = query_params(query)
        lowered = {k.lower(): k for k in params}
        # The site reads ?_= first, then ?w=, then ?g=.
        for name in (V4, "w", "g"):
            if name in lowered:
                start_key = lowered.get(START_WORD_PARAM)
                bounds = value_bounds(text, (lowered[name],), start, end) or (start, end)
                return name, Source(*bounds), params[start_key] if start_key else None, True
        raise FormatError(NAME, "the link has no ?_=, ?g= or ?w= parameter", 0)
    return "g", Source(start, end), None, False


def _percent_decode(text: str) -> str:
    try:
        return percent_decode(text)
    except UnicodeDecodeError:
        return text  # left as it is: the base64 check then names the odd character


def decode(text: str) -> Board:
    if not isinstance(text, str):
        raise FormatError(NAME, f"expected text, got {type(text).__name__}")
    if not strip_text(text):
        raise FormatError(NAME, "the text is empty", 0)
    param, raw, start, marked = _split(text)
    slug, source = carve(text, raw.start, raw.end, strip=True)
    slug = slug.replace(" ", "+")
    start_word = None
    if start is not None:
        # A starting word has at most 9 letters, 27 characters percent-encoded: a longer
        # value is refused before it is decoded.
        if len(start) > 3 * MAX_START_WORD + 8:
            raise ValueRangeError(
                NAME,
                f"the link's s= parameter is {len(start)} characters long; a starting "
                f"word has {MIN_START_WORD}-{MAX_START_WORD} letters",
            )
        word = _percent_decode(start).strip()
        if word:
            problem = start_word_error(word)
            if problem:
                raise ValueRangeError(NAME, f"the link's s= parameter: {problem}")
            start_word = normalize_start_word(word)
    with located(source):
        if param == V4:
            return decode_v4(slug, strict=not marked)  # it carries its own starting word
        if marked:
            board = decode_slug(slug, param, strict=False)
        else:
            board = _decode_bare(slug)
    return replace(board, start_word=start_word) if start_word and not board.is_v4 else board


def _decode_bare(slug: str) -> Board:
    """A bare slug is a `?g=` slug, or a V4 slug when it does not read as one; when neither
    reads, the `?g=` reading's error (the form bare slugs have always had)."""
    try:
        return decode_slug(slug, "g", strict=True)
    except SlugError as g_error:
        try:
            return decode_v4(slug, strict=True)
        except SlugError:
            raise g_error from None


def decode_slug(slug: str, param: str = "g", *, strict: bool = True) -> Board:
    """Read the bare base64 body. `strict` also refuses non-zero padding bits (a bare text
    carries no marker, so only an exact slug is taken for a letters game)."""
    if not slug:
        raise FormatError(NAME, "the slug is empty", 0)
    if re.fullmatch(r"\d{8}-.*", slug, re.DOTALL):
        raise FormatError(NAME, "old date-and-LZ-string letters links are not supported", 8)
    if len(slug) > _MAX_SLUG_CHARS:
        raise FormatError(
            NAME,
            f"slug is too long for a letters game ({len(slug)} characters; 31 tiles need {_MAX_SLUG_CHARS})",
            _MAX_SLUG_CHARS,
        )
    data = b64decode(slug, NAME, alphabets=(URL_ALPHABET, STD_ALPHABET))
    reader = BitReader(data, NAME)
    days = reader.read(14)
    date = EPOCH + _dt.timedelta(days=days)
    count = reader.read(5)
    tiles = []
    for i in range(count):
        where = reader.char_position()
        pos = reader.read(7)
        rack_index = reader.read(3)
        turn = reader.read(3)
        if pos >= SIZE * SIZE:
            raise ValueRangeError(NAME, f"tile {i + 1}: square {pos} is off the 9x9 board (0-80)", where)
        if rack_index >= RACK_SIZE:
            raise ValueRangeError(
                NAME,
                f"tile {i + 1}: rack index {rack_index} is beyond the rack of {RACK_SIZE} (0-{RACK_SIZE - 1})",
                where + 1,
            )
        if not 1 <= turn <= TURNS:
            raise ValueRangeError(NAME, f"tile {i + 1}: turn {turn} is not 1-{TURNS}", where + 2)
        tiles.append(Tile(pos // SIZE, pos % SIZE, rack_index, turn))
    notes = []
    if reader.remaining >= 8:
        extra = reader.remaining // 8
        raise FormatError(
            NAME,
            f"slug is longer than {count} tile{'' if count == 1 else 's'} need "
            f"({extra} byte{'' if extra == 1 else 's'} too many)",
            reader.char_position(),
        )
    if reader.remaining and reader.read(reader.remaining):
        if strict:
            raise FormatError(NAME, "the bits after the last tile are not zero", reader.char_position() - 1)
        notes.append("the bits after the last tile are not zero (they are ignored)")
    return Board(date, tuple(tiles), param, None, tuple(notes))


def decode_v4(slug: str, *, strict: bool = True) -> Board:
    """Read the bare base64 body of a `?_=` (V4) link. `strict` also refuses non-zero
    padding bits."""
    if not slug:
        raise FormatError(NAME, "the slug is empty", 0)
    if len(slug) > _MAX_V4_CHARS:
        raise FormatError(
            NAME,
            f"slug is too long for a letters game ({len(slug)} characters; {MAX_TILES} tiles need {_MAX_V4_CHARS})",
            _MAX_V4_CHARS,
        )
    data = b64decode(slug, NAME, alphabets=(URL_ALPHABET, STD_ALPHABET))
    reader = BitReader(data, NAME)
    date = EPOCH + _dt.timedelta(days=reader.read(14))
    where = reader.char_position()
    length = reader.read(4)
    if length > MAX_START_WORD:
        raise ValueRangeError(
            NAME, f"the starting word has {length} letters; the board's middle row holds {MAX_START_WORD}", where
        )
    word = []
    for i in range(length):
        where = reader.char_position()
        code = reader.read(5)
        if code > 25:
            raise ValueRangeError(
                NAME, f"letter {i + 1} of the starting word is code {code}, not a letter (0-25)", where
            )
        word.append(chr(ord("A") + code))
    start_word = "".join(word) or None
    if start_word is not None:
        problem = start_word_error(start_word)
        if problem:
            raise ValueRangeError(NAME, problem, where)
    count = reader.read(5)
    tiles = []
    for i in range(count):
        where = reader.char_position()
        pos = reader.read(7)
        code = reader.read(6)
        turn = reader.read(3)
        if pos >= SIZE * SIZE:
            raise ValueRangeError(NAME, f"tile {i + 1}: square {pos} is off the 9x9 board (0-80)", where)
        if code >= 52:
            raise ValueRangeError(NAME, f"tile {i + 1}: letter code {code} is not a letter (0-51)", where + 1)
        if not 1 <= turn <= TURNS:
            raise ValueRangeError(NAME, f"tile {i + 1}: turn {turn} is not 1-{TURNS}", where + 2)
        tiles.append(Tile(pos // SIZE, pos % SIZE, 0, turn, chr(ord("A") + code % 26), code >= 26))
    notes = []
    if reader.remaining >= 8:
        extra = reader.remaining // 8
        raise FormatError(
            NAME,
            f"slug is longer than {count} tile{'' if count == 1 else 's'} need "
            f"({extra} byte{'' if extra == 1 else 's'} too many)",
            reader.char_position(),
        )
    if reader.remaining and reader.read(reader.remaining):
        if strict:
            raise FormatError(NAME, "the bits after the last tile are not zero", reader.char_position() - 1)
        notes.append("the bits after the last tile are not zero (they are ignored)")
    return Board(date, tuple(tiles), V4, start_word, tuple(notes))


# --- writing -------------------------------------------------------------------------


def slug_body(board: Board) -> str:
    """The base64 text letters.wiki puts after `?g=` or `?w=`."""
    writer = BitWriter()
    writer.write(board.days, 14)
    writer.write(len(board.tiles), 5)
    for t in board.tiles:
        writer.write(t.row * SIZE + t.col, 7)
        writer.write(t.rack_index, 3)
        writer.write(t.turn, 3)
    return b64encode(writer.to_bytes(), padded=False, urlsafe=True)


def v4_body(board: Board) -> str:
    """The base64 text letters.wiki puts after `?_=`, as its V4 encoder writes it."""
    if not board.is_v4:
        raise ValueError("a ?g= or ?w= board: convert it with to_v4 first")
    writer = BitWriter()
    writer.write(board.days, 14)
    word = board.start_word or ""
    writer.write(len(word), 4)
    for letter in word:
        writer.write(ord(letter) - ord("A"), 5)
    writer.write(len(board.tiles), 5)
    for t in board.tiles:
        writer.write(t.row * SIZE + t.col, 7)
        writer.write(ord(t.letter) - ord("A") + (26 if t.blank else 0), 6)
        writer.write(t.turn, 3)
    return b64encode(writer.to_bytes(), padded=False, urlsafe=True)


def encode(board: Board) -> str:
    if board.is_v4:
        body = v4_body(board)
        try:  # a bare body reads as ?g= first: the marker keeps such a rare one a V4 board
            decode_slug(body, "g", strict=True)
        except SlugError:
            return body
        return f"{V4}={body}"
    body = slug_body(board)
    slug = body if board.param == "g" and not board.start_word else f"{board.param}={body}"
    if board.start_word:
        slug += f"&{START_WORD_PARAM}={board.start_word}"
    return slug


def to_v4(board: Board) -> Board | None:
    """The same game as a V4 board, letters and all (None while the letters are unknown:
    no starting word, or a rack position past the end of its rack)."""
    if board.is_v4:
        return board
    game = resolve(board)
    if game is None or any(letter not in TILE_COUNTS for letter in game.letters):
        return None
    tiles = tuple(Tile(t.row, t.col, 0, t.turn, letter) for t, letter in zip(board.tiles, game.letters))
    return Board(board.date, tiles, V4, board.start_word)


def converted(board: Board, param: str) -> Board:
    """The same game written in another link format: the same letters on the same squares,
    in the same order. Raises ValueError saying why when that format cannot hold it."""
    if param not in PARAMS:
        raise ValueError(f"no link format {param!r}")
    if param == board.param:
        return board
    if param == V4:
        v4 = to_v4(board)
        if v4 is None:
            raise ValueError("its letters are not known yet: give the day's starting word first")
        return v4
    game = resolve(board)
    if game is None or not board.start_word:
        raise ValueError("?g= and ?w= links need the day's starting word to find each tile's rack")
    if any(t.blank for t in board.tiles):
        raise ValueError("?g= and ?w= links cannot hold blank tiles")
    parsed: list[list[Any]] = [[t.row, t.col, None, t.turn, letter] for t, letter in zip(board.tiles, game.letters)]
    try:
        _assign_rack_indices(board.date, param, board.start_word, parsed)
    except SlugError as exc:
        raise ValueError(f"its tiles were not dealt from that day's 98-tile draw ({exc.message})") from None
    return Board(board.date, tuple(Tile(r, c, i, t) for r, c, i, t, _ in parsed), param, board.start_word)


def share_url(board: Board) -> str:
    """The letters.wiki link: V4 whenever the letters are known (it opens on the site with
    its starting word), else the board's own `?g=`/`?w=` link."""
    v4 = to_v4(board)
    if v4 is not None:
        return f"{SITE_URL}?{V4}={v4_body(v4)}"
    return f"{SITE_URL}?{board.param}={slug_body(board)}"


def to_json(board: Board) -> dict[str, Any]:
    if board.is_v4:
        return {
            "game": NAME,
            "param": V4,
            "date": board.date.isoformat(),
            "start_word": board.start_word or "",
            "tiles": [
                {"row": t.row, "col": t.col, "turn": t.turn, "letter": t.letter, "blank": t.blank} for t in board.tiles
            ],
        }
    obj: dict[str, Any] = {
        "game": NAME,
        "param": board.param,
        "date": board.date.isoformat(),
        "tiles": [{"row": t.row, "col": t.col, "rack_index": t.rack_index, "turn": t.turn} for t in board.tiles],
    }
    game = resolve(board)
    if game is not None:
        obj["start_word"] = board.start_word
        for tile_obj, letter in zip(obj["tiles"], game.letters):
            tile_obj["letter"] = letter
        obj["racks"] = [{"turn": t.turn, "rack": "".join(t.rack)} for t in game.turns]
        obj["words"] = [w.text for w in game.words]
        obj["turn_scores"] = list(game.turn_scores)
        obj["total"] = game.total
    return obj


def _int_field(obj: dict[str, Any], key: str, where: str, low: int, high: int) -> int:
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise FormatError(NAME, f'{where}: "{key}" must be a whole number')
    if not low <= value <= high:
        raise ValueRangeError(NAME, f'{where}: "{key}" is {value}, not {low}-{high}')
    return value


def from_json(obj: dict[str, Any]) -> Board:
    if not isinstance(obj, dict):
        raise FormatError(NAME, "board JSON must be an object")
    param = obj.get("param", "w")
    if param not in PARAMS:
        raise ValueRangeError(NAME, '"param" must be "g", "w" or "_"')
    try:
        date = _dt.date.fromisoformat(obj.get("date"))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise FormatError(NAME, '"date" must be a date like "2025-10-05"') from None
    if not EPOCH <= date <= LAST_DATE:
        raise ValueRangeError(NAME, f'"date" must be between {EPOCH} and {LAST_DATE}')
    start = obj.get("start_word")
    if param == V4 and start == "":
        start = None  # a V4 link may carry no starting word
    if start is not None:
        problem = start_word_error(start)
        if problem:
            raise ValueRangeError(NAME, problem)
        start = normalize_start_word(start)
    raw_tiles = obj.get("tiles", [])
    if not isinstance(raw_tiles, list):
        raise FormatError(NAME, '"tiles" must be a list')
    if len(raw_tiles) > MAX_TILES:
        raise ValueRangeError(NAME, f"{len(raw_tiles)} tiles: a letters link holds at most {MAX_TILES}")
    parsed = []
    v4_tiles = []
    for i, t in enumerate(raw_tiles):
        where = f"tile {i + 1}"
        if not isinstance(t, dict):
            raise FormatError(NAME, f"{where} must be an object")
        row, col = _int_field(t, "row", where, 0, SIZE - 1), _int_field(t, "col", where, 0, SIZE - 1)
        turn = _int_field(t, "turn", where, 1, TURNS)
        if param == V4:
            letter, blank = t.get("letter"), t.get("blank", False)
            if not isinstance(letter, str) or len(letter) != 1 or letter.upper() not in TILE_COUNTS:
                raise FormatError(NAME, f'{where}: "letter" must be one letter A-Z')
            if not isinstance(blank, bool):
                raise FormatError(NAME, f'{where}: "blank" must be true or false')
            v4_tiles.append(Tile(row, col, 0, turn, letter.upper(), blank))
            continue
        if "rack_index" in t or "letter" not in t:
            parsed.append([row, col, _int_field(t, "rack_index", where, 0, RACK_SIZE - 1), turn, None])
            continue
        letter = t["letter"]
        if not isinstance(letter, str) or len(letter) != 1 or letter.upper() not in TILE_COUNTS:
            raise FormatError(NAME, f'{where}: "letter" must be one letter A-Z')
        if start is None:
            raise FormatError(NAME, f'{where}: a tile given by its letter needs "start_word" (or give "rack_index")')
        parsed.append([row, col, None, turn, letter.upper()])  # type: ignore[list-item]
    if param == V4:
        return Board(date, tuple(v4_tiles), V4, start)
    if any(p[2] is None for p in parsed):
        _assign_rack_indices(date, param, start, parsed)  # type: ignore[arg-type]
    return Board(date, tuple(Tile(r, c, i, t) for r, c, i, t, _ in parsed), param, start)  # type: ignore[arg-type]


def _assign_rack_indices(date: _dt.date, param: str, start: str, parsed: list) -> None:  # type: ignore[type-arg]
    """Give tiles known by their letter the rack index the site would write: the first
    position of that letter in the turn's rack not used yet that turn."""
    draw = daily_draw(date, start)
    rack: list[str] = []
    drawn = 0
    for turn in range(1, TURNS + 1):
        while len(rack) < RACK_SIZE and drawn < len(draw):
            rack.append(draw[drawn])
            drawn += 1
        view = _rack_view(rack, param)
        mine = [p for p in parsed if p[3] == turn]
        used = {p[2] for p in mine if p[2] is not None}
        for i, p in enumerate(parsed):
            if p[3] != turn or p[2] is not None:
                continue
            index = next((k for k, ch in enumerate(view) if ch == p[4] and k not in used), None)
            if index is None:
                raise ValueRangeError(
                    NAME, f"tile {i + 1}: {p[4]} is not left on the turn {turn} rack ({''.join(view)})"
                )
            used.add(index)
            p[2] = index
        for p in mine:
            letter = view[p[2]]
            if letter in rack:
                rack.remove(letter)


# --- the word list -------------------------------------------------------------------

_WORDS: frozenset[str] | None = None
_WORD_ORDER: tuple[str, ...] = ()
_WORDS_LOCK = threading.Lock()


def _load_words() -> None:
    global _WORDS, _WORD_ORDER
    with _WORDS_LOCK:
        if _WORDS is None:
            data = _resources.files("slugboard.resources").joinpath("enable.txt.gz").read_bytes()
            order = tuple(gzip.decompress(data).decode("ascii").upper().split())
            _WORD_ORDER = order
            _WORDS = frozenset(order)


def word_list() -> frozenset[str]:
    """The ENABLE words, upper case (loaded once, on first need; safe from any thread)."""
    if _WORDS is None:
        _load_words()
    return _WORDS  # type: ignore[return-value]


def word_list_loaded() -> bool:
    return _WORDS is not None


def is_word(word: str) -> bool:
    return word.upper() in word_list()


@functools.lru_cache(maxsize=512)
def default_start_word(date: _dt.date) -> str:
    """A starting word of our own for `date` (the site's own list is not public): the
    first 5-7 letter word the bag can spell at or after a place in the word list chosen
    by the date's md5."""
    word_list()
    words = _WORD_ORDER
    digest = int(hashlib.md5(date.strftime("%Y%m%d").encode()).hexdigest(), 16)
    start = digest % len(words)
    for i in range(len(words)):
        word = words[(start + i) % len(words)]
        if 5 <= len(word) <= 7 and start_word_error(word) is None:
            return word
    raise LookupError("the word list has no starting word")  # only with a broken word list


# --- the day's draw and the racks ----------------------------------------------------


@functools.lru_cache(maxsize=256)
def daily_draw(date: _dt.date, start_word: str, blanks: bool = False) -> tuple[str, ...]:
    """The day's 35 tiles in draw order, as the game's server draws them: the bag built A
    to Z (then the blanks, in the 100-tile bag) without the starting word's letters,
    shuffled by Python's random seeded with the md5 of YYYYMMDD."""
    counts = TILE_COUNTS_WITH_BLANKS if blanks else TILE_COUNTS
    bag = [letter for letter, count in counts.items() for _ in range(count)]
    for letter in start_word:
        if letter in bag:
            bag.remove(letter)
    seed = int(hashlib.md5(date.strftime("%Y%m%d").encode()).hexdigest(), 16)
    random.Random(seed).shuffle(bag)
    return tuple(bag[:DRAW_SIZE])


@dataclass(frozen=True)
class Word:
    text: str
    squares: tuple[tuple[int, int], ...]
    score: int
    valid: bool


@dataclass(frozen=True)
class TurnResult:
    """One turn resolved: the rack (in the order the slug's indices count), the tiles as
    (row, col, letter) in slug order, the words formed and the score."""

    turn: int
    rack: tuple[str, ...]
    placed: tuple[tuple[int, int, str], ...]
    words: tuple[Word, ...]
    score: int
    bingo: bool


@dataclass(frozen=True)
class Game:
    """A board with every letter, word and score resolved."""

    start_word: str
    draw: tuple[str, ...]
    turns: tuple[TurnResult, ...]  # one per turn 1-5, empty turns included
    letters: tuple[str, ...]  # letter of each board tile, in slug order
    grid: dict[tuple[int, int], str]  # (row, col) -> letter after the last turn

    @property
    def turn_scores(self) -> tuple[int, ...]:
        return tuple(t.score for t in self.turns)

    @property
    def total(self) -> int:
        return sum(self.turn_scores)

    @property
    def words(self) -> tuple[Word, ...]:
        return tuple(w for t in self.turns for w in t.words)

    @property
    def invalid_words(self) -> tuple[str, ...]:
        return tuple(w.text for w in self.words if not w.valid)


def _rack_view(rack: list[str], param: str) -> list[str]:
    return sorted(rack) if param == "w" else list(rack)


def _start_grid(start_word: str | None) -> dict[str, Any]:
    word = start_word or ""
    return {sq: letter for sq, letter in zip(start_word_squares(word), word)}  # type: ignore[misc]


def resolve(board: Board) -> Game | None:
    """Letters, racks, words and scores of `board`; None while the starting word of a
    `?g=`/`?w=` board is unknown (a V4 board always resolves)."""
    if not board.start_word and not board.is_v4:
        return None
    return _resolve(board)


def _v4_racks(board: Board) -> tuple[tuple[str, ...], list[tuple[str, ...]]] | None:
    """(the day's draw from the 100-tile bag, the rack in draw order at the start of each
    turn 1-5) when the board's tiles were dealt from that draw, else None: a V4 link holds
    letters, not racks, and a game dealt elsewhere has racks the draw cannot know."""
    if not board.start_word:
        return None
    draw = daily_draw(board.date, board.start_word, blanks=True)
    rack: list[str] = []
    drawn = 0
    racks = []
    for turn in range(1, TURNS + 1):
        while len(rack) < RACK_SIZE and drawn < len(draw):
            rack.append(draw[drawn])
            drawn += 1
        racks.append(tuple(rack))
        for tile in board.tiles_of_turn(turn):
            needed = BLANK if tile.blank else tile.letter
            if needed not in rack:
                return None
            rack.remove(needed)
    return draw, racks


def _resolve_v4(board: Board) -> Game:
    grid = _start_grid(board.start_word)
    words_ok = word_list()
    dealt = _v4_racks(board)
    turns = []
    for turn in range(1, TURNS + 1):
        placed = [(t.row, t.col, t.face) for t in board.tiles if t.turn == turn]
        words, score = score_turn(grid, placed, words_ok)
        rack = dealt[1][turn - 1] if dealt is not None else ()
        turns.append(TurnResult(turn, rack, tuple(placed), words, score, len(placed) == RACK_SIZE))
        for row, col, face in placed:
            grid[(row, col)] = face  # type: ignore[index]
    draw = dealt[0] if dealt is not None else ()
    return Game(board.start_word or "", draw, tuple(turns), tuple(t.letter for t in board.tiles), grid)  # type: ignore[arg-type]


@functools.lru_cache(maxsize=64)
def _resolve(board: Board) -> Game:
    if board.is_v4:
        return _resolve_v4(board)
    draw = daily_draw(board.date, board.start_word)
    grid = _start_grid(board.start_word)
    words_ok = word_list()
    rack: list[str] = []
    drawn = 0
    letters: dict[int, str] = {}
    turns = []
    for turn in range(1, TURNS + 1):
        while len(rack) < RACK_SIZE and drawn < len(draw):
            rack.append(draw[drawn])
            drawn += 1
        view = _rack_view(rack, board.param)
        placed = []
        for i, tile in enumerate(board.tiles):
            if tile.turn == turn:
                letter = view[tile.rack_index] if tile.rack_index < len(view) else "?"
                letters[i] = letter
                placed.append((tile.row, tile.col, letter))
        words, score = score_turn(grid, placed, words_ok)
        turns.append(TurnResult(turn, tuple(view), tuple(placed), words, score, len(placed) == RACK_SIZE))
        for row, col, letter in placed:
            grid[(row, col)] = letter  # type: ignore[index]
            if letter in rack:
                rack.remove(letter)
    return Game(board.start_word, draw, tuple(turns), tuple(letters[i] for i in range(len(board.tiles))), grid)  # type: ignore[arg-type]


def racks(board: Board) -> list[tuple[str, ...]] | None:
    game = resolve(board)
    if game is None or (board.is_v4 and not game.draw):
        return None
    return [t.rack for t in game.turns]


def rack_for_turn(board: Board, turn: int) -> tuple[str, ...] | None:
    """The rack in draw order at the start of `turn` (after the board's earlier turns);
    None when it cannot be known (no starting word, a V4 game dealt from another draw)."""
    if board.is_v4:
        dealt = _v4_racks(board)
        return dealt[1][turn - 1] if dealt is not None and 1 <= turn <= TURNS else None
    if not board.start_word:
        return None
    draw = daily_draw(board.date, board.start_word)
    game = _resolve(board)
    rack: list[str] = []
    drawn = 0
    for t in range(1, turn + 1):
        while len(rack) < RACK_SIZE and drawn < len(draw):
            rack.append(draw[drawn])
            drawn += 1
        if t == turn:
            break
        for _, _, letter in game.turns[t - 1].placed:
            if letter in rack:
                rack.remove(letter)
    return tuple(rack)


# --- words and scores ----------------------------------------------------------------


def words_formed(grid: dict, placed) -> list[tuple[str, tuple[tuple[int, int], ...]]]:  # type: ignore[no-untyped-def, type-arg]
    """The words a turn forms, in the order the game's server lists them: the word along
    the tiles' line first (a single tile counts as across), then each tile's cross word.
    `grid` is the board before the turn; `placed` is (row, col, letter) in slug order."""
    if not placed:
        return []
    after = dict(grid)
    for row, col, letter in placed:
        after[(row, col)] = letter
    rows = {p[0] for p in placed}
    across = len(rows) == 1
    found = []

    def run(fixed: int, moving: list[int], horizontal: bool):  # type: ignore[no-untyped-def]
        lo, hi = min(moving), max(moving)
        sq = (lambda i: (fixed, i)) if horizontal else (lambda i: (i, fixed))
        while lo > 0 and sq(lo - 1) in after:
            lo -= 1
        while hi < SIZE - 1 and sq(hi + 1) in after:
            hi += 1
        # The server joins the occupied squares between the ends, skipping any gap.
        return tuple(sq(i) for i in range(lo, hi + 1) if sq(i) in after)

    if across:
        main = run(placed[0][0], [p[1] for p in placed], True)
    else:
        main = run(placed[0][1], [p[0] for p in placed], False)
    if len(main) > 1:
        found.append(main)
    for row, col, _ in placed:
        cross = run(col, [row], False) if across else run(row, [col], True)
        if len(cross) > 1:
            found.append(cross)
    return [("".join(after[s] for s in squares).upper(), squares) for squares in found]


def score_turn(grid: dict, placed, valid_words: frozenset[str] | None = None):  # type: ignore[no-untyped-def, type-arg]
    """(words, score) of one turn: letter premiums and word multipliers count for the
    new tiles only, every word formed scores, and all seven tiles add 50. A blank (a
    lowercase letter) is worth 0, though a word premium under it still multiplies."""
    after = dict(grid)
    for row, col, letter in placed:
        after[(row, col)] = letter
    new = {(row, col) for row, col, _ in placed}
    words = []
    total = 0
    for text, squares in words_formed(grid, placed):
        score, multiplier = 0, 1
        for sq in squares:
            value = VALUES.get(after[sq], 0)
            if sq in new:
                kind = PREMIUMS.get(sq)
                if kind == DL:
                    value *= 2
                elif kind == TL:
                    value *= 3
                elif kind == DW:
                    multiplier *= 2
                elif kind == TW:
                    multiplier *= 3
            score += value
        score *= multiplier
        total += score
        words.append(Word(text, squares, score, valid_words is None or text in valid_words))
    if len(placed) == RACK_SIZE:
        total += BINGO_BONUS
    return tuple(words), total


def placement_problems(grid: dict, placed, turn: int | None = None) -> list[Problem]:  # type: ignore[no-untyped-def, type-arg]
    """What the game would refuse about one turn's tiles on a board `grid` (the squares
    filled before the turn): tiles off one line, gaps, no contact, occupied squares, and
    words missing from the word list."""
    where = f"turn {turn}: " if turn else ""
    squares = tuple((r, c) for r, c, _ in placed)
    found: list[Problem] = []
    if not placed:
        return found
    taken = tuple(sq for sq in squares if sq in grid)
    if taken:
        found.append(
            Problem(
                f"{where}a tile is placed on a square that is already filled",
                taken,
                Severity.ERROR,
                ProblemKind.OCCUPIED,
            )
        )
        return found
    rows = {r for r, _ in squares}
    cols = {c for _, c in squares}
    if len(rows) > 1 and len(cols) > 1:
        found.append(
            Problem(f"{where}the tiles are not in one row or column", squares, Severity.ERROR, ProblemKind.LINE)
        )
        return found
    if len(rows) == 1:
        row = next(iter(rows))
        line = [(row, c) for c in range(min(cols), max(cols) + 1)]
    else:
        col = next(iter(cols))
        line = [(r, col) for r in range(min(rows), max(rows) + 1)]
    gaps = tuple(sq for sq in line if sq not in grid and sq not in squares)
    if gaps:
        found.append(Problem(f"{where}the tiles leave a gap", gaps, Severity.ERROR, ProblemKind.GAP))
    touches = any((r + dr, c + dc) in grid for r, c in squares for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
    if not touches:
        found.append(
            Problem(
                f"{where}the tiles do not touch any tile on the board", squares, Severity.ERROR, ProblemKind.CONNECT
            )
        )
    valid = word_list()
    for text, word_squares in words_formed(grid, placed):
        if text not in valid:
            found.append(
                Problem(f"{where}{text} is not in the word list", word_squares, Severity.ERROR, ProblemKind.WORD)
            )
    return found


def check_turn(board: Board, placed) -> tuple[tuple[Word, ...], int, list[Problem]]:  # type: ignore[no-untyped-def]
    """Preview of a turn not yet played: (words, score, problems) for tiles `placed`
    as (row, col, letter) after the board's turns."""
    game = resolve(board)
    if game is None:
        return (), 0, []
    placed = tuple(placed)
    words, score = score_turn(game.grid, placed, word_list())
    return words, score, placement_problems(game.grid, placed)


def other_param_fits(board: Board) -> bool:
    """Whether the board reads as a clean game with the other rack order (`g` for `w`
    and back) while it does not with its own: the sign of a bare slug copied from a
    `?w=` link (a bare slug reads as `?g=`), or a link whose parameter was retyped."""
    if board.is_v4 or not board.start_word or not board.tiles:
        return False
    if not any(p.kind in ("word", "line", "gap", "connect") for p in problems(board)):
        return False
    other = board.with_param("w" if board.param == "g" else "g")
    return not any(p.severity == "error" for p in problems(other))


def next_turn(board: Board) -> int:
    """The turn a new play gets (TURNS + 1 when the game is over)."""
    return board.last_turn + 1


def play_turn(board: Board, placed) -> Board:  # type: ignore[no-untyped-def]
    """The board with one more turn: tiles (row, col, letter) from the current rack, each
    given the rack index the site would write (the first unused matching position). On a
    V4 board a lowercase letter is a blank standing for that letter."""
    turn = next_turn(board)
    if turn > TURNS:
        raise ValueError("the game's five turns are over")
    rack = rack_for_turn(board, turn)
    if rack is None:
        raise ValueError("the starting word is needed to play")
    if board.is_v4:
        left = list(rack)
        new = []
        for row, col, letter in placed:
            needed = BLANK if letter.islower() else letter
            if needed not in left:
                raise ValueError(f"{'a blank' if letter.islower() else letter} is not on the rack")
            left.remove(needed)
            new.append(Tile(row, col, 0, turn, letter.upper(), letter.islower()))
        if len(board.tiles) + len(new) > MAX_TILES:
            raise ValueError(f"a letters link holds at most {MAX_TILES} tiles")
        return replace(board, tiles=board.tiles + tuple(new), notes=())
    view = _rack_view(list(rack), board.param)
    used: set[int] = set()
    tiles = list(board.tiles)
    for row, col, letter in placed:
        index = next((i for i, ch in enumerate(view) if ch == letter and i not in used), None)
        if index is None:
            raise ValueError(f"{letter} is not on the rack")
        used.add(index)
        tiles.append(Tile(row, col, index, turn))
    if len(tiles) > MAX_TILES:
        raise ValueError(f"a letters link holds at most {MAX_TILES} tiles")
    return replace(board, tiles=tuple(tiles), notes=())


# --- problems and facts --------------------------------------------------------------


def problems(board: Board) -> list[Problem]:
    found: list[Problem] = []
    seen: dict[tuple[int, int], int] = {}
    for tile in board.tiles:
        seen[tile.square] = seen.get(tile.square, 0) + 1
    doubles = tuple(sq for sq, n in seen.items() if n > 1)
    if doubles:
        found.append(Problem("two tiles on one square", doubles, Severity.ERROR, ProblemKind.OVERLAP))
    for turn in range(1, TURNS + 1):
        tiles = board.tiles_of_turn(turn)
        if len(tiles) > RACK_SIZE:
            found.append(
                Problem(
                    f"turn {turn} places {len(tiles)} tiles; a rack has {RACK_SIZE}",
                    tuple(t.square for t in tiles),
                    Severity.ERROR,
                    ProblemKind.RACK,
                )
            )
        indices = [t.rack_index for t in tiles]
        repeated = tuple(t.square for t in tiles if indices.count(t.rack_index) > 1)
        if repeated and len(tiles) <= RACK_SIZE and not board.is_v4:
            found.append(
                Problem(f"turn {turn} uses one rack position twice", repeated, Severity.ERROR, ProblemKind.RACK)
            )
    if board.start_word or board.is_v4:
        game = _resolve(board)
        start = _start_grid(board.start_word)
        on_start = tuple(t.square for t in board.tiles if t.square in start)  # type: ignore[comparison-overlap]
        if on_start:
            found.append(Problem("a tile lies on the starting word", on_start, Severity.ERROR, ProblemKind.OCCUPIED))
        if not doubles and not on_start:
            grid = dict(start)
            for result in game.turns:
                found.extend(placement_problems(grid, result.placed, result.turn))
                for row, col, letter in result.placed:
                    grid[(row, col)] = letter  # type: ignore[index]
    else:
        found.append(
            Problem(
                "the day's starting word is not known: give it to see letters and scores",
                (),
                Severity.WARNING,
                ProblemKind.START_WORD,
            )
        )
    found.extend(Problem(note, (), Severity.WARNING, ProblemKind.DECODE) for note in board.notes)
    return found


def info(board: Board) -> dict[str, Any]:
    facts: dict = {  # type: ignore[type-arg]
        "game": NAME,
        "param": board.param,
        "date": board.date.isoformat(),
        "tiles": len(board.tiles),
        "tiles_per_turn": [len(board.tiles_of_turn(t)) for t in range(1, TURNS + 1)],
        "start_word": board.start_word,
        "slug_chars": len(v4_body(board) if board.is_v4 else slug_body(board)),
        "url": share_url(board),
    }
    if board.is_v4:
        facts["blanks"] = sum(t.blank for t in board.tiles)
    facts["bag"] = sum(board.bag.values())
    game = resolve(board)
    if game is not None:
        known = racks(board)
        if known is not None:
            facts["racks"] = ["".join(rack) for rack in known]
        facts["words"] = [w.text for w in game.words]
        facts["turn_scores"] = list(game.turn_scores)
        facts["total"] = game.total
        facts["invalid_words"] = list(game.invalid_words)
    facts["problems"] = [p.message for p in problems(board)]
    return facts


def apply_cli_options(board: Board, args) -> Board:  # type: ignore[no-untyped-def]
    """`slugboard-codec ... --start-word WORD`: resolve letters and scores with that word."""
    word = getattr(args, "start_word", None)
    if not word or board.is_v4:  # a V4 link carries its own
        return board
    problem = start_word_error(word)
    if problem:
        raise ValueRangeError(NAME, f"--start-word: {problem}")
    return board.with_start_word(word)


from .turn import move_tile as move_tile  # noqa: E402 - the turn is built on the names above
from .turn import occupied as occupied  # noqa: E402
from .turn import place_tile as place_tile  # noqa: E402
from .turn import placed_letters as placed_letters  # noqa: E402
from .turn import start_word_doubt as start_word_doubt  # noqa: E402
from .turn import take_back_tile as take_back_tile  # noqa: E402

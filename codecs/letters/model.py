"""The letters game's model: the board, its tiles, the bags, the premium squares and the starting word's rules."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field, replace
from enum import Enum

from ..caches import MemoKey
from ..errors import shown
from . import HAS_LINK as HAS_LINK  # the game's declaration
from . import NAME as NAME
from . import TITLE as TITLE
from . import WEB_HOST as WEB_HOST


class Kind(str, Enum):
    """What a problem of the game is about (`Problem.kind`), beside the kinds every game
    shares (`errors.ProblemKind`): the game's own, declared here and nowhere else."""

    RACK = "rack"  # a turn's tiles do not fit its rack
    OCCUPIED = "occupied"  # a tile on a filled square
    LINE = "line"  # a turn's tiles not in one row or column
    GAP = "gap"  # a turn's tiles leave a gap
    CONNECT = "connect"  # a turn's tiles touch nothing on the board
    WORD = "word"  # a word not in the word list
    START_WORD = "start_word"  # the day's starting word is not known
    START_ROW = "start-row"  # a link's starting word longer than the middle row
    BAG = "bag"  # more of a letter than the bag holds


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


# What the site's V4 reader takes for a starting word: the 4-bit length's 1-15 letters, any
# of A-Z in any number. A word longer than the middle row, or with letters the bag cannot
# give, is read and shown, and named among the board's problems.
MAX_LINK_START_WORD = 15


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


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One placed tile: its square, its index in that turn's rack, its turn (1-5). A V4
    tile carries its letter (A-Z) instead, and whether it is a blank standing for it.
    Tiles order by their fields in this order."""

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


@dataclass(frozen=True, slots=True)
class Board(MemoKey):
    """A day's game: the date, the tiles in slug order, the rack order the indices use
    (`g` draw order, `w` sorted), and the starting word when someone has given it.
    `notes` are remarks from decoding (padding bits that were not zero), not part of the
    board."""

    date: _dt.date = EPOCH
    tiles: tuple[Tile, ...] = ()
    param: str = "w"
    start_word: str | None = None
    notes: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        date, tiles, param, start_word = self.date, self.tiles, self.param, self.start_word
        if not isinstance(date, _dt.date) or not EPOCH <= date <= LAST_DATE:
            raise ValueError(f"a letters date is between {EPOCH} and {LAST_DATE}")
        if param not in PARAMS:
            raise ValueError("param is 'g', 'w' or '_'")
        if len(tiles) > MAX_TILES:
            raise ValueError(f"a letters slug holds at most {MAX_TILES} tiles")
        for t in tiles:
            if not (0 <= t.row < SIZE and 0 <= t.col < SIZE and 0 <= t.rack_index < RACK_SIZE and 1 <= t.turn <= TURNS):
                raise ValueError(f"tile out of range: {t}")
            if param == V4:
                if len(t.letter) != 1 or t.letter not in TILE_COUNTS or t.rack_index:
                    raise ValueError(f"a V4 tile has a letter A-Z and no rack index: {t}")
            elif t.letter or t.blank:
                raise ValueError(f"a ?{param}= tile has a rack index, not a letter: {t}")
        if start_word is not None:
            problem = link_start_word_error(start_word) if param == V4 else start_word_error(start_word)
            if problem:
                raise ValueError(problem)

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

    def tiles_of_turn(self, turn: int) -> tuple[Tile, ...]:
        return tuple(t for t in self.tiles if t.turn == turn)

    @property
    def last_turn(self) -> int:
        return max((t.turn for t in self.tiles), default=0)


def new_board() -> Board:
    """Today's game, nothing placed, in the site's current (V4) form."""
    today = _dt.date.today()
    return Board(date=min(max(today, EPOCH), LAST_DATE), param=V4)


def date_digest(date: _dt.date) -> int:
    """The md5 of the date written YYYYMMDD, as a number: the game seeds the day's shuffle
    with it, and Slugboard picks its own starting word of the day by it."""
    import hashlib  # OpenSSL, loaded by the deal: reading a slug needs none of it

    return int.from_bytes(hashlib.md5(date.strftime("%Y%m%d").encode()).digest(), "big")


def normalize_start_word(word: str) -> str:
    return word.strip().upper()


def start_word_error(word: str) -> str | None:
    """Why `word` cannot be a starting word (None when it can)."""
    if not isinstance(word, str):
        return "the starting word must be text"
    word = normalize_start_word(word)
    if not word.isascii() or not word.isalpha():
        return f"the starting word {shown(word)} must be letters A-Z only"
    if not MIN_START_WORD <= len(word) <= MAX_START_WORD:
        return f"the starting word must have {MIN_START_WORD}-{MAX_START_WORD} letters (it has {len(word)})"
    for letter in set(word):
        if word.count(letter) > TILE_COUNTS[letter]:
            return f"the starting word uses {word.count(letter)} {letter}s; the bag has {TILE_COUNTS[letter]}"
    return None


def link_start_word_error(word: str) -> str | None:
    """Why `word` cannot be a V4 link's starting word (None when it can): 1-15 letters A-Z."""
    if not isinstance(word, str) or not word.isascii() or not word.isalpha() or not word.isupper():
        return "a link's starting word is letters A-Z"
    if not 1 <= len(word) <= MAX_LINK_START_WORD:
        return f"a link's starting word has 1-{MAX_LINK_START_WORD} letters (it has {len(word)})"
    return None


def start_word_squares(word: str) -> tuple[tuple[int, int], ...]:
    """Where the starting word lies: row 4, centred the way the game centres it. A word
    longer than the row runs off it: the squares off the board are in the tuple too, so
    that they pair with the word's letters (`on_board` keeps those on it)."""
    first = SIZE // 2 - len(word) // 2
    return tuple((SIZE // 2, first + i) for i in range(len(word)))


def on_board(square: tuple[int, int]) -> bool:
    return 0 <= square[0] < SIZE and 0 <= square[1] < SIZE

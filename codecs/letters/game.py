"""The day's draw, the racks of every turn, and a board resolved into letters, words and scores."""

from __future__ import annotations

import datetime as _dt
import functools
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..caches import Memo
from .model import (
    BLANK,
    DRAW_SIZE,
    RACK_SIZE,
    TILE_COUNTS,
    TILE_COUNTS_WITH_BLANKS,
    TURNS,
    V4,
    Board,
    date_digest,
    on_board,
    start_word_squares,
)
from .scoring import Word, score_turn
from .words import word_list


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
    random.Random(date_digest(date)).shuffle(bag)
    return tuple(bag[:DRAW_SIZE])


@dataclass(frozen=True, slots=True)
class TurnResult:
    """One turn resolved: the rack (in the order the slug's indices count), the tiles as
    (row, col, letter) in slug order, the words formed and the score."""

    turn: int
    rack: tuple[str, ...]
    placed: tuple[tuple[int, int, str], ...]
    words: tuple[Word, ...]
    score: int
    bingo: bool


@dataclass(frozen=True, slots=True)
class Game:
    """A board with every letter, word and score resolved: one turn result per turn 1-5
    (empty turns included), the letter of each board tile in slug order, and the grid of
    (row, col) -> letter after the last turn."""

    start_word: str
    draw: tuple[str, ...]
    turns: tuple[TurnResult, ...]
    letters: tuple[str, ...]
    grid: dict[tuple[int, int], str]

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
    return {sq: letter for sq, letter in zip(start_word_squares(word), word) if on_board(sq)}  # type: ignore[misc]


def resolve(board: Board) -> Game | None:
    """Letters, racks, words and scores of `board`; None while the starting word of a
    `?g=`/`?w=` board is unknown (a V4 board always resolves)."""
    if not board.start_word and not board.is_v4:
        return None
    return _resolve(board)


@dataclass(frozen=True, slots=True)
class Deal:
    """How a V4 game was dealt: from which bag (the 100 tiles with two blanks, or the 98
    without), the day's draw from it and the rack in draw order at the start of each turn
    1-5."""

    blanks: bool
    draw: tuple[str, ...]
    racks: tuple[tuple[str, ...], ...]

    @property
    def bag(self) -> dict[str, int]:
        return TILE_COUNTS_WITH_BLANKS if self.blanks else TILE_COUNTS


def _dealt_racks(board: Board, blanks: bool) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]] | None:
    """(the day's draw from the bag with or without blanks, the rack in draw order at the
    start of each turn 1-5) when every tile of the board was on its turn's rack, else None."""
    draw = daily_draw(board.date, board.start_word or "", blanks=blanks)
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
    return draw, tuple(racks)


def _find_deal(board: Board) -> Deal | None:
    if not board.is_v4 or not board.start_word:
        return None
    # The site deals today's games from the 100-tile bag, so a board that fits both draws
    # (one with no tiles yet, or a few that both first racks hold) is read as one of those.
    # The 98-tile draw can hold no blank, so a board with one never fits it.
    for blanks in (True, False):
        dealt = _dealt_racks(board, blanks)
        if dealt is not None:
            return Deal(blanks, *dealt)
    return None


# What is remembered about the boards of letters, for speed: the deal a V4 board's tiles
# fit (the draws of the day tried against every turn), of the last boards asked about;
# a window asks again at every repaint.
DEALS: Memo[Board, tuple[Deal | None]] = Memo("letters deals", 32)


def v4_deal(board: Board) -> Deal | None:
    """The bag, draw and racks a V4 board was dealt from, inferred from its tiles, as a V4
    link names no bag: the day's draw from the 100-tile bag when its tiles (after its
    starting word) fit it, else the draw from the 98-tile bag of the older days when they
    fit that. None for a `?g=`/`?w=` board, a V4 board without a starting word, and one
    whose tiles fit neither draw (a game dealt from some other draw: its racks cannot be
    known). Worked out once per board (while it is one of the last few asked about)."""
    return DEALS.setdefault(board, lambda: (_find_deal(board),))[0]


def bag_of(board: Board) -> dict[str, int]:
    """The tile bag `board`'s game was dealt from. A `?g=`/`?w=` game: the 98 tiles of its
    day. A V4 link names no bag (the site writes old days' games as V4 too), so its tiles
    tell (`v4_deal`): the 98 tiles when they fit only that bag's draw of the day;
    otherwise the 100 tiles with two blanks the site deals from today, which includes a
    board with a blank, one with no tiles yet (it fits both draws), one with no starting
    word and one whose tiles fit neither draw."""
    if board.param != V4:
        return TILE_COUNTS
    deal = v4_deal(board)
    return deal.bag if deal is not None else TILE_COUNTS_WITH_BLANKS


def unseen_tiles(board: Board, rack: Iterable[str] = ()) -> dict[str, int] | None:
    """The tiles a player has not seen yet, by letter (`_` for blanks): the bag the game
    was dealt from, less the starting word, the tiles on the board and the rack shown.
    None while the letters are unknown."""
    game = resolve(board)
    if game is None:
        return None
    left = dict(bag_of(board))
    seen = list(board.start_word or "")
    seen += [BLANK if face.islower() else face for _, _, face in (p for t in game.turns for p in t.placed)]
    seen += list(rack)
    for tile in seen:
        if left.get(tile, 0) > 0:
            left[tile] -= 1
    return {tile: n for tile, n in left.items() if n > 0}


def _resolve_v4(board: Board) -> Game:
    grid = _start_grid(board.start_word)
    words_ok = word_list()
    dealt = v4_deal(board)
    turns = []
    for turn in range(1, TURNS + 1):
        placed = [(t.row, t.col, t.face) for t in board.tiles if t.turn == turn]
        words, score = score_turn(grid, placed, words_ok)
        rack = dealt.racks[turn - 1] if dealt is not None else ()
        turns.append(TurnResult(turn, rack, tuple(placed), words, score, len(placed) == RACK_SIZE))
        for row, col, face in placed:
            grid[(row, col)] = face  # type: ignore[index]
    draw = dealt.draw if dealt is not None else ()
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
    None when it cannot be known (no starting word, a V4 game dealt from neither of the
    day's draws)."""
    if board.is_v4:
        dealt = v4_deal(board)
        return dealt.racks[turn - 1] if dealt is not None and 1 <= turn <= TURNS else None
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

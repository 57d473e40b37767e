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
and no prompt. Blanks came with the site's 100-tile bag (two blanks); a new game played
here deals from that bag, while `?g=`/`?w=` links keep the 98-tile bag of their days. A V4
link names no bag, and the site writes old days' games as V4 too: its bag is the one whose
draw of the day its tiles fit, the 100-tile bag first (`Board.bag`, `game.v4_deal`).

The canonical slug of a `?g=` board is the bare base64 text; a `?w=` board's slug keeps
its `w=` marker, because the same bits name other letters under the other parameter. A
V4 board's slug is its bare body, with a `_=` marker only in the rare case that the same
text would also read as a `?g=` slug. A starting word a person gave a `?g=`/`?w=` board
travels in its slug as `&s=WORD`; share links are V4 whenever the letters are known.

Word checks use the ENABLE word list (public domain), shipped gzipped in
slugboard.resources and read on first need.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game import later
from .model import (
    BINGO_BONUS,
    BLANK,
    DL,
    DRAW_SIZE,
    DW,
    EPOCH,
    HAS_LINK,
    LAST_DATE,
    MAX_DAYS,
    MAX_START_WORD,
    MAX_TILES,
    MIN_START_WORD,
    NAME,
    PARAMS,
    PREMIUMS,
    RACK_SIZE,
    SITE_URL,
    SIZE,
    START_WORD_PARAM,
    TILE_COUNTS,
    TILE_COUNTS_WITH_BLANKS,
    TITLE,
    TL,
    TURNS,
    TW,
    V4,
    VALUES,
    WEB_HOST,
    Board,
    Tile,
    new_board,
    normalize_start_word,
    start_word_error,
    start_word_squares,
)
from .slug import (
    converted,
    decode,
    decode_slug,
    decode_v4,
    encode,
    from_json,
    looks_like,
    share_url,
    slug_body,
    to_json,
    to_v4,
    v4_body,
)

if TYPE_CHECKING:
    from ..anatomy import Anatomy
    from .game import Game, TurnResult, _resolve, daily_draw, rack_for_turn, racks, resolve
    from .rules import apply_cli_options, check_turn, info, next_turn, other_param_fits, play_turn, problems
    from .scoring import Word, placement_problems, score_turn, words_formed
    from .turn import move_tile, occupied, place_tile, placed_letters, start_word_doubt, take_back_tile
    from .words import default_start_word, is_word, word_list, word_list_loaded
else:
    __getattr__, __dir__ = later(
        __name__,
        {
            "game": ("Game", "TurnResult", "_resolve", "daily_draw", "rack_for_turn", "racks", "resolve"),
            "rules": ("apply_cli_options", "check_turn", "info", "next_turn", "other_param_fits", "play_turn", "problems"),
            "scoring": ("Word", "placement_problems", "score_turn", "words_formed"),
            "words": ("default_start_word", "is_word", "word_list", "word_list_loaded"),
            "turn": ("move_tile", "occupied", "place_tile", "placed_letters", "start_word_doubt", "take_back_tile"),
        },
    )  # fmt: skip

__all__ = [
    "BINGO_BONUS",
    "BLANK",
    "Board",
    "DL",
    "DRAW_SIZE",
    "DW",
    "EPOCH",
    "HAS_LINK",
    "LAST_DATE",
    "MAX_DAYS",
    "MAX_START_WORD",
    "MAX_TILES",
    "MIN_START_WORD",
    "NAME",
    "new_board",
    "normalize_start_word",
    "PARAMS",
    "PREMIUMS",
    "RACK_SIZE",
    "SITE_URL",
    "SIZE",
    "start_word_error",
    "START_WORD_PARAM",
    "start_word_squares",
    "Tile",
    "TILE_COUNTS",
    "TILE_COUNTS_WITH_BLANKS",
    "TITLE",
    "TL",
    "TURNS",
    "TW",
    "V4",
    "VALUES",
    "WEB_HOST",
    "default_start_word",
    "is_word",
    "word_list",
    "word_list_loaded",
    "placement_problems",
    "score_turn",
    "Word",
    "words_formed",
    "daily_draw",
    "Game",
    "rack_for_turn",
    "racks",
    "resolve",
    "TurnResult",
    "_resolve",
    "converted",
    "decode",
    "decode_slug",
    "decode_v4",
    "encode",
    "explain",
    "from_json",
    "looks_like",
    "share_url",
    "slug_body",
    "to_json",
    "to_v4",
    "v4_body",
    "apply_cli_options",
    "check_turn",
    "info",
    "next_turn",
    "other_param_fits",
    "play_turn",
    "problems",
    "move_tile",
    "occupied",
    "place_tile",
    "placed_letters",
    "start_word_doubt",
    "take_back_tile",
]


def explain(text: str) -> Anatomy:
    """What every part of a slug holds (see codecs/anatomy.py)."""
    from .anatomy import explain as explain_slug

    return explain_slug(text)

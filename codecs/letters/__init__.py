"""Letters: the daily word game of letters.wiki, its `?g=` / `?w=` share slugs, the day's
tile draw, the racks of every turn, the words formed and their scores.

A game is five turns on a 9x9 board around a starting word; each turn places tiles from a
rack of seven. The share slug (`slug`) holds the date and, per tile, its square, its index
in that turn's rack (`?g=` in draw order, `?w=` sorted) and its turn.

The letters come from the day's draw: the tile bag without the starting word's letters,
shuffled by Python's `random` seeded with the md5 of the date. The starting word is not in
the slug: a person gives it (or a link Slugboard wrote carries it as `&s=WORD`), and then
letters, words and scores resolve here, as the game's server did.

The site's later links, `?_=` (V4, formats/letters.md), carry every letter directly, the
starting word and blank tiles, so a V4 board needs no draw and no prompt. A new game played
here deals from the site's 100-tile bag (two blanks); `?g=`/`?w=` links keep the 98-tile
bag of their days, and a V4 link's bag is the one whose draw of the day its tiles fit
(`Board.bag`, `game.v4_deal`). Slugboard reads every V4 link the site's reader reads; what
no real game holds is among the board's problems.

Word checks use the ENABLE word list (public domain), read from slugboard.resources.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game import BoardOption, Command, later

NAME = "letters"
TITLE = "Letters"
HAS_LINK = True
WEB_HOST: str | None = "letters.wiki"
DETECTION_RANK = 3
NOUN = "game"
ANATOMY_FIELDS = {"date": "the date", "tile": "a tile", "word": "a word"}

COMMANDS = (Command("best", "letters: print the best plays for a turn's rack as JSON", ".commands:best", ".commands:best_options"),)  # fmt: skip

BOARD_OPTIONS = (BoardOption("--start-word", "letters: the day's starting word, to show letters and scores", "WORD"),)

if TYPE_CHECKING:
    # fmt: off
    from .anatomy import explain
    from .moves import (
        Play, TurnReview, best_plays, find_plays, plays_before_next_turn, position_before, review
    )
    from .game import Game, TurnResult, _resolve, daily_draw, rack_for_turn, racks, resolve, unseen_tiles
    from .model import (
        BINGO_BONUS, BLANK, DL, DRAW_SIZE, DW, EPOCH, LAST_DATE, MAX_DAYS, MAX_START_WORD, MAX_TILES, MIN_START_WORD,
        PARAMS, PREMIUMS, RACK_SIZE, SITE_URL, SIZE, START_WORD_PARAM, TILE_COUNTS, TILE_COUNTS_WITH_BLANKS, TL,
        TURNS, TW, V4, VALUES, Board, Tile, new_board, normalize_start_word, start_word_error, start_word_squares,
        MAX_LINK_START_WORD, link_start_word_error, on_board
    )
    from .rules import apply_cli_options, check_turn, info, next_turn, other_param_fits, play_turn, problems
    from .scoring import Word, placement_problems, score_turn, words_formed
    from .slug import (
        converted, decode, decode_slug, decode_v4, encode, from_json, looks_like, share_url, slug_body, to_json,
        to_v4, v4_body
    )
    from .turn import move_tile, occupied, place_tile, placed_letters, start_word_doubt, take_back_tile
    from .words import default_start_word, is_word, word_list, word_list_loaded
    # fmt: on
else:
    __getattr__, __dir__ = later(
        __name__,
        {
            "anatomy": ("explain",),
            "moves": ("Play", "TurnReview", "best_plays", "find_plays", "plays_before_next_turn", "position_before", "review",),
            "model": ("BINGO_BONUS", "BLANK", "DL", "DRAW_SIZE", "DW", "EPOCH", "LAST_DATE", "MAX_DAYS", "MAX_START_WORD", "MAX_TILES", "MIN_START_WORD", "PARAMS", "PREMIUMS", "RACK_SIZE", "SITE_URL", "SIZE", "START_WORD_PARAM", "TILE_COUNTS", "TILE_COUNTS_WITH_BLANKS", "TL", "TURNS", "TW", "V4", "VALUES", "Board", "Tile", "new_board", "normalize_start_word", "start_word_error", "start_word_squares", "MAX_LINK_START_WORD", "link_start_word_error", "on_board",),
            "slug": ("converted", "decode", "decode_slug", "decode_v4", "encode", "from_json", "looks_like", "share_url", "slug_body", "to_json", "to_v4", "v4_body",),
            "game": ("Game", "TurnResult", "_resolve", "daily_draw", "rack_for_turn", "racks", "resolve", "unseen_tiles",),
            "rules": ("apply_cli_options", "check_turn", "info", "next_turn", "other_param_fits", "play_turn", "problems",),
            "scoring": ("Word", "placement_problems", "score_turn", "words_formed",),
            "turn": ("move_tile", "occupied", "place_tile", "placed_letters", "start_word_doubt", "take_back_tile",),
            "words": ("default_start_word", "is_word", "word_list", "word_list_loaded",),
        },
    )  # fmt: skip

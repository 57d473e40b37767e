"""A turn in progress by the codec's rules alone: placing, moving and taking back tiles,
and judging a starting word, with no window."""

from __future__ import annotations

import datetime as dt

from slugboard.codecs import letters

DATE = dt.date(2025, 10, 5)
BOARD = letters.Board(DATE, (), "g", "RUNNELS")
RACK = letters.rack_for_turn(BOARD, 1)


def test_a_tile_goes_on_a_free_square_once():
    assert RACK is not None and len(RACK) == letters.RACK_SIZE
    start = sorted(letters.occupied(BOARD))[0]
    assert letters.place_tile(BOARD, RACK, (), 0, start) is None  # the starting word is there
    one = letters.place_tile(BOARD, RACK, (), 0, (3, 4))
    assert one == ((3, 4, 0),)
    assert letters.place_tile(BOARD, RACK, one, 0, (2, 4)) is None  # slot 0 is on the board
    assert letters.place_tile(BOARD, RACK, one, 1, (3, 4)) is None  # the square is taken
    two = letters.place_tile(BOARD, RACK, one, 1, (2, 4))
    assert two == ((3, 4, 0), (2, 4, 1))
    assert letters.placed_letters(RACK, two) == ((3, 4, RACK[0]), (2, 4, RACK[1]))
    assert letters.place_tile(BOARD, None, (), 0, (3, 4)) is None  # no rack: not playing


def test_a_moved_tile_keeps_its_place_in_the_order_and_one_taken_back_frees_its_slot():
    draft = ((3, 4, 0), (2, 4, 1), (1, 4, 2))
    assert letters.move_tile(BOARD, RACK, draft, (2, 4), (2, 5)) == ((3, 4, 0), (2, 5, 1), (1, 4, 2))
    assert letters.move_tile(BOARD, RACK, draft, (2, 4), (3, 4)) is None
    assert letters.move_tile(BOARD, RACK, draft, (0, 0), (0, 1)) is None  # no tile there
    back = letters.take_back_tile(draft, (2, 4))
    assert back == ((3, 4, 0), (1, 4, 2))
    assert letters.take_back_tile(back, (2, 4)) is None
    assert letters.place_tile(BOARD, RACK, back, 1, (2, 4)) is not None


def test_the_starting_word_is_doubted_only_with_a_reason():
    assert letters.start_word_doubt(BOARD) is None
    doubt = letters.start_word_doubt(BOARD.with_start_word("BRANDLE"))
    assert doubt is not None and "BRANDLE is not in the word list" in doubt and "2025-10-05" in doubt

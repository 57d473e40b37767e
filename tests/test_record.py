"""The board records (codecs/record.py) behave as the frozen dataclasses they replace:
values compared and hashed by their fields, a repr of the fields, `replace` that checks
again, no assignment, and copies and pickles that are equal."""

from __future__ import annotations

import copy
import pickle

import pytest

from slugboard.codecs import letters, minesweeper, pentomino, sudoku, xiangqi
from slugboard.codecs.errors import Problem
from slugboard.codecs.links import Source


def test_equal_by_the_compared_fields_and_hashed_alike():
    a = sudoku.Board().with_digit(0, 0, 5)
    b = sudoku.Board().with_digit(0, 0, 5, typed=True).replace(notes=("set twice",))
    assert a == b and hash(a) == hash(b)  # typed cells and notes are not the board's value
    assert a != a.with_marks(centre=(1,) + (0,) * 80)  # pencil marks are
    assert a != a.with_digit(0, 0, 6)
    assert len({a, b, a.with_digit(0, 0, 6)}) == 2
    assert pentomino.Piece("F", 0, 0) == pentomino.Piece("F", 0, 0)
    assert pentomino.Piece("F", 0, 0) != pentomino.Piece("F", 0, 0, reflected=True)
    assert Source(1, 2) == Source(1, 2) != Source(1, 3)


def test_records_of_different_kinds_are_never_equal():
    assert sudoku.Board() != xiangqi.Board()
    assert Source(0, 0) != (0, 0, None)
    assert sudoku.Board().__eq__(object()) is NotImplemented


def test_repr_shows_the_value_and_hides_remarks():
    text = repr(pentomino.Board(notes=("an anchor set twice",)))
    assert text.startswith("Board(surface='R', height=8, width=8, pieces=(), terrain=(), colors=")
    assert "notes" not in text and "anchor" not in text
    assert repr(Source(3, 9)) == "Source(start=3, end=9, origins=None)"
    assert repr(Problem("bad", ((0, 1),))) == (
        "Problem(message='bad', cells=((0, 1),), severity=<Severity.ERROR: 'error'>, kind=<ProblemKind.DECODE: 'decode'>)"
    )


def test_replace_changes_some_fields_and_checks_again():
    board = letters.Board(param="g")
    other = board.replace(param="w")
    assert (other.param, other.date, other.tiles) == ("w", board.date, board.tiles) and board.param == "g"
    with pytest.raises(ValueError):
        board.replace(param="x")
    with pytest.raises(ValueError):
        pentomino.Board().replace(height=99)
    with pytest.raises(TypeError):
        board.replace(colour=3)


@pytest.mark.parametrize("record", [sudoku.Board(), minesweeper.Board(), Source(0, 1), Problem("bad")])
def test_no_field_changes_after_it_is_made(record):
    with pytest.raises(AttributeError):
        record.width = 3
    name = record.FIELDS[0]
    with pytest.raises(AttributeError):
        setattr(record, name, getattr(record, name))
    with pytest.raises(AttributeError):
        delattr(record, name)


def test_tiles_order_by_their_fields_in_turn():
    tiles = [letters.Tile(2, 1, 0, 1), letters.Tile(1, 5, 3, 2), letters.Tile(1, 5, 2, 2), letters.Tile(1, 5, 2, 1)]
    as_tuples = [(t.row, t.col, t.rack_index, t.turn, t.letter, t.blank) for t in tiles]
    assert [(t.row, t.col, t.rack_index, t.turn, t.letter, t.blank) for t in sorted(tiles)] == sorted(as_tuples)
    assert tiles[1] > tiles[2] >= tiles[2] and tiles[3] < tiles[2] <= tiles[2]


@pytest.mark.parametrize(
    "board",
    [
        sudoku.decode("UyF2MQRhyECJQWIySCkiKoXU+yAUcJiTwoVTKoVqsHYm5V3D54DxCitHWQclJ0g="),
        pentomino.decode("https://pentominoes.river.me/#/R6aV100I106W014T119Z621F626N333X038Y342P745L751U058"),
        xiangqi.new_board(),
        minesweeper.new_board(),
        letters.decode("https://letters.wiki/?g=IOFtKUQJlleEyrQRnJDehOUpqVNA&s=RUNNELS"),
    ],
)
def test_copies_and_pickles_are_equal(board):
    for other in (copy.copy(board), copy.deepcopy(board), pickle.loads(pickle.dumps(board))):
        assert other == board and hash(other) == hash(board) and type(other) is type(board)


def test_a_grown_minesweeper_game_pickles_without_its_caches():
    board = minesweeper.new_board()
    grown = board.with_event(minesweeper.Event(0, minesweeper.OPEN, 0, 0))
    minesweeper.encode(grown)  # fills the slug pieces kept beside the fields
    again = pickle.loads(pickle.dumps(grown))
    assert again == grown and set(vars(again)) == set(minesweeper.Board.FIELDS)

"""Values are made one way: a frozen, slotted dataclass (docs/ARCHITECTURE.md, "Values").
A row that code unpacks or makes by the hundred thousand stays a named tuple, and a few
classes that are not values (state that changes, sequences kept in columns) keep their own
`__slots__`: each is named below with the reason, so that a fifth kind of value cannot come
in without this test saying so. Then the boards behave as values: compared and hashed by
their compared fields, a repr of the shown ones, `dataclasses.replace` that checks again, no
assignment, and copies and pickles that are equal."""

from __future__ import annotations

import ast
import copy
import dataclasses
import functools
import importlib
import pickle
import weakref
from pathlib import Path

import pytest

from slugboard.codecs import letters, minesweeper, pentomino, sudoku, xiangqi
from slugboard.codecs.errors import Problem, ProblemKind, Severity
from slugboard.codecs.game import FileRecord, FileType
from slugboard.codecs.links import Source
from slugboard.codecs.minesweeper.model import REMEMBERED, Events, Mines
from slugboard.codecs.sudoku.variant import Variant
from slugboard.codecs.xiangqi.model import canonical_assignment

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"codecs": "slugboard.codecs", "gui": "slugboard.gui"}

# Rows: named tuples that code unpacks, or makes by the hundred thousand with tuple.__new__.
ROWS = {
    # a replay's action: made from its columns by tuple.__new__ and unpacked by the slug's
    # writer; as a dataclass, the longest real replay (tests/data) took 30-40 ms longer to open
    "codecs/minesweeper/model.py:Event",
    "codecs/pentomino/geometry.py:Item",  # unpacked by `paint`, one per piece and terrain
    "codecs/xiangqi/strength.py:Spin",  # unpacked as (low, high, default)
}
# Classes with `__slots__` of their own that are not values: they change, or they are a
# sequence kept in columns (equal to the tuple of their items, as a tuple is), or a base.
SLOTTED = {
    "codecs/caches.py:MemoKey",  # the base that gives a dataclass a weak reference
    "codecs/game.py:Game",  # a registered game: one object per game, identity is equality
    "codecs/links.py:Origins",  # a sequence of ints in an array
    "codecs/minesweeper/model.py:Events",  # a sequence of Events in four columns
    "codecs/minesweeper/model.py:Mines",  # a sequence of (x, y) in two columns
    "codecs/minesweeper/model.py:Remembered",  # filled in as facts become known
    "codecs/minesweeper/clicks.py:_Clicks",  # grows as clicks are counted
    "codecs/letters/moves.py:_Line",  # a search's working state for one line
    "codecs/xiangqi/tree.py:Node",  # a game tree's node: its children grow
}


@functools.cache
def _classes() -> list[tuple[str, str, ast.ClassDef]]:
    """Every class of the product's modules, as (module name, "path:Class", its node); read
    by the tests that need it, not as the suite is collected."""
    found = []
    for folder, package in PACKAGES.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT / folder).with_suffix("")
            parts = [p for p in relative.parts if p != "__init__"]
            module = ".".join([package, *parts])
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef):
                    found.append((module, f"{path.relative_to(ROOT).as_posix()}:{node.name}", node))
    return found


def _is_dataclass(node: ast.ClassDef) -> bool:
    return any("dataclass" in ast.unparse(d.func if isinstance(d, ast.Call) else d) for d in node.decorator_list)


def _bases(node: ast.ClassDef) -> set[str]:
    return {ast.unparse(b) for b in node.bases}


def _defines_slots(node: ast.ClassDef) -> bool:
    return any(
        isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in stmt.targets)
        for stmt in node.body
    )


def test_every_dataclass_is_frozen_and_slotted():
    dataclasses_found = [(module, name) for module, name, node in _classes() if _is_dataclass(node)]
    assert len(dataclasses_found) > 40  # the walk found the product's values
    wrong = []
    for module, name in dataclasses_found:
        cls = getattr(importlib.import_module(module), name.rpartition(":")[2])
        params = cls.__dataclass_params__
        # Made without its __init__ (no field's check runs): no __dict__ anywhere in its bases.
        if not params.frozen or "__slots__" not in cls.__dict__ or hasattr(object.__new__(cls), "__dict__"):
            wrong.append(name)
    assert wrong == [], "a value is a @dataclass(frozen=True, slots=True)"


@pytest.mark.parametrize(
    "value",
    [minesweeper.new_board(), letters.Board(), Variant(9)],
    ids=["minesweeper board", "letters board", "sudoku variant"],
)
def test_the_keys_of_a_memo_can_be_held_weakly(value):
    assert weakref.ref(value)() is value  # a Memo drops its entry when the value goes


def test_named_tuples_are_only_the_rows():
    tuples = {name for _, name, node in _classes() if "NamedTuple" in _bases(node)}
    assert tuples == ROWS, "a value is a frozen slotted dataclass; only a row that code unpacks is a NamedTuple"


def test_no_other_class_keeps_slots_of_its_own():
    slotted = {name for _, name, node in _classes() if _defines_slots(node) and not _is_dataclass(node)}
    assert slotted == SLOTTED, "a value is a frozen slotted dataclass, not a class with __slots__ of its own"


def test_no_base_class_of_values_comes_back():
    hooks = [
        name for _, name, node in _classes() if any(getattr(f, "name", "") == "__init_subclass__" for f in node.body)
    ]
    assert hooks == []
    assert not (ROOT / "codecs" / "record.py").exists()


# --- the boards as values ----------------------------------------------------------------


def test_equal_by_the_compared_fields_and_hashed_alike():
    a = sudoku.Board().with_digit(0, 0, 5)
    b = dataclasses.replace(sudoku.Board().with_digit(0, 0, 5, typed=True), notes=("set twice",))
    assert a == b and hash(a) == hash(b)  # typed cells and notes are not the board's value
    assert a != a.with_marks(centre=(1,) + (0,) * 80)  # pencil marks are
    assert a != a.with_digit(0, 0, 6)
    assert len({a, b, a.with_digit(0, 0, 6)}) == 2
    assert pentomino.Piece("F", 0, 0) == pentomino.Piece("F", 0, 0)
    assert pentomino.Piece("F", 0, 0) != pentomino.Piece("F", 0, 0, reflected=True)
    assert Source(1, 2) == Source(1, 2) != Source(1, 3)
    variant = Variant(9, source="{}", form="sudokupad")
    assert variant == Variant(9) and hash(variant) == hash(Variant(9))  # where it came from is not


def test_values_of_different_kinds_are_never_equal():
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
    assert repr(sudoku.Board()).endswith(", variant=None)") and "centre" not in repr(sudoku.Board())


def test_what_a_constructor_took_it_still_takes():
    # The plain strings of JSON, None for the defaults made from the other fields, iterables.
    assert Problem("bad", (), "warning", "overlap") == Problem("bad", (), Severity.WARNING, ProblemKind.OVERLAP)
    assert sudoku.Board(centre=None, corner=None).centre == (0,) * 81
    assert Variant(6, regions=None).regions == Variant(6).regions
    assert Source(0, 3, [0, 2, 5]).origins == (0, 2, 5)
    cells = xiangqi.new_board().cells
    assert xiangqi.Board(cells, True, canonical_assignment(cells)).rows is None  # the usual rows are not kept
    board = minesweeper.Board(3, 3, [(0, 0)], iter([minesweeper.Event(0, minesweeper.OPEN, 2, 2)]), 2, 1)
    assert type(board.mines) is Mines and type(board.events) is Events
    file_type = FileType("Boards", (".TXT",), ".model:read", (".HTML",))
    assert (file_type.extensions, file_type.sniffed) == ((".txt",), (".html",))
    assert FileRecord("board", None).facts == {}


def test_replace_changes_some_fields_and_checks_again():
    board = letters.Board(param="g")
    other = dataclasses.replace(board, param="w")
    assert (other.param, other.date, other.tiles) == ("w", board.date, board.tiles) and board.param == "g"
    with pytest.raises(ValueError):
        dataclasses.replace(board, param="x")
    with pytest.raises(ValueError):
        dataclasses.replace(pentomino.Board(), height=99)
    with pytest.raises(TypeError):
        dataclasses.replace(board, colour=3)


@pytest.mark.parametrize("value", [sudoku.Board(), minesweeper.Board(), Source(0, 1), Problem("bad")])
def test_no_field_changes_after_it_is_made(value):
    name = dataclasses.fields(value)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, name, getattr(value, name))
    with pytest.raises(dataclasses.FrozenInstanceError):
        delattr(value, name)
    # Nor is anything written beside the fields. (Some Pythons say so with a
    # TypeError rather than a FrozenInstanceError: CPython gh-105936.)
    with pytest.raises((AttributeError, TypeError)):
        value.remembered = 3
    assert not hasattr(value, "remembered")


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
        assert repr(other) == repr(board)


def test_a_grown_minesweeper_game_pickles_without_its_caches():
    board = minesweeper.new_board()
    grown = board.with_event(minesweeper.Event(0, minesweeper.OPEN, 0, 0))
    minesweeper.encode(grown)  # fills the slug pieces kept beside the fields
    again = pickle.loads(pickle.dumps(grown))
    assert again == grown and not hasattr(again, "__dict__")
    assert REMEMBERED.get(again) is None  # what is remembered stays with the board it was about

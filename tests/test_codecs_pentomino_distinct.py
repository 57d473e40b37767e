"""Counting completions up to the board's symmetries: the literature's numbers for the
rectangles (2,339 of the 6x10's 9,356 tilings, and so on), and on small boards the number of
classes that a brute force finds by turning, mirroring and shifting every tiling found by
another brute force (`pentomino_oracle`, or cells taken modulo the size on a torus)."""

from __future__ import annotations

import json

import pytest
from test_codecs_pentomino_count import SHAPES, _turns

from pentomino_oracle import rectangle_tilings, tiling_of
from slugboard.codecs import cli
from slugboard.codecs import pentomino as pm
from slugboard.codecs.pentomino import completions, distinct, solver

# The rectangles' published counts, and the same up to the rectangle's symmetries (Haselgrove
# 1960; Gardner): the 3x20 has 2, the 4x15 368, the 5x12 1,010, the 6x10 2,339, and the 8x8
# square less its centre 2x2 65.
LITERATURE = {"R3k": (8, 2), "R4f": (1472, 368), "R5c": (4040, 1010), "R6a": (9356, 2339), "R88R33344344": (520, 65)}


@pytest.mark.slow
@pytest.mark.parametrize("slug", list(LITERATURE))
def test_the_rectangles_up_to_their_symmetries_are_the_literatures_numbers(slug):
    board = pm.decode(slug)
    total, classes = LITERATURE[slug]
    assert distinct.up_to_symmetry(board, total) == classes


@pytest.mark.slow
def test_the_command_line_gives_the_count_up_to_symmetry_too(capsys):
    assert cli.run(["count", "R3k", "--jobs", "1", "--engine", "python"]) == 0
    assert json.loads(capsys.readouterr().out) == {"count": 8, "complete": True, "up_to_symmetry": 2}
    assert cli.run(["count", "R4f", "--limit", "5", "--engine", "python"]) == 0
    assert json.loads(capsys.readouterr().out) == {"count": 5, "complete": False}  # a part: no classes


def _dihedral(height: int, width: int):
    """The turns and flips of a rectangle as maps of its cells (eight on a square)."""
    maps = []
    for flip_r in (False, True):
        for flip_c in (False, True):
            maps.append(lambda r, c, fr=flip_r, fc=flip_c: (height - 1 - r if fr else r, width - 1 - c if fc else c))
    if height == width:
        maps += [lambda r, c, m=m: m(c, r) for m in list(maps)]
    return maps


def _classes(tilings, maps) -> int:
    """How many tilings are left when each is taken together with its images."""
    seen, classes = set(), 0
    for tiling in tilings:
        if tiling in seen:
            continue
        classes += 1
        seen |= {frozenset((*m(r, c), name) for r, c, name in tiling) for m in maps}
    return classes


def _board(height: int, width: int, terrain=(), pieces=()) -> pm.Board:
    board = pm.Board("R", height, width, (), tuple(sorted(terrain)))
    for name, row, col, rotation in pieces:
        board = pm.place(board, name, row, col, rotation, False)
    return board


RECTANGLES = {
    "4x5": _board(4, 5),
    "5x5": _board(5, 5),
    "5x6": _board(5, 6),
    "5x6, X in the middle row": _board(5, 6, pieces=[("X", 2, 2, 0)]),  # one flip left
    "5x6, X off the middle": _board(5, 6, pieces=[("X", 1, 2, 0)]),  # no symmetry left
    "5x5, a diagonal walled off": _board(5, 5, terrain=[(i, i) for i in range(5)]),
    "6x6, the corners and two middle cells walled": _board(
        6, 6, terrain=[(0, 0), (0, 5), (5, 0), (5, 5), (2, 2), (3, 3)]
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(RECTANGLES))
def test_a_brute_force_finds_as_many_classes_on_a_rectangle(name):
    board = RECTANGLES[name]
    # The tilings as the browser lists them (checked against the oracle's brute force in
    # tests/test_codecs_pentomino_completions.py; here too on the smallest board).
    found = completions.completions(board, 100_000)
    tilings = {tiling_of(found.board_of(k)) for k in range(len(found))}
    assert tilings and not found.more and len(tilings) == len(found), name
    if name == "4x5":
        assert tilings == rectangle_tilings(board)
    # The board's own symmetries: the maps that carry its pieces and terrain onto themselves.
    own = tiling_of(board)
    maps = [m for m in _dihedral(board.height, board.width) if {(*m(r, c), n) for r, c, n in own} == own]
    assert distinct.up_to_symmetry(board, len(tilings)) == _classes(tilings, maps)


def _torus_tilings(height: int, width: int) -> list[frozenset]:
    """Every tiling of the empty torus, each piece's cells taken modulo the size."""
    placements = {
        name: {
            cells
            for turned in _turns(shape)
            for a in range(height)
            for b in range(width)
            if len(cells := frozenset(((r + a) % height, (c + b) % width) for r, c in turned)) == 5
        }
        for name, shape in SHAPES.items()
    }
    found = []

    def fill(left: frozenset, free: frozenset, placed: frozenset) -> None:
        if not left:
            found.append(placed)
            return
        first = min(left)
        for name in free:
            for cells in placements[name]:
                if first in cells and cells <= left:
                    fill(left - cells, free - {name}, placed | {(r, c, name) for r, c in cells})

    fill(frozenset((r, c) for r in range(height) for c in range(width)), frozenset(SHAPES), frozenset())
    return found


@pytest.mark.slow
def test_a_brute_force_finds_as_many_classes_on_a_torus():
    height, width = 3, 5
    tilings = _torus_tilings(height, width)
    assert len(tilings) == solver.count(pm.Board("T", height, width), engine="python")[0] == 2940
    # Every shift of the torus, each with the rectangle's flips and half turn.
    maps = [
        lambda r, c, m=m, a=a, b=b: ((m(r, c)[0] + a) % height, (m(r, c)[1] + b) % width)
        for m in _dihedral(height, width)
        for a in range(height)
        for b in range(width)
    ]
    assert distinct.classes(pm.Board("T", height, width), len(tilings)) == (_classes(tilings, maps), 60)


@pytest.mark.slow
def test_a_count_that_is_not_a_whole_number_of_classes_is_refused():
    # The 6x10's four symmetries leave no tiling in place, so 9,357 cannot be its count.
    with pytest.raises(ValueError, match="whole classes"):
        distinct.up_to_symmetry(pm.decode("R6a"), 9357)


@pytest.mark.slow
def test_the_windows_count_gives_both(monkeypatch):
    monkeypatch.setattr(solver, "compiled_available", lambda: False)  # the Python search: no compiling
    counted = distinct.counted(pm.decode("R3k"))
    assert counted == distinct.Counted(8, True, 2, 4)

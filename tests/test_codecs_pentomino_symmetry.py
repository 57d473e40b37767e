"""Counting by a board's symmetries: the maps found are symmetries (checked here against
placements made in the test, cells taken modulo the size), every shift of a torus is
found, and the count by orbits equals the count without them on every surface."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from depth import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_codecs_pentomino_count import SHAPES, _turns, modular_count

from slugboard.codecs import cli
from slugboard.codecs import pentomino as pm
from slugboard.codecs.pentomino import solver
from slugboard.codecs.pentomino.symmetry import image, orbits, symmetries


def group_of(board: pm.Board) -> tuple[solver.Problem, list[tuple[int, ...]]]:
    problem = solver.prepare(board)
    placements: list[set[int]] = [set() for _ in problem.pieces]
    for entries in problem.by_first:
        for mask, piece, _placement in entries:
            placements[piece.bit_length() - 1].add(mask)
    return problem, symmetries(board.height, board.width, problem.order, problem.empty, placements)


def cells_of(mask: int, order) -> frozenset:
    return frozenset(order[i] for i in range(len(order)) if mask >> i & 1)


@pytest.mark.slow
def test_every_shift_of_a_torus_is_found_and_carries_placements_onto_placements():
    height, width = 4, 5
    problem, group = group_of(pm.Board("T", height, width))
    moved = {cells_of(image((1 << len(problem.order)) - 1, g), problem.order) for g in group}
    assert len(moved) == 1  # each is a permutation of the cells
    as_maps = [{problem.order[i]: problem.order[g[i]] for i in range(len(g))} for g in group]
    shifts = [
        {(r, c): ((r + a) % height, (c + b) % width) for r in range(height) for c in range(width)}
        for a in range(height)
        for b in range(width)
    ]
    assert all(shift in as_maps for shift in shifts)
    assert as_maps[0] == {cell: cell for cell in problem.order}  # the identity first
    # Placements made here, cells taken modulo the size, go onto placements of the same piece.
    for name, shape in SHAPES.items():
        made = {
            frozenset(((r + a) % height, (c + b) % width) for r, c in turned)
            for turned in _turns(shape)
            for a in range(height)
            for b in range(width)
        }
        made = {cells for cells in made if len(cells) == 5}
        for moved_by in as_maps:
            assert {frozenset(moved_by[cell] for cell in cells) for cells in made} == made, name


@pytest.mark.parametrize(
    ("surface", "height", "width", "order"),
    [("R", 4, 5, 4), ("R", 5, 5, 8), ("C", 4, 5, 20), ("T", 3, 5, 60), ("M", 3, 5, 20)],
)
def test_the_group_of_an_empty_board(surface, height, width, order):
    """A rectangle has its flips and half-turn (and quarter-turns when square); a cylinder
    its shifts round the seam with the flips (2 x 2 x width); a torus its shifts and flips
    (4 x height x width: a 3x5 torus has no quarter-turn); a Möbius strip its shifts along
    itself, each crossing of the seam flipping across it."""
    _problem, group = group_of(pm.Board(surface, height, width))
    assert len(group) == order
    assert len(set(group)) == len(group)


@pytest.mark.slow
def test_the_orbits_split_every_placement_of_the_piece_once():
    for surface, height, width in [("R", 5, 6), ("C", 5, 6), ("T", 5, 6), ("K", 5, 6), ("M", 5, 6), ("T", 6, 10)]:
        problem, group = group_of(pm.Board(surface, height, width))
        masks = [mask for entries in problem.by_first for mask, piece, _p in entries if piece == 1 << 9]  # X
        assert sum(size for _mask, size in orbits(masks, group)) == len(masks), surface
        # The roots: one per orbit of one piece's places, weighing the orbit's size, and on a
        # board with room for fewer than all the pieces, the completions without that piece.
        roots = solver.by_symmetry(problem, 1)
        all_used = height * width == 60
        placed = [(state, w) for state, w in roots if state[0] != (1 << height * width) - 1]
        assert len(placed) == len(roots) - (0 if all_used else 1)
        left = {state[1] for state, _w in placed}
        assert len(left) == 1 and left.pop().bit_count() == len(problem.pieces) - 1
        piece = next(1 << j for j in range(12) if not {state[1] for state, _w in placed}.pop() >> j & 1)
        assert sum(w for _state, w in placed) == sum(
            1 for entries in problem.by_first for _m, p, _pl in entries if p == piece
        ), surface


@pytest.mark.slow
@settings(max_examples=examples(80), deadline=None)
@given(
    st.sampled_from(list(pm.SURFACES)),
    st.integers(2, 4),
    st.integers(2, 5),
    st.sets(st.tuples(st.integers(0, 3), st.integers(0, 4)), max_size=10),
)
def test_the_symmetries_found_are_a_group_of_permutations(surface, height, width, walls):
    """Closed under composition, each a permutation of the cells, the identity first: so an
    orbit is the images of one place under all of them. Boards too small for most pieces
    (where little constrains a map) included."""
    if surface == "S":
        width = height
    walls = tuple(sorted((r, c) for r, c in walls if r < height and c < width))
    problem, group = group_of(pm.Board(surface, height, width, (), walls))
    cells = len(problem.order)
    assert group[0] == tuple(range(cells))
    assert len(group) <= 32 * cells
    assert all(sorted(g) == list(range(cells)) for g in group)
    members = set(group)
    assert all(tuple(h[i] for i in g) in members for g in group for h in group)


@st.composite
def boards(draw):
    """Small boards of every surface, often empty or with terrain turned onto itself (so
    that some symmetries stay), sometimes with a piece on them."""
    surface = draw(st.sampled_from(list(pm.SURFACES)))
    height = draw(st.integers(3, 4))
    width = height if surface == "S" else draw(st.integers(3, 5))
    cells = draw(st.sets(st.tuples(st.integers(0, height - 1), st.integers(0, width - 1)), max_size=3))
    if draw(st.booleans()):
        cells |= {(height - 1 - r, width - 1 - c) for r, c in cells}
    pieces: tuple[pm.Piece, ...] = ()
    if draw(st.booleans()):
        r, c = draw(st.integers(0, height - 1)), draw(st.integers(0, width - 1))
        if (r, c) not in cells:
            pieces = (pm.Piece(draw(st.sampled_from(pm.PIECES)), r, c, draw(st.integers(0, 3))),)
    return pm.Board(surface, height, width, pieces, tuple(sorted(cells)))


@pytest.mark.slow
@settings(max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_counting_by_orbits_counts_what_the_plain_search_counts(board):
    expected = solver.count(board, engine="python", symmetric=False)
    assert solver.count(board, engine="python") == expected
    if solver.compiled_available():
        assert solver.count(board, engine="compiled", jobs=2) == expected


@pytest.mark.parametrize("surface", ["T", "C"])
def test_a_wrapped_board_with_a_hole_agrees_with_cells_taken_modulo_the_size(surface):
    hole = frozenset({(0, 0), (1, 1), (2, 2), (3, 3), (0, 4)})
    board = pm.Board(surface, 4, 5, (), tuple(sorted(hole)))
    assert solver.count(board) == (modular_count(surface, 4, 5, hole), True)


@pytest.mark.slow
def test_the_command_line_counts_with_and_without_the_symmetries(capsys):
    for extra in ([], ["--no-symmetry"]):
        assert cli.run(["count", "T35", "--jobs", "1", *extra]) == 0
        assert json.loads(capsys.readouterr().out) == {
            "count": modular_count("T", 3, 5),
            "complete": True,
            "up_to_symmetry": 52,  # as the brute force of test_codecs_pentomino_distinct finds
        }


@pytest.mark.slow
@pytest.mark.skipif(not solver.compiled_available(), reason="numba is not installed")
@pytest.mark.parametrize("text", ["R55", "C55", "M55", "T55", "K55", "P55", "R45", "T45", "K54", "S66"])
def test_the_counts_of_larger_boards_agree_with_and_without_the_symmetries(text):
    board = pm.decode(text)
    if board.surface == "S":  # a sphere is square: 36 cells less six, corners and two by the middle
        board = replace(board, terrain=((0, 0), (0, 5), (2, 2), (3, 3), (5, 0), (5, 5)))
    plain = solver.count(board, engine="compiled", symmetric=False)
    assert plain[0] > 0
    assert solver.count(board, engine="compiled") == plain


@pytest.mark.slow
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_a_count_is_the_same_however_many_pieces_are_put_down_by_symmetry(monkeypatch, depth):
    monkeypatch.setattr(solver, "SYMMETRY_DEPTH", depth)
    for text in ("T35", "K35", "M45", "R45"):
        board = pm.decode(text)
        assert solver.count(board, engine="python") == solver.count(board, engine="python", symmetric=False), text

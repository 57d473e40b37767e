"""The pentomino solver: published tiling counts, completions that check complete on every
surface, hints from a completion, plain reasons, and an independent plain Algorithm X
(dict of sets, over the same placements) as the oracle for the fast search."""

from __future__ import annotations

import json

import pytest
from depth import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pentomino_oracle import algorithm_x_count
from slugboard.codecs import cli
from slugboard.codecs import pentomino as pm
from slugboard.codecs.pentomino import solver
from slugboard.codecs.work import Cancel, Cancelled

CENTRE = ((3, 3), (3, 4), (4, 3), (4, 4))


@pytest.mark.parametrize(("height", "width", "expected"), [(3, 20, 8), (4, 15, 1472)])
def test_published_rectangle_counts(height, width, expected):
    assert solver.count(pm.Board("R", height, width)) == (expected, True)


def test_a_limit_stops_the_count_and_says_so():
    assert solver.count(pm.Board("R", 4, 15), limit=100) == (100, False)
    assert solver.count(pm.Board("R", 3, 20), limit=100) == (8, True)


@pytest.mark.slow
def test_progress_is_heard_and_cancel_stops_the_count():
    heard = []
    total, complete = solver.count(pm.Board("R", 3, 20), progress=lambda n, f: heard.append((n, f)))
    assert complete and heard and heard[-1] == (8, pytest.approx(1.0))
    assert all(0 <= f <= 1 for _n, f in heard) and [n for n, _f in heard] == sorted(n for n, _f in heard)
    cancel = Cancel()
    cancel.set()
    with pytest.raises(Cancelled):
        solver.count(pm.Board("R", 6, 10), cancel=cancel)


@pytest.mark.slow
@pytest.mark.parametrize("surface", list(pm.SURFACES))
def test_an_empty_60_cell_board_is_completed_on_every_surface(surface):
    board = pm.Board("S", 8, 8, (), CENTRE) if surface == "S" else pm.Board(surface, 6, 10)
    done = solver.solve(board)
    assert done is not None and pm.is_complete(done) and pm.problems(done) == []
    assert done.terrain == board.terrain and len(done.pieces) == 12


@pytest.mark.slow
def test_pieces_on_the_board_stay_and_the_rest_are_added_once():
    empty = pm.decode("R6a")  # an empty 6x10 rectangle
    x = next(p for p in solver.solve(empty).pieces if p.name == "X")
    board = pm.place(empty, "X", x.row, x.col, x.rotation, x.reflected)
    done = solver.solve(board)
    assert x in done.pieces and sorted(p.name for p in done.pieces) == sorted(pm.PIECES)
    hint = solver.hint(board)
    assert hint is not None and hint.piece.name != "X"
    assert (
        pm.problems(
            pm.place(board, hint.piece.name, hint.piece.row, hint.piece.col, hint.piece.rotation, hint.piece.reflected)
        )
        == []
    )
    assert solver.hint(done) is None  # a complete board: no piece is left to place


@pytest.mark.parametrize(
    ("board", "said"),
    [
        (pm.Board("R", 8, 8), "64 cells empty, not a multiple of five"),
        (pm.Board("R", 1, 1), "1 cell empty,"),
        (pm.decode("R88XA33X035"), "overlap or run off"),
        (pm.Board("R", 5, 13), "the 12 pieces left cover only 60"),
        (pm.Board("R", 2, 5, (), ((0, 1), (0, 3), (1, 0), (1, 1), (1, 2))), "walled off"),
    ],
)
def test_plain_reasons(board, said):
    assert said in solver.reason(board)
    assert solver.solve(board) is None and solver.count(board) == (0, True) and solver.completable(board) is False


@st.composite
def small_boards(draw):
    surface = draw(st.sampled_from(list(pm.SURFACES)))
    height = draw(st.integers(2, 4))  # at most 20 cells: the plain oracle stays quick
    width = height if surface == "S" else draw(st.integers(3, 5))
    cells = draw(st.sets(st.tuples(st.integers(0, height - 1), st.integers(0, width - 1)), max_size=12))
    return pm.Board(surface, height, width, (), tuple(sorted(cells)))


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_boards())
def test_the_fast_search_agrees_with_algorithm_x_on_every_surface(board):
    count, complete = solver.count(board)
    assert complete and count == algorithm_x_count(board)
    done = solver.solve(board)
    assert (done is None) == (count == 0)
    if done is not None:
        assert pm.is_complete(done) and pm.problems(done) == []
        assert pm.decode(pm.encode(done)) == done


@pytest.mark.slow
def test_command_line_solve_and_count(capsys):
    assert cli.run(["solve", "R3k"]) == 0
    slug = capsys.readouterr().out.strip()
    assert pm.is_complete(pm.decode(slug))
    assert cli.run(["solve", "R88"]) == 1
    assert "64 cells empty" in capsys.readouterr().err
    assert cli.run(["count", "R3k"]) == 0
    assert json.loads(capsys.readouterr().out) == {"count": 8, "complete": True, "up_to_symmetry": 2}
    assert cli.run(["count", "R4f", "--limit", "10"]) == 0
    assert json.loads(capsys.readouterr().out) == {"count": 10, "complete": False}
    assert cli.run(["count", "S!v1"]) == 2


def _widest_front(board: pm.Board, order: list[tuple[int, int]]) -> int:
    """The most cells still to fill that touch a filled one (across the seams), over every
    point of the scan."""
    filled: set[tuple[int, int]] = set()
    widest = 0
    for cell in order:
        filled.add(cell)
        front = {
            other
            for r, c in filled
            for step in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if (other := solver._pair_cells(board, r, c, step)) is not None and other not in filled
        }
        widest = max(widest, len(front))
    return widest


@pytest.mark.parametrize(
    ("surface", "height", "width", "widest"),
    [
        ("R", 6, 10, 6),  # along the short side
        ("R", 10, 6, 6),
        ("C", 6, 10, 10),  # rows, each a loop (columns: 12, the last touching the first)
        ("T", 6, 10, 12),  # the next column and the first one, which the last column touches
        ("P", 3, 20, 6),  # a column and its mirror: twice the short side (plain columns: 23)
        ("P", 6, 10, 12),  # (plain columns: 19)
        ("P", 8, 8, 16),  # (plain rows or columns: 21)
        ("S", 8, 8, 8),  # one diagonal (plain rows or columns: 15)
        ("S", 5, 5, 5),
        ("K", 8, 8, 16),  # columns, across the plain seam (rows: 21)
        ("M", 20, 3, 6),  # a tall strip: rows from both ends inward (plain rows: 22)
        ("M", 3, 20, 6),
    ],
)
def test_the_scan_order_keeps_the_cells_it_touches_few(surface, height, width, widest):
    board = pm.Board(surface, height, width)
    order = solver.scan_order(board)
    assert sorted(order) == [(r, c) for r in range(height) for c in range(width)]
    assert _widest_front(board, order) == widest
    rows = [(r, c) for r in range(height) for c in range(width)]
    columns = [(r, c) for c in range(width) for r in range(height)]
    assert widest <= min(_widest_front(board, rows), _widest_front(board, columns))

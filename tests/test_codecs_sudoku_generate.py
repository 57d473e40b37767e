"""The generator: unique puzzles with the asked symmetry, givens and rating; the hints
stay right on what it makes; the command line prints a slug."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slugboard.codecs import cli, sudoku
from slugboard.codecs.sudoku import logic
from slugboard.codecs.sudoku.generate import SYMMETRIES, generate, is_symmetric, parse_rating
from slugboard.codecs.work import Cancel, Cancelled


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(SYMMETRIES))
def test_unique_and_symmetric(seed: int, symmetry: str) -> None:
    board = generate(symmetry=symmetry, seed=seed)
    assert sudoku.count_solutions(board) == 1
    assert is_symmetric(board, symmetry)
    solution = sudoku.solve(board)
    assert solution is not None
    for step in logic.solve_logically(board).steps:
        if step.is_placement:
            assert solution.cells[step.cell] == step.digit
        assert all(solution.cells[c] != d for c, d in step.eliminations)


def test_symmetry_check_refuses_an_unsymmetric_board() -> None:
    board = sudoku.Board((1,) + (0,) * 80)
    assert is_symmetric(board, "none")
    assert not any(is_symmetric(board, s) for s in ("rotational", "mirror"))
    assert is_symmetric(sudoku.Board((0, 1) + (0,) * 7 + (1,) + (0,) * 71), "diagonal")


def test_givens_seed_and_rating() -> None:
    board = generate(givens=30, symmetry="none", seed=5)
    assert board.givens <= 30
    assert generate(givens=30, symmetry="none", seed=5) == board
    rated = generate(rating=(1.0, 1.5), seed=7)
    info = logic.rating_info(rated)
    assert 1.0 <= info["rating"] <= 1.5 and "needs_guessing" not in info


def test_bad_choices() -> None:
    with pytest.raises(ValueError):
        generate(symmetry="spiral")
    with pytest.raises(ValueError):
        generate(givens=10)
    with pytest.raises(ValueError):
        parse_rating("hard")
    assert parse_rating("2-3.5") == (2.0, 3.5)
    cancel = Cancel()
    cancel.set()
    with pytest.raises(Cancelled):
        generate(seed=1, cancel=cancel)


def test_command_line() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = cli.run(["generate", "--seed", "3", "--symmetry", "mirror", "--givens", "32"], out=out, err=err)
    assert code == 0, err.getvalue()
    board = sudoku.decode(out.getvalue().strip())
    assert board.givens <= 32 and is_symmetric(board, "mirror") and sudoku.count_solutions(board) == 1
    out, err = io.StringIO(), io.StringIO()
    assert cli.run(["generate", "--rating", "x"], out=out, err=err) == 2
    assert err.getvalue().startswith("error: rating")


@pytest.mark.slow
def test_progress_climbs_and_shares_the_stop_flag() -> None:
    seen: list[float] = []
    stop = Cancel()
    reporting = stop.with_progress(seen.append)
    # A range no puzzle reaches: every try is made, and each is reported.
    with pytest.raises(ValueError):
        generate(seed=3, rating=(9.5, 9.6), attempts=6, cancel=reporting)
    assert seen == sorted(seen) and len(seen) == 6 and seen[0] == 0.0 and seen[-1] == 5 / 6
    stop.set()
    assert reporting.is_set()
    with pytest.raises(Cancelled):
        generate(seed=3, cancel=reporting)


@pytest.mark.slow
def test_a_minimal_puzzle_needs_every_given():
    from slugboard.codecs.sudoku.generate import generate

    board = generate(symmetry="rotational", seed=11, minimal=True)
    assert sudoku.count_solutions(board) == 1
    for i, d in enumerate(board.cells):
        if d:
            assert sudoku.count_solutions(board.with_digit(*divmod(i, 9), 0)) == 2
    assert sudoku.is_minimal(board)


@pytest.mark.slow
def test_a_search_that_finds_nothing_says_which_choice_to_relax():
    """Few givens and a high rating together are rare: the message says what the puzzles
    rated in range needed, and a search that allows it finds one."""
    import re

    with pytest.raises(ValueError) as failure:
        generate(givens=24, symmetry="rotational", rating=(4.0, 7.0), seed=5, attempts=20)
    message = str(failure.value)
    found = re.search(r"puzzles rated 4 to 7 kept (\d+) givens or more; allow \1 givens", message)
    assert found is not None, message
    assert int(found.group(1)) > 24
    # Out of reach for any number of givens: the ratings that were met are named instead.
    with pytest.raises(ValueError, match=r"those with at most 30 givens rated [\d.]+ to [\d.]+; widen the rating"):
        generate(givens=30, symmetry="rotational", rating=(15.0, 16.0), seed=5, attempts=10)

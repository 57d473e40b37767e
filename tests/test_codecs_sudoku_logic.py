"""The logical solver: every step agrees with the solution, hints solve the easy
puzzles one by one, ratings order easy below hard, and the hint command answers."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from slugboard.codecs import cli, sudoku
from slugboard.codecs.sudoku import logic

DATA = json.loads((Path(__file__).parent / "data" / "sudoku.json").read_text())
UNIQUE = [v["grid"] for v in DATA["vectors"] if str(v.get("solutions")) == "1" and "." in v.get("grid", "")]
assert len(UNIQUE) >= 3
README_EXAMPLE = "..3....214.19...5.2..4.5.......61..8..28591..5..73.......5.8..7.7...26.534....9.."
EASTER_MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
GOLDEN_NUGGET = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."
# Published hard puzzles (Norvig's "hardest" list) that these techniques finish.
HARD = [
    "1...34.8....8..5....4.6..21.18......3..1.2..6......81.52..7.9....6..9....9.64...2",  # W-Wing
    ".6.5.4.3.1...9...8.........9...5...6.4.6.2.7.7...4...5.........4...8...1.5.2.3.4.",  # Swordfish
]
# Published hard puzzles that need more than these techniques (X-chains on the way).
BEYOND = [
    "7.....4...2..7..8...3..8.799..5..3...6..2..9...1.97..6...3..9...3..4..6...9..1.35",
    "....7..2.8.......6.1.2.5...9.54....8.........3....85.1...3.2.8.4.......9.7..6....",
]
PUZZLES = UNIQUE + [README_EXAMPLE, EASTER_MONSTER, GOLDEN_NUGGET] + HARD + BEYOND


def check_steps(grid: str) -> logic.LogicResult:
    board = sudoku.decode_grid(grid)
    solution = sudoku.solve(board)
    assert solution is not None
    result = logic.solve_logically(board)
    for step in result.steps:
        if step.is_placement:
            assert solution.cells[step.cell] == step.digit, step
        for cell, digit in step.eliminations:
            assert solution.cells[cell] != digit, step
        assert step.cells and step.explanation.endswith(".")
    if result.solved:
        assert result.board == solution
    return result


def test_hints_applied_in_turn_solve_the_singles_puzzles() -> None:
    for grid in UNIQUE + [README_EXAMPLE]:
        board = sudoku.decode_grid(grid)
        cand = logic.candidates(board)
        for _ in range(81):
            step = logic.next_step(board, cand)
            if step is None:
                break
            assert step.technique.startswith(("Hidden single", "Naked single"))
            board, cand = logic.apply(board, cand, step)
        assert board == sudoku.solve(sudoku.decode_grid(grid))


@pytest.mark.parametrize("grid", PUZZLES)
def test_every_step_agrees_with_the_solution(grid: str) -> None:
    check_steps(grid)


def _puzzle_from(seed: int, keep: int) -> str:
    """A unique puzzle: a random solved grid with cells taken away while it stays unique."""
    rng = random.Random(seed)
    cells = [0] * 81
    for i in rng.sample(range(81), 11):
        cells[i] = rng.randint(1, 9)
    board = sudoku.solve(sudoku.Board(tuple(cells)))
    while board is None:
        cells[rng.choice([i for i in range(81) if cells[i]])] = 0
        board = sudoku.solve(sudoku.Board(tuple(cells)))
    full = list(board.cells)
    for i in rng.sample(range(81), 81):
        if sum(1 for d in full if d) <= keep:
            break
        was, full[i] = full[i], 0
        if sudoku.count_solutions(sudoku.Board(tuple(full))) != 1:
            full[i] = was
    return "".join(str(d) if d else "." for d in full)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(22, 40))
def test_steps_on_generated_puzzles_never_contradict_the_solution(seed: int, keep: int) -> None:
    check_steps(_puzzle_from(seed, keep))


@settings(max_examples=examples(30), deadline=None)
@given(st.sampled_from(PUZZLES), st.lists(st.integers(0, 80), max_size=20))
def test_hints_from_any_point_on_the_way_are_right(grid: str, filled: list[int]) -> None:
    board = sudoku.decode_grid(grid)
    solution = sudoku.solve(board)
    assert solution is not None
    for i in filled:  # part of the way there, with the solution's own digits
        board = board.with_digit(*divmod(i, 9), solution.cells[i])
    step = logic.next_step(board)
    if step is not None:
        if step.is_placement:
            assert solution.cells[step.cell] == step.digit
        assert all(solution.cells[c] != d for c, d in step.eliminations)


def _key(grid: str) -> tuple[bool, float]:
    info = logic.rating_info(sudoku.decode_grid(grid))
    return info.get("needs_guessing", False), info["rating"]


@pytest.mark.slow
def test_ratings_order_easy_below_hard() -> None:
    easy = [_key(g) for g in UNIQUE + [README_EXAMPLE]]
    hard = [_key(g) for g in HARD]
    chains = _key(BEYOND[0])  # needs alternating inference chains
    top = [_key(g) for g in (EASTER_MONSTER, GOLDEN_NUGGET, BEYOND[1])]
    assert all(not guess and rating <= 2.3 for guess, rating in easy)
    assert all(not guess and rating > 3.0 for guess, rating in hard)
    assert chains == (False, logic.RATINGS["AIC"])
    assert all(guess and rating >= logic.BEYOND_RATING for guess, rating in top)
    # The rating alone orders them, as the number a person reads.
    assert max(r for _, r in easy) < min(r for _, r in hard) < chains[1] < min(r for _, r in top)


@pytest.mark.slow
def test_aic_steps_are_sound_and_named() -> None:
    board = sudoku.decode_grid(BEYOND[0])
    solution = sudoku.solve(board)
    result = logic.solve_logically(board)
    assert result.solved and solution is not None and result.board.cells == solution.cells
    aic = [s for s in result.steps if s.technique == "AIC"]
    assert aic
    for step in aic:
        assert step.eliminations and all(solution.cells[c] != d for c, d in step.eliminations)
        assert "=" in step.explanation and step.to_json()["rating"] == 7.0


@pytest.mark.slow
def test_techniques_counted_in_info() -> None:
    info = sudoku.info(sudoku.decode_grid(HARD[0]))
    assert info["rating"] == 4.4 and info["techniques"]["W-Wing"] >= 1
    assert "needs_guessing" not in info
    assert sum(info["techniques"].values()) >= 81 - sudoku.decode_grid(HARD[0]).givens
    assert sudoku.info(sudoku.decode_grid(EASTER_MONSTER))["needs_guessing"] is True


def test_minimal() -> None:
    royle = next(g for g in UNIQUE if g.count(".") == 64)
    assert sudoku.info(sudoku.decode_grid(royle))["minimal"] is True
    assert sudoku.info(sudoku.decode_grid(README_EXAMPLE))["minimal"] is False
    assert sudoku.info(sudoku.new_board())["minimal"] is None


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.run(list(argv), out=out, err=err, stdin=io.BytesIO())
    return code, out.getvalue(), err.getvalue()


def test_hint_command() -> None:
    code, out, _ = _run("hint", README_EXAMPLE)
    hint = json.loads(out)
    assert code == 0
    assert hint["technique"] == "Hidden single (box)"
    r, c = hint["cell"]
    assert sudoku.solve(sudoku.decode_grid(README_EXAMPLE)).cells[r * 9 + c] == hint["digit"]  # type: ignore[union-attr]
    assert hint["explanation"].endswith(".")
    code, out, _ = _run("hint", EASTER_MONSTER)
    assert code == 0 and json.loads(out)["technique"] is None and "guessing" in json.loads(out)["explanation"]
    code, out, _ = _run("hint", "11" + "." * 79)
    assert code == 0 and "no solution" in json.loads(out)["explanation"]

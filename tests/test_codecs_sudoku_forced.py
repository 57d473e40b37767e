"""Hints for variant puzzles (codecs/sudoku/forced.py): every digit forced agrees with the
puzzle's solution (made with the puzzle, not by the code under test), and says which rule
rules out each other digit."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest

from slugboard.codecs import sudoku
from slugboard.codecs.sudoku import fpuzzles
from slugboard.codecs.sudoku.forced import Narrowed, next_forced
from slugboard.codecs.sudoku.model import DIGITS

PUZZLES = json.loads(Path(__file__).with_name("data").joinpath("sudoku_variants.json").read_text())["puzzles"]
QUICK = [p for p in PUZZLES if p["kind"] in ("killer", "killer-4", "thermo", "littlekiller", "diagonals", "jigsaw-6")]
REAL = json.loads(Path(__file__).with_name("data").joinpath("real", "sudoku", "kaji.json").read_text())["puzzles"]
# Real puzzles the hints solve from start to end (6x6, f-puzzles links with their setters'
# published solutions); each needs a constraint looked at as a whole on the way.
SOLVED_BY_HINTS = ["Finger Counting", "Frost", "Galactic Map", "Quad? Bike!", "Swirl of Steam"]


def _by_hints(board, solution_text):
    """Every hint taken, as a solver takes them: a digit goes in, a narrowing becomes the
    cells' centre marks. Each must keep the published solution possible. The board at the
    end, and the hints taken (digits, narrowings)."""
    solution = [DIGITS.index(ch) + 1 for ch in solution_text]
    digits, narrowings = [], []
    while (hint := next_forced(board)) is not None:
        if isinstance(hint, Narrowed):
            narrowings.append(hint)
            centre = list(board.centre)
            for i, left in hint.left:
                assert solution[i] in left and not board.cells[i], hint.explanation
                marked = {d for d in range(1, board.size + 1) if board.centre[i] >> (d - 1) & 1}
                assert not marked or set(left) < marked  # each narrowing narrows
                centre[i] = sum(1 << (d - 1) for d in left)
            board = board.with_marks(tuple(centre))
        else:
            assert hint.digit == solution[hint.cell] and not board.cells[hint.cell], hint.explanation
            digits.append(hint)
            board = board.with_digit(*divmod(hint.cell, board.size), hint.digit, typed=True)
    return board, digits, narrowings


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", QUICK, ids=lambda p: p["kind"])
def test_every_forced_digit_is_the_solutions(puzzle):
    _, digits, _ = _by_hints(sudoku.decode(puzzle["link"]), puzzle["solution"])
    assert len(digits) >= 1


def test_the_hint_names_the_rules_that_rule_out_the_rest():
    thermo = next(p for p in PUZZLES if p["kind"] == "thermo")
    forced = next_forced(sudoku.decode(thermo["link"]))
    assert forced is not None and (forced.cell, forced.digit) == (2 * 9 + 1, 7)
    board = sudoku.decode(thermo["link"])
    assert forced.explanation.startswith("r3c2 is 7: every other digit is ruled out (")
    # Each digit named breaks what it is said to break, as the Problems list sees it; 7 breaks nothing.
    told = forced.explanation.split("(", 1)[1].rstrip(").").split("; ")
    named = {}
    for part in told:
        digits, rule = part.split(" by ")
        for d in digits.split(", "):
            named[int(d)] = rule
    assert sorted(named) == [1, 2, 3, 4, 5, 6, 8, 9]
    for d, rule in named.items():
        problems = [p.message for p in sudoku.problems(board.with_digit(2, 1, d)) if p.is_error]
        assert problems and any(rule.removeprefix("the ").lower() in m.lower() for m in problems), (d, rule, problems)
    assert not [p for p in sudoku.problems(board.with_digit(2, 1, 7)) if p.is_error]
    killer4 = next(p for p in PUZZLES if p["kind"] == "killer-4")
    assert "by the killer cage of 3" in next_forced(sudoku.decode(killer4["link"])).explanation


def test_an_arrow_looked_at_whole_rules_out_what_no_sum_along_it_allows():
    """No digit of the arrow puzzle is forced one at a time at the start; its arrows, each
    looked at whole (every filling of its cells whose sum is right), force the first."""
    from slugboard.codecs.sudoku import forced as forced_module
    from slugboard.codecs.sudoku import supports

    arrow = next(p for p in PUZZLES if p["kind"] == "arrow")
    board = sudoku.decode(arrow["link"])
    forced = next_forced(board)
    assert forced is not None and DIGITS[forced.digit - 1] == arrow["solution"][forced.cell]
    assert "the arrow on r" in forced.explanation
    real = supports.supported
    try:
        supports.supported = lambda *args, **kwargs: None  # each constraint left alone
        assert forced_module.next_forced(board) is None
    finally:
        supports.supported = real


def test_a_full_grid_forces_nothing():
    killer4 = next(p for p in PUZZLES if p["kind"] == "killer-4")
    board = sudoku.decode(killer4["link"])
    full = replace(board, cells=tuple(DIGITS.index(ch) + 1 for ch in killer4["solution"]))
    assert next_forced(full) is None


@pytest.mark.parametrize("name", SOLVED_BY_HINTS)
def test_hints_solve_a_real_puzzle_to_its_published_solution(name):
    puzzle = next(p for p in REAL if p["name"] == name)
    board, digits, _ = _by_hints(sudoku.decode(puzzle["link"]), puzzle["solution"])
    assert "".join(DIGITS[d - 1] for d in board.cells) == puzzle["solution"]
    # A constraint named with its cells: one looked at whole.
    assert any(" on r" in hint.explanation for hint in digits)


@pytest.mark.parametrize("name", ["Alien Abacus", "Fortress Sudoku", "GW Test 1"])
def test_where_no_digit_is_forced_a_constraint_narrows_cells_and_keeps_the_solution(name):
    puzzle = next(p for p in REAL if p["name"] == name)
    _, _, narrowings = _by_hints(sudoku.decode(puzzle["link"]), puzzle["solution"])
    assert len(narrowings) >= 2
    for hint in narrowings:
        assert hint.explanation.startswith("No digit is forced yet, but ") and " rules out " in hint.explanation


def test_the_hint_command_gives_a_variants_forced_digit_or_narrowing():
    from slugboard.codecs import cli

    def hint(link):
        out = io.StringIO()
        assert cli.run(["hint", link], out=out, err=io.StringIO(), stdin=io.BytesIO()) == 0
        return json.loads(out.getvalue())

    thermo = next(p for p in PUZZLES if p["kind"] == "thermo")
    told = hint(thermo["link"])
    assert told["technique"] == "forced digit" and told["cell"] == [2, 1] and told["digit"] == 7
    assert told["explanation"].startswith("r3c2 is 7: ")
    abacus = next(p for p in REAL if p["name"] == "Alien Abacus")
    board = _until_narrowed(sudoku.decode(abacus["link"]))
    told = hint(fpuzzles.link(board))
    assert told["technique"] == "constraint narrows" and told["explanation"].startswith("No digit is forced yet")
    for r, c, left in told["left"]:
        assert int(abacus["solution"][r * 6 + c]) in left


def _until_narrowed(board):
    """The board after the hints' digits up to the first narrowing."""
    while not isinstance(hint := next_forced(board), Narrowed):
        board = board.with_digit(*divmod(hint.cell, board.size), hint.digit, typed=True)
    return board

"""Hints for variant puzzles (codecs/sudoku/forced.py): every digit forced agrees with the
puzzle's solution (made with the puzzle, not by the code under test), and says which rule
rules out each other digit."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from slugboard.codecs import sudoku
from slugboard.codecs.sudoku.forced import next_forced
from slugboard.codecs.sudoku.model import DIGITS

PUZZLES = json.loads(Path(__file__).with_name("data").joinpath("sudoku_variants.json").read_text())["puzzles"]
QUICK = [p for p in PUZZLES if p["kind"] in ("killer", "killer-4", "thermo", "littlekiller", "diagonals", "jigsaw-6")]


@pytest.mark.parametrize("puzzle", QUICK, ids=lambda p: p["kind"])
def test_every_forced_digit_is_the_solutions(puzzle):
    board = sudoku.decode(puzzle["link"])
    placed = 0
    while (forced := next_forced(board)) is not None:
        assert DIGITS[forced.digit - 1] == puzzle["solution"][forced.cell], forced.explanation
        assert not board.cells[forced.cell]
        board = board.with_digit(*divmod(forced.cell, board.size), forced.digit, typed=True)
        placed += 1
    assert placed >= 1


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


def test_a_full_or_stuck_grid_forces_nothing():
    arrow = next(p for p in PUZZLES if p["kind"] == "arrow")
    assert next_forced(sudoku.decode(arrow["link"])) is None  # an arrow's sum needs more than singles
    killer4 = next(p for p in PUZZLES if p["kind"] == "killer-4")
    board = sudoku.decode(killer4["link"])
    full = replace(board, cells=tuple(DIGITS.index(ch) + 1 for ch in killer4["solution"]))
    assert next_forced(full) is None

"""Fields that need no guessing, judged by ms-toollib's own solver (`is_solvable`), and
a brute-force check on small fields that logic alone (every cell that all the fields
agreeing with what is seen say is safe) opens them."""

from __future__ import annotations

import argparse
import io
import itertools

import ms_toollib
import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper import commands
from slugboard.codecs.minesweeper.noguess import most_mines, no_guess_board, no_guess_mines
from slugboard.codecs.work import Cancel, Cancelled


def toollib_solvable(board: ms.Board, first: tuple[int, int]) -> bool:
    rows = [[-1 if board.has_mine(x, y) else 0 for x in range(board.width)] for y in range(board.height)]
    rows = ms_toollib.cal_board_numbers(rows) or rows
    return ms_toollib.is_solvable(rows, first[1], first[0])


def solved_by_logic(board: ms.Board, first: tuple[int, int]) -> bool:
    """Brute force: every field with the mine count that agrees with the numbers seen;
    a closed cell that is safe in all of them is opened; repeat until nothing is."""
    w, h = board.width, board.height
    cells = [(x, y) for y in range(h) for x in range(w)]
    mines = set(board.mines)
    fld = ms.field_of(board)

    def around(c):
        x, y = c
        return [
            (x + dx, y + dy)
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if (dx or dy) and 0 <= x + dx < w and 0 <= y + dy < h
        ]

    opened: set = set()

    def open_(c):
        stack = [c]
        while stack:
            z = stack.pop()
            if z in opened:
                continue
            opened.add(z)
            if fld.number(*z) == 0:
                stack.extend(n for n in around(z) if n not in opened)

    open_(first)
    fields = [set(m) for m in itertools.combinations(cells, len(mines))]
    while len(opened) < w * h - len(mines):
        agreeing = [
            m
            for m in fields
            if not m & opened and all(sum(n in m for n in around(c)) == fld.number(*c) for c in opened)
        ]
        safe = [c for c in cells if c not in opened and not any(c in m for m in agreeing)]
        if not safe:
            return False
        for c in safe:
            open_(c)
    return True


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(3, 6), st.integers(3, 5), st.data())
def test_a_no_guess_field_is_solved_by_logic_from_its_first_click(width, height, data):
    first = (data.draw(st.integers(0, width - 1)), data.draw(st.integers(0, height - 1)))
    mines = data.draw(st.integers(0, min(5, most_mines(width, height, first))))
    board = no_guess_board(width, height, mines, first, seed=data.draw(st.integers(0, 1000)))
    assert len(board.mines) == mines
    assert toollib_solvable(board, first)
    assert solved_by_logic(board, first)
    # The first click opens a region: no mine on it or around it.
    x, y = first
    assert not any(abs(mx - x) <= 1 and abs(my - y) <= 1 for mx, my in board.mines)


@pytest.mark.slow
@pytest.mark.parametrize("level", list(ms.LEVELS))
def test_the_classic_levels_have_no_guess_fields_that_ms_toollib_solves(level):
    w, h, m = ms.LEVELS[level]
    for seed in range(5):
        first = (seed * 7 % w, seed * 5 % h)
        board = no_guess_board(w, h, m, first, seed=seed)
        assert len(board.mines) == m and toollib_solvable(board, first)


def test_the_same_seed_gives_the_same_field():
    assert no_guess_board(30, 16, 99, (4, 4), seed=8) == no_guess_board(30, 16, 99, (4, 4), seed=8)
    assert no_guess_mines(30, 16, 99, (4, 4), seed=8) != no_guess_mines(30, 16, 99, (4, 4), seed=9)


@pytest.mark.parametrize(
    "args, message",
    [
        ((9, 9, 73, (4, 4)), "room for at most 72 mines"),
        ((2, 9, 3, (0, 0)), "at least 3x3"),
        ((9, 9, 10, (9, 0)), "off the 9x9 field"),
    ],
)
def test_impossible_limits_are_said(args, message):
    with pytest.raises(ValueError, match=message):
        no_guess_board(*args)


def test_a_field_too_dense_to_find_gives_up_with_advice():
    with pytest.raises(ValueError, match="try fewer mines"):
        no_guess_board(9, 9, 60, (4, 4), seed=1, tries=20)


def test_cancel_stops_the_search():
    cancel = Cancel()
    cancel.set()
    with pytest.raises(Cancelled):
        no_guess_board(30, 16, 99, (4, 4), cancel=cancel)


def run(*argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    commands.generate_mines_options(parser)
    out, err = io.StringIO(), io.StringIO()
    return commands.generate_mines(parser.parse_args(list(argv)), out=out, err=err), out.getvalue(), err.getvalue()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generate_mines_no_guess_prints_a_field_ms_toollib_solves(seed):
    code, said, err = run(
        "--width", "30", "--height", "16", "--mines", "99", "--no-guess", "--first-click", "3,5", "--seed", str(seed)
    )
    assert code == 0, err
    board = ms.decode(said.strip())
    assert (board.width, board.height, len(board.mines), board.events) == (30, 16, 99, ())
    assert toollib_solvable(board, (5, 3))  # row 3, column 5


def test_generate_mines_plain_keeps_the_first_click_clear_and_repeats_with_a_seed():
    a = run("--width", "9", "--height", "9", "--mines", "10", "--first-click", "0,0", "--seed", "7")
    b = run("--width", "9", "--height", "9", "--mines", "10", "--first-click", "0,0", "--seed", "7")
    assert a == b and a[0] == 0
    board = ms.decode(a[1].strip())
    assert len(board.mines) == 10 and not any(x <= 1 and y <= 1 for x, y in board.mines)


@pytest.mark.parametrize(
    "argv, code, message",
    [
        (("--width", "0", "--height", "5", "--mines", "1"), 2, "at least 1x1"),
        (("--width", "5", "--height", "5", "--mines", "26"), 2, "0 to 25 mines"),
        (("--width", "5", "--height", "5", "--mines", "3", "--first-click", "5,0"), 2, "off the 5x5 field"),
        (("--width", "9", "--height", "9", "--mines", "80", "--no-guess"), 1, "room for at most"),
    ],
)
def test_generate_mines_refuses_with_a_reason(argv, code, message):
    got, said, err = run(*argv)
    assert (got, said) == (code, "") and message in err

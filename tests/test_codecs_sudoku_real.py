"""Variant sudoku on real puzzles (tests/data/real/sudoku/, each with its source and
licence beside it) checked against an independent reading: the solution the setter
published. And a second opinion on every puzzle in tests/data/ that has a published
solution: the plain checker finds nothing broken in it AND the CP-SAT model, with every
cell fixed to it, is satisfiable. A rule the two read differently from the setter shows
up here as "no solution, yet the published solution breaks nothing" cannot land."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from slugboard.codecs import sudoku
from slugboard.codecs.sudoku import cpsat, facts
from slugboard.codecs.sudoku.model import DIGITS

pytest.importorskip("ortools")

DATA = Path(__file__).parent / "data"
REAL = sorted((DATA / "real" / "sudoku").glob("*.json"))


def real_puzzles() -> list[dict]:
    out = []
    for path in REAL:
        for item in json.loads(path.read_text(encoding="utf-8"))["puzzles"]:
            out.append({**item, "file": path.name})
    return out


def published() -> list[tuple[str, str, str]]:
    """(id, link, published solution) of every puzzle in tests/data/ with one."""
    out = [(f"real/{p['file']}/{p['name']}", p["link"], p["solution"]) for p in real_puzzles() if p["solution"]]
    own = json.loads((DATA / "sudoku_variants.json").read_text(encoding="utf-8"))
    out += [(f"sudoku_variants/{p['kind']}", p["link"], p["solution"]) for p in own["puzzles"]]
    return out


def plain(puzzles: list[dict]) -> list[dict]:
    """The puzzles whose every rule is in their constraints (none only in the rules text)."""
    return [p for p in puzzles if not p.get("rules_in_text")]


def digits(text: str) -> tuple[int, ...]:
    return tuple(DIGITS.index(ch) + 1 for ch in text)


def test_the_corpus_is_there_with_its_sources():
    puzzles = real_puzzles()
    assert len([p for p in puzzles if p["solution"]]) >= 30
    for p in puzzles:
        assert p["source"].startswith("https://github.com/") and p["licence"] and p["link"]


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", plain(real_puzzles()), ids=lambda p: p["name"])
def test_a_real_puzzle_has_one_solution_and_it_is_the_published_one(puzzle):
    b = sudoku.decode(puzzle["link"])
    # SudokuPad's two prefixes for f-puzzles' data read the same puzzle.
    data = puzzle["link"].split("?load=", 1)[1]
    assert sudoku.decode("https://sudokupad.app/fpuz" + data) == b
    count, solved = sudoku.analyse(b)
    assert count == 1, f"{puzzle['name']}: {count} solutions"
    assert solved is not None
    if puzzle["solution"]:
        assert solved.grid == puzzle["solution"]
    if b.variant is not None and b.variant.solution:
        assert facts.info(b)["setter_solution"] == "agrees"


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", [p for p in real_puzzles() if p.get("rules_in_text")], ids=lambda p: p["name"])
def test_a_puzzle_with_rules_only_in_its_text_opens_and_says_its_drawings_may_hold_more(puzzle):
    b = sudoku.decode(puzzle["link"])
    out = facts.info(b)
    assert out["unread_drawings"], puzzle["name"]
    if out["solutions"] != 1:
        assert "rules known here" in out["status"]


@pytest.mark.slow
@pytest.mark.parametrize(("ident", "link", "solution"), published(), ids=[p[0] for p in published()])
def test_a_published_solution_breaks_nothing_for_the_checker_nor_for_the_model(ident, link, solution):
    b = sudoku.decode(link)
    filled = replace(b, cells=digits(solution), notes=(), typed=frozenset())
    assert [p.message for p in sudoku.problems(filled)] == [], ident
    if b.variant is not None:
        # Every cell fixed to the published digits: the model must hold them.
        assert cpsat.count(filled) == 1, f"{ident}: the model refuses the published solution"

"""Variant sudoku on real puzzles (tests/data/real/sudoku/, each with its source and
licence beside it) checked against an independent reading: the solution the setter
published. And a second opinion on every puzzle in tests/data/ that has a published
solution: the plain checker finds nothing broken in it AND the CP-SAT model, with every
cell fixed to it, is satisfiable. A rule the two read differently from the setter shows
up here as "no solution, yet the published solution breaks nothing" cannot land."""

from __future__ import annotations

import json
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
    out = [(f"real/{p['file']}/{p['name']}", p["link"], p["solution"]) for p in real_puzzles()]
    own = json.loads((DATA / "sudoku_variants.json").read_text(encoding="utf-8"))
    out += [(f"sudoku_variants/{p['kind']}", p["link"], p["solution"]) for p in own["puzzles"]]
    return out


def digits(text: str) -> tuple[int, ...]:
    return tuple(DIGITS.index(ch) + 1 for ch in text)


def test_the_corpus_is_there_with_its_sources():
    puzzles = real_puzzles()
    assert len(puzzles) >= 16
    for p in puzzles:
        assert p["source"].startswith("https://") and p["licence"] and p["solution"]


@pytest.mark.parametrize("puzzle", real_puzzles(), ids=lambda p: p["name"])
def test_a_real_puzzle_has_one_solution_and_it_is_the_published_one(puzzle):
    b = sudoku.decode(puzzle["link"])
    count, solved = sudoku.analyse(b)
    assert count == 1, f"{puzzle['name']}: {count} solutions"
    assert solved is not None and solved.grid == puzzle["solution"]
    out = facts.info(b)
    if b.variant is not None and b.variant.solution:
        assert out["setter_solution"] == "agrees"


@pytest.mark.parametrize(("ident", "link", "solution"), published(), ids=[p[0] for p in published()])
def test_a_published_solution_breaks_nothing_for_the_checker_nor_for_the_model(ident, link, solution):
    b = sudoku.decode(link)
    filled = b.replace(cells=digits(solution), notes=(), typed=frozenset())
    assert [p.message for p in sudoku.problems(filled)] == [], ident
    if b.variant is not None:
        # Every cell fixed to the published digits: the model must hold them.
        assert cpsat.count(filled) == 1, f"{ident}: the model refuses the published solution"

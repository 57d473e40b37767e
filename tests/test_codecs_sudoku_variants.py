"""Variant sudoku: f-puzzles and SudokuPad links read and written, each constraint checked
both ways on hand-made boards (by the plain checker and by the CP-SAT model, which must
agree), and our own puzzles counted and solved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from slugboard.codecs import sudoku
from slugboard.codecs.errors import SlugError
from slugboard.codecs.sudoku import cpsat, fpuzzles, sudokupad
from slugboard.codecs.sudoku.lzstring import compress_to_base64
from slugboard.codecs.sudoku.model import Kind

pytest.importorskip("ortools")

DATA = json.loads((Path(__file__).parent / "data" / "sudoku_variants.json").read_text())
# A solved 9x9 and a 4x4 whose two diagonals hold every digit.
S = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
D = "1234341243212143"


def fp_text(size: int = 9, grid: str | None = None, **keys) -> str:
    rows = [[{} for _ in range(size)] for _ in range(size)]
    for i, ch in enumerate(grid or ""):
        if ch != ".":
            rows[i // size][i % size] = {"value": int(ch, 17), "given": True}
    return json.dumps({"size": size, "grid": rows, **keys}, separators=(",", ":"), ensure_ascii=False)


def fp_link(size: int = 9, grid: str | None = None, **keys) -> str:
    return fpuzzles.URL + compress_to_base64(fp_text(size, grid, **keys))


def board(size: int = 9, grid: str | None = None, **keys) -> sudoku.Board:
    return sudoku.decode(fp_link(size, grid, **keys))


def constraint_problems(b: sudoku.Board) -> list:
    return [p for p in sudoku.problems(b) if p.kind is Kind.CONSTRAINT]


# --- reading and writing ----------------------------------------------------------------


def test_an_unchanged_puzzle_is_written_back_byte_for_byte_with_keys_not_understood():
    text = fp_text(
        6,
        "1.....",
        title="Tést ✓",
        killercage=[{"cells": ["R1C1", "R1C2"], "value": "7", "outlineC": "#000000"}],
        lockoutline=[{"lines": [["R1C1", "R1C2"]]}],
        futurekey={"nested": [1, 2.5, None]},
    )
    link = fpuzzles.URL + compress_to_base64(text)
    b = sudoku.decode(link)
    assert b.size == 6 and b.cells[0] == 1
    assert sudoku.share_url(b) == link
    assert fpuzzles.to_json_text(b) == text
    assert b.variant is not None and b.variant.unknown == ("lockoutline", "futurekey")


def test_an_edited_puzzle_keeps_every_other_key_and_its_order():
    text = fp_text(6, "1.....", title="T", thermometer=[{"lines": [["R2C1", "R2C2"]]}], zz=[{"a": 1}])
    b = sudoku.decode(fpuzzles.URL + compress_to_base64(text)).with_digit(5, 5, 4, typed=True)
    out = json.loads(fpuzzles.to_json_text(b))
    before = json.loads(text)
    assert list(out) == list(before)
    assert out["grid"][5][5] == {"value": 4}
    assert out["zz"] == before["zz"] and out["thermometer"] == before["thermometer"]
    assert sudoku.decode(sudoku.encode(b)) == b
    assert sudoku.from_json(sudoku.to_json(b)) == b


def test_pencil_marks_regions_and_typed_digits_are_read():
    rows = [[{} for _ in range(4)] for _ in range(4)]
    rows[0][0] = {"value": 2}
    rows[0][1] = {"centerPencilMarks": [1, 3], "cornerPencilMarks": [4]}
    for r in range(4):
        for c in range(4):
            rows[r][c]["region"] = r  # four rows as regions
    text = json.dumps({"size": 4, "grid": rows}, separators=(",", ":"))
    b = sudoku.decode(fpuzzles.URL + compress_to_base64(text))
    assert b.typed == {0} and b.centre[1] == 0b101 and b.corner[1] == 0b1000
    assert b.variant.region_cells[0] == (0, 1, 2, 3)


def test_a_classic_board_still_writes_a_sudoku_player_link():
    b = sudoku.decode_grid(S[:40] + "." * 41)
    assert sudoku.share_url(b).startswith(sudoku.PLAYER_URL + "?play=")


def test_sixteen_by_sixteen_grids_write_letters_above_nine():
    b = board(16, "G" + "." * 255)
    assert b.cells[0] == 16 and b.grid.startswith("G.")


def test_sudokupad_fpuzzles_links_keep_their_form():
    data = compress_to_base64(fp_text(4, D[:6] + "." * 10))
    link = "https://sudokupad.app/fpuzzles" + data
    b = sudoku.decode(link)
    assert b.variant.form == "sudokupad"
    assert sudoku.share_url(b) == link
    escaped = data.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    assert sudoku.decode("https://sudokupad.app/fpuzzles" + escaped) == b


def test_a_short_sudokupad_id_says_it_needs_the_network():
    with pytest.raises(sudokupad.NeedsNetworkError, match="never fetches"):
        sudoku.decode("https://sudokupad.app/abc123xyz")


def test_sudokupad_scl_links_read_cells_regions_cages_and_words():
    cells = [[{} for _ in range(4)] for _ in range(4)]
    cells[0][0] = {"value": 1}
    puzzle = {
        "cellSize": 50,
        "cells": cells,
        "regions": [
            [[0, 0], [0, 1], [1, 0], [1, 1]],
            [[0, 2], [0, 3], [1, 2], [1, 3]],
            [[2, 0], [2, 1], [3, 0], [3, 1]],
            [[2, 2], [2, 3], [3, 2], [3, 3]],
        ],
        "cages": [{"cells": [[0, 1], [0, 2]], "value": "5"}, {"value": "title: Little one"}],
        "lines": [{"wayPoints": [[0.5, 0.5], [1.5, 1.5]], "color": "#CFCFCF", "thickness": 8}],
    }
    # SudokuPad's zipped form: short keys, no quotes around them.
    zipped = json.dumps(puzzle, separators=(",", ":"))
    for long, short in (
        ("cellSize", "cs"),
        ("cells", "ce"),
        ("regions", "re"),
        ("cages", "ca"),
        ("value", "v"),
        ("lines", "l"),
        ("wayPoints", "wp"),
        ("color", "c"),
        ("thickness", "th"),
    ):
        zipped = zipped.replace(f'"{long}":', f"{short}:")
    zipped = zipped.replace('"#CFCFCF"', "CFCFCF")
    b = sudoku.decode("https://sudokupad.app/scl" + compress_to_base64(zipped))
    assert b.size == 4 and b.cells[0] == 1 and b.variant.title == "Little one"
    kinds = [c.kind for c in b.variant.constraints]
    assert kinds == ["killercage", "sudokupad-lines"]
    assert b.variant.constraints[0].cells == (1, 2) and b.variant.constraints[0].value == "5"
    with pytest.raises(cpsat.NotCounted, match="SudokuPad lines"):
        sudoku.count_solutions(b)
    assert sudoku.share_url(b).startswith("https://sudokupad.app/fpuzzles")


@pytest.mark.parametrize(
    "text",
    [
        "https://www.f-puzzles.com/?load=",
        "https://www.f-puzzles.com/",
        "https://www.f-puzzles.com/?load=N4Ig!!",
        fpuzzles.URL + compress_to_base64("[1,2]"),
        fpuzzles.URL + compress_to_base64('{"size":99,"grid":[]}'),
        fpuzzles.URL + compress_to_base64('{"size":4,"grid":[[{},{},{},{}]]}'),
        fpuzzles.URL + compress_to_base64(fp_text(4, killercage=[{"cells": ["R9C9"], "value": "3"}])),
        fpuzzles.URL + compress_to_base64(fp_text(4, thermometer=[{"lines": "R1C1"}])),
        "https://sudokupad.app/scl" + compress_to_base64('{"cells":[[{}]]}'),
        "https://sudokupad.app/fpuzzlesQ",
    ],
)
def test_broken_links_raise_slug_errors(text):
    with pytest.raises(SlugError):
        sudoku.decode(text)


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=6),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
        max_leaves=30,
    ),
    st.sampled_from(["grid", "killercage", "thermometer", "arrow", "littlekillersum", "clone", "quadruple", "size"]),
)
def test_any_json_in_any_key_gives_a_board_or_a_slug_error(value, key):
    obj = json.loads(fp_text(4, D[:3]))
    obj[key] = value
    try:
        sudoku.decode(fpuzzles.URL + compress_to_base64(json.dumps(obj)))
    except SlugError:
        pass


# --- each constraint, both ways ---------------------------------------------------------------

SATISFIED_AND_BROKEN = {
    "killercage": ({"cells": ["R1C1", "R1C2"], "value": "8"}, {"cells": ["R1C1", "R1C2"], "value": "9"}),
    "thermometer": ({"lines": [["R1C2", "R1C3", "R1C4"]]}, {"lines": [["R1C1", "R1C2"]]}),
    "slowthermometer": ({"lines": [["R1C2", "R1C3", "R1C4"]]}, {"lines": [["R1C1", "R1C2"]]}),
    "arrow": (
        {"cells": ["R1C5"], "lines": [["R1C5", "R1C4", "R2C4"]]},
        {"cells": ["R1C1"], "lines": [["R1C1", "R1C2", "R1C3"]]},
    ),
    "difference": ({"cells": ["R1C2", "R1C3"]}, {"cells": ["R1C1", "R1C2"]}),
    "ratio": ({"cells": ["R1C8", "R1C9"]}, {"cells": ["R1C1", "R1C2"]}),
    "xv": ({"cells": ["R1C3", "R1C4"], "value": "X"}, {"cells": ["R1C1", "R1C2"], "value": "X"}),
    "even": ({"cell": "R1C3"}, {"cell": "R1C1"}),
    "odd": ({"cell": "R1C2"}, {"cell": "R1C3"}),
    "minimum": ({"cell": "R2C4"}, {"cell": "R1C1"}),
    "maximum": ({"cell": "R2C5"}, {"cell": "R1C2"}),
    "littlekillersum": (
        {"cell": "R0C8", "direction": "DL", "value": "41"},
        {"cell": "R0C8", "direction": "DL", "value": "40"},
    ),
    "sandwichsum": ({"cell": "R0C1", "value": "19"}, {"cell": "R0C1", "value": "18"}),
    "xsum": ({"cell": "R1C0", "value": "25"}, {"cell": "R1C0", "value": "24"}),
    "extraregion": ({"cells": ["R1C1", "R1C2", "R2C1"]}, {"cells": ["R1C1", "R2C6"]}),
    "renban": ({"lines": [["R1C5", "R1C6", "R1C7"]]}, {"lines": [["R1C1", "R1C2"]]}),
    "whispers": ({"lines": [["R1C7", "R1C8"]]}, {"lines": [["R1C7", "R1C8", "R1C9"]]}),
    "palindrome": ({"lines": [["R1C1", "R1C2", "R2C6"]]}, {"lines": [["R1C1", "R1C2", "R1C3"]]}),
    "betweenline": ({"lines": [["R1C2", "R1C3", "R1C4"]]}, {"lines": [["R1C1", "R1C2", "R1C3"]]}),
    "regionsumline": ({"lines": [["R1C2", "R1C3", "R1C4", "R2C4"]]}, {"lines": [["R1C3", "R1C4"]]}),
    "entropicline": ({"lines": [["R1C2", "R1C3", "R1C5"]]}, {"lines": [["R1C3", "R1C4"]]}),
    "modularline": ({"lines": [["R1C4", "R1C5", "R1C6", "R1C7"]]}, {"lines": [["R1C1", "R1C2", "R1C3", "R1C4"]]}),
    "skyscraper": ({"cell": "R1C0", "value": "5"}, {"cell": "R1C0", "value": "4"}),
    "doublearrow": ({"lines": [["R1C8", "R1C2", "R1C9"]]}, {"lines": [["R1C1", "R1C2", "R1C3"]]}),
    "nabner": ({"lines": [["R1C1", "R1C2", "R1C8"]]}, {"lines": [["R1C1", "R1C2", "R1C3"]]}),
    "rowindexer": ({"cells": ["R1C7", "R2C3"]}, {"cells": ["R1C1"]}),
    "columnindexer": ({"cells": ["R4C3", "R4C4"]}, {"cells": ["R1C1"]}),
    "boxindexer": ({"cells": ["R3C2", "R3C3"]}, {"cells": ["R1C1"]}),
    "zipperline": ({"lines": [["R1C8", "R1C2", "R1C9"]]}, {"lines": [["R1C1", "R1C2", "R1C3"]]}),
    "clone": ({"cells": ["R1C1"], "cloneCells": ["R2C6"]}, {"cells": ["R1C1"], "cloneCells": ["R1C2"]}),
    "quadruple": (
        {"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [3, 5]},
        {"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1]},
    ),
}


@pytest.mark.parametrize("kind", sorted(SATISFIED_AND_BROKEN))
def test_each_constraint_is_kept_by_a_grid_that_keeps_it(kind):
    b = board(9, S, **{kind: [SATISFIED_AND_BROKEN[kind][0]]})
    assert constraint_problems(b) == []
    assert sudoku.count_solutions(b) == 1


@pytest.mark.parametrize("kind", sorted(SATISFIED_AND_BROKEN))
def test_each_constraint_is_broken_by_a_grid_that_breaks_it(kind):
    b = board(9, S, **{kind: [SATISFIED_AND_BROKEN[kind][1]]})
    found = constraint_problems(b)
    assert len(found) == 1 and "broken" in found[0].message
    assert sudoku.count_solutions(b) == 0


def test_diagonals_both_ways():
    both = {"diagonal+": True, "diagonal-": True}
    assert constraint_problems(board(4, D, **both)) == [] and sudoku.count_solutions(board(4, D, **both)) == 1
    broken = board(9, S, **both)
    assert constraint_problems(broken) and sudoku.count_solutions(broken) == 0


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["antiknight", "antiking", "nonconsecutive", "disjointgroups"])
def test_rules_of_the_whole_grid_both_ways(kind):
    broken = board(9, S, **{kind: True})
    assert constraint_problems(broken) and sudoku.count_solutions(broken) == 0
    # A grid the solver makes with the rule is one the plain checker accepts.
    solved = sudoku.solve(board(9, None, **{kind: True}))
    assert solved is not None and sudoku.problems(solved) == []
    assert sudoku.count_solutions(board(9, solved.grid, **{kind: True})) == 1


def _pairs(test):
    out = []
    for r in range(9):
        for c in range(9):
            for rr, cc in ((r, c + 1), (r + 1, c)):
                if rr < 9 and cc < 9 and test(int(S[r * 9 + c]), int(S[rr * 9 + cc])):
                    out.append([f"R{r + 1}C{c + 1}", f"R{rr + 1}C{cc + 1}"])
    return out


@pytest.mark.slow
def test_negative_kropki_and_xv_both_ways():
    white = [{"cells": p} for p in _pairs(lambda a, b: abs(a - b) == 1)]
    black = [{"cells": p} for p in _pairs(lambda a, b: (a == 2 * b or b == 2 * a) and abs(a - b) != 1)]
    xv = [{"cells": p, "value": "X"} for p in _pairs(lambda a, b: a + b == 10)]
    xv += [{"cells": p, "value": "V"} for p in _pairs(lambda a, b: a + b == 5)]
    kept = board(9, S, difference=white, ratio=black, xv=xv, negative=["ratio", "difference", "xv"])
    assert constraint_problems(kept) == [] and sudoku.count_solutions(kept) == 1
    for missing in ({"difference": white[1:], "ratio": black}, {"difference": white, "ratio": black[1:]}):
        broken = board(9, S, **missing, negative=["ratio", "difference"])
        assert constraint_problems(broken) and sudoku.count_solutions(broken) == 0
    broken = board(9, S, xv=xv[1:], negative=["xv"])
    assert constraint_problems(broken) and sudoku.count_solutions(broken) == 0


def test_an_unknown_constraint_is_named_and_not_counted():
    b = board(9, S[:30] + "." * 51, lockoutline=[{"lines": [["R1C1", "R1C2"]]}])
    with pytest.raises(cpsat.NotCounted, match="not counted: unknown constraint lockoutline"):
        sudoku.count_solutions(b)


# --- our own puzzles ---------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", DATA["puzzles"], ids=lambda p: p["kind"])
def test_each_puzzle_has_one_solution_which_keeps_every_rule(puzzle):
    b = sudoku.decode(puzzle["link"])
    count, solution = sudoku.analyse(b)
    assert count == 1 and solution.grid == puzzle["solution"]
    assert sudoku.problems(solution) == []
    # One digit changed breaks a rule the plain checker sees.
    i = next(k for k, d in enumerate(b.cells) if not d)
    wrong = solution.with_digit(*divmod(i, b.size), solution.cells[i] % b.size + 1)
    assert sudoku.problems(wrong)


def test_facts_give_the_solution_as_text_with_letters_for_sixteen():
    from slugboard.codecs.sudoku import facts

    puzzle = next(p for p in DATA["puzzles"] if p["kind"] == "xsum-4")
    out = facts.info(sudoku.decode(puzzle["link"]))
    assert out["solutions"] == 1 and out["solution"] == puzzle["solution"] and out["size"] == 4
    assert out["constraints"] == {"X-sum": 4}
    unknown = facts.info(board(4, D[:4], lockoutline=[{"lines": [["R1C1", "R1C2"]]}]))
    assert unknown["solutions"] is None and unknown["status"] == "not counted: unknown constraint lockoutline"
    assert facts.solution_text(board(16, "G" + "A" * 0 + "." * 255)).startswith("G.")


@pytest.mark.slow
def test_the_solve_command_gives_the_solved_link_or_fails_with_the_reason():
    import argparse

    from slugboard.codecs.sudoku import commands

    parser = argparse.ArgumentParser()
    commands.solve_options(parser)
    puzzle = next(p for p in DATA["puzzles"] if p["kind"] == "killer")
    out = commands.solve(sudoku.decode(puzzle["link"]), parser.parse_args([]))
    solved = sudoku.decode(out)
    assert out.startswith(fpuzzles.URL) and solved.grid == puzzle["solution"] and solved.variant.has("killercage")
    assert commands.solve(sudoku.decode(puzzle["link"]), parser.parse_args(["--grid"])) == puzzle["solution"]
    classic = sudoku.decode_grid("".join("." if i % 5 == 0 else ch for i, ch in enumerate(S)))
    assert sudoku.decode(commands.solve(classic, parser.parse_args([]))).grid == S
    with pytest.raises(commands.CommandFailed, match="several solutions") as several:
        commands.solve(board(4, "1..."), parser.parse_args([]))
    assert several.value.status == 1
    with pytest.raises(commands.CommandFailed, match="no solution"):
        commands.solve(board(4, "11.."), parser.parse_args([]))
    with pytest.raises(commands.CommandFailed, match="no solution"):
        commands.solve(board(4, "1...", killercage=[{"cells": ["R1C2", "R1C3"], "value": "20"}]), parser.parse_args([]))


_ZIPPED = "{ce:[[{v:1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],ca:[{ce:[[0,1],[0,2]],v:5}],l:[{wp:[[0.5,0.5],[1.5,1.5]],c:CFCFCF,th:8}]}"


def test_the_zipped_json_of_sudokupad_reads_as_the_long_form():
    b = sudokupad.read_scl(_ZIPPED)
    assert (
        b.size == 4 and b.cells[0] == 1 and [c.kind for c in b.variant.constraints] == ["killercage", "sudokupad-lines"]
    )
    assert b.variant.constraints[1].style_of("color") == "#CFCFCF"


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(st.integers(0, len(_ZIPPED)), st.integers(0, 8), st.text(alphabet="{}[]:,'\"tf#0F1v-x\\", max_size=6))
def test_sudokupad_texts_cut_and_spliced_give_a_board_or_a_slug_error(at, cut, insert):
    text = _ZIPPED[:at] + insert + _ZIPPED[at + cut :]
    for read in (sudokupad.read_scl, lambda t: sudokupad.read_puzzle("scl" + compress_to_base64(t))):
        try:
            read(text)
        except SlugError:
            pass


def test_a_variants_candidates_leave_out_its_row_column_and_region():
    from slugboard.codecs.sudoku import logic

    b = board(6, "1....." + "....2." + "." * 24, **{})
    cand = logic.candidates(b)
    assert cand[0] == 0
    # R1C2 sees 1 in its row and region (2x3 boxes), 2 in neither: all but 1.
    assert cand[1] == 0b111110
    # R2C1 sees 1 (its region) and 2 (its row).
    assert cand[6] == 0b111100
    assert logic.next_step(b) is None


def test_a_sudokupad_puzzle_keeps_its_cages_in_its_fpuzzles_link_and_its_drawings_in_board_json():
    b = sudokupad.read_scl(_ZIPPED).with_digit(3, 3, 2, typed=True)
    out = sudoku.decode(sudoku.share_url(b))
    assert out.variant.form == "sudokupad" and out.variant.of_kind("killercage")[0].cells == (1, 2)
    again = sudoku.from_json(json.loads(json.dumps(sudoku.to_json(b))))
    assert again == b and again.variant.form == "scl" and again.typed == {15}


def test_sudokupads_zipped_empty_cells_quotes_and_numbers_read_back():
    # As PuzzleZipper writes it: empty objects left out between commas, strings in single
    # quotes, numbers that were strings written as numbers, a colour without its '#'.
    zipped = (
        "{ce:[[{v:1},,,],[,,,],[,,,],[,,{v:4},]],ca:[{ce:[[0,1],[0,2]],v:5},{v:'title: Zip'}],"
        "u:[{ct:[1.5,1.5],w:0.8,h:0.8,c2:CFCFCF,r:t}]}"
    )
    b = sudokupad.read_scl(zipped)
    assert b.cells[0] == 1 and b.cells[14] == 4 and b.variant.title == "Zip"
    assert b.variant.of_kind("killercage")[0].value == "5"
    under = b.variant.of_kind("sudokupad-underlays")[0]
    assert under.style_of("backgroundColor") == "#CFCFCF" and under.style_of("rounded") == "True"


def test_an_arrow_with_a_bulb_too_long_for_a_number_is_not_counted():
    bulb = [f"R{r}C{c}" for r in range(1, 10) for c in range(1, 3)]
    b = board(9, None, arrow=[{"cells": bulb, "lines": [[*bulb, "R1C9"]]}])
    with pytest.raises(cpsat.NotCounted, match="bulb of 18 cells"):
        sudoku.count_solutions(b)

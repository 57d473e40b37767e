"""Variant sudoku: each rule read as f-puzzles and SudokuPad mean it, where a plainer
reading differs (non-consecutive beside dots, neighbouring maximum cells, negative dots of
other values, lines of three groups, clues outside the grid), and SudokuPad's `fpuz` links
and the setter's own solution."""

from __future__ import annotations

import json

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from slugboard.codecs import sudoku
from slugboard.codecs.errors import SlugError
from slugboard.codecs.sudoku import checks, cpsat, facts, fpuzzles
from slugboard.codecs.sudoku.lzstring import compress_to_base64
from slugboard.codecs.sudoku.model import Kind

pytest.importorskip("ortools")

S = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
PUZZLE = "".join("." if i % 5 == 0 else ch for i, ch in enumerate(S))  # S is its one solution


def fp_text(size: int = 9, grid: str | None = None, **keys) -> str:
    rows = [[{} for _ in range(size)] for _ in range(size)]
    for i, ch in enumerate(grid or ""):
        if ch != ".":
            rows[i // size][i % size] = {"value": int(ch, 17), "given": True}
    return json.dumps({"size": size, "grid": rows, **keys}, separators=(",", ":"))


def board(size: int = 9, grid: str | None = None, **keys) -> sudoku.Board:
    return sudoku.decode(fpuzzles.URL + compress_to_base64(fp_text(size, grid, **keys)))


def broken(b: sudoku.Board) -> list:
    return [p for p in sudoku.problems(b) if p.kind is Kind.CONSTRAINT]


def name(i: int, n: int = 9) -> str:
    return f"R{i // n + 1}C{i % n + 1}"


def orthogonal(n: int = 9):
    for r in range(n):
        for c in range(n):
            for rr, cc in ((r, c + 1), (r + 1, c)):
                if rr < n and cc < n:
                    yield r * n + c, rr * n + cc


def consecutive_pairs(grid: str) -> list[list[str]]:
    return [[name(i), name(j)] for i, j in orthogonal() if abs(int(grid[i]) - int(grid[j])) == 1]


def both_agree(b: sudoku.Board, ok: bool) -> None:
    """The checker and the model say the same of a full grid: kept, or broken."""
    assert (broken(b) == []) is ok
    assert sudoku.count_solutions(b) == (1 if ok else 0)


# --- non-consecutive and the Kropki dots ---------------------------------------------------------


def test_a_white_dot_allows_its_consecutive_pair_under_the_non_consecutive_rule():
    pairs = consecutive_pairs(S)
    both_agree(board(9, S, nonconsecutive=True, difference=[{"cells": p} for p in pairs]), True)
    # One consecutive pair left without its dot is forbidden again.
    both_agree(board(9, S, nonconsecutive=True, difference=[{"cells": p} for p in pairs[1:]]), False)


def test_a_black_dot_also_frees_its_pair_but_an_x_or_v_does_not():
    pairs = consecutive_pairs(S)
    # The consecutive pairs that are 1 and 2: a black dot (1:2) may stand for their white one.
    one_two = [[name(i), name(j)] for i, j in orthogonal() if {S[i], S[j]} == {"1", "2"}]
    assert one_two
    white = [{"cells": p} for p in pairs if p not in one_two]
    black = [{"cells": p} for p in one_two]
    both_agree(board(9, S, nonconsecutive=True, difference=white, ratio=black), True)
    # A V is no Kropki dot: a 2 and a 3 under a V, with no dot, are still consecutive.
    two_three = [[name(i), name(j)] for i, j in orthogonal() if {S[i], S[j]} == {"2", "3"}]
    assert two_three
    vee = [{"cells": two_three[0], "value": "V"}]
    rest = [w for w in white if w["cells"] != two_three[0]]
    both_agree(board(9, S, nonconsecutive=True, difference=rest, ratio=black, xv=vee), False)
    both_agree(board(9, S, nonconsecutive=True, difference=white, ratio=black, xv=vee), True)


def test_the_negative_black_dot_rule_forbids_the_ratio_its_dots_use():
    # A 1:3 pair among unmarked neighbours breaks "all black dots given" when the dots are
    # of ratio 3, and not when they are of ratio 2.
    thirds = [[name(i), name(j)] for i, j in orthogonal() if max(int(S[i]), int(S[j])) == 3 * min(int(S[i]), int(S[j]))]
    halves = [[name(i), name(j)] for i, j in orthogonal() if max(int(S[i]), int(S[j])) == 2 * min(int(S[i]), int(S[j]))]
    assert thirds and halves
    both_agree(board(9, S, ratio=[{"cells": p, "value": "3"} for p in thirds], negative=["ratio"]), True)
    both_agree(board(9, S, ratio=[{"cells": p, "value": "3"} for p in thirds[1:]], negative=["ratio"]), False)
    both_agree(board(9, S, ratio=[{"cells": p} for p in halves], negative=["ratio"]), True)


def test_an_xv_with_no_letter_is_a_drawing():
    b = board(9, S, xv=[{"cells": ["R1C1", "R1C2"]}])
    both_agree(b, True)


# --- minimum and maximum cells -----------------------------------------------------------------------


def around(i: int, n: int = 9) -> list[int]:
    r, c = divmod(i, n)
    return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < n and 0 <= cc < n]


def test_two_maximum_cells_side_by_side_are_each_larger_than_the_rest_around_them():
    digit = [int(ch) for ch in S]

    def tops(i: int, j: int, higher: bool) -> bool:
        return all((digit[k] < digit[i]) == higher for k in around(i) if k != j)

    # Two neighbours of S that each top (or each undercut) their other neighbours.
    high = next((i, j) for i, j in orthogonal() if tops(i, j, True) and tops(j, i, True))
    low = next((i, j) for i, j in orthogonal() if tops(i, j, False) and tops(j, i, False))
    both_agree(board(9, S, maximum=[{"cell": name(k)} for k in high]), True)
    both_agree(board(9, S, minimum=[{"cell": name(k)} for k in low]), True)
    # Alone, the smaller of the two maximum cells is beaten by the other.
    smaller = min(high, key=lambda k: digit[k])
    both_agree(board(9, S, maximum=[{"cell": name(smaller)}]), False)


# --- lines of three groups, arrows, clues outside -------------------------------------------------------


def test_entropic_groups_are_cut_as_f_puzzles_cuts_them():
    assert checks.entropy_groups(9)[1:] == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert checks.entropy_groups(8)[1:] == [0, 0, 0, 1, 1, 2, 2, 2]
    assert checks.entropy_groups(4)[1:] == [0, 1, 1, 2]
    assert checks.entropy_groups(6)[1:] == [0, 0, 1, 1, 2, 2]


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["entropicline", "modularline"])
def test_cells_three_apart_on_a_three_group_line_share_their_group(kind):
    group = checks.line_groups(kind, 9)
    # Every run of four cells along the rows of S, kept exactly when each three in a row
    # hold one digit of each group (so the first and fourth share theirs).
    seen = set()
    for r in range(0, 9, 2):
        for start in range(0, 6, 2):
            digits = [int(ch) for ch in S[r * 9 + start : r * 9 + start + 4]]
            ok = all(len({group[d] for d in digits[k : k + 3]}) == 3 for k in (0, 1))
            cells = [name(r * 9 + c) for c in range(start, start + 4)]
            both_agree(board(9, S, **{kind: [{"lines": [cells]}]}), ok)
            seen.add(ok)
    assert seen == {True, False}


def test_an_arrow_adds_up_its_line_after_the_bulb_and_a_pill_reads_as_a_number():
    # Rows 1-3 of S: 5 3 4 6 7 8 9 1 2 / 6 7 2 1 9 5 3 4 8 / 1 9 8 3 4 2 5 6 7.
    pill = ["R1C8", "R1C9"]  # 1 and 2: twelve
    both_agree(board(9, S, arrow=[{"cells": pill, "lines": [["R1C9", "R2C9", "R2C8"]]}]), True)  # 8 + 4
    both_agree(board(9, S, arrow=[{"cells": pill, "lines": [["R1C9", "R2C9", "R3C9"]]}]), False)  # 8 + 7
    one = ["R1C7"]  # 9
    both_agree(board(9, S, arrow=[{"cells": one, "lines": [["R1C7", "R2C7", "R2C6", "R2C4"]]}]), True)  # 3 + 5 + 1
    both_agree(board(9, S, arrow=[{"cells": one, "lines": [["R1C7", "R2C7", "R2C6"]]}]), False)  # 3 + 5


def test_a_sandwich_of_nothing_and_a_little_killer_of_no_sum():
    # Row 1 of S: 5 3 4 6 7 8 9 1 2: 9 and 1 side by side sandwich nothing.
    both_agree(board(9, S, sandwichsum=[{"cell": "R1C0", "value": "0"}]), True)
    both_agree(board(9, S, sandwichsum=[{"cell": "R1C0", "value": "1"}]), False)
    b = board(9, S, littlekillersum=[{"cell": "R0C0", "direction": "DR", "value": "0"}])
    both_agree(b, True)
    # The long diagonal from a corner: every cell of it, digits repeating as they may.
    total = sum(int(S[k * 10]) for k in range(9))
    both_agree(board(9, S, littlekillersum=[{"cell": "R0C0", "direction": "DR", "value": str(total)}]), True)
    both_agree(board(9, S, littlekillersum=[{"cell": "R10C10", "direction": "UL", "value": str(total - 1)}]), False)


def test_a_clue_in_a_corner_opens_and_is_named_rather_than_counted():
    b = board(9, S[:40] + "." * 41, sandwichsum=[{"cell": "R0C0", "value": "5"}])
    assert b.variant.unknown == ("sandwich sum clue at R0C0 beside no row or column",)
    with pytest.raises(cpsat.NotCounted, match="beside no row or column"):
        sudoku.count_solutions(b)


def test_drawings_on_the_ring_around_the_grid_are_kept_with_their_places():
    b = board(
        9,
        PUZZLE,
        text=[{"cells": ["R0C6"], "value": "7", "fontC": "#000000"}],
        circle=[{"cells": ["R10C3"], "baseC": "#FFFFFF"}],
        line=[{"lines": [["R0C1", "R1C1", "R2C2"]], "outlineC": "#999999"}],
    )
    text, circle, line = b.variant.constraints
    assert text.cells == () and json.loads(text.style_of("places")) == [[-1, 5]]
    assert json.loads(circle.style_of("places")) == [[9, 2]]
    assert line.lines == ((0, 10),) and json.loads(line.style_of("paths")) == [[[-1, 0], [0, 0], [1, 1]]]
    assert all(c.reaches_outside for c in (text, circle, line))
    assert sudoku.count_solutions(b) == 1
    assert sudoku.decode(sudoku.share_url(b)) == b


def test_a_rule_cell_off_the_grid_is_still_refused_with_its_name():
    with pytest.raises(SlugError, match="R0C6 is off the 9x9 grid"):
        board(9, None, killercage=[{"cells": ["R0C6", "R1C6"], "value": "5"}])


# --- SudokuPad's fpuz prefix, and the setter's solution ----------------------------------------------


@pytest.mark.parametrize(
    "head",
    [
        "https://sudokupad.app/fpuz",
        "https://beta.sudokupad.app/sudoku/fpuz",
        "https://sudokupad.app/sudoku/fpuzzles",
        "sudokupad.app/fpuz",
    ],
)
def test_sudokupads_fpuz_links_hold_f_puzzles_data(head):
    data = compress_to_base64(fp_text(9, S[:40], antiknight=True))
    b = sudoku.decode(head + data)
    assert b == sudoku.decode(fpuzzles.URL + data) and b.variant.form == "sudokupad"
    escaped = data.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    assert sudoku.decode(head + escaped) == b


@pytest.mark.slow
def test_info_says_whether_the_setters_solution_agrees():
    givens = PUZZLE
    solution = [int(ch) for ch in S]
    agreeing = facts.info(board(9, givens, solution=solution))
    assert agreeing["setter_solution"] == "agrees" and "setter_solution_problems" not in agreeing
    other = solution[:]
    other[80], other[79] = other[79], other[80]
    differing = facts.info(board(9, givens, solution=other))
    assert differing["setter_solution"] == "differs"
    assert any("appears 2 times" in p for p in differing["setter_solution_problems"])
    assert "setter_solution" not in facts.info(board(9, givens))
    # A solution with gaps, or of the wrong length, says nothing.
    assert "setter_solution" not in facts.info(board(9, givens, solution=[*solution[:80], None]))
    assert "setter_solution" not in facts.info(board(9, givens, solution=solution[:9]))
    unknown = facts.info(board(9, givens, solution=solution, lockoutline=[{"lines": [["R1C1", "R1C2"]]}]))
    assert unknown["setter_solution"] == "not counted"


@pytest.mark.slow
@settings(max_examples=examples(120), deadline=None)
@given(
    st.sampled_from(["text", "circle", "line", "skyscraper", "sandwichsum", "xsum", "littlekillersum", "rowindexer"]),
    st.lists(st.tuples(st.integers(-2, 11), st.integers(-2, 11)), max_size=4),
    st.one_of(st.none(), st.text(max_size=4), st.integers(-5, 99)),
    st.sampled_from(["fpuz", "fpuzzles", "sudoku/fpuz"]),
    st.one_of(st.none(), st.lists(st.one_of(st.integers(-1, 10), st.none(), st.text(max_size=2)), max_size=82)),
)
def test_clues_anywhere_read_as_a_board_or_a_slug_error(kind, places, value, prefix, solution):
    names = [f"R{r}C{c}" for r, c in places]
    part = {"cells": names, "cell": names[0] if names else "R0C0", "lines": [names], "value": value}
    data = compress_to_base64(fp_text(9, S[:20], solution=solution, **{kind: [part]}))
    try:
        b = sudoku.decode("https://sudokupad.app/" + prefix + data)
    except SlugError:
        return
    assert b.variant is not None
    sudoku.problems(b)
    facts.setter_solution_facts(b, None)


@pytest.mark.parametrize(
    "link",
    [
        "https://sudokupad.app/fpuzzlesN4Ig!gXgpiBcBOANCA",
        "https://sudokupad.app/fpuzN4Ig!gXgpiBcBOANCA",
        "https://beta.sudokupad.app/sudoku/fpuzN4Ig%2F!gXgpiBcBOANCA",
        "https://sudokupad.app/sclN4Ig!gX",
        "https://www.f-puzzles.com/?load=N4Ig!gXgpiBcBOANCA",
    ],
)
def test_a_damaged_link_is_refused_at_the_character_that_damages_it(link):
    with pytest.raises(SlugError) as refused:
        sudoku.decode(link)
    assert link[refused.value.position] == "!"


# --- the checker and the model agree on every full grid ------------------------------------------------

SIDES = [f"R0C{c}" for c in range(1, 10)] + [f"R10C{c}" for c in range(1, 10)]
SIDES += [f"R{r}C0" for r in range(1, 10)] + [f"R{r}C10" for r in range(1, 10)]
CELLS = [name(i) for i in range(81)]


@st.composite
def paths(draw, shortest: int = 2, longest: int = 5) -> list[str]:
    """A line of orthogonally or diagonally neighbouring cells that never meets itself."""
    r, c = draw(st.integers(0, 8)), draw(st.integers(0, 8))
    out = [(r, c)]
    for _ in range(draw(st.integers(shortest, longest)) - 1):
        steps = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr or dc)]
        steps = [(rr, cc) for rr, cc in steps if 0 <= rr < 9 and 0 <= cc < 9 and (rr, cc) not in out]
        if not steps:
            break
        r, c = draw(st.sampled_from(steps))
        out.append((r, c))
    return [f"R{r + 1}C{c + 1}" for r, c in out]


@st.composite
def pairs(draw) -> list[str]:
    i = draw(st.integers(0, 80))
    r, c = divmod(i, 9)
    j = draw(st.sampled_from([rr * 9 + cc for rr, cc in ((r, c + 1), (r + 1, c)) if rr < 9 and cc < 9] or [i - 1]))
    return [name(i), name(j)]


CONSTRAINTS = st.one_of(
    st.builds(
        lambda cell, v: {"skyscraper": [{"cell": cell, "value": str(v)}]}, st.sampled_from(SIDES), st.integers(1, 9)
    ),
    st.builds(lambda cell, v: {"xsum": [{"cell": cell, "value": str(v)}]}, st.sampled_from(SIDES), st.integers(1, 45)),
    st.builds(
        lambda cell, v: {"sandwichsum": [{"cell": cell, "value": str(v)}]}, st.sampled_from(SIDES), st.integers(0, 35)
    ),
    st.builds(
        lambda kind, cells: {kind: [{"cells": cells}]},
        st.sampled_from(["rowindexer", "columnindexer", "boxindexer"]),
        st.lists(st.sampled_from(CELLS), min_size=1, max_size=6, unique=True),
    ),
    st.builds(
        lambda kind, cells: {kind: [{"cell": c} for c in cells]},
        st.sampled_from(["minimum", "maximum"]),
        st.lists(st.sampled_from(CELLS), min_size=1, max_size=4, unique=True),
    ),
    st.builds(
        lambda kind, line: {kind: [{"lines": [line]}]},
        st.sampled_from(
            ["entropicline", "modularline", "palindrome", "renban", "whispers", "zipperline", "betweenline"]
        ),
        paths(),
    ),
    st.builds(
        lambda white, black, v: {
            "nonconsecutive": True,
            "difference": [{"cells": p} for p in white],
            "ratio": [{"cells": p, "value": v} for p in black],
            "negative": ["ratio"],
        },
        st.lists(pairs(), max_size=6),
        st.lists(pairs(), max_size=3),
        st.sampled_from([None, "2", "3"]),
    ),  # fmt: skip
    st.builds(
        lambda line, pill: {"arrow": [{"cells": line[:pill], "lines": [line[pill - 1 :]]}]},
        paths(3, 5),
        st.integers(1, 2),
    ),
)


def ray(cell: str, grid: str) -> list[int]:
    """The digits a clue beside the grid looks along, nearest first (worked out here)."""
    r, c = (int(x) for x in cell[1:].split("C"))
    if r in (0, 10):
        digits = [int(grid[(k - 1) * 9 + c - 1]) for k in range(1, 10)]
    else:
        digits = [int(grid[(r - 1) * 9 + k - 1]) for k in range(1, 10)]
    return digits[::-1] if 10 in (r, c) else digits


def true_value(kind: str, digits: list[int]) -> int:
    if kind == "skyscraper":
        return sum(1 for k, x in enumerate(digits) if all(x > y for y in digits[:k]))
    if kind == "xsum":
        return sum(digits[: digits[0]])
    a, b = sorted((digits.index(1), digits.index(9)))
    return sum(digits[a + 1 : b])


@st.composite
def grid_and_rule(draw) -> tuple[str, dict]:
    """A full grid (S with its digits relabelled) and a rule; a clue's number is half the
    time the one the grid gives, worked out here, so kept and broken rules both come."""
    relabel = draw(st.permutations(range(1, 10)))
    grid = "".join(str(relabel[int(ch) - 1]) for ch in S)
    kind = draw(st.sampled_from(["skyscraper", "xsum", "sandwichsum", "other"]))
    if kind == "other":
        return grid, draw(CONSTRAINTS)
    cell = draw(st.sampled_from(SIDES))
    value = true_value(kind, ray(cell, grid)) if draw(st.booleans()) else draw(st.integers(0, 45))
    return grid, {kind: [{"cell": cell, "value": str(value)}]}


@pytest.mark.slow
@settings(max_examples=examples(80), deadline=None)
@given(grid_and_rule())
def test_on_a_full_grid_the_checker_finds_a_rule_broken_exactly_when_the_model_refuses_the_grid(case):
    grid, keys = case
    b = board(9, grid, **keys)
    assert (broken(b) == []) == (cpsat.count(b) == 1), keys


def test_the_setters_given_pencil_marks_are_the_digits_a_cell_may_hold():
    def with_marks(marks: list[int]) -> sudoku.Board:
        obj = json.loads(fp_text(9, PUZZLE))
        obj["grid"][0][0] = {"givenPencilMarks": marks}  # R1C1, empty in PUZZLE, holds 5 in S
        return sudoku.decode(fpuzzles.URL + compress_to_base64(json.dumps(obj)))

    assert sudoku.count_solutions(with_marks([5, 6])) == 1
    refused = with_marks([6, 7])
    assert sudoku.count_solutions(refused) == 0
    assert broken(refused.with_digit(0, 0, 5)) and not broken(refused.with_digit(0, 0, 6))

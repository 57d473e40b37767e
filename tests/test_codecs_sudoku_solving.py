"""The solver's work kept apart from the puzzle (codecs/sudoku/solving.py), its f-puzzles
form (entries as `value` without `given`, pencil marks) and what decode and info say of a
link that holds it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from slugboard.codecs import SlugError, sudoku
from slugboard.codecs.errors import FormatError
from slugboard.codecs.sudoku import fpuzzles
from slugboard.codecs.sudoku import solving as sv
from slugboard.codecs.sudoku.slug import to_json

PUZZLES = {
    p["kind"]: p
    for p in json.loads(Path(__file__).with_name("data").joinpath("sudoku_variants.json").read_text())["puzzles"]
}
KILLER = PUZZLES["killer"]


def _killer():
    board = sudoku.decode(KILLER["link"])
    solution = tuple(int(d) for d in KILLER["solution"])
    return board, solution


def _open(board):
    return [i for i, d in enumerate(board.cells) if not d]


def test_a_digit_goes_in_every_open_selected_cell_and_never_on_a_given():
    puzzle, _ = _killer()
    given = puzzle.cells.index(next(d for d in puzzle.cells if d)) if puzzle.givens else None
    cells = _open(puzzle)[:3] + ([given] if given is not None else [])
    state = sv.Solving.empty(81).apply("digit", cells, 4, puzzle)
    assert [state.entries[i] for i in _open(puzzle)[:3]] == [4, 4, 4]
    if given is not None:
        assert state.entries[given] == 0


def test_a_mark_is_added_to_all_unless_all_hold_it_then_taken_from_all():
    puzzle, _ = _killer()
    a, b, c = _open(puzzle)[:3]
    state = sv.Solving.empty(81).apply("corner", [a], 5, puzzle)
    state = state.apply("corner", [a, b], 5, puzzle)  # b lacks it: added to both
    assert state.corner[a] == state.corner[b] == 1 << 4
    state = state.apply("corner", [a, b], 5, puzzle)  # both hold it: taken from both
    assert state.corner[a] == state.corner[b] == 0
    state = state.apply("digit", [c], 2, puzzle).apply("centre", [c], 3, puzzle)
    assert state.centre[c] == 0  # a cell with a digit takes no pencil mark
    state = state.apply("colour", [a], 1, puzzle).apply("colour", [a], 9, puzzle)
    assert state.colours[a] == 1 | 1 << 8  # several colours in one cell


def test_delete_clears_the_digits_first_then_the_marks_of_the_digit_tool():
    puzzle, _ = _killer()
    a, b = _open(puzzle)[:2]
    state = sv.Solving.empty(81).apply("digit", [a], 7, puzzle).apply("centre", [b], 1, puzzle)
    state = state.apply("colour", [b], 4, puzzle)
    once = state.clear("digit", [a, b])
    assert once.entries[a] == 0 and once.centre[b] == 1
    twice = once.clear("digit", [a, b])
    assert twice.centre[b] == 0 and twice.colours[b] == 1 << 3  # colours are the colour tool's
    assert twice.clear("colour", [b]).is_empty


def test_entries_and_marks_survive_an_f_puzzles_link_and_keep_the_puzzle_key():
    puzzle, solution = _killer()
    a, b, c = _open(puzzle)[:3]
    state = sv.Solving.empty(81).apply("digit", [a], solution[a], puzzle)
    state = state.apply("corner", [b], 3, puzzle).apply("corner", [b], 6, puzzle).apply("centre", [c], 9, puzzle)
    link = fpuzzles.link(sv.with_progress(puzzle, state))
    obj = json.loads(fpuzzles.decompress_from_base64(link.split("?load=")[1]))
    cell = obj["grid"][a // 9][a % 9]
    assert cell["value"] == solution[a] and "given" not in cell
    assert obj["grid"][b // 9][b % 9]["cornerPencilMarks"] == [3, 6]
    assert obj["grid"][c // 9][c % 9]["centerPencilMarks"] == [9]
    again, back = sv.split(sudoku.decode(link))
    assert back.entries == state.entries and back.corner == state.corner and back.centre == state.centre
    assert again.cells == puzzle.cells
    assert sv.puzzle_key(again) == sv.puzzle_key(puzzle)
    assert fpuzzles.link(again) != link and fpuzzles.link(puzzle) == KILLER["link"]


def test_colours_travel_as_f_puzzles_highlights_and_stay_out_of_the_puzzle():
    """f-puzzles keeps one solver's colour a cell (`highlight`): a cell's first colour goes
    out as it; one read back is the nearest of SudokuPad's nine, and the puzzle alone (its
    link, its key) holds none."""
    puzzle, _ = _killer()
    a, b = _open(puzzle)[:2]
    state = sv.Solving.empty(81).apply("colour", [a], 7, puzzle).apply("colour", [a, b], 4, puzzle)
    link = sv.progress_link(puzzle, state)
    obj = json.loads(fpuzzles.decompress_from_base64(link.split("?load=")[1]))
    assert obj["grid"][a // 9][a % 9]["highlight"] == sv.COLOURS[3]  # colours 4 and 7: the first
    assert obj["grid"][b // 9][b % 9]["highlight"] == sv.COLOURS[3]
    again, back = sv.split(sudoku.decode(link))
    assert back.colours[a] == back.colours[b] == 1 << 3 and sum(map(bool, back.colours)) == 2
    assert sv.puzzle_key(again) == sv.puzzle_key(puzzle) and "highlight" not in fpuzzles.link(again)
    assert fpuzzles.to_object(again) == fpuzzles.to_object(puzzle)
    # Colours of other programs: the nearest of the nine; one that is no colour, the first.
    obj["grid"][a // 9][a % 9]["highlight"] = "#FF0000"
    obj["grid"][b // 9][b % 9]["highlight"] = "red"
    other = fpuzzles.URL + fpuzzles.compress_to_base64(json.dumps(obj))
    _, read = sv.split(sudoku.decode(other))
    assert read.colours[a] == 1 << sv.COLOURS.index("#ed6e6e") and read.colours[b] == 1


def test_a_classic_puzzle_with_progress_gets_f_puzzles_form():
    puzzle = sudoku.decode_grid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    state = sv.Solving.empty(81).apply("digit", [2], 4, puzzle)
    back = sudoku.decode(fpuzzles.link(sv.with_progress(puzzle, state)))
    assert back.typed == {2} and back.cells[2] == 4 and back.cells[0] == 5 and 0 not in back.typed


def test_the_setters_solution_is_read_from_the_link():
    puzzle, solution = _killer()
    obj = fpuzzles.to_object(puzzle)
    obj["solution"] = list(solution)
    with_solution = sudoku.decode(fpuzzles.URL + fpuzzles.compress_to_base64(json.dumps(obj)))
    assert sv.setter_solution(with_solution) == solution
    assert sudoku.info(with_solution)["setter_solution"] == "agrees"
    assert sv.setter_solution(puzzle) is None
    obj["solution"] = list(solution[:80])
    assert sv.setter_solution(sudoku.decode(fpuzzles.URL + fpuzzles.compress_to_base64(json.dumps(obj)))) is None


def test_wrong_cells_are_the_digits_that_differ_from_the_solution():
    puzzle, solution = _killer()
    empty = _open(puzzle)
    entries = list(solution)
    for i, d in enumerate(puzzle.cells):
        if d:
            entries[i] = 0
    a, b = empty[0], empty[1]
    entries[a], entries[b] = solution[b], solution[a]
    state = sv.Solving(tuple(entries))
    assert sv.is_full(puzzle, state)
    expected = [i for i in (a, b) if solution[a] != solution[b]]
    assert sv.wrong_cells(puzzle, state, solution) == sorted(expected)


def test_the_kept_state_reads_back_and_nothing_else_does():
    puzzle, _ = _killer()
    a = _open(puzzle)[0]
    state = sv.Solving.empty(81).apply("digit", [a], 3, puzzle).apply("colour", [a], 2, puzzle)
    assert sv.from_json(json.loads(json.dumps(sv.to_json(state))), 9) == state
    for bad in ({}, {"entries": "." * 80}, {"entries": "." * 80 + "A"}, {"entries": "." * 81, "corner": [1 << 9] * 81}):
        with pytest.raises(FormatError):
            sv.from_json(bad, 9)


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(
    st.recursive(
        st.none() | st.integers() | st.text(max_size=90),
        lambda kids: (
            st.lists(kids, max_size=90)
            | st.dictionaries(st.sampled_from(["entries", "corner", "centre", "colours"]), kids)
        ),
        max_leaves=200,
    )
)
def test_reading_a_kept_state_raises_only_a_slug_error(obj):
    try:
        state = sv.from_json(obj, 9)
    except SlugError:
        return
    assert len(state.entries) == 81


def test_clock_reads_as_a_solver_reads_it():
    assert [sv.clock(ms) for ms in (0, 59_999, 754_000, 3_723_000)] == ["0:00", "0:59", "12:34", "1:02:03"]


@pytest.mark.slow
def test_decode_and_info_keep_the_solvers_digits_apart():
    puzzle, solution = _killer()
    empty = _open(puzzle)
    state = sv.Solving.empty(81)
    for i in empty[:5]:
        state = state.apply("digit", [i], solution[i], puzzle)
    board = sudoku.decode(fpuzzles.link(sv.with_progress(puzzle, state)))
    out = to_json(board)
    assert out["grid"] == puzzle.grid
    assert [i for i, ch in enumerate(out["entries"]) if ch != "."] == sorted(empty[:5])
    facts = sudoku.info(board)
    assert facts["givens"] == puzzle.givens
    assert facts["progress"] == {"filled": 5, "solved": False}
    assert "progress" not in sudoku.info(puzzle) and "setter_solution" not in sudoku.info(puzzle)
    full = sv.Solving(tuple(0 if g else s for g, s in zip(puzzle.cells, solution)))
    done = sudoku.decode(fpuzzles.link(sv.with_progress(puzzle, full)))
    assert sudoku.info(done)["progress"] == {"filled": 81 - puzzle.givens, "solved": True}
    assert sudoku.from_json(to_json(done)) == done  # the stored board reads back with its entries


def _cli(*argv):
    import io

    from slugboard.codecs.cli import run

    out = io.StringIO()
    assert run(list(argv), out, io.StringIO()) == 0
    return out.getvalue()


def test_the_command_line_keeps_a_links_entries():
    puzzle, solution = _killer()
    a, b = _open(puzzle)[:2]
    state = sv.Solving.empty(81).apply("digit", [a], solution[a], puzzle).apply("corner", [b], 2, puzzle)
    link = fpuzzles.link(sv.with_progress(puzzle, state))
    decoded = json.loads(_cli("decode", link))
    assert decoded["grid"] == "." * 81 and decoded["entries"][a] == str(solution[a])
    assert json.loads(decoded["fpuzzles"])["grid"][b // 9][b % 9]["cornerPencilMarks"] == [2]
    assert _cli("url", link).strip() == link  # the entries and marks stay in the link
    assert "entries" not in json.loads(_cli("decode", KILLER["link"]))

"""A real published puzzle solved as its solver would in SudokuPad: paste the setter's link
(kaji's samples, MIT: tests/data/real/sudoku/), digits, a corner mark and a colour with
SudokuPad's keys, close the window, open it again and find the work there, finish it and see
"Solved in"; the link copied is the setter's, byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication

from slugboard.codecs import sudoku

PUZZLES = {
    p["name"]: p
    for p in json.loads((Path(__file__).parent / "data" / "real" / "sudoku" / "kaji.json").read_text())["puzzles"]
}


def _point(page, i, size):
    centre = page.canvas.cell_center(*divmod(i, size))
    return QPoint(int(centre.x()), int(centre.y()))


def _type(qtbot, page, i, size, key, mods=Qt.KeyboardModifier.NoModifier):
    qtbot.mouseClick(page.canvas, Qt.MouseButton.LeftButton, pos=_point(page, i, size))
    qtbot.keyClick(page.canvas, key, mods)


def _digit(d):
    return getattr(Qt.Key, f"Key_{d}")


@pytest.mark.slow
@pytest.mark.parametrize("name", ["Fortress Sudoku", "Our Lady of the Adjacent"])  # rules read anew this round
def test_a_real_puzzle_solved_with_sudokupads_keys_across_a_restart(qtbot, open_window, name):
    puzzle = PUZZLES[name]
    size, answer = int(puzzle["size"]), [int(d) for d in puzzle["solution"]]
    window = open_window()
    window.paste_text(puzzle["link"])
    page = window.page("sudoku")
    window.tabs.setCurrentWidget(page)
    qtbot.waitUntil(page.isVisible)
    assert page.switch_buttons["solve"].isChecked()
    blanks = [i for i, d in enumerate(page.solve.puzzle.cells) if not d]
    first, second, *rest = blanks
    _type(qtbot, page, first, size, _digit(answer[first]))  # Z, the digit tool, is the first
    _type(qtbot, page, second, size, _digit(answer[second] % size + 1), Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(page.canvas, Qt.Key.Key_V)  # the colour tool
    qtbot.keyClick(page.canvas, Qt.Key.Key_3)
    qtbot.keyClick(page.canvas, Qt.Key.Key_Z)  # back to digits
    state = page.solve.state
    window.close()

    again = open_window()
    page = again.page("sudoku")
    again.tabs.setCurrentWidget(page)
    qtbot.waitUntil(page.isVisible)
    assert page.solve.state == state and page.canvas.board.cells[first] == answer[first]
    page.copy_fpuzzles()
    assert QGuiApplication.clipboard().text() == puzzle["link"]  # the setter's link, byte for byte
    qtbot.waitUntil(lambda: page.solution_count == 1, timeout=30_000)
    for i in [second, *rest]:
        _type(qtbot, page, i, size, _digit(answer[i]))
    qtbot.waitUntil(lambda: page.solution_note.text().startswith("Solved in "), timeout=10_000)
    assert again.slug_pane.link_text() == puzzle["link"]


@pytest.mark.slow
def test_where_no_digit_is_forced_the_hint_narrows_cells_into_centre_marks(qtbot, main_window):
    """Alien Abacus forces two digits, then none: H says which digits a constraint rules out
    of which cells, a second H writes the digits left as those cells' centre marks (one undo
    step), and the next H goes on from them."""
    puzzle = PUZZLES["Alien Abacus"]
    size, answer = int(puzzle["size"]), [int(d) for d in puzzle["solution"]]
    main_window.paste_text(puzzle["link"])
    page = main_window.page("sudoku")
    assert page.solve.on
    for _ in range(size * size):  # H, then H to put the digit in, until a narrowing
        with qtbot.waitSignal(page.hint_query.finished, timeout=30_000):
            qtbot.keyClick(page.canvas, Qt.Key.Key_H)
        if not page.hint_label.text().startswith("r"):
            break
        qtbot.keyClick(page.canvas, Qt.Key.Key_H)
    assert sum(map(bool, page.solve.state.entries)) == 2
    first = page.hint_label.text()
    assert first.startswith("No digit is forced yet, but ") and first.endswith("Press H again to mark the digits left.")
    narrowed = page._variant_hint[0]
    assert sorted(page.canvas.selection) == sorted(i for i, _left in narrowed.left)
    qtbot.keyClick(page.canvas, Qt.Key.Key_H)
    for i, left in narrowed.left:
        assert page.solve.state.centre[i] == sum(1 << (d - 1) for d in left) and answer[i] in left
    assert page.solve.puzzle.cells == sudoku.decode(puzzle["link"]).cells  # the puzzle untouched
    with qtbot.waitSignal(page.hint_query.finished, timeout=30_000):
        qtbot.keyClick(page.canvas, Qt.Key.Key_H)
    assert page.hint_label.text() != first  # it went on from the marks
    main_window.undo_action.trigger()
    assert not any(page.solve.state.centre) and sum(map(bool, page.solve.state.entries)) == 2

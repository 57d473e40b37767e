"""Solve mode, used as a SudokuPad solver would: paste a variant link, select with clicks,
Ctrl+click, Shift+click and drags, type digits, marks and colours with SudokuPad's keys,
undo, close and open the window again, finish the grid; the copied link stays the setter's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication

from slugboard.codecs import sudoku
from slugboard.codecs.sudoku import fpuzzles
from slugboard.codecs.sudoku import solving as sv

PUZZLES = {
    p["kind"]: p
    for p in json.loads(Path(__file__).with_name("data").joinpath("sudoku_variants.json").read_text())["puzzles"]
}
THERMO = PUZZLES["thermo"]  # nine givens and eight thermometers
SOLUTION = tuple(int(d) for d in THERMO["solution"])
CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def _point(page, i):
    centre = page.canvas.cell_center(*divmod(i, 9))
    return QPoint(int(centre.x()), int(centre.y()))


def _click(qtbot, page, i, mods=Qt.KeyboardModifier.NoModifier):
    qtbot.mouseClick(page.canvas, Qt.MouseButton.LeftButton, mods, pos=_point(page, i))


def _key(qtbot, page, key, mods=Qt.KeyboardModifier.NoModifier):
    qtbot.keyClick(page.canvas, key, mods)


def _digit_key(d):
    return getattr(Qt.Key, f"Key_{d}")


def _pasted(qtbot, window, link=THERMO["link"]):
    window.paste_text(link)
    page = window.page("sudoku")
    window.tabs.setCurrentWidget(page)
    qtbot.waitUntil(lambda: page.isVisible())
    return page


def _open_cells(page):
    return [i for i, d in enumerate(page.solve.puzzle.cells) if not d]


@pytest.mark.slow
def test_a_pasted_puzzle_opens_in_solve_and_the_solver_leaves_it_alone(qtbot, main_window):
    page = _pasted(qtbot, main_window)
    assert page.switch_buttons["solve"].isChecked() and page.mode_stack.currentWidget() is page.solve.controls
    slug = main_window.slug_pane.slug_text()
    puzzle = page.board
    a = _open_cells(page)[0]
    _click(qtbot, page, a)
    _key(qtbot, page, _digit_key(SOLUTION[a]))
    assert page.solve.state.entries[a] == SOLUTION[a]
    assert page.canvas.board.cells[a] == SOLUTION[a] and a in page.canvas.board.typed  # drawn as the solver's
    given = next(i for i, d in enumerate(puzzle.cells) if d)
    _click(qtbot, page, given)
    _key(qtbot, page, _digit_key(SOLUTION[given] % 9 + 1))
    assert page.canvas.board.cells[given] == puzzle.cells[given]  # a given is locked
    assert page.board == puzzle and main_window.slug_pane.slug_text() == slug
    assert page.givens_label.text().startswith(f"{puzzle.givens} given")
    page.copy_fpuzzles()
    assert QGuiApplication.clipboard().text() == THERMO["link"]  # the setter's, byte for byte
    main_window.undo_action.trigger()
    assert page.solve.state.entries[a] == 0
    main_window.redo_action.trigger()
    assert page.solve.state.entries[a] == SOLUTION[a]


def test_an_empty_grid_opens_in_set(qtbot, main_window):
    empty = '{"size":9,"grid":' + json.dumps([[{}] * 9] * 9) + "}"
    page = _pasted(qtbot, main_window, fpuzzles.URL + fpuzzles.compress_to_base64(empty))
    assert page.switch_buttons["set"].isChecked() and page.mode_stack.currentIndex() == 0
    _click(qtbot, page, 0)
    _key(qtbot, page, Qt.Key.Key_5)
    assert page.board.cells[0] == 5  # Set: a digit typed is the puzzle's


def test_sudokupads_tools_and_keys_on_a_selection(qtbot, main_window):
    page = _pasted(qtbot, main_window)
    pasted = page.undo_stack.index()
    a, b, c, d = _open_cells(page)[:4]
    _click(qtbot, page, a)
    _click(qtbot, page, b, CTRL)
    _click(qtbot, page, c, SHIFT)
    assert page.canvas.selection == [a, b, c]
    r, col = divmod(c, 9)
    _key(qtbot, page, Qt.Key.Key_Right, SHIFT)  # Shift+arrow adds the next cell
    assert page.canvas.selection == [a, b, c, r * 9 + (col + 1) % 9]
    _click(qtbot, page, a)
    _click(qtbot, page, b, CTRL)
    _click(qtbot, page, c, SHIFT)
    _key(qtbot, page, Qt.Key.Key_3, SHIFT)  # Shift+digit: a corner mark on each
    assert all(page.solve.state.corner[i] == 1 << 2 for i in (a, b, c))
    _key(qtbot, page, Qt.Key.Key_7, CTRL)  # Ctrl+digit: a centre mark on each
    assert all(page.solve.state.centre[i] == 1 << 6 for i in (a, b, c))
    _click(qtbot, page, b, CTRL)  # Ctrl+click on a selected cell takes it out
    assert page.canvas.selection == [a, c]
    _key(qtbot, page, Qt.Key.Key_X)
    assert page.solve.controls.tool_buttons["corner"].isChecked()
    _key(qtbot, page, Qt.Key.Key_3)  # both hold it: taken from both
    assert page.solve.state.corner[a] == page.solve.state.corner[c] == 0 and page.solve.state.corner[b] == 1 << 2
    _key(qtbot, page, Qt.Key.Key_C)
    _key(qtbot, page, Qt.Key.Key_Delete)  # Delete clears what the tool holds
    assert page.solve.state.centre[a] == 0 and page.solve.state.centre[b] == 1 << 6
    _key(qtbot, page, Qt.Key.Key_V)
    assert page.digit_buttons[0].styleSheet()  # the keypad shows the colours
    _key(qtbot, page, Qt.Key.Key_4)
    page.digit_buttons[8].click()
    assert page.solve.state.colours[a] == page.solve.state.colours[c] == (1 << 3) | (1 << 8)
    assert page.canvas.colours == page.solve.state.colours
    _key(qtbot, page, Qt.Key.Key_Space)  # Space cycles the tools: after colour, digit
    assert page.solve.tool == "digit"
    _key(qtbot, page, Qt.Key.Key_Z)
    # A drag from a over d selects what it passes.
    qtbot.mousePress(page.canvas, Qt.MouseButton.LeftButton, pos=_point(page, a))
    qtbot.mouseMove(page.canvas, _point(page, d))
    qtbot.mouseRelease(page.canvas, Qt.MouseButton.LeftButton, pos=_point(page, d))
    assert page.canvas.selection[0] == a and d in page.canvas.selection
    _key(qtbot, page, Qt.Key.Key_6)
    assert all(page.solve.state.entries[i] == 6 for i in page.canvas.selection if not page.solve.puzzle.cells[i])
    while page.undo_stack.index() > pasted:
        main_window.undo_action.trigger()
    assert page.solve.state.is_empty  # every step undone, the puzzle as pasted
    assert page.board == sudoku.decode(THERMO["link"])


def _fill(qtbot, page, wrong=()):
    """Type the solution into every open cell, swapping the digits of the cells in `wrong`."""
    cells = _open_cells(page)
    digits = {i: SOLUTION[i] for i in cells}
    if wrong:
        x, y = wrong
        digits[x], digits[y] = SOLUTION[y], SOLUTION[x]
    for i in cells:
        _click(qtbot, page, i)
        _key(qtbot, page, _digit_key(digits[i]))


@pytest.mark.slow
def test_a_full_right_grid_is_solved_and_the_clock_stops(qtbot, main_window):
    page = _pasted(qtbot, main_window)
    qtbot.waitUntil(lambda: page.solution_count == 1, timeout=30_000)
    assert page.solve._tick.isActive()
    _fill(qtbot, page)
    message = page.solution_note.text()
    assert message.startswith("Solved in ") and message.endswith(f"{sv.clock(page.solve.solved_ms)}!")
    assert not page.solve._tick.isActive() and not page.solve.controls.pause_button.isEnabled()
    assert page.solve.elapsed_ms() == page.solve.solved_ms


@pytest.mark.slow
def test_a_full_wrong_grid_says_how_many_and_check_shows_which(qtbot, main_window):
    page = _pasted(qtbot, main_window)
    qtbot.waitUntil(lambda: page.solution_count == 1, timeout=30_000)
    cells = _open_cells(page)
    x, y = next((p, q) for p in cells for q in cells if SOLUTION[p] != SOLUTION[q])
    _fill(qtbot, page, wrong=(x, y))
    assert "2 cells are wrong" in page.solution_note.text()
    assert page.canvas.wrong == frozenset()  # not revealed until asked
    page.solve.controls.check_button.click()
    assert page.canvas.wrong == {x, y}
    _click(qtbot, page, x)
    _key(qtbot, page, _digit_key(SOLUTION[x]))
    _click(qtbot, page, y)
    _key(qtbot, page, _digit_key(SOLUTION[y]))
    assert page.solution_note.text().startswith("Solved in ")


def test_pause_stops_the_clock_and_a_step_starts_it(qtbot, main_window):
    page = _pasted(qtbot, main_window)
    page.solve.controls.pause_button.click()
    assert page.solve.paused and not page.solve._tick.isActive()
    assert "paused" in page.solve.controls.clock_label.text()
    held = page.solve.elapsed_ms()
    qtbot.waitUntil(lambda: page.solve._clock.isValid() is False)
    assert page.solve.elapsed_ms() == held
    assert page.canvas.covered  # the grid is hidden while paused
    a = _open_cells(page)[0]
    _click(qtbot, page, a)  # a click on the hidden grid goes on
    assert not page.solve.paused and page.solve._tick.isActive() and not page.canvas.covered
    _click(qtbot, page, a)
    _key(qtbot, page, Qt.Key.Key_1)
    assert page.solve.state.entries[a] == 1


@pytest.mark.slow
def test_progress_is_kept_when_the_window_opens_again(qtbot, open_window):
    window = open_window()
    page = _pasted(qtbot, window)
    a, b = _open_cells(page)[:2]
    _click(qtbot, page, a)
    _key(qtbot, page, _digit_key(SOLUTION[a]))
    _click(qtbot, page, b)
    _key(qtbot, page, Qt.Key.Key_2, SHIFT)
    _key(qtbot, page, Qt.Key.Key_V)
    _key(qtbot, page, Qt.Key.Key_5)
    state = page.solve.state
    qtbot.waitUntil(lambda: page.solve.elapsed_ms() >= 1000, timeout=5000)  # a second on the clock
    window.close()
    again = open_window()
    page = again.page("sudoku")
    again.tabs.setCurrentWidget(page)
    assert page.switch_buttons["solve"].isChecked()
    assert page.solve.state == state
    assert page.canvas.board.cells[a] == SOLUTION[a] and page.canvas.colours[b] == 1 << 4
    assert page.solve.elapsed_ms() >= 1000  # the clock goes on from where it stood
    # Another puzzle, then the first pasted again: its progress comes back.
    _pasted(qtbot, again, PUZZLES["killer"]["link"])
    assert page.solve.state.is_empty
    _pasted(qtbot, again)
    assert page.solve.state == state


def test_copy_link_with_progress_holds_entries_and_marks(qtbot, main_window):
    page = _pasted(qtbot, main_window)
    a, b = _open_cells(page)[:2]
    _click(qtbot, page, a)
    _key(qtbot, page, _digit_key(SOLUTION[a]))
    _click(qtbot, page, b)
    _key(qtbot, page, Qt.Key.Key_4, CTRL)
    _key(qtbot, page, Qt.Key.Key_V)  # the colour tool: colours 3 and 7 on b
    _key(qtbot, page, Qt.Key.Key_3)
    _key(qtbot, page, Qt.Key.Key_7)
    _key(qtbot, page, Qt.Key.Key_Z)
    page.copy_actions["progress"].trigger()
    link = QGuiApplication.clipboard().text()
    board = sudoku.decode(link)
    assert board.typed == {a} and board.cells[a] == SOLUTION[a] and board.centre[b] == 1 << 3
    # f-puzzles keeps one solver's colour a cell (`highlight`): the first of the cell's.
    grid = fpuzzles.to_object(board)["grid"]
    assert grid[b // 9][b % 9]["highlight"] == sv.COLOURS[2]
    assert [(i, j) for i, row in enumerate(grid) for j, cell in enumerate(row) if "highlight" in cell] == [divmod(b, 9)]
    puzzle, state = sv.split(board)
    assert puzzle.cells == page.solve.puzzle.cells and state.entries == page.solve.state.entries
    page.copy_fpuzzles()
    assert QGuiApplication.clipboard().text() == THERMO["link"]
    # Pasting the link with progress opens the puzzle with the progress in it (after
    # another puzzle: the same puzzle pasted again goes on with the work on screen).
    _pasted(qtbot, main_window, PUZZLES["killer"]["link"])
    _pasted(qtbot, main_window, link)
    assert page.solve.state.entries[a] == SOLUTION[a] and page.solve.state.centre[b] == 1 << 3
    assert page.solve.state.colours[b] == 1 << 2 and page.solve.key == sv.puzzle_key(puzzle)
    assert page.givens_label.text().startswith(f"{puzzle.givens} given")
    # Copy link (the slug pane's) copies the puzzle alone, also of a link pasted with progress.
    assert main_window.slug_pane.copy_link()
    alone = sudoku.decode(QGuiApplication.clipboard().text())
    assert alone.typed == frozenset() and not any(alone.centre) and not any(alone.corner)
    assert "highlight" not in json.dumps(fpuzzles.to_object(alone))
    assert sv.split(alone)[0] == puzzle and alone.cells == puzzle.cells


def test_the_rules_show_above_the_grid(qtbot, main_window):
    board = sudoku.decode(THERMO["link"])
    obj = fpuzzles.to_object(board)
    obj["ruleset"] = "Normal sudoku rules apply. Digits in a cage sum to the clue and do not repeat. " * 3
    page = _pasted(qtbot, main_window, fpuzzles.URL + fpuzzles.compress_to_base64(json.dumps(obj)))
    text = page.rules_label.text()
    assert text.startswith("Slugboard test: thermo by Slugboard\nNormal sudoku rules apply.")
    assert page.rules_area.isVisible() and page.rules_label.wordWrap()
    assert page.rules_area.width() <= page.canvas.width() + 12  # wrapped, not widening the window


def test_set_and_solve_switch_with_a_click(qtbot, main_window):
    page = _pasted(qtbot, main_window)
    a = _open_cells(page)[0]
    page.switch_buttons["set"].click()
    assert page.mode_stack.currentIndex() == 0
    _click(qtbot, page, a)
    _key(qtbot, page, Qt.Key.Key_1)
    assert page.board.cells[a] == 1  # Set edits the puzzle
    main_window.undo_action.trigger()
    page.switch_buttons["solve"].click()
    assert page.mode_stack.currentWidget() is page.solve.controls
    _key(qtbot, page, Qt.Key.Key_1)
    assert page.board.cells[a] == 0 and page.solve.state.entries[a] == 1


def test_a_hint_in_solve_goes_into_the_solvers_work(qtbot, main_window):
    seed = "https://nickgirardo.com/projects/sudoku/player.html?play=UyF2MQRhyECJQWIySCkiKoXU+yAUcJiTwoVTKoVqsHYm5V3D54DxCitHWQclJ0g="
    page = _pasted(qtbot, main_window, seed)
    assert page.switch_buttons["solve"].isChecked()
    puzzle = page.board
    _key(qtbot, page, Qt.Key.Key_H)
    step = page._hint
    assert step is not None and step.is_placement
    _key(qtbot, page, Qt.Key.Key_H)
    assert page.solve.state.entries[step.cell] == step.digit
    assert page.board == puzzle  # the puzzle's givens are as they were
    main_window.undo_action.trigger()
    assert page.solve.state.entries[step.cell] == 0


@pytest.mark.slow
def test_a_variant_hint_names_the_forced_digit_and_its_rule_then_puts_it_in(qtbot, main_window):
    page = _pasted(qtbot, main_window)  # the thermometers force r3c2 at the start
    # Looked for in a helper process (a large puzzle's constraints take seconds): the
    # window says so and goes on answering.
    with qtbot.waitSignal(page.hint_query.finished, timeout=30_000):
        _key(qtbot, page, Qt.Key.Key_H)
        assert page.hint_label.text() == "Looking for the next digit the rules force…"
    text = page.hint_label.text()
    assert text.startswith("r3c2 is 7: ") and "by the thermometer" in text
    assert page.canvas.selection == [2 * 9 + 1]
    _key(qtbot, page, Qt.Key.Key_H)
    assert page.solve.state.entries[2 * 9 + 1] == SOLUTION[2 * 9 + 1] == 7
    assert page.board == sudoku.decode(THERMO["link"])  # Solve: the solver's digit, not a given


@pytest.mark.slow
def test_a_variant_hint_found_after_an_edit_is_not_shown(qtbot, main_window):
    page = _pasted(qtbot, main_window)
    other = next(i for i in _open_cells(page) if i != 2 * 9 + 1)
    _click(qtbot, page, other)
    # Keys are delivered at once, with no turn of the event loop between them: the edit
    # comes before the hint's answer can.
    with qtbot.waitSignal(page.hint_query.finished, timeout=30_000):
        _key(qtbot, page, Qt.Key.Key_H)
        _key(qtbot, page, Qt.Key.Key_5)  # an edit while the hint is looked for
    assert page.solve.state.entries[other] == 5
    assert page.hint_label.text() == "" and page.canvas.selection == [other]
    with qtbot.waitSignal(page.hint_query.finished, timeout=30_000):
        _key(qtbot, page, Qt.Key.Key_H)  # asked again, of the board as it is
    assert page.hint_label.text().startswith("r3c2 is 7: ")


def test_unreadable_kept_progress_is_moved_aside_not_written_over(qtbot, settings, open_window):
    from slugboard.gui.sudoku.solve import SETTINGS_KEY, UNREADABLE_KEY

    settings.setValue(SETTINGS_KEY, "{not json")
    window = open_window()
    page = _pasted(qtbot, window)
    _click(qtbot, page, _open_cells(page)[0])
    _key(qtbot, page, Qt.Key.Key_5)
    page.solve.write_kept()
    assert settings.value(UNREADABLE_KEY) == "{not json"
    assert page.solve.key in json.loads(settings.value(SETTINGS_KEY))

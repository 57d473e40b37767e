"""Setters' texts: .sdk files and candidate grids read (with positions on errors, and
nothing but SlugError on any input); the string and the candidate grid written."""

from __future__ import annotations

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from slugboard.codecs import SlugError, detect, sudoku
from slugboard.codecs.sudoku import formats, logic

HARD = "1...34.8....8..5....4.6..21.18......3..1.2..6......81.52..7.9....6..9....9.64...2"
SDK = (
    "#Asetter\n#Dfrom a magazine\n[Puzzle]\n1...34.8.\n...8..5..\n..4.6..21\n.18......\n3..1.2..6\n"
    "......81.\n52..7.9..\n..6..9...\n.9.64...2\n[State]\n123\n"
)
# A HoDoKu-style picture typed by hand (narrow columns, other widths than ours).
PICTURE = """
.---------------.---------------.---------------.
| 1   57  2579  | 279 3   4     | 6   8   79    |
| 2679 367 2379 | 8 129 17      | 5 4 79        |
| 79 8 4        | 579 6 57      | 3 2 1         |
:---------------+---------------+---------------:
| 4679 1 8      | 4579 59 3567  | 2 79 35       |
| 3 57 579      | 1 8 2         | 4 79 6        |
| 24679 467 279 | 4579 59 3567  | 8 1 35        |
:---------------+---------------+---------------:
| 5 2 1         | 3 7 8         | 9 6 4         |
| 47 347 6      | 25 125 9      | 17 35 8       |
| 8 9 37        | 6 4 15        | 17 35 2       |
'---------------'---------------'---------------'
"""


def test_sdk() -> None:
    board = sudoku.decode(SDK)
    assert board.grid == HARD
    assert detect(SDK) == ["sudoku"]
    bad = SDK.replace("1...34", "1..x34")
    with pytest.raises(SlugError) as err:
        sudoku.decode(bad)
    assert err.value.position == bad.index("x")


def test_candidate_grid_read() -> None:
    board = sudoku.decode(PICTURE)
    assert detect(PICTURE) == ["sudoku"]
    assert board.get(0, 0) == 1 and board.get(0, 1) == 0
    assert board.centre[1] == (1 << 4) | (1 << 6)  # 57
    assert sudoku.count_solutions(board) == 1
    assert sudoku.solve(board) == sudoku.solve(sudoku.decode_grid(HARD))
    bad = PICTURE.replace("2579", "2509", 1)
    with pytest.raises(SlugError) as err:
        sudoku.decode(bad)
    assert err.value.position == bad.index("2509")


def test_candidate_grid_round_trip() -> None:
    board = sudoku.decode_grid(HARD)
    picture = formats.write_candidate_grid(board)
    back = sudoku.decode(picture)
    legal = logic.candidates(board)
    for i in range(81):  # one candidate reads back as a placed digit, as in HoDoKu
        if board.cells[i]:
            assert back.cells[i] == board.cells[i]
        elif bin(legal[i]).count("1") > 1:
            assert back.centre[i] == legal[i]
    lines = picture.splitlines()
    assert len({len(line) for line in lines}) == 1  # the rules line up with the rows
    assert formats.write_string(board) == HARD


@settings(max_examples=examples(300), deadline=None)
@given(st.text(alphabet="123456789.|-+:'* \n[]#Puzzle0x", max_size=400))
def test_hostile_text_raises_only_slug_error(text: str) -> None:
    for reader in (formats.read_sdk, formats.read_candidate_grid, sudoku.decode):
        try:
            reader(text)
        except SlugError:
            pass


@pytest.mark.slow
@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.text(alphabet="123456789", min_size=1, max_size=9), min_size=81, max_size=81))
def test_candidate_tokens(tokens: list[str]) -> None:
    text = "\n".join(" ".join(tokens[r * 9 : r * 9 + 9]) for r in range(9))
    try:
        board = formats.read_candidate_grid(text)
    except SlugError as err:
        assert err.position is not None
        return
    assert all(len(set(t)) == len(t) for t in tokens)
    assert board.givens == sum(1 for t in tokens if len(t) == 1)


def test_json_keeps_marks_and_refuses_bad_ones() -> None:
    board = sudoku.decode(PICTURE).with_digit(0, 1, 5, typed=True)
    back = sudoku.from_json(sudoku.to_json(board))
    assert back == board and back.typed == board.typed
    for bad in ({"centre": ["12"] * 80}, {"corner": ["0"] * 81}, {"typed": [81]}, {"typed": "x"}):
        with pytest.raises(SlugError):
            sudoku.from_json({"game": "sudoku", "grid": HARD, **bad})


def test_the_grid_command_writes_the_string_and_the_candidate_grid(capsys):
    from slugboard.codecs import cli
    from slugboard.codecs import sudoku as sd
    from slugboard.codecs.sudoku import formats

    seed = "UyF2MQRhyECJQWIySCkiKoXU+yAUcJiTwoVTKoVqsHYm5V3D54DxCitHWQclJ0g="
    board = sd.decode(seed)
    assert cli.run(["grid", seed]) == 0
    line = capsys.readouterr().out.strip()
    assert len(line) == 81 and sd.decode(line).cells == board.cells
    assert cli.run(["grid", seed, "--candidates"]) == 0
    picture = capsys.readouterr().out
    again = formats.read_candidate_grid(picture)
    assert all(
        d == board.cells[i] or (board.cells[i] == 0 and d == 0) for i, d in enumerate(again.cells) if board.cells[i]
    )
    assert cli.run(["grid", "R88"]) == 2
    assert "grid works on Sudoku boards; this text is a Pentominoes board" in capsys.readouterr().err


_RULE_CHARACTERS = "|-+.:*='"


@st.composite
def _near_candidate_grids(draw):
    """Texts of cells between spaces and rules: about 81 cells of digits, now and then a
    cell of another character or a space that is not ASCII."""
    cell = st.text("123456789", min_size=1, max_size=4) | st.sampled_from(["x", "0", "a1", "١"])
    cells = draw(st.lists(cell, min_size=78, max_size=84))
    gaps = st.text(" \n\t\u00a0" + _RULE_CHARACTERS, min_size=1, max_size=3).filter(lambda gap: not gap.isalnum())
    return "".join(c + draw(gaps) for c in cells)


@pytest.mark.slow
@settings(max_examples=examples(100), deadline=None)
@given(_near_candidate_grids() | st.text(" 123456789|-+x", max_size=200))
def test_a_candidate_grid_is_told_cell_by_cell_as_by_its_rules(text):
    """A candidate grid is told from other texts cell by cell, giving up at the first cell
    that is not one; its definition (the rules made spaces, then 81 runs of digits, one of
    more than one digit) is the reference."""
    tokens = text.translate(str.maketrans({ch: " " for ch in _RULE_CHARACTERS})).split()
    expected = len(tokens) == 81 and all(t.isdigit() for t in tokens) and any(len(t) > 1 for t in tokens)
    assert formats.is_candidate_grid(text) == expected


def test_a_long_text_of_another_game_is_given_up_at_its_first_cell(monkeypatch):
    """Sudoku looks for its marks in every pasted text, a minesweeper game of a million
    characters among them: the cells are read one by one, and the first that is not
    digits ends the reading."""
    from slugboard.codecs import minesweeper as ms

    read = []
    cells = formats._CELL

    class Counted:
        @staticmethod
        def finditer(text):
            for match in cells.finditer(text):
                read.append(match.group())
                yield match

    monkeypatch.setattr(formats, "_CELL", Counted)
    slug = ms.encode(ms.random_board(300, 300, 20_000, seed=1))
    assert not formats.is_candidate_grid(slug)
    assert read == [slug[0], "300x300"]  # "1=300x300...": the version, then a cell that is not digits
    read.clear()
    assert not formats.is_candidate_grid(" ".join(["12"] * 100_000))
    assert len(read) == 82  # one cell past the 81 a grid has

"""Sudoku codec: the shared vectors, repairs of pasted links, rejection of bad slugs,
the grid string, conflicts and the solver."""

from __future__ import annotations

import base64

import pytest
from depth import examples
from hypothesis import example, given, settings
from hypothesis import strategies as st

from conftest import load_vectors
from slugboard.codecs import FormatError, SlugError, ValueRangeError, sudoku
from strategies.sudoku import classic_boards as sudoku_boards

VECTORS = load_vectors("sudoku")
SEED_LINK = (
    "https://nickgirardo.com/projects/sudoku/player.html?play="
    "UyF2MQRhyECJQWIySCkiKoXU+yAUcJiTwoVTKoVqsHYm5V3D54DxCitHWQclJ0g="
)
SEED_GRID = "..3....214.19...5.2..4.5.......61..8..28591..5..73.......5.8..7.7...26.534....9.."


def _grid(givens):
    cells = ["."] * 81
    for cell, digit in givens:
        cells[cell] = str(digit)
    return "".join(cells)


@pytest.mark.parametrize("vector", VECTORS["vectors"], ids=lambda v: v["name"])
def test_vector_decodes_to_its_grid(vector):
    board = sudoku.decode(vector["slug"])
    expected = vector.get("grid") or _grid(vector["givens"])
    assert board.grid == expected


@pytest.mark.parametrize("vector", [v for v in VECTORS["vectors"] if not v.get("read_only")], ids=lambda v: v["name"])
def test_vector_encodes_canonically(vector):
    board = sudoku.decode_grid(vector["grid"])
    canonical = sudoku.encode(board)
    # Only the "reversed order" vector is not what the web app's encoder writes.
    if "non-canonical" in vector["name"]:
        assert canonical != vector["slug"]
        assert sudoku.decode(canonical) == board
    else:
        assert canonical == vector["slug"]


@pytest.mark.parametrize("vector", [v for v in VECTORS["vectors"] if "solutions" in v], ids=lambda v: v["name"])
def test_vector_solution_counts(vector):
    expected = {">=2": 2, "1": 1, "0": 0}[vector["solutions"]]
    assert sudoku.count_solutions(sudoku.decode(vector["slug"])) == expected


@pytest.mark.parametrize("slug", VECTORS["must_reject"])
def test_must_reject(slug):
    with pytest.raises(SlugError) as info:
        sudoku.decode(slug)
    assert info.value.game == "sudoku"
    assert info.value.position is not None


def test_v0_reads_like_the_v1_equivalent():
    assert sudoku.decode("UyF2MBMGOQQ=") == sudoku.decode("UyF2MSbOUA==")
    assert sudoku.encode_v0(sudoku.decode("UyF2MSbOUA==")) == "UyF2MBMGOQQ="


@pytest.mark.parametrize(
    "text",
    [
        SEED_LINK,
        SEED_LINK.replace("+", " "),  # query parser turned + into a space
        SEED_LINK.replace("+", "%2B").replace("0g=", "0g%3D"),  # percent-encoded
        SEED_LINK.rstrip("="),  # padding dropped
        "  " + SEED_LINK.split("=", 1)[1] + "\n",  # bare slug with whitespace
        SEED_LINK.split("?")[1],  # just the query string
        SEED_GRID,
    ],
)
def test_every_paste_form_reads_the_seed_puzzle(text):
    board = sudoku.decode(text)
    assert board.grid == SEED_GRID
    assert sudoku.encode(board) == SEED_LINK.split("play=")[1]


def test_seed_puzzle_is_unique_and_solution_is_consistent():
    board = sudoku.decode(SEED_LINK)
    count, solution = sudoku.analyse(board)
    assert count == 1
    assert solution.grid == "953687421481923756267415893794261538632859174518734269126598347879342615345176982"
    assert all(g == "." or g == s for g, s in zip(board.grid, solution.grid))


def test_errors_name_what_and_where():
    with pytest.raises(FormatError) as info:
        sudoku.decode("UyF2Mg==")
    assert str(info.value) == "sudoku: unknown version 'v2' at character 3"
    with pytest.raises(ValueRangeError) as info:
        sudoku.decode("UyF2Mf/g")
    assert str(info.value) == "sudoku: given 1: cell 127 is off the board (0-80) at character 6"
    with pytest.raises(FormatError) as info:
        sudoku.decode("UyF2MQ!A")
    assert info.value.position == 6


def test_digit_zero_in_v1_is_rejected():
    data = b"S!v1" + bytes([0b0000001_0, 0b000_00000])  # cell 1, digit 0
    with pytest.raises(ValueRangeError, match="digit 0 is not 1-9"):
        sudoku.decode(base64.b64encode(data).decode())


def test_duplicate_cell_later_wins_with_a_warning():
    # cell 0 = 1, then cell 0 = 2
    from slugboard.codecs.bits import BitWriter

    w = BitWriter()
    for cell, digit in ((0, 1), (0, 2)):
        w.write(cell, 7)
        w.write(digit, 4)
    board = sudoku.decode(base64.b64encode(b"S!v1" + w.to_bytes()).decode())
    assert board.get(0, 0) == 2
    warnings = [p for p in sudoku.problems(board) if p.severity == "warning"]
    assert len(warnings) == 1 and "set twice" in warnings[0].message


def test_grid_reading():
    picture = "\n".join("|".join(SEED_GRID[r * 9 + c * 3 : r * 9 + c * 3 + 3] for c in range(3)) for r in range(9))
    assert sudoku.decode(picture).grid == SEED_GRID
    assert sudoku.decode(SEED_GRID.replace(".", "0")).grid == SEED_GRID
    with pytest.raises(FormatError, match="grid has 80 cells"):
        sudoku.decode(SEED_GRID[:-1])
    with pytest.raises(FormatError, match="more than 81"):
        sudoku.decode(SEED_GRID + "1")


def test_problems_report_repeats_with_cells():
    board = sudoku.Board().with_digit(0, 0, 5).with_digit(0, 8, 5).with_digit(1, 1, 5)
    found = {(p.message, p.cells) for p in sudoku.problems(board)}
    assert found == {("5 appears 2 times in row 1", ((0, 0), (0, 8))), ("5 appears 2 times in box 1", ((0, 0), (1, 1)))}
    assert sudoku.count_solutions(board) == 0


KNOWN_COUNTS = {
    "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.": 0,
    "8.........95.......67.........472968...913245...856137....9.716...6.8492......583": 2,
    "8.........59.......76.........832765...476198...951243....9.516...6.4982......437": 2,
    ".....6....59.....82....8....45........3........6..3.54...325..6..................": 2,
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..": 1,
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1": 1,
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....": 1,
}


@pytest.mark.parametrize("grid,count", KNOWN_COUNTS.items())
def test_known_solution_counts(grid, count):
    board = sudoku.decode_grid(grid)
    assert sudoku.count_solutions(board) == count
    solution = sudoku.solve(board)
    if count == 0:
        assert solution is None
    else:
        assert solution.givens == 81 and not sudoku.problems(solution)
        assert all(g == "." or g == s for g, s in zip(grid, solution.grid))


def test_count_with_higher_limit():
    board = sudoku.decode_grid("8.........95.......67.........472968...913245...856137....9.716...6.8492......583")
    assert sudoku.count_solutions(board, limit=10) == 3


def test_json_round_trip_and_bad_json():
    board = sudoku.decode(SEED_LINK)
    assert sudoku.to_json(board) == {"game": "sudoku", "grid": SEED_GRID}
    assert sudoku.from_json(sudoku.to_json(board)) == board
    with pytest.raises(SlugError):
        sudoku.from_json({"game": "sudoku"})
    with pytest.raises(SlugError):
        sudoku.from_json({"game": "sudoku", "grid": "x" * 81})


def test_share_url_opens_in_the_player():
    board = sudoku.decode(SEED_LINK)
    assert sudoku.share_url(board) == SEED_LINK
    assert sudoku.decode(sudoku.share_url(board)) == board


boards = sudoku_boards()


@pytest.mark.slow
@given(boards)
def test_round_trip_random_grids(board):
    slug = sudoku.encode(board)
    assert sudoku.decode(slug) == board
    assert sudoku.decode(board.grid) == board
    assert sudoku.decode(sudoku.encode_v0(board)) == board
    assert len(slug) == 4 * -(-(4 + -(-11 * board.givens // 8)) // 3)


@given(st.text(max_size=200))
@example("UyF2M")
@example("UyF2MQ=")
@example("?play=")
def test_random_text_raises_only_slug_error(text):
    try:
        sudoku.decode(text)
    except SlugError:
        pass


@given(st.binary(max_size=120))
def test_random_bytes_raise_only_slug_error(data):
    for prefix in (b"", b"S!v1", b"S!v0"):
        text = base64.b64encode(prefix + data).decode()
        try:
            board = sudoku.decode(text)
        except SlugError as exc:
            assert exc.position is not None
        else:
            assert sudoku.decode(sudoku.encode(board)) == board


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None)
@given(boards)
def test_solver_agrees_with_itself(board):
    count, solution = sudoku.analyse(board)
    if sudoku.problems(board):
        assert count == 0
    if count:
        assert solution is not None and solution.givens == 81 and not sudoku.problems(solution)
        assert all(d == 0 or d == s for d, s in zip(board.cells, solution.cells))
    else:
        assert solution is None


def _plain_v1(data: bytes) -> tuple[tuple[int, ...], int] | tuple[str, int]:
    """The v1 body read one given at a time: (cells, repeats), or (error, position)."""
    from slugboard.codecs.bits import BitReader

    reader = BitReader(data, "sudoku")
    reader.read(32)
    cells, repeats, index = [0] * 81, 0, 0
    while reader.remaining >= 11:
        position = reader.char_position()
        cell, digit = reader.read(7), reader.read(4)
        if cell > 80:
            return f"given {index + 1}: cell {cell} is off the board (0-80)", position
        if not 1 <= digit <= 9:
            return f"given {index + 1}: digit {digit} is not 1-9", position
        repeats += bool(cells[cell])
        cells[cell] = digit
        index += 1
    return tuple(cells), repeats


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 127), st.integers(0, 15)), max_size=200),
    st.integers(0, 7),
    st.booleans(),
)
def test_the_bulk_v1_reader_agrees_with_a_plain_one(givens, pad, valid_only):
    if valid_only:
        givens = [(c % 81, d % 9 + 1) for c, d in givens]
    bits = "".join(format(c << 4 | d, "011b") for c, d in givens) + "0" * pad
    bits += "0" * (-len(bits) % 8)
    data = b"S!v1" + (int(bits, 2).to_bytes(len(bits) // 8, "big") if bits else b"")
    slug = base64.b64encode(data).decode()
    expected = _plain_v1(data)
    if isinstance(expected[0], str):
        with pytest.raises(ValueRangeError) as caught:
            sudoku.decode(slug)
        assert (caught.value.message, caught.value.position) == expected
    else:
        board = sudoku.decode(slug)
        assert board.cells == expected[0]
        repeats = expected[1]
        assert len(board.notes) == min(repeats, 10) + (repeats > 10)
        if repeats > 10:
            assert board.notes[-1] == f"and {repeats - 10:,} more givens set a cell that was already set"


def _givens_bytes(givens: list[tuple[int, int]]) -> bytes:
    bits = "".join(format(cell << 4 | digit, "011b") for cell, digit in givens)
    bits += "1" * (-len(bits) % 8)
    return int(bits, 2).to_bytes(len(bits) // 8, "big") if bits else b""


@given(
    st.one_of(
        st.binary(min_size=0, max_size=400),
        st.lists(st.tuples(st.integers(0, 80), st.integers(1, 9)), max_size=300).map(_givens_bytes),
    ),
    st.sampled_from([8, 16, 64]),
)
def test_v1_givens_read_in_parts_read_as_the_whole_bit_string_does(body, at_once):
    """The givens of a long slug are cut a part at a time (the bits of a 4 MB slug as one
    text took 6 bytes a character): cut in parts of any size, a slug reads as cutting
    its whole bit string eleven bits at a time, the plain way, reads."""
    import base64

    from slugboard.codecs.sudoku import slug as sudoku_slug

    data = b"S!v1" + body
    count = len(body) * 8 // 11
    bits = "".join(format(byte, "08b") for byte in body)
    fields = [int(bits[11 * i : 11 * i + 11], 2) for i in range(count)]
    text = base64.b64encode(data).decode()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sudoku_slug, "_GIVENS_AT_ONCE", at_once)
        try:
            board = sudoku.decode(text)
        except SlugError as exc:
            bad = next(i for i, f in enumerate(fields) if f >> 4 > 80 or not 1 <= f & 15 <= 9)
            assert exc.position == (32 + 11 * bad) // 6
            return
    cells = [0] * 81
    for field in fields:
        cells[field >> 4] = field & 15
    assert list(board.cells) == cells

"""Tests for slugboard.codecs.xiangqi: the vectors, the prefix code, FEN, the row
assignment, what the code refuses, the rules of play, JSON and hostile input."""

from __future__ import annotations

import io
import itertools
import json

import pytest
from depth import examples
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from conftest import load_vectors
from slugboard.codecs import GAMES, decode_any, detect
from slugboard.codecs import xiangqi as xq
from slugboard.codecs.bits import b64decode
from slugboard.codecs.cli import run
from slugboard.codecs.errors import FormatError, SlugError, ValueRangeError
from strategies.xiangqi import boards, row_lists

VECTORS = load_vectors("xiangqi")["vectors"]
IDS = [v["name"].split()[0] for v in VECTORS]
OPENING_SLUG = "hSQiASVGghCEIUkIgElRoIQhDw"
SWAPPED_HORSES = "hSSAgSVGghCEIUkIgElRoIQhDw"


# --- the vectors --------------------------------------------------------------------


@pytest.mark.parametrize("vector", VECTORS, ids=IDS)
def test_vector_decodes_to_its_rows_fen_and_length(vector):
    board = xq.decode(vector["slug"])
    assert list(xq.canonical_rows(board)) == vector["rows"]
    assert xq.to_fen(board) == vector["fen"]
    assert board.red_to_move is vector["red_to_move"]
    assert xq.bit_length(board) == vector["bits"]


@pytest.mark.parametrize("vector", VECTORS, ids=IDS)
def test_vector_reencodes_byte_identically(vector):
    board = xq.decode(vector["slug"])
    assert xq.encode(board) == vector["slug"]
    assert xq.encode(board, urlsafe=True) == vector["slug_urlsafe"]


@pytest.mark.parametrize("vector", VECTORS, ids=IDS)
def test_vector_urlsafe_and_zero_padded_forms_read_the_same(vector):
    board = xq.decode(vector["slug"])
    assert xq.decode(vector["slug_urlsafe"]) == board
    assert xq.decode(vector["zero_padded_variant"]) == board


@pytest.mark.parametrize("vector", VECTORS, ids=IDS)
def test_vector_fen_round_trip(vector):
    board = xq.from_fen(vector["fen"])
    assert xq.to_fen(board) == vector["fen"]
    assert board.cells == xq.decode(vector["slug"]).cells
    assert xq.decode(xq.encode(board)) == board
    assert xq.decode(vector["fen"]) == board


@pytest.mark.parametrize("vector", VECTORS, ids=IDS)
def test_vector_rows_json_round_trip(vector):
    board = xq.from_json(
        {"game": "xiangqi", "rows": vector["rows"], "turn": "red" if vector["red_to_move"] else "black"}
    )
    assert xq.encode(board) == vector["slug"]
    assert xq.to_json(board) == {
        "game": "xiangqi",
        "turn": "red" if vector["red_to_move"] else "black",
        "rows": vector["rows"],
        "fen": vector["fen"],
    }


def test_opening_fen_gives_the_articles_slug():
    assert xq.encode(xq.new_board()) == OPENING_SLUG
    assert xq.encode(xq.from_fen(xq.OPENING_FEN)) == OPENING_SLUG
    assert xq.new_board().rows is None


def test_opening_bytes_as_the_format_spells_them():
    writer = xq.slug_bits(xq.new_board())
    assert len(writer) == 149
    assert writer.to_bytes(pad_bit=1).hex(" ") == "85 24 22 01 25 46 82 10 84 21 49 08 80 49 51 a0 84 21 0f"


def test_swapped_horses_keep_their_rows():
    board = xq.decode(SWAPPED_HORSES)
    assert board.fen == xq.OPENING_FEN
    assert board.rows[5:7] == (82, 88)
    assert board.has_identity
    assert board != xq.new_board()
    assert xq.encode(board) == SWAPPED_HORSES
    # An edit drops the identity: the board is then one entered by hand.
    assert xq.encode(board.moved(88, 79).moved(79, 88)) == OPENING_SLUG


def test_swapped_advisors_cost_two_bits_and_keep_their_rows():
    rows = list(VECTORS[0]["rows"])
    rows[1], rows[2] = rows[2], rows[1]  # 84 and 86 are index 2 of the other row: 3 bits each
    board = xq.from_rows(rows, True)
    assert board.fen == xq.OPENING_FEN and board.has_identity
    assert xq.bit_length(board) == 151
    slug = xq.encode(board)
    assert slug == "iQkIgElRoIQhCFJCIBJUaCEIQw"  # 1 000 100 100 001 001 ...: 0x89 0x09
    assert xq.decode(slug) == board
    assert xq.encode(xq.from_fen(board.fen)) == OPENING_SLUG


def test_turn_change_keeps_identity():
    board = xq.decode(SWAPPED_HORSES).with_turn(False)
    assert xq.encode(board) == "B" + SWAPPED_HORSES[1:]


# --- the prefix code ----------------------------------------------------------------


def _code(index, n):
    value, bits = xq.prefix_code(index, n)
    return format(value, f"0{bits}b")


def test_prefix_code_table_for_ten():
    assert [_code(i, 10) for i in range(10)] == [
        "000",
        "001",
        "010",
        "011",
        "100",
        "101",
        "1100",
        "1110",
        "1101",
        "1111",
    ]


def test_prefix_code_table_for_six_eight_48_91():
    assert [_code(i, 6) for i in range(6)] == ["00", "01", "100", "110", "101", "111"]
    assert [_code(i, 8) for i in range(8)] == [format(i, "03b") for i in range(8)]
    assert [len(_code(i, 48)) for i in range(48)] == [5] * 16 + [6] * 32
    assert [len(_code(i, 91)) for i in range(91)] == [6] * 37 + [7] * 54


@pytest.mark.parametrize("n", [6, 8, 10, 48, 91])
def test_prefix_code_reads_back(n):
    from slugboard.codecs.bits import BitReader, BitWriter

    writer = BitWriter()
    for i in range(n):
        writer.write(*xq.prefix_code(i, n))
    reader = BitReader(writer.to_bytes(), "xiangqi")
    assert [xq.read_index(reader, n) for _ in range(n)] == list(range(n))


def test_candidate_lists_mirror():
    for red, black in zip(xq.CANDIDATES[:16], xq.CANDIDATES[16:]):
        assert black == tuple(s if s == 127 else 89 - s for s in red)
    assert [len(c) for c in xq.CANDIDATES[:16]] == [10, 6, 6, 8, 8] + [91] * 6 + [48] * 5


# --- deterministic assignment ---------------------------------------------------------


def test_single_advisor_goes_to_the_row_that_gives_the_smaller_string():
    board = xq.from_fen("3k5/3Pa4/9/9/4R4/9/9/9/4K4/9 w")
    rows = xq.canonical_rows(board)
    # Both rows give 13 the 3-bit code 110: the captured 00 first is the smaller string.
    assert rows[17:19] == (127, 13)
    assert xq.bit_length(board) == 152
    assert xq.encode(board) == "sAAAAMgAAAABOTAAAAAAAAAAAA"
    vector = xq.decode(VECTORS[5]["slug"])
    assert vector.cells == board.cells and vector != board and vector.has_identity


def test_advisor_pair_prefers_fewer_bits():
    # 84 is index 1 (2 bits) only in row 2, 86 only in row 1.
    board = xq.from_fen("4k4/9/9/9/9/9/9/9/9/3AKA3 w")
    assert xq.canonical_rows(board)[1:3] == (86, 84)


def test_soldiers_on_their_files_take_their_own_rows():
    board = xq.from_fen("4k4/9/9/P8/9/8P/9/9/9/4K4 w")
    rows = xq.canonical_rows(board)
    assert rows[11] == 53  # i4 is on the file of row 11 (s = 62)
    assert 27 in rows[12:16]
    assert xq.decode(xq.encode(board)) == board


def test_canonical_is_minimal_over_every_assignment():
    board = xq.from_fen("2bak4/4a4/4b4/1NR1C4/3P5/6n2/9/4B4/4A4/3AK4 b")
    best = xq.bit_length(board)
    import itertools

    rows = list(xq.canonical_rows(board))
    for group in xq.GROUPS.values():
        for perm in itertools.permutations(group):
            trial = rows[:]
            for src, dst in zip(group, perm):
                trial[dst] = rows[src]
            try:
                other = xq.from_rows(trial, False)
            except SlugError:
                continue
            assert xq.bit_length(other) >= best


@st.composite
def sparse_boards(draw):
    """Boards of at most eight pieces, entered without piece identity (as from FEN or the
    editor): few enough that every row assignment can be tried."""
    chosen = draw(st.sets(st.integers(0, 31), max_size=8))
    cells = [""] * 90
    for row in sorted(chosen):
        free = [sq for sq in xq.CANDIDATES[row] if sq != 127 and not cells[sq]]
        cells[draw(st.sampled_from(free))] = xq.ROW_LETTERS[row]
    return xq.Board(tuple(cells), draw(st.booleans()))


def _field_bits(rows):
    return "".join(
        format(v, f"0{n}b") if n else ""
        for v, n in (xq.prefix_code(xq.CANDIDATES[r].index(sq), len(xq.CANDIDATES[r])) for r, sq in enumerate(rows))
    )


def _every_assignment(board):
    """Every way to give the board's pieces piece rows: each piece any row of its kind,
    no row twice, over the whole board at once (not group by group)."""
    by_letter = {}
    for sq, letter in board.pieces:
        by_letter.setdefault(letter, []).append(sq)
    letters = sorted(by_letter)
    choices = [list(itertools.permutations(xq.GROUPS[k], len(by_letter[k]))) for k in letters]
    for combination in itertools.product(*choices):
        rows = [127] * 32
        for letter, chosen_rows in zip(letters, combination):
            for row, sq in zip(chosen_rows, by_letter[letter]):
                rows[row] = sq
        if all(sq in xq.CANDIDATES[r] for r, sq in enumerate(rows)):
            yield tuple(rows)


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(sparse_boards())
def test_assignment_is_the_least_of_every_assignment(board):
    """Fewest bits, then the smallest bit string, checked against a brute force over
    every assignment and against the bytes the encoder writes."""
    ranked = sorted(
        (len(bits), bits, rows)
        for rows in _every_assignment(board)
        for bits in ["1" + _field_bits(rows) if board.red_to_move else "0" + _field_bits(rows)]
    )
    length, bits, rows = ranked[0]
    assert xq.canonical_rows(board) == rows
    assert xq.bit_length(board) == length
    padded = bits + "1" * (-len(bits) % 8)
    expected = int(padded, 2).to_bytes(len(padded) // 8, "big")
    assert b64decode(xq.encode(board), "xiangqi") == expected
    assert xq.decode(xq.encode(board)) == board


def test_brute_force_sees_ties_broken_by_the_bit_string():
    # Two black advisors-worth of rows, one advisor on 13: both rows give it 110, so the
    # lengths tie and the string 00110 beats 11000.
    board = xq.from_fen("3k5/4a4/9/9/9/9/9/9/9/4K4 w")
    ranked = sorted((len(_field_bits(r)), _field_bits(r), r) for r in _every_assignment(board))
    assert [r[17:19] for _, _, r in ranked] == [(127, 13), (13, 127)]
    assert ranked[0][0] == ranked[1][0]
    assert xq.canonical_rows(board)[17:19] == (127, 13)


# --- what the code cannot hold -------------------------------------------------------


@pytest.mark.parametrize(
    "fen,message",
    [
        ("3k5/9/9/9/4K4/9/9/9/9/9 w", "red king on e5: a king stays in its palace"),
        ("3k5/9/9/9/9/9/9/9/9/3K4A w", "red advisor on i0: an advisor stays on the five points of its palace"),
        ("3k5/9/9/9/4B4/9/9/9/9/3K5 w", "red elephant on e5: an elephant never crosses the river"),
        ("3k5/9/9/9/9/9/9/3B5/9/3K5 w", "red elephant on d2: an elephant stays on its seven points"),
        ("3k5/9/9/9/9/9/9/4P4/9/3K5 w", "red soldier on e2: a soldier never stands behind its starting rank"),
        (
            "3k5/9/9/9/9/9/3P5/9/9/3K5 w",
            "red soldier on d3: a soldier on its own side of the river stays on its starting file",
        ),
        (
            "3k5/9/9/9/9/4P4/4P4/9/9/3K5 w",
            "red soldiers on e4, e3: two uncrossed soldiers on file e (the code holds one per starting file)",
        ),
        ("3k5/9/9/9/9/9/9/9/9/RRRK5 w", "3 red rooks: the code holds at most 2"),
        ("3k5/4p4/9/9/9/9/9/9/9/3K5 w", "black soldier on e8: a soldier never stands behind its starting rank"),
        ("3kk4/9/9/9/9/9/9/9/9/3K5 w", "2 black kings: the code holds at most 1"),
    ],
)
def test_encode_refuses_what_the_code_cannot_hold(fen, message):
    board = xq.from_fen(fen)
    with pytest.raises(ValueRangeError) as caught:
        xq.encode(board)
    assert caught.value.message == f"cannot encode: {message}"
    assert str(caught.value) == f"xiangqi: cannot encode: {message}"
    assert message in [p.message for p in xq.problems(board) if p.kind in ("unencodable", "too-many")]
    assert not xq.is_encodable(board)
    assert xq.to_json(board)["rows"] is None


def test_placement_refusals_in_the_editor():
    board = xq.new_board()
    assert xq.placement_refusal(board, 40, "K") == "red king on e5: a king stays in its palace"
    assert xq.placement_refusal(board, 77, "R") == "red already has 2 rooks: the code holds no more"
    assert xq.placement_refusal(board, 76, "K") == "red already has 1 king: the code holds no more"
    assert xq.placement_refusal(board.removed(54), 53, "P") == (
        "red soldier on i4: a red soldier already stands on this file before the river "
        "(the code holds one per starting file)"
    )
    assert xq.placement_refusal(board, 85, "K") is None  # already there
    assert xq.placement_refusal(board.removed(89), 4, "R") is None  # replaces the black king
    assert xq.placement_refusal(board.removed(89), 40, "R") is None
    assert xq.count_refusal(board, "p") == "black already has 5 soldiers: the code holds no more"
    assert xq.count_refusal(board, "k") == "black already has 1 king: the code holds no more"
    assert xq.count_refusal(board.removed(89), "R") is None


def test_legal_squares_of_each_kind_on_an_empty_board():
    empty = xq.empty_board()
    assert xq.legal_squares(empty, "K") == frozenset({66, 67, 68, 75, 76, 77, 84, 85, 86})
    assert xq.legal_squares(empty, "a") == frozenset({3, 5, 13, 21, 23})
    assert xq.legal_squares(empty, "B") == frozenset({47, 51, 63, 67, 71, 83, 87})
    assert len(xq.legal_squares(empty, "N")) == 90
    assert xq.legal_squares(empty, "P") == frozenset(range(45)) | {54, 56, 58, 60, 62, 45, 47, 49, 51, 53}
    assert xq.legal_squares(empty, "p") == frozenset(range(45, 90)) | {27, 29, 31, 33, 35, 36, 38, 40, 42, 44}


def test_legal_targets_follow_move_refusal():
    board = xq.new_board()
    assert xq.legal_targets(board, 85) == frozenset({66, 67, 68, 75, 76, 77, 84, 85, 86})
    assert xq.move_refusal(board, 85, 40) == "red king on e5: a king stays in its palace"
    assert xq.move_refusal(board, 40, 41) == "there is no piece there"
    assert xq.move_refusal(board, 62, 53) is None
    assert 53 not in xq.legal_targets(board, 60)


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None)
@given(st.data())
def test_placement_refusal_agrees_with_encode(data):
    board = data.draw(boards())
    letter = data.draw(st.sampled_from(xq.LETTERS))
    square = data.draw(st.integers(0, 89))
    refusal = xq.placement_refusal(board, square, letter)
    placed = board.placed(square, letter)
    assert (refusal is None) == xq.is_encodable(placed)
    assert (square in xq.legal_squares(board, letter)) == (refusal is None)


# --- the rules of play ----------------------------------------------------------------


def test_opening_has_no_problems():
    assert xq.problems(xq.new_board()) == []


@pytest.mark.parametrize(
    ("fen", "kinds"),
    [
        (xq.OPENING_FEN, []),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", ["facing-kings"]),
        ("4k4/9/9/9/9/9/9/9/4R4/3K5 w", ["check"]),  # black in check with red to move
        ("9/9/9/9/9/9/9/9/9/4K4 w", ["no-king"]),
        ("4k4/9/9/9/9/9/9/9/4R4/3K5 b", []),  # the same check, black to move: a game goes on
    ],
)
def test_play_problems_are_the_problems_no_game_can_start_from(fen, kinds):
    board = xq.from_fen(fen)
    found = xq.play_problems(board)
    assert [p.kind for p in found] == kinds
    assert all(p in xq.problems(board) for p in found)


def test_facing_kings():
    board = xq.from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w")
    (problem,) = xq.problems(board)
    assert (problem.kind, problem.cells, problem.severity) == ("facing-kings", (4, 85), "error")
    assert problem.message == "the kings face each other on file e with nothing between"
    assert xq.problems(xq.from_fen("4k4/9/9/9/4p4/9/9/9/9/4K4 w")) == []
    assert xq.encode(board)  # legal to encode


@pytest.mark.parametrize(
    "fen,attacker",
    [
        ("3k5/9/9/3R5/9/9/9/9/9/4K4 b", None),  # black to move: being in check is fine
        ("3k5/9/9/3R5/9/9/9/9/9/4K4 w", "rook on d6"),
        ("3k5/9/9/3C5/9/9/9/9/9/4K4 w", None),  # a cannon needs a screen
        ("3k5/9/3P5/3C5/9/9/9/9/9/4K4 w", "cannon on d6"),
        ("3k5/9/4N4/9/9/9/9/9/9/4K4 w", "horse on e7"),
        ("3k5/3p5/4N4/9/9/9/9/9/9/4K4 w", "horse on e7"),
        ("3k5/4p4/4N4/9/9/9/9/9/9/4K4 w", None),  # the horse's leg is blocked
        ("3k5/3P5/9/9/9/9/9/9/9/4K4 w", "soldier on d8"),
        ("4k4/3P5/9/9/9/9/9/9/9/3K5 w", None),  # soldiers never move sideways back to a king diagonal
        ("3kP4/9/9/9/9/9/9/9/9/4K4 w", "soldier on e9"),
    ],
)
def test_side_not_to_move_in_check(fen, attacker):
    checks = [p for p in xq.problems(xq.from_fen(fen)) if p.kind == "check"]
    if attacker is None:
        assert checks == []
    else:
        (problem,) = checks
        assert problem.message == f"black is in check ({attacker}) with red to move"
        assert problem.cells[0] == 3


def test_red_in_check_with_black_to_move():
    (problem,) = xq.problems(xq.from_fen("3k5/9/9/9/9/9/9/9/4r4/4K4 b"))
    assert problem.message == "red is in check (rook on e1) with black to move"
    assert problem.cells == (85, 76)


def test_missing_kings():
    found = xq.problems(xq.empty_board())
    assert [(p.kind, p.message) for p in found] == [("no-king", "red has no king"), ("no-king", "black has no king")]


# Attack rules, piece by piece: which squares does one piece attack (could take a piece
# standing there)? Checked on chosen positions and against a move generator written out
# from the rules, independently of the codec's.


def _on(r, c):
    return 0 <= r < 10 and 0 <= c < 9


def _rule_targets(cells, source):
    letter = cells[source]
    red = letter.isupper()
    kind = letter.upper()
    r0, c0 = divmod(source, 9)
    out = set()

    def palace(r, c):
        return 3 <= c <= 5 and (7 <= r <= 9 if red else 0 <= r <= 2)

    if kind in "RC":
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            r, c, passed = r0 + dr, c0 + dc, 0
            while _on(r, c):
                if passed == (0 if kind == "R" else 1):
                    out.add(r * 9 + c)
                if cells[r * 9 + c]:
                    passed += 1
                    if passed > (0 if kind == "R" else 1):
                        break
                r, c = r + dr, c + dc
    elif kind == "N":
        for (dr, dc), (lr, lc) in (
            ((-2, -1), (-1, 0)),
            ((-2, 1), (-1, 0)),
            ((2, -1), (1, 0)),
            ((2, 1), (1, 0)),
            ((-1, -2), (0, -1)),
            ((1, -2), (0, -1)),
            ((-1, 2), (0, 1)),
            ((1, 2), (0, 1)),
        ):
            if _on(r0 + dr, c0 + dc) and not cells[(r0 + lr) * 9 + c0 + lc]:
                out.add((r0 + dr) * 9 + c0 + dc)
    elif kind == "B":
        for dr, dc in ((2, 2), (2, -2), (-2, 2), (-2, -2)):
            r, c = r0 + dr, c0 + dc
            own_half = r >= 5 if red else r <= 4
            if _on(r, c) and own_half and not cells[(r0 + dr // 2) * 9 + c0 + dc // 2]:
                out.add(r * 9 + c)
    elif kind in "KA":
        steps = ((1, 0), (-1, 0), (0, 1), (0, -1)) if kind == "K" else ((1, 1), (1, -1), (-1, 1), (-1, -1))
        for dr, dc in steps:
            if _on(r0 + dr, c0 + dc) and palace(r0 + dr, c0 + dc):
                out.add((r0 + dr) * 9 + c0 + dc)
    else:
        forward = -1 if red else 1
        crossed = r0 <= 4 if red else r0 >= 5
        steps = [(forward, 0)] + ([(0, -1), (0, 1)] if crossed else [])
        for dr, dc in steps:
            if _on(r0 + dr, c0 + dc):
                out.add((r0 + dr) * 9 + c0 + dc)
    return out


def _targets(board, source):
    letter = board.cells[source]
    return {sq for sq in range(90) if sq != source and source in xq.attackers(board, sq, letter.isupper())}


def _alone(fen_cells):
    """A board from {square: letter}."""
    cells = [""] * 90
    for sq, letter in fen_cells.items():
        cells[sq] = letter
    return xq.Board(tuple(cells))


@pytest.mark.parametrize(
    "pieces,source,expected",
    [
        # Horse on e5 (40): all eight points, then each leg blocked in turn.
        ({40: "N"}, 40, {21, 23, 29, 33, 47, 51, 57, 59}),
        ({40: "N", 31: "p"}, 40, {29, 33, 47, 51, 57, 59}),  # leg e6 blocks d7, f7
        ({40: "N", 39: "P"}, 40, {21, 23, 33, 51, 57, 59}),  # leg d5 blocks c6, c4
        ({40: "N", 41: "p", 49: "p"}, 40, {21, 23, 29, 47}),  # legs f5 and e4
        ({0: "n"}, 0, {11, 19}),  # the corner: two points
        ({0: "n", 1: "P", 9: "P"}, 0, set()),  # both legs blocked
        # Elephant on e2 (67): four points, the eye blocks one; never across the river.
        ({67: "B"}, 67, {47, 51, 83, 87}),
        ({67: "B", 57: "n"}, 67, {51, 83, 87}),  # eye d3 blocks c4
        ({47: "B"}, 47, {63, 67}),  # c4: its far points are over the river
        ({22: "b"}, 22, {2, 6, 38, 42}),
        ({38: "b", 48: "P"}, 38, {18, 22}),  # g5 (38) can't go to i3 or e3 across
        # Cannon on b2 (64) along the file: no screen, one screen, two screens.
        ({64: "C", 1: "n"}, 64, set()),  # no screen: it takes nothing
        ({64: "C", 10: "P", 1: "n"}, 64, {1}),  # one screen: the piece behind it
        ({64: "C", 46: "P", 19: "p", 1: "n"}, 64, {37, 28, 19}),  # screen b5: up to the next piece
        ({64: "C", 28: "P", 19: "p", 10: "p", 1: "n"}, 64, {19}),  # the second piece stops it
        # Rook stops at the first piece in each direction.
        ({40: "R", 38: "p", 67: "P"}, 40, {4, 13, 22, 31, 38, 39, 41, 42, 43, 44, 49, 58, 67}),
        # Soldiers: forward only before the river, sideways too after it, never back.
        ({58: "P"}, 58, {49}),
        ({49: "P"}, 49, {40}),  # e4 is still Red's half
        ({40: "P"}, 40, {31, 39, 41}),
        ({4: "P"}, 4, {3, 5}),  # the last rank: sideways only
        ({27: "p"}, 27, {36}),
        ({36: "p"}, 36, {45}),
        ({45: "p"}, 45, {54, 46}),  # a4: crossed, at the edge
        # King and advisor: one step, never out of the palace.
        ({66: "K"}, 66, {67, 75}),
        ({76: "K"}, 76, {67, 75, 77, 85}),
        ({3: "k"}, 3, {4, 12}),
        ({76: "A"}, 76, {66, 68, 84, 86}),
        ({66: "A"}, 66, {76}),
        ({13: "a"}, 13, {3, 5, 21, 23}),
    ],
)
def test_what_each_piece_attacks(pieces, source, expected):
    board = _alone(pieces)
    assert _targets(board, source) == expected
    assert _rule_targets(board.cells, source) == expected


@st.composite
def any_placements(draw):
    """Pieces anywhere (the code need not hold them): the attack rules still apply."""
    squares = draw(st.sets(st.integers(0, 89), max_size=24))
    cells = [""] * 90
    for sq in squares:
        cells[sq] = draw(st.sampled_from(xq.LETTERS))
    return xq.Board(tuple(cells), draw(st.booleans()))


@pytest.mark.slow
@settings(max_examples=examples(120), deadline=None)
@given(any_placements())
def test_attackers_agree_with_the_rules(board):
    for red in (True, False):
        for square in range(90):
            expected = tuple(
                sq for sq, c in board.pieces if c.isupper() == red and square in _rule_targets(board.cells, sq)
            )
            assert xq.attackers(board, square, red) == expected


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(any_placements())
def test_check_problem_agrees_with_the_rules(board):
    kings = {}
    for sq, c in board.pieces:
        if c in "Kk":
            kings.setdefault(c, sq)  # with two kings of a side (itself an error), the first
    waiting = "k" if board.red_to_move else "K"
    checks = [p for p in xq.problems(board) if p.kind == "check"]
    if "K" not in kings or "k" not in kings:
        assert checks == []
        return
    king = kings[waiting]
    by = tuple(
        sq
        for sq, c in board.pieces
        if c.isupper() == board.red_to_move and c and king in _rule_targets(board.cells, sq)
    )
    assert [p.cells for p in checks] == ([(king,) + by] if by else [])


def test_cannon_with_the_kings_as_screen_and_target():
    # A king is a screen like any piece: behind its own king the cannon checks too.
    board = xq.from_fen("4k4/9/9/9/9/9/9/9/4K4/4C4 w")
    assert [p.message for p in xq.problems(board)] == [
        "the kings face each other on file e with nothing between",
        "black is in check (cannon on e0) with red to move",
    ]
    board = xq.from_fen("4k4/9/9/9/4P4/9/9/9/9/3KC4 w")
    (problem,) = xq.problems(board)
    assert problem.message == "black is in check (cannon on e0) with red to move"
    assert problem.cells == (4, 85)
    assert xq.problems(xq.from_fen("4k4/9/4n4/9/4P4/9/9/9/9/3KC4 w")) == []


def test_horse_check_blocked_by_a_piece_of_either_side():
    open_ = xq.from_fen("9/3k5/9/4N4/9/9/9/9/9/4K4 w")
    assert [p.message for p in xq.problems(open_)] == ["black is in check (horse on e6) with red to move"]
    for blocker in ("n", "R"):
        blocked = xq.from_fen(f"9/3k5/4{blocker}4/4N4/9/9/9/9/9/4K4 w")
        assert [p.kind for p in xq.problems(blocked)] == []


# --- reading text ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        OPENING_SLUG,
        f"  {OPENING_SLUG}\n",
        f"xiangqi:{OPENING_SLUG}",
        f"XIANGQI:{OPENING_SLUG}",
        f"xiangqi%3A{OPENING_SLUG}",
        f"<xiangqi:{OPENING_SLUG}>",
        f'"{OPENING_SLUG}"',
        OPENING_SLUG + "==",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
        "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r",
        f"xiangqi:{xq.OPENING_FEN}",
    ],
)
def test_every_form_of_the_opening(text):
    assert xq.decode(text) == xq.new_board()


def test_plus_turned_into_space():
    max_slug = VECTORS[8]["slug"]
    assert xq.decode(max_slug.replace("+", " ")) == xq.decode(max_slug)
    empty_slug = VECTORS[7]["slug"]  # starts with '+'
    assert xq.decode(empty_slug.replace("+", " ")) == xq.empty_board()
    assert xq.decode("xiangqi:" + empty_slug.replace("+", "%2B")) == xq.empty_board()


def test_extra_bytes_after_the_position_are_ignored():
    assert xq.decode(OPENING_SLUG[:-2] + "D/////////////////") == xq.new_board()


@pytest.mark.parametrize(
    "text,cls,message,position",
    [
        ("", FormatError, "the text is empty", 0),
        ("xiangqi:", FormatError, "the text is empty", 0),
        ("hSQiASVGghCEIUkIgElRoIQh", FormatError, "slug ends early: 5 more bits needed, 0 left", 24),
        ("hSQi*SVGghCEIUkIgElRoIQhDw", FormatError, "character '*' is not base64", 4),
        ("hSQiASVGghC-IUkIgElRo+QhDw", FormatError, "character '+' mixes the two base64 alphabets", 21),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w",
            FormatError,
            "FEN: rank 10 is longer than 9 points",
            59,
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
            FormatError,
            "FEN: rank 10 has 8 points, not 9",
            58,
        ),
        ("9/9/9/9/9/9/9/9/9/9 x", FormatError, "FEN: side to move 'x' is not w or b", 20),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w",
            FormatError,
            "FEN has 9 ranks; xiangqi has 10",
            57,
        ),
    ],
)
def test_decode_errors(text, cls, message, position):
    with pytest.raises(SlugError) as caught:
        xq.decode(text)
    assert type(caught.value) is cls
    assert (caught.value.game, caught.value.message, caught.value.position) == ("xiangqi", message, position)


def test_two_pieces_on_one_square_is_refused_where_the_second_is_read():
    # Both red rooks on square 89: the second rook's field starts at bit 32 (character 5).
    board_rows = list(VECTORS[0]["rows"])
    board_rows[8] = 89
    writer_rows = tuple(board_rows)
    from slugboard.codecs.bits import BitWriter, b64encode

    writer = BitWriter()
    writer.write(1, 1)
    for row, sq in enumerate(writer_rows):
        writer.write(*xq.prefix_code(xq.INDEX[row][sq], len(xq.CANDIDATES[row])))
    slug = b64encode(writer.to_bytes(pad_bit=1), padded=False)
    with pytest.raises(ValueRangeError) as caught:
        xq.decode(slug)
    assert caught.value.message == "piece row 7 (red rook) and piece row 8 (red rook) are both on i0"
    assert caught.value.position == 5


def test_prefixed_slug_that_begins_with_a_slash():
    # Red to move and a dead red king make the first six bits 111111: the slug starts
    # with '/', which the prefix form must keep.
    board = xq.from_rows([127, 76] + [127] * 30, True)
    slug = xq.encode(board)
    assert slug == "/gAAAAAAAAAAB4AAAAAAAAAAAA"
    assert xq.share_url(board) == "xiangqi:" + slug
    for text in (
        xq.share_url(board),
        "xiangqi:" + xq.encode(board, urlsafe=True),
        "xiangqi%3A%2FgAAAAAAAAAAB4AAAAAAAAAAAA",
    ):
        assert xq.decode(text) == board
        assert decode_any(text) == ("xiangqi", board)
    # Bare, a position with no general is taken for text that reads as one by chance.
    with pytest.raises(SlugError, match="no game reads this text"):
        decode_any(slug)


def test_text_after_the_position_is_read_quickly_and_checked():
    # Only the head is decoded (the speed is in benchmarks/xiangqi_speed.py); the whole
    # text is still checked, and a fault anywhere is reported where it is. A text longer
    # than a position and a game's moves is refused (tests/test_fuzz_findings.py).
    tail = "A" * 2_000
    assert xq.decode(OPENING_SLUG[:-2] + "D/" + tail) == xq.new_board()
    assert xq.decode(OPENING_SLUG[:-2] + "D_" + tail) == xq.new_board()
    for text, message, position in (
        (OPENING_SLUG + tail + "*A", "character '*' is not base64", 2_026),
        (OPENING_SLUG + "+" + tail + "-A", "character '-' mixes the two base64 alphabets", 2_027),
        (OPENING_SLUG + tail + "=A", "'=' inside the slug", 2_026),
        (OPENING_SLUG + tail + "AAA", "slug length is not valid base64 (one character too many or too few)", 2_028),
    ):
        with pytest.raises(FormatError) as caught:
            xq.decode(text)
        assert (caught.value.message, caught.value.position) == (message, position)


@pytest.mark.parametrize("tail", ["", " w", " b - - 0 1"])
@pytest.mark.parametrize(("letter", "at"), [("X", 57), ("0", 57), ("x", 0), ("*", 18)])
def test_a_fen_with_a_letter_mistyped_says_which_and_where(letter, at, tail):
    """Ten ranks with a letter no piece has are read as the FEN they were meant to be, and
    refused at that letter (a base64 error at the end would not help), with or without
    the fields after the placement."""
    fen = xq.OPENING_FEN.split()[0]
    text = fen[:at] + letter + fen[at + 1 :] + tail
    with pytest.raises(FormatError) as caught:
        xq.decode(text)
    assert (caught.value.message, caught.value.position) == (f"FEN: {letter!r} is not a xiangqi piece letter", at)


def test_fen_with_a_wall_of_ranks():
    with pytest.raises(FormatError) as caught:
        xq.decode("9/" * 100_000 + "9 w")
    assert caught.value.message == "FEN has 100001 ranks; xiangqi has 10"


def test_looks_like():
    assert xq.looks_like(xq.OPENING_FEN)
    assert xq.looks_like("9/9/9/9/9/9/9/9/9/9")
    assert xq.looks_like(f" xiangqi:{OPENING_SLUG}")
    assert not xq.looks_like(OPENING_SLUG)
    assert not xq.looks_like(VECTORS[8]["slug"])
    assert not xq.looks_like("")
    assert not xq.looks_like(None)


def test_registry_reads_bare_slugs_fen_and_the_prefix():
    assert "xiangqi" in GAMES
    for text in (OPENING_SLUG, xq.OPENING_FEN, f"xiangqi:{OPENING_SLUG}"):
        assert detect(text)[0] == "xiangqi"
        assert decode_any(text) == ("xiangqi", xq.new_board())


@pytest.mark.parametrize("vector", VECTORS, ids=IDS)
def test_registry_reads_every_vector(vector):
    board = xq.decode(vector["slug"])
    # A position no game reaches (V6 has the side not to move in check, V8 and V9 no
    # general): bare, it is taken for text that reads as one by chance; prefixed, it reads.
    reached = vector["name"][:3] not in ("V6 ", "V8 ", "V9 ")
    assert (xq.read_by_chance(board) is None) == reached
    for key in ("slug", "slug_urlsafe", "zero_padded_variant"):
        assert detect(vector[key]) == (["xiangqi"] if reached else [])  # no other game reads it at all
        if reached:
            assert decode_any(vector[key]) == ("xiangqi", board)
        assert decode_any("xiangqi:" + vector[key]) == ("xiangqi", board)
    assert detect(vector["fen"]) == ["xiangqi"]
    assert decode_any(vector["fen"])[1].cells == board.cells


def _strings(obj):
    if isinstance(obj, dict):
        for value in obj.values():
            yield from _strings(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from _strings(value)
    elif isinstance(obj, str) and obj.strip():
        yield obj


@pytest.mark.slow
@pytest.mark.parametrize("game", ["sudoku", "pentomino", "minesweeper", "letters"])
def test_no_text_of_another_game_is_read_as_xiangqi_first(game):
    texts = list(_strings(load_vectors(game)))
    assert len(texts) > 20
    for text in texts:
        try:
            found = detect(text)
        except SlugError:
            continue
        assert found[:1] != ["xiangqi"], text


# --- JSON, info, share link, CLI --------------------------------------------------------


def test_to_json_of_the_opening():
    assert xq.to_json(xq.new_board()) == {
        "game": "xiangqi",
        "turn": "red",
        "rows": VECTORS[0]["rows"],
        "fen": xq.OPENING_FEN,
    }


def test_from_json_fen_and_turn():
    assert xq.from_json({"game": "xiangqi", "fen": xq.OPENING_FEN}) == xq.new_board()
    assert xq.from_json({"game": "xiangqi", "fen": xq.OPENING_FEN, "turn": "black"}) == xq.new_board().with_turn(False)
    rows_fen = {"game": "xiangqi", "rows": VECTORS[1]["rows"], "fen": VECTORS[1]["fen"]}
    assert xq.from_json(rows_fen) == xq.decode(VECTORS[1]["slug"])


@pytest.mark.parametrize(
    "obj,cls,message",
    [
        ([], FormatError, "board JSON must be an object"),
        ({"game": "xiangqi"}, FormatError, 'board JSON needs "rows" (32 squares) or "fen"'),
        ({"rows": [127] * 31}, FormatError, "rows must hold 32 squares, not 31"),
        ({"rows": "x"}, FormatError, '"rows" must be a list of 32 squares'),
        ({"rows": [40] + [127] * 31}, ValueRangeError, "piece row 0 (red king) cannot stand on e5 (square 40)"),
        (
            {"rows": [127] * 7 + [89, 89] + [127] * 23},
            ValueRangeError,
            "piece row 7 (red rook) and piece row 8 (red rook) are both on i0",
        ),
        (
            {"rows": [127] * 7 + [True] + [127] * 24},
            ValueRangeError,
            "piece row 7 (red rook) cannot stand on square True",
        ),
        ({"fen": xq.OPENING_FEN, "turn": "white"}, FormatError, '"turn" must be "red" or "black", not \'white\''),
        (
            {"rows": VECTORS[0]["rows"], "fen": "9/9/9/9/9/9/9/9/9/9 w"},
            FormatError,
            '"rows" and "fen" describe different positions',
        ),
    ],
)
def test_from_json_errors(obj, cls, message):
    with pytest.raises(SlugError) as caught:
        xq.from_json(obj)
    assert type(caught.value) is cls
    assert caught.value.message == message


def test_json_keeps_boards_the_code_cannot_hold():
    board = xq.from_fen("3k5/9/9/9/4K4/9/9/9/9/RRR6 b")
    obj = xq.to_json(board)
    assert obj == {"game": "xiangqi", "turn": "black", "rows": None, "fen": "3k5/9/9/9/4K4/9/9/9/9/RRR6 b"}
    assert xq.from_json(obj) == board


def test_share_url_names_the_game():
    assert xq.share_url(xq.new_board()) == f"xiangqi:{OPENING_SLUG}"
    assert xq.decode(xq.share_url(xq.new_board())) == xq.new_board()


def test_info():
    facts = xq.info(xq.new_board())
    assert list(facts)[0] == "game"
    assert facts == {
        "game": "xiangqi",
        "fen": xq.OPENING_FEN,
        "turn": "red",
        "bits": 149,
        "characters": 26,
        "slug": OPENING_SLUG,
        "keeps_piece_identity": False,
        "pieces": 32,
        "problems": [],
    }
    bad = xq.info(xq.from_fen("3k5/9/9/9/4K4/9/9/9/9/9 w"))
    assert bad["bits"] is None and bad["problems"][0]["kind"] == "unencodable"


def test_cli_info_and_url():
    out, err = io.StringIO(), io.StringIO()
    assert run(["info", OPENING_SLUG], out, err) == 0
    facts = json.loads(out.getvalue())
    assert (facts["fen"], facts["bits"], facts["problems"]) == (xq.OPENING_FEN, 149, [])
    out = io.StringIO()
    assert run(["url", xq.OPENING_FEN], out, err) == 0
    assert out.getvalue() == f"xiangqi:{OPENING_SLUG}\n"
    out = io.StringIO()
    assert run(["decode", SWAPPED_HORSES], out, err) == 0
    assert json.loads(out.getvalue())["rows"][5:7] == [82, 88]


# --- properties -------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None)
@given(row_lists(), st.booleans())
def test_random_rows_round_trip_with_identity(rows, red):
    board = xq.from_rows(rows, red)
    slug = xq.encode(board)
    bits = xq.bit_length(board)
    assert 149 <= bits <= 177
    assert len(slug) == -(-(-(-bits // 8) * 8) // 6)  # whole bytes, then base64 without '='
    back = xq.decode(slug)
    assert back == board
    assert xq.canonical_rows(back) == rows
    assert xq.encode(back) == slug
    assert xq.decode(xq.encode(board, urlsafe=True)) == board
    assert detect(slug) == (["xiangqi"] if xq.read_by_chance(board) is None else [])
    assert decode_any(xq.share_url(board)) == ("xiangqi", board)


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None)
@given(boards())
def test_random_placements_round_trip_without_identity(board):
    plain = xq.Board(board.cells, board.red_to_move)
    slug = xq.encode(plain)
    assert xq.decode(slug) == plain
    assert xq.bit_length(plain) <= xq.bit_length(board)
    assert xq.decode(xq.to_fen(plain)) == plain
    assert xq.from_json(json.loads(json.dumps(xq.to_json(board)))) == board


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=80))
@example("xiangqi:")
@example("9/9/9/9/9/9/9/9/9/9 w extra")
@example("%E0%A4%A")
def test_random_text_raises_only_slug_errors(text):
    try:
        board = xq.decode(text)
    except SlugError:
        return
    assert isinstance(board, xq.Board)


BASE64ISH = st.text(
    alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_= %:", min_size=0, max_size=60
)


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(BASE64ISH)
def test_random_base64ish_raises_only_slug_errors(text):
    try:
        xq.decode(text)
    except SlugError:
        pass


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from([v["slug"] for v in VECTORS]), st.integers(0, 40), st.characters())
def test_mutated_slugs_raise_only_slug_errors(slug, index, char):
    index = min(index, len(slug))
    mutated = slug[:index] + char + slug[index + 1 :]
    try:
        board = xq.decode(mutated)
    except SlugError:
        return
    assert xq.decode(xq.encode(board)) == board


@settings(max_examples=examples(200), deadline=None)
@given(st.text(alphabet="123456789KABNRCPkabnrcpHE/ wb", max_size=70))
def test_random_fen_like_text_raises_only_slug_errors(text):
    try:
        board = xq.decode(text)
    except SlugError:
        return
    xq.problems(board)
    if xq.is_encodable(board):
        assert xq.decode(xq.encode(board)).cells == board.cells

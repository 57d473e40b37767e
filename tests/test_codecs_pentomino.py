"""Pentominoes on surfaces: slug vectors, legacy forms, geometry on the seven surfaces,
conflicts as the web app paints them, validation, and round-trip properties."""

from __future__ import annotations

import dataclasses
import io
import json
import string

import pytest
from depth import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import load_vectors
from slugboard.codecs import GAMES, decode_any, detect
from slugboard.codecs import pentomino as pm
from slugboard.codecs.cli import run
from slugboard.codecs.errors import FormatError, SlugError, ValueRangeError
from strategies.pentomino import boards, terrain_boards

VECTORS = load_vectors("pentomino")
SEED_P = "P88YE00vW05P606nZ20LS23wA26Ub32ii34TL45Xg50zI63f675R11166166"


def _ids(kind):
    return [v for v in VECTORS if v["kind"] == kind]


# --- vectors ---------------------------------------------------------------------------


@pytest.mark.parametrize("vector", _ids("decode"), ids=lambda v: v["slug"][:40])
def test_decode_vectors(vector):
    assert pm.to_json(pm.decode(vector["slug"])) == vector["board"]


@pytest.mark.parametrize("vector", _ids("roundtrip"), ids=lambda v: v["slug"][:40])
def test_roundtrip_vectors(vector):
    board = pm.decode(vector["slug"])
    assert pm.to_json(board) == vector["board"]
    assert pm.encode(board) == vector["slug"]
    assert pm.from_json(vector["board"]) == board


@pytest.mark.parametrize("vector", _ids("encode"), ids=lambda v: v["slug"][:40])
def test_encode_vectors(vector):
    assert pm.encode(pm.from_json(vector["board"])) == vector["slug"]
    if "from_slug" in vector:
        assert pm.encode(pm.decode(vector["from_slug"])) == vector["slug"]


TILINGS = [v for v in _ids("decode") if v.get("full_conflict_free_tiling")]


def test_seven_completed_boards_in_the_vectors():
    assert len(TILINGS) == 7


@pytest.mark.parametrize("vector", TILINGS, ids=lambda v: v["slug"][:24])
def test_completed_boards_tile_their_surface(vector):
    board = pm.decode(vector["slug"])
    assert pm.is_complete(board)
    assert pm.problems(board) == []
    assert pm.conflict_cells(board) == frozenset()
    facts = pm.info(board)
    assert facts["complete"] is True and facts["empty"] == 0
    assert facts["covered"] == board.height * board.width


def test_projective_board_tiles_only_the_projective_plane():
    board = pm.decode(SEED_P)
    for surface in "RCTMK":
        other = dataclasses.replace(board, surface=surface)
        assert not pm.is_complete(other), surface
        assert pm.problems(other), surface
    # As a sphere the same pieces also fail (8x8 is square, so the sphere is allowed).
    assert not pm.is_complete(dataclasses.replace(board, surface="S"))


@pytest.mark.parametrize("vector", TILINGS[2:], ids=lambda v: v["slug"][:24])
def test_rectangle_tilings_cross_no_seam(vector):
    # The rectangle solutions keep every piece inside the board, so no seam is used and
    # the tiling is the same on every surface: nothing in them depends on wrapping.
    board = pm.decode(vector["slug"])
    assert board.surface == "R"
    for piece in board.pieces:
        for dx, dy in pm.offsets(piece.name, piece.rotation, piece.reflected):
            assert 0 <= piece.row + dx < board.height and 0 <= piece.col + dy < board.width


# The article's only completed board that uses seams is the projective-plane one; it has no
# board on the other surfaces. These tilings of the seed's 8x8 board (same terrain, each
# name once) were found by an exact-cover search, each with at least three pieces across
# seams. A tiling that crosses only the left/right seam also tiles the surfaces that glue
# that seam the same way (cylinder -> torus; Mobius -> Klein bottle, projective plane).
SEAM_TILINGS = {
    "C88I502N715Y017X322P135V640U642W045T650Z462F564L376R11166166": "CT",
    "T88P501I403F505Z207V221L022X425N536T744Y152U757W165R11166166": "T",
    "K88P501N714F617Z721X725L340I243Y147T752V754W673U076R11166166": "K",
    "M88I502F015Z417X120W724T232V240Y146P552N553L373U076R11166166": "MPK",
    "S88V304P506L113N621T625X733Y752F355Z057W371U773I176R11166166": "S",
    "P88N702V507T513Y432Z434X436L041I250P354U056W667F172R11166166": "P",
}


@pytest.mark.parametrize("slug", SEAM_TILINGS, ids=lambda s: s[0])
def test_seam_tilings_tile_only_their_surfaces(slug):
    board = pm.decode(slug)
    crossing = [
        p
        for p in board.pieces
        if any(
            not (0 <= p.row + dx < 8 and 0 <= p.col + dy < 8) for dx, dy in pm.offsets(p.name, p.rotation, p.reflected)
        )
    ]
    assert len(crossing) >= 3
    assert sorted(p.name for p in board.pieces) == sorted(pm.PIECES)
    complete_on = "".join(s for s in pm.SURFACES if pm.is_complete(dataclasses.replace(board, surface=s)))
    assert complete_on == SEAM_TILINGS[slug]
    assert pm.problems(board) == [] and pm.info(board)["complete"] is True
    assert pm.problems(dataclasses.replace(board, surface="R"))  # the rectangle has no seams


def test_vector_boards_in_seed_article_match_each_other():
    # v1, v1.1 and v0 of the article are the same 6x10 board.
    v1 = pm.decode("6.10V10.0I10.6W01.4T11.9Z62.1F62.6N33.3X03.8Y34.2P74.5L75.1U05.8")
    v11 = pm.decode("6_10V10_0I10_6W01_4T11_9Z62_1F62_6N33_3X03_8Y34_2P74_5L75_1U05_8")
    v0 = pm.decode(next(v["slug"] for v in VECTORS if v["slug"].startswith("(")))
    assert v1 == v11 == v0


# --- orientations and the orientation character -----------------------------------------


def test_orientation_table_samples():
    assert pm.offsets("F", 0, False) == ((-1, 0), (-1, 1), (0, -1), (0, 0), (1, 0))
    assert pm.offsets("F", 1, True) == ((-1, 0), (0, -1), (0, 0), (0, 1), (1, -1))
    assert pm.offsets("L", 3, False) == ((-1, 1), (0, -2), (0, -1), (0, 0), (0, 1))
    assert pm.offsets("N", 3, True) == ((-1, 0), (-1, 1), (0, -2), (0, -1), (0, 0))
    assert pm.offsets("T", 0, False) == ((0, -1), (0, 0), (0, 1), (1, 0), (2, 0))
    assert pm.offsets("Y", 2, True) == ((-1, 0), (0, -1), (0, 0), (1, 0), (2, 0))
    assert pm.offsets("Z", 1, False) == ((-1, 1), (0, -1), (0, 0), (0, 1), (1, -1))
    assert pm.offsets("R", 2, True) == ((0, 0),)


def test_distinct_orientations_per_piece():
    distinct = {name: len(set(table)) for name, table in pm.OFFSETS.items() if name != "R"}
    assert distinct == {"F": 8, "I": 2, "L": 8, "P": 8, "N": 8, "T": 4, "U": 4, "V": 4, "W": 4, "X": 1, "Y": 8, "Z": 4}
    assert sum(distinct.values()) == 63  # the 63 fixed pentominoes


def test_every_orientation_has_five_connected_cells():
    for name in pm.PIECES:
        for o in range(8):
            cells = set(pm.OFFSETS[name][o])
            assert len(cells) == 5 and (0, 0) in cells
            seen, todo = set(), [(0, 0)]
            while todo:
                c = todo.pop()
                if c in seen:
                    continue
                seen.add(c)
                todo += [
                    (c[0] + a, c[1] + b) for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1)) if (c[0] + a, c[1] + b) in cells
                ]
            assert seen == cells


@pytest.mark.parametrize(
    "color,expected",
    [
        (0, "01234567"),
        (1, "ABCDEFGH"),
        (2, "IJKLMNOP"),
        (3, "QRSTUVWX"),
        (4, "YZabcdef"),
        (5, "ghijklmn"),
        (6, "01234567"),
        (7, "ABCDEFGH"),
        (11, "ghijklmn"),
    ],
)
def test_orientation_characters(color, expected):
    assert "".join(pm.orientation_char(o, color) for o in range(8)) == expected


def test_piece_letter_case_carries_the_high_colour_bit():
    assert pm.encode(pm.with_color(pm.place(pm.Board(), "N", 2, 2, 3, True), "N", 9)) == "R88nX22"
    assert pm.decode("R88nX22").color_of("N") == 9
    assert pm.decode("R88n722").color_of("N") == 6


def test_orientation_digits_8_and_9_read_as_reflected():
    assert pm.decode("R88F822").pieces[0] == pm.Piece("F", 2, 2, 0, True)
    assert pm.decode("R88F922").pieces[0] == pm.Piece("F", 2, 2, 1, True)
    assert pm.encode(pm.decode("R88F922")) == "R88F522"


def test_mirror_and_rotate_controls():
    assert pm.rotated_right(3, False) == (0, False)
    assert pm.rotated_left(0, True) == (3, True)
    assert pm.mirrored_left_right(0, False) == (2, True)
    assert pm.mirrored_left_right(1, True) == (1, False)
    assert pm.mirrored_up_down(1, False) == (3, True)
    assert pm.mirrored_up_down(0, True) == (0, False)
    # Mirroring left-right really mirrors the shape across the vertical axis.
    for name in pm.PIECES:
        for o in range(8):
            r, f = o % 4, o >= 4
            lr = set(pm.offsets(name, *pm.mirrored_left_right(r, f)))
            assert lr == {(dx, -dy) for dx, dy in pm.offsets(name, r, f)}
            ud = set(pm.offsets(name, *pm.mirrored_up_down(r, f)))
            assert ud == {(-dx, dy) for dx, dy in pm.offsets(name, r, f)}


# --- v3 details ------------------------------------------------------------------------


def test_terrain_forms_and_ties():
    def terrain(cells, size=8):
        return pm.encode(pm.Board(height=size, width=size, terrain=tuple(sorted(cells))))

    assert terrain([(3, 3), (3, 4), (3, 5)]) == "R88R333435"  # plain ties Z, plain wins
    assert terrain([(0, 0), (0, 7), (7, 0), (7, 7)]) == "R88R00077077"  # the web app's default board
    assert terrain([(r, 0) for r in range(5)] + [(6, 2)]) == "R88RY4001234026"
    assert terrain([(0, c) for c in range(5)] + [(6, 5)]) == "R88RZ4001234065"
    # Y groups follow JavaScript property order: digit keys first, letters as first seen.
    cells = [(r, 11) for r in range(5)] + [(r, 10) for r in range(5, 10)]
    assert terrain(cells, 12) == "RccRY4b012344a56789"


def test_default_board_is_the_web_apps():
    # The web app's default board, each piece in a colour of its own: F's 0 is not written,
    # the others go in groups by colour mod 6, uppercase below 6.
    new = "R88R00077077_0u1Iv2Lw3Px4Ny5Tz"
    assert pm.encode(pm.new_board()) == new
    assert pm.share_url(pm.new_board()) == "https://pentominoes.river.me/#/" + new
    assert pm.decode(new) == pm.new_board()
    assert pm.encode(dataclasses.replace(pm.new_board(), colors=(0,) * 12)) == "R88R00077077"


def test_only_a_board_that_says_nothing_of_colours_gets_colours_of_its_own():
    assert pm.with_distinct_colors(pm.decode("R6a")).colors == tuple(range(12))
    for kept in ("R6a_0p1W", "R6aI020", "R88XA33"):
        assert pm.with_distinct_colors(pm.decode(kept)) == pm.decode(kept)


def test_y_mode_singles_are_read_as_the_encoder_wrote_them():
    # 10 rows x 3 columns: two full columns and one single cell; the Y form is shortest.
    cells = tuple(sorted({(r, c) for r in range(10) for c in (0, 1)} | {(9, 2)}))
    board = pm.Board(height=10, width=3, terrain=cells)
    slug = pm.encode(board)
    assert slug == "Ra3RY900123456789910123456789029"
    # The single is written (column 2, row 9). The web app reads it back as (2, 9), off
    # this 3-wide board; we read what the encoder meant.
    assert pm.decode(slug) == board


def test_odd_y_singles_are_read_as_the_web_app_reads_them():
    board = pm.decode("RbbRY49012344a0123400a019028037046055")
    assert (0, 1) in board.terrain and (9, 0) in board.terrain
    assert any("no partner" in note for note in board.notes)


def test_colour_section_rules():
    # Groups apply in ascending number whatever their slug order; lowercase adds 6.
    assert pm.decode("R88_1F0F").color_of("F") == 1
    assert pm.decode("R88_0F1F").color_of("F") == 1
    assert pm.decode("R88_2f").color_of("F") == 8
    # A repeated digit merges groups in v3.
    board = pm.decode("R88_1F2I1L")
    assert (board.color_of("F"), board.color_of("I"), board.color_of("L")) == (1, 2, 1)
    # Group 'a' (10) is accepted; a lowercase name there would be 16.
    assert pm.decode("R88_aF").color_of("F") == 10
    with pytest.raises(ValueRangeError) as err:
        pm.decode("R88_af")
    assert err.value.position == 5
    # Placed pieces override the colour section; the last copy of a name wins.
    assert pm.decode("R88FA11_3F").color_of("F") == 1
    assert pm.decode("R88FA11FI22").color_of("F") == 2


def test_colour_section_encoding_order():
    board = pm.Board(colors=(0, 0, 0, 6, 0, 0, 0, 0, 1, 0, 0, 0))
    assert pm.encode(board) == "R88_0p1W"
    placed = pm.place(board, "W", 0, 0)
    assert pm.encode(placed) == "R88WA00_0p"


def test_same_anchor_twice_later_wins_with_a_note():
    board = pm.decode("T88P055RZ10011551")
    assert board.pieces == ()
    assert (5, 5) in board.terrain
    assert [p.kind for p in pm.problems(board)] == ["decode"]
    assert pm.problems(board)[0].severity == "warning"


def test_truncated_piece_without_coordinates_is_an_error():
    with pytest.raises(FormatError) as err:
        pm.decode("R88X0")
    assert err.value.position == 3
    with pytest.raises(FormatError) as err:
        pm.decode("R88FA1_0F")
    assert err.value.position == 3


# --- links -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "https://pentominoes.river.me/#/T88XA33",
        "http://pentominoes.river.me/#/T88XA33",
        "pentominoes.river.me/#/T88XA33",
        "  https://pentominoes.river.me/#/T88XA33 \n",
        "<https://pentominoes.river.me/#/T88XA33>",
        "https://pentominoes.river.me/#/T88X%4133",
        "T88XA33",
    ],
)
def test_link_forms(text):
    assert pm.decode(text) == pm.decode("T88XA33")
    assert pm.looks_like(text)


def test_link_without_board():
    with pytest.raises(FormatError):
        pm.decode("https://pentominoes.river.me/")


def test_detect_and_decode_any():
    assert detect("https://pentominoes.river.me/#/" + SEED_P)[0] == "pentomino"
    assert decode_any(SEED_P)[0] == "pentomino"
    assert decode_any("8.8N33.3")[0] == "pentomino"
    assert GAMES["pentomino"].title == "Pentominoes"


def test_looks_like_is_not_loose():
    assert pm.looks_like(SEED_P)
    assert pm.looks_like("C33")
    for text in (
        "8.8N33.3",
        "UyF2MQ",
        "hSQiASVGghCEIUkIgElRoIQhDw",
        "1=5x6+2223444554",
        "..3....21" * 9,
        "R88X0",
        "Rbb+",
        "",
        "P",
        "R88FA1",
        "https://letters.wiki/?w=AAAA",
    ):
        assert not pm.looks_like(text), text
    for other in ("sudoku", "xiangqi", "minesweeper", "letters"):
        for v in load_vectors(other):
            for key in ("slug", "text", "link", "url"):
                if isinstance(v, dict) and isinstance(v.get(key), str):
                    assert not pm.looks_like(v[key]), v[key]


# --- legacy ----------------------------------------------------------------------------


def test_legacy_v15_colour_section_clears_groups():
    board = pm.decode("8_8FA0_1_1I1L")
    assert board.color_of("F") == 1  # from the orientation letter
    assert board.color_of("I") == 0  # group 1 was cleared by the second '1'
    assert board.color_of("L") == 1
    board = pm.decode("8_8_3I2I")  # groups apply in ascending number
    assert board.color_of("I") == 3


def test_legacy_v2_case_decides_the_row_digits():
    assert pm.decode("20_20P0112").pieces == (pm.Piece("P", 11, 2),)
    assert pm.decode("20_20p0112").pieces == (pm.Piece("P", 1, 12),)


def test_legacy_terrain_is_a_piece_named_r():
    board = pm.decode("8.8R33.4X05.5")
    assert board.terrain == ((3, 4),)
    assert board.pieces == (pm.Piece("X", 5, 5),)


def test_legacy_empty_board_with_colours():
    board = pm.decode("6_10_0F1I")
    assert (board.height, board.width, board.color_of("I")) == (6, 10, 1)
    assert pm.encode(board) == "R6a_1I"


@pytest.mark.parametrize(
    "slug,error,position",
    [
        ("8", FormatError, 1),
        ("8.", FormatError, 2),
        ("88888.8", ValueRangeError, 0),
        ("0.8", ValueRangeError, 0),
        ("61.8", ValueRangeError, 0),
        ("8.8N", FormatError, 4),
        ("8.8N_3.3", FormatError, 4),
        ("8.8Q33.3", FormatError, 3),
        ("8.8N38.3", ValueRangeError, 5),
        ("8.8N3!", FormatError, 5),
        ("8.8N33.3_F", FormatError, 9),
        ("8.8Np3.3", ValueRangeError, 4),
    ],
)
def test_legacy_errors(slug, error, position):
    with pytest.raises(error) as err:
        pm.decode(slug)
    assert type(err.value) is error
    assert err.value.position == position


# --- validation (what the web app lets through) ------------------------------------------


@pytest.mark.parametrize(
    "slug,error,position",
    [
        ("Q88", FormatError, 0),
        ("r88", FormatError, 0),
        ("R08", ValueRangeError, 1),
        ("RZ8", ValueRangeError, 1),
        ("R8", FormatError, 2),
        ("R8-", FormatError, 2),
        ("S89", ValueRangeError, 2),
        ("R88Q000", FormatError, 3),
        ("R88X080", ValueRangeError, 5),
        ("R88X008", ValueRangeError, 6),
        ("R88X0", FormatError, 3),
        ("R88X", FormatError, 3),
        ("R88Xz00", ValueRangeError, 4),
        ("R88X-00", FormatError, 4),
        ("R88R80", ValueRangeError, 4),
        ("R88R0", FormatError, None),
        ("R88RZ300", FormatError, 5),
        ("R88RZ1900", ValueRangeError, 6),
        ("R88_", None, None),
        ("R88_F", FormatError, 4),
        ("R88_1!", FormatError, 5),
        ("R88_1R", FormatError, 5),
    ],
)
def test_v3_validation(slug, error, position):
    if error is None:
        pm.decode(slug)
        return
    if slug == "R88R0":
        # A dangling terrain character is what the web app drops silently: a warning.
        board = pm.decode(slug)
        assert board.terrain == () and board.notes
        return
    with pytest.raises(error) as err:
        pm.decode(slug)
    assert type(err.value) is error
    if position is not None:
        assert err.value.position == position
    assert str(err.value).startswith("pentomino: ")


def test_small_and_large_boards_are_accepted():
    assert pm.decode("R11").height == 1
    board = pm.decode("KYX")
    assert (board.height, board.width) == (60, 59)


def test_error_message_reads_well():
    with pytest.raises(ValueRangeError) as err:
        pm.decode("S89")
    assert str(err.value) == "pentomino: a sphere must be square, not 8x9 at character 3"


def test_too_long_text_is_refused_quickly():
    with pytest.raises(FormatError):
        pm.decode("R" * (pm.MAX_SLUG + 1))


def test_v0_hostile_crush_is_bounded():
    with pytest.raises(FormatError):
        pm.decode("(ab\x01" + "".join(chr(0x100 + i) for i in range(300)))
    with pytest.raises(FormatError):
        pm.decode("(aaaa" + "\x01" + "a" * 40)
    with pytest.raises(FormatError):
        pm.decode("(" + "\x01" + "ab")


# --- JSON ------------------------------------------------------------------------------


def test_board_json_shape():
    obj = pm.to_json(pm.decode("R88L505R07"))
    assert list(obj) == ["game", "surface", "height", "width", "pieces", "terrain", "colors"]
    assert obj["pieces"] == [{"name": "L", "row": 0, "col": 5, "rotation": 1, "reflected": True}]
    assert obj["terrain"] == [[0, 7]]
    assert list(obj["colors"]) == list("FILPNTUVWXYZ")


@pytest.mark.parametrize(
    "obj",
    [
        None,
        [],
        {"surface": "Q", "height": 8, "width": 8},
        {"surface": ["R"], "height": 8, "width": 8},
        {"surface": "R", "height": 0, "width": 8},
        {"surface": "R", "height": 8.5, "width": 8},
        {"surface": "S", "height": 8, "width": 9},
        {"surface": "R", "height": 8, "width": 8, "pieces": [{"name": "Q", "row": 0, "col": 0}]},
        {"surface": "R", "height": 8, "width": 8, "pieces": [{"name": "F", "row": 8, "col": 0}]},
        {"surface": "R", "height": 8, "width": 8, "pieces": [{"name": "F", "row": 0, "col": 0, "rotation": 4}]},
        {"surface": "R", "height": 8, "width": 8, "pieces": [{"name": "F", "row": 0, "col": 0}], "terrain": [[0, 0]]},
        {"surface": "R", "height": 8, "width": 8, "terrain": [[0]]},
        {"surface": "R", "height": 8, "width": 8, "colors": {"F": 12}},
        {"surface": "R", "height": 8, "width": 8, "colors": {"R": 1}},
        {"surface": "R", "height": 8, "width": 8, "pieces": "F"},
    ],
)
def test_from_json_rejects_bad_boards(obj):
    with pytest.raises(SlugError):
        pm.from_json(obj)


# --- geometry --------------------------------------------------------------------------


def cells(board):
    p = pm.paint(board)
    return {divmod(i, board.width) for i, o in enumerate(p.owner) if o >= 0}


def test_surface_maps():
    m = pm.map_cell
    assert m("R", 8, 10, -1, 3)[:2] == (-1, 3)
    assert m("C", 8, 10, 2, -1)[:2] == (2, 9)
    assert m("C", 8, 10, -1, 10)[:2] == (-1, 0)
    assert m("T", 8, 10, -1, 10)[:2] == (7, 0)
    assert m("K", 8, 10, 2, 10)[:2] == (5, 0)  # left/right seam twisted
    assert m("K", 8, 10, 8, 3)[:2] == (0, 3)  # top/bottom plain
    assert m("M", 8, 10, 2, -1)[:2] == (5, 9)
    assert m("M", 8, 10, 8, 3)[:2] == (8, 3)  # off the strip's edge
    assert m("P", 8, 10, -1, 3)[:2] == (7, 6)
    assert m("P", 8, 10, 2, 10)[:2] == (5, 0)
    n = 8
    for c in range(n):
        assert m("S", n, n, -1, c)[:2] == (n - 1 - c, n - 1)  # above the top edge
        assert m("S", n, n, n, c)[:2] == (n - 1 - c, 0)  # below the bottom edge
    for r in range(n):
        assert m("S", n, n, r, n)[:2] == (0, n - 1 - r)  # right of the right edge
        assert m("S", n, n, r, -1)[:2] == (n - 1, n - 1 - r)  # left of the left edge


@pytest.mark.parametrize("surface", list(pm.SURFACES))
def test_seam_table_agrees_with_the_geometry(surface):
    """For every glued pair of edges, stepping off an edge at the k-th cell along its arrow
    lands on the k-th cell along the partner edge's arrow; stepping off a wall runs off."""
    n = 6

    def along(edge, direction, k, outside):
        i = k if direction > 0 else n - 1 - k
        d = -1 if outside else 0
        return {"top": (d, i), "bottom": (n - 1 - d, i), "left": (i, d), "right": (i, n - 1 - d)}[edge]

    seams = pm.SEAMS[surface]
    for edge, (pair, direction) in seams.items():
        partner = next(e for e, (p, _) in seams.items() if p == pair and e != edge)
        for k in range(n):
            x, y, _ = pm.map_cell(surface, n, n, *along(edge, direction, k, True))
            assert (x, y) == along(partner, seams[partner][1], k, False), (surface, edge, k)
    for edge in {"top", "bottom", "left", "right"} - set(seams):
        for k in range(n):
            x, y, _ = pm.map_cell(surface, n, n, *along(edge, 1, k, True))
            assert not (0 <= x < n and 0 <= y < n), (surface, edge)
    assert pm.SEAM_TEXT[surface]


def test_piece_wraps_on_each_surface():
    # An I lying across the left/right seam of row 2 on a 6x6 board.
    for surface, expected in {
        "C": {(2, 4), (2, 5), (2, 0), (2, 1), (2, 2)},
        "T": {(2, 4), (2, 5), (2, 0), (2, 1), (2, 2)},
        "K": {(3, 4), (3, 5), (2, 0), (2, 1), (2, 2)},
        "M": {(3, 4), (3, 5), (2, 0), (2, 1), (2, 2)},
        "P": {(3, 4), (3, 5), (2, 0), (2, 1), (2, 2)},
        "S": {(4, 3), (5, 3), (2, 0), (2, 1), (2, 2)},  # left edge meets bottom edge
    }.items():
        board = pm.Board(surface=surface, height=6, width=6, pieces=(pm.Piece("I", 2, 0, 1),))
        assert cells(board) == expected, surface
        assert pm.problems(board) == [], surface


def test_overflow_on_rectangle_and_mobius():
    board = pm.Board(surface="R", height=6, width=6, pieces=(pm.Piece("I", 1, 3),))
    probs = pm.problems(board)
    assert [p.kind for p in probs] == ["overflow"]
    assert probs[0].cells == ((0, 3),)
    assert pm.conflict_cells(board) == {(0, 3)}
    assert probs[0].message == "I at row 2, column 4 runs off the rectangle"
    mobius = dataclasses.replace(board, surface="M")
    assert [p.kind for p in pm.problems(mobius)] == ["overflow"]
    assert not pm.problems(dataclasses.replace(board, surface="T"))


def test_overlap_reports_both_items_and_the_shared_cells():
    board = pm.Board(pieces=(pm.Piece("X", 2, 2), pm.Piece("X", 3, 3)))
    probs = pm.problems(board)
    assert len(probs) == 1
    assert probs[0].kind == "overlap"
    assert probs[0].cells == ((2, 3), (3, 2))
    assert probs[0].message == "X at row 3, column 3 and X at row 4, column 4 overlap"
    assert pm.conflict_cells(board) == {(2, 3), (3, 2)}


def test_overlap_across_a_seam_only_on_the_wrapping_surface():
    single = pm.Board(surface="R", height=5, width=7, pieces=(pm.Piece("I", 2, 0, 1),))
    assert [p.kind for p in pm.problems(single)] == ["overflow"]
    assert pm.problems(dataclasses.replace(single, surface="C")) == []
    pieces = (pm.Piece("I", 2, 1, 1), pm.Piece("I", 2, 5, 1))
    flat = pm.Board(surface="R", height=5, width=7, pieces=pieces)
    assert [p.kind for p in pm.problems(flat)] == ["overlap", "overflow", "overflow"]
    assert pm.problems(flat)[0].cells == ((2, 3),)
    cylinder = dataclasses.replace(flat, surface="C")
    probs = pm.problems(cylinder)
    assert [p.kind for p in probs] == ["overlap"]
    assert probs[0].cells == ((2, 0), (2, 3), (2, 6))
    assert pm.conflict_cells(cylinder) == {(2, 0), (2, 3), (2, 6)}


def test_red_cells_follow_the_web_apps_last_conflict_rule():
    # Terrain painted over an X: the Intersection conflict names the X, the cell is red.
    board = pm.Board(pieces=(pm.Piece("X", 1, 1),), terrain=((2, 1),))
    assert pm.conflict_cells(board) == {(2, 1)}
    # An overflow recorded on a cell whose final occupant is another item is not red.
    board = pm.Board(height=5, width=5, pieces=(pm.Piece("I", 1, 0), pm.Piece("X", 1, 1)))
    paint = pm.paint(board)
    assert paint.overflow == {0: ((0, 0),)}
    assert (0, 0) in paint.red  # the I still occupies (0, 0)
    board = pm.Board(height=5, width=5, pieces=(pm.Piece("I", 0, 1, 0),), terrain=((0, 2),))
    paint = pm.paint(board)
    assert (0, 1) in paint.red


def test_red_compares_piece_names_like_the_web_app():
    # Two copies of W: the second runs off at (1, 0), a cell the first copy holds. The web
    # app's conflict records the name "W", which is also the occupant's name: red.
    board = pm.decode("R44W610W720")
    paint = pm.paint(board)
    assert paint.owner[1 * 4 + 0] == 0 and paint.overflow[1] == ((1, 0), (2, 0))
    assert paint.red == {(1, 0), (2, 0)}
    assert pm.conflict_cells(pm.decode("R44U003U613")) == {(0, 2), (0, 3), (1, 3)}
    # A different name there is not red: the X holds (1, 0), the overflow names the W.
    assert pm.conflict_cells(pm.decode("R44X610W720")) == {(2, 0)}


def test_a_cell_covered_twice_shows_both_outlines():
    # The web app only sets border flags: the X at (2, 3) paints its centre over the right
    # arm of the X at (2, 2), and that cell keeps the arm's outline on three sides.
    p = pm.paint(pm.decode("R66X022X023"))
    assert p.borders[2 * 6 + 3] == pm.TOP | pm.BOTTOM | pm.RIGHT
    assert p.borders[2 * 6 + 2] == pm.TOP | pm.BOTTOM | pm.LEFT
    assert p.owner[2 * 6 + 3] == 1 and p.red == {(2, 2), (2, 3)}


def test_outline_past_a_sphere_corner_is_drawn_as_the_web_app_does():
    # The web app turns a border flag once for each seam a cell crosses (top <-> right,
    # bottom <-> left); past a corner both turns apply and cancel. The W anchored at (3, 3)
    # of a 4x4 sphere has its cell (4, 4) past the bottom-right corner, landing on (3, 3)...
    assert pm.map_cell("S", 4, 4, 4, 4) == (3, 3, 0)
    # ...where its outline keeps the sides it has on the plane: bottom, left and right.
    on, off = pm.placed_cells("S", 4, 4, "W", 3, 3, 2)
    assert off == [] and (3, 3, pm.BOTTOM | pm.LEFT | pm.RIGHT) in on
    # Crossing one seam turns it: the W's cell (3, 4), right of the anchor, lands on (0, 0),
    # and its outline on the top and right turns to the right and bottom.
    assert (0, 0, pm.RIGHT | pm.BOTTOM) in on


def test_a_piece_that_meets_itself_across_a_seam():
    # On the projective plane an F anchored in the corner covers (7, 7) twice.
    board = pm.decode("P88F000")
    assert [(p.message, p.cells) for p in pm.problems(board)] == [("F at row 1, column 1 overlaps itself", ((7, 7),))]
    assert pm.conflict_cells(board) == {(7, 7)}


def test_outline_bits_follow_flips_across_seams():
    # On the Klein bottle a piece crossing the left/right seam is flipped top to bottom,
    # so the outline bits of its wrapped cells swap TOP and BOTTOM.
    board = pm.Board(surface="K", height=6, width=6, pieces=(pm.Piece("L", 2, 5, 1),))
    p = pm.paint(board)
    on, off = pm.placed_cells("K", 6, 6, "L", 2, 5, 1)
    assert off == []
    by_cell = {(x, y): bits for x, y, bits in on}
    # L rotation 1: (0,-1) (0,0) (0,1) (0,2) (1,-1); (0,1) and (0,2) wrap to row 3.
    assert set(by_cell) == {(2, 4), (2, 5), (3, 0), (3, 1), (3, 4)}
    assert by_cell[(3, 1)] == pm.TOP | pm.BOTTOM | pm.RIGHT
    assert by_cell[(3, 0)] == pm.TOP | pm.BOTTOM
    assert by_cell[(2, 4)] == pm.TOP | pm.LEFT
    assert p.borders[3 * 6 + 4] == pm.BOTTOM | pm.LEFT | pm.RIGHT


def test_info_of_an_incomplete_board():
    facts = pm.info(pm.decode("R88XA33I032"))
    assert list(facts)[0] == "game"
    assert facts["surface"] == "Rectangle"
    assert facts["size"] == "8x8"
    assert facts["pieces"] == 2
    assert facts["covered"] == 9
    assert facts["empty"] == 55
    assert facts["complete"] is False
    assert [p["kind"] for p in facts["problems"]] == ["overlap"]


def test_cli_info():
    out, err = io.StringIO(), io.StringIO()
    assert run(["info", SEED_P], out, err) == 0
    facts = json.loads(out.getvalue())
    assert facts["game"] == "pentomino" and facts["complete"] is True
    assert facts["surface"] == "Projective plane"


def test_editing_helpers():
    board = dataclasses.replace(pm.new_board(), colors=(0,) * 12)
    board = pm.place(board, "F", 3, 3, 1, True)
    assert pm.encode(board) == "R88F533R00077077"
    board = pm.place(board, "R", 3, 3)
    assert board.pieces == () and (3, 3) in board.terrain
    board = pm.remove_at(board, 3, 3)
    assert pm.encode(board) == "R88R00077077"
    board = pm.resized(board, 5, 6)
    assert board.terrain == ((0, 0),)
    sphere = pm.with_surface(board, "S")
    assert (sphere.height, sphere.width) == (6, 6)
    assert pm.with_color(board, "Z", 11).color_of("Z") == 11


# --- properties ------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(boards())
def test_random_boards_round_trip(board):
    slug = pm.encode(board)
    assert pm.decode(slug) == board
    assert pm.decode(pm.share_url(board)) == board
    assert pm.from_json(json.loads(json.dumps(pm.to_json(board)))) == board
    assert pm.looks_like(slug)


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(terrain_boards())
def test_random_terrain_round_trips(board):
    slug = pm.encode(board)
    assert pm.decode(slug) == board
    # The encoder never writes a longer terrain section than the plain pairs.
    assert len(slug) - 3 <= (1 + 2 * len(board.terrain) if board.terrain else 0)


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None)
@given(boards())
def test_painting_is_consistent(board):
    p = pm.paint(board)
    assert sum(p.count) == sum(
        len(
            pm.placed_cells(
                board.surface, board.height, board.width, it.name, it.row, it.col, it.rotation, it.reflected
            )[0]
        )
        for it in p.items
    )
    assert p.red <= {divmod(i, board.width) for i, o in enumerate(p.owner) if o >= 0}
    for cell, _owners in p.overlaps.items():
        assert p.count[cell[0] * board.width + cell[1]] >= 2
        assert cell in p.red or any(cell in edge for edge in p.overflow.values())


def _check_only_slug_errors(text):
    try:
        pm.decode(text)
    except SlugError:
        pass
    pm.looks_like(text)


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_random_text_raises_only_slug_errors(text):
    _check_only_slug_errors(text)


# "ﬁ" and "ß" grow into two letters when upper-cased ("FI", "SS").
SLUG_CHARS = string.ascii_letters + string.digits + "_.%#/()!~'*-\x01ﬁß"


@settings(max_examples=examples(400), deadline=None)
@given(st.text(alphabet=SLUG_CHARS, max_size=60))
def test_slug_like_text_raises_only_slug_errors(text):
    _check_only_slug_errors(text)
    _check_only_slug_errors("R" + text)
    _check_only_slug_errors("8_" + text)


SEEDS = [v["slug"] for v in VECTORS]


@pytest.mark.slow
@settings(max_examples=examples(400), deadline=None)
@given(st.sampled_from(SEEDS), st.integers(0, 200), st.sampled_from(SLUG_CHARS + "\x00é"), st.integers(0, 2))
def test_mutated_slugs_raise_only_slug_errors(seed, where, ch, how):
    where %= len(seed) + 1
    if how == 0:
        text = seed[:where] + ch + seed[where + 1 :]
    elif how == 1:
        text = seed[:where] + ch + seed[where:]
    else:
        text = seed[:where]
    _check_only_slug_errors(text)


def test_hostile_lengths_fail_fast_or_stay_bounded():
    with pytest.raises(ValueRangeError) as err:
        pm.decode("8." + "1" * 50_000)
    assert err.value.position == 2
    board = pm.decode("R88" + "F011" * 5_000)
    assert board.pieces == (pm.Piece("F", 1, 1),)
    assert len(board.notes) == 21 and board.notes[-1] == "… and 4979 more cells set more than once"


@pytest.mark.parametrize("text", ["R88\ufb01011", "R88_1\ufb01", "8.8\ufb0111.1", "R88\u00df011"])
def test_letters_that_upper_case_to_two_letters_are_not_pieces(text):
    with pytest.raises(FormatError):
        pm.decode(text)


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-2, 70)
    | st.floats(allow_nan=False)
    | st.sampled_from(["F", "R", "S", "FI"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["name", "row", "col", "rotation", "reflected", "F", "Z", "R"]), inner, max_size=4
        )
    ),
    max_leaves=8,
)


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(["surface", "height", "width", "pieces", "terrain", "colors"]), JSON_VALUES)
def test_from_json_raises_only_slug_errors(key, value):
    obj = pm.to_json(pm.decode(SEED_P))
    obj[key] = value
    try:
        pm.from_json(obj)
    except SlugError:
        pass


def test_a_spare_terrain_character_must_still_be_a_coordinate_character():
    # An odd terrain list is read with its last character dropped (with a warning), but a
    # character outside the alphabet is refused where it stands.
    board = pm.decode("R88R0011" + "2")
    assert any("no partner" in note for note in board.notes)
    with pytest.raises(SlugError) as info:
        pm.decode("R88R0011@")
    assert info.value.position == 8


def test_a_sphere_stays_square_whichever_side_is_asked_to_change():
    sphere = pm.with_surface(pm.Board(height=6, width=6), "S")
    assert pm.requested_size(sphere, 8, 6) == (8, 8)
    assert pm.requested_size(sphere, 6, 4) == (4, 4)
    assert pm.requested_size(pm.Board(height=6, width=6), 8, 4) == (8, 4)


def test_taken_off_names_what_a_resize_dropped():
    board = pm.make_board(
        "R", 8, 8, {(0, 0): pm.Piece("L", 0, 0), (6, 2): pm.Piece("X", 6, 2), (1, 7): pm.TERRAIN}, [0] * 12
    )
    smaller = pm.resized(board, 5, 5)
    assert pm.taken_off(board, smaller) == ["X at row 7, column 3", "terrain at row 2, column 8"]
    assert pm.taken_off(board, pm.resized(board, 8, 8)) == []

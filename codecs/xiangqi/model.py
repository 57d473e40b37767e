"""The xiangqi board: 90 intersections in FEN reading order (row 0 is Black's back rank)
and the side to move; the 32 piece rows of the slug, their candidate squares and the
article's prefix code; square and piece names; FEN writing.

A decoded board also keeps which piece row each piece came from (`rows`), but only when
that differs from the deterministic assignment every other board gets (fewest bits, then
the smallest bit string): so one position entered by hand always gives one slug, and a
slug that swapped two horses still re-encodes byte for byte.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache

from ..bits import BitReader
from ..errors import FormatError, ValueRangeError
from . import HAS_LINK as HAS_LINK  # the game's declaration
from . import NAME as NAME
from . import TITLE as TITLE
from . import WEB_HOST as WEB_HOST

# The article has no web app: the link is the slug with the game named (`xiangqi:`).


class Kind(str, Enum):
    """What a problem of the game is about (`Problem.kind`), beside the kinds every game
    shares (`errors.ProblemKind`): the game's own, declared here and nowhere else."""

    UNENCODABLE = "unencodable"  # a piece where the slug code cannot hold it
    NO_KING = "no-king"
    FACING_KINGS = "facing-kings"
    CHECK = "check"  # the side not to move is in check


PREFIX = "xiangqi:"
CAPTURED = 127
OPENING_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"

RED_LETTERS = "KABNRCP"
BLACK_LETTERS = RED_LETTERS.lower()
LETTERS = RED_LETTERS + BLACK_LETTERS
KIND_NAMES = {"K": "king", "A": "advisor", "B": "elephant", "N": "horse", "R": "rook", "C": "cannon", "P": "soldier"}
FILES = "abcdefghi"

# --- the piece rows -------------------------------------------------------------------

_RED_ANY = (CAPTURED,) + tuple(range(89, -1, -1))
_RED_CANDIDATES = (
    (85, 86, 84, 76, 77, 75, 67, 68, 66, CAPTURED),
    (CAPTURED, 86, 84, 76, 68, 66),
    (CAPTURED, 84, 86, 76, 66, 68),
    (CAPTURED, 87, 67, 71, 51, 83, 47, 63),
    (CAPTURED, 83, 67, 63, 47, 87, 51, 71),
    _RED_ANY,
    _RED_ANY,
    _RED_ANY,
    _RED_ANY,
    _RED_ANY,
    _RED_ANY,
) + tuple((CAPTURED, s, s - 9) + tuple(range(44, -1, -1)) for s in (62, 60, 58, 56, 54))
# Black's lists mirror Red's through the centre of the board.
CANDIDATES: tuple[tuple[int, ...], ...] = _RED_CANDIDATES + tuple(
    tuple(sq if sq == CAPTURED else 89 - sq for sq in row) for row in _RED_CANDIDATES
)
ROW_LETTERS = "KAABBNNRRCCPPPPP" + "KAABBNNRRCCPPPPP".lower()
# Piece rows of each letter, in row order.
GROUPS = {letter: tuple(i for i, row_letter in enumerate(ROW_LETTERS) if row_letter == letter) for letter in LETTERS}
MAX_COUNT = {letter: len(rows) for letter, rows in GROUPS.items()}
INDEX = tuple({sq: i for i, sq in enumerate(row)} for row in CANDIDATES)
# Where each kind may stand at all (the union of its rows' lists).
STANDS = {letter: frozenset(sq for r in GROUPS[letter] for sq in CANDIDATES[r] if sq != CAPTURED) for letter in LETTERS}


def prefix_code(index: int, n: int) -> tuple[int, int]:
    """The article's code for `index` in a list of `n`: (value, bit count).

    Not textbook truncated binary: a long code is the k-bit prefix plus one bit that says
    whether the index sits in the upper part of the list."""
    k = n.bit_length() - 1
    if n == 1 << k:
        return index, k
    u = (1 << (k + 1)) - n
    if index < u:
        return index, k
    if index < 1 << k:
        return index << 1, k + 1
    return ((index - (n - (1 << k))) << 1) | 1, k + 1


def read_index(reader: BitReader, n: int) -> int:
    k = n.bit_length() - 1
    value = reader.read(k)
    if n == 1 << k or value < (1 << (k + 1)) - n:
        return value
    return value + (n - (1 << k)) if reader.read(1) else value


@cache
def code_string(row: int, square: int) -> str:
    """The field of `row` for `square` (CAPTURED included) as a '0'/'1' string."""
    value, bits = prefix_code(INDEX[row][square], len(CANDIDATES[row]))
    return format(value, f"0{bits}b") if bits else ""


# --- names ----------------------------------------------------------------------------


def square_name(square: int) -> str:
    """ICCS name of a square: file a-i from Red's left, rank 0-9 from Red's side."""
    row, col = divmod(square, 9)
    return f"{FILES[col]}{9 - row}"


def is_red(letter: str) -> bool:
    return letter.isupper()


def piece_name(letter: str) -> str:
    return f"{'red' if is_red(letter) else 'black'} {KIND_NAMES[letter.upper()]}"


def row_name(row: int) -> str:
    return f"piece row {row} ({piece_name(ROW_LETTERS[row])})"


# --- the deterministic row assignment ------------------------------------------------


def canonical_assignment(cells: Sequence[str]) -> tuple[int, ...] | None:
    """The deterministic row assignment (fewest bits, then smallest bit string), or
    None when the code cannot hold the placement."""
    rows = [CAPTURED] * 32
    by_letter: dict[str, list[int]] = {}
    for sq, c in enumerate(cells):
        if c:
            by_letter.setdefault(c, []).append(sq)
    for letter, group in GROUPS.items():
        squares = by_letter.get(letter, [])
        if len(squares) > len(group):
            return None
        if len(group) == 1:
            if squares:
                if squares[0] not in INDEX[group[0]]:
                    return None
                rows[group[0]] = squares[0]
            continue
        best = None
        # Groups are contiguous in row order and every choice inside one leaves the
        # others untouched, so the best whole string is the best string of each group.
        for chosen in itertools.permutations(group, len(squares)):
            assignment = dict(zip(chosen, squares))
            parts = []
            for r in group:
                sq = assignment.get(r, CAPTURED)
                if sq not in INDEX[r]:
                    break
                parts.append(code_string(r, sq))
            else:
                bits = "".join(parts)
                key = (len(bits), bits)
                if best is None or key < best[0]:
                    best = (key, assignment)
        if best is None:
            return None
        for r, sq in best[1].items():
            rows[r] = sq
    return tuple(rows)


# --- the board ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Board:
    """90 intersections (FEN letters, "" for empty) in FEN reading order, the side to
    move, and the piece rows when they differ from the deterministic assignment (rows
    given that are the usual assignment are kept as None)."""

    cells: tuple[str, ...] = ("",) * 90
    red_to_move: bool = True
    rows: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        cells, rows = self.cells, self.rows
        if len(cells) != 90 or any(c not in LETTERS or len(c) > 1 for c in cells):
            raise ValueError("a xiangqi board is 90 cells of FEN piece letters or ''")
        if rows is not None:
            reason = _rows_mismatch(rows, cells)
            if reason:
                raise ValueError(reason)
            if rows == canonical_assignment(cells):
                object.__setattr__(self, "rows", None)

    def piece_at(self, square: int) -> str:
        return self.cells[square]

    @property
    def pieces(self) -> tuple[tuple[int, str], ...]:
        return tuple((sq, c) for sq, c in enumerate(self.cells) if c)

    @property
    def fen(self) -> str:
        return to_fen(self)

    @property
    def has_identity(self) -> bool:
        """True when the board keeps piece rows that differ from the usual assignment."""
        return self.rows is not None

    def _edited(self, cells: list[str]) -> Board:
        return Board(tuple(cells), self.red_to_move)

    def placed(self, square: int, letter: str) -> Board:
        """The board with `letter` on `square` (replacing what stood there)."""
        if letter not in LETTERS or not letter:
            raise ValueError(f"not a piece letter: {letter!r}")
        cells = list(self.cells)
        cells[square] = letter
        return self._edited(cells)

    def removed(self, square: int) -> Board:
        cells = list(self.cells)
        cells[square] = ""
        return self._edited(cells)

    def moved(self, source: int, target: int) -> Board:
        """The piece on `source` moved to `target`, taking whatever stood there."""
        if source == target:
            return self
        cells = list(self.cells)
        cells[target], cells[source] = cells[source], ""
        return self._edited(cells)

    def with_turn(self, red_to_move: bool) -> Board:
        return Board(self.cells, red_to_move, self.rows)

    def cleared(self) -> Board:
        return Board(("",) * 90, self.red_to_move)


def empty_board(red_to_move: bool = True) -> Board:
    return Board(("",) * 90, red_to_move)


def _rows_mismatch(rows: Sequence[int], cells: Sequence[str]) -> str | None:
    if len(rows) != 32:
        return "rows must hold 32 squares"
    seen: dict[int, int] = {}
    for row, sq in enumerate(rows):
        if sq not in INDEX[row]:
            return f"{row_name(row)} cannot stand on square {sq}"
        if sq == CAPTURED:
            continue
        if sq in seen:
            return f"{row_name(seen[sq])} and {row_name(row)} are both on {square_name(sq)}"
        seen[sq] = row
        if cells[sq] != ROW_LETTERS[row]:
            return f"{row_name(row)} is on {square_name(sq)}, where the board has {cells[sq] or 'nothing'}"
    if len(seen) != sum(1 for c in cells if c):
        return "the board has pieces that no row holds"
    return None


def from_rows(rows: Sequence[int], red_to_move: bool = True) -> Board:
    """The board whose piece row i stands on rows[i] (CAPTURED for a dead piece)."""
    rows = tuple(rows)
    if len(rows) != 32:
        raise FormatError(NAME, f"rows must hold 32 squares, not {len(rows)}")
    cells = [""] * 90
    for row, sq in enumerate(rows):
        if not isinstance(sq, int) or isinstance(sq, bool) or sq not in INDEX[row]:
            raise ValueRangeError(NAME, f"{row_name(row)} cannot stand on {_describe_square(sq)}")
        if sq == CAPTURED:
            continue
        if cells[sq]:
            other = next(r for r in range(row) if rows[r] == sq)
            raise ValueRangeError(NAME, f"{row_name(other)} and {row_name(row)} are both on {square_name(sq)}")
        cells[sq] = ROW_LETTERS[row]
    return Board(tuple(cells), red_to_move, rows)


def _describe_square(sq: int) -> str:
    if isinstance(sq, int) and not isinstance(sq, bool) and 0 <= sq < 90:
        return f"{square_name(sq)} (square {sq})"
    return f"square {sq!r}"


def to_fen(board: Board) -> str:
    ranks = []
    for r in range(10):
        out, gap = [], 0
        for c in board.cells[r * 9 : (r + 1) * 9]:
            if c:
                if gap:
                    out.append(str(gap))
                    gap = 0
                out.append(c)
            else:
                gap += 1
        if gap:
            out.append(str(gap))
        ranks.append("".join(out))
    return "/".join(ranks) + (" w" if board.red_to_move else " b")

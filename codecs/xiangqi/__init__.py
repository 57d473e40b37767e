"""Xiangqi (Chinese chess): the seed article's per-piece variable-length position code,
Xiangqi FEN, what the code can hold, and what makes a position illegal to play.

Slug format (formats/xiangqi.md): one side-to-move bit (1 = Red), then 32 fields, one per
piece row, each the index of the piece's square in that row's candidate list written
with the article's prefix code; MSB-first, the last byte filled with 1-bits, base64
without `=`. Squares are 0-89 in FEN reading order (row 0 is Black's back rank).

A board is the 90 intersections plus the side to move. A decoded board also keeps which
piece row each piece came from (`rows`), but only when that differs from the
deterministic assignment every other board gets (fewest bits, then the smallest bit
string): so one position entered by hand always gives one slug, and a slug that swapped
two horses still re-encodes byte for byte.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..bits import STD_ALPHABET, URL_ALPHABET, BitReader, BitWriter, b64decode, b64encode
from ..errors import FormatError, Problem, ProblemKind, Severity, SlugError, ValueRangeError
from ..links import locate_slug, located, percent_decode, strip_text

NAME = "xiangqi"
TITLE = "Xiangqi"
# The article has no web app: the link is the slug with the game named (`xiangqi:`).
HAS_LINK = True
WEB_HOST: str | None = None
PREFIX = "xiangqi:"
CAPTURED = 127
OPENING_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"

RED_LETTERS = "KABNRCP"
BLACK_LETTERS = RED_LETTERS.lower()
LETTERS = RED_LETTERS + BLACK_LETTERS
KIND_NAMES = {"K": "king", "A": "advisor", "B": "elephant", "N": "horse", "R": "rook", "C": "cannon", "P": "soldier"}
# Other programs write horses and elephants as H and E; read those, write N and B.
_FEN_ALIASES = {"H": "N", "E": "B", "h": "n", "e": "b"}
FILES = "abcdefghi"

# --- the piece rows -------------------------------------------------------------------

_X = CAPTURED
_RED_ANY = (_X,) + tuple(range(89, -1, -1))
_RED_CANDIDATES = (
    (85, 86, 84, 76, 77, 75, 67, 68, 66, _X),
    (_X, 86, 84, 76, 68, 66),
    (_X, 84, 86, 76, 66, 68),
    (_X, 87, 67, 71, 51, 83, 47, 63),
    (_X, 83, 67, 63, 47, 87, 51, 71),
    _RED_ANY,
    _RED_ANY,
    _RED_ANY,
    _RED_ANY,
    _RED_ANY,
    _RED_ANY,
) + tuple((_X, s, s - 9) + tuple(range(44, -1, -1)) for s in (62, 60, 58, 56, 54))
# Black's lists mirror Red's through the centre of the board.
CANDIDATES: tuple[tuple[int, ...], ...] = _RED_CANDIDATES + tuple(
    tuple(sq if sq == _X else 89 - sq for sq in row) for row in _RED_CANDIDATES
)
ROW_LETTERS = "KAABBNNRRCCPPPPP" + "KAABBNNRRCCPPPPP".lower()
# Piece rows of each letter, in row order.
GROUPS = {letter: tuple(i for i, row_letter in enumerate(ROW_LETTERS) if row_letter == letter) for letter in LETTERS}
MAX_COUNT = {letter: len(rows) for letter, rows in GROUPS.items()}
_INDEX = tuple({sq: i for i, sq in enumerate(row)} for row in CANDIDATES)
# Where each kind may stand at all (the union of its rows' lists).
STANDS = {letter: frozenset(sq for r in GROUPS[letter] for sq in CANDIDATES[r] if sq != _X) for letter in LETTERS}


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


def _read_index(reader: BitReader, n: int) -> int:
    k = n.bit_length() - 1
    value = reader.read(k)
    if n == 1 << k or value < (1 << (k + 1)) - n:
        return value
    return value + (n - (1 << k)) if reader.read(1) else value


@cache
def _code_string(row: int, square: int) -> str:
    """The field of `row` for `square` (CAPTURED included) as a '0'/'1' string."""
    value, bits = prefix_code(_INDEX[row][square], len(CANDIDATES[row]))
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


# --- the board ------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """90 intersections (FEN letters, "" for empty) in FEN reading order, the side to
    move, and the piece rows when they differ from the deterministic assignment."""

    cells: tuple[str, ...] = ("",) * 90
    red_to_move: bool = True
    rows: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if len(self.cells) != 90 or any(c not in LETTERS or len(c) > 1 for c in self.cells):
            raise ValueError("a xiangqi board is 90 cells of FEN piece letters or ''")
        if self.rows is not None:
            reason = _rows_mismatch(self.rows, self.cells)
            if reason:
                raise ValueError(reason)
            if self.rows == _canonical_rows(self.cells):
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


def new_board() -> Board:
    return from_fen(OPENING_FEN)


def empty_board(red_to_move: bool = True) -> Board:
    return Board(("",) * 90, red_to_move)


def _rows_mismatch(rows: Sequence[int], cells: Sequence[str]) -> str | None:
    if len(rows) != 32:
        return "rows must hold 32 squares"
    seen: dict[int, int] = {}
    for row, sq in enumerate(rows):
        if sq not in _INDEX[row]:
            return f"{row_name(row)} cannot stand on square {sq}"
        if sq == _X:
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
        if not isinstance(sq, int) or isinstance(sq, bool) or sq not in _INDEX[row]:
            raise ValueRangeError(NAME, f"{row_name(row)} cannot stand on {_describe_square(sq)}")
        if sq == _X:
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


# --- what the code can hold -----------------------------------------------------------


def _refusal(letter: str, square: int) -> str | None:
    """Why the code has no place for `letter` on `square` (None when it has one,
    ignoring the other pieces)."""
    if square in STANDS[letter]:
        return None
    kind = letter.upper()
    rank = 9 - square // 9 if is_red(letter) else square // 9  # 0 is the piece's own back rank
    if kind == "K":
        return "a king stays in its palace"
    if kind == "A":
        return "an advisor stays on the five points of its palace"
    if kind == "B":
        if rank >= 5:
            return "an elephant never crosses the river"
        return "an elephant stays on its seven points"
    if kind == "P":
        if rank < 3:
            return "a soldier never stands behind its starting rank"
        return "a soldier on its own side of the river stays on its starting file"
    return "that square is off the board"  # pragma: no cover - horses, rooks and cannons go anywhere


def _placement_problems(cells: Sequence[str]) -> list[Problem]:
    """Every reason the code cannot hold this placement, one problem each."""
    found: list[Problem] = []
    by_letter: dict[str, list[int]] = {}
    for sq, c in enumerate(cells):
        if c:
            by_letter.setdefault(c, []).append(sq)
    for letter in LETTERS:
        squares = by_letter.get(letter, [])
        if len(squares) > MAX_COUNT[letter]:
            kind = KIND_NAMES[letter.upper()]
            side = "red" if is_red(letter) else "black"
            found.append(
                Problem(
                    f"{len(squares)} {side} {kind}s: the code holds at most {MAX_COUNT[letter]}",
                    tuple(squares),
                    Severity.ERROR,
                    ProblemKind.TOO_MANY,
                )
            )
        for sq in squares:
            reason = _refusal(letter, sq)
            if reason:
                found.append(
                    Problem(
                        f"{piece_name(letter)} on {square_name(sq)}: {reason}",
                        (sq,),
                        Severity.ERROR,
                        ProblemKind.UNENCODABLE,
                    )
                )
        if letter.upper() == "P":
            files: dict[int, list[int]] = {}
            for sq in squares:
                if _is_uncrossed(letter, sq) and not _refusal(letter, sq):
                    files.setdefault(sq % 9, []).append(sq)
            for col, where in sorted(files.items()):
                if len(where) > 1:
                    found.append(
                        Problem(
                            f"{piece_name(letter)}s on {', '.join(square_name(s) for s in where)}: "
                            f"two uncrossed soldiers on file {FILES[col]} (the code holds one per starting file)",
                            tuple(where),
                            Severity.ERROR,
                            ProblemKind.UNENCODABLE,
                        )
                    )
    return found


def _is_uncrossed(letter: str, square: int) -> bool:
    return square >= 45 if is_red(letter) else square < 45


def _canonical_rows(cells: Sequence[str]) -> tuple[int, ...] | None:
    """The deterministic row assignment (fewest bits, then smallest bit string), or
    None when the code cannot hold the placement."""
    rows = [_X] * 32
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
                if squares[0] not in _INDEX[group[0]]:
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
                sq = assignment.get(r, _X)
                if sq not in _INDEX[r]:
                    break
                parts.append(_code_string(r, sq))
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


def canonical_rows(board: Board) -> tuple[int, ...]:
    """The rows the board encodes with; raises ValueRangeError naming the first piece
    the code cannot hold."""
    if board.rows is not None:
        return board.rows
    rows = _canonical_rows(board.cells)
    if rows is None:
        problem = _placement_problems(board.cells)[0]
        raise ValueRangeError(NAME, f"cannot encode: {problem.message}")
    return rows


def is_encodable(board: Board) -> bool:
    return board.rows is not None or _canonical_rows(board.cells) is not None


def placement_refusal(board: Board, square: int, letter: str) -> str | None:
    """Why `letter` cannot be put on `square` of `board` (None when it can): the code's
    limits for that kind, given the pieces already on the board."""
    if board.cells[square] == letter:
        return None
    return _refusal_after(board, list(board.cells), square, letter)


def move_refusal(board: Board, source: int, target: int) -> str | None:
    """Why the piece on `source` cannot be moved to `target` (None when it can)."""
    letter = board.cells[source]
    if not letter:
        return "there is no piece there"
    if source == target:
        return None
    cells = list(board.cells)
    cells[source] = ""
    return _refusal_after(board, cells, target, letter)


def _refusal_after(board: Board, cells: list[str], square: int, letter: str) -> str | None:
    reason = _refusal(letter, square)
    if reason:
        return f"{piece_name(letter)} on {square_name(square)}: {reason}"
    cells[square] = ""
    same = [sq for sq, c in enumerate(cells) if c == letter]
    if len(same) >= MAX_COUNT[letter]:
        return _full_message(letter)
    if letter.upper() == "P" and _is_uncrossed(letter, square):
        for sq in same:
            if sq % 9 == square % 9 and _is_uncrossed(letter, sq):
                return (
                    f"{piece_name(letter)} on {square_name(square)}: a {piece_name(letter)} already "
                    f"stands on this file before the river (the code holds one per starting file)"
                )
    return None


def _full_message(letter: str) -> str:
    kind = KIND_NAMES[letter.upper()]
    side = "red" if is_red(letter) else "black"
    count = MAX_COUNT[letter]
    return f"{side} already has {count} {kind}{'s' if count > 1 else ''}: the code holds no more"


def count_refusal(board: Board, letter: str) -> str | None:
    """Why no further `letter` can be put anywhere (None while the code holds one more)."""
    if sum(1 for c in board.cells if c == letter) >= MAX_COUNT[letter]:
        return _full_message(letter)
    return None


def legal_squares(board: Board, letter: str) -> frozenset[int]:
    """The squares where `letter` may be put on `board` and the code can still hold it."""
    return frozenset(sq for sq in STANDS[letter] if placement_refusal(board, sq, letter) is None)


def legal_targets(board: Board, source: int) -> frozenset[int]:
    """The squares the piece on `source` may be dragged to."""
    letter = board.cells[source]
    if not letter:
        return frozenset()
    return frozenset(sq for sq in STANDS[letter] if move_refusal(board, source, sq) is None)


# --- reading --------------------------------------------------------------------------

_FEN_SHAPE = re.compile(r"[1-9KABNRCPHEkabnrcphe]+(?:/[1-9KABNRCPHEkabnrcphe]+){9}(?:\s|$)")
# Text that was meant as FEN but has the wrong number of ranks: its FEN error says more
# than a base64 error would.
_FEN_LIKE = re.compile(r"[1-9KABNRCPHEkabnrcphe]*(?:/[1-9KABNRCPHEkabnrcphe]*){2,}(?:\s.*)?$", re.S)


def _unwrap(text: str) -> str:
    t = strip_text(text)
    try:
        t = percent_decode(t)
    except UnicodeDecodeError:
        pass
    t = t.strip()
    if t[: len(PREFIX)].lower() == PREFIX:
        # Only the prefix goes: a slug may itself begin with '/' (Red to move, first
        # six bits set), so no slashes are stripped after it.
        t = t[len(PREFIX) :].strip()
    return t


def _unwrap_keeping_spaces(text: str) -> str | None:
    t = text.strip("\r\n\t")
    if t[: len(PREFIX)].lower() == PREFIX:
        t = t[len(PREFIX) :]
    if not t.startswith(" ") and not t.endswith(" "):
        return None
    return t.replace(" ", "+")


def looks_like(text: str) -> bool:
    """The `xiangqi:` prefix Slugboard writes, or Xiangqi FEN. A bare slug carries no
    mark, so it is left to the registry's last resort."""
    try:
        if not isinstance(text, str) or len(text) > 10_000:
            return False
        t = strip_text(text)
        if t[: len(PREFIX)].lower() == PREFIX or t[: len(PREFIX) + 2].lower() == "xiangqi%3a":
            return True
        return bool(_FEN_SHAPE.match(t))
    except Exception:  # looks_like must never raise, whatever it is given
        return False


def decode(text: str) -> Board:
    """A slug (either base64 alphabet, `xiangqi:` prefix or none) or Xiangqi FEN."""
    if not isinstance(text, str):
        raise FormatError(NAME, f"expected text, got {type(text).__name__}")
    t = _unwrap(text)
    if not t:
        raise FormatError(NAME, "the text is empty", 0)
    with located(locate_slug(text, t)):
        return _decode_unwrapped(text, t)


def _decode_unwrapped(text: str, t: str) -> Board:
    if _FEN_SHAPE.match(t):
        try:
            return from_fen(t)
        except SlugError as fen_error:
            try:
                return decode_slug(t)
            except SlugError:
                raise fen_error from None
    if _FEN_LIKE.match(t):
        try:
            return decode_slug(t.replace(" ", "+"))
        except SlugError:
            return from_fen(t)
    try:
        return decode_slug(t.replace(" ", "+"))
    except FormatError:
        # A '+' at either end that a query string turned into a space was stripped
        # with the whitespace around the text: put it back and try once more.
        edged = _unwrap_keeping_spaces(text)
        if edged is None or edged == t.replace(" ", "+"):
            raise
        try:
            return decode_slug(edged)
        except SlugError:
            pass
        raise


# A position needs 149-177 bits; the author's series appends move history after it,
# which this format ignores, so only the first bytes are read.
_POSITION_BYTES = 23


# The position lies in the first 32 characters (24 bytes); a longer text, in one base64
# alphabet and without padding, is checked at C speed and only its head decoded, so a
# pasted megabyte costs milliseconds rather than a second of the GUI thread.
_HEAD_CHARS = 32
_ONE_ALPHABET = re.compile(r"[A-Za-z0-9+/]*|[A-Za-z0-9_-]*")


def decode_slug(slug: str) -> Board:
    if len(slug) > _HEAD_CHARS and len(slug) % 4 != 1 and _ONE_ALPHABET.fullmatch(slug):
        head = slug[:_HEAD_CHARS]
    else:
        head = slug  # short, padded or faulty: the full check says what is wrong and where
    data = b64decode(head, NAME, alphabets=(STD_ALPHABET, URL_ALPHABET))
    rows, red = _read_rows(data[:_POSITION_BYTES])
    return from_rows_checked(rows, red)


def _read_rows(data: bytes) -> tuple[list[tuple[int, int]], bool]:
    reader = BitReader(data, NAME)
    red = bool(reader.read(1))
    rows = []
    for _row, candidates in enumerate(CANDIDATES):
        position = reader.char_position()
        index = _read_index(reader, len(candidates))
        rows.append((candidates[index], position))
    return rows, red


def from_rows_checked(rows: list[tuple[int, int]], red: bool) -> Board:
    cells = [""] * 90
    owner: dict[int, int] = {}
    for row, (sq, position) in enumerate(rows):
        if sq == _X:
            continue
        if sq in owner:
            raise ValueRangeError(
                NAME, f"{row_name(owner[sq])} and {row_name(row)} are both on {square_name(sq)}", position
            )
        owner[sq] = row
        cells[sq] = ROW_LETTERS[row]
    return Board(tuple(cells), red, tuple(sq for sq, _ in rows))


def from_fen(text: str) -> Board:
    """Read Xiangqi FEN: ten ranks from Black's side, `w`/`r` or `b` to move (Red when
    missing); later fields (move counters) are ignored."""
    if not isinstance(text, str):
        raise FormatError(NAME, f"expected text, got {type(text).__name__}")
    lead = len(text) - len(text.lstrip())
    body = text.strip()
    parts = re.split(r"(\s+)", body, maxsplit=1)
    placement = parts[0]
    rest = "".join(parts[1:])
    cells: list[str] = []
    rank_start = 0
    # Counted before splitting: a pasted wall of slashes must not become a huge list.
    if placement.count("/") != 9:
        raise FormatError(NAME, f"FEN has {placement.count('/') + 1} ranks; xiangqi has 10", lead + len(placement))
    ranks = placement.split("/")
    pos = lead
    for rank_no, rank in enumerate(ranks):
        rank_start = len(cells)
        for ch in rank:
            if ch in "123456789":
                cells.extend([""] * int(ch))
            else:
                letter = _FEN_ALIASES.get(ch, ch)
                if letter not in LETTERS:
                    raise FormatError(NAME, f"FEN: {ch!r} is not a xiangqi piece letter", pos)
                cells.append(letter)
            if len(cells) - rank_start > 9:
                raise FormatError(NAME, f"FEN: rank {rank_no + 1} is longer than 9 points", pos)
            pos += 1
        if len(cells) - rank_start != 9:
            raise FormatError(NAME, f"FEN: rank {rank_no + 1} has {len(cells) - rank_start} points, not 9", pos)
        pos += 1
    red = True
    fields = rest.split()
    if fields:
        side = fields[0].lower()
        if side in ("w", "r", "red"):
            red = True
        elif side in ("b", "black"):
            red = False
        else:
            raise FormatError(
                NAME, f"FEN: side to move {fields[0]!r} is not w or b", lead + len(placement) + rest.index(fields[0])
            )
    return Board(tuple(cells), red)


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


# --- writing --------------------------------------------------------------------------


def _bits(board: Board) -> BitWriter:
    rows = canonical_rows(board)
    writer = BitWriter()
    writer.write(1 if board.red_to_move else 0, 1)
    for row, sq in enumerate(rows):
        value, bits = prefix_code(_INDEX[row][sq], len(CANDIDATES[row]))
        writer.write(value, bits)
    return writer


def encode(board: Board, *, urlsafe: bool = False) -> str:
    """The slug; raises ValueRangeError naming the piece when the code cannot hold the
    position."""
    return b64encode(_bits(board).to_bytes(pad_bit=1), padded=False, urlsafe=urlsafe)


def bit_length(board: Board) -> int:
    return len(_bits(board))


def share_url(board: Board) -> str:
    """The article has no web app to link to, so the link Slugboard copies is the slug
    with its game named: `xiangqi:<slug>`, which pastes back without guessing."""
    return PREFIX + encode(board)


def to_json(board: Board) -> dict[str, Any]:
    rows = canonical_rows(board) if is_encodable(board) else None
    return {
        "game": NAME,
        "turn": "red" if board.red_to_move else "black",
        "rows": list(rows) if rows is not None else None,
        "fen": to_fen(board),
    }


def from_json(obj: dict[str, Any]) -> Board:
    if not isinstance(obj, dict):
        raise FormatError(NAME, "board JSON must be an object")
    turn = obj.get("turn")
    if turn is not None and turn not in ("red", "black"):
        raise FormatError(NAME, f'"turn" must be "red" or "black", not {turn!r}')
    rows, fen = obj.get("rows"), obj.get("fen")
    if rows is not None:
        if not isinstance(rows, list):
            raise FormatError(NAME, '"rows" must be a list of 32 squares')
        board = from_rows(rows, turn != "black")
        if isinstance(fen, str):
            other = from_fen(fen)
            if other.cells != board.cells:
                raise FormatError(NAME, '"rows" and "fen" describe different positions')
            if turn is None:
                board = board.with_turn(other.red_to_move)
        return board
    if isinstance(fen, str):
        board = from_fen(fen)
        return board if turn is None else board.with_turn(turn == "red")
    raise FormatError(NAME, 'board JSON needs "rows" (32 squares) or "fen"')


# --- rules of play --------------------------------------------------------------------


def _attacks(cells: Sequence[str], source: int, target: int) -> bool:
    """Does the piece on `source` attack `target` (kings facing aside)?"""
    letter = cells[source]
    kind = letter.upper()
    r0, c0 = divmod(source, 9)
    r1, c1 = divmod(target, 9)
    dr, dc = r1 - r0, c1 - c0
    if kind in "RC":
        if dr and dc or not (dr or dc):
            return False
        step = 9 * ((dr > 0) - (dr < 0)) + ((dc > 0) - (dc < 0))
        between = sum(1 for sq in range(source + step, target, step) if cells[sq])
        return between == (0 if kind == "R" else 1)
    if kind == "N":
        if (abs(dr), abs(dc)) == (2, 1):
            leg = source + 9 * (dr // 2)
        elif (abs(dr), abs(dc)) == (1, 2):
            leg = source + dc // 2
        else:
            return False
        return not cells[leg]
    if kind == "K":
        return abs(dr) + abs(dc) == 1 and _in_palace(target, is_red(letter))
    if kind == "A":
        return abs(dr) == 1 and abs(dc) == 1 and _in_palace(target, is_red(letter))
    if kind == "B":
        own_half = r1 >= 5 if is_red(letter) else r1 <= 4
        return abs(dr) == 2 and abs(dc) == 2 and own_half and not cells[source + 9 * (dr // 2) + dc // 2]
    forward = -1 if is_red(letter) else 1
    crossed = r0 <= 4 if is_red(letter) else r0 >= 5
    return (dr, dc) == (forward, 0) or (crossed and dr == 0 and abs(dc) == 1)


def _in_palace(square: int, red: bool) -> bool:
    """Is `square` inside the palace of Red (`red`) or Black? Kings and advisors never
    leave it, so they attack nothing outside it."""
    row, col = divmod(square, 9)
    return 3 <= col <= 5 and (row >= 7 if red else row <= 2)


def attackers(board: Board, square: int, red: bool) -> tuple[int, ...]:
    """Squares of the pieces of one side (`red`) that attack `square`."""
    cells = board.cells
    return tuple(sq for sq, c in enumerate(cells) if c and is_red(c) == red and _attacks(cells, sq, square))


def _king(board: Board, red: bool) -> int | None:
    letter = "K" if red else "k"
    for sq, c in enumerate(board.cells):
        if c == letter:
            return sq
    return None


def problems(board: Board) -> list[Problem]:
    """What the code cannot hold (errors that `encode` refuses), then what it can hold but
    the rules forbid: a missing king, kings facing on an open file, the side not to move
    in check."""
    found = _placement_problems(board.cells)
    red_king, black_king = _king(board, True), _king(board, False)
    for side, sq in (("red", red_king), ("black", black_king)):
        if sq is None:
            found.append(Problem(f"{side} has no king", (), Severity.ERROR, ProblemKind.NO_KING))
    if red_king is not None and black_king is not None:
        facing = red_king % 9 == black_king % 9 and not any(
            board.cells[sq] for sq in range(min(red_king, black_king) + 9, max(red_king, black_king), 9)
        )
        if facing:
            found.append(
                Problem(
                    f"the kings face each other on file {FILES[red_king % 9]} with nothing between",
                    (black_king, red_king),
                    Severity.ERROR,
                    ProblemKind.FACING_KINGS,
                )
            )
        waiting_red = not board.red_to_move
        waiting_king = red_king if waiting_red else black_king
        checking = attackers(board, waiting_king, not waiting_red)
        if checking:
            waiting, mover = ("red", "black") if waiting_red else ("black", "red")
            names = ", ".join(f"{KIND_NAMES[board.cells[sq].upper()]} on {square_name(sq)}" for sq in checking)
            found.append(
                Problem(
                    f"{waiting} is in check ({names}) with {mover} to move",
                    (waiting_king,) + checking,
                    Severity.ERROR,
                    ProblemKind.CHECK,
                )
            )
    return found


def info(board: Board) -> dict[str, Any]:
    facts: dict[str, Any] = {"game": NAME, "fen": to_fen(board), "turn": "red" if board.red_to_move else "black"}
    if is_encodable(board):
        bits = bit_length(board)
        facts.update(
            bits=bits, characters=len(encode(board)), slug=encode(board), keeps_piece_identity=board.has_identity
        )
    else:
        facts.update(bits=None, characters=None, slug=None, keeps_piece_identity=False)
    facts["pieces"] = sum(1 for c in board.cells if c)
    facts["problems"] = [p.to_json() for p in problems(board)]
    return facts

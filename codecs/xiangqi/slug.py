"""Reading and writing the slug (formats/xiangqi.md): one side-to-move bit (1 = Red),
then 32 fields, one per piece row, each the index of the piece's square in that row's
candidate list written with the article's prefix code; MSB-first, the last byte filled
with 1-bits, base64 without `=`. Also the `xiangqi:` link, detection and board JSON."""

from __future__ import annotations

import re
from typing import Any

from ..bits import STD_ALPHABET, URL_ALPHABET, BitReader, BitWriter, b64decode, b64encode
from ..errors import FormatError, SlugError, TooLongError, ValueRangeError, shown
from ..links import located_in, percent_decode, strip_text
from .fen import from_fen, refuse_what_is_not_moves
from .model import (
    CANDIDATES,
    CAPTURED,
    INDEX,
    NAME,
    PREFIX,
    ROW_LETTERS,
    Board,
    Kind,
    from_rows,
    prefix_code,
    read_index,
    row_name,
    square_name,
    to_fen,
)
from .placement import canonical_rows, is_encodable

# --- reading --------------------------------------------------------------------------

_FEN_SHAPE = re.compile(r"[1-9KABNRCPHEkabnrcphe]+(?:/[1-9KABNRCPHEkabnrcphe]+){9}(?:\s|$)")
# Text that was meant as FEN but has the wrong number of ranks: its FEN error says more
# than a base64 error would.
_FEN_LIKE = re.compile(r"[1-9KABNRCPHEkabnrcphe]*(?:/[1-9KABNRCPHEkabnrcphe]*){2,}(?:\s.*)?$", re.S)
# FEN's ten ranks of at most nine characters, one of them mistyped (a letter no piece has):
# its FEN error says which character and where, where a base64 error would not.
_TEN_RANKS = re.compile(r"[^\s/]{1,9}(?:/[^\s/]{1,9}){9}(?:\s|$)")


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


_MARK_CHARS = 200


def looks_like(text: str) -> bool:
    """The `xiangqi:` prefix Slugboard writes, or Xiangqi FEN. A bare slug carries no
    mark, so it is left to the registry's last resort."""
    try:
        if not isinstance(text, str):
            return False
        # The marks stand at the start: only the head is looked at (a FEN's placement is
        # at most 99 characters), so that a FEN followed by a long tail is still xiangqi's
        # to read, or to refuse.
        t = text.lstrip()[:_MARK_CHARS]
        if t[:1] in ("<", '"', "'"):
            t = t[1:].lstrip()
        if t[: len(PREFIX)].lower() == PREFIX or t[: len(PREFIX) + 2].lower() == "xiangqi%3a":
            return True
        return bool(_FEN_SHAPE.match(t))
    except Exception:  # looks_like must never raise, whatever it is given
        return False


def read_by_chance(board: Board) -> str | None:
    """Why a bare slug (no `xiangqi:` prefix, no FEN) that reads as `board` most likely
    holds no position but text of another kind (another game's slug, damaged): a position
    no game reaches, with no general at all, the generals facing, or the side not to move
    in check. Any string of 26 or more base64 letters reads as some position, so detection
    takes a bare slug only when it could be one. None when it could."""
    from .rules import problems

    found = problems(board)
    if sum(p.kind is Kind.NO_KING for p in found) == 2:
        return "it has no general on either side"
    for problem in found:
        if problem.kind in (Kind.FACING_KINGS, Kind.CHECK):
            return problem.message
    return None


def decode(text: str) -> Board:
    """A slug (either base64 alphabet, `xiangqi:` prefix or none) or Xiangqi FEN."""
    if not isinstance(text, str):
        raise FormatError(NAME, f"expected text, got {type(text).__name__}")
    t = _unwrap(text)
    if not t:
        raise FormatError(NAME, "the text is empty", 0)
    with located_in(text, t):
        return _decode_unwrapped(text, t)


def _decode_unwrapped(text: str, t: str) -> Board:
    if _FEN_SHAPE.match(t):
        try:
            board = from_fen(t)
        except SlugError as fen_error:
            try:
                return decode_slug(t)
            except SlugError:
                raise fen_error from None
        if len(t) > len(t.split(None, 1)[0]):
            # More than the placement: its fields and moves, or text that is neither.
            refuse_what_is_not_moves(t)
        return board
    if _FEN_LIKE.match(t) or _TEN_RANKS.match(t):
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


# The author's series appends the game's moves, 7-14 bits each, after the position (at
# most 177 bits). A slug is refused beyond what a position and MAX_HISTORY_MOVES moves
# can fill: a longer text is not a game's, whatever its head reads as (a pasted 3.9 MB
# tail once opened as the position its first 23 bytes held).
MAX_HISTORY_MOVES = 1_000
MAX_SLUG_CHARS = -(-(177 + 14 * MAX_HISTORY_MOVES) // 6)  # 2,363 characters


def decode_slug(slug: str) -> Board:
    if len(slug) > MAX_SLUG_CHARS:
        raise TooLongError(
            NAME,
            f"the text is {len(slug):,} characters long: a xiangqi slug (a position and the moves of a game) "
            f"has at most {MAX_SLUG_CHARS:,}",
            MAX_SLUG_CHARS,
        )
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
        index = read_index(reader, len(candidates))
        rows.append((candidates[index], position))
    return rows, red


def from_rows_checked(rows: list[tuple[int, int]], red: bool) -> Board:
    cells = [""] * 90
    owner: dict[int, int] = {}
    for row, (sq, position) in enumerate(rows):
        if sq == CAPTURED:
            continue
        if sq in owner:
            raise ValueRangeError(
                NAME, f"{row_name(owner[sq])} and {row_name(row)} are both on {square_name(sq)}", position
            )
        owner[sq] = row
        cells[sq] = ROW_LETTERS[row]
    return Board(tuple(cells), red, tuple(sq for sq, _ in rows))


# --- writing --------------------------------------------------------------------------


def slug_bits(board: Board) -> BitWriter:
    rows = canonical_rows(board)
    writer = BitWriter()
    writer.write(1 if board.red_to_move else 0, 1)
    for row, sq in enumerate(rows):
        value, bits = prefix_code(INDEX[row][sq], len(CANDIDATES[row]))
        writer.write(value, bits)
    return writer


def encode(board: Board, *, urlsafe: bool = False) -> str:
    """The slug; raises ValueRangeError naming the piece when the code cannot hold the
    position."""
    return b64encode(slug_bits(board).to_bytes(pad_bit=1), padded=False, urlsafe=urlsafe)


def bit_length(board: Board) -> int:
    return len(slug_bits(board))


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
        raise FormatError(NAME, f'"turn" must be "red" or "black", not {shown(turn)}')
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

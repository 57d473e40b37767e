"""Move notation: WXF ("C2=5", "H8+7", "R+=3") and Chinese ("炮二平五", "马８进７"), written
from a position and a move, and move lists read back from text (WXF, Chinese or ICCS
coordinates), after a FEN or alone from the opening.

Files count from each player's right (Red's 1 is file i, Black's 1 is file a); "+" is
forward, "-" backward, "=" (or ".") sideways. Two pieces of a kind on one file are told
apart by "+" (front) and "-" (rear) in place of the file; three soldiers by front, the
file digit for the middle one, and rear; four or five by "++" and "--" at the ends. In
Chinese: 進 退 平, Red's numbers 一-九, Black's １-９, and 前 中 後 for tandem pieces; the
pieces as the board draws them (Red 帥仕相傌俥炮兵, Black 將士象馬車砲卒). Simplified forms
(马, 车, 进, 后...) are read too.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence

from ..errors import FormatError, SlugError, ValueRangeError, shown
from .fen import _FEN_HEAD, _MOVE_NUMBER, _TOKEN, MAX_LIST_CHARS, from_fen, move_words
from .model import BLACK_LETTERS, NAME, OPENING_FEN, RED_LETTERS, Board, is_red
from .moves import Move, iccs, parse_iccs, piece_moves, play
from .tree import is_legal

WXF_LETTERS = {"K": "K", "A": "A", "B": "E", "N": "H", "R": "R", "C": "C", "P": "P"}
# The characters the board draws (traditional forms, Red and Black told apart).
CHINESE_RED = {"K": "帥", "A": "仕", "B": "相", "N": "傌", "R": "俥", "C": "炮", "P": "兵"}
CHINESE_BLACK = {"K": "將", "A": "士", "B": "象", "N": "馬", "R": "車", "C": "砲", "P": "卒"}
ADVANCE, RETREAT, TRAVERSE = "進", "退", "平"
FRONT, MIDDLE, REAR = "前", "中", "後"
# Simplified forms read as the same move.
_SIMPLIFIED = str.maketrans({"帅": "帥", "马": "馬", "车": "車", "将": "將", "进": "進", "后": "後"})
# Chinese moves are written in one script, traditional (as the board draws its pieces) unless
# simplified is asked for; simplified, as most record programs write it, gives both sides'
# horses, rooks, cannons and generals one name (炮二平五 马８进７).
SCRIPTS = ("traditional", "simplified")
DEFAULT_SCRIPT = "traditional"
TO_SIMPLIFIED = str.maketrans("帥傌俥將馬車砲進後", "帅马车将马车炮进后")
RED_NUMBERS = "一二三四五六七八九"
BLACK_NUMBERS = "１２３４５６７８９"


def _file_number(col: int, red: bool) -> int:
    return 9 - col if red else col + 1


def _parts(board: Board, move: Move) -> tuple[str, str, str, int, bool]:
    """(kind, where: a file digit or a tandem mark, direction +/-/=, the number, red)."""
    source, target = move
    letter = board.cells[source]
    red = is_red(letter)
    kind = letter.upper()
    r0, c0 = divmod(source, 9)
    r1, c1 = divmod(target, 9)
    forward_rows = r0 - r1 if red else r1 - r0
    direction = "=" if forward_rows == 0 else "+" if forward_rows > 0 else "-"
    if kind in "NBA" or direction == "=":
        number = _file_number(c1, red)
    else:
        number = abs(forward_rows)
    where = str(_file_number(c0, red))
    if kind not in "KAB":
        # Same pieces on this file, front (nearest the enemy) first.
        file_rows = [r for r in range(10) if board.cells[r * 9 + c0] == letter]
        if not red:
            file_rows.reverse()
        if len(file_rows) > 1:
            index = file_rows.index(r0)
            where = _tandem_mark(index, len(file_rows), where)
    return kind, where, direction, number, red


def _tandem_mark(index: int, count: int, file_digit: str) -> str:
    marks = {2: ("+", "-"), 3: ("+", file_digit, "-"), 4: ("++", "+", "-", "--"), 5: ("++", "+", file_digit, "-", "--")}
    return marks.get(count, ("+",) + (file_digit,) * (count - 2) + ("-",))[index]


def _tandem_files(board: Board, letter: str) -> int:
    files = 0
    for col in range(9):
        if sum(1 for r in range(10) if board.cells[r * 9 + col] == letter) > 1:
            files += 1
    return files


def wxf(board: Board, move: Move) -> str:
    """The move in WXF notation, as the side to move writes it."""
    kind, where, direction, number, red = _parts(board, move)
    letter = WXF_LETTERS[kind]
    if where in ("++", "--"):
        return f"{where}{direction}{number}"
    if where in ("+", "-") and kind == "P" and _tandem_files(board, board.cells[move[0]]) > 1:
        # Tandem soldiers on two files: the file digit takes the letter's place.
        return f"{_file_number(move[0] % 9, red)}{where}{direction}{number}"
    return f"{letter}{where}{direction}{number}"


def chinese(board: Board, move: Move, script: str = DEFAULT_SCRIPT) -> str:
    """The move in Chinese notation ("炮二平五"), in `script` (SCRIPTS)."""
    text = _chinese(board, move)
    return text.translate(TO_SIMPLIFIED) if script == "simplified" else text


def _chinese(board: Board, move: Move) -> str:
    kind, where, direction, number, red = _parts(board, move)
    names = CHINESE_RED if red else CHINESE_BLACK
    numbers = RED_NUMBERS if red else BLACK_NUMBERS
    verb = {"+": ADVANCE, "-": RETREAT, "=": TRAVERSE}[direction]
    name = names[kind]
    if where.isdigit():
        head = name + numbers[int(where) - 1]
        if kind != "P" or not _is_middle(board, move):
            return head + verb + numbers[number - 1]
        return MIDDLE + name + verb + numbers[number - 1]
    if kind == "P" and _tandem_files(board, board.cells[move[0]]) > 1:
        # Soldiers tandem on two files: numbered from the player's right file, front to rear.
        return RED_NUMBERS[_soldier_number(board, move[0]) - 1] + name + verb + numbers[number - 1]
    mark = {"+": FRONT, "-": REAR, "++": FRONT, "--": REAR}[where]
    if where == "+" and _count_on_file(board, move) >= 4:
        mark = "二"
    elif where == "-" and _count_on_file(board, move) >= 4:
        mark = "三" if _count_on_file(board, move) == 4 else "四"
    return mark + name + verb + numbers[number - 1]


def _tandem_soldiers(board: Board, letter: str) -> list[int]:
    """The squares of `letter`'s soldiers that share a file with another, in the order
    the numbered notation counts them: files from the player's right, front to rear."""
    red = is_red(letter)
    cols = range(8, -1, -1) if red else range(9)
    found: list[int] = []
    for col in cols:
        rows = [r for r in range(10) if board.cells[r * 9 + col] == letter]
        if len(rows) > 1:
            found.extend(r * 9 + col for r in (rows if red else reversed(rows)))
    return found


def _soldier_number(board: Board, square: int) -> int:
    return _tandem_soldiers(board, board.cells[square]).index(square) + 1


def move_names(board: Board, move: Move) -> str | None:
    """A move a piece's way of moving could make (legal or not) in WXF and Chinese,
    "C2=5 炮二平五"; None when no notation can name it (a rook's diagonal step)."""
    source, target = move
    letter = board.cells[source]
    if not letter or source == target:
        return None
    kind = letter.upper()
    dr, dc = abs(target // 9 - source // 9), abs(target % 9 - source % 9)
    shapes = {"N": {(1, 2), (2, 1)}, "B": {(2, 2)}, "A": {(1, 1)}}
    if kind in shapes:
        if (dr, dc) not in shapes[kind]:
            return None
    elif dr and dc:
        return None
    return f"{wxf(board, move)} {chinese(board, move)}"


def _count_on_file(board: Board, move: Move) -> int:
    col = move[0] % 9
    return sum(1 for r in range(10) if board.cells[r * 9 + col] == board.cells[move[0]])


def _is_middle(board: Board, move: Move) -> bool:
    return _count_on_file(board, move) in (3, 5) and board.cells[move[0]].upper() == "P"


def _normal(token: str) -> str:
    t = token.strip().upper().replace(".", "=").replace("N", "H").replace("B", "E")
    return t.replace("進", "+").replace("退", "-").replace("平", "=")


# A SAN-style move as WinBoard and Fairy-Stockfish write xiangqi: the piece's letter (none
# for a soldier), the file or rank it leaves when two could go, x for a capture, the target.
_SAN = re.compile(r"([KAEBHNRCP])?([a-i])?(10|[0-9])?x?([a-i])(10|[0-9])")
SAN_WORD = re.compile(r"(?<![\w.])[KAEBHNRCP]?[a-i]?(?:10|[0-9])?x?[a-i](?:10|[0-9])(?![\w])")
_SAN_KIND = {"K": "K", "A": "A", "E": "B", "B": "B", "H": "N", "N": "N", "R": "R", "C": "C", "P": "P"}


def parse_move(board: Board, token: str, position: int = 0, rank_base: int | None = None) -> Move:
    """The legal move that `token` names on `board`: ICCS, WXF (ASCII or full-width),
    Chinese (traditional or simplified, soldiers numbered or by file) or SAN-style, its
    ranks counted from `rank_base` (0 or 1, else the other; None tries 1, then 0)."""
    token = unicodedata.normalize("NFKC", token) if not token.isascii() else token
    if re.fullmatch(r"[a-iA-I][0-9]-?[a-iA-I][0-9]", token):
        move = parse_iccs(token, position)
        if is_legal(board.cells, board.red_to_move, move):
            return move
        if rank_base is None:
            raise FormatError(NAME, f"{token} is not a legal move here", position)
    san = _SAN.fullmatch(token.rstrip("+#"))  # a check mark after a SAN-style move; WXF ends with its digit
    if san:
        kind = _SAN_KIND[san.group(1)] if san.group(1) else "P"
        return _san_move(board, _moves_of(board, kind), san, token, position, rank_base)
    # Only the named kind's moves can be meant, and only those spelled so need their
    # legality checked: a long record reads many times faster.
    moves = _moves_of(board, _token_kind(token), checked=False)
    if token.isascii():
        wanted = _normal(token)
        found = [m for m in moves if wanted in _wxf_spellings(board, m)]
        # The file digit also names a lone tandem piece when only one of them can make the move.
        if (
            not any(is_legal(board.cells, board.red_to_move, m) for m in found)
            and len(wanted) == 4
            and wanted[1].isdigit()
        ):
            found = [m for m in moves if _loose_wxf(board, m) == wanted]
    else:
        key = _chinese_key(token)
        found = [m for m in moves if key in _chinese_spellings(board, m)]
    found = [m for m in found if is_legal(board.cells, board.red_to_move, m)]
    if len(found) == 1:
        return found[0]
    if found:
        raise FormatError(NAME, f"{token} names more than one move here", position)
    raise FormatError(NAME, f"{token} is not a legal move here", position)


def _moves_of(board: Board, kind: str | None, checked: bool = True) -> list[Move]:
    """The moves of the side to move's pieces of `kind` (all its pieces for None): the
    legal ones, or with `checked` False every move the pieces' ways of moving allow."""
    cells, red = board.cells, board.red_to_move
    letters = (kind if red else kind.lower(),) if kind else (RED_LETTERS if red else BLACK_LETTERS)
    return [
        (source, target)
        for source, here in enumerate(cells)
        if here and here in letters
        for target in piece_moves(cells, source)
        if not checked or is_legal(cells, red, (source, target))
    ]


def _san_move(
    board: Board, moves: Sequence[Move], san: re.Match[str], token: str, position: int, rank_base: int | None
) -> Move:
    _letter, from_file, from_rank, to_file, to_rank = san.groups()
    # The preferred count first; the other when it names no move (a short game may show neither rank 0 nor 10).
    for base in (rank_base, 1 - rank_base) if rank_base is not None else (1, 0):
        rank = int(to_rank) - base
        if not 0 <= rank <= 9:
            continue
        target = (9 - rank) * 9 + "abcdefghi".index(to_file)
        found = []
        for move in moves:
            source = move[0]
            if move[1] != target:
                continue
            if from_file and "abcdefghi"[source % 9] != from_file:
                continue
            if from_rank and 9 - source // 9 != int(from_rank) - base:
                continue
            found.append(move)
        if len(found) == 1:
            return found[0]
        if found:
            raise FormatError(NAME, f"{token} names more than one move here", position)
    raise FormatError(NAME, f"{token} is not a legal move here", position)


_WXF_TANDEM = re.compile(r"([A-Z1-9])([+-]{1,2})([+\-=][1-9])")


def _wxf_spellings(board: Board, move: Move) -> tuple[str, ...]:
    """The ways WXF writes the move: as `wxf` does ("R++2", "7++1") and with the tandem
    mark first ("+R+2", "+7+1"), as many programs write it."""
    written = _normal(wxf(board, move))
    tandem = _WXF_TANDEM.fullmatch(written)
    if tandem:
        head, mark, rest = tandem.groups()
        return written, mark + head + rest
    return (written,)


def _chinese_spellings(board: Board, move: Move) -> tuple[str, ...]:
    """The ways programs write the move in Chinese, as `_chinese_key`s: as `chinese` does,
    and for a tandem piece also with its file ("前兵七進一", "前七進一"); soldiers tandem on
    two files both numbered ("一兵進一") and by front, middle and rear with their file."""
    written = chinese(board, move)
    kind, where, _direction, _number, red = _parts(board, move)
    if where.isdigit() and not _is_middle(board, move):
        return (_chinese_key(written),)
    names = CHINESE_RED if red else CHINESE_BLACK
    numbers = RED_NUMBERS if red else BLACK_NUMBERS
    tail = written[-2:]
    file = numbers[_file_number(move[0] % 9, red) - 1]
    rows = [r for r in range(10) if board.cells[r * 9 + move[0] % 9] == board.cells[move[0]]]
    if not red:
        rows.reverse()
    index = rows.index(move[0] // 9)
    mark = FRONT if index == 0 else REAR if index == len(rows) - 1 else MIDDLE if len(rows) == 3 else written[0]
    spelled = [written, mark + names[kind] + file + tail, mark + file + tail, names[kind] + file + mark + tail]
    if kind == "P":
        spelled.append(mark + names[kind] + tail)
        if _tandem_files(board, board.cells[move[0]]) > 1:
            spelled.append(RED_NUMBERS[_soldier_number(board, move[0]) - 1] + names[kind] + tail)
    return tuple(_chinese_key(text) for text in spelled)


_KIND_OF = {"K": "K", "A": "A", "E": "B", "B": "B", "H": "N", "N": "N", "R": "R", "C": "C", "P": "P"}
for _kind, _name in list(CHINESE_RED.items()) + list(CHINESE_BLACK.items()):
    _KIND_OF[_name] = _kind
_KIND_OF.update({"帅": "K", "将": "K", "马": "N", "车": "R", "包": "C"})


def _token_kind(token: str) -> str | None:
    """The piece kind a WXF or Chinese move names, when its text says (None: a tandem
    soldier's digit, or a mark the reader works out from the board)."""
    first = token[:1].upper()
    if first in _KIND_OF:
        return _KIND_OF[first]
    if len(token) > 1 and token[1] in _KIND_OF and not token[1].isascii():
        return _KIND_OF[token[1]]
    return None


def _chinese_key(text: str) -> str:
    """Chinese notation with simplified forms and the two sides' piece names made one."""
    key = text.translate(_SIMPLIFIED)
    for red, black in zip(CHINESE_RED.values(), CHINESE_BLACK.values()):
        key = key.replace(red, black)
    key = key.replace("包", "砲").translate(str.maketrans("123456789", BLACK_NUMBERS))
    if key[:1] in BLACK_NUMBERS and key[1:2] in CHINESE_BLACK.values():
        # An ordinal before the piece ("２卒", "2卒"): one spelling for both sides, "二卒".
        key = RED_NUMBERS[BLACK_NUMBERS.index(key[0])] + key[1:]
    return key


def _loose_wxf(board: Board, move: Move) -> str:
    kind, _where, direction, number, red = _parts(board, move)
    return f"{WXF_LETTERS[kind]}{_file_number(move[0] % 9, red)}{direction}{number}"


def parse_moves(board: Board, text: str, offset: int = 0) -> list[Move]:
    """The moves of a move list read from `board` on; raises FormatError at the first
    token that is not a legal move (its position counts in the whole text)."""
    if len(text) > MAX_LIST_CHARS:
        raise FormatError(NAME, f"a move list is at most {MAX_LIST_CHARS:,} characters", offset + MAX_LIST_CHARS)
    moves: list[Move] = []
    for word, start, is_move in move_words(text):
        if not is_move and not is_move_word(word):
            raise FormatError(
                NAME, f"{shown(word)} is not a move (write moves like C2=5, 炮二平五 or h2e2)", offset + start
            )
        move = parse_move(board, word, offset + start)
        moves.append(move)
        board = play(board, move)
    return moves


# WXF with the tandem mark first ("+P+1", "-R=5"), which the FEN reader's word pattern leaves out.
_MARK_FIRST = re.compile(r"[+\-]{1,2}[KAEHRCPBNkaehrcpbn1-9][+\-=.][1-9]")


def is_move_word(word: str) -> bool:
    """Whether a word is written as a move: ICCS, WXF (ASCII or full-width, either tandem
    order), Chinese or SAN-style. Never raises."""
    if not word.isascii():
        word = unicodedata.normalize("NFKC", word)
    return bool(_TOKEN.fullmatch(word) or _MARK_FIRST.fullmatch(word) or _SAN.fullmatch(word.rstrip("+#")))


def parse_game(text: str) -> tuple[Board, list[Move]]:
    """A FEN followed by a move list, or a move list alone (played from the opening)."""
    if not isinstance(text, str):
        raise FormatError(NAME, f"expected text, got {type(text).__name__}")
    head = _FEN_HEAD.match(text)
    if head:
        start = from_fen(head.group())
        return start, parse_moves(start, text[head.end() :], head.end())
    start = from_fen(OPENING_FEN)
    return start, parse_moves(start, text)


def looks_like_moves(text: str) -> bool:
    """Is the text a move list (after a FEN or alone)? Never raises."""
    try:
        head = _FEN_HEAD.match(text)
        rest = text[head.end() :] if head else text
        words = [w for w in (_MOVE_NUMBER.sub(" ", rest)).split() if w]
        return bool(words) and all(is_move_word(w) for w in words)
    except Exception:  # must never raise
        return False


def text_hint(text: str) -> str | None:
    """What a text that no game opens as a board is, when it is a move list with no position
    before it (the game's TEXT_HINT): said where it is refused, so that a person finds
    where moves are replayed."""
    if _FEN_HEAD.match(text) or not looks_like_moves(text):
        return None
    return (
        "it is a xiangqi move list with no position: Paste moves (Xiangqi, Play mode, Ctrl+Shift+P) replays it "
        "from the opening, and a FEN before the moves opens that position with them"
    )


def moves_in_text(text: str, board: Board) -> list[Move] | None:
    """The moves of a pasted game: for a FEN (read as `board`) followed by a move list, the
    moves; None for a text that holds no move list after its position. Raises SlugError
    saying why a move list it holds cannot be played from there (too long, a move that is
    not legal, a position no game can start from), so no move is dropped without a word."""
    if not looks_like_moves(text):
        return None
    from .rules import play_problems

    start, moves = parse_game(text)
    if not moves or start != board:
        return None
    blockers = play_problems(start)
    if blockers:
        raise ValueRangeError(NAME, f"the moves after the position cannot be played: {blockers[0].message}")
    return moves


def game_in_text(text: str, board: Board) -> list[Move] | None:
    """`moves_in_text`, or None where it raises."""
    try:
        return moves_in_text(text, board)
    except SlugError:
        return None


def shown_board(text: str, board: Board) -> Board:
    """The position a pasted text shows, as the window opens it: for a FEN followed by a
    move list, the position after the moves; else `board` (what the text's FEN reads as).
    Raises SlugError when the text holds moves that cannot be played."""
    for move in moves_in_text(text, board) or ():
        board = play(board, move)
    return board


def wxf_list(start: Board, moves: Sequence[Move], name: Callable[[Board, Move], str] | None = None) -> str:
    """The moves as numbered WXF text, one move pair a line ("1. C2=5 H8+7"); or named by
    `name` (Chinese: `chinese_list`)."""
    name = name or wxf
    lines: list[str] = []
    board = start
    number = 1
    line: list[str] = []
    if not start.red_to_move:
        line = [f"{number}.", "..."]
    for move in moves:
        if board.red_to_move:
            line = [f"{number}."]
        line.append(name(board, move))
        board = play(board, move)
        if board.red_to_move:
            lines.append(" ".join(line))
            line = []
            number += 1
    if line:
        lines.append(" ".join(line))
    return "\n".join(lines)


def chinese_list(start: Board, moves: Sequence[Move], script: str = DEFAULT_SCRIPT) -> str:
    """The moves as numbered Chinese text in `script`, one move pair a line ("1. 炮二平五 馬８進７")."""
    return wxf_list(start, moves, lambda board, move: chinese(board, move, script))


def game_text(start: Board, moves: Sequence[Move]) -> str:
    """The game as Copy moves writes it: the FEN it starts from, then its moves in WXF,
    so that `parse_game` reads it back from any position."""
    from .model import to_fen

    listed = wxf_list(start, moves)
    return f"{to_fen(start)}\n{listed}" if listed else to_fen(start)


def iccs_list(moves: Sequence[Move]) -> str:
    return " ".join(iccs(m) for m in moves)

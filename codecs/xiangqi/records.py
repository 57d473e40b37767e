"""Game records as players keep them: PGN (the xiangqi flavour), XQF (XQStudio's binary
format, plain and encrypted) and DhtmlXQ/UBB text from forums, read into one model: a
starting position and a tree of moves, each with its comment; the first child of a node
is the main line, the others its variations. PGN is written back the same way.

Text comes in UTF-8 or GBK (GB18030, which holds GBK): a file that is not UTF-8 is read
as GB18030. Every reader raises only SlugError (FormatError with the character or byte
where reading failed), refuses files over MAX_FILE_BYTES and games over MAX_NODES moves.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from typing import Any

from ..errors import FormatError, SlugError
from ..files import read_bytes_limited
from ..game import FileRecord
from ..work import NEVER, Cancel
from .fen import from_fen
from .model import NAME, OPENING_FEN, Board, to_fen
from .moves import Move, iccs, legal_moves, play
from .notation import chinese, parse_move, wxf

MAX_FILE_BYTES = 8_000_000
MAX_NODES = 20_000  # moves in one game, variations included
MAX_FILE_NODES = 100_000  # moves in one file (a few tenths of a millisecond each to check)
MAX_GAMES = 5_000
MAX_COMMENT = 20_000
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
# Records keep Chinese moves in the simplified forms most programs write (炮二平五 马８进７).
_SIMPLIFIED = str.maketrans("帥傌俥將馬車砲進後", "帅马车将马车炮进后")


class Node:
    """A move (None at the root), the comment after it, and what may follow it."""

    __slots__ = ("move", "comment", "children", "parent")

    def __init__(self, move: Move | None = None, parent: Node | None = None) -> None:
        self.move = move
        self.comment = ""
        self.children: list[Node] = []
        self.parent = parent

    def add(self, move: Move) -> Node:
        for child in self.children:
            if child.move == move:
                return child
        child = Node(move, self)
        self.children.append(child)
        return child


class GameRecord:
    """One game: its tags (Event, Red, Black, Result...), its start and its tree of moves."""

    def __init__(self, start: Board, root: Node | None = None, tags: dict[str, str] | None = None) -> None:
        self.start = start
        self.root = root or Node()
        self.tags = dict(tags or {})

    @property
    def main_line(self) -> list[Move]:
        moves: list[Move] = []
        node = self.root
        while node.children:
            node = node.children[0]
            assert node.move is not None
            moves.append(node.move)
        return moves

    @property
    def final_board(self) -> Board:
        board = self.start
        for move in self.main_line:
            board = play(board, move)
        return board

    def variations(self) -> list[tuple[int, list[Move]]]:
        """Every variation as (the ply it replaces, counted from 0, its moves along its
        own main line), in the order they stand in the record."""
        found: list[tuple[int, list[Move]]] = []
        stack: list[tuple[Node, int]] = [(self.root, 0)]
        while stack:
            node, ply = stack.pop()
            for child in reversed(node.children[1:]):
                found.append((ply, _line_from(child)))
                stack.append((child, ply + 1))
            if node.children:
                stack.append((node.children[0], ply + 1))
        found.sort(key=lambda v: v[0])
        return found

    def comments(self) -> list[tuple[int, str]]:
        """The main line's comments: (ply after which it stands, 0 = before the first move)."""
        found: list[tuple[int, str]] = []
        node, ply = self.root, 0
        while True:
            if node.comment:
                found.append((ply, node.comment))
            if not node.children:
                return found
            node, ply = node.children[0], ply + 1

    def facts(self) -> dict[str, Any]:
        return {
            "moves": [iccs(m) for m in self.main_line],
            "final_fen": to_fen(self.final_board),
            "variations": len(self.variations()),
            "tags": self.tags,
        }


def copy_record(record: GameRecord) -> GameRecord:
    """A copy whose tree can be changed without changing the record's (made without
    recursion: a long game is a deep tree)."""
    root = Node()
    root.comment = record.root.comment
    stack = [(record.root, root)]
    while stack:
        old, new = stack.pop()
        for child in old.children:
            copied = Node(child.move, new)
            copied.comment = child.comment
            new.children.append(copied)
            stack.append((child, copied))
    return GameRecord(record.start, root, record.tags)


def _line_from(node: Node) -> list[Move]:
    moves: list[Move] = []
    while True:
        assert node.move is not None
        moves.append(node.move)
        if not node.children:
            return moves
        node = node.children[0]


class _Counter:
    """Moves read so far, in the game and in the file; every few hundred, a look at Cancel."""

    def __init__(self, cancel: Cancel = NEVER) -> None:
        self.game = 0
        self.file = 0
        self.cancel = cancel

    def new_game(self) -> None:
        self.game = 0

    def count(self, position: int | None = None) -> None:
        self.game += 1
        self.file += 1
        if self.game > MAX_NODES:
            raise FormatError(NAME, f"a game record holds at most {MAX_NODES:,} moves", position)
        if self.file > MAX_FILE_NODES:
            raise FormatError(NAME, f"a file holds at most {MAX_FILE_NODES:,} moves", position)
        if self.file % 256 == 0:
            self.cancel.check()


# --- text -----------------------------------------------------------------------------


def decode_text(data: bytes) -> str:
    """UTF-8 (with or without its mark), else GB18030 (GBK's superset)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("gb18030", errors="replace")


def read_file(path: str | os.PathLike[str], cancel: Cancel = NEVER) -> list[GameRecord]:
    """The games in a PGN, XQF or DhtmlXQ file (told apart by their content). A FIFO or a
    device is refused at once, without waiting on it (files.read_bytes_limited)."""
    data = read_bytes_limited(os.fspath(path), MAX_FILE_BYTES, NAME)
    if len(data) > MAX_FILE_BYTES:
        raise FormatError(NAME, f"a game record file is at most {MAX_FILE_BYTES:,} bytes", MAX_FILE_BYTES)
    return read_bytes(data, cancel)


def read_records(path: str | os.PathLike[str], cancel: Cancel = NEVER) -> list[FileRecord]:
    """The games of a record file as the package's file type gives them: each game's
    starting position, its facts for `slugboard-codec import` (the main line in ICCS and
    the position after it) and the game itself for the page."""
    return [FileRecord(game.start, game.facts(), game) for game in read_file(path, cancel)]


def read_bytes(data: bytes, cancel: Cancel = NEVER) -> list[GameRecord]:
    if data[:2] == b"XQ":
        return [read_xqf(data, cancel)]
    return read_text(decode_text(data), cancel)


def read_text(text: str, cancel: Cancel = NEVER) -> list[GameRecord]:
    """PGN games, or a DhtmlXQ record, or a FEN and move list."""
    if len(text) > MAX_FILE_BYTES:
        raise FormatError(NAME, f"a game record is at most {MAX_FILE_BYTES:,} characters", MAX_FILE_BYTES)
    if "[DhtmlXQ" in text:
        return [read_dhtmlxq(text, cancel)]
    from .fen import _FEN_HEAD
    from .notation import parse_game

    if _FEN_HEAD.match(text) and "[" not in text:
        # A FEN followed by a move list, as the window's Copy moves and most sites give it.
        if len(text) > 20_000:
            raise FormatError(NAME, "a FEN and move list is at most 20,000 characters", 20_000)
        start, moves = parse_game(text)
        game = GameRecord(start)
        node = game.root
        for move in moves:
            node = node.add(move)
        return [game]
    return read_pgn(text, cancel)


# --- PGN ------------------------------------------------------------------------------

_PGN_TOKEN = re.compile(
    r"""(?P<tagline>\[\s*(?P<tag>[A-Za-z0-9_]+)\s+"(?P<value>(?:[^"\\]|\\.)*)"\s*\])"""
    r"|\{(?P<comment>[^}]*)\}?"
    r"|;(?P<line>[^\n]*)"
    r"|(?P<open>\()|(?P<close>\))"
    r"|(?P<nag>\$\d+)"
    r"|(?P<result>1-0|0-1|1/2-1/2|\*)(?!\S)"
    r"|(?P<number>\d+\s*\.(?:\s*\.\.)?)"
    r"|(?P<word>[^\s{}();\[\]]+)"
    r"|(?P<junk>\S)"
)


def read_pgn(text: str, cancel: Cancel = NEVER) -> list[GameRecord]:
    """Every game in a PGN text; moves in ICCS, WXF or Chinese, whatever [Format] says."""
    games: list[GameRecord] = []
    tags: dict[str, str] = {}
    state: _PgnGame | None = None
    counter = _Counter(cancel)
    for match in _PGN_TOKEN.finditer(text):
        kind = match.lastgroup
        at = match.start()
        if kind == "tagline":
            if state is not None:  # a tag after moves starts the next game
                games.append(state.finish())
                state, tags = None, {}
                if len(games) % 50 == 0:
                    cancel.check()
                if len(games) >= MAX_GAMES:
                    raise FormatError(NAME, f"a file holds at most {MAX_GAMES:,} games", at)
            if len(tags) < 100:
                tags[match.group("tag")] = match.group("value").replace('\\"', '"')[:1000]
            continue
        if state is None:
            state = _PgnGame(tags, at, counter)
        if kind == "comment" or kind == "line":
            state.comment((match.group("comment") or match.group("line") or "").strip(), at)
        elif kind == "open":
            state.open(at)
        elif kind == "close":
            state.close(at)
        elif kind == "result":
            if state.depth == 0:
                state.tags.setdefault("Result", match.group())
                state.ended = True
        elif kind == "word":
            state.move(match.group("word"), at)
        elif kind == "junk":
            raise FormatError(NAME, f"{match.group()!r} has no place in a PGN game", at)
    if state is None and tags:
        state = _PgnGame(tags, len(text), counter)
    if state is not None:
        games.append(state.finish())
    if not games:
        raise FormatError(NAME, "no game found in the record", 0)
    return games


class _PgnGame:
    def __init__(self, tags: dict[str, str], at: int, counter: _Counter) -> None:
        self.tags = dict(tags)
        counter.new_game()
        self.counter = counter
        fen = tags.get("FEN")
        try:
            start = from_fen(fen) if fen else from_fen(OPENING_FEN)
        except SlugError as exc:
            raise FormatError(NAME, f"the FEN tag cannot be read ({exc.message})", at) from None
        self.record = GameRecord(start, tags=self.tags)
        self.node = self.record.root
        self.board = start
        self.before: Board | None = None
        self.stack: list[tuple[Node, Board, Board | None]] = []
        self.started = False
        self.ended = False

    @property
    def depth(self) -> int:
        return len(self.stack)

    def comment(self, text: str, at: int) -> None:
        self.started = True
        joined = (self.node.comment + "\n" + text).strip() if self.node.comment else text
        self.node.comment = joined[:MAX_COMMENT]

    def open(self, at: int) -> None:
        self.started = True
        if self.node.parent is None or self.before is None:
            raise FormatError(NAME, "a variation must follow a move it replaces", at)
        if len(self.stack) > 200:
            raise FormatError(NAME, "variations are nested too deeply", at)
        self.stack.append((self.node, self.board, self.before))
        self.node, self.board, self.before = self.node.parent, self.before, None

    def close(self, at: int) -> None:
        if not self.stack:
            raise FormatError(NAME, "a ')' closes no variation", at)
        self.node, self.board, self.before = self.stack.pop()

    def move(self, word: str, at: int) -> None:
        self.started = True
        if not word.strip("."):
            return  # "1. ... H8+7": the dots stand for Red's move
        word = word.rstrip("!?+#")  # marks of check and of judgement
        if not word:
            return
        if self.ended and not self.stack:
            raise FormatError(NAME, f"{word!r} comes after the game's result", at)
        try:
            move = parse_move(self.board, word, at)
        except SlugError as exc:
            raise FormatError(NAME, exc.message, at) from None
        self.counter.count(at)
        self.before = self.board
        self.node = self.node.add(move)
        self.board = play(self.board, move)

    def finish(self) -> GameRecord:
        self.record.tags = self.tags
        return self.record


def write_pgn(record: GameRecord, notation: str = "WXF") -> str:
    """The game as PGN: its tags (FEN when it does not start from the opening), moves in
    WXF, ICCS or Chinese, comments in braces and variations in parentheses."""
    if notation not in ("WXF", "ICCS", "Chinese"):
        raise ValueError(f"unknown notation {notation!r}")
    tags = {k: v for k, v in record.tags.items() if k not in ("FEN", "Format")}
    tags.setdefault("Game", "Chinese Chess")
    if to_fen(record.start) != OPENING_FEN:
        tags["FEN"] = to_fen(record.start) + " - - 0 1"
    tags["Format"] = notation
    result = tags.setdefault("Result", "*")
    if result not in RESULTS:
        tags["Result"] = result = "*"
    head = "".join(f'[{name} "{_tag_value(value)}"]\n' for name, value in tags.items())
    words: list[str] = []
    if record.root.comment:
        words.append(_comment(record.root.comment))
    _write_moves(record.root, record.start, words, notation, first=True)
    words.append(result)
    return head + "\n" + _wrap(words) + "\n"


def _tag_value(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def _comment(text: str) -> str:
    return "{" + text.replace("}", ")") + "}"


def _name(board: Board, move: Move, notation: str) -> str:
    if notation == "ICCS":
        return f"{iccs(move)[:2].upper()}-{iccs(move)[2:].upper()}"
    return chinese(board, move).translate(_SIMPLIFIED) if notation == "Chinese" else wxf(board, move)


def _number(board: Board, ply_number: int, first: bool) -> str | None:
    if board.red_to_move:
        return f"{ply_number}."
    return f"{ply_number}..." if first else None


def _write_moves(node: Node, board: Board, words: list[str], notation: str, first: bool) -> None:
    """Write the line from `node` on (iteratively: a long game must not hit the recursion limit)."""
    move_no = 1
    # Each frame: (node whose children follow, board there, move number, whether a number is due)
    stack: list[Any] = [("line", node, board, move_no, first)]
    while stack:
        frame = stack.pop()
        if frame[0] == "text":
            words.append(frame[1])
            continue
        _, node, board, move_no, due = frame
        if not node.children:
            continue
        main = node.children[0]
        assert main.move is not None
        number = _number(board, move_no, due)
        if number:
            words.append(number)
        words.append(_name(board, main.move, notation))
        if main.comment:
            words.append(_comment(main.comment))
        after = play(board, main.move)
        next_no = move_no if board.red_to_move else move_no + 1
        later: list[Any] = []
        for variation in node.children[1:]:
            assert variation.move is not None
            later.append(("text", "("))
            later.append(("var", variation, board, move_no))
            later.append(("text", ")"))
        stack.append(("line", main, after, next_no, bool(node.children[1:])))
        for item in reversed(later):
            if item[0] == "var":
                _, var, vboard, vno = item
                # A variation: its first move, then its own line.
                stack.append(("line", var, play(vboard, var.move), vno if vboard.red_to_move else vno + 1, False))
                if var.comment:
                    stack.append(("text", _comment(var.comment)))
                stack.append(("text", _name(vboard, var.move, notation)))
                stack.append(("text", f"{vno}." if vboard.red_to_move else f"{vno}..."))
            else:
                stack.append(item)


def _wrap(words: Sequence[str], width: int = 80) -> str:
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return "\n".join(lines)


# --- XQF ------------------------------------------------------------------------------

_XQF_HEADER = 0x400
# The 32 pieces of the header in their order: Red then Black.
_XQF_PIECES = "RNBAKABNRCCPPPPP"
_XQF_RESULTS = {1: "1-0", 2: "0-1", 3: "1/2-1/2", 4: "1/2-1/2"}
# Tag name, offset of the length byte, the most bytes it can hold.
_XQF_TEXTS = (
    ("Title", 80, 63),
    ("Event", 208, 63),
    ("Date", 272, 15),
    ("Site", 288, 15),
    ("Red", 304, 15),
    ("Black", 320, 15),
    ("TimeControl", 336, 63),
    ("Annotator", 464, 15),
    ("Author", 480, 15),
)
_COPYRIGHT = b"[(C) Copyright Mr. Dong Shiwei.]"


def _key(b: int, previous: int) -> int:
    return (((((b * b) * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8) * previous & 0xFF


class _XqfKeys:
    """The keys of an encrypted XQF file (version 11 and later), from its header."""

    def __init__(self, header: bytes) -> None:
        mask, sum_, xy, xyf, xyt = header[3], header[12], header[13], header[14], header[15]
        self.xy = _key(xy, xy)
        self.xyf = _key(xyf, self.xy)
        self.xyt = _key(xyt, self.xyf)
        self.comment_size = ((sum_ * 256 + xy) % 32000) + 767
        ors = header[8:12]
        bytes4 = ((sum_ & mask) | ors[0], (xy & mask) | ors[1], (xyf & mask) | ors[2], (xyt & mask) | ors[3])
        self.stream = bytes(c & bytes4[i % 4] for i, c in enumerate(_COPYRIGHT))


def _xqf_square(value: int) -> int | None:
    """An XQF square (x * 10 + y, y counted from Red's side) as ours, or None off the board."""
    x, y = divmod(value, 10)
    if value > 89 or x > 8:
        return None
    return (9 - y) * 9 + x


def read_xqf(data: bytes, cancel: Cancel = NEVER) -> GameRecord:
    """An XQF game: versions up to 10 plain, 11 and later encrypted."""
    if len(data) > MAX_FILE_BYTES:
        raise FormatError(NAME, f"a game record file is at most {MAX_FILE_BYTES:,} bytes", MAX_FILE_BYTES)
    if len(data) < _XQF_HEADER or data[:2] != b"XQ":
        raise FormatError(NAME, "an XQF file starts with a 1,024-byte header marked XQ", min(len(data), 2))
    version = data[2]
    keys = _XqfKeys(data) if version > 10 else None
    raw = data[16:48]
    places = [0] * 32
    if keys is None:
        places = list(raw)
    else:
        for i in range(32):
            places[(keys.xy + i + 1) & 31 if version >= 12 else i] = raw[i]
        places = [(p - keys.xy) & 0xFF for p in places]
    cells = [""] * 90
    for i, place in enumerate(places):
        square = _xqf_square(place)
        if square is None:
            continue
        letter = _XQF_PIECES[i % 16]
        if cells[square]:
            raise FormatError(NAME, "two pieces of the XQF header stand on one point", 16 + i)
        cells[square] = letter if i < 16 else letter.lower()
    tags: dict[str, str] = {}
    for name, offset, most in _XQF_TEXTS:
        length = min(data[offset], most)
        if length:
            tags[name] = data[offset + 1 : offset + 1 + length].decode("gb18030", errors="replace")
    if data[51] in _XQF_RESULTS:
        tags["Result"] = _XQF_RESULTS[data[51]]
    body = data[_XQF_HEADER:]
    if keys is not None:
        stream = keys.stream
        body = bytes((b - stream[(_XQF_HEADER + i) % 32]) & 0xFF for i, b in enumerate(body))
    # Who moves first, for a file with no moves (XQStudio: 1 is Black).
    red_first = data[50] != 1
    return _xqf_moves(body, cells, version, keys, tags, _Counter(cancel), red_first)


def _xqf_moves(
    body: bytes,
    cells: list[str],
    version: int,
    keys: _XqfKeys | None,
    tags: dict[str, str],
    counter: _Counter,
    red_first: bool = True,
) -> GameRecord:
    at = 0

    def take(n: int) -> bytes:
        nonlocal at
        if at + n > len(body):
            raise FormatError(NAME, "the XQF file ends inside a move", _XQF_HEADER + len(body))
        chunk = body[at : at + n]
        at += n
        return chunk

    def comment(flags: int) -> str:
        if keys is None:
            size = int.from_bytes(take(4), "little")
        elif flags & 0x20:
            size = int.from_bytes(take(4), "little") - keys.comment_size
        else:
            return ""
        if size <= 0:
            return ""
        if size > len(body) - at:
            raise FormatError(NAME, "an XQF comment runs past the end of the file", _XQF_HEADER + at)
        return take(size).decode("gb18030", errors="replace")[:MAX_COMMENT]

    root_step = take(4)
    root_comment = comment(root_step[2] & 0xE0)
    # Who moves first is the side of the first move's piece (as XQStudio plays it).
    record: GameRecord | None = None
    root = Node()
    root.comment = root_comment
    # (parent node, board there): where the next step read is played.
    pending: list[tuple[Node, Board | None]] = [(root, None)]
    start_cells = tuple(cells)
    while pending and at < len(body):
        parent, board = pending.pop()
        step_at = _XQF_HEADER + at
        step = take(4)
        flags = step[2]
        if keys is None:
            has_next, has_variation = bool(flags & 0xF0), bool(flags & 0x0F)
            source_code, target_code = (step[0] - 0x18) & 0xFF, (step[1] - 0x20) & 0xFF
        else:
            has_next, has_variation = bool(flags & 0x80), bool(flags & 0x40)
            source_code = (step[0] - 0x18 - keys.xyf) & 0xFF
            target_code = (step[1] - 0x20 - keys.xyt) & 0xFF
        text = comment(flags)
        source, target = _xqf_square(source_code), _xqf_square(target_code)
        if source is None or target is None:
            raise FormatError(NAME, "an XQF move leaves the board", step_at)
        if board is None:
            letter = start_cells[source]
            if not letter:
                raise FormatError(NAME, "the first XQF move starts on an empty point", step_at)
            board = Board(start_cells, letter.isupper())
            if record is None:
                record = GameRecord(board, root, tags)
        move = (source, target)
        if move not in legal_moves(board):
            raise FormatError(NAME, f"the XQF move {iccs(move)} is not legal there", step_at)
        counter.count(step_at)
        node = parent.add(move)
        if text:
            node.comment = text
        # The variation (a sibling) is read after the whole line that follows this move.
        if has_variation:
            pending.append((parent, board))
        if has_next:
            pending.append((node, play(board, move)))
    if record is None:
        record = GameRecord(Board(start_cells, red_first), root, tags)
    return record


# --- DhtmlXQ / UBB --------------------------------------------------------------------

_DHTML_FIELD = re.compile(r"\[DhtmlXQ_([a-z0-9_]+)\](.*?)\[/DhtmlXQ_\1\]", re.S)
_DHTML_PIECES = "RNBAKABNRCCPPPPP"
_DHTML_TAGS = {"title": "Title", "event": "Event", "date": "Date", "place": "Site", "red": "Red", "black": "Black"}


def read_dhtmlxq(text: str, cancel: Cancel = NEVER) -> GameRecord:
    """A DhtmlXQ (UBB) record: `binit` (32 two-digit places, 99 for a taken piece),
    `movelist` (four digits a move: column and row from Black's corner, then the target),
    `move_P_S_N` variations (branch N leaves branch P at its S-th move) and
    `commentN` / `commentB_N` comments."""
    fields: dict[str, tuple[str, int]] = {}
    for match in _DHTML_FIELD.finditer(text):
        if len(fields) > MAX_NODES:
            raise FormatError(NAME, "too many DhtmlXQ fields", match.start())
        fields[match.group(1)] = (match.group(2).strip(), match.start(2))
    if "binit" in fields:
        places, at = fields["binit"]
        if not re.fullmatch(r"\d{64}", places):
            raise FormatError(NAME, "DhtmlXQ_binit holds 32 two-digit places", at)
        cells = [""] * 90
        for i in range(32):
            x, y = int(places[2 * i]), int(places[2 * i + 1])
            if x > 8 or y > 9:
                continue
            square = y * 9 + x
            if cells[square]:
                raise FormatError(NAME, "two pieces of DhtmlXQ_binit stand on one point", at + 2 * i)
            letter = _DHTML_PIECES[i % 16]
            cells[square] = letter if i < 16 else letter.lower()
        start_cells = tuple(cells)
    else:
        start_cells = from_fen(OPENING_FEN).cells
    tags = {tag: fields[key][0][:1000] for key, tag in _DHTML_TAGS.items() if key in fields}
    # The main line is `movelist`, or branch 0 written as a branch (`move_0_1_0`).
    moves_text, moves_at = fields.get("movelist") or fields.get("move_0_1_0") or ("", 0)
    first_red = True
    first = _dhtml_squares(moves_text, moves_at)
    if first:
        letter = start_cells[first[0][0]]
        first_red = letter.isupper() if letter else True
    start = Board(start_cells, first_red)
    record = GameRecord(start, tags=tags)
    counter = _Counter(cancel)
    # Branch id -> the nodes along it (index 0 is the node its first move hangs from).
    branches: dict[int, list[Node]] = {}
    boards: dict[int, list[Board]] = {}
    branches[0], boards[0] = _dhtml_line(record.root, start, first, counter)
    variations = []
    for key, (value, at) in fields.items():
        found = re.fullmatch(r"move_(\d+)_(\d+)_(\d+)", key)
        if found:
            parent, step, branch = (int(g) for g in found.groups())
            if branch == 0:
                continue  # the main line, read above
            variations.append((branch, parent, step, value, at))
    for branch, parent, step, value, at in sorted(variations):
        if parent not in branches or not 1 <= step <= len(branches[parent]) or branch in branches:
            raise FormatError(NAME, f"DhtmlXQ variation {branch} leaves a move that is not there", at)
        hang = branches[parent][step - 1]
        board = boards[parent][step - 1]
        nodes, line_boards = _dhtml_line(hang, board, _dhtml_squares(value, at), counter)
        # Moves before the branch point are shared with the parent branch.
        branches[branch] = branches[parent][: step - 1] + nodes
        boards[branch] = boards[parent][: step - 1] + line_boards
    for key, (value, _at) in fields.items():
        found = re.fullmatch(r"comment(?:(\d+)_)?(\d+)", key)
        if not found:
            continue
        branch = int(found.group(1) or 0)
        ply = int(found.group(2))
        line = branches.get(branch)
        if line is None or ply >= len(line) + 1:
            continue
        node = record.root if ply == 0 else line[ply] if ply < len(line) else None
        if node is not None:
            node.comment = value.replace("||", "\n")[:MAX_COMMENT]
    return record


def _dhtml_squares(text: str, at: int) -> list[tuple[int, int]]:
    text = re.sub(r"\s+", "", text)
    if len(text) % 4 or not text.isdigit() and text:
        raise FormatError(NAME, "a DhtmlXQ move list is four digits a move", at)
    moves = []
    for i in range(0, len(text), 4):
        x0, y0, x1, y1 = (int(c) for c in text[i : i + 4])
        if x0 > 8 or x1 > 8:
            raise FormatError(NAME, "a DhtmlXQ move leaves the board", at + i)
        moves.append((y0 * 9 + x0, y1 * 9 + x1))
    return moves


def _dhtml_line(hang: Node, board: Board, moves: Sequence[Move], counter: _Counter) -> tuple[list[Node], list[Board]]:
    """Play `moves` from `hang`; the nodes a move hangs from and the boards there."""
    nodes, boards = [hang], [board]
    node = hang
    for move in moves:
        if move not in legal_moves(board):
            raise FormatError(NAME, f"the DhtmlXQ move {iccs(move)} is not legal there")
        counter.count()
        node = node.add(move)
        board = play(board, move)
        nodes.append(node)
        boards.append(board)
    return nodes, boards


def iter_nodes(record: GameRecord) -> Iterator[Node]:
    stack = [record.root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))

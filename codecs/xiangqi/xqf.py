"""XQF, XQStudio's binary game record: a 1,024-byte header (the pieces' places, the
texts, the keys of versions 11 and later, which encrypt the file) and the moves as a tree
written depth first, four bytes a step and an optional comment. Facts from the format's
description (cchess's doc/XqfFormat.txt); the code is ours.

The tree is read without recursion. A move that cannot be played drops its branch (the
bytes of what follows it are read past, so the rest of the tree still reads) with a
problem saying where; in the main line the game stops there.
"""

from __future__ import annotations

from ..errors import FormatError
from ..work import NEVER, Cancel
from .model import NAME, Board
from .moves import iccs
from .tree import MAX_COMMENT, MAX_FILE_BYTES, GameRecord, Node, Work, is_legal, played

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
    return _XqfTree(body, keys, Work(len(data), cancel)).read(cells, tags, red_first)


class _XqfTree:
    """The steps of an XQF body, read in the order they were written."""

    def __init__(self, body: bytes, keys: _XqfKeys | None, work: Work) -> None:
        self.body = body
        self.keys = keys
        self.work = work
        self.at = 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.body):
            raise FormatError(NAME, "the XQF file ends inside a move", _XQF_HEADER + len(self.body))
        chunk = self.body[self.at : self.at + n]
        self.at += n
        return chunk

    def comment(self, flags: int) -> str:
        keys = self.keys
        if keys is None:
            size = int.from_bytes(self.take(4), "little")
        elif flags & 0x20:
            size = int.from_bytes(self.take(4), "little") - keys.comment_size
        else:
            return ""
        if size <= 0:
            return ""
        if size > len(self.body) - self.at:
            raise FormatError(NAME, "an XQF comment runs past the end of the file", _XQF_HEADER + self.at)
        return self.take(size).decode("gb18030", errors="replace")[:MAX_COMMENT]

    def step(self) -> tuple[int | None, int | None, bool, bool, str]:
        """(source, target (None off the board), a move follows, a variation follows, comment)."""
        step = self.take(4)
        flags = step[2]
        if self.keys is None:
            has_next, has_variation = bool(flags & 0xF0), bool(flags & 0x0F)
            source_code, target_code = (step[0] - 0x18) & 0xFF, (step[1] - 0x20) & 0xFF
        else:
            has_next, has_variation = bool(flags & 0x80), bool(flags & 0x40)
            source_code = (step[0] - 0x18 - self.keys.xyf) & 0xFF
            target_code = (step[1] - 0x20 - self.keys.xyt) & 0xFF
        text = self.comment(flags)
        return _xqf_square(source_code), _xqf_square(target_code), has_next, has_variation, text

    def read(self, cells: list[str], tags: dict[str, str], red_first: bool) -> GameRecord:
        root_step = self.take(4)
        root = Node()
        root.comment = self.comment(root_step[2] & 0xE0)
        start_cells = tuple(cells)
        # Who moves first is the side of the first move's piece (as XQStudio plays it).
        first = self._first_piece(start_cells)
        record = GameRecord(Board(start_cells, first.isupper() if first else red_first), root, tags)
        # (parent node, cells there and whose turn; None for a step of a branch left out):
        # where the next step is played. Bare cells: a Board checks its cells as it is made.
        pending: list[tuple[Node | None, tuple[str, ...], bool]] = [(root, start_cells, record.start.red_to_move)]
        closed: set[int] = set()  # nodes whose main move could not be played: their other moves are left out too
        while pending and self.at < len(self.body):
            parent, here, red = pending.pop()
            step_at = _XQF_HEADER + self.at
            source, target, has_next, has_variation, text = self.step()
            if has_variation:  # the next sibling: read after the whole line that follows this move
                pending.append((parent, here, red))
            if parent is None or id(parent) in closed:
                if has_next:
                    pending.append((None, here, red))
                continue
            if source is None or target is None or not is_legal(here, red, (source, target)):
                name = "off the board" if source is None or target is None else iccs((source, target))
                self._cannot_play(record, parent, name, step_at, closed)
                if has_next:
                    pending.append((None, here, red))
                continue
            move = (source, target)
            self.work.count(step_at)
            node = parent.add(move)
            if text:
                node.comment = text
            if has_next:
                pending.append((node, played(here, move), not red))
        return record

    def _first_piece(self, cells: tuple[str, ...]) -> str:
        """The piece the first move moves, read ahead without changing the place reached."""
        at = self.at
        try:
            source = self.step()[0] if self.at < len(self.body) else None
        except FormatError:
            source = None
        self.at = at
        return cells[source] if source is not None else ""

    @staticmethod
    def _cannot_play(record: GameRecord, parent: Node, name: str, at: int, closed: set[int]) -> None:
        if not parent.children and _on_main_line(parent):
            closed.add(id(parent))  # its other moves would stand in for the main line: left out too
            record.problem(f"The game stops at byte {at:,}: its move {name} cannot be played there")
        else:
            record.problem(f"A variation is cut at byte {at:,}: its move {name} cannot be played there")


def _on_main_line(node: Node) -> bool:
    while node.parent is not None:
        if node.parent.children[0] is not node:
            return False
        node = node.parent
    return True

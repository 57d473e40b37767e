"""The model every game record reads into: a starting position and a tree of moves, each
with its comment; the first child of a node is the main line, the others its variations.
A reader that meets a move it cannot play keeps what stands before it and says so in the
record's `problems`; `Work` bounds what a file may make a reader do by the file's size.
"""

from __future__ import annotations

from typing import Any

from ..errors import FormatError
from ..work import NEVER, Cancel
from .model import NAME, Board, is_red, to_fen
from .moves import Move, general_attacked, iccs, piece_moves, play

MAX_FILE_BYTES = 8_000_000
MAX_NODES = 20_000  # moves any file may hold, however small it is
BYTES_PER_MOVE = 2  # the fewest bytes a move takes in any format ("g4" and a space in SAN)
HOP_FACTOR = 16  # steps to a DhtmlXQ branch's shared start, per move the file may hold
MAX_GAMES = 5_000
MAX_COMMENT = 20_000
MAX_PROBLEMS = 100
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


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
    """One game: its tags (Event, Red, Black, Result...), its start, its tree of moves and
    what its reader had to leave out (`problems`, each a sentence saying where)."""

    def __init__(self, start: Board, root: Node | None = None, tags: dict[str, str] | None = None) -> None:
        self.start = start
        self.root = root or Node()
        self.tags = dict(tags or {})
        self.problems: list[str] = []

    def problem(self, text: str) -> None:
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(text)

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
                found.append((ply, line_from(child)))
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

    def title(self) -> str:
        """A line naming the game: its title or event, else its players."""
        tags = self.tags
        players = " – ".join(p for p in (tags.get("Red") or tags.get("White"), tags.get("Black")) if p)
        return tags.get("Title") or tags.get("Event") or players

    def facts(self) -> dict[str, Any]:
        facts: dict[str, Any] = {
            "moves": [iccs(m) for m in self.main_line],
            "final_fen": to_fen(self.final_board),
            "variations": len(self.variations()),
            "tags": self.tags,
        }
        if self.problems:
            facts["problems"] = list(self.problems)
        return facts


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
    copy = GameRecord(record.start, root, record.tags)
    copy.problems = list(record.problems)
    return copy


def line_from(node: Node) -> list[Move]:
    moves: list[Move] = []
    while True:
        assert node.move is not None
        moves.append(node.move)
        if not node.children:
            return moves
        node = node.children[0]


def is_legal(cells: tuple[str, ...], red: bool, move: Move) -> bool:
    """Whether `move` is legal for `red` on `cells`, as `legal_moves` would say, checked
    alone and on bare cells (a Board checks its cells as it is made): a tree of many
    thousand moves reads some twenty times faster than by listing every move on boards."""
    source, target = move
    letter = cells[source]
    if not letter or is_red(letter) != red:
        return False
    if all(square != target for square in piece_moves(cells, source)):
        return False
    after = list(cells)
    after[target], after[source] = letter, ""
    own = "K" if red else "k"
    if own not in after:
        return True  # without a general of its own, nothing leaves it in check
    return not general_attacked(after, after.index(own), red)


def played(cells: tuple[str, ...], move: Move) -> tuple[str, ...]:
    """The cells after `move` (checked by `is_legal` first)."""
    after = list(cells)
    after[move[1]], after[move[0]] = after[move[0]], ""
    return tuple(after)


def move_limit(size: int) -> int:
    """The moves a file of `size` bytes may hold: as many as its bytes can write, so a real
    opening tree of any size reads and only a file that makes more work than its size
    (a bomb) is refused."""
    return max(MAX_NODES, size // BYTES_PER_MOVE)


class Work:
    """Moves read so far in a file, against the limit its size sets; every few hundred,
    a look at Cancel."""

    def __init__(self, size: int, cancel: Cancel = NEVER) -> None:
        self.limit = move_limit(size)
        self.moves = 0
        self.hops = 0
        self.cancel = cancel

    def count(self, position: int | None = None) -> None:
        self.moves += 1
        if self.moves > self.limit:
            raise FormatError(
                NAME, f"the file asks for more than {self.limit:,} moves, more than its size can hold", position
            )
        if self.moves % 256 == 0:
            self.cancel.check()

    def hop(self, position: int | None = None) -> None:
        """A step taken towards the start a branch shares with the line it leaves."""
        self.hops += 1
        if self.hops > HOP_FACTOR * self.limit:
            raise FormatError(NAME, "the file's variations share more moves than its size can hold", position)
        if self.hops % 65_536 == 0:
            self.cancel.check()

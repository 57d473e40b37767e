"""DhtmlXQ (UBB), the record forums and game databases embed in their pages: `binit`
(32 two-digit places, 99 for a taken piece), `movelist` (four digits a move: column and
row from Black's corner, then the target), `move_P_S_N` variations (branch N leaves
branch P at its S-th move) and `commentN` / `commentB_N` comments. A page may hold several
`[DhtmlXQ]...[/DhtmlXQ]` blocks: each is a game.

A move that cannot be played cuts its branch there (in the main line, the game stops
there), with a problem on the record saying where.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import FormatError
from ..work import NEVER, Cancel
from .fen import from_fen
from .model import NAME, OPENING_FEN, Board
from .moves import Move, iccs
from .tree import MAX_COMMENT, MAX_GAMES, GameRecord, Node, Work, is_legal, played

_DHTML_BLOCK = re.compile(r"\[DhtmlXQ\](.*?)\[/DhtmlXQ\]", re.S | re.I)
_DHTML_FIELD = re.compile(r"\[DhtmlXQ_([a-z0-9_]+)\](.*?)\[/DhtmlXQ_\1\]", re.S)
_DHTML_PIECES = "RNBAKABNRCCPPPPP"
_DHTML_TAGS = {"title": "Title", "event": "Event", "date": "Date", "place": "Site", "red": "Red", "black": "Black"}
_DHTML_RESULTS = {"红胜": "1-0", "紅勝": "1-0", "黑胜": "0-1", "黑勝": "0-1", "和棋": "1/2-1/2"}
MAX_FIELDS = 100_000
# A position as the lines are played: bare cells and whose turn (a Board checks its cells as it is made).
_Here = tuple[tuple[str, ...], bool]


def read_dhtmlxq_games(text: str, cancel: Cancel = NEVER, work: Work | None = None) -> list[GameRecord]:
    """Every DhtmlXQ block of a text (a page may hold several), each a game."""
    work = work or Work(len(text), cancel)
    blocks = [(m.group(1), m.start(1)) for m in _DHTML_BLOCK.finditer(text)] or [(text, 0)]
    if len(blocks) > MAX_GAMES:
        raise FormatError(NAME, f"a file holds at most {MAX_GAMES:,} games", blocks[MAX_GAMES][1])
    return [read_dhtmlxq(block, cancel, work, offset) for block, offset in blocks]


def read_dhtmlxq(text: str, cancel: Cancel = NEVER, work: Work | None = None, offset: int = 0) -> GameRecord:
    """One DhtmlXQ record (see the module's description)."""
    work = work or Work(len(text), cancel)
    fields: dict[str, tuple[str, int]] = {}
    for match in _DHTML_FIELD.finditer(text):
        if len(fields) > MAX_FIELDS:
            raise FormatError(NAME, "too many DhtmlXQ fields", offset + match.start())
        fields[match.group(1)] = (match.group(2).strip(), offset + match.start(2))
    start_cells = _start_cells(fields)
    tags = {tag: fields[key][0][:1000] for key, tag in _DHTML_TAGS.items() if key in fields}
    result = fields.get("result", ("", 0))[0]
    if result in _DHTML_RESULTS:
        tags["Result"] = _DHTML_RESULTS[result]
    # The main line is `movelist`, or branch 0 written as a branch (`move_0_1_0`).
    moves_text, moves_at = fields.get("movelist") or fields.get("move_0_1_0") or ("", offset)
    first = _dhtml_squares(moves_text, moves_at)
    letter = start_cells[first[0][0]] if first else ""
    start = Board(start_cells, letter.isupper() if letter else True)
    record = GameRecord(start, tags=tags)
    branches = _Branches(work)
    cut: set[int] = set()  # branches cut short by a move that cannot be played
    here = (start.cells, start.red_to_move)
    branches.add(0, 0, 0, *_dhtml_line(record, record.root, here, first, work, moves_at, cut, 0))
    variations = []
    for key, (value, at) in fields.items():
        found = re.fullmatch(r"move_(\d+)_(\d+)_(\d+)", key)
        if found:
            parent, step, branch = (int(g) for g in found.groups())
            if branch:  # branch 0 is the main line, read above
                variations.append((branch, parent, step, value, at))
    for branch, parent, step, value, at in sorted(variations):
        # A branch leaving where its parent was cut would stand in for the move left out.
        last = branches.length(parent) - (1 if parent in cut else 0) if parent in branches.lines else 0
        if not 1 <= step <= last or branch in branches.lines:
            record.problem(f"Variation {branch} (character {at + 1:,}) leaves a move that is not there: left out")
            continue
        hang, here = branches.at(parent, step - 1, at)
        line = _dhtml_line(record, hang, here, _dhtml_squares(value, at), work, at, cut, branch)
        branches.add(branch, parent, step - 1, *line)
    _comments(record, fields, branches)
    return record


class _Branches:
    """The branches read so far. Each keeps only its own nodes and positions, from the
    node its first move hangs from on, and where it leaves the branch it shares its start
    with: no branch copies that start, so a file of many branches costs no more memory
    than its moves, and the hops to a shared start are counted as work."""

    def __init__(self, work: Work) -> None:
        self.work = work
        self.lines: dict[int, tuple[int, int, list[Node], list[_Here]]] = {}

    def add(self, branch: int, parent: int, start: int, nodes: list[Node], places: list[_Here]) -> None:
        self.lines[branch] = (parent, start, nodes, places)

    def length(self, branch: int) -> int:
        """The nodes along the branch, counted from the root."""
        _parent, start, nodes, _places = self.lines[branch]
        return start + len(nodes)

    def at(self, branch: int, index: int, position: int | None = None) -> tuple[Node, _Here]:
        """The `index`-th node along the branch (0: the root) and the position there."""
        while True:
            parent, start, nodes, places = self.lines[branch]
            if index >= start:
                return nodes[index - start], places[index - start]
            self.work.hop(position)
            branch = parent


def _start_cells(fields: dict[str, tuple[str, int]]) -> tuple[str, ...]:
    if "binit" not in fields:
        return from_fen(OPENING_FEN).cells
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
    return tuple(cells)


def _comments(record: GameRecord, fields: dict[str, tuple[str, int]], branches: _Branches) -> None:
    for key, (value, at) in fields.items():
        found = re.fullmatch(r"comment(?:(\d+)_)?(\d+)", key)
        if not found:
            continue
        branch = int(found.group(1) or 0)
        ply = int(found.group(2))
        if branch not in branches.lines or ply >= branches.length(branch):
            continue
        node = record.root if ply == 0 else branches.at(branch, ply, at)[0]
        node.comment = value.replace("||", "\n")[:MAX_COMMENT]


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


def _dhtml_line(
    record: GameRecord,
    hang: Node,
    here: _Here,
    moves: Sequence[Move],
    work: Work,
    at: int,
    cut: set[int],
    branch: int,
) -> tuple[list[Node], list[_Here]]:
    """Play `moves` from `hang`; the nodes a move hangs from and the positions there. A
    move that cannot be played ends the line there, with a problem."""
    nodes, places = [hang], [here]
    node = hang
    for i, move in enumerate(moves):
        cells, red = here
        if not is_legal(cells, red, move):
            where = f"the move {iccs(move)} (character {at + 4 * i + 1:,})"
            if branch == 0:
                record.problem(f"The game stops at {where}: it cannot be played there")
            else:
                record.problem(f"Variation {branch} is cut at {where}: it cannot be played there")
            cut.add(branch)
            break
        work.count(at + 4 * i)
        node = node.add(move)
        here = (played(cells, move), not red)
        nodes.append(node)
        places.append(here)
    return nodes, places

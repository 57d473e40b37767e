"""Sudoku: the `?play=` slugs of the nickgirardo.com Sudoku Player (v0 and v1), the
81-character grid string, conflicts, and a solver that counts solutions up to two.

Slug format (formats/sudoku.md): base64 of `S!` + `v1` + 11-bit (cell, digit) tuples,
most significant bit first, last byte zero-padded; v0 bodies are (cell, digit) byte pairs.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..bits import BitReader, BitWriter, b64decode, b64encode
from ..errors import FormatError, Problem, ValueRangeError
from ..links import is_link, slug_from, strip_text

NAME = "sudoku"
TITLE = "Sudoku"
HAS_LINK = True
WEB_HOST: str | None = "nickgirardo.com"
PLAYER_URL = "https://nickgirardo.com/projects/sudoku/player.html"
MAGIC = b"S!"
GRID_CELLS = "123456789.0"
# Characters that grid pictures (HoDoKu, Sudoku Explainer, forum posts) put between cells.
GRID_DECORATION = set(" \t\r\n|-+*=_:")


@dataclass(frozen=True)
class Board:
    """81 cells, row-major, 0 for empty, 1-9 for a given."""

    cells: tuple[int, ...] = (0,) * 81
    # Remarks from decoding (a slug that set one cell twice); not part of the board.
    notes: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self):
        if len(self.cells) != 81 or any(not isinstance(d, int) or not 0 <= d <= 9 for d in self.cells):
            raise ValueError("a sudoku board is 81 digits 0-9")

    def get(self, row: int, col: int) -> int:
        return self.cells[row * 9 + col]

    def with_digit(self, row: int, col: int, digit: int) -> Board:
        cells = list(self.cells)
        cells[row * 9 + col] = digit
        return Board(tuple(cells))

    @property
    def givens(self) -> int:
        return sum(1 for d in self.cells if d)

    @property
    def grid(self) -> str:
        return "".join(str(d) if d else "." for d in self.cells)


def new_board() -> Board:
    return Board()


# --- reading -------------------------------------------------------------------------

# A text needs this many cell characters to count as a grid before it is read: "1=15"
# (the start of a minesweeper slug) is made of grid characters too.
GRID_MARK_CELLS = 40


def looks_like(text: str) -> bool:
    t = strip_text(text)
    return (
        "play=" in t
        or t.startswith("UyF2")
        or (_is_grid_text(t) and sum(ch in GRID_CELLS for ch in t) >= GRID_MARK_CELLS)
    )


def _is_grid_text(text: str) -> bool:
    return (
        bool(text)
        and all(ch in GRID_CELLS or ch in GRID_DECORATION for ch in text)
        and any(ch in GRID_CELLS for ch in text)
    )


def decode(text: str) -> Board:
    if not isinstance(text, str):
        raise FormatError(NAME, f"expected text, got {type(text).__name__}")
    stripped = strip_text(text)
    if not stripped:
        raise FormatError(NAME, "the text is empty", 0)
    if not is_link(stripped) and _is_grid_text(stripped) and not stripped.startswith("UyF2"):
        return decode_grid(stripped)
    slug = slug_from(stripped, ("play",)).replace(" ", "+")
    if not slug:
        raise FormatError(NAME, "the link has no slug after ?play=", 0)
    data = b64decode(slug, NAME)
    if len(data) < 2 or data[:2] != MAGIC:
        raise FormatError(NAME, "not a Sudoku Player slug: it must start with 'UyF' (the bytes 'S!')", 0)
    if len(data) < 4:
        raise FormatError(NAME, "slug ends before its version", 2)
    version = data[2:4].decode("latin-1")
    if version == "v1":
        return _decode_v1(data)
    if version == "v0":
        return _decode_v0(data)
    shown = version if version.isprintable() else data[2:4].hex()
    raise FormatError(NAME, f"unknown version {shown!r}", 2)


def _place(cells: list[int], notes: list[str], index: int, cell: int, digit: int, position: int) -> None:
    if cell > 80:
        raise ValueRangeError(NAME, f"given {index + 1}: cell {cell} is off the board (0-80)", position)
    if not 1 <= digit <= 9:
        raise ValueRangeError(NAME, f"given {index + 1}: digit {digit} is not 1-9", position)
    if cells[cell]:
        notes.append(f"cell r{cell // 9 + 1}c{cell % 9 + 1} is set twice; the later digit {digit} wins")
    cells[cell] = digit


def _decode_v1(data: bytes) -> Board:
    reader = BitReader(data, NAME)
    reader.read(32)
    cells = [0] * 81
    notes: list[str] = []
    index = 0
    while reader.remaining >= 11:
        position = reader.char_position()
        cell = reader.read(7)
        digit = reader.read(4)
        _place(cells, notes, index, cell, digit, position)
        index += 1
    return Board(tuple(cells), tuple(notes))


def _decode_v0(data: bytes) -> Board:
    body = data[4:]
    if len(body) % 2:
        raise FormatError(
            NAME, "v0 body has an odd number of bytes: the last given has no digit", (8 * (len(data) - 1)) // 6
        )
    cells = [0] * 81
    notes: list[str] = []
    for index in range(len(body) // 2):
        _place(cells, notes, index, body[2 * index], body[2 * index + 1], (8 * (4 + 2 * index)) // 6)
    return Board(tuple(cells), tuple(notes))


def decode_grid(text: str) -> Board:
    """Read the 81-character grid: digits, `.` or `0` for empty, decoration ignored."""
    cells = []
    for i, ch in enumerate(text):
        if ch in GRID_CELLS:
            if len(cells) == 81:
                raise FormatError(NAME, "grid has more than 81 cells", i)
            cells.append(int(ch) if ch.isdigit() else 0)
        elif ch not in GRID_DECORATION:
            raise FormatError(NAME, f"character {ch!r} is not a digit or '.'", i)
    if len(cells) != 81:
        raise FormatError(NAME, f"grid has {len(cells)} cells; 81 are needed", len(text))
    return Board(tuple(cells))


# --- writing -------------------------------------------------------------------------


def encode(board: Board) -> str:
    """The v1 slug exactly as the web app's encoder writes it (ascending cells, '=' padded)."""
    writer = BitWriter()
    for cell, digit in enumerate(board.cells):
        if digit:
            writer.write(cell, 7)
            writer.write(digit, 4)
    return b64encode(MAGIC + b"v1" + writer.to_bytes())


def encode_v0(board: Board) -> str:
    """The legacy v0 slug (for tests and for people who need old players)."""
    body = bytes(b for cell, digit in enumerate(board.cells) if digit for b in (cell, digit))
    return b64encode(MAGIC + b"v0" + body)


def share_url(board: Board) -> str:
    return f"{PLAYER_URL}?play={encode(board)}"


def to_json(board: Board) -> dict:
    return {"game": NAME, "grid": board.grid}


def from_json(obj: dict) -> Board:
    grid = obj.get("grid") if isinstance(obj, dict) else None
    if not isinstance(grid, str):
        raise FormatError(NAME, 'board JSON needs a "grid" string of 81 characters')
    return decode_grid(grid)


# --- rules ---------------------------------------------------------------------------

ROWS = tuple(tuple(r * 9 + c for c in range(9)) for r in range(9))
COLS = tuple(tuple(r * 9 + c for r in range(9)) for c in range(9))
BOXES = tuple(tuple((br + r) * 9 + bc + c for r in range(3) for c in range(3)) for br in (0, 3, 6) for bc in (0, 3, 6))
UNITS = ROWS + COLS + BOXES
PEERS = tuple(tuple(sorted({p for u in UNITS if i in u for p in u} - {i})) for i in range(81))
_UNIT_NAMES = (
    [f"row {r + 1}" for r in range(9)] + [f"column {c + 1}" for c in range(9)] + [f"box {b + 1}" for b in range(9)]
)


def problems(board: Board) -> list[Problem]:
    """Digits repeated in a row, column or box (one problem per unit and digit), then
    remarks from decoding as warnings."""
    found = []
    for name, unit in zip(_UNIT_NAMES, UNITS):
        seen: dict[int, list[int]] = {}
        for i in unit:
            if board.cells[i]:
                seen.setdefault(board.cells[i], []).append(i)
        for digit, where in sorted(seen.items()):
            if len(where) > 1:
                found.append(
                    Problem(
                        f"{digit} appears {len(where)} times in {name}",
                        tuple(divmod(i, 9) for i in where),
                        "error",
                        "repeat",
                    )
                )
    found.extend(Problem(note, (), "warning", "decode") for note in board.notes)
    return found


def conflict_cells(board: Board) -> set[tuple[int, int]]:
    return {cell for p in problems(board) if p.severity == "error" for cell in p.cells}


_ALL = 0x1FF
_DIGIT_OF = {1 << d: d + 1 for d in range(9)}
_POPCOUNT = tuple(bin(m).count("1") for m in range(512))


def _propagate(cand: list[int], placed: bytearray) -> bool:
    """Naked and hidden singles until nothing changes; False on a contradiction."""
    queue = [i for i in range(81) if not placed[i] and not cand[i] & (cand[i] - 1)]
    peers = PEERS
    while True:
        while queue:
            i = queue.pop()
            if placed[i]:
                continue
            placed[i] = 1
            m = cand[i]
            if not m:
                return False
            for p in peers[i]:
                pm = cand[p]
                if pm & m:
                    pm ^= m
                    if not pm:
                        return False
                    cand[p] = pm
                    if not pm & (pm - 1):
                        queue.append(p)
        for unit in UNITS:
            once = twice = 0
            for i in unit:
                m = cand[i]
                twice |= once & m
                once |= m
            if once != _ALL:
                return False
            hidden = once & ~twice
            if hidden:
                for i in unit:
                    m = cand[i]
                    h = m & hidden
                    if h and h != m:
                        if h & (h - 1):
                            return False
                        cand[i] = h
                        queue.append(i)
        if not queue:
            return True


class _OutOfNodesError(Exception):
    pass


def _search(cand: list[int], placed: bytearray, limit: int, found: list, state: list) -> int:
    """Depth-first search on the cell with fewest candidates. `state` is
    [nodes left, random order source or None]; `found` collects distinct solutions."""
    state[0] -= 1
    if state[0] < 0:
        raise _OutOfNodesError
    if not _propagate(cand, placed):
        return 0
    best, best_count = -1, 10
    for i in range(81):
        m = cand[i]
        if m & (m - 1):
            n = _POPCOUNT[m]
            if n < best_count:
                best, best_count = i, n
                if n == 2:
                    break
    if best < 0:
        solution = tuple(_DIGIT_OF[m] for m in cand)
        if solution not in found:
            found.append(solution)
        return 1
    bits = []
    m = cand[best]
    while m:
        bit = m & -m
        m ^= bit
        bits.append(bit)
    if state[1] is not None:
        state[1].shuffle(bits)
    total = 0
    for bit in bits:
        if total >= limit:
            break
        branch = cand[:]
        branch[best] = bit
        total += _search(branch, bytearray(placed), limit - total, found, state)
    return total


def _start(board: Board) -> list[int] | None:
    if conflict_cells(board):
        return None
    return [1 << (d - 1) if d else _ALL for d in board.cells]


def _run(board: Board, limit: int) -> tuple[int, list]:
    """Count solutions up to `limit`, returning (count, solutions found).

    A fixed search order has rare puzzles on which one early wrong guess costs minutes
    (Norvig's "hard1"). So the search runs with a node budget; when the budget runs out
    it restarts with a shuffled digit order and twice the budget. Solutions found in
    abandoned runs are kept, so `limit` distinct solutions end the count early.
    """
    start = _start(board)
    if start is None:
        return 0, []
    found: list = []
    budget = 1500
    for attempt in range(64):
        state = [budget, random.Random(attempt) if attempt else None]
        try:
            count = _search(start[:], bytearray(81), limit, found, state)
            return count, found
        except _OutOfNodesError:
            if len(found) >= limit:
                return limit, found
            budget *= 2
    raise RuntimeError("sudoku search did not finish")  # unreachable: the budget grows without bound


def count_solutions(board: Board, limit: int = 2) -> int:
    """Number of solutions, counting no further than `limit` (2 means "two or more")."""
    return _run(board, limit)[0]


def analyse(board: Board) -> tuple[int, Board | None]:
    """Solution count up to two and one solution (None when there is none), from one search."""
    count, found = _run(board, 2)
    return count, (Board(found[0]) if found else None)


def solve(board: Board) -> Board | None:
    """A solution, or None when there is none."""
    count, found = _run(board, 1)
    return Board(found[0]) if count else None


def solution_label(count: int) -> str:
    return {0: "no solution", 1: "unique"}.get(count, "several solutions")


def info(board: Board) -> dict:
    count = count_solutions(board)
    return {
        "game": NAME,
        "givens": board.givens,
        "solutions": count,
        "status": solution_label(count),
        "problems": [p.to_json() for p in problems(board)],
    }

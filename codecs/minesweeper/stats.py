"""The static facts of a mine field (numbers, openings, 3BV) and the standard figures of
a game at one moment (`Stats`)."""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..caches import Recent
from .model import REMEMBERED, WON, Board, Mines


@dataclass(frozen=True, slots=True)
class Stats:
    """The standard figures at one moment of a game (times in seconds)."""

    bbbv: int
    bbbv_solved: int
    clicks: int
    effective_clicks: int
    safe_opened: int
    safe_total: int
    time_s: float
    outcome: str

    @property
    def bbbv_per_s(self) -> float | None:
        solved = self.bbbv if self.outcome == WON else self.bbbv_solved
        return solved / self.time_s if self.time_s > 0 else None

    @property
    def ioe(self) -> float | None:
        return self.bbbv_solved / self.clicks if self.clicks else None

    @property
    def correctness(self) -> float | None:
        return self.effective_clicks / self.clicks if self.clicks else None

    @property
    def throughput(self) -> float | None:
        return self.bbbv_solved / self.effective_clicks if self.effective_clicks else None

    @property
    def rqp(self) -> float | None:
        speed = self.bbbv_per_s
        return self.time_s / speed if speed else None

    @property
    def estimated_time_s(self) -> float | None:
        return self.time_s * self.bbbv / self.bbbv_solved if self.bbbv_solved else None

    def to_json(self) -> dict[str, Any]:
        def r(v: float | None, n: int = 3) -> float | None:
            return None if v is None else round(v, n)

        return {
            "outcome": self.outcome,
            "time_s": round(self.time_s, 3),
            "3bv": self.bbbv,
            "3bv_solved": self.bbbv_solved,
            "3bv_per_s": r(self.bbbv_per_s),
            "clicks": self.clicks,
            "effective_clicks": self.effective_clicks,
            "ioe": r(self.ioe),
            "correctness": r(self.correctness),
            "throughput": r(self.throughput),
            "rqp": r(self.rqp),
            "estimated_time_s": r(self.estimated_time_s, 2),
            "safe_opened": self.safe_opened,
            "safe_total": self.safe_total,
        }


def _table(mapping: dict[int, int]) -> bytes:
    out = bytearray(256)
    for key, value in mapping.items():
        out[key] = value
    return bytes(out)


# Byte tables for whole-field passes (bytes.translate runs them at C speed).
_NUMBER_OR_MINE = _table({**{k: k for k in range(9)}, **{16 + k: 9 for k in range(9)}})
_IS_ZERO = _table({0: 1})
_NONZERO = _table({k: 1 for k in range(1, 256)})
_LONE_NUMBER = _table({k: 1 for k in range(1, 9)})  # a number (1-8) with no zero next to it
_ZERO_RUN = re.compile(rb"\x00+")
_ONE_RUN = re.compile(rb"\x01+")


class Field:
    """The static facts of a mine field: mines, numbers, openings and 3BV.

    `numbers[c]` is the count of mines around a safe cell (0-8) and 9 on a mine.

    The whole-field passes work on one byte per cell, row-major, read as one Python
    integer: shifting it by 8 bits moves every cell one column, by 8 * width one row,
    and adding the eight shifted copies counts the neighbours of every cell at once (no
    count exceeds 8, so no byte carries into the next). Before a sideways shift the
    column that would wrap into the next row is masked off. The largest field takes
    milliseconds this way, not seconds, whatever its shape.
    """

    # Worked out on first need: the islands (`islands`) and ms-toollib's (ZiNi, HZiNi)
    # (figures.zini_of).
    islands_counted: int | None = None
    zini: tuple[int, int] | None = None
    # The opening of every cell (`opening_of`), four bytes a cell, is labelled from the runs
    # of zero cells (each run's first cell, length and opening) when it is first asked
    # for: a field read for its figures alone (`info`) never needs it.
    _label: array[int] | None = None
    _runs: tuple[array[int], array[int], array[int]] | None = None

    def __init__(self, width: int, height: int, mines: Sequence[tuple[int, int]]):
        self.width, self.height = width, height
        n = width * height
        self.mine = mine = bytearray(n)
        for x, y in mines:
            mine[y * width + x] = 1
        self._all = (1 << (8 * n)) - 1
        # Every byte but the last (first) of each row: the cells that have a right (left) neighbour.
        self._not_last = int.from_bytes((b"\xff" * (width - 1) + b"\0") * height, "little")
        self._not_first = int.from_bytes((b"\0" + b"\xff" * (width - 1)) * height, "little")
        packed = int.from_bytes(mine, "little")
        # Neighbour count, plus 16 on a mine, then one table: 0-8 stay, a mine is 9.
        keys = self._bytes(self._around(packed) + (packed << 4))
        self.numbers = numbers = keys.translate(_NUMBER_OR_MINE)
        self.safe_total = n - len(mines)
        zeros = int.from_bytes(numbers.translate(_IS_ZERO), "little")
        touches = self._bytes(self._around(zeros)).translate(_NONZERO)
        lone = self._bytes(int.from_bytes(numbers, "little") + (int.from_bytes(touches, "little") << 4))
        self.isolated = lone.translate(_LONE_NUMBER)
        # The masks serve the whole-field passes above alone: a byte a cell each, not kept.
        del self._all, self._not_last, self._not_first, packed, keys, zeros, touches, lone
        self._label_openings()
        self.bbbv = len(self.opening_sizes) + self.isolated.count(1)

    # The share of the field that `toggled` may go over, in the openings it takes apart,
    # before it leaves the field to the whole-field pass, which costs a cell some thirty
    # times less than going cell by cell (benchmarks/tricks.py times an edit both ways).
    TOGGLE_SHARE = 1 / 32

    def toggled(self, x: int, y: int) -> Field | None:
        """This field with the mine at (x, y) taken away, or one added there, worked out
        around that cell: numbers change in the 3x3 block around it, whether a number
        stands alone in the 5x5 block, and only the openings that reach into the 5x5 block
        are found again. None when those openings are too large to be quicker this way."""
        w, h = self.width, self.height
        old_label, sizes = self.opening_of, list(self.opening_sizes)
        near = self._block(x, y, 2)
        touched = sorted({old_label[c] for c in near if old_label[c] >= 0})
        limit = w * h * self.TOGGLE_SHARE
        if sum(sizes[k] for k in touched) > limit:
            return None
        new = object.__new__(Field)
        new.width, new.height = w, h
        new.mine = mine = bytearray(self.mine)
        c = y * w + x
        mine[c] ^= 1
        new.safe_total = self.safe_total - 1 if mine[c] else self.safe_total + 1
        numbers = bytearray(self.numbers)
        for cell in self._block(x, y, 1):
            numbers[cell] = 9 if mine[cell] else sum(mine[n] for n in self.neighbours(cell))
        isolated = bytearray(self.isolated)
        lone = self.bbbv - len(sizes)  # numbers standing alone, each a click of the 3BV
        for cell in near:
            value = numbers[cell]
            isolated[cell] = 0 < value < 9 and all(numbers[n] for n in self.neighbours(cell))
            lone += isolated[cell] - self.isolated[cell]
        new.numbers, new.isolated = bytes(numbers), bytes(isolated)

        # The touched openings are taken apart, and the zero cells they held, with those
        # of the 3x3 block, are joined again: no zero cell outside them touches one of them.
        label = old_label[:]
        region = set(self._block(x, y, 1))
        for k in touched:
            seed = next(cell for cell in near if old_label[cell] == k)
            region.update(self._region(seed, lambda cell, k=k: old_label[cell] == k))
        for cell in region:
            label[cell] = -1
        free = list(touched)
        for cell in sorted(region):
            if numbers[cell] == 0 and label[cell] < 0:
                opening = self._region(cell, lambda cell: numbers[cell] == 0)
                if free:
                    index = free.pop(0)
                else:
                    index = len(sizes)
                    sizes.append(0)
                sizes[index] = len(opening)
                for member in opening:
                    label[member] = index
        # Openings are numbered 0 to n-1: the last ones move into the numbers left free.
        while free:
            last = len(sizes) - 1
            if free[-1] == last:
                free.pop()
                sizes.pop()
                continue
            if sizes[last] > limit:
                return None
            index = free.pop(0)
            for member in self._region(label.index(last), lambda cell, last=last: label[cell] == last):
                label[member] = index
            sizes[index] = sizes.pop()
        new._label, new.opening_sizes = label, sizes
        new.bbbv = len(sizes) + lone
        return new

    def _block(self, x: int, y: int, reach: int) -> list[int]:
        """The cells at most `reach` columns and rows from (x, y), row by row."""
        w, h = self.width, self.height
        columns = range(max(0, x - reach), min(w, x + reach + 1))
        return [row * w + column for row in range(max(0, y - reach), min(h, y + reach + 1)) for column in columns]

    def _region(self, seed: int, inside: Any) -> list[int]:
        """The cells 8-connected to `seed` through cells for which `inside(cell)` holds."""
        found, todo = {seed}, [seed]
        while todo:
            for n in self.neighbours(todo.pop()):
                if n not in found and inside(n):
                    found.add(n)
                    todo.append(n)
        return list(found)

    def _bytes(self, value: int) -> bytes:
        """The field's bytes of a packed value (shifts may have carried some past the end)."""
        return (value & self._all).to_bytes(self.width * self.height, "little")

    def _around(self, packed: int) -> int:
        """The sum of the eight neighbours of every cell of a packed field."""
        w = self.width
        right = packed & self._not_last  # cells that are a left neighbour of another
        left = packed & self._not_first  # cells that are a right neighbour of another
        return (
            (packed << 8 * w)
            + (packed >> 8 * w)
            + (right << 8)
            + (right << 8 * (w + 1))
            + (right >> 8 * (w - 1))
            + (left >> 8)
            + (left >> 8 * (w + 1))
            + (left << 8 * (w - 1))
        )

    def neighbours(self, c: int) -> Iterator[int]:
        w, h = self.width, self.height
        y, x = divmod(c, w)
        for ny in (y - 1, y, y + 1):
            if 0 <= ny < h:
                row = ny * w
                for nx in (x - 1, x, x + 1):
                    if 0 <= nx < w and (nx != x or ny != y):
                        yield row + nx

    def _label_openings(self) -> None:
        """Openings (8-connected regions of zero cells): their sizes, and the runs of zero
        cells that `opening_of` labels the cells from."""
        w, h = self.width, self.height
        starts, lengths, roots = _along_longer_side(self.numbers, _ZERO_RUN, w, h)
        sizes: list[int] = []
        number_of: dict[int, int] = {}
        openings = array("i")
        for n, top in zip(lengths, roots):
            index = number_of.get(top)
            if index is None:
                index = number_of[top] = len(sizes)
                sizes.append(0)
            sizes[index] += n
            openings.append(index)
        self._runs = (array("i", starts), array("i", lengths), openings)
        self.opening_sizes = sizes

    @property
    def opening_of(self) -> array[int]:
        """The opening of each cell (its index in `opening_sizes`), -1 for a cell in none."""
        label = self._label
        if label is not None:
            return label
        runs = self._runs
        if runs is None:  # labelled meanwhile on another thread, which let go of the runs
            return self._label  # type: ignore[return-value]
        w, h = self.width, self.height
        label = array("i", [-1]) * (w * h)
        for s, n, index in zip(*runs):
            if h <= w:
                label[s : s + n] = array("i", [index]) * n
            else:  # a run down column x of the field, from row y
                x, y = divmod(s, h)
                label[y * w + x : (y + n) * w + x : w] = array("i", [index]) * n
        self._label = label
        self._runs = None
        return label

    def islands(self) -> int:
        """Groups of 3BV numbers (numbers with no zero next to them), 8-connected; worked
        out once per field."""
        found = self.islands_counted
        if found is None:
            found = len(set(_along_longer_side(self.isolated, _ONE_RUN, self.width, self.height)[2]))
            self.islands_counted = found
        return found

    def islands_known(self) -> int | None:
        """The islands if they have been counted for this field, else None."""
        return self.islands_counted

    def number(self, x: int, y: int) -> int:
        return self.numbers[y * self.width + x]


def _along_longer_side(cells: bytes, run: re.Pattern[bytes], w: int, h: int) -> tuple[list[int], list[int], list[int]]:
    """`_regions` worked out along the longer side of the field: the work goes row by row,
    and a tall narrow field has many short rows. For a tall field the runs are down its
    columns, and a start `s` is row `s % h` of column `s // h`."""
    if h <= w:
        return _regions(cells, run, w, h)
    # Column x of the field is row x of its transpose; regions do not change with it.
    return _regions(b"".join(cells[x::w] for x in range(w)), run, h, w)


def _regions(cells: bytes, run: re.Pattern[bytes], w: int, h: int) -> tuple[list[int], list[int], list[int]]:
    """The 8-connected regions of the cells `run` matches in a row-major field: the runs
    in each row, joined to the runs they touch in the row above (a union-find over runs,
    so the work grows with the runs, not the cells). Returns each run's first cell, its
    length and its region (the same number for every run of one region)."""
    parent: list[int] = []
    starts: list[int] = []
    lengths: list[int] = []

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    above: list[tuple[int, int, int]] = []
    for r in range(h):
        base = r * w
        row = [(m.start(), m.end(), len(parent) + i) for i, m in enumerate(run.finditer(cells, base, base + w))]
        for s, e, k in row:
            parent.append(k)
            starts.append(s)
            lengths.append(e - s)
        # `above` holds the previous row's runs moved down one row; two runs touch
        # (diagonals too) when their spans overlap once widened by one cell.
        i = j = 0
        while i < len(above) and j < len(row):
            s1, e1, k1 = above[i]
            s2, e2, k2 = row[j]
            if s2 <= e1 and s1 <= e2:
                a, b = root(k1), root(k2)
                if a != b:
                    parent[max(a, b)] = min(a, b)
            if e1 < e2:
                i += 1
            else:
                j += 1
        above = [(s + w, e + w, k) for s, e, k in row]
    return starts, lengths, [root(k) for k in range(len(parent))]


# The fields of the last few boards asked about, each beside the size and mines it was
# made from. Found by identity, then by length and contents: hashing the mines of the
# largest fields as a dictionary key costs more than comparing them.
FIELDS: Recent[tuple[int, int, Mines, Field]] = Recent("minesweeper fields", 8)


def _kept_field(width: int, height: int, mines: Mines) -> Field | None:
    kept = FIELDS.items()
    for w, h, known, fld in kept:
        if known is mines and w == width and h == height:
            return fld
    for w, h, known, fld in kept:
        if w == width and h == height and len(known) == len(mines) and known == mines:
            return fld
    return None


def _toggled_field(board: Board) -> Field | None:
    """The field of a board made from another by adding or taking away one mine
    (`Board.with_mine`), worked out from that board's field if it is at hand."""
    facts = REMEMBERED.get(board)
    toggled = facts.toggled_from if facts is not None else None
    if toggled is None:
        return None
    parent_of, x, y = toggled
    parent = parent_of()
    fld = _kept_field(parent.width, parent.height, parent.mines) if parent is not None else None
    return fld.toggled(x, y) if fld is not None else None


def field_of(board: Board) -> Field:
    """The field of a board, shared by every board with the same size and mines (a game
    being played, or replayed after an edit of its events, keeps one)."""
    fld = _kept_field(board.width, board.height, board.mines)
    if fld is None:
        fld = _toggled_field(board) or Field(board.width, board.height, board.mines)
        FIELDS.add((board.width, board.height, board.mines, fld))
    return fld

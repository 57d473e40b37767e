"""The static facts of a mine field (numbers, openings, 3BV) and the standard figures of
a game at one moment (`Stats`)."""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .model import WON, Board


@dataclass(frozen=True)
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

    def __init__(self, width: int, height: int, mines: tuple[tuple[int, int], ...]):
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
        self._label_openings()
        self.bbbv = len(self.opening_sizes) + self.isolated.count(1)

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
        """Openings (8-connected regions of zero cells)."""
        w, h = self.width, self.height
        starts, lengths, roots = _along_longer_side(self.numbers, _ZERO_RUN, w, h)
        label = array("i", [-1]) * (w * h)
        sizes: list[int] = []
        number_of: dict[int, int] = {}
        for s, n, top in zip(starts, lengths, roots):
            index = number_of.get(top)
            if index is None:
                index = number_of[top] = len(sizes)
                sizes.append(0)
            sizes[index] += n
            if h <= w:
                label[s : s + n] = array("i", [index]) * n
            else:  # a run down column x of the field, from row y
                x, y = divmod(s, h)
                label[y * w + x : (y + n) * w + x : w] = array("i", [index]) * n
        self.opening_of, self.opening_sizes = label, sizes

    def islands(self) -> int:
        """Groups of 3BV numbers (numbers with no zero next to them), 8-connected; worked
        out once per field."""
        found: int | None = self.__dict__.get("_islands")
        if found is None:
            found = len(set(_along_longer_side(self.isolated, _ONE_RUN, self.width, self.height)[2]))
            self.__dict__["_islands"] = found
        return found

    def islands_known(self) -> int | None:
        """The islands if they have been counted for this field, else None."""
        known: int | None = self.__dict__.get("_islands")
        return known

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


_FIELDS: dict[Any, Field] = {}


def field_of(board: Board) -> Field:
    """The field of a board, shared by every board with the same size and mines (a game
    being played, or replayed after an edit of its events, keeps one)."""
    key = (board.width, board.height, board.mines)
    fld = _FIELDS.get(key)
    if fld is None:
        fld = Field(*key)
        # Another thread (a board prepared for the window) may use the table meanwhile:
        # every step here is one operation on it, and taking out the oldest tolerates a
        # race to take out the same one.
        if len(_FIELDS) >= 8:
            _FIELDS.pop(next(iter(tuple(_FIELDS))), None)
        _FIELDS[key] = fld
    return fld

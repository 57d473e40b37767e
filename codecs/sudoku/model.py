"""The sudoku board and the geometry of its units."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING

from . import NAME as NAME  # the game's declaration


class Kind(str, Enum):
    """What a problem of the game is about (`Problem.kind`), beside the kinds every game
    shares (`errors.ProblemKind`): the game's own, declared here and nowhere else."""

    REPEAT = "repeat"  # a digit twice in a row, column or box
    CONSTRAINT = "constraint"  # a variant's constraint broken (a cage's sum, a thermometer)


if TYPE_CHECKING:
    from .variant import Variant

DIGITS = "123456789ABCDEFG"  # a cell's digit as a grid text writes it (10-16 as letters)
# How the givens of a new puzzle go together (generate.orbit): none, a half turn, the main
# diagonal, left and right.
SYMMETRIES = ("none", "rotational", "diagonal", "mirror")


@dataclass(frozen=True, slots=True)
class Board:
    """81 cells, row-major, 0 for empty, 1-9 for a given; or, with a `variant` (an
    f-puzzles or SudokuPad puzzle: its size, regions and constraints), size x size cells
    of 0 to size.

    `notes` are remarks from decoding (a slug that set one cell twice), not part of the
    board. The rest is editing state, not in the slug: pencil marks as 9-bit masks per cell
    (bit d-1 for digit d), `centre` and `corner` (none given, or None: no marks), and the
    cells whose digit was `typed` rather than read from a link or file (neither compared)."""

    cells: tuple[int, ...] = (0,) * 81
    notes: tuple[str, ...] = field(default=(), compare=False, repr=False)
    centre: tuple[int, ...] = field(default=(), repr=False)
    corner: tuple[int, ...] = field(default=(), repr=False)
    typed: frozenset[int] = field(default=frozenset(), compare=False, repr=False)
    variant: Variant | None = None

    def __post_init__(self) -> None:
        size = 9 if self.variant is None else self.variant.size
        count = size * size
        if len(self.cells) != count or any(not isinstance(d, int) or not 0 <= d <= size for d in self.cells):
            raise ValueError(f"a {size}x{size} sudoku board is {count} digits 0-{size}")
        if not self.centre:
            object.__setattr__(self, "centre", (0,) * count)
        if not self.corner:
            object.__setattr__(self, "corner", (0,) * count)
        full = (1 << size) - 1
        for marks in (self.centre, self.corner):
            if len(marks) != count or any(not isinstance(m, int) or not 0 <= m <= full for m in marks):
                raise ValueError(f"pencil marks are {count} masks of {size} bits")
        if any(not isinstance(i, int) or not 0 <= i < count for i in self.typed):
            raise ValueError(f"typed cells are indices 0-{count - 1}")

    @property
    def size(self) -> int:
        """Digits per row: 9, or the variant's 4 to 16."""
        return 9 if self.variant is None else self.variant.size

    @property
    def is_classic(self) -> bool:
        """A plain 9x9 with boxes and no constraints: what a Sudoku Player link holds."""
        return self.variant is None

    def get(self, row: int, col: int) -> int:
        return self.cells[row * self.size + col]

    def with_digit(self, row: int, col: int, digit: int, *, typed: bool = False) -> Board:
        """The board with one cell set (0 clears it); `typed` records a digit entered by
        hand, told apart from the givens of a link."""
        i = row * self.size + col
        cells = list(self.cells)
        cells[i] = digit
        marked = self.typed | {i} if typed and digit else self.typed - {i}
        return replace(self, cells=tuple(cells), notes=(), typed=frozenset(marked))

    def with_marks(self, centre: tuple[int, ...] | None = None, corner: tuple[int, ...] | None = None) -> Board:
        return replace(
            self,
            centre=self.centre if centre is None else tuple(centre),
            corner=self.corner if corner is None else tuple(corner),
        )

    def toggle_mark(self, row: int, col: int, digit: int, kind: str) -> Board:
        """Switch one pencil mark ("centre" or "corner") of an empty cell on or off."""
        i = row * self.size + col
        marks = list(self.centre if kind == "centre" else self.corner)
        if self.cells[i]:
            return self
        marks[i] ^= 1 << (digit - 1)
        return self.with_marks(**{kind: tuple(marks)})

    @property
    def has_marks(self) -> bool:
        return any(self.centre) or any(self.corner)

    def plain(self) -> Board:
        """The digits alone, as a slug carries them (and the variant's puzzle)."""
        return Board(self.cells, variant=self.variant)

    @property
    def givens(self) -> int:
        return sum(1 for d in self.cells if d)

    @property
    def grid(self) -> str:
        return "".join(DIGITS[d - 1] if d else "." for d in self.cells)


def new_board() -> Board:
    return Board()


ROWS = tuple(tuple(r * 9 + c for c in range(9)) for r in range(9))
COLS = tuple(tuple(r * 9 + c for r in range(9)) for c in range(9))
BOXES = tuple(tuple((br + r) * 9 + bc + c for r in range(3) for c in range(3)) for br in (0, 3, 6) for bc in (0, 3, 6))
UNITS = ROWS + COLS + BOXES
PEERS = tuple(tuple(sorted({p for u in UNITS if i in u for p in u} - {i})) for i in range(81))
UNIT_NAMES = tuple(
    [f"row {r + 1}" for r in range(9)] + [f"column {c + 1}" for c in range(9)] + [f"box {b + 1}" for b in range(9)]
)

"""The sudoku board and the geometry of its units."""

from __future__ import annotations

from dataclasses import dataclass, field

NAME = "sudoku"


@dataclass(frozen=True)
class Board:
    """81 cells, row-major, 0 for empty, 1-9 for a given."""

    cells: tuple[int, ...] = (0,) * 81
    # Remarks from decoding (a slug that set one cell twice); not part of the board.
    notes: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
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


ROWS = tuple(tuple(r * 9 + c for c in range(9)) for r in range(9))
COLS = tuple(tuple(r * 9 + c for r in range(9)) for c in range(9))
BOXES = tuple(tuple((br + r) * 9 + bc + c for r in range(3) for c in range(3)) for br in (0, 3, 6) for bc in (0, 3, 6))
UNITS = ROWS + COLS + BOXES
PEERS = tuple(tuple(sorted({p for u in UNITS if i in u for p in u} - {i})) for i in range(81))
UNIT_NAMES = tuple(
    [f"row {r + 1}" for r in range(9)] + [f"column {c + 1}" for c in range(9)] + [f"box {b + 1}" for b in range(9)]
)

"""Variant sudoku: a puzzle of f-puzzles or SudokuPad, with its size, regions and
constraints, as the board keeps it beside its digits.

A constraint is one `Constraint` record: its kind (the f-puzzles key it was read from),
the cells it covers in order, its lines, its value (a cage's sum, an XV letter, a dot's
number), the clue's place outside the grid (little killers, sandwiches, X-sums) and the
rest of its JSON object as read (colours, widths), which drawing uses. The JSON the puzzle
came in is kept whole as `source`, so that writing it back changes nothing but the cells.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..caches import MemoKey

MIN_SIZE, MAX_SIZE = 4, 16

# The kinds a solver counts, in f-puzzles' key names.
GLOBAL_KINDS = ("diagonal+", "diagonal-", "antiknight", "antiking", "nonconsecutive", "disjointgroups")
NEGATIVE_KINDS = ("ratio", "difference", "xv")  # f-puzzles' "negative" list: every pair not marked is not one
CELL_KINDS = ("even", "odd", "minimum", "maximum")
# Read from the grid's cells, not from a key of their own: the setter's pencil marks.
MARK_KINDS = ("givenpencilmarks",)
CAGE_KINDS = ("killercage", "extraregion")
PAIR_KINDS = ("difference", "ratio", "xv")
LINE_KINDS = (
    "thermometer",
    "slowthermometer",
    "renban",
    "whispers",
    "palindrome",
    "betweenline",
    "regionsumline",
    "entropicline",
    "zipperline",
    "modularline",
    "doublearrow",
    "nabner",
)
OUTSIDE_KINDS = ("littlekillersum", "sandwichsum", "xsum", "skyscraper")
# Clues that look along a row or column from beside it (not from a corner).
RAY_KINDS = ("sandwichsum", "xsum", "skyscraper")
# Cells whose digit points at another cell of their column, row or region.
INDEXER_KINDS = ("rowindexer", "columnindexer", "boxindexer")
OTHER_KINDS = ("arrow", "clone", "quadruple")
COUNTED = frozenset(
    GLOBAL_KINDS + tuple(f"negative-{k}" for k in NEGATIVE_KINDS) + CELL_KINDS + MARK_KINDS + CAGE_KINDS + PAIR_KINDS
) | frozenset(LINE_KINDS + OUTSIDE_KINDS + INDEXER_KINDS + OTHER_KINDS)
# Drawn as given, with no rule: f-puzzles' cosmetic tools.
COSMETIC_KINDS = ("cage", "line", "rectangle", "circle", "text")

NAMES = {
    "diagonal+": "positive diagonal",
    "diagonal-": "negative diagonal",
    "antiknight": "anti-knight",
    "antiking": "anti-king",
    "nonconsecutive": "non-consecutive",
    "disjointgroups": "disjoint groups",
    "negative-ratio": "all black dots given",
    "negative-difference": "all white dots given",
    "negative-xv": "all X and V given",
    "even": "even cell",
    "odd": "odd cell",
    "minimum": "minimum cell",
    "maximum": "maximum cell",
    "givenpencilmarks": "given pencil marks",
    "killercage": "killer cage",
    "extraregion": "extra region",
    "difference": "white dot",
    "ratio": "black dot",
    "xv": "XV",
    "thermometer": "thermometer",
    "slowthermometer": "slow thermometer",
    "renban": "renban line",
    "whispers": "German whispers line",
    "palindrome": "palindrome line",
    "betweenline": "between line",
    "regionsumline": "region-sum line",
    "entropicline": "entropic line",
    "zipperline": "zipper line",
    "modularline": "modular line",
    "doublearrow": "double arrow",
    "nabner": "nabner line",
    "littlekillersum": "little killer",
    "sandwichsum": "sandwich sum",
    "xsum": "X-sum",
    "skyscraper": "skyscraper",
    "rowindexer": "row indexer",
    "columnindexer": "column indexer",
    "boxindexer": "box indexer",
    "arrow": "arrow",
    "clone": "clone",
    "quadruple": "quadruple",
}


def name_of(kind: str) -> str:
    return NAMES.get(kind, kind)


@dataclass(frozen=True, slots=True)
class Constraint:
    """One constraint of a variant puzzle (see the module's text). `cells` are indices
    row * size + col; `outside` is (row, col) of a clue in the ring around the grid (row
    or column -1 or size)."""

    kind: str
    cells: tuple[int, ...] = ()
    lines: tuple[tuple[int, ...], ...] = ()
    value: str | None = None
    outside: tuple[int, int] | None = None
    direction: str | None = None
    clones: tuple[int, ...] = ()
    values: tuple[int, ...] = ()
    style: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        return name_of(self.kind)

    def style_of(self, key: str, default: str = "") -> str:
        return dict(self.style).get(key, default)

    @property
    def reaches_outside(self) -> bool:
        """Drawn partly on the ring of cells around the grid: a clue there, or a drawing
        with a cell there (its every cell kept in `style` as "places" and "paths")."""
        return self.outside is not None or bool(self.style_of("places"))

    @property
    def number(self) -> int | None:
        """The value as a whole number, when it is one."""
        text = (self.value or "").strip()
        return int(text) if text.isdigit() and len(text) <= 6 else None


@dataclass(frozen=True, slots=True)
class Variant(MemoKey):
    """The puzzle around the digits: size, the region of each cell (-1 for none), the
    constraints, the words of the setter, the kinds it holds that nothing here
    understands (`unknown`), the JSON it came in (`source`, f-puzzles' or SudokuPad's,
    as `form` says) and the setter's own solution when the JSON holds one (every cell's
    digit, else empty). No `regions` given (or None) are the default boxes of the size."""

    size: int = 9
    regions: tuple[int, ...] = ()
    constraints: tuple[Constraint, ...] = ()
    title: str = ""
    author: str = ""
    rules: str = ""
    unknown: tuple[str, ...] = ()
    source: str = field(default="", compare=False, repr=False)
    form: str = field(default="fpuzzles", compare=False)
    solution: tuple[int, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        size = self.size
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise ValueError(f"a variant sudoku is {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}")
        if not self.regions:
            object.__setattr__(self, "regions", default_regions(size))
        if len(self.regions) != size * size:
            raise ValueError("a region for every cell")

    def of_kind(self, *kinds: str) -> list[Constraint]:
        return [c for c in self.constraints if c.kind in kinds]

    def has(self, kind: str) -> bool:
        return any(c.kind == kind for c in self.constraints)

    @property
    def region_cells(self) -> list[tuple[int, ...]]:
        """The cells of each region, regions in the order their first cell comes."""
        groups: dict[int, list[int]] = {}
        for i, region in enumerate(self.regions):
            if region >= 0:
                groups.setdefault(region, []).append(i)
        return [tuple(cells) for cells in groups.values()]

    @property
    def is_classic(self) -> bool:
        """A 9x9 with boxes and nothing else: one the Sudoku Player could hold."""
        return (
            self.size == 9
            and self.regions == default_regions(9)
            and not self.unknown
            and all(c.kind in COSMETIC_KINDS for c in self.constraints)
        )


def region_shape(size: int) -> tuple[int, int]:
    """The rows and columns of a default region, as f-puzzles cuts a size x size grid:
    the tallest height up to the square root that divides the size."""
    height = int(size**0.5)
    while height > 1 and size % height:
        height -= 1
    return height, size // height


def default_regions(size: int) -> tuple[int, ...]:
    height, width = region_shape(size)
    return tuple((r // height) * height + c // width for r in range(size) for c in range(size))

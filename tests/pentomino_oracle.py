"""A plain Algorithm X (Knuth), dict of sets, over the solver's own placements: the
oracle the fast pentomino search is checked against (tests and benchmarks/pentomino_solver.py)."""

from __future__ import annotations

from slugboard.codecs import pentomino as pm
from slugboard.codecs.pentomino import solver


def algorithm_x_count(board: pm.Board) -> int:
    """Knuth's Algorithm X in its plainest form: columns are the empty cells (each covered
    exactly once) and the unused pieces (each at most once); rows are placements."""
    problem = solver.prepare(board)
    if problem.reason is not None:
        return 0
    rows = {}
    for group in problem.by_first:
        for _mask, _piece, placement in group:
            rows[len(rows)] = set(placement.cells) | {placement.piece.name}
    primary = {cell for cell in problem.order if problem.empty >> problem.order.index(cell) & 1}
    columns: dict = {c: set() for c in primary | set(problem.pieces)}
    for r, cols in rows.items():
        for c in cols:
            columns[c].add(r)

    def select(r):
        removed = []
        for j in rows[r]:
            for i in columns[j]:
                for k in rows[i]:
                    if k != j:
                        columns[k].discard(i)
            removed.append(columns.pop(j))
        return removed

    def deselect(r, removed):
        for j in reversed(list(rows[r])):
            columns[j] = removed.pop()
            for i in columns[j]:
                for k in rows[i]:
                    if k != j:
                        columns[k].add(i)

    def search() -> int:
        open_cells = [c for c in columns if c in primary]
        if not open_cells:
            return 1
        c = min(open_cells, key=lambda c: len(columns[c]))
        total = 0
        for r in list(columns[c]):
            removed = select(r)
            total += search()
            deselect(r, removed)
        return total

    return search()


# The twelve pentominoes drawn here, apart from the codec's tables: the brute force below
# makes every orientation of each by turning and mirroring these pictures.
PICTURES = {
    "F": (".##", "##.", ".#."),
    "I": ("#####",),
    "L": ("####", "#..."),
    "N": ("##..", ".###"),
    "P": ("##", "##", "#."),
    "T": ("###", ".#.", ".#."),
    "U": ("#.#", "###"),
    "V": ("#..", "#..", "###"),
    "W": ("#..", "##.", ".##"),
    "X": (".#.", "###", ".#."),
    "Y": ("..#.", "####"),
    "Z": ("##.", ".#.", ".##"),
}


def _orientations(picture: tuple[str, ...]) -> set[frozenset[tuple[int, int]]]:
    cells = [(r, c) for r, line in enumerate(picture) for c, ch in enumerate(line) if ch == "#"]
    found = set()
    for mirrored in (False, True):
        shape = [(r, -c) for r, c in cells] if mirrored else cells
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]
            top, left = min(r for r, _c in shape), min(c for _r, c in shape)
            found.add(frozenset((r - top, c - left) for r, c in shape))
    return found


def rectangle_tilings(board: pm.Board) -> set[frozenset[tuple[int, int, str]]]:
    """Every completion of a rectangle board ("R") as a set of (row, col, piece name), found
    by brute force: the pieces not on the board, each placed at most once, fill every cell
    that the board's pieces and terrain leave empty."""
    assert board.surface == "R"
    taken = tiling_of(board)
    empty = {(r, c) for r in range(board.height) for c in range(board.width)} - {(r, c) for r, c, _n in taken}
    free = set(PICTURES) - {p.name for p in board.pieces}
    shapes = {name: _orientations(PICTURES[name]) for name in free}
    found: set[frozenset[tuple[int, int, str]]] = set()

    def fill(left: frozenset, unused: frozenset, placed: frozenset) -> None:
        if not left:
            found.add(placed)
            return
        first = min(left)
        for name in unused:
            for shape in shapes[name]:
                for anchor in shape:  # the shape moved so that this cell of it is on `first`
                    moved = frozenset((first[0] + r - anchor[0], first[1] + c - anchor[1]) for r, c in shape)
                    if moved <= left:
                        fill(left - moved, unused - {name}, placed | {(r, c, name) for r, c in moved})

    if len(empty) % 5 == 0:
        fill(frozenset(empty), frozenset(free), frozenset(taken))
    return found


def tiling_of(board: pm.Board) -> frozenset[tuple[int, int, str]]:
    """The cells a board's pieces and terrain cover, as (row, col, name)."""
    painting = pm.paint(board)
    return frozenset(
        (i // board.width, i % board.width, painting.items[o].name) for i, o in enumerate(painting.owner) if o >= 0
    )

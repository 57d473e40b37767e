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

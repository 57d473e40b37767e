"""The symmetries of a board on its surface, and counting one representative of each.

A symmetry here is a map of the board's cells onto themselves that carries the empty
cells onto the empty cells and every placement of each free piece onto a placement of the
same piece: it turns each completion into a completion, one to one. So the completions in
which a piece lies at some place are exactly as many as those in which it lies at any
image of that place, and the count of all completions is the sum, over the orbits of one
piece's placements, of the orbit's size times the count with the piece put at one place of
it. On the empty 6x10 torus every shift is a symmetry, and the sixty places of the X are
one orbit: the count is sixty times the count with the X put down at one place, which is
far quicker to search (the piece sits where every shift of the rest would otherwise be
searched again).

The maps tried are the grid's own turns, flips and shifts, `(r, c) -> (±r + a, ±c + b)`
modulo the size (and the same with rows and columns swapped on a square board), each
also twisted as a Möbius strip's seam twists a shift along it; a map
counts as a symmetry only once every placement has been checked, so the surface's gluing
decides which survive without a rule per surface: every shift on a torus, shifts along
the seam on a cylinder, twisted shifts along a Möbius strip, the four flips and turns of
a rectangle.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

Perm = tuple[int, ...]  # cell i goes to cell perm[i]; cells are the search's bit numbers


def _grid_maps(height: int, width: int) -> Iterator[dict[tuple[int, int], tuple[int, int]]]:
    """Every map (r, c) -> (±r + a, ±c + b) modulo the size, and on a square board the same
    after swapping rows and columns; each also with a twist, where a cell that goes round
    one way is flipped across the other (a shift along a Möbius strip), the plain
    identity first."""
    twists = [(False, False), (False, True), (True, False), (True, True)]
    for swap in (False, True) if height == width else (False,):
        for twist_rows, twist_cols in twists:
            for sr in (1, -1):
                for sc in (1, -1):
                    for a in range(height):
                        for b in range(width):
                            moved = {}
                            for r in range(height):
                                for c in range(width):
                                    x, y = sr * r + a, sc * c + b
                                    flip_x = twist_cols and not 0 <= y < width
                                    flip_y = twist_rows and not 0 <= x < height
                                    x, y = x % height, y % width
                                    x, y = (height - 1 - x if flip_x else x), (width - 1 - y if flip_y else y)
                                    moved[(r, c)] = (y, x) if swap else (x, y)
                            yield moved


def image(mask: int, perm: Perm | Mapping[int, int]) -> int:
    """The cells of `mask` moved by `perm` (cell i to perm[i]; also a renumbering)."""
    moved = 0
    while mask:
        low = mask & -mask
        moved |= 1 << perm[low.bit_length() - 1]
        mask ^= low
    return moved


def _compose(first: Perm, then: Perm) -> Perm:
    return tuple(then[i] for i in first)


def symmetries(
    height: int, width: int, order: Sequence[tuple[int, int]], empty: int, placements: Sequence[set[int]]
) -> list[Perm]:
    """The symmetries of a board's search: `order[i]` is the cell of bit i, `empty` the mask
    of the empty cells, `placements[j]` the masks where free piece j may lie. The identity
    is first; only the identity when the maps make more than were tried (which happens
    only where nothing constrains them). A map made of symmetries already found is one (a symmetry followed by a
    symmetry is one), so only the others are checked against every placement."""
    bit = {cell: i for i, cell in enumerate(order)}
    # The fewest placements first: a map that is no symmetry is usually caught at once.
    checks = sorted(placements, key=len)
    generators: list[Perm] = []
    group: list[Perm] = []
    found: set[Perm] = set()
    most = 32 * height * width  # as many as the maps tried
    for moved in _grid_maps(height, width):
        perm = tuple(bit[moved[cell]] for cell in order)
        if perm in found or len(set(perm)) != len(perm) or image(empty, perm) != empty:
            continue  # known, not one to one (a twist that folds cells together), or moves the walls
        if any(image(mask, perm) not in masks for masks in checks for mask in masks):
            continue
        generators.append(perm)
        # Everything the symmetries found so far make, from the identity (the first).
        group, found = [generators[0]], {generators[0]}
        for g in group:  # grows as it goes
            for s in generators:
                product = _compose(g, s)
                if product not in found:
                    found.add(product)
                    group.append(product)
            if len(group) > most:
                # Maps that hold only because no placement fits can make ever more of
                # each other: no symmetry is used then.
                return group[:1]
    return group


def orbits(masks: Sequence[int], group: Sequence[Perm]) -> list[tuple[int, int]]:
    """The orbits of a piece's placements under `group`: (one placement of each, in the
    order given, the orbit's size)."""
    seen: set[int] = set()
    found = []
    for mask in masks:
        if mask in seen:
            continue
        orbit = {image(mask, g) for g in group}
        seen |= orbit
        found.append((mask, len(orbit)))
    return found

"""Pentomino boards on every surface and texts near their slugs."""

from __future__ import annotations

from hypothesis import strategies as st

from slugboard.codecs import pentomino as pm
from strategies import near, real_texts


@st.composite
def boards(draw: st.DrawFn) -> pm.Board:
    surface = draw(st.sampled_from(list(pm.SURFACES)))
    height = draw(st.integers(1, 60))
    width = height if surface == "S" else draw(st.integers(1, 60))
    anchors = draw(st.lists(st.tuples(st.integers(0, height - 1), st.integers(0, width - 1)), unique=True, max_size=80))
    items: dict[tuple[int, int], object] = {}
    for cell in anchors:
        if draw(st.integers(0, 3)) == 0:
            items[cell] = pm.TERRAIN
        else:
            items[cell] = pm.Piece(
                draw(st.sampled_from(pm.PIECES)), cell[0], cell[1], draw(st.integers(0, 3)), draw(st.booleans())
            )
    colors = draw(st.lists(st.integers(0, 11), min_size=12, max_size=12))
    return pm.make_board(surface, height, width, items, colors)


@st.composite
def terrain_boards(draw: st.DrawFn) -> pm.Board:
    """Dense terrain in lines, so the Y and Z forms and their singles are exercised."""
    height = draw(st.integers(1, 60))
    width = draw(st.integers(1, 60))
    cells = set()
    for _ in range(draw(st.integers(0, 6))):
        if draw(st.booleans()):
            r = draw(st.integers(0, height - 1))
            cells |= {(r, c) for c in draw(st.lists(st.integers(0, width - 1), max_size=20))}
        else:
            c = draw(st.integers(0, width - 1))
            cells |= {(r, c) for r in draw(st.lists(st.integers(0, height - 1), max_size=20))}
    return pm.Board(height=height, width=width, terrain=tuple(sorted(cells)))


def texts() -> st.SearchStrategy[str]:
    return near(
        real_texts("pentomino", limit=300),
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_#/:.?=%(){}[],\x01",
    )

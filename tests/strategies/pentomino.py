"""Pentomino boards on every surface and texts near their slugs."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from slugboard.codecs import pentomino as pm
from slugboard.codecs.anatomy import Anatomy
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


# How the game's slugs are wrapped when people paste them: an error found in the slug
# points at the same character of the wrapped text (tests/test_contract.py).
WRAPPER = ("https://pentominoes.river.me/#/", "")


def check_elements(board: Any, found: Anatomy) -> None:
    """Each span's element of `found`, the anatomy of a text, is what the decoder made of its
    bits into `board` (tests/test_anatomy.py)."""
    from slugboard.codecs import pentomino as pm

    for span in found.spans:
        assert all(0 <= r < board.height and 0 <= c < board.width for r, c in span.cells), span
    painting = pm.paint(board)
    covered: dict[tuple[int, int], set[tuple[int, int]]] = {}  # anchor -> the cells its item paints
    for index, item in enumerate(painting.items):
        covered[(item.row, item.col)] = {
            divmod(cell, board.width)
            for cell, owner in enumerate(painting.owner)
            if owner == index or index in painting.overlaps.get(divmod(cell, board.width), ())
        }
    if found.format == "v0":
        (whole,) = [s for s in found.spans if s.element and s.element["kind"] == "board" and s.cells]
        assert set(whole.cells) == set().union(*covered.values())
        return
    assert [s.value for s in found.spans if s.field == "size"] == [board.height, board.width]
    surfaces = [s.value for s in found.spans if s.field == "header"]
    assert surfaces == ([pm.SURFACES[board.surface]] if found.format == "v3" else [])  # legacy: always R
    items: dict[int, dict[str, Any]] = {}
    for span in found.spans:
        if span.element and "item" in span.element:
            items.setdefault(span.element["item"], span.element)
    assert sorted(items) == list(range(len(items)))
    kept: dict[tuple[int, int], dict[str, Any]] = {}
    for number in sorted(items):  # the later item at an anchor wins, as in the decoder
        kept[tuple(items[number]["anchor"])] = items[number]
    assert all(items[n].get("replaced", False) == (kept[tuple(items[n]["anchor"])] is not items[n]) for n in items)
    pieces = sorted(
        (tuple(e["anchor"]), e["name"], e["rotation"], e["reflected"]) for e in kept.values() if e["kind"] == "piece"
    )
    assert pieces == [((p.row, p.col), p.name, p.rotation, p.reflected) for p in board.pieces]
    assert sorted(a for a, e in kept.items() if e["kind"] == "terrain") == list(board.terrain)
    for anchor, element in kept.items():
        assert {tuple(cell) for cell in element["cells"]} == covered[anchor], element
    for piece in board.pieces:
        # A name's colour is that of its last item in the slug, kept on the board or replaced there later
        # (a legacy slug may name a piece twice: "2.1L01L0LAN0" colours L by its third, replaced, item).
        named = [items[n]["colour"] for n in sorted(items) if items[n].get("name") == piece.name]
        assert board.color_of(piece.name) == named[-1]
    placed = {p.name for p in board.pieces}
    named = [s for s in found.spans if s.element and s.element["kind"] == "name" and not s.element.get("cleared")]
    for span in named:
        name = span.element["name"]
        if name not in placed and sum(1 for s in named if s.element["name"] == name) == 1:
            assert board.color_of(name) == span.value, span

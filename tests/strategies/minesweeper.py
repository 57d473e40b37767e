"""Minesweeper games and texts near their slugs."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.anatomy import Anatomy
from strategies import near, real_texts


@st.composite
def boards(draw: st.DrawFn, max_side: int = 80) -> ms.Board:
    version = draw(st.sampled_from([1, 2]))
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    unit = 50 if version == 1 else draw(st.sampled_from([1, 10, 50, 1000]))
    unit_in_meta = version == 1 or unit != 50 or draw(st.booleans())
    cells = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    mines = tuple(draw(st.lists(cells, max_size=min(40, width * height), unique=True)))
    kinds = ["open", "flag", "unflag"] + (["mark"] if version == 2 else [])
    raw = draw(st.lists(st.tuples(st.integers(0, 300), st.sampled_from(kinds), cells), max_size=40))
    events: list[ms.Event] = []
    t = 0
    for delta, kind, (x, y) in raw:
        t += delta
        if events and events[-1].t == t and events[-1].kind == "open" and kind != "open":
            t += 1
        events.append(ms.Event(t, kind, x, y))
    return ms.Board(width, height, mines, tuple(events), version, unit, unit_in_meta)


def texts() -> st.SearchStrategy[str]:
    return near(
        real_texts("minesweeper", limit=200),
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz=+x,-_!*.;:",
    )


# How the game's slugs are wrapped when people paste them: an error found in the slug
# points at the same character of the wrapped text (tests/test_contract.py).
WRAPPER = ("  ", "\n")


def check_elements(board: Any, found: Anatomy) -> None:
    """Each span's element of `found`, the anatomy of a text, is what the decoder made of its
    bits into `board` (tests/test_anatomy.py)."""
    assert [s.value for s in found.spans if s.field == "size"] == [board.width, board.height]
    assert found.spans[0].field == "version" and found.spans[0].value == board.version
    mines = [s for s in found.spans if s.field == "mine"]
    assert [tuple(s.value) for s in mines] == list(board.mines)
    assert [s.cells for s in mines] == [[(y, x)] for x, y in board.mines]
    assert [s.element["index"] for s in mines] == list(range(len(mines)))
    events = [s for s in found.spans if s.element and s.element["kind"] == "event"]
    assert all((s.field == "click") == (s.element["action"] == "open") for s in events)
    in_time = sorted(events, key=lambda s: s.element["index"])
    assert [s.element["index"] for s in in_time] == list(range(len(board.events)))
    assert [(s.element["t"], s.element["action"], s.element["x"], s.element["y"]) for s in in_time] == [
        tuple(e) for e in board.events
    ]
    assert all(s.cells == [(s.element["y"], s.element["x"])] for s in events)
    for section in ("click", "flag"):  # in slug order, a section's times never go back
        times = [s.element["t"] for s in events if s.field == section]
        assert times == sorted(times)
        assert sum(s.value["delta"] for s in events if s.field == section) == (times[-1] if times else 0)

"""Minesweeper games and texts near their slugs."""

from __future__ import annotations

from hypothesis import strategies as st

from slugboard.codecs import minesweeper as ms
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

"""Hypothesis strategies, one module per game, for the shared contract tests.

Each module `strategies.<game>` offers:

    boards()   a strategy of boards the game can encode (the round trip is exact)
    texts()    a strategy of texts near the game's slugs and links: real slugs cut,
               spliced and mutated, so a decoder is pushed past its header
    WRAPPER    (before, after): how a bare slug of the game is wrapped when pasted (its
               link around it); an error's position moves by len(before)
    check_elements(board, anatomy)
               each span's element of a text's anatomy is what the decoder made of it

`tests/test_contract.py` and `tests/test_anatomy.py` run every registered game through the
same checks with them, so a new game's tests need no table of theirs edited. A game from
outside Slugboard keeps the same module as `strategies` beside its codec package (the toy
game's `tests/toygame/strategies.py`); `of(name)` finds either.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from hypothesis import strategies as st

from conftest import load_vectors
from slugboard.codecs import SlugError, all_games


def of(name: str) -> ModuleType:
    """The strategies module of the registered game `name` (see above)."""
    try:
        return importlib.import_module(f"strategies.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"strategies.{name}":
            raise
    package = all_games()[name].codec.__name__.rpartition(".")[0]
    return importlib.import_module(f"{package}.strategies")


def real_texts(game: str, limit: int = 400) -> list[str]:
    """Every string in the game's test vectors that the game reads: slugs and links in
    the forms people paste (the shortest first, at most `limit`)."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, str):
            if 0 < len(node) <= 20_000:
                found.add(node)
        elif isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(load_vectors(game))
    readable = []
    for text in sorted(found, key=lambda t: (len(t), t)):
        try:
            all_games()[game].decode(text)
        except SlugError:
            continue
        readable.append(text)
    return readable[:limit]


def near(texts: list[str], alphabet: str) -> st.SearchStrategy[str]:
    """Texts near `texts`: whole, cut short, with a character changed, inserted or
    removed, two spliced together, or wrapped in whitespace."""
    real = st.sampled_from(texts)
    chars = st.one_of(st.sampled_from(alphabet), st.characters())
    cut = st.tuples(real, st.integers(0, 400)).map(lambda t: t[0][: t[1]])
    changed = st.tuples(real, st.integers(0, 400), chars).map(lambda t: t[0][: t[1]] + t[2] + t[0][t[1] + 1 :])
    inserted = st.tuples(real, st.integers(0, 400), st.text(chars, min_size=1, max_size=4)).map(
        lambda t: t[0][: t[1]] + t[2] + t[0][t[1] :]
    )
    removed = st.tuples(real, st.integers(0, 400), st.integers(1, 8)).map(lambda t: t[0][: t[1]] + t[0][t[1] + t[2] :])
    spliced = st.tuples(real, real, st.integers(0, 400), st.integers(0, 400)).map(lambda t: t[0][: t[2]] + t[1][t[3] :])
    padded = st.tuples(
        st.sampled_from(["", " ", "\n", "<", '"']), real, st.sampled_from(["", " ", "\t", ">", '"'])
    ).map("".join)
    return st.one_of(real, cut, changed, inserted, removed, spliced, padded, st.text(alphabet, max_size=80))

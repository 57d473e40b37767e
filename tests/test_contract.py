"""The contract every registered game meets, checked the same way for each.

A new game gets these tests by registering itself (codecs and GUI) and providing
`tests/strategies/<game>.py`; see docs/ADDING_A_GAME.md.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys
from types import ModuleType
from typing import Any

import pytest
from depth import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import slugboard.codecs
import slugboard.gui
import strategies
from slugboard.codecs import GAMES, REGISTRY, Game, SlugError, all_games, decode_any, detect, titles
from slugboard.gui import games as gui_games
from slugboard.gui.page import GamePage

NAMES = list(GAMES)


def strategies_of(name: str) -> ModuleType:
    return strategies.of(name)


def _subpackages(package: ModuleType) -> set[str]:
    return {info.name for info in pkgutil.iter_modules(package.__path__) if info.ispkg}


def test_registry_lists_each_game_once_with_distinct_ranks():
    names = [importlib.import_module(package).NAME for package in REGISTRY]
    ranks = [GAMES[name].detection_rank for name in names]
    assert [package.rsplit(".", 1)[1] for package in REGISTRY] == names
    assert list(titles()) == names and list(titles().values()) == [GAMES[name].title for name in names]
    assert len(set(names)) == len(names) and len(set(ranks)) == len(ranks)
    assert list(GAMES) == names


def test_every_game_package_is_registered_on_both_sides():
    codec_games = _subpackages(slugboard.codecs)
    gui_games_found = _subpackages(slugboard.gui)
    assert codec_games == set(GAMES), "a codec package that is not in the registry, or the reverse"
    assert gui_games_found == set(GAMES), "a game with a codec and no GUI package, or the reverse"


@pytest.mark.parametrize("name", NAMES)
def test_every_exported_name_is_there(name: str):
    """A package loads its heavier modules when one of their names is first read: each
    name it exports, read from the package, is the object its module defines."""
    package = importlib.import_module(f"slugboard.codecs.{name}")
    offered = [n for n in dir(package) if not n.startswith("__")]
    assert {"NAME", "TITLE", "Board", "decode", "encode", "problems", "info", "explain"} <= set(offered)
    for exported in offered:
        value = getattr(package, exported)
        assert value is not None or exported == "WEB_HOST", exported
        assert exported in dir(package)
    with pytest.raises(AttributeError):
        package.no_such_name  # noqa: B018


# Modules that reading and writing a slug does not need: solvers, replay engines, move
# generators, the word list, and the standard modules only they use.
_HEAVY = {
    "slugboard.codecs.sudoku.solver", "slugboard.codecs.sudoku.logic", "slugboard.codecs.pentomino.geometry",
    "slugboard.codecs.pentomino.solver", "slugboard.codecs.xiangqi.moves", "slugboard.codecs.xiangqi.notation",
    "slugboard.codecs.minesweeper.replays", "slugboard.codecs.minesweeper.stats", "slugboard.codecs.letters.words",
    "slugboard.codecs.letters.game", "gzip", "hashlib",
}  # fmt: skip


def test_reading_a_marked_slug_loads_no_game_ranked_after_it():
    """`decode_any` (and `slugboard-codec detect`, which prints its game) stops at the
    first game that reads the text: a sudoku slug, marked and ranked first, loads no other
    game's package."""
    slug = "UyF2MQRhyECJQWIySCkiKoXU+yAUcJiTwoVTKoVqsHYm5V3D54DxCitHWQclJ0g="
    script = (
        "import sys, json\n"
        "from slugboard.codecs import decode_any\n"
        "name, _ = decode_any(sys.argv[1])\n"
        "print(json.dumps([name, sorted(sys.modules)]))\n"
    )
    run = subprocess.run([sys.executable, "-c", script, slug], capture_output=True, text=True, check=True)
    name, modules = json.loads(run.stdout)
    assert name == "sudoku"
    # Their declarations are read (to rank them), none of their modules.
    assert [m for m in modules if m.startswith(tuple(f"slugboard.codecs.{o}." for o in NAMES if o != "sudoku"))] == []


@pytest.mark.slow
def test_trying_a_text_as_every_game_loads_only_the_readers():
    """`slugboard-codec detect` tries every game; that loads each game's slug reader and
    model, not its solver, replay engine or word list (a command starts in a fresh
    interpreter, so what it imports is what it waits for)."""
    from slugboard import resources

    examples = resources.examples()
    script = (
        "import sys, json\n"
        "from slugboard.codecs import detect\n"
        "found = [detect(text) for text in json.loads(sys.argv[1])]\n"
        "print(json.dumps({'found': found, 'modules': sorted(sys.modules)}))\n"
    )
    texts = [example["text"] for example in examples]
    run = subprocess.run([sys.executable, "-c", script, json.dumps(texts)], capture_output=True, text=True, check=True)
    result = json.loads(run.stdout)
    assert [found[0] for found in result["found"]] == [example["game"] for example in examples]
    assert {example["game"] for example in examples} == set(NAMES)
    loaded = set(result["modules"])
    assert loaded & _HEAVY == set()
    assert {f"slugboard.codecs.{name}.slug" for name in NAMES} <= loaded


@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_a_view(name: str):
    view = gui_games.view(name)
    assert issubclass(view.page, GamePage) and view.page.GAME == name
    assert callable(view.paint) and callable(view.preferred_size)


@pytest.mark.parametrize("name", NAMES)
def test_facts_are_constants_that_match_the_codec(name: str):
    game: Game[Any] = all_games()[name]
    url = game.share_url(game.new_board())
    assert (url is not None) == game.has_link
    if game.web_host is not None:
        assert url is not None and game.web_host in url


@pytest.mark.parametrize("name", NAMES)
def test_new_board_round_trips(name: str):
    game = all_games()[name]
    board = game.new_board()
    assert isinstance(board, game.board_type)
    assert game.from_json(game.to_json(board)) == board
    assert game.decode(game.encode(board)) == board


def _with_each_game(check):  # one hypothesis test per game, named for it
    return pytest.mark.parametrize("name", NAMES)(check)


@pytest.mark.slow
@_with_each_game
@settings(max_examples=examples(60), suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_round_trip(name: str, data: st.DataObject):
    game = all_games()[name]
    board = data.draw(strategies_of(name).boards())
    slug = game.encode(board)
    assert game.decode(slug) == board
    assert game.encode(game.decode(slug)) == slug
    assert game.from_json(game.to_json(board)) == board
    url = game.share_url(board)
    if url is not None:
        opened = game.decode(url)
        assert game.share_url(opened) == url  # a link opens a board whose link is that link
        if name != "letters":  # letters links are V4 whenever the letters are known (tests of letters)
            assert opened == board


@pytest.mark.slow
@_with_each_game
@settings(max_examples=examples(200), suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_only_slug_error_escapes_decode(name: str, data: st.DataObject):
    game = all_games()[name]
    text = data.draw(strategies_of(name).texts())
    try:
        game.decode(text)
    except SlugError as exc:
        assert exc.game in (name, "slugboard")
        if exc.position is not None:
            assert 0 <= exc.position <= len(text)
        if exc.span is not None:
            assert 0 <= exc.span[0] <= exc.span[1] <= len(text)


@pytest.mark.slow
@_with_each_game
@settings(max_examples=examples(200), suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_looks_like_never_raises(name: str, data: st.DataObject):
    text = data.draw(st.one_of(strategies_of(name).texts(), st.text()))
    assert all_games()[name].looks_like(text) in (True, False)


@pytest.mark.slow
@_with_each_game
@settings(max_examples=examples(100), suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_decode_any_and_detect_agree(name: str, data: st.DataObject):
    text = data.draw(strategies_of(name).texts())
    try:
        found, _ = decode_any(text)
    except SlugError:
        if text.strip():
            assert detect(text) == []
    else:
        assert found in detect(text)


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


@pytest.mark.slow
@_with_each_game
@settings(max_examples=examples(150), suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_from_json_raises_only_slug_error(name: str, data: st.DataObject):
    """A board JSON with any value in any place (one key replaced, dropped, or a list
    member replaced) gives a board or a SlugError."""
    game = all_games()[name]
    obj = game.to_json(data.draw(strategies_of(name).boards()))
    key = data.draw(st.sampled_from(sorted(obj)))
    how = data.draw(st.sampled_from(["replace", "drop", "member"]))
    if how == "drop":
        del obj[key]
    elif how == "member" and isinstance(obj[key], list) and obj[key]:
        obj[key][data.draw(st.integers(0, len(obj[key]) - 1))] = data.draw(_JSON_VALUES)
    else:
        obj[key] = data.draw(_JSON_VALUES)
    try:
        game.from_json(obj)
    except SlugError:
        pass


@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_its_test_strategies(name: str):
    """What these tests and tests/test_anatomy.py ask of a game's own strategies module."""
    module = strategies_of(name)
    assert callable(module.boards) and callable(module.texts) and callable(module.check_elements)
    before, after = module.WRAPPER
    assert isinstance(before, str) and isinstance(after, str)


@pytest.mark.slow
@_with_each_game
@settings(max_examples=examples(150), suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_an_error_position_counts_in_the_text_as_pasted(name: str, data: st.DataObject):
    game = all_games()[name]
    slug = data.draw(strategies_of(name).texts()).strip()
    if not slug or any(ch in slug for ch in "?&#%/: <>\"'") or slug.startswith(("1=", "2=")) != (name == "minesweeper"):
        return  # keep to bare slugs that the wrapper cannot change the meaning of
    try:
        game.decode(slug)
        return
    except SlugError as bare:
        if bare.position is None:
            return
        before, after = strategies_of(name).WRAPPER
        try:
            game.decode(before + slug + after)
        except SlugError as wrapped:
            if wrapped.message == bare.message:
                assert wrapped.position == len(before) + bare.position, (before + slug + after, wrapped, bare)

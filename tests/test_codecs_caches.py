"""The caches a game keeps for speed: bounded, found by identity, safe across threads,
and never keeping a value alive."""

from __future__ import annotations

import dataclasses
import gc
import sys
import threading
from typing import Any

import pytest

from slugboard.codecs import Game
from slugboard.codecs.caches import Memo, Recent
from slugboard.codecs.minesweeper import model as ms_model


class Value:
    """An object that compares equal to every other of its kind, as two equal boards do."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Value)

    __hash__ = object.__hash__


def test_a_memo_finds_what_it_remembers_by_identity_not_equality():
    memo: Memo[Value, str] = Memo("test", 4)
    one, two = Value(), Value()
    assert one == two
    memo.put(one, "one")
    assert memo.get(one) == "one" and memo.get(two) is None
    assert memo.setdefault(two, lambda: "two") == "two" and memo.setdefault(two, lambda: "again") == "two"
    memo.put(one, "changed")
    assert memo.get(one) == "changed" and len(memo) == 2


def test_a_memo_keeps_only_its_newest_entries():
    memo: Memo[Value, int] = Memo("test", 3)
    values = [Value() for _ in range(5)]
    for i, value in enumerate(values):
        memo.put(value, i)
    assert len(memo) == 3
    assert [memo.get(value) for value in values] == [None, None, 2, 3, 4]


@pytest.mark.slow
def test_a_memo_keeps_nothing_alive_and_forgets_what_is_freed():
    memo: Memo[Value, list[int]] = Memo("test", 8)
    value = Value()
    memo.put(value, [1, 2])
    assert len(memo) == 1
    del value
    gc.collect()
    assert len(memo) == 0


@pytest.mark.slow
def test_a_memo_shared_by_threads_stays_within_its_bound_and_loses_no_change():
    memo: Memo[Value, int] = Memo("test", 16)
    kept = [Value() for _ in range(64)]
    failures: list[BaseException] = []

    def work(offset: int) -> None:
        try:
            for round_ in range(300):
                for i in range(offset, 64, 4):
                    memo.put(kept[i], i)
                    found = memo.get(kept[i])
                    assert found is None or found == i
                    assert len(memo) <= 16
                    transient = Value()  # freed at once: its entry goes from another thread's view
                    memo.put(transient, round_)
        except BaseException as exc:  # noqa: BLE001 - reported below
            failures.append(exc)

    sizes_seen: set[int] = set()
    writing = threading.Event()

    def watch() -> None:  # a reader that takes no lock, as the window's thread does
        while writing.is_set():
            sizes_seen.add(len(memo))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    watcher = threading.Thread(target=watch)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns between nearly every two steps
    writing.set()
    try:
        watcher.start()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        writing.clear()
        watcher.join()
        sys.setswitchinterval(interval)
    assert failures == []
    assert max(sizes_seen) <= 16
    assert len(memo) <= 16
    assert all(memo.get(value) in (None, i) for i, value in enumerate(kept))


def test_recent_keeps_the_newest_first_within_its_bound():
    recent: Recent[int] = Recent("test", 3)
    for i in range(5):
        recent.add(i)
    assert recent.items() == (4, 3, 2)
    recent.change(lambda kept: [9, *kept])
    assert recent.items() == (9, 4, 3)
    recent.clear()
    assert recent.items() == ()


def test_recent_changes_from_several_threads_are_each_made_whole():
    recent: Recent[int] = Recent("test", 10_000)

    def work(start: int) -> None:
        for i in range(start, start + 1000):
            recent.change(lambda kept, i=i: (i, *kept))

    threads = [threading.Thread(target=work, args=(k * 1000,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(recent.items()) == list(range(4000))


def _held(value: Any) -> set[str]:
    """The names a value can hold something under: its slots (no __dict__ for more), less
    the weak reference a Memo finds it by."""
    assert not hasattr(value, "__dict__")
    return {name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ())} - {"__weakref__"}


def _fields(value: Any) -> set[str]:
    return {f.name for f in dataclasses.fields(value)}


def test_a_minesweeper_board_holds_its_fields_alone():
    """What is worked out about a board for speed is in the game's memo, not the board."""
    board = ms_model.random_board(30, 16, 99, seed=1)
    assert board.has_mine(*board.mines[0]) and board.mine_set
    moved = board.with_event(ms_model.Event(0, ms_model.OPEN, 0, 0))
    edited = board.toggled_mine(0, 0)
    for made in (board, moved, edited):
        assert _held(made) == _fields(made)
    facts = ms_model.REMEMBERED.get(moved)
    assert facts is not None and facts.grown_from is not None and facts.grown_from() is board
    facts = ms_model.REMEMBERED.get(edited)
    assert facts is not None and facts.toggled_from is not None and facts.toggled_from[0]() is board


def _asked_everything(game: Game, board: Any) -> None:
    game.encode(board)
    game.to_json(board)
    game.problems(board)
    game.info(board)
    game.share_url(board)
    game.prepare(board)
    game.from_json(game.to_json(board))


@pytest.mark.slow
def test_every_games_boards_hold_their_fields_alone_after_every_question():
    """A board is its fields and nothing else, whatever it has been asked: what a game
    remembers about it lives in the game's caches."""
    from slugboard import resources
    from slugboard.codecs import GAMES, decode_any

    boards = [(GAMES[name], GAMES[name].new_board()) for name in GAMES]
    for example in resources.examples():
        name, board = decode_any(example["text"])
        boards.append((GAMES[name], board))
    assert {game.name for game, _ in boards} == set(GAMES)
    for game, board in boards:
        _asked_everything(game, board)
        assert _held(board) == _fields(board), game.name

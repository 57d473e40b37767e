"""What a game remembers for speed, kept apart from the values it is about.

Boards are immutable values: nothing is written into them after they are made. What is
worked out about a board and worth keeping (a large game's slug in pieces, the board it
grew from) lives in the game's `Memo`, one per game, found by the board's identity; what
is kept across boards (the fields, replays and figures of the last few games shown) lives
in a `Recent`. Both are bounded, and both are shared by the window's thread and the worker
threads that prepare boards: every change is made under the object's lock, and a reader
takes no lock, as it sees one whole state or the next (a dictionary lookup, a tuple).
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Iterable
from functools import partial
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class MemoKey:
    """The base of a value that a `Memo` finds things about (a game's board): a weak
    reference to it is what lets its entry go with it. A slotted dataclass has no room for
    one of its own (`weakref_slot` came with Python 3.11), so it inherits this one."""

    __slots__ = ("__weakref__",)


class Memo(Generic[K, V]):
    """A value remembered about each of the last `size` objects it was given (`put`),
    found by identity, never by equality: two large boards take as long to compare as
    most of what is remembered about them takes to work out.

    It never keeps an object alive: an entry goes when its object is freed, and the
    oldest goes when a new one would make more than `size`. So whatever is found here
    may also be missing, and a caller works it out again."""

    def __init__(self, name: str, size: int) -> None:
        self.name = name
        self.size = size
        # Reentrant: an entry's object can be freed, and its entry dropped, by a garbage
        # collection that starts inside a change on the same thread.
        self._lock = threading.RLock()
        self._entries: dict[int, tuple[weakref.ref[K], V]] = {}

    def __repr__(self) -> str:
        return f"<Memo {self.name!r}: {len(self._entries)} of {self.size}>"

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: K) -> V | None:
        """What is remembered about `key`, or None."""
        entry = self._entries.get(id(key))
        # A freed object's address can be another's before its entry has gone.
        return entry[1] if entry is not None and entry[0]() is key else None

    def put(self, key: K, value: V) -> V:
        """Remember `value` about `key` (in place of what was), as the newest entry."""
        number = id(key)
        ref = weakref.ref(key, partial(self._forget, number))
        with self._lock:
            entries = self._entries
            entries.pop(number, None)
            # The oldest go first, so a reader without the lock never counts more than `size`.
            while entries and len(entries) >= self.size:
                entries.pop(next(iter(entries)), None)
            entries[number] = (ref, value)
        return value

    def setdefault(self, key: K, make: Callable[[], V]) -> V:
        """What is remembered about `key`, or `make()` remembered now."""
        found = self.get(key)
        if found is not None:
            return found
        with self._lock:
            found = self.get(key)
            return found if found is not None else self.put(key, make())

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def _forget(self, number: int, ref: weakref.ref[K]) -> None:
        with self._lock:
            entry = self._entries.get(number)
            if entry is not None and entry[0] is ref:
                del self._entries[number]


class Recent(Generic[T]):
    """The last few values worked out, newest first, at most `size` of them; a caller
    finds what it looks for in `items()` by its own test (identity first, as a rule)."""

    def __init__(self, name: str, size: int) -> None:
        self.name = name
        self.size = size
        self._lock = threading.Lock()
        self._items: tuple[T, ...] = ()

    def __repr__(self) -> str:
        return f"<Recent {self.name!r}: {len(self._items)} of {self.size}>"

    def items(self) -> tuple[T, ...]:
        """Every value kept, newest first: a tuple, so another thread's change meanwhile
        leaves it as it was."""
        return self._items

    def add(self, item: T) -> None:
        """Keep `item` as the newest; the oldest goes when there are too many."""
        with self._lock:
            self._items = (item, *self._items)[: self.size]

    def change(self, new_items: Callable[[tuple[T, ...]], Iterable[T]]) -> None:
        """Keep `new_items(kept)` in place of what is kept (at most `size` of them, the
        first the newest), with no other change made in between."""
        with self._lock:
            self._items = tuple(new_items(self._items))[: self.size]

    def clear(self) -> None:
        with self._lock:
            self._items = ()

"""The ENABLE word list, read on first need, and Slugboard's own starting word for a date."""

from __future__ import annotations

import datetime as _dt
import functools
import threading
from bisect import bisect_right
from collections.abc import Iterator

from .model import date_digest, start_word_error


class WordList:
    """The ENABLE words, upper case, one per line in `data` (ASCII bytes), in sorted order
    (the shipped list is; tests/test_codecs_letters.py checks it).

    `word in words` looks the word up by halving the lines of its initial, with nothing
    made first; once an initial has been asked for often (a game being played, a search of
    the rack), a set of its words answers instead. A set of every word, made at once, would
    be most of the letters tab's start. The list is searched as the file's bytes, and its
    words are counted only when something asks how many there are or where the n-th one is
    (benchmarks/letters_speed.py measures the lookups and the loading)."""

    SEARCHES_BEFORE_SET = 64

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._sets: dict[str, frozenset[str]] = {}
        self._searches: dict[str, int] = {}
        self._lists: dict[str, list[str]] = {}
        self._bounds: dict[str, tuple[int, int]] = {}  # where each initial's lines are, A to Z
        # Where each initial's words begin, found by halving too ("[" follows "Z").
        edges = [self._lower_bound(bytes((code,)), 0, len(data)) for code in range(ord("A"), ord("[") + 1)]
        for code, (start, end) in enumerate(zip(edges, edges[1:]), ord("A")):
            if start < end:
                self._bounds[chr(code)] = (start, end)
        # (the number of words, [(words before this initial, initial), in order]), counted
        # on first need. Made whole and then set, so a thread sees all of it or none.
        self._counted: tuple[int, list[tuple[int, str]]] | None = None

    def _lower_bound(self, word: bytes, start: int, end: int) -> int:
        """The offset of the first line of data[start:end] that is not less than `word` (or
        `end`): the lines are sorted, each ends in a newline, and `start` begins one."""
        data = self._data
        low, high = start, end  # every line before `low` is less than `word`, none from `high` is
        while low < high:
            middle = (low + high) // 2
            line_start = max(low, data.rfind(b"\n", low, middle) + 1)
            line_end = data.find(b"\n", middle, high)
            if data[line_start:line_end] < word:
                low = line_end + 1
            else:
                high = line_start
        return low

    def _counts(self) -> tuple[int, list[tuple[int, str]]]:
        if self._counted is None:
            count, before = 0, []
            for initial, (start, end) in self._bounds.items():
                before.append((count, initial))
                count += self._data[start:end].count(b"\n")
            self._counted = count, before
        return self._counted

    def _list(self, initial: str) -> list[str]:
        found = self._lists.get(initial)
        if found is None:
            start, end = self._bounds[initial]
            found = self._lists[initial] = self._data[start:end].decode("ascii").split()
        return found

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or not word:
            return False
        initial = word[0]
        words = self._sets.get(initial)
        if words is not None:
            return word in words
        bounds = self._bounds.get(initial)
        if bounds is None:
            return False
        searches = self._searches[initial] = self._searches.get(initial, 0) + 1
        if searches > self.SEARCHES_BEFORE_SET:
            words = self._sets[initial] = frozenset(self._list(initial))
            return word in words
        try:
            key = word.encode("ascii")
        except UnicodeEncodeError:
            return False  # the list is ASCII
        if b"\n" in key:
            return False
        line = self._lower_bound(key, *bounds)
        return self._data[line : line + len(key) + 1] == key + b"\n"

    def __len__(self) -> int:
        return self._counts()[0]

    def __iter__(self) -> Iterator[str]:
        for initial in self._bounds:
            yield from self._list(initial)

    def from_index(self, index: int) -> Iterator[str]:
        """The words from the one at `index` (in the list's order) to the end, then from
        the start: each word once."""
        count, before = self._counts()
        index %= count
        place = bisect_right(before, (index, "\uffff")) - 1
        order = before[place:] + before[:place]
        first = index - before[place][0]
        for n, (_, initial) in enumerate(order):
            yield from self._list(initial)[first if n == 0 else 0 :]
        yield from self._list(order[0][1])[:first]


_WORDS: WordList | None = None
_WORDS_LOCK = threading.Lock()


def _load_words() -> None:
    global _WORDS
    with _WORDS_LOCK:
        if _WORDS is None:
            _WORDS = WordList(_word_file())


def _word_file() -> bytes:
    """The word list's file (upper case, one word a line), read whole, ending in a newline."""
    from slugboard.resources import read_bytes

    data = read_bytes("enable.txt")
    return data if data.endswith(b"\n") else data + b"\n"


def word_list() -> WordList:
    """The ENABLE words, upper case (loaded once, on first need; safe from any thread)."""
    if _WORDS is None:
        _load_words()
    return _WORDS  # type: ignore[return-value]


def word_list_loaded() -> bool:
    return _WORDS is not None


def is_word(word: str) -> bool:
    return word.upper() in word_list()


@functools.lru_cache(maxsize=512)
def default_start_word(date: _dt.date) -> str:
    """A starting word of our own for `date` (the site's own list is not public): the
    first 5-7 letter word the bag can spell at or after a place in the word list chosen
    by the date's md5."""
    words = word_list()
    for word in words.from_index(date_digest(date) % len(words)):
        if 5 <= len(word) <= 7 and start_word_error(word) is None:
            return word
    raise LookupError("the word list has no starting word")  # only with a broken word list

"""The ENABLE word list, read on first need, and Slugboard's own starting word for a date."""

from __future__ import annotations

import datetime as _dt
import functools
import hashlib
import threading
from bisect import bisect_right
from collections.abc import Iterator

from .model import start_word_error


class WordList:
    """The ENABLE words, upper case, one per line in `text` (the list's order, where each
    initial's words stand together). `word in words` splits and keeps only that initial's
    words the first time one is asked, so a first check costs a 26th of making a set of
    every word (which took most of the letters tab's start). The initials stand in
    alphabetical order, as in the shipped list (tests/test_resources.py checks it)."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._sets: dict[str, frozenset[str]] = {}
        self._lists: dict[str, list[str]] = {}
        self._bounds: dict[str, tuple[int, int]] = {}
        self._before: list[tuple[int, str]] = []  # (words before this initial, initial), in order
        count = 0
        at = 0
        while at < len(text):
            initial = text[at]
            end = len(text)
            for code in range(ord(initial) + 1, ord("Z") + 1):  # the next initial's first line ends this one's
                found = text.find("\n" + chr(code), at)
                if found >= 0:
                    end = found + 1
                    break
            self._bounds[initial] = (at, end)
            self._before.append((count, initial))
            count += text.count("\n", at, end)
            at = end
        self._count = count

    def _set(self, initial: str) -> frozenset[str] | None:
        found = self._sets.get(initial)
        if found is None:
            bounds = self._bounds.get(initial)
            if bounds is None:
                return None
            found = self._sets[initial] = frozenset(self._list(initial))
        return found

    def _list(self, initial: str) -> list[str]:
        found = self._lists.get(initial)
        if found is None:
            start, end = self._bounds[initial]
            found = self._lists[initial] = self._text[start:end].split()
        return found

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or not word:
            return False
        words = self._set(word[0])
        return words is not None and word in words

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[str]:
        for _, initial in self._before:
            yield from self._list(initial)

    def from_index(self, index: int) -> Iterator[str]:
        """The words from the one at `index` (in the list's order) to the end, then from
        the start: each word once."""
        index %= self._count
        place = bisect_right(self._before, (index, "\uffff")) - 1
        order = self._before[place:] + self._before[:place]
        first = index - self._before[place][0]
        for n, (_, initial) in enumerate(order):
            yield from self._list(initial)[first if n == 0 else 0 :]
        yield from self._list(order[0][1])[:first]


_WORDS: WordList | None = None
_WORDS_LOCK = threading.Lock()


def _load_words() -> None:
    global _WORDS
    with _WORDS_LOCK:
        if _WORDS is None:
            # Kept upper case and uncompressed: reading it takes a fraction of a millisecond,
            # where inflating and upper-casing it took 13 ms (a wheel compresses it anyway).
            from slugboard.resources import read_bytes

            text = read_bytes("enable.txt").decode("ascii")
            _WORDS = WordList(text if text.endswith("\n") else text + "\n")


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
    digest = int(hashlib.md5(date.strftime("%Y%m%d").encode()).hexdigest(), 16)
    for word in words.from_index(digest % len(words)):
        if 5 <= len(word) <= 7 and start_word_error(word) is None:
            return word
    raise LookupError("the word list has no starting word")  # only with a broken word list

"""The ENABLE word list, read on first need, and Slugboard's own starting word for a date."""

from __future__ import annotations

import datetime as _dt
import functools
import gzip
import hashlib
import threading
from importlib import resources as _resources

from .model import start_word_error

_WORDS: frozenset[str] | None = None


_WORD_ORDER: tuple[str, ...] = ()


_WORDS_LOCK = threading.Lock()


def _load_words() -> None:
    global _WORDS, _WORD_ORDER
    with _WORDS_LOCK:
        if _WORDS is None:
            data = _resources.files("slugboard.resources").joinpath("enable.txt.gz").read_bytes()
            order = tuple(gzip.decompress(data).decode("ascii").upper().split())
            _WORD_ORDER = order
            _WORDS = frozenset(order)


def word_list() -> frozenset[str]:
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
    word_list()
    words = _WORD_ORDER
    digest = int(hashlib.md5(date.strftime("%Y%m%d").encode()).hexdigest(), 16)
    start = digest % len(words)
    for i in range(len(words)):
        word = words[(start + i) % len(words)]
        if 5 <= len(word) <= 7 and start_word_error(word) is None:
            return word
    raise LookupError("the word list has no starting word")  # only with a broken word list

"""Every legal play for a board and a rack, ranked by score: the move finder.

Plays are found the way word-game engines find them (Appel and Jacobson): at each
anchor (an empty square beside a tile) a left part is built from the rack, then
extended rightwards through the board's tiles, walking a trie of the word list so that
only prefixes of words are ever tried, and checking each new tile against the word it
makes across the line (the cross-check). Down plays are across plays of the board
turned over its diagonal. A play's score is added up as it is found, with the premium
squares and letter values of `scoring.score_turn`, which scores the plays returned
(tests/test_codecs_letters_moves.py checks every play against a brute-force search
scored by `score_turn`). The cross-checks and anchors of a board are worked out once
and kept for the last few boards asked about (`_board_lines`).

When only the best plays are wanted (`best_plays`), the anchors are searched from the
one whose plays could score most, and a branch is left as soon as the most it could
still score (`_ceiling`: its tiles so far, the rack's highest tiles on the highest
premiums within reach, and the bingo bonus while all the tiles still fit) is below the
best found so far. The whole ranked list (`find_plays`) searches everything.

The trie holds the ENABLE words that fit the 9-square row, as a table from each prefix
to the letters that may follow it. It is made once and kept on disk in the user cache
folder (`lexicon_cache_path`) with the digest of the word list it was made from; a cache
that is damaged, of another list or of another layout is made again, never trusted.
"""

from __future__ import annotations

import hashlib
import heapq
import os
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass, replace
from operator import mul
from typing import Any

from ..files import cache_folder, read_cache, write_cache
from ..work import NEVER, Cancel
from .game import rack_for_turn, resolve
from .model import BINGO_BONUS, BLANK, DL, DW, PREMIUMS, RACK_SIZE, SIZE, TL, TURNS, TW, VALUES, Board
from .scoring import score_turn

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
CACHE_MAGIC = b"slugboard letters lexicon 1\n"
# The cache holds at most this many bytes (ENABLE's table is about 3 MB): a larger file is
# not read at all.
CACHE_LIMIT = 16 << 20
# One line of the cache's body: a prefix of up to 9 letters, the letters that may follow it,
# and whether it is a word.
_CACHE_BODY = re.compile(rb"(?:[A-Z]{0,%d} [A-Z]{0,26} [01]\n)*" % SIZE)


@dataclass(frozen=True, slots=True)
class Play:
    """One legal play: the word along its line, the tiles it places as (row, col, face)
    (a blank's face is its letter in lowercase), the score, and the rack tiles it uses
    (a blank as `_`)."""

    word: str
    placed: tuple[tuple[int, int, str], ...]
    score: int
    across: bool

    @property
    def tiles_used(self) -> str:
        return "".join(BLANK if face.islower() else face for _, _, face in self.placed)

    def to_json(self) -> dict[str, object]:
        return {
            "word": self.word,
            "cells": [[r, c, face] for r, c, face in self.placed],
            "score": self.score,
            "tiles_used": self.tiles_used,
            "direction": "across" if self.across else "down",
        }


class Lexicon:
    """The words that fit a row (2-9 letters, upper case) and, for every prefix of one,
    the letters that may follow it."""

    def __init__(self, words: frozenset[str], follow: dict[str, str]) -> None:
        self.words = words
        self.follow = follow

    @classmethod
    def from_words(cls, words: Iterable[str]) -> Lexicon:
        kept = frozenset(w for w in words if 2 <= len(w) <= SIZE and w.isascii() and w.isalpha() and w.isupper())
        follow: dict[str, set[str]] = {}
        for word in kept:
            for i in range(len(word)):
                follow.setdefault(word[:i], set()).add(word[i])
        return cls(kept, {prefix: "".join(sorted(after)) for prefix, after in follow.items()})

    # --- the cache file ----------------------------------------------------------
    # magic, digest of the word list (hex) and of the body (hex), then the body: one
    # line per prefix, "PREFIX LETTERS WORD" where WORD is 1 when the prefix is a word.
    def to_bytes(self, source_digest: str) -> bytes:
        lines = []
        for prefix in sorted(set(self.follow) | self.words):
            lines.append(f"{prefix} {self.follow.get(prefix, '')} {1 if prefix in self.words else 0}")
        body = ("\n".join(lines) + "\n").encode("ascii")
        return CACHE_MAGIC + source_digest.encode() + b"\n" + hashlib.sha256(body).hexdigest().encode() + b"\n" + body

    @classmethod
    def from_bytes(cls, data: bytes, source_digest: str) -> Lexicon | None:
        """The lexicon a cache file holds, or None when the file is not a whole, sound
        cache made from the word list of `source_digest`."""
        if not data.startswith(CACHE_MAGIC) or len(data) > CACHE_LIMIT:
            return None
        head = data[len(CACHE_MAGIC) :]
        parts = head.split(b"\n", 2)
        if len(parts) != 3 or parts[0] != source_digest.encode():
            return None
        body = parts[2]
        if hashlib.sha256(body).hexdigest().encode() != parts[1]:
            return None
        if not _CACHE_BODY.fullmatch(body):
            return None
        words = set()
        follow = {}
        for line in body.decode("ascii").splitlines():
            prefix, after, is_word = line.split(" ")
            if after:
                follow[prefix] = after
            if is_word == "1":
                words.add(prefix)
        lexicon = cls(frozenset(words), follow)
        return lexicon if lexicon._sound() else None

    def _sound(self) -> bool:
        """Every letter that may follow a prefix leads to a longer prefix or a word."""
        follow, words = self.follow, self.words
        return all(
            prefix + letter in follow or prefix + letter in words
            for prefix, after in follow.items()
            for letter in after
        )


def lexicon_cache_path() -> str:
    return os.path.join(cache_folder(), "letters-lexicon.txt")


def _read_cache(path: str, digest: str) -> Lexicon | None:
    data = read_cache(path, CACHE_LIMIT)
    return None if data is None else Lexicon.from_bytes(data, digest)


def _write_cache(path: str, data: bytes) -> None:
    """Written whole and moved into place (`files.write_cache`), so a reader never sees
    half a cache; a folder that cannot be written leaves the lexicon in memory alone."""
    write_cache(path, data)


_LEXICON: Lexicon | None = None
_LOCK = threading.Lock()


def load_lexicon(path: str | None = None, data: bytes | None = None) -> Lexicon:
    """The lexicon of the word list `data` (the shipped ENABLE list when None): from the
    cache when it is sound and of this list, else made from the list and cached."""
    if data is None:
        from slugboard.resources import read_bytes

        data = read_bytes("enable.txt")
    digest = hashlib.sha256(data).hexdigest()
    path = path or lexicon_cache_path()
    lexicon = _read_cache(path, digest)
    if lexicon is None:
        lexicon = Lexicon.from_words(data.decode("ascii").split())
        _write_cache(path, lexicon.to_bytes(digest))
    return lexicon


def lexicon() -> Lexicon:
    """The lexicon, loaded once per process (safe from any thread)."""
    global _LEXICON
    if _LEXICON is None:
        with _LOCK:
            if _LEXICON is None:
                _LEXICON = load_lexicon()
    return _LEXICON


# --- finding plays ---------------------------------------------------------------
def _multipliers() -> tuple[list[list[int]], list[list[int]]]:
    letter = [[1] * SIZE for _ in range(SIZE)]
    word = [[1] * SIZE for _ in range(SIZE)]
    for (r, c), kind in PREMIUMS.items():
        if kind == DL:
            letter[r][c] = 2
        elif kind == TL:
            letter[r][c] = 3
        elif kind == DW:
            word[r][c] = 2
        elif kind == TW:
            word[r][c] = 3
    return letter, word


_LETTER_MULT, _WORD_MULT = _multipliers()


def _value(face: str) -> int:
    return VALUES.get(face, 0)  # a blank's lowercase face is worth nothing


# What the squares from one square onwards could add to a play that has `n` tiles left:
# (the tiles already on them, the product of their word premiums, their letter premiums
# from the highest, the cross words' tiles times their word premiums, the letter premium
# times the word premium of each square with a cross word from the highest, whether all
# `n` tiles fit), over the first `n` empty squares a tile could go on and the board's tiles
# up to the next empty square after them.
_Reach = tuple[int, int, tuple[int, ...], int, tuple[int, ...], bool]


class _Line:
    """One row of the board, or one column read as a row (`across` False), with what a
    search along it needs, worked out once per board: its faces, for each empty square
    the letters the word across it allows (None: no word across) and the worth of that
    word's tiles, its anchors (empty squares beside a tile), its premiums, and the reach
    of each square for each number of tiles left (the bound of `_ceiling`)."""

    __slots__ = ("across", "index", "faces", "allowed", "cross_sum", "anchor", "letter_mult", "word_mult", "reach")

    def __init__(self, view: list[list[str | None]], row: int, across: bool, words: frozenset[str]) -> None:
        line = view[row]
        allowed: list[str | None] = [None] * SIZE
        cross_sum = [0] * SIZE
        anchor = [False] * SIZE
        for col in range(SIZE):
            if line[col] is not None:
                continue
            up = []
            r = row - 1
            while r >= 0 and view[r][col] is not None:
                up.append(view[r][col])
                r -= 1
            down = []
            r = row + 1
            while r < SIZE and view[r][col] is not None:
                down.append(view[r][col])
                r += 1
            if up or down:
                above = "".join(reversed(up))  # type: ignore[arg-type]
                below = "".join(down)  # type: ignore[arg-type]
                cross_sum[col] = sum(_value(f) for f in above) + sum(_value(f) for f in below)
                above_u, below_u = above.upper(), below.upper()
                allowed[col] = "".join(ch for ch in ALPHABET if above_u + ch + below_u in words)
                anchor[col] = True
            elif (col > 0 and line[col - 1] is not None) or (col < SIZE - 1 and line[col + 1] is not None):
                anchor[col] = True
        self.across, self.index, self.faces = across, row, line
        self.allowed, self.cross_sum, self.anchor = allowed, cross_sum, anchor
        self.letter_mult = _LETTER_MULT[row] if across else [_LETTER_MULT[c][row] for c in range(SIZE)]
        self.word_mult = _WORD_MULT[row] if across else [_WORD_MULT[c][row] for c in range(SIZE)]
        self.reach = _Reaches(self)

    def _reach(self, start: int, n: int) -> _Reach:
        empties: list[int] = []
        fixed = 0
        for col in range(start, SIZE):
            face = self.faces[col]
            if face is not None:
                fixed += _value(face)
            elif len(empties) == n or self.allowed[col] == "":
                break  # no tile left for it, or none may go there: the play ends before it
            else:
                empties.append(col)
        lm, wm, crossed = self.letter_mult, self.word_mult, [c for c in empties if self.allowed[c] is not None]
        product = 1
        for col in empties:
            product *= wm[col]
        return (
            fixed,
            product,
            tuple(sorted((lm[c] for c in empties), reverse=True)),
            sum(self.cross_sum[c] * wm[c] for c in crossed),
            tuple(sorted((lm[c] * wm[c] for c in crossed), reverse=True)),
            len(empties) == n,
        )


class _Reaches(dict[tuple[int, int], _Reach]):
    """A line's reach from each square for each number of tiles left, (start, n) -> reach,
    each worked out when first asked for: a search for the best plays asks for few."""

    def __init__(self, line: _Line) -> None:
        super().__init__()
        self.line = line

    def __missing__(self, key: tuple[int, int]) -> _Reach:
        reach = self[key] = self.line._reach(*key)
        return reach


def _ceiling(reach: _Reach, values: tuple[int, ...], main: int, mult: int, cross: int, placed: int) -> int:
    """The most a play can score that has laid `placed` tiles scoring `main` (times `mult`)
    along its line and `cross` across it, and may lay tiles worth `values` (from the highest)
    from the square of `reach` onwards. Every term only grows with what is added, so the
    best case of each is taken apart: the highest tiles on the highest letter premiums,
    every word premium and cross word within reach counted, the bonus if all the tiles fit."""
    fixed, product, premiums, cross_fixed, cross_letters, fits = reach
    ceiling: int = (
        (main + fixed + sum(map(mul, values, premiums))) * mult * product
        + cross
        + cross_fixed
        + sum(map(mul, values, cross_letters))
        + (BINGO_BONUS if fits and placed + len(values) >= RACK_SIZE else 0)
    )
    return ceiling


_LINES_KEPT = 8
_LINES: dict[tuple[int, tuple[tuple[tuple[int, int], str], ...]], tuple[Lexicon, list[_Line]]] = {}
_LINES_LOCK = threading.Lock()


def _board_lines(grid: dict[tuple[int, int], str], lex: Lexicon) -> list[_Line]:
    """The board's rows and columns as `_Line`s, kept for the last few boards asked about
    (a game's review and the panel ask about the same boards again)."""
    key = (id(lex), tuple(sorted(grid.items())))
    with _LINES_LOCK:
        kept = _LINES.get(key)
    if kept is not None and kept[0] is lex:
        return kept[1]
    lines = []
    for across in (True, False):
        view: list[list[str | None]] = [[None] * SIZE for _ in range(SIZE)]
        for (r, c), face in grid.items():
            if across:
                view[r][c] = face
            else:
                view[c][r] = face
        lines += [_Line(view, row, across, lex.words) for row in range(SIZE)]
    with _LINES_LOCK:
        while len(_LINES) >= _LINES_KEPT:
            del _LINES[next(iter(_LINES))]
        _LINES[key] = (lex, lines)
    return lines


def _less_one(values: tuple[int, ...]) -> dict[tuple[tuple[int, ...], int], tuple[int, ...]]:
    """For every part of the rack's tile values (highest first) and each value in it, the
    part left when a tile of that value is laid."""
    table = {}
    todo = [values]
    while todo:
        part = todo.pop()
        for value in set(part):
            if (part, value) not in table:
                i = part.index(value)
                table[part, value] = rest = part[:i] + part[i + 1 :]
                todo.append(rest)
    return table


def find_plays(
    grid: dict[tuple[int, int], str],
    rack: Iterable[str],
    words: Lexicon | None = None,
    cancel: Cancel = NEVER,
) -> list[Play]:
    """Every legal play of tiles from `rack` (letters, `_` for a blank) on the board
    `grid` ((row, col) -> face, a blank's in lowercase), best first: one row or column,
    no gap, touching a tile, every word formed in the list. Plays that place the same
    tiles on the same squares are one play (named by its word across when it has one)."""
    return _search(grid, list(rack), words or lexicon(), None, cancel)


def _search(
    grid: dict[tuple[int, int], str], rack: list[str], lex: Lexicon, top: int | None, cancel: Cancel
) -> list[Play]:
    """The plays of `find_plays`, or only the `top` best of them. For the best, anchors
    are searched from the one with the highest ceiling down, and a branch whose ceiling
    (`_ceiling`) is below the `top`-th best score found so far is left: it cannot reach
    the best. Ties with that score are still searched, so the plays kept are exactly the
    first `top` of the whole ranked list (tests/test_codecs_letters_moves.py checks so)."""
    if not grid:
        return []
    lines = _board_lines(grid, lex)
    counts = {letter: rack.count(letter) for letter in ALPHABET}
    blanks = [rack.count(BLANK)]  # a list, so the search's inner functions change it in place
    values = tuple(sorted((VALUES.get(tile, 0) for tile in rack), reverse=True))
    prune = top is not None and len(rack) <= RACK_SIZE
    found: dict[tuple[tuple[int, int, str], ...], Play] = {}
    best: list[int] = []  # the `top` best scores so far, a heap
    bar = [-1]  # a play scoring below this cannot be among the `top` best

    def keep(play: Play) -> None:
        old = found.get(play.placed)
        if old is None:
            found[play.placed] = play
            if top is not None:
                if len(best) < top:
                    heapq.heappush(best, play.score)
                    if len(best) == top:
                        bar[0] = best[0]
                elif play.score > best[0]:
                    heapq.heapreplace(best, play.score)
                    bar[0] = best[0]
        elif play.across and not old.across:
            found[play.placed] = play  # one tile: the same play found down first

    anchors: list[tuple[int, int, _Line, int, list[int]]] = []
    for line in lines:
        for col in range(SIZE):
            if line.anchor[col]:
                ceilings = _anchor_ceilings(line, col, values) if prune else []
                anchors.append((-max(ceilings, default=0), len(anchors), line, col, ceilings))
    anchors.sort(key=lambda a: (a[0], a[1]))
    less_one = _less_one(values)
    searchers: dict[int, Any] = {}
    for ceiling, _, line, col, ceilings in anchors:
        if prune and -ceiling < bar[0]:
            break  # nor can any anchor after it
        cancel.check()
        search = searchers.get(id(line))
        if search is None:
            search = searchers[id(line)] = _line_searcher(  # type: ignore[no-untyped-call]
                line, counts, blanks, values, less_one, lex, keep, bar, prune
            )
        search(col, ceilings)
    plays = sorted(found.values(), key=lambda p: (-p.score, p.placed))
    return plays if top is None else plays[:top]


def _anchor_ceilings(line: _Line, col: int, values: tuple[int, ...]) -> list[int]:
    """For each length of a left part before this anchor, the most a play with it can
    score: the left part is the board's tiles before the anchor (one length), or up to six
    tiles on the empty squares before it that are no anchors. Any play from the anchor
    lays its tiles on the first empty squares from its left part's start, so the ceiling
    from that square with the whole rack bounds it."""
    faces = line.faces
    if col > 0 and faces[col - 1] is not None:
        start = col
        while start > 0 and faces[start - 1] is not None:
            start -= 1
        before = sum(_value(f) for f in faces[start:col] if f is not None)
        return [_ceiling(line.reach[col, len(values)], values, before, 1, 0, 0)]
    limit = 0
    c = col - 1
    while c >= 0 and faces[c] is None and not line.anchor[c] and limit < RACK_SIZE - 1:
        limit += 1
        c -= 1
    return [_ceiling(line.reach[col - k, len(values)], values, 0, 1, 0, 0) for k in range(limit + 1)]


def _extender(line, counts, blanks, less_one, lex, keep, bar, prune):  # type: ignore[no-untyped-def]
    """The right half of a line's search: from a square on, the play extended through the
    board's tiles and the rack's, each word in the list recorded. (Closures, as in
    `_line_searcher`: their variables are read faster than an object's attributes in the
    search's innermost loop.)"""
    follow = lex.follow
    words = lex.words
    empty_follow = ""
    row, across = line.index, line.across
    faces, allowed, cross_sum = line.faces, line.allowed, line.cross_sum
    letter_mult, word_mult, reach = line.letter_mult, line.word_mult, line.reach

    def record(prefix: str, placed: list[tuple[int, str]], main: int, mult: int, cross: int) -> None:
        total = main * mult + cross + (BINGO_BONUS if len(placed) == RACK_SIZE else 0)
        if total < bar[0]:
            return
        cells = tuple(sorted((row, col, face) if across else (col, row, face) for col, face in placed))
        keep(Play(prefix, cells, total, across))

    def extend(
        prefix: str,
        col: int,
        anchor_col: int,
        placed: list[Any],
        left: tuple[int, ...],
        main: int,
        mult: int,
        cross: int,
    ) -> None:
        if col >= SIZE or faces[col] is None:
            if col > anchor_col and placed and prefix in words:
                record(prefix, placed, main, mult, cross)
            if col >= SIZE or not left:
                return
            after = follow.get(prefix, empty_follow)
            if not after:
                return
            if prune and _ceiling(reach[col, len(left)], left, main, mult, cross, len(placed)) < bar[0]:
                return
            ok = allowed[col]
            lm, wm = letter_mult[col], word_mult[col]
            has_cross = ok is not None
            for ch in after:
                if has_cross and ch not in ok:
                    continue
                if counts[ch]:
                    counts[ch] -= 1
                    value = VALUES[ch]
                    v = value * lm
                    placed.append((col, ch))
                    extend(
                        prefix + ch,
                        col + 1,
                        anchor_col,
                        placed,
                        less_one[left, value],
                        main + v,
                        mult * wm,
                        cross + ((cross_sum[col] + v) * wm if has_cross else 0),
                    )
                    placed.pop()
                    counts[ch] += 1
                if blanks[0]:
                    blanks[0] -= 1
                    placed.append((col, ch.lower()))
                    extend(
                        prefix + ch,
                        col + 1,
                        anchor_col,
                        placed,
                        less_one[left, 0],
                        main,
                        mult * wm,
                        cross + (cross_sum[col] * wm if has_cross else 0),
                    )
                    placed.pop()
                    blanks[0] += 1
        else:
            face = faces[col]
            ch = face.upper()
            if ch in follow.get(prefix, empty_follow):
                extend(prefix + ch, col + 1, anchor_col, placed, left, main + _value(face), mult, cross)

    return extend


def _line_searcher(line, counts, blanks, values, less_one, lex, keep, bar, prune):  # type: ignore[no-untyped-def]
    """The search of one line from one of its anchors (Appel and Jacobson): a left part
    from the rack on the empty squares before the anchor that are no anchors (or the
    board's tiles there), then the play extended rightwards through the board's tiles
    (`_extender`)."""
    follow = lex.follow
    words = lex.words
    empty_follow = ""
    faces, allowed = line.faces, line.allowed
    letter_mult, word_mult = line.letter_mult, line.word_mult
    extend = _extender(line, counts, blanks, less_one, lex, keep, bar, prune)  # type: ignore[no-untyped-call]
    # the board's tiles just after each square, upper case ("" when the next square is empty)
    following = []
    for col in range(SIZE):
        end = col + 1
        while end < SIZE and faces[end] is not None:
            end += 1
        following.append("".join(faces[col + 1 : end]).upper())

    def left_part(
        prefix: str, anchor_col: int, limit: int, part: list[str], left: tuple[int, ...], ceilings: list[int]
    ) -> None:
        # `part` holds the left part's faces, laid on the squares before the anchor once
        # its length is known (premiums are counted then too). `ceilings[k]` bounds the
        # plays whose left part is k long.
        if prune:
            if max(ceilings[len(part) :]) < bar[0]:
                return
            if ceilings[len(part)] >= bar[0]:
                extend_with_left(prefix, anchor_col, part, left)
        else:
            extend_with_left(prefix, anchor_col, part, left)
        if limit == 0:
            return
        for ch in follow.get(prefix, empty_follow):
            if counts[ch]:
                counts[ch] -= 1
                part.append(ch)
                left_part(prefix + ch, anchor_col, limit - 1, part, less_one[left, VALUES[ch]], ceilings)
                part.pop()
                counts[ch] += 1
            if blanks[0]:
                blanks[0] -= 1
                part.append(ch.lower())
                left_part(prefix + ch, anchor_col, limit - 1, part, less_one[left, 0], ceilings)
                part.pop()
                blanks[0] += 1

    def extend_with_left(prefix: str, anchor_col: int, part: list[str], left: tuple[int, ...]) -> None:
        # A tile must go on the anchor: a left part after which no tile of the rack that
        # the anchor allows can follow, with the board's tiles after the anchor, ends here,
        # before its tiles are laid out.
        ok = allowed[anchor_col]
        tail = following[anchor_col]
        for ch in follow.get(prefix, empty_follow):
            if (ok is None or ch in ok) and (counts[ch] or blanks[0]):
                if not tail or prefix + ch + tail in follow or prefix + ch + tail in words:
                    break
        else:
            return
        first = anchor_col - len(part)
        main, mult, placed = 0, 1, []
        for i, face in enumerate(part):
            col = first + i
            main += _value(face) * letter_mult[col]
            mult *= word_mult[col]
            placed.append((col, face))
        extend(prefix, anchor_col, anchor_col, placed, left, main, mult, 0)

    def search(col: int, ceilings: list[int]) -> None:
        if col > 0 and faces[col - 1] is not None:
            # the left part is the tiles already there
            start = col
            while start > 0 and faces[start - 1] is not None:
                start -= 1
            fixed = "".join(faces[start:col])
            prefix = fixed.upper()
            if prefix in follow:
                extend(prefix, col, col, [], values, sum(_value(f) for f in fixed), 1, 0)
            return
        limit = 0
        c = col - 1
        while c >= 0 and faces[c] is None and not line.anchor[c]:
            limit += 1
            c -= 1
        limit = min(limit, RACK_SIZE - 1)
        left_part("", col, limit, [], values, ceilings or [0] * (limit + 1))

    return search


def best_plays(
    grid: dict[tuple[int, int], str], rack: Iterable[str], top: int = 10, cancel: Cancel = NEVER
) -> list[Play]:
    """The `top` best plays (the first `top` of `find_plays`, found without the rest),
    each scored again by `scoring.score_turn` (the game's own scoring: the two agree, and
    the tests hold them to it)."""
    if top < 1:
        return []
    plays = _search(grid, list(rack), lexicon(), top, cancel)
    checked = []
    for play in plays:
        _, score = score_turn(grid, play.placed)
        checked.append(play if score == play.score else replace(play, score=score))
    return sorted(checked, key=lambda p: (-p.score, p.placed))


# --- the positions of a game ----------------------------------------------------------
def position_before(board: Board, turn: int) -> tuple[dict[tuple[int, int], str], tuple[str, ...] | None] | None:
    """(the board's squares before `turn`, the rack of that turn or None when it cannot be
    known), or None while the letters are unknown (a `?g=`/`?w=` board with no starting
    word)."""
    if not 1 <= turn <= TURNS:
        raise ValueError(f"a turn is 1-{TURNS}")
    earlier = replace(board, tiles=tuple(t for t in board.tiles if t.turn < turn), notes=())
    game = resolve(earlier)
    if game is None:
        return None
    return dict(game.grid), rack_for_turn(board, turn)


@dataclass(frozen=True, slots=True)
class TurnReview:
    """One turn of a played game beside the best play its rack allowed."""

    turn: int
    rack: tuple[str, ...]
    played: tuple[tuple[int, int, str], ...]
    score: int
    best: Play | None


def review(board: Board, cancel: Cancel = NEVER) -> list[TurnReview]:
    """Each turn the game has played (up to its last), with the best play of its rack on
    the board as it stood: empty while the racks cannot be known."""
    game = resolve(board)
    if game is None:
        return []
    rows = []
    for turn in range(1, board.last_turn + 1):
        position = position_before(board, turn)
        if position is None or position[1] is None:
            return []
        grid, rack = position[0], position[1]
        best = best_plays(grid, rack, top=1, cancel=cancel)
        result = game.turns[turn - 1]
        rows.append(TurnReview(turn, rack, result.placed, result.score, best[0] if best else None))
    return rows


def plays_before_next_turn(board: Board, top: int = 10, cancel: Cancel = NEVER) -> list[Play]:
    """The best plays of the next turn's rack on the board as it stands (none when the game
    is over or its racks cannot be known)."""
    turn = board.last_turn + 1
    if turn > TURNS:
        return []
    position = position_before(board, turn)
    if position is None or position[1] is None:
        return []
    return best_plays(position[0], position[1], top=top, cancel=cancel)

"""Every legal play for a board and a rack, ranked by score: the move finder.

Plays are found the way word-game engines find them (Appel and Jacobson): at each
anchor (an empty square beside a tile) a left part is built from the rack, then
extended rightwards through the board's tiles, walking a trie of the word list so that
only prefixes of words are ever tried, and checking each new tile against the word it
makes across the line (the cross-check). Down plays are across plays of the board
turned over its diagonal. A play's score is added up as it is found, with the premium
squares and letter values of `scoring.score_turn`, which scores the plays returned
(tests/test_codecs_letters_moves.py checks every play against a brute-force search
scored by `score_turn`).

The trie holds the ENABLE words that fit the 9-square row, as a table from each prefix
to the letters that may follow it. It is made once and kept on disk in the user cache
folder (`lexicon_cache_path`) with the digest of the word list it was made from; a cache
that is damaged, of another list or of another layout is made again, never trusted.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
from collections.abc import Iterable
from typing import Any

from ..record import Record
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


class Play(Record):
    """One legal play: the word along its line, the tiles it places as (row, col, face)
    (a blank's face is its letter in lowercase), the score, and the rack tiles it uses
    (a blank as `_`)."""

    FIELDS = ("word", "placed", "score", "across")
    word: str
    placed: tuple[tuple[int, int, str], ...]
    score: int
    across: bool

    def __init__(self, word: str, placed: tuple[tuple[int, int, str], ...], score: int, across: bool) -> None:
        self.__dict__.update(word=word, placed=placed, score=score, across=across)

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
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "slugboard", "letters-lexicon.txt")


def _read_cache(path: str, digest: str) -> Lexicon | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        import stat

        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(fd, "rb") as handle:
            fd = -1
            data = handle.read(CACHE_LIMIT + 1)
    except OSError:
        return None
    finally:
        if fd >= 0:
            os.close(fd)
    return Lexicon.from_bytes(data, digest)


def _write_cache(path: str, data: bytes) -> None:
    """Written whole to a temporary file and moved into place, so a reader never sees half
    a cache; a folder that cannot be written leaves the lexicon in memory alone."""
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        temporary = f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"
        with open(temporary, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except OSError:
        pass


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


def find_plays(
    grid: dict[tuple[int, int], str],
    rack: Iterable[str],
    words: Lexicon | None = None,
    cancel: Cancel = NEVER,
) -> list[Play]:
    """Every legal play of tiles from `rack` (letters, `_` for a blank) on the board
    `grid` ((row, col) -> face, a blank's in lowercase), best first: one row or column,
    no gap, touching a tile, every word formed in the list. Plays that place the same
    tiles on the same squares are one play."""
    lex = words or lexicon()
    rack = list(rack)
    counts = {letter: rack.count(letter) for letter in ALPHABET}
    blanks = [rack.count(BLANK)]  # a list, so the search's inner functions change it in place
    found: dict[tuple[tuple[int, int, str], ...], Play] = {}
    if not grid:
        return []
    for across in (True, False):
        view = [[None] * SIZE for _ in range(SIZE)]  # type: list[list[str | None]]
        for (r, c), face in grid.items():
            if across:
                view[r][c] = face
            else:
                view[c][r] = face
        _find_in_view(view, across, counts, blanks, lex, found, cancel)
    plays = sorted(found.values(), key=lambda p: (-p.score, p.placed))
    return plays


def _find_in_view(view, across, counts, blanks, lex, found, cancel) -> None:  # type: ignore[no-untyped-def]
    words = lex.words
    for row in range(SIZE):
        cancel.check()
        line = view[row]
        # cross-checks: for each empty square, the letters the word across the line allows
        # (None: no word across), and the value the tiles of that word already hold.
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
                above = "".join(reversed(up))
                below = "".join(down)
                cross_sum[col] = sum(_value(f) for f in above) + sum(_value(f) for f in below)
                above_u, below_u = above.upper(), below.upper()
                allowed[col] = "".join(ch for ch in ALPHABET if above_u + ch + below_u in words)
                anchor[col] = True
            elif (col > 0 and line[col - 1] is not None) or (col < SIZE - 1 and line[col + 1] is not None):
                anchor[col] = True
        letter_mult = _LETTER_MULT[row] if across else [_LETTER_MULT[c][row] for c in range(SIZE)]
        word_mult = _WORD_MULT[row] if across else [_WORD_MULT[c][row] for c in range(SIZE)]
        _search_line(line, row, across, allowed, cross_sum, anchor, letter_mult, word_mult, counts, blanks, lex, found)


def _search_line(  # type: ignore[no-untyped-def]
    line, row, across, allowed, cross_sum, anchor, letter_mult, word_mult, counts, blanks, lex, found
) -> None:
    """The plays along one line of the view, found from each of its anchors."""
    follow = lex.follow
    words = lex.words
    empty_follow = ""
    if True:

        def record(prefix: str, start: int, placed: list[tuple[int, str]], main: int, mult: int, cross: int) -> None:
            total = main * mult + cross + (BINGO_BONUS if len(placed) == RACK_SIZE else 0)
            cells = tuple(sorted((row, col, face) if across else (col, row, face) for col, face in placed))
            if cells not in found:
                found[cells] = Play(prefix, cells, total, across)

        def extend(
            prefix: str, col: int, start: int, anchor_col: int, placed: list[Any], main: int, mult: int, cross: int
        ) -> None:
            if col >= SIZE or line[col] is None:
                if col > anchor_col and placed and prefix in words:
                    record(prefix, start, placed, main, mult, cross)
                if col >= SIZE:
                    return
                after = follow.get(prefix, empty_follow)
                if not after:
                    return
                ok = allowed[col]
                lm, wm = letter_mult[col], word_mult[col]
                has_cross = ok is not None
                for ch in after:
                    if has_cross and ch not in ok:
                        continue
                    if counts[ch]:
                        counts[ch] -= 1
                        v = VALUES[ch] * lm
                        placed.append((col, ch))
                        extend(
                            prefix + ch,
                            col + 1,
                            start,
                            anchor_col,
                            placed,
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
                            start,
                            anchor_col,
                            placed,
                            main,
                            mult * wm,
                            cross + (cross_sum[col] * wm if has_cross else 0),
                        )
                        placed.pop()
                        blanks[0] += 1
            else:
                face = line[col]
                ch = face.upper()
                if ch in follow.get(prefix, empty_follow):
                    extend(prefix + ch, col + 1, start, anchor_col, placed, main + _value(face), mult, cross)

        def left(prefix: str, start: int, anchor_col: int, limit: int, placed: list, main: int) -> None:  # type: ignore[type-arg]
            # `placed` holds the left part's tiles on start..anchor_col-1 (filled in once
            # the left part's length is known); premiums are counted then too.
            extend_with_left(prefix, anchor_col, placed)
            if limit == 0:
                return
            for ch in follow.get(prefix, empty_follow):
                if counts[ch]:
                    counts[ch] -= 1
                    placed.append(ch)
                    left(prefix + ch, start, anchor_col, limit - 1, placed, main)
                    placed.pop()
                    counts[ch] += 1
                if blanks[0]:
                    blanks[0] -= 1
                    placed.append(ch.lower())
                    left(prefix + ch, start, anchor_col, limit - 1, placed, main)
                    placed.pop()
                    blanks[0] += 1

        def extend_with_left(prefix: str, anchor_col: int, part: list) -> None:  # type: ignore[type-arg]
            # A tile must go on the anchor: a left part after which no letter the anchor
            # allows can follow ends here, before its tiles are laid out.
            after = follow.get(prefix, empty_follow)
            ok = allowed[anchor_col]
            if not after or (ok is not None and not any(ch in ok for ch in after)):
                return
            first = anchor_col - len(part)
            main, mult, placed = 0, 1, []
            for i, face in enumerate(part):
                col = first + i
                main += _value(face) * letter_mult[col]
                mult *= word_mult[col]
                placed.append((col, face))
            extend(prefix, anchor_col, first, anchor_col, placed, main, mult, 0)

        for col in range(SIZE):
            if not anchor[col]:
                continue
            if col > 0 and line[col - 1] is not None:
                # the left part is the tiles already there
                start = col
                while start > 0 and line[start - 1] is not None:
                    start -= 1
                fixed = "".join(line[start:col])
                prefix = fixed.upper()
                if prefix in follow:
                    extend(prefix, col, start, col, [], sum(_value(f) for f in fixed), 1, 0)
                continue
            limit = 0
            c = col - 1
            while c >= 0 and line[c] is None and not anchor[c]:
                limit += 1
                c -= 1
            left("", col, col, min(limit, RACK_SIZE - 1), [], 0)


def best_plays(
    grid: dict[tuple[int, int], str], rack: Iterable[str], top: int = 10, cancel: Cancel = NEVER
) -> list[Play]:
    """The `top` best plays, each scored again by `scoring.score_turn` (the game's own
    scoring: the two agree, and the tests hold them to it)."""
    plays = find_plays(grid, rack, cancel=cancel)[: max(0, top)]
    checked = []
    for play in plays:
        _, score = score_turn(grid, play.placed)
        checked.append(play if score == play.score else play.replace(score=score))
    return sorted(checked, key=lambda p: (-p.score, p.placed))


# --- the positions of a game ----------------------------------------------------------
def position_before(board: Board, turn: int) -> tuple[dict[tuple[int, int], str], tuple[str, ...] | None] | None:
    """(the board's squares before `turn`, the rack of that turn or None when it cannot be
    known), or None while the letters are unknown (a `?g=`/`?w=` board with no starting
    word)."""
    if not 1 <= turn <= TURNS:
        raise ValueError(f"a turn is 1-{TURNS}")
    earlier = board.replace(tiles=tuple(t for t in board.tiles if t.turn < turn), notes=())
    game = resolve(earlier)
    if game is None:
        return None
    return dict(game.grid), rack_for_turn(board, turn)


class TurnReview(Record):
    """One turn of a played game beside the best play its rack allowed."""

    FIELDS = ("turn", "rack", "played", "score", "best")
    turn: int
    rack: tuple[str, ...]
    played: tuple[tuple[int, int, str], ...]
    score: int
    best: Play | None

    def __init__(
        self, turn: int, rack: tuple[str, ...], played: tuple[tuple[int, int, str], ...], score: int, best: Play | None
    ) -> None:
        self.__dict__.update(turn=turn, rack=rack, played=played, score=score, best=best)


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


def unseen_tiles(board: Board, rack: Iterable[str] = ()) -> dict[str, int] | None:
    """The tiles a player has not seen yet, by letter (`_` for blanks): the bag the game
    was dealt from, less the starting word, the tiles on the board and the rack shown.
    None while the letters are unknown."""
    from .game import bag_of

    game = resolve(board)
    if game is None:
        return None
    left = dict(bag_of(board))
    seen = list(board.start_word or "")
    seen += [BLANK if face.islower() else face for _, _, face in (p for t in game.turns for p in t.placed)]
    seen += list(rack)
    for tile in seen:
        if left.get(tile, 0) > 0:
            left[tile] -= 1
    return {tile: n for tile, n in left.items() if n > 0}

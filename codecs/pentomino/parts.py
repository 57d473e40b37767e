"""A long count's finished parts, kept in a file so that the count can stop and go on.

`slugboard-codec count SLUG --resume FILE` splits the count into its parts (the
subproblems of `solver.count`) as always, and writes each part's count to FILE as it
finishes. Run again with the same FILE (after Ctrl+C, a timeout, a reboot), it counts only
the parts FILE does not hold yet, and the total is the same as one run's: a count of a day
can be done a night at a time.

The file is JSON lines: first what it counts,
    {"file": "slugboard pentomino count", "board": "T88R33344344", "parts": 120, "split": "<sha256>",
     "format": 2}
where "split" is a digest of the parts themselves (every part's cells and pieces, and its
weight), so a file is never taken for another board's, or for a split made otherwise by
another version; then one line for each run of parts counted,
    {"at": [0, 1, 2], "keys": ["3f0c…", …], "counts": [5040, 0, 96], "check": "<digest>"}
A count read back is only as good as the file, so every line is checked before its counts
are added: each part's key (a digest of the part's cells, pieces and weight) must be the
split's part of that number, no part may be counted twice, and the line's check (a digest
of the split and the line) must match, so a line edited, copied from another count's file,
or repeated is refused with its line number rather than added to the total. A line cut
short by a stop in the middle of writing it (the last) is counted again.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping

from ..errors import SlugError

KIND = "slugboard pentomino count"
FORMAT = 2  # lines with each part's key and a check (format 1, before them, cannot be checked)
MAX_BYTES = 64 << 20  # a count of any board here has a few thousand parts: a few hundred KB
GAME = "pentomino"


def split_digest(states: list[tuple[int, int]], weights: list[int]) -> str:
    """What identifies a count's split into parts: a digest of every part and its weight."""
    return hashlib.sha256(json.dumps([states, weights], separators=(",", ":")).encode()).hexdigest()


def part_keys(states: list[tuple[int, int]], weights: list[int]) -> list[str]:
    """Each part's key: a short digest of its state (empty cells, free pieces) and weight."""
    return [hashlib.sha256(f"{e}:{f}:{w}".encode()).hexdigest()[:12] for (e, f), w in zip(states, weights)]


def run_line(split: str, at: list[int], keys: list[str], counts: list[int]) -> str:
    """The line that keeps the counts of the parts `at` (with their `keys`), and its check."""
    return json.dumps(
        {"at": at, "keys": keys, "counts": counts, "check": _check(split, at, keys, counts)}, separators=(",", ":")
    )


def _check(split: str, at: object, keys: object, counts: object) -> str:
    text = json.dumps([split, at, keys, counts], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class PartsFile:
    """The counted parts of one count in the file at `path` (made when it is not there)."""

    def __init__(self, path: str, board: str) -> None:
        self.path = path
        self.board = board
        self.digest = ""
        self.keys: list[str] = []
        self.read = 0  # parts whose counts came from the file rather than from this run

    def known(self, digest: str, keys: list[str]) -> dict[int, int]:
        """The counts the file holds, by part (`keys`: each part's key); a new file is begun
        when there is none. Raises SlugError when the file is not this count's, a line of it
        was changed or repeated, or it cannot be read."""
        self.digest, self.keys = digest, list(keys)
        header = {"file": KIND, "board": self.board, "parts": len(keys), "split": digest, "format": FORMAT}
        if not os.path.lexists(self.path):
            try:
                with open(self.path, "x", encoding="utf-8") as f:
                    f.write(json.dumps(header) + "\n")
            except OSError as exc:
                raise SlugError(GAME, f"cannot write {self._name()} ({exc.strerror or exc})") from None
            return {}
        from ..files import read_bytes_limited

        data = read_bytes_limited(self.path, MAX_BYTES, GAME)
        if len(data) > MAX_BYTES:
            raise SlugError(GAME, f"{self._name()} is larger than a count's parts file ({MAX_BYTES >> 20} MB)")
        known = read_parts(data, header, self._name(), self.keys)
        self.read = len(known)
        if not data.endswith(b"\n"):
            # The last line was cut short as the count stopped: it goes, and is counted again.
            try:
                with open(self.path, "r+b") as f:
                    f.truncate(data.rfind(b"\n") + 1)
            except OSError as exc:
                raise SlugError(GAME, f"cannot write {self._name()} ({exc.strerror or exc})") from None
        return known

    def add(self, at: list[int], counts: list[int]) -> None:
        """Keep the counts of the parts `at`: written through before the call returns."""
        line = run_line(self.digest, at, [self.keys[i] for i in at], counts) + "\n"
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(line)
            f.flush()
            os.fsync(f.fileno())

    def _name(self) -> str:
        return os.path.basename(self.path) or self.path


def read_parts(
    data: bytes, header: Mapping[str, object], name: str = "the file", keys: list[str] | None = None
) -> dict[int, int]:
    """The counts by part of a parts file's bytes, checked against the `header` this count
    would write and, given, the `keys` of its parts. Raises SlugError (at the line's first
    character) for anything else: a line not of this count, changed, or a part again."""
    lines = data.split(b"\n")
    first = _line(lines[0], 0, name, 1)
    if not isinstance(first, dict) or first.get("file") != KIND:
        raise SlugError(GAME, f"{name} is not a count's parts file (line 1)")
    if first.get("board") != header["board"]:
        raise SlugError(GAME, f"{name} holds the parts of another board's count ({_shown(first.get('board'))})")
    if first != dict(header):
        raise SlugError(GAME, f"{name} holds the parts of a count split another way (another version or options)", 0)
    parts, split = header["parts"], header["split"]
    assert isinstance(parts, int) and isinstance(split, str)
    known: dict[int, int] = {}
    first_line: dict[int, int] = {}  # part -> the line that counted it
    offset = len(lines[0]) + 1
    for number, raw in enumerate(lines[1:], start=2):
        last = number == len(lines)
        where = offset
        offset += len(raw) + 1
        if not raw.strip():
            continue
        if last:
            break  # no newline after it: written in part when the count stopped, counted again
        entry = _line(raw, where, name, number)
        at, got, counts = (
            (entry.get("at"), entry.get("keys"), entry.get("counts")) if isinstance(entry, dict) else (None, None, None)
        )
        if (
            not isinstance(at, list)
            or not isinstance(got, list)
            or not isinstance(counts, list)
            or not len(at) == len(got) == len(counts)
            or not all(type(i) is int and 0 <= i < parts for i in at)
            or not all(type(n) is int and n >= 0 for n in counts)
            or not all(type(k) is str for k in got)
        ):
            raise SlugError(GAME, f"{name}: line {number} is not a run of counted parts", where)
        assert isinstance(entry, dict)
        if entry.get("check") != _check(split, at, got, counts):
            raise SlugError(GAME, f"{name}: line {number} was changed after the count wrote it", where)
        for i, key, n in zip(at, got, counts):
            if keys is not None and key != keys[i]:
                raise SlugError(GAME, f"{name}: line {number} counts a part {i} that is not this count's", where)
            if i in known:
                raise SlugError(
                    GAME, f"{name}: line {number} counts part {i} again (line {first_line[i]} counted it)", where
                )
            known[i] = n
            first_line[i] = number
    return known


def _line(raw: bytes, where: int, name: str, number: int) -> object:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise SlugError(GAME, f"{name}: line {number} is not a line of a count's parts file", where) from None


def _shown(value: object) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:39] + "…"

"""A long count's finished parts, kept in a file so that the count can stop and go on.

`slugboard-codec count SLUG --resume FILE` splits the count into its parts (the
subproblems of `solver.count`) as always, and writes each part's count to FILE as it
finishes. Run again with the same FILE (after Ctrl+C, a timeout, a reboot), it counts only
the parts FILE does not hold yet, and the total is the same as one run's: a count of a day
can be done a night at a time.

The file is JSON lines: first what it counts,
    {"file": "slugboard pentomino count", "board": "T88R33344344", "parts": 120, "split": "<sha256>"}
where "split" is a digest of the parts themselves (every part's cells and pieces, and its
weight), so a file is never taken for another board's, or for a split made otherwise by
another version; then one line for each run of parts counted,
    {"at": [0, 1, 2], "counts": [5040, 0, 96]}
A line cut short by a stop in the middle of writing it (the last) is counted again.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping

from ..errors import SlugError

KIND = "slugboard pentomino count"
MAX_BYTES = 64 << 20  # a count of any board here has a few thousand parts: a few hundred KB
GAME = "pentomino"


def split_digest(states: list[tuple[int, int]], weights: list[int]) -> str:
    """What identifies a count's split into parts: a digest of every part and its weight."""
    return hashlib.sha256(json.dumps([states, weights], separators=(",", ":")).encode()).hexdigest()


class PartsFile:
    """The counted parts of one count in the file at `path` (made when it is not there)."""

    def __init__(self, path: str, board: str) -> None:
        self.path = path
        self.board = board

    def known(self, digest: str, parts: int) -> dict[int, int]:
        """The counts the file holds, by part; a new file is begun when there is none.
        Raises SlugError when the file is not this count's, or cannot be read."""
        header = {"file": KIND, "board": self.board, "parts": parts, "split": digest}
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
        known = read_parts(data, header, self._name())
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
        line = json.dumps({"at": at, "counts": counts}, separators=(",", ":")) + "\n"
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(line)
            f.flush()
            os.fsync(f.fileno())

    def _name(self) -> str:
        return os.path.basename(self.path) or self.path


def read_parts(data: bytes, header: Mapping[str, object], name: str = "the file") -> dict[int, int]:
    """The counts by part of a parts file's bytes, checked against the `header` this count
    would write. Raises SlugError (at the line's first character) for anything else."""
    lines = data.split(b"\n")
    first = _line(lines[0], 0, name, 1)
    if not isinstance(first, dict) or first.get("file") != KIND:
        raise SlugError(GAME, f"{name} is not a count's parts file (line 1)")
    if first.get("board") != header["board"]:
        raise SlugError(GAME, f"{name} holds the parts of another board's count ({_shown(first.get('board'))})")
    if first != dict(header):
        raise SlugError(GAME, f"{name} holds the parts of a count split another way (another version or options)", 0)
    parts = header["parts"]
    assert isinstance(parts, int)
    known: dict[int, int] = {}
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
        at, counts = (entry.get("at"), entry.get("counts")) if isinstance(entry, dict) else (None, None)
        if (
            not isinstance(at, list)
            or not isinstance(counts, list)
            or len(at) != len(counts)
            or not all(type(i) is int and 0 <= i < parts for i in at)
            or not all(type(n) is int and n >= 0 for n in counts)
        ):
            raise SlugError(GAME, f"{name}: line {number} is not a run of counted parts", where)
        known.update(zip(at, counts))
    return known


def _line(raw: bytes, where: int, name: str, number: int) -> object:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise SlugError(GAME, f"{name}: line {number} is not a line of a count's parts file", where) from None


def _shown(value: object) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:39] + "…"

"""How close a text comes to a game's mark: a slug that lost its mark to one changed,
added or lost character (`UyG2…` for sudoku's `UyF2…`, `lettres.wiki`) is that game's
damaged link, not a board of whichever other game happens to read it.

A mark is a slug's fixed head (sudoku's `UyF2`) or the name of the site whose links a
game reads. A text is near a mark when one edit (a character changed, added or lost, or
two neighbours swapped) makes it carry the mark; a text that carries it is not near it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit


@dataclass(frozen=True, slots=True)
class NearMark:
    """The mark of `game` that a text comes within one edit of, and where the text first
    differs from it (an index into the text)."""

    game: str
    mark: str
    position: int


def one_edit_apart(a: str, b: str) -> bool:
    """Whether one edit (a character changed, added or lost, or two neighbours swapped)
    turns `a` into `b`; equal texts are not."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    i = _first_difference(a, b)
    if len(a) == len(b):
        if a[i + 1 :] == b[i + 1 :]:
            return True
        return i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2 :] == b[i + 2 :]
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    return longer[i + 1 :] == shorter[i:]


def near_head(text: str, head: str) -> int | None:
    """Where `text` first differs from `head` when one edit at its start makes it begin
    with `head`; None when it begins with `head` already, or needs more."""
    if text.startswith(head):
        return None
    for size in (len(head) - 1, len(head), len(head) + 1):
        if size > 0 and one_edit_apart(text[:size], head):
            return _first_difference(text, head)
    return None


def near_host(link: str, host: str) -> int | None:
    """Where the site name of `link` (a text with `://`) differs from `host` when it is one
    edit away from it ("www." aside); None for any other link or text."""
    if "://" not in link[:16]:
        return None
    try:
        found = urlsplit(link).hostname or ""
    except ValueError:
        return None
    bare = found[4:] if found.startswith("www.") else found
    if not bare or not one_edit_apart(bare.lower(), host.lower()):
        return None
    start = link.lower().find(bare.lower())
    return max(0, start) + _first_difference(bare.lower(), host.lower())


def near_mark(text: str, heads: Mapping[str, Iterable[str]], hosts: Mapping[str, str]) -> NearMark | None:
    """The game whose mark `text` (stripped of the spaces around it) comes within one edit
    of: a slug head of `heads` (game -> heads) or a site of `hosts` (game -> host); None
    when it comes near none, or near marks of two games."""
    lead = len(text) - len(text.lstrip())
    t = text.strip()
    found: list[NearMark] = []
    for game, marks in heads.items():
        for mark in marks:
            at = near_head(t, mark)
            if at is not None:
                found.append(NearMark(game, mark, lead + at))
                break
    for game, host in hosts.items():
        at = near_host(t, host)
        if at is not None and all(f.game != game for f in found):
            found.append(NearMark(game, host, lead + at))
    return found[0] if len({f.game for f in found}) == 1 else None


def _first_difference(a: str, b: str) -> int:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i
    return min(len(a), len(b))

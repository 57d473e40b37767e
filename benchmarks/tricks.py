"""The speed tricks the codecs keep, each timed beside the plain way it replaces, in the
same run: a trick that no longer pays shows "over" and can go.

* a replay's events made by `tuple.__new__` (minesweeper.model._new_event),
  against the named tuple's own constructor;
* the slug and board JSON of a long game one move longer, added to from the last move's
  (what the game's `REMEMBERED` memo keeps), against written whole;
* a large field's numbers and openings after one mine is edited, worked out around the
  cell (`stats.Field.toggled`), against the whole field again;
* a board with one mine edited, not checked again (`Board.with_mine`), against a new
  `Board` that checks every mine;
* a long game's board JSON written a piece at a time by one `%` of a format of all its
  entries (`minesweeper.slug._entries`), against one `%` an entry;
* a version-1 slug's time deltas looked up in a dict of the texts met (`minesweeper.slug._DecimalNumbers`),
  against `int` of each;
* the slug of a game read from a slug in its writer's form, written back from the sections read
  (`minesweeper.slug._as_written` checked, then `Remembered.records`), against written from its actions;
* a command's start with the board values' base (`slugboard.codecs.record`), against
  the same with `dataclasses`, which frozen dataclasses would import, in fresh interpreters.

The window's start keeps its own, timed by benchmarks/first_frame.py.

Run: .venv/bin/python benchmarks/tricks.py [--repeat N]
"""

from __future__ import annotations

import argparse
import itertools
import operator
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from first_frame import report  # noqa: E402

from slugboard.codecs import minesweeper as ms  # noqa: E402
from slugboard.codecs.minesweeper import model as ms_model  # noqa: E402
from slugboard.codecs.minesweeper import slug as ms_slug  # noqa: E402
from slugboard.codecs.minesweeper.stats import Field  # noqa: E402


def best(work: Callable[[], object], repeat: int) -> float:
    """The fastest of `repeat` runs, in seconds: the least disturbed by the machine."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def events(repeat: int) -> tuple[float, float]:
    rows = [(t, ms.OPEN, t % 1000, t // 1000 % 1000) for t in range(200_000)]
    trick = best(lambda: list(map(ms_model._new_event, rows)), repeat)
    plain = best(lambda: [ms.Event(*row) for row in rows], repeat)
    return trick, plain


def long_game() -> ms.Board:
    field = ms.random_board(300, 300, 18_000, seed=8)
    mines = field.mine_set
    safe = [(x, y) for y in range(300) for x in range(300) if (x, y) not in mines]
    moves = tuple(ms.Event(t, ms.OPEN, x, y) for t, (x, y) in enumerate(safe[:30_000]))
    return ms.Board(300, 300, field.mines, moves)


def one_move(repeat: int) -> tuple[float, float]:
    board = long_game()
    ms.encode(board)
    ms.to_json(board)
    x, y = next((x, y) for y in range(300) for x in range(300) if board.has_mine(x, y))
    last = board.events[-1].t

    def grown() -> None:
        moved = board.with_event(ms.Event(last + 1, ms.FLAG, x, y))
        ms.encode(moved)
        ms.to_json(moved)

    def whole() -> None:
        moved = ms.Board(300, 300, board.mines, board.events + (ms.Event(last + 1, ms.FLAG, x, y),))
        ms_slug._whole_parts(moved)
        [[x, y] for x, y in moved.mines]
        [ms_slug._event_json(e) for e in moved.events]

    return best(grown, repeat), best(whole, repeat)


def edited_field(repeat: int) -> tuple[float, float]:
    board = ms.random_board(1000, 1000, 150_000, seed=2)
    field = Field(board.width, board.height, board.mines)
    x, y = next((x, y) for y in range(500, 1000) for x in range(500, 1000) if not board.has_mine(x, y))
    edited = board.with_mine(x, y, True)
    return best(lambda: field.toggled(x, y), repeat), best(lambda: Field(1000, 1000, edited.mines), repeat)


def edited_board(repeat: int) -> tuple[float, float]:
    board = ms.random_board(1000, 1000, 150_000, seed=2)
    board.has_mine(0, 0)  # its cells worked out once, as the window has them
    x, y = next((x, y) for y in range(1000) for x in range(1000) if not board.has_mine(x, y))
    trick = best(lambda: board.with_mine(x, y, True), repeat)
    plain = best(lambda: ms.Board(1000, 1000, board.mines + ((x, y),)), repeat)
    return trick, plain


def json_entries(repeat: int) -> tuple[float, float]:
    board = ms.decode(ms.encode(long_game()))
    events, piece = board.events, ms_slug._JSON_PIECE

    def pieces() -> list[tuple[object, ...]]:
        return [
            (events.t[s : s + piece], map(ms_model._KIND_OF, events.kinds[s : s + piece]), events.x[s : s + piece],
             events.y[s : s + piece])
            for s in range(0, len(events), piece)
        ]  # fmt: skip

    def trick() -> None:
        for columns in pieces():
            ms_slug._entries(ms_slug._EVENT_JSON, columns)  # type: ignore[arg-type]

    def plain() -> None:
        for columns in pieces():
            ",".join(map(operator.mod, itertools.repeat(ms_slug._EVENT_JSON), zip(*columns)))  # type: ignore[call-overload]

    return best(trick, repeat), best(plain, repeat)


def decimal_deltas(repeat: int) -> tuple[float, float]:
    deltas = [str(t % 7 + t % 3 * 11) for t in range(300_000)]

    def trick() -> None:
        list(map(ms_slug._DecimalNumbers().__getitem__, deltas))  # a fresh one, as on first use

    return best(trick, repeat), best(lambda: list(map(int, deltas)), repeat)


def slug_written_back(repeat: int) -> tuple[float, float]:
    field = ms.random_board(30, 16, 99, seed=3)
    kinds = (ms.OPEN, ms.OPEN, ms.FLAG)
    events = tuple(ms.Event(t, kinds[t % 3], t * 7 % 30, t * 5 % 16) for t in range(300_000))
    text = ms.encode(ms.Board(30, 16, field.mines, events, 1, 50))
    _, _, clicks, flags = text.split("+")
    board = ms.decode(text)
    read = ms_slug.remembered(board).records
    assert read is not None and "+".join(ms_slug._parts_as_read(board, read)[:3]) == text

    def trick() -> None:
        assert ms_slug._as_written(clicks, False) and ms_slug._as_written(flags, True)
        "+".join(ms_slug._parts_as_read(board, read)[:3])

    return best(trick, repeat), best(lambda: "+".join(ms_slug._whole_parts(board)[:3]), repeat)


def imports(repeat: int) -> tuple[float, float]:
    def started(modules: str) -> float:
        return best(lambda: subprocess.run([sys.executable, "-c", f"import {modules}"], check=True), 1)

    trick: list[float] = []
    plain: list[float] = []
    for _ in range(repeat * 4):  # in turns, so that a spell of load weighs on both
        trick.append(started("slugboard.codecs.record"))
        plain.append(started("slugboard.codecs.record, dataclasses"))
    return statistics.median(trick), statistics.median(plain)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rows = (
        ("200,000 events made", events),
        ("a move in a 30,000-action game: slug + JSON", one_move),
        ("1000x1000 field, one mine edited: numbers", edited_field),
        ("1000x1000 field, one mine edited: board", edited_board),
        ("a 30,000-action game's JSON, a % a piece", json_entries),
        ("300,000 version-1 time deltas read", decimal_deltas),
        ("a 300,000-action slug written back as read", slug_written_back),
        ("a command's start, boards' base imported", imports),
    )
    report(rows, args.repeat)


if __name__ == "__main__":
    main()

"""A game's actions kept in columns (`Events`): a sequence of `Event`s that behaves as the
tuple of them does, and the merge of a slug's two sections against a plain sort."""

from __future__ import annotations

import dataclasses
import io
import json
import pickle
from operator import attrgetter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.cli import _dump, run
from slugboard.codecs.minesweeper import slug as ms_slug
from slugboard.codecs.minesweeper.model import Events
from slugboard.codecs.minesweeper.slug import _merged
from strategies.minesweeper import boards

FLAG_KINDS = (ms.FLAG, ms.UNFLAG, ms.MARK)


def _events(kinds: tuple[str, ...] = ms.KINDS, size: int = 40) -> st.SearchStrategy[tuple[ms.Event, ...]]:
    """Actions in time order (times as a slug's deltas add up)."""

    def timed(deltas_and_rest: list[tuple[int, str, int, int]]) -> tuple[ms.Event, ...]:
        t, out = 0, []
        for delta, kind, x, y in deltas_and_rest:
            t += delta
            out.append(ms.Event(t, kind, x, y))
        return tuple(out)

    record = st.tuples(st.integers(0, 3), st.sampled_from(kinds), st.integers(0, 999_999), st.integers(0, 999_999))
    return st.lists(record, max_size=size).map(timed)


@pytest.mark.slow
@given(_events())
def test_events_read_as_the_tuple_of_the_same_actions(events):
    kept = Events(events)
    assert len(kept) == len(events)
    assert tuple(kept) == events
    assert kept == events and events == kept and not (kept != events)
    assert hash(kept) == hash(events)
    assert list(reversed(kept)) == list(reversed(events))
    for i in range(-len(events), len(events)):
        assert kept[i] == events[i] and type(kept[i]) is ms.Event
    assert kept[1:-1] == events[1:-1] and type(kept[1:-1]) is Events
    assert kept[::2] == events[::2]
    assert pickle.loads(pickle.dumps(kept)) == kept
    assert bool(kept) == bool(events)


@pytest.mark.slow
@given(_events(), _events())
def test_events_added_together_are_the_tuples_added(first, second):
    assert Events(first) + Events(second) == first + second
    assert Events(first) + second == first + second
    assert first + Events(second) == first + second


@pytest.mark.slow
@given(_events(), _events())
def test_events_differ_where_the_tuples_differ(first, second):
    assert (Events(first) == Events(second)) == (first == second)
    assert (Events(first) == second) == (first == second)


def test_events_cannot_change():
    kept = Events((ms.Event(0, ms.OPEN, 1, 2),))
    try:
        kept.t = kept.x  # type: ignore[misc]
    except AttributeError:
        pass
    else:
        raise AssertionError("an Events took a new column")
    assert kept == (ms.Event(0, ms.OPEN, 1, 2),)


def test_a_board_keeps_its_actions_in_columns_however_it_is_made():
    events = (ms.Event(0, ms.FLAG, 0, 0), ms.Event(3, ms.OPEN, 1, 1))
    made = ms.Board(4, 4, ((3, 3),), events, 2, 10)
    assert type(made.events) is Events and made.events == events
    read = ms.decode(ms.encode(made))
    assert type(read.events) is Events and read == made and hash(read) == hash(made)
    assert type(ms.from_json(ms.to_json(made)).events) is Events
    grown = made.with_event(ms.Event(4, ms.OPEN, 2, 2))
    assert type(grown.events) is Events and grown.events == (*events, ms.Event(4, ms.OPEN, 2, 2))


@pytest.mark.slow
@given(_events(FLAG_KINDS), _events((ms.OPEN,)))
def test_the_two_sections_merge_as_a_stable_sort_by_time_with_flags_first(flags, opens):
    """The plain reference: the flags' section, then the clicks', sorted by time by a
    stable sort (so at equal times the flag actions come first, each section in order)."""
    expected = tuple(sorted(flags + opens, key=attrgetter("t")))
    assert _merged(Events(flags), Events(opens)) == expected


@pytest.mark.slow
@given(boards())
def test_info_tells_what_the_seekable_replay_tells(board):
    """`info` plays a game to its end without recording each action (`outcome_of`): its
    figures and the actions after the end are those the full replay gives at its end."""
    full = ms.Replay(board)
    alone = ms.Replay(board, seekable=False)
    assert alone.stats() == full.stats() == full.final().stats
    assert (alone.outcome, alone.end_index) == (full.outcome, full.end_index)
    info = ms.info(board)
    assert info["outcome"] == full.outcome and info["effective_clicks"] == full.stats().effective_clicks
    told_after_end = [p for p in info["problems"] if p["kind"] == "after-end"]
    after_end = full.end_index is not None and full.end_index < full.event_count
    assert len(told_after_end) == after_end


@pytest.mark.slow
@given(boards(), st.booleans(), st.booleans())
def test_the_board_json_in_pieces_is_the_board_json(board, undealt, unit_left_out):
    """`slugboard-codec decode` writes a game's JSON in pieces (never a dict per action):
    joined, they are the text of `to_json` as the command line dumps it."""
    if unit_left_out and board.version == 2 and board.time_unit_ms == ms.V1_TIME_UNIT_MS:
        board = dataclasses.replace(board, unit_in_meta=False)
    if undealt and not any(e.kind == ms.OPEN for e in board.events):
        board = dataclasses.replace(board, undealt=True)
    assert "".join(ms.json_pieces(board, _dump)) == _dump(ms.to_json(board))
    # With json.dumps's own separators, as the window saves a board.
    assert "".join(ms.json_pieces(board, json.dumps)) == json.dumps(ms.to_json(board))


def test_a_long_game_s_json_is_written_in_pieces(monkeypatch):
    monkeypatch.setattr(ms_slug, "_JSON_PIECE", 3)
    events = tuple(ms.Event(t, ms.OPEN if t % 3 else ms.FLAG, t % 9, t % 7) for t in range(20))
    board = ms.Board(9, 9, tuple((x, 8) for x in range(8)), events, 2, 10)
    pieces = list(ms.json_pieces(board, _dump))
    assert len(pieces) > 10 and "".join(pieces) == _dump(ms.to_json(board))
    out = io.StringIO()
    assert run(["decode", ms.encode(board)], out=out) == 0
    assert out.getvalue() == _dump(ms.to_json(board)) + "\n"


@pytest.mark.slow
def test_a_long_game_s_json_text_is_made_without_holding_its_pieces_and_the_whole():
    """The window saves a board's JSON text made from its pieces (`Game.json_text`): what
    `json.dumps` writes, and at its peak not much more than the text itself."""
    import tracemalloc

    from slugboard.codecs import GAMES, game

    for entry in GAMES.values():
        board = entry.new_board()
        assert entry.json_text(board, json.dumps) == json.dumps(entry.to_json(board))
    events = tuple(ms.Event(t, (ms.OPEN, ms.OPEN, ms.FLAG)[t % 3], t * 7 % 30, t * 5 % 16) for t in range(150_000))
    board = ms.Board(30, 16, ms.random_board(30, 16, 99, seed=3).mines, events, 1, 50)
    tracemalloc.start()
    try:
        text = game("minesweeper").json_text(board, json.dumps)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert text == json.dumps(ms.to_json(board))
    assert peak < 1.3 * len(text)  # joined, the pieces and the whole: twice the text


def _plain_link_pointers(board, start=0):
    """The plain reference: a press and a release in the middle of each action's cell."""
    out = []
    for e in board.events[start:]:
        button = "l" if e.kind == ms.OPEN else "r"
        for phase in "cr":
            out.append((e.t * board.time_unit_ms, button + phase, e.x + 0.5, e.y + 0.5))
    return out


@given(boards(), st.integers(0, 5))
def test_a_links_pointer_events_are_the_plain_ones(board, start):
    from slugboard.codecs.minesweeper.figures import link_pointers

    made, plain = link_pointers(board, start), _plain_link_pointers(board, start)

    def seen(pointers):
        return [(p.t_ms, p.kind, p.x, p.y) for p in pointers]

    assert seen(made) == plain and len(made) == len(plain)
    assert seen(made[i] for i in range(-len(plain), len(plain))) == plain + plain
    assert seen(made[1:3]) == plain[1:3]
    assert [type(p.t_ms) for p in made] == [type(p[0]) for p in plain]


def _padded(slug: str, section: int, record: int) -> str | None:
    """`slug` with a 0 before the time of one record of its clicks' (2) or flags' (3)
    section, as no writer writes it; None when that record has a long coordinate."""
    sections = slug.split("+")
    records = sections[section].split(";")
    if not records[record % len(records)] or "|" in records[record % len(records)]:
        return None
    at = record % len(records)
    records[at] = records[at][:2] + "0" + records[at][2:]
    sections[section] = ";".join(records)
    return "+".join(sections)


@pytest.mark.slow
@given(boards(), st.sampled_from([2, 3]), st.integers(0, 40))
def test_a_slug_read_keeps_its_records_only_when_its_writer_would_write_them_so(board, section, record):
    """A board read from a slug keeps the slug's sections of records to write its own slug
    with, when they are the ones its writer writes; a time written with a 0 before it is
    written again, and the slug is the same either way."""
    slug = ms.encode(board)
    written = "+".join(ms_slug._whole_parts(board)[:3])  # from the actions, nothing kept
    assert slug == written
    read = ms.decode(slug)
    kept = ms_slug.remembered(read).records
    if board.events and "|" not in slug.split("+", 2)[2]:
        assert kept is not None and "+".join(ms_slug._parts_as_read(read, kept)[:3]) == slug
    else:
        assert kept is None
    assert ms.encode(read) == slug
    padded = _padded(slug, section, record)
    if padded is not None:
        again = ms.decode(padded)
        assert again == read and ms_slug.remembered(again).records is None
        assert ms.encode(again) == slug

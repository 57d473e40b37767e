"""Minesweeper Clone's .mvf files of every version, read by Slugboard's own reader
(codecs/minesweeper/mvf.py) and played from their buttons (mouse_game.py).

The independent readings: for Clone 0.97 files, ms-toollib's (it reads that version) and
the figures Clone itself saved in the file; for the versions only this reader reads, the
file's own facts (Clone's saved time, a game that ends won at its last event) and
ms-toollib playing the mouse path read here by its own rules."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from depth import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.errors import FormatError
from slugboard.codecs.minesweeper import mvf
from slugboard.codecs.minesweeper.figures import GameFigures
from slugboard.codecs.minesweeper.files import read_clone, read_records, read_replay, read_replay_file
from slugboard.codecs.minesweeper.mouse_game import game_of_mouse
from slugboard.codecs.work import NEVER

REAL = Path(__file__).parent / "data" / "real" / "minesweeper"
OLD = Path(__file__).parent / "data" / "minesweeper"
CLONE = sorted(REAL.glob("*.mvf")) + sorted(OLD.glob("*.mvf"))
CLONE_097 = [p for p in CLONE if mvf.is_clone_097(p.read_bytes())]
ONLY_HERE = [p for p in CLONE if p not in CLONE_097]


def test_every_clone_version_is_in_the_samples():
    versions = {mvf.read_mvf(p.read_bytes()).version for p in CLONE}
    assert versions == {
        "0.96 beta or earlier",
        "0.97 beta",
        "2006 release 1",
        "2006 release 2",
        "2007 release 1",
        "2007 release 2",
    }
    assert len(ONLY_HERE) == 5  # the five ms-toollib fails on


@pytest.mark.slow
@pytest.mark.parametrize("path", CLONE_097, ids=lambda p: p.name)
def test_a_097_file_read_here_is_the_game_ms_toollib_reads(path):
    """Reading: ms-toollib's (the same file through its MvfVideo)."""
    theirs = read_replay_file(str(path))
    ours = read_clone(path.read_bytes())
    assert ours.board == theirs.board  # the field and every action, to the millisecond
    assert ours.mouse == theirs.mouse
    assert (ours.time_s, ours.won, ours.player, ours.start_us) == (
        pytest.approx(theirs.time_s, abs=1e-9),
        theirs.won,
        theirs.player,
        theirs.start_us,
    )


@pytest.mark.parametrize("path", CLONE_097, ids=lambda p: p.name)
def test_a_097_file_agrees_with_the_figures_clone_saved_in_it(path):
    """Reading: Clone's own 3BV, 3BV solved, left and double clicks, saved in the file's
    header. (Its right clicks are counted its own way: 80 against ms-toollib's 52 in one
    file, the same in the other.)"""
    game = read_clone(path.read_bytes())
    replay = ms.replay(game.board)
    got = GameFigures(game.board, game.mouse).at(replay.final())
    declared = game.figures
    assert (got["3bv"], replay.stats().bbbv_solved, got["left"], got["double"]) == (
        declared["3bv"],
        declared["3bv_solved"],
        declared["left"],
        declared["double"],
    )


@pytest.mark.parametrize("path", ONLY_HERE, ids=lambda p: p.name)
def test_a_file_only_this_reader_reads_replays_to_its_own_end(path):
    """Reading: the file's own facts. Clone stops recording when the game ends and saves
    the time its clock showed (which starts at the first release): a misread bit of the
    events or a wrong rule would leave the game unfinished, end it early, or disagree
    with that time."""
    clone = mvf.read_mvf(path.read_bytes())
    game = read_replay_file(str(path))
    replay = ms.replay(game.board)
    final = replay.final()
    assert game.won and final.outcome == ms.WON
    assert replay.stats().bbbv_solved == replay.bbbv
    # Won by the very last event, at the time Clone saved.
    first_release = next(m.t_ms for m in game.mouse if m.kind == "lr")
    assert game.board.events[-1].t == game.mouse[-1].t_ms
    assert clone.clone_time_ms == game.mouse[-1].t_ms - first_release
    assert game.figures["clone_time_s"] * 1000 == clone.clone_time_ms
    # Nothing opened before the first release, which starts Clone's clock.
    assert game.board.events[0].t >= first_release or game.board.events[0].kind != ms.OPEN
    assert game.program == "Minesweeper Clone" and clone.version in game.software
    assert game.player and game.player in game.lost_in_slug()


@pytest.mark.slow
@pytest.mark.parametrize("path", ONLY_HERE, ids=lambda p: p.name)
def test_ms_toollib_playing_the_path_read_here_wins_the_same_game(path):
    """Reading: ms-toollib's own rules, playing the mouse events this reader decoded
    (written as an .evf, which ms-toollib reads): it uncovers every safe cell, solves the
    same 3BV and counts the clicks Slugboard counts."""
    import ms_toollib

    from slugboard.codecs.minesweeper.evf import recording_of, write_evf

    game = read_clone(path.read_bytes())
    video = ms_toollib.EvfVideo("", write_evf(recording_of(game.board, replay_file=game)))
    video.parse()
    video.analyse()
    video.current_time = video.rtime + 1
    replay = ms.replay(game.board)
    assert video.bbbv_solved == video.bbbv == replay.bbbv
    mines = set(game.board.mines)
    shown = video.game_board
    w, h = game.board.width, game.board.height
    assert all(shown[y][x] < 10 for y in range(h) for x in range(w) if (x, y) not in mines)  # all opened
    got = GameFigures(game.board, game.mouse).at(replay.final())
    assert (got["left"], got["right"], got["double"]) == (video.left, video.right, video.double)


@pytest.mark.slow
def test_the_files_ms_toollib_fails_on_are_read_without_it(monkeypatch):
    """ms-toollib runs in a helper process; a Clone file it cannot read starts none."""
    from slugboard.codecs import apart

    def no_helper(*args, **kwargs):
        raise AssertionError("no helper process for a file read here")

    monkeypatch.setattr(apart.Helper, "call", no_helper)
    for path in ONLY_HERE:
        [record] = read_records(str(path))
        assert record.board == read_clone(path.read_bytes()).board
        assert record.payload.board is record.board


def test_the_shuffle_is_a_permutation_of_the_event_bits():
    rng = random.Random(53)
    for key in [0, 1, 65535] + [rng.randrange(65536) for _ in range(200)]:
        for bits in (40, 48):
            table = mvf.shuffle_table(key, bits)
            assert sorted(table) == sorted((j // 8, 1 << (j % 8)) for j in range(bits))


def slow_word(event: bytes, table) -> int:
    """The event's bits in order, one test a bit: the plain reading the byte tables speed up."""
    return sum(1 << place for place, (byte, mask) in enumerate(table) if event[byte] & mask)


@settings(max_examples=examples(60))
@given(st.integers(0, 65535), st.booleans(), st.lists(st.binary(min_size=6, max_size=6), min_size=1, max_size=20))
def test_the_byte_tables_read_as_the_bit_by_bit_reference(key, old_097, events):
    size = 5 if old_097 else 6
    table = mvf.shuffle_table(key, 40 if old_097 else 48)
    raw = b"".join(e[:size] for e in events)
    fast = mvf._unshuffled(raw, size, table, old_097, NEVER)
    assert list(fast) == [mvf.sample_of_word(slow_word(e[:size], table), old_097) for e in events]


# --- the game from the buttons --------------------------------------------------------

# A 4x3 field, one mine at (3, 0):   . . 1 *
#                                    . . 1 1
#                                    . . . .


def play(mouse, question_marks=False):
    return game_of_mouse(4, 3, [(3, 0)], mouse, question_marks=question_marks)


def at(t, kind, x, y):
    return (t, kind, x + 0.5, y + 0.5)


def test_a_left_release_opens_and_a_right_press_flags():
    board, won = play([at(0, "lc", 0, 0), at(5, "lr", 0, 0)])
    assert [tuple(e) for e in board.events] == [(5, "open", 0, 0)] and won
    board, won = play([at(0, "rc", 3, 0), at(1, "rr", 3, 0), at(2, "rc", 3, 0), at(3, "rr", 3, 0)])
    assert [e.kind for e in board.events] == ["flag", "unflag"] and not won


def test_question_marks_cycle_only_when_the_file_had_them_on():
    presses = [p for t in range(3) for p in (at(2 * t, "rc", 3, 0), at(2 * t + 1, "rr", 3, 0))]
    assert [e.kind for e in play(presses)[0].events] == ["flag", "unflag", "flag"]
    assert [e.kind for e in play(presses, question_marks=True)[0].events] == ["flag", "mark", "unflag"]


def test_both_buttons_chord_once_and_the_middle_button_chords():
    # A 3x2 field, one mine at (2, 0):   0 1 *
    #                                    0 1 1
    # The open of (0, 0) floods all but (2, 1); with the mine flagged, a chord on the 1 at
    # (1, 1) opens it and wins.
    opening = [at(0, "lc", 0, 0), at(1, "lr", 0, 0), at(2, "rc", 2, 0), at(3, "rr", 2, 0)]
    chord = [at(4, "lc", 1, 1), at(5, "rc", 1, 1), at(6, "lr", 1, 1), at(7, "rr", 1, 1)]
    board, won = game_of_mouse(3, 2, [(2, 0)], opening + chord)
    assert [tuple(e) for e in board.events] == [(1, "open", 0, 0), (2, "flag", 2, 0), (6, "open", 2, 1)] and won
    middle = [at(4, "mc", 1, 1), at(5, "mr", 1, 1)]
    board, won = game_of_mouse(3, 2, [(2, 0)], opening + middle)
    assert tuple(board.events[-1]) == (5, "open", 2, 1) and won
    # Without the flag the 1 is not satisfied: the chord opens nothing.
    board, won = game_of_mouse(3, 2, [(2, 0)], opening[:2] + chord)
    assert len(board.events) == 1 and not won


def test_a_mine_ends_the_game_and_nothing_after_it_counts():
    board, won = play([at(0, "lc", 3, 0), at(1, "lr", 3, 0), at(2, "lc", 0, 0), at(3, "lr", 0, 0)])
    assert [tuple(e) for e in board.events] == [(1, "open", 3, 0)] and not won
    assert ms.replay(board).final().outcome == ms.LOST


def test_a_release_that_ends_a_chord_opens_nothing_more():
    # Left and right down on a closed cell: the first release is a chord (on a closed
    # cell, nothing), the left release after it is not a click.
    board, _ = play([at(0, "lc", 0, 2), at(1, "rc", 0, 2), at(2, "rr", 0, 2), at(3, "lr", 0, 2)])
    assert len(board.events) == 0


# --- damaged and hostile files ----------------------------------------------------------


def damaged(data: bytes, seed: int):
    rng = random.Random(seed)
    out = bytearray(data)
    for _ in range(rng.randrange(1, 20)):
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out[: rng.randrange(1, len(out) + 1)])


def read_or_refuse(data: bytes):
    try:
        game = read_clone(data)
    except FormatError as exc:
        assert exc.position is not None and 0 <= exc.position <= len(data)
        assert "Minesweeper Clone" in exc.message
        return None
    ms.decode(ms.encode(game.board))  # anything read is a game a slug holds
    return game


@settings(max_examples=examples(150), suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ONLY_HERE + CLONE_097), st.integers(0, 2**32))
def test_a_damaged_clone_file_reads_as_a_game_or_a_clear_error(path, seed):
    read_or_refuse(damaged(path.read_bytes(), seed))


@settings(max_examples=examples(300))
@given(st.binary(max_size=400))
def test_hostile_bytes_raise_format_error_only(data):
    read_or_refuse(data)


HEADS = [(REAL / name).read_bytes()[:cut] for name in ("2007_release_1.mvf", "0.97_beta.mvf") for cut in (28, 71, 74)]


@settings(max_examples=examples(150))
@given(st.sampled_from([*HEADS, b"\0\0"]), st.binary(max_size=300))
def test_hostile_bytes_behind_a_real_header(head, tail):
    read_or_refuse(head + tail)


def test_counts_the_file_cannot_hold_are_refused_before_any_work():
    data = bytearray((REAL / "2007_release_1.mvf").read_bytes())
    clone = mvf.read_mvf(bytes(data))
    # The three bytes of the event count, after the player's name and the shuffle key.
    count_at = data.index(len(clone.samples).to_bytes(3, "big"), 71 + len(clone.player))
    data[count_at : count_at + 3] = (0xFFFFFF).to_bytes(3, "big")
    with pytest.raises(FormatError, match="more than the file holds") as info:
        mvf.read_mvf(bytes(data))
    assert info.value.position == count_at
    with pytest.raises(FormatError, match="ends too early") as info:
        mvf.read_mvf(bytes(data[:200]))
    assert info.value.position is not None and info.value.position <= 200


def test_a_mine_off_the_field_names_its_byte():
    data = bytearray((REAL / "0.96_beta_or_earlier.mvf").read_bytes())
    data[4] = 200  # the first mine's column, on a 30-column field
    with pytest.raises(FormatError, match="off the field") as info:
        read_replay(bytes(data), "old.mvf")
    assert info.value.position == 4


def test_an_old_file_of_a_size_clone_never_saved_is_refused():
    data = bytearray((REAL / "0.96_beta_or_earlier.mvf").read_bytes())
    data[0] = 9
    with pytest.raises(FormatError, match="9x16"):
        read_clone(bytes(data))


def test_reading_stops_when_cancelled():
    from slugboard.codecs.work import Cancel, Cancelled

    cancel = Cancel()
    cancel.set()
    with pytest.raises(Cancelled):
        read_clone((REAL / "2006_release_1.mvf").read_bytes(), cancel)
    with pytest.raises(Cancelled):
        mvf.read_mvf((REAL / "0.96_beta_or_earlier.mvf").read_bytes(), cancel)


def test_more_events_than_any_game_are_refused():
    data = bytearray((REAL / "0.97_beta.mvf").read_bytes())
    clone = mvf.read_mvf(bytes(data))
    count_at = data.index(len(clone.samples).to_bytes(3, "big"), 74 + len(clone.player))
    many = mvf.MAX_SAMPLES + 1
    data[count_at : count_at + 3] = many.to_bytes(3, "big")
    data += bytes(5 * many)  # the file does hold them
    with pytest.raises(FormatError, match="200,001 mouse events") as info:
        mvf.read_mvf(bytes(data))
    assert info.value.position == count_at

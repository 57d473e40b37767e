"""Listing a pentomino board's completions to browse them: every one a complete tiling,
all distinct, the same set a brute force written in the test finds (its own pictures of
the pieces), in the solver's order (Solve's answer first), kept compactly up to a limit,
and `slugboard-codec solve --nth K` / `--all` printing them."""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest

from pentomino_oracle import rectangle_tilings, tiling_of
from slugboard.codecs import cli
from slugboard.codecs import pentomino as pm
from slugboard.codecs.pentomino import completions, solver
from slugboard.codecs.work import Cancel, Cancelled

SEVEN = "R6aV209Z115W127X038"  # a 6x10 rectangle with V, Z, W and X placed: 7 completions


def _all_boards(found: completions.Completions) -> list[pm.Board]:
    return [found.board_of(k) for k in range(len(found))]


@pytest.mark.slow
@pytest.mark.parametrize(
    "board",
    [
        pm.decode(SEVEN),
        pm.decode("R6aI103F311X038U058"),  # 4 completions
        pm.Board("R", 5, 5, terrain=((0, 0), (0, 1), (1, 0), (2, 2), (4, 4))),  # 36, around terrain
    ],
)
def test_the_completions_are_the_tilings_a_brute_force_finds(board):
    found = completions.completions(board)
    boards = _all_boards(found)
    assert not found.more and len(found) == solver.count(board, engine="python")[0] > 0
    for done in boards:
        assert pm.is_complete(done) and pm.problems(done) == []
        assert set(board.pieces) <= set(done.pieces) and done.terrain == board.terrain
        assert len(done.pieces) == len(board.pieces) + found.added
    tilings = [tiling_of(done) for done in boards]
    assert len(set(tilings)) == len(tilings)  # all distinct
    assert set(tilings) == rectangle_tilings(board)


@pytest.mark.slow
@pytest.mark.parametrize("surface", list(pm.SURFACES))
def test_every_surface_lists_as_many_as_it_counts(surface):
    board = pm.Board(surface, 4, 4) if surface == "S" else pm.Board(surface, 3, 5)
    if surface == "S":
        board = replace(board, terrain=((0, 0),))  # 15 cells
    found = completions.completions(board)
    assert len(found) == solver.count(board, engine="python")[0]
    boards = _all_boards(found)
    assert all(pm.is_complete(b) and not pm.problems(b) for b in boards)
    assert len({tuple(b.pieces) for b in boards}) == len(boards)


@pytest.mark.slow
def test_the_first_is_solves_and_the_order_is_fixed():
    board = pm.decode(SEVEN)
    found = completions.completions(board)
    assert found.board_of(0) == solver.solve(board)
    again = completions.completions(board)
    assert _all_boards(again) == _all_boards(found)
    assert [completions.nth(board, k) for k in range(len(found))] == _all_boards(found)
    assert completions.nth(board, len(found)) is None


@pytest.mark.slow
def test_a_limit_keeps_the_first_and_says_there_are_more():
    board = pm.decode(SEVEN)
    whole = completions.completions(board)
    first = completions.completions(board, 3)
    assert len(first) == 3 and first.more and not whole.more
    assert _all_boards(first) == _all_boards(whole)[:3]
    exactly = completions.completions(board, len(whole))
    assert len(exactly) == len(whole) and not exactly.more
    with pytest.raises(IndexError):
        first.board_of(3)


@pytest.mark.slow
def test_a_completion_is_kept_as_small_placement_indices():
    board = pm.Board("R", 4, 15)  # 1,472 completions
    found = completions.completions(board, 400)
    fewer = completions.completions(board, 200)
    assert len(found) == 400 and found.more and found.added == 12
    assert found.indices.typecode == "H" and len(found.indices) == 400 * 12
    # 200 more completions cost their 2-byte indices (and a little pickling), not boards.
    assert len(pickle.dumps(found)) - len(pickle.dumps(fewer)) <= 200 * 12 * 2 + 64
    assert _all_boards(pickle.loads(pickle.dumps(found))) == _all_boards(found)


def test_progress_hands_over_the_completions_as_they_are_listed(monkeypatch):
    monkeypatch.setattr(completions, "PROGRESS_EVERY", 3)
    monkeypatch.setattr(completions, "REPORT_SECONDS", 1e9)  # none for the time alone
    board = pm.decode("R6aI103V209F311")  # 10 completions
    heard = []
    found = completions.completions(
        board, progress=lambda n, chunk, placements, _done, _parts: heard.append((n, chunk, placements)), limit=9
    )
    n, chunk, placements = heard[0]
    assert n == 1 and len(chunk) == found.added and placements == found.placements  # the first at once
    shown = completions.listed(board, n, chunk, placements)
    assert len(shown) == 1 and shown.board_of(0) == found.board_of(0)
    for n, chunk, placements in heard[1:]:
        assert placements is None  # sent once
        shown.add(n, chunk)
    assert [n for n, _c, _p in heard] == [1, 3, 6, 9]
    assert _all_boards(shown) == _all_boards(found)[: len(shown)]


@pytest.mark.slow
def test_progress_says_how_many_parts_of_the_search_are_done(monkeypatch):
    """A long search between two completions is seen to move: the listing reports the parts
    of its search done, now and then, with or without a new completion."""
    monkeypatch.setattr(completions, "REPORT_SECONDS", 0.0)  # every chance to report taken
    monkeypatch.setattr(completions, "CHECK_EVERY", 64)
    board = pm.decode("R5c")
    heard = []
    found = completions.completions(board, progress=lambda *args: heard.append(args), limit=50)
    assert heard[0][2] == found.placements and all(placements is None for _n, _c, placements, _d, _p in heard[1:])
    done = [d for _n, _c, _p, d, _parts in heard]
    parts = {p for *_rest, p in heard}
    assert len(parts) == 1 and parts.pop() >= solver.SPLIT_STATES // 4  # the count's split
    assert done == sorted(done) and done[0] < 1 <= done[-1]  # parts done, and the share of the next
    assert len(heard) > 50 // completions.PROGRESS_EVERY + 2  # more often than completions alone
    shown = completions.listed(board, heard[0][0], heard[0][1], heard[0][2])
    for n, chunk, _p, _d, _parts in heard[1:]:
        shown.add(n, chunk)
    assert len(shown) == 50 and _all_boards(shown) == _all_boards(found)


@pytest.mark.slow
def test_a_board_without_completion_lists_none_and_a_full_one_lists_itself():
    assert len(completions.completions(pm.decode("R6aI100I011"))) == 0  # overlapping
    assert len(completions.completions(pm.Board("R", 2, 2))) == 0  # 4 cells
    full = solver.solve(pm.Board("R", 3, 20))
    found = completions.completions(full)
    assert len(found) == 1 and found.added == 0 and found.board_of(0) == full


def test_cancel_stops_the_listing():
    cancel = Cancel()
    cancel.set()
    with pytest.raises(Cancelled):
        completions.completions(pm.Board("R", 6, 10), cancel=cancel)


@pytest.mark.slow
def test_command_line_prints_the_kth_and_every_completion(capsys):
    board = pm.decode(SEVEN)
    expected = [pm.encode(b) for b in _all_boards(completions.completions(board))]
    assert cli.run(["solve", SEVEN, "--all"]) == 0
    assert capsys.readouterr().out.split() == expected
    assert cli.run(["solve", SEVEN, "--all", "--limit", "2"]) == 0
    assert capsys.readouterr().out.split() == expected[:2]
    assert cli.run(["solve", SEVEN, "--nth", "5"]) == 0
    assert capsys.readouterr().out.strip() == expected[4]
    assert cli.run(["solve", SEVEN]) == 0
    assert capsys.readouterr().out.strip() == expected[0]
    assert cli.run(["solve", SEVEN, "--nth", "8"]) == 1
    assert "only 7 completions" in capsys.readouterr().err
    for wrong in (["--nth", "0"], ["--limit", "3"], ["--all", "--limit", "0"], ["--all", "--nth", "2"]):
        assert cli.run(["solve", SEVEN, *wrong]) == 2
        capsys.readouterr()
    assert cli.run(["solve", "R6aI100I011", "--nth", "1"]) == 1
    assert "no completion" in capsys.readouterr().err

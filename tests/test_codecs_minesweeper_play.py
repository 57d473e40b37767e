"""Playing a game by the codec's rules alone: what each click records, and what it refuses."""

from __future__ import annotations

from slugboard.codecs import minesweeper as ms

FIELD = ms.from_json(
    {"game": "minesweeper", "version": 1, "width": 4, "height": 3, "time_unit_ms": 50, "mines": [[3, 0], [0, 2]],
     "events": []}
)  # fmt: skip


def _final(board: ms.Board) -> ms.ReplayState:
    return ms.Replay(board).final()


def test_an_open_is_recorded_at_its_time():
    done = ms.click(FIELD, 0, 0, ms.OPEN_BUTTON, 120)
    assert done.board is not None and done.refused == ""
    assert [(e.kind, e.x, e.y) for e in done.board.events] == [("open", 0, 0)]
    assert done.board.events[0].t == 2  # 120 ms in 50 ms units, rounded down


def test_a_flag_guards_its_cell_and_the_right_button_takes_it_off():
    flagged = ms.click(FIELD, 1, 1, ms.FLAG_BUTTON, 0).board
    assert flagged is not None and _final(flagged).cells[1 * 4 + 1] == ms.FLAGGED
    assert ms.click(flagged, 1, 1, ms.OPEN_BUTTON, 100) == ms.Click(None)
    unflagged = ms.click(flagged, 1, 1, ms.FLAG_BUTTON, 100).board
    assert unflagged is not None and unflagged.events[-1].kind == ms.UNFLAG


def test_a_finished_game_takes_no_more_clicks():
    lost = ms.click(FIELD, 3, 0, ms.OPEN_BUTTON, 0).board
    assert lost is not None and ms.is_over(_final(lost))
    refused = ms.click(lost, 0, 0, ms.OPEN_BUTTON, 50)
    assert refused.board is None and "over" in refused.refused


def test_a_new_game_is_dealt_around_its_first_open():
    for seed in range(20):
        # The mine under the click moves away; the count stays.
        done = ms.click(FIELD, 3, 0, ms.OPEN_BUTTON, 0, deal=True, seed=seed).board
        assert done is not None and len(done.mines) == len(FIELD.mines)
        assert (3, 0) not in done.mine_set
        assert not ms.is_over(_final(done)) or _final(done).outcome == "won"


def test_flags_before_the_first_open_stay_when_the_field_is_dealt():
    flagged = ms.click(FIELD, 2, 2, ms.FLAG_BUTTON, 0, deal=True).board
    assert flagged is not None and flagged.mines == FIELD.mines  # a flag deals nothing
    opened = ms.click(flagged, 0, 0, ms.OPEN_BUTTON, 100, deal=True, seed=1).board
    assert opened is not None and opened.events[0] == flagged.events[0]

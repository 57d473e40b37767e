"""A replay as a video (.mp4, .webm) through PyAV: every frame at the millisecond the
game says, the whole length plus the hold, and nothing left behind when cancelled."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize, Qt

from conftest import load_vectors
from slugboard.codecs import minesweeper as ms
from slugboard.codecs.work import Cancel, Cancelled
from slugboard.gui.recording import HOLD_MS, RecordingError, plan

av = pytest.importorskip("av", reason="PyAV writes the videos")

from slugboard.gui.minesweeper.video import write_video  # noqa: E402

ARTICLE = load_vectors("minesweeper")["games"][0]["slug"]


def decoded(path):
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        frames = list(container.decode(stream))
        return [round(f.pts * f.time_base * 1000) for f in frames], (frames[0].width, frames[0].height)


@pytest.mark.parametrize("suffix", [".mp4", ".webm"])
def test_every_frame_comes_at_the_millisecond_the_plan_says(qapp, tmp_path, suffix):
    board = ms.decode(ARTICLE)
    out = tmp_path / f"game{suffix}"
    starts = write_video(str(out), board, fps=30, size=QSize(401, 300))
    times, size = decoded(out)
    assert times == starts
    assert size == (402, 300)  # even sides for 4:2:0
    planned = plan(ms.replay(board), fps=30, unit_ms=1)
    expected, at = [], 0
    for frame in planned:
        expected.append(at)
        at += frame.units
    assert starts == [*expected, at]
    # The video lasts the game and the hold.
    assert starts[-1] == ms.replay(board).duration_ms + HOLD_MS


def test_a_faster_video_is_shorter_by_its_speed(qapp, tmp_path):
    board = ms.decode(ARTICLE)
    starts = write_video(str(tmp_path / "fast.mp4"), board, fps=60, speed=2.0, size=QSize(320, 240))
    assert starts[-1] == round(ms.replay(board).duration_ms / 2) + HOLD_MS
    assert decoded(tmp_path / "fast.mp4")[0] == starts


def test_a_cancelled_video_leaves_nothing(qapp, tmp_path):
    cancel = Cancel()
    seen = []

    def progress(fraction):
        seen.append(fraction)
        if len(seen) == 5:
            cancel.set()

    with pytest.raises(Cancelled):
        write_video(str(tmp_path / "gone.mp4"), ms.decode(ARTICLE), cancel=cancel, progress=progress)
    assert list(tmp_path.iterdir()) == []
    assert seen == sorted(seen) and 0 < seen[-1] < 1


@pytest.mark.parametrize(
    "name, options, message",
    [
        ("game.avi", {}, "a .mp4 or .webm file"),
        ("game.mp4", {"fps": 0}, "--fps wants"),
        ("game.mp4", {"speed": 1000.0}, "--speed wants"),
        ("game.mp4", {"size": QSize(8, 8)}, "16 to 4096"),
    ],
)
def test_options_it_cannot_take_are_refused(qapp, tmp_path, name, options, message):
    with pytest.raises(RecordingError, match=message):
        write_video(str(tmp_path / name), ms.decode(ARTICLE), **options)
    assert list(tmp_path.iterdir()) == []


def test_a_field_with_no_game_has_no_video(qapp, tmp_path):
    with pytest.raises(RecordingError, match="no action"):
        write_video(str(tmp_path / "field.mp4"), ms.decode("1=5x5+0141++"))


def test_the_page_writes_a_video_in_the_background_and_says_so(qtbot, main_window, tmp_path):
    assert main_window.paste_text(ARTICLE)
    page = main_window.page("minesweeper")
    main_window.tabs.setCurrentWidget(page)
    out = tmp_path / "replay.webm"
    with qtbot.waitSignal(page.status_changed, timeout=60_000, check_params_cb=lambda t: t.startswith("Saved")):
        assert page.export_video(str(out), size=QSize(320, 240))
        assert "Writing replay.webm" in page.dealing_label.text() and page.dealing_cancel.isVisible()
    assert decoded(out)[1] == (320, 240)
    assert not page.dealing_label.text()


def test_cancel_stops_the_pages_video_and_leaves_nothing(qtbot, main_window, tmp_path):
    assert main_window.paste_text(ARTICLE)
    page = main_window.page("minesweeper")
    folder = tmp_path / "videos"
    folder.mkdir()
    with qtbot.waitSignal(page.video_progressed, timeout=60_000):
        assert page.export_video(str(folder / "stopped.mp4"), fps=60, speed=0.1)
    with qtbot.waitSignal(page.status_changed) as said:
        qtbot.mouseClick(page.dealing_cancel, Qt.MouseButton.LeftButton)
    assert said.args[0] == "Video stopped: nothing was saved"
    assert not page.dealing_cancel.isVisible()
    qtbot.waitUntil(lambda: not list(folder.iterdir()), timeout=10_000)

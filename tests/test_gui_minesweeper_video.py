"""A replay as a video (.mp4, .webm) through PyAV: every frame at the millisecond the
game says, the whole length plus the hold, and nothing left behind when cancelled."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize, Qt

from conftest import load_vectors
from slugboard.codecs import minesweeper as ms
from slugboard.codecs.work import Cancel, Cancelled
from slugboard.gui.minesweeper.recording import HOLD_MS, RecordingError, plan

av = pytest.importorskip("av", reason="PyAV writes the videos")

from slugboard.gui.minesweeper.video import write_video  # noqa: E402

ARTICLE = load_vectors("minesweeper")["games"][0]["slug"]


def decoded(path):
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        frames = list(container.decode(stream))
        return [round(f.pts * f.time_base * 1000) for f in frames], (frames[0].width, frames[0].height)


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
def test_cancel_stops_the_pages_video_and_leaves_nothing(qtbot, main_window, tmp_path):
    assert main_window.paste_text(ARTICLE)
    page = main_window.page("minesweeper")
    folder = tmp_path / "videos"
    folder.mkdir()
    assert page.export_video(str(folder / "stopped.mp4"), fps=60, speed=0.1)
    # Stopped once the row shows how far it has come, as a person would see it.
    qtbot.waitUntil(lambda: page.dealing_label.text().endswith("%"), timeout=60_000)
    with qtbot.waitSignal(page.status_changed) as said:
        qtbot.mouseClick(page.dealing_cancel, Qt.MouseButton.LeftButton)
    assert said.args[0] == "Video stopped: nothing was saved"
    assert not page.dealing_cancel.isVisible()
    qtbot.waitUntil(lambda: not list(folder.iterdir()), timeout=10_000)


def _slugboard(*argv):
    import os
    import subprocess
    import sys

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, "-m", "slugboard.gui.app", *argv], capture_output=True, text=True, env=env, timeout=300
    )


@pytest.mark.slow
def test_slugboard_export_writes_a_replay_files_video_with_its_path(tmp_path):
    from replay_files import FILES

    path = next(p for p in FILES if p.suffix == ".rmv")
    out = tmp_path / "game.mp4"
    done = _slugboard("--export", str(out), str(path), "--fps", "20", "--size", "320x240", "--speed", "2")
    assert done.returncode == 0, done.stderr
    assert "wrote" in done.stdout
    times, size = decoded(out)
    assert size == (320, 240)
    from replay_files import game

    duration = ms.replay(game(path).board).duration_ms
    assert times[-1] == round(duration / 2) + HOLD_MS  # the game at 2x, then the hold
    refused = _slugboard("--export", str(tmp_path / "at.webm"), str(path), "--at", "1")
    assert refused.returncode == 2 and "--at" in refused.stderr
    assert not (tmp_path / "at.webm").exists()


@pytest.mark.slow
def test_slugboard_export_of_a_replay_with_no_moment_draws_its_end(tmp_path):
    from PySide6.QtGui import QImage

    from replay_files import FILES

    path = next(p for p in FILES if p.suffix == ".rmv")
    plain, at_end = tmp_path / "plain.png", tmp_path / "end.png"
    assert _slugboard("--export", str(plain), str(path)).returncode == 0
    assert _slugboard("--export", str(at_end), str(path), "--at", "100").returncode == 0
    assert QImage(str(plain)) == QImage(str(at_end))


@pytest.mark.slow
def test_a_video_and_a_replay_have_the_permissions_of_a_new_file(qapp, tmp_path):
    import os
    import stat

    from slugboard.codecs.minesweeper.commands import write_atomically

    mask = os.umask(0o022)
    os.umask(mask)
    write_video(str(tmp_path / "v.webm"), ms.decode(ARTICLE), size=QSize(64, 64))
    write_atomically(str(tmp_path / "r.evf"), b"data")
    for name in ("v.webm", "r.evf"):
        assert stat.S_IMODE(os.stat(tmp_path / name).st_mode) == 0o666 & ~mask
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.evf", "v.webm"]

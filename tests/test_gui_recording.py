"""Recordings of minesweeper replays: the plan of frames, the three file types, the
picture of every frame, stopping, and File > Export recording in the window."""

from __future__ import annotations

import importlib
import math
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from PySide6.QtCore import Qt

from conftest import DATA, load_vectors, open_file
from replay_files import game
from slugboard.codecs import minesweeper as ms
from slugboard.codecs.work import Cancel, Cancelled
from waiting import Queries

FILES = sorted((DATA / "minesweeper").iterdir())
EXPERT = DATA / "minesweeper" / "Zhang Shen Jia_Exp_38.82(3bv122).mvf"
BEGINNER = DATA / "minesweeper" / "Wang_Jia_Ning_Beg_15.523bv24.avf"
SHORT = DATA / "minesweeper" / "test_rmv2_24px.rmv"
ARTICLE = load_vectors("minesweeper")["games"][0]["slug"]  # a 5 s game
LONG = DATA / "minesweeper" / "c_10_1184.575_1021_0.862_Pu Tian Yi(Hu Bei).evf"


def _board(path: Path) -> ms.Board:
    return game(path).board


def _durations(path: Path) -> list[float]:
    with Image.open(path) as image:
        out = []
        for k in range(image.n_frames):
            image.seek(k)
            image.load()
            out.append(image.info["duration"])
        return out


def _frame(path: Path, k: int) -> Image.Image:
    with Image.open(path) as image:
        image.seek(k)
        return image.convert("RGB")


# --- the plan ---------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.suffix)
@pytest.mark.parametrize("speed", [1.0, 2.0])
@pytest.mark.parametrize("unit_ms, min_units", [(1, 1), (10, 2)])
def test_frames_last_as_long_as_the_game(qapp, path, speed, unit_ms, min_units):
    from slugboard.gui.minesweeper.recording import HOLD_MS, plan

    replay = ms.Replay(_board(path))
    frames = plan(replay, fps=30, speed=speed, unit_ms=unit_ms, min_units=min_units)
    total_ms = sum(f.units for f in frames) * unit_ms
    assert total_ms == round(replay.duration_ms / speed / unit_ms) * unit_ms + HOLD_MS
    assert all(f.units >= min_units for f in frames)
    assert frames[0].index == 0 and frames[0].time_ms == 0
    assert (frames[-1].index, frames[-1].time_ms) == (replay.event_count, replay.duration_ms)
    assert frames[-1].units * unit_ms >= HOLD_MS
    times = [f.time_ms for f in frames]
    assert times == sorted(times) and len(set(times)) == len(times)
    # At 30 frames a second the clock moves every frame: about one frame per slot.
    assert len(frames) <= replay.duration_ms / speed * 30 / 1000 + 2


@pytest.mark.slow
def test_a_slow_recording_merges_frames_whose_picture_is_the_same(qapp):
    from slugboard.gui.minesweeper.recording import plan

    replay = ms.Replay(_board(BEGINNER))
    slow = plan(replay, fps=60, speed=0.25)  # the clock, in hundredths, moves every 2.4 slots
    slots = replay.duration_ms / 0.25 * 60 / 1000
    assert len(slow) < slots * 0.5
    assert sum(f.units for f in slow) == round(replay.duration_ms / 0.25) + 2000


# --- the files -------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("suffix", [".gif", ".webp", ".apng"])
@pytest.mark.parametrize("speed", [1.0, 2.0])
def test_a_recording_plays_the_whole_game(qapp, tmp_path, suffix, speed):
    from slugboard.gui.minesweeper.recording import HOLD_MS, record

    board = _board(BEGINNER)
    out = tmp_path / f"game{suffix}"
    frames = record(str(out), board, speed=speed)
    durations = _durations(out)
    assert len(durations) == frames > 1
    unit = 10 if suffix == ".gif" else 1
    assert sum(durations) == round(ms.Replay(board).duration_ms / speed / unit) * unit + HOLD_MS
    assert durations[-1] >= HOLD_MS
    if suffix == ".gif":
        assert min(durations) >= 20  # browsers slow anything shorter down
    first, last = _frame(out, 0), _frame(out, len(durations) - 1)
    assert first.size == last.size
    assert ImageChops.difference(first, last).getbbox() is not None
    assert os.listdir(tmp_path) == [out.name]  # the unfinished file is gone


@pytest.mark.slow
def test_every_frame_is_what_the_window_paints_at_that_moment(qapp, tmp_path):
    """Frames are painted with the board picture reused and only their changed part
    encoded; each must still equal a plain painting of its moment."""
    from PySide6.QtGui import QImage

    from slugboard.gui.minesweeper.recording import plan, record
    from slugboard.gui.render import render_image

    mines_paint = importlib.import_module("slugboard.gui.minesweeper.paint")
    board = _board(SHORT)
    out = tmp_path / "short.apng"  # lossless: pixels compare exactly
    count = record(str(out), board)
    replay = ms.Replay(board)
    frames = plan(replay)
    assert count == len(frames)
    for k, frame in enumerate(frames):
        mines_paint.LAST_COMPOSED.clear()  # each moment painted from scratch
        image = render_image(
            "minesweeper",
            board,
            view=mines_paint.REPLAY,
            state=replay.state(frame.index, frame.time_ms),
            replay=replay,
            clock_ms=frame.time_ms,
        ).convertToFormat(QImage.Format.Format_RGB32)
        expected = Image.frombytes(
            "RGB", (image.width(), image.height()), bytes(image.constBits()), "raw", "BGRX", image.bytesPerLine()
        )
        assert ImageChops.difference(_frame(out, k), expected).getbbox() is None, k


@pytest.mark.slow
def test_a_vector_game_records_from_its_slug(qapp, tmp_path):
    from slugboard.gui.minesweeper.recording import record

    game = next(g for g in load_vectors("minesweeper")["games"] if g["board"]["events"])
    out = tmp_path / "vector.gif"
    record(str(out), ms.decode(game["slug"]), fps=20, speed=4)
    with Image.open(out) as image:
        assert image.n_frames > 1


@pytest.mark.slow
def test_a_stopped_recording_leaves_no_file(qapp, tmp_path):
    from slugboard.gui.minesweeper.recording import record

    cancel = Cancel()
    seen = []

    def progress(done, total):
        seen.append(done)
        if done == 5:
            cancel.set()

    with pytest.raises(Cancelled):
        record(str(tmp_path / "stopped.gif"), _board(EXPERT), cancel=cancel, progress=progress)
    assert seen == [1, 2, 3, 4, 5]
    assert os.listdir(tmp_path) == []


@pytest.mark.slow
def test_a_recording_stopped_after_its_last_frame_leaves_no_file(qapp, tmp_path):
    """A stop that comes after the last frame, just before the file takes its name, still
    wins: no file, and the one who stopped it knows."""
    from slugboard.gui.minesweeper.recording import Finish, record

    finish = Finish()
    stopped = []

    def progress(done, total):
        if done == total:
            stopped.append(finish.stop())

    with pytest.raises(Cancelled):
        record(str(tmp_path / "late.gif"), _board(SHORT), progress=progress, finish=finish)
    assert stopped == [True] and not finish.written
    assert os.listdir(tmp_path) == []


@pytest.mark.slow
def test_a_recording_written_before_the_stop_stays(qapp, tmp_path):
    from slugboard.gui.minesweeper.recording import Finish, record

    finish = Finish()
    out = tmp_path / "done.gif"
    assert record(str(out), _board(SHORT), finish=finish) > 1
    assert finish.written
    assert not finish.stop()  # too late: the file is there, and stays
    assert os.listdir(tmp_path) == ["done.gif"]


@pytest.mark.slow
def test_a_symlink_planted_at_the_old_temporary_name_is_left_alone(qapp, tmp_path):
    """The file was once written at `.NAME.part` beside the target, a name anyone could
    plant a symlink at to have the export overwrite a file of theirs choosing."""
    from slugboard.gui.minesweeper.recording import record

    victim = tmp_path / "victim.txt"
    victim.write_text("kept")
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / ".g.gif.part").symlink_to(victim)
    record(str(folder / "g.gif"), _board(SHORT))
    assert victim.read_text() == "kept"
    assert sorted(os.listdir(folder)) == [".g.gif.part", "g.gif"]  # the symlink untouched, no file left over
    assert (folder / ".g.gif.part").is_symlink()
    with Image.open(folder / "g.gif") as image:
        assert image.n_frames > 1


@pytest.mark.slow
def test_a_recording_has_the_permissions_of_a_new_file(qapp, tmp_path):
    from slugboard.gui.minesweeper.recording import record

    out = tmp_path / "g.apng"
    record(str(out), _board(SHORT))
    mask = os.umask(0o022)
    os.umask(mask)
    assert os.stat(out).st_mode & 0o777 == 0o666 & ~mask


def test_a_recording_ends_at_the_games_end_however_late_its_last_click(qapp, tmp_path):
    """The finding: a game won at its first click and flagged a day later made an
    11-minute, 0.8 GB export. The recording ends where the game ended, plus the hold."""
    from slugboard.gui.minesweeper.recording import HOLD_MS, plan, record, recorded_ms

    board = ms.decode("2=8x8,1000+33+000+33MTXP")
    replay = ms.Replay(board)
    assert replay.duration_ms == 86_399_000 and replay.end_index == 1
    assert recorded_ms(replay) == 0
    frames = plan(replay, fps=10)
    assert sum(f.units for f in frames) == HOLD_MS
    assert frames[-1].index == replay.event_count  # the late flag is shown, in the hold
    out = tmp_path / "long.gif"
    assert record(str(out), board, fps=10) <= 2
    assert os.path.getsize(out) < 100_000
    assert _durations(out)[-1] == HOLD_MS


@pytest.mark.slow
def test_a_recording_of_too_many_frames_is_refused_before_it_starts(qapp, tmp_path):
    from slugboard.gui.minesweeper.recording import BASE_FRAMES, FRAMES_PER_ACTION, RecordingError, record

    # Left unfinished: its second click, a day after the first, is its last action.
    board = ms.decode("1=8x8+114477+000;011727980+")
    assert ms.Replay(board).end_index is None
    with pytest.raises(RecordingError) as refused:
        record(str(tmp_path / "day.gif"), board, fps=10)
    # What a game of two actions may take, as docs/USAGE.md says, and the speed that fits it:
    # 86,399 s at 10 frames a second over that many frames, rounded up to a tenth.
    most = BASE_FRAMES + FRAMES_PER_ACTION * len(board.events)
    faster = math.ceil(86_399 * 10 / most * 10) / 10
    assert str(refused.value) == (
        f"this game lasts 23 h 59 min: at 10 frames a second and 1 times real speed its recording would take "
        f"863,990 frames, and a recording of 2 actions holds at most {most:,} (--speed {faster:g} makes "
        f"{math.ceil(86_399 * 10 / faster):,}); choose a higher speed (--speed) or fewer frames a second (--fps)"
    )
    assert os.listdir(tmp_path) == []
    assert record(str(tmp_path / "day.gif"), board, fps=1, speed=100) > 1  # as the message says


@pytest.mark.slow
def test_a_recording_larger_than_its_limit_stops_and_leaves_no_file(qapp, tmp_path, monkeypatch):
    from slugboard.gui.minesweeper import recording

    monkeypatch.setattr(recording, "MAX_BYTES", 20_000)
    with pytest.raises(recording.RecordingError, match="would be larger than"):
        recording.record(str(tmp_path / "big.gif"), _board(EXPERT))
    assert os.listdir(tmp_path) == []


def test_what_cannot_be_recorded(qapp, tmp_path):
    from slugboard.gui.minesweeper.recording import RecordingError, check, record

    with pytest.raises(RecordingError, match="no clicks"):
        record(str(tmp_path / "a.gif"), ms.new_board())
    with pytest.raises(RecordingError, match="at most 50"):
        check("a.gif", fps=60)
    check("a.webp", fps=60)
    with pytest.raises(RecordingError, match="--speed"):
        check("a.apng", speed=0)
    with pytest.raises(RecordingError, match=".gif, .webp or .apng"):
        check("a.mp4")
    assert os.listdir(tmp_path) == []


# --- the window ---------------------------------------------------------------------------


def _recording_action(main_window):
    """File > Export recording, while the minesweeper tab is current (else None)."""
    return next((a for a in main_window.menuBar().actions()[0].menu().actions() if "recording" in a.text()), None)


@pytest.mark.slow
def test_export_recording_is_offered_for_a_recorded_game_only(main_window, qtbot):
    main_window.tabs.setCurrentWidget(main_window.page("sudoku"))
    assert _recording_action(main_window) is None  # a minesweeper action, not in other games' menus
    page = main_window.page("minesweeper")
    main_window.tabs.setCurrentWidget(page)
    action = _recording_action(main_window)
    page.replace_board(ms.new_board())
    assert not action.isEnabled()
    assert open_file(qtbot, main_window, str(BEGINNER))
    assert action.isEnabled()


@pytest.mark.slow
def test_the_window_exports_in_the_background(main_window, qtbot, tmp_path):
    assert open_file(qtbot, main_window, str(BEGINNER))
    page = main_window.page("minesweeper")
    out = tmp_path / "replay.webp"
    assert page.export_recording(str(out))
    assert page.recorder.cancel_button.isVisible()
    assert not _recording_action(main_window).isEnabled()  # one at a time
    qtbot.waitUntil(lambda: out.exists() and not page.recorder.bar.isVisible(), timeout=60_000)
    assert main_window.statusBar().currentMessage().startswith(f"Saved {out}")
    assert _recording_action(main_window).isEnabled()
    with Image.open(out) as image:
        assert image.n_frames > 1


def _export_under_way(main_window, qtbot, folder, name: str):
    """The long game opened and its recording to folder/name started and a few frames in
    (twenty minutes of play: far from done when stopped)."""
    assert open_file(qtbot, main_window, str(LONG))
    folder.mkdir()
    out = folder / name
    progressed = []
    page = main_window.page("minesweeper")
    page.recorder._progress.advanced.connect(lambda done, total: progressed.append(done))
    assert page.export_recording(str(out))
    qtbot.waitUntil(lambda: len(progressed) > 3, timeout=60_000)
    return out


@pytest.mark.slow
def test_cancel_stops_the_export_and_leaves_no_file(main_window, qtbot, tmp_path, monkeypatch):
    queries = Queries(monkeypatch)
    folder = tmp_path / "out"
    out = _export_under_way(main_window, qtbot, folder, "long.gif")
    recorder = main_window.page("minesweeper").recorder
    qtbot.mouseClick(recorder.cancel_button, Qt.MouseButton.LeftButton)
    assert not recorder.bar.isVisible()
    assert "stopped" in main_window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: not any(folder.iterdir()), timeout=20_000)
    queries.settle(qtbot, timeout=20_000)  # the export has stopped
    assert not out.exists() and not any(folder.iterdir())


@pytest.mark.slow
def test_quitting_during_an_export_stops_it_and_leaves_no_file(main_window, qtbot, tmp_path, monkeypatch):
    """(That quitting does not wait for the export, benchmarks/responsiveness.py measures.)"""
    queries = Queries(monkeypatch)
    folder = tmp_path / "out"
    out = _export_under_way(main_window, qtbot, folder, "long.apng")
    main_window.close()
    assert not out.exists()
    queries.settle(qtbot, timeout=20_000)  # the worker, told to stop, writes nothing more
    assert not any(folder.iterdir())


@pytest.mark.slow
def test_cancel_after_the_file_is_written_says_it_was_saved(main_window, qtbot, tmp_path, monkeypatch):
    """Cancel pressed after the recording's file was written but before the window heard
    it was done: the file is there, and the window says so (it said nothing was saved)."""
    queries = Queries(monkeypatch)
    assert open_file(qtbot, main_window, str(BEGINNER))
    page = main_window.page("minesweeper")
    out = tmp_path / "replay.gif"
    assert page.export_recording(str(out))
    # The window's thread handles no events meanwhile: it has not heard the end.
    assert queries.wait_idle(60)
    assert out.exists() and page.recorder.busy
    page.cancel_recording()
    message = f"Saved {out}: the recording was complete before it could be stopped"
    assert main_window.statusBar().currentMessage() == message
    assert not page.recorder.bar.isVisible()
    queries.settle(qtbot)  # the recording's own answer, dropped, says nothing else
    assert main_window.statusBar().currentMessage() == message
    assert _recording_action(main_window).isEnabled()
    with Image.open(out) as image:
        assert image.n_frames > 1


# --- a tiny slug, a long game ---------------------------------------------------------------

DAY_LONG = "2=30x16,60000+00++550P;55NER"  # a flag, then its removal 24 hours later: 29 characters


def _export(*args, stderr=None):
    import subprocess
    import sys

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, "-m", "slugboard.gui", "--export", *args],
        stdout=subprocess.PIPE,
        stderr=stderr if stderr is not None else subprocess.PIPE,
        text=stderr is None,
        timeout=120,
        env=env,
    )


@pytest.mark.slow
def test_a_day_long_game_is_refused_before_any_frame_with_what_would_fit(qapp, tmp_path):
    """A game of a day in a 29-character slug would take minutes to record even at 100 times
    its speed: the recording (or video) is refused at once, saying how many frames it would
    take and the --fps or --speed that fits."""
    from slugboard.gui.minesweeper import recording

    board = ms.decode(DAY_LONG)
    game_ms = recording.recorded_ms(ms.Replay(board))
    assert game_ms == 24 * 3600 * 1000 and len(board.events) == 2
    frames = math.ceil(game_ms / 100 * 30 / 1000)  # 30 frames a second of a game played 100 times faster
    most = recording.BASE_FRAMES + 2 * recording.FRAMES_PER_ACTION  # what docs/USAGE.md allows two actions
    assert frames == 25_920 > most
    with pytest.raises(recording.RecordingError) as refused:
        recording.plan(ms.Replay(board), fps=30, speed=100)
    fewer = math.floor(most * 1000 * 100 / game_ms)
    assert f"would take {frames:,} frames" in str(refused.value)
    assert f"--fps {fewer} makes {math.ceil(game_ms / 100 * fewer / 1000):,}" in str(refused.value)
    assert len(recording.plan(ms.Replay(board), fps=fewer, speed=100)) <= most + 1  # as it says, with the hold
    for name in ("day.gif", "day.mp4"):
        done = _export(str(tmp_path / name), DAY_LONG, "--speed", "100")
        assert done.returncode == 2, done.stderr
        assert f"would take {frames:,} frames" in done.stderr and f"--fps {fewer}" in done.stderr
        assert os.listdir(tmp_path) == []


def _on_a_terminal(*args) -> str:
    """What an export says on standard error when that is a terminal."""
    import pty

    master, slave = pty.openpty()
    try:
        done = _export(*args, stderr=slave)
    finally:
        os.close(slave)
    said = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the terminal's other end is closed: all is read
            break
        if not chunk:
            break
        said += chunk
    os.close(master)
    assert done.returncode == 0, said
    return said.decode()


@pytest.mark.slow
def test_an_export_says_how_far_it_has_come_on_a_terminal(qapp, tmp_path):
    pytest.importorskip("av")
    said = _on_a_terminal(str(tmp_path / "game.mp4"), ARTICLE, "--fps", "10")
    assert "\rWriting game.mp4: " in said and said.rstrip().endswith("Writing game.mp4: 100%")
    said = _on_a_terminal(str(tmp_path / "game.gif"), ARTICLE, "--fps", "10")
    assert "\rRecording game.gif: frame 1 of " in said and "(100%)" in said
    assert (tmp_path / "game.mp4").stat().st_size and (tmp_path / "game.gif").stat().st_size

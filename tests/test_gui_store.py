"""Settings that cannot stop Slugboard from starting and never lose a board in silence:
bad stored values are set aside and reported, an unreadable file is copied aside, a
settings file that cannot be written is reported with a way to save the board, and a
process killed right after an edit keeps it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox

from slugboard.codecs import sudoku

SEED = "UyF2MQRhyECJQWIySCkiKoXU+yAUcJiTwoVTKoVqsHYm5V3D54DxCitHWQclJ0g="


def _window(qtbot, settings):
    from slugboard.gui.main_window import MainWindow

    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: not window.boards._to_restore)  # the games out of sight read just after the window shows
    return window


def _set_aside(settings: QSettings) -> list[dict]:
    with open(settings.fileName() + ".unrestored.json", encoding="utf-8") as f:
        return json.load(f)


@pytest.mark.slow
@pytest.mark.parametrize(
    "key,value,said",
    [
        ("boards/sudoku", "[" * 50_000 + "]" * 50_000, "the last Sudoku board"),
        ("boards/sudoku", '{"game": "sudoku", "grid": "12"}', "the last Sudoku board"),
        ("boards/sudoku", '{"game": "sudoku", "grid": ', "the last Sudoku board"),
        ("boards/pentomino", '{"game": "pentomino", "height": [], "width": {}}', "the last Pentominoes board"),
        ("boards/minesweeper", ["a", "list"], "the last Minesweeper board"),
        ("window/tab", ["sudoku", "letters"], "the game shown last"),
        ("window/tab", {"a": 1}, "the game shown last"),
        ("window/tab", "chess", "the game shown last"),
        ("window/geometry", "not a geometry", "the window's size and place"),
        ("recent", {"x": 1}, "the list of recent slugs"),
    ],
)
def test_a_bad_stored_value_is_set_aside_and_reported(qtbot, settings, key, value, said):
    settings.setValue(key, value)
    settings.setValue("boards/xiangqi", '{"game": "xiangqi", "fen": "4k4/9/9/9/9/9/9/9/9/4K4 w"}')
    settings.sync()
    window = _window(qtbot, settings)  # starts, whatever the value was
    # A long stored text is read in the background, and said when it has been.
    qtbot.waitUntil(lambda: window.statusBar().currentMessage().startswith("Not restored: "), timeout=5000)
    message = window.statusBar().currentMessage()
    assert said in message
    # not read again at the next start (the tab shown is written anew as the window opens)
    assert settings.value(key) is None or (key == "window/tab" and settings.value(key) in window.pages)
    kept = _set_aside(settings)
    assert kept[-1]["key"] == key and kept[-1]["why"]
    # the good values around it are restored
    xiangqi = window.page("xiangqi")
    assert xiangqi.board == xiangqi.game.from_json({"game": "xiangqi", "fen": "4k4/9/9/9/9/9/9/9/9/4K4 w"})
    window.close()
    second = _window(qtbot, settings)
    assert not second.statusBar().currentMessage().startswith("Not restored")


@pytest.mark.slow
def test_good_settings_restore_without_a_word(qtbot, settings):
    first = _window(qtbot, settings)
    first.paste_text(SEED)
    first.close()
    second = _window(qtbot, settings)
    assert second.page("sudoku").board == sudoku.decode(SEED)
    assert not second.statusBar().currentMessage().startswith("Not restored")
    assert not os.path.exists(settings.fileName() + ".unrestored.json")


@pytest.mark.slow
def test_a_garbage_settings_file_is_copied_aside(qtbot, tmp_path):
    path = tmp_path / "slugboard.ini"
    path.write_bytes(b'\x00\xff[boards]\nsudoku="{\\"game\n' + bytes(range(256)) * 4)
    original = path.read_bytes()
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    window = _window(qtbot, settings)
    assert "the saved settings" in window.statusBar().currentMessage()
    copies = [p for p in tmp_path.iterdir() if ".unreadable-" in p.name]
    assert len(copies) == 1 and copies[0].read_bytes() == original
    window.close()
    assert (
        not _window(qtbot, QSettings(str(path), QSettings.Format.IniFormat))
        .statusBar()
        .currentMessage()
        .startswith("Not restored")
    )


def test_settings_that_cannot_be_written_are_reported_once_with_a_way_out(qtbot, tmp_path):
    # A file under a path whose parent is a file can never be written, even by root.
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    settings = QSettings(str(blocker / "slugboard.ini"), QSettings.Format.IniFormat)
    window = _window(qtbot, settings)
    window.paste_text(SEED)
    assert not window.save_boards()
    assert "Boards are not being saved" in window.statusBar().currentMessage()
    boxes = [b for b in window.findChildren(QMessageBox) if b.objectName() == "cannotSaveBox"]
    assert len(boxes) == 1 and boxes[0].isVisible()
    assert any(b.text() == "Save board as…" for b in boxes[0].buttons())
    boxes[0].close()
    window.page("sudoku").set_board(sudoku.Board(), "Clear")
    assert not window.save_boards()
    assert len([b for b in window.findChildren(QMessageBox) if b.objectName() == "cannotSaveBox"]) == 1  # once
    # the way out: the board's link in a file, which opens again as the same board
    out = tmp_path / "board.txt"
    window.paste_text(SEED)
    assert window.save_board_to(str(out))
    assert sudoku.decode(out.read_text().strip()) == sudoku.decode(SEED)


@pytest.mark.slow
def test_an_edit_survives_a_kill_half_a_second_later(tmp_path):
    ini = tmp_path / "slugboard.ini"
    script = tmp_path / "edit_then_die.py"
    script.write_text(
        textwrap.dedent(
            f"""
            import os, signal
            from PySide6.QtCore import QSettings, QTimer
            from PySide6.QtWidgets import QApplication
            from slugboard.gui.main_window import MainWindow
            app = QApplication([])
            window = MainWindow(QSettings({str(ini)!r}, QSettings.Format.IniFormat))
            window.show()
            page = window.page("sudoku")
            for i in range(9):  # a burst of edits, the last one 0.6 s before the kill
                page.set_board(page.board.with_digit(0, i, i + 1), "Edit")
            QTimer.singleShot(600, lambda: os.kill(os.getpid(), signal.SIGKILL))
            app.exec()
            """
        )
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, timeout=60)
    assert done.returncode == -signal.SIGKILL
    settings = QSettings(str(ini), QSettings.Format.IniFormat)
    assert settings.status() == QSettings.Status.NoError
    assert json.loads(settings.value("boards/sudoku"))["grid"].startswith("123456789")


@pytest.mark.slow
@pytest.mark.parametrize(
    "key,value",
    [
        ("xiangqi/flipped", ["yes", "no"]),
        ("xiangqi/flipped", {"a": 1}),
        ("minesweeper/mode", {"a": 1}),
        ("minesweeper/mode", ["play"]),
        ("letters/start_words/2025-10-05", ["RUNNELS"]),
    ],
)
def test_a_page_setting_of_the_wrong_kind_does_not_stop_the_app(qtbot, settings, key, value):
    settings.setValue(key, value)
    settings.sync()
    window = _window(qtbot, settings)
    assert window.page("minesweeper").mode in ("edit", "play", "replay")


@pytest.mark.slow
def test_a_start_writes_nothing_back(qtbot, settings, monkeypatch):
    """Boards that come back at start are not edits: nothing is saved until the person
    changes something (a save used to follow every start)."""
    from slugboard.gui.window_boards import StoredBoards

    first = _window(qtbot, settings)
    first.paste_text(SEED)
    first.close()
    saves = []
    monkeypatch.setattr(StoredBoards, "save", lambda self: saves.append(1) or True)
    second = _window(qtbot, settings)
    assert second.page("sudoku").board == sudoku.decode(SEED)
    QApplication.processEvents()
    assert not second.boards._save_timer.isActive()  # no save is on its way
    assert saves == []
    board = sudoku.decode(SEED)
    empty = board.cells.index(0)
    assert second.page("sudoku").set_board(board.with_digit(empty // 9, empty % 9, 5))
    qtbot.waitUntil(lambda: saves == [1], timeout=2000)  # an edit is saved a moment later


@pytest.mark.slow
def test_saving_that_works_again_is_said_and_a_later_failure_told_again(qtbot, tmp_path):
    """A QSettings keeps the first error it met: saves that reached the disk again were
    still reported as failing for the rest of the run."""
    folder = tmp_path / "settings"
    folder.write_text("")  # a file where the folder goes: nothing can be written, even by root
    ini = folder / "slugboard.ini"
    settings = QSettings(str(ini), QSettings.Format.IniFormat)
    window = _window(qtbot, settings)
    page = window.page("sudoku")
    page.set_board(page.board.with_digit(0, 0, 5), "Edit")
    assert not window.save_boards()
    assert window.statusBar().currentMessage().startswith("Boards are not being saved")
    boxes = [b for b in window.findChildren(QMessageBox) if b.objectName() == "cannotSaveBox"]
    assert len(boxes) == 1
    boxes[0].close()

    folder.unlink()
    folder.mkdir()  # writable again
    page.set_board(page.board.with_digit(0, 1, 6), "Edit")
    assert window.save_boards()
    assert window.statusBar().currentMessage() == f"Boards are being saved again to {ini}"
    assert '\\"grid\\": \\"56.' in ini.read_text()  # both edits, the one made while saves failed too
    page.set_board(page.board.with_digit(0, 2, 7), "Edit")
    assert window.save_boards()
    assert "not being saved" not in window.statusBar().currentMessage()

    ini.unlink()
    folder.rmdir()
    folder.write_text("")  # and unwritable once more: told again, with the way out
    page.set_board(page.board.with_digit(0, 3, 8), "Edit")
    assert not window.save_boards()
    assert window.statusBar().currentMessage().startswith("Boards are not being saved")
    shown = [b for b in window.findChildren(QMessageBox) if b.objectName() == "cannotSaveBox" and b.isVisible()]
    assert len(shown) == 1 and shown[0] is not boxes[0]  # a new box: the old one went when saving worked again


def test_a_store_write_reports_each_write_on_its_own(qapp, tmp_path):
    from slugboard.gui.store import Store

    folder = tmp_path / "settings"
    folder.write_text("")
    store = Store(QSettings(str(folder / "slugboard.ini"), QSettings.Format.IniFormat))
    assert not store.write({"boards/sudoku": "a"})
    assert not store.sync()  # nothing written yet: still not saved
    folder.unlink()
    folder.mkdir()
    assert store.sync()  # what was waiting is written now
    assert store.write({"boards/sudoku": "b"})
    assert QSettings(str(folder / "slugboard.ini"), QSettings.Format.IniFormat).value("boards/sudoku") == "b"


BAD_SUDOKU = '{"game": "sudoku", "grid": "12345 an old board"}'


def _copies_cannot_be_written(settings: QSettings) -> None:
    # A folder where the copies go: no copy can be written there, even by root.
    os.mkdir(settings.fileName() + ".unrestored.json")


@pytest.mark.slow
def test_a_value_that_cannot_be_copied_aside_stays_in_the_settings(qtbot, settings, tmp_path):
    settings.setValue("boards/sudoku", BAD_SUDOKU)
    settings.setValue("window/tab", "xiangqi")
    settings.sync()
    _copies_cannot_be_written(settings)
    ini = settings.fileName()
    window = _window(qtbot, settings)
    assert window.statusBar().currentMessage() == (
        f"Not restored: the last Sudoku board (still in {ini}: no copy could be written to {ini}.unrestored.json)"
    )
    assert "it is still in" in window.statusBar().toolTip()
    xiangqi = window.page("xiangqi")
    xiangqi.set_turn(not xiangqi.board.red_to_move)  # an edit elsewhere: the settings are saved
    assert window.save_boards()
    window.close()
    assert "12345 an old board" in (tmp_path / "slugboard.ini").read_text()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]

    # the next start tries again, and says so again
    second = _window(qtbot, QSettings(ini, QSettings.Format.IniFormat))
    assert second.statusBar().currentMessage().startswith("Not restored: the last Sudoku board (still in")
    second.close()


@pytest.mark.slow
def test_a_value_left_in_the_settings_is_kept_when_the_window_writes_over_it(qtbot, settings, tmp_path):
    settings.setValue("boards/sudoku", BAD_SUDOKU)
    settings.sync()
    _copies_cannot_be_written(settings)
    window = _window(qtbot, settings)
    page = window.page("sudoku")
    page.set_board(page.board.with_digit(0, 0, 5), "Edit")
    assert window.save_boards()
    window.close()
    on_disk = QSettings(str(tmp_path / "slugboard.ini"), QSettings.Format.IniFormat)
    assert json.loads(on_disk.value("boards/sudoku"))["grid"].startswith("5.")
    assert on_disk.value("unrestored/boards/sudoku") == BAD_SUDOKU
    assert "12345 an old board" in (tmp_path / "slugboard.ini").read_text()
    # the kept value is not read as a board, and the settings are still the window's
    third = _window(qtbot, QSettings(str(tmp_path / "slugboard.ini"), QSettings.Format.IniFormat))
    assert not third.statusBar().currentMessage().startswith("Not restored")
    assert third.page("sudoku").board.grid.startswith("5.")


GARBAGE = b'\x00\xff[boards]\nsudoku="{\\"game\n' + bytes(range(256)) * 4


def _no_copy_can_be_made(path) -> list:
    # A folder at the copy's name for every second of the next two minutes: no copy can be
    # written there, even by root.
    import datetime as dt

    now = dt.datetime.now()
    folders = []
    for second in range(-2, 120):
        folder = path.parent / f"{path.name}.unreadable-{now + dt.timedelta(seconds=second):%Y%m%d-%H%M%S}"
        folder.mkdir(exist_ok=True)
        folders.append(folder)
    return folders


@pytest.mark.slow
def test_an_unreadable_settings_file_that_cannot_be_copied_is_left_as_it_is(qtbot, tmp_path):
    """The file used to be emptied as the window opened, though no copy of it was kept."""
    path = tmp_path / "slugboard.ini"
    path.write_bytes(GARBAGE)
    folders = _no_copy_can_be_made(path)
    window = _window(qtbot, QSettings(str(path), QSettings.Format.IniFormat))
    message = window.statusBar().currentMessage()
    assert message.startswith("Not restored: the saved settings (") and f"{path} is left as it is" in message
    qtbot.waitUntil(lambda: any(b.objectName() == "cannotSaveBox" for b in window.findChildren(QMessageBox)))
    box = next(b for b in window.findChildren(QMessageBox) if b.objectName() == "cannotSaveBox")
    assert box.isVisible() and "left as it is" in box.text() and str(path) in box.text()
    assert any(b.text() == "Save board as…" for b in box.buttons())
    box.close()

    # the person goes on: edits, another game, the theme; the file is never written
    page = window.page("sudoku")
    page.set_board(page.board.with_digit(0, 0, 5), "Edit")
    window.tabs.setCurrentIndex(list(window.pages).index("xiangqi"))
    window.theme_actions["dark"].trigger()
    qtbot.waitUntil(lambda: not window.boards._save_timer.isActive())  # the save after those edits came
    assert window.statusBar().currentMessage().startswith("Boards are not being saved")
    assert path.read_bytes() == GARBAGE
    assert not window.save_boards()
    assert len([b for b in window.findChildren(QMessageBox) if b.objectName() == "cannotSaveBox"]) == 1  # told once
    assert window.page("sudoku").board.grid.startswith("5")  # the run goes on with its own boards
    window.close()
    QApplication.processEvents()
    assert path.read_bytes() == GARBAGE
    assert sorted(tmp_path.iterdir()) == sorted([path, *folders])


def test_an_unreadable_settings_file_is_kept_whole_when_the_disk_is_full(qapp, tmp_path, monkeypatch):
    import errno
    import shutil

    from slugboard.gui.store import Store

    def half_then_full(source, out, *args, **kwargs):
        out.write(source.read(100))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    path = tmp_path / "slugboard.ini"
    path.write_bytes(GARBAGE)
    monkeypatch.setattr(shutil, "copyfileobj", half_then_full)
    store = Store(QSettings(str(path), QSettings.Format.IniFormat))
    assert not store.write({"boards/sudoku": "a", "window/tab": "sudoku"})
    assert not store.sync()
    assert store.value("boards/sudoku") == "a"  # this run's values are kept for this run
    assert os.strerror(errno.ENOSPC) in "\n".join(store.reasons)
    assert store.take_not_restored().startswith("Not restored: the saved settings (")
    del store
    assert path.read_bytes() == GARBAGE
    assert list(tmp_path.iterdir()) == [path]  # and no half copy is left


@pytest.mark.slow
def test_the_warning_closes_when_saving_works_again(qtbot, tmp_path):
    """The box saying boards were not being saved stayed open after saving recovered."""
    folder = tmp_path / "settings"
    folder.write_text("")  # a file where the folder goes: nothing can be written, even by root
    ini = folder / "slugboard.ini"
    window = _window(qtbot, QSettings(str(ini), QSettings.Format.IniFormat))
    page = window.page("sudoku")
    page.set_board(page.board.with_digit(0, 0, 5), "Edit")
    qtbot.waitUntil(lambda: any(b.objectName() == "cannotSaveBox" for b in window.findChildren(QMessageBox)))
    box = next(b for b in window.findChildren(QMessageBox) if b.objectName() == "cannotSaveBox")
    assert box.isVisible()  # the person leaves it open

    folder.unlink()
    folder.mkdir()  # writable again
    page.set_board(page.board.with_digit(0, 1, 6), "Edit")
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == f"Boards are being saved again to {ini}")
    assert not [b for b in window.findChildren(QMessageBox) if b.objectName() == "cannotSaveBox" and b.isVisible()]

    ini.unlink()
    folder.rmdir()
    folder.write_text("")  # unwritable once more: the warning is back
    page.set_board(page.board.with_digit(0, 2, 7), "Edit")
    qtbot.waitUntil(
        lambda: any(b.objectName() == "cannotSaveBox" and b.isVisible() for b in window.findChildren(QMessageBox))
    )
    window.close()


@pytest.mark.slow
def test_a_start_leaves_the_settings_file_untouched(qtbot, tmp_path):
    """Showing the game and the minesweeper mode kept from the last run sets nothing that
    changed: any value set has the whole settings file written again, which takes tens of
    milliseconds once it holds a large board."""
    from slugboard.gui.main_window import MainWindow

    path = str(tmp_path / "s.ini")
    first = MainWindow(QSettings(path, QSettings.Format.IniFormat))
    qtbot.addWidget(first)
    first.tabs.setCurrentWidget(first.page("minesweeper"))
    first.page("minesweeper").set_mode("play")
    first.close()
    os.utime(path, (1_000_000_000, 1_000_000_000))  # any write from now on shows
    second = _window(qtbot, QSettings(path, QSettings.Format.IniFormat))
    assert second.current_page() is second.page("minesweeper") and second.page("minesweeper").mode == "play"
    second.settings.sync()
    assert os.stat(path).st_mtime == 1_000_000_000
    second.tabs.setCurrentWidget(second.page("sudoku"))  # a change is written
    second.settings.sync()
    assert os.stat(path).st_mtime != 1_000_000_000


# --- the set-aside file: never written over, never losing an entry ------------------------


def test_an_unreadable_set_aside_file_is_moved_aside_not_written_over(settings):
    from slugboard.gui.store import Store

    path = settings.fileName() + ".unrestored.json"
    damaged = b'[{"key": "boards/sudoku", "value": "an entry of an earlier run"'  # cut short
    with open(path, "wb") as f:
        f.write(damaged)
    store = Store(settings)
    store.set_aside("boards/letters", "xyz", "the last Letters board", "it is not board text")
    assert [e["key"] for e in _set_aside(settings)] == ["boards/letters"]
    folder = os.path.dirname(path)
    moved = [n for n in os.listdir(folder) if n.startswith(os.path.basename(path) + ".unreadable-")]
    assert len(moved) == 1
    with open(os.path.join(folder, moved[0]), "rb") as f:
        assert f.read() == damaged  # the earlier run's entry, as it was
    assert any(os.path.join(folder, moved[0]) in reason for reason in store.reasons)
    left = set(os.listdir(folder)) - {os.path.basename(settings.fileName())}
    assert left == {os.path.basename(path), moved[0]}  # no lock or temporary file left


def test_a_set_aside_file_of_one_entry_keeps_it(settings):
    from slugboard.gui.store import Store

    path = settings.fileName() + ".unrestored.json"
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"key": "window/tab", "value": "chess"}, f)
    Store(settings).set_aside("recent", 5, "the list of recent slugs", "it is not a list of texts")
    assert [e["key"] for e in _set_aside(settings)] == ["window/tab", "recent"]


WRITER = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QSettings
    from slugboard.gui.store import Store

    path, who, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    store = Store(QSettings(path, QSettings.Format.IniFormat))
    sys.stdin.readline()  # both start together
    for n in range(count):
        store.set_aside(f"{who}/{n}", n, "a value", "a test")
    print(len(store.left_in_settings))
    """
)


@pytest.mark.slow
def test_two_slugboards_setting_aside_at_once_keep_every_entry(tmp_path):
    ini = str(tmp_path / "slugboard.ini")
    count = 80
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, ini, who, str(count)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for who in ("a", "b")
    ]
    for writer in writers:
        writer.stdin.write("go\n")
        writer.stdin.flush()
    for writer in writers:
        out, _ = writer.communicate(timeout=120)
        assert writer.returncode == 0 and out.strip() == "0"  # every copy was written
    with open(ini + ".unrestored.json", encoding="utf-8") as f:
        keys = [e["key"] for e in json.load(f)]
    assert sorted(keys) == sorted(f"{who}/{n}" for who in ("a", "b") for n in range(count))
    assert sorted(os.listdir(tmp_path)) == ["slugboard.ini.unrestored.json"]  # no lock or temporary file left

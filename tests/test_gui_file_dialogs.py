"""File dialogs open in the folder of the last file chosen, kept between runs."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog

from slugboard.gui import file_dialogs

LETTERS = "https://letters.wiki/?_=IcWhQEZ5GxaLpcnc0A"


class _Person:
    """Stands in for a person at QFileDialog: notes the folder each dialog opened in and
    chooses the next path of `choices`."""

    def __init__(self, monkeypatch, choices):
        self.opened_in: list[str] = []
        self.choices = list(choices)
        for name in ("getSaveFileName", "getOpenFileName"):
            monkeypatch.setattr(QFileDialog, name, staticmethod(self._choose))

    def _choose(self, parent, caption, where, filters, *rest):
        self.opened_in.append(where)
        return (str(self.choices.pop(0)), filters.split(";;")[0]) if self.choices else ("", "")


def test_the_qr_code_is_saved_where_the_last_file_went_and_the_next_start_remembers(
    qtbot, monkeypatch, tmp_path, settings, open_window
):
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    person = _Person(monkeypatch, [first / "code.png", second / "code.svg", second / "again.png"])
    window = open_window()
    window.paste_text(LETTERS)
    dialog = window.share_dialog()
    qtbot.addWidget(dialog)
    dialog.save_dialog()
    assert (first / "code.png").exists()
    dialog.save_dialog()
    assert person.opened_in[1] == str(first / "board-qr.png")  # the folder of the file before
    assert (second / "code.svg").exists()
    settings.sync()
    window.close()
    # The next run, on the same settings file, starts where the last run left off.
    again = open_window()
    again.paste_text(LETTERS)
    dialog = again.share_dialog()
    qtbot.addWidget(dialog)
    dialog.save_dialog()
    assert person.opened_in[2] == str(second / "board-qr.png")


def test_a_folder_since_removed_or_a_stored_value_of_another_kind_is_not_offered(qapp, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    assert file_dialogs.last_folder(settings) == ""
    gone = tmp_path / "gone"
    gone.mkdir()
    file_dialogs.remember(settings, str(gone / "board.txt"))
    assert file_dialogs.last_folder(settings) == str(gone)
    gone.rmdir()
    assert file_dialogs.last_folder(settings) == ""
    settings.setValue(file_dialogs.LAST_FOLDER, 42)
    assert file_dialogs.last_folder(settings) == ""


def test_a_cancelled_dialog_changes_nothing(qapp, monkeypatch, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    file_dialogs.remember(settings, str(tmp_path / "x.txt"))
    person = _Person(monkeypatch, [])
    assert file_dialogs.open_file_name(None, "Open file", "Text files (*.txt)", settings) == ("", "")
    assert person.opened_in == [str(tmp_path)]
    assert file_dialogs.last_folder(settings) == str(tmp_path)


@pytest.mark.slow
def test_opened_files_are_in_open_recent_and_the_next_dialog_starts_in_their_folder(
    qtbot, monkeypatch, tmp_path, settings, open_window
):
    from replay_files import FILES

    replay = next(p for p in FILES if p.suffix == ".avf")
    text_file = tmp_path / "board.txt"
    text_file.write_text("R88XA33X035\n", encoding="utf-8")
    person = _Person(monkeypatch, [replay, text_file])
    window = open_window()
    with qtbot.waitSignal(window.file_done, timeout=20_000) as opened:
        window.open_file_dialog()
    assert opened.args == [True]
    window.open_file_dialog()
    assert person.opened_in == ["", str(replay.parent)]  # the first starts where Qt likes; the next, where the file was
    assert window.recent_files() == [str(text_file), str(replay.resolve())]
    # File > Open recent lists both, by name, newest first, above the pasted texts.
    window.recent_menu.aboutToShow.emit()
    shown = [a.text() for a in window.recent_menu.actions()]
    assert shown[0].startswith("board.txt") and shown[1].startswith(replay.name)
    assert "R88XA33X035" in shown[3:]  # the text file's slug, as pasted
    settings.sync()
    window.close()
    again = open_window()
    assert again.recent_files() == [str(text_file), str(replay.resolve())]
    again.recent_menu.aboutToShow.emit()
    chosen = next(a for a in again.recent_menu.actions() if a.text().startswith(replay.name))
    with qtbot.waitSignal(again.file_done, timeout=20_000) as opened:
        chosen.trigger()
    assert opened.args == [True]
    assert again.current_page().GAME == "minesweeper"

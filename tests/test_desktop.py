"""`slugboard --install-desktop`: the menu entry, the replay files' types and the icon in
the person's XDG data folder (here a test's own folder), and their removal."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from slugboard.codecs import all_games
from slugboard.gui import desktop

MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return data


def _entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # keys keep their case
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def _unquote_exec(line: str) -> list[str]:
    """The arguments of an Exec value, read back as a desktop reads them (the Desktop Entry
    Specification's rules: string escapes first, then quoting)."""
    value = line.replace("\\\\", "\\")
    arguments, current, quoted, escaped, started = [], [], False, False, False
    for c in value:
        if escaped:
            current.append(c)
            escaped = False
        elif quoted and c == "\\":
            escaped = True
        elif c == '"':
            quoted, started = not quoted, True
        elif c == " " and not quoted:
            if current or started:
                arguments.append("".join(current))
            current, started = [], False
        else:
            current.append(c)
    if current or started:
        arguments.append("".join(current))
    return [a.replace("%%", "%") for a in arguments]


def test_the_data_folder_is_xdg_data_home_or_the_default():
    assert desktop.data_home({"XDG_DATA_HOME": "/srv/data", "HOME": "/home/a"}) == Path("/srv/data")
    # A relative XDG_DATA_HOME is ignored, as the Base Directory Specification says.
    assert desktop.data_home({"XDG_DATA_HOME": "data", "HOME": "/home/a"}) == Path("/home/a/.local/share")
    assert desktop.data_home({"HOME": "/home/a"}) == Path("/home/a/.local/share")


def test_install_writes_the_entry_the_types_and_the_icons(qapp, home):
    command = ["/opt/my apps/bin/slugboard"]
    written = desktop.install(command=command)
    assert all(path.is_relative_to(home) for path in written)
    entry = _entry(home / "applications" / "slugboard.desktop")
    assert entry["Type"] == "Application" and entry["Name"] == "Slugboard" and entry["Icon"] == "slugboard"
    assert _unquote_exec(entry["Exec"]) == [*command, "%f"]
    # Every file type a game declares (minesweeper's replays, xiangqi's game records), and none else.
    declared = {
        f"application/x-{game.name}-{extension[1:]}": f"*{extension}"
        for game in all_games().values()
        for kind in game.file_types
        for extension in kind.extensions
    }
    assert {"application/x-minesweeper-rmv", "application/x-xiangqi-xqf"} <= set(declared)
    assert set(entry["MimeType"].rstrip(";").split(";")) == set(declared)
    mime = ET.parse(home / "mime" / "packages" / "slugboard.xml").getroot()
    globs = {t.get("type"): t.find(f"{MIME_NS}glob").get("pattern") for t in mime.iter(f"{MIME_NS}mime-type")}
    assert globs == declared
    for size in desktop.ICON_SIZES:
        image = QImage(str(home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "slugboard.png"))
        assert (image.width(), image.height()) == (size, size)
    svg = (home / "icons" / "hicolor" / "scalable" / "apps" / "slugboard.svg").read_text(encoding="utf-8")
    assert "<svg" in svg and "<image" not in svg


@pytest.mark.skipif(shutil.which("update-mime-database") is None, reason="needs update-mime-database")
def test_the_desktop_reads_the_replay_types(qapp, home):
    """shared-mime-info's own tool reads the types: a .rmv file is a Vienna Minesweeper replay."""
    desktop.install(command=["slugboard"])
    globs = (home / "mime" / "globs2").read_text(encoding="utf-8")
    for suffix in ("avf", "rmv", "evf", "mvf"):
        assert f":application/x-minesweeper-{suffix}:*.{suffix}" in globs
    assert ":application/x-xiangqi-xqf:*.xqf" in globs


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="needs desktop-file-validate")
def test_the_entry_is_valid(qapp, home):
    desktop.install(command=["/usr/bin/slugboard"])
    result = subprocess.run(
        ["desktop-file-validate", str(home / "applications" / "slugboard.desktop")], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    "argument",
    ["/usr/bin/slugboard", "/home/a b/bin/slugboard", 'C:\\odd "name"$`', "/opt/100%/slugboard", "/tmp/a;b&c"],
)
def test_an_exec_argument_reads_back_as_itself(argument):
    assert _unquote_exec(desktop.exec_argument(argument)) == [argument]


def test_uninstall_removes_what_install_wrote_and_nothing_else(qapp, home):
    mine = home / "applications" / "other.desktop"
    mine.parent.mkdir(parents=True)
    mine.write_text("[Desktop Entry]\nType=Application\nName=Other\nExec=other\n", encoding="utf-8")
    written = desktop.install(command=["slugboard"])
    assert set(desktop.uninstall()) == set(written)
    assert not any(path.exists() for path in written)
    assert mine.exists()
    assert desktop.uninstall() == []  # twice: nothing left to remove


def test_run_says_what_it_did(qapp, home, capsys):
    assert desktop.run(uninstalling=False) == 0
    assert str(home) in capsys.readouterr().out
    assert (home / "applications" / "slugboard.desktop").exists()
    assert desktop.run(uninstalling=True) == 0
    assert "Removed" in capsys.readouterr().out
    assert not (home / "applications" / "slugboard.desktop").exists()


def test_a_folder_that_cannot_be_written_is_an_error_in_words(qapp, tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    assert desktop.run(uninstalling=False) == 2
    assert "could not write" in capsys.readouterr().err


def test_the_window_icon_holds_every_size(qapp):
    icon = desktop.app_icon()
    assert not icon.isNull()
    assert {size.width() for size in icon.availableSizes()} == set(desktop.ICON_SIZES)


def test_the_entry_starts_the_program_that_installed_it(tmp_path, monkeypatch):
    program = tmp_path / "bin" / "slugboard"
    program.parent.mkdir()
    program.write_text("#!/bin/sh\n", encoding="utf-8")
    monkeypatch.setattr("sys.argv", [str(program), "--install-desktop"])
    assert desktop.launcher() == [str(program.resolve())]
    # Started otherwise (python -m, a test): this Python runs the package.
    monkeypatch.setattr("sys.argv", ["-c"])
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    import sys

    assert desktop.launcher() == [sys.executable, "-m", "slugboard.gui"]


def test_slugboard_installs_and_uninstalls_from_the_command_line(home, capsys):
    from slugboard.gui.app import main

    assert main(["--install-desktop"]) == 0
    entry = _entry(home / "applications" / "slugboard.desktop")
    assert "slugboard" in entry["Exec"] and entry["Exec"].endswith(" %f")
    assert main(["--uninstall-desktop"]) == 0
    assert not (home / "applications" / "slugboard.desktop").exists()
    with pytest.raises(SystemExit) as stop:
        main(["--install-desktop", "--uninstall-desktop"])
    assert stop.value.code == 2
    assert "not allowed with" in capsys.readouterr().err


def test_install_leaves_a_symlink_planted_at_a_temporary_name_alone(qapp, home, tmp_path):
    """Each file was once written through `NAME.part` beside it, a name a symlink could be
    planted at to have another file written over."""
    victim = tmp_path / "victim.txt"
    victim.write_text("kept")
    folder = home / "applications"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "slugboard.desktop.part").symlink_to(victim)
    desktop.install(command=["/usr/bin/slugboard"])
    assert victim.read_text() == "kept"
    left = {p.name for p in folder.iterdir()} - {"mimeinfo.cache"}  # the desktop's own index, where it runs
    assert left == {"slugboard.desktop", "slugboard.desktop.part"}  # no temporary file left over
    assert _entry(folder / "slugboard.desktop")["Name"] == "Slugboard"
    assert (folder / "slugboard.desktop").stat().st_mode & 0o777 == 0o644

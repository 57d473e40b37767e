"""Slugboard as a desktop application: its icon, a menu entry, and the files the games
open (each game's FILE_TYPES: minesweeper's replays, xiangqi's game records) opening in it
with a double-click.

`slugboard --install-desktop` writes, into the person's own XDG data folder
($XDG_DATA_HOME, else ~/.local/share), what the freedesktop.org specifications read:

* applications/slugboard.desktop: the menu entry (Desktop Entry Specification 1.4), which
  starts this very installation of Slugboard with the file opened;
* mime/packages/slugboard.xml: those files' types and name patterns
  (shared-mime-info), so a file manager knows them and offers Slugboard for them;
* icons/hicolor/<N>x<N>/apps/slugboard.png and icons/hicolor/scalable/apps/slugboard.svg:
  the icon (Icon Theme Specification).

Then it asks the desktop's own tools, where they are installed, to read them
(update-mime-database, update-desktop-database). Nothing outside
that folder is touched, and no administrator's rights are needed. `--uninstall-desktop`
removes those files again (and only those).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from slugboard.codecs.newfile import write_atomically

APP_ID = "slugboard"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)

# The weight of the name patterns: under shared-mime-info's usual 50, so that a type the
# system already knows for an extension (a chess .pgn) stays that type.
GLOB_WEIGHT = 40


def file_types() -> tuple[tuple[str, str, str], ...]:
    """The types of the files the registered games open (their FILE_TYPES), one for each
    name pattern: its name, what it is, the extension. No registry names them, so they take
    x- names of their own."""
    from slugboard.codecs import all_games

    return tuple(
        (f"application/x-{game.name}-{extension.lstrip('.')}", f"{kind.description} ({extension})", extension)
        for game in all_games().values()
        for kind in game.file_types
        for extension in kind.extensions
    )


# Characters the Desktop Entry Specification reserves in an argument of Exec: an argument
# holding any of them is quoted.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
# Tools that rebuild the desktop's caches: each with the folder it reads and its options.
# (No icon cache is made: one in the person's own icon folder would hide the icons other
# programs put there later without making it again.)
_CACHE_TOOLS = (
    ("update-mime-database", "mime", ()),
    ("update-desktop-database", "applications", ("--quiet",)),
)


class DesktopError(Exception):
    """The desktop files could not be written or removed (the message says which and why)."""


def data_home(environ: Mapping[str, str] | None = None) -> Path:
    """The person's XDG data folder: $XDG_DATA_HOME when it is an absolute path (the
    specification says to ignore a relative one), else ~/.local/share."""
    environ = os.environ if environ is None else environ
    chosen = environ.get("XDG_DATA_HOME", "")
    if chosen and os.path.isabs(chosen):
        return Path(chosen)
    home = environ.get("HOME") or os.path.expanduser("~")
    return Path(home) / ".local" / "share"


def launcher() -> list[str]:
    """The command that starts this installation of Slugboard: its `slugboard` program when
    this process was started by it, else this Python running the package."""
    program = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if program is not None and program.name == "slugboard" and program.is_file():
        return [str(program.resolve())]
    found = shutil.which("slugboard")
    if found and Path(found).resolve().parent == Path(sys.executable).resolve().parent:
        return [found]
    return [sys.executable, "-m", "slugboard.gui"]


def exec_argument(argument: str) -> str:
    """One argument of a desktop entry's Exec key, quoted and escaped as the Desktop Entry
    Specification asks (and then escaped once more as any string value is)."""
    argument = argument.replace("%", "%%")
    if any(c in _RESERVED for c in argument):
        inner = "".join("\\" + c if c in '"`$\\' else c for c in argument)
        argument = f'"{inner}"'
    return argument.replace("\\", "\\\\")


def desktop_entry(command: list[str]) -> str:
    """The menu entry: it opens the file it is given (%f), a game's file or a slug's text file."""
    from slugboard.codecs import names

    mime_types = "".join(f"{name};" for name, _comment, _suffix in file_types())
    keywords = "".join(f"{name};" for name in names())
    exec_line = " ".join(exec_argument(part) for part in command) + " %f"
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Version=1.4\n"
        "Name=Slugboard\n"
        "GenericName=Puzzle board editor\n"
        "Comment=Edit, replay and share puzzle boards that live in links\n"
        f"Exec={exec_line}\n"
        f"Icon={APP_ID}\n"
        "Terminal=false\n"
        "Categories=Game;LogicGame;\n"
        f"Keywords={keywords}replay;slug;\n"
        f"MimeType={mime_types}\n"
        "StartupNotify=true\n"
        "StartupWMClass=Slugboard\n"
    )


def mime_info() -> str:
    """The games' file types for shared-mime-info, each with its name pattern."""
    from xml.sax.saxutils import escape

    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        '<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">\n',
    ]
    for name, comment, suffix in file_types():
        parts += [
            f'  <mime-type type="{escape(name)}">\n',
            f"    <comment>{escape(comment)}</comment>\n",
            f'    <glob pattern="*{escape(suffix)}" weight="{GLOB_WEIGHT}"/>\n',
            f'    <icon name="{APP_ID}"/>\n',
            "  </mime-type>\n",
        ]
    parts.append("</mime-info>\n")
    return "".join(parts)


def files(home: Path) -> dict[Path, str]:
    """What the installation writes under the data folder `home`: each path with the name of
    the resource it copies, or "" for the two files made here."""
    shipped = {home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg": f"{APP_ID}.svg"}
    for size in ICON_SIZES:
        shipped[home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"] = f"{APP_ID}-{size}.png"
    return {
        home / "applications" / f"{APP_ID}.desktop": "",
        home / "mime" / "packages" / f"{APP_ID}.xml": "",
        **shipped,
    }


def install(home: Path | None = None, command: list[str] | None = None) -> list[Path]:
    """Write the menu entry, the replay files' types and the icons under `home` (the XDG data
    folder); the paths written. DesktopError when a file cannot be written."""
    from slugboard import resources

    home = home if home is not None else data_home()
    made = {
        "applications": desktop_entry(command if command is not None else launcher()),
        "mime": mime_info(),
    }
    written = []
    for path, resource in files(home).items():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if resource:
                data = resources.read_bytes(resource)
            else:
                data = made[path.relative_to(home).parts[0]].encode("utf-8")
            write_atomically(str(path), data, mode=0o644)  # as any file the desktop reads
        except OSError as exc:
            raise DesktopError(f"could not write {path} ({exc.strerror or exc})") from None
        written.append(path)
    refresh(home)
    return written


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove what `install` wrote under `home`; the paths removed (those that were there)."""
    home = home if home is not None else data_home()
    removed = []
    for path in files(home):
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise DesktopError(f"could not remove {path} ({exc.strerror or exc})") from None
        removed.append(path)
    refresh(home)
    return removed


def refresh(home: Path) -> list[str]:
    """Have the desktop's tools read the data folder again, those that are installed (a
    desktop without them reads the files at its next start); the tools run."""
    ran = []
    for tool, folder, options in _CACHE_TOOLS:
        program = shutil.which(tool)
        where = home / folder
        if program is None or not where.is_dir():
            continue
        try:
            subprocess.run([program, *options, str(where)], check=False, timeout=60, capture_output=True)
        except (OSError, subprocess.SubprocessError):
            continue
        ran.append(tool)
    return ran


def app_icon():
    """The application's icon (QIcon) at every size shipped, for the window and dialogs."""
    from PySide6.QtGui import QIcon, QImage, QPixmap

    from slugboard import resources

    icon = QIcon()
    for size in ICON_SIZES:
        image = QImage.fromData(resources.read_bytes(f"{APP_ID}-{size}.png"))
        if not image.isNull():
            icon.addPixmap(QPixmap.fromImage(image))
    return icon


def run(uninstalling: bool, out=None) -> int:
    """`slugboard --install-desktop` / `--uninstall-desktop`: do it and say what was done."""
    out = out if out is not None else sys.stdout
    home = data_home()
    try:
        paths = uninstall(home) if uninstalling else install(home)
    except DesktopError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if uninstalling:
        if paths:
            print(f"Removed Slugboard's menu entry, file types and icon from {home}", file=out)
        else:
            print(f"Slugboard's menu entry was not installed in {home}: nothing to remove", file=out)
    else:
        extensions = " ".join(suffix for _name, _comment, suffix in file_types())
        print(
            f"Installed Slugboard's menu entry, its icon and the file types ({extensions}) in {home}",
            file=out,
        )
    return 0

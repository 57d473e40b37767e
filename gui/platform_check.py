"""Before the window opens on X11: the system libraries Qt's xcb platform plugin needs.

Qt's own message when one is missing names only libxcb-cursor (even when that one is
installed and another is not), then aborts. This finds the libraries that are really
missing, with `ldd` on the plugin, and names the Debian/Ubuntu packages that hold them.
"""

from __future__ import annotations

import os
import re

# Loaded by the plugin at run time, so ldd does not list it.
RUNTIME_LIBRARIES = (("xcb-cursor", "libxcb-cursor.so.0"),)


def debian_package(soname: str) -> str:
    """The Debian package of a library by Debian's naming rule: libxcb-icccm.so.4 is in
    libxcb-icccm4, libxkbcommon-x11.so.0 in libxkbcommon-x11-0."""
    match = re.fullmatch(r"(lib.+)\.so\.(\d+)(?:\..*)?", soname)
    if not match:
        return soname
    name, major = match.groups()
    return f"{name}{'-' if name[-1].isdigit() else ''}{major}"


def missing_from_ldd(output: str) -> list[str]:
    """The sonames `ldd` reported as not found."""
    return sorted({line.split("=>")[0].strip() for line in output.splitlines() if "not found" in line})


def xcb_plugin_files() -> list[str]:
    import PySide6

    qt = os.path.join(os.path.dirname(PySide6.__file__), "Qt")
    candidates = [
        os.path.join(qt, "plugins", "platforms", "libqxcb.so"),
        os.path.join(qt, "lib", "libQt6XcbQpa.so.6"),
    ]
    return [path for path in candidates if os.path.exists(path)]


def missing_xcb_libraries() -> list[str]:
    """The libraries the xcb plugin needs that this system lacks (empty when ldd is not
    there to ask: the check then leaves it to Qt)."""
    # Loaded only when the check runs (once per PySide6, see below): ctypes.util alone
    # took several milliseconds of every start.
    import ctypes.util
    import shutil
    import subprocess

    ldd = shutil.which("ldd")
    if ldd is None:
        return []
    missing: set[str] = set()
    for path in xcb_plugin_files():
        try:
            run = subprocess.run([ldd, path], capture_output=True, text=True, timeout=10)
        except (OSError, subprocess.SubprocessError):
            return []
        missing.update(missing_from_ldd(run.stdout))
    for name, soname in RUNTIME_LIBRARIES:
        if ctypes.util.find_library(name) is None:
            missing.add(soname)
    return sorted(missing)


def _stamp_path() -> str:
    from slugboard.codecs.files import cache_folder

    return os.path.join(cache_folder(), "xcb-libraries-found")


def _plugin_key() -> str:
    """What the last check looked at: the plugin files with their sizes and times (a new
    PySide6 is checked again)."""
    parts = []
    for path in xcb_plugin_files():
        info = os.stat(path)
        parts.append(f"{path} {info.st_size} {info.st_mtime_ns}")
    return "\n".join(parts)


def missing_xcb_libraries_once(stamp: str | None = None) -> list[str]:
    """`missing_xcb_libraries`, asked once per PySide6: when everything was found, a stamp
    in the user's cache says so and later starts skip the check (running ldd would be a
    large part of every start)."""
    stamp = stamp or _stamp_path()
    key = _plugin_key()
    from slugboard.codecs.files import read_cache, write_cache

    # A FIFO or a folder planted at the stamp is no stamp: never waited on, written past.
    if read_cache(stamp, len(key.encode("utf-8"))) == key.encode("utf-8"):
        return []
    missing = missing_xcb_libraries()
    if not missing:
        write_cache(stamp, key.encode("utf-8"))  # when it cannot be, the check runs again next time
    return missing


def uses_xcb() -> bool:
    """Whether Qt will pick its xcb (X11) plugin: on Linux, with a display and no other
    platform named."""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform:
        return platform.split(":")[0] == "xcb"
    return bool(os.environ.get("DISPLAY")) and not os.environ.get("WAYLAND_DISPLAY")


def advice(missing: list[str]) -> str:
    packages = " ".join(dict.fromkeys(debian_package(soname) for soname in missing))
    return (
        "error: the window needs system libraries this machine does not have: "
        + ", ".join(missing)
        + f"\n  on Debian or Ubuntu: sudo apt install {packages}"
        + "\n  (or draw a board without a window: slugboard --export board.png TEXT)"
    )

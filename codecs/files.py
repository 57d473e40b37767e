"""Every file reader's way in: a regular file, read to at most its limit plus one byte; and
the folder where Slugboard keeps what it can always make again (`cache_folder`).

A path can name what is not a file: `/dev/zero` (endless: reading it whole grows memory
until the process dies), a FIFO (opening it waits for a writer for ever), a folder, or a
symlink to any of them named `game.avf`. The file is opened without waiting (a FIFO opens
at once that way), looked at with `fstat` (what the open file is, after every symlink, not
what the name was a moment before), refused unless it is a regular file, and read only
so far as to show it is over the limit: a reader never holds more than it can use.
"""

from __future__ import annotations

import os
import stat
import sys

from .errors import FormatError

_CHUNK = 1 << 20


def read_bytes_limited(path: str, limit: int, game: str = "slugboard") -> bytes:
    """The bytes of the regular file `path`: all of them, or `limit + 1` when it holds more
    (so that the caller can say it is too large). Raises FormatError of `game` for anything
    that is not a regular file, and for a file that cannot be read."""
    name = _shown_name(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise FormatError(game, f"cannot read {name} ({exc.strerror or exc})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise FormatError(game, f"cannot read {name}: it is {_kind(mode)}, not a file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        parts: list[bytes] = []
        left = limit + 1
        while left > 0:
            part = os.read(fd, min(left, _CHUNK))
            if not part:
                break
            parts.append(part)
            left -= len(part)
        return b"".join(parts)
    except OSError as exc:
        raise FormatError(game, f"cannot read {name} ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def read_text_limited(path: str, limit: int, game: str = "slugboard") -> str:
    """The text of the regular file `path` as UTF-8 (a byte that is not is read as U+FFFD):
    all of it, or its first `limit + 1` characters when it holds more."""
    data = read_bytes_limited(path, 4 * (limit + 1), game)  # a character is at most 4 bytes
    return data.decode("utf-8", errors="replace")[: limit + 1]


def read_cache(path: str, limit: int) -> bytes | None:
    """The bytes of the cache file `path`, or None when it cannot serve: missing, not a
    regular file (a FIFO, folder or device planted at its name: checked once open, and a
    FIFO opens without waiting), over `limit` bytes, or unreadable. A cache is made again
    when it cannot be read, so nothing here is an error."""
    try:
        data = read_bytes_limited(path, limit)
    except FormatError:
        return None
    return data if len(data) <= limit else None


def write_cache(path: str, data: bytes) -> bool:
    """Write the cache file `path` whole (through a new file beside it, never one already
    there or a link: `newfile`), making its folder first; False when it cannot be written
    (a read-only folder, a full disk, a folder planted at its name), which leaves no
    temporary file behind and the cache to be made again next time."""
    from .newfile import write_atomically

    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        write_atomically(path, data)
    except OSError:
        return False
    return True


def cache_folder() -> str:
    """Slugboard's folder in the user's cache folder (the platform's: XDG_CACHE_HOME or
    ~/.cache, ~/Library/Caches, %LOCALAPPDATA%), for what can be made again when it is gone:
    the compiled pentomino search, the letters move finder's trie, the start's module list,
    the note that the window's system libraries were found.
    Not made here: a writer makes it when it first writes."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.join(os.path.expanduser("~"), "AppData", "Local")
    elif sys.platform == "darwin":
        base = os.path.join(os.path.expanduser("~"), "Library", "Caches")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "slugboard")


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _shown_name(path: str, most: int = 60) -> str:
    """The file's name as a message shows it: its last part, cut to about `most` characters."""
    name = os.path.basename(os.fspath(path).rstrip("/\\")) or os.fspath(path)
    return name if len(name) <= most else name[: most - 1] + "…"

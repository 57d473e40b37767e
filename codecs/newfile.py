"""Files written whole or not at all: the text goes into a new file beside the target, made
by `mkstemp` (a name no one can know beforehand, never a file or symlink already there), and
takes the target's name in one step once complete. The file gets the permissions a new file
would have (mkstemp makes it private) or the mode asked for."""

from __future__ import annotations

import os
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager


def temporary_beside(path: str, mode: int | None = None) -> tuple[int, str]:
    """A new file in `path`'s folder, open as the returned descriptor, for what will become
    `path`: the caller writes it, then `os.replace`s it onto `path` (or removes it)."""
    folder, name = os.path.split(os.path.abspath(path))
    fd, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".part", dir=folder)
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode if mode is not None else 0o666 & ~_umask())
    return fd, temporary


def write_atomically(path: str, data: bytes, mode: int | None = None) -> None:
    """Write `data` to `path` whole or not at all."""
    fd, temporary = temporary_beside(path, mode)
    with removed_on_failure(temporary):
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(temporary, path)


def written_beside(path: str, write: Callable[[str], bool], mode: int | None = None) -> bool:
    """Have `write(name)` write what becomes `path` into the new file `name` beside it
    (for a writer that opens a file by its name: Qt's PDF, SVG and image writers), and put
    it in place once `write` says it is complete: True then. A `write` that fails, returns
    False, writes nothing, or is stopped (Ctrl+C, SIGTERM turned into SystemExit) leaves
    `path` as it was and no file behind. `name` ends in `path`'s own suffix, which such a
    writer reads the kind of file from."""
    folder, name = os.path.split(os.path.abspath(path))
    stem, suffix = os.path.splitext(name)
    fd, temporary = tempfile.mkstemp(prefix=f".{stem}.", suffix=f".part{suffix}", dir=folder)
    with removed_on_failure(temporary):
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode if mode is not None else 0o666 & ~_umask())
        os.close(fd)
        if not write(temporary) or os.path.getsize(temporary) == 0:
            remove_quietly(temporary)
            return False
        os.replace(temporary, path)
    return True


@contextmanager
def removed_on_failure(temporary: str) -> Iterator[None]:
    """Remove the unfinished file `temporary` when the block fails or is stopped, and let
    the error go on."""
    try:
        yield
    except BaseException:
        remove_quietly(temporary)
        raise


def remove_quietly(path: str) -> None:
    """Remove `path` if it is there."""
    try:
        os.remove(path)
    except OSError:
        pass


_umask_lock = threading.Lock()


def _umask() -> int:
    with _umask_lock:  # reading the mask sets it: no other thread may read it meanwhile
        mask = os.umask(0o022)
        os.umask(mask)
    return mask

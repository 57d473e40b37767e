"""Files written whole or not at all: the text goes into a new file beside the target, made
as `mkstemp` makes one (a random name no one can know beforehand, created with `O_EXCL`, so
never a file or symlink already there), and takes the target's name in one step once
complete. The file gets the permissions a new file would have or the mode asked for.

Every such file is listed from before it is created until it is complete, so that a
process stopped by a signal removes what it had not finished (`remove_unfinished`)."""

from __future__ import annotations

import os
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager


def temporary_beside(path: str, mode: int | None = None) -> tuple[int, str]:
    """A new file in `path`'s folder, open as the returned descriptor, for what will become
    `path`: the caller writes it, then `os.replace`s it onto `path` (or removes it)."""
    folder, name = os.path.split(os.path.abspath(path))
    fd, temporary = _new_file(folder, f".{name}.", ".part")
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode if mode is not None else 0o666 & ~_umask())
    return fd, temporary


_NEW_FILE_FLAGS = (
    os.O_RDWR
    | os.O_CREAT
    | os.O_EXCL  # a name already there, a symlink included, is never opened
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def _new_file(folder: str, prefix: str, suffix: str) -> tuple[int, str]:
    """A new private file in `folder` with a random name, as `mkstemp` makes one; but the
    name is listed before the file is made, so a signal between the two still finds it."""
    for _ in range(100):
        temporary = os.path.join(folder, f"{prefix}{secrets.token_urlsafe(6)}{suffix}")
        _unfinished.add(temporary)
        try:
            return os.open(temporary, _NEW_FILE_FLAGS, 0o600), temporary
        except FileExistsError:
            _unfinished.discard(temporary)
        except BaseException:
            _unfinished.discard(temporary)
            raise
    raise FileExistsError(f"no free name for a new file in {folder}")


def write_atomically(path: str, data: bytes, mode: int | None = None) -> None:
    """Write `data` to `path` whole or not at all."""
    fd, temporary = temporary_beside(path, mode)
    with removed_on_failure(temporary):
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(temporary, path)
    _unfinished.discard(temporary)


def written_beside(path: str, write: Callable[[str], bool], mode: int | None = None) -> bool:
    """Have `write(name)` write what becomes `path` into the new file `name` beside it
    (for a writer that opens a file by its name: Qt's PDF, SVG and image writers), and put
    it in place once `write` says it is complete: True then. A `write` that fails, returns
    False, writes nothing, or is stopped (Ctrl+C, SIGTERM turned into SystemExit) leaves
    `path` as it was and no file behind. `name` ends in `path`'s own suffix, which such a
    writer reads the kind of file from."""
    folder, name = os.path.split(os.path.abspath(path))
    stem, suffix = os.path.splitext(name)
    fd, temporary = _new_file(folder, f".{stem}.", f".part{suffix}")
    with removed_on_failure(temporary):
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode if mode is not None else 0o666 & ~_umask())
        os.close(fd)
        if not write(temporary) or os.path.getsize(temporary) == 0:
            remove_quietly(temporary)
            return False
        os.replace(temporary, path)
    _unfinished.discard(temporary)
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
    _unfinished.discard(path)


# The new files made here and not yet put in place or removed, for a process stopped by a
# signal, which ends at once (unwinding a painting stopped halfway can crash Qt) and
# removes them first. A name already put in place by its writer may stay listed: removing
# it then finds nothing.
_unfinished: set[str] = set()


def remove_unfinished() -> None:
    """Remove every new file made here that is not yet complete (from a signal handler)."""
    for temporary in list(_unfinished):
        remove_quietly(temporary)


_umask_lock = threading.Lock()


def _umask() -> int:
    with _umask_lock:  # reading the mask sets it: no other thread may read it meanwhile
        mask = os.umask(0o022)
        os.umask(mask)
    return mask

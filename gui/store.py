"""Keeping the window's state between runs so that nothing stored can stop Slugboard
from starting, and nothing is lost without a word.

Every stored value is checked when it is read. A value that cannot be used (a board
that no longer reads, a tab stored as a list, a settings file that is not a settings
file at all) is set aside, not deleted: it goes into a file next to the settings file,
and the window says once what was not restored and where the copy is. When that copy
cannot be written, the value stays in the settings (and is tried again at the next
start); should the window write over it meanwhile, the old value moves to a key of its
own in the settings file first. A settings file that cannot be read is copied aside before
it is started afresh; when that copy cannot be written, the file is left as it is and never
written for the rest of the run (the window's settings live in a stand-in meanwhile, and
every save reports failure). When settings cannot be written, the window is told, so
it can say so and offer to save the board elsewhere; every write is checked anew, so the
window can also say when saving works again. Writes go through QSettings, which replaces
its file in one step (it writes a new file and renames it over the old), so a process
killed at any moment leaves either the old file or the new one.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QSettings

from slugboard import codecs
from slugboard.codecs import SlugError
from slugboard.codecs.errors import guarded

if TYPE_CHECKING:
    import tempfile

SET_ASIDE_SUFFIX = ".unrestored.json"
# Where a value that could not be restored, nor copied aside, goes when the window writes over it.
UNRESTORED_GROUP = "unrestored"
# The first part of every key the window writes (and each game's pages write under its name).
WINDOW_GROUPS = frozenset({"boards", "window", "recent", UNRESTORED_GROUP})


def known_groups() -> frozenset[str]:
    """The first part of every key Slugboard writes: the window's, and one per game."""
    return WINDOW_GROUPS | frozenset(codecs.titles())


class Store:
    """Checked reads and watched writes over a QSettings."""

    def __init__(self, settings: QSettings) -> None:
        self.settings = settings  # a stand-in when the file is left as it is (see _check_file)
        self.path = settings.fileName()  # the settings file, as the person knows it
        self.left_as_is = False  # the file could not be read nor copied, so it is never written
        self._stand_in_folder: tempfile.TemporaryDirectory[str] | None = None
        self.not_restored: list[str] = []  # what was set aside, in words for a player
        self.reasons: list[str] = []  # and why, for a tooltip
        self.kept_in = ""  # the file that holds the copies
        self.left_in_settings: list[str] = []  # what was not restored and could not be copied aside
        self._left: dict[str, Any] = {}  # their keys and values, kept from being written over
        self._check_file()

    # --- where copies go ---------------------------------------------------------
    @property
    def set_aside_path(self) -> str:
        return self.path + SET_ASIDE_SUFFIX

    def _check_file(self) -> None:
        """A settings file that is not Slugboard's (QSettings cannot parse it, or reads
        none of the window's keys in it) is copied aside before it is replaced; one that
        cannot be copied is left as it is."""
        path = self.path
        try:
            has_content = os.path.getsize(path) > 0
        except OSError:
            return
        ours = any(key.split("/", 1)[0] in known_groups() for key in self.settings.allKeys())
        if self.settings.status() != QSettings.Status.FormatError and (ours or not has_content):
            return
        import datetime as dt  # only for a file set aside, not at every start

        copy = f"{path}.unreadable-{dt.datetime.now():%Y%m%d-%H%M%S}"
        try:
            _copy_to_disk(path, copy)
        except OSError as exc:
            self._leave_as_is(exc)
            return
        self.settings.clear()
        self.not_restored.append("the saved settings")
        self.reasons.append("the saved settings: the file could not be read")
        self.kept_in = copy

    def _leave_as_is(self, exc: OSError) -> None:
        """Keep an unreadable settings file that could not be copied as it is: QSettings
        writes its file a moment after any change (and as it is destroyed), so this run's
        settings go to an empty stand-in in a temporary folder, and no write reaches the file."""
        self.left_as_is = True
        try:
            import tempfile

            self._stand_in_folder = tempfile.TemporaryDirectory(prefix="slugboard-", ignore_cleanup_errors=True)
            folder = self._stand_in_folder.name
        except OSError:
            folder = os.devnull  # a file under it can never be written: the values stay in memory
        self.settings = QSettings(os.path.join(folder, os.path.basename(self.path)), QSettings.Format.IniFormat)
        self.not_restored.append("the saved settings")
        self.reasons.append(
            f"the saved settings: the file could not be read, and no copy of it could be written next to it "
            f"({exc.strerror or exc}); it is left as it is, and nothing is saved to it until Slugboard starts again"
        )

    def set_aside(self, key: str, value: Any, what: str, why: str) -> None:
        """Move `key` out of the settings into the set-aside file, and remember to say so.
        When the copy cannot be written, `key` stays in the settings as it is."""
        import datetime as dt

        entry = {
            "key": key,
            "value": _plain(value),
            "why": why,
            "when": dt.datetime.now().isoformat(timespec="seconds"),
        }
        moved = ""
        try:
            moved = _add_entry(self.set_aside_path, entry)
        except OSError as exc:
            # No copy, so the value is not removed: the next start reads it (and says so) again.
            if not isinstance(value, _Unreadable):
                self._left[key] = value
            self.left_in_settings.append(what)
            self.not_restored.append(what)
            self.reasons.append(
                f"{what}: {why}; it is still in {self.path}, as no copy could be written to "
                f"{self.set_aside_path} ({exc.strerror or exc})"
            )
            return
        self.settings.remove(key)
        self.not_restored.append(what)
        self.reasons.append(f"{what}: {why}")
        if moved:
            self.reasons.append(f"an earlier {self.set_aside_path} that could not be read is kept as {moved}")
        self.kept_in = self.set_aside_path

    # --- checked reads -----------------------------------------------------------
    def value(self, key: str) -> Any:
        try:
            return self.settings.value(key)
        except Exception:  # noqa: BLE001 - a value Qt itself cannot turn into Python
            return _Unreadable()

    def board_from(self, name: str, text: str) -> Any | None:
        """The board of `name` that its stored `text` (from `board_text`) holds, or None
        when it no longer reads: it is then set aside."""
        try:
            return read_board(name, text)
        except SlugError as exc:
            self.board_not_read(name, text, exc)
            return None

    def board_text(self, name: str) -> str | None:
        """The stored text of the board kept for `name`, unread (None when there is none,
        or when what is kept is not text: that is set aside)."""
        key = f"boards/{name}"
        raw = self.value(key)
        if raw is None:
            return None
        if not isinstance(raw, str):
            self.set_aside(key, raw, f"the last {codecs.game(name).title} board", "it is not board text")
            return None
        return raw

    def board_not_read(self, name: str, text: str, error: SlugError) -> None:
        """Set aside the stored board `text` of `name`, which `read_board` could not read."""
        what = f"the last {codecs.game(name).title} board"
        self.set_aside(f"boards/{name}", text, what, f"it no longer reads: {error.message}")

    def text(self, key: str, allowed: Callable[[str], bool], what: str) -> str | None:
        raw = self.value(key)
        if raw is None:
            return None
        if isinstance(raw, str) and allowed(raw):
            return raw
        self.set_aside(key, raw, what, "it is not one the window knows")
        return None

    def geometry(self, key: str) -> QByteArray | None:
        raw = self.value(key)
        if raw is None:
            return None
        if isinstance(raw, QByteArray) and not raw.isEmpty():
            return raw
        self.set_aside(key, raw, "the window's size and place", "it is not a window geometry")
        return None

    def texts(self, key: str, what: str) -> list[str]:
        raw = self.value(key)
        if raw is None:
            return []
        if isinstance(raw, str):
            return [raw]
        if isinstance(raw, list) and all(isinstance(v, str) for v in raw):
            return raw
        self.set_aside(key, raw, what, "it is not a list of texts")
        return []

    # --- watched writes ------------------------------------------------------------
    def write(self, values: dict[str, Any]) -> bool:
        """Set `values` and write them to disk now; False when they could not be written
        (always, while the file is left as it is: they are kept for this run only)."""
        for key, value in values.items():
            self.settings.setValue(key, value)
        self._keep_left()
        return self.sync()

    def _keep_left(self) -> None:
        """A value not restored and never copied aside, which the window has written
        over, moves to a key of its own in the settings file rather than being lost."""
        for key, old in list(self._left.items()):
            if self.value(key) != old:
                del self._left[key]
                self.settings.setValue(f"{UNRESTORED_GROUP}/{key}", old)

    def sync(self) -> bool:
        """Write the settings to disk now; False when some of them could not be written.

        A QSettings keeps the first error it met for as long as it lives, so its status
        cannot tell whether this write reached the disk. QSettings objects on the same
        file in one process share its unwritten changes, and a new one writes them as it
        opens: its status is this write's alone (no error: nothing is left unwritten)."""
        if self.left_as_is:
            return False
        self.settings.sync()
        if not _shares_changes(self.settings):
            return self.settings.status() == QSettings.Status.NoError and self.settings.isWritable()
        fresh = QSettings(self.settings.fileName(), self.settings.format())
        return fresh.status() == QSettings.Status.NoError

    def take_not_restored(self) -> str:
        """What was not restored, in one line for the status bar ("" when all was)."""
        if not self.not_restored:
            return ""
        line = "Not restored: " + ", ".join(dict.fromkeys(self.not_restored))
        left = list(dict.fromkeys(self.left_in_settings))
        copied = [what for what in dict.fromkeys(self.not_restored) if what not in left]
        notes = []
        if self.left_as_is:
            copied.remove("the saved settings")
            notes.append(
                f"{self.path} is left as it is, as no copy of it could be made: nothing is saved until Slugboard starts again"
            )
        if self.kept_in and copied:
            notes.append(f"copies kept in {self.kept_in}")
        if left:
            named = ", ".join(left) + " " if copied else ""  # named only when not all were left
            notes.append(f"{named}still in {self.path}: no copy could be written to {self.set_aside_path}")
        if notes:
            line += " (" + "; ".join(notes) + ")"
        self.not_restored = []
        self.left_in_settings = []
        return line


def set_setting(settings: QSettings, key: str, value: str) -> None:
    """Set `key` to `value` unless it holds it already: any value set has QSettings write
    its whole file again, which takes tens of milliseconds once it holds a large board
    (54 ms for a 600x600 minesweeper game)."""
    if settings.value(key) != value:
        settings.setValue(key, value)


def read_board(name: str, text: str) -> Any:
    """The board of `name` that the stored `text` holds; raises SlugError when it does not
    read. Touches no settings, so it may run on any thread."""
    game = codecs.game(name)
    return guarded(game.name, lambda: game.from_json(_json(text)))


def _copy_to_disk(path: str, copy: str) -> None:
    """Copy `path` to a new file `copy` and wait until the copy is on the disk, so the
    original is replaced only once a crash can no longer take the copy. A file already at
    `copy` is never written over; a half-written copy is removed."""
    import shutil

    with open(path, "rb") as source, open(copy, "xb") as out:
        try:
            shutil.copyfileobj(source, out)
            out.flush()
            os.fsync(out.fileno())
        except OSError:
            try:
                out.close()  # which may fail too, on a full disk
            finally:
                os.remove(copy)
            raise


# How long a set-aside waits for another Slugboard adding to the same file, and after how
# long a lock whose process is gone (killed while it wrote) is taken over.
LOCK_WAIT_MS = 5_000
STALE_LOCK_MS = 10_000


def _add_entry(path: str, entry: dict[str, Any]) -> str:
    """Add `entry` to the set-aside file at `path`, under a lock that two Slugboards adding
    at once take in turn (each would otherwise write back what it read, without the
    other's entry). A file there that is not a list of entries is never written over: it is
    moved to a name of its own first, which is returned ("" when none was moved). The new
    file is written under a name no one else can have and then put in place in one step.
    Raises OSError when the file cannot be read, locked or written."""
    from PySide6.QtCore import QLockFile

    from slugboard.codecs.newfile import write_atomically

    lock = QLockFile(path + ".lock")
    lock.setStaleLockTime(STALE_LOCK_MS)
    if not lock.tryLock(LOCK_WAIT_MS):
        raise OSError(f"another Slugboard holds {os.path.basename(path)}.lock")
    try:
        moved = ""
        entries: list[Any] = []
        try:
            with open(path, "rb") as f:
                data = f.read()
        except FileNotFoundError:
            data = None
        if data is not None:
            try:
                loaded = json.loads(data)
            except (ValueError, RecursionError):
                loaded = None
            if isinstance(loaded, list):
                entries = loaded
            elif isinstance(loaded, dict):
                entries = [loaded]
            else:
                moved = _move_aside(path)
        entries.append(entry)
        text = json.dumps(entries, ensure_ascii=False, indent=1)
        write_atomically(path, text.encode("utf-8"))
        return moved
    finally:
        lock.unlock()


def _move_aside(path: str) -> str:
    """Move the unreadable file at `path` to a new name beside it, and return that name."""
    import datetime as dt
    import tempfile

    folder, name = os.path.split(os.path.abspath(path))
    fd, damaged = tempfile.mkstemp(prefix=f"{name}.unreadable-{dt.datetime.now():%Y%m%d-%H%M%S}-", dir=folder)
    os.close(fd)
    os.replace(path, damaged)
    return damaged


def _shares_changes(settings: QSettings) -> bool:
    """Whether `settings` is kept in a file that QSettings objects share within a process
    (every format but the Windows registry and macOS's preferences)."""
    return settings.format() != QSettings.Format.NativeFormat or sys.platform not in ("win32", "darwin")


class _Unreadable:
    def __repr__(self) -> str:
        return "<a value that could not be read>"


def _json(text: str) -> dict[str, Any]:
    try:
        obj = json.loads(text)
    except RecursionError:
        raise SlugError("slugboard", "the saved board is nested too deeply") from None
    except ValueError as exc:
        raise SlugError("slugboard", f"the saved board is not JSON ({exc})") from None
    if not isinstance(obj, dict):
        raise SlugError("slugboard", "the saved board is not a board object")
    return obj


def _plain(value: Any) -> Any:
    """A stored value as JSON can hold it, for the set-aside file."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, QByteArray):
        return bytes(value.data()).hex()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return repr(value)

"""What Slugboard writes and reads in its cache folder: a name planted there beforehand (a
symlink at the temporary name, a FIFO or a folder at the cache file) never makes it write
through a link, hang, or leave a temporary file behind."""

from __future__ import annotations

import itertools
import os
import threading

import pytest

from slugboard.codecs import letters
from slugboard.codecs.letters import moves

posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and symlinks")

SOURCE = b"\n".join(w.encode() for w in itertools.islice(letters.word_list(), 0, None, 200)) + b"\n"


@posix_only
def test_the_lexicon_cache_is_never_written_through_a_planted_symlink(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("the user's own file\n")
    path = cache / "letters-lexicon.txt"
    # Links at every temporary name a writer could make up from what others can know
    # (its process and thread ids): the writer's own among them.
    for name in (
        f"{path}.{os.getpid()}.{threading.get_ident()}.tmp",
        f"{path}.{os.getpid()}.part",
        f"{path}.tmp",
        f"{path}.part",
    ):
        os.symlink(victim, name)
    made = moves.load_lexicon(str(path), SOURCE)
    assert victim.read_text() == "the user's own file\n"
    assert path.read_bytes().startswith(moves.CACHE_MAGIC)
    assert moves.load_lexicon(str(path), SOURCE).words == made.words
    assert sorted(p.name for p in cache.iterdir() if not p.is_symlink()) == ["letters-lexicon.txt"]


@posix_only
def test_a_fifo_at_the_lexicon_cache_is_ignored_at_once(tmp_path):
    path = tmp_path / "letters-lexicon.txt"
    os.mkfifo(path)
    done = threading.Event()
    found: list = []

    def load() -> None:
        found.append(moves.load_lexicon(str(path), SOURCE))
        done.set()

    thread = threading.Thread(target=load, daemon=True)
    thread.start()
    try:
        assert done.wait(30), "reading the cache waits for a writer to the FIFO"
    finally:
        if not done.is_set():  # let the stuck reader go: open the FIFO's other end
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    assert "AA" in found[0].words
    # The FIFO was replaced by the cache, made again.
    assert path.read_bytes().startswith(moves.CACHE_MAGIC)


def test_a_folder_at_the_lexicon_cache_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "letters-lexicon.txt"
    path.mkdir()
    for _ in range(3):
        assert "AA" in moves.load_lexicon(str(path), SOURCE).words
    assert [p.name for p in tmp_path.iterdir()] == ["letters-lexicon.txt"]
    assert path.is_dir() and not any(path.iterdir())


@posix_only
def test_read_cache_refuses_what_is_not_a_regular_file(tmp_path):
    from slugboard.codecs.files import read_cache

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    folder = tmp_path / "folder"
    folder.mkdir()
    big = tmp_path / "big"
    big.write_bytes(b"x" * 101)
    small = tmp_path / "small"
    small.write_bytes(b"x" * 100)
    assert read_cache(str(fifo), 100) is None
    assert read_cache(str(folder), 100) is None
    assert read_cache(str(tmp_path / "missing"), 100) is None
    assert read_cache("/dev/zero", 100) is None
    assert read_cache(str(big), 100) is None
    assert read_cache(str(small), 100) == b"x" * 100


def test_write_cache_makes_its_folder_and_says_when_it_cannot(tmp_path):
    from slugboard.codecs.files import write_cache

    path = tmp_path / "a" / "b" / "cache.txt"
    assert write_cache(str(path), b"data")
    assert path.read_bytes() == b"data"
    blocked = tmp_path / "blocked"
    blocked.mkdir()
    assert not write_cache(str(blocked), b"data")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "blocked"] and not any(blocked.iterdir())


@posix_only
def test_a_fifo_at_the_library_check_stamp_does_not_hold_the_start(monkeypatch, tmp_path):
    from slugboard.gui import platform_check

    stamp = tmp_path / "xcb-libraries-found"
    os.mkfifo(stamp)
    monkeypatch.setattr(platform_check, "missing_xcb_libraries", lambda: [])
    done = threading.Event()

    def check() -> None:
        platform_check.missing_xcb_libraries_once(str(stamp))
        done.set()

    threading.Thread(target=check, daemon=True).start()
    try:
        assert done.wait(30), "the start waits for a writer to the FIFO"
    finally:
        if not done.is_set():
            os.close(os.open(stamp, os.O_WRONLY | os.O_NONBLOCK))
    assert stamp.read_text(encoding="utf-8") == platform_check._plugin_key()  # made again as a file

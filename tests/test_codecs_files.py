"""File readers take regular files only, and read no more than their limit plus one byte:
a FIFO, /dev/zero or a symlink to them named like a replay is refused at once, in words."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st
from processes import linux_only

from slugboard.codecs import SlugError
from slugboard.codecs.files import read_bytes_limited, read_text_limited
from slugboard.codecs.minesweeper.files import read_replay_file

pytestmark = linux_only


def _refused_without_waiting(read, *args) -> SlugError:
    """`read(*args)` on a thread: it must end (a FIFO opened the usual way waits for a
    writer for ever) with a SlugError."""
    outcome: list[BaseException | object] = []

    def run():
        try:
            outcome.append(read(*args))
        except BaseException as exc:  # noqa: BLE001 - told below
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(30)  # a guard against a hang, not a timing
    assert not thread.is_alive(), "the reader waits on the file for ever"
    assert isinstance(outcome[0], SlugError), outcome[0]
    return outcome[0]


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "f.avf"
    os.mkfifo(path)
    return str(path)


@pytest.fixture
def zero_link(tmp_path):
    path = tmp_path / "z.avf"
    os.symlink("/dev/zero", path)
    return str(path)


def test_a_fifo_is_refused_at_once(fifo):
    error = _refused_without_waiting(read_bytes_limited, fifo, 100)
    assert error.message == "cannot read f.avf: it is a pipe, not a file"


def test_dev_zero_and_a_symlink_to_it_are_refused(zero_link):
    assert _refused_without_waiting(read_bytes_limited, zero_link, 100).message.endswith("it is a device, not a file")
    assert "device" in _refused_without_waiting(read_bytes_limited, "/dev/zero", 100).message


def test_a_folder_and_a_missing_file_are_refused_in_words(tmp_path):
    assert _refused_without_waiting(read_bytes_limited, str(tmp_path), 10).message.endswith("a folder, not a file")
    with pytest.raises(SlugError, match=r"cannot read gone\.avf \(No such file or directory\)"):
        read_bytes_limited(str(tmp_path / "gone.avf"), 10)


def test_a_symlink_to_a_regular_file_is_read(tmp_path):
    (tmp_path / "real.txt").write_bytes(b"UyF2")
    os.symlink(tmp_path / "real.txt", tmp_path / "link.txt")
    assert read_bytes_limited(str(tmp_path / "link.txt"), 100) == b"UyF2"


@given(data=st.binary(max_size=3000), limit=st.integers(0, 2500))
def test_reads_at_most_the_limit_plus_one_byte(tmp_path_factory, data, limit):
    path = tmp_path_factory.mktemp("read") / "f.bin"
    path.write_bytes(data)
    assert read_bytes_limited(str(path), limit) == data[: limit + 1]


@given(text=st.text(max_size=300), limit=st.integers(0, 300))
def test_text_is_read_to_at_most_the_limit_plus_one_character(tmp_path_factory, text, limit):
    path = tmp_path_factory.mktemp("read") / "f.txt"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    expected = text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")[: limit + 1]
    assert read_text_limited(str(path), limit) == expected


def test_the_replay_reader_refuses_a_fifo_and_dev_zero(fifo, zero_link):
    assert "a pipe, not a file" in _refused_without_waiting(read_replay_file, fifo).message
    assert "a device, not a file" in _refused_without_waiting(read_replay_file, zero_link).message


def _at_most_2_gb() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["fifo", "zero_link"])
def test_slugboard_codec_import_refuses_special_files_in_one_line(request, name):
    path = request.getfixturevalue(name)
    done = subprocess.run(
        [sys.executable, "-m", "slugboard.codecs", "import", path],
        capture_output=True,
        text=True,
        timeout=60,  # a guard: before, a FIFO hung here and /dev/zero grew memory without end
        check=False,
        preexec_fn=_at_most_2_gb,
    )
    assert done.returncode == 2
    kind = "a pipe" if name == "fifo" else "a device"
    assert done.stderr.strip().endswith(f"it is {kind}, not a file")
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_text_file_that_is_a_fifo_or_dev_zero_is_refused_at_once(fifo, zero_link):
    from slugboard.codecs import read_text_file

    assert "a pipe, not a file" in _refused_without_waiting(read_text_file, fifo).message
    assert "a device, not a file" in _refused_without_waiting(read_text_file, zero_link).message


def test_a_text_file_longer_than_any_text_is_read_only_so_far(tmp_path):
    from slugboard.codecs import MAX_TEXT, read_text_file

    path = tmp_path / "long.txt"
    path.write_text("é" * (MAX_TEXT + 10), encoding="utf-8")
    assert read_text_file(str(path)) == "é" * (MAX_TEXT + 1)


def test_a_game_record_or_a_book_source_that_is_a_fifo_is_refused_at_once(tmp_path):
    from slugboard.codecs.xiangqi.records import read_file

    fifo = tmp_path / "game.pgn"
    os.mkfifo(fifo)
    assert "a pipe, not a file" in _refused_without_waiting(read_file, str(fifo)).message

    def book(path):
        from slugboard.gui.book import book_from_file

        try:
            return book_from_file(path, str(tmp_path / "b.pdf"))
        except OSError as exc:
            return SlugError("book", str(exc))

    assert "a pipe, not a file" in _refused_without_waiting(lambda p: _raise(book(p)), str(fifo)).message
    assert not (tmp_path / "b.pdf").exists()


def _raise(value):
    if isinstance(value, BaseException):
        raise value
    return value

"""Child Pythons never run modules from the folder Slugboard was started in: a `typing.py`
or `threading.py` lying there (a downloads folder) stays unread by the helper of long work,
ms-toollib's child and the replay file reader."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from processes import linux_only

from slugboard.codecs import child
from slugboard.codecs import minesweeper as ms
from slugboard.codecs import pentomino as pm
from slugboard.codecs.apart import Helper
from slugboard.codecs.minesweeper import figures, stats
from slugboard.codecs.minesweeper.files import read_replay_file
from slugboard.codecs.minesweeper.toollib import Toollib
from slugboard.codecs.pentomino import solver
from slugboard.codecs.work import Cancel

pytestmark = linux_only

REPLAY = Path(__file__).parent / "data" / "minesweeper" / "Wang_Jia_Ning_Beg_15.523bv24.avf"
PLANTED = ("typing", "threading", "runpy", "pickle", "json")


@pytest.fixture
def planted(tmp_path, monkeypatch):
    """A working folder holding modules named as the standard library's, each of which
    leaves a mark when it is imported; the test runs from that folder."""
    folder = tmp_path / "downloads"
    folder.mkdir()
    marks = tmp_path / "marks"
    for name in PLANTED:
        (folder / f"{name}.py").write_text(f"open({str(marks)!r}, 'a').write({name!r} + '\\n')\n")
    monkeypatch.chdir(folder)

    def read() -> list[str]:
        return marks.read_text().split() if marks.exists() else []

    return read


def test_the_helper_of_long_work_reads_no_module_of_the_working_folder(planted):
    board = pm.decode("T88XA33")
    helper = Helper(["slugboard.codecs.pentomino.solver"])
    try:
        found = helper.call(solver.solve, (board,), cancel=Cancel())
    finally:
        helper.stop()
    assert planted() == []
    assert found == solver.solve(board)


def test_ms_toollibs_child_reads_no_module_of_the_working_folder(planted):
    toollib = Toollib()
    try:
        board = ms.random_board(30, 16, 99, seed=3)
        fld = stats.field_of(board)
        found = tuple(toollib.call("zini", figures._toollib_board(fld)))
    finally:
        toollib.close()
    assert planted() == []
    assert found == figures.zini_of(fld)


@pytest.mark.slow
def test_the_replay_file_reader_reads_no_module_of_the_working_folder(planted):
    replay = read_replay_file(str(REPLAY))
    assert planted() == []
    assert replay.board.width == 8 and replay.player


def test_before_python_3_11_the_first_line_takes_the_folder_off_the_path(planted):
    # What python_command gives on Python 3.10, where -P does not exist; run here on any
    # Python, it must read no planted module either.
    command = [sys.executable, "-c", child._BOOT, "json.tool", "--compact"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSAFEPATH"}
    done = subprocess.run(command, input=b'{"a": [1, 2]}', capture_output=True, env=env, check=True, timeout=60)
    assert done.stdout.strip() == b'{"a":[1,2]}'
    assert planted() == []


def test_a_plain_python_in_that_folder_would_read_them(planted):
    # The planted folder is as hostile as the tests above take it to be.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSAFEPATH"}
    subprocess.run([sys.executable, "-m", "json.tool", "--help"], capture_output=True, env=env, timeout=60)
    assert "json" in planted()


def test_the_childs_working_folder_is_its_own():
    folder = child.working_folder()
    assert os.path.isdir(folder) and folder == child.working_folder()
    assert os.stat(folder).st_mode & 0o077 == 0  # no one else may put anything there

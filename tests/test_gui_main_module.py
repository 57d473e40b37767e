"""The entry modules start nothing when imported (a spawned child process imports the
main module again)."""

from __future__ import annotations

import subprocess
import sys

import pytest


def test_importing_the_entry_modules_starts_nothing():
    code = "import slugboard.gui.__main__, slugboard.codecs.__main__; print('imported')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "imported"


@pytest.mark.slow
def test_the_probability_child_starts_under_python_dash_m(tmp_path):
    """`python -m slugboard.gui --export` and the window run as __main__; a spawned child
    that imported them again would run the command a second time."""
    script = tmp_path / "ask.py"
    script.write_text(
        "import sys\n"
        "from slugboard.codecs.minesweeper.toollib import Toollib\n"
        "if __name__ == '__main__':\n"
        "    child = Toollib()\n"
        "    print(child.call('zini', [[0, 1, -1], [0, 1, 1], [0, 0, 0]]))\n"
        "    child.close()\n"
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("\n") == 1  # one answer: the child did not run the script again

"""How Slugboard starts a child Python (the helper of long work, ms-toollib's calculations,
the replay file reader): never with the working folder on its module path.

`python -m module` puts the folder it was started from first on `sys.path`, so a
`typing.py` or `threading.py` lying in the folder where `slugboard` was started (a
downloads folder, say) would run inside the child. A child is started with `-P` (Python
3.11 and later) or, before that, through a first line that takes the folder off the path
before it imports anything; `PYTHONSAFEPATH=1` in its environment keeps the same for any
Python it starts in turn, and it runs in a folder of its own rather than the caller's.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
import threading

# Python before 3.11 has no -P: this first line takes the folder of `-c` ('') off the path
# before any import that could find a module there, then runs the module as -m would.
_BOOT = (
    "import sys\n"
    "if sys.path and sys.path[0] == '': del sys.path[0]\n"
    "import runpy\n"
    "runpy.run_module(sys.argv.pop(1), run_name='__main__', alter_sys=True)\n"
)

_lock = threading.Lock()
_folder: str | None = None


def python_command(module: str, *args: str) -> list[str]:
    """The command line that runs `python -m module args` in a child, its working folder
    kept off the module path."""
    if sys.version_info >= (3, 11):
        return [sys.executable, "-P", "-m", module, *args]
    return [sys.executable, "-c", _BOOT, module, *args]


def environment() -> dict[str, str]:
    """The child's environment: this process's, with the module path kept safe."""
    env = dict(os.environ)
    env["PYTHONSAFEPATH"] = "1"
    return env


def working_folder() -> str:
    """A folder of this process's own (made once, only its user may write to it, removed
    at exit) for children to run in: what they leave there (ms-toollib's crash.log) goes
    nowhere else, and nothing anyone else put there is near them."""
    global _folder
    with _lock:
        if _folder is None or not os.path.isdir(_folder):
            _folder = tempfile.mkdtemp(prefix="slugboard-child-")
            atexit.register(shutil.rmtree, _folder, True)
        return _folder

"""An X display to measure on, beside Qt's offscreen platform.

Offscreen, a window is painted into memory and never shown: its repaint costs only the
painting. On a display, every repaint also hands its pixels to the display server and
waits for the last hand-over to finish, which is what a person's screen costs; an empty
window there takes 0.4-0.6 ms to repaint here, against 0.06 ms offscreen. `x_display()`
gives the environment of a private Xvfb server (started for the measurement and stopped
after it), or of the display already set when there is no Xvfb, or None when neither
exists.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def x_display() -> Iterator[dict[str, str] | None]:
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "xcb"
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        yield env if env.get("DISPLAY") else None
        return
    read, write = os.pipe()
    server = subprocess.Popen(
        [xvfb, "-displayfd", str(write), "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as ready:
            number = ready.readline().strip()  # written once the server takes connections
        if not number:
            yield None
            return
        env["DISPLAY"] = f":{number}"
        yield env
    finally:
        server.terminate()
        server.wait()

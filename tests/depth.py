"""How many examples a property test tries.

A test names its full count, `examples(300)`: the README's test command tries a third of it
(at least 20, at most the full count), which keeps the suite short enough to run at every change; with
`SLUGBOARD_THOROUGH=1` in the environment every test tries its full count, for a deeper run
before a release. The decoders' hostile-input search goes on much longer in the fuzz
targets (tests/fuzz/), which is where a new reader gets its real beating.
"""

from __future__ import annotations

import os

THOROUGH = os.environ.get("SLUGBOARD_THOROUGH", "") not in ("", "0")


def examples(full: int) -> int:
    """The examples a test of `full` examples tries in this run."""
    return full if THOROUGH else min(full, max(20, full // 3))

"""Work for the helper-process tests (tests/test_codecs_apart.py): functions a helper
process imports by name, which the codecs themselves do not have."""

from __future__ import annotations

import os
import time

from slugboard.codecs.work import Cancel


def pid(*, cancel: Cancel) -> int:
    return os.getpid()


def ticks(count: int, *, cancel: Cancel, progress) -> int:
    """Says 1, 2, ... `count` as it goes, then answers `count`."""
    for n in range(1, count + 1):
        progress(n, count)
    return count


def until_cancelled(*, cancel: Cancel, progress=None) -> None:
    """Runs until cancelled, saying once that it has started."""
    if progress is not None:
        progress("started")
    while not cancel.wait(60):
        pass
    cancel.check()


def deaf(seconds: float, *, cancel: Cancel, progress=None) -> str:
    """Never looks at `cancel`: only killing its helper stops it sooner."""
    if progress is not None:
        progress("started")
    time.sleep(seconds)
    return "slept"


def fails(*, cancel: Cancel) -> None:
    raise ValueError("broken query")


def dies(*, cancel: Cancel) -> None:
    os._exit(3)


def chatty(*, cancel: Cancel) -> str:
    print("a line the work prints")  # must not be taken for an answer
    return "answered"


def unsendable(*, cancel: Cancel):
    return lambda: None


class Panic(BaseException):
    """What a Rust library's panic arrives as: not an Exception."""


def panics(*, cancel: Cancel) -> None:
    raise Panic("a library gave up")

"""ms-toollib's slow calculations (ZiNi, mine probabilities) in a child process.

ms-toollib's functions hold the interpreter while they run: called from a thread, a
calculation of seconds (ZiNi of a 300x300 field, the odds of a 100x100 one) would stop
the window as surely as calling it from the window's own thread. In a child process they
run beside it; the caller waits on a pipe (which lets the window go on), can stop a
calculation at once (the child is ended and a new one started for the next call), and
a child that dies takes nothing else with it.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from ..work import NEVER, Cancel, Cancelled

# How long one calculation may take before it is given up.
TIMEOUT_S = 120.0
# How long a call waits for the child to finish a calculation given up before, before it
# ends the child and starts another.
STALE_WAIT_S = 1.0


def _zini(rows: list[list[int]]) -> tuple[int, int]:
    import ms_toollib

    toollib: Any = ms_toollib
    return int(toollib.cal_zini(rows)), int(toollib.cal_hzini(rows))


def _odds(view: list[list[int]], mines: float) -> list[list[float]]:
    import ms_toollib

    toollib: Any = ms_toollib
    rows, _counts = toollib.cal_probability_onboard(view, mines)
    return [[float(p) for p in row] for row in rows]


_CALLS: dict[str, Callable[..., Any]] = {"zini": _zini, "odds": _odds}


def _serve(conn: Connection) -> None:
    """The child: answer each (name, args) with (True, result) or (False, reason)."""
    while True:
        try:
            name, args = conn.recv()
        except EOFError:
            return
        try:
            answer: tuple[bool, Any] = (True, _CALLS[name](*args))
        except BaseException as exc:  # a Rust panic arrives as a BaseException  # noqa: BLE001
            if isinstance(exc, KeyboardInterrupt):
                return
            answer = (False, f"{type(exc).__name__}: {exc}")
        try:
            conn.send(answer)
        except OSError:  # the window's process is gone (it ended without closing us): nobody to answer
            return


class Toollib:
    """One child process serving ms-toollib calls, started on the first call; calls from
    several threads take turns."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: Any = None
        self._conn: Connection | None = None
        self._stale = 0  # answers still to come of calls given up

    def call(
        self, name: str, *args: Any, cancel: Cancel = NEVER, timeout_s: float = TIMEOUT_S, end_on_cancel: bool = True
    ) -> Any:
        """The result of ms-toollib's `name` on `args`; raises Cancelled when `cancel` is
        set meanwhile, and ValueError when ms-toollib fails, the child dies or time runs out.

        A cancel ends the child's calculation with the child (`end_on_cancel`, for work of
        seconds such as ZiNi), or leaves it to finish while its answer is dropped: for work
        of milliseconds asked for again and again (the odds of each moment of a replay), a
        new child each time would cost far more than the answer."""
        with self._lock:
            cancel.check()
            conn = self._start()
            self._drop_stale(conn, cancel)
            conn = self._start()
            conn.send((name, args))
            deadline = time.monotonic() + timeout_s
            while not conn.poll(0.01):
                if cancel.is_set():
                    if end_on_cancel:
                        self._stop()
                    else:
                        self._stale += 1
                    raise Cancelled
                if time.monotonic() > deadline or not self._process.is_alive():
                    self._stop()
                    raise ValueError("ms-toollib took too long, or stopped")
            return self._answer(conn)

    def _answer(self, conn: Connection) -> Any:
        try:
            ok, value = conn.recv()
        except (EOFError, OSError):
            self._stop()
            raise ValueError("ms-toollib stopped") from None
        if not ok:
            raise ValueError(value)
        return value

    def _drop_stale(self, conn: Connection, cancel: Cancel) -> None:
        """Wait out the answers of calls given up without ending the child; a child still
        busy after STALE_WAIT_S is ended instead."""
        deadline = time.monotonic() + STALE_WAIT_S
        while self._stale:
            if conn.poll(0.01):
                try:
                    conn.recv()
                except (EOFError, OSError):
                    self._stop()
                    return
                self._stale -= 1
            elif time.monotonic() > deadline or not self._process.is_alive():
                self._stop()
                return
            elif cancel.is_set():
                raise Cancelled

    def _start(self) -> Connection:
        if self._process is None or not self._process.is_alive() or self._conn is None:
            self._stop()
            context = multiprocessing.get_context("spawn")  # no copy of a window's threads
            parent, child = context.Pipe()
            process = context.Process(target=_serve, args=(child,), daemon=True, name="slugboard-toollib")
            process.start()
            child.close()
            self._process, self._conn = process, parent
        return self._conn

    def _stop(self) -> None:
        if self._process is not None:
            if self._process.is_alive():
                self._process.kill()
            self._process.join(1)
        if self._conn is not None:
            self._conn.close()
        self._process, self._conn = None, None
        self._stale = 0

    def close(self) -> None:
        """End the child (a calculation under way is given up). Safe from any thread: the
        pipe is closed only by the thread that holds the lock, never under a call that is
        still reading it (its file descriptor could be given to another file meanwhile)."""
        if self._lock.acquire(blocking=False):
            try:
                self._stop()
            finally:
                self._lock.release()
            return
        process = self._process
        if process is not None:
            process.kill()  # the call under way sees its child gone, and closes the pipe itself


_shared: Toollib | None = None


def shared() -> Toollib:
    """The process's one child for ms-toollib calls."""
    global _shared
    if _shared is None:
        _shared = Toollib()
    return _shared

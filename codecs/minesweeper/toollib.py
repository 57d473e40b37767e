"""ms-toollib's slow calculations (ZiNi, mine probabilities) in a child process.

ms-toollib's functions hold the interpreter while they run: called from a thread, a
calculation of seconds (ZiNi of a 300x300 field, the odds of a 100x100 one) would stop
the window as surely as calling it from the window's own thread. In a child process they
run beside it; the caller waits on a pipe (which lets the window go on), can stop a
calculation at once (the child is ended and a new one started for the next call), and
a child that dies takes nothing else with it.
"""

from __future__ import annotations

import os
import pickle
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import IO, Any, Protocol

from .. import child
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


class Connection(Protocol):
    """One end of the pipe between the caller and the child."""

    def send(self, obj: Any) -> None: ...
    def recv(self) -> Any: ...


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
        self._process: _Child | None = None
        self._conn: _Child | None = None
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
                if time.monotonic() > deadline or not conn.is_alive():
                    self._stop()
                    raise ValueError("ms-toollib took too long, or stopped")
            return self._answer(conn)

    def _answer(self, conn: _Child) -> Any:
        try:
            ok, value = conn.recv()
        except (EOFError, OSError):
            self._stop()
            raise ValueError("ms-toollib stopped") from None
        if not ok:
            raise ValueError(value)
        return value

    def _drop_stale(self, conn: _Child, cancel: Cancel) -> None:
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
            elif time.monotonic() > deadline or not conn.is_alive():
                self._stop()
                return
            elif cancel.is_set():
                raise Cancelled

    def _start(self) -> _Child:
        if self._process is None or not self._process.is_alive() or self._conn is None:
            self._stop()
            process = _Child()
            self._process, self._conn = process, process
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


class _Child:
    """The child process (`python -m slugboard.codecs.minesweeper.toollib`, started as
    `child` says: a fresh interpreter, with no copy of a window's threads and nothing of
    the working folder on its path) and the caller's end of its pipe: pickles written to its
    standard input, and its answers read from its standard output by a thread of their own,
    so that waiting for one can stop after a timeout on every platform."""

    _END = object()  # the child's output has ended

    def __init__(self) -> None:
        self._popen = subprocess.Popen(
            child.python_command(__name__),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=child.working_folder(),
            env=child.environment(),
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),  # no console window on Windows
        )
        self.pid = self._popen.pid
        self.closed = False
        self._answers: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._next: Any = None
        self._has_next = False
        threading.Thread(target=self._read, args=(self._popen.stdout,), daemon=True, name="slugboard-toollib").start()

    def _read(self, pipe: IO[bytes]) -> None:
        try:
            while True:
                self._answers.put(pickle.load(pipe))
        except Exception:  # noqa: BLE001 - the end of the output, or what a dying child left of it
            self._answers.put(self._END)
        finally:
            pipe.close()

    # --- the pipe ------------------------------------------------------------------------
    def send(self, obj: Any) -> None:
        stdin = self._popen.stdin
        assert stdin is not None
        if self.closed:
            raise OSError("the pipe is closed")
        stdin.write(pickle.dumps(obj, pickle.HIGHEST_PROTOCOL))
        stdin.flush()

    def poll(self, timeout: float) -> bool:
        if not self._has_next:
            try:
                self._next = self._answers.get(timeout=timeout)
            except queue.Empty:
                return False
            self._has_next = True
        return True

    def recv(self) -> Any:
        if not self._has_next:
            self._next = self._answers.get()
        value, self._next, self._has_next = self._next, None, False
        if value is self._END:
            self._answers.put(self._END)  # and at every read after
            raise EOFError("the child's output has ended")
        return value

    def close(self) -> None:
        self.closed = True
        try:
            if self._popen.stdin is not None:
                self._popen.stdin.close()  # a child that still runs sees its input end, and ends
        except OSError:
            pass

    # --- the process ---------------------------------------------------------------------
    def is_alive(self) -> bool:
        return self._popen.poll() is None

    def kill(self) -> None:
        try:
            self._popen.kill()
        except OSError:
            pass

    def join(self, timeout: float) -> None:
        try:
            self._popen.wait(timeout)
        except subprocess.TimeoutExpired:
            pass


class _StandardStreams:
    """The child's end of the pipe: pickles on its standard input and output. Whatever
    ms-toollib prints goes to standard error, so it never mixes with the answers."""

    def __init__(self) -> None:
        self._input = sys.stdin.buffer
        self._output = os.fdopen(os.dup(1), "wb")
        if sys.stderr is not None:
            os.dup2(sys.stderr.fileno(), 1)
            sys.stdout = sys.stderr

    def send(self, obj: Any) -> None:
        self._output.write(pickle.dumps(obj, pickle.HIGHEST_PROTOCOL))
        self._output.flush()

    def recv(self) -> Any:
        try:
            return pickle.load(self._input)
        except (pickle.UnpicklingError, ValueError, OSError):
            raise EOFError from None  # the caller has gone, or what it sent is not ours


def shared() -> Toollib:
    """The process's one child for ms-toollib calls."""
    global _shared
    if _shared is None:
        _shared = Toollib()
    return _shared


if __name__ == "__main__":
    _serve(_StandardStreams())

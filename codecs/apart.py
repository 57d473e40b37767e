"""Long work run in a helper process, so that it never shares an interpreter with a window.

A search running on a thread of the window's own process takes turns with the window for
Python's one interpreter lock: each time the window's thread comes back from a call into Qt
it may wait up to the switch interval (5 ms) for the search to let go, and a page laid out
during a pentomino count took ten times as long. In a helper process the search runs on
the other core, and the window's thread never waits for it.

`Helper` is the caller's side: it starts `python -m slugboard.codecs.apart` (as `child` says) when first
asked, keeps it for the next call, and sends it one call at a time, each a function that
can be pickled (a module-level function or a `functools.partial` of one) with its
arguments. The helper runs `fn(*args, cancel=...)`, with `progress=` too when the caller
wants to hear it. The caller's `Cancel` reaches the helper as a message, so a cancelled
call stops as it would on a thread and the helper stays for the next one; a helper that
does not stop within `STOP_WAIT` seconds is killed. `stop` kills it at once (a window that
quits), and a helper whose caller has gone (its standard input closed) ends by itself.

A call can also watch its `Cancel` itself (`on_cancel`): ask the helper to stop as above,
or kill it at once, for work that never looks at its Cancel (a library call such as
ms-toollib's, which holds the interpreter); and it can be given a time (`timeout_s`),
after which its helper is killed. Work that fails in any way, even with a BaseException
(a Rust panic in ms-toollib), comes back as a failure and the helper stays; work that
ends the whole process (ms-toollib does on some files) comes back as HelperLostError, and
the next call starts another helper.

Messages are pickles both ways, on the helper's standard input and output; the helper's
own `print`s go to its standard error.
"""

from __future__ import annotations

import importlib
import itertools
import os
import pickle
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import IO, Any

from . import child
from .work import Cancel, Cancelled

STOP_WAIT = 2.0  # seconds a cancelled call may take to stop before its helper is killed
_WATCH_S = 0.02  # how often a call that watches its Cancel looks at the clock


class HelperLostError(RuntimeError):
    """The helper process ended before it answered (it ran out of memory, say)."""


class HelperTimeoutError(HelperLostError):
    """The call took longer than it was given: its helper was killed."""


class NoHelperError(HelperLostError):
    """No helper process could be started (no Python to run it with, or one that ended as
    it started): the work did not run, and the caller may run it itself."""


class Helper:
    """One helper process running one call at a time. `call` is made from one worker
    thread; `cancel` and `stop` may come from any thread and return at once."""

    def __init__(self, modules: Sequence[str] = ()) -> None:
        self.modules = tuple(modules)  # imported by the helper when it starts
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._calling: tuple[int, Cancel] | None = None
        self._numbers = itertools.count(1)
        self._stopped = False

    @property
    def pid(self) -> int | None:
        """The helper's process id while it runs."""
        with self._lock:
            return None if self._process is None else self._process.pid

    def call(
        self,
        fn: Callable[..., Any],
        args: tuple[Any, ...],
        *,
        cancel: Cancel,
        progress: Callable[..., None] | None = None,
        on_cancel: str | None = None,
        stop_wait: float | None = None,
        timeout_s: float | None = None,
    ) -> Any:
        """`fn(*args, cancel=..., progress=...)` run in the helper: its result, or its
        exception raised here. Raises Cancelled once `cancel` is set and the helper has
        stopped, and HelperLostError when the helper ended without an answer.

        With `on_cancel` None the caller tells the helper of a cancel (`cancel(cancel)`);
        "stop" has the call ask it itself (a helper still at work `stop_wait` seconds later
        is killed, STOP_WAIT unless said), "kill" has it kill the helper at once. After `timeout_s` seconds
        without an answer the helper is killed and HelperTimeoutError raised."""
        number = next(self._numbers)
        with self._lock:
            if self._stopped or cancel.is_set():
                raise Cancelled
            job = pickle.dumps((fn, args, progress is not None), pickle.HIGHEST_PROTOCOL)
            try:
                process = self._started()
            except OSError as exc:
                raise NoHelperError(f"its process could not be started: {exc}") from None
            self._calling = (number, cancel)
            try:
                _send(process.stdin, pickle.dumps(("call", number, job)))
            except OSError:
                self._calling = None
                self._discard(process)
                raise HelperLostError("its process could not be reached") from None
        done = threading.Event()
        timed_out = threading.Event()
        if on_cancel is not None or timeout_s is not None:
            deadline = None if timeout_s is None else time.monotonic() + timeout_s
            watch = (number, process, cancel, on_cancel, stop_wait, deadline, done, timed_out)
            threading.Thread(target=self._watch, args=watch, daemon=True, name="slugboard-helper-watch").start()
        try:
            return self._answer(process, number, cancel, progress, timed_out)
        finally:
            done.set()
            with self._lock:
                self._calling = None

    def cancel(self, cancel: Cancel, stop_wait: float | None = None) -> None:
        """Ask the helper to stop the call `cancel` belongs to (set it first); a helper that
        has not stopped within `stop_wait` seconds (STOP_WAIT unless said) is killed."""
        with self._lock:
            if self._calling is None or self._calling[1] is not cancel or self._process is None:
                return
            number, process = self._calling[0], self._process
            try:
                _send(process.stdin, pickle.dumps(("cancel", number, None)))
            except OSError:
                self._discard(process)
                return
        wait = STOP_WAIT if stop_wait is None else stop_wait
        timer = threading.Timer(wait, self._kill_if_calling, args=(number, process))
        timer.daemon = True
        timer.start()

    def stop(self) -> None:
        """Kill the helper at once; no call is run after this."""
        with self._lock:
            self._stopped = True
            if self._process is not None:
                self._discard(self._process)

    # --- the caller's side -------------------------------------------------------------
    def _started(self) -> subprocess.Popen[bytes]:
        if self._process is None or self._process.poll() is not None:
            flags = getattr(subprocess, "CREATE_NO_WINDOW", 0)  # no console window on Windows
            self._process = subprocess.Popen(
                child.python_command(__name__, *self.modules),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                creationflags=flags,
                cwd=child.working_folder(),
                env=child.environment(),
            )
        return self._process

    def _watch(
        self,
        number: int,
        process: subprocess.Popen[bytes],
        cancel: Cancel,
        on_cancel: str | None,
        stop_wait: float | None,
        deadline: float | None,
        done: threading.Event,
        timed_out: threading.Event,
    ) -> None:
        """Beside a call: act on its cancel (`on_cancel`) and its time limit until it ends."""
        while not done.is_set():
            wait = _WATCH_S if deadline is None else max(0.0, min(_WATCH_S, deadline - time.monotonic()))
            if on_cancel is not None and cancel.wait(wait):
                if on_cancel == "kill":
                    self._kill_if_calling(number, process)
                else:
                    self.cancel(cancel, stop_wait)
                return
            if on_cancel is None:
                done.wait(wait)
            if deadline is not None and time.monotonic() >= deadline and not done.is_set():
                timed_out.set()
                self._kill_if_calling(number, process)
                return

    def _answer(
        self,
        process: subprocess.Popen[bytes],
        number: int,
        cancel: Cancel,
        progress: Callable[..., None] | None,
        timed_out: threading.Event,
    ) -> Any:
        assert process.stdout is not None
        while True:
            try:
                kind, about, value = pickle.load(process.stdout)
            except (EOFError, OSError, pickle.UnpicklingError, ValueError):
                with self._lock:
                    self._discard(process)
                if cancel.is_set():
                    raise Cancelled from None
                if timed_out.is_set():
                    raise HelperTimeoutError("it took longer than it was given") from None
                if not getattr(process, "ready", False):  # it ended as it started: it ran nothing
                    raise NoHelperError("its process could not start") from None
                raise HelperLostError("its process ended before it answered") from None
            if kind == "ready":
                process.ready = True  # type: ignore[attr-defined]
                continue
            if about != number:
                continue  # the last word of a call cancelled earlier
            if kind == "progress":
                if progress is not None and not cancel.is_set():
                    progress(*value)
            elif kind == "cancelled" or cancel.is_set():
                raise Cancelled  # the answer of work asked to stop, come before it stopped
            elif kind == "done":
                return value
            elif kind == "failed":
                raise value

    def _kill_if_calling(self, number: int, process: subprocess.Popen[bytes]) -> None:
        with self._lock:
            if self._calling is not None and self._calling[0] == number and self._process is process:
                self._discard(process)

    def _discard(self, process: subprocess.Popen[bytes]) -> None:
        """Kill `process` (the lock held): the call reading from it sees its end at once."""
        if self._process is process:
            self._process = None
        try:
            process.kill()
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass
        # Reaped in the background: a killed process ends at once, and nothing waits here.
        threading.Thread(target=process.wait, daemon=True).start()


def _send(pipe: IO[bytes] | None, data: bytes) -> None:
    assert pipe is not None
    pipe.write(data)
    pipe.flush()


# --- the helper's side -----------------------------------------------------------------
def _serve(modules: Sequence[str]) -> None:
    for name in modules:
        importlib.import_module(name)
    # Answers go out on the real standard output; anything the work prints goes to stderr
    # (or nowhere, for a window started with no standard error).
    answers = os.fdopen(os.dup(1), "wb")
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - for as long as the helper runs
    os.dup2(sys.stderr.fileno(), 1)
    sys.stdout = sys.stderr
    writing = threading.Lock()
    calls: dict[int, Cancel] = {}
    ready = threading.Condition()
    queue: list[tuple[int, bytes]] = []

    def answer(kind: str, number: int, value: Any) -> None:
        try:
            data = pickle.dumps((kind, number, value), pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # noqa: BLE001 - an answer that cannot be sent is told as a failure
            data = pickle.dumps(("failed", number, RuntimeError(f"{type(value).__name__}: {value}: {exc}")))
        with writing:
            try:
                _send(answers, data)
            except OSError:
                os._exit(0)  # the caller has gone

    def read() -> None:
        stdin = sys.stdin.buffer
        while True:
            try:
                kind, number, job = pickle.load(stdin)
            except Exception:  # noqa: BLE001 - end of input (the caller has gone) or garbage
                os._exit(0)
            with ready:
                if kind == "cancel":
                    token = calls.get(number)
                    if token is not None:
                        token.set()
                else:
                    calls[number] = Cancel()
                    queue.append((number, job))
                    ready.notify()

    threading.Thread(target=read, name="slugboard-helper-input", daemon=True).start()
    answer("ready", 0, None)  # it has started: an end from now on is a loss, not a failure to start
    while True:
        with ready:
            while not queue:
                ready.wait()
            number, job = queue.pop(0)
            token = calls[number]
        try:
            if token.is_set():
                raise Cancelled
            fn, args, wants_progress = pickle.loads(job)  # imports the function's module
            kwargs: dict[str, Any] = {"cancel": token}
            if wants_progress:
                kwargs["progress"] = lambda *values, n=number: answer("progress", n, values)
            result = fn(*args, **kwargs)
        except Cancelled:
            answer("cancelled", number, None)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as exc:  # noqa: BLE001 - sent to the caller, who shows it (a Rust panic is a BaseException)
            answer(
                "failed", number, exc if isinstance(exc, Exception) else RuntimeError(f"{type(exc).__name__}: {exc}")
            )
        else:
            answer("done", number, result)
        finally:
            with ready:
                calls.pop(number, None)


if __name__ == "__main__":
    _serve(sys.argv[1:])

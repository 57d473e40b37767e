"""ms-toollib's slow calculations (ZiNi, mine probabilities) in a helper process.

ms-toollib's functions hold the interpreter while they run: called from a thread, a
calculation of seconds (ZiNi of a 300x300 field, the odds of a 100x100 one) would stop
the window as surely as calling it from the window's own thread. In a helper process
(`apart.Helper`, the one way Slugboard runs work apart) they run beside it; the caller
waits on a pipe (which lets the window go on), can stop a calculation at once (the helper
is ended and a new one started for the next call), and a helper that dies takes nothing
else with it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from ..apart import Helper, HelperLostError, HelperTimeoutError
from ..work import NEVER, Cancel, Cancelled

# How long one calculation may take before it is given up.
TIMEOUT_S = 120.0
# How long a calculation given up but left to finish (`end_on_cancel` false) may go on
# before its helper is ended and another started.
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


def run(name: str, args: tuple[Any, ...], *, cancel: Cancel) -> Any:
    """In the helper: ms-toollib's calculation `name` on `args` (ms-toollib never looks at
    `cancel`: a cancel ends or abandons the helper instead)."""
    return _CALLS[name](*args)


class Toollib:
    """One helper process serving ms-toollib calls, started on the first call; calls from
    several threads take turns."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._helper = Helper()

    @property
    def pid(self) -> int | None:
        """The helper's process id while it runs."""
        return self._helper.pid

    def call(
        self, name: str, *args: Any, cancel: Cancel = NEVER, timeout_s: float = TIMEOUT_S, end_on_cancel: bool = True
    ) -> Any:
        """The result of ms-toollib's `name` on `args`; raises Cancelled when `cancel` is
        set meanwhile, and ValueError when ms-toollib fails, the helper dies or time runs out.

        A cancel ends the calculation with its helper (`end_on_cancel`, for work of
        seconds such as ZiNi), or leaves it to finish while its answer is dropped: for work
        of milliseconds asked for again and again (the odds of each moment of a replay), a
        new helper each time would cost far more than the answer."""
        with self._lock:
            cancel.check()
            helper = self._helper
            try:
                return helper.call(
                    run,
                    (name, args),
                    cancel=cancel,
                    on_cancel="kill" if end_on_cancel else "stop",
                    stop_wait=STALE_WAIT_S,
                    timeout_s=timeout_s,
                )
            except Cancelled:
                raise
            except HelperTimeoutError:
                raise ValueError("ms-toollib took too long, or stopped") from None
            except HelperLostError:
                raise ValueError("ms-toollib stopped") from None
            except Exception as exc:  # noqa: BLE001 - ms-toollib's failure, told as a ValueError
                raise ValueError(f"{type(exc).__name__}: {exc}") from None

    def close(self) -> None:
        """End the helper (a calculation under way is given up, and says so); the next call
        starts another. Safe from any thread."""
        helper, self._helper = self._helper, Helper()
        helper.stop()


_shared: Toollib | None = None


def shared() -> Toollib:
    """The process's one helper for ms-toollib calls."""
    global _shared
    if _shared is None:
        _shared = Toollib()
    return _shared

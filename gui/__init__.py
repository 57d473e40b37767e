"""slugboard.gui: the PySide6 application.

PySide6 6.12's bindings hand back None from void methods (setPen, drawText, setText...)
without taking a reference to it. From Python 3.12 on None is immortal and this is
harmless; on 3.10 and 3.11 each such call lowers None's reference count by one, and the
interpreter aborts ("deallocating None") after a few thousand calls, which is a few dozen
repaints of a board. Until the bindings are fixed, None gets a reference count that no
session can use up, which is what Python 3.12 does by design. `Signal.emit()` returns
True with the same missing reference (about 570 emits in a session abort it), so True and
False get the same treatment.
"""

from __future__ import annotations

import sys


def _keep_none_alive() -> None:
    if sys.implementation.name != "cpython" or sys.version_info >= (3, 12) or hasattr(sys, "gettotalrefcount"):
        return  # None is immortal there, or the object layout is not the plain one
    import ctypes

    # Signal.emit() hands back True the same way (a replay emits one per frame).
    for value in (None, True, False):
        refcount = ctypes.c_ssize_t.from_address(id(value))
        if abs(refcount.value - sys.getrefcount(value)) <= 2:  # the field is where it should be
            refcount.value += 1 << 48


_keep_none_alive()

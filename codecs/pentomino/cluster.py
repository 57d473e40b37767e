"""Counting on a Dask cluster: the count's subproblems sent to the workers of the scheduler
at an address, their counts summed as they come back (`slugboard-codec count --dask`).

dask.distributed is imported here, when a count asks for a cluster, and not before. The
workers need Slugboard installed (and numba, for the compiled search): each is sent the
board's tables and some subproblems, and counts them with `solver.count_chunk`, which the
count hands over (so this module imports nothing of the solver's).
"""

from __future__ import annotations

import socket
import struct
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from ..game import CommandFailed
from ..work import Cancel

# How long to wait for a scheduler to answer before saying none does.
CONNECT_SECONDS = 10.0
# A scheduler's address: the schemes of a scheduler on another machine, and Dask's port.
SCHEMES = ("tcp", "tls")
DASK_PORT = 8786
# A Dask scheduler speaks first, the length of its greeting in 8 bytes (about 60 bytes);
# a longer one is no Dask greeting (an HTTP server's "HTTP/1.1" read as a length asks for
# exabytes).
GREETING_MOST = 1 << 20


def scheduler_address(text: str) -> str:
    """The scheduler's address `text` names, as tcp://HOST:PORT or tls://HOST:PORT (a bare
    HOST or HOST:PORT is tcp, and Dask's port is 8786); raises CommandFailed for anything
    else (another scheme, a path, no host)."""
    shown = text if len(text) <= 80 else text[:79] + "…"
    written = text.strip() if "://" in text else "tcp://" + text.strip()
    try:
        parts = urlsplit(written)
        port = parts.port or DASK_PORT
    except ValueError:
        parts, port = None, 0
    if (
        parts is None
        or parts.scheme.lower() not in SCHEMES
        or not parts.hostname
        or parts.username is not None
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
    ):
        raise CommandFailed(
            f"no Dask scheduler answers at {shown}: a scheduler's address is tcp://HOST:PORT (or tls://HOST:PORT)"
        )
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme.lower()}://{host}:{port}"


def _check_greeting(address: str) -> None:
    """Connect to the tcp:// `address` and hear the first words: raises CommandFailed when
    no one answers within CONNECT_SECONDS, or a server answers that is not a Dask scheduler
    (whose first words Dask would read as the size of a message to make room for)."""
    parts = urlsplit(address)
    assert parts.hostname is not None and parts.port is not None
    try:
        with socket.create_connection((parts.hostname, parts.port), timeout=CONNECT_SECONDS) as probe:
            probe.settimeout(CONNECT_SECONDS)
            head = b""
            while len(head) < 8:
                got = probe.recv(8 - len(head))
                if not got:
                    break
                head += got
    except OSError as error:
        reason = "no answer" if isinstance(error, TimeoutError) else error.strerror or str(error)
        raise CommandFailed(f"no Dask scheduler answers at {address} ({reason})") from None
    if len(head) < 8 or not 0 < struct.unpack("<Q", head)[0] <= GREETING_MOST:
        raise CommandFailed(f"no Dask scheduler answers at {address}: a server there speaks, but not as Dask")


def count_on_cluster(
    address: str,
    work: Callable[..., list[int]],
    t: Any,
    chunks: list[list[tuple[int, int]]],
    cap: int,
    engine: str,
    heard: Callable[[int, list[int]], bool],
    cancel: Cancel,
) -> None:
    """Send every chunk of subproblems to the cluster, to be counted there by
    `work(t, chunk, cap, engine)` (`solver.count_chunk`), and hand each chunk's number and
    counts to `heard` as it finishes (in any order); stop early when `heard` says so or on Cancel."""
    try:
        import distributed  # type: ignore[import-untyped, unused-ignore]
    except ImportError as error:
        raise CommandFailed("counting on a cluster needs Dask: pip install 'dask[distributed]'") from error
    cluster: Any = distributed  # untyped
    if not address.startswith("inproc://"):  # a cluster of this process's threads (the tests') is not checked
        address = scheduler_address(address)
        if address.startswith("tcp://"):
            _check_greeting(address)
    try:
        client: Any = cluster.Client(address, timeout=CONNECT_SECONDS)
    except Exception as error:  # noqa: BLE001 - whatever Dask raises, the one thing to say
        reason = str(error) if len(str(error)) <= 120 else str(error)[:119] + "…"
        if address.startswith("inproc://"):
            reason = "an inproc:// address names a scheduler inside this same program"
        raise CommandFailed(f"no Dask scheduler answers at {address}: {reason}") from None
    try:
        # pure=False: two chunks with the same states are still two pieces of work.
        futures = [client.submit(work, t, chunk, cap, engine, pure=False) for chunk in chunks]
        number = {future.key: k for k, future in enumerate(futures)}
        for future in cluster.as_completed(futures):
            if cancel.is_set():
                break
            if heard(number[future.key], future.result()):
                break
        client.cancel(futures)
    finally:
        client.close()
    cancel.check()

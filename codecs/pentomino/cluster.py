"""Counting on a Dask cluster: the count's subproblems sent to the workers of the scheduler
at an address, their counts summed as they come back (`slugboard-codec count --dask`).

dask.distributed is imported here, when a count asks for a cluster, and not before. The
workers need Slugboard installed (and numba, for the compiled search): each is sent the
board's tables and some subproblems, and counts them with `solver.count_chunk`, which the
count hands over (so this module imports nothing of the solver's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..game import CommandFailed
from ..work import Cancel

# How long to wait for a scheduler to answer before saying none does.
CONNECT_SECONDS = 10.0


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
    try:
        client: Any = cluster.Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError) as error:
        raise CommandFailed(f"no Dask scheduler answers at {address}: {error}") from error
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

"""Counting on a Dask cluster: the count's subproblems sent to the workers of the scheduler
at an address, their counts summed as they come back (`slugboard-codec count --dask`).

dask.distributed is imported here, when a count asks for a cluster, and not before. The
workers need Slugboard installed (and numba, for the compiled search): each is sent the
board's tables and some subproblems, and counts them with `solver.count_chunk`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..game import CommandFailed
from ..work import Cancel

if TYPE_CHECKING:
    from .solver import Tables


def count_on_cluster(
    address: str,
    t: Tables,
    chunks: list[list[tuple[int, int]]],
    cap: int,
    engine: str,
    heard: Callable[[list[int]], bool],
    cancel: Cancel,
) -> None:
    """Send every chunk of subproblems to the cluster and hand each chunk's counts to
    `heard` as it finishes (in any order); stop early when `heard` says so or on Cancel."""
    try:
        import distributed  # type: ignore[import-untyped, unused-ignore]
    except ImportError as error:
        raise CommandFailed("counting on a cluster needs Dask: pip install 'dask[distributed]'") from error
    from .solver import count_chunk

    cluster: Any = distributed  # untyped
    try:
        client: Any = cluster.Client(address, timeout=10)
    except (OSError, TimeoutError) as error:
        raise CommandFailed(f"no Dask scheduler answers at {address}: {error}") from error
    try:
        # pure=False: two chunks with the same states are still two pieces of work.
        futures = [client.submit(count_chunk, t, chunk, cap, engine, pure=False) for chunk in chunks]
        for future in cluster.as_completed(futures):
            if cancel.is_set():
                break
            if heard(future.result()):
                break
        client.cancel(futures)
    finally:
        client.close()
    cancel.check()
